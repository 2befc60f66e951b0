"""Finds a game's module by the game's name: `dice-tug-of-war` → adjudicator.games.dice_tug_of_war.

No list to edit: adding a game is adding its module (which defines `GAME`), its ruleset
and its move schema.
"""

from __future__ import annotations

import importlib
import pkgutil
import re

from adjudicator.engine import Game
from adjudicator.errors import RulesetError

_EXTRA: dict[str, type[Game]] = {}
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def register(game: type[Game]) -> type[Game]:
    """Add a game class from outside the package (used by tests for toy games)."""
    _EXTRA[game.name] = game
    return game


def game_class(name: str, where: str = "game") -> type[Game]:
    """The Game subclass for `name`, importing only that game's module."""
    if name in _EXTRA:
        return _EXTRA[name]
    if not _NAME.match(name or ""):
        raise RulesetError(f"{where}: '{name}' is not a game name.")
    module_name = "adjudicator.games." + name.replace("-", "_")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        raise RulesetError(f"{where}: no game called '{name}'. Games: {', '.join(list_games())}.") from None
    game = getattr(module, "GAME", None)
    if not (isinstance(game, type) and issubclass(game, Game)):
        raise RulesetError(f"{where}: module {module_name} does not define GAME.")
    return game


def list_games() -> list[str]:
    import adjudicator.games as games

    found = [m.name.replace("_", "-") for m in pkgutil.iter_modules(games.__path__) if not m.name.startswith("_")]
    return sorted(set(found) | set(_EXTRA))
