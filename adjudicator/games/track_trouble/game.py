"""Track Trouble! put together: the rules core, its views, notation and picture, and the
game's words and nature as class data."""

from __future__ import annotations

from adjudicator.game import Nature
from adjudicator.games.track_trouble.notation import TrackTroubleNotation
from adjudicator.games.track_trouble.picture import TrackTroublePicture
from adjudicator.games.track_trouble.rules import TrackTroubleRules
from adjudicator.games.track_trouble.views import TrackTroubleViews
from adjudicator.games.track_trouble.words import DUES, ENDINGS, REFUSALS, WORDS


class TrackTrouble(TrackTroubleViews, TrackTroubleNotation, TrackTroublePicture, TrackTroubleRules):
    name = "track-trouble"
    nature = Nature(turns=False, sealed_phases=True, hidden=True)
    chance_rulings = ()   # no chance entries
    who_starts = "its players act together, so nobody starts"   # sealed crossings (TT-3, G-2)
    words = WORDS
    refusals = REFUSALS
    endings = ENDINGS
    dues = DUES
