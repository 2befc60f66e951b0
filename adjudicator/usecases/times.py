"""`--at TIME` of `move`, `roll`, `host` and `post`: a time as the host wrote it, as the
RFC 3339 time the match file keeps, read in the match's own time zone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from adjudicator.errors import OptionError


def entry_time(value: str, match_path: Path) -> str:
    """`--at` as the host wrote it (adjudicator.when: RFC 3339, `2026-11-21 20:14`, `20:14`,
    `Today at 8:14 PM`, `11/21/2026 8:14 PM`, `<t:1763756040>`, Unix seconds), as the RFC 3339
    time the match file keeps. A full RFC 3339 time stays as given; the others become UTC (`…Z`),
    local ones read in the match's time zone (its header's, else ADJUDICATOR_TIME_ZONE, else UTC)."""
    from adjudicator.when import TimeError, read_at

    try:
        reading = read_at(value, time_zone_header(value, match_path))
    except TimeError as exc:
        raise OptionError(f"{exc.message}.", "--at") from None
    return value if reading.exact else reading.text()


def time_zone_header(value: str, match_path: Path) -> dict[str, Any]:
    """The match header's `time_zone` (as {"time_zone": …}, or {}), read only for a time that
    needs it; an unreadable file is left for the command's own load to report."""
    from adjudicator.clock import is_rfc3339

    if is_rfc3339(value) or value.strip().isdigit() or value.strip().startswith("<t:"):
        return {}
    from adjudicator import matchfile
    from adjudicator.errors import InputError

    try:
        data = matchfile.read_json(Path(match_path))
    except InputError:
        return {}
    zone = data.get("time_zone") if isinstance(data, dict) else None
    from adjudicator.when import zone_problem

    problem = zone_problem({"time_zone": zone} if zone is not None else {}, str(match_path))
    if problem:
        from adjudicator.errors import MatchFileError

        raise MatchFileError(problem)
    return {"time_zone": zone} if zone is not None else {}
