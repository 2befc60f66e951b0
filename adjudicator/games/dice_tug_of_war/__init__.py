"""Tug of War, the dice game by Bernd Eisenstein (seed 002; rulings DT-1…DT-7), ruleset dice-tug-of-war.

Each side has a column of three dice and a team of pawns. A turn rolls the three free
dice, may re-roll some (one die per 6 in the column), then attacks or trades. Every roll is
a `chance` entry, so the log alone replays the match (DT-7).

The package splits by part: `rules` (the state, set-up and turns: DT-1…DT-7, and the
self-play hooks), `notation` (typed moves, and dice named in words made positions or values),
`views` (the public view, the text board, the legal moves), `words` (the tables
that word events, refusals, endings and dues), `picture` (the board drawn) and
`game` (the parts put together).

Readings of points the seed leaves open:

- DT-6: a host's `end` without a winner gives the match to the larger team; equal teams
  draw (the seed has no score but elimination).
- DT-5/DT-6: a trade that empties the trader's own team loses at once, before its attack.
"""

from adjudicator.games.dice_tug_of_war.game import DiceTugOfWar

GAME = DiceTugOfWar
__all__ = ["GAME", "DiceTugOfWar"]
