"""TT-9: the Hidden Value has its own 3 minutes from the start of the round (the phase start
of crossing 1, G-7). One entered later is late: flagged `late`, the destination keeps its
value and the item is not spent. The limit is data: `time_control.kind_seconds.hidden-value`."""

from __future__ import annotations

import json

import pytest

from adjudicator import rulesets, session, views, wording
from helpers.matches import flags, replayed
from helpers.track_trouble import tt_match


def at(seconds: int) -> str:
    return f"2026-11-21T20:{seconds // 60:02d}:{seconds % 60:02d}Z"


def hidden(destination: str = "N2", value: int = 1, round_: int = 1) -> dict:
    return {"round": round_, "items": [{"use": "hidden-value", "destination": destination, "value": value}]}


def crossing(round_: int, number: int) -> dict:
    return {"round": round_, "crossing": number, "actions": []}


def timed(*entries: tuple, **params) -> dict:
    """A match started at 20:00:00 with the ruleset's clock; entries are (player, move, seconds),
    seconds None for an entry without `at`. Both players hold Hidden Value Crossing."""
    data = tt_match(sally=["hidden-value"], maddie=["hidden-value"], **params)
    data["started"] = at(0)
    for player, move, seconds in entries:
        entry = {"seq": len(data["entries"]) + 1, "type": "move", "player": player, "move": move}
        if seconds is not None:
            entry["at"] = at(seconds)
        data["entries"].append(entry)
    return data


def round_one(start: int) -> list[tuple]:
    """Both players submit nothing in both crossings of round 1, a second apart from `start`
    (in time for crossing 1 when `start` is at most 179: 180 s a crossing, TT-8)."""
    return [("sally", crossing(1, 1), start), ("maddie", crossing(1, 1), start + 1),
            ("sally", crossing(1, 2), start + 2), ("maddie", crossing(1, 2), start + 3)]


@pytest.mark.parametrize("seconds", [0, 179, 180])
def test_tt9_hidden_value_within_3_minutes_of_the_round_start_is_accepted(seconds):
    match, replay = replayed(timed(("sally", hidden("N2", 1), seconds)))
    assert flags(replay) == []
    assert replay.state.values["N2"] == 1 and "N2" in replay.state.hidden
    assert replay.items_left["sally"]["hidden-value"] == 0
    assert views.result(match, replay)["board"]["destinations"]["N2"] == "?"


@pytest.mark.parametrize("seconds", [181, 200])
def test_tt9_hidden_value_after_3_minutes_is_late_and_changes_nothing(seconds):
    match, replay = replayed(timed(("sally", hidden("N2", 1), seconds)))
    assert flags(replay) == [(1, "late")]
    flag = replay.flags[0]
    assert flag.rulings == ("G-7", "TT-9")
    assert replay.state.values["N2"] == 4 and replay.state.hidden == {}       # the destination keeps its value
    assert replay.items_left["sally"]["hidden-value"] == 1 and replay.items_used["sally"] == []   # not spent
    assert views.result(match, replay)["board"]["destinations"]["N2"] == 4
    assert replay.to_act() == ["sally", "maddie"]                             # crossing 1 is still open
    assert replay.log[0].expired


def test_tt9_the_refusal_says_when_the_3_minutes_started_and_ran_out():
    _, replay = replayed(timed(("sally", hidden("N2", 1), 200)))
    message = wording.flag_message(replay.flags[0])
    assert message == ("Sally's Hidden Value Crossing came at 2026-11-21T20:03:20Z, 200 s after round 1, crossing 1 "
                       "began (2026-11-21T20:00:00Z): its 3 minutes (180 s) from then ran out at "
                       "2026-11-21T20:03:00Z, so it is late and changes nothing; Hidden Value Crossing is not spent")
    assert "N2" not in message and "value 1" not in message


def test_tt9_the_3_minutes_run_from_the_start_of_each_round():
    """Round 2 starts when round 1's last crossing resolves (entry 4, at 103 s): its Hidden
    Value has until 283 s, counted from then, not from the match's start."""
    on_time = timed(*round_one(100), ("sally", hidden("N2", 1, round_=2), 283))
    late = timed(*round_one(100), ("sally", hidden("N2", 1, round_=2), 284))
    assert flags(replayed(on_time)[1]) == []
    assert flags(replayed(late)[1]) == [(5, "late")]


def test_tt9_a_late_hidden_value_leaves_the_item_for_a_later_round():
    """Late in round 1, again later in round 1 (late too: the round's 3 minutes are gone), then
    in time in round 2: accepted, and only then spent (G-5). The crossings of round 1, after
    180 s, are late as well (TT-8) and count as empty."""
    data = timed(("sally", hidden("N2", 1), 200), ("sally", hidden("N3", 2), 250), *round_one(300),
                 ("sally", hidden("N2", 3, round_=2), 310))
    _, replay = replayed(data)
    assert flags(replay) == [(1, "late"), (2, "late"), (3, "late"), (4, "late")]
    assert replay.state.round == 2 and replay.state.values["N2"] == 3 and "N2" in replay.state.hidden
    assert replay.items_used["sally"] == ["hidden-value"] and replay.items_left["sally"]["hidden-value"] == 0


def test_tt9_crossing_submissions_keep_their_own_time_after_a_late_hidden_value():
    """A late Hidden Value changes no clock: crossing 1's time still runs from the phase start
    (TT-8; 600 s here, so that the Hidden Value's 180 s run out first)."""
    _, replay = replayed(timed(("sally", hidden(), 200), ("maddie", crossing(1, 1), 599),
                               ("sally", crossing(1, 1), 601), time_control={"turn_seconds": 600}))
    assert flags(replay) == [(1, "late"), (3, "late")]


def test_tt9_an_untimed_match_does_not_time_the_hidden_value():
    """`new --untimed` writes `enabled: false`: nothing is timed, the Hidden Value included."""
    _, replay = replayed(timed(("sally", hidden("N2", 1), 3000), time_control={"enabled": False}))
    assert flags(replay) == [] and replay.state.values["N2"] == 1


def test_tt9_untimed_crossings_leave_the_hidden_value_untimed():
    """A variant whose crossings are untimed (`turn_seconds: null`; a match may not set null)
    times no Hidden Value either, though `kind_seconds` still names one."""
    match, _ = replayed(timed())
    game = match.game
    game.params = dict(game.params, time_control={**game.params["time_control"], "turn_seconds": None})
    replay = session.new_replay(match)
    log = replay.step({"seq": 1, "type": "move", "player": "sally", "at": at(3000), "move": hidden("N2", 1)})
    assert log.flag is None and replay.state.values["N2"] == 1


def test_tt9_entries_without_times_are_not_timed():
    data = timed(("sally", hidden("N2", 1), None))
    _, replay = replayed(data)
    assert flags(replay) == []
    untimed = timed(("sally", hidden("N2", 1), None))
    del untimed["started"]
    untimed["entries"][0]["at"] = at(3000)   # a time, but no start to count from
    assert flags(replayed(untimed)[1]) == []


@pytest.mark.parametrize("limit, seconds, late", [(300, 299, False), (300, 301, True), (60, 61, True),
                                                  (60, 60, False)])
def test_tt9_a_param_override_changes_the_hidden_values_time(limit, seconds, late):
    data = timed(("sally", hidden("N2", 1), seconds), time_control={"kind_seconds": {"hidden-value": limit}})
    match, replay = replayed(data)
    assert match.game.params["time_control"]["turn_seconds"] == 180       # the rest is the ruleset's
    assert flags(replay) == ([(1, "late")] if late else [])
    if late:
        assert f"its {limit // 60} minute" in wording.flag_message(replay.flags[0])


def test_tt9_the_ruleset_gives_the_hidden_value_3_minutes():
    ruleset = rulesets.resolve("track-trouble")
    assert ruleset.params["time_control"]["kind_seconds"] == {"hidden-value": 180}
    assert "TT-9" in ruleset.data["rulings"]


@pytest.mark.parametrize("value, words", [(-5, "below the minimum of 0"), ("abc", "got 'abc'"),
                                          (10**9, "above the maximum of 2592000"), (2.5, "got 2.5"),
                                          (None, "got null"), ([180], "got a list")])
def test_tt9_the_range_refuses_a_nonsense_hidden_value_time(cli, write, value, words):
    path = write(timed(("sally", hidden(), 10), time_control={"kind_seconds": {"hidden-value": value}}))
    res = cli("board", path)
    assert res.code == 2, res.out
    assert "rules.params.time_control.kind_seconds.hidden-value" in res.err and words in res.err, res.err
    assert "Traceback" not in res.err


def test_tt9_new_takes_the_hidden_value_time_as_a_param(cli, tmp_path):
    out = tmp_path / "m.json"
    res = cli("new", "track-trouble", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue",
              "--param", "time_control.kind_seconds.hidden-value=240", "-o", out)
    assert res.code == 0, res.err
    assert json.loads(out.read_text())["rules"]["params"] == {"time_control": {"kind_seconds": {"hidden-value": 240}}}


# --- `adjudicator move` refuses a late Hidden Value, writing nothing -------------------------

def test_tt9_move_refuses_a_late_hidden_value_and_writes_nothing(cli, write):
    path = write(timed())
    before = path.read_text()
    res = cli("move", path, "sally", "hidden N2 1", "--at", at(200))
    assert res.code == 1
    assert "refused (late), nothing written" in res.err
    assert "its 3 minutes (180 s) from then ran out at 2026-11-21T20:03:00Z" in res.err
    assert "began (2026-11-21T20:00:00Z)" in res.err and "(G-7, TT-9)" in res.err
    assert path.read_text() == before
    res = cli("move", path, "sally", "hidden N2 1", "--at", at(180))
    assert res.code == 0, res.err


def test_tt9_a_stamped_time_never_makes_a_hidden_value_late(cli, write, monkeypatch):
    """Without --at the entry is stamped now, which may be long after the post (G-7)."""
    monkeypatch.setenv("ADJUDICATOR_NOW", at(400))
    path = write(timed())
    res = cli("move", path, "sally", "hidden N2 1")
    assert res.code == 1 and "refused (needs-post-time)" in res.err
    assert "sally would be late (it would change nothing)" in res.err


def test_tt9_record_illegal_keeps_a_late_hidden_value_flagged(cli, write):
    path = write(timed())
    res = cli("move", path, "sally", "hidden N2 1", "--at", at(200), "--record-illegal")
    assert res.code == 0, res.err
    entry = json.loads(path.read_text())["entries"][-1]
    assert entry["flagged"] == "late"


# --- A conformance-style case (shared/conformance: `replay --format json`, subset) -----------

def test_tt9_conformance_style_late_hidden_value(cli, write):
    """Crossings of 10 minutes (a param), the Hidden Value's 3 minutes as the ruleset has them:
    sally's Hidden Value 200 s into round 1 is late; maddie's in round 2, 100 s after round 1
    ended, is in time; sally's miner at N2 scores its printed 4, not 1."""
    data = timed(("sally", hidden("N2", 1), 200),
                 ("sally", {"round": 1, "crossing": 1, "actions": [{"miner": 1, "board": "T2"}]}, 210),
                 ("maddie", crossing(1, 1), 220), ("sally", crossing(1, 2), 230), ("maddie", crossing(1, 2), 240),
                 ("maddie", hidden("N2", 2, round_=2), 340), time_control={"turn_seconds": 600})
    res = cli("replay", write(data), "--format", "json")
    assert res.code == 1, res.err
    result = res.json
    assert [f["seq"] for f in result["flagged"]] == [1]
    assert result["board"]["round"] == 2 and result["board"]["crossing"] == 1
    assert result["board"]["points"] == {"sally": 4, "maddie": 0}
    assert result["flagged"][0]["code"] == "late" and result["flagged"][0]["rulings"] == ["G-7", "TT-9"]
