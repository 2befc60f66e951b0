"""What a match's start remembers from one match to the next (match start): per
ruleset, the engine's RulesFacts (clock settings, items), Winning Streak's squad, the ruleset
search folders. None of it may carry anything from one match into the next: each match,
replayed after others of its ruleset, ends exactly as it does replayed alone in a fresh start."""

from __future__ import annotations

import json
from typing import Any

import pytest

from adjudicator import engine, matchfile, rulesets, simulate
from adjudicator.engine import Replay
from adjudicator.games.winning_streak.rules import squad_of
from adjudicator.views import replay_match
from adjudicator.wording import result_reason

RULESETS = ["arrowbic", "dice-tug-of-war", "track-trouble", "tug-of-war-v1", "tug-of-war-v2", "winning-streak"]


def forget_starts() -> None:
    """Every cache of a match's start emptied: the next match starts as in a fresh process."""
    engine._FACTS.clear()
    squad_of.cache_clear()
    rulesets._FOLDERS.clear()


def what_happened(replay: Replay) -> tuple[Any, ...]:
    """All a replay concluded, to compare two replays of one match."""
    outcome = replay.outcome
    return (outcome and (outcome.winner, outcome.termination), result_reason(replay),
            [(f.seq, f.code) for f in replay.flags],
            [(log.seq, [(e.kind, repr(e.fields)) for e in log.events]) for log in replay.log],
            json.dumps(replay.public_view(), sort_keys=True, default=repr),
            dict(replay.clock.reserve), {p: dict(left) for p, left in replay.items_left.items()},
            replay.items_used)


def loaded(ruleset_id: str, index: int, items: tuple[str, ...] = ()) -> matchfile.LoadedMatch:
    """Simulated match `index` of the ruleset (its players holding `items`), loaded from its data."""
    data = simulate.play(ruleset_id, index, seed=7, items=items, max_entries=60).data
    return matchfile.prepare(json.loads(json.dumps(data)), None)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_match_after_others_ends_as_it_does_alone(ruleset_id: str) -> None:
    first, second = loaded(ruleset_id, 1), loaded(ruleset_id, 2)
    assert first.ruleset is second.ruleset   # one resolved ruleset: what its start remembers is shared
    forget_starts()
    alone = what_happened(replay_match(second))
    forget_starts()
    replay_match(first)
    after = what_happened(replay_match(second))
    assert after == alone
    assert after != what_happened(replay_match(first))   # two different matches, or this proves nothing


def test_a_match_with_its_own_clock_is_not_timed_by_its_rulesets() -> None:
    plain = loaded("winning-streak", 1)
    replay_match(plain)   # the ruleset's facts are remembered now
    data = json.loads(json.dumps(plain.data))
    data["rules"]["params"] = {"time_control": {"turn_seconds": 5, "reserve_seconds": 77}}
    own = matchfile.prepare(data, None)
    assert own.ruleset is not plain.ruleset
    assert Replay(own.game).clock.settings.turn_seconds == 5
    assert set(Replay(own.game).clock.reserve.values()) == {77}
    assert Replay(plain.game).clock.settings == Replay(loaded("winning-streak", 2).game).clock.settings


def test_held_items_give_their_uses_and_reserve_from_the_rulesets_catalogue() -> None:
    """Each player's items as the catalogue says (G-5, AX-8), whichever match read it first."""
    forget_starts()
    match = loaded("arrowbic", 1, items=("reserve", "retake", "reserve", "starter"))
    catalogue = match.ruleset.items
    replay_match(loaded("arrowbic", 2))
    replay = Replay(match.game)
    base = replay.clock.settings.reserve_seconds
    for player in match.game.players:
        uses: dict[str, int] = {}
        for item in player.items:
            count = catalogue[item].get("uses", 1)
            uses[item] = uses.get(item, 0) + (count if count > 0 else engine.UNLIMITED)
        assert dict(replay.items_left[player.id]) == uses
        bonus = sum(catalogue[item].get("reserve_bonus_seconds", 0) for item in player.items)
        assert replay.clock.reserve[player.id] == base + bonus
    assert any(player.items for player in match.game.players)   # or this proves nothing
