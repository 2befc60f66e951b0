"""Damaged match files never crash the tool (hypothesis).

Starting from simulated matches of every ruleset and the examples in matches/, hypothesis
damages the file: entries and fields deleted, duplicated, reordered; values retyped
(string, number, list, null, mapping); garbage entries and fields; huge, negative and
fractional numbers, NaN and Infinity as raw text; whole numbers of 5,000 digits (beyond
Python's int conversion limit); strings of 100,000 characters; times at the ends of the
calendar (in year 0 or 10000 once in UTC, deadlines past 9999); 10,000 levels of `[`; bytes
that are not UTF-8, byte-order marks, truncation. Then every reading command runs on it,
and a typed move with a huge number; every message stays short.

What must hold (SPEC "Exit status"): exit 0, 1 or 2, never 3 and never a traceback; an
unusable file is exit 2 with one sentence naming the file, for every command alike; a
usable one replays, and `check` shows every entry replay flags that the file does not mark
as recorded on purpose (G-1).
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from adjudicator import matchfile, session, views
from adjudicator.errors import AdjudicatorError
from adjudicator.render import FORMATS, clean
from helpers import REPO
from helpers.mutations import at, float_twins, odd_texts, renumber
from helpers.strategies import (INDICES, RULESETS, assert_inert, assert_no_crash, assert_one_sentence_error, scaled,
                        simulated, strict_json, tweaked)

EXAMPLES = sorted((REPO / "matches").glob("*.json"))

# Raw JSON text a Python value cannot produce through json.dumps: a placeholder string is
# put in the data and swapped for the raw text after serialising.
HUGE_TEXT = "x" * 100_000
RAW_TEXTS = ("NaN", "Infinity", "-Infinity", "1e999", "-1e999", "-0", "1.0", "2.5e3", "1" * 400, "1" * 5000,
             "-" + "9" * 4301, "1" * 101, "1" * 5000 + ".5",
             "[" * 10_000 + "]" * 10_000, "[" * 10_000, '"\\ud800"', '"a\\udfffb"', '"\\u0000"', '"\\u001b[2J"',
             "true", "null", '""')
NUMBERS = (10**30, -10**30, 2**63, -1, 0, 1.5, 2.0, -0.5, 1e308, float("nan"), float("inf"), float("-inf"))
BAD_BYTES = (b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00", b"\x80\x80", b"\xef\xbb\xbf", b"\xc0\xaf")


def placeholder(index: int) -> str:
    return f"\u0001RAW{index}\u0001"


# Times whose UTC instant is outside years 1-9999, or whose deadline would be.
EDGE_TIMES = ("9999-12-31T23:59:30Z", "9999-12-31T23:59:59+00:00", "0001-01-01T00:00:00+14:00",
              "9999-12-31T23:00:00-02:00", "0001-01-01T00:00:00Z")

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10**6) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8)

plausible_entries = st.fixed_dictionaries(
    {"seq": st.integers(-1, 400), "type": st.sampled_from(("move", "chance", "host", "other"))},
    optional={"player": st.sampled_from(("p1", "p2", "bernd", "anna", "nobody", "")),
              "move": st.dictionaries(st.sampled_from(("reroll", "attack", "place", "arrow", "module", "cards",
                                                       "round", "crossing", "actions", "phase", "turn")),
                                      json_values, max_size=3),
              "chance": st.fixed_dictionaries({}, optional={"dice": st.lists(st.integers(-1, 7), max_size=4),
                                                            "pick": st.text(max_size=5)}),
              "host": st.fixed_dictionaries({"action": st.sampled_from(("deadline", "timeout", "forfeit", "draw",
                                                                        "end", "undo"))},
                                            optional={"player": st.sampled_from(("p1", "p2", "x")),
                                                      "winner": st.sampled_from(("p1", "p2", "x"))}),
              "flagged": st.sampled_from(("not-your-turn", "sealed", "x")),
              "at": st.sampled_from(("2026-11-21T20:14:05Z", "2026-11-21T20:14:05", "1999-01-01T00:00:00+01:00")
                                    + EDGE_TIMES)})


# --- Damage -----------------------------------------------------------------------------

def source(spec: Any) -> dict[str, Any]:
    if isinstance(spec, Path):
        return json.loads(spec.read_text(encoding="utf-8"))
    return simulated(*spec)


sources = st.one_of(st.tuples(st.sampled_from(RULESETS), st.integers(1, INDICES)), st.sampled_from(EXAMPLES))


@st.composite
def a_path(draw: st.DrawFn, doc: Any) -> list[Any]:
    """A way into the document: usually into the entries, where most of a file is."""
    path: list[Any] = []
    node = doc
    if isinstance(doc, dict) and isinstance(doc.get("entries"), list) and doc["entries"] and draw(st.integers(0, 2)):
        path, node = ["entries"], doc["entries"]
    while isinstance(node, (dict, list)) and node and (not path or draw(st.integers(0, 2))) \
            and (path or draw(st.integers(0, 9))):   # the whole document only now and then
        key = draw(st.sampled_from(sorted(node, key=str) if isinstance(node, dict) else range(len(node))))
        path.append(key)
        node = node[key]
    return path


OPERATIONS = ("delete", "duplicate", "reorder", "retype", "garbage field", "garbage entry", "number", "raw", "raw",
              "tweak", "tweak", "tweak", "float twin", "odd text", "huge text", "edge time")
ENTRY_OPERATIONS = ("drop", "repeat", "move", "swap player", "tweak")


@st.composite
def damaged_tree(draw: st.DrawFn, doc: Any, raws: list[str]) -> Any:
    """One change somewhere in the document (in place); raw texts are collected in `raws`.

    Besides breaking the schema, some changes keep it and break only the rules: a value of an
    entry swapped for another of its type ("tweak"), a whole number written as 2.0 ("float
    twin"), text with a lone surrogate or control characters in it ("odd text")."""
    path = draw(a_path(doc))
    node = at(doc, path)
    parent = at(doc, path[:-1]) if path else None
    how = draw(st.sampled_from(OPERATIONS))
    event(how)
    replacement: Any = node
    if how == "delete" and path:
        del parent[path[-1]]
        return doc
    if how == "duplicate" and isinstance(parent, list):
        parent.insert(path[-1], json.loads(json.dumps(node)))
        return doc
    if how == "reorder" and isinstance(node, list) and len(node) > 1:
        replacement = draw(st.permutations(node))
    elif how == "reorder" and isinstance(node, dict):
        replacement = dict(reversed(list(node.items())))
    elif how == "garbage field" and isinstance(node, dict):
        replacement = {**node, draw(st.text(max_size=8) | st.sampled_from(("seq", "type", "move", "x"))):
                       draw(json_values)}
    elif how == "garbage entry" and isinstance(doc, dict) and isinstance(doc.get("entries"), list):
        doc["entries"].insert(draw(st.integers(0, len(doc["entries"]))), draw(plausible_entries | json_values))
        return doc
    elif how == "number":
        replacement = draw(st.sampled_from(NUMBERS))
    elif how == "raw":
        raws.append(draw(st.sampled_from(RAW_TEXTS)))
        replacement = placeholder(len(raws) - 1)
    elif how == "tweak":
        replacement = draw(tweaked(node))
    elif how == "float twin":
        replacement = float_twins(node)
    elif how == "huge text":
        replacement = HUGE_TEXT if draw(st.booleans()) or not isinstance(node, dict) else {**node, HUGE_TEXT: 1}
    elif how == "edge time":   # every timed entry and `started` at one end of the calendar
        when = draw(st.sampled_from(EDGE_TIMES))
        for entry in doc.get("entries", []) if isinstance(doc, dict) and isinstance(doc.get("entries"), list) else []:
            if isinstance(entry, dict) and "at" in entry:
                entry["at"] = when
        if isinstance(doc, dict) and "started" in doc:
            doc["started"] = when
        return doc
    elif how == "odd text":
        replacement = odd_texts(node, draw(st.sampled_from(("\ud800", "\udcff", "\x1b[2J", "\x9b", "\x00", "\r"))))
    else:
        replacement = draw(json_values)
    if not path:
        return replacement
    parent[path[-1]] = replacement
    return doc


@st.composite
def damaged_log(draw: st.DrawFn, doc: Any) -> Any:
    """One change to the log that keeps the schema: an entry dropped, repeated, moved, given
    to the other player, or one of its values swapped for another of its type. With seq
    renumbered, such a file loads and its replay flags what became illegal (G-1)."""
    entries = doc.get("entries") if isinstance(doc, dict) else None
    if not isinstance(entries, list) or not entries:
        return doc
    how = draw(st.sampled_from(ENTRY_OPERATIONS))
    event(f"log: {how}")
    at = draw(st.integers(0, len(entries) - 1))
    entry = entries[at]
    if how == "drop":
        del entries[at]
    elif how == "repeat":
        entries.insert(at, json.loads(json.dumps(entry)))
    elif how == "move":
        entries.insert(draw(st.integers(0, len(entries) - 1)), entries.pop(at))
    elif how == "swap player" and isinstance(entry, dict) and entry.get("player") in ("p1", "p2"):
        entry["player"] = {"p1": "p2", "p2": "p1"}[entry["player"]]
    elif isinstance(entry, dict) and isinstance(entry.get("move"), dict):
        entry["move"] = draw(tweaked(entry["move"]))
    return doc


@st.composite
def damaged_bytes(draw: st.DrawFn, text: str) -> bytes:
    """The file's bytes, sometimes broken below the JSON: encoding, BOMs, truncation."""
    raw = text.encode("utf-8", "surrogatepass")   # a lone surrogate left raw: bytes that are not UTF-8
    how = draw(st.sampled_from(("as is",) * 12 + ("truncate", "bad bytes", "utf-8 bom", "utf-16", "utf-16 bom",
                                                  "empty", "trailing garbage")))
    event(f"bytes: {how}")
    where = draw(st.integers(0, len(raw)))
    if how == "truncate":
        return raw[:where]
    if how == "bad bytes":
        return raw[:where] + draw(st.sampled_from(BAD_BYTES)) + raw[where:]
    if how == "utf-8 bom":
        return b"\xef\xbb\xbf" + raw
    if how == "utf-16":
        return text.encode("utf-16", "surrogatepass")
    if how == "utf-16 bom":
        return b"\xff\xfe" + raw
    if how == "empty":
        return b""
    if how == "trailing garbage":
        return raw + b"\n{\"entries\": []}"
    return raw


@dataclass
class Damaged:
    """A damaged file's bytes and the match it came from; shown briefly in failure reports."""

    raw: bytes
    original: dict[str, Any]

    def __iter__(self) -> Iterator[Any]:
        return iter((self.raw, self.original))

    def __repr__(self) -> str:
        head = self.raw[:300] + (b"..." if len(self.raw) > 300 else b"")
        return f"Damaged({self.original.get('id')!r}, {len(self.raw)} bytes: {head!r})"


@st.composite
def damaged_files(draw: st.DrawFn) -> Damaged:
    """The damaged file's bytes, and the undamaged match it came from."""
    original = source(draw(sources))
    doc = json.loads(json.dumps(original))
    raws: list[str] = []
    for _ in range(draw(st.integers(1, 2))):
        doc = draw(damaged_log(doc) if draw(st.booleans()) else damaged_tree(doc, raws))
    if draw(st.integers(0, 6)):
        renumber(doc)
    text = json.dumps(doc, ensure_ascii=draw(st.booleans()), indent=draw(st.sampled_from((None, 2))))
    for index, raw in enumerate(raws):
        text = text.replace(json.dumps(placeholder(index)), raw)
    return Damaged(draw(damaged_bytes(text)), original)


# --- In process: only input errors ------------------------------------------------------

@scaled(60)
@given(damaged=damaged_files())
def test_damaged_data_loads_or_is_refused_in_one_sentence(damaged):
    """Reading raises nothing but the tool's own input errors, naming the file; what loads
    replays, renders in every format and lists its legal moves."""
    raw, _ = damaged
    try:
        match = matchfile.prepare(matchfile.parse_json(raw, "m.json"), Path("m.json"))
    except AdjudicatorError as exc:
        assert exc.exit_status == 2 and exc.message.startswith("m.json: "), exc.message
        event("refused")
        return
    event("loaded")
    replay = session.replay_match(match)
    printed = [json.dumps(views.result(match, replay, with_entries=True), ensure_ascii=False),
               views.replay_text(match, replay), *(views.board_text(match, replay, fmt) for fmt in FORMATS)]
    strict_json(printed[0])
    for text in printed:
        text.encode("utf-8")  # what printing does: text that is not Unicode cannot be printed
    for player in replay.to_act():
        list(zip(range(500), replay.legal_moves(player)))


# --- Through the command line -----------------------------------------------------------

READERS = {
    "replay": ("replay", "{f}"), "replay json": ("replay", "{f}", "--format", "json"),
    "board": ("board", "{f}"), "board markdown": ("board", "{f}", "--format", "markdown"),
    "board bbcode": ("board", "{f}", "--format", "bbcode"), "board json": ("board", "{f}", "--format", "json"),
    "legal": ("legal", "{f}"), "legal json": ("legal", "{f}", "--format", "json"),
}
CHECKS = {"check": ("check", "{f}"), "check json": ("check", "{f}", "--format", "json"),
          "check junit": ("check", "{f}", "--format", "junit")}


def some_move(original: dict[str, Any]) -> tuple[str, str]:
    """A player and a move (JSON) from the undamaged match, to try on the damaged one."""
    moves = [e for e in original["entries"] if e["type"] == "move"]
    entry = moves[len(moves) // 2] if moves else {"player": original["players"][0]["id"], "move": {}}
    return entry["player"], json.dumps(entry["move"])


def run_all(cli: Any, path: Path, original: dict[str, Any]) -> dict[str, Any]:
    out = {name: cli(*(a.format(f=path) for a in args)) for name, args in {**READERS, **CHECKS}.items()}
    player, move = some_move(original)
    out["move"] = cli("move", path, player, "--json", "--dry-run", "--", move)
    out["move typed"] = cli("move", path, player, "reroll", "1" * 5000, "--dry-run")
    for name, res in out.items():
        assert_no_crash(res, (name,))
        assert_inert(res, (name,))
        assert len(res.err) < 2000, (name, len(res.err), res.err[:200])   # messages quote excerpts
    for name in CHECKS:   # a row and a line per problem, each short
        assert max(map(len, out[name].out.splitlines())) < 2000, name
    return out


def check_unusable(out: dict[str, Any], path: Path) -> None:
    """Every command says so: exit 2 and one sentence naming the file."""
    for name in [*READERS, "move"]:
        assert out[name].code == 2, (name, out[name].err)
        assert_one_sentence_error(out[name], path)
    rows = strict_json(out["check json"].out)["files"]
    assert out["check"].code == 2 and rows[0]["verdict"] == "unusable" and len(rows[0]["problems"]) == 1
    assert f"{path}: {clean(rows[0]['problems'][0])}\n" in out["check"].out


def check_usable(out: dict[str, Any]) -> None:
    """Replay exits 1 exactly when something is flagged; `check` shows each flag the file does
    not mark as recorded on purpose, and fails the file for it (G-1)."""
    for name in READERS:
        assert out[name].code in (0, 1), (name, out[name].err)
    result = strict_json(out["replay json"].out)
    strict_json(out["board json"].out)
    strict_json(out["legal json"].out)
    flagged = result["flagged"]
    assert out["replay json"].code == out["replay"].code == (1 if flagged else 0)
    row = strict_json(out["check json"].out)["files"][0]
    assert row["flagged"] == len(flagged) and row["verdict"] in ("ok", "flagged")
    unrecorded = [f["seq"] for f in flagged if not f["acknowledged"]]
    for seq in unrecorded:
        assert f": seq {seq}: " in out["check"].out, (seq, out["check"].out)
    if unrecorded:
        assert row["verdict"] == "flagged" and out["check"].code == 1
    assert out["check"].code == (1 if row["verdict"] == "flagged" else 0)
    event(f"usable, {'flagged' if flagged else 'clean'}")


@scaled(12)
@given(damaged=damaged_files())
def test_damaged_files_never_crash_a_command(cli, tmp_path, damaged):
    """Every reading command and `move --dry-run` on the damaged file: exit 0, 1 or 2, output
    inert, and the verdicts agree (unusable for all, or usable with check showing the flags)."""
    raw, original = damaged
    path = tmp_path / "m.json"
    path.write_bytes(raw)
    out = run_all(cli, path, original)
    ET.fromstring(out["check junit"].out)
    if out["replay json"].code == 2:
        event("unusable")
        check_unusable(out, path)
    else:
        check_usable(out)


@scaled(6)
@given(damaged=damaged_files())
def test_a_refused_append_leaves_the_damaged_file_as_it_was(cli, tmp_path, damaged, monkeypatch):
    """`move` without --dry-run: refused (exit 1 or 2) writes nothing; accepted appends one
    entry to a file that still loads and is in the tool's own form."""
    raw, original = damaged
    path = tmp_path / "m.json"
    path.write_bytes(raw)
    player, move = some_move(original)
    monkeypatch.setenv("ADJUDICATOR_NOW", "2100-01-01T00:00:00Z")   # a time after every entry, not in the future
    res = cli("move", path, player, "--json", "--at", "2100-01-01T00:00:00Z", "--", move)
    assert_no_crash(res)
    assert_inert(res)
    if res.code == 0:
        match = matchfile.load(path)
        assert matchfile.dumps(match.data) == path.read_text(encoding="utf-8")
        assert (match.entries[-1]["type"], match.entries[-1]["player"]) == ("move", player)
    else:
        assert path.read_bytes() == raw


@pytest.mark.parametrize("raw", [b"[" * 10_000, b"[" * 10_000 + b"]" * 10_000, b'{"entries": ' + b"[" * 10_000,
                                 b"\xef\xbb\xbf", b"\xff\xfe{}", b"", b"null", b"NaN", b'{"format": NaN}',
                                 b'{"seq": ' + b"1" * 5000 + b"}", b"[" + b"9" * 4301 + b"]", b'"' + b"x" * 10**6 + b'"'],
                         ids=lambda raw: raw[:12].decode("latin-1") + f"...{len(raw)}")
def test_degenerate_files_are_refused_by_every_command(cli, tmp_path, raw):
    """The worst files from the issue, each through every command."""
    path = tmp_path / "m.json"
    path.write_bytes(raw)
    out = run_all(cli, path, {"entries": [], "players": [{"id": "p1"}]})
    check_unusable(out, path)


@pytest.mark.slow
@scaled(25)
@given(damaged=damaged_files())
def test_many_damaged_files_never_crash_a_command(cli, tmp_path, damaged):
    """The CLI fuzz with many more files (pytest -m slow)."""
    test_damaged_files_never_crash_a_command.hypothesis.inner_test(cli, tmp_path, damaged)


# --- Regressions found by the fuzz ----------------------------------------------------------

def reroll_as_floats() -> dict[str, Any]:
    data = json.loads((REPO / "matches" / "dice-demo.json").read_text(encoding="utf-8"))
    for entry in data["entries"]:
        if entry["type"] == "move" and entry["move"].get("reroll"):
            entry["move"]["reroll"] = [float(p) for p in entry["move"]["reroll"]]
            return data
    raise AssertionError("dice-demo.json has no re-roll")


@pytest.mark.parametrize("command", [("replay",), ("board",), ("check",), ("legal",)])
def test_a_whole_number_written_as_a_float_is_refused(cli, write, command):
    """Regression: `{"reroll": [1.0]}` passed the schema's "integer" (JSON Schema counts 1.0
    as an integer) and then crashed the game (exit 3: list indices must be integers)."""
    path = write(reroll_as_floats())
    res = cli(*command, path)
    assert res.code == 2 and "is not of type 'integer'" in res.err + res.out, res.err


def test_a_float_move_typed_as_json_is_refused(cli, write):
    """The same through `move --json`: a schema error, exit 2."""
    data = json.loads((REPO / "matches" / "dice-demo.json").read_text(encoding="utf-8"))
    data["entries"] = data["entries"][:1]
    path = write(data)
    res = cli("move", path, data["entries"][0].get("player", "bernd"), "--json", '{"reroll": [1.0]}')
    assert res.code == 2 and "field move.reroll[0]: 1.0 is not of type 'integer'" in res.err, res.err


def test_text_that_is_not_unicode_is_kept_as_an_escape(cli, write, monkeypatch):
    """Regression: a lone surrogate, from a `\\ud800` escape in the file or a non-UTF-8 byte in
    an argument (`--note $'\\xff'` arrives as \\udcff), crashed writing the file (exit 3).
    The file keeps it as the same JSON escape."""
    data = json.loads((REPO / "matches" / "dice-demo.json").read_text(encoding="utf-8"))
    data["title"], data["entries"] = "final \ud800", data["entries"][:1]
    path = write(data)
    monkeypatch.setenv("ADJUDICATOR_NOW", "2100-01-01T00:00:00Z")   # a time after every entry, not in the future
    res = cli("move", path, "bernd", "keep", "--note", "post \udcff", "--at", "2100-01-01T00:00:00Z")
    assert res.code == 0, res.err
    text = path.read_text(encoding="utf-8")
    assert '"title": "final \\ud800"' in text and '"note": "post \\udcff"' in text
    assert matchfile.load(path).entries[-1]["note"] == "post \udcff"
    assert matchfile.dumps(matchfile.load(path).data) == text


# --- Alias-heavy YAML rulesets ------------------------------------------------------------

@st.composite
def aliased_rulesets(draw: st.DrawFn) -> tuple[str, int]:
    """A ruleset whose parameter is built from nested aliases (`width` aliases of the level
    below, `levels` deep, maybe holding itself), and how many values it expands to."""
    levels, width = draw(st.integers(0, 7)), draw(st.integers(1, 9))
    lines = ["id: aliased", "extends: dice-tug-of-war", "summary: aliases",
             "a0: &a0 [" + ", ".join(["1"] * width) + "]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]" for i in range(1, levels + 1)]
    lists = [1 + width]                    # a0: the list and its numbers
    for _ in range(levels):
        lists.append(1 + width * lists[-1])
    size = 1 + 2 * 3 + (levels + 1) + sum(lists)   # the mapping, 3 fields and their values, a0..aN
    if draw(st.booleans()):
        lines.append("loop: &self [*self]")
        size = float("inf")
    return "\n".join(lines) + "\n", size


@scaled(15)
@given(case=aliased_rulesets())
def test_alias_heavy_yaml_is_read_or_refused_quickly(cli, tmp_path, case):
    """Aliases are expanded only up to bounded.MAX_NODES values: a ruleset within it is read
    as any other (here it fails the schema: `a0` is no ruleset field), one beyond it is
    refused in one sentence, whatever its size once expanded, never in minutes."""
    from adjudicator.bounded import MAX_NODES

    text, size = case
    path = tmp_path / "aliased.yaml"
    path.write_text(text)
    res = cli("ruleset", "validate", path)
    assert_no_crash(res)
    assert res.code == 2 and len(res.err) < 400, res.err
    if size > MAX_NODES:
        assert f"more than {MAX_NODES} values" in res.err, (size, res.err)
    else:
        assert "values" not in res.err and "field" in res.err, (size, res.err)
    event("refused as too big" if size > MAX_NODES else "read")
