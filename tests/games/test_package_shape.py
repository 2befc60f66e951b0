"""Every game has the same shape, checked for each built-in game:
a package with one module per part of the game protocol (adjudicator.game), the parts put
together in game.py with the word tables as class data, rules that depend on no way of
showing them, and a drawing loaded only when a picture is asked for."""

from __future__ import annotations

import ast
import importlib
import json
import os
import subprocess
import sys

import pytest

from adjudicator.game import Game
from adjudicator.games import BUILTIN
from helpers import REPO

GAMES = REPO / "adjudicator" / "games"
# One module per part of Game[S] (rules, notation, views, words, picture), game.py putting them
# together and drawing.py holding the drawing that picture.py loads only when asked.
PARTS = {"__init__.py", "game.py", "rules.py", "notation.py", "views.py", "words.py", "picture.py", "drawing.py"}
SHOWING = ("notation", "views", "words", "picture", "drawing")   # what the rules may not import
TABLES = ("words", "refusals", "endings", "dues")
# Per game, a match in matches/ to draw (every built-in game has one).
EXAMPLE = {"arrowbic": "arrowbic-retake.json", "dice-tug-of-war": "dice-demo.json",
           "track-trouble": "track-trouble-final.json", "tug-of-war": "tug-of-war-v2-demo.json",
           "winning-streak": "winning-streak-demo.json"}


def stem(name: str) -> str:
    return name.replace("-", "_")


def imports(path) -> set[str]:
    """The modules a file imports, anywhere in it (lazy imports too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_every_built_in_game_is_checked():
    assert sorted(BUILTIN) == sorted(EXAMPLE)
    assert sorted(path.name for path in GAMES.iterdir() if path.is_dir() and path.name != "__pycache__") == \
        sorted(stem(name) for name in BUILTIN)
    assert not [path.name for path in GAMES.glob("*.py") if path.name != "__init__.py"]   # no single-file game


@pytest.mark.parametrize("name", BUILTIN)
def test_every_game_has_one_module_per_part(name):
    folder = GAMES / stem(name)
    assert PARTS <= {path.name for path in folder.glob("*.py")}


@pytest.mark.parametrize("name", BUILTIN)
def test_the_game_is_its_parts_put_together(name):
    package = importlib.import_module(f"adjudicator.games.{stem(name)}")
    game = importlib.import_module(f"adjudicator.games.{stem(name)}.game")
    assert package.GAME.__module__ == game.__name__ and package.__all__ == ["GAME", package.GAME.__name__]
    assert package.GAME.name == name
    parts = {importlib.import_module(base.__module__).__name__.rsplit(".", 1)[1] for base in package.GAME.__bases__}
    assert parts == {"views", "notation", "picture", "rules"}, parts
    assert all(issubclass(base, Game) for base in package.GAME.__bases__)


@pytest.mark.parametrize("name", BUILTIN)
def test_the_word_tables_are_class_data(name):
    """Set in the class body to the tables of words.py; nothing is attached to a class after
    it is made (`Game.words = ...`), anywhere in the package."""
    cls = importlib.import_module(f"adjudicator.games.{stem(name)}").GAME
    words = importlib.import_module(f"adjudicator.games.{stem(name)}.words")
    for table in TABLES:
        assert cls.__dict__[table] is getattr(words, table.upper()), table
    for path in (GAMES / stem(name)).glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        late = [node.lineno for node in tree.body if isinstance(node, ast.Assign)
                and any(isinstance(target, (ast.Attribute, ast.Tuple)) and
                        any(isinstance(t, ast.Attribute) for t in ast.walk(target)) for target in node.targets)]
        assert not late, (path.name, late)


@pytest.mark.parametrize("name", BUILTIN)
def test_the_rules_depend_on_no_way_of_showing_them(name):
    own = f"adjudicator.games.{stem(name)}."
    folder = GAMES / stem(name)
    rules_side = [folder / "rules.py"] + ([folder / "state.py"] if (folder / "state.py").exists() else [])
    for path in rules_side:
        found = imports(path)
        assert not {own + part for part in SHOWING} & found, path.name
        assert not {"adjudicator.render", "adjudicator.picture", "adjudicator.wording"} & found, path.name


LOADED = ("import sys, json; from adjudicator.cli import run; code = run({args!r}); "
          "print(json.dumps([code, sorted(m for m in sys.modules if m == 'adjudicator.picture' "
          "or m.endswith('.drawing'))]))")


def loaded_by(args: list[str], cwd) -> tuple[int, list[str]]:
    """Run the command in a fresh interpreter: its exit code and the drawing modules it loaded."""
    done = subprocess.run([sys.executable, "-c", LOADED.format(args=args)], cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=120)
    code, loaded = json.loads(done.stdout.strip().splitlines()[-1])
    return code, loaded


@pytest.mark.parametrize("name", BUILTIN)
def test_the_drawing_is_loaded_for_a_picture_only(name, tmp_path):
    match = str(REPO / "matches" / EXAMPLE[name])
    assert loaded_by(["board", match, "--format", "text"], tmp_path) == (0, [])
    assert loaded_by(["board", match, "--format", "svg", "-o", str(tmp_path / "b.svg")], tmp_path) == \
        (0, sorted(["adjudicator.picture", f"adjudicator.games.{stem(name)}.drawing"]))
