"""Where things are: the built-in rulesets and schemas (installed or in a source checkout),
the folders a user adds, and the game search path.

Nothing here imports a game module, the engine or the rulesets: finding is stat calls only
(and the list of built-in game names, adjudicator.games.BUILTIN), so every command can
afford it.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from adjudicator.errors import RulesetError
from adjudicator.games import BUILTIN

_PACKAGE = Path(__file__).resolve().parent
# A game's name: lower-case words joined by '-'. A name ending in '-picture' is no game's: a
# module `<game>_picture.py` draws a game's board, so no ruleset may name one.
GAME_NAME = re.compile(r"^(?!.*-picture$)[a-z0-9][a-z0-9-]{0,99}$")


_DATA_DIRS: dict[str, Path] = {}


def data_dir(name: str) -> Path:
    """The folder `name` ('rulesets' or 'schemas'): inside an installed wheel, else the repo's.
    Looked up once per process: how the package is installed does not change while it runs."""
    found = _DATA_DIRS.get(name)
    if found is None:
        installed = _PACKAGE / "_data" / name
        found = _DATA_DIRS[name] = installed if installed.is_dir() else _PACKAGE.parent / name
    return found


_PLUGIN_DIRS: tuple[tuple[str, str, str], tuple[Path, ...]] | None = None


def config_dir() -> Path:
    """The user's configuration folder, $XDG_CONFIG_HOME/adjudicator (default
    ~/.config/adjudicator): where relative ADJUDICATOR_RULESETS entries are, so that they never
    lead into the current folder, which may be an archive a stranger sent. A relative
    XDG_CONFIG_HOME is ignored, as the XDG specification says."""
    base = os.environ.get("XDG_CONFIG_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "adjudicator"


def plugin_dirs() -> list[Path]:
    """The folders ADJUDICATOR_RULESETS names (os.pathsep-separated), in order, each absolute:
    a relative one is taken inside config_dir(). Worked out again only when the variables change."""
    global _PLUGIN_DIRS
    key = (os.environ.get("ADJUDICATOR_RULESETS", ""), os.environ.get("XDG_CONFIG_HOME", ""),
           os.environ.get("HOME", ""))
    if _PLUGIN_DIRS is None or _PLUGIN_DIRS[0] != key:
        _PLUGIN_DIRS = (key, tuple(_absolute(entry) for entry in _unique(key[0].split(os.pathsep))))
    return list(_PLUGIN_DIRS[1])


def _unique(entries: list[str]) -> list[str]:
    """The entries once each, in order, empty ones left out."""
    return list(dict.fromkeys(entry for entry in entries if entry))


def _absolute(entry: str) -> Path:
    """An ADJUDICATOR_RULESETS entry as a folder: as given when absolute, else in config_dir()."""
    if os.path.isabs(entry):
        return Path(os.path.normpath(entry))
    base = config_dir()
    if not base.is_absolute():
        raise RulesetError(f"ADJUDICATOR_RULESETS: '{entry}' is a relative folder, and there is no configuration "
                           f"folder to find it in (set HOME or XDG_CONFIG_HOME); give its absolute path.")
    return Path(os.path.normpath(base / entry))


def ruleset_dirs() -> list[Path]:
    """Folders searched for rulesets: those of ADJUDICATOR_RULESETS, then the built-in one
    (once, even if ADJUDICATOR_RULESETS names it too)."""
    builtin = data_dir("rulesets")
    return [*(folder for folder in plugin_dirs() if folder != builtin), builtin]


def game_dirs() -> list[Path]:
    """Folders searched for plug-in games: the `games/` folder beside the rulesets of each
    folder named in ADJUDICATOR_RULESETS, in that order (docs/design.md, "Adding a game")."""
    return [folder / "games" for folder in plugin_dirs()]


@dataclass(frozen=True)
class GameSource:
    """Where game `name` comes from. A built-in game is the module `adjudicator.games.<stem>`
    with its move schema in schemas/move/; a plug-in game is the file `<stem>.py` (or the
    package `<stem>/__init__.py`) in a games folder, with its move schema `<name>.schema.json`
    beside it. `<stem>` is the name with `-` as `_`."""

    name: str
    module: str | None     # the importable name of a built-in game; None for a plug-in
    file: Path | None      # the module file of a plug-in game; None for a built-in one
    schema: Path           # the move schema (it may be missing: the loader says so)


def find_game(name: str) -> GameSource | None:
    """Where game `name` is, or None. Only a name like `rope-race` is looked up, and only
    among the built-in games (BUILTIN) or as a module of a games folder: never a path a file
    names. A name offered twice (a plug-in taking a built-in game's name, or two plug-ins
    the same name) is refused naming both files, never settled by the order of the folders."""
    if not isinstance(name, str) or not GAME_NAME.match(name):
        return None
    stem = name.replace("-", "_")
    offered = [file for folder in game_dirs() for file in (folder / f"{stem}.py", folder / stem / "__init__.py")
               if file.is_file()]
    if name in BUILTIN:
        if offered:
            raise RulesetError(f"game '{name}': the plug-in {offered[0]} takes the name of the built-in game "
                               f"{builtin_game_file(name)}; a plug-in may not, so rename it or remove its folder "
                               f"from ADJUDICATOR_RULESETS.")
        return GameSource(name, f"adjudicator.games.{stem}", None, data_dir("schemas") / "move" / f"{name}.schema.json")
    if len(offered) > 1:
        raise RulesetError(f"game '{name}': both {offered[0]} and {offered[1]} offer it; a game may come from one "
                           f"plug-in file only, so remove one.")
    if offered:
        folder = offered[0].parent if offered[0].name != "__init__.py" else offered[0].parent.parent
        return GameSource(name, None, offered[0], folder / f"{name}.schema.json")
    return None


def builtin_game_file(name: str) -> Path:
    """The module file of built-in game `name` (for messages)."""
    stem = name.replace("-", "_")
    single = _PACKAGE / "games" / f"{stem}.py"
    return single if single.is_file() else _PACKAGE / "games" / stem / "__init__.py"


def folder_games(folder: Path) -> list[str]:
    """The game names a plug-in games folder offers: its modules and packages named like a
    game (a folder listing, nothing imported)."""
    try:
        children = list(folder.iterdir())
    except OSError:
        return []
    found = []
    for child in children:
        stem = child.stem if child.suffix == ".py" else child.name if (child / "__init__.py").is_file() else ""
        name = stem.replace("_", "-")
        if stem and not stem.startswith("_") and GAME_NAME.match(name) and name.replace("-", "_") == stem:
            found.append(name)
    return sorted(found)


def game_names() -> list[str]:
    """Every game name the search path offers: the built-in games and the plug-ins'."""
    return sorted({*BUILTIN, *(name for folder in game_dirs() for name in folder_games(folder))})


def unknown_game(name: str, where: str = "game") -> str:
    """The sentence for a game name the search path does not find."""
    if not isinstance(name, str) or not GAME_NAME.match(name):
        why = " (a module ending in '-picture' draws a game's board; it is not a game)" \
            if isinstance(name, str) and name.endswith("-picture") else ""
        return f"{where}: '{name}' is not a game name{why}."
    return f"{where}: no game called '{name}'. Games: {', '.join(game_names())}."


def cache_dir() -> Path | None:
    """Where parsed rulesets are cached: ADJUDICATOR_CACHE (empty: no cache), else
    $XDG_CACHE_HOME/adjudicator or ~/.cache/adjudicator."""
    chosen = os.environ.get("ADJUDICATOR_CACHE")
    if chosen is not None:
        return Path(chosen) if chosen else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "adjudicator"
