"""usecases.times: `--at` read in the match's own time zone."""

from __future__ import annotations

import pytest

from adjudicator.errors import MatchFileError, OptionError
from adjudicator.usecases.times import entry_time
from helpers.matches import dice_match


def test_a_local_time_is_read_in_the_match_zone(write):
    path = write(dice_match(time_zone="Europe/Berlin"))
    assert entry_time("2026-11-21 20:14", path) == "2026-11-21T19:14:00Z"
    assert entry_time("2026-11-21T20:14:05+01:00", path) == "2026-11-21T20:14:05+01:00"   # exact: as given


def test_a_bad_time_names_the_option_and_a_bad_zone_the_file(write):
    with pytest.raises(OptionError) as caught:
        entry_time("yesterday-ish", write(dice_match()))
    assert caught.value.option == "--at"
    with pytest.raises(MatchFileError):
        entry_time("20:14", write(dice_match(time_zone="Mars/Olympus"), "bad.json"))
