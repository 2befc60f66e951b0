"""`check --head N:HASH` (G-9): a file matches a head when its first N entries hash to it and
every revealed sealed move matches its commitment; an entry altered, dropped, inserted,
reordered or re-dated, sealed or public, is a mismatch naming the first entry that differs.
Matches made before G-9 are unchained, not wrong."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any, Callable

import pytest

from adjudicator import chain
from helpers import REPO

Tamper = Callable[[list[dict[str, Any]], int], None]


def played(cli: Any, path: Path) -> Path:
    """A Track Trouble match as `new` makes it (chained): two sealed rounds, resolved.
    Entry 1 (Sally's sealed submission) and 3 (Sally's again) entered as commitments;
    2 and 4 resolved their phases, so they were public when written."""
    assert cli("new", "track-trouble", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue", "--untimed",
               "-o", path).code == 0
    for player, move in (("sally", "1 T1"), ("maddie", "1 T2"), ("sally", "nothing"), ("maddie", "nothing"),
                         ("sally", "nothing")):
        assert cli("move", path, player, move).code == 0
    return path


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def save(path: Path, data: dict[str, Any]) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def head_of(path: Path, seq: int) -> str:
    found = chain.head_of(load(path), until=seq)
    assert found is not None
    return chain.receipt(*found)


def renumber(entries: list[dict[str, Any]]) -> None:
    for index, entry in enumerate(entries, 1):   # the schema asks for gapless seqs
        entry["seq"] = index


def alter(entries: list[dict[str, Any]], seq: int) -> None:
    entries[seq - 1]["move"] = {"round": 1, "crossing": 1, "actions": [{"miner": 1, "board": "T3"}]}
    entries[seq - 1]["text"] = "1 T3"


def redate(entries: list[dict[str, Any]], seq: int) -> None:
    entries[seq - 1]["at"] = "2026-11-21T09:00:00Z"


def drop(entries: list[dict[str, Any]], seq: int) -> None:
    del entries[seq - 1]
    renumber(entries)


def insert(entries: list[dict[str, Any]], seq: int) -> None:
    entries.insert(seq - 1, {"seq": seq, "at": "2026-11-21T09:00:00Z", "type": "host",
                             "host": {"action": "clock-off"}})
    renumber(entries)


def reorder(entries: list[dict[str, Any]], seq: int) -> None:
    entries[seq - 1], entries[seq] = entries[seq], entries[seq - 1]
    renumber(entries)


TAMPER: dict[str, Tamper] = {"altered": alter, "re-dated": redate, "dropped": drop, "inserted": insert,
                             "reordered": reorder}


@pytest.mark.parametrize("seq", [1, 2], ids=["sealed", "public"])
@pytest.mark.parametrize("how", sorted(TAMPER))
def test_check_head_fails_naming_the_entry_changed_g9(cli, tmp_path, how, seq):
    """G-9: alter, re-date, drop, insert or reorder one earlier entry (1: a sealed submission
    entered as a commitment; 2: a public one) and `check --head` fails naming it."""
    path = played(cli, tmp_path / "m.json")
    head = head_of(path, 5)
    assert "commit" in load(path)["entries"][0] and "commit" not in load(path)["entries"][1]
    ok = cli("check", path, "--head", head)
    assert ok.code == 0 and f"head {head} matches" in ok.out
    data = load(path)
    TAMPER[how](data["entries"], seq)
    save(path, data)
    res = cli("check", path, "--head", head)
    assert res.code == 1, res.out
    said = re.search(rf"entry (\d+) differs from the log that head {head} named: (.*)", res.out)
    assert said is not None, res.out
    assert int(said.group(1)) == seq, res.out
    assert res.err == "" and "Traceback" not in res.out


def test_a_sealed_move_altered_after_resolution_fails_its_commitment_g9(cli, tmp_path):
    """G-9: the chain covers a sealed move only through its commitment: a move changed after
    its phase resolved, nothing else touched, fails the commitment, head or no head."""
    path = played(cli, tmp_path / "m.json")
    head = head_of(path, 5)
    data = load(path)
    data["entries"][0]["move"]["actions"][0]["board"] = "T3"   # the move only, not its post's text
    save(path, data)
    for extra in ((), ("--head", head)):
        res = cli("check", path, *extra)
        assert res.code == 1 and "entry 1 " in res.out and "does not match the commitment" in res.out


def test_a_log_rewritten_with_its_links_fails_the_head_g9(cli, tmp_path):
    """A host who re-dates an entry and makes every link again has a consistent file: only
    the head a player kept tells (G-9)."""
    from helpers.matches import relink

    path = played(cli, tmp_path / "m.json")
    head = head_of(path, 4)
    data = load(path)
    redate(data["entries"], 1)   # earlier still: the first entry, in an untimed match, is legal so
    save(path, relink(data))
    assert cli("check", path).code == 0
    res = cli("check", path, "--head", head)
    assert res.code == 1 and f"entry 4 differs from the log that head {head} named" in res.out
    assert "rewritten" in res.out


def test_an_earlier_head_still_matches_after_more_entries_g9(cli, tmp_path):
    path = played(cli, tmp_path / "m.json")
    early = head_of(path, 2)
    assert cli("move", path, "maddie", "nothing").code == 0
    res = cli("check", path, "--head", early, "--head", head_of(path, 6), "--format", "json")
    assert res.code == 0 and res.json["files"][0]["heads"] == {early: True, head_of(path, 6): True}
    assert res.json["files"][0]["chain"] == "verified"


def test_the_head_as_shown_is_taken_too_g9(cli, tmp_path):
    path = played(cli, tmp_path / "m.json")
    found = chain.head_of(load(path))
    assert found is not None
    assert cli("check", path, "--head", chain.shown(*found)).code == 0


@pytest.mark.parametrize("bad", ["27", "27:3f9a", "x:3f9a21c0", "3f9a21c0", "-1:3f9a21c0"])
def test_a_malformed_head_is_a_usage_error_g9(cli, tmp_path, bad):
    path = played(cli, tmp_path / "m.json")
    res = cli("check", path, "--head", bad)
    assert res.code == 2 and "--head" in res.err and "Traceback" not in res.err


def test_a_head_names_one_file_g9(cli, tmp_path):
    path = played(cli, tmp_path / "m.json")
    res = cli("check", path, path, "--head", head_of(path, 1))
    assert res.code == 2 and "--head" in res.err


def test_a_head_beyond_the_file_g9(cli, tmp_path):
    path = played(cli, tmp_path / "m.json")
    head = head_of(path, 5)
    data = load(path)
    data["entries"].pop()
    save(path, data)
    res = cli("check", path, "--head", head)
    assert res.code == 1 and "entry 5 and what follows were dropped" in res.out


def test_an_unchained_match_is_reported_as_such_g9(cli, tmp_path):
    """Matches made before G-9 check as before, `unchained` noted, in every format; given a
    head they cannot match it, and say why."""
    path = tmp_path / "old.json"
    shutil.copy(REPO / "matches" / "arrowbic-retake.json", path)
    text = cli("check", path)
    assert text.code == 0 and f"{path}: unchained" in text.out
    data = cli("check", path, "--format", "json")
    assert data.code == 0 and data.json["files"][0]["chain"] == "unchained"
    junit = cli("check", path, "--format", "junit")
    assert junit.code == 0 and "unchained" in junit.out
    res = cli("check", path, "--head", "3:3f9a21c0")
    assert res.code == 1 and "carries no audited log (made before G-9)" in res.out


def test_every_example_match_is_unchained_and_fine_g9(cli):
    res = cli("check", *sorted((REPO / "matches").glob("*.json")), "--format", "json")
    assert res.code == 0 and res.json["files"]
    assert {row["chain"] for row in res.json["files"]} == {"unchained"}


def test_an_entry_written_by_hand_at_the_end_is_linked_by_the_next_write_g9(cli, tmp_path):
    """A host may write an entry by hand (SPEC): plain `check` names it as unchained until the
    tool writes next, which links it first, in order, then its own entry (G-9)."""
    path = played(cli, tmp_path / "m.json")
    data = load(path)
    data["entries"].append({"seq": 6, "at": "2026-12-07T12:00:00Z", "type": "host", "host": {"action": "clock-off"}})
    save(path, data)
    check = cli("check", path)
    assert check.code == 1 and "entry 6 breaks the audited log (G-9)" in check.out and "written by hand" in check.out
    res = cli("host", path, "clock", "on")
    assert res.code in (0, 1), res.err
    entries = load(path)["entries"]
    assert [e["seq"] for e in entries][-2:] == [6, 7] and entries[5]["prev"] == entries[4]["hash"]
    assert entries[6]["prev"] == entries[5]["hash"]
    assert cli("check", path, "--format", "json").json["files"][0]["chain"] != "unchained"
    head = entries[6]["hash"]
    assert cli("check", path, "--head", f"7:{head[:8]}").code in (0, 1)


def test_a_sealed_entry_written_by_hand_is_linked_as_a_commitment_g9(cli, tmp_path):
    """A sealed submission typed in by hand enters the log as a commitment when linked, so the
    head tells nothing of it (G-9)."""
    path = tmp_path / "ws.json"
    assert cli("new", "winning-streak", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue", "-o", path).code == 0
    data = load(path)
    data["entries"].append({"seq": 1, "type": "move", "player": "sally",
                            "move": {"phase": "placement", "turn": 1, "troop": "1/1", "location": "A"}})
    save(path, data)
    assert cli("move", path, "maddie", "place 2/2 B").code == 0
    first = load(path)["entries"][0]
    assert "commit" in first and "nonce" in first
    assert cli("check", path).code == 0


def test_check_with_a_seed_verifies_the_chain_too_g9(cli, tmp_path):
    """`check` reads a file with a seed beside it whole (not streamed): the chain is verified
    there as well."""
    from helpers.cli import salted_dice

    path = salted_dice(cli, tmp_path / "d.json")
    assert cli("check", path).code == 0
    data = load(path)
    data["entries"][2]["at"] = "2026-11-21T09:00:00Z"
    save(path, data)
    res = cli("check", path)
    assert res.code == 1 and "entry 3 breaks the audited log (G-9)" in res.out and "re-dated" in res.out
