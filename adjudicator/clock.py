"""Chess-style clocks from the entries' timestamps (G-7).

A player's time for a turn runs from the previous entry that changed the board (or the
phase start, or the header's `started` for the first turn) to their entry's `at`. Time over
the limit comes off the reserve in whole steps of the ruleset's granularity. Entries
without timestamps are not timed, so a match may mix both. Settings live in the ruleset's
`params.time_control`, so one match can change them, or switch the clock off, with `rules.params`.

Range of times: an `at` or `started` must name an instant whose UTC date falls within years
1 to 9999, what Python can represent (schemas checks the format with `in_range`, so
`0001-01-01T00:00:00+14:00`, which is in year 0 in UTC, is a schema error naming the field,
exit 2). A deadline or a reserve's end that would fall after 9999-12-31T23:59:59Z is no
deadline anyone will reach: boards leave it out (`later`) instead of failing.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any, NamedTuple


def parse_time(text: str | None) -> datetime | None:
    """An RFC 3339 time as an aware datetime (None stays None). The time is_rfc3339 checked
    last is not read again: replay asks for the time of the entry just checked."""
    if not text:
        return None
    checked, moment = _last_checked
    if text == checked:
        return moment
    return _read_time(text)


def _read_time(text: str) -> datetime:
    try:   # Python 3.11 reads a trailing Z itself: one call per timed entry replayed
        value = datetime.fromisoformat(text)
    except ValueError:
        value = datetime.fromisoformat(text.replace("Z", "+00:00").replace("z", "+00:00"))
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def in_range(moment: datetime) -> bool:
    """Can this aware time be told in UTC (years 1 to 9999)? Comparing and subtracting such
    times never fails; converting one that is not to UTC does (OverflowError)."""
    try:
        moment.astimezone(UTC)
    except OverflowError:
        return False
    return True


def later(moment: datetime, seconds: float) -> datetime | None:
    """`moment` plus `seconds`, or None when that is past what a datetime can hold (after
    9999-12-31 in UTC): a deadline nobody will reach."""
    try:
        result = moment + timedelta(seconds=seconds)
    except (OverflowError, ValueError):   # ValueError: NaN seconds
        return None
    return result if in_range(result) else None


def format_time(moment: datetime) -> str:
    return moment.astimezone(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


_last_checked: tuple[str, datetime | None] = ("", None)   # a stamped time is_rfc3339 read, and its reading
_D = "[0-9]"   # each digit written out: re runs `[0-9]{4}` half again as slowly
_UTC_SECONDS = re.compile(f"{_D * 4}-{_D * 2}-{_D * 2}T{_D * 2}:{_D * 2}:{_D * 2}Z").fullmatch


def is_rfc3339(value: object) -> bool:
    """Whether `value` is an RFC 3339 time within years 1 to 9999 in UTC: the schemas' `date-time`
    format, `--at` and ADJUDICATOR_NOW use this one test (a non-string passes, as JSON Schema
    formats check strings only)."""
    if not isinstance(value, str):
        return True
    if _UTC_SECONDS(value) is not None:   # what the tool stamps, checked for every timed entry
        global _last_checked
        try:
            moment = _read_time(value)   # a real date and time; in UTC, so within years 1-9999
        except ValueError:
            return False
        _last_checked = (value, moment)   # what parse_time is asked next
        return True
    return _is_rfc3339_in_general(value)


def _is_rfc3339_in_general(value: str) -> bool:
    if len(value) < 20 or "T" not in value.upper() or not (value.endswith(("Z", "z")) or value[-6] in "+-"):
        return False
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        return False
    return in_range(moment)   # 0001-01-01T00:00:00+14:00 is in year 0 in UTC


NOW_VARIABLE = "ADJUDICATOR_NOW"
# How far ahead of the tool's now a recorded time may be, for a host's clock a little behind
# Discord's (G-7 b): `move`, `post`, `host` and the server take such a time as now; replay flags
# a time later than its own now by more than this (`future-time`).
SKEW_SECONDS = 120


def now() -> datetime:
    """The one source of "now" for every command: the wall clock (UTC), or the RFC 3339 time
    in ADJUDICATOR_NOW, so tests and scripted replays never depend on the date."""
    fixed = os.environ.get(NOW_VARIABLE)
    if not fixed:   # unset or empty: the wall clock
        return datetime.now(UTC)
    from adjudicator.errors import InputError

    moment = parse_time(fixed) if is_rfc3339(fixed) else None   # the same test as --at
    if moment is None:
        raise InputError(f"{NOW_VARIABLE}: '{fixed[:60]}' is not an RFC 3339 time such as 2026-11-21T20:14:05Z "
                         "(unset it, or leave it empty, to use the clock).")
    return moment.astimezone(UTC)


@dataclass(frozen=True)
class ClockSettings:
    """`params.time_control` of a ruleset; without `turn_seconds` the game is untimed."""

    enabled: bool = True
    turn_seconds: int | None = None
    kind_seconds: dict[str, int] = field(default_factory=dict)   # per turn or phase kind
    reserve_seconds: int = 0
    granularity_seconds: int = 1
    on_expiry: str = "lose"                                     # lose | skip

    @classmethod
    def from_params(cls, params: dict[str, Any] | None) -> ClockSettings:
        data = dict(params or {})
        return cls(enabled=bool(data.get("enabled", True)), turn_seconds=data.get("turn_seconds"),
                   kind_seconds=dict(data.get("kind_seconds") or {}),
                   reserve_seconds=int(data.get("reserve_seconds") or 0),
                   granularity_seconds=max(1, int(data.get("granularity_seconds") or 1)),
                   on_expiry=data.get("on_expiry", "lose"))

    def limit(self, kind: str) -> int | None:
        """Seconds allowed for a turn or phase of this kind; None when untimed."""
        if not self.enabled:
            return None
        return self.kind_seconds.get(kind, self.turn_seconds)


class Charge(NamedTuple):
    """What one timed entry cost its player (a named tuple: one is made per timed entry)."""

    used: float
    limit: int
    charged: int
    reserve_after: int

    @property
    def expired(self) -> bool:
        return self.reserve_after < 0


_charge = partial(tuple.__new__, Charge)


class Clock:
    """Reserves and the start of the current turn or phase, advanced entry by entry."""

    def __init__(self, settings: ClockSettings, reserves: dict[str, int], started: str | None) -> None:
        self.settings = settings
        self.reserve = dict(reserves)
        self.turn_started = parse_time(started)
        self.last_at: datetime | None = None
        self._limits: dict[str, int | None] = {}
        self.off_since: int | None = None   # seq of the host entry that switched the clock off (G-7)
        self.post_seen = False   # a post of the board was recorded since the open turn or phase opened (G-7 a)

    def charge(self, player: str, at: datetime | None, kind: str) -> Charge | None:
        """The cost of an entry by `player` at `at`; None when it is not timed. Called once per
        timed entry replayed, hence the limits looked up once per kind and the plain tuple."""
        try:
            limit = self._limits[kind]
        except KeyError:
            limit = self._limits[kind] = self.settings.limit(kind)
        if limit is None or at is None or self.turn_started is None or self.off_since is not None:
            return None
        used = max(0.0, (at - self.turn_started).total_seconds())   # before the post of the board: in time
        over = used - limit
        if over <= 0:
            charged = 0
        else:
            step = self.settings.granularity_seconds
            charged = math.ceil(over / step) * step
        return _charge((used, limit, charged, self._reserve(player) - charged))

    def _reserve(self, player: str) -> int:
        """A `skip` game has no reserve to run down: lateness belongs to one submission (G-7)."""
        return 0 if self.settings.on_expiry == "skip" else self.reserve[player]

    def pay(self, player: str, charge: Charge) -> None:
        """Take the charge off the reserve; a `skip` game's late submission costs only its phase (G-7)."""
        if self.settings.on_expiry != "skip":
            self.reserve[player] = charge.reserve_after

    def restart(self, at: datetime | None) -> None:
        """The board changed at `at`: the next turn or phase starts now (untimed if no time),
        and its first post is still to come (G-7 a)."""
        self.turn_started = at
        self.post_seen = False

    def restart_phase_time(self, at: datetime | None) -> None:
        """An item restarted the open phase's time (TT-7): it runs from `at`, but the phase did
        not open anew, so a post already seen stays its first post (G-7 a)."""
        self.turn_started = at

    def posted(self, at: datetime | None) -> bool:
        """The host posted the board at `at`: a player cannot act on a board they have not seen,
        so the turn or phase now open runs from the later of its **first** post and the entry
        that opened it (G-7, amended 2026-11-26 and 2026-12-07 a). Posting the same board again
        (a re-post, `post --since`, a post after a sealed submission that changed nothing
        public) does not restart the time. A post without a time changes nothing. Returns
        whether this post opened the time."""
        if at is None or self.post_seen:
            return False
        self.post_seen = True
        if self.turn_started is None or at > self.turn_started:
            self.turn_started = at
        return True

    @property
    def can_run(self) -> bool:
        """Does this match's ruleset give a time limit at all (a clock to switch on)?"""
        return self.settings.turn_seconds is not None or bool(self.settings.kind_seconds)

    @property
    def running(self) -> bool:
        """Is anything timed now: a limit in the ruleset, switched on there and by the host (G-7)."""
        return self.settings.enabled and self.can_run and self.off_since is None

    def switch_off(self, seq: int) -> None:
        """The host switched the clock off at entry `seq`: nothing is timed until it is on again (G-7)."""
        self.off_since = seq

    def switch_on(self, at: datetime | None) -> None:
        """The host switched the clock on (again) at `at`: the turn or phase open now runs from
        here, since the time while it was off counts for nobody; reserves are as they were (G-7)."""
        self.off_since = None
        self.settings = replace(self.settings, enabled=True)
        self._limits = {}
        self.turn_started = at

    def status(self, to_act: list[str], kind: str | None) -> dict[str, Any] | None:
        """For boards: time allowed now, reserves, the deadline and when reserves run out."""
        if self.off_since is not None and self.can_run:   # switched off by the host: say since when (G-7)
            return {"reserve": dict(self.reserve), "on_expiry": self.settings.on_expiry,
                    "untimed_since": self.off_since}
        if not self.running:
            return None
        out: dict[str, Any] = {"reserve": dict(self.reserve), "on_expiry": self.settings.on_expiry}
        limit = self.settings.limit(kind) if kind is not None else None
        if limit is not None:
            out["turn_seconds"] = limit
        started = self.turn_started
        deadline = later(started, limit) if limit is not None and started is not None else None
        if deadline is not None and started is not None and to_act:   # None also past year 9999: none to show
            out["turn_started"] = format_time(started)
            out["deadline"] = format_time(deadline)
            ends = {p: later(deadline, max(0, self.reserve[p])) for p in to_act}
            out["reserve_runs_out"] = {p: format_time(end) for p, end in ends.items() if end is not None}
        return out


def describe(player: str, charge: Charge, on_expiry: str) -> str:
    """One sentence for posts and the replay: how long the entry took and what it cost, as
    people say it (`Sally took 14 s (2 min allowed)`); `player` is the name to show."""
    took = f"{player} took {span(round(charge.used))} ({span(charge.limit)} allowed)"
    if charge.charged == 0:
        return took
    over = span(charge.charged)
    if on_expiry == "skip":
        return f"{took}: {over} late"
    if charge.expired:
        return f"{took}: {over} over, more than the {span(charge.reserve_after + charge.charged)} left in reserve"
    return f"{took}: {over} off the reserve, {span(charge.reserve_after)} left"   # charged in whole steps


def span(seconds: float) -> str:
    """A length of time as people say it: `45 s`, `2 min 30 s`, `3 h 10 min`, `2 d 4 h`."""
    total = max(0, math.ceil(seconds))
    days, rest = divmod(total, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    parts = [(days, "d"), (hours, "h"), (minutes, "min"), (secs, "s")]
    shown = [f"{value} {unit}" for value, unit in parts if value]
    return " ".join(shown[:2]) or "0 s"


def describe_overrun(player: str | None, at: str, charge: Charge, loses: bool) -> str:
    """One sentence for a refusal: when `player`'s time ran out and how long the post took (G-7).
    `charge` is the entry's; the turn started `used` seconds before `at`."""
    moment = parse_time(at)
    assert moment is not None
    started = moment - timedelta(seconds=charge.used)
    deadline = later(started, charge.limit)
    took = (f"{player}'s post at {format_time(moment)} came {span(charge.used)} after the "
            f"{'turn' if loses else 'phase'} started ({format_time(started)}), {span(charge.limit)} allowed")
    if not loses:
        return took + (f", deadline {format_time(deadline)}" if deadline is not None else "")
    reserve = charge.reserve_after + charge.charged
    ran_out = later(started, charge.limit + max(0, reserve))
    when = f" at {format_time(ran_out)}" if ran_out is not None else ""
    return took + f"; with {span(reserve)} of reserve, the time ran out{when}"


def minutes(seconds: int | None) -> str:
    """`2:30`, `10:00`, `0:45`: a time limit as clocks show it (minutes and seconds)."""
    whole = int(seconds or 0)
    return f"{whole // 60}:{whole % 60:02d}"
