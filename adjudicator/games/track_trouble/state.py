"""Track Trouble state: plain data, mutated in place by replay."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

HIDDEN = "?"


@dataclass
class TTState:
    """Plain data, mutated in place by replay. Miner numbers are ints; views turn them to text."""

    round: int
    crossing: int
    points: dict[str, int]
    layout: dict[str, Any] = field(default_factory=dict)          # the ruleset's own: read-only
    values: dict[str, int] = field(default_factory=dict)          # destination → points this round
    hidden: dict[str, dict[str, Any]] = field(default_factory=dict)  # destination → {player, value}
    switch_state: dict[str, int] = field(default_factory=dict)
    carts: dict[str, int] = field(default_factory=dict)           # minecarts left per track
    train: bool = False                                           # the train runs this round
    train_gone: bool = False
    crossed: dict[str, dict[int, tuple[str, int]]] = field(default_factory=dict)  # player → miner → (to, crossing)
    benched: dict[str, list[int]] = field(default_factory=dict)   # for crossing 1 of this round (TT-2)
    extra: dict[str, bool] = field(default_factory=dict)          # Extra Miner this round (TT-7)
    withheld: dict[str, int] = field(default_factory=dict)        # points at hidden destinations
    withheld_miners: dict[str, int] = field(default_factory=dict)
    last: dict[str, Any] | None = None                            # the last crossing: its events (TT-5)
    finished: bool = False
    winner: str | None = None

