"""Winning Streak as a picture: the part of the game that draws its board.

The drawing code itself is in `drawing`, imported only when a picture is asked for: it is
built on adjudicator.picture, which a text board or a move never loads
(tests/test_picture.py), and this part is put together with the rest of the game.
"""

from __future__ import annotations

from typing import Any

from adjudicator.games.winning_streak.rules import WinningStreakRules


class WinningStreakPicture(WinningStreakRules):
    """The board as a picture, drawn from the public view (and one player's, for `board --as`)."""

    def draw_board(self, view: dict[str, Any], canvas: Any, private: dict[str, Any] | None = None) -> bool:
        """The picture, drawn in its own module so text boards never load it."""
        from adjudicator.games.winning_streak.drawing import draw

        return draw(self, view, canvas, private)
