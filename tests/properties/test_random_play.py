"""Every ruleset of every game, played out at random: the engine's invariants hold.

In the manner of OpenSpiel's game-agnostic tests: random legal moves and random chance
until the match ends (or a bound), then check that every listed move was accepted, every
canonical echo re-reads to the same move, the log passes the schemas, replaying the log
gives the same result, and the board renders in every format.
"""

from __future__ import annotations

import json
import random
from itertools import islice
from typing import Any

import pytest

from adjudicator import matchfile, rulesets, session, views, wording
from adjudicator.game import ChanceDue, Phase
from adjudicator.render import FORMATS, render
from helpers.strategies import has_sealed_phases

RULESETS = [info["id"] for info in rulesets.list_rulesets()]
SEALED = [ruleset_id for ruleset_id in RULESETS if has_sealed_phases(ruleset_id)]
MAX_ENTRIES = 600
SAMPLE = 2000


def header(ruleset_id: str) -> dict[str, Any]:
    ruleset = rulesets.resolve(ruleset_id)
    players = [{"id": f"p{i + 1}", "name": f"Player {i + 1}", "side": side, "items": []}
               for i, side in enumerate(ruleset.sides)]
    return {"format": "adjudicator-match/1", "id": f"playout-{ruleset_id}", "rules": {"ruleset": ruleset_id},
            "players": players, "first": "p1", "entries": []}


def chance_for(due: ChanceDue, rnd: random.Random) -> dict[str, Any]:
    if due.dice:
        return {"dice": [rnd.randint(1, due.faces) for _ in range(due.dice)]}
    return {"pick": rnd.choice(due.pick)}


def playout(ruleset_id: str, seed: int) -> tuple[dict[str, Any], Any, Any]:
    rnd = random.Random(seed)
    data = header(ruleset_id)
    match = matchfile.prepare(data, None)
    game, replay = match.game, session.new_replay(match)
    while len(data["entries"]) < MAX_ENTRIES and replay.pending() is not None:
        due = replay.pending()
        seq = len(data["entries"]) + 1
        if isinstance(due, ChanceDue):
            entry = {"seq": seq, "type": "chance", "chance": chance_for(due, rnd)}
        else:
            player = rnd.choice(replay.to_act())
            moves = list(islice(replay.legal_moves(player), SAMPLE))
            assert moves, f"{ruleset_id}: {player} is to act ({wording.awaiting(replay)}) but has no legal move"
            move = rnd.choice(moves)[0]
            echo = game.format_move(move)
            assert game.complete_move(replay.state, player, game.parse_move(echo)) == move, echo
            entry = {"seq": seq, "type": "move", "player": player, "move": move}
        log = replay.step(entry)
        assert log.flag is None, f"{ruleset_id} seq {seq}: listed as legal but flagged: {log.flag}"
        data["entries"].append(entry)
    return data, match, replay


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_random_playout_invariants(ruleset_id, seed):
    data, match, replay = playout(ruleset_id, seed)
    result = views.result(match, replay, with_entries=True)
    json.dumps(result)  # plain data all the way down
    for fmt in FORMATS:
        assert render(views.board_blocks(match, replay), fmt).strip()
    reloaded = matchfile.prepare(json.loads(json.dumps(data)), None)  # schemas, moves included
    again = session.replay_match(reloaded)
    assert views.result(reloaded, again, with_entries=True) == result
    if replay.outcome is None:
        assert len(data["entries"]) == MAX_ENTRIES


def public_outputs(data: dict[str, Any]) -> str:
    """Everything a public reader sees of a match: result JSON, replay text, boards."""
    match = matchfile.prepare(json.loads(json.dumps(data)), None)
    replay = session.replay_match(match)
    parts = [json.dumps(views.result(match, replay, with_entries=True), sort_keys=True),
             views.replay_text(match, replay)]
    parts += [render(views.board_blocks(match, replay), fmt) for fmt in FORMATS]
    return "\n".join(parts)


def still_sealed(data: dict[str, Any], upto: int) -> bool:
    """Is entry `upto` (0-based) still sealed once the log up to it is replayed?"""
    prefix = {**data, "entries": data["entries"][:upto + 1]}
    return session.replay_match(matchfile.prepare(json.loads(json.dumps(prefix)), None)).log[-1].sealed


def test_some_games_have_sealed_phases():
    """The sealed-phase tests apply to some rulesets; with none they would check nothing."""
    assert SEALED and len(SEALED) < len(RULESETS)


@pytest.mark.parametrize("ruleset_id", [r for r in RULESETS if r not in SEALED])
def test_games_without_sealed_phases_keep_nothing_private(ruleset_id):
    """A game that declares no sealed phases never opens one: no entry of its playout is
    private even for a moment, so there is nothing its public output could leak."""
    data, match, _ = playout(ruleset_id, 7)
    replay = session.new_replay(match)
    for entry in data["entries"]:
        assert not isinstance(replay.pending(), Phase), (ruleset_id, entry["seq"], replay.pending())
        assert not replay.step(entry).sealed, (ruleset_id, entry["seq"])
    assert data["entries"]


@pytest.mark.parametrize("ruleset_id", SEALED)
def test_sealed_submissions_never_show_in_public(ruleset_id):
    """Swap a sealed submission for another legal one: no public output may change. Every
    game with sealed phases must reach some in its playout, or this would check nothing."""
    data, match, _ = playout(ruleset_id, 7)
    game, replay, rnd = match.game, session.new_replay(match), random.Random(7)
    checked = 0
    for index, entry in enumerate(data["entries"]):
        if checked < 5 and entry["type"] == "move" and isinstance(replay.pending(), Phase) \
                and still_sealed(data, index):
            others = [m for m, _ in islice(game.legal_moves(replay.state, entry["player"]), SAMPLE)
                      if m != entry["move"]]
            if others:
                swapped = {**entry, "move": rnd.choice(others)}
                original = {**data, "entries": data["entries"][:index + 1]}
                alternative = {**data, "entries": data["entries"][:index] + [swapped]}
                assert public_outputs(original) == public_outputs(alternative), entry
                checked += 1
        replay.step(entry)
    assert checked, f"{ruleset_id} declares sealed phases, but no sealed submission of its playout was swapped"
