"""Dice Tug of War (seed 002): each ruling DT-1…DT-7, the notation, legal moves, the board."""

from __future__ import annotations

import json

import pytest

from adjudicator import matchfile, session, wording
from adjudicator.errors import MatchFileError, NotationError
from adjudicator.games.dice_tug_of_war.rules import count_matches
from adjudicator.render import render
from helpers.matches import add, dice_match, flags, replayed, setup_entries


def play(*entries, params=None):
    data = dice_match(list(entries))
    if params:
        data["rules"]["params"] = params
    return replayed(data)


def board(*entries, **kw):
    match, replay = play(*entries, **kw)
    return match.game.public_view(replay.state), replay



# --- DT-1 sides and pawns ---------------------------------------------------------------

def test_dt1_sides_are_yellow_and_red():
    data = dice_match()
    data["players"][1]["side"] = "blue"
    with pytest.raises(MatchFileError, match=r"players\[1\], field side: 'blue' is not a side"):
        matchfile.prepare(data, None)


def test_dt1_team_plus_reserve_is_18():
    view, _ = board(*setup_entries([2, 4, 6], [1, 1, 1]))
    assert view["team"] == {"bernd": 12, "anna": 3}
    assert view["reserve"] == {"bernd": 6, "anna": 15}
    assert all(view["team"][p] + view["reserve"][p] == 18 for p in view["team"])


def test_dt1_pawns_is_a_parameter():
    view, _ = board(*setup_entries([2, 4, 6], [1, 1, 1]), params={"pawns": 30})
    assert view["reserve"]["bernd"] == 18


def test_dt1_parameters_that_cannot_work_are_refused():
    with pytest.raises(MatchFileError, match="pawns"):
        play(params={"pawns": 10})


# --- DT-2 setup -------------------------------------------------------------------------

def test_dt2_seed_example_reroll_two_sixes():
    """Bernd rolls 2 6 6, re-rolls the two 6s together to 3 5: column 2 3 5, team 10."""
    view, replay = board(("roll", 2, 6, 6), ("bernd", {"reroll": [2, 3]}), ("roll", 3, 5))
    assert view["column"]["bernd"] == [2, 3, 5] and view["team"]["bernd"] == 10
    assert "Anna" in wording.awaiting(replay)  # red's setup roll is next


def test_dt2_setup_reroll_happens_once():
    _, replay = play(("roll", 2, 6, 6), ("bernd", {"reroll": [2]}), ("roll", 6), ("bernd", {"reroll": [2]}))
    assert flags(replay) == [(4, "chance-due")]  # red's setup roll is due, no second re-roll


def test_dt2_smaller_team_starts():
    _, replay = play(*setup_entries([6, 6, 5], [1, 2, 3]))
    assert "turn roll: 3 dice for Anna" in wording.awaiting(replay)
    due = replay.pending()
    assert (due.label, due.fields, due.dice) == ("turn-roll", {"player": "anna", "dice": 3}, 3)
    starts = replay.log[-1].events[-1]
    assert starts.kind == "starts" and starts.fields == {"player": "anna", "tie": False}
    assert wording.text(replay.game, starts) == "the smaller team starts: Anna (red) begins"


def test_dt2_equal_teams_yellow_starts():
    _, replay = play(*setup_entries([2, 3, 5], [3, 3, 4]))
    assert "for Bernd" in wording.awaiting(replay)


def test_dt2_tie_rule_is_a_parameter():
    _, replay = play(*setup_entries([2, 3, 5], [3, 3, 4]), params={"tie_starts": "red"})
    assert "for Anna" in wording.awaiting(replay)


def test_dt2_no_attack_during_setup():
    _, replay = play(("roll", 1, 2, 3), ("bernd", {"attack": True}))
    assert flags(replay) == [(2, "in-setup")]


def test_dt2_red_cannot_set_up_before_yellow():
    _, replay = play(("roll", 1, 2, 3), ("anna", {"reroll": []}))
    assert flags(replay) == [(2, "not-your-turn")]


# --- DT-3 re-rolls ----------------------------------------------------------------------

def turn(yellow, red, roll):
    """Both set up; the starter rolls `roll`."""
    return [*setup_entries(yellow, red), ("roll", *roll)]


def test_dt3_one_reroll_per_six_in_column():
    # bernd (team 12) > anna (3): anna starts; give anna the turn, then bernd rolls.
    entries = [*turn([2, 4, 6], [1, 1, 1], [1, 1, 1]), ("anna", {"attack": True}), ("roll", 1, 3, 5)]
    view, replay = board(*entries)
    assert view["rerolls_left"] == 1
    _, replay = play(*entries, ("bernd", {"reroll": [1, 2]}))
    assert flags(replay) == [(len(entries) + 1, "reroll-allowance")]


def test_dt3_two_sixes_same_die_twice():
    entries = [*turn([6, 6, 1], [1, 2, 2], [1, 1, 1]), ("anna", {"attack": True}), ("roll", 1, 1, 1),
               ("bernd", {"reroll": [1]}), ("roll", 2), ("bernd", {"reroll": [1]}), ("roll", 6)]
    view, replay = board(*entries)
    assert flags(replay) == [] and view["rolled"] == [6, 1, 1] and view["rerolls_left"] == 0


def test_dt3_two_sixes_together():
    entries = [*turn([6, 6, 1], [1, 2, 2], [1, 1, 1]), ("anna", {"attack": True}), ("roll", 1, 1, 1),
               ("bernd", {"reroll": [2, 3]}), ("roll", 5, 4)]
    view, replay = board(*entries)
    assert view["rolled"] == [1, 5, 4] and flags(replay) == []


def test_dt3_no_six_no_reroll():
    _, replay = play(*turn([1, 2, 3], [4, 4, 5], [1, 1, 1]), ("bernd", {"reroll": [1]}))
    assert flags(replay)[0][1] == "reroll-allowance"


def test_dt3_empty_reroll_in_a_turn_is_flagged():
    _, replay = play(*turn([1, 2, 3], [4, 4, 5], [1, 1, 1]), ("bernd", {"reroll": []}))
    assert flags(replay)[0][1] == "empty-reroll"


@pytest.mark.parametrize("positions", [[4], [1, 1]])
def test_dt3_bad_positions(positions):
    _, replay = play(*turn([6, 6, 6], [1, 1, 1], [1, 1, 1]), ("anna", {"attack": True}), ("roll", 1, 1, 1),
                     ("bernd", {"reroll": positions}))
    assert flags(replay)[0][1] == "reroll-position"


def test_dt3_position_zero_is_a_schema_violation():
    with pytest.raises(MatchFileError, match=r"entries\[7\] \(seq 8\), field move.reroll\[0\]"):
        play(*turn([6, 6, 6], [1, 1, 1], [1, 1, 1]), ("anna", {"attack": True}), ("roll", 1, 1, 1),
             ("bernd", {"reroll": [0]}))


def test_dt3_reroll_needs_its_dice_before_a_decision():
    entries = [*turn([6, 2, 1], [4, 4, 5], [1, 1, 1]), ("bernd", {"reroll": [1]}), ("bernd", {"attack": True})]
    _, replay = play(*entries)
    assert flags(replay)[-1][1] == "chance-due"


# --- DT-4 attack ------------------------------------------------------------------------

def test_dt4_largest_matching_not_first_fit():
    # Taking 5 for the 2 first would leave 3 unable to beat 4; the largest matching is 2.
    assert len(count_matches([5, 3], [2, 4])) == 2
    assert len(count_matches([6, 6, 6], [2, 3, 5])) == 3
    assert len(count_matches([1, 1, 1], [2, 4, 6])) == 0
    assert len(count_matches([4, 4, 4], [4, 5, 6])) == 1  # each column die once


def test_dt4_each_rolled_die_matches_one_column_die():
    # bernd's column 1 2 3 against his roll 3 3 1: 1≥1, 3≥2, 3≥3 — three pawns.
    view, _ = board(*turn([1, 2, 3], [5, 5, 6], [3, 3, 1]), ("bernd", {"attack": True}))
    assert view["team"]["anna"] == 16 - 3


def test_dt4_never_more_than_the_opposing_team():
    # anna's team 3; bernd's 6 6 6 against column 1 1 1 removes 3, not more, and wins.
    match, replay = play(*setup_entries([2, 4, 6], [1, 1, 1]), ("roll", 1, 1, 1), ("anna", {"attack": True}),
                         ("roll", 6, 6, 6), ("bernd", {"reroll": [1]}), ("roll", 6), ("bernd", {"attack": True}))
    assert match.game.public_view(replay.state)["team"]["anna"] == 0
    assert replay.outcome.winner == "bernd"


# --- DT-5 trade -------------------------------------------------------------------------

def test_dt5_seed_example_trade():
    """The seed's worked example: +2 pawns, then the 4 or the 5 removes one pawn."""
    entries = [*setup_entries([2, 4, 6], [1, 1, 1]), ("roll", 3, 3, 3), ("anna", {"attack": True}),
               ("roll", 1, 1, 1), ("bernd", {"attack": True}), ("roll", 2, 2, 2), ("anna", {"attack": True}),
               ("roll", 1, 1, 1), ("bernd", {"attack": True}), ("roll", 5, 5, 5), ("anna", {"attack": True}),
               ("roll", 1, 3, 5), ("bernd", {"reroll": [1]}), ("roll", 4),
               ("bernd", {"trade": {"rolled": 3, "column": 2}})]
    view, replay = board(*entries)
    assert view["team"] == {"bernd": 5, "anna": 2}
    assert view["column"]["bernd"] == [3, 4, 6]
    assert flags(replay) == []


def test_dt5_traded_die_is_excluded_from_attack():
    # bernd column 1 2 3 (team 6), anna 6 6 5 (17): bernd starts and rolls 1 6 6.
    # Trading the 6 for the 1: column 6 2 3; the other 1 and 6 attack 2 3 (not the new 6): one match.
    view, _ = board(*setup_entries([1, 2, 3], [6, 6, 5]), ("roll", 1, 6, 6),
                    ("bernd", {"trade": {"rolled": 6, "column": 1}}))
    assert view["team"]["bernd"] == 6 + 1 + 5
    assert view["team"]["anna"] == 17 - 1


def test_dt5_lower_die_loses_pawns():
    # bernd 5 5 5 (15) vs anna 6 6 4 (16): bernd starts; trade rolled 1 for column 5: 1 + (1-5) = -3.
    view, _ = board(*setup_entries([5, 5, 5], [6, 6, 4]), ("roll", 1, 1, 1),
                    ("bernd", {"trade": {"rolled": 1, "column": 5}}))
    assert view["team"]["bernd"] == 12 and view["column"]["bernd"] == [1, 5, 5]


def test_dt5_gains_limited_by_reserve():
    # bernd 6 5 5 (16) starts and misses; anna 6 6 5 (17) trades a rolled 6 for her 5:
    # +2 would make 19, capped at 18.
    entries = [*setup_entries([6, 5, 5], [6, 6, 5]), ("roll", 1, 1, 1), ("bernd", {"attack": True}),
               ("roll", 6, 1, 1), ("anna", {"trade": {"rolled": 6, "column": 5}})]
    view, replay = board(*entries)
    assert view["team"]["anna"] == 18 and view["reserve"]["anna"] == 0
    traded = replay.log[-1].events[0]
    assert traded.kind == "traded" and traded.fields["capped"] is True and traded.fields["after"] == 18
    assert "limited by the reserve" in wording.text(replay.game, traded)


@pytest.mark.parametrize("trade, code", [({"rolled": 4, "column": 1}, "trade-not-rolled"),
                                         ({"rolled": 1, "column": 4}, "trade-not-in-column"),
                                         ({"rolled": 1, "column": 1}, "trade-same-value")])
def test_dt5_bad_trades(trade, code):
    _, replay = play(*turn([1, 2, 3], [4, 4, 5], [1, 5, 6]), ("bernd", {"trade": trade}))
    assert flags(replay) == [(6, code)]


def test_dt5_trade_not_allowed_in_setup():
    _, replay = play(("roll", 1, 2, 3), ("bernd", {"trade": {"rolled": 1, "column": 2}}))
    assert flags(replay) == [(2, "in-setup")]


# --- DT-6 end ---------------------------------------------------------------------------

def test_dt6_trade_to_zero_ends_before_the_attack():
    # anna 1 1 6 (8) starts against bernd 6 6 6 (18); each side attacks twice, anna is at 2,
    # then she trades a rolled 1 for her 6: 1 + (1 - 6) = -4, her team is empty at once.
    entries = [*setup_entries([6, 6, 6], [1, 1, 6]), ("roll", 1, 1, 1), ("anna", {"attack": True}),
               ("roll", 6, 6, 6), ("bernd", {"attack": True}),      # anna 8 -> 5
               ("roll", 1, 1, 1), ("anna", {"attack": True}),
               ("roll", 6, 6, 6), ("bernd", {"attack": True}),      # anna 2
               ("roll", 6, 6, 1), ("anna", {"trade": {"rolled": 1, "column": 6}})]  # 1 + (1-6) = -4 -> 0
    view, replay = board(*entries)
    # bernd lost 2 + 2 to anna's 1 1 1 rolls; her remaining 6 6 would have taken 2 more.
    assert view["team"]["anna"] == 0 and view["team"]["bernd"] == 14
    assert replay.outcome.winner == "bernd" and replay.outcome.termination == "own-goal"
    assert replay.outcome.figures == {"player": "anna"}
    assert wording.result_reason(replay) == "Anna's trade emptied their own team"
    assert any("DT-6" in e.rulings for e in replay.log[-1].events)
    assert [e.kind for e in replay.log[-1].events] == ["traded", "team-empty"]  # no attack after it


def test_dt6_moves_after_the_end_are_flagged():
    entries = [*setup_entries([6, 6, 6], [1, 1, 6]), ("roll", 1, 1, 1), ("anna", {"attack": True}),
               ("roll", 6, 6, 6), ("bernd", {"attack": True}), ("roll", 1, 1, 1), ("anna", {"attack": True}),
               ("roll", 6, 6, 6), ("bernd", {"attack": True}), ("roll", 6, 6, 1),
               ("anna", {"trade": {"rolled": 1, "column": 6}}), ("roll", 1, 2, 3)]
    _, replay = play(*entries)
    assert flags(replay) == [(len(entries), "match-over")]


# --- DT-7 dice as chance entries --------------------------------------------------------

def test_dt7_rolls_are_chance_entries_with_the_due_count():
    _, replay = play(("roll", 1, 2))
    assert flags(replay) == [(1, "dice-count")]
    _, replay = play(("roll", 1, 2, 7))
    assert flags(replay) == [(1, "die-value")]


def test_dt7_move_before_roll_is_flagged():
    _, replay = play(("bernd", {"reroll": []}))
    assert flags(replay) == [(1, "chance-due")]


# --- Notation ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def game():
    match, _ = play()
    return match.game


@pytest.mark.parametrize("text, move", [
    ("keep", {"reroll": []}), ("keep all", {"reroll": []}), ("reroll 1 3", {"reroll": [1, 3]}),
    ("re-roll 1,3", {"reroll": [1, 3]}), ("R 2", {"reroll": [2]}), ("attack", {"attack": True}),
    ("trade 3 for 2", {"trade": {"rolled": 3, "column": 2}}), ("trade 3 2", {"trade": {"rolled": 3, "column": 2}}),
    ("trade 3>2", {"trade": {"rolled": 3, "column": 2}}), ("t 6 -> 1", {"trade": {"rolled": 6, "column": 1}}),
])
def test_notation_parses(game, text, move):
    assert game.parse_move(text) == move


@pytest.mark.parametrize("text", ["atack", "trade 3", "reroll x", "", "trade for 2", "reroll", "re-roll"])
def test_bad_notation_names_the_forms(game, text):
    with pytest.raises(NotationError, match="Write one of: keep"):
        game.parse_move(text)


@pytest.mark.parametrize("move", [{"reroll": []}, {"reroll": [1, 3]}, {"attack": True},
                                  {"trade": {"rolled": 3, "column": 2}}])
def test_canonical_form_round_trips(game, move):
    assert game.parse_move(game.format_move(move)) == move


# --- Legal moves and the board ----------------------------------------------------------

def test_every_listed_legal_move_is_accepted():
    entries = [*turn([6, 2, 1], [4, 4, 5], [1, 5, 6])]
    match, replay = play(*entries)
    listed = list(match.game.legal_moves(replay.state, "bernd"))
    assert {"attack": True} in [m for m, _ in listed]
    assert len(listed) == 3 + 1 + (3 * 3 - 2)  # one re-roll die (one 6): 3 single re-rolls; attack; 7 trades
    for move, _ in listed:
        data = dice_match(list(entries))
        add(data, ("bernd", move))
        again = session.replay_match(matchfile.prepare(data, None))
        assert not again.flags, move


def test_board_json_has_the_spec_keys():
    view, _ = board(*setup_entries([2, 4, 6], [1, 1, 1]))
    assert view["team"] == {"bernd": 12, "anna": 3}
    assert view["column"] == {"bernd": [2, 4, 6], "anna": [1, 1, 1]}


def test_board_shows_columns_teams_reserves_and_turn():
    match, replay = play(*turn([6, 2, 1], [4, 4, 5], [1, 5, 6]))
    blocks = match.game.board_blocks(match.game.public_view(replay.state))
    text = render(blocks, "text")
    assert "yellow" in text and "1 2 6" in text and "4 4 5" in text and "Rolled by Bernd: 1 5 6" in text
    assert "1 re-roll left" in text


WON = [*setup_entries([2, 4, 6], [1, 1, 1]), ("roll", 1, 1, 1), ("anna", {"attack": True}),
       ("roll", 6, 6, 6), ("bernd", {"reroll": [1]}), ("roll", 6), ("bernd", {"attack": True})]


def board_and_text(*entries):
    """The public view after `entries` and the board rendered from it as text."""
    match, replay = play(*entries)
    view = match.game.public_view(replay.state)
    return view, render(match.game.board_blocks(view), "text")


def test_board_of_a_match_won_by_the_rules_names_the_last_roller():
    """DT-6: Anna's team is empty, the match is over: nobody is to roll, and the last roll is Bernd's."""
    view, text = board_and_text(*WON)
    assert view["stage"] == "over" and view["actor"] is None and view["rolled_by"] == "bernd"
    assert "None" not in text and "Rolled by" not in text and "re-roll" not in text
    assert "Last roll, by Bernd: 6 6 6" in text


def test_board_of_a_match_ended_by_the_host_mid_turn_is_over():
    """G-4: a forfeit after Bernd's roll ends the match; the board no longer offers him re-rolls."""
    entries = [*turn([6, 2, 1], [4, 4, 5], [1, 5, 6]), ("host", {"action": "forfeit", "player": "anna"})]
    view, text = board_and_text(*entries)
    assert view["stage"] == "over" and view["actor"] is None
    assert "None" not in text and "re-roll" not in text and "Last roll, by Bernd: 1 5 6" in text


def test_replay_events_cite_rulings():
    match, replay = play(*turn([6, 2, 1], [4, 4, 5], [1, 5, 6]), ("bernd", {"attack": True}))
    cited = {r for log in replay.log for e in log.events for r in e.rulings}
    assert {"DT-1", "DT-2", "DT-3", "DT-4"} <= cited
    assert json.dumps(match.game.public_view(replay.state))


# --- A match stopped by the host (G-4) ------------------------------------------------------

@pytest.mark.parametrize("red, winner, termination, figures, reason", [
    ([1, 1, 1], "bernd", "larger-team", {"team": 12, "other": 3}, "larger team (12 to 3)"),
    ([4, 4, 4], None, "equal-teams", {"team": 12}, "equal teams (12 each)"),
])
def test_host_end_without_a_winner_scores_the_teams(red, winner, termination, figures, reason):
    _, replay = play(*setup_entries([2, 4, 6], red), ("host", {"action": "end"}))
    scored = replay.outcome.figures["scored"]
    assert replay.outcome.winner == winner
    assert (scored.termination, scored.figures) == (termination, figures)
    assert wording.result_reason(replay) == f"ended by the host (entry 5); by the rules: {reason}"


# --- Words: every code the game produces is worded, from plain data ------------------------------

ILLEGAL = [  # one entry list per refusal code of the game, from the tests above
    [("roll", 1, 2, 3), ("bernd", {"attack": True})],                                         # in-setup
    [*turn([6, 6, 6], [1, 1, 1], [1, 1, 1]), ("anna", {"attack": True}), ("roll", 1, 1, 1),
     ("bernd", {"reroll": [4]}), ("bernd", {"reroll": [1, 1]})],                               # reroll-position
    [*turn([1, 2, 3], [4, 4, 5], [1, 1, 1]), ("bernd", {"reroll": []}),                       # empty-reroll
     ("bernd", {"reroll": [1]})],                                                              # reroll-allowance
    [*turn([1, 2, 3], [4, 4, 5], [1, 5, 6]), ("bernd", {"trade": {"rolled": 4, "column": 1}}),
     ("bernd", {"trade": {"rolled": 1, "column": 4}}), ("bernd", {"trade": {"rolled": 1, "column": 1}})],
]


def plain(value):
    """Plain data: numbers, flags, ids and codes (strings without spaces), lists and dicts of them."""
    if value is None or isinstance(value, (bool, int)):
        return True
    if isinstance(value, str):
        return " " not in value
    if isinstance(value, (list, tuple)):
        return all(plain(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and plain(v) for k, v in value.items())
    return False


def test_every_event_refusal_ending_and_due_is_worded_from_plain_data():
    from adjudicator import simulate, wording
    from adjudicator.engine import Replay

    replays = [session.replay_match(matchfile.prepare(simulate.play("dice-tug-of-war", i, seed=7).data, None))
               for i in range(1, 7)]
    cases = [play(*entries)[1] for entries in ILLEGAL]
    cases += [play(*WON)[1], play(*setup_entries([2, 4, 6], [1, 1, 1]), ("host", {"action": "end"}))[1],
              play(*setup_entries([2, 4, 6], [4, 4, 4]), ("host", {"action": "end"}))[1],
              play(("roll", 2, 6, 6), ("bernd", {"reroll": [2, 3]}), ("roll", 3, 5))[1]]
    tables = cases[0].game   # the wording tables are the class's
    words, refusals, endings, dues = set(), set(), set(), set()
    for replay in replays + cases:
        # Step again, looking at what is due and the legal moves' previews before each entry.
        game = replay.game
        again = Replay(game)
        again.use_voids([log.entry for log in replay.log])
        for log in replay.log:
            due = again.pending()
            if due is not None and due.label in game.dues:
                assert plain(due.fields or {}), due
                assert wording.due_label(game, due), due
                dues.add(due.label)
            for player in game.player_ids:
                for move, effects in again.legal_moves(player):
                    for effect in effects:
                        assert plain(effect.fields), effect
                        words.add(effect.kind)
                    assert wording.preview(game, effects), move
            stepped = again.step(log.entry)
            for event in stepped.events:
                if event.kind in game.words:
                    assert plain(event.fields), event
                    assert event.rulings and all(r.startswith("DT-") for r in event.rulings), event
                    words.add(event.kind)
                assert "said" not in event.fields
                assert wording.text(game, event)
            if stepped.flag and stepped.flag.code in game.refusals:
                assert plain(stepped.flag.refused.fields), stepped.flag
                refusals.add(stepped.flag.code)
                assert wording.flag_message(stepped.flag)
        outcome = again.outcome
        if outcome is None:
            continue
        for decided in (outcome, outcome.figures.get("scored")):
            if decided is not None and decided.termination in game.endings:
                assert plain(decided.figures), decided
                assert wording.reason(game, decided)
                endings.add(decided.termination)
        assert wording.result_reason(again) == wording.result_reason(replay)
    assert words == set(tables.words)
    assert refusals == set(tables.refusals)
    assert endings == set(tables.endings)
    assert dues == set(tables.dues)
