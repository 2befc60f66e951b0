"""Match files: schema errors that name entry and field, sequence, players, atomic locked writes."""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import signal
import time
from pathlib import Path

import pytest

from adjudicator import matchfile, session
from adjudicator.errors import MatchFileError, RefusedError
from helpers import REPO
from helpers.matches import dice_match, setup_entries


# How long to wait for another process before calling it hung: long enough for the
# busiest machine, so only a hang fails a test, never slowness.
WAIT = 300.0


def prepare(data):
    return matchfile.prepare(data, Path("m.json"))


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.update(format="adjudicator-match/2"), r"m.json: field format: must be \"adjudicator-match/1\""),
    (lambda d: d.pop("players"), r"field \(top level\): 'players' is missing"),
    (lambda d: d.update(entires=[]), r"unknown field \('entires' was unexpected\)"),
    (lambda d: d["entries"][1].pop("move"), r"entries\[1\] \(seq 2\): 'move' is missing"),
    (lambda d: d["entries"][0].update(at="yesterday"), r"entries\[0\] \(seq 1\), field at: \"yesterday\" is not an RFC 3339"),
    (lambda d: d["entries"][0].update(at="xT"), r"field at: \"xT\" is not an RFC 3339"),
    (lambda d: d["entries"][0].update(at="2026-11-21T20:14:05"), r"field at: .* is not an RFC 3339"),
    (lambda d: d["entries"][0]["chance"].update(dice="3"), r"entries\[0\] \(seq 1\), field chance.dice: '3' is not of type 'array'"),
    (lambda d: d["entries"][1].update(type="chance"), r"entries\[1\] \(seq 2\)"),
    (lambda d: d["entries"][1]["move"].update(attack=True), r"entries\[1\] \(seq 2\), field move"),
    (lambda d: d["rules"].update(ruleset="../../etc/passwd"), r"field rules.ruleset"),
])
def test_schema_errors_name_entry_and_field(mutate, message):
    data = dice_match(setup_entries([1, 2, 3], [4, 5, 6]))
    mutate(data)
    with pytest.raises(MatchFileError, match=message):
        prepare(data)


def test_seq_must_be_contiguous():
    data = dice_match(setup_entries([1, 2, 3], [4, 5, 6]))
    data["entries"][2]["seq"] = 7
    with pytest.raises(MatchFileError, match=r"entries\[2\] \(seq 7\), field seq: expected 3"):
        prepare(data)


def test_unknown_player_in_entry():
    data = dice_match([("roll", 1, 2, 3), ("anne", {"reroll": []})])
    with pytest.raises(MatchFileError, match=r"entries\[1\] \(seq 2\), field player: 'anne' is not a player"):
        prepare(data)


def test_unknown_player_in_host_entry_and_header():
    data = dice_match([("host", {"action": "forfeit", "player": "zed"})])
    with pytest.raises(MatchFileError, match=r"field host.player: 'zed'"):
        prepare(data)
    with pytest.raises(MatchFileError, match=r"field first: 'zed'"):
        prepare(dice_match(first="zed"))


def test_unknown_ruleset_suggests_the_nearest():
    data = dice_match()
    data["rules"]["ruleset"] = "dice-tug-of-wars"
    with pytest.raises(MatchFileError, match=r"Unknown ruleset 'dice-tug-of-wars' \(did you mean 'dice-tug-of-war'\?\)"):
        prepare(data)


def test_unknown_item_in_header():
    data = dice_match()
    data["players"][0]["items"] = ["starter"]
    with pytest.raises(MatchFileError, match=r"players\[0\], field items\[0\]: 'starter' is not an item"):
        prepare(data)


def test_same_side_twice():
    data = dice_match()
    data["players"][1]["side"] = "yellow"
    with pytest.raises(MatchFileError, match="both players are 'yellow'"):
        prepare(data)


def test_params_override_checked():
    data = dice_match()
    data["rules"]["params"] = {"pawnz": 20}
    with pytest.raises(MatchFileError, match=r"rules.params.pawnz: unknown parameter \(did you mean 'pawns'\?\)"):
        prepare(data)
    data["rules"]["params"] = {"pawns": "many"}
    with pytest.raises(MatchFileError, match="expected a whole number"):
        prepare(data)


def test_ruleset_hash_change_warns():
    data = dice_match()
    data["rules"]["sha256"] = "0" * 64
    assert "has changed since this match was created" in prepare(data).warnings[0]


@pytest.mark.parametrize("raw, message", [
    (b"{not json", "not valid JSON at line 1, column 2"),
    (b"\xff\xfe{}", "not UTF-8 text"),
    (b"[" * 100000, "nested too deeply"),
])
def test_unreadable_files(tmp_path, raw, message):
    path = tmp_path / "m.json"
    path.write_bytes(raw)
    with pytest.raises(MatchFileError, match=message):
        matchfile.load(path)


def test_missing_file(tmp_path):
    with pytest.raises(MatchFileError, match="no such match file"):
        matchfile.load(tmp_path / "nope.json")


def test_dumps_round_trips_and_puts_one_entry_per_line():
    data = json.loads((REPO / "matches" / "dice-demo.json").read_text(encoding="utf-8"))
    text = matchfile.dumps(data)
    assert json.loads(text) == data
    assert sum(1 for line in text.splitlines() if line.lstrip().startswith('{"seq"')) == len(data["entries"])


def test_write_atomic_leaves_no_temp_and_is_owner_only(tmp_path):
    """A match may hold sealed moves and Hidden Values: a rewrite leaves it owner-only."""
    path = tmp_path / "m.json"
    path.write_text("{}")
    os.chmod(path, 0o644)
    matchfile.write_atomic(path, '{"a": 1}\n')
    assert path.read_text() == '{"a": 1}\n'
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    assert [p.name for p in tmp_path.iterdir()] == ["m.json"]


def test_refused_move_writes_nothing(write):
    path = write(dice_match([("roll", 1, 2, 3)]))
    before = path.read_bytes()
    with pytest.raises(RefusedError, match=r"refused \(not-your-turn\), nothing written. It is Bernd's turn"):
        session.append_entry(path, lambda m, r: {"type": "move", "player": "anna", "move": {"reroll": []}})
    assert path.read_bytes() == before


def _append_rolls(path: str, count: int, start: multiprocessing.Event, worker: int = 0) -> None:
    start.wait()
    for k in range(count):
        session.append_entry(Path(path), lambda m, r, k=k: {"type": "host", "host": {"action": "deadline"},
                                                             "note": f"w{worker}-{k}"})


def test_concurrent_appends_lose_nothing(write):
    """Four processes append at once; every entry arrives, in order, in a valid file: each
    writer's ten entries are all there, in the order it made them."""
    path = write(dice_match())
    start = multiprocessing.Event()
    workers = [multiprocessing.Process(target=_append_rolls, args=(str(path), 10, start, n)) for n in range(4)]
    for w in workers:
        w.start()
    start.set()
    for w in workers:
        w.join(WAIT)   # a bound against a hang, not a speed limit
        if w.exitcode is None:
            w.kill()
        assert w.exitcode == 0
    match = matchfile.load(path)
    assert [e["seq"] for e in match.entries] == list(range(1, 41))
    for n in range(4):
        assert [e["note"] for e in match.entries if e["note"].startswith(f"w{n}-")] == [f"w{n}-{k}" for k in range(10)]
    assert matchfile.dumps(match.data) == path.read_text(encoding="utf-8")


def _slow_writer(path: str) -> None:
    """Takes the lock and dies while holding it, mid-way through an append."""
    with matchfile.locked(Path(path)):
        Path(path + ".holding").write_text("x")
        time.sleep(2 * WAIT)   # killed long before


def test_killed_writer_leaves_the_file_whole_and_unlocked(write):
    """A writer killed while it holds the lock leaves the file as it was, and unlocked."""
    path = write(dice_match([("roll", 1, 2, 3)]))
    before = path.read_bytes()
    proc = multiprocessing.Process(target=_slow_writer, args=(str(path),))
    proc.start()
    holding = Path(str(path) + ".holding")
    deadline = time.monotonic() + WAIT
    while not holding.exists() and time.monotonic() < deadline and proc.is_alive():
        time.sleep(0.01)
    os.kill(proc.pid, signal.SIGKILL)
    assert holding.exists(), "the writer never took the lock, so this test killed it too early"
    proc.join()
    assert path.read_bytes() == before
    session.append_entry(path, lambda m, r: {"type": "move", "player": "bernd", "move": {"reroll": []}})
    assert len(matchfile.load(path).entries) == 2


def _append_until_killed(path: str, accepted: str, first: int) -> None:
    """Append entries n{first}, n{first+1}, ... and log each one once `append_entry` returns."""
    k = first
    while True:
        session.append_entry(Path(path), lambda m, r, k=k: {"type": "host", "host": {"action": "deadline"},
                                                             "note": f"n{k}"})
        with open(accepted, "a", encoding="utf-8") as fh:
            fh.write(f"{k}\n")
            fh.flush()
            os.fsync(fh.fileno())
        k += 1


def _wait_for_lines(path: Path, count: int, timeout: float = 300.0) -> None:
    deadline = time.monotonic() + timeout
    while path.read_text(encoding="utf-8").count("\n") < count:
        assert time.monotonic() < deadline, "the writer made no progress"
        time.sleep(0.005)


def test_writers_killed_at_random_moments_leave_a_prefix_of_their_entries(write, tmp_path):
    """SIGKILL an appending process at five random moments (mid-write, mid-rename, holding the
    lock or not): each time the file loads, is in the tool's own form, and holds exactly the
    entries appended so far, in order: every one the writer was told was written, and at
    most the one it was writing."""
    path, accepted = write(dice_match()), tmp_path / "accepted.txt"
    accepted.write_text("")
    rnd = random.Random(20261121)
    for _ in range(5):
        first = len(matchfile.load(path).entries)
        proc = multiprocessing.Process(target=_append_until_killed, args=(str(path), str(accepted), first))
        proc.start()
        try:
            _wait_for_lines(accepted, first + 1)   # the writer is under way: kill it somewhere mid-stream
            time.sleep(rnd.uniform(0.0, 0.3))
        finally:
            os.kill(proc.pid, signal.SIGKILL)   # even when the wait failed: never leave it appending
            proc.join()
        match = matchfile.load(path)
        notes = [e["note"] for e in match.entries]
        assert notes == [f"n{k}" for k in range(len(notes))]
        assert [e["seq"] for e in match.entries] == list(range(1, len(notes) + 1))
        assert matchfile.dumps(match.data) == path.read_text(encoding="utf-8")
        lines = accepted.read_text(encoding="utf-8").split("\n")[:-1]   # a torn last line was never acknowledged
        told = {int(line) for line in lines}
        assert told <= set(range(len(notes)))     # every entry a writer was told of is there
        assert len(notes) <= max(told) + 2        # and after the last of them, at most the one in flight


def test_lock_times_out_with_a_message(write):
    path = write(dice_match())
    with matchfile.locked(path):
        proc_result = multiprocessing.Queue()

        def try_lock(q):
            try:
                with matchfile.locked(path, timeout=0.2):
                    q.put("locked")
            except MatchFileError as exc:
                q.put(exc.message)
        p = multiprocessing.Process(target=try_lock, args=(proc_result,))
        p.start()
        message = proc_result.get(timeout=WAIT)   # the child gives up after 0.2 s of trying
        p.join(WAIT)
        assert "another adjudicator has been writing to it" in message


def test_record_illegal_marks_the_entry(write):
    path = write(dice_match([("roll", 1, 2, 3)]))
    session.append_entry(path, lambda m, r: {"type": "move", "player": "anna", "move": {"reroll": []}},
                         record_illegal=True)
    entry = matchfile.load(path).entries[-1]
    assert entry["flagged"] == "not-your-turn"
