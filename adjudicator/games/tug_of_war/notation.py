"""Typed Tug of War moves, as a host copies them from a post, and their canonical form.

    rope 2 1                 module, then the cards in the order they resolve (TW-3, TW-5)
    tower 3 B                Tower: the reward option A, B or C
    maze 1 up 1 left         Maze: each card followed by its direction (up/down/left/right)
    path 2@C4 1@E5           Path: each card @ its anchor cell (columns A–H, row 1 at the top)
    discard 1 1              a discard-only move (TW-7)
    race 3 discard 1         a move that names its own discards (TW-7)
    race 2 block collation   Block Move: the opponent may not choose collation next turn (TW-18)

Case does not matter; commas are ignored. `format_move` gives the canonical form, which
`parse` reads back to the same move.

Every module name is read (a v2 host who types `maze` hears from the rules that v2 has no
Maze), but hints, examples and the notation line name only the modules of the match's
ruleset: the game passes its own to `parse`, `notation_for` and `examples_for`.

A post that names its cards in words ("put my 2 on the race", "rope with all three of my 1s")
is made this notation before it is read, against the mover's hand: see "Cards named in words"
below (TugOfWarNotation.reword).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from itertools import takewhile, zip_longest
from typing import Any, NamedTuple, cast

from adjudicator.errors import NotationError
from adjudicator.game import Form, Game, Illegal
from adjudicator.games.tug_of_war.modules import Module
from adjudicator.games.tug_of_war.rules import TugOfWarRules, TWState
from adjudicator.games.tug_of_war.views import multiset_combinations, multiset_permutations
from adjudicator.lexicon import Lexicon, Word, item_phrases, post_words

MODULE_NAMES = ("rope", "race", "collation", "clock", "maze", "path", "conker", "tower")
DIRECTION_WORDS = {"up": "up", "u": "up", "down": "down", "d": "down", "left": "left", "l": "left",
                   "right": "right", "r": "right"}

EXAMPLES = ("rope 2 1", "tower 3 B", "maze 1 up 1 left", "path 2@C4 1@E5", "discard 1 1",
            "race 3 discard 1", "race 2 block collation")

CELL = r"[a-z]\d{1,2}"                          # a Path anchor cell (columns A–H, rows 1–8), as typed
ANCHOR = rf"\d+@{CELL}"                          # a card and its cell: 2@c4
_ANCHOR = re.compile(rf"^(\d+)@({CELL})$")
_CELL = re.compile(rf"^{CELL}$")
# A module's cards typed as one run of digits: "rope 111", "clock 211", in the order typed (TW-5).
# No card is stronger than 5 (TW-2), so such a run can only be cards; one with a 0 or a 6+
# ("rope 10") is not read so.
DIGIT_RUN = re.compile(r"^[1-5]{2,5}$")


def notation_for(modules: Sequence[str] = MODULE_NAMES) -> str:
    """The typed move forms, one line, with only the forms of `modules` (Tower's option, Maze, Path)."""
    option = " [A|B|C]" if "tower" in modules else ""
    forms = [f"MODULE CARD...{option} [discard CARD...] [block MODULE]"]
    if "maze" in modules:
        forms.append("maze CARD DIR ...")
    if "path" in modules:
        forms.append("path CARD@CELL ...")
    return " | ".join([*forms, "discard CARD..."])


def examples_for(modules: Sequence[str] = MODULE_NAMES) -> tuple[str, ...]:
    """The examples whose every module word is one of `modules`."""
    return tuple(e for e in EXAMPLES if all(w in modules for w in e.split() if w in MODULE_NAMES))


# The notation as data (game.Form): what `ruleset show` teaches and a refusal points to.
FORMS = (
    Form("MODULE CARD... [discard CARD...] [block MODULE]", ("rope 2 1", "race 3 discard 1", "race 2 block collation"),
         "cards in the order they resolve (TW-3, TW-5); discards (TW-7); Block Move (TW-18)"),
    Form("tower CARD... A|B|C", ("tower 3 B",), "Tower and its reward option (TW-17)"),
    Form("maze CARD DIR ...", ("maze 1 up 1 left",), "each card with its tilt (TW-14)"),
    Form("path CARD@CELL ...", ("path 2@C4 1@E5",), "each card with its anchor cell (TW-15)"),
    Form("discard CARD...", ("discard 1 1",), "a discard-only move (TW-7)"),
)


def forms_for(modules: Sequence[str] = MODULE_NAMES) -> tuple[Form, ...]:
    """The forms whose examples use only `modules` (v1 has Maze, v2 Path)."""
    def fits(example: str) -> bool:
        return all(w in modules for w in example.split() if w in MODULE_NAMES)

    return tuple(form for form in FORMS if all(fits(e) for e in form.examples))


# What in a post is Tug of War move material (adjudicator.reading): the notation's
# words, the item keyword each item of the ruleset is written with, and by module what it adds.
KEYWORDS = ("discard", "block")
WITH_SHORT = (("w/",),)                          # "clock w/ my 2": "with" as phones shorten it
MODULE_TIME = ("time",)
# Modules named by the verb players make of them: "racing with my 2" (Race, TW-11)
MODULE_VERBS: dict[tuple[str, ...], tuple[str, ...]] = {("racing",): ("race",), ("racin",): ("race",)}
# A module named with the noun "module" ("on the Clock module") or the cards as "push cards"
# (the game's own name for them): the words say no more than the module, the cards.
MODULE_NOUN = "module"
PUSH_CARDS: dict[tuple[str, ...], tuple[str, ...]] = {("push", "cards"): ("cards",), ("push", "card"): ("card",)}
# A card said for each of Maze's tilts (TW-14): "a 1 for each tilt", "one card for each push"
# say what "a 1 each" says (card_each).
EACH_SAID: dict[tuple[str, ...], tuple[str, ...]] = {
    ("for", "each"): ("each",),
    **{(*lead, noun): ("each",) for lead in (("each",), ("for", "each")) for noun in ("tilt", "push", "direction")}}
# Modules as players shorten them or name the game ("coll 1 2", "one 1 on conkers"). "col" is
# not one: Path's cells have columns.
MODULE_SHORT: dict[tuple[str, ...], tuple[str, ...]] = {("coll",): ("collation",), ("conkers",): ("conker",)}
# A discard declined with the word "discard" first (TW-7): "discard nothing", "discard: none",
# "discarding nothing", set off from the move as a clause of its own (TugOfWarNotation.reword;
# "rope 2 discard none 1" is not). ("no discard" is a negation the reader declines by itself.)
DISCARD_WORDS = frozenset({"discard", "discards", "discarding"})
NOTHING_WORDS = frozenset({"nothing", "none"})                          # "Tower time. 2, 1, 1": the module, announced
# Words before Tower's option letter that name it (TW-17): "reward C", "I'll take C".
OPTION_SAID = ("reward", "take", "taking", "pick", "picking", "choose", "choosing")
# Maze's verb (TW-14): "tilt it down", "first card tilts left". Only with its direction does it
# say a move; the direction words themselves are read as before.
# "push it left" says the same as "tilt it left".
TILT_VERBS = (("tilt", "it"), ("tilt",), ("tilts",), ("tilting",), ("tilted",), ("push", "it"), ("pushing", "it"))
# Of those, the ones that say the turn's tilt, not one past ("you tilted left"): where the post
# names no module, they name Maze ("Tilt DOWN with the 2", "tilting left w/ a 1").
TILT_NAMES = (("tilt", "it"), ("tilt",), ("tilting",), ("tilting", "it"),
              # Maze's piece moved as its tilt moves it: "pushing the square ⬅️", "push the square north"
              ("push", "the", "square"), ("pushing", "the", "square"), ("tilt", "the", "square"))
TILT = "\u2060tilt"   # the verb, as reword sees it: made Maze, or dropped (maze_of_tilt)
# TW-3: a Path card toggles ("flips") the tiles under its shape, anchored at a cell: "flip D4
# with a 1", "my 2 anchored at F6" say Path's own move, and no more (as Maze's TILT_VERBS)
PATH_VERBS = (("flip",), ("flips",), ("flipping",), ("toggle",), ("toggles",), ("toggling",), ("anchored",),
              ("anchoring",))
# TW-15: "the 2 on path, anchor D6": the cell named as the card's anchor, as "at D6" says it
ANCHOR_SAID = (("anchor",), ("anchor", "at"), ("anchor", "on"), ("anchored", "on"))
# TW-4: "race is blocked for me": the mover cannot play the module the opponent just played
BARRED_FOR_ME = (("is", "blocked", "for", "me"), ("is", "barred", "for", "me"))
# After cards typed in a row ("tower 1 1 2 in that order, A"): they resolve as typed (TW-5), which
# the words only confirm. Cards named in no order ("a 2 and a 1, in that order") stay refused
# where their order matters: the words are dropped, never read as an order.
IN_ORDER = (("in", "that", "order"), ("in", "this", "order"), ("in", "that", "exact", "order"))
# Between cards, saying the next resolves after ("rope with card 2 and after that card 1"): "then" (TW-5)
# ("and then" is left to the generic reader: tests/test_reading.py holds "the 2 and then both 1s" refused.)
AFTER_THAT = (("and", "after", "that"), ("after", "that"), ("and", "after", "this"))
ITEM_KEYWORDS = {"block-move": ("block",)}
# "Using my Block Move: ... My actual move is race 1 1": the module's move told apart from the
# item used with it (TW-18); "actual"/"real"/"main" say no more than "my move is" (glue)
ITEM_AND_MOVE: dict[tuple[str, ...], tuple[str, ...]] = {
    (said, "move"): ("move",) for said in ("actual", "real", "main", "normal", "regular")}     # TW-18: "Block Move", "block-move" → block
# Verbs whose particle is a Maze direction word but tells no tilt (TW-14): "sorry, baby woke up",
# "hurry up", "calm down". Said with them, the particle is chatter, not a direction left over.
PHRASAL_VERBS = (("woke", "up"), ("wake", "up"), ("waking", "up"), ("wakes", "up"), ("hurry", "up"),
                 ("catch", "up"), ("catching", "up"), ("cheer", "up"), ("shut", "up"), ("sum", "up"),
                 ("calm", "down"), ("slow", "down"), ("settle", "down"), ("sit", "down"), ("back", "down"))


def lexicon_for(modules: Sequence[str], items: dict[str, Any]) -> Lexicon:
    """The words of this ruleset's moves: every module name (any is read, the rules say which
    the ruleset has), discards and Block Move, and by module: Tower's options A/B/C, Maze's
    directions (and compass words, "north" → up), Path's cells and CARD@CELL anchors."""
    words = {*MODULE_NAMES, *KEYWORDS}
    shapes = [ANCHOR]
    phrases = item_phrases(items, ITEM_KEYWORDS)
    if "block-move" in items:
        # "block move → collation": the arrow points at the module blocked, never a Maze tilt
        said = [p for p, notation in phrases.items() if notation == ("block",)] + [("block",)]
        phrases.update({(*p, arrow): ("block",) for p in said for arrow in BLOCK_ARROWS})
        # TW-18 in words: "blocking race"; not "blocked", which tells of a bar (TW-4)
        phrases.update({(verb,): ("block",) for verb in ("blocking", "blocks")})
        # "Block Move: tower is blocked." tells what the item does to the module it names: the
        # words say nothing more. The module word stays, so where no Block Move names it
        # ("race is blocked, rope 1") it is still left over and the post refused.
        phrases[("is", "blocked")] = ()
        # "(race is blocked for me anyway)": the mover's own bar (TW-4) told as an aside; the
        # module named says no move, as "for me" tells it is never the mover's Block Move
        phrases.update({(module, *said): () for module in MODULE_NAMES for said in BARRED_FOR_ME})
        phrases.update(ITEM_AND_MOVE)
    # "w/" is how phones shorten "with" (posts.yaml's glue): "tower w/ 1, A"
    phrases.update({said: ("with",) for said in WITH_SHORT})
    # "Tower time.", "rope time!": the module named as the turn's, nothing more
    phrases.update({(module, word): (module,) for module in MODULE_NAMES for word in MODULE_TIME})
    phrases.update(MODULE_VERBS)
    phrases.update(MODULE_SHORT)
    phrases.update({(module, MODULE_NOUN): (module,) for module in MODULE_NAMES})
    phrases.update(PUSH_CARDS)
    phrases.update({said: () for said in IN_ORDER})
    phrases.update({said: (THEN,) for said in AFTER_THAT})
    if "tower" in modules:
        words |= {"a", "b", "c"}
        # TW-17: Tower's option named as its reward, or as the one taken ("reward C", "I'll take C")
        phrases.update({(said,): ("option",) for said in OPTION_SAID})
    if "maze" in modules:
        words |= set(DIRECTION_WORDS)
        # TW-14: "tilt it down", "tilts left": the verb of Maze's own move, which says no more
        phrases.update({said: () for said in TILT_VERBS})
        # "Tilt DOWN with the 2": the verb names Maze where no module is named (maze_of_tilt)
        phrases.update({said: (TILT,) for said in TILT_NAMES})
        phrases.update({said: () for said in PHRASAL_VERBS})
        phrases.update(EACH_SAID)
        phrases.update(post_words().compass_phrases({d: d for d in DIRECTION_WORDS.values()}))
    if "path" in modules:
        shapes.append(CELL)
        phrases.update({said: () for said in PATH_VERBS})
        phrases.update({said: ("at",) for said in ANCHOR_SAID})
    return Lexicon(frozenset(words), tuple(shapes), phrases, frozenset({"block"}))


def _fail(text: str, why: str, modules: Sequence[str]) -> NotationError:
    return NotationError(f"'{text}' is not a Tug of War move ({why}). Write one of: "
                         + "; ".join(examples_for(modules)) + f". Modules: {', '.join(modules)}.")


def parse(text: str, modules: Sequence[str] = MODULE_NAMES) -> dict[str, Any]:
    """A move from typed text; `modules` are the match's, named in any hint (any module word is read)."""
    words = text.strip().lower().replace(",", " ").split()
    if not words:
        raise _fail(text, "it is empty", modules)
    if words[0] == "discard":
        if len(words) < 2 or not all(w.isdecimal() for w in words[1:]):
            raise _fail(text, "'discard' is followed by the cards to discard", modules)
        return {"discard": [int(w) for w in words[1:]]}
    module = words[0]
    if module not in MODULE_NAMES:
        raise _fail(text, f"'{words[0]}' is not a module", modules)
    move: dict[str, Any] = {"module": module, "cards": []}
    rest = words[1:]
    option_after = False   # Tower's option written after a card
    i = 0
    while i < len(rest) and rest[i] not in ("discard", "block"):
        w = rest[i]
        anchor = _ANCHOR.match(w)
        if w.isdecimal():
            if "option" in move and option_after:   # `tower 1 B 1`: is the last 1 a card? write cards, then the option
                raise _fail(text, "Tower's option comes before or after its cards, not between them", modules)
            move["cards"].extend(map(int, w) if DIGIT_RUN.match(w) else [int(w)])
        elif module == "path" and w in ("at", "on", "@") and i + 1 < len(rest) and _CELL.match(rest[i + 1]) \
                and move["cards"] and len(move.get("anchors", [])) == len(move["cards"]) - 1:
            move.setdefault("anchors", []).append(rest[i + 1].upper())   # `path 1 at C4`; not `1 b4`
            i += 1
        elif anchor:
            move["cards"].append(int(anchor.group(1)))
            move.setdefault("anchors", []).append(anchor.group(2).upper())
        elif w in ("option", "opt") and module == "tower" and i + 1 < len(rest) and rest[i + 1] in ("a", "b", "c"):
            pass   # `tower 1 option A`: the option follows
        elif w in ("then", "and") and move["cards"] and i + 1 < len(rest) and rest[i + 1].isdecimal():
            pass   # `path 2 at B2, then 1 at C6`, `rope 2 and 1`: the next card follows
        elif w in ("a", "b", "c") and module == "tower":
            if "option" in move:
                raise _fail(text, "Tower takes one option", modules)
            move["option"] = w.upper()
            option_after = bool(move["cards"])
        elif w in DIRECTION_WORDS and module == "maze":
            move.setdefault("directions", []).append(DIRECTION_WORDS[w])
        else:
            raise _fail(text, f"'{w}' is not a card" + (", a direction" if module == "maze" else "")
                        + (", an option" if module == "tower" else "") + (" or CARD@CELL" if module == "path" else ""),
                        modules)
        i += 1
    if not move["cards"]:
        raise _fail(text, f"{module} needs at least one card", modules)
    if "directions" in move and len(move["directions"]) != len(move["cards"]):   # TW-3: a direction per card
        raise _fail(text, "Maze takes one direction after each card, e.g. 'maze 1 up 1 left'", modules)
    while i < len(rest):
        if rest[i] == "discard":
            i += 1
            cards = []
            while i < len(rest) and rest[i].isdecimal():
                cards.append(int(rest[i]))
                i += 1
            if not cards or "discard" in move:
                raise _fail(text, "'discard' is followed by the cards to discard, once", modules)
            move["discard"] = cards
        elif rest[i] == "block":
            if i + 1 >= len(rest) or rest[i + 1] not in MODULE_NAMES or "item" in move:
                raise _fail(text, "'block' is followed by one module", modules)
            move["item"] = {"use": "block-move", "module": rest[i + 1]}
            i += 2
        else:
            raise _fail(text, f"'{rest[i]}' is out of place", modules)
    return move


def format_move(move: dict[str, Any]) -> str:
    if "module" not in move:
        return "discard " + " ".join(map(str, move.get("discard", [])))
    module = move["module"]
    cards = move.get("cards", [])
    if "directions" in move:
        parts = [str(x) for pair in zip_longest(cards, move["directions"], fillvalue=None)
                 for x in pair if x is not None]
    elif "anchors" in move:
        anchors = move["anchors"]
        if len(anchors) == len(cards):
            parts = [f"{c}@{a.upper()}" for c, a in zip(cards, anchors, strict=False)]
        else:
            parts = [str(c) for c in cards] + [f"?@{a.upper()}" for a in anchors]
    else:
        parts = [str(c) for c in cards]
    words = [module, *parts]
    if "option" in move:
        words.append(str(move["option"]).upper())
    if move.get("discard"):
        words += ["discard", *map(str, move["discard"])]
    item = move.get("item")
    if item:
        words += ["block", str(item.get("module"))] if item.get("use") == "block-move" else [f"item {item.get('use')}"]
    return " ".join(words)


# --- Cards named in words (TugOfWarNotation.reword) ------------------------------------------
#
# Players name a move's cards in words as well as digits: "rope one", "the 2", "a single 1",
# "two ones", "all three of my 1s", "one card", and write them before the module as often as
# after it ("put my 2 on the race"). The reword makes such a group of cards the digits the
# notation reads, right after its module word, resolved against the mover's hand (TW-2: a hand
# is a multiset of strengths). It resolves only groups tied to a module word (after it, or
# before it through words of placing) or, on Maze, to a direction ("down with one card"):
# words elsewhere are left as typed. A group that the hand does not make certain, or whose
# order is not said where the order changes the turn (TW-5), becomes a Word with a problem,
# which the reader refuses with.

STRENGTHS = range(1, 6)                       # TW-2: cards are strengths 1–5
# Plural value words: "two ones" is two 1s; after a digit too ("2 ones"), never a card then
# (while "2 1s" may be the 2 and the 1s: left as typed).
VALUE_PLURALS = {"ones": 1, "twos": 2, "threes": 3, "fours": 4, "fives": 5}
MAX_COUNTED = 5                               # cards a digit before a plural may count ("2 ones")
PLURAL_DIGIT = re.compile(r"^([1-5])'?s$")    # "1s", "1's": cards of that value
SINGLE = frozenset({"single", "lone"})        # "a single 1": one card
# "one card": a count of cards of any value; on Path a card is laid as a tile (TW-15): "one tile"
CARD_NOUNS = frozenset({"card", "cards", "tile", "tiles"})
# "the 2-card", "2 card": a card noun in the singular after a value above 1 names that card (a
# count of two or more would say "cards"); "1 card" stays a count or the 1, as typed either way
VALUE_CARD = re.compile(r"^([2-5])-(?:card|tile)$")
# After "a"/"the"/"my"/"single" the hyphened card names one card, so "a single 1-card" is the 1
MARKED_CARD = re.compile(r"^([1-5])-(?:card|tile)$")
SINGULAR_NOUNS = frozenset({"card", "tile"})
STRENGTH = "strength"                         # "1 strength card": the card of strength 1 (TW-2)
# Before cards, saying they are all the cards played: "clock with just the two", "only my 2".
ONLY_WORDS = frozenset({"just", "only"})
OTHER = frozenset({"other", "another"})       # "the other one": a card not named yet
ONE_OF = frozenset({"one", "card"})           # what "other" names: "the other one", "another card"
# Between the cards of one group: "the 2 and one 1", "the 1 und the 2" (German "and", as
# players from there write it in English).
LIST_WORDS = frozenset({"and", "&", "+", "plus", "n", "und"})
# Between a module (or a Maze direction) and its cards: "rope with all three", "clock whit one
# card" ("with" mistyped), "collation using two 1s".
# "w/" is how phones shorten "with" ("clock w/ my 2").
WITH_WORDS = frozenset({"with", "whit", "wiht", "using", "w/"})
# Verbs of playing cards between a module and its cards, with a particle or none: "rope time,
# throwing two of my 1s in", "clock: playing my 2", "race, putting in a 1". Like "with", they
# tie the cards to the module before them.
PLAY_VERBS = frozenset({"throwing", "throw", "playing", "putting", "tossing", "dropping", "laying", "using",
                        "play", "plays"})
PARTICLES = frozenset({"in", "down"})
# The player as the subject of a verb of playing: "race: I play my 2 first, then a 1"
SUBJECTS = frozenset({"i", "i'll", "ill", "i'm", "im"})
# Words before a module that announce it as the turn's, its cards in the next sentence ("gonna
# race. single 1.", "ok so rope! one one one"); posts.yaml's glue ("i'll", "going") too.
ANNOUNCING = frozenset({"gonna", "ok", "okay", "so", "now", "alright", "well", "hmm", "right", "time",
                        "for", "then"})
# Between cards written first and their module: "my 2 goes on rope", "a 1 on the path".
PLACE_WORDS = frozenset({"on", "onto", "into", "in", "to", "at", "the", "goes", "go", "going"})
# A multiplier after a card or before it: "1 x2", "1s ×3", "2x 1", "x3 1s" (the phone's "×" too),
# "1 times two": that many of the card. Alone after a module ("collation x2 (both 1s)") it
# counts cards, which the cards said next must name. ("rope 1 twice" stays refused: the same
# move on two turns, or two 1s?)
MULTIPLIER = re.compile(r"^(?:[x×*]([1-5])|([1-5])[x×])$")
TIMES_WORDS = frozenset({"times"})
# "a one", "an one": one card of that value, never a count ("a" says one already)
INDEFINITE = frozenset({"a", "an"})
# "a pair of 1s", "pair of ones": two cards of that value
PAIR_WORDS = frozenset({"pair"})
# "all of them", "all of 'em": the whole hand
THEM = frozenset({"them", "em", "'em"})
THEN = "then"                                 # "the 2 then a 1": cards in the order they resolve (TW-5)
FIRST = "first"                               # "(the 2 first)": the card that resolves first (TW-5)
# Before the card said first: it names a card of the move, not one more ("my 2 first, then a 1")
ORDER_MARKERS = frozenset({"the", "my"})
# Between the card and "first": "the 1 goes first", "my 2 comes first" say no more than "the 1 first"
FIRST_VERBS = frozenset({"goes", "go", "comes", "resolves"})
# After the card said next, where the first was said with "first": "1 first, 2 after", "the 2
# first, a 1 second": the order they resolve (TW-5)
AFTER_WORDS = frozenset({"after", "afterwards", "second", "next"})
# Tower's options typed after its cards, which an order said next looks past: "tower 1 2 B (the
# 1 first)" (TW-17)
OPTION_LETTERS = frozenset({"a", "b", "c"})
# Cards a player says they keep in hand, not play: "clock 1 1 (holding the 2 for later)". The
# cards held are set aside only where the hand still holds them after the move's own cards.
KEEP_WORDS = frozenset({"holding", "hold", "keeping", "keep", "saving", "save"})
KEEP_ASIDE = frozenset({"back", "onto", "on", "to"})   # "holding back the 2", "keeping on to my 2"
# How long the cards are kept, said right after them: part of keeping them, not a move put off
# ("later" alone is a hedge in posts.yaml: "rope 1 1, later tower").
KEEP_UNTIL = (("for", "later"), ("for", "later", "on"), ("for", "now"), ("for", "next", "turn"),
              ("for", "the", "next", "turn"), ("till", "later"), ("until", "later"), ("for", "the", "end"))
# The Block Move written with an arrow to its module ("block move → collation"): on v1 "→" is
# also a Maze tilt (posts.yaml compass), which here it is not.
BLOCK_ARROWS = ("→", "->", "=>")
# Modules whose cards carry a field each (a direction, an anchor): their order pairs them up, so
# cards named in no order are never guessed there (TW-3).
PAIRED = frozenset({"maze", "path"})


def count_or_card(words: list[Word], hand: list[int]) -> list[Word]:
    """A number word of two or more alone after the module ("race two"), where the hand holds at
    least as many cards: the 2, or two cards (TW-2)? Refused, naming both (exit 2, never the rules'
    refusal of a 2 not held); a digit ("race 2"), "the two" or a list ("rope one then two") says which."""
    out = list(words)
    counts = post_words().counts
    for index in range(len(words) - 1):
        module, said = words[index], words[index + 1]
        typed = said.said.casefold()   # as written: a phrase may have made "two" the digit already
        number = counts.get(typed) if typed != "both" else None
        if module.text.casefold() not in MODULE_NAMES or module.trail.strip() or number is None or number < 2:
            continue
        after = words[index + 2].said.casefold() if index + 2 < len(words) and not said.trail.strip() else None
        if after is not None and (_value(after) is not None or after in CARD_NOUNS or after in (THEN, "and")
                                  or _plural(after) is not None):
            continue   # "race two ones", "rope two then one": the cards are said
        if len(hand) >= number:   # two cards can be played: a count is as likely as the card
            held = " ".join(map(str, sorted(hand)))
            out[index + 1] = said._replace(problem=f"may be your {number} or {said.said} cards (the hand: {held}); "
                                                   f"write the cards as digits (e.g. '{module.text.casefold()} {number}').")
    return out


class Ref(NamedTuple):
    """Cards a few words of a post name: `kind` is `cards` (`values` as said: "the 2", "two
    1s"), `all-of` (every card of `value` in the hand: "all three 1s", `many` if said),
    `hand` (the whole hand: "everything"), `any` (`many` cards of any value: "one card"), or
    `word` (a number word, "one": the value, or a count where "with one" may mean one card),
    `loose` (a number word that may be a count wherever written: "single one"), or `marked` (a
    number word after "the"/"my": "my two" is the 2 where the hand holds one and is not two cards),
    `a-word` (`values`: "a one", one card of that value, which is never chatter), `more`
    (`values`: "the other 1", a card besides those named, never the typed cards again), `times` (a multiplier alone, "x2": `many` cards the words after it must name), or `digit` (a
    card typed as a digit, while card_reference looks for a multiplier after it)."""

    kind: str
    values: tuple[int, ...] = ()
    value: int = 0
    many: int | None = None


def _value(word: str) -> int | None:
    """A card's value written as a digit or a number word ("2", "two"); None otherwise."""
    number = int(word) if word.isdecimal() else post_words().counts.get(word) if word != "both" else None
    return number if number in STRENGTHS else None


def _plural(word: str) -> int | None:
    """The value of a plural ("1s", "ones"), or None."""
    match = PLURAL_DIGIT.match(word)
    return int(match.group(1)) if match else VALUE_PLURALS.get(word)


def card_reference(folded: list[str], index: int) -> tuple[int, Ref] | None:
    """(words taken, the cards they name) for a reference to cards at `index`, or None: a
    reference in words (`_reference`), with a multiplier before or after it ("2x 1", "1s x3",
    "1 times two") and the card noun after it ("one 1 card") taken with it."""
    said = folded[index:index + 8] + [""] * 8
    before = times(said, 0)
    if before is not None:
        after = _reference(said, before[0]) or _digit(said, before[0])
        named = _one_value(after[1]) if after is not None else None
        if after is not None and named is not None and not goes_on(said, before[0] + after[0]):
            return before[0] + after[0], Ref("cards", (named,) * before[1])       # "2x 1", "x3 1s"
        return (1, Ref("times", many=before[1])) if MULTIPLIER.match(said[0]) else None   # "x2": of what?
    found = _reference(said, 0) or _digit(said, 0)
    if found is None:
        return None
    taken, ref = found
    more = times(said, taken)
    named = _one_value(ref)
    if more is not None and named is not None:
        return taken + more[0], Ref("cards", (named,) * more[1])                # "1 x2", "1s x3"
    if ref.kind == "cards" and said[taken] in CARD_NOUNS and said[taken].endswith("s") == (len(ref.values) > 1):
        return taken + 1, ref                                                   # "one 1 card", "a 2 card"
    return None if ref.kind == "digit" else found


def goes_on(said: list[str], at: int) -> bool:
    """Does a list of cards go on at `at` ("x2 (1 and 1)": the x2 counts both, not the first)?"""
    def card(index: int) -> bool:
        return _reference(said, index) is not None or said[index].isdecimal()
    return card(at) or said[at] in (*LIST_WORDS, THEN) and card(at + 1)


SET_APART = "\u2060"   # marks a multiplier set apart from its card: no reference takes it


def apart(folded: list[str], ends: list[bool]) -> list[str]:
    """The post's words with each multiplier set off from the card beside it by punctuation
    ("rope 1, x2": two 1s, or rope 1 twice?) marked, so that it counts no card and is left over."""
    def cut(index: int) -> bool:
        after = index + 1 < len(folded) and ends[index] and (_digit(folded + [""], index + 1) is not None)
        before = index > 0 and ends[index - 1] and _digit(folded, index - 1) is not None
        return bool(MULTIPLIER.match(folded[index])) and (after or before)
    return [word + SET_APART if cut(index) else word for index, word in enumerate(folded)]


def times(said: list[str], at: int) -> tuple[int, int] | None:
    """(words taken, how many) for a multiplier at `at` ("x2", "×3", "2x", "times two"), or None."""
    match = MULTIPLIER.match(said[at])
    if match:
        return 1, int(match.group(1) or match.group(2))
    if said[at] in TIMES_WORDS and _value(said[at + 1]) is not None:
        return 2, _value(said[at + 1]) or 0
    return None


def _digit(said: list[str], at: int) -> tuple[int, Ref] | None:
    """A card written as a digit ("1") or cards as a plural ("1s"): a reference only with a
    multiplier or card noun after it (card_reference), the notation's own otherwise."""
    value = _value(said[at]) if said[at].isdecimal() else _plural(said[at])
    return (1, Ref("digit", (value,))) if value is not None else None


def _one_value(ref: Ref) -> int | None:
    """The one value a reference names, where it names cards of one value and no count ("1",
    "the 2", "my 1s", "one"), for a multiplier to count; None otherwise ("two 1s x2")."""
    if ref.kind in ("cards", "digit", "a-word") and len(ref.values) == 1:
        return ref.values[0]
    if ref.kind == "all-of" and ref.many is None or ref.kind in ("word", "marked"):
        return ref.value
    return None


def _reference(folded: list[str], index: int) -> tuple[int, Ref] | None:
    """(words taken, the cards they name) for a reference to cards in words at `index`, or None."""
    around = post_words()
    said = folded[index:index + 6] + [""] * 6
    first = said[0]
    pair = int(first in INDEFINITE)
    card_of = card_of_value(said, around.counts)
    if card_of is not None:
        return card_of
    if said[pair] in PAIR_WORDS and said[pair + 1] == "of" and _plural(said[pair + 2]) is not None:
        return pair + 3, Ref("cards", (_plural(said[pair + 2]) or 0,) * 2)   # "a pair of 1s"
    if first in around.every:
        return _every(said, around)
    if first in OTHER and first != "other" and said[1] in ONE_OF:
        return 2, Ref("any", many=1)                                    # "another one"
    if first in OTHER and first != "other" and said[1] in SINGLE_PLACED and _CELL.match(said[2]):
        return 1, Ref("any", many=1)                                    # "another at F6": one more card, on Path
    if first in OTHER and first != "other" and said[1].isdecimal() and _value(said[1]) is not None:
        return 2, Ref("more", (int(said[1]),))                         # "another 1": one more card, the 1, never the typed said again
    if first in SINGLE and said[1] in SINGULAR_NOUNS:
        return 2, Ref("any", many=1)                                    # "single card": a count of one
    if first in around.counts:
        return _counted(said, around.counts[first], first == "both")
    if first in around.value_markers:
        return _marked(said, around)
    if first in SINGLE and _value(said[1]) is not None:
        if said[1].isdecimal():
            return 2, Ref("cards", (int(said[1]),))                    # "single 1", "lone 2"
        return 2, Ref("loose", value=_value(said[1]) or 0)             # "single one": the 1, or one card?
    if first.isdecimal() and said[1] == "of" and _value(first) is not None:
        found = _counted(said, int(first), False)                       # "2 of my 1s": a count, then the cards
        return found if found is not None and found[1].kind == "cards" else None
    if first.isdecimal() and said[1] in VALUE_PLURALS and 0 < int(first) <= MAX_COUNTED:
        return 2, Ref("cards", (VALUE_PLURALS[said[1]],) * int(first))  # "2 ones": a count, then the cards
    if first.isdecimal() and said[1] == STRENGTH and said[2] in CARD_NOUNS and _value(first) is not None:
        return 3, Ref("cards", (int(first),))                           # "1 strength card"
    hyphened = VALUE_CARD.match(first)
    if hyphened:
        return 1, Ref("cards", (int(hyphened.group(1)),))               # "the 2-card"
    if first.isdecimal() and first != "1" and said[1] in SINGULAR_NOUNS and _value(first) is not None:
        return 2, Ref("cards", (int(first),))                           # "2 card": the 2
    if first.isdecimal() and said[1] in CARD_NOUNS and int(first) > 0 and (said[1].endswith("s") == (first != "1")):
        return 2, Ref("any", many=int(first))                           # "1 card", "2 cards": a count
    if first in ONLY_WORDS:
        found = card_reference(folded, index + 1)
        return (found[0] + 1, found[1]) if found is not None else None  # "just the 2"
    return None


# Before "card of 2": one card ("my card of 2", "a card of 1", "one card of 1"); a count before
# "cards of 1" ("two cards of 1") names that many of the value (TW-2)
CARD_OF_ONE = frozenset({"my", "the", "a", "one", "single"})


def card_of_value(said: list[str], counts: Mapping[str, int]) -> tuple[int, Ref] | None:
    """(words taken, the cards) for cards named with their value after "of" ("my card of 2", "two
    cards of 1", "a single card of strength 1"), as players write a card's strength; None otherwise."""
    if said[0] in CARD_OF_ONE and said[1] in SINGLE:   # "a single card of 1": one card, as "a card of 1"
        found = card_of_value([said[0], *said[2:]], counts)
        return (found[0] + 1, found[1]) if found is not None and found[1].values[1:] == () else None
    strength = int(said[3] == STRENGTH)   # "a card of strength 1" (TW-2's word for its value)
    value = _value(said[3 + strength]) if said[2] == "of" and said[3 + strength].isdecimal() else None
    if value is None:
        return None
    if said[0] in CARD_OF_ONE and said[1] in SINGULAR_NOUNS:
        return 4 + strength, Ref("cards", (value,))
    many = counts.get(said[0]) if said[1] == "cards" else None
    return (4 + strength, Ref("cards", (value,) * many)) if many is not None and many > 1 else None


def _every(said: list[str], around: Any) -> tuple[int, Ref] | None:
    """"all three of my 1s", "all my 1s", "all my cards", "everything", "all three"."""
    if said[0] == "everything":
        return 1, Ref("hand")
    at, count = 1, None
    if said[1].isdecimal() and _value(said[1]) is not None and said[2] not in ("of", *CARD_NOUNS) and _plural(said[2]) is None:
        return 2, Ref("hand", many=int(said[1]), value=int(said[1]))   # "all 3": _cards_of asks where the hand holds a 3
    if said[1] in around.counts or (said[1].isdecimal() and (said[2] in ("of", *CARD_NOUNS) or _plural(said[2]))):
        count, at = around.counts.get(said[1]) or int(said[1]), 2
    at += said[at] == "of"
    at += said[at] in around.value_markers
    plural = _plural(said[at])
    if plural is not None:
        return at + 1, Ref("all-of", value=plural, many=count)
    if said[at] in CARD_NOUNS or (said[at] in THEM and said[at - 1] == "of"):   # "all of them"
        return at + 1, Ref("hand", many=count)
    if at == 2 and count is not None and not said[1].isdecimal():
        return 2, Ref("hand", many=count)                              # "all three"
    return None


def _counted(said: list[str], count: int, both: bool) -> tuple[int, Ref] | None:
    """"two ones", "both 1s", "both my ones", "two of the 1s", "one 1", "one single 1", "one
    card", or a number word alone."""
    at = 1 + (said[1] == "of")
    at += said[at] in post_words().value_markers and at + 1 < len(said) \
        and (_plural(said[at + 1]) is not None or said[at + 1].isdecimal() and said[at + 2] in ("cards", "tiles"))
    plural = _plural(said[at])
    if plural is not None:
        return at + 1, Ref("all-of", value=plural, many=2) if both else Ref("cards", (plural,) * count)
    if both:
        return None
    if at > 1 and count > 1 and said[at].isdecimal() and _value(said[at]) is not None and said[at + 1] in ("cards", "tiles"):
        return at + 2, Ref("cards", (int(said[at]),) * count)          # "two of my 1 cards"
    if said[1] in CARD_NOUNS:
        return 2, Ref("any", many=count)
    at = 1 + (said[1] in SINGLE)
    if count == 1 and said[at].isdecimal() and _value(said[at]) is not None:
        return at + 1, Ref("cards", (int(said[at]),))                  # "one 1": a count, then the card
    if count > 1 and said[at].isdecimal() and _value(said[at]) is not None and said[at + 1] in ("cards", "tiles"):
        return at + 2, Ref("cards", (int(said[at]),) * count)          # "two 1 cards"
    if at == 2 and _value(said[2]) is not None:
        return 3, Ref("cards", (_value(said[2]) or 0,))                 # "one single one"
    value = _value(said[0])
    return (1, Ref("word", value=value)) if value is not None else None


def _marked(said: list[str], around: Any) -> tuple[int, Ref] | None:
    """"the 2", "my 2", "a 1", "a single 1", "the 1s", "my two 1s", "the other one"."""
    at = 1 + (said[1] in SINGLE)
    value = _value(said[at]) if said[at].isdecimal() or at == 2 else None
    hyphened = MARKED_CARD.match(said[at])
    if value is None and hyphened:
        value = int(hyphened.group(1))                                  # "the 2-card", "a single 1-card"
    if value is not None:
        return at + 1, Ref("cards", (value,))
    if said[0] in INDEFINITE and not said[1].isdecimal() and _value(said[1]) is not None \
            and said[2] not in CARD_NOUNS and _plural(said[2]) is None:
        return 2, Ref("a-word", (_value(said[1]) or 0,))                # "a one": one card, the 1
    if at == 2 and said[2] in SINGULAR_NOUNS:
        return 3, Ref("any", many=1)                                    # "a single card": a count of one
    if said[0] == "the" and said[1] == "one" and said[2] in SINGULAR_NOUNS:
        return 3, Ref("any", many=1)                                    # "only the one card": a count
    word = _value(said[1]) if said[1] != "one" else None   # "the one" may point at anything
    if word is not None and said[2] in CARD_NOUNS:
        return 3, Ref("any", many=word)                                 # "the two cards": a count
    if word is not None and _plural(said[2]) is None and said[2] != "of":
        return 2, Ref("marked", value=word)                             # "my two": the 2, where certain
    if at == 2:
        return None
    plural = _plural(said[1])
    if plural is not None:
        return 2, Ref("all-of", value=plural)
    if said[1] in around.counts and _plural(said[2]) is not None:
        return 3, Ref("all-of", value=_plural(said[2]) or 0, many=around.counts[said[1]])
    if said[1] in OTHER and said[2] in ONE_OF:
        return 3, Ref("any", many=1)                                    # "the other one"
    if said[1] in OTHER and said[2].isdecimal() and _value(said[2]) is not None:
        return 3, Ref("more", (int(said[2]),))                         # "the other 1": a 1 not named yet
    return None


class Group(NamedTuple):
    """References to cards one after another ("the 2 and one 1"): words[start:end] of the post."""

    start: int
    end: int
    refs: tuple[Ref, ...]
    ordered: bool = False   # joined by "then" only: the post says the order (TW-5)
    joiners: tuple[str, ...] = ()   # the word joining each reference to the one before ("" for none)


def card_groups(folded: list[str]) -> list[Group]:
    """The groups of card references in the post, left to right: references joined by list
    words or nothing ("clock one one", "the 1 und the 2"), or by "then", which says their
    order ("the 2 then a 1")."""
    groups: list[Group] = []
    index = 0
    while index < len(folded):
        after = first_after(folded, index)
        if after is not None:   # "1 first, 2 after": two cards in their order
            groups.append(Group(index, index + after[0], after[1], True, ("", THEN)))
            index += after[0]
            continue
        found = card_reference(folded, index) if not first_said(folded, index) else first_then(folded, index)
        if found is None:
            index += 1
            continue
        start, refs, end = index, [found[1]], index + found[0]
        joined_by: list[str] = []
        reference = then_card if first_said(folded, index) and typed_first(folded, index) else card_reference
        while True:
            joiner = folded[end] if end < len(folded) and folded[end] in (*LIST_WORDS, THEN) else ""
            if not joiner and refs[-1].kind == "hand":
                break   # "all my cards — the 2 first, ...": the cards said again (hand_said_again), not more
            joined = end + bool(joiner)
            more = reference(folded, joined) if joined < len(folded) and not first_said(folded, joined) else None
            if more is None:
                break
            refs.append(more[1])
            joined_by.append(joiner)
            end = joined + more[0]
        groups.append(Group(start, end, tuple(refs), set(joined_by) == {THEN}, tuple(joined_by)))
        index = end
    return groups


def first_then(folded: list[str], index: int) -> tuple[int, Ref] | None:
    """The card said first where the next card follows with "then" ("the 2 first, then a 1"):
    the start of cards in the order they resolve (TW-5); None for an order said alone."""
    said = first_said(folded, index)
    if said is None or folded[index + said[0]:index + said[0] + 1] != [THEN] \
            or (then_card if typed_first(folded, index) else card_reference)(folded, index + said[0] + 1) is None:
        return None
    return said[0], Ref("cards", (said[1],))


def first_after(folded: list[str], index: int) -> tuple[int, tuple[Ref, Ref]] | None:
    """(words taken, the two cards) where a card is said first and the next after it ("1 first, 2
    after", "my 2 first, a 1 second"), the post's last cards (nothing more joined after): their
    order (TW-5); None otherwise."""
    said = first_said(folded, index)
    if said is None:
        return None
    at = index + said[0]
    found = (then_card if typed_first(folded, index) else card_reference)(folded, at)
    if found is None or folded[at + found[0]:at + found[0] + 1] == [] \
            or folded[at + found[0]] not in AFTER_WORDS or then_card(folded, at + found[0] + 1) is not None:
        return None
    return said[0] + found[0] + 1, (Ref("cards", (said[1],)), found[1])


def typed_first(folded: list[str], index: int) -> bool:
    """Is the card said first at `index` typed as a bare digit ("race 2 first, then 1")? Then the
    cards after it are typed as notation too; after "the 2 first", a digit may be a count ("then
    1": one card more, or the 1?), so it is no card there."""
    return folded[index].isdecimal()


def then_card(folded: list[str], index: int) -> tuple[int, Ref] | None:
    """A card in the order a post says with the first card typed ("2 first, then 1"): a
    reference, or a digit, which the card said first ties into the order (TW-5)."""
    found = card_reference(folded, index)
    if found is not None or index >= len(folded) or not folded[index].isdecimal():
        return found
    value = _value(folded[index])
    return (1, Ref("cards", (value,))) if value is not None else None


class Tie(NamedTuple):
    """What a group of cards belongs to: the module word at `module` (its cards `before` it:
    "my 2 on rope"), or a Maze direction at `direction` ("down with one card"), or the Maze
    directions at `pairs` said before their cards ("north then east (two 1s)"); `at` is the
    group's first word after any word tying it ("with"); `direct`, the group right after the
    module or a card: a number word there is a card's value ("rope one")."""

    module: int
    direction: int | None
    before: bool
    at: int
    direct: bool
    pairs: tuple[int, ...] = ()


def tie(folded: list[str], group: Group, ends: list[bool], stops: list[bool], full_stops: list[bool],
        tied: dict[int, int]) -> Tie | None:
    """The module (or Maze direction) a group of cards is written with, or None: after it,
    past one word such as "with" ("rope with all three"); after the module's own cards, the
    list going on ("rope 1 and one", "path 1 on E5 and the 2 on C4"); after Maze's directions
    ("maze: north then east (two 1s)"); before it, past words of placing ("my 2 goes on rope"),
    where the module has no cards of its own after it; or else after it past a comma ("tower,
    1 card, option A"), or past a sentence's end where the cards are the whole next sentence
    ("gonna race. single 1."). `ends[i]`: punctuation follows word i; `stops[i]`: a comma or a
    sentence's end ("rope. the 2 on race" puts no 2 on Rope); `full_stops[i]`: a sentence's end;
    `tied`: the module each earlier group tied, at the group's last word and at the module word."""
    with_word = with_words(folded, group.start)
    head = group.start - 1 - with_word
    played = head >= 0 and folded[head] in MODULE_NAMES and not block_target(folded, head)
    if played and not any(stops[head:group.start]):
        return Tie(head, None, False, group.start, not with_word)
    goes_on = list_goes_on(folded, group, ends, full_stops, tied)
    if goes_on is not None:
        return Tie(goes_on, None, False, group.start, True)
    if head >= 0 and with_word and folded[head] in DIRECTION_WORDS and "maze" in folded[:head]:
        return Tie(folded.index("maze"), head, False, group.start, False)
    pairs = directions_before(folded, head, full_stops)
    if pairs is not None:
        return Tie(pairs[0], None, False, group.start, False, pairs[1])
    after = group.end
    while after < len(folded) and folded[after] in PLACE_WORDS:
        after += 1
    if after < len(folded) and folded[after] in MODULE_NAMES:
        rest = [w for w in folded[after + 1:] if w not in WITH_WORDS]
        if not (rest and not first_said(rest, 0) and (rest[0].isdecimal() or card_reference(rest, 0))):
            return Tie(after, None, True, group.start, False)
    if played and not any(full_stops[head:group.start]):
        return Tie(head, None, False, group.start, not with_word)
    if played and (group.end == len(folded) or full_stops[group.end - 1]) and announced(folded, head, full_stops):
        return Tie(head, None, False, group.start, not with_word)   # "gonna race. single 1.", "Rope!! one one one"
    return None


def with_words(folded: list[str], start: int) -> int:
    """How many words before `start` tie the cards there to what comes before: "with", "w/",
    or a verb of playing and its particle ("throwing in", "playing"); 0 for none."""
    before = folded[max(start - 2, 0):start]
    if before and before[-1] in WITH_WORDS | PLAY_VERBS:
        taken = 1
    else:
        taken = 2 if len(before) == 2 and before[0] in PLAY_VERBS and before[1] in PARTICLES else 0
    subject = start - taken - 1
    return taken + int(taken > 0 and subject >= 0 and folded[subject] in SUBJECTS and folded[start - taken] in PLAY_VERBS)


def announced(folded: list[str], module: int, full_stops: list[bool]) -> bool:
    """Does the module's sentence announce it as the turn's ("Rope!!", "gonna race.", "ok so
    clock."), with only words of intent or glue before it, not tell of something else ("last turn
    you went rope.")?"""
    start = module
    while start > 0 and not full_stops[start - 1]:
        start -= 1
    return all(word in ANNOUNCING or word in post_words().glue for word in folded[start:module])


def block_target(folded: list[str], index: int) -> bool:
    """Is the module word at `index` the one a Block Move names ("block move on rope"), not
    the one played?"""
    while index > 0 and folded[index - 1] in PLACE_WORDS:
        index -= 1
    return index > 0 and folded[index - 1] == "block"


# What a module's own cards are written with, after it ("path 1 on E5", "maze 1 up"): the
# words a list of its cards goes on past.
MATERIAL = frozenset({"on", "at", "@", *DIRECTION_WORDS})


def list_goes_on(folded: list[str], group: Group, ends: list[bool], full_stops: list[bool],
                 tied: dict[int, int]) -> int | None:
    """The module whose list of cards the group carries on: "clock 1 one", "rope 1 and one more",
    "path 1 on E5 and the 2 on C4", "path, one on C3 and one on C4" (after cards in words tied
    before), "my 2 on collation, then a 1". Past a list word any reference goes on, past a comma
    too ("path: 2 at F6, then a 1 on C3") but never past a sentence's end; with no list word,
    only number words, with no punctuation between ("rope 1 the 1": the same card, or another?)."""
    before = group.start - 1
    joined = before >= 0 and folded[before] in (*LIST_WORDS, THEN)
    listed = before - joined
    if not joined and any(ref.kind != "word" for ref in group.refs):
        return None
    barriers = full_stops if joined else ends
    found = cards_before(folded, listed + 1, barriers)
    return found[0] if found is not None else earlier_group(folded, listed, barriers, tied)


def earlier_group(folded: list[str], at: int, barriers: list[bool], tied: dict[int, int]) -> int | None:
    """The module of a group of cards tied earlier that the words up to `at` carry on, past only
    the words its cards are written with (a cell, a tilt, "on") and no barrier; None otherwise."""
    index = at
    while index >= 0 and index not in tied and not barriers[index] and is_material(folded[index]) \
            and folded[index] not in (*LIST_WORDS, THEN):   # "the 2 and then both 1s": one list word, not two
        index -= 1
    return tied[index] if index >= 0 and index in tied and not barriers[index] else None


def said_again(folded: list[str], group: Group, full_stops: list[bool]) -> bool:
    """Does a group of cards that may be the module's typed cards follow them with no list word
    between ("race 1, the 1", "clock 1 (a 1)")? It may name them again, or one more: which is not
    guessed. A card not typed ("rope 1, my 2") names no typed card again."""
    typed = cards_before(folded, group.start, full_stops)
    if group.start == 0 or folded[group.start - 1] in (*LIST_WORDS, THEN) or typed is None:
        return False
    values = [(ref.value,) if ref.kind == "word" else said_values(ref) for ref in group.refs]
    if None in values:
        return True   # "all my 1s", "one card": maybe the typed cards
    named = [card for cards in values if cards is not None for card in cards]
    return all(named.count(card) <= typed[1].count(card) for card in named)


def same_as_typed(folded: list[str], group: Group, full_stops: list[bool], hand: list[int]) -> bool:
    """Does a group said again after the module's typed cards ("rope 1 1 (both ones)", "race 2 1
    - the 2 first, then a 1") name those very cards, because the hand could not hold them and
    as many more (TW-2: a hand is a multiset)? Said in an order, it must be the typed order (TW-5)."""
    typed = cards_before(folded, group.start, full_stops)
    values = [said_values(ref) for ref in group.refs]
    if typed is None or any(cards is None for cards in values):
        return False
    named = [card for cards in values if cards is not None for card in cards]
    if group.ordered and named != typed[1]:
        return False
    fits = all(named.count(card) <= typed[1].count(card) for card in named)
    return fits and any(typed[1].count(card) + named.count(card) > hand.count(card) for card in named)


def is_material(word: str) -> bool:
    """Is the word one a module's cards are written with: a card, a tilt, a cell, a list word?"""
    return word.isdecimal() or word in MATERIAL or word in LIST_WORDS or word == THEN \
        or bool(_CELL.match(word) or _ANCHOR.match(word))


def cards_before(folded: list[str], at: int, barriers: list[bool]) -> tuple[int, list[int]] | None:
    """(the module, its cards) when the words before `at` are a module word and its cards ("maze
    2 up", "path 1 on C4 and"), with no barrier (punctuation, a sentence's end) after any of them."""
    index, cards = at - 1, list[int]()

    def marks_card(i: int) -> bool:   # "the 1 left": a marker before a card written as a digit
        return folded[i] in post_words().value_markers and i + 1 < len(folded) and folded[i + 1].isdecimal()
    while index >= 0 and not barriers[index] and (is_material(folded[index]) or marks_card(index)):
        if folded[index].isdecimal() or _ANCHOR.match(folded[index]):
            cards.insert(0, int(folded[index].split("@")[0]))
        index -= 1
    return (index, cards) if cards and index >= 0 and folded[index] in MODULE_NAMES else None


def directions_before(folded: list[str], head: int, full_stops: list[bool]) -> tuple[int, tuple[int, ...]] | None:
    """(the Maze word, its directions) when the words up to `head` are Maze's directions with no
    cards, in one sentence ("maze: north then east (two 1s)"), or None."""
    directions: list[int] = []
    index = head
    while index >= 0 and (folded[index] in DIRECTION_WORDS or folded[index] in (*LIST_WORDS, THEN)):
        if folded[index] in DIRECTION_WORDS:
            directions.insert(0, index)
        index -= 1
    if index < 0 or folded[index] != "maze" or not directions or any(full_stops[index:head]):
        return None
    return index, tuple(directions)


def first_said(folded: list[str], at: int) -> tuple[int, int] | None:
    """(words taken, the card) of an order said at `at`: "the 2 first", "2 first", "my 2 first",
    "the 1 goes first" (TW-5)."""
    skip = int(folded[at] in ORDER_MARKERS) if at < len(folded) else 0
    said = folded[at + skip:at + skip + 3]
    verb = int(len(said) > 1 and said[1] in FIRST_VERBS)
    if len(said) >= 2 + verb and said[1 + verb] == FIRST and _value(said[0]) is not None:
        return skip + 2 + verb, _value(said[0]) or 0
    return None


OrderMatters = Callable[[str, list[int]], bool]


def resolve(group: Group, at: Tie, hand: list[int], module: str, first: int | None) -> tuple[list[int], str | None]:
    """(the cards a group names, in the order they resolve; a problem or None), the cards taken
    from `hand` (what is left of the mover's hand after the post's earlier groups)."""
    held = " ".join(map(str, sorted(hand))) or "empty"
    refs, restated_problem = restate(group, at.direct)
    if restated_problem is not None:
        return [], restated_problem
    cards: list[int] = []
    for number, ref in enumerate(refs):
        named, problem = _cards_of(ref, hand, module, direct=number > 0 or at.direct)
        if problem is not None:
            return [], f"{problem} (the hand: {held})"
        for card in named:
            if card in hand:
                hand.remove(card)
        cards += named
    if first is not None:
        if first not in cards:
            return [], f"says the {first} goes first but names no {first}"
        cards.remove(first)
        cards.insert(0, first)
    return cards, None


def counted(ref: Ref, direct: bool) -> int | None:
    """How many cards a reference counts without saying which ("one card", "with one"), or None."""
    if ref.kind in ("any", "times"):
        return ref.many
    return ref.value if ref.kind == "word" and not direct else None


def said_values(ref: Ref) -> tuple[int, ...] | None:
    """The cards a reference names by value ("a 1", "both 1s"), or None where it names none."""
    if ref.kind in ("cards", "a-word"):
        return ref.values
    return (ref.value,) * ref.many if ref.kind == "all-of" and ref.many is not None else None


def restate(group: Group, direct: bool) -> tuple[tuple[Ref, ...], str | None]:
    """(the group's references, a problem or None) with a count and the cards said right after it
    (no list word between: the rest of the group) read as the same cards: "one card (a 1)" is the
    1, "two cards: a 1 and the 2" the 1 and the 2. Where those are not as many cards as counted,
    or say no value ("with one one": one 1, or 1 1?), the post may mean one card or more: a
    problem."""
    refs, out, index = group.refs, [], 0
    while index < len(refs):
        count = counted(refs[index], direct=index > 0 or direct)
        follow = len(refs) if index + 1 < len(refs) and group.joiners[index] == "" else index + 1
        if count is None or follow == index + 1:
            out.append(refs[index])
            index += 1
            continue
        values = [said_values(ref) for ref in refs[index + 1:follow]]
        named = [card for cards in values if cards is not None for card in cards]
        if None in values or len(named) != count:
            return (), (f"counts {count} card{'s' if count > 1 else ''}, then names "
                        f"{' '.join(map(str, named)) or 'more'}: the same cards, or more? write the cards")
        out.append(Ref("cards", tuple(named)))   # "x2 (both 1s)": the two 1s counted, of any more held
        index = follow
    return tuple(out), None


def order_problem(cards: list[int], first: int | None, module: str, order_matters: OrderMatters) -> str | None:
    """Why cards named in no order cannot be read: their order changes the turn (TW-5), or pairs
    them with directions or anchors (TW-3); None when the post says the order or it changes
    nothing."""
    loose = cards[1:] if first is not None else cards
    if len(set(loose)) < 2 or (module not in PAIRED and not order_matters(module, cards)):
        return None
    return (f"names the cards {', '.join(map(str, sorted(cards)))} in no order, and on {module} their order "
            f"changes the turn (TW-5); write them in the order they resolve, e.g. "
            f"'{module} {' '.join(map(str, cards))}'")


def _cards_of(ref: Ref, hand: list[int], module: str, direct: bool) -> tuple[list[int], str | None]:
    """(the cards one reference names, a problem or None), from what is left of the hand."""
    if ref.kind in ("cards", "a-word", "more"):
        return list(ref.values), None
    if ref.kind == "times" and len(set(hand)) == 1 and len(hand) >= (ref.many or 0):
        return [hand[0]] * (ref.many or 0), None   # "coll x2" with only 1s in hand: two of them (TW-2)
    if ref.kind == "times":
        return [], f"counts x{ref.many} of no card named; write the cards, e.g. '{module} 1 1'"
    if ref.kind == "all-of":
        have = hand.count(ref.value)
        if not have or (ref.many is not None and ref.many != have):
            return [], f"names {ref.many or 'the'} {ref.value}s, but the hand holds {have}"
        return [ref.value] * have, None
    if ref.kind == "hand":
        if ref.value and ref.value in hand:
            return [], f"may be all {ref.value} cards or all the {ref.value}s; write the cards, e.g. '{module} {ref.value}'"
        if ref.many is not None and ref.many != len(hand):
            return [], f"names {ref.many} cards, the whole hand, but it holds {len(hand)}"
        return sorted(hand), None
    count = ref.many if ref.kind == "any" else ref.value
    direct = direct and ref.kind == "word"   # "single one" is a count or the 1 wherever written
    if ref.kind == "word" and direct:
        return [ref.value], None
    if ref.kind == "marked":
        if ref.value not in hand or len(hand) == ref.value:   # "the two": the 2, or both cards?
            return [], (f"may be the card {ref.value} or {ref.value} cards; write the cards, e.g. '{module} {ref.value}'")
        return [ref.value], None   # "rope one", "clock one one": a card's value where cards are listed
    choices = list(multiset_combinations(hand, count or 0))
    if ref.kind == "any" and len(choices) == 1:
        return list(choices[0]), None
    if ref.kind in ("word", "loose") and choices == [(ref.value,)]:
        return [ref.value], None   # "with one": one card, or the 1, are the same card here
    if ref.kind in ("word", "loose"):
        return [], (f"may be the card {ref.value} or {ref.value} card{'s' if ref.value > 1 else ''} of any "
                    f"value; write the cards, e.g. '{module} {ref.value}'")
    return [], "does not say which card" + ("s" if (count or 0) > 1 else "") + "; write the cards"


def cards_in_words(words: list[Word], hand: list[int], order_matters: OrderMatters) -> list[Word]:
    """The post's words with each group of cards named in words made digits, right after its
    module word (or, on Maze, before its direction): see the section's comment."""
    ends = [bool(w.trail.strip()) for w in words]
    folded = apart([w.text.casefold() for w in words], ends)
    stops = [w.comma or w.stop != "" for w in words]
    full_stops = [w.stop != "" for w in words]
    taken = list(hand)
    skip: set[int] = set()
    put: dict[int, list[Word]] = {}        # words to write in place of the word at an index
    after: dict[int, list[Word]] = {}      # words to write after the word at an index (a module)
    held: list[Group] = []                 # cards said to be kept in hand: "(holding the 2 for later)"
    ended: set[int] = set()                # where a group of cards tied to a module ends
    tied: dict[int, int] = {}              # a tied group's last word, and its module word → the module
    groups = card_groups(folded)
    merged: set[int] = set()               # groups said again after a whole hand, read with it
    for number, group in enumerate(groups):
        if group.start in merged:
            continue
        if kept(folded, group.start):
            held.append(group)
            continue
        at = tie(folded, group, ends, stops, full_stops, tied)
        if at is None and same_as_typed(folded, group, full_stops, hand) \
                and not skip.intersection(range(group.start, group.end)):
            skip |= set(range(group.start, group.end))   # "rope 1 1 (both ones)": the typed cards again
            continue
        if at is None and said_again(folded, group, full_stops) and not skip.intersection(range(group.start, group.end)):
            skip |= set(range(group.start, group.end))
            put[group.start] = _cards_words(words, group, [], "names cards again after the move's own: the same "
                                            "cards, or more? write the cards once", words[group.end - 1].trail)
        if at is None and any(ref.kind == "a-word" for ref in group.refs) \
                and not skip.intersection(range(group.start, group.end)):
            skip |= set(range(group.start, group.end))   # "clock with a one... no, a two": never chatter
            put[group.start] = _cards_words(words, group, [], "names a card, but for no module; write the move "
                                            "with its cards", words[group.end - 1].trail)
        again = said_after_hand(folded, groups, number, taken) if not skip.intersection(range(group.start, group.end)) else None
        if again is not None and again.group is not None and at is not None:   # "clock, all my cards — 2 first, then both 1s"
            group = group._replace(end=again.group.end, refs=again.group.refs, ordered=again.group.ordered, joiners=again.group.joiners)
            merged.add(again.group.start)
        elif again is not None:   # the cards said next are the move's: this group only names them
            skip |= set(range(group.start - with_words(folded, group.start), group.end))
            tied.update({group.end - 1: at.module, at.module: at.module} if at is not None else {})
        if again is not None and not again.same:
            put[group.start] = _cards_words(words, group, [], "names the whole hand, then cards again: the same, "
                                            "or which? write the cards once, in the order they resolve", words[group.end - 1].trail)
        if at is None or skip.intersection(range(group.start, group.end)):   # an order said: "(the 2 first)"
            continue
        ended.add(group.end)
        tied.update({group.end - 1: at.module, at.module: at.module})
        clause_at = at.module + 1 if at.before else group.end
        clause = first_said(folded, clause_at)
        used = set(range(group.start, group.end)) | set(range(clause_at, clause_at + clause[0] if clause else 0))
        used |= set(range(group.start - with_words(folded, group.start), group.start))
        module, first = folded[at.module], clause[1] if clause else None
        cards, problem = resolve(group, at, taken, module, first)
        skip |= used
        if not group.ordered:
            problem = problem or order_problem(cards, first, module, order_matters)
        last = max(used) if not at.before else max({at.module} | used - set(range(group.start, group.end)))
        made = _cards_words(words, group, cards, problem, words[last].trail)
        if at.pairs and problem is None and len(cards) != len(at.pairs):
            made = _cards_words(words, group, [], f"names {len(cards)} card{'s' if len(cards) != 1 else ''} "
                                f"for {len(at.pairs)} tilts (TW-14); write each card with its direction", made[-1].trail)
        if at.pairs and made[0].problem is None:
            for card, direction in zip(made, at.pairs, strict=False):   # each card before its tilt (TW-3, TW-14)
                put[direction] = [card._replace(trail="")]
        elif at.direction is not None:
            skip.add(at.direction)
            put[group.start] = [*made, words[at.direction]._replace(trail=made[-1].trail)]
        elif at.before:
            after.setdefault(at.module, []).extend(made)
        else:
            put[group.start] = made
    for clause_at in order_clauses(folded, skip, ends):
        problem = typed_order_problem(folded, clause_at, ends, full_stops)
        length = first_said(folded, clause_at)[0]   # type: ignore[index]  # order_clauses found one
        skip |= set(range(clause_at, clause_at + length))
        if problem is not None:
            put[clause_at] = _cards_words(words, Group(clause_at, clause_at + length, ()), [], problem,
                                          words[clause_at + length - 1].trail)
    for index in unfinished(folded, skip, full_stops, ended):
        put[index] = [words[index]._replace(problem="is followed by no card, module or Block Move: the move "
                                                    "is left unfinished; write all of it")]
        skip.add(index)
    out: list[Word] = []
    for index, word in enumerate(words):
        out.extend(put.get(index, []))
        if index not in skip:
            out.append(word._replace(trail="") if index in after else word)
        out.extend(after.get(index, []))
    return set_aside(out, words, held, hand, folded)


def unfinished(folded: list[str], skip: set[int], full_stops: list[bool], ended: set[int]) -> list[int]:
    """The "then"s after a module's cards (typed, or a group in words ending at one of `ended`)
    that no card, module or Block Move follows ("maze 2 up then idk", "rope 1 then", "race
    with the 2 and then"): the player meant more, and did not say what (TW-3)."""
    def goes_on(at: int) -> bool:
        word = folded[at] if at < len(folded) else ""
        return word.isdecimal() or word in MODULE_NAMES or word in ("block", *DIRECTION_WORDS) \
            or bool(_ANCHOR.match(word) or _CELL.match(word) or card_reference(folded, at))
    return [index for index, word in enumerate(folded) if word == THEN and index not in skip
            and (cards_before(folded, index, full_stops) is not None or index in ended
                 or index - 1 in ended and folded[index - 1] in LIST_WORDS) and not goes_on(index + 1)]


def kept(folded: list[str], start: int) -> bool:
    """Is the group of cards at `start` said to be kept in hand ("holding the 2", "keeping back
    my 2")?"""
    index = start - 1
    while index >= 0 and folded[index] in KEEP_ASIDE:
        index -= 1
    return index >= 0 and folded[index] in KEEP_WORDS


def kept_until(folded: list[str], at: int) -> int:
    """The words at `at` that say how long cards are kept ("for later"), or 0."""
    return max((len(until) for until in KEEP_UNTIL if tuple(folded[at:at + len(until)]) == until), default=0)


def played_cards(out: list[Word]) -> list[int]:
    """The cards written after the post's module words, as the reword leaves them."""
    cards: list[int] = []
    playing = False
    for word in out:
        text = word.text.casefold()
        if text in MODULE_NAMES:
            playing = True
        elif playing and text.isdecimal():
            cards.append(int(text))
        elif playing and _ANCHOR.match(text):
            cards.append(int(text.split("@")[0]))
        elif not is_material(text):
            playing = False
    return cards


def set_aside(out: list[Word], words: list[Word], held: list[Group], hand: list[int], folded: list[str]) -> list[Word]:
    """The reworded post without the cards it says are kept in hand, where the hand still holds
    them after the cards played; where it does not, they stand as a problem: kept, or played?"""
    if not held:
        return out
    left = list(hand)
    for card in played_cards(out):
        if card in left:
            left.remove(card)
    aside: dict[int, Word | None] = {}
    for group in held:
        cards, problem = resolve(group, Tie(-1, None, False, group.start, False), list(left), "", None)
        if problem is None and all(cards.count(card) <= left.count(card) for card in cards) and cards:
            for card in cards:
                left.remove(card)
            aside[group.start] = None
        else:
            aside[group.start] = _cards_words(words, group, [], problem or (
                f"keeps {' '.join(map(str, cards))} in hand, but the move plays them"), words[group.end - 1].trail)[0]
    spans = {index: group.start for group in held for index in range(group.start, group.end)}
    for group in held:
        if aside[group.start] is None:   # "(holding the 2 for later)": how long goes with the cards
            spans.update({index: group.start for index in range(group.end, group.end + kept_until(folded, group.end))})
    kept_out: list[Word] = []
    for word in out:
        start = spans.get(word.start) if word.end - word.start == 1 else None
        if start is None:
            kept_out.append(word)
        elif word.start == start and aside[start] is not None:
            kept_out.append(aside[start])   # type: ignore[arg-type]
        elif aside[start] is None and word.trail.strip() and kept_out:   # "for later." ends the sentence
            kept_out[-1] = kept_out[-1]._replace(trail=kept_out[-1].trail + word.trail)
    return kept_out


def order_clauses(folded: list[str], skip: set[int], ends: list[bool]) -> list[int]:
    """Where the post says which card goes first ("(the 1 first)", not "1, first time") outside a
    group of cards in words: of cards typed as digits."""
    def said_at(index: int) -> bool:
        value = index + (folded[index] in ORDER_MARKERS)
        return index not in skip and bool(first_said(folded, index)) and not ends[value] \
            and not (index > 0 and folded[index - 1] in ORDER_MARKERS)
    return [index for index in range(len(folded)) if said_at(index)]


def typed_order_problem(folded: list[str], at: int, ends: list[bool], full_stops: list[bool]) -> str | None:
    """Why an order said of typed cards ("conker: 1 and 2 (the 1 first)") cannot be set aside
    as said again, or None: it orders, never adds a card (TW-5). It must name the card typed
    first, of a module's cards just before it, and be set off from them ("rope 1 1 first": is
    the second 1 a card, or the one said first?)."""
    first = (first_said(folded, at) or (0, 0))[1]
    letter = int(at > 0 and folded[at - 1] in OPTION_LETTERS)   # "tower 1 2 B (the 1 first)"
    found = cards_before(folded, at - letter, full_stops) or typed_cards(folded, at, full_stops)
    if found is None:
        return f"says the {first} goes first, but of no cards played"
    cards = found[1]
    if folded[at] not in ORDER_MARKERS and not ends[at - 1]:
        return f"may name one more {first}, or say which card goes first; write the cards in the order they resolve"
    if cards[0] != first:
        return (f"says the {first} goes first, but the cards are typed {' '.join(map(str, cards))}; write them in "
                f"the order they resolve (TW-5)")
    return None


def typed_cards(folded: list[str], at: int, full_stops: list[bool]) -> tuple[int, list[int]] | None:
    """(the module, its cards) where the post types cards after one module word only, all before
    the order said at `at` ("Tower 2 1 1, reward A. For the record, the 2 resolves first."): the
    cards an order said apart from them can be of; None where no module, or more than one, has
    cards typed after it, or the order is said in them ("collation 1 first, 2 after")."""
    found: list[tuple[int, list[int]]] = []
    for head, word in enumerate(folded):
        index, cards = head + 1, list[int]()
        while word in MODULE_NAMES and index < len(folded) and not full_stops[index - 1] and is_material(folded[index]):
            if folded[index].isdecimal() or _ANCHOR.match(folded[index]):
                cards.append(int(folded[index].split("@")[0]))
            index += 1
        if cards:
            found.append((head, cards) if index <= at else (head, []))
    return found[0] if len(found) == 1 and found[0][1] else None


def _cards_words(words: list[Word], group: Group, cards: list[int], problem: str | None, trail: str) -> list[Word]:
    """The Words standing for a group's cards (or its problem), with the trail of the last word
    they take the place of."""
    span = words[group.start:group.end]
    said = " ".join(w.said for w in span)
    start, end = span[0].start, span[-1].end
    if problem is not None:
        return [Word(said, said, start, end, problem + ".", trail)]
    return [Word(str(card), said, start, end, None, trail if n == len(cards) - 1 else "")
            for n, card in enumerate(cards)]


WHOLE = Tie(0, None, False, 0, True)   # a whole hand named, resolved for no module in particular


def whole(group: Group) -> bool:
    """Does the group name whole sets of cards only ("all my cards", "all my 1s")?"""
    return all(ref.kind in ("hand", "all-of") for ref in group.refs)


def said_after_hand(folded: list[str], groups: list[Group], number: int, hand: list[int]) -> SaidAgain | None:
    """For a group naming a whole hand, the cards said right after it (hand_said_again), or None."""
    group = groups[number]
    if not whole(group):
        return None
    named, problem = resolve(group, WHOLE, list(hand), "", None)
    span = range(group.end, said_next(folded, group.end) + 1)
    return None if problem else hand_said_again(folded, groups[number + 1:], span, named, hand)


def said_next(folded: list[str], at: int) -> int:
    """Where the words after a group go on past the module and the words placing cards on it
    ("all 3 on conker: 1, 1, 2": at the first 1)."""
    while at < len(folded) and (folded[at] in PLACE_WORDS or folded[at] in MODULE_NAMES):
        at += 1
    return at


LISTED = frozenset({THEN, *LIST_WORDS})


class SaidAgain(NamedTuple):
    """The cards said right after a whole hand: the same cards (`same`), said as a group in
    words (`group`, whose order is the move's), or as digits (`group` None)."""

    same: bool
    group: Group | None = None


def hand_said_again(folded: list[str], following: list[Group], span: range, cards: list[int],
                    hand: list[int]) -> SaidAgain | None:
    """After a whole hand named ("all my cards", "everything"), the cards said next (past the
    module: the end of `span`; a group may start anywhere in it), if any: the same cards in an order ("all 3 on conker: 1, 1, 2", "all my
    cards — 2 first, then the two 1s"), or other cards ("all my cards on race: the 1 then the
    2": which are played?) (TW-5)."""
    if following and following[0].start in span:
        again, problem = resolve(following[0], WHOLE, list(hand), "", None)
        same = problem is None and sorted(again) == sorted(cards)   # in no order: where it matters, refused
        return SaidAgain(same, following[0] if same else None)
    split = [part for word in folded[span.stop - 1:] for part in word.split(",") if part]   # "(1,1,2)" is one word
    listed = list(takewhile(lambda word: word.isdecimal() or word in LISTED, split))
    digits = [int(word) for word in listed if word.isdecimal()]
    return SaidAgain(sorted(digits) == sorted(cards)) if digits else None


def without_declined_discard(words: list[Word]) -> list[Word]:
    """The post without a discard declined as a clause of its own ("discard nothing, tower 1
    C", "tower 1 C. discard: none"): it says no card is discarded (TW-7), which the move
    without it says too. Elsewhere ("rope 2 discard none 1") it stays, and the post is refused."""
    def alone(at: int) -> bool:
        said = [w.text.casefold() for w in words[at:at + 2]]
        if len(said) < 2 or said[0] not in DISCARD_WORDS or said[1] not in NOTHING_WORDS:
            return False
        opens = at == 0 or bool(words[at - 1].trail.strip()) or at + 2 == len(words)   # or it ends the post
        return opens and (at + 2 == len(words) or bool(words[at + 1].trail.strip()))
    drop = {i for at in range(len(words)) if alone(at) for i in (at, at + 1)}
    if any(word.text.casefold() in DISCARD_WORDS for i, word in enumerate(words) if i not in drop):
        # "discard nothing, race 2 discard 1": which is it? the declined discard stands as a problem
        return [word._replace(problem="declines a discard the post also makes; give the move once.")
                if i in drop else word for i, word in enumerate(words)]
    return [word for i, word in enumerate(words) if i not in drop]


# Path's cards named by their shape (TW-15: "1 = single tile; 2 = vertical domino"): "the
# domino at E2", "two single tiles: C3 and C4", "a single at G8". Shapes are a parameter, so a
# name is read as the strength whose shape in the match's Path it is, and not at all where none is.
SHAPE_NOUNS = {"domino": ((0, 0), (1, 0))}                       # "the domino": the card of that shape
SHAPE_PLURALS = {"dominoes": "domino", "dominos": "domino"}       # "both dominoes"
# "single" names the one-tile card only before "tile(s)", or before where it goes ("a single at
# G8"); elsewhere it is a count ("a single card", "a single 1").
SINGLE_TILE = ((0, 0),)
SINGLE_BEFORE = frozenset({"tile", "tiles"})
SINGLE_PLACED = frozenset({"at", "on", "@"})


def shape_strengths(shapes: dict[str, Any]) -> dict[tuple[tuple[int, int], ...], int]:
    """The strength of each shape in the match's Path (its `shapes` parameter), by its cells."""
    return {tuple(sorted((int(r), int(c)) for r, c in cells)): int(strength) for strength, cells in shapes.items()}


def shapes_as_cards(words: list[Word], strengths: dict[tuple[tuple[int, int], ...], int]) -> list[Word]:
    """The post with Path's cards named by shape written as their strength ("the domino" → the 2,
    "single tiles" → 1 tiles, a count the card references then read)."""
    def strength(cells: tuple[tuple[int, int], ...]) -> int | None:
        return strengths.get(tuple(sorted(cells)))

    out = list(words)
    for i, word in enumerate(words):
        text = word.text.casefold()
        after = [w.text.casefold() for w in words[i + 1:i + 3]] + ["", ""]
        noun = SHAPE_PLURALS.get(text, text)
        value = strength(SHAPE_NOUNS[noun]) if noun in SHAPE_NOUNS else None
        if value is None and text in SINGLE and (after[0] in SINGLE_BEFORE
                                                 or after[0] in SINGLE_PLACED and _CELL.match(after[1])):
            value = strength(SINGLE_TILE)
        if value is not None:
            out[i] = word._replace(text=f"{value}s" if noun != text else str(value))
    return out


def cells_paired(words: list[Word]) -> list[Word]:
    """The post with Path's cards of one value followed by as many cells ("path 1 1: C3 and C4",
    "two single tiles at C3, C4") written as CARD@CELL, each card on the cell in its place (the
    cards alike, which card goes where changes nothing). Cards of different values stay as they
    are: which goes where is not guessed (TW-3)."""
    folded = [w.text.casefold() for w in words]
    for at, word in enumerate(folded):
        cards = list(takewhile(str.isdecimal, folded[at + 1:])) if word == "path" else []
        if len(cards) < 2 or len(set(cards)) > 1:
            continue
        first = at + 1 + len(cards)
        index = first + (folded[first:first + 1] in (["at"], ["on"], ["@"]))
        cells: list[int] = []
        while index < len(folded) and _CELL.match(folded[index]) and len(cells) < len(cards):
            cells.append(index)
            index += 1 + (folded[index + 1:index + 2] in ([w] for w in LIST_WORDS)
                          and index + 2 < len(folded) and bool(_CELL.match(folded[index + 2])))
        if len(cells) != len(cards) or index < len(folded) and (_CELL.match(folded[index]) or folded[index].isdecimal()):
            continue
        anchors = [words[at + 1 + n]._replace(text=f"{cards[n]}@{words[cell].text.upper()}", trail="")
                   for n, cell in enumerate(cells)]
        anchors[-1] = anchors[-1]._replace(trail=words[cells[-1]].trail)
        return [*words[:at + 1], *anchors, *words[cells[-1] + 1:]]
    return words


# "on tile B6", "at square C3": Path's cell named with its noun, which says no more than the cell
CELL_NOUNS = frozenset({"tile", "cell", "square", "space"})


def without_cell_nouns(words: list[Word]) -> list[Word]:
    """The post without the noun between a word of placing and a Path cell ("1 card on tile B6")."""
    folded = [w.text.casefold() for w in words] + [""]
    return [w for i, w in enumerate(words) if not (folded[i] in CELL_NOUNS and i > 0 and folded[i - 1] in SINGLE_PLACED
                                                   and not words[i - 1].trail.strip() and not w.trail.strip()
                                                   and _CELL.match(folded[i + 1]))]


# "a 1 each", "one card each": the card named once for every tilt listed (TW-14)
EACH = "each"


def card_each(words: list[Word], hand: list[int]) -> tuple[list[Word], int] | None:
    """(the post without a card said for each tilt, that card) for "maze: right, left (a 1
    each)", "one card each" (where the hand holds one value only), or None."""
    folded = [w.text.casefold() for w in words]
    if folded.count(EACH) != 1:
        return None
    at = folded.index(EACH)
    for start in range(max(at - 3, 0), at):
        found = card_reference(folded, start) or _digit(folded, start)
        if found is None or start + found[0] != at:
            continue
        ref = found[1]
        one = ref.kind in ("any", "word") and (ref.many or ref.value) == 1 and len(set(hand)) == 1
        value = hand[0] if one else ref.values[0] if ref.kind in ("cards", "a-word", "digit") and len(ref.values) == 1 else None
        if value is None or (start > 0 and not words[start - 1].trail.strip()):
            return None   # "maze left one card each": no card named once, set apart from the tilts
        trail = words[at].trail
        kept = [*words[:start - 1], words[start - 1]._replace(trail=words[start - 1].trail + trail)] if start else []
        return [*kept, *words[at + 1:]], value
    return None


def maze_of_tilt(words: list[Word]) -> list[Word]:
    """The post with Maze's verb ("tilt it") made the module where the post names none, a
    direction follows within a few words, and a card is named ("Tilt DOWN with the 2"; "tilt it
    down" alone plays nothing); dropped elsewhere, as a word that says no more than the tilt (TW-14)."""
    folded = [w.text.casefold() for w in words]
    named = any(word in MODULE_NAMES for word in folded) \
        or not (card_groups(folded) or any(word.isdecimal() for word in folded))
    verbs = [i for i, word in enumerate(folded) if word == TILT]
    made = verbs[0] if len(verbs) == 1 and not named \
        and any(word in DIRECTION_WORDS for word in folded[verbs[0] + 1:verbs[0] + 4]) else None
    return [w._replace(text="maze") if i == made else w for i, w in enumerate(words) if i == made or i not in verbs]


def first_tilt(words: list[Word]) -> list[Word]:
    """The post without "first" said before its first Maze tilt ("Tilts: first down, then
    right"): the tilt said first is the first card's (TW-14), as written; "first" says no more.
    After a tilt already said ("right, but first down") it is left, and the post refused."""
    folded = [w.text.casefold() for w in words]
    tilts = [i for i, word in enumerate(folded) if word in DIRECTION_WORDS]
    drop = tilts[0] - 1 if tilts and tilts[0] and folded[tilts[0] - 1] == FIRST else None
    return [w for i, w in enumerate(words) if i != drop]


# A tilt said more than once in a word: "tilt the maze south twice" (TW-14)
TILT_TIMES = {"twice": 2, "thrice": 3}


def tilts_repeated(words: list[Word]) -> list[Word]:
    """The post with a Maze tilt counted by a multiplier right after it ("maze down x3", "south
    twice") written
    that many times ("maze down down down"), each tilt one card (TW-14), which tilts_alone gives
    their cards. A tilt with a card typed before it ("maze 1 down x3": the 1 three times, or
    three cards?) stays as written."""
    folded = [w.text.casefold() for w in words]
    out: list[Word] = []
    for index, word in enumerate(words):
        count = (times(folded + [""], index) or ((1, TILT_TIMES[word.text.casefold()])
                                                 if word.text.casefold() in TILT_TIMES else None)) \
            if index and folded[index - 1] in DIRECTION_WORDS else None
        typed = index > 1 and _value(folded[index - 2]) is not None
        if count is None or count[0] != 1 or typed or words[index - 1].trail.strip():
            out.append(word)
            continue
        out[-1:] = [out[-1]._replace(trail=" ")] * (count[1] - 1) + [out[-1]._replace(trail=word.trail)]
    return out


def tilts_alone(words: list[Word], hand: list[int]) -> list[Word]:
    """The post with each of Maze's tilts written with no card ("maze: right, then left", "Maze.
    Left, up. One card each.") given a card, where the hand holds cards of one value only and the post names no
    card at all, or names one for each tilt ("(a 1 each)"): each tilt is one card (TW-14), and any
    card is the same card. Otherwise as written."""
    each = card_each(words, hand)
    if each is None:
        return tilts_given(words, hand, hand[0] if len(set(hand)) == 1 else None, False) or words
    given = tilts_given(each[0], hand, each[1], True)
    if given is not None:
        return given
    return [*words, Word(EACH, EACH, words[-1].end, words[-1].end, "names a card for each tilt, but not for tilts "
                         "listed alone after Maze that the hand holds as many of; write each card with its direction")]


def tilts_given(words: list[Word], hand: list[int], value: int | None, each: bool) -> list[Word] | None:
    """The post with each of Maze's tilts listed alone after it given the card `value`, where the
    post names no card and the hand holds one for each tilt; None otherwise. Only where a card
    was said for each (`each`) may the tilts be a sentence after the module's ("Maze. Left, up.
    A 1 each"); "maze. up" alone is not sure to tell the tilt of the move."""
    folded = [w.text.casefold() for w in words]
    if value is None or "maze" not in folded or card_groups(folded) \
            or any(word.isdecimal() or _ANCHOR.match(word) for word in folded):
        return None
    start = folded.index("maze")
    alone = bool(words[start].stop) and (start == 0 or bool(words[start - 1].stop))   # "Maze. South, then west."
    index, tilts = start + 1, list[int]()
    while index < len(folded) and folded[index] in (*DIRECTION_WORDS, *LIST_WORDS, THEN) \
            and (index - 1 == start and (each or alone) or not words[index - 1].stop):   # "Maze. Left, up. A 1 each"
        tilts += [index] if folded[index] in DIRECTION_WORDS else []
        index += 1
    # A sentence of its own after "Maze." must be a list of tilts and end there: "Maze. South,
    # then west." ("maze. up" alone, "Maze. Up to you" may tell of no tilt)
    listed = (index == len(folded) or bool(words[index - 1].stop)) and len(tilts) > 1
    if not tilts or len(tilts) > hand.count(value) or not (each or listed or not words[start].stop):
        return None
    card = str(value)
    return [made for i, w in enumerate(words) for made in ([w._replace(text=card, trail=" "), w] if i in tilts else [w])]


# A bullet typed as a word opening a line: "path:\n• 1 @ G7\n• 2 @ B2" (a list, one card a line)
BULLETS = frozenset({"•", "·", "◦", "‣", "*", "-", "–", "—"})


def bullets_dropped(words: list[Word]) -> list[Word]:
    """The post without bullets opening its lines ("• 1 @ G7"): each line is an item of the
    list the bullet marks, and says no more than a line's end (TW-5's cards, one a line)."""
    return [w for i, w in enumerate(words)
            if not (w.text in BULLETS and not w.trail.strip() and i and "\n" in words[i - 1].trail)]


# A slash typed as a word before Block Move: "collation 1 1 1 / block conker" (as a comma)
SLASH = "/"


def slash_before_block(words: list[Word]) -> list[Word]:
    """The post with a slash between the move and its Block Move ("collation 1 1 1 / block
    conker") read as a comma there (TW-18); a slash elsewhere ("rope / race") as written."""
    folded = [w.text.casefold() for w in words] + [""]
    out: list[Word] = []
    for i, word in enumerate(words):
        if folded[i] == SLASH and out and folded[i + 1] == BLOCK and not word.trail.strip() \
                and not out[-1].trail.strip():
            out[-1] = out[-1]._replace(trail=",")
            continue
        out.append(word)
    return out


# A dash typed as a word between the module and its tilts: "maze - left, then up" (as "maze: left")
DASHES = frozenset({"-", "–", "—", "--"})


def dash_dropped(words: list[Word]) -> list[Word]:
    """The post without a dash typed alone right after Maze ("maze - left, then up"), which
    says no more than a colon there; any other dash as written."""
    folded = [w.text.casefold() for w in words] + [""]
    return [w for i, w in enumerate(words)
            if not (i and folded[i] in DASHES and folded[i - 1] == "maze" and folded[i + 1] in DIRECTION_WORDS
                    and not words[i - 1].trail.strip() and not w.trail.strip())]


def path_named_after(words: list[Word]) -> list[Word]:
    """The post with a card on its cell written before Path ("putting a 1 at e5 on path") turned
    round as Path's move ("path a 1 at e5"), which cards_in_words reads (TW-3)."""
    folded = [w.text.casefold() for w in words]
    for at, word in enumerate(folded):
        cell = at - 1
        while cell > 0 and folded[cell] in PLACE_WORDS and not words[cell].trail.strip():
            cell -= 1
        if word != "path" or cell == at - 1 or not _CELL.match(folded[cell]) or words[cell].trail.strip() \
                or cell < 2 or folded[cell - 1] not in SINGLE_PLACED or words[cell - 2].trail.strip():
            continue
        starts = [k for k in range(max(cell - 7, 0), cell - 1) if (card_reference(folded, k) or (0,))[0] == cell - 1 - k
                  or k == cell - 2 and folded[k].isdecimal()]
        if starts:
            k = starts[0]
            return [*words[:k], words[at]._replace(trail=" "), *words[k:cell], words[cell]._replace(trail=words[at].trail),
                    *words[at + 1:]]
    return words


def anchors_then_path(words: list[Word]) -> list[Word]:
    """The post with cards on their cells typed before Path ("2@D5, 1@E2 on path") turned round
    as Path's move ("path 2@D5 1@E2"), as path_named_after does for cards in words (TW-3): only
    anchors (and list words) before it, and nothing but the module word after its words of placing."""
    folded = [w.text.casefold() for w in words]
    for at, word in enumerate(folded):
        place = at - 1
        while place > 0 and folded[place] in PLACE_WORDS:
            place -= 1
        first = place
        while first >= 0 and (_ANCHOR.match(folded[first]) or folded[first] in LIST_WORDS) \
                and (first == place or not words[first].stop):   # "2@D5. 1@E2 on path": one sentence only
            first -= 1
        first += 1
        if word != "path" or place == at - 1 or first > place or not _ANCHOR.match(folded[first]) \
                or any(words[i].trail.strip() for i in range(place, at)):
            continue
        return [*words[:first], words[at]._replace(trail=" "), *words[first:place],
                words[place]._replace(trail=words[at].trail), *words[at + 1:]]
    return words


def cells_each(words: list[Word], hand: list[int]) -> list[Word]:
    """The post with Path's cells listed alone after it given one card each where the post
    says so ("Path — E4 and E5, one card each", "path d4, d5 (a 1 each)"): each card on its
    cell (TW-15), as tilts_alone gives Maze's tilts theirs. The card must be certain: named
    ("a 1 each") or the only value held; otherwise, or with cards named besides, as written."""
    each = card_each(words, hand)
    if each is None:
        return words
    rest, value = each
    folded = [w.text.casefold() for w in rest]
    if "path" not in folded or card_groups(folded) or any(word.isdecimal() or _ANCHOR.match(word) for word in folded):
        return words
    start = folded.index("path")
    index, cells, nouns = start + 1, list[int](), set[int]()   # "tile E4 and tile E5": the noun says no more
    while index < len(folded) and (_CELL.match(folded[index]) or folded[index] in LIST_WORDS
                                   or folded[index] in CELL_NOUNS and _CELL.match((folded + [""])[index + 1])):
        cells += [index] if _CELL.match(folded[index]) else []
        nouns |= {index} if folded[index] in CELL_NOUNS else set()
        index += 1
    if not cells or index != len(folded) or len(cells) > hand.count(value):
        return words
    card = str(value)
    return [made for i, w in enumerate(rest) if i not in nouns
            for made in ([w._replace(text=card, trail=" "), w._replace(text="on", trail=" "), w] if i in cells else [w])]


LIST_AND = "and"   # the list word anchors_listed writes between Path's anchors set off by commas


def anchors_listed(words: list[Word], hand: list[int]) -> list[Word]:
    """The post with Path's cards on their cells listed with commas ("path: one 1 on a1, the
    other 1 on h8") joined as "and" joins them: each card is said with its own cell (TW-15),
    so the comma can only go on with the list. Only where the next card is said with a cell,
    and by value unless the hand holds one value ("the 2 at C3, another at F6": another 2?)."""
    folded = [w.text.casefold() for w in words] + ["", "", ""]
    out: list[Word] = []
    for index, word in enumerate(words):
        out.append(word)
        if not (_CELL.match(folded[index]) and word.comma and not word.stop and index
                and folded[index - 1] in SINGLE_PLACED):
            continue
        found = card_reference(folded, index + 1) or (_digit(folded, index + 1) if folded[index + 1].isdecimal() else None)
        placed = index + 1 + found[0] if found is not None else 0
        unsure = found is not None and found[1].kind == "any" and len(set(hand)) > 1
        if found is not None and not unsure and folded[placed] in SINGLE_PLACED and _CELL.match(folded[placed + 1]):
            out.append(Word(LIST_AND, LIST_AND, word.end, word.end, None, " "))
    return out


# A word with its card in brackets typed against it: "right(1)", which the post's words keep
# as one word "right(1" (the bracket's close is its punctuation)
BRACKETED = re.compile(r"^([^\W\d_]+)\(([1-5])$")


def brackets_apart(words: list[Word]) -> list[Word]:
    """The post with a card typed in brackets against a word ("maze right(1) left(1)") written
    as the two words it is, as "right (1)" reads (TW-14's card with its tilt)."""
    out: list[Word] = []
    for word in words:
        glued = BRACKETED.match(word.text) if word.trail.startswith(")") else None
        out += [word._replace(text=glued.group(1), trail="("), word._replace(text=glued.group(2))] if glued else [word]
    return out


# Cards typed joined by dashes: "race 1-2-1" (any dash a phone or keyboard makes)
DASHED_CARDS = re.compile(r"^[1-5](?:[-–—][1-5])+$")


# After "first the 2", the card said next: "first the 2 and after the two 1s" (TW-5)
AFTER_NEXT = (("and", "after"), ("after",), ("and", "afterwards"), ("afterwards",))


def first_before(words: list[Word]) -> list[Word]:
    """The post with "first" said before its card ("first the 2, then the two 1s") written
    after it ("the 2 first, then ..."), as first_said reads an order (TW-5), and the next
    card's "(and) after" made "then" ("first the 2 and after the two 1s"). Only one "first",
    right before a card; anything else as written."""
    folded = [w.text.casefold() for w in words] + [""] * 3
    at = folded.index(FIRST) if folded.count(FIRST) == 1 else -1
    found = card_reference(folded, at + 1) or _digit(folded, at + 1) if at >= 0 else None
    if found is None or words[at].trail.strip():
        return words
    end = at + 1 + found[0]
    card = [*words[at + 1:end - 1], words[end - 1]._replace(trail=" ")]
    out = [*words[:at], *card, words[at]._replace(trail=words[end - 1].trail)]
    for said in AFTER_NEXT:
        if tuple(folded[end:end + len(said)]) == said and card_reference(folded, end + len(said)):
            return [*out, words[end]._replace(text=THEN), *words[end + len(said):]]
    return [*out, *words[end:]]


def dashed_cards(words: list[Word]) -> list[Word]:
    """The post with cards typed joined by dashes right after a module word ("race 1-2-1")
    written one by one, in that order (TW-5)."""
    out: list[Word] = []
    for index, word in enumerate(words):
        before = words[index - 1] if index else None
        if before is None or before.text.casefold() not in MODULE_NAMES or before.trail.strip() \
                or not DASHED_CARDS.match(word.text):
            out.append(word)
            continue
        cards = re.split(r"[-–—]", word.text)
        out += [word._replace(text=card, trail=word.trail if n == len(cards) - 1 else " ")
                for n, card in enumerate(cards)]
    return out


def cell_with_card(words: list[Word]) -> list[Word]:
    """The post with Path's cell written before its card ("flip D4 with a 1", "C3 using the 2")
    turned round as the card on the cell ("a 1 on D4"), which cards_in_words reads (TW-3). A cell
    listed with another before it ("D4 and D5 with two 1s": which card where?) stays as written."""
    folded = [w.text.casefold() for w in words]
    out, index = list[Word](), 0
    while index < len(words):
        said = folded[index + 2:] + [""]
        found = card_reference(said, 0) or ((1, None) if _value(said[0]) is not None and said[0].isdecimal() else None)
        listed = any(_CELL.match(word) for word in folded[max(index - 2, 0):index][-(1 + (index > 0 and folded[index - 1] in LIST_WORDS)):])
        if not (_CELL.match(folded[index]) and folded[index + 1:index + 2] and folded[index + 1] in WITH_WORDS
                and found is not None and not listed and not words[index].trail.strip()):
            out.append(words[index])
            index += 1
            continue
        card = words[index + 2:index + 2 + found[0]]
        trail = card[-1].trail
        out += [*card[:-1], card[-1]._replace(trail=words[index].trail), words[index + 1]._replace(text="on"),
                words[index]._replace(trail=trail)]
        index += 2 + found[0]
    return out


# TW-18 told to the opponent: "you can't go maze next turn" says what Block Move does to the
# module it names; read so only where the post names the item on its own ("Block move! ...")
BARRED_YOU = frozenset({"you", "u", "she", "he", "they"})   # the opponent, told to or told of
BARRED_NOT = frozenset({"can't", "cant", "cannot", "won't", "wont"})
BARRED_VERBS = frozenset({"go", "play", "use", "pick"})
BARRED_FILLERS = frozenset({"on", "to", "the", "into"})
BARRED_WHEN = (("next", "turn"), ("this", "turn"),
               *((*on, whose, "next", "turn") for on in ((), ("on",)) for whose in ("her", "his", "their", "your")))
BLOCK = "block"
BLOCK_NOW = ("this", "turn")   # "I block Clock this turn": the item used with the move (TW-18)


def lone_blocks(words: list[Word]) -> list[int]:
    """Where Block Move is named with no module after it in its sentence ("Block move! conker
    1 1 1"); "Block Move: conker" may name the module blocked, so only a sentence's end parts them."""
    folded = [w.text.casefold() for w in words] + [""]
    return [i for i, word in enumerate(folded[:-1])
            if word == BLOCK and (folded[i + 1] not in MODULE_NAMES or words[i].stop in (".", "\n"))]


def block_said_again(words: list[Word]) -> list[Word]:
    """The post without Block Move named on its own where the post also says "block clock"
    once ("race 1 + Block Move (block clock)", "Per the Block Move item, I block Clock"): the
    item and the module it blocks, said twice (TW-18), where the post negates nothing ("no
    Block Move. rope 1 block clock" is left to the reader); and without "this turn" said right after
    "block clock", the turn the item is used in, which says no more."""
    folded = [w.text.casefold() for w in words] + ["", "", ""]
    named = [i for i, word in enumerate(folded) if word == BLOCK and folded[i + 1] in MODULE_NAMES]
    lone = lone_blocks(words)
    negated = any(len(said) == 1 and kind == "negations" and said[0] in folded
                  for said, kind in post_words().hedges.items())   # "no block move this turn. rope 1 block clock"
    drop = set(lone) if len(named) == 1 and set(named).isdisjoint(lone) and not negated else set()
    for i in named:
        drop |= {i + 2, i + 3} if tuple(folded[i + 2:i + 4]) == BLOCK_NOW and not words[i + 1].stop else set()
    return [w if i + 1 not in drop or i + 2 in drop or i in drop else w._replace(trail=w.trail + words[i + 1].trail)
            for i, w in enumerate(words) if i not in drop]


def barred_span(folded: list[str], at: int, them: frozenset[str] = frozenset()) -> tuple[int, str] | None:
    """(words said, the module) for "you can't go (on) maze (next turn)" starting at `at`; the
    opponent may be named for "you" (`them`: "Maddie can't go Collation next turn")."""
    if folded[at] not in BARRED_YOU | them or folded[at + 1:at + 2] == [] or folded[at + 1] not in BARRED_NOT:
        return None
    index = at + 2
    if index >= len(folded) or folded[index] not in BARRED_VERBS:
        return None
    index += 1
    while index < len(folded) and folded[index] in BARRED_FILLERS:
        index += 1
    if index >= len(folded) or folded[index] not in MODULE_NAMES:
        return None
    module, index = folded[index], index + 1
    when = [len(said) for said in BARRED_WHEN if tuple(folded[index:index + len(said)]) == said]
    return index + (when[0] if when else 0) - at, module


def barred_blocks(words: list[Word], them: frozenset[str] = frozenset()) -> list[Word]:
    """The post with "you can't go maze (next turn)" made "block maze" where Block Move is named
    on its own in the post ("Block move! conker 1 1 1 and you can't go maze next turn", TW-18).
    Without the item named, a module barred to the opponent that the post names nowhere else
    is refused: a Block Move, or chatter? ("conker 1 1 1, you can't go conker" tells TW-4's bar.)
    `them`: the opponents' names, which say "you" ("Maddie can't go Collation next turn")."""
    folded = [w.text.casefold() for w in words]
    for at in range(len(words)):
        span = barred_span(folded, at, them)
        if span is None:
            continue
        said, module = span
        last = words[at + said - 1]
        if folded.count(module) > 1:
            return words   # "conker 1 1 1, you can't go conker": TW-4's bar, or a block? as written
        if lone_blocks(words):
            return [*words[:at], words[at]._replace(text=BLOCK, trail=" "),
                    last._replace(text=module), *words[at + said:]]
        return [*words, Word(module, module, last.end, last.end, f"says the opponent can't go {module}: "
                             f"for a Block Move, write 'block {module}'", " ")]
    return words


# "(first move, go easy on me)": "first" telling of the turn or game, never which card resolves first (TW-5)
FIRST_CHATTER = frozenset({"move", "turn", "game", "time", "round", "match"})


def first_chatter(words: list[Word]) -> list[Word]:
    """The post without "first" where it opens a sentence or line and the next word is the turn
    or game ("rope 1 1 1\n(first move, go easy on me)"): no card is said first there."""
    folded = [w.text.casefold() for w in words] + [""]
    return [w for i, w in enumerate(words)
            if not (folded[i] == FIRST and folded[i + 1] in FIRST_CHATTER and not w.trail.strip()
                    and (i == 0 or words[i - 1].stop or "(" in words[i - 1].trail))]


def module_sentence(words: list[Word]) -> list[Word]:
    """The post with Path or Maze said as a sentence of its own and its cards as the next
    ("Path. One card at C3, another at F6."; "Maze. One card up, another left.") joined as a
    colon joins them: the module announced, then its cards with their cells or tilts (TW-14,
    TW-15). Only where the post names no other module, and the next sentence opens with a card."""
    folded = [w.text.casefold() for w in words] + ["", "", ""]
    modules = [i for i, word in enumerate(folded) if word in MODULE_NAMES]
    if len(modules) != 1 or folded[modules[0]] not in PAIRED:
        return words
    at = modules[0]
    alone = words[at].stop in (".", "\n") and (at == 0 or bool(words[at - 1].stop))
    opens = card_reference(folded, at + 1) is not None or _value(folded[at + 1]) is not None
    if not (alone and opens):
        return words
    return [w._replace(trail=":") if i == at else w for i, w in enumerate(words)]


# "north again": a tilt said once more is one tilt, as "again" after it says no more (TW-14)
AGAIN = "again"


def tilt_again(words: list[Word]) -> list[Word]:
    """The post without "again" right after a Maze direction ("north, then east, then north
    again"): the word says the direction was said before, not another card."""
    folded = [w.text.casefold() for w in words]
    return [w if i + 1 == len(words) or folded[i + 1] != AGAIN or w.trail.strip() else w._replace(trail=words[i + 1].trail)
            for i, w in enumerate(words)
            if not (i and folded[i] == AGAIN and folded[i - 1] in DIRECTION_WORDS and not words[i - 1].trail.strip())]


# "path corners: a 1 on A1, a 1 on H8": a noun after Path right before its colon tells what
# its cards are laid on, never a card (TW-15)
PATH_HEADS = frozenset({"corners", "corner", "cells", "squares", "spaces", "spots", "tiles", "flips", "anchors"})


def path_heading(words: list[Word]) -> list[Word]:
    """The post without such a noun between "path" and the colon that opens its cards."""
    folded = [w.text.casefold() for w in words]
    return [w._replace(trail=words[i + 1].trail) if i + 1 < len(words) and folded[i] == "path" and folded[i + 1] in PATH_HEADS
            and ":" in words[i + 1].trail and not w.trail.strip() else w
            for i, w in enumerate(words)
            if not (i and folded[i] in PATH_HEADS and folded[i - 1] == "path" and ":" in w.trail
                    and not words[i - 1].trail.strip())]


def path_between(words: list[Word]) -> list[Word]:
    """The post with Path said between a cell and the card laid on it ("flip C3 on the path
    with one card") said before the cell ("path C3 with one card"), which cell_with_card reads
    (TW-15); only where nothing but words of placing stand between the cell and Path."""
    folded = [w.text.casefold() for w in words] + [""]
    for at, word in enumerate(folded):
        if word != "path" or folded[at + 1] not in WITH_WORDS:
            continue
        cell = at - 1
        while cell > 0 and folded[cell] in PLACE_WORDS and not words[cell].trail.strip():
            cell -= 1
        if cell == at - 1 or not _CELL.match(folded[cell]) or any(words[i].trail.strip() for i in range(cell, at)):
            continue
        return [*words[:cell], words[at]._replace(trail=" "), words[cell]._replace(trail=words[at].trail),
                *words[at + 1:]]
    return words


class TugOfWarNotation(Game[TWState]):
    """The typed notation of the match's ruleset: only the forms of its modules (v1 has Maze,
    v2 Path), read and written by the functions above."""

    modules: dict[str, Module]   # the ruleset's modules, made by TugOfWarRules

    notation = FORMS

    def forms(self) -> tuple[Form, ...]:
        """The forms of this ruleset's modules only (v1 has Maze, v2 Path)."""
        return forms_for(tuple(self.modules))

    def parse_move(self, text: str) -> dict[str, Any]:
        return parse(text, tuple(self.modules))

    def lexicon(self) -> Lexicon:
        """Modules, cards, options, directions, cells and Block Move as players write them."""
        return lexicon_for(tuple(self.modules), self.ruleset.items)

    def reword(self, s: TWState, player: str, words: list[Word]) -> list[Word]:
        """Cards named in words made the digits the notation reads, resolved against the
        mover's hand (cards_in_words): "put my 2 on the race" is race 2, "rope with all three of
        my 1s" rope 1 1 1; a group the hand does not make certain is refused."""
        hand = s.hands.get(player)
        if hand is None:
            return words
        words = bullets_dropped(slash_before_block(words))
        them = frozenset(name.casefold() for name in s.hands if name != player)
        words = first_before(dashed_cards(brackets_apart(block_said_again(barred_blocks(first_chatter(words), them)))))
        words = module_sentence(words)
        if "maze" in self.modules:
            words = tilts_alone(tilts_repeated(first_tilt(dash_dropped(maze_of_tilt(tilt_again(words))))), list(hand))
        if "path" in self.modules:
            words = cells_each(anchors_listed(anchors_then_path(path_named_after(cell_with_card(path_between(path_heading(without_cell_nouns(shapes_as_cards(words, shape_strengths(self.modules["path"].p.get("shapes") or {})))))))), list(hand)), list(hand))
        return count_or_card(cells_paired(without_declined_discard(cards_in_words(
            words, list(hand), lambda module, cards: self.order_matters(s, player, module, cards)))), list(hand))

    def order_matters(self, s: TWState, player: str, module: str, cards: list[int]) -> bool:
        """Would playing these cards on `module` in another order end the turn differently
        (TW-5: cards resolve one by one; a puddle, a push-back or a point mid-turn)? Each
        distinct order is played on a scratch copy of the position and the outcomes compared."""
        rules = cast(TugOfWarRules, self)   # the notation is a part of TugOfWar, whose rules play the turn
        seen: list[Any] = []
        for order in multiset_permutations(cards, len(cards)):
            move = {"module": module, "cards": list(order), **({"option": "A"} if module == "tower" else {})}
            scratch = rules._scratch(s, module)
            try:
                rules._resolve(scratch, player, move)
                outcome: Any = {**vars(scratch), "hands": {p: sorted(h) for p, h in scratch.hands.items()}}
            except Illegal as refused:
                outcome = refused.code
            except (KeyError, ValueError):   # a module the ruleset lacks, a card not in the hand
                return False   # the rules refuse the move whatever its order
            if seen and outcome != seen[0]:
                return True
            seen.append(outcome)
        return False

    def format_move(self, move: dict[str, Any]) -> str:
        return format_move(move)
