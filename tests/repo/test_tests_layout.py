"""The tests' own layout (issue 27, point 6; tests/README.md): shared helpers are a package,
tests/helpers/, and no test imports from conftest.py, which holds fixtures and settings only."""

from __future__ import annotations

import ast

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
