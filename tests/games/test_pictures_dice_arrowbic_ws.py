"""Pictures of dice Tug of War, Arrowbic Exercise and Winning Streak boards.

Every step of the example matches and of simulated matches (with items) draws its own
picture (never the text-board fallback) as well-formed SVG, and as an 800 px PNG at sampled
steps; pixels of known cells have the colours the view says; and a sealed Winning Streak
set-up changes nothing in the public picture, byte for byte.
"""

from __future__ import annotations

import copy
import json
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from adjudicator import match_picture, picture, session, views
from adjudicator.games.dice_tug_of_war import drawing as dice_picture
from adjudicator.games.winning_streak import drawing as ws_picture
from adjudicator.matchfile import LoadedMatch
from helpers import REPO
from helpers.pngread import decode
from helpers.strategies import loaded, replay_prefix, simulated
from helpers.sealed import open_to, sealed_windows, variant

SVG = "{http://www.w3.org/2000/svg}"
EXAMPLES = ["dice-demo", "dice-flagged", "dice-own-goal", "arrowbic-push-off", "arrowbic-retake",
            "winning-streak-demo"]
# Simulated matches: index 1 and 2 hold every item of the ruleset (strategies.items_of).
SIMULATED = [("dice-tug-of-war", 1), ("arrowbic", 1), ("arrowbic", 2), ("winning-streak", 1),
             ("winning-streak", 2)]
PNG_SAMPLES = 5     # a PNG takes a quarter of a second: a few steps per match, the ends included


# --- Colours ------------------------------------------------------------------------------

def rgb(colour: str) -> tuple[int, int, int]:
    value = colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def near(found: tuple[int, int, int], colour: str, tolerance: int = 3) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(found, rgb(colour)))


# --- Matches and pictures -----------------------------------------------------------------

def example(name: str) -> LoadedMatch:
    return loaded(json.loads((REPO / "matches" / f"{name}.json").read_text(encoding="utf-8")))


def svg_at(match: LoadedMatch, count: int, viewer: str | None = None) -> str:
    return match_picture.board_svg(match, replay_prefix(match, count), viewer)


def no_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game must draw its own board: the text-board fallback fails the test."""
    def refuse(*args: Any) -> None:
        raise AssertionError("the picture fell back to the text board")
    monkeypatch.setattr(picture, "draw_text_board", refuse)


def every_step(match: LoadedMatch) -> None:
    """SVG at every step (well-formed XML, 800 wide); PNG at sampled steps (800 px wide)."""
    replay = session.new_replay(match)
    count = len(match.entries)
    sampled = {round(i * count / (PNG_SAMPLES - 1)) for i in range(PNG_SAMPLES)}
    for step in range(count + 1):
        if step:
            replay.step(match.entries[step - 1])
        svg = match_picture.board_svg(match, replay)
        root = ET.fromstring(svg)
        assert root.tag == f"{SVG}svg" and root.get("width") == "800"
        if step in sampled:
            image = decode(picture.png(svg))   # which checks the data holds exactly its rows
            assert (image.width, image.height, image.channels) == (800, int(root.get("height")), 4)


@pytest.mark.parametrize("name", EXAMPLES)
def test_every_step_of_the_examples_draws_its_own_picture(monkeypatch, name):
    no_fallback(monkeypatch)
    every_step(example(name))


@pytest.mark.parametrize("ruleset_id, index", SIMULATED)
def test_every_step_of_simulated_matches_with_items_draws_its_own_picture(monkeypatch, ruleset_id, index):
    no_fallback(monkeypatch)
    every_step(loaded(simulated(ruleset_id, index)))


def test_the_viewers_pictures_draw_too(monkeypatch):
    """`board --as` at every step of the Winning Streak example, for both players."""
    no_fallback(monkeypatch)
    match = example("winning-streak-demo")
    for player in match.game.player_ids:
        replay = session.new_replay(match)
        for entry in match.entries:
            replay.step(entry)
            ET.fromstring(match_picture.board_svg(match, replay, player))


# --- Pixels -------------------------------------------------------------------------------

def rects(svg: str, **attrs: str) -> list[dict[str, float]]:
    """The SVG's rects whose attributes have the given values, their geometry as numbers."""
    found = []
    for element in ET.fromstring(svg).iter(f"{SVG}rect"):
        if all(element.get(key) == value for key, value in attrs.items()):
            found.append({key: float(element.get(key, 0)) for key in ("x", "y", "width", "height")})
    return found


def arrowbic_cell(svg: str, name: str) -> tuple[float, float, float]:
    """The top-left corner and size of an Arrowbic cell, from the grid's panel in the SVG."""
    grid = [r for r in rects(svg, fill=picture.PANEL) if r["width"] == r["height"]][0]
    size = grid["width"] / 9
    col, row = ord(name[0]) - ord("A"), int(name[1:]) - 1
    return grid["x"] + col * size, grid["y"] + (8 - row) * size, size


def test_arrowbic_a_placed_stone_has_its_owners_colour_and_an_empty_cell_not():
    """Entry 1 of the push-off example: Sally (red) places G5 →; before it, G5 is empty."""
    match = example("arrowbic-push-off")
    red, blue = picture.side_colour("red"), picture.side_colour("blue")
    before, after = svg_at(match, 0), svg_at(match, 1)
    x, y, size = arrowbic_cell(after, "G5")
    image = decode(picture.png(after))
    assert near(image.pixel(x + 6, y + 6), picture.tint(red, 0.78))           # the stone's cell
    assert near(image.pixel(x + size / 2 + 8, y + size / 2), red)              # its arrow's head
    assert near(image.pixel(x + size / 2 - 12, y + size / 2), red)             # and shaft
    assert not near(image.pixel(x + size / 2 + 8, y + size / 2), blue, 60)
    x, y, size = arrowbic_cell(before, "G5")
    image = decode(picture.png(before))
    assert near(image.pixel(x + 6, y + 6), picture.PANEL)
    assert not near(image.pixel(x + size / 2 + 8, y + size / 2), red, 60)
    x, y, size = arrowbic_cell(after, "A1")                                    # never a stone here
    assert near(decode(picture.png(after)).pixel(x + size / 2, y + size / 2), picture.PANEL)


def test_arrowbic_a_piece_on_a_stone_shows_both():
    """The retake example's end: Sally's red ring on Maddie's blue ↓ stone at B4."""
    match = example("arrowbic-retake")
    svg = svg_at(match, len(match.entries))
    x, y, size = arrowbic_cell(svg, "B4")
    image = decode(picture.png(svg))
    red, blue = picture.side_colour("red"), picture.side_colour("blue")
    cx, cy = x + size / 2, y + size / 2
    assert near(image.pixel(cx + size * 0.4, cy), red)       # the ring
    assert near(image.pixel(cx, cy + 4), blue)               # the arrow under it
    assert near(image.pixel(x + 6, y + 6), picture.tint(blue, 0.78))


def test_dice_faces_show_their_pips():
    """Each rolled die and each column die shows exactly the pips of its value."""
    match = example("dice-demo")
    for count in (1, 10, len(match.entries)):
        replay = replay_prefix(match, count)
        view = views.result(match, replay)["board"]
        svg = match_picture.board_svg(match, replay)
        image = decode(picture.png(svg))
        dice = [(r, value, dice_picture.ROLL_DIE) for r, value in
                zip(rects(svg, fill=dice_picture.ROLL_DIE), view["rolled"])]
        for index, player in enumerate(view["sides"]):
            body = picture.tint(picture.side_colour(view["sides"][player], index), 0.55)
            dice += [(r, value, body) for r, value in zip(rects(svg, fill=body), view["column"][player])]
        assert len(dice) == len(view["rolled"]) + sum(len(c) for c in view["column"].values())
        every_place = {spot for spots in dice_picture.PIPS.values() for spot in spots}
        for die, value, body in dice:
            for px, py in every_place:
                colour = image.pixel(die["x"] + px * die["width"], die["y"] + py * die["height"])
                expected = picture.INK if (px, py) in dice_picture.PIPS[value] else body
                assert near(colour, expected), (count, value, (px, py), colour)


def test_winning_streak_won_locations_wear_the_winners_colour():
    """The example's end: A won by Maddie (blue), B by Sally (red); badges and columns."""
    match = example("winning-streak-demo")
    replay = replay_prefix(match, len(match.entries))
    view = views.result(match, replay)["board"]
    svg = match_picture.board_svg(match, replay)
    image = decode(picture.png(svg))
    badges = [c for c in ET.fromstring(svg).iter(f"{SVG}circle") if c.get("r") == str(ws_picture.BADGE_R)]
    assert len(badges) == len(view["locations"])
    colours = {p: picture.side_colour(side, i) for i, (p, side) in enumerate(view["sides"].items())}
    for badge, spot in zip(badges, view["locations"].values()):
        cx, cy = float(badge.get("cx")), float(badge.get("cy"))
        assert near(image.pixel(cx - 11, cy), colours[spot["winner"]])
        assert near(image.pixel(cx - 25, cy - 60), picture.tint(colours[spot["winner"]], 0.7))


def test_winning_streak_troops_stand_on_their_sides_cards():
    """Mid-match: a location with a troop of Sally's has a red card, one without has none."""
    match = example("winning-streak-demo")
    replay = replay_prefix(match, 32)
    view = views.result(match, replay)["board"]
    svg = match_picture.board_svg(match, replay)
    image = decode(picture.png(svg))
    red = picture.side_colour("red")
    cards = rects(svg, fill=picture.tint(red, 0.82))
    held = [x for x, spot in view["locations"].items() if spot["troops"]["sally"]]
    assert len(cards) == len(held) and held
    for card in cards:
        assert near(image.pixel(card["x"] + 4, card["y"] + card["height"] - 4), picture.tint(red, 0.82))
    empty = [x for x, spot in view["locations"].items() if not spot["troops"]["sally"] and not spot["winner"]]
    assert empty
    x = list(view["locations"]).index(empty[0])
    column = cards[0]["x"] + (x - list(view["locations"]).index(held[0])) * (picture.Canvas().inner / 13)
    assert near(image.pixel(column + 4, cards[0]["y"] + cards[0]["height"] - 4), picture.PANEL)


# --- Hidden information -------------------------------------------------------------------

def swapped(match: LoadedMatch, index: int, upto: int) -> LoadedMatch | None:
    """The log up to `upto` with sealed entry `index` replaced by another set-up the player
    could have submitted; None when there is no other."""
    entry = match.entries[index]
    replay = replay_prefix(match, index)
    others = [m for m in open_to(replay, entry["player"]) if m != entry["move"]]
    if not others:
        return None
    other, _, log = variant(match, index, {**copy.deepcopy(entry), "move": others[-1]}, upto)
    assert log.sealed and log.flag is None
    return other


def test_a_sealed_set_up_changes_nothing_in_the_public_picture():
    """Two Winning Streak logs that differ only in a sealed submission of the open phase (G-2):
    the public SVG is the same to the byte at every step while it is sealed, so is the
    opponent's, and the PNG at the end of each window; the submitter's own picture differs."""
    example_match = example("winning-streak-demo")
    compared = 0
    for index, last in sorted(sealed_windows(example_match).items()):
        other = swapped(example_match, index, last)
        if other is None:
            continue
        # The same log cut where the variant is: a board of the match as it stands says whether
        # its deadline has passed (G-7), which a board of an earlier point does not.
        match = variant(example_match, index, copy.deepcopy(example_match.entries[index]), last)[0]
        player = match.entries[index]["player"]
        opponent = match.game.opponent(player)
        for count in range(index + 1, last + 2):
            assert svg_at(match, count) == svg_at(other, count)
            assert svg_at(match, count, opponent) == svg_at(other, count, opponent)
        if compared % 6 == 0:   # a PNG takes a while: every sixth window
            assert picture.png(svg_at(match, last + 1)) == picture.png(svg_at(other, last + 1))
        if compared < 3:
            assert svg_at(match, index + 1, player) != svg_at(other, index + 1, player)
        compared += 1
    assert compared > 10


def test_the_private_panel_shows_only_the_viewers_own_submission():
    """At entry 32 Sally's relocation is sealed: her picture shows it, marked private;
    Maddie's picture only that she has submitted nothing yet, the public one neither."""
    match = example("winning-streak-demo")
    mine, theirs, public = svg_at(match, 32, "sally"), svg_at(match, 32, "maddie"), svg_at(match, 32)
    assert ws_picture.PRIVATE in mine and "r3 set A=- C=3/2 H=1/2" in mine
    assert "submitted nothing for relocation round 3" in theirs and "C=3/2" not in theirs
    assert ws_picture.PRIVATE not in public and "C=3/2" not in public


@pytest.mark.parametrize("name", ["dice-demo", "arrowbic-retake", "winning-streak-demo"])
def test_pictures_are_deterministic(cli, tmp_path, name):
    """The same match gives the same bytes, in process and through `board --format png -o`."""
    match = example(name)
    svg = svg_at(match, 8)
    assert svg == svg_at(example(name), 8)
    out = tmp_path / "b.png"
    res = cli("board", REPO / "matches" / f"{name}.json", "--at", "8", "--format", "png", "-o", out)
    assert res.code == 0, res.err
    assert out.read_bytes() == picture.png(svg)


def test_the_simulated_arrowbic_match_uses_retake():
    """So that the pictures above are drawn after a Retake too (AX-8)."""
    entries = simulated("arrowbic", 1)["entries"]
    assert any((e.get("move") or {}).get("item", {}).get("use") == "retake" for e in entries)


@pytest.mark.parametrize("rules, entries", [
    ({"ruleset": "dice-tug-of-war", "params": {"column_dice": 6, "faces": 12, "pawns": 120}},
     [{"type": "chance", "chance": {"dice": [12, 3, 7, 1, 9, 6]}},
      {"type": "move", "player": "sally", "move": {"reroll": []}},
      {"type": "chance", "chance": {"dice": [2, 11, 5, 4, 10, 8]}},
      {"type": "move", "player": "maddie", "move": {"reroll": []}},
      {"type": "chance", "chance": {"dice": [6, 6, 2, 12, 1, 5]}}]),
    ({"ruleset": "arrowbic", "params": {"size": 15, "start": {"red": "C8", "blue": "M8"}}},
     [{"type": "move", "player": "sally", "move": {"place": "M8", "arrow": "up"}},
      {"type": "move", "player": "maddie", "move": {"place": "O15", "arrow": "left"}}]),
])
def test_other_parameters_still_draw_within_the_picture(monkeypatch, rules, entries):
    """More dice with more faces (numbers past 6), a big team (drawn as a bar), a 15×15 board:
    the game's own picture, nothing drawn past the right edge."""
    no_fallback(monkeypatch)
    sides = ("yellow", "red") if rules["ruleset"] == "dice-tug-of-war" else ("red", "blue")
    data = {"format": "adjudicator-match/1", "id": "params", "rules": rules,
            "players": [{"id": "sally", "name": "Sally", "side": sides[0]},
                        {"id": "maddie", "name": "Maddie", "side": sides[1]}],
            "entries": [{"seq": i + 1, **entry} for i, entry in enumerate(entries)]}
    match = loaded(data)
    svg = svg_at(match, len(entries))
    for element in ET.fromstring(svg).iter(f"{SVG}rect"):
        assert float(element.get("x")) + float(element.get("width")) <= 800
