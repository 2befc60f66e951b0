"""The command line as a host and a CI script use it: every command, exit statuses, messages."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from adjudicator import schemas
from helpers import NOW, REPO
from helpers.matches import add, dice_match, setup_entries

EXAMPLES = sorted(str(p) for p in (REPO / "matches").glob("*.json"))


@pytest.fixture
def started(write):
    """A dice match after set-up: bernd (12) vs anna (3); anna to roll."""
    return write(dice_match(setup_entries([2, 4, 6], [1, 1, 1])))


# --- new ------------------------------------------------------------------------------

def test_new_creates_match_and_private_seed(cli, tmp_path):
    out = tmp_path / "final.json"
    res = cli("new", "dice-tug-of-war", "--player", "bernd=Bernd:yellow", "--player", "anna=Anna:red", "-o", out)
    assert res.code == 0, res.err
    data = json.loads(out.read_text())
    assert data["id"] == "final" and data["rules"]["sha256"] and data["entries"] == []
    seed = (tmp_path / "final.seed").read_text().strip()
    assert seed not in out.read_text() and len(data["seed_sha256"]) == 64
    assert "publish its hash now" in res.out


def test_new_refuses_to_overwrite(cli, tmp_path):
    out = tmp_path / "m.json"
    args = ("new", "dice-tug-of-war", "-p", "a=A:yellow", "-p", "b=B:red", "-o", out)
    assert cli(*args).code == 0
    res = cli(*args)
    assert res.code == 2 and "already exists" in res.err


def test_new_never_reuses_a_seed_g8(cli, tmp_path):
    """A seed left beside the name (its match deleted, or another match's) is refused: two
    matches on one seed could share dice (G-8). --force writes a fresh seed instead."""
    out = tmp_path / "m.json"
    args = ("new", "dice-tug-of-war", "-p", "a=A:yellow", "-p", "b=B:red", "-o", out)
    assert cli(*args).code == 0
    old = (tmp_path / "m.seed").read_text()
    out.unlink()
    res = cli(*args)
    assert res.code == 2 and "m.seed: a seed file is already there" in res.err and "G-8" in res.err
    assert not out.exists() and (tmp_path / "m.seed").read_text() == old
    res = cli(*args, "--force")
    assert res.code == 0, res.err
    fresh = (tmp_path / "m.seed").read_text()
    assert fresh != old and json.loads(out.read_text())["seed_sha256"] == hashlib.sha256(fresh.strip().encode()).hexdigest()
    assert cli(*args, "--force", "--no-seed").code == 0 and not (tmp_path / "m.seed").exists()


def test_new_writes_the_draw_scheme_and_says_to_collect_salts_g8(cli, tmp_path):
    out = tmp_path / "m.json"
    res = cli("new", "dice-tug-of-war", "-p", "a=A:yellow", "-p", "b=B:red", "-o", out)
    assert json.loads(out.read_text())["draws"] == "adjudicator-draws/2"
    assert f"adjudicator host {out} salt PLAYER WORD, before the first roll (G-8)" in res.out
    res = cli("new", "dice-tug-of-war", "-p", "a=A:yellow", "-p", "b=B:red", "--no-seed", "-o", tmp_path / "n.json")
    assert "draws" not in json.loads((tmp_path / "n.json").read_text()) and "salt" not in res.out


@pytest.mark.parametrize("args, code, message", [
    (("salt", "carl", "pepper"), 2, "'carl' is not a player of this match"),
    (("salt", "anna", "two words"), 2, "'two words' is not a salt: a salt is one word"),
    (("salt", "anna", "café"), 2, "is not a salt"),
    (("salt", "anna", "x" * 65), 2, "a salt has at most 64 characters, not 65"),
    (("salt", "anna", ""), 2, "a salt is one word, not nothing"),
    (("salt", "anna"), 2, "'salt' needs the player and the word they posted"),
    (("draw", "anna", "pepper"), 2, "takes no"),
])
def test_host_salt_refuses_what_cannot_be_a_salt_g8(cli, tmp_path, args, code, message):
    path = tmp_path / "m.json"
    assert cli("new", "dice-tug-of-war", "-p", "bernd=Bernd:yellow", "-p", "anna=Anna:red", "-o", path).code == 0
    before = path.read_text()
    res = cli("host", path, *args)
    assert res.code == code and message in res.err and "Traceback" not in res.err, res.err
    assert path.read_text() == before


def test_host_salt_once_per_player_public_and_never_voided_g8(cli, tmp_path):
    path = tmp_path / "m.json"
    assert cli("new", "dice-tug-of-war", "-p", "bernd=Bernd:yellow", "-p", "anna=Anna:red", "-o", path).code == 0
    res = cli("host", path, "salt", "Anna", "nutmeg")
    assert res.code == 0 and "Anna's salt: nutmeg" in res.out and "[G-8]" not in res.out   # no ruling ids in posts
    assert json.loads(path.read_text())["entries"][0]["host"] == {"action": "salt", "player": "anna", "salt": "nutmeg"}
    res = cli("host", path, "salt", "anna", "saffron")
    assert res.code == 1 and "refused (salt-repeated)" in res.err and "'nutmeg' at entry 1" in res.err
    res = cli("host", path, "void", "last", "--reason", "typo")
    assert res.code == 1 and "refused (void-salt)" in res.err and "G-8" in res.err
    assert len(json.loads(path.read_text())["entries"]) == 1
    assert "Anna's salt: nutmeg" in cli("post", path).out
    assert "Anna's salt: nutmeg" in cli("replay", path).out


@pytest.mark.parametrize("args, message", [
    (("new", "dice-tug", "-p", "a=A:yellow", "-p", "b=B:red"), "Unknown ruleset 'dice-tug'"),
    (("new", "dice-tug-of-war", "-p", "a=A:yellow", "-p", "b=B:blue"), "'blue' is not a side"),
    (("new", "dice-tug-of-war", "-p", "a=A:yellow"), "a match has two players, one per side (yellow and red)"),
    (("new", "dice-tug-of-war", "-p", "a=A:yellow", "-p", "b=B:red", "--param", "pawns=lots"), "expected a whole number"),
    (("new", "dice-tug-of-war", "-p", "aA", "-p", "b=B:red"), "expected ID=NAME:SIDE"),
])
def test_new_bad_input_exits_2(cli, args, message):
    res = cli(*args)
    assert res.code == 2 and message in res.err, res.err


def test_new_without_output_prints_the_match(cli):
    res = cli("new", "dice-tug-of-war", "-p", "a=A:yellow", "-p", "b=B:red", "--param", "pawns=20")
    data = json.loads(res.out)
    assert data["rules"]["params"] == {"pawns": 20} and "seed_sha256" not in data


# --- move -----------------------------------------------------------------------------

def test_move_echoes_canonical_form_and_board(cli, started):
    """Without --at the entry is stamped with now: ADJUDICATOR_NOW, which conftest fixes."""
    cli("roll", started, "--values", "3", "3", "3")
    res = cli("move", started, "anna", "ATTACK")
    assert res.code == 0, res.err
    assert res.out.startswith("#6 Anna: attack\n")
    assert "Bernd loses 3 (12 → 9)" in res.out and "[DT-4]" not in res.out and "awaiting turn roll: 3 dice for Bernd" in res.out
    entry = json.loads(started.read_text())["entries"][-1]
    assert entry["move"] == {"attack": True} and entry["text"] == "ATTACK" and entry["at"] == NOW


def test_move_json_and_note(cli, started):
    """--at is stamped as given. The roll before it has its own --at: a roll stamped with now
    (the wall clock, before ADJUDICATOR_NOW) came after 2026-11-21 and refused the move."""
    assert cli("roll", started, "--values", "3", "3", "3", "--at", "2026-11-21T20:13:58Z").code == 0
    res = cli("move", started, "anna", "--json", '{"trade": {"rolled": 3, "column": 1}}', "--note", "post #41",
              "--at", "2026-11-21T20:14:05Z")
    assert res.code == 0, res.err
    entry = json.loads(started.read_text())["entries"][-1]
    assert entry["note"] == "post #41" and entry["at"] == "2026-11-21T20:14:05Z"


def test_illegal_move_exit_1_writes_nothing(cli, started):
    cli("roll", started, "--values", "3", "3", "3")
    before = started.read_bytes()
    res = cli("move", started, "bernd", "attack")
    assert res.code == 1
    assert "refused (not-your-turn), nothing written. It is Anna's turn" in res.err and "(G-1)" in res.err
    assert started.read_bytes() == before


def test_move_dry_run_writes_nothing(cli, started):
    cli("roll", started, "--values", "3", "3", "3")
    before = started.read_bytes()
    res = cli("move", started, "anna", "attack", "--dry-run")
    assert res.code == 0 and "dry run, nothing written" in res.err and started.read_bytes() == before
    assert "dry run" not in res.out   # the post stays clean: the host's notes go to stderr


def test_move_record_illegal(cli, started):
    res = cli("move", started, "bernd", "attack", "--record-illegal")
    assert res.code == 0 and "recorded as illegal" in res.out
    assert json.loads(started.read_text())["entries"][-1]["flagged"] == "chance-due"


@pytest.mark.parametrize("args, code, message", [
    (("anna", "atak"), 2, "'atak' is not a move of dice-tug-of-war; closest: 'attack' (attack)"),   # a typo, not a slip
    (("anne", "attack"), 2, "'anne' is not a player of this match (bernd (yellow), anna (red))"),
    (("anna", "--json", "{attack}"), 2, "the --json move is not valid JSON"),
    (("anna", "--json", '{"attack": false}'), 2, "field move.attack: must be true"),
    (("anna", "--json", "[1]"), 2, "a move is a JSON object"),
    (("anna", "attack", "--at", "noon"), 2, "not an RFC 3339 time"),
    (("anna", "attack"), 1, "refused (chance-due)"),
])
def test_move_bad_input(cli, started, args, code, message):
    before = started.read_bytes()
    res = cli("move", started, *args)
    assert res.code == code and message in res.err, res.err
    assert started.read_bytes() == before


def test_move_on_missing_or_broken_file(cli, tmp_path):
    res = cli("move", tmp_path / "nope.json", "a", "attack")
    assert res.code == 2 and "no such match file" in res.err
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": ')
    res = cli("move", broken, "a", "attack")
    assert res.code == 2 and "not valid JSON at line 1" in res.err
    assert broken.read_text() == '{"format": '


# --- roll -----------------------------------------------------------------------------

def test_roll_draws_from_seed(cli, tmp_path):
    out = tmp_path / "m.json"
    cli("new", "dice-tug-of-war", "-p", "a=A:yellow", "-p", "b=B:red", "-o", out)
    res = cli("roll", out, "--without-salts")
    assert res.code == 0, res.err
    entry = json.loads(out.read_text())["entries"][0]
    assert entry["chance"]["source"] == "seed" and len(entry["chance"]["dice"]) == 3
    assert cli("check", out, "--seed", tmp_path / "m.seed").code == 0


def test_second_roll_for_the_same_throw_is_refused(cli, started):
    assert cli("roll", started, "--values", "1", "2", "3").code == 0
    before = started.read_bytes()
    res = cli("roll", started, "--values", "4", "5", "6")
    assert res.code == 1 and "no roll is due now (awaiting Anna to re-roll, attack or trade)" in res.err
    assert started.read_bytes() == before


@pytest.mark.parametrize("values, message", [(("1", "2"), "3 dice are due, not 2"), (("1", "2", "9"), "9 is not a face"),
                                             (("x",), "whole numbers")])
def test_roll_bad_values(cli, started, values, message):
    res = cli("roll", started, "--values", *values)
    assert res.code in (1, 2) and message in res.err, res.err


def test_roll_without_seed_file_explains(cli, started):
    res = cli("roll", started)
    assert res.code == 2 and "no seed file" in res.err and "--values" in res.err


def test_roll_values_without_flag(cli, started):
    res = cli("roll", started, "1", "2", "3")
    assert res.code == 2 and "give --values" in res.err


# --- host -----------------------------------------------------------------------------

def test_host_forfeit_then_nothing_more(cli, started):
    res = cli("host", started, "forfeit", "anna")
    assert res.code == 0 and "Bernd wins" in res.out
    res = cli("roll", started, "--values", "1", "2", "3")
    assert res.code == 1 and "match is over" in res.err


def test_host_end_without_winner_scores_by_team(cli, started):
    res = cli("host", started, "end")
    assert res.code == 0 and "Bernd wins" in res.out and "larger team (12 to 3)" in res.out


def test_host_end_with_reason_and_draw(cli, started, write):
    assert cli("host", started, "end", "anna", "--reason", "bernd left").code == 0
    assert cli("board", started, "--format", "json").json["reason"] == "bernd left"
    other = write(dice_match(), "d.json")
    assert cli("host", other, "draw").code == 0
    assert cli("board", other, "--format", "json").json["reason"].startswith("drawn by the host")


@pytest.mark.parametrize("args, code, message", [
    (("deadline",), 1, "no open simultaneous phase"),
    (("timeout",), 2, "needs the player"),
    (("forfeit", "zed"), 2, "'zed' is not a player"),
    (("draw", "anna"), 2, "takes no player"),
    (("resign",), 2, "not one of: deadline"),
    (("forfeit", "anna", "--reason", "x"), 2, "--reason goes with 'end'"),
])
def test_host_bad_input(cli, started, args, code, message):
    res = cli("host", started, *args)
    assert res.code == code and message in res.err, res.err


def test_host_timeout_loses_in_dice(cli, started):
    res = cli("host", started, "timeout", "anna")
    assert res.code == 0 and "Anna ran out of time and loses" in res.out


# --- board, replay, legal -------------------------------------------------------------

@pytest.mark.parametrize("fmt, marker", [("text", "side    player"), ("markdown", "| side"), ("bbcode", "[b]"),
                                         ("json", '"team"')])
def test_board_formats(cli, fmt, marker):
    res = cli("board", REPO / "matches" / "dice-demo.json", "--format", fmt)
    assert res.code == 0 and marker in res.out


def test_board_json_matches_result_schema(cli):
    for path in EXAMPLES:
        res = cli("board", path, "--format", "json")
        assert schemas.errors("result", res.json) == []
        res = cli("replay", path, "--format", "json")
        assert schemas.errors("result", res.json) == []


def test_board_at_seq(cli):
    res = cli("board", REPO / "matches" / "dice-demo.json", "--at", "4", "--format", "json")
    assert res.json["at_seq"] == 4 and res.json["status"] == "in_progress"
    res = cli("board", REPO / "matches" / "dice-demo.json", "--at", "999")
    assert res.code == 2 and "outside the log" in res.err


def test_board_as_unknown_player(cli):
    res = cli("board", REPO / "matches" / "dice-demo.json", "--as", "zed")
    assert res.code == 2 and "--as 'zed' is not a player" in res.err


def test_replay_text_narrates_with_rulings(cli):
    res = cli("replay", REPO / "matches" / "dice-own-goal.json")
    assert res.code == 0
    assert "[DT-5, DT-6]" in res.out and "Result: finished: Kim wins (Lee's trade emptied their own team)" in res.out


def test_replay_flagged_exits_1(cli):
    res = cli("replay", REPO / "matches" / "dice-flagged.json")
    assert res.code == 1 and "FLAGGED not-your-turn" in res.out and "recorded as illegal by the host" in res.out


def test_legal_lists_moves_with_effects(cli, started):
    cli("roll", started, "--values", "3", "3", "3")
    res = cli("legal", started)
    assert res.code == 0 and "anna:" in res.out and "attack" in res.out and "removes 3" in res.out
    res = cli("legal", started, "bernd")
    assert "bernd: 0 legal moves" in res.out
    res = cli("legal", started, "--format", "json", "--limit", "1")
    assert {"move": "attack", "effect": "removes 3"} in res.json["legal"]["anna"]


# --- check ----------------------------------------------------------------------------

def test_check_examples_exit_0(cli):
    res = cli("check", *EXAMPLES)
    assert res.code == 0, res.out
    assert f"{len(EXAMPLES)} files: {len(EXAMPLES)} ok, 0 flagged, 0 unusable" in res.out


def test_check_copy_with_illegal_move_exit_1(cli, tmp_path):
    copy = tmp_path / "copy.json"
    shutil.copy(REPO / "matches" / "dice-own-goal.json", copy)
    data = json.loads(copy.read_text())
    data["entries"].insert(4, {"seq": 0, "type": "move", "player": "kim", "move": {"attack": True}})
    for i, entry in enumerate(data["entries"], 1):
        entry["seq"] = i
    copy.write_text(json.dumps(data))
    res = cli("check", *EXAMPLES, copy)
    assert res.code == 1 and "copy.json: seq 5: chance-due: turn roll: 3 dice for Lee must be recorded" in res.out


def test_check_unusable_exit_2_and_formats(cli, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("[]")
    res = cli("check", EXAMPLES[0], bad, "--format", "json")
    assert res.code == 2 and res.json["summary"] == {"files": 2, "ok": 1, "flagged": 0, "unusable": 1}
    res = cli("check", EXAMPLES[0], bad, "--format", "junit")
    root = ET.fromstring(res.out)
    cases = list(root.iter("testcase"))
    assert root.find("testsuite/system-out").text == "2 files: 1 ok, 0 flagged, 1 unusable"   # counts at the end
    assert [c.get("name") for c in cases] == [EXAMPLES[0], str(bad)]
    assert cases[0].find("error") is None and cases[1].find("error") is not None


def test_check_marked_illegal_but_legal_is_a_problem(cli, write):
    data = dice_match([("roll", 1, 2, 3)])
    add(data, {"type": "move", "player": "bernd", "move": {"reroll": []}, "flagged": "not-your-turn"})
    res = cli("check", write(data))
    assert res.code == 1 and "recorded as illegal (not-your-turn) but replay finds it legal" in res.out


def test_check_jobs_gives_same_rows(cli):
    one = cli("check", *EXAMPLES, "--format", "json").json
    two = cli("check", *EXAMPLES, "--format", "json", "--jobs", "2").json
    assert one == two


# --- rulesets, schema, help -----------------------------------------------------------

def test_rulesets_and_ruleset_show(cli):
    assert "dice-tug-of-war" in cli("rulesets").out
    res = cli("ruleset", "show", "dice-tug-of-war", "--format", "json")
    assert res.json["ruleset"]["params"]["pawns"] == 18
    res = cli("ruleset", "show", "nope")
    assert res.code == 2 and "Unknown ruleset 'nope'" in res.err


def test_ruleset_validate(cli, tmp_path):
    good = tmp_path / "v.yaml"
    good.write_text("id: v\nextends: dice-tug-of-war\nparams:\n  pawns: 20\n")
    assert cli("ruleset", "validate", good).code == 0
    bad = tmp_path / "w.yaml"
    bad.write_text("id: w\nextends: dice-tug-of-war\nparams:\n  pawns: 5\n")
    res = cli("ruleset", "validate", bad)
    assert res.code == 2 and "pawns (5) must be at least" in res.err


@pytest.mark.parametrize("name", ["match", "ruleset", "result", "move/dice-tug-of-war"])
def test_schema_prints_json(cli, name):
    assert "$schema" in cli("schema", name).json


def test_schema_unknown_or_path(cli):
    for name in ("nope", "../pyproject", "move/../../x"):
        res = cli("schema", name)
        assert res.code == 2 and "no schema named" in res.err


@pytest.mark.parametrize("command", ["new", "move", "roll", "host", "board", "replay", "check", "legal", "schema",
                                     "rulesets"])
def test_help_shows_an_example(cli, command):
    res = cli(command, "--help")
    assert res.code == 0 and ("Example" in res.out), res.out


def test_usage_errors_exit_2(cli):
    assert cli("board").code == 2
    assert cli("frobnicate").code == 2
    assert cli("board", "x.json", "--format", "pdf").code == 2


# --- as a real process ----------------------------------------------------------------

def test_no_traceback_on_garbage(tmp_path):
    garbage = tmp_path / "g.json"
    garbage.write_bytes(b'{"format": "adjudicator-match/1", "id": 5, \xff}')
    proc = subprocess.run([sys.executable, "-m", "adjudicator", "replay", str(garbage)],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and proc.stderr.startswith("adjudicator: ")


def test_commands_import_only_what_they_use():
    code = ("import sys; from adjudicator.cli import run; run(['schema', 'match']); "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'jsonschema', 'yaml', 'tabulate'}))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO)
    assert proc.stdout.strip().splitlines()[-1] == "[]"


def test_new_item_expands_loadouts_and_checks_items(cli, tmp_path, monkeypatch):
    """Items and loadouts are ruleset data (G-5); `new --item ID=LOADOUT` expands a loadout."""
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "dice-items.yaml").write_text(
        "id: dice-items\nextends: dice-tug-of-war\n"
        "items:\n  mulligan: {name: Mulligan, stars: 1}\n  spare: {name: Spare die, stars: 2, uses: 2}\n"
        "loadouts:\n  pack: [mulligan, spare]\n")
    monkeypatch.setenv("ADJUDICATOR_RULESETS", str(folder))
    out = tmp_path / "m.json"
    res = cli("new", "dice-items", "-p", "a=A:yellow", "-p", "b=B:red", "--item", "a=pack", "--item", "b=spare",
              "-o", out, "--no-seed")
    assert res.code == 0, res.err
    players = json.loads(out.read_text())["players"]
    assert players[0]["items"] == ["mulligan", "spare"] and players[1]["items"] == ["spare"]
    res = cli("new", "dice-items", "-p", "a=A:yellow", "-p", "b=B:red", "--item", "a=teleport")
    assert res.code == 2 and "'teleport' is not an item of dice-items" in res.err


def test_new_names_players_by_the_rule_every_command_uses(cli):
    """`new --first/--advantage/--item` name a player as `move` does (session.players_named),
    by id or side in any case; a name that is one player's id and the other's side is refused."""
    res = cli("new", "tug-of-war-v1", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue", "--first", "BLUE")
    assert res.code == 0 and '"first": "maddie"' in res.out, res.err
    res = cli("new", "tug-of-war-v1", "-p", "blue=Sally:red", "-p", "maddie=Maddie:blue", "--first", "blue")
    assert res.code == 2 and "'blue' names two players, blue (by id) and maddie (by side)" in res.err
    res = cli("new", "tug-of-war-v1", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue", "--advantage", "anna")
    assert res.code == 2 and "'anna' is not one of the players (sally, maddie)" in res.err

def test_move_is_completed_from_the_match_before_checking(cli, started, monkeypatch):
    """Game.complete_move sees the replayed state; the CLI writes the completed move."""
    from adjudicator.games.dice_tug_of_war import DiceTugOfWar

    seen = {}

    def complete(self, state, player, move):
        seen["stage"], seen["player"] = state.stage, player
        return {"attack": True} if move == {"reroll": []} else move

    monkeypatch.setattr(DiceTugOfWar, "complete_move", complete)
    cli("roll", started, "--values", "3", "3", "3")
    res = cli("move", started, "anna", "keep")
    assert res.code == 0, res.err
    assert seen == {"stage": "decide", "player": "anna"}
    assert json.loads(started.read_text())["entries"][-1]["move"] == {"attack": True}
