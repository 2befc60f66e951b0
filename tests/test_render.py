"""Rendering: the same blocks as text, Markdown and BBCode, with user text made inert."""

from __future__ import annotations

import pytest

from adjudicator.render import Heading, Para, Pre, Span, Table, clean, render


def test_control_characters_are_removed():
    assert clean("a\x1b[31mred\x07") == "a?[31mred?"


@pytest.mark.parametrize("fmt, inert", [("markdown", r"\*\*bold\*\*"), ("bbcode", "[\u200bb]x[\u200b/b]")])
def test_markup_in_names_is_inert(fmt, inert):
    text = "**bold**" if fmt == "markdown" else "[b]x[/b]"
    assert inert in render([Para(f"{text}")], fmt)


def test_table_formats():
    table = Table(["side", "player"], [["yellow", "bernd"]])
    assert "| side" in render([table], "markdown")
    assert render([table], "bbcode").startswith("[code]")
    assert "yellow  bernd" in render([table], "text")


def test_heading_and_colour():
    assert render([Heading("Board")], "markdown").startswith("### Board")
    assert render([Heading("Board")], "bbcode").startswith("[b]Board[/b]")
    assert "[color=red]R[/color]" in render([Pre([[Span("R", colour="red")]])], "bbcode")
    assert render([Pre([[Span("R", colour="red")]])], "text").strip() == "R"
    assert render([Pre(["a|b"])], "markdown") == "```\na|b\n```\n"
