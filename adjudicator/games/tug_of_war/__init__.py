"""Zero's Tug of War (seed 000; rulings TW-1…TW-19), rulesets tug-of-war-v1 and tug-of-war-v2.

Two players push cards onto seven modules; the first to win 3 wins. The package splits by
concern: `modules` (the eight modules' mechanics), `game` (the turn in TW-9 order, rewards,
discards, views), `notation` (typed moves), `board` (render blocks).
"""

from adjudicator.games.tug_of_war.game import TugOfWar

GAME = TugOfWar
