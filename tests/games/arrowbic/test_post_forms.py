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
