"""Zero's Tug of War (seed 000): the turn rulings TW-1…TW-9, items TW-18, clocks TW-19.

The modules (TW-10…TW-17) are in test_modules.py; notation, legal moves, the
board, the CLI and the example matches in test_cli.py (both beside this file). The matches and
positions they build are in tests/helpers/tug_of_war.py.
"""

from __future__ import annotations

import re

import pytest

from adjudicator import matchfile, session, views, wording
from adjudicator.errors import MatchFileError
from adjudicator.games.tug_of_war.rules import cascade
from helpers.matches import flags
from helpers.tug_of_war import AT, do, free, fresh, refused, replay, setup, tw_match, win


# --- TW-1 sides -------------------------------------------------------------------------

def test_tw1_sides_are_red_and_blue():
    data = tw_match()
    data["players"][1]["side"] = "yellow"
    with pytest.raises(MatchFileError, match="'yellow' is not a side"):
        matchfile.prepare(data, None)


def test_tw1_red_colours_clockwise_blue_anticlockwise():
    game, s = fresh()
    assert "clockwise" in " ".join(do(game, s, "sally", "clock 1"))
    free(s)
    assert "anticlockwise" in " ".join(do(game, s, "maddie", "clock 2"))


def test_tw1_path_tiles_take_the_players_colour():
    game, s = fresh()
    do(game, s, "sally", "path 1@A1")
    free(s)
    do(game, s, "maddie", "path 1@B1")
    view = game.public_view(s)
    assert view["modules"]["path"]["tiles"][0].startswith("RB")


# --- TW-2 hands -------------------------------------------------------------------------

def test_tw2_first_player_holds_1_1_1_second_1_1_2():
    match, rep = replay()
    view = match.game.public_view(rep.state)
    assert view["hands"] == {"sally": [1, 1, 1], "maddie": [1, 1, 2]}
    assert rep.to_act() == ["sally"]


def test_tw2_header_first_decides_who_starts():
    match, rep = replay(first="maddie")
    assert match.game.public_view(rep.state)["hands"] == {"sally": [1, 1, 2], "maddie": [1, 1, 1]}
    assert rep.to_act() == ["maddie"]


def test_tw2_without_first_the_first_listed_player_starts():
    _, rep = replay(first=None)
    assert rep.to_act() == ["sally"]


def test_tw2_starting_hands_are_parameters():
    match, rep = replay(params={"starting_hands": {"first": [2, 2], "second": [3]}})
    assert match.game.public_view(rep.state)["hands"] == {"sally": [2, 2], "maddie": [3]}


# --- TW-3 a turn ------------------------------------------------------------------------

def test_tw3_one_to_three_cards():
    game, s = fresh()
    setup(game, s, sally=[1, 1, 1, 1, 2])
    assert refused(game, s, "sally", "rope 1 1 1 1").code == "too-many-cards"
    do(game, s, "sally", "rope 1 1 1")


def test_tw3_path_takes_at_most_two_cards():
    game, s = fresh()
    assert refused(game, s, "sally", "path 1@A1 1@B1 1@C1").code == "too-many-cards"


def test_tw3_cards_must_be_in_the_hand_as_a_multiset():
    game, s = fresh()
    assert refused(game, s, "maddie" if False else "sally", "rope 2").code == "card-not-in-hand"
    s.to_play = "maddie"
    assert refused(game, s, "maddie", "rope 2 2").code == "card-not-in-hand"


def test_tw3_tower_needs_an_option():
    game, s = fresh()
    assert refused(game, s, "sally", {"module": "tower", "cards": [1]}).code == "option-required"


def test_tw3_maze_needs_a_direction_per_card():
    game, s = fresh("tug-of-war-v1")
    assert refused(game, s, "sally", {"module": "maze", "cards": [1, 1], "directions": ["up"]}).code == \
        "directions-mismatch"


def test_tw3_path_needs_an_anchor_per_card():
    game, s = fresh()
    assert refused(game, s, "sally", {"module": "path", "cards": [1]}).code == "anchors-mismatch"


def test_tw3_extras_belong_to_their_module():
    game, s = fresh()
    assert refused(game, s, "sally", {"module": "rope", "cards": [1], "option": "A"}).code == "extra-not-allowed"


def test_tw3_maze_is_not_a_v2_module_nor_path_a_v1_module():
    game, s = fresh("tug-of-war-v2")
    assert refused(game, s, "sally", "maze 1 up").code == "unknown-module"
    game, s = fresh("tug-of-war-v1")
    assert refused(game, s, "sally", "path 1@A1").code == "unknown-module"


def test_tw3_a_won_module_is_inactive():
    game, s = fresh()
    win(s, ("race", "maddie"))
    assert refused(game, s, "sally", "race 1").code == "module-inactive"


# --- TW-4 module choice -------------------------------------------------------------------

def test_tw4_with_seven_active_both_last_modules_are_barred():
    _, rep = replay(("sally", "rope 1"), ("maddie", "rope 2"), ("maddie", "race 2"), ("sally", "race 1"),
                    ("sally", "rope 1"), ("sally", "collation 1"))
    assert flags(rep) == [(2, "module-barred"), (4, "module-barred"), (5, "module-barred")]


@pytest.mark.parametrize("won", [1, 2])
def test_tw4_with_six_or_five_active_both_are_still_barred(won):
    game, s = fresh()
    win(s, *[("path", "sally"), ("clock", "maddie")][:won])
    s.last = {"sally": "rope", "maddie": "race"}
    assert refused(game, s, "sally", "rope 1").code == "module-barred"
    assert refused(game, s, "sally", "race 1").code == "module-barred"


@pytest.mark.parametrize("won", [3, 4])
def test_tw4_with_four_or_three_active_only_your_own_is_barred(won):
    game, s = fresh()
    win(s, *[("path", "sally"), ("clock", "maddie"), ("conker", "sally"), ("tower", "maddie")][:won])
    s.last = {"sally": "rope", "maddie": "race"}
    assert refused(game, s, "sally", "rope 1").code == "module-barred"
    do(game, s, "sally", "race 1")


def test_tw4_the_board_says_who_may_not_choose_what():
    match, rep = replay(("sally", "rope 1"), ("maddie", "race 2"))
    assert match.game.public_view(rep.state)["barred"] == {"sally": ["race", "rope"]}


def named(ruling: str, text: str) -> int:
    """How often `text` names `ruling` (TW-1 is not counted inside TW-18)."""
    return len(re.findall(rf"(?<![\w-]){re.escape(ruling)}(?![\w-]|\d)", text))


def test_tw4_a_barred_module_refusal_names_tw4_once(cli, tmp_path):
    """TW-4: the refusal `move` prints cites the ruling once, from the flag's rulings only."""
    path = tmp_path / "barred.json"
    assert cli("new", "tug-of-war-v2", "--player", "sally=Sally:red", "--player", "maddie=Maddie:blue",
               "-o", path).code == 0
    assert cli("move", path, "sally", "rope", "1", "--at", AT).code == 0
    res = cli("move", path, "maddie", "rope", "1", "--at", AT)
    assert res.code == 1 and "(module-barred)" in res.err
    assert named("TW-4", res.err) == 1


@pytest.mark.parametrize("entries, code", [
    ([("sally", "rope 1"), ("maddie", "rope 1")], "module-barred"),
    ([("sally", "rope 1"), ("maddie", "race 1"), ("sally", "race 1")], "module-barred"),
    ([("sally", "rope 1 block collation"), ("maddie", "collation 1")], "module-blocked"),
])
def test_tw4_tw18_barred_refusals_name_each_ruling_once_in_replay(entries, code):
    """TW-4, TW-18: a flagged entry's line in `replay` names each of its rulings once."""
    match, rep = replay(*entries, items={"sally": ["block-move"]})
    flag = rep.flags[-1]
    assert flag.code == code
    text = views.replay_text(match, rep)
    line = next(line for line in text.splitlines() if f"FLAGGED {code}" in line)
    for ruling in flag.rulings:
        assert named(ruling, line) == 1, line


# --- TW-5 cards one by one ----------------------------------------------------------------

def test_tw5_a_card_after_the_scoring_card_is_illegal():
    game, s = fresh()
    setup(game, s, sally=[1, 1, 1])
    s.mods["race"]["steps"]["sally"] = 12
    err = refused(game, s, "sally", "race 1 1")
    assert err.code == "card-after-point" and "TW-5" in err.rulings
    assert s.mods["race"]["steps"]["sally"] == 12 and s.hands["sally"] == [1, 1, 1]  # check changed nothing


def test_tw5_cards_resolve_in_the_stated_order():
    game, s = fresh()  # v2 puddle on step 4: 1 then 4 stops at 4; 4 then 1 reaches 5
    setup(game, s, sally=[1, 4])
    a, b = (wording.preview(game, game.preview(s, "sally", game.parse_move(text))) for text in ("race 1 4", "race 4 1"))
    assert "distance 4" in a and "distance 5" in b


def test_tw5_the_illegal_move_changes_nothing_in_replay():
    _, rep = replay(("sally", "rope 1"), ("maddie", "rope 1"))
    assert flags(rep) == [(2, "module-barred")] and rep.to_act() == ["maddie"]


# --- TW-6 rewards -----------------------------------------------------------------------

def test_tw6_cascade_of_12_is_5_5_2():
    assert cascade(12, 5) == [5, 5, 2] and cascade(10, 5) == [5, 5] and cascade(7, 5) == [5, 2]
    assert cascade(0, 5) == [] and cascade(5, 5) == [5]


def test_tw6_cascade_of_12_in_play():
    game, s = fresh()
    setup(game, s, sally=[2, 5, 5])
    text = do(game, s, "sally", "collation 5 5 2")
    assert s.hands["sally"] == [2, 5, 5]
    assert any("gains 5, 5, 2" in t and "strength 12 cascades" in t for t in text)


def test_tw6_a_reward_of_strength_0_gives_nothing():
    game, s = fresh()
    setup(game, s, sally=[2, 3])
    s.mods["race"]["steps"]["maddie"] = 2
    text = do(game, s, "sally", "race 2")
    assert s.hands["sally"] == [3] and any("gains nothing" in t for t in text)


def test_tw6_scoring_reward_replaces_the_usual_one():
    game, s = fresh()
    setup(game, s, sally=[3, 3])
    s.mods["race"]["steps"]["sally"] = 10
    do(game, s, "sally", "race 3")  # distance would be 0 after the reset; the point pays a 1
    assert s.hands["sally"] == [1, 3]


def test_tw6_rewards_naming_the_opponent_go_to_the_opponent():
    game, s = fresh()
    do(game, s, "sally", "tower 1 C")
    assert s.hands == {"sally": [1, 1, 1, 1, 1], "maddie": [1, 1, 2, 2]}


def test_tw6_modules_without_a_scoring_reward_pay_the_usual_one():
    game, s = fresh()
    setup(game, s, sally=[5])
    s.mods["rope"]["spots"] = {"sally": 14, "maddie": 4}
    do(game, s, "sally", "rope 5")  # spot 18 before the reset: letter G
    assert s.mods["rope"]["points"]["sally"] == 1 and s.hands["sally"] == [5]


# --- TW-7 hand limit ------------------------------------------------------------------------

def test_tw7_mover_over_five_owes_a_discard_only_move():
    game, s = fresh()
    setup(game, s, sally=[1, 2, 3, 4, 5])
    do(game, s, "sally", "tower 1 C")  # 2,3,4,5 + 1,1,1 = 7 cards
    assert game.pending(s).players == ("sally",) and wording.due_label(game, game.pending(s)) == "discard down to 5"
    assert game.public_view(s)["pending_discard"] == {"player": "sally", "count": 2}
    assert refused(game, s, "sally", "rope 1").code == "discard-required"
    assert refused(game, s, "sally", "discard 1").code == "bad-discard"
    assert refused(game, s, "sally", "discard 5 5").code == "card-not-in-hand"
    do(game, s, "sally", "discard 1 1")
    assert s.hands["sally"] == [1, 2, 3, 4, 5] and game.pending(s).players == ("maddie",)


def test_tw7_mover_may_name_discards_in_the_move():
    game, s = fresh()
    setup(game, s, sally=[1, 2, 3, 4, 5])
    do(game, s, "sally", "tower 1 C discard 1 1")
    assert s.hands["sally"] == [1, 2, 3, 4, 5] and not s.owe


def test_tw7_a_discard_must_leave_exactly_five():
    game, s = fresh()
    setup(game, s, sally=[1, 2, 3, 4, 5])
    assert refused(game, s, "sally", "tower 1 C discard 1").code == "bad-discard"
    assert refused(game, s, "sally", "rope 1 discard 2").code == "bad-discard"  # 5 cards: nothing to discard


def test_tw7_a_discard_under_the_limit_is_refused_with_the_hand_after_the_turn(cli, tmp_path):
    """TW-7, TW-9: a move's own discard is judged on the hand after the cards and rewards; with
    that hand within the limit the refusal says so, never asking for a negative number."""
    path = tmp_path / "dd.json"
    assert cli("new", "tug-of-war-v1", "--player", "alice=Alice:red", "--player", "bob=Bob:blue",
               "-o", path).code == 0
    res = cli("move", path, "alice", "collation", "1", "discard", "1", "--at", AT)
    assert res.code == 1 and "(bad-discard)" in res.err
    # 1,1,1: the 1 is played, Collation pays a 1 back, so the hand after the turn is 1,1,1 again.
    assert "after this turn" in res.err and "3 cards (1, 1, 1)" in res.err and "limit of 5" in res.err
    assert not re.search(r"(?<![\w–])-\d", res.err)


def test_tw7_a_discard_over_the_limit_states_how_many():
    """TW-7: the refusal names the count that leaves exactly 5, in the right number."""
    game, s = fresh()
    setup(game, s, sally=[1, 2, 3, 4, 5])
    flag = refused(game, s, "sally", "tower 1 C discard 1")  # 2,3,4,5 + 1,1,1 = 7 cards after the turn
    assert flag.code == "bad-discard" and "7 cards (1, 1, 1, 2, 3, 4, 5)" in wording.refusal(game, flag)
    assert "exactly 2 cards to keep 5, not 1" in wording.refusal(game, flag)
    setup(game, s, sally=[1, 2, 3, 4])
    flag = refused(game, s, "sally", "tower 1 C discard 1 1 1")  # 2,3,4 + 1,1,1 = 6 cards
    assert "exactly 1 card to keep 5, not 3" in wording.refusal(game, flag)


def test_tw7_a_discard_from_a_one_card_hand_says_card_not_cards():
    """TW-7: a hand of one card is "1 card", not "1 cards"."""
    game, s = fresh()
    setup(game, s, sally=[2])
    flag = refused(game, s, "sally", "rope 2 discard 1")  # spot 11, letter D: a 1 back, so the hand is 1
    assert flag.code == "bad-discard" and "is 1 card (1)," in wording.refusal(game, flag)


def test_tw7_mover_discards_first_then_the_opponent():
    game, s = fresh()
    setup(game, s, sally=[1, 2, 3, 4, 5], maddie=[1, 1, 2, 3, 4])
    do(game, s, "sally", "tower 1 C")  # sally 7 cards; maddie gains a 2: 6 cards
    assert s.owe == ["sally", "maddie"]
    do(game, s, "sally", "discard 1 1")
    assert game.pending(s).players == ("maddie",)
    assert refused(game, s, "maddie", "rope 1").code == "discard-required"
    do(game, s, "maddie", "discard 1")
    assert game.pending(s).players == ("maddie",) and wording.due_label(game, game.pending(s)) == "play a module"


def test_tw7_the_opponents_discard_comes_before_their_turn_in_replay():
    entries = [("sally", "rope 1"), ("maddie", "race 2"), ("sally", "collation 1 1"), ("maddie", "clock 1 2"),
               ("sally", "tower 2 C"), ("maddie", "conker 1")]
    _, rep = replay(*entries)
    # sally: 1 → 1,1,1,1 (C) = 4 cards; maddie: 1,2 + 2 = 3: nobody is over
    assert not rep.flags


def test_tw7_discard_only_move_when_none_is_due_is_illegal():
    game, s = fresh()
    assert refused(game, s, "sally", "discard 1").code == "no-discard-due"


# --- TW-8 running out -------------------------------------------------------------------------

def test_tw8_an_empty_hand_after_the_turn_loses():
    game, s = fresh()
    setup(game, s, sally=[2])
    s.mods["race"]["steps"]["maddie"] = 2
    text = do(game, s, "sally", "race 2")
    assert s.winner == "maddie" and (s.termination, s.figures) == ("hand-empty", {"player": "sally"})
    assert wording.reason(game, game.outcome(s)) == "Sally's hand is empty" and any("loses" in t for t in text)


def test_tw8_in_replay_the_match_is_over():
    hands = {"starting_hands": {"first": [2], "second": [2]}}
    _, rep = replay(("sally", "race 2"), ("maddie", "collation 2"), ("sally", "conker 2"), ("maddie", "race 2"),
                    ("sally", "rope 1"), params=hands)
    # maddie's race 2 draws level with sally (distance 0): no card back, an empty hand
    assert rep.outcome.winner == "sally" and rep.outcome.termination == "hand-empty"
    assert wording.result_reason(rep) == "Maddie's hand is empty"
    assert flags(rep) == [(5, "match-over")]


# --- TW-9 match end and order ---------------------------------------------------------------

def test_tw9_third_module_wins_at_once_without_rewards():
    game, s = fresh()
    win(s, ("path", "sally"), ("clock", "sally"))
    setup(game, s, sally=[1, 1])
    s.mods["race"]["steps"]["sally"] = 12
    s.mods["race"]["points"]["sally"] = 1
    s.mods["conker"]["height"] = {"sally": 0, "maddie": 5}
    text = do(game, s, "sally", "race 1")
    assert s.winner == "sally" and (s.termination, s.figures) == ("modules-won", {"player": "sally", "won": 3})
    assert wording.reason(game, game.outcome(s)) == "won 3 modules"
    assert s.hands["sally"] == [1]                              # no reward after the end
    assert s.mods["conker"]["points"]["maddie"] == 0            # match end comes before the release
    assert not any("Conker release" in t for t in text)


def test_tw9_conker_point_counts_before_rope_f_reward():
    game, s = fresh()
    setup(game, s, sally=[5, 5])
    s.mods["rope"]["spots"] = {"sally": 12, "maddie": 3}   # 5 → sally 17, maddie into the pit: letter F
    s.mods["conker"]["height"] = {"sally": 3, "maddie": 1}
    text = do(game, s, "sally", "rope 5")
    # points on active modules: rope 1 + conker 1 = 2 → F = 3; the Conker point pays a 1 too
    assert s.hands["sally"] == [1, 3, 5]
    order = [i for i, t in enumerate(text) if "Rope point" in t or "Conker release" in t or "gains a 3" in t]
    assert len(order) == 3 and order == sorted(order)


def test_tw9_letter_a_counts_hands_before_any_card_is_gained():
    game, s = fresh()
    setup(game, s, sally=[1, 1, 1, 1, 2], maddie=[1])
    s.mods["rope"]["spots"] = {"sally": 1, "maddie": 17}   # a 1 → spot 2: letter A
    do(game, s, "sally", "rope 1")
    assert s.hands["sally"] == [1, 1, 1, 2, 4]   # |4 − 1| + 1 = 4


def test_tw9_cards_after_winning_tower_are_illegal():
    game, s = fresh()
    setup(game, s, sally=[1, 5])
    s.mods["tower"]["height"] = {"sally": 44, "maddie": 0}
    assert refused(game, s, "sally", "tower 5 1 A").code == "card-after-point"


def test_tw9_module_win_then_conker_release_then_rewards():
    game, s = fresh()
    setup(game, s, sally=[1, 3])
    s.mods["race"]["steps"]["sally"] = 10
    s.mods["race"]["points"]["sally"] = 1
    s.mods["conker"]["height"] = {"sally": 2, "maddie": 0}
    text = do(game, s, "sally", "race 3")
    i_win = next(i for i, t in enumerate(text) if "wins Race" in t)
    i_rel = next(i for i, t in enumerate(text) if "Conker release" in t)
    i_pay = next(i for i, t in enumerate(text) if "gains" in t)
    assert i_win < i_rel < i_pay and s.hands["sally"] == [1, 1, 1]


# --- TW-18 items --------------------------------------------------------------------------

def test_tw18_starter_choice_is_the_header_first():
    _, rep = replay(first="maddie", items={"maddie": ["starter"]})
    assert rep.to_act() == ["maddie"]


def test_tw18_conker_start_gives_one_conker_point():
    match, rep = replay(items={"maddie": ["conker-start"]})
    assert match.game.public_view(rep.state)["modules"]["conker"]["points"] == {"sally": 0, "maddie": 1}


def test_tw18_block_move_bars_a_module_for_the_opponents_next_turn_only():
    entries = [("sally", "rope 1 block collation"), ("maddie", "collation 1"), ("maddie", "race 1"),
               ("sally", "clock 1"), ("maddie", "collation 1")]
    _, rep = replay(*entries, items={"sally": ["block-move"]})
    assert flags(rep) == [(2, "module-blocked")]
    assert rep.log[0].events[-1].rulings == ("TW-18",)


def test_tw18_block_move_only_while_six_or_seven_modules_are_active():
    game, s = fresh(items={"sally": ["block-move"]})
    win(s, ("path", "sally"), ("clock", "maddie"))
    assert refused(game, s, "sally", "rope 1 block race").code == "block-move-late"
    win(s, ("path", None))
    do(game, s, "sally", "rope 1 block race")
    assert s.blocked["maddie"] == "race"


def test_tw18_block_move_must_name_an_active_module():
    game, s = fresh(items={"sally": ["block-move"]})
    win(s, ("path", "sally"))
    assert refused(game, s, "sally", "rope 1 block path").code == "block-move-module"


def test_tw18_block_move_is_held_and_used_once():
    _, rep = replay(("sally", "rope 1 block race"))
    assert flags(rep) == [(1, "item-not-held")]
    _, rep = replay(("sally", "rope 1 block race"), ("maddie", "collation 1"), ("sally", "clock 1 block tower"),
                    items={"sally": ["block-move"]})
    assert flags(rep) == [(3, "item-used")]


def test_tw18_items_and_loadouts_are_ruleset_data():
    from adjudicator.rulesets import resolve
    rs = resolve("tug-of-war-v2")
    assert {k: v["stars"] for k, v in rs.items.items()} == {"starter": 1, "conker-start": 2, "block-move": 3}
    assert rs.loadouts == {"1-star": ["starter"], "2-star": ["conker-start"], "3-star": ["block-move"]}


# --- TW-19 clock control -------------------------------------------------------------------

def test_tw19_clock_blocks_of_v1_and_v2():
    from adjudicator.rulesets import resolve
    for ruleset, turn in (("tug-of-war-v1", 150), ("tug-of-war-v2", 120)):
        control = resolve(ruleset).params["time_control"]
        assert (control["turn_seconds"], control["reserve_seconds"], control["granularity_seconds"],
                control["on_expiry"]) == (turn, 600, 10, "lose")


def test_tw19_a_timeout_loses():
    data = tw_match()
    data["entries"].append({"seq": 1, "type": "host", "host": {"action": "timeout", "player": "sally"}})
    rep = session.replay_match(matchfile.prepare(data, None))
    assert rep.outcome.winner == "maddie"


# --- A match stopped by the host ------------------------------------------------------------

def test_reading_host_end_scores_modules_won_then_points_on_active_modules():
    game, s = fresh()
    level = game.stopped_result(s)
    assert level.winner is None and wording.reason(game, level) == "equal modules won and equal points on active modules"
    s.mods["race"]["points"]["maddie"] = 1
    points = game.stopped_result(s)
    assert (points.winner, points.termination, points.figures) == ("maddie", "more-points", {"points": [1, 0]})
    assert wording.reason(game, points) == "equal modules won; more points on active modules (1 to 0)"
    win(s, ("clock", "sally"))
    won = game.stopped_result(s)
    assert (won.winner, won.termination) == ("sally", "more-modules-won")
    assert wording.reason(game, won) == "more modules won (1 to 0)"


def test_card_choices_are_listed_once_each_as_itertools_would_sort_them():
    """Legal-move listing walks distinct card choices (multisets), in the order that sorting
    itertools' combinations and permutations gave, so the listing is unchanged."""
    import random
    from itertools import combinations, permutations

    from adjudicator.games.tug_of_war.views import multiset_combinations, multiset_permutations

    rnd = random.Random(14)
    for _ in range(500):
        hand = sorted(rnd.randint(1, 5) for _ in range(rnd.randint(0, 9)))
        k = rnd.randint(0, 4)
        assert list(multiset_combinations(hand, k)) == sorted(set(combinations(hand, k)))
        assert list(multiset_permutations(hand, k)) == sorted(set(permutations(hand, k)))


def test_a_huge_hand_lists_its_discards_without_visiting_every_choice_tw7():
    """Rewards of 20 cards five times over (parameters that combine) leave a hand of
    105 cards that must discard 100: one distinct way per multiset, not C(105, 5) positions."""
    from adjudicator.games.tug_of_war.views import multiset_combinations

    hand = [1] * 100 + [2] * 5
    assert list(multiset_combinations(hand, 100)) == [(1,) * 100, (1,) * 99 + (2,), (1,) * 98 + (2, 2),
                                                      (1,) * 97 + (2,) * 3, (1,) * 96 + (2,) * 4, (1,) * 95 + (2,) * 5]
