"""Rendering: the same blocks as text, Markdown and BBCode, with user text made inert."""

from __future__ import annotations

import pytest

from adjudicator.render import Heading, Para, Pre, Span, Table, clean, render


def test_control_characters_are_removed():
    assert clean("a\x1b[31mred\x07") == "a?[31mred?"


@pytest.mark.parametrize("fmt, text, inert", [("markdown", "**bold**", r"\*\*bold\*\*"),
                                             ("bbcode", "[b]x[/b]", "[[b][/b]b]x[[b][/b]/b]"),
                                             ("discord", "**bold** @everyone", "\\*\\*bold\\*\\* @\u200beveryone")])
def test_markup_in_names_is_inert(fmt, text, inert):
    """BBCode: each `[` is followed by an empty [b][/b] (no tag can start there; it shows as
    nothing and leaves no zero-width character to copy); Discord: a mention cannot ping."""
    assert inert in render([Para(f"{text}")], fmt)


def test_table_formats():
    table = Table(["side", "player"], [["yellow", "bernd"]])
    assert "| side" in render([table], "markdown")
    assert render([table], "bbcode").startswith("[code]")
    assert "yellow  bernd" in render([table], "text")


def test_heading_and_colour():
    assert render([Heading("Board")], "markdown").startswith("### Board")
    assert render([Heading("Board")], "bbcode").startswith("[b]Board[/b]")
    assert render([Heading("Board")], "discord").startswith("**Board**")
    assert "[color=red]R[/color]" in render([Para([Span("R", colour="red")])], "bbcode")
    assert render([Pre([[Span("R", colour="red")]])], "text").strip() == "R"
    assert render([Pre(["a|b"])], "markdown") == "```\na|b\n```\n"


# Tables are drawn by render.py, not tabulate (start-up); they must look as tabulate draws them.
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

CELL = st.text(st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Co", "Cn", "Zl", "Zp")), max_size=8)
# Narrow characters only: tabulate measures wide ones with wcwidth when it happens to be
# installed and with len() otherwise; wide characters are tested on their own below.
WIDTH_CHARS = st.sampled_from("abcXYZ019 -/↑↓←→·—éñ")


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(data=st.data(), columns=st.integers(1, 5), count=st.integers(0, 4))
def test_tables_match_tabulate(data, columns, count):
    from tabulate import tabulate

    from adjudicator.render import Table, render

    text = st.text(WIDTH_CHARS, max_size=6).map(str.strip)
    headers = data.draw(st.lists(text, min_size=columns, max_size=columns))
    rows = data.draw(st.lists(st.lists(text, min_size=columns, max_size=columns), max_size=count))
    table = Table(headers, rows)
    assert render([table], "text") == tabulate(rows, headers=headers, tablefmt="simple",
                                               disable_numparse=True) + "\n"
    assert render([table], "markdown") == tabulate(rows, headers=headers, tablefmt="github",
                                                   disable_numparse=True) + "\n"


NUMBER = st.integers(-10**6, 10**21) | st.floats(-1e7, 1e22, allow_nan=False) | st.sampled_from([0, 7, 7.5, 28.25, 1e20])


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(data=st.data(), columns=st.integers(1, 4), count=st.integers(1, 4))
def test_tables_of_numbers_match_tabulate(data, columns, count):
    """A table of figures (simulate's lengths): numbers written and aligned as tabulate does."""
    from tabulate import tabulate

    from adjudicator.render import text_table

    text = st.text(WIDTH_CHARS, max_size=6).map(str.strip).filter(lambda t: not _numeric(t))
    headers = data.draw(st.lists(text, min_size=columns + 1, max_size=columns + 1))
    rows = [[data.draw(text)] + data.draw(st.lists(NUMBER, min_size=columns, max_size=columns)) for _ in range(count)]
    assert text_table(headers, rows, numbers=True) == tabulate(rows, headers=headers, tablefmt="simple")


def test_text_columns_are_a_text_tables_rows_without_its_header():
    """`legal`'s list: the rows of text_table, aligned the same, with no header or rule."""
    from adjudicator.render import text_columns, text_table

    rows = [["E8 down", "captures F8"], ["retake", ""], ["B6\x1bright", "wide 漢字"]]
    assert text_columns(rows) == text_table(["", ""], rows).splitlines()[2:]
    assert text_columns(rows)[0] == "E8 down   captures F8" and text_columns(rows)[1] == "retake"
    assert text_columns([]) == []


def _numeric(text: str) -> bool:
    """Text tabulate would read as a number (its column would align right)."""
    try:
        float(text)
    except ValueError:
        return False
    return True

@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(cells=st.lists(CELL, min_size=2, max_size=2))
def test_any_cell_stays_on_its_row(cells):
    from adjudicator.render import Table, render

    for fmt in ("text", "markdown", "bbcode"):
        assert render([Table(["a", "b"], [cells])], fmt).count("\n") == 3
    assert render([Table(["a", "b"], [cells])], "discord").count("\n") == 5


def test_wide_characters_take_two_columns():
    """East Asian wide characters and emoji fill two columns, combining marks none."""
    from adjudicator.render import Table, display_width, render

    assert display_width("中文") == 4 and display_width("😀") == 2 and display_width("e\u0301") == 1
    assert render([Table(["x", "y"], [["中文", "a"]])], "text") == "x     y\n----  ---\n中文  a\n"


def test_bbcode_grids_are_code_without_colour_and_colour_stays_outside():
    """phpBB shows tags inside [code] raw, and has no [font]: a coloured grid is plain [code]."""
    grid = render([Pre([[Span("R", colour="red", bold=True), " ."]])], "bbcode")
    assert grid == "[code]R .[/code]\n"
    assert render([Para([Span("Sally", colour="red")])], "bbcode") == "[color=red]Sally[/color]\n"
    assert render([Para([Span("x", colour="red]evil[/color")])], "bbcode") == "x\n"


def test_code_blocks_cannot_be_closed_from_inside():
    assert render([Pre(["[/code] [ / CODE]"])], "bbcode") == "[code][\u2215code] [ \u2215 CODE][/code]\n"
    assert render([Pre(["a ``` b"])], "discord") == "```\na \u02cb\u02cb\u02cb b\n```\n"
    assert render([Pre(["a ``` b"])], "markdown") == "````\na ``` b\n````\n"


def test_stamps_are_discord_timestamps_and_text_elsewhere():
    from adjudicator.render import Stamp

    line = ["deadline ", Stamp("2026-11-21T10:28:42Z")]
    assert render([Para(line)], "text") == "deadline 2026-11-21 10:28:42 UTC\n"
    assert render([Para(line)], "discord") == "deadline <t:1795256922:f> (<t:1795256922:R>)\n"
    assert render([Pre([line])], "discord") == "```\ndeadline 2026-11-21 10:28:42 UTC\n```\n"


@pytest.mark.parametrize("fmt", ["text", "markdown", "bbcode"])
def test_stamps_are_told_in_the_match_zone_with_its_name(fmt):
    """A deadline reads as the players' local time, the zone named, never raw UTC."""
    from adjudicator.render import Stamp

    said = render([Para(["deadline ", Stamp("2026-11-21T10:28:00Z", "Europe/Berlin")])], fmt)
    assert "2026-11-21 11:28 Europe/Berlin" in said and "T10:28" not in said


def test_a_name_cannot_start_a_block_in_markdown_or_discord():
    for fmt in ("markdown", "discord"):
        for text in ("- x", "1. x", "> x", "# x", "---", "=="):
            assert render([Para(text)], fmt).startswith(("\\", "1\\")), (fmt, text)


# --- Mentions -----------------------------------------------------------------

import re  # noqa: E402

RAW_PING = re.compile("@(?:everyone|here)|<[@#](?!\u200b)", re.IGNORECASE)
MENTIONS = ["@heretics", "@everyone1", "x@here", "@EVERYONE", "@Here!", "a@everyoneb", "<@123>", "<@!123>",
            "<@&123>", "<#123>"]


@pytest.mark.parametrize("text", MENTIONS)
def test_discord_breaks_every_mention_inside_and_outside_code(text):
    """Discord matches @everyone and @here with no word boundary, so `@heretics` pings; every
    place user text lands (heading, paragraph, code block, table) must break it, and the text
    still reads as written once the zero-width spaces are taken out."""
    post = render([Heading(text), Para([text, Span(text, bold=True)]), Pre([text]), Table(["who"], [[text]])],
                  "discord")
    assert not RAW_PING.search(post), post
    assert post.replace("\u200b", "").count(text.replace("<", "\\<").replace(">", "\\>")) >= 3


def test_a_mention_split_over_two_pieces_of_text_is_broken_too():
    """A name ending in `@` beside text starting `here` makes a mention neither holds alone."""
    post = render([Para([Span("x@"), Span("here"), " @", Span("everyone")]), Pre([["<", "@1>"]])], "discord")
    assert not RAW_PING.search(post), post


def test_zero_width_spaces_are_not_doubled():
    assert render([Para("<@1> @here")], "discord") == "\\<@\u200b1\\> @\u200bhere\n"


@pytest.mark.parametrize("fmt", ["text", "markdown", "bbcode"])
def test_other_formats_keep_mentions_as_written(fmt):
    """Only Discord pings; a forum or a terminal shows `@heretics` with nothing added."""
    assert "\u200b" not in render([Para("@heretics @EVERYONE"), Pre(["x@here"])], fmt)


def test_json_escapes_bidi_controls_and_line_separators():
    """The same JSON value, with nothing that reorders or breaks the line where it is shown."""
    import json

    from adjudicator.render import inert_json

    value = {"match": "m\u202eniw anna\u2028x\u2029\u2066\u200f"}
    text = inert_json(json.dumps(value, ensure_ascii=False))
    assert not set(text) & set("\u202e\u2028\u2029\u2066\u200f"), text
    assert json.loads(text) == value


# --- A new format is one module (docs/design.md, "Adding an output format") -----------------

SHOUT = '''"""`shout`: plain text in capitals, the format test_adding_a_format_is_one_module adds."""

from adjudicator.blocks import Span
from adjudicator.formats._base import Format


class Shout(Format):
    name = "shout"
    order = 4

    def escape(self, text: str) -> str:
        return text.upper()

    def code_text(self, text: str) -> str:
        return text.upper()

    def emphasis(self, text: str, span: Span) -> str:
        return f"*{text}*" if span.bold else text

    def heading(self, text: str) -> str:
        return f"== {text} =="

    def banner(self, text: str) -> str:
        return f"!! {text} !!"

    def code_block(self, lines: list[str]) -> str:
        return "\\n".join(["    " + line for line in lines])
'''


@pytest.fixture
def shout(tmp_path, monkeypatch):
    """The steps of "Adding an output format", and nothing else: SHOUT as a module of the
    formats package. A second folder of the package stands for adjudicator/formats/ itself,
    so the tests running beside this one never see the format."""
    import sys

    from adjudicator import formats

    folder = tmp_path / "formats"
    folder.mkdir()
    (folder / "shout.py").write_text(SHOUT, encoding="utf-8")
    monkeypatch.setattr(formats, "__path__", [*formats.__path__, str(folder)])
    formats.registry.cache_clear()   # this process has listed the formats already; a new one would not have
    try:
        yield
    finally:
        formats.registry.cache_clear()
        sys.modules.pop("adjudicator.formats.shout", None)


def test_adding_a_format_is_one_module(cli, shout):
    from helpers import REPO

    demo = REPO / "matches" / "dice-demo.json"
    res = cli("board", demo, "--format", "shout")
    assert res.code == 0, res.err
    assert res.out.startswith("!! 🏆 BERND (YELLOW) WINS") and res.out == res.out.upper()
    assert "\n== DICE TUG OF WAR — DEMO MATCH" in res.out and "\n    " in res.out   # a heading, a code block
    assert res.out != cli("board", demo).out.upper()
    assert "shout" in cli("board", "--help").out and "'shout'" in cli("board", demo, "--format", "x").err
    assert cli("replay", demo, "--format", "shout").code == 2   # text or json only: no board there


def test_a_format_added_in_one_test_is_gone_after(cli):
    """The fixture above leaves the formats as they were (the order of tests may put this after)."""
    from adjudicator.formats import text_formats

    assert "shout" not in text_formats()
    assert cli("board", "x.json", "--format", "shout").code == 2
