"""The picture of a whole match (`board --format svg/png`, the page): a banner when it is
over, the title, the players, whose turn it is and the deadline, then the game's drawing.

Split from adjudicator.picture: the Canvas there is what games draw on, so it may
not import views; this module reads the match's views and draws them on a Canvas.
"""

from __future__ import annotations

from typing import Any

from adjudicator import views
from adjudicator.picture import (
    GRID,
    INK,
    MARGIN,
    MUTED,
    SIDE_COLOURS,
    Canvas,
    draw_text_board,
    side_colour,
    text_width,
    tint,
    wrap,
)


def board_svg(match: Any, replay: Any, viewer: str | None = None, head: str | None = None) -> str:
    """The board (public, or `viewer`'s view) as SVG: a header, then the game's drawing. `head`
    (`log 27 · 3f9a21c0`, G-9) closes the header of a picture posted on its own (`board
    --format svg/png`); a page shows its heads beside the pictures."""
    res = views.result(match, replay, viewer, flags=False)   # the picture shows no flagged entries
    canvas = Canvas()
    canvas.band(MARGIN, gap=0)
    draw_banner(canvas, match, res)
    draw_header(canvas, match, replay, res, head)
    game = match.game
    if not game.draw_board(res["board"], canvas, res.get("private") if viewer else None):
        draw_text_board(canvas, game, res["board"])
    return canvas.svg()


def draw_banner(canvas: Canvas, match: Any, res: dict[str, Any]) -> None:
    """A finished match's result as a coloured band above everything:
    a pale tint of the winner's side colour edged in the colour itself (grey for a draw), the
    words of the text boards' banner in bold ink, which reads on every side's tint (white
    letters would vanish on yellow or white). The shipped fonts have no emoji, so no trophy.
    Nothing while the match is in progress."""
    words = views.banner_text(match, res, trophy="")
    if words is None:
        return
    winner = res["winner"]
    if winner is None:
        colour = SIDE_COLOURS["grey"]
    else:
        ids = [p.id for p in match.game.players]
        side = views.sides_shown(match.game, res["board"]).get(winner, "")
        colour = side_colour(side, ids.index(winner) if winner in ids else 0)
    lines = wrap(words, 17, canvas.inner - 24)
    top = canvas.band(len(lines) * 22 + 14, gap=0)
    canvas.rect(MARGIN, top, canvas.inner, len(lines) * 22 + 14, fill=tint(colour, 0.7), stroke=colour,
                stroke_width=3, rx=6)
    for index, line in enumerate(lines):
        canvas.text(MARGIN + 12, top + 7 + 17 + index * 22, line, size=17, fill=INK, bold=True)
    canvas.band(0, gap=10)


def draw_header(canvas: Canvas, match: Any, replay: Any, res: dict[str, Any], head: str | None = None) -> None:
    """Title; the players with their colours; whose move it is (or the result); the deadline;
    the log's head, if given (G-9)."""
    game = match.game
    names = game.display_names
    title = match.data.get("title") or match.data["id"]
    top = canvas.band(26, gap=0)
    canvas.text(MARGIN, top + 20, title, size=20, bold=True)
    top = canvas.band(22, gap=4)
    x: float = MARGIN
    sides = views.sides_shown(game, res["board"])   # in effect: Arrowbic's `first` or pick may swap them (G-6)
    for index, player in enumerate(game.players):
        colour = side_colour(sides[player.id], index)
        canvas.rect(x, top + 4, 14, 14, fill=colour, rx=3)
        label = f"{names[player.id]} ({sides[player.id]})"
        canvas.text(x + 20, top + 16, label, size=15)
        x += 20 + text_width(label, 15) + 24
    lines = [views.status_line(match, replay, res)]
    clock = res.get("clock") or {}
    if clock.get("deadline"):
        from adjudicator.render import local_time

        lines.append(f"Deadline {local_time(clock['deadline'], views.zone_of(match))}"
                     + (" (passed)" if clock.get("past_deadline") else ""))
    if clock.get("untimed_since") is not None:
        lines.append(f"Untimed since entry {clock['untimed_since']}")
    lines += views.phase_lines(match, res, " ")
    if head:
        lines.append(head)
    for line in lines:
        for part in wrap(line, 13, canvas.inner):
            top = canvas.band(18, gap=2)
            canvas.text(MARGIN, top + 14, part, size=13, fill=MUTED)
    top = canvas.band(1, gap=8)
    canvas.line(MARGIN, top, canvas.width - MARGIN, top, stroke=GRID)
