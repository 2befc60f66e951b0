"""Match files read entry by entry: the stream reader is lazy, checks each entry
as `load` does, finds the voids first, and `check`, `board` and `replay` print what the
whole-file path printed while keeping nothing per entry."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import tracemalloc
from pathlib import Path

import pytest

from adjudicator import chain, check, matchfile, present, session, views
from adjudicator.engine import Replay
from adjudicator.errors import MatchFileError
from helpers import REPO

EXAMPLES = sorted((REPO / "matches").glob("*.json"))


@pytest.fixture(scope="module")
def bench():
    """benchmarks/run.py, for its long matches (winning-streak, stretched by resubmissions)."""
    spec = importlib.util.spec_from_file_location("benchmarks_run_stream", REPO / "benchmarks" / "run.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    yield module
    sys.modules.pop(spec.name, None)


@pytest.fixture(scope="module")
def long_data(bench):
    return bench.long_match(1_200, seed=1)


def written(tmp_path: Path, data: dict, name: str = "m.json") -> Path:
    """`data` in the tool's own layout, one entry a line (what is streamed)."""
    path = tmp_path / name
    path.write_text(matchfile.dumps(data), encoding="utf-8")
    return path


LAYOUTS = {   # other tools' layouts of the same JSON: each read entry by entry too
    "one line": lambda data: json.dumps(data, ensure_ascii=False, separators=(",", ":")),
    "pretty": lambda data: json.dumps(data, indent=2),
    "keys last, tabs": lambda data: json.dumps({"entries": data["entries"], **{k: v for k, v in data.items()
                                                                              if k != "entries"}}, indent="\t"),
}


def laid_out(tmp_path: Path, data: dict, layout: str, name: str = "m.json") -> Path:
    path = tmp_path / name
    path.write_text(LAYOUTS[layout](data), encoding="utf-8")
    return path


def whole_outputs(path: Path) -> dict[str, str]:
    """What board, replay and check printed before streaming: load whole, replay with a log."""
    match = matchfile.load(path)
    replay = session.replay_match(match)
    half = session.replay_match(match, len(match.entries) // 2)
    out = {f"board.{fmt}": views.board_text(match, replay, fmt) for fmt in ("text", "markdown", "bbcode")}
    out["board.json"] = present.json_text(views.result(match, replay))
    out["board-half.text"] = views.board_text(match, half, "text")
    out["replay.text"] = views.replay_text(match, replay)
    out["replay.json"] = present.json_text(views.result(match, replay, None, with_entries=True))
    for player in match.game.player_ids:
        out[f"replay-as-{player}.text"] = views.replay_text(match, replay, player)
        out[f"board-as-{player}.json"] = present.json_text(views.result(match, replay, player))
    row = check.empty_row(str(path))
    audited = check.chain_problems(row, [chain.verify(match.data)])   # the audited log, or "unchained" (G-9)
    row.update(ruleset=match.ruleset.id, entries=len(match.entries), warnings=match.warnings,
               status="finished" if replay.outcome else "in_progress",
               winner=replay.outcome.winner if replay.outcome else None, flagged=len(replay.flags),
               problems=audited + check.flag_problems(match, replay))
    row.update(check.draw_counts(replay))   # the tool's draws, unsalted and voided (G-8)
    row["verdict"] = "flagged" if row["problems"] else "ok"
    out["check"] = present.check_json([row], False, [])
    return out


def streamed_outputs(path: Path, cli) -> dict[str, str]:
    """The same through the commands, which read entry by entry."""
    out = {}
    for fmt in ("text", "markdown", "bbcode", "json"):
        out[f"board.{fmt}"] = cli("board", path, "--format", fmt).out
    count = len(json.loads(path.read_text(encoding="utf-8"))["entries"])
    out["board-half.text"] = cli("board", path, "--at", count // 2).out
    out["replay.text"] = cli("replay", path).out
    out["replay.json"] = cli("replay", path, "--format", "json").out
    for player in json.loads(path.read_text(encoding="utf-8"))["players"]:
        out[f"replay-as-{player['id']}.text"] = cli("replay", path, "--as", player["id"]).out
        out[f"board-as-{player['id']}.json"] = cli("board", path, "--format", "json", "--as", player["id"]).out
    out["check"] = present.check_json([check.check_file(str(path))], False, [])
    return out


def with_voids(data: dict) -> dict:
    """`data` with a void in the middle (of an entry two before it) and a void of that void at
    the end, renumbered (G-4)."""
    entries = data["entries"]
    half = len(entries) // 2
    new = [*entries[:half], {"seq": 0, "type": "host", "host": {"action": "void", "seq": half - 1, "reason": "typo"}},
           *entries[half:], {"seq": 0, "type": "host", "host": {"action": "void", "seq": half + 1, "reason": "undo"}}]
    return {**data, "entries": [{**entry, "seq": seq} for seq, entry in enumerate(new, start=1)]}


# --- The reader ---------------------------------------------------------------------------------

def test_entries_come_one_batch_at_a_time_before_a_bad_tail_is_read(tmp_path, long_data):
    path = written(tmp_path, long_data)
    lines = path.read_text(encoding="utf-8").split("\n")
    bad = lines.index('  "entries": [') + 1 + 1_000   # entries[1000]
    lines[bad] = lines[bad][:-5] + ","                 # cut short: not JSON
    path.write_text("\n".join(lines), encoding="utf-8")
    got = []
    with matchfile.stream(path) as stream:
        entries = stream.entries()
        with pytest.raises(MatchFileError, match=r"m\.json: entries\[1000\]: not valid JSON at column \d+"):
            for entry in entries:
                got.append(entry)
    assert 0 < len(got) <= 1_000 and got == long_data["entries"][:len(got)]
    assert len(got) >= matchfile.BATCH
    with pytest.raises(MatchFileError, match=r"not valid JSON at line"):
        matchfile.load(path)   # the whole-file path: the same file is refused


@pytest.mark.parametrize("mutate", [
    lambda e: e.pop("type"),
    lambda e: e.update(seq=7),
    lambda e: e.update(player="nobody"),
    lambda e: e.update(at="yesterday"),
    lambda e: e["move"].update(phase=3),
    lambda e: e.update(seq=10 ** 150),
])
def test_a_bad_entry_in_the_middle_is_named_as_load_names_it(tmp_path, long_data, mutate):
    data = json.loads(json.dumps(long_data))
    mutate(data["entries"][700])
    path = written(tmp_path, data)
    with pytest.raises(MatchFileError) as whole:
        matchfile.load(path)
    with pytest.raises(MatchFileError) as streamed:
        with matchfile.stream(path) as stream:
            for _entry in stream.entries():
                pass
    assert str(streamed.value) == str(whole.value)
    assert f"{path}: entries[700]" in str(streamed.value)
    row = check.check_file(str(path))
    assert row["verdict"] == "unusable" and row["problems"] == [str(whole.value)[len(str(path)) + 2:]]


def test_the_stream_keeps_only_marks_and_voids(tmp_path, long_data):
    data = with_voids(long_data)
    data["entries"][3]["flagged"] = "not-your-turn"
    path = written(tmp_path, data)
    with matchfile.stream(path) as stream:
        assert stream.match.streamed and stream.match.count is None
        assert [entry["seq"] for entry in stream.void_entries()] == [len(long_data["entries"]) // 2 + 1, len(data["entries"])]
        assert sum(1 for _ in stream.entries()) == len(data["entries"])
        assert stream.match.count == len(data["entries"]) and stream.match.marked == {4: "not-your-turn"}


def test_voids_spelt_with_an_escape_are_found(tmp_path, long_data):
    text = matchfile.dumps(with_voids(long_data)).replace('"action": "void"', '"action": "\\u0076oid"')
    path = tmp_path / "m.json"
    path.write_text(text, encoding="utf-8")
    with matchfile.stream(path) as stream:
        assert len(stream.void_entries()) == 2
    assert check.check_file(str(path))["verdict"] == "ok"


@pytest.mark.parametrize("layout", ["pretty", "one line", "entries first", "two on a line", "empty"])
def test_other_layouts_give_the_same_result(tmp_path, cli, layout):
    """Another layout is read by AnyLayoutStream (the tool's own by MatchStream, an empty
    log whole), with the results of the tool's own layout."""
    data = json.loads((REPO / "matches" / "dice-flagged.json").read_text(encoding="utf-8"))
    ours = written(tmp_path, data, "ours.json")
    path = tmp_path / "other.json"
    if layout == "pretty":
        path.write_text(json.dumps(data, indent=4), encoding="utf-8")
    elif layout == "one line":
        path.write_text(json.dumps(data), encoding="utf-8")
    elif layout == "entries first":
        path.write_text(matchfile.dumps({"entries": data["entries"], **data}), encoding="utf-8")
    elif layout == "two on a line":
        lines = ours.read_text(encoding="utf-8").split("\n")
        at = lines.index('  "entries": [') + 5
        lines[at:at + 2] = [lines[at] + " " + lines[at + 1].strip()]
        path.write_text("\n".join(lines), encoding="utf-8")
    else:
        data["entries"] = []
        ours = written(tmp_path, data, "ours.json")
        path = ours
    if layout == "empty":
        with pytest.raises(matchfile.NotStreamable):
            matchfile.stream(path)
    else:
        if layout in ("pretty", "one line"):   # not the tool's layout: read in any layout
            with pytest.raises(matchfile.NotStreamable):
                matchfile.stream(path)
        with matchfile.stream(path, any_layout=True) as stream:
            assert [entry["seq"] for entry in stream.entries()] == list(range(1, len(data["entries"]) + 1))
    want = {**check.check_file(str(ours)), "file": "-"}
    assert {**check.check_file(str(path)), "file": "-"} == want
    assert cli("board", path).out == cli("board", ours).out
    assert cli("replay", path, "--format", "json").out == cli("replay", ours, "--format", "json").out


def first_pass(path: Path) -> object:
    """What the first pass of a streamed read finds, or the error it raises."""
    try:
        with matchfile.MatchStream(path) as stream:
            return stream.count, stream._start, stream.voids, stream.match.data, stream.match.warnings
    except (MatchFileError, matchfile.NotStreamable) as exc:
        return type(exc).__name__, str(exc)


@pytest.mark.parametrize("layout", ["plain", "voids", "escaped", "keys after", "flagged", "no close", "empty",
                                    "long tail", "close as the first line"])
def test_the_first_pass_finds_the_same_reading_at_once_or_line_by_line(tmp_path, monkeypatch, long_data, layout):
    """A file of up to matchfile._WHOLE_SCAN bytes is searched at once, a longer one line by
    line: both find the same count, voids, header and errors."""
    data = json.loads(json.dumps(long_data))
    data["entries"] = data["entries"][:40]
    if layout in ("voids", "escaped"):
        data = with_voids(data)   # the second void is on the last line
    if layout == "flagged":
        data["entries"][3]["flagged"] = "not-your-turn"
    if layout == "keys after":
        data = {**{k: v for k, v in data.items() if k in ("format", "id")}, "entries": data["entries"],
                **{k: v for k, v in data.items() if k not in ("format", "id", "entries")}}
    text = matchfile.dumps(data)
    if layout == "escaped":
        text = text.replace('"action": "void"', '"action": "\\u0076oid"')
    elif layout == "no close":
        text = text.replace("\n  ]\n", "\n  ] \n")
    elif layout == "empty":
        text = matchfile.dumps({**data, "entries": []})
    elif layout == "long tail":
        text = text.rstrip("\n}") + ',\n  "title": "' + "x" * (1 << 20) + '"\n}\n'
    elif layout == "close as the first line":
        start = text.index('  "entries": [\n') + len('  "entries": [\n')
        text = text[:start] + "  ],\n" + text[start:]
    path = tmp_path / "m.json"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(matchfile, "_WHOLE_SCAN", 4 << 20)
    at_once = first_pass(path)
    monkeypatch.setattr(matchfile, "_WHOLE_SCAN", 0)
    assert first_pass(path) == at_once
    if layout in ("voids", "escaped"):
        assert len(at_once[2]) == 2
    if layout in ("plain", "keys after", "flagged"):
        assert at_once[0] == 40
    if layout == "long tail":
        assert at_once == ("NotStreamable", "too much follows the entries")


# --- The replay ---------------------------------------------------------------------------------

def test_a_replay_without_log_holds_nothing_per_entry(tmp_path, bench):
    """Stepping ten times as many entries takes no more memory (tracemalloc), and no log."""
    peaks = {}
    for size in (1_000, 10_000):
        path = written(tmp_path, bench.long_match(size, seed=1), f"m{size}.json")
        tracemalloc.start()
        match, replay = session.replay_streamed(path)
        peaks[size] = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert match.streamed and match.count == size and replay.log == [] and replay.last_seq == size
    assert peaks[10_000] - peaks[1_000] < 2 * 2**20   # a kept entry costs ~1 KB: 9,000 would be ~9 MiB


def test_resubmissions_in_one_open_phase_take_no_memory_each(tmp_path, bench):
    """However often the players resubmit while one phase stays open, replay keeps nothing
    per resubmission (one Seal for the phase, not its entries): 20 times as many
    take no more memory."""
    peaks = {}
    for size in (1_000, 20_000):
        data = bench.long_match(size, seed=1, one_phase=True)
        path = written(tmp_path, data, f"m{size}.json")
        tracemalloc.start()
        match, replay = session.replay_streamed(path)
        peaks[size] = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert match.streamed and replay.last_seq == size
    assert peaks[20_000] - peaks[1_000] < 2**20   # a kept log entry costs ~0.5 KB: 19,000 would be ~9 MiB


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_other_layouts_are_read_entry_by_entry_in_flat_memory(tmp_path, bench, layout):
    """A match file on one line, pretty-printed, or with its keys after the entries is read
    entry by entry (AnyLayoutStream) like the tool's own layout: 20 times the entries, with
    resubmissions in one open phase, take no more memory."""
    peaks = {}
    for size in (1_000, 20_000):
        path = laid_out(tmp_path, bench.long_match(size, seed=1, one_phase=True), layout, f"m{size}.json")
        tracemalloc.start()
        match, replay = session.replay_streamed(path)
        peaks[size] = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert match.streamed and match.count == size and replay.last_seq == size
    assert peaks[20_000] - peaks[1_000] < 2**20


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
@pytest.mark.parametrize("path", EXAMPLES[:2] + EXAMPLES[-2:], ids=[p.stem for p in EXAMPLES[:2] + EXAMPLES[-2:]])
def test_other_layouts_print_what_the_whole_file_path_printed(tmp_path, cli, path, layout):
    """board, replay and check of a file in another layout, voids included, print what the
    whole-file path printed for it."""
    copy = laid_out(tmp_path, with_voids(json.loads(path.read_text(encoding="utf-8"))), layout, path.name)
    with matchfile.AnyLayoutStream(copy) as stream:
        assert [entry["seq"] for entry in stream.entries()] == list(range(1, stream.count + 1))
    assert session.replay_streamed(copy)[0].streamed
    assert streamed_outputs(copy, cli) == whole_outputs(copy)


@pytest.mark.parametrize("broken, problem", [
    ('{"a": 1, "a": 2, "entries": [ENTRY]}', "written twice"),
    ('{"entries": [ENTRY]} tail', "text after the object"),
    ('{"entries": [ENTRY,]}', "json.loads would refuse"),
    ('{"entries": {"seq": 1}}', "not a list"),
    ('{"entries": []}', "no entries"),
])
def test_what_the_any_layout_reader_is_unsure_of_is_read_whole(tmp_path, broken, problem):
    """Whatever AnyLayoutStream could read otherwise than json.loads is NotStreamable: the
    file is then read whole, which gives load's own result or error."""
    path = tmp_path / "m.json"
    path.write_text(broken.replace("ENTRY", '{"seq": 1, "type": "host", "host": {"action": "draw"}}'), encoding="utf-8")
    with pytest.raises(matchfile.NotStreamable, match=problem):
        matchfile.AnyLayoutStream(path)


def test_replay_keep_log_false_keeps_no_log(long_data):
    match = matchfile.prepare(json.loads(json.dumps(long_data)), None)
    replay = Replay(match.game, keep_log=False)
    replay.use_voids(match.entries)
    for entry in match.entries:
        replay.step(entry)
    assert replay.log == [] and replay.last_seq == len(match.entries)


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_streamed_commands_print_what_the_whole_file_path_printed(tmp_path, cli, path):
    copy = written(tmp_path, json.loads(path.read_text(encoding="utf-8")), path.name)
    assert streamed_outputs(copy, cli) == whole_outputs(copy)


@pytest.mark.parametrize("path", EXAMPLES[:3] + EXAMPLES[-2:], ids=[p.stem for p in EXAMPLES[:3] + EXAMPLES[-2:]])
def test_streamed_commands_with_voids_print_what_the_whole_file_path_printed(tmp_path, cli, path):
    copy = written(tmp_path, with_voids(json.loads(path.read_text(encoding="utf-8"))), path.name)
    assert streamed_outputs(copy, cli) == whole_outputs(copy)


def test_board_at_a_seq_outside_the_log_is_refused_after_the_whole_file_is_read(tmp_path, cli, long_data):
    path = written(tmp_path, long_data)
    done = cli("board", path, "--at", 5_000)
    assert done.code == 2 and f"--at 5000 is outside the log (entries 1–{len(long_data['entries'])}" in done.err


def test_peak_memory_of_check_does_not_grow_with_the_log(tmp_path, bench):
    """`adjudicator check` in a process of its own: 20,000 entries peak within a few MiB of
    100 (the whole-file path took ~40 MiB more)."""
    try:
        import resource  # noqa: F401
    except ImportError:
        pytest.skip("no resource module here")
    import adjudicator

    env = bench.child_env(tmp_path)   # the adjudicator these tests import, not another install
    env["PYTHONPATH"] = os.pathsep.join([str(Path(adjudicator.__file__).parent.parent), env.get("PYTHONPATH", "")])
    peaks = {}
    for size in (100, 20_000):
        path = written(tmp_path, bench.long_match(size, seed=1), f"m{size}.json")
        status, peaks[size] = min(bench.peak_rss([sys.executable, "-m", "adjudicator", "check", path.name], env,
                                                 tmp_path) for _ in range(2))
        assert status == 0
    assert peaks[20_000] - peaks[100] < 8 * 2**20
