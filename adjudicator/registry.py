"""Finds a game's class by the game's name, along the game search path (adjudicator.paths).

`dice-tug-of-war` is the built-in module adjudicator.games.dice_tug_of_war; a name no
built-in game has is looked for as `<stem>.py` (or a package `<stem>/`) in the `games/`
folder beside each folder of ADJUDICATOR_RULESETS, with its move schema
`<name>.schema.json` beside it. No list to edit: adding a game is adding its module (which
defines `GAME`), its ruleset and its move schema.

Only modules the search path finds by a game's name are ever executed, never a file a
match or ruleset names by path. The engine knows nothing of this module.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from types import ModuleType

from adjudicator.engine import Game
from adjudicator.errors import RulesetError
from adjudicator.paths import GameSource, find_game, game_names, unknown_game

PLUGIN_PREFIX = "adjudicator_plugin_"   # plug-in modules' names in sys.modules
_FOUND: dict[tuple[str, str], type[Game]] = {}


def game_class(name: str, where: str = "game") -> type[Game]:
    """The Game subclass for `name`, importing only that game's module (once per process
    and search path)."""
    key = (name, os.environ.get("ADJUDICATOR_RULESETS", ""))
    found = _FOUND.get(key) if isinstance(name, str) else None
    if found is not None:
        return found
    source = find_game(name)
    if source is None:
        raise RulesetError(unknown_game(name, where))
    if source.module is not None:
        module = importlib.import_module(source.module)
        label = source.module
    else:
        module = _load_plugin(source, where)
        label = str(source.file)
    game = getattr(module, "GAME", None)
    if not (isinstance(game, type) and issubclass(game, Game)):
        raise RulesetError(f"{where}: module {label} does not define GAME (a subclass of adjudicator.engine.Game).")
    if source.module is None:
        if game.name != name:
            raise RulesetError(f"{where}: module {label} defines GAME for '{game.name}', not '{name}': "
                               f"the module is named after its game's name, with '-' as '_'.")
        from adjudicator.schemas import check_move_schema

        check_move_schema(name, source.schema)
    _FOUND[key] = game
    return game


def _load_plugin(source: GameSource, where: str) -> ModuleType:
    """Execute a plug-in game's module (a file the search path found, never one a match
    names) under the name adjudicator_plugin_<stem>; any failure is one sentence."""
    assert source.file is not None
    stem = source.name.replace("-", "_")
    module_name = PLUGIN_PREFIX + stem
    loaded = sys.modules.get(module_name)
    if loaded is not None and getattr(loaded, "__file__", None) == str(source.file):
        return loaded
    package = source.file.name == "__init__.py"
    spec = importlib.util.spec_from_file_location(
        module_name, source.file, submodule_search_locations=[str(source.file.parent)] if package else None)
    if spec is None or spec.loader is None:
        raise RulesetError(f"{where}: {source.file} cannot be loaded as a Python module.")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module   # before running it: dataclasses look their module up
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # a plug-in's own error, told in one sentence
        sys.modules.pop(module_name, None)
        line = getattr(exc, "lineno", None)
        text = exc.msg if isinstance(exc, SyntaxError) else str(exc)
        detail = text.splitlines()[0][:200] if text else ""
        raise RulesetError(f"{where}: the game module {source.file} failed to load: {type(exc).__name__}"
                           f"{' at line ' + str(line) if line else ''}{': ' + detail if detail else ''}.") from None
    return module


def list_games() -> list[str]:
    """Every game name the search path offers (nothing imported)."""
    return game_names()
