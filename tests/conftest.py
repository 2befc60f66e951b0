"""Fixtures and pytest configuration only: the hypothesis profiles, the fixed "now", the CLI run
in-process and match files written. What tests import lives in tests/helpers/ (never
`from conftest import`: tests/repo/test_tests_layout.py checks)."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, settings

from adjudicator.cli import run
from adjudicator.clock import NOW_VARIABLE
from helpers import NOW
from helpers.cli import Result

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


@pytest.fixture(autouse=True)
def fixed_now(monkeypatch):
    """Every test runs at NOW, not at the wall clock (monkeypatch.setenv: subprocesses too)."""
    monkeypatch.setenv(NOW_VARIABLE, NOW)
    return NOW


@pytest.fixture
def cli(capsys):
    """Run `adjudicator ARGS...` in this process; returns exit code, stdout, stderr."""
    def invoke(*args: Any) -> Result:
        capsys.readouterr()
        code = run([str(a) for a in args])
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)
    return invoke


@pytest.fixture
def write(tmp_path):
    """Write a match dict to a file and return its path."""
    def _write(data: dict[str, Any], name: str = "match.json") -> Path:
        path = tmp_path / name
        path.write_text(json.dumps(data, indent=1), encoding="utf-8")
        return path
    return _write

