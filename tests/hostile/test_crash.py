"""Crashes on bad input: what a file, an argument or a ruleset holds is exit 2
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
from helpers.strategies import assert_inert, assert_no_crash, assert_one_sentence_error, simulated, write

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


def _crash_on(name: str, how: str, what: str = "load") -> Any:
    """A stand-in for matchfile.load (or `what`: stream, which `check` reads with) that hits a
    bug (or kills its process) on one file."""
    from adjudicator import matchfile

    real = getattr(matchfile, what)

    def load(path: Any, *more: Any) -> Any:
        if Path(path).name == name:
            if how == "die":
                os._exit(9)
            raise ZeroDivisionError("a bug")
        return real(path, *more)
    return load


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_internal_error_in_one_file_leaves_every_row(cli, batch, monkeypatch, jobs):
    """Worker processes are forked: they run the patched function too."""
    from adjudicator import matchfile

    for what in ("load", "stream"):
        monkeypatch.setattr(matchfile, what, _crash_on("ok2.json", "raise", what))
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

    for what in ("load", "stream"):
        monkeypatch.setattr(matchfile, what, _crash_on("ok.json", "die", what))
    res = cli("check", *batch, "--jobs", "2", "--format", "json")
    assert res.code == 3, res.out
    rows = res.json["files"]
    assert [row["verdict"] for row in rows] == ["error", "unusable", "ok"]
    assert "worker process checking it died" in rows[0]["problems"][0]


# --- Times at the ends of the calendar ------------------------------------------------------

def timed_match(started: str, times: list[str]) -> dict[str, Any]:
    """The Arrowbic example (60 s a turn, 300 s reserve) cut to len(times) entries, re-timed."""
    data = __import__("json").loads((Path(__file__).parent.parent.parent / "matches" / "arrowbic-retake.json").read_text())
    data["entries"] = data["entries"][:len(times)]
    data["started"] = started
    for entry, at in zip(data["entries"], times):
        entry["at"] = at
    return data


def test_a_deadline_past_year_9999_is_left_out(cli, tmp_path, monkeypatch):
    """Turns timed in the last minute of 9999: the next deadline cannot be written, so the
    board shows none (clock.later), and nobody loses on time."""
    data = timed_match("9999-12-31T23:58:00Z", ["9999-12-31T23:59:00Z"] * 4 + ["9999-12-31T23:59:30Z"])
    path = write(tmp_path / "late.json", data)
    res = cli("replay", path, "--format", "json")   # replayed in 2026: every time lies in the future (G-7 b)
    assert res.code == 1 and {flag["code"] for flag in res.json["flagged"]} == {"future-time"}
    monkeypatch.setenv("ADJUDICATOR_NOW", "9999-12-31T23:59:59Z")   # replayed at the end of the calendar
    for command in (("board", path), ("board", path, "--format", "json"), ("replay", path), ("legal", path),
                    ("check", path), ("board", path, "--at", "0"), ("board", path, "--at", "4")):
        res = cli(*command)
        assert_no_crash(res, command)
        assert res.code == 0, (command, res.err)
    clock = cli("board", path, "--format", "json").json["clock"]
    assert "deadline" not in clock and "reserve_runs_out" not in clock and clock["turn_seconds"] == 60
    res = cli("move", path, "maddie", "E5", "up", "--at", "9999-12-31T23:59:59Z")
    assert res.code == 0, res.err


@pytest.mark.parametrize("where", ["started", "at"])
@pytest.mark.parametrize("time", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:00:00-02:00"])
def test_a_time_outside_years_1_to_9999_in_utc_is_refused(cli, tmp_path, where, time):
    data = timed_match("2026-11-21T21:00:00Z", ["2026-11-21T21:01:00Z"] * 3)
    if where == "started":
        data["started"], field = time, "field started"
    else:
        data["entries"][0]["at"], field = time, "entries[0] (seq 1), field at"
    path = write(tmp_path / "m.json", data)
    for command in (("board", path, "--at", "0"), ("board", path), ("replay", path), ("check", path)):
        res = cli(*command)
        assert_no_crash(res, command)
        assert res.code == 2, (command, res.out, res.err)
        assert field in res.out + res.err and "within years 1 to 9999 in UTC" in res.out + res.err
    res = cli("move", write(tmp_path / "ok.json", timed_match("2026-11-21T21:00:00Z", ["2026-11-21T21:01:00Z"])),
              "maddie", "E5", "up", "--at", time)
    assert_short_refusal(res, "--at")


# --- Messages quote excerpts -----------------------------------------------------------------

HUGE = "x" * 1_000_000


@pytest.mark.parametrize("where", ["params", "param-key", "top-key", "entry-player", "host-player", "first", "move-key",
                                   "move-value", "at", "type", "ruleset"])
def test_a_huge_string_is_quoted_as_an_excerpt(cli, tmp_path, where):
    from helpers.matches import dice_match

    data = dice_match([("roll", 1, 2, 3), ("bernd", {"reroll": []})])
    entry = data["entries"][1]
    if where == "params":
        data["rules"]["params"] = {"pawns": HUGE}
    elif where == "param-key":
        data["rules"]["params"] = {HUGE: 1}
    elif where == "top-key":
        data[HUGE] = 1
    elif where == "entry-player":
        entry["player"] = HUGE
    elif where == "host-player":
        data["entries"].append({"seq": 3, "type": "host", "host": {"action": "forfeit", "player": HUGE}})
    elif where == "first":
        data["first"] = HUGE
    elif where == "move-key":
        entry["move"][HUGE] = 1
    elif where == "move-value":
        entry["move"]["reroll"] = HUGE
    elif where in ("at", "type"):
        entry[where] = HUGE
    else:
        data["rules"]["ruleset"] = HUGE
    path = write(tmp_path / "m.json", data)
    for command in (("board", path), ("check", path), ("check", path, "--format", "junit")):
        res = cli(*command)
        assert res.code == 2 and len(res.out + res.err) < 2000, (command, len(res.out), len(res.err))
    res = cli("move", write(tmp_path / "ok.json", dice_match([("roll", 1, 2, 3)])), "bernd", "--json",
              '{"reroll": "%s"}' % HUGE, "--dry-run")
    assert res.code == 2 and len(res.err) < 400, len(res.err)


# --- The error path costs what the valid path costs -------------------------------------------

def long_match(count: int = 3000) -> dict[str, Any]:
    """A schema-valid match of `count` entries (the replay would flag most: only the schema matters)."""
    data = short_match()
    entries = data["entries"]
    data["entries"] = [{**entries[i % len(entries)], "seq": i + 1} for i in range(count)]
    return data


@pytest.fixture
def asked(monkeypatch) -> list[Any]:
    """What jsonschema is asked to validate: every question goes through schemas.jsonschema_errors."""
    from adjudicator import schemas

    parts: list[Any] = []
    real = schemas.jsonschema_errors

    def spy(name: str, part: Any, *args: Any) -> list[Any]:
        parts.append(part)
        return real(name, part, *args)
    monkeypatch.setattr(schemas, "jsonschema_errors", spy)
    return parts


def test_one_bad_entry_among_many_is_the_only_thing_jsonschema_sees(cli, tmp_path, asked):
    data = long_match()
    data["entries"][2500]["seq"] = "x"
    res = cli("check", write(tmp_path / "m.json", data))
    assert res.code == 2 and "entries[2500], field seq: 'x' is not of type 'integer'" in res.out, res.out
    # Read entry by entry, then whole to report the file's first problem in `load`'s order:
    # jsonschema is asked about that entry alone, once each time.
    assert asked and all(part == data["entries"][2500] for part in asked) and len(asked) <= 2


def test_a_bad_header_is_asked_about_without_its_entries(cli, tmp_path, asked):
    data = long_match()
    data["title"] = 5
    res = cli("board", write(tmp_path / "m.json", data))
    assert res.code == 2 and "field title: 5 is not of type 'string'" in res.err, res.err
    assert 1 <= len(asked) <= 2 and all(part["entries"] == [] and part["title"] == 5 for part in asked)


def test_jsonschema_keeps_the_last_word_when_a_predicate_refuses_too_much(monkeypatch):
    """A predicate that refused a valid entry would only cost a question more: jsonschema
    finds the entry valid and the search goes on to the entry that is not."""
    from adjudicator import schemas

    real = schemas._list_checks("match")
    monkeypatch.setattr(schemas, "_list_checks", lambda name: {k: (s, lambda item: False) for k, (s, _) in real.items()})
    monkeypatch.setattr(schemas, "fast_check", lambda name: lambda value: False)
    data = long_match(50)
    assert schemas.errors("match", data) == []
    data["entries"][40]["type"] = "nonsense"
    found = schemas.errors("match", data)
    assert found and list(found[0].absolute_path)[:2] == ["entries", 40]


# --- Nesting and the calendar's edges ---------------------------------

@pytest.mark.parametrize("depth", [33, 1000, 100_000])
@pytest.mark.parametrize("shape", ["list", "object", "field"])
def test_a_json_move_nested_deep_is_refused_not_a_crash(cli, tmp_path, depth, shape):
    """`move --json` nested past the parser's stack, or past what a move can be, is exit 2
    with one sentence, and nothing is written (it was exit 3, RecursionError)."""
    nested = {"list": "[" * depth + "]" * depth, "object": '{"a":' * depth + "1" + "}" * depth,
              "field": '{"reroll": ' + "[" * depth + "]" * depth + "}"}[shape]
    path = write(tmp_path / "m.json", short_match())
    before = path.read_bytes()
    res = cli("move", path, "p1", "--json", nested)
    assert_short_refusal(res, (shape, depth), path)
    assert "nested more than 32" in res.err and path.read_bytes() == before


def test_a_json_move_as_deep_as_a_move_is_still_read(cli, tmp_path):
    path = write(tmp_path / "m.json", short_match())
    res = cli("move", path, "p1", "--json", '{"reroll": [[[[1]]]]}', "--dry-run")
    assert res.code == 2 and "nested" not in res.err   # refused by the move's schema, as before


EDGES = ["0001-01-01T00:00:00Z", "0001-01-01T13:59:59Z", "9999-12-31T23:59:59Z", "9999-12-31T10:00:00Z"]
ZONES = ["Pacific/Kiritimati", "Etc/GMT+12", "Pacific/Pago_Pago", "UTC"]
LOCAL = ["20:14", "8:14 PM", "Today at 8:14 PM", "Yesterday at 11:02 PM", "0001-01-01 00:00", "9999-12-31 23:59",
         "12/31/9999 11:59 PM", "01.01.0001 00:00", "0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-12:00"]


@pytest.mark.parametrize("now", EDGES)
@pytest.mark.parametrize("zone", ZONES)
def test_times_at_the_calendars_edges_never_crash(cli, tmp_path, monkeypatch, now, zone):
    """ADJUDICATOR_NOW and --at at years 1 and 9999, in the zones furthest from UTC: read, or
    refused with a sentence (exit 2), never exit 3 (it was OverflowError)."""
    monkeypatch.setenv("ADJUDICATOR_NOW", now)
    data = short_match()
    data["time_zone"] = zone
    path = write(tmp_path / "m.json", data)
    seen = set()
    for at in LOCAL:
        res = cli("move", path, "p1", "keep", "--at", at, "--dry-run")
        assert_no_crash(res, (now, zone, at))
        assert res.code in (0, 1, 2), (now, zone, at, res.err)
        seen.add(res.code)
    assert seen   # every form was tried
