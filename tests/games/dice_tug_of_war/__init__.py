"""Tests of adjudicator.games.dice_tug_of_war."""
