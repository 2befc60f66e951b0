"""A host running a live match: what `move`, `roll` and `host` print is safe to paste, a time
the tool stamped itself never decides a loss, players are found in any case, and a reader
that stops early is not an error."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from helpers import REPO
from helpers.matches import add, dice_match, setup_entries
from helpers.track_trouble import tt_match
from helpers.winning_streak import place, ws_match

FORMATS = ("text", "markdown", "bbcode", "discord", "json")
AT = ("--at", "2026-11-21T20:00:30Z")


def stdout_of(cli, write, data, name, *args):
    path = write(data, name)
    res = cli(*args[:1], path, *args[1:])
    assert res.code == 0, res.err
    return res.out.replace(name, "M.json"), res.err


# --- 6. standard output is the public post ---------------------------------------------

@pytest.mark.parametrize("fmt", FORMATS)
def test_a_sealed_submission_never_reaches_standard_output(cli, write, fmt):
    """Two `move`s that differ only in the sealed placement print the same bytes; the host's
    confirmation of what was read goes to standard error, marked private."""
    outs, errs = [], []
    for troop, where in (("5/5", "A"), ("1/2", "M")):
        out, err = stdout_of(cli, write, ws_match(), f"ws-{where}.json", "move", "sally", "place", troop, where,
                             *AT, "--format", fmt)
        outs.append(out)
        errs.append(err)
    assert outs[0] == outs[1]
    assert "place 5/5 A" in errs[0] and "private to the host" in errs[0] and "place 1/2 M" in errs[1]


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_hidden_value_never_reaches_standard_output_tt7(cli, write, fmt):
    """Which destination is hidden is public ("?" on the board, TT-7); its value is not."""
    outs = []
    for value in (1, 5):
        out, err = stdout_of(cli, write, tt_match(sally=["hidden-value"]), f"tt-{value}.json",
                             "move", "sally", "hidden", "N2", str(value), *AT, "--format", fmt)
        outs.append(out)
        assert f"N2 is worth {value}" in err
    assert outs[0] == outs[1]


@pytest.mark.parametrize("fmt", FORMATS)
def test_host_and_roll_output_in_a_sealed_phase_is_public(cli, write, fmt):
    """A host entry made while a submission is sealed (here: voiding it) prints the same
    whatever the submission was."""
    outs = []
    for troop in ("5/5", "2/3"):
        data = ws_match()
        add(data, ("sally", place(1, troop, "C")))
        out, _ = stdout_of(cli, write, data, f"ws-{troop[0]}.json", "host", "void", "last", "--reason", "typo",
                           *AT, "--format", fmt)
        outs.append(out)
    assert outs[0] == outs[1]


def test_move_json_output_is_one_json_object(cli, write):
    out, _ = stdout_of(cli, write, ws_match(), "ws.json", "move", "sally", "place", "5/5", "A", *AT, "--format", "json")
    result = json.loads(out)
    assert result["entry"]["summary"] == "sealed submission" and result["submitted"] == {"sally": True, "maddie": False}


# --- 7. a stamped time never decides a loss ---------------------------------------------

def test_a_stamped_time_never_makes_a_submission_late_g7(cli, write, monkeypatch):
    """The host types a placement in ten minutes after the turn began: refused, asking for --at."""
    data = ws_match()
    data["started"] = "2026-11-21T20:00:00Z"
    path = write(data)
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T20:10:00Z")
    before = path.read_bytes()
    res = cli("move", path, "sally", "place", "5/5", "A")
    assert res.code == 1 and "needs-post-time" in res.err and "--at" in res.err and "G-7" in res.err
    assert path.read_bytes() == before
    assert cli("move", path, "sally", "place", "5/5", "A", "--at", "2026-11-21T20:00:40Z").code == 0
    late = cli("move", path, "maddie", "place", "5/5", "A", "--at", "2026-11-21T20:05:00Z")
    assert late.code == 1 and "refused (late)" in late.err   # a typed --at still decides


def test_a_stamped_time_never_ends_a_match_g7(cli, write, monkeypatch):
    """In a `lose` game a stamped time past the reserve is refused, not a loss on time."""
    data = dice_match(setup_entries([2, 4, 6], [1, 1, 1]) + [("roll", 3, 3, 3)], started="2026-11-21T20:00:00Z")
    data["rules"]["params"] = {"time_control": {"turn_seconds": 60, "reserve_seconds": 0}}
    data["entries"][-1]["at"] = "2026-11-21T20:00:00Z"
    path = write(data)
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T21:00:00Z")
    res = cli("move", path, "anna", "attack")
    assert res.code == 1 and "would lose on time" in res.err and "host" in res.err and "timeout anna" in res.err
    assert len(json.loads(path.read_text())["entries"]) == len(data["entries"])
    assert cli("host", path, "timeout", "anna").code == 0          # the host's call decides instead
    assert cli("board", path, "--format", "json").json["winner"] == "bernd"


def test_untimed_play_is_one_option_of_new(cli, tmp_path, monkeypatch):
    path = tmp_path / "forum.json"
    res = cli("new", "winning-streak", "-p", "a=A:red", "-p", "b=B:blue", "--untimed",
              "--started", "2026-11-21T20:00:00Z", "-o", path)
    assert res.code == 0 and "untimed" in res.out
    assert json.loads(path.read_text())["rules"]["params"] == {"time_control": {"enabled": False}}
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-23T09:00:00Z")     # two days later
    assert cli("move", path, "a", "place", "5/5", "A").code == 0
    board = cli("board", path, "--format", "json").json
    assert "clock" not in board


# --- 9. players in any case -------------------------------------------------------------

def test_a_player_typed_in_another_case_is_found(cli, write):
    path = write(dice_match(setup_entries([2, 4, 6], [1, 1, 1]) + [("roll", 3, 3, 3)]))
    assert cli("move", path, "Anna", "attack", *AT).code == 0
    assert json.loads(path.read_text())["entries"][-1]["player"] == "anna"
    assert cli("board", path, "--as", "BERND").code == 0
    assert cli("legal", path, "Red").code == 0          # a side names its player too
    res = cli("move", path, "anne", "attack", *AT)
    assert res.code == 2 and "'anne' is not a player" in res.err


def test_a_player_by_display_name_in_any_case(cli, write):
    """`move`'s PLAYER may be the display name: anna is Sally here."""
    data = dice_match(setup_entries([2, 4, 6], [1, 1, 1]) + [("roll", 3, 3, 3)])
    data["players"][1]["name"] = "Sally"
    path = write(data)
    res = cli("move", path, "sALLY", "attack", *AT)
    assert res.code == 0, res.err
    assert json.loads(path.read_text())["entries"][-1]["player"] == "anna"
    assert cli("host", path, "forfeit", "Sally", "--at", "2026-11-21T20:01:00Z").code == 0
    assert json.loads(path.read_text())["entries"][-1]["host"] == {"action": "forfeit", "player": "anna"}


@pytest.mark.parametrize("name, typed, by", [
    ("Anna", "anna", "bernd (by display name) and anna (by id and display name)"),   # an id is the other's name
    ("red", "RED", "bernd (by display name) and anna (by side)"),                    # a side is the other's name
])
def test_a_name_two_players_have_is_refused_and_nothing_written(cli, write, name, typed, by):
    data = dice_match(setup_entries([2, 4, 6], [1, 1, 1]) + [("roll", 3, 3, 3)])
    data["players"][0]["name"] = name
    path = write(data)
    before = path.read_bytes()
    res = cli("move", path, typed, "attack", *AT)
    assert res.code == 2 and res.out == ""
    assert res.err == f"adjudicator: {path}: '{typed}' names two players, {by}; " + (
        "type the side instead: yellow for bernd or red for anna.\n" if name != "red" else
        "type a name only one of them has.\n")
    assert path.read_bytes() == before


def test_an_ambiguous_case_is_refused(cli, write):
    """Players: bernd (Bernd, yellow) and Bernd (Anna, red). An exact id outranks an id in
    another case, never another player's display name or side."""
    data = dice_match()
    data["players"][1]["id"] = "Bernd"
    path = write(data)
    assert cli("board", path, "--as", "bernd").code == 0
    assert cli("board", path, "--as", "red", "--format", "json").code == 0
    res = cli("board", path, "--as", "BERND")
    assert res.code == 2
    assert res.err == (f"adjudicator: {path}: --as 'BERND' names two players, bernd (by id and display name) and "
                       f"Bernd (by id); type the side instead: yellow for bernd or red for Bernd.\n")
    res = cli("board", path, "--as", "Bernd")   # Bernd's id, bernd's display name
    assert res.code == 2 and "'Bernd' names two players, bernd (by id and display name) and Bernd (by id)" in res.err


def test_new_takes_sides_and_players_in_any_case(cli, tmp_path):
    path = tmp_path / "m.json"
    res = cli("new", "tug-of-war-v2", "-p", "sally=Sally:Red", "-p", "maddie=Maddie:BLUE", "--first", "Maddie",
              "--item", "SALLY=conker-start", "-o", path)
    assert res.code == 0, res.err
    data = json.loads(path.read_text())
    assert [p["side"] for p in data["players"]] == ["red", "blue"] and data["first"] == "maddie"
    assert data["players"][0]["items"] == ["conker-start"]


# --- 10. a closed pipe ------------------------------------------------------------------

def test_a_reader_that_stops_early_is_not_an_error(write):
    """`adjudicator move … --dry-run | head -1`: the closed pipe ends quietly with the
    command's own status (0 here), never click's 1, which means "illegal"."""
    path = write(dice_match(setup_entries([2, 4, 6], [1, 1, 1]) + [("roll", 3, 3, 3)]))
    script = (f"{sys.executable} -m adjudicator move {path} anna attack --dry-run --at 2026-11-21T20:00:00Z "
              "| (exec 0<&-; true); echo ${PIPESTATUS[0]}")
    for _ in range(3):   # the reader closes before the writer starts: every write meets a closed pipe
        done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, cwd=REPO, timeout=120)
        assert done.stdout.strip() == "0", done.stderr
        assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
