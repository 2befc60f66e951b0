"""Public words speak to players by display name: event sentences, entry
lines, endings, what is due, the clock's sentence, and items by their names. Data fields keep
ids (`player`, `winner` in the JSON); ids show in words only as the `[id]` that tells two
look-alike names apart."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from adjudicator import matchfile, views, wording
from adjudicator.clock import Charge, describe
from adjudicator.engine import Replay
from adjudicator.games.dice_tug_of_war import DiceTugOfWar
from adjudicator.matchfile import load as load_match
from helpers.strategies import RULESETS
from helpers.stamped import matches_of

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "matches").glob("*.json"))
NAMES = ("Dr. Who", "Ms Q")   # nothing like any id: an id left in the words shows


def renamed(tmp_path: Path, source: Path, names: tuple[str, ...] = NAMES) -> tuple[Path, list[str]]:
    """A copy of an example match whose players keep their ids but carry other names."""
    data = json.loads(source.read_text(encoding="utf-8"))
    for player, name in zip(data["players"], names):
        player["name"] = name
    path = tmp_path / source.name
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    seed = source.with_suffix(".seed")
    if seed.exists():
        shutil.copy(seed, path.with_suffix(".seed"))
    return path, [p["id"] for p in data["players"]]


def ids_in_words(text: str, ids: list[str]) -> list[str]:
    """Each id that stands as a word in `text`, leaving out `[id]` disambiguations; titles
    may hold names that look like ids (`Sally vs Maddie`), so case counts."""
    text = re.sub(r"\[[^\]\s]+\]", "", text)
    return [pid for pid in ids if re.search(rf"(?<![\w-]){re.escape(pid)}(?![\w-])", text)]


@pytest.mark.parametrize("source", EXAMPLES, ids=lambda p: p.stem)
def test_post_board_and_replay_name_players_by_display_name(cli, tmp_path, source):
    path, ids = renamed(tmp_path, source)
    outputs = {
        "replay": cli("replay", path),
        "board": cli("board", path),
        "post": cli("post", path, "--dry-run", "--since", "0"),
        "post markdown": cli("post", path, "--dry-run", "--since", "0", "--format", "markdown"),
    }
    for what, res in outputs.items():
        assert res.code in (0, 1), (what, res.err)   # 1: a replay with flagged entries
        assert "Traceback" not in res.err
        assert ids_in_words(res.out, ids) == [], f"{what} shows an id:\n{res.out}"
        assert NAMES[0] in res.out, what
    # The entry lines name the actor by display name.
    assert re.search(r"^#\d+\s+(Dr\. Who|Ms Q): ", outputs["replay"].out, re.MULTILINE)


@pytest.mark.parametrize("source", EXAMPLES, ids=lambda p: p.stem)
def test_json_data_keeps_ids(cli, tmp_path, source):
    path, ids = renamed(tmp_path, source)
    data = cli("replay", path, "--format", "json").json
    players = {entry["player"] for entry in data["entries"] if entry.get("player")}
    assert players and players <= set(ids)
    if data.get("winner") is not None:
        assert data["winner"] in ids


def test_look_alike_names_show_the_id_in_brackets(cli, tmp_path):
    path, ids = renamed(tmp_path, ROOT / "matches" / "dice-demo.json", ("Sam", "SAM"))
    out = cli("replay", path).out
    assert "Sam [bernd]" in out and "SAM [anna]" in out
    assert ids_in_words(out, ids) == []


def test_the_winner_and_the_ending_by_name(cli, tmp_path):
    path, _ = renamed(tmp_path, ROOT / "matches" / "dice-own-goal.json")
    res = cli("replay", path, "--format", "json").json
    assert res["winner"] in ("kim", "lee")
    out = cli("replay", path).out
    result = [line for line in out.splitlines() if line.startswith("Result:")]
    assert result and "wins" in result[0] and ("Dr. Who" in result[0] or "Ms Q" in result[0])
    assert "kim" not in result[0] and "lee" not in result[0]


def test_who_falls_back_to_what_is_not_a_player():
    match = load_match(ROOT / "matches" / "dice-demo.json")
    game = match.game
    assert isinstance(game, DiceTugOfWar)
    assert game.who("bernd") == "Bernd" and game.who("anna") == "Anna"
    assert game.who("nobody") == "nobody"
    assert game.who(None) == "None"
    assert game.label("bernd") == "Bernd (yellow)"


@pytest.mark.parametrize("charge, on_expiry, said", [
    (Charge(14.2, 120, 0, 300), "lose", "Sally took 14 s (2 min allowed)"),
    (Charge(140, 120, 20, 80), "lose", "Sally took 2 min 20 s (2 min allowed): 20 s off the reserve, "
                                      "1 min 20 s left"),
    (Charge(140, 120, 20, -10), "lose", "Sally took 2 min 20 s (2 min allowed): 20 s over, more than the 10 s "
                                        "left in reserve"),
    (Charge(140, 120, 20, 0), "skip", "Sally took 2 min 20 s (2 min allowed): 20 s late"),
    (Charge(3 * 3600 + 5, 86400, 0, 0), "lose", "Sally took 3 h 5 s (1 d allowed)"),
])
def test_the_clock_sentence_reads_naturally(charge, on_expiry, said):
    assert describe("Sally", charge, on_expiry) == said


def test_track_trouble_picture_names_items(cli, tmp_path):
    path, ids = renamed(tmp_path, ROOT / "matches" / "track-trouble-final.json")
    svg = cli("board", path, "--format", "svg").out
    used = re.findall(r"items used: ([^<]*)", svg)
    assert used, svg[:500]
    said = " ".join(used)
    assert "Hidden Value Crossing" in said or "Remote Switch" in said or "Extra Miner" in said
    for item in ("hidden-value", "remote-switch", "extra-miner"):
        assert item not in said
    assert ids_in_words(" ".join(re.findall(r">([^<]+)<", svg)), ids) == []


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_sentence_met_in_play_names_players_by_display_name(ruleset_id):
    """Random play of every ruleset (items, times that charge and expire the clock): each
    event's sentence, each refusal, ending, due and preview says no player id."""
    checked = 0
    for data in matches_of(ruleset_id)[::2]:
        for player, name in zip(data["players"], NAMES):
            player["name"] = name
        match = matchfile.prepare(data, None)
        game = match.game
        ids = list(game.player_ids)
        assert not set(ids) & {"Dr. Who", "Ms Q"}
        said = []
        replay = Replay(game)
        replay.use_voids(match.entries)
        for entry in match.entries:
            due = replay.pending()
            if due is not None:
                said.append(wording.due_label(game, due))
            said.append(wording.awaiting(replay) or "")
            log = replay.step(entry)
            said += views.entry_lines(log)
            said += [wording.text(game, event) for event in log.sealed_events]
            if log.flag:
                said.append(wording.flag_message(log.flag))
        if replay.outcome is not None:
            said.append(wording.result_reason(replay))
        for player in replay.to_act():
            said += [wording.preview(game, effects) for _move, effects in replay.legal_moves(player)]
        wrong = [line for line in said if ids_in_words(line, ids)]
        assert not wrong, f"{ruleset_id}: ids in words:\n" + "\n".join(wrong[:20])
        checked += len(said)
    assert checked > 20


def test_host_entries_a_new_match_and_the_clock_speak_by_name(cli, tmp_path):
    """`new -p sally=Sally:red`: salts, the draw of who starts, a timed move, a void and a
    forfeit, each in words with display names; the data keeps the ids."""
    path = tmp_path / "m.json"
    made = cli("new", "tug-of-war-v1", "-p", "sally=Dr. Who:red", "-p", "maddie=Ms Q:blue", "--first", "random",
               "-o", path)
    assert made.code == 0, made.err
    for pid, word in (("sally", "pepper"), ("maddie", "nutmeg")):
        assert cli("host", path, "salt", pid, word).code == 0
    assert cli("roll", path).code == 0
    first = cli("replay", path, "--format", "json").json["awaiting"]
    mover = "sally" if "Dr. Who" in first else "maddie"
    assert cli("legal", path, mover).code == 0
    moves = cli("legal", path, mover, "--format", "json").json["legal"][mover]
    notation = moves[0]["move"] if isinstance(moves[0]["move"], str) else None
    moved = cli("move", path, mover, *notation.split()) if notation else None
    assert moved is None or moved.code == 0, moved.err
    assert cli("host", path, "void", "last", "--reason", "typo").code == 0
    assert cli("host", path, "forfeit", mover).code == 0
    out = cli("replay", path).out
    # A host's or a draw's entry line keeps its notation, the command as typed (`host: forfeit
    # sally`); every sentence under it, and every player's entry line, names players.
    said = "\n".join(line for line in out.splitlines() if not re.match(r"#\d+\s+(host|chance): ", line))
    assert ids_in_words(said, ["sally", "maddie"]) == [], out
    assert "#4   Dr. Who: " in out or "#4   Ms Q: " in out
    assert "Dr. Who's salt" in out and "Ms Q's salt" in out
    assert ("Dr. Who forfeits; Ms Q wins" in out) or ("Ms Q forfeits; Dr. Who wins" in out), out
    assert "Result: finished:" in out
    data = cli("replay", path, "--format", "json").json
    assert data["winner"] in ("sally", "maddie") and data["winner"] != mover
    post = cli("post", path, "--dry-run", "--since", "0").out
    said = "\n".join(line for line in post.splitlines() if not re.match(r"#\d+\s+(host|chance): ", line))
    assert ids_in_words(said, ["sally", "maddie"]) == [], post
