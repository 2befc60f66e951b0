"""Clocks from timestamps (G-7): turn time, reserve in steps, lose or skip, untimed entries."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import datetime, timedelta, timezone

import pytest

from adjudicator import clock, matchfile, session, views, wording
from adjudicator.clock import ClockSettings, format_time, parse_time
from adjudicator.game import Player
from adjudicator.engine import Replay
from helpers import NOW, REPO
from helpers.matches import add, dice_match, setup_entries
from helpers.toygame import SealedBid, toy_ruleset


def at(seconds: int) -> str:
    return f"2026-11-21T20:{seconds // 60:02d}:{seconds % 60:02d}Z"


def timed_dice(entries, clock, started=0):
    """A dice match (turn-based, `lose`) with a clock switched on through rules.params."""
    data = dice_match(started=at(started))
    data["rules"]["params"] = {"time_control": clock}
    for entry, seconds in entries:
        add(data, entry)
        if seconds is not None:
            data["entries"][-1]["at"] = at(seconds)
    match = matchfile.prepare(data, None)
    return match, session.replay_match(match)


SETUP = [(e, None) for e in setup_entries([2, 4, 6], [1, 1, 1])]  # untimed set-up; anna to roll


def test_untimed_match_is_unchanged():
    match, replay = timed_dice(SETUP + [(("roll", 3, 3, 3), None), (("anna", {"attack": True}), None)],
                               {"turn_seconds": 10, "reserve_seconds": 0})
    assert replay.outcome is None and replay.clock.reserve == {"bernd": 0, "anna": 0}


def test_time_runs_from_the_previous_board_change():
    clock = {"turn_seconds": 60, "reserve_seconds": 100, "granularity_seconds": 10}
    match, replay = timed_dice(SETUP + [(("roll", 3, 3, 3), 0), (("anna", {"attack": True}), 75)], clock)
    assert replay.clock.reserve["anna"] == 80  # 15 s over, charged as 20 (steps of 10)
    assert "Anna took 1 min 15 s (1 min allowed): 20 s off the reserve, 1 min 20 s left" in wording.text(replay.game, replay.log[-1].events[0])


def test_reserve_runs_out_across_several_slow_turns_g7():
    clock = {"turn_seconds": 60, "reserve_seconds": 50, "granularity_seconds": 10}
    entries = SETUP + [(("roll", 1, 1, 1), 0), (("anna", {"attack": True}), 81),          # 30 off -> 20
                       (("roll", 1, 1, 1), 90), (("bernd", {"attack": True}), 100),
                       (("roll", 1, 1, 1), 110), (("anna", {"attack": True}), 171)]    # 10 off -> 10
    match, replay = timed_dice(entries, clock)
    assert replay.clock.reserve["anna"] == 10 and replay.outcome is None
    entries += [(("roll", 1, 1, 1), 180), (("bernd", {"attack": True}), 181),
                (("roll", 1, 1, 1), 190), (("anna", {"attack": True}), 290)]           # 40 off -> -30
    match, replay = timed_dice(entries, clock)
    assert replay.outcome.winner == "bernd"
    assert wording.result_reason(replay) == f"Anna ran out of reserve at entry {len(entries)}"
    assert match.game.public_view(replay.state)["team"]["bernd"] == 6  # two attacks of 3; the late one did not count


def test_first_turn_runs_from_started_or_is_untimed():
    from adjudicator.clock import Clock, parse_time

    settings = ClockSettings.from_params({"turn_seconds": 60})
    timed = Clock(settings, {"a": 0}, started=at(0)).charge("a", parse_time(at(90)), "")
    assert timed.used == 90 and timed.charged == 30
    assert Clock(settings, {"a": 0}, started=None).charge("a", parse_time(at(90)), "") is None


def test_clock_can_be_switched_off_per_match():
    clock = {"enabled": False, "turn_seconds": 1}
    match, replay = timed_dice(SETUP + [(("roll", 3, 3, 3), 0), (("anna", {"attack": True}), 999)], clock)
    assert replay.outcome is None and wording.text(replay.game, replay.log[-1].events[0]).startswith("Anna attacks")


def test_time_running_backwards_is_flagged_g7():
    """A hand-edited entry timed before an earlier one is flagged (G-7), as `move` refuses it,
    and changes nothing (G-1): the clock lines do not silently vanish."""
    clock = {"turn_seconds": 60}
    match, replay = timed_dice(SETUP + [(("roll", 3, 3, 3), 100), (("anna", {"attack": True}), 50)], clock)
    flag = replay.flags[-1]
    assert (flag.seq, flag.code, flag.rulings) == (len(match.entries), "time-order", ("G-7",))
    assert "earlier than entry" in wording.flag_message(flag) and at(100) in wording.flag_message(flag)
    assert match.game.public_view(replay.state)["team"]["bernd"] > 0 and replay.to_act() == ["anna"]


def test_time_order_flag_fails_check(tmp_path):
    """`check` no longer says ok about a log whose times run backwards (G-7)."""
    from adjudicator import check

    match, _ = timed_dice(SETUP + [(("roll", 3, 3, 3), 100), (("anna", {"attack": True}), 50)], {"turn_seconds": 60})
    path = tmp_path / "backwards.json"
    path.write_text(matchfile.dumps(match.data), encoding="utf-8")
    row = check.check_file(str(path))
    assert row["verdict"] == "flagged" and "time-order" in row["problems"][0]


def test_board_shows_time_allowed_deadline_and_reserves():
    clock = {"turn_seconds": 60, "reserve_seconds": 120}
    match, replay = timed_dice(SETUP + [(("roll", 3, 3, 3), 30)], clock)
    status = views.result(match, replay)["clock"]
    assert status["turn_seconds"] == 60 and status["deadline"] == at(90)
    assert status["reserve_runs_out"] == {"anna": at(210)} and status["reserve"] == {"bernd": 120, "anna": 120}
    text = views.board_text(match, replay, "text")
    assert ("Clock: 60 s to act; turn started 2026-11-21 20:00:30 UTC, deadline 2026-11-21 20:01:30 UTC (passed); "
            "reserve Bernd 120 s, Anna 120 s") in text   # NOW is the next day (G-7: the board says so)


def test_item_reserve_bonus():
    game = SealedBid(toy_ruleset(), [Player("ann", "Ann", "north", ("double",)), Player("bob", "Bob", "south")])
    game.ruleset.data["items"]["double"]["reserve_bonus_seconds"] = 120
    game.params = dict(game.params, time_control={"turn_seconds": 60, "reserve_seconds": 300})
    assert Replay(game).clock.reserve == {"ann": 420, "bob": 300}


def skip_replay():
    game = SealedBid(toy_ruleset(), [Player("ann", "Ann", "north"), Player("bob", "Bob", "south")],
                     {"started": at(0)})
    game.params = dict(game.params, time_control={"turn_seconds": 60, "on_expiry": "skip"})
    replay = Replay(game)
    seq = iter(range(1, 100))
    replay.step({"seq": next(seq), "type": "chance", "chance": {"dice": [2, 4]}, "at": at(0)})
    return replay, lambda **e: replay.step({"seq": next(seq), "type": "move", **e})


def test_late_sealed_submission_counts_as_empty_g7():
    replay, move = skip_replay()
    move(player="ann", move={"bid": 5}, at=at(10))
    late = move(player="bob", move={"bid": 4}, at=at(75))
    assert late.flag.code == "late" and late.flag.rulings == ("G-7",)
    assert replay.state.history[-1] == {"ann": 5, "bob": 0}  # bob did nothing; the phase resolved
    assert [f.seq for f in replay.flags] == [3]


def test_g7d_late_resubmission_replaces_nothing_the_timely_one_stands():
    """G-7 (d), amended 2026-12-07: a flagged submission replaces nothing (G-1 with G-3)."""
    replay, move = skip_replay()
    move(player="bob", move={"bid": 4}, at=at(10))
    late = move(player="bob", move={"bid": 5}, at=at(70))   # late: the bid of 4 stands
    assert late.flag.code == "late" and late.expired and late.flag.refused.fields["kept"]
    assert replay.sealed == {"bob": {"bid": 4}}
    replay.step({"seq": replay.last_seq + 1, "type": "host", "host": {"action": "deadline"}, "at": at(75)})
    assert replay.state.history[-1]["bob"] == 4


def test_g7d_late_resubmission_still_lets_the_phase_resolve_when_both_are_in():
    """G-7 (d): the phase resolves when both have submitted in time, whatever came late after."""
    replay, move = skip_replay()
    move(player="bob", move={"bid": 4}, at=at(10))
    move(player="bob", move={"bid": 5}, at=at(70))
    done = move(player="ann", move={"bid": 3}, at=at(20))
    assert replay.state.history[-1] == {"ann": 3, "bob": 4}
    assert done.flag is None


def test_late_submission_reveals_nothing_before_resolution():
    replay, move = skip_replay()
    late = move(player="bob", move={"bid": 4}, at=at(75))
    assert late.sealed and views.flag_view(late, None)["code"] == "sealed"
    assert views.entry_view(late)["summary"] == "sealed submission"


def test_next_phase_clock_starts_at_the_resolving_entry():
    replay, move = skip_replay()
    move(player="ann", move={"bid": 1}, at=at(10))
    move(player="bob", move={"bid": 2}, at=at(50))       # resolves round 1 at 50
    ok = move(player="ann", move={"bid": 1}, at=at(105))  # 55 s into round 2: in time
    assert ok.flag is None


def test_cli_refuses_an_entry_timed_before_the_last_while_a_clock_runs(cli, write):
    data = dice_match([("roll", 1, 2, 3)])
    data["rules"]["params"] = {"time_control": {"turn_seconds": 90, "reserve_seconds": 300}}
    data["entries"][0]["at"] = "2026-11-21T20:14:05Z"
    path = write(data)
    res = cli("move", path, "bernd", "keep", "--at", "2026-11-21T20:00:00Z")
    assert res.code == 2 and "earlier than entry 1" in res.err


def test_g7c_cli_takes_an_entry_out_of_time_order_where_no_clock_runs(cli, write):
    """G-7 (c), amended 2026-12-07: time order matters only to timing."""
    data = dice_match([("roll", 1, 2, 3)])
    data["entries"][0]["at"] = "2026-11-21T20:14:05Z"
    path = write(data)
    res = cli("move", path, "bernd", "keep", "--at", "2026-11-21T20:00:00Z")
    assert res.code == 0, res.err


def test_settings_defaults():
    settings = ClockSettings.from_params(None)
    assert settings.limit("") is None and settings.on_expiry == "lose"
    assert ClockSettings.from_params({"turn_seconds": 60, "kind_seconds": {"relocation": 120}}).limit("relocation") == 120


def test_new_can_switch_the_clock_off_or_on(cli, tmp_path):
    out = tmp_path / "m.json"
    res = cli("new", "dice-tug-of-war", "-p", "a=A:yellow", "-p", "b=B:red", "--param", "time_control.turn_seconds=90",
              "--param", "time_control.reserve_seconds=300", "--no-seed", "-o", out)
    assert res.code == 0, res.err
    assert json.loads(out.read_text())["rules"]["params"] == {"time_control": {"turn_seconds": 90, "reserve_seconds": 300}}
    res = cli("new", "dice-tug-of-war", "-p", "a=A:yellow", "-p", "b=B:red", "--param", "time_control.enabled=false")
    assert json.loads(res.out)["rules"]["params"] == {"time_control": {"enabled": False}}
    res = cli("new", "dice-tug-of-war", "-p", "a=A:yellow", "-p", "b=B:red", "--param", "time_control.turn_secs=5")
    assert res.code == 2 and "did you mean 'turn_seconds'" in res.err


def arrowbic(items_maddie, maddie_at):
    data = {"format": "adjudicator-match/1", "id": "t", "rules": {"ruleset": "arrowbic"}, "started": at(0),
            "players": [{"id": "sally", "side": "red"}, {"id": "maddie", "side": "blue", "items": items_maddie}],
            "entries": [{"seq": 1, "type": "move", "player": "sally", "move": {"place": "E1", "arrow": "up"},
                         "at": at(30)},
                        {"seq": 2, "type": "move", "player": "maddie", "move": {"place": "E9", "arrow": "down"},
                         "at": at(maddie_at)}]}
    match = matchfile.prepare(data, None)
    return session.replay_match(match)


def test_arrowbic_loss_on_time_without_reserve_item_ax9():
    replay = arrowbic([], 30 + 60 + 301)  # 301 s over a 300 s reserve
    assert replay.outcome.winner == "sally" and wording.result_reason(replay) == "maddie ran out of reserve at entry 2"


def test_arrowbic_reserve_item_adds_120_seconds_ax8():
    replay = arrowbic(["reserve"], 30 + 60 + 301)
    assert replay.outcome is None and replay.clock.reserve["maddie"] == 420 - 301


def prepared(ruleset, entries=(), **header):
    data = {"format": "adjudicator-match/1", "id": "t", "rules": {"ruleset": ruleset}, "started": at(0),
            "players": [{"id": "sally", "side": "red"}, {"id": "maddie", "side": "blue"}], "entries": []}
    data.update(header)
    for entry in entries:
        add(data, entry)
    return matchfile.prepare(data, None)


def test_tug_of_war_reserve_runs_out_over_slow_turns_in_10_s_steps_tw19():
    """v1: 150 s a turn, 600 s reserve in 10 s steps. Maddie takes 245 s a turn: 95 s over,
    charged 100 s, so her reserve goes 500, 400, … and the seventh slow turn loses."""
    match = prepared("tug-of-war-v1", first="sally")
    replay = session.new_replay(match)
    clock, seq, slow_turns = 0, 0, 0
    while replay.outcome is None and seq < 200:
        player = replay.to_act()[0]
        move = next(iter(replay.legal_moves(player)))[0]
        clock += 245 if player == "maddie" else 10
        seq += 1
        log = replay.step({"seq": seq, "type": "move", "player": player, "move": move, "at": at(clock)})
        assert log.flag is None
        if player == "maddie":
            slow_turns += 1
            if slow_turns == 1:
                assert replay.clock.reserve["maddie"] == 500
    assert slow_turns == 7 and replay.outcome.winner == "sally"
    assert wording.result_reason(replay) == f"maddie ran out of reserve at entry {seq}"


def test_winning_streak_late_placement_counts_as_missing_ws8():
    match = prepared("winning-streak", [
        {"type": "move", "player": "sally", "move": {"phase": "placement", "turn": 1, "troop": "5/5", "location": "A"},
         "at": at(30)},
        {"type": "move", "player": "maddie", "move": {"phase": "placement", "turn": 1, "troop": "1/1", "location": "A"},
         "at": at(75)}])  # placement turns are 60 s
    replay = session.replay_match(match)
    assert [(f.seq, f.code) for f in replay.flags] == [(2, "late")]
    board = match.game.public_view(replay.state)
    assert board["turn"] == 2 and "1/1" in str(board["reserve"]["maddie"]) and "5/5" not in str(board["reserve"]["sally"])


def test_track_trouble_crossing_with_one_late_player_tt8():
    match = prepared("track-trouble")
    replay = session.new_replay(match)
    game = match.game
    on_time = game.complete_move(replay.state, "sally", game.parse_move("1 T1"))
    late = game.complete_move(replay.state, "maddie", game.parse_move("1 T1"))
    replay.step({"seq": 1, "type": "move", "player": "sally", "move": on_time, "at": at(100)})
    log = replay.step({"seq": 2, "type": "move", "player": "maddie", "move": late, "at": at(200)})  # 180 s limit
    assert log.flag.code == "late"
    board = game.public_view(replay.state)
    assert board["crossing"] == 2 and board["points"]["maddie"] == 0 and board["points"]["sally"] > 0


def test_lateness_belongs_to_one_submission_g7():
    """G-7 (amended): a late submission costs its phase only; the player's next submission is
    timed afresh from its own phase's start, not refused for a reserve run down for good."""
    replay, move = skip_replay()
    move(player="ann", move={"bid": 1}, at=at(10))
    late = move(player="bob", move={"bid": 4}, at=at(120))      # 120 s into a 60 s phase: late
    assert late.flag.code == "late"
    ann = move(player="ann", move={"bid": 2}, at=at(123))
    bob = move(player="bob", move={"bid": 3}, at=at(125))       # 5 s into phase 2: in time
    assert ann.flag is None and bob.flag is None
    assert replay.state.history[-1] == {"ann": 2, "bob": 3}
    assert replay.clock.reserve == {"ann": 0, "bob": 0}


def test_lateness_belongs_to_one_submission_cli_g7(cli, tmp_path):
    """The issue's Winning Streak run: b's late placement in turn 1 does not doom turn 2 (G-7, WS-8)."""
    path = tmp_path / "r.json"
    assert cli("new", "winning-streak", "--player", "a=A:red", "--player", "b=B:blue",
               "--started", "2026-01-01T00:00:00Z", "-o", path).code == 0
    assert cli("move", path, "a", "place", "1/1", "A", "--at", "2026-01-01T00:00:10Z").code == 0
    assert cli("move", path, "b", "place", "1/1", "A", "--at", "2026-01-01T00:02:00Z", "--record-illegal").code == 0
    assert cli("move", path, "a", "place", "2/2", "B", "--at", "2026-01-01T00:02:03Z").code == 0
    res = cli("move", path, "b", "place", "2/2", "B", "--at", "2026-01-01T00:02:05Z")
    assert res.code == 0, res.err
    assert cli("board", path, "--format", "json").json["clock"]["reserve"] == {"a": 0, "b": 0}


def test_late_submission_that_closes_a_phase_is_narrated(cli, tmp_path):
    """Replay shows the resolution a late (recorded) submission caused, not only its flag."""
    path = tmp_path / "r.json"
    cli("new", "winning-streak", "--player", "a=A:red", "--player", "b=B:blue",
        "--started", "2026-01-01T00:00:00Z", "-o", path)
    cli("move", path, "a", "place", "1/1", "A", "--at", "2026-01-01T00:00:10Z")
    cli("move", path, "b", "place", "1/1", "A", "--at", "2026-01-01T00:02:00Z", "--record-illegal")
    text = cli("replay", path).out
    entry = text.split("#2")[1].split("#3")[0] if "#3" in text else text.split("#2")[1]
    assert "FLAGGED late" in entry and "A places 1/1 at A" in entry

# --- Now: ADJUDICATOR_NOW, else the wall clock -------------------------------------------

@pytest.mark.parametrize("start", ["2031-06-01T12:00:00Z", "2019-03-04T05:06:07Z"])
def test_stamps_and_turn_times_come_from_adjudicator_now_in_any_year(cli, tmp_path, monkeypatch, start):
    """Years after today or years before it, `roll`, `move` and `host` without --at stamp
    ADJUDICATOR_NOW, and the clock times turns from those stamps: nothing depends on the date."""
    def after(seconds: int) -> str:
        return format_time(parse_time(start) + timedelta(seconds=seconds))

    path = tmp_path / "m.json"
    res = cli("new", "dice-tug-of-war", "-p", "bernd=Bernd:yellow", "-p", "anna=Anna:red", "--started", start,
              "--param", "time_control.turn_seconds=60", "--param", "time_control.reserve_seconds=100", "-o", path)
    assert res.code == 0, res.err
    for seconds, command in ((10, ("roll", path, "--without-salts")), (85, ("move", path, "bernd", "keep")), (90, ("host", path, "draw"))):
        monkeypatch.setenv("ADJUDICATOR_NOW", after(seconds))
        res = cli(*command)
        assert res.code == 0, (command, res.err)
    entries = json.loads(path.read_text())["entries"]
    assert [e["at"] for e in entries] == [after(10), after(85), after(90)]
    replay = session.replay_match(matchfile.load(path))
    assert "Bernd took 1 min 15 s (1 min allowed): 15 s off the reserve, 1 min 25 s left" in [wording.text(replay.game, e) for e in replay.log[1].events]
    assert replay.outcome.winner is None


STAMPING = {"roll": ([], ("--values", "1", "2", "3")), "move": ([("roll", 1, 2, 3)], ("bernd", "keep")),
            "host": ([], ("draw",))}


@pytest.mark.parametrize("value", ["noon", "2031-13-01T00:00:00Z", "21/11/2026 20:14", "2031-06-01", "2031-06-01T12:00:00"])
@pytest.mark.parametrize("command", sorted(STAMPING))
def test_a_malformed_adjudicator_now_is_exit_2_in_one_sentence(cli, write, monkeypatch, command, value):
    """A bad ADJUDICATOR_NOW is the user's input error: exit 2, one sentence naming the
    variable and its value, and nothing written."""
    entries, args = STAMPING[command]
    path = write(dice_match(entries))
    before = path.read_bytes()
    monkeypatch.setenv("ADJUDICATOR_NOW", value)
    res = cli(command, path, *args)
    assert res.code == 2 and res.out == "", res.err
    assert res.err.startswith(f"adjudicator: ADJUDICATOR_NOW: '{value}' ") and res.err.count("\n") == 1, res.err
    assert res.err.rstrip().endswith(".")
    assert path.read_bytes() == before


def test_without_adjudicator_now_it_is_the_wall_clock(monkeypatch):
    """Unset, now is the wall clock in UTC (between two readings of it, however slow)."""
    monkeypatch.delenv("ADJUDICATOR_NOW")
    before = datetime.now(timezone.utc)
    got = clock.now()
    assert before <= got <= datetime.now(timezone.utc) and got.utcoffset() == timedelta(0)


def test_a_process_a_test_starts_stamps_the_fixed_now(write):
    """conftest's ADJUDICATOR_NOW is in the environment, so the CLI run as a process (as
    some tests and the benchmarks run it) stamps it too."""
    path = write(dice_match())
    proc = subprocess.run([sys.executable, "-m", "adjudicator", "roll", str(path), "--values", "1", "2", "3"],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(path.read_text())["entries"][-1]["at"] == NOW


def test_the_fixed_now_is_after_every_time_in_the_examples():
    """A test that appends to a copy of an example without --at stamps NOW: it must not be
    earlier than the example's entries (check_time_order would refuse it)."""
    times = []
    for path in (REPO / "matches").glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        times += [parse_time(t) for t in [data.get("started"), *(e.get("at") for e in data["entries"])] if t]
    assert times and max(times) <= parse_time(NOW)


# --- Clocks at forum pace (G-7, amended 2026-11-26) ---------------------------

def tw2_new(cli, tmp_path, *extra):
    """A timed Zero's Tug of War v2 match (120 s a turn, 600 s reserve), its first board posted at 09:00."""
    path = tmp_path / "tw2.json"
    res = cli("new", "tug-of-war-v2", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue",
              "--started", "2026-11-21T09:00:00Z", "-o", path, *extra)
    assert res.code == 0, res.err
    return path, res


def test_new_says_how_the_match_is_timed_g7(cli, tmp_path):
    path, res = tw2_new(cli, tmp_path)
    assert "timed: 2:00 a turn, 10:00 reserve; running out loses" in res.out
    assert "--untimed" in res.out and f"host {path.name} clock off" in res.out
    res = cli("new", "winning-streak", "-p", "a=A:red", "-p", "b=B:blue", "-o", tmp_path / "ws.json")
    assert "timed: 1:00 a placement, 2:00 a relocation; a late submission counts as empty" in res.out
    res = cli("new", "winning-streak", "-p", "a=A:red", "-p", "b=B:blue", "--untimed", "-o", tmp_path / "u.json")
    assert "untimed: nobody loses or is late on time" in res.out and "clock on" in res.out


def test_a_forum_pace_gap_never_ends_a_match_through_move_g7(cli, tmp_path):
    """Three hours after the board: refused (exit 1), nothing written, with when the reserve
    ran out, how long the post took, and the host's two ways on."""
    path, _ = tw2_new(cli, tmp_path)
    before = path.read_bytes()
    res = cli("move", path, "sally", "rope 1", "--at", "2026-11-21T12:10:00Z")
    assert res.code == 1 and "refused (out-of-time)" in res.err
    assert "3 h 10 min after the turn started (2026-11-21T09:00:00Z)" in res.err
    assert "ran out at 2026-11-21T09:12:00Z" in res.err
    assert "host tw2.json timeout sally" in res.err and "host tw2.json clock off" in res.err
    assert path.read_bytes() == before
    assert cli("move", path, "sally", "rope 1", "--at", "2026-11-21T12:10:00Z", "--record-illegal").code == 1
    assert path.read_bytes() == before    # a loss on time is written only by the host's timeout


def test_the_host_timeout_writes_the_loss_g4_g7(cli, tmp_path):
    path, _ = tw2_new(cli, tmp_path)
    assert cli("host", path, "timeout", "sally", "--at", "2026-11-21T12:10:00Z").code == 0
    board = cli("board", path, "--format", "json").json
    assert board["winner"] == "maddie"


def test_clock_off_then_a_gap_of_days_g7(cli, tmp_path, monkeypatch):
    """The host switches the clock off now, after the refusal, and enters the older posts with
    their own times: clock-off takes effect at its place in the log, whenever it was typed."""
    path, _ = tw2_new(cli, tmp_path)
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-25T08:00:00Z")
    off = cli("host", path, "clock", "off", "--reason", "forum pace")
    assert off.code == 0 and "switched the clock off" in off.out
    assert cli("move", path, "sally", "rope 1", "--at", "2026-11-21T12:10:00Z").code == 0
    assert cli("move", path, "maddie", "race 1", "--at", "2026-11-23T22:00:00Z").code == 0
    board = cli("board", path, "--format", "json").json
    assert board["winner"] is None and board["clock"]["untimed_since"] == 1
    assert "deadline" not in board["clock"] and board["clock"]["reserve"] == {"sally": 600, "maddie": 600}
    assert "untimed since entry 1" in cli("board", path).out
    assert "Untimed since entry 1." in cli("post", path, "--dry-run").out


def test_clock_on_again_times_from_the_switch_g7(cli, tmp_path, monkeypatch):
    path, _ = tw2_new(cli, tmp_path)
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-25T08:00:00Z")
    assert cli("host", path, "clock", "off").code == 0
    assert cli("move", path, "sally", "rope 1", "--at", "2026-11-22T10:00:00Z").code == 0
    assert cli("host", path, "clock", "on", "--at", "2026-11-24T10:00:00Z").code == 0
    board = cli("board", path, "--format", "json").json
    assert board["clock"]["turn_started"] == "2026-11-24T10:00:00Z"
    assert board["clock"]["deadline"] == "2026-11-24T10:02:00Z" and board["clock"]["past_deadline"]
    took = cli("move", path, "maddie", "race 1", "--at", "2026-11-24T10:02:30Z")   # 30 s over: off the reserve
    assert took.code == 0 and "Maddie took 2 min 30 s (2 min allowed): 30 s off the reserve, 9 min 30 s left" in took.out


@pytest.mark.parametrize("state, setup, message", [
    ("off", ["clock", "off"], "already off (since entry 1)"),
    ("on", [], "already on"),
])
def test_a_clock_switch_that_changes_nothing_is_refused(cli, tmp_path, state, setup, message):
    path, _ = tw2_new(cli, tmp_path)
    if setup:
        assert cli("host", path, *setup).code == 0
    before = path.read_bytes()
    res = cli("host", path, "clock", state)
    assert res.code == 1 and message in res.err and path.read_bytes() == before


def test_clock_on_without_a_time_limit_is_refused(cli, tmp_path):
    path = tmp_path / "d.json"
    assert cli("new", "dice-tug-of-war", "-p", "a=A:yellow", "-p", "b=B:red", "-o", path).code == 0
    res = cli("host", path, "clock", "on")
    assert res.code == 1 and "no time limit" in res.err
    assert cli("host", path, "clock", "sideways").code == 2


def test_an_untimed_match_can_be_switched_on(cli, tmp_path):
    path, _ = tw2_new(cli, tmp_path, "--untimed")
    assert cli("host", path, "clock", "on", "--at", "2026-11-21T10:00:00Z").code == 0
    res = cli("move", path, "sally", "rope 1", "--at", "2026-11-21T10:01:00Z")
    assert res.code == 0 and "Sally took 1 min (2 min allowed)" in res.out


@pytest.mark.parametrize("command", [["move", "sally", "rope 1"], ["host", "draw"], ["host", "clock", "off"]])
def test_a_time_later_than_now_is_refused_with_both_times_g7(cli, tmp_path, command):
    """A year typo is not a post made a year ahead: refused (exit 2) with the time read and now."""
    path, _ = tw2_new(cli, tmp_path)
    before = path.read_bytes()
    res = cli(*command[:1], path, *command[1:], "--at", "2027-11-22T12:00:30Z")
    assert res.code == 2 and "later than now" in res.err and "2027-11-22T12:00:30Z" in res.err
    assert NOW in res.err and path.read_bytes() == before


def test_a_time_within_the_skew_is_accepted_g7(cli, tmp_path, monkeypatch):
    path, _ = tw2_new(cli, tmp_path)
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T09:00:30Z")
    assert cli("move", path, "sally", "rope 1", "--at", "2026-11-21T09:02:00Z").code == 0


def test_paste_of_forum_posts_into_a_timed_match_writes_nothing_g7(cli, tmp_path, monkeypatch):
    path, _ = tw2_new(cli, tmp_path)
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-22T12:00:00Z")
    posts = tmp_path / "posts.txt"
    posts.write_text("2026-11-21 11:00 sally: rope 1\n2026-11-21 15:00 maddie: race 1\n", encoding="utf-8")
    before = path.read_bytes()
    res = cli("paste", path, posts)
    assert res.code == 1 and "out-of-time" in res.err and "clock off" in res.err
    assert path.read_bytes() == before
    assert cli("host", path, "clock", "off").code == 0
    assert cli("paste", path, posts).code == 0
    assert cli("board", path, "--format", "json").json["winner"] is None


# --- Time runs from the post of the board (G-7, amended) ---------------------------------

def ws_timed(cli, tmp_path):
    path = tmp_path / "ws.json"
    assert cli("new", "winning-streak", "-p", "sally=Sally:red", "-p", "bernd=Bernd:blue",
               "--started", "2026-11-26T09:00:00Z", "-o", path).code == 0
    return path


def test_time_runs_from_the_post_of_the_board_g7(cli, tmp_path, monkeypatch):
    """Winning Streak's seed: "the timer begins as soon as the new board is posted". Turn 1's
    submissions at 09:00:20 and 09:00:40, `post` at 09:02:00: the post's deadline is 09:03:00
    (60 s from the post), and a submission at 09:02:30 is in time."""
    path = ws_timed(cli, tmp_path)
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-26T09:02:00Z")
    assert cli("move", path, "sally", "place", "5/5", "A", "--at", "2026-11-26T09:00:20Z").code == 0
    assert cli("move", path, "bernd", "place", "5/5", "A", "--at", "2026-11-26T09:00:40Z").code == 0
    post = cli("post", path, "--format", "json")
    assert post.code == 0 and post.json["deadline"] == "2026-11-26T09:03:00Z"
    assert post.json["posted"]["seq"] == 3 and "entry 3 records when the board was posted" in post.err
    entry = json.loads(path.read_text())["entries"][-1]
    links = {key: entry.pop(key) for key in ("prev", "hash")}   # linked into the audited log (G-9)
    assert set(links) == {"prev", "hash"} and links["prev"] == json.loads(path.read_text())["entries"][-2]["hash"]
    assert entry == {"seq": 3, "at": "2026-11-26T09:02:00Z", "type": "host", "host": {"action": "posted"}}
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-26T09:05:00Z")
    assert cli("move", path, "sally", "place", "4/5", "B", "--at", "2026-11-26T09:02:30Z").code == 0
    board = cli("board", path, "--format", "json").json
    assert board["clock"]["deadline"] == "2026-11-26T09:03:00Z" and board["clock"]["past_deadline"]
    assert "(passed)" in cli("board", path).out
    late = cli("move", path, "bernd", "place", "4/5", "B", "--at", "2026-11-26T09:03:10Z")
    assert late.code == 1 and "refused (late)" in late.err and "past its deadline" in late.err
    assert f"host {path.name} deadline" in late.err
    assert cli("host", path, "deadline").code == 0


def test_a_post_before_the_opening_entry_does_not_move_the_start_g7():
    """The later of the post and the entry that opened the turn: a post made before a move
    that changes the board leaves that move's time as the start."""
    _, replay = timed_dice(SETUP + [(("roll", 3, 3, 3), 0)], {"turn_seconds": 60, "reserve_seconds": 0})
    replay.step({"seq": replay.last_seq + 1, "type": "host", "host": {"action": "posted"}, "at": at(30)})
    assert replay.clock.turn_started == parse_time(at(30))
    late = replay.step({"seq": replay.last_seq + 1, "type": "move", "player": "anna", "move": {"attack": True},
                        "at": at(85)})
    assert late.flag is None and replay.outcome is None   # 55 s after the post, not 85 s after the roll


def test_the_post_entry_is_not_retold_in_the_next_post(cli, tmp_path, monkeypatch):
    path = ws_timed(cli, tmp_path)
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-26T09:00:10Z")
    assert cli("post", path).code == 0
    assert json.loads(path.read_text())["entries"][0]["host"] == {"action": "posted"}
    assert cli("move", path, "sally", "place", "5/5", "A", "--at", "2026-11-26T09:00:20Z").code == 0
    again = cli("post", path, "--format", "json").json
    assert [e["seq"] for e in again["entries"]] == [2] and "board posted" not in cli("post", path, "--again").out


def test_an_untimed_or_finished_match_records_no_post_entry(cli, tmp_path):
    path, _ = tw2_new(cli, tmp_path, "--untimed")
    assert cli("post", path).code == 0
    assert json.loads(path.read_text())["entries"] == []


def test_board_posted_and_clock_entries_do_not_open_the_match_g6():
    """A host's clock entries change no board: the opening pick of who starts is still allowed after them."""
    data = {"format": "adjudicator-match/1", "id": "pick", "rules": {"ruleset": "tug-of-war-v2"},
            "started": "2026-11-21T09:00:00Z",
            "players": [{"id": "sally", "side": "red"}, {"id": "maddie", "side": "blue"}], "entries": []}
    add(data, {"type": "host", "host": {"action": "posted"}, "at": "2026-11-21T09:00:30Z"})
    add(data, {"type": "host", "host": {"action": "clock-off"}})
    add(data, {"type": "chance", "chance": {"pick": "maddie"}})
    match = matchfile.prepare(data, None)
    replay = session.replay_match(match)
    assert not replay.flags and replay.to_act() == ["maddie"]


def test_an_answer_timed_before_the_post_of_the_board_is_in_time_g7(cli, tmp_path, monkeypatch):
    """A player may answer a move seen in the thread before the host posts the board: the
    post's entry orders nothing, and time before it costs nothing."""
    path, _ = tw2_new(cli, tmp_path)
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T09:05:00Z")
    assert cli("move", path, "sally", "rope 1", "--at", "2026-11-21T09:01:00Z").code == 0
    assert cli("post", path).code == 0                                          # posted at 09:05
    res = cli("move", path, "maddie", "race 1", "--at", "2026-11-21T09:02:00Z")
    assert res.code == 0 and "Maddie took 0 s (2 min allowed)" in res.out
    assert cli("check", path).code == 0


def test_a_time_is_rfc3339_checked_then_parsed_once_with_the_same_reading():
    """is_rfc3339 keeps its reading of the stamped time it checked for parse_time, which
    replay asks next: the same value as a fresh reading, and never the answer for another text."""
    stamped, other = "2026-11-21T20:14:05Z", "2026-11-21T20:14:06Z"
    assert clock.is_rfc3339(stamped)
    assert parse_time(stamped) == datetime(2026, 11, 21, 20, 14, 5, tzinfo=timezone.utc)
    assert clock.is_rfc3339(stamped)
    assert parse_time(other) == datetime(2026, 11, 21, 20, 14, 6, tzinfo=timezone.utc)
    assert not clock.is_rfc3339("2026-02-29T20:14:05Z")   # no such day: nothing kept
    assert parse_time("2026-11-21T22:14:05+02:00") == parse_time(stamped)
