"""Batch checks: validate and replay many match files, for hosts' archives and CI.

A file passes when it loads and every flagged entry is one the host recorded as illegal
(`"flagged": CODE` on the entry, G-1). One bad file never stops a batch: every file gets its
row and its JUnit case whatever happens to it, even an internal error or a `--jobs` worker
that dies (verdict "error": a bug, exit status 3). The exit status is the worst of the rows:
3 if any row is an error, else 2 if any file is unusable, else 1 if any file has an
unexpected flag, else 0.
"""

from __future__ import annotations

import json
from typing import Any

from adjudicator.errors import AdjudicatorError


VERDICTS = ("ok", "flagged", "unusable", "error")   # from best to worst


def empty_row(path: str) -> dict[str, Any]:
    return {"file": path, "ruleset": None, "entries": 0, "status": None, "winner": None,
            "flagged": 0, "verdict": "ok", "problems": [], "warnings": []}


def error_row(path: str, what: str) -> dict[str, Any]:
    """The row of a file whose check hit a bug: the table and the other files still count."""
    row = empty_row(path)
    row["verdict"], row["problems"] = "error", [f"internal error ({what}); this is a bug in adjudicator, "
                                                "please report it with this file"]
    return row


def check_file(path: str, seed: str | None = None, strict_dice: bool = False) -> dict[str, Any]:
    """One file's verdict as plain data (picklable, for --jobs); never raises. `strict_dice`
    fails rolls the seed cannot verify."""
    try:
        return _check_file(path, seed, strict_dice)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:   # a bug (or MemoryError, RecursionError): one row says so
        from adjudicator.bounded import excerpt

        return error_row(path, f"{type(exc).__name__}: {excerpt(str(exc), 200)}")


def _check_file(path: str, seed: str | None = None, strict_dice: bool = False) -> dict[str, Any]:
    from adjudicator import matchfile, session

    row = empty_row(path)
    try:
        if seed:   # the rolls are checked against the log as it stood at each: read it whole
            match = matchfile.load(path)
            replay = session.replay_match(match)
            marked_logs = None
        else:   # entry by entry, keeping only the log entries of those the host marked
            marked_logs = {}

            def watch(_match: Any) -> Any:
                marked_logs.clear()
                return lambda entry, log: marked_logs.__setitem__(log.seq, log) if entry.get("flagged") else None

            match, replay = session.replay_streamed(path, watch=watch)
        row["ruleset"], row["entries"], row["warnings"] = match.ruleset.id, count_of(match), match.warnings
        row["status"] = "finished" if replay.outcome else "in_progress"
        row["winner"] = replay.outcome.winner if replay.outcome else None
        row["flagged"] = len(replay.flags)
        row["problems"] = flag_problems(match, replay, marked_logs)
        if seed:
            row["problems"] += roll_problems(row, session.verify_rolls(match, seed))
            if strict_dice:
                row["problems"] += [f"seq {seq}: a transcribed roll (\"source\": \"external\") cannot be verified "
                                    f"against the seed (--strict-dice)" for seq in session.transcribed_rolls(match)]
        if row["problems"]:
            row["verdict"] = "flagged"
    except AdjudicatorError as exc:
        from adjudicator.bounded import short_message

        message = exc.message[len(path) + 2:] if exc.message.startswith(f"{path}: ") else exc.message
        row["verdict"], row["problems"] = "unusable", [short_message(message)]
    return row


def roll_problems(row: dict[str, Any], verdict: tuple[list[str], int, int]) -> list[str]:
    """Record the roll counts in `row` (`unverified_rolls`: rolls the seed cannot check, issue
    15) and return the problems."""
    problems, verified, transcribed = verdict
    row["rolls"] = {"verified": verified, "transcribed": transcribed, "wrong": len(problems)}
    row["unverified_rolls"] = transcribed
    return problems


def rolls_line(row: dict[str, Any]) -> str:
    """What `check --seed` says of one file's rolls, in every format."""
    rolls = row["rolls"]
    return (f"rolls verified against the seed: {rolls['verified']}, could not be verified: {row['unverified_rolls']} "
            f"(transcribed from a dice bot, \"source\": \"external\"), wrong: {rolls['wrong']}")


def count_of(match: Any) -> int:
    return len(match.entries) if match.count is None else match.count


def flag_problems(match: Any, replay: Any, marked_logs: dict[int, Any] | None = None) -> list[str]:
    """Flags the file did not announce, and announced flags that replay did not find.

    As everyone may see them: a sealed submission refused in a phase still open shows no
    reason, and the code a host recorded for it is taken on trust until the reveal, since
    both would give the submission away (views.public_flag, G-1, G-2; issue 15).
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


def check_files(paths: list[str], seed: str | None = None, jobs: int = 1,
                strict_dice: bool = False) -> list[dict[str, Any]]:
    """A row for every path, in order. With `jobs` > 1 in worker processes, in chunks; when
    a worker dies (the pool breaks), every file without a row is checked again alone, in a
    fresh one-worker pool, so only the file that kills a worker gets an error row."""
    if jobs <= 1 or len(paths) < 2:
        return [check_file(p, seed, strict_dice) for p in paths]
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    size = max(1, len(paths) // (jobs * 8))
    chunks = [paths[i:i + size] for i in range(0, len(paths), size)]
    rows: dict[int, list[dict[str, Any]]] = {}
    try:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_check_chunk, chunk, seed, strict_dice) for chunk in chunks]
            for index, future in enumerate(futures):
                try:
                    rows[index] = future.result()
                except BrokenProcessPool:
                    pass
    except BrokenProcessPool:
        pass
    out: list[dict[str, Any]] = []
    for index, chunk in enumerate(chunks):
        out += rows[index] if index in rows else [_check_alone(p, seed, strict_dice) for p in chunk]
    return out


def _check_chunk(paths: list[str], seed: str | None, strict_dice: bool) -> list[dict[str, Any]]:
    return [check_file(p, seed, strict_dice) for p in paths]


def _check_alone(path: str, seed: str | None, strict_dice: bool) -> dict[str, Any]:
    """Check one file in a worker of its own: if that worker dies too, the file is the cause."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    try:
        with ProcessPoolExecutor(max_workers=1) as pool:
            return pool.submit(check_file, path, seed, strict_dice).result()
    except BrokenProcessPool:
        return error_row(path, "the worker process checking it died")


def exit_status(rows: list[dict[str, Any]]) -> int:
    """The worst row decides: error 3, unusable 2, flagged 1, all ok 0."""
    worst = max((VERDICTS.index(row["verdict"]) for row in rows), default=0)
    return (0, 1, 2, 3)[worst]


def summary(rows: list[dict[str, Any]]) -> dict[str, int]:
    """Files per verdict; "error" is there only when some file hit a bug."""
    counts = {"files": len(rows), **{v: sum(r["verdict"] == v for r in rows) for v in VERDICTS}}
    if not counts["error"]:
        del counts["error"]
    return counts


def as_text(rows: list[dict[str, Any]]) -> str:
    from tabulate import tabulate

    from adjudicator.render import clean

    table = [[clean(r["file"]), r["ruleset"] or "-", r["entries"], (r["status"] or "-").replace("_", " "),
              r["winner"] or "-", r["flagged"], r["verdict"]] for r in rows]
    lines = [tabulate(table, headers=["file", "ruleset", "entries", "status", "winner", "flagged", "verdict"],
                      tablefmt="simple", disable_numparse=True)]
    for row in rows:
        for problem in row["problems"]:
            lines.append(f"{clean(row['file'])}: {clean(problem)}")
        for warning in row["warnings"]:
            lines.append(f"warning: {clean(warning)}")
        if "rolls" in row:
            lines.append(f"{clean(row['file'])}: {rolls_line(row)}")
    s = summary(rows)
    lines.append(f"{s['files']} file{'s' if s['files'] != 1 else ''}: {s['ok']} ok, {s['flagged']} flagged, "
                 f"{s['unusable']} unusable" + (f", {s['error']} internal error{'s' if s['error'] != 1 else ''}"
                                                if s.get("error") else ""))
    return "\n".join(lines) + "\n"


def as_json(rows: list[dict[str, Any]]) -> str:
    from adjudicator.render import inert_json

    return inert_json(json.dumps({"files": rows, "summary": summary(rows)}, indent=2, ensure_ascii=False)) + "\n"


def as_junit(rows: list[dict[str, Any]]) -> str:
    """JUnit XML: one test case per file; a flagged file fails, an unusable one errors.
    Control characters and U+FFFE/U+FFFF cannot be written in XML at all, so names and
    messages are cleaned."""
    import xml.etree.ElementTree as ET

    from adjudicator.render import clean as clean_text

    def clean(text: str) -> str:
        return clean_text(text).translate({0xFFFE: "?", 0xFFFF: "?"})

    s = summary(rows)
    errors = str(s["unusable"] + s.get("error", 0))
    suites = ET.Element("testsuites", name="adjudicator check", tests=str(s["files"]),
                        failures=str(s["flagged"]), errors=errors)
    suite = ET.SubElement(suites, "testsuite", name="adjudicator check", tests=str(s["files"]),
                          failures=str(s["flagged"]), errors=errors, skipped="0")
    for row in rows:
        case = ET.SubElement(suite, "testcase", classname=f"adjudicator.{row['ruleset'] or 'unknown'}",
                             name=clean(row["file"]))
        if row["verdict"] != "ok":
            tag = "failure" if row["verdict"] == "flagged" else "error"
            node = ET.SubElement(case, tag, message=clean(row["problems"][0][:500]), type=row["verdict"])
            node.text = clean("\n".join(row["problems"]))
        if "rolls" in row:
            ET.SubElement(case, "system-out").text = rolls_line(row)
    ET.indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n"
