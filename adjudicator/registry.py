"""Finds a game's class by the game's name, along the game search path (adjudicator.paths).

`dice-tug-of-war` is the built-in package adjudicator.games.dice_tug_of_war; a name no
built-in game has is looked for as `<stem>.py` (or a package `<stem>/`) in the `games/`
folder beside each folder of ADJUDICATOR_RULESETS, with its move schema
`<name>.schema.json` beside it. The built-in games are listed in adjudicator.games.BUILTIN;
a plug-in game is found by its name alone: adding one is adding its module (which defines
`GAME`), its ruleset and its move schema. A plug-in runs from its source, never from bytecode.

Only modules the search path finds by a game's name are ever executed, never a file a
match or ruleset names by path. The engine knows nothing of this module.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import CodeType, ModuleType
from typing import Any

from adjudicator.errors import RulesetError
from adjudicator.game import Game
from adjudicator.paths import (
    GameSource,
    find_game,
    plugin_dirs,
    unknown_game,
)

PLUGIN_PREFIX = "adjudicator_plugin_"   # plug-in modules' names in sys.modules
_FOUND: dict[tuple[str, tuple[Path, ...]], type[Game[Any]]] = {}


def game_class(name: str, where: str = "game") -> type[Game[Any]]:
    """The Game subclass for `name`, importing only that game's module (once per process
    and search path)."""
    key = (name, tuple(plugin_dirs()))   # the folders as plugin_dirs keeps them (their hashes kept too)
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
        raise RulesetError(f"{where}: module {label} does not define GAME (a subclass of adjudicator.game.Game).")
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
    names) under the name adjudicator_plugin_<stem>, from its source only (SourceOnlyLoader);
    any failure is one sentence."""
    assert source.file is not None
    module_name = PLUGIN_PREFIX + source.name.replace("-", "_")
    loaded = sys.modules.get(module_name)
    if loaded is not None and getattr(loaded, "__file__", None) == str(source.file):
        return loaded
    for name in [name for name in sys.modules if name.startswith(module_name + ".")]:
        del sys.modules[name]   # submodules of the same name from another folder
    _install_finder()
    spec = source_spec(module_name, source.file, package=source.file.name == "__init__.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module   # before running it: dataclasses look their module up
    try:
        spec.loader.exec_module(module)  # type: ignore[union-attr]
    except Exception as exc:  # a plug-in's own error, told in one sentence
        sys.modules.pop(module_name, None)
        line = getattr(exc, "lineno", None)
        text = exc.msg if isinstance(exc, SyntaxError) else str(exc)
        detail = text.splitlines()[0][:200] if text else ""
        raise RulesetError(f"{where}: the game module {source.file} failed to load: {type(exc).__name__}"
                           f"{' at line ' + str(line) if line else ''}{': ' + detail if detail else ''}.") from None
    return module


class SourceOnlyLoader(importlib.machinery.SourceFileLoader):
    """Runs a plug-in module from its .py source every time. CPython's loader would run the
    bytecode in __pycache__ instead whenever its header names the source's mtime and size,
    which anyone who can write there can forge; this one neither reads nor writes bytecode."""

    def get_code(self, fullname: str) -> CodeType:
        path = self.get_filename(fullname)
        return self.source_to_code(self.get_data(path), path)


_PACKAGE_FOLDERS: dict[str, Path] = {}   # a package plug-in's module name -> its folder


def source_spec(name: str, file: Path, package: bool) -> ModuleSpec:
    """The spec of a plug-in module or package run by SourceOnlyLoader. A package's __path__
    is left empty, so CPython's own finders (which take .pyc files and extension modules too)
    find nothing in it; PluginFinder finds its submodules instead."""
    spec = importlib.util.spec_from_file_location(name, file, loader=SourceOnlyLoader(name, str(file)),
                                                  submodule_search_locations=[] if package else None)
    assert spec is not None   # a file location and a loader always make a spec
    if package:
        spec.submodule_search_locations = []   # spec_from_file_location puts the folder in an empty list
        _PACKAGE_FOLDERS[name] = file.parent
    return spec


class PluginFinder(importlib.abc.MetaPathFinder):
    """Finds the submodules of a package plug-in (`from . import rules`): `<name>.py` or
    `<name>/__init__.py` in the package's folder, from source only."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        parent, _, last = fullname.rpartition(".")
        folder = _PACKAGE_FOLDERS.get(parent)
        if folder is None or not last.isidentifier():
            return None
        if (folder / last / "__init__.py").is_file():
            return source_spec(fullname, folder / last / "__init__.py", package=True)
        if (folder / f"{last}.py").is_file():
            return source_spec(fullname, folder / f"{last}.py", package=False)
        return None


def _install_finder() -> None:
    """Put PluginFinder first on sys.meta_path, once."""
    if not any(isinstance(finder, PluginFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, PluginFinder())
