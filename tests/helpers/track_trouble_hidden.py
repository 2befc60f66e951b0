"""Track Trouble matches for the hidden-information tests: sally (red) and maddie
(blue) both hold every item; a Hidden Value move, both players hiding a value, and a public
round one."""

from __future__ import annotations

import copy
from typing import Any

from adjudicator.games.track_trouble.notation import parse

# Round 1: T1 goes to N1 (2 points), T2 to N2 (4 points), T3 to N3 (6 points).
R1 = {"destinations": {"N1": 2, "N2": 4, "N3": 6}, "switches": {},
      "tracks": {"T1": {"carts": 3, "route": "N1"}, "T2": {"carts": 3, "route": "N2"},
                 "T3": {"carts": 3, "route": "N3"}}}
PLAIN = {"destinations": {"N1": 1, "N2": 5}, "switches": {}, "tracks": {"T1": {"carts": 4, "route": "N2"}}}
TIEBREAK = [{"destinations": {"N1": 3}, "switches": {}, "tracks": {"T1": {"carts": 1, "route": "N1"}}}]
ITEMS = ["hidden-value", "extra-miner", "remote-switch"]


def tt(*steps: tuple[str, Any], layouts: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A Track Trouble match of sally (red) and maddie (blue), both holding every item; each
    step is (player, typed move or move object). Round layouts: R1, then PLAIN, unless given."""
    layouts = layouts or [R1] + [PLAIN] * 8
    data = {"format": "adjudicator-match/1", "id": "tt",
            "rules": {"ruleset": "track-trouble",
                      "params": {"layouts": copy.deepcopy(layouts), "tiebreak_layouts": copy.deepcopy(TIEBREAK)}},
            "players": [{"id": "sally", "name": "Sally", "side": "red", "items": list(ITEMS)},
                        {"id": "maddie", "name": "Maddie", "side": "blue", "items": list(ITEMS)}],
            "entries": []}
    for player, move in steps:
        data["entries"].append({"seq": len(data["entries"]) + 1, "type": "move", "player": player,
                                "move": parse(move) if isinstance(move, str) else move})
    return data


def hidden(destination: str, value: int) -> dict[str, Any]:
    return {"round": 1, "items": [{"use": "hidden-value", "destination": destination, "value": value}]}


def both_hide(sally_value: int) -> dict[str, Any]:
    """Both players use Hidden Value; sally's miner lands on her own hidden N2, maddie's on
    maddie's hidden N3 and on the public N1; crossing 2 is still open."""
    return tt(("sally", hidden("N2", sally_value)), ("maddie", hidden("N3", 2)),
              ("sally", "r1 c1: 1 T2"), ("maddie", "r1 c1: 1 T3, 2 T1"))


def round_one() -> list[tuple[str, str]]:
    return [("sally", "r1 c1: 1 T1"), ("maddie", "r1 c1: 1 T3"), ("sally", "r1 c2: nothing"),
            ("maddie", "r1 c2: nothing")]
