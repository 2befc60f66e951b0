"""A random start (G-6, amended): an opening `{"pick": ID}` chance entry names who starts,
drawn by `new --first random` from the match seed or copied from a dice bot."""

from __future__ import annotations

import json

import pytest

from adjudicator import check, wording
from adjudicator.dice import read_seed
from adjudicator.errors import MatchFileError
from helpers.matches import add, dice_match, flags, replayed
from helpers.tug_of_war import tw_match


def pick(player: str, source: str = "external") -> tuple:
    return {"type": "chance", "chance": {"pick": player, "source": source}}


def test_an_opening_pick_names_who_starts_g6():
    """Maddie is drawn: she plays first and holds the first player's hand (TW-2)."""
    data = tw_match(first=None)
    add(data, pick("maddie"))
    match, replay = replayed(data)
    assert flags(replay) == [] and replay.to_act() == ["maddie"]
    default = replayed(tw_match(first="maddie"))[0].game
    assert match.game.public_view(replay.state)["hands"] == default.public_view(default.initial_state())["hands"]
    assert "Maddie (blue) starts: copied from a dice bot" in wording.text(replay.game, replay.log[0].events[0])


def test_a_pick_is_due_only_at_the_opening_g6():
    data = tw_match(first=None)
    add(data, ("sally", {"module": "rope", "cards": [1]}))
    add(data, pick("maddie"))
    assert flags(replayed(data)[1]) == [(2, "chance-not-due")]
    with_first = tw_match(first="sally")
    add(with_first, pick("maddie"))
    assert flags(replayed(with_first)[1]) == [(1, "chance-not-due")]


def test_a_late_pick_is_worded_from_what_was_due_when_it_came_g6():
    """The refusal keeps what was awaited as data (a due and who was to act), not a sentence
    the engine wrote; worded later, after the match moved on, it still names that moment."""
    data = tw_match(first=None)
    add(data, ("sally", {"module": "rope", "cards": [1]}))
    add(data, pick("maddie"))
    add(data, ("maddie", {"module": "race", "cards": [1]}))
    replay = replayed(data)[1]
    assert flags(replay) == [(2, "chance-not-due")] and replay.to_act() == ["sally"]
    assert wording.flag_message(replay.flags[0]) == "no random outcome is due now (waiting for Maddie to play a module)"


def test_a_pick_must_name_a_player_g6():
    data = tw_match(first=None)
    add(data, pick("nobody"))
    assert flags(replayed(data)[1]) == [(1, "pick-value")]


def test_new_first_random_makes_the_pick_due_and_roll_draws_it_g6_g8(cli, tmp_path):
    """`new --first random` draws nothing (G-8: the host could re-run it until the starter
    suits them): the header says the pick is due, moves wait for it, salts may come first,
    and `roll` draws it, verified by check like dice."""
    path = tmp_path / "zg.json"
    res = cli("new", "tug-of-war-v1", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue", "--first", "random",
              "--started", "2026-11-21T20:00:00Z", "-o", path)
    assert res.code == 0, res.err
    data = json.loads(path.read_text())
    assert data["entries"] == [] and "first" not in data and data["first_by"] == "pick"
    assert data["draws"] == "adjudicator-draws/2"
    assert "publish its hash now" in res.out and f"adjudicator roll {path}" in res.out and "salt" in res.out
    res = cli("move", path, "sally", "rope 1")
    assert res.code == 1 and "draw of who starts is due" in res.err and "G-6" in res.err
    assert cli("replay", path, "--format", "json").json["to_act"] == []
    assert cli("host", path, "salt", "sally", "pepper").code == 0      # bookkeeping: the pick stays due
    assert cli("host", path, "salt", "maddie", "nutmeg").code == 0
    res = cli("roll", path)
    assert res.code == 0, res.err
    entry = json.loads(path.read_text())["entries"][2]
    assert entry["type"] == "chance" and entry["chance"]["source"] == "seed"
    starter = entry["chance"]["pick"]
    assert "salts were entered" not in res.err   # drawn after both salts
    seed = read_seed(path.with_suffix(".seed"))
    row = check.check_file(str(path), seed, strict_dice=True)
    assert row["verdict"] == "ok" and row["rolls"] == {"verified": 1, "transcribed": 0, "wrong": 0}
    assert row["unsalted_draws"] == [] and row["voided_draws"] == []
    assert cli("replay", path, "--format", "json").json["to_act"] == [starter]
    assert cli("roll", path).code == 1   # drawn once: no second pick
    data = json.loads(path.read_text())
    other = "maddie" if starter == "sally" else "sally"
    data["entries"][2]["chance"]["pick"] = other    # a forged draw does not check
    path.write_text(json.dumps(data), encoding="utf-8")
    assert check.check_file(str(path), seed)["rolls"]["wrong"] == 1


def test_a_pick_is_drawn_from_the_salts_g8():
    """The same seed, id and players: the salts alone decide the pick, so one of several salt
    pairs gives each starter (a pick without salts is the same whatever the host does later)."""
    from adjudicator import dice

    seed = dice.new_seed()
    picks = set()
    for index in range(12):
        at = dice.DrawAt(seq=1, number=0, match_id="zg", salts=(("sally", f"s{index}"), ("maddie", "m")),
                         scheme=dice.DRAWS_SCHEME)
        picks.add(dice.draw_pick(seed, at, ("sally", "maddie")))
    assert picks == {"sally", "maddie"}


def test_a_pick_due_by_the_header_refuses_everything_but_the_pick_g6():
    data = {**tw_match(first=None), "first_by": "pick", "draws": "adjudicator-draws/2"}
    add(data, ("host", {"action": "salt", "player": "sally", "salt": "abc"}))
    add(data, ("sally", {"module": "rope", "cards": [1]}))
    add(data, {"type": "chance", "chance": {"dice": [3]}})
    add(data, pick("maddie"))
    match, replay = replayed(data)
    assert flags(replay) == [(2, "pick-due"), (3, "chance-kind")] and replay.to_act() == ["maddie"]
    with pytest.raises(MatchFileError, match="field first_by: the header says both"):
        replayed({**tw_match(first="sally"), "first_by": "pick"})
    with pytest.raises(MatchFileError, match="field first_by: dice-tug-of-war does not start by a draw"):
        replayed({**dice_match(), "first_by": "pick"})


def test_a_pick_copied_from_a_dice_bot_is_recordable_g6(cli, tmp_path):
    path = tmp_path / "zg.json"
    assert cli("new", "tug-of-war-v2", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue", "-o", path).code == 0
    res = cli("roll", path, "--values", "Maddie", "--at", "2026-11-21T20:00:00Z")
    assert res.code == 0, res.err
    assert json.loads(path.read_text())["entries"][0]["chance"] == {"pick": "maddie", "source": "external"}
    assert "Maddie (blue) starts: copied from a dice bot" in res.out


def test_new_first_random_is_refused_where_the_rules_decide_g6(cli, tmp_path):
    # Arrowbic starts by a pick since G-6 was amended: tests/games/arrowbic/test_pick.py.
    for ruleset, sides, words in (("dice-tug-of-war", ("yellow", "red"), "set-up roll decides (DT-2)"),
                                  ("winning-streak", ("red", "blue"), "nobody starts")):
        res = cli("new", ruleset, "-p", f"a=A:{sides[0]}", "-p", f"b=B:{sides[1]}", "--first", "random",
                  "-o", tmp_path / f"{ruleset}.json")
        assert res.code == 2 and words in res.err and "G-6" in res.err, res.err
        assert not (tmp_path / f"{ruleset}.json").exists()


def test_a_salt_does_not_open_the_match_g6_g8():
    """Salts come before the opening pick (G-8): entering one leaves the pick allowed (G-6)."""
    data = {**tw_match(first=None), "draws": "adjudicator-draws/2"}
    add(data, ("host", {"action": "salt", "player": "sally", "salt": "abc"}))
    add(data, ("host", {"action": "salt", "player": "maddie", "salt": "def"}))
    add(data, pick("maddie"))
    replay = replayed(data)[1]
    assert flags(replay) == [] and replay.to_act() == ["maddie"] and replay.salts == {"sally": "abc", "maddie": "def"}
    data = tw_match(first=None)
    add(data, ("host", {"action": "draw"}))   # not bookkeeping: the match is over, no pick
    add(data, pick("maddie"))
    assert [code for _, code in flags(replayed(data)[1])] == ["match-over"]


def test_g6_no_hand_is_dealt_and_nobody_is_to_play_while_the_pick_is_due(cli, tmp_path):
    """Tug of War deals the starter 1 1 1 and the other 1 1 2 (TW-2): before the draw of who
    starts (G-6), the board deals nobody a hand and names nobody to play."""
    path = tmp_path / "tw.json"
    assert cli("new", "tug-of-war-v1", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue", "--first", "random",
               "--untimed", "-o", path).code == 0
    board = cli("board", path, "--format", "json").json["board"]
    assert board["to_play"] is None and board["hands"] == {"sally": [], "maddie": []}
    assert board["starter_drawn"] is False and board["starting_hands"] == {"first": [1, 1, 1], "second": [1, 1, 2]}
    text = cli("board", path).out
    assert "To play" not in text and "dealt once who starts is drawn: the starter 1 1 1, the other 1 1 2" in text
    assert cli("roll", path, "--without-salts").code == 0
    board = cli("board", path, "--format", "json").json["board"]
    assert "starter_drawn" not in board and board["hands"][board["to_play"]] == [1, 1, 1]
