"""Winning Streak (seed 004): each ruling WS-1…WS-8, sealed phases, notation, legal moves, views."""

from __future__ import annotations

import json
import random
from itertools import islice

import pytest

from adjudicator import matchfile, rulesets, schemas, session, simulate, views, wording
from adjudicator.game import Illegal, Outcome
from adjudicator.errors import MatchFileError, NotationError
from adjudicator.render import FORMATS, render
from helpers.matches import flags, replayed
from helpers.winning_streak import place, ws_match

LETTERS = list("ABCDEFGHIJKLM")


def reloc(round_, changes=None, buff=None):
    move = {"phase": "relocation", "round": round_, "set": dict(changes or {})}
    if buff:
        move["buff"] = {"troop": buff[0], "stat": buff[1]}
    return move


DEADLINE = ("host", {"action": "deadline"})


def placements(sally, maddie, turns=13):
    """Placement turns 1…turns: each side's (troop, location) per turn, None for a missed turn.

    Both submitted: the phase resolves; anyone missing: the host closes it (G-2).
    """
    out = []
    for turn in range(1, turns + 1):
        s = sally[turn - 1] if turn <= len(sally) else None
        m = maddie[turn - 1] if turn <= len(maddie) else None
        if s:
            out.append(("sally", place(turn, *s)))
        if m:
            out.append(("maddie", place(turn, *m)))
        if not (s and m):
            out.append(DEADLINE)
    return out


def both(round_, sally=None, maddie=None, sally_buff=None, maddie_buff=None):
    """One relocation round in which both players submit (empty sets unless given)."""
    return [("sally", reloc(round_, sally, sally_buff)), ("maddie", reloc(round_, maddie, maddie_buff))]


def play(*entries, advantage="maddie", params=None):
    data = ws_match(entries, advantage, params)
    return replayed(data)


def board(*entries, **kw):
    match, replay = play(*entries, **kw)
    return match.game.public_view(replay.state), replay



def rulings_of(replay):
    return {r for log in replay.log for e in log.events for r in e.rulings}


def texts(replay):
    return [wording.text(replay.game, e) for log in replay.log for e in log.events]


SEED_EXAMPLES = placements([("5/5", "A"), ("3/1", "B"), ("2/4", "C")],
                           [("1/1", "A"), ("5/3", "B"), ("2/4", "C")])


# --- WS-1 troops and locations ----------------------------------------------------------

def test_ws1_25_troops_named_by_stats_and_13_locations():
    view, replay = board()
    assert list(view["locations"]) == LETTERS
    names = [t["name"] for t in view["reserve"]["sally"]]
    assert len(names) == 25 and names[0] == "1/1" and names[-1] == "5/5"
    assert {(t["attack"], t["health"]) for t in view["reserve"]["maddie"]} == \
        {(a, h) for a in range(1, 6) for h in range(1, 6)}
    assert view["alive"] == {"sally": 25, "maddie": 25}
    assert wording.awaiting(replay) == "sealed submissions for placement turn 1: waiting for Sally, Maddie"


def test_ws1_ruleset_holds_the_numbers_and_sides():
    ruleset = rulesets.resolve("winning-streak")
    assert ruleset.sides == ["red", "blue"] and ruleset.game == "winning-streak"
    p = ruleset.params
    assert len(p["troops"]) == 25 and p["locations"] == LETTERS
    assert (p["placement_turns"], p["points_to_win"], p["relocation_changes"], p["advantage_amount"]) == (13, 10, 3, 1)


def test_ws1_unknown_troop_and_location_are_flagged():
    _, replay = play(("sally", place(1, "6/1", "A")), ("sally", place(1, "1/1", "N")))
    assert flags(replay) == [(1, "unknown-troop"), (2, "unknown-location")]
    assert replay.flags[0].rulings == ("WS-1", "WS-2")


@pytest.mark.parametrize("params, message", [
    ({"troops": ["1/1", "0/2"]}, "troop '0/2' is not named ATTACK/HEALTH"),
    ({"troops": ["1/1", "1/1"]}, "each troop is listed once"),
    ({"placement_turns": 14}, "placement_turns (14) cannot exceed the locations (13)"),
    ({"locations": ["A", "a"]}, "distinct upper-case letters"),
])
def test_ws1_parameters_that_cannot_work_are_refused(params, message):
    with pytest.raises(MatchFileError) as err:
        play(params=params)
    assert message in err.value.message


def test_ws1_smaller_variant_through_params():
    view, _ = board(params={"troops": ["1/1", "2/2"], "locations": ["A", "B", "C"], "placement_turns": 2})
    assert list(view["locations"]) == ["A", "B", "C"] and view["alive"] == {"sally": 2, "maddie": 2}


# --- WS-2 placement ---------------------------------------------------------------------

def test_ws2_placement_is_sealed_and_resolves_when_both_submit():
    view, replay = board(("sally", place(1, "5/5", "A")))
    assert view["locations"]["A"]["troops"] == {"sally": None, "maddie": None}  # sealed (G-2)
    assert replay.to_act() == ["maddie"]
    view, replay = board(("sally", place(1, "5/5", "A")), ("maddie", place(1, "1/1", "B")))
    assert view["locations"]["A"]["troops"]["sally"]["name"] == "5/5"
    assert view["locations"]["B"]["troops"]["maddie"]["name"] == "1/1"
    assert view["turn"] == 2 and view["fights"] == 0


def test_ws2_seed_case_replacing_a_troop_or_doubling_a_location_is_flagged():
    """Conformance seed-fight-examples: 5/5 placed twice, and a second troop at A."""
    entries = SEED_EXAMPLES[:6] + [("sally", place(4, "5/5", "D")), ("maddie", place(4, "2/2", "A"))]
    _, replay = play(*entries)
    assert flags(replay) == [(7, "troop-placed"), (8, "location-taken")]
    assert all("WS-2" in f.rulings for f in replay.flags)


def test_ws2_missed_turn_places_nothing_and_the_fight_follows_turn_13():
    entries = placements([("5/5", "A")], [])
    _, replay = play(*entries[:-1])  # twelve turns resolved: no fight yet
    assert replay.state.fights == 0 and replay.state.turn == 13
    view, replay = board(*entries)
    assert view["fights"] == 1 and view["phase"] == "relocation" and view["round"] == 1
    assert view["locations"]["A"]["points"] == {"sally": 1, "maddie": 0}
    assert view["reserve"]["maddie"] and len(view["reserve"]["maddie"]) == 25
    assert any("a missed placement turn places nothing: Maddie" in t for t in texts(replay))
    assert "WS-2" in rulings_of(replay)


def test_ws2_wrong_turn_and_wrong_phase_are_flagged():
    _, replay = play(("sally", place(2, "5/5", "A")), ("sally", reloc(1)))
    assert flags(replay) == [(1, "wrong-turn"), (2, "wrong-phase")]
    assert "placement turn 1, not turn 2" in wording.flag_message(replay.flags[0])


def test_ws2_g3_a_later_placement_replaces_the_earlier():
    view, _ = board(("sally", place(1, "5/5", "A")), ("sally", place(1, "4/4", "B")), ("maddie", place(1, "1/1", "A")))
    assert view["locations"]["A"]["troops"]["sally"] is None
    assert view["locations"]["B"]["troops"]["sally"]["name"] == "4/4"


# --- WS-3 fight -------------------------------------------------------------------------

def test_ws3_seed_fight_examples():
    """5/5 vs 1/1: 5/5 at 5/4 scores; 3/1 vs 5/3: both die; 2/4 vs 2/4: both at 2/2, no point."""
    view, replay = board(*SEED_EXAMPLES)
    locs = view["locations"]
    assert locs["A"]["troops"]["sally"] == {"name": "5/5", "attack": 5, "health": 4}
    assert locs["A"]["troops"]["maddie"] is None and locs["A"]["points"] == {"sally": 1, "maddie": 0}
    assert locs["B"]["troops"] == {"sally": None, "maddie": None} and locs["B"]["points"] == {"sally": 0, "maddie": 0}
    assert locs["C"]["troops"]["sally"]["health"] == 2 and locs["C"]["troops"]["maddie"]["health"] == 2
    assert locs["C"]["points"] == {"sally": 0, "maddie": 0}
    assert view["alive"] == {"sally": 24, "maddie": 23}
    assert view["dead"] == {"sally": ["3/1"], "maddie": ["1/1", "5/3"]}


def test_ws3_replay_narrates_each_fight_location_by_location():
    _, replay = play(*SEED_EXAMPLES)
    lines = [t for t in texts(replay) if t.startswith("fight 1")]
    assert lines[0].startswith("fight 1 at A: Sally's 5/5 vs Maddie's 1/1: Maddie's 1/1 dies; Sally's 5/5 survives "
                               "at 5/4 and scores")
    assert lines[1].startswith("fight 1 at B: Sally's 3/1 vs Maddie's 5/3: both die, no point")
    assert lines[2].startswith("fight 1 at C: Sally's 2/4 vs Maddie's 2/4: both survive")
    assert lines[3] == "fight 1: no troops at D, E, F, G, H, I, J, K, L, M"


def test_ws3_facing_an_empty_square_scores_and_takes_no_damage():
    view, _ = board(*placements([("1/1", "M")], []))
    assert view["locations"]["M"]["points"]["sally"] == 1
    assert view["locations"]["M"]["troops"]["sally"] == {"name": "1/1", "attack": 1, "health": 1}


def test_ws3_ten_points_win_a_location_and_its_troops_return_to_reserve():
    entries = placements([("1/5", "A")], [])
    for k in range(1, 10):  # fights 2…10
        entries += both(k)
    view, replay = board(*entries[:-2])
    assert view["locations"]["A"]["points"]["sally"] == 9 and view["locations"]["A"]["winner"] is None
    view, replay = board(*entries)
    assert view["locations"]["A"]["winner"] == "sally" and view["locations"]["A"]["points"]["sally"] == 10
    assert view["locations"]["A"]["troops"]["sally"] is None
    assert "1/5" in [t["name"] for t in view["reserve"]["sally"]]
    assert any("Sally reaches 10 points at A and wins it; Sally's 1/5 returns to reserve" in t for t in texts(replay))
    assert view["streak"] == {"sally": 1, "maddie": 0}


def test_ws3_points_to_win_is_a_parameter_and_won_locations_stop_fighting():
    params = {"points_to_win": 1, "placement_turns": 2}
    entries = placements([("1/5", "A")], [], turns=2)  # 3 entries; fight 1 wins A at 1 point
    view, _ = board(*entries, params=params)
    assert view["locations"]["A"]["winner"] == "sally" and view["round"] == 1
    entries += [("sally", reloc(1)), ("maddie", reloc(1, {"A": "5/5"})), ("maddie", reloc(1)),
                ("sally", reloc(2, {"A": "1/5"}))]
    view, replay = board(*entries, params=params)
    assert flags(replay) == [(5, "location-won"), (7, "location-won")]  # WS-4: won locations take no troops
    assert view["locations"]["A"]["points"] == {"sally": 1, "maddie": 0} and view["fights"] == 2


def test_ws3_dead_troops_are_gone_for_good():
    entries = SEED_EXAMPLES + both(1, sally={"D": "3/1"})
    _, replay = play(*entries)
    assert flags(replay) == [(len(SEED_EXAMPLES) + 1, "troop-dead")]
    assert replay.flags[0].rulings == ("WS-3", "WS-4")


# --- WS-4 relocation --------------------------------------------------------------------

RELOCATION_CASE = placements([("5/5", "A"), ("3/1", "B"), ("2/4", "C")],
                             [("1/1", "A"), ("5/3", "B"), ("2/4", "C")])


def test_ws4_conformance_relocation_limit():
    """Sally moves 5/4 from A to B and withdraws C (3 changes); Maddie's 4 fieldings are flagged."""
    entries = RELOCATION_CASE + [("sally", reloc(1, {"B": "5/5", "A": None, "C": None})),
                                 ("maddie", reloc(1, {"D": "1/2", "E": "1/3", "F": "1/4", "G": "1/5"})),
                                 ("maddie", reloc(1, {"C": None}))]
    view, replay = board(*entries)
    assert flags(replay) == [(len(RELOCATION_CASE) + 2, "too-many-changes")]
    assert replay.flags[0].rulings == ("WS-4",)
    assert view["locations"]["B"]["points"]["sally"] == 1 and view["round"] == 2 and view["fights"] == 2
    assert view["alive"] == {"sally": 24, "maddie": 23}


def test_ws4_a_move_counts_both_ends():
    base = placements([("5/5", "A"), ("4/4", "C")], [])
    _, replay = play(*base, ("sally", reloc(1, {"B": "5/5", "D": "4/4"})))
    assert flags(replay) == [(len(base) + 1, "too-many-changes")]
    assert "changes 4 locations (A, B, C, D)" in wording.flag_message(replay.flags[0])


def test_ws4_a_swap_is_two_changes_and_a_replacement_one():
    base = placements([("5/5", "A"), ("4/4", "B"), ("1/1", "C")], [])
    view, replay = board(*base, *both(1, sally={"A": "4/4", "B": "5/5", "C": "3/3"}))
    assert flags(replay) == []
    where = {x: (spot["troops"]["sally"] or {}).get("name") for x, spot in view["locations"].items()}
    assert (where["A"], where["B"], where["C"]) == ("4/4", "5/5", "3/3")
    assert "1/1" in [t["name"] for t in view["reserve"]["sally"]]  # displaced to reserve
    assert any("Sally changes 3 locations of 3: A 5/5→4/4, B 4/4→5/5, C 1/1→3/3" in t for t in texts(replay))


def test_ws4_health_damage_is_kept_in_reserve_and_when_moved():
    entries = SEED_EXAMPLES + both(1, sally={"C": None}) + both(2, sally={"F": "2/4"})
    view, _ = board(*entries[:len(SEED_EXAMPLES) + 2])
    assert {"name": "2/4", "attack": 2, "health": 2} in view["reserve"]["sally"]
    view, _ = board(*entries)
    assert view["locations"]["F"]["troops"]["sally"] == {"name": "2/4", "attack": 2, "health": 2}


def test_ws4_relocation_round_k_follows_fight_k_and_wrong_round_is_flagged():
    entries = SEED_EXAMPLES + both(1) + [("sally", reloc(3)), ("sally", reloc(2))]
    view, replay = board(*entries)
    assert view["fights"] == 2 and view["round"] == 2
    assert flags(replay) == [(len(SEED_EXAMPLES) + 3, "wrong-round")]
    assert "relocation round 2 (after fight 2), not round 3" in wording.flag_message(replay.flags[0])


def test_ws4_g2_empty_relocations_are_submissions_and_the_fight_still_happens():
    view, replay = board(*SEED_EXAMPLES, *both(1))
    assert view["fights"] == 2 and view["locations"]["A"]["points"]["sally"] == 2


def test_ws4_deadline_relocation_missing_player_relocates_nothing():
    view, replay = board(*SEED_EXAMPLES, ("sally", reloc(1, {"D": "4/4"})), DEADLINE)
    assert view["locations"]["D"]["points"]["sally"] == 1 and view["fights"] == 2
    assert any("Maddie is taken to have relocated nothing" in t for t in texts(replay))


def test_ws4_placement_move_in_relocation_is_wrong_phase():
    _, replay = play(*SEED_EXAMPLES, ("sally", place(13, "4/4", "D")))
    assert flags(replay) == [(len(SEED_EXAMPLES) + 1, "wrong-phase")]


# --- WS-5 advantage ---------------------------------------------------------------------

def test_ws5_buff_is_applied_before_the_next_fight_and_is_not_a_change():
    """Maddie buffs her 2/4 at C to 3/… and changes three locations too: both allowed."""
    entries = SEED_EXAMPLES + both(1, maddie={"D": "1/2", "E": "1/3", "F": "1/4"}, maddie_buff=("2/4", "attack"))
    view, replay = board(*entries)
    assert flags(replay) == []
    # fight 2 at C: sally's 2/2 takes 3 and dies; maddie's 2/4 (now 3/2) takes 2 → 3/0, dies too
    assert view["locations"]["C"]["troops"] == {"sally": None, "maddie": None}
    assert "2/4" in view["dead"]["maddie"] and view["advantage"] == {"holder": "maddie", "left": 0}
    assert any("Maddie uses the Advantage: 2/4 gains +1 attack" in t for t in texts(replay))


def test_ws5_health_buff_on_a_reserve_troop():
    view, _ = board(*SEED_EXAMPLES, *both(1, maddie_buff=("5/5", "health")))
    assert {"name": "5/5", "attack": 5, "health": 6} in view["reserve"]["maddie"]


def test_ws5_only_the_holder_and_only_once():
    entries = SEED_EXAMPLES + [("sally", reloc(1, buff=("5/5", "attack")))] + \
        both(1, maddie_buff=("5/5", "health")) + [("maddie", reloc(2, buff=("5/5", "health")))]
    _, replay = play(*entries)
    n = len(SEED_EXAMPLES)
    assert flags(replay) == [(n + 1, "no-advantage"), (n + 4, "advantage-used")]
    _, replay = play(*SEED_EXAMPLES, ("maddie", reloc(1, buff=("5/5", "health"))), advantage=None)
    assert flags(replay) == [(n + 1, "no-advantage")] and "nobody holds it" in wording.flag_message(replay.flags[0])


def test_ws5_g3_a_buff_in_a_replaced_submission_is_not_spent():
    entries = SEED_EXAMPLES + [("maddie", reloc(1, buff=("5/5", "health"))), ("maddie", reloc(1)), ("sally", reloc(1))]
    view, replay = board(*entries)
    assert view["advantage"]["left"] == 1 and {"name": "5/5", "attack": 5, "health": 5} in view["reserve"]["maddie"]


def test_ws5_buff_of_a_dead_troop_is_flagged():
    _, replay = play(*SEED_EXAMPLES, ("maddie", reloc(1, buff=("5/3", "attack"))))
    assert flags(replay) == [(len(SEED_EXAMPLES) + 1, "troop-dead")] and "WS-5" in replay.flags[0].rulings


# --- WS-6 end ---------------------------------------------------------------------------

SMALL = {"troops": ["1/1", "3/3"], "locations": ["A", "B", "C"], "placement_turns": 2}


def test_ws6_a_side_out_of_troops_ends_the_match_and_the_other_wins_where_it_stands():
    """Maddie's 3/3 moves B→A and dies with sally's 3/2; maddie has nothing left. Sally's 1/1 at C
    takes C; A and B stay unwon."""
    entries = placements([("3/3", "A"), ("1/1", "C")], [("1/1", "A"), ("3/3", "B")], turns=2) + \
        both(1, maddie={"A": "3/3"})
    view, replay = board(*entries, params=SMALL)
    assert view["alive"] == {"sally": 1, "maddie": 0}
    assert {x: spot["winner"] for x, spot in view["locations"].items()} == {"A": None, "B": None, "C": "sally"}
    assert replay.outcome == Outcome("sally", "out-of-troops")
    assert replay.outcome.figures == {"out": "maddie", "streak": {"sally": 1, "maddie": 0},
                                      "won": {"sally": 1, "maddie": 0}, "decided_by": "streak", "advantage": "maddie"}
    assert wording.result_reason(replay) == "Maddie ran out of troops; longest winning streak 1 to 0"
    assert replay.pending() is None and view["phase"] == "over"
    assert "WS-6" in rulings_of(replay)


def test_ws6_both_out_of_troops_no_unwon_location_is_won_and_ws7_advantage_decides():
    params = {"troops": ["1/1"], "locations": ["A", "B"], "placement_turns": 1}
    entries = placements([("1/1", "A")], [("1/1", "A")], turns=1)
    view, replay = board(*entries, params=params)
    assert {x: spot["winner"] for x, spot in view["locations"].items()} == {"A": None, "B": None}
    assert replay.outcome.winner == "maddie" and replay.outcome.termination == "both-out-of-troops"
    assert replay.outcome.figures["decided_by"] == "advantage"
    assert wording.result_reason(replay) == ("both sides ran out of troops; streaks 0 each and 0 locations each; "
                             "Maddie holds the Advantage")
    _, replay = play(*entries, params=params, advantage=None)
    assert replay.outcome.winner is None and replay.outcome.figures["decided_by"] == "tie"
    assert wording.result_reason(replay) == ("both sides ran out of troops; streaks 0 each and 0 locations each, and nobody holds "
                             "the Advantage")


def test_ws6_every_location_won_ends_the_match():
    params = {"locations": ["A", "B"], "placement_turns": 2, "points_to_win": 1}
    entries = placements([("1/1", "A")], [("1/1", "B")], turns=2)
    view, replay = board(*entries, params=params)
    assert {x: spot["winner"] for x, spot in view["locations"].items()} == {"A": "sally", "B": "maddie"}
    assert replay.outcome.winner == "maddie"  # streaks 1 each, 1 location each: the Advantage (WS-7)
    assert replay.outcome.termination == "every-location-won" and replay.outcome.figures["decided_by"] == "advantage"
    assert wording.result_reason(replay) == "every location won; streaks 1 each and 1 locations each; Maddie holds the Advantage"
    _, replay = play(*entries, ("sally", reloc(1)), params=params)
    assert flags(replay) == [(len(entries) + 1, "match-over")]


# --- WS-7 result ------------------------------------------------------------------------

def scored(winners, advantage="maddie"):
    match, replay = play(advantage=advantage)
    for x, who in zip(LETTERS, winners):
        replay.state.winner[x] = {"s": "sally", "m": "maddie"}.get(who)
    outcome = match.game.stopped_result(replay.state)
    return outcome, match.game.streaks(replay.state), wording.reason(match.game, outcome)


@pytest.mark.parametrize("line, winner, streaks, why", [
    ("ss.mmm.......", "maddie", {"sally": 2, "maddie": 3}, "longest winning streak 3 to 2"),
    ("s.s.s.s.mm...", "maddie", {"sally": 1, "maddie": 2}, "longest winning streak 2 to 1"),
    ("s...........s", "sally", {"sally": 1, "maddie": 0}, "longest winning streak 1 to 0"),  # no wrap
    ("ss.mm.s......", "sally", {"sally": 2, "maddie": 2}, "more locations won (3 to 2)"),
    ("ss.mm........", "maddie", {"sally": 2, "maddie": 2}, "Maddie holds the Advantage"),
    ("sssssssssssss", "sally", {"sally": 13, "maddie": 0}, "13 to 0"),
])
def test_ws7_streak_then_locations_then_advantage(line, winner, streaks, why):
    outcome, found, reason = scored(line)
    assert found == streaks and outcome.winner == winner and outcome.termination == "scored-so-far"
    assert reason.startswith("locations won so far: ") and reason.endswith(why)


def test_ws7_clarification_a_and_m_are_not_adjacent():
    _, found, _ = scored("s...........s")
    assert found["sally"] == 1


def test_ws7_full_tie_without_advantage_is_a_draw():
    outcome, _, reason = scored("ss.mm", advantage=None)
    assert outcome.winner is None and outcome.figures["decided_by"] == "tie"
    assert reason == "locations won so far: streaks 2 each and 2 locations each, and nobody holds the Advantage"


def test_ws7_g4_host_end_without_winner_scores_by_the_rule():
    params = {"points_to_win": 1}
    entries = placements([("1/1", "A"), ("1/2", "B")], [("1/1", "D")]) + [("host", {"action": "end"})]
    _, replay = play(*entries, params=params)
    assert replay.outcome.winner == "sally"
    assert replay.outcome.termination == "host-end-scored"
    assert replay.outcome.figures["scored"].termination == "scored-so-far"
    assert wording.result_reason(replay) == (f"ended by the host (entry {len(entries)}); by the rules: locations won so far: "
                             "longest winning streak 2 to 1")


def test_board_after_a_host_ending_asks_for_no_placement():
    """G-4: a forfeit in placement turn 1 ends the match; the board says it is over, not "place one troop"."""
    match, replay = play(("sally", place(1, "5/5", "A")), ("host", {"action": "forfeit", "player": "maddie"}))
    view = match.game.public_view(replay.state)
    assert replay.outcome.winner == "sally" and view["phase"] == "over" and view["turn"] is None
    assert "Placement turn" not in render(match.game.board_blocks(view), "text")


# --- WS-8 time --------------------------------------------------------------------------

def test_ws8_clock_is_data_and_late_counts_as_missing():
    clock = rulesets.resolve("winning-streak").params["time_control"]  # the time control as data (G-7)
    assert clock["kind_seconds"] == {"placement": 60, "relocation": 120} and clock["on_expiry"] == "skip"
    # a host's timeout in a placement turn is an empty submission (G-7): maddie places nothing
    view, replay = board(("sally", place(1, "5/5", "A")), ("host", {"action": "timeout", "player": "maddie"}))
    assert replay.outcome is None and view["turn"] == 2
    assert view["locations"]["A"]["troops"]["sally"]["name"] == "5/5" and len(view["reserve"]["maddie"]) == 25


def test_ws8_timeout_in_relocation_means_no_relocation():
    view, replay = board(*SEED_EXAMPLES, ("host", {"action": "timeout", "player": "sally"}),
                         ("maddie", reloc(1, {"D": "5/5"})))
    assert view["fights"] == 2 and view["locations"]["D"]["points"] == {"sally": 0, "maddie": 1}
    assert view["locations"]["A"]["points"]["sally"] == 2  # sally's 5/5 stayed at A and scored again
    assert any("Sally is taken to have relocated nothing" in t for t in texts(replay))


# --- Sealed submissions never show --------------------------------------------------------

def outputs(data, viewer=None):
    match = matchfile.prepare(json.loads(json.dumps(data)), None)
    replay = session.replay_match(match)
    out = {fmt: views.board_text(match, replay, fmt, viewer) for fmt in FORMATS}
    out["json"] = json.dumps(views.result(match, replay, viewer), sort_keys=True)
    out["replay"] = views.replay_text(match, replay, viewer)
    out["replay-json"] = json.dumps(views.result(match, replay, viewer, with_entries=True), sort_keys=True)
    return out


@pytest.mark.parametrize("base", [SEED_EXAMPLES[:4], SEED_EXAMPLES], ids=["placement", "relocation"])
def test_public_board_and_replay_do_not_depend_on_what_was_sealed(base):
    """G-2: two different sealed submissions give byte-identical public output in every format."""
    stage = "relocation" if len(base) > 6 else "placement"
    if stage == "placement":
        first, second = place(3, "5/5", "A"), place(3, "1/1", "M")
    else:
        first, second = reloc(1, {"D": "5/5", "E": "4/4"}, ("5/5", "health")), reloc(1)
    a = outputs(ws_match(base + [("maddie", first)]))
    b = outputs(ws_match(base + [("maddie", second)]))
    assert a == b
    # an illegal sealed submission looks the same as a legal one, apart from its flag line


@pytest.mark.parametrize("stage", ["placement", "relocation"])
@pytest.mark.parametrize("fmt", [*FORMATS, "json", "replay", "replay-json"])
def test_public_output_with_and_without_a_sealed_submission_differs_only_in_submitted(fmt, stage):
    """The sealed entry adds its own line to replay ("sealed submission", no content) and the
    header says who submitted; nothing else changes (WS-2, WS-4, G-2)."""
    if stage == "placement":
        base, secret, label, hidden = SEED_EXAMPLES[:4], place(3, "4/5", "K"), "placement turn 3", ("4/5 K", "4/5 at K")
    else:
        base, secret, label = SEED_EXAMPLES, reloc(1, {"K": "4/5"}, ("4/5", "attack")), "relocation round 1"
        hidden = ("K=4/5", "buff 4/5", "-→4/5")
    seq = len(base) + 1
    without = outputs(ws_match(base))[fmt]
    with_ = outputs(ws_match(base + [("maddie", secret)]))[fmt]
    assert not any(word in with_ for word in hidden)
    if fmt in FORMATS:
        diff = [(x, y) for x, y in zip(without.splitlines(), with_.splitlines()) if x != y]
        assert len(without.splitlines()) == len(with_.splitlines())
        assert [y for _, y in diff] == [line for line in with_.splitlines()
                                        if f"after entry {seq}" in line or "Submitted:" in line]
        assert "Submitted: Sally: no, Maddie: yes" in with_ and "Submitted: Sally: no, Maddie: no" in without
        assert "waiting for Sally, Maddie" in without and "waiting for Sally" in with_
    elif fmt == "json":
        x, y = json.loads(without), json.loads(with_)
        changed = {k for k in set(x) | set(y) if x.get(k) != y.get(k)}
        assert changed == {"to_act", "awaiting", "at_seq", "submitted"}
        assert y["submitted"] == {"sally": False, "maddie": True} and x["board"] == y["board"]
    elif fmt == "replay":
        extra = [line for line in with_.splitlines() if line not in without.splitlines()]
        assert extra == [f"#{seq:<3} Maddie: sealed submission",
                         f"      Maddie submitted for {label} (sealed) [G-2]",
                         f"Result: in progress; awaiting sealed submissions for {label}: waiting for Sally"]
    else:
        x, y = json.loads(without), json.loads(with_)
        assert y["entries"][:-1] == x["entries"] and y["board"] == x["board"]
        assert y["entries"][-1] == {"seq": seq, "type": "move", "player": "maddie", "summary": "sealed submission",
                                    "events": [{"text": f"Maddie submitted for {label} (sealed)",
                                                "rulings": ["G-2"]}], "flag": None, "sealed": True}


def test_board_as_player_shows_own_pending_submission_only(cli, write):
    path = write(ws_match(SEED_EXAMPLES[:4] + [("maddie", place(3, "2/4", "C")), ("sally", place(3, "2/4", "C")),
                                               ("sally", place(4, "4/4", "D"))]))
    res = cli("board", path, "--as", "sally")
    assert res.code == 0 and "pending_submission: t4 place 4/4 D" in res.out
    res = cli("board", path, "--as", "maddie")
    assert "pending_submission" not in res.out and "4/4 D" not in res.out
    res = cli("board", path, "--as", "sally", "--format", "json")
    assert res.json["private"] == {"pending_submission": "t4 place 4/4 D"}
    assert "4/4" not in json.dumps(cli("board", path, "--format", "json").json["board"]["locations"])


# --- Notation, schema, legal moves ------------------------------------------------------

@pytest.mark.parametrize("text, move", [
    ("t4 place 3/5 C", place(4, "3/5", "C")),
    ("turn 4 place 3/5 c", place(4, "3/5", "C")),
    ("T4 3/5 at C", place(4, "3/5", "C")),
    ("r2 set A=3/5 B=- buff 3/5 health", reloc(2, {"A": "3/5", "B": None}, ("3/5", "health"))),
    ("round 2 set A = 3/5, B = none", reloc(2, {"A": "3/5", "B": None})),
    ("r2 set", reloc(2)),
    ("r2 a=1/1 b=reserve", reloc(2, {"A": "1/1", "B": None})),
    ("r1 buff attack 5/5", reloc(1, buff=("5/5", "attack"))),
])
def test_typed_forms(text, move):
    match, _ = play()
    assert match.game.parse_move(text) == move
    assert match.game.parse_move(match.game.format_move(move)) == move


@pytest.mark.parametrize("text", ["place 3/5", "t4 set A=1/1", "r2 place 3/5 C", "set A=3/5 B", "buff 3/5 speed", ""])
def test_bad_notation_says_what_to_write(text):
    match, _ = play()
    with pytest.raises(NotationError, match="t4 place 3/5 C"):
        match.game.parse_move(text)


def test_typed_forms_without_a_number_take_the_current_turn_or_round():
    """`place 3/5 C` and `set A=3/5` leave the number out; complete_move fills in the current one."""
    match, replay = play(*SEED_EXAMPLES)
    game = match.game
    assert game.parse_move("place 3/5 C") == {"phase": "placement", "troop": "3/5", "location": "C"}
    assert game.complete_move(replay.state, "sally", game.parse_move("set D=3/5")) == reloc(1, {"D": "3/5"})
    assert game.complete_move(replay.state, "sally", game.parse_move("set")) == reloc(1)
    match, replay = play(*SEED_EXAMPLES[:4])
    assert game.complete_move(replay.state, "sally", game.parse_move("place 3/5 C")) == place(3, "3/5", "C")
    assert game.complete_move(replay.state, "sally", place(9, "3/5", "C")) == place(9, "3/5", "C")  # kept


def test_ws4_a_placement_typed_while_relocating_moves_the_troop_there():
    """WS-4: `place 3/5 C` or `3/5 to C` during a relocation changes C's occupant to
    3/5; a placement with its turn written stays a placement (check_move calls it the wrong
    phase); the same location set twice is no move."""
    match, replay = play(*SEED_EXAMPLES)
    game = match.game
    for typed in ("place 3/5 C", "3/5 to C", "C 3/5"):
        assert game.complete_move(replay.state, "sally", game.parse_move(typed)) == reloc(1, {"C": "3/5"}), typed
    assert game.complete_move(replay.state, "sally", place(9, "3/5", "C")) == place(9, "3/5", "C")
    assert game.parse_move("4/5 C 5/4 D")["set"] == {"C": "4/5", "D": "5/4"}
    assert game.parse_move("A to reserve")["set"] == {"A": None}
    with pytest.raises(NotationError):
        game.parse_move("set A=3/5 A=4/5")


def test_cli_move_without_a_number(cli, write):
    path = write(ws_match(SEED_EXAMPLES[:4]))
    res = cli("move", path, "sally", "place", "3/5", "D")
    assert res.code == 0, res.err
    assert json.loads(path.read_text())["entries"][-1]["move"] == place(3, "3/5", "D")


def test_cli_move_typed_and_json(cli, write):
    path = write(ws_match())
    res = cli("move", path, "sally", "t1", "place", "5/5", "A")
    assert res.code == 0, res.err
    assert "#1 Sally: t1 place 5/5 A" in res.err and "Submitted: Sally: yes, Maddie: no" in res.out
    assert "place 5/5" not in res.out   # the sealed placement is the host's to see, not the thread's
    res = cli("move", path, "maddie", "--json", json.dumps(place(1, "5/5", "A")))
    assert res.code == 0 and "Sally places 5/5 at A" in res.out
    res = cli("move", path, "sally", "t1", "place", "4/4", "B")
    assert res.code == 1 and "wrong-turn" in res.err and "WS-2" in res.err
    assert len(json.loads(path.read_text())["entries"]) == 2


@pytest.mark.parametrize("move, field, message", [
    ({"turn": 1, "troop": "5/5", "location": "A"}, "move", "'phase' is missing"),
    ({"phase": "fight"}, "move.phase", "'fight' is not one of"),
    (place(1, "5-5", "A"), "move.troop", "does not match"),
    ({**place(1, "5/5", "A"), "buff": {"troop": "5/5", "stat": "attack"}}, "move", "unknown field ('buff'"),
    ({"phase": "relocation", "round": 1}, "move", "'set' is missing"),
    (reloc(1, buff=("5/5", "speed")), "move.buff.stat", "'speed' is not one of"),
    (reloc(1, {"A": "big"}), "move.set.A", "does not match"),
])
def test_move_schema_errors_are_crisp(cli, write, move, field, message):
    path = write(ws_match())
    res = cli("move", path, "sally", "--json", json.dumps(move))
    assert res.code == 2 and f"field {field}: " in res.err and message in res.err, res.err


def test_legal_placements_are_every_unplaced_troop_at_every_open_location(cli, write):
    match, replay = play(*SEED_EXAMPLES[:6])
    moves = [(m, wording.preview(match.game, effects)) for m, effects in match.game.legal_moves(replay.state, "sally")]
    assert len(moves) == 22 * 10 and all(m["turn"] == 4 for m, _ in moves)
    assert ({"phase": "placement", "turn": 4, "troop": "1/1", "location": "D"}, "1/1 to D, nothing of the "
            "opponent's there yet") in moves


def test_legal_summarises_relocations_and_says_how_many_changes_remain(cli, write):
    path = write(ws_match(SEED_EXAMPLES))
    res = cli("legal", path, "maddie")
    assert res.code == 0 and "maddie: " in res.out and "legal moves (showing 40; --limit 0 for all)" in res.out
    res = cli("legal", path, "maddie", "--format", "json", "--limit", "0")
    listed = {m["move"]: m["effect"] for m in res.json["legal"]["maddie"]}
    assert listed["r1 set"] == "no change (3 of 3 changes left)"
    assert listed["r1 set A=1/2"] == "field 1/2 at A: 1 change, 2 of 3 left"
    assert listed["r1 set C=1/2"] == "1/2 replaces 2/4 (to reserve) at C: 1 change, 2 of 3 left"
    assert listed["r1 set C=-"] == "withdraw 2/4 from C: 1 change, 2 of 3 left"
    assert listed["r1 set D=2/4"] == "move 2/4 from C to D: 2 changes, 1 of 3 left"
    assert listed["r1 set buff 5/5 health"].startswith("Advantage: 5/5 +1 health")
    sally = cli("legal", path, "sally", "--format", "json").json["legal"]["sally"]
    assert not any("buff" in m["move"] for m in sally)  # WS-5: sally has no Advantage


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_legal_play_is_accepted_and_round_trips(seed):
    """Every listed move is legal, its echo re-reads to the same move, the log passes the schema."""
    rnd = random.Random(seed)
    params = {"points_to_win": 3} if seed % 2 else None
    data = ws_match(params=params)
    match = matchfile.prepare(data, None)
    game, replay = match.game, session.new_replay(match)
    while len(data["entries"]) < 400 and replay.pending() is not None:
        player = rnd.choice(replay.to_act())
        moves = list(islice(game.legal_moves(replay.state, player), 2000))
        move = rnd.choice(moves[1:] if len(moves) > 1 and rnd.random() < 0.9 else moves)[0]
        assert game.complete_move(replay.state, player, game.parse_move(game.format_move(move))) == move
        assert not schemas.errors("move/winning-streak", move)
        entry = {"seq": len(data["entries"]) + 1, "type": "move", "player": player, "move": move}
        assert replay.step(entry).flag is None, game.format_move(move)
        data["entries"].append(entry)
    again = session.replay_match(matchfile.prepare(json.loads(json.dumps(data)), None))
    assert views.result(match, again, with_entries=True) == views.result(match, replay, with_entries=True)
    for fmt in FORMATS:
        assert render(views.board_blocks(match, replay), fmt).strip()


def test_board_shows_the_line_reserves_dead_and_streaks():
    match, replay = play(*SEED_EXAMPLES)
    text = views.board_text(match, replay, "text")
    assert "Relocation round 1 (after fight 1): change at most 3 locations" in text
    assert "5/5 now 5/4" in text and "line A  B  C  D  E  F  G  H  I  J  K  L  M" in text
    assert "Maddie (blue) reserve (22):" in text and "dead (2): 1/1, 5/3" in text
    assert "Streaks: Sally 0, Maddie 0" in text and "living troops: Sally 24, Maddie 23" in text
    assert "Advantage: Maddie" in text
    bbcode = views.board_text(match, replay, "bbcode")
    assert "[code]" in bbcode


def test_board_json_matches_the_result_schema_and_spec_keys():
    match, replay = play(*SEED_EXAMPLES)
    res = views.result(match, replay, with_entries=True)
    assert not schemas.errors("result", res)
    board_ = res["board"]
    assert board_["locations"]["A"]["points"] == {"sally": 1, "maddie": 0}
    assert board_["locations"]["A"]["winner"] is None
    assert board_["streak"] == {"sally": 0, "maddie": 0} and board_["alive"] == {"sally": 24, "maddie": 23}


# --- Words for everything the rules core reports --------------------------------------------

def _plain(value):
    """Plain data: numbers, ids, codes, troop names and locations, and lists, tuples and dicts
    of them. Nothing the core reports is a sentence, so no string of it holds a space."""
    if value is None or isinstance(value, (bool, int, float)):
        return True
    if isinstance(value, str):
        return " " not in value
    if isinstance(value, (list, tuple)):
        return all(_plain(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    return False


FLAGGED_IN_PLACEMENT = [("sally", place(4, "6/1", "A")), ("sally", place(4, "1/1", "N")),
                        ("sally", place(4, "5/5", "D")), ("sally", place(4, "4/4", "A")),
                        ("sally", place(5, "4/4", "D")), ("sally", reloc(1))]
FLAGGED_IN_RELOCATION = [("sally", reloc(1, {"D": "3/1"})), ("sally", place(13, "4/4", "D")), ("sally", reloc(2)),
                         ("sally", reloc(1, {"D": "4/4", "E": "4/4"})),
                         ("sally", reloc(1, {"D": "1/2", "E": "1/3", "F": "1/4", "G": "1/5"})),
                         ("sally", reloc(1, buff=("5/5", "attack")))]
# Between them, and a few simulated matches: every event, refusal, ending and due of the game.
COVERAGE = [
    (SEED_EXAMPLES[:6] + FLAGGED_IN_PLACEMENT + SEED_EXAMPLES[6:] + FLAGGED_IN_RELOCATION
     + both(1, sally={"A": "2/4", "C": "5/5"}, maddie_buff=("5/5", "health"))
     + [("maddie", reloc(2, buff=("5/5", "health"))), ("sally", reloc(2, {"D": "4/4"})), DEADLINE,
        ("host", {"action": "end"})], None, "maddie"),
    (placements([("1/5", "A")], [], turns=2) + [("sally", reloc(1)), ("maddie", reloc(1, {"A": "5/5"}))],
     {"points_to_win": 1, "placement_turns": 2}, "maddie"),
    (placements([("3/3", "A"), ("1/1", "C")], [("1/1", "A"), ("3/3", "B")], turns=2) + both(1, maddie={"A": "3/3"}),
     SMALL, "maddie"),
    (placements([("1/1", "A")], [("1/1", "A")], turns=1), {"troops": ["1/1"], "locations": ["A", "B"],
                                                           "placement_turns": 1}, None),
    (placements([("1/1", "A")], [("1/1", "B")], turns=2) + [("sally", reloc(1))],
     {"locations": ["A", "B"], "placement_turns": 2, "points_to_win": 1}, "maddie"),
]


def test_everything_the_core_reports_is_plain_data_and_has_words():
    """Every event kind (previews too), refusal code, termination and due label Winning Streak
    produces, in the cases above and in simulated matches, is plain data and has a sentence;
    and every entry of the game's wording tables is reached."""
    matches = []
    for entries, params, advantage in COVERAGE:
        matches.append(play(*entries, params=params, advantage=advantage))
    for index in (1, 2, 3):
        played = simulate.play("winning-streak", index, seed=5, max_entries=400)
        matches.append(replayed(played.data))
    seen = {"words": set(), "refusals": set(), "endings": set(), "dues": set()}
    checked = 0

    def word(table, code, sentence):
        nonlocal checked
        assert isinstance(sentence, str) and sentence.strip(), (table, code)
        seen[table].add(code)
        checked += 1

    for match, replay in matches:
        game = match.game
        for log in replay.log:
            for event in log.events:
                if event.kind in game.words:
                    assert _plain(event.fields), event
                word("words", event.kind, wording.text(replay.game, event))
        for flag in replay.flags:
            if flag.code in game.refusals:
                assert _plain(flag.refused.fields), flag.refused.fields
            word("refusals", flag.code, wording.flag_message(flag))
        if replay.outcome is not None:
            outcome = replay.outcome
            scored = outcome.figures.get("scored")
            for each in (outcome, scored) if scored is not None else (outcome,):
                if each.termination in game.endings:
                    assert _plain(each.figures), each.figures
                word("endings", each.termination, wording.reason(game, each))
    # previews, due labels and the one refusal no real match reaches (a placement at a won
    # location: locations are won only in fights, after placement), on the first case's states
    match, _ = play(*SEED_EXAMPLES[:6])
    game = match.game
    for entries, player in ((SEED_EXAMPLES[:6], "sally"), (SEED_EXAMPLES[:6] + SEED_EXAMPLES[6:], "maddie"),
                            (SEED_EXAMPLES + both(1, sally={"D": "4/4"}), "sally")):
        _, replay = play(*entries)
        due = replay.pending()
        word("dues", due.label, wording.due_label(game, due))
        for _move, effects in replay.legal_moves(player):
            for effect in effects:
                assert _plain(effect.fields), effect
                word("words", effect.kind, wording.text(game, effect))
    _, replay = play(*SEED_EXAMPLES[:6])
    replay.state.winner["D"] = "maddie"
    with pytest.raises(Illegal) as refused:
        game.check_move(replay.state, "sally", place(4, "4/4", "D"))
    assert wording.refusal(game, refused.value) == "D has been won by Maddie; no more troops may be placed there"
    word("refusals", refused.value.code, wording.refusal(game, refused.value))
    assert checked > 100
    for table in seen:
        missing = set(getattr(game, table)) - seen[table]
        assert not missing, f"{table} never produced: {sorted(missing)}"
    assert "match-over" in seen["refusals"] and "host-end-scored" in seen["endings"]


def test_a_relocation_checked_elsewhere_does_not_change_the_resolution():
    """The plan check_move makes is reused when the phase resolves, but only for that very move
    on that very state: a bot's look-ahead on a fork, checking other moves, changes nothing."""
    entries = SEED_EXAMPLES + both(1, sally={"D": "4/4", "A": None}, maddie={"E": "3/3"})
    expected, _ = board(*entries)
    match, replay = play(*SEED_EXAMPLES, entries[len(SEED_EXAMPLES)])
    twin = replay.fork()
    twin.step({"seq": len(SEED_EXAMPLES) + 2, "type": "move", "player": "sally", "move": reloc(1, {"F": "5/5"})})
    match.game.check_move(twin.state, "sally", reloc(1, {"G": "1/1"}))
    replay.step({"seq": len(SEED_EXAMPLES) + 2, "type": "move", **dict(zip(("player", "move"), entries[-1]))})
    assert match.game.public_view(replay.state) == expected
    assert expected["locations"]["D"]["troops"]["sally"]["name"] == "4/4"
    assert expected["locations"]["A"]["troops"]["sally"] is None
