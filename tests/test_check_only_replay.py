"""The check-only replay: `Replay(narrate=False)`, which `check` uses, adds none of
the engine's narration, and concludes exactly what a narrating replay does: the same flags
(codes, fields, messages), outcome, draws, voids, items and clocks."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from adjudicator import matchfile, rulesets
from adjudicator.engine import Replay
from adjudicator.wording import flag_message
from helpers.stamped import matches_of

NARRATION = {"clock", "submitted", "resubmitted"}   # the engine's own events for an entry in time


def conclusion(replay: Replay) -> tuple[Any, ...]:
    """Everything a replay concluded that check reports or a later entry depends on."""
    return (replay.outcome, replay.last_seq, sorted(replay.voided.items()), replay.draws, replay.unsalted_draws,
            [(f.seq, f.player, f.code, f.rulings, f.refused.fields, f.acknowledged, f.voided_before, flag_message(f))
             for f in replay.flags],
            [log.seq for log in replay.flagged], replay.items_used, dict(replay.clock.reserve), replay.state)


def with_voids(data: dict[str, Any]) -> dict[str, Any]:
    """The match with a host void of its second entry and of that void (a chain, G-4) added."""
    out = copy.deepcopy(data)
    count = len(out["entries"])
    out["entries"] += [{"seq": count + 1, "type": "host", "host": {"action": "void", "seq": 2, "reason": "typo"}},
                       {"seq": count + 2, "type": "host", "host": {"action": "void", "seq": 3}}]
    return out


@pytest.mark.parametrize("ruleset_id", [row["id"] for row in rulesets.list_rulesets()])
def test_a_check_only_replay_concludes_what_a_narrating_one_does(ruleset_id):
    played = matches_of(ruleset_id)
    for data in played + [with_voids(data) for data in played if len(data["entries"]) >= 3]:
        match = matchfile.prepare(copy.deepcopy(data), None)
        told = Replay(match.game).run(match.entries)
        logs: list[Any] = []
        quiet = Replay(match.game, keep_log=False, narrate=False).run(match.entries,
                                                                      each=lambda _entry, log: logs.append(log))
        assert conclusion(quiet) == conclusion(told)
        assert [(log.seq, log.flag is None, log.voided_by, log.expired) for log in logs] == \
               [(log.seq, log.flag is None, log.voided_by, log.expired) for log in told.log]
        said = {event.kind for log in logs if not log.expired for event in log.events + log.sealed_events}
        assert not said & NARRATION
        assert all(event.fields["described"] is None for log in logs for event in log.events if event.kind == "void")


def test_a_narrating_replay_still_narrates():
    """The default is unchanged: clocks and submissions are told (the replay, page and post)."""
    data = next(data for data in matches_of("winning-streak") if "at" in data["entries"][0])
    match = matchfile.prepare(copy.deepcopy(data), None)
    kinds = {event.kind for log in Replay(match.game).run(match.entries).log for event in log.events}
    assert {"clock", "submitted"} <= kinds
