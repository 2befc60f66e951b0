"""Tug of War posts that name their cards in words (TugOfWarNotation.reword): resolved against
the mover's hand (TW-2), written before the module or after it, in an order said or in no
order where the order changes nothing (TW-5); and the near misses that stay refused.

Positions (tests/helpers/post_positions.py): in `tow1-start`/`tow2-start` sally holds 1 1 1;
in `tow1-second`/`tow2-second` maddie holds 1 1 2. `race_at_2` below puts sally on step 2 of
v2's Race (a puddle on step 4, TW-11), where the order of a 2 and a 1 changes the turn."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator import matchfile, session
from adjudicator.errors import InputError
from helpers.post_positions import first_to_act, read
from helpers.tug_of_war import tw_match


def posted(name: str, post: str) -> str:
    """The post as `move` reads it for the player to act in the named position."""
    return read(name, first_to_act(name), post)


def refused(name: str, post: str) -> str:
    """The refusal of a post that must not be read."""
    with pytest.raises(InputError) as info:
        posted(name, post)
    return str(info.value)


# --- Number words and counts as cards ------------------------------------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-start", "race one", "race 1"),
    ("tow1-start", "conker one one one", "conker 1 1 1"),
    ("tow2-second", "tower two, option A", "tower 2 A"),
    ("tow1-second", "clock one two", "clock 1 2"),
    ("tow2-second", "rope 1 and one", "rope 1 1"),           # the list goes on in words
    ("tow2-start", "tower with two 1s, option B", "tower 1 1 B"),
    ("tow1-start", "race with three ones", "race 1 1 1"),
    ("tow2-second", "conker with both 1s", "conker 1 1"),
    ("tow1-second", "clock with a single 2", "clock 2"),
    ("tow1-start", "collation with all of my 1s", "collation 1 1 1"),
    ("tow2-start", "race with all three", "race 1 1 1"),
])
def test_cards_in_words_read_as_their_digits(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post, move", [
    ("tow2-start", "clock with one card", "clock 1"),         # every card of the hand is a 1
    ("tow2-start", "conker with one", "conker 1"),            # the count and the value name the same card
    ("tow1-start", "maze left with one card, then up with the other one", "maze 1 left 1 up"),
    ("tow1-second", "rope with everything", "rope 1 1 2"),    # on Rope their order changes nothing here
])
def test_a_count_of_cards_reads_where_the_hand_makes_it_certain(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("post", [
    "clock with one card",        # a 1 or the 2?
    "conker with one",            # the card 1, or one card: the 2 too
    "rope with two",              # the card 2, or two cards
    "maze up with one card",
    "race with the other one",
])
def test_a_count_the_hand_does_not_make_certain_is_refused(post: str) -> None:
    assert "hand: 1 1 2" in refused("tow1-second", post)


@pytest.mark.parametrize("name, post", [
    ("tow1-second", "all three 1s on rope"),     # maddie holds two 1s
    ("tow2-second", "rope with both 2s"),
    ("tow2-start", "race with all four"),        # sally holds three cards
])
def test_a_count_the_hand_does_not_hold_is_refused(name: str, post: str) -> None:
    assert "the hand holds" in refused(name, post) or "it holds" in refused(name, post)


def test_a_number_word_outside_a_move_stays_chatter() -> None:
    assert posted("tow1-start", "good one lol. race 1") == "race 1"
    assert posted("tow2-start", "I took the other one last time; clock 1") == "clock 1"
    assert "one" in refused("tow2-second", "rope 1 and one more")   # "1 more" counts something else


# --- Cards written before their module ---------------------------------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-second", "I put the 2 on clock", "clock 2"),
    ("tow2-second", "my 1 goes into collation", "collation 1"),
    ("tow2-start", "two 1s onto conker... wait, onto race", None),    # a correction: refused
    ("tow1-start", "a 1 on tower, option A", "tower 1 A"),
    ("tow2-start", "one 1 on the path at c4", "path 1@C4"),
    ("tow1-start", "all my 1s go on race", "race 1 1 1"),
])
def test_cards_before_their_module_read_after_it(name: str, post: str, move: str | None) -> None:
    if move is None:
        refused(name, post)
    else:
        assert posted(name, post) == move


@pytest.mark.parametrize("post", [
    "the 2 on rope 1",                     # the module has cards of its own: which are played?
    "my 2 on rope, the 1 on race",         # two moves
    "don't put my 2 on rope, race 1",      # negated
    "the 2 on rope... wait, on race",      # corrected
    "my 2 on rope or clock?",
])
def test_cards_before_a_module_stay_refused_when_unclear(post: str) -> None:
    refused("tow1-second", post)


# --- The order of the cards (TW-5) -----------------------------------------------------

def race_at_2() -> tuple[Any, Any]:
    """v2: sally on Race step 2 (a puddle on step 4), holding 1 2 2, to play; Race open to her."""
    data = tw_match([("sally", "race 1 1"), ("maddie", "rope 1"), ("sally", "conker 1"), ("maddie", "clock 1")],
                    params={"starting_hands": {"first": [1, 1, 1, 2], "second": [1, 1, 2]}})
    match = matchfile.prepare(data, None)
    return match, session.replay_match(match)


def race_post(post: str) -> str:
    match, replay = race_at_2()
    return match.game.format_move(session.read_move(match, replay, "sally", post, False, "m.json"))


@pytest.mark.parametrize("post, move", [
    ("race with the 2 and a 1 (2 first)", "race 2 1"),     # 2 → step 4, stopped by the puddle; 1 → 5
    ("race with the 2 and a 1, the 1 first", "race 1 2"),  # 1 → 3; 2 → stopped at 4
    ("my 1 and a 2 on race (1 first)", "race 1 2"),
])
def test_the_order_said_is_the_order_played(post: str, move: str) -> None:
    assert race_post(post) == move


@pytest.mark.parametrize("post", [
    "race with the 2 and a 1",
    "put my 1 and a 2 on race",
    "race with all my cards",
    "race with the 2 and a 1 (3 first)",
])
def test_cards_in_no_order_are_refused_where_their_order_changes_the_turn(post: str) -> None:
    with pytest.raises(InputError):
        race_post(post)


def test_cards_in_no_order_read_where_their_order_changes_nothing() -> None:
    # Conker adds the cards up (TW-16); Race from step 0 without puddles (v1) too (TW-11).
    assert posted("tow1-second", "conker with the 2 and a 1") == "conker 2 1"
    assert posted("tow1-second", "my 2 and a 1 on race") == "race 2 1"
    # Path pairs each card with an anchor (TW-3): never guessed.
    assert "no order" in refused("tow2-second", "the 2 and the 1 on path at a1 b2")


def test_a_list_given_again_in_digits_is_read_in_the_digits_order() -> None:
    assert posted("tow1-second", "clock with everything: 2 1 1") == "clock 2 1 1"


# --- "MODULE is blocked" beside a Block Move (TW-18) -------------------------------------

def test_a_block_move_told_as_the_module_blocked_reads_as_the_item() -> None:
    assert posted("tow2-start", "I use Block Move: clock is blocked!\nconker 1 1") == "conker 1 1 block clock"
    assert posted("tow1-second", "race 2 + my block move: rope is blocked") == "race 2 block rope"


@pytest.mark.parametrize("name, post", [
    ("tow2-start", "race is blocked, rope 1"),                  # tells of a bar (TW-4): no item named
    ("tow1-second", "rope 2. tower is blocked"),
    ("tow2-start", "block move on race, clock is blocked. rope 1"),   # which is blocked?
])
def test_a_module_told_blocked_without_its_block_move_stays_refused(name: str, post: str) -> None:
    refused(name, post)


def test_cards_joined_by_then_are_in_the_order_said() -> None:
    assert race_post("race with the 2 then a 1") == "race 2 1"
    assert race_post("my 1 then my 2 on race") == "race 1 2"
    with pytest.raises(InputError):
        race_post("race with the 1 then the 2 and a 2")   # "and": the last two in no order


def test_cards_are_not_tied_to_a_module_across_a_sentence() -> None:
    assert posted("tow1-second", "rope: the 2") == "rope 2"
    refused("tow1-second", "I like rope. the 2 on race")   # Rope is left over: was it meant?
