"""One module per game; each defines GAME, a subclass of adjudicator.game.Game.

BUILTIN names the built-in games, and only these: a module here that is not in it (a
picture, a helper) is never a game, so `game: arrowbic-picture` names nothing.
tests/hostile/test_plugins.py checks that every module defining GAME is listed.
"""

BUILTIN = ("arrowbic", "dice-tug-of-war", "track-trouble", "tug-of-war", "winning-streak")
