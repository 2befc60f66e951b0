"""One module per game; each defines GAME, a subclass of adjudicator.engine.Game."""
