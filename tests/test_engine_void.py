"""Undo with the record kept: host `void` entries (G-4, SPEC "Match file").

A void leaves its target in the file, replay leaves the target out and adjudicates what
follows again; later entries that become illegal are flagged with the reason; a void may
be voided; seed-drawn dice stay verifiable; sealed content never leaks through a void.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator import check, wording
from adjudicator.engine import voided_entries
from helpers.matches import add, dice_match, flags, replayed, setup_entries
from helpers.strategies import scaled
from helpers.winning_streak import place, ws_match


def void(seq: int, reason: str = "typo") -> tuple:
    return ("host", {"action": "void", "seq": seq, "reason": reason})


def started_dice(*entries: tuple) -> dict:
    """bernd (12) vs anna (3) after set-up, anna to roll; then `entries`."""
    return dice_match(setup_entries([2, 4, 6], [1, 1, 1]) + list(entries))


def test_voided_entries_reads_voids_of_voids_backwards_g4():
    entries = [{"seq": 1, "type": "chance"}, {"seq": 2, "type": "chance"},
               {"seq": 3, "type": "host", "host": {"action": "void", "seq": 2}},
               {"seq": 4, "type": "host", "host": {"action": "void", "seq": 3}},
               {"seq": 5, "type": "host", "host": {"action": "void", "seq": 1}},
               {"seq": 6, "type": "host", "host": {"action": "void", "seq": 1}}]
    # 4 voids 3, so 2 stands; 5 and 6 both void 1, the earlier one is named.
    assert voided_entries(entries) == {3: 4, 1: 5}


def test_void_leaves_the_entry_out_and_readjudicates_g4():
    """anna's attack (entry 6) is voided: replay leaves it out, and her re-typed trade counts."""
    data = started_dice(("roll", 3, 3, 3), ("anna", {"attack": True}), void(6, "anna posted trade 3 for 1"))
    match, replay = replayed(data)
    assert flags(replay) == []
    assert match.game.public_view(replay.state)["team"]["bernd"] == 12   # the attack never happened
    assert replay.to_act() == ["anna"]
    assert replay.log[5].voided_by == 7 and "voided by entry 7" in wording.text(replay.game, replay.log[5].events[0])
    said = replay.log[6].events[0]
    assert "voids entry 6" in wording.text(replay.game, said) and "anna posted trade 3 for 1" in wording.text(replay.game, said) and said.rulings == ("G-4",)
    add(data, ("anna", {"trade": {"rolled": 3, "column": 1}}))
    match, replay = replayed(data)
    assert flags(replay) == [] and match.game.public_view(replay.state)["column"]["anna"] == [1, 1, 3]


def test_entries_that_become_illegal_are_flagged_with_the_reason_g4():
    """Voiding the roll makes anna's attack come before any roll: flagged, naming the void."""
    data = started_dice(("roll", 3, 3, 3), ("anna", {"attack": True}), void(5, "the roll was for another match"))
    match, replay = replayed(data)
    assert flags(replay) == [(6, "chance-due")]
    assert "(after entry 7 voided entry 5)" in wording.flag_message(replay.flags[0])


def test_a_void_of_a_void_brings_the_entry_back_g4():
    data = started_dice(("roll", 3, 3, 3), ("anna", {"attack": True}), void(6), void(7, "the attack was right"))
    match, replay = replayed(data)
    assert match.game.public_view(replay.state)["team"]["bernd"] == 9
    assert replay.log[6].voided_by == 8 and replay.log[5].voided_by is None


def test_voiding_an_end_by_mistake_resumes_the_match_g4():
    data = started_dice(("host", {"action": "end", "winner": "bernd"}), void(5, "ended by mistake"))
    match, replay = replayed(data)
    assert replay.outcome is None and replay.to_act() == [] and replay.chance_due() is not None
    assert flags(replay) == []   # a void after the end is not refused as "match over"


@pytest.mark.parametrize("target", [8, 9])
def test_a_void_must_name_an_earlier_entry_g4(target):
    match, replay = replayed(started_dice(("roll", 3, 3, 3), ("anna", {"attack": True}), void(7), void(target)))
    assert (8, "void-target") in flags(replay)


def test_board_at_an_earlier_entry_shows_the_log_as_it_stood(cli, write):
    path = write(started_dice(("roll", 3, 3, 3), ("anna", {"attack": True}), void(6)))
    before = cli("board", path, "--at", "6", "--format", "json").json
    after = cli("board", path, "--format", "json").json
    assert before["board"]["team"]["bernd"] == 9 and after["board"]["team"]["bernd"] == 12


def test_seed_drawn_dice_stay_verifiable_after_a_void_dt7(cli, tmp_path):
    """A roll drawn from the seed, voided, then drawn again: both check against the seed."""
    path = tmp_path / "m.json"
    assert cli("new", "dice-tug-of-war", "-p", "bernd=Bernd:yellow", "-p", "anna=Anna:red", "-o", path,
               "--untimed").code == 0
    assert cli("roll", path, "--without-salts").code == 0
    assert cli("host", path, "void", "last", "--reason", "rolled too early").code == 0
    assert cli("roll", path, "--without-salts").code == 0
    row = check.check_file(str(path), session_seed(path))
    assert row["verdict"] == "ok" and row["rolls"] == {"verified": 2, "transcribed": 0, "wrong": 0}
    data = json.loads(path.read_text())
    data["entries"][0]["chance"]["dice"] = [7 - d for d in data["entries"][0]["chance"]["dice"]]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert check.check_file(str(path), session_seed(path))["rolls"]["wrong"] == 1   # the voided roll is checked too


def session_seed(path):
    from adjudicator.dice import read_seed

    return read_seed(path.with_suffix(".seed"))


# --- the command line ---------------------------------------------------------------------

def test_cli_void_last_keeps_the_record(cli, write):
    path = write(started_dice(("roll", 3, 3, 3)))
    assert cli("move", path, "anna", "attack", "--at", "2026-11-21T20:00:00Z").code == 0
    res = cli("host", path, "void", "last", "--reason", "anna meant trade 3 for 1", "--at", "2026-11-21T20:01:00Z")
    assert res.code == 0, res.err
    entries = json.loads(path.read_text())["entries"]
    assert entries[5]["move"] == {"attack": True}                     # still in the file
    assert entries[6]["host"] == {"action": "void", "seq": 6, "reason": "anna meant trade 3 for 1"}
    assert "voids entry 6" in res.out


def test_cli_void_last_twice_undoes_two_entries(cli, write):
    """`last` is the latest entry still in effect that is not a void: an undo stack."""
    path = write(started_dice())
    cli("roll", path, "--values", "3", "3", "3", "--at", "2026-11-21T20:00:00Z")
    cli("move", path, "anna", "attack", "--at", "2026-11-21T20:00:01Z")
    cli("host", path, "void", "last", "--reason", "one", "--at", "2026-11-21T20:00:02Z")
    cli("host", path, "void", "last", "--reason", "two", "--at", "2026-11-21T20:00:03Z")
    hosts = [e["host"]["seq"] for e in json.loads(path.read_text())["entries"] if e["type"] == "host"]
    assert hosts == [6, 5]


@pytest.mark.parametrize("args, code, message", [
    (("void", "last"), 2, "'void' needs --reason"),
    (("void", "abc", "--reason", "x"), 2, "its number or 'last'"),
    (("void", "99", "--reason", "x"), 2, "there is no entry 99 to void"),
    (("void", "4", "--reason", "x", "--at", "2026-11-21T20:00:09Z"), 1, "already voided by entry 5"),
    (("draw", "--reason", "x"), 2, "--reason goes with 'end', 'void' or 'clock'"),
])
def test_cli_void_refusals(cli, write, args, code, message):
    path = write(started_dice(void(4)))
    before = path.read_bytes()
    res = cli("host", path, *args)
    assert res.code == code and message in res.err, res.err
    assert path.read_bytes() == before


def test_cli_void_warns_of_entries_it_makes_illegal(cli, write):
    path = write(started_dice(("roll", 3, 3, 3), ("anna", {"attack": True})))
    res = cli("host", path, "void", "5", "--reason", "wrong roll", "--at", "2026-11-21T20:00:00Z")
    assert res.code == 0 and "entry 6 is now flagged (chance-due)" in res.err


def test_a_voided_sealed_submission_never_shows_in_public(cli, write):
    """Two matches that differ only in a sealed placement that was voided print the same."""
    outputs = []
    for troop in ("5/5", "1/1"):
        data = ws_match()
        add(data, ("sally", place(1, troop, "A")))
        add(data, void(1, "sally changed her mind"))
        path = write(data, f"ws-{troop.replace('/', '-')}.json")
        outputs.append([cli(*args).out.replace(path.name, "M") for args in
                        (("replay", path), ("replay", path, "--format", "json"),
                         ("board", path, "--format", "bbcode"))])
    assert outputs[0] == outputs[1]
    assert "sealed submission" in outputs[0][0]


def test_match_schema_takes_void_and_needs_its_seq(cli, write):
    data = started_dice(("host", {"action": "void", "reason": "x"}))
    res = cli("check", write(data))
    assert res.code == 2 and "seq" in res.out


def test_a_voided_entry_recorded_as_illegal_does_not_fail_check(write):
    """An entry the host recorded as illegal and then voided is neither flagged nor a problem."""
    data = started_dice(("bernd", {"attack": True}), void(5, "posted in the wrong match"))
    data["entries"][4]["flagged"] = "chance-due"
    row = check.check_file(str(write(data)))
    assert row["verdict"] == "ok" and row["problems"] == []


def test_an_entry_typed_with_a_wrong_time_can_be_voided_and_typed_again_g7(cli, write, monkeypatch):
    """A host types --at a day late by mistake: voiding it (stamped now, earlier) is allowed,
    and the entry typed again with the right time is accepted and timed from the right moment."""
    path = write(started_dice(("roll", 3, 3, 3)))
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-22T20:30:00Z")
    assert cli("move", path, "anna", "attack", "--at", "2026-11-22T20:00:00Z").code == 0       # meant the 21st
    assert cli("host", path, "void", "last", "--reason", "wrong day", "--at", "2026-11-21T20:05:00Z").code == 0
    res = cli("move", path, "anna", "attack", "--at", "2026-11-21T20:01:00Z")
    assert res.code == 0, res.err
    assert flags(replayed(json.loads(path.read_text()))[1]) == []


def test_a_checkpoint_resumes_as_the_replay_from_the_start_would_g4():
    """engine.Checkpoint: a replay that stepped on past a checkpoint, resumed there knowing a
    void it had not and stepped again, is the replay of the same entries from the start with
    that void: same board, flags, draws and words of every entry, the history before the
    checkpoint reused (a page's rebuild at a void starts there, not at entry 1)."""
    from adjudicator.engine import Replay
    from adjudicator.views import entry_text

    data = started_dice(("roll", 3, 3, 3), ("anna", {"attack": True}), ("roll", 2, 2, 2), void(6, "typo"))
    match, _ = replayed(data)
    entries = match.entries
    replay = Replay(match.game).run(entries[:5])
    saved = replay.checkpoint()
    for entry in entries[5:8]:   # on past the checkpoint, not knowing the void yet
        replay.step(entry)
    kept = replay.log[:5]
    resumed = saved.resume(replay, {6: 8})
    for entry in entries[5:]:
        resumed.step(entry)
    fresh = Replay(match.game).run(entries)
    assert resumed.log[:5] == kept and all(a is b for a, b in zip(resumed.log, kept))
    assert [entry_text(log) for log in resumed.log] == [entry_text(log) for log in fresh.log]
    assert flags(resumed) == flags(fresh) and resumed.draws == fresh.draws
    assert match.game.public_view(resumed.state) == match.game.public_view(fresh.state)
    assert resumed.to_act() == fresh.to_act() and resumed.voided == fresh.voided == {6: 8}


# --- The voids so far, void by void (engine.VoidsSoFar) ----------------------------

@st.composite
def logs_with_voids(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Entries of which some are host voids naming any seq, an earlier one most often (G-4)."""
    entries: list[dict[str, Any]] = []
    for seq in range(1, draw(st.integers(1, 40)) + 1):
        if seq > 1 and draw(st.booleans()):
            target = draw(st.one_of(st.integers(1, seq - 1), st.integers(1, seq - 1), st.integers(-1, seq + 1),
                                    st.just("7")))
            entries.append({"seq": seq, "type": "host", "host": {"action": "void", "seq": target}})
        else:
            entries.append({"seq": seq, "type": "chance", "chance": {"dice": [1]}})
    return entries


@scaled(150)
@given(entries=logs_with_voids())
def test_the_voids_so_far_are_those_of_the_log_read_so_far(entries):
    """After each void, VoidsSoFar leaves out what `voided_entries` of the log up to it does,
    and says the lowest seq whose voiding changed (the replay is rebuilt from there)."""
    from adjudicator.engine import is_void, voided_entries
    from adjudicator.engine import VoidsSoFar

    known, before = VoidsSoFar(), {}
    for index, entry in enumerate(entries):
        changed = known.add(entry) if is_void(entry) else None
        now = voided_entries(entries[:index + 1])
        assert known.voided == now
        differ = [seq for seq in set(before) | set(now) if before.get(seq) != now.get(seq)]
        assert changed == (min(differ) if differ else None)
        before = now


def test_a_chain_of_voids_brings_back_every_other_entry():
    """Void 3 voids void 2, so entry 1 stands; void 4 voids void 3, so void 2 counts again and
    entry 1 is left out: one void changes the whole chain (G-4)."""
    from adjudicator.engine import VoidsSoFar

    known = VoidsSoFar()
    seen = []
    for seq in range(2, 6):
        changed = known.add({"seq": seq, "type": "host", "host": {"action": "void", "seq": seq - 1}})
        seen.append((changed, dict(known.voided)))
    assert seen == [(1, {1: 2}), (1, {2: 3}), (1, {3: 4, 1: 2}), (1, {4: 5, 2: 3})]
