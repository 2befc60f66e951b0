"""Shared fixtures: build match files, run the CLI in-process, and a toy sealed-bid game."""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, settings

from adjudicator import matchfile, session
from adjudicator.cli import run
from adjudicator.clock import NOW_VARIABLE

REPO = Path(__file__).resolve().parent.parent

# The ruleset cache of this test run, never the user's (paths.cache_dir).
os.environ["ADJUDICATOR_CACHE"] = tempfile.mkdtemp(prefix="adjudicator-test-cache-")

# Hypothesis profiles. "ci" (the default) is small, reproducible (derandomize: the same
# examples on every run) and keeps no database; "long" (HYPOTHESIS_PROFILE=long) explores
# many more, freshly random examples. Simulated matches are slow to set up and the CLI
# tests reuse pytest's function-scoped capsys across examples, so those checks are off.
settings.register_profile(
    "ci", max_examples=10, deadline=None, derandomize=True, database=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                           HealthCheck.data_too_large, HealthCheck.filter_too_much])
settings.register_profile("long", parent=settings.get_profile("ci"), max_examples=200, derandomize=False)
# "triage": the CI examples without shrinking, to see every failure quickly while fixing.
settings.register_profile("triage", parent=settings.get_profile("ci"),
                          phases=[Phase.explicit, Phase.reuse, Phase.generate])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_collection_modifyitems(items):
    """No hypothesis test may have a deadline: how fast a machine runs one example is for
    benchmarks/run.py to measure, and a busy machine would fail a deadline at random."""
    timed = [item.nodeid for item in items
             if getattr(getattr(item, "obj", None), "_hypothesis_internal_use_settings", settings()).deadline]
    if timed:
        raise pytest.UsageError(f"hypothesis tests with a deadline (give deadline=None): {', '.join(timed)}")


# The one "now" of every test (adjudicator.clock.now): `move`, `roll` and `host` without
# --at stamp it, in this process and in every process a test starts, whatever the date
# and however slow the machine. It is later than every time in matches/ and in the tests'
# own match data, so a stamp never runs backwards (test_clock checks that), and earlier
# than the 2100 that some tests give with --at.
NOW = "2026-11-22T12:00:00Z"


@pytest.fixture(autouse=True)
def fixed_now(monkeypatch):
    """Every test runs at NOW, not at the wall clock (monkeypatch.setenv: subprocesses too)."""
    monkeypatch.setenv(NOW_VARIABLE, NOW)
    return NOW


@dataclass
class Result:
    code: int
    out: str
    err: str

    @property
    def json(self) -> Any:
        return json.loads(self.out)


@pytest.fixture
def cli(capsys):
    """Run `adjudicator ARGS...` in this process; returns exit code, stdout, stderr."""
    def invoke(*args: Any) -> Result:
        capsys.readouterr()
        code = run([str(a) for a in args])
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)
    return invoke


def dice_match(entries: list[dict[str, Any]] | None = None, **header: Any) -> dict[str, Any]:
    """A dice Tug of War match: bernd is yellow, anna is red."""
    data = {
        "format": "adjudicator-match/1",
        "id": "case",
        "rules": {"ruleset": "dice-tug-of-war"},
        "players": [{"id": "bernd", "name": "Bernd", "side": "yellow", "items": []},
                    {"id": "anna", "name": "Anna", "side": "red", "items": []}],
        "entries": [],
    }
    data.update(header)
    for entry in entries or []:
        add(data, entry)
    return data


def add(data: dict[str, Any], entry: Any) -> dict[str, Any]:
    """Append an entry given as a dict or a short tuple: ('roll', 1, 2, 3), ('bernd', {...})."""
    if isinstance(entry, tuple):
        if entry[0] == "roll":
            entry = {"type": "chance", "chance": {"dice": list(entry[1:])}}
        elif entry[0] == "host":
            entry = {"type": "host", "host": entry[1]}
        else:
            entry = {"type": "move", "player": entry[0], "move": entry[1]}
    data["entries"].append({"seq": len(data["entries"]) + 1, **entry})
    return data


def setup_entries(yellow: list[int], red: list[int]) -> list[tuple]:
    """Both setup rolls kept as rolled (DT-2)."""
    return [("roll", *yellow), ("bernd", {"reroll": []}), ("roll", *red), ("anna", {"reroll": []})]


@pytest.fixture
def write(tmp_path):
    """Write a match dict to a file and return its path."""
    def _write(data: dict[str, Any], name: str = "match.json") -> Path:
        path = tmp_path / name
        path.write_text(json.dumps(data, indent=1), encoding="utf-8")
        return path
    return _write


def replayed(data: dict[str, Any]) -> tuple[Any, Any]:
    """Check a match dict as a file would be checked, and replay it."""
    match = matchfile.prepare(data, None)
    return match, session.replay_match(match)


def flags(replay: Any) -> list[tuple[int, str]]:
    """(seq, code) of every flagged entry."""
    return [(f.seq, f.code) for f in replay.flags]


def salted_dice(cli: Any, path: Path, salts: tuple[str, ...] = ("pepper", "nutmeg")) -> Path:
    """A dice Tug of War match as `new` makes it (seed beside it, salted draws), both players'
    salts entered before the first draw (G-8), and both set-up rolls drawn and kept (DT-2)."""
    assert cli("new", "dice-tug-of-war", "-p", "bernd=Bernd:yellow", "-p", "anna=Anna:red", "--untimed",
               "-o", path).code == 0
    for player, word in zip(("bernd", "anna"), salts):
        assert cli("host", path, "salt", player, word).code == 0
    for player in ("bernd", "anna"):
        assert cli("roll", path).code == 0
        assert cli("move", path, player, "keep").code == 0
    return path
