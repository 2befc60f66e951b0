"""`markdown`: CommonMark with GFM tables (GitHub, Reddit): tables as pipe tables, grids in
fenced code blocks, every markup character of player text backslash-escaped."""

from __future__ import annotations

import re

from adjudicator.blocks import Span, Table
from adjudicator.formats._base import Format, cells, column_widths, inert_line_start, pad

_MARKS = frozenset("\\`*_[]<>|#~&")


class Markdown(Format):
    name = "markdown"
    order = 1

    def escape(self, text: str) -> str:
        return "".join("\\" + ch if ch in _MARKS else ch for ch in text)

    def code_text(self, text: str) -> str:
        return text

    def emphasis(self, text: str, span: Span) -> str:
        return f"**{text}**" if span.bold else text

    def heading(self, text: str) -> str:
        return f"### {text}"

    def para(self, text: str) -> str:
        return inert_line_start(text.lstrip(" "))

    def banner(self, text: str) -> str:
        return f"**{text}**"

    def code_block(self, lines: list[str]) -> str:
        """A fence longer than any run of backticks inside (CommonMark)."""
        body = "\n".join(lines)
        longest = max((len(run) for run in re.findall("`+", body)), default=0)
        fence = "`" * max(3, longest + 1)
        return f"{fence}\n{body}\n{fence}"

    def table(self, table: Table) -> str:
        """A pipe table, in tabulate's `github` layout."""
        headers, rows, right = cells(table, self.literal)
        widths = column_widths(headers, rows)
        lines = ["| " + " | ".join(pad(h, w, r) for h, w, r in zip(headers, widths, right, strict=False)) + " |",
                 "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
        lines += ["| " + " | ".join(pad(c, w, r) for c, w, r in zip(row, widths, right, strict=False)) + " |" for row in rows]
        return "\n".join(lines)
