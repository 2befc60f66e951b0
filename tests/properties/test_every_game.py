"""Properties every game keeps, over simulated matches of all six rulesets (hypothesis).

1. Replay is deterministic: the same file gives byte-identical JSON, twice in one process
   and in fresh processes with other hash seeds, and the result the simulator saw.
2. Replaying a prefix, looking at it every way a host can, then stepping the rest on the
   same Replay gives what replaying the whole log gives; a prefix is the truncated file.
3. A match file written by `dumps` loads and dumps back to the same text.
4. Every move `legal` lists is accepted by `move`; moves it does not list are refused with
   a stable code (exit 1) or a one-sentence message (exit 2), never a crash.
5. Changing a sealed submission or a Hidden Value before its reveal changes no public
   output and nothing the opponent may see (generalises test_random_play's sealed swap).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from itertools import islice
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, event, given
from hypothesis import strategies as st

from adjudicator import matchfile, schemas, session, views
from adjudicator.engine import Replay
from adjudicator.matchfile import LoadedMatch
from adjudicator.render import FORMATS
from helpers import REPO
from helpers.strategies import (BOARD_FORMATS, INDICES, KEBAB, REFUSED, RULESETS, assert_inert, assert_no_crash,
                        assert_one_sentence_error, canonical, listing_is_complete_for, loaded,
                        move_positions, mutated, replay_prefix, scaled, simulated, simulated_outcome, simulated_text,
                        tweaked, write)
from helpers.sealed import (LISTING_CAP, SEALED_RULESETS, listed, open_to, refused_variant, same_kind,
                            sealed_phase_moves, sealed_windows, variant)

EXAMPLES = sorted((REPO / "matches").glob("*.json"))
indices = st.integers(1, INDICES)


# --- 1. Deterministic replay ----------------------------------------------------------

@pytest.mark.parametrize("ruleset_id", RULESETS)
@scaled(3)
@given(index=indices)
def test_replay_and_board_json_are_byte_identical_and_match_the_simulation(cli, tmp_path, ruleset_id, index):
    """`replay`/`board --format json` twice give the same bytes, the simulator's result, and
    what a fresh load of the same text gives (G-2: the log alone decides)."""
    path = tmp_path / "m.json"
    path.write_text(simulated_text(ruleset_id, index), encoding="utf-8")
    fresh = loaded(json.loads(path.read_text(encoding="utf-8")))
    replay = session.replay_match(fresh)
    for command in (("replay", path, "--format", "json"), ("board", path, "--format", "json")):
        first, second = cli(*command), cli(*command)
        assert first.code == 0, first.err
        assert (first.code, first.out, first.err) == (second.code, second.out, second.err)
        expected = views.result(fresh, replay, with_entries=command[0] == "replay")
        assert first.json == json.loads(json.dumps(expected))
        winner, finished = simulated_outcome(ruleset_id, index)
        assert (first.json["winner"], first.json["status"]) == (winner, "finished" if finished else "in_progress")
        assert schemas.errors("result", first.json) == []


PRINTERS = (("replay", "--format", "json"), ("board", "--format", "json"), ("replay",), ("board", "--format", "bbcode"))
PROBE = """
import contextlib, io, json, sys
from adjudicator.cli import run
out = {}
for path in sys.argv[2:]:
    for printer in json.loads(sys.argv[1]):
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            code = run([printer[0], path, *printer[1:]])
        out[" ".join([path, *printer])] = [code, buffer.getvalue()]
json.dump(out, sys.stdout)
"""


def outputs_in_process(cli: Any, paths: list[Path]) -> dict[str, list[Any]]:
    """What PROBE prints, from this process."""
    out = {}
    for path in paths:
        for printer in PRINTERS:
            res = cli(printer[0], path, *printer[1:])
            out[" ".join([str(path), *printer])] = [res.code, res.out]
    return out


def test_fresh_processes_with_other_hash_seeds_print_the_same(cli, tmp_path):
    """A set or dict iterated in hash order would show up here: each process salts string
    hashes differently, so every ruleset's output is compared across three processes."""
    paths = [write(tmp_path / f"{rid}.json", simulated(rid, 1)) for rid in RULESETS] + EXAMPLES[:2]
    here = outputs_in_process(cli, paths)
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(REPO)}
        proc = subprocess.run([sys.executable, "-c", PROBE, json.dumps(PRINTERS), *map(str, paths)],
                              capture_output=True, text=True, env=env, cwd=REPO, timeout=120)
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout) == here


def test_the_installed_entry_point_prints_the_same_json(cli, tmp_path):
    """`python -m adjudicator` in a fresh process prints what the in-process CLI prints."""
    path = write(tmp_path / "m.json", simulated("track-trouble", 1))
    proc = subprocess.run([sys.executable, "-m", "adjudicator", "replay", str(path), "--format", "json"],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == cli("replay", path, "--format", "json").out


# --- 2. Prefix, then the rest ---------------------------------------------------------

def snapshot(match: LoadedMatch, replay: Replay) -> dict[str, Any]:
    """Everything a host can print of where a match stands: results, boards in every format
    and replay narration, publicly and as each player, and the legal moves."""
    out: dict[str, Any] = {}
    for viewer in (None, *match.game.player_ids):
        out[f"result {viewer}"] = json.dumps(views.result(match, replay, viewer, with_entries=True), sort_keys=True)
        out[f"replay {viewer}"] = views.replay_text(match, replay, viewer)
        for fmt in FORMATS:
            out[f"board {fmt} {viewer}"] = views.board_text(match, replay, fmt, viewer)
    out["legal"] = {p: [(match.game.format_move(m), e) for m, e in islice(replay.legal_moves(p), LISTING_CAP)]
                    for p in replay.to_act()}
    return out


def try_a_listed_move(replay: Replay) -> None:
    """What `move --dry-run` and the greedy bot do: step a listed move on a fork."""
    for player in replay.to_act():
        for move, _ in islice(replay.legal_moves(player), 1):
            trial = replay.fork()
            log = trial.step({"seq": replay.last_seq + 1, "type": "move", "player": player, "move": move})
            assert log.flag is None, log.flag


@pytest.mark.parametrize("ruleset_id", RULESETS)
@scaled(4)
@given(index=indices, data=st.data())
def test_prefix_then_the_rest_equals_the_whole(ruleset_id, index, data):
    """Looking at a position (views, `legal`, a trial move on a fork) must not change it:
    stepping the rest afterwards on the same Replay ends where replaying the whole log does."""
    match = loaded(simulated(ruleset_id, index))
    cut = data.draw(st.integers(0, len(match.entries)), label="cut")
    replay = session.replay_match(match, cut)
    truncated = loaded({**match.data, "entries": match.entries[:cut]})
    assert snapshot(match, replay) == snapshot(truncated, session.replay_match(truncated))
    try_a_listed_move(replay)
    for entry in match.entries[cut:]:
        replay.step(entry)
    assert snapshot(match, replay) == snapshot(match, session.replay_match(match))


@pytest.mark.parametrize("ruleset_id", RULESETS)
@scaled(2)
@given(index=indices, data=st.data())
def test_board_at_seq_is_the_board_of_the_truncated_file(cli, tmp_path, ruleset_id, index, data):
    """`board --at K` in every format prints what `board` prints for the first K entries."""
    whole = simulated(ruleset_id, index)
    cut = data.draw(st.integers(0, len(whole["entries"])), label="cut")
    full = write(tmp_path / "m.json", whole)
    part = write(tmp_path / "part.json", {**whole, "entries": whole["entries"][:cut]})
    viewer = data.draw(st.sampled_from((None, "p1", "p2")), label="viewer")
    for fmt in BOARD_FORMATS:
        as_ = ("--as", viewer) if viewer else ()
        at = cli("board", full, "--at", cut, "--format", fmt, *as_)
        assert at.code == 0, at.err
        assert at.out == cli("board", part, "--format", fmt, *as_).out


# --- 3. Load and save -----------------------------------------------------------------

@pytest.mark.parametrize("ruleset_id", RULESETS)
@scaled(3)
@given(index=indices)
def test_written_files_load_and_dump_to_the_same_text(tmp_path, ruleset_id, index):
    text = simulated_text(ruleset_id, index)
    path = tmp_path / "m.json"
    path.write_text(text, encoding="utf-8")
    assert matchfile.dumps(matchfile.load(path).data) == text


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_files_load_and_dump_to_the_same_text(path):
    """The examples in matches/ are kept exactly as the tool writes them."""
    assert matchfile.dumps(matchfile.load(path).data) == path.read_text(encoding="utf-8")


free_text = st.text(max_size=60)


def _one_line(text: str) -> str:
    from adjudicator.session import line_breaker

    return "".join("?" if line_breaker(ch) else ch for ch in text)


one_line_text = free_text.map(_one_line)   # titles and names hold no line breaks or controls


@scaled(10)
@given(ruleset_id=st.sampled_from(RULESETS), index=indices, title=one_line_text,
       names=st.tuples(one_line_text, one_line_text),
       note=free_text, params=st.booleans())
def test_dumps_round_trips_any_header_text(tmp_path, ruleset_id, index, title, names, note, params):
    """Any text in titles, names and notes, any Unicode, survives dumps → load → dumps, and
    an append through the tool keeps the file in the same form."""
    data = simulated(ruleset_id, index)
    data["title"] = title
    for player, name in zip(data["players"], names):
        player["name"] = name
    if data["entries"]:
        data["entries"][0]["note"] = note
    if params:
        data["rules"]["params"] = {"time_control": {"turn_seconds": 90}}
    path = write(tmp_path / "m.json", data)
    text = path.read_text(encoding="utf-8")
    assert matchfile.dumps(matchfile.load(path).data) == text
    assert json.loads(text) == data
    session.append_entry(path, lambda m, r: {"type": "host", "host": {"action": "draw"}, "note": note},
                         record_illegal=True)   # recorded even when the match is over
    after = path.read_text(encoding="utf-8")
    assert matchfile.dumps(matchfile.load(path).data) == after
    assert json.loads(after)["entries"][:-1] == data["entries"]
    assert len(after.split("\n")) == len(text.split("\n")) + (1 if data["entries"] else 2)  # a one-line diff


# --- 4. `legal` and `move` agree -------------------------------------------------------

def position(data: Any, ruleset_id: str, index: int, tmp_path: Path) -> tuple[LoadedMatch, Replay, Path]:
    """A drawn position in a simulated match where someone is to move, written to a file."""
    whole = loaded(simulated(ruleset_id, index))
    spots = move_positions(whole)
    assume(spots)
    cut = data.draw(st.sampled_from(spots), label="cut")
    match = loaded({**whole.data, "entries": whole.entries[:cut]})
    return match, session.replay_match(match), write(tmp_path / "m.json", match.data)


@pytest.mark.parametrize("ruleset_id", RULESETS)
@scaled(3)
@given(index=indices, data=st.data())
def test_every_listed_move_is_accepted(cli, tmp_path, ruleset_id, index, data):
    """`legal --format json` lists the moves in the notation `move` reads; each one, typed or
    as JSON, passes `move --dry-run` and is echoed as listed."""
    match, replay, path = position(data, ruleset_id, index, tmp_path)
    before = path.read_bytes()
    for player in replay.to_act():
        res = cli("legal", path, player, "--format", "json")
        assert res.code == 0, res.err
        shown = [row["move"] for row in res.json["legal"][player]]
        moves = listed(replay, player)
        assert shown[:LISTING_CAP] == [match.game.format_move(m) for m in moves]
        assert moves, f"{player} is to act but nothing is listed"
        for at in data.draw(st.lists(st.integers(0, len(moves) - 1), min_size=1, max_size=3, unique=True),
                            label=f"{player} picks"):
            typed = cli("move", path, player, "--dry-run", "--", shown[at])
            assert typed.code == 0, typed.err
            # The host's echo goes to stderr (the post on stdout shows a sealed entry only as submitted).
            assert typed.err.startswith(
                f"adjudicator: dry run, nothing written: #{len(match.entries) + 1} {match.game.who(player)}: {shown[at]}"), typed.err
            as_json = cli("move", path, player, "--json", "--dry-run", "--format", "json", "--", json.dumps(moves[at]))
            assert as_json.code == 0, as_json.err
            assert as_json.err.split("\n", 1)[0] == typed.err.split("\n", 1)[0]
            assert json.loads(as_json.out)["entry"]["seq"] == len(match.entries) + 1
    assert path.read_bytes() == before


def check_refusal(cli: Any, path: Path, player: str, move: Any) -> int:
    """Ask `move` twice: the verdict and the words are stable; exit 1 says "refused (CODE)"
    with a kebab-case code, the same with `--format json` (a refusal prints no JSON), and
    `--record-illegal` records that code; exit 2 is one sentence naming the file."""
    # A fixed --at: without it each run stamps the current second, and the clock line of two
    # runs a second apart would differ. `--`: "-1" is no option.
    args = ("move", path, player, "--json", "--dry-run", "--at", "2100-01-01T00:00:00Z", "--", json.dumps(move))
    first, second = cli(*args), cli(*args)
    assert_no_crash(first, args)
    assert_inert(first, args)
    assert (first.code, first.out, first.err) == (second.code, second.out, second.err)
    if first.code == 1:
        found = REFUSED.search(first.err)
        assert found and KEBAB.match(found.group(1)) and len(found.group(1)) <= 32, first.err
        assert first.out == ""
        as_json = cli(*args[:4], "--format", "json", *args[4:])
        assert (as_json.code, as_json.out, as_json.err) == (1, "", first.err)
        recorded = cli(*args[:4], "--record-illegal", *args[4:])
        assert recorded.code == 0, recorded.err
        assert f"FLAGGED {found.group(1)}: " in recorded.out + recorded.err   # a sealed entry's code: stderr only
    elif first.code == 2:
        assert_one_sentence_error(first, path)
    event(f"move exit {first.code}")
    return first.code


@pytest.mark.parametrize("ruleset_id", RULESETS)
@scaled(8)
@given(index=indices, data=st.data())
def test_moves_legal_does_not_list_are_refused(cli, tmp_path, ruleset_id, index, data, monkeypatch):
    """A listed move, changed (a number, cell, card, module or field; a wrong player): unless
    the change gives a move the game lists, or one of a shape it only samples, `move` refuses
    it with exit 1 or 2 (G-1)."""
    match, replay, path = position(data, ruleset_id, index, tmp_path)
    mover = data.draw(st.sampled_from(replay.to_act()), label="mover")
    moves = listed(replay, mover)
    original = data.draw(st.sampled_from(moves), label="listed")
    player = data.draw(st.sampled_from((mover, *match.game.player_ids, "nobody")), label="player")
    move = data.draw(st.one_of(tweaked(original), mutated(original)) if player == mover else st.just(original),
                     label="move")
    if player in match.game.player_ids:
        assume(move not in open_to(replay, player))
    before = path.read_bytes()
    monkeypatch.setenv("ADJUDICATOR_NOW", "2100-01-01T00:00:00Z")   # check_refusal's --at is not in the future
    code = check_refusal(cli, path, player, move)
    assert path.read_bytes() == before
    if code == 0:
        completed = match.game.complete_move(replay.state, player, move)
        assert not listing_is_complete_for(ruleset_id, completed) or \
            canonical(completed) in [canonical(m) for m in open_to(replay, player)], \
            f"{player} {move} is accepted but `legal` does not list it"
    if player == "nobody":
        assert code == 2


@pytest.mark.parametrize("items", [9, -1, "x", {"use": "hidden-value"}, None])
def test_track_trouble_items_that_are_no_list_are_refused(cli, tmp_path, items):
    """Regression: `move m.json p1 --json '{"round": 1, "items": 9}'` crashed Track
    Trouble's complete_move, which runs before the schema check (exit 3); now the schema
    refuses it (exit 2)."""
    path = write(tmp_path / "m.json", {**simulated("track-trouble", 1), "entries": []})
    res = cli("move", path, "p1", "--json", "--dry-run", "--", json.dumps({"round": 1, "items": items}))
    assert_no_crash(res)
    assert res.code == 2 and "field move" in res.err, res.err


@pytest.mark.parametrize("ruleset_id", RULESETS)
@scaled(3)
@given(index=indices, data=st.data())
def test_typed_moves_never_crash(cli, tmp_path, ruleset_id, index, data):
    """A listed move's notation with a word changed, dropped or added: exit 0, 1 or 2."""
    match, replay, path = position(data, ruleset_id, index, tmp_path)
    player = data.draw(st.sampled_from(replay.to_act()), label="player")
    words = match.game.format_move(data.draw(st.sampled_from(listed(replay, player)))).split()
    words = data.draw(mutated(words), label="words")
    text = " ".join(str(w) for w in (words if isinstance(words, list) else [words])) or "x"
    res = cli("move", path, player, "--dry-run", "--", text)
    assert_no_crash(res, ("move", player, text))
    assert_inert(res)
    if res.code == 2:
        assert_one_sentence_error(res, path)


# --- 5. Sealed and hidden information -------------------------------------------------

def public_and_opponent(match: LoadedMatch, replay: Replay, player: str) -> dict[str, Any]:
    """What anyone but `player` may see: public output, and the opponent's own views."""
    other = match.game.opponent(player)
    out = {}
    for viewer in (None, other):
        out[f"result {viewer}"] = json.dumps(views.result(match, replay, viewer, with_entries=True), sort_keys=True)
        out[f"replay {viewer}"] = views.replay_text(match, replay, viewer)
        for fmt in FORMATS:
            out[f"board {fmt} {viewer}"] = views.board_text(match, replay, fmt, viewer)
    return out


def is_side_move(match: LoadedMatch, index: int) -> bool:
    """Is entry `index` a side move (acting at once, private for a while) where it stands?"""
    entry = match.entries[index]
    return match.game.side_move(replay_prefix(match, index).state, entry["player"], entry["move"]) is not None


@pytest.mark.parametrize("ruleset_id", SEALED_RULESETS)
@scaled(6)
@given(index=indices, data=st.data())
def test_sealed_and_hidden_choices_never_show_before_their_reveal(cli, tmp_path, ruleset_id, index, data):
    """Swap a sealed submission (G-2, G-3; WS-2, WS-4, TT-3) or a Hidden Value's value (TT-7)
    for another legal choice of the same kind, and look at any moment before it is revealed:
    public boards in every format, the public replay, and all the opponent may see are
    unchanged."""
    match = loaded(simulated(ruleset_id, index))
    windows = sealed_windows(match)
    side = data.draw(st.booleans(), label="a side move (Hidden Value)")
    kind = [at for at in sorted(windows) if is_side_move(match, at) == side]
    assume(kind)
    at = data.draw(st.sampled_from(kind), label="entry")
    upto = data.draw(st.one_of(st.just(windows[at]), st.integers(at, windows[at])), label="look after")
    entry, player = match.entries[at], match.entries[at]["player"]
    before = replay_prefix(match, at)
    alternatives = [m for m in listed(before, player)
                    if m != entry["move"] and same_kind(match.game, before, player, entry["move"], m)]
    assume(alternatives)
    event("Hidden Value" if side else "sealed submission")
    event("looked at later" if upto > at else "looked at at once")
    swapped = {**entry, "move": data.draw(st.sampled_from(alternatives), label="instead")}
    original, replay, _ = variant(match, at, entry, upto)
    other, other_replay, log = variant(match, at, swapped, upto)
    assert log.sealed and log.flag is None
    assert public_and_opponent(original, replay, player) == public_and_opponent(other, other_replay, player)
    fmt = data.draw(st.sampled_from(BOARD_FORMATS), label="format")
    paths = [write(tmp_path / f"{n}.json", m.data) for n, m in (("a", original), ("b", other))]
    for command in (("board", "--format", fmt), ("replay", "--format", "json")):
        a, b = (cli(command[0], p, *command[1:]) for p in paths)
        assert a.code == b.code == 0 and a.out == b.out


@pytest.mark.parametrize("ruleset_id", SEALED_RULESETS)
@scaled(4)
@given(index=indices, data=st.data())
def test_refused_sealed_submissions_look_alike(ruleset_id, index, data):
    """Two different illegal submissions in a sealed phase show the same public flag (code
    "sealed", no reason: G-1, G-2) until the phase resolves."""
    match = loaded(simulated(ruleset_id, index))
    at = data.draw(st.sampled_from(sealed_phase_moves(match)), label="entry")
    entry = match.entries[at]
    seen = []
    for label in ("first", "second"):
        _, replay, log = refused_variant(data, match, at, entry, label)
        seen.append((log.flag.code, public_and_opponent(match, replay, entry["player"])))
    assert seen[0][1] == seen[1][1], (seen[0][0], seen[1][0])


# --- Slow sweeps (pytest -m slow) -------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_prefix_of_many_matches(ruleset_id):
    """Property 2 at every cut of six matches per ruleset."""
    for index in range(1, 7):
        match = loaded(simulated(ruleset_id, index))
        whole = snapshot(match, session.replay_match(match))
        for cut in range(len(match.entries) + 1):
            replay = session.replay_match(match, cut)
            snapshot(match, replay)
            for entry in match.entries[cut:]:
                replay.step(entry)
            assert snapshot(match, replay) == whole, (index, cut)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", SEALED_RULESETS)
def test_every_sealed_entry_with_every_alternative(ruleset_id):
    """Property 5 for every private entry of six matches and a dozen same-kind alternatives
    each, looked at right after the swap and at the last moment before the reveal."""
    swaps = 0
    for index in range(1, 7):
        match = loaded(simulated(ruleset_id, index))
        for at, last in sealed_windows(match).items():
            entry = match.entries[at]
            before = replay_prefix(match, at)
            alternatives = [m for m in listed(before, entry["player"]) if m != entry["move"]
                            and same_kind(match.game, before, entry["player"], entry["move"], m)]
            for move in alternatives[::max(1, len(alternatives) // 12)]:
                for upto in {at, last}:
                    original, replay, _ = variant(match, at, entry, upto)
                    other, other_replay, _ = variant(match, at, {**entry, "move": move}, upto)
                    assert public_and_opponent(original, replay, entry["player"]) == \
                        public_and_opponent(other, other_replay, entry["player"]), (index, at, move, upto)
                    swaps += 1
    assert swaps, f"{ruleset_id} declares sealed phases, but no private entry of six matches could be swapped"
