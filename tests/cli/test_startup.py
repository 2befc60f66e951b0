"""Start-up: what `board` and `move --dry-run` load, each in a fresh
interpreter. A host runs them on every post, so modules they do not use must stay unloaded:
the parsers, pictures and reports of other commands, PyYAML when no ruleset's bytes are new,
and the libraries only other commands or typer's extras need. The drawing of each game is
checked the same way by tests/games/test_package_shape.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from helpers import REPO

# What no start-up of `board` or `move` needs: other commands' modules and their libraries.
OTHER_COMMANDS = ("adjudicator.check", "adjudicator.page", "adjudicator.paste", "adjudicator.posting",
                  "adjudicator.simulate", "adjudicator.picture", "adjudicator.match_picture",
                  "adjudicator.jsonstream", "adjudicator.usecases.new", "adjudicator.usecases.pasting",
                  "adjudicator.usecases.posts", "adjudicator.usecases.catalogue", "adjudicator.web",
                  "adjudicator.links", "adjudicator.usecases.serving")
LIBRARIES = ("jsonschema", "tabulate", "resvg_py", "rich", "pydantic", "importlib.metadata",
             "starlette", "uvicorn", "jinja2", "anyio")
NOT_FOR_BOARD = (*OTHER_COMMANDS, *LIBRARIES, "yaml", "adjudicator.reading", "adjudicator.usecases.entries")
# `move` reads the typed words as a post is read, with the words of adjudicator/posts.yaml.
NOT_FOR_MOVE = (*OTHER_COMMANDS, *LIBRARIES, "adjudicator.usecases.look")

PROBE = ("import sys, json; from adjudicator.cli import run; code = run({args!r}); "
         "print(json.dumps([code, sorted(sys.modules)]))")


def loaded_by(args: list[str], cwd) -> tuple[int, set[str]]:
    """Run one command in a fresh interpreter: its exit status and every module it loaded. It
    runs twice with a ruleset cache of its own, and the second run counts: a host's commands
    find their ruleset parsed already (only new ruleset bytes need PyYAML)."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "ADJUDICATOR_CACHE": str(cwd / "cache")}
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", PROBE.format(args=args)], cwd=cwd, capture_output=True,
                              text=True, env=env, timeout=120)
    code, modules = json.loads(done.stdout.strip().splitlines()[-1])
    return code, set(modules)


def unwanted(modules: set[str], names: tuple[str, ...]) -> list[str]:
    """The modules of `names` (or inside those packages) that were loaded."""
    return sorted(m for m in modules if any(m == name or m.startswith(name + ".") for name in names))


@pytest.mark.parametrize("match", ["dice-demo.json", "winning-streak-demo.json", "track-trouble-final.json",
                                   "tug-of-war-v2-demo.json", "arrowbic-retake.json"])
def test_board_loads_only_what_it_uses(match, tmp_path):
    code, modules = loaded_by(["board", str(REPO / "matches" / match)], tmp_path)
    assert code == 0 and "adjudicator.session" in modules   # the probe saw a real board
    assert unwanted(modules, NOT_FOR_BOARD) == []


def test_move_dry_run_loads_only_what_it_uses(cli, tmp_path):
    match = str(tmp_path / "ws.json")
    cli("new", "winning-streak", "-p", "anna=Anna:red", "-p", "bernd=Bernd:blue", "--untimed", "-o", match)
    code, modules = loaded_by(["move", match, "anna", "t1", "place", "1/1", "A", "--dry-run"], tmp_path)
    assert code == 0 and "adjudicator.usecases.entries" in modules
    assert unwanted(modules, NOT_FOR_MOVE) == []


def test_the_check_names_what_a_command_does_load(tmp_path):
    """The same probe sees what a picture loads, so an empty list above means something."""
    out = str(tmp_path / "b.svg")
    args = ["board", str(REPO / "matches" / "dice-demo.json"), "--format", "svg", "-o", out, "--force"]
    code, modules = loaded_by(args, tmp_path)
    # -o also names the match's private links file among those never overwritten (outputs.files_of_match)
    assert code == 0 and unwanted(modules, NOT_FOR_BOARD) == ["adjudicator.links", "adjudicator.match_picture",
                                                              "adjudicator.picture"]


COMMANDS = ("rulesets", "new", "move", "roll", "host", "paste", "board", "replay", "legal", "publish", "page",
            "post", "check", "simulate", "schema", "ruleset", "ruleset show", "ruleset validate")


@pytest.mark.parametrize("words", ["--help", "--bogus", ""])
def test_a_command_built_alone_says_what_the_whole_app_says(words, capsys, monkeypatch):
    """A run builds only the command it names (cli._with_only_the_command); its help, usage
    errors and exit statuses are those of the whole app's."""
    from adjudicator import cli

    def said(args: list[str]) -> tuple[int, str, str]:
        code = cli.run(args)
        out, err = capsys.readouterr()
        return code, out, err

    alone = {command: said([*command.split(), *words.split()]) for command in COMMANDS}
    monkeypatch.setattr(cli, "_with_only_the_command", lambda args: cli.app)
    whole = {command: said([*command.split(), *words.split()]) for command in COMMANDS}
    assert alone == whole
    assert all(out or err for _, out, err in alone.values())   # each said something: help, a usage error...
