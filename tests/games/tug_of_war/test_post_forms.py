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
from helpers.post_positions import entered, first_to_act, read
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
    "race two",                   # likewise, right after the module (a blind table's misread)
    "tower two, option A",
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


# --- A count and the cards said after it are the same cards --------------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-start", "clock with one card (a 1)", "clock 1"),
    ("tow1-second", "conker with two cards: a 1 and the 2", "conker 1 2"),   # Conker adds them up (TW-16)
    ("tow1-second", "tower with one card, the 2, option B", "tower 2 B"),
    ("tow2-start", "rope with one (my 1)", "rope 1"),
])
def test_cards_said_after_their_count_are_the_cards_counted(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-start", "race with one card, a 1 and a 1"),    # one card, or two?
    ("tow1-second", "conker with one card (the 2 and a 1)"),
    ("tow1-start", "race with one one"),                  # one 1, or 1 1?
    ("tow1-second", "conker with two (the 2)"),           # the card 2, or two cards?
    ("tow1-start", "race 1, the 1"),                      # the same 1 again, or another?
    ("tow1-start", "clock 1 (a 1)"),
    ("tow1-start", "clock 1 1, one of my 1s"),
])
def test_cards_named_again_beside_their_count_or_digits_are_refused(name: str, post: str) -> None:
    refused(name, post)


# --- An order said of typed cards orders them, never adds one (TW-5) -----------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-second", "conker 2 and 1 (the 2 first)", "conker 2 1"),
    ("tow2-second", "collation: 1 2, the 1 first", "collation 1 2"),
])
def test_an_order_said_after_typed_cards_orders_them(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("post, why", [
    ("conker 2 1 (the 1 first)", "typed 2 1"),        # the order said is not the order typed
    ("conker 1 2 (the 5 first)", "typed 1 2"),
    ("conker 2 1 1 first", "one more 1"),             # a third card, or the order said?
    ("the 2 first", "of no cards"),
])
def test_an_order_said_that_does_not_fit_the_typed_cards_is_refused(post: str, why: str) -> None:
    assert why in refused("tow1-second", post)


# --- More ways to write cards: single 1, 1 card, both my 1s, w/ ------------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow2-start", "race, single 1", "race 1"),               # cards past a comma after the module
    ("tow1-start", "conker: lone 1", "conker 1"),
    ("tow2-start", "Tower, 2 cards, option C", "tower 1 1 C"),  # every card of the hand is a 1
    ("tow2-second", "conker w/ both of my 1s", "conker 1 1"),
    ("tow1-second", "clock with both the ones", "clock 1 1"),
    ("tow2-second", "collation w/ two of my 1s", "collation 1 1"),
    ("tow1-second", "block move on race, my 2 on clock", "clock 2 block race"),
])
def test_more_ways_to_write_cards_read(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("post", [
    "tower, 1 card, option B",       # the 1 or the 2?
    "clock 2 cards",                 # two cards, not the card 2: which two?
    "block move on clock, two 1s",   # Clock is blocked, not played: which module?
])
def test_cards_written_those_ways_stay_refused_when_unclear(post: str) -> None:
    refused("tow1-second", post)


# --- A Path list going on, Maze's tilts before their cards (TW-14, TW-15) ---------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow2-start", "path 1 at B2 and a 1 at D4", "path 1@B2 1@D4"),
    ("tow2-second", "path 2 on A1 and my 1 on H8", "path 2@A1 1@H8"),
    ("tow1-start", "maze: west then south, two 1s", "maze 1 left 1 down"),
    ("tow1-start", "maze up, right with both... no, all three", None),   # corrected: refused
    ("tow1-second", "maze up then left with the 2 then a 1", "maze 2 up 1 left"),
])
def test_path_and_maze_cards_in_words_read(name: str, post: str, move: str | None) -> None:
    if move is None:
        refused(name, post)
    else:
        assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-second", "maze up then left (the 2 and a 1)"),   # which card tilts up? (TW-3)
    ("tow1-start", "maze up then left (one 1)"),            # one card for two tilts
    ("tow1-start", "maze up then right (two 1s). rope 1"),
])
def test_maze_tilts_and_cards_that_do_not_pair_are_refused(name: str, post: str) -> None:
    refused(name, post)


# --- Cards kept in hand ------------------------------------------------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow2-second", "conker 1 1, keeping my 2 for next turn", "conker 1 1"),
    ("tow1-second", "saving the 2. tower 1 1 B", "tower 1 1 B"),
    ("tow2-second", "holding back the 2 for now. collation 1 1", "collation 1 1"),
])
def test_cards_kept_in_hand_are_not_played(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("post", [
    "clock 2 1 (holding the 2 for later)",     # kept, or played?
    "clock 1 1 (keeping my 1s for later)",     # no 1 is left to keep
    "clock 1 1, keeping the 2 for later... or rope 1",
])
def test_cards_kept_that_the_move_plays_are_refused(post: str) -> None:
    refused("tow2-second", post)


# --- Block Move with an arrow; a move left unfinished ----------------------------------------

def test_a_block_move_arrow_points_at_its_module_not_a_maze_tilt() -> None:
    assert posted("tow1-second", "race 2 + Block Move → tower") == "race 2 block tower"
    assert posted("tow1-start", "block → clock, rope 1 1") == "rope 1 1 block clock"


@pytest.mark.parametrize("name, post", [
    ("tow1-start", "maze 1 left then ???"),
    ("tow1-start", "race 1 then"),
    ("tow2-second", "path 1 on B3 then we'll see"),
])
def test_a_move_that_goes_on_after_then_with_no_card_is_refused(name: str, post: str) -> None:
    assert "unfinished" in refused(name, post)


def test_cards_after_then_still_read() -> None:
    assert posted("tow1-start", "maze 1 left then 1 up") == "maze 1 left 1 up"
    assert posted("tow1-second", "race 1 then my 2") == "race 1 2"


# --- Words around the notation: Tower's option named, Maze's verb, "w/", "X time" ------------

@pytest.mark.parametrize("name, post, move", [
    ("tow2-start", "tower with all three, reward A", "tower 1 1 1 A"),     # TW-17: the option as its reward
    ("tow1-second", "tower 2 1 1. I'll take B", "tower 2 1 1 B"),    # TW-17: the option as the one taken
    ("tow2-second", "tower 1, take C", "tower 1 C"),
    ("tow1-start", "maze: tilt it left with one card", "maze 1 left"),    # TW-14: Maze's verb
    ("tow1-start", "maze 1 up, then tilts right with another one", "maze 1 up 1 right"),
    ("tow2-second", "race w/ 1 1", "race 1 1"),                           # "w/": with
    ("tow1-second", "Rope time! 1 1", "rope 1 1"),
])
def test_words_around_the_notation_read(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow2-start", "tower 1 1 1, I'll take B or C"),    # an alternative
    ("tow2-start", "tower 1 1 1 C, take B?"),           # a question after the move
    ("tow2-start", "tower 1, reward A. no wait, reward B"),
    ("tow1-start", "tilt it down"),                     # no card, no Maze: nothing played
    ("tow1-start", "rope 1 1, take back, rope 1"),      # a correction, not Tower's option
])
def test_words_around_the_notation_near_misses_are_refused(name: str, post: str) -> None:
    refused(name, post)


# --- More ways to name cards: "my two", "just the 2", "single one", "1 strength card", tiles ---

@pytest.mark.parametrize("name, post, move", [
    ("tow2-second", "rope with my two", "rope 2"),               # maddie holds one 2, and three cards
    ("tow1-second", "the two goes on race", "race 2"),
    ("tow1-second", "conker with only the 2", "conker 2"),
    ("tow2-second", "clock, just my two 1s", "clock 1 1"),
    ("tow2-start", "race, a lone one", "race 1"),               # every card of the hand is a 1
    ("tow2-start", "collation with single one", "collation 1"),
    ("tow1-second", "2 strength card on clock", "clock 2"),     # TW-2: a card is its strength
    ("tow2-start", "path with one tile on B3", "path 1@B3"),    # TW-15: a Path card is laid as a tile
])
def test_more_card_names_read(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-start", "rope with my two"),           # sally holds no 2: two cards?
    ("tow1-second", "rope, single one"),          # the 1, or one card (the 2 too)?
    ("tow2-second", "clock with just one"),
    ("tow1-second", "race with the two cards"),   # which two?
    ("tow1-second", "conker with the two of them"),
])
def test_more_card_names_near_misses_are_refused(name: str, post: str) -> None:
    refused(name, post)


# --- The card said first, then the next: "the 2 first, then a 1" (TW-5) ---------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-second", "conker: the 1 first, then my 2", "conker 1 2"),
    ("tow2-second", "race with 2 first then both 1s", "race 2 1 1"),
    ("tow1-second", "the 2 first, then a 1 on the clock", "clock 2 1"),
])
def test_the_card_said_first_then_the_next_read_in_that_order(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("post", [
    "race: the 2 first, then idk",       # the rest unsaid
    "rope 1, the 2 first then a 1",      # the 1 typed, then an order of other cards
    "clock: the 2 first, then 1",        # a 1 more, or the count of cards left?
])
def test_the_card_said_first_near_misses_are_refused(post: str) -> None:
    refused("tow1-second", post)


# --- Maze and Path cards named in words before each tilt or cell (TW-14, TW-15) -------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-start", "maze, the 1 right then a 1 down", "maze 1 right 1 down"),
    ("tow1-start", "maze: a 1 up and then a 1 left", "maze 1 up 1 left"),
    ("tow2-start", "path: a 1 at B2 and a 1 at F7", "path 1@B2 1@F7"),
])
def test_cards_in_words_before_each_tilt_or_cell_read(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-start", "maze, the 1 right then a 1"),          # the second card's tilt unsaid (TW-14)
    ("tow1-start", "maze, the 1 right then a 1 up or down"),
    ("tow2-start", "path: a 1 at B2 and a 1"),             # the second card's cell unsaid (TW-15)
])
def test_cards_in_words_before_each_tilt_or_cell_near_misses_are_never_entered(name: str, post: str) -> None:
    # refused as read, or (a Path card with no cell, as 'path 1 at B2 and 1' typed) by the rules
    assert entered(name, first_to_act(name), post) is None


# --- Counts as multipliers ("x2", "×3", "2x", "times two") ------------------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-start", "rope 1 x2", "rope 1 1"),
    ("tow2-start", "clock ×3 1s", "clock 1 1 1"),
    ("tow1-second", "race 2x 1, block move on rope", "race 1 1 block rope"),
    ("tow2-second", "conker 1 times two", "conker 1 1"),
    ("tow1-start", "tower with 1s x2, A", "tower 1 1 A"),
    ("tow2-start", "collation x2 (both 1s)", "collation 1 1"),     # the count, then the cards it counts
    ("tow1-start", "rope x2 (a 1 and a 1)", "rope 1 1"),
    ("tow1-start", "clock x2 1s + block move on rope", "clock 1 1 block rope"),
    ("tow2-start", "rope 1 x2, block move on race", "rope 1 1 block race"),
])
def test_a_multiplier_counts_the_card_it_stands_by(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-second", "rope x2"),                    # two of what? (1 1, or a 1 and the 2)
    ("tow1-second", "clock x3 (both 1s)"),         # three counted, two named
    ("tow1-second", "clock x2 (1 and 2)"),         # is the x2 the 1's, or both cards'?
    ("tow1-start", "rope 1 twice"),                # two 1s, or rope 1 on two turns?
    ("tow1-second", "rope 1 x2 or race 2"),        # an alternative
    ("tow1-start", "rope 1 x2... wait, x3"),       # a correction
    ("tow1-start", "rope 1, x2"),                  # set apart: two 1s, or rope 1 twice?
    ("tow2-start", "rope 1s, x2"),
    ("tow1-start", "rope x2 (1 and 1)"),           # the x2 counts the first 1, or both?
    ("tow1-start", "race 1 1 x2"),
])
def test_a_multiplier_that_is_not_certain_is_refused(name: str, post: str) -> None:
    refused(name, post)


def test_a_multiplier_past_the_hand_is_not_entered() -> None:
    assert entered("tow1-second", "maddie", "rope 1 x3") is None   # maddie holds two 1s
    assert entered("tow2-start", "sally", "race 1s x4") is None


# --- One card of a value: "a one", "one 1 card", "a 2 card" -------------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-second", "race with a two", "race 2"),
    ("tow2-second", "rope with a one and a two", "rope 1 2"),
    ("tow1-start", "race w/ one 1 card, and block move on collation", "race 1 block collation"),
    ("tow2-second", "clock w/ one 2 card", "clock 2"),
    ("tow1-second", "collation, a 1 card and the 2 card", "collation 1 2"),
    ("tow2-start", "tower with two 1 cards, B", "tower 1 1 B"),
    ("tow1-start", "rope with a pair of 1s", "rope 1 1"),
    ("tow2-second", "race: pair of ones", "race 1 1"),
    ("tow1-start", "a pair of 1s on clock", "clock 1 1"),
    ("tow2-start", "race with a one. block move on tower.", "race 1 block tower"),   # the item after the cards
    ("tow2-second", "rope with a one, block move → path", "rope 1 block path"),
])
def test_one_card_of_a_value_in_words(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-second", "race with the 2 cards"),      # the 2, or two cards?
    ("tow1-second", "race with one 1 cards"),
    ("tow1-second", "clock with a one... no, a two"),
    ("tow1-start", "rope with a pair"),            # of what?
    ("tow1-start", "conker — both my 1s"),         # sally holds three 1s
])
def test_one_card_of_a_value_stays_refused_where_unclear(name: str, post: str) -> None:
    refused(name, post)


# --- The whole hand: "all of them" ----------------------------------------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow2-second", "collation with all of them", "collation 1 1 2"),
    ("tow1-second", "tower, all of them, A", "tower 1 1 2 A"),
    ("tow2-start", "race with all of em", "race 1 1 1"),
    ("tow1-second", "Clock — all of them (2,1,1)", "clock 2 1 1"),   # restated in the order played
])
def test_all_of_them_is_the_whole_hand(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


def test_all_of_them_restated_otherwise_is_not_entered() -> None:
    assert entered("tow1-second", "maddie", "clock, all of them: 2,1,1,2") is None
    refused("tow1-second", "rope with both of them")     # maddie holds three cards


# --- Verbs of playing between the module and its cards ---------------------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-start", "ok rope time, throwing two of my 1s in", "rope 1 1"),
    ("tow2-second", "race: playing both 1s", "race 1 1"),
    ("tow1-second", "clock, throwing in the 2", "clock 2"),
    ("tow2-start", "conker — putting down a 1", "conker 1"),
])
def test_a_verb_of_playing_ties_cards_to_the_module_before_it(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-second", "rope, playing the 2 on race"),      # which module?
    ("tow1-second", "clock, throwing in the 2 or the 1"),
])
def test_a_verb_of_playing_stays_refused_where_unclear(name: str, post: str) -> None:
    refused(name, post)


# --- The cards as the whole next sentence -----------------------------------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-start", "Rope!! one one one", "rope 1 1 1"),
    ("tow2-start", "gonna race. single 1.", "race 1"),
    ("tow1-second", "conker. the 2.", "conker 2"),
    ("tow2-second", "Collation! both 1s", "collation 1 1"),
    ("tow1-second", "I'll go rope. both 1s", "rope 1 1"),
])
def test_cards_in_the_sentence_after_their_module(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-second", "rope. the 2 on race"),            # the 2 is Race's: Rope left over
    ("tow1-second", "race. single 1. clock 1"),        # two moves
    ("tow1-second", "rope. the 2 and more later"),
    ("tow1-second", "last turn you went rope. both 1s"),   # tells of another move: not announced
    ("tow1-second", "you played rope. a one."),
])
def test_cards_in_the_next_sentence_stay_refused_where_unclear(name: str, post: str) -> None:
    refused(name, post)


# --- A discard declined with the word first (TW-7) ------------------------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-second", "discard nothing, tower 1 C", "tower 1 C"),
    ("tow2-second", "tower 1 C, discard: none", "tower 1 C"),
    ("tow1-start", "discarding nothing. clock 1", "clock 1"),
    ("tow2-start", "race 1 discard nothing", "race 1"),
])
def test_a_declined_discard_says_nothing_more(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-second", "rope 2 discard none 1"),          # is the 1 a card played, or a discard?
    ("tow1-second", "rope 2 discard none, 1"),
    ("tow1-second", "discard nothing... actually discard 1, rope 2"),
    ("tow1-second", "discard nothing"),                # and no move
    ("tow1-second", "discard nothing, race 2 discard 1"),   # which is it?
])
def test_a_declined_discard_inside_a_move_stays_refused(name: str, post: str) -> None:
    refused(name, post)


# --- Path's cards named by their shape (TW-15), and cells listed after alike cards ------------

@pytest.mark.parametrize("name, post, move", [
    ("tow2-second", "path with the domino at E2", "path 2@E2"),
    ("tow2-second", "path, the domino on B2 and a single at C6", "path 2@B2 1@C6"),
    ("tow2-start", "path: a single tile at C4", "path 1@C4"),
    ("tow2-start", "path, two single tiles: C3 and C4", "path 1@C3 1@C4"),
    ("tow2-start", "path 1 1 at A1 and B1", "path 1@A1 1@B1"),
    ("tow2-second", "path with both 1s: d5, e5", "path 1@D5 1@E5"),
])
def test_path_cards_by_shape_and_cells_after_alike_cards(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow2-second", "path 1 2 at c3 and c4"),                 # which card goes where? (TW-3)
    ("tow2-start", "path 1 1 c3"),                            # two cards, one cell
    ("tow2-start", "path 1 1 c3 c4 c5"),
    ("tow2-start", "path 1 1 C3 or C4"),
    ("tow2-start", "path with two 1s, C3 and C4... no, D4"),
    ("tow2-second", "path: both dominoes at a1 and a3"),     # maddie holds one 2
])
def test_path_cells_stay_refused_where_unclear(name: str, post: str) -> None:
    refused(name, post)


def test_a_shape_name_is_read_only_where_the_ruleset_gives_the_shape() -> None:
    # v1 has no Path: "domino" names no card there
    refused("tow1-second", "rope with the domino")
    assert posted("tow2-second", "rope with the domino") == "rope 2"


@pytest.mark.parametrize("post", ["race with the 2 then", "race with the 2 and then", "clock with both 1s and then"])
def test_cards_in_words_left_unfinished_are_refused(post: str) -> None:
    assert "unfinished" in refused("tow1-second", post)


# --- A value with the card noun in the singular ("the 2-card", "2 card") -------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-second", "race: the 2-card", "race 2"),
    ("tow1-second", "dropping my 2-card on rope", "rope 2"),
    ("tow2-second", "tower, 2 card, option B", "tower 2 B"),
    ("tow1-second", "conker 2 card then a 1", "conker 2 1"),
    ("tow2-second", "path 2-tile at C3", "path 2@C3"),
])
def test_a_value_with_a_singular_card_noun_names_that_card(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-second", "rope 2 cards"),              # a count: which two? (the hand: 1 1 2)
    ("tow1-second", "clock 2 card... no wait, 1 card"),
    ("tow1-second", "rope 1-card"),               # the 1, or one card? not read as either
])
def test_a_value_with_a_card_noun_stays_refused_where_unclear(name: str, post: str) -> None:
    refused(name, post)


# --- A list going on after cards named in words, or past a comma before its list word --------

@pytest.mark.parametrize("name, post, move", [
    ("tow2-start", "path: one at D4 and one at E5", "path 1@D4 1@E5"),
    ("tow2-second", "path, the 2 on B2 then a 1 on F7", "path 2@B2 1@F7"),
    ("tow2-second", "path 2 at C3, and a 1 at E5", "path 2@C3 1@E5"),
    ("tow1-second", "the 2 goes on clock, then a 1", "clock 2 1"),
    ("tow1-start", "maze, one down, then one right", "maze 1 down 1 right"),
])
def test_a_list_of_cards_goes_on_after_cards_in_words_and_past_a_comma(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-second", "the 2 goes on clock, then a 1 on rope"),   # the 1 on Clock, or on Rope?
    ("tow2-second", "path, the 2 on B2. and a 1"),              # a sentence's end: the list is over
])
def test_a_list_of_cards_in_words_stays_refused_where_unclear(name: str, post: str) -> None:
    refused(name, post)


def test_a_second_path_card_in_words_with_no_cell_is_not_entered() -> None:
    assert entered("tow2-second", "maddie", "path one at D4 and one") is None   # its cell unsaid (TW-3)


# --- Path's own verbs and a cell written before its card (TW-3) ----------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow2-start", "path: toggle C5 with a 1", "path 1@C5"),
    ("tow2-start", "path, flipping A1 using one 1", "path 1@A1"),
    ("tow2-second", "path: G2 with the 2, then B3 with a 1", "path 2@G2 1@B3"),
    ("tow2-second", "path, my 2 anchored at D6", "path 2@D6"),
    ("tow2-start", "path: e5 w/ 1", "path 1@E5"),
])
def test_path_verbs_and_a_cell_before_its_card_read(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow2-second", "path: flip C3 and C4 with the 2 and a 1"),   # which card on which cell?
    ("tow2-start", "path: flip C3, D3 with two 1s"),
    ("tow2-start", "flip C3 with a 1"),                           # no module said
    ("tow2-start", "path: flip C3 with a 1... no wait, D3"),       # corrected
])
def test_cells_before_cards_stay_refused_where_unclear(name: str, post: str) -> None:
    refused(name, post)


# --- Path's cell with its noun ("on tile B6"), and a card on its cell before Path (TW-3) -------

@pytest.mark.parametrize("name, post, move", [
    ("tow2-start", "path: a 1 at square c3", "path 1@C3"),
    ("tow2-second", "path 2 on cell a1 and 1 on cell h8", "path 2@A1 1@H8"),
    ("tow2-start", "Path, one card on tile G7", "path 1@G7"),
    ("tow2-start", "playing a 1 at d2 on path", "path 1@D2"),
    ("tow2-second", "dropping the 2 at b4 on the path, block rope", "path 2@B4 block rope"),
])
def test_path_cells_with_their_noun_and_cards_on_cells_before_path_read(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow2-start", "rope with a 1 at e5 on path"),          # two modules: which is played?
    ("tow2-start", "a 1 at e5 and a 1 at c3 on path"),      # only the last card is turned round
    ("tow2-start", "a 1 at e5 on path or rope"),
    ("tow2-start", "a 1 on tile B6... no wait, B7 on path"),
])
def test_cards_on_cells_before_path_stay_refused_where_unclear(name: str, post: str) -> None:
    refused(name, post)


# --- Maze's tilts with no card, where the hand holds one value only (TW-14) -----------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-start", "maze: down, then right", "maze 1 down 1 right"),
    ("tow1-start", "maze ➡️⬇️", "maze 1 right 1 down"),
    ("tow1-start", "maze south and east", "maze 1 down 1 right"),
    ("tow1-start", "tilt the maze left", "maze 1 left"),
    ("tow1-start", "Maze: push it up then left (two cards)", "maze 1 up 1 left"),   # "push it": the tilt
    ("tow1-start", "maze, tilt down. only the one card", "maze 1 down"),           # "the one card": a count
])
def test_maze_tilts_with_no_card_read_where_every_card_is_alike(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-second", "maze: down, then right"),     # maddie holds 1 1 2: which card tilts down?
    ("tow1-start", "maze up up up up"),            # four tilts, three cards
    ("tow1-start", "maze. up"),                    # a sentence's end between
    ("tow1-start", "maze left, rope 1"),
    ("tow1-start", "maze left... no wait, right"),
    ("tow1-second", "race with the one card"),     # one card: the 1 or the 2?
])
def test_maze_tilts_with_no_card_stay_refused_where_unclear(name: str, post: str) -> None:
    refused(name, post)


# --- "all 3" as the whole hand, and "two of my 1 cards" ----------------------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-start", "race w/ all 3", "race 1 1 1"),
    ("tow1-second", "all 3 on clock", "clock 1 1 2"),      # no 3 held: the whole hand, order unchanged (TW-5)
    ("tow1-start", "I'll put two of my 1 cards on conker", "conker 1 1"),
    ("tow1-start", "rope with three of my 1 cards", "rope 1 1 1"),
])
def test_all_n_and_n_of_my_value_cards_read(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-second", "conker with all 2"),    # both cards, or all the 2s?
    ("tow1-start", "conker with all 1"),     # one card, or all the 1s?
    ("tow1-start", "rope with all 2"),       # two cards, but sally holds three
])
def test_all_n_stays_refused_where_unclear(name: str, post: str) -> None:
    refused(name, post)


# --- Cards said again that the hand could not hold twice (TW-2), "another 1", "a single card" ---

@pytest.mark.parametrize("name, post, move", [
    ("tow1-start", "conker 1 1 (both my ones)", "conker 1 1"),        # four 1s? sally holds three
    ("tow1-start", "collation 1 1 — two 1s", "collation 1 1"),
    ("tow1-second", "clock 2 (my 2 card)", "clock 2"),                 # one 2 held: the same card
    ("tow1-second", "rope 2 1 (the 2 then the 1)", "rope 2 1"),        # the order said is the order typed
    ("tow1-second", "race 2 1, the 2 first then a 1", "race 2 1"),
])
def test_cards_said_again_that_the_hand_cannot_hold_twice_read(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-start", "rope 1 (a 1)"),                      # 1 1 held after it: the same 1, or one more?
    ("tow1-second", "race 2 1, the 1 first then a 2"),   # another order than typed (TW-5)
    ("tow1-second", "rope 1 (the 1)"),                   # maddie holds two 1s
])
def test_cards_said_again_that_may_be_more_stay_refused(name: str, post: str) -> None:
    refused(name, post)


@pytest.mark.parametrize("name, post, move", [
    ("tow1-start", "rope 1 and another 1", "rope 1 1"),
    ("tow1-start", "maze: right with a 1, then up with another 1", "maze 1 right 1 up"),
    ("tow1-second", "race the 1 and another 2", "race 1 2"),
    ("tow1-start", "conker, single card", "conker 1"),                 # one card, all 1s held
    ("tow1-start", "rope with a single card", "rope 1"),
])
def test_another_card_and_a_single_card_read(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-second", "rope, a single card"),      # the 1 or the 2?
    ("tow1-second", "clock with single card"),
    ("tow1-start", "rope 1, another 1"),         # one more 1, or the 1 said again?
])
def test_another_card_and_a_single_card_stay_refused_where_unclear(name: str, post: str) -> None:
    refused(name, post)


# --- Maze's tilts listed alone, a card said once for each (TW-14) -------------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-start", "maze: down, right (a 1 each)", "maze 1 down 1 right"),
    ("tow1-start", "Maze. Up, left, up. One card each.", "maze 1 up 1 left 1 up"),   # the module announced
    ("tow1-start", "maze: up then down, one each", "maze 1 up 1 down"),
    ("tow1-second", "maze: left, down (1 each)", "maze 1 left 1 down"),              # maddie holds two 1s
    ("tow1-second", "maze: right (a 2 each)", "maze 2 right"),
])
def test_a_card_for_each_tilt_reads(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-second", "maze: up, left (a 2 each)"),      # one 2 held
    ("tow1-second", "maze: up, left (one card each)"),  # a 1 and the 2: which goes where?
    ("tow1-start", "maze: up, up, up, up (a 1 each)"),   # four tilts, three cards
    ("tow1-start", "maze up left one card each"),       # the count not set apart from the tilts
])
def test_a_card_for_each_tilt_stays_refused_where_unclear(name: str, post: str) -> None:
    refused(name, post)


# --- Cards joined by dashes, and anchors typed before Path (TW-3, TW-5) -------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-second", "race 2-1-1", "race 2 1 1"),
    ("tow1-start", "rope 1-1", "rope 1 1"),
    ("tow1-second", "conker 1–2", "conker 1 2"),          # an en dash, as phones make it
    ("tow2-second", "1@C3, 2@F6 on path", "path 1@C3 2@F6"),
    ("tow2-second", "2@B2 and 1@H8 on the path", "path 2@B2 1@H8"),
    ("tow2-start", "1@A1 on path, block race", "path 1@A1 block race"),
])
def test_dashed_cards_and_anchors_before_path_read(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-second", "rope 1-6"),              # no 6 card (TW-2)
    ("tow1-second", "rope, 1-2"),             # set apart from the module: a score? cards?
    ("tow2-second", "2@D5. 1@E2 on path"),    # the first anchor a sentence of its own
    ("tow2-second", "1@C3, 2@F6 on path?"),   # asked, not played
])
def test_dashed_cards_and_anchors_before_path_stay_refused_where_unclear(name: str, post: str) -> None:
    refused(name, post)


# --- Maze's verb naming Maze, "racing", Tower's option picked, verbs whose particle is no tilt ---

@pytest.mark.parametrize("name, post, move", [
    ("tow1-second", "Tilt UP with the 2.", "maze 2 up"),                # the verb names Maze (TW-14)
    ("tow1-second", "tilting right w/ my 2", "maze 2 right"),
    ("tow1-start", "tilt it down with a 1, then left with another 1", "maze 1 down 1 left"),
    ("tow1-second", "racing with the 2", "race 2"),
    ("tow1-second", "racing w/ my 2 then a 1", "race 2 1"),
    ("tow1-start", "going tower with two cards, picking B", "tower 1 1 B"),   # TW-17
    ("tow1-start", "tower with a 1 and taking option A", "tower 1 A"),
    ("tow1-start", "rope 1 1, hurry up lol", "rope 1 1"),                    # "up" tells no tilt
    ("tow1-second", "maze 2 left, calm down everyone", "maze 2 left"),
])
def test_verbs_naming_a_module_or_option_read(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-start", "rope 1, tilt left"),                      # a module named: which is played?
    ("tow1-second", "you tilted left last turn, race 2"),     # a tilt past, not this turn's
    ("tow2-second", "tilt left with the 2"),                  # v2 has no Maze
    ("tow1-second", "racing to the finish lol, rope 1 1"),
    ("tow1-start", "tower 1 A, picking B"),                   # two options
    ("tow1-start", "tower 1, taking option B or C"),
])
def test_verbs_naming_a_module_or_option_stay_refused_where_unclear(name: str, post: str) -> None:
    refused(name, post)


# --- A card in brackets typed against its tilt: "right(1)" reads as "right (1)" (TW-14) --------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-second", "maze up(2) right(1)", "maze 2 up 1 right"),
    ("tow1-second", "maze: down(1), left(2)", "maze 1 down 2 left"),
    ("tow1-start", "maze left(1) left(1)", "maze 1 left 1 left"),
])
def test_a_card_in_brackets_against_its_tilt_reads(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-second", "maze up(2) left"),     # the second tilt has no card: the 1, or none?
    ("tow1-start", "rope(1 1)"),            # not one card in brackets
])
def test_a_card_in_brackets_near_misses_stay_refused(name: str, post: str) -> None:
    refused(name, post)


# --- "another at F6": one more card, on Path (TW-15) --------------------------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow2-start", "path: a 1 at C3 and another at F6", "path 1@C3 1@F6"),
    ("tow2-start", "path, one card on B2 and another on G7", "path 1@B2 1@G7"),
])
def test_another_card_on_a_cell_reads(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow2-second", "path: the 2 at C3, another at F6"),   # another 2? maddie holds one
    ("tow2-start", "path 1@C3, another at F6"),            # set apart from the typed card
])
def test_another_card_on_a_cell_stays_refused_where_unclear(name: str, post: str) -> None:
    refused(name, post)


# --- The order said around the cards, in more ways (TW-5) ----------------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-second", "clock: I play my 1 first, then the 2", "clock 1 2"),    # "my 2 first": a card of the move
    ("tow2-second", "conker, my 2 first then a 1", "conker 2 1"),
    ("tow1-second", "race 2 first, then 1", "race 2 1"),                     # all typed: the order as notation
    ("tow2-second", "rope 1 first then 2", "rope 1 2"),
    ("tow1-second", "tower 1 2 A (the 1 goes first)", "tower 1 2 A"),        # past Tower's option (TW-17)
    ("tow2-second", "tower 2 1 C, the 2 first", "tower 2 1 C"),
    ("tow1-second", "race 2 1 1 (my 2 comes first)", "race 2 1 1"),
    ("tow1-second", "tower 2 1 1 in that order, option B", "tower 2 1 1 B"), # confirms the typed order
    ("tow2-start", "path 1@c3 1@f6 in this order", "path 1@C3 1@F6"),
    ("tow2-second", "race 2 1 1. fyi the 2 resolves first", "race 2 1 1"),   # in a sentence of its own
    ("tow1-second", "Tower 1 2, option C. The 1 goes first.", "tower 1 2 C"),
])
def test_the_order_said_in_more_ways_reads(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-second", "tower 2 1 A (the 1 goes first)"),   # the order said is not the order typed
    ("tow1-second", "race 1 2, my 2 first"),
    ("tow1-second", "rope 1 then my 2 first"),           # an order of no card typed first
    ("tow1-second", "clock: my 2 first then 1"),         # "then 1": a 1, or one card more?
    ("tow1-second", "race 2 first and 1"),               # "and": no order of the 1
    ("tow1-second", "race 1 1 2. the 2 resolves first"), # not the order typed
    ("tow1-second", "Sally went with the 2 first. rope 1 1"),
    ("tow2-second", "collation: 1 first, 2."),           # the order said inside the cards: never half read
    ("tow2-second", "clock 1 first, the 2. the 1 goes first"),
])
def test_the_order_said_in_more_ways_near_misses_are_refused(name: str, post: str) -> None:
    refused(name, post)


@pytest.mark.parametrize("post", [
    "race with a 2 and a 1, in that order",     # named in no order: "in that order" says none (TW-5)
    "race: I play my 2 and a 1",
    "race 1 2 (my 2 first)",
])
def test_an_order_unclear_where_it_matters_stays_refused(post: str) -> None:
    with pytest.raises(InputError):
        race_post(post)


@pytest.mark.parametrize("post, move", [
    ("race: I play my 1 first, then a 2", "race 1 2"),
    ("race 2 1 in that order", "race 2 1"),
    ("race 2 first, then 1", "race 2 1"),
])
def test_an_order_said_where_it_matters_reads(post: str, move: str) -> None:
    assert race_post(post) == move


# --- "the other 1": a card of that value besides those named (TW-2) ------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow2-second", "rope: 1, then 2, then the other 1", "rope 1 2 1"),
    ("tow1-second", "conker 1 then 2 then the other 1", "conker 1 2 1"),
    ("tow1-start", "collation: the 1, then the other 1", "collation 1 1"),
])
def test_the_other_card_of_a_value_reads(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow2-second", "clock 1 1 the other 1"),     # never the typed cards said again: one more, not held
    ("tow2-second", "rope 1, the other 1"),        # the typed 1 again, or one more?
    ("tow2-second", "rope 1 2 then the other 2"),  # the hand holds one 2
])
def test_the_other_card_of_a_value_near_misses_are_refused(name: str, post: str) -> None:
    refused(name, post)


# --- "after that": the next card resolves after (TW-5) -------------------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow2-second", "I play rope with card 2 and after that card 1", "rope 2 1"),
    ("tow1-second", "clock with the 1, after that the 2", "clock 1 2"),
    ("tow2-second", "race 2 and after that 1", "race 2 1"),
])
def test_after_that_reads_as_then(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow2-second", "rope 1 and after that idk"),         # the rest unsaid (TW-3)
    ("tow2-second", "rope 2 and after that race 1"),      # two modules
])
def test_after_that_near_misses_are_refused(name: str, post: str) -> None:
    refused(name, post)


def test_after_that_where_the_order_matters() -> None:
    assert race_post("race with the 1 and after that the 2") == "race 1 2"


# --- "1 first, 2 after": the card said first, and the next after it (TW-5) -----------------

@pytest.mark.parametrize("name, post, move", [
    ("tow2-second", "collation: 2 first, 1 after", "collation 2 1"),
    ("tow1-second", "clock: my 2 first, a 1 second", "clock 2 1"),
    ("tow2-second", "rope 1 first, 2 next.", "rope 1 2"),
])
def test_first_and_after_read_in_that_order(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow2-second", "collation 1 1 first, 2 after"),     # "1 first": one more 1, or the order?
    ("tow2-second", "race 1 first, 2 next, then 1"),     # more after the pair: not guessed
    ("tow2-second", "clock: the 2 first, 1 after"),      # "1 after": a 1, or one card more?
])
def test_first_and_after_near_misses_are_refused(name: str, post: str) -> None:
    refused(name, post)


def test_first_and_after_where_the_order_matters() -> None:
    assert race_post("race: 1 first, 2 after") == "race 1 2"
    assert race_post("race: my 2 first, the 1 after") == "race 2 1"


# --- "my card of 2": a card named with its strength after "of" (TW-2) ----------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-second", "clock with my card of 2 and one card of 1, the 2 first", "clock 2 1"),
    ("tow2-second", "rope with two cards of 1", "rope 1 1"),
    ("tow1-second", "conker: a card of 1 then the card of 2", "conker 1 2"),
])
def test_a_card_of_its_strength_reads(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-second", "clock with a card of 2 and a card of 1, the 1 first and the 2 first"),
    ("tow1-second", "clock with one card of 2 or a card of 1"),   # an alternative
])
def test_a_card_of_its_strength_near_misses_are_refused(name: str, post: str) -> None:
    refused(name, post)


def test_a_card_of_its_strength_where_the_order_matters() -> None:
    with pytest.raises(InputError):
        race_post("race with a card of 2 and a card of 1")   # no order said (TW-5)


def test_another_card_is_never_the_typed_cards_said_again():
    """"another 1" names one more card (TW-2): after three 1s typed, with no fourth held, it is
    not read as the same cards."""
    assert "another 1" in refused("tow1-start", "clock 1 1 1 another 1")


# --- A multiplier alone, where the hand holds one value (TW-2) ------------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-start", "rope x2", "rope 1 1"),            # sally holds 1 1 1: two cards are two 1s
    ("tow2-start", "race x3", "race 1 1 1"),
    ("tow1-start", "tower x2, B", "tower 1 1 B"),
    ("tow2-start", "clock ×2 + block move on rope", "clock 1 1 block rope"),
])
def test_a_multiplier_alone_counts_cards_of_a_hand_of_one_value(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-second", "conker x2"),          # maddie holds 1 1 2: which two?
    ("tow2-second", "race x3"),            # three cards of 1 1 2: in which order?
    ("tow1-start", "rope x2... no wait, x3"),
])
def test_a_multiplier_alone_the_hand_does_not_make_certain_is_refused(name: str, post: str) -> None:
    refused(name, post)


def test_a_multiplier_alone_past_the_hand_is_refused() -> None:
    assert "counts x4" in refused("tow1-start", "conker x4")


# --- Maze tilts counted by a multiplier (TW-14) ----------------------------------------------

@pytest.mark.parametrize("post, move", [
    ("maze up x2", "maze 1 up 1 up"),
    ("maze left x2, then down", "maze 1 left 1 left 1 down"),
    ("maze: right ×3", "maze 1 right 1 right 1 right"),
])
def test_a_tilt_counted_is_that_many_tilts_of_a_hand_of_one_value(post: str, move: str) -> None:
    assert posted("tow1-start", post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-start", "maze 1 up x3"),        # the 1 three times, or three cards?
    ("tow1-start", "maze up, x2"),         # set apart
    ("tow1-second", "maze up x2"),         # maddie holds 1 1 2: which cards tilt?
])
def test_a_tilt_counted_that_is_not_certain_is_never_entered(name: str, post: str) -> None:
    assert entered(name, first_to_act(name), post) is None


# --- Cards typed as one run of digits (TW-2: no card is above 5) -----------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow2-start", "rope 111", "rope 1 1 1"),
    ("tow1-second", "clock 211", "clock 2 1 1"),      # in the order typed (TW-5)
    ("tow1-start", "tower 11 C", "tower 1 1 C"),
    ("tow2-second", "race 12 pls", "race 1 2"),
])
def test_a_run_of_digits_is_the_cards_in_order(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-start", "rope 10"),             # a 0 is no card
    ("tow1-start", "rope 16"),
    ("tow1-start", "rope 1111"),           # four cards of a hand of three
    ("tow1-second", "clock 211 or rope 2"),
])
def test_a_run_of_digits_that_is_no_cards_held_is_never_entered(name: str, post: str) -> None:
    assert entered(name, first_to_act(name), post) is None


# --- Modules as players shorten them ---------------------------------------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-start", "coll 1", "collation 1"),
    ("tow2-second", "coll 2 1", "collation 2 1"),
    ("tow1-second", "a 1 on conkers", "conker 1"),
    ("tow2-start", "conkers: 1 1", "conker 1 1"),
])
def test_a_module_shortened_reads_as_the_module(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow2-start", "col 1"),               # not a module: Path's cells have columns
    ("tow1-second", "coll 1 or conkers 2"),
])
def test_a_shortening_that_is_not_certain_is_refused(name: str, post: str) -> None:
    refused(name, post)


# --- A count typed as a digit before "of" and the cards ("2 of my 1s") -----------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-start", "race w/ 2 of my 1s", "race 1 1"),
    ("tow2-second", "conker with 2 of the 1s, block rope", "conker 1 1 block rope"),
    ("tow1-start", "3 of my 1s on clock", "clock 1 1 1"),
])
def test_a_digit_count_of_cards_of_a_value_reads(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-start", "race 2 of them"),            # the 2, or two cards? (two of what is said nowhere)
    ("tow1-second", "clock 2 of my cards"),      # which two?
    ("tow1-second", "rope 3 of my 1s"),          # maddie holds two 1s
])
def test_a_digit_count_that_is_not_certain_is_never_entered(name: str, post: str) -> None:
    assert entered(name, first_to_act(name), post) is None


# --- The module named with "module", the cards as "push cards" -------------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-start", "all three of my push cards on the Clock module", "clock 1 1 1"),
    ("tow1-second", "rope module: 2 1", "rope 2 1"),
    ("tow2-start", "one push card on the race module please", "race 1"),
])
def test_a_module_said_with_its_noun_reads(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-second", "rope module or clock module, the 2"),
    ("tow1-start", "module 1 1"),                # no module named
])
def test_a_module_noun_near_misses_are_refused(name: str, post: str) -> None:
    refused(name, post)


# --- A card said "for each tilt" and the tilts' order said with "first" (TW-14) -------------

@pytest.mark.parametrize("post, move", [
    ("maze up then left, a 1 for each tilt", "maze 1 up 1 left"),
    ("Maze: push it down, then right. One card for each push.", "maze 1 down 1 right"),
    ("maze left, up (1 card for each)", "maze 1 left 1 up"),
    ("maze first right, then down", "maze 1 right 1 down"),
    ("Module: Maze\nCards: 1, 1\nTilts: first up, then left", "maze 1 up 1 left"),
    ("Module: Tower\nCards: 1\nOption: C", "tower 1 C"),
])
def test_tilts_with_a_card_for_each_or_said_first_read_in_order(post: str, move: str) -> None:
    assert posted("tow1-start", post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-start", "maze left, but first up"),         # the first tilt said after another
    ("tow1-start", "maze 1 left, first 1 up"),
    ("tow1-second", "maze up then left, a 1 for each tilt... no wait, the 2 first"),
    ("tow1-second", "maze up then left, one card for each tilt"),   # 1 1 or a 1 and the 2?
])
def test_tilts_for_each_near_misses_are_never_entered(name: str, post: str) -> None:
    assert entered(name, first_to_act(name), post) is None


# --- A whole hand named, then the same cards in their order (TW-5) ---------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-second", "rope, all my cards: the 2 first, then both 1s", "rope 2 1 1"),
    ("tow2-second", "race with everything. 1 first, then the 2, then the other 1", "race 1 2 1"),
    ("tow1-second", "all 3 on clock: 2, 1, 1", "clock 2 1 1"),
    ("tow2-second", "all my cards — the 1 then the 2 then the other 1 — on conker", "conker 1 2 1"),
])
def test_a_whole_hand_then_its_cards_in_order_reads_in_that_order(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-second", "all my cards on race: the 1 then the 2"),    # three cards, then two: which?
    ("tow1-second", "clock, all my cards — 2 first, then a 1"),
    ("tow2-second", "everything on rope: 1 2"),
    ("tow1-second", "all my cards on clock, 1 1 2 2"),
])
def test_a_whole_hand_then_other_cards_is_refused(name: str, post: str) -> None:
    assert "the whole hand" in refused(name, post)


def test_a_whole_hand_then_its_cards_in_no_order_reads_only_where_the_order_changes_nothing() -> None:
    assert posted("tow1-second", "rope with all my cards, the 2 and both 1s") == "rope 2 1 1"
    assert race_post("race with all my cards, the 1 then both 2s") == "race 1 2 2"
    with pytest.raises(InputError):
        race_post("race with all my cards, the 1 and both 2s")   # TW-5: on Race here the order changes the turn


# --- Path's cards on their cells listed with commas; cells given one card each (TW-15) -------

@pytest.mark.parametrize("name, post, move", [
    ("tow2-start", "path: a 1 on b2, a 1 on g7", "path 1@B2 1@G7"),
    ("tow2-second", "path: the 2 on c3, the other 1... no, the 1 on f6", None),
    ("tow2-second", "path — my 2 at d4, a 1 at a8", "path 2@D4 1@A8"),
    ("tow2-start", "path: one 1 at c2, another at h7. nice", "path 1@C2 1@H7"),
])
def test_anchors_listed_with_commas_read_as_a_list(name: str, post: str, move: str | None) -> None:
    assert entered(name, first_to_act(name), post) == move   # a correction stays refused


@pytest.mark.parametrize("name, post, move", [
    ("tow2-start", "Path: tile B3 and tile F5, one card each", "path 1@B3 1@F5"),
    ("tow2-start", "path c6, d7 (a 1 each)", "path 1@C6 1@D7"),
    ("tow2-second", "path a1 and h8, a 1 each", "path 1@A1 1@H8"),
])
def test_cells_listed_alone_get_the_card_said_for_each(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow2-second", "path a1 and h8, one card each"),      # maddie holds 1 1 2: which card where?
    ("tow2-second", "path a1 and h8, a 2 each"),           # one 2 held
    ("tow2-start", "path b2, c3, d4, e5, a 1 each"),       # four cards of three
    ("tow2-second", "path: the 2 at C3, another at F6"),   # another 2?
])
def test_cells_each_and_listed_anchors_near_misses_are_never_entered(name: str, post: str) -> None:
    assert entered(name, first_to_act(name), post) is None


# --- A tilt said "twice"; "first" said before its card (TW-5, TW-14) -------------------------

@pytest.mark.parametrize("post, move", [
    ("tilt the maze north twice", "maze 1 up 1 up"),
    ("maze left twice, then down", "maze 1 left 1 left 1 down"),
])
def test_a_tilt_said_twice_is_two_tilts_of_a_hand_of_one_value(post: str, move: str) -> None:
    assert posted("tow1-start", post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-start", "maze 1 up twice"),     # the 1 twice, or two cards?
    ("tow1-second", "maze up twice"),      # maddie holds 1 1 2
    ("tow1-start", "rope 1 twice"),
])
def test_twice_that_is_not_certain_is_refused(name: str, post: str) -> None:
    refused(name, post)


@pytest.mark.parametrize("post, move", [
    ("clock, first the 2, then both 1s", "clock 2 1 1"),
    ("race: first the 1 and after the 2", "race 1 2"),
    ("first my 2 then a 1 on collation", "collation 2 1"),
])
def test_first_said_before_its_card_is_the_order(post: str, move: str) -> None:
    assert posted("tow1-second", post) == move


@pytest.mark.parametrize("post", [
    "clock 1 2, first the 2",                    # typed in another order
    "first the 2... no wait, first the 1, clock",
    "rope first, the 2",
])
def test_first_before_a_card_near_misses_are_refused(post: str) -> None:
    refused("tow1-second", post)


# --- "a card of strength 1"; Maze's square pushed (TW-2, TW-14) ------------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-start", "I'll play a single card of strength 1 on the race module", "race 1"),
    ("tow1-second", "clock with my card of strength 2", "clock 2"),
    ("tow2-start", "two cards of strength 1 on conker", "conker 1 1"),
    ("tow1-start", "push the square down with one card", "maze 1 down"),
    ("tow1-second", "pushing the square ➡️ with the 2", "maze 2 right"),
])
def test_strength_and_the_square_pushed_read(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-second", "a card of strength 3 on rope"),          # maddie holds no 3
    ("tow1-second", "push the square down with one card"),    # a 1 or the 2?
    ("tow1-start", "push the square up"),                     # no card named: a plan, not a move
])
def test_strength_and_square_near_misses_are_never_entered(name: str, post: str) -> None:
    assert entered(name, first_to_act(name), post) is None


# --- a digit counting a plural value word: "2 ones" (TW-2) ---------------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow2-start", "collation w/ 2 ones", "collation 1 1"),
    ("tow1-start", "im using my block move on tower. play is collation with 2 ones", "collation 1 1 block tower"),
    ("tow1-second", "rope with 2 ones", "rope 1 1"),
    ("tow1-second", "rope with 1 twos", "rope 2"),
])
def test_a_digit_before_a_plural_value_word_counts_the_cards(name: str, post: str, move: str) -> None:
    """It was read as the card: "collation with 2 ones" entered as `collation 2` (refused by the
    rules where no 2 is held, exit 1 for a misreading)."""
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-second", "rope 2 1s"),          # the 2 and the 1s, or two 1s?
])
def test_a_digit_before_a_plural_digit_is_refused(name: str, post: str) -> None:
    assert entered(name, first_to_act(name), post) is None


# --- Maze's tilts with no cards, after a dash or as a sentence of their own (TW-14) -------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-start", "maze - right, then down", "maze 1 right 1 down"),
    ("tow1-start", "Maze — up, left (one card each)", "maze 1 up 1 left"),
    ("tow1-start", "maze - down then up then left, one card each of course", "maze 1 down 1 up 1 left"),
    ("tow1-start", "Maze. North, then east.", "maze 1 up 1 right"),
    ("tow1-start", "Maze!\nleft, down", "maze 1 left 1 down"),
])
def test_tilts_alone_after_a_dash_or_a_sentence_take_the_only_value_held(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-second", "Maze. Down, then left."),         # maddie holds 1 1 2: which card where?
    ("tow1-start", "maze. up to you"),                 # the sentence goes on: no tilt
    ("tow1-start", "I like maze. left"),               # the module is not announced
    ("tow1-start", "Maze. Up, down, left, right."),    # four tilts, three cards
    ("tow1-start", "Maze. Up."),                       # one tilt alone after the sentence: as "maze. up"
])
def test_tilts_alone_near_misses_stay_refused(name: str, post: str) -> None:
    assert entered(name, first_to_act(name), post) is None


# --- Block Move named on its own, its module said in words (TW-18) ---------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow1-start", "Block Move! rope 1 1 1 and you can't play tower next turn", "rope 1 1 1 block tower"),
    ("tow2-start", "block move. clock 1 1, you cant go on the collation", "clock 1 1 block collation"),
    ("tow1-second", "clock 2 + Block Move (block rope)", "clock 2 block rope"),
    ("tow2-second", "Block Move (block tower) and conker 1 1", "conker 1 1 block tower"),
    ("tow1-start", "using the Block Move item, I block race this turn. conker 1 1", "conker 1 1 block race"),
    ("tow2-start", "block tower this turn, rope 1", "rope 1 block tower"),
])
def test_block_move_named_and_its_module_said(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-start", "conker 1 1 1 and you can't go maze next turn"),      # no Block Move named: a block, or chatter?
    ("tow2-start", "Block Move! rope 1 1, you can't go rope next turn"),  # the module played: TW-4's bar, or a block?
    ("tow1-start", "block clock next turn, race 1"),                     # a block planned for later
    ("tow1-start", "race 1, block clock, Block Move on maze"),           # two modules blocked
])
def test_block_move_said_in_words_near_misses_stay_refused(name: str, post: str) -> None:
    assert entered(name, first_to_act(name), post) is None


# --- Path's anchor named as a noun; Path announced as a sentence of its own (TW-15) -----------

@pytest.mark.parametrize("name, post, move", [
    ("tow2-second", "putting the 2 on path, anchor B4", "path 2@B4"),
    ("tow2-second", "path: 2 (anchor E3), 1 (anchor at A8)", "path 2@E3 1@A8"),
    ("tow2-start", "Path. One card at B2, another at G5.", "path 1@B2 1@G5"),
    ("tow2-second", "Path!\nthe 2 on D4", "path 2@D4"),
])
def test_path_anchor_words_and_path_announced(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow2-second", "Path. the 2 at C3. rope 1 1"),          # two modules
    ("tow2-start", "I went path last time. One card at C3."),  # the module told, not announced
])
def test_path_announced_near_misses_stay_refused(name: str, post: str) -> None:
    assert entered(name, first_to_act(name), post) is None


# --- asides: the mover's own bar (TW-4), "first move" (TW-5) --------------------------------

@pytest.mark.parametrize("name, post, move", [
    ("tow2-second", "conker 1 2 (race is blocked for me anyway)", "conker 1 2"),
    ("tow1-second", "rope is blocked for me, so clock 1 1", "clock 1 1"),
    ("tow2-start", "collation 1 1\n(first game, be nice)", "collation 1 1"),
    ("tow1-start", "First move! race 1 1", "race 1 1"),
])
def test_asides_of_the_movers_bar_and_first_move_are_chatter(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow2-second", "rope 1 1, race is blocked"),               # "is blocked": by the mover's Block Move?
    ("tow2-second", "rope 1 1 (race is blocked for you)"),      # the opponent's: a Block Move
    ("tow2-second", "rope 1 2 first"),                          # the 2 first, or one more 2?
])
def test_asides_near_misses_stay_refused(name: str, post: str) -> None:
    assert entered(name, first_to_act(name), post) is None


@pytest.mark.parametrize("name, post", [
    ("tow1-start", "not using block move this turn. race 1 block tower"),   # the item declined, then named
    ("tow1-start", "no Block Move. conker 1 block rope"),
])
def test_block_move_declined_then_named_stays_refused(name: str, post: str) -> None:
    assert entered(name, first_to_act(name), post) is None


# --- lists with bullets, a slash before Block Move, a dash before Maze's tilts --------------

@pytest.mark.parametrize("name, post, move", [
    ("tow2-second", "path:\n• 2 @ C5\n• 1 @ H2", "path 2@C5 1@H2"),
    ("tow2-second", "path:\n* 1@A2\n* 2@F7", "path 1@A2 2@F7"),
    ("tow1-second", "collation:\n- 2\n- 1", "collation 2 1"),
    ("tow2-start", "race 1 1 / block tower", "race 1 1 block tower"),
    ("tow1-start", "Maze - tilt it up and then right (two cards)", "maze 1 up 1 right"),
])
def test_bullets_slash_and_dash_say_no_more(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow2-start", "rope 1 1 / race 1"),            # one or the other
    ("tow2-second", "- rope 1 1\n- race 2"),        # two moves listed
])
def test_bullets_and_slash_near_misses_stay_refused(name: str, post: str) -> None:
    assert entered(name, first_to_act(name), post) is None


# --- a hyphened 1-card after a marker, held keys, "again" after a tilt, Path's heading and
# --- Path said between a cell and its card, the opponent named for "you", "my actual move" ---

@pytest.mark.parametrize("name, post, move", [
    ("tow1-start", "collation with a 1-card", "collation 1"),                 # the article says one card
    ("tow1-start", "I'll drop my single 1-card on the rope", "rope 1"),
    ("tow1-second", "clock with the 2-card and a 1-card", "clock 2 1"),
    ("tow1-start", "ropeee 1", "rope 1"),                                     # a key held down
    ("tow1-start", "RAAAACE with two 1s", "race 1 1"),
    ("tow1-start", "maze 1 upppp", "maze 1 up"),
    ("tow1-start", "maze: south, west, south again", "maze 1 down 1 left 1 down"),
    ("tow1-start", "maze up then up again (two 1s)", "maze 1 up 1 up"),
    ("tow2-second", "path cells: 1 on B2, 2 on G7", "path 1@B2 2@G7"),
    ("tow2-second", "Path squares: 2@D4, 1@E5", "path 2@D4 1@E5"),
    ("tow2-start", "toggle F6 on the path using a 1", "path 1@F6"),
    ("tow2-second", "D2 on path w/ my 2", "path 2@D2"),
    ("tow1-start", "Block move: Maddie can't play rope next turn. Real move: conker 1 1.", "conker 1 1 block rope"),
    ("tow1-start", "block move on clock. my actual move is race 1", "race 1 block clock"),
    ("tow1-start", "Using Block Move: she can't go maze next turn. rope 1", "rope 1 block maze"),
    ("tow1-start", "Block Move: Maddie cannot use tower on her next turn; clock 1 1", "clock 1 1 block tower"),
    ("tow1-start", "blockkk race. conker 1", "conker 1 block race"),
])
def test_eleventh_families_read(name: str, post: str, move: str) -> None:
    assert posted(name, post) == move


@pytest.mark.parametrize("name, post", [
    ("tow1-start", "collation 1-card"),                           # a one-card play, or the 1?
    ("tow1-start", "race 1 1. Maddie can't go collation next turn"),   # a Block Move, or chatter?
    ("tow1-start", "Maddie can't go Collation next turn. My actual move is race 1 1."),
    ("tow1-start", "race 1 1. my real move is rope 1"),           # two moves
    ("tow1-start", "rope 1. she can't go maze on her next turn"),  # no Block Move named: chatter?
    ("tow2-second", "path corners 1@A1 1@H8 2@C3"),               # no colon: a noun of the move?
    ("tow2-start", "flip C3 and D4 on the path with a 1"),        # which cell gets the 1?
    ("tow1-start", "looop 1"),                                    # no module held down
    ("tow1-start", "maze 1 uuu"),                                 # "u" is up only as typed
])
def test_eleventh_near_misses_stay_refused(name: str, post: str) -> None:
    assert entered(name, first_to_act(name), post) is None
