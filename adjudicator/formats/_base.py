"""The renderer protocol every output format implements, and what the formats share.

A format is a subclass of `Format` in a module of its own (adjudicator.formats): it says how
player text is made literal (`escape`) and kept inside a code block (`code_text`), and how a
bold or coloured span, a heading, a banner and a code block are written; it may also change
how a paragraph, monospace lines, a table, a time or the whole post come out. Walking the
blocks is done here, once, so every format sees the same text, cleaned the same way.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar

from adjudicator.blocks import Banner, Heading, Inline, Para, Pre, Span, Stamp, Table, clean, display_width, local_time


class Format(ABC):
    """One text format of boards and posts (text, markdown, ...): its `name` is the value of
    `--format`, and `order` where it comes among the formats in help and error messages."""

    name: ClassVar[str]
    order: ClassVar[int]

    # --- What each format must say ------------------------------------------------------

    @abstractmethod
    def escape(self, text: str) -> str:
        """Player text (cleaned, on one line) as literal text of the format: no markup."""

    @abstractmethod
    def code_text(self, text: str) -> str:
        """Text (cleaned, on one line) inside a code block: shown as written, so only what
        could end the block is changed."""

    @abstractmethod
    def emphasis(self, text: str, span: Span) -> str:
        """A span's literal text (never empty) with its colour and weight, outside code."""

    @abstractmethod
    def heading(self, text: str) -> str:
        """A heading line, its text already made literal."""

    @abstractmethod
    def banner(self, text: str) -> str:
        """The one line set apart at the top of a board (Banner), its text already literal."""

    @abstractmethod
    def code_block(self, lines: list[str]) -> str:
        """Lines kept as they are, in the format's monospace block."""

    # --- What a format may change -------------------------------------------------------

    def para(self, text: str) -> str:
        """A paragraph, its text already literal."""
        return text

    def pre(self, lines: list[str]) -> str:
        """Monospace lines (grids, the rope), their text already code text."""
        return self.code_block(lines)

    def table(self, table: Table) -> str:
        """A table as tabulate's `simple` layout, in the format's code block."""
        return self.code_block(simple_table(table, self.code))

    def stamp(self, stamp: Stamp, code: bool) -> str:
        """A moment as the local time of the match's zone, with the zone's name."""
        said = local_time(stamp.iso, stamp.zone)
        return self.code(said) if code else self.literal(said)

    def finish(self, post: str) -> str:
        """The whole post, its blocks joined."""
        return post

    def printed(self, post: str) -> str:
        """What standard output shows of a post (render's output)."""
        return post

    # --- The same for every format ------------------------------------------------------

    def literal(self, value: Any) -> str:
        """Any text from a match as literal text of the format, on one line."""
        return self.escape(clean(value, one_line=True))

    def code(self, value: Any) -> str:
        """Any text from a match as text inside a code block, on one line."""
        return self.code_text(clean(value, one_line=True))

    def inline(self, value: Inline, code: bool = False) -> str:
        if isinstance(value, list):
            return "".join(self.inline(v, code) for v in value)
        if isinstance(value, Stamp):
            return self.stamp(value, code)
        if isinstance(value, Span):
            text = self.code(value.text) if code else self.literal(value.text)
            return text if code or not text else self.emphasis(text, value)
        return self.code(value) if code else self.literal(value)

    def block(self, block: Any) -> str:
        if isinstance(block, Heading):
            return self.heading(self.inline(block.text))
        if isinstance(block, Para):
            return self.para(self.inline(block.text))
        if isinstance(block, Banner):
            return self.banner(clean(self.inline(block.text), one_line=True).strip())
        if isinstance(block, Table):
            return self.table(block)
        if isinstance(block, Pre):
            return self.pre([self.inline(line, code=True) for line in block.lines])
        raise TypeError(f"unknown block {block!r}")

    def render(self, blocks: list[Any]) -> str:
        """The blocks as one post: blank lines between blocks, an empty one left out."""
        out = [self.block(block) for block in blocks]
        return self.finish("\n\n".join(part for part in out if part) + "\n")


# --- Tables, as tabulate draws them ---------------------------------------------------------
# Drawn here rather than by tabulate, whose import (wcwidth and more) adds about 45 ms, an
# eighth, to the start-up of every `board` and `move` (tests compare the two).

def simple_table(table: Table, write: Callable[[Any], str]) -> list[str]:
    """A table's lines in tabulate's `simple` layout, each cell as `write` writes it: the one
    table drawer of boards, posts, `check`, `simulate` and `rulesets`."""
    headers, rows, right = cells(table, lambda c: write(one_line(c)))
    widths = column_widths(headers, rows)
    return [table_line(headers, widths, right), table_rule(widths)] + [table_line(row, widths, right) for row in rows]


def table_line(cells: list[str], widths: list[int], right: list[bool] | None = None) -> str:
    """One line of a `simple` table, its cells written already (a cell wider than its column
    takes the room it needs): what `check` also draws a row at a time, its widths fixed."""
    aligned = right or [False] * len(cells)
    return "  ".join(pad(c, w, r) for c, w, r in zip(cells, widths, aligned, strict=False)).rstrip()


def table_rule(widths: list[int]) -> str:
    """The rule under a `simple` table's header."""
    return "  ".join("-" * w for w in widths)


def cells(table: Table, write: Callable[[Any], str]) -> tuple[list[str], list[list[str]], list[bool]]:
    """The headers and cells as `write` writes them, and which columns align right: in a
    table of numbers (Table.numbers), each column of numbers only, written as tabulate does."""
    headers = [write(h) for h in table.headers]
    rows = [[write(c) for c in row] for row in table.rows]
    right = [False] * len(headers)
    for index in range(len(headers) if table.numbers and table.rows else 0):
        figures = _figures([row[index] for row in table.rows])
        if figures is not None:
            right[index] = True
            for row, text in zip(rows, figures, strict=False):
                row[index] = text
    return headers, rows, right


def _figures(cells: list[Any]) -> list[str] | None:
    """A column of numbers as tabulate writes it (whole numbers as they are, else each as
    `format(x, "g")`), padded on the right so the decimal points line up; None for text."""
    if any(c.__class__ not in (int, float) for c in cells):
        return None
    texts = [str(c) for c in cells] if all(c.__class__ is int for c in cells) else [format(float(c), "g") for c in cells]
    after = [_after_point(t) for t in texts]
    return [t + " " * (max(after) - a) for t, a in zip(texts, after, strict=False)]


def _after_point(text: str) -> int:
    """Characters after the decimal point (or the exponent's `e`); -1 for a whole number."""
    if text.lstrip("-").isdigit():
        return -1
    point = text.rfind(".")
    point = point if point >= 0 else text.lower().rfind("e")
    return len(text) - point - 1 if point >= 0 else -1


def one_line(value: Any) -> str:
    """A cell's text on one line, without the spaces around it (as tabulate trims them)."""
    return ("" if value is None else str(value)).replace("\n", " ").replace("\t", " ").strip()


def column_widths(headers: list[str], rows: list[list[str]]) -> list[int]:
    """Each column as wide as its widest cell, and its header plus two."""
    widths = [display_width(h) + 2 for h in headers]
    for row in rows:
        for index, cell in enumerate(row):
            widths[index] = max(widths[index], display_width(cell))
    return widths


def pad(text: str, width: int, right: bool = False) -> str:
    room = " " * (width - display_width(text))
    return room + text if right else text + room


# --- Markdown's block markers ------------------------------------------------------------------

# An opening block marker a name could bring to the start of a line: a list, quote, heading,
# thematic break or setext underline (`- x`, `1. x`, `> x`, `---`, `===`).
_LINE_START = re.compile(r"^( *)(?:([-+=>#])|(\d{1,9})([.)]))")


def inert_line_start(line: str) -> str:
    """A paragraph's first characters made inert where Markdown or Discord would read them
    as a block marker (a list, quote, heading or rule), since a name may begin a line."""
    found = _LINE_START.match(line)
    if not found or line[found.end(1):].startswith("\\"):
        return line
    if found.group(2):
        return line[:found.end(1)] + "\\" + line[found.end(1):]
    return line[:found.start(4)] + "\\" + line[found.start(4):]
