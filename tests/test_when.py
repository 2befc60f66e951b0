"""Times as people write them (adjudicator.when): every form, in UTC and in
zones with DST, "today" fixed by ADJUDICATOR_NOW (conftest: 2026-11-22T12:00:00Z), never the
wall clock; `--at` of move, roll and host; the match header's `time_zone`."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from adjudicator.clock import NOW_VARIABLE
from adjudicator.errors import InputError
from adjudicator.when import ORDER_VARIABLE, ZONE_VARIABLE, TimeError, match_zone, read_time
from helpers.matches import dice_match

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=timezone.utc)
UTC = ZoneInfo("UTC")
BERLIN = ZoneInfo("Europe/Berlin")
NEW_YORK = ZoneInfo("America/New_York")


def utc(text: str, zone: ZoneInfo = UTC, now: datetime = NOW, **context) -> str:
    return read_time(text, zone, now, **context).text()


@pytest.mark.parametrize("text, expected", [
    ("2026-11-21T20:14:05Z", "2026-11-21T20:14:05Z"),
    ("2026-11-21 20:14", "2026-11-21T20:14:00Z"),
    ("2026-11-21 20:14:05", "2026-11-21T20:14:05Z"),
    ("2026-11-21T20:14", "2026-11-21T20:14:00Z"),
    ("11:14", "2026-11-22T11:14:00Z"),
    ("11:14:30", "2026-11-22T11:14:30Z"),
    ("8:14 AM", "2026-11-22T08:14:00Z"),
    ("12:00 pm", "2026-11-22T12:00:00Z"),
    ("12:05 AM", "2026-11-22T00:05:00Z"),
    ("Today at 8:14 AM", "2026-11-22T08:14:00Z"),
    ("today at 11:59", "2026-11-22T11:59:00Z"),
    ("Yesterday at 11:02 PM", "2026-11-21T23:02:00Z"),
    ("Yesterday at 23:02", "2026-11-21T23:02:00Z"),
    ("11/21/2026 8:14 PM", "2026-11-21T20:14:00Z"),
    ("21/11/2026 20:14", "2026-11-21T20:14:00Z"),
    ("11/21/26, 8:14 PM", "2026-11-21T20:14:00Z"),
    ("21.11.2026 20:14", "2026-11-21T20:14:00Z"),
    ("<t:1763756040>", "2025-11-21T20:14:00Z"),
    ("<t:1763756040:f>", "2025-11-21T20:14:00Z"),
    ("<t:1763756040:R>", "2025-11-21T20:14:00Z"),
    ("1763756040", "2025-11-21T20:14:00Z"),
])
def test_every_form_in_utc(text, expected):
    assert utc(text) == expected


def test_an_rfc3339_time_is_taken_exactly_as_given():
    reading = read_time("2026-11-22T12:30:00+01:00", UTC, NOW)
    assert reading.exact and reading.text() == "2026-11-22T11:30:00Z"


@pytest.mark.parametrize("text", ["2027-11-22T12:00:30Z", "2026-11-22T12:02:01Z", "2026-11-22T13:02:01+01:00",
                                  "<t:1800000000>", "1800000000"])
def test_a_time_later_than_now_beyond_the_skew_is_refused_g7(text):
    """G-7 (amended 2026-11-26): a post cannot be made in the future; a year typo is refused
    with the time read and the time now, not taken as a time a year ahead."""
    with pytest.raises(TimeError) as caught:
        read_time(text, UTC, NOW)
    assert "later than now" in caught.value.message and "2026-11-22" in caught.value.message


@pytest.mark.parametrize("text", ["2026-11-22T12:02:00Z", "2026-11-22T12:01:59Z", "2026-11-22T13:01:00+01:00",
                                  "2026-11-22T12:00:01Z", "12:01", "<t:1795348860>"])
def test_g7b_a_time_within_the_skew_ahead_is_taken_as_now_never_later(text):
    """G-7 (b), amended 2026-12-07: a time up to the clock skew ahead of now is a clock a
    little ahead, taken as now (never later), so it cannot buy a player time."""
    reading = read_time(text, UTC, NOW)
    assert reading.moment == NOW and reading.text() == "2026-11-22T12:00:00Z"


def test_g7b_a_time_at_or_before_now_is_kept_exactly():
    assert read_time("2026-11-22T12:00:00Z", UTC, NOW).exact
    assert read_time("2026-11-22T11:59:59Z", UTC, NOW).moment == NOW - timedelta(seconds=1)


@pytest.mark.parametrize("text, expected", [
    ("11:14", "2026-11-22T10:14:00Z"),                 # CET, +01:00
    ("Today at 8:14 AM", "2026-11-22T07:14:00Z"),
    ("Yesterday at 11:02 PM", "2026-11-21T22:02:00Z"),
    ("21/11/2026 20:14", "2026-11-21T19:14:00Z"),
    ("2026-10-24 20:14", "2026-10-24T18:14:00Z"),      # still CEST, +02:00
    ("2026-10-26 20:14", "2026-10-26T19:14:00Z"),      # CET again
    ("<t:1763756040>", "2025-11-21T20:14:00Z"),        # an instant: no zone applies
])
def test_local_times_in_berlin(text, expected):
    assert utc(text, BERLIN) == expected


def test_yesterday_across_the_change_in_berlin():
    """25 October 2026: clocks go back at 03:00 CEST. 'Yesterday' on the 26th is the 25th."""
    now = datetime(2026, 10, 26, 12, 0, tzinfo=timezone.utc)
    assert utc("Yesterday at 20:14", BERLIN, now) == "2026-10-25T19:14:00Z"      # after: CET
    assert utc("Yesterday at 1:30 AM", BERLIN, now) == "2026-10-24T23:30:00Z"    # before: CEST


def test_new_york_across_the_change():
    """1 November 2026: clocks go back at 02:00 EDT; today (the 2nd) is EST."""
    now = datetime(2026, 11, 2, 15, 0, tzinfo=timezone.utc)
    assert utc("Today at 8:00 AM", NEW_YORK, now) == "2026-11-02T13:00:00Z"
    assert utc("Yesterday at 8:00 AM", NEW_YORK, now) == "2026-11-01T13:00:00Z"
    assert utc("10/31/2026 8:14 PM", NEW_YORK, now) == "2026-11-01T00:14:00Z"   # EDT, -04:00


def test_a_repeated_hour_is_refused_with_the_offsets():
    with pytest.raises(TimeError, match="happened twice.*-04:00.*-05:00"):
        read_time("2026-11-01 01:30", NEW_YORK, NOW)


def test_a_skipped_hour_is_refused():
    with pytest.raises(TimeError, match="does not exist"):
        read_time("2026-03-08 02:30", NEW_YORK, NOW)
    with pytest.raises(TimeError, match="does not exist"):
        read_time("29.03.2026 02:30", BERLIN, NOW)


def test_a_clock_time_later_than_now_is_refused_with_a_hint_to_add_the_date():
    """`20:14` typed at 01:00 meant yesterday evening: refused, not guessed."""
    now = datetime(2026, 11, 22, 1, 0, tzinfo=timezone.utc)
    with pytest.raises(TimeError) as caught:
        read_time("20:14", UTC, now)
    assert "later than now" in caught.value.message and "2026-11-21 20:14" in caught.value.message
    with pytest.raises(TimeError, match="later than now"):
        read_time("Today at 8:14 PM", UTC, now)
    with pytest.raises(TimeError, match="later than now"):
        read_time("<t:1900000000>", UTC, now)


def test_today_comes_from_adjudicator_now(monkeypatch):
    from adjudicator.when import read_at

    monkeypatch.setenv(NOW_VARIABLE, "2026-12-24T18:30:00Z")
    assert read_at("Today at 6:00 PM", {}).text() == "2026-12-24T18:00:00Z"
    assert read_at("Yesterday at 6:00 PM", {"time_zone": "Europe/Berlin"}).text() == "2026-12-23T17:00:00Z"


@pytest.mark.parametrize("text, order, expected", [
    ("05/06/2026 8:14 PM", None, "2026-05-06T20:14:00Z"),   # 12-hour clock: month first (en-US)
    ("05/06/2026 20:14", None, "2026-06-05T20:14:00Z"),     # 24-hour clock: day first (en-GB, fr, …)
    ("05/06/2026 20:14", "mdy", "2026-05-06T20:14:00Z"),
    ("05/06/2026 8:14 PM", "dmy", "2026-06-05T20:14:00Z"),
    ("11/21/2026 20:14", "dmy", "2026-11-21T20:14:00Z"),    # 21 can only be the day
    ("21/11/2026 8:14 PM", "mdy", "2026-11-21T20:14:00Z"),
    ("05.06.2026 20:14", "mdy", "2026-06-05T20:14:00Z"),    # dots: always day first
])
def test_day_and_month(monkeypatch, text, order, expected):
    if order:
        monkeypatch.setenv(ORDER_VARIABLE, order)
    assert utc(text) == expected


def test_a_bad_date_order_setting_is_named(monkeypatch):
    monkeypatch.setenv(ORDER_VARIABLE, "ymd")
    with pytest.raises(InputError, match=ORDER_VARIABLE):
        read_time("05/06/2026 20:14", UTC, NOW)


@pytest.mark.parametrize("text", ["", "gl hf", "25:00", "13:00 PM", "20:61", "2026-02-30 10:00",
                                  "13/13/2026 10:00", "<t:abc>", "123"])
def test_unreadable_times(text):
    with pytest.raises(TimeError):
        read_time(text, UTC, NOW)


def test_a_clock_time_in_a_block_follows_the_post_before_and_rolls_past_midnight():
    first = read_time("2026-11-20 23:58", UTC, NOW)
    second = read_time("00:03", UTC, NOW, after=first.local, previous=first.moment)
    assert second.text() == "2026-11-21T00:03:00Z"


def test_the_match_zone_wins_over_the_host_setting(monkeypatch):
    monkeypatch.setenv(ZONE_VARIABLE, "America/New_York")
    assert match_zone({"time_zone": "Europe/Berlin"}).key == "Europe/Berlin"
    assert match_zone({}).key == "America/New_York"
    monkeypatch.delenv(ZONE_VARIABLE)
    assert match_zone({}).key == "UTC"
    monkeypatch.setenv(ZONE_VARIABLE, "Mars/Olympus")
    with pytest.raises(InputError, match=ZONE_VARIABLE):
        match_zone({})


# --- the command line -----------------------------------------------------------------

def _at(path, seq=-1):
    return json.loads(path.read_text(encoding="utf-8"))["entries"][seq]["at"]


def test_move_roll_and_host_read_local_times_in_the_match_zone(cli, write):
    path = write(dice_match(time_zone="Europe/Berlin"))
    assert cli("roll", path, "--values", "3", "1", "6", "--at", "Today at 8:14 AM").code == 0
    assert _at(path) == "2026-11-22T07:14:00Z"
    assert cli("move", path, "bernd", "keep", "--at", "8:20").code == 0
    assert _at(path) == "2026-11-22T07:20:00Z"
    assert cli("roll", path, "--values", "2", "2", "5", "--at", "2026-11-22 08:30:05").code == 0
    assert _at(path) == "2026-11-22T07:30:05Z"
    assert cli("host", path, "draw", "--at", "<t:1795345200>").code == 0   # 2026-11-22T11:00:00Z
    assert _at(path) == "2026-11-22T11:00:00Z"


def test_the_host_zone_applies_when_the_match_has_none(cli, write, monkeypatch):
    monkeypatch.setenv(ZONE_VARIABLE, "America/New_York")
    path = write(dice_match())
    assert cli("roll", path, "--values", "3", "1", "6", "--at", "Yesterday at 11:02 PM").code == 0
    assert _at(path) == "2026-11-22T04:02:00Z"
    monkeypatch.setenv(ZONE_VARIABLE, "Asia/Tokyo")
    path = write(dice_match(time_zone="UTC"), "other.json")
    assert cli("roll", path, "--values", "3", "1", "6", "--at", "Yesterday at 11:02 PM").code == 0
    assert _at(path) == "2026-11-21T23:02:00Z"


def test_an_rfc3339_at_is_stored_as_given(cli, write):
    path = write(dice_match())
    assert cli("roll", path, "--values", "3", "1", "6", "--at", "2026-11-21T20:14:05+01:00").code == 0
    assert _at(path) == "2026-11-21T20:14:05+01:00"


@pytest.mark.parametrize("at", ["gl hf", "25:00", "20:14", "2026-13-01 10:00"])
def test_a_bad_at_is_exit_2_naming_at(cli, write, at):
    path = write(dice_match(entries=[("roll", 3, 1, 6)]))
    before = path.read_bytes()
    result = cli("move", path, "bernd", "keep", "--at", at)
    assert result.code == 2 and "--at" in result.err and "Traceback" not in result.err
    assert path.read_bytes() == before


def test_new_writes_the_time_zone(cli, tmp_path):
    out = tmp_path / "m.json"
    result = cli("new", "dice-tug-of-war", "-p", "bernd=Bernd:yellow", "-p", "anna=Anna:red",
                 "--time-zone", "Europe/Berlin", "-o", out)
    assert result.code == 0
    assert json.loads(out.read_text())["time_zone"] == "Europe/Berlin"
    result = cli("new", "dice-tug-of-war", "-p", "bernd=Bernd:yellow", "-p", "anna=Anna:red",
                 "--time-zone", "Europe/Atlantis", "-o", tmp_path / "n.json")
    assert result.code == 2 and "--time-zone" in result.err and not (tmp_path / "n.json").exists()


@pytest.mark.parametrize("zone", ["Mars/Olympus", "../../etc/passwd", "", 5])
def test_a_match_with_an_unknown_zone_is_refused_on_load(cli, write, zone):
    path = write(dice_match(time_zone=zone))
    result = cli("board", path)
    assert result.code == 2
    assert str(path) in result.err and "time_zone" in result.err
    assert result.err.count("\n") == 1


def test_the_schema_knows_time_zone(cli):
    schema = json.loads(cli("schema", "match").out)
    assert schema["properties"]["time_zone"]["type"] == "string"
