"""Hostile files and arguments: names that are paths, YAML that builds objects, and text
that tries to reach a terminal or a forum post.

7. A ruleset id is a name, never a path (rulesets.ID_PATTERN): a match's `rules.ruleset` or
   a ruleset's `extends` naming a path is refused (exit 2) by every command, even when a
   file exists at that path. YAML is read safely: tags that build Python objects, and safe
   tags that build values JSON cannot hold (dates, sets, bytes), are refused (exit 2),
   through `ruleset validate FILE` and through a folder in ADJUDICATOR_RULESETS.
8. Player names, match ids, titles, notes, host reasons and command-line arguments holding
   terminal escapes, C1 controls, BBCode or Markdown come out inert in every format of
   every command: no raw control character on stdout or stderr; Markdown and BBCode
   output has exactly the markup it has with plain names (render.py escapes every string);
   JSON stays valid JSON and carries the text unchanged.
"""

from __future__ import annotations

import json
import re
import string
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.rulesets import ID_PATTERN
from helpers.strategies import (assert_inert, assert_no_crash, assert_one_sentence_error, scaled, simulated, strict_json,
                        write)

PATH_NAMES = ("../x", "/etc/passwd", "rulesets/arrowbic.yaml", "..\\x", "arrowbic.yaml", "./arrowbic", "arrowbic/",
              "../rulesets/arrowbic", "~/x", "%2e%2e/x", "C:\\rulesets\\arrowbic", "file:///etc/passwd", "ARROWBIC",
              " arrowbic", "arrowbic\n", "", "a" * 101)


def short_match(ruleset_id: str = "dice-tug-of-war", entries: int = 6) -> dict[str, Any]:
    data = simulated(ruleset_id, 1)
    data["entries"] = data["entries"][:entries]
    return data


def every_command(path: Path, player: str = "p1") -> list[tuple[str, ...]]:
    return [("replay", str(path)), ("replay", str(path), "--format", "json"), ("board", str(path)),
            ("board", str(path), "--format", "json"), ("legal", str(path)),
            ("move", str(path), player, "keep", "--dry-run"), ("check", str(path))]


def assert_refused_everywhere(cli: Any, path: Path, field: str, lines: int = 1) -> None:
    """Exit 2 from every command, one sentence naming the file and the field (on `lines`
    lines: a name with a line break in it is quoted as it is)."""
    for command in every_command(path):
        res = cli(*command)
        assert_no_crash(res, command)
        assert_inert(res, command)
        assert res.code == 2, (command, res.out, res.err)
        if command[0] == "check":
            assert f"{path}: field {field}" in res.out, res.out
        else:
            assert_one_sentence_error(res, path, lines)
            assert f"field {field}" in res.err, res.err


# --- 7. Names, never paths ---------------------------------------------------------------

@pytest.fixture
def decoys(tmp_path, monkeypatch):
    """Valid rulesets where a path-like name would lead if it were followed, and a folder
    of extra rulesets to run from: a test that follows a path finds a working ruleset."""
    folder = tmp_path / "rules"
    folder.mkdir()
    decoy = "id: {id}\nextends: dice-tug-of-war\nsummary: a decoy\n"
    (tmp_path / "x.yaml").write_text(decoy.format(id="x"))
    (tmp_path / "x").write_text(decoy.format(id="x"))
    monkeypatch.setenv("ADJUDICATOR_RULESETS", str(folder))
    monkeypatch.chdir(folder)
    return folder


@pytest.mark.parametrize("name", PATH_NAMES)
def test_a_match_naming_its_ruleset_by_path_is_refused(cli, decoys, name):
    data = short_match()
    data["rules"]["ruleset"] = name
    assert_refused_everywhere(cli, write(decoys / "m.json", data), "rules")   # one line, even for a name holding a newline


@scaled(10)
@given(name=st.text(max_size=40).filter(lambda n: not ID_PATTERN.match(n)))
def test_any_ruleset_name_that_is_not_an_id_is_refused(cli, tmp_path, name):
    data = short_match()
    data["rules"]["ruleset"] = name
    path = write(tmp_path / "m.json", data)
    for command in (("replay", path), ("board", path, "--format", "bbcode"), ("new", name, "-p", "a=A:yellow",
                                                                             "-p", "b=B:red")):
        res = cli(*command)
        assert_no_crash(res, command)
        assert_inert(res, command)
        assert res.code == 2, res.err


@pytest.mark.parametrize("target", PATH_NAMES[:12])
def test_extends_naming_a_path_is_refused(cli, decoys, target):
    """The decoys make `../x` and `x` real files: only refusing the name passes."""
    rule = decoys / "evil.yaml"
    rule.write_text(f"id: evil\nextends: {json.dumps(target)}\nsummary: s\n")
    res = cli("ruleset", "validate", rule)
    assert res.code == 2 and str(rule) in res.err, res.err
    for command in (("ruleset", "show", "evil"), ("new", "evil", "-p", "a=A:yellow", "-p", "b=B:red")):
        res = cli(*command)
        assert res.code == 2 and "evil.yaml" in res.err, (command, res.err)
    data = short_match()
    data["rules"]["ruleset"] = "evil"
    assert_refused_everywhere(cli, write(decoys / "m.json", data), "rules")


# Tags that would build Python objects (and run code) under an unsafe loader.
OBJECT_TAGS = ("!!python/object/apply:os.system ['touch {marker}']",
               "!!python/object/apply:subprocess.check_output [['touch', '{marker}']]",
               "!!python/object/new:os.system ['touch {marker}']",
               "!!python/name:os.system", "!!python/module:os", "!!python/object:argparse.Namespace {{x: 1}}",
               "!!python/tuple [1, 2]", "!!python/bytes aGk=")
# Tags a safe loader accepts but that build what JSON cannot hold.
NON_JSON = ("2024-01-01", "2024-01-01 10:00:00", "!!set {{a, b}}", "!!binary aGk=", "{{1: x}}", "{{null: x}}",
            "!!timestamp 2001-12-14t21:59:43.10-05:00")


def ruleset_with(value: str, where: str, marker: Path) -> str:
    value = value.format(marker=marker)
    if where == "summary":
        return f"id: evil\nextends: dice-tug-of-war\nsummary: {value}\n"
    if where == "params":
        return f"id: evil\nextends: dice-tug-of-war\nparams:\n  extra: {value}\n"
    return f"--- {value}\n"


@pytest.mark.parametrize("where", ("summary", "params", "document"))
@pytest.mark.parametrize("value", OBJECT_TAGS + NON_JSON)
def test_yaml_that_builds_objects_is_refused(cli, decoys, tmp_path, value, where):
    """Object tags never run (the marker file stays absent). Regression: the safe tags for
    dates, sets and bytes, and keys that are not text, loaded fine and then crashed `ruleset
    validate`, `ruleset show` and every match using the ruleset (exit 3)."""
    marker = tmp_path / "pwned"
    (decoys / "evil.yaml").write_text(ruleset_with(value, where, marker))
    res = cli("ruleset", "validate", decoys / "evil.yaml")
    assert_no_crash(res)
    assert res.code == 2 and "evil.yaml" in res.err, res.err
    for command in (("ruleset", "show", "evil"), ("new", "evil", "-p", "a=A:yellow", "-p", "b=B:red")):
        res = cli(*command)
        assert_no_crash(res, command)
        assert res.code == 2, (command, res.out, res.err)
    listing = cli("rulesets")
    assert listing.code == 0 and "evil" in listing.out
    data = short_match()
    data["rules"]["ruleset"] = "evil"
    assert_refused_everywhere(cli, write(decoys / "m.json", data), "rules")
    assert not marker.exists()


# --- 8. Text that must stay inert --------------------------------------------------------

FRAGMENTS = ("\x1b[2J", "\x1b]0;pwn\x07", "\x1b[31m", "\x9b31m", "\x9d0;x\x9c", "\x85", "\r", "\x08", "\x00", "\x7f",
             "\x07", "\x0c", "\x0b", "[url=http://x]y[/url]", "[b]", "[/quote]", "[/code]", "[img]http://x/i.png[/img]",
             "**x**", "__x__", "[a](http://x)", "![i](http://x/i.png)", "<script>alert(1)</script>", "|", "| --- |",
             "`", "```", "# ", "> ", "~~x~~", "\\", "\u202e", "&lt;", "<http://x>", "\u200b")
hostile = st.lists(st.sampled_from(FRAGMENTS) | st.text(max_size=3), min_size=1, max_size=6).map("".join)
MD_MARKS = set("\\`*_[]<>|#~")   # what render.py escapes; "!" or "(" alone open nothing


def markdown_marks(text: str, escaped: set[str] = MD_MARKS) -> Counter:
    """Markdown's special characters that are not escaped with a backslash, outside code
    blocks (where names are shown as written and nothing is markup but the closing fence)."""
    text = re.sub(r"^(`{3,})\n.*?\n\1$", "", text, flags=re.MULTILINE | re.DOTALL)
    marks: Counter = Counter()
    index = 0
    while index < len(text):
        if text[index] == "\\" and index + 1 < len(text) and text[index + 1] in string.punctuation:
            index += 2
            continue
        if text[index] in escaped:
            marks[text[index]] += 1
        index += 1
    return marks


def bbcode_marks(text: str) -> int:
    """BBCode tags that can open outside [code] (where names are shown as written): every `[`
    but those render.py broke with an empty [b][/b] after them."""
    from adjudicator.render import BB_BREAK

    text = re.sub(r"\[code\].*?\[/code\]", "[code][/code]", text, flags=re.DOTALL)
    return text.replace("[" + BB_BREAK, "").count("[")


DISCORD_MARKS = set("\\`*_~|<>[")   # what render.py escapes for Discord


def discord_marks(text: str) -> Counter:
    """Discord's markup characters not escaped outside code blocks, and mentions that could ping."""
    marks = markdown_marks(text, DISCORD_MARKS)
    marks["ping"] = len(re.findall(r"@(?:everyone|here)|<@(?!\u200b)", text, flags=re.IGNORECASE))
    return marks


def dressed(data: dict[str, Any], words: dict[str, str]) -> dict[str, Any]:
    """The match with `words` as its id, title, names, notes, text, a chance pick and a reason."""
    data = json.loads(json.dumps(data))
    data["id"], data["title"] = words["id"], words["title"]
    for player, key in zip(data["players"], ("name1", "name2")):
        player["name"] = words[key]
    for entry in data["entries"]:
        entry["note"], entry["text"] = words["note"], words["text"]
    data["entries"].append({"seq": len(data["entries"]) + 1, "type": "chance", "chance": {"pick": words["pick"]},
                            "note": words["note"]})
    if words.get("reason") is not None:
        data["entries"].append({"seq": len(data["entries"]) + 1, "type": "host",
                                "host": {"action": "end", "winner": "p1", "reason": words["reason"]}})
    return data


FIELDS = {"id": 200, "title": 500, "name1": 200, "name2": 200, "note": 2000, "text": 2000, "pick": 100, "reason": 500}
READERS = [("board", "--format", fmt) for fmt in ("text", "markdown", "bbcode", "discord", "json")] + \
          [("board", "--as", "p1", "--format", fmt) for fmt in ("markdown", "bbcode", "discord")] + \
          [("replay",), ("replay", "--format", "json"), ("legal",), ("legal", "--format", "json"),
           ("check",), ("check", "--format", "json"), ("check", "--format", "junit")]


def outputs(cli: Any, path: Path) -> dict[tuple[str, ...], Any]:
    out = {}
    for command in READERS:
        res = cli(command[0], path, *command[1:])
        assert_no_crash(res, command)
        assert_inert(res, command)
        out[command] = res
    return out


def assert_json_carries(out: dict[tuple[str, ...], Any], words: dict[str, str]) -> None:
    board = strict_json(out[("board", "--format", "json")].out)
    replay = strict_json(out[("replay", "--format", "json")].out)
    assert board["match"] == replay["match"] == words["id"]
    if words.get("reason") is not None:
        assert board["reason"] == replay["reason"] == words["reason"]
    assert any(e["summary"] == f"pick {words['pick']}" for e in replay["entries"])
    strict_json(out[("legal", "--format", "json")].out)
    strict_json(out[("check", "--format", "json")].out)
    ET.fromstring(out[("check", "--format", "junit")].out)


ONE_LINE = ("title", "name1", "name2")   # the schema refuses line breaks and controls in these


def one_line(word: str) -> str:
    """`word` as the schema lets a title or a name be: breakers replaced (tests/test_files.py
    checks that they are refused)."""
    from adjudicator.session import line_breaker

    return "".join("?" if line_breaker(ch) else ch for ch in word)


def as_wide(words: dict[str, str]) -> dict[str, str]:
    """Plain words as wide as `words` on a board: a table that is too wide for a phone is told
    as lines in Discord, so the plain match must be laid out as the hostile one is."""
    from adjudicator.render import display_width

    from adjudicator.names import look_alike

    letters = {key: chr(ord("a") + index) for index, key in enumerate(FIELDS)}   # names stay apart…
    if (look_alike(words["name1"]) or "p1") == (look_alike(words["name2"]) or "p2"):   # as display_names tells
        letters["name2"] = letters["name1"]   # …unless the hostile ones look alike (ids are added)
    return {key: letters[key] * max(1, display_width(word)) for key, word in words.items() if word is not None}


@pytest.mark.parametrize("ruleset_id", ("dice-tug-of-war", "track-trouble", "winning-streak"))
@scaled(4)
@given(words=st.fixed_dictionaries({k: hostile.map(lambda t, n=n: t[:n] or "x") for k, n in FIELDS.items()}),
       ended=st.booleans())
def test_hostile_text_in_a_match_file_is_printed_inert(cli, tmp_path, ruleset_id, words, ended):
    if not ended:
        words = {**words, "reason": None}
    words = {key: one_line(word) if key in ONE_LINE else word for key, word in words.items()}
    base = short_match(ruleset_id, 8)
    mean = outputs(cli, write(tmp_path / "m.json", dressed(base, words)))
    plain = outputs(cli, write(tmp_path / "m.json", dressed(base, {**as_wide(words), "reason": words["reason"] and "plain"})))
    assert_json_carries(mean, words)
    for command in READERS:
        assert mean[command].code == plain[command].code, command
    for command in [c for c in READERS if c[0] == "board" and "markdown" in c]:
        assert markdown_marks(mean[command].out) == markdown_marks(plain[command].out), mean[command].out
    for command in [c for c in READERS if c[0] == "board" and "bbcode" in c]:
        assert bbcode_marks(mean[command].out) == bbcode_marks(plain[command].out), mean[command].out
    for command in [c for c in READERS if c[0] == "board" and "discord" in c]:
        assert discord_marks(mean[command].out) == discord_marks(plain[command].out), mean[command].out


@scaled(6)
@given(word=hostile.map(lambda t: t[:200] or "x"), fmt=st.sampled_from(("text", "markdown", "bbcode", "discord", "json")))
def test_hostile_command_line_text_is_printed_inert(cli, tmp_path, word, fmt):
    """What a host types goes back out inert too: the echo of `host end --reason`, errors
    naming an unknown player, format or option, `new` printing a match, and file names."""
    path = write(tmp_path / "m.json", short_match("dice-tug-of-war", 4))
    commands = [("host", path, "end", "p1", "--reason", word, "--format", fmt),
                ("move", path, "p2", "keep", "--note", word, "--dry-run", "--format", fmt),
                ("move", path, word, "keep"), ("board", path, "--as", word), ("board", path, "--format", word),
                ("legal", path, word), ("board", path, "--" + word),
                ("new", "dice-tug-of-war", "-p", f"a={word}:yellow", "-p", "b=B:red", "--title", word),
                ("new", "dice-tug-of-war", "-p", f"{word}:yellow", "-p", "b=B:red")]
    for command in commands:
        res = cli(*command)
        assert_no_crash(res, command)
        assert_inert(res, command)
    created = cli("new", "dice-tug-of-war", "-p", f"a={word}:yellow", "-p", "b=B:red", "--title", word)
    if created.code == 0:
        printed = strict_json(created.out)
        assert printed["title"] == word and printed["players"][0]["name"] == word
    name = "".join(ch for ch in word if ch not in "/\x00")[:40]   # at most 160 bytes of a 255-byte name
    if name.strip(". "):
        named = write(tmp_path / f"{name}.json", short_match("dice-tug-of-war", 4))
        for args in ((), ("--format", "json"), ("--format", "junit")):
            res = cli("check", named, *args)
            assert_no_crash(res, ("check", *args))
            assert_inert(res, ("check", *args))
        assert strict_json(cli("check", named, "--format", "json").out)["files"][0]["file"] == str(named)
        ET.fromstring(cli("check", named, "--format", "junit").out)


@scaled(4)
@given(word=hostile.map(lambda t: t[:200] or "x"))
def test_hostile_text_in_a_ruleset_is_printed_inert(cli, tmp_path, monkeypatch, word):
    """A ruleset from ADJUDICATOR_RULESETS whose summary is hostile: listed and shown inert."""
    folder = tmp_path / "rules"
    folder.mkdir(exist_ok=True)
    monkeypatch.setenv("ADJUDICATOR_RULESETS", str(folder))
    (folder / "odd.yaml").write_text(yaml.safe_dump({"id": "odd", "extends": "dice-tug-of-war", "summary": word}),
                                     encoding="utf-8")
    for command in (("rulesets",), ("rulesets", "--format", "json"), ("ruleset", "show", "odd"),
                    ("ruleset", "show", "odd", "--format", "json")):
        res = cli(*command)
        assert_no_crash(res, command)
        assert_inert(res, command)
    listed = strict_json(cli("rulesets", "--format", "json").out)
    assert {"id": "odd", "summary": word}.items() <= next(r for r in listed if r["id"] == "odd").items()


# --- Regressions found by these tests ------------------------------------------------------

OSC = "\x1b]0;pwn\x07"   # sets the terminal's title
CSI8 = "\x9b2J"          # C1 "control sequence introducer": clears a screen on some terminals


def test_host_reason_is_echoed_inert(cli, tmp_path):
    """Regression: `host end --reason` echoed the reason raw (`#5 host: end p1 (ESC]0;pwn BEL)`)."""
    path = write(tmp_path / "m.json", short_match("dice-tug-of-war", 4))
    res = cli("host", path, "end", "p1", "--reason", OSC + CSI8)
    assert res.code == 0 and "end random bot 1 (?]0;pwn??2J)" in res.out
    assert_inert(res)


def test_json_output_escapes_c1_controls(cli, tmp_path):
    """Regression: JSON output carried C1 controls raw (json.dumps escapes only C0); now they
    are \\u escapes, so the JSON holds the same text and no terminal sees a control."""
    data = short_match("dice-tug-of-war", 4)
    data["id"] = "id" + CSI8
    path = write(tmp_path / "m.json", data)
    for command in (("board", path, "--format", "json"), ("replay", path, "--format", "json")):
        res = cli(*command)
        assert_inert(res, command)
        assert "\\u009b2J" in res.out and strict_json(res.out)["match"] == data["id"]
    res = cli("new", "dice-tug-of-war", "-p", f"a=A{CSI8}:yellow", "-p", "b=B:red")
    assert_inert(res)
    assert res.code == 2 and "field players[0].name" in res.err   # names are one line, no controls


def test_junit_and_check_json_of_a_hostile_file_name(cli, tmp_path):
    """Regression: `check --format junit` wrote control characters and the noncharacters
    U+FFFE/U+FFFF of a file name raw, which is not XML; `--format json` wrote C1 raw."""
    path = write(tmp_path / f"m{OSC}{CSI8}\uffff\ufffe.json", short_match("dice-tug-of-war", 4))
    junit = cli("check", path, "--format", "junit")
    assert_inert(junit)
    ET.fromstring(junit.out)
    as_json = cli("check", path, "--format", "json")
    assert_inert(as_json)
    assert strict_json(as_json.out)["files"][0]["file"] == str(path)


def test_rulesets_listing_is_inert(cli, tmp_path, monkeypatch):
    """Regression: `adjudicator rulesets` printed a ruleset's summary raw, and `ruleset show`
    the C1 control NEL (PyYAML writes it raw inside quotes)."""
    monkeypatch.setenv("ADJUDICATOR_RULESETS", str(tmp_path))
    (tmp_path / "odd.yaml").write_text(yaml.safe_dump({"id": "odd", "extends": "dice-tug-of-war",
                                                      "summary": f"odd{OSC}{CSI8}\x85"}))
    res = cli("rulesets")
    assert res.code == 0 and "odd?]0;pwn??2J?" in res.out
    assert_inert(res)
    res = cli("ruleset", "show", "odd")
    assert res.code == 0 and "summary:" in res.out
    assert_inert(res)


@pytest.mark.parametrize("args", [("board", "{f}", "--format", OSC + CSI8), ("board", "{f}", "--x" + OSC),
                                  ("new", "dice-tug-of-war", "-p", OSC), ("board", "{f}", "{f}", OSC + "\r\x08")])
def test_usage_errors_are_inert(cli, tmp_path, args):
    """Regression: usage errors (bad option values, unknown options, extra arguments) went out
    through click, which left OSC sequences, BEL, CR and backspace raw."""
    path = write(tmp_path / "m.json", short_match("dice-tug-of-war", 4))
    res = cli(*(a.format(f=path) for a in args))
    assert res.code == 2 and "Error" in res.err
    assert_inert(res)


def test_text_that_is_not_unicode_is_printed(cli, tmp_path):
    """Regression: a name with a lone surrogate (a file name's undecodable byte, \\udcff)
    crashed printing to a strict UTF-8 stdout (exit 3); text output shows the byte as a
    visible escape (`m\\xff.json`), JSON as a \\u escape."""
    path = write(tmp_path / "m\udcff.json", short_match("dice-tug-of-war", 4))
    res = cli("check", path)
    assert res.code == 0 and "m\\xff.json" in res.out
    res = cli("check", path, "--format", "json")
    assert res.code == 0 and "m\\udcff.json" in res.out
    res = cli("board", path, "--as", "x\udcff")
    assert res.code == 2 and "--as 'x?'" in res.err
