"""Track Trouble! matches built by hand, for the tests of games/track_trouble/: the test set's
layouts (R1, then PLAIN rounds), typed entries with their round and crossing, empty rounds and a
whole match of nine, and a Hidden Value (HV). Sally is red, maddie blue."""

from __future__ import annotations

import copy

from adjudicator.games.track_trouble.notation import parse

# Round 1 of the test set: a south switch feeding a three-state north switch.
R1 = {
    "destinations": {"N1": 2, "N2": 4, "N3": 6},
    "switches": {"purple": {"side": "south", "states": 2},
                 "green": {"side": "north", "states": 3, "start": 1}},
    "tracks": {"T1": {"carts": 2, "route": "N1"},
               "T2": {"carts": 3, "route": {"switch": "purple", "to": ["N2", {"switch": "green",
                                                                            "to": ["N1", "N2", "N3"]}]}},
               "T3": {"carts": 1, "route": {"switch": "green", "to": ["N3", "N1", "N2"]}}},
}
# Rounds 2–9: one plain track (the ruleset's train rounds apply: 2, 3, 5, 7, 8).
PLAIN = {"destinations": {"N1": 1, "N2": 5}, "switches": {}, "tracks": {"T1": {"carts": 4, "route": "N2"}}}
TIEBREAKS = [{"destinations": {"N1": 3}, "switches": {}, "tracks": {"T1": {"carts": 1, "route": "N1"}}},
             {"destinations": {"N1": 2}, "switches": {}, "tracks": {"T1": {"carts": 1, "route": "N1"}},
              "train": True}]


def tt_match(entries=(), sally=(), maddie=(), layouts=None, **params):
    data = {
        "format": "adjudicator-match/1", "id": "tt",
        "rules": {"ruleset": "track-trouble",
                  "params": {"layouts": layouts or [copy.deepcopy(R1)] + [copy.deepcopy(PLAIN) for _ in range(8)],
                             "tiebreak_layouts": copy.deepcopy(TIEBREAKS), **params}},
        "players": [{"id": "sally", "name": "Sally", "side": "red", "items": list(sally)},
                    {"id": "maddie", "name": "Maddie", "side": "blue", "items": list(maddie)}],
        "entries": [],
    }
    for entry in entries:
        add(data, entry)
    return data


def add(data, entry):
    """('sally', 'r1 c1: 1 T1') — a typed move with its round and crossing — or ('host', {...})."""
    who, what = entry
    if who == "host":
        item = {"type": "host", "host": what}
    else:
        item = {"type": "move", "player": who, "move": parse(what) if isinstance(what, str) else what}
    data["entries"].append({"seq": len(data["entries"]) + 1, **item})
    return data


def empty_round(r):
    return [("sally", f"r{r} c1: nothing"), ("maddie", f"r{r} c1: nothing"),
            ("sally", f"r{r} c2: nothing"), ("maddie", f"r{r} c2: nothing")]


def nine_rounds(first_round):
    return [*first_round, *[e for r in range(2, 10) for e in empty_round(r)]]


HV = {"round": 1, "items": [{"use": "hidden-value", "destination": "N2", "value": 1}]}
