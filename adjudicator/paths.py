"""Where the built-in rulesets and schemas are, installed or in a source checkout."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """The folder `name` ('rulesets' or 'schemas'): inside an installed wheel, else the repo's."""
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name


def ruleset_dirs() -> list[Path]:
    """Folders searched for rulesets: ADJUDICATOR_RULESETS (os.pathsep-separated) first, then built-in."""
    extra = os.environ.get("ADJUDICATOR_RULESETS", "")
    dirs = [Path(p) for p in extra.split(os.pathsep) if p]
    dirs.append(data_dir("rulesets"))
    return dirs


def cache_dir() -> Path | None:
    """Where parsed rulesets are cached: ADJUDICATOR_CACHE (empty: no cache), else
    $XDG_CACHE_HOME/adjudicator or ~/.cache/adjudicator."""
    chosen = os.environ.get("ADJUDICATOR_CACHE")
    if chosen is not None:
        return Path(chosen) if chosen else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "adjudicator"
