"""Winning Streak matches built by hand, for the tests of games/winning_streak/ and the tests of
other modules that need one (ws_match, place): sally is red, maddie blue."""

from __future__ import annotations

from helpers.matches import add


def ws_match(entries=(), advantage="maddie", params=None):
    """A Winning Streak match: sally is red, maddie is blue (as in the conformance cases)."""
    data = {
        "format": "adjudicator-match/1",
        "id": "case",
        "rules": {"ruleset": "winning-streak"},
        "players": [{"id": "sally", "name": "Sally", "side": "red", "items": []},
                    {"id": "maddie", "name": "Maddie", "side": "blue", "items": []}],
        "entries": [],
    }
    if advantage:
        data["advantage"] = advantage
    if params:
        data["rules"]["params"] = params
    for entry in entries:
        add(data, entry)
    return data


def place(turn, troop, location):
    return {"phase": "placement", "turn": turn, "troop": troop, "location": location}
