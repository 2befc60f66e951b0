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
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import zip_longest
from typing import Any

from adjudicator.game import Form, Game
from adjudicator.errors import NotationError
from adjudicator.lexicon import Lexicon, item_phrases, post_words
from adjudicator.games.tug_of_war.modules import Module
from adjudicator.games.tug_of_war.rules import TWState

MODULE_NAMES = ("rope", "race", "collation", "clock", "maze", "path", "conker", "tower")
DIRECTION_WORDS = {"up": "up", "u": "up", "down": "down", "d": "down", "left": "left", "l": "left",
                   "right": "right", "r": "right"}

EXAMPLES = ("rope 2 1", "tower 3 B", "maze 1 up 1 left", "path 2@C4 1@E5", "discard 1 1",
            "race 3 discard 1", "race 2 block collation")

CELL = r"[a-z]\d{1,2}"                          # a Path anchor cell (columns A–H, rows 1–8), as typed
ANCHOR = rf"\d+@{CELL}"                          # a card and its cell: 2@c4
_ANCHOR = re.compile(rf"^(\d+)@({CELL})$")
_CELL = re.compile(rf"^{CELL}$")


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


NOTATION = notation_for()

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


# What in a post is Tug of War move material (issue 23; adjudicator.reading): the notation's
# words, the item keyword each item of the ruleset is written with, and by module what it adds.
KEYWORDS = ("discard", "block")
ITEM_KEYWORDS = {"block-move": ("block",)}     # TW-18: "Block Move", "block-move" → block


def lexicon_for(modules: Sequence[str], items: dict[str, Any]) -> Lexicon:
    """The words of this ruleset's moves: every module name (any is read, the rules say which
    the ruleset has), discards and Block Move, and by module: Tower's options A/B/C, Maze's
    directions (and compass words, "north" → up), Path's cells and CARD@CELL anchors."""
    words = {*MODULE_NAMES, *KEYWORDS}
    shapes = [ANCHOR]
    phrases = item_phrases(items, ITEM_KEYWORDS)
    if "block-move" in items:
        # TW-18 in words: "blocking race"; not "blocked", which tells of a bar (TW-4)
        phrases.update({(verb,): ("block",) for verb in ("blocking", "blocks")})
    if "tower" in modules:
        words |= {"a", "b", "c"}
    if "maze" in modules:
        words |= set(DIRECTION_WORDS)
        phrases.update(post_words().compass_phrases({d: d for d in DIRECTION_WORDS.values()}))
    if "path" in modules:
        shapes.append(CELL)
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
            move["cards"].append(int(w))
        elif module == "path" and w in ("at", "on", "@") and i + 1 < len(rest) and _CELL.match(rest[i + 1]) \
                and move["cards"] and len(move.get("anchors", [])) == len(move["cards"]) - 1:
            move.setdefault("anchors", []).append(rest[i + 1].upper())   # `path 1 at C4` (issue 23); not `1 b4`
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
            parts = [f"{c}@{a.upper()}" for c, a in zip(cards, anchors)]
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

    def format_move(self, move: dict[str, Any]) -> str:
        return format_move(move)
