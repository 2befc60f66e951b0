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
                              memory_runs=1, chess=False, jobs=1, cache=tmp_path / "cache", process_runs=1,
                              scaling_sizes=(10, 20), scaling_runs=1)
    command, command_text = bench.adjudicator_command()
    results = bench.run_all(settings, command, bench.child_env(settings.cache))
    results["machine"] = bench.machine_info(bench.require_adjudicator(), command_text)
    text = bench.render(results)

    header, blank, *table = text.splitlines()
    assert header.startswith("Measured ") and "Python " in header and "CPUs" in header and blank == ""
    assert table[0].startswith("| measure") and set(table[1]) <= set("|- ")
    rows = table[2:]
    ids = bench.ruleset_ids()
    scenarios = results["scaling"]["scenarios"]
    assert scenarios   # whatever scenarios benchmarks/scaling.py has, a row each
    # start-up 6; narrated replay, check-only replay and load per ruleset, the slowest of both
    # replays, the three overall; python-chess; check 2; whole processes; memory per layout; a
    # scaling row per scenario; golden outputs
    assert len(rows) == 6 + 3 * len(ids) + 2 + 3 + 1 + 2 + 1 + 3 + len(scenarios) + 1
    assert sum(row.startswith("| check-only replay") for row in rows) == len(ids) + 2
    for needle in ("`python -c pass`", "`python -c \"import json\"`", "`adjudicator board`", "--dry-run",
                   "--format png", "matches/dice-demo.json",
                   "all rulesets", "`--jobs 1`", "`--jobs 2`", "match of 150 entries", "100 entries: ",
                   "the tool's layout", "one line", "pretty-printed", "scripts/golden.py"):
        assert any(needle in row for row in rows), needle
    for name in scenarios:
        assert sum(f"`{name}` scaling" in row for row in rows) == 1, name
    for ruleset_id in ids:
        assert sum(f"{ruleset_id} (" in row for row in rows) == 3, ruleset_id   # two replays, the load
    assert sum(row.startswith("| python-chess") and "skipped" in row for row in rows) == 1
    assert any(row.startswith("| whole process") and "skipped" in row for row in rows)
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
    assert (settings.memory_runs, settings.process_runs, settings.scaling_sizes, settings.scaling_runs) == \
        (1, 1, (100, 200), 1)
    settings, _ = bench.parse_args(["--quick", "--check-matches", "50", "--repeat", "3"])
    assert (settings.repeat, settings.check_matches) == (3, 50)


def test_without_adjudicator_it_says_so_and_exits_2():
    # -I -S: no site-packages and no PYTHONPATH, so nothing named adjudicator can be imported.
    done = subprocess.run([sys.executable, "-I", "-S", str(SCRIPT), "--quick"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2
    assert done.stdout == "" and "adjudicator is not importable" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_the_memory_layouts_hold_the_same_match(bench):
    """The three layouts `check`'s memory is measured in: one match, written three ways."""
    data = bench.long_match(120, seed=1, one_phase=True)
    own, one_line, pretty = (bench.layout_text(data, layout) for layout in bench.MEMORY_LAYOUTS)
    assert json.loads(own) == json.loads(one_line) == json.loads(pretty) == data
    assert one_line.count("\n") == 0 < own.count("\n") < pretty.count("\n")
