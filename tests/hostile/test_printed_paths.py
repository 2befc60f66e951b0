"""Every path a command prints is cleaned like user text: a file name with
a terminal escape, a line break or a bidi control cannot move the cursor, forge a line or
split a row of `check`'s table. Each name is printed with visible escapes (`\\x1b`, `\\n`)."""

from __future__ import annotations

import shutil
import unicodedata
from pathlib import Path

import pytest

from adjudicator.render import shown_path

NEW = ("new", "dice-tug-of-war", "-p", "bernd=Bernd:yellow", "-p", "anna=Anna:red", "--id", "plain")
# Every C0 control a file name can hold (not NUL), DEL, a C1 control, the line and paragraph
# separators, the bidi overrides, and a whole escape sequence that clears the screen.
ODD = [chr(c) for c in range(1, 0x20)] + ["\x7f", "\x85", "\u2028", "\u2029", "\u202e", "\u2066", "\x1b[2J"]


def raw_controls(text: str) -> list[str]:
    """Characters a terminal or a pasted post acts on, other than the line ends of the output."""
    return [ch for ch in text if ch != "\n" and (unicodedata.category(ch) in ("Cc", "Zl", "Zp")
                                                  or ch in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")]


def named(odd: str) -> str:
    return "ok" + odd + "x"


def test_shown_path_writes_each_odd_character_as_a_visible_escape():
    assert shown_path("ok\x1b[2J\nx\u202e.json") == "ok\\x1b[2J\\nx\\u202e.json"
    assert shown_path(b"a\xff.json".decode("utf-8", "surrogateescape")) == "a\\xff.json"
    assert shown_path("Café ♟.json") == "Café ♟.json"
    assert all(not raw_controls(shown_path(named(odd))) for odd in ODD)


@pytest.mark.parametrize("odd", ODD, ids=[f"U+{ord(o[0]):04X}{'+' if len(o) > 1 else ''}" for o in ODD])
def test_no_command_prints_a_file_name_raw(cli, tmp_path, odd):
    """`cp dice-demo.json $'ok\\x1b[2J.json'; adjudicator check .` cleared the screen, and a name
    holding a line break split its row of the table in two."""
    folder = tmp_path / named(odd)
    folder.mkdir()
    match = folder / (named(odd) + ".json")
    outputs = []
    made = cli(*NEW, "-o", match)
    assert made.code == 0, made
    outputs.append(made)
    for command in (("check", folder), ("check", folder, "--format", "junit"), ("check", folder, "--format", "json"),
                    ("publish", match, "-o", folder / (named(odd) + ".pub")),
                    ("page", match, "-o", folder / (named(odd) + ".html")),
                    ("board", match, "-o", folder / (named(odd) + ".txt")),
                    ("board", match, "-o", folder / (named(odd) + ".txt")),      # refused: it exists
                    ("simulate", "tug-of-war-v1", "-n", "1", "--out", folder / named(odd)),
                    ("roll", folder / (named(odd) + "-missing.json"))):
        outputs.append(cli(*command))
    assert [r.code for r in outputs] == [0, 0, 0, 0, 0, 0, 0, 2, 0, 2], outputs
    for res in outputs:
        assert not raw_controls(res.out) and not raw_controls(res.err), res
    table = outputs[1].out.splitlines()
    rows = [line for line in table if line.startswith(str(folder)[:10]) or "dice-tug-of-war" in line]
    assert len([r for r in rows if "in progress" in r]) == 1, table   # one row, not split
    assert shown_path(match) in outputs[1].out and shown_path(match) in outputs[0].out


def test_a_problem_naming_the_file_stays_on_its_row(cli, tmp_path):
    bad = tmp_path / "bad\nrow\x1b[31m.json"
    bad.write_text('{"format": 1}')
    res = cli("check", tmp_path)
    assert res.code == 2 and not raw_controls(res.out)
    lines = res.out.splitlines()
    assert sum("unusable" in line for line in lines) == 2          # the row and the summary
    assert any(line.startswith(shown_path(bad) + ": ") for line in lines), lines


def test_a_folder_name_given_by_the_host_is_printed_as_given_when_plain(cli, tmp_path):
    plain = tmp_path / "matches"
    plain.mkdir()
    shutil.copy(Path(__file__).resolve().parents[2] / "matches" / "dice-demo.json", plain)
    res = cli("check", plain)
    assert str(plain / "dice-demo.json") in res.out
