"""Arrowbic's random start (ruling G-6 as amended 2026-11-26, AX-1, AX-5).

The player who starts plays red (seed 003: "The starting player will be Red"), so an
opening `{"pick": ID}` chance entry or a header `first` names the red player. Naming the
player the header lists as blue swaps the two players' sides for the match: the red start
cell (C5), the first placement, the AX-5 movement order, the colours of boards and pictures,
and who is "red" in every view and sentence. Naming the red-listed player changes nothing.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from adjudicator import check, match_picture, picture, session, simulate, views, wording
from adjudicator.dice import read_seed
from adjudicator.picture import SIDE_COLOURS, tint
from adjudicator.render import render
from helpers import REPO
from helpers.matches import flags
from helpers.arrowbic import MADDIE, SALLY, arrow_match, m, play, view
from helpers.pngread import decode

CASES = REPO / "tests" / "data" / "conformance" / "arrowbic"


def pick(player: str, source: str = "external") -> dict:
    return {"type": "chance", "chance": {"pick": player, "source": source}}


# The AX-6 walk of games/arrowbic/test_game.py, with the roles exchanged: red walks blue's piece off the board.
WALK_OFF = [(MADDIE, "G5 right"), (SALLY, "A1 up"), (MADDIE, "H5 up"), (SALLY, "A3 down"),
            (MADDIE, "H6 right"), (SALLY, "A5 up"), (MADDIE, "I6 up"), (SALLY, "A7 right"), (MADDIE, "I7 right")]


# --- The pick names red ------------------------------------------------------------------

def test_g6_pick_naming_the_red_listed_player_changes_nothing():
    """G-6, AX-1: sally is listed red; drawn, she starts on C5 as red and nothing swaps."""
    v, replay = view(pick(SALLY))
    assert flags(replay) == [] and replay.to_act() == [SALLY]
    assert v["pieces"] == {SALLY: "C5", MADDIE: "G5"}
    assert v["sides"] == {SALLY: "red", MADDIE: "blue"} and v["sides_swapped"] is None
    plain, _ = view()
    assert {k: v[k] for k in plain} == plain   # the same board as without any pick
    assert "swapped" not in render(views.board_blocks(*play(pick(SALLY))), "text")


def test_g6_pick_naming_the_blue_listed_player_swaps_the_sides():
    """G-6 as amended, AX-1: maddie (listed blue) is drawn, so she plays red: her piece
    starts on red's cell C5, Sally's on G5, and maddie places first."""
    v, replay = view(pick(MADDIE))
    assert flags(replay) == [] and replay.to_act() == [MADDIE]
    assert v["pieces"] == {MADDIE: "C5", SALLY: "G5"}
    assert v["sides"] == {SALLY: "blue", MADDIE: "red"} and v["sides_swapped"] == "pick"
    assert v["to_move"] == MADDIE and v["next_mover"] == SALLY   # AX-5: placement 1 moves blue
    _, replay = play(pick(MADDIE), (SALLY, "E5 up"))
    assert flags(replay) == [(2, "not-your-turn")]               # red (maddie) starts


def test_g6_ax5_movement_order_follows_the_new_sides():
    """AX-5 after a swap (G-6): B, R, R, B, … with sally now blue and maddie red, so
    placement 1 moves Sally's piece, placements 2 and 3 Maddie's."""
    texts = ["A1 up", "A9 down", "B1 right", "B9 left", "C1 up", "C9 down",
             "D1 right", "D9 left", "E1 up", "E9 down", "F1 right", "F9 left"]
    moves = [((MADDIE, SALLY)[i % 2], t) for i, t in enumerate(texts)]
    match, replay = play(pick(MADDIE), *moves)
    assert flags(replay) == []
    s = replay.state
    assert "".join(s.sides[match.game.mover_of(s, k)][0].upper() for k in range(1, 13)) == "BRRBBRRBBRRB"
    assert [match.game.mover_of(s, k) for k in range(1, 5)] == [SALLY, MADDIE, MADDIE, SALLY]
    texts = [wording.text(replay.game, e) for log in replay.log[1:] for e in log.events if "AX-5" in e.rulings]
    assert texts[0].startswith("after placement 1 Sally's blue piece moves")
    assert texts[1].startswith("after placement 2 Maddie's red piece moves")


def test_g6_ax5_pieces_move_from_their_new_start_cells():
    """AX-5 with swapped sides: placement 1 moves the blue piece, which is Sally's on G5."""
    v, _ = view(pick(MADDIE), (MADDIE, "G5 right"))
    assert v["pieces"] == {SALLY: "H5", MADDIE: "C5"}
    v, _ = view(pick(MADDIE), (MADDIE, "E1 up"), (SALLY, "C5 up"))
    assert v["pieces"] == {SALLY: "G5", MADDIE: "C6"}   # placement 2 moves red: Maddie's piece


def test_g6_ax4_captures_go_by_owner_in_the_new_colours():
    """AX-4 after a swap: Maddie (red) closes Sally's (blue) stone; the board shows Maddie's
    stones as red (r) and Sally's as blue (b)."""
    match, replay = play(pick(MADDIE), (MADDIE, "E5 up"), (SALLY, "E6 left"), (MADDIE, "E7 down"))
    v = match.game.public_view(replay.state)
    assert flags(replay) == [] and "E6" not in v["stones"]
    assert v["stones"]["E5"]["owner"] == MADDIE and v["stones"]["E7"]["owner"] == MADDIE
    narration = [wording.text(replay.game, e) for e in replay.log[3].events if "AX-4" in e.rulings]
    assert narration == ["captures E6 (down of E7, closed by Maddie's stone on E5)"]
    text = render(views.board_blocks(match, replay), "text")
    assert "↑r" in text and "↓r" in text and "←b" not in text   # E6's ← b was captured


def test_g6_ax6_red_walks_blue_off_after_a_swap():
    """AX-6 with swapped sides: Maddie (red) walks Sally's (blue) piece off; the simulator's
    summary and the final wording name the side in effect."""
    match, replay = play(pick(MADDIE), *WALK_OFF)
    assert flags(replay) == [] and replay.outcome.winner == MADDIE
    assert "Sally's piece left the board from I7 going right" in wording.result_reason(replay)
    data = match.data
    played = simulate.summarise(1, data, match.game, replay, MADDIE, 0, len(WALK_OFF))
    assert played.winner_side == "red"
    assert views.sides_shown(match.game, replay.public_view()) == {SALLY: "blue", MADDIE: "red"}


# --- A header `first` names red -----------------------------------------------------------

def test_g6_header_first_naming_the_blue_listed_player_swaps_likewise():
    """G-6 as amended, AX-1: `first: maddie` swaps exactly as a pick of maddie does."""
    by_first, replay = view(first=MADDIE)
    by_pick, _ = view(pick(MADDIE))
    assert flags(replay) == [] and replay.to_act() == [MADDIE]
    assert by_first["sides_swapped"] == "first"
    assert {**by_first, "sides_swapped": "pick"} == by_pick
    # and the same moves give the same board
    a, _ = view(*WALK_OFF[:5], first=MADDIE)
    b, _ = view(pick(MADDIE), *WALK_OFF[:5])
    assert {**a, "sides_swapped": None} == {**b, "sides_swapped": None}


def test_g6_header_first_naming_the_red_listed_player_changes_nothing():
    with_first, _ = view((SALLY, "E5 up"), first=SALLY)
    without, _ = view((SALLY, "E5 up"))
    assert with_first == without and with_first["sides_swapped"] is None


def test_g6_swapped_header_first_mirrors_a_header_listing_the_other_way():
    """A swap is the same game as a header that lists the sides the other way round."""
    listed = arrow_match([m(*mv) for mv in WALK_OFF[:6]])
    for player in listed["players"]:
        player["side"] = {"red": "blue", "blue": "red"}[player["side"]]
    from adjudicator import matchfile

    other = matchfile.prepare(listed, None)
    relisted = other.game.public_view(session.replay_match(other).state)
    swapped, _ = view(*WALK_OFF[:6], first=MADDIE)
    assert {**swapped, "sides_swapped": None} == relisted


# --- When a pick is refused ---------------------------------------------------------------

def test_g6_pick_is_refused_after_a_move():
    """G-6: a pick is due only at the opening, in Arrowbic as in the other games."""
    _, replay = play((SALLY, "E5 up"), pick(MADDIE))
    assert flags(replay) == [(2, "chance-not-due")]
    assert replay.state.sides == {SALLY: "red", MADDIE: "blue"}


def test_g6_pick_is_refused_with_a_header_first():
    _, replay = play(pick(MADDIE), first=SALLY)
    assert flags(replay) == [(1, "chance-not-due")] and replay.to_act() == [SALLY]


def test_g6_pick_must_name_a_player():
    _, replay = play(pick("nobody"))
    assert flags(replay) == [(1, "pick-value")]
    assert replay.to_act() == [SALLY] and replay.state.sides == {SALLY: "red", MADDIE: "blue"}


def test_g6_a_second_pick_is_refused():
    _, replay = play(pick(MADDIE), pick(SALLY))
    assert flags(replay) == [(2, "chance-not-due")] and replay.to_act() == [MADDIE]


# --- Words --------------------------------------------------------------------------------

def test_g6_replay_names_the_sides_in_effect():
    match, replay = play(pick(MADDIE), (MADDIE, "G5 right"))
    text = views.replay_text(match, replay)
    assert "Players: Sally (blue), Maddie (red)" in text
    assert ("Maddie (red) starts: copied from a dice bot; the header lists Maddie as blue, so the players "
            "swap sides for the match [G-6]") in text
    assert "placement 1: Maddie (red) places → right on G5" in text
    assert "Sally's blue piece moves" in text
    _, replay = play(pick(SALLY))
    assert wording.text(replay.game, replay.log[0].events[0]) == "Sally (red) starts: copied from a dice bot"


def test_g6_retake_and_pass_words_use_the_side_in_effect():
    """AX-8 Retake after a swap: the narration calls the holder by the side they now play."""
    moves = [(MADDIE, "E1 up"), (SALLY, "E9 down"), (MADDIE, "retake")]
    _, replay = play(pick(MADDIE), *moves, items={MADDIE: ["retake"]})
    assert flags(replay) == []
    assert wording.text(replay.game, replay.log[3].events[0]).startswith("Maddie (red) uses Retake")


# --- Boards, pictures, legal moves --------------------------------------------------------

def test_g6_board_text_shows_the_new_colours_and_says_the_sides_swapped():
    match, replay = play(pick(MADDIE), (MADDIE, "G5 right"))
    text = render(views.board_blocks(match, replay), "text")
    assert "case — Sally (blue) vs Maddie (red)" in text
    assert ("Sides swapped by the draw of who starts (G-6): Maddie starts and plays red, Sally plays blue; "
            "the header lists them the other way round.") in text
    assert "R = Maddie's piece" in text and "B = Sally's piece" in text
    # Row 5: Maddie's red piece on C5; her stone on G5 (the last placement, *); Sally's blue piece on H5.
    assert re.search(r"^ 5 +\. +\. +R\. .*→r\*B\. ", text, re.MULTILINE)
    match, replay = play(first=MADDIE)
    assert "Sides swapped by the header's `first` (G-6)" in render(views.board_blocks(match, replay), "text")


def test_g6_picture_draws_the_new_colours_and_says_the_sides_swapped():
    """The picture after a swap: Maddie's stone in red's tint, Sally's in blue's,
    the players named with their new sides, and both panels and a note saying the sides
    were swapped (G-6)."""
    match, replay = play(pick(MADDIE), (MADDIE, "G5 right"), (SALLY, "A1 up"))
    svg = match_picture.board_svg(match, replay)
    red, blue = SIDE_COLOURS["red"], SIDE_COLOURS["blue"]
    assert svg.count(f'fill="{tint(red, 0.78)}"') == 1 and svg.count(f'fill="{tint(blue, 0.78)}"') == 1
    assert "Maddie (red)" in svg and "Sally (blue)" in svg
    assert "red (swapped)" in svg and "blue (swapped)" in svg and "Sides swapped (G-6) by" in svg
    image = decode(picture.png(svg))
    assert image.width == 800
    plain_match, plain_replay = play((SALLY, "G5 right"))
    assert "swapped" not in match_picture.board_svg(plain_match, plain_replay)


def test_g6_legal_moves_preview_the_blue_piece_after_a_swap():
    """AX-5: placement 1 moves blue, now Sally's piece on G5."""
    match, replay = play(pick(MADDIE))
    previews = {match.game.format_move(mv): effect for mv, effect in replay.legal_moves(MADDIE)}
    from adjudicator import wording

    assert wording.preview(match.game, previews["G5 right"]) == "Sally's piece → H5"
    assert list(replay.legal_moves(SALLY)) == []


def test_g6_cli_board_legal_replay_and_pictures_after_a_swapping_pick(cli, write, tmp_path):
    path = write(arrow_match([pick(MADDIE), m(MADDIE, "G5 right")]))
    res = cli("replay", path, "--format", "json")
    assert res.code == 0, res.err
    assert res.json["board"]["sides"] == {SALLY: "blue", MADDIE: "red"} and res.json["to_act"] == [SALLY]
    res = cli("board", path)
    assert res.code == 0 and "Sides swapped by the draw" in res.out
    res = cli("legal", path)
    assert res.code == 0 and "sally: " in res.out
    for fmt in ("png", "svg"):
        out = tmp_path / f"board.{fmt}"
        assert cli("board", path, "--format", fmt, "-o", out).code == 0 and out.stat().st_size > 1000


def test_g6_final_post_names_the_winner_by_the_side_in_effect(cli, write):
    """The thread's final post after a swap (G-6): maddie won as red, though listed blue."""
    path = write(arrow_match([pick(MADDIE), *(m(*mv) for mv in WALK_OFF)]))
    res = cli("post", path)
    assert res.code == 0, res.err
    # The result as the final board's banner, with the side in effect.
    assert "🏆 Maddie (red) wins — Sally's piece left the board from I7 going right" in res.out
    assert "case — Sally (blue) vs Maddie (red)" in res.out


def test_g6_public_and_private_output_are_equal(cli, write):
    """Nothing in Arrowbic is hidden: `--as` either player shows what the public sees."""
    path = write(arrow_match([pick(MADDIE), m(MADDIE, "G5 right")]))
    public = cli("board", path).out
    for player in (SALLY, MADDIE):
        assert cli("board", path, "--as", player).out == public
        public_json = cli("replay", path, "--format", "json").json
        private_json = cli("replay", path, "--format", "json", "--as", player).json
        private_json.pop("private", None)
        assert private_json == public_json


# --- `new --first random` -----------------------------------------------------------------

def test_g6_new_first_random_is_accepted_and_the_starter_plays_red(cli, tmp_path):
    path = tmp_path / "ax.json"
    res = cli("new", "arrowbic", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue", "--first", "random",
              "--started", "2026-11-21T20:00:00Z", "-o", path)
    assert res.code == 0, res.err
    data = json.loads(path.read_text())
    assert "first" not in data and data["first_by"] == "pick" and data["entries"] == []   # nothing drawn yet (G-8)
    assert cli("move", path, "sally", "E5", "up").code == 1                               # the pick is due first
    assert cli("roll", path, "--without-salts", "--at", "2026-11-21T20:00:05Z").code == 0
    entry = json.loads(path.read_text())["entries"][0]
    assert entry["type"] == "chance" and entry["chance"]["source"] == "seed"
    starter = entry["chance"]["pick"]
    board = cli("replay", path, "--format", "json").json
    assert board["to_act"] == [starter] and board["board"]["sides"][starter] == "red"
    assert board["board"]["pieces"][starter] == "C5"
    row = check.check_file(str(path), read_seed(path.with_suffix(".seed")))
    assert row["verdict"] == "ok" and row["rolls"]["verified"] == 1


# --- The project's conformance-style cases ---------------------------------------------------

def subset(expected, actual) -> bool:
    """conformance/run's comparison: mappings key by key, everything else exactly."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and subset(v, actual[k]) for k, v in expected.items())
    return expected == actual


@pytest.mark.parametrize("case", sorted(CASES.glob("*.json")), ids=lambda p: p.stem)
def test_g6_conformance_cases(cli, write, case: Path):
    data = json.loads(case.read_text(encoding="utf-8"))
    res = cli("replay", write(data["match"]), "--format", "json")
    assert res.code in (0, 1), res.err
    got = res.json
    got["flagged"] = [f["seq"] for f in got["flagged"]]
    assert subset(data["expect"], got), (data["about"], got)


def test_g6_a_side_typed_after_a_swap_names_who_plays_it_now(cli, write):
    """After a pick named the blue-listed player, `red` means whoever plays red now (G-6)."""
    data = {"format": "adjudicator-match/1", "id": "ax", "rules": {"ruleset": "arrowbic"},
            "players": [{"id": "sally", "side": "red"}, {"id": "maddie", "side": "blue"}],
            "entries": [{"seq": 1, "type": "chance", "chance": {"pick": "maddie"}}]}
    path = write(data)
    assert cli("move", path, "red", "E5", "up").code == 0
    assert json.loads(path.read_text())["entries"][-1]["player"] == "maddie"
    assert cli("legal", path, "Blue").code == 0 and cli("board", path, "--as", "blue").code == 0
