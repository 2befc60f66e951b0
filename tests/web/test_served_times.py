"""The amended G-7 through `serve`'s links: a late resubmission replaces nothing (G-7 d), and
the time a link's move is stamped with is never later than the server's now (G-7 b). The
server's own clock is ADJUDICATOR_NOW (the tool's one clock), moved by the test."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from adjudicator.clock import NOW_VARIABLE
from adjudicator.web.app import Settings, create_app
from helpers.serving import entries_of, linked, write_match
from helpers.winning_streak import place, ws_match

STARTED = "2026-11-22T11:59:00Z"   # the first board went up a minute before the tests' NOW


@pytest.fixture
def served(tmp_path):
    folder = tmp_path / "served"
    folder.mkdir()
    data = ws_match()
    data["started"] = STARTED
    links = linked(write_match(folder, "ws", data), ("sally", "maddie"))
    with TestClient(create_app(Settings(folder=folder), keep=False)) as client:
        yield client, links


def test_g7d_a_late_resubmission_through_a_link_replaces_nothing(served, monkeypatch):
    client, ws = served
    monkeypatch.setenv(NOW_VARIABLE, "2026-11-22T11:59:20Z")
    assert client.post(ws.of("sally"), json={"move": place(1, "1/1", "A")}).status_code == 201
    monkeypatch.setenv(NOW_VARIABLE, "2026-11-22T12:00:30Z")   # 90 s after the board, 60 s allowed
    late = client.post(ws.of("sally"), json={"move": place(1, "5/5", "B")})
    assert late.status_code == 422 and late.json()["error"]["code"] == "late"
    assert "your earlier submission stands" in late.json()["error"]["message"]
    assert [e["move"]["troop"] for e in entries_of(ws.path)] == ["1/1"]        # nothing written
    assert client.post(ws.host, json={"host": {"action": "deadline"}}).status_code == 201
    board = client.get("/m/ws/board.json").json()["board"]
    assert board["locations"]["A"]["troops"]["sally"]["name"] == "1/1"


def test_g7b_a_link_move_is_stamped_with_the_server_now_never_later(served, monkeypatch):
    client, ws = served
    monkeypatch.setenv(NOW_VARIABLE, "2026-11-22T11:59:30Z")
    assert client.post(ws.of("maddie"), json={"text": "place 2/2 C"}).status_code == 201
    assert entries_of(ws.path)[-1]["at"] == "2026-11-22T11:59:30Z"
