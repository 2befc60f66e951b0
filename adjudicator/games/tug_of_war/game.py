"""Zero's Tug of War put together: the rules core, its views, notation and picture, and the
game's words and nature as class data."""

from __future__ import annotations

from adjudicator.game import Nature
from adjudicator.games.tug_of_war.notation import TugOfWarNotation
from adjudicator.games.tug_of_war.picture import TugOfWarPicture
from adjudicator.games.tug_of_war.rules import TugOfWarRules
from adjudicator.games.tug_of_war.views import TugOfWarViews
from adjudicator.games.tug_of_war.words import DUES, ENDINGS, REFUSALS, WORDS


class TugOfWar(TugOfWarViews, TugOfWarNotation, TugOfWarPicture, TugOfWarRules):
    name = "tug-of-war"
    nature = Nature(turns=True, first_by_pick=True)   # who starts may be drawn at random (G-6, TW-18 Starter)
    chance_rulings = ()   # no chance entries: only the opening pick of who starts (G-6)
    who_starts = "the header's `first`, or an opening pick, names who plays first (G-6, TW-18 Starter)"
    words = WORDS
    refusals = REFUSALS
    endings = ENDINGS
    dues = DUES
