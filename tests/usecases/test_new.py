"""usecases.new, called directly: `new`'s options read into a match header, refusals naming
the option they came from."""

from __future__ import annotations

import json

import pytest

from adjudicator.errors import OptionError
from adjudicator.usecases.new import NewMatch, create, parse_params, parse_player


def test_create_writes_the_match_and_its_seed(tmp_path):
    out = tmp_path / "final.json"
    made = create(NewMatch("dice-tug-of-war", ["bernd=Bernd:Yellow", "anna=Anna:red"], output=out))
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["players"][0] == {"id": "bernd", "name": "Bernd", "side": "yellow"}   # the ruleset's case
    assert made.seed_file == tmp_path / "final.seed" and made.seed_file.is_file()
    assert made.data["seed_sha256"] == data["seed_sha256"] and made.clock is not None


def test_create_without_a_file_writes_nothing(tmp_path):
    made = create(NewMatch("tug-of-war-v1", ["sally=Sally:red", "maddie=Maddie:blue"], untimed=True,
                           params=["rope.start_spot=9"]))
    assert made.output is None and made.seed_file is None and made.clock is None
    assert made.data["rules"]["params"] == {"rope": {"start_spot": 9}, "time_control": {"enabled": False}}
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("options, option, words", [
    (NewMatch("dice-tug-of-war", ["bernd=Bernd:yellow"]), "--player", "a match has two players"),
    (NewMatch("dice-tug-of-war", ["b=B:yellow", "a=A:red"], items=["carl=retake"]), "--item", "'carl' is not one"),
    (NewMatch("dice-tug-of-war", ["b=B:yellow", "a=A:red"], first="random"), "--first", "does not start by a draw"),
    (NewMatch("dice-tug-of-war", ["b=B:yellow", "a=A:red"], time_zone="Mars/Olympus"), "--time-zone", "not a known"),
])
def test_refusals_name_the_option(options, option, words):
    with pytest.raises(OptionError) as caught:
        create(options)
    assert caught.value.option == option and words in caught.value.message


def test_parse_player_and_params():
    assert parse_player("sally=Sally Ann:RED", ["red", "blue"]) == {"id": "sally", "name": "Sally Ann", "side": "red"}
    assert parse_player("sally:red") == {"id": "sally", "name": "sally", "side": "red"}
    assert parse_params(["a.b=1", "a.c=[open", "d=[1, 2]"]) == {"a": {"b": 1, "c": "[open"}, "d": [1, 2]}
    with pytest.raises(OptionError, match="not a mapping"):
        parse_params(["a=1", "a.b=2"])
