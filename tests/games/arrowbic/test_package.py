"""The shape of the Arrowbic package (issue 27, points 3 and 4): one module per part, each part
a `Game[ArrowState]`, game.py putting them together with the word tables as class data, a
rules core that depends on no way of showing it, and a drawing loaded only for a picture."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys

import pytest

import adjudicator.games.arrowbic as package
from adjudicator.game import Game
from adjudicator.games.arrowbic.game import Arrowbic
from adjudicator.games.arrowbic.notation import ArrowbicNotation
from adjudicator.games.arrowbic.picture import ArrowbicPicture
from adjudicator.games.arrowbic.rules import ArrowbicRules, ArrowState
from adjudicator.games.arrowbic.views import ArrowbicViews
from adjudicator.games.arrowbic.words import DUES, ENDINGS, REFUSALS, WORDS
from helpers import REPO

FOLDER = REPO / "adjudicator" / "games" / "arrowbic"
PARTS = ("__init__", "game", "rules", "notation", "views", "words", "picture")


def parsed(module: str) -> ast.Module:
    return ast.parse((FOLDER / f"{module}.py").read_text(encoding="utf-8"))


def imported(module: str) -> set[str]:
    """Every module `module`.py imports, lazily or not."""
    found: set[str] = set()
    for node in ast.walk(parsed(module)):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_every_part_has_its_module_and_the_old_modules_are_gone():
    assert all((FOLDER / f"{part}.py").is_file() for part in PARTS)
    assert not (FOLDER.parent / "arrowbic.py").exists() and not (FOLDER.parent / "arrowbic_picture.py").exists()


def test_the_package_names_its_game_and_nothing_else():
    assert package.GAME is Arrowbic and package.Arrowbic is Arrowbic
    assert package.__all__ == ["GAME", "Arrowbic"]


def test_game_puts_the_parts_together_and_each_part_is_a_game():
    assert Arrowbic.__bases__ == (ArrowbicViews, ArrowbicNotation, ArrowbicPicture, ArrowbicRules)
    assert ArrowbicRules.__orig_bases__ == (Game[ArrowState],)   # type: ignore[attr-defined]   # set by Generic
    assert all(part.__bases__ == (ArrowbicRules,) for part in (ArrowbicViews, ArrowbicNotation, ArrowbicPicture))


@pytest.mark.parametrize("name, table", [("words", WORDS), ("refusals", REFUSALS), ("endings", ENDINGS),
                                         ("dues", DUES)])
def test_the_word_tables_are_class_data_of_the_game(name, table):
    assert Arrowbic.__dict__[name] is table
    body = next(node for node in parsed("game").body if isinstance(node, ast.ClassDef) and node.name == "Arrowbic")
    assigned = {target.id for node in body.body if isinstance(node, ast.Assign) for target in node.targets
                if isinstance(target, ast.Name)}
    assert {name, "name", "nature", "chance_rulings", "who_starts"} <= assigned


def test_nothing_is_attached_to_a_class_after_it_is_made():
    for part in PARTS:
        later = [ast.unparse(target) for node in parsed(part).body if isinstance(node, ast.Assign)
                 for target in node.targets if isinstance(target, (ast.Attribute, ast.Tuple))
                 and any(isinstance(t, ast.Attribute) for t in ast.walk(target))]
        assert not later, (part, later)


def test_the_rules_depend_on_no_way_of_showing_them():
    shown = {f"adjudicator.games.arrowbic.{part}" for part in ("game", "views", "notation", "picture", "drawing",
                                                                "words")}
    assert not imported("rules") & shown
    assert not {"adjudicator.render", "adjudicator.picture", "adjudicator.lexicon"} & imported("rules")


LOADED = ("import sys, json; from adjudicator.cli import run; code = run({args!r}); "
          "print(json.dumps([code, sorted(m for m in sys.modules if m in "
          "('adjudicator.picture', 'adjudicator.games.arrowbic.drawing'))]))")


def loaded_by(args: list[str], cwd) -> tuple[int, list[str]]:
    """Run the command in a fresh interpreter; its exit code and the drawing modules it loaded."""
    res = subprocess.run([sys.executable, "-c", LOADED.format(args=args)], cwd=cwd, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=120)
    return tuple(json.loads(res.stdout.strip().splitlines()[-1]))


def test_the_drawing_is_loaded_for_a_picture_only(tmp_path):
    match = str(REPO / "matches" / "arrowbic-retake.json")
    assert loaded_by(["board", match, "--format", "text"], tmp_path) == (0, [])
    assert loaded_by(["board", match, "--format", "svg", "-o", str(tmp_path / "b.svg")], tmp_path) == \
        (0, ["adjudicator.games.arrowbic.drawing", "adjudicator.picture"])
