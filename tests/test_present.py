"""adjudicator.present: use cases' results as the text the commands print (stdout and the
notes for stderr), called without the command line."""

from __future__ import annotations

import json
from pathlib import Path

from adjudicator import present
from adjudicator.clock import ClockSettings
from adjudicator.usecases import catalogue
from adjudicator.usecases.entries import roll
from adjudicator.usecases.look import board, legal
from adjudicator.usecases.new import NewMatch, create
from helpers import REPO
from helpers.matches import dice_match, setup_entries


def test_created_says_the_file_the_timing_and_the_seed(tmp_path):
    out = tmp_path / "m.json"
    shown = present.created(create(NewMatch("dice-tug-of-war", ["b=B:yellow", "a=A:red"], output=out)))
    lines = shown.text.splitlines()
    assert lines[0] == f"created {out}: dice-tug-of-war, b (yellow) vs a (red)"
    assert lines[2].startswith(f"dice seed written to {tmp_path / 'm.seed'}") and "salt PLAYER WORD" in lines[3]
    assert shown.notes == ()


def test_timing_line_untimed_and_timed():
    name = Path("m.json")
    assert present.timing_line(ClockSettings(enabled=False), name) == "untimed: nobody loses or is late on time."
    timed = present.timing_line(ClockSettings(turn_seconds=150, reserve_seconds=600), name)
    assert timed.startswith("timed: 2:30 a turn, 10:00 reserve; running out loses (G-7).")


def test_entered_puts_the_echo_on_stderr_and_the_post_on_stdout(write):
    path = write(dice_match(setup_entries([2, 4, 6], [1, 1, 1])))
    result = roll(path, ["3", "1", "6"], transcribe=True)
    shown = present.entered(result, "text")
    assert shown.notes and "3 1 6" in shown.notes[0].replace(",", "")
    assert "3" in shown.text and not shown.raw
    data = json.loads(present.entered(result, "json").text)
    assert data["entry"]["seq"] == 5


def test_board_picture_is_raw_and_text_ends_with_a_newline(write):
    path = write(dice_match(setup_entries([2, 4, 6], [1, 1, 1])))
    looked = board(path)
    assert present.board(looked, "text").text.endswith("\n")
    svg = present.board(looked, "svg")
    assert svg.raw and svg.text.startswith("<svg")


def test_legal_limits_each_player_list(write):
    path = write(dice_match(setup_entries([2, 4, 6], [1, 1, 1]) + [("roll", 3, 1, 6)]))
    lines = present.legal(legal(path), "text", 1).text.splitlines()
    assert lines[0].startswith("awaiting: ") and "; --limit 0 for all)" in lines[1] and len(lines) == 3


def test_rulesets_listed_as_a_table_or_as_data_with_the_path_as_text():
    rows = catalogue.rulesets()
    table = present.rulesets_listed(rows, "text").text
    assert table.splitlines()[0].split() == ["id", "game", "version", "summary"]
    assert any(line.startswith("arrowbic ") for line in table.splitlines())
    data = json.loads(present.rulesets_listed(rows, "json").text)
    assert {row["id"] for row in data} == {row["id"] for row in rows}
    assert all(isinstance(row["path"], str) for row in data)


def test_ruleset_shown_as_yaml_with_its_header_or_as_json_with_the_notation():
    result = catalogue.ruleset("arrowbic")
    text = present.ruleset_shown(result, "yaml").text
    assert text.startswith("# arrowbic: resolved from arrowbic\n# sha256: " + result.ruleset.sha256)
    assert "\nid: arrowbic\n" in text
    data = json.loads(present.ruleset_shown(result, "json").text)
    assert data["sha256"] == result.ruleset.sha256 and data["ruleset"]["id"] == "arrowbic" and data["notation"]


def test_ruleset_valid_names_the_file_the_ruleset_and_its_hash():
    path = REPO / "rulesets" / "arrowbic.yaml"
    ruleset = catalogue.validate(path)
    assert present.ruleset_valid(path, ruleset).text == \
        f"{path}: ok — ruleset arrowbic for arrowbic, sha256 {ruleset.sha256}"


def test_schema_text_is_printed_as_it_is():
    text = catalogue.schema("match")
    assert present.schema_text(text) == present.Shown(text)


def test_posted_says_the_post_then_what_was_recorded(tmp_path):
    from adjudicator.usecases.posts import post

    path = tmp_path / "dice-demo.json"
    path.write_bytes((REPO / "matches" / "dice-demo.json").read_bytes())
    made, text = post(path, "text")
    shown = present.posted(made, text, "text", again=False)
    assert shown.text == text and shown.notes == ()
    assert shown.later[0].startswith(f"recorded in {path}: posted up to entry ")
    assert present.posted(made, text, "text", again=True).later == tuple(made.notes)


def test_simulated_as_tables_says_where_the_files_went_and_as_data_does_not(tmp_path):
    from adjudicator import simulate

    report = simulate.run("arrowbic", 2, max_entries=40, progress=False, out=tmp_path)
    text = present.simulated(report, "text", tmp_path).text
    assert text.startswith("arrowbic: 2 simulated matches, random bots, seed 1, ")
    assert text.endswith(f"\n2 match files written to {tmp_path}/")
    assert present.simulated(report, "text", None).text == present.simulation_text(report)
    assert json.loads(present.simulated(report, "json", tmp_path).text) == report


def test_checked_picks_the_report_and_lists_only_failures_when_asked():
    from adjudicator import check

    def report(fmt: str, only_failures: bool) -> tuple[str, "check.Checked"]:
        result = check.run([REPO / "matches"], strict_dice=True)   # its rows are read once
        shown = present.checked(result, fmt, only_failures=only_failures)
        return "".join(shown.text), result

    text, result = report("text", False)
    assert text.splitlines()[0].split()[:3] == ["file", "ruleset", "entries"] and "dice-demo.json" in text
    assert result.status == 1 and result.tally.summary()["files"] == len(result.names)
    failures, _ = report("text", True)
    fine = [row["file"] for row in json.loads(report("json", False)[0])["files"] if row["verdict"] == "ok"]
    assert fine and not any(f"{file} " in failures for file in fine)
    assert failures.splitlines()[-1] == text.splitlines()[-1]
    data, result = report("json", True)
    data = json.loads(data)
    assert data["only_failures"] is True and data["plugin_folders"] == result.folders
    assert all(row["verdict"] != "ok" for row in data["files"]) and data["summary"]["files"] == len(result.names)
    junit, _ = report("junit", False)
    assert junit.startswith('<?xml version="1.0"') and junit.count("<testcase ") == len(result.names)


def test_a_plain_cell_or_name_is_what_clean_and_shown_path_make_of_it():
    """`check` rows skip clean and shown_path for printable ASCII (present.plain): for every
    character that test lets through, they would have left the text as it is."""
    from adjudicator.render import clean, shown_path

    for code in range(0x3000):
        for text in (chr(code), f"a{chr(code)}b.json"):
            if present.plain(text):
                assert clean(text, one_line=True) == text and shown_path(text) == text
            else:
                assert present.table_cell(text) == clean(present.one_line(text), one_line=True)
    assert present.shown_name("m\x1b.json") == shown_path("m\x1b.json") == "m\\x1b.json"
