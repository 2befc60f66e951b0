"""The picture part of Track Trouble!: `draw_board`, which draws with drawing.py.

The drawing code and the picture kit it draws with (adjudicator.picture) are imported only
when a picture is asked for, so a text board or a move never loads them
(tests/test_picture.py, docs/design.md "Pictures").
"""

from __future__ import annotations

from typing import Any

from adjudicator.game import Game
from adjudicator.games.track_trouble.state import TTState


class TrackTroublePicture(Game[TTState]):
    """The board as a picture, drawn in drawing.py."""

    def draw_board(self, view: dict[str, Any], canvas: Any, private: dict[str, Any] | None = None) -> bool:
        """The board as a picture (adjudicator.picture), with `private` marked as such."""
        from adjudicator.games.track_trouble.drawing import draw

        return draw(self, view, canvas, private)
