"""The picture part of the dice Tug of War: `draw_board`, which draws with drawing.py.

The drawing code and the picture kit it draws with (adjudicator.picture) are imported only
when a picture is asked for, so a text board or a move never loads them
(tests/test_picture.py, docs/design.md "Pictures").
"""

from __future__ import annotations

from typing import Any

from adjudicator.game import Game
from adjudicator.games.dice_tug_of_war.rules import DiceState


class DiceTugOfWarPicture(Game[DiceState]):
    """The board as a picture, drawn in drawing.py."""

    def draw_board(self, view: dict[str, Any], canvas: Any, private: dict[str, Any] | None = None) -> bool:
        """The picture."""
        from adjudicator.games.dice_tug_of_war.drawing import draw

        return draw(self, view, canvas, private)
