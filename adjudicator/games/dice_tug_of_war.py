"""Tug of War, the dice game by Bernd Eisenstein (seed 002; rulings DT-1…DT-7).

Each side has a column of three dice and a team of pawns. A turn rolls the three free
dice, may re-roll some (one die per 6 in the column), then attacks or trades. Every roll is
a `chance` entry, so the log alone replays the match (DT-7).

The rules core reports `Event`s, refuses with `Illegal` codes and ends with `Outcome`s, all
plain data; the final section, "Wording", turns them into sentences when they are shown.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Iterator, Mapping

from adjudicator.game import ChanceDue, Event, Form, Game, Illegal, ItemsView, Nature, Outcome, Pending, Turn
from adjudicator.errors import NotationError
from adjudicator.lexicon import Lexicon, Word, post_words
from adjudicator.render import Para, Pre, Table

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


_PLURAL = re.compile(r"^(\d+)'?s$")   # "1s", "6's": every die showing that face


def dice_references(words: list[Word], rolled: list[int]) -> list[Word]:
    """The post's words with dice named in words made numbers (DiceTugOfWar.reword): the
    positions in the last roll after `reroll` (DT-2, DT-3), the values after `trade` (DT-5); a
    reference to no die (or to one of several) becomes a Word with a problem, which the reader
    refuses with."""
    around = post_words()
    out: list[Word] = []
    context = None
    named: set[str] = set()   # positions named since `reroll`, or numbers since `trade`
    index = 0
    while index < len(words):
        word = words[index]
        folded = word.text.casefold()
        if folded in ("reroll", "re-roll", "trade", "keep", "attack"):
            context, named = folded.replace("-", ""), set()
        elif (folded,) in around.hedges:   # "reroll 2. scratch that, 1": what follows is not resolved here
            context = None
        made = None
        if context == "reroll":
            made = _position_reference(words, index, rolled, around)
            if made is None and folded in (*around.counts, *around.ordinals, *around.every):
                made = 1, [_as(words, index, 1, "", "does not say which dice; give their positions, e.g. 'reroll 1 3'.")]
        elif context == "trade":
            made = _value_reference(words, index, around, first=not named)
        if made is None:
            out.append(word)
            named.update([folded] if folded.isdecimal() else [])
            index += 1
            continue
        taken, replaced = made
        said = {w.text for w in replaced if w.problem is None}
        if context == "reroll" and said and said <= named and len(replaced) == len(said):
            index += taken   # "reroll die 3 (the 1)", "reroll 1 2 (the two 1s)": dice named again, by face
            continue
        before = words[index - 1] if index else None
        if context == "reroll" and before is not None and before.text.isdecimal() and not before.comma \
                and said and said != {before.text} and words[index].text.casefold() in around.value_markers:
            replaced = [_as(words, index, taken, "", f"is die {', '.join(sorted(said))}, not die {before.text}; "
                                                     f"give the positions to re-roll.")]   # "reroll 1 (the 6)"
            said = set()
        out.extend(replaced)
        named.update(said)
        index += taken
    return out


Made = tuple[int, list[Word]]   # words of the post taken, and the Words standing for them


def _position_reference(words: list[Word], index: int, rolled: list[int], around: Any) -> Made | None:
    """(words taken, their replacement) for dice named at `index` after `reroll`, or None."""
    folded = [w.text.casefold() for w in words[index:index + 4]]
    first = folded[0]
    if first in around.die_words and len(folded) > 1 and folded[1].isdecimal():
        return 2, [_as(words, index, 2, folded[1])]           # "die 2": the position
    if first in around.ordinals:
        return _ordinal_reference(words, index, folded, rolled, around)
    if first in around.every:
        return _every_reference(words, index, folded, rolled, around)
    if first in around.value_markers or first in around.counts:
        return _face_reference(words, index, folded, rolled, around)
    plural = _PLURAL.match(first)
    if plural:
        return 1, _value_dice(words, index, 1, int(plural.group(1)), None, rolled)
    return None


def _ordinal_reference(words: list[Word], index: int, folded: list[str], rolled: list[int], around: Any) -> Made:
    """"first", "last", "the first two", "the second 5" (the second die showing 5)."""
    place = around.ordinals[folded[0]]
    after = folded[1] if len(folded) > 1 else ""
    many = around.counts.get(after)
    if many is not None:   # "the first two", "the last two"
        if many > len(rolled) or place not in (1, -1):
            return 2, [_as(words, index, 2, "", f"does not fit the roll: it has {len(rolled)} dice.")]
        chosen = range(1, many + 1) if place > 0 else range(len(rolled) - many + 1, len(rolled) + 1)
        return 2, _positions(words, index, 2, chosen)
    if after.isdecimal():   # "the second 5": a face only where it can be no count of dice
        face = int(after)
        if face <= len(rolled):
            return 2, [_as(words, index, 2, "", f"is the {folded[0]} {face} dice, or the {folded[0]} die showing "
                                                f"{face}? Give positions, e.g. 'reroll 1 3'.")]
        showing = [p for p, value in enumerate(rolled, start=1) if value == face]
        nth = place - 1 if place > 0 else len(showing) - 1
        if not 0 <= nth < len(showing):
            return 2, [_as(words, index, 2, "", f"names no die: {len(showing)} of the roll "
                                                f"({' '.join(map(str, rolled))}) show {face}.")]
        return 2, [_as(words, index, 2, str(showing[nth]))]
    place = place if place > 0 else len(rolled)
    if place > len(rolled):
        return 1, [_as(words, index, 1, "", f"names no die: the roll has {len(rolled)} dice.")]
    return 1, [_as(words, index, 1, str(place))]


def _every_reference(words: list[Word], index: int, folded: list[str], rolled: list[int], around: Any) -> Made:
    """"all", "all three", "all but the 6" (every die but those named)."""
    taken = 1
    if len(folded) > 1 and (folded[1] in around.counts or folded[1].isdecimal()):
        said = around.counts.get(folded[1]) or int(folded[1])
        taken = 2
        if said != len(rolled):
            return taken, [_as(words, index, taken, "", f"does not fit the roll: it has {len(rolled)} dice.")]
    every = range(1, len(rolled) + 1)
    for size in (2, 1):
        if tuple(folded[taken:taken + size]) in around.exceptions:
            but = _position_reference(words, index + taken + size, rolled, around) \
                if index + taken + size < len(words) else None
            if but is None:
                return taken + size, [_as(words, index, taken + size, "", "does not say which dice it leaves out; "
                                                                         "give positions, e.g. 'reroll 1 3'.")]
            left_out, named = but
            if any(w.problem for w in named):
                return taken + size + left_out, named
            kept = {int(w.text) for w in named}
            return taken + size + left_out, _positions(words, index, taken + size + left_out,
                                                       [p for p in every if p not in kept])
    return taken, _positions(words, index, taken, every)


def _face_reference(words: list[Word], index: int, folded: list[str], rolled: list[int], around: Any) -> Made | None:
    """"the 6" (the one die showing 6), "both 1s", "the 1s", "the two 1s" (every die showing 1)."""
    first = folded[0]
    count = around.counts.get(first)
    taken = 1
    if len(folded) > 1 and folded[1] in around.counts and count is None:
        count, taken = around.counts[folded[1]], 2
    if len(folded) <= taken:
        return None
    face = folded[taken]
    plural = _PLURAL.match(face)
    if face.isdecimal() and count is None:
        return taken + 1, [_value_die(words, index, taken + 1, int(face), rolled)]
    if plural:
        return taken + 1, _value_dice(words, index, taken + 1, int(plural.group(1)), count, rolled)
    return None


def _value_die(words: list[Word], index: int, taken: int, face: int, rolled: list[int]) -> Word:
    """'the 6': the one die showing 6."""
    showing = [p for p, value in enumerate(rolled, start=1) if value == face]
    roll = " ".join(map(str, rolled))
    if len(showing) == 1:
        return _as(words, index, taken, str(showing[0]))
    if not showing:
        return _as(words, index, taken, "", f"names no die: no die shows {face} in the roll ({roll}); "
                                            f"give positions, e.g. 'reroll 1 3'.")
    return _as(words, index, taken, "", f"could be any of dice {', '.join(map(str, showing))} (the roll is {roll}); "
                                        f"give positions, e.g. 'reroll {showing[0]}'.")


def _value_dice(words: list[Word], index: int, taken: int, face: int, count: int | None,
                rolled: list[int]) -> list[Word]:
    """'both 1s', 'the 1s': every die showing 1 (as many as the post says, if it says)."""
    showing = [p for p, value in enumerate(rolled, start=1) if value == face]
    roll = " ".join(map(str, rolled))
    if not showing:
        return [_as(words, index, taken, "", f"names no die: no die shows {face} in the roll ({roll}).")]
    if count is not None and count != len(showing):
        return [_as(words, index, taken, "", f"does not fit the roll ({roll}): {len(showing)} "
                                             f"{'die shows' if len(showing) == 1 else 'dice show'} {face}.")]
    return _positions(words, index, taken, showing)


def _value_reference(words: list[Word], index: int, around: Any, first: bool) -> tuple[int, list[Word]] | None:
    """After `trade` the numbers are values: "the 6" is 6. A trade names the rolled die first;
    "trade my 2 for the 5" names the column's first, so which is which is asked, not guessed."""
    folded = [w.text.casefold() for w in words[index:index + 2]]
    if folded[0] in around.value_markers and len(folded) > 1 and folded[1].isdecimal():
        if first and folded[0] in around.own:
            return 2, [_as(words, index, 2, "", f"is your column's die, named first; a trade names the rolled "
                                                f"die first: write 'trade ROLLED for {folded[1]}'.")]
        return 2, [_as(words, index, 2, folded[1])]
    return None


def _positions(words: list[Word], index: int, taken: int, positions: Any) -> list[Word]:
    return [_as(words, index, taken, str(p)) for p in positions]


def _as(words: list[Word], index: int, taken: int, text: str, problem: str | None = None) -> Word:
    """The Word standing for words[index:index + taken] of the post."""
    span = words[index:index + taken]
    said = " ".join(w.said for w in span)
    last = span[-1]   # its punctuation too: "reroll the 3?" still asks
    return Word(text or said, said, span[0].start, last.end, problem, last.trail)


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


def dice_text(values: list[int]) -> str:
    return " ".join(str(v) for v in values) if values else "none"


class DiceTugOfWar(Game):
    name = "dice-tug-of-war"
    who_starts = "the set-up roll decides (DT-2)"
    nature = Nature(turns=True, chance=True)
    chance_rulings = ("DT-7",)   # dice are chance entries (DT-7): the engine cites it on a roll recorded wrong
    notation = (
        Form("keep", ("keep",), "keep the set-up roll as rolled (DT-2)"),
        Form("reroll POSITION...", ("reroll 1 3", "reroll 2"), "re-roll dice by position 1–3 in the last roll "
                                                               "(DT-2, DT-3)"),
        Form("attack", ("attack",), "remove pawns with the rolled dice (DT-4)"),
        Form("trade ROLLED for COLUMN", ("trade 3 for 2",), "a rolled value replaces a column value (DT-5)"),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        a, b = self.player_ids
        self._other = {a: b, b: a}
        params = self.params   # read once: the per-entry path looks them up often
        self._pawns = params.get("pawns")
        self._face = params.get("reroll_face")
        self._bonus = params.get("trade_bonus")
        # What can be due, made once: (in set-up, player) -> the roll and the decision after it.
        self._size = size = params.get("column_dice")
        faces = params.get("faces")
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
            for position, value in zip(s.reroll_positions, dice):
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
        names = self.display_names   # players as the thread knows them
        rows = [[view["sides"][p], names[p], view["team"][p], view["reserve"][p],
                 dice_text(view["column"][p]) if view["column"][p] else "-"] for p in self.player_ids]
        blocks: list[Any] = [Table(["side", "player", "team", "reserve", "column"], rows)]
        a, b = self.player_ids
        blocks.append(Pre([self._rope(view["team"][a], view["team"][b], names[a], names[b])]))
        if view["rolled"]:
            blocks.append(Para(self._roll_line(view)))
        return blocks

    def draw_board(self, view: dict[str, Any], canvas: Any, private: dict[str, Any] | None = None) -> bool:
        """The picture (issue 18), drawn in its own module so text boards never load it."""
        from adjudicator.games.dice_tug_of_war_picture import draw

        return draw(self, view, canvas, private)

    def _roll_line(self, view: dict[str, Any]) -> str:
        """The dice on the table: whose roll, and while the match goes on, what is left to do."""
        dice = dice_text(view["rolled"])
        names = self.display_names
        if view["stage"] == "over":
            return f"Last roll, by {names[view['rolled_by']]}: {dice} (the match is over)"
        if view["stage"] == "setup":
            return f"Setup roll of {names[view['actor']]}: {dice}"
        left = view["rerolls_left"]
        return (f"Rolled by {names[view['actor']]}: {dice} (positions 1–{len(view['rolled'])}; "
                f"{left} re-roll{'s' if left != 1 else ''} left)")

    def _rope(self, left: int, right: int, a: str, b: str) -> str:
        """A tug-of-war line: each team's pawns pulling from the middle."""
        return f"{a} {left:>2} {'#' * left:>{self.pawns}}|{'#' * right:<{self.pawns}} {right:<2} {b}"

    # --- Notation -----------------------------------------------------------------------
    _TRADE = re.compile(r"^(?:trade|t)\s+(\d+)\s*(?:for|>|->|→|\s)\s*(\d+)$")

    def parse_move(self, text: str) -> dict[str, Any]:
        words = text.strip().lower().replace(",", " ").split()
        joined = " ".join(words)
        if joined in ("keep", "reroll none", "re-roll none", "keep all"):
            return {"reroll": []}
        if words and words[0] in ("reroll", "re-roll", "r") and len(words) > 1 and all(w.isdecimal() for w in words[1:]):
            return {"reroll": [int(w) for w in words[1:]]}
        if words in (["reroll"], ["re-roll"], ["r"]):   # never read as keep (issue 23)
            raise NotationError(f"'{text}' names no dice to re-roll (to keep the roll, write keep). Write one of: "
                                f"keep, reroll 1 3 (positions in the last roll), attack, trade 3 for 2.")
        if joined in ("attack", "a"):
            return {"attack": True}
        match = self._TRADE.match(joined)
        if match:
            return {"trade": {"rolled": int(match.group(1)), "column": int(match.group(2))}}
        raise NotationError(f"'{text}' is not a dice Tug of War move. Write one of: keep, reroll 1 3 "
                            f"(positions in the last roll), attack, trade 3 for 2 (rolled value for column value).")

    def lexicon(self) -> Lexicon:
        """The words of dice moves (issue 23): keep, reroll, attack, trade; `a` (attack) only
        where a move needs it, being also English; faces `1s`, `6's`. Words naming dice after
        `reroll` ("first", "both", "all") are the reword's: one it cannot place is refused."""
        return Lexicon(frozenset({"keep", "reroll", "re-roll", "attack", "trade", "a"}), (r"\d+'?s",),
                       {("re", "roll"): ("reroll",)})

    def reword(self, s: DiceState, player: str, words: list[Word]) -> list[Word]:
        """Dice as players name them, made positions or values (issue 23): after `reroll`,
        "first", "all three", "#1", "die 2" are positions, "the 6" is the one die showing 6 and
        "both 1s" / "the 1s" every die showing 1; after `trade`, "the 6" is the value 6. A value
        names dice only when exactly one die, or one set of dice, shows it: "reroll the 3" is
        never the third die, and names nothing when no die shows 3."""
        if s.stage != "decide" or not s.rolled:
            return words
        return dice_references(words, list(s.rolled))

    def format_move(self, move: dict[str, Any]) -> str:
        if "reroll" in move:
            return "reroll " + " ".join(map(str, move["reroll"])) if move["reroll"] else "keep"
        if "attack" in move:
            return "attack"
        return f"trade {move['trade']['rolled']} for {move['trade']['column']}"

    def legal_moves(self, s: DiceState, player: str, items: ItemsView | None = None) -> Iterator[tuple[dict[str, Any], tuple[Event, ...]]]:
        """Each legal move with what it would do: one `would-…` event (worded by the tables below)."""
        if s.winner or s.stage != "decide" or player != s.actor:
            return
        positions = range(1, len(s.rolled) + 1)
        if s.in_setup:
            yield {"reroll": []}, (Event("would-keep", {"column": sorted(s.rolled),
                                                        "team": min(self.pawns, sum(s.rolled))}, DT12),)
        most = len(s.rolled) if s.in_setup else min(s.rerolls_left, len(s.rolled))
        rule = DT2 if s.in_setup else DT3
        for k in range(1, most + 1):
            for chosen in combinations(positions, k):
                showing = [s.rolled[p - 1] for p in chosen]
                yield {"reroll": list(chosen)}, (Event("would-reroll", {"showing": showing}, rule),)
        if s.in_setup:
            return
        opponent = self.opponent(player)
        hits = min(len(count_matches(s.rolled, s.column[player])), s.team[opponent])
        yield {"attack": True}, (Event("would-attack", {"removes": hits}, DT4),)
        for new in sorted(set(s.rolled)):
            for old in sorted(set(s.column[player])):
                if new == old:
                    continue
                team = max(0, min(self.pawns, s.team[player] + self.params["trade_bonus"] + new - old))
                if team == 0:
                    yield {"trade": {"rolled": new, "column": old}}, (Event("would-empty-own-team", {}, DT56),)
                    continue
                rest, others = list(s.rolled), list(s.column[player])
                rest.remove(new)
                others.remove(old)
                hits = min(len(count_matches(rest, others)), s.team[opponent])
                yield {"trade": {"rolled": new, "column": old}}, (
                    Event("would-trade", {"before": s.team[player], "after": team, "removes": hits}, DT5),)


# --- Wording ------------------------------------------------------------------------------
# Sentences, made from the data above only when something is shown (adjudicator.wording):
# the class's tables `words` (event kinds), `refusals` (codes), `endings` (terminations) and
# `dues` (labels), each code -> (game, fields) -> sentence.

def _s(count: int, word: str) -> str:
    """`word` with an `s` unless `count` is one."""
    return word if count == 1 else word + "s"


def _rerolled(game: DiceTugOfWar, f: Mapping[str, Any]) -> str:
    positions = f["positions"]
    left = "" if f["left"] is None else f"; {f['left']} {_s(f['left'], 're-roll')} left"
    return (f"{game.who(f['player'])} re-rolls {_s(len(positions), 'position')} {', '.join(map(str, positions))} "
            f"(showing {dice_text(f['showing'])}){left}")


def _rolled(game: DiceTugOfWar, f: Mapping[str, Any]) -> str:
    left = f["rerolls"]
    grant = (f"; {left} {_s(left, 're-roll')} for the {game.params['reroll_face']}s in the column"
             if left else "")
    return f"{game.who(f['player'])} rolls {dice_text(f['dice'])}{grant}"


def _attacked(game: DiceTugOfWar, f: Mapping[str, Any]) -> str:
    lead = f"{game.who(f['player'])} attacks with" if f["by"] == "attack" else "the other dice"
    matched = ", ".join(f"{r}≥{c}" for r, c in f["pairs"]) or "no die reaches a column die"
    return (f"{lead} {dice_text(f['rolled'])} against column {dice_text(f['column'])}: {matched}; "
            f"{game.who(game.opponent(f['player']))} loses {f['removed']} ({f['before']} → {f['after']})")


def _traded(game: DiceTugOfWar, f: Mapping[str, Any]) -> str:
    capped = " (limited by the reserve)" if f["capped"] else ""
    return (f"{game.who(f['player'])} trades the rolled {f['new']} for the column {f['old']}: column "
            f"{dice_text(f['column'])}; team {f['before']} → {f['after']} "
            f"({f['bonus']:+d} for the trade, {f['new'] - f['old']:+d} difference){capped}")


def _starts(game: DiceTugOfWar, f: Mapping[str, Any]) -> str:
    why = f"equal teams: {game.params['tie_starts']} starts" if f["tie"] else "the smaller team starts"
    return f"{why}: {game.label(f['player'])} begins"


DiceTugOfWar.words = {
    "setup-rolled": lambda g, f: f"{g.who(f['player'])}'s setup roll: {dice_text(f['dice'])}",
    "rolled": _rolled,
    "reroll": _rerolled,
    "rerolled": lambda g, f: f"{g.who(f['player'])}'s re-roll: {dice_text(f['dice'])}; dice now {dice_text(f['now'])}",
    "column-set": lambda g, f: (f"{g.who(f['player'])} {'keeps' if f['kept'] else 'takes'} {dice_text(f['dice'])} as the "
                                f"column: team {f['team']}, reserve {g.pawns - f['team']}"),
    "starts": _starts,
    "attacked": _attacked,
    "traded": _traded,
    "team-empty": lambda g, f: f"{g.who(f['player'])}'s team is empty: {g.who(g.opponent(f['player']))} wins",
    # The previews of legal moves.
    "would-keep": lambda g, f: f"column {dice_text(f['column'])}, team {f['team']}",
    "would-reroll": lambda g, f: f"re-roll {dice_text(f['showing'])}",
    "would-attack": lambda g, f: f"removes {f['removes']}",
    "would-trade": lambda g, f: f"team {f['before']} → {f['after']}, removes {f['removes']}",
    "would-empty-own-team": lambda g, f: "empties your own team: you lose",
}


def _bad_position(game: DiceTugOfWar, f: Mapping[str, Any]) -> str:
    if f["position"] is None:
        return "a re-roll names each position once"
    return (f"position {f['position']} does not exist: positions run 1–{f['size']} "
            f"in the last roll ({dice_text(f['rolled'])})")


DiceTugOfWar.refusals = {
    "in-setup": lambda g, f: (f"{g.who(f['player'])} is still setting up: keep the setup roll or re-roll "
                              "1–3 of its dice"),
    "reroll-position": _bad_position,
    "empty-reroll": lambda g, f: ("an empty re-roll only keeps a setup roll; in a turn, re-roll "
                                  "some dice, attack or trade"),
    "reroll-allowance": lambda g, f: (f"{g.who(f['player'])} may re-roll {f['left']} more {'die' if f['left'] == 1 else 'dice'}"
                                      f" this turn (one per {f['face']} in the column, which has {f['allowance']})"),
    "trade-not-rolled": lambda g, f: f"no {f['value']} was rolled (rolled: {dice_text(f['rolled'])})",
    "trade-not-in-column": lambda g, f: f"the column has no {f['value']} (column: {dice_text(f['column'])})",
    "trade-same-value": lambda g, f: f"a trade needs dice of different values, not {f['rolled']} for {f['old']}",
}

DiceTugOfWar.endings = {
    "team-empty": lambda g, f: f"{g.who(f['player'])}'s team has no pawns left",
    "own-goal": lambda g, f: f"{g.who(f['player'])}'s trade emptied their own team",
    "equal-teams": lambda g, f: f"equal teams ({f['team']} each)",
    "larger-team": lambda g, f: f"larger team ({f['team']} to {f['other']})",
}


def _reroll_label(game: DiceTugOfWar, f: Mapping[str, Any]) -> str:
    positions = f["positions"]
    return f"re-roll of {_s(len(positions), 'position')} {', '.join(map(str, positions))} for {game.who(f['player'])}"


DiceTugOfWar.dues = {
    "setup-roll": lambda g, f: f"setup roll: {f['dice']} dice for {g.who(f['player'])}",
    "turn-roll": lambda g, f: f"turn roll: {f['dice']} dice for {g.who(f['player'])}",
    "reroll": _reroll_label,
    "setup-decision": lambda g, f: "keep or re-roll the setup roll",
    "turn-decision": lambda g, f: "re-roll, attack or trade",
}


GAME = DiceTugOfWar
