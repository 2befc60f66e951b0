"""Boards as format-agnostic blocks, and the text hygiene every output format relies on.

Games describe what to show (tables, lines, grids) with these blocks; the formats of
adjudicator.formats decide how. Every piece of text a format is given passes `clean` first,
so a player's name cannot send escape codes to a terminal or reorder a line, and `unping`
keeps it from pinging a Discord server. Kept below the formats (which build on it) and
adjudicator.render (which walks the blocks through a format), so neither imports the other
in a circle.
"""

from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass, field
from datetime import UTC
from typing import Any


@dataclass
class Span:
    """Text with an optional colour (BBCode shows it outside code) and weight."""

    text: str
    colour: str | None = None
    bold: bool = False


@dataclass
class Stamp:
    """A moment (RFC 3339, as the clock writes it): in text, Markdown and BBCode as the local
    time of the match's zone with the zone's name (`2026-11-26 13:01 Europe/Berlin`);
    as Discord's `<t:…>` stamps, which each reader sees in their own time zone."""

    iso: str
    zone: str | None = None   # an IANA name; None: UTC


def local_time(iso: str, zone: str | None = None) -> str:
    """`2026-11-26 13:01 Europe/Berlin` (seconds shown when not :00): how a post says a time
    to players in the match's zone; the RFC 3339 text as given when it cannot be read."""
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    from adjudicator.clock import parse_time

    try:
        moment = parse_time(iso)
        local = moment.astimezone(ZoneInfo(zone) if zone else UTC) if moment else None
    except (ValueError, OverflowError, ZoneInfoNotFoundError):
        local = None
    if local is None:
        return iso
    clock = local.strftime("%H:%M:%S" if local.second else "%H:%M")
    return f"{local.strftime('%Y-%m-%d')} {clock} {zone or 'UTC'}"


Inline = str | Span | Stamp | list[Any]


@dataclass
class Heading:
    text: Inline


@dataclass
class Para:
    text: Inline


@dataclass
class Banner:
    """One line set apart at the top of a board: a finished match's result.
    Bold where the format has bold (Markdown, Discord: `**…**`; BBCode: `[b]…[/b]`), plain in
    text; kept on one line, so a forum's preview and a terminal show it whole."""

    text: Inline


@dataclass
class Table:
    headers: list[str]
    rows: list[list[Any]]
    # How each column is named when a row is told as a line on a phone (Discord, a table too
    # wide for a code block): `Sally pts` where the header, `pts`, only works above a column.
    labels: list[str] | None = None
    # Or the rows as the game tells them in a line each, (first cell, the rest): shorter than
    # `label: cell` pairs where the game knows a better way (Winning Streak: `pts 2–0`).
    phone: list[tuple[str, str]] | None = None
    # A table of figures (`simulate`): a column of numbers only is written and aligned as
    # tabulate does (right, on the decimal point); cells are text otherwise.
    numbers: bool = False


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


def shown_path(path: Any) -> str:
    """A file name as printed in a message or table: every character a terminal acts on, that
    breaks or reorders a line (C0 and C1 controls, DEL, line and paragraph separators, bidi
    controls), and each byte that is not UTF-8, written as a visible escape (`\\x1b`, `\\n`,
    `\\u202e`), so a name can neither move the cursor nor split a row, and the host still sees
    which file it is."""
    return "".join(map(_visible, os.fsdecode(path)))


def _visible(ch: str) -> str:
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:        # an undecodable byte, kept by os.fsdecode as a lone surrogate
        return f"\\x{code - 0xDC00:02x}"
    if ch in _BIDI or unicodedata.category(ch) in _REPLACED:
        if ch == "\n":
            return "\\n"
        if ch == "\t":
            return "\\t"
        if ch == "\r":
            return "\\r"
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
    return ch


# json.dumps escapes only C0 controls; DEL, the C1 controls and lone surrogates pass raw, and
# so do the bidi controls and line/paragraph separators, which a match id (no schema pattern:
# a hand-edited file may hold anything there) would carry raw to a terminal or a paste, where
# U+202E reverses what follows and U+2028 breaks the line.
_JSON_ESCAPES = {code: f"\\u{code:04x}" for code in (*range(0x7F, 0xA0), *range(0xD800, 0xE000),
                                                      0x2028, 0x2029, *map(ord, _BIDI))}


def inert_json(text: str) -> str:
    """JSON text with DEL, C1 controls, bidi controls, line and paragraph separators and lone
    surrogates written as \\u escapes: the same JSON value, with nothing a terminal acts on,
    nothing that reorders or breaks a line where it is shown, and nothing a UTF-8 stream refuses."""
    return text.translate(_JSON_ESCAPES)


# A mention Discord would act on: @everyone, @here, <@id>, <@!id>, <@&role>, and <#channel>
# (a link, not a ping, but no name should make one). Discord and the parsers that follow it
# match `@everyone` and `@here` anywhere, with no word boundary on either side (discord.js's
# EVERYONE_PATTERN is /@(everyone|here)/g, and discord.py's escape_mentions has no \b either), so
# `@everyone1`, `@heretics` and `x@here` ping too. Those parsers match the
# lower-case words only; we neutralise every case (`@EVERYONE`) anyway, since a zero-width space
# costs nothing where no ping was and a client that folds case would otherwise ping. A
# zero-width space after the `@` (or after the `<`) keeps the rest as text, in code blocks too.
_PING = re.compile("(?<=<)[@#](?!\u200b)|@(?=everyone|here)", re.IGNORECASE)


def unping(text: str) -> str:
    """`text` with every mention Discord could act on broken by a zero-width space after its
    `@` (or `#`): run on each piece of user text and again on the whole Discord post, since a
    name ending in `@` beside text beginning `here` would make a mention neither holds alone."""
    return _PING.sub("\\g<0>\u200b", text)


def unix_time(iso: str) -> int | None:
    """Seconds since 1970 of an RFC 3339 time; None if it is not one."""
    from datetime import datetime

    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return int(moment.timestamp())


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
