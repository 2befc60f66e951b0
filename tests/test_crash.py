"""Issue 15, crashes on bad input: what a file, an argument or a ruleset holds is exit 2
with one short sentence for every command, never exit 3, never minutes of work.

- Whole numbers of 4,301+ digits (Python refuses to convert them): in a match file, a
  typed or --json move, `roll --values`, `board --at`, `host void N`, `--param`, a ruleset.
- One bad file never stops a batch (`check`): every file gets its row and its JUnit case,
  even when checking one of them hits a bug or kills a `--jobs` worker.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from adjudicator.bounded import MAX_DIGITS, MAX_NODES
from strategies import assert_inert, assert_no_crash, assert_one_sentence_error, simulated, write

BIG = "1" * 5000   # beyond Python's 4,300-digit limit on int() and str()


def short_match(entries: int = 6) -> dict[str, Any]:
    data = simulated("dice-tug-of-war", 1)
    data["entries"] = data["entries"][:entries]
    return data


def reading_commands(path: Path) -> list[tuple[str, ...]]:
    return [("replay", str(path)), ("replay", str(path), "--format", "json"), ("board", str(path)),
            ("board", str(path), "--format", "json"), ("board", str(path), "--at", "0"), ("legal", str(path)),
            ("move", str(path), "p1", "keep", "--dry-run"), ("roll", str(path), "--values", "1", "2", "3"),
            ("host", str(path), "draw")]


def assert_short_refusal(res: Any, what: Any, path: Any = None) -> None:
    assert_no_crash(res, what)
    assert_inert(res, what)
    assert res.code == 2, (what, res.out, res.err[:300])
    assert len(res.err) < 400, (what, res.err[:300])
    if path is not None:
        assert_one_sentence_error(res, path)


# --- Huge whole numbers ------------------------------------------------------------------

@pytest.mark.parametrize("where", ["seq", "dice", "rules.params", "header"])
def test_a_huge_number_in_a_match_file_is_refused_by_every_command(cli, tmp_path, where):
    data = short_match()
    path = tmp_path / "big.json"
    text = write(path, data).read_text()
    if where == "seq":
        text = text.replace('"seq": 2,', f'"seq": {BIG},', 1)
        field = "entries[1], field seq"
    elif where == "dice":
        text = text.replace('"dice": [', f'"dice": [{BIG}, ', 1)
        field = "entries[0], field chance.dice[0]"
    elif where == "rules.params":
        text = text.replace('"rules": {', f'"rules": {{"params": {{"pawns": -{BIG}}},', 1)
        field = "field rules.params.pawns"
    else:
        text = text.replace('"format":', f'"x": {BIG}, "format":', 1)
        field = "field x"
    assert BIG in text
    path.write_text(text)
    for command in reading_commands(path):
        res = cli(*command)
        assert_short_refusal(res, command, path)
        assert field in res.err and "5000 digits" in res.err, res.err
    res = cli("check", path)
    assert res.code == 2 and f"{path}: {field}: a whole number of 5000 digits" in res.out


def test_a_number_just_inside_the_limit_is_read(cli, tmp_path):
    """The limit is on digits, not on values: MAX_DIGITS digits still parse (and then fail
    the schema like any wrong number), one more is refused while reading."""
    data = short_match()
    data["entries"][0]["chance"]["dice"][0] = int("9" * MAX_DIGITS)
    res = cli("check", write(tmp_path / "m.json", data))
    assert res.code == 2 and "digits" not in res.out and "entries[0]" in res.out
    data["entries"][0]["chance"]["dice"][0] = int("9" * (MAX_DIGITS + 1))
    res = cli("check", write(tmp_path / "m.json", data))
    assert res.code == 2 and f"{MAX_DIGITS + 1} digits" in res.out


@pytest.mark.parametrize("typed", [("reroll", BIG), ("trade", BIG, "for", "2"), ("reroll", "1" * (MAX_DIGITS + 1)),
                                   ("reroll", "²"), ("reroll", "1", "³")],
                         ids=["reroll-big", "trade-big", "reroll-101-digits", "superscript", "superscript-2nd"])
def test_a_typed_move_with_a_huge_or_odd_number_is_refused(cli, tmp_path, typed):
    path = write(tmp_path / "m.json", short_match())
    res = cli("move", path, "p1", *typed, "--dry-run")
    assert_short_refusal(res, typed, path)


@pytest.mark.parametrize("move", ['{"reroll": [%s]}' % BIG, '{"reroll": [-%s]}' % BIG, '{"x": {"y": [0, %s]}}' % BIG],
                         ids=["positive", "negative", "nested"])
def test_a_json_move_with_a_huge_number_is_refused(cli, tmp_path, move):
    path = write(tmp_path / "m.json", short_match())
    res = cli("move", path, "p1", "--json", move, "--dry-run")
    assert_short_refusal(res, "--json", path)
    assert "the --json move, field move." in res.err and "5000 digits" in res.err


def test_roll_values_with_a_huge_or_odd_number_is_refused(cli, tmp_path):
    path = write(tmp_path / "m.json", short_match(5))   # a roll is due
    for values in ((BIG, "1", "1"), ("²", "1", "1")):
        res = cli("roll", path, "--values", *values)
        assert_short_refusal(res, values, path)
    assert cli("roll", path, "--values", "1", "2", "3").code == 0


def test_numbers_in_arguments_are_refused_shortly(cli, tmp_path):
    path = write(tmp_path / "m.json", short_match())
    for command in (("board", path, "--at", BIG), ("host", path, "void", BIG, "--reason", "x"),
                    ("host", path, "void", "²", "--reason", "x"),
                    ("new", "dice-tug-of-war", "--player", "a=A:red", "--player", "b=B:yellow", "--param", f"x={BIG}"),
                    ("new", "dice-tug-of-war", "--player", "a=A:red", "--player", "b=B:yellow",
                     "--param", f"pawns={BIG}")):
        res = cli(*command)
        assert_short_refusal(res, command)
        assert BIG[:200] not in res.err


# --- YAML ----------------------------------------------------------------------------------

def alias_bomb(levels: int = 7, width: int = 9) -> str:
    """A ruleset of ~0.5 KB that stands for width**levels values once its aliases are expanded."""
    lines = ["id: bomb", "extends: dice-tug-of-war", "summary: x", "a0: &a0 [" + ", ".join(["x"] * width) + "]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]" for i in range(1, levels + 1)]
    lines.append(f"params: {{pawns: *a{levels}}}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("text", [alias_bomb(), "id: loop\nextends: dice-tug-of-war\nx: &a [*a]\n",
                                  f"id: big\nextends: dice-tug-of-war\nversion: {BIG}\n"],
                         ids=["alias-bomb", "alias-loop", "big-number"])
def test_hostile_yaml_is_refused_quickly(cli, tmp_path, monkeypatch, text):
    """An alias bomb costs MAX_NODES steps, not 9**7; a 5000-digit number is a YAML error."""
    ruleset = tmp_path / "rules" / "bomb.yaml"
    ruleset.parent.mkdir()
    ruleset.write_text(text)
    res = cli("ruleset", "validate", ruleset)
    assert_short_refusal(res, "validate", ruleset)
    assert f"more than {MAX_NODES} values" in res.err or "5000 digits" in res.err
    monkeypatch.setenv("ADJUDICATOR_RULESETS", str(ruleset.parent))
    res = cli("rulesets")
    assert res.code == 0 and "bomb" in res.out and "unreadable" in res.out


def test_every_built_in_ruleset_is_well_inside_the_node_limit():
    from adjudicator.bounded import count_nodes
    from adjudicator.rulesets import list_rulesets, load_yaml

    sizes = [count_nodes(load_yaml(info["path"])) for info in list_rulesets()]
    assert sizes and all(size is not None and size < MAX_NODES // 10 for size in sizes), sizes


# --- One bad file never stops a batch ----------------------------------------------------

@pytest.fixture
def batch(tmp_path: Path) -> list[Path]:
    ok = write(tmp_path / "ok.json", short_match())
    big = tmp_path / "bigint.json"
    big.write_text(ok.read_text().replace('"seq": 1,', f'"seq": {BIG},', 1))
    ok2 = write(tmp_path / "ok2.json", short_match(4))
    return [ok, big, ok2]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_huge_number_makes_one_row_unusable(cli, batch, jobs):
    res = cli("check", *batch, "--jobs", jobs, "--format", "json")
    assert res.code == 2, res.err
    assert [row["verdict"] for row in res.json["files"]] == ["ok", "unusable", "ok"]
    assert "5000 digits" in res.json["files"][1]["problems"][0]


def _crash_on(name: str, how: str) -> Any:
    """A stand-in for matchfile.load that hits a bug (or kills its process) on one file."""
    from adjudicator import matchfile

    real = matchfile.load

    def load(path: Any) -> Any:
        if Path(path).name == name:
            if how == "die":
                os._exit(9)
            raise ZeroDivisionError("a bug")
        return real(path)
    return load


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_internal_error_in_one_file_leaves_every_row(cli, batch, monkeypatch, jobs):
    """Worker processes are forked: they run the patched function too."""
    from adjudicator import matchfile

    monkeypatch.setattr(matchfile, "load", _crash_on("ok2.json", "raise"))
    res = cli("check", *batch, "--jobs", jobs)
    assert res.code == 3, res.out
    assert "1 ok, 0 flagged, 1 unusable, 1 internal error" in res.out
    assert "ok2.json: internal error (ZeroDivisionError: a bug)" in res.out
    res = cli("check", *batch, "--jobs", jobs, "--format", "junit")
    cases = list(ET.fromstring(res.out).iter("testcase"))
    assert res.code == 3 and [c.get("name") for c in cases] == [str(p) for p in batch]
    assert [c.find("error").get("type") if c.find("error") is not None else None for c in cases] == \
        [None, "unusable", "error"]
    res = cli("check", *batch, "--jobs", jobs, "--format", "json")
    assert res.json["summary"] == {"files": 3, "ok": 1, "flagged": 0, "unusable": 1, "error": 1}


@pytest.mark.skipif(__import__("multiprocessing").get_start_method() != "fork", reason="needs forked workers")
def test_a_worker_that_dies_costs_only_its_own_file(cli, batch, monkeypatch):
    from adjudicator import matchfile

    monkeypatch.setattr(matchfile, "load", _crash_on("ok.json", "die"))
    res = cli("check", *batch, "--jobs", "2", "--format", "json")
    assert res.code == 3, res.out
    rows = res.json["files"]
    assert [row["verdict"] for row in rows] == ["error", "unusable", "ok"]
    assert "worker process checking it died" in rows[0]["problems"][0]
