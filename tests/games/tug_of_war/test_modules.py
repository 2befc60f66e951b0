"""Zero's Tug of War: the eight modules, TW-10…TW-17, each number from the ruleset."""

from __future__ import annotations

from collections import deque

import pytest
from helpers.tug_of_war import do, free, fresh, refused, replay, setup

# --- TW-10 Rope ---------------------------------------------------------------------------


def test_tw10_a_card_moves_the_mover_up_and_the_opponent_down():
    game, s = fresh()
    do(game, s, "sally", "rope 1 1")
    assert s.mods["rope"]["spots"] == {"sally": 11, "maddie": 7}


def test_tw10_the_mover_stops_at_18():
    game, s = fresh()
    setup(game, s, sally=[5])
    s.mods["rope"]["spots"] = {"sally": 16, "maddie": 12}
    do(game, s, "sally", "rope 5")
    assert s.mods["rope"]["spots"] == {"sally": 18, "maddie": 7}
    assert s.hands["sally"] == [5]  # letter G


def test_tw10_pit_scores_and_resets_both_to_the_start_spot():
    game, s = fresh()
    setup(game, s, sally=[3])
    s.mods["rope"]["spots"] = {"sally": 10, "maddie": 2}
    do(game, s, "sally", "rope 3")
    assert s.mods["rope"]["points"]["sally"] == 1 and s.mods["rope"]["spots"] == {"sally": 9, "maddie": 9}
    assert s.hands["sally"] == [1]  # spot 13 before the reset: letter E, 1 card played


@pytest.mark.parametrize("spot,letter", [(1, "A"), (2, "A"), (3, "B"), (5, "B"), (6, "C"), (9, "D"), (11, "D"),
                                         (12, "E"), (15, "F"), (17, "F"), (18, "G")])
def test_tw10_default_letter_map(spot, letter):
    game, _ = fresh()
    assert game.modules["rope"].letter(spot) == letter


def _rope_to(game, s, spot, card=1, maddie=9, hand=None):
    setup(game, s, sally=hand or [card, 1])
    s.mods["rope"]["spots"] = {"sally": spot - card, "maddie": maddie}
    return do(game, s, "sally", f"rope {card}")


def test_tw10_letter_b_four_to_mover_one_to_opponent():
    game, s = fresh()
    _rope_to(game, s, 4)
    assert s.hands == {"sally": [1, 4], "maddie": [1, 1, 1, 2]}


@pytest.mark.parametrize("ruleset,to_opponent", [("tug-of-war-v1", 3), ("tug-of-war-v2", 2)])
def test_tw10_letter_c_three_ones_and_3_in_v1_or_2_in_v2(ruleset, to_opponent):
    game, s = fresh(ruleset)
    _rope_to(game, s, 7)
    assert s.hands["sally"] == [1, 1, 1, 1] and s.hands["maddie"] == sorted([1, 1, 2, to_opponent])


def test_tw10_letter_d_modules_won_plus_one():
    game, s = fresh()
    s.mods["path"]["winner"] = s.mods["clock"]["winner"] = "sally"
    _rope_to(game, s, 10)
    assert s.hands["sally"] == [1, 3]


def test_tw10_letter_e_cards_played():
    game, s = fresh()
    setup(game, s, sally=[1, 1, 2])
    s.mods["rope"]["spots"] = {"sally": 9, "maddie": 12}
    do(game, s, "sally", "rope 1 1 2")  # spot 13
    assert s.hands["sally"] == [3]


def test_tw10_letter_f_points_on_active_modules_plus_one():
    game, s = fresh()
    s.mods["race"]["points"]["sally"] = 1
    s.mods["conker"]["points"]["sally"] = 2
    s.mods["clock"]["points"]["sally"] = 1
    s.mods["clock"]["winner"] = "maddie"  # inactive: its points do not count
    _rope_to(game, s, 16)
    assert s.hands["sally"] == [1, 4]


def test_tw10_letter_g_five():
    game, s = fresh()
    _rope_to(game, s, 18, card=2, hand=[2, 1])
    assert s.hands["sally"] == [1, 5]


def test_tw10_scoring_turn_reads_the_spot_before_the_reset():
    game, s = fresh()
    setup(game, s, sally=[3, 1])
    s.mods["rope"]["spots"] = {"sally": 15, "maddie": 3}
    text = do(game, s, "sally", "rope 3")  # spot 18 → G, then reset to 9 (letter D would pay 1)
    assert s.hands["sally"] == [1, 5] and any("letter G (spot 18)" in t for t in text)


def test_tw10_two_points_win_rope():
    game, s = fresh()
    setup(game, s, sally=[3, 1])
    s.mods["rope"]["spots"] = {"sally": 10, "maddie": 2}
    s.mods["rope"]["points"]["sally"] = 1
    do(game, s, "sally", "rope 3")
    assert s.mods["rope"]["winner"] == "sally"


def test_tw10_start_spot_length_and_letters_are_parameters():
    game, s = fresh(params={"rope": {"start_spot": 5, "length": 10, "letters": {"D": [9, 9], "G": [10, 11]}}})
    assert s.mods["rope"]["spots"] == {"sally": 5, "maddie": 5}
    setup(game, s, sally=[5, 1])
    do(game, s, "sally", "rope 5")
    assert s.mods["rope"]["spots"]["sally"] == 5 and s.mods["rope"]["points"]["sally"] == 1  # pulled 5 → 0
    assert s.hands["sally"] == [1, 5]  # spot 10 is G under this map


# --- TW-11 Race ---------------------------------------------------------------------------

def test_tw11_a_card_larger_than_the_steps_left_is_illegal():
    game, s = fresh()
    setup(game, s, sally=[3])
    s.mods["race"]["steps"]["sally"] = 11
    err = refused(game, s, "sally", "race 3")
    assert err.code == "race-overshoot" and "TW-11" in err.rulings


def test_tw11_exact_end_scores_a_one_and_resets_both():
    game, s = fresh()
    setup(game, s, sally=[2, 1])
    s.mods["race"]["steps"] = {"sally": 11, "maddie": 6}
    do(game, s, "sally", "race 2")
    assert s.mods["race"]["steps"] == {"sally": 0, "maddie": 0} and s.mods["race"]["points"]["sally"] == 1
    assert s.hands["sally"] == [1, 1]


def test_tw11_otherwise_the_reward_is_the_distance():
    game, s = fresh()
    setup(game, s, sally=[3, 1])
    s.mods["race"]["steps"] = {"sally": 0, "maddie": 1}
    do(game, s, "sally", "race 3")
    assert s.hands["sally"] == [1, 2]


def test_tw11_v2_puddles_stop_a_card():
    game, s = fresh("tug-of-war-v2")
    setup(game, s, sally=[5, 5])
    s.mods["race"]["steps"]["sally"] = 2
    text = do(game, s, "sally", "race 5")
    assert s.mods["race"]["steps"]["sally"] == 4 and any("puddle on step 4" in t for t in text)


def test_tw11_v1_has_no_puddles():
    game, s = fresh("tug-of-war-v1")
    setup(game, s, sally=[5, 5])
    s.mods["race"]["steps"]["sally"] = 2
    do(game, s, "sally", "race 5")
    assert s.mods["race"]["steps"]["sally"] == 7


def test_tw11_two_points_win_race():
    game, s = fresh()
    setup(game, s, sally=[1, 1])
    s.mods["race"]["steps"]["sally"] = 12
    s.mods["race"]["points"]["sally"] = 1
    do(game, s, "sally", "race 1")
    assert s.mods["race"]["winner"] == "sally"


# --- TW-12 Collation -----------------------------------------------------------------------

def test_tw12_a_card_takes_at_most_what_is_left():
    game, s = fresh("tug-of-war-v1")
    setup(game, s, sally=[5, 1])
    s.mods["collation"].update(pile=3, held={"sally": 8, "maddie": 14})
    text = do(game, s, "sally", "collation 5")
    assert any("takes 3" in t for t in text)


def test_tw12_empty_pile_more_counters_scores_each_gains_a_one_per_five():
    game, s = fresh("tug-of-war-v1")
    setup(game, s, sally=[5, 1])
    s.mods["collation"].update(pile=3, held={"sally": 8, "maddie": 14})
    do(game, s, "sally", "collation 5")  # sally 11, maddie 14: maddie scores
    assert s.mods["collation"]["points"] == {"sally": 0, "maddie": 1}
    assert s.mods["collation"]["pile"] == 25 and s.mods["collation"]["held"] == {"sally": 0, "maddie": 0}
    assert s.hands == {"sally": [1, 1, 1], "maddie": [1, 1, 1, 1, 2]}  # 11 → two 1s; 14 → two 1s


def test_tw12_usual_reward_is_the_counters_taken():
    game, s = fresh()
    do(game, s, "sally", "collation 1 1 1")
    assert s.hands["sally"] == [3]


def test_tw12_v2_early_end_at_20_taken_with_13_held():
    game, s = fresh("tug-of-war-v2")
    setup(game, s, sally=[2, 1])
    s.mods["collation"].update(pile=7, held={"sally": 11, "maddie": 7})  # 18 taken
    text = do(game, s, "sally", "collation 2")  # 20 taken, sally holds 13
    assert s.mods["collation"]["points"]["sally"] == 1 and s.mods["collation"]["pile"] == 25
    assert s.hands == {"sally": [1, 1, 1], "maddie": [1, 1, 1, 2]}  # 13 → two 1s; 7 → one
    assert any("scores at once" in t for t in text)


def test_tw12_v2_early_end_can_score_for_the_opponent():
    game, s = fresh("tug-of-war-v2")
    setup(game, s, sally=[1, 1])
    s.mods["collation"].update(pile=6, held={"sally": 6, "maddie": 13})  # 19 taken
    do(game, s, "sally", "collation 1")
    assert s.mods["collation"]["points"] == {"sally": 0, "maddie": 1}


def test_tw12_v1_has_no_early_end():
    game, s = fresh("tug-of-war-v1")
    setup(game, s, sally=[2, 1])
    s.mods["collation"].update(pile=7, held={"sally": 11, "maddie": 7})
    do(game, s, "sally", "collation 2")
    assert s.mods["collation"]["points"]["sally"] == 0 and s.mods["collation"]["pile"] == 5


# --- TW-13 Clock ----------------------------------------------------------------------------

def test_tw13_fills_with_the_movers_colour():
    game, s = fresh()
    do(game, s, "sally", "clock 1 1")
    assert s.mods["clock"] == {"winner": None, "points": {"sally": 0, "maddie": 0}, "colour": "sally", "filled": 2}
    assert s.hands["sally"] == [1, 2]  # ⌊2/2⌋ + 1


def test_tw13_push_back_past_zero_fills_the_excess_with_the_movers_colour():
    game, s = fresh()
    setup(game, s, sally=[5, 1])
    s.mods["clock"].update(colour="maddie", filled=3)
    text = do(game, s, "sally", "clock 5")
    assert s.mods["clock"]["colour"] == "sally" and s.mods["clock"]["filled"] == 2
    assert any("pushes back all 3 and fills the excess 2" in t for t in text)
    assert s.hands["sally"] == [1, 2]


def test_tw13_push_back_short_of_zero():
    game, s = fresh()
    setup(game, s, sally=[2, 1])
    s.mods["clock"].update(colour="maddie", filled=6)
    do(game, s, "sally", "clock 2")
    assert s.mods["clock"]["colour"] == "maddie" and s.mods["clock"]["filled"] == 4
    assert s.hands["sally"] == [1, 3]  # quarters of either colour


def test_tw13_full_clock_scores_two_plus_excess_and_resets():
    game, s = fresh()
    setup(game, s, sally=[5, 1])
    s.mods["clock"].update(colour="sally", filled=6)
    do(game, s, "sally", "clock 5")
    assert s.mods["clock"]["points"]["sally"] == 1 and s.mods["clock"]["filled"] == 0
    assert s.mods["clock"]["colour"] is None and s.hands["sally"] == [1, 5]  # 2 + 3


def test_tw13_segments_are_a_parameter():
    game, s = fresh(params={"clock": {"segments": 4}})
    setup(game, s, sally=[4, 1])
    do(game, s, "sally", "clock 4")
    assert s.mods["clock"]["points"]["sally"] == 1


# --- TW-14 Maze (v1) ------------------------------------------------------------------------

def test_tw14_the_square_slides_to_a_wall():
    game, s = fresh("tug-of-war-v1")
    do(game, s, "sally", "maze 1 left")
    assert s.mods["maze"]["square"] == "B5"


def test_tw14_each_card_its_direction_and_a_one_per_row_change():
    game, s = fresh("tug-of-war-v1")
    text = do(game, s, "sally", "maze 1 left 1 up 1 right")
    assert [t.split("slides ")[1] for t in text if "slides" in t] == ["D5 → B5", "B5 → B4", "B4 → C4"]
    assert s.mods["maze"]["square"] == "C4" and s.hands["sally"] == [1]  # one row change


def test_tw14_a_tilt_that_moves_nothing_is_still_a_card():
    game, s = fresh("tug-of-war-v1")
    setup(game, s, sally=[1, 1])
    s.mods["maze"]["square"] = "B5"
    text = do(game, s, "sally", "maze 1 left")
    assert s.mods["maze"]["square"] == "B5" and any("does not move" in t for t in text)


def test_tw14_own_end_zone_wins_maze_outright():
    game, s = fresh("tug-of-war-v1")
    setup(game, s, sally=[1, 1])
    s.mods["maze"]["square"] = "C3"
    do(game, s, "sally", "maze 1 up")   # red's zone is on top
    assert s.mods["maze"]["winner"] == "sally" and s.hands["sally"] == [1, 1]


def test_tw14_the_opponents_end_zone_does_nothing_and_stops_the_slide():
    game, s = fresh("tug-of-war-v1")
    setup(game, s, maddie=[1, 1], to_play="maddie")
    s.mods["maze"]["square"] = "C3"
    text = do(game, s, "maddie", "maze 1 up")
    assert s.mods["maze"]["winner"] is None and s.mods["maze"]["square"] == "C1"
    assert any("which does nothing" in t for t in text)


def test_tw14_entering_an_end_zone_stops_the_slide():
    game, s = fresh("tug-of-war-v1", params={"maze": {"grid": ["S.R.B"]}})
    setup(game, s, sally=[1, 1])
    do(game, s, "sally", "maze 1 right")
    assert s.mods["maze"]["square"] == "C1"


def test_tw14_default_maze_is_a_fair_puzzle():
    """Symmetric top↔bottom, and both zones equally far (≥ 4 tilts) from the start."""
    game, _ = fresh("tug-of-war-v1")
    maze = game.modules["maze"]
    grid = maze.grid
    mirror = {"R": "B", "B": "R"}
    assert [("".join(mirror.get(ch, ch) for ch in row)) for row in reversed(grid)] == grid
    start = maze.start()
    dist, todo, zones = {start: 0}, deque([start]), {}
    while todo:
        cell = todo.popleft()
        zone = maze.zone.get(maze.at(*cell))
        if zone:
            zones.setdefault(zone, dist[cell])
            continue
        for direction in ("up", "down", "left", "right"):
            nxt = maze.slide(*cell, direction)
            if nxt not in dist:
                dist[nxt] = dist[cell] + 1
                todo.append(nxt)
    assert zones["red"] == zones["blue"] >= 4


def test_tw14_a_maze_win_releases_the_conkers():
    game, s = fresh("tug-of-war-v1")
    setup(game, s, sally=[1, 1])
    s.mods["maze"]["square"] = "C3"
    s.mods["conker"]["height"] = {"sally": 0, "maddie": 4}
    do(game, s, "sally", "maze 1 up")
    assert s.mods["conker"]["points"]["maddie"] == 1 and s.hands["maddie"] == [1, 1, 1, 2]


# --- TW-15 Path (v2) ------------------------------------------------------------------------

def test_tw15_shapes_toggle_grey_to_colour_and_red_blue():
    game, s = fresh()
    setup(game, s, sally=[4, 1])
    do(game, s, "sally", "path 4@A1")
    free(s)
    setup(game, s, to_play="maddie", maddie=[5, 1])
    do(game, s, "maddie", "path 5@B1")  # plus: B1, A2 B2 C2, B3
    tiles = game.public_view(s)["modules"]["path"]["tiles"]
    assert tiles[:3] == ["RB......", "BBB.....", ".B......"]  # red under the plus flips to blue


def test_tw15_default_shapes():
    game, _ = fresh()
    path = game.modules["path"]
    assert path.cells(1, "C3") == [(2, 2)]
    assert path.cells(2, "C3") == [(2, 2), (3, 2)]
    assert path.cells(3, "C3") == [(2, 2), (3, 2), (3, 3)]
    assert path.cells(4, "C3") == [(2, 2), (2, 3), (3, 2), (3, 3)]
    assert path.cells(5, "C3") == [(2, 2), (3, 1), (3, 2), (3, 3), (4, 2)]


@pytest.mark.parametrize("text", ["path 5@A1", "path 2@A8", "path 4@H1", "path 1@I1", "path 1@A9"])
def test_tw15_shapes_must_lie_wholly_on_the_board(text):
    game, s = fresh()
    setup(game, s, sally=[1, 2, 4, 5])
    assert refused(game, s, "sally", text).code == "shape-off-board"


def _column(s, col, who, rows=range(8)):
    for r in rows:
        s.mods["path"]["tiles"][r][col] = who


def test_tw15_mover_path_scores_a_one_when_grey_remains():
    game, s = fresh()
    setup(game, s, sally=[2, 1])
    _column(s, 0, "sally", range(6))
    do(game, s, "sally", "path 2@A7")
    assert s.mods["path"]["points"]["sally"] == 1 and s.hands["sally"] == [1, 1]
    assert all(t is None for row in s.mods["path"]["tiles"] for t in row)


def test_tw15_a_path_point_scored_by_the_opponents_colour():
    game, s = fresh()
    setup(game, s, sally=[1, 1])
    _column(s, 3, "maddie")
    s.mods["path"]["tiles"][2][3] = "sally"   # maddie's column broken at D3 by a red tile
    text = do(game, s, "sally", "path 1@D3")  # sally flips it to blue: maddie's path
    assert s.mods["path"]["points"] == {"sally": 0, "maddie": 1}
    assert s.hands == {"sally": [1], "maddie": [1, 1, 1, 2]}   # the scorer gains the 1; no usual reward
    assert any("opponent's colour" in t for t in text)


def test_tw15_left_to_right_counts_too_and_no_grey_gives_a_five():
    game, s = fresh()
    setup(game, s, sally=[1, 1])
    tiles = s.mods["path"]["tiles"]
    for r in range(8):
        tiles[r][:] = ["maddie"] * 8
    tiles[4][:] = ["sally"] * 7 + ["maddie"]
    do(game, s, "sally", "path 1@H5")
    assert s.mods["path"]["points"]["sally"] == 1 and s.hands["sally"] == [1, 5]


def test_tw15_usual_reward_is_the_longest_straight_line():
    game, s = fresh()
    setup(game, s, sally=[4, 2])
    s.mods["path"]["tiles"][0][2] = "sally"
    do(game, s, "sally", "path 4@A1 2@C2")  # row 1: A B C red = 3; column C: C1 C2 C3 red = 3
    assert s.hands["sally"] == [3]


def test_tw15_mover_path_wins_over_the_opponents():
    game, s = fresh()
    setup(game, s, sally=[1, 1])
    _column(s, 0, "sally", range(7))
    _column(s, 5, "maddie")
    do(game, s, "sally", "path 1@A8")
    assert s.mods["path"]["points"] == {"sally": 1, "maddie": 0}


# --- TW-16 Conker ---------------------------------------------------------------------------

def test_tw16_reward_one_plus_one_for_more_than_one_card():
    game, s = fresh()
    do(game, s, "sally", "conker 1")
    assert s.hands["sally"] == [1, 1, 1] and s.mods["conker"]["height"]["sally"] == 1
    free(s)
    do(game, s, "maddie", "conker 1 2")
    assert s.hands["maddie"] == [1, 1, 1] and s.mods["conker"]["height"]["maddie"] == 3


def test_tw16_release_on_a_point_elsewhere_higher_scores_and_gains_a_one():
    game, s = fresh()
    setup(game, s, sally=[1, 1])
    s.mods["race"]["steps"]["sally"] = 12
    s.mods["conker"]["height"] = {"sally": 2, "maddie": 5}
    do(game, s, "sally", "race 1")
    assert s.mods["conker"]["points"]["maddie"] == 1 and s.mods["conker"]["height"] == {"sally": 0, "maddie": 0}
    assert s.hands["maddie"] == [1, 1, 1, 2]


def test_tw16_equal_heights_score_nothing_but_reset():
    game, s = fresh()
    setup(game, s, sally=[1, 1])
    s.mods["race"]["steps"]["sally"] = 12
    s.mods["conker"]["height"] = {"sally": 3, "maddie": 3}
    do(game, s, "sally", "race 1")
    assert s.mods["conker"]["points"] == {"sally": 0, "maddie": 0}
    assert s.mods["conker"]["height"] == {"sally": 0, "maddie": 0}


def test_tw16_conker_release_triggered_by_a_tower_win():
    game, s = fresh()
    setup(game, s, sally=[5, 1])
    s.mods["tower"]["height"] = {"sally": 9, "maddie": 0}  # 1 light → 14: 2 lights, lead 2 wins in v2
    s.mods["conker"]["height"] = {"sally": 4, "maddie": 1}
    text = do(game, s, "sally", "tower 5 B")
    assert s.mods["tower"]["winner"] == "sally"
    assert s.mods["conker"]["points"]["sally"] == 1
    assert s.hands["sally"] == [1, 1, 4]      # Tower B (4) and the Conker point's 1
    assert any("Conker release after Sally winning Tower" in t for t in text)


def test_tw16_four_points_win_conker_and_can_end_the_match():
    game, s = fresh()
    setup(game, s, sally=[1, 1])
    s.mods["path"]["winner"] = s.mods["clock"]["winner"] = "maddie"
    s.mods["race"]["steps"]["sally"] = 12
    s.mods["conker"]["height"] = {"sally": 0, "maddie": 2}
    s.mods["conker"]["points"]["maddie"] = 3
    do(game, s, "sally", "race 1")
    assert s.mods["conker"]["winner"] == "maddie" and s.winner == "maddie"
    assert s.hands["sally"] == [1]  # the match ended before rewards (TW-9)


# --- TW-17 Tower ----------------------------------------------------------------------------

def test_tw17_lights_every_seven_and_option_a_is_the_difference_plus_one():
    game, s = fresh("tug-of-war-v1")
    setup(game, s, sally=[5, 5, 5])
    do(game, s, "sally", "tower 5 5 A")
    assert game.public_view(s)["modules"]["tower"]["lights"] == {"sally": 1, "maddie": 0}
    assert s.hands["sally"] == [2, 5]


def test_tw17_height_stops_at_49_and_completing_wins():
    game, s = fresh("tug-of-war-v1")
    setup(game, s, sally=[5, 1])
    s.mods["tower"]["height"] = {"sally": 46, "maddie": 40}
    do(game, s, "sally", "tower 5 A")
    assert s.mods["tower"]["height"]["sally"] == 49 and s.mods["tower"]["winner"] == "sally"
    assert s.hands["sally"] == [1, 3]  # paid in the winning turn too: 7 − 5 lights + 1


@pytest.mark.parametrize("ruleset,lead", [("tug-of-war-v1", 3), ("tug-of-war-v2", 2)])
def test_tw17_lead_in_lights_wins(ruleset, lead):
    game, s = fresh(ruleset)
    setup(game, s, sally=[5, 5])
    s.mods["tower"]["height"] = {"sally": 7 * lead - 3, "maddie": 0}
    do(game, s, "sally", "tower 5 B")
    assert s.mods["tower"]["winner"] == "sally"
    game, s = fresh(ruleset)
    setup(game, s, sally=[5, 5])
    s.mods["tower"]["height"] = {"sally": 7 * (lead - 1) - 3, "maddie": 0}
    do(game, s, "sally", "tower 5 B")
    assert s.mods["tower"]["winner"] is None


@pytest.mark.parametrize("ruleset,option,mover,opponent", [
    ("tug-of-war-v1", "B", [4], [1]), ("tug-of-war-v1", "C", [1, 1, 1], [3]), ("tug-of-war-v2", "C", [1, 1, 1], [2])])
def test_tw17_options_b_and_c(ruleset, option, mover, opponent):
    game, s = fresh(ruleset)
    do(game, s, "sally", f"tower 1 {option}")
    assert s.hands["sally"] == sorted([1, 1] + mover) and s.hands["maddie"] == sorted([1, 1, 2] + opponent)


def test_tw17_tower_win_is_not_a_point():
    game, s = fresh()
    setup(game, s, sally=[5, 1])
    s.mods["tower"]["height"] = {"sally": 9, "maddie": 0}
    do(game, s, "sally", "tower 5 A")
    assert s.mods["tower"]["points"] == {"sally": 0, "maddie": 0} and s.mods["tower"]["winner"] == "sally"
    assert s.hands["sally"] == [1, 3]  # lights 2 − 0 + 1


def test_tw17_numbers_are_parameters():
    _, rep = replay(("sally", "tower 1 1 A"), params={"tower": {"height": 2, "light_every": 1}})
    assert rep.state.mods["tower"]["winner"] == "sally"


# --- Readings of points RULINGS.md leaves open (see the package docstring) --------------------

def test_reading_tw11_a_runner_on_a_puddle_moves_off_it():
    game, s = fresh("tug-of-war-v2")
    setup(game, s, sally=[3, 1])
    s.mods["race"]["steps"]["sally"] = 4
    do(game, s, "sally", "race 3")
    assert s.mods["race"]["steps"]["sally"] == 7


def test_reading_tw11_overshoot_is_judged_on_the_full_strength_before_puddles():
    game, s = fresh("tug-of-war-v2")
    setup(game, s, sally=[5, 1])
    s.mods["race"]["steps"]["sally"] = 9
    assert refused(game, s, "sally", "race 5").code == "race-overshoot"


def test_reading_tw12_empty_pile_with_equal_counters_scores_nothing_and_resets():
    game, s = fresh("tug-of-war-v1", params={"collation": {"pile": 24}})
    setup(game, s, sally=[2, 1])
    s.mods["collation"].update(pile=2, held={"sally": 10, "maddie": 12})
    do(game, s, "sally", "collation 2")
    assert s.mods["collation"]["points"] == {"sally": 0, "maddie": 0} and s.mods["collation"]["pile"] == 24
    assert s.hands["sally"] == [1, 2]  # the usual reward: 2 taken


def test_reading_tw14_cards_after_winning_maze_are_illegal():
    game, s = fresh("tug-of-war-v1")
    setup(game, s, sally=[1, 1])
    s.mods["maze"]["square"] = "C3"
    assert refused(game, s, "sally", "maze 1 up 1 down").code == "card-after-point"


def test_reading_tw18_a_discard_does_not_use_up_a_block():
    game, s = fresh(items={"sally": ["block-move"]})
    setup(game, s, maddie=[1, 1, 2, 3, 4])
    do(game, s, "sally", "tower 1 C block race")   # maddie gains a 2: six cards
    do(game, s, "maddie", "discard 1")
    assert refused(game, s, "maddie", "race 1").code == "module-blocked"
    do(game, s, "maddie", "rope 1")
    assert s.blocked["maddie"] is None


def test_reading_tw18_block_may_name_a_module_already_barred():
    game, s = fresh(items={"sally": ["block-move"]})
    do(game, s, "sally", "rope 1 block rope")
    assert s.blocked["maddie"] == "rope"
