"""Hidden information never leaks: `--as OTHER`, `legal` and `check` show nothing of
what a player may not see yet, the public copy of the log holds only what is public, and
rolls that a seed cannot verify are counted.

The regression cases come first; the property test that varies only hidden data between
two matches and compares output bytes is at the end.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from adjudicator.games.track_trouble.notation import parse
from adjudicator.matchfile import LoadedMatch
from helpers import REPO
from helpers.strategies import (BOARD_FORMATS, INDICES, loaded, replay_prefix, scaled,
                        simulated)
from helpers.sealed import (SEALED_RULESETS, open_to, refused_variant, same_kind, sealed_phase_moves, sealed_windows,
                            swapped_pair, variant)
from helpers.track_trouble_hidden import both_hide, hidden, round_one, tt

# --- 1. `--as OTHER` shows nothing of the other player's Hidden Value ----------------------

@pytest.mark.parametrize("command", [("board", "--format", "text"), ("board", "--format", "json"),
                                     ("replay", "--format", "json"), ("replay", "--format", "text")])
def test_as_maddie_does_not_depend_on_sallys_hidden_value(cli, tmp_path, command):
    """`board --as p2` printed `points_with_hidden: sally 5`, sally's total with her
    Hidden Value's points, so maddie could read sally's value off it (TT-7)."""
    outs = []
    for value in (1, 5):
        path = tmp_path / f"v{value}" / "m.json"
        path.parent.mkdir()
        path.write_text(json.dumps(both_hide(value)), encoding="utf-8")
        res = cli(command[0], path, "--as", "maddie", *command[1:])
        assert res.code == 0, res.err
        outs.append(res.out.replace(str(path), "M"))
    assert outs[0] == outs[1]


def test_as_player_sees_the_totals_with_their_own_hidden_value_only(cli, write):
    """maddie knows her N3 is worth 2: her own miner there counts; sally's miner at sally's
    hidden N2 stays `?`, as on the public board (TT-5, TT-7)."""
    path = write(both_hide(5))
    private = cli("board", path, "--as", "maddie", "--format", "json").json["private"]
    assert private == {"hidden_value": "N3 = 2 this round",
                       "points_with_hidden": "sally 0 + ? (1 miner at a hidden value), maddie 4"}
    private = cli("board", path, "--as", "sally", "--format", "json").json["private"]
    assert private == {"hidden_value": "N2 = 5 this round",
                       "points_with_hidden": "sally 5, maddie 2 + ? (1 miner at a hidden value)"}


# --- 2. `legal` samples from what the viewer may see ---------------------------------------

@pytest.mark.parametrize("args", [("maddie", "--format", "json"), ("--format", "json"), ("maddie", "--limit", "0"),
                                  ("sally", "--format", "json")])
def test_legal_does_not_depend_on_a_hidden_value(cli, tmp_path, args):
    """The sample of whole submissions was seeded from totals that included Hidden
    Value points, so `legal maddie` listed other moves for another value of sally's (TT-7)."""
    outs = set()
    for value in range(1, 6):
        data = tt(("sally", hidden("N2", value)), ("sally", "r1 c1: 1 T2, 2 T2"), ("maddie", "r1 c1: 1 T1"))
        path = tmp_path / f"v{value}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        res = cli("legal", path, *args)
        assert res.code == 0, res.err
        outs.add(res.out)
    assert len(outs) == 1


# --- 3. `check` withholds why a sealed submission was refused ------------------------------

def refused_sealed(move: str, marked: str | None = None) -> dict[str, Any]:
    """sally's crossing-1 submission is refused; maddie has not submitted, so the phase is open."""
    data = tt(("sally", move))
    if marked:
        data["entries"][0]["flagged"] = marked
    return data


@pytest.mark.parametrize("fmt", ["text", "json", "junit"])
def test_check_shows_no_reason_for_a_refused_sealed_submission(cli, tmp_path, fmt):
    """`check` printed `unknown-track: there is no track 'T9'…` while the phase was
    open; `replay` and `board` show only that a sealed submission was refused (G-1, G-2)."""
    outs = []
    for name, move in (("a", "r1 c1: 1 T9"), ("b", "r1 c1: 1 T1, 1 T2")):
        path = tmp_path / name / "m.json"
        path.parent.mkdir()
        path.write_text(json.dumps(refused_sealed(move)), encoding="utf-8")
        res = cli("check", path, "--format", fmt)
        assert res.code == 1, res.err
        outs.append(res.out.replace(str(path), "M"))
    assert outs[0] == outs[1]
    assert "T9" not in outs[0] and "unknown-track" not in outs[0] and "duplicate-miner" not in outs[0]
    assert "a sealed submission was refused" in outs[0]


def test_check_shows_the_reason_once_the_phase_resolves(cli, write):
    data = refused_sealed("r1 c1: 1 T9")
    data["entries"].append({"seq": 2, "type": "move", "player": "maddie", "move": parse("r1 c1: nothing")})
    data["entries"].append({"seq": 3, "type": "host", "host": {"action": "deadline"}})
    res = cli("check", write(data))
    assert res.code == 1 and "unknown-track: there is no track 'T9'" in res.out


@pytest.mark.parametrize("marked", ["unknown-track", "duplicate-miner"])
def test_check_keeps_a_recorded_sealed_code_private_until_the_phase_resolves(cli, write, marked):
    """A host who recorded the refused submission (`"flagged": CODE`, G-1) wrote its reason
    into the file: whether that code is the right one shows only at the reveal."""
    res = cli("check", write(refused_sealed("r1 c1: 1 T9", marked)), "--format", "json")
    assert res.code == 0 and marked not in res.out, res.out


# --- 3b. A late Hidden Value (TT-9) shows nothing of what it named -------------------------

def late_hidden(destination: str, value: int, upto: int) -> dict[str, Any]:
    """sally's Hidden Value comes 200 s into round 1, after its 3 minutes (TT-9): flagged, and
    nothing changes. Crossings are given 10 minutes so that the round goes on in time; the
    first `upto` entries: crossing 1 open (1), crossing 2 open (3), round 2 (5)."""
    data = tt(("sally", hidden(destination, value)), ("sally", "r1 c1: 1 T2"), ("maddie", "r1 c1: 1 T3"),
              ("sally", "r1 c2: nothing"), ("maddie", "r1 c2: nothing"))
    data["started"] = "2026-11-21T20:00:00Z"
    data["rules"]["params"]["time_control"] = {"turn_seconds": 600}
    for index, entry in enumerate(data["entries"]):
        entry["at"] = f"2026-11-21T20:{3 + index:02d}:20Z"
    data["entries"] = data["entries"][:upto]
    return data


@pytest.mark.parametrize("upto", [1, 3])
def test_a_late_hidden_value_shows_nothing_of_its_destination_or_value_tt9(cli, tmp_path, upto):
    """Before its round ends a late Hidden Value is as private as one in time would be: every
    public output and all maddie may see are the same whatever it named (TT-9, TT-7)."""
    seen = []
    for name, (destination, value) in (("a", ("N2", 1)), ("b", ("N3", 5))):
        data = late_hidden(destination, value, upto)
        match = loaded(data)
        outputs = outputs_for_others(cli, tmp_path, name, match, "sally")
        path = tmp_path / name / "m.json"
        for command in (("replay", "--format", "json"), ("replay", "--format", "text"), ("post", "--dry-run")):
            res = cli(command[0], path, *command[1:])
            outputs[" ".join(command)] = (res.code, res.out.replace(str(path), "M"), res.err.replace(str(path), "M"))
        seen.append(outputs)
    assert seen[0] == seen[1]
    replay = json.loads(seen[0]["replay --format json"][1])
    assert [(f["seq"], f["code"]) for f in replay["flagged"]] == [(1, "sealed")]
    assert replay["board"]["destinations"] == {"N1": 2, "N2": 4, "N3": 6}   # nothing changed


def test_a_late_hidden_value_is_revealed_with_its_reason_when_the_round_ends_tt9(cli, write):
    res = cli("replay", write(late_hidden("N2", 1, 5)), "--format", "json")
    flagged = res.json["flagged"]
    assert [(f["seq"], f["code"], f["rulings"]) for f in flagged] == [(1, "late", ["G-7", "TT-9"])]
    assert "3 minutes (180 s) from then ran out" in flagged[0]["message"]
    assert res.json["board"]["points"]["sally"] == 4   # her miner at N2 scored its printed 4


# --- 5. Rolls a seed cannot verify ----------------------------------------------------------

def relabelled_demo(tmp_path) -> Any:
    """matches/dice-demo.json with its last roll (seq 44) edited, so that the match still plays
    out legally, and relabelled `"source": "external"`."""
    data = json.loads((REPO / "matches" / "dice-demo.json").read_text(encoding="utf-8"))
    chance = data["entries"][43]["chance"]
    assert data["entries"][43]["seq"] == 44 and chance["source"] == "seed" and chance["dice"][0] != 4
    chance["dice"][0], chance["source"] = 4, "external"
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path, REPO / "matches" / "dice-demo.seed"


@pytest.mark.parametrize("fmt", ["text", "json", "junit"])
def test_check_seed_says_how_many_rolls_could_not_be_verified(cli, tmp_path, fmt):
    """An edited roll relabelled `external` passed `check --seed` without a word."""
    path, seed = relabelled_demo(tmp_path)
    res = cli("check", path, "--seed", seed, "--format", fmt)
    assert res.code == 0, res.out + res.err
    if fmt == "json":
        assert res.json["files"][0]["unverified_rolls"] == 1
    else:
        assert "could not be verified: 1 " in res.out


@pytest.mark.parametrize("fmt", ["text", "json", "junit"])
def test_strict_dice_fails_a_roll_the_seed_cannot_verify(cli, tmp_path, fmt):
    path, seed = relabelled_demo(tmp_path)
    res = cli("check", path, "--seed", seed, "--strict-dice", "--format", fmt)
    assert res.code == 1, res.out + res.err
    assert "cannot be verified against the seed (--strict-dice)" in res.out
    # The example's own rolls all verify; --strict-dice fails it only as drawn before salts existed (G-8).
    res = cli("check", REPO / "matches" / "dice-demo.json", "--seed", seed, "--strict-dice", "--format", "json")
    assert res.code == 1 and res.json["files"][0]["rolls"]["wrong"] == 0
    assert [p for p in res.json["files"][0]["problems"] if "(--strict-dice" in p] == [
        p for p in res.json["files"][0]["problems"] if "predates salted draws" in p] != []


def test_strict_dice_without_a_seed_fails_a_file_with_rolls(cli, tmp_path):
    """No --seed and no seed beside the file: none of its rolls can be verified
    (--strict-dice goes without --seed, for the seeds beside the files of an archive)."""
    path, _ = relabelled_demo(tmp_path)
    res = cli("check", path, "--strict-dice")
    assert res.code == 1 and "no seed file edited.seed beside it and no --seed" in res.out
    assert "Traceback" not in res.err


# --- 4. The public copy of the log ---------------------------------------------------------

def publish_and_compare(cli, tmp_path, data: dict[str, Any], at: int | None = None) -> tuple[dict[str, Any], int]:
    """Publish `data`; the copy must load, pass `check` and show the original's public board at
    the entry it ends at. Returns the copy and that entry's number."""
    original = tmp_path / "m.json"
    original.write_text(json.dumps(data), encoding="utf-8")
    copy_path = tmp_path / "public.json"
    copy_path.unlink(missing_ok=True)
    res = cli("publish", original, "-o", copy_path, *(("--at", at) if at is not None else ()))
    assert res.code == 0, res.err
    public = json.loads(copy_path.read_text(encoding="utf-8"))
    cut = len(public["entries"])
    assert public["entries"] == data["entries"][:cut]
    assert {k: v for k, v in public.items() if k != "entries"} == {k: v for k, v in data.items() if k != "entries"}
    assert cli("check", copy_path).code == 0
    for fmt in ("text", "json"):
        mine = cli("board", copy_path, "--format", fmt).out.replace(str(copy_path), "M")
        assert mine == cli("board", original, "--at", cut, "--format", fmt).out.replace(str(original), "M")
    return public, cut


def test_publish_ends_before_the_first_private_entry(cli, tmp_path):
    data = tt(*round_one(), ("sally", {**hidden("N2", 3), "round": 2}), ("maddie", "r2 c1: 1 T1"))
    public, cut = publish_and_compare(cli, tmp_path, data)
    assert cut == 4 and "\"value\"" not in json.dumps(public["entries"])
    res = cli("publish", tmp_path / "m.json")
    assert res.code == 0 and json.loads(res.out)["entries"] == data["entries"][:4]
    assert "entries 1–4 of 6; entry 5 (sally's sealed entry) is not public yet" in res.err


def test_publish_of_a_public_log_is_the_whole_log(cli, tmp_path):
    data = tt(*round_one())
    public, cut = publish_and_compare(cli, tmp_path, data)
    assert cut == 4
    _, cut = publish_and_compare(cli, tmp_path, data, at=2)
    assert cut == 2


def test_publish_leaves_out_what_only_a_left_out_entry_revealed(cli, tmp_path):
    """sally's Hidden Value (entry 1) is revealed when round 1 ends (entry 7), but her voided
    sealed submission (entry 2) stays private until the match ends (G-4). A copy of entry 1
    alone would show the Hidden Value before its round ends, so the copy holds nothing."""
    data = tt(("sally", hidden("N2", 3)), ("sally", "r1 c1: 1 T2"))
    data["entries"].append({"seq": 3, "type": "host", "host": {"action": "void", "seq": 2}})
    for player, move in round_one():
        data["entries"].append({"seq": len(data["entries"]) + 1, "type": "move", "player": player,
                                "move": parse(move)})
    public, cut = publish_and_compare(cli, tmp_path, data)
    assert cut == 0 and public["entries"] == []


def test_publish_never_replaces_a_file(cli, tmp_path, write):
    path = write(tt(*round_one()))
    res = cli("publish", path, "-o", path, "--force")
    assert res.code == 2 and "is the match itself" in res.err
    other = tmp_path / "exists.json"
    other.write_text("x", encoding="utf-8")
    res = cli("publish", path, "-o", other)
    assert res.code == 2 and "already exists" in res.err and other.read_text(encoding="utf-8") == "x"
    assert cli("publish", path, "-o", other, "--force").code == 0
    assert cli("publish", path, "--at", 9).code == 2


# --- 6. Property: nothing a player may not see changes what the others are shown -----------



def outputs_for_others(cli, tmp_path, name: str, match: LoadedMatch, player: str) -> dict[str, Any]:
    """Every output `player`'s opponent or the public may ask for, as (exit, stdout, stderr)
    with the file's name normalised: `board --as OTHER` in every format, `legal` and `legal
    OTHER`, `check` in every format and the public copy `publish` prints."""
    other = match.game.opponent(player)
    path = tmp_path / name / "m.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(match.data), encoding="utf-8")
    commands = [("board", "--as", other, "--format", fmt) for fmt in BOARD_FORMATS]
    commands += [("legal", *who, "--format", fmt) for who in ((), (other,)) for fmt in ("text", "json")]
    commands += [("check", "--format", fmt) for fmt in ("text", "json", "junit")]
    commands += [("publish",)]
    seen = {}
    for command in commands:
        res = cli(command[0], path, *command[1:])
        seen[" ".join(command)] = (res.code, res.out.replace(str(path), "M"), res.err.replace(str(path), "M"))
    return seen


def refused_pair(data: Any, match: LoadedMatch) -> tuple[LoadedMatch, LoadedMatch, str]:
    """Two logs whose last entry is a different refused sealed submission (another reason),
    recorded as illegal (`"flagged"`, G-1) by neither, each with its own code (as `move
    --record-illegal` writes it) or both with the first one's code (by hand)."""
    at = data.draw(st.sampled_from(sealed_phase_moves(match)), label="entry")
    entry = match.entries[at]
    record = data.draw(st.sampled_from(("none", "own", "first's")), label="recorded as illegal")
    made, codes = [], []
    for label in ("first", "second"):
        move, _, log = refused_variant(data, match, at, entry, label)
        codes.append(log.flag.code)
        marker = {"none": {}, "own": {"flagged": codes[-1]}, "first's": {"flagged": codes[0]}}[record]
        kept = {k: v for k, v in entry.items() if k != "flagged"}
        made.append(loaded({**match.data, "entries": match.entries[:at] + [{**kept, "move": move, **marker}]}))
    event(f"refused sealed submission, recorded: {record}")
    return made[0], made[1], entry["player"]


@pytest.mark.parametrize("ruleset_id", SEALED_RULESETS)
@scaled(5)
@given(index=st.integers(1, INDICES), data=st.data())
def test_hidden_data_changes_no_output_for_the_others(cli, tmp_path_factory, ruleset_id, index, data):
    """Vary only what `player` keeps private (a sealed submission, why one was refused, a
    Hidden Value) and compare, byte for byte, all their opponent and the public may print
    (SPEC "JSON output": public output never shows what a player may not yet see)."""
    match = loaded(simulated(ruleset_id, index))
    make = data.draw(st.sampled_from((swapped_pair, refused_pair)), label="what differs")
    first, second, player = make(data, match)
    tmp = tmp_path_factory.mktemp("pair")
    assert outputs_for_others(cli, tmp, "a", first, player) == outputs_for_others(cli, tmp, "b", second, player)


@pytest.mark.parametrize("ruleset_id", SEALED_RULESETS)
def test_hidden_data_sweep_checks_something(cli, tmp_path, ruleset_id):
    """The same comparison without hypothesis, over the private entries of two matches that
    stay private longest (a Hidden Value: a whole round), looked at just before their reveal,
    so that a game whose private entries the draws above keep missing still fails."""
    compared = 0
    for index in (1, 2):
        match = loaded(simulated(ruleset_id, index))
        windows = sorted(sealed_windows(match).items(), key=lambda pair: (pair[0] - pair[1], pair[0]))
        for at, last in windows[:4]:
            entry, player = match.entries[at], match.entries[at]["player"]
            before = replay_prefix(match, at)
            alternatives = [m for m in open_to(before, player)
                            if m != entry["move"] and same_kind(match.game, before, player, entry["move"], m)]
            if not alternatives:
                continue
            original, _, _ = variant(match, at, entry, last)
            other, _, _ = variant(match, at, {**entry, "move": alternatives[-1]}, last)
            a = outputs_for_others(cli, tmp_path, f"a{index}-{at}", original, player)
            assert a == outputs_for_others(cli, tmp_path, f"b{index}-{at}", other, player), (index, at)
            compared += 1
    assert compared, f"{ruleset_id} declares sealed phases, but no private entry could be swapped"


@pytest.mark.parametrize("command", [("board", "--format", "json"), ("replay", "--format", "json"),
                                     ("replay", "--format", "text"), ("check", "--format", "json")])
def test_a_recorded_code_that_is_wrong_does_not_show_before_the_reveal(cli, tmp_path, command):
    """A hand-written `"flagged": "duplicate-miner"` on a refused sealed submission: whether
    the real reason is that code must not show as `acknowledged` until the phase resolves."""
    outs = []
    for name, move in (("a", "r1 c1: 1 T9"), ("b", "r1 c1: 1 T1, 1 T2")):
        path = tmp_path / name / "m.json"
        path.parent.mkdir()
        path.write_text(json.dumps(refused_sealed(move, "duplicate-miner")), encoding="utf-8")
        res = cli(command[0], path, *command[1:])
        outs.append((res.code, res.out.replace(str(path), "M")))
    assert outs[0] == outs[1]
