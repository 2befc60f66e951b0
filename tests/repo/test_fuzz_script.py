"""scripts/fuzz.py, the long fuzz campaign of docs/reliability.md, still runs.

A tiny campaign (a handful of files) so the script cannot rot: it must run every command
on every file (the pictures and the page on every 5th) and report no crash, hang or
traceback there; and a quick subset of the hostile sweep must run every kind of hostile
row at least once. Its findings are not asserted to be zero: the hostile rows count
failures that fixes elsewhere remove. The figures of a long run are in
docs/reliability.md; this test only keeps the script working.
"""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
from types import ModuleType

from helpers import REPO

SCRIPT = REPO / "scripts" / "fuzz.py"


def fuzz_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fuzz_script", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module   # before running it: its dataclass looks its module up
    spec.loader.exec_module(module)
    return module


def test_a_tiny_campaign_runs_every_command_on_every_file(tmp_path):
    """5 files, 1 simulated source per ruleset, no hostile sweep: every command, every file
    (the sampled ones on file 5 only)."""
    res = subprocess.run([sys.executable, str(SCRIPT), "--files", "5", "--jobs", "1", "--seed", "7",
                          "--simulated", "1", "--no-hostile", "--json", "--out", str(tmp_path / "out")],
                         capture_output=True, text=True, timeout=600, cwd=REPO)   # a bound against a hang only
    assert res.returncode == 0, res.stdout[-2000:] + res.stderr[-2000:]
    figures = json.loads([line for line in res.stdout.splitlines() if line.startswith('{"files"')][-1])
    assert figures["files"] == 5 and figures["bad"] == 0
    fuzz = fuzz_module()
    original = json.loads((REPO / "matches" / "dice-demo.json").read_text(encoding="utf-8"))
    every = set(fuzz.commands("m.json", original, random.Random(1)))
    always = set(fuzz.commands("m.json", original, random.Random(1), sampled=False))
    assert set(figures["commands"]) == every and len(always) >= 26 and len(every) > len(always)
    assert {"paste", "paste --dry-run", "post", "post --dry-run", "publish -o", "host void SEQ", "board svg",
            "board png -o", "page -o"} <= every
    for name, row in figures["commands"].items():
        runs = 5 if name in always else 1   # pictures and page: every 5th file
        assert row["runs"] == runs and sum(row["codes"].values()) == runs, name
        assert not row["findings"].get("destroyed"), name
    assert "| check junit | 5 |" in res.stdout   # the Markdown table


def test_commands_that_write_never_name_the_file_itself():
    """paste, post and void get a copy (COPY); -o gets a new name (OUT): the source stays."""
    fuzz = fuzz_module()
    original = json.loads((REPO / "matches" / "dice-demo.json").read_text(encoding="utf-8"))
    for name, argv in fuzz.commands("m.json", original, random.Random(1)).items():
        if argv[0] in ("paste", "host") or argv[:2] == ["post", fuzz.COPY]:
            assert argv[1] == fuzz.COPY, name
        if "-o" in argv:
            assert argv[argv.index("-o") + 1].startswith(fuzz.OUT), name
    posts = fuzz.posts_text(original, random.Random(3))
    assert posts.endswith("\n") and all(": " in line for line in posts.splitlines()), posts


NEW_ROWS = ("-o existing: board text", "-o existing: board json", "-o existing: board svg", "-o existing: board png",
            "-o existing: page", "-o existing: page --force", "-o existing: publish", "-o existing: publish --force",
            "plug-in: ruleset shadows a built-in id", "plug-in: game shadows a built-in game",
            "plug-in: *-picture game", "plug-in: planted bytecode", "move --json nesting",
            "edge times: move", "edge times: host", "edge times: post", "edge times: paste",
            "control chars: new", "control chars: check text", "control chars: check json",
            "control chars: check junit", "control chars: publish -o", "control chars: page -o",
            "control chars: board -o", "control chars: simulate --out", "fault in new",
            "fault in new --force over a pair")


def test_a_quick_hostile_sweep_runs_every_row(tmp_path):
    """--quick-hostile: a few cases of every kind; every row runs, its columns are printed,
    and every kill of `new` is in its own table (findings may be non-zero until the fixes land)."""
    res = subprocess.run([sys.executable, str(SCRIPT), "--files", "0", "--simulated", "0", "--quick-hostile",
                          "--json", "--out", str(tmp_path / "out")],
                         capture_output=True, text=True, timeout=600, cwd=REPO)
    assert res.returncode in (0, 1), res.stdout[-2000:] + res.stderr[-2000:]
    figures = json.loads([line for line in res.stdout.splitlines() if line.startswith('{"files"')][-1])
    for row in NEW_ROWS + ("new --param", "alias YAML", "not a regular file"):
        counts = figures["hostile"].get(row, {})
        runs = sum(n for code, n in counts.items() if code not in fuzz_module().KINDS)
        assert runs >= 1, row
        assert f"| {row} |" in res.stdout, row
    assert {f["command"] for f in figures["faults"]} == {"new", "new --force over a pair"}
    assert "| destroyed | replaced without --force | not refused | ran | raw control | row split |" in res.stdout
    assert (res.returncode == 1) == (figures["bad"] > 0)
    if figures["bad"]:
        assert (tmp_path / "out" / "hostile.txt").exists()   # every finding with its reproducing command


def test_the_hostile_sweep_covers_every_kind(tmp_path):
    """Parameters out of range for every numeric parameter, alias YAML, files not regular
    (the cases are made, not run: the fault cases stop at the first, which is not run)."""
    cases = []
    for case in fuzz_module().old_cases(tmp_path, quick=False):
        cases.append(case)
    kinds = {case.kind for case in cases}
    assert kinds == {"new --param", "alias YAML", "not a regular file"}
    assert sum(case.kind == "new --param" for case in cases) > 100


def test_mutations_repeat_for_a_seed():
    """File N is the same on every run: the campaign's figures can be reproduced."""
    fuzz = fuzz_module()
    original = json.loads((REPO / "matches" / "dice-demo.json").read_text(encoding="utf-8"))
    made = [[fuzz.mutate(original, random.Random(f"1/{n}")) for n in range(30)] for _ in range(2)]
    assert made[0] == made[1]
    assert len({raw for raw, _ in made[0]}) > 20   # and they differ from each other
