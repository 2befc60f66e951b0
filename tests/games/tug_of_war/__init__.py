"""Tests of adjudicator.games.tug_of_war."""
