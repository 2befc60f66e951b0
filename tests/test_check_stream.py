"""`check` streams its rows: each row reaches the output as it is checked,
nothing keeps them all (memory flat in the number of files, in every format), the bytes are
those of the whole report rendered at once, and `--jobs` keeps a bounded window of chunks in
flight, a dead worker still costing only its own file."""

from __future__ import annotations

import json
import os
import re
import shutil
import tracemalloc
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from adjudicator import check, present
from adjudicator.render import inert_json, shown_path, text_table
from helpers import REPO

MATCHES = REPO / "matches"
FORMATS = ("text", "json", "junit")


def report(result: check.Checked, fmt: str, only_failures: bool = False) -> str:
    return "".join(present.checked(result, fmt, only_failures).text)


# --- memory ---------------------------------------------------------------------------------

def stand_in_row(path: str) -> dict[str, Any]:
    """A flagged row the size of a real one (about 2 KiB), new for every file, as check_file
    makes them: a report that kept its rows would grow by as much a file."""
    row = check.empty_row(path)
    row.update(ruleset="dice-tug-of-war", entries=200, status="finished", winner="sally", flagged=3,
               verdict="flagged", draws=20, unsalted_draws=list(range(1, 15)), voided_draws=[],
               problems=[f"seq {n}: not-your-turn: {path} waits for sally's move, not kim's (G-{n}) " + "·" * 150
                         for n in range(4)])
    return row


def peak_of(count: int, fmt: str, keep: bool, monkeypatch: pytest.MonkeyPatch) -> int:
    """Peak traced memory of `check` over `count` files (check_file stood in for: this is about
    what the loop and the report keep), the report written to a sink; `keep`: the rows also
    held in a list, as the report did before it streamed."""
    monkeypatch.setattr(check, "check_file", lambda path, *args: stand_in_row(path))
    names = [Path(f"/nowhere/m{index:06}.json") for index in range(count)]
    kept: list[Any] = []
    tracemalloc.start()
    try:
        result = check.run(names)
        if keep:
            kept = list(result.rows)
            result = result._replace(rows=iter(kept))
        written = 0
        for piece in present.checked(result, fmt, only_failures=False).text:
            written += len(piece)
        assert written > 200 * count and result.tally.summary()["flagged"] == count
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


# Ten times the files may add the names to check (about 100 bytes a file: the folders are
# searched before the first file is checked) and nothing else of note.
BOUND = 512 * 1024


@pytest.mark.parametrize("fmt", FORMATS)
def test_memory_is_flat_in_the_number_of_files(fmt, monkeypatch):
    few, many = peak_of(200, fmt, False, monkeypatch), peak_of(2000, fmt, False, monkeypatch)
    assert many - few < BOUND, (few, many)
    if fmt == "json":   # the bound would catch a report that kept its rows
        kept = peak_of(2000, fmt, True, monkeypatch)
        assert kept - few > 4 * BOUND, (few, kept)


# --- the same bytes ---------------------------------------------------------------------------

@pytest.fixture
def mixed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """ok, flagged, unusable and error rows, a folder with no match files, a match in progress
    with its seed beside it (rolls and draws lines, a warning), a name with a control in it."""
    top = tmp_path / "archive"
    (top / "a").mkdir(parents=True)
    shutil.copy(MATCHES / "arrowbic-retake.json", top / "a" / "ok.json")
    flagged = json.loads((MATCHES / "dice-own-goal.json").read_text(encoding="utf-8"))
    flagged["entries"].insert(4, {"seq": 0, "type": "move", "player": "kim", "move": {"attack": True}})
    for seq, entry in enumerate(flagged["entries"], 1):   # a move where a roll is due: flagged
        entry["seq"] = seq
    (top / "a" / "flagged.json").write_text(json.dumps(flagged), encoding="utf-8")
    (top / "a" / "broken.json").write_text("{", encoding="utf-8")
    shutil.copy(MATCHES / "winning-streak-demo.json", top / "a" / "bug.json")
    data = json.loads((MATCHES / "dice-demo.json").read_text(encoding="utf-8"))
    data["entries"] = data["entries"][:10]
    (top / "running.json").write_text(json.dumps(data), encoding="utf-8")
    shutil.copy(MATCHES / "dice-demo.seed", top / "running.seed")
    os.chmod(top / "running.seed", 0o644)
    (top / "odd\x1bname.json").write_text("[]", encoding="utf-8")
    (top / "empty").mkdir()
    real = check._check_file

    def buggy(path: str, *args: Any) -> Any:
        if path.endswith("bug.json"):
            raise ZeroDivisionError("a bug")
        return real(path, *args)

    monkeypatch.setattr(check, "_check_file", buggy)
    return [top / "a", top / "empty", top, MATCHES / "tug-of-war-v1-demo.json"]


def test_json_is_byte_for_byte_the_whole_report_at_once(mixed):
    for only_failures in (False, True):
        rows = list(check.run(mixed).rows)
        verdicts = {row["verdict"] for row in rows}
        assert verdicts == {"ok", "flagged", "unusable", "error"}
        listed = [row for row in rows if row["verdict"] != "ok"] if only_failures else rows
        whole: dict[str, Any] = {"files": listed, "summary": present.Tally.summary(tallied(rows)),
                                 "plugin_folders": []}
        if only_failures:
            whole["only_failures"] = True
        expected = inert_json(json.dumps(whole, indent=2, ensure_ascii=False)) + "\n"
        assert report(check.run(mixed), "json", only_failures) == expected


def tallied(rows: list[dict[str, Any]]) -> present.Tally:
    tally = present.Tally()
    for row in rows:
        tally.add(row)
    return tally


def collapsed(text: str) -> list[str]:
    """The lines with the table's spacing and rules collapsed: what is written, not how wide."""
    return [re.sub(r"-{2,}", "-", re.sub(r" {2,}", "  ", line)) for line in text.splitlines()]


def test_text_says_what_the_whole_table_said_in_columns_fixed_up_front(mixed):
    """The same cells, problem lines and summary as the table drawn from every row at once;
    only the widths differ: fixed before the first file is checked (present.check_widths)."""
    rows = list(check.run(mixed).rows)
    cells = [present.check_cells(row) for row in rows]
    details = [line for row in rows for line in present.detail_lines(row)]
    whole = "\n".join([text_table(list(present.CHECK_COLUMNS), cells), *details,
                       present.summary_line(tallied(rows).summary())]) + "\n"
    streamed = report(check.run(mixed), "text")
    assert collapsed(streamed) == collapsed(whole) and "warning: " in streamed and "rolls verified" in streamed
    widths = [len(rule) for rule in streamed.splitlines()[1].split("  ")]
    assert widths[0] == max(len("file") + 2, *(len(shown_path(row["file"])) for row in rows))
    assert widths[1] == max(len(name) for name in check.ruleset_ids()) and widths[3] == len("in progress")


def test_junit_has_a_case_per_row_and_the_counts_at_the_end(mixed):
    rows = list(check.run(mixed).rows)
    root = ET.fromstring(report(check.run(mixed), "junit"))
    suite = root.find("testsuite")
    cases = list(suite.iter("testcase"))
    assert root.get("tests") == suite.get("tests") == str(len(rows)) == str(len(cases))
    assert [case.get("name") for case in cases] == [shown_path(row["file"]) for row in rows]
    said = {"ok": [], "flagged": ["failure"], "unusable": ["error"], "error": ["error"]}
    assert [[child.tag for child in case if child.tag != "system-out"] for case in cases] == \
        [said[row["verdict"]] for row in rows]
    assert suite.find("system-out").text == present.summary_line(tallied(rows).summary())
    assert [child.tag for child in suite][-1] == "system-out"


def test_the_exit_status_is_the_worst_row_once_the_report_is_written(cli, mixed):
    res = cli("check", *mixed, "--only-failures", "--format", "junit")
    assert res.code == 3 and "2 internal errors</system-out>" in res.out   # archive/a is given twice


# --- rows reach the output as they come ----------------------------------------------------------

@pytest.mark.parametrize("fmt", FORMATS)
def test_a_row_is_written_before_the_last_file_is_checked(fmt, tmp_path, monkeypatch):
    """A writer notes how many files were checked when each file's name reaches it."""
    names = [tmp_path / f"m{index}.json" for index in range(6)]
    for name in names:
        shutil.copy(MATCHES / "arrowbic-retake.json", name)
    checked: list[str] = []
    real = check.check_file

    def counting(path: str, *args: Any) -> Any:
        checked.append(path)
        return real(path, *args)

    monkeypatch.setattr(check, "check_file", counting)
    seen_at: dict[str, int] = {}
    for piece in present.checked(check.run(names), fmt, only_failures=False).text:
        for name in names:
            if str(name) in piece and str(name) not in seen_at:
                seen_at[str(name)] = len(checked)
    assert list(seen_at) == [str(name) for name in names]
    assert seen_at[str(names[0])] <= 2 and all(seen_at[str(name)] <= index + 2 for index, name in enumerate(names))


def test_jobs_keep_a_bounded_window_of_chunks_in_flight(tmp_path, monkeypatch):
    from concurrent.futures import ProcessPoolExecutor

    paths = []
    for index in range(40):
        shutil.copy(MATCHES / "arrowbic-retake.json", tmp_path / f"m{index:02}.json")
        paths.append(str(tmp_path / f"m{index:02}.json"))
    submitted: list[int] = []
    real = ProcessPoolExecutor.submit

    def counting(pool: Any, fn: Any, *args: Any) -> Any:
        submitted.append(len(args[0]) if fn is check._check_chunk else 0)
        return real(pool, fn, *args)

    monkeypatch.setattr(ProcessPoolExecutor, "submit", counting)
    rows = check.check_files(paths, jobs=2)
    first = next(rows)
    assert first["file"] == paths[0] and len(submitted) <= 2 * check.IN_FLIGHT < 20
    assert [first["file"], *(row["file"] for row in rows)] == paths and sum(submitted) == 40


@pytest.mark.skipif(__import__("multiprocessing").get_start_method() != "fork", reason="needs forked workers")
def test_a_dead_worker_costs_its_file_only_and_the_rest_go_to_a_fresh_pool(tmp_path, monkeypatch):
    from adjudicator import matchfile

    paths = []
    for index in range(40):
        shutil.copy(MATCHES / "arrowbic-retake.json", tmp_path / f"m{index:02}.json")
        paths.append(str(tmp_path / f"m{index:02}.json"))
    real = matchfile.stream

    def dying(path: Any, *more: Any) -> Any:
        if Path(path).name == "m05.json":
            os._exit(9)
        return real(path, *more)

    monkeypatch.setattr(matchfile, "stream", dying)
    rows = list(check.check_files(paths, jobs=2))
    assert [row["file"] for row in rows] == paths
    assert [row["verdict"] for row in rows] == ["ok"] * 5 + ["error"] + ["ok"] * 34
    assert "worker process checking it died" in rows[5]["problems"][0]


class Screen:
    """Standard output and standard error on one terminal: what was written, in order."""

    def __init__(self) -> None:
        self.written: list[tuple[str, str]] = []

    def stream(self, name: str) -> Any:
        screen = self

        class Terminal:
            def isatty(self) -> bool:
                return True

            def write(self, text: str) -> int:
                screen.written.append((name, text))
                return len(text)

            def flush(self) -> None:
                pass
        return Terminal()


def test_on_a_terminal_the_bar_is_cleared_before_each_row(cli, tmp_path, monkeypatch):
    for index in range(4):
        shutil.copy(MATCHES / "arrowbic-retake.json", tmp_path / f"m{index}.json")
    plain = cli("check", tmp_path, "--progress")
    screen = Screen()
    monkeypatch.setattr("sys.stdout", screen.stream("out"))
    monkeypatch.setattr("sys.stderr", screen.stream("err"))
    assert cli("check", tmp_path, "--progress").code == 0
    out = "".join(text for name, text in screen.written if name == "out")
    assert out == plain.out and "\r\033[K" not in plain.err   # the bytes of the report are the same
    rows = [index for index, (name, text) in enumerate(screen.written) if name == "out" and ".json " in text]
    assert len(rows) == 4 and all(screen.written[index - 1] == ("err", "\r\033[K") for index in rows)
    assert any(name == "err" and text.startswith("\rcheck [") for name, text in screen.written[:rows[0]])


def test_a_reader_gone_stops_the_report_not_the_check(cli, tmp_path, monkeypatch):
    """`check archive | head -3`: the pipe breaks after the first rows, yet every file is still
    checked, so the exit status is the worst row's, as when the report was written at the end."""
    for index in range(5):
        shutil.copy(MATCHES / "arrowbic-retake.json", tmp_path / f"m{index}.json")
    (tmp_path / "m9.json").write_text("{", encoding="utf-8")   # the last file, unusable: exit 2

    class Pipe:
        writes = 0

        def write(self, text: str) -> int:
            Pipe.writes += 1
            if Pipe.writes > 2:
                raise BrokenPipeError(32, "Broken pipe")
            return len(text)

        def flush(self) -> None:
            if Pipe.writes > 2:
                raise BrokenPipeError(32, "Broken pipe")

        def isatty(self) -> bool:
            return False

        def fileno(self) -> int:
            raise ValueError("no file descriptor")

    checked: list[str] = []
    real = check.check_file
    monkeypatch.setattr(check, "check_file", lambda path, *args: checked.append(path) or real(path, *args))
    monkeypatch.setattr("sys.stdout", Pipe())
    assert cli("check", tmp_path).code == 2 and len(checked) == 6 and Pipe.writes == 3
