"""Winning Streak's typed notation: placements (`t4 place 3/5 C`) and relocations
(`r2 set A=3/5 B=- buff 3/5 health`), read as players write them too, and written
back; the words of its moves for the post reader."""

from __future__ import annotations

import re
from typing import Any, ClassVar

from adjudicator.errors import NotationError
from adjudicator.game import Form
from adjudicator.games.winning_streak.rules import StreakState, WinningStreakRules
from adjudicator.lexicon import Lexicon, Phrase, Word, post_words

# --- How players write Winning Streak moves, as data (the post reader's phrases) -----------

# The notation word for a relocation that changes no location (WS-4: a player may change
# none). Typed alone it is that relocation; among other words the reword gives it the round
# (Game.reword), so it reads as `rN set`; and a relocation that holds it and also changes a
# location is no reading ("no changes, 3/5 to C" is refused, not read as the change).
UNCHANGED = "unchanged"
# What players write for it: "no changes", "nothing changes for me", "i change nothing".
# They win over the reader's hedges ("no", "change" as a correction): a phrase is replaced
# before a word is classified.
EMPTY_RELOCATION: tuple[Phrase, ...] = (
    ("no", "change"), ("no", "changes"), ("no", "changes", "for", "me"), ("nothing", "changes"),
    ("nothing", "changed"), ("nothing", "to", "change"), ("change", "nothing"), ("changing", "nothing"),
    ("no", "relocation"), ("no", "relocations"), ("pass", "on", "relocation"), ("passing", "on", "relocation"),
    ("pass", "on", "relocating"), ("no", "relocating"), ("i", "pass"), ("i'll", "pass"), ("no", "moves"),
    ("nothing", "moves"), ("same", "as", "before"), ("same", "as", "last", "round"), ("stand", "pat"),
    ("standing", "pat"),
    # everything kept as it stands: "keep everything as is", "leave it all as is", "everything stays"
    ("keep", "everything"), ("keeping", "everything"), ("keep", "everything", "as", "is"),
    ("keeping", "everything", "as", "is"), ("keep", "it", "all", "as", "is"), ("keep", "it", "as", "is"),
    ("keep", "all"), ("keeping", "all"), ("keep", "it", "all"), ("keep", "things", "as", "they", "are"),
    ("leave", "everything", "as", "is"), ("leaving", "everything", "as", "is"), ("leave", "it", "all", "as", "is"),
    ("leave", "it", "as", "is"), ("leave", "everything"), ("leaving", "everything"), ("as", "is"),
    ("everything", "stays"), ("everything", "stays", "the", "same"), ("everything", "stays", "put"),
    ("all", "stays", "the", "same"), ("all", "stay"), ("everyone", "stays"), ("everybody", "stays"),
    ("everyone", "stays", "put"), ("everybody", "stays", "put"), ("stay", "put"), ("staying", "put"),
    ("same", "setup"), ("same", "lineup"), ("same", "as", "last", "time"), ("no", "change", "at", "all"),
    ("keep", "it", "the", "same"), ("keep", "everything", "the", "same"), ("keep", "things", "the", "same"),
    ("keep", "the", "lineup"), ("keep", "my", "lineup"), ("keep", "the", "setup"), ("keep", "my", "setup"),
    ("keep", "my", "troops", "where", "they", "are"), ("keep", "everything", "where", "it", "is"),
    ("leave", "everything", "where", "it", "is"), ("everything", "stays", "where", "it", "is"),
    ("keep", "it", "as", "it", "is"), ("keep", "everything", "as", "it", "is"),
    # the bare word ("nothing", "none", "nada"), as typed "none" is: a relocation of no change
    ("nothing",), ("none",), ("nada",), ("zilch",),
)

# The word for a change named by what it takes out of a location, which the reword makes
# notation from the position (the typed notation has none): "replace A with 1/2" is `A=1/2`;
# the troop taken out may be named too ("replace the 5/5 at A", "swap 5/5 for 1/2") and must be
# the one there; "swap A and B" is the swap of their troops (WS-4).
REPLACE = "replace"
REPLACE_WORDS: tuple[Phrase, ...] = (("swap",), ("switch",), ("exchange",),
                                     # "swap out the 3/3 for the 3/4": the troop taken out follows
                                     ("swap", "out"), ("switch", "out"))
# "swap the 3/3 out for the 3/4": "out" between the troop taken out and "for" adds nothing.
OUT_FOR: tuple[Phrase, ...] = (("out", "for"), ("out", "with"))
# Of those, the ones that exchange two troops on the field, said with "and" ("swap 5/5 and 3/5":
# their locations, WS-4); "replace 5/5 with 3/5", "swap 5/5 for 3/5" may move the 3/5 instead of
# swapping it, and are asked about.
SWAP_SAID = frozenset(said[0] for said in REPLACE_WORDS)
SWAP_AND = frozenset({"and", "&", "<->", "↔"})
# A swap's two locations said again in brackets after it ("swap 5/5 and 3/5 (A <-> C)").
SWAP_SIGNS = frozenset({"<->", "↔", "<>", "⇄", "and", "&", "/"})
# "4/3 replaces the 5/5 at A", "4/3 replaces A's 5/5": the troop before the verb is put in
# where the one after it stands, read as "replace the 5/5 at A with 4/3" is (WS-4).
REPLACES = frozenset({"replaces", "replacing"})
REPLACED_WORDS = frozenset({"the", "my"}) | frozenset({"at", "on", "in", "from", "of"})
# Words for a withdrawal (WS-4: a location's troop back to reserve): "pull the 5/5 out of A".
WITHDRAW_WORDS: tuple[Phrase, ...] = (("pull",), ("remove",), ("bench",))
# "out of A" is "from A" (what a withdrawal reads past before its location).
FROM_WORDS: tuple[Phrase, ...] = (("out", "of"), ("off", "of"), ("out", "from"),
                                 # "pull my 5/5 off A": "off" is "from" too
                                 ("off",),
                                 # "pull the 3/3 back out of H": "back" says only that it leaves
                                 ("back", "out", "of"), ("back", "out", "from"), ("back", "from"), ("back", "off"))
# "take out D", "take the 5/5 out of B", "take my troop out of A": a withdrawal (WS-4), where
# "out" follows the verb, right away or past the troop's words (TAKEN_BETWEEN); "take" alone
# ("take 3/4 to B") says no withdrawal and is left as written.
TAKE_WORDS = frozenset({"take", "taking", "takes"})
TAKE_OUT: tuple[Phrase, ...] = (("take", "out"), ("taking", "out"), ("takes", "out"))
TAKEN_BETWEEN = frozenset({"my", "the", "troop", "unit", "guy"})
# "D out (4/4 to reserve)", "A out": a location "out" is its withdrawal (WS-4).
OUT = "out"
# Words a player says of their own post ("1/3 to E I guess"): the pronoun I there is no location.
SAID_OF_POST: tuple[Phrase, ...] = (("i", "guess"), ("i", "suppose"))
# "put 3/4 in B": the verb adds nothing to the troop and its location ("withdraw I, put 3/4 in B").
PUT_WORDS: tuple[Phrase, ...] = (("put",), ("putting",),
                                  # "I field the 3/4 at J": fielding a troop is putting it in (WS-4)
                                  ("field",), ("fielding",), ("i", "field"), ("i'll", "field"))
# Verbs that say a troop goes somewhere ("my 5/1 goes to K", "E gets my 5/5"): the troop and
# the location say the move; the verb adds nothing.
MOTION_WORDS: tuple[Phrase, ...] = (("goes",), ("gets",), ("heads",), ("bring",), ("bringing",), ("send",),
                                     ("sending",), ("comes",), ("heading",), ("goes", "in"),
                                     ("comes", "in"), ("come", "in"), ("coming", "in"), ("going", "in"))
# "bring 3/5 out to K", "send 2/2 out to D": a troop fielded (from reserve, WS-4) goes to K.
OUT_TO: tuple[Phrase, ...] = (("out", "to"), ("out", "into"), ("out", "at"), ("out", "on"),
                               # "1/4 moves to A" (not "moves" alone: "no other moves" says no change)
                               ("moves", "to"), ("moves", "into"), ("moves", "over", "to"))
# The verb of a placement as players say they are doing it ("placing the 4/5 at I"): `place`.
PLACING: tuple[Phrase, ...] = (("placing",), ("i'm", "placing"), ("im", "placing"))
# "nothing else", "no other changes": the relocation changes only what the post names (WS-4);
# they say no more (read before "else", a hedge, and "no", a negation).
NOTHING_ELSE: tuple[Phrase, ...] = (("nothing", "else"), ("no", "other", "changes"), ("no", "other", "change"),
                                    ("nothing", "more"),
                                    # the rest kept as it stands: "5/5 to B, rest as is" (not the empty
                                    # relocation above, which beside a change is refused)
                                    ("rest", "as", "is"), ("everything", "else", "as", "is"),
                                    ("everything", "else", "stays"), ("everything", "else", "stays", "the", "same"),
                                    ("rest", "stays"), ("rest", "stays", "the", "same"), ("rest", "stay"),
                                    ("rest", "stay", "the", "same"), ("keep", "the", "rest"),
                                    ("keep", "the", "rest", "as", "is"), ("leave", "the", "rest"),
                                    ("leave", "the", "rest", "as", "is"), ("everything", "else", "unchanged"),
                                    ("rest", "unchanged"))
# A troop named by its stats ("the 3 attack 4 health guy", "3 atk 4 hp"): its name `3/4` (WS-1).
STAT_WORDS = {"attack": "attack", "atk": "attack", "health": "health", "hp": "health"}
# A troop's health as it stands, said beside a move ("pull the 5/5 off B, it's on 1 hp anyway",
# "at 2 health", "1 hp left"): no stat of a move, which only the Advantage raises (WS-5), so
# left out in a post that uses no Advantage; "+1 hp" is the Advantage's (read before this).
HEALTH_NOW = frozenset({"hp", "health"})
HEALTH_NOW_BEFORE = frozenset({"on", "at"})
HEALTH_NOW_AFTER = frozenset({"left", "remaining"})
# A stat and its number typed as one word ("4atk", "5-health", "attack/5" in "4 attack/5
# health"): read as the words apart, so the troop's stats are read as "4 attack 5 health" is.
GLUED_STAT = re.compile(r"^(\d)-?(" + "|".join(STAT_WORDS) + r")$|^(" + "|".join(STAT_WORDS) + r")/(\d)$")
# Nouns after a troop's name that say it is a troop and no more ("the 3/4 guy", "3/4 troop on C").
TROOP_AFTER = frozenset({"guy", "troop", "unit", "dude"})
# Nouns written before a location or a troop's name ("2/4 at location F", "troop 4/1"): the
# name alone is the notation's (WS-1).
LOCATION_NOUNS = ("location", "loc", "spot", "square", "slot", "position")
TROOP_NOUNS = ("troop",)
# Words pointing back at a troop just named ("M = 3/4, +1 attack on that 3/4"): the troop's
# name alone, which names one troop anyway (WS-1).
POINTING = ("that", "this")
# Words naming a turn or a round by its ordinal ("first turn: 3/3 on E", "my 2nd placement"):
# `t1`, `r2`; the rules refuse a turn that is not the current one (WS-2, WS-4).
NUMBERED = {"turn": "t", "placement": "t", "round": "r", "relocation": "r"}
# "3/4 to J, +1 attack on it": the Advantage on the one troop the post names (WS-5); with two
# troops named, which one is asked.
IT_WORDS = frozenset({"it", "him", "her", "them"})
BUFF_ON = frozenset({"on", "to", "for"})
# "put 5/2 into M and buff its attack": the stat of the one troop the post names (WS-5).
ITS_WORDS = frozenset({"its", "it's", "his", "her", "their"})
# "turn 1 of 13", "round 2 of 3": the turn or round with how many there are; "of 13" says no more.
OF_ALL = "of"
# The same nouns said together ("the first placement turn", "relocation round two"): one turn or round.
NUMBERED_PAIRS = {("placement", "turn"): "t", ("relocation", "round"): "r"}
# Counts that name a turn or round after it ("turn one": `t1`); not "both".
COUNTED = frozenset({"one", "two", "three", "four", "five", "six", "seven", "eight"})
# The current turn or round, as players name it ("no changes this round"): a word the reword
# makes the current one's number (`t3`, `r2`), so a post naming it reads as one naming `r2`.
NOW = "this-turn"
CURRENT: tuple[Phrase, ...] = (("this", "turn"), ("this", "round"), ("current", "turn"), ("current", "round"),
                               ("this", "placement"), ("this", "relocation"))
# A location described by its place on the line, then named ("to the middle, G", "on the last
# location (M)"): the name is the move's; the description must fit it (else refused). The
# description is read only after "the" and right before a location's name.
THE = "the"
LINE_PLACES = frozenset({"first", "last", "middle", "leftmost", "rightmost", "centre", "center"})
# "my 3/5 from C over to B": "over to" is "to".
OVER_TO: tuple[Phrase, ...] = (("over", "to"), ("across", "to"), ("over", "into"))
# Between a troop's two stats ("5 attack / 3 health"): nothing more.
STAT_JOINERS = frozenset({"/", "and", "&", ","})
# A location's troop named by the location ("M's troop moves to G", "the D guy"): the troop
# standing there (WS-1 names it by its starting stats), in a relocation only.
OCCUPANT_NOUNS = TROOP_AFTER
# "A and H swap places": the swap of A's and H's troops (WS-4), as "swap A and H"; the noun
# after the verb says nothing more.
SWAP_AFTER = frozenset({"places", "spots", "locations", "around"})
# "withdraw H and I", "pull A & C": each location listed after one withdrawal is withdrawn.
LISTED = frozenset({"and", "&"})
# "A ← 1/5", "C <- 2/5": the troop put in at the location before the arrow (WS-4); only in that
# order (the other, "1/5 ← A", could say where the troop comes from).
INTO_ARROWS = frozenset({"←", "<-", "<--", "⬅", "⬅️"})
# "J: 5/3 out, 4/5 in", "5/3 out, 4/5 in": a troop "out" is its withdrawal (as "J out" is, WS-4),
# never the troop put in; a troop "in" right after it (or right before it) takes its place.
IN = "in"
# "4/4 ➡️ K", "5/3 J ➡️ H": the reader folds an arrow emoji to its direction word ("right"); between
# a troop (or a location) and a location it is the arrow `->` (to), never a direction: Winning
# Streak has none. "A ⬅️ 1/5" likewise is `A ← 1/5` (INTO_ARROWS). Not "right of K" (a place).
FOLDED_ARROWS = {"right": "->", "left": "←"}
# "relocate: 5/3 J -> H", "5/3 J to H": a troop, the location it stands at, an arrow, a location:
# the troop moved from the first to the second, as "5/3 from J to H" (WS-4); the first checked.
MOVE_ARROWS = frozenset({"->", "-->", "=>", "⇒", "→", "to"})
# "M out, put the 3/5 there instead": "there" is the location just withdrawn, and "instead" (in
# place of the troop taken out) says no more than the withdrawal did (WS-4).
THERE = "there"
INSTEAD = "instead"
# "D gets the 3/3 instead of the 4/4": the troop after it is the one the change takes out, to be
# the location's occupant (checked, then left out, WS-4).
INSTEAD_OF = "instead-of"
INSTEAD_OF_SAID: tuple[Phrase, ...] = (("instead", "of"), ("in", "place", "of"), ("in", "place", "of", "the"),
                                       ("instead", "of", "the"), ("instead", "of", "my"), ("in", "place", "of", "my"))
# A troop written with a dash ("5-5 to M"): `5/5`, only where no troop is named another way in
# the post and no turn or round word is beside it ("turns 3-5" is a range).
DASHED_TROOP = re.compile(r"^(\d)[-–—x×](\d)$")   # "5-5", "5–5", "5x5": read alike
# A troop's stats written as number words ("five-five", "three/four", "five-4"): the troop
# (WS-1). With a slash it is the troop's name; with a dash it is read as "5-5" is (DASHED_TROOP,
# where nothing else makes it a range). The words are the counts players write up to the
# largest stat; "a five five" (two words) and "5 of 5" are not read (a count, a score?).
TROOP_SIGNS = ("/", "-", "–")
# A troop said to be in reserve ("reserve 1/4 goes to A", "1/4 from the reserve to A", "bring
# my 1/4 out of reserve into A"): fielded from reserve (WS-4), so "reserve" says where it is
# now, no more; a troop that stands on the field is refused. The words between "reserve" and
# the troop, and between the troop and "from ... reserve":
RESERVE = "reserve"
RESERVE_OWNERS = frozenset({"my", "the"})
# "A: 5/5 stays", "5/5 stays at A", "keep 5/5 on A": a location whose troop does not change
# (WS-4): said of the troop standing there it says nothing more, else it is refused.
STAYS = frozenset({"stays", "stay", "remains", "remain"})
# Words between a troop and `reserve` when it is sent there by name ("2/4 back to reserve").
TO_WORDS = frozenset({"to", "into", "in", "the", "my"})
ARROWS = frozenset({"->", "→", "=>"})   # "5/3 -> H": the troop sent there
POSSESSIVE = ("'s", "’s")               # "F's 5/4": the troop of location F
# Words before "reserve" that send a troop there ("A to reserve, 1/4 to A"): there "reserve" is
# the withdrawal's, and the troop after it is not said to be in reserve.
TO_RESERVE = TO_WORDS | {"back"}
# Words between a troop and the location it is named at ("the 5/5 at A", "my 5/5 on B").
AT_WORDS = frozenset({"at", "on", "in", "from", "of"})
# Words between a location and the troop that may describe its occupant ("A (the 5/5)", "A: my 5/5").
DESCRIBING = frozenset({"the", "my", "with", "has", "holds", "is"})
# The words of an aside after a troop that only says where it stands and how it stands now: "my
# 5/5 (the one at A)", "the 5/4 (at F, now 5/3)", "(it's 5/3 now)". With the troop's own location
# and present stats, such an aside says no part of a move (WS-1: a troop is named by its starting
# stats); any other word in it leaves it as written.
WHERE_IT_STANDS = frozenset({"the", "one", "at", "on", "in", "now", "it's", "its", "it", "is", "currently",
                             "standing", "sitting", "which", "that's", "thats", "guy", "troop"})


def _buff_stat_in_brackets(words: list[Word]) -> list[Word]:
    """"my advantage goes on the 5/2 (+1 attack)" (`buff on the 5/2 (buff attack)`): the stat in
    brackets right after the troop of a buff said just before it is that buff's stat (WS-5);
    the brackets and the second `buff` left out. Anything else in the brackets is left as written."""
    for at in range(1, len(words) - 2):
        troop, inner, stat = words[at:at + 3]
        before = [w.text.casefold() for w in words[max(at - 4, 0):at]]
        if re.match(r"^\d+/\d+$", troop.text) and troop.trail.strip() == "(" and inner.text == "buff" \
                and stat.text.casefold() in STAT_WORDS and stat.trail.strip().startswith(")") and "buff" in before:
            return [*words[:at], troop._replace(trail=" "), stat._replace(trail=stat.trail.replace(")", "", 1)),
                    *words[at + 3:]]
    return words


def _one_buff(words: list[Word]) -> list[Word]:
    """"advantage: 3/5 +1 health" (`buff 3/5 buff health`): the Advantage said twice over one
    troop and stat is one `buff` (WS-5); a second buff with its own stat stays (and is refused)."""
    out: list[Word] = []
    opened = False   # a buff read, its stat not yet
    for word in words:
        folded = word.text.casefold()
        if folded == "buff" and opened:
            continue
        if folded == "buff":
            opened = True
        elif folded in STAT_WORDS or word.trail.strip(" ,:"):
            opened = False
        out.append(word)
    return out


def _stats_apart(words: list[Word]) -> list[Word]:
    """The words with a stat glued to its number ("4atk", "attack/5") set apart (GLUED_STAT):
    `4 atk`, `attack / 5` (WS-1: a troop named by its stats)."""
    out: list[Word] = []
    for word in words:
        found = GLUED_STAT.match(word.text.casefold())
        if found is None:
            out.append(word)
        elif found.group(1):
            out.extend([word._replace(text=found.group(1), trail=" "), word._replace(text=found.group(2))])
        else:
            out.extend([word._replace(text=found.group(3), trail=" "), word._replace(text="/", trail=" "),
                        word._replace(text=found.group(4))])
    return out


def _aside_end(words: list[Word], index: int) -> int | None:
    """The index of the last word of the bracketed aside right after word `index` ("5/5 (the one
    at A)"), or None when no aside opens there or it does not close within a few words."""
    if "(" not in words[index].trail:
        return None
    for end in range(index + 1, min(index + 7, len(words))):
        if ")" in words[end].trail:
            return end
        if "(" in words[end].trail:
            return None
    return None


def _health_now(words: list[Word]) -> list[Word]:
    """The words with a troop's health as it stands ("on 1 hp", "2 hp left") left out, where the
    post uses no Advantage (HEALTH_NOW): it says no part of a move (WS-5)."""
    if any(word.text.casefold() == "buff" for word in words):
        return words
    folded = [word.text.casefold() for word in words]
    for at, stat in enumerate(folded):
        if stat not in HEALTH_NOW or at == 0 or not folded[at - 1].isdecimal() or words[at - 1].trail.strip():
            continue
        start = at - 2 if at >= 2 and folded[at - 2] in HEALTH_NOW_BEFORE and not words[at - 2].trail.strip() \
            else at - 1
        end = at + 2 if at + 1 < len(folded) and folded[at + 1] in HEALTH_NOW_AFTER and not words[at].trail.strip() \
            else at + 1
        if start == at - 1 and end == at + 1:
            continue   # "1 hp" alone: said of no troop as it stands
        before = [*words[:start - 1], words[start - 1]._replace(trail=words[end - 1].trail)] if start else []
        return [*before, *_health_now(words[end:])]
    return words


def _of_all(words: list[Word]) -> list[Word]:
    """"turn 1 of 13": "of 13" after a turn or round's number (NUMBERED, `t1`) left out, where it
    is no smaller than that number; the number is the turn's (WS-2, WS-4)."""
    folded = [word.text.casefold() for word in words]
    for at in range(1, len(words) - 2):
        number = folded[at]
        named = number.isdecimal() and folded[at - 1] in NUMBERED and not words[at - 1].trail.strip()
        named = named or bool(re.match(r"^[tr]\d+$", number))
        if not named or folded[at + 1] != OF_ALL or not folded[at + 2].isdecimal() or words[at].trail.strip():
            continue
        if int(folded[at + 2]) >= int(number.lstrip("tr")):
            return [*words[:at], words[at]._replace(trail=words[at + 2].trail), *_of_all(words[at + 3:])]
    return words


def _buff_its(words: list[Word]) -> list[Word]:
    """"buff its attack": "its" is the troop the post names, where it names one (ITS_WORDS, WS-5);
    otherwise the words as they are (and refused)."""
    troops = {word.text for word in words if re.match(r"^\d+/\d+$", word.text)}
    folded = [word.text.casefold() for word in words]
    for at in range(1, len(words) - 1):
        if folded[at] in ITS_WORDS and folded[at - 1] == "buff" and folded[at + 1] in STAT_WORDS and len(troops) == 1:
            return [*words[:at], words[at]._replace(text=next(iter(troops))), *words[at + 1:]]
    return words


def _buff_on_it(words: list[Word]) -> list[Word]:
    """"+1 attack on it" (`buff attack on it`): "it" is the troop the post names, where it names
    one (IT_WORDS, WS-5); otherwise the words as they are (and refused)."""
    troops = {word.text for word in words if re.match(r"^\d+/\d+$", word.text)}
    folded = [word.text.casefold() for word in words]
    for at in range(2, len(words)):
        if folded[at] in IT_WORDS and folded[at - 1] in BUFF_ON and folded[at - 2] in STAT_WORDS \
                and len(troops) == 1:
            return [*words[:at], words[at]._replace(text=next(iter(troops))), *words[at + 1:]]
    return words


def _clause_mark(trail: str) -> bool:
    """Does the trail end a clause but not a sentence ("5/3 out, 4/5 in", a new line)?"""
    return bool(trail.strip(" ")) and not any(mark in trail for mark in ".!?")


def _dashed_troops(words: list[Word]) -> list[Word]:
    """"5-5 to M": the troop `5/5` (WS-1), where it is the post's only troop and no turn or
    round word stands beside it; otherwise left as written (and refused)."""
    dashed = [i for i, w in enumerate(words) if DASHED_TROOP.match(w.text)]
    others = any(re.match(r"^\d+/\d+$", w.text) for w in words)
    if len(dashed) != 1 or others:
        return words
    at = dashed[0]
    beside = {w.text.casefold() for w in words[max(at - 1, 0):at + 2]}
    if beside & {"turn", "turns", "round", "rounds", "troops", "placements"}:
        return words
    found = DASHED_TROOP.match(words[at].text)
    assert found is not None
    return [*words[:at], words[at]._replace(text=f"{found.group(1)}/{found.group(2)}"), *words[at + 1:]]


class WinningStreakNotation(WinningStreakRules):
    """Typed moves: parsing, formatting, completing and judging them, and their lexicon."""

    notation = (
        Form("[tTURN] place TROOP LOCATION", ("place 3/5 C", "t4 place 3/5 C"),
             "a placement; the current turn is filled in (WS-2)"),
        Form("[rROUND] set LOCATION=TROOP|- ... [buff TROOP attack|health]",
             ("set A=3/5 B=-", "r2 set A=3/5 buff 3/5 health", "set"),
             "a relocation, at most 3 changes; 'set' alone changes nothing (WS-4, WS-5)"),
    )

    _NUMBER = re.compile(r"^(t|turn|r|round)(\d+)$")
    _ASSIGN = re.compile(r"^([a-z]{1,3})=(\d+/\d+|-|none|empty|reserve)$")
    _TROOP = re.compile(r"^\d+/\d+$")
    _STAT: ClassVar[dict[str, str]] = {"attack": "attack", "atk": "attack", "a": "attack",
                                       "health": "health", "hp": "health", "h": "health"}

    def parse_move(self, text: str) -> dict[str, Any]:
        raw = re.sub(r"\s*=\s*", "=", text.strip().lower().replace(",", " "))
        words = raw.split()
        number: tuple[str, int] | None = None
        rest = []
        index = 0
        while index < len(words):
            word = words[index]
            if word in ("turn", "round") and index + 1 < len(words) and words[index + 1].isdecimal():
                word, index = word + words[index + 1], index + 1
            found = self._NUMBER.match(word)
            said = ("turn" if found.group(1).startswith("t") else "round", int(found.group(2))) if found else None
            if said is not None and number in (None, said):   # "round 1: r1 set": the same round twice is one
                number = said
            else:
                rest.append(word)
            index += 1
        move = self._parse_placement(rest) if (number or ("", 0))[0] != "round" else None
        if move is None and (number is None or number[0] == "round"):
            move = self._parse_relocation(rest)
        if move is None:
            raise NotationError(f"'{text}' is not a Winning Streak move. Write a placement as 't4 place 3/5 C' "
                                f"(turn, troop, location) or a relocation as 'r2 set A=3/5 B=- buff 3/5 health' "
                                f"('r2 set' alone changes nothing).")
        if number is not None:
            move[number[0]] = number[1]
        return move

    # read past between a troop and its location; arrows too ("1/4 -> I": the location I,
    # which the reader would otherwise leave out as the pronoun after glue)
    _FILLERS = ("place", "p", "at", "in", "on", "to", "into", "put", "->", "→", "-->", "⇒", "-", "@")

    def _parse_placement(self, words: list[str]) -> dict[str, Any] | None:
        """`place 3/5 C`, `3/5 to C`, `C: 3/5`: one troop and one location, in either order."""
        words = [w for w in words if w not in self._FILLERS]
        if len(words) == 2 and self._TROOP.match(words[0]) and words[1].isalpha() and words[1] not in (OUT, IN):
            # any word as the location: the schema and the rules say precisely what is wrong
            # ("5/3 out" takes a troop out, "4/5 in" names no location: the reword reads them)
            return {"phase": "placement", "troop": words[0], "location": words[1].upper()}
        if len(words) == 2 and self._TROOP.match(words[1]) and self._is_location_word(words[0]):
            return {"phase": "placement", "troop": words[1], "location": words[0].upper()}
        return None

    def _is_location_word(self, word: str) -> bool:
        """A word that can name a location (the rules and is_plausible say whether it is one);
        never "out" or "in" ("5/3 out" takes a troop out, WS-4: no location OUT)."""
        return word.isalpha() and len(word) <= 3 and word not in ("set", "buff", "reserve", "none", OUT, IN,
                                                                  *RESERVE_OWNERS)

    def _parse_relocation(self, words: list[str]) -> dict[str, Any] | None:
        """`set A=3/5 B=- buff 3/5 health`; changes also as players write them:
        `4/5 C 5/4 D` or `C 4/5` (a troop and its new location, either order), `A reserve`
        (withdraw A's troop)."""
        if words and words[0] in ("set", "relocate", "s"):
            words = words[1:]
        elif words in (["pass"], ["none"], ["no", "change"]):
            words = []
        elif not words:
            return None
        unchanged = UNCHANGED in words
        words = [word for word in words if word != UNCHANGED]
        move: dict[str, Any] = {"phase": "relocation", "set": {}}
        index = 0
        while index < len(words):
            word = words[index]
            found = self._ASSIGN.match(word)
            if found:
                value = found.group(2)
                occupant = value if self._TROOP.match(value) else None
                if not self._joins(move["set"], found.group(1).upper(), occupant):   # `set A=3/5 A=4/5`: which one?
                    return None
                move["set"][found.group(1).upper()] = occupant
                index += 1
                continue
            if word == "buff" and index + 2 < len(words) and "buff" not in move:
                one, two = words[index + 1], words[index + 2]
                troop, stat = (one, two) if self._TROOP.match(one) else (two, one)
                if self._TROOP.match(troop) and stat.lstrip("+") in self._STAT:
                    move["buff"] = {"troop": troop, "stat": self._STAT[stat.lstrip("+")]}
                    index += 3
                    continue
            pair = self._withdrawal_at(words, index) if word in self._WITHDRAW else self._change_at(words, index)
            if pair is None or not self._joins(move["set"], pair[0], pair[1]):
                return None
            location, occupant, index = pair
            move["set"][location] = occupant
        if unchanged and move["set"]:   # "no changes" and a change: which is meant?
            return None
        return move

    @staticmethod
    def _joins(changes: dict[str, str | None], location: str, occupant: str | None) -> bool:
        """May this change join those read before it? A location named once; or emptied and
        then given a troop ("L to reserve, 5/5 into L"), which is that troop in L: the one
        there goes to reserve either way (WS-4). A troop put in and then sent out is no reading."""
        return location not in changes or (changes[location] is None and occupant is not None)

    _WITHDRAW = frozenset({"withdraw", "withdraws", "withdrawing"})

    def _withdrawal_at(self, words: list[str], index: int) -> tuple[str, str | None, int] | None:
        """`withdraw B`, `withdraw from B`, `withdraw A to reserve`: B's troop back to reserve
        (WS-4), as (location, None, next index). A troop named too (`withdraw 5/5 from B`) is no
        reading here: the move cannot carry it, so a troop that is not B's would be read past;
        the reword, which sees the position, checks it and leaves it out (reword)."""
        following = index + 1
        while following < len(words) and words[following] in ("from", "at", "in", "on", "the", "my"):
            following += 1
        if following >= len(words) or not self._is_location_word(words[following]):
            return None
        after = following + 1
        if words[after:after + 2] == ["to", "reserve"] or words[after:after + 1] == ["reserve"]:   # "withdraw A to reserve"
            after += 1 + (words[after] == "to")
        return words[following].upper(), None, after

    def _change_at(self, words: list[str], index: int) -> tuple[str, str | None, int] | None:
        """(location, new occupant or None, next index) of a change written as a troop and a
        location in either order, or a location and `reserve`, with fillers between."""
        following = index + 1
        while following < len(words) and words[following] in self._FILLERS:
            following += 1
        if following >= len(words):
            return None
        one, two = words[index], words[following]
        if self._TROOP.match(one) and self._is_location_word(two):
            return two.upper(), one, following + 1
        if self._is_location_word(one) and (self._TROOP.match(two) or two == "reserve"):
            return one.upper(), (two if two != "reserve" else None), following + 1
        return None

    def lexicon(self) -> Lexicon:
        """The words of Winning Streak moves: the locations, troops `3/5`, changes
        `C=3/5`, the turn or round, `place`, `set`, `reserve`, `withdraw`, the words the reword
        resolves (`unchanged`, `replace`), and the Advantage (WS-5) as players write it:
        "advantage" is `buff`, and its fixed "+1" says nothing more; the module's phrase tables
        (_said_phrases) for the rest."""
        amount = self.params.get("advantage_amount")
        phrases: dict[Phrase, Phrase] = {("advantage",): ("buff",)}
        if isinstance(amount, int):
            phrases[(f"+{amount}",)] = ()
            # "+1 health on my 3/3": the Advantage's fixed amount before a stat says the buff (WS-5)
            phrases.update({(f"+{amount}", said): ("buff", stat) for said, stat in STAT_WORDS.items()})
        phrases.update(self._said_phrases())
        words = {x.casefold() for x in self.locations} | {"place", "set", "buff", "relocate", "reserve", "turn",
                                                          "round", *self._STAT, *self._WITHDRAW, UNCHANGED, REPLACE}
        return Lexicon(frozenset(words), (r"\d+/\d+", r"\d[-–—x×]\d", r"[a-z]{1,3}=\S*", r"t\d+", r"r\d+"), phrases,
                       frozenset({"buff"}))

    def _said_phrases(self) -> dict[Phrase, Phrase]:
        """The phrases of the module's tables, as notation words: the empty relocation, the
        verbs of a change, a location or troop after its noun, a turn or round by its ordinal."""
        phrases: dict[Phrase, Phrase] = {said: (UNCHANGED,) for said in EMPTY_RELOCATION}
        phrases.update({said: (REPLACE,) for said in REPLACE_WORDS})
        phrases.update({said: ("withdraw",) for said in WITHDRAW_WORDS})
        phrases.update({said: ("from",) for said in FROM_WORDS})
        phrases.update({said: ("withdraw",) for said in TAKE_OUT})
        phrases.update({said: () for said in SAID_OF_POST})
        phrases.update({said: () for said in PUT_WORDS})
        # "D out": D's withdrawal; "E's 3/2": the troop at E (checked by the reword, WS-4)
        phrases.update({(x.casefold(), OUT): ("withdraw", x) for x in self.locations})
        phrases.update({(f"{x.casefold()}'s",): (x,) for x in self.locations})
        phrases.update({said: () for said in MOTION_WORDS})
        phrases.update({said: (NOW,) for said in CURRENT})
        phrases.update({said: ("to",) for said in OUT_TO})
        phrases.update({said: ("to",) for said in OVER_TO})
        phrases.update({said: ("place",) for said in PLACING})
        phrases.update({said: () for said in NOTHING_ELSE})
        phrases.update({said: (INSTEAD_OF,) for said in INSTEAD_OF_SAID})
        phrases.update({said: (said[-1],) for said in OUT_FOR})
        phrases[("back", "to")] = ("to",)   # "2/4 back to reserve"
        phrases.update(self._troops_in_words())
        phrases.update({(noun, x.casefold()): (x,) for noun in LOCATION_NOUNS for x in self.locations})
        phrases.update({(noun, name): (name,) for noun in (*TROOP_NOUNS, *POINTING) for name, _, _ in self.squad})
        around = post_words()
        phrases.update({(ordinal, noun): (f"{letter}{number}",) for ordinal, number in around.ordinals.items()
                        if number > 0 for noun, letter in NUMBERED.items()})
        phrases.update({(noun, count): (f"{letter}{number}",) for count, number in around.counts.items()
                        if count in COUNTED for noun, letter in NUMBERED.items()})
        phrases.update({(ordinal, *nouns): (f"{letter}{number}",) for ordinal, number in around.ordinals.items()
                        if number > 0 for nouns, letter in NUMBERED_PAIRS.items()})
        return phrases

    def _troops_in_words(self) -> dict[Phrase, Phrase]:
        """"five-five", "three/4": each troop of the squad with its stats written as number
        words (TROOP_SIGNS), as `5/5`, or as `5-5` for the dash (read as a dashed troop is)."""
        around = post_words()
        spelled: dict[int, list[str]] = {}
        for word, number in around.counts.items():
            if word in COUNTED:
                spelled.setdefault(number, [str(number)]).append(word)
        phrases: dict[Phrase, Phrase] = {}
        for _name, attack, health in self.squad:
            for a in spelled.get(attack, []):
                for h in spelled.get(health, []):
                    if a.isdecimal() and h.isdecimal():
                        continue   # "5/5", "5-5": the notation's own shapes
                    for sign in TROOP_SIGNS:
                        phrases[(f"{a}{sign}{h}",)] = (f"{attack}{'/' if sign == '/' else '-'}{health}",)
        return phrases

    def reword(self, s: StreakState, player: str, words: list[Word]) -> list[Word]:
        """In a relocation round, what only the position says (WS-4): `unchanged` is this
        round's (`r1 unchanged`), and a troop named as the one a withdrawal or replacement takes
        out ("withdraw 5/5 from B", "swap my 5/5 on B for the 5/1") is checked against the
        location's occupant and left out, or stands for the location it holds ("withdraw 5/5");
        one that is not there, or a troop put in that stands elsewhere, is refused. In any stage
        "this round" is the current one's number (`r1`, `t3`); a troop sent to reserve by name
        ("2/4 to reserve") is the location it stands at."""
        now = {"placement": f"t{s.turn}", "relocation": f"r{max(s.round, 1)}"}.get(s.stage)
        if now is None:
            return words
        words = _dashed_troops(_of_all([word._replace(text=now) if word.text == NOW else word for word in words]))
        words = self._folded_arrows(words)
        words = _health_now(self._described_places(self._named_by_stats(_stats_apart(words))))   # "my 5-5 guy": the troop, then its noun
        if s.stage != "relocation":
            return words
        words = self._where_it_stands(s, player, self._moved_by_arrow(s, player, words))
        words = self._instead_of(s, player, self._listed_withdrawals(self._arrowed(self._swap_after(
            self._put_there(self._occupants_named(s, player, words))))))
        words = self._staying(s, player, self._from_reserve(s, player, words))
        words = self._no_moves_but_buff(_one_buff(_buff_stat_in_brackets(_buff_on_it(_buff_its(words)))))
        out: list[Word] = []
        for word in words:
            if word.text == UNCHANGED:
                out.append(word._replace(text=now, trail=""))
            out.append(word)
        out = self._out_and_in(self._troops_out(out))
        out = self._to_reserve(s, player, self._moved_from(s, player, self._taken_out(s, player, self._replaces(self._take_out(out)))))
        return self._onto_another(s, player, self._headed(self._occupant_again(s, player, out)))

    def _folded_arrows(self, words: list[Word]) -> list[Word]:
        """"4/4 ➡️ K" (read "4/4 right K"): `4/4 -> K`; "A ⬅️ 1/5": `A ← 1/5` (FOLDED_ARROWS), only
        between a troop or location and a location (right), a location and a troop (left)."""
        def named(word: Word) -> str:
            return "troop" if self._TROOP.match(word.text) else \
                "location" if word.text.upper() in self.line_position and word.text.isupper() else ""
        out = list(words)
        for at in range(1, len(words) - 1):
            arrow = FOLDED_ARROWS.get(words[at].text)
            before, after = named(words[at - 1]), named(words[at + 1])
            if arrow is None or words[at].trail.strip() or words[at - 1].trail.strip():
                continue
            if (arrow == "->" and before and after == "location") or (arrow == "←" and (before, after) == ("location", "troop")):
                out[at] = words[at]._replace(text=arrow)
        return out

    def _moved_by_arrow(self, s: StreakState, player: str, words: list[Word]) -> list[Word]:
        """"5/3 J -> H": `5/3 from J to H` (MOVE_ARROWS), where J holds the player's 5/3 (WS-4);
        otherwise the words as they are."""
        for at in range(len(words) - 3):
            troop, where, arrow, to = words[at:at + 4]
            there = self.occupant(s, player, where.text.upper()) if where.text.upper() in self.line_position \
                and (where.text.isupper() or where.text.casefold() not in ("a", "i")) else None
            if self._TROOP.match(troop.text) and there is not None and there.name == troop.text \
                    and arrow.text.casefold() in MOVE_ARROWS and to.text.upper() in self.line_position \
                    and troop.trail.strip() in ("", ":") and not where.trail.strip():
                return [*words[:at + 1], where._replace(text="from", said=""), where,
                        arrow._replace(text="to"), *words[at + 3:]]
        return words

    def _onto_another(self, s: StreakState, player: str, words: list[Word]) -> list[Word]:
        """A troop standing at one location sent to another that holds a troop of the player's
        ("move 3/3 from H to A", A holding the 5/5): moved (the 5/5 to reserve) or swapped (the
        5/5 to H)? The post does not say which (WS-4): refused, naming both, unless the post also
        says where that troop goes (a location or reserve after it)."""
        named = {w.text for w in words if self._TROOP.match(w.text)}
        out = list(words)
        for index, word in enumerate(words[:-1]):
            at = self._next(words, index + 1, TO_WORDS | ARROWS) if self._TROOP.match(word.text) else None
            location = words[at].text.upper() if at is not None else ""
            if location not in self.line_position:
                continue
            there = self.occupant(s, player, location)
            where = next((x for x, name in self.field_of(s, player).items() if name == word.text), None)
            if there is None or where is None or where == location or there.name == word.text or there.name in named:
                continue
            out[index] = word._replace(problem=f"stands at {where} and {location} holds your {there.name}: moved there "
                                                f"(the {there.name} to reserve) or swapped? write 'set {location}="
                                                f"{word.text}' or 'set {location}={word.text} {where}={there.name}'.")
        return out

    def _where_it_stands(self, s: StreakState, player: str, words: list[Word]) -> list[Word]:
        """A troop's aside that only says where it stands and its stats now ("my 5/5 (the one at
        A)", "the 5/4 (at F, now 5/3)"; WHERE_IT_STANDS) left out, when the location is the one it
        stands at and the stats its present ones (WS-1); any other aside is left as written."""
        index = 0
        while index < len(words):
            word = words[index]
            end = _aside_end(words, index) if self._TROOP.match(word.text) else None
            if end is not None and self._only_where_it_stands(s, player, word.text, words[index + 1:end + 1]):
                closing = words[end].trail.replace(")", "", 1).strip()
                words = [*words[:index], word._replace(trail=closing or " ", end=words[end].end),
                         *words[end + 1:]]
            index += 1
        return words

    def _only_where_it_stands(self, s: StreakState, player: str, troop: str, aside: list[Word]) -> bool:
        """Does the aside say nothing but the troop's own location and present stats?"""
        where = next((x for x, name in self.field_of(s, player).items() if name == troop), None)
        standing = self.occupant(s, player, where) if where is not None else None
        if where is None or standing is None:
            return False
        told = (where.casefold(), f"{standing.attack}/{standing.health}")
        said = [word.text.strip("(),").casefold() for word in aside]
        return any(word in told for word in said) and all(word in WHERE_IT_STANDS or word in told for word in said)

    def _troops_out(self, words: list[Word]) -> list[Word]:
        """"5/3 out": `withdraw 5/3` (checked against where it stands later, WS-4), where "out"
        ends the clause; any other "out" is left as written."""
        out: list[Word] = []
        index = 0
        while index < len(words):
            word = words[index]
            after = words[index + 1] if index + 1 < len(words) else None
            if self._TROOP.match(word.text) and not word.trail.strip() and after is not None \
                    and after.text.casefold() == OUT and (after.trail.strip(" ") or index + 2 == len(words)):
                out.append(Word("withdraw", word.said, word.start, word.start, None, " "))
                out.append(word._replace(trail=after.trail, end=after.end, said=f"{word.said} {after.said}"))
                index += 2
                continue
            out.append(word)
            index += 1
        return out

    def _out_and_in(self, words: list[Word]) -> list[Word]:
        """"withdraw J, 4/5 in" ("J out, 4/5 in", "5/3 out, 4/5 in"), or "4/5 in, withdraw J":
        `replace J with 4/5` (the troop put in where the one taken out stood, WS-4), where the
        troop's "in" ends its clause and one troop "in" stands beside the withdrawal, in its
        sentence ("3/3 in, 5/3 out, 4/5 in": which one?); otherwise the words as they are."""
        for index in range(len(words) - 1):
            verb, taken = words[index], words[index + 1]
            if verb.text.casefold() not in self._WITHDRAW or self._TROOP.match(taken.text) is None \
                    and taken.text.upper() not in self.line_position:
                continue
            after = self._troop_in(words, index + 2) if _clause_mark(taken.trail) else None
            before = index - 2 if index >= 2 and self._troop_in(words, index - 2) == index - 2 \
                and _clause_mark(words[index - 1].trail) else None
            if (after is None) == (before is None):
                continue
            put = after if after is not None else before
            assert put is not None
            replaced = [verb._replace(text=REPLACE), taken._replace(trail=" "),
                        Word("with", "", taken.end, taken.end, None, " "), words[put]._replace(trail=" ")]
            first, last = (index, put + 2) if after is not None else (put, index + 2)
            return [*words[:first], *replaced[:-1], replaced[-1]._replace(trail=words[last - 1].trail),
                    *self._out_and_in(words[last:])]
        return words

    def _troop_in(self, words: list[Word], index: int) -> int | None:
        """`index` where a troop and "in" ending its clause (or the post) stand there, else None."""
        if index + 1 >= len(words) or not self._TROOP.match(words[index].text) or words[index].trail.strip() \
                or words[index + 1].text.casefold() != IN:
            return None
        return index if words[index + 1].trail.strip(" ") or index + 2 == len(words) else None   # a line ends it too

    def _headed(self, words: list[Word]) -> list[Word]:
        """"H: swap the 3/3 out for the 3/4": a location written as a heading ("H:") before the
        change the reword made of its clause (`H=3/4`), or before its own name (`F to reserve`
        made of "F: 5/4 back to reserve"), says it again: left out; before a change of another
        location it is refused (which location?)."""
        out = list(words)
        for index, word in enumerate(words[:-1]):
            location = word.text.upper()
            if location not in self.line_position or word.trail.strip() != ":":
                continue
            after = words[index + 1:]
            change = next((w for w in after if "=" in w.text or w.text.upper() in self.line_position), None)
            if change is not None and change.text.upper() == location:
                out[index] = word._replace(text="")   # "F: 5/4 back to reserve" (`F to reserve`): F again
                continue
            if change is not None and "=" not in change.text and self._TROOP.match(change.said):   # "F: 2/5 to reserve"
                out[index] = word._replace(problem=f"heads a change of {change.text.upper()}, where the "
                                                   f"{change.said} stands; give the location once.")
                continue
            if change is None or "=" not in change.text:
                continue
            if change.text.split("=")[0] == location:
                out[index] = word._replace(text="")
            else:
                out[index] = word._replace(problem=f"heads a change of {change.text.split('=')[0]}; give the "
                                                   f"location once.")
        return [word for word in out if word.text]

    def _occupants_named(self, s: StreakState, player: str, words: list[Word]) -> list[Word]:
        """"M's troop moves to G", "the D guy": the troop standing at the location (WS-1 names it
        by its starting stats); refused where the player has none there."""
        out: list[Word] = []
        for word in words:
            location = out[-1].text.upper() if out else ""
            if word.text.casefold() not in OCCUPANT_NOUNS or location not in self.line_position \
                    or out[-1].trail.strip():
                out.append(word)
                continue
            there = self.occupant(s, player, location)
            said = f"{out[-1].said} {word.said}"
            out[-1] = out[-1]._replace(text=there.name if there is not None else said, said=said, trail=word.trail,
                                       end=word.end, problem=None if there is not None else
                                       f"names the troop at {location}, but you have none there; give the troop.")
        return out

    def _put_there(self, words: list[Word]) -> list[Word]:
        """"M out, put the 3/5 there instead": `withdraw M 3/5 M` (the troop in at M, WS-4), where
        the post's one location is the one withdrawn in the sentence before "there"; "instead"
        right after "there" is left out."""
        places = [at for at, w in enumerate(words) if w.text.upper() in self.line_position]
        spots = [at for at, w in enumerate(words) if w.text.casefold() == THERE]
        if len(places) != 1 or len(spots) != 1 or not places[0] < spots[0] or places[0] == 0 \
                or words[places[0] - 1].text.casefold() not in self._WITHDRAW or not words[places[0]].trail.strip():
            return words
        at = spots[0]
        out = [*words[:at], words[at]._replace(text=words[places[0]].text.upper())]
        if at + 1 < len(words) and words[at + 1].text.casefold() == INSTEAD and not words[at].trail.strip():
            out[-1] = out[-1]._replace(trail=words[at + 1].trail, end=words[at + 1].end)
            return [*out, *words[at + 2:]]
        return [*out, *words[at + 1:]]

    def _swap_after(self, words: list[Word]) -> list[Word]:
        """"A and H swap places": `replace A and H` (the swap, WS-4), where the two locations and
        the swap verb make the clause's start."""
        for index in range(len(words) - 3):
            one, joint, two, verb = words[index:index + 4]
            if index and not words[index - 1].trail.strip() or verb.text != REPLACE \
                    or verb.said.casefold() not in SWAP_SAID or joint.text.casefold() not in SWAP_AND \
                    or not all(w.text.upper() in self.line_position for w in (one, two)) \
                    or any(w.trail.strip() for w in (one, joint, two)):
                continue
            tail = words[index + 4:index + 5]
            dropped = 1 if tail and tail[0].text.casefold() in SWAP_AFTER and not verb.trail.strip() else 0
            last = (tail[0] if dropped else verb).trail
            return [*words[:index], verb._replace(trail=" "), one, joint, two._replace(trail=last),
                    *words[index + 4 + dropped:]]
        return words

    def _arrowed(self, words: list[Word]) -> list[Word]:
        """"A ← 1/5": `A=1/5` (INTO_ARROWS), a location, the arrow and a troop in that order."""
        out: list[Word] = []
        index = 0
        while index < len(words):
            run = words[index:index + 3]
            if len(run) == 3 and run[1].text in INTO_ARROWS and run[0].text.upper() in self.line_position \
                    and self._TROOP.match(run[2].text) and run[2].problem is None:
                out.append(run[0]._replace(text=f"{run[0].text.upper()}={run[2].text}", end=run[2].end,
                                           said=" ".join(w.said for w in run), trail=run[2].trail))
                index += 3
                continue
            out.append(words[index])
            index += 1
        return out

    def _listed_withdrawals(self, words: list[Word]) -> list[Word]:
        """"withdraw H and I", "pull A & C and F": each listed location withdrawn (WS-4), where the
        list ends its sentence or the post (so "withdraw H and I put ..." is left as written)."""
        out = list(words)
        for index, word in enumerate(words):
            if word.text.casefold() not in self._WITHDRAW:
                continue
            at = index + 1
            listed: list[int] = []
            while at < len(words) and words[at].text.upper() in self.line_position:
                listed.append(at)
                if at + 1 < len(words) and words[at + 1].text.casefold() in LISTED and not words[at].trail.strip():
                    at += 2
                else:
                    break
            ends = listed and (listed[-1] == len(words) - 1 or words[listed[-1]].trail.strip(" ,") != "")
            if len(listed) < 2 or not ends:
                continue
            for later in listed[1:]:
                out[later - 1] = words[later - 1]._replace(text="withdraw")
            break
        return out

    def _instead_of(self, s: StreakState, player: str, words: list[Word]) -> list[Word]:
        """"D gets the 3/3 instead of the 4/4": the troop after `instead-of` is the one taken out
        of the clause's location, left out where it stands there and refused where not (WS-4)."""
        out = list(words)
        for index, word in enumerate(words):
            if word.text != INSTEAD_OF:
                continue
            troop = self._next(words, index + 1, frozenset({"the", "my"}))
            start = index
            while start > 0 and not words[start - 1].trail.strip(" :"):   # "A: 5/3 instead of the 5/5"
                start -= 1
            places = [w.text.upper() for w in words[start:index] if w.text.upper() in self.line_position]
            if troop is None or not self._TROOP.match(words[troop].text) or len(places) != 1:
                continue
            out[troop] = self._occupant_named(s, player, words[troop], places[0])
            if out[troop].problem is None:
                for at in range(index, troop):
                    out[at] = out[at]._replace(text="")
        return [word for word in out if word.text]

    def _occupant_again(self, s: StreakState, player: str, words: list[Word]) -> list[Word]:
        """A location followed by the troop that already stands there ("take my troop out of A
        (the 5/5)", "A: 5/5"): read together they would set A to what it holds, a change of
        nothing (WS-4), when the words around them may say another change. Refused, naming both;
        right after `withdraw` ("withdraw A (the 5/5)") the troop only says what leaves: left out."""
        out = list(words)
        for index, word in enumerate(words):
            location = word.text.upper()
            if location not in self.line_position:
                continue
            named = self._next(words, index + 1, DESCRIBING)
            there = self.occupant(s, player, location)
            if named is None or there is None or words[named].text != there.name or words[named].problem:
                continue
            if named + 1 < len(words) and words[named + 1].text.casefold() in STAYS:
                continue   # "A: 5/5 stays": _staying's to judge
            if named == index + 1 and word.said.casefold().endswith(POSSESSIVE):
                out[index] = word._replace(text="")   # "F's 5/4 moves to B": whose troop, no change of F
                continue
            if self._after_taking(words, index):
                out[named] = words[named]._replace(text="")
                continue
            out[named] = words[named]._replace(problem=f"already stands at {location}: setting {location} to it "
                                                       f"changes nothing; give the change ('set {location}=-' "
                                                       f"withdraws it, 'set {location}=TROOP' replaces it).")
        return [word for word in out if word.text]

    def _after_taking(self, words: list[Word], index: int) -> bool:
        """Does the location at `index` follow `withdraw` or `replace` (past "from", "the", "my")?
        Then the troop named after it says what is taken out, no change (WS-4)."""
        at = index - 1
        while at >= 0 and words[at].text.casefold() in ("from", "the", "my"):
            at -= 1
        return at >= 0 and (words[at].text.casefold() in self._WITHDRAW or words[at].text == REPLACE)

    def _take_out(self, words: list[Word]) -> list[Word]:
        """"take the 5/5 out of B", "take my troop out of A": `withdraw` (TAKE_WORDS), where "out
        of" (`from`) follows the verb past a troop's words only; "my troop" is left out."""
        out = list(words)
        for index, word in enumerate(words):
            if word.text.casefold() not in TAKE_WORDS:
                continue
            at = index + 1
            while at < len(words) and (words[at].text.casefold() in TAKEN_BETWEEN or self._TROOP.match(words[at].text)):
                at += 1
            between = words[index + 1:at]
            if at >= len(words) or words[at].text.casefold() != "from" or sum(bool(self._TROOP.match(w.text))
                                                                            for w in between) > 1:
                continue
            out[index] = word._replace(text="withdraw")
            for skipped in range(index + 1, at):
                if not self._TROOP.match(words[skipped].text) and words[skipped].text.casefold() != "the":
                    out[skipped] = words[skipped]._replace(text="")
        return [word for word in out if word.text]

    def _replaces(self, words: list[Word]) -> list[Word]:
        """"4/3 replaces the 5/5 at A": `replace the 5/5 at A with 4/3`, the troop put in
        moved after what it replaces (a location, or a troop, within REPLACED_WORDS), where
        nothing but the troop stands before the verb in its clause."""
        for index, word in enumerate(words):
            if word.text.casefold() not in REPLACES or index == 0 or not self._TROOP.match(words[index - 1].text) \
                    or words[index - 1].trail.strip():
                continue
            end = index + 1
            while end < len(words) and words[end].text.upper() not in self.line_position \
                    and (words[end].text.casefold() in REPLACED_WORDS or self._TROOP.match(words[end].text)) \
                    and not words[end].trail.strip():
                end += 1
            if end >= len(words) or words[end].text.upper() not in self.line_position:
                end -= 1   # "4/3 replaces 5/5": the troop is what it replaces
            elif end + 1 < len(words) and self._TROOP.match(words[end + 1].text) and not words[end].trail.strip():
                end += 1   # "4/3 replaces A's 5/5": the troop at A (the reword checks it)
            if end <= index or not (self._TROOP.match(words[end].text) or words[end].text.upper() in self.line_position):
                continue
            troop, verb = words[index - 1], word._replace(text=REPLACE)
            joined = words[end]._replace(trail=" ")
            return [*words[:index - 1], verb, *words[index + 1:end], joined, Word("with", "with", joined.end,
                    joined.end, None, " "), troop._replace(trail=words[end].trail), *words[end + 1:]]
        return words

    def _from_reserve(self, s: StreakState, player: str, words: list[Word]) -> list[Word]:
        """"reserve 1/4 goes to A", "1/4 from the reserve to A": the troop fielded (WS-4), the
        words saying it is in reserve left out where it is not on the field; refused where it
        stands at a location (then it is moved, not fielded: which was meant?)."""
        out = list(words)
        for index, word in enumerate(words):
            if word.text.casefold() != RESERVE:
                continue
            span = self._reserve_troop(words, index)
            if span is None:
                continue
            troop, start, end = span
            standing = self._field_location(s, player, words[troop].text)
            if standing is not None:
                out[troop] = words[troop]._replace(problem=f"is said to be in reserve, but your {words[troop].text} "
                                                           f"stands at {standing}; give the change.")
                continue
            for at in range(start, end):
                if at != troop:
                    out[at] = out[at]._replace(text="")
        return [word for word in out if word.text]

    def _reserve_troop(self, words: list[Word], index: int) -> tuple[int, int, int] | None:
        """(troop index, start, end) of the words naming a troop as in reserve around the word
        "reserve" at `index`: "reserve 1/4", "my reserve 1/4" (not after a word sending a troop
        there, "A to reserve, 1/4 to A"), or "1/4 from (the) reserve"; None otherwise."""
        troop = self._next(words, index + 1, RESERVE_OWNERS)
        before = words[index - 1].text.casefold() if index else ""
        at = index - 1
        while at >= 0 and words[at].text.casefold() in RESERVE_OWNERS:
            at -= 1
        said_from = at >= 0 and words[at].text.casefold() == "from"
        marks = " :," if said_from else " :"   # "from the reserve, 1/4 to A"; not "A to reserve, 1/4 to A"
        sent = at >= 0 and words[at].text.casefold() in TO_RESERVE - RESERVE_OWNERS   # "A to (the) reserve"
        if troop is not None and self._TROOP.match(words[troop].text) and not sent \
                and not words[index].trail.strip(marks) and not any(w.trail.strip() for w in words[index + 1:troop]):
            start = index - (before in RESERVE_OWNERS)
            return troop, start, troop + 1
        bracketed = ")" in words[index].trail   # "1/4 (from reserve) to A"
        if said_from and at >= 1 and self._TROOP.match(words[at - 1].text) \
                and not any(w.trail.strip("(" if bracketed else "") for w in words[at - 1:index]):
            return at - 1, at - 1, index + 1
        if index and self._TROOP.match(words[index - 1].text) and "(" in words[index - 1].trail and bracketed:
            return index - 1, index - 1, index + 1   # "1/4 (reserve) to A"
        if said_from and at >= 1 and words[at - 1].text.upper() in self.line_position:
            return self._placed_from_reserve(words, at - 1, index)
        return None

    def _placed_from_reserve(self, words: list[Word], location: int, reserve: int) -> tuple[int, int, int] | None:
        """"field 1/4 at A from reserve": (troop index, start, end) where a troop stands right
        before the location (past "at", "to"), "from reserve" after it; None otherwise."""
        troop = location - 1
        while troop >= 0 and words[troop].text.casefold() in AT_WORDS | TO_WORDS:
            troop -= 1
        if troop < 0 or not self._TROOP.match(words[troop].text) \
                or any(w.trail.strip() for w in words[troop:reserve]):
            return None
        return troop, location + 1, reserve + 1

    def _no_moves_but_buff(self, words: list[Word]) -> list[Word]:
        """"Advantage → +1 health to my 2/5, no moves": the Advantage (WS-5) is the whole
        relocation, and "no moves" says no location changes (WS-4), which it does not: the
        `unchanged` is left out where the post names one buff and nothing else a change could
        use (no location, no other troop, no withdrawal or replacement)."""
        texts = [w.text.casefold() for w in words]
        if UNCHANGED not in texts or texts.count("buff") != 1:
            return words
        troops = [t for t in texts if self._TROOP.match(t)]
        changing = [t for t in texts if t.upper() in self.line_position or "=" in t or t in self._WITHDRAW
                    or t in (REPLACE, "reserve", "place", "set")]
        if len(troops) != 1 or changing:
            return words
        return [w for w in words if w.text != UNCHANGED]

    def _named_by_stats(self, words: list[Word]) -> list[Word]:
        """"the 3 attack 4 health guy", "4 hp 3 atk": the troop `3/4` (WS-1), where both stats are
        said, each once, as bare numbers; a noun after a troop ("guy", "troop") is left out."""
        out: list[Word] = []
        index = 0
        while index < len(words):
            joined = len(words) > index + 2 and words[index + 2].text.casefold() in STAT_JOINERS
            spoken = words[index:index + 4 + joined]   # "5 attack / 3 health": the joiner says nothing
            run = [*spoken[:2], *spoken[2 + joined:]]
            said = self._stats_said(run)
            if said is not None:
                name = f"{said['attack']}/{said['health']}"
                out.append(Word(name, " ".join(w.said for w in spoken), run[0].start, run[-1].end, None, run[-1].trail))
                index += len(spoken)
                continue
            if not (out and self._TROOP.match(out[-1].text) and not out[-1].trail.strip()
                    and words[index].text.casefold() in TROOP_AFTER):
                out.append(words[index])   # "the 3/4 guy": the troop
            else:
                out[-1] = out[-1]._replace(said=f"{out[-1].said} {words[index].said}", trail=words[index].trail,
                                           end=words[index].end)
            index += 1
        return out

    @staticmethod
    def _stats_said(run: list[Word]) -> dict[str, str] | None:
        """{"attack": "3", "health": "4"} of four words saying both stats, each once, as a bare
        number before its stat ("3 attack 4 health") or after it ("attack 3 health 4"), the two
        pairs apart by a comma at most; None otherwise."""
        if len(run) != 4 or run[0].trail.strip() or run[2].trail.strip() or run[1].trail.strip(" ,"):
            return None
        numbers, names = (run[::2], run[1::2]) if run[0].text.isdecimal() else (run[1::2], run[::2])
        stats = [STAT_WORDS.get(w.text.casefold()) for w in names]
        if not all(w.text.isdecimal() for w in numbers) or sorted(map(str, stats)) != ["attack", "health"]:
            return None
        return {str(stat): w.text for stat, w in zip(stats, numbers, strict=True)}

    def _described_places(self, words: list[Word]) -> list[Word]:
        """"the middle, G", "the last location (M)": the location, its description left out
        where it fits the line (G is the middle of A–M), refused where it does not."""
        out: list[Word] = []
        index = 0
        while index < len(words):
            run = words[index:index + 3]
            if len(run) == 3 and run[0].text.casefold() == THE and run[1].text.casefold() in LINE_PLACES \
                    and run[2].text.upper() in self.line_position:
                out.append(self._described(run[1], run[2]))
                index += 3
                continue
            out.append(words[index])
            index += 1
        return out

    def _described(self, place: Word, named: Word) -> Word:
        """The location `named`, or refused where `place` ("middle", "last") names another one."""
        line = self.locations
        places = {"first": line[0], "leftmost": line[0], "last": line[-1], "rightmost": line[-1]}
        if len(line) % 2:
            places.update({"middle": line[len(line) // 2], "centre": line[len(line) // 2],
                           "center": line[len(line) // 2]})
        meant = places.get(place.text.casefold())
        location = named.text.upper()
        said = f"the {place.said} {named.said}"
        if meant == location:
            return named._replace(said=said, start=place.start)
        return named._replace(said=said, start=place.start,
                              problem=f"is called the {place.said} location, which is "
                                      f"{meant or 'no one location'}; give the location once.")

    def _staying(self, s: StreakState, player: str, words: list[Word]) -> list[Word]:
        """"A: 5/5 stays", "5/5 stays at A", "5/5 stays": no change (WS-4), left out where the
        player's troop stands there (at A, or anywhere on the field when no location is
        said); refused where it does not."""
        out = list(words)
        for index, word in enumerate(words):
            if word.text.casefold() not in STAYS or index == 0 or not self._TROOP.match(words[index - 1].text):
                continue
            troop = words[index - 1]
            before = words[index - 2] if index > 1 and words[index - 2].text.upper() in self.line_position else None
            after = self._next(words, index + 1, AT_WORDS)
            if after is not None and (after == index + 1 or words[after].text.upper() not in self.line_position):
                after = None   # "5/5 stays at A": a location after at/on/in only
            named = [w for w in (before, words[after] if after is not None else None) if w is not None]
            span = range(index - 1 - (before is not None), (after if after is not None else index) + 1)
            wanted = {w.text.upper() for w in named}
            standing = self._field_location(s, player, troop.text)
            rest = [part for at, w in enumerate(words) if at not in span for part in w.text.upper().split("=")]
            if troop.text.upper() in rest or (standing or "").upper() in rest:
                out[index] = word._replace(problem=f"says {troop.text} stays, and the post changes it too; "
                                                   f"give the changes once.")
                continue
            if len(wanted) > 1 or standing is None or wanted - {standing}:
                out[index] = word._replace(problem=f"says {troop.text} stays"
                                                   f"{' at ' + min(wanted) if wanted else ''}, but your "
                                                   f"{troop.text} is at {standing or 'no location'}; give the changes.")
                continue
            for at in span:
                out[at] = out[at]._replace(text="")
        return [word for word in out if word.text]

    def _moved_from(self, s: StreakState, player: str, words: list[Word]) -> list[Word]:
        """"3/5 from C to B": the troop is moved; "from C" says where it stands, and is left out
        when it does (the rules empty C, WS-4), refused when it does not."""
        out = list(words)
        for index, word in enumerate(words[:-2]):
            if not self._TROOP.match(word.text) or words[index + 1].text.casefold() != "from":
                continue
            location = words[index + 2].text.upper()
            if location not in self.line_position:
                continue
            there = self.occupant(s, player, location)
            if there is not None and there.name == word.text:
                out[index + 1], out[index + 2] = (w._replace(text="") for w in words[index + 1:index + 3])
            else:
                out[index] = self._occupant_named(s, player, word, location)
        return [word for word in out if word.text]

    def _to_reserve(self, s: StreakState, player: str, words: list[Word]) -> list[Word]:
        """"2/4 to reserve": the location the player's 2/4 stands at (`M to reserve`, WS-4);
        a troop standing nowhere is refused."""
        out = list(words)
        for index, word in enumerate(words[:-1]):
            if not self._TROOP.match(word.text):
                continue
            reserve = self._next(words, index + 1, TO_WORDS)
            if reserve is not None and reserve > index + 1 and words[reserve].text.casefold() == "reserve":
                out[index] = self._standing_at(s, player, word)
        return out

    def _taken_out(self, s: StreakState, player: str, words: list[Word]) -> list[Word]:
        """The words with each troop named after `withdraw` or `replace` made what the move
        writes (see reword): `replace A with 1/2` becomes `A=1/2`, and `replace A and B` (two
        locations) the swap it is (WS-4). The notation has no `replace`: a replacement read
        as typed, unchecked, would move a troop that stands elsewhere without asking."""
        glue = post_words().glue - {x.casefold() for x in self.locations}   # "a", "i" glue; A, I locations
        out = list(words)
        for index, word in enumerate(words):
            verb = word.text.casefold()
            if verb not in self._WITHDRAW and verb != REPLACE:
                continue
            at = self._next(words, index + 1, glue)
            if at is None:
                continue
            where = at
            if self._TROOP.match(words[at].text):
                place = self._next(words, at + 1, AT_WORDS | {"the", "my"})
                if place is not None and words[place].text.upper() in self.line_position:
                    out[at] = self._occupant_named(s, player, words[at], words[place].text.upper())
                    where = place
                else:
                    out[at] = self._standing_at(s, player, words[at])
                if out[at].problem is not None:
                    continue
            elif words[at].text.upper() not in self.line_position:
                continue
            if verb == REPLACE:
                put = self._next(words, max(at, where) + 1, glue)
                if at == where and put is not None and self._holds(s, player, words[where], words[put]):
                    out[put] = words[put]._replace(text="")   # "replace E's 3/2 with 4/3": what leaves E
                    put = self._next(words, put + 1, glue)
                self._replaced(s, player, out, index, where, put, at == where)
        return [word for word in out if word.text]

    def _holds(self, s: StreakState, player: str, location: Word, troop: Word) -> bool:
        """Is `troop` the player's troop standing at `location` ("E (the 3/2)"), said with no problem?"""
        there = self.occupant(s, player, location.text.upper())
        return there is not None and troop.problem is None and troop.text == there.name

    def _replaced(self, s: StreakState, player: str, out: list[Word], verb: int, where: int, put: int | None,
                  bare: bool) -> None:
        """`replace` at `verb` with the location at `where` resolved: `A=1/2` when a troop
        follows (not one standing elsewhere: moved or swapped?), the swap when a second
        location follows a bare first one; otherwise `replace` stays, unread, and is refused."""
        if put is None:
            return
        location = out[where].text.upper()
        there = self._field_location(s, player, out[put].text)
        if bare and there not in (None, location) and out[verb].said.casefold() in SWAP_SAID \
                and any(word.text.casefold() in SWAP_AND for word in out[where + 1:put]):
            out[put] = out[put]._replace(text=there)   # "swap 5/5 and 3/5": swap A and C
            out[verb], out[where], out[put] = self._swapped(s, player, out[verb], out[where], out[put])
            self._said_again(out, put, {location, there})
            return
        if self._TROOP.match(out[put].text):
            troop = self._put_in(s, player, out[put], location)
            if troop.problem is not None:
                out[put] = troop
                return
            out[where] = out[where]._replace(text=f"{location}={troop.text}", trail=out[put].trail)
            out[verb], out[put] = out[verb]._replace(text=""), out[put]._replace(text="")
        elif bare and out[put].text.upper() in self.line_position:
            other = out[put].text.upper()
            out[verb], out[where], out[put] = self._swapped(s, player, out[verb], out[where], out[put])
            self._said_again(out, put, {location, other})

    def _field_location(self, s: StreakState, player: str, troop: str) -> str | None:
        """The location the player's troop stands at, or None (in reserve, dead, or no troop)."""
        return next((x for x, name in self.field_of(s, player).items() if name == troop), None)

    @staticmethod
    def _said_again(out: list[Word], put: int, locations: set[str]) -> None:
        """Leave out "(A <-> C)" after a swap of A and C: its locations said again in brackets."""
        said = out[put + 1:put + 4]
        if "(" in out[put].trail and len(said) == 3 and said[1].text.casefold() in SWAP_SIGNS \
                and {said[0].text.upper(), said[2].text.upper()} == locations and ")" in said[2].trail:
            for index in range(put + 1, put + 4):
                out[index] = out[index]._replace(text="")

    def _swapped(self, s: StreakState, player: str, verb: Word, one: Word, two: Word) -> tuple[Word, Word, Word]:
        """`swap A and B`: `set A=<B's troop> B=<A's troop>` (an empty location gives `-`)."""
        a, b = one.text.upper(), two.text.upper()
        troops = [self.occupant(s, player, x) for x in (a, b)]
        names = [troop.name if troop is not None else "-" for troop in troops]
        return verb._replace(text="set"), one._replace(text=f"{a}={names[1]}"), two._replace(text=f"{b}={names[0]}")

    @staticmethod
    def _next(words: list[Word], index: int, skipped: frozenset[str]) -> int | None:
        """The index of the first word from `index` that is not one of `skipped`, or None."""
        while index < len(words) and words[index].text.casefold() in skipped:
            index += 1
        return index if index < len(words) else None

    def _occupant_named(self, s: StreakState, player: str, word: Word, location: str) -> Word:
        """"the 5/5 at A", "5/5 from A": dropped (empty text) when 5/5 is the player's troop at A,
        else refused."""
        there = self.occupant(s, player, location)
        if there is not None and there.name == word.text:
            return word._replace(text="")
        held = f"your troop at {location} is {there.name}" if there is not None else f"you have no troop at {location}"
        return word._replace(problem=f"is named as the troop at {location}, but {held}; give the change "
                                     f"as 'set {location}=TROOP' or 'set {location}=-'.")

    def _standing_at(self, s: StreakState, player: str, word: Word) -> Word:
        """"withdraw 5/5": the location the player's 5/5 stands at, or refused if it stands nowhere."""
        where = self.field_of(s, player)
        at = next((location for location, name in where.items() if name == word.text), None)
        if at is not None:
            return word._replace(text=at)
        return word._replace(problem="is taken out of no location: it is not on the field; give the location.")

    def _put_in(self, s: StreakState, player: str, word: Word, location: str) -> Word:
        """The troop a replacement puts in at `location`: one standing elsewhere may be moved
        (its place left empty) or swapped (the troop taken out goes there): the post does not
        say which (WS-4)."""
        where = next((x for x, name in self.field_of(s, player).items() if name == word.text), None)
        if where is None or where == location:
            return word
        there = self.occupant(s, player, location)
        swap = f"'set {location}={word.text} {where}={there.name}'" if there is not None else "a swap"
        return word._replace(problem=f"stands at {where}: moved there (leaving {where} empty) or swapped? write "
                                     f"'set {location}={word.text}' or {swap}.")

    def is_plausible(self, move: dict[str, Any]) -> bool:
        """Among other words of a post, `pass`, `none` and `no change` are chatter: a relocation
        that changes nothing is read only as the whole post or with its round (`r2 set`); and a
        run naming no location of the match (`3/5 x`) is no move."""
        named = [move.get("location")] if move.get("phase") == "placement" else list(move.get("set") or ())
        if not all(isinstance(x, str) and x.upper() in self.line_position for x in named):
            return False
        return move.get("phase") != "relocation" or bool(move.get("set") or move.get("buff")) or "round" in move

    def complete_move(self, s: StreakState, player: str, move: dict[str, Any]) -> dict[str, Any]:
        """Fill in the turn or round a typed move left out: the current one (so `place 3/5 C` works).

        A number for the other kind of phase is still filled in, so check_move can say
        plainly that this is the wrong phase rather than the schema saying a field is missing.
        """
        move = dict(move)
        if move.get("phase") == "placement" and "turn" not in move and s.stage == "relocation" \
                and isinstance(move.get("location"), str):
            # `place 3/5 C` or `3/5 to C` while relocating: the troop moves to C (WS-4)
            move = {"phase": "relocation", "set": {move["location"]: move.get("troop")}}
        if move.get("phase") == "placement" and "turn" not in move:
            move["turn"] = s.turn
        elif move.get("phase") == "relocation" and "round" not in move:
            move["round"] = max(s.round, 1)
        return move

    def format_move(self, move: dict[str, Any]) -> str:
        if move["phase"] == "placement":
            prefix = f"t{move['turn']} " if "turn" in move else ""
            return f"{prefix}place {move['troop']} {move['location']}"
        prefix = f"r{move['round']} " if "round" in move else ""
        order = self.line_position
        changes = sorted(move["set"].items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0]))
        words = [f"{prefix}set"] + [f"{x}={name or '-'}" for x, name in changes]
        if move.get("buff"):
            words.append(f"buff {move['buff']['troop']} {move['buff']['stat']}")
        return " ".join(words)

