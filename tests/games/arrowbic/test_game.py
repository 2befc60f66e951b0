"""Arrowbic Exercise (seed 003): each ruling AX-1…AX-9, the notation, legal moves, the board.

Positions are built two ways: by replaying real entries (the way a host's match file is
adjudicated), and, where a ruling needs a crowded board, by writing stones straight into a
fresh state and calling the game's hooks (`check_move` / `apply_move`) on it.
"""

from __future__ import annotations

import copy
import json

import pytest

from adjudicator import matchfile, session, simulate, views, wording
from adjudicator.game import Illegal, Turn
from adjudicator.errors import MatchFileError, NotationError
from adjudicator.games.arrowbic.rules import Chains
from adjudicator.render import render
from helpers import REPO
from helpers.arrowbic import MADDIE, SALLY, play, view
from helpers.matches import flags


def events(replay, seq=None):
    logs = replay.log if seq is None else [replay.log[seq - 1]]
    return [e for log in logs for e in log.events]


def position(stones, pieces=None, to_move=SALLY, last=None, placements=0, params=None, items=None):
    """A state written directly: stones {'E5': ('maddie', 'up')}, pieces {'sally': 'C5'}."""
    match, _ = play(params=params, items=items)
    game = match.game
    s = game.initial_state()
    s.stones = {game.parse_cell(cell): tuple(stone) for cell, stone in stones.items()}
    for player, cell in (pieces or {}).items():
        s.pieces[player] = game.parse_cell(cell)
    s.to_move = to_move
    s.last_arrow.update(last or {})
    s.placements = placements
    return game, s


def cells(game, s):
    return {game.cell_name(c): stone for c, stone in s.stones.items()}


def illegal(game, s, player, move):
    before = copy.deepcopy(s)
    with pytest.raises(Illegal) as caught:
        game.check_move(s, player, move)
    assert s == before, "check_move must not change the state"
    return caught.value


# --- AX-1 board, coordinates, start ----------------------------------------------------

def test_ax1_pieces_start_on_c5_and_g5():
    v, replay = view()
    assert v["pieces"] == {SALLY: "C5", MADDIE: "G5"} and v["stones"] == {} and v["size"] == 9
    assert replay.to_act() == [SALLY]


def test_ax1_up_is_toward_row_9_and_columns_run_a_to_i():
    # Placement 2 moves red (AX-5): the up stone under Sally's piece on C5 takes it to C6.
    v, _ = view((SALLY, "E1 up"), (MADDIE, "C5 up"))
    assert v["pieces"][SALLY] == "C6"
    v, _ = view((SALLY, "E1 up"), (MADDIE, "C5 right"))
    assert v["pieces"][SALLY] == "D5"


def test_ax1_start_cells_and_size_are_parameters():
    v, _ = view(params={"size": 5, "start": {"red": "A1", "blue": "E5"}})
    assert v["pieces"] == {SALLY: "A1", MADDIE: "E5"} and v["size"] == 5


def test_ax1_start_cell_off_a_smaller_board_is_refused():
    with pytest.raises(MatchFileError, match=r"start.blue \('G5'\) is not a cell of the 5×5 board \(AX-1\)"):
        play(params={"size": 5})


def test_ax1_red_starts():
    _, replay = play((MADDIE, "E5 up"))
    assert flags(replay) == [(1, "not-your-turn")]


def test_ax1_first_naming_the_red_player_is_accepted():
    _, replay = play((SALLY, "E5 up"), first=SALLY)
    assert flags(replay) == []


def test_ax1_first_naming_the_blue_player_swaps_the_sides():
    """G-6 as amended, AX-1: the header's `first` names the red player; naming the player the
    header lists as blue swaps the sides for the match (tests/games/arrowbic/test_pick.py
    has the rest)."""
    v, replay = view((MADDIE, "E5 up"), first=MADDIE)
    assert flags(replay) == [] and v["sides"] == {SALLY: "blue", MADDIE: "red"}


@pytest.mark.parametrize("cell", ["J5", "A10", "A0", "Z1"])
def test_ax1_cells_off_the_board_are_flagged(cell):
    _, replay = play((SALLY, {"place": cell, "arrow": "up"}))
    assert flags(replay) == [(1, "off-board")]
    assert "columns run A–I, rows 1–9" in wording.flag_message(replay.flags[0]) and replay.flags[0].rulings == ("AX-1",)


# --- AX-2 placement ---------------------------------------------------------------------

def test_ax2_a_stone_goes_on_a_cell_without_one():
    _, replay = play((SALLY, "E5 up"), (MADDIE, "E5 down"))
    assert flags(replay) == [(2, "occupied")]
    flag = replay.flags[0]
    assert "E5 already holds Sally's ↑ up stone" in wording.flag_message(flag) and flag.rulings == ("AX-2",)


def test_ax2_a_pieces_cell_takes_a_stone():
    v, replay = view((SALLY, "G5 left"))  # on Maddie's piece; placement 1 moves blue (AX-5)
    assert flags(replay) == [] and v["stones"]["G5"] == {"owner": SALLY, "arrow": "left"}
    assert v["pieces"][MADDIE] == "F5"


def test_ax2_not_the_arrow_placed_last():
    _, replay = play((SALLY, "E5 up"), (MADDIE, "A1 up"), (SALLY, "E6 up"))
    assert flags(replay) == [(3, "same-arrow")]
    flag = replay.flags[0]
    assert "Sally placed ↑ up last time" in wording.flag_message(flag) and flag.rulings == ("AX-2",)


def test_ax2_the_bar_is_per_player_and_only_the_last_arrow():
    # maddie may use the arrow sally just used; sally may use up again two turns later.
    _, replay = play((SALLY, "E5 up"), (MADDIE, "A1 up"), (SALLY, "E7 left"), (MADDIE, "A3 left"),
                     (SALLY, "E9 up"))
    assert flags(replay) == []


def test_ax2_an_illegal_placement_changes_nothing():
    """G-1 with AX-2: the flagged entry leaves the board and the turn as they were."""
    before, _ = view((SALLY, "E5 up"))
    after, replay = view((SALLY, "E5 up"), (MADDIE, "E5 left"))
    assert before == after and replay.to_act() == [MADDIE]


# --- AX-3 closed loops ------------------------------------------------------------------

def test_ax3_loop_of_two_is_illegal_and_names_its_cells():
    _, replay = play((SALLY, "E5 right"), (MADDIE, "F5 left"))
    assert flags(replay) == [(2, "closed-loop")]
    flag = replay.flags[0]
    assert "F5 → E5 → F5" in wording.flag_message(flag) and "loop of 2 stones" in wording.flag_message(flag) and flag.rulings == ("AX-3",)


def test_ax3_loop_of_four_through_both_colours():
    """The conformance case: C6 down would close C6 → C5 → B5 → B6 → C6 (blue, blue, red)."""
    _, replay = play((SALLY, "E1 up"), (MADDIE, "C5 left"), (SALLY, "I9 down"), (MADDIE, "B5 up"),
                     (SALLY, "I1 left"), (MADDIE, "A9 right"), (SALLY, "B6 right"), (MADDIE, "C6 down"))
    assert flags(replay) == [(8, "closed-loop")]
    assert "C6 → C5 → B5 → B6 → C6" in wording.flag_message(replay.flags[0])


def test_ax3_long_loop_of_eight():
    # A ring round E5: D4 → D5 → D6 → E6 → F6 → F5 → F4 → E4 → back to D4.
    ring = {"D5": (SALLY, "up"), "D6": (MADDIE, "right"), "E6": (SALLY, "right"), "F6": (MADDIE, "down"),
            "F5": (SALLY, "down"), "F4": (MADDIE, "left"), "E4": (SALLY, "left")}
    game, s = position(ring, to_move=MADDIE)
    flag = illegal(game, s, MADDIE, {"place": "D4", "arrow": "up"})
    message = wording.refusal(game, flag)
    assert flag.code == "closed-loop" and "loop of 8 stones" in message
    assert "D4 → D5 → D6 → E6 → F6 → F5 → F4 → E4 → D4" in message
    game.check_move(s, MADDIE, {"place": "D4", "arrow": "left"})  # leads away: legal


def test_ax3_a_chain_that_ends_is_no_loop():
    game, s = position({"E5": (SALLY, "right"), "F5": (MADDIE, "up")}, to_move=SALLY)
    game.check_move(s, SALLY, {"place": "F6", "arrow": "up"})      # F6 → F7 (empty)
    game.check_move(s, SALLY, {"place": "D5", "arrow": "right"})   # D5 → E5 → F5 → F6 (empty)
    game.check_move(s, SALLY, {"place": "I5", "arrow": "right"})   # off the board


def test_ax3_loop_is_checked_before_captures():
    # Red D5 right would capture E5 (blue, closed by red F5) and so break the loop
    # D5 → E5 → E6 → D6 → D5; the loop is checked first, so the placement is illegal.
    stones = {"E5": (MADDIE, "up"), "F5": (SALLY, "up"), "E6": (SALLY, "left"), "D6": (SALLY, "down")}
    game, s = position(stones)
    assert game.captures(s, SALLY, game.parse_cell("D5"))  # it would capture
    flag = illegal(game, s, SALLY, {"place": "D5", "arrow": "right"})
    assert flag.code == "closed-loop" and "checked before captures" in wording.refusal(game, flag)


# --- AX-4 captures ----------------------------------------------------------------------

EIGHT = {"up": (0, 1), "up-right": (1, 1), "right": (1, 0), "down-right": (1, -1), "down": (0, -1),
         "down-left": (-1, -1), "left": (-1, 0), "up-left": (-1, 1)}


def shift(cell, d, n):
    return f"{chr(ord(cell[0]) + d[0] * n)}{int(cell[1:]) + d[1] * n}"


@pytest.mark.parametrize("name", list(EIGHT))
def test_ax4_capture_in_each_of_the_eight_directions(name):
    d = EIGHT[name]
    stones = {shift("E5", d, 1): (MADDIE, "up"), shift("E5", d, 2): (MADDIE, "up"),
              shift("E5", d, 3): (SALLY, "up")}
    game, s = position(stones, pieces={SALLY: "A1", MADDIE: "I1"})
    arrow = "up" if name == "down" else "down"   # toward an empty cell: no loop (AX-3)
    found = game.apply_move(s, SALLY, {"place": "E5", "arrow": arrow})
    assert cells(game, s) == {"E5": (SALLY, arrow), shift("E5", d, 3): (SALLY, "up")}
    capture = [e for e in found if "AX-4" in e.rulings]
    assert len(capture) == 1 and f"({name} of E5" in wording.text(game, capture[0])
    assert f"{shift('E5', d, 1)}, {shift('E5', d, 2)}" in wording.text(game, capture[0])


def test_ax4_seed_example_x_and_y():
    """Seed: 'X captures B8 and C8, and Y captures B7 and D7' (blue to move)."""
    stones = {"B8": (SALLY, "up"), "C8": (SALLY, "up"), "D8": (MADDIE, "up"),
              "B7": (SALLY, "up"), "A7": (MADDIE, "left"), "D7": (SALLY, "up"), "E7": (MADDIE, "up")}
    game, s = position(stones, to_move=MADDIE)
    game.apply_move(s, MADDIE, {"place": "A8", "arrow": "down"})   # X: B8, C8 closed by D8
    assert "B8" not in cells(game, s) and "C8" not in cells(game, s)
    game, s = position(stones, to_move=MADDIE)
    game.apply_move(s, MADDIE, {"place": "C7", "arrow": "down"})   # Y: B7 (left) and D7 (right)
    assert {"B7", "D7"}.isdisjoint(cells(game, s))


def test_ax4_no_capture_without_a_closing_stone():
    # E6, E7 blue then an empty cell; F6 blue then the board edge is far: nothing closes.
    game, s = position({"E6": (MADDIE, "up"), "E7": (MADDIE, "up"), "I5": (MADDIE, "up")})
    game.apply_move(s, SALLY, {"place": "E5", "arrow": "down"})
    game2, s2 = position({"H5": (MADDIE, "up"), "I5": (MADDIE, "up")})
    game2.apply_move(s2, SALLY, {"place": "G5", "arrow": "down"})  # the run reaches the edge
    assert len(s.stones) == 4 and len(s2.stones) == 3


def test_ax4_own_stones_next_to_the_new_one_capture_nothing():
    game, s = position({"E6": (SALLY, "up"), "E7": (MADDIE, "up"), "E8": (SALLY, "up")})
    game.apply_move(s, SALLY, {"place": "E5", "arrow": "down"})
    assert "E7" in cells(game, s)


def test_ax4_pieces_neither_block_nor_get_captured():
    # Maddie's piece stands on E6 (a blue stone in the run) and Sally's on empty E9 beyond.
    stones = {"E6": (MADDIE, "left"), "E7": (MADDIE, "up"), "E8": (SALLY, "up")}
    game, s = position(stones, pieces={MADDIE: "E6", SALLY: "A1"}, placements=1)
    game.apply_move(s, SALLY, {"place": "E5", "arrow": "down"})    # placement 2 moves red (A1, no stone)
    assert "E6" not in cells(game, s) and s.pieces[MADDIE] == game.parse_cell("E6")
    # A piece on an empty cell does not fill a gap: the run stops there.
    game, s = position({"E6": (MADDIE, "up"), "E8": (SALLY, "up")}, pieces={MADDIE: "E7"})
    game.apply_move(s, SALLY, {"place": "E5", "arrow": "down"})
    assert "E6" in cells(game, s)


def test_ax4_captures_come_before_the_movement():
    # Placement 2 moves red: Sally's piece stands on a blue stone that this placement captures,
    # so there is no stone under it any more and it stays.
    stones = {"E6": (MADDIE, "left"), "E7": (SALLY, "up")}
    game, s = position(stones, pieces={SALLY: "E6"}, placements=1)
    game.apply_move(s, SALLY, {"place": "E5", "arrow": "down"})
    assert s.pieces[SALLY] == game.parse_cell("E6")


def test_ax4_replay_narrates_the_captured_cells():
    _, replay = play((SALLY, "E5 up"), (MADDIE, "E6 left"), (SALLY, "E7 down"))
    narration = [wording.text(replay.game, e) for e in events(replay, 3) if "AX-4" in e.rulings]
    assert narration == ["captures E6 (down of E7, closed by Sally's stone on E5)"]


# --- AX-5 movement order ----------------------------------------------------------------

def test_ax5_snake_order_over_twelve_placements():
    game, s = position({})
    order = [s.sides[game.mover_of(s, k)][0].upper() for k in range(1, 13)]
    assert "".join(order) == "BRRBBRRBBRRB"


def test_ax5_replayed_order_over_twelve_placements():
    """Twelve real placements; the narration of each names the piece that moves."""
    texts = ["A1 up", "A9 down", "B1 right", "B9 left", "C1 up", "C9 down",
             "D1 right", "D9 left", "E1 up", "E9 down", "F1 right", "F9 left"]
    moves = [((SALLY, MADDIE)[i % 2], t) for i, t in enumerate(texts)]
    _, replay = play(*moves)
    assert flags(replay) == []
    movers = []
    for log in replay.log:
        (movement,) = [e for e in log.events if "AX-5" in e.rulings]
        movers.append("B" if wording.text(replay.game, movement).split()[3] == "Maddie's" else "R")
    assert "".join(movers) == "BRRBBRRBBRRB"


def test_ax5_the_piece_follows_the_stone_under_it_whoever_owns_it():
    # Placement 2 (red moves): Maddie's stone under Sally's piece takes it left.
    v, replay = view((SALLY, "E1 up"), (MADDIE, "C5 left"))
    assert v["pieces"][SALLY] == "B5"
    (movement,) = [e for e in events(replay, 2) if "AX-5" in e.rulings]
    assert wording.text(replay.game, movement) == ("after placement 2 Sally's red piece moves (BRRB… order): it follows Maddie's ← "
                             "on C5 to B5")


def test_ax5_a_piece_on_no_stone_stays():
    v, replay = view((SALLY, "E1 up"))
    assert v["pieces"][MADDIE] == "G5"
    assert "stands on G5 without a stone and stays" in wording.text(replay.game, events(replay, 1)[-1])


def test_ax5_both_pieces_may_share_a_cell():
    game, s = position({"D5": (SALLY, "right")}, pieces={SALLY: "C5", MADDIE: "E5"}, placements=1)
    game.apply_move(s, SALLY, {"place": "C5", "arrow": "right"})  # placement 2: red C5 → D5
    game.apply_move(s, MADDIE, {"place": "A1", "arrow": "up"})    # placement 3: red D5 → E5, onto blue
    assert s.pieces[SALLY] == s.pieces[MADDIE] == game.parse_cell("E5")
    text = render(game.board_blocks(game.public_view(s)), "text")
    assert "X" in text


def test_ax5_retake_rewinds_the_order():
    # After a Retake the next placement is number 3 again: red moves.
    _, replay = play((SALLY, "E1 up"), (MADDIE, "A1 up"), (SALLY, "retake"), (SALLY, "E2 up"),
                     items={SALLY: ["retake"]})
    assert flags(replay) == []
    (movement,) = [e for e in events(replay, 4) if "AX-5" in e.rulings]
    assert wording.text(replay.game, movement).startswith("after placement 1 Maddie's")


# --- AX-6 leaving the board ---------------------------------------------------------------

def test_ax6_pushed_off_the_board_loses():
    """Sally walks Maddie's piece right from G5 to I7 and off (the conformance case)."""
    moves = [(SALLY, "G5 right"), (MADDIE, "A1 up"), (SALLY, "H5 up"), (MADDIE, "A3 down"),
             (SALLY, "H6 right"), (MADDIE, "A5 up"), (SALLY, "I6 up"), (MADDIE, "A7 right"),
             (SALLY, "I7 right")]
    v, replay = view(*moves)
    assert replay.outcome.winner == SALLY
    assert "Maddie's piece left the board from I7 going right" in wording.result_reason(replay)
    assert replay.outcome.termination == "off-board"
    assert v["pieces"][MADDIE] is None and v["to_move"] is None
    assert [e.rulings for e in events(replay, 9)][-1] == ("AX-6",)


def test_ax6_your_own_stone_can_push_you_off():
    # Red starts on A5; placement 3 moves red, and sally puts a left stone under her own piece.
    _, replay = play((SALLY, "E1 up"), (MADDIE, "E9 up"), (SALLY, "A5 left"),
                     params={"start": {"red": "A5", "blue": "G5"}})
    assert replay.outcome.winner == MADDIE


def test_ax6_nothing_follows_the_end():
    _, replay = play((SALLY, "G5 right"), (MADDIE, "A1 up"), (SALLY, "H5 up"), (MADDIE, "A3 down"),
                     (SALLY, "H6 right"), (MADDIE, "A5 up"), (SALLY, "I6 up"), (MADDIE, "A7 right"),
                     (SALLY, "I7 right"), (MADDIE, "A9 right"))
    assert flags(replay) == [(10, "match-over")]


# --- AX-7 no legal placement: pass --------------------------------------------------------

# A 3×3 board, full but for A1 (Sally's to fill) and B3. B3 can only take 'up' (down, left and
# right all point at a stone that points back at B3), and 'up' was Maddie's last arrow.
CROWDED = {"A3": (MADDIE, "right"), "C3": (MADDIE, "left"),
           "A2": (SALLY, "up"), "B2": (SALLY, "up"), "C2": (MADDIE, "up"),
           "B1": (SALLY, "up"), "C1": (MADDIE, "right")}
SMALL = {"size": 3, "start": {"red": "B1", "blue": "B3"}}


def test_ax7_no_legal_placement_passes_and_the_movement_happens():
    game, s = position(CROWDED, to_move=SALLY, last={SALLY: "right", MADDIE: "up"}, placements=4, params=SMALL)
    assert game.has_placement(s, MADDIE)                                # A1 is still free for her now
    said = game.apply_move(s, SALLY, {"place": "A1", "arrow": "left"})    # placement 5: blue (B3, no stone) stays
    assert not game.has_placement(s, MADDIE)
    assert s.placements == 6                                             # the pass is placement 6 …
    assert s.pieces[SALLY] == game.parse_cell("B2")                      # … after which red moves B1 → B2
    assert game.pending(s) == Turn((SALLY,), "place", fields={"barred": "left"})
    assert wording.due_label(game, game.pending(s)) == "place a stone (not left)"
    passing = [e for e in said if "AX-7" in e.rulings]
    assert passing and "Maddie (blue) has no legal placement and passes" in wording.text(game, passing[0])
    game.check_move(s, SALLY, {"place": "B3", "arrow": "up"})            # sally can still place


def test_ax7_passes_go_on_while_a_piece_can_still_move():
    game, s = position(CROWDED, to_move=SALLY, last={SALLY: "right", MADDIE: "up"}, placements=4, params=SMALL)
    game.apply_move(s, SALLY, {"place": "A1", "arrow": "left"})   # 5; maddie passes (6): red B1 → B2
    game.apply_move(s, SALLY, {"place": "B3", "arrow": "up"})     # 7: red B2 → B3; the board is full
    # maddie passes (8): blue's piece on B3 follows Sally's up stone off the board.
    assert [r["pass"] for r in s.history] == [False, True, False, True]
    assert s.over and s.winner == SALLY and s.placements == 8


def test_ax7_nobody_can_place_and_nothing_can_move_is_a_draw():
    # B2 is empty and every neighbour points at it: any arrow on B2 closes a loop of two.
    stuck = {"B3": (MADDIE, "down"), "B1": (SALLY, "up"), "A2": (SALLY, "right"), "C2": (MADDIE, "left"),
             "A3": (MADDIE, "up"), "C3": (SALLY, "up"), "C1": (MADDIE, "down")}
    game, s = position(stuck, pieces={SALLY: "B2", MADDIE: "B2"}, params=SMALL)
    said = game.apply_move(s, SALLY, {"place": "A1", "arrow": "down"})
    assert s.over and s.winner is None and game.outcome(s).termination == "stuck-draw"
    assert "rules are silent" in wording.reason(game, game.outcome(s))
    assert any("AX-7" in e.rulings and "drawn" in wording.text(game, e) for e in said)


def test_ax7_replayed_match_passes_without_an_entry():
    """A real 2×2 match: after four stones nobody can place; the passes walk red off the board."""
    small = {"size": 2, "start": {"red": "A1", "blue": "B2"}}
    _, replay = play((SALLY, "A2 right"), (MADDIE, "B1 left"), (SALLY, "B2 down"), (MADDIE, "A1 down"),
                     params=small)
    assert flags(replay) == []
    # 4: blue B2 → B1. Pass 5 (sally): blue B1 → A1. Pass 6 (maddie): red A1 ↓ off the board.
    said = [wording.text(replay.game, e) for e in events(replay, 4) if "AX-7" in e.rulings]
    assert len(said) == 2 and said[0].startswith("placement 5: Sally (red) has no legal placement and passes")
    assert replay.outcome.winner == MADDIE
    assert "Sally's piece left the board from A1 going down" in wording.result_reason(replay)


# --- AX-8 items -------------------------------------------------------------------------

def test_ax8_catalogue_holds_starter_retake_and_reserve():
    match, _ = play()
    items = match.ruleset.items
    assert set(items) == {"starter", "retake", "reserve"} and items["retake"]["uses"] == 1
    assert items["reserve"]["reserve_bonus_seconds"] == 120


def test_ax8_retake_at_the_start_is_illegal():
    _, replay = play((SALLY, "retake"), items={SALLY: ["retake"]})
    assert flags(replay) == [(1, "retake-too-early")]
    _, replay = play((SALLY, "E5 up"), (MADDIE, "retake"), items={MADDIE: ["retake"]})
    assert flags(replay) == [(2, "retake-too-early")]
    assert "only 1 has been made" in wording.flag_message(replay.flags[0]) and replay.flags[0].rulings == ("AX-8",)


def retake_game():
    """Five placements; Maddie (blue) to place. Placement 5, Sally's G5 left, captures F5 and
    moves blue's piece G5 → F5. Maddie's arrows so far: up (2), down (4)."""
    return [(SALLY, "C6 up"), (MADDIE, "A1 up"), (SALLY, "E5 right"), (MADDIE, "F5 down"),
            (SALLY, "G5 left")]


def test_ax8_retake_undoes_two_placements_with_captures_and_movements():
    moves = retake_game()
    before, _ = view(*moves[:3], items={MADDIE: ["retake"]})
    full, replay = view(*moves, items={MADDIE: ["retake"]})
    assert flags(replay) == []
    assert "F5" not in full["stones"] and full["pieces"][MADDIE] == "F5"     # captured; blue moved G5 → F5
    after, replay = view(*moves, (MADDIE, "retake"), items={MADDIE: ["retake"]})
    assert flags(replay) == []
    assert after["stones"] == before["stones"] and after["pieces"] == before["pieces"]
    assert after["placements"] == 3 and after["to_move"] == MADDIE and after["last_arrow"] == before["last_arrow"]
    (said,) = [wording.text(replay.game, e) for e in events(replay, 6)]
    assert said == ("Maddie (blue) uses Retake: undoes placement 5 (Sally ← on G5, 1 captured stone back) and "
                    "placement 4 (Maddie ↓ on F5) with their movements; Maddie places again and may not use ↑ up, "
                    "as the first time")


def test_ax8_retake_keeps_the_first_placements_restrictions():
    # Maddie's arrows: up (2), down (4). Retake undoes 5 (sally) and 4 (maddie): maddie places
    # placement 4 again, barred from up (her arrow of placement 2) as the first time, and free to
    # use down again.
    moves = retake_game()
    _, replay = play(*moves, (MADDIE, "retake"), (MADDIE, "F5 up"), items={MADDIE: ["retake"]})
    assert flags(replay) == [(7, "same-arrow")]
    v, replay = view(*moves, (MADDIE, "retake"), (MADDIE, "F5 down"), items={MADDIE: ["retake"]})
    assert flags(replay) == [] and v["stones"]["F5"] == {"owner": MADDIE, "arrow": "down"}


def test_ax8_retake_on_the_holders_turn_only():
    _, replay = play(*retake_game(), (SALLY, "retake"), items={SALLY: ["retake"]})  # maddie to place
    assert flags(replay) == [(6, "not-your-turn")]


def test_ax8_retake_only_if_held_and_only_once():
    moves = retake_game()
    _, replay = play(*moves, (MADDIE, "retake"), items={SALLY: ["retake"]})
    assert flags(replay) == [(6, "item-not-held")]
    _, replay = play(*moves, (MADDIE, "retake"), (MADDIE, "F5 down"), (SALLY, "A9 up"), (MADDIE, "retake"),
                     items={MADDIE: ["retake"]})
    assert flags(replay) == [(9, "item-used")]


def test_ax8_retake_after_own_pass_is_illegal():
    game, s = position({}, items={MADDIE: ["retake"]}, to_move=MADDIE)
    s.history = [{"player": MADDIE, "pass": True}, {"player": SALLY, "pass": False}]
    flag = illegal(game, s, MADDIE, {"item": {"use": "retake"}})
    assert flag.code == "retake-after-pass" and flag.rulings == ("AX-8", "AX-7")


def test_ax8_retake_after_pass_refusal_names_each_ruling_once():
    """AX-7, AX-8: the rulings go in the flag's rulings, which `move` prints after the message;
    the message itself names none of them, so the refusal cites each once."""
    game, s = position({}, items={MADDIE: ["retake"]}, to_move=MADDIE)
    s.history = [{"player": MADDIE, "pass": True}, {"player": SALLY, "pass": False}]
    flag = illegal(game, s, MADDIE, {"item": {"use": "retake"}})
    assert not [r for r in flag.rulings if r in wording.refusal(game, flag)]


def test_ax8_retake_is_listed_as_legal_when_it_can_be_used():
    match, replay = play(*retake_game(), items={MADDIE: ["retake"]})
    listed = [mv for mv, _ in replay.legal_moves(MADDIE)]
    assert {"item": {"use": "retake"}} in listed
    match, replay = play(*retake_game(), (MADDIE, "retake"), items={MADDIE: ["retake"]})
    assert {"item": {"use": "retake"}} not in [mv for mv, _ in replay.legal_moves(MADDIE)]   # used (G-5)
    assert replay.public_view()["retakes_used"] == {SALLY: 0, MADDIE: 1}           # the engine's count
    assert match.game.public_view(replay.state)["retakes_used"] == {SALLY: 0, MADDIE: 0}   # no items given
    # Before it is used the rules allow it, but not to a player who does not hold it.
    _, replay = play(*retake_game(), items={SALLY: ["retake"]})
    assert {"item": {"use": "retake"}} not in [mv for mv, _ in replay.legal_moves(MADDIE)]
    assert replay.public_view()["retakes_used"] == {SALLY: 0, MADDIE: 0}


def test_ax8_starter_and_reserve_are_header_items():
    """Starter is recorded as `first` (G-6), Reserve is clock data; neither is a move."""
    _, replay = play((SALLY, "E5 up"), first=SALLY, items={SALLY: ["starter"], MADDIE: ["reserve", "retake"]})
    assert flags(replay) == []
    with pytest.raises(MatchFileError, match=r"field move.item.use"):
        play((SALLY, {"item": {"use": "reserve"}}))


# --- AX-9 time ----------------------------------------------------------------------------

def test_ax9_clock_settings_and_a_timeout_loses():
    match, _ = play()
    clock = match.ruleset.params["time_control"]
    assert (clock["turn_seconds"], clock["reserve_seconds"], clock["on_expiry"]) == (60, 300, "lose")
    _, replay = play((SALLY, "E5 up"), ("host", {"action": "timeout", "player": MADDIE}))
    assert replay.outcome.winner == SALLY


# --- Move schema, notation ----------------------------------------------------------------

@pytest.mark.parametrize("move, message", [
    ({"place": "E5"}, "'arrow' is missing"),
    ({"arrow": "up"}, "'place' is missing"),
    ({"place": "E5", "arrow": "north"}, "field move.arrow"),
    ({"place": "E5", "arrow": "up", "item": {"use": "retake"}}, "field move"),
    ({"item": {"use": "retake"}, "place": "E5"}, "field move"),
    ({}, "field move"),
])
def test_schema_rejects_malformed_moves(move, message):
    with pytest.raises(MatchFileError, match=message):
        play((SALLY, move))


@pytest.fixture(scope="module")
def game():
    match, _ = play()
    return match.game


@pytest.mark.parametrize("text, move", [
    ("E5 up", {"place": "E5", "arrow": "up"}), ("E5 ^", {"place": "E5", "arrow": "up"}),
    ("e5 U", {"place": "E5", "arrow": "up"}), ("place E5 up", {"place": "E5", "arrow": "up"}),
    ("e5 v", {"place": "E5", "arrow": "down"}), ("A1 <", {"place": "A1", "arrow": "left"}),
    ("i9 >", {"place": "I9", "arrow": "right"}), ("C3 ↑", {"place": "C3", "arrow": "up"}),
    ("C3 ↓", {"place": "C3", "arrow": "down"}), ("C3 ←", {"place": "C3", "arrow": "left"}),
    ("C3→", {"place": "C3", "arrow": "right"}), ("b2 r", {"place": "B2", "arrow": "right"}),
    ("B2 left", {"place": "B2", "arrow": "left"}), ("  Place  h7   DOWN ", {"place": "H7", "arrow": "down"}),
    ("retake", {"item": {"use": "retake"}}), ("RETAKE", {"item": {"use": "retake"}}),
    ("J5 up", {"place": "J5", "arrow": "up"}),  # off the board is a rule (AX-1), not bad notation
])
def test_notation_parses(game, text, move):
    assert game.parse_move(text) == move


@pytest.mark.parametrize("text", ["", "E5", "up", "E5 north", "5E up", "E5 up left", "retake now", "EE5 up"])
def test_bad_notation_lists_the_forms(game, text):
    with pytest.raises(NotationError, match=r"not an Arrowbic Exercise move\. Write a placement as CELL ARROW"):
        game.parse_move(text)


@pytest.mark.parametrize("move", [{"place": "E5", "arrow": "up"}, {"place": "A1", "arrow": "left"},
                                  {"item": {"use": "retake"}}])
def test_canonical_form_round_trips(game, move):
    assert game.parse_move(game.format_move(move)) == move
    assert game.format_move({"place": "E5", "arrow": "up"}) == "E5 up"


# --- Legal moves --------------------------------------------------------------------------

def test_every_placement_is_legal_at_the_start(game):
    s = game.initial_state()
    assert len(list(game.legal_moves(s, SALLY))) == 81 * 4
    assert list(game.legal_moves(s, MADDIE)) == []


def test_legal_moves_agree_with_check_move():
    match, replay = play(*retake_game())
    game, s = match.game, replay.state
    listed = {(mv["place"], mv["arrow"]) for mv, _ in game.legal_moves(s, MADDIE) if "place" in mv}
    for col in "ABCDEFGHI":
        for row in range(1, 10):
            for arrow in ("up", "down", "left", "right"):
                move = {"place": f"{col}{row}", "arrow": arrow}
                try:
                    game.check_move(s, MADDIE, move)
                    ok = True
                except Illegal:
                    ok = False
                assert ok == ((move["place"], arrow) in listed), move
    assert ("C6", "left") not in listed  # occupied; and Maddie's last arrow (down) is never listed
    assert not any(arrow == "down" for _, arrow in listed)
    assert ("F5", "left") not in listed and ("F5", "right") not in listed   # loops with E5 and G5
    assert ("F5", "up") in listed



def test_legal_moves_preview_captures_and_movement():
    match, replay = play((SALLY, "E5 up"), (MADDIE, "E6 left"))
    previews = {match.game.format_move(mv): wording.preview(match.game, effect)
                for mv, effect in match.game.legal_moves(replay.state, SALLY)}
    assert previews["E7 down"] == "captures E6; Sally's piece stays on C5"
    assert previews["C5 right"] == "Sally's piece → D5"
    match, replay = play(params={"start": {"red": "C5", "blue": "I5"}})
    previews = {match.game.format_move(mv): wording.preview(match.game, effect)
                for mv, effect in match.game.legal_moves(replay.state, SALLY)}
    assert previews["I5 right"] == "Maddie's piece leaves the board: Maddie loses"


def listed_the_plain_way(game, s, player):
    """Placements as legal_moves first listed them: each cell and arrow through
    placement_problem, each preview worked out on its own (AX-2…AX-5)."""
    mover = game.mover_of(s, s.placements + 1)
    listed = []
    for row in range(game.size - 1, -1, -1):
        for col in range(game.size):
            cell = (col, row)
            for arrow in ("up", "right", "down", "left"):
                if cell not in s.stones and game.placement_problem(s, player, cell, arrow) is None:
                    listed.append(({"place": game.cell_name(cell), "arrow": arrow},
                                   plain_preview(game, s, player, cell, arrow, mover)))
    return listed


def plain_preview(game, s, player, cell, arrow, mover):
    captured = {c for _, run in game.captures(s, player, cell) for c in run}
    parts = []
    if captured:
        parts.append("captures " + ", ".join(game.cell_name(c) for c in sorted(captured, key=lambda c: (-c[1], c[0]))))
    at = s.pieces[mover]
    under = arrow if at == cell else None if at in captured else s.stones.get(at, (None, None))[1]
    if under is None:
        return "; ".join(parts + [f"{game.who(mover)}'s piece stays on {game.cell_name(at)}"])
    dx, dy = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}[under]
    to = (at[0] + dx, at[1] + dy)
    return "; ".join(parts + [f"{game.who(mover)}'s piece → {game.cell_name(to)}" if game.on_board(to)
                              else f"{game.who(mover)}'s piece leaves the board: {game.who(mover)} loses"])


@pytest.mark.parametrize("index,items", [(1, ()), (2, ("retake", "reserve", "starter"))])
def test_quick_listing_agrees_with_the_plain_one_over_a_playout(index, items):
    """legal_moves tests loops through remembered chains and previews each cell once
    (Chains, _captured, _piece_fate): the same placements, order and previews as the plain way."""
    played = simulate.play("arrowbic", index, items=items)
    replay = session.new_replay(matchfile.prepare({**played.data, "entries": []}, None))
    game = replay.game
    for number, entry in enumerate(played.data["entries"]):
        if number % 3 == 0:
            s, player = replay.state, replay.to_act()[0]
            placements = [(mv, wording.preview(game, e)) for mv, e in game.legal_moves(s, player) if "place" in mv]
            assert placements == listed_the_plain_way(game, s, player)
        replay.step(entry)


def test_quick_listing_agrees_on_a_crowded_board_with_a_loop_already_on_it():
    """Chains must also stop on a loop the board should never hold (AX-3's guard in loop_through)."""
    stones = {"D4": (MADDIE, "right"), "E4": (MADDIE, "up"), "E5": (MADDIE, "left"), "D5": (MADDIE, "down"),
              "C4": (MADDIE, "right"), "B4": (MADDIE, "right"), "F6": (SALLY, "down"), "F5": (MADDIE, "left"),
              "G7": (MADDIE, "down"), "G6": (MADDIE, "left"), "G5": (SALLY, "up"), "C6": (SALLY, "up"),
              "C7": (MADDIE, "up"), "A1": (SALLY, "left"), "B8": (SALLY, "down"), "B7": (SALLY, "down"),
              "B6": (SALLY, "right")}
    game, s = position(stones, pieces={SALLY: "G6", MADDIE: "C6"}, last={SALLY: "down"})
    for placements in (0, 1):   # Maddie's piece moves next, then Sally's (AX-5)
        s.placements = placements
        listed = [(mv, wording.preview(game, e)) for mv, e in game.legal_moves(s, SALLY) if "place" in mv]
        assert listed == listed_the_plain_way(game, s, SALLY)
    previews = {game.format_move(mv): e for mv, e in listed}
    assert previews["G8 up"] == "captures G7, G6; Sally's piece stays on G6"   # its stone is captured
    assert previews["G4 left"] == "Sally's piece → F6"
    assert "C8 left" not in previews and "C8 up" in previews   # C8 → B8 → B7 → B6 → C6 → C7 → C8 (AX-3)
    chains = Chains(s.stones)
    for cell in [(c, r) for c in range(9) for r in range(9) if (c, r) not in s.stones]:
        for arrow in ("up", "right", "down", "left"):
            assert chains.closes_loop(cell, arrow) == bool(game.loop_through(s, cell, arrow)), (cell, arrow)


def test_every_listed_move_is_accepted_by_replay():
    moves = retake_game()
    match, replay = play(*moves)
    listed = list(match.game.legal_moves(replay.state, MADDIE))
    for move, _ in listed[::17]:
        _, again = play(*moves, (MADDIE, move))
        assert not again.flags, move


# --- Board and replay narration ------------------------------------------------------------

def test_board_json_has_pieces_and_stones():
    v, _ = view((SALLY, "E5 up"))
    assert v["pieces"] == {SALLY: "C5", MADDIE: "G5"}
    assert v["stones"] == {"E5": {"owner": SALLY, "arrow": "up"}}
    assert json.dumps(v)


def test_board_text_shows_grid_pieces_last_placement_turn_and_barred_arrow():
    match, replay = play((SALLY, "E5 up"), (MADDIE, "C5 left"))
    text = views.board_text(match, replay, "text")
    lines = text.splitlines()
    assert any(line.split() == list("ABCDEFGHI") for line in lines)
    row5 = next(line for line in lines if line.startswith(" 5"))
    assert "←b*" in row5 and "↑r" in row5 and "B." in row5          # last placement marked; blue piece on G5
    row5_cells = row5[4:]
    assert row5_cells[4 * 1] == "R"                                      # red piece on B5 (moved)
    assert "To place: Sally (red), who may not use ↑ up (their last arrow)" in text
    assert "Last placement (2): Maddie ← left on C5" in text


def test_board_bbcode_keeps_the_grid_in_code_and_colours_the_players_outside():
    """phpBB has no [font] and shows tags inside [code] raw: the grid is plain
    [code], its letters say whose stone is whose, and the players' names carry the colour."""
    match, replay = play((SALLY, "E5 up"), (MADDIE, "C5 left"))
    text = views.board_text(match, replay, "bbcode")
    grid = text.split("[code]")[1].split("[/code]")[0]
    assert "↑r" in grid and "←b" in grid and "[" not in grid
    assert "[font" not in text and "[color=red]Sally[/color]" in text and "[color=blue]Maddie[/color]" in text


def test_board_after_the_end_shows_the_piece_off_the_board():
    moves = [(SALLY, "G5 right"), (MADDIE, "A1 up"), (SALLY, "H5 up"), (MADDIE, "A3 down"),
             (SALLY, "H6 right"), (MADDIE, "A5 up"), (SALLY, "I6 up"), (MADDIE, "A7 right"),
             (SALLY, "I7 right")]
    match, replay = play(*moves)
    text = views.board_text(match, replay, "text")
    assert "off the board" in text and "To place" not in text


def test_board_after_a_host_ending_names_nobody_to_place():
    """G-4: a forfeit ends the match with both pieces on the board; nobody is to place (AX-5 order unsaid)."""
    match, replay = play((SALLY, "E5 up"), ("host", {"action": "forfeit", "player": MADDIE}))
    view = match.game.public_view(replay.state)
    assert replay.outcome.winner == SALLY and view["to_move"] is None and view["next_mover"] is None
    assert "To place" not in views.board_text(match, replay, "text")


def test_replay_cites_the_rulings_it_applies():
    _, replay = play(*retake_game(), (MADDIE, "retake"), items={MADDIE: ["retake"]})
    cited = {r for e in events(replay) for r in e.rulings}
    assert {"AX-2", "AX-4", "AX-5", "AX-8"} <= cited


def test_schema_rejects_a_leading_zero():
    with pytest.raises(MatchFileError, match=r"field move.place"):
        play((SALLY, {"place": "E05", "arrow": "up"}))


def test_host_end_without_a_winner_has_none():
    """AX-6 is the only way to win; a host's `end` without a winner scores no winner (G-4)."""
    _, replay = play((SALLY, "E5 up"), ("host", {"action": "end"}))
    assert replay.outcome.winner is None and "AX-6" in wording.result_reason(replay)


# --- The command line -----------------------------------------------------------------------

@pytest.fixture
def started(cli, tmp_path):
    path = tmp_path / "ax.json"
    res = cli("new", "arrowbic", "--player", "sally=Sally:red", "--player", "maddie=Maddie:blue",
              "--item", "maddie=retake", "--first", "sally", "-o", path)
    assert res.code == 0, res.err
    return path


def test_cli_move_takes_typed_forms_and_stores_the_canonical_move(cli, started):
    res = cli("move", started, "sally", "E5", "^")
    assert res.code == 0, res.err
    data = json.loads(started.read_text())
    assert data["entries"][0]["move"] == {"place": "E5", "arrow": "up"} and data["entries"][0]["text"] == "E5 ^"
    assert "E5 up" in res.out and "To place: Maddie (blue)" in res.out
    assert cli("move", started, "maddie", "e7", "v").code == 0  # E7 → E6 (empty): no loop


def test_cli_refuses_an_illegal_placement_naming_the_rule_and_writes_nothing(cli, started):
    cli("move", started, "sally", "E5 right")
    before = started.read_text()
    res = cli("move", started, "maddie", "F5 left")
    assert res.code == 1 and "refused (closed-loop)" in res.err and "F5 → E5 → F5" in res.err and "(AX-3)" in res.err
    assert started.read_text() == before
    res = cli("move", started, "sally", "A1 up")
    assert res.code == 1 and "not-your-turn" in res.err


def test_cli_retake_and_legal(cli, started):
    res = cli("move", started, "maddie", "retake")
    assert res.code == 1 and "retake-not" not in res.err and "not-your-turn" in res.err
    cli("move", started, "sally", "E5 up")
    res = cli("move", started, "maddie", "retake")
    assert res.code == 1 and "refused (retake-too-early)" in res.err
    cli("move", started, "maddie", "A1 up")
    cli("move", started, "sally", "E7 left")
    res = cli("legal", started, "--format", "json", "--limit", "0")
    listed = [row["move"] for row in res.json["legal"]["maddie"]]
    assert "retake" in listed and "A1 up" not in listed and "A3 up" not in listed
    assert cli("move", started, "maddie", "retake").code == 0
    res = cli("board", started, "--format", "json")
    assert res.json["board"]["stones"] == {"E5": {"owner": "sally", "arrow": "up"}}
    assert res.json["to_act"] == ["maddie"]  # the holder places again (AX-8)


def test_cli_board_json_matches_the_result_schema(cli):
    from adjudicator import schemas

    for name in ("arrowbic-push-off.json", "arrowbic-retake.json"):
        res = cli("board", REPO / "matches" / name, "--format", "json")
        assert res.code == 0 and not schemas.errors("result", res.json)
        assert res.json["status"] == "finished" and res.json["winner"] == "sally"


# --- Data, worded at the edge -----------------------------------------------------

def plain(value):
    """Plain data: numbers, codes, cell names and player ids, in lists and dicts; no sentences."""
    if isinstance(value, str):
        return " " not in value
    if value is None or isinstance(value, (bool, int)):
        return True
    if isinstance(value, (list, tuple)):
        return all(plain(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and plain(v) for k, v in value.items())
    return False


def produced():
    """What the rules core reports over a few simulated matches (items held) and the
    positions of this file that reach the rarer rules: (game, events, refusals, outcomes)."""
    seen_events, seen_refusals, seen_outcomes = [], [], []
    game = None

    def take(match, replay):
        nonlocal game
        game = match.game
        seen_events.extend((match.game, e) for log in replay.log for e in log.events)
        seen_refusals.extend((match.game, f.refused) for f in replay.flags)
        if replay.outcome is not None:
            seen_outcomes.append((match.game, replay.outcome))
            if "scored" in replay.outcome.figures:   # a host's end: the result by the rules
                seen_outcomes.append((match.game, replay.outcome.figures["scored"]))
        for player in match.game.player_ids:
            seen_events.extend((match.game, e) for _, effects in replay.legal_moves(player) for e in effects)

    for index in (1, 2, 3):
        played = simulate.play("arrowbic", index, items=("retake", "reserve", "starter"), max_entries=120)
        match = matchfile.prepare(played.data, None)
        take(match, session.replay_match(match))
    moves = retake_game()
    take(*play(*moves, items={MADDIE: ["retake"]}))                               # Retake listed
    take(*play(*moves, (MADDIE, "retake"), items={MADDIE: ["retake"]}))          # Retake used
    take(*play((SALLY, "retake"), (SALLY, "J5 up"), (SALLY, "E5 right"), (MADDIE, "E5 up"), (MADDIE, "F5 left"),
               (MADDIE, "A1 right"), (SALLY, "A2 right"), items={SALLY: ["retake"]}))
    take(*play((SALLY, "E5 up"), ("host", {"action": "end"})))                  # no winner by the rules
    take(*play(params={"start": {"red": "C5", "blue": "I5"}}))                  # a preview off the board
    take(*play({"type": "chance", "chance": {"pick": MADDIE, "source": "external"}},
               (MADDIE, "E5 up")))                                               # an opening pick (G-6)
    take(*play((SALLY, "A2 right"), (MADDIE, "B1 left"), (SALLY, "B2 down"), (MADDIE, "A1 down"),
               params={"size": 2, "start": {"red": "A1", "blue": "B2"}}))          # passes, off the board
    take(*play((SALLY, "G5 right"), (MADDIE, "A1 up"), (SALLY, "H5 up"), (MADDIE, "A3 down"),
               (SALLY, "H6 right"), (MADDIE, "A5 up"), (SALLY, "I6 up"), (MADDIE, "A7 right"), (SALLY, "I7 right")))
    stuck = {"B3": (MADDIE, "down"), "B1": (SALLY, "up"), "A2": (SALLY, "right"), "C2": (MADDIE, "left"),
             "A3": (MADDIE, "up"), "C3": (SALLY, "up"), "C1": (MADDIE, "down")}
    g, s = position(stuck, pieces={SALLY: "B2", MADDIE: "B2"}, params=SMALL)
    seen_events.extend((g, e) for e in g.apply_move(s, SALLY, {"place": "A1", "arrow": "down"}))
    seen_outcomes.append((g, g.outcome(s)))
    g, s = position({}, items={MADDIE: ["retake"]}, to_move=MADDIE)
    s.history = [{"player": MADDIE, "pass": True}, {"player": SALLY, "pass": False}]
    seen_refusals.append((g, illegal(g, s, MADDIE, {"item": {"use": "retake"}})))
    return game, seen_events, seen_refusals, seen_outcomes


def test_every_event_refusal_and_ending_has_words_and_plain_data():
    game, seen_events, seen_refusals, seen_outcomes = produced()
    kinds = {e.kind for _, e in seen_events}
    codes = {r.code for _, r in seen_refusals}
    terminations = {o.termination for _, o in seen_outcomes}
    # Every entry of the game's tables was met, so each was checked below.
    assert set(game.words) <= kinds, set(game.words) - kinds
    assert set(game.refusals) <= codes, set(game.refusals) - codes
    assert set(game.endings) <= terminations, set(game.endings) - terminations
    # All have words; the game's own (the engine's may carry its objects) hold plain data only.
    for g, event in seen_events:
        assert wording.text(g, event).strip(), event
        assert event.kind not in game.words or plain(event.fields), event
    for g, refused in seen_refusals:
        assert wording.refusal(g, refused).strip(), refused.code
        assert refused.code not in game.refusals or plain(refused.fields), refused.fields
    for g, outcome in seen_outcomes:
        assert wording.reason(g, outcome).strip(), outcome.termination
        assert outcome.termination not in game.endings or plain(outcome.figures), outcome
    assert len(seen_events) > 1000 and len(seen_refusals) >= len(game.refusals)
    for barred in (None, *("up", "right", "down", "left")):
        assert wording.due_label(game, Turn((SALLY,), "place", fields={"barred": barred})).startswith("place a stone")


def test_has_placement_agrees_with_the_full_listing_over_playouts():
    """has_placement looks for an arrow toward a free cell first, starting where it last found
    one; it must agree with the full test through Chains (AX-3, AX-7) wherever it starts."""
    checked = 0
    for index in (1, 2):
        played = simulate.play("arrowbic", index, max_entries=300)
        replay = session.new_replay(matchfile.prepare({**played.data, "entries": []}, None))
        game = replay.game
        for entry in played.data["entries"]:
            replay.step(entry)
            s = replay.state
            for player in game.player_ids:
                full = any(True for _ in game._placements(s, player))
                for start in ((0, 0), (8, 8), (4, 4)):
                    game._found = start
                    assert game.has_placement(s, player) == full
                    checked += 1
    # And on the crowded 3×3 board, where only the chains can tell.
    game, s = position(CROWDED, to_move=SALLY, last={SALLY: "right", MADDIE: "up"}, placements=4, params=SMALL)
    s.stones[game.parse_cell("A1")] = (SALLY, "left")
    for player in (SALLY, MADDIE):
        assert game.has_placement(s, player) == any(True for _ in game._placements(s, player))
    assert checked > 100
