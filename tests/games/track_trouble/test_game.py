"""Track Trouble! (seed 001): each ruling TT-1…TT-8, the notation, legal moves, the board,
and that a Hidden Value never reaches public output before its round ends."""

from __future__ import annotations

import copy
import json
from itertools import islice

import pytest

from adjudicator import matchfile, rulesets, session, views, wording
from adjudicator.errors import MatchFileError, NotationError
from adjudicator.games.track_trouble import layouts as lay
from adjudicator.games.track_trouble.notation import format_move, parse
from adjudicator.render import FORMATS, render
from helpers.matches import flags, replayed
from helpers.track_trouble import HV, PLAIN, R1, TIEBREAKS, add, empty_round, nine_rounds, tt_match


def play(*entries, **kw):
    return replayed(tt_match(entries, **kw))


def view(*entries, **kw):
    match, replay = play(*entries, **kw)
    return replay.public_view(), replay


# --- TT-1 layouts -------------------------------------------------------------------------

def test_tt1_default_layouts_validate_and_make_a_varied_match():
    ruleset = rulesets.resolve("track-trouble")
    p = ruleset.params
    assert p["miners"] == 7 and p["rounds"] == 9 and p["train_rounds"] == [2, 3, 5, 7, 8]
    assert p["train_points"] == 1 and p["crossings"] == 2
    assert len(p["layouts"]) == 9 and p["tiebreak_layouts"]
    for index, layout in enumerate(p["layouts"] + p["tiebreak_layouts"]):
        assert lay.check_layout(layout, f"layout {index}", (1, 6)) == []
    switches = [sw for layout in p["layouts"] for sw in layout["switches"].values()]
    assert {sw["side"] for sw in switches} == {"south", "north"}
    assert any(sw["states"] == 3 for sw in switches)
    nested = [t for layout in p["layouts"] for t in layout["tracks"].values()
              if len(list(lay.route_switches(t["route"]))) > 1]
    assert nested, "some route chains two switches"
    plain = [t for layout in p["layouts"] for t in layout["tracks"].values() if isinstance(t["route"], str)]
    assert plain, "some tracks are short and safe"


@pytest.mark.parametrize("change, message", [
    (lambda L: L[2]["tracks"].__setitem__("T1", {"carts": 2, "route": {"switch": "pink", "to": ["N1", "N2"]}}),
     r"round 3 \(layouts\[2\]\), field tracks\.T1\.route\.switch: names the switch 'pink', which is not in switches"),
    (lambda L: L[0]["tracks"].__setitem__("T1", {"carts": 2, "route": "N9"}),
     r"round 1 \(layouts\[0\]\), field tracks\.T1\.route: names the destination 'N9'"),
    (lambda L: L[0]["tracks"]["T2"]["route"].__setitem__("to", ["N2"]),
     r"round 1 \(layouts\[0\]\), field tracks\.T2\.route\.to: switch 'purple' has 2 states but the list gives 1"),
    (lambda L: L[0]["destinations"].__setitem__("N3", 7),
     r"round 1 \(layouts\[0\]\), field destinations\.N3: points must be a whole number from 1 to 6, not 7"),
    (lambda L: L[4]["destinations"].__setitem__("N1", 0),
     r"round 5 \(layouts\[4\]\), field destinations\.N1: points must be .* not 0"),
    (lambda L: L[0]["switches"]["green"].__setitem__("start", 3),
     r"round 1 \(layouts\[0\]\), field switches\.green\.start: must be a state from 0 to 2"),
    (lambda L: L[0]["switches"]["purple"].__setitem__("side", "east"),
     r"field switches\.purple\.side: must be south or north"),
    (lambda L: L[0]["tracks"]["T1"].__setitem__("carts", 0), r"field tracks\.T1\.carts: must be a whole number"),
    (lambda L: L[0]["tracks"].__setitem__("train", {"carts": 1, "route": "N1"}), r"track name 'train'"),
    (lambda L: L.pop(), r"layouts must give one layout per round: 9 \(TT-1\), not 8"),
])
def test_tt1_layout_validation_names_the_round_and_field(change, message):
    layouts = [copy.deepcopy(R1)] + [copy.deepcopy(PLAIN) for _ in range(8)]
    change(layouts)
    with pytest.raises(MatchFileError, match=message):
        play(layouts=layouts)


def test_tt1_tiebreak_layouts_are_checked_and_required():
    bad = copy.deepcopy(TIEBREAKS)
    bad[1]["tracks"]["T1"]["route"] = "N5"
    with pytest.raises(MatchFileError, match=r"tie-break layout 2 \(tiebreak_layouts\[1\].*tracks\.T1\.route"):
        play(tiebreak_layouts=bad)
    with pytest.raises(MatchFileError, match="tiebreak_layouts must give at least one layout"):
        play(tiebreak_layouts=[])


def test_tt1_route_is_followed_through_the_switch_chain():
    board, _ = view()
    assert board["tracks"]["T2"]["leads_to"] == "N2"          # purple 0 → N2
    assert board["tracks"]["T3"]["leads_to"] == "N1"          # green starts at 1 → N1
    assert board["tracks"]["T2"]["route"] == "purple[N2 | green[N1 | N2 | N3]]"
    board, _ = view(("sally", "r1 c1: 1 switch purple"), ("maddie", "r1 c1: nothing"))
    assert board["tracks"]["T2"]["leads_to"] == "N2"          # purple 1 → green (state 1) → N2
    assert board["switches"]["purple"]["state"] == 1


# --- TT-2 miners and benching -------------------------------------------------------------

def test_tt2_failed_miners_bench_the_highest_numbers_in_crossing_1():
    """Sally's miners 1 and 2 cross; five fail, so miners 3–7 sit out crossing 1 of round 2."""
    entries = [("sally", "r1 c1: 1 T1, 2 T1"), ("maddie", "r1 c1: nothing"),
               ("sally", "r1 c2: nothing"), ("maddie", "r1 c2: 1 T2, 2 T2")]
    board, replay = view(*entries, ("sally", "r2 c1: 3 T1"), ("sally", "r2 c1: 1 T1, 2 T1"),
                         ("maddie", "r2 c1: 2 train"))
    assert flags(replay) == [(5, "miner-benched")]
    assert "TT-2" in replay.flags[0].rulings
    assert board["crossing"] == 2 and board["benched"]["sally"] == []


def test_tt2_benched_miners_act_again_in_crossing_2():
    entries = [*empty_round(1), ("sally", "r2 c1: nothing"), ("maddie", "r2 c1: nothing")]
    board, replay = view(*entries, ("sally", "r2 c2: 7 T1"), ("maddie", "r2 c2: nothing"))
    assert flags(replay) == [] and replay.state.points["sally"] == 5
    assert "T1 departs with Sally 7" in board["last_crossing"]["results"][0]


def test_tt2_board_shows_the_bench_and_all_seven_benched_after_a_blank_round():
    board, replay = view(*empty_round(1))
    assert board["benched"] == {"sally": [1, 2, 3, 4, 5, 6, 7], "maddie": [1, 2, 3, 4, 5, 6, 7]}
    assert set(board["miners"]["sally"].values()) == {"benched"}
    assert not list(islice(replay.game._options(replay.state, "sally", 1), 1))


@pytest.mark.parametrize("text, code", [("r1 c1: 8 T1", "no-extra-miner"), ("r1 c1: 9 T1", "no-such-miner")])
def test_tt2_miners_are_numbered_1_to_7(text, code):
    _, replay = play(("sally", text))
    assert flags(replay) == [(1, code)]


# --- TT-3 actions -------------------------------------------------------------------------

def test_tt3_one_action_per_miner():
    _, replay = play(("sally", "r1 c1: 1 T1, 1 switch purple"))
    assert flags(replay) == [(1, "duplicate-miner")]


def test_tt3_south_miners_reach_only_south_switches():
    _, replay = play(("sally", "r1 c1: 1 switch green"))
    assert flags(replay) == [(1, "switch-out-of-reach")] and "TT-3" in replay.flags[0].rulings


@pytest.mark.parametrize("text, code", [("r1 c2: 1 T2", "already-crossed"), ("r1 c2: 1 train", "already-crossed"),
                                        ("r1 c2: 1 switch purple", "switch-out-of-reach")])
def test_tt3_crossed_miner_may_only_activate_a_north_switch_in_crossing_2(text, code):
    entries = [("sally", "r1 c1: 1 T1"), ("maddie", "r1 c1: nothing")]
    _, replay = play(*entries, ("sally", text))
    assert flags(replay) == [(3, code)]


def test_tt3_crossed_miner_activates_a_north_switch_that_redirects_others():
    """Sally's miner 1 crossed on T1; in crossing 2 it turns green 1 → 2, so T3 leads to N2."""
    entries = [("sally", "r1 c1: 1 T1"), ("maddie", "r1 c1: nothing"),
               ("sally", "r1 c2: 1 switch green, 2 T3"), ("maddie", "r1 c2: nothing")]
    board, replay = view(*entries)
    assert flags(replay) == []
    assert board["points"]["sally"] == 2 + 4     # N1 in crossing 1, then T3 → green state 2 → N2
    assert board["round"] == 2


@pytest.mark.parametrize("text, code", [("r1 c1: 1 T9", "unknown-track"), ("r1 c1: 1 switch pink", "unknown-switch"),
                                        ("r1 c1: 1 train", "no-train")])
def test_tt3_actions_name_what_the_round_has(text, code):
    _, replay = play(("sally", text))
    assert flags(replay) == [(1, code)]


def test_tt3_unlisted_miners_do_nothing():
    board, _ = view(("sally", "r1 c1: 3 T1"), ("maddie", "r1 c1: nothing"))
    assert board["miners"]["sally"] == {"1": "south", "2": "south", "3": "N1", "4": "south", "5": "south",
                                        "6": "south", "7": "south"}


# --- TT-4 resolution ----------------------------------------------------------------------

def test_tt4_activations_count_from_both_players_and_cycle():
    """Two flips of a two-state switch cancel out: T2 still leads to N2."""
    board, _ = view(("sally", "r1 c1: 1 switch purple, 2 T2"), ("maddie", "r1 c1: 1 switch purple"))
    assert board["switches"]["purple"]["state"] == 0 and board["miners"]["sally"]["2"] == "N2"


def test_tt4_three_state_switch_cycles_past_its_last_state():
    entries = [("sally", "r1 c1: 1 T1, 2 T1"), ("maddie", "r1 c1: nothing"),
               ("sally", "r1 c2: 1 switch green, 2 switch green"), ("maddie", "r1 c2: nothing")]
    _, replay = play(*entries[:2], ("sally", entries[2][1]))
    assert replay.state.switch_state["green"] == 1
    _, replay = play(*entries)
    # round over: the next layout has no switches; green went 1 → 0 (two steps, cyclic)
    assert "switch green: 2 activations (Sally miners 1, 2): state 1 → 0 (of 0–2)" in \
        " ".join(wording.text(replay.game, e) for e in replay.log[-1].events)


def test_tt4_switches_resolve_before_tracks():
    """Maddie flips purple while Sally boards T2: Sally's miners follow the new route (green 1 → N2)."""
    board, _ = view(("sally", "r1 c1: 1 T2"), ("maddie", "r1 c1: 1 switch purple"))
    assert board["miners"]["sally"]["1"] == "N2" and board["switches"]["purple"]["state"] == 1
    board, _ = view(("sally", "r1 c1: 1 T3"), ("maddie", "r1 c1: nothing"))
    assert board["miners"]["sally"]["1"] == "N1"


def test_tt4_overfilled_track_sends_nobody_and_keeps_its_minecarts():
    board, replay = view(("sally", "r1 c1: 1 T1, 2 T1"), ("maddie", "r1 c1: 1 T1"))
    assert board["tracks"]["T1"]["carts"] == 2 and board["points"] == {"sally": 0, "maddie": 0}
    assert "T1 is overfilled: 3 miners" in wording.text(replay.game, replay.log[-1].events[-2])
    board, _ = view(("sally", "r1 c1: 1 T1, 2 T1"), ("maddie", "r1 c1: 1 T1"),
                    ("sally", "r1 c2: 1 T1, 2 T1"), ("maddie", "r1 c2: nothing"))
    assert board["points"] == {"sally": 4, "maddie": 0}


def test_tt4_departed_minecarts_are_gone_for_the_round():
    entries = [("sally", "r1 c1: 1 T2, 2 T2"), ("maddie", "r1 c1: nothing")]
    board, _ = view(*entries)
    assert board["tracks"]["T2"]["carts"] == 1
    _, replay = play(*entries, ("sally", "r1 c2: 3 T2, 4 T2"), ("maddie", "r1 c2: nothing"))
    assert replay.state.points["sally"] == 8           # 3 and 4 overfill the one cart left
    _, replay = play(("sally", "r1 c1: 1 T3"), ("maddie", "r1 c1: nothing"), ("sally", "r1 c2: 2 T3"))
    assert flags(replay) == [(3, "no-minecarts")]


def test_tt4_switch_states_carry_into_crossing_2_and_reset_next_round():
    entries = [("sally", "r1 c1: 1 switch purple"), ("maddie", "r1 c1: nothing")]
    board, _ = view(*entries)
    assert board["switches"]["purple"]["state"] == 1
    layouts = [copy.deepcopy(R1) for _ in range(9)]
    board, _ = view(*entries, ("sally", "r1 c2: nothing"), ("maddie", "r1 c2: nothing"), layouts=layouts)
    assert board["round"] == 2 and board["switches"]["purple"]["state"] == 0
    assert board["switches"]["green"]["state"] == 1 and board["tracks"]["T1"]["carts"] == 2


def test_tt4_train_leaves_in_crossing_1_with_one_players_miners():
    board, _ = view(*empty_round(1), ("sally", "r2 c1: nothing"), ("maddie", "r2 c1: nothing"),
                    ("sally", "r2 c2: 1 train, 2 train"), ("maddie", "r2 c2: 1 train"))
    assert board["points"] == {"sally": 2, "maddie": 1}   # crossing 2: it always leaves, mixed or not
    base = [("sally", "r1 c1: 1 T1, 2 T1"), ("maddie", "r1 c1: 1 T2, 2 T2, 3 T2"),
            ("sally", "r1 c2: 3 T3"), ("maddie", "r1 c2: nothing")]
    board, replay = view(*base, ("sally", "r2 c1: 1 train, 2 train"), ("maddie", "r2 c1: 1 T1"))
    assert board["train"]["gone"] and board["points"]["sally"] == 4 + 2 + 2 and replay.flags == []


def test_tt4_mixed_train_stays_in_crossing_1_and_riders_board_again():
    base = [("sally", "r1 c1: 1 T1, 2 T1"), ("maddie", "r1 c1: 1 T2, 2 T2, 3 T2"),
            ("sally", "r1 c2: 3 T3"), ("maddie", "r1 c2: nothing")]
    board, replay = view(*base, ("sally", "r2 c1: 1 train"), ("maddie", "r2 c1: 1 train"))
    assert not board["train"]["gone"] and board["miners"]["sally"]["1"] == "south"
    assert "the train stays" in wording.text(replay.game, replay.log[-1].events[-2])
    board, replay = view(*base, ("sally", "r2 c1: 1 train"), ("maddie", "r2 c1: 1 train"),
                         ("sally", "r2 c2: 2 train"), ("maddie", "r2 c2: nothing"))
    assert board["points"]["sally"] == 4 + 2 + 1 and replay.flags == []


def test_tt4_train_gone_for_the_round_and_an_empty_train_does_not_leave_early():
    base = [*empty_round(1)]
    board, _ = view(*base, ("sally", "r2 c1: nothing"), ("maddie", "r2 c1: nothing"))
    assert not board["train"]["gone"]
    layouts = [copy.deepcopy(R1)] + [dict(copy.deepcopy(PLAIN), train=True) for _ in range(8)]
    entries = [("sally", "r1 c1: 1 T1, 2 T1"), ("maddie", "r1 c1: 1 T2, 2 T2, 3 T2"),
               ("sally", "r1 c2: 3 T3"), ("maddie", "r1 c2: nothing"),
               ("sally", "r2 c1: 1 train"), ("maddie", "r2 c1: nothing"), ("sally", "r2 c2: 2 train")]
    _, replay = play(*entries, layouts=layouts)
    assert flags(replay) == [(7, "train-gone")]


def test_tt4_layout_train_overrides_the_train_rounds():
    layouts = [dict(copy.deepcopy(R1), train=True)] + [dict(copy.deepcopy(PLAIN), train=False) for _ in range(8)]
    board, replay = view(("sally", "r1 c1: 1 train"), ("maddie", "r1 c1: nothing"), layouts=layouts)
    assert board["points"]["sally"] == 1
    _, replay = play(*empty_round(1), ("sally", "r2 c1: nothing"), ("maddie", "r2 c1: nothing"),
                     ("sally", "r2 c2: 1 train"), layouts=layouts)
    assert flags(replay)[-1][1] == "no-train"


@pytest.mark.parametrize("text, code", [("r2 c1: 1 T1", "wrong-round"), ("r1 c2: 1 T1", "wrong-crossing")])
def test_tt4_submission_names_the_current_round_and_crossing(text, code):
    _, replay = play(("sally", text))
    assert flags(replay) == [(1, code)]


# --- TT-5 points --------------------------------------------------------------------------

def test_tt5_points_at_departure_and_public_after_each_crossing():
    board, replay = view(("sally", "r1 c1: 1 T1, 2 T2"), ("maddie", "r1 c1: 1 T2, 2 switch purple"))
    # purple flipped to 1: T2 → green (1) → N2 = 4 each; T1 → N1 = 2
    assert board["points"] == {"sally": 6, "maddie": 4}
    last = board["last_crossing"]
    assert last["actions"] == {"sally": "1 T1, 2 T2", "maddie": "1 T2, 2 switch purple"}
    assert any("totals after round 1, crossing 1: Sally 6, Maddie 4" in line for line in last["results"])


def test_tt5_train_points_is_a_parameter():
    base = [*empty_round(1), ("sally", "r2 c1: nothing"), ("maddie", "r2 c1: nothing")]
    board, _ = view(*base, ("sally", "r2 c2: 1 train"), ("maddie", "r2 c2: nothing"), train_points=3)
    assert board["points"]["sally"] == 3


def test_tt5_miners_left_south_score_nothing():
    board, replay = view(("sally", "r1 c1: 1 T1"), ("maddie", "r1 c1: nothing"),
                         ("sally", "r1 c2: nothing"), ("maddie", "r1 c2: nothing"))
    assert board["points"]["sally"] == 2
    text = " ".join(wording.text(replay.game, e) for e in replay.log[-1].events)
    assert "Sally's miners 2, 3, 4, 5, 6, 7 did not cross and score 0" in text


# --- TT-6 match end -----------------------------------------------------------------------

def test_tt6_after_round_9_the_higher_total_wins():
    first = [("sally", "r1 c1: 1 T1"), ("maddie", "r1 c1: nothing"), ("sally", "r1 c2: nothing"),
             ("maddie", "r1 c2: nothing")]
    match, replay = play(*nine_rounds(first))
    assert replay.outcome.winner == "sally" and "after round 9" in wording.result_reason(replay)
    assert replay.outcome.termination == "more-points"
    _, replay = play(*nine_rounds(first), ("sally", "r10 c1: nothing"))
    assert flags(replay)[-1][1] == "match-over"


def test_tt6_a_tie_adds_tiebreak_rounds_cycled_until_totals_differ():
    board, replay = view(*nine_rounds(empty_round(1)))
    assert replay.outcome is None and board["round"] == 10 and board["tiebreak"]
    assert board["destinations"] == {"N1": 3}                   # tiebreak_layouts[0]
    board, replay = view(*nine_rounds(empty_round(1)), *empty_round(10))
    assert board["round"] == 11 and board["train"]["runs"]       # tiebreak_layouts[1] runs a train
    board, replay = view(*nine_rounds(empty_round(1)), *empty_round(10), *empty_round(11))
    assert board["round"] == 12 and board["destinations"] == {"N1": 3}   # cycled
    _, replay = play(*nine_rounds(empty_round(1)), *empty_round(10),
                     ("sally", "r11 c1: nothing"), ("maddie", "r11 c1: nothing"),
                     ("sally", "r11 c2: nothing"), ("maddie", "r11 c2: 1 train"))
    assert replay.outcome.winner == "maddie" and "after round 11" in wording.result_reason(replay)
    assert replay.outcome.termination == "more-points-tiebreak"


def failure_events(replay):
    """The last entry's sentences about miners who did not cross (TT-5 without a departure)."""
    return [e for e in replay.log[-1].events if "did not cross" in wording.text(replay.game, e)]


def test_tt6_after_the_last_round_nobody_is_benched_for_a_next_round():
    """TT-2, TT-6: round 9 decides the match, so its failures bench nobody: no "next round" is named."""
    first = [("sally", "r1 c1: 1 T1"), ("maddie", "r1 c1: nothing"), ("sally", "r1 c2: nothing"),
             ("maddie", "r1 c2: nothing")]
    _, replay = play(*nine_rounds(first))
    assert replay.outcome is not None and replay.outcome.winner == "sally"
    failed = failure_events(replay)
    assert len(failed) == 2 and all("TT-2" not in e.rulings for e in failed)
    assert not any("next round" in wording.text(replay.game, e) or "benched" in wording.text(replay.game, e) for e in replay.log[-1].events)


def test_tt6_a_deciding_tiebreak_round_benches_nobody_but_a_tied_one_does():
    """TT-2, TT-6: a tie after round 9 benches for tie-break round 10; the tie-break round that
    decides the match says nothing about a round after it."""
    _, replay = play(*nine_rounds(empty_round(1)))
    assert replay.outcome is None
    assert all("TT-2" in e.rulings and "next round" in wording.text(replay.game, e) for e in failure_events(replay))
    # All seven were benched for crossing 1 of round 10; sally's miner 1 crosses in crossing 2.
    _, replay = play(*nine_rounds(empty_round(1)), ("sally", "r10 c1: nothing"), ("maddie", "r10 c1: nothing"),
                     ("sally", "r10 c2: 1 T1"), ("maddie", "r10 c2: nothing"))
    assert not replay.flags and replay.outcome is not None and replay.outcome.winner == "sally" and "round 10" in wording.result_reason(replay)
    failed = failure_events(replay)
    assert len(failed) == 2 and all("TT-2" not in e.rulings and "next round" not in wording.text(replay.game, e) for e in failed)


def test_tt6_host_end_scores_by_totals():
    _, replay = play(("sally", "r1 c1: 1 T1"), ("maddie", "r1 c1: nothing"), ("host", {"action": "end"}))
    assert replay.outcome.winner == "sally"


# --- TT-7 items ---------------------------------------------------------------------------

def test_tt7_hidden_value_changes_the_points_and_shows_a_question_mark():
    board, replay = view(("sally", HV), sally=["hidden-value"])
    assert board["destinations"]["N2"] == "?" and board["tracks"]["T2"]["value"] == "?"
    assert replay.game.private_view(replay.state, "sally")["hidden_value"] == "N2 = 1 this round"
    assert replay.game.private_view(replay.state, "maddie") == {}
    entries = [("sally", HV), ("sally", "r1 c1: 1 T2"), ("maddie", "r1 c1: 1 T2")]
    board, replay = view(*entries, sally=["hidden-value"])
    assert replay.state.points == {"sally": 1, "maddie": 1}      # credited at departure (TT-5)
    assert board["points"] == {"sally": 0, "maddie": 0}          # but withheld from public totals
    assert board["points_withheld_miners"] == {"sally": 1, "maddie": 1}
    board, replay = view(*entries, ("sally", "r1 c2: nothing"), ("maddie", "r1 c2: nothing"),
                         sally=["hidden-value"])
    assert board["points"] == {"sally": 1, "maddie": 1} and board["destinations"] == {"N1": 1, "N2": 5}
    assert any("Hidden Value revealed: N2 was worth 1 in round 1" in r for r in board["last_crossing"]["results"])


@pytest.mark.parametrize("entries, code", [
    ([("maddie", "r1 c1: nothing"), ("sally", HV)], "too-late"),
    ([("sally", "r1 c1: nothing"), ("maddie", "r1 c1: nothing"), ("sally", dict(HV, round=1))], "hidden-value-late"),
    ([("sally", {"round": 1, "items": [{"use": "hidden-value", "destination": "N2", "value": 6}]})],
     "hidden-value-range"),
    ([("sally", {"round": 1, "items": [{"use": "hidden-value", "destination": "N7", "value": 2}]})],
     "unknown-destination"),
    ([("maddie", HV)], "item-not-held"),
    ([("sally", HV), ("sally", dict(HV, items=[dict(HV["items"][0], destination="N3")]))], "item-used"),
    ([("sally", HV), ("maddie", dict(HV, items=[dict(HV["items"][0], value=3)]))], "destination-hidden"),
])
def test_tt7_hidden_value_limits(entries, code):
    maddie = [] if code == "item-not-held" else ["hidden-value"]
    _, replay = play(*entries, sally=["hidden-value"], maddie=maddie)
    assert flags(replay)[-1][1] == code


def test_tt7_extra_miner_acts_this_round_and_absorbs_one_failure():
    entries = [("sally", "r1 c1: extra-miner, 8 T1, 1 T1"), ("maddie", "r1 c1: nothing")]
    board, replay = view(*entries, sally=["extra-miner"])
    assert board["miners"]["sally"]["8"] == "N1" and board["extra_miner"]["sally"]
    assert "Sally uses Extra Miner: miner 8 joins for round 1" in " ".join(wording.text(replay.game, e) for e in replay.log[-1].events)
    # six of miners 1–7 fail; miner 8 counts as one of them, so only five are benched
    board, replay = view(*entries, ("sally", "r1 c2: 8 switch green"), ("maddie", "r1 c2: nothing"),
                         sally=["extra-miner"])
    assert flags(replay) == [] and board["benched"]["sally"] == [3, 4, 5, 6, 7]
    assert "8" not in board["miners"]["sally"]                    # Extra Miner lasts one round


def test_tt7_extra_miner_when_everyone_crosses_benches_nobody():
    layouts = [dict(copy.deepcopy(R1), train=True)] + [copy.deepcopy(PLAIN) for _ in range(8)]
    entries = [("sally", "r1 c1: extra-miner, 1 T1, 2 T1, 3 T2, 4 T2, 5 T2, 6 T3"), ("maddie", "r1 c1: nothing"),
               ("sally", "r1 c2: 8 switch purple"), ("maddie", "r1 c2: nothing")]
    board, replay = view(*entries, sally=["extra-miner"], layouts=layouts)
    assert replay.flags == [] and board["benched"]["sally"] == [7]   # miners 7 and 8 failed: one benched
    entries[2] = ("sally", "r1 c2: 7 train, 8 switch purple")
    board, replay = view(*entries, sally=["extra-miner"], layouts=layouts)
    assert replay.flags == [] and board["benched"]["sally"] == []    # only miner 8 failed: absorbed


@pytest.mark.parametrize("entries, code", [
    ([("sally", "r1 c1: 8 T1")], "no-extra-miner"),
    ([("sally", "r1 c1: nothing"), ("maddie", "r1 c1: nothing"), ("sally", "r1 c2: extra-miner")],
     "extra-miner-crossing"),
    ([("maddie", "r1 c1: extra-miner")], "item-not-held"),
])
def test_tt7_extra_miner_limits(entries, code):
    _, replay = play(*entries, sally=["extra-miner"])
    assert flags(replay)[-1][1] == code


def test_tt7_remote_switch_activates_any_switch_and_is_announced_at_resolution():
    entries = [("sally", "r1 c1: remote green, 1 T3")]
    match, replay = play(*entries, sally=["remote-switch"])
    public = json.dumps(views.result(match, replay, with_entries=True))
    assert "green" not in public.split('"board"')[0] and "remote" not in public    # sealed until resolved
    board, replay = view(*entries, ("maddie", "r1 c1: 1 switch purple"), sally=["remote-switch"])
    assert board["switches"]["green"]["state"] == 2 and board["miners"]["sally"]["1"] == "N2"
    text = " ".join(wording.text(replay.game, e) for e in replay.log[-1].events)
    assert "Sally's Remote Switch activates green" in text
    assert board["items_used"]["sally"] == ["remote-switch"]


def test_tt7_remote_switch_counts_with_miners_and_is_used_once():
    entries = [("sally", "r1 c1: remote purple, 1 switch purple"), ("maddie", "r1 c1: nothing")]
    board, _ = view(*entries, sally=["remote-switch"])
    assert board["switches"]["purple"]["state"] == 0          # two activations cancel out
    _, replay = play(*entries, ("sally", "r1 c2: remote purple"), sally=["remote-switch"])
    assert flags(replay) == [(3, "item-used")]
    _, replay = play(("sally", "r1 c1: remote pink"), sally=["remote-switch"])
    assert flags(replay) == [(1, "unknown-switch")]


def test_tt7_item_in_a_replaced_submission_is_not_used_g3():
    entries = [("sally", "r1 c1: remote purple"), ("sally", "r1 c1: 1 T1"), ("maddie", "r1 c1: nothing"),
               ("sally", "r1 c2: remote purple")]
    _, replay = play(*entries, ("maddie", "r1 c2: nothing"), sally=["remote-switch"])
    assert flags(replay) == [] and replay.items_used["sally"] == ["remote-switch"]


# --- Hidden Value never in public output before the round ends (TT-7) ---------------------

def public_outputs(cli, path):
    out = {}
    for fmt in (*FORMATS, "json"):
        res = cli("board", path, "--format", fmt)
        assert res.code == 0, res.err
        out[f"board {fmt}"] = res.out
    for fmt in ("text", "json"):
        res = cli("replay", path, "--format", fmt)
        assert res.code in (0, 1), res.err
        out[f"replay {fmt}"] = res.out
    return out


def test_tt7_hidden_value_never_appears_in_public_output_before_the_round_ends(cli, write):
    """Sally hides N2 as 1 (printed 4); both players send a miner there in crossing 1."""
    hidden = {"round": 1, "items": [{"use": "hidden-value", "destination": "N2", "value": 1}]}
    steps = [("sally", hidden), ("sally", "r1 c1: 1 T2"), ("maddie", "r1 c1: 1 T2, 2 T1")]
    data = tt_match(sally=["hidden-value"])
    secrets = ("hidden N2", "N2 = 1", "worth 1", "N2: 1", "N2 1", '"N2": 1', "(red) 1", "(blue) 3",
               "crossing 1: Sally 1", "Maddie 3,", "hidden-value")
    for step in steps + [("sally", "r1 c2: nothing")]:
        add(data, step)
        path = write(data)
        for where, text in public_outputs(cli, path).items():
            for secret in secrets:
                assert secret not in text, f"{secret!r} leaked in {where} after entry {len(data['entries'])}"
        board = cli("board", path, "--format", "json").json["board"]
        assert board["destinations"]["N2"] == "?" and board["tracks"]["T2"]["value"] == "?"
        assert board["points"] in ({"sally": 0, "maddie": 0}, {"sally": 0, "maddie": 2})   # N2's share withheld
    mine = cli("board", path, "--as", "sally").out
    assert "N2 = 1 this round" in mine
    assert "N2 = 1" not in cli("board", path, "--as", "maddie").out
    add(data, ("maddie", "r1 c2: nothing"))          # the round ends
    path = write(data)
    outputs = public_outputs(cli, path)
    assert "hidden N2 1" in outputs["replay text"] and "N2 was worth 1" in outputs["replay text"]
    assert "N2 was worth 1" in outputs["replay json"] and "N2 was worth 1" in outputs["board text"]
    assert cli("board", path, "--format", "json").json["board"]["points"] == {"sally": 1, "maddie": 3}


# --- TT-8 time ----------------------------------------------------------------------------

def test_tt8_clock_is_180_seconds_and_late_counts_as_missing():
    control = rulesets.resolve("track-trouble").params["time_control"]
    assert (control["turn_seconds"], control["reserve_seconds"], control["on_expiry"]) == (180, 0, "skip")
    board, replay = view(("sally", "r1 c1: 1 T1"), ("host", {"action": "timeout", "player": "maddie"}))
    assert replay.outcome is None and board["crossing"] == 2 and board["points"]["sally"] == 2


# --- Notation, legal moves, board ---------------------------------------------------------

@pytest.mark.parametrize("text, move", [
    ("1 T2, 2 switch purple, 3 train", {"actions": [{"miner": 1, "board": "T2"}, {"miner": 2, "switch": "purple"},
                                                    {"miner": 3, "train": True}]}),
    ("1 board T2; 4 nothing, 5 sw green", {"actions": [{"miner": 1, "board": "T2"}, {"miner": 5, "switch": "green"}]}),
    ("extra-miner, 8 T1", {"actions": [{"miner": 8, "board": "T1"}], "items": [{"use": "extra-miner"}]}),
    ("remote green", {"actions": [], "items": [{"use": "remote-switch", "switch": "green"}]}),
    ("remote switch green, extra miner", {"actions": [], "items": [{"use": "remote-switch", "switch": "green"},
                                                                  {"use": "extra-miner"}]}),
    ("nothing", {"actions": []}),
    ("hidden N4 2", {"items": [{"use": "hidden-value", "destination": "N4", "value": 2}]}),
    ("r3: hidden N4 = 2", {"round": 3, "items": [{"use": "hidden-value", "destination": "N4", "value": 2}]}),
    ("r3 c2: 1 T3", {"round": 3, "crossing": 2, "actions": [{"miner": 1, "board": "T3"}]}),
])
def test_notation_parses(text, move):
    assert parse(text) == move


@pytest.mark.parametrize("text", ["1", "1 switch", "remote", "hidden N4", "hidden N4 x", "jump", "1 2 T1",
                                  "hidden N4 2, 1 T1",
                                  "hidden N2 4, hidden N3 1"])   # TT-7: one Hidden Value a submission
def test_bad_notation_says_what_to_write(text):
    with pytest.raises(NotationError, match="1 T2, 2 switch purple, 3 train|Hidden Value"):
        parse(text)


def test_miners_joined_by_and_share_one_action():
    """`1 and 2 on T1` (posted "miners 1 and 2 on T1"): both board T1 (TT-3); a bare
    list (`1 2 T1`, `3, 1 T1`) is no group: a number may be chatter ("back at 3")."""
    assert parse("1 and 2 on T1, 3 switch purple") == {"actions": [
        {"miner": 1, "board": "T1"}, {"miner": 2, "board": "T1"}, {"miner": 3, "switch": "purple"}]}
    assert parse("1 & 2 train") == {"actions": [{"miner": 1, "train": True}, {"miner": 2, "train": True}]}
    with pytest.raises(NotationError):
        parse("1 2 T1")


def test_complete_move_fills_round_crossing_and_spelling():
    match, replay = play(("sally", "r1 c1: nothing"), ("maddie", "r1 c1: nothing"))
    game = match.game
    assert game.complete_move(replay.state, "sally", parse("1 t2, 2 switch PURPLE, remote Green")) == {
        "round": 1, "crossing": 2, "actions": [{"miner": 1, "board": "T2"}, {"miner": 2, "switch": "purple"}],
        "items": [{"use": "remote-switch", "switch": "green"}]}
    assert game.complete_move(replay.state, "sally", parse("hidden n2 3")) == {
        "round": 1, "items": [{"use": "hidden-value", "destination": "N2", "value": 3}]}


def test_cli_move_accepts_typed_forms(cli, tmp_path):
    out = tmp_path / "m.json"
    assert cli("new", "track-trouble", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue",
               "--item", "sally=remote-switch", "--item", "sally=hidden-value", "-o", out).code == 0
    res = cli("move", out, "sally", "hidden", "n3", "2")
    assert res.code == 0 and "N3 is worth 2 this round" in res.err       # echoed to the host, privately
    assert "N3 ?" in res.out and "worth 2" not in res.out and "private to the host" in res.err
    res = cli("move", out, "sally", "1", "T2,", "2", "switch", "purple,", "3", "T1,", "remote", "purple")
    assert res.code == 0, res.err
    assert "sealed" in res.out and "switch purple" not in res.out.split("Submitted")[1]
    res = cli("move", out, "maddie", "1 T2, 2 T2")
    assert res.code == 0 and "Sally's Remote Switch activates purple" in res.out
    res = cli("move", out, "maddie", "4 train")
    assert res.code == 1 and "no-train" in res.err
    res = cli("legal", out, "sally", "--format", "json")
    listed = [m["move"] for m in res.json["legal"]["sally"]]
    assert "r1 c2: 4 T1" in listed and "r1 c2: 3 T1" not in listed      # miner 3 crossed on T1


def test_legal_lists_each_miners_options_and_every_listed_move_is_accepted():
    entries = [("sally", "r1 c1: 1 T1, 2 T1"), ("maddie", "r1 c1: nothing"),
               ("sally", "r1 c2: nothing"), ("maddie", "r1 c2: nothing")]
    match, replay = play(*entries, sally=["extra-miner", "remote-switch", "hidden-value"])
    game = match.game
    listed = list(game.legal_moves(replay.state, "sally"))
    texts = [game.format_move(m) for m, _ in listed]
    assert "r2 c1: 1 T1" in texts and "r2 c1: 1 train" in texts and "r2 c1: nothing" in texts
    assert not any(t.startswith("r2 c1: 3 ") for t in texts)        # 3–7 benched
    assert "r2 c1: extra-miner" in texts and "r2: hidden N2 3" in texts
    assert len(listed) < 200
    for move, _ in listed:
        assert game.complete_move(replay.state, "sally", parse(game.format_move(move))) == move
        data = tt_match(entries, sally=["extra-miner", "remote-switch", "hidden-value"])
        add(data, ("sally", move))
        again = session.replay_match(matchfile.prepare(data, None))
        assert not again.flags, (game.format_move(move), again.flags)


def test_board_json_has_the_spec_keys_and_renders_everywhere():
    match, replay = play(("sally", "r1 c1: 1 T1, 2 switch purple"), ("maddie", "r1 c1: 1 T3"))
    result = views.result(match, replay)
    board = result["board"]
    assert board["round"] == 1 and board["crossing"] == 2 and board["points"] == {"sally": 2, "maddie": 2}
    for fmt in FORMATS:
        text = render(views.board_blocks(match, replay), fmt)
        for needle in ("T2", "purple[N2 | green[N1 | N2 | N3]]", "leads to now", "north", "N3 6", "Train: none",
                       "Sally: 1 T1, 2 switch purple", "Maddie: 1 T3"):
            assert needle in text.replace("\\", ""), (fmt, needle)


def test_board_keeps_sealed_submissions_sealed():
    match, replay = play(("sally", "r1 c1: 1 T1, 2 switch purple"))
    result = json.dumps(views.result(match, replay, with_entries=True))
    text = render(views.board_blocks(match, replay), "text")
    assert "switch purple" not in result and "switch purple" not in text
    assert "Submitted: Sally: yes, Maddie: no" in text


@pytest.mark.parametrize("move, message", [
    ({"round": 1, "crossing": 1, "actions": [{"miner": 1}]}, r"move\.actions\[0\]: 'board' is missing"),
    ({"round": 1, "crossing": 1, "actions": [{"miner": 1, "board": "T1", "train": True}]},
     r"move\.actions\[0\]: must have exactly one of: board, switch, train"),
    ({"round": 1, "crossing": 1, "actions": [], "items": [{"use": "remote-switch"}]},
     r"move\.items\[0\]: 'switch' is missing"),
    ({"round": 1, "items": [{"use": "hidden-value", "destination": "N2"}]}, r"move\.items\[0\]: 'value' is missing"),
    ({"round": 1, "crossing": 1, "actions": [], "items": [{"use": "hidden-value", "destination": "N2", "value": 2}]},
     r"move\.items\[0\]\.use: 'hidden-value' is not one of"),
    ({"crossing": 1, "actions": []}, r"'round' is missing"),
])
def test_move_schema_errors_name_the_field(move, message):
    with pytest.raises(MatchFileError, match=message):
        play(("sally", move))


def test_replay_events_cite_rulings():
    _, replay = play(("sally", "r1 c1: 1 T1, 2 T1"), ("maddie", "r1 c1: 1 T1"))
    rulings = {r for e in replay.log[-1].events for r in e.rulings}
    assert {"TT-4", "TT-5", "TT-3"} <= rulings


def test_g2_deadline_resolves_a_crossing_with_a_missing_submission():
    board, replay = view(("sally", "r1 c1: 1 T1"), ("host", {"action": "deadline"}))
    assert board["crossing"] == 2 and board["points"] == {"sally": 2, "maddie": 0}
    assert "Maddie did not submit and does nothing in round 1, crossing 1" in wording.text(replay.game, replay.log[-1].events[1])


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_playouts_with_every_item_stay_legal_tt7(seed):
    """Like tests/properties/test_random_play.py, but both players hold all three items and use them."""
    import random

    rnd = random.Random(seed)
    items = ["hidden-value", "extra-miner", "remote-switch"]
    data = tt_match(sally=items, maddie=items, layouts=rulesets.resolve("track-trouble").params["layouts"])
    match = matchfile.prepare(data, None)
    game, replay = match.game, session.new_replay(match)
    while replay.pending() is not None and len(data["entries"]) < 200:
        player = rnd.choice(replay.to_act())
        moves = [m for m, _ in replay.legal_moves(player)]   # no used item, no late Hidden Value
        item_moves = [m for m in moves if m.get("items")]
        move = rnd.choice(item_moves if item_moves and rnd.random() < 0.3 else moves)
        assert game.complete_move(replay.state, player, parse(format_move(move))) == move
        entry = {"seq": len(data["entries"]) + 1, "type": "move", "player": player, "move": move}
        log = replay.step(entry)
        assert log.flag is None, (format_move(move), log.flag)
        data["entries"].append(entry)
    assert replay.outcome is not None
    assert sum(len(used) for used in replay.items_used.values()) >= 3
    again = session.replay_match(matchfile.prepare(json.loads(json.dumps(data)), None))
    assert views.result(match, again, with_entries=True) == views.result(match, replay, with_entries=True)


def test_tt7_host_end_mid_round_reveals_the_hidden_value():
    """The reveal at the round's end will not come: a host's `end` makes the value public."""
    hidden = {"round": 1, "items": [{"use": "hidden-value", "destination": "N2", "value": 1}]}
    board, replay = view(("sally", hidden), ("host", {"action": "end"}), sally=["hidden-value"])
    assert replay.outcome is not None and board["destinations"]["N2"] == 1
    assert not any(log.sealed for log in replay.log)
