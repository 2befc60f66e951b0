"""The rules core of dice Tug of War (seed 002; rulings DT-1…DT-7): set-up, what is due, moves,
chance, the outcome and the self-play hooks, on plain data.

Each side has a column of three dice and a team of pawns. A turn rolls the three free
dice, may re-roll some (one die per 6 in the column), then attacks or trades. Every roll is
a `chance` entry, so the log alone replays the match (DT-7).

The rules core reports `Event`s, refuses with `Illegal` codes and ends with `Outcome`s, all
plain data; words.py turns them into sentences when they are shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from adjudicator.game import ChanceDue, Event, Game, Illegal, Outcome, Pending, Turn

DT2 = ("DT-2",)
DT3 = ("DT-3",)
DT4 = ("DT-4",)
DT5 = ("DT-5",)
DT6 = ("DT-6",)
DT12 = ("DT-1", "DT-2")
DT56 = ("DT-5", "DT-6")


@dataclass(slots=True)
class DiceState:
    """Plain data, mutated in place by replay."""

    team: dict[str, int]
    column: dict[str, list[int]]
    setup_queue: list[str]            # players still to set up, in order (DT-2)
    actor: str                        # whose setup or turn it is
    in_setup: bool = True
    stage: str = "roll"               # roll → decide (→ reroll → decide …)
    rolled: list[int] = field(default_factory=list)
    reroll_positions: list[int] = field(default_factory=list)
    rerolls_left: int = 0             # setup: re-rolls of the setup roll; turn: dice (DT-3)
    turns: int = 0
    winner: str | None = None
    result: Outcome | None = None     # how the rules ended the match (DT-5, DT-6)
    due: Pending = None               # what is due, set whenever it changes (None once won)
    ended: bool = False               # ended by a host entry or the clock, not by the rules (DT-6)


def count_matches(rolled: list[int], column: list[int]) -> list[tuple[int, int]]:
    """A largest matching of rolled dice to distinct column dice with rolled ≥ column (DT-4).

    Greedy over the column in ascending order, each taking the smallest rolled die that
    reaches it, is optimal for this threshold structure.
    """
    return _matches(sorted(rolled), sorted(column))


def _matches(pool: list[int], column: list[int]) -> list[tuple[int, int]]:
    """`count_matches` on dice already sorted: a rolled die too small for one column die is too
    small for every later one, so one pass over both finds the same pairs."""
    pairs = []
    i, n = 0, len(pool)
    for need in column:
        while i < n and pool[i] < need:
            i += 1
        if i == n:
            break
        pairs.append((pool[i], need))
        i += 1
    return pairs


class DiceTugOfWarRules(Game[DiceState]):
    """The rules: set-up rolls (DT-1, DT-2), turns of roll, re-roll, attack or trade (DT-3…DT-5),
    the end (DT-6), every roll a chance entry (DT-7)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        a, b = self.player_ids
        self._other = {a: b, b: a}
        params = self.params   # read once: the per-entry path looks them up often
        # `get`, typed as the ints the ranges make them: a missing one fails in validate_params
        self._pawns = cast(int, params.get("pawns"))
        self._face = cast(int, params.get("reroll_face"))
        self._bonus = cast(int, params.get("trade_bonus"))
        # What can be due, made once: (in set-up, player) -> the roll and the decision after it.
        self._size = size = cast(int, params.get("column_dice"))
        faces = cast(int, params.get("faces"))
        self._roll_due = {(setup, p): ChanceDue("setup-roll" if setup else "turn-roll", dice=size, faces=faces,
                                                fields={"player": p, "dice": size})
                          for setup in (True, False) for p in self.player_ids}
        self._decide_due = {(setup, p): Turn((p,), "setup-decision" if setup else "turn-decision")
                            for setup in (True, False) for p in self.player_ids}
        self._reroll_dues: dict[tuple[str, tuple[int, ...]], ChanceDue] = {}

    def opponent(self, player: str) -> str:
        return self._other[player]

    # --- Parameters ---------------------------------------------------------------------
    @property
    def pawns(self) -> int:
        pawns: int = self.params["pawns"]
        return pawns

    @property
    def size(self) -> int:
        size: int = self.params["column_dice"]
        return size

    @property
    def faces(self) -> int:
        faces: int = self.params["faces"]
        return faces

    def validate_params(self) -> list[str]:
        p = self.params
        problems = []
        if p["column_dice"] < 1 or p["faces"] < 2:
            problems.append("column_dice must be at least 1 and faces at least 2.")
        if p["pawns"] < p["column_dice"] * p["faces"]:
            problems.append(f"pawns ({p['pawns']}) must be at least column_dice × faces "
                            f"({p['column_dice'] * p['faces']}) so that any setup team fits (DT-1).")
        for key in ("tie_starts",):
            if p[key] not in self.ruleset.sides:
                problems.append(f"{key} must be one of the sides {', '.join(self.ruleset.sides)}.")
        if sorted(p["setup_order"]) != sorted(self.ruleset.sides):
            problems.append(f"setup_order must list each side once ({', '.join(self.ruleset.sides)}).")
        if not 1 <= p["reroll_face"] <= p["faces"]:
            problems.append("reroll_face must be a face of the dice.")
        return problems

    # --- Set-up -------------------------------------------------------------------------
    def initial_state(self) -> DiceState:
        order = [self.by_side[side] for side in self.params["setup_order"]]
        return DiceState(team={p: 0 for p in self.player_ids}, column={p: [] for p in self.player_ids},
                         setup_queue=order[1:], actor=order[0], rerolls_left=self.params["setup_rerolls"],
                         due=self._roll_due[True, order[0]])

    def pending(self, s: DiceState) -> Pending:
        return s.due

    def _reroll_due(self, player: str, positions: list[int]) -> ChanceDue:
        key = (player, tuple(positions))
        due = self._reroll_dues.get(key)
        if due is None:
            due = self._reroll_dues[key] = ChanceDue("reroll", dice=len(positions), faces=self.faces,
                                                     fields={"player": player, "positions": list(positions)})
        return due

    # --- Moves --------------------------------------------------------------------------
    def check_move(self, s: DiceState, player: str, move: dict[str, Any]) -> None:
        if "reroll" in move:
            self._check_reroll(s, move["reroll"])
        elif s.in_setup:
            raise Illegal("in-setup", "DT-2", player=player)
        elif "trade" in move:
            self._check_trade(s, move["trade"])

    def _check_reroll(self, s: DiceState, positions: list[int]) -> None:
        size = self._size
        for p in positions:
            if not 1 <= p <= size:
                raise Illegal("reroll-position", "DT-3", position=p, size=size, rolled=list(s.rolled))
        if len(set(positions)) != len(positions):
            raise Illegal("reroll-position", "DT-3", position=None)
        if s.in_setup:
            return  # DT-2: 0–3 dice, once; the stage machine allows a single decision
        if not positions:
            raise Illegal("empty-reroll", "DT-3")
        if len(positions) > s.rerolls_left:
            raise Illegal("reroll-allowance", "DT-3", player=s.actor, left=s.rerolls_left,
                          face=self.params["reroll_face"], allowance=self._allowance(s.column[s.actor]))

    def _check_trade(self, s: DiceState, trade: dict[str, int]) -> None:
        rolled, old = trade["rolled"], trade["column"]
        if rolled not in s.rolled:
            raise Illegal("trade-not-rolled", "DT-5", value=rolled, rolled=list(s.rolled))
        column = s.column[s.actor]
        if old not in column:
            raise Illegal("trade-not-in-column", "DT-5", value=old, column=sorted(column))
        if rolled == old:
            raise Illegal("trade-same-value", "DT-5", rolled=rolled, old=old)

    def apply_move(self, s: DiceState, player: str, move: dict[str, Any]) -> list[Event]:
        if "reroll" in move:
            return self._reroll(s, move["reroll"])
        if "attack" in move:
            # The roll is not copied: after an attack the turn ends with a new list, or the match ends.
            events = self._attack(s, s.rolled, sorted(s.column[player]), "attack")
        else:
            trade = move["trade"]
            events = self._trade(s, trade["rolled"], trade["column"])
        if not s.winner:
            self._end_turn(s)
        return events

    def _reroll(self, s: DiceState, positions: list[int]) -> list[Event]:
        if not positions:  # only legal in set-up (DT-2)
            return self._finish_setup(s, True)
        rolled = s.rolled
        s.reroll_positions = list(positions)
        s.stage = "reroll"
        s.due = self._reroll_due(s.actor, positions)
        showing = [rolled[p - 1] for p in positions]
        if s.in_setup:
            s.rerolls_left -= 1
            return [Event("reroll", {"player": s.actor, "positions": s.reroll_positions, "showing": showing,
                                     "left": None}, DT2)]
        s.rerolls_left -= len(positions)
        return [Event("reroll", {"player": s.actor, "positions": s.reroll_positions, "showing": showing,
                                 "left": s.rerolls_left}, DT3)]

    def _attack(self, s: DiceState, rolled: list[int], column: list[int], by: str) -> list[Event]:
        """Remove one opposing pawn per matched die, never more than the team holds (DT-4).
        `column` is sorted; `by` says whose dice attack: the whole roll (`attack`) or those a
        trade left (`trade`)."""
        player = s.actor
        opponent = self._other[player]
        pairs = _matches(sorted(rolled), column)
        team = s.team
        before = team[opponent]
        removed = len(pairs)
        if removed > before:
            removed = before
        after = team[opponent] = before - removed
        events = [Event("attacked", {"player": player, "by": by, "rolled": rolled, "column": column,
                                     "pairs": pairs, "removed": removed, "before": before, "after": after}, DT4)]
        if after == 0:
            s.winner = player
            s.due = None
            s.result = Outcome(player, "team-empty", {"player": opponent})
            events.append(Event("team-empty", {"player": opponent}, DT6))
        return events

    def _trade(self, s: DiceState, new: int, old: int) -> list[Event]:
        """One rolled die replaces a column die; the other two attack the rest (DT-5)."""
        player = s.actor
        column = s.column[player]
        column[column.index(old)] = new
        rest = list(s.rolled)
        rest.remove(new)
        bonus = self._bonus
        before = s.team[player]
        total = before + bonus + new - old
        pawns = self._pawns
        after = s.team[player] = pawns if total > pawns else (total if total > 0 else 0)
        ordered = sorted(column)
        events = [Event("traded", {"player": player, "new": new, "old": old, "column": ordered,
                                   "before": before, "after": after, "bonus": bonus, "capped": total > pawns},
                        DT5)]
        if after == 0:  # DT-6 applies at once, before the attack
            winner = self._other[player]
            s.winner = winner
            s.due = None
            s.result = Outcome(winner, "own-goal", {"player": player})
            events.append(Event("team-empty", {"player": player}, DT56))
            return events
        others = list(ordered)
        others.remove(new)  # the new die does not attack (DT-5)
        events += self._attack(s, rest, others, "trade")
        return events

    def _end_turn(self, s: DiceState) -> None:
        s.actor = actor = self._other[s.actor]
        s.stage = "roll"
        s.due = self._roll_due[False, actor]
        s.rolled = []
        s.reroll_positions = []
        s.rerolls_left = 0
        s.turns += 1

    def _allowance(self, column: list[int]) -> int:
        return column.count(self._face)

    # --- Chance -------------------------------------------------------------------------
    def apply_chance(self, s: DiceState, due: ChanceDue, chance: dict[str, Any]) -> list[Event]:
        # The events keep the entry's own list, which nothing changes; the state gets a copy.
        dice = chance["dice"]
        if s.stage == "reroll":
            rolled = s.rolled
            for position, value in zip(s.reroll_positions, dice, strict=False):
                rolled[position - 1] = value
            s.reroll_positions = []
            events = [Event("rerolled", {"player": s.actor, "dice": dice, "now": list(rolled)},
                            DT2 if s.in_setup else DT3)]
            if s.in_setup and s.rerolls_left == 0:
                return events + self._finish_setup(s, False)
            s.stage = "decide"
            s.due = self._decide_due[s.in_setup, s.actor]
            return events
        s.rolled = list(dice)
        s.stage = "decide"
        s.due = self._decide_due[s.in_setup, s.actor]
        if s.in_setup:
            return [Event("setup-rolled", {"player": s.actor, "dice": dice}, DT2)]
        s.rerolls_left = left = s.column[s.actor].count(self._face)
        return [Event("rolled", {"player": s.actor, "dice": dice, "rerolls": left}, DT3)]

    def _finish_setup(self, s: DiceState, kept: bool) -> list[Event]:
        """The roll becomes the column and its sum the team (DT-1, DT-2); `kept`: without a re-roll."""
        player = s.actor
        column = s.column[player] = s.rolled
        team = s.team[player] = min(self.pawns, sum(column))
        events = [Event("column-set", {"player": player, "dice": list(column), "kept": kept, "team": team}, DT12)]
        s.rolled, s.stage = [], "roll"
        if s.setup_queue:
            s.actor = s.setup_queue.pop(0)
            s.rerolls_left = self.params["setup_rerolls"]
            s.due = self._roll_due[True, s.actor]
            return events
        s.in_setup = False
        a, b = self.player_ids
        tie = s.team[a] == s.team[b]
        if tie:
            s.actor = self.by_side[self.params["tie_starts"]]
        else:
            s.actor = a if s.team[a] < s.team[b] else b
        s.rerolls_left = 0
        s.due = self._roll_due[False, s.actor]
        events.append(Event("starts", {"player": s.actor, "tie": tie}, DT2))
        return events

    # --- Self-play ----------------------------------------------------------------------
    def bot_score(self, s: DiceState, player: str) -> float:
        """Team members ahead: what every pull is about (DT-6)."""
        return s.team[player] - s.team[self.opponent(player)]

    def rounds_played(self, s: DiceState) -> int:
        return (s.turns + 1) // 2

    # --- Result -------------------------------------------------------------------------
    def outcome(self, s: DiceState) -> Outcome | None:
        return s.result

    def match_over(self, s: DiceState, outcome: Outcome) -> None:
        """A host or the clock ended the match: nobody rolls or decides any more."""
        s.ended = True

    def stopped_result(self, s: DiceState) -> Outcome:
        """A host's `end` without a winner: the larger team wins, equal teams draw.

        The seed has no score but elimination (DT-6); this is the adjudicator's reading of
        "score by the game's own rule" for a match stopped early.
        """
        a, b = self.player_ids
        if s.team[a] == s.team[b]:
            return Outcome(None, "equal-teams", {"team": s.team[a]})
        winner = a if s.team[a] > s.team[b] else b
        return Outcome(winner, "larger-team", {"team": s.team[winner], "other": s.team[self.opponent(winner)]})
