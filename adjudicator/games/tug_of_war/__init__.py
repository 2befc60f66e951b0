"""Zero's Tug of War (seed 000; rulings TW-1…TW-19), rulesets tug-of-war-v1 and tug-of-war-v2.

Two players push cards onto seven modules; the first to win 3 wins. The package splits by
concern: `rules` (the turn in TW-9 order, rewards, discards, items, the outcome), `modules`
(Rope, Race, Collation, Clock, Conker, Tower) and `grids` (Maze, Path), `views` (the views,
render blocks and legal moves), `notation` (typed moves), `picture` (the board drawn),
`words` (every sentence the core's data becomes) and `game`, which puts them together.

Readings of points RULINGS.md leaves open (each has a `test_reading_*` test where it can
be shown):

- TW-4: a player's "previous module" is that of their previous module move; discard-only
  moves (TW-7) are not turns.
- TW-8: only the mover can run out (the opponent only gains cards on the mover's turn).
- TW-9: cards after the one that wins Maze are illegal too, as after a Tower win.
- TW-9/TW-16: the Conker point's 1 is paid with the rewards, so letter A does not count it;
  a release happens only while Conker is active.
- TW-11: a card stops on the first puddle strictly ahead of the runner (a runner standing
  on a puddle moves off it); overshooting is judged on the card's full strength.
- TW-12: an empty pile with equal counters (only possible with an even `pile`) scores
  nothing; the pile resets and the usual reward is paid. The v2 early end looks at both
  players' holdings, so the mover's card can make the opponent score.
- TW-13: an empty clock after a push-back pays ⌊0/2⌋ + 1 = 1.
- TW-14: a tilt that moves nothing is still a played card. Walls are wall cells of the
  `maze.grid` picture.
- TW-18: Block Move names an active module (one already barred is allowed); it bars that
  module for the opponent's next module move and is not used up by a discard in between.
- A host's `end` without a winner scores more modules won, then more points on active
  modules; otherwise a draw (the seed has no score for a stopped match).
"""

from adjudicator.games.tug_of_war.game import TugOfWar

GAME = TugOfWar

__all__ = ["GAME", "TugOfWar"]
