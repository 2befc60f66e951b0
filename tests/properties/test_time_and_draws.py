"""What the log's bookkeeping may not change (RULINGS G-7 and G-8, amended 2026-12-07), over
random matches of every ruleset, with and without clock stamps:

- inserting re-posts of an unchanged board (G-7 a), or flagged padding entries (an illegal
  move, an illegal chance entry: G-1, G-8), changes no result, no other entry's flag and no
  later draw;
- inside a stretch with the clock off, shuffling the time stamps changes no result (G-7 c).
"""

from __future__ import annotations

import copy
import random
from datetime import datetime, timedelta
from typing import Any

from hypothesis import event, given
from hypothesis import strategies as st

from adjudicator import views
from adjudicator.clock import format_time, parse_time
from adjudicator.game import ChanceDue, Phase, Turn
from helpers.stamped import stamped
from helpers.strategies import INDICES, RULESETS, loaded, scaled, simulated

PADDING_CHANCE = {"dice": [1] * 100}   # never the number of dice due, nor a pick: refused whatever is due


def outcome(data: dict[str, Any], origin: list[int | None]) -> dict[str, Any]:
    """What a player would dispute, with every seq given as the original entry it stands for
    (`origin[seq - 1]`; None for an inserted entry): the result, the board, the clocks, the
    flags of the original entries, and which original entries were counted as draws (G-8)."""
    match = loaded(data)
    replay = views.replay_match(match)
    res = views.result(match, replay)
    flags = sorted((origin[f.seq - 1], f.code) for f in replay.flags if origin[f.seq - 1] is not None)
    draws = [origin[seq - 1] for seq in replay.draws]
    clock = res.get("clock") or {}
    return {"status": res["status"], "winner": res["winner"], "to_act": res["to_act"], "board": res["board"],
            "reserve": clock.get("reserve"), "flags": flags, "draws": draws,
            "padding_counted": None in draws}


def renumbered(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**entry, "seq": seq} for seq, entry in enumerate(entries, 1)]


def padding_for(match_data: dict[str, Any], before: int, rnd: random.Random) -> dict[str, Any] | None:
    """A padding entry the replay must flag if written after the first `before` entries: an
    illegal chance entry, or a move by a player from whom nothing is due then (a copy of one of
    their moves, so it is well formed)."""
    match = loaded({**match_data, "entries": match_data["entries"][:before]})
    replay = views.replay_match(match)
    due = replay.pending()
    if rnd.random() < 0.5 or due is None:
        return {"type": "chance", "chance": dict(PADDING_CHANCE)}
    acting = set(due.players) if isinstance(due, (Turn, Phase)) else set()
    idle = [p for p in match.game.player_ids if p not in acting]
    moves = [e for e in match_data["entries"] if e["type"] == "move" and e["player"] in idle]
    if not idle or not moves:
        return {"type": "chance", "chance": dict(PADDING_CHANCE)}
    return {"type": "move", "player": moves[0]["player"], "move": copy.deepcopy(moves[0]["move"])}


def with_times(data: dict[str, Any], timed: bool, index: int) -> dict[str, Any]:
    return stamped(data, index) if timed else data


def posted_at(entries: list[dict[str, Any]], position: int) -> str | None:
    """A time for a post written after `entries[:position]`: the entry before's, if timed."""
    before = entries[position - 1] if position else None
    return before.get("at") if before else None


@given(ruleset=st.sampled_from(RULESETS), index=st.integers(1, INDICES), timed=st.booleans(),
       seed=st.integers(0, 2**16))
@scaled(8)
def test_g1_g7a_g8_padding_and_reposts_change_nothing(ruleset, index, timed, seed):
    data = with_times(simulated(ruleset, index), timed, index)
    rnd = random.Random(seed)
    original = data["entries"]
    if not original:
        return
    # The base: the match with a first post of the board after some entries (G-7 a).
    posts = sorted(rnd.sample(range(len(original) + 1), k=min(3, len(original) + 1)))
    base: list[dict[str, Any]] = []
    origin: list[int | None] = []
    for position, entry in enumerate([*original, None]):
        if position in posts:
            post = {"type": "host", "host": {"action": "posted"}}
            at = posted_at(original, position)
            if at:
                post["at"] = at
            base.append(post)
            origin.append(-position - 1)   # a post of the base: compared as itself
        if entry is not None:
            base.append(entry)
            origin.append(entry["seq"])
    base_data = {**data, "entries": renumbered(base)}
    # The padded: the base with a re-post right after each post, and padding entries.
    padded: list[dict[str, Any]] = []
    padded_origin: list[int | None] = []
    inserted = 0
    for position, entry in enumerate(base):
        if rnd.random() < 0.15:
            extra = padding_for({**data, "entries": renumbered(padded)}, len(padded), rnd)
            if extra is not None:
                if entry.get("at"):
                    extra["at"] = entry["at"]   # no later than what follows: orders nothing (G-7 c)
                padded.append(extra)
                padded_origin.append(None)
                inserted += 1
        padded.append(entry)
        padded_origin.append(origin[position])
        if entry["type"] == "host" and entry["host"]["action"] == "posted":
            again = copy.deepcopy(entry)   # the same board posted again, as late as the entry after it
            following = base[position + 1].get("at") if position + 1 < len(base) else None
            if following and entry.get("at"):
                again["at"] = following
            padded.append(again)
            padded_origin.append(None)
            inserted += 1
    padded_data = {**data, "entries": renumbered(padded)}
    event(f"inserted {min(inserted, 5)}+")
    assert inserted >= 1   # at least the re-posts: the property checked something
    want = outcome(base_data, origin)
    got = outcome(padded_data, padded_origin)
    assert not got["padding_counted"], "a flagged padding entry was counted as a draw (G-8)"
    assert got == want


def clock_stretch(data: dict[str, Any], start: int, end: int, rnd: random.Random) -> tuple[dict, dict]:
    """The match with the clock switched off before entry `start` and on again after entry
    `end`, and the same with the times of the entries between shuffled."""
    entries = data["entries"]
    off = {"type": "host", "host": {"action": "clock-off"}}
    on = {"type": "host", "host": {"action": "clock-on"}}
    if entries[end - 1].get("at"):
        on["at"] = entries[end - 1]["at"]
    inside = entries[start:end]
    times = [entry.get("at") for entry in inside]
    shuffled_times = times[:]
    rnd.shuffle(shuffled_times)
    shuffled = [({**entry, "at": at} if at else {k: v for k, v in entry.items() if k != "at"})
                for entry, at in zip(inside, shuffled_times)]
    plain = [*entries[:start], off, *inside, on, *entries[end:]]
    mixed = [*entries[:start], off, *shuffled, on, *entries[end:]]
    return {**data, "entries": renumbered(plain)}, {**data, "entries": renumbered(mixed)}


@given(ruleset=st.sampled_from(RULESETS), index=st.integers(1, INDICES), seed=st.integers(0, 2**16))
@scaled(8)
def test_g7c_shuffling_times_inside_a_clock_off_stretch_changes_nothing(ruleset, index, seed):
    data = stamped(simulated(ruleset, index), index)
    entries = data["entries"]
    if len(entries) < 4:
        return
    rnd = random.Random(seed)
    start = rnd.randrange(0, len(entries) - 2)
    end = rnd.randrange(start + 2, len(entries) + 1)
    plain, mixed = clock_stretch(data, start, end, rnd)
    origin = [e["seq"] for e in plain["entries"]]
    assert [e.get("at") for e in plain["entries"]] != [e.get("at") for e in mixed["entries"]] or \
        len({e.get("at") for e in entries[start:end]}) == 1
    assert outcome(mixed, origin) == outcome(plain, origin)


def test_g7c_a_shuffle_outside_a_clock_off_stretch_is_noticed():
    """The property above can fail: with the clock on, the same shuffle flags entries
    (time-order) or charges other times (G-7), so the comparison is not empty."""
    seen = False
    for ruleset in RULESETS:
        data = stamped(simulated(ruleset, 1), 1)
        entries = data["entries"]
        times = [entry["at"] for entry in entries]
        reversed_times = [{**entry, "at": at} for entry, at in zip(entries, reversed(times))]
        origin = [e["seq"] for e in entries]
        if outcome({**data, "entries": reversed_times}, origin) != outcome(data, origin):
            seen = True
    assert seen


def test_g8_a_refused_chance_entry_with_a_void_before_it_written_later_still_counts():
    """A chance entry refused only because a void written after it left out an entry before
    it may have been due, and drawn, as written: it still counts (G-8), so the draws after it
    keep their places."""
    from helpers.matches import dice_match, replayed

    data = dice_match([("roll", 1, 2, 3), ("bernd", {"reroll": []}), ("roll", 2, 2, 5),
                       ("host", {"action": "void", "seq": 2, "reason": "typo"})])
    _, replay = replayed(data)
    assert [f.seq for f in replay.flags] == [3] and replay.draws == [1, 3]
    data = dice_match([("roll", 1, 2, 3), ("roll", 2, 2, 5)])   # the same roll, refused as written: padding
    _, replay = replayed(data)
    assert [f.seq for f in replay.flags] == [2] and replay.draws == [1]
