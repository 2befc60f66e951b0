"""A post whose text opens with another player's name as its author ("Sally: D4 left" entered
for Maddie): `move` and `paste` warn on standard error, and refuse it with `--strict`."""

from __future__ import annotations

import json

import pytest

from adjudicator.game import Player
from adjudicator.session import other_author

PLAYERS = [Player("sally", "Sally", "red"), Player("maddie", "Maddie", "blue")]


@pytest.mark.parametrize("text, named", [
    ("Sally: D4 left pls", "sally"), ("> **Sally:** D4 left", "sally"), ("sally:D4 left", "sally"),
    ("**Sally**: D4 left", "sally"),
    ("Maddie: D4 left", None), ("D4 left", None), ("r3 c1: 1 T2", None), ("C: 3/5", None),
    ("red: E5 up", None),   # a side is no author's name
])
def test_other_author_is_the_other_player_a_post_opens_with(text, named):
    assert other_author(PLAYERS, "maddie", text) == named


@pytest.fixture
def arrowbic(cli, tmp_path):
    path = tmp_path / "a.json"
    assert cli("new", "arrowbic", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue", "--untimed", "-o", path).code == 0
    assert cli("move", path, "sally", "E5 up").code == 0
    return path


def entries(path):
    return json.loads(path.read_text(encoding="utf-8"))["entries"]


def test_move_warns_when_the_post_names_another_author(cli, arrowbic):
    res = cli("move", arrowbic, "maddie", "Sally: D4 left pls")
    assert res.code == 0
    assert "warning: the post opens with Sally's name, as Sally's post, but was entered for Maddie" in res.err
    assert len(entries(arrowbic)) == 2


def test_move_strict_refuses_it_and_writes_nothing(cli, arrowbic):
    before = arrowbic.read_bytes()
    res = cli("move", arrowbic, "maddie", "Sally: D4 left pls", "--strict")
    assert res.code == 2 and "opens with Sally's name" in res.err and "nothing written (--strict)" in res.err
    assert arrowbic.read_bytes() == before


def test_move_of_the_author_named_is_quiet(cli, arrowbic):
    res = cli("move", arrowbic, "maddie", "Maddie: D4 left", "--strict")
    assert res.code == 0 and "warning" not in res.err


def test_paste_warns_and_strict_refuses(cli, arrowbic, tmp_path):
    posts = tmp_path / "posts.txt"
    posts.write_text("maddie: Sally: D4 left pls\n", encoding="utf-8")
    before = arrowbic.read_bytes()
    res = cli("paste", arrowbic, posts, "--strict")
    assert res.code == 2 and "opens with Sally's name" in res.err
    assert arrowbic.read_bytes() == before
    res = cli("paste", arrowbic, posts)
    assert res.code == 0 and "warning: post 1" in res.err and "opens with Sally's name" in res.err
    assert len(entries(arrowbic)) == 2
