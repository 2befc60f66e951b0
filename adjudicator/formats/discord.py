"""`discord`: Discord's Markdown: bold headings, tables and grids in ``` code blocks (Discord
draws no pipe tables), times as `<t:…>` stamps every reader sees in their own zone, mentions
that cannot ping, and the post cut into messages of at most 2,000 characters
(`discord_messages`)."""

from __future__ import annotations

from adjudicator.blocks import Stamp, Table, display_width, unix_time, unping
from adjudicator.formats._base import one_line, simple_table
from adjudicator.formats.markdown import Markdown

DISCORD_LIMIT = 2000
# Printed on a line of its own between Discord messages on standard output (`discord_post`),
# to show a host where one message ends and the next begins; it is no part of any message.
DISCORD_CUT = "✂-------- next message --------✂"
PHONE_WIDTH = 60   # columns of a Discord code block a phone shows without wrapping
_MARKS = frozenset("\\`*_~|<>[")


class Discord(Markdown):
    """Markdown as Discord reads it: the same emphasis, banners and inert line starts, its
    own escapes, headings, code blocks, tables and time stamps."""

    name = "discord"
    order = 3

    def escape(self, text: str) -> str:
        return unping("".join("\\" + ch if ch in _MARKS else ch for ch in text))

    def code_text(self, text: str) -> str:
        """Backticks as a look-alike (they would end the block), and no mention pings."""
        return unping(text.replace("`", "\u02cb"))

    def heading(self, text: str) -> str:
        return f"**{text}**" if text else ""

    def code_block(self, lines: list[str]) -> str:
        body = "\n".join(lines)
        return f"```\n{body}\n```"

    def pre(self, lines: list[str]) -> str:
        """A phone shows about 60 columns of a code block: wrapped, never scrolled."""
        return self.code_block([part for line in lines for part in phone_lines(line)])

    def table(self, table: Table) -> str:
        """A table too wide for a phone as a line per row, when its columns can be named in a
        line; else the table, wrapped to the phone's width."""
        lines = simple_table(table, self.code)
        labels = table.labels or table.headers
        if max(map(display_width, lines)) > PHONE_WIDTH and \
                (table.phone is not None or len(set(labels)) == len(labels)):
            return self._table_as_list(table)
        return self.code_block([part for line in lines for part in phone_lines(line)])

    def stamp(self, stamp: Stamp, code: bool) -> str:
        """`<t:1763721022:f> (<t:1763721022:R>)`: a date and time in the reader's own zone and
        how long from now; in code (where Discord shows it raw) as every format writes it."""
        seconds = None if code else unix_time(stamp.iso)
        if seconds is not None:
            return f"<t:{seconds}:f> (<t:{seconds}:R>)"
        return super().stamp(stamp, code)

    def finish(self, post: str) -> str:
        """Mentions unpinged again over the whole post: a name ending in `@` beside text
        beginning `here` would make a mention neither holds alone."""
        return unping(post)

    def printed(self, post: str) -> str:
        return discord_post(post)

    def _table_as_list(self, table: Table) -> str:
        """One line per row, its first cell in bold and the others as `header: cell`, which
        Discord wraps like any text (cells that say nothing, `-` or empty, are left out)."""
        if table.phone is not None:
            return "\n".join(" — ".join(part for part in (f"**{self.literal(head)}**" if head else "",
                                                           self.literal(rest)) if part)
                             for head, rest in table.phone)
        out = []
        labels = table.labels or table.headers
        for row in table.rows:
            cells = [one_line(c) for c in row]
            said = [f"{self.literal(one_line(h))}: {self.literal(c)}"
                    for h, c in zip(labels[1:], cells[1:], strict=False) if c not in ("", "-")]
            head = f"**{self.literal(cells[0])}**" if cells and cells[0] else ""
            out.append(" — ".join(part for part in (head, " · ".join(said)) if part))
        return "\n".join(out)


def phone_lines(line: str, width: int = PHONE_WIDTH) -> list[str]:
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


# --- Discord: one post as messages of at most 2,000 characters ------------------------------

FENCE = "```"


def discord_length(text: str) -> int:
    """A message's length as Discord limits it. The API counts code points (Discord's answer
    in discord-api-docs "the API calculates length based on the number of
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
    heading: a long block is then cut with its heading in its first part."""
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