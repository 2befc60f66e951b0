"""The notation of dice Tug of War: typed moves (keep, reroll, attack, trade), their words in a
post, and dice named in words made positions or values (DT-2, DT-3, DT-5).

Faces and positions are never guessed between: `#1`, `die 1`, `first` and a bare number after
`reroll` are positions; `the 1`, `my 3`, `the 1s`, `the two fours`, `the five` are faces, the
same way in every phrase. Where one number could be either and the two name different dice,
the post is refused (a NotationError), never read one way or refused as an illegal move."""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from adjudicator.errors import NotationError
from adjudicator.game import Form, Game
from adjudicator.games.dice_tug_of_war.rules import DiceState
from adjudicator.lexicon import Lexicon, Word, post_words

_PLURAL = re.compile(r"^(\d+)'?s$")   # "1s", "6's": every die showing that face

ROLLED, COLUMN = "rolled", "column"   # the two dice of a trade (DT-5)

# --- English of dice moves, as data (each read in dice_references and the readers below) ---
REROLL_WORDS = frozenset({"reroll", "re-roll"})
MOVE_WORDS = frozenset({"reroll", "re-roll", "trade", "keep", "attack"})
# The moves' words as players say they are doing them ("ok attacking", "rerolling the 6"): the
# move's word. ("keeping", "trading" are read where they name dice: KEEP_WORDS, TRADE_VERBS.)
DOING = {"attacking": "attack", "rerolling": "reroll", "re-rolling": "reroll"}
# Re-roll as players shorten or say it: "rr the 6", "rethrow die 1" (DT-2, DT-3).
REROLL_SAID: tuple[tuple[str, ...], ...] = (("rr",), ("rethrow",), ("re-throw",), ("retoss",), ("re-toss",))
# "throw the ones again", "roll the first die again": a roll of named dice said again is their re-roll;
# "again" must end the clause, with the dice alone between (no other move word), at most AGAIN_SPAN words.
SWAPPED_WITH = "with"   # "swap the 1 with the 2 in my column": the 2 is the column's (_swapped_with)
ROLL_VERBS = frozenset({"roll", "throw", "toss", "chuck"})
AGAIN = "again"
AGAIN_SPAN = 5
# One of the re-rolls a player has, used on one die (DT-3): "one of my two rerolls on die 2" is
# `reroll 2`. Only "one of": "my two rerolls on die 2" may be one die re-rolled twice.
ONE_OF = ("one", "of")
REROLL_NOUNS = frozenset({"rerolls", "re-rolls"})
OWNERS = frozenset({"my", "the"})
ON_WORDS = frozenset({"on", "for"})
# An attack uses every rolled die (DT-4), and a trade attacks with the two other rolled dice on
# its own (DT-5): "attack with the 6 and 4" (dice of the roll) is `attack`; "trade 5 for 2 then
# attack w/ the rest" is the trade, its attack said again. Dice named that the roll does not
# hold, or an attack after a trade with other dice named, are left as written (and refused).
ATTACK_WORDS = frozenset({"attack", "attacking"})
WITH_WORDS = frozenset({"with", "w/", "using"})
THEN_WORDS = frozenset({"then", "and", "&", "+"})   # "trade 5 for 2 then attack"
# Faces written as words in the plural name every die showing them ("keep the ones", "both
# fives"): the lexicon's phrases make them the digit plurals the reword reads (`1s`).
FACE_PLURALS = {"ones": "1s", "twos": "2s", "threes": "3s", "fours": "4s", "fives": "5s", "sixes": "6s"}
# ...but "those ones", "these ones" point back at dice ("ones" the pronoun): kept as written,
# so they name no face.
POINTING_ONES = (("those", "ones"), ("these", "ones"))
# Words that name the dice a player keeps ("keep the 6, reroll the others"): what such a clause
# names is left out of "the others", and must not be re-rolled as well (DT-2, DT-3).
KEEP_WORDS = frozenset({"keep", "keeping", "hold", "holding", "save", "saving", "leave", "leaving"})
# "the others", "the rest": every die not kept; "the other two", "the remaining dice" with a
# count or a die word after them.
OTHERS = frozenset({"others", "rest"})
OTHER = frozenset({"other", "remaining"})
# "the dice showing 1 and 2": every number of the list after it is a face, never a position.
SHOWING = frozenset({"showing", "show", "shows"})
COUNTS_ONLY = frozenset({"both"})
# "the two dice that show 5", "the dice showing 5": dice in the plural showing one face are every
# die showing it (as "the two 5s", "the 5s"); "the die showing 5" is one die (DT-3).
DICE_PLURAL = "dice"
HAVING = frozenset({"with"}) | SHOWING   # "the dice with a 5": showing it
FACE_ARTICLES = frozenset({"a", "an"})   # "the two dice showing a 5"
# "both of the 5s", "both of my fives": "both" (a count of the dice named after it).
BOTH_OF: tuple[tuple[str, ...], ...] = (("both", "of", "the"), ("both", "of", "my"))
# The attack said as what it does (DT-4: rolled dice remove the opponent's pawns): "I'll remove
# pawns", "removing her pawns". Only with "pawns": "remove" alone may be a trade ("remove my 2").
PAWN_VERBS = ("remove", "removing", "kill", "killing", "knock", "knocking")
PAWN_OWNERS = ((), ("her",), ("his",), ("your",), ("their",), ("some",), ("the",), ("some", "of", "her"),
               ("some", "of", "his"), ("some", "of", "your"), ("the", "opponent's"), ("opponent's",))
REMOVING_PAWNS: tuple[tuple[str, ...], ...] = tuple((verb, *owner, "pawns") for verb in PAWN_VERBS
                                                    for owner in PAWN_OWNERS)
# Die words in the plural that posts.yaml's die_words ("die", "dice", "position") lack: "reroll
# positions 2 and 3" names positions, as "reroll dice 2 and 3" does.
POSITION_PLURALS = frozenset({"positions"})   # a count that is never a face ("the five" is one)
# A trade said in words (DT-5) names which die goes into the column (the rolled one) and which
# leaves it (the column's): "swap the 3 in for my 2", "take the 4, give up the 3", "4 goes in,
# my 2 goes out", "put the 1 in for a 6". Without such words "swap 5 for 2" could be either.
SWAP_VERBS = frozenset({"swap", "swapping", "switch", "switching", "exchange", "exchanging"})
TRADE_VERBS = frozenset({"trade", "trading"})   # "trade X for Y" names the rolled die first (the notation)
# "change the 1 for a 6 of the column": a swap verb, but also a correction word (posts.yaml's
# hedges: "change: reroll 2"), so read as a swap only where a die is named right after it.
CHANGE_VERBS = frozenset({"change", "changing"})
# "trade rolled 2 -> column 6": a die labelled with where it is, the label right before its
# number (DT-5). Not where another number follows ("column 2 6 6", "rolled 5 3 5": the dice
# reported), and not "roll 2" (two dice rolled?).
DIE_LABELS = {"rolled": ROLLED, "column": COLUMN, "col": COLUMN}
LABEL_MARKERS = frozenset({"my", "a", "an", "the", "one"})   # "my rolled 2", "a column 6": the label says whose
# "put the 1 where my 2 is": the die said between these takes the place (DT-5), as "in place of my 2".
WHERE_DIE_IS = ("where", frozenset({"is", "was", "sits", "sat", "stands", "stood"}))
TAKE_VERBS = frozenset({("take",), ("taking",), ("put",), ("putting",), ("bring",), ("bringing",)})
GIVE_VERBS = frozenset({("give", "up"), ("giving", "up"), ("give", "away"), ("drop",), ("dropping",), ("lose",),
                        ("losing",), ("ditch",), ("ditching",), ("replace",), ("replacing",), ("replaces",)})
# The die said after these leaves the column, the one before them (if any) takes its place:
# "put a 5 in place of one of the 6s", "the 3 instead of my 2", "4 replaces my 3" (the verb above).
INSTEAD_OF = frozenset({("in", "place", "of"), ("instead", "of")})
# "the rolled 3 takes the place of a 6": the taken die in place of the column's, as "in place of" (DT-5)
TAKES_THE_PLACE: tuple[tuple[str, ...], ...] = tuple((verb, "the", noun, "of") for verb in ("takes", "take", "taking")
                                                     for noun in ("place", "spot"))
# "the die in the middle", "the middle die": a roll has three dice (DT-2, DT-3), the middle one
# is die 2, said as the ordinal the reword already reads ("the second die").
MIDDLE_DIE: tuple[tuple[str, ...], ...] = tuple(said for middle in ("middle", "centre", "center")
                                                for said in (("the", middle, "die"), ("the", "die", "in", "the", middle)))
INSTEAD = "instead"   # after a trade whose dice are given up and taken (_given_and_taken)
INTO = "in"     # the die goes into the column: the rolled one ("the 3 in", "4 goes in", "swap in the 3")
OUT_OF = "out"  # the die leaves the column: the column's ("my 2 goes out", "swap out the 2")
MOVING = frozenset({"goes", "go", "going", "comes", "come", "coming"})   # "4 goes in": the verb says nothing more
# Where a die of a trade is, said right after it ("the 2 in my column", "the 5 from the roll"):
# the column's die or the rolled one (DT-5). Read before `in` alone (which puts a die in), and
# only in a trade said without words of motion ("put the 5 in my column", "5 goes in the
# column": there "in my column" is where the die goes, the other way round).
WHERE_WORDS = frozenset({"in", "from", "of", "on"})
# Of those, the ones that may say where a die goes, too: "swap the 2 for the 5 in my column"
# (the 5 of the column, or the 5 going in?). Read only on the die a trade names first, or after
# `trade`, whose notation names the column's die second ("trade the 5 for the 2 in my column").
WHERE_GOING = frozenset({"in", "on"})
WHERE_OWNERS = frozenset({"my", "the", "this"})
# "the 4 I rolled goes in": the die of the roll, as "the 4 from the roll" says (DT-5).
I_ROLLED: tuple[tuple[str, ...], ...] = (("i", "rolled"), ("i", "just", "rolled"), ("that", "i", "rolled"),
                                         ("i've", "rolled"), ("i", "got"), ("i", "just", "got"))
WHERE_NOUNS = {"column": COLUMN, "col": COLUMN, "roll": ROLLED}
# "swap the 3 into my column for the 2": "into" the column says only where a die goes, so the
# die is the rolled one going in, as "the 3 in" says (INTO).
INTO_COLUMN: tuple[tuple[str, ...], ...] = tuple((into, *owner, noun) for into in ("into", "to")
                                                 for owner in ((), ("my",), ("the",))
                                                 for noun in ("column", "col"))
# "reroll the lot": every die, as "all" is.
THE_LOT = (("the", "lot"), ("the", "whole", "lot"))
# "all of them", "every one of them", "all 3 of the dice": every die, as "all" is. After "every"
# and "each", "one of" counts nothing ("every one of them" is not one die).
OF_THEM = frozenset({"them", "em", "those", "these"})
EVERY_ONE = ("one", "of")
# Marks after "all" that say the positions after it again ("reroll all three: 1 2 3").
RESTATING = ":(-–—=,"
# The setup roll kept, said as a keep word and the roll ("keeping it", "holding this roll",
# "sticking with that"): the move keep (DT-2). Only in a setup post with no other move word,
# and only where no die is named after it ("keeping that 6" names a die: a keep clause).
KEEP_ROLL_VERBS: tuple[tuple[str, ...], ...] = (("keeping",), ("holding",), ("keep",), ("sticking", "with"),
                                                ("stick", "with"), ("staying", "with"), ("stay", "with"),
                                                ("going", "with"))
THE_ROLL: tuple[tuple[str, ...], ...] = (("it",), ("that",), ("this",), ("them",), ("em",), ("these",), ("those",),
                                         ("this", "one"), ("that", "one"),   # "I keep this one 👍": the roll
                                         ("this", "roll"), ("that", "roll"), ("the", "roll"), ("my", "roll"),
                                         ("it", "as", "is"), ("as", "is"), ("them", "as", "is"), ("all",),
                                         ("all", "of", "them"), ("everything",), ("it", "all"),
                                         ("all", "three"), ("all", "3"), ("them", "all"), ("what", "i", "have"),
                                         ("what", "i", "got"), ("the", "lot"),
                                         ("my",), ("the",))   # "keeping my 8": the sum left out
# Said alone, ending the post or a sentence ("ok 8. keeping", "Keeping!"): the keep too.
ALONE_KEEPING = frozenset({"keeping", "holding"})
# Of those, words that point at what follows them ("keeping the", "keeping that 6"): the roll
# only where the clause ends with them ("keeping my 8" with the sum left out, "keeping that.").
POINTERS = frozenset({"my", "the", "that", "this", "these", "those"})
# A face is at most 6: a number above it beside keep in the setup can only be the team, the
# roll's sum (DT-2: "eh 8 is fine, keeping it", "keep my 8"), said again; no die is named by it.
TOP_FACE = 6
# "no reroll", "not rerolling": in the setup, the only other move is keep (DT-2), so it is
# keep there; in a turn (no re-roll, DT-3) it says nothing ("no reroll, attack"). The phrase
# is one word, read before "no" is a negation.
NO_REROLL = "no-reroll"
NO_REROLL_SAID: tuple[tuple[str, ...], ...] = (("no", "reroll"), ("no", "rerolls"), ("no", "re-roll"),
                                               ("no", "re-rolls"), ("not", "rerolling"), ("not", "re-rolling"),
                                               ("won't", "reroll"), ("no", "reroll", "for", "me"))
# "reroll only the first die", "just reroll the 6": the dice named are all re-rolled; the
# word adds nothing where it stands beside the verb.
ONLY_REROLL: tuple[tuple[str, ...], ...] = (("reroll", "only"), ("only", "reroll"), ("reroll", "just"),
                                            ("just", "reroll"))
# "the die that shows 1": "showing" (SHOWING), its number a face.
THAT_SHOWS: tuple[tuple[str, ...], ...] = (("that", "shows"), ("which", "shows"), ("that", "show"),
                                           ("which", "show"))
# "trade the rolled 6 for my 3": "rolled" says the die is the roll's, as a trade names it
# first anyway (DT-5); only after "the"/"a" ("rolled 6 4 1" alone is the roll reported).
THE_ROLLED: tuple[tuple[str, ...], ...] = (("the", "rolled"), ("a", "rolled"))
TRADE_GLUE = frozenset({"for", "with", "and", "&", "+", "then", "i", "i'll", "ill", "i'd", "id", "will", "to",
                        "→", "->", "=>", ">"})   # "trade rolled 2 → column 6": the arrow of the notation


# "reroll the 3, nothing else": the move names all it does (read before "else", a hedge).
NOTHING_ELSE: tuple[tuple[str, ...], ...] = (("nothing", "else"), ("nothing", "more"), ("that's", "all"),
                                             ("thats", "all"), ("nothing", "else", "to", "reroll"))


def dice_references(words: list[Word], rolled: list[int], setup: bool = False) -> list[Word]:
    """The post's words with dice named in words made numbers (DiceTugOfWar.reword): the
    positions in the last roll after `reroll` (DT-2, DT-3), the values of a trade (DT-5); a
    reference to no die (or to one of several) becomes a Word with a problem, which the reader
    refuses with. A clause naming kept dice ("keep the 6") is read with the re-roll it goes
    with; a trade said in words becomes `trade ROLLED for COLUMN`."""
    around = post_words()
    if setup and _only_keeping(words):
        words = _keeping_dice(_kept_roll(_sum_said(words, rolled)))
    words = _every_said_again(words, rolled, around)
    words = _attack_said(_one_reroll_used(words, rolled, around), rolled, around)
    trades = _trade_statements(words, around, rolled)
    keeps = _keep_clauses(words, rolled, around)
    if not any(w.text.casefold() in REROLL_WORDS for w in words):
        keeps = []   # "keep the 6" alone: no re-roll to read it with; left as written (and refused)
    restated = _restated_roll(words, rolled, setup)
    reading = _Reading(words, rolled, around, _kept(keeps, rolled))
    index = 0
    while index < len(words):
        if index in trades:
            end, made = trades[index]
            reading.finish()
            reading.out.extend(made)
            index = end
            continue
        clause = _clause_at(keeps, index)
        if clause is not None:
            reading.finish()
            reading.keep_at(clause)
            index = clause.end
            continue
        if restated is not None and index == restated[0]:
            index = restated[1]   # "staying with 1 1 6, keep": the roll said again, kept
            continue
        if restated is not None and index + 1 == restated[0] and words[index].text.casefold() in KEEP_WORDS:
            reading.out.append(_as(words, index, 1, "keep"))   # "keeping 1 1 6": the keep (DT-2)
            index += 1
            continue
        index = reading.step(index)
    reading.finish()
    return reading.result()


def _only_keeping(words: list[Word]) -> bool:
    """Does the post say keep and no other move (no re-roll, attack or trade)?"""
    folded = {w.text.casefold() for w in words}
    keeping = KEEP_WORDS | {verb[0] for verb in KEEP_ROLL_VERBS}
    return bool(folded & keeping) and not folded & (MOVE_WORDS - {"keep"}) and not folded & set(DOING)


def _sum_said(words: list[Word], rolled: list[int]) -> list[Word]:
    """The words with the roll's sum left out where no face can be it ("keep my 8" on 1 1 6):
    the team the setup roll makes (DT-2), said again. Any other number stays (and is refused)."""
    total = sum(rolled)
    if total <= TOP_FACE:
        return words
    return [w for w in words if w.text != str(total)]


def _kept_roll(words: list[Word]) -> list[Word]:
    """The words with "keeping it", "sticking with this roll" made `keep` (DT-2), where no die
    is named right after (a number, a face like "1s", a die word: "keeping that 6" keeps a die)."""
    folded = [w.text.casefold() for w in words]
    for index in range(len(words)):
        if folded[index] in ALONE_KEEPING and (index + 1 == len(words) or words[index].stop or words[index].comma):
            return [*words[:index], _as(words, index, 1, "keep"), *_kept_roll(words[index + 1:])]   # "Keeping!"
        for verb in KEEP_ROLL_VERBS:
            at = index + len(verb)
            if tuple(folded[index:at]) != verb:
                continue
            for said in sorted(THE_ROLL, key=len, reverse=True):
                end = at + len(said)
                if tuple(folded[at:end]) != said or any(w.trail.strip() for w in words[index:end - 1]):
                    continue
                open_end = end < len(words) and not words[end - 1].trail.strip()
                if open_end and (_names_dice(folded[end]) or said[-1] in POINTERS):
                    break   # "keeping that 6", "keeping the first", "keeping these two": dice named
                return [*words[:index], _as(words, index, end - index, "keep"), *_kept_roll(words[end:])]
    return words


def _keeping_dice(words: list[Word]) -> list[Word]:
    """A keep word naming dice with no re-roll ("keep the first", "keep my first die"): which
    dice are re-rolled is not said (DT-2); a problem, never the move keep with the dice dropped.
    "keep all" is the keep."""
    every = post_words().every
    out = list(words)
    for index, word in enumerate(words[:-1]):
        if word.text.casefold() not in KEEP_WORDS or word.trail.strip():
            continue
        at = index + 1
        while at < len(words) - 1 and words[at].text.casefold() in POINTERS and not words[at].trail.strip():
            at += 1
        folded = words[at].text.casefold()
        if _names_dice(folded) and folded not in every:
            out[at] = words[at]._replace(problem="names dice to keep, and no dice to re-roll; give the dice to "
                                                 "re-roll, e.g. 'reroll 1 3', or 'keep'.")
    return out


def _names_dice(folded: str) -> bool:
    """Could the word name dice ("6", "1s", "die", "first", "two", "all", "others")?"""
    around = post_words()
    return folded.isdecimal() or bool(_PLURAL.match(folded)) or folded in around.die_words \
        or folded in around.ordinals or folded in around.counts or folded in around.every \
        or folded in OTHERS or folded in OTHER


def _bare_list(words: list[Word], at: int) -> tuple[int, list[int]]:
    """(end, numbers) of the bare numbers listed from `at` ("1 2 3", "1, 2 and 3")."""
    numbers: list[int] = []
    end = at
    while at < len(words):
        listed = words[at].text.split(",")   # "1,2,3" typed as one word
        if all(part.isdecimal() for part in listed):
            numbers.extend(map(int, listed))
            end = at = at + 1
            if words[at - 1].trail.strip(" ,"):
                break
        elif numbers and words[at].text.casefold() in LIST_WORDS - {"or"}:
            at += 1
        else:
            break
    return end, numbers


def _every_said_again(words: list[Word], rolled: list[int], around: Any) -> list[Word]:
    """"reroll 1 2 3, all of them", "reroll all three: 1, 2, 3": the positions are every die of
    the roll, each once, and "all" says so again: left out (the positions read). Where the
    positions are not every die ("reroll 1 2, all of them") the two stay, and are refused."""
    every = list(range(1, len(rolled) + 1))
    for index, word in enumerate(words):
        if word.text.casefold() not in REROLL_WORDS:
            continue
        end, numbers = _bare_list(words, index + 1)
        mark = end + (end < len(words) and words[end].text in RESTATING)   # "reroll 1 2 3 - all of them"
        if sorted(numbers) == every and mark < len(words) and words[mark].text.casefold() in around.every:
            taken = _all_dice(words, mark, rolled, around)
            if taken:
                return [*words[:end], *words[mark + taken:]]
        if index + 1 < len(words) and words[index + 1].text.casefold() in around.every:
            taken = _all_dice(words, index + 1, rolled, around)
            after = index + 1 + taken
            dash = after < len(words) and words[after].text in RESTATING   # "reroll all three - 1 2 3"
            after += dash
            if taken and (dash or any(mark in words[after - 1].trail for mark in RESTATING)):
                end, numbers = _bare_list(words, after)
                if sorted(numbers) == every:
                    return [*words[:after], *words[end:]]
    return words


def _all_dice(words: list[Word], index: int, rolled: list[int], around: Any) -> int:
    """The words taken by "all", "all of them", "all three" at `index` where they name every
    die of the roll and nothing is left out ("all but the 6"); 0 otherwise."""
    folded = [w.text.casefold() for w in words[index:index + 4]]
    taken, named = _every_reference(words, index, folded, rolled, around)
    if any(w.problem for w in named) or sorted(int(w.text) for w in named) != list(range(1, len(rolled) + 1)):
        return 0
    return taken


def _rolled_again(words: list[Word]) -> list[Word]:
    """"throw the ones again": `reroll the ones` (ROLL_VERBS ... AGAIN), where "again" ends the
    clause within AGAIN_SPAN words of the verb and no move word or punctuation stands between."""
    for start, word in enumerate(words):
        if word.text.casefold() not in ROLL_VERBS or word.trail.strip():
            continue
        for at in range(start + 1, min(start + 2 + AGAIN_SPAN, len(words))):
            if words[at].text.casefold() == AGAIN:
                if at == start + 1 or (at + 1 < len(words) and not words[at].trail.strip()):
                    break
                return [*words[:start], word._replace(text="reroll"), *words[start + 1:at - 1],
                        words[at - 1]._replace(trail=words[at].trail), *words[at + 1:]]
            if words[at].text.casefold() in MOVE_WORDS or words[at].trail.strip():
                break
    return words


def _one_reroll_used(words: list[Word], rolled: list[int], around: Any) -> list[Word]:
    """The words with "one of my (two) rerolls on" made `reroll` where one die follows ("die 2",
    "the 6", "2"): one re-roll used on one die (DT-3). Said of more dice, it is left as written."""
    for start in range(len(words) - 3):
        if tuple(w.text.casefold() for w in words[start:start + 2]) != ONE_OF:
            continue
        at = start + 2
        at += words[at].text.casefold() in OWNERS
        at += at < len(words) and (words[at].text.casefold() in around.counts or words[at].text.isdecimal())
        if at >= len(words) or words[at].text.casefold() not in REROLL_NOUNS:
            continue
        at += 1
        at += at < len(words) and words[at].text.casefold() in ON_WORDS
        # "on the second die": the ordinal names the die ("the" is no face marker there)
        at += at + 1 < len(words) and words[at].text.casefold() == "the" and words[at + 1].text.casefold() in around.ordinals
        if _one_die_at(words, at, rolled, around):
            return [*words[:start], _as(words, start, at - start, "reroll"), *words[at:]]
    return words


def _attack_said(words: list[Word], rolled: list[int], around: Any) -> list[Word]:
    """The words with what an attack is said to attack with left out where it is what the move
    does anyway (DT-4, DT-5): "attack with the 6 and 4" (dice of the roll) is `attack`; "trade 5
    for 2 then attack w/ the rest", the trade, whose other dice attack."""
    for index, word in enumerate(words):
        if word.text.casefold() not in ATTACK_WORDS:
            continue
        end = _attacking_with(words, index + 1, rolled, around)
        after_trade = _after_trade(words, index, around)
        if after_trade and (end == index + 1 or _the_rest(words, index + 2, around) == end):
            return [*words[:index - 1], *words[end:]]   # the trade's own attack, said again
        if not after_trade and end > index + 1 and _the_rest(words, index + 2, around) is None:
            return [*words[:index + 1], *words[end:]]
    return words


def _after_trade(words: list[Word], index: int, around: Any) -> bool:
    """Does the attack at `index` follow a trade, joined by "then"/"and", with no hedge between?"""
    if index < 2 or words[index - 1].text.casefold() not in THEN_WORDS or words[index - 2].trail.strip(" ,"):
        return False
    for before in range(index - 2, -1, -1):
        folded = words[before].text.casefold()
        if (folded,) in around.hedges or folded in MOVE_WORDS - TRADE_VERBS:
            return False
        if folded in TRADE_VERBS or folded in SWAP_VERBS:
            return True
    return False


def _attacking_with(words: list[Word], index: int, rolled: list[int], around: Any) -> int:
    """The end of "with the 6 and 4", "w/ the rest" said at `index` after an attack: rolled dice
    each named once, or the rest; `index` where the words say no such thing."""
    if index >= len(words) or words[index].text.casefold() not in WITH_WORDS:
        return index
    rest = _the_rest(words, index + 1, around)
    if rest is not None:
        return rest
    left, at, end = list(rolled), index + 1, index
    while at < len(words):
        mention = _mention(words, at, around)
        if mention is None or mention.own or mention.value not in left:
            return index
        left.remove(mention.value)
        at = end = at + mention.taken
        if at >= len(words) or not _list_goes_on(words[at - 1]):
            break
        if words[at].text.casefold() in LIST_WORDS:
            at += 1
        elif "," not in words[at - 1].trail and not words[at].text.isdecimal():
            break   # "with the 6, 4 and 1" goes on after a comma, "with 6 4 1" after a space
    return end


def _the_rest(words: list[Word], index: int, around: Any) -> int | None:
    """The end of "the rest", "the others", "the other two", "the remaining dice" at `index`."""
    at = index + (index < len(words) and words[index].text.casefold() in around.value_markers)
    folded = [w.text.casefold() for w in words[at:at + 3]]
    if folded[:1] and folded[0] in OTHERS:
        return at + 1
    if len(folded) > 1 and folded[0] in OTHER and (folded[1] in around.counts or folded[1] in around.die_words):
        return at + 2 + (len(folded) > 2 and folded[1] in around.counts and folded[2] in around.die_words)
    return None


def _one_die_at(words: list[Word], index: int, rolled: list[int], around: Any) -> bool:
    """Do the words at `index` name one die, and no list of dice go on after it?"""
    if index >= len(words):
        return False
    made = (1, [words[index]]) if words[index].text.isdecimal() else _position_reference(words, index, rolled, around)
    if made is None or len(made[1]) != 1:
        return False
    after = index + made[0]
    return after >= len(words) or not _list_goes_on(words[after - 1]) or words[after].text.casefold() not in LIST_WORDS


class _Keep(NamedTuple):
    """A clause naming kept dice: its words [start, end), the positions it names (None: "the
    others", every die not re-rolled), or the problem with what it names."""

    start: int
    end: int
    positions: frozenset[int] | None
    problem: str | None


class _Clause:
    """The dice of one re-roll clause as read: where their Words are in the output, whether any
    was named by its face, and the bare numbers (positions, unless a face list makes them
    faces)."""

    def __init__(self) -> None:
        self.slots: list[int] = []           # output indices of the positions named
        self.typed = False                   # a position typed as a number ("2", "die 2"): its order is kept
        self.by_face = False                 # a die named by its face ("the 6", "both 1s")
        self.bare: list[tuple[int, int]] = []   # (output index, number) of bare numbers


class _Reading:
    """The state of dice_references' walk over the post."""

    def __init__(self, words: list[Word], rolled: list[int], around: Any, kept: frozenset[int] | None) -> None:
        self.words, self.rolled, self.around, self.kept = words, rolled, around, kept
        self.out: list[Word] = []
        self.context: str | None = None
        self.named: set[str] = set()   # positions named since `reroll`, or numbers since `trade`
        self.faces = ""   # "maybe": a list of dice named by face goes on ("my 1 and 3"); "strict": after "showing"
        self.clause = _Clause()
        self.rerolled: set[int] = set()
        self.keeps: list[tuple[int, _Keep]] = []   # (output index, clause) of the keep clauses read

    def step(self, index: int) -> int:
        """Read the word at `index`; the index of the next word to read."""
        words, around = self.words, self.around
        word = words[index]
        folded = word.text.casefold()
        if folded in MOVE_WORDS:
            self.finish()
            self.context, self.named, self.faces = folded.replace("-", ""), set(), ""
        elif (folded,) in around.hedges:   # "reroll 2. scratch that, 1": what follows is not resolved here
            self.finish()
            self.context = None
        if self.faces and index and not _list_goes_on(words[index - 1]):
            self.faces = ""
        made = self._reference(index, folded)
        if made is None:
            if self.context == "reroll" and folded.isdecimal() and not self.faces:
                self.clause.bare.append((len(self.out), int(folded)))
                self.clause.typed = self.clause.typed or int(folded) <= len(self.rolled)   # "5" of 3 dice: a face
            self._emit([word], positions=self.context == "reroll" and folded.isdecimal())
            listed = folded.split(",")   # "1,2,3" typed as one word: the dice 1, 2 and 3
            self.named.update(listed if all(part.isdecimal() for part in listed) else [])
            self.faces = self.faces if folded in LIST_WORDS else ""
            return index + 1
        if self.context == "reroll":
            self.faces = "strict" if folded in SHOWING or self.faces == "strict" else \
                "maybe" if (folded in around.value_markers or folded in around.counts
                            or bool(_PLURAL.match(folded)) or self.faces) else ""
        taken, replaced = made
        said = {w.text for w in replaced if w.problem is None}
        if self.context == "reroll" and said and said & self.named and len(replaced) == len(said):
            if said <= self.named and _restates(words[index - 1]):
                return index + taken   # "reroll die 3 (the 1)", "reroll 1 2 (the two 1s)": dice named again
            replaced = [_as(words, index, taken, "", f"names die {', '.join(sorted(said & self.named))} again "
                                                      f"(the roll is {_roll(self.rolled)}): give each die once, by "
                                                      f"its face ('the 1 and the 3') or by position ('reroll 1 3').")]
            said = set()
        before = words[index - 1] if index else None
        if self.context == "reroll" and before is not None and before.text.isdecimal() and not before.comma \
                and said and said != {before.text} and folded in around.value_markers:
            replaced = [_as(words, index, taken, "", f"is die {', '.join(sorted(said))}, not die {before.text}; "
                                                     f"give the positions to re-roll.")]   # "reroll 1 (the 6)"
            said = set()
        if self.context == "reroll" and said:
            self.clause.by_face = self.clause.by_face or _by_face(folded, around)
            self.clause.typed = self.clause.typed or folded in around.die_words
        self._emit(replaced, positions=self.context == "reroll")
        self.named.update(said)
        return index + taken

    def _reference(self, index: int, folded: str) -> Made | None:
        """The dice named at `index` in the current clause, or None (the word stays as written)."""
        words, around, rolled = self.words, self.around, self.rolled
        if self.context == "reroll" and self.faces and folded.isdecimal():
            return 1, [_face_or_position(words, index, int(folded), rolled, self.named, self.faces == "strict")]
        if self.context == "reroll":
            made = _others_reference(words, index, rolled, around, self.kept)
            if made is None:
                made = _position_reference(words, index, rolled, around)
            if made is None and folded in (*around.counts, *around.ordinals, *around.every):
                made = 1, [_as(words, index, 1, "", "does not say which dice; give their positions, "
                                                    "e.g. 'reroll 1 3'.")]
            return made
        if self.context == "trade":
            return _value_reference(words, index, around, first=not self.named)
        return None

    def _emit(self, made: list[Word], positions: bool) -> None:
        """Add Words to the output; the positions of a re-roll clause are noted in it."""
        for word in made:
            if positions and word.problem is None and word.text.isdecimal():
                self.clause.slots.append(len(self.out))
            self.out.append(word)

    def keep_at(self, clause: _Keep) -> None:
        """A keep clause read with the re-roll: checked once the re-roll is known (result)."""
        self.keeps.append((len(self.out), clause))
        self.context = None

    def finish(self) -> None:
        """The end of a re-roll clause: a bare number beside dice named by face that could be a
        face as well is refused; dice named only in words are listed in order."""
        clause, rolled = self.clause, self.rolled
        if clause.by_face:
            for slot, number in clause.bare:
                self.out[slot] = _bare_beside_faces(self.out[slot], number, rolled)
        good = [slot for slot in clause.slots if self.out[slot].problem is None]
        seen: set[str] = set()
        for slot in good:   # "reroll 5 and the 5": one die, named twice (never a re-roll the rules refuse, DT-3)
            text = self.out[slot].text
            if text in seen:
                self.out[slot] = self.out[slot]._replace(problem=f"names die {text} again (the roll is "
                                                                 f"{_roll(rolled)}); give each die once.")
            seen.add(text)
        good = [slot for slot in good if self.out[slot].problem is None]
        if not clause.typed and len(good) > 1:
            ordered = sorted((self.out[slot] for slot in good), key=lambda w: int(w.text))
            for slot, word in zip(good, ordered, strict=False):
                self.out[slot] = word
            for slot in good[:-1]:   # "the 1s and the 6": one list, each die apart as "and" sets the last
                if not self.out[slot].trail.strip():
                    self.out[slot] = self.out[slot]._replace(trail=",")
        self.rerolled.update(int(self.out[slot].text) for slot in good)
        self.clause = _Clause()

    def result(self) -> list[Word]:
        """The output, with each keep clause read with the re-roll: dropped where it agrees with
        it, a problem where it keeps a die the post re-rolls or names no die (DT-2, DT-3)."""
        out = list(self.out)
        for slot, clause in reversed(self.keeps):
            problem = clause.problem
            if problem is None and clause.positions is not None and clause.positions & self.rerolled:
                both = ", ".join(map(str, sorted(clause.positions & self.rerolled)))
                problem = f"keeps die {both}, which the post also re-rolls; give the dice to re-roll."
            if problem is None and clause.positions is None and not self.rerolled:
                problem = "does not say which dice the others are; give the dice to re-roll."
            if problem is not None:
                said = " ".join(w.said for w in self.words[clause.start:clause.end])
                first, last = self.words[clause.start], self.words[clause.end - 1]
                out.insert(slot, Word(said, said, first.start, last.end, problem, last.trail))
        return out


def _bare_beside_faces(word: Word, number: int, rolled: list[int]) -> Word:
    """A bare number in a re-roll that names other dice by face ("reroll 1 and the 5"): die
    `number`, as bare numbers are, where that is the die showing it too or no one die shows it;
    the face where no die `number` exists ("reroll 5 and the 3"); refused where the two are
    different dice."""
    showing = [p for p, value in enumerate(rolled, start=1) if value == number]
    if number > len(rolled):
        if len(showing) == 1:
            return word._replace(text=str(showing[0]))
        return word._replace(problem=f"is no die of the roll ({_roll(rolled)}), and names no one die by its face; "
                                     f"give positions, e.g. 'reroll 1 3'.")
    if len(showing) == 1 and showing[0] != number:
        return word._replace(problem=_either(number, showing[0], rolled, "beside dice named by their faces"))
    return word


def _clause_at(keeps: list[_Keep], index: int) -> _Keep | None:
    return next((clause for clause in keeps if clause.start == index), None) if keeps else None


def _kept(keeps: list[_Keep], rolled: list[int]) -> frozenset[int] | None:
    """The dice the post keeps (None: it names none, or not so that "the others" can be read)."""
    named = [clause.positions for clause in keeps if clause.positions is not None]
    if not named or any(clause.problem for clause in keeps):
        return None
    return frozenset(position for positions in named for position in positions)


def _by_face(folded: str, around: Any) -> bool:
    """Was a die named by its face ("the 6", "both 1s", "showing 2"), not by place or count?"""
    return folded in around.value_markers or folded in around.counts or folded in SHOWING \
        or bool(_PLURAL.match(folded)) or folded.isdecimal()


def _restates(before: Word) -> bool:
    """Does a reference after `before` say again the dice just named ("reroll die 3 (the 1)",
    "reroll 3 - the 1"), rather than add to the list ("reroll 3 and the 1", "reroll 3, the 1")?"""
    return any(mark in before.trail for mark in "(-–—:=") and before.text.casefold() not in LIST_WORDS


def _roll(rolled: list[int]) -> str:
    return " ".join(map(str, rolled))


def _either(number: int, by_face: int, rolled: list[int], where: str) -> str:
    """Why a bare number is refused: die `number` or the die showing `number` are different dice."""
    return (f"{where} could be the die showing {number} (die {by_face}) or die {number} (showing "
            f"{rolled[number - 1]}) in the roll ({_roll(rolled)}); name each by its face ('the 1 and the 3') "
            f"or give positions, e.g. 'reroll 1 3'.")


Made = tuple[int, list[Word]]   # words of the post taken, and the Words standing for them


def _position_reference(words: list[Word], index: int, rolled: list[int], around: Any) -> Made | None:
    """(words taken, their replacement) for dice named at `index` after `reroll`, or None."""
    showing = _dice_showing(words, index, rolled, around)
    if showing is not None:
        return showing
    folded = [w.text.casefold() for w in words[index:index + 4]]
    first = folded[0]
    if (first in around.die_words or first in POSITION_PLURALS) and len(folded) > 1 and folded[1].isdecimal():
        return 2, [_as(words, index, 2, folded[1])]           # "die 2": the position
    if first in around.ordinals:
        return _ordinal_reference(words, index, folded, rolled, around)
    if first in around.every:
        return _every_reference(words, index, folded, rolled, around)
    if first in around.value_markers or first in around.counts or first in SHOWING:
        return _face_reference(words, index, folded, rolled, around)
    plural = _PLURAL.match(first)
    if plural:
        return 1, _value_dice(words, index, 1, int(plural.group(1)), None, rolled)
    return None


def _dice_showing(words: list[Word], index: int, rolled: list[int], around: Any) -> Made | None:
    """"(the) (two) dice showing 5" at `index`: every die showing 5, as many as a count says
    (DICE_PLURAL); None where no such words stand there, or a list of faces follows ("the dice
    showing 1 and 2", read face by face)."""
    folded = [w.text.casefold() for w in words[index:index + 7]]
    at = 0
    while at < len(folded) and folded[at] in around.value_markers:
        at += 1
    count = around.counts.get(folded[at]) if at < len(folded) else None
    at += count is not None
    if folded[at:at + 1] != [DICE_PLURAL] or at + 2 >= len(folded) or folded[at + 1] not in HAVING:
        return None
    face = at + 2 + (folded[at + 2] in FACE_ARTICLES)
    if face >= len(folded) or not folded[face].isdecimal():
        return None
    end = face + 1
    if end < len(folded) and _list_goes_on(words[index + end - 1]) \
            and (folded[end] in LIST_WORDS or folded[end].isdecimal()):
        return None
    return end, _value_dice(words, index, end, int(folded[face]), count, rolled)


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
        showing = [p for p, value in enumerate(rolled, start=1) if value == face]
        if face <= len(rolled):
            return 2, [_nth_showing(words, index, place, face, showing, rolled)]
        nth = place - 1 if place > 0 else len(showing) - 1
        if not 0 <= nth < len(showing):
            return 2, [_as(words, index, 2, "", f"names no die: {len(showing)} of the roll "
                                                f"({' '.join(map(str, rolled))}) show {face}.")]
        return 2, [_as(words, index, 2, str(showing[nth]))]
    place = place if place > 0 else len(rolled)
    if place > len(rolled):
        return 1, [_as(words, index, 1, "", f"names no die: the roll has {len(rolled)} dice.")]
    return 1, [_as(words, index, 1, str(place))]


def _nth_showing(words: list[Word], index: int, place: int, face: int, showing: list[int],
                 rolled: list[int]) -> Word:
    """"the second 1" where 1 could count dice too: the second die showing 1 only where exactly
    two dice show it (the pair "first"/"second" orders), and the count's reading ("the second
    one", die 2; "the first 2", dice 1 and 2) is no other die; refused otherwise."""
    said = " ".join(w.said for w in words[index:index + 2])
    if len(showing) != 2 or place not in (1, 2, -1):
        ordinal = words[index].text.casefold()
        return _as(words, index, 2, "", f"is the {ordinal} {face} dice, or the {ordinal} die showing {face}? "
                                        f"Give positions, e.g. 'reroll 1 3'.")
    by_face = showing[0] if place == 1 else showing[1]
    counted = _counted_die(place, face, len(rolled))
    if counted not in (None, by_face):
        dice = f"die {counted}" if counted else f"the {said} dice"
        return _as(words, index, 2, "", f"could be {dice} (counting dice) or the die showing {face} "
                                        f"(die {by_face}) in the roll ({_roll(rolled)}); give positions, e.g. "
                                        f"'reroll {by_face}'.")
    return _as(words, index, 2, str(by_face))


def _counted_die(place: int, count: int, size: int) -> int | None:
    """The one die "the second 1", "the last 1" names read as a count ("the second one"), 0 where
    that count names several dice ("the first 2": dice 1 and 2), None where it names none (no
    "second two" in a roll of three)."""
    if count == 1:
        return place if place > 0 else size
    return 0 if place in (1, -1) else None


def _every_reference(words: list[Word], index: int, folded: list[str], rolled: list[int], around: Any) -> Made:
    """"all", "all three", "all of them", "every one of them", "all but the 6" (every die but
    those named)."""
    folded = [w.text.casefold() for w in words[index:index + 8]]
    taken = 1
    said_alone = bool(words[index].trail.strip())   # "all: 1 2 3": no count follows
    if tuple(folded[1:3]) == EVERY_ONE and not said_alone:
        taken = 2   # "every one of them": "of them" follows
    elif not said_alone and len(folded) > 1 and (folded[1] in around.counts or folded[1].isdecimal()):
        said = around.counts.get(folded[1]) or int(folded[1])
        taken = 2
        if said != len(rolled):
            return taken, [_as(words, index, taken, "", f"does not fit the roll: it has {len(rolled)} dice.")]
    taken += 0 if said_alone else _of_them(folded, taken, around)
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


def _of_them(folded: list[str], at: int, around: Any) -> int:
    """The words taken by "of them", "of the dice", "of my dice" at `at` (after "all"), or 0."""
    if folded[at:at + 1] != ["of"]:
        return 0
    if folded[at + 1:at + 2] and folded[at + 1] in OF_THEM:
        return 2
    if len(folded) > at + 2 and folded[at + 1] in around.value_markers and folded[at + 2] in around.die_words:
        return 3
    return 0


def _face_reference(words: list[Word], index: int, folded: list[str], rolled: list[int], around: Any) -> Made | None:
    """"the 6" (the one die showing 6), "both 1s", "the 1s", "the two 1s" (every die showing 1),
    "the five" (a number word no count of dice can be), "showing 2"."""
    first = folded[0]
    count = around.counts.get(first)
    taken = 1
    if len(folded) > 1 and folded[1] in around.counts and count is None:
        count, taken = around.counts[folded[1]], 2
    if taken == 2 and first not in around.counts:
        worded = _word_face(words, index, folded, rolled, around)
        if worded is not None:
            return worded
    if len(folded) <= taken:
        return None
    face = folded[taken]
    plural = _PLURAL.match(face)
    if face.isdecimal() and count is None:
        return taken + 1, [_value_die(words, index, taken + 1, int(face), rolled)]
    if plural:
        return taken + 1, _value_dice(words, index, taken + 1, int(plural.group(1)), count, rolled)
    return None


def _word_face(words: list[Word], index: int, folded: list[str], rolled: list[int], around: Any) -> Made | None:
    """"the five", "my six": a number word after a value marker is a face where it can count no
    dice of the roll (more than the roll has); "the two" (two dice, or the die showing 2?) is not."""
    if len(folded) < 2 or folded[0] not in around.value_markers and folded[0] not in SHOWING:
        return None
    count = around.counts.get(folded[1])
    after = folded[2] if len(folded) > 2 else ""
    if count is None or count <= len(rolled) or after in around.die_words or _PLURAL.match(after) \
            or after.isdecimal():
        return None
    return 2, [_value_die(words, index, 2, count, rolled)]


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
    """After `trade` the numbers are values: "the 6", "a six", "one of my 6s" are 6. A trade
    names the rolled die first; "trade my 2 for the 5" names the column's first, so which is
    which is asked, not guessed."""
    mention = _mention(words, index, around)
    if mention is None or mention.taken == 1:
        return None
    if first and mention.own:
        return mention.taken, [_as(words, index, mention.taken, "", f"is your column's die, named first; a trade "
                                                                    f"names the rolled die first: write 'trade "
                                                                    f"ROLLED for {mention.value}'.")]
    return mention.taken, [_as(words, index, mention.taken, str(mention.value))]


class _Mention(NamedTuple):
    """A die of a trade named by its value: words taken, the value, and whether the post calls
    it the player's own ("my 2", "one of my 6s": the column's, DT-5)."""

    taken: int
    value: int
    own: bool


def _mention(words: list[Word], index: int, around: Any) -> _Mention | None:
    """The die value named at `index`: "5", "the 5", "a five", "my 2", "one of my 6s"."""
    folded = [w.text.casefold() for w in words[index:index + 5]]
    taken, own, several = 0, False, False
    if folded[:2] == ["one", "of"]:   # "one of my 6s": one die of those showing 6
        taken, several = 2, True
    elif folded[:1] == ["one"] and folded[1:2] and folded[1].isdecimal():   # "for one 6 of the column": a 6
        taken = 1
    while taken < len(folded) and folded[taken] in around.value_markers:
        own = own or folded[taken] in around.own
        taken += 1
    if taken >= len(folded):
        return None
    said = folded[taken]
    plural = _PLURAL.match(said)
    if said.isdecimal() and not several:
        return _Mention(taken + 1, int(said), own)
    if plural and several:
        return _Mention(taken + 1, int(plural.group(1)), own)
    if said in around.counts and said not in COUNTS_ONLY and taken and not several:   # "a five": never bare
        return _Mention(taken + 1, around.counts[said], own)
    return None


# --- Kept dice, the others, the roll said again -------------------------------------------

def _others_reference(words: list[Word], index: int, rolled: list[int], around: Any,
                      kept: frozenset[int] | None) -> Made | None:
    """"the others", "the rest", "the other two", "the remaining dice": every die the post's
    keep clause does not name ("keep the 6, reroll the others"); refused without one, or where
    the count said does not fit. "the other 2", "the other ones" may count the dice or name
    their face: read only where both name the same dice."""
    folded = [w.text.casefold() for w in words[index:index + 3]]
    face = None
    if folded[0] in OTHERS:
        taken, count = 1, None
    elif folded[0] in OTHER and len(folded) > 1 and (folded[1] in around.counts or folded[1] in around.die_words):
        taken, count = 2, around.counts.get(folded[1])
        if count is not None and len(folded) > 2 and folded[2] in around.die_words:
            taken = 3   # "the other two dice"
    elif folded[0] in OTHER and len(folded) > 1 and (folded[1].isdecimal() or _PLURAL.match(folded[1])):
        taken, face = 2, int(folded[1].rstrip("'s"))
        count = face if folded[1].isdecimal() else None
    else:
        return None
    if kept is None:
        return taken, [_as(words, index, taken, "", "does not say which dice: name the dice kept ('keep the 6, "
                                                    "reroll the others') or give positions, e.g. 'reroll 1 3'.")]
    others = [p for p in range(1, len(rolled) + 1) if p not in kept]
    if face is not None and others != [p for p in others if rolled[p - 1] == face]:
        return taken, [_as(words, index, taken, "", f"could be the other dice or the other dice showing {face} "
                                                    f"(the roll is {_roll(rolled)}); give positions, e.g. "
                                                    f"'reroll 1 3'.")]
    if not others or count is not None and count != len(others):
        return taken, [_as(words, index, taken, "", f"does not fit the roll ({_roll(rolled)}) with dice "
                                                    f"{', '.join(map(str, sorted(kept)))} kept.")]
    return taken, _positions(words, index, taken, others)


def _keep_clauses(words: list[Word], rolled: list[int], around: Any) -> list[_Keep]:
    """The clauses naming kept dice: a keep word, then dice named in words ("keep the 6",
    "keeping both 1s", "keep the rest"), joined by list words. A keep word with no dice after it
    is the move keep, no clause."""
    clauses = []
    index = 0
    while index < len(words):
        if words[index].text.casefold() not in KEEP_WORDS or words[index].trail.strip():
            index += 1
            continue
        clause = _keep_clause(words, index, rolled, around)
        if clause is None:
            index += 1
            continue
        clauses.append(clause)
        index = clause.end
    return clauses


def _keep_clause(words: list[Word], index: int, rolled: list[int], around: Any) -> _Keep | None:
    """The keep clause starting at the keep word `index`, or None."""
    at, problem, others = index + 1, None, False
    kept: set[int] = set()
    end = None
    while at < len(words):
        folded = words[at].text.casefold()
        if folded in OTHERS or folded in around.value_markers and at + 1 < len(words) \
                and words[at + 1].text.casefold() in OTHERS:
            others, at = True, at + (1 if folded in OTHERS else 2)
            end = at
        else:
            made = _position_reference(words, at, rolled, around)
            if made is None and folded in around.value_markers and at + 1 < len(words):
                made = _position_reference(words, at + 1, rolled, around)   # "keep the first"
                made = None if made is None else (made[0] + 1, made[1])
            if made is None:
                break
            taken, named = made
            problem = problem or next((w.problem for w in named if w.problem), None)
            kept.update(int(w.text) for w in named if w.problem is None)
            at += taken
            end = at
        if words[at - 1].trail.strip(" ,") or at >= len(words) or words[at].text.casefold() not in LIST_WORDS:
            break
        at += 1   # "keep the 6 and the 3"
    if end is None:
        return None
    if others and kept:
        problem = problem or "names kept dice and 'the rest' at once; give the dice to re-roll."
    return _Keep(index, end, None if others else frozenset(kept), problem)


def _restated_roll(words: list[Word], rolled: list[int], setup: bool) -> tuple[int, int] | None:
    """[start, end) of the roll said again: in a setup post that keeps it ("staying with 1 1 6,
    keep", "1 1 6 - keep"), the whole roll in its order, numbers apart by spaces or commas only,
    in a post whose only move word is a keep word (DT-2); in any post, the roll as a sentence of
    its own before the move ("1 1 6... meh. reroll 2 3"). It names no move."""
    folded = [w.text.casefold() for w in words]
    keeping = setup and not any(w in MOVE_WORDS - {"keep"} for w in folded) and any(w in KEEP_WORDS for w in folded)
    size = len(rolled)
    for start in range(len(words) - size + 1):
        run = words[start:start + size]
        if [w.text for w in run] != [str(v) for v in rolled] or any(w.trail.strip(" ,") for w in run[:-1]):
            continue
        if keeping and (start == 0 or not words[start - 1].text.isdecimal()) \
                and (start + size == len(words) or not words[start + size].text.isdecimal()):
            return start, start + size
        if _own_sentence(words, start, start + size):
            return start, start + size
    return None


# Words that may stand before the roll said again in its own sentence ("ugh 1 3 5. reroll ...",
# "rolled 1 3 5."): a few words naming no die and no move (READING_LEAD at most).
READING_LEAD = 3


def _own_sentence(words: list[Word], start: int, end: int) -> bool:
    """Do words [start, end) stand as a sentence of their own ("1 1 6...", "ugh 1 3 5."), a move
    after them?"""
    lead = start
    while lead > 0 and words[lead - 1].stop != "." and start - lead < READING_LEAD:
        lead -= 1
    opened = lead == 0 or words[lead - 1].stop == "."
    idle = all(w.text.isalpha() and w.text.casefold() not in MOVE_WORDS | KEEP_WORDS | REROLL_WORDS
               and not w.trail.strip() for w in words[lead:start])
    return opened and idle and words[end - 1].stop == "." and end < len(words)


# --- Trades said in words (DT-5) ---------------------------------------------------------

class _Part(NamedTuple):
    """A piece of a trade statement: a die mentioned (with its role, if the words give one), a
    verb or a particle (with the role it gives), or glue."""

    start: int
    end: int
    kind: str            # "die", "verb", "swap", "trade", "particle", "moving", "where", "glue"
    role: str | None = None
    value: int = 0
    own: bool = False    # a die: called the player's own ("my 2"); a "where": may say where it goes ("in")


def _trade_statements(words: list[Word], around: Any, rolled: list[int]) -> dict[int, tuple[int, list[Word]]]:
    """{first word: (end, Words)} of each trade said in words: "swap the 3 in for my 2" as
    `trade 3 for 2`. A run of trade words with two dice, and a word that says which goes in or
    out (or a swap verb): read where the words say which die is the rolled one and which the
    column's, refused where they do not. "trade 5 for 2" (the notation) is left as it is."""
    found: dict[int, tuple[int, list[Word]]] = {}
    for run in _trade_runs(words, around):
        dice = [part for part in run if part.kind == "die"]
        cues = [part for part in run if part.kind in ("verb", "particle", "swap", "where")
                or part.kind == "die" and part.role is not None and not part.own]   # "where my 2 is"
        if len(dice) != 2 or not cues:
            continue
        start, end = run[0].start, run[-1].end
        if end < len(words) and words[end].text.casefold() == INSTEAD and _given_and_taken(dice, run):
            end += 1   # "give up my 2, take the 1 instead": in place of the die given up
        found[start] = end, _trade_words(words, start, end, dice, run, rolled)
    return found


def _given_and_taken(dice: list[_Part], run: list[_Part]) -> bool:
    """Is each die of the trade right after its own verb, one given up and one taken ("give up
    my 2, take the 1")? Then "instead" after it says the taken one replaces the other (DT-5)."""
    verbs = [run[run.index(die) - 1] for die in dice if run.index(die) > 0]
    return len(verbs) == 2 and all(verb.kind == "verb" for verb in verbs) \
        and {verb.role for verb in verbs} == {COLUMN, ROLLED}


def _trade_runs(words: list[Word], around: Any) -> list[list[_Part]]:
    """The runs of trade words of the post, each from its first die, verb or particle to its
    last (glue at the ends left out); any other word ends a run."""
    runs: list[list[_Part]] = [[]]
    index = 0
    while index < len(words):
        part = _trade_part(words, index, around)
        if part is None:
            runs.append([])
            index += 1
            continue
        if part.kind not in ("glue", "moving") or runs[-1]:
            runs[-1].append(part)
        index = part.end
    out = []
    for run in runs:
        while run and run[-1].kind in ("glue", "moving"):
            run.pop()
        if run:
            out.append(run)
    return out


def _trade_part(words: list[Word], index: int, around: Any) -> _Part | None:
    """The piece of a trade statement at `index`, or None (a word no trade is said with)."""
    folded = [w.text.casefold() for w in words[index:index + 3]]
    for size in (3, 2):
        if tuple(folded[:size]) in INSTEAD_OF:
            return _Part(index, index + size, "verb", COLUMN)
    if tuple(folded[:2]) in GIVE_VERBS:
        return _Part(index, index + 2, "verb", COLUMN)
    if tuple(folded[:1]) in GIVE_VERBS:
        return _Part(index, index + 1, "verb", COLUMN)
    if tuple(folded[:1]) in TAKE_VERBS:
        return _Part(index, index + 1, "verb", ROLLED)
    where = _where(words, index)
    if where is not None:
        return where
    if folded[0] in (INTO, OUT_OF):
        return _Part(index, index + 1, "particle", ROLLED if folded[0] == INTO else COLUMN)
    if folded[0] in SWAP_VERBS or folded[0] in CHANGE_VERBS and _mention(words, index + 1, around) is not None:
        return _Part(index, index + 1, "swap")
    labelled = _labelled(words, index)
    if labelled is not None:
        return labelled
    where_is = _where_die_is(words, index, around)
    if where_is is not None:
        return where_is
    if folded[0] in TRADE_VERBS:
        return _Part(index, index + 1, "trade")
    mention = _mention(words, index, around)
    if mention is not None:
        return _Part(index, index + mention.taken, "die", COLUMN if mention.own else None, mention.value, mention.own)
    if folded[0] in MOVING:
        return _Part(index, index + 1, "moving")
    if folded[0] in TRADE_GLUE:   # "with" marked: "swap the 1 with the 2 in my column" (_swapped_with)
        return _Part(index, index + 1, "glue", SWAPPED_WITH if folded[0] == SWAPPED_WITH else None)
    return None


def _labelled(words: list[Word], index: int) -> _Part | None:
    """"rolled 2", "column 6", "my rolled 2", "a column 6" at `index`: a verb giving the die
    right after it its role (DT-5), where one number follows and no other after it
    (DIE_LABELS); "2 (rolled)", the label in brackets right after the die, the same; None
    otherwise."""
    at = index
    while at < len(words) - 1 and words[at].text.casefold() in LABEL_MARKERS and not words[at].trail.strip():
        at += 1
    role = DIE_LABELS.get(words[at].text.casefold())
    if role is not None and at == index and index and words[index - 1].text.isdecimal() \
            and "(" in words[index - 1].trail and ")" in words[index].trail:
        return _Part(index, index + 1, "where", role)   # "trade 2 (rolled) for 6 (column)"
    number = words[at + 1].text if at + 1 < len(words) else ""
    after = words[at + 2].text if at + 2 < len(words) else ""
    if role is None or not number.isdecimal() or after.isdecimal() or words[at].trail.strip():
        return None
    return _Part(index, at + 1, "verb", role)


def _where_die_is(words: list[Word], index: int, around: Any) -> _Part | None:
    """"where my 2 is" at `index`: the column's die, whose place the other one takes (DT-5)."""
    where, being = WHERE_DIE_IS
    if words[index].text.casefold() != where:
        return None
    mention = _mention(words, index + 1, around)
    at = index + 1 + (mention.taken if mention else 0)
    if mention is None or at >= len(words) or words[at].text.casefold() not in being \
            or words[at - 1].trail.strip():
        return None
    return _Part(index, at + 1, "die", COLUMN, mention.value)


def _where(words: list[Word], index: int) -> _Part | None:
    """"in my column", "from the roll" at `index`: a particle giving the die before it its role
    (the column's, the rolled one), or None."""
    folded = [w.text.casefold() for w in words[index:index + 3]]
    if not folded or folded[0] not in WHERE_WORDS:
        return None
    taken = 2 if len(folded) > 2 and folded[1] in WHERE_OWNERS else 1
    role = WHERE_NOUNS.get(folded[taken]) if len(folded) > taken else None
    going = folded[0] in WHERE_GOING
    return None if role is None else _Part(index, index + taken + 1, "where", role, own=going)


def _trade_words(words: list[Word], start: int, end: int, dice: list[_Part], run: list[_Part],
                 rolled: list[int]) -> list[Word]:
    """`trade ROLLED for COLUMN` for the run [start, end), or a Word with the problem. "swap my 2
    for the 3", the column's die named first: read where the roll shows no 2 and shows a 3 (the 2
    can only be the column's, DT-5); asked otherwise."""
    roles = _yielding_own([_role(die, run) for die in dice], dice, run)
    said = " ".join(w.said for w in words[start:end])
    first, last = words[start], words[end - 1]

    def made(text: str, problem: str | None = None) -> Word:
        return Word(text or said, said, first.start, last.end, problem, last.trail)

    if "both" in roles:
        return [made("", "says one die both goes into the column and leaves it; write 'trade ROLLED for COLUMN'.")]
    one, two = roles
    if one is None and two is None:
        return [made("", "does not say which die is the rolled one and which the column's; write 'trade "
                         "ROLLED for COLUMN' (e.g. 'trade 5 for 2').")]
    if one == two:
        return [made("", f"names two {one} dice; a trade puts a rolled die into the column for a column die: "
                         f"write 'trade ROLLED for COLUMN'.")]
    if two is None and dice[0].own and not _marked(dice[0], run) \
            and (dice[0].value in rolled or dice[1].value not in rolled):   # "swap my 2 for the 5": named first
        return [made("", f"names your column's die ({dice[0].value}) first; which die goes in is asked, not "
                         f"guessed: write 'trade ROLLED for {dice[0].value}'.")]
    rolled_first = one == ROLLED or two == COLUMN
    new, old = (dice[0], dice[1]) if rolled_first else (dice[1], dice[0])
    return [made("trade"), made(str(new.value)), made("for"), made(str(old.value))]


def _yielding_own(roles: list[str | None], dice: list[_Part], run: list[_Part]) -> list[str | None]:
    """The roles, where "my" is all that makes one die the column's and "from the column" says
    the other is: "swap my 3 with a 6 from the column" (the 3 is then the rolled one, the
    player's too; DT-5). Any other two roles alike are left as they are (refused): a verb alone
    ("replace the 5 with my 2") says less than where the die is."""
    if roles != [COLUMN, COLUMN]:
        return roles
    weak = [die.own and not _marked(die, run) for die in dice]
    if weak.count(True) != 1 or not _placed_in_column(dice[weak.index(False)], run):
        return roles
    return [ROLLED if only_mine else COLUMN for only_mine in weak]


def _placed_in_column(die: _Part, run: list[_Part]) -> bool:
    """Is the die said, right after it, to be the column's ("the 6 from the column")?"""
    at = run.index(die) + 1
    return at < len(run) and run[at].kind == "where" and run[at].role == COLUMN and COLUMN in _cues(die, run)


def _role(die: _Part, run: list[_Part]) -> str | None:
    """The role the words give a die: the rolled one (taken, put in, "goes in"), the column's
    (given up, "goes out", "my"); "both" where they give it both."""
    roles = ({die.role} - {None}) | _cues(die, run)
    return "both" if len(roles) > 1 else next(iter(roles), None)


def _follows_die(run: list[_Part], at: int) -> bool:
    """Is the particle at `at` said of the die before it ("the 3 in", "4 goes in", "the 4 from
    the roll goes in")?"""
    before = at - 1
    while before >= 0 and (run[before].kind == "moving" or run[before].kind == "where" and before < at - 1):
        before -= 1
    return before >= 0 and run[before].kind == "die"


def _marked(die: _Part, run: list[_Part]) -> bool:
    """Does a verb or particle beside the die say its role ("give up my 2", "my 2 goes out")?"""
    return bool(_cues(die, run))


def _cues(die: _Part, run: list[_Part]) -> set[str]:
    """The roles the verb right before the die and the particle right after it (past "goes")
    give it."""
    roles = set()
    at = run.index(die)
    if at and (run[at - 1].kind == "verb" or run[at - 1].kind == "particle" and not _follows_die(run, at - 1)):
        roles.add(run[at - 1].role)   # "take the 4", "swap in the 3"; not "4 goes in, my 2"
    after = at + 1
    while after < len(run) and run[after].kind == "moving":
        after += 1
    if after < len(run) and run[after].kind == "particle":
        roles.add(run[after].role)
    if at + 1 < len(run) and run[at + 1].kind == "where" and not roles and not _moves(run) \
            and (not run[at + 1].own or _first_die(die, run) or any(part.kind == "trade" for part in run)
                 or _swapped_with(die, run)):
        roles.add(run[at + 1].role)   # "the 2 in my column"
    return {role for role in roles if role is not None}


def _swapped_with(die: _Part, run: list[_Part]) -> bool:
    """Is the die the second of a swap, right after "with", whose first is not called the
    player's ("swap the rolled 1 with the 2 in my column")? Then "in my column" after it says the
    same either way it is read: the 2 is the column's, or the 1 goes in where it is (DT-5). Not
    after "for" ("swap the 2 for the 5 in my column": which goes in?)."""
    dice = [part for part in run if part.kind == "die"]
    at = run.index(die)
    return any(part.kind == "swap" for part in run) and len(dice) == 2 and dice[1] is die and not dice[0].own \
        and at > 0 and run[at - 1].kind == "glue" and run[at - 1].role == SWAPPED_WITH


def _first_die(die: _Part, run: list[_Part]) -> bool:
    return next(part for part in run if part.kind == "die") is die


def _moves(run: list[_Part]) -> bool:
    """Does the trade say a die moves ("put", "take", "goes"), so "in my column" may be where it goes?"""
    return any(part.kind == "moving" or part.kind == "verb" and part.role == ROLLED for part in run)


LIST_WORDS = frozenset({"and", "&", "+", "plus", "n", "or"})   # what goes between dice of one list


def _list_goes_on(before: Word) -> bool:
    """Does a list of dice go on after `before`: a space or a comma, nothing else ("the 5s (2
    left)", "the 6. 2" end it)?"""
    return not before.trail.strip(" ,")


def _face_or_position(words: list[Word], index: int, number: int, rolled: list[int], named: set[str],
                      strict: bool) -> Word:
    """A bare number in a list of dice named by face ("reroll my 1 and 3"): the die showing it,
    or die `number`? Read as the face, the list's own way, where that is the only die of the
    roll it can name (no die `number`, die `number` is the one showing it, or die `number` is
    named already in the list: "the 1 and 3" on 3 5 1 names two dice, the 1 and the 3), and
    always after "showing" ("the dice showing 1 and 2"); refused, quoting both, where the two
    name different dice, and where no one die shows it (a guess between readings could re-roll
    the wrong die)."""
    showing = [p for p, value in enumerate(rolled, start=1) if value == number]
    by_face = showing[0] if len(showing) == 1 else None
    by_position = number if 1 <= number <= len(rolled) and str(number) not in named and not strict else None
    if by_face is not None and by_position is not None and by_face != by_position:
        return _as(words, index, 1, "", _either(number, by_face, rolled, "after dice named by their faces"))
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
        if words in (["reroll"], ["re-roll"], ["r"]):   # never read as keep (DT-2)
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
        """The words of dice moves: keep, reroll, attack, trade; `a` (attack) only where a move
        needs it, being also English; faces `1s`, `6's`, and in words `ones`…`sixes` (as `1s`…).
        Words naming dice after `reroll` ("first", "both", "all") are the reword's: one it
        cannot place is refused."""
        return Lexicon(frozenset({"keep", "reroll", "re-roll", "attack", "trade", "a"}), (r"\d+'?s",),
                       {("re", "roll"): ("reroll",), **{(word,): (face,) for word, face in FACE_PLURALS.items()},
                        **{(doing,): (move,) for doing, move in DOING.items()},
                        **{said: said for said in POINTING_ONES}, **{said: ("all",) for said in THE_LOT},
                        **{said: (NO_REROLL,) for said in NO_REROLL_SAID},
                        **{said: ("reroll",) for said in ONLY_REROLL},
                        **{said: ("reroll",) for said in REROLL_SAID},
                        **{said: ("showing",) for said in THAT_SHOWS},
                        **{said: said[:1] for said in THE_ROLLED},
                        **{said: () for said in NOTHING_ELSE},
                        **{said: (INTO,) for said in INTO_COLUMN},
                        **{said: ("from", "the", "roll") for said in I_ROLLED},
                        **{said: ("in", "place", "of") for said in TAKES_THE_PLACE},
                        **{said: ("the", "second", "die") for said in MIDDLE_DIE},
                        **{said: ("both",) for said in BOTH_OF},
                        **{said: ("attack",) for said in REMOVING_PAWNS}})

    def reword(self, s: DiceState, player: str, words: list[Word]) -> list[Word]:
        """Dice as players name them, made positions or values: after `reroll`, "first", "all
        three", "#1", "die 2" are positions, "the 6" is the one die showing 6 and "both 1s" /
        "the 1s" every die showing 1, "the others" every die a keep clause does not name; after
        `trade`, "the 6" is the value 6, and a trade in words ("swap the 3 in for my 2") is
        `trade 3 for 2` (DT-5). A value names dice only when exactly one die, or one set of
        dice, shows it: "reroll the 3" is never the third die, and names nothing when no die
        shows 3. In the setup, the roll said again beside keep is the roll kept (DT-2)."""
        if s.stage != "decide" or not s.rolled:
            return words
        kept = "keep" if s.in_setup else ""   # "no reroll": keep in the setup, nothing in a turn (DT-2)
        words = _rolled_again([w._replace(text=kept) if w.text == NO_REROLL else w for w in words])
        return dice_references([w for w in words if w.text], list(s.rolled), s.in_setup)

    def format_move(self, move: dict[str, Any]) -> str:
        if "reroll" in move:
            return "reroll " + " ".join(map(str, move["reroll"])) if move["reroll"] else "keep"
        if "attack" in move:
            return "attack"
        return f"trade {move['trade']['rolled']} for {move['trade']['column']}"
