"""Boards as format-agnostic blocks, rendered to plain text, Markdown or BBCode.

Games describe what to show (tables, lines, grids); this module alone decides how, and
neutralises markup and control characters in every piece of text it is given, so a
player's name cannot inject markup into a forum post or escape codes into a terminal.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any, Union

FORMATS = ("text", "markdown", "bbcode")


@dataclass
class Span:
    """Text with an optional colour (BBCode shows it; text and Markdown show the text)."""

    text: str
    colour: str | None = None
    bold: bool = False


Inline = Union[str, Span, list]


@dataclass
class Heading:
    text: Inline


@dataclass
class Para:
    text: Inline


@dataclass
class Table:
    headers: list[str]
    rows: list[list[Any]]


@dataclass
class Pre:
    """Monospace lines (grids, the rope); kept inside a code block in Markdown and BBCode."""

    lines: list[Inline] = field(default_factory=list)


# Bidi controls reorder what follows them on screen (U+202E shows "niw anna" as "anna win");
# line and paragraph separators break a line in browsers and forum posts.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_REPLACED = ("Cc", "Cs", "Zl", "Zp")


def clean(text: Any, *, one_line: bool = False) -> str:
    """Drop control characters (terminal escapes), line and paragraph separators and bidi
    controls from any text we print, and lone surrogates (a file name's undecodable byte),
    which no output stream can encode. Newlines and tabs stay in multi-line text; with
    `one_line` (every name, title, note and reason on a board) they become spaces, so no
    text from a match file can start a line of its own, even in a file written by hand."""
    text = str(text)
    keep = "" if one_line else "\n\t"
    return "".join(ch if ch in keep or (ch not in _BIDI and unicodedata.category(ch) not in _REPLACED)
                   else " " if ch in "\n\t\r" else "?" for ch in text)


# json.dumps escapes only C0 controls; DEL, the C1 controls and lone surrogates pass raw.
_JSON_ESCAPES = {code: f"\\u{code:04x}" for code in (*range(0x7F, 0xA0), *range(0xD800, 0xE000))}


def inert_json(text: str) -> str:
    """JSON text with DEL, C1 controls and lone surrogates written as \\u escapes: the same
    JSON value, with nothing a terminal acts on and nothing a UTF-8 stream refuses."""
    return text.translate(_JSON_ESCAPES)


def _escape(text: str, fmt: str) -> str:
    text = clean(text, one_line=True)
    if fmt == "markdown":
        return "".join("\\" + ch if ch in "\\`*_[]<>|#~" else ch for ch in text)
    if fmt == "bbcode":
        return text.replace("[", "[\u200b")  # a zero-width space stops any tag from parsing
    return text


def _inline(value: Inline, fmt: str, code: bool = False) -> str:
    if isinstance(value, list):
        return "".join(_inline(v, fmt, code) for v in value)
    if isinstance(value, Span):
        text = clean(value.text, one_line=True) if code else _escape(value.text, fmt)
        if fmt == "bbcode":
            if value.colour:
                text = f"[color={value.colour}]{text}[/color]"
            if value.bold:
                text = f"[b]{text}[/b]"
        elif fmt == "markdown" and value.bold and not code:
            text = f"**{text}**"
        return text
    return clean(value, one_line=True) if code else _escape(value, fmt)


def render(blocks: list[Any], fmt: str) -> str:
    """The blocks as one post in `fmt` ('text', 'markdown' or 'bbcode')."""
    out = [_block(block, fmt) for block in blocks]
    return "\n\n".join(part for part in out if part) + "\n"


def _block(block: Any, fmt: str) -> str:
    if isinstance(block, Heading):
        text = _inline(block.text, fmt)
        return {"markdown": f"### {text}", "bbcode": f"[b]{text}[/b]"}.get(fmt, text)
    if isinstance(block, Para):
        return _inline(block.text, fmt)
    if isinstance(block, Table):
        return _table(block, fmt)
    if isinstance(block, Pre):
        colour_ok = fmt == "bbcode"
        lines = [_inline(line, fmt if colour_ok else "text", code=not colour_ok) for line in block.lines]
        body = "\n".join(lines)
        if fmt == "markdown":
            return f"```\n{body}\n```"
        if fmt == "bbcode":
            return f"[code]{body}[/code]" if not _has_colour(block) else f"[font=monospace]{body}[/font]"
        return body
    raise TypeError(f"unknown block {block!r}")


def _has_colour(block: Pre) -> bool:
    def walk(value: Inline) -> bool:
        if isinstance(value, list):
            return any(walk(v) for v in value)
        return isinstance(value, Span) and bool(value.colour)
    return any(walk(line) for line in block.lines)


def _table(table: Table, fmt: str) -> str:
    """A table as tabulate's `simple` (text, inside [code] for BBCode) or `github` (Markdown)
    layout. Drawn here rather than by tabulate, whose import (importlib.metadata, wcwidth)
    would double the start-up of every `board` and `move`."""
    if fmt == "markdown":
        headers = [_escape(_one_line(h), fmt) for h in table.headers]
        rows = [[_escape(_one_line(c), fmt) for c in row] for row in table.rows]
        widths = _widths(headers, rows)
        lines = ["| " + " | ".join(_pad(h, w) for h, w in zip(headers, widths)) + " |",
                 "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
        lines += ["| " + " | ".join(_pad(c, w) for c, w in zip(row, widths)) + " |" for row in rows]
        return "\n".join(lines)
    headers = [clean(_one_line(h)) for h in table.headers]
    rows = [[clean(_one_line(c)) for c in row] for row in table.rows]
    widths = _widths(headers, rows)
    lines = ["  ".join(_pad(h, w) for h, w in zip(headers, widths)).rstrip(),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(_pad(c, w) for c, w in zip(row, widths)).rstrip() for row in rows]
    text = "\n".join(lines)
    return f"[code]{text}[/code]" if fmt == "bbcode" else text


def _one_line(value: Any) -> str:
    """A cell's text on one line, without the spaces around it (as tabulate trims them)."""
    return ("" if value is None else str(value)).replace("\n", " ").replace("\t", " ").strip()


def _widths(headers: list[str], rows: list[list[str]]) -> list[int]:
    """Each column as wide as its widest cell, and its header plus two."""
    widths = [display_width(h) + 2 for h in headers]
    for row in rows:
        for index, cell in enumerate(row):
            widths[index] = max(widths[index], display_width(cell))
    return widths


def _pad(text: str, width: int) -> str:
    return text + " " * (width - display_width(text))


def display_width(text: str) -> int:
    """Columns `text` takes in a monospace font: wide East Asian characters count two,
    combining marks and format characters none."""
    if text.isascii():
        return len(text)
    width = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width