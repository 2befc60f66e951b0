"""scripts/fuzz.py, the long fuzz campaign of the README's Reliability section, still runs.

A tiny campaign (a handful of files) so the script cannot rot: it must run every reading
command on every file and report no crash, hang or traceback. The figures of a long run
are in the README; this test only keeps the script working.
"""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
from types import ModuleType

from conftest import REPO

SCRIPT = REPO / "scripts" / "fuzz.py"


def fuzz_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fuzz_script", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_tiny_campaign_runs_every_command_on_every_file(tmp_path):
    """5 files, 2 simulated sources per ruleset, no hostile sweep: every command, every file."""
    res = subprocess.run([sys.executable, str(SCRIPT), "--files", "5", "--jobs", "1", "--seed", "7",
                          "--simulated", "1", "--no-hostile", "--json", "--out", str(tmp_path / "out")],
                         capture_output=True, text=True, timeout=600, cwd=REPO)   # a bound against a hang only
    assert res.returncode == 0, res.stdout[-2000:] + res.stderr[-2000:]
    figures = json.loads(res.stdout.strip().splitlines()[-1])
    assert figures["files"] == 5 and figures["bad"] == 0
    original = json.loads((REPO / "matches" / "dice-demo.json").read_text(encoding="utf-8"))
    every = set(fuzz_module().commands("m.json", original, random.Random(1)))
    assert set(figures["commands"]) == every and len(every) >= 20
    for name, row in figures["commands"].items():
        assert row["runs"] == 5 and sum(row["codes"].values()) == 5, name
    assert "| check junit | 5 |" in res.stdout   # the Markdown table


def test_the_hostile_sweep_covers_every_kind(tmp_path):
    """Parameters out of range for every numeric parameter, alias YAML, files not regular."""
    cases = list(fuzz_module().hostile_cases(tmp_path))
    kinds = {kind for kind, _ in cases}
    assert kinds == {"new --param", "alias YAML", "not a regular file"}
    assert sum(kind == "new --param" for kind, _ in cases) > 100


def test_mutations_repeat_for_a_seed():
    """File N is the same on every run: the campaign's figures can be reproduced."""
    fuzz = fuzz_module()
    original = json.loads((REPO / "matches" / "dice-demo.json").read_text(encoding="utf-8"))
    made = [[fuzz.mutate(original, random.Random(f"1/{n}")) for n in range(30)] for _ in range(2)]
    assert made[0] == made[1]
    assert len({raw for raw, _ in made[0]}) > 20   # and they differ from each other
