"""Property tests of reading posts: a post is read as the move its writer meant, or
refused, never as another move.

For every ruleset (the games and their words come from what each declares: its rulesets, its
lexicon, its items; no game is named here), legal moves in canonical form, at points of the
example matches, are wrapped in chatter and given move material besides:

- chatter only: the move itself;
- a second, different legal move: refused;
- a correction or an alternative (`X... no wait, Y`, `X or Y`, `X (or Y?)`), Y a whole other
  move or a game word of one: refused;
- a stray game word of another legal move (a number, cell, troop, track...) after chatter:
  refused — a word that could be part of a move is never dropped;
- an item written in words (held or not): refused, or read with that item used;
- a game word no legal move here uses, in another sentence or aside: the move itself;
- another kind of move declined ("no race this time, rope 1 1"): the move itself;
- the move in another form (a phrase for a notation word, a slip of the fingers, other case):
  the same move as its canonical form.

CI runs a few thousand examples per ruleset; `pytest -m slow` ten times as many.
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from itertools import islice
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from adjudicator import matchfile, session
from adjudicator.errors import InputError
from adjudicator.lexicon import post_words
from adjudicator.reading import MAX_LEGAL, legal_texts, meant_word, tokens, try_parse
from adjudicator.rulesets import list_rulesets
from helpers import REPO

BEFORE = ["ok", "here", "goes:", "hmm,", "my", "move:", "—", "😅", "“", "...", "well", "alright", "so", "(sorry",
          "for", "the", "wait)", "<@318829455>", "ok!!"]   # what players write before a move
AFTER = ["please", "thanks!", "lol", "—", "😅", "🙂", "”", "...", "gg", "this", "time", "👍", "🎲", "pls", "🙏"]
SEPARATORS = ["lol", "hmm", "gg", "well", "tbh", "😅"]          # chatter that ends a run of game words
CORRECTIONS = ["... no wait,", ", actually", "— i mean", ". scratch that,"]
ALTERNATIVES = [" or ", " (or {}?)", ", or maybe "]
FAST, SLOW = 400, 4000   # examples per kind of post and ruleset


def example_matches() -> dict[str, list[dict[str, Any]]]:
    """The example matches (matches/*.json), by ruleset."""
    found: dict[str, list[dict[str, Any]]] = {}
    for path in sorted((REPO / "matches").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        found.setdefault(data["rules"]["ruleset"], []).append(data)
    return found


RULESETS = sorted(info["id"] for info in list_rulesets() if info["id"] in example_matches())


@lru_cache(maxsize=None)
def points(ruleset: str) -> list[tuple[Any, Any, str, list[str], list[str]]]:
    """(match, replay, player, canonical moves, canonical moves as typed) at points of the
    ruleset's example matches: the start and every fifth entry, each player to act."""
    out = []
    for data in example_matches()[ruleset]:
        for cut in range(0, len(data["entries"]) + 1, 5):
            part = copy.deepcopy(data)
            part["entries"] = part["entries"][:cut]
            try:
                match = matchfile.prepare(part, None)
                replay = session.replay_match(match)
            except InputError:
                continue   # a cut that leaves a void pointing past it
            game = match.game
            for player in replay.to_act():
                moves = [move for move, _ in islice(replay.legal_moves(player), 80)]
                if len(moves) < 2:
                    continue
                done = [game.format_move(game.complete_move(replay.state, player, move)) for move in moves]
                out.append((match, replay, player, done, done))
    return out


def outcome(match: Any, replay: Any, player: str, post: str) -> str:
    """The move read, in canonical form, or 'REFUSED: …'."""
    try:
        move = session.read_move(match, replay, player, post, False, "m.json")
    except InputError as exc:
        assert exc.exit_status == 2, exc.message
        return f"REFUSED: {exc.message}"
    return match.game.format_move(move)


def chatter_for(game: Any, chatter: list[str]) -> list[str]:
    """Chatter without words the game reads as move material, or hedges."""
    lexicon, around = game.lexicon(), post_words()
    hedges = {word for phrase in around.hedges for word in phrase}
    return [w for w in chatter if not lexicon.is_material(w.strip(".,:!?()“”").casefold())
            and w.strip(".,:!?()").casefold() not in hedges]


def game_words(game: Any, text: str) -> list[str]:
    """The words of a canonical move that are move material (what a stray word is taken from)."""
    lexicon = game.lexicon()
    return [w for w in text.replace(",", " ").replace(":", " ").split() if lexicon.is_material(w.casefold())]


def post_with_chatter(data: Any, game: Any, text: str) -> str:
    before = data.draw(st.lists(st.sampled_from(chatter_for(game, BEFORE)), max_size=4))
    after = data.draw(st.lists(st.sampled_from(chatter_for(game, AFTER)), max_size=4))
    mark = data.draw(st.sampled_from(["{}", "**{}**", "`{}`", "||{}||", "“{}”"]))
    quote = data.draw(st.sampled_from(["", "> "]))   # a quote marker starts a line
    return quote + " ".join([*before, mark.format(text), *after])


def draw_point(data: Any, ruleset: str) -> tuple[Any, Any, str, list[str]]:
    found = points(ruleset)
    assert found, f"no position with two legal moves in the examples of {ruleset}"
    match, replay, player, moves, _ = data.draw(st.sampled_from(found))
    return match, replay, player, moves


def other_move(data: Any, moves: list[str], text: str) -> str:
    others = [m for m in moves if m != text]
    return data.draw(st.sampled_from(others))


def stray_word(data: Any, game: Any, moves: list[str], text: str) -> str | None:
    """A game word of another legal move that the move itself does not have."""
    own = {w.casefold() for w in game_words(game, text)}
    pool = sorted({w for m in moves for w in game_words(game, m) if w.casefold() not in own})
    return data.draw(st.sampled_from(pool)) if pool else None


KINDS = ("chatter", "second", "correction", "alternative", "stray", "item", "idle", "declined", "forms")


def english_end(text: str, said: str) -> bool:
    """The one allowance: a move ending in a one-letter word English also writes ("place 1/1 I"),
    before chatter ("… I please"), may be refused as "I please" could be English; never misread."""
    return text.split()[-1].casefold() in post_words().pronouns and said.startswith("REFUSED")


def legal_words(replay: Any, player: str, game: Any) -> set[str] | None:
    """Every word of every legal move now (case-folded), or None when there are too many moves
    to look at all (the reader then treats no word as idle)."""
    texts = legal_texts(game, lambda: (move for move, _ in replay.legal_moves(player)))
    if len(texts) >= MAX_LEGAL:
        return None
    return {word for text in texts for word in tokens(text)}


def idle_pool(match: Any, replay: Any, player: str) -> list[str]:
    """The game words naming a kind of move or an item (the first word of the notation's
    examples, the item keywords), or numbers, that no legal move here uses, and that are no move
    by themselves ("retake" without the item is a second move, refused)."""
    used = legal_words(replay, player, match.game)
    if used is None:
        return []
    game = match.game
    named = {tokens(example)[0] for form in game.forms() for example in form.examples} | game.lexicon().clause_heads
    return sorted(w for w in {*named, "7", "10", "42"} if (w.isalpha() or w.isdecimal()) and w not in used
                  and w not in post_words().soft and try_parse(game, w) is None)


def kind_words(moves: list[str]) -> set[str]:
    """The words naming a kind of move: the first word of each legal move, past the turn."""
    turn = {w for w in set(tokens(moves[0])).intersection(*(tokens(m) for m in moves[1:])) if not w.isalpha()}
    return {w for w in (next((w for w in tokens(m) if w not in turn), "") for m in moves) if w.isalpha() and len(w) > 1}


def idle_word(data: Any, match: Any, replay: Any, player: str) -> str | None:
    """A word of idle_pool: whatever a post says with it in another sentence, it cannot be part
    of the move."""
    pool = idle_pool(match, replay, player)
    return data.draw(st.sampled_from(pool)) if pool else None


def declined_word(data: Any, moves: list[str], text: str) -> str | None:
    """A word naming another kind of move than the move's own: "no race this time, rope 1 1"."""
    pool = sorted(kind_words(moves) - set(tokens(text)))
    return data.draw(st.sampled_from(pool)) if pool else None


def other_form(data: Any, game: Any, text: str) -> str | None:
    """The move written another way a player writes it: a notation word as the phrase players
    write for it ("north" for up, "Block Move" for block), or mistyped as fingers slip (two
    letters swapped), or in other case."""
    lexicon = game.lexicon()
    words = text.split()
    ways: list[tuple[int, str]] = []
    for at, word in enumerate(words):
        folded = word.casefold()
        ways += [(at, " ".join(said)) for said, notation in lexicon.phrases.items()
                 if notation == (folded,) and all(part.isalpha() for part in said)]
        if folded.isalpha() and len(folded) >= 4:
            swapped = folded[:1] + folded[2] + folded[1] + folded[3:]
            if meant_word(lexicon, swapped) == folded:
                ways.append((at, swapped))
        if folded.isalpha():
            ways.append((at, word.swapcase()))
    if not ways:
        return None
    at, said = data.draw(st.sampled_from(ways))
    return " ".join([*words[:at], said, *words[at + 1:]])


def check(data: Any, ruleset: str, kind: str) -> None:
    match, replay, player, moves = draw_point(data, ruleset)
    game = match.game
    text = data.draw(st.sampled_from(moves))
    if kind == "chatter":
        post = post_with_chatter(data, game, text)
        said = outcome(match, replay, player, post)
        assert said == text or english_end(text, said), post
        return
    if kind == "second":
        post = f"{text} {data.draw(st.sampled_from(SEPARATORS))} {other_move(data, moves, text)}"
    elif kind in ("correction", "alternative"):
        other = other_move(data, moves, text)
        word = stray_word(data, game, moves, text)
        second = data.draw(st.sampled_from([other, word] if word else [other]))
        marks = CORRECTIONS if kind == "correction" else ALTERNATIVES
        mark = data.draw(st.sampled_from(marks))
        post = f"{text}{mark.format(second)}" if "{}" in mark else f"{text}{mark} {second}"
    elif kind == "stray":
        word = stray_word(data, game, moves, text)
        assume(word is not None)
        post = f"{text} {data.draw(st.sampled_from(SEPARATORS))} {word}"
    elif kind == "idle":
        word = idle_word(data, match, replay, player)
        assume(word is not None)
        sep = data.draw(st.sampled_from(SEPARATORS))
        post = data.draw(st.sampled_from([f"{text}. {sep} {word} {sep}", f"{sep} {word} {sep}. {text}", f"{text} ({sep} {word})"]))
        said = outcome(match, replay, player, post)
        assert said == text or english_end(text, said), (post, said)   # a word no legal move uses, apart: chatter
        return
    elif kind == "declined":
        word = declined_word(data, moves, text)
        assume(word is not None)
        post = data.draw(st.sampled_from([f"no {word} this time, {text}", f"{text}, not {word}", f"{text} (no {word})"]))
        said = outcome(match, replay, player, post)
        assert said == text or english_end(text, said), (post, said)   # a kind of move declined: no part of it
        return
    elif kind == "forms":
        other = other_form(data, game, text)
        assume(other is not None)
        said = outcome(match, replay, player, other)
        assert said == outcome(match, replay, player, text) == text, (other, said)
        return
    else:
        items = item_names(match)
        assume(bool(items))
        item_id, name = data.draw(st.sampled_from(items))
        post = f"{text} + {name}"
        said = outcome(match, replay, player, post)
        if not said.startswith("REFUSED"):
            read = session.read_move(match, replay, player, post, False, "m.json")
            assert item_id in game.items_used(read), (post, said)
        return
    said = outcome(match, replay, player, post)
    assert said.startswith("REFUSED"), (kind, post, said)


def item_names(match: Any) -> list[tuple[str, str]]:
    """(item id, name) of the ruleset's items that the game's words say in a post."""
    lexicon = match.game.lexicon()
    items = match.ruleset.items

    def said(name: str) -> bool:
        words = tuple(name.casefold().split())
        return bool(words) and (words in lexicon.phrases or all(w in lexicon.words for w in words))

    return sorted((item_id, str(spec.get("name"))) for item_id, spec in items.items()
                  if isinstance(spec, dict) and said(str(spec.get("name", ""))))


def property_test(examples: int) -> Any:
    """The property, for every ruleset and kind of post, with `examples` posts each."""
    @pytest.mark.parametrize("kind", KINDS)
    @pytest.mark.parametrize("ruleset", RULESETS)
    @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(data=st.data())
    def test(ruleset: str, kind: str, data: Any) -> None:
        if kind == "item" and not any(item_names(match) for match, *_ in points(ruleset)):
            pytest.skip(f"{ruleset} has no item said in words")
        if kind == "idle" and not any(idle_pool(match, replay, player) for match, replay, player, *_ in points(ruleset)):
            pytest.skip(f"{ruleset} has no position with few enough legal moves and a word none uses")
        if kind == "declined" and not any(len(kind_words(moves)) > 1 for *_, moves, _ in points(ruleset)):
            pytest.skip(f"{ruleset} has no position with two kinds of move")
        check(data, ruleset, kind)
    return test


test_a_post_reads_as_meant_or_is_refused = property_test(FAST)
test_a_post_reads_as_meant_or_is_refused_many_more = pytest.mark.slow(property_test(SLOW))


def test_every_ruleset_has_positions_and_the_item_kind_is_exercised():
    """The generators have something to draw from: positions with two legal moves for every
    ruleset with examples, and items said in words for the rulesets that have them."""
    assert len(RULESETS) >= 6
    for ruleset in RULESETS:
        assert points(ruleset), ruleset
    with_items = [r for r in RULESETS if any(item_names(match) for match, *_ in points(r))]
    assert len(with_items) >= 3, with_items
    with_idle = [r for r in RULESETS if any(idle_pool(match, replay, player) for match, replay, player, *_ in points(r))]
    assert len(with_idle) >= 4, with_idle
    with_kinds = [r for r in RULESETS if any(len(kind_words(moves)) > 1 for *_, moves, _ in points(r))]
    assert len(with_kinds) >= 3, with_kinds
