"""Zero's Tug of War matches and positions built by hand, for the tests of games/tug_of_war/ and
the tests of other modules that need a Tug of War match (tw_match): sally is red, maddie blue."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator import matchfile, wording
from adjudicator.game import Illegal
from helpers.matches import replayed

AT = "2026-11-21T20:00:00Z"   # every CLI call is stamped: no test reads the clock


def tw_match(entries: list[tuple[str, Any]] = (), ruleset: str = "tug-of-war-v2", first: str | None = "sally",
             items: dict[str, list[str]] | None = None, params: dict[str, Any] | None = None) -> dict[str, Any]:
    """A match: sally is red, maddie blue; entries as (player, move dict or typed text)."""
    items = items or {}
    data: dict[str, Any] = {
        "format": "adjudicator-match/1", "id": "case", "rules": {"ruleset": ruleset},
        "players": [{"id": "sally", "name": "Sally", "side": "red", "items": items.get("sally", [])},
                    {"id": "maddie", "name": "Maddie", "side": "blue", "items": items.get("maddie", [])}],
        "entries": [],
    }
    if first:
        data["first"] = first
    if params:
        data["rules"]["params"] = params
    from adjudicator.games.tug_of_war.notation import parse
    for player, move in entries:
        move = parse(move) if isinstance(move, str) else move
        data["entries"].append({"seq": len(data["entries"]) + 1, "type": "move", "player": player, "move": move})
    return data


def replay(*entries, **kw):
    return replayed(tw_match(list(entries), **kw))



def fresh(ruleset: str = "tug-of-war-v2", **kw):
    """The game and its initial state, for tests that set a position up directly."""
    match = matchfile.prepare(tw_match(ruleset=ruleset, **kw), None)
    return match.game, match.game.initial_state()


def do(game, state, player: str, text: str | dict) -> list[str]:
    """Check then apply one move, as replay does; returns the narration."""
    move = game.parse_move(text) if isinstance(text, str) else text
    game.check_move(state, player, move)
    return [wording.text(game, e) for e in game.apply_move(state, player, move)]


def refused(game, state, player: str, text: str | dict) -> Illegal:
    move = game.parse_move(text) if isinstance(text, str) else text
    with pytest.raises(Illegal) as info:
        game.check_move(state, player, move)
    return info.value


def setup(game, state, to_play: str = "sally", **hands: list[int]) -> None:
    state.to_play = to_play
    for p, h in hands.items():
        state.hands[p] = sorted(h)


def free(state) -> None:
    """Forget the previous modules, so a test may play any module next (TW-4)."""
    state.last = {p: None for p in state.last}


def win(state, *modules_and_winners: tuple[str, str]) -> None:
    for key, who in modules_and_winners:
        state.mods[key]["winner"] = who
