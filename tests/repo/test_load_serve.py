"""benchmarks/load_serve.py ('s load test): a short run on 2 matches with 8 clients
passes its own checks, and the checks themselves catch a lost, a duplicated and a stray entry.
Numbers are not checked (they depend on the machine)."""

from __future__ import annotations

import importlib.util
import json
import sys
from types import ModuleType
from typing import Iterator

import pytest

from helpers import REPO

SCRIPT = REPO / "benchmarks" / "load_serve.py"
MOVE = {"phase": "placement", "turn": 1, "troop": "1/1", "location": "A"}


@pytest.fixture(scope="module")
def load() -> Iterator[ModuleType]:
    """benchmarks/load_serve.py as a module (it is a script, not part of the package)."""
    spec = importlib.util.spec_from_file_location("load_serve", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    yield module
    sys.modules.pop(spec.name, None)


def test_a_short_run_passes_its_checks(load, tmp_path):
    for name in ("starlette", "uvicorn", "jinja2", "httpx2"):
        pytest.importorskip(name)
    out = tmp_path / "load.json"
    code = load.main(["--seconds", "2", "--matches", "2", "--clients", "8", "--json", str(out)])
    numbers = json.loads(out.read_text(encoding="utf-8"))
    assert numbers["entry_problems"] == [] and numbers["check_exit"] == 0, numbers
    assert code == 0 and numbers["checks_pass"]
    assert numbers["check_summary"] == "2 files: 2 ok, 0 flagged, 0 unusable"
    # the first page each match served offered moves, so each match took at least one
    assert numbers["created"] >= 2 and numbers["entries_checked"] >= numbers["created"]
    assert numbers["throttled"] == 0 and numbers["other"] == 0 and numbers["pages_not_ok"] == 0
    assert numbers["requests"] == numbers["created"] + numbers["refused"]


def answer(load, seq, status=201, move=MOVE, rolled=()):
    return load.Answer("m", "anna", move, status, 0.01, seq if status == 201 else None, list(rolled))


def match_file(tmp_path, entries):
    path = tmp_path / "m.json"
    numbered = [{"seq": seq, **entry} for seq, entry in enumerate(entries, 1)]
    path.write_text(json.dumps({"entries": numbered}), encoding="utf-8")
    return path


MOVED = {"type": "move", "player": "anna", "move": MOVE}
ROLLED = {"type": "chance", "chance": {"dice": [3]}}


def test_entries_accounted_for_pass(load, tmp_path):
    path = match_file(tmp_path, [MOVED, ROLLED, MOVED])
    answers = [answer(load, 1, rolled=[2]), answer(load, None, 422), answer(load, 3)]
    assert load.entries_problems(path, answers) == ([], 3)


@pytest.mark.parametrize("entries, seqs, found", [
    ([MOVED], [1, 2], "seq 2 answered 201 but not in the file (lost)"),
    ([MOVED], [1, 1], "seq 1 answered twice"),
    ([MOVED, MOVED], [1], "seq 2 (move) in the file but in no 201 (duplicated or stray)"),
    ([{**MOVED, "player": "bernd"}], [1], "seq 1 in the file is not the move its 201 answered"),
])
def test_entries_not_accounted_for_are_named(load, tmp_path, entries, seqs, found):
    path = match_file(tmp_path, entries)
    problems, _count = load.entries_problems(path, [answer(load, seq) for seq in seqs])
    assert problems == [f"m.json: {found}"]


def test_an_unanswered_request_may_have_written_its_move(load, tmp_path):
    path = match_file(tmp_path, [MOVED, MOVED])
    assert load.entries_problems(path, [answer(load, 1), answer(load, None, 0)]) == ([], 2)
    assert load.entries_problems(path, [answer(load, 1), answer(load, None, 422)])[0] != []


def test_the_clients_read_the_moves_a_players_page_offers(load, tmp_path):
    """The page's fields as the template draws them (buttons for a few moves, a list for
    many), so the script's patterns follow adjudicator/web/templates/player.html."""
    pytest.importorskip("jinja2")
    from adjudicator import matchfile
    from adjudicator.cli import run
    from adjudicator.session import replay_match
    from adjudicator.web import pages

    path = tmp_path / "ws.json"
    assert run(["new", "winning-streak", "-p", "anna=Anna:red", "-p", "bernd=Bernd:blue", "--untimed",
                "-o", str(path)]) == 0
    view = pages.view_of(path, "anna")
    assert len(view.seat.moves) > pages.MOVE_BUTTONS   # so both ways of offering moves are read
    legal = [move for move, _ in replay_match(matchfile.load(path)).legal_moves("anna")]
    for shown in (len(view.seat.moves), pages.MOVE_BUTTONS):
        view.seat = view.seat._replace(moves=view.seat.moves[:shown])
        page = load.moves_on_page(pages.link_page(view, "/m/ws/p/t", "form", "nonce"))
        assert [load.decoded(move) for move in page.moves] == legal[:shown] and not page.finished
    assert load.moves_on_page('<div id="act" hidden>').finished
