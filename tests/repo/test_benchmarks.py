"""Smoke test of benchmarks/run.py: every measurement on tiny sizes, in-process, and the
table it prints has every row. Numbers are not checked (they depend on the machine)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "benchmarks" / "run.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    """benchmarks/run.py as a module (it is a script, not part of the package)."""
    spec = importlib.util.spec_from_file_location("benchmarks_run", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module   # process pools pickle functions by module name
    spec.loader.exec_module(module)
    yield module
    sys.modules.pop(spec.name, None)


def test_every_measurement_makes_its_row(bench, tmp_path):
    settings = bench.Settings(repeat=1, per_ruleset=2, best_of=1, check_matches=6, memory_sizes=(100, 150),
                              memory_runs=1, chess=False, jobs=1, cache=tmp_path / "cache")
    command, command_text = bench.adjudicator_command()
    results = bench.run_all(settings, command, bench.child_env(settings.cache))
    results["machine"] = bench.machine_info(bench.require_adjudicator(), command_text)
    text = bench.render(results)

    header, blank, *table = text.splitlines()
    assert header.startswith("Measured ") and "Python " in header and "CPUs" in header and blank == ""
    assert table[0].startswith("| measure") and set(table[1]) <= set("|- ")
    rows = table[2:]
    ids = bench.ruleset_ids()
    assert len(rows) == 5 + 2 * (len(ids) + 1) + 1 + 2 + 2 + 1   # + the slowest ruleset's replay
    for needle in ("`python -c pass`", "`python -c \"import json\"`", "`adjudicator board`", "--dry-run",
                   "--format png",
                   "all rulesets", "`--jobs 1`", "`--jobs 2`", "match of 100 entries", "match of 150 entries"):
        assert any(needle in row for row in rows), needle
    for ruleset_id in ids:
        assert sum(f"{ruleset_id} (" in row for row in rows) == 2, ruleset_id
    assert rows[-1].startswith("| python-chess") and "skipped" in rows[-1]
    assert all(run["summary"] == "6 files: 6 ok, 0 flagged, 0 unusable" for run in results["check"]["runs"])
    folder = tmp_path / "cache" / "check-6-seed1-timed"
    assert folder.is_dir()
    for path in folder.glob("*.json"):   # stamped: the clocks' real path runs
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["started"] and all(entry.get("at") for entry in data["entries"])


def test_stretched_match_is_exactly_as_long_and_still_checks_ok(bench, tmp_path):
    from adjudicator import check, matchfile

    for size in (10, 300):
        path = tmp_path / f"m{size}.json"
        path.write_text(matchfile.dumps(bench.long_match(size, seed=1)), encoding="utf-8")
        row = check.check_file(str(path))
        assert (row["verdict"], row["entries"]) == ("ok", size)


def test_quick_counts(bench):
    settings, _ = bench.parse_args(["--quick"])
    assert (settings.repeat, settings.per_ruleset, settings.check_matches) == (5, 10, 200)
    settings, _ = bench.parse_args(["--quick", "--check-matches", "50", "--repeat", "3"])
    assert (settings.repeat, settings.check_matches) == (3, 50)


def test_without_adjudicator_it_says_so_and_exits_2():
    # -I -S: no site-packages and no PYTHONPATH, so nothing named adjudicator can be imported.
    done = subprocess.run([sys.executable, "-I", "-S", str(SCRIPT), "--quick"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2
    assert done.stdout == "" and "adjudicator is not importable" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
