"""The engine's shared mechanics, proven on a toy sealed-bid game (tests/helpers/toygame.py)."""

from __future__ import annotations

import json

import pytest

from adjudicator import wording
from adjudicator.clock import parse_time
from adjudicator.game import ChanceDue, Phase, Player, SideMove
from adjudicator.engine import Replay
from adjudicator.views import entry_view, flag_view
from helpers.toygame import SealedBid, toy_ruleset


def make(items_a=(), items_b=(), on_expiry="skip"):
    game = SealedBid(toy_ruleset(), [Player("ann", "Ann", "north", tuple(items_a)),
                                     Player("bob", "Bob", "south", tuple(items_b))])
    game.params = dict(game.params, time_control={"on_expiry": on_expiry})
    return Replay(game)


class Log:
    """Feeds numbered entries to a replay."""

    def __init__(self, replay: Replay) -> None:
        self.replay, self.seq = replay, 0

    def __call__(self, **entry):
        self.seq += 1
        kind = "move" if "move" in entry else "chance" if "chance" in entry else "host"
        return self.replay.step({"seq": self.seq, "type": kind, **entry})


def dealt(**kw):
    replay = make(**kw)
    log = Log(replay)
    log(chance={"dice": [2, 4]})
    return replay, log


def public(replay: Replay) -> str:
    """Everything public about the match, as one string (board, flags, entries)."""
    game = replay.game
    return json.dumps([game.public_view(replay.state), replay.to_act(), wording.awaiting(replay), replay.submitted(),
                       [entry_view(l) for l in replay.log], [flag_view(l, None) for l in replay.log if l.flag]],
                      sort_keys=True)


def test_chance_is_due_before_any_move_g2():
    replay = make()
    log = Log(replay)
    assert isinstance(replay.pending(), ChanceDue)
    entry = log(player="ann", move={"bid": 1})
    assert entry.flag.code == "chance-due"


def test_chance_entry_when_none_is_due_is_flagged():
    replay, log = dealt()
    assert log(chance={"dice": [1, 1]}).flag.code == "chance-not-due"


def test_wrong_dice_count_and_face_are_flagged_dt7():
    replay = make()
    log = Log(replay)
    assert log(chance={"dice": [1]}).flag.code == "dice-count"
    assert log(chance={"dice": [1, 9]}).flag.code == "die-value"
    assert log(chance={"pick": "ann"}).flag.code == "chance-kind"
    assert not log(chance={"dice": [1, 2]}).flag


def test_phase_resolves_when_both_have_submitted_g2():
    replay, log = dealt()
    log(player="ann", move={"bid": 3})
    assert replay.to_act() == ["bob"] and replay.submitted() == {"ann": True, "bob": False}
    log(player="bob", move={"bid": 1})
    assert replay.state.points == {"ann": 1, "bob": 0}
    assert replay.state.round == 2 and replay.sealed == {}


def test_empty_submission_is_a_submission_g2():
    replay, log = dealt()
    log(player="ann", move={"bid": 0})
    log(player="bob", move={"bid": 0})
    assert replay.state.round == 2


def test_resubmission_replaces_until_resolution_g3():
    replay, log = dealt()
    first = log(player="ann", move={"bid": 1})
    second = log(player="ann", move={"bid": 5})
    assert "replacing" in wording.text(replay.game, second.events[0]) and second.events[0].rulings == ("G-3",)
    log(player="bob", move={"bid": 3})
    assert replay.state.history[-1] == {"ann": 5, "bob": 3}
    assert not first.sealed and not second.sealed


def test_deadline_closes_phase_missing_player_does_nothing_g2():
    replay, log = dealt()
    log(player="bob", move={"bid": 2})
    entry = log(host={"action": "deadline"})
    assert any("Ann did not submit" in wording.text(replay.game, e) for e in entry.events)
    assert replay.state.history[-1] == {"ann": 0, "bob": 2}
    assert replay.state.round == 2


def test_deadline_without_open_phase_changes_nothing_g4():
    replay = make()
    log = Log(replay)
    entry = log(host={"action": "deadline"})
    assert entry.flag is None and "changes nothing" in wording.text(replay.game, entry.events[0])
    assert isinstance(replay.pending(), ChanceDue)


def test_illegal_entry_changes_nothing_and_same_player_still_acts_g1():
    replay, log = dealt()
    before = json.dumps(replay.game.public_view(replay.state))
    entry = log(player="ann", move={"bid": 9})
    assert entry.flag.code == "bid-range" and entry.flag.rulings == ("TOY-1",)
    assert json.dumps(replay.game.public_view(replay.state)) == before
    assert "ann" in replay.to_act() and replay.sealed == {}


def test_sealed_submission_never_in_public_output():
    """Public output is identical whatever the sealed bid is; only submitted yes/no shows."""
    views = []
    for bid in (0, 3, 5):
        replay, log = dealt()
        log(player="ann", move={"bid": bid})
        views.append(public(replay))
    assert views[0] == views[1] == views[2]
    assert '"ann": true' in views[0]


def test_sealed_illegal_submission_reason_hidden_until_resolution():
    replay, log = dealt()
    bad = log(player="ann", move={"bid": 9})
    assert flag_view(bad, None)["code"] == "sealed" and "9" not in json.dumps(flag_view(bad, None))
    assert flag_view(bad, "ann")["code"] == "bid-range"  # the submitter sees why
    log(player="ann", move={"bid": 2})
    log(player="bob", move={"bid": 1})
    assert flag_view(bad, None)["code"] == "bid-range"  # revealed after the phase resolved


def test_private_view_shows_only_own_secret():
    replay, _ = dealt()
    assert replay.game.private_view(replay.state, "ann") == {"secret": 2, "boost": 0}
    assert "secret" not in json.dumps(replay.game.public_view(replay.state))


def test_item_used_once_per_match_g5():
    replay, log = dealt(items_a=("double",))
    assert not log(player="ann", move={"bid": 2, "item": {"use": "double"}}).flag
    log(player="bob", move={"bid": 3})
    assert replay.state.history[-1]["ann"] == 4
    again = log(player="ann", move={"bid": 2, "item": {"use": "double"}})
    assert again.flag.code == "item-used" and again.flag.rulings == ("G-5",)


def test_item_not_held_and_unknown_item_g5():
    replay, log = dealt()
    assert log(player="bob", move={"bid": 2, "item": {"use": "double"}}).flag.code == "item-not-held"
    assert log(player="bob", move={"bid": 2, "item": {"use": "teleport"}}).flag.code == "unknown-item"


def test_item_in_replaced_submission_is_not_spent_g3_g5():
    replay, log = dealt(items_a=("double",))
    log(player="ann", move={"bid": 2, "item": {"use": "double"}})
    log(player="ann", move={"bid": 2})
    log(player="bob", move={"bid": 0})
    assert replay.items_left["ann"]["double"] == 1


def test_timeout_skip_counts_as_empty_submission_g7():
    replay, log = dealt(on_expiry="skip")
    log(player="ann", move={"bid": 4})
    entry = log(host={"action": "timeout", "player": "bob"})
    assert replay.state.history[-1] == {"ann": 4, "bob": 0}
    assert any("empty submission" in wording.text(replay.game, e) for e in entry.events)


def test_timeout_lose_ends_match_g7():
    replay, log = dealt(on_expiry="lose")
    log(host={"action": "timeout", "player": "bob"})
    assert replay.outcome.winner == "ann" and "ran out of time" in wording.result_reason(replay)


def test_forfeit_draw_and_end_g4():
    replay, log = dealt()
    log(host={"action": "forfeit", "player": "ann"})
    assert replay.outcome.winner == "bob"
    replay, log = dealt()
    log(host={"action": "draw"})
    assert replay.outcome.winner is None and "drawn" in wording.result_reason(replay)
    replay, log = dealt()
    log(host={"action": "end", "winner": "ann", "reason": "bob left"})
    assert replay.outcome.winner == "ann" and wording.result_reason(replay) == "bob left"


def test_end_without_winner_scores_by_the_game_g4():
    replay, log = dealt()
    log(player="ann", move={"bid": 3})
    log(player="bob", move={"bid": 1})
    log(host={"action": "end"})
    assert replay.outcome.winner == "ann" and "more points" in wording.result_reason(replay)


def test_any_entry_after_the_end_is_flagged_g4():
    replay, log = dealt()
    log(host={"action": "draw"})
    assert log(host={"action": "draw"}).flag.code == "match-over"
    assert log(player="ann", move={"bid": 1}).flag.code == "match-over"


def test_end_mid_phase_reveals_sealed_entries():
    replay, log = dealt()
    sealed = log(player="ann", move={"bid": 4})
    assert sealed.sealed
    log(host={"action": "end"})
    assert not sealed.sealed


def test_player_outside_phase_is_flagged():
    replay, log = dealt()
    assert isinstance(replay.pending(), Phase)
    log(player="ann", move={"bid": 1})
    log(player="bob", move={"bid": 1})
    assert replay.state.round == 2


@pytest.mark.parametrize("target", [1, 2])
def test_game_outcome_stops_play(target):
    replay, log = dealt()
    replay.game.params = dict(replay.game.params, target=target)
    for _ in range(target):
        log(player="ann", move={"bid": 5})
        log(player="bob", move={"bid": 0})
    assert replay.outcome and replay.outcome.winner == "ann"
    assert replay.pending() is None and replay.to_act() == []


def test_random_pick_is_checked_against_its_options_g6():
    from adjudicator.game import Illegal
    from adjudicator.engine import check_chance

    from adjudicator.wording import refusal

    game = make().game
    due = ChanceDue("opening-pick", pick=("ann", "bob"))
    check_chance(due, {"pick": "bob"})
    with pytest.raises(Illegal) as caught:
        check_chance(due, {"pick": "zed"})
    assert caught.value.code == "pick-value" and caught.value.fields["pick"] == "zed"
    assert refusal(game, caught.value) == "the draw for who starts: 'zed' is not one of ann, bob"
    assert caught.value.rulings == ("G-6",)
    with pytest.raises(Illegal) as caught:
        check_chance(due, {"dice": [1]})
    assert refusal(game, caught.value) == "the draw for who starts: a pick is due, not dice"


def test_generic_chance_errors_cite_the_games_own_ruling_not_a_dice_ruling():
    """The engine's chance errors cite G-2 and the game's `chance_rulings` (the toy's TOY-3),
    never the dice game's DT-7."""
    replay, log = dealt()
    flagged = log(type="chance", chance={"dice": [1, 1]})
    assert flagged.flag.code == "chance-not-due" and flagged.flag.rulings == ("G-2", "TOY-3")


BOOST = {"boost": 2, "item": {"use": "boost"}}


def test_side_move_acts_at_once_and_stays_private():
    replay, log = dealt(items_a=("boost",))
    entry = log(player="ann", move=BOOST)
    assert entry.flag is None and entry.sealed and replay.state.boost == {"ann": 2}
    assert replay.sealed == {} and replay.to_act() == ["ann", "bob"]  # not a submission
    assert entry_view(entry)["summary"] == "private declaration"   # not a submission
    assert entry_view(entry, "ann")["summary"] == "boost 2"
    assert replay.items_left["ann"]["boost"] == 0


def test_legal_moves_leave_out_an_item_used_up_g5():
    """The engine alone counts item uses (G-5): once Boost is spent, the game may still list it,
    but `Replay.legal_moves` does not, and the views see the count."""
    replay, log = dealt(items_a=("boost",))
    assert any("item" in move for move, _ in replay.legal_moves("ann"))
    log(player="ann", move=BOOST)
    log(player="ann", move={"bid": 1})
    log(player="bob", move={"bid": 1})
    assert not any("item" in move for move, _ in replay.legal_moves("ann"))
    assert any("item" in move for move, _ in replay.game.legal_moves(replay.state, "ann"))
    assert replay.items().used == {"ann": ["boost"], "bob": []}


def test_side_move_public_output_is_the_same_whatever_was_declared():
    views = []
    for amount in (1, 4):
        replay, log = dealt(items_a=("boost",))
        log(player="ann", move={"boost": amount, "item": {"use": "boost"}})
        views.append(public(replay))
    assert views[0] == views[1]


def test_side_move_revealed_after_its_phases():
    replay, log = dealt(items_a=("boost",))
    entry = log(player="ann", move=BOOST)
    log(player="ann", move={"bid": 1})
    log(player="bob", move={"bid": 2})
    assert entry.sealed and replay.state.history[-1] == {"ann": 3, "bob": 2}
    log(player="ann", move={"bid": 0})
    log(player="bob", move={"bid": 0})
    assert not entry.sealed and entry_view(entry)["summary"] == "boost 2"


def test_side_move_after_a_submission_is_too_late():
    replay, log = dealt(items_a=("boost",))
    log(player="bob", move={"bid": 1})
    entry = log(player="ann", move=BOOST)
    assert entry.flag.code == "too-late" and entry.flag.rulings == ("TOY-2",)
    assert replay.state.boost == {} and replay.items_left["ann"]["boost"] == 1


def test_side_move_still_needs_the_item_g5():
    replay, log = dealt()
    assert log(player="ann", move=BOOST).flag.code == "item-not-held"


def test_match_end_reveals_side_moves():
    replay, log = dealt(items_a=("boost",))
    entry = log(player="ann", move=BOOST)
    log(host={"action": "draw"})
    assert not entry.sealed


def test_legal_moves_leave_out_side_moves_once_anyone_has_submitted():
    replay, log = dealt(items_a=("boost",))
    assert {"boost": 1, "item": {"use": "boost"}} in [m for m, _ in replay.legal_moves("ann")]
    log(player="bob", move={"bid": 1})
    listed = [m for m, _ in replay.legal_moves("ann")]
    assert listed and all("boost" not in m for m in listed)
    assert list(replay.legal_moves("bob")) == []  # bob has submitted: nothing is due from him


# --- A side move's own time (SideMove.kind; Track Trouble's Hidden Value, TT-9) ------------

class TimedBoost(SealedBid):
    """Boost with its own time kind, `boost`, and allowed after submissions (to see that an
    item's restart of the phase's time does not move its start)."""

    def side_move(self, s, player, move):
        if "boost" not in move:
            return None
        return SideMove(reveal_after_phases=2, before_submissions=False, rulings=("TOY-2",), kind="boost",
                        time_rulings=("TOY-9",))


def timed_boost(turn_seconds=60, boost_seconds=30, restarts=False):
    ruleset = toy_ruleset()
    if restarts:
        ruleset.data["items"]["double"].update(announced_on_submission=True, restarts_phase_clock=True)
    game = TimedBoost(ruleset, [Player("ann", "Ann", "north", ("boost",)), Player("bob", "Bob", "south", ("double",))],
                      {"started": "2026-11-21T20:00:00Z"})
    game.params = dict(game.params, time_control={"turn_seconds": turn_seconds, "on_expiry": "skip",
                                                  "kind_seconds": {"boost": boost_seconds}})
    replay = Replay(game)
    log = Log(replay)
    log(chance={"dice": [2, 4]}, at="2026-11-21T20:00:00Z")
    return replay, log


def sec(n: int) -> str:
    return f"2026-11-21T20:{n // 60:02d}:{n % 60:02d}Z"


@pytest.mark.parametrize("seconds, late", [(30, False), (31, True)])
def test_side_move_with_a_time_kind_is_timed_from_the_phase_start_tt9(seconds, late):
    replay, log = timed_boost()
    entry = log(player="ann", move=BOOST, at=sec(seconds))
    if not late:
        assert entry.flag is None and replay.state.boost == {"ann": 2}
        return
    assert entry.flag.code == "late" and entry.flag.rulings == ("G-7", "TOY-9")
    assert replay.state.boost == {} and replay.items_left["ann"]["boost"] == 1 and replay.items_used["ann"] == []
    assert entry.sealed and entry_view(entry)["summary"] == "sealed submission"
    assert flag_view(entry, None)["code"] == "sealed"
    assert "Boost came at 2026-11-21T20:00:31Z, 31 s after round 1 began (2026-11-21T20:00:00Z)" in wording.flag_message(entry.flag)
    assert "ran out at 2026-11-21T20:00:30Z" in wording.flag_message(entry.flag) and "Boost is not spent" in wording.flag_message(entry.flag)


def test_a_late_side_move_stays_private_as_long_as_an_accepted_one_tt9():
    """Its reason and content show when an accepted one's would: after `reveal_after_phases`."""
    replay, log = timed_boost()
    entry = log(player="ann", move=BOOST, at=sec(40))
    log(player="ann", move={"bid": 1}, at=sec(41))
    log(player="bob", move={"bid": 1}, at=sec(42))
    assert entry.sealed and flag_view(entry, None)["code"] == "sealed"
    assert flag_view(entry, "ann")["code"] == "late"           # its player sees why
    log(player="ann", move={"bid": 1}, at=sec(43))
    log(player="bob", move={"bid": 1}, at=sec(44))
    assert not entry.sealed and flag_view(entry, None)["code"] == "late"


def test_late_side_moves_look_alike_whatever_was_declared_tt9():
    seen = []
    for amount in (1, 4):
        replay, log = timed_boost()
        log(player="ann", move={"boost": amount, "item": {"use": "boost"}}, at=sec(40))
        log(player="ann", move={"bid": 1}, at=sec(41))
        seen.append(public(replay))
    assert seen[0] == seen[1]


def test_a_side_moves_time_is_not_restarted_by_an_item_tt9():
    """bob's announced Double restarts the phase's time at 20 s (TT-7); ann's Boost still has
    30 s from the phase's start, so at 35 s it is late, while her bid at 75 s is in time."""
    replay, log = timed_boost(restarts=True)
    log(player="bob", move={"bid": 1, "item": {"use": "double"}}, at=sec(20))
    assert replay.clock.turn_started == parse_time(sec(20)) and replay.phase_started() == parse_time(sec(0))
    assert log(player="ann", move=BOOST, at=sec(35)).flag.code == "late"
    assert log(player="ann", move={"bid": 1}, at=sec(75)).flag is None
    assert replay.phase_started() == replay.clock.turn_started == parse_time(sec(75))   # the next phase: afresh


@pytest.mark.parametrize("turn_seconds, at", [(None, sec(500)), (60, None)])
def test_a_side_move_is_untimed_where_its_phase_is_tt9(turn_seconds, at):
    replay, log = timed_boost(turn_seconds=turn_seconds)
    entry = log(player="ann", move=BOOST, **({"at": at} if at else {}))
    assert entry.flag is None and replay.state.boost == {"ann": 2}


def test_a_side_move_without_a_time_kind_is_never_timed():
    """The toy's own Boost names no kind: in a timed match it is accepted however late."""
    game = SealedBid(toy_ruleset(), [Player("ann", "Ann", "north", ("boost",)), Player("bob", "Bob", "south")],
                     {"started": sec(0)})
    game.params = dict(game.params, time_control={"turn_seconds": 60, "on_expiry": "skip",
                                                  "kind_seconds": {"boost": 30}})
    replay = Replay(game)
    log = Log(replay)
    log(chance={"dice": [2, 4]}, at=sec(0))
    assert log(player="ann", move=BOOST, at=sec(500)).flag is None and replay.state.boost == {"ann": 2}


def test_run_is_the_replay_loop_over_a_list_or_a_one_pass_stream():
    """Replay.run steps every entry once, its voids known first (G-4), telling `each`; a
    one-pass iterator of entries replays the same as the list when the voids are given."""
    from adjudicator import matchfile
    from helpers import REPO

    match = matchfile.load(REPO / "matches" / "dice-flagged.json")
    entries = match.entries
    whole = Replay(match.game).run(entries)
    told = []
    streamed = Replay(match.game).run(iter(entries), voids=entries, each=lambda entry, log: told.append(log.seq))
    assert told == [entry["seq"] for entry in entries] and told
    assert streamed.state == whole.state and streamed.outcome == whole.outcome
    assert [f.seq for f in streamed.flags] == [f.seq for f in whole.flags]


def test_public_entries_share_one_empty_sealed_list_that_nothing_fills():
    """Every entry public from the start shares engine.NO_EVENTS as its sealed events (one
    list for all): it must be that list, and after every example is replayed and
    each entry viewed by every viewer, still empty (no reader or replay changes it in place)."""
    from adjudicator import matchfile, session
    from adjudicator.engine import NO_EVENTS, PUBLIC
    from helpers import REPO

    shared = 0
    for path in sorted((REPO / "matches").glob("*.json")):
        match = matchfile.load(path)
        replay = session.replay_match(match)
        for log in replay.log:
            for viewer in (None, *match.game.player_ids):
                entry_view(log, viewer)
            if log.type == "move" and log.seal is PUBLIC and not log.flag and log.voided_by is None \
                    and not log.expired:
                assert log.sealed_events is NO_EVENTS
                shared += 1
    assert shared > 0
    assert NO_EVENTS == []
