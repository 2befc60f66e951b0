"""Tests of adjudicator.games.track_trouble."""
