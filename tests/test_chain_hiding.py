"""The audited log hides a sealed move until its phase resolves (G-9): it enters the chain
as a commitment, so heads, receipts and every public output are the same whatever the
sealed move was, and once the phase resolves the move and its nonce are revealed and match
the commitment."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from adjudicator import chain
from helpers.serving import linked, without_nonce

TEXT_FORMATS = ("text", "markdown", "bbcode", "discord")


def new_match(cli: Any, path: Path) -> Path:
    assert cli("new", "winning-streak", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue", "--advantage", "maddie",
               "--untimed", "-o", path).code == 0
    return path


def public_outputs(cli: Any, folder: Path, sealed: str) -> dict[str, Any]:
    """Every public output of a chained match after Sally's sealed `sealed`, before Maddie
    submits: what `move` prints to paste, post in every format, board in every text format
    and JSON, publish, page, and what `serve` shows the public, Maddie and the host."""
    from starlette.testclient import TestClient

    from adjudicator.web.app import Settings, create_app

    folder.mkdir()
    path = new_match(cli, folder / "ws.json")
    links = linked(path, ("sally", "maddie"))
    out: dict[str, Any] = {}
    moved = cli("move", path, "sally", sealed)
    assert moved.code == 0 and "Receipt for Sally (forward by DM): log 1 · " in moved.err
    out["move"] = moved.out
    out["receipt"] = moved.err.split("Receipt for Sally (forward by DM): ")[1].split(" —")[0]
    for fmt in (*TEXT_FORMATS, "json"):
        out[f"board {fmt}"] = cli("board", path, "--format", fmt).out
        out[f"post {fmt}"] = cli("post", path, "--format", fmt, "--dry-run").out
    out["publish"] = cli("publish", path).out
    out["page"] = cli("page", path).out
    with TestClient(create_app(Settings(folder=folder), keep=False)) as client:
        maddie, host = links.of("maddie"), links.of("host")
        for name, url in (("served page", "/m/ws"), ("served board.json", "/m/ws/board.json"),
                          ("served page.json", "/m/ws/page.json"), ("maddie's page", maddie),
                          ("maddie's part", maddie + "/part"), ("host's page", host), ("host's part", host + "/part")):
            answer = client.get(url)
            assert answer.status_code == 200, url
            text = without_nonce(answer.text)
            for role, link in (("MADDIE", maddie), ("HOST", host)):
                text = text.replace(link.rsplit("/", 1)[1], role)
            import re

            out[name] = re.sub(r'name="form" value="[0-9a-f]+"', 'name="form" value=""', text)
    return out


def test_heads_receipts_and_public_outputs_tell_nothing_of_a_sealed_move_g9(cli, tmp_path, monkeypatch):
    """Two matches that differ only in Sally's sealed move, their nonce and commitment made
    constant: every public output, the heads on them and Sally's receipt are the same bytes."""
    monkeypatch.setattr(chain, "new_nonce", lambda: "0" * 32)
    monkeypatch.setattr(chain, "commitment", lambda entry, nonce: "c" * 64)
    one = public_outputs(cli, tmp_path / "one", "place 1/1 A")
    two = public_outputs(cli, tmp_path / "two", "place 3/3 C")
    assert len(one) == 21
    for name in one:
        assert one[name] == two[name], f"{name} differs with only Sally's sealed move changed"
    assert "log 1 · " in one["board text"] and '"log": {' in one["board json"]   # it did show a head
    assert '"heads":["log 0 · ' in one["page"] and 'data.heads[n]' in one["page"]   # the page, per step
    assert "log 1 · " in one["maddie's page"] and "Your receipt" not in one["maddie's page"]
    assert one["receipt"] in one["post text"]   # the public head right after it is her receipt


def test_a_sealed_entry_enters_the_chain_as_its_commitment_only_g9(cli, tmp_path):
    """Unpatched: the chain form of a sealed entry holds nothing derived from the move but
    the commitment, and the same move submitted twice gets two commitments (a random nonce)."""
    path = new_match(cli, tmp_path / "ws.json")
    assert cli("move", path, "sally", "place 1/1 A").code == 0
    assert cli("move", path, "sally", "place 1/1 A").code == 0   # again, the same move (G-3)
    entries = json.loads(path.read_text(encoding="utf-8"))["entries"]
    first, second = entries
    for entry in entries:
        form = chain.chain_form(entry)
        assert set(form) == {"seq", "at", "type", "player", "prev", "commit"}, form
        assert entry["commit"] == chain.commitment(entry, entry["nonce"])
    assert first["commit"] != second["commit"] and first["nonce"] != second["nonce"]


def test_the_reveal_publishes_move_and_nonce_and_they_check_g9(cli, tmp_path):
    """Once the phase resolves, the public copy carries the sealed entry with its move and
    nonce, and a player can run `check --head` with their receipt on the copy itself."""
    path = new_match(cli, tmp_path / "ws.json")
    moved = cli("move", path, "sally", "place 1/1 A")
    receipt = moved.err.split("--head ")[1].split("'")[0]
    before = cli("publish", path, "-o", tmp_path / "before.json")
    assert before.code == 0 and json.loads((tmp_path / "before.json").read_text())["entries"] == []
    resolved = cli("move", path, "maddie", "place 4/4 C")   # the phase resolves
    assert resolved.code == 0
    assert cli("publish", path, "-o", tmp_path / "public.json").code == 0
    public = json.loads((tmp_path / "public.json").read_text(encoding="utf-8"))
    sealed = public["entries"][0]
    assert sealed["move"] and sealed["nonce"] and sealed["commit"]
    revealed = resolved.out.split("Revealed now (sealed when entered):")[1]   # what move prints to paste
    assert "#1 Sally: t1 place 1/1 A" in revealed and f"revealed with nonce {sealed['nonce']}" in revealed
    assert cli("check", tmp_path / "public.json", "--head", receipt).code == 0
    post = cli("post", path, "--dry-run").out
    assert f"revealed with nonce {sealed['nonce']}" in post
    replayed = cli("replay", path, "--format", "json").json
    assert replayed["entries"][0]["nonce"] == sealed["nonce"] and replayed["entries"][0]["commit"] == sealed["commit"]


@pytest.mark.parametrize("fmt", TEXT_FORMATS)
def test_a_public_output_ends_with_its_head_g9(cli, tmp_path, fmt):
    path = new_match(cli, tmp_path / "ws.json")
    head = chain.shown(0, chain.head_zero(json.loads(path.read_text(encoding="utf-8"))))
    for args in (("board", path), ("post", path, "--dry-run")):
        out = cli(*args, "--format", fmt).out
        assert head in out.strip().splitlines()[-1], (args, out)


def test_a_player_on_a_link_gets_their_receipt_and_only_they_do_g9(cli, tmp_path):
    """Through `serve`: the API's 201 answer to a sealed submission carries the receipt, the
    player's page shows it right after their sealed move, the opponent's page does not, and
    every page shows the head (G-9)."""
    from starlette.testclient import TestClient

    from adjudicator.web.app import Settings, create_app

    folder = tmp_path / "served"
    folder.mkdir()
    path = new_match(cli, folder / "ws.json")
    links = linked(path, ("sally", "maddie"))
    with TestClient(create_app(Settings(folder=folder), keep=False)) as client:
        answer = client.post(links.of("sally"), json={"text": "place 1/1 A"})
        assert answer.status_code == 201
        entry = json.loads(path.read_text(encoding="utf-8"))["entries"][0]
        receipt = chain.receipt(1, entry["hash"])
        assert answer.json()["receipt"] == receipt
        sally, maddie = client.get(links.of("sally")).text, client.get(links.of("maddie")).text
        board = client.get("/m/ws/board.json").text
    assert board == cli("board", path, "--format", "json").out and '"log": {' in board   # byte for byte, with its head
    shown = chain.shown(1, entry["hash"])
    assert f"Your receipt: <b>{shown}</b>" in sally and f"--head {receipt}" in sally
    assert "Your receipt" not in maddie and shown in maddie   # the head is public; the receipt is Sally's


def test_board_at_an_entry_shows_the_head_after_it_g9(cli, tmp_path):
    """`board --at SEQ` (read entry by entry) ends with the head after that entry, and its
    JSON carries it whole; an unchained match's board has no head."""
    path = new_match(cli, tmp_path / "ws.json")
    for player, move in (("sally", "place 1/1 A"), ("maddie", "place 4/4 C"), ("sally", "place 1/2 B")):
        assert cli("move", path, player, move).code == 0
    entries = json.loads(path.read_text(encoding="utf-8"))["entries"]
    for seq in (1, 2, 3):
        assert cli("board", path, "--at", str(seq)).out.rstrip().splitlines()[-1] == \
            chain.shown(seq, entries[seq - 1]["hash"])
        assert cli("board", path, "--at", str(seq), "--format", "json").json["log"] == \
            {"seq": seq, "head": entries[seq - 1]["hash"]}
    from helpers import REPO

    old = cli("board", REPO / "matches" / "arrowbic-retake.json", "--format", "json")
    assert old.code == 0 and "log" not in old.json
    assert not cli("board", REPO / "matches" / "arrowbic-retake.json").out.rstrip().splitlines()[-1].startswith("log ")
