"""A random start (G-6, amended): an opening `{"pick": ID}` chance entry names who starts,
drawn by `new --first random` from the match seed or copied from a dice bot."""

from __future__ import annotations

import json

from adjudicator import check
from adjudicator.dice import read_seed
from conftest import add, flags, replayed
from games.test_tug_of_war import tw_match


def pick(player: str, source: str = "external") -> tuple:
    return {"type": "chance", "chance": {"pick": player, "source": source}}


def test_an_opening_pick_names_who_starts_g6():
    """maddie is drawn: she plays first and holds the first player's hand (TW-2)."""
    data = tw_match(first=None)
    add(data, pick("maddie"))
    match, replay = replayed(data)
    assert flags(replay) == [] and replay.to_act() == ["maddie"]
    default = replayed(tw_match(first="maddie"))[0].game
    assert match.game.public_view(replay.state)["hands"] == default.public_view(default.initial_state())["hands"]
    assert "maddie (blue) starts: copied from a dice bot" in replay.words(replay.log[0].events[0])


def test_a_pick_is_due_only_at_the_opening_g6():
    data = tw_match(first=None)
    add(data, ("sally", {"module": "rope", "cards": [1]}))
    add(data, pick("maddie"))
    assert flags(replayed(data)[1]) == [(2, "chance-not-due")]
    with_first = tw_match(first="sally")
    add(with_first, pick("maddie"))
    assert flags(replayed(with_first)[1]) == [(1, "chance-not-due")]


def test_a_pick_must_name_a_player_g6():
    data = tw_match(first=None)
    add(data, pick("nobody"))
    assert flags(replayed(data)[1]) == [(1, "pick-value")]


def test_new_first_random_draws_from_the_seed_and_check_verifies_it_g6(cli, tmp_path):
    path = tmp_path / "zg.json"
    res = cli("new", "tug-of-war-v1", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue", "--first", "random",
              "--started", "2026-11-21T20:00:00Z", "-o", path)
    assert res.code == 0, res.err
    data = json.loads(path.read_text())
    entry = data["entries"][0]
    assert "first" not in data and entry["type"] == "chance" and entry["chance"]["source"] == "seed"
    assert entry["at"] == "2026-11-21T20:00:00Z"
    starter = entry["chance"]["pick"]
    assert f"entry 1: {starter} starts" in res.out
    seed = read_seed(path.with_suffix(".seed"))
    row = check.check_file(str(path), seed)
    assert row["verdict"] == "ok" and row["rolls"] == {"verified": 1, "transcribed": 0, "wrong": 0}
    assert cli("replay", path, "--format", "json").json["to_act"] == [starter]
    other = "maddie" if starter == "sally" else "sally"
    data["entries"][0]["chance"]["pick"] = other    # a forged draw does not check
    path.write_text(json.dumps(data), encoding="utf-8")
    assert check.check_file(str(path), seed)["rolls"]["wrong"] == 1


def test_a_pick_copied_from_a_dice_bot_is_recordable_g6(cli, tmp_path):
    path = tmp_path / "zg.json"
    assert cli("new", "tug-of-war-v2", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue", "-o", path).code == 0
    res = cli("roll", path, "--values", "Maddie", "--at", "2026-11-21T20:00:00Z")
    assert res.code == 0, res.err
    assert json.loads(path.read_text())["entries"][0]["chance"] == {"pick": "maddie", "source": "external"}
    assert "maddie (blue) starts: copied from a dice bot" in res.out


def test_new_first_random_is_refused_where_the_rules_decide_g6(cli, tmp_path):
    # Arrowbic starts by a pick since G-6 was amended: tests/games/test_arrowbic_pick.py.
    for ruleset, sides, words in (("dice-tug-of-war", ("yellow", "red"), "set-up roll decides (DT-2)"),
                                  ("winning-streak", ("red", "blue"), "nobody starts")):
        res = cli("new", ruleset, "-p", f"a=A:{sides[0]}", "-p", f"b=B:{sides[1]}", "--first", "random",
                  "-o", tmp_path / f"{ruleset}.json")
        assert res.code == 2 and words in res.err and "G-6" in res.err, res.err
        assert not (tmp_path / f"{ruleset}.json").exists()
