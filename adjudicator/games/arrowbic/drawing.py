"""The picture of an Arrowbic Exercise board: the grid with its coordinates, the
arrow stones in their owners' colours, both pieces, the last placement, and a panel per
side (piece, stones, last arrow, Retakes used) with who places next.

Drawn only from the public view (`ArrowbicViews.public_view`; everything in this game is
public), with the sides in effect: after a `first` or an opening pick swapped the header's
sides (G-6), each player is drawn in the colour of the side they now play, and the panels
say so. Imported only when a picture is asked for.
"""

from __future__ import annotations

from typing import Any

from adjudicator.games.arrowbic.rules import ArrowbicRules
from adjudicator.picture import GRID, INK, MARGIN, MUTED, PANEL, PAPER, Canvas, grid_label, shorten, side_colour, tint

CELL = 56                 # a 9×9 board is 504 px: room for the side panel on the right
LABEL = 24                # the coordinates' margin on each side of the grid
LAST = "#222222"          # the last placement's frame
BARRED = "#b3261e"        # the no-entry sign over the arrow a player may not use (AX-2)


def draw(game: ArrowbicRules, view: dict[str, Any], canvas: Canvas, private: dict[str, Any] | None = None) -> bool:
    """The whole board; True, as the game draws its own picture. Players in the header's
    order, as on the text board, each in the colour of the side in effect (G-6)."""
    players = list(view["sides"])
    colours = {p: side_colour(view["sides"][p], i) for i, p in enumerate(players)}
    size = view["size"]
    cell = min(CELL, (canvas.inner - 2 * LABEL - 200) / size)
    board = size * cell + 2 * LABEL
    top = canvas.band(max(board, 330))
    draw_grid(canvas, view, colours, players, MARGIN, top, cell)
    draw_panel(canvas, game, view, colours, players, MARGIN + board + 16, top)
    return True


def cell_xy(name: str, size: int, x0: float, y0: float, cell: float) -> tuple[float, float]:
    """The top-left corner of a cell named like `E5`; row 1 at the bottom (AX-1)."""
    col = ord(name[0]) - ord("A")
    row = int(name[1:]) - 1
    return x0 + col * cell, y0 + (size - 1 - row) * cell


def draw_grid(canvas: Canvas, view: dict[str, Any], colours: dict[str, str], players: list[str],
              left: float, top: float, cell: float) -> None:
    """The cells, coordinates on all four sides, the stones, the last placement, the pieces."""
    size = view["size"]
    x0, y0 = left + LABEL, top + LABEL
    span = size * cell
    canvas.rect(x0, y0, span, span, fill=PANEL)
    for i in range(size + 1):
        canvas.line(x0 + i * cell, y0, x0 + i * cell, y0 + span, stroke=GRID)
        canvas.line(x0, y0 + i * cell, x0 + span, y0 + i * cell, stroke=GRID)
    for i in range(size):
        letter, number = grid_label(i), size - i
        cx, cy = x0 + (i + 0.5) * cell, y0 + (i + 0.5) * cell
        canvas.text(cx, y0 - 7, letter, size=14, fill=MUTED, anchor="middle", bold=True)
        canvas.text(cx, y0 + span + 18, letter, size=14, fill=MUTED, anchor="middle", bold=True)
        canvas.text(x0 - 8, cy + 5, number, size=14, fill=MUTED, anchor="end", bold=True)
        canvas.text(x0 + span + 8, cy + 5, number, size=14, fill=MUTED, bold=True)
    for name, stone in view["stones"].items():
        x, y = cell_xy(name, size, x0, y0, cell)
        colour = colours[stone["owner"]]
        canvas.rect(x + 2, y + 2, cell - 4, cell - 4, fill=tint(colour, 0.78), rx=5)
        canvas.arrow(x + cell / 2, y + cell / 2, cell * 0.56, stone["arrow"], colour)
    last = view["last_placement"]
    if last:
        x, y = cell_xy(last["cell"], size, x0, y0, cell)
        canvas.rect(x + 1.5, y + 1.5, cell - 3, cell - 3, stroke=LAST, stroke_width=3, rx=5)
    canvas.rect(x0, y0, span, span, stroke=INK, stroke_width=1.5)
    draw_pieces(canvas, view, colours, players, x0, y0, cell)


def draw_pieces(canvas: Canvas, view: dict[str, Any], colours: dict[str, str], players: list[str],
                x0: float, y0: float, cell: float) -> None:
    """Both pieces, their white halos first so one never hides the other; two pieces on one
    cell (AX-5 allows it) are drawn one inside the other: the ring small, the diamond large."""
    where = {p: view["pieces"][p] for p in players}
    shared = len(players) == 2 and where[players[0]] is not None and where[players[0]] == where[players[1]]
    shapes = []
    for index, player in enumerate(players):
        if where[player] is None:
            continue
        x, y = cell_xy(where[player], view["size"], x0, y0, cell)
        radius = cell * (0.3 if index % 2 == 0 else 0.48) if shared else cell * 0.4
        shapes.append((index, x + cell / 2, y + cell / 2, radius, colours[player]))
    for index, cx, cy, radius, _ in shapes:
        draw_piece(canvas, index, cx, cy, radius, PAPER, 8)
    for index, cx, cy, radius, colour in shapes:
        draw_piece(canvas, index, cx, cy, radius, colour, 5)


def draw_piece(canvas: Canvas, index: int, cx: float, cy: float, radius: float, colour: str,
               width: float = 5) -> None:
    """A piece as a thick outline, so the arrow under it still shows: the first side's a ring,
    the second's a diamond (distinct shapes, not only colours)."""
    if index % 2 == 0:
        canvas.circle(cx, cy, radius, stroke=colour, stroke_width=width)
        return
    r = radius * 1.05
    canvas.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], stroke=colour, stroke_width=width)


def clip(text: str, size: float, width: float, bold: bool = False) -> str:
    """`text` cut with an ellipsis to fit `width` at `size` (long player names in the panel)."""
    per = size * (0.66 if bold else 0.6)
    return shorten(text, int(width / per))


def draw_panel(canvas: Canvas, game: ArrowbicRules, view: dict[str, Any], colours: dict[str, str], players: list[str],
               left: float, top: float) -> None:
    """Per side: name, piece (cell or off the board), stones, last arrow, Retakes used; then
    who places next, the arrow they may not use (AX-2) and whose piece moves after (AX-5)."""
    names = game.display_names
    width = canvas.width - MARGIN - left
    y = top + LABEL
    for index, player in enumerate(players):
        colour = colours[player]
        acting = view["to_move"] == player
        height = 132
        canvas.rect(left, y, width, height, fill=tint(colour, 0.9), rx=8,
                    stroke=colour if acting else GRID, stroke_width=3 if acting else 1)
        draw_piece(canvas, index, left + 22, y + 22, 9, colour, 4)
        canvas.text(left + 40, y + 27, clip(names[player], 15, width - 48, bold=True), size=15, bold=True)
        canvas.text(left + 40, y + 45, clip(side_label(game, view, player), 12, width - 48), size=12, fill=MUTED)
        piece = view["pieces"][player]
        canvas.text(left + 12, y + 70, f"piece: {piece}" if piece else "piece: off the board", size=14,
                    fill=INK if piece else colour, bold=not piece)
        count = sum(1 for stone in view["stones"].values() if stone["owner"] == player)
        canvas.text(left + 12, y + 92, f"stones: {count}", size=14)
        canvas.text(left + 12, y + 114, "last arrow:", size=14)
        arrow = view["last_arrow"][player]
        if arrow:
            canvas.arrow(left + 108, y + 109, 20, arrow, colour)
        else:
            canvas.text(left + 100, y + 114, "none", size=14, fill=MUTED)
        used = view["retakes_used"].get(player, 0)
        if used:
            canvas.text(left + width - 10, y + 92, "Retake used" if used == 1 else f"Retake used ×{used}", size=12, fill=MUTED, anchor="end")
        y += height + 12
    draw_next(canvas, view, colours, players, names, left, y, width)


def side_label(game: ArrowbicRules, view: dict[str, Any], player: str) -> str:
    """`red`, or `red (swapped)` when a pick or `first` gave the player the side the header
    does not list for them (G-6); draw_next says by what."""
    side: str = view["sides"][player]
    if not view.get("sides_swapped") or game.by_id[player].side == side:
        return side
    return f"{side} (swapped)"


def draw_swap(canvas: Canvas, view: dict[str, Any], left: float, y: float, width: float) -> None:
    """Two short lines saying what swapped the header's sides (G-6), where it did."""
    swapped = view.get("sides_swapped")
    if not swapped:
        return
    by = "the draw of who starts" if swapped == "pick" else "the header's first"
    canvas.text(left, y, clip("Sides swapped (G-6) by", 12, width), size=12, fill=MUTED)
    canvas.text(left, y + 16, clip(by, 12, width), size=12, fill=MUTED)


def draw_next(canvas: Canvas, view: dict[str, Any], colours: dict[str, str], players: list[str],
              names: dict[str, str], left: float, y: float, width: float) -> None:
    """Who places next and what follows, or nothing once the match is over."""
    who = view["to_move"]
    canvas.text(left, y + 14, f"placements: {view['placements']}", size=13, fill=MUTED)
    draw_swap(canvas, view, left, y + (136 if who else 38), width)
    if who is None:
        return
    canvas.text(left, y + 38, clip(f"▶ {names[who]} to place", 15, width, bold=True), size=15, bold=True,
                fill=colours[who])
    barred = view["barred_arrow"]
    if barred:
        canvas.text(left, y + 62, "may not use", size=13)
        ax, ay = left + 104, y + 57
        canvas.arrow(ax, ay, 16, barred, MUTED)
        canvas.circle(ax, ay, 12, stroke=BARRED, stroke_width=2.5)
        canvas.line(ax - 8.5, ay - 8.5, ax + 8.5, ay + 8.5, stroke=BARRED, width=2.5)
    nxt = view["next_mover"]
    if nxt:
        canvas.text(left, y + 84, "then this piece moves:", size=13)
        draw_piece(canvas, players.index(nxt), left + 10, y + 102, 8, colours[nxt], 4)
        canvas.text(left + 26, y + 107, clip(names[nxt], 13, width - 26), size=13)
