"""Reading a move as a player posted it: the move its writer meant, or a refusal.

Hosts copy posts from forums, Discord and phones: `I'll play rope 2 1 please`, `**E5 ⬆️**`,
`rope 1 1 + block move on race`, `E5 up... no wait, left`. This module is game-agnostic and
holds no English: it decides from the game's lexicon (Game.lexicon: which words are move
material, which phrases stand for notation words) and from posts.yaml (the words players write
around moves). It folds what phones and chat apps produce into plain words (arrow emoji and
`:arrow_up:` to up/down/left/right, keycaps to digits, `#1` to 1), strips quotes, markup and
punctuation at the edges of words, and asks the game's own `parse_move`:

1. the post as typed (every move typed before reads exactly as before);
2. the post as words, whole (phrases replaced: "Block Move" → block, "north" → up);
3. runs of game words, read past the glue between them ("maze 1 up then 1 left"), with an item
   clause written first moved to where the notation has it ("Block Move on clock; tower 1 B").

Then it decides:

- one distinct move (compared in canonical form, `format_move` after `complete_move`) that
  uses every game word of the post: it. The same move said twice is one move;
- none: refused, naming the closest readable move (a legal move now, else a notation example);
- two different moves: refused, quoting both;
- one move, but game words left over (`rope 1 1, 3`; an item named where it cannot join the
  move): refused, naming them. After a correction or an alternative ("no wait", "or") they
  are refused as a second reading, and both readings are quoted.

Nothing that could be part of a move is dropped: that is the promise a host relies on.

The work is bounded: a post of more than MAX_POST characters is refused before any game
reads it (a 1 MB paste never hangs), and posts of at most MAX_WORDS words are searched in runs
of at most MAX_RUN game words. Digits are not folded (`²` is no 2): a move's numbers are as
typed.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import islice
from typing import Any

from adjudicator.errors import NotationError
from adjudicator.game import Form, Game
from adjudicator.lexicon import PICTURE, QUOTED, Lexicon, Phrase, Word, post_words

MAX_POST = 3000      # characters of a post searched for a move
MAX_WORDS = 400      # words of a post searched for a move
MAX_RUN = 40         # words in one run tried as a move: a full Track Trouble submission has about 30
MAX_LEGAL = 3000     # legal moves compared for the closest one
QUOTE_CUT = 60       # characters of a post quoted in a message
PARTS = re.compile(r"[.\n()\[\]]")   # what may split a post typed as one move into sentences, lines or asides

# What phones and Discord send for arrows, as the words every notation with arrows reads. The
# plain arrows ↑ → ↓ ← stay: games read them as they are (Arrowbic's arrows, the dice game's
# `trade 3 → 2`).
ARROW_FOLDS = {"⬆": "up", "⬇": "down", "⬅": "left", "➡": "right", "▶": "right", "◀": "left", "🔼": "up",
               "🔽": "down", "👆": "up", "👇": "down", "👈": "left", "👉": "right"}   # and play buttons, hands
SHORTCODES = re.compile(r":arrow_(up|down|left|right):", re.IGNORECASE)
KEYCAP = re.compile("([0-9#*])\ufe0f?\u20e3")
INVISIBLE = re.compile("[\ufe0e\ufe0f\u200b-\u200d\u2060\ufeff]|\U0001f3fb|\U0001f3fc|\U0001f3fd|\U0001f3fe|\U0001f3ff")
STRUCK = re.compile(r"~~.+?~~", re.DOTALL)          # struck out: the player took it back
QUOTE_LINE = re.compile(r"^[ \t]*(?:>[ \t]?)+(.*)$", re.MULTILINE)   # `> ` quote markers, not the arrow `>`
WORD = re.compile(r"\S+")
# Faces typed with letters beyond posts.yaml's list: ":L", ";D", "=P", ":-3"; and a letter with a
# colon ending the post ("D:"), which no move ends with ("C: 3/5" goes on).
EMOTICON = re.compile(r"[:;=][-'^]?[A-Za-z0-9()\[\]/\\|<>*@#$]")
TRAILING_FACE = re.compile(r"(?<!\S)[A-Za-z]:\s*\Z")
# Apostrophes as phones type them ("don’t"): one apostrophe, so "don’t" is the negation "don't".
APOSTROPHES = "’‘ʼ′"
# Stripped from the edges of a word: quotes, emphasis and spoiler marks, sentence punctuation.
EDGES = "\"'`‘’‚“”„«»‹›*_|~.,;:!?()[]{}…—–"


@dataclass(frozen=True)
class Reading:
    """A move read from a post: the move as parsed, the words it was read from, and whether
    it was read from the post exactly as typed (`exact`) or past chatter, markup or emoji."""

    move: dict[str, Any]
    words: str
    exact: bool


# What a word of a post is to the reader (classify): move material the reading must use
# (STRONG), a one-letter word that may be material (SOFT, posts.yaml `soft`), a word that
# joins the parts of a move (GLUE), a correction, alternative or negation (HEDGE), or other
# chatter. HEDGE and CHATTER end the run of words a move is read from.
STRONG, SOFT, GLUE, HEDGE, CHATTER = "strong", "soft", "glue", "hedge", "chatter"
QUANTITY = "quantity"   # a number that counts something else ("1 minute"): never read, never dropped
SUSPECT = "suspect"     # a one-letter word between the move and chatter ("E5 v risky"): never read, never dropped
UNREAD = (HEDGE, CHATTER, QUANTITY, SUSPECT)   # what ends a run of game words
REPEAT = re.compile(r"(?:x|×)\d+|\d+(?:x|×)")   # "x2", "2x": no notation writes them


@dataclass(frozen=True)
class Found:
    """A move read from some words of the post: the words as read, the move, its canonical
    form, and the positions of the post's words it used."""

    said: str
    move: dict[str, Any]
    key: str
    used: frozenset[int]


Complete = Callable[[dict[str, Any]], dict[str, Any]]
Valid = Callable[[dict[str, Any]], bool]
Reword = Callable[[list[Word]], list[Word]]


def fold(text: str) -> str:
    """The post with emoji, shortcodes, markup and quote markers turned into plain words. A
    quoted line (`> …`, the opponent's post or one's own) is set off by pictures at both ends,
    so it is never read together with the lines around it; emoticons (`:D`) are pictures."""
    text = STRUCK.sub(" ", text)
    text = QUOTE_LINE.sub(lambda m: f" {PICTURE} {QUOTED} {m.group(1)} {PICTURE}", text)
    text = KEYCAP.sub(r"\1", text)
    text = SHORTCODES.sub(lambda m: f" {m.group(1).lower()} ", text)
    emoticons = post_words().emoticons
    glue = post_words().glue   # "=>" joins a troop to its location; no face
    text = WORD.sub(lambda m: PICTURE if m.group(0) in emoticons or (EMOTICON.fullmatch(m.group(0))
                                                                     and m.group(0) not in glue) else m.group(0), text)
    text = TRAILING_FACE.sub(PICTURE, text)   # "E5 D:" ends in a face, not in down
    text = INVISIBLE.sub("", text)
    text = "".join("" if unicodedata.category(ch) == "Cf" and ch not in (PICTURE, QUOTED) else "'" if ch in APOSTROPHES else ch
                   for ch in text)   # soft hyphens, direction marks: "don\u00adt" is "dont"
    text = "".join(f" {ARROW_FOLDS[ch]} " if ch in ARROW_FOLDS else ch for ch in text)
    return "".join(f" {PICTURE} " if unicodedata.category(ch) in ("So", "Cs", "Co", "Cn") else ch for ch in text)


def marked_tokens(text: str) -> list[tuple[str, str]]:
    """The post's words, with quotes, markup and punctuation stripped from their edges, each with
    the punctuation after it (a line's end is "\n"); `#1` is the number 1 (players number dice
    and posts that way)."""
    out: list[tuple[str, str]] = []
    for line in fold(text).split("\n"):
        start = len(out)
        for raw in line.split():
            word = raw.strip(EDGES)
            if not word:
                if len(out) > start:
                    out[-1] = (out[-1][0], out[-1][1] + raw)
                continue
            lead = raw[:len(raw) - len(raw.lstrip(EDGES))]
            if lead and len(out) > start:   # "E5 (v risky)": the bracket parts E5 from what follows
                out[-1] = (out[-1][0], out[-1][1] + lead)
            trail = raw[len(raw.rstrip(EDGES)):]
            out.append((word[1:] if word[:1] == "#" and word[1:].isdecimal() else word, trail))
        if len(out) > start:
            out[-1] = (out[-1][0], out[-1][1] + "\n")
    return out


def is_weak(word: str) -> bool:
    """A single character or a bare number: too common in chatter ('a', 'I', '2 of them') to
    be taken as a move among other words. As the whole post it is still read."""
    return len(word) < 2 or word.isdecimal()


def try_parse(game: Game[Any], text: str) -> dict[str, Any] | None:
    """The game's own reading of `text`, or None. Runs cut from a post are text nobody typed
    as a move, so any refusal of the game's parser means "not a move"."""
    try:
        move = game.parse_move(text)
    except Exception:  # noqa: BLE001 — a run of chatter may trip any parser; it is just not a move
        return None
    return move if isinstance(move, dict) else None


def read_post(game: Game[Any], text: str, *, complete: Complete = lambda m: m, valid: Valid = lambda m: True,
              legal: Callable[[], Iterable[dict[str, Any]]] | None = None, reword: Reword = lambda w: w,
              items: Callable[[], frozenset[Phrase]] = frozenset, lawful: Callable[[dict[str, Any]], bool] = lambda m: True,
              ruleset: str = "", name: str = "") -> Reading:
    """The one move in a post, or NotationError naming the file (`name`) and why.

    `complete` fills in what the match says (the turn, the round), so two spellings of one
    move compare equal; `valid` (the move schema) drops runs that parse to no possible move;
    `legal` lists the legal moves now, for the closest one named in a refusal; `reword` is the
    game's reading of references only the position can resolve (Game.reword); `items`, the names
    of every game's items, so that an item this game's moves cannot take is refused, not dropped;
    `lawful`, whether the rules take a move now: a move read across a sentence end that they
    refuse gives way to one within the sentence that they take ("clock 1 1 2. (1 1 2)")."""
    if len(text) > MAX_POST:   # no move is this long: refuse before any game reads it
        raise NotationError(f"{name}: the post is {len(text):,} characters; a move is read from posts of at most "
                            f"{MAX_POST:,} characters: give the part with the move.")
    error: NotationError | None = None
    try:
        typed = Reading(game.parse_move(text), text, True)   # as typed: every move read before reads the same
    except NotationError as exc:
        typed, error = None, exc
    for_the_rules = typed is not None and usable(typed.move, complete, valid)   # not for the schema to refuse
    if typed is not None and for_the_rules:
        if listed_two_ways(game, text) or "?" in text or has_slip(game, text):
            typed = None   # "rope 1 1, 3": the 3 may start something else; read as a post, or refused
        elif (not PARTS.search(text.strip()) or lawful(typed.move)) and game.is_plausible(typed.move):
            return typed
        # "clock 1 1 2\n1 1 2", typed in two parts, is no move the rules take; "6 to track 2 pls"
        # boards tracks 'track' and 'pls' (Game.is_plausible): read as a post first, and only if
        # that finds no move, as typed, for the rules to judge
    # The post as typed is no move, or one the schema refuses (`1 T2.` boards a track 'T2.'):
    # read it as a post. When that finds no one move either, a move the game read as typed is
    # still returned, for the schema to say precisely what is wrong with it.
    try:
        return search(game, text, Context(complete, valid, legal, reword, ruleset or game.name, name, items, lawful),
                      error)
    except NotationError:
        if typed is not None and (not for_the_rules or game.is_plausible(typed.move)
                                  or not names_english(game, typed.move)):
            return typed   # for the schema or the rules to say what is wrong with it ("1 T9": no such track)
        raise   # "2 pls" is no boarding of a track 'pls': unread (exit 2), never the rules' refusal


@dataclass(frozen=True)
class Context:
    """What the match lends the reading of one post (see read_post)."""

    complete: Complete
    valid: Valid
    legal: Callable[[], Iterable[dict[str, Any]]] | None
    reword: Reword
    ruleset: str
    name: str
    items: Callable[[], frozenset[Phrase]] = frozenset   # every item name of every game, asked only here
    lawful: Callable[[dict[str, Any]], bool] = lambda move: True   # do the rules take the move now?
    memo: dict[str, Any] = field(default_factory=dict, compare=False)   # what is worked out once per post


def legal_of(game: Game[Any], ctx: Context) -> list[str]:
    """The legal moves now as the game writes them (legal_texts), listed once per post."""
    if "legal" not in ctx.memo:
        ctx.memo["legal"] = legal_texts(game, ctx.legal)
    legal: list[str] = ctx.memo["legal"]
    return legal


def listed_two_ways(game: Game[Any], text: str) -> bool:
    """Must the post as typed be read as a post, not as the move it parses to? When it lists
    numbers two ways ("rope 1 1, 3" is not rope 1 1 3) or holds a picture ("F6 :D")."""
    if PICTURE in fold(text).split():   # "F6 :D": the emoticon is no arrow
        return True
    if "," not in text and ";" not in text:
        return False
    words = post_as_words(game, text, lambda w: w)
    kinds = classify(game, words)
    return mixed_lists(words, kinds, list(range(len(words))))


def has_slip(game: Game[Any], text: str) -> bool:
    """Does the post hold a game word mistyped as fingers slip (meant_word)? The game's parser may
    take it for a name ("switch pruple"): it is read as the word meant instead."""
    lexicon = game_lexicon(game)
    return any(meant_word(lexicon, word) for word, _ in marked_tokens(text))


def usable(move: dict[str, Any], complete: Complete, valid: Valid) -> bool:
    """Does the move pass the move schema once the match filled it in?"""
    try:
        return valid(complete(move))
    except Exception:  # noqa: BLE001 — the caller's checks will say what is wrong with it
        return False


# --- The post as words --------------------------------------------------------------------

def post_as_words(game: Game[Any], text: str, reword: Reword, items: frozenset[Phrase] = frozenset()) -> list[Word]:
    """The post's words, with the phrases players write for notation words replaced by them
    (the game's lexicon: "block move" → block, "north" → up) and the position's references
    resolved by the game (Game.reword)."""
    marked = marked_tokens(text)
    typed = [word for word, _ in marked]
    lexicon = game_lexicon(game)
    raw = [meant_word(lexicon, word) or word for word in typed]   # "rigth" is right
    phrases = lexicon.phrases
    longest = max((len(p) for p in (*phrases, *items)), default=0)
    words: list[Word] = []
    index = 0
    while index < len(raw):
        for size in range(min(longest, len(raw) - index), 0, -1):
            said = tuple(word.casefold() for word in raw[index:index + size])
            if said in phrases:
                trail = marked[index + size - 1][1]
                words.extend(Word(notation, " ".join(typed[index:index + size]), index, index + size, trail=trail)
                             for notation in phrases[said])
                index += size
                break
            if said in items and not lexicon.is_material(said[0]):   # "rope 1 1 + extra miner"
                shown = " ".join(typed[index:index + size])
                words.append(Word(shown, shown, index, index + size, "is an item no move of this match can use; "
                                                                    "give the move alone."))
                index += size
                break
        else:
            words.append(Word(raw[index], typed[index], index, index + 1, trail=marked[index][1]))
            index += 1
    return reword(words)


def game_lexicon(game: Game[Any]) -> Lexicon:
    """The game's lexicon, made once per game object (a match reads many posts)."""
    made = game.__dict__.get("_reading_lexicon")
    if made is None:
        made = game.__dict__["_reading_lexicon"] = game.lexicon()
    return made


def meant_word(lexicon: Lexicon, typed: str) -> str | None:
    """The game word a word of the post is, mistyped the way fingers slip (two letters swapped,
    `rigth`; a double letter typed once or a letter twice, `atack`, `colation`, `upp`), when it is
    exactly one game word's slip and no word players write around moves (posts.yaml); else None.
    Dropped as chatter, it could change the move ("maze 2 rigth" is not "maze 2"): read as meant,
    the host sees it echoed (`read "maze 2 rigth" as: maze 2 right`)."""
    folded = typed.casefold()
    if not folded.isalpha() or len(folded) < 3 or lexicon.is_material(folded) or folded in known_words():
        return None
    held = held_down(folded, lexicon)
    if held is not None:
        return held
    meant = [word for word in sorted(lexicon.words) if word.isalpha() and len(word) >= 2 and slipped(folded, word)]
    return meant[0] if len(meant) == 1 else None


HELD_DOWN = re.compile(r"([a-z])\1{2,}")   # a letter three times or more: a key held down ("conkerrr", "upppp")
MAX_HELD = 4   # runs of a held key in one word that are tried


def held_down(folded: str, lexicon: Lexicon) -> str | None:
    """The one game word a word is with a key held down ("conkerrr" conker, "leftttt" left): each
    run of three or more of a letter typed once or twice; None when no such run, or when the
    runs make no game word of two letters or more, or two ("sooo" is no word of any game; "uuu"
    is never `u`, up)."""
    if not HELD_DOWN.search(folded):
        return None
    runs = HELD_DOWN.split(folded)
    if len(runs) > 2 * MAX_HELD + 1:
        return None   # "aaabbbccc…": no game word, and its spellings grow as 2 to the runs
    options = {""}
    for index, part in enumerate(runs):
        if index % 2 == 0:
            options = {done + part for done in options}
        else:   # the letter of a run: once or twice
            options = {done + part * times for done in options for times in (1, 2)}
    meant = sorted(word for word in options if word in lexicon.words and word.isalpha() and len(word) >= 2)
    return meant[0] if len(meant) == 1 else None


def names_english(game: Game[Any], move: dict[str, Any]) -> bool:
    """Does the move, as the game writes it, name a word players write around moves (posts.yaml:
    "pls", "and"), as a notation that takes any word for a name does ("2 pls": a track 'pls')?"""
    try:
        written = tokens(game.format_move(move))
    except Exception:  # noqa: BLE001 — a move the game cannot write names nothing
        return False
    lexicon = game_lexicon(game)
    return any(word in known_words() and not lexicon.is_material(word) for word in written)   # `reroll` is a unit too


@lru_cache(maxsize=1)
def known_words() -> frozenset[str]:
    """Every word posts.yaml lists (glue, hedges, units, questions…): English, never a slip."""
    around = post_words()
    phrases = [*around.hedges, *around.questions, *around.exceptions]
    return frozenset(around.glue | around.soft | around.units | around.every | around.pronouns | around.own
                     | around.not_slips
                     | around.die_words | around.value_markers | around.repeats | around.salt_markers
                     | set(around.ordinals) | set(around.counts) | set(around.compass)
                     | {word for phrase in phrases for word in phrase})


DROPPED_FROM = 5   # letters a game word has at least for one of its inner letters dropped to be a slip ("clok")


def slipped(typed: str, meant: str) -> bool:
    """Is `typed` `meant` with two neighbouring letters swapped, a doubled letter typed once,
    one letter typed twice, or one inner letter of a word of DROPPED_FROM letters or more left
    out ("clok", "swich")? (Not any one-letter change: `might` is no typo of right, `lock` none
    of clock: a first or last letter left out makes other words.)"""
    if typed == meant:
        return False
    if len(typed) == len(meant):
        diff = [i for i, (a, b) in enumerate(zip(typed, meant, strict=False)) if a != b]
        return len(diff) == 2 and diff[1] == diff[0] + 1 and typed[diff[0]] == meant[diff[1]] \
            and typed[diff[1]] == meant[diff[0]]
    short, long = (typed, meant) if len(typed) < len(meant) else (meant, typed)
    if len(long) != len(short) + 1:
        return False
    if short == typed and len(long) >= DROPPED_FROM and \
            any(long[:i] + long[i + 1:] == short for i in range(1, len(long) - 1)):
        return True
    return any(long[i] == long[i - 1] and long[:i] + long[i + 1:] == short for i in range(1, len(long)))


def classify(game: Game[Any], words: list[Word]) -> list[str]:
    """What each word is to the reader (STRONG, SOFT, GLUE, HEDGE, QUANTITY, SUSPECT, CHATTER):
    game words from the game's lexicon, the rest from posts.yaml. A word with a problem (a
    reference naming nothing now, an item no move can use) is STRONG: the reading must use it,
    and cannot; so is a word that repeats ("twice")."""
    lexicon, around = game_lexicon(game), post_words()
    idle_phrases = not_hedged(words, around.not_hedges)
    kinds: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        folded = word.text.casefold()
        if index in idle_phrases and not lexicon.is_material(folded):
            kinds.append(CHATTER)   # "sorry for the wait": no correction
        elif word.problem is not None or folded in around.repeats or REPEAT.fullmatch(folded):
            kinds.append(STRONG)
        elif lexicon.is_material(folded):
            kinds.append(SOFT if folded in around.soft else STRONG)
        elif (hedge := hedge_at(words, index, around)) and not echoes_negation(words, index, hedge):
            kinds.extend([HEDGE] * hedge)
            index += hedge
            continue
        elif folded in around.glue or not folded.strip(EDGES + "#"):
            kinds.append(GLUE)
        else:
            kinds.append(CHATTER)
        index += 1
    for index, kind in enumerate(kinds):
        after = kinds[index + 1] if index + 1 < len(kinds) else None
        if kind == SOFT:
            # A one-letter word that may be English: starting a clause before chatter, it is English
            # ("tower 1, a classic"; "I think"); last in the post, or before a game word or a picture,
            # it is the game's ("rope 1 lol A", "5/5 on A 💪"); after game words and before chatter,
            # in lower case or the pronoun I, it may be either ("E5 v risky", "tower 1 a lil risky",
            # "3/5 I guess"): never read, and refused; in upper case it is the game's ("tower 2 A pls").
            opens = (index == 0 or bool(words[index - 1].trail) or not follows_game_words(words, kinds, index)) \
                and not resumes_move(words, kinds, index)
            picture = after is not None and words[index + 1].text == PICTURE
            english = is_english_case(words, index) and not placed_pronoun(words, kinds, index) \
                and not ends_move_clause(words, kinds, index)
            kinds[index] = (CHATTER if is_article(words, index) else
                            STRONG if after in (None, STRONG, SOFT) or picture or not english else
                            CHATTER if after == CHATTER and opens else
                            SUSPECT if after == CHATTER else SOFT)
        elif kind == STRONG and words[index].text.isnumeric() and after is not None and not words[index].trail \
                and counts_something(words[index + 1:index + 3], lexicon, around):
            kinds[index] = QUANTITY   # "1 minute", "2 rerolls left": it counts something else
        elif kind == CHATTER and words[index].text.casefold() in around.counts and follows_game_words(words, kinds, index):
            kinds[index] = SUSPECT   # "conker 2 and then both 1s": a count beside the move may add to it
        elif kind == STRONG and words[index].text.isnumeric() and after == CHATTER and not words[index].trail \
                and index >= 2 and words[index - 1].text.casefold() in around.own and words[index - 2].comma:
            kinds[index] = SUSPECT   # "rope 1, my 2 stays": a new clause about the card, maybe not playing it
    return kinds


def echoes_negation(words: list[Word], index: int, size: int) -> bool:
    """Is the hedge at `index` a word that only echoes a negation opening its clause, closing it
    ("no items either"; posts.yaml `negation_echoes`)? Then it is chatter, no alternative."""
    around = post_words()
    if size != 1 or words[index].text.casefold() not in around.negation_echoes:
        return False
    if index + 1 < len(words) and not words[index].trail.strip(" "):
        return False   # "either rope or race": it opens an alternative
    start = index
    while start > 0 and not words[start - 1].trail.strip(" "):
        start -= 1
    return any(around.hedges.get((w.text.casefold(),)) == "negations" for w in words[start:index])


def not_hedged(words: list[Word], phrases: frozenset[tuple[str, ...]]) -> frozenset[int]:
    """The positions of words in phrases that hold a hedge's word and hedge nothing (posts.yaml
    `not_hedges`: "sorry for the wait")."""
    folded = [w.text.casefold() for w in words]
    found: set[int] = set()
    for phrase in phrases:
        size = len(phrase)
        found.update(i for start in range(len(words) - size + 1) if tuple(folded[start:start + size]) == phrase
                     for i in range(start, start + size))
    return frozenset(found)


def ends_move_clause(words: list[Word], kinds: list[str], index: int) -> bool:
    """Does the one-letter word close a clause of game words, a comma or full stop right after it
    ("tower 1 1 c, sorry for the wait")? English puts no "a" or "c" there: the game's letter. Not
    the pronoun I ("3/5 on A, I think")."""
    return bool(words[index].trail.strip(" \n")) and words[index].text.casefold() not in post_words().pronouns \
        and follows_game_words(words, kinds, index)


def resumes_move(words: list[Word], kinds: list[str], index: int) -> bool:
    """Does the one-letter word follow one joining word right after a comma that ends game words
    ("tower 1 1, option c pls")? The clause goes on with the move: never English chatter to drop
    (a letter the move needs, dropped, would leave another move)."""
    return index >= 2 and kinds[index - 1] == GLUE and not words[index - 1].trail and words[index - 2].comma \
        and kinds[index - 2] in (STRONG, SOFT)


def placed_pronoun(words: list[Word], kinds: list[str], index: int) -> bool:
    """Is this the letter I right after a place word that follows a game word ("4/5 at I, gl";
    posts.yaml `places`), or a capital I after "from" or "of" (`never_before_pronoun`)? English
    never puts the pronoun there: it is the game's (location I).
    Only the pronoun: "at a" is English ("tower 1 at a time")."""
    around = post_words()
    if index < 2 or words[index].text.casefold() not in around.pronouns:
        return False
    before, game_word = words[index - 1], words[index - 2]
    if words[index].text == "I" and before.text.casefold() in around.never_before_pronoun and not before.trail:
        return True   # "take the 2/5 out of I": English says "out of me"
    return before.text.casefold() in around.places and not before.trail and not game_word.trail \
        and kinds[index - 2] in (STRONG, SOFT)


def is_article(words: list[Word], index: int) -> bool:
    """Is this one-letter word an article: in lower case, with nothing between it and a number
    after it ("she gets a 2", "play a 1 on rope")? Never the game's letter then."""
    word = words[index]
    after = words[index + 1] if index + 1 < len(words) else None
    return word.text in post_words().articles and not word.trail and after is not None and after.text.isdecimal()


def is_english_case(words: list[Word], index: int) -> bool:
    """Is this one-letter word written as English writes it: in lower case, the pronoun I, or a
    capital starting a sentence ("A good one")? A capital inside a sentence is the game's
    ("tower 2 A pls", "option C please")."""
    word = words[index].text
    starts = index == 0 or bool(words[index - 1].stop)
    return word.islower() or word.casefold() in post_words().pronouns or starts


def follows_game_words(words: list[Word], kinds: list[str], index: int) -> bool:
    """Does a game word come right before `index`, past glue only ("E5 v", "3/5 in a")? "im at a
    loss" has none: its "a" starts chatter."""
    before = index - 1
    while before >= 0 and kinds[before] == GLUE and not words[before].trail:
        before -= 1
    return before >= 0 and kinds[before] in (STRONG, SOFT) and not words[before].trail


def counts_something(following: list[Word], lexicon: Lexicon, around: Any) -> bool:
    """Do the words after a number say it counts something ("1 minute", "1 to spare")?"""
    said = [w.text.casefold() for w in following]
    if lexicon.is_material(said[0]):
        return False
    return said[0] in around.units or (len(said) > 1 and not following[0].trail and " ".join(said) in around.units)


def hedge_at(words: list[Word], index: int, around: Any) -> int:
    """How many words from `index` make a correction, alternative or negation (0: none)."""
    for size in range(min(around.longest_hedge, len(words) - index), 0, -1):
        if tuple(w.text.casefold() for w in words[index:index + size]) in around.hedges:
            return size
    return 0


def islands(kinds: list[str]) -> list[list[int]]:
    """The runs of words a move may be read from: material and glue, up to a hedge or chatter."""
    runs: list[list[int]] = [[]]
    for index, kind in enumerate(kinds):
        if kind in UNREAD:
            if runs[-1]:
                runs.append([])
        else:
            runs[-1].append(index)
    return [run for run in runs if any(kinds[i] in (STRONG, SOFT) for i in run)]


# --- Finding the moves -------------------------------------------------------------------

def search(game: Game[Any], text: str, ctx: Context, error: NotationError | None) -> Reading:
    """The post normalised as a whole, else the one move its words make."""
    words = post_as_words(game, text, ctx.reword, ctx.items())
    whole = " ".join(word.text for word in words)
    kinds = classify(game, words)
    if words and whole != text and not any(word.problem or word.stop == "?" for word in words) \
            and not mixed_lists(words, kinds, list(range(len(words)))):
        move = try_parse(game, whole)
        if move is not None and usable(move, ctx.complete, ctx.valid) and \
                (not crosses(words, kinds, range(len(words))) or ctx.lawful(move)) and \
                not names_english(game, move):   # "remote switch pls": no switch 'pls'
            return Reading(move, whole, False)
    if len(words) > MAX_WORDS:
        raise NotationError(f"{ctx.name}: the post has {len(words):,} words and holds no move as a whole; a move is "
                            f"searched for in posts of at most {MAX_WORDS:,} words: give the part with the move.")
    negations = negated_words(words, kinds, lambda: declinable(game, ctx))
    kinds = [CHATTER if any(i in each.span for each in negations if each.declines) else kind
             for i, kind in enumerate(kinds)]   # "rope 1, no block this turn": the item declined is no move
    found = find_moves(game, words, kinds, ctx)
    found, kinds, aside = replied_quote(game, words, kinds, found, ctx)
    negations = [each for each in negations if min(each.span) not in aside]   # a quote set aside negates its own
    moves: dict[str, list[Found]] = {}
    for each in found:
        moves.setdefault(each.key, []).append(each)
    problem = next((w for w in words if w.problem), None)
    if problem is not None:
        raise NotationError(f"{ctx.name}: {quoted(problem.said)} {problem.problem}")
    if len(moves) > 1:
        (one, *_), (two, *_) = list(moves.values())[:2]
        more = f" (and {len(moves) - 2} more)" if len(moves) > 2 else ""
        raise NotationError(f"{ctx.name}: the post holds two different moves, {quoted(one.said)} and "
                            f"{quoted(two.said)}{more}; give the one to play.")
    if not moves:
        negated = unclear_negation(words, negations, frozenset())
        if negated is not None:   # "not swapping the 3 in for my 2": never a hint of the move taken back
            raise negation_refusal(negated, ctx)
        negated_said = frozenset(words[i].text.casefold() for each in negations for i in each.scope)
        raise unreadable(game, text, whole, error, ctx, negated_said)
    readings = next(iter(moves.values()))
    used = frozenset().union(*(each.used for each in readings))
    said = readings[0].said
    negated = unclear_negation(words, negations, used)
    if negated is not None:
        raise negation_refusal(negated, ctx)
    kinds = set_aside(words, kinds, negations, used)
    reordered = restated_in_another_order(words, kinds, readings[0], used)
    left = [index for index in left_over(kinds, used)
            if index in reordered or not idle(game, words, kinds, readings[0], index, ctx)]
    if left:
        raise left_over_refusal(game, words, kinds, readings[0], left, ctx)
    taken_back = hedge_of(words, kinds, "corrections", after=min(used))
    if taken_back is not None:
        raise NotationError(f"{ctx.name}: the post takes back or corrects {quoted(said)} ({quoted(taken_back)}); "
                            f"give the one move to play.")
    doubt = hedge_of(words, kinds, "alternatives") or put_off(words, kinds, used)
    if doubt is not None:
        raise NotationError(f"{ctx.name}: the post says {quoted(doubt)} beside {quoted(said)}: it may not be the "
                            f"move to play; give the one move to play.")
    if is_question(words, used):
        raise NotationError(f"{ctx.name}: the post asks about {quoted(said)} rather than plays it; give the move "
                            f"to play.")
    return Reading(readings[0].move, said, False)


def negation_refusal(negated: tuple[str, str], ctx: Context) -> NotationError:
    """The refusal of a post whose negation leaves the move in doubt (unclear_negation)."""
    return NotationError(f"{ctx.name}: the post says {quoted(negated[0])} before {quoted(negated[1])}; give just "
                         f"the move to play.")


def quoted_lines(words: list[Word]) -> frozenset[int]:
    """The positions of the words on quoted lines (`> …`, set off by fold)."""
    inside, quoted = False, set()
    for index, word in enumerate(words):
        inside = inside or word.text == QUOTED
        if inside:
            quoted.add(index)
            inside = "\n" not in word.trail
    return frozenset(quoted)


def replied_quote(game: Game[Any], words: list[Word], kinds: list[str], found: list[Found],
                  ctx: Context) -> tuple[list[Found], list[str], frozenset[int]]:
    """The moves found, the words' kinds and the quoted words set aside, with a quoted post set aside when the player
    replies to it with a move of their own ("> rope 1 1" then "wow ok. race 1 2 1"): the quote
    holds whole moves only, the reply one move, and no move is the two read together (an item
    clause quoted beside a move, "> advantage on 5/5 attack" then "set A=3/5", may be part of
    it: not set aside). A quote whose game words the reply's move all says again is set aside too
    ("> you won't dare go rope" then "watch me. rope 1 1 1"). Otherwise nothing changes (a quote
    alone is read: "> race 1 1 1")."""
    quoted = quoted_lines(words)
    if not quoted:
        return found, kinds, frozenset()
    own = [each for each in found if not each.used & quoted]
    theirs = [each for each in found if each.used <= quoted]
    if len({each.key for each in own}) == 1 and not theirs and len(own) == len(found):
        says = set(tokens(own[0].key)) | {words[i].text.casefold() for i in own[0].used}
        material = [words[i].text for i in sorted(quoted) if kinds[i] in (STRONG, SOFT)]
        if all(each.casefold() in says for each in material) or \
                not adds_to(game, own[0].said, own[0].key, material, ctx):   # "> Sally, you're up" then a move
            return own, [CHATTER if i in quoted else kind for i, kind in enumerate(kinds)], quoted   # "> go rope"
        return found, kinds, frozenset()
    if len({each.key for each in own}) != 1 or not theirs or len(own) + len(theirs) != len(found):
        return found, kinds, frozenset()
    reply = own[0].said
    outside = [words[i].text for i in sorted(quoted)
               if kinds[i] in (STRONG, SOFT) and not any(i in each.used for each in theirs)]
    if adds_to(game, reply, own[0].key, outside, ctx):
        return found, kinds, frozenset()   # a quoted word outside the quoted moves: it may belong to the reply
    if any(possible_move(game, f"{one} {two}", ctx) is not None
           for each in theirs for one, two in ((reply, each.said), (each.said, reply))):
        return found, kinds, frozenset()
    return own, [CHATTER if i in quoted else kind for i, kind in enumerate(kinds)], quoted


QUOTE_WORDS_TRIED = 8   # game words in a quote beyond which it is never set aside (runs tried grow as their square)


def adds_to(game: Game[Any], reply: str, key: str, material: list[str], ctx: Context) -> bool:
    """Could some run of a quote's game words, said before or after the reply's move, make another
    move ("> block on conker?" then "race 1 1": race 1 1 block conker)? Then the quote may be the
    player's own words completing the move, and it is not set aside. A quote of the host's prompt
    ("> Sally, you're up. 2:30 on the clock." then "race 1 1 1") adds to no move."""
    if len(material) > QUOTE_WORDS_TRIED:
        return True
    runs = {" ".join(material[start:end]) for start in range(len(material))
            for end in range(start + 1, len(material) + 1)}
    for run in runs:
        for text in (f"{reply} {run}", f"{run} {reply}"):
            read = possible_move(game, text, ctx)
            if read is not None and read[1] != key:
                return True
    return False


def hedges_in(words: list[Word], kinds: list[str]) -> Iterator[tuple[int, int, str]]:
    """(first word, words, kind) of each correction, alternative or negation of the post."""
    around = post_words()
    index = 0
    while index < len(words):
        size = hedge_at(words, index, around) if kinds[index] == HEDGE else 0
        if size:
            yield index, size, around.hedges[tuple(w.text.casefold() for w in words[index:index + size])]
        index += max(size, 1)


@dataclass(frozen=True)
class Negation:
    """A negation or deferral of the post (posts.yaml) and what it takes back: `said`, its words; `scope`, the
    game words after it up to the next comma, sentence end or picture; `span`, every word from it
    to there; `declines`, whether every game word taken back names an item or a kind of move."""

    said: str
    scope: tuple[int, ...]
    span: frozenset[int]
    declines: bool


def negated_words(words: list[Word], kinds: list[str], declinable: Callable[[], frozenset[str]]) -> list[Negation]:
    """The post's negations that take back game words ("won't block race. rope 1 1"). One that
    only declines an item or a kind of move ("no block this turn", "attack, no trade", "saving
    retake for later"), or says what cannot be done ("B5 up, can't go right anyway"; posts.yaml
    `impossible`, never a correction), leaves the move read without them; one that takes back an
    operand ("E5 up no left": a correction?) makes the post unclear (unclear_negation)."""
    found = []
    for index, size, kind in hedges_in(words, kinds):
        if kind not in ("negations", "deferrals") or words[index + size - 1].trail:
            continue
        span, scope = negation_scope(words, kinds, index + size)
        if scope:
            impossible = tuple(w.text.casefold() for w in words[index:index + size]) in post_words().impossible
            declines = impossible or all(words[i].text.casefold() in declinable() for i in scope) and \
                (kind == "negations" or len(scope) == 1)   # "keeping block for tower": later, or on tower?
            found.append(Negation(" ".join(w.said for w in words[index:index + size]), tuple(scope),
                                  frozenset(range(index, index + size)) | frozenset(span), declines))
    return found


def unclear_negation(words: list[Word], negations: list[Negation], used: frozenset[int]) -> tuple[str, str] | None:
    """(the negation, the game words it takes back) of the first negation that leaves the move in
    doubt: one that takes back an operand in the move's own sentence ("E5 up no left": a
    correction?), or a word the move read uses ("no advantage this round, buff 3/3 attack":
    declined and used); None when there is none. One in another sentence or aside tells why not
    ("C6 up (can't do right anyway)"): no doubt."""
    said = {words[i].text.casefold() for i in used}
    for each in negations:
        aside = bool(used) and apart(words, used, min(each.span))   # "C6 up (can't do right anyway)"
        if not (each.declines or aside) or any(words[i].text.casefold() in said for i in each.scope):
            return each.said, " ".join(dict.fromkeys(words[i].said for i in each.scope))
    return None


def set_aside(words: list[Word], kinds: list[str], negations: list[Negation], used: frozenset[int]) -> list[str]:
    """The words' kinds, with what each negation in another sentence or aside than the move takes
    back made chatter: it tells why not, and the move is the one read."""
    aside = {i for each in negations if apart(words, used, min(each.span)) for i in each.span}
    return [CHATTER if i in aside else kind for i, kind in enumerate(kinds)]


def negation_scope(words: list[Word], kinds: list[str], start: int) -> tuple[list[int], list[int]]:
    """(every word, the game words) a negation starting its scope at `start` takes back: up to
    the next comma, sentence end, picture, correction or other negation; a hedge that puts off
    ("saving retake for later", "no block this turn, next turn") is part of it."""
    around = post_words()
    span: list[int] = []
    scope: list[int] = []
    index = start
    while index < len(words):
        if words[index].text == PICTURE:
            break
        size = hedge_at(words, index, around) if kinds[index] == HEDGE else 0
        if size:
            if around.hedges[tuple(w.text.casefold() for w in words[index:index + size])] not in ("alternatives",
                                                                                                "later"):
                break
            span.extend(range(index, index + size))
            if words[index + size - 1].trail:
                break
            index += size
            continue
        span.append(index)
        if kinds[index] in (STRONG, SOFT, QUANTITY):
            scope.append(index)
        same_phrase = index + 1 < len(words) and words[index + 1].start == words[index].start
        if words[index].trail and not same_phrase:   # a comma, full stop, colon, dash or bracket ends it
            break
        index += 1
    return span, scope


def declinable(game: Game[Any], ctx: Context) -> frozenset[str]:
    """The game words a negation may decline without doubt: item keywords (the lexicon's clause
    heads) and words naming a kind of move, as the moves start (`rope`, `trade`, `retake`): the
    first word of the notation's examples and of the legal moves now, past the turn every legal
    move writes alike (`r1 c1:`, `t1`)."""
    if "declinable" in ctx.memo:
        remembered: frozenset[str] = ctx.memo["declinable"]
        return remembered
    texts = [tokens(text) for text in legal_of(game, ctx)]
    turn = {w for w in set(texts[0]).intersection(*texts[1:]) if not w.isalpha()} if len(texts) > 1 else set()
    firsts = {next((w for w in words if w not in turn), "") for words in texts}
    firsts |= {tokens(example)[0] for form in game.forms() for example in form.examples if example.split()}
    made = ctx.memo["declinable"] = game_lexicon(game).clause_heads | {word for word in firsts if word.isalpha()}
    return made


def hedge_of(words: list[Word], kinds: list[str], kind: str, after: int = -1) -> str | None:
    """The words of the first hedge of `kind` (posts.yaml: corrections, alternatives) after word
    `after`, if any: "E5 up jk" takes the move back, "E5 up maybe?" doubts it."""
    return next((" ".join(w.said for w in words[index:index + size])
                 for index, size, found in hedges_in(words, kinds) if found == kind and index > after), None)


def put_off(words: list[Word], kinds: list[str], used: frozenset[int]) -> str | None:
    """The words of the first hedge that puts something off to another time (posts.yaml `later`)
    whose sentence holds the move or another game word ("rope 1 1 next turn", "rope 1 1. tower
    later") or nothing else ("rope 1 1. next turn."), if any; one in a sentence of chatter
    ("rope 1 1. afk 10 min after this") doubts nothing."""
    for index, size, found in hedges_in(words, kinds):
        if found != "later":
            continue
        others = [i for i in sentence_around(words, index) if not index <= i < index + size and kinds[i] != GLUE]
        if not others or any(i in used or kinds[i] in (STRONG, SOFT) for i in others):
            return " ".join(w.said for w in words[index:index + size])
    return None


def sentence_around(words: list[Word], index: int) -> range:
    """The positions of the words of the sentence, aside or line holding word `index`: from after
    the last sentence end, line end, bracket or picture before it to the next one."""
    def ends(i: int) -> bool:
        return bool(words[i].stop) or words[i].text == PICTURE or any(ch in words[i].trail for ch in "()[]")
    start = next((i + 1 for i in range(index - 1, -1, -1) if ends(i)), 0)
    end = next((i for i in range(index, len(words)) if ends(i)), len(words) - 1)
    return range(start, end + 1)


def is_question(words: list[Word], used: frozenset[int]) -> bool:
    """Is the sentence holding the move a question: ending in '?', or starting with a word that
    asks (posts.yaml `questions`: "is rope 1 1 legal", "can I retake")?"""
    first, last = min(used), max(used)
    start = next((i + 1 for i in range(first - 1, -1, -1) if words[i].stop or words[i].text == PICTURE), 0)
    end = next((i for i in range(last, len(words)) if words[i].stop), len(words) - 1)
    if words[end].stop == "?" or any(words[i].stop == "?" for i in range(first, last)):
        return True   # "extra miner? 1 T2": a question inside the move's words asks too
    asks = post_words().questions
    opening = tuple(w.text.casefold() for w in words[start:start + 2])
    return opening[:1] in asks or opening in asks


def left_over(kinds: list[str], used: frozenset[int]) -> list[int]:
    """The game words a reading did not use that could change the move: every STRONG word, and
    a SOFT one after a hedge that follows game words ("place 3/5 H, no wait, I")."""
    left = []
    material_before = hedged = False
    for index, kind in enumerate(kinds):
        if kind == HEDGE and material_before:
            hedged = True
        if kind in (STRONG, SOFT, QUANTITY, SUSPECT):
            material_before = True
            if index not in used and (kind != SOFT or hedged):
                left.append(index)
    return left


def idle(game: Game[Any], words: list[Word], kinds: list[str], reading: Found, index: int, ctx: Context) -> bool:
    """Is the game word at `index`, left over by the reading, one that no reading could change the
    move with, so it is chatter? The position's legal moves decide, never a list of English:
    - it repeats a word of the move that no legal move holds once more ("D8 up ⬆️"; a number
      only in another sentence or aside);
    - it is a number or names a kind of move or an item (declinable), no legal move here uses it,
      and it stands in another sentence or aside than the move ("Keep. 10 is fine by me"; "rope 3
      (race is barred for me)"); not a word the notation writes another way ("reserve" is `-`).
    - a number counting time or what a player has, or another player's ("enjoy your 1"), in
      another sentence or aside ("1 T1, 2 T1 (3 min timer is brutal)"); or counting anything, no legal move using it, after a comma ("i'll
      keep these, 8 is fine").
    Never after a correction or an alternative ("E5 up... no wait, up"), and a word no legal move
    uses only when the legal moves were all looked at."""
    if last_hedge_before(words, kinds, index) is not None:
        return False
    if kinds[index] == QUANTITY and counts_aside(words, index) and apart(words, reading.used, index):
        return True
    if words[index].text.isdecimal() and index > 0 and words[index - 1].text.casefold() in post_words().others \
            and not words[index - 1].trail and apart(words, reading.used, index):
        return True   # "tower 2 B (enjoy your 1 sally)": another player's card, in an aside
    legal = legal_of(game, ctx)
    if not legal:
        return False
    word, key = words[index].text.casefold(), tokens(reading.key)
    held = [Counter(tokens(text)) for text in legal]
    unused = len(legal) < MAX_LEGAL and not any(word in each for each in held)
    if kinds[index] == QUANTITY and unused and any(words[i].comma for i in between(reading.used, index)):
        return True   # "i'll keep these, 8 is fine": no legal move has an 8, and it counts something
    if word in key:   # a number only apart: "rope 1 1, 1" may be a third 1 the hand lacks
        wanted = Counter(key + [word])
        return (not word.isnumeric() or apart(words, reading.used, index)) and not any(wanted <= each for each in held)
    named = word.isnumeric() or word in declinable(game, ctx)   # not a word the notation writes another way ("reserve")
    return named and unused and apart(words, reading.used, index)


def restated_in_another_order(words: list[Word], kinds: list[str], reading: Found, used: frozenset[int]) -> frozenset[int]:
    """The numbers left over that say the move's numbers again, all of them, in another order
    ("clock with the three cards. Order: 2, 1, 1." read as `clock 1 1 2`): where order is part of
    a move (Tug of War's cards resolve in turn, TW-5), they may be its order, so they are never
    dropped as repeats."""
    left = [i for i in left_over(kinds, used) if words[i].text.isdecimal()]
    said = [words[i].text for i in left]
    key = [word for word in tokens(reading.key) if word.isdecimal()]
    return frozenset(left) if len(said) > 1 and sorted(said) == sorted(key) and said != key else frozenset()


def counts_aside(words: list[Word], index: int) -> bool:
    """Does the number at `index` count time or what a player has (posts.yaml `aside_units`:
    "3 min", "2 rerolls")?"""
    return index + 1 < len(words) and words[index + 1].text.casefold() in post_words().aside_units


def between(used: frozenset[int], index: int) -> range:
    """The positions from the move's words to the word at `index` (whose punctuation parts them)."""
    return range(max(used), index) if index > max(used) else range(index, min(used))


def apart(words: list[Word], used: frozenset[int], index: int) -> bool:
    """Is the word at `index` in another sentence or aside than the move's words: a sentence end,
    a line's end, a bracket or a picture between them?"""
    return any(words[i].text == PICTURE or words[i].stop in (".", "\n") or any(ch in words[i].trail for ch in "()[]")
               for i in between(used, index))


def find_moves(game: Game[Any], words: list[Word], kinds: list[str], ctx: Context) -> list[Found]:
    """Each longest run of game words (inside one island: glue between them is read past) that
    reads as a possible move, from left to right: a word read into a move is part of no other
    ('rope 2' of 'rope 2 1'; 'up G4' of 'E5 up G4 left'); a run inside one that reads as no
    possible move is still tried ('1 T2' of '1 T2 2 please', where 'please' is no track)."""
    found: list[Found] = []
    for island in islands(kinds):
        material = [i for i in island if kinds[i] in (STRONG, SOFT)]
        taken = 0   # material[:taken] belongs to a move found: a word is part of one move only
        for a in range(len(material)):
            if a < taken:
                continue
            for b in range(min(len(material), a + MAX_RUN), a, -1):   # longest first
                if all(is_weak(words[i].text) for i in material[a:b]):
                    continue
                hit = read_run(game, words, kinds, island, material[a:b], ctx)
                if hit is not None:
                    hit, b = within_sentence(game, words, kinds, island, material, a, b, hit, ctx)
                    found.append(hit)
                    taken = b
                    break
    return found


def within_sentence(game: Game[Any], words: list[Word], kinds: list[str], island: list[int], material: list[int],
                    a: int, b: int, hit: Found, ctx: Context) -> tuple[Found, int]:
    """(the move, where its words end): a move read across a sentence end, line end or bracket
    that the rules refuse gives way to the longest shorter run from the same word that they take
    ("clock 1 1 2. (1 1 2)": not six cards but `clock 1 1 2`, said again); otherwise it stands, for
    the rules to say what is wrong with it."""
    if not crosses(words, kinds, material[a:b]) or ctx.lawful(hit.move):
        return hit, b
    for shorter in range(b - 1, a, -1):
        other = read_run(game, words, kinds, island, material[a:shorter], ctx)
        if other is not None and ctx.lawful(other.move):
            return other, shorter
    return hit, b


def crosses(words: list[Word], kinds: list[str], indices: Sequence[int]) -> bool:
    """Do the game words among `indices` stand in more than one sentence, line or aside?"""
    material = [i for i in indices if kinds[i] in (STRONG, SOFT)]
    return len(material) > 1 and any(words[i].stop in (".", "\n") or any(ch in words[i].trail for ch in "()[]")
                                     for i in range(material[0], material[-1]))


def read_run(game: Game[Any], words: list[Word], kinds: list[str], island: list[int], material: list[int],
             ctx: Context) -> Found | None:
    """The move the words from material[0] to material[-1] make, if any: as written (glue
    included), then without the glue, then without one-letter words that may be English, then
    with an item clause written first moved to the end (where the notation has it)."""
    lexicon = game_lexicon(game)
    first, last = material[0], material[-1]
    whole = [i for i in island if first <= i <= last]
    soft = post_words().soft
    # Without the glue, a one-letter word that may be English is read only where it touched the
    # move's words ("tower 2 A pls"), never joined through glue ("D4 for u" is no D4 up).
    glued = {i for i in material if words[i].text.casefold() in soft and is_english_case(words, i)
             and (i - 1 in whole and kinds[i - 1] == GLUE or i + 1 in whole and kinds[i + 1] == GLUE)}
    edges = [first] if words[first].text.casefold() in soft else []   # "I place 3/5 in C", "a reroll 1 3"
    bare = [i for i in material if i not in glued]
    variants: list[list[int]] = [whole, [i for i in whole if i not in edges], bare, [i for i in bare if i not in edges]]
    for variant in list(variants[1:]):
        heads = [words[i].text.casefold() in lexicon.clause_heads and not described(words, kinds, i, edges)
                 for i in variant]
        variants += clause_moved(variant, heads)
    seen: set[tuple[int, ...]] = set()
    for variant in variants:
        if not variant or tuple(variant) in seen:
            continue
        seen.add(tuple(variant))
        if mixed_lists(words, kinds, variant):
            continue
        said = " ".join(words[i].text for i in variant)
        hit = possible_move(game, said, ctx)
        if hit is not None:   # a one-letter word at the edge left out is read as English: used
            return Found(said, hit[0], hit[1], frozenset(variant) | frozenset(edges))
    return None


def possible_move(game: Game[Any], text: str, ctx: Context) -> tuple[dict[str, Any], str] | None:
    """(move, canonical form) of words that read as a possible move (see canonical), or None."""
    move = try_parse(game, text)
    key = None if move is None else canonical(game, move, ctx.complete, ctx.valid)
    return None if move is None or key is None else (move, key)


def mixed_lists(words: list[Word], kinds: list[str], chosen: list[int]) -> bool:
    """Are the numbers read one after another in `chosen` listed two ways, some with only a space
    between them and some with a comma or a joining word ("rope 1 1, 3", "reroll 1 2, 6")? The
    number after the comma may start something else: such a run is not read as one move."""
    numbers = [i for i in chosen if kinds[i] in (STRONG, SOFT)]
    ways = set()
    for one, two in zip(numbers, numbers[1:], strict=False):
        if words[one].text.isdecimal() and words[two].text.isdecimal():
            listed = words[one].comma or any(kinds[k] == GLUE for k in range(one + 1, two))
            ways.add(listed)
    return len(ways) > 1


def described(words: list[Word], kinds: list[str], head: int, edges: list[int]) -> bool:
    """Is the item clause at `head` told of by chatter right before it ("keeping block for tower,
    rope 1 1"; "expecting a block on tower"), rather than used? Then it is not moved into the move."""
    before = head - 1
    while before in edges or (before >= 0 and kinds[before] == GLUE and not words[before].trail):
        before -= 1
    return before >= 0 and kinds[before] == CHATTER and not words[before].trail


def clause_moved(variant: list[int], heads: list[bool]) -> list[list[int]]:
    """The run with an item clause (a clause head and up to 3 words after it) moved to its end:
    "block clock tower 1 B" is read as "tower 1 B block clock"."""
    moved = []
    for at, head in enumerate(heads):
        if not head:
            continue
        for size in range(1, 4):
            if at + size + 1 > len(variant) or at + size + 1 == len(variant):
                break
            clause = variant[at:at + size + 1]
            moved.append(variant[:at] + variant[at + size + 1:] + clause)
    return moved


def canonical(game: Game[Any], move: dict[str, Any], complete: Complete, valid: Valid) -> str | None:
    """The move as the game writes it once the match filled it in; None when it is no possible
    move (the schema refuses it: `3/5 please` is not a location) or the game finds it no
    plausible reading of chatter (Game.is_plausible: `2 please` boards no Track Trouble track)."""
    try:
        done = complete(move)
        if not valid(done) or not game.is_plausible(move):   # as read: what the run itself says
            return None
        return game.format_move(done)
    except Exception:  # noqa: BLE001 — a run of chatter the game cannot complete or write is no move
        return None


# --- Refusal: game words left over -------------------------------------------------------

def left_over_refusal(game: Game[Any], words: list[Word], kinds: list[str], reading: Found, left: list[int],
                      ctx: Context) -> NotationError:
    """The refusal of a post whose move leaves game words unread. After a correction or an
    alternative it quotes both readings ("E5 up... no wait, left": 'E5 up' and 'E5 left');
    otherwise it names the words left over, which may be part of the move."""
    extra = " ".join(words[i].said for i in dedupe_spans(words, left))
    hedge = last_hedge_before(words, kinds, left[0])
    if hedge is not None:
        other = other_reading(game, reading, [words[i].text for i in left], ctx)
        said = f", after {quoted(hedge)}," if hedge else ""
        if other is not None:
            return NotationError(f"{ctx.name}: the post reads two ways, {quoted(reading.said)} and {quoted(other)} "
                                 f"(a correction or an alternative{said.rstrip(',')}); give the one to play.")
        return NotationError(f"{ctx.name}: the post holds {quoted(reading.said)} and{said} also {quoted(extra)}, "
                             f"which may change it; give the one move to play.")
    near = closest_legal(game, " ".join(w.text for w, kind in zip(words, kinds, strict=False) if kind not in (GLUE, HEDGE, CHATTER)),
                         reading, ctx)
    hint = f" Closest legal move: '{near}'." if near else ""
    return NotationError(f"{ctx.name}: the post holds the move {quoted(reading.said)} and also {quoted(extra)} "
                         f"outside it, which may be part of the move; give the move on its own.{hint}")


def dedupe_spans(words: list[Word], indices: list[int]) -> list[int]:
    """One index per phrase of the post (a phrase read as two notation words is quoted once)."""
    seen: set[tuple[int, int]] = set()
    out = []
    for i in indices:
        span = (words[i].start, words[i].end)
        if span not in seen:
            seen.add(span)
            out.append(i)
    return out


def last_hedge_before(words: list[Word], kinds: list[str], index: int) -> str | None:
    """The words of the last hedge before `index` that follows game words, or None."""
    hedge: list[str] = []
    material = False
    current: str | None = None
    for i in range(index):
        if kinds[i] in (STRONG, SOFT):
            material = True
            hedge = []
        elif kinds[i] == HEDGE and material:
            hedge.append(words[i].said)
            current = " ".join(hedge)
        elif hedge:
            hedge = []
    return current


def other_reading(game: Game[Any], reading: Found, extra: list[str], ctx: Context) -> str | None:
    """The move the words after a correction or an alternative make in place of some of the
    move's words ('E5 up' with 'left': 'E5 left'; 'place 3/5 C' with 'D': 'place 3/5 D'), or
    None when no such move differs from the first reading."""
    said = reading.said.split()
    size = len(extra)
    tries = [said[:at] + extra + said[at + size:] for at in range(len(said) - size + 1)]
    tries += [said + extra, extra]
    for words in tries:
        hit = possible_move(game, " ".join(words), ctx)
        if hit is not None and hit[1] != reading.key:
            return game.format_move(hit[0])
    return None


def closest_legal(game: Game[Any], typed: str, reading: Found, ctx: Context) -> str | None:
    """A legal move now (at most MAX_LEGAL looked at) that is the move the post wrote
    (writes_the_post), other than the reading refused; None if there is none."""
    texts = legal_of(game, ctx)
    return only_as_posted(typed, [text for text in texts if text != reading.key], texts)


def tokens(text: str) -> list[str]:
    """A move's or a post's words as hints compare them: case-folded, `,` and `:` as spaces."""
    return text.casefold().replace(",", " ").replace(":", " ").split()


def hint_tokens(text: str) -> list[str]:
    """A move's or a post's words as hints compare them (tokens), with a field and its value
    apart: `I=-` is the location I and a withdrawal, `1@A1` a card and a cell, so that a post
    naming I is never offered a move that leaves I out."""
    return [part for word in tokens(text) for part in re.split(r"[=@]", word) if part]


def writes_the_post(candidate: str, posted: list[str], vocabulary: set[str], structural: set[str]) -> bool:
    """Is `candidate` the move the post wrote, so that a refusal may offer it (a hint
    never names a move the post did not write)? It uses every game word of the post (a word some legal move here uses, `vocabulary`),
    in the post's order, and adds no word the post did not write (a card, die, troop, cell,
    location, track or item), save what every legal move here writes alike (`structural`: the
    turn filled in, `place`)."""
    words = hint_tokens(candidate)
    game_words = [word for word in posted if word in vocabulary]
    left = list(words)
    for word in game_words:   # each in the candidate, after the one before it
        if word not in left:
            return False
        left = left[left.index(word) + 1:]
    written = Counter(posted)
    misspelt: list[str] = []
    for word in (word for word in words if word not in structural):
        if written[word] > 0:
            written[word] -= 1
        else:
            misspelt.append(word)
    return all(typed_for(word, written) for word in misspelt)


def typed_for(word: str, written: Counter[str]) -> bool:
    """Did the post write this word of the candidate with a typo (`rop` for rope, `rigth` for
    right)? Only a word of letters, and only one the post holds a word of letters for that is
    nearly the same (and not used for another): a card, die, troop or cell is never guessed."""
    if not word.isalpha() or len(word) < 2:
        return False
    import difflib  # only to word a refusal: off the path of every move read

    for typed, count in written.items():
        if count > 0 and typed.isalpha() and difflib.SequenceMatcher(None, word, typed).ratio() >= TYPO_LIKENESS:
            written[typed] -= 1
            return True
    return False


TYPO_LIKENESS = 0.8   # `rop`/rope 0.86, `rigth`/right 0.8, `atack`/attack 0.91; `keeping`/keep 0.73


def only_as_posted(typed: str, candidates: list[str], legal: list[str]) -> str | None:
    """The nearest of `candidates` that writes the post (writes_the_post), judged against the
    position's `legal` moves; None when none does: a hint never names another move."""
    if not legal:
        return None
    posted = hint_tokens(typed[:200])
    texts = [hint_tokens(text) for text in legal]
    vocabulary = {word for words in texts for word in words}
    structural = {word for word in set(texts[0]).intersection(*texts[1:]) if not word.isdecimal()} \
        if len(texts) > 1 else set()   # `t1`, `place`; never a card every move happens to play
    return nearest(typed, [text for text in candidates if writes_the_post(text, posted, vocabulary, structural)])


def legal_texts(game: Game[Any], legal: Callable[[], Iterable[dict[str, Any]]] | None) -> list[str]:
    """The legal moves now as the game writes them, at most MAX_LEGAL of them."""
    texts: list[str] = []
    for move in islice(legal(), MAX_LEGAL) if legal is not None else ():
        try:
            texts.append(game.format_move(move))
        except Exception:  # noqa: BLE001 — a move the game cannot write is not offered
            continue
    return texts


# --- Refusal: the closest readable move --------------------------------------------------

def unreadable(game: Game[Any], text: str, whole: str, error: NotationError | None, ctx: Context,
               taken_back: frozenset[str] = frozenset()) -> NotationError:
    """The refusal of a post without a move: the legal move the post wrote, if one is
    (only_as_posted), and its form; else the game's forms, never another move, nor one using a
    word the post took back (`taken_back`: "B5 can't go up, right" is never offered `B5 up`). A
    game that declares no notation keeps its own message."""
    forms = game.forms()
    legal = legal_of(game, ctx)
    examples = [example for form in forms for example in form.examples]
    typed = whole or text.strip()
    near = only_as_posted(typed, legal, legal) or only_as_posted(typed, examples, examples)
    if near is not None and taken_back & set(hint_tokens(near)):
        near = None
    if not forms and error is not None:
        hint = f" Closest legal move: '{near}'." if near else ""
        return NotationError(f"{ctx.name}: {error.message}{hint}")
    form = form_of(game, near, forms) if near else None
    shown = quoted(text)
    where = f"closest: '{near}' ({form.shape})" if form else f"write {' | '.join(f.shape for f in forms)}"
    return NotationError(f"{ctx.name}: {shown} is not a move of {ctx.ruleset}; {where}.")


def nearest(typed: str, candidates: list[str]) -> str | None:
    """The candidate sharing most words with the post (`e5` and `up` of a long sentence), then
    the most alike as text (difflib); both on case-folded text, the post cut to 200 characters."""
    if not candidates:
        return None
    typed = typed[:200].casefold()
    said = set(typed.split())
    folded: dict[str, str] = {}
    for candidate in candidates:
        folded.setdefault(candidate.casefold(), candidate)
    shared = {key: len(said.intersection(key.split())) for key in folded}
    most = max(shared.values())
    pool = [key for key, count in shared.items() if count == most]
    import difflib  # only to word a refusal: off the path of every move read

    hits = difflib.get_close_matches(typed, pool, n=1, cutoff=0.0)
    return folded[hits[0]] if hits else folded[pool[0]]


def form_of(game: Game[Any], move: str, forms: tuple[Form, ...]) -> Form | None:
    """The form a move is written in: the first whose examples read to moves of the same shape
    (the same fields, `{place, arrow}` for 'I9 right', never Retake's `{item}`); by likeness of
    text only where the move's shape matches no example's."""
    import difflib

    shape = move_shape(try_parse(game, move))
    if shape is not None:
        for form in forms:
            if any(move_shape(try_parse(game, example)) == shape for example in form.examples):
                return form
    scored = [(difflib.SequenceMatcher(None, move.casefold(), example.casefold()).ratio(), index, form)
              for index, form in enumerate(forms) for example in form.examples]
    return max(scored, key=lambda s: (s[0], -s[1]))[2] if scored else None


def move_shape(move: Any) -> Any:
    """A move's fields without their values (nested fields too; a field that is a word, such as
    Winning Streak's phase, with its value): what tells its forms apart."""
    if isinstance(move, dict):
        return tuple(sorted((key, move_shape(value) if isinstance(value, (dict, list)) else
                             (value if isinstance(value, str) and key in ("phase", "use") else None))
                            for key, value in move.items()))
    if isinstance(move, list):
        return tuple(sorted({move_shape(value) for value in move}, key=repr))
    return None


def quoted(text: str) -> str:
    """The post as a message quotes it: one line, cut to QUOTE_CUT characters."""
    line = " ".join(text.split())
    return f"'{line}'" if len(line) <= QUOTE_CUT else f"'{line[:QUOTE_CUT]}…' ({len(text):,} characters)"


def notation_data(game: Game[Any]) -> list[dict[str, Any]]:
    """The game's notation as plain data, for `ruleset show --format json`."""
    return [{"form": form.shape, "examples": list(form.examples), "about": form.about} for form in game.forms()]


def notation_comment(game: Game[Any]) -> str:
    """The game's notation as YAML comment lines, for `ruleset show` (the YAML stays valid)."""
    forms = game.forms()
    if not forms:
        return ""
    lines = ["# notation (typed moves, as `adjudicator move` reads them; words around a move, quotes,",
             "# markup and arrow emoji are read too):"]
    for form in forms:
        about = f" — {form.about}" if form.about else ""
        lines.append(f"#   {form.shape}{about}")
        lines.append(f"#       e.g. {'; '.join(form.examples)}")
    return "\n".join(lines) + "\n"


def notation_game(ruleset: Any) -> Game[Any] | None:
    """The ruleset's game with stand-in players, whose `forms()` `ruleset show` lists; None
    when its parameters cannot make one (`ruleset validate` says why)."""
    from adjudicator.matchfile import stand_in_game

    try:
        return stand_in_game(ruleset)
    except Exception:  # noqa: BLE001 — showing a ruleset never fails on its notation
        return None


def read_as(log: Any) -> str:
    """`read "I'll play rope 2 1 please" as: rope 2 1`: the host's echo when a move's post as
    typed differs from its canonical form; empty for JSON moves and posts that were the move."""
    from adjudicator.bounded import excerpt

    text = log.entry.get("text") if log.type == "move" else None
    if not isinstance(text, str) or text.lstrip().startswith(("{", "[")):
        return ""
    line = " ".join(text.split())
    summary = log.summary
    return "" if line == summary else f'read "{excerpt(line, 120)}" as: {summary}'
