"""Take-away: a two-player Nim, written the way a contributor adds a game (tests/plugins/).

Rulings (this game's own, cited in flags and events):
- TA-1: one pile of `params.pile` stones.
- TA-2: players alternate; a turn takes at least 1 and at most `params.max_take` stones, never
  more than the pile holds.
- TA-3: whoever takes the last stone wins; with `params.last_stone_loses` (misère) they lose.
- TA-4: the header's `first` starts, else the first listed player; without `first` a match
  may open with a pick of who starts (G-6).

Nothing in the adjudicator package names this game: it is found along the game search path
(docs/design.md, "Adding a game"), with its ruleset take-away.yaml one folder up and its move schema
take-away.schema.json beside this file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterator

from adjudicator.game import Event, Game, Illegal, ItemsView, Nature, Outcome, Pending, Turn
from adjudicator.errors import NotationError
from adjudicator.render import Para, Pre, Table

NOTATION = "take N (or just N): take N stones from the pile"
_TAKE = re.compile(r"^(?:take\s+|t\s*)?(\d{1,4})(?:\s+stones?)?$")


@dataclass
class PileState:
    """Plain data, changed in place by replay."""

    left: int
    to_move: str
    taken: dict[str, int] = field(default_factory=dict)
    turns: int = 0
    last: tuple[str, int] | None = None       # (player, stones) of the latest turn
    winner: str | None = None
    over: bool = False                         # the pile is empty (TA-3)
    ended: bool = False                        # a host or the clock ended the match


def _stones(n: int) -> str:
    return f"{n} stone{'' if n == 1 else 's'}"


class TakeAway(Game):
    name = "take-away"
    nature = Nature(turns=True, first_by_pick=True)
    who_starts = "the header's first starts, else the first listed player (TA-4)"

    # --- Wording: the only place this game writes English --------------------------------
    words = {
        "took": lambda g, f: f"{f['player']} takes {_stones(f['count'])}; {_stones(f['left'])} left (TA-2)",
        "took-last": lambda g, f: (f"{f['player']} takes the last stone and "
                                   f"{'loses' if f['misere'] else 'wins'} (TA-3)"),
    }
    refusals = {
        "too-many": lambda g, f: f"{f['player']} may take at most {_stones(f['max'])} a turn, not {f['count']}",
        "more-than-pile": lambda g, f: f"the pile holds only {_stones(f['left'])}; {f['player']} cannot take {f['count']}",
    }
    endings = {
        "last-stone": lambda g, f: f"{f['player']} took the last stone (TA-3)",
        "last-stone-misere": lambda g, f: f"{f['player']} had to take the last stone (misère, TA-3)",
        "stones-left": lambda g, f: f"stopped with {_stones(f['left'])} left: no winner by the rules",
    }
    dues = {
        "take": lambda g, f: f"take 1–{min(f['max'], f['left'])} stones ({f['left']} left)",
    }

    # --- Parameters and set-up -----------------------------------------------------------
    def validate_params(self) -> list[str]:
        p = self.params
        problems = []
        for key in ("pile", "max_take"):
            if not isinstance(p.get(key), int) or isinstance(p.get(key), bool) or p[key] < 1:
                problems.append(f"{key} must be a whole number, 1 or more (TA-1, TA-2).")
        if not isinstance(p.get("last_stone_loses"), bool):
            problems.append("last_stone_loses must be true or false (TA-3).")
        return problems

    def check_header(self) -> list[str]:
        first = self.header.get("first")
        if first is not None and first not in self.by_id:
            return [f"field first: '{first}' is not a player of this match (TA-4)."]
        return []

    def initial_state(self) -> PileState:
        return self.start_with(self.header.get("first") or self.player_ids[0])

    def start_with(self, first: str) -> PileState:
        return PileState(left=self.params["pile"], to_move=first, taken={p: 0 for p in self.player_ids})

    def pending(self, s: PileState) -> Pending:
        if s.over or s.ended:
            return None
        return Turn((s.to_move,), "take", fields={"left": s.left, "max": self.params["max_take"]})

    # --- The rules core: data in, events out ----------------------------------------------
    def check_move(self, s: PileState, player: str, move: dict[str, Any]) -> None:
        count = move["take"]
        if count > self.params["max_take"]:
            raise Illegal("too-many", "TA-2", player=player, count=count, max=self.params["max_take"])
        if count > s.left:
            raise Illegal("more-than-pile", "TA-2", player=player, count=count, left=s.left)

    def apply_move(self, s: PileState, player: str, move: dict[str, Any]) -> list[Event]:
        count = move["take"]
        s.left -= count
        s.taken[player] += count
        s.turns += 1
        s.last = (player, count)
        events = [Event("took", {"player": player, "count": count, "left": s.left}, ("TA-2",))]
        if s.left == 0:
            misere = bool(self.params["last_stone_loses"])
            s.over = True
            s.winner = self.opponent(player) if misere else player
            events.append(Event("took-last", {"player": player, "misere": misere}, ("TA-3",)))
        else:
            s.to_move = self.opponent(player)
        return events

    def outcome(self, s: PileState) -> Outcome | None:
        if not s.over:
            return None
        taker = s.last[0] if s.last else None
        misere = bool(self.params["last_stone_loses"])
        return Outcome(s.winner, "last-stone-misere" if misere else "last-stone", {"player": taker})

    def match_over(self, s: PileState, outcome: Outcome) -> None:
        s.ended = True

    def stopped_result(self, s: PileState) -> Outcome:
        return Outcome(None, "stones-left", {"left": s.left})

    # --- Self-play -------------------------------------------------------------------------
    def bot_score(self, s: PileState, player: str) -> float:
        """1 when the opponent must move from a losing pile (a multiple of max_take + 1, or one
        more than that in misère play), else 0."""
        if s.over:
            return 1.0 if s.winner == player else -1.0
        losing = (s.left - bool(self.params["last_stone_loses"])) % (self.params["max_take"] + 1) == 0
        return 1.0 if losing and s.to_move != player else 0.0

    def rounds_played(self, s: PileState) -> int:
        return (s.turns + 1) // 2

    # --- Views -----------------------------------------------------------------------------
    def public_view(self, s: PileState, items: ItemsView | None = None) -> dict[str, Any]:
        done = s.over or s.ended
        return {
            "pile": s.left,
            "started_with": self.params["pile"],
            "max_take": self.params["max_take"],
            "last_stone_loses": bool(self.params["last_stone_loses"]),
            "taken": dict(s.taken),
            "sides": {p: self.by_id[p].side for p in self.player_ids},
            "last": {"player": s.last[0], "took": s.last[1]} if s.last else None,
            "to_move": None if done else s.to_move,
        }

    def board_blocks(self, view: dict[str, Any]) -> list[Any]:
        left = view["pile"]
        rows = [" ".join("o" * min(10, left - i)) for i in range(0, left, 10)] or ["(empty)"]   # ten a row
        blocks: list[Any] = [Para(f"Pile: {_stones(left)} of {view['started_with']}; take 1–{view['max_take']} a turn; "
                                  f"whoever takes the last stone {'loses' if view['last_stone_loses'] else 'wins'}."),
                             Pre(rows),
                             Table(["side", "player", "taken"],
                                   [[view["sides"][p], p, n] for p, n in view["taken"].items()])]
        if view["last"]:
            blocks.append(Para(f"Last: {view['last']['player']} took {view['last']['took']}."))
        if view["to_move"]:
            blocks.append(Para(f"To move: {view['to_move']}."))
        return blocks

    # --- Notation --------------------------------------------------------------------------
    def parse_move(self, text: str) -> dict[str, Any]:
        found = _TAKE.match(" ".join(text.strip().lower().split()))
        if not found:
            raise NotationError(f"'{text}' is not a Take-away move. {NOTATION}.")
        return {"take": int(found.group(1))}

    def format_move(self, move: dict[str, Any]) -> str:
        return f"take {move['take']}"

    def legal_moves(self, s: PileState, player: str, items: ItemsView | None = None) -> Iterator[tuple[dict[str, Any], tuple[Event, ...]]]:
        if s.over or s.ended or player != s.to_move:
            return
        for count in range(1, min(self.params["max_take"], s.left) + 1):
            left = s.left - count
            effects = [Event("took", {"player": player, "count": count, "left": left}, ("TA-2",))]
            if left == 0:
                effects.append(Event("took-last", {"player": player, "misere": bool(self.params["last_stone_loses"])},
                                     ("TA-3",)))
            yield {"take": count}, tuple(effects)


GAME = TakeAway
