"""Tug of War, the dice game by Bernd Eisenstein (seed 002; rulings DT-1…DT-7).

Each side has a column of three dice and a team of pawns. A turn rolls the three free
dice, may re-roll some (one die per 6 in the column), then attacks or trades. Every roll is
a `chance` entry, so the log alone replays the match (DT-7).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Iterator

from adjudicator.engine import ChanceDue, Event, Game, Illegal, Outcome, Pending, Turn, ItemsView, said, illegal_said, Nature
from adjudicator.errors import NotationError
from adjudicator.render import Para, Pre, Table


@dataclass
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
    reason: str = ""
    ended: bool = False               # ended by a host entry or the clock, not by the rules (DT-6)


def count_matches(rolled: list[int], column: list[int]) -> list[tuple[int, int]]:
    """A largest matching of rolled dice to distinct column dice with rolled ≥ column (DT-4).

    Greedy over the column in ascending order, each taking the smallest rolled die that
    reaches it, is optimal for this threshold structure.
    """
    pool = sorted(rolled)
    pairs = []
    for need in sorted(column):
        for index, value in enumerate(pool):
            if value >= need:
                pairs.append((pool.pop(index), need))
                break
    return pairs


def dice_text(values: list[int]) -> str:
    return " ".join(str(v) for v in values) if values else "none"


class DiceTugOfWar(Game):
    name = "dice-tug-of-war"
    who_starts = "the set-up roll decides (DT-2)"
    nature = Nature(turns=True, chance=True)
    notation = "keep | reroll POS... | attack | trade ROLLED for COLUMN"
    notation_examples = ("keep", "reroll 1 3", "attack", "trade 3 for 2")

    # --- Parameters ---------------------------------------------------------------------
    @property
    def pawns(self) -> int:
        return self.params["pawns"]

    @property
    def size(self) -> int:
        return self.params["column_dice"]

    @property
    def faces(self) -> int:
        return self.params["faces"]

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
                         setup_queue=order[1:], actor=order[0], rerolls_left=self.params["setup_rerolls"])

    def pending(self, s: DiceState) -> Pending:
        if s.winner:
            return None
        if s.stage == "roll":
            what = "setup roll" if s.in_setup else "turn roll"
            return ChanceDue(f"{what}: {self.size} dice for {s.actor}", dice=self.size, faces=self.faces)
        if s.stage == "reroll":
            where = ", ".join(str(p) for p in s.reroll_positions)
            return ChanceDue(f"re-roll of position{'s' if len(s.reroll_positions) > 1 else ''} {where} "
                             f"for {s.actor}", dice=len(s.reroll_positions), faces=self.faces)
        if s.in_setup:
            return Turn((s.actor,), "keep or re-roll the setup roll")
        return Turn((s.actor,), "re-roll, attack or trade")

    # --- Moves --------------------------------------------------------------------------
    def check_move(self, s: DiceState, player: str, move: dict[str, Any]) -> None:
        if "reroll" in move:
            self._check_reroll(s, move["reroll"])
        elif s.in_setup:
            raise illegal_said("in-setup", f"{player} is still setting up: keep the setup roll or re-roll "
                          "1–3 of its dice", "DT-2")
        elif "trade" in move:
            self._check_trade(s, move["trade"])

    def _check_reroll(self, s: DiceState, positions: list[int]) -> None:
        bad = [p for p in positions if not 1 <= p <= self.size]
        if bad:
            raise illegal_said("reroll-position", f"position {bad[0]} does not exist: positions run 1–{self.size} "
                          f"in the last roll ({dice_text(s.rolled)})", "DT-3")
        if len(set(positions)) != len(positions):
            raise illegal_said("reroll-position", "a re-roll names each position once", "DT-3")
        if s.in_setup:
            return  # DT-2: 0–3 dice, once; the stage machine allows a single decision
        if not positions:
            raise illegal_said("empty-reroll", "an empty re-roll only keeps a setup roll; in a turn, re-roll "
                          "some dice, attack or trade", "DT-3")
        if len(positions) > s.rerolls_left:
            sixes = self._allowance(s.column[s.actor])
            raise illegal_said("reroll-allowance", f"{s.actor} may re-roll {s.rerolls_left} more "
                          f"{'die' if s.rerolls_left == 1 else 'dice'} this turn (one per "
                          f"{self.params['reroll_face']} in the column, which has {sixes})", "DT-3")

    def _check_trade(self, s: DiceState, trade: dict[str, int]) -> None:
        rolled, old = trade["rolled"], trade["column"]
        if rolled not in s.rolled:
            raise illegal_said("trade-not-rolled", f"no {rolled} was rolled (rolled: {dice_text(s.rolled)})", "DT-5")
        column = s.column[s.actor]
        if old not in column:
            raise illegal_said("trade-not-in-column", f"the column has no {old} (column: "
                          f"{dice_text(sorted(column))})", "DT-5")
        if rolled == old:
            raise illegal_said("trade-same-value", f"a trade needs dice of different values, not {rolled} for {old}",
                          "DT-5")

    def apply_move(self, s: DiceState, player: str, move: dict[str, Any]) -> list[Event]:
        if "reroll" in move:
            return self._reroll(s, move["reroll"])
        if "attack" in move:
            events = self._attack(s, list(s.rolled), s.column[player], f"{player} attacks with")
        else:
            events = self._trade(s, move["trade"]["rolled"], move["trade"]["column"])
        if not s.winner:
            self._end_turn(s)
        return events

    def _reroll(self, s: DiceState, positions: list[int]) -> list[Event]:
        if not positions:  # only legal in set-up (DT-2)
            return self._finish_setup(s, "keeps")
        s.rerolls_left -= 1 if s.in_setup else len(positions)
        s.reroll_positions = list(positions)
        s.stage = "reroll"
        values = dice_text([s.rolled[p - 1] for p in positions])
        rule = "DT-2" if s.in_setup else "DT-3"
        left = "" if s.in_setup else f"; {s.rerolls_left} re-roll{'s' if s.rerolls_left != 1 else ''} left"
        return [said(f"{s.actor} re-rolls position{'s' if len(positions) > 1 else ''} "
                      f"{', '.join(map(str, positions))} (showing {values}){left}", (rule,))]

    def _attack(self, s: DiceState, rolled: list[int], column: list[int], lead: str) -> list[Event]:
        """Remove one opposing pawn per matched die, never more than the team holds (DT-4)."""
        opponent = self.opponent(s.actor)
        pairs = count_matches(rolled, column)
        removed = min(len(pairs), s.team[opponent])
        before = s.team[opponent]
        s.team[opponent] -= removed
        matched = ", ".join(f"{r}≥{c}" for r, c in pairs) or "no die reaches a column die"
        events = [said(f"{lead} {dice_text(rolled)} against column {dice_text(sorted(column))}: {matched}; "
                        f"{opponent} loses {removed} ({before} → {s.team[opponent]})", ("DT-4",))]
        if s.team[opponent] == 0:
            s.winner, s.reason = s.actor, f"{opponent}'s team has no pawns left"
            events.append(said(f"{opponent}'s team is empty: {s.actor} wins", ("DT-6",)))
        return events

    def _trade(self, s: DiceState, new: int, old: int) -> list[Event]:
        """One rolled die replaces a column die; the other two attack the rest (DT-5)."""
        player = s.actor
        column = s.column[player]
        column[column.index(old)] = new
        rest = list(s.rolled)
        rest.remove(new)
        change = self.params["trade_bonus"] + (new - old)
        before = s.team[player]
        s.team[player] = max(0, min(self.pawns, before + change))
        capped = " (limited by the reserve)" if before + change > self.pawns else ""
        events = [said(f"{player} trades the rolled {new} for the column {old}: column "
                        f"{dice_text(sorted(column))}; team {before} → {s.team[player]} "
                        f"({self.params['trade_bonus']:+d} for the trade, {new - old:+d} difference){capped}",
                        ("DT-5",))]
        if s.team[player] == 0:  # DT-6 applies at once, before the attack
            s.winner, s.reason = self.opponent(player), f"{player}'s trade emptied their own team"
            events.append(said(f"{player}'s team is empty: {self.opponent(player)} wins", ("DT-5", "DT-6")))
            return events
        others = list(column)
        others.remove(new)  # the new die does not attack (DT-5)
        events += self._attack(s, rest, others, "the other dice")
        return events

    def _end_turn(self, s: DiceState) -> None:
        s.actor = self.opponent(s.actor)
        s.stage, s.rolled, s.reroll_positions, s.rerolls_left = "roll", [], [], 0
        s.turns += 1

    def _allowance(self, column: list[int]) -> int:
        return column.count(self.params["reroll_face"])

    # --- Chance -------------------------------------------------------------------------
    def apply_chance(self, s: DiceState, due: ChanceDue, chance: dict[str, Any]) -> list[Event]:
        dice = list(chance["dice"])
        if s.stage == "reroll":
            for position, value in zip(s.reroll_positions, dice):
                s.rolled[position - 1] = value
            s.reroll_positions = []
            rule = "DT-2" if s.in_setup else "DT-3"
            events = [said(f"{s.actor}'s re-roll: {dice_text(dice)}; dice now {dice_text(s.rolled)}", (rule,))]
            if s.in_setup and s.rerolls_left == 0:
                return events + self._finish_setup(s, "takes")
            s.stage = "decide"
            return events
        s.rolled = dice
        s.stage = "decide"
        if s.in_setup:
            return [said(f"{s.actor}'s setup roll: {dice_text(dice)}", ("DT-2",))]
        s.rerolls_left = self._allowance(s.column[s.actor])
        grant = (f"; {s.rerolls_left} re-roll{'s' if s.rerolls_left != 1 else ''} "
                 f"for the {self.params['reroll_face']}s in the column" if s.rerolls_left else "")
        return [said(f"{s.actor} rolls {dice_text(dice)}{grant}", ("DT-3",))]

    def _finish_setup(self, s: DiceState, verb: str) -> list[Event]:
        player = s.actor
        s.column[player] = list(s.rolled)
        s.team[player] = min(self.pawns, sum(s.rolled))
        events = [said(f"{player} {verb} {dice_text(s.rolled)} as the column: team {s.team[player]}, "
                        f"reserve {self.pawns - s.team[player]}", ("DT-1", "DT-2"))]
        s.rolled, s.stage = [], "roll"
        if s.setup_queue:
            s.actor = s.setup_queue.pop(0)
            s.rerolls_left = self.params["setup_rerolls"]
            return events
        s.in_setup = False
        a, b = self.player_ids
        if s.team[a] != s.team[b]:
            s.actor = a if s.team[a] < s.team[b] else b
            why = "the smaller team starts"
        else:
            s.actor = self.by_side[self.params["tie_starts"]]
            why = f"equal teams: {self.params['tie_starts']} starts"
        s.rerolls_left = 0
        events.append(said(f"{why}: {self.label(s.actor)} begins", ("DT-2",)))
        return events

    # --- Self-play ----------------------------------------------------------------------
    def bot_score(self, s: DiceState, player: str) -> float:
        """Team members ahead: what every pull is about (DT-6)."""
        return s.team[player] - s.team[self.opponent(player)]

    def rounds_played(self, s: DiceState) -> int:
        return (s.turns + 1) // 2

    # --- Result -------------------------------------------------------------------------
    def outcome(self, s: DiceState) -> Outcome | None:
        return Outcome(s.winner, s.reason) if s.winner else None

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
            return Outcome(None, f"equal teams ({s.team[a]} each)")
        winner = a if s.team[a] > s.team[b] else b
        return Outcome(winner, f"larger team ({s.team[winner]} to {s.team[self.opponent(winner)]})")

    # --- Views --------------------------------------------------------------------------
    def public_view(self, s: DiceState, items: ItemsView | None = None) -> dict[str, Any]:
        """Everything in this game is public: dice, columns, teams. Once the match is over
        nobody is to act (`actor` null); `rolled_by` names who rolled the dice still shown."""
        over = bool(s.winner) or s.ended
        return {
            "team": dict(s.team),
            "reserve": {p: self.pawns - n for p, n in s.team.items()},
            "column": {p: sorted(c) for p, c in s.column.items()},
            "sides": {p: self.by_id[p].side for p in self.player_ids},
            "stage": "over" if over else ("setup" if s.in_setup else "play"),
            "actor": None if over else s.actor,
            "rolled": list(s.rolled),
            "rolled_by": s.actor if s.rolled else None,
            "rerolls_left": s.rerolls_left,
            "turns": s.turns,
        }

    def board_blocks(self, view: dict[str, Any]) -> list[Any]:
        rows = [[view["sides"][p], p, view["team"][p], view["reserve"][p],
                 dice_text(view["column"][p]) if view["column"][p] else "-"] for p in self.player_ids]
        blocks: list[Any] = [Table(["side", "player", "team", "reserve", "column"], rows)]
        a, b = self.player_ids
        blocks.append(Pre([self._rope(view["team"][a], view["team"][b], a, b)]))
        if view["rolled"]:
            blocks.append(Para(self._roll_line(view)))
        return blocks

    def _roll_line(self, view: dict[str, Any]) -> str:
        """The dice on the table: whose roll, and while the match goes on, what is left to do."""
        dice = dice_text(view["rolled"])
        if view["stage"] == "over":
            return f"Last roll, by {view['rolled_by']}: {dice} (the match is over)"
        if view["stage"] == "setup":
            return f"Setup roll of {view['actor']}: {dice}"
        left = view["rerolls_left"]
        return (f"Rolled by {view['actor']}: {dice} (positions 1–{len(view['rolled'])}; "
                f"{left} re-roll{'s' if left != 1 else ''} left)")

    def _rope(self, left: int, right: int, a: str, b: str) -> str:
        """A tug-of-war line: each team's pawns pulling from the middle."""
        return f"{a} {left:>2} {'#' * left:>{self.pawns}}|{'#' * right:<{self.pawns}} {right:<2} {b}"

    # --- Notation -----------------------------------------------------------------------
    _TRADE = re.compile(r"^(?:trade|t)\s+(\d+)\s*(?:for|>|->|→|\s)\s*(\d+)$")

    def parse_move(self, text: str) -> dict[str, Any]:
        words = text.strip().lower().replace(",", " ").split()
        joined = " ".join(words)
        if joined in ("keep", "reroll", "re-roll", "reroll none", "re-roll none", "keep all"):
            return {"reroll": []}
        if words and words[0] in ("reroll", "re-roll", "r") and all(w.isdecimal() for w in words[1:]):
            return {"reroll": [int(w) for w in words[1:]]}
        if joined in ("attack", "a"):
            return {"attack": True}
        match = self._TRADE.match(joined)
        if match:
            return {"trade": {"rolled": int(match.group(1)), "column": int(match.group(2))}}
        raise NotationError(f"'{text}' is not a dice Tug of War move. Write one of: keep, reroll 1 3 "
                            f"(positions in the last roll), attack, trade 3 for 2 (rolled value for column value).")

    def format_move(self, move: dict[str, Any]) -> str:
        if "reroll" in move:
            return "reroll " + " ".join(map(str, move["reroll"])) if move["reroll"] else "keep"
        if "attack" in move:
            return "attack"
        return f"trade {move['trade']['rolled']} for {move['trade']['column']}"

    def legal_moves(self, s: DiceState, player: str) -> Iterator[tuple[dict[str, Any], str]]:
        if s.winner or s.stage != "decide" or player != s.actor:
            return
        positions = range(1, len(s.rolled) + 1)
        if s.in_setup:
            yield {"reroll": []}, f"column {dice_text(sorted(s.rolled))}, team {min(self.pawns, sum(s.rolled))}"
        most = len(s.rolled) if s.in_setup else min(s.rerolls_left, len(s.rolled))
        for k in range(1, most + 1):
            for chosen in combinations(positions, k):
                showing = dice_text([s.rolled[p - 1] for p in chosen])
                yield {"reroll": list(chosen)}, f"re-roll {showing}"
        if s.in_setup:
            return
        opponent = self.opponent(player)
        hits = min(len(count_matches(s.rolled, s.column[player])), s.team[opponent])
        yield {"attack": True}, f"removes {hits}"
        for new in sorted(set(s.rolled)):
            for old in sorted(set(s.column[player])):
                if new == old:
                    continue
                team = max(0, min(self.pawns, s.team[player] + self.params["trade_bonus"] + new - old))
                if team == 0:
                    yield {"trade": {"rolled": new, "column": old}}, "empties your own team: you lose"
                    continue
                rest, others = list(s.rolled), list(s.column[player])
                rest.remove(new)
                others.remove(old)
                hits = min(len(count_matches(rest, others)), s.team[opponent])
                yield {"trade": {"rolled": new, "column": old}}, f"team {s.team[player]} → {team}, removes {hits}"


GAME = DiceTugOfWar
