"""adjudicator.lexicon: the words of each game's moves and the words around them, as data."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adjudicator import lexicon
from adjudicator.game import Form, Game, Player
from adjudicator.lexicon import Lexicon, item_phrases, post_words, words_of_forms
from adjudicator.registry import game_class
from adjudicator.rulesets import list_rulesets, resolve


def test_numbers_are_always_material_and_shapes_match_whole_words():
    words = Lexicon(frozenset({"rope"}), (r"[a-h]\d",))
    assert words.is_material("rope") and words.is_material("12") and words.is_material("³")
    assert words.is_material("c4") and not words.is_material("c4x") and not words.is_material("please")


def test_a_game_without_a_lexicon_reads_the_words_of_its_examples():
    forms = (Form("take N", ("take 2", "take 1, pass")), Form("pass", ("pass",)))
    assert words_of_forms(forms).words == frozenset({"take", "pass"})
    game = Game.__new__(Game)
    assert game.lexicon().words == frozenset()   # no notation: nothing is material but numbers
    assert game.reword(None, "p", ["x"]) == ["x"]  # type: ignore[list-item]


def test_items_are_said_by_name_and_by_id():
    items = {"block-move": {"name": "Block Move"}, "starter": {"name": "Starter"}}
    phrases = item_phrases(items, {"block-move": ("block",), "retake": ("retake",)})
    assert phrases == {("block", "move"): ("block",), ("block-move",): ("block",)}


def test_posts_yaml_refuses_what_yaml_reads_as_booleans(tmp_path, monkeypatch):
    """`on`, `no`, `yes`, `off` unquoted are booleans to YAML: the loader names the bad entry."""
    data = yaml.safe_load((Path(lexicon.__file__).parent / "posts.yaml").read_text(encoding="utf-8"))
    data["glue"].append(True)
    fake = tmp_path / "posts.yaml"
    fake.write_text(yaml.safe_dump(data), encoding="utf-8")
    monkeypatch.setattr(lexicon, "__file__", str(tmp_path / "lexicon.py"))
    post_words.cache_clear()
    try:
        with pytest.raises(ValueError, match="True is not a word; quote it"):
            post_words()
    finally:
        monkeypatch.undo()
        post_words.cache_clear()
    assert "on" in post_words().glue


def every_game() -> list[tuple[str, Game]]:
    out = []
    for info in list_rulesets():
        ruleset = resolve(info["id"])
        players = [Player(f"p{i + 1}", f"P{i + 1}", side) for i, side in enumerate(ruleset.sides)]
        out.append((info["id"], game_class(ruleset.game)(ruleset, players)))
    return out


@pytest.mark.parametrize("ruleset_id, game", every_game(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_word_of_every_notation_example_is_material_or_glue(ruleset_id, game):
    """What a game's notation writes is what its lexicon reads: no word of an example would be
    taken for chatter (and a word the post reader drops is one the examples never need)."""
    words = game.lexicon()
    around = post_words()
    checked = 0
    for form in game.forms():
        for example in form.examples:
            for word in example.replace(",", " ").split():
                word = word.strip(":").casefold()
                if word.startswith(("r", "t", "c")) and word[1:].isdecimal():
                    continue   # a round, turn or crossing prefix is read as typed
                assert words.is_material(word) or word in around.glue or word in ("nothing", "-"), (ruleset_id, word)
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("ruleset_id, game", every_game(), ids=lambda v: v if isinstance(v, str) else "")
def test_no_game_word_is_a_hedge(ruleset_id, game):
    """A word that takes back or hedges ('no', 'or', 'wait') is never a game's: it must end a run."""
    words = game.lexicon()
    hedges = [phrase[0] for phrase in post_words().hedges if len(phrase) == 1]
    assert [h for h in hedges if words.is_material(h)] == []


def test_posts_yaml_reads_the_same_with_either_loader():
    """post_words reads posts.yaml with libyaml's safe loader for speed (start-up of `move`);
    the pure-Python safe loader must read the very same words from it."""
    text = (Path(lexicon.__file__).parent / "posts.yaml").read_text(encoding="utf-8")
    fast = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # noqa: S506
    assert fast == yaml.safe_load(text)
    assert repr(fast) == repr(yaml.safe_load(text))   # the same types too (True is not 1 in repr)
