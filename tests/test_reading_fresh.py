"""The second table of realistic posts (tests/data/posts-fresh.yaml), written without looking
at the reader: no post is misread, and no post a careful host could not be sure of
is entered; and nine in ten clear posts are read, in every game (shown with `-s`)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from helpers.post_positions import POSITIONS, entered

TABLE = Path(__file__).parent / "data" / "posts-fresh.yaml"
ENTRIES: list[dict[str, Any]] = yaml.safe_load(TABLE.read_text(encoding="utf-8"))
RULESETS = ("tug-of-war-v1", "tug-of-war-v2", "track-trouble", "dice-tug-of-war", "arrowbic", "winning-streak")


def entry_id(index: int, entry: dict[str, Any]) -> str:
    return f"{index:03d} {entry['position']}: {' '.join(entry['post'].split())[:50]}"


def test_the_table_is_whole():
    counts = Counter(entry["ruleset"] for entry in ENTRIES)
    assert all(counts[ruleset] >= 45 for ruleset in RULESETS), counts
    for entry in ENTRIES:
        assert POSITIONS[entry["position"]][0] == entry["ruleset"], entry
        assert set(entry) <= {"ruleset", "position", "player", "post", "expect", "why", "convention"}, entry
        assert (entry["expect"] == "refused") == ("why" in entry), entry


@pytest.mark.parametrize("entry", ENTRIES, ids=[entry_id(i, e) for i, e in enumerate(ENTRIES, start=1)])
def test_no_post_is_entered_as_another_move(entry):
    """A clear post is entered as its move or refused, never as another move; a post a careful
    host could not be sure of is refused (unread, or illegal as read)."""
    got = entered(entry["position"], entry["player"], entry["post"])
    if entry["expect"] == "refused":
        assert got is None, f"entered as {got!r}; a careful host would ask ({entry['why']})"
    else:
        assert got in (None, entry["expect"]), f"entered as {got!r}, meant {entry['expect']!r}"


def test_how_many_clear_posts_are_read(capsys):
    """Nine in ten clear posts read in every game; the share per ruleset shown with `-s`."""
    read: Counter[str] = Counter()
    clear: Counter[str] = Counter()
    for entry in ENTRIES:
        if entry["expect"] != "refused":
            clear[entry["ruleset"]] += 1
            read[entry["ruleset"]] += entered(entry["position"], entry["player"], entry["post"]) == entry["expect"]
    assert sum(clear.values()) >= 200
    with capsys.disabled():
        print("\nfresh posts read: " + ", ".join(f"{r} {read[r]}/{clear[r]}" for r in RULESETS))
    short = {r: f"{read[r]}/{clear[r]}" for r in RULESETS if read[r] < 0.9 * clear[r]}
    assert not short, f"fewer than nine in ten clear posts read: {short}"
