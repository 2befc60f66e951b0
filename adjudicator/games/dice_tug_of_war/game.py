"""Dice Tug of War put together: the rules, notation, views and picture of the package, with
the game's name, nature and word tables as class data."""

from __future__ import annotations

from adjudicator.game import Nature
from adjudicator.games.dice_tug_of_war.notation import DiceTugOfWarNotation
from adjudicator.games.dice_tug_of_war.picture import DiceTugOfWarPicture
from adjudicator.games.dice_tug_of_war.rules import DiceTugOfWarRules
from adjudicator.games.dice_tug_of_war.views import DiceTugOfWarViews
from adjudicator.games.dice_tug_of_war.words import DUES, ENDINGS, REFUSALS, WORDS


class DiceTugOfWar(DiceTugOfWarViews, DiceTugOfWarNotation, DiceTugOfWarPicture, DiceTugOfWarRules):
    name = "dice-tug-of-war"
    who_starts = "the set-up roll decides (DT-2)"
    nature = Nature(turns=True, chance=True)
    chance_rulings = ("DT-7",)   # dice are chance entries (DT-7): the engine cites it on a roll recorded wrong
    words = WORDS
    refusals = REFUSALS
    endings = ENDINGS
    dues = DUES
