"""The picture part of Arrowbic Exercise: `draw_board`, which draws with drawing.py.

The drawing code and the picture kit it draws with (adjudicator.picture) are imported only
when a picture is asked for, so a text board or a move never loads them
(tests/test_picture.py, docs/design.md "Pictures").
"""

from __future__ import annotations

from typing import Any

from adjudicator.games.arrowbic.rules import ArrowbicRules


class ArrowbicPicture(ArrowbicRules):
    """The board as a picture, from the public view (everything in this game is public)."""

    def draw_board(self, view: dict[str, Any], canvas: Any, private: dict[str, Any] | None = None) -> bool:
        """The picture, drawn in its own module so text boards never load it."""
        from adjudicator.games.arrowbic.drawing import draw

        return draw(self, view, canvas, private)
