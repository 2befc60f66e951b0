"""Smoke test of benchmarks/profile_replay.py: on one tiny corpus it prints each ruleset's
speed, the share of each source file and cProfile's table, and reuses a corpus it was given.
Numbers are not checked (they depend on the machine)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "benchmarks" / "profile_replay.py"


@pytest.fixture(scope="module")
def profile_replay() -> ModuleType:
    """benchmarks/profile_replay.py as a module (it is a script, not part of the package)."""
    spec = importlib.util.spec_from_file_location("benchmarks_profile_replay", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    yield module
    sys.modules.pop(spec.name, None)


def test_profiles_one_ruleset_and_reuses_its_corpus(profile_replay, tmp_path, capsys):
    corpus = tmp_path / "corpus"
    args = ["--corpus", str(corpus), "--per-ruleset", "1", "--repeat", "1", "--top", "3", "-r", "winning-streak"]
    assert profile_replay.main(args) == 0
    out = capsys.readouterr().out
    assert out.startswith("winning-streak: 1 matches, ") and "entries/s" in out
    assert "own time by file:" in out and "games/winning_streak/rules.py" in out
    assert "ncalls" in out and "tottime" in out
    written = sorted(corpus.rglob("*.json"))
    assert written and {path.parent.name for path in written} >= {"winning-streak", "arrowbic"}

    assert profile_replay.main(["--corpus", str(corpus), "--time-only", "--repeat", "1", "-r", "arrowbic"]) == 0
    again = capsys.readouterr().out.splitlines()
    assert len(again) == 1 and again[0].startswith("arrowbic: 1 matches, ") and again[0].endswith("entries/s")
    assert sorted(corpus.rglob("*.json")) == written   # the corpus was read again, not simulated anew
