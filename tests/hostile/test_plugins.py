"""Plug-ins are safe to have around (part 2): an archive never makes code run by
itself, a plug-in never takes a built-in's name or another plug-in's, only registered games
are games, a plug-in runs from its source and never from bytecode, `check` says which plug-in
folders were in effect, and a ruleset with a key written twice is refused.

Every command runs as `python -m adjudicator` in a process of its own, as a host runs it.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import py_compile
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from helpers import REPO

PLUGINS = REPO / "tests" / "plugins"
PLAYERS = ("-p", "anna=Anna:red", "-p", "bob=Bob:blue")


def adjudicator(*args, rulesets: str | Path = "", cwd: Path | None = None,
                config: Path | None = None, home: Path | None = None) -> subprocess.CompletedProcess:
    """`python -m adjudicator ARGS...` with ADJUDICATOR_RULESETS as given and the user's
    configuration folder at `config` (XDG_CONFIG_HOME); bytecode may be written, as by default."""
    env = dict(os.environ, PYTHONPATH=str(REPO), ADJUDICATOR_RULESETS=str(rulesets))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if config is not None:
        env["XDG_CONFIG_HOME"] = str(config)
    if home is not None:
        env["HOME"] = str(home)
    return subprocess.run([sys.executable, "-m", "adjudicator", *map(str, args)], capture_output=True, text=True,
                          env=env, cwd=cwd, timeout=120, check=False)


def one_sentence(res: subprocess.CompletedProcess) -> str:
    """The error of a refused command: one line, no traceback, exit 2."""
    assert res.returncode == 2, (res.returncode, res.stdout, res.stderr)
    assert "Traceback" not in res.stderr, res.stderr
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1, res.stderr
    return lines[0]


def copy_plugins(where: Path) -> Path:
    shutil.copytree(PLUGINS, where, ignore=shutil.ignore_patterns("__pycache__"))
    return where


def evil_module(folder: Path, name: str, marker: Path) -> None:
    """A module that leaves `marker` behind when it runs."""
    (folder / name).write_text(f"open({str(marker)!r}, 'w').close()\nGAME = None\n")


# --- An archive never makes code run by itself --------------------------------------------------

def test_a_relative_folder_is_never_the_archive_being_checked(tmp_path):
    """The docs' own example (docs/changes.md), ADJUDICATOR_RULESETS=my-games, in an archive a stranger sent that
    holds my-games/: its ruleset and its game are not read, the built-in ruleset is used."""
    archive, marker = tmp_path / "archive", tmp_path / "ran"
    (archive / "my-games" / "games").mkdir(parents=True)
    (archive / "my-games" / "dice-tug-of-war.yaml").write_text(
        "id: dice-tug-of-war\ngame: evil\nsummary: s\nsides: [yellow, red]\nparams: {}\n")
    evil_module(archive / "my-games" / "games", "evil.py", marker)
    shutil.copy(REPO / "matches" / "dice-demo.json", archive / "dice-demo.json")
    res = adjudicator("check", ".", rulesets="my-games", cwd=archive, config=tmp_path / "config")
    assert not marker.exists()
    assert res.returncode == 0, res.stdout + res.stderr


def test_a_relative_folder_is_found_in_the_configuration_folder(tmp_path):
    copy_plugins(tmp_path / "config" / "adjudicator" / "my-games")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    res = adjudicator("rulesets", "--format", "json", rulesets="my-games", cwd=elsewhere, config=tmp_path / "config")
    assert res.returncode == 0, res.stderr
    rows = {row["id"]: row for row in json.loads(res.stdout)}
    assert rows["take-away"]["path"] == str(tmp_path / "config" / "adjudicator" / "my-games" / "take-away.yaml")


def test_a_relative_xdg_config_home_is_ignored(tmp_path):
    """The XDG rule: a relative XDG_CONFIG_HOME is not a place, so it cannot lead back to the
    current folder."""
    here = tmp_path / "conf" / "adjudicator"
    copy_plugins(here / "my-games")
    res = adjudicator("ruleset", "show", "take-away", rulesets="my-games", cwd=here, config=Path("."),
                      home=tmp_path / "home")
    assert "Unknown ruleset 'take-away'" in one_sentence(res)


# --- No shadowing: not of a built-in, not of another plug-in --------------------------------------

def test_a_plugin_ruleset_may_not_take_a_builtin_id(tmp_path):
    folder = copy_plugins(tmp_path / "plugins")
    (folder / "dice-tug-of-war.yaml").write_text("id: dice-tug-of-war\nextends: take-away\n")
    for args in (("ruleset", "show", "dice-tug-of-war"), ("board", REPO / "matches" / "dice-demo.json")):
        message = one_sentence(adjudicator(*args, rulesets=folder))
        assert str(folder / "dice-tug-of-war.yaml") in message, message
        assert str(REPO / "rulesets" / "dice-tug-of-war.yaml") in message, message
    listed = adjudicator("rulesets", rulesets=folder)   # the listing says so, and still lists the rest
    assert listed.returncode == 0 and "take-away" in listed.stdout and "dice-tug-of-war" in listed.stdout


def test_a_plugin_game_may_not_take_a_builtin_name(tmp_path):
    folder, marker = copy_plugins(tmp_path / "plugins"), tmp_path / "ran"
    evil_module(folder / "games", "dice_tug_of_war.py", marker)
    message = one_sentence(adjudicator("board", REPO / "matches" / "dice-demo.json", rulesets=folder))
    assert str(folder / "games" / "dice_tug_of_war.py") in message, message
    assert str(REPO / "adjudicator" / "games" / "dice_tug_of_war" / "__init__.py") in message, message
    assert not marker.exists()


def test_two_plugin_folders_may_not_offer_the_same_ruleset_or_game(tmp_path):
    first, second = copy_plugins(tmp_path / "one"), copy_plugins(tmp_path / "two")
    both = f"{first}{os.pathsep}{second}"
    message = one_sentence(adjudicator("ruleset", "show", "take-away-misere", rulesets=both))
    assert str(first / "take-away-misere.yaml") in message and str(second / "take-away-misere.yaml") in message
    (second / "take-away.yaml").unlink()
    (second / "take-away-misere.yaml").unlink()
    message = one_sentence(adjudicator("new", "take-away", *PLAYERS, rulesets=both))
    assert str(first / "games" / "take_away.py") in message and str(second / "games" / "take_away.py") in message


# --- Only registered games are games ----------------------------------------------------------------

def defines_game(path: Path) -> bool:
    """Does this module (or package __init__) assign GAME at its top level?"""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "GAME" for t in node.targets)
               for node in tree.body)


def test_the_builtin_games_are_the_modules_that_define_game():
    from adjudicator.games import BUILTIN
    from adjudicator.registry import game_class

    folder = REPO / "adjudicator" / "games"
    modules = [*folder.glob("*.py"), *folder.glob("*/__init__.py")]
    games = {(p.stem if p.name != "__init__.py" else p.parent.name).replace("_", "-")
             for p in modules if defines_game(p)}
    assert len(games) >= 5 and set(BUILTIN) == games
    for name in BUILTIN:
        assert game_class(name).name == name


def test_a_picture_module_is_not_a_game(tmp_path):
    from adjudicator.paths import find_game, game_names

    assert game_names() and not [name for name in game_names() if name.endswith("-picture")]
    assert find_game("arrowbic-picture") is None and find_game("arrowbic") is not None
    ruleset = tmp_path / "pic.yaml"
    ruleset.write_text("id: pic\ngame: arrowbic-picture\nsummary: s\nsides: [a, b]\nparams: {}\n")
    message = one_sentence(adjudicator("ruleset", "validate", ruleset))
    assert "'arrowbic-picture' is not a game name" in message and "draws a game's board" in message


def test_a_plugin_picture_module_is_not_a_game_either(tmp_path):
    """A plug-in folder's `arrowbic_picture.py` ran for `game: arrowbic-picture` once the
    built-in picture module no longer answered to that name (the fuzz campaign's finding)."""
    folder, marker = copy_plugins(tmp_path / "plugins"), tmp_path / "ran"
    evil_module(folder / "games", "arrowbic_picture.py", marker)
    (folder / "pic.yaml").write_text((folder / "take-away.yaml").read_text()
                                     .replace("id: take-away", "id: pic").replace("game: take-away",
                                                                                  "game: arrowbic-picture"))
    for args in (("new", "pic", *PLAYERS, "--no-seed"), ("ruleset", "validate", folder / "pic.yaml")):
        res = adjudicator(*args, rulesets=folder)
        assert res.returncode == 2 and "is not a game name" in res.stderr, (args, res.stderr)
    assert adjudicator("ruleset", "show", "pic", rulesets=folder).returncode in (0, 2)   # shows the YAML only
    assert adjudicator("rulesets", rulesets=folder).returncode == 0
    assert not marker.exists()


# --- From source, never from bytecode -------------------------------------------------------------

def plant_bytecode(source: Path, evil: str, tmp_path: Path, where: Path | None = None) -> Path:
    """Compile `evil` with py_compile and put it where CPython's cache looks for `source`'s
    bytecode (or at `where`), its header carrying the source's own mtime and size, so that a
    loader trusting the cache would run it."""
    other = tmp_path / f"evil_{source.stem}.py"
    other.write_text(evil)
    target = where or Path(importlib.util.cache_from_source(str(source)))
    target.parent.mkdir(parents=True, exist_ok=True)
    py_compile.compile(str(other), cfile=str(target), doraise=True)
    if where is None:
        stat = source.stat()
        data = bytearray(target.read_bytes())
        data[8:16] = struct.pack("<II", int(stat.st_mtime) & 0xFFFFFFFF, stat.st_size & 0xFFFFFFFF)
        target.write_bytes(bytes(data))
    return target


def test_a_single_file_plugin_runs_from_its_source_not_planted_bytecode(tmp_path):
    folder, marker = copy_plugins(tmp_path / "plugins"), tmp_path / "ran"
    planted = plant_bytecode(folder / "games" / "take_away.py", f"open({str(marker)!r}, 'w').close()\n", tmp_path)
    before = planted.read_bytes()
    res = adjudicator("new", "take-away", *PLAYERS, "-o", tmp_path / "m.json", rulesets=folder)
    assert res.returncode == 0, res.stderr
    assert not marker.exists() and planted.read_bytes() == before


def test_a_package_plugin_and_its_submodules_run_from_source_only(tmp_path):
    folder, marker = copy_plugins(tmp_path / "plugins"), tmp_path / "ran"
    package = folder / "games" / "take_away"
    package.mkdir()
    (folder / "games" / "take_away.py").rename(package / "core.py")
    (package / "__init__.py").write_text("from .core import GAME\ntry:\n    from . import extra\n"
                                         "except ImportError:\n    pass\n")
    evil = f"open({str(marker)!r}, 'w').close()\nGAME = None\n"
    for name in ("__init__.py", "core.py"):
        plant_bytecode(package / name, evil, tmp_path)
    plant_bytecode(package / "extra.py", evil, tmp_path, where=package / "extra.pyc")   # no source at all
    res = adjudicator("new", "take-away", *PLAYERS, "-o", tmp_path / "m.json", rulesets=folder)
    assert res.returncode == 0, res.stderr
    assert not marker.exists()


def test_no_bytecode_is_written_for_a_plugin(tmp_path):
    folder = copy_plugins(tmp_path / "plugins")
    res = adjudicator("new", "take-away", *PLAYERS, "-o", tmp_path / "m.json", rulesets=folder)
    assert res.returncode == 0, res.stderr
    assert (folder / "games" / "take_away.py").is_file()
    assert not list(folder.rglob("__pycache__")) and not list(folder.rglob("*.pyc"))


# --- check says which plug-in folders were in effect ----------------------------------------------

@pytest.fixture
def checked_match(tmp_path) -> tuple[Path, Path]:
    folder = copy_plugins(tmp_path / "plugins")
    match = tmp_path / "ta.json"
    assert adjudicator("new", "take-away", *PLAYERS, "-o", match, rulesets=folder).returncode == 0
    return folder, match


def test_check_names_the_plugin_folders_in_effect(checked_match):
    folder, match = checked_match
    text = adjudicator("check", match, rulesets=folder)
    assert text.returncode == 0 and f"plug-in folders: {folder} (games: take-away)" in text.stderr.splitlines()
    report = json.loads(adjudicator("check", match, "--format", "json", rulesets=folder).stdout)
    assert report["plugin_folders"] == [{"path": str(folder), "games": ["take-away"]}]
    junit = ET.fromstring(adjudicator("check", match, "--format", "junit", rulesets=folder).stdout)
    values = [p.get("value") for p in junit.iter("property") if p.get("name") == "plug-in-folders"]
    assert values == [f"{folder} (games: take-away)"]


def test_check_without_plugin_folders_says_none(tmp_path):
    res = adjudicator("check", REPO / "matches" / "dice-demo.json", "--format", "json")
    assert res.returncode == 0 and json.loads(res.stdout)["plugin_folders"] == []
    assert "plug-in folders" not in adjudicator("check", REPO / "matches" / "dice-demo.json").stderr


# --- A key written twice ------------------------------------------------------------------------

@pytest.mark.parametrize("text, key, lines", [
    ("id: twice\nextends: dice-tug-of-war\nid: dice-tug-of-war\n", "id", (1, 3)),
    ("id: twice\nextends: dice-tug-of-war\nparams:\n  pawns: 20\n  faces: 6\n  pawns: 24\n", "pawns", (4, 6)),
])
def test_a_ruleset_with_a_key_written_twice_is_refused(tmp_path, text, key, lines):
    path = tmp_path / "twice.yaml"
    path.write_text(text)
    for rulesets in ("", tmp_path):   # validated as a file, and loaded by id from a folder
        args = ("ruleset", "validate", path) if not rulesets else ("ruleset", "show", "twice")
        message = one_sentence(adjudicator(*args, rulesets=rulesets))
        assert str(path) in message and f"'{key}'" in message, message
        assert f"line {lines[1]}" in message and f"line {lines[0]}" in message, message


def test_a_ruleset_cached_before_keys_were_checked_is_parsed_again(tmp_path, monkeypatch):
    """The parse cache is keyed by the file's bytes: an entry written before this check must
    not let the same bytes through now."""
    import hashlib

    from adjudicator import rulesets
    from adjudicator.errors import RulesetError

    monkeypatch.setenv("ADJUDICATOR_CACHE", str(tmp_path / "cache"))
    raw = b"id: twice\nextends: dice-tug-of-war\nid: dice-tug-of-war\n"
    (tmp_path / "twice.yaml").write_bytes(raw)
    old = tmp_path / "cache" / "rulesets" / f"{hashlib.sha256(raw).hexdigest()}.json"
    old.parent.mkdir(parents=True)
    old.write_text(json.dumps({"id": "dice-tug-of-war", "extends": "dice-tug-of-war"}))
    with pytest.raises(RulesetError, match="'id' is written twice in one mapping, at line 1 and at line 3"):
        rulesets.load_yaml(tmp_path / "twice.yaml")
