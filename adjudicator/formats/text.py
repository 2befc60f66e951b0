"""`text`: a terminal, or anywhere monospace. No markup at all: text stays as it is (cleaned of
control characters, like every format's), tables and grids are plain aligned lines."""

from __future__ import annotations

from adjudicator.blocks import Span
from adjudicator.formats._base import Format


class Text(Format):
    name = "text"
    order = 0

    def escape(self, text: str) -> str:
        return text

    def code_text(self, text: str) -> str:
        return text

    def emphasis(self, text: str, span: Span) -> str:
        return text

    def heading(self, text: str) -> str:
        return text

    def banner(self, text: str) -> str:
        return text

    def code_block(self, lines: list[str]) -> str:
        return "\n".join(lines)
