"""usecases.entries, called directly: `move`, `roll` and `host` append one entry and return it
with the replay and the host's warnings."""

from __future__ import annotations

import json

import pytest

from adjudicator.errors import InputError, OptionError, RefusedError
from adjudicator.usecases.entries import HostAction, host, move, roll
from helpers.matches import dice_match, setup_entries


@pytest.fixture
def started(write):
    """A dice match after set-up: bernd (12) vs anna (3); anna to roll."""
    return write(dice_match(setup_entries([2, 4, 6], [1, 1, 1])))


def entries_of(path):
    return json.loads(path.read_text(encoding="utf-8"))["entries"]


def test_roll_transcribes_and_move_appends(started):
    rolled = roll(started, ["3", "1", "6"], transcribe=True, at="2026-11-21T20:14:05Z", note="bot")
    assert rolled.log.seq == 5 and rolled.warnings == ()
    assert entries_of(started)[-1] == {"seq": 5, "at": "2026-11-21T20:14:05Z", "type": "chance",
                                       "chance": {"dice": [3, 1, 6], "source": "external"}, "note": "bot"}
    moved = move(started, "Anna", ["attack"])
    assert moved.log.player == "anna" and len(entries_of(started)) == 6


def test_roll_refusals(started):
    with pytest.raises(OptionError) as caught:
        roll(started, ["3"])
    assert caught.value.option == "N..."
    with pytest.raises(InputError, match="whole numbers"):
        roll(started, ["three"], transcribe=True)
    roll(started, ["3", "1", "6"], transcribe=True)
    with pytest.raises(RefusedError, match="no roll is due now"):
        roll(started, ["3", "1", "6"], transcribe=True)


def test_host_void_warns_of_entries_it_flags(started):
    before = len(entries_of(started))
    voided = host(started, HostAction("void", "2", reason="kept by mistake"))
    assert voided.log.seq == before + 1 and voided.warnings
    assert all(w.startswith("warning: entry ") and "is now flagged" in w for w in voided.warnings)
    assert entries_of(started)[-1]["host"] == {"action": "void", "seq": 2, "reason": "kept by mistake"}


@pytest.mark.parametrize("act, option", [
    (HostAction("timeout"), "PLAYER"),
    (HostAction("draw", "anna"), "PLAYER"),
    (HostAction("void", "last"), "--reason"),
    (HostAction("clock", "sideways"), "off|on"),
    (HostAction("forfeit", "anna", reason="left"), "--reason"),
    (HostAction("salt", "anna", "two words"), "WORD"),
])
def test_host_refuses_arguments_before_reading_the_match(tmp_path, act, option):
    with pytest.raises(OptionError) as caught:
        host(tmp_path / "missing.json", act)
    assert caught.value.option == option


def test_host_refuses_what_changes_nothing(started):
    with pytest.raises(RefusedError, match="no open simultaneous phase"):
        host(started, HostAction("deadline"))
    with pytest.raises(RefusedError, match="already off") as caught:
        host(started, HostAction("clock", "off"))
    assert caught.value.code == "clock-unchanged"
