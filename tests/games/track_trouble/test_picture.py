"""Track Trouble's picture: every step draws (no fallback to the text board), known
miners show in their player's colour where the view puts them, and hidden data changes no
byte of the public picture (TT-7, G-2)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from adjudicator import match_picture, picture, views
from adjudicator.games.track_trouble import drawing as tt_picture
from helpers import REPO
from helpers.matches import flags
from helpers.pngread import decode, size
from helpers.strategies import loaded, replay_prefix, simulated
from helpers.track_trouble_hidden import R1, tt as hidden_match

SVG = "{http://www.w3.org/2000/svg}"
RED, BLUE = (0xd1, 0x36, 0x2f), (0x2f, 0x6f, 0xd1)            # picture.SIDE_COLOURS red, blue
HIDDEN_FILL = (0xef, 0xe6, 0xf7)
PRIVATE = (0x8a, 0x44, 0xc4)
EXAMPLE = REPO / "matches" / "track-trouble-final.json"

R2 = {"destinations": {"N1": 1, "N2": 5}, "switches": {"purple": {"side": "south", "states": 2}},
      "tracks": {"T1": {"carts": 4, "route": {"switch": "purple", "to": ["N1", "N2"]}}}}
BIG = {"destinations": {"N1": 1}, "switches": {}, "tracks": {"T1": {"carts": 20, "route": "N1"}}}


# --- Matches ------------------------------------------------------------------------------

def tt(*steps: tuple[str, Any], layouts: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """helpers.track_trouble_hidden's match of sally (red) and maddie (blue), both holding every item;
    round 1 is R1, the others R2 (a switch), unless `layouts` says otherwise."""
    return hidden_match(*steps, layouts=layouts or [R1] + [R2] * 8)


def hidden(destination: str, value: int, round_: int = 1) -> dict[str, Any]:
    return {"round": round_, "items": [{"use": "hidden-value", "destination": destination, "value": value}]}


def svg_of(data: dict[str, Any], at: int | None = None, viewer: str | None = None) -> str:
    """The picture after `at` entries (all by default); every entry must have been accepted."""
    match = loaded(data)
    replay = replay_prefix(match, len(match.entries) if at is None else at)
    assert not flags(replay), flags(replay)
    return match_picture.board_svg(match, replay, viewer)


def drawn(svg: str) -> ET.Element:
    """The parsed SVG, checked to be Track Trouble's own drawing, not the text board."""
    root = ET.fromstring(svg)
    assert picture.MONO not in svg, "fell back to the text board"
    texts = [t.text for t in root.iter(SVG + "text")]
    assert "ravine" in texts and "NORTH" in texts
    return root


def box_of(root: ET.Element, label: str) -> tuple[float, float, float, float]:
    """The panel (rect) drawn just before the text `label`: a destination's or the train's box."""
    elements = list(root)
    for index, element in enumerate(elements):
        if element.tag == SVG + "text" and element.text == label and elements[index - 1].tag == SVG + "rect":
            rect = elements[index - 1]
            return tuple(float(rect.get(k)) for k in ("x", "y", "width", "height"))   # type: ignore[return-value]
    raise AssertionError(f"no box for {label}")


def last_text(root: ET.Element, label: str) -> tuple[float, float]:
    """Where the last text `label` stands (a player's name: the south panel's row comes after
    the totals)."""
    found = [(float(e.get("x")), float(e.get("y"))) for e in root.iter(SVG + "text") if e.text == label]
    assert found, f"no text {label}"
    return found[-1]


# --- Every step draws -------------------------------------------------------------------

def steps_of(data: dict[str, Any]) -> list[int]:
    return list(range(len(data["entries"]) + 1))


@pytest.mark.parametrize("source", ["example", "sim-1", "sim-2"])
def test_every_step_draws_as_svg_and_png(source):
    """Every `--at` of the example (rounds with and without train, switches with 2 and 3 states,
    a tie-break) and of simulated matches whose bots hold every item, public and as each player."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8")) if source == "example" else \
        simulated("track-trouble", int(source[-1]))
    match = loaded(data)
    seen_kinds = set()
    for at in steps_of(data):
        replay = replay_prefix(match, at)
        svg = match_picture.board_svg(match, replay)
        root = drawn(svg)
        assert root.get("width") == "800"
        png = picture.png(svg)
        assert size(png)[0] == 800
        board = views.result(match, replay)["board"]
        seen_kinds.add((board["tiebreak"], board["train"]["runs"], bool(board["switches"])))
        for player in match.game.player_ids:
            drawn(match_picture.board_svg(match, replay, player))
    if source == "example":
        assert (True, True, True) in seen_kinds and (False, False, True) in seen_kinds


def test_same_view_same_bytes():
    data = tt(("sally", "r1 c1: 1 T2"), ("maddie", "r1 c1: 1 T3, 2 T1"))
    assert svg_of(data) == svg_of(data)
    assert picture.png(svg_of(data)) == picture.png(svg_of(data))


# --- Pixels -----------------------------------------------------------------------------

def test_miners_show_in_their_colour_where_they_crossed():
    """After crossing 1 of round 1: sally's miner 1 at N2, maddie's 1 at N3 and 2 at N1; the rest south."""
    svg = svg_of(tt(("sally", "r1 c1: 1 T2"), ("maddie", "r1 c1: 1 T3, 2 T1")))
    root, pixels = drawn(svg), decode(picture.png(svg))
    n1, n2, n3 = box_of(root, "N1"), box_of(root, "N2"), box_of(root, "N3")
    assert pixels.count(RED, n2) > 100 and pixels.count(BLUE, n2) == 0
    assert pixels.count(BLUE, n3) > 100 and pixels.count(RED, n3) == 0
    assert pixels.count(BLUE, n1) > 100 and pixels.count(RED, n1) == 0
    # The south panel: one row a player, named in their colour, with their miners still south.
    sx, sy = last_text(root, "Sally")
    mx, my = last_text(root, "Maddie")
    sally_row = (sx + 120, sy - 18, 600, 24)
    maddie_row = (mx + 120, my - 18, 600, 24)
    assert pixels.count(RED, sally_row) > 6 * 100 and pixels.count(BLUE, sally_row) == 0
    assert pixels.count(BLUE, maddie_row) > 5 * 100 and pixels.count(RED, maddie_row) == 0
    assert pixels.count(BLUE, maddie_row) < pixels.count(RED, sally_row)   # 5 miners against 6


def test_a_miner_disc_is_its_players_colour_at_its_place():
    """The disc of sally's miner 1 at N2 has her colour just off its number."""
    svg = svg_of(tt(("sally", "r1 c1: 1 T2"), ("maddie", "r1 c1: 1 T3, 2 T1")))
    root, pixels = drawn(svg), decode(picture.png(svg))
    x, y, w, h = box_of(root, "N2")
    discs = [c for c in root.iter(SVG + "circle")
             if x < float(c.get("cx")) < x + w and y < float(c.get("cy")) < y + h]
    assert len(discs) == 1
    cx, cy = float(discs[0].get("cx")), float(discs[0].get("cy"))
    assert pixels.pixel(cx - 7, cy) == RED and pixels.pixel(cx, cy - 8) == RED


def test_train_riders_and_the_switch():
    """Round 2 (the train runs): sally's miner 2 rides the train alone and it leaves; purple
    switched once picks N2, drawn in purple."""
    everyone = "1 T1, 2 T1, 3 T1, 4 T1, 5 T1, 6 T1, 7 T1"
    round1 = [("sally", f"r1 c1: {everyone}"), ("maddie", f"r1 c1: {everyone}"),    # nobody benched
              ("sally", "r1 c2: nothing"), ("maddie", "r1 c2: nothing")]
    data = tt(*round1, ("sally", "r2 c1: 1 switch purple, 2 train"), ("maddie", "r2 c1: 3 T1"),
              layouts=[BIG] + [R2] * 8)
    svg = svg_of(data)
    root, pixels = drawn(svg), decode(picture.png(svg))
    train = box_of(root, "Train")
    assert pixels.count(RED, train) > 100 and pixels.count(BLUE, train) == 0
    assert pixels.count(BLUE, box_of(root, "N2")) > 100      # maddie's 3 went T1 → purple state 1 → N2
    assert any(p.get("fill") == "#8a44c4" for p in root.iter(SVG + "polygon"))   # the purple diamond


def test_hidden_value_shows_as_a_question_mark_and_private_only_with_as():
    data = tt(("sally", hidden("N2", 3)), ("sally", "r1 c1: 1 T2"), ("maddie", "r1 c1: 1 T1"))
    public = svg_of(data)
    root, pixels = drawn(public), decode(picture.png(public))
    box = box_of(root, "N2")
    assert pixels.count(HIDDEN_FILL, box) > 1000
    assert "?" in [t.text for t in root.iter(SVG + "text")]
    assert pixels.count(PRIVATE, (0, 0, 800, pixels.height)) > 0      # the ? and the frame of the box
    mine = svg_of(data, viewer="sally")
    assert "PRIVATE" in mine and "N2 = 3" in mine and "PRIVATE" not in public
    assert "PRIVATE" not in svg_of(data, viewer="maddie")


# --- Hidden information -----------------------------------------------------------------

def same_picture(a: str, b: str) -> None:
    assert a == b
    assert picture.png(a) == picture.png(b)


def test_a_sealed_submission_of_an_open_phase_changes_nothing():
    """Only sally has submitted crossing 1: what she submitted is not in the public picture (G-2)."""
    one = tt(("sally", "r1 c1: 1 T2"))
    other = tt(("sally", "r1 c1: 1 T3, 2 T1, 3 T1, 4 T1"))
    same_picture(svg_of(one), svg_of(other))
    same_picture(svg_of(one, viewer="maddie"), svg_of(other, viewer="maddie"))


def test_an_extra_miners_submission_shows_only_the_declaration():
    """Extra Miner is public once declared, the rest of the submission is not (TT-7)."""
    one = tt(("sally", "r1 c1: 1 T2, extra-miner"))
    other = tt(("sally", "r1 c1: 8 T3, 2 T1, extra-miner"))
    same_picture(svg_of(one), svg_of(other))


@pytest.mark.parametrize("step", ["before", "submitted", "crossed"])
def test_a_hidden_value_changes_nothing_before_its_round_ends(step):
    def match(value: int) -> dict[str, Any]:
        steps = [("sally", hidden("N2", value)), ("maddie", hidden("N3", 2))]
        if step != "before":
            steps.append(("sally", "r1 c1: 1 T2, 2 T3"))
        if step == "crossed":
            steps.append(("maddie", "r1 c1: 1 T2, 2 T1"))
        return tt(*steps)

    pictures = [svg_of(match(value)) for value in (1, 5)]
    same_picture(*pictures)
    same_picture(*(svg_of(match(value), viewer="maddie") for value in (1, 5)))
    assert svg_of(match(1), viewer="sally") != svg_of(match(5), viewer="sally")   # her own, private


def test_route_text_reads_back_as_the_layouts_tree():
    from adjudicator.games.track_trouble.layouts import route_text

    route = {"switch": "purple", "to": ["N1", "N2", {"switch": "green", "to": ["N3", "N4"]}]}
    node = tt_picture.parse_route(route_text(route))
    assert node.name == "purple" and [c.name for c in node.to] == ["N1", "N2", "green"]
    assert [c.name for c in node.to[2].to] == ["N3", "N4"] and tt_picture.parse_route("N1").to == ()
