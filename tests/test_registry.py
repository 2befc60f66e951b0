"""The plug-in path: a sixth game added the way a contributor would, with no edit anywhere else.

tests/plugins/ holds one module (games/take_away.py), one move schema beside it
(games/take-away.schema.json) and its rulesets (take-away.yaml, take-away-misere.yaml).
Only ADJUDICATOR_RULESETS points at it: nothing is registered, nothing in the package names
the game, and every command runs as a separate `python -m adjudicator` process, as a host
would run it. Also here: a broken plug-in is one sentence and exit 2, and the engine
depends on neither the rulesets nor the registry.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import REPO

PLUGINS = REPO / "tests" / "plugins"
BOARD_FORMATS = ("text", "markdown", "bbcode", "discord", "json")


def adjudicator(*args, plugins: Path = PLUGINS, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """`python -m adjudicator ARGS...` in a process of its own, the plug-in folder as its only
    addition (ADJUDICATOR_RULESETS); the ruleset cache is the test run's (conftest)."""
    env = dict(os.environ, PYTHONPATH=str(REPO), ADJUDICATOR_RULESETS=str(plugins))
    return subprocess.run([sys.executable, "-m", "adjudicator", *map(str, args)], capture_output=True, text=True,
                          env=env, cwd=cwd, timeout=120)


def one_sentence(res: subprocess.CompletedProcess) -> str:
    """The error of a refused command: one line, no traceback."""
    assert "Traceback" not in res.stderr, res.stderr
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1, res.stderr
    return lines[0]


# --- The game plays through the CLI ------------------------------------------------------------

def test_a_plugin_game_plays_through_the_cli(tmp_path):
    listed = adjudicator("rulesets", "--format", "json")
    assert listed.returncode == 0, listed.stderr
    rows = {row["id"]: row for row in json.loads(listed.stdout)}
    assert rows["take-away"]["game"] == "take-away" and rows["take-away-misere"]["game"] == "take-away"

    match = tmp_path / "ta.json"
    made = adjudicator("new", "take-away", "-p", "anna=Anna:red", "-p", "bob=Bob:blue", "-o", match)
    assert made.returncode == 0, made.stderr
    assert json.loads(match.read_text())["rules"]["ruleset"] == "take-away"

    played = adjudicator("move", match, "anna", "take", "3")
    assert played.returncode == 0, played.stderr
    assert "anna takes 3 stones; 18 stones left (TA-2)" in played.stdout
    assert adjudicator("move", match, "bob", "2").returncode == 0   # the short notation

    before = match.read_bytes()
    refused = adjudicator("move", match, "anna", "take", "4")
    assert refused.returncode == 1
    assert "may take at most 3 stones a turn, not 4 (TA-2)" in refused.stderr and "too-many" in refused.stderr
    assert match.read_bytes() == before   # nothing written
    wrong_turn = adjudicator("move", match, "bob", "take", "1")
    assert wrong_turn.returncode == 1 and "not Bob's" in wrong_turn.stderr
    typo = adjudicator("move", match, "anna", "grab", "1")
    assert typo.returncode == 2 and "is not a Take-away move" in one_sentence(typo)

    for fmt in BOARD_FORMATS:
        board = adjudicator("board", match, "--format", fmt)
        assert board.returncode == 0, board.stderr
        if fmt == "json":
            view = json.loads(board.stdout)
            assert view["board"]["pile"] == 16 and view["board"]["taken"] == {"anna": 3, "bob": 2}
        else:
            assert "Pile: 16 stones of 21" in board.stdout and "To move: anna." in board.stdout
    # Pictures too: a game that draws nothing shows its text board in monospace.
    svg = adjudicator("board", match, "--format", "svg")
    assert svg.returncode == 0 and 'font-family="DejaVu Sans Mono"' in svg.stdout and "stones" in svg.stdout
    assert adjudicator("board", match, "--format", "png", "-o", tmp_path / "ta.png").returncode == 0
    assert (tmp_path / "ta.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    legal = adjudicator("legal", match)
    assert legal.returncode == 0 and "take 3  anna takes 3 stones; 13 stones left (TA-2)" in legal.stdout
    listing = json.loads(adjudicator("legal", match, "--format", "json").stdout)
    assert [entry["move"] for entry in listing["legal"]["anna"]] == ["take 1", "take 2", "take 3"]

    # Play to the end: 16 left, three at a time, anna first; bob takes the last stone.
    for player, count in (("anna", 3), ("bob", 3), ("anna", 3), ("bob", 3), ("anna", 3), ("bob", 1)):
        assert adjudicator("move", match, player, "take", count).returncode == 0
    over = adjudicator("move", match, "anna", "take", "1")
    assert over.returncode == 1 and "refused (match-over)" in over.stderr
    replay = adjudicator("replay", match, "--format", "json")
    assert replay.returncode == 0, replay.stderr
    result = json.loads(replay.stdout)
    from adjudicator import schemas

    assert schemas.errors("result", result) == []
    assert result["status"] != "in_progress" and result["board"]["pile"] == 0
    assert result["winner"] == "bob" and result["reason"] == "bob took the last stone (TA-3)"

    checked = adjudicator("check", match)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "1 ok" in checked.stdout


def test_a_plugin_variant_validates_and_simulates(tmp_path):
    valid = adjudicator("ruleset", "validate", PLUGINS / "take-away-misere.yaml")
    assert valid.returncode == 0 and "for take-away" in valid.stdout, valid.stderr
    shown = adjudicator("schema", "move/take-away")
    assert shown.returncode == 0 and json.loads(shown.stdout)["required"] == ["take"]
    for ruleset in ("take-away", "take-away-misere"):
        run = adjudicator("simulate", ruleset, "--games", "6", "--format", "json")
        assert run.returncode == 0, run.stderr
        summary = json.loads(run.stdout)
        assert summary["matches"] == 6 and summary["finished"] == 6


def test_nothing_outside_the_plugin_folder_names_the_game():
    """No edit anywhere else: the package knows no `take-away`, and nothing is registered."""
    from adjudicator import registry

    package = REPO / "adjudicator"
    mentions = [str(path.relative_to(REPO)) for path in package.rglob("*.py")
                if "take-away" in path.read_text(encoding="utf-8") or "take_away" in path.read_text(encoding="utf-8")]
    assert mentions == []
    assert not (REPO / "rulesets" / "take-away.yaml").exists()
    assert not (REPO / "schemas" / "move" / "take-away.schema.json").exists()
    assert not hasattr(registry, "register")
    tests = [path.name for path in (REPO / "tests").rglob("*.py")
             if path.name != "test_registry.py" and any(word in path.read_text("utf-8")
                                                      for word in ("registry.register", "import register", "@register"))]
    assert tests == []


def test_without_the_folder_the_game_is_unknown(tmp_path):
    res = adjudicator("new", "take-away", "-p", "anna=Anna:red", "-p", "bob=Bob:blue", plugins=tmp_path)
    assert res.returncode == 2 and "Unknown ruleset 'take-away'" in one_sentence(res)


def test_the_search_path_runs_only_the_module_of_the_game_asked_for(tmp_path):
    """Other modules in a games folder are never executed: not by `rulesets`, not by a
    built-in game's `board`, not by another plug-in's match. Only names matter, never paths."""
    folder = copy_plugins(tmp_path)
    marker = tmp_path / "ran"
    (folder / "games" / "boom.py").write_text(f"open({str(marker)!r}, 'w').close()\nGAME = None\n")
    (folder / "boom.yaml").write_text("id: boom\ngame: boom\nsummary: s\nsides: [a, b]\nparams: {}\n")
    match = tmp_path / "ta.json"
    assert adjudicator("rulesets", plugins=folder).returncode == 0
    assert adjudicator("new", "take-away", "-p", "anna=Anna:red", "-p", "bob=Bob:blue", "-o", match,
                       plugins=folder).returncode == 0
    assert adjudicator("board", match, plugins=folder).returncode == 0
    assert adjudicator("board", REPO / "matches" / "dice-demo.json", plugins=folder).returncode == 0
    assert not marker.exists()
    res = adjudicator("new", "boom", "-p", "x=X:a", "-p", "y=Y:b", plugins=folder)   # asked for: it runs
    assert marker.exists() and res.returncode == 2 and "does not define GAME" in one_sentence(res)


# --- A broken plug-in is one sentence, exit 2 ---------------------------------------------------

def copy_plugins(tmp_path: Path) -> Path:
    folder = tmp_path / "plugins"
    shutil.copytree(PLUGINS, folder, ignore=shutil.ignore_patterns("__pycache__"))
    return folder


BROKEN = {
    "no GAME": ("games/take_away.py", "X = 1\n", "does not define GAME"),
    "GAME not a Game": ("games/take_away.py", "GAME = 42\n", "does not define GAME"),
    "wrong name": ("games/take_away.py",
                   "from adjudicator.engine import Game\nclass G(Game):\n    name = 'other'\nGAME = G\n",
                   "defines GAME for 'other', not 'take-away'"),
    "syntax error": ("games/take_away.py", "def (:\n", "failed to load: SyntaxError at line 1"),
    "import error": ("games/take_away.py", "import no_such_module_here\n",
                     "failed to load: ModuleNotFoundError: No module named 'no_such_module_here'"),
    "schema missing": ("games/take-away.schema.json", None, "the move schema of game 'take-away' is missing"),
    "schema not JSON": ("games/take-away.schema.json", "{\"type\": ", "is not JSON"),
    "schema not an object": ("games/take-away.schema.json", "[1, 2]", "must be a JSON object"),
    "schema invalid": ("games/take-away.schema.json", '{"type": "objekt"}', "is not a valid JSON Schema"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_plugin_is_one_sentence_and_exit_2(tmp_path, case):
    name, text, expected = BROKEN[case]
    folder = copy_plugins(tmp_path)
    if text is None:
        (folder / name).unlink()
    else:
        (folder / name).write_text(text)
    res = adjudicator("new", "take-away", "-p", "anna=Anna:red", "-p", "bob=Bob:blue", plugins=folder)
    assert res.returncode == 2
    assert expected in one_sentence(res)


def test_an_unknown_game_is_one_sentence_and_exit_2(tmp_path):
    folder = copy_plugins(tmp_path)
    (folder / "chess.yaml").write_text("id: chess\ngame: chess\nsummary: s\nsides: [white, black]\nparams: {}\n")
    for args in (("new", "chess", "-p", "a=A:white", "-p", "b=B:black"), ("ruleset", "validate", folder / "chess.yaml")):
        res = adjudicator(*args, plugins=folder)
        assert res.returncode == 2 and "no game called 'chess'. Games: " in one_sentence(res)
        assert "take-away" in res.stderr   # the plug-in is listed among the games


# --- The engine depends on neither the rulesets nor the registry ----------------------

def test_importing_the_engine_imports_no_rulesets_or_registry():
    code = ("import sys, adjudicator.engine, adjudicator.wording; "
            "print(sorted(m for m in sys.modules if m.startswith('adjudicator')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env=dict(os.environ, PYTHONPATH=str(REPO))).stdout
    loaded = set(eval(out))
    assert not loaded & {"adjudicator.rulesets", "adjudicator.registry", "adjudicator.games"}, loaded


def imports_of(module: str) -> set[str]:
    """Every adjudicator module `module` imports, at the top, in a function or for type checking."""
    tree = ast.parse((REPO / "adjudicator" / f"{module}.py").read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("adjudicator"):
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("adjudicator"))
    return found


def test_no_import_cycle_between_engine_rulesets_and_registry():
    """One way only: the registry imports the game protocol and the search path; the rulesets
    and the search path import neither the protocol, the engine nor the registry, and neither
    does the core import the registry, so no chain leads back."""
    for module in ("rulesets", "paths"):
        assert not imports_of(module) & {"adjudicator.game", "adjudicator.engine", "adjudicator.registry"}, module
    for module in ("engine", "game"):
        assert "adjudicator.registry" not in imports_of(module), module
    assert "adjudicator.game" in imports_of("registry")
