"""Forms of Arrowbic posts the reader reads (AX-1, AX-2), each with near misses that must stay
refused. Positions from tests/helpers/post_positions.py: arrowbic-start (sally to place
first), arrowbic-second (maddie to place after sally's E5 up)."""

from __future__ import annotations

import pytest

from helpers.post_positions import read, refused


def refusal(name: str, player: str, post: str) -> str:
    """The reader's refusal of the post, asking for it again (exit 2), never a move entered."""
    error = refused(read, name, player, post)
    assert error.exit_status == 2
    return error.message


@pytest.mark.parametrize("name, player, post, move", [
    # a cell by its row and column in words, either order (AX-1: columns A–I, rows 1–9)
    ("arrowbic-start", "sally", "row 7, column B, pointing left", "B7 left"),
    ("arrowbic-start", "sally", "col g row 2 down", "G2 down"),
    ("arrowbic-second", "maddie", "column I, row 9: right", "I9 right"),
    # an arrow by the edge it points to (AX-1: row 9 is the top)
    ("arrowbic-second", "maddie", "d6, arrow towards the bottom", "D6 down"),
    ("arrowbic-second", "maddie", "stone on F3 pointing to the top", "F3 up"),
    ("arrowbic-start", "sally", "row 4 column C, arrow to the bottom", "C4 down"),
])
def test_a_cell_by_row_and_column_or_an_arrow_by_its_edge_reads(name, player, post, move):
    assert read(name, player, post) == move


@pytest.mark.parametrize("name, player, post, why", [
    ("arrowbic-start", "sally", "row 3 column J up", "not a move"),     # no column J on a 9×9 board
    ("arrowbic-start", "sally", "row 10, column A, up", "not a move"),
    ("arrowbic-start", "sally", "row 3, up", "not a move"),             # no column
    ("arrowbic-second", "maddie", "c4 to the top or the bottom", "says 'or'"),
    ("arrowbic-second", "maddie", "c4 top", "not a move"),              # "top" alone: no arrow word
    ("arrowbic-second", "maddie", "row 2 column D, left, no, to the top", "reads two ways"),
])
def test_a_cell_or_edge_said_unclearly_is_refused(name, player, post, why):
    assert why in refusal(name, player, post)


@pytest.mark.parametrize("name, player, post, move", [
    # an aside in brackets between the cell and its arrow, holding nothing a move could use
    ("arrowbic-second", "maddie", "C5 (stacking on you) facing left", "C5 left"),
    ("arrowbic-second", "maddie", "going D4 (my fav spot) arrow aimed right", "D4 right"),
    ("arrowbic-start", "sally", "placing at B2 (corner-ish, whatever) down", "B2 down"),
    ("arrowbic-second", "maddie", "G5 [on top of you] arrow facing left", "G5 left"),
    ("arrowbic-second", "maddie", "C5, sitting on your piece haha, pointing up", "C5 up"),
    ("arrowbic-start", "sally", "E2 - bold I know - and the arrow is right", "E2 right"),
    # verbs that say where the arrow points (AX-2)
    ("arrowbic-start", "sally", "H8 aimed left", "H8 left"),
    ("arrowbic-second", "maddie", "stone at F6, it points down", "F6 down"),
    ("arrowbic-second", "maddie", "A1 - arrow pointed up", "A1 up"),
])
def test_an_aside_before_the_arrow_or_a_verb_of_pointing_reads(name, player, post, move):
    assert read(name, player, post) == move


@pytest.mark.parametrize("name, player, post, why", [
    ("arrowbic-second", "maddie", "C5 (or D5) up", "also 'C5'"),                # another cell in the aside
    ("arrowbic-second", "maddie", "C5 (no wait) up", "not a move"),            # a correction
    ("arrowbic-second", "maddie", "C5 (not sure) up", "not a move"),           # a doubt
    ("arrowbic-second", "maddie", "C5 (left was tempting) up", "also 'up'"),   # another arrow
    ("arrowbic-second", "maddie", "C5 (3 in a row) up", "not a move"),         # a number
    ("arrowbic-second", "maddie", "C5 (right?) up", "also 'up'"),
    ("arrowbic-second", "maddie", "C5 (lol)", "not a move"),                   # no arrow
    ("arrowbic-second", "maddie", "C5, or D5, up", "also 'C5'"),
    ("arrowbic-second", "maddie", "C5 - wait - up", "not a move"),
    ("arrowbic-second", "maddie", "G5 [right on top of you] left", "G5 right"),   # an arrow word in the aside
    ("arrowbic-second", "maddie", "C5, not sure, up", "not a move"),
    ("arrowbic-second", "maddie", "C5 on your piece lol pointing up", "not a move"),   # no mark: not an aside
])
def test_an_aside_a_move_could_use_or_that_hedges_is_refused(name, player, post, why):
    assert why in refusal(name, player, post)


@pytest.mark.parametrize("name, player, post, move", [
    # the cell with its row first ("5F"): rows are numbers, columns letters, one cell only (AX-1)
    ("arrowbic-start", "sally", "stone at 3c facing down", "C3 down"),
    ("arrowbic-second", "maddie", "7H right", "H7 right"),
    ("arrowbic-second", "maddie", "going 2b, arrow up", "B2 up"),
    # the arrow as a labelled field, "direction" like "arrow" (AX-2)
    ("arrowbic-start", "sally", "Cell: G3, direction: left", "G3 left"),
    ("arrowbic-second", "maddie", "d2 direction down", "D2 down"),
    ("arrowbic-second", "maddie", "stone B8 - arrow direction: up", "B8 up"),
])
def test_a_cell_row_first_or_a_labelled_direction_reads(name, player, post, move):
    assert read(name, player, post) == move


@pytest.mark.parametrize("name, player, post, why", [
    ("arrowbic-start", "sally", "10A left", "not a move"),                       # no row 10 on a 9×9 board
    ("arrowbic-start", "sally", "3J down", "not a move"),                        # no column J
    ("arrowbic-second", "maddie", "5F or 6F left", "also '5F'"),
    ("arrowbic-second", "maddie", "C4, direction: right or up", "reads two ways"),
    ("arrowbic-second", "maddie", "C4 direction", "not a move"),                 # no arrow
    ("arrowbic-second", "maddie", "3c pointing left and up", "also 'up'"),
])
def test_a_row_first_cell_or_direction_said_unclearly_is_refused(name, player, post, why):
    assert why in refusal(name, player, post)


@pytest.mark.parametrize("name, player, post, move", [
    # "to place" (the host's prompt, quoted or not) names no placement: every move but Retake is one (AX-2)
    ("arrowbic-second", "maddie", "> your turn to place\nC3 left", "C3 left"),
    ("arrowbic-start", "sally", "> Sally to place\nG7 down", "G7 down"),
    ("arrowbic-second", "maddie", "ok time to place: B4 right", "B4 right"),
])
def test_to_place_beside_the_move_says_nothing_more(name, player, post, move):
    assert read(name, player, post) == move


@pytest.mark.parametrize("name, player, post, why", [
    ("arrowbic-second", "maddie", "> Maddie to place\nD6 up or D7 up", "two different moves"),
    ("arrowbic-second", "maddie", "to place D6 up or down?", "reads two ways"),
    ("arrowbic-second", "maddie", "to place", "not a move"),
])
def test_to_place_without_one_clear_placement_is_refused(name, player, post, why):
    assert why in refusal(name, player, post)


@pytest.mark.parametrize("post, move", [
    # an arrow with its noun, and the placement's verb as players say they are doing it (AX-2)
    ("Placing a left-arrow on B2.", "B2 left"),
    ("down arrow at G7 please", "G7 down"),
    ("im placing an up-arrow on D4", "D4 up"),
    # "right" said of a place in an aside, not the arrow
    ("C5 up (right under my own guy)", "C5 up"),
    ("H8 left (right next to the edge lol)", "H8 left"),
])
def test_an_arrow_with_its_noun_and_right_of_a_place_read(post, move):
    assert read("arrowbic-start", "sally", post) == move


@pytest.mark.parametrize("post", [
    "D4 right under your stone",          # its only arrow was "right" of a place: no arrow
    "placing an up-arrow or a left-arrow on D4",
    "C5 up (right)",                      # a second arrow in brackets
    "left-arrow on B2... no wait, up-arrow",
])
def test_an_arrow_with_its_noun_near_misses_are_refused(post):
    refusal("arrowbic-start", "sally", post)


@pytest.mark.parametrize("name, player, post, move", [
    # the stone named after the verb says nothing more: a placement puts one stone (AX-2)
    ("arrowbic-start", "sally", "I'll place a stone at C4 up", "C4 up"),
    ("arrowbic-start", "sally", "placing my first stone on B7, left", "B7 left"),
    ("arrowbic-second", "maddie", "place the piece on F3 facing down", "F3 down"),
    # where the arrow looks is where it points
    ("arrowbic-second", "maddie", "D6 with the arrow looking right", "D6 right"),
    ("arrowbic-second", "maddie", "I put an arrow looking down on G2", "G2 down"),
    ("arrowbic-start", "sally", "A1, it looks up", "A1 up"),
])
def test_a_stone_placed_or_an_arrow_looking_somewhere_reads(name, player, post, move):
    assert read(name, player, post) == move


@pytest.mark.parametrize("name, player, post, why", [
    ("arrowbic-start", "sally", "place two stones at C4 up", "outside it"),    # two stones: not one placement
    ("arrowbic-start", "sally", "place my first stone at C4 or C5 up", "outside it"),
    ("arrowbic-start", "sally", "place a stone", "not a move"),
    ("arrowbic-second", "maddie", "G8 looking down or left", "after 'or'"),
    ("arrowbic-second", "maddie", "G8 not looking down, left", "the post says 'not'"),
    ("arrowbic-second", "maddie", "place my stone at G8 looking down?", "asks about"),
])
def test_a_stone_placed_or_an_arrow_looking_near_misses_are_refused(name, player, post, why):
    assert why in refusal(name, player, post)


@pytest.mark.parametrize("name, player, post, move", [
    # an arrow by the edge line it points to (AX-1: row 9 the top, column A the left)
    ("arrowbic-start", "sally", "C4 pointing towards row 9", "C4 up"),
    ("arrowbic-second", "maddie", "G7, arrow toward column A", "G7 left"),
    ("arrowbic-second", "maddie", "stone on B2 facing towards row 1", "B2 down"),
    ("arrowbic-start", "sally", "D3 to column I", "D3 right"),
    # an arrow as an adverb or a compound
    ("arrowbic-start", "sally", "C4 arrow pointing upwards", "C4 up"),
    ("arrowbic-second", "maddie", "H8 with a downward arrow", "H8 down"),
    ("arrowbic-second", "maddie", "F6 left-facing", "F6 left"),
])
def test_an_arrow_by_its_edge_line_or_as_an_adverb_reads(name, player, post, move):
    assert read(name, player, post) == move


@pytest.mark.parametrize("name, player, post, why", [
    ("arrowbic-start", "sally", "C4 towards row 5", "not a move"),     # a middle row: no direction alone
    ("arrowbic-start", "sally", "C4 pointing towards row 9 or row 1", "after 'or'"),
    ("arrowbic-start", "sally", "C4 up (towards row 1)", "outside it"),   # the two disagree
    ("arrowbic-second", "maddie", "F6 upwards or leftwards", "after 'or'"),
])
def test_an_arrow_by_its_edge_line_near_misses_are_refused(name, player, post, why):
    assert why in refusal(name, player, post)


@pytest.mark.parametrize("name, player, post, move", [
    # a compass word as a compound or an adverb, like the arrow words
    ("arrowbic-start", "sally", "I'm placing a south-facing arrow on E7.", "E7 down"),
    ("arrowbic-start", "sally", "north-pointing arrow at C4", "C4 up"),
    ("arrowbic-start", "sally", "a westward arrow on F4", "F4 left"),
    # a cell with its noun
    ("arrowbic-start", "sally", "Red stone, up arrow, square D3.", "D3 up"),
    ("arrowbic-start", "sally", "up arrow on square D3", "D3 up"),
    ("arrowbic-start", "sally", "cell b2 east", "B2 right"),
    # a sentence naming only a stone already on the board (E5 is Sally's): talk, not a move
    ("arrowbic-second", "maddie", "C6 down. nice try with E5 btw", "C6 down"),
    ("arrowbic-second", "maddie", "nice try with E5. C6 down", "C6 down"),
    ("arrowbic-second", "maddie", "C6 down! E5 was cute", "C6 down"),
    ("arrowbic-second", "maddie", "C6 down (nice try with E5 btw)", "C6 down"),
    ("arrowbic-second", "maddie", "E5 taken, so C6 down", "C6 down"),
])
def test_a_compass_compound_a_cell_noun_or_a_taken_cell_in_talk_reads(name, player, post, move):
    assert read(name, player, post) == move


@pytest.mark.parametrize("name, player, post, why", [
    ("arrowbic-second", "maddie", "C6 down. E4 btw", "outside it"),        # E4 is empty: may be the move
    ("arrowbic-second", "maddie", "C6 down. E5?", "outside it"),           # a question
    ("arrowbic-second", "maddie", "E5. C6 down", "outside it"),            # the cell alone, nothing said of it
    ("arrowbic-second", "maddie", "C6 down, E4 btw", "outside it"),
    ("arrowbic-second", "maddie", "C6 down. maybe E5", "two ways"),
    ("arrowbic-second", "maddie", "C6 down. E5 left", "two different moves"),
])
def test_a_taken_cell_in_talk_near_misses_are_refused(name, player, post, why):
    assert why in refusal(name, player, post)
