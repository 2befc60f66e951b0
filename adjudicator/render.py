"""Boards as format-agnostic blocks, rendered in any text format of adjudicator.formats.

Games describe what to show (tables, lines, grids) with the blocks of adjudicator.blocks; the
formats (one module each in adjudicator/formats/: text, markdown, bbcode, discord) decide how,
and neutralise markup and control characters in every piece of text they are given, so a
player's name cannot inject markup into a forum post, ping a Discord server or send escape
codes to a terminal. This module is where the rest of the tool asks for them: the
blocks and the text helpers are imported from here, as they were before the formats had
modules of their own.
"""

from __future__ import annotations

from typing import Any

from adjudicator.blocks import (
    Banner,
    Heading,
    Inline,
    Para,
    Pre,
    Span,
    Stamp,
    Table,
    clean,
    display_width,
    inert_json,
    local_time,
    shown_path,
    unix_time,
    unping,
)
from adjudicator.formats import renderer, text_formats
from adjudicator.formats._base import one_line, pad, simple_table
from adjudicator.formats.bbcode import BB_BREAK
from adjudicator.formats.discord import (
    DISCORD_CUT,
    DISCORD_LIMIT,
    PHONE_WIDTH,
    discord_length,
    discord_messages,
    discord_post,
)

__all__ = ["Banner", "Heading", "Inline", "Para", "Pre", "Span", "Stamp", "Table", "clean", "display_width",
           "inert_json", "local_time", "shown_path", "unix_time", "unping", "BB_BREAK", "DISCORD_CUT",
           "DISCORD_LIMIT", "PHONE_WIDTH", "discord_length", "discord_messages", "discord_post", "FORMATS",
           "render", "printed", "text_columns", "text_table"]

FORMATS = text_formats()   # the text formats' names, in order (adjudicator.formats names them)


def render(blocks: list[Any], fmt: str) -> str:
    """The blocks as one post in `fmt`, a text format ('text', 'markdown', ...; a Discord post
    longer than one message is cut by `discord_messages`)."""
    return renderer(fmt).render(blocks)


def printed(post: str, fmt: str) -> str:
    """A post as standard output shows it: a Discord post as its messages of at most 2,000
    characters with a cut line between two (DISCORD_CUT); any other format, and json, as it is."""
    return renderer(fmt).printed(post) if fmt in text_formats() else post


def text_table(headers: list[str], rows: list[list[Any]], numbers: bool = False) -> str:
    """A plain-text table (tabulate's `simple` layout) for a command's output, drawn as a
    board's tables are, so the tool has one table drawer."""
    return "\n".join(simple_table(Table(headers, rows, numbers=numbers), lambda c: clean(c, one_line=True)))


def text_columns(rows: list[list[Any]]) -> list[str]:
    """Rows as the lines of a plain-text table with no header above them, for a list whose
    columns need no names (`legal`: each move and what it would do); cells are written and
    aligned as text_table writes them, so the tool still has one table drawer."""
    cells = [[clean(one_line(c), one_line=True) for c in row] for row in rows]
    widths = [max(display_width(row[index]) for row in cells) for index in range(len(cells[0]))] if cells else []
    return ["  ".join(pad(c, w) for c, w in zip(row, widths, strict=False)).rstrip() for row in cells]
