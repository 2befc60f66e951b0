"""Boards as format-agnostic blocks, rendered to plain text, Markdown, BBCode or Discord.

Games describe what to show (tables, lines, grids); this module alone decides how, and
neutralises markup and control characters in every piece of text it is given, so a
player's name cannot inject markup into a forum post, ping a Discord server or send escape
codes to a terminal.

What each format is for, and what it may use (issue 17):

- `text`: a terminal, or anywhere monospace.
- `markdown`: CommonMark with GFM tables (GitHub, Reddit): tables as pipe tables, grids in
  fenced code blocks, every markup character of player text backslash-escaped.
- `bbcode`: only tags phpBB 3.3 and XenForo 2 both render out of the box ([b], [color],
  [code]). Whatever is aligned (tables, grids) is in [code], where forums keep spaces; they
  show tags in [code] raw, so grids carry no colour there: their letters and legend say who
  is who, and colour is kept for text outside code. Player text outside code is made inert
  by breaking each `[` with an empty `[b][/b]`, which both forums render as nothing (no
  zero-width character is left in what a reader copies); inside [code] only a `[/code]`
  could do harm, and its `/` becomes a look-alike `∕`.
- `discord`: Discord's Markdown: bold headings, tables and grids in ``` code blocks (Discord
  draws no pipe tables), times as `<t:…>` stamps every reader sees in their own zone,
  mentions that cannot ping, and the post cut into messages of at most 2,000 characters
  (`discord_messages`).
"""

from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Callable, Union

# The text formats, named once: every command's --format choices and help derive from these.
TEXT, MARKDOWN, BBCODE, DISCORD = "text", "markdown", "bbcode", "discord"
FORMATS = (TEXT, MARKDOWN, BBCODE, DISCORD)
BOARD_FORMATS = (*FORMATS, "json")   # and the board as data (adjudicator.views): board, post...
DISCORD_LIMIT = 2000
# Printed on a line of its own between Discord messages on standard output (`discord_post`),
# to show a host where one message ends and the next begins; it is no part of any message.
DISCORD_CUT = "✂-------- next message --------✂"


@dataclass
class Span:
    """Text with an optional colour (BBCode shows it outside code) and weight."""

    text: str
    colour: str | None = None
    bold: bool = False


@dataclass
class Stamp:
    """A moment (RFC 3339, as the clock writes it): in text, Markdown and BBCode as the local
    time of the match's zone with the zone's name (`2026-11-26 13:01 Europe/Berlin`, issue 25);
    as Discord's `<t:…>` stamps, which each reader sees in their own time zone."""

    iso: str
    zone: str | None = None   # an IANA name; None: UTC


def local_time(iso: str, zone: str | None = None) -> str:
    """`2026-11-26 13:01 Europe/Berlin` (seconds shown when not :00): how a post says a time
    to players in the match's zone; the RFC 3339 text as given when it cannot be read."""
    from datetime import timezone
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    from adjudicator.clock import parse_time

    try:
        moment = parse_time(iso)
        local = moment.astimezone(ZoneInfo(zone) if zone else timezone.utc) if moment else None
    except (ValueError, OverflowError, ZoneInfoNotFoundError):
        local = None
    if local is None:
        return iso
    clock = local.strftime("%H:%M:%S" if local.second else "%H:%M")
    return f"{local.strftime('%Y-%m-%d')} {clock} {zone or 'UTC'}"


Inline = Union[str, Span, Stamp, list]


@dataclass
class Heading:
    text: Inline


@dataclass
class Para:
    text: Inline


@dataclass
class Banner:
    """One line set apart at the top of a board: a finished match's result (issue 25, point 7).
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
    which file it is (issue 26)."""
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
# U+202E reverses what follows and U+2028 breaks the line (issue 25, point 5).
_JSON_ESCAPES = {code: f"\\u{code:04x}" for code in (*range(0x7F, 0xA0), *range(0xD800, 0xE000),
                                                      0x2028, 0x2029, *map(ord, _BIDI))}


def inert_json(text: str) -> str:
    """JSON text with DEL, C1 controls, bidi controls, line and paragraph separators and lone
    surrogates written as \\u escapes: the same JSON value, with nothing a terminal acts on,
    nothing that reorders or breaks a line where it is shown, and nothing a UTF-8 stream refuses."""
    return text.translate(_JSON_ESCAPES)


_MARKDOWN_MARKS = frozenset("\\`*_[]<>|#~&")
_DISCORD_MARKS = frozenset("\\`*_~|<>[")
# A mention Discord would act on: @everyone, @here, <@id>, <@!id>, <@&role>, and <#channel>
# (a link, not a ping, but no name should make one). Discord and the parsers that follow it
# match `@everyone` and `@here` anywhere, with no word boundary on either side (discord.js's
# EVERYONE_PATTERN is /@(everyone|here)/g, and discord.py's escape_mentions has no \b either), so
# `@everyone1`, `@heretics` and `x@here` ping too (issue 25, point 5). Those parsers match the
# lower-case words only; we neutralise every case (`@EVERYONE`) anyway, since a zero-width space
# costs nothing where no ping was and a client that folds case would otherwise ping. A
# zero-width space after the `@` (or after the `<`) keeps the rest as text, in code blocks too.
_PING = re.compile("(?<=<)[@#](?!\u200b)|@(?=everyone|here)", re.IGNORECASE)


def unping(text: str) -> str:
    """`text` with every mention Discord could act on broken by a zero-width space after its
    `@` (or `#`): run on each piece of user text and again on the whole Discord post, since a
    name ending in `@` beside text beginning `here` would make a mention neither holds alone."""
    return _PING.sub("\\g<0>\u200b", text)
# An opening block marker a name could bring to the start of a line: a list, quote, heading,
# thematic break or setext underline (`- x`, `1. x`, `> x`, `---`, `===`).
_LINE_START = re.compile(r"^( *)(?:([-+=>#])|(\d{1,9})([.)]))")
_CODE_CLOSE = re.compile(r"\[(\s*)/(?=\s*code)", re.IGNORECASE)
_COLOUR = re.compile(r"^(?:[a-z]{1,20}|#[0-9a-f]{3}|#[0-9a-f]{6})$", re.IGNORECASE)
BB_BREAK = "[b][/b]"   # an empty tag after `[`: no tag can start there, and it shows as nothing


def _escape(text: str, fmt: str) -> str:
    """Player text as literal text of `fmt`, on one line."""
    text = clean(text, one_line=True)
    if fmt == MARKDOWN:
        return "".join("\\" + ch if ch in _MARKDOWN_MARKS else ch for ch in text)
    if fmt == BBCODE:
        return text.replace("[", "[" + BB_BREAK)
    if fmt == DISCORD:
        return unping("".join("\\" + ch if ch in _DISCORD_MARKS else ch for ch in text))
    return text


def _code_text(text: Any, fmt: str) -> str:
    """Text inside a code block of `fmt`: shown as written by every format, so only what
    could end the block is changed (BBCode's `[/code]`, Discord's backticks), and a mention
    cannot ping from there either."""
    text = clean(text, one_line=True)
    if fmt == BBCODE:
        return _CODE_CLOSE.sub("[\\1\u2215", text)
    if fmt == DISCORD:
        return unping(text.replace("`", "\u02cb"))
    return text


def _line_start(line: str) -> str:
    """A paragraph's first characters made inert where Markdown or Discord would read them
    as a block marker (a list, quote, heading or rule), since a name may begin a line."""
    found = _LINE_START.match(line)
    if not found or line[found.end(1):].startswith("\\"):
        return line
    if found.group(2):
        return line[:found.end(1)] + "\\" + line[found.end(1):]
    return line[:found.start(4)] + "\\" + line[found.start(4):]


def _inline(value: Inline, fmt: str, code: bool = False) -> str:
    if isinstance(value, list):
        return "".join(_inline(v, fmt, code) for v in value)
    if isinstance(value, Stamp):
        return _stamp(value, fmt, code)
    if isinstance(value, Span):
        text = _code_text(value.text, fmt) if code else _escape(value.text, fmt)
        if code or not text:
            return text
        if fmt == BBCODE:
            if value.colour and _COLOUR.match(value.colour):
                text = f"[color={value.colour}]{text}[/color]"
            if value.bold:
                text = f"[b]{text}[/b]"
        elif fmt in (MARKDOWN, DISCORD) and value.bold:
            text = f"**{text}**"
        return text
    return _code_text(value, fmt) if code else _escape(value, fmt)


def _stamp(stamp: Stamp, fmt: str, code: bool) -> str:
    """Discord: `<t:1763721022:f> (<t:1763721022:R>)`, a date and time in the reader's own
    zone and how long from now; elsewhere the local time in the match's zone, with its name."""
    if fmt == DISCORD and not code:
        seconds = unix_time(stamp.iso)
        if seconds is not None:
            return f"<t:{seconds}:f> (<t:{seconds}:R>)"
    said = local_time(stamp.iso, stamp.zone)
    return _code_text(said, fmt) if code else _escape(said, fmt)


def unix_time(iso: str) -> int | None:
    """Seconds since 1970 of an RFC 3339 time; None if it is not one."""
    from datetime import datetime, timezone

    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return int(moment.timestamp())


def render(blocks: list[Any], fmt: str) -> str:
    """The blocks as one post in `fmt` ('text', 'markdown', 'bbcode' or 'discord'; a
    Discord post longer than one message is cut by `discord_messages`)."""
    out = [_block(block, fmt) for block in blocks]
    post = "\n\n".join(part for part in out if part) + "\n"
    return unping(post) if fmt == DISCORD else post


def _block(block: Any, fmt: str) -> str:
    if isinstance(block, Heading):
        text = _inline(block.text, fmt)
        if fmt == MARKDOWN:
            return f"### {text}"
        if fmt == BBCODE:
            return f"[b]{text}[/b]"
        if fmt == DISCORD:
            return f"**{text}**" if text else ""
        return text
    if isinstance(block, Para):
        text = _inline(block.text, fmt)
        return _line_start(text.lstrip(" ")) if fmt in (MARKDOWN, DISCORD) else text
    if isinstance(block, Banner):
        text = clean(_inline(block.text, fmt), one_line=True).strip()
        if fmt == BBCODE:
            return f"[b]{text}[/b]"
        if fmt in (MARKDOWN, DISCORD):
            return f"**{text}**"
        return text
    if isinstance(block, Table):
        return _table(block, fmt)
    if isinstance(block, Pre):
        lines = [_inline(line, fmt, code=True) for line in block.lines]
        if fmt == DISCORD:   # a phone shows about 60 columns of a code block: wrap, never scroll
            lines = [part for line in lines for part in _phone_lines(line)]
        return _code_block(lines, fmt)
    raise TypeError(f"unknown block {block!r}")


PHONE_WIDTH = 60   # columns of a Discord code block a phone shows without wrapping (issue 25)


def _phone_lines(line: str, width: int = PHONE_WIDTH) -> list[str]:
    """A code-block line as lines of at most `width` columns, cut at spaces, the rest indented
    two past the line's own indent so a wrapped narration still reads as one line."""
    indent = " " * min(len(line) - len(line.lstrip(" ")) + 2, width // 2)
    out: list[str] = []
    rest = line
    while display_width(rest) > width:
        fits = _columns_fit(rest, width)
        space = rest.rfind(" ", 1, fits + 1)
        cut = space if space > (len(indent) if out else 0) else fits   # no space to cut at: cut the word
        out.append(rest[:cut].rstrip(" "))
        rest = indent + rest[cut:].lstrip(" ")
    return [*out, rest]


def _columns_fit(text: str, width: int) -> int:
    """How many characters of `text` fit in `width` columns (wide ones take two); at least one."""
    used = 0
    for index, ch in enumerate(text):
        used += display_width(ch)
        if used > width:
            return max(index, 1)
    return len(text)


def _code_block(lines: list[str], fmt: str) -> str:
    """Lines kept as they are, in the format's monospace block; Markdown's fence is longer
    than any run of backticks inside (CommonMark), Discord's has none inside to meet."""
    body = "\n".join(lines)
    if fmt == MARKDOWN:
        longest = max((len(run) for run in re.findall("`+", body)), default=0)
        fence = "`" * max(3, longest + 1)
        return f"{fence}\n{body}\n{fence}"
    if fmt == DISCORD:
        return f"```\n{body}\n```"
    if fmt == BBCODE:
        return f"[code]{body}[/code]"
    return body


def _table(table: Table, fmt: str) -> str:
    """A table as tabulate's `simple` (text; in a code block for BBCode and Discord) or
    `github` (Markdown) layout: the one table drawer of boards, posts, `check`, `simulate` and
    `rulesets`. Drawn here rather than by tabulate, whose import (wcwidth and more) adds about
    45 ms, an eighth, to the start-up of every `board` and `move` (tests compare the two)."""
    if fmt == MARKDOWN:
        headers, rows, right = _cells(table, lambda c: _escape(_one_line(c), fmt))
        widths = _widths(headers, rows)
        lines = ["| " + " | ".join(_pad(h, w, r) for h, w, r in zip(headers, widths, right)) + " |",
                 "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
        lines += ["| " + " | ".join(_pad(c, w, r) for c, w, r in zip(row, widths, right)) + " |" for row in rows]
        return "\n".join(lines)
    headers, rows, right = _cells(table, lambda c: _code_text(_one_line(c), fmt))
    widths = _widths(headers, rows)
    lines = [_aligned(headers, widths, right), "  ".join("-" * w for w in widths)]
    lines += [_aligned(row, widths, right) for row in rows]
    labels = table.labels or table.headers
    if fmt == DISCORD and max(map(display_width, lines)) > PHONE_WIDTH and \
            (table.phone is not None or len(set(labels)) == len(labels)):
        return _table_as_list(table)
    if fmt == DISCORD:   # columns a line cannot name apart: the table, wrapped to the phone's width
        lines = [part for line in lines for part in _phone_lines(line)]
    return _code_block(lines, fmt)


def text_table(headers: list[str], rows: list[list[Any]], numbers: bool = False) -> str:
    """A plain-text table (tabulate's `simple` layout) for a command's output, drawn as a
    board's tables are, so the tool has one table drawer."""
    return _table(Table(headers, rows, numbers=numbers), TEXT)


def text_columns(rows: list[list[Any]]) -> list[str]:
    """Rows as the lines of a plain-text table with no header above them, for a list whose
    columns need no names (`legal`: each move and what it would do); cells are written and
    aligned as text_table writes them, so the tool still has one table drawer."""
    cells = [[_code_text(_one_line(c), TEXT) for c in row] for row in rows]
    widths = [max(display_width(row[index]) for row in cells) for index in range(len(cells[0]))] if cells else []
    return [_aligned(row, widths, [False] * len(widths)) for row in cells]


def _aligned(cells: list[str], widths: list[int], right: list[bool]) -> str:
    """One line of a text table: each cell padded to its column's width, two spaces apart."""
    return "  ".join(_pad(c, w, r) for c, w, r in zip(cells, widths, right)).rstrip()


def _cells(table: Table, write: Callable[[Any], str]) -> tuple[list[str], list[list[str]], list[bool]]:
    """The headers and cells as `write` writes them, and which columns align right: in a
    table of numbers (Table.numbers), each column of numbers only, written as tabulate does."""
    headers = [write(h) for h in table.headers]
    rows = [[write(c) for c in row] for row in table.rows]
    right = [False] * len(headers)
    for index in range(len(headers) if table.numbers and table.rows else 0):
        figures = _figures([row[index] for row in table.rows])
        if figures is not None:
            right[index] = True
            for row, text in zip(rows, figures):
                row[index] = text
    return headers, rows, right


def _figures(cells: list[Any]) -> list[str] | None:
    """A column of numbers as tabulate writes it (whole numbers as they are, else each as
    `format(x, "g")`), padded on the right so the decimal points line up; None for text."""
    if any(c.__class__ not in (int, float) for c in cells):
        return None
    texts = [str(c) for c in cells] if all(c.__class__ is int for c in cells) else [format(float(c), "g") for c in cells]
    after = [_after_point(t) for t in texts]
    return [t + " " * (max(after) - a) for t, a in zip(texts, after)]


def _after_point(text: str) -> int:
    """Characters after the decimal point (or the exponent's `e`); -1 for a whole number."""
    if text.lstrip("-").isdigit():
        return -1
    point = text.rfind(".")
    point = point if point >= 0 else text.lower().rfind("e")
    return len(text) - point - 1 if point >= 0 else -1


def _table_as_list(table: Table) -> str:
    """A table too wide for a phone's code block, for Discord: one line per row, its first
    cell in bold and the others as `header: cell`, which Discord wraps like any text (cells
    that say nothing, `-` or empty, are left out)."""
    if table.phone is not None:
        return "\n".join(" — ".join(part for part in (f"**{_escape(head, DISCORD)}**" if head else "",
                                                       _escape(rest, DISCORD)) if part)
                         for head, rest in table.phone)
    out = []
    labels = table.labels or table.headers
    for row in table.rows:
        cells = [_one_line(c) for c in row]
        said = [f"{_escape(_one_line(h), DISCORD)}: {_escape(c, DISCORD)}"
                for h, c in zip(labels[1:], cells[1:]) if c not in ("", "-")]
        head = f"**{_escape(cells[0], DISCORD)}**" if cells and cells[0] else ""
        out.append(" — ".join(part for part in (head, " · ".join(said)) if part))
    return "\n".join(out)


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


def _pad(text: str, width: int, right: bool = False) -> str:
    room = " " * (width - display_width(text))
    return room + text if right else text + room


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

# --- Discord: one post as messages of at most 2,000 characters ------------------------------

FENCE = "```"


def discord_length(text: str) -> int:
    """A message's length as Discord limits it. The API counts code points (Discord's answer
    in discord-api-docs issue 1315: "the API calculates length based on the number of
    codepoints"); the client's box, in JavaScript, may count UTF-16 units, which are never
    fewer (an emoji beyond U+FFFF is two). Counting UTF-16 units, a message fits both."""
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def discord_messages(post: str, limit: int = DISCORD_LIMIT) -> list[str]:
    """A Discord post (render(..., 'discord')) as the messages to send, each at most `limit`
    characters (Python's, which are Discord's), cut between blocks where it can, else between
    lines; a code block too long for one message is closed and opened again in the next, so
    every message's fences are balanced. With more than one message each starts with
    `(1/3)` and so on."""
    pieces = _pieces(post)
    messages = _pack(pieces, limit)
    count = len(messages)
    while count > 1:   # make room for the `(i/n)` line, which may itself need more messages
        messages = _pack(pieces, limit - discord_length(f"({count}/{count})\n"))
        if len(messages) <= count:
            break
        count = len(messages)
    if len(messages) == 1:
        return messages
    return [f"({index}/{len(messages)})\n{text}" for index, text in enumerate(messages, 1)]


def discord_post(post: str, limit: int = DISCORD_LIMIT) -> str:
    """What standard output shows of a Discord post: its messages, with a DISCORD_CUT line
    between two, so a host copies one message at a time."""
    return f"\n{DISCORD_CUT}\n".join(discord_messages(post, limit)) + "\n"


def _segments(post: str) -> list[tuple[bool, list[str]]]:
    """The post's blocks as (is code, lines): a code block from fence to fence, anything else
    one paragraph between blank lines."""
    segments: list[tuple[bool, list[str]]] = []
    current: list[str] | None = None
    in_code = False
    for line in post.rstrip("\n").split("\n"):
        if in_code:
            current.append(line)   # type: ignore[union-attr]
            in_code = line != FENCE
            continue
        if line == FENCE:
            current = [line]
            segments.append((True, current))
            in_code = True
        elif not line.strip():
            current = None
        elif current is None or segments[-1][0]:
            current = [line]
            segments.append((False, current))
        else:
            current.append(line)
    return segments


def _pieces(post: str) -> list[tuple[str, str]]:
    """The post as (separator before, text) pieces: a whole block, or for a block that may
    be too long, its lines (`\\n` between them); every code piece has its own fences."""
    pieces: list[tuple[str, str]] = []
    for code, lines in _segments(post):
        if code:
            inner = lines[1:-1] if lines[-1] == FENCE and len(lines) > 1 else lines[1:]
            pieces.append(("\n\n", "\n".join([FENCE, *inner, FENCE])))
        else:
            pieces.append(("\n\n", "\n".join(lines)))
    return pieces


def _pack(pieces: list[tuple[str, str]], budget: int) -> list[str]:
    """Pieces into as few messages of at most `budget` characters as the order allows."""
    messages: list[str] = []
    current = ""
    for separator, text in _fitted(_headed(pieces), budget):
        if current and discord_length(current) + len(separator) + discord_length(text) <= budget:
            current += separator + text
            continue
        if current:
            messages.append(current)
        current = text
    if current or not messages:
        messages.append(current)
    return messages


def _headed(pieces: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A heading (one bold line) joined to the block after it, so no message holds only a
    heading: a long block is then cut with its heading in its first part (issue 25)."""
    out: list[tuple[str, str]] = []
    for separator, text in pieces:
        if out and _is_heading(out[-1][1]) and not text.startswith(FENCE + "\n"):
            out[-1] = (out[-1][0], out[-1][1] + "\n\n" + text)
        elif out and _is_heading(out[-1][1]):
            out[-1] = (out[-1][0], out[-1][1] + "\n" + text)   # a code block right under its heading
        else:
            out.append((separator, text))
    return out


def _is_heading(text: str) -> bool:
    return "\n" not in text and text.startswith("**") and text.endswith("**") and len(text) > 4


def _fitted(pieces: list[tuple[str, str]], budget: int) -> list[tuple[str, str]]:
    """Each piece, or when longer than `budget` its parts that fit: a code block as several
    fenced blocks of whole lines, a paragraph as its lines, a line cut at a space."""
    out: list[tuple[str, str]] = []
    for separator, text in pieces:
        head, _, rest = text.partition("\n")
        if discord_length(text) <= budget:
            out.append((separator, text))
        elif text.startswith(FENCE + "\n"):
            out += [(separator if i == 0 else "\n", part) for i, part in enumerate(_code_parts(text, budget))]
        elif _is_heading(head) and rest.startswith(FENCE + "\n"):   # a heading over its code block
            parts = _code_parts(rest, budget, first=budget - discord_length(head) - 1)
            out += [(separator if i == 0 else "\n", (head + "\n" if i == 0 else "") + part)
                    for i, part in enumerate(parts)]
        else:
            parts = [part for line in text.split("\n") for part in _cut(line, budget)]
            out += [(separator if i == 0 else "\n", part) for i, part in enumerate(parts)]
    return out


def _code_parts(block: str, budget: int, first: int | None = None) -> list[str]:
    """A fenced block as fenced blocks of whole lines, each at most `budget` characters (the
    first at most `first`, when a heading goes above it)."""
    fences = 2 * (len(FENCE) + 1)
    room = budget - fences
    lines = [part for line in block.split("\n")[1:-1] for part in _cut(line, room, at_space=False)]
    parts: list[list[str]] = [[]]
    size = 0
    for line in lines:
        limit = (first - fences) if first is not None and len(parts) == 1 else room
        if parts[-1] and size + 1 + discord_length(line) > limit:
            parts.append([])
            size = 0
        size += discord_length(line) + (1 if parts[-1] else 0)
        parts[-1].append(line)
    return ["\n".join([FENCE, *part, FENCE]) for part in parts]


def _cut(line: str, room: int, at_space: bool = True) -> list[str]:
    """A line longer than `room` in parts that fit: at a space where there is one, never
    just after a backslash (which escapes the next character)."""
    parts = []
    while discord_length(line) > room:
        at = line.rfind(" ", 1, room) if at_space else -1
        if at <= 0:
            at = max(room, 1)
        while at > 1 and line[at - 1] == "\\":
            at -= 1
        parts.append(line[:at])
        line = line[at:]
    parts.append(line)
    return parts
