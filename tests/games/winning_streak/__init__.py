"""Tests of adjudicator.games.winning_streak."""
