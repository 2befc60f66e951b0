"""The picture of a dice Tug of War board: the rope with both teams' pawns, each
side's column as die faces, the dice on the table and whose turn it is.

Drawn only from the public view (`DiceTugOfWar.public_view`); everything in this game is
public, so there is nothing to hide. The game loads this module with its other parts, so the
drawing kit (adjudicator.picture) is imported inside the functions that draw: only when a
picture is asked for, never for a text board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from adjudicator.game import Game
from adjudicator.games.dice_tug_of_war.rules import DiceState

if TYPE_CHECKING:
    from adjudicator.picture import Canvas

# Pip positions on a unit die (0..1 in each axis), per face value 1–6.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.5), (0.73, 0.5), (0.27, 0.73), (0.73, 0.73)),
}
ROLL_DIE = "#fbfaf7"     # the free dice on the table belong to nobody: drawn white
MOST_PAWNS = 40          # pawns drawn one by one up to this many a side, else as a bar


def draw(game: Game[DiceState], view: dict[str, Any], canvas: Canvas, private: dict[str, Any] | None = None) -> bool:
    """The whole board; True, as the game draws its own picture."""
    from adjudicator.picture import side_colour

    players = list(view["sides"])
    colours = {p: side_colour(view["sides"][p], i) for i, p in enumerate(players)}
    names = game.display_names
    draw_rope(canvas, view, players, colours, names)
    draw_columns(canvas, game, view, players, colours, names)
    draw_roll(canvas, view, colours, names)
    return True


# --- The rope ---------------------------------------------------------------------------

def draw_rope(canvas: Canvas, view: dict[str, Any], players: list[str], colours: dict[str, str],
              names: dict[str, str]) -> None:
    """Each team pulls from the middle: its pawns filled from the centre out, the reserve's
    places pale beyond them (team + reserve = all pawns, DT-1)."""
    from adjudicator.picture import INK, MARGIN, MUTED, PANEL

    top = canvas.band(118)
    canvas.rect(MARGIN, top, canvas.inner, 118, fill=PANEL, rx=8)
    centre = canvas.width / 2
    rope_y = top + 70
    canvas.line(MARGIN + 12, rope_y, canvas.width - MARGIN - 12, rope_y, stroke="#b08850", width=4)
    canvas.line(centre, top + 34, centre, top + 106, stroke=INK, width=2, dash="4 3")
    for index, player in enumerate(players[:2]):
        direction = -1 if index == 0 else 1
        team, reserve = view["team"][player], view["reserve"][player]
        draw_pawns(canvas, centre, rope_y, direction, team, team + reserve, colours[player])
        anchor = "start" if index == 0 else "end"
        x = MARGIN + 14 if index == 0 else canvas.width - MARGIN - 14
        canvas.text(x, top + 24, f"{names[player]}: team {team}", size=16, bold=True, fill=INK, anchor=anchor)
        canvas.text(x, top + 108, f"reserve {reserve}", size=13, fill=MUTED, anchor=anchor)


def draw_pawns(canvas: Canvas, centre: float, rope_y: float, direction: int, team: int, total: int,
               colour: str) -> None:
    """`total` pawn places from the centre outward; the first `team` filled, the rest pale."""
    from adjudicator.picture import MARGIN, tint

    room = canvas.width / 2 - MARGIN - 30
    if total > MOST_PAWNS:   # too many to draw one by one: a bar of the team, the reserve pale
        whole = room - 4
        team_w = whole * team / total
        start = centre + direction * 16
        canvas.rect(min(start, start + direction * whole), rope_y - 14, whole, 22, fill=tint(colour, 0.7), rx=4)
        if team:
            canvas.rect(min(start, start + direction * team_w), rope_y - 14, team_w, 22, fill=colour, rx=4)
        return
    step = min(20.0, room / max(total, 1))
    scale = min(1.0, step / 16)
    pale = tint(colour, 0.7)
    for i in range(total):
        x = centre + direction * (16 + step * (i + 0.5))
        draw_pawn(canvas, x, rope_y, scale, colour if i < team else pale)


def draw_pawn(canvas: Canvas, x: float, base: float, scale: float, fill: str) -> None:
    """A pawn standing on the rope's line: a head on a flared body."""
    s = scale
    canvas.polygon([(x - 7 * s, base + 8 * s), (x + 7 * s, base + 8 * s), (x + 3.5 * s, base - 8 * s),
                    (x - 3.5 * s, base - 8 * s)], fill=fill)
    canvas.circle(x, base - 13 * s, 6 * s, fill=fill)


# --- Columns ----------------------------------------------------------------------------

def draw_columns(canvas: Canvas, game: Game[DiceState], view: dict[str, Any], players: list[str],
                 colours: dict[str, str], names: dict[str, str]) -> None:
    """Each side's panel: its column as dice in its colour; the side to act framed."""
    from adjudicator.picture import GRID, INK, MARGIN, MUTED, tint

    height = 120
    top = canvas.band(height)
    gap = 16
    width = (canvas.inner - gap) / 2
    for index, player in enumerate(players[:2]):
        x = MARGIN + index * (width + gap)
        acting = view["actor"] == player
        canvas.rect(x, top, width, height, fill=tint(colours[player], 0.9), rx=8,
                    stroke=colours[player] if acting else GRID, stroke_width=3 if acting else 1)
        canvas.rect(x + 12, top + 12, 14, 14, fill=colours[player], rx=3)
        canvas.text(x + 32, top + 24, f"{names[player]} ({view['sides'][player]})", size=15, bold=True)
        if acting:
            label = "to set up" if view["stage"] == "setup" else "to play"
            canvas.text(x + width - 12, top + 24, f"▶ {label}", size=14, bold=True, fill=colours[player],
                        anchor="end")
        canvas.text(x + 12, top + 46, "column", size=12, fill=MUTED)
        column = view["column"][player]
        count = len(column) or game.params["column_dice"]
        size = min(54.0, (width - 24 - 10 * (count - 1)) / count)
        if column:
            for i, value in enumerate(column):
                draw_die(canvas, x + 12 + i * (size + 10), top + 54, size, value, tint(colours[player], 0.55),
                         colours[player])
        else:
            for i in range(count):
                canvas.rect(x + 12 + i * (size + 10), top + 54, size, size, fill="none", stroke=GRID,
                            stroke_width=2, rx=size * 0.17)
        summary = f"team {view['team'][player]} · reserve {view['reserve'][player]}" if column else "not set up yet"
        canvas.text(x + width - 12, top + 46, summary, size=13, fill=INK, anchor="end")


def draw_die(canvas: Canvas, x: float, y: float, size: float, value: int, body: str, edge: str) -> None:
    """A die face with its pips (values past 6 as a number: a ruleset may use bigger dice)."""
    from adjudicator.picture import INK

    canvas.rect(x, y, size, size, fill=body, stroke=edge, stroke_width=2, rx=size * 0.17)
    pips = PIPS.get(value)
    if pips is None:
        canvas.text(x + size / 2, y + size * 0.68, value, size=size * 0.5, bold=True, anchor="middle")
        return
    radius = size * 0.085
    for px, py in pips:
        canvas.circle(x + px * size, y + py * size, radius, fill=INK)


# --- The roll ---------------------------------------------------------------------------

def draw_roll(canvas: Canvas, view: dict[str, Any], colours: dict[str, str], names: dict[str, str]) -> None:
    """The free dice on the table with their positions (re-rolls name positions, DT-3), who
    rolled them and what is left to do; a line saying who rolls next when none lie there."""
    from adjudicator.picture import INK, MARGIN, MUTED, PANEL

    rolled = view["rolled"]
    if not rolled:
        top = canvas.band(30)
        actor = view["actor"]
        if actor is not None:
            what = "set-up roll" if view["stage"] == "setup" else "roll"
            canvas.text(MARGIN, top + 20, f"Next: {names[actor]}'s {what}", size=15, fill=colours[actor], bold=True)
        return
    size = 60
    top = canvas.band(size + 66)
    roller = view["rolled_by"]
    colour = colours.get(roller, INK)
    canvas.rect(MARGIN, top, canvas.inner, size + 66, fill=PANEL, rx=8)
    if view["stage"] == "over":
        title = f"Last roll, by {names[roller]}"
    elif view["stage"] == "setup":
        title = f"Set-up roll of {names[roller]}"
    else:
        title = f"Rolled by {names[roller]}"
    canvas.rect(MARGIN + 12, top + 12, 14, 14, fill=colour, rx=3)
    canvas.text(MARGIN + 32, top + 24, title, size=15, bold=True)
    note = _roll_note(view)
    if note:
        canvas.text(canvas.width - MARGIN - 12, top + 24, note, size=14, fill=INK, anchor="end")
    die = min(float(size), (canvas.inner - 24 - 16 * (len(rolled) - 1)) / len(rolled))
    for i, value in enumerate(rolled):
        x = MARGIN + 12 + i * (die + 16)
        draw_die(canvas, x, top + 36, die, value, ROLL_DIE, colour)
        canvas.text(x + die / 2, top + 36 + die + 18, i + 1, size=12, fill=MUTED, anchor="middle")


def _roll_note(view: dict[str, Any]) -> str:
    """What the roll still allows, from the view's numbers."""
    if view["stage"] == "play":
        left = view["rerolls_left"]
        return f"{left} re-roll{'' if left == 1 else 's'} left"
    if view["stage"] == "setup":
        return "keep, or re-roll some dice"
    return ""

