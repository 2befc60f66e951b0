"""The audited log's hash chain (G-9): canonical JSON, heads, commitments, and every kind of
difference `verify` names, on hand-made chained logs."""

from __future__ import annotations

import copy
import hashlib
from typing import Any

import pytest

from adjudicator import chain

HEADER: dict[str, Any] = {"format": "adjudicator-match/1", "id": "m", "rules": {"ruleset": "arrowbic"},
                          "players": [{"id": "a", "side": "red"}, {"id": "b", "side": "blue"}],
                          "chain": chain.CHAIN_SCHEME, "entries": []}


def chained(count: int = 5, sealed: tuple[int, ...] = (2,)) -> dict[str, Any]:
    """A chained log of `count` entries, those at `sealed` (seqs) committed."""
    data = copy.deepcopy(HEADER)
    for seq in range(1, count + 1):
        entry = {"seq": seq, "at": f"2026-12-07T12:{seq:02d}:00Z", "type": "move", "player": "ab"[seq % 2],
                 "move": {"n": seq}, "text": f"move {seq}"}
        data["entries"].append(chain.link(data, entry, seq in sealed))
    return data


def test_canonical_json_is_sorted_compact_utf8_g9() -> None:
    assert chain.canonical({"b": 1, "a": "é"}) == '{"a":"é","b":1}'.encode("utf-8")
    assert chain.sha256({"a": 1}) == hashlib.sha256(b'{"a":1}').hexdigest()


def test_head_zero_leaves_out_what_the_tool_rewrites_g9() -> None:
    data = chained(0)
    before = chain.head_zero(data)
    data["posted"] = {"seq": 0, "at": "2026-12-07T12:00:00Z"}
    assert chain.head_zero(data) == before
    data["title"] = "changed"
    assert chain.head_zero(data) != before


def test_each_entry_names_the_head_before_it_g9() -> None:
    data = chained(4)
    heads = [chain.head_zero(data)] + [entry["hash"] for entry in data["entries"]]
    for index, entry in enumerate(data["entries"]):
        assert entry["prev"] == heads[index]
        assert entry["hash"] == chain.entry_hash(entry)
    assert chain.head_of(data) == (4, heads[-1])
    assert chain.head_of(data, until=0) == (0, heads[0])
    assert chain.shown(27, heads[1]) == f"log 27 · {heads[1][:8]}"
    assert chain.verify(data).ok


def test_a_sealed_entry_enters_as_a_commitment_g9() -> None:
    data = chained(3, sealed=(2,))
    entry = data["entries"][1]
    assert set(entry) >= {"nonce", "commit"} and len(entry["nonce"]) == 32
    form = chain.chain_form(entry)
    # nothing of the move is in what the head covers but the commitment
    assert set(form) == {"seq", "at", "type", "player", "prev", "commit"}
    assert entry["commit"] == chain.sha256([chain.COMMIT_SCHEME, entry["move"], entry["nonce"],
                                            {"text": entry["text"]}])


def test_the_same_move_twice_gets_two_commitments_g9() -> None:
    data = chained(0)
    one = chain.link(data, {"seq": 1, "type": "move", "player": "a", "move": {"n": 1}}, True)
    two = chain.link(data, {"seq": 1, "type": "move", "player": "a", "move": {"n": 1}}, True)
    assert one["commit"] != two["commit"] and one["hash"] != two["hash"]


def test_unchained_matches_are_reported_as_such_g9() -> None:
    data = chained(2)
    del data["chain"]
    result = chain.verify(data)
    assert not result.chained and result.difference is None and result.head is None
    assert chain.head_of(data) is None


@pytest.mark.parametrize("text, head", [
    ("27:3f9a21c0", chain.Head(27, "3f9a21c0")), ("0:ABCDEF0123", chain.Head(0, "abcdef0123")),
    ("log 27 · 3f9a21c0", chain.Head(27, "3f9a21c0")),
    ("27:3f9a21c", None), ("x:3f9a21c0", None), ("27-3f9a21c0", None), ("-1:3f9a21c0", None),
    ("27:3f9a21cz", None), ("٣:3f9a21c0", None)])
def test_a_head_is_n_and_at_least_8_hex_digits_g9(text: str, head: chain.Head | None) -> None:
    assert chain.parse_head(text) == head


def given_head(data: dict[str, Any], seq: int) -> chain.Head:
    found = chain.head_of(data, until=seq)
    assert found is not None
    return chain.Head(seq, found[1][:8])


def renumber(entries: list[dict[str, Any]]) -> None:
    for index, entry in enumerate(entries, 1):
        entry["seq"] = index


def alter(data: dict[str, Any], seq: int) -> None:
    entry = data["entries"][seq - 1]
    entry["move"] = {"n": 99}
    if "commit" not in entry:
        return
    entry["text"] = "changed"   # a committed entry: the commitment finds it


def redate(data: dict[str, Any], seq: int) -> None:
    data["entries"][seq - 1]["at"] = "2026-12-07T11:00:00Z"


def drop(data: dict[str, Any], seq: int) -> None:
    del data["entries"][seq - 1]
    renumber(data["entries"])


def insert(data: dict[str, Any], seq: int) -> None:
    data["entries"].insert(seq - 1, {"seq": seq, "type": "host", "host": {"action": "draw"}})
    renumber(data["entries"])


def reorder(data: dict[str, Any], seq: int) -> None:
    entries = data["entries"]
    entries[seq - 1], entries[seq] = entries[seq], entries[seq - 1]
    renumber(entries)


KINDS = {"alter": (alter, {chain.ALTERED, chain.COMMITMENT}), "re-date": (redate, {chain.ALTERED}),
         "drop": (drop, {chain.MOVED}), "insert": (insert, {chain.UNCHAINED}),
         "reorder": (reorder, {chain.MOVED})}


@pytest.mark.parametrize("seq", [2, 3], ids=["sealed", "public"])
@pytest.mark.parametrize("how", sorted(KINDS))
def test_any_change_to_an_earlier_entry_is_named_g9(how: str, seq: int) -> None:
    data = chained(5, sealed=(2,))
    head = given_head(data, 5)
    assert chain.verify(data, head).difference is None
    tamper, kinds = KINDS[how]
    tamper(data, seq)
    result = chain.verify(data, head)
    assert result.difference is not None
    assert result.difference.seq == seq and result.difference.kind in kinds, result.difference


def test_an_inserted_entry_with_links_copied_is_named_g9() -> None:
    data = chained(5, sealed=())
    forged = chain.link({**data, "entries": data["entries"][:2]}, {"seq": 3, "type": "host", "host": {"action": "draw"}},
                        False)
    data["entries"].insert(2, forged)   # seqs left as they were: the entry after it names the same log
    result = chain.verify(data)
    assert result.difference == chain.Difference(3, chain.INSERTED)


def test_a_sealed_move_altered_after_resolution_fails_its_commitment_g9() -> None:
    data = chained(4, sealed=(2,))
    data["entries"][1]["move"] = {"n": 42}   # the chain form leaves the move out: only the commitment can tell
    assert chain.entry_hash(data["entries"][1]) == data["entries"][1]["hash"]
    assert chain.verify(data).difference == chain.Difference(2, chain.COMMITMENT)
    data["entries"][1].pop("nonce")
    assert chain.verify(data).difference == chain.Difference(2, chain.UNREVEALED)


def test_a_log_rewritten_with_its_links_differs_from_the_head_g9() -> None:
    data = chained(5, sealed=())
    head = given_head(data, 4)
    data["entries"][1]["at"] = "2026-12-07T11:00:00Z"
    for position in range(1, 5):   # every link made again after the change
        data["entries"][position] = chain.link({**data, "entries": data["entries"][:position]},
                                               data["entries"][position], False)
    result = chain.verify(data, head)
    assert chain.verify(data).ok   # consistent on its own
    assert result.difference == chain.Difference(4, chain.REWRITTEN_LOG)


def test_a_head_beyond_the_file_names_the_missing_entry_g9() -> None:
    data = chained(3)
    head = given_head(data, 3)
    data["entries"].pop()
    assert chain.verify(data, head).difference == chain.Difference(3, chain.MISSING)


def test_head_zero_and_a_later_break_g9() -> None:
    data = chained(3)
    assert chain.verify(data, given_head(data, 0)).ok
    data["entries"][2]["at"] = "2026-12-07T11:00:00Z"   # after the head: still the file's own break
    assert chain.verify(data, given_head(data, 1)).difference == chain.Difference(3, chain.ALTERED)
