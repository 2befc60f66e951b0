"""usecases.look, called directly: `board`, `replay` and `legal` replay a match and return
what their presenters need."""

from __future__ import annotations

import pytest

from adjudicator.errors import InputError
from adjudicator.usecases.look import board, legal, replay
from helpers.matches import dice_match, setup_entries


@pytest.fixture
def started(write):
    return write(dice_match(setup_entries([2, 4, 6], [1, 1, 1]) + [("roll", 3, 1, 6)]))


def test_board_at_an_entry_for_a_player(started):
    looked = board(started, "ANNA", 2)
    assert looked.viewer == "anna" and looked.match.count == 5
    with pytest.raises(InputError):
        board(started, None, 9)


def test_board_refuses_an_output_over_the_match_before_any_work(started):
    with pytest.raises(InputError, match="the match itself"):
        board(started, output=started)


def test_replay_narrates_every_entry(started):
    result = replay(started, None, "text")
    assert result.viewer is None and not result.replay.flags and result.narrated


def test_legal_lists_the_moves_of_who_acts(started):
    result = legal(started)
    assert list(result.moves) == ["anna"] and result.moves["anna"]
    assert legal(started, "bernd").moves == {"bernd": []}
    with pytest.raises(InputError, match="carl"):
        legal(started, "carl")
