"""Times, host entries and draws as RULINGS G-7 and G-8 (amended 2026-12-07) settle them,
through the command line: one test per case a player would dispute, each named after its
ruling. The server's side (a request timed when it arrives, draws waiting for the salts) is
in tests/web/."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest

from adjudicator.clock import NOW_VARIABLE, format_time
from helpers import NOW
from helpers.matches import dice_match

T0 = datetime.fromisoformat(NOW.replace("Z", "+00:00"))


def t(seconds: float) -> str:
    """NOW plus `seconds`, as the match file keeps times."""
    return format_time(T0 + timedelta(seconds=seconds))


def entries(path):
    return json.loads(path.read_text(encoding="utf-8"))["entries"]


def replay_json(cli, path):
    res = cli("replay", path, "--format", "json")
    assert res.code in (0, 1), res.err
    return json.loads(res.out)


@pytest.fixture
def streak(cli, tmp_path, monkeypatch):
    """A fresh Winning Streak match (60 s a placement, WS-8), created 10 minutes before NOW."""
    path = tmp_path / "ws.json"
    monkeypatch.setenv(NOW_VARIABLE, t(-600))
    assert cli("new", "winning-streak", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue",
               "--advantage", "maddie", "-o", path).code == 0
    monkeypatch.setenv(NOW_VARIABLE, NOW)
    return path


def at_now(monkeypatch, seconds: float) -> None:
    """The tool's one clock (ADJUDICATOR_NOW) at NOW plus `seconds`."""
    monkeypatch.setenv(NOW_VARIABLE, t(seconds))


@pytest.fixture
def said(cli, monkeypatch):
    """Run a command as the host types it `seconds` after NOW, with the post's time then too:
    a time is never later than the tool's now (G-7 b), so the clock moves with the posts."""
    def run(seconds, *args):
        at_now(monkeypatch, seconds)
        return cli(*args, "--at", t(seconds))
    return run


# --- G-7 (a): the first post opens the clock ----------------------------------------------

def test_g7a_posting_the_same_board_again_does_not_restart_the_time(cli, said, streak):
    assert said(0, "post", streak).code == 0                      # the board goes up: time runs from here
    assert said(10, "move", streak, "sally", "place 1/1 A").code == 0
    assert said(35, "post", streak).code == 0                     # a re-post: nothing public changed
    res = said(90, "move", streak, "maddie", "place 1/1 B")
    assert res.code == 1 and "refused (late)" in res.err and "1 min 30 s" in res.err
    res = said(90, "move", streak, "maddie", "place 1/1 B", "--record-illegal")
    assert "FLAGGED late: Maddie's entry came 90 s after placement turn 1 began (limit 60 s)" in res.out
    flagged = replay_json(cli, streak)["flagged"]
    assert [(f["seq"], f["code"]) for f in flagged] == [(len(entries(streak)), "late")]


def test_g7a_the_second_post_is_told_as_a_post_again(cli, said, streak):
    said(0, "post", streak)
    said(10, "move", streak, "sally", "place 1/1 A")
    said(35, "post", streak)
    res = cli("replay", streak)
    assert "the host posted the board again; the time to act still runs from its first post" in res.out


def test_g7a_a_post_after_the_board_changed_opens_the_next_phase(cli, said, streak):
    said(0, "post", streak)
    said(10, "move", streak, "sally", "place 1/1 A")
    said(20, "move", streak, "maddie", "place 1/1 B")              # the phase resolves: a new board
    said(100, "post", streak)                                       # the first post of turn 2
    res = said(150, "move", streak, "sally", "place 1/2 E")
    assert res.code == 0 and "took 50 s" in res.err + res.out


# --- G-7 (b): no future times ---------------------------------------------------------------

def test_g7b_post_takes_a_time_within_the_skew_ahead_as_now(cli, said, streak, monkeypatch):
    at_now(monkeypatch, 0)
    assert cli("post", streak, "--at", t(110)).code == 0
    assert entries(streak)[-1]["at"] == t(0)                         # never later than now
    res = said(170, "move", streak, "sally", "place 1/1 A")
    assert res.code == 1 and "refused (late)" in res.err             # 170 s after the post, 60 s allowed


@pytest.mark.parametrize("command", [("move", "sally", "place 1/1 A"), ("host", "deadline")])
def test_g7b_move_and_host_take_a_time_within_the_skew_ahead_as_now(cli, streak, command):
    assert cli(command[0], streak, *command[1:], "--at", t(100)).code == 0
    assert entries(streak)[-1]["at"] == NOW


@pytest.mark.parametrize("command", [("move", "sally", "place 1/1 A"), ("host", "deadline"), ("post",)])
def test_g7b_a_time_beyond_the_skew_is_refused_and_nothing_written(cli, streak, command):
    before = streak.read_bytes()
    res = cli(command[0], streak, *command[1:], "--at", t(121))
    assert res.code == 2 and "later than now" in res.err
    assert streak.read_bytes() == before


def test_g7b_replay_and_check_flag_a_recorded_post_dated_2099(cli, write):
    data = dice_match([("roll", 1, 2, 3)])
    data["rules"]["params"] = {"time_control": {"turn_seconds": 60, "reserve_seconds": 300}}
    data["entries"][0]["at"] = t(-300)
    data["entries"].append({"seq": 2, "at": "2099-01-01T00:00:00Z", "type": "host", "host": {"action": "posted"}})
    data["entries"].append({"seq": 3, "at": t(-200), "type": "move", "player": "bernd", "move": {"reroll": []}})
    path = write(data)
    result = replay_json(cli, path)
    assert [(f["seq"], f["code"]) for f in result["flagged"]] == [(2, "future-time")]
    assert "2099" not in json.dumps(result["board"]) and "2099" not in json.dumps(result.get("clock"))
    # the move was timed from the roll, not from 2099: 100 s, 40 s of it off the reserve
    assert result["clock"]["reserve"]["bernd"] == 260
    res = cli("check", path)
    assert res.code == 1 and "future-time" in res.out


def test_g7b_a_future_move_still_stands_untimed(cli, write):
    """The time is what is flagged: the entry takes effect, timing nothing (G-7 b)."""
    data = dice_match([("roll", 1, 2, 3)])
    data["rules"]["params"] = {"time_control": {"turn_seconds": 60, "reserve_seconds": 300}}
    data["entries"][0]["at"] = t(-300)
    data["entries"].append({"seq": 2, "at": "2099-01-01T00:00:00Z", "type": "move", "player": "bernd",
                            "move": {"reroll": []}})
    result = replay_json(cli, write(data))
    assert [(f["seq"], f["code"]) for f in result["flagged"]] == [(2, "future-time")]
    assert result["to_act"] == []                  # red's set-up roll is due: bernd's keep took effect
    assert result["clock"]["reserve"]["bernd"] == 300


# --- G-7 (c): time order only where a clock runs; host entries never ----------------------

def test_g7c_a_host_forfeit_stamped_before_the_last_move_ends_the_match(cli, write):
    data = dice_match([("roll", 1, 2, 3)])
    data["rules"]["params"] = {"time_control": {"turn_seconds": 60, "reserve_seconds": 300}}
    data["entries"][0]["at"] = t(-300)
    data["entries"].append({"seq": 2, "at": t(-290), "type": "move", "player": "bernd", "move": {"reroll": []}})
    path = write(data)
    res = cli("host", path, "forfeit", "anna", "--at", t(-295))
    assert res.code == 0, res.err
    result = replay_json(cli, path)
    assert result["flagged"] == [] and result["status"] == "finished" and result["winner"] == "bernd"


def test_g7c_a_hand_written_host_entry_is_never_flagged_for_its_time(cli, write):
    data = dice_match([("roll", 1, 2, 3)])
    data["rules"]["params"] = {"time_control": {"turn_seconds": 60, "reserve_seconds": 300}}
    data["entries"][0]["at"] = t(-300)
    data["entries"].append({"seq": 2, "at": t(-290), "type": "move", "player": "bernd", "move": {"reroll": []}})
    data["entries"].append({"seq": 3, "at": t(-1000), "type": "host", "host": {"action": "forfeit", "player": "anna"}})
    result = replay_json(cli, write(data))
    assert result["flagged"] == [] and result["winner"] == "bernd"


def test_g7c_with_the_clock_off_posts_out_of_time_order_are_taken(cli, tmp_path):
    path = tmp_path / "dice.json"
    assert cli("new", "dice-tug-of-war", "-p", "bernd=Bernd:yellow", "-p", "anna=Anna:red", "--no-seed",
               "--param", "time_control.turn_seconds=60", "--param", "time_control.reserve_seconds=300",
               "-o", path).code == 0
    assert cli("host", path, "clock", "off").code == 0
    assert cli("roll", path, "--values", "1", "2", "3", "--at", t(-100)).code == 0
    assert cli("move", path, "bernd", "keep", "--at", t(-50)).code == 0
    assert cli("roll", path, "--values", "2", "2", "5", "--at", t(-200)).code == 0   # pasted out of order
    res = cli("move", path, "anna", "keep", "--at", t(-150))
    assert res.code == 0, res.err
    result = replay_json(cli, path)
    assert result["flagged"] == [] and result["board"]["column"]["anna"] == [2, 2, 5]


def test_g7c_a_paste_block_out_of_time_order_is_taken_where_no_clock_runs(cli, tmp_path):
    path = tmp_path / "dice.json"
    assert cli("new", "dice-tug-of-war", "-p", "bernd=Bernd:yellow", "-p", "anna=Anna:red", "--untimed",
               "--no-seed", "-o", path).code == 0
    posts = tmp_path / "posts.txt"
    posts.write_text("Dice Maiden APP — Today at 11:30 AM\nBernd Roll: [3, 1, 6] Result: 10\n"
                     "Bernd — Today at 11:40 AM\nkeep\n"
                     "Dice Maiden APP — Today at 11:35 AM\nAnna Roll: [2, 2, 5] Result: 9\n"
                     "Anna — Today at 11:36 AM\nkeep\n", encoding="utf-8")
    res = cli("paste", path, posts, "--dice-bot", "Dice Maiden")
    assert res.code == 0, res.err
    assert len(entries(path)) == 4
    assert replay_json(cli, path)["flagged"] == []


def test_g7c_while_a_clock_runs_an_entry_before_the_last_is_still_flagged(cli, write):
    data = dice_match([("roll", 1, 2, 3)])
    data["rules"]["params"] = {"time_control": {"turn_seconds": 60, "reserve_seconds": 300}}
    data["entries"][0]["at"] = t(-300)
    data["entries"].append({"seq": 2, "at": t(-400), "type": "move", "player": "bernd", "move": {"reroll": []}})
    result = replay_json(cli, write(data))
    assert [(f["seq"], f["code"]) for f in result["flagged"]] == [(2, "time-order")]


# --- G-7 (d): flagged submissions replace nothing --------------------------------------------

def test_g7d_a_late_resubmission_leaves_the_in_time_one_standing(cli, said, streak):
    said(0, "post", streak)
    assert said(10, "move", streak, "sally", "place 3/3 C").code == 0
    res = said(80, "move", streak, "sally", "place 5/5 A")           # late: refused, saying the earlier one stands
    assert res.code == 1 and "refused (late)" in res.err and "the earlier submission stands" in res.err
    res = said(80, "move", streak, "sally", "place 5/5 A", "--record-illegal")
    assert "came late and replaces nothing: the earlier submission stands" in res.err
    assert said(30, "move", streak, "maddie", "place 1/1 D").code == 0   # posted in time: the phase resolves
    result = replay_json(cli, streak)
    assert [(f["seq"], f["code"]) for f in result["flagged"]] == [(3, "late")]
    locations = result["board"]["locations"]
    assert "3/3" in json.dumps(locations["C"]) and "5/5" not in json.dumps(locations["A"])


def test_g7d_an_illegal_resubmission_leaves_the_earlier_one_standing(cli, streak):
    assert cli("move", streak, "sally", "place 3/3 C").code == 0
    res = cli("move", streak, "sally", "--json", '{"phase": "placement", "turn": 1, "troop": "9/9", "location": "A"}',
              "--record-illegal")
    assert "FLAGGED" in res.out
    assert cli("move", streak, "maddie", "place 1/1 C").code == 0
    board = replay_json(cli, streak)["board"]
    assert "3/3" in json.dumps(board["locations"]["C"])


# --- G-8 (amended): a flagged chance entry counts as no draw ----------------------------------

def seeded_dice(cli, tmp_path, name):
    path = tmp_path / f"{name}.json"
    assert cli("new", "dice-tug-of-war", "-p", "bernd=Bernd:yellow", "-p", "anna=Anna:red", "--id", "same",
               "-o", path).code == 0
    return path


def test_g8_a_hand_written_illegal_chance_entry_moves_no_later_draw(cli, tmp_path):
    clean = seeded_dice(cli, tmp_path, "clean")
    padded = tmp_path / "padded.json"
    padded.write_bytes(clean.read_bytes())
    (tmp_path / "padded.seed").write_bytes((tmp_path / "clean.seed").read_bytes())
    for path in (clean, padded):
        for player in ("bernd", "anna"):
            assert cli("host", path, "salt", player, f"{player}-salt").code == 0
    data = json.loads(padded.read_text(encoding="utf-8"))
    data["entries"].append({"seq": 3, "type": "chance", "chance": {"dice": [1, 2]}})   # two dice: not what is due
    padded.write_text(json.dumps(data), encoding="utf-8")
    for path in (clean, padded):
        assert cli("roll", path).code == 0
    assert entries(clean)[-1]["chance"] == entries(padded)[-1]["chance"]
    res = cli("check", padded)
    assert "seq 4" not in res.out and "seed gives" not in res.out        # the roll verifies against the seed
    assert [f["seq"] for f in replay_json(cli, padded)["flagged"]] == [3]


def test_g7b_a_sealed_submission_dated_in_the_future_is_flagged_publicly_and_still_counts(cli, write):
    """The flag is about the time, which is public: it names nothing of the sealed move, and
    the submission stands, untimed (G-7 b)."""
    from helpers.winning_streak import ws_match

    outs = []
    for troop in ("1/1", "5/5"):
        data = ws_match([{"type": "move", "player": "sally", "at": "2099-01-01T00:00:00Z",
                          "move": {"phase": "placement", "turn": 1, "troop": troop, "location": "A"}}])
        path = write(data, f"m{troop[0]}.json")
        result = replay_json(cli, path)
        assert [(f["seq"], f["code"]) for f in result["flagged"]] == [(1, "future-time")]
        assert result["submitted"] == {"sally": True, "maddie": False}
        outs.append(cli("board", path).out + cli("replay", path).out)
    assert outs[0] == outs[1]
