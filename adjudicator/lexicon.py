"""The words of a game's moves, and the words players write around them, as data.

A post is read by adjudicator.reading, which knows no game and no English. It decides from
two kinds of data:

- each game's `Lexicon` (Game.lexicon): which words and shapes of words are move material
  (modules, cells, tracks, troops, item keywords; numbers always are), which phrases players
  write for notation words ("block move" → `block`, "north" → `up`, "advantage" → `buff`),
  and which notation words open an item clause that may be written before the move;
- `posts.yaml` beside this module: the English around moves (words that join the parts of a
  move, one-letter words, corrections, alternatives and negations, ordinals and counts).

`Word` is one word of a post as the reader and a game's `reword` hook pass it along: the text
the notation reads, where it came from in the post, and, for a reference that names nothing
now ("the 3" when no die shows 3), why it cannot be read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

Phrase = tuple[str, ...]
# What the reader (adjudicator.reading) makes of a picture (an emoji): a word of its own that no
# game reads, so it ends a run of game words ("reroll 1 😅 2" is not reroll 1 2). And what opens a
# quoted line (`> …`), after its picture: someone's earlier post, which a reply may set aside.
# Here, not in the reader, so that a game's reword may know them without importing the reader.
PICTURE = "\u2063"
QUOTED = "\u2064"
PLURAL_NUMBER = re.compile(r"\d+'?s")   # "1s", "6's": every card or die of that value, in any game


class Word(NamedTuple):
    """One word of a post: `text` as the notation reads it; `said`, the words of the post it
    stands for; `start`/`end`, their positions among the post's words; `problem`, set when the
    words name nothing the move can use (the reader refuses with it); `trail`, the punctuation
    after it as typed ("\n" for a line's end)."""

    text: str
    said: str
    start: int
    end: int
    problem: str | None = None
    trail: str = ""

    @property
    def comma(self) -> bool:
        """A comma or semicolon follows it: a list goes on, or a new part starts."""
        return "," in self.trail or ";" in self.trail

    @property
    def stop(self) -> str:
        """What ends a sentence after it: "?", "." (also ! …), "\n" (a line's end), or ""."""
        trail = self.trail
        return "?" if "?" in trail else "." if any(ch in trail for ch in ".!…") else "\n" if "\n" in trail else ""


@dataclass(frozen=True)
class Lexicon:
    """What counts as move material in a game's posts, as data.

    `words`: case-folded words of the notation and of the match's data (modules, tracks,
    switches, destinations, locations, item keywords, directions). `shapes`: regular
    expressions a whole case-folded word may match to be material (cells `e5`, troops `3/5`,
    assignments `c=3/5`, anchors `2@c4`). Numbers are always material (`³` too: a number
    that no move reads is refused, never dropped). `phrases`: what
    players write (case-folded words) for notation words; an empty replacement drops the
    phrase (`+1` where the Advantage is always +1). `clause_heads`: notation words that open an
    item clause players often write before the move ("Block Move on clock; tower 1 B")."""

    words: frozenset[str] = frozenset()
    shapes: tuple[str, ...] = ()
    phrases: Mapping[Phrase, Phrase] = field(default_factory=dict)
    clause_heads: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        object.__setattr__(self, "_shape", re.compile("|".join(f"(?:{s})" for s in self.shapes))
                           if self.shapes else None)

    def is_material(self, word: str) -> bool:
        """Is this case-folded word one a move of the game could be made of?"""
        if word.isnumeric() or word in self.words or PLURAL_NUMBER.fullmatch(word):   # `³`, `½`, `1s` too:
            return True                                                               # never dropped as chatter
        shape = self.__dict__["_shape"]
        return bool(shape is not None and shape.fullmatch(word))


def words_of_forms(forms: Iterable[Any]) -> Lexicon:
    """A lexicon from a notation's forms alone (game.Form): every word of every example that
    is not a number. Enough for a game that declares nothing more (a plug-in game)."""
    words: set[str] = set()
    for form in forms:
        for example in form.examples:
            for word in example.casefold().replace(",", " ").split():
                if not word.isdecimal():
                    words.add(word.strip(":"))
    return Lexicon(frozenset(w for w in words if w))


def item_phrases(items: Mapping[str, Any], keywords: Mapping[str, Phrase]) -> dict[Phrase, Phrase]:
    """Phrases for each item the ruleset lists that the notation has a keyword for: its name
    ("Block Move") and its id ("block-move", "block move") say the keyword (`block`)."""
    phrases: dict[Phrase, Phrase] = {}
    for item_id, keyword in keywords.items():
        if item_id in items:
            phrases.update({said: keyword for said in item_said(item_id, items[item_id]) if said != keyword})
    return phrases


def item_said(item_id: str, spec: Any) -> set[Phrase]:
    """How a post names an item, as case-folded words: its id ("block-move", "block move") and
    its name in the ruleset ("Block Move")."""
    name = spec.get("name") if isinstance(spec, dict) else None
    return {tuple(said.casefold().split()) for said in (item_id, item_id.replace("-", " "), str(name or ""))
            if said.split()}


# --- The words around moves: posts.yaml -----------------------------------------------------

@dataclass(frozen=True)
class PostWords:
    """posts.yaml, read once: see its comments for what each list is for."""

    glue: frozenset[str]
    soft: frozenset[str]
    pronouns: frozenset[str]
    articles: frozenset[str]              # "a": before a number, in lower case, English
    places: frozenset[str]                # "at", "on": after one, I is the game's letter
    never_before_pronoun: frozenset[str]  # "from", "of": after one, a capital I is the game's letter
    hedges: Mapping[Phrase, str]          # phrase → corrections | alternatives | later | negations | deferrals
    longest_hedge: int                    # words in the longest hedge phrase
    not_hedges: frozenset[Phrase]         # phrases holding a hedge's word that hedge nothing ("sorry for the wait")
    impossible: frozenset[Phrase]         # negations saying what cannot be done: never a correction
    negation_echoes: frozenset[str]       # "either" closing a negated clause: no alternative
    ordinals: Mapping[str, int]
    counts: Mapping[str, int]
    every: frozenset[str]
    exceptions: frozenset[Phrase]
    value_markers: frozenset[str]
    own: frozenset[str]
    others: frozenset[str]                # "your", "her": what follows is another player's
    die_words: frozenset[str]
    compass: Mapping[str, str]
    questions: frozenset[Phrase]
    units: frozenset[str]
    aside_units: frozenset[str]           # of units, those counting time or what a player has
    repeats: frozenset[str]
    not_slips: frozenset[str]             # English words one inner letter short of a game word ("pace")
    emoticons: frozenset[str]
    salt_markers: frozenset[str]          # "salt: WORD" gives the author's salt (G-8)

    def compass_phrases(self, directions: Mapping[str, str]) -> dict[Phrase, Phrase]:
        """Compass words as a game's direction words (`directions`: the game's word for each of
        up/down/left/right): "north" → up."""
        return {(word,): (directions[to],) for word, to in self.compass.items() if to in directions}


@lru_cache(maxsize=1)
def post_words() -> PostWords:
    """The words players write around moves (adjudicator/posts.yaml). PyYAML is imported here,
    not with the module: `board` and `check` read no post and need neither it nor this file.
    libyaml's safe loader, where PyYAML has it, reads the file in a tenth of the pure-Python
    one's time (~25 ms of every `move`'s start-up), to the same data."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    data = yaml.load((Path(__file__).parent / "posts.yaml").read_text(encoding="utf-8"), Loader=loader)  # noqa: S506

    def folded(values: Iterable[Any]) -> frozenset[str]:
        return frozenset(word(v).casefold() for v in values)

    def word(value: Any) -> str:
        if not isinstance(value, str):   # YAML reads on/no/yes/off as true or false: quote them
            raise ValueError(f"posts.yaml: {value!r} is not a word; quote it")
        return value

    hedges = {tuple(word(p).casefold().split()): kind for kind, phrases in data["hedges"].items() for p in phrases}
    return PostWords(glue=folded(data["glue"]), soft=folded(data["soft"]), pronouns=folded(data["pronouns"]),
                     articles=folded(data["articles"]),
                     places=folded(data["places"]), never_before_pronoun=folded(data["never_before_pronoun"]),
                     hedges=hedges, longest_hedge=max((len(p) for p in hedges), default=1),
                     not_hedges=frozenset(tuple(word(p).casefold().split()) for p in data["not_hedges"]),
                     impossible=frozenset(tuple(word(p).casefold().split()) for p in data["impossible"]),
                     negation_echoes=folded(data["negation_echoes"]),
                     ordinals={str(k).casefold(): int(v) for k, v in data["ordinals"].items()},
                     counts={str(k).casefold(): int(v) for k, v in data["counts"].items()},
                     every=folded(data["every"]),
                     exceptions=frozenset(tuple(word(p).casefold().split()) for p in data["exceptions"]),
                     value_markers=folded(data["value_markers"]), own=folded(data["own"]),
                     others=folded(data["others"]),
                     die_words=folded(data["die_words"]),
                     compass={str(k).casefold(): str(v) for k, v in data["compass"].items()},
                     questions=frozenset(tuple(word(p).casefold().split()) for p in data["questions"]),
                     units=folded(data["units"]), aside_units=folded(data["aside_units"]),
                     repeats=folded(data["repeats"]), not_slips=folded(data["not_slips"]),
                     emoticons=frozenset(word(e) for e in data["emoticons"]),
                     salt_markers=folded(data["salt_markers"]))
