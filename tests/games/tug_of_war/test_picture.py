"""Zero's Tug of War as a picture: every step of the example matches and of
simulated matches with items draws its own board (not the text fallback) as well-formed
SVG and as an 800-px PNG; pixels where the layout puts a Path tile, a Rope marker, the
Clock's segments, the Maze's square, a Tower light… have the colours of the view; the
picture depends on the public view only."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from adjudicator import match_picture, matchfile, picture, session, simulate, views
from adjudicator.games.tug_of_war import drawing as tow
from adjudicator.games.tug_of_war.notation import parse
from adjudicator.match_picture import draw_header
from adjudicator.picture import MARGIN, PAPER, Canvas, side_colour
from helpers.pngread import decode
from helpers.pngread import size as png_size

REPO = Path(__file__).resolve().parents[3]
SVG = "{http://www.w3.org/2000/svg}"


# --- Matches ------------------------------------------------------------------------------

def demo(version: int) -> Any:
    return matchfile.load(REPO / "matches" / f"tug-of-war-v{version}-demo.json")


# Simulated matches with each item, both versions (name: ruleset, index, seed, item); picked
# long enough to reach won modules, with the first player blue in some (the picture must not
# assume red comes first) and Block Move used (v1-block-move: entry 4 blocks Race).
SIMS = {"v2-block-move": ("tug-of-war-v2", 1, 1, "block-move"),
        "v2-conker-start": ("tug-of-war-v2", 2, 1, "conker-start"),
        "v1-starter": ("tug-of-war-v1", 3, 1, "starter"),
        "v1-block-move": ("tug-of-war-v1", 3, 5, "block-move")}


@cache
def match(name: str) -> Any:
    if name.startswith("demo-"):
        return demo(int(name[-1]))
    ruleset, index, seed, item = SIMS[name]
    played = simulate.play(ruleset, index, seed=seed, items=[item])
    return matchfile.prepare(played.data, None)


MATCHES = ["demo-v1", "demo-v2", *SIMS]


def steps(m: Any) -> Iterator[tuple[int, Any]]:
    """The replay after each entry, 0 (the start) to the last, played once through (the
    matches here void nothing, so this is what `--at N` replays)."""
    assert not any(e.get("kind") == "void" for e in m.entries)
    replay = session.new_replay(m)
    replay.use_voids(m.entries)
    yield 0, replay
    for n, entry in enumerate(m.entries, 1):
        replay.step(entry)
        yield n, replay


def board_view(m: Any, replay: Any) -> dict[str, Any]:
    return views.result(m, replay)["board"]


def modules_top(m: Any, replay: Any) -> float:
    """Where draw_board's drawing starts: below the header, one band gap further."""
    canvas = Canvas()
    canvas.band(MARGIN, gap=0)
    draw_header(canvas, m, replay, views.result(m, replay))
    return canvas.height + 12


# --- Reading the PNG (tests/helpers/pngread.py) ---------------------------------------------------

class Pixels:
    """A decoded PNG: `at(x, y)` is the colour there as #rrggbb (opaque: the page is white)."""

    def __init__(self, data: bytes) -> None:
        self.image = decode(data)
        assert self.image.channels == 4     # 8-bit RGBA, what resvg writes

    def at(self, x: float, y: float) -> str:
        assert self.image.alpha(x, y) == 255
        return self.image.hex(x, y)


# --- Every step draws -----------------------------------------------------------------------

def titles(m: Any) -> set[str]:
    return {module.title for module in m.game.modules.values()}


def assert_sane(root: ET.Element) -> None:
    """800 px wide; every text legible on a phone (12 px or more); every shape on the page
    (no negative sizes, nothing left or right of it)."""
    width, height = int(root.get("width")), int(root.get("height"))
    assert width == 800
    for element in root.iter(f"{SVG}text"):
        assert float(element.get("font-size")) >= 12, element.text
        assert 0 <= float(element.get("x")) <= width and 0 <= float(element.get("y")) <= height, element.text
    for element in root.iter(f"{SVG}rect"):
        x, y, w, h = (float(element.get(k)) for k in ("x", "y", "width", "height"))
        assert w >= 0 and h >= 0 and 0 <= x and x + w <= width and 0 <= y and y + h <= height, element.attrib
    for element in root.iter(f"{SVG}circle"):
        assert 0 <= float(element.get("cx")) <= width and float(element.get("r")) > 0, element.attrib


@pytest.mark.parametrize("name", MATCHES)
def test_every_step_draws_its_own_board_as_well_formed_svg(name):
    m = match(name)
    won = False
    every = 1 if name.startswith("demo") else 3     # a simulated match: every third step and the last
    for n, replay in steps(m):
        if n % every and n != len(m.entries):
            continue
        view = board_view(m, replay)
        assert m.game.draw_board(view, Canvas()) is True, n
        svg = match_picture.board_svg(m, replay)
        root = ET.fromstring(svg)
        texts = {t.text for t in root.iter(f"{SVG}text")}
        assert titles(m) <= texts, n                 # every module's panel
        assert picture.MONO not in svg, n           # not the text board's fallback
        assert_sane(root)
        winners = [mod["winner"] for mod in view["modules"].values() if mod["winner"]]
        assert {f"won by {m.game.display_names[p]}" for p in winners} <= texts, n
        won = won or bool(winners)
    assert won == (name != "v1-block-move")          # the others have won modules to show


@pytest.mark.parametrize("name", MATCHES)
def test_sampled_steps_render_as_800_px_pngs(name):
    m = match(name)
    last = len(m.entries)
    sample = {last // 2, last} | ({0} if name.startswith("demo") else set())
    for n, replay in steps(m):
        if n in sample:
            svg = match_picture.board_svg(m, replay)
            data = picture.png(svg)
            height = int(ET.fromstring(svg).get("height"))
            assert png_size(data) == (800, height)


def test_the_picture_is_the_same_bytes_each_time_and_as_at_replays_it():
    m = match("demo-v2")
    for n, replay in steps(m):
        if n in (0, 37, len(m.entries)):
            once = match_picture.board_svg(m, replay)
            assert match_picture.board_svg(m, replay) == once
            assert match_picture.board_svg(m, session.replay_match(m, n)) == once


def test_panels_fit_the_width_and_do_not_overlap():
    for name in ("demo-v1", "demo-v2"):
        m = match(name)
        replay = session.replay_match(m, 0)
        players, boxes, height = tow.layout(m.game, board_view(m, replay), 100)
        assert set(boxes) == set(m.game.modules)
        rects = [players, *boxes.values()]
        for box in rects:
            assert MARGIN <= box.x and box.x + box.w <= 800 - MARGIN + 0.01
            assert 100 <= box.y and box.y + box.h <= 100 + height + 0.01
        for i, one in enumerate(rects):
            for other in rects[i + 1:]:
                apart = (one.x + one.w <= other.x or other.x + other.w <= one.x
                         or one.y + one.h <= other.y or other.y + other.h <= one.y)
                assert apart, (one, other)


def test_a_view_with_a_module_it_cannot_draw_falls_back_to_the_text_board():
    m = match("demo-v1")
    view = board_view(m, session.replay_match(m, 0))
    view = {**view, "modules": {**view["modules"], "trampoline": {"winner": None, "points": {}}}}
    assert m.game.draw_board(view, Canvas()) is False


def test_a_big_hand_shows_each_strength_once_with_how_many():
    small = tow.hand_cards([1, 1, 2, 5, 5], 0, 280)
    assert [(x, card, n) for x, card, n in small] == [(0, 1, 1), (32, 1, 1), (64, 2, 1), (96, 5, 1), (128, 5, 1)]
    big = tow.hand_cards([1, 1, 1, 2, 2, 3, 3, 4, 5, 5, 5, 5], 0, 280)
    assert [(card, n) for _, card, n in big] == [(1, 3), (2, 2), (3, 2), (4, 1), (5, 4)]
    assert all(b[0] - a[0] >= 32 for a, b in pairwise(big))


# The widest a match's `rules.params` may make the modules (the rulesets' ranges): long tracks,
# a big pile, 48 segments, a 26 × 26 maze, a 16 × 16 path, 10 points to win, 200 floors.
LETTERS = {"A": [1, 8], "B": [9, 16], "C": [17, 24], "D": [25, 32], "E": [33, 40], "F": [41, 52], "G": [53, 60]}
WIDE = {"rope": {"length": 60, "start_spot": 30, "points_to_win": 10, "letters": LETTERS},
        "race": {"length": 60, "puddles": list(range(3, 60, 3)), "points_to_win": 10},
        "collation": {"pile": 200, "points_to_win": 10}, "clock": {"segments": 48, "points_to_win": 10},
        "conker": {"points_to_win": 20}, "tower": {"height": 200, "light_every": 1}, "hand_limit": 10,
        "starting_hands": {"first": [5, 5, 5, 5, 5, 5, 4, 3, 2, 1], "second": [1, 2, 3]}}
MAZE = ["#" * 26, "S" + "." * 24 + "#", *["." * 26] * 22, "R" * 13 + "B" * 13, "." * 26]


@pytest.mark.parametrize("version", ["v1", "v2"])
def test_modules_at_the_widest_parameters_still_fit(version):
    params = {**WIDE, "maze": {"grid": MAZE}} if version == "v1" else {**WIDE, "path": {"size": 16}}
    data = {"format": "adjudicator-match/1", "id": "wide", "rules": {"ruleset": f"tug-of-war-{version}",
                                                                     "params": params},
            "players": [{"id": "sally", "name": "Sally", "side": "red", "items": []},
                        {"id": "maddie", "name": "Maddie", "side": "blue", "items": []}],
            "first": "sally", "entries": []}
    for n, (player, move) in enumerate([("sally", "rope 5 5"), ("maddie", "race 3"), ("sally", "clock 5 5"),
                                        ("maddie", "conker 2"), ("sally", "tower 5 A")], 1):
        data["entries"].append({"seq": n, "type": "move", "player": player, "move": parse(move)})
    m = matchfile.prepare(data, None)
    for n, replay in steps(m):
        view = board_view(m, replay)
        assert m.game.draw_board(view, Canvas()) is True
        root = ET.fromstring(match_picture.board_svg(m, replay))
        assert_sane(root)
        assert titles(m) <= {t.text for t in root.iter(f"{SVG}text")}
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts.count("0/10") >= 6 and "0/20" in texts   # points to win past 5 are numbers
    assert png_size(picture.png(match_picture.board_svg(m, replay)))[0] == 800


# --- Pixels ---------------------------------------------------------------------------------

@cache
def pixels_at(name: str, n: int) -> tuple[Pixels, Any, dict[str, Any], float]:
    m = match(name)
    replay = session.replay_match(m, n)
    view = board_view(m, replay)
    top = modules_top(m, replay)
    return Pixels(picture.png(match_picture.board_svg(m, replay))), m, view, top


def colours(m: Any) -> dict[str, str]:
    return {p.id: side_colour(p.side, i) for i, p in enumerate(m.game.players)}


def test_pixels_v1_rope_markers_clock_maze_tower_race():
    pixels, m, view, top = pixels_at("demo-v1", 12)
    game, colour = m.game, colours(m)
    _, boxes, _ = tow.layout(game, view, top)
    mods = view["modules"]
    # Rope: Sally (first, left of the pit) at 5, Maddie at 13; markers and their spots' cells
    assert mods["rope"]["spots"] == {"sally": 5, "maddie": 13}
    for side, player in enumerate(game.player_ids):
        spot = mods["rope"]["spots"][player]
        assert pixels.at(*tow.rope_spot(game, boxes["rope"], side, spot)) == colour[player]
        x, cell = tow.rope_cell(game, boxes["rope"], side, spot)
        assert pixels.at(x + 3, boxes["rope"].body + 37) == colour[player]
        x, cell = tow.rope_cell(game, boxes["rope"], side, spot + 1)
        assert pixels.at(x + 3, boxes["rope"].body + 37) == PAPER
    # Clock: Maddie (blue) has 2 segments, anticlockwise from 12: segments 7 and 6
    assert (mods["clock"]["colour"], mods["clock"]["filled"]) == ("maddie", 2)
    for index, want in ((7, colour["maddie"]), (6, colour["maddie"]), (5, PAPER), (0, PAPER)):
        assert pixels.at(*wedge_middle(tow.clock_segment(boxes["clock"], 8, index))) == want, index
    # Maze: the purple square at D5, walls, Sally's (red) end zone on row 1
    assert mods["maze"]["square"] == "D5"
    x, y, size = tow.maze_cell(game, boxes["maze"], 4, 3)
    assert pixels.at(x + size / 2, y + size / 2) == tow.SQUARE
    x, y, size = tow.maze_cell(game, boxes["maze"], 0, 0)
    assert pixels.at(x + size / 2, y + size / 2) == tow.WALL
    x, y, size = tow.maze_cell(game, boxes["maze"], 0, 1)
    assert pixels.at(x + size / 2, y + size / 2) == picture.tint(colour["sally"], 0.55)
    # Race: both runners at the start
    for lane, player in enumerate(game.player_ids):
        x, y, cell = tow.race_cell(game, boxes["race"], lane, mods["race"]["steps"][player])
        assert pixels.at(x + cell / 2, y + 15) == colour[player]


def wedge_middle(points: list[tuple[float, float]]) -> tuple[float, float]:
    """A point well inside a clock wedge: two thirds of the way from the centre to its arc's middle."""
    (cx, cy), middle = points[0], points[len(points) // 2]
    return cx + (middle[0] - cx) * 2 / 3, cy + (middle[1] - cy) * 2 / 3


def test_pixels_v2_path_tiles_by_owner_and_tower_lights():
    pixels, m, view, top = pixels_at("demo-v2", 50)
    game, colour = m.game, colours(m)
    _, boxes, _ = tow.layout(game, view, top)
    tiles = view["modules"]["path"]["tiles"]
    assert tiles[1][0] == "R" and tiles[0][2] == "B" and tiles[4][4] == "."   # A2 Sally's, C1 Maddie's, E5 grey
    owner = {"R": colour["sally"], "B": colour["maddie"], ".": tow.GREY_TILE}
    for r, row in enumerate(tiles):
        for c, ch in enumerate(row):
            x, y, size = tow.path_cell(game, boxes["path"], r, c)
            assert pixels.at(x + size / 2, y + size / 2) == owner[ch], (r, c)


def test_pixels_blue_first_sim_tower_lights_collation_conker():
    """A simulated match whose first player is blue: colours follow sides, not order."""
    m = match("v2-block-move")
    assert [p.side for p in m.game.players] == ["blue", "red"]
    pixels, m, view, top = pixels_at("v2-block-move", 40)
    game, colour = m.game, colours(m)
    _, boxes, _ = tow.layout(game, view, top)
    mods = view["modules"]
    blue, red = game.player_ids
    assert colour[blue] == side_colour("blue")
    # Rope: the first (blue) player's marker is left of the pit
    spot = mods["rope"]["spots"][blue]
    x, _ = tow.rope_spot(game, boxes["rope"], 0, spot)
    assert x < boxes["rope"].x + boxes["rope"].w / 2
    assert pixels.at(*tow.rope_spot(game, boxes["rope"], 0, spot)) == colour[blue]
    # Clock: red fills clockwise from 12
    clock = mods["clock"]
    assert clock["colour"] == red and clock["filled"] == 3
    for index in range(8):
        want = colour[red] if index < 3 else PAPER
        assert pixels.at(*wedge_middle(tow.clock_segment(boxes["clock"], 8, index))) == want, index
    # Collation: blue's counters from the left, red's from the right
    held = mods["collation"]["held"]
    x, y, cell = tow.collation_cell(game, boxes["collation"], held[blue] - 1)
    assert pixels.at(x + cell / 2, y + 12) == colour[blue]
    x, y, cell = tow.collation_cell(game, boxes["collation"], game.modules["collation"].p["pile"] - held[red])
    assert pixels.at(x + cell / 2, y + 12) == colour[red]
    # Tower: lit windows up to each player's lights
    for side, player in enumerate(game.player_ids):
        lights = mods["tower"]["lights"][player]
        assert lights >= 1
        for floor in (lights, lights + 1):
            fx, fy, fw, fh = tow.tower_floor(game, boxes["tower"], side, floor)
            assert pixels.at(fx + fw / 2, fy + fh / 2) == (tow.LIT if floor <= lights else tow.UNLIT), (player, floor)
    # Conker: each conker hangs at its height, ringed in its player's colour
    heights = mods["conker"]["height"]
    spots = [tow.conker_at(boxes["conker"], mods["conker"], side, heights[p]) for side, p in enumerate(game.player_ids)]
    for (x, y), player in zip(spots, game.player_ids):
        assert pixels.at(x, y) == tow.CONKER
        assert pixels.at(x, y - 14) == colour[player]
    assert (spots[0][1] < spots[1][1]) == (heights[blue] > heights[red])
    # Path: the tiles by the side letter, blue's "B" in blue
    for r, row in enumerate(mods["path"]["tiles"]):
        for c, ch in enumerate(row):
            if ch != ".":
                x, y, size = tow.path_cell(game, boxes["path"], r, c)
                assert pixels.at(x + size / 2, y + size / 2) == colour[blue if ch == "B" else red]


def test_a_blocked_module_says_who_may_not_choose_it():
    """Block Move (TW-18): after entry 4 of v1-block-move, the player to move may not choose
    Race; the players panel says so and Race's panel carries the pill."""
    m = match("v1-block-move")
    replay = session.replay_match(m, 4)
    assert m.entries[3]["move"]["item"] == {"use": "block-move", "module": "race"}
    view = board_view(m, replay)
    (player, barred), = view["barred"].items()
    assert "race" in barred
    name = m.game.display_names[player]
    texts = [t.text for t in ET.fromstring(match_picture.board_svg(m, replay)).iter(f"{SVG}text")]
    assert f"not for {name}" in texts
    assert texts.count(f"not for {name}") == len(barred)
    assert any(t.startswith("may not choose") and "Race" in t for t in texts)


# --- Hidden information ---------------------------------------------------------------------

def test_the_drawing_depends_on_the_public_view_only():
    """Tug of War has no hidden information (hands are public, TW-2): whatever private
    data a viewer's picture is given, the drawing is the same bytes as the public one."""
    m = match("demo-v2")
    for n, replay in steps(m):
        if n % 20:
            continue
        view = board_view(m, replay)
        drawn = []
        for private in (None, {}, {"hand": [1, 2, 3]}, {"hand": [5, 5]}):
            canvas = Canvas()
            assert m.game.draw_board(view, canvas, private)
            drawn.append(canvas.svg())
        assert len(set(drawn)) == 1, n
        for player in m.game.player_ids:
            assert match_picture.board_svg(m, replay, player) == match_picture.board_svg(m, replay)
