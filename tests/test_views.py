"""A finished match's board opens with its result as a one-line banner,
in every text format and in the picture; never on a board of a match in progress, nor on
`board --at N` before the end. A post then tells the result once (the banner), not three
times (status line, banner, final summary)."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from helpers import REPO

FINISHED = {   # example → (winner's display name, side in effect, the result's reason)
    "arrowbic-push-off.json": ("Sally", "red", "Maddie's piece left the board from I6 going right"),
    "dice-demo.json": ("Bernd", "yellow", "Anna's team has no pawns left"),
    "track-trouble-final.json": ("Sally", "red", "more points after round 10: Sally 82, Maddie 81"),
    "tug-of-war-v2-demo.json": ("Sally", "red", "won 3 modules"),
    "winning-streak-demo.json": ("Maddie", "blue", "every location won; longest winning streak 4 to 2"),
}
WRAPPED = {"text": ("", ""), "markdown": ("**", "**"), "discord": ("**", "**"), "bbcode": ("[b]", "[/b]")}


def first_line(out: str) -> str:
    return out.split("\n", 1)[0]


def example(name: str) -> Path:
    return REPO / "matches" / name


@pytest.mark.parametrize("name", sorted(FINISHED))
@pytest.mark.parametrize("fmt", sorted(WRAPPED))
def test_a_finished_board_opens_with_the_banner_in_every_format(cli, name, fmt):
    winner, side, reason = FINISHED[name]
    res = cli("board", example(name), "--format", fmt)
    assert res.code == 0, res.err
    line = first_line(res.out)
    start, end = WRAPPED[fmt]
    assert line.startswith(start + "🏆 ") and line.endswith(f" ({side}) wins — {reason}{end}"), line
    assert winner in line
    if fmt == "bbcode":   # the winner's name in the side's colour, inside the bold
        assert f"[color={side}]{winner}[/color]" in line
    # The status line no longer repeats who won: the board tells the result once.
    assert res.out.count(reason) == 1, res.out


@pytest.mark.parametrize("name", sorted(FINISHED))
def test_no_banner_before_the_end(cli, name):
    """`board --at N` before the last entry shows the match in progress: no banner; at the
    last entry the banner is back."""
    count = cli("board", example(name), "--format", "json").json["at_seq"]
    for fmt in WRAPPED:
        earlier = cli("board", example(name), "--at", count - 1, "--format", fmt)
        assert earlier.code == 0 and "🏆" not in earlier.out and " wins — " not in earlier.out
    assert first_line(cli("board", example(name), "--at", count).out).startswith("🏆 ")


def test_no_banner_in_progress(cli, tmp_path):
    path = tmp_path / "a.json"
    assert cli("new", "arrowbic", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue", "--untimed",
               "-o", path).code == 0
    for fmt in WRAPPED:
        out = cli("board", path, "--format", fmt).out
        assert "🏆" not in out and "wins —" not in out and "Draw —" not in out
    svg = cli("board", path, "--format", "svg").out
    assert " wins — " not in svg


def test_a_draw_has_a_draw_banner(cli, tmp_path):
    """The host ends an Arrowbic match without naming a winner: the rules give no winner
    (pieces on the board), and the banner says Draw, with the reason, no trophy."""
    path = tmp_path / "a.json"
    assert cli("new", "arrowbic", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue", "--untimed",
               "-o", path).code == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    data["entries"].append({"seq": len(data["entries"]) + 1, "type": "host", "host": {"action": "end"}})
    path.write_text(json.dumps(data), encoding="utf-8")
    res = cli("board", path, "--format", "json").json
    assert res["status"] == "finished" and res["winner"] is None
    for fmt, (start, end) in WRAPPED.items():
        line = first_line(cli("board", path, "--format", fmt).out)
        assert line == f"{start}Draw — {res['reason']}{end}", line
    assert banner_words(cli("board", path, "--format", "svg").out) == f"Draw — {res['reason']}"


SVG = "{http://www.w3.org/2000/svg}"


def banner_words(svg: str) -> str:
    """The words set before the title (the banner's lines, wrapped on a narrow picture), joined."""
    root = ET.fromstring(svg)
    texts = [t for t in root.iter(f"{SVG}text")]
    title = next(i for i, t in enumerate(texts) if t.get("font-size") == "20")
    return " ".join("".join(t.itertext()) for t in texts[:title])


@pytest.mark.parametrize("name", sorted(FINISHED))
def test_the_picture_opens_with_the_banner_band(cli, name):
    """The SVG's first words are the banner's (no emoji: the shipped fonts have none), in bold
    on a band drawn before them, edged in the winner's side colour."""
    from adjudicator.picture import side_colour

    winner, side, reason = FINISHED[name]
    svg = cli("board", example(name), "--format", "svg").out
    assert banner_words(svg) == f"{winner} ({side}) wins — {reason}" and "🏆" not in svg
    band = ET.fromstring(svg).findall(f"{SVG}rect")[1]   # the first after the paper
    assert band.get("stroke") == side_colour(side)


def test_the_picture_has_no_banner_before_the_end(cli):
    path = example("arrowbic-push-off.json")
    assert banner_words(cli("board", path, "--at", 8, "--format", "svg").out) == ""
    assert banner_words(cli("board", path, "--at", 9, "--format", "svg").out).startswith("Sally (red) wins")


def test_the_final_post_tells_the_result_once(cli, tmp_path):
    """The final post: the banner opens the final board; the status line says `finished`; the
    final summary no longer repeats who won."""
    path = tmp_path / "d.json"
    shutil.copy(example("dice-demo.json"), path)
    for fmt in WRAPPED:
        out = cli("post", path, "--dry-run", "--format", fmt).out
        assert out.count("Anna's team has no pawns left") == 1, out
        assert "Final summary" in out and "The board above is the final board; 45 entries in the log" in out
        assert "· finished" in out
