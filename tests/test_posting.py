"""`adjudicator post`: one post per update, remembered in the match file.

What a post covers (the first, the next, --since, --again, --dry-run, nothing new, a void since
the last post, a record past the log), what it holds (entries in public words, revealed
submissions, the board, who acts and by when, the final summary), that the file stays a valid
match that replays the same, and that a post shows nothing a player may not see yet.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator import posting
from helpers import NOW, REPO
from helpers.strategies import INDICES, loaded, scaled, simulated
from helpers.sealed import SEALED_RULESETS, swapped_pair
from helpers.track_trouble_hidden import both_hide, hidden, round_one, tt

FORMATS = posting.formats()


def header(path: Path) -> dict[str, Any]:
    return {k: v for k, v in json.loads(path.read_text(encoding="utf-8")).items() if k != "entries"}


def posted(path: Path) -> Any:
    return header(path).get("posted")


def copy_example(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    shutil.copy(REPO / "matches" / name, path)
    return path


@pytest.fixture
def dice(cli, tmp_path):
    """A new untimed dice Tug of War match, set up to the first turn roll (Anna, the smaller team, starts): 4 entries."""
    path = tmp_path / "d.json"
    assert cli("new", "dice-tug-of-war", "-p", "bernd=Bernd:yellow", "-p", "anna=Anna:red", "--untimed",
               "-o", path).code == 0
    for args in (("roll", path, "--values", "2", "6", "4"), ("move", path, "bernd", "keep"),
                 ("roll", path, "--values", "3", "1", "4"), ("move", path, "anna", "keep")):
        res = cli(*args)
        assert res.code == 0, res.err
    return path


def play(cli, *steps: tuple[Any, ...]) -> None:
    for step in steps:
        res = cli(*step)
        assert res.code == 0, res.err


# --- What a post covers -------------------------------------------------------------------------

def test_the_first_post_covers_everything_and_is_remembered(cli, tmp_path):
    path = copy_example(tmp_path, "tug-of-war-v1-demo.json")
    count = len(json.loads(path.read_text(encoding="utf-8"))["entries"])
    res = cli("post", path)
    assert res.code == 0, res.err
    assert res.out.splitlines()[0].endswith(f"entries 1–{count}")
    assert "#1 " in res.out and f"#{count} " in res.out
    assert posted(path) == {"seq": count, "from": 1, "at": NOW}
    assert "recorded" in res.err and f"up to entry {count}" in res.err


def test_a_second_post_covers_only_what_came_since(cli, dice):
    first = cli("post", dice)
    assert first.code == 0 and "entries 1–4" in first.out and "#4 Anna: keep" in first.out
    play(cli, ("roll", dice, "--values", "5", "5", "1"), ("move", dice, "anna", "attack"))
    second = cli("post", dice)
    assert second.code == 0, second.err
    assert second.out.splitlines()[0] == "d — entries 5–6"
    assert "#5 chance: dice 5 5 1" in second.out and "#6 Anna: attack" in second.out
    assert "#4 " not in second.out and "#1 " not in second.out
    assert posted(dice) == {"seq": 6, "from": 5, "at": NOW}


def test_a_post_of_one_entry_says_entry(cli, dice):
    cli("post", dice)
    play(cli, ("roll", dice, "--values", "5", "5", "1"))
    assert cli("post", dice).out.splitlines()[0] == "d — entry 5"


def test_again_reprints_the_last_post_and_remembers_nothing_new(cli, dice, monkeypatch):
    cli("post", dice)
    play(cli, ("roll", dice, "--values", "5", "5", "1"))
    would = {fmt: cli("post", dice, "--dry-run", "--format", fmt).out for fmt in FORMATS}
    last = cli("post", dice)
    assert last.out == would["text"]
    record = posted(dice)
    play(cli, ("move", dice, "anna", "attack"))   # after the post: not in the reprint
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-23T08:00:00Z")
    for fmt in FORMATS:
        again = cli("post", dice, "--again", "--format", fmt)
        assert again.code == 0 and "the last post again" in again.err and "Nothing recorded" in again.err
        if fmt == "json":
            mine, then = again.json, json.loads(would[fmt])
            assert (mine.pop("why"), mine.pop("recorded"), then.pop("why"), then.pop("recorded")) == \
                ("again", False, "since-last", False)
            assert mine == then and mine["posted"] == record and [e["seq"] for e in mine["entries"]] == [5]
        else:
            assert again.out == would[fmt], fmt
    assert posted(dice) == record


def in_post(board: str) -> str:
    """A board as a post shows it: who acts and by when is said once, by the `Now:` line below
    it, so the status line under the heading ends at "in progress"; the post's own heading
    names the match, so the board's names only the players. A chained match's
    board ends with its head (G-9), which a post has as its own last line, below `Now:`."""
    board = re.sub(r"\n\nlog \d+ · [0-9a-f]{8}\n$", "\n", board)
    board = re.sub(r"in progress; awaiting [^\n]*", "in progress", board)
    return re.sub(r"^[^\n]* — ", "", board, count=1)


def test_again_shows_the_board_as_it_stood_then(cli, dice):
    cli("post", dice)
    before = in_post(cli("board", dice).out)
    play(cli, ("roll", dice, "--values", "5", "5", "1"), ("move", dice, "anna", "attack"))
    again = cli("post", dice, "--again")
    assert before.strip() in again.out
    assert "#5 " not in again.out


def test_since_overrides_the_start_and_is_remembered(cli, dice):
    cli("post", dice)
    res = cli("post", dice, "--since", 2)
    assert res.code == 0 and "entries 3–4" in res.out and "#2 " not in res.out and "#3 chance" in res.out
    assert posted(dice) == {"seq": 4, "from": 3, "at": NOW}
    res = cli("post", dice, "--since", 0, "--format", "json")
    assert res.json["from"] == 1 and res.json["to"] == 4 and len(res.json["entries"]) == 4


def test_dry_run_prints_the_post_and_writes_nothing(cli, dice):
    before = dice.read_bytes()
    for option in ("--dry-run", "--no-record"):
        res = cli("post", dice, option)
        assert res.code == 0 and "entries 1–4" in res.out and "dry run: nothing recorded" in res.err
        assert dice.read_bytes() == before
    dry = cli("post", dice, "--dry-run").out
    assert cli("post", dice).out == dry and posted(dice)["seq"] == 4
    before = dice.read_bytes()
    play(cli, ("roll", dice, "--values", "5", "5", "1"))
    res = cli("post", dice, "--dry-run", "--format", "json")
    assert res.json["recorded"] is False and res.json["posted"] == {"seq": 5, "from": 5, "at": NOW}
    assert posted(dice)["seq"] == 4 and "still up to entry 4" in res.err


def test_nothing_new_prints_the_board_as_a_reminder_and_records_nothing(cli, dice, monkeypatch):
    cli("post", dice)
    record = posted(dice)
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-23T08:00:00Z")
    res = cli("post", dice)
    assert res.code == 0
    assert res.out.splitlines()[0] == "d — after entry 4"
    assert "Nothing new since the last post." in res.out and in_post(cli("board", dice).out).strip() in res.out
    assert "Now: turn roll: 3 dice for Anna" in res.out
    assert "nothing has happened since the last post (up to entry 4" in res.err and "Nothing recorded" in res.err
    assert posted(dice) == record
    assert cli("post", dice, "--format", "json").json["why"] == "nothing-new"


def test_the_opening_board_is_a_first_post(cli, tmp_path):
    path = tmp_path / "a.json"
    play(cli, ("new", "arrowbic", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue", "--first", "sally",
               "--untimed", "-o", path))
    res = cli("post", path)
    assert res.code == 0 and res.out.splitlines()[0] == "a — no entries yet" and "Now: Sally to " in res.out
    assert posted(path) == {"seq": 0, "from": 1, "at": NOW}
    play(cli, ("move", path, "sally", "E5", "up"))
    res = cli("post", path)
    assert "a — entry 1" in res.out and "#1 Sally: E5 up" in res.out
    assert posted(path) == {"seq": 1, "from": 1, "at": NOW}


def test_the_record_sits_in_the_header_and_the_file_replays_the_same(cli, tmp_path):
    path = copy_example(tmp_path, "winning-streak-demo.json")
    before = {command: cli(command, path, "--format", "json").out for command in ("replay", "board")}
    text = path.read_text(encoding="utf-8")
    assert cli("post", path).code == 0
    after = path.read_text(encoding="utf-8")
    assert after.index('"posted"') < after.index('"entries"')
    assert json.loads(after)["entries"] == json.loads(text)["entries"]
    for command, out in before.items():
        assert cli(command, path, "--format", "json").out == out
    res = cli("check", path, "--format", "json")
    original = cli("check", REPO / "matches" / path.name, "--format", "json")
    assert res.code == original.code == 0
    assert [{**row, "file": None} for row in res.json["files"]] == \
        [{**row, "file": None} for row in original.json["files"]]


def test_a_record_past_the_log_posts_everything_again(cli, dice):
    data = json.loads(dice.read_text(encoding="utf-8"))
    data["posted"] = {"seq": 40, "from": 30, "at": "2026-11-21T20:00:00Z"}
    dice.write_text(json.dumps(data), encoding="utf-8")
    res = cli("post", dice, "--again")
    assert res.code == 2 and "posted.seq is 40, beyond the log's 4 entries" in res.err and res.out == ""
    res = cli("post", dice)
    assert res.code == 0 and "entries 1–4" in res.out
    assert "field posted.seq is 40, beyond the log's 4 entries" in res.err and "from the start" in res.err
    assert posted(dice) == {"seq": 4, "from": 1, "at": NOW}


def test_a_record_without_from_is_a_post_from_the_start(cli, dice):
    data = json.loads(dice.read_text(encoding="utf-8"))
    data["posted"] = {"seq": 3, "at": "2026-11-21T20:00:00Z"}
    dice.write_text(json.dumps(data), encoding="utf-8")
    assert cli("check", dice).code == 0
    assert "entries 1–3" in cli("post", dice, "--again").out
    assert cli("post", dice).out.splitlines()[0] == "d — entry 4"


# --- Mistakes -----------------------------------------------------------------------------------

@pytest.mark.parametrize("record, field", [({"seq": -1, "at": NOW}, "posted.seq"),
                                           ({"seq": 2}, "posted"),
                                           ({"seq": 2, "at": "yesterday"}, "posted.at"),
                                           ({"seq": 2, "at": NOW, "by": "me"}, "posted"),
                                           ({"seq": 2, "from": 0, "at": NOW}, "posted.from")])
def test_a_bad_record_is_a_schema_error_naming_the_field(cli, dice, record, field):
    data = json.loads(dice.read_text(encoding="utf-8"))
    data["posted"] = record
    dice.write_text(json.dumps(data), encoding="utf-8")
    before = dice.read_bytes()
    for command in (("check", dice), ("post", dice)):
        res = cli(*command)
        text = res.out + res.err
        assert res.code == 2 and f"field {field}" in text and "Traceback" not in text
    assert dice.read_bytes() == before


def test_usage_mistakes_exit_2_in_one_sentence(cli, dice, tmp_path):
    before = dice.read_bytes()
    cases = [(("post", dice, "--again"), "nothing has been posted from this match yet"),
             (("post", dice, "--since", 5), "--since 5 is outside the log (entries 1–4"),
             (("post", dice, "--since", -1), "--since -1 is outside the log"),
             (("post", dice, "--since", 1, "--again"), "not both"),
             (("post", dice, "--format", "pdf"), "'pdf' is not one of"),
             (("post", tmp_path / "none.json"), "no such match file")]
    for args, said in cases:
        res = cli(*args)
        assert res.code == 2 and said in res.err and res.out == "", (args, res.err)
        assert "Traceback" not in res.err and len(res.err.strip().splitlines()) <= 4
    assert dice.read_bytes() == before


def test_a_file_that_cannot_be_written_prints_no_post(cli, dice):
    dice.chmod(0o400)
    try:
        res = cli("post", dice)
        assert res.code == 2 and "is read-only" in res.err and "nothing was written" in res.err, res.err
        assert res.out == "" and posted(dice) is None
        assert cli("post", dice, "--dry-run").code == 0
    finally:
        dice.chmod(0o600)


# --- What a post holds ----------------------------------------------------------------------------

def test_every_format_renders(cli, dice):
    for fmt in FORMATS:
        res = cli("post", dice, "--dry-run", "--format", fmt)
        assert res.code == 0 and res.out.strip(), fmt
    assert "### d — entries 1–4" in cli("post", dice, "--dry-run", "--format", "markdown").out
    assert "[b]d — entries 1–4[/b]" in cli("post", dice, "--dry-run", "--format", "bbcode").out


def test_json_holds_the_entries_the_board_who_acts_and_the_record(cli, dice):
    data = cli("post", dice, "--format", "json").json
    assert set(data) == {"match", "why", "from", "to", "entries", "revealed", "result", "awaiting", "to_act",
                         "deadline", "final", "posted", "recorded", "log"}   # log: the head of a chained match (G-9)
    entries = json.loads(dice.read_text(encoding="utf-8"))["entries"]
    assert data["log"] == {"seq": len(entries), "head": entries[-1]["hash"]}
    assert data["why"] == "first" and data["recorded"] is True and data["final"] is None
    assert [e["seq"] for e in data["entries"]] == [1, 2, 3, 4] and data["revealed"] == []
    assert data["result"]["board"]["team"] and data["to_act"] == [] and data["awaiting"]
    assert data["deadline"] is None and data["posted"] == posted(dice)


def test_a_timed_match_says_who_acts_and_by_when(cli, tmp_path, monkeypatch):
    data = json.loads((REPO / "matches" / "arrowbic-push-off.json").read_text(encoding="utf-8"))
    data["entries"] = data["entries"][:3]
    path = tmp_path / "ax.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T20:03:30Z")
    res = cli("post", path)
    assert res.code == 0
    deadline = cli("board", path, "--format", "json").json["clock"]["deadline"]
    assert deadline == "2026-11-21T20:04:30Z"
    assert "Now: Maddie to " in res.out and "Deadline 2026-11-21 20:04:30 UTC (then the reserve: Maddie until " in res.out
    assert posted(path) == {"seq": 4, "from": 1, "at": "2026-11-21T20:03:30Z"}   # entry 4: the post (G-7)
    assert json.loads(path.read_text(encoding="utf-8"))["entries"][3]["host"] == {"action": "posted"}
    assert cli("post", path, "--again", "--format", "json").json["deadline"] == deadline


def test_the_final_summary_appears_when_the_match_ends(cli, dice):
    cli("post", dice)
    play(cli, ("host", dice, "forfeit", "anna"))
    res = cli("post", dice)
    assert res.code == 0 and "#5 host: forfeit Anna" in res.out
    # The result once, as the final board's banner, not again below it.
    assert "🏆 Bernd (yellow) wins — Anna forfeited (entry 5)" in res.out
    assert res.out.count("Anna forfeited (entry 5)") == 1, res.out
    assert "Final summary" in res.out and "The board above is the final board; 5 entries" in res.out
    assert "5 entries in the log; none flagged." in res.out and "Now:" not in res.out
    final = cli("post", dice, "--again", "--format", "json").json["final"]
    assert final == {"winner": "bernd", "reason": "Anna forfeited (entry 5)", "entries": 5, "voided": [],
                     "flagged": []}


def test_the_final_summary_of_an_example_match_counts_flagged_entries(cli, tmp_path):
    path = copy_example(tmp_path, "dice-flagged.json")
    res = cli("post", path)
    flagged = cli("board", path, "--format", "json").json["flagged"]
    assert res.code == 0 and flagged and "Final summary" in res.out
    assert f"{len(flagged)} flagged: #{flagged[0]['seq']}" in res.out


# --- Sealed phases and hidden information ----------------------------------------------------------

def test_a_hidden_value_is_posted_as_a_private_declaration_not_a_sealed_submission(cli, write):
    """TT-7: A Hidden Value is a private declaration, not a sealed
    submission; the post once said `#1 sally: sealed submission` above `Submitted: Sally: no`.
    It now says `private declaration` (already public through its event), and still nothing
    of what was declared: no destination, no value."""
    path = write(tt(("sally", hidden("N2", 3))))
    entry = cli("post", path, "--dry-run", "--format", "json").json["entries"][0]
    assert entry["summary"] == "private declaration" and "N2" not in json.dumps(entry)
    for fmt in [f for f in FORMATS if f != "json"]:
        out = cli("post", path, "--dry-run", "--format", fmt).out
        assert "#1 Sally: private declaration" in out and "sally: sealed submission" not in out, out
        assert "Submitted: Sally: no" in out
        assert "N2 is worth" not in out and "Hidden Value" not in out
    board = cli("board", path, "--format", "json").json
    assert board["submitted"]["sally"] is False


def test_a_sealed_submission_is_still_called_one(cli, write):
    """The other side of the same choice: a crossing's submission stays `sealed submission`."""
    path = write(tt(("sally", "r1 c1: 1 T1")))
    out = cli("post", path, "--dry-run").out
    assert "#1 Sally: sealed submission" in out and "private declaration" not in out


def test_move_echoes_a_hidden_value_as_a_private_declaration(cli, tmp_path):
    path = tmp_path / "tt.json"
    assert cli("new", "track-trouble", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue",
               "--item", "sally=hidden-value", "--untimed", "-o", path).code == 0
    res = cli("move", path, "sally", "r1: hidden N2 3")
    assert res.code == 0, res.err
    assert res.out.startswith("#1 Sally: private declaration\n") and "N2" not in res.out.split("\n\n")[0]
    assert "sally: sealed submission" not in res.out


def extend(path: Path, *entries: dict[str, Any]) -> int:
    """Append entries to the match file as a host editing it would, numbered after those there
    (a post in a timed match added its own entry, G-7); the last seq."""
    data = json.loads(path.read_text(encoding="utf-8"))
    for entry in entries:
        data["entries"].append({**entry, "seq": len(data["entries"]) + 1})
    path.write_text(json.dumps(data), encoding="utf-8")
    return len(data["entries"])


def test_a_sealed_submission_shows_as_submitted_then_in_full_once_revealed(cli, write):
    path = write(tt(("sally", "r1 c1: 1 T2")))
    res = cli("post", path)
    assert "#1 Sally: sealed submission" in res.out and "T2" not in res.out.split("\n\nSally (red) vs")[0]
    seq = extend(path, {"type": "move", "player": "maddie",
                        "move": {"round": 1, "crossing": 1, "actions": [{"miner": 1, "board": "T3"}]}})
    res = cli("post", path)
    told = res.out.split("\n\nSally (red) vs")[0]
    assert f"tt — entry {seq}" in told and "Revealed now (sealed when posted):" in told
    assert "#1 Sally: r1 c1: 1 T2" in told and f"#{seq} Maddie: r1 c1: 1 T3" in told
    data = cli("post", path, "--again", "--format", "json").json
    assert [e["seq"] for e in data["revealed"]] == [1] and data["revealed"][0]["summary"] == "r1 c1: 1 T2"


def pair_outputs(cli, tmp_path: Path, datas: list[dict[str, Any]], steps: list[tuple[Any, ...]]) -> list[Any]:
    """Run the same `post` commands on each match; (exit, stdout, stderr, record) of each."""
    seen = []
    for index, data in enumerate(datas):
        path = tmp_path / f"m{index}" / "m.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data), encoding="utf-8")
        outs = []
        for step in steps:
            res = cli("post", path, *step)
            outs.append((res.code, res.out.replace(str(path), "M"), res.err.replace(str(path), "M"), posted(path)))
        seen.append(outs)
    return seen


ALL_FORMATS = [("--format", fmt) for fmt in FORMATS]


@pytest.mark.parametrize("moves", [("r1 c2: 2 T2", "r1 c2: 2 T3, 3 T1"), ("r1 c2: 2 T1", "r1 c2: nothing")])
def test_posts_do_not_depend_on_a_sealed_submission(cli, tmp_path, moves):
    """Two matches that differ only in sally's sealed submission of the open phase: every post,
    in every format, the first and the next, is the same byte for byte (G-2)."""
    datas = [tt(*round_one()[:2], ("sally", move)) for move in moves]
    steps = [("--dry-run", *f) for f in ALL_FORMATS] + [()] + [("--again", *f) for f in ALL_FORMATS]
    steps += [("--since", 2, "--dry-run", *f) for f in ALL_FORMATS]
    a, b = pair_outputs(cli, tmp_path, datas, steps)
    assert a == b
    assert all(code == 0 for code, *_ in a)


def test_posts_do_not_depend_on_a_hidden_value(cli, tmp_path):
    """Sally's Hidden Value stays private until round 1 ends, whatever was posted before (TT-7)."""
    a, b = pair_outputs(cli, tmp_path, [both_hide(1), both_hide(5)],
                        [("--since", 2, "--dry-run", *f) for f in ALL_FORMATS] + [()] + [f for f in ALL_FORMATS])
    assert a == b


def test_a_hidden_value_is_revealed_when_its_round_ends(cli, write):
    data = tt(("sally", hidden("N2", 3)), *round_one())
    path = write({**data, "entries": data["entries"][:3]})
    first = cli("post", path)
    assert "#1 Sally: private declaration" in first.out and "hidden" not in first.out.lower().split("\n\nsally (red) vs")[0]
    last = extend(path, *data["entries"][3:])
    res = cli("post", path, "--format", "json").json
    assert [e["seq"] for e in res["revealed"]] == [1] and [e["seq"] for e in res["entries"]] == [last - 1, last]
    assert res["revealed"][0]["summary"] == "r1: hidden N2 3"


def test_a_voided_sealed_submission_stays_private(cli, tmp_path):
    """A voided sealed submission never resolves: it stays private until the match ends (G-4)."""
    datas = []
    for move in ("r1 c1: 1 T2", "r1 c1: 1 T3"):
        data = tt(("sally", move))
        data["entries"].append({"seq": 2, "type": "host", "host": {"action": "void", "seq": 1, "reason": "typo"}})
        datas.append(data)
    a, b = pair_outputs(cli, tmp_path, datas, [f for f in ALL_FORMATS])
    assert a == b and "void" not in a[0][1] and "#1" not in a[0][1]   # never posted: not retold


@pytest.mark.parametrize("ruleset_id", SEALED_RULESETS)
@scaled(3)
@given(index=st.integers(1, INDICES), since=st.integers(0, 1000), data=st.data())
def test_posts_never_depend_on_private_data(cli, tmp_path_factory, ruleset_id, index, since, data):
    """Swap a sealed submission or a Hidden Value of a simulated match for another of the same
    kind, look while it is still private: every post, in every format, is the same."""
    match = loaded(simulated(ruleset_id, index))
    first, second, _ = swapped_pair(data, match)
    since %= len(first.entries) + 1
    steps = [("--since", since, "--dry-run", *f) for f in ALL_FORMATS] + [()] + [("--again", "--format", "json")]
    a, b = pair_outputs(cli, tmp_path_factory.mktemp("post"), [first.data, second.data], steps)
    assert a == b


# --- Voids since the last post (G-4) ----------------------------------------------------------------

def test_a_void_of_a_posted_entry_posts_again_from_it(cli, dice):
    cli("post", dice)
    play(cli, ("host", dice, "void", "3", "--reason", "rolled for another match"))
    res = cli("post", dice)
    assert res.code == 0 and res.out.splitlines()[0] == "d — entries 3–5"
    assert "#3 chance: dice 3 1 4" in res.out and "voided by entry 5" in res.out
    assert "#4 Anna: keep" in res.out and "FLAGGED chance-due" in res.out
    assert "#5 host: void 3" in res.out
    assert "entry 5 voided entry 3, which the last post (up to entry 4) covered" in res.err
    assert posted(dice) == {"seq": 5, "from": 3, "at": NOW, "after": 4}   # entries up to 4 were posted before
    assert cli("post", dice, "--again").out == res.out


def test_a_void_of_a_new_entry_posts_from_the_last_post(cli, dice):
    cli("post", dice)
    play(cli, ("roll", dice, "--values", "5", "5", "1"),
         ("host", dice, "void", "last", "--reason", "dice bot rolled twice"))
    res = cli("post", dice)
    assert res.out.splitlines()[0] == "d — entries 5–6" and "voided" not in res.err


def test_voiding_a_void_brings_back_a_posted_entry(cli, dice):
    play(cli, ("host", dice, "void", "4", "--reason", "typo"))
    cli("post", dice)
    play(cli, ("host", dice, "void", "5", "--reason", "it was no typo"))
    res = cli("post", dice)
    assert res.out.splitlines()[0] == "d — entries 4–6"
    assert "entry 6 brought back entry 4, which the last post (up to entry 5) covered" in res.err
    data = cli("post", dice, "--again", "--format", "json").json
    assert data["entries"][0]["seq"] == 4 and "voided_by" not in data["entries"][0]
    assert data["entries"][1]["voided_by"] == 6


def test_a_discord_post_names_players_stamps_the_deadline_and_fits_discord(cli, tmp_path, monkeypatch):
    """The post for Discord: display names, the deadline as <t:…> stamps each reader sees in
    their own time zone, and a long first post cut into messages of at most 2,000 characters."""
    from adjudicator.clock import parse_time
    from adjudicator.render import DISCORD_CUT, DISCORD_LIMIT

    data = json.loads((REPO / "matches" / "arrowbic-push-off.json").read_text(encoding="utf-8"))
    data["entries"] = data["entries"][:3]
    path = tmp_path / "ax.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-21T20:03:30Z")
    deadline = cli("board", path, "--format", "json").json["clock"]["deadline"]
    res = cli("post", path, "--format", "discord", "--dry-run")
    assert res.code == 0
    unix = int(parse_time(deadline).timestamp())
    assert "Now: Maddie to " in res.out and f"Deadline <t:{unix}:f> (<t:{unix}:R>)" in res.out
    long = cli("post", copy_example(tmp_path, "track-trouble-final.json"), "--format", "discord", "--dry-run")
    messages = long.out.split("\n" + DISCORD_CUT + "\n")
    assert len(messages) > 1 and all(len(m.strip("\n")) <= DISCORD_LIMIT for m in messages)
    assert messages[0].startswith(f"(1/{len(messages)})")


@pytest.mark.parametrize("fmt", ["text", "markdown", "bbcode", "discord", "json"])
def test_public_output_names_what_is_due_never_a_command(cli, dice, fmt):
    """A roll is due, and the post, the board and `move`'s post say so in words;
    the host's command goes to standard error only."""
    outputs = [cli("post", dice, "--format", fmt), cli("board", dice, "--format", fmt),
               cli("move", dice, "anna", "keep", "--dry-run", "--format", fmt)]
    assert outputs[0].code == 0 and "turn roll" in outputs[1].out
    for res in outputs:
        assert "adjudicator " not in res.out
    assert f"next: turn roll: 3 dice for Anna: adjudicator roll {dice.name}" in outputs[0].err


def test_a_void_of_an_entry_never_posted_is_not_retold(cli, dice):
    """The host's typo and its void, both after the last post, are bookkeeping: the
    next post shows neither (the log keeps both)."""
    cli("post", dice)
    play(cli, ("roll", dice, "--values", "5", "5", "1"),
         ("host", dice, "void", "last", "--reason", "typed the wrong dice"),
         ("roll", dice, "--values", "3", "3", "1"))
    res = cli("post", dice)
    assert "#5" not in res.out and "#6" not in res.out and "void" not in res.out
    assert "#7 chance: dice 3 3 1" in res.out
    assert cli("post", dice, "--again").out == res.out
    entries = cli("post", dice, "--since", "0", "--format", "json").json["entries"]
    assert [e["seq"] for e in entries] == [1, 2, 3, 4, 7]


def test_ruling_ids_are_off_in_posts_unless_asked(cli, dice):
    """Posts and the post `move` prints leave ruling ids out; --rulings puts them
    back; `replay` keeps them."""
    play(cli, ("roll", dice, "--values", "6", "6", "6"))
    plain = cli("move", dice, "anna", "attack", "--dry-run")
    cited = cli("move", dice, "anna", "attack", "--dry-run", "--rulings")
    assert plain.code == cited.code == 0
    assert "[DT-4]" not in plain.out and "[DT-4]" in cited.out
    assert "[" not in cli("post", dice, "--dry-run").out.split("\n\n")[1]
    assert "[DT-2]" in cli("post", dice, "--dry-run", "--rulings").out
    assert "[DT-2]" in cli("replay", dice).out
