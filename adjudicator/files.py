"""Reading a regular file within a size limit: every reader of user files (matches, rulesets,
seeds, posts) goes through here, so a FIFO, a device or a huge file is refused at once.

Split from matchfile so that rulesets can read files without importing matchfile, which
imports rulesets (no import cycles).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from adjudicator.errors import InputError, MatchFileError

MAX_BYTES_VARIABLE = "ADJUDICATOR_MAX_BYTES"
DEFAULT_MAX_BYTES = 64 * 1024 * 1024   # 10⁵ entries take 15–30 MB; a forum match, hundreds


def max_bytes() -> int:
    """The largest file the tool reads (ADJUDICATOR_MAX_BYTES, default 64 MiB): a file that
    is not a match must not take the machine's memory before it is found out."""
    raw = os.environ.get(MAX_BYTES_VARIABLE, "").strip()
    if not raw:
        return DEFAULT_MAX_BYTES
    if not raw.isdigit() or len(raw) > 18 or int(raw) < 1:
        raise InputError(f"{MAX_BYTES_VARIABLE}: '{raw[:40]}' is not a number of bytes (a whole number "
                         f"from 1, e.g. {DEFAULT_MAX_BYTES}).")
    return int(raw)


def read_regular(path: Path, what: str = "match file", limit: int | None = None,
                 error: type[InputError] = MatchFileError, advice: str | None = None) -> bytes:
    """The bytes of `path` if it is a regular file within the size limit, else `error`.

    Opened without blocking (a FIFO would wait for a writer forever) and checked with fstat
    on the open descriptor (no race with a rename), so a FIFO, a device such as /dev/zero or
    a socket is refused at once instead of hanging or reading without end. `advice` ends the
    sentence for a file too large; only the default limit (None) is ADJUDICATOR_MAX_BYTES's,
    so only it advises raising that."""
    if advice is None:
        advice = _RAISE_LIMIT if limit is None else ""
    limit = max_bytes() if limit is None else limit
    fd = open_regular(path, what, limit, error, advice)
    try:
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:   # it grew while we read
                raise error(too_big(path, what, limit, advice))
        return b"".join(chunks)
    except OSError as exc:
        raise error(f"{path}: cannot read it ({exc.strerror}).") from None
    finally:
        os.close(fd)


def open_regular(path: Path, what: str, limit: int, error: type[InputError] = MatchFileError,
                 advice: str | None = None) -> int:
    """An open descriptor of `path` if it is a regular file within `limit` bytes, else `error`
    (read_regular; `advice` as there, by default to raise ADJUDICATOR_MAX_BYTES)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise error(f"{path}: no such {what}.") from None
    except IsADirectoryError:
        raise error(f"{path}: is a folder, not a {what}.") from None
    except OSError as exc:
        raise error(f"{path}: cannot read it ({exc.strerror}).") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise error(f"{path}: is a folder, not a {what}.")
        if not stat.S_ISREG(info.st_mode):
            raise error(f"{path}: is {kind_of(info.st_mode)}, not a regular file; a {what} is read only "
                        f"from a regular file.")
        if info.st_size > limit:
            raise error(too_big(path, what, limit, _RAISE_LIMIT if advice is None else advice))
    except OSError as exc:
        os.close(fd)
        raise error(f"{path}: cannot read it ({exc.strerror}).") from None
    except BaseException:
        os.close(fd)
        raise
    return fd


_RAISE_LIMIT = f"set {MAX_BYTES_VARIABLE} to a larger number of bytes to read it anyway"


def too_big(path: Path, what: str, limit: int, advice: str = _RAISE_LIMIT) -> str:
    """The sentence for a file over `limit` bytes, with what to do about it when anything helps."""
    return f"{path}: larger than {limit} bytes, too large for a {what}" + (f"; {advice}." if advice else ".")


def kind_of(mode: int) -> str:
    """What a file that is not regular is, in words."""
    kinds = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
             (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))
    return next((words for test, words in kinds if test(mode)), "something other than a file")
