"""The tests' own layout (tests/README.md): shared helpers are a package,
tests/helpers/; no test imports from conftest.py, which holds fixtures and settings only, nor
from another test module."""

from __future__ import annotations

import ast
import re

import pytest

from adjudicator.games import BUILTIN
from helpers import REPO

TESTS = REPO / "tests"


def imports_of(path):
    """The modules a file imports, wherever in the file (a function's own imports too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module
        elif isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)


def test_no_test_imports_from_conftest():
    found = sorted(f"{path.relative_to(REPO)}: {module}"
                   for path in TESTS.rglob("*.py")
                   for module in imports_of(path)
                   if module.split(".")[-1] == "conftest")
    assert found == [], "import from tests/helpers/ instead"


def test_helpers_are_a_package_and_tests_live_in_packages():
    """tests/ holds conftest.py and test modules; every folder of test modules is a package, so
    two test modules may share a name in different folders (pytest's default import mode)."""
    assert (TESTS / "helpers" / "__init__.py").is_file()
    loose = sorted(path.name for path in TESTS.glob("*.py")
                   if path.name != "conftest.py" and not path.name.startswith("test_"))
    assert loose == []
    for path in TESTS.rglob("test_*.py"):
        folder = path.parent
        while folder != TESTS:
            assert (folder / "__init__.py").is_file(), f"{folder.relative_to(REPO)} has no __init__.py"
            folder = folder.parent


def imports_of_test_modules(source: str, test_modules: set[str]) -> list[str]:
    """The imports in `source` that name a test module, wherever in the file: `from
    games.tug_of_war.test_game import tw_match`, `import test_wording`, `from . import
    test_game`, `from .test_game import x`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            sep = "" if base.endswith(".") else "."   # `from . import x` is `.x`
            names = [base] + [f"{base}{sep}{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        hits = [name for name in names if set(name.split(".")) & test_modules]
        found += hits[:1]   # `from test_x import a, b` is one import of test_x
    return found


def test_no_test_module_imports_another():
    """What tests share lives in tests/helpers/; a test module is never imported (pytest
    imports each one itself, and a builder in one would tie the tests of two modules)."""
    test_modules = {path.stem for path in TESTS.rglob("test_*.py")}
    found = [f"{path.relative_to(REPO)}: {name}"
             for path in sorted(TESTS.rglob("*.py"))
             for name in imports_of_test_modules(path.read_text(encoding="utf-8"), test_modules)]
    assert found == [], "move what is shared into tests/helpers/"


@pytest.mark.parametrize("source, found", [
    ("from games.tug_of_war.test_game import tw_match", ["games.tug_of_war.test_game"]),
    ("def f():\n    from test_reading_posts import read as r", ["test_reading_posts"]),
    ("import properties.test_hidden", ["properties.test_hidden"]),
    ("from . import test_game", [".test_game"]),
    ("from .test_game import m", [".test_game"]),
    ("from games.arrowbic import test_game", ["games.arrowbic.test_game"]),
    ("from helpers.tug_of_war import tw_match\nimport adjudicator.games", []),
])
def test_the_check_finds_every_way_to_import_a_test_module(source, found):
    assert imports_of_test_modules(source, {"test_game", "test_hidden", "test_reading_posts"}) == found


# --- tests/README.md's "Module → tests" table --------------------------------------------------

def module_table() -> dict[str, str]:
    """The table's rows: each module its left cell names (`check`, `games/tug_of_war`) → the
    right cell, which names its tests."""
    text = (TESTS / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Module → tests\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")][2:]   # less the heading and rule
    table = {}
    for row in rows:
        left, right = (cell.strip() for cell in row.strip().strip("|").split("|"))
        for name in re.findall(r"`([^`]+)`", re.sub(r"\([^)]*\)", "", left)):   # not what brackets say
            table[name.rstrip("/")] = right
    return table


def named_tests(cell: str) -> list[str]:
    """The test files and folders a right cell names, from tests/: `games/arrowbic/` (`test_game.py`,
    `test_pick.py`) names the folder and the two files in it."""
    out, folder = [], ""
    for name in re.findall(r"`([^`]+)`", cell):
        if name.endswith("/"):
            folder = name
            out.append(name)
        elif name.endswith(".py"):
            out.append(name if "/" in name else folder + name)
    return out


def test_every_module_and_game_has_a_row_naming_its_tests():
    """Each module of the package and each built-in game is in the table; a module added
    later needs only its row (tests/README.md), not an edit here."""
    table = module_table()
    modules = sorted(path.stem for path in (REPO / "adjudicator").glob("*.py"))
    games = sorted(f"games/{game.replace('-', '_')}" for game in BUILTIN)
    assert [name for name in modules + games if name not in table] == []
    for name, cell in table.items():
        assert named_tests(cell), f"the row of {name} names no test"


def test_the_table_names_only_tests_that_exist():
    table = module_table()
    missing = sorted({path for cell in table.values() for path in named_tests(cell) if not (TESTS / path).exists()})
    assert missing == []


def test_the_table_is_read_as_written():
    """The reading of a row: every module of its left cell, and the files of a folder."""
    table = module_table()
    assert table["match_picture"] == table["picture"] and table["registry"] == table["paths"]
    assert named_tests(table["games/arrowbic"])[:3] == ["games/arrowbic/", "games/arrowbic/test_game.py",
                                                         "games/arrowbic/test_pick.py"]
