"""Match files: read and checked on every load, written atomically under a lock.

A match file is the whole truth of a match; state is always its log replayed. Writes go to
a temporary file in the same folder, are fsynced and renamed over the original, so a crash
never leaves half a file, and an exclusive lock serialises hosts appending at once.
"""

from __future__ import annotations

import contextlib
import errno
import itertools
import json
import os
import stat
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adjudicator.errors import InputError, MatchFileError, RulesetError
from adjudicator.files import kind_of, max_bytes, open_regular, read_regular, too_big

if TYPE_CHECKING:
    import re

    from adjudicator.game import Game

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
    # Read entry by entry (`stream`): `data` is the header alone, and what is kept of the
    # entries is their number and the codes the host recorded (seq -> `"flagged"`).
    count: int | None = None
    marked: dict[int, Any] | None = None
    # Read entry by entry from a chained match (G-9): (seq, hash) of the last entry replayed,
    # so a board can show its head without keeping the entries.
    head: tuple[int, Any] | None = None

    @property
    def entries(self) -> list[dict[str, Any]]:
        entries: list[dict[str, Any]] = self.data["entries"]
        return entries

    @property
    def streamed(self) -> bool:
        return "entries" not in self.data

    @property
    def name(self) -> str:
        return str(self.path) if self.path else self.data.get("id", "match")


# --- Reading ----------------------------------------------------------------------------

def read_json(path: Path) -> Any:
    """The JSON in `path`, or an InputError that says where it is broken."""
    return parse_json(read_regular(path), str(path))


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
    match = prepare_header(data, path)
    check_entries(data, match.ruleset, name)
    return match


def prepare_header(data: dict[str, Any], path: Path | None) -> LoadedMatch:
    """Everything `prepare` checks but the schema and the entries: ruleset, players, game."""
    name = str(path) if path else "match"
    from adjudicator import rulesets
    from adjudicator.registry import game_class

    rules = data["rules"]
    try:
        base = rulesets.resolve(rules["ruleset"])
        ruleset = base.with_params(rules.get("params"))
    except RulesetError as exc:
        field_name = "" if exc.message.startswith("rules.") else "rules: "   # a range error names its own field
        raise MatchFileError(f"{name}: field {field_name}{exc.message}") from None
    warnings = []
    if rules.get("sha256") and rules["sha256"] != base.sha256:
        warnings.append(f"{name}: the ruleset '{base.id}' has changed since this match was created "
                        f"(rules.sha256 differs); replaying with the current rules.")
    check_players(data, ruleset, name)
    if "time_zone" in data:   # the zone local times are read in (adjudicator.when, imported only then)
        from adjudicator.when import zone_problem

        problem = zone_problem(data, name)
        if problem:
            raise MatchFileError(problem)
    game_type = game_class(ruleset.game, where=f"{name}: ruleset {ruleset.id}")
    game = built(game_type, ruleset, players_of(data), data, MatchFileError, f"{name}: ruleset {ruleset.id}")
    if "first_by" in data:
        first_by_problem(data, ruleset.id, game_type, name)
    problems = _params_problems(game, base, rules.get("params"))
    if problems:
        raise MatchFileError(f"{name}: field rules.params: {problems[0]}")
    problems = game.check_header()
    if problems:
        raise MatchFileError(f"{name}: {problems[0]}")
    return LoadedMatch(path, data, ruleset, game, warnings)


def first_by_problem(data: dict[str, Any], ruleset_id: str, game_type: Any, name: str) -> None:
    """`first_by: pick` makes the draw of who starts due (G-6): not beside a `first` that says
    who starts, nor in a game whose rules decide it, where the pick would never come due and
    moves would be judged as if nobody had asked for a draw."""
    if "first" in data:
        raise MatchFileError(f"{name}: field first_by: the header says both who starts (first) and that it is "
                             f"to be drawn (first_by); keep one.")
    if not game_type.nature.first_by_pick:
        raise MatchFileError(f"{name}: field first_by: {ruleset_id} does not start by a draw: "
                             f"{game_type.who_starts} (G-6).")


_PARAMS_CHECKED: dict[tuple[Any, ...], tuple[Any, list[str]]] = {}


def _params_problems(game: Any, base: Any, overrides: Any) -> list[str]:
    """game.validate_params(), remembered per game, resolved ruleset and match overrides: a
    batch of matches of one ruleset asks the same question thousands of times, and some
    games' answers take a millisecond (Track Trouble checks every layout). A built-in game's
    answer depends on its parameters and sides alone; a plug-in game's is asked every time.
    `base` is the object rulesets.resolve returns, a new one whenever a file changes."""
    check = type(game).validate_params
    if not getattr(check, "__module__", "").startswith("adjudicator."):
        return param_problems(game)
    if overrides:
        try:
            own = json.dumps(overrides, sort_keys=True, ensure_ascii=False, allow_nan=True)
        except (TypeError, ValueError, RecursionError):
            return param_problems(game)
    else:
        own = None
    key = (type(game), id(base), own)
    found = _PARAMS_CHECKED.get(key)
    if found is not None and found[0] is base:
        return found[1]
    problems = param_problems(game)
    if len(_PARAMS_CHECKED) >= 4096:
        _PARAMS_CHECKED.clear()
    _PARAMS_CHECKED[key] = (base, problems)
    return problems


def param_problems(game: Any) -> list[str]:
    """game.validate_params(), with a parameter the game needs but the ruleset lacks named as
    missing (a game reads the parameters it checks; a KeyError there is the ruleset's lack,
    never a reason for exit 3)."""
    try:
        return list(game.validate_params())
    except KeyError as exc:
        return [missing_param(exc, game.name)]


def players_of(data: dict[str, Any]) -> list[Any]:
    from adjudicator.game import Player

    return [Player(p["id"], p.get("name") or p["id"], p["side"], tuple(p.get("items") or ()))
            for p in data["players"]]


def stand_in_game(ruleset: Any) -> Game[Any]:
    """The ruleset's game with stand-in players (player1, player2 on its sides), for what a
    ruleset says without a match: `ruleset validate` checks its parameters, `ruleset show`
    lists its notation. Raises what the game raises for parameters it cannot use."""
    from adjudicator.registry import game_class

    players = [{"id": f"player{i + 1}", "name": f"Player {i + 1}", "side": side} for i, side in enumerate(ruleset.sides)]
    return built(game_class(ruleset.game), ruleset, players_of({"players": players}), None, RulesetError,
                 str(ruleset.path or ruleset.id))


def built(game_type: type[Game[Any]], ruleset: Any, players: list[Any], header: dict[str, Any] | None,
          error: type[InputError], name: str) -> Game[Any]:
    """The game made for a ruleset. A game reads the parameters it needs as it is made, so a
    ruleset that lacks one (a variant that deleted `column_dice`) is refused naming the field
    (exit 2), never an internal error."""
    try:
        return game_type(ruleset, players, header)
    except KeyError as exc:
        raise error(f"{name}: field params.{missing_param(exc, ruleset.game)} "
                    f"(see `adjudicator ruleset show {ruleset.game}` for the built-in one).") from None


def missing_param(exc: KeyError, game: str) -> str:
    """`column_dice: missing; the game dice-tug-of-war needs it`: what a game's KeyError on its
    parameters means (a game reads the parameters it needs as they are; none is optional
    unless its code says so)."""
    key = exc.args[0] if exc.args else "?"
    return f"{key}: missing; the game {game} needs it"


def where(index: int, entry: Any) -> str:
    """`entries[3] (seq 4)`: how errors name an entry."""
    seq = entry.get("seq") if isinstance(entry, dict) else None
    return f"entries[{index}]" + (f" (seq {seq})" if isinstance(seq, int) else "")


def check_schema(data: Any, name: str) -> None:
    from adjudicator import schemas

    found = schemas.errors("match", data)
    if found:
        raise schema_error(found, name, lambda index: data["entries"][index])


def schema_error(found: list[Any], name: str, entry_at: Any) -> MatchFileError:
    """The error of the first of `found` (schema errors of one part of a match file), naming
    the entry (`entry_at(index)` gives it) and the field."""
    from adjudicator import schemas

    first = found[0]
    parts = list(first.absolute_path)
    label = schemas.field_path(parts)
    if len(parts) >= 2 and parts[0] == "entries" and isinstance(parts[1], int):
        entry = entry_at(parts[1])
        rest = schemas.field_path(parts[2:]) if len(parts) > 2 else None
        label = where(parts[1], entry) + (f", field {rest}" if rest else "")
    else:
        label = f"field {label}"
    more = f" ({len(found) - 1} more problem{'s' if len(found) > 2 else ''})" if len(found) > 1 else ""
    return MatchFileError(f"{name}: {label}: {_pattern_error(first) or schemas.describe_error(first)}{more}.")


def _pattern_error(error: Any) -> str | None:
    """A text that does not fit its field's pattern, said with the field's description (one
    line, letters and digits) and a short escaped excerpt instead of the regular expression."""
    description = error.schema.get("description") if isinstance(error.schema, dict) else None
    if error.validator != "pattern" or not description or not isinstance(error.instance, str):
        return None
    excerpt = json.dumps(error.instance[:40])
    return f"{excerpt} is not allowed here; {description[0].lower()}{description[1:].rstrip('.')}"


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
    ids = {p["id"] for p in data["players"]}
    move_schema = f"move/{ruleset.game}"
    for index, entry in enumerate(data["entries"]):
        check_entry(index, entry, ids, move_schema, name)


_schemas: Any = None   # adjudicator.schemas once imported: an import statement per entry costs a microsecond


def _import_schemas() -> Any:
    global _schemas
    from adjudicator import schemas

    _schemas = schemas
    return schemas


def check_entry(index: int, entry: dict[str, Any], ids: set[str], move_schema: str, name: str,
                fits: Callable[[Any], bool] | None = None) -> None:
    """One entry that fits the match schema: its seq, its players, its move (check_entries).
    `fits`, the move schema's compiled check when the caller holds it (EntryChecks, once per
    file), saves looking it up for every entry."""
    if entry["seq"] != index + 1:
        raise MatchFileError(f"{name}: {where(index, entry)}, field seq: expected {index + 1} "
                             f"(seq counts from 1 without gaps).")
    if "player" in entry and entry["player"] not in ids:
        raise MatchFileError(f"{name}: {where(index, entry)}, field player: '{entry['player']}' is not a player "
                             f"of this match ({', '.join(sorted(ids))}).")
    host = entry.get("host")
    if host:
        for key in ("player", "winner"):
            if key in host and host[key] not in ids:
                raise MatchFileError(f"{name}: {where(index, entry)}, field host.{key}: '{host[key]}' is not a "
                                     f"player of this match ({', '.join(sorted(ids))}).")
    if entry["type"] == "move":
        if fits is None:
            fits = (_schemas or _import_schemas()).fast_check(move_schema)   # what schemas.errors asks first
        if fits is not None and fits(entry["move"]):
            return
        schemas = _schemas or _import_schemas()
        found = schemas.errors(move_schema, entry["move"])
        if found:
            first = found[0]
            field_name = schemas.field_path(["move", *first.absolute_path])
            raise MatchFileError(f"{name}: {where(index, entry)}, field {field_name}: "
                                 f"{schemas.describe_error(first)}.")


# --- Reading entry by entry -------------------------------------------------------------

class NotStreamable(Exception):
    """The file is not in the tool's own layout (`dumps`: one entry a line), or a line of it
    is not what that layout holds: read it whole (`load`), which says what is wrong, if anything."""


_ENTRIES_OPEN = b'  "entries": [\n'
_ENTRIES_CLOSE = (b"  ]\n", b"  ],\n")
_BOM = b"\xef\xbb\xbf"
_MAX_TAIL = 1 << 20   # what may follow the entries: the header keys written after them
_MAX_HEAD = 1 << 16   # what may come before them: the header as `dumps` writes it is a few hundred bytes
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
BATCH = 256   # entry lines parsed at once
_WHOLE_SCAN = 1 << 20   # the most of a file the first pass reads at once (MatchStream._scan_whole)


class StreamedFile:
    """An open match file read entry by entry (MatchStream, AnyLayoutStream): opened here, its
    header read and checked by the reader (`_read_header`), closed on any failure and at the
    end of a `with`. `voids` are the host `void` entries the first pass found, by position."""

    BUFFERING = 0
    voids: list[tuple[int, dict[str, Any]]]

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.name = str(path)
        self._limit = max_bytes()
        self._file = os.fdopen(open_regular(self.path, "match file", self._limit), "rb", buffering=self.BUFFERING)
        try:
            self.match = self._read_header()
        except OSError as exc:
            self.close()
            raise MatchFileError(f"{path}: cannot read it ({exc.strerror}).") from None
        except BaseException:
            self.close()
            raise

    def _read_header(self) -> LoadedMatch:
        raise NotImplementedError

    def __enter__(self) -> StreamedFile:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self) -> None:
        self._file.close()

    def void_entries(self, until: int | None = None) -> list[dict[str, Any]]:
        """The host `void` entries of the file (of its first `until` entries), unchecked."""
        return [entry for index, entry in self.voids if until is None or index < until]

    def entries(self) -> Iterator[dict[str, Any]]:
        raise NotImplementedError


# What the first pass finds: the number of entries, the first entry's line, the lines that
# may hold a void (by position), the line closing the entries and what follows it.
Scanned = tuple[int, bytes, list[tuple[int, bytes]], bytes, bytes]


class MatchStream(StreamedFile):
    """A match file read entry by entry: the header parsed and checked as `load` checks it,
    then the entries one at a time, each checked as `load` checks it and none kept.

    Only files in the tool's own layout (`dumps`: one entry a line) are read so, in two
    passes over the open file. The first finds where the entries are, the header keys
    around them, and the host `void`s, which replay must know before stepping (G-4): only
    lines that can hold one are parsed, those with `"void"` or a backslash (an escape can
    spell any text). The second parses and checks one line at a time (`entries()`). Any
    other layout raises NotStreamable on opening, and a surprise in a line (two entries on
    one, a missing comma) on reaching it; then the file is to be read whole.

    Keeps of the entries only the void entries, `match.marked` (seq -> the code a host
    recorded the entry with as illegal) and, once all are read, `match.count`."""

    BUFFERING = 1 << 16   # lines are read from a buffered file

    def _read_header(self) -> LoadedMatch:
        self._scan()
        return self._prepare()

    def _scan(self) -> None:
        """The first pass: the header's lines, the entries' place and count, the voids."""
        first = self._file.readline(len(_BOM) + 2)   # never a whole file written on one line
        skip = len(_BOM) if first.startswith(_BOM) else 0
        head = [first[skip:]]
        if head[0] != b"{\n":
            raise NotStreamable("the file does not start with a line of its own '{'")
        lines = iter(self._file)
        size = 0
        for line in lines:
            if line == _ENTRIES_OPEN:
                break
            size += len(line)
            if size > _MAX_HEAD:   # a header is a few lines: this is another layout (AnyLayoutStream)
                raise NotStreamable("no list of entries opens near the start")
            head.append(line)
        else:
            raise NotStreamable("no line opens a list of entries")
        self._start = skip + sum(map(len, head)) + len(_ENTRIES_OPEN)
        found = self._scan_whole()
        if found is None:
            found = self._scan_lines(lines)
        count, first, candidates, close, rest = found
        if not count:
            raise NotStreamable("an empty list of entries")
        self._first_entry_on_its_line(first)
        self.count = count
        placeholder = b'  "entries": []' + close[3:]
        self._header_bytes = b"".join(head) + placeholder + rest
        if b'"entries"' in self._header_bytes.replace(placeholder, b"", 1):
            raise NotStreamable("another key that may be \"entries\"")
        self.voids: list[tuple[int, dict[str, Any]]] = []
        from adjudicator.engine import is_void

        for index, line in candidates:
            entry = self._parse(index, line, index == count - 1, strict=False)
            if entry.__class__ is dict and is_void(entry):
                self.voids.append((index, entry))

    def _first_entry_on_its_line(self, line: bytes) -> None:
        """The first entry is one line of its own, as `dumps` writes it: another tool's
        pretty-printing (`json.dumps(indent=2)`) has the same header lines but an entry over
        many, which is AnyLayoutStream's to read, not a broken file. `line` is the first line
        after the one opening the entries, as the first pass read it (no second read)."""
        if not (line.startswith(b'    {"') and line.rstrip(b"\n").endswith((b"}", b"},"))):
            raise NotStreamable("the entries are not one a line")

    def _scan_lines(self, lines: Iterator[bytes]) -> Scanned:
        """The entries' count, the first entry's line, the lines that may hold a void, the
        closing line and what follows it, read line by line from the first entry on (a file
        of any size)."""
        total, count, candidates, first = self._start, 0, [], b""
        for line in lines:
            if line in _ENTRIES_CLOSE:
                close = line
                break
            if not count:
                first = line
            if b'"void"' in line or b"\\" in line:
                candidates.append((count, line))
            count += 1
            total += len(line)
        else:
            raise NotStreamable("no line closes the list of entries")
        tail = [close]
        for line in lines:
            tail.append(line)
            total += len(line)
            if total > self._limit or sum(map(len, tail)) > _MAX_TAIL:
                raise NotStreamable("too much follows the entries")
        if total > self._limit:   # it grew while we read
            raise MatchFileError(too_big(self.path, "match file", self._limit))
        return count, first, candidates, close, b"".join(tail[1:])

    def _scan_whole(self) -> Scanned | None:
        """What _scan_lines finds, found with a few searches over the rest of the file read
        at once instead of a step of Python per line; None (and the file where it was) when
        the rest is larger than _WHOLE_SCAN: a long log is read line by line, in flat memory."""
        here = self._file.tell()
        expected = os.fstat(self._file.fileno()).st_size - here
        if expected > _WHOLE_SCAN:
            return None
        room = expected + (1 << 16)   # read(n) sets n bytes aside: the size, and room to grow
        data = self._file.read(room)
        if len(data) >= room:   # it grew while we read: read line by line, as a long file is
            self._file.seek(here)
            return None
        end = 0 if data.startswith(_ENTRIES_CLOSE) else _closing_line(data)   # where the closing line starts
        if end < 0:
            raise NotStreamable("no line closes the list of entries")
        close = _ENTRIES_CLOSE[0] if data.startswith(_ENTRIES_CLOSE[0], end) else _ENTRIES_CLOSE[1]
        rest = data[end + len(close):]
        total = self._start + end + len(rest)   # as _scan_lines counts: the closing line left out
        if rest and (total > self._limit or len(close) + len(rest) > _MAX_TAIL):
            raise NotStreamable("too much follows the entries")
        if total > self._limit:   # it grew while we read
            raise MatchFileError(too_big(self.path, "match file", self._limit))
        candidates = []
        for mark in (b'"void"', b"\\"):
            at = data.find(mark, 0, end)
            while at >= 0:
                start = data.rfind(b"\n", 0, at) + 1
                stop = data.index(b"\n", at) + 1
                candidates.append((start, stop))
                at = data.find(mark, stop, end)
        lines = []
        for start, stop in sorted(set(candidates)):
            lines.append((data.count(b"\n", 0, start), data[start:stop]))
        first = data[:data.find(b"\n") + 1]   # a line closes the entries: there is a line end
        return data.count(b"\n", 0, end), first, lines, close, rest

    def _prepare(self) -> LoadedMatch:
        """The header, checked as `load` checks it; its match holds no entries."""
        try:
            header = parse_json(self._header_bytes, self.name)
        except MatchFileError:
            raise NotStreamable("the header is not valid JSON alone") from None
        del self._header_bytes
        return streamed_header(header, self.name, self.path)

    def entries(self) -> Iterator[dict[str, Any]]:
        """The entries one at a time, each checked as `load` checks it (MatchFileError names
        the entry and the field); `match.count` is set once the last has been read.

        Lines are parsed a batch at a time (one JSON array of up to BATCH lines: a call of the
        parser per line costs more than the parsing), and a batch must hold one entry per line,
        so entry `i` is line `i`, as the void pass assumed; a void elsewhere is a surprise."""
        check = EntryChecks(self.match, self.name, self.voids)
        count = self.count
        self._file.seek(self._start)
        index = 0
        while index < count:
            lines = list(itertools.islice(self._file, min(BATCH, count - index)))
            for entry in self._batch(index, lines, index + len(lines) == count):
                check(index, entry)
                index += 1
                yield entry
        if check.voids or next(self._file, None) not in _ENTRIES_CLOSE:
            raise NotStreamable("the file changed while it was read")
        self.match.count = count

    def _batch(self, index: int, lines: list[bytes], last: bool) -> list[Any]:
        """The entries of `lines` (entries[index] on), parsed as one JSON array."""
        text = b"".join(lines)
        end = len(text) - (1 if last else 2)
        if len(lines) < min(BATCH, self.count - index) or text[end:] != (b"\n" if last else b",\n"):
            raise NotStreamable(f"entries[{index + len(lines) - 1}] does not end its line as the layout does")
        text = text[:end]
        from adjudicator.bounded import MAX_DIGITS

        if b"0" * (MAX_DIGITS + 1) not in text.translate(_DIGITS_AS_ZERO):
            try:   # decoded strictly, as `load` does (json.loads of bytes lets surrogates pass)
                entries = json.loads("[" + text.decode("utf-8") + "]")
            except (ValueError, RecursionError):
                entries = None
            if entries.__class__ is list and len(entries) == len(lines):
                return entries
        for offset, line in enumerate(lines):   # say where: parse them one by one
            self._parse(index + offset, line, last and offset == len(lines) - 1)
        raise NotStreamable(f"entries[{index}] on: the lines parse alone but not together")

    def _parse(self, index: int, line: bytes, last: bool, strict: bool = True) -> Any:
        """The entry on one line: `    {...},` (the last without the comma); with `strict`,
        MatchFileError or NotStreamable says what is wrong, else None."""
        end = len(line) - (1 if last else 2)
        if line[end:] != (b"\n" if last else b",\n") or line[end - 1:end] != b"}" or not line.startswith(b"    {"):
            if not strict:
                return None
            end = len(line) - line.endswith(b"\n")   # parse it as it is, to say what is wrong
            end -= line[:end].endswith(b",")
        from adjudicator.bounded import TooManyDigits, loads_json

        try:
            entry = loads_json(line[:end].decode("utf-8"))
            if strict and line[end - 1:end] != b"}":
                raise NotStreamable(f"entries[{index}] is not one line of its own")
            return entry
        except UnicodeDecodeError:
            problem = MatchFileError(f"{self.name}: entries[{index}]: not UTF-8 text.")
        except TooManyDigits as exc:
            problem = MatchFileError(f"{self.name}: {_label(['entries', index, *exc.parts])}: {exc.sentence()}.")
        except json.JSONDecodeError as exc:
            problem = MatchFileError(f"{self.name}: entries[{index}]: not valid JSON at column {exc.colno + 4}: "
                                     f"{exc.msg}.")
        except RecursionError:
            problem = MatchFileError(f"{self.name}: entries[{index}]: the JSON is nested too deeply.")
        if strict:
            raise problem
        return None


_CLOSE_START = b"\n  ]"   # what both lines closing the entries begin with, after the line end before them


def _closing_line(data: bytes) -> int:
    """Where the first line closing the entries (_ENTRIES_CLOSE) starts in `data`, after its
    first byte, or -1: one search for what both closing lines begin with, each hit checked for
    how it ends (a search of the whole file costs more than the few hits)."""
    at = data.find(_CLOSE_START)
    while at >= 0 and not data.startswith((b"\n", b",\n"), at + len(_CLOSE_START)):
        at = data.find(_CLOSE_START, at + 1)
    return at + 1 if at >= 0 else -1


def streamed_header(header: Any, name: str, path: Path) -> LoadedMatch:
    """The match of a header read apart from its entries (`"entries": []`), checked as `load`
    checks it; its match holds no entries."""
    if header.__class__ is not dict or header.get("entries") != []:
        raise NotStreamable("the header is not an object")
    check_schema(header, name)
    del header["entries"]
    match = prepare_header(header, path)
    match.marked = {}
    return match


class EntryChecks:
    """Each streamed entry checked as `load` checks it (the match schema's entry part, then
    check_entry; MatchFileError names the entry and the field), the host's marks noted in
    `match.marked`, and each void matched against those the first pass found (`voids`, left
    holding any not met again).

    Most entries are valid moves and rolls with nothing to note: a few tests say so, and only
    any other entry is checked step by step (`check`), which finds and words the first
    problem as `load` does."""

    def __init__(self, match: LoadedMatch, name: str, voids: list[tuple[int, dict[str, Any]]]) -> None:
        from adjudicator import schemas

        checks = schemas._list_checks("match").get("entries")
        if checks is None:
            raise NotStreamable("the match schema's entries cannot be checked one at a time")
        self.schema, self.fits = checks
        self.match, self.name = match, name
        self.ids = {p["id"] for p in match.data["players"]}
        self.move_schema = f"move/{match.ruleset.game}"
        self.fits_move = schemas.fast_check(self.move_schema)
        self.move_fits = self.fits_move or (lambda _move: False)   # no compiled check: `check` asks jsonschema
        self.voids = dict(voids)
        assert match.marked is not None   # streamed_header made it
        self.marked = match.marked

    def __call__(self, index: int, entry: Any) -> None:
        """Check entries[index]. A move of a player of this match that fits its game's move
        schema, or a roll, in its place and unmarked, passes every test `check` makes and
        leaves nothing to note (the entry schema holds: a move has a player and a move and no
        host); any other entry is checked step by step."""
        if entry.__class__ is dict and self.fits(entry) and entry["seq"] == index + 1 and "flagged" not in entry:
            kind = entry["type"]
            if kind == "chance" or (kind == "move" and entry["player"] in self.ids and self.move_fits(entry["move"])):
                return
        self.check(index, entry)

    def check(self, index: int, entry: Any) -> None:
        """The entry checked step by step, in the order `load` checks it, the first problem
        raised; its mark noted, its void matched."""
        if entry.__class__ is not dict or not self.fits(entry):
            from adjudicator import schemas

            found = schemas._sorted(schemas.jsonschema_errors("match", entry, self.schema, ("entries", index)))
            if found:
                raise schema_error(found, self.name, lambda _: entry)
        check_entry(index, entry, self.ids, self.move_schema, self.name, self.fits_move)
        if "flagged" in entry and entry["flagged"]:
            self.marked[index + 1] = entry["flagged"]
        if entry["type"] == "host":
            from adjudicator.engine import is_void

            if is_void(entry) and self.voids.pop(index, None) != entry:
                raise NotStreamable(f"entries[{index}] is a void the first pass did not find")


class AnyLayoutStream(StreamedFile):
    """A match file in a layout other than the tool's (pretty-printed, all on one line, keys
    in any order) read entry by entry in flat memory, as MatchStream reads the tool's own: adjudicator.jsonstream walks the top-level object twice, once for the header
    keys, the count and the voids (G-4), once for the entries. Anything it cannot read as
    json.loads would raises NotStreamable, and the file is read whole."""

    def _read_header(self) -> LoadedMatch:
        return streamed_header(self._scan(), self.name, self.path)

    def _members(self) -> Iterator[tuple[str, Any]]:
        """The file's top-level members from its start (jsonstream), Unsure as NotStreamable."""
        from adjudicator.jsonstream import ObjectStream, Unsure

        def sure(values: Iterator[Any]) -> Iterator[Any]:
            try:
                yield from values
            except Unsure as exc:
                raise NotStreamable(str(exc)) from None

        self._file.seek(0)
        for key, value in sure(ObjectStream(self._file).members("entries")):
            yield key, sure(value) if key == "entries" else value
        if self._file.tell() > self._limit:   # it grew while we read
            raise MatchFileError(too_big(self.path, "match file", self._limit))

    def _scan(self) -> dict[str, Any]:
        """The first pass: the header keys, the entries' count and the voids."""
        from adjudicator.engine import is_void

        header: dict[str, Any] = {}
        self.voids: list[tuple[int, dict[str, Any]]] = []
        self.count = 0
        for key, value in self._members():
            if key != "entries":
                header[key] = value
                continue
            header[key] = []
            for index, entry in enumerate(value):
                if entry.__class__ is dict and is_void(entry):
                    self.voids.append((index, entry))
                self.count = index + 1
        if not self.count:
            raise NotStreamable("no entries to read one at a time")
        return header

    def entries(self) -> Iterator[dict[str, Any]]:
        """The entries one at a time, each checked as `load` checks it; `match.count` is set
        once the last has been read."""
        check = EntryChecks(self.match, self.name, self.voids)
        index = 0
        for key, value in self._members():
            if key != "entries":
                continue
            for entry in value:
                if index >= self.count:
                    raise NotStreamable("the file changed while it was read")
                check(index, entry)
                index += 1
                yield entry
        if check.voids or index != self.count:
            raise NotStreamable("the file changed while it was read")
        self.match.count = self.count


def stream(path: str | Path, any_layout: bool = False) -> StreamedFile:
    """Open a match file to read entry by entry: in the tool's own layout (MatchStream), or
    with `any_layout` in whatever layout it is (AnyLayoutStream); NotStreamable when the
    reader cannot read it exactly as `load` would (session.replay_streamed tries both)."""
    return AnyLayoutStream(path) if any_layout else MatchStream(path)


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


OWNER_ONLY = 0o600   # a match may hold sealed moves and Hidden Values; its seed decides the dice


def real_path(path: Path) -> Path:
    """The file a match path names, symbolic links followed: two links to one match must
    lock, write and find the seed of that one match, never replace a link by a copy."""
    return Path(os.path.realpath(path))


def write_atomic(path: Path, text: str | bytes, mode: int = OWNER_ONLY) -> None:
    """Replace the file `path` names (through a symbolic link) via a temporary file, fsync and
    rename: readers see the old file or the new one, and a failure leaves the old one as it was.
    A read-only file (no write bit) is refused: rename would replace it silently."""
    target = real_path(path)
    _refuse_read_only(path, target)
    sweep_stale(target)
    try:
        staged = _Staged(target, text, mode)
        try:
            os.replace(staged.name, target)
            staged.tmp = None
        finally:
            staged.discard()
    except OSError as exc:
        raise MatchFileError(f"{path}: cannot write it ({_reason(exc)}); the file is unchanged.") from None
    _fsync_dir(target.parent)


def create_exclusive(path: Path, text: str | bytes, mode: int = OWNER_ONLY) -> None:
    """Create a new file, complete or not at all; refuse if anything is at `path` (never
    overwrite a match by accident)."""
    create_together([(path, text, mode)])


def create_together(files: list[tuple[Path, str | bytes, int]], *, force: bool = False,
                    remove: tuple[Path, ...] = ()) -> None:
    """Write several new files (a seed, then its match) so that the last one, the match,
    appears only once every earlier one is in place: killed at any instant, the tool finds
    the match with its seed, or no match. A seed left without its match by a
    writer that was killed is proven so by that writer's staged match and cleared by the next
    `new` (clear_interrupted_new).

    Every name is checked first, then every file is written to a temporary file and fsynced,
    and only then are they put in place, in order: hard links, which refuse an existing name,
    or with `force` renames over the old files (through symbolic links), after the old last
    file is removed, so an old match never stands beside a new seed. With `force`, the files
    in `remove` (an old seed the new match has no use for) go too, after the old match. A
    full disk or a read-only folder stops it before anything is in place."""
    targets: list[Path] = []
    for path, _text, _mode in reversed(files):   # the match is named first when both are taken
        if force:
            target = real_path(path)
            _refuse_read_only(path, target)
        else:
            target = path
            if os.path.lexists(path):
                raise already_exists(path)
        targets.insert(0, target)
    for target in targets:
        sweep_stale(target)   # what writers that were killed left behind
    staged: list[_Staged] = []
    placed: list[Path] = []
    aside: list[_Aside] = []
    try:
        for (path, text, mode), target in zip(files, targets, strict=False):
            current = path
            staged.append(_Staged(target, text, mode))
        if force:   # the old files step aside, the last (the match) first: it never meets a new seed
            for (path, _text, _mode), target in reversed(list(zip(files, targets, strict=False))):
                current = path
                aside.append(_Aside(target))
            for path in remove:
                current = path
                aside.append(_Aside(real_path(path)))
        for (path, _text, _mode), target, stage in zip(files, targets, staged, strict=False):
            current = path
            _place(stage, target, force)
            placed.append(target)
    except FileExistsError:
        _undo(placed, aside)
        raise already_exists(current) from None
    except OSError as exc:
        _undo(placed, aside)
        raise InputError(f"{current}: cannot create it ({_reason(exc)}); nothing was written.") from None
    finally:
        for stage in staged:
            stage.discard()
    for old in aside:
        old.drop()
    for folder in {target.parent for target in targets}:
        _fsync_dir(folder)


def already_exists(path: Path) -> InputError:
    """The refusal of a name that is taken: every write that does not replace says this."""
    return InputError(f"{path}: already exists; nothing was written. Choose another name or pass --force.")


def staged_by_dead_writer(target: Path) -> Iterator[bytes]:
    """The contents of the complete temporary files of `target` that no live writer holds
    (a writer holds its own until it is in place): what a killed writer was about to write."""
    import fcntl

    folder = target.parent if str(target.parent) else Path(".")
    pattern = temp_name_pattern(target.name)
    try:
        names = sorted(n for n in os.listdir(folder) if pattern.fullmatch(n))
    except OSError:
        return
    for name in names:
        try:
            fd = os.open(os.path.join(folder, name), os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW)
        except OSError:
            continue
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode) or os.fstat(fd).st_size > max_bytes():
                continue
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
            chunks = []
            while chunk := os.read(fd, 1 << 20):
                chunks.append(chunk)
            yield b"".join(chunks)
        except OSError:
            continue
        finally:
            os.close(fd)


def _place(stage: _Staged, target: Path, force: bool) -> None:
    """Put a staged file in place: a rename over the old file, or a hard link that fails if
    the name is taken (where the file system has no hard links, an exclusive copy)."""
    if force:
        os.replace(stage.name, target)
        stage.tmp = None
        return
    try:
        os.link(stage.name, target, follow_symlinks=False)
    except FileExistsError:
        raise
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS, errno.EXDEV, errno.EMLINK):
            raise
        _copy_exclusive(stage, target)


def _copy_exclusive(stage: _Staged, target: Path) -> None:
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, stage.mode)
    try:
        _write_all(fd, stage.data)
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(target)
        raise
    os.close(fd)


def _undo(placed: list[Path], aside: list[_Aside]) -> None:
    """Remove the files this call put in place and bring back the old ones it set aside, so
    a failure leaves the folder as it was."""
    for target in placed:
        with contextlib.suppress(OSError):
            os.unlink(target)
    for old in aside:
        old.restore()


class _Aside:
    """An old file `--force` replaces, renamed out of the way (under a temporary name of its
    own file, held locked while this process lives) until the new files are in place: a
    failure renames it back; a writer killed meanwhile leaves it for sweep_stale."""

    def __init__(self, target: Path) -> None:
        import fcntl
        import secrets

        self.target, self.fd = target, -1
        self.tmp: str | None = None
        if not os.path.lexists(target):
            return
        name = f".{target.name}.{secrets.token_hex(4)}{TEMP_SUFFIX}"
        tmp = str(target.parent / name) if str(target.parent) else name
        os.rename(target, tmp)
        self.tmp = tmp
        with contextlib.suppress(OSError):
            self.fd = os.open(tmp, os.O_RDONLY | os.O_NOFOLLOW)
            fcntl.flock(self.fd, fcntl.LOCK_EX)

    def restore(self) -> None:
        if self.tmp is not None:
            with contextlib.suppress(OSError):
                os.rename(self.tmp, self.target)
            self.tmp = None
        self._release()

    def drop(self) -> None:
        if self.tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.tmp)
            self.tmp = None
        self._release()

    def _release(self) -> None:
        if self.fd >= 0:
            with contextlib.suppress(OSError):
                os.close(self.fd)
            self.fd = -1


class _Staged:
    """A complete, fsynced temporary file beside its target, flock-ed while this process
    lives: an unlocked temporary file of a match is provably left by a writer that died
    (sweep_stale)."""

    def __init__(self, target: Path, text: str | bytes, mode: int) -> None:
        import fcntl

        self.data = text.encode("utf-8") if isinstance(text, str) else text
        self.mode, self.fd = mode, -1
        self.tmp: str | None = None
        folder = target.parent if str(target.parent) else Path(".")
        try:
            for _attempt in range(5):
                self.fd, self.tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=folder)
                fcntl.flock(self.fd, fcntl.LOCK_EX)
                if _same_file(self.fd, self.tmp):
                    break
                os.close(self.fd)   # a sweep took it between mkstemp and flock: take another
                self.fd, self.tmp = -1, None
            else:
                raise OSError(errno.EAGAIN, "temporary files keep disappearing")
            _write_all(self.fd, self.data)
            os.fchmod(self.fd, mode)
            os.fsync(self.fd)
        except BaseException:
            self.discard()
            raise

    @property
    def name(self) -> str:
        """The temporary file's name, while it is staged (neither put in place nor discarded)."""
        if self.tmp is None:
            raise RuntimeError("the staged file was already put in place or discarded")
        return self.tmp

    def discard(self) -> None:
        """Remove the temporary file unless it was put in place, and release its lock."""
        if self.tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.tmp)
            self.tmp = None
        if self.fd >= 0:
            with contextlib.suppress(OSError):
                os.close(self.fd)
            self.fd = -1


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _same_file(fd: int, name: str) -> bool:
    try:
        here, there = os.fstat(fd), os.stat(name, follow_symlinks=False)
    except OSError:
        return False
    return (here.st_ino, here.st_dev) == (there.st_ino, there.st_dev)


TEMP_SUFFIX = ".tmp"


def temp_name_pattern(name: str) -> re.Pattern[str]:
    """The names mkstemp gives the temporary files of match `name`: `.NAME.XXXXXXXX.tmp`.
    They start with a dot and end in .tmp, so no `*.json` glob ever counts one as a match."""
    import re

    return re.compile(re.escape(f".{name}.") + r"[A-Za-z0-9_]{8}" + re.escape(TEMP_SUFFIX))


def sweep_stale(target: Path) -> int:
    """Remove temporary files of this match left by writers that died: those nobody holds
    the lock of (a live writer flocks its temporary file until it is renamed into place).
    Returns how many were removed; a sweep that cannot finish is simply skipped."""
    import fcntl

    folder = target.parent if str(target.parent) else Path(".")
    pattern = temp_name_pattern(target.name)
    removed = 0
    try:
        names = [n for n in os.listdir(folder) if pattern.fullmatch(n)]
    except OSError:
        return 0
    for name in names:
        tmp = os.path.join(folder, name)
        try:
            fd = os.open(tmp, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW)
        except OSError:
            continue
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                continue
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                continue   # a live writer holds it
            if _same_file(fd, tmp):
                os.unlink(tmp)
                removed += 1
        except OSError:
            continue
        finally:
            os.close(fd)
    return removed


def _refuse_read_only(path: Path, target: Path) -> None:
    """A file without write permission is the host's way of saying "do not change this"; a
    rename would replace it anyway (and root's permission checks pass everything), so the
    mode bits are read as well as access()."""
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise MatchFileError(f"{path}: cannot write it ({_reason(exc)}); the file is unchanged.") from None
    if not stat.S_ISREG(info.st_mode):
        raise MatchFileError(f"{path}: is {kind_of(info.st_mode)}, not a regular file; nothing was written.")
    if not info.st_mode & 0o222 or not os.access(target, os.W_OK):
        raise MatchFileError(f"{path}: is read-only (mode {stat.S_IMODE(info.st_mode):04o}); nothing was written. "
                             f"Make it writable (chmod u+w) if it is meant to change.")


def _reason(exc: OSError) -> str:
    """Why a write failed, in words, with the folder to fix for a permission problem."""
    words = exc.strerror or type(exc).__name__
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"{words}: the folder is not writable"
    return words


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
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
        except FileNotFoundError:
            raise MatchFileError(f"{path}: no such match file.") from None
        except OSError as exc:
            raise MatchFileError(f"{path}: cannot open it ({exc.strerror}).") from None
        try:
            mode = os.fstat(fd).st_mode
            if not stat.S_ISREG(mode):
                raise MatchFileError(f"{path}: is {kind_of(mode)}, not a regular file; a match file is read "
                                     f"only from a regular file.")
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
