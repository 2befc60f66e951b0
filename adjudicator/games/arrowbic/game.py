"""Arrowbic Exercise put together: the rules core and its parts, and what the game is as
class data (its name, nature, who starts and its word tables)."""

from __future__ import annotations

from adjudicator.game import Nature
from adjudicator.games.arrowbic.notation import ArrowbicNotation
from adjudicator.games.arrowbic.picture import ArrowbicPicture
from adjudicator.games.arrowbic.rules import ArrowbicRules
from adjudicator.games.arrowbic.views import ArrowbicViews
from adjudicator.games.arrowbic.words import DUES, ENDINGS, REFUSALS, WORDS


class Arrowbic(ArrowbicViews, ArrowbicNotation, ArrowbicPicture, ArrowbicRules):
    name = "arrowbic"
    # G-6 (amended): a match without `first` may open with a pick; it names the red player.
    nature = Nature(turns=True, first_by_pick=True)
    chance_rulings = ()   # no chance of its own: the opening pick is the engine's (G-6)
    who_starts = "red starts (AX-1); `first` or an opening pick names who plays red (G-6)"
    words = WORDS
    refusals = REFUSALS
    endings = ENDINGS
    dues = DUES
