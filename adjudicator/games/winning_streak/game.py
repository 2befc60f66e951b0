"""Winning Streak put together: its views, notation and picture over its rules core, and
its word tables, as class data."""

from __future__ import annotations

from adjudicator.game import Nature
from adjudicator.games.winning_streak.notation import WinningStreakNotation
from adjudicator.games.winning_streak.picture import WinningStreakPicture
from adjudicator.games.winning_streak.rules import WinningStreakRules
from adjudicator.games.winning_streak.views import WinningStreakViews
from adjudicator.games.winning_streak.words import DUES, ENDINGS, REFUSALS, WORDS


class WinningStreak(WinningStreakViews, WinningStreakNotation, WinningStreakPicture, WinningStreakRules):
    """Winning Streak by elara (seed 004; rulings WS-1…WS-8)."""

    name = "winning-streak"
    nature = Nature(turns=False, sealed_phases=True)
    chance_rulings = ()                                          # no chance: nothing random is recorded
    who_starts = "its players act together, so nobody starts"   # every phase is sealed (G-2)
    words = WORDS
    refusals = REFUSALS
    endings = ENDINGS
    dues = DUES
