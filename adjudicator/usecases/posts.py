"""`post`: the post for the thread since the last one, with the time it goes up read from
`--at` as the host wrote it (usecases.times), made and remembered by adjudicator.posting."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from adjudicator.errors import OptionError

if TYPE_CHECKING:
    from adjudicator.posting import Post


def post(match_path: Path, fmt: str, *, since: int | None = None, again: bool = False, record: bool = True,
         at: str | None = None, rulings: bool = False) -> tuple[Post, str]:
    """The post and its text (posting.make_post). `--again` with `--since` is refused before
    anything is read; `at` is read in the match's time zone (G-7: the time to act runs from it)."""
    from adjudicator import posting
    from adjudicator.usecases.times import entry_time

    if again and since is not None:
        raise OptionError("--again prints the last post's entries; give --since or --again, not both.", "--since")
    return posting.make_post(match_path, fmt, since=since, again=again, record=record,
                             at=entry_time(at, match_path) if at else None, rulings=rulings)
