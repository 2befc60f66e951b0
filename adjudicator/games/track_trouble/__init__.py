"""Track Trouble! by Zero (seed 001; rulings TT-1…TT-8).

Split in parts: `layouts` (round layouts as data, TT-1), `notation` (typed moves), `state`,
`game` (the rules core: crossings, points, items — data only), `board` (views and legal moves)
and `wording` (every sentence the core's events, refusals, endings and dues become).
"""

from adjudicator.games.track_trouble.game import TrackTrouble

GAME = TrackTrouble

__all__ = ["GAME", "TrackTrouble"]
