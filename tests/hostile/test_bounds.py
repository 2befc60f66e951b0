"""Every input path is bounded like the match loader. What a user
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
from adjudicator.cli import MAX_ARGUMENTS
from adjudicator.usecases.new import MAX_PARAM
from adjudicator.paste import MAX_POSTS, MAX_POSTS_BYTES
from adjudicator.session import MAX_JSON_MOVE
from helpers.strategies import assert_inert, assert_no_crash, simulated, write

REPO = Path(__file__).resolve().parents[2]
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
    # PyYAML 6.0.4 refuses such nesting in its own parser first, with its own sentence
    said = bound in done.stderr or (what == "ruleset" and "exceeded maximum nesting depth" in done.stderr)
    assert said and (what == "param" or "deep.yaml" in done.stderr) and len(done.stderr) < 400, done.stderr[:300]


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


# --- Posts -------------------------------------------------------------------------------------

def test_a_block_of_too_many_posts_is_refused(cli, tmp_path):
    """Every post's author and time were read before the first was entered: seconds for a block
    no match holds."""
    posts = tmp_path / "posts.txt"
    posts.write_text("p1: keep\n" * (MAX_POSTS + 1))
    res = cli("paste", write(tmp_path / "m.json", short_match()), posts, "--dry-run")
    refused(res, "posts", f"more than {MAX_POSTS} posts", "in parts")


@pytest.mark.parametrize("source", ["file", "stdin"])
def test_a_posts_file_over_the_bound_gives_advice_that_helps(cli, tmp_path, monkeypatch, source):
    """The bound on posts is fixed: it said "set ADJUDICATOR_MAX_BYTES", which changes nothing."""
    import io

    raw = b"p1: keep\n" + b"x" * MAX_POSTS_BYTES
    path = write(tmp_path / "m.json", short_match())
    if source == "file":
        posts = tmp_path / "posts.txt"
        posts.write_bytes(raw)
        res = cli("paste", path, posts, "--dry-run")
    else:
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(raw)))
        res = cli("paste", path, "--dry-run")
    refused(res, source, f"larger than {MAX_POSTS_BYTES} bytes", "paste the thread in parts")
    assert "ADJUDICATOR_MAX_BYTES" not in res.err


@pytest.mark.parametrize("form", ["line", "discord"])
@pytest.mark.parametrize("zone, now, instant", [("Etc/GMT+12", "0001-01-01T00:00:00Z", "<t:-62135596800>"),
                                                ("Pacific/Kiritimati", "9999-12-31T23:59:59Z", "<t:253402300799>")],
                         ids=["year-1", "year-9999"])
def test_a_pasted_post_whose_date_in_the_match_zone_is_off_the_calendar_is_refused(
        cli, tmp_path, monkeypatch, form, zone, now, instant):
    """An instant in years 1 or 9999 (UTC) that is in year 0 or 10000 in the match's zone: the
    date the next post's clock time would fall on was exit 3 (OverflowError)."""
    monkeypatch.setenv("ADJUDICATOR_NOW", now)
    data = short_match()
    data["time_zone"] = zone
    posts = tmp_path / "posts.txt"
    posts.write_text(f"[{instant}] p1: keep\n" if form == "line" else f"P1 — {instant}\nkeep\n")
    res = cli("paste", write(tmp_path / "m.json", data), posts, "--dry-run")
    refused(res, (form, zone), str(posts), "post 1", "outside years 1 to 9999", zone)


# --- Seed files ----------------------------------------------------------------------------------

@pytest.mark.parametrize("how", ["--seed", "beside", "roll"])
def test_a_seed_file_over_4_kib_is_said_not_to_be_a_seed(cli, tmp_path, how):
    """Seed files are read only up to 4 KiB: the advice to set ADJUDICATOR_MAX_BYTES changed nothing."""
    path = write(tmp_path / "m.json", short_match(5))
    seed = tmp_path / ("big.seed" if how == "--seed" else "m.seed")
    seed.write_text("ab" * 4096)
    seed.chmod(0o600)
    if how == "--seed":
        res = cli("check", path, "--seed", seed)
        err = res.err
    elif how == "beside":
        res = cli("check", path)
        err = res.out + res.err
    else:
        res = cli("roll", path)
        err = res.err
    assert res.code == 2, (how, res.code, res.out, res.err)
    assert "not a seed" in err and "64 hex digits" in err and "ADJUDICATOR_MAX_BYTES" not in err, err
