"""Typed Arrowbic Exercise moves: a placement as CELL ARROW in every spelling players use
(AX-2), or `retake` (AX-8); their canonical form and the words of moves in a post."""

from __future__ import annotations

import re
from functools import cached_property
from typing import Any

from adjudicator.errors import NotationError
from adjudicator.game import Form
from adjudicator.games.arrowbic.rules import ARROWS, ArrowbicRules, ArrowState
from adjudicator.lexicon import Lexicon, Word, item_phrases, post_words

# Typed arrow words and symbols (parse_move); the canonical word is the JSON value.
ARROW_WORDS = {"up": "up", "u": "up", "^": "up", "↑": "up",
               "down": "down", "d": "down", "v": "down", "↓": "down",
               "left": "left", "l": "left", "<": "left", "←": "left",
               "right": "right", "r": "right", ">": "right", "→": "right"}
# A cell named by its row and column in words ("row 3, column E", "column e row 3"): the cell
# E3 (AX-1: columns A–I left to right, rows 1–9 bottom to top).
ROW_WORDS = ("row",)
COLUMN_WORDS = ("column", "col")
# An arrow said by the board's edge it points to (AX-1: row 9 is the top, `up`): "with the
# arrow to the top" is up. Left and right are the arrow words themselves.
EDGES = {"top": "up", "bottom": "down"}
TOWARD = (("to", "the"), ("toward", "the"), ("towards", "the"), ("at", "the"))
# An arrow said by the edge line it points to ("pointing towards row 9", "toward column A"): the
# board's edge rows and columns only (AX-1: row 9 the top, column A the left); a middle line
# says a direction only from where the stone is, and is left as written.
TOWARD_LINE = ("to", "toward", "towards")
# An arrow said as an adverb or a compound ("pointing upwards", "an up-facing arrow"): the arrow.
ARROW_SUFFIXES = ("ward", "wards")
ARROW_COMPOUNDS = ("facing", "pointing")
# Verbs that say the arrow points somewhere ("C5 aimed up", "stone at C5, it points up"):
# the arrow word after them says it; they add nothing ("pointing", "facing" are glue already).
ARROW_VERBS = (("aimed",), ("aiming",), ("pointed",), ("points",), ("faces",), ("aimed", "at"),
               ("points", "to"), ("pointed", "to"), ("aimed", "to"),
               # the arrow as a labelled field ("Stone: C4, direction: right"), like "arrow: right"
               ("direction",), ("arrow", "direction"), ("facing", "direction"),
               # "G8 an arrow looking down": where it looks is where it points
               ("looking",), ("looks",), ("looking", "to"), ("looks", "to"))
# A bracketed aside between the cell and the arrow ("C5 (on your piece lol) pointing up") is
# left out when it holds nothing a move could use and no hedge or question, and an arrow word
# follows it, past these words only: the cell and the arrow are one placement (AX-2).
ARROW_LEADS = frozenset({"pointing", "facing", "aimed", "aiming", "pointed", "points", "faces", "arrow", "with",
                         "the", "its", "it", "an", "a", "and", "to", "at", "is", "-", ",", ":",
                         "direction", "looking", "looks"})
ASIDE_WORDS = 8   # the longest aside left out, in words
ASIDE_MARKS = (("(", ")"), ("[", "]"), (",", ","))   # what opens an aside after the cell, and closes it
DASHES = frozenset({"-", "–", "—"})
# "Maddie to place", "your turn to place" (the host's prompt, often quoted above the move): every
# move but Retake is a placement (AX-2), so "to place" names none and says nothing more.
TO_PLACE = (("to", "place"),)
# An arrow named with its noun ("an up-arrow on F5", "left arrow at C3"): the arrow (AX-2).
ARROW_NOUNS = ("arrow",)
# The verb of a placement as players say they are doing it ("Placing an up-arrow on F5"): `place`.
PLACING = (("placing",), ("i'm", "placing"), ("im", "placing"))
# "place my first stone at C4", "placing a piece on C4": every placement puts one stone (AX-2), so
# the stone named after the verb, with only these words before it, says nothing more.
STONE_NOUNS = frozenset({"stone", "piece", "disc", "disk", "token", "counter"})
STONE_LEADS = frozenset({"my", "a", "the", "one", "first", "1st", "second", "next", "another", "new", "opening"})
PLACE_VERBS = frozenset({"place", "placing"})
# "right" said of a place, not an arrow ("C5 up (right under my own guy)", "right next to it"):
# before these words it is left out (and a post whose only arrow it was is no placement).
RIGHT = "right"
# Not "at", "on", "in": "arrow east at F4", "pointing right on D4" name the arrow, then the cell.
RIGHT_PLACES = frozenset({"under", "above", "below", "beside", "next", "behind", "beneath", "underneath", "atop",
                          "against", "between"})
# A cell named with its noun ("square D3", "on cell E7"): the cell (AX-1); left out right before one.
CELL_NOUNS = frozenset({"square", "cell", "space", "spot", "tile", "field", "point"})
# Where a sentence ends: a later sentence naming only a stone already on the board ("C6 down. nice
# try with E5 btw") talks about that stone, never a placement (AX-2: a stone goes on an empty cell).
# A clause after a comma or in brackets ("C6 down (nice try with E5 btw)") likewise.
SENTENCE_ENDS = (".", "!", "\n", ";", ",", "(", ")")
NOTATION_HELP = ("Write a placement as CELL ARROW, e.g. 'E5 up', 'E5 ^', 'e5 u' or 'place E5 up' "
                 "(arrows: up/down/left/right, u/d/l/r, ^ v < >, ↑ ↓ ← →), or 'retake' to use Retake.")


class ArrowbicNotation(ArrowbicRules):
    """Typed moves, read and written."""

    notation = (
        Form("CELL ARROW", ("E5 up", "c3 <", "G4 l"), "place a stone; arrows up/down/left/right, u d l r, "
                                                      "^ v < >, ↑ ↓ ← → (AX-2)"),
        Form("retake", ("retake",), "use Retake (AX-8)"),
    )

    _ARROW_FIRST = re.compile(r"^(?:place\s+|p\s+)?(\S+)\s+([a-z])(\d{1,2})$")
    _PLACE = re.compile(r"^(?:place\s+|p\s+)?([a-z])\s*(\d{1,2})\s*[,:]?\s*(\S+)$")

    def parse_move(self, text: str) -> dict[str, Any]:
        joined = " ".join(text.strip().lower().split())
        if joined in ("retake", "use retake", "item retake", "call retake"):
            return {"item": {"use": "retake"}}
        match = self._PLACE.match(joined)
        if match and match.group(3) in ARROW_WORDS:
            return {"place": f"{match.group(1).upper()}{int(match.group(2))}", "arrow": ARROW_WORDS[match.group(3)]}
        match = self._ARROW_FIRST.match(joined)   # `left F4` (posted "arrow west at F4"); not `u D4`
        if match and match.group(1) in ARROWS:
            return {"place": f"{match.group(2).upper()}{int(match.group(3))}", "arrow": ARROW_WORDS[match.group(1)]}
        raise NotationError(f"'{text}' is not an Arrowbic Exercise move. {NOTATION_HELP}")

    def lexicon(self) -> Lexicon:
        """The words of Arrowbic moves: the board's cells, the arrows in every
        spelling the notation reads, compass words ("north" is up, toward row 9, AX-1), `place`
        and the Retake item by its name."""
        last = chr(ord("a") + self.size - 1)
        phrases = item_phrases(self.ruleset.items, {"retake": ("retake",)})
        phrases.update(post_words().compass_phrases({a: a for a in ARROWS}))
        phrases.update(self._lines_and_edges())
        phrases.update({said: () for said in ARROW_VERBS})
        phrases.update({said: () for said in TO_PLACE})
        phrases.update({said: ("place",) for said in PLACING})
        phrases.update({(f"{arrow}-{noun}",): (arrow,) for arrow in ARROWS for noun in ARROW_NOUNS})
        phrases.update({(arrow, noun): (arrow,) for arrow in ARROWS for noun in ARROW_NOUNS})
        return Lexicon(frozenset({*ARROW_WORDS, "retake", "place"}), (f"[a-{last}]\\d{{1,2}}",), phrases)

    def _lines_and_edges(self) -> dict[tuple[str, ...], tuple[str, ...]]:
        """The phrases of a cell by its row and column ("row 3 column e": `e3`) and of an arrow
        by the edge it points to ("to the top": `up`), for this board's size (AX-1)."""
        phrases: dict[tuple[str, ...], tuple[str, ...]] = {}
        for column in (chr(ord("a") + i) for i in range(self.size)):
            for row in map(str, range(1, self.size + 1)):
                for row_word in ROW_WORDS:
                    for column_word in COLUMN_WORDS:
                        phrases[(row_word, row, column_word, column)] = (f"{column}{row}",)
                        phrases[(column_word, column, row_word, row)] = (f"{column}{row}",)
                # the row written first ("5F", "3c"): one cell only, since rows are numbers and
                # columns letters (AX-1)
                phrases[(f"{row}{column}",)] = (f"{column}{row}",)
        phrases.update({(*toward, edge): (arrow,) for toward in TOWARD for edge, arrow in EDGES.items()})
        last_column, last_row = chr(ord("a") + self.size - 1), str(self.size)
        lines = {(ROW_WORDS[0], last_row): "up", (ROW_WORDS[0], "1"): "down",
                 **{(word, "a"): "left" for word in COLUMN_WORDS}, **{(word, last_column): "right" for word in COLUMN_WORDS}}
        phrases.update({(toward, *line): (arrow,) for toward in TOWARD_LINE for line, arrow in lines.items()})
        phrases.update({(f"{arrow}{suffix}",): (arrow,) for arrow in ARROWS for suffix in ARROW_SUFFIXES})
        phrases.update({(f"{arrow}-{verb}",): (arrow,) for arrow in ARROWS for verb in ARROW_COMPOUNDS})
        # the compass words the same ways ("a south-facing arrow", "pointing northwards")
        compass = {word: to for word, to in post_words().compass.items() if word.isalpha()}
        phrases.update({(f"{word}-{verb}",): (to,) for word, to in compass.items() for verb in ARROW_COMPOUNDS})
        phrases.update({(f"{word}{suffix}",): (to,) for word, to in compass.items() for suffix in ARROW_SUFFIXES})
        return phrases

    @cached_property
    def _words(self) -> Lexicon:
        """The lexicon, made once (the reword asks it for every post)."""
        return self.lexicon()

    def reword(self, s: ArrowState, player: str, words: list[Word]) -> list[Word]:
        """A bracketed aside after the cell, before its arrow ("I place at C5 (on your piece
        lol) pointing up"), left out where it holds no game word, number, hedge or question;
        otherwise the words as they are (and the reader refuses what it cannot read)."""
        lexicon = self._words
        words = self._stone_placed(self._right_of_places(self._cell_nouns(words)))
        words = self._taken_told(s, words, lexicon)
        for index, word in enumerate(words):
            if not lexicon.is_material(word.text.casefold()):
                continue
            aside = self._aside(words, index)
            if aside is None or not self._idle_aside(words[aside[0]:aside[1]], lexicon) \
                    or not self._arrow_follows(words, aside[2]):
                continue
            kept = word._replace(trail=" ")
            return [*words[:index], kept, *self.reword(s, player, words[aside[2]:])]
        return words

    @staticmethod
    def _stone_placed(words: list[Word]) -> list[Word]:
        """"place my first stone at C4": the stone after the verb (STONE_NOUNS, past STONE_LEADS
        only) left out, the verb kept: a placement puts one stone (AX-2)."""
        for index, word in enumerate(words):
            if word.text.casefold() not in PLACE_VERBS or word.trail.strip():
                continue
            at = index + 1
            while at < len(words) and words[at].text.casefold() in STONE_LEADS and not words[at].trail.strip():
                at += 1
            if at < len(words) and words[at].text.casefold() in STONE_NOUNS:
                kept = word._replace(trail=words[at].trail)
                return [*words[:index], kept, *words[at + 1:]]
        return words

    def _cell_nouns(self, words: list[Word]) -> list[Word]:
        """"square D3", "cell E7": a cell noun (CELL_NOUNS) right before a cell, left out."""
        shape = re.compile(f"[a-{chr(ord('a') + self.size - 1)}]\\d{{1,2}}")
        return [word for index, word in enumerate(words)
                if not (word.text.casefold() in CELL_NOUNS and not word.trail.strip() and index + 1 < len(words)
                        and shape.fullmatch(words[index + 1].text.casefold()))]

    def _taken_told(self, s: ArrowState, words: list[Word], lexicon: Lexicon) -> list[Word]:
        """A sentence whose only game words are cells stones already stand on, with no arrow,
        number, hedge or question ("nice try with E5 btw"), beside a sentence naming a cell and
        an arrow: talk of the board, left out (AX-2: no stone goes on a taken cell)."""
        sentences: list[list[Word]] = [[]]
        for word in words:
            sentences[-1].append(word)
            if any(end in word.trail for end in SENTENCE_ENDS):
                sentences.append([])
        if len(sentences) < 2:
            return words

        def names_taken(sentence: list[Word]) -> bool:
            cells = [w for w in sentence if w.text.upper() in self.board.by_name]
            rest = [w for w in sentence if w not in cells]
            return bool(cells) and bool(rest) and all(self.board.by_name[w.text.upper()] in s.stones for w in cells) \
                and self._idle_aside(rest, lexicon) and not any("?" in w.trail for w in sentence)

        def placement(sentence: list[Word]) -> bool:
            folded = {w.text.casefold() for w in sentence}
            return any(w.upper() in self.board.by_name for w in folded) and bool(folded & ARROW_WORDS.keys())

        told = [sentence for sentence in sentences if sentence and names_taken(sentence)]
        if not told or not any(placement(sentence) for sentence in sentences if sentence not in told):
            return words
        return [word for sentence in sentences if sentence not in told for word in sentence]

    @staticmethod
    def _right_of_places(words: list[Word]) -> list[Word]:
        """"(right under my own guy)": a "right" before a word of place (RIGHT_PLACES) says where,
        not the arrow; left out."""
        return [word for index, word in enumerate(words)
                if not (word.text.casefold() == RIGHT and not word.trail.strip() and index + 1 < len(words)
                        and words[index + 1].text.casefold() in RIGHT_PLACES)]

    @staticmethod
    def _aside(words: list[Word], index: int) -> tuple[int, int, int] | None:
        """(first, end, next) of an aside opened right after the word at `index`: in brackets
        ("C5 (lol) up", "C5 [lol] up"), between commas ("C5, on your piece, up") or dashes
        ("C5 - lol - up"); None where none is, or it runs past ASIDE_WORDS."""
        trail = words[index].trail
        last = min(index + 1 + ASIDE_WORDS, len(words))
        for opening, closing in ASIDE_MARKS:
            if opening in trail:
                close = next((at for at in range(index + 1, last) if closing in words[at].trail), None)
                return None if close is None else (index + 1, close + 1, close + 1)
        if index + 1 < len(words) and words[index + 1].text in DASHES:
            close = next((at for at in range(index + 2, last + 1) if at < len(words) and words[at].text in DASHES), None)
            return None if close is None else (index + 2, close, close + 1)
        return None

    @staticmethod
    def _idle_aside(aside: list[Word], lexicon: Lexicon) -> bool:
        """Does the aside hold nothing a move could use (no game word, number), no hedge
        ("or", "no wait", "not sure") and no question?"""
        around = post_words()
        folded = [w.text.casefold() for w in aside]
        if any(lexicon.is_material(w) or any(ch.isdigit() for ch in w) for w in folded):
            return False
        if any("?" in w.trail for w in aside):
            return False
        return not any(tuple(folded[at:at + size]) in around.hedges
                       for at in range(len(folded)) for size in range(1, around.longest_hedge + 1))

    @staticmethod
    def _arrow_follows(words: list[Word], index: int) -> bool:
        """Is the next word past ARROW_LEADS an arrow word (the placement's arrow)?"""
        while index < len(words) and words[index].text.casefold() in ARROW_LEADS:
            index += 1
        return index < len(words) and words[index].text.casefold() in ARROW_WORDS

    def format_move(self, move: dict[str, Any]) -> str:
        if "item" in move:
            item: str = move["item"]["use"]
            return item
        return f"{move['place']} {move['arrow']}"
