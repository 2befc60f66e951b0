"""The shape of the dice Tug of War package (issue 27, points 3 and 4): one module per part,
the parts put together in game.py, the word tables as class data, rules shown by nothing."""

from __future__ import annotations

import ast

import adjudicator.games.dice_tug_of_war as package
from adjudicator.game import Game
from adjudicator.games.dice_tug_of_war import GAME, DiceTugOfWar
from adjudicator.games.dice_tug_of_war.notation import DiceTugOfWarNotation
from adjudicator.games.dice_tug_of_war.picture import DiceTugOfWarPicture
from adjudicator.games.dice_tug_of_war.rules import DiceTugOfWarRules
from adjudicator.games.dice_tug_of_war.views import DiceTugOfWarViews
from adjudicator.games.dice_tug_of_war.words import DUES, ENDINGS, REFUSALS, WORDS
from helpers import REPO

FOLDER = REPO / "adjudicator" / "games" / "dice_tug_of_war"
PARTS = {"__init__.py", "game.py", "rules.py", "notation.py", "views.py", "words.py", "picture.py"}
TABLES = {"words": WORDS, "refusals": REFUSALS, "endings": ENDINGS, "dues": DUES}


def imported(path: str) -> set[str]:
    """The adjudicator modules a file of the package imports, anywhere in it."""
    tree = ast.parse((FOLDER / path).read_text(encoding="utf-8"))
    return {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}


def test_the_package_has_one_module_per_part():
    assert {p.name for p in FOLDER.glob("*.py")} == PARTS
    assert GAME is DiceTugOfWar and package.__all__ == ["GAME", "DiceTugOfWar"]
    assert not (REPO / "adjudicator" / "games" / "dice_tug_of_war_picture.py").exists()


def test_the_game_is_its_parts_put_together():
    assert DiceTugOfWar.__bases__ == (DiceTugOfWarViews, DiceTugOfWarNotation, DiceTugOfWarPicture,
                                      DiceTugOfWarRules)
    for part in DiceTugOfWar.__bases__:
        assert Game in part.__mro__, part


def test_the_word_tables_are_class_data_of_the_game():
    """Set in the class body, so no assignment after the class (`DiceTugOfWar.words = ...`)."""
    for name, table in TABLES.items():
        assert DiceTugOfWar.__dict__[name] is table, name
    tree = ast.parse((FOLDER / "game.py").read_text(encoding="utf-8"))
    late = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Attribute) for t in node.targets)]
    assert not late


def test_the_rules_import_no_other_part():
    own = "adjudicator.games.dice_tug_of_war."
    assert {m for m in imported("rules.py") if m.startswith(own)} == set()
    assert {m for m in imported("words.py") if m.startswith(own)} == {own + "rules"}
