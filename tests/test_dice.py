"""Fair dice (DT-7): seeded draws are reproducible, unbiased in range, and verifiable."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from adjudicator import dice, matchfile, session
from adjudicator.errors import InputError
from conftest import REPO


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
