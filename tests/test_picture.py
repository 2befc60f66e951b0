"""Board pictures (adjudicator.picture, `board --format svg|png`): well-formed SVG of a fixed
width, the same bytes every time, a PNG of the SVG's size set in the shipped DejaVu fonts
only, written as a public file, and no picture library loaded by the text commands."""

from __future__ import annotations

import json
import os
import pty
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from adjudicator import match_picture, matchfile, picture
from adjudicator.session import replay_match
from helpers import REPO
from helpers.pngread import decode, size

MATCHES = sorted(p.name for p in (REPO / "matches").glob("*.json"))
SVG = "{http://www.w3.org/2000/svg}"
TEXT = ('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40" viewBox="0 0 200 40">'
        '<rect width="200" height="40" fill="#ffffff"/>'
        '<text x="10" y="28" font-size="24" font-family="{family}" fill="#000000">Sally 4/5</text></svg>')


def ink(png: bytes) -> int:
    """How many pixels are not white: text was drawn when there are some."""
    image = decode(png)
    return sum(image.pixel(x, y) != (255, 255, 255) for y in range(image.height) for x in range(image.width))


@pytest.mark.parametrize("name", MATCHES)
def test_svg_is_well_formed_800_wide_and_deterministic(name):
    match = matchfile.load(REPO / "matches" / name)
    for at in (0, len(match.entries) // 2, None):
        svg = match_picture.board_svg(match, replay_match(match, at))
        root = ET.fromstring(svg)
        assert root.tag == SVG + "svg" and root.get("width") == "800"
        assert root.get("viewBox") == f"0 0 800 {root.get('height')}"
        assert root.findall(f".//{SVG}text"), "no text on the board"
        assert svg == match_picture.board_svg(match, replay_match(match, at))


def test_board_svg_from_the_command_line_is_deterministic(cli):
    path = REPO / "matches" / "track-trouble-final.json"
    first, second = cli("board", path, "--format", "svg"), cli("board", path, "--format", "svg")
    assert first.code == 0 and first.out == second.out
    ET.fromstring(first.out)


@pytest.mark.parametrize("name", ["track-trouble-final.json", "winning-streak-demo.json", "dice-demo.json"])
def test_png_is_a_png_of_the_svgs_size(name):
    match = matchfile.load(REPO / "matches" / name)
    svg = match_picture.board_svg(match, replay_match(match))
    root = ET.fromstring(svg)
    data = picture.png(svg)
    assert size(data) == (int(root.get("width")), int(root.get("height")))
    image = decode(data)
    assert image.pixel(1, 1) == (255, 255, 255)   # the paper
    assert ink(data) > 1000                        # and the board on it
    assert data == picture.png(svg)


def test_text_is_set_in_the_shipped_fonts_only(monkeypatch):
    """resvg gets the shipped fonts and is told to skip the system's: with no font files it
    draws no text at all (so the system's fonts are not looked at, though this machine has
    DejaVu installed too), with picture.png's it draws it (the shipped font was found)."""
    import resvg_py

    svg = TEXT.format(family=picture.FONT)
    nothing = bytes(resvg_py.svg_to_bytes(svg_string=svg, skip_system_fonts=True, font_files=[]))
    assert ink(nothing) == 0
    drawn = picture.png(svg)
    assert ink(drawn) > 100
    assert ink(picture.png(TEXT.format(family=picture.MONO))) > 100
    seen = {}
    real = resvg_py.svg_to_bytes

    def spy(**kwargs):
        seen.update(kwargs)
        return real(**kwargs)

    monkeypatch.setattr(resvg_py, "svg_to_bytes", spy)
    assert picture.png(svg) == drawn
    assert seen["skip_system_fonts"] is True
    assert sorted(Path(f).name for f in seen["font_files"]) == sorted(picture.FONT_FILES)
    assert all(Path(f).parent == picture.FONT_DIR and Path(f).is_file() for f in seen["font_files"])


def test_png_is_the_same_without_the_systems_fonts(tmp_path):
    """A PNG made with the font configuration pointed at nothing and HOME elsewhere is the
    same bytes as one made here."""
    svg = TEXT.format(family=picture.FONT)
    code = ("import sys; from adjudicator import picture; "
            f"sys.stdout.buffer.write(picture.png({svg!r}))")
    env = {**os.environ, "PYTHONPATH": str(REPO), "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path),
           "FONTCONFIG_FILE": str(tmp_path / "none.conf")}
    bare = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, check=True).stdout
    assert bare == picture.png(svg)


def test_board_png_is_not_for_a_terminal(tmp_path):
    """On a terminal `board --format png` without -o is refused (a pseudo-terminal, for real)."""
    leader, follower = pty.openpty()
    try:
        res = subprocess.run([sys.executable, "-m", "adjudicator", "board", str(REPO / "matches" / "dice-demo.json"),
                              "--format", "png"], stdout=follower, stderr=subprocess.PIPE,
                             env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=60)
    finally:
        os.close(follower)
        os.close(leader)
    assert res.returncode == 2
    assert b"not for a terminal" in res.stderr and b"Traceback" not in res.stderr


def test_board_png_to_a_file_is_public(cli, tmp_path):
    out = tmp_path / "board.png"
    res = cli("board", REPO / "matches" / "dice-demo.json", "--format", "png", "-o", out)
    assert res.code == 0, res.err
    assert out.stat().st_mode & 0o777 == 0o644
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("fmt", ["png", "svg"])
def test_board_picture_over_the_match_itself_is_refused(cli, tmp_path, fmt):
    path = tmp_path / "m.json"
    shutil.copyfile(REPO / "matches" / "dice-demo.json", path)
    before = path.read_bytes()
    res = cli("board", path, "--format", fmt, "-o", path)
    assert res.code == 2 and "is the match itself" in res.err and "Traceback" not in res.err
    assert path.read_bytes() == before


LOADED = ("import sys, json; from adjudicator.cli import run; code = run({args!r}); "
          "print(json.dumps([code, sorted(m for m in sys.modules if m.split('.')[0] in "
          "('resvg_py', 'adjudicator') and ('resvg' in m or m == 'adjudicator.picture'))]))")


def loaded_by(args: list[str], cwd: Path) -> tuple[int, list[str]]:
    """Run the command in a fresh interpreter; its exit code and the picture modules it loaded."""
    res = subprocess.run([sys.executable, "-c", LOADED.format(args=args)], cwd=cwd, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=120)
    return tuple(json.loads(res.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize("fmt", ["text", "markdown", "bbcode", "discord", "json"])
def test_text_boards_load_no_picture_library(tmp_path, fmt):
    code, modules = loaded_by(["board", str(REPO / "matches" / "dice-demo.json"), "--format", fmt], tmp_path)
    assert code == 0 and modules == []


def test_move_loads_no_picture_library(tmp_path):
    data = json.loads((REPO / "matches" / "winning-streak-demo.json").read_text(encoding="utf-8"))
    data["entries"] = []
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, modules = loaded_by(["move", str(path), "sally", "t1 place 4/5 M"], tmp_path)
    assert code == 0 and modules == []
    assert len(json.loads(path.read_text(encoding="utf-8"))["entries"]) == 1


def test_png_loads_resvg_and_only_then(tmp_path):
    code, modules = loaded_by(["board", str(REPO / "matches" / "dice-demo.json"), "--format", "png",
                               "-o", str(tmp_path / "b.png")], tmp_path)
    assert code == 0 and "adjudicator.picture" in modules and any(m.startswith("resvg") for m in modules)


def test_g9_a_picture_posted_on_its_own_shows_the_head_of_a_chained_match(cli, tmp_path):
    """A board picture is a public post too (G-9): a chained match's closes its header with the
    head, as the text boards end with it; a match made before G-9 draws as it did."""
    path = tmp_path / "ws.json"
    assert cli("new", "winning-streak", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue", "-o", path).code == 0
    assert cli("move", path, "sally", "place 1/1 A").code == 0
    head = json.loads(path.read_text(encoding="utf-8"))["entries"][-1]["hash"]
    svg = cli("board", path, "--format", "svg").out
    assert f"log 1 · {head[:8]}" in svg
    old = cli("board", REPO / "matches" / "dice-demo.json", "--format", "svg").out
    assert "log " not in old
