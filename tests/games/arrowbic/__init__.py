"""Tests of adjudicator.games.arrowbic."""
