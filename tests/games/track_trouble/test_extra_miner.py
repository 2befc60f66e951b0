"""TT-7 (amended): Extra Miner is announced as soon as it is declared — the board says the
player used it, nothing else of the sealed submission — and the crossing's submission time
restarts for both players from that entry."""

from __future__ import annotations

import json

from adjudicator import views
from helpers.matches import add, flags, replayed
from helpers.track_trouble import tt_match


def at(seconds: int) -> str:
    return f"2026-11-21T20:{seconds // 60:02d}:{seconds % 60:02d}Z"


def timed(*entries: tuple) -> dict:
    """A Track Trouble match with the ruleset's clock (180 s a crossing, late = missing, TT-8)."""
    data = tt_match(sally=["extra-miner"], maddie=["extra-miner"])
    data["started"] = at(0)
    for (player, text), seconds in entries:
        add(data, {"type": "move", "player": player, "move": move(text), "at": at(seconds)})
    return data


def move(text: str) -> dict:
    from adjudicator.games.track_trouble.notation import parse

    parsed = parse(text)
    return {"round": 1, "crossing": 1, **parsed} if "round" not in parsed else parsed


def test_extra_miner_is_announced_at_once_tt7():
    data = timed((("sally", "extra-miner, 8 T1, 1 T1"), 100))
    match, replay = replayed(data)
    result = views.result(match, replay)
    assert result["announced"] == {"sally": ["extra-miner"]}
    board = views.board_text(match, replay, "text")
    assert "Announced: Sally uses Extra Miner" in board and "T1" not in board.split("Announced")[1].split("\n")[0]
    public = views.entry_view(replay.log[-1])
    assert public["summary"] == "sealed submission"
    assert any("Sally uses Extra Miner (announced at once)" in e["text"] and e["rulings"] == ["TT-7"]
               for e in public["events"])


def test_the_announcement_restarts_the_crossing_time_for_both_tt7():
    """Without the restart maddie's submission at 280 s would be 100 s late; the crossing's
    time restarted at sally's announcement (100 s), so it is in time."""
    data = timed((("sally", "extra-miner, 8 T1"), 100), (("maddie", "1 T1"), 280))
    match, replay = replayed(data)
    assert flags(replay) == []
    status = views.result(match, timed_prefix(data, 1))["clock"]
    assert status["turn_started"] == at(100) and status["deadline"] == at(280)


def timed_prefix(data: dict, count: int):
    cut = dict(data, entries=data["entries"][:count])
    return replayed(cut)[1]


def test_without_extra_miner_the_crossing_time_does_not_restart_g7():
    data = timed((("sally", "1 T1"), 100), (("maddie", "1 T1"), 280))
    match, replay = replayed(data)
    assert flags(replay) == [(2, "late")]


def test_a_resubmission_must_keep_an_announced_item_tt7():
    data = timed((("sally", "extra-miner, 8 T1"), 100), (("sally", "1 T1"), 110))
    match, replay = replayed(data)
    assert flags(replay) == [(2, "announced-item")]
    kept = timed((("sally", "extra-miner, 8 T1"), 100), (("sally", "extra-miner, 1 T1"), 110))
    assert flags(replayed(kept)[1]) == []


def test_the_announcement_is_the_same_whatever_else_was_submitted_tt7():
    outs = []
    for text in ("extra-miner, 8 T1, 1 T1", "extra-miner, 2 T2"):
        match, replay = replayed(timed((("sally", text), 100)))
        outs.append(json.dumps([views.result(match, replay, with_entries=True),
                                views.board_text(match, replay, "bbcode")], sort_keys=True))
    assert outs[0] == outs[1]


def test_an_untimed_announcement_says_nothing_of_time_tt7(cli, tmp_path):
    """In a match made `--untimed` (entries still carry `at`), Extra
    Miner's announcement once said "the time for … restarts for both players". With no clock
    running nothing restarts: the event says so (`restarts` false) and the words name no time."""
    path = tmp_path / "tt.json"
    assert cli("new", "track-trouble", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue",
               "--item", "sally=extra-miner", "--untimed", "-o", path).code == 0
    res = cli("move", path, "sally", "extra-miner, 8 T1")
    assert res.code == 0, res.err
    assert "Sally uses Extra Miner (announced at once)\n" in res.out   # ruling ids stay out of posts
    for command in (("move", path, "maddie", "1 T1"), ("post", path, "--dry-run"), ("replay", path)):
        out = cli(*command).out
        assert "restarts" not in out and "time for" not in out, out
    assert json.loads(path.read_text(encoding="utf-8"))["entries"][0]["at"]   # timed entries, untimed match


def test_a_timed_announcement_still_says_the_time_restarts_tt7():
    match, replay = replayed(timed((("sally", "extra-miner, 8 T1"), 100)))
    words = [e["text"] for e in views.entry_view(replay.log[-1])["events"]]
    assert any("the time for round 1, crossing 1 restarts for both players" in w for w in words), words
