"""Track Trouble! as a picture: the round's layout as the seed's "Crossing Reveal Format".

North (destinations with their points, `?` where hidden) at the top, the ravine across the
middle, the tracks' starts with their minecarts at the bottom on the south side. Each track's
route is drawn as a tree: a switch is a diamond in its own colour, the branch its state picks
is drawn in that colour and the others grey (as the seed draws deactivated tracks); the path a
track's minecarts take now is drawn full strength, the rest faded. Miners are discs in their
player's colour with their number, drawn where the view puts them: at a destination, on the
train, south, or benched. Drawn only from the public view (and `private`, marked as such),
so two matches that differ only in hidden data give the same picture.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from adjudicator.picture import (
    GRID,
    INK,
    MARGIN,
    MUTED,
    PANEL,
    SIDE_COLOURS,
    Canvas,
    num,
    shorten,
    side_colour,
    spread,
    text_width,
    tint,
)

RAIL = "#5b4636"             # a track on the path its minecarts take now
OFF = "#bdb7ab"              # a branch its switch does not pick (the seed's grey track)
RAVINE = "#6f5a47"
RAVINE_EDGE = "#a38b72"
HIDDEN_FILL = "#efe6f7"
PRIVATE = "#8a44c4"
EXTRA = "#e0a800"              # the ring of an Extra Miner's miner
SWITCH_FALLBACK = ("#8a44c4", "#2e9e48", "#e8731a", "#1aa6b7", "#8b5a2b", "#e05a9b")
EXTRA_SWITCH_COLOURS = {"teal": "#1f9e99", "grey": "#6e6e6e", "gray": "#6e6e6e"}

DOT = 11                     # a miner's disc radius
STEP = 25                    # a miner's disc and its gap
TRAIN_W = 150                # the train's column at the right, when it runs
NORTH_ZONE = 78              # room for north switches between destinations and ravine
RAVINE_H = 46
SOUTH_ZONE = 78
HEAD = 64                    # a destination box's name and points, above its miners


@dataclass(frozen=True)
class Node:
    """A route as a tree: a destination (`to` empty) or a switch with one route per state."""

    name: str
    to: tuple[Node, ...] = ()


def parse_route(text: str) -> Node:
    """The route as `layouts.route_text` writes it (`purple[N2 | green[N1 | N3]]`), as a tree.

    Names are letters, digits, `-` and `_` (layouts.NAME), so `[`, `|` and `]` are marks."""
    node, rest = _route(text.strip())
    return node


def _route(text: str) -> tuple[Node, str]:
    cut = min((i for i in (text.find("["), text.find("|"), text.find("]")) if i >= 0), default=len(text))
    name, rest = text[:cut].strip(), text[cut:].lstrip()
    if not rest.startswith("["):
        return Node(name), rest
    rest, branches = rest[1:], []
    while True:
        child, rest = _route(rest.lstrip())
        branches.append(child)
        rest = rest.lstrip()
        if rest.startswith("|"):
            rest = rest[1:]
            continue
        return Node(name, tuple(branches)), rest[1:].lstrip() if rest.startswith("]") else rest


def switch_colour(name: str, index: int) -> str:
    """A switch is named for its colour in the seed (purple, green, …); others get one by order."""
    key = name.casefold()
    return EXTRA_SWITCH_COLOURS.get(key) or SIDE_COLOURS.get(key) or SWITCH_FALLBACK[index % len(SWITCH_FALLBACK)]


# --- Raw shapes the Canvas lacks ---------------------------------------------------------

def faded_line(canvas: Canvas, x1: float, y1: float, x2: float, y2: float, stroke: str, width: float,
               dash: str | None = None, opacity: float = 1.0) -> None:
    """A line with round caps and an opacity (Canvas.line has neither)."""
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    if opacity < 1:
        extra += f' opacity="{num(opacity)}"'
    canvas.parts.append(f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" stroke="{stroke}" '
                        f'stroke-width="{num(width)}" stroke-linecap="round"{extra}/>')


def dashed_rect(canvas: Canvas, x: float, y: float, w: float, h: float, stroke: str, fill: str = "none") -> None:
    """A dashed frame: what only one player sees."""
    canvas.parts.append(f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" fill="{fill}" '
                        f'rx="8" stroke="{stroke}" stroke-width="2" stroke-dasharray="7 5"/>')


def miner(canvas: Canvas, x: float, y: float, number: str, colour: str, benched: bool = False,
          extra: bool = False) -> None:
    """A miner: a disc in the player's colour with its number (pale and ringed when benched; a
    gold ring for Extra Miner's)."""
    if extra:
        canvas.circle(x, y, DOT + 2.5, fill=EXTRA)
    if benched:
        canvas.circle(x, y, DOT, fill=tint(colour, 0.8), stroke=colour, stroke_width=2)
        canvas.text(x, y + 4.5, number, size=13, fill=colour, anchor="middle", bold=True)
    else:
        canvas.circle(x, y, DOT, fill=colour, stroke="#ffffff", stroke_width=1.5)
        canvas.text(x, y + 4.5, number, size=13, fill="#ffffff", anchor="middle", bold=True)


def minecart(canvas: Canvas, x: float, y: float, left: bool) -> None:
    """One minecart (centre x, top y): filled when still there, an outline when gone."""
    shape = [(x - 8, y), (x + 8, y), (x + 6, y + 9), (x - 6, y + 9)]
    if left:
        canvas.polygon(shape, fill="#7a5c3e", stroke=INK, stroke_width=1)
        canvas.circle(x - 4, y + 10.5, 2.2, fill=INK)
        canvas.circle(x + 4, y + 10.5, 2.2, fill=INK)
    else:
        canvas.polygon(shape, fill="none", stroke=OFF, stroke_width=1.2)


def diamond(canvas: Canvas, x: float, y: float, size: float, colour: str) -> None:
    canvas.polygon([(x, y - size), (x + size, y), (x, y + size), (x - size, y)], fill=colour, stroke="#ffffff",
                   stroke_width=2)


def locomotive(canvas: Canvas, x: float, y: float, colour: str) -> None:
    """A small train engine, its bottom-left at (x, y)."""
    canvas.rect(x, y - 18, 34, 14, fill=colour, rx=2)
    canvas.rect(x + 22, y - 28, 12, 10, fill=colour, rx=1)
    canvas.rect(x + 4, y - 25, 6, 7, fill=colour)
    canvas.polygon([(x - 6, y - 4), (x, y - 12), (x, y - 4)], fill=colour)
    for wx in (x + 7, x + 17, x + 27):
        canvas.circle(wx, y - 2, 3.5, fill=INK)


# --- The picture ---------------------------------------------------------------------------

@dataclass
class Geometry:
    """Where the parts go: x of each destination and track, the bands' y."""

    left: float
    right: float
    dest_x: dict[str, float]
    track_x: dict[str, float]
    box_w: float
    box_top: float
    box_h: float
    ravine_top: float
    start_y: float


def draw(game: Any, view: dict[str, Any], canvas: Canvas, private: dict[str, Any] | None) -> bool:
    """The whole Track Trouble board; True (always drawn)."""
    players = list(view["sides"])
    colours = {p: side_colour(view["sides"][p], i) for i, p in enumerate(players)}
    names = {p: game.display_names.get(p, p) for p in players}
    draw_status(canvas, view, names, colours)
    geo = layout(canvas, view, players)
    draw_ravine(canvas, geo)
    draw_routes(canvas, geo, view)
    base = game.miners
    draw_destinations(canvas, geo, view, players, colours, base)
    if view["train"]["runs"]:
        draw_train(canvas, geo, view, players, colours, base)
    draw_tracks(canvas, geo, view)
    draw_south(canvas, view, players, names, colours, base)
    draw_switches(canvas, view)
    items = {item: info.get("name", item) for item, info in game.ruleset.items.items()}
    draw_items(canvas, view, players, names, colours, base, items)
    if private:
        draw_private(canvas, private)
    draw_last(canvas, view, names)
    return True


def draw_status(canvas: Canvas, view: dict[str, Any], names: dict[str, str], colours: dict[str, str]) -> None:
    """Round and crossing; each player's total in their colour."""
    where = (f"Tie-break round {view['round']}" if view["tiebreak"]
             else f"Round {view['round']} of {view['rounds']}")
    state = "match over" if view["over"] else f"crossing {view['crossing']}"
    top = canvas.band(24)
    canvas.text(MARGIN, top + 19, f"{where} · {state}", size=18, bold=True)
    top = canvas.band(34, gap=6)
    x: float = MARGIN
    for player in names:
        total = str(view["points"][player])
        width = text_width(names[player], 15) * 0.92 + text_width(total, 20) * 0.95 + 34
        unknown = view["points_withheld_miners"][player]
        more = f"+ ? ({unknown} at a hidden value)" if unknown else ""
        if x > MARGIN and x + width + text_width(more, 13) * 0.92 > canvas.width - MARGIN:
            top, x = canvas.band(34, gap=6), MARGIN          # long names: the next player on a new row
        canvas.rect(x, top, width, 30, fill=tint(colours[player], 0.82), stroke=colours[player], rx=6)
        canvas.text(x + 10, top + 20, names[player], size=15, fill=INK)
        canvas.text(x + width - 10, top + 22, total, size=20, bold=True, anchor="end", fill=INK)
        x += width + 8
        if more:
            canvas.text(x, top + 21, more, size=13, fill=MUTED)
            x += text_width(more, 13) * 0.92 + 8
        x += 10


def box_height(view: dict[str, Any], players: list[str], box_w: float) -> float:
    """The destinations' (and train's) common height: room for the most miners at one."""
    per_row = max(1, int((box_w - 8) // STEP))
    rows = 0
    for place in list(view["destinations"]) + ["train"]:
        rows = max(rows, sum(math.ceil(len(_at(view, p, place)) / per_row) for p in players))
    return HEAD + rows * STEP + (6 if rows else 0)


def _at(view: dict[str, Any], player: str, place: str) -> list[str]:
    """`player`'s miners at `place` (a destination, train, south or benched), in number order."""
    return sorted((m for m, where in view["miners"][player].items() if where == place), key=int)


def layout(canvas: Canvas, view: dict[str, Any], players: list[str]) -> Geometry:
    """Take the diagram's band and place destinations (north) and tracks (south) in it."""
    left = MARGIN
    right = canvas.width - MARGIN - (TRAIN_W if view["train"]["runs"] else 0)
    dests = list(view["destinations"])
    slot = (right - left) / max(len(dests), 1)
    box_w = min(150, slot - 14)
    box_h = box_height(view, players, box_w)
    top = canvas.band(18 + box_h + NORTH_ZONE + RAVINE_H + SOUTH_ZONE + 74)
    canvas.text(MARGIN, top + 13, "NORTH", size=12, fill=MUTED, bold=True)
    box_top = top + 18
    ravine_top = box_top + box_h + NORTH_ZONE
    start_y = ravine_top + RAVINE_H + SOUTH_ZONE
    canvas.text(MARGIN, start_y + 70, "SOUTH", size=12, fill=MUTED, bold=True)
    return Geometry(left, right, dict(zip(dests, spread(dests, left, right), strict=False)),
                    dict(zip(view["tracks"], spread(list(view["tracks"]), left + 40, right), strict=False)),
                    box_w, box_top, box_h, ravine_top, start_y)


def draw_ravine(canvas: Canvas, geo: Geometry) -> None:
    """The ravine across the whole width: what every track and the train cross."""
    canvas.rect(MARGIN, geo.ravine_top, canvas.inner, RAVINE_H, fill=RAVINE_EDGE, rx=4)
    canvas.rect(MARGIN, geo.ravine_top + 8, canvas.inner, RAVINE_H - 16, fill=RAVINE)
    canvas.text(MARGIN + 8, geo.ravine_top + RAVINE_H / 2 + 5, "ravine", size=13, fill="#f3e9dc")


def node_y(geo: Geometry, side: str, depth: int) -> float:
    """A switch's height: in the north or south zone by its side, deeper ones nearer the north."""
    if side == "north":
        return geo.box_top + geo.box_h + NORTH_ZONE * 0.62 - min(depth, 2) * 16
    return geo.ravine_top + RAVINE_H + SOUTH_ZONE * 0.55 - min(depth, 2) * 18


def leaves(node: Node) -> list[str]:
    if not node.to:
        return [node.name]
    return [leaf for child in node.to for leaf in leaves(child)]


def draw_routes(canvas: Canvas, geo: Geometry, view: dict[str, Any]) -> None:
    """Every track's route tree; faded parts first, the paths taken now on top."""
    order = {name: i for i, name in enumerate(view["switches"])}
    segments: list[tuple[int, tuple[Any, ...]]] = []
    diamonds: list[tuple[float, float, str, str, int]] = []
    for track, info in view["tracks"].items():
        root = parse_route(info["route"])
        start = (geo.track_x[track], geo.start_y)
        usable = info["carts"] > 0
        _walk(geo, view, order, root, start, RAIL, usable, 0, segments, diamonds)
    for layer in (0, 1):
        for rank, seg in segments:
            if rank == layer:
                faded_line(canvas, *seg)
    for x, y, name, colour, state in diamonds:
        diamond(canvas, x, y, 11, colour)
        label = f"{name} {state}"
        canvas.rect(x + 13, y - 8, text_width(label, 12) * 0.95 + 4, 17, fill="#ffffff", rx=3, opacity=0.85)
        canvas.text(x + 15, y + 5, label, size=12, fill=colour, bold=True)


def _walk(geo: Geometry, view: dict[str, Any], order: dict[str, int], node: Node, start: tuple[float, float],
          colour: str, on_path: bool, depth: int, segments: list[Any], diamonds: list[Any]) -> None:
    """One edge into `node` (from `start`, drawn in `colour`), then its branches."""
    if not node.to:
        centre = geo.dest_x[node.name]
        reach = geo.box_w / 3          # arrivals spread along the box's bottom by where they come from
        end = (centre + max(-reach, min(reach, (start[0] - centre) * 0.3)), geo.box_top + geo.box_h)
        _segment(segments, start, end, colour, on_path)
        return
    switch = view["switches"][node.name]
    state = switch["state"]
    own = switch_colour(node.name, order.get(node.name, 0))
    x = start[0] if depth == 0 else (start[0] + sum(geo.dest_x[d] for d in leaves(node)) / len(leaves(node))) / 2
    here = (x, node_y(geo, switch["side"], depth))
    _segment(segments, start, here, colour, on_path)
    for index, child in enumerate(node.to):
        chosen = index == state
        _walk(geo, view, order, child, here, own if chosen else OFF, on_path and chosen, depth + 1, segments,
              diamonds)
    diamonds.append((here[0], here[1], node.name, own, state))


def _segment(segments: list[Any], start: tuple[float, float], end: tuple[float, float], colour: str,
             on_path: bool) -> None:
    """A piece of track: full and thick on the path taken now, else thin and faded."""
    if colour == OFF:
        segments.append((0, (*start, *end, OFF, 3, "6 6", 1.0)))
    elif on_path:
        segments.append((1, (*start, *end, colour, 6, None, 1.0)))
    else:
        segments.append((0, (*start, *end, colour, 4, None, 0.35)))


def draw_destinations(canvas: Canvas, geo: Geometry, view: dict[str, Any], players: list[str],
                      colours: dict[str, str], base: int) -> None:
    """Each destination: name, points (`?` while hidden, TT-7), the miners who reached it."""
    for dest, value in view["destinations"].items():
        x = geo.dest_x[dest] - geo.box_w / 2
        hidden = not isinstance(value, int)
        canvas.rect(x, geo.box_top, geo.box_w, geo.box_h, fill=HIDDEN_FILL if hidden else PANEL,
                    stroke=PRIVATE if hidden else GRID, stroke_width=2 if hidden else 1, rx=8)
        name, size = fitted(dest, 16, geo.box_w - 20)
        canvas.text(x + 10, geo.box_top + 22, name, size=size, bold=True)
        canvas.text(x + geo.box_w - 10, geo.box_top + 54, value, size=30, bold=True, anchor="end",
                    fill=PRIVATE if hidden else INK)
        if geo.box_w >= 100:
            canvas.text(x + 10, geo.box_top + 52, "hidden" if hidden else "points", size=12, fill=MUTED)
        place_miners(canvas, view, players, colours, dest, x, geo.box_top + HEAD - 4, geo.box_w, base)


def place_miners(canvas: Canvas, view: dict[str, Any], players: list[str], colours: dict[str, str], place: str,
                 x: float, y: float, width: float, base: int) -> None:
    """The miners at `place` in rows inside a box: one player's rows, then the other's (miners
    numbered above `base`, the ruleset's count, are Extra Miner's)."""
    per_row = max(1, int((width - 8) // STEP))
    row = 0
    for player in players:
        here = _at(view, player, place)
        for index, number in enumerate(here):
            cx = x + 4 + STEP / 2 + (index % per_row) * STEP
            cy = y + (row + index // per_row) * STEP + STEP / 2
            miner(canvas, cx, cy, number, colours[player], extra=int(number) > base)
        row += math.ceil(len(here) / per_row)


def draw_train(canvas: Canvas, geo: Geometry, view: dict[str, Any], players: list[str],
               colours: dict[str, str], base: int) -> None:
    """The train's column: its riders at the north, its rail across the ravine, the engine south."""
    train = view["train"]
    x = canvas.width - MARGIN - TRAIN_W + 14
    w = TRAIN_W - 14
    cx = x + w / 2
    faded_line(canvas, cx, geo.box_top + geo.box_h, cx, geo.start_y - 8, INK, 4, dash="2 6",
               opacity=0.35 if train["gone"] else 1.0)
    canvas.rect(x, geo.box_top, w, geo.box_h, fill=PANEL, stroke=INK, stroke_width=1.5, rx=8)
    canvas.text(x + 10, geo.box_top + 22, "Train", size=16, bold=True)
    canvas.text(x + w - 10, geo.box_top + 54, train["points"], size=30, bold=True, anchor="end")
    canvas.text(x + 10, geo.box_top + 52, "point a rider", size=12, fill=MUTED)
    place_miners(canvas, view, players, colours, "train", x, geo.box_top + HEAD - 4, w, base)
    engine_y = geo.start_y + 4
    locomotive(canvas, cx - 17, engine_y, OFF if train["gone"] else INK)
    canvas.text(cx, engine_y + 20, "gone" if train["gone"] else "waiting", size=13, anchor="middle",
                bold=True, fill=MUTED if train["gone"] else INK)


def draw_tracks(canvas: Canvas, geo: Geometry, view: dict[str, Any]) -> None:
    """Each track's start, south: its name, its minecarts (left filled, gone as outlines)."""
    slot = (geo.right - geo.left - 40) / max(len(view["tracks"]), 1)
    for track, info in view["tracks"].items():
        x = geo.track_x[track]
        usable = info["carts"] > 0
        canvas.circle(x, geo.start_y, 6, fill=RAIL if usable else OFF)
        total = info["carts_at_start"]
        for index in range(total):
            minecart(canvas, x - (total - 1) * 10 + index * 20, geo.start_y + 12, index < info["carts"])
        name, size = fitted(track, 15, slot - 8)
        canvas.text(x, geo.start_y + 44, name, size=size, bold=True, anchor="middle", fill=INK if usable else MUTED)
        canvas.text(x, geo.start_y + 60, f"{info['carts']} of {total} left", size=12, anchor="middle", fill=MUTED)


def draw_south(canvas: Canvas, view: dict[str, Any], players: list[str], names: dict[str, str],
               colours: dict[str, str], base: int) -> None:
    """The miners still south, one row a player; benched ones pale and ringed."""
    per_row = max(1, int((canvas.inner - 150) // STEP))
    rows = {p: max(1, math.ceil((len(_at(view, p, "south")) + len(_at(view, p, "benched"))) / per_row))
            for p in players}
    top = canvas.band(sum(rows.values()) * STEP + 10 * len(players) + 12, gap=4)
    canvas.rect(MARGIN, top, canvas.inner, canvas.height - top, fill=PANEL, rx=8)
    y = top + 8
    for player in players:
        name, size = fitted(names[player], 14, 122)
        canvas.text(MARGIN + 10, y + STEP / 2 + 5, name, size=size, bold=True, fill=colours[player])
        everyone = [(m, False) for m in _at(view, player, "south")] + [(m, True) for m in _at(view, player, "benched")]
        if not everyone:
            canvas.text(MARGIN + 140, y + STEP / 2 + 5, "nobody south", size=13, fill=MUTED)
        for index, (number, benched) in enumerate(everyone):
            cx = MARGIN + 140 + STEP / 2 + (index % per_row) * STEP
            miner(canvas, cx, y + (index // per_row) * STEP + STEP / 2, number, colours[player], benched,
                  extra=int(number) > base)
        y += rows[player] * STEP + 10
    if any(_at(view, p, "benched") for p in players):
        top = canvas.band(24, gap=6)
        miner(canvas, MARGIN + 12, top + 12, "", MUTED, benched=True)
        canvas.text(MARGIN + 30, top + 17, "benched: sits out crossing 1 (did not cross last round)", size=12,
                    fill=MUTED)


def draw_switches(canvas: Canvas, view: dict[str, Any]) -> None:
    """A legend: each switch's colour, side and state, its states as dots with the current one filled."""
    if not view["switches"]:
        return
    top = canvas.band(22 * len(view["switches"]) + 4)
    for index, (name, switch) in enumerate(view["switches"].items()):
        y = top + 11 + index * 22
        colour = switch_colour(name, index)
        diamond(canvas, MARGIN + 10, y, 8, colour)
        label = f"switch {name} ({switch['side']} side): state {switch['state']} of 0–{switch['states'] - 1}"
        canvas.text(MARGIN + 26, y + 5, label, size=13)
        x = MARGIN + 40 + text_width(label, 13) * 0.92
        for state in range(switch["states"]):
            canvas.circle(x + state * 14, y, 5, fill=colour if state == switch["state"] else "#ffffff",
                          stroke=colour, stroke_width=1.5)


def draw_items(canvas: Canvas, view: dict[str, Any], players: list[str], names: dict[str, str],
               colours: dict[str, str], base: int, items: dict[str, str] | None = None) -> None:
    """Items used (public ones only, as the view lists them), by their names (`items`: id ->
    name), and Extra Miner this round."""
    lines = []
    for player in players:
        used = view["items_used"].get(player) or []
        parts = [", ".join((items or {}).get(item, item) for item in used)] if used else []
        if view["extra_miner"].get(player):
            parts.append(f"Extra Miner in play this round (miner {base + 1}, gold ring)")
        if parts:
            lines.append((player, f"{names[player]} items used: {'; '.join(parts)}"))
    if not lines:
        return
    top = canvas.band(20 * len(lines))
    for index, (player, line) in enumerate(lines):
        canvas.rect(MARGIN, top + index * 20 + 4, 10, 10, fill=colours[player], rx=2)
        canvas.text(MARGIN + 16, top + index * 20 + 14, line, size=13)


PRIVATE_LABELS = {"hidden_value": "Your Hidden Value", "points_with_hidden": "Totals as you can count them"}


def draw_private(canvas: Canvas, private: dict[str, Any]) -> None:
    """What only the viewer may see, in a dashed frame marked private."""
    lines = [f"{PRIVATE_LABELS.get(key, key)}: {value}" for key, value in private.items()]
    wrapped = [part for line in lines for part in wrap(line, 13, canvas.inner - 24)]
    top = canvas.band(30 + 18 * len(wrapped))
    dashed_rect(canvas, MARGIN, top, canvas.inner, canvas.height - top, PRIVATE, fill="#faf5fd")
    canvas.text(MARGIN + 12, top + 20, "PRIVATE — only you see this (board --as)", size=13, bold=True, fill=PRIVATE)
    for index, line in enumerate(wrapped):
        canvas.text(MARGIN + 12, top + 40 + index * 18, line, size=13)


def draw_last(canvas: Canvas, view: dict[str, Any], names: dict[str, str]) -> None:
    """The last crossing's report, as the text board words it."""
    last = view["last_crossing"]
    if not last:
        return
    lines = [(f"Round {last['round']}, crossing {last['crossing']}:", True)]
    for player, text in last["actions"].items():
        lines += [(part, False) for part in wrap(f"{names.get(player, player)}: {text}", 13, canvas.inner)]
    for result in last["results"]:
        lines += [(part, False) for part in wrap(f"• {result}", 13, canvas.inner)]
    top = canvas.band(18 * len(lines) + 4, gap=14)
    canvas.line(MARGIN, top - 6, canvas.width - MARGIN, top - 6, stroke=GRID)
    for index, (line, bold) in enumerate(lines):
        canvas.text(MARGIN, top + 14 + index * 18, line, size=13, bold=bold, fill=INK if bold else "#444444")


def fitted(text: str, size: float, width: float, least: float = 12) -> tuple[str, float]:
    """`text` at the largest size from `size` down to `least` that fits `width` (bold, about),
    cut short with `…` if even the least is too wide: layout names may be 32 letters long."""
    per_char = 0.68                       # DejaVu Sans Bold, roughly
    size = max(least, min(size, width / max(len(text) * per_char, 1)))
    return shorten(text, max(1, int(width // (size * per_char)))), size


def wrap(text: str, size: float, width: float) -> list[str]:
    """`text` broken at spaces into lines about `width` pixels wide."""
    import textwrap

    most = max(10, int(width // (size * 0.56)))
    return textwrap.wrap(text, most) or [""]
