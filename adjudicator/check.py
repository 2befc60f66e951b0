"""Batch checks: validate and replay many match files, for hosts' archives and CI.

A file passes when it loads and every flagged entry is one the host recorded as illegal
(`"flagged": CODE` on the entry, G-1). One bad file never stops a batch: every file gets its
row and its JUnit case whatever happens to it, even an internal error or a `--jobs` worker
that dies (verdict "error": a bug, exit status 3). The exit status is the worst of the rows:
3 if any row is an error, else 2 if any file is unusable, else 1 if any file has an
unexpected flag, else 0.

Archives: a folder given is searched for `*.json` match files (match_files), and
each match's own seed, `MATCH.seed` beside `MATCH.json`, verifies its tool-drawn rolls when
no `--seed` is given (seed_beside): one stat per file, in the worker that checks it.

Streamed: the rows are an iterator, each yielded once it and those before it are
checked; the report is written as they come and only a tally of verdicts is kept (Checked).
What is known before the first file is checked is the list of names the folders gave.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

from adjudicator.errors import AdjudicatorError, InputError
from adjudicator.present import Tally, seq_list


def empty_row(path: str) -> dict[str, Any]:
    return {"file": path, "ruleset": None, "entries": 0, "status": None, "winner": None,
            "flagged": 0, "verdict": "ok", "problems": [], "warnings": []}


def error_row(path: str, what: str) -> dict[str, Any]:
    """The row of a file whose check hit a bug: the table and the other files still count."""
    row = empty_row(path)
    row["verdict"], row["problems"] = "error", [f"internal error ({what}); this is a bug in adjudicator, "
                                                "please report it with this file"]
    return row


def check_file(path: str, seed: str | None = None, strict_dice: bool = False,
               beside: bool = True, heads: tuple[str, ...] = ()) -> dict[str, Any]:
    """One file's verdict as plain data (picklable, for --jobs); never raises. `strict_dice`
    fails rolls the seed cannot verify; `beside`: without `seed`, the seed file beside the
    match (if any) verifies its rolls; `heads` (`N:HEX`, already checked) are heads the file
    must still hold the log of (G-9)."""
    try:
        return _check_file(path, seed, strict_dice, beside, heads)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:   # a bug (or MemoryError, RecursionError): one row says so
        from adjudicator.bounded import excerpt

        return error_row(path, f"{type(exc).__name__}: {excerpt(str(exc), 200)}")


def _check_file(path: str, seed: str | None = None, strict_dice: bool = False,
                beside: bool = True, heads: tuple[str, ...] = ()) -> dict[str, Any]:
    from adjudicator import chain, matchfile, session, views

    row = empty_row(path)
    seed_file = seed_beside(path) if beside and not seed else None
    unusable = False
    given: list[Any] = [head for head in map(chain.parse_head, heads) if head is not None] or [None]
    verifiers: list[Any] = []
    try:
        if seed or seed_file:   # the rolls are checked against the log as it stood at each: read it whole
            match = matchfile.load(path)
            replay = views.replay_match(match)
            marked_logs, rolls = None, None   # type: dict[int, Any] | None, list[int] | None
            verifiers = [chain.verify(match.data, head) for head in given]
        else:   # entry by entry, keeping only the log entries of those the host marked
            marked_logs, rolls = {}, [0]
            watch = chained_watch(watcher(marked_logs, rolls if strict_dice else None), given, verifiers)
            match, replay = session.replay_streamed(path, watch=watch, narrate=False)   # a row says no event: none is made
            verifiers = [verifier.result() for verifier in verifiers]
        row["ruleset"], row["entries"], row["warnings"] = match.ruleset.id, count_of(match), match.warnings
        row["status"] = "finished" if replay.outcome else "in_progress"
        row["winner"] = replay.outcome.winner if replay.outcome else None
        row["flagged"] = len(replay.flags)
        row["problems"] = chain_problems(row, verifiers) + flag_problems(match, replay, marked_logs)
        row.update(draw_counts(replay))
        if seed_file:
            try:
                seed = read_beside(seed_file, match)
            except InputError as exc:   # this file's problem, not the run's; first, as what makes it unusable
                from adjudicator.bounded import short_message

                row["problems"].insert(0, short_message(exc.message))
                unusable = True
            else:
                row["seed_file"] = seed_file
                row["warnings"] = row["warnings"] + exposed_seed(seed_file, row)
        if seed:
            row["problems"] += roll_problems(row, session.verify_rolls(match, seed))
            if strict_dice:
                row["problems"] += [f"seq {seq}: a transcribed roll (\"source\": \"external\") cannot be verified "
                                    f"against the seed (--strict-dice)" for seq in session.transcribed_rolls(match)]
        if strict_dice and not unusable:
            row["problems"] += unfair_draws(match, row)
        if not seed and strict_dice and not unusable and rolls and rolls[0]:   # no seed at all: no roll can be verified
            count = rolls[0]
            row["problems"].append(f"no seed file {os.path.basename(seed_path_of(path))} beside it and no --seed, so its "
                                   f"{count} roll{'s' if count != 1 else ''} cannot be verified (--strict-dice)")
        if unusable:
            row["verdict"] = "unusable"
        elif row["problems"]:
            row["verdict"] = "flagged"
    except AdjudicatorError as exc:
        from adjudicator.bounded import short_message

        row["verdict"], row["problems"] = "unusable", [short_message(without_name(exc.message, path))]
    return row


def chained_watch(inner: Callable[[Any], Any], given: list[Any], verifiers: list[Any]) -> Callable[[Any], Any]:
    """`inner` (a watcher) that also feeds each entry to a chain.Verifier per head in `given`
    (None: no head), made afresh each time the header is read (G-9)."""
    from adjudicator import chain

    def watch(match: Any) -> Any:
        verifiers[:] = [chain.Verifier(match.data, head) for head in given]
        each = inner(match)

        def both(entry: dict[str, Any], log: Any) -> None:
            for verifier in verifiers:
                verifier.feed(entry)
            if each is not None:
                each(entry, log)
        return both
    return watch


def chain_problems(row: dict[str, Any], found: list[Any]) -> list[str]:
    """The row's account of the audited log (G-9): `chain` is "unchained" for a match made
    before it (never a problem in itself, but no head can match it), else "verified" or
    "differs", with the head after the last entry (`log`); a problem for the first entry that
    differs, and for each head given that the file does not hold."""
    from adjudicator.present import chain_sentence

    if not found:
        return []
    first = found[0]
    if not first.chained:
        row["chain"] = "unchained"
        return [chain_sentence(verified) for verified in found if verified.given is not None]
    row["chain"] = "verified" if all(verified.ok for verified in found) else "differs"
    if first.head is not None:
        row["log"] = {"seq": first.entries, "head": first.head}
    if any(verified.given is not None for verified in found):
        row["heads"] = {verified.given.short(): verified.ok for verified in found if verified.given is not None}
    problems: list[str] = []
    for verified in found:
        if not verified.ok:
            sentence = chain_sentence(verified)
            if sentence not in problems:
                problems.append(sentence)
    return problems


def without_name(message: str, path: str) -> str:
    """The message without the file's name in front: the row names the file already. The
    reader may name it as Path spells it (`./m.json`, found by `check .`, is `m.json`)."""
    for name in (path, str(Path(path))):
        if message.startswith(f"{name}: "):
            return message[len(name) + 2:]
    return message


def draw_counts(replay: Any) -> dict[str, Any]:
    """The row's account of the tool's draws (G-8), for a file that has any: how many, those
    made before both players' salts were entered (`unsalted_draws`) and those voided or flagged
    (`voided_draws`), each a list of seqs. A voided draw is one whose outcome the host saw and
    set aside; the next draw is a new one, never the same one again."""
    if not replay.draws:
        return {}
    flagged = {flag.seq for flag in replay.flags}
    return {"draws": len(replay.draws), "unsalted_draws": list(replay.unsalted_draws),
            "voided_draws": [seq for seq in replay.draws if seq in replay.voided or seq in flagged]}


def unfair_draws(match: Any, row: dict[str, Any]) -> list[str]:
    """`--strict-dice` problems: draws the host could have foreseen (unsalted) or set aside
    (voided or flagged), G-8."""
    problems = []
    unsalted = row.get("unsalted_draws") or []
    if unsalted:
        why = ("before both players' salts were entered" if match.data.get("draws") else
               "without salts: the match predates salted draws (no `draws` in its header)")
        problems.append(f"{len(unsalted)} of {row['draws']} draw{'s' if row['draws'] != 1 else ''} made {why}: "
                        f"{seq_list(unsalted)} (--strict-dice, G-8)")
    problems += [f"seq {seq}: a voided or flagged draw; its outcome was seen and set aside (--strict-dice, G-8)"
                 for seq in row.get("voided_draws") or []]
    return problems


def watcher(marked_logs: dict[int, Any], rolls: list[int] | None) -> Callable[[Any], Any]:
    """What replay_streamed calls once the header is read (again if it reads the file whole):
    keeps the log entries of those the host marked and, when `rolls` is given (--strict-dice
    with no seed), counts the chance entries; the plain path does no more than it must."""
    def watch(_match: Any) -> Any:
        marked_logs.clear()
        if rolls is None:
            return lambda entry, log: marked_logs.__setitem__(log.seq, log) if entry.get("flagged") else None
        rolls[0] = 0

        def each(entry: dict[str, Any], log: Any) -> None:
            if entry.get("flagged"):
                marked_logs[log.seq] = log
            if entry["type"] == "chance":
                rolls[0] += 1
        return each
    return watch


def seed_path_of(path: str) -> str:
    """`final.json` → `final.seed`, as dice.seed_path names it, without importing dice (and
    hashlib) into a check that finds no seed."""
    root, ext = os.path.splitext(path)
    return root + ".seed" if ext == ".json" else path + ".seed"


def seed_beside(path: str) -> str | None:
    """The seed file beside the match as named (`final.json` → `final.seed`), or None: one
    lstat, so an archive without seeds costs next to nothing. Beside the name given, not
    beside the file a symbolic link points to: link the seed beside the link too."""
    seed_file = seed_path_of(path)
    try:
        os.lstat(seed_file)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except (OSError, ValueError):   # there but unreadable, or a name no system can hold: read_beside says
        pass
    return seed_file


def read_beside(seed_file: str, match: Any) -> str:
    """The seed in the file beside a match, checked against the hash the match publishes;
    InputError naming the seed file if it cannot be used. Unlike dice.read_seed, it writes
    nothing to stderr: a worker's warning belongs in its row (exposed_seed)."""
    from adjudicator.dice import NOT_A_SEED, SEED_FILE_LIMIT, SEED_PATTERN, seed_hash
    from adjudicator.files import read_regular

    raw = read_regular(Path(seed_file), "seed file", limit=SEED_FILE_LIMIT, error=InputError, advice=NOT_A_SEED)
    value = raw.decode("ascii", "replace").strip().lower()
    if not SEED_PATTERN.match(value):
        raise InputError(f"{seed_file}: the seed file beside this match does not hold 64 hex digits and nothing "
                         f"else, so its rolls cannot be verified.")
    expected = match.data.get("seed_sha256")
    if expected and seed_hash(value) != expected:
        raise InputError(f"{seed_file}: the seed beside this match does not match its seed_sha256; it belongs "
                         f"to another match.")
    return value


def exposed_seed(seed_file: str, row: dict[str, Any]) -> list[str]:
    """A warning when others may read the seed of a match still in progress: they could foresee
    every roll. Once a match is over its seed is meant to be published (DT-7)."""
    if row["status"] != "in_progress":
        return []
    try:
        mode = os.stat(seed_file).st_mode & 0o777
    except OSError:
        return []
    if not mode & 0o077:
        return []
    from adjudicator.render import shown_path

    return [f"{shown_path(seed_file)} is readable by other users (mode {mode:04o}) while the match is in progress, "
            f"so they could foresee every roll; make it private with: chmod 600 {shown_path(seed_file)}"]


def roll_problems(row: dict[str, Any], verdict: tuple[list[str], int, int]) -> list[str]:
    """Record the roll counts in `row` (`unverified_rolls`: rolls the seed cannot check, issue
    15) and return the problems."""
    problems, verified, transcribed = verdict
    row["rolls"] = {"verified": verified, "transcribed": transcribed, "wrong": len(problems)}
    row["unverified_rolls"] = transcribed
    return problems


def count_of(match: Any) -> int:
    return len(match.entries) if match.count is None else match.count


def flag_problems(match: Any, replay: Any, marked_logs: dict[int, Any] | None = None) -> list[str]:
    """Flags the file did not announce, and announced flags that replay did not find.

    As everyone may see them: a sealed submission refused in a phase still open shows no
    reason, and the code a host recorded for it is taken on trust until the reveal, since
    both would give the submission away (views.public_flag, G-1, G-2).
    `marked_logs` (seq -> log entry of each entry the host marked) is what a replay that kept
    no log kept instead; without it, they are found in `replay.log`."""
    from adjudicator import views

    problems = []
    for log in replay.flagged:   # the flagged entries of the log, in order
        flag = views.flag_view(log, None, marked_code(match, log.seq))
        if not flag["acknowledged"]:
            problems.append(flag_line(flag))
    marked = views.marks(match)
    if marked_logs is None:
        logs = {log.seq: log for log in replay.log}
        marked_logs = {seq: logs.get(seq) for seq in marked}
    for seq, code in marked.items():
        log = marked_logs.get(seq)
        if log is not None and not log.flag and log.voided_by is None:   # a void drops it (G-4)
            shown = "" if log.sealed else f" ({code})"
            problems.append(f"seq {seq}: recorded as illegal{shown} but replay finds it legal")
    return problems


def marked_code(match: Any, seq: int) -> Any:
    """The code entry `seq` was recorded with as illegal (`"flagged"`), if any."""
    if match.marked is not None:
        return match.marked.get(seq)
    entries = match.entries
    entry = entries[seq - 1] if 0 < seq <= len(entries) and entries[seq - 1].get("seq") == seq else None
    return entry.get("flagged") if entry else None


def flag_line(flag: dict[str, Any]) -> str:
    """`seq 7: module-barred: … (TW-3)`: one flag as a problem line."""
    rulings = f" ({', '.join(flag['rulings'])})" if flag["rulings"] else ""
    return f"seq {flag['seq']}: {flag['code']}: {flag['message']}{rulings}"


Progress = Callable[[int], None]
Row = dict[str, Any]

CHUNK_MOST = 64   # files handed to a worker at once: bounds what waits for an earlier chunk
IN_FLIGHT = 2     # chunks submitted per worker and not yet read: one running, one queued


def check_files(paths: list[str], seed: str | None = None, jobs: int = 1, strict_dice: bool = False,
                beside: bool = True, progress: Progress | None = None, heads: tuple[str, ...] = ()) -> Iterator[Row]:
    """A row for every path, in order, each yielded as soon as it and those before it are
    checked, so a report can be written as the rows come and nothing keeps them all. With
    `jobs` > 1 in worker processes, in chunks of at most CHUNK_MOST files, at most IN_FLIGHT
    chunks a worker in flight. `progress(done)` is told how many files have their row."""
    if jobs <= 1 or len(paths) < 2:
        return _checked_here(paths, seed, strict_dice, beside, progress, heads)
    return _checked_in_workers(paths, seed, jobs, strict_dice, beside, progress, heads)


def _checked_here(paths: list[str], seed: str | None, strict_dice: bool, beside: bool,
                  progress: Progress | None, heads: tuple[str, ...] = ()) -> Iterator[Row]:
    for done, path in enumerate(paths, 1):
        row = check_file(path, seed, strict_dice, beside, heads)
        if progress:
            progress(done)
        yield row


def _checked_in_workers(paths: list[str], seed: str | None, jobs: int, strict_dice: bool, beside: bool,
                        progress: Progress | None, heads: tuple[str, ...] = ()) -> Iterator[Row]:
    size = max(1, min(CHUNK_MOST, len(paths) // (jobs * 8)))
    chunks = (paths[i:i + size] for i in range(0, len(paths), size))
    done = 0
    for rows in chunk_rows(chunks, jobs, (seed, strict_dice, beside, heads)):
        done += len(rows)
        if progress:
            progress(done)
        yield from rows


def chunk_rows(chunks: Iterator[list[str]], jobs: int, args: tuple[Any, ...]) -> Iterator[list[Row]]:
    """The rows of each chunk, in the chunks' order, with at most `jobs` × IN_FLIGHT chunks
    submitted and not yet read. When a worker dies (the pool breaks), every file in flight
    without a row is checked again alone (_check_alone), so only the file that kills a worker
    gets an error row; the chunks after them go to a fresh pool."""
    from collections import deque
    from concurrent.futures import Future, ProcessPoolExecutor

    pending: deque[tuple[list[str], Future[list[Row]] | None]] = deque()
    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        while True:
            while len(pending) < jobs * IN_FLIGHT and (chunk := next(chunks, None)) is not None:
                pending.append((chunk, _submitted(pool, chunk, args)))
            if not pending:
                return
            rows = _rows_of(pending[0][1])
            if rows is not None:
                pending.popleft()
                yield rows
                continue
            while pending:   # a worker died, so the pool is broken: what is in flight, file by file
                chunk, future = pending.popleft()
                rows = _rows_of(future)
                yield rows if rows is not None else [_check_alone(path, *args) for path in chunk]
            pool.shutdown(wait=True)
            pool = ProcessPoolExecutor(max_workers=jobs)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _submitted(pool: Any, chunk: list[str], args: tuple[Any, ...]) -> Any:
    """The chunk's future; None if the pool broke before it could be submitted."""
    from concurrent.futures.process import BrokenProcessPool

    try:
        return pool.submit(_check_chunk, chunk, *args)
    except BrokenProcessPool:
        return None


def _rows_of(future: Any) -> list[Row] | None:
    """A chunk's rows; None if its worker died (or the pool broke before it ran)."""
    from concurrent.futures.process import BrokenProcessPool

    if future is None:
        return None
    try:
        rows: list[Row] = future.result()
        return rows
    except BrokenProcessPool:
        return None


def _check_chunk(paths: list[str], seed: str | None, strict_dice: bool, beside: bool,
                 heads: tuple[str, ...] = ()) -> list[Row]:
    return [check_file(p, seed, strict_dice, beside, heads) for p in paths]


def _check_alone(path: str, seed: str | None, strict_dice: bool, beside: bool, heads: tuple[str, ...] = ()) -> Row:
    """Check one file in a worker of its own: if that worker dies too, the file is the cause."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    try:
        with ProcessPoolExecutor(max_workers=1) as pool:
            return pool.submit(check_file, path, seed, strict_dice, beside, heads).result()
    except BrokenProcessPool:
        return error_row(path, "the worker process checking it died")


# --- folders ------------------------------------------------------------------------------

Found = str | dict[str, Any]   # a file to check, or the row of a folder that gave none


def match_files(args: list[str]) -> list[Found]:
    """What `check FILES...` checks, in order: a file named is checked whatever its name; a
    folder is replaced by the `*.json` files in it and below (walk_folder). A folder that
    gives no match file at all is an unusable row of its own, never a silent success."""
    found: list[Found] = []
    for arg in args:
        if not os.path.isdir(arg):   # a file, or nothing there: check_file says which
            found.append(arg)
            continue
        before = len(found)
        found += walk_folder(arg)
        if len(found) == before:
            found.append(folder_row(arg, "a folder with no match files (*.json) in it or below (hidden folders "
                                         "and files are skipped); nothing to check"))
    return found


def walk_folder(top: str) -> Iterator[Found]:
    """The `*.json` files under `top`, depth first, each folder's entries sorted by name (code
    point order, whatever the locale), so the order is the same on every machine. Hidden
    entries (".git", ".M.json.XXXX.tmp") are skipped. Symbolic links to folders are not
    followed (as `grep -r`), so a link loop cannot make the walk endless; a link to a file
    ending in .json is checked like the file. A folder reached twice (a bind mount of its
    parent) is walked once. A folder that cannot be read gets an unusable row. No recursion,
    so no depth of folders is too deep."""
    seen: set[tuple[int, int]] = set()
    stack = [iter(listing(top, seen))]
    while stack:
        entry = next(stack[-1], None)
        if entry is None:
            stack.pop()
        elif isinstance(entry, dict):
            yield entry
        elif entry[1]:
            stack.append(iter(listing(entry[0], seen)))
        else:
            yield entry[0]


def listing(folder: str, seen: set[tuple[int, int]]) -> list[Any]:
    """(path, is a folder) of the entries of `folder` worth a look, sorted; or the folder's row
    if it cannot be read; nothing if it was walked already."""
    try:
        info = os.stat(folder)
        if (info.st_dev, info.st_ino) in seen:
            return []
        seen.add((info.st_dev, info.st_ino))
        with os.scandir(folder) as entries:
            names = sorted((entry.name, is_folder(entry)) for entry in entries if not entry.name.startswith("."))
    except OSError as exc:
        return [folder_row(folder, f"cannot read this folder ({exc.strerror or exc}); its match files were "
                                   f"not checked")]
    return [(os.path.join(folder, name), sub) for name, sub in names if sub or name.endswith(".json")]


def is_folder(entry: os.DirEntry[str]) -> bool:
    """A real folder, not a link to one (d_type: usually no system call)."""
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False


def folder_row(folder: str, problem: str) -> dict[str, Any]:
    row = empty_row(folder)
    row["verdict"], row["problems"] = "unusable", [problem]
    return row


def check_found(found: list[Found], seed: str | None = None, jobs: int = 1, strict_dice: bool = False,
                beside: bool = True, progress: Callable[[int], Progress | None] | None = None,
                heads: tuple[str, ...] = ()) -> Iterator[Row]:
    """A row for each of `found` (match_files), in order: a file's once it is checked, a
    folder's as it is. `progress(total)` is asked at once, not at the first row."""
    paths = [item for item in found if isinstance(item, str)]
    rows = check_files(paths, seed, jobs, strict_dice, beside, progress(len(paths)) if progress else None, heads)
    return (next(rows) if isinstance(item, str) else item for item in found)


def exit_status(rows: Iterable[Row]) -> int:
    """The worst row decides: error 3, unusable 2, flagged 1, all ok 0."""
    tally = Tally()
    for row in rows:
        tally.add(row)
    return status_of(tally)


def status_of(tally: Tally) -> int:
    """The exit status of the rows counted so far (exit_status)."""
    return (0, 1, 2, 3)[tally.worst()]


def plugin_folders() -> list[dict[str, Any]]:
    """The plug-in folders in effect (ADJUDICATOR_RULESETS, each absolute) with the games each
    offers: where code this check may run comes from (docs/design.md, "Adding a game"). Listed,
    nothing imported."""
    from adjudicator.paths import folder_games, plugin_dirs

    return [{"path": str(folder), "games": folder_games(folder / "games")} for folder in plugin_dirs()]


def ruleset_ids() -> list[str]:
    """The ruleset ids the folders in effect offer, from their file names alone (nothing
    read): how wide the text report's ruleset column is before any file is checked."""
    from adjudicator.paths import ruleset_dirs
    from adjudicator.rulesets import ID_PATTERN

    ids: set[str] = set()
    for folder in ruleset_dirs():
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        ids.update(stem for stem, ext in map(os.path.splitext, names)
                   if ext in (".yaml", ".yml") and ID_PATTERN.match(stem))
    return sorted(ids)


class Checked(NamedTuple):
    """`check`: the rows, one per file or folder given, in order, checked as they are read (an
    iterator, read once: nothing keeps them all); the plug-in folders in effect; the names to
    check (the folders searched, one string each) and the ruleset ids known, both known
    before any file is checked; and the tally of the rows read so far, whose worst row
    decides the exit status once every row is read."""

    rows: Iterator[Row]
    folders: list[dict[str, Any]]
    names: list[str]
    rulesets: list[str]
    tally: Tally

    @property
    def status(self) -> int:
        """The exit status of the rows read: of them all, once the report is written."""
        return status_of(self.tally)


def run(files: list[Path], seed: str | None = None, jobs: int = 1, strict_dice: bool = False, *,
        progress: Callable[[int], Progress | None] | None = None, said: Callable[[str], None] | None = None,
        heads: list[str] | tuple[str, ...] = ()) -> Checked:
    """`check`: --seed read (a seed file or 64 hex digits), --head read (`N:HEX`, one file
    only, G-9), the plug-in folders found and, when there are any, named to `said` before
    any file is checked; then the folders searched; every file is checked as the rows are
    read (check_found), each counted in the tally."""
    from adjudicator.present import folders_line

    heads = checked_heads(heads, files)
    seed_value = None
    if seed:
        from adjudicator.dice import read_seed

        seed_value = read_seed(seed, name="--seed")
    folders = plugin_folders()
    if folders and said is not None:
        said(folders_line(folders))
    found = match_files([str(f) for f in files])
    names = [item if isinstance(item, str) else item["file"] for item in found]
    tally = Tally()
    rows = tally.counted(check_found(found, seed_value, jobs, strict_dice, progress=progress, heads=heads))
    return Checked(rows, folders, names, ruleset_ids(), tally)


def checked_heads(heads: list[str] | tuple[str, ...], files: list[Path]) -> tuple[str, ...]:
    """The `--head` values, each `N:HEX` (N ≥ 0, at least 8 hex digits; G-9), for one match
    file; OptionError naming --head otherwise."""
    from adjudicator import chain
    from adjudicator.errors import OptionError

    if not heads:
        return ()
    if len(files) != 1 or os.path.isdir(files[0]):
        raise OptionError("a head names the log of one match: give exactly one match file with --head.", "--head")
    for head in heads:
        if chain.parse_head(head) is None:
            shown = head[:40].encode("unicode_escape").decode("ascii")
            raise OptionError(f"'{shown}' is not a head: expected N:HEX, as in 27:3f9a21c0 (8 hex digits or more).",
                              "--head")
    return tuple(heads)
