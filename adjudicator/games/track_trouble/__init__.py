"""Track Trouble! by Zero (seed 001; rulings TT-1…TT-9).

Split in parts: `rules` (the rules core: crossings, points, items — data only), `state` (the
match state), `layouts` (round layouts as data, TT-1), `views` (views and legal moves),
`notation` (typed moves), `picture` (the board drawn), `words` (every sentence the core's
events, refusals, endings and dues become) and `game`, which puts them together.
"""

from adjudicator.games.track_trouble.game import TrackTrouble

GAME = TrackTrouble

__all__ = ["GAME", "TrackTrouble"]
