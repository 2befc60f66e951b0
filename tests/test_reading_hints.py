"""A refusal's hint is only ever the move the post wrote: for every post of the tables of
realistic posts (tests/data/posts*.yaml) and the posts whose hints
once named another move, a refused post's hint is absent, or a move that holds every game word
of the post, in order, and adds none: no card, die, troop, cell, location, track or item the
post did not write (a word typed with a slip, `rop` for rope, counts as written)."""

from __future__ import annotations

import difflib
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from adjudicator import session
from adjudicator.errors import InputError
from adjudicator.reading import CHATTER, classify, legal_texts, post_as_words
from helpers.post_positions import position

DATA = Path(__file__).parent / "data"
TABLES = [entry for table in ("posts.yaml", "posts-fresh.yaml", "posts-blind.yaml", "posts-fourth.yaml", "posts-fifth.yaml", "posts-sixth.yaml",
                                     "posts-seventh.yaml", "posts-eighth.yaml", "posts-ninth.yaml",
                                     "posts-tenth.yaml", "posts-eleventh.yaml",
                                     "posts-twelfth.yaml")
          for entry in yaml.safe_load((DATA / table).read_text(encoding="utf-8"))]
# Posts whose hints once named a move nobody posted (a discard of another card, a re-roll for a
# keep, a withdrawal for "keep everything", a card the post discarded played, another card).
ONCE_WRONG = [
    {"position": "tow1-start", "player": "sally", "post": "drop one of the ones"},
    {"position": "dice-turn", "player": "bernd", "post": "no reroll, keeping it"},
    {"position": "ws-relocation-r1", "player": "sally", "post": "I'll keep everything as is"},
    {"position": "tow1-second", "player": "maddie", "post": "tower 1 C and I'll bin the 2"},
    {"position": "tow1-second", "player": "maddie", "post": "5 on clock, finish it off"},
    {"position": "tow1-start", "player": "sally", "post": "maze 1 up then left"},
    {"position": "tt-r1c1", "player": "sally", "post": "send everyone down the middle"},
    {"position": "tt-r1c1", "player": "sally", "post": "1 to T2 and the rest wherever"},
]
# Posts refused with a hint that writes them: a typo no slip explains, a letter that may be English.
HINTED = [
    {"position": "tow2-start", "player": "sally", "post": "rop 1 1"},
    {"position": "arrowbic-start", "player": "sally", "post": "I9 riht"},
    {"position": "tow1-start", "player": "sally", "post": "mze 1 up 1 left"},
    {"position": "tow1-start", "player": "sally", "post": "tower 1 at a time, gl"},
]
HINT = re.compile(r"(?:Closest legal move|closest): '([^']+)'")
TURN = re.compile(r"[rtc]\d+")          # the turn, round or crossing the match fills in
FILLED = {"place", "set"}               # words every move of its phase writes


def refusal(entry: dict[str, Any]) -> tuple[str, Any] | None:
    """(the refusal's message, the match) when the post is refused as unreadable; else None."""
    match, replay = position(entry["position"])
    try:
        session.read_move(match, replay, entry["player"], entry["post"], False, "m.json")
    except InputError as exc:
        return str(exc), (match, replay)
    return None


def game_words(match: Any, replay: Any, player: str, post: str) -> list[str]:
    """The post's words some legal move here writes, as the reader's notation words, in order;
    not a one-letter word the reader takes for English ("and a cup of tea": no option A)."""
    legal = legal_texts(match.game, lambda: (move for move, _ in match.game.legal_moves(replay.state, player)))
    vocabulary = {word for text in legal for word in text.casefold().replace(",", " ").replace(":", " ").split()}
    words = post_as_words(match.game, post, as_read(match, replay, player))
    kinds = classify(match.game, words)
    return [w.text.casefold() for w, kind in zip(words, kinds, strict=True)
            if w.text.casefold() in vocabulary and kind != CHATTER]


def as_read(match: Any, replay: Any, player: str) -> Any:
    """The game's reading of what only the position resolves ("one card" with a hand of 1s is
    the card 1; "the 6" is the die showing 6): the post's words as the reader has them."""
    return lambda words: match.game.reword(replay.state, player, words)


def written(word: str, post: Counter[str]) -> bool:
    """Did the post write this word of the hint, as typed or with a slip of letters?"""
    if post[word] > 0:
        post[word] -= 1
        return True
    near = next((typed for typed, n in post.items() if n > 0 and word.isalpha() and typed.isalpha()
                 and difflib.SequenceMatcher(None, word, typed).ratio() >= 0.8), None)
    if near is None:
        return False
    post[near] -= 1
    return True


def test_the_posts_are_many_and_some_hints_are_checked():
    refused = [entry for entry in TABLES + ONCE_WRONG + HINTED if refusal(entry) is not None]
    hinted = [entry for entry in refused if HINT.search(refusal(entry)[0])]   # type: ignore[index]
    assert len(refused) >= 100 and len(hinted) >= 5, (len(refused), len(hinted))


@pytest.mark.parametrize("entry", TABLES + ONCE_WRONG + HINTED, ids=lambda e: f"{e['position']}: {' '.join(e['post'].split())[:40]}")
def test_a_hint_is_the_move_the_post_wrote_or_none(entry):
    refused = refusal(entry)
    if refused is None:
        return
    message, (match, replay) = refused
    hint = HINT.search(message)
    if hint is None:
        return
    shown = [w for w in hint.group(1).casefold().replace(",", " ").replace(":", " ").split()
             if not TURN.fullmatch(w) and w not in FILLED]
    said = post_as_words(match.game, entry["post"], as_read(match, replay, entry["player"]))
    post = Counter(part for w in said for part in w.text.casefold().replace(",", " ").split())   # "1,1,2" is 1 1 2
    added = [word for word in shown if not written(word, post)]
    assert not added, f"the hint {hint.group(1)!r} adds {added} to {entry['post']!r}"
    wanted = game_words(match, replay, entry["player"], entry["post"])
    left = list(shown)
    for word in (w for w in wanted if not TURN.fullmatch(w) and w not in FILLED):
        assert word in left, f"the hint {hint.group(1)!r} leaves out {word!r} of {entry['post']!r}"
        left = left[left.index(word) + 1:]
