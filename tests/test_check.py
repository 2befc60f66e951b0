"""`check` on archives: folders searched for match files, each match's seed
beside it, --only-failures, a progress bar only on a terminal, and `--version`."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from adjudicator import __version__, check, dice, present
from adjudicator.errors import InputError
from helpers import REPO
from helpers.cli import salted_dice
from helpers.matches import relink

MATCHES = REPO / "matches"
DEMO_SEED = MATCHES / "dice-demo.seed"


def copy(name: str, to: Path, seed: bool = False) -> Path:
    """A match of matches/ copied to `to` (and its seed beside it, when asked)."""
    to.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(MATCHES / name, to)
    if seed:
        shutil.copy(dice.seed_path(MATCHES / name), dice.seed_path(to))
    return to


def flagged_copy(to: Path) -> Path:
    """dice-own-goal.json with a move where a roll is due: flagged, exit 1."""
    data = json.loads((MATCHES / "dice-own-goal.json").read_text(encoding="utf-8"))
    data["entries"].insert(4, {"seq": 0, "type": "move", "player": "kim", "move": {"attack": True}})
    for i, entry in enumerate(data["entries"], 1):
        entry["seq"] = i
    to.parent.mkdir(parents=True, exist_ok=True)
    to.write_text(json.dumps(data), encoding="utf-8")
    return to


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """archive/ with good, flagged and unusable matches in nested folders, a hidden folder and
    a hidden file that would be unusable if checked, a text file and an empty folder."""
    top = tmp_path / "archive"
    copy("arrowbic-retake.json", top / "2026" / "b-final.json")
    copy("winning-streak-demo.json", top / "2026" / "a-semi.json")
    flagged_copy(top / "2025" / "spring" / "own-goal.json")
    (top / "2025" / "broken.json").write_text("{", encoding="utf-8")
    copy("tug-of-war-v1-demo.json", top / "top.json")
    (top / ".git").mkdir()
    (top / ".git" / "junk.json").write_text("{", encoding="utf-8")
    (top / ".hidden.json").write_text("{", encoding="utf-8")
    (top / "notes.txt").write_text("not a match", encoding="utf-8")
    (top / "empty").mkdir()
    return top


TREE = ["2025/broken.json", "2025/spring/own-goal.json", "2026/a-semi.json", "2026/b-final.json", "top.json"]


def files(res) -> list[str]:
    return [row["file"] for row in res.json["files"]]


# --- folders --------------------------------------------------------------------------------

def test_folder_is_searched_in_sorted_order_hidden_skipped(cli, archive):
    res = cli("check", archive, "--format", "json")
    assert files(res) == [os.path.join(str(archive), name) for name in TREE]
    verdicts = [row["verdict"] for row in res.json["files"]]
    assert verdicts == ["unusable", "flagged", "ok", "ok", "ok"]
    assert res.code == 2 and res.json["summary"] == {"files": 5, "ok": 3, "flagged": 1, "unusable": 1}


def test_files_are_named_relative_to_what_was_given(cli, archive, monkeypatch):
    monkeypatch.chdir(archive.parent)
    res = cli("check", "archive/2026", "archive/top.json", "--format", "json")
    assert files(res) == ["archive/2026/a-semi.json", "archive/2026/b-final.json", "archive/top.json"]
    assert res.code == 0
    text = cli("check", "archive/2026").out
    assert text.splitlines()[2].startswith("archive/2026/a-semi.json ")


def test_a_problem_does_not_name_its_file_again(cli, archive, monkeypatch):
    """The row names the file; its problem starts with what is wrong, however the file was
    reached (`check .` finds `./2025/broken.json`, which the reader names `2025/broken.json`)."""
    monkeypatch.chdir(archive)
    for given in (".", "2025", "./2025/broken.json"):
        rows = [row for row in cli("check", given, "--format", "json").json["files"] if row["verdict"] == "unusable"]
        assert len(rows) == 1, given
        assert rows[0]["problems"][0].startswith("not valid JSON"), (given, rows[0]["problems"])
    assert "broken.json: broken.json" not in cli("check", ".").out


def test_files_and_folders_mixed_in_the_order_given(cli, archive, tmp_path):
    loose = copy("arrowbic-push-off.json", tmp_path / "loose.json")
    named = tmp_path / "named.txt"   # named directly: checked whatever its name
    shutil.copy(MATCHES / "arrowbic-retake.json", named)
    res = cli("check", loose, archive / "2026", named, "--format", "json")
    assert files(res) == [str(loose), str(archive / "2026" / "a-semi.json"), str(archive / "2026" / "b-final.json"),
                          str(named)]
    assert res.code == 0


def test_a_hidden_file_or_folder_named_directly_is_checked(cli, archive):
    res = cli("check", archive / ".hidden.json", archive / ".git", "--format", "json")
    assert files(res) == [str(archive / ".hidden.json"), str(archive / ".git" / "junk.json")]
    assert res.code == 2


def test_jobs_2_gives_the_same_report(cli, archive):
    one = cli("check", archive, MATCHES, "--format", "json")
    two = cli("check", archive, MATCHES, "--format", "json", "--jobs", "2")
    assert one.json == two.json and one.code == two.code == 2
    assert cli("check", archive, "--jobs", "2").out == cli("check", archive).out


def test_a_folder_without_match_files_is_an_unusable_row(cli, archive):
    res = cli("check", archive / "empty", archive / "top.json", "--format", "json")
    assert res.code == 2
    row = res.json["files"][0]
    assert row["file"] == str(archive / "empty") and row["verdict"] == "unusable"
    assert "no match files (*.json)" in row["problems"][0]
    assert res.json["files"][1]["verdict"] == "ok"
    text = cli("check", archive / "empty")
    assert text.code == 2 and f"{archive / 'empty'}: a folder with no match files" in text.out


def test_an_empty_subfolder_is_no_problem(cli, archive):
    shutil.rmtree(archive / "2025")
    assert cli("check", archive).code == 0


def test_a_symbolic_link_loop_is_not_followed(cli, archive):
    """A link to a folder is not followed (as `grep -r`), so a loop ends the walk at once; a
    link to a match file is checked like the file."""
    os.symlink("..", archive / "2026" / "loop")
    os.symlink(archive, archive / "2026" / "also-archive")
    os.symlink(archive / "top.json", archive / "2026" / "c-link.json")
    res = cli("check", archive / "2026", "--format", "json")
    assert [Path(f).name for f in files(res)] == ["a-semi.json", "b-final.json", "c-link.json"]
    assert res.code == 0


def test_a_link_to_a_folder_named_directly_is_searched(cli, archive, tmp_path):
    os.symlink(archive / "2026", tmp_path / "link")
    res = cli("check", tmp_path / "link", "--format", "json")
    assert files(res) == [str(tmp_path / "link" / "a-semi.json"), str(tmp_path / "link" / "b-final.json")]


def test_deeply_nested_folders(cli, tmp_path):
    deep = tmp_path / "deep"
    folder = deep
    for _ in range(60):
        folder = folder / "d"
    copy("arrowbic-retake.json", folder / "m.json")
    res = cli("check", deep, "--format", "json")
    assert res.code == 0 and files(res) == [str(folder / "m.json")]


def test_walk_order_is_by_code_point_and_depth_first(tmp_path):
    for name in ["b.json", "a/z.json", "B.json", "a.json", "a/b/c.json", "é.json", "x.JSON"]:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("{}", encoding="utf-8")
    found = check.match_files([str(tmp_path)])
    assert [os.path.relpath(f, tmp_path) for f in found] == ["B.json", "a/b/c.json", "a/z.json", "a.json", "b.json",
                                                             "é.json"]


def test_an_unreadable_folder_is_a_row_and_the_rest_is_checked(cli, archive, monkeypatch):
    real = os.scandir

    def scandir(path: str = ".") -> object:
        if str(path).endswith("2025"):
            raise PermissionError(13, "Permission denied")
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    res = cli("check", archive, "--format", "json")
    assert files(res) == [str(archive / "2025"), str(archive / "2026" / "a-semi.json"),
                          str(archive / "2026" / "b-final.json"), str(archive / "top.json")]
    assert res.code == 2 and res.json["files"][0]["problems"] == [
        "cannot read this folder (Permission denied); its match files were not checked"]
    assert [row["verdict"] for row in res.json["files"][1:]] == ["ok", "ok", "ok"]


def test_a_missing_argument_is_a_row(cli, tmp_path):
    res = cli("check", tmp_path / "nothing-here", "--format", "json")
    assert res.code == 2 and res.json["files"][0]["verdict"] == "unusable"


# --- --only-failures --------------------------------------------------------------------------

def test_only_failures_text(cli, archive):
    full = cli("check", archive)
    res = cli("check", archive, "--only-failures")
    assert res.code == full.code == 2
    assert "top.json" not in res.out and "a-semi.json" not in res.out
    assert "broken.json" in res.out and "own-goal.json" in res.out
    assert res.out.splitlines()[-1] == full.out.splitlines()[-1] == "5 files: 3 ok, 1 flagged, 1 unusable"


def test_only_failures_json(cli, archive):
    res = cli("check", archive, "--only-failures", "--format", "json")
    assert res.code == 2 and res.json["only_failures"] is True
    assert [row["verdict"] for row in res.json["files"]] == ["unusable", "flagged"]
    assert res.json["summary"] == {"files": 5, "ok": 3, "flagged": 1, "unusable": 1}


def test_only_failures_junit_is_valid_xml(cli, archive):
    res = cli("check", archive, "--only-failures", "--format", "junit")
    root = ET.fromstring(res.out)
    suite = root.find("testsuite")
    assert res.code == 2 and root.get("tests") == suite.get("tests") == "5"
    assert [Path(case.get("name")).name for case in suite.iter("testcase")] == ["broken.json", "own-goal.json"]
    # own-goal.json, made before G-9, says so in its <system-out>; it fails for its flag alone
    assert [child.tag for case in suite.iter("testcase") for child in case] == ["error", "failure", "system-out"]
    assert "unchained" in suite.find("testcase[2]/system-out").text
    assert suite.find("properties/property").get("name") == "only-failures"
    # streamed: the counts, known only at the end, are its summary line, not attributes of a start tag
    assert suite.get("failures") is None and root.get("errors") is None
    assert suite.find("system-out").text == "5 files: 3 ok, 1 flagged, 1 unusable"


def test_only_failures_when_all_are_fine(cli, archive):
    res = cli("check", archive / "2026", "--only-failures")
    assert res.code == 0 and res.out == "2 files: 2 ok, 0 flagged, 0 unusable\n"
    res = cli("check", archive / "2026", "--only-failures", "--format", "junit")
    assert res.code == 0 and list(ET.fromstring(res.out).iter("testcase")) == []


def test_summary_line_groups_thousands():
    counts = {"files": 1500, "ok": 1497, "flagged": 2, "unusable": 1}
    assert present.summary_line(counts) == "1,500 files: 1,497 ok, 2 flagged, 1 unusable"


# --- the seed beside each match ------------------------------------------------------------------

def test_seed_beside_verifies_the_rolls(cli, tmp_path):
    match = copy("dice-demo.json", tmp_path / "games" / "demo.json", seed=True)
    res = cli("check", tmp_path / "games", "--format", "json")
    row = res.json["files"][0]
    assert res.code == 0 and row["seed_file"] == str(dice.seed_path(match))
    assert row["rolls"]["verified"] > 10 and row["rolls"]["wrong"] == 0
    text = cli("check", match).out
    assert f"{match}: rolls verified against the seed beside it ({dice.seed_path(match)}): " in text


def test_the_published_examples_verify_with_their_seeds(cli):
    res = cli("check", MATCHES, "--format", "json")
    beside = {Path(row["file"]).name for row in res.json["files"] if "seed_file" in row}
    assert res.code == 0 and beside == {"dice-demo.json", "dice-flagged.json"}


def test_seed_beside_catches_a_tampered_roll(cli, tmp_path):
    match = copy("dice-demo.json", tmp_path / "demo.json", seed=True)
    data = json.loads(match.read_text(encoding="utf-8"))
    chance = data["entries"][43]["chance"]   # seq 44: editing it keeps the match legal (properties/test_hidden)
    chance["dice"][0] = 4 if chance["dice"][0] != 4 else 5
    match.write_text(json.dumps(data), encoding="utf-8")
    res = cli("check", match)
    assert res.code == 1 and f"{match}: seq 44: recorded [" in res.out and "but the seed gives" in res.out


def test_a_wrong_seed_beside_makes_that_file_unusable_not_the_run(cli, tmp_path):
    match = copy("dice-demo.json", tmp_path / "a-demo.json")
    dice.seed_path(match).write_text(dice.new_seed() + "\n", encoding="ascii")
    other = copy("arrowbic-retake.json", tmp_path / "b-other.json")
    res = cli("check", tmp_path, "--format", "json")
    assert res.code == 2 and [row["verdict"] for row in res.json["files"]] == ["unusable", "ok"]
    problem = res.json["files"][0]["problems"][0]
    assert problem.startswith(str(dice.seed_path(match))) and "belongs to another match" in problem
    assert res.json["files"][1]["file"] == str(other)
    assert "Traceback" not in res.err


@pytest.mark.parametrize("content", ["not a seed\n", "", "ab" * 40])
def test_an_unreadable_seed_beside_is_a_row(cli, tmp_path, content):
    match = copy("dice-demo.json", tmp_path / "demo.json")
    dice.seed_path(match).write_text(content, encoding="ascii")
    res = cli("check", match, "--jobs", "2", "--format", "json")
    row = res.json["files"][0]
    assert res.code == 2 and row["verdict"] == "unusable" and "64 hex digits" in row["problems"][0]
    assert row["ruleset"] == "dice-tug-of-war"   # the match itself was read


def test_a_folder_as_seed_beside_is_a_row(cli, tmp_path):
    match = copy("dice-demo.json", tmp_path / "demo.json")
    dice.seed_path(match).mkdir()
    res = cli("check", match, "--format", "json")
    assert res.code == 2 and "is a folder, not a seed file" in res.json["files"][0]["problems"][0]


def test_no_seed_beside_checks_as_before(cli, tmp_path):
    match = copy("dice-demo.json", tmp_path / "demo.json")
    res = cli("check", match, "--format", "json")
    row = res.json["files"][0]
    assert res.code == 0 and "rolls" not in row and "seed_file" not in row


def test_strict_dice_with_seeds_beside(cli, tmp_path):
    salted_dice(cli, tmp_path / "a.json")   # every draw after both salts (G-8)
    copy("arrowbic-retake.json", tmp_path / "b.json")   # no rolls at all: nothing to verify
    assert cli("check", tmp_path, "--strict-dice").code == 0
    data = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))
    data["entries"][4]["chance"]["source"] = "external"   # relabelled: the seed cannot verify it
    (tmp_path / "a.json").write_text(json.dumps(data), encoding="utf-8")
    res = cli("check", tmp_path)   # the audited log finds the edit (G-9)
    assert res.code == 1 and "entry 5 breaks the audited log (G-9)" in res.out
    relink(data)   # its links made again: only --strict-dice finds the relabelled roll now
    (tmp_path / "a.json").write_text(json.dumps(data), encoding="utf-8")
    res = cli("check", tmp_path, "--strict-dice")
    assert res.code == 1 and "seq 5: a transcribed roll" in res.out
    assert cli("check", tmp_path).code == 0


def test_strict_dice_fails_a_file_with_rolls_and_no_seed(cli, tmp_path):
    salted_dice(cli, tmp_path / "a.json")
    copy("dice-own-goal.json", tmp_path / "b.json")   # transcribed rolls, no seed
    res = cli("check", tmp_path, "--strict-dice", "--format", "json", "--jobs", "2")
    assert res.code == 1 and [row["verdict"] for row in res.json["files"]] == ["ok", "flagged"]
    assert res.json["files"][1]["problems"] == [
        "no seed file b.seed beside it and no --seed, so its 7 rolls cannot be verified (--strict-dice)"]


def test_explicit_seed_applies_to_every_file_and_ignores_seeds_beside(cli, tmp_path):
    match = copy("dice-demo.json", tmp_path / "demo.json")
    dice.seed_path(match).write_text(dice.new_seed() + "\n", encoding="ascii")   # wrong, but not read
    res = cli("check", match, "--seed", DEMO_SEED, "--format", "json")
    row = res.json["files"][0]
    assert res.code == 0 and "seed_file" not in row and row["rolls"]["wrong"] == 0
    assert "rolls verified against the seed: " in cli("check", match, "--seed", DEMO_SEED).out
    good = copy("dice-demo.json", tmp_path / "good" / "demo.json", seed=True)
    res = cli("check", good, "--seed", dice.new_seed())   # the given seed wins over a right one beside
    assert res.code == 2 and "the seed given does not match" in res.out


def test_jobs_2_with_seeds_beside(cli, tmp_path):
    copy("dice-demo.json", tmp_path / "a.json", seed=True)
    copy("dice-flagged.json", tmp_path / "b.json", seed=True)
    copy("dice-own-goal.json", tmp_path / "c.json")
    one = cli("check", tmp_path, "--format", "json")
    two = cli("check", tmp_path, "--format", "json", "--jobs", "2")
    assert one.json == two.json and one.code == 0
    assert [("seed_file" in row) for row in one.json["files"]] == [True, True, False]


def test_a_readable_seed_of_a_match_in_progress_is_warned_of(cli, tmp_path):
    """Others who may read the seed of a running match know every roll to come; once it is
    over the seed is published, so a finished match gets no warning."""
    data = json.loads((MATCHES / "dice-demo.json").read_text(encoding="utf-8"))
    data["entries"] = data["entries"][:10]
    match = tmp_path / "running.json"
    match.write_text(json.dumps(data), encoding="utf-8")
    seed = dice.seed_path(match)
    shutil.copy(DEMO_SEED, seed)
    os.chmod(seed, 0o644)
    res = cli("check", match)
    assert res.code == 0 and f"warning: {seed} is readable by other users (mode 0644)" in res.out
    os.chmod(seed, 0o600)
    assert "warning" not in cli("check", match).out
    finished = copy("dice-demo.json", tmp_path / "done.json", seed=True)
    os.chmod(dice.seed_path(finished), 0o644)
    assert "warning" not in cli("check", finished).out


def test_a_check_without_seeds_does_not_load_dice(tmp_path):
    """One stat per file for the seed, and no hashlib for an archive without any."""
    import subprocess

    copy("arrowbic-retake.json", tmp_path / "a.json")
    code = ("import sys; from adjudicator.cli import run; run(['check', sys.argv[1]]); "
            "print('adjudicator.dice' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.stdout.splitlines()[-1] == "False", done.stdout + done.stderr


# --- progress -------------------------------------------------------------------------------------

class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_on_a_terminal_only(cli, archive, monkeypatch):
    plain = cli("check", archive)
    assert plain.err == ""   # not a terminal (as in CI logs and pipes): nothing extra
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    shown = cli("check", archive)
    assert shown.out == plain.out and shown.code == plain.code
    bar = terminal.getvalue()
    assert bar.startswith("\rcheck [") and re.search(r"\[#{30}\] 5/5 .*\n$", bar)
    terminal.seek(0)
    terminal.truncate()
    assert cli("check", archive, "--no-progress").out == plain.out and terminal.getvalue() == ""


def test_progress_can_be_forced_and_goes_to_stderr(cli, archive):
    plain = cli("check", archive, "--format", "json", "--jobs", "2")
    forced = cli("check", archive, "--format", "json", "--jobs", "2", "--progress")
    assert forced.out == plain.out and "5/5" in forced.err and plain.err == ""


def test_no_bar_for_a_single_file(cli, archive):
    assert cli("check", archive / "top.json", "--progress").err == ""


def test_check_files_reports_progress_in_order_of_arrival(archive):
    paths = [str(archive / name) for name in TREE]
    seen: list[int] = []
    rows = list(check.check_files(paths, progress=seen.append))
    assert seen == [1, 2, 3, 4, 5] and len(rows) == 5
    seen.clear()
    assert list(check.check_files(paths, jobs=2, progress=seen.append)) == rows
    assert seen[-1] == 5 and seen == sorted(seen)


# --- --version ------------------------------------------------------------------------------------

@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version(cli, flag):
    res = cli(flag)
    assert res.code == 0 and res.out == f"adjudicator {__version__}\n" and res.err == ""


def test_version_reads_no_package_metadata():
    import subprocess

    code = "import sys; from adjudicator.cli import run; run(['--version']); print('importlib.metadata' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.stdout.splitlines() == [f"adjudicator {__version__}", "False"], done.stdout + done.stderr


def test_check_help_teaches_archives(cli):
    res = cli("check", "--help")
    for text in ("folder", "--only-failures", "--progress", "beside", "adjudicator check archive/"):
        assert text in res.out


def test_check_rows_follow_the_result_schema_g8(cli, tmp_path):
    """The JSON rows, with their seed and draw fields (G-8), are what schemas/result.schema.json
    describes as `check_row`."""
    import jsonschema

    from adjudicator.schemas import load_schema

    salted_dice(cli, tmp_path / "a.json")
    copy("dice-demo.json", tmp_path / "b.json", seed=True)
    res = cli("check", tmp_path, MATCHES, "--format", "json")
    rows = res.json["files"]
    assert {"draws", "unsalted_draws", "voided_draws", "rolls"} <= set(rows[0]) and rows[1]["unsalted_draws"]
    schema = load_schema("result")
    row_schema = {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": "#/$defs/check_row"}
    for row in rows:
        jsonschema.validate(row, row_schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**rows[0], "unsalted_draws": "none"}, row_schema)


def test_run_reads_the_seed_names_the_plugin_folders_first_and_decides_the_status(tmp_path, monkeypatch):
    """check.run, the use case of `check`: --seed read (a bad one refused naming --seed), the
    plug-in folders said before any file is checked, the status of the worst row."""
    plugins = tmp_path / "plugins"
    shutil.copytree(REPO / "tests" / "plugins", plugins, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setenv("ADJUDICATOR_RULESETS", str(plugins))
    said: list[str] = []

    def bar(total: int) -> None:
        said.append(f"{total} files")

    result = check.run([MATCHES], progress=bar, said=said.append)
    assert said == [f"plug-in folders: {plugins} (games: take-away)", f"{len(result.names)} files"]
    assert result.folders == [{"path": str(plugins), "games": ["take-away"]}]
    assert result.tally.summary()["files"] == 0   # nothing checked until the rows are read
    rows = list(result.rows)
    assert [row["file"] for row in rows] == result.names and "take-away" in result.rulesets
    assert result.status == check.exit_status(rows) == 0
    flagged = check.run([MATCHES / "dice-flagged.json"], strict_dice=True)
    assert flagged.status == 0 and [row["verdict"] for row in flagged.rows] == ["flagged"] and flagged.status == 1
    with pytest.raises(InputError, match="^--seed: 'not a seed' is neither"):
        check.run([MATCHES], seed="not a seed", said=said.append)
    assert len(said) == 2   # refused before the folders are named again
