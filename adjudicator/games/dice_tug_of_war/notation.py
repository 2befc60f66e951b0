"""The notation of dice Tug of War: typed moves (keep, reroll, attack, trade), their words in a
post, and dice named in words made positions or values (issue 23; DT-2, DT-3, DT-5)."""

from __future__ import annotations

import re
from typing import Any

from adjudicator.errors import NotationError
from adjudicator.game import Form, Game
from adjudicator.games.dice_tug_of_war.rules import DiceState
from adjudicator.lexicon import Lexicon, Word, post_words

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
    faces = False   # a list of dice named by face goes on: "my 1 and 3", never 1 and die 3
    index = 0
    while index < len(words):
        word = words[index]
        folded = word.text.casefold()
        if folded in ("reroll", "re-roll", "trade", "keep", "attack"):
            context, named, faces = folded.replace("-", ""), set(), False
        elif (folded,) in around.hedges:   # "reroll 2. scratch that, 1": what follows is not resolved here
            context = None
        made = None
        if faces and index and not _list_goes_on(words[index - 1]):
            faces = False
        if context == "reroll" and faces and folded.isdecimal():
            made = 1, [_face_or_position(words, index, int(folded), rolled)]
        elif context == "reroll":
            made = _position_reference(words, index, rolled, around)
            if made is None and folded in (*around.counts, *around.ordinals, *around.every):
                made = 1, [_as(words, index, 1, "", "does not say which dice; give their positions, e.g. 'reroll 1 3'.")]
        elif context == "trade":
            made = _value_reference(words, index, around, first=not named)
        if made is None:
            out.append(word)
            named.update([folded] if folded.isdecimal() else [])
            faces = faces and folded in LIST_WORDS
            index += 1
            continue
        faces = context == "reroll" and (folded in around.value_markers or folded in around.counts
                                         or bool(_PLURAL.match(folded)) or faces)
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


LIST_WORDS = frozenset({"and", "&", "+", "plus", "n", "or"})   # what goes between dice of one list


def _list_goes_on(before: Word) -> bool:
    """Does a list of dice go on after `before`: a space or a comma, nothing else ("the 5s (2
    left)", "the 6. 2" end it)?"""
    return not before.trail.strip(" ,")


def _face_or_position(words: list[Word], index: int, number: int, rolled: list[int]) -> Word:
    """A bare number in a list of dice named by face ("reroll my 1 and 3"): the die showing it,
    or die `number`? Read as the face, the list's own way, where that is the only die of the
    roll it can name (no die `number`, or die `number` is the one showing it); refused, quoting
    both, where the two name different dice, and where no one die shows it (a guess between
    readings could re-roll the wrong die)."""
    showing = [p for p, value in enumerate(rolled, start=1) if value == number]
    by_face = showing[0] if len(showing) == 1 else None
    by_position = number if 1 <= number <= len(rolled) else None
    if by_face is not None and by_position is not None and by_face != by_position:
        roll = " ".join(map(str, rolled))
        return _as(words, index, 1, "", f"after dice named by their faces could be the die showing {number} "
                                        f"(die {by_face}) or die {number} (showing {rolled[number - 1]}) in the "
                                        f"roll ({roll}); name each by its face ('the 1 and the 3') or give "
                                        f"positions, e.g. 'reroll 1 3'.")
    if by_face is None:   # in a list of faces, a face no die shows (or several do) names nothing
        return _value_die(words, index, 1, number, rolled)
    return _as(words, index, 1, str(by_face))


def _positions(words: list[Word], index: int, taken: int, positions: Any) -> list[Word]:
    return [_as(words, index, taken, str(p)) for p in positions]


def _as(words: list[Word], index: int, taken: int, text: str, problem: str | None = None) -> Word:
    """The Word standing for words[index:index + taken] of the post."""
    span = words[index:index + taken]
    said = " ".join(w.said for w in span)
    last = span[-1]   # its punctuation too: "reroll the 3?" still asks
    return Word(text or said, said, span[0].start, last.end, problem, last.trail)


class DiceTugOfWarNotation(Game[DiceState]):
    """Typed moves and the reading of dice named in words."""

    notation = (
        Form("keep", ("keep",), "keep the set-up roll as rolled (DT-2)"),
        Form("reroll POSITION...", ("reroll 1 3", "reroll 2"), "re-roll dice by position 1–3 in the last roll "
                                                               "(DT-2, DT-3)"),
        Form("attack", ("attack",), "remove pawns with the rolled dice (DT-4)"),
        Form("trade ROLLED for COLUMN", ("trade 3 for 2",), "a rolled value replaces a column value (DT-5)"),
    )

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
