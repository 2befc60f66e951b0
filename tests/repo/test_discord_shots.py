"""The pictures of Discord posts on a phone (docs/pictures/discord-<game>.png) stay
true, without node or a browser: each committed .txt beside a picture is what `adjudicator
post … --format discord --dry-run` prints now for the same match and point, and each picture
is a PNG 390 px wide in Discord's dark theme. When the output changes, regenerate both with
`python scripts/discord_shots.py` (see its docstring)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from types import ModuleType

import pytest

from helpers import REPO
from helpers.pngread import decode, size

SCRIPT = REPO / "scripts" / "discord_shots.py"
REGENERATE = "run `python scripts/discord_shots.py` (scripts/discord: `npm ci` first) and commit docs/pictures/"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("discord_shots", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module          # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


shots = load()
GAMES = [shot.game for shot in shots.SHOTS]


def shot(game: str):
    return next(s for s in shots.SHOTS if s.game == game)


def test_one_shot_per_game_named_after_its_ruleset():
    rulesets = [json.loads((REPO / "matches" / s.match).read_text(encoding="utf-8"))["rules"]["ruleset"]
                for s in shots.SHOTS]
    assert rulesets == GAMES
    assert len(set(GAMES)) == len(GAMES)
    made = sorted(p.name for p in (REPO / "docs" / "pictures").glob("discord-*"))
    assert made == sorted(f"discord-{g}.{ext}" for g in GAMES for ext in ("png", "txt")), \
        f"docs/pictures/discord-* are not one .png and one .txt per game of scripts/discord_shots.py: {REGENERATE}"


@pytest.mark.parametrize("game", GAMES)
def test_text_is_what_the_tool_prints_now(game):
    s = shot(game)
    assert s.text_path.exists(), f"{s.text_path.name} is missing: {REGENERATE}"
    now = shots.post_text(s)
    assert "--format discord" in s.describe() and now.strip()
    assert s.text_path.read_text(encoding="utf-8") == now, (
        f"The Discord post of {s.describe()} has changed since docs/pictures/{s.png_path.name} "
        f"was made: {REGENERATE}")


@pytest.mark.parametrize("game", GAMES)
def test_picture_is_a_phone_wide_png_of_a_discord_page(game):
    s = shot(game)
    assert s.png_path.exists(), f"{s.png_path.name} is missing: {REGENERATE}"
    data = s.png_path.read_bytes()
    width, height = size(data)
    assert width == shots.WIDTH == 390, f"{s.png_path.name} is {width} px wide, not 390: {REGENERATE}"
    image = decode(data)
    assert (image.width, image.height) == (width, height)
    # Long enough for a post, not a blank page; Discord's dark theme behind it.
    assert height > 400
    assert image.hex(2, height - 2) == "#313338"
    text_lines = s.text_path.read_text(encoding="utf-8").count("\n")
    assert height > 10 * text_lines, f"{s.png_path.name} is too short for its post: {REGENERATE}"


def test_unknown_game_is_one_sentence():
    done = subprocess.run([sys.executable, str(SCRIPT), "--text", "chess"], capture_output=True, text=True)
    assert done.returncode == 2
    assert "no such game: chess" in done.stderr and "Traceback" not in done.stderr
