"""The sweep: every step of every example match draws as SVG and PNG, public and as
each player (slow: about a quarter of a second a PNG; `pytest -m slow`). The fast suite
samples steps in tests/games/*/test_picture.py and tests/games/test_pictures_*.py."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from adjudicator import match_picture, matchfile, picture, session
from helpers.pngread import size

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((REPO / "matches").glob("*.json"))


@pytest.mark.slow
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_step_of_every_example_draws_as_svg_and_png(path, monkeypatch):
    def no_fallback(*_args):
        raise AssertionError("the game did not draw its board: the text board was set instead")

    monkeypatch.setattr(picture, "draw_text_board", no_fallback)
    match = matchfile.load(path)
    viewers = [None, *match.game.player_ids]
    drawn = 0
    for seq in range(len(match.entries) + 1):
        replay = session.replay_match(match, seq)
        for viewer in viewers:
            svg = match_picture.board_svg(match, replay, viewer)
            root = ET.fromstring(svg)
            assert root.get("width") == "800", (seq, viewer)
            if viewer is None:
                assert size(picture.png(svg)) == (800, int(root.get("height"))), seq
            drawn += 1
    assert drawn == (len(match.entries) + 1) * len(viewers) > len(viewers)
