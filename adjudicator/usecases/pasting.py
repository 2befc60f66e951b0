"""`adjudicator paste`: a block of copied posts, read from a file or standard input, entered
into a match (adjudicator.paste does the entering; this module is the command's whole use:
read the block, split it into posts, read their times in the match's zone, enter them)."""

from __future__ import annotations

from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from adjudicator.paste import Outcome, Post


class PasteOptions(NamedTuple):
    """How to enter the posts (the options of `paste`)."""

    dry_run: bool = False
    all_or_nothing: bool = False
    skip_unreadable: bool = False
    dice_bots: tuple[str, ...] = ()
    strict: bool = False   # refuse a post that names another player as its author


class Pasted(NamedTuple):
    """What a paste did: the match's path, every post of the block, and the outcome (entries
    added, posts skipped, the refusal that stopped it)."""

    path: Path
    posts: list[Post]
    outcome: Outcome


DEFAULT_OPTIONS = PasteOptions()   # a NamedTuple: one shared default is safe


def paste_posts(match_path: Path, source: str | None, stdin: IO[Any] | None,
                options: PasteOptions = DEFAULT_OPTIONS) -> Pasted:
    """Read the block (FILE, or `stdin` for '-' or no FILE), split it into posts, read their
    times in the match's time zone and enter them, stopping at the first refusal."""
    from adjudicator import matchfile
    from adjudicator.clock import now
    from adjudicator.paste import paste, read_times, split_posts
    from adjudicator.when import match_zone

    text, name = read_posts(source, stdin)
    match = matchfile.load(match_path)
    posts = split_posts(text, name)
    read_times(posts, match_zone(match.data), now(), name)
    outcome = paste(match_path, posts, dry_run=options.dry_run, all_or_nothing=options.all_or_nothing,
                    skip_unreadable=options.skip_unreadable, dice_bots=options.dice_bots, strict=options.strict)
    return Pasted(match_path, posts, outcome)


def read_posts(source: str | None, stdin: IO[Any] | None) -> tuple[str, str]:
    """The copied posts and how messages name them: FILE, or `stdin` ('-' or nothing), each
    read within paste.MAX_POSTS_BYTES and as UTF-8."""
    from adjudicator.errors import InputError
    from adjudicator.paste import IN_PARTS, MAX_POSTS_BYTES

    if source and source != "-":
        from adjudicator.files import read_regular

        raw, name = read_regular(Path(source), "file of posts", MAX_POSTS_BYTES, InputError, IN_PARTS), source
    else:
        name = "standard input"
        stream = getattr(stdin, "buffer", stdin)
        if stdin is None or stdin.closed or stream is None:
            raise InputError("paste: there is no standard input to read the posts from; give FILE.")
        try:
            raw = stream.read(MAX_POSTS_BYTES + 1)
        except (OSError, ValueError):
            raise InputError("paste: cannot read the posts from standard input; give FILE.") from None
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogateescape")
        if len(raw) > MAX_POSTS_BYTES:
            raise InputError(f"{name}: larger than {MAX_POSTS_BYTES} bytes, too large for a block of posts; {IN_PARTS}.")
    try:
        return raw.decode("utf-8-sig"), name
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: not UTF-8 text (bad byte at offset {exc.start}).") from None
