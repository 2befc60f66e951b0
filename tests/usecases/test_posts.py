"""usecases.posts, called directly: `post` reads --at in the match's time zone, makes the post
and remembers it; --again with --since, or an unreadable --at, is refused naming its option."""

from __future__ import annotations

import json
import shutil

import pytest

from adjudicator.errors import OptionError
from adjudicator.usecases.posts import post
from helpers import REPO


@pytest.fixture
def demo(tmp_path):
    path = tmp_path / "dice-demo.json"
    shutil.copy(REPO / "matches" / "dice-demo.json", path)
    return path


def test_post_records_the_time_read_from_at(demo):
    made, text = post(demo, "text", at="2026-11-21 20:14")
    assert json.loads(demo.read_text(encoding="utf-8"))["posted"]["at"] == "2026-11-21T20:14:00Z"
    assert text and made.notes


def test_a_dry_run_remembers_nothing(demo):
    before = demo.read_bytes()
    made, text = post(demo, "bbcode", record=False)
    assert "[b]" in text.lower() and demo.read_bytes() == before


@pytest.mark.parametrize(("options", "option"), [({"again": True, "since": 0}, "--since"), ({"at": "nonsense"}, "--at")])
def test_refusals_name_their_option_and_write_nothing(demo, options, option):
    before = demo.read_bytes()
    with pytest.raises(OptionError) as refused:
        post(demo, "text", **options)
    assert refused.value.option == option and demo.read_bytes() == before
