"""Realistic posts and the one move a careful host reads in each (tests/data/posts.yaml).

The table is the yardstick for adjudicator.reading: posts as players write them on Discord or a
forum (chatter, emoji, Markdown, typos in the chatter, items used in words, corrections,
alternatives, natural ways of naming cells, dice and troops), each in a named position of its
game, with the move in canonical form (`format_move` of the completed move, as `adjudicator
legal` writes it) or `refused` where a careful human host could not be sure which single move is
meant (exit 2 class: InputError / NotationError).

The table was written for the reader being rewritten: many posts fail against the reader of the
day by design (items in words dropped, natural forms unread, stray numbers read into the move).
An expectation changes only when it is wrong on the rules or the canonical form.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from adjudicator.errors import InputError
from helpers.post_positions import POSITIONS, position, read
from helpers.strategies import RULESETS

TABLE = Path(__file__).resolve().parent / "data" / "posts.yaml"
MIN_PER_RULESET = 35


# --- The table ---------------------------------------------------------------------------------

def load_table() -> list[dict[str, Any]]:
    with TABLE.open(encoding="utf-8") as handle:
        return yaml.safe_load(handle)


ENTRIES = load_table()


def entry_id(index: int, entry: dict[str, Any]) -> str:
    """`017 tow1-start: rope 1 1 + block move on race`: the position and the post, on one line."""
    post = " ".join(str(entry.get("post", "")).split())
    return f"{index:03d} {entry.get('position')}: {post[:60]}"


@pytest.mark.parametrize("entry", ENTRIES, ids=[entry_id(i, e) for i, e in enumerate(ENTRIES, start=1)])
def test_a_post_reads_to_the_move_a_careful_host_reads(entry):
    """Each post reads exactly to the move a careful host reads, or is refused (exit 2). A post
    the reader refuses although a host would read it (`refused_by_reader`: the reader's reason)
    must stay refused, never read as another move; when the reader learns it, drop the mark."""
    if entry["expect"] == "refused" or "refused_by_reader" in entry:
        with pytest.raises(InputError) as refused:   # NotationError, or the schema's refusal (exit 2)
            said = read(entry["position"], entry["player"], entry["post"])
            why = entry.get("why") or f"the reader refuses it: {entry['refused_by_reader']}"
            pytest.fail(f"read as {said!r}; expected a refusal ({why})")
        assert refused.value.exit_status == 2
    else:
        try:
            said = read(entry["position"], entry["player"], entry["post"])
        except InputError as exc:
            pytest.fail(f"refused ({exc.message}); expected {entry['expect']!r}")
        assert said == entry["expect"]


# --- The table itself --------------------------------------------------------------------------

def test_the_table_has_enough_posts_for_every_ruleset():
    counts = Counter(entry["ruleset"] for entry in ENTRIES)
    assert set(counts) == set(RULESETS), counts
    assert [ruleset for ruleset in RULESETS if counts[ruleset] < MIN_PER_RULESET] == [], counts
    for ruleset in RULESETS:   # both kinds in every game
        kinds = {entry["expect"] == "refused" for entry in ENTRIES if entry["ruleset"] == ruleset}
        assert kinds == {True, False}, ruleset


@pytest.mark.parametrize("index, entry", list(enumerate(ENTRIES, start=1)),
                         ids=[entry_id(i, e) for i, e in enumerate(ENTRIES, start=1)])
def test_every_entry_is_well_formed(index, entry):
    assert set(entry) in ({"ruleset", "position", "player", "post", "expect"},
                          {"ruleset", "position", "player", "post", "expect", "why"},
                          {"ruleset", "position", "player", "post", "expect", "refused_by_reader"}), entry
    assert entry["position"] in POSITIONS and POSITIONS[entry["position"]][0] == entry["ruleset"], entry
    assert isinstance(entry["post"], str) and entry["post"].strip() and isinstance(entry["expect"], str)
    match, replay = position(entry["position"])
    assert entry["player"] in replay.to_act(), f"{entry['player']} does not act in {entry['position']}"
    if entry["expect"] == "refused":
        assert isinstance(entry.get("why"), str) and entry["why"].strip(), "a refused post says why"
    else:
        assert "why" not in entry


@pytest.mark.parametrize("ruleset", RULESETS)
def test_at_least_nine_in_ten_posts_with_one_meaning_are_read(ruleset):
    """At least 90% of the posts with one clear meaning are read (the others refused,
    never misread: test_a_post_reads_to_the_move_a_careful_host_reads)."""
    clear = [entry for entry in ENTRIES if entry["ruleset"] == ruleset and entry["expect"] != "refused"]
    read_ones = [entry for entry in clear if "refused_by_reader" not in entry]
    assert len(clear) >= 30 and len(read_ones) >= 0.9 * len(clear), (len(read_ones), len(clear))


def test_posts_are_not_repeated_in_a_position():
    said = Counter((entry["position"], entry["player"], entry["post"]) for entry in ENTRIES)
    assert [key for key, count in said.items() if count > 1] == []


EXPECTED = sorted({(e["position"], e["player"], e["expect"]) for e in ENTRIES if e["expect"] != "refused"})


@pytest.mark.parametrize("name, player, move", EXPECTED, ids=[f"{n}: {m}" for n, _, m in EXPECTED])
def test_every_expected_move_is_a_move_of_its_position_typed_alone(name, player, move):
    """The canonical form is what the game writes: typed alone, it reads to itself and passes the
    move schema (whether the rules allow it is not the reader's business)."""
    assert read(name, player, move) == move
