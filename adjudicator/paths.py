"""Where things are: the built-in rulesets and schemas (installed or in a source checkout),
the folders a user adds, and the game search path.

Nothing here imports a game, the engine or the rulesets: finding is stat calls only, so
every command can afford it.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
GAME_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,99}$")


_DATA_DIRS: dict[str, Path] = {}


def data_dir(name: str) -> Path:
    """The folder `name` ('rulesets' or 'schemas'): inside an installed wheel, else the repo's.
    Looked up once per process: how the package is installed does not change while it runs."""
    found = _DATA_DIRS.get(name)
    if found is None:
        installed = _PACKAGE / "_data" / name
        found = _DATA_DIRS[name] = installed if installed.is_dir() else _PACKAGE.parent / name
    return found


_RULESET_DIRS: tuple[str, tuple[Path, ...]] | None = None


def ruleset_dirs() -> list[Path]:
    """Folders searched for rulesets: ADJUDICATOR_RULESETS (os.pathsep-separated) first, then built-in."""
    global _RULESET_DIRS
    extra = os.environ.get("ADJUDICATOR_RULESETS", "")
    if _RULESET_DIRS is None or _RULESET_DIRS[0] != extra:   # built again only when the variable changes
        _RULESET_DIRS = (extra, (*(Path(p) for p in extra.split(os.pathsep) if p), data_dir("rulesets")))
    return list(_RULESET_DIRS[1])


def game_dirs() -> list[Path]:
    """Folders searched for plug-in games: the `games/` folder beside the rulesets of each
    folder named in ADJUDICATOR_RULESETS, in that order (README, "Adding a game")."""
    extra = os.environ.get("ADJUDICATOR_RULESETS", "")
    return [Path(p) / "games" for p in extra.split(os.pathsep) if p]


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
    as a module of the built-in games or of a games folder: never a path a file names.
    A built-in game's name cannot be taken by a plug-in."""
    if not isinstance(name, str) or not GAME_NAME.match(name):
        return None
    stem = name.replace("-", "_")
    builtin = _PACKAGE / "games"
    if (builtin / f"{stem}.py").is_file() or (builtin / stem / "__init__.py").is_file():
        return GameSource(name, f"adjudicator.games.{stem}", None, data_dir("schemas") / "move" / f"{name}.schema.json")
    for folder in game_dirs():
        for file in (folder / f"{stem}.py", folder / stem / "__init__.py"):
            if file.is_file():
                return GameSource(name, None, file, folder / f"{name}.schema.json")
    return None


def game_names() -> list[str]:
    """Every game name the search path offers, built-in and plug-in (a folder listing each,
    nothing imported)."""
    found: set[str] = set()
    for folder in (_PACKAGE / "games", *game_dirs()):
        try:
            children = list(folder.iterdir())
        except OSError:
            continue
        for child in children:
            stem = child.stem if child.suffix == ".py" else child.name if (child / "__init__.py").is_file() else ""
            name = stem.replace("_", "-")
            if stem and not stem.startswith("_") and GAME_NAME.match(name) and name.replace("-", "_") == stem:
                found.add(name)
    return sorted(found)


def unknown_game(name: str, where: str = "game") -> str:
    """The sentence for a game name the search path does not find."""
    if not isinstance(name, str) or not GAME_NAME.match(name):
        return f"{where}: '{name}' is not a game name."
    return f"{where}: no game called '{name}'. Games: {', '.join(game_names())}."


def cache_dir() -> Path | None:
    """Where parsed rulesets are cached: ADJUDICATOR_CACHE (empty: no cache), else
    $XDG_CACHE_HOME/adjudicator or ~/.cache/adjudicator."""
    chosen = os.environ.get("ADJUDICATOR_CACHE")
    if chosen is not None:
        return Path(chosen) if chosen else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "adjudicator"
