"""Reading a move as a player posted it: one move found in a pasted post (issue 17).

Hosts copy posts from forums, Discord and phones: `I'll play rope 2 1 please`, `**E5 ⬆️**`,
`> ok here goes: trade 3 for 2 😅`. This module is game-agnostic. It never reads English:
it folds what phones and chat apps produce into the words the notations already read
(arrow emoji and `:arrow_up:` shortcodes to up/down/left/right, keycaps to digits), strips
quotes, markup and punctuation at the edges of words, and then asks the game's own
`parse_move`, first on the whole post (so every move typed before reads exactly as before),
then on runs of consecutive words. It keeps the longest runs that parse and decides:

- one distinct move (compared in canonical form, `format_move` after `complete_move`): it;
- none: refused, naming the closest readable move (a legal move now, else a notation example);
- two different moves: refused, quoting both. The same move said twice is one move.

The work is bounded: a post of more than MAX_POST characters is refused before any game
reads it (a 1 MB paste never hangs), and posts of at most MAX_WORDS words are searched in runs
of at most MAX_RUN words. Digits are not folded (`²` is no 2): a move's numbers are as typed.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from itertools import islice
from typing import Any, Callable, Iterable

from adjudicator.engine import Form, Game
from adjudicator.errors import NotationError

MAX_POST = 3000      # characters of a post searched for a move
MAX_WORDS = 400      # words of a post searched for a move
MAX_RUN = 40         # words in one run tried as a move: a full Track Trouble submission has about 30
MAX_LEGAL = 3000     # legal moves compared for the closest one
QUOTE_CUT = 60       # characters of a post quoted in a message

# What phones and Discord send for arrows, as the words every notation with arrows reads. The
# plain arrows ↑ → ↓ ← stay: games read them as they are (Arrowbic's arrows, the dice game's
# `trade 3 → 2`).
ARROW_FOLDS = {"⬆": "up", "⬇": "down", "⬅": "left", "➡": "right"}
SHORTCODES = re.compile(r":arrow_(up|down|left|right):", re.IGNORECASE)
KEYCAP = re.compile("([0-9#*])\ufe0f?\u20e3")
INVISIBLE = re.compile("[\ufe0e\ufe0f\u200b-\u200d\u2060\ufeff]|\U0001f3fb|\U0001f3fc|\U0001f3fd|\U0001f3fe|\U0001f3ff")
STRUCK = re.compile(r"~~.+?~~", re.DOTALL)          # struck out: the player took it back
QUOTE_MARK = re.compile(r"^[ \t]*(?:>[ \t]?)+", re.MULTILINE)   # `> ` quote markers, not the arrow `>`
# Stripped from the edges of a word: quotes, emphasis and spoiler marks, sentence punctuation.
EDGES = "\"'`‘’‚“”„«»‹›*_|~.,;:!?()[]{}…—–"


@dataclass(frozen=True)
class Reading:
    """A move read from a post: the move as parsed, the words it was read from, and whether
    it was read from the post exactly as typed (`exact`) or past chatter, markup or emoji."""

    move: dict[str, Any]
    words: str
    exact: bool


def fold(text: str) -> str:
    """The post with emoji, shortcodes, markup and quote markers turned into plain words."""
    text = STRUCK.sub(" ", text)
    text = QUOTE_MARK.sub(" ", text)
    text = KEYCAP.sub(r"\1", text)
    text = SHORTCODES.sub(lambda m: f" {m.group(1).lower()} ", text)
    text = INVISIBLE.sub("", text)
    text = "".join(f" {ARROW_FOLDS[ch]} " if ch in ARROW_FOLDS else ch for ch in text)
    return "".join(" " if unicodedata.category(ch) in ("So", "Cs", "Co", "Cn") else ch for ch in text)


def tokens(text: str) -> list[str]:
    """The post's words, with quotes, markup and punctuation stripped from their edges."""
    words = (word.strip(EDGES) for word in fold(text).split())
    return [word for word in words if word]


def is_weak(word: str) -> bool:
    """A single character or a bare number: too common in chatter ('a', 'I', '2 of them') to
    be taken as a move among other words. As the whole post it is still read."""
    return len(word) < 2 or word.isdecimal()


def try_parse(game: Game, text: str) -> dict[str, Any] | None:
    """The game's own reading of `text`, or None. Runs cut from a post are text nobody typed
    as a move, so any refusal of the game's parser means "not a move"."""
    try:
        move = game.parse_move(text)
    except Exception:  # noqa: BLE001 — a run of chatter may trip any parser; it is just not a move
        return None
    return move if isinstance(move, dict) else None


def read_post(game: Game, text: str, *, complete: Callable[[dict[str, Any]], dict[str, Any]] = lambda m: m,
              valid: Callable[[dict[str, Any]], bool] = lambda m: True,
              legal: Callable[[], Iterable[dict[str, Any]]] | None = None,
              ruleset: str = "", name: str = "") -> Reading:
    """The one move in a post, or NotationError naming the file (`name`) and why.

    `complete` fills in what the match says (the turn, the round), so two spellings of one
    move compare equal; `valid` (the move schema) drops runs that parse to no possible move;
    `legal` lists the legal moves now, for the closest one named in a refusal."""
    if len(text) > MAX_POST:   # no move is this long: refuse before any game reads it
        raise NotationError(f"{name}: the post is {len(text):,} characters; a move is read from posts of at most "
                            f"{MAX_POST:,} characters: give the part with the move.")
    error: NotationError | None = None
    try:
        typed = Reading(game.parse_move(text), text, True)   # as typed: every move read before reads the same
    except NotationError as exc:
        typed, error = None, exc
    if typed is not None and usable(typed.move, complete, valid):
        return typed
    # The post as typed is no move, or one the schema refuses (`1 T2.` boards a track 'T2.'):
    # read it as a post. When that finds no one move either, a move the game read as typed is
    # still returned, for the schema to say precisely what is wrong with it.
    try:
        return search(game, text, complete, valid, error, legal, ruleset, name)
    except NotationError:
        if typed is not None:
            return typed
        raise


def usable(move: dict[str, Any], complete: Callable[[dict[str, Any]], dict[str, Any]],
           valid: Callable[[dict[str, Any]], bool]) -> bool:
    """Does the move pass the move schema once the match filled it in?"""
    try:
        return valid(complete(move))
    except Exception:  # noqa: BLE001 — the caller's checks will say what is wrong with it
        return False


def search(game: Game, text: str, complete: Callable[[dict[str, Any]], dict[str, Any]],
           valid: Callable[[dict[str, Any]], bool], error: NotationError | None,
           legal: Callable[[], Iterable[dict[str, Any]]] | None, ruleset: str, name: str) -> Reading:
    """The post normalised as a whole, else the one move among its runs of words."""
    words = tokens(text)
    whole = " ".join(words)
    if words and whole != text:
        move = try_parse(game, whole)
        if move is not None and usable(move, complete, valid):
            return Reading(move, whole, False)
    if len(words) > MAX_WORDS:
        raise NotationError(f"{name}: the post has {len(words):,} words and holds no move as a whole; a move is "
                            f"searched for in posts of at most {MAX_WORDS:,} words: give the part with the move.")
    found = find_moves(game, words, complete, valid)
    distinct: dict[str, tuple[str, dict[str, Any]]] = {}
    for _, said, move, key in found:
        distinct.setdefault(key, (said, move))
    if len(distinct) == 1:
        said, move = next(iter(distinct.values()))
        stray = stray_number(words, [span for span, *_ in found])
        if stray is not None:
            raise NotationError(f"{name}: the post holds the move {quoted(said)} and also the number {stray} outside it, "
                                f"perhaps part of the move; give the move on its own.")
        return Reading(move, said, False)
    if len(distinct) > 1:
        (one, _), (two, _) = list(distinct.values())[:2]
        more = f" (and {len(distinct) - 2} more)" if len(distinct) > 2 else ""
        raise NotationError(f"{name}: the post holds two different moves, {quoted(one)} and {quoted(two)}{more}; "
                            f"give the one to play.")
    raise unreadable(game, text, whole, error, legal, ruleset, name)


def stray_number(words: list[str], spans: list[tuple[int, int]]) -> str | None:
    """A bare number outside every move found: moves are mostly numbers, so one left over may
    be part of the move cut off by other words ('reroll 1 and 3' is not 'reroll 1'), or one the
    game does not read as a number ('reroll ²' is not 'reroll')."""
    covered = {index for start, end in spans for index in range(start, end)}
    return next((word for index, word in enumerate(words) if index not in covered and word.isnumeric()), None)


def find_moves(game: Game, words: list[str], complete: Callable[[dict[str, Any]], dict[str, Any]],
               valid: Callable[[dict[str, Any]], bool]) -> list[tuple[tuple[int, int], str, dict[str, Any], str]]:
    """((start, end), words, move, canonical form) of each longest run of words that reads as a
    possible move: a run inside a longer one that does is part of that move ('rope 2' of
    'rope 2 1'); a run inside one that reads as no possible move is still tried ('1 T2' of
    '1 T2 2 please', where 'please' is no track)."""
    found: list[tuple[tuple[int, int], str, dict[str, Any], str]] = []
    count = len(words)
    for start in range(count):
        for end in range(min(count, start + MAX_RUN), start, -1):   # longest first
            if any(s <= start and end <= e for (s, e), *_ in found):
                break   # inside a move already found: every shorter run from here is too
            run = words[start:end]
            if all(is_weak(word) for word in run):
                continue
            move = try_parse(game, " ".join(run))
            key = None if move is None else canonical(game, move, complete, valid)
            if key is not None:
                found.append(((start, end), " ".join(run), move, key))
                break
    return found


def canonical(game: Game, move: dict[str, Any], complete: Callable[[dict[str, Any]], dict[str, Any]],
              valid: Callable[[dict[str, Any]], bool]) -> str | None:
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


# --- Refusal: the closest readable move --------------------------------------------------

def unreadable(game: Game, text: str, whole: str, error: NotationError | None,
               legal: Callable[[], Iterable[dict[str, Any]]] | None, ruleset: str, name: str) -> NotationError:
    """The refusal of a post without a move: the closest readable move and its form (a game
    that declares no notation keeps its own message, with the closest legal move if any)."""
    forms = game.forms()
    near = closest(game, whole or text.strip(), legal, forms)
    if not forms and error is not None:
        hint = f" Closest legal move: '{near}'." if near else ""
        return NotationError(f"{name}: {error.message}{hint}")
    form = form_of(near, forms) if near else None
    shown = quoted(text)
    where = f"closest: '{near}' ({form.shape})" if form else f"write {' | '.join(f.shape for f in forms)}"
    return NotationError(f"{name}: {shown} is not a move of {ruleset or game.name}; {where}.")


def closest(game: Game, typed: str, legal: Callable[[], Iterable[dict[str, Any]]] | None,
            forms: tuple[Form, ...]) -> str | None:
    """The legal move now (at most MAX_LEGAL looked at) or else the example nearest the post."""
    candidates: list[str] = []
    if legal is not None:
        for move in islice(legal(), MAX_LEGAL):
            try:
                candidates.append(game.format_move(move))
            except Exception:  # noqa: BLE001 — a move the game cannot write is not offered
                continue
    if not candidates:
        candidates = [example for form in forms for example in form.examples]
    return nearest(typed, candidates)


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
    import difflib   # only to word a refusal: off the path of every move read

    hits = difflib.get_close_matches(typed, pool, n=1, cutoff=0.0)
    return folded[hits[0]] if hits else folded[pool[0]]


def form_of(move: str, forms: tuple[Form, ...]) -> Form | None:
    """The form whose examples a move is most like (its shape is what the refusal teaches)."""
    import difflib

    scored = [(difflib.SequenceMatcher(None, move.casefold(), example.casefold()).ratio(), index, form)
              for index, form in enumerate(forms) for example in form.examples]
    return max(scored, key=lambda s: (s[0], -s[1]))[2] if scored else None


def quoted(text: str) -> str:
    """The post as a message quotes it: one line, cut to QUOTE_CUT characters."""
    line = " ".join(text.split())
    return f"'{line}'" if len(line) <= QUOTE_CUT else f"'{line[:QUOTE_CUT]}…' ({len(text):,} characters)"


def notation_data(game: Game) -> list[dict[str, Any]]:
    """The game's notation as plain data, for `ruleset show --format json`."""
    return [{"form": form.shape, "examples": list(form.examples), "about": form.about} for form in game.forms()]


def notation_comment(game: Game) -> str:
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


def notation_game(ruleset: Any) -> Game | None:
    """The ruleset's game with stand-in players, whose `forms()` `ruleset show` lists; None
    when its parameters cannot make one (`ruleset validate` says why)."""
    from adjudicator.engine import Player
    from adjudicator.registry import game_class

    try:
        players = [Player(f"player{i + 1}", f"Player {i + 1}", side) for i, side in enumerate(ruleset.sides)]
        return game_class(ruleset.game)(ruleset, players)
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
