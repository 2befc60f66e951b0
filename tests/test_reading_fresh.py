"""The tables of realistic posts written without looking at the reader (tests/data/posts-fresh.yaml,
-blind, -fourth, -fifth, -sixth, -seventh, -eighth, -ninth, -tenth, -eleventh and -twelfth): no post is misread (nor read
as another move that the rules then refuse), and no post a careful host could not be sure of is
entered; and at least the share of clear posts in FLOOR is read, in every game (shown with `-s`).
Nine in ten is the aim on posts the reader was not tuned to."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from helpers.post_positions import POSITIONS, entered, read_as

DATA = Path(__file__).parent / "data"
TABLES: dict[str, list[dict[str, Any]]] = {
    name: yaml.safe_load((DATA / f"posts-{name}.yaml").read_text(encoding="utf-8"))
    for name in ("fresh", "blind", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
                           "eleventh", "twelfth")}
ENTRIES = TABLES["fresh"]
# The share of clear posts read that each table holds every game to: the fresh table at nine in
# ten, the blind table too (written later, and read since with it in view); the fourth at four
# in five (72% as written, Track Trouble 47%; read since with it in view too); the fifth, not
# read with the reader in view, below what it measured as written (84%; Tug of War 71%); the
# sixth to ninth, each written blind after the one before was read, below their measures as
# written (80%, 82%, 86% and 84%; the least, Track Trouble 64% and 71%, Tug of War v1 69%); the
# tenth to twelfth, each written blind while the one before was read, below their measures as
# written (93%, 92% and 94%; the least, Track Trouble 85%, 85% and 90%).
FLOOR = {"fresh": 0.9, "blind": 0.9, "fourth": 0.8, "fifth": 0.7, "sixth": 0.6, "seventh": 0.6, "eighth": 0.6,
         "ninth": 0.6, "tenth": 0.8, "eleventh": 0.8, "twelfth": 0.85}
RULESETS = ("tug-of-war-v1", "tug-of-war-v2", "track-trouble", "dice-tug-of-war", "arrowbic", "winning-streak")


def entry_id(index: int, entry: dict[str, Any]) -> str:
    return f"{index:03d} {entry['position']}: {' '.join(entry['post'].split())[:50]}"


ALL = [(name, entry) for name, entries in TABLES.items() for entry in entries]


@pytest.mark.parametrize("name", TABLES)
def test_the_table_is_whole(name):
    entries = TABLES[name]
    counts = Counter(entry["ruleset"] for entry in entries)
    assert all(counts[ruleset] >= 30 for ruleset in RULESETS), counts
    for entry in entries:
        assert POSITIONS[entry["position"]][0] == entry["ruleset"], entry
        assert set(entry) <= {"ruleset", "position", "player", "post", "expect", "why", "convention"}, entry
        assert (entry["expect"] == "refused") == ("why" in entry), entry


@pytest.mark.parametrize("name, entry", ALL, ids=[f"{name} {entry_id(i, e)}" for i, (name, e) in enumerate(ALL, start=1)])
def test_no_post_is_entered_as_another_move(name, entry):
    """A clear post is entered as its move or refused, never as another move; a post a careful
    host could not be sure of is refused (unread, or illegal as read)."""
    got = entered(entry["position"], entry["player"], entry["post"])
    if entry["expect"] == "refused":
        assert got is None, f"entered as {got!r}; a careful host would ask ({entry['why']})"
    else:
        assert got in (None, entry["expect"]), f"entered as {got!r}, meant {entry['expect']!r}"
        read = read_as(entry["position"], entry["player"], entry["post"])   # before the rules judge it
        assert read in (None, entry["expect"]), f"read as {read!r} (then refused by the rules), meant {entry['expect']!r}"


@pytest.mark.parametrize("name", TABLES)
def test_how_many_clear_posts_are_read(name, capsys):
    """At least FLOOR of clear posts read in every game; the share per ruleset shown with `-s`."""
    read: Counter[str] = Counter()
    clear: Counter[str] = Counter()
    for entry in TABLES[name]:
        if entry["expect"] != "refused":
            clear[entry["ruleset"]] += 1
            read[entry["ruleset"]] += entered(entry["position"], entry["player"], entry["post"]) == entry["expect"]
    assert sum(clear.values()) >= 140
    with capsys.disabled():
        print(f"\n{name} posts read: " + ", ".join(f"{r} {read[r]}/{clear[r]}" for r in RULESETS))
    short = {r: f"{read[r]}/{clear[r]}" for r in RULESETS if read[r] < FLOOR[name] * clear[r]}
    assert not short, f"fewer than {FLOOR[name]:.0%} of clear posts read: {short}"
