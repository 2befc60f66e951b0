"""usecases.public, called directly: `publish` and `page` refuse an -o over the match before
any work, and return the public copy or the match for its page."""

from __future__ import annotations

import pytest

from adjudicator.errors import InputError
from adjudicator.usecases.public import page, publish
from helpers.matches import dice_match, setup_entries


def test_publish_returns_the_copy_and_what_was_left_out(write):
    path = write(dice_match(setup_entries([2, 4, 6], [1, 1, 1])))
    result = publish(path, 2)
    assert [e["seq"] for e in result.data["entries"]] == [1, 2] and result.said
    with pytest.raises(InputError, match="the match itself"):
        publish(path, output=path)


def test_page_loads_the_match_and_refuses_an_existing_output(write, tmp_path):
    path = write(dice_match(setup_entries([2, 4, 6], [1, 1, 1])))
    assert len(page(path).entries) == 4
    taken = tmp_path / "m.html"
    taken.write_text("old", encoding="utf-8")
    with pytest.raises(InputError):
        page(path, output=taken)
    assert len(page(path, output=taken, force=True).entries) == 4
