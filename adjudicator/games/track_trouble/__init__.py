"""Track Trouble! by Zero (seed 001; rulings TT-1…TT-8).

Split in three: `layouts` (round layouts as data, TT-1), `notation` (typed moves) and
`game` (crossings, points, items, views).
"""

from adjudicator.games.track_trouble.game import TrackTrouble

GAME = TrackTrouble

__all__ = ["GAME", "TrackTrouble"]
