"""The commands that look at a match without changing it: `board`, `replay` and `legal`.

Each loads and replays the match (entry by entry where it can: session.replay_streamed),
resolves the player it was asked about and returns what the presenter needs to say.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from adjudicator.engine import Replay
    from adjudicator.matchfile import LoadedMatch


class Looked(NamedTuple):
    """A match replayed (up to an entry, for `board --at`), and the player whose view is
    asked for (None: the public view)."""

    match: LoadedMatch
    replay: Replay
    viewer: str | None


class Replayed(NamedTuple):
    """A match replayed whole, the viewer, and what each entry said, collected as the replay
    streamed (views.narration), so no entry is kept."""

    match: LoadedMatch
    replay: Replay
    viewer: str | None
    narrated: Any


class Legal(NamedTuple):
    """The legal moves now: for each player asked about (or each who is to act), the moves
    with what each would do (the game's preview), in the order the game lists them."""

    match: LoadedMatch
    replay: Replay
    moves: dict[str, list[tuple[Any, Any]]]


def viewer_named(match: LoadedMatch, typed: str | None, path: Path, option: str = "--as") -> str | None:
    """The player id `--as` (or a command's PLAYER) names, in any case; None when not given."""
    from adjudicator import session

    return session.resolve_player(match, typed, path, option) if typed else None


def board(match_path: Path, viewer: str | None = None, at: int | None = None, *,
          output: Path | None = None, force: bool = False) -> Looked:
    """`board`: the match after entry `at` (None: now) for `viewer`. An -o naming the match or
    its seed, or an existing file without `force`, is refused before any work."""
    from adjudicator.session import replay_streamed
    from adjudicator.usecases.public import refuse_output
    from adjudicator.views import check_at

    refuse_output(output, match_path, force)
    match, replay = replay_streamed(match_path, at)   # entry by entry, nothing kept per entry
    seen_by = viewer_named(match, viewer, match_path)
    check_at(match, at)
    return Looked(match, replay, seen_by)


def replay(match_path: Path, viewer: str | None, fmt: str) -> Replayed:
    """`replay`: every entry adjudicated again, what each said collected in `fmt` as it goes."""
    from adjudicator import views
    from adjudicator.session import replay_streamed

    told: dict[str, Any] = {}

    def watch(match: LoadedMatch) -> Any:   # entry by entry: only what is printed is kept
        told["viewer"] = viewer_named(match, viewer, match_path)
        told["narration"] = views.narration(match, told["viewer"], fmt)
        return lambda _entry, log: told["narration"].add(log)

    match, replayed = replay_streamed(match_path, watch=watch)
    return Replayed(match, replayed, told["viewer"], told["narration"].done())


def legal(match_path: Path, player: str | None = None) -> Legal:
    """`legal`: the moves `player` (None: each player to act) may make now, with their previews."""
    from adjudicator import matchfile
    from adjudicator.views import replay_match

    match = matchfile.load(match_path)
    pid = viewer_named(match, player, match_path, "PLAYER")
    replayed = replay_match(match)
    players = [pid] if pid else replayed.to_act()
    return Legal(match, replayed, {p: list(replayed.legal_moves(p)) for p in players})
