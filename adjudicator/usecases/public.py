"""The commands that make a public file of a match: `publish` (the log as every player may
see it) and `page` (one HTML page to step through). Each refuses an -o naming the match or
its seed before any work and returns what the presenter prints or writes."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from adjudicator.matchfile import LoadedMatch


class Published(NamedTuple):
    """A public copy: the match it was made from, the copy's data and what was left out."""

    match: LoadedMatch
    data: dict[str, Any]
    said: str


def refuse_output(output: Path | None, match_path: Path, force: bool) -> None:
    """-o naming the match or its seed, or (without `force`) any existing name, is refused
    before any work (outputs checks again when writing, with the ruleset)."""
    from adjudicator import outputs

    if output is not None:
        outputs.refuse_early(output, outputs.files_of_match(match_path), force=force)


def publish(match_path: Path, at: int | None = None, *, output: Path | None = None,
            force: bool = False) -> Published:
    """`publish`: the log up to the last entry before the first still private (views.public_copy)."""
    from adjudicator import matchfile, views

    refuse_output(output, match_path, force)
    match = matchfile.load(match_path)
    views.check_at(match, at)
    data, said = views.public_copy(match, at)
    return Published(match, data, said)


def page(match_path: Path, *, output: Path | None = None, force: bool = False) -> LoadedMatch:
    """`page`: the match loaded for its HTML page (adjudicator.page draws it: presentation)."""
    from adjudicator import matchfile

    refuse_output(output, match_path, force)
    return matchfile.load(match_path)
