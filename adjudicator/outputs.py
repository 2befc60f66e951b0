"""Writing what a command was asked to write (`-o FILE`, `--out DIR`): one rule for every
command, so no command can destroy a file it was not asked to.

- An existing name is refused unless `--force`, a symbolic link included (even a dangling
  one): the host is told, nothing is written.
- With `--force` the file is replaced atomically, through a symbolic link as a match is
  (the link stays a link; docs/hosting.md, "How the tool treats files and disks").
- Never, even with `--force`, over a file the command reads: the match, its seed (beside
  the name given and beside the file a link points to) or its ruleset. Another name for
  one of them (a symbolic or hard link) counts as that file.
- Public outputs (boards, pictures, pages, public copies) are readable by everyone (0644);
  match files and seeds are the owner's only (0600).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from adjudicator.errors import InputError

PUBLIC = 0o644        # a board, picture, page or public copy is made to be shared
PRIVATE = 0o600       # a match file or a seed: sealed moves, Hidden Values, the dice (matchfile.OWNER_ONLY)


@dataclass(frozen=True)
class ReadFile:
    """A file the command reads, and what to call it in a refusal."""

    path: Path
    role: str          # "the match itself", "the match's seed", "the ruleset"


def files_of_match(match_path: Path, ruleset_file: Path | None = None) -> list[ReadFile]:
    """The files a command on `match_path` reads or depends on: the match, its seed (the name
    beside the path given and beside the file a link leads to) and the ruleset file."""
    from adjudicator.dice import seed_path
    from adjudicator.links import links_path
    from adjudicator.matchfile import real_path

    found = [ReadFile(match_path, "the match itself"), ReadFile(seed_path(match_path), "the match's seed"),
             ReadFile(links_path(match_path), "the match's private links")]
    real = real_path(match_path)
    if real != match_path:
        found += [ReadFile(seed_path(real), "the match's seed"), ReadFile(links_path(real), "the match's private links")]
    if ruleset_file is not None:
        found.append(ReadFile(ruleset_file, "the ruleset"))
    return found


def refuse_read_file(target: Path, reads: Iterable[ReadFile], option: str = "-o") -> None:
    """Refuse `target` when it is, or leads to, a file the command reads (exit 2)."""
    for read in reads:
        if _same(target, read.path):
            named = "" if os.path.abspath(target) == os.path.abspath(read.path) else f" ({read.path})"
            raise InputError(f"{option} {target}: is {read.role}{named}, which this command reads; nothing "
                             f"was written, not even with --force. Write to another file.")


def _same(a: Path, b: Path) -> bool:
    """Two names for one file: the same after links are followed, or the same inode."""
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def refuse_early(target: Path, reads: Sequence[ReadFile], *, force: bool, option: str = "-o") -> None:
    """The same rule before any work is done, so a refusal costs the host no waiting: a file
    the command reads, or (without `force`) any existing name, symbolic links included."""
    from adjudicator.matchfile import already_exists

    refuse_read_file(target, reads, option)
    if not force and os.path.lexists(target):
        raise already_exists(target)


def write_output(target: Path, data: str | bytes, *, force: bool, reads: Sequence[ReadFile] = (),
                 public: bool = True, option: str = "-o") -> None:
    """Write `data` to `target` by the rules above: complete or not at all."""
    from adjudicator import matchfile

    refuse_read_file(target, reads, option)
    mode = PUBLIC if public else PRIVATE
    if force:
        matchfile.write_atomic(target, data, mode=mode)
    else:
        matchfile.create_exclusive(target, data, mode=mode)
