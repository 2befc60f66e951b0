"""Matches of a ruleset played at random, with its items, and the same matches with times
stamped so the clocks charge and expire: for the tests that must meet every event kind,
refusal code and termination a game has (test_wording, properties/test_display_names)."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone
from typing import Any

from adjudicator import rulesets, simulate

START = datetime(2026, 11, 1, 12, tzinfo=timezone.utc)


def stamped(data: dict[str, Any], seed: int) -> dict[str, Any]:
    """The match with times moving forward at random, sometimes past a turn's limit."""
    rnd = random.Random(seed)
    at = START
    entries = []
    for entry in data["entries"]:
        at += timedelta(seconds=rnd.choice((5, 20, 40, 58, 61, 125, 400)))
        entries.append({**entry, "at": at.strftime("%Y-%m-%dT%H:%M:%SZ")})
    return {**data, "started": START.strftime("%Y-%m-%dT%H:%M:%SZ"), "entries": entries}


def matches_of(ruleset_id: str) -> list[dict[str, Any]]:
    items = sorted(rulesets.resolve(ruleset_id).items)
    played = [simulate.play(ruleset_id, index, seed=11, items=items if index % 2 else (), max_entries=300).data
              for index in range(1, 5)]
    return played + [stamped(data, n) for n, data in enumerate(played)]
