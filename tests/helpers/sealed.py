"""Private entries (sealed submissions, G-2, G-3; Hidden Values, TT-7) of any match, for the
properties that swap one and compare what the others are shown: where each entry stays private,
the moves open to a player (with the resubmissions G-3 allows), a same-kind alternative, the log
with one entry replaced, and refused sealed submissions."""

from __future__ import annotations

from itertools import islice
from typing import Any

from hypothesis import assume, event
from hypothesis import strategies as st

from adjudicator import schemas, session
from adjudicator.game import Phase
from adjudicator.engine import Replay
from adjudicator.matchfile import LoadedMatch
from helpers.strategies import RULESETS, has_sealed_phases, loaded, replay_prefix, tweaked

LISTING_CAP = 5000
# The rulesets whose games keep something private; the others keep nothing private
# (test_random_play checks that they never open a sealed phase).
SEALED_RULESETS = tuple(ruleset_id for ruleset_id in RULESETS if has_sealed_phases(ruleset_id))


def listed(replay: Replay, player: str) -> list[dict[str, Any]]:
    """The moves `legal` lists for `player` (as data, in its order)."""
    return [m for m, _ in islice(replay.legal_moves(player), LISTING_CAP)]


def open_to(replay: Replay, player: str) -> list[dict[str, Any]]:
    """The moves `player` may make now: what `legal` lists, and in a sealed phase they have
    already submitted to, the resubmissions G-3 allows, which `legal` leaves out on purpose
    (test_engine: "nothing is due from him"). Sealed submissions never reach the game's
    state, so a resubmission is any move the game lists, less side moves made too late."""
    due = replay.pending()
    if not (isinstance(due, Phase) and player in due.players and player in replay.sealed):
        return listed(replay, player)
    game = replay.game
    return [m for m, _ in islice(game.legal_moves(replay.state, player), LISTING_CAP)
            if game.side_move(replay.state, player, m) is None]


def sealed_windows(match: LoadedMatch) -> dict[int, int]:
    """For each entry that is private when made (a sealed submission, a Hidden Value): the
    index of the last entry after which it is still private."""
    windows: dict[int, int] = {}
    open_logs: dict[int, Any] = {}
    replay = session.new_replay(match)
    for index, entry in enumerate(match.entries):
        log = replay.step(entry)
        if log.sealed:
            open_logs[index] = log
        for start, kept in list(open_logs.items()):
            if kept.sealed:
                windows[start] = index
            else:
                del open_logs[start]
    return windows


def without_values(move: Any) -> Any:
    """A side move less its `value` fields: what TT-7 makes public at once (the destination
    shows "?") as opposed to what stays private until the round ends (the value)."""
    if isinstance(move, dict):
        return {k: without_values(v) for k, v in move.items() if k != "value"}
    if isinstance(move, list):
        return [without_values(v) for v in move]
    return move


def same_kind(game: Any, replay: Replay, player: str, move: Any, other: Any) -> bool:
    """Could `other` stand in for `move` without changing anything public by the rules? A
    sealed submission for any other submission; a side move for one differing only in value."""
    side = game.side_move(replay.state, player, move) is not None
    if (game.side_move(replay.state, player, other) is not None) != side:
        return False
    return not side or without_values(move) == without_values(other)


def variant(match: LoadedMatch, index: int, entry: dict[str, Any], upto: int) -> tuple[LoadedMatch, Replay, Any]:
    """The log up to `upto` with entry `index` replaced; the replay and that entry's log."""
    entries = match.entries[:index] + [entry] + match.entries[index + 1:upto + 1]
    other = loaded({**match.data, "entries": entries})
    replay = session.new_replay(other)
    logs = [replay.step(e) for e in other.entries]
    return other, replay, logs[index]


def sealed_phase_moves(match: LoadedMatch) -> list[int]:
    """Indices of the move entries made while a sealed phase is open."""
    spots, replay = [], session.new_replay(match)
    for index, entry in enumerate(match.entries):
        if entry["type"] == "move" and isinstance(replay.pending(), Phase):
            spots.append(index)
        replay.step(entry)
    return spots


def refused_variant(data: Any, match: LoadedMatch, at: int, entry: dict[str, Any],
                    label: str) -> tuple[dict[str, Any], Replay, Any]:
    """A tweaked copy of the sealed submission `entry` that the rules refuse, stepped on the
    log before it: the move, the replay and its (still sealed) log entry."""
    move = data.draw(tweaked(entry["move"]), label=label)
    assume(not schemas.errors(f"move/{match.ruleset.game}", move))
    replay = replay_prefix(match, at)
    log = replay.step({**entry, "move": move})
    assume(log.flag is not None and log.sealed)
    return move, replay, log


def swapped_pair(data: Any, match: LoadedMatch) -> tuple[LoadedMatch, LoadedMatch, str]:
    """Two logs that differ only in one private entry, looked at while it is still private:
    a sealed submission or Hidden Value swapped for another legal one of the same kind."""
    windows = sealed_windows(match)
    assume(windows)
    at = data.draw(st.sampled_from(sorted(windows)), label="entry")
    upto = data.draw(st.integers(at, windows[at]), label="look after")
    entry, player = match.entries[at], match.entries[at]["player"]
    before = replay_prefix(match, at)
    alternatives = [m for m in open_to(before, player)
                    if m != entry["move"] and same_kind(match.game, before, player, entry["move"], m)]
    assume(alternatives)
    swapped = {**entry, "move": data.draw(st.sampled_from(alternatives), label="instead")}
    original, _, _ = variant(match, at, entry, upto)
    other, _, log = variant(match, at, swapped, upto)
    assert log.sealed and log.flag is None
    side = match.game.side_move(before.state, player, entry["move"]) is not None
    event("Hidden Value" if side else "sealed submission")
    return original, other, player
