"""`bbcode`: only tags phpBB 3.3 and XenForo 2 both render out of the box ([b], [color],
[code]). Whatever is aligned (tables, grids) is in [code], where forums keep spaces; they
show tags in [code] raw, so grids carry no colour there: their letters and legend say who is
who, and colour is kept for text outside code. Player text outside code is made inert by
breaking each `[` with an empty `[b][/b]`, which both forums render as nothing (no zero-width
character is left in what a reader copies); inside [code] only a `[/code]` could do harm, and
its `/` becomes a look-alike `∕`."""

from __future__ import annotations

import re

from adjudicator.blocks import Span
from adjudicator.formats._base import Format

BB_BREAK = "[b][/b]"   # an empty tag after `[`: no tag can start there, and it shows as nothing
_CODE_CLOSE = re.compile(r"\[(\s*)/(?=\s*code)", re.IGNORECASE)
_COLOUR = re.compile(r"^(?:[a-z]{1,20}|#[0-9a-f]{3}|#[0-9a-f]{6})$", re.IGNORECASE)


class BBCode(Format):
    name = "bbcode"
    order = 2

    def escape(self, text: str) -> str:
        return text.replace("[", "[" + BB_BREAK)

    def code_text(self, text: str) -> str:
        return _CODE_CLOSE.sub("[\\1\u2215", text)

    def emphasis(self, text: str, span: Span) -> str:
        if span.colour and _COLOUR.match(span.colour):
            text = f"[color={span.colour}]{text}[/color]"
        return f"[b]{text}[/b]" if span.bold else text

    def heading(self, text: str) -> str:
        return f"[b]{text}[/b]"

    def banner(self, text: str) -> str:
        return f"[b]{text}[/b]"

    def code_block(self, lines: list[str]) -> str:
        return "[code]" + "\n".join(lines) + "[/code]"
