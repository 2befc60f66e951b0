"""Arrowbic Exercise, by RedsToad and Zero (seed 003; rulings AX-1…AX-9).

Two pieces stand on a 9×9 board. Players take turns placing arrow stones (AX-2); a stone
may not close a loop of arrows (AX-3) and captures straight and diagonal runs of enemy
stones that it closes with one of its owner's stones (AX-4). After each placement one
piece, in the snake order B, R, R, B, B, R, R, B … (AX-5), follows the arrow under it; a
piece that leaves the board loses the match for its owner (AX-6). A player without a legal
placement passes automatically (AX-7). Retake undoes the last two placements (AX-8).

Who plays red is settled before the first placement (G-6 as amended, AX-1): the player who
starts plays red, so a header `first` or an opening pick naming the player the header lists
as blue swaps the two players' sides for the match. The sides in effect live in the state
(`ArrowState.sides`); everything that shows or uses a side reads them there, never the
header's listing.

The package, one module per part: `rules` (the state, the board's geometry and the rules
core: set-up, placements, captures, movement, passes, Retake, the result and the self-play
hooks), `notation` (typed moves), `views` (the public view, the text board, the legal moves
with their previews), `words` (every sentence: events, refusals, endings, dues), `picture`
(draw_board) with `drawing` (the picture itself, loaded only for one), and `game`, which
puts them together.

Readings of points the rulings leave open: neither player able to place while neither piece
stands on a stone ends the match drawn (AX-7, "stuck-draw"); a host's `end` without a winner
has none (AX-6, "pieces-on-board").
"""

from adjudicator.games.arrowbic.game import Arrowbic

GAME = Arrowbic

__all__ = ["GAME", "Arrowbic"]
