"""Issue 26 ("safe", part 3): every input path is bounded like the match loader. What a user
types (`--param`, `--json`, `roll --values`, any argument list), a file of posts, a seed file
and times at the calendar's edges are exit 2 with one sentence naming what was wrong and the
bound, never exit 3, never a crash of the interpreter, never minutes of work.

Each test here failed before its fix (exit 3, a segmentation fault, or a sentence that named
no bound or gave advice that changes nothing).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from adjudicator.bounded import MAX_DEPTH
from adjudicator.cli import MAX_ARGUMENTS, MAX_PARAM
from adjudicator.session import MAX_JSON_MOVE
from strategies import assert_inert, assert_no_crash, simulated, write

REPO = Path(__file__).resolve().parent.parent
NEW = ("new", "dice-tug-of-war", "-p", "a=A:red", "-p", "b=B:yellow", "--untimed", "--no-seed")


def short_match(entries: int = 6) -> dict[str, Any]:
    data = simulated("dice-tug-of-war", 1)
    data["entries"] = data["entries"][:entries]
    return data


def refused(res: Any, what: Any, *words: str) -> None:
    """Exit 2, a short message, no traceback, every word of `words` in it."""
    assert_no_crash(res, [what])
    assert_inert(res, [what])
    assert res.code == 2, (what, res.code, res.err[:300])
    assert len(res.err) < 400, (what, res.err[:300])
    for word in words:
        assert word in res.err, (what, word, res.err[:300])


# --- --param: YAML nested, long, or keyed through a value -----------------------------------

def nested_yaml(shape: str, depth: int) -> str:
    """YAML `depth` collections deep: flow lists, flow mappings, block lists (`- - - 1`), or an
    alias that nests a part already `depth // 2` deep inside another as deep."""
    if shape == "list":
        return "[" * depth + "]" * depth
    if shape == "mapping":
        return "{a: " * depth + "1" + "}" * depth
    if shape == "block":
        return "- " * depth + "1"
    half = depth // 2
    return "[&a " + "[" * half + "]" * half + ", " + "[" * half + "*a" + "]" * half + "]"


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 1000])
@pytest.mark.parametrize("shape", ["list", "mapping", "block", "alias"])
def test_a_param_value_nested_deep_is_refused(cli, shape, depth):
    """It was read (and refused as a list, or as "more than 10,000 values (aliases)", which it
    need not hold), or with an alias, let through nested twice as deep."""
    res = cli(*NEW, "--param", f"pawns={nested_yaml(shape, depth)}")
    refused(res, (shape, depth), "--param", f"nested more than {MAX_DEPTH}")


@pytest.mark.parametrize("shape", ["list", "mapping"])
def test_a_param_value_nested_10000_deep_is_refused_by_its_length(cli, shape):
    """Longer than a parameter's value may be, before anything parses it (it was read, and
    refused as a list or blamed on aliases)."""
    res = cli(*NEW, "--param", f"pawns={nested_yaml(shape, 10_000)}")
    refused(res, shape, "--param", f"at most {MAX_PARAM:,}")


@pytest.mark.parametrize("what", ["param", "ruleset"])
def test_yaml_nested_past_libyamls_stack_is_refused_not_a_segfault(tmp_path, what):
    """libyaml builds nodes recursively in C: 30,000 brackets overflowed its stack and killed
    the process (signal 11, no message at all). In a process of its own, so a crash fails only
    this test. (One argument holds at most 128 KiB on Linux: the --param is 50,000 deep.)"""
    value = nested_yaml("list", 100_000)
    if what == "param":
        args = [*NEW, "--param", f"pawns={nested_yaml('list', 50_000)}"]
    else:
        ruleset = tmp_path / "deep.yaml"
        ruleset.write_text(f"id: deep\nextends: dice-tug-of-war\nsummary: x\nparams: {{pawns: {value}}}\n")
        args = ["ruleset", "validate", str(ruleset)]
    done = subprocess.run([sys.executable, "-m", "adjudicator", *args], capture_output=True, text=True,
                          cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 2, (done.returncode, done.stderr[:300])
    bound = f"nested more than {MAX_DEPTH}" if what == "ruleset" else f"at most {MAX_PARAM:,}"
    assert bound in done.stderr and len(done.stderr) < 400, done.stderr[:300]


@pytest.mark.parametrize("params", [("time_control=5", "time_control.turn_seconds=60"),
                                    ("pawns=[1]", "pawns.x=1"), ("pawns=hello", "pawns.x.y=1")],
                         ids=["number", "list", "text"])
def test_a_param_key_through_a_value_that_is_no_mapping_is_refused(cli, params):
    """It was exit 3 (TypeError: 'int' object does not support item assignment)."""
    args = [word for spec in params for word in ("--param", spec)]
    res = cli(*NEW, *args)
    refused(res, params, "--param", "not a mapping")


@pytest.mark.parametrize("key", ["pawns.", ".pawns", "time_control..turn_seconds", "."])
def test_a_param_key_with_an_empty_part_is_refused(cli, key):
    """It was read as a parameter named '' (or a mapping where a number belongs)."""
    res = cli(*NEW, "--param", f"{key}=1")
    refused(res, key, "--param", "empty")


@pytest.mark.parametrize("parts", [MAX_DEPTH + 1, 100_000])
def test_a_param_key_of_too_many_parts_is_refused(cli, parts):
    """A dotted key 100,000 parts long built a mapping as deep, for the checks to walk."""
    res = cli(*NEW, "--param", "time_control." + "a." * (parts - 1) + "b=1")
    refused(res, parts, "--param", f"nested more than {MAX_DEPTH}")


@pytest.mark.parametrize("value", ["x" * 1_000_000, "[" + "1, " * 200_000 + "1]"], ids=["text", "list"])
def test_a_param_value_too_long_is_refused_by_its_length(cli, value):
    """A megabyte of YAML took seconds to parse, and a long list was blamed on aliases."""
    res = cli(*NEW, "--param", f"pawns={value}")
    refused(res, "long", "--param", f"at most {MAX_PARAM:,}")
    assert "alias" not in res.err


# --- --json and long argument lists -------------------------------------------------------------

def test_a_json_move_too_long_is_refused_by_its_length(cli, tmp_path):
    """A move of a million list items took seconds before the schema refused it."""
    path = write(tmp_path / "m.json", short_match())
    move = '{"reroll": [' + ", ".join(["1"] * (MAX_JSON_MOVE // 3)) + "]}"
    assert len(move) > MAX_JSON_MOVE
    res = cli("move", path, "p1", "--json", move, "--dry-run")
    refused(res, "--json", f"no move is longer than {MAX_JSON_MOVE:,}")


def test_roll_values_beyond_the_argument_bound_are_refused(cli, tmp_path):
    """Click's parser takes the square of the arguments' number (98 s for a million values);
    it was exit 1, "3 dice are due, not 1000000", after that wait."""
    path = write(tmp_path / "m.json", short_match(5))   # a roll is due
    before = path.read_bytes()
    res = cli("roll", path, "--values", *(["1"] * MAX_ARGUMENTS))
    refused(res, "--values", f"at most {MAX_ARGUMENTS}")
    assert path.read_bytes() == before
