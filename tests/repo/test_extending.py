"""Adding a command is three pieces (docs/design.md, "Adding a command"): a
use case that returns data, a presenter that turns it into text, and a thin typer command
that calls each once and prints.

The commands of adjudicator/cli.py are read as source (ast): each body stays small and
imports no game; a thin command calls exactly one use-case function and one presenter. The
commands not thin yet are listed in NOT_YET with why; the list can only shrink. A throwaway
command built the way the docs say is run through typer's CliRunner.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Annotated, NamedTuple

import typer
from typer.testing import CliRunner

from adjudicator import present
from helpers import REPO

CLI = REPO / "adjudicator" / "cli.py"
MAX_STATEMENTS = 25
# The modules of the use-cases layer (tests/repo/test_layers.py): a call into one is a use case.
USE_CASES = ("adjudicator.usecases", "adjudicator.session", "adjudicator.paste", "adjudicator.check",
             "adjudicator.simulate", "adjudicator.posting")

# command function -> why it does not yet call one use case and one presenter.
NOT_YET: dict[str, str] = {
}


class Command(NamedTuple):
    name: str
    node: ast.FunctionDef


def commands() -> list[Command]:
    """The functions of cli.py decorated with `@app.command(...)` or `@ruleset_app.command(...)`."""
    tree = ast.parse(CLI.read_text(encoding="utf-8"))
    found = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and any(
                isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute) and d.func.attr == "command"
                for d in node.decorator_list):
            found.append(Command(node.name, node))
    return found


def statements(node: ast.FunctionDef) -> int:
    """The statements of a function's body, nested ones too, its docstring left out."""
    body = node.body[1:] if ast.get_docstring(node) else node.body
    return sum(1 for top in body for n in ast.walk(top) if isinstance(n, ast.stmt))


def local_imports(node: ast.FunctionDef) -> dict[str, str]:
    """The names a function imports -> the module (or module.name) each stands for."""
    names = {}
    for n in ast.walk(node):
        if isinstance(n, ast.ImportFrom) and n.module:
            for alias in n.names:
                names[alias.asname or alias.name] = f"{n.module}.{alias.name}"
        elif isinstance(n, ast.Import):
            for alias in n.names:
                names[alias.asname or alias.name.split(".")[0]] = alias.name
    return names


def calls_into(node: ast.FunctionDef, prefixes: tuple[str, ...]) -> list[str]:
    """The function calls a command makes into the modules under `prefixes`, as written
    (`entries.roll`, `create`); classes (capitalised: an options tuple) are not calls of work."""
    names = local_imports(node)
    found = []
    for n in ast.walk(node):
        if not isinstance(n, ast.Call):
            continue
        func = n.func
        if isinstance(func, ast.Name) and func.id in names:
            target, shown = names[func.id], func.id
        elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in names:
            target, shown = f"{names[func.value.id]}.{func.attr}", f"{func.value.id}.{func.attr}"
        else:
            continue
        if target.startswith(prefixes) and not target.rpartition(".")[2][:1].isupper():
            found.append(shown)
    return found


def test_every_command_is_small_and_imports_no_game():
    big = {c.name: statements(c.node) for c in commands() if statements(c.node) > MAX_STATEMENTS}
    assert not big, f"commands of more than {MAX_STATEMENTS} statements: {big}"
    games = {c.name: module for c in commands() for module in local_imports(c.node).values()
             if module.startswith("adjudicator.games")}
    assert not games, f"commands that import a game: {games}"


def test_a_thin_command_calls_one_use_case_and_one_presenter():
    found = {c.name: (calls_into(c.node, USE_CASES), calls_into(c.node, ("adjudicator.present",)))
             for c in commands()}
    assert set(NOT_YET) <= set(found), f"NOT_YET names commands that are gone: {set(NOT_YET) - set(found)}"
    thick = {name: calls for name, calls in found.items()
             if name not in NOT_YET and tuple(map(len, calls)) != (1, 1)}
    assert not thick, f"each command calls one use case and one presenter (use cases, presenters): {thick}"
    thin_now = [name for name in NOT_YET if tuple(map(len, found[name])) == (1, 1)]
    assert not thin_now, f"thin now, so take them out of NOT_YET: {thin_now}"


def test_the_check_sees_a_thick_command():
    """The checker itself: a command calling two use cases and no presenter is found."""
    source = ("def thick_cmd(path):\n"
              "    from adjudicator import session\n"
              "    from adjudicator.usecases.look import board\n"
              "    session.replay_match(path)\n"
              "    board(path)\n")
    node = ast.parse(source).body[0]
    assert calls_into(node, USE_CASES) == ["session.replay_match", "board"]
    assert calls_into(node, ("adjudicator.present",)) == []


# --- the three pieces, as docs/design.md says ----------------------------------------

class Counted(NamedTuple):
    """1. The use case's result: data, no text."""

    path: Path
    words: int


def count_words(path: Path) -> Counted:
    """1. The use case: does the work and returns data; no typer, no printing."""
    return Counted(path, len(path.read_text(encoding="utf-8").split()))


def counted(result: Counted) -> present.Shown:
    """2. The presenter: the result as the text printed."""
    return present.Shown(f"{result.path.name}: {result.words} words", notes=("note: counted",))


def test_adding_a_command_is_three_pieces(tmp_path):
    app = typer.Typer()

    @app.command()
    def words(path: Annotated[Path, typer.Argument()]) -> None:   # 3. the thin command
        shown = counted(count_words(path))
        for note in shown.notes:
            typer.echo(note, err=True)
        typer.echo(shown.text)

    target = tmp_path / "post.txt"
    target.write_text("trade 3 for 2\n", encoding="utf-8")
    assert count_words(target) == Counted(target, 4)
    result = CliRunner().invoke(app, [str(target)])
    assert result.exit_code == 0 and result.stdout == "post.txt: 4 words\n"
