"""usecases.serving: `link`, finding a match in the served folder, moves as the API
sends them, rolls the server draws (G-8) and the deadline it closes (G-2, G-7)."""

from __future__ import annotations

import json
import os
import stat

import pytest

from adjudicator import links
from adjudicator.errors import InputError, OptionError, RefusedError
from adjudicator.usecases import serving
from helpers.serving import entries_of, write_match
from helpers.winning_streak import place, ws_match


@pytest.fixture
def ws(tmp_path):
    return write_match(tmp_path, "ws", ws_match())


# --- link ------------------------------------------------------------------------------------

def test_link_prints_a_url_and_keeps_only_its_hash_owner_only(ws):
    made = serving.link(ws, "Sally", "https://games.example.org/")
    assert made.role == "sally" and made.url is not None
    assert made.url.startswith("https://games.example.org/m/ws/p/")
    token = made.url.rsplit("/", 1)[1]
    assert links.looks_like_token(token) and len(token) >= 43
    kept = links.links_path(ws)
    assert stat.S_IMODE(os.stat(kept).st_mode) == 0o600
    assert token not in kept.read_text() and links.token_hash(token) in kept.read_text()
    assert token not in ws.read_text()


def test_host_and_a_player_called_host_are_not_guessed(tmp_path):
    data = ws_match()
    data["players"][1]["name"] = "Host"
    path = write_match(tmp_path, "ws", data)
    with pytest.raises(OptionError, match="could mean the host or the player"):
        serving.link(path, "host")
    assert serving.link(path, "maddie").role == "maddie"


def test_revoke_without_a_link_is_refused(ws):
    with pytest.raises(OptionError, match="no link to revoke"):
        serving.link(ws, "host", revoke=True)
    serving.link(ws, "host")
    assert serving.link(ws, "host", revoke=True).revoked
    assert links.read(ws) == {}


@pytest.mark.parametrize("url", ["ftp://x", "games.example.org", "https://", "https://x/?a=1", "https://x/#f",
                                 "https://x:99999", "https://exa mple.org", "https://x/dm"])
def test_a_bad_base_url_is_refused(ws, url):
    with pytest.raises(OptionError) as refused:
        serving.link(ws, "sally", url)
    assert refused.value.option == "--base-url"
    assert not links.links_path(ws).exists()


def test_a_file_serve_cannot_name_is_refused(tmp_path):
    odd = write_match(tmp_path, "ws", ws_match())
    renamed = odd.rename(tmp_path / "my match.json")
    with pytest.raises(OptionError, match="rename the file"):
        serving.link(renamed, "sally")


def test_a_broken_links_file_is_refused_and_counts_as_no_link(ws):
    links.links_path(ws).write_text("{not json")
    with pytest.raises(InputError, match="not a links file"):
        serving.link(ws, "sally")
    assert serving.role_of(ws, "A" * 43) is None


def test_link_command_prints_the_url_alone_on_stdout(ws, cli):
    done = cli("link", ws, "maddie")
    assert done.code == 0 and done.out.startswith("http://127.0.0.1:8000/m/ws/p/") and done.out.count("\n") == 1
    assert "send it privately" in done.err
    revoked = cli("link", ws, "maddie", "--revoke")
    assert revoked.code == 0 and revoked.out == "" and "revoked" in revoked.err
    assert cli("link", ws, "nobody").code == 2


# --- finding a match ---------------------------------------------------------------------------

def test_match_in_finds_only_match_files_of_the_folder(tmp_path, ws):
    assert serving.match_in(tmp_path, "ws") == ws
    (tmp_path / "sub").mkdir()
    write_match(tmp_path / "sub", "inner", ws_match())
    outside = write_match(tmp_path.parent, f"{tmp_path.name}-outside", ws_match())
    (tmp_path / "away.json").symlink_to(outside)
    (tmp_path / "here.json").symlink_to(ws)
    os.mkfifo(tmp_path / "pipe.json")
    for name in ("sub/inner", "../ws", "away", "pipe", ".hidden", "", "ws.json", "x" * 101, "sub"):
        assert serving.match_in(tmp_path, name) is None, name
    assert serving.match_in(tmp_path, "here") == tmp_path / "here.json"
    assert serving.match_ids(tmp_path) == ["here", "ws"]


# --- moves as the API sends them ---------------------------------------------------------------

@pytest.mark.parametrize("body, read", [({"text": " E5 up "}, ("E5 up", False)),
                                        ({"move": {"a": 1}}, ('{"a": 1}', True)),
                                        ({"text": "x", "note": "n"}, ("x", False))])
def test_move_text(body, read):
    assert serving.move_text(body) == read


def test_a_move_sent_is_stamped_with_the_servers_now(ws, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T20:14:05Z")
    sent = serving.send_move(ws, "sally", {"move": place(1, "1/1", "A")})
    assert sent.entered.log.seq == 1 and sent.rolled == ()
    assert entries_of(ws)[0]["at"] == "2026-11-21T20:14:05Z"


def test_a_late_move_sent_is_refused_by_the_clock(tmp_path, monkeypatch):
    """G-7: a move through a link is posted when it is sent, so the clock applies to it (a
    placement has 60 s); the late move is refused and nothing is written."""
    path = write_match(tmp_path, "ws", ws_match())
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T20:00:00Z")
    serving.send_move(path, "sally", {"move": place(1, "1/1", "A")})
    serving.send_move(path, "maddie", {"move": place(1, "1/1", "A")})
    before = path.read_bytes()
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T20:10:00Z")
    with pytest.raises(RefusedError):
        serving.send_move(path, "sally", {"move": place(2, "1/2", "B")})
    assert path.read_bytes() == before


# --- what the server writes itself --------------------------------------------------------------

def test_rolls_due_are_drawn_from_the_seed(tmp_path, cli):
    """G-8: as `roll` draws them, from the seed beside the match, once both salts are in."""
    path = tmp_path / "dice.json"
    assert cli("new", "dice-tug-of-war", "-p", "bernd=Bernd:yellow", "-p", "anna=Anna:red", "-o", path).code == 0
    for player, word in (("bernd", "pepper"), ("anna", "nutmeg")):
        assert cli("host", path, "salt", player, word).code == 0
    rolled = serving.roll_due(path)
    assert rolled and all(e.log.entry["type"] == "chance" for e in rolled)
    assert all(e["chance"]["source"] == "seed" for e in entries_of(path) if e["type"] == "chance")
    assert serving.roll_due(path) == ()          # nothing due now: a player must act
    res = cli("check", path, "--format", "json")
    assert res.code == 0 and res.json["files"][0]["unsalted_draws"] == []


def dice_match(tmp_path, cli, *more):
    path = tmp_path / "dice.json"
    assert cli("new", "dice-tug-of-war", "-p", "bernd=Bernd:yellow", "-p", "anna=Anna:red", "-o", path, *more).code == 0
    return path


def test_g8_the_server_draws_nothing_before_both_salts(tmp_path, cli):
    """G-8 amended: roll_due (the keeper's and every request's) waits until both players have
    salted; a salt through a link says whose salt the draw still waits for, and the last salt
    lets the roll be drawn. check then reports no unsalted draw."""
    path = dice_match(tmp_path, cli)
    assert serving.roll_due(path) == () and entries_of(path) == []
    first = serving.send_salt(path, "anna", "tangerine42")
    assert first.rolled == () and first.salts_awaited == ("bernd",)
    assert [e["type"] for e in entries_of(path)] == ["host"]
    second = serving.send_salt(path, "bernd", "7ravens")
    assert second.rolled and second.salts_awaited == ()
    assert entries_of(path)[2]["type"] == "chance"
    res = cli("check", path, "--format", "json")
    assert res.code == 0 and res.json["files"][0]["unsalted_draws"] == []


def test_g8_a_first_random_pick_waits_for_both_salts(tmp_path, cli):
    """G-8 amended with G-6: the draw of who starts is a draw too; the server waits for it."""
    path = tmp_path / "ax.json"
    assert cli("new", "arrowbic", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue", "--first", "random",
               "-o", path).code == 0
    assert serving.roll_due(path) == () and entries_of(path) == []
    serving.send_salt(path, "sally", "pepper")
    assert serving.roll_due(path) == ()
    sent = serving.send_salt(path, "maddie", "nutmeg")
    assert [e.log.entry["chance"].keys() for e in sent.rolled] == [{"pick", "source"}]


def test_g8_the_hosts_explicit_draw_goes_ahead_and_is_reported(tmp_path, cli):
    """G-8: the host may draw without the salts (the host page's button); check reports it."""
    path = dice_match(tmp_path, cli)
    sent = serving.send_roll(path)
    assert entries_of(path)[0]["chance"]["source"] == "seed" and sent.entered.log.seq == 1
    res = cli("check", path, "--format", "json")
    assert res.code == 0 and res.json["files"][0]["unsalted_draws"] == [1]


def test_g8_matches_made_before_salts_still_roll_by_themselves(tmp_path, cli):
    """A match without `draws` in its header (made before G-8) takes no salts: unaffected."""
    path = dice_match(tmp_path, cli)
    data = json.loads(path.read_text())
    del data["draws"]
    path.write_text(json.dumps(data))
    assert serving.roll_due(path) and entries_of(path)[0]["type"] == "chance"


def test_g7_an_entry_is_stamped_with_the_requests_arrival(ws, monkeypatch):
    """G-7: the time the web layer took when the request arrived is the entry's, whatever
    the clock says when the worker writes it."""
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T20:14:59Z")
    serving.send_move(ws, "sally", {"move": place(1, "1/1", "A")}, arrived="2026-11-21T20:14:05Z")
    assert entries_of(ws)[0]["at"] == "2026-11-21T20:14:05Z"


def test_g7_time_runs_forward_when_a_later_request_was_written_first(ws, monkeypatch):
    """G-7: a request that waited for the lock while a later one wrote first takes that entry's
    time (time in a log only runs forward), never a time after now."""
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T20:14:30Z")
    serving.send_move(ws, "maddie", {"move": place(1, "2/3", "K")}, arrived="2026-11-21T20:14:10Z")
    serving.send_move(ws, "sally", {"move": place(1, "1/1", "A")}, arrived="2026-11-21T20:14:05Z")
    assert [e["at"] for e in entries_of(ws)] == ["2026-11-21T20:14:10Z", "2026-11-21T20:14:10Z"]


def test_no_seed_no_roll(tmp_path, cli):
    path = tmp_path / "dice.json"
    cli("new", "dice-tug-of-war", "-p", "bernd=Bernd:yellow", "-p", "anna=Anna:red", "-o", path, "--no-seed")
    assert serving.roll_due(path) == () and entries_of(path) == []


def test_a_player_gives_their_own_salt(tmp_path, cli):
    path = tmp_path / "dice.json"
    cli("new", "dice-tug-of-war", "-p", "bernd=Bernd:yellow", "-p", "anna=Anna:red", "-o", path)
    serving.send_salt(path, "anna", "tangerine42")
    assert entries_of(path)[0]["host"] == {"action": "salt", "player": "anna", "salt": "tangerine42"}
    with pytest.raises(InputError):
        serving.send_salt(path, "bernd", "  ")


def test_the_deadline_is_closed_once_past(tmp_path, monkeypatch):
    """--auto-deadline (G-2): turn 2 opened at 20:00 (the first turn has no start without the
    header's `started`); maddie submitted, sally did not; at the deadline (60 s) the server
    writes `host deadline`, and not before."""
    path = write_match(tmp_path, "ws", ws_match())
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T20:00:00Z")
    serving.send_move(path, "sally", {"move": place(1, "1/1", "A")})
    assert serving.deadline_of(path) is None
    serving.send_move(path, "maddie", {"move": place(1, "1/1", "A")})
    serving.send_move(path, "maddie", {"move": place(2, "1/2", "B")})
    assert serving.deadline_of(path) == "2026-11-21T20:01:00Z"
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T20:01:00Z")
    assert serving.close_if_past_deadline(path) is None and len(entries_of(path)) == 3
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T20:01:01Z")
    closed = serving.close_if_past_deadline(path)
    assert closed is not None and entries_of(path)[-1]["host"]["action"] == "deadline"
    assert serving.close_if_past_deadline(path) is None   # closed once


def test_an_untimed_match_has_no_deadline(tmp_path, cli):
    path = tmp_path / "ws.json"
    cli("new", "winning-streak", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue", "-o", path, "--untimed")
    serving.send_move(path, "sally", {"move": place(1, "1/1", "A")})
    assert serving.deadline_of(path) is None and serving.close_if_past_deadline(path) is None


def test_next_posts_record_nothing(ws):
    before = ws.read_bytes()
    posts = serving.next_posts(ws, ("discord", "text"))
    assert set(posts) == {"discord", "text"} and all(posts.values())
    assert ws.read_bytes() == before
    assert json.loads(ws.read_text()).get("posted") is None
