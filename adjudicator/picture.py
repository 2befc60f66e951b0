"""Boards as pictures: SVG drawn from the same view data the text boards use, PNG from it.

The SVG is written by hand, as python-chess writes its boards: a few shapes and text, no
library, deterministic to the byte (the same view gives the same file, so two matches that
differ only in hidden data give identical pictures). Each game draws its board on a
`Canvas` with `Game.draw_board(view, canvas)`; a game that draws nothing gets its text board
set in a monospace font, so a plug-in game has pictures too. Text is set in DejaVu, shipped
in adjudicator/fonts and handed to the rasterizer with the system's fonts switched off, so a
PNG is the same on every machine. resvg (resvg-py) is imported only for a PNG.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

WIDTH = 800                  # forum size: wide enough to read, narrow enough for a phone
MARGIN = 20
FONT = "DejaVu Sans"
MONO = "DejaVu Sans Mono"
FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf")

INK = "#222222"              # text and lines
MUTED = "#777777"            # secondary text, empty cells
PAPER = "#ffffff"
PANEL = "#f3f1ec"            # the background of a board's panels
GRID = "#c9c4b8"

# Side colours as the rulesets name them, tuned to read on white; other names fall back to
# a fixed palette by their order in the match.
SIDE_COLOURS = {
    "red": "#d1362f", "blue": "#2f6fd1", "yellow": "#e0a800", "green": "#2e9e48",
    "purple": "#8a44c4", "orange": "#e8731a", "black": "#333333", "white": "#bbbbbb",
    "pink": "#e05a9b", "grey": "#8c8c8c", "gray": "#8c8c8c", "brown": "#8b5a2b", "cyan": "#1aa6b7",
}
FALLBACK = ("#d1362f", "#2f6fd1", "#2e9e48", "#8a44c4")


def side_colour(side: str, index: int = 0) -> str:
    """The colour a side is drawn in: its name when it is a colour, else a fixed one by order."""
    return SIDE_COLOURS.get(side.casefold(), FALLBACK[index % len(FALLBACK)])


def tint(colour: str, amount: float = 0.75) -> str:
    """`colour` mixed with white (`amount` of white): a pale fill behind a side's things."""
    value = colour.lstrip("#")
    rgb = [int(value[i:i + 2], 16) for i in (0, 2, 4)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in rgb)


def num(value: float) -> str:
    """A coordinate as SVG text: at most two decimals, no trailing zeros, never `-0`."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def escape(text: Any) -> str:
    """Text for an SVG element or attribute; control characters dropped (render.clean)."""
    from adjudicator.render import clean

    return (clean(text, one_line=True).replace("&", "&amp;").replace("<", "&lt;")
            .replace(">", "&gt;").replace('"', "&quot;"))


@dataclass
class Canvas:
    """An SVG being drawn, top to bottom: `band(h)` hands out the next `h` pixels of height
    (the picture grows as a game draws), shapes go in as elements, `svg()` writes the file."""

    width: int = WIDTH
    height: float = 0.0
    parts: list[str] = field(default_factory=list)

    # Layout
    def band(self, height: float, gap: float = 12) -> float:
        """Take the next `height` pixels (after `gap`); returns the band's top y."""
        top = self.height + (gap if self.height else 0)
        self.height = top + height
        return top

    @property
    def inner(self) -> float:
        """The drawable width inside the margins."""
        return self.width - 2 * MARGIN

    # Shapes
    def rect(self, x: float, y: float, w: float, h: float, fill: str = "none", stroke: str | None = None,
             stroke_width: float = 1, rx: float = 0, opacity: float | None = None) -> None:
        attrs = f'x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" fill="{fill}"'
        if rx:
            attrs += f' rx="{num(rx)}"'
        if stroke:
            attrs += f' stroke="{stroke}" stroke-width="{num(stroke_width)}"'
        if opacity is not None:
            attrs += f' opacity="{num(opacity)}"'
        self.parts.append(f"<rect {attrs}/>")

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str = INK, width: float = 1,
             dash: str | None = None) -> None:
        extra = f' stroke-dasharray="{dash}"' if dash else ""
        self.parts.append(f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" '
                          f'stroke="{stroke}" stroke-width="{num(width)}"{extra}/>')

    def circle(self, cx: float, cy: float, r: float, fill: str = "none", stroke: str | None = None,
               stroke_width: float = 1) -> None:
        extra = f' stroke="{stroke}" stroke-width="{num(stroke_width)}"' if stroke else ""
        self.parts.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{fill}"{extra}/>')

    def polygon(self, points: Iterable[tuple[float, float]], fill: str = "none", stroke: str | None = None,
                stroke_width: float = 1) -> None:
        coords = " ".join(f"{num(x)},{num(y)}" for x, y in points)
        extra = f' stroke="{stroke}" stroke-width="{num(stroke_width)}" stroke-linejoin="round"' if stroke else ""
        self.parts.append(f'<polygon points="{coords}" fill="{fill}"{extra}/>')

    def text(self, x: float, y: float, content: Any, size: float = 15, fill: str = INK, anchor: str = "start",
             bold: bool = False, mono: bool = False) -> None:
        """Text with its baseline at y; `anchor` start, middle or end."""
        weight = ' font-weight="bold"' if bold else ""
        family = f' font-family="{MONO}" xml:space="preserve"' if mono else ""   # keep a grid's spaces
        self.parts.append(f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" fill="{fill}" '
                          f'text-anchor="{anchor}"{weight}{family}>{escape(content)}</text>')

    def arrow(self, cx: float, cy: float, size: float, direction: str, fill: str) -> None:
        """A filled arrow pointing up, down, left or right, centred on (cx, cy)."""
        half = size / 2
        shape = [(0, -half), (half, 0), (half * 0.4, 0), (half * 0.4, half), (-half * 0.4, half),
                 (-half * 0.4, 0), (-half, 0)]
        turn = {"up": (1, 0, 0, 1), "down": (-1, 0, 0, -1), "right": (0, -1, 1, 0), "left": (0, 1, -1, 0)}
        a, b, c, d = turn[direction]
        self.polygon([(cx + a * x + b * y, cy + c * x + d * y) for x, y in shape], fill=fill)

    def svg(self) -> str:
        """The whole picture as one SVG document (white background, the shipped fonts named)."""
        height = int(self.height + MARGIN + 0.999)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{height}" '
                f'viewBox="0 0 {self.width} {height}" font-family="{FONT}">\n'
                f'<rect x="0" y="0" width="{self.width}" height="{height}" fill="{PAPER}"/>\n'
                + "\n".join(self.parts) + "\n</svg>\n")


def draw_text_board(canvas: Canvas, game: Any, view: dict[str, Any]) -> None:
    """A game without a drawing of its own: its text board's lines, in a monospace font."""
    from adjudicator.render import render

    blocks = game.board_blocks(view)
    lines = render(blocks, "text").rstrip("\n").split("\n")
    size = 13
    top = canvas.band(len(lines) * (size + 4))
    for index, line in enumerate(lines):
        canvas.text(MARGIN, top + (index + 1) * (size + 4) - 4, line, size=size, mono=True)


def text_width(text: str, size: float, mono: bool = False) -> float:
    """About how wide `text` is in DejaVu at `size` (for laying out, not for measuring)."""
    return len(text) * size * (0.602 if mono else 0.6)


def wrap(text: str, size: float, width: float, mono: bool = False) -> list[str]:
    """`text` cut at spaces into lines about `width` pixels wide at `size` (a long word stays whole)."""
    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        candidate = f"{current} {word}" if current else word
        if current and text_width(candidate, size, mono) > width:
            lines.append(current)
            candidate = word
        current = candidate
    return [*lines, current] if current or not lines else lines


def shorten(text: str, most: int) -> str:
    """`text` cut to `most` characters with `…`, so a long name cannot run over its box."""
    return text if len(text) <= most else text[:max(most - 1, 1)] + "…"


def grid_label(index: int) -> str:
    """Column letters as boards name them: A, B, …"""
    return chr(ord("A") + index)


def spread(values: Sequence[float], lo: float, hi: float) -> list[float]:
    """`values` placed evenly from lo to hi (their centres)."""
    step = (hi - lo) / max(len(values), 1)
    return [lo + step * (i + 0.5) for i in range(len(values))]


# --- PNG ------------------------------------------------------------------------------

def png(svg: str) -> bytes:
    """The SVG rasterized by resvg with only the shipped fonts, so a PNG is the same on a
    fresh machine whatever fonts it has."""
    import resvg_py

    fonts = [str(FONT_DIR / name) for name in FONT_FILES]
    data = resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=True, font_files=fonts,
                                 font_family=FONT, sans_serif_family=FONT, monospace_family=MONO)
    return bytes(data)
