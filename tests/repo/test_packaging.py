"""What a package carries besides its code: one version, read by the build from the package
(never typed twice), the type marker that lets a type checker read the package's hints, and
the licence pyproject.toml names."""

from __future__ import annotations

import importlib.metadata
import tomllib

import adjudicator
from helpers import REPO


def test_the_version_is_written_once():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["hatch"]["version"]["path"] == "adjudicator/__init__.py"
    assert importlib.metadata.version("adjudicator") == adjudicator.__version__


def test_the_package_says_it_is_typed_and_is_licensed():
    assert (REPO / "adjudicator" / "py.typed").is_file()
    licence = (REPO / "LICENSE").read_text(encoding="utf-8")
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert licence.startswith(f"{project['project']['license']['text']} License")
