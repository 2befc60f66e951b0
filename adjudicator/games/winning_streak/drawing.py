"""The picture of a Winning Streak board: the locations in their line with both
sides' troops facing each other (attack/health now), each side's points toward the target,
the locations won and by whom, the longest streaks, reserves and the dead; with `board --as`,
the viewer's own sealed submission, marked private.

Drawn only from the public view (`WinningStreakViews.public_view`), which holds nothing sealed:
a submission reaches the state only when its phase resolves, so two matches that differ in
an open phase's sealed set-up give the same public picture. The private panel is drawn from
`private` alone. Imported only when a picture is asked for.
"""

from __future__ import annotations

from typing import Any

from adjudicator.errors import NotationError
from adjudicator.game import Game
from adjudicator.games.winning_streak.rules import StreakState
from adjudicator.picture import GRID, INK, MARGIN, MUTED, PANEL, PAPER, Canvas, shorten, side_colour, text_width, tint

CARD_H = 42               # a troop's card
TRACK_H = 56              # a points track: the full height is the target (WS-3)
BADGE_R = 15              # a location's letter badge
DEAD = "#e2e0db"          # a dead troop's chip
PRIVATE = "#6a3fb5"       # the private panel's frame: only the viewer sees it


def draw(game: Game[StreakState], view: dict[str, Any], canvas: Canvas, private: dict[str, Any] | None = None) -> bool:
    """The whole board; True, as the game draws its own picture."""
    players = list(view["sides"])
    colours = {p: side_colour(view["sides"][p], i) for i, p in enumerate(players)}
    names = game.display_names
    draw_phase(canvas, view)
    draw_field(canvas, view, players, colours, names)
    draw_streaks(canvas, view, players, colours, names)
    if private is not None and "pending_submission" in private:
        draw_private(canvas, game, view, private["pending_submission"])
    elif private is not None and view["phase"] != "over":
        draw_unsubmitted(canvas, view)
    for player in players:
        draw_troops(canvas, view, player, colours[player], names[player])
    draw_advantage(canvas, game, view, colours, names)
    return True


def columns(canvas: Canvas, view: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """Each location's column: its centre x and width, the line spread across the picture."""
    locations = list(view["locations"])
    width = canvas.inner / max(len(locations), 1)
    return {x: (MARGIN + width * (i + 0.5), width) for i, x in enumerate(locations)}


def stats(troop: dict[str, Any]) -> str:
    """A troop's attack/health as they are now (WS-1 names the starting ones)."""
    return f"{troop['attack']}/{troop['health']}"


# --- The phase --------------------------------------------------------------------------

def draw_phase(canvas: Canvas, view: dict[str, Any]) -> None:
    """Which phase is open, or that the match is over; and what a location takes to win."""
    top = canvas.band(24)
    if view["phase"] == "placement":
        phase = f"Placement turn {view['turn']} of {view['placement_turns']}"
    elif view["phase"] == "relocation":
        phase = f"Relocation round {view['round']} · after fight {view['fights']} · up to {view['changes_allowed']} changes"
    else:
        fights = view["fights"]
        phase = f"Over after {fights} fight{'' if fights == 1 else 's'}"
    canvas.text(MARGIN, top + 18, phase, size=16, bold=True)
    canvas.text(canvas.width - MARGIN, top + 18, f"{view['points_to_win']} points win a location", size=13,
                fill=MUTED, anchor="end")


# --- The field --------------------------------------------------------------------------

def draw_field(canvas: Canvas, view: dict[str, Any], players: list[str], colours: dict[str, str],
               names: dict[str, str]) -> None:
    """Top side's troops, its points rising from the line of locations, the line, the other
    side's points and troops below: the two sides face each other across the line."""
    height = 2 * (22 + CARD_H + 6 + TRACK_H) + 2 * BADGE_R + 16
    top = canvas.band(height)
    canvas.rect(MARGIN, top, canvas.inner, height, fill=PANEL, rx=8)
    cols = columns(canvas, view)
    middle = top + height / 2
    for x, spot in view["locations"].items():
        cx, width = cols[x]
        if spot["winner"] is not None:
            canvas.rect(cx - width / 2 + 2, top + 24, width - 4, height - 48, fill=tint(colours[spot["winner"]], 0.7),
                        rx=6)
    a, b = players[:2]
    canvas.rect(MARGIN + 10, top + 6, 12, 12, fill=colours[a], rx=2)
    canvas.text(MARGIN + 28, top + 17, names[a], size=13, bold=True)
    canvas.rect(MARGIN + 10, top + height - 18, 12, 12, fill=colours[b], rx=2)
    canvas.text(MARGIN + 28, top + height - 7, names[b], size=13, bold=True)
    for x, spot in view["locations"].items():
        cx, width = cols[x]
        for player, direction in ((a, -1), (b, 1)):
            track = middle + direction * (BADGE_R + 4)
            draw_points(canvas, cx, track, direction, spot["points"][player], view["points_to_win"],
                        colours[player], spot["winner"] == player)
            card = track + direction * (TRACK_H + 6) + (-CARD_H if direction < 0 else 0)
            draw_card(canvas, cx, card, min(width - 8, 52), spot["troops"][player], colours[player],
                      spot["winner"] is not None)
        draw_badge(canvas, cx, middle, x, colours.get(spot["winner"]) if spot["winner"] else None)


def draw_points(canvas: Canvas, cx: float, start: float, direction: int, points: int, target: int,
                colour: str, won: bool) -> None:
    """One side's points at a location as a bar growing away from the line (full: `target`),
    the number beside its end."""
    width = 16
    left = cx - width / 2 - 6
    end = start + direction * TRACK_H
    canvas.rect(left, min(start, end), width, TRACK_H, fill=PAPER, stroke=GRID, rx=3)
    filled = TRACK_H * min(points, target) / max(target, 1)
    if filled:
        canvas.rect(left, start - filled if direction < 0 else start, width, filled, fill=colour,
                    rx=min(3.0, filled / 2))
    end = start + direction * max(filled, 10)
    baseline = end + 10 if direction < 0 else end   # the number's top, or foot, at the bar's end
    canvas.text(left + width + 3, baseline, points, size=13, bold=won or points > 0, fill=colour if points else MUTED)


def draw_card(canvas: Canvas, cx: float, top: float, width: float, troop: dict[str, Any] | None, colour: str,
              won: bool) -> None:
    """A troop: its attack/health now, large; its name (its starting stats) small when they
    differ. An empty place is a dashed outline (none at a won location: nobody stands there)."""
    x = cx - width / 2
    if troop is None:
        if not won:
            canvas.rect(x, top, width, CARD_H, fill="none", stroke=GRID, stroke_width=1.5, rx=6)
        return
    canvas.rect(x, top, width, CARD_H, fill=tint(colour, 0.82), stroke=colour, stroke_width=2, rx=6)
    now = stats(troop)
    changed = now != troop["name"]
    canvas.text(cx, top + (20 if changed else 27), now, size=16, bold=True, anchor="middle")
    if changed:
        canvas.text(cx, top + 36, f"({troop['name']})", size=12, fill=MUTED, anchor="middle")


def draw_badge(canvas: Canvas, cx: float, cy: float, letter: str, winner_colour: str | None) -> None:
    """A location's letter; filled with the winner's colour once won (WS-3)."""
    if winner_colour:
        canvas.circle(cx, cy, BADGE_R, fill=winner_colour)
        canvas.text(cx, cy + 6, letter, size=16, bold=True, fill=PAPER, anchor="middle")
        return
    canvas.circle(cx, cy, BADGE_R, fill=PAPER, stroke=INK, stroke_width=1.5)
    canvas.text(cx, cy + 6, letter, size=16, bold=True, fill=INK, anchor="middle")


# --- Streaks ----------------------------------------------------------------------------

def runs(view: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """The runs of adjacent locations won by one player, in line order (WS-7: no wrap; an
    unwon location breaks every run)."""
    found: list[tuple[str, list[str]]] = []
    before = None
    for x, spot in view["locations"].items():
        owner = spot["winner"]
        if owner is not None and owner == before:
            found[-1][1].append(x)
        elif owner is not None:
            found.append((owner, [x]))
        before = owner
    return found


def draw_streaks(canvas: Canvas, view: dict[str, Any], players: list[str], colours: dict[str, str],
                 names: dict[str, str]) -> None:
    """Under the line, each side's longest run(s) as a bar in its colour; then each side's
    streak, locations won and living troops."""
    cols = columns(canvas, view)
    top = canvas.band(16, gap=6)
    for owner, run in runs(view):
        if len(run) != view["streak"][owner]:
            continue
        (first, width), (last, _) = cols[run[0]], cols[run[-1]]
        canvas.rect(first - width / 2 + 3, top + 3, last - first + width - 6, 10, fill=colours[owner], rx=5)
    top = canvas.band(22, gap=6)
    half = canvas.inner / 2
    for index, player in enumerate(players[:2]):
        x = MARGIN + index * half
        canvas.rect(x, top + 5, 14, 14, fill=colours[player], rx=3)
        figures = f": streak {view['streak'][player]} · won {view['won'][player]} · alive {view['alive'][player]}"
        room = int((half - 30) / (14 * 0.6)) - len(figures)
        name = shorten(names[player], room)
        canvas.text(x + 20, top + 17, name + figures, size=14)


# --- Reserves and the dead --------------------------------------------------------------

def draw_troops(canvas: Canvas, view: dict[str, Any], player: str, colour: str, name: str) -> None:
    """A side's reserve as chips in its colour (damage shown as `name → now`), then its dead
    troops greyed and struck through."""
    reserve, dead = view["reserve"][player], view["dead"][player]
    chips = [(chip_text(t), tint(colour, 0.8), INK, False) for t in reserve]
    chips += [(troop, DEAD, MUTED, True) for troop in dead]
    rows = layout(chips, canvas.inner)
    top = canvas.band(22 + max(len(rows), 1) * 28, gap=10)
    canvas.text(MARGIN, top + 15, f"{name}: reserve {len(reserve)} · dead {len(dead)}", size=14, bold=True,
                fill=colour)
    y = top + 22
    for row in rows:
        for x, width, (text, fill, ink, struck) in row:
            canvas.rect(x, y, width, 24, fill=fill, rx=5)
            canvas.text(x + width / 2, y + 17, text, size=13, fill=ink, anchor="middle")
            if struck:
                canvas.line(x + 4, y + 12, x + width - 4, y + 12, stroke=MUTED, width=1.5)
        y += 28
    if not rows:
        canvas.text(MARGIN, y + 17, "no troops in reserve", size=13, fill=MUTED)


def chip_text(troop: dict[str, Any]) -> str:
    now = stats(troop)
    return troop["name"] if now == troop["name"] else f"{troop['name']} → {now}"


def layout(chips: list[Any], width: float) -> list[list[tuple[float, float, Any]]]:
    """Chips placed left to right, wrapping to a new row at `width`."""
    rows: list[list[tuple[float, float, Any]]] = []
    x = width + 1
    for chip in chips:
        w = text_width(chip[0], 13) + 14
        if x + w > MARGIN + width:
            rows.append([])
            x = MARGIN
        rows[-1].append((x, w, chip))
        x += w + 6
    return rows


# --- The Advantage ----------------------------------------------------------------------

def draw_advantage(canvas: Canvas, game: Game[StreakState], view: dict[str, Any], colours: dict[str, str],
                   names: dict[str, str]) -> None:
    """Who holds the Advantage (WS-5) and whether it is still there to use."""
    holder = view["advantage"]["holder"]
    if not holder:
        return
    top = canvas.band(22, gap=10)
    state = "unused" if view["advantage"]["left"] > 0 else "used"
    amount = game.params["advantage_amount"]
    canvas.text(MARGIN, top + 16, f"★ Advantage: {names[holder]} — +{amount} attack or health once, {state}; "
                                  "wins a full tie", size=14, fill=colours.get(holder, INK))


# --- The viewer's own sealed submission -------------------------------------------------

def draw_private(canvas: Canvas, game: Game[StreakState], view: dict[str, Any], pending: str | None) -> None:
    """`board --as`: the viewer's sealed submission for the open phase, marked private, with
    what it puts at each location it names under that location's column."""
    cols = columns(canvas, view)
    move = _parsed(game, pending)
    marks: dict[str, str] = {}
    if move and move.get("phase") == "placement":
        marks[move["location"]] = move["troop"]
    elif move and move.get("phase") == "relocation":
        marks = {x: troop or "—" for x, troop in move.get("set", {}).items()}
    top = canvas.band(96, gap=10)
    canvas.rect(MARGIN, top, canvas.inner, 96, fill=tint(PRIVATE, 0.92), stroke=PRIVATE, stroke_width=2, rx=8)
    label = "Private — your sealed submission, not shown to the other player"
    canvas.text(MARGIN + 10, top + 18, label, size=13, bold=True, fill=PRIVATE)
    text = pending if pending is not None else "nothing"
    canvas.text(MARGIN + 10, top + 36, text, size=13, fill=INK, mono=True)
    for x, troop in marks.items():
        if x not in cols:
            continue
        cx, width = cols[x]
        w = min(width - 8, 52)
        canvas.rect(cx - w / 2, top + 46, w, 30, fill=PAPER, stroke=PRIVATE, stroke_width=1.5, rx=5)
        canvas.text(cx, top + 66, troop, size=14, bold=True, anchor="middle", fill=PRIVATE)
        canvas.text(cx, top + 90, x, size=12, anchor="middle", fill=PRIVATE, bold=True)
    buff = (move or {}).get("buff")
    if buff:
        canvas.text(canvas.width - MARGIN - 10, top + 18, f"buff {buff['troop']} +{game.params['advantage_amount']} "
                    f"{buff['stat']}", size=13, anchor="end", fill=PRIVATE, bold=True)


def draw_unsubmitted(canvas: Canvas, view: dict[str, Any]) -> None:
    """`board --as` while the viewer has nothing sealed for the open phase: say so, privately."""
    top = canvas.band(30, gap=10)
    canvas.rect(MARGIN, top, canvas.inner, 30, fill=tint(PRIVATE, 0.92), stroke=PRIVATE, stroke_width=2, rx=8)
    phase = (f"placement turn {view['turn']}" if view["phase"] == "placement"
             else f"relocation round {view['round']}")
    canvas.text(MARGIN + 10, top + 20, f"Private — you have submitted nothing for {phase} yet", size=13, bold=True,
                fill=PRIVATE)


def _parsed(game: Game[StreakState], pending: str | None) -> dict[str, Any] | None:
    """The submission back as a move: `pending` is the game's own notation (format_move)."""
    if not pending:
        return None
    try:
        return game.parse_move(pending)
    except NotationError:
        return None
