"""Times as people write them: `--at` of `move`, `roll` and `host`, and the times of pasted posts.

A host copies a post's time from wherever the post is: a full RFC 3339 time, a log's
`2026-11-21 20:14`, a clock time `20:14` or `8:14 PM` (today), Discord's copied
`Today at 8:14 PM`, `Yesterday at 11:02 PM`, `11/21/2026 8:14 PM`, `21/11/2026 20:14`,
`21.11.2026 20:14`, Discord markup `<t:1763756040:f>` or plain Unix seconds. The match file
keeps RFC 3339 in UTC, so the local ones are read in one time zone: the match's `time_zone`
(both players' times must agree, so the match's setting wins), else the host's
ADJUDICATOR_TIME_ZONE, else UTC. "Today" is today in that zone at clock.now(), never the wall
clock directly.

Rules, each chosen so that a guess never moves a post's time (RULINGS G-7: a time the tool
made up never makes a player lose or be late):

- A full RFC 3339 time is taken exactly as given, as it always was, but never a time later
  than now: one up to SKEW_SECONDS ahead (a host's clock a little behind Discord's) is taken
  as now, never later (G-7 b, amended 2026-12-07), and one further ahead is refused: a post
  cannot have been made in the future, so `2027-11-26T12:00:30Z` typed in 2026 is a typo in
  the year, refused with the time read and the time now (G-7, amended 2026-11-26).
- Every other form must not be later than now either: `20:14` typed at 01:00 meant yesterday
  evening, and is refused with a hint to add the date rather than guessed.
- Day and month in `A/B/YYYY`: a number above 12 is the day; otherwise the host's
  ADJUDICATOR_DATE_ORDER (`mdy` or `dmy`) decides, else the clock beside it, as Discord
  writes dates: a 12-hour clock (AM/PM, en-US) goes with month first, a 24-hour clock
  (en-GB, fr, es, …) with day first. `21.11.2026` (dots) is always day first.
- A local time that does not exist (skipped by a DST change) or exists twice (the hour
  repeated when clocks go back) is refused, with the hint to give the UTC offset.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from datetime import UTC as ZERO_OFFSET  # datetime's fixed +00:00 (UTC below is the IANA zone)
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from adjudicator.clock import SKEW_SECONDS  # how far ahead of now a post's time may be (G-7 b)

ZONE_VARIABLE = "ADJUDICATOR_TIME_ZONE"
ORDER_VARIABLE = "ADJUDICATOR_DATE_ORDER"
UTC = ZoneInfo("UTC")


class TimeError(ValueError):
    """A time that cannot be read, with the sentence that says why (no file or option named:
    the caller adds where it was given)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


# --- Time zones -----------------------------------------------------------------------

def zone_named(name: Any) -> ZoneInfo | None:
    """The IANA zone `name` (Europe/Berlin, UTC), or None when it is not a known zone."""
    if not isinstance(name, str) or not name or len(name) > 100 or name.startswith(("/", ".")) or ".." in name:
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return None


def host_zone() -> ZoneInfo | None:
    """ADJUDICATOR_TIME_ZONE, the host's own default; None when unset or empty."""
    raw = os.environ.get(ZONE_VARIABLE, "").strip()
    if not raw:
        return None
    zone = zone_named(raw)
    if zone is None:
        from adjudicator.errors import InputError

        raise InputError(f"{ZONE_VARIABLE}: '{raw[:60]}' is not a known time zone; give an IANA name such "
                         f"as Europe/Berlin or America/New_York (or unset it for UTC).")
    return zone


def match_zone(header: Any) -> ZoneInfo:
    """The zone local times of this match are read in: the match's `time_zone` (both players'
    times must agree), else ADJUDICATOR_TIME_ZONE, else UTC. The header was checked on load."""
    named = header.get("time_zone") if isinstance(header, dict) else None
    return zone_named(named) or host_zone() or UTC


def zone_problem(data: Any, name: str) -> str | None:
    """The sentence for a match header whose `time_zone` is not a known zone, else None."""
    if not isinstance(data, dict) or "time_zone" not in data:
        return None
    value = data["time_zone"]
    if zone_named(value) is not None:
        return None
    shown = value[:60] if isinstance(value, str) else value
    return (f"{name}: field time_zone: '{shown}' is not a known time zone; give an IANA name such as "
            f"Europe/Berlin, America/New_York or UTC.")


# --- Reading a time -------------------------------------------------------------------

@dataclass(frozen=True)
class Reading:
    """A time read: the instant (UTC), and whether its date was taken from context (today, the
    post before) rather than written, which is what makes a later-than-now time a typo."""

    moment: datetime
    exact: bool = False      # a full RFC 3339 time: taken as given, never refused for being late
    local: date | None = None  # the local date it fell on, for the next post's context

    def text(self) -> str:
        from adjudicator.clock import format_time

        return format_time(self.moment)


_CLOCK = r"(?P<h>\d{1,2})[:.h](?P<m>\d{2})(?::(?P<s>\d{2}))?(?:\s*(?P<ampm>[ap])\.?\s*m\.?)?"
_CLOCK_RE = re.compile(_CLOCK + r"$", re.I)
_ISO_LOCAL = re.compile(r"(?P<y>\d{4})-(?P<mo>\d{1,2})-(?P<d>\d{1,2})(?:[ T]+|,\s*)(?P<clock>.+)$", re.I)
_SLASHED = re.compile(r"(?P<a>\d{1,2})(?P<sep>[/.])(?P<b>\d{1,2})(?P=sep)(?P<y>\d{4}|\d{2}),?\s+(?:at\s+)?(?P<clock>.+)$",
                      re.I)
_RELATIVE = re.compile(r"(?P<day>today|yesterday)(?:\s+at)?,?\s+(?P<clock>.+)$", re.I)
_MARKUP = re.compile(r"<t:(?P<n>-?\d{1,12})(?::[tTdDfFR])?>$")
_UNIX = re.compile(r"\d{9,11}$")


def read_time(text: str, zone: ZoneInfo, now: datetime, *, after: date | None = None,
              previous: datetime | None = None) -> Reading:
    """The instant `text` names (see the module's rules). A clock time alone is on `after`
    (the date of the post before it in a pasted block) or today; with `previous`, a clock
    time earlier than that post's rolls to the next day (a block that runs past midnight).
    Raises TimeError with a sentence, also when now (ADJUDICATOR_NOW) or the time lies so
    near year 1 or 9999 that its date in the zone is past what a calendar holds."""
    try:
        return _read_time(text, zone, now, after, previous)
    except OverflowError:
        raw = " ".join(text.split())[:60]
        raise TimeError(f"'{raw}' cannot be placed in {zone.key} so near the edge of the calendar (years 1 to "
                        "9999, and now is there too); give a full time such as 2026-11-21T20:14:05Z") from None


def _read_time(text: str, zone: ZoneInfo, now: datetime, after: date | None,
               previous: datetime | None) -> Reading:
    from adjudicator.clock import is_rfc3339, parse_time

    raw = " ".join(text.split())
    if not raw:
        raise TimeError("is empty; give a time such as 2026-11-21 20:14 or 20:14")
    if is_rfc3339(raw) and ("T" in raw.upper()):
        moment = parse_time(raw)   # never None: raw is not empty
        reading: Reading | None = Reading(moment, exact=True) if moment is not None else None
    else:
        reading = _read_instant(raw) or _read_local(raw, zone, now, after, previous)
    if reading is None:
        raise TimeError(f"'{raw[:60]}' is not an RFC 3339 time such as 2026-11-21T20:14:05Z, nor a time "
                        f"written as 2026-11-21 20:14, 20:14, 8:14 PM, Today at 8:14 PM, 11/21/2026 8:14 PM, "
                        f"<t:1763756040> or Unix seconds")
    if in_future(reading.moment, now):
        raise TimeError(_future(raw, reading, zone, now))
    if reading.moment > now:   # within the clock skew: taken as now, never later (G-7 b)
        return Reading(now, exact=False, local=reading.local)
    return reading


def in_future(moment: datetime, now: datetime) -> bool:
    """Is `moment` later than `now` by more than SKEW_SECONDS, i.e. not a time a post was made (G-7)?"""
    from adjudicator.clock import later

    limit = later(now, SKEW_SECONDS)
    return limit is not None and moment > limit


def _read_instant(raw: str) -> Reading | None:
    """Discord markup `<t:N>` / `<t:N:f>` or plain Unix seconds: an instant, no zone needed."""
    found = _MARKUP.match(raw) or _UNIX.match(raw)
    if not found:
        return None
    seconds = int(found.group("n") if found.re is _MARKUP else raw)
    try:
        return Reading(datetime.fromtimestamp(seconds, ZERO_OFFSET))
    except (OverflowError, OSError, ValueError):
        raise TimeError(f"'{raw}' is not a time within years 1 to 9999") from None


def _read_local(raw: str, zone: ZoneInfo, now: datetime, after: date | None,
                previous: datetime | None) -> Reading | None:
    """The forms written in local time: a date and a clock time, or a clock time alone."""
    today = now.astimezone(zone).date()
    found = _RELATIVE.match(raw)
    if found:
        day = today - timedelta(days=1 if found["day"].lower() == "yesterday" else 0)
        return _on(day, _clock(found["clock"], raw), zone, raw)
    found = _ISO_LOCAL.match(raw)
    if found:
        day = _date(int(found["y"]), int(found["mo"]), int(found["d"]), raw)
        return _on(day, _clock(found["clock"], raw), zone, raw)
    found = _SLASHED.match(raw)
    if found:
        clock, twelve = _clock_and_style(found["clock"], raw)
        return _on(_slashed_date(found, twelve, raw), clock, zone, raw)
    if _CLOCK_RE.match(raw):
        clock = _clock(raw, raw)
        day = after or today
        reading = _on(day, clock, zone, raw)
        if previous is not None and reading.moment < previous:   # past midnight since the post before
            reading = _on(day + timedelta(days=1), clock, zone, raw)
        return reading
    return None


def _clock(text: str, raw: str) -> time:
    return _clock_and_style(text, raw)[0]


def _clock_and_style(text: str, raw: str) -> tuple[time, bool]:
    """A clock time `20:14`, `20:14:05`, `8:14 PM`, and whether it was a 12-hour one."""
    found = _CLOCK_RE.match(text.strip())
    if not found:
        raise TimeError(f"'{raw[:60]}': '{text.strip()[:20]}' is not a clock time such as 20:14 or 8:14 PM")
    hour, minute, second = int(found["h"]), int(found["m"]), int(found["s"] or 0)
    twelve = found["ampm"] is not None
    if twelve:
        if not 1 <= hour <= 12:
            raise TimeError(f"'{raw[:60]}': a 12-hour clock runs from 1 to 12, not {hour}")
        hour = hour % 12 + (12 if found["ampm"].lower() == "p" else 0)
    if hour > 23 or minute > 59 or second > 59:
        raise TimeError(f"'{raw[:60]}' is not a clock time (hours 0–23, minutes and seconds 0–59)")
    return time(hour, minute, second), twelve


def _date(year: int, month: int, day: int, raw: str) -> date:
    try:
        return date(year, month, day)
    except ValueError:
        raise TimeError(f"'{raw[:60]}' names no such day") from None


def date_order() -> str | None:
    """ADJUDICATOR_DATE_ORDER: `mdy` or `dmy`, the host's way of writing A/B/YYYY; None when unset."""
    raw = os.environ.get(ORDER_VARIABLE, "").strip().lower()
    if not raw:
        return None
    if raw not in ("mdy", "dmy"):
        from adjudicator.errors import InputError

        raise InputError(f"{ORDER_VARIABLE}: '{raw[:20]}' is neither mdy (11/21/2026) nor dmy (21/11/2026).")
    return raw


def _slashed_date(found: re.Match[str], twelve: bool, raw: str) -> date:
    """`A/B/YYYY` or `A.B.YYYY`: which is the day is said in the module's rules."""
    a, b, year = int(found["a"]), int(found["b"]), int(found["y"])
    year += 2000 if year < 100 else 0
    if found["sep"] == ".":
        order = "dmy"
    elif a > 12 or b > 12:
        order = "dmy" if a > 12 else "mdy"
    else:
        order = date_order() or ("mdy" if twelve else "dmy")
    month, day = (a, b) if order == "mdy" else (b, a)
    return _date(year, month, day, raw)


def _on(day: date, clock: time, zone: ZoneInfo, raw: str) -> Reading:
    """The local time `day` `clock` in `zone` as an instant; refused when DST skips it or
    repeats it (the host gives the offset then)."""
    local = datetime.combine(day, clock)
    first = local.replace(tzinfo=zone, fold=0)
    second = local.replace(tzinfo=zone, fold=1)
    try:
        back = first.astimezone(ZERO_OFFSET).astimezone(zone).replace(tzinfo=None)
    except OverflowError:
        raise TimeError(f"'{raw[:60]}' is not a time within years 1 to 9999") from None
    where = f"{day.isoformat()} {clock.isoformat()} in {zone.key}"
    if back != local:
        raise TimeError(f"'{raw[:60]}': {where} does not exist (the clocks went forward); give the time with "
                        f"its UTC offset, e.g. {day.isoformat()}T{clock.isoformat()}+01:00")
    if first.utcoffset() != second.utcoffset():
        raise TimeError(f"'{raw[:60]}': {where} happened twice (the clocks went back); give the time with its "
                        f"UTC offset, e.g. {first.isoformat()} or {second.isoformat()}")
    return Reading(first.astimezone(ZERO_OFFSET), local=day)


def _future(raw: str, reading: Reading, zone: ZoneInfo, now: datetime) -> str:
    """Why a time later than now is refused, and how to say what was meant."""
    local_now = now.astimezone(zone)
    said = f"now is {local_now.strftime('%Y-%m-%d %H:%M')} in {zone.key}"
    if reading.local is not None:
        meant = reading.moment.astimezone(zone)
        yesterday = (meant - timedelta(days=1)).strftime("%Y-%m-%d %H:%M")
        return f"'{raw[:60]}' is later than now ({said}); if it was earlier, give the date, e.g. {yesterday}"
    from adjudicator.clock import format_time

    if reading.exact:
        return (f"'{raw[:60]}' is {format_time(reading.moment)}, later than now ({format_time(now)}); no post "
                "is made in the future: check the year, month and day")
    return (f"'{raw[:60]}' is {format_time(reading.moment)}, later than now ({said}); no post is made in the "
            "future")


def read_at(text: str, header: Any, now: datetime | None = None) -> Reading:
    """`--at` of `move`, `roll` and `host`: `text` read in the match's zone (match_zone) at
    clock.now()."""
    from adjudicator.clock import now as clock_now

    return read_time(text, match_zone(header), now or clock_now())
