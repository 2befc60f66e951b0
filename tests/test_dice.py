"""Fair dice (DT-7): seeded draws are reproducible, unbiased in range, and verifiable."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from adjudicator import dice, matchfile, session
from adjudicator.errors import InputError
from helpers import REPO


def test_draws_are_reproducible_and_per_entry():
    seed = "ab" * 32
    assert dice.draw_dice(seed, 5, 3, 6) == dice.draw_dice(seed, 5, 3, 6)
    assert dice.draw_dice(seed, 5, 3, 6) != dice.draw_dice(seed, 6, 3, 6) or \
        dice.draw_dice(seed, 7, 3, 6) != dice.draw_dice(seed, 5, 3, 6)
    assert dice.draw_dice("cd" * 32, 5, 50, 6) != dice.draw_dice(seed, 5, 50, 6)


def test_draws_cover_every_face_evenly():
    seed = dice.new_seed()
    counts = Counter(d for seq in range(2000) for d in dice.draw_dice(seed, seq, 3, 6))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(800 < n < 1200 for n in counts.values())  # 6000 draws: ±20 % is > 6 sigma


def test_pick_draws_from_options():
    assert dice.draw_pick("00" * 32, 1, ("sally", "maddie")) in ("sally", "maddie")


def test_seed_file_is_private_and_never_overwritten(tmp_path):
    match = tmp_path / "m.json"
    path = dice.write_seed(match, dice.new_seed())
    assert path.name == "m.seed" and dice.secure_mode_ok(path)
    with pytest.raises(InputError, match="already exists"):
        dice.write_seed(match, dice.new_seed())


def test_read_seed_accepts_hex_or_file(tmp_path):
    seed = dice.new_seed()
    (tmp_path / "s.seed").write_text(seed + "\n")
    assert dice.read_seed(seed.upper()) == seed
    assert dice.read_seed(tmp_path / "s.seed") == seed
    with pytest.raises(InputError, match="neither 64 hex digits nor a seed file"):
        dice.read_seed("1234")


def test_published_example_seed_verifies_every_roll():
    match = matchfile.load(REPO / "matches" / "dice-demo.json")
    seed = dice.read_seed(REPO / "matches" / "dice-demo.seed")
    problems, verified, transcribed = session.verify_rolls(match, seed)
    assert problems == [] and verified > 10 and transcribed == 0


def test_tampered_roll_is_caught(tmp_path):
    data = json.loads((REPO / "matches" / "dice-demo.json").read_text(encoding="utf-8"))
    chance = next(e for e in data["entries"] if e["type"] == "chance")
    chance["chance"]["dice"][0] = chance["chance"]["dice"][0] % 6 + 1
    match = matchfile.prepare(data, None)
    problems, _, _ = session.verify_rolls(match, dice.read_seed(REPO / "matches" / "dice-demo.seed"))
    assert len(problems) == 1 and f"seq {chance['seq']}" in problems[0]


def test_wrong_seed_is_refused():
    match = matchfile.load(REPO / "matches" / "dice-demo.json")
    with pytest.raises(InputError, match="does not match the match's seed_sha256"):
        session.verify_rolls(match, dice.new_seed())


def test_transcribed_rolls_are_counted_not_failed():
    match = matchfile.load(REPO / "matches" / "dice-own-goal.json")
    problems, verified, transcribed = session.verify_rolls(match, dice.new_seed())
    assert problems == [] and verified == 0 and transcribed == 7


# --- Draws the host cannot steer (G-8) ------------------------------------------------------

SEED = "5e" * 32


def seeded(tmp_path, name: str = "m", match_id: str = "final", salts: tuple[str, ...] = ("pepper", "nutmeg"),
           seed: str = SEED):
    """A dice match file drawn by the salted scheme from a known seed (beside it, private), with
    the players' salts entered first: what `new` and `host salt` write, with a seed we know."""
    from helpers.matches import dice_match

    data = dice_match(seed_sha256=dice.seed_hash(seed), draws=dice.DRAWS_SCHEME, id=match_id)
    for seq, (player, word) in enumerate(zip(("bernd", "anna"), salts), start=1):
        data["entries"].append({"seq": seq, "type": "host", "host": {"action": "salt", "player": player, "salt": word}})
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    seed_file = dice.seed_path(path)
    seed_file.write_text(seed + "\n", encoding="ascii")
    seed_file.chmod(0o600)
    return path


def rolls(path) -> list[list[int]]:
    """The dice of every chance entry of the file, in order."""
    entries = json.loads(path.read_text(encoding="utf-8"))["entries"]
    return [e["chance"]["dice"] for e in entries if e["type"] == "chance"]


def at(number: int, match_id: str = "final", salts=(("bernd", "pepper"), ("anna", "nutmeg")), seq: int = 0):
    return dice.DrawAt(seq=seq, number=number, match_id=match_id, salts=salts, scheme=dice.DRAWS_SCHEME)


def test_padding_the_log_changes_no_draw_g8(cli, tmp_path):
    """Entry 4 rolls what it rolls whatever was recorded before it: three illegal moves
    recorded on purpose do not move the next roll (G-8; before, each die hung on its seq)."""
    plain, padded = seeded(tmp_path, "plain"), seeded(tmp_path, "padded")
    for _ in range(3):
        res = cli("move", padded, "anna", "attack", "--record-illegal")
        assert res.code == 0 and json.loads(padded.read_text())["entries"][-1]["flagged"]
    assert cli("roll", plain).code == 0 and cli("roll", padded).code == 0
    assert rolls(plain) == rolls(padded) == [dice.draw_dice(SEED, at(0), 3, 6)]
    assert cli("check", plain, "--strict-dice").code == 0 and cli("check", padded).code == 0


def test_a_voided_roll_is_never_drawn_again_g8(cli, tmp_path):
    """roll, void it, roll again: the second roll is the next draw, not the first one again,
    and check reports the voided draw (--strict-dice fails the file)."""
    path = seeded(tmp_path)
    assert cli("roll", path).code == 0
    assert cli("host", path, "void", "last", "--reason", "bot lag").code == 0
    assert cli("roll", path).code == 0
    first, second = rolls(path)
    assert first == dice.draw_dice(SEED, at(0), 3, 6) and second == dice.draw_dice(SEED, at(1), 3, 6)
    assert first != second   # true for this seed: a redraw of draw 0 would repeat it
    res = cli("check", path, "--format", "json")
    row = res.json["files"][0]
    assert res.code == 0 and row["voided_draws"] == [3] and row["unsalted_draws"] == [] and row["draws"] == 2
    assert row["rolls"] == {"verified": 2, "transcribed": 0, "wrong": 0}
    assert "voided or flagged: 1 (seq 3)" in cli("check", path).out
    res = cli("check", path, "--strict-dice")
    assert res.code == 1 and "seq 3: a voided or flagged draw" in res.out and "G-8" in res.out
    junit = cli("check", path, "--format", "junit").out
    assert "voided or flagged: 1 (seq 3)" in junit


def test_a_redrawn_void_fails_check_g8(cli, tmp_path):
    """The old trick, written by hand: roll, void, and the same draw again. The seed gives the
    second entry the next draw, so check finds it wrong."""
    path = seeded(tmp_path)
    assert cli("roll", path).code == 0
    assert cli("host", path, "void", "last", "--reason", "bot lag").code == 0
    data = json.loads(path.read_text())
    data["entries"].append({"seq": 5, "type": "chance", "chance": {"dice": data["entries"][2]["chance"]["dice"],
                                                                   "source": "seed"}})
    path.write_text(json.dumps(data), encoding="utf-8")
    res = cli("check", path)
    assert res.code == 1 and "seq 5: recorded" in res.out and "but the seed gives" in res.out


def test_two_matches_on_one_seed_roll_differently_g8(cli, tmp_path):
    one, two = seeded(tmp_path, "one", match_id="final"), seeded(tmp_path, "two", match_id="semi")
    for player in ("bernd", "anna"):   # both set-up rolls, kept
        for path in (one, two):
            assert cli("roll", path).code == 0 and cli("move", path, player, "keep").code == 0
    assert rolls(one) != rolls(two)
    assert [dice.draw_dice(SEED, at(n, "final"), 3, 6) for n in range(2)] == rolls(one)
    assert [dice.draw_dice(SEED, at(n, "semi"), 3, 6) for n in range(2)] == rolls(two)


def test_salts_change_the_draws_and_check_verifies_them_g8(cli, tmp_path):
    salted = seeded(tmp_path, "a", salts=("pepper", "nutmeg"))
    other = seeded(tmp_path, "b", salts=("pepper", "saffron"))
    for path in (salted, other):
        assert cli("roll", path).code == 0
    assert rolls(salted) != rolls(other)
    for path in (salted, other):
        row = cli("check", path, "--seed", SEED, "--strict-dice", "--format", "json").json["files"][0]
        assert row["verdict"] == "ok" and row["rolls"]["verified"] == 1, row
    data = json.loads(other.read_text())
    data["entries"][1]["host"]["salt"] = "nutmeg"   # a salt changed afterwards: the roll no longer checks
    other.write_text(json.dumps(data), encoding="utf-8")
    res = cli("check", other, "--seed", SEED)
    assert res.code == 1 and "seq 3: recorded" in res.out


def test_the_draw_input_is_unambiguous_g8():
    """Salts and ids are JSON-encoded in the HMAC input: moving a colon from one salt to the
    next, or from the id to a salt, is another draw."""
    base = dice.draw_dice(SEED, at(0, "a", (("bernd", "x:y"), ("anna", "z"))), 20, 6)
    assert base != dice.draw_dice(SEED, at(0, "a", (("bernd", "x"), ("anna", "y:z"))), 20, 6)
    assert base != dice.draw_dice(SEED, at(0, "a:x", (("bernd", "y"), ("anna", "z"))), 20, 6)
    assert base == dice.draw_dice(SEED, at(0, "a", (("bernd", "x:y"), ("anna", "z")), seq=9), 20, 6)   # no seq


def test_check_reports_unsalted_draws_g8(cli, tmp_path):
    """A draw made before both players' salts is valid, and check says so; --strict-dice fails it."""
    path = seeded(tmp_path, salts=("pepper",))   # anna gave none
    before = path.read_bytes()
    refused = cli("roll", path)                  # G-8 amended: the draw waits for anna's salt
    assert refused.code == 1 and "salt of Anna" in refused.err and path.read_bytes() == before
    res = cli("roll", path, "--without-salts")   # the host draws without it, explicitly
    assert res.code == 0 and "before both players' salts were entered" in res.err
    res = cli("check", path, "--format", "json")
    row = res.json["files"][0]
    assert res.code == 0 and row["verdict"] == "ok" and row["unsalted_draws"] == [2]
    assert "made without both players' salts (G-8): 1 (seq 2)" in cli("check", path).out
    res = cli("check", path, "--strict-dice")
    assert res.code == 1 and "1 of 1 draw made before both players' salts were entered: seq 2" in res.out
    assert cli("host", path, "salt", "anna", "nutmeg").code == 0   # late, but the next draws use it
    assert cli("move", path, "bernd", "keep").code == 0 and cli("roll", path).code == 0
    row = cli("check", path, "--seed", SEED, "--format", "json").json["files"][0]
    assert row["unsalted_draws"] == [2] and row["draws"] == 2 and row["rolls"]["wrong"] == 0
    assert rolls(path)[1] == dice.draw_dice(SEED, at(1), 3, 6)


def test_g8_roll_waits_for_both_salts(cli, tmp_path):
    """G-8 amended: `roll` draws nothing from the seed before both salts are in. The refusal
    (exit 1, nothing written) says whose salt is missing, how to enter it and the explicit way
    on; a roll copied from a dice bot (--values) is no draw of the tool and goes ahead; once
    both have salted, `roll` draws and check reports no unsalted draw."""
    path = seeded(tmp_path, salts=())
    before = path.read_bytes()
    res = cli("roll", path)
    assert res.code == 1 and path.read_bytes() == before and res.out == ""
    assert "refused (salts-awaited), nothing written" in res.err and "Bernd and Anna (G-8)" in res.err
    assert "adjudicator host m.json salt PLAYER WORD" in res.err and "roll m.json --without-salts" in res.err
    assert "Traceback" not in res.err and res.err.count("\n") == 1
    assert cli("host", path, "salt", "bernd", "pepper").code == 0
    res = cli("roll", path)
    assert res.code == 1 and "the salt of Anna" in res.err and "host m.json salt anna WORD" in res.err
    assert cli("roll", path, "--values", "3", "1", "6", "--without-salts").code == 2   # copied: no salts to skip
    assert cli("host", path, "salt", "anna", "nutmeg").code == 0
    res = cli("roll", path)
    assert res.code == 0 and "unsalted" not in res.err
    row = cli("check", path, "--seed", SEED, "--format", "json").json["files"][0]
    assert row["unsalted_draws"] == [] and row["rolls"]["verified"] == 1


def test_g8_a_transcribed_roll_takes_no_salts(cli, tmp_path):
    """G-8: `roll --values` transcribes an outside dice bot (source external), not a draw by
    the tool: it never waits for salts."""
    path = seeded(tmp_path, salts=())
    res = cli("roll", path, "--values", "3", "1", "6")
    assert res.code == 0 and json.loads(path.read_text())["entries"][0]["chance"]["source"] == "external"


def test_g8_matches_made_before_salts_roll_as_before(cli, tmp_path):
    """A match without `draws` in its header takes no salts (G-8 came later): `roll` draws."""
    path = seeded(tmp_path, salts=())
    data = json.loads(path.read_text())
    del data["draws"]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert cli("roll", path).code == 0


def test_g8_roll_help_teaches_salts_and_the_explicit_draw(cli):
    text = " ".join(cli("roll", "--help").out.split())
    assert "--without-salts" in text and "check will report the draw as unsalted (G-8)" in text
    assert "host MATCH salt PLAYER WORD" in text and "cannot foresee" in text


def test_matches_made_before_salts_still_verify_g8(cli):
    """No `draws` in the header: drawn by seq, as they were; check and check --seed pass, and
    every draw is reported unsalted (--strict-dice fails them, as it cannot vouch for them)."""
    assert cli("check", REPO / "matches").code == 0
    for name in ("dice-demo", "dice-flagged"):
        path = REPO / "matches" / f"{name}.json"
        assert "draws" not in json.loads(path.read_text(encoding="utf-8"))
        res = cli("check", path, "--seed", REPO / "matches" / f"{name}.seed", "--format", "json")
        row = res.json["files"][0]
        assert res.code == 0 and row["rolls"]["wrong"] == 0 and row["rolls"]["verified"] > 20
        assert len(row["unsalted_draws"]) == row["draws"] == row["rolls"]["verified"]
        res = cli("check", path, "--strict-dice")
        assert res.code == 1 and "the match predates salted draws" in res.out


def test_roll_draws_an_old_match_by_seq_g8(cli, tmp_path):
    """An old match still in progress goes on drawing by the old scheme, so its file stays
    one scheme throughout; salts are refused there, since they would change nothing."""
    from helpers.matches import dice_match

    seed = "7a" * 32
    path = tmp_path / "old.json"
    path.write_text(json.dumps(dice_match(seed_sha256=dice.seed_hash(seed))), encoding="utf-8")
    dice.seed_path(path).write_text(seed + "\n", encoding="ascii")
    dice.seed_path(path).chmod(0o600)
    res = cli("host", path, "salt", "anna", "nutmeg")
    assert res.code == 1 and "salt-unused" in res.err and "G-8" in res.err
    assert cli("roll", path).code == 0
    assert rolls(path) == [dice.draw_dice(seed, 1, 3, 6)]
    assert cli("check", path, "--seed", seed).code == 0
