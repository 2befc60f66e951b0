"""The example matches in matches/ are valid, current and check clean (the README demo uses them)."""

from __future__ import annotations

import pytest

from adjudicator import matchfile, session
from helpers import REPO

EXAMPLES = sorted((REPO / "matches").glob("*.json"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_is_current_and_finished(path):
    match = matchfile.load(path)
    assert match.warnings == [], "ruleset changed: update rules.sha256 of the example"
    replay = session.replay_match(match)
    assert replay.outcome is not None and replay.warnings == []
    assert all(flag.acknowledged for flag in replay.flags)


def test_there_are_examples_of_each_kind():
    names = [p.name for p in EXAMPLES]
    assert any(n.startswith("dice-") for n in names) and len(names) >= 3
