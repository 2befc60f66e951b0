"""Zero's Tug of War as a picture: the players (modules won, hands, whose turn), then one
panel per module, drawn on an adjudicator.picture.Canvas from the public view only.

Everything in this game is public (TW-2: hands are shown), so the picture is drawn from the
view alone; the ruleset's parameters (track lengths, puddles, the maze's grid, the tower's
height) give the shapes. Geometry lives in small functions (`layout`, `rope_spot`,
`path_cell`, …) that the tests use too, to sample the PNG where a thing should be.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from adjudicator.games.tug_of_war.modules import parse_cell
from adjudicator.picture import (
    GRID,
    INK,
    MARGIN,
    MUTED,
    PANEL,
    PAPER,
    WIDTH,
    Canvas,
    grid_label,
    shorten,
    side_colour,
    text_width,
    tint,
)

GAP = 12                    # between panels
HEAD = 30                   # a panel's title band
PAD = 12                    # inside a panel
PLAYER_ROW = 62             # one player's row in the players panel
LEGEND = 130                # room right of a grid for its key
WALL = "#4a4a4a"
GREY_TILE = "#dedad0"
PUDDLE = "#8fd0e8"
ROPE = "#8b5a2b"
SQUARE = "#8a44c4"          # the seed's purple square (TW-14)
LIT = "#ffcc33"
UNLIT = "#a6a39b"
CONKER = "#7a3f14"

# Modules drawn side by side after Rope (which takes the full width), in this order, two to a
# row, so that panels of about the same height share a row (Maze or Path with Tower).
HALF_ORDER = ("race", "collation", "clock", "conker", "maze", "path", "tower")


@dataclass(frozen=True)
class Box:
    """A panel's rectangle; `body` is where its drawing starts, below the title band."""

    x: float
    y: float
    w: float
    h: float

    @property
    def body(self) -> float:
        return self.y + HEAD


@dataclass(frozen=True)
class Who:
    """The two players as the picture names and colours them, in the game's order."""

    ids: tuple[str, str]
    names: dict[str, str]
    colours: dict[str, str]
    sides: dict[str, str]

    def by_side(self, side: str) -> str | None:
        """The player whose side is `side` (TW-1), None when nobody's is."""
        return next((p for p in self.ids if self.sides[p] == side), None)


def who(game: Any, view: dict[str, Any]) -> Who:
    """The players' names (as the thread knows them) and colours: the header's, by side."""
    a, b = game.player_ids
    sides = dict(view["sides"])
    colours = {p: side_colour(sides[p], i) for i, p in enumerate((a, b))}
    return Who((a, b), dict(game.display_names), colours, sides)


def label_every(cell: float, room: float = 18) -> int:
    """Label every n-th cell of a row of cells `cell` px wide so labels `room` px wide do not
    touch: every one at the usual sizes, fewer on a long track a match's parameters make."""
    return max(1, math.ceil(room / max(cell, 0.1)))


# --- Layout -----------------------------------------------------------------------------

PLAYERS_HEIGHT = 2 * PLAYER_ROW + 16
PANEL_HEIGHTS = {"rope": 130, "race": 156, "collation": 156, "clock": 180, "conker": 180,
                 "tower": 300, "maze": 300, "path": 300}


def layout(game: Any, view: dict[str, Any], top: float) -> tuple[Box, dict[str, Box], float]:
    """The players panel and each module's panel, the first starting at `top`; and the
    height all of them take. Depends on the ruleset's modules only, so a board keeps its
    shape from the first entry to the last."""
    full = WIDTH - 2 * MARGIN
    players = Box(MARGIN, top, full, PLAYERS_HEIGHT)
    y = top + players.h + GAP
    boxes: dict[str, Box] = {}
    keys = [k for k in view["modules"] if k in PANEL_HEIGHTS]
    if "rope" in keys:
        boxes["rope"] = Box(MARGIN, y, full, PANEL_HEIGHTS["rope"])
        y += PANEL_HEIGHTS["rope"] + GAP
    halves = sorted((k for k in keys if k != "rope"), key=HALF_ORDER.index)
    half = (full - GAP) / 2
    for i in range(0, len(halves), 2):
        pair = halves[i:i + 2]
        height = max(PANEL_HEIGHTS[k] for k in pair)
        for j, key in enumerate(pair):
            boxes[key] = Box(MARGIN + j * (half + GAP), y, half, height)
        y += height + GAP
    return players, boxes, y - GAP - top


def draw(game: Any, view: dict[str, Any], canvas: Canvas) -> bool:
    """The whole board below the header; False (the text board instead) for a view this
    drawing does not know, such as a module it has no panel for."""
    if any(key not in DRAWERS or key not in game.modules for key in view["modules"]):
        return False
    people = who(game, view)
    _, _, height = layout(game, view, 0)
    top = canvas.band(height)
    players, boxes, _ = layout(game, view, top)
    draw_players(canvas, game, view, people, players)
    for key, box in boxes.items():
        draw_panel(canvas, game, view, people, key, box)
    return True


# --- The players ------------------------------------------------------------------------

def draw_players(c: Canvas, game: Any, view: dict[str, Any], people: Who, box: Box) -> None:
    """Each player's row: name, modules won of those needed, hand, and whose turn it is."""
    c.rect(box.x, box.y, box.w, box.h, fill=PANEL, rx=8)
    for index, player in enumerate(people.ids):
        draw_player_row(c, game, view, people, player, box.y + 8 + index * PLAYER_ROW, box)


def draw_player_row(c: Canvas, game: Any, view: dict[str, Any], people: Who, player: str, y: float,
                    box: Box) -> None:
    colour = people.colours[player]
    x = box.x + PAD
    c.rect(x, y + 6, 14, 14, fill=colour, rx=3)
    c.text(x + 20, y + 18, shorten(people.names[player], 18), size=15, bold=True)
    last = view.get("last_module", {}).get(player)
    if last in game.modules:   # what TW-4 bars next
        c.text(x + 20, y + 36, f"last played {game.modules[last].title}", size=12, fill=MUTED)
    # Modules won of those needed (TW-9)
    won, need = view["modules_won"][player], game.params["modules_to_win"]
    wx = box.x + 210
    c.text(wx, y + 18, "won", size=12, fill=MUTED)
    for i in range(max(need, won)):
        cx = wx + 42 + i * 20
        c.circle(cx, y + 13, 7, fill=colour if i < won else PAPER, stroke=colour, stroke_width=2)
    hand, limit = view["hands"][player], game.params["hand_limit"]
    end = draw_hand(c, hand, colour, box.x + 330, y, box.x + box.w - 150)
    if len(hand) > limit:   # a discard is owed, now or next (TW-7)
        c.text(end + 6, y + 24, f"over {limit}", size=12, fill=MUTED)
    draw_turn_tag(c, view, people, player, box.x + box.w - PAD, y)
    barred = (view.get("barred") or {}).get(player) or []
    if barred:   # TW-4, TW-18
        c.text(x + 20, y + 53, f"may not choose {titles(game, barred)}", size=12, fill=INK)


CARD, CARD_STEP = 28, 32


def count_width(count: int) -> float:
    """The room "×3" takes after a card standing for `count` cards (none for one)."""
    return 0 if count == 1 else 4 + text_width(f"×{count}", 13) + 6


def hand_cards(hand: list[int], x: float, right: float) -> list[tuple[float, int, int]]:
    """Where each card of a hand goes, as (left x, strength, how many): one card each, 32 px
    apart; a hand too big for that shows each strength once with how many (×3); only
    past that are cards squeezed together."""
    if len(hand) * CARD_STEP <= right - x:
        return [(x + i * CARD_STEP, card, 1) for i, card in enumerate(hand)]
    groups = sorted({card: hand.count(card) for card in hand}.items())
    out, left = [], x
    for card, count in groups:
        out.append((left, card, count))
        left += CARD_STEP + count_width(count)
    if left <= right:
        return out
    step = (right - x) / len(hand)
    return [(x + i * step, card, 1) for i, card in enumerate(hand)]


def draw_hand(c: Canvas, hand: list[int], colour: str, x: float, y: float, right: float) -> float:
    """The hand as cards with their strengths (TW-2: hands are public); returns where it ends."""
    if not hand:
        c.text(x, y + 24, "no cards", size=13, fill=MUTED)
        return x + text_width("no cards", 13)
    cards = hand_cards(hand, x, right)
    width = min(CARD, (cards[1][0] - cards[0][0] - 3) if len(cards) > 1 else CARD)
    end = x
    for left, card, count in cards:
        c.rect(left, y + 2, width, 36, fill=PAPER, stroke=colour, stroke_width=2, rx=4)
        c.text(left + width / 2, y + 26, card, size=15, bold=True, anchor="middle", fill=INK)
        end = left + width
        if count > 1:
            c.text(end + 4, y + 26, f"×{count}", size=13, fill=INK)
            end += count_width(count)
    return end


def titles(game: Any, keys: list[str]) -> str:
    """Modules by their titles, as the board names them."""
    return ", ".join(game.modules[key].title if key in game.modules else key for key in keys)


def draw_turn_tag(c: Canvas, view: dict[str, Any], people: Who, player: str, right: float, y: float) -> None:
    """"To play", or the discard owed (TW-7), for this player."""
    owe = view.get("pending_discard")
    colour = people.colours[player]
    label = None
    if owe and owe.get("player") == player:
        label = f"discard {owe['count']}"
    elif not owe and view.get("to_play") == player:
        label = "to play"
    if label is None:
        return
    width = text_width(label, 13) + 20
    c.rect(right - width, y + 2, width, 24, fill=colour, rx=12)
    c.text(right - width / 2, y + 19, label, size=13, bold=True, fill=PAPER, anchor="middle")


# --- A module's panel -------------------------------------------------------------------

def draw_panel(c: Canvas, game: Any, view: dict[str, Any], people: Who, key: str, box: Box) -> None:
    """The panel: title, points of both players, the module itself; a won module is veiled
    with its winner's name; a module the player to move may not choose says so."""
    mod = view["modules"][key]
    winner = mod.get("winner")
    c.rect(box.x, box.y, box.w, box.h, fill=PANEL, rx=8,
           stroke=people.colours.get(winner), stroke_width=3)
    title = game.modules[key].title
    c.text(box.x + PAD, box.y + 22, title, size=16, bold=True)
    right = draw_points(c, mod, people, box)
    DRAWERS[key](c, game, mod, people, box)
    barred_for = [p for p, keys in (view.get("barred") or {}).items() if key in keys and p in people.colours]
    if winner in people.colours:
        draw_won(c, people, winner, box)
    elif barred_for:
        left = box.x + PAD + len(title) * 16 * 0.68 + 12   # past the bold title
        draw_barred(c, people, barred_for[0], box, left, right - 10)


def draw_points(c: Canvas, mod: dict[str, Any], people: Who, box: Box) -> float:
    """Each player's points as pips of their colour, of the points that win (Tower and Maze
    have none: they are won outright). Returns the left edge of what it drew."""
    right = box.x + box.w - PAD
    need = mod.get("points_to_win")
    if not need:
        label = "won outright"
        c.text(right, box.y + 21, label, size=12, fill=MUTED, anchor="end")
        return right - text_width(label, 12)
    if max(need, *mod["points"].values()) > 5:   # too many pips: as numbers
        x = right
        for player in reversed(people.ids):
            label = f"{mod['points'].get(player, 0)}/{need}"
            c.text(x, box.y + 21, label, size=13, bold=True, fill=people.colours[player], anchor="end")
            x -= text_width(label, 13) + 10
        return x + 10
    x = right
    for player in reversed(people.ids):
        got = mod["points"].get(player, 0)
        colour = people.colours[player]
        for i in reversed(range(max(need, got))):
            c.circle(x - 6, box.y + 16, 6, fill=colour if i < got else PAPER, stroke=colour, stroke_width=2)
            x -= 16
        x -= 10
    return x + 10


def draw_won(c: Canvas, people: Who, winner: str, box: Box) -> None:
    """A won module is out of play: its drawing faded under its winner's name."""
    c.rect(box.x + 3, box.body, box.w - 6, box.h - HEAD - 3, fill=PAPER, opacity=0.7)
    label = f"won by {shorten(people.names[winner], 20)}"
    width = text_width(label, 15) + 28
    cx, cy = box.x + box.w / 2, box.body + (box.h - HEAD) / 2
    c.rect(cx - width / 2, cy - 16, width, 32, fill=people.colours[winner], rx=16)
    c.text(cx, cy + 6, label, size=15, bold=True, fill=PAPER, anchor="middle")


def draw_barred(c: Canvas, people: Who, player: str, box: Box, x: float, right: float) -> None:
    """A pill between the title and the points: the player to move may not choose this
    module (TW-4, TW-18); the name is cut to what fits, down to just "barred"."""
    room = int((right - x - 16) / (12 * 0.6)) - len("not for ")
    label = f"not for {shorten(people.names[player], room)}" if room >= 4 else "barred"
    width = text_width(label, 12) + 16
    colour = people.colours[player]
    c.rect(x, box.y + 6, width, 20, fill=tint(colour, 0.8), stroke=colour, rx=10)
    c.text(x + width / 2, box.y + 20, label, size=12, fill=INK, anchor="middle")


# --- Rope (TW-10) -----------------------------------------------------------------------

PIT = 44


def rope_cell(game: Any, box: Box, side: int, spot: int) -> tuple[float, float]:
    """The left x and width of `spot` (1…length) on a player's half of the track: the first
    player's half runs left from the pit, the second's right."""
    length = game.modules["rope"].p["length"]
    centre = box.x + box.w / 2
    cell = (box.w / 2 - PIT / 2 - PAD) / length
    if side == 0:
        return centre - PIT / 2 - spot * cell, cell
    return centre + PIT / 2 + (spot - 1) * cell, cell


def rope_spot(game: Any, box: Box, side: int, spot: int) -> tuple[float, float]:
    """Where a player's marker is drawn: above their spot, or over the pit at 0."""
    if spot <= 0:
        return box.x + box.w / 2 + (-8 if side == 0 else 8), box.body + 18
    x, cell = rope_cell(game, box, side, spot)
    return x + cell / 2, box.body + 18


def draw_rope(c: Canvas, game: Any, mod: dict[str, Any], people: Who, box: Box) -> None:
    """The dual track (TW-10): each player's spots run away from the pit in the middle, their
    spot filled in their colour, the rope between the two markers, the reward letters below."""
    p = game.modules["rope"].p
    length = p["length"]
    track = box.body + 34
    spots = [max(0, min(length, mod["spots"].get(pl, 0))) for pl in people.ids]
    for side, player in enumerate(people.ids):
        colour = people.colours[player]
        for spot in range(1, length + 1):
            x, cell = rope_cell(game, box, side, spot)
            c.rect(x, track, cell, 26, fill=colour if spot == spots[side] else PAPER,
                   stroke=GRID if cell >= 6 else None)
        for spot in range(1, length + 1):   # after all the cells, so no cell covers a label
            x, cell = rope_cell(game, box, side, spot)
            here = spot == spots[side]
            if spot % label_every(cell) == 0 or (here and cell >= 16):
                ink = (PAPER if cell >= 16 else people.colours[player]) if here else MUTED   # white on its cell
                c.text(x + cell / 2, track + 18, spot, size=12, anchor="middle", fill=ink, bold=here)
        draw_letters(c, game, box, side, p["letters"], track + 44)
    centre = box.x + box.w / 2
    c.rect(centre - PIT / 2, track - 6, PIT, 38, fill=INK, rx=6)
    c.text(centre, track + 18, "pit", size=12, fill=PAPER, anchor="middle")
    (ax, ay), (bx, by) = (rope_spot(game, box, side, spots[side]) for side in (0, 1))
    c.line(ax, ay, bx, by, stroke=ROPE, width=4)
    for side, player in enumerate(people.ids):
        x, y = (ax, ay) if side == 0 else (bx, by)
        c.circle(x, y, 10, fill=people.colours[player], stroke=PAPER, stroke_width=2)


def draw_letters(c: Canvas, game: Any, box: Box, side: int, letters: dict[str, list[int]], y: float) -> None:
    """The reward letters under a half of the track: each letter's spots bracketed (TW-10)."""
    for letter, (low, high) in sorted(letters.items()):
        (x1, cell), (x2, _) = rope_cell(game, box, side, low), rope_cell(game, box, side, high)
        left, right = min(x1, x2) + 2, max(x1, x2) + cell - 2
        c.line(left, y - 12, right, y - 12, stroke=GRID, width=2)
        c.text((left + right) / 2, y + 2, letter, size=12, bold=True, fill=MUTED, anchor="middle")


# --- Race (TW-11) -----------------------------------------------------------------------

def race_cell(game: Any, box: Box, lane: int, step: int) -> tuple[float, float, float]:
    """The left x, top y and width of `step` (0…length) in a player's lane."""
    length = game.modules["race"].p["length"]
    cell = (box.w - 2 * PAD) / (length + 1)
    return box.x + PAD + step * cell, box.body + 10 + lane * 38, cell


def draw_race(c: Canvas, game: Any, mod: dict[str, Any], people: Who, box: Box) -> None:
    """A lane per player from 0 to the chequered end (TW-11), puddles in blue, each runner on
    its step."""
    p = game.modules["race"].p
    length, puddles = p["length"], set(p.get("puddles") or [])
    for lane, player in enumerate(people.ids):
        colour = people.colours[player]
        for step in range(length + 1):
            x, y, cell = race_cell(game, box, lane, step)
            fill = PUDDLE if step in puddles else tint(colour, 0.85) if step < length else PAPER
            c.rect(x, y, cell, 30, fill=fill, stroke=GRID if cell >= 6 else None)
            if step == length:
                draw_finish(c, x, y, cell, 30)
        at = max(0, min(length, mod["steps"].get(player, 0)))
        x, y, cell = race_cell(game, box, lane, at)
        c.circle(x + cell / 2, y + 15, max(6, min(11, cell / 2 - 1)), fill=colour, stroke=PAPER, stroke_width=2)
    for step in range(length + 1):
        x, y, cell = race_cell(game, box, 2, step)
        if step % label_every(cell) == 0 or step == length:
            c.text(x + cell / 2, y + 8, step, size=12, fill=MUTED, anchor="middle")
    y = box.body + 116
    if puddles:
        x = box.x + PAD
        c.rect(x, y - 12, 14, 14, fill=PUDDLE, stroke=GRID)
        where = ", ".join(map(str, sorted(puddles)))
        note = f"puddle at {where}: a card stops there"
        if text_width(note, 12) > box.w - 2 * PAD - 20:
            note = f"{len(puddles)} puddles: a card stops on one"
        c.text(x + 20, y, note, size=12, fill=MUTED)
    else:
        c.text(box.x + PAD, y, "land exactly on the end to score", size=12, fill=MUTED)


def draw_finish(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """The end of a lane, chequered."""
    size = min(w, h) / 4
    for row in range(int(h // size)):
        for col in range(int(w // size)):
            if (row + col) % 2 == 0:
                c.rect(x + col * size, y + row * size, size, size, fill=INK)


# --- Collation (TW-12) ------------------------------------------------------------------

def collation_cell(game: Any, box: Box, index: int) -> tuple[float, float, float]:
    """The left x, top y and width of counter `index` of the pile's bar."""
    total = game.modules["collation"].p["pile"]
    cell = (box.w - 2 * PAD) / max(total, 1)
    return box.x + PAD + index * cell, box.body + 30, cell


def draw_collation(c: Canvas, game: Any, mod: dict[str, Any], people: Who, box: Box) -> None:
    """One bar of all the counters: the first player's from the left, the second's from the
    right, the pile between (what is taken is held: the three always add up)."""
    p = game.modules["collation"].p
    total = p["pile"]
    a, b = people.ids
    held_a, held_b = mod["held"].get(a, 0), mod["held"].get(b, 0)
    for i in range(total):
        x, y, cell = collation_cell(game, box, i)
        fill = people.colours[a] if i < held_a else people.colours[b] if i >= total - held_b else PAPER
        c.rect(x, y, cell, 24, fill=fill, stroke=GRID if cell >= 6 else None)
    top = box.body + 22
    c.text(box.x + PAD, top, f"{held_a} held", size=13, bold=True, fill=people.colours[a])
    c.text(box.x + box.w - PAD, top, f"{held_b} held", size=13, bold=True, fill=people.colours[b], anchor="end")
    c.text(box.x + box.w / 2, top, f"pile {mod['pile']}", size=13, fill=INK, anchor="middle")
    c.text(box.x + PAD, box.body + 76, f"taken {total - mod['pile']} of {total}", size=12, fill=INK)
    early = p.get("early_end")
    notes = ["an empty pile scores for", "whoever holds more"]
    if early:
        notes = [f"once {early['taken']} are taken, holding", f"{early['holding']} or more scores at once"]
    for i, line in enumerate(notes):
        c.text(box.x + PAD, box.body + 96 + 16 * i, line, size=12, fill=MUTED)


# --- Clock (TW-13) ----------------------------------------------------------------------

def clock_centre(box: Box) -> tuple[float, float, float]:
    return box.x + PAD + 68, box.body + 74, 64


def clock_segment(box: Box, segments: int, index: int) -> list[tuple[float, float]]:
    """The wedge of segment `index`, counted clockwise from 12 o'clock."""
    cx, cy, r = clock_centre(box)
    start, end = 2 * math.pi * index / segments, 2 * math.pi * (index + 1) / segments
    steps = 8
    arc = [(cx + r * math.sin(start + (end - start) * k / steps), cy - r * math.cos(start + (end - start) * k / steps))
           for k in range(steps + 1)]
    return [(cx, cy), *arc]


def clock_filled(people: Who, mod: dict[str, Any], segments: int) -> tuple[set[int], str | None]:
    """The segments coloured and by whom: red fills clockwise from 12, blue anticlockwise
    (TW-1); another side name fills as its position (first clockwise)."""
    owner = mod.get("colour")
    if owner not in people.colours:
        return set(), None
    filled = max(0, min(segments, mod.get("filled", 0)))
    clockwise = people.sides[owner] == "red" if people.sides[owner] in ("red", "blue") else owner == people.ids[0]
    cells = set(range(filled)) if clockwise else {segments - 1 - i for i in range(filled)}
    return cells, owner


def draw_clock(c: Canvas, game: Any, mod: dict[str, Any], people: Who, box: Box) -> None:
    """The clock's segments (TW-13), those filled in the holder's colour from 12 o'clock,
    thicker lines at the quarters the reward counts."""
    p = game.modules["clock"].p
    segments = p["segments"]
    cells, owner = clock_filled(people, mod, segments)
    for i in range(segments):
        colour = people.colours[owner] if owner and i in cells else PAPER
        c.polygon(clock_segment(box, segments, i), fill=colour, stroke=GRID, stroke_width=1.5)
    cx, cy, r = clock_centre(box)
    quarter = p.get("segments_per_quarter") or segments
    for i in range(0, segments, quarter):
        angle = 2 * math.pi * i / segments
        c.line(cx, cy, cx + r * math.sin(angle), cy - r * math.cos(angle), stroke=INK, width=2)
    c.circle(cx, cy, r, stroke=INK, stroke_width=2)
    x = cx + r + 24
    if owner:
        c.text(x, box.body + 40, f"{len(cells)} of {segments}", size=20, bold=True, fill=people.colours[owner])
        c.text(x, box.body + 60, shorten(people.names[owner], 18), size=13, fill=INK)
    else:
        c.text(x, box.body + 40, f"empty, 0 of {segments}", size=15, bold=True, fill=MUTED)
    y = box.body + 100
    for player in people.ids:
        side = people.sides[player]
        turn = {"red": "clockwise", "blue": "anticlockwise"}.get(side)
        if turn:
            c.rect(x, y - 11, 12, 12, fill=people.colours[player], rx=2)
            c.text(x + 18, y, turn, size=12, fill=MUTED)
            y += 20


# --- Maze (TW-14) -----------------------------------------------------------------------

def maze_cell(game: Any, box: Box, row: int, col: int) -> tuple[float, float, float]:
    """The top-left corner and size of a maze cell."""
    maze = game.modules["maze"]
    size = min(28.0, (box.h - HEAD - 30) / max(maze.rows, 1), (box.w - 2 * PAD - 22 - LEGEND) / max(maze.cols, 1))
    return box.x + PAD + 22 + col * size, box.body + 20 + row * size, size


def draw_maze(c: Canvas, game: Any, mod: dict[str, Any], people: Who, box: Box) -> None:
    """The ruleset's grid (TW-14): walls dark, each end zone tinted in its side's colour, the
    purple square where the view puts it."""
    maze = game.modules["maze"]
    square = parse_cell(mod.get("square") or "")
    zones = {letter: people.by_side(side) for letter, side in maze.zone.items()}
    for r in range(maze.rows):
        for col in range(maze.cols):
            x, y, size = maze_cell(game, box, r, col)
            ch = maze.at(r, col)
            owner = zones.get(ch)
            fill = WALL if ch == "#" else tint(people.colours[owner], 0.55) if owner else PAPER
            c.rect(x, y, size, size, fill=fill, stroke=GRID)
            if ch == "S":
                c.circle(x + size / 2, y + size / 2, 3, fill=MUTED)
    draw_grid_labels(c, maze.rows, maze.cols, lambda r, col: maze_cell(game, box, r, col))
    if square is not None:
        x, y, size = maze_cell(game, box, *square)
        inset = size * 0.15
        c.rect(x + inset, y + inset, size - 2 * inset, size - 2 * inset, fill=SQUARE, stroke=PAPER,
               stroke_width=1.5, rx=size / 8)
    right = maze_cell(game, box, 0, maze.cols)[0] + 14
    draw_maze_legend(c, people, zones, mod.get("square"), right, box.body + 30)


def draw_maze_legend(c: Canvas, people: Who, zones: dict[str, str | None], square: str | None, x: float,
                     y: float) -> None:
    c.rect(x, y - 12, 14, 14, fill=SQUARE, rx=3)
    c.text(x + 20, y, f"the square, {square or '?'}", size=12, fill=INK)
    y += 26
    c.text(x, y, "end zones", size=12, fill=MUTED)
    for owner in zones.values():
        if owner is None:
            continue
        y += 20
        c.rect(x, y - 12, 14, 14, fill=tint(people.colours[owner], 0.55), stroke=GRID)
        c.text(x + 20, y, shorten(people.names[owner], 14), size=12, fill=INK)
    y += 26
    c.rect(x, y - 12, 14, 14, fill=WALL)
    c.text(x + 20, y, "wall", size=12, fill=INK)


def draw_grid_labels(c: Canvas, rows: int, cols: int, cell: Callable[[int, int], tuple[float, float, float]]) -> None:
    """Column letters above a grid and row numbers left of it, as boards name cells (C1);
    every other one, or fewer, on a grid too fine for all."""
    size = cell(0, 0)[2]
    across, down = label_every(size, 10), label_every(size, 14)
    for col in range(0, cols, across):
        x, y, _ = cell(0, col)
        c.text(x + size / 2, y - 6, grid_label(col), size=12, fill=MUTED, anchor="middle")
    for r in range(0, rows, down):
        x, y, _ = cell(r, 0)
        c.text(x - 6, y + size / 2 + 4, r + 1, size=12, fill=MUTED, anchor="end")


# --- Path (TW-15) -----------------------------------------------------------------------

def path_cell(game: Any, box: Box, row: int, col: int) -> tuple[float, float, float]:
    """The top-left corner and size of a Path tile."""
    n = game.modules["path"].size
    size = min(28.0, (box.h - HEAD - 30) / max(n, 1), (box.w - 2 * PAD - 22 - LEGEND) / max(n, 1))
    return box.x + PAD + 22 + col * size, box.body + 20 + row * size, size


def tile_owners(people: Who) -> dict[str, str]:
    """The view's tile letters (the side's initial, as Path.view writes them) → player."""
    return {people.sides[p][:1].upper(): p for p in people.ids}


def draw_path(c: Canvas, game: Any, mod: dict[str, Any], people: Who, box: Box) -> None:
    """The tiles (TW-15) in their owner's colour, grey where nobody's, and the counts."""
    owners = tile_owners(people)
    counts = {p: 0 for p in people.ids}
    tiles = mod.get("tiles") or []
    for r, row in enumerate(tiles):
        for col, ch in enumerate(row):
            x, y, size = path_cell(game, box, r, col)
            owner = owners.get(ch)
            if owner:
                counts[owner] += 1
            c.rect(x, y, size, size, fill=people.colours[owner] if owner else GREY_TILE, stroke=PAPER,
                   stroke_width=2)
    n = game.modules["path"].size
    draw_grid_labels(c, n, n, lambda r, col: path_cell(game, box, r, col))
    x = path_cell(game, box, 0, n)[0] + 14
    y = box.body + 30
    grey = sum(ch not in owners for row in tiles for ch in row)
    for player in people.ids:
        c.rect(x, y - 12, 14, 14, fill=people.colours[player], rx=2)
        c.text(x + 20, y, f"{counts[player]} tile{'' if counts[player] == 1 else 's'}", size=12, fill=INK)
        y += 22
    c.rect(x, y - 12, 14, 14, fill=GREY_TILE, rx=2)
    c.text(x + 20, y, f"{grey} grey", size=12, fill=INK)
    for line in ("a path across", "(top–bottom or", "left–right)", "scores"):
        y += 20
        c.text(x, y + 8, line, size=12, fill=MUTED)


# --- Conker (TW-16) ---------------------------------------------------------------------

def conker_scale(mod: dict[str, Any]) -> int:
    """The height at the top of the drawing: 12, or more for a taller conker."""
    heights: list[int] = [12, *mod.get("height", {}).values()]
    return max(heights)


def conker_at(box: Box, mod: dict[str, Any], side: int, height: int) -> tuple[float, float]:
    """Where a conker hangs: higher for a greater height."""
    low, high = box.body + 116, box.body + 36
    x = box.x + PAD + 60 + side * 90
    return x, low - (low - high) * max(0, height) / conker_scale(mod)


def draw_conker(c: Canvas, game: Any, mod: dict[str, Any], people: Who, box: Box) -> None:
    """Two conkers on strings (TW-16), each hanging higher for a greater height."""
    beam = box.body + 12
    c.rect(box.x + PAD + 20, beam - 4, 170, 8, fill=ROPE, rx=3)
    c.line(box.x + PAD + 20, box.body + 138, box.x + PAD + 190, box.body + 138, stroke=GRID, width=2)
    for side, player in enumerate(people.ids):
        height = mod.get("height", {}).get(player, 0)
        x, y = conker_at(box, mod, side, height)
        colour = people.colours[player]
        c.line(x, beam, x, y - 14, stroke=INK, width=1.5)
        c.circle(x, y, 14, fill=CONKER, stroke=colour, stroke_width=4)
        c.text(x + 22, y + 5, height, size=15, bold=True, fill=colour)
    x = box.x + PAD + 220
    for i, line in enumerate(("when a point is", "scored elsewhere,", "the higher conker", "scores")):
        c.text(x, box.body + 40 + 16 * i, line, size=12, fill=MUTED)


# --- Tower (TW-17) ----------------------------------------------------------------------

def tower_floor(game: Any, box: Box, side: int, floor: int) -> tuple[float, float, float, float]:
    """The rectangle of a tower's floor `floor` (1 at the bottom), each floor one light."""
    p = game.modules["tower"].p
    floors = max(1, p["height"] // p["light_every"])
    tall = box.h - HEAD - 70
    step = tall / floors
    x = box.x + PAD + 40 + side * 90
    bottom = box.body + 40 + tall
    return x, bottom - floor * step, 50, step


def draw_tower(c: Canvas, game: Any, mod: dict[str, Any], people: Who, box: Box) -> None:
    """Two towers (TW-17) built up to their heights, a window a light, lit up to each
    player's lights."""
    p = game.modules["tower"].p
    every, top = p["light_every"], p["height"]
    floors = max(1, top // every)
    for side, player in enumerate(people.ids):
        colour = people.colours[player]
        height = max(0, min(top, mod.get("height", {}).get(player, 0)))
        lights = mod.get("lights", {}).get(player, 0)
        x, y_top, w, _ = tower_floor(game, box, side, floors)
        x, y_low, _, step = tower_floor(game, box, side, 1)
        bottom = y_low + step
        c.rect(x, y_top, w, bottom - y_top, fill=PAPER, stroke=GRID)
        built = (bottom - y_top) * height / top
        c.rect(x, bottom - built, w, built, fill=tint(colour, 0.45))
        for floor in range(1, floors + 1):
            fx, fy, fw, fh = tower_floor(game, box, side, floor)
            if fh >= 10:   # a window a floor; too many floors to see: only "N lit" below
                c.rect(fx + 15, fy + 4, fw - 30, fh - 8, fill=LIT if floor <= lights else UNLIT, stroke=INK,
                       stroke_width=1)
        c.rect(x, y_top, w, bottom - y_top, stroke=colour, stroke_width=2.5)
        c.text(x + w / 2, y_top - 8, f"{height}", size=15, bold=True, fill=colour, anchor="middle")
        c.text(x + w / 2, bottom + 18, f"{lights} lit", size=12, fill=INK, anchor="middle")
    x = box.x + PAD + 230
    notes = (f"height {top},", f"a light every {every};", f"won at {top}", f"or {p['lead_to_win']} lights ahead")
    for i, line in enumerate(notes):
        c.text(x, box.body + 60 + 16 * i, line, size=12, fill=MUTED)


Drawer = Callable[[Canvas, Any, dict[str, Any], Who, Box], None]
DRAWERS: dict[str, Drawer] = {"rope": draw_rope, "race": draw_race, "collation": draw_collation, "clock": draw_clock,
                              "maze": draw_maze, "path": draw_path, "conker": draw_conker, "tower": draw_tower}
