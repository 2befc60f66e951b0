"""scripts/typecheck.py, the type gate of .ci/run: a new error fails, a fixed one still in
the baseline fails, and line numbers do not matter (mypy's own run is CI's, not a test's)."""

from __future__ import annotations

import importlib.util
from collections import Counter
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "typecheck.py"


@pytest.fixture
def gate(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("typecheck", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "BASELINE", tmp_path / "baseline.txt")
    return module


def test_an_error_line_is_read_without_its_line_number(gate):
    line = 'adjudicator/x.py:12: error: Need type annotation for "a"  [var-annotated]'
    match = gate.ERROR.match(line)
    assert match and (match["file"], match["code"], match["message"]) == (
        "adjudicator/x.py", "var-annotated", 'Need type annotation for "a"')


def test_new_errors_and_fixed_ones_still_listed_fail(gate, monkeypatch, capsys):
    old = Counter({"a.py: [misc] one": 2, "b.py: [misc] two": 1})
    gate.write_baseline(old)
    monkeypatch.setattr(gate, "mypy_errors", lambda: Counter(old))
    assert gate.main([]) == 0
    monkeypatch.setattr(gate, "mypy_errors", lambda: old + Counter({"a.py: [misc] one": 1}))
    assert gate.main([]) == 1 and "new type error: a.py: [misc] one" in capsys.readouterr().out
    monkeypatch.setattr(gate, "mypy_errors", lambda: Counter({"a.py: [misc] one": 2}))
    assert gate.main([]) == 1 and "fixed, still in the baseline: b.py: [misc] two" in capsys.readouterr().out
    assert gate.main(["--update"]) == 0 and gate.main([]) == 0
    assert gate.read_baseline() == Counter({"a.py: [misc] one": 2})


def test_the_strict_modules_are_read_from_pyproject(gate):
    """The core and the games (pyproject.toml's strict overrides), as path prefixes."""
    strict = gate.strict_files()
    assert {"adjudicator/engine.py", "adjudicator/game.py", "adjudicator/games/"} <= set(strict)
    assert gate.in_strict("adjudicator/games/arrowbic/rules.py: [misc] x", strict)
    assert gate.in_strict("adjudicator/engine.py: [misc] x", strict)
    assert not gate.in_strict("adjudicator/engineering.py: [misc] x", strict)
    assert not gate.in_strict("adjudicator/cli.py: [misc] x", strict)


def test_an_error_in_a_strict_module_fails_even_listed_and_is_never_written(gate, monkeypatch, capsys):
    error = "adjudicator/games/arrowbic/rules.py: [no-untyped-def] Function is missing a type annotation"
    gate.write_baseline(Counter({error: 1}))
    monkeypatch.setattr(gate, "mypy_errors", lambda: Counter({error: 1}))
    assert gate.main([]) == 1 and "strictly checked module" in capsys.readouterr().out
    assert gate.main(["--update"]) == 1 and gate.read_baseline() == Counter({error: 1})   # not rewritten
