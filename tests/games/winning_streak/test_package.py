"""Winning Streak as a game package (issue 27, points 3 and 4): one module per part, put
together in game.py with the word tables as class data, and rules that do not know how they
are shown."""

from __future__ import annotations

import ast

from adjudicator.game import Game
from adjudicator.games import winning_streak
from adjudicator.games.winning_streak import words
from adjudicator.games.winning_streak.game import WinningStreak
from adjudicator.games.winning_streak.notation import WinningStreakNotation
from adjudicator.games.winning_streak.picture import WinningStreakPicture
from adjudicator.games.winning_streak.rules import WinningStreakRules
from adjudicator.games.winning_streak.views import WinningStreakViews
from helpers import REPO

PACKAGE = REPO / "adjudicator" / "games" / "winning_streak"
PARTS = ("__init__", "game", "rules", "notation", "views", "words", "picture")


def test_the_package_has_every_part_and_exports_its_game():
    assert {p.stem for p in PACKAGE.glob("*.py")} >= set(PARTS)
    assert winning_streak.GAME is WinningStreak
    assert winning_streak.__all__ == ["GAME", "WinningStreak"]


def test_the_game_is_its_parts_over_the_rules():
    assert WinningStreak.__bases__ == (WinningStreakViews, WinningStreakNotation, WinningStreakPicture,
                                       WinningStreakRules)
    for part in WinningStreak.__bases__:
        assert issubclass(part, Game)
    assert "parse_move" in vars(WinningStreakNotation) and "public_view" in vars(WinningStreakViews)
    assert "draw_board" in vars(WinningStreakPicture) and "resolve_phase" in vars(WinningStreakRules)


def test_the_word_tables_are_class_data_of_the_game():
    """Set in the class body (not attached after it) and the very tables of words.py."""
    own = vars(WinningStreak)
    for attribute, table in (("words", words.WORDS), ("refusals", words.REFUSALS), ("endings", words.ENDINGS),
                             ("dues", words.DUES)):
        assert own[attribute] is table
    assert {"name", "nature", "chance_rulings", "who_starts"} <= set(own)
    tree = ast.parse((PACKAGE / "game.py").read_text(encoding="utf-8"))
    assigned_outside = [node for node in tree.body if isinstance(node, ast.Assign)
                        and any(isinstance(t, ast.Attribute) for t in node.targets)]
    assert assigned_outside == []


def test_the_rules_import_no_way_of_showing_them():
    tree = ast.parse((PACKAGE / "rules.py").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    shown = {f"adjudicator.games.winning_streak.{part}" for part in ("views", "notation", "picture", "drawing",
                                                                     "words", "game")}
    assert imported and not imported & shown
    assert not {module for module in imported if module.startswith(("adjudicator.render", "adjudicator.picture",
                                                                     "adjudicator.wording"))}


def test_the_old_modules_are_gone():
    games = REPO / "adjudicator" / "games"
    assert not (games / "winning_streak.py").exists() and not (games / "winning_streak_picture.py").exists()
