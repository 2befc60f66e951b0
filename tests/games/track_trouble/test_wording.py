"""Track Trouble's rules core reports data; its words live in track_trouble/words.py.

Every event kind, refusal code, termination and due label the game produces — in simulated
matches with and without items, and in the situations of this file — has words, every one of
the game's wording entries is met (no dead words), and no event field holds a sentence."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from adjudicator import matchfile, session, simulate, wording
from adjudicator.game import Event, Illegal, Outcome
from adjudicator.games.track_trouble import words as tt_words
from helpers.matches import flags, replayed
from helpers.track_trouble import HV, PLAIN, R1, add, empty_round, nine_rounds, tt_match

ITEMS = ["hidden-value", "extra-miner", "remote-switch"]
TRAIN_R1 = dict(copy.deepcopy(R1), train=True)


def plain(value: Any) -> bool:
    """Plain data: numbers, ids, names and codes (a string of at most three words), and
    containers of them; the engine's own records (a due) count as data too."""
    if isinstance(value, str):
        return len(value.split()) <= 3
    if isinstance(value, (int, float, bool, type(None))):
        return True
    if isinstance(value, dict):
        return all(plain(k) and plain(v) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return all(plain(v) for v in value)
    return hasattr(value, "__dataclass_fields__")


# Situations that between them meet every event, refusal and ending of the game.
SITUATIONS: list[tuple[list[tuple[str, Any]], dict[str, Any]]] = [
    # Hidden Value, departures to it, its reveal and the points it withheld; Extra Miner; Remote Switch
    ([("sally", HV), ("sally", "r1 c1: extra-miner, 8 T2, 1 T1, remote purple"), ("maddie", "r1 c1: 1 T2"),
      ("sally", "r1 c2: nothing"), ("maddie", "r1 c2: nothing")], {"sally": ITEMS}),
    # an overfilled track and a train that stays; a deadline with a missing submission, the train leaves empty
    ([("sally", "r1 c1: 1 T1, 2 T1, 3 train"), ("maddie", "r1 c1: 1 T1, 3 train"), ("sally", "r1 c2: 1 T3"),
      ("host", {"action": "deadline"})], {"layouts": [TRAIN_R1] + [copy.deepcopy(PLAIN) for _ in range(8)]}),
    # all of maddie's miners cross; sally's Extra Miner is her only failure, so nobody is benched
    ([("sally", "r1 c1: extra-miner, 1 T1, 2 T1, 3 T2, 4 T2, 5 T2, 6 T3"), ("maddie", "r1 c1: nothing"),
      ("sally", "r1 c2: 7 train, 8 switch purple"),
      ("maddie", "r1 c2: 1 train, 2 train, 3 train, 4 train, 5 train, 6 train, 7 train")],
     {"sally": ITEMS, "layouts": [TRAIN_R1] + [copy.deepcopy(PLAIN) for _ in range(8)]}),
    # the last round decides; then a tie that adds tie-break rounds, decided in round 10
    (nine_rounds([("sally", "r1 c1: 1 T1"), ("maddie", "r1 c1: nothing"), ("sally", "r1 c2: nothing"),
                  ("maddie", "r1 c2: nothing")]), {}),
    (nine_rounds(empty_round(1)) + [("sally", "r10 c1: nothing"), ("maddie", "r10 c1: nothing"),
                                    ("sally", "r10 c2: 1 T1"), ("maddie", "r10 c2: nothing")], {}),
    # a host's end without a winner: by the totals so far, or equal totals
    ([("sally", "r1 c1: 1 T1"), ("maddie", "r1 c1: nothing"), ("host", {"action": "end"})], {}),
    ([("host", {"action": "end"})], {}),
    # refusals the move schema lets through
    ([("sally", "r2 c1: 1 T1"), ("sally", "r1 c2: 1 T1"), ("sally", "r1 c1: remote pink"),
      ("sally", "r1 c1: 1 switch pink"), ("sally", "r1 c1: 8 T1"), ("sally", "r1 c1: 9 T1"),
      ("sally", "r1 c1: 1 T1, 1 T2"), ("sally", "r1 c1: 1 switch green"), ("sally", "r1 c1: 1 T9"),
      ("sally", "r1 c1: 1 train"),
      ("sally", {"round": 1, "items": [{"use": "hidden-value", "destination": "N7", "value": 2}]}),
      ("sally", {"round": 1, "items": [{"use": "hidden-value", "destination": "N2", "value": 6}]}),
      ("sally", HV), ("maddie", dict(HV, items=[dict(HV["items"][0], value=3)])),
      ("sally", "r1 c1: 1 T3"), ("maddie", "r1 c1: nothing"),
      ("sally", "r1 c2: 2 T3"), ("sally", "r1 c2: 1 T1"), ("sally", "r1 c2: 1 switch purple"),
      ("sally", "r1 c2: extra-miner"), ("maddie", dict(HV, items=[dict(HV["items"][0], destination="N3")])),
      ("sally", "r1 c2: nothing"), ("maddie", "r1 c2: nothing"),
      ("sally", "r2 c1: 2 T1"), ("sally", "r2 c1: 1 train"), ("maddie", "r2 c1: nothing"), ("sally", "r2 c2: 7 train")],
     {"sally": ITEMS, "maddie": ["hidden-value"], "layouts": [copy.deepcopy(R1)] + [copy.deepcopy(PLAIN)] * 8}),
]


def direct_refusals(game: Any, state: Any) -> list[Illegal]:
    """Refusals the move schema never lets reach the game, asked of `check_move` directly."""
    refused = []
    moves = [{"round": 1, "crossing": 1, "actions": [], "items": [{"use": "hidden-value", "destination": "N2",
                                                                   "value": 2}]},
             {"round": 1, "crossing": 1, "actions": [], "items": [{"use": "extra-miner"}, {"use": "extra-miner"}]},
             {"round": 1, "crossing": 1, "actions": [], "items": [{"use": "extra-miner"}]}]
    extra = copy.deepcopy(state)
    extra.extra["sally"] = True        # Extra Miner already in play in crossing 1: only by direct call
    for move, where in zip(moves, (state, state, extra)):
        with pytest.raises(Illegal) as caught:
            game.check_move(where, "sally", move)
        refused.append(caught.value)
    return refused


def simulated() -> list[dict[str, Any]]:
    return [simulate.play("track-trouble", index, seed=5, items=ITEMS if index % 2 else (), max_entries=400).data
            for index in range(1, 4)]


def test_everything_track_trouble_produces_has_words_and_events_carry_no_sentences():
    kinds: set[str] = set()
    codes: set[str] = set()
    endings: set[str] = set()
    dues: set[str] = set()
    datas = [tt_match(entries, **kw) for entries, kw in SITUATIONS] + simulated()
    first_state = None
    for data in datas:
        match = matchfile.prepare(data, None)
        game = match.game
        replay = session.new_replay(match)
        replay.use_voids(match.entries)
        for entry in match.entries:
            due = replay.pending()
            if due is not None:
                dues.add(due.label)
                assert wording.due_label(game, due).startswith("round ")
            for player in replay.to_act():
                for _move, effects in replay.legal_moves(player):
                    for effect in effects:
                        assert plain(effect.fields), effect
                        kinds.add(effect.kind)
                    assert wording.preview(game, effects)
            log = replay.step(entry)
            for event in [*log.events, *log.sealed_events]:
                assert isinstance(event, Event) and event.kind != "said", event
                assert plain(event.fields), event
                kinds.add(event.kind)
                assert wording.text(replay.game, event)
            if log.flag:
                codes.add(log.flag.code)
                assert wording.flag_message(log.flag) and "said" not in log.flag.refused.fields
        if first_state is None:
            first_state = (game, session.new_replay(match).state)
        if replay.outcome is not None:
            endings.add(replay.outcome.termination)
            scored = replay.outcome.figures.get("scored")
            if isinstance(scored, Outcome):
                endings.add(scored.termination)
            assert wording.result_reason(replay)
    game, state = first_state
    for refused in direct_refusals(game, state):
        codes.add(refused.code)
        assert wording.refusal(game, refused)
    assert len(kinds) > 30 and len(codes) >= 20 and len(endings) >= 4 and dues == {"crossing"}   # it checked something
    for kind in kinds:
        assert kind in tt_words.WORDS or kind in wording.ENGINE_WORDS, f"no words for event '{kind}'"
    for code in codes:
        assert code in tt_words.REFUSALS or code in wording.ENGINE_REFUSALS, f"no words for refusal '{code}'"
    for code in endings:
        assert code in tt_words.ENDINGS or code in wording.ENGINE_ENDINGS, f"no words for ending '{code}'"
    # and no dead words: every entry of the game's tables is met
    assert set(tt_words.WORDS) <= kinds, set(tt_words.WORDS) - kinds
    assert set(tt_words.REFUSALS) <= codes, set(tt_words.REFUSALS) - codes
    assert set(tt_words.ENDINGS) <= endings, set(tt_words.ENDINGS) - endings
    assert set(tt_words.DUES) == dues


def test_the_refusal_situations_flag_what_they_mean_to():
    """The refusal situation above meets each code where it means to (so the test above is honest)."""
    entries, kw = SITUATIONS[-1]
    _, replay = replayed(tt_match(entries, **kw))
    assert [code for _, code in flags(replay)] == [
        "wrong-round", "wrong-crossing", "unknown-switch", "unknown-switch", "no-extra-miner", "no-such-miner",
        "duplicate-miner", "switch-out-of-reach", "unknown-track", "no-train", "unknown-destination",
        "hidden-value-range", "destination-hidden", "no-minecarts", "already-crossed", "switch-out-of-reach",
        "extra-miner-crossing", "hidden-value-late", "miner-benched", "train-gone"]
    messages = [wording.flag_message(f) for f in replay.flags]
    assert messages[2] == "Remote Switch names 'pink', which is not a switch of round 1 (purple, green)"
    assert messages[3] == "there is no switch 'pink' in round 1 (purple, green)"
    assert messages[15] == ("miner 1 has crossed this round, so it may only activate a north-side switch; "
                            "'purple' is on the south side")
    assert messages[-2] == ("miner 2 is benched in crossing 1 of round 2: Sally's benched miners are 2, 3, 4, 5, 6, "
                            "7 (highest numbers first, one per miner who failed to cross last round)")


@pytest.mark.parametrize("entries, reason", [
    ([("sally", "r1 c1: 1 T1"), ("maddie", "r1 c1: nothing"), ("host", {"action": "end"})],
     "ended by the host (entry 3); by the rules: more points in round 1: Sally 2, Maddie 0"),
    ([("host", {"action": "end"})], "ended by the host (entry 1); by the rules: equal totals (0 each) in round 1"),
])
def test_a_host_end_is_worded_from_the_totals(entries, reason):
    _, replay = replayed(tt_match(entries))
    assert wording.result_reason(replay) == reason
    assert replay.outcome.figures["scored"].figures["round"] == 1


def test_terminations_are_codes_with_the_figures_that_decided():
    first = [("sally", "r1 c1: 1 T1"), ("maddie", "r1 c1: nothing"), ("sally", "r1 c2: nothing"),
             ("maddie", "r1 c2: nothing")]
    _, replay = replayed(tt_match(nine_rounds(first)))
    assert replay.outcome == Outcome("sally", "more-points")
    assert replay.outcome.figures == {"round": 9, "points": {"sally": 2, "maddie": 0}}
    assert wording.result_reason(replay) == "more points after round 9: Sally 2, Maddie 0"
    data = tt_match(nine_rounds(empty_round(1)))
    for entry in [("sally", "r10 c1: nothing"), ("maddie", "r10 c1: nothing"), ("sally", "r10 c2: 1 T1"),
                  ("maddie", "r10 c2: nothing")]:
        add(data, entry)
    _, replay = replayed(data)
    assert replay.outcome.termination == "more-points-tiebreak"
    assert wording.result_reason(replay) == "more points after round 10: Sally 3, Maddie 0"
