"""Match files: read and checked on every load, written atomically under a lock.

A match file is the whole truth of a match; state is always its log replayed. Writes go to
a temporary file in the same folder, are fsynced and renamed over the original, so a crash
never leaves half a file, and an exclusive lock serialises hosts appending at once.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from adjudicator.errors import InputError, MatchFileError, RulesetError

FORMAT = "adjudicator-match/1"
LOCK_TIMEOUT_SECONDS = 30.0


@dataclass
class LoadedMatch:
    """A checked match file with its resolved ruleset (match parameters merged in)."""

    path: Path | None
    data: dict[str, Any]
    ruleset: Any
    game: Any
    warnings: list[str] = field(default_factory=list)

    @property
    def entries(self) -> list[dict[str, Any]]:
        return self.data["entries"]

    @property
    def name(self) -> str:
        return str(self.path) if self.path else self.data.get("id", "match")


# --- Reading ----------------------------------------------------------------------------

def read_json(path: Path) -> Any:
    """The JSON in `path`, or an InputError that says where it is broken."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise MatchFileError(f"{path}: no such match file.") from None
    except IsADirectoryError:
        raise MatchFileError(f"{path}: is a folder, not a match file.") from None
    except OSError as exc:
        raise MatchFileError(f"{path}: cannot read it ({exc.strerror}).") from None
    return parse_json(raw, str(path))


def parse_json(raw: bytes, name: str) -> Any:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise MatchFileError(f"{name}: not UTF-8 text (bad byte at offset {exc.start}).") from None
    from adjudicator.bounded import TooManyDigits, loads_json

    try:
        return loads_json(text)
    except TooManyDigits as exc:
        raise MatchFileError(f"{name}: {_label(exc.parts)}: {exc.sentence()}.") from None
    except json.JSONDecodeError as exc:
        raise MatchFileError(f"{name}: not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}.") from None
    except RecursionError:
        raise MatchFileError(f"{name}: the JSON is nested too deeply to be a match file.") from None


def _label(parts: list[Any]) -> str:
    """How an error names the place of a JSON path: `entries[3], field move.reroll[0]` or `field rules`.
    (The entry's seq is not quoted: it may be the very number that is wrong.)"""
    from adjudicator.schemas import field_path

    if len(parts) >= 2 and parts[0] == "entries" and isinstance(parts[1], int):
        rest = field_path(parts[2:]) if len(parts) > 2 else None
        return f"entries[{parts[1]}]" + (f", field {rest}" if rest else "")
    return f"field {field_path(parts)}"


def load(path: str | Path) -> LoadedMatch:
    """Read, check and prepare a match file (schema, sequence, players, ruleset, moves)."""
    path = Path(path)
    return prepare(read_json(path), path)


def prepare(data: Any, path: Path | None) -> LoadedMatch:
    name = str(path) if path else "match"
    check_schema(data, name)
    from adjudicator import rulesets
    from adjudicator.registry import game_class

    rules = data["rules"]
    try:
        base = rulesets.resolve(rules["ruleset"])
        ruleset = base.with_params(rules.get("params"))
    except RulesetError as exc:
        raise MatchFileError(f"{name}: field rules: {exc.message}") from None
    warnings = []
    if rules.get("sha256") and rules["sha256"] != base.sha256:
        warnings.append(f"{name}: the ruleset '{base.id}' has changed since this match was created "
                        f"(rules.sha256 differs); replaying with the current rules.")
    check_players(data, ruleset, name)
    game_type = game_class(ruleset.game, where=f"{name}: ruleset {ruleset.id}")
    game = game_type(ruleset, players_of(data), data)
    problems = game.validate_params()
    if problems:
        raise MatchFileError(f"{name}: field rules.params: {problems[0]}")
    problems = game.check_header()
    if problems:
        raise MatchFileError(f"{name}: {problems[0]}")
    check_entries(data, ruleset, name)
    return LoadedMatch(path, data, ruleset, game, warnings)


def players_of(data: dict[str, Any]) -> list[Any]:
    from adjudicator.engine import Player

    return [Player(p["id"], p.get("name") or p["id"], p["side"], tuple(p.get("items") or ()))
            for p in data["players"]]


def where(index: int, entry: Any) -> str:
    """`entries[3] (seq 4)`: how errors name an entry."""
    seq = entry.get("seq") if isinstance(entry, dict) else None
    return f"entries[{index}]" + (f" (seq {seq})" if isinstance(seq, int) else "")


def check_schema(data: Any, name: str) -> None:
    from adjudicator import schemas

    found = schemas.errors("match", data)
    if not found:
        return
    first = found[0]
    parts = list(first.absolute_path)
    label = schemas.field_path(parts)
    if len(parts) >= 2 and parts[0] == "entries" and isinstance(parts[1], int):
        entry = data["entries"][parts[1]]
        rest = schemas.field_path(parts[2:]) if len(parts) > 2 else None
        label = where(parts[1], entry) + (f", field {rest}" if rest else "")
    else:
        label = f"field {label}"
    more = f" ({len(found) - 1} more problem{'s' if len(found) > 2 else ''})" if len(found) > 1 else ""
    raise MatchFileError(f"{name}: {label}: {schemas.describe_error(first)}{more}.")


def check_players(data: dict[str, Any], ruleset: Any, name: str) -> None:
    ids = [p["id"] for p in data["players"]]
    if len(set(ids)) != len(ids):
        raise MatchFileError(f"{name}: field players: the two players have the same id '{ids[0]}'.")
    sides = ruleset.sides
    seen_sides = set()
    for index, player in enumerate(data["players"]):
        if player["side"] not in sides:
            raise MatchFileError(f"{name}: players[{index}], field side: '{player['side']}' is not a side of "
                                 f"{ruleset.id} ({' or '.join(sides)}).")
        if player["side"] in seen_sides:
            raise MatchFileError(f"{name}: players[{index}], field side: both players are '{player['side']}'.")
        seen_sides.add(player["side"])
        for j, item in enumerate(player.get("items") or ()):
            if item not in ruleset.items:
                known = ", ".join(sorted(ruleset.items)) or "none"
                raise MatchFileError(f"{name}: players[{index}], field items[{j}]: '{item}' is not an item of "
                                     f"{ruleset.id} (items: {known}).")
    for key in ("first", "advantage"):
        if key in data and data[key] not in ids:
            raise MatchFileError(f"{name}: field {key}: '{data[key]}' is not a player of this match "
                                 f"({', '.join(ids)}).")


def check_entries(data: dict[str, Any], ruleset: Any, name: str) -> None:
    """Sequence numbers contiguous from 1, known players, moves valid for the game's schema."""
    from adjudicator import schemas

    ids = {p["id"] for p in data["players"]}
    move_schema = f"move/{ruleset.game}"
    for index, entry in enumerate(data["entries"]):
        label = where(index, entry)
        if entry["seq"] != index + 1:
            raise MatchFileError(f"{name}: {label}, field seq: expected {index + 1} "
                                 f"(seq counts from 1 without gaps).")
        if "player" in entry and entry["player"] not in ids:
            raise MatchFileError(f"{name}: {label}, field player: '{entry['player']}' is not a player of this match "
                                 f"({', '.join(sorted(ids))}).")
        host = entry.get("host") or {}
        for key in ("player", "winner"):
            if key in host and host[key] not in ids:
                raise MatchFileError(f"{name}: {label}, field host.{key}: '{host[key]}' is not a player of this "
                                     f"match ({', '.join(sorted(ids))}).")
        if entry["type"] == "move":
            found = schemas.errors(move_schema, entry["move"])
            if found:
                first = found[0]
                field_name = schemas.field_path(["move", *first.absolute_path])
                raise MatchFileError(f"{name}: {label}, field {field_name}: {schemas.describe_error(first)}.")


# --- Writing ----------------------------------------------------------------------------

def dumps(data: dict[str, Any]) -> str:
    """The file text: header indented, one entry per line (an append is a one-line diff).
    Lone surrogates (a `\\ud800` escape, an argument's undecodable byte) and control
    characters stay JSON escapes: UTF-8 cannot hold the one, a terminal acts on the other."""
    from adjudicator.render import inert_json

    lines = ["{"]
    keys = list(data)
    for position, key in enumerate(keys):
        comma = "," if position < len(keys) - 1 else ""
        if key == "entries":
            entries = data[key]
            if not entries:
                lines.append(f'  "entries": []{comma}')
                continue
            lines.append('  "entries": [')
            for i, entry in enumerate(entries):
                tail = "," if i < len(entries) - 1 else ""
                lines.append("    " + json.dumps(entry, ensure_ascii=False) + tail)
            lines.append(f"  ]{comma}")
        else:
            body = json.dumps(data[key], ensure_ascii=False, indent=2).replace("\n", "\n  ")
            lines.append(f"  {json.dumps(key)}: {body}{comma}")
    lines.append("}")
    return inert_json("\n".join(lines) + "\n")


def write_atomic(path: Path, text: str, mode: int | None = None) -> None:
    """Write via a temporary file, fsync and rename: readers see the old file or the new one."""
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        elif path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o7777)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(folder)


def create_exclusive(path: Path, text: str, mode: int = 0o644) -> None:
    """Create a new file; refuse if it exists (never overwrite a match by accident)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    except FileExistsError:
        raise InputError(f"{path}: already exists; choose another name or pass --force.") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot create it ({exc.strerror}).") from None
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    _fsync_dir(path.parent if str(path.parent) else Path("."))


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


@contextlib.contextmanager
def locked(path: Path, timeout: float = LOCK_TIMEOUT_SECONDS) -> Iterator[None]:
    """Hold an exclusive lock on the match file itself while reading, checking and replacing it.

    The rename in write_atomic swaps the inode, so after taking the lock we make sure it is
    still the file at `path`; if another writer replaced it meanwhile, we lock the new one.
    """
    import fcntl

    deadline = time.monotonic() + timeout
    while True:
        try:
            fd = os.open(path, os.O_RDONLY)
        except FileNotFoundError:
            raise MatchFileError(f"{path}: no such match file.") from None
        except OSError as exc:
            raise MatchFileError(f"{path}: cannot open it ({exc.strerror}).") from None
        try:
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except OSError as exc:
                    if exc.errno not in (errno.EAGAIN, errno.EACCES):
                        raise
                    if time.monotonic() > deadline:
                        raise MatchFileError(f"{path}: another adjudicator has been writing to it for "
                                             f"{timeout:.0f} s; try again.") from None
                    time.sleep(0.01)
            try:
                current = os.stat(path)
            except FileNotFoundError:
                raise MatchFileError(f"{path}: the match file disappeared while waiting for the lock.") from None
            mine = os.fstat(fd)
            if (mine.st_ino, mine.st_dev) == (current.st_ino, current.st_dev):
                yield
                return
        finally:
            os.close(fd)  # closing releases the lock
