"""usecases.pasting, called directly: a block of posts from a file or a stream, entered."""

from __future__ import annotations

import io

import pytest

from adjudicator.errors import InputError
from adjudicator.usecases.pasting import PasteOptions, paste_posts, read_posts
from helpers.matches import dice_match, setup_entries


def test_posts_from_a_stream_are_entered(write):
    path = write(dice_match(setup_entries([2, 4, 6], [1, 1, 1])))
    stream = io.TextIOWrapper(io.BytesIO(b"[10:14] carl: gl hf\n"), encoding="utf-8")
    result = paste_posts(path, "-", stream, PasteOptions(dry_run=True))
    assert [post.author for post in result.posts] == ["carl"]
    assert result.outcome.error is None and result.outcome.skipped and not result.outcome.added


def test_read_posts_from_a_file_and_refusals(tmp_path):
    block = tmp_path / "posts.txt"
    block.write_bytes(b"\xef\xbb\xbfanna: keep\n")
    assert read_posts(str(block), None) == ("anna: keep\n", str(block))
    with pytest.raises(InputError, match="no standard input"):
        read_posts(None, None)
    with pytest.raises(InputError, match="not UTF-8"):
        read_posts("-", io.BytesIO(b"\xff"))
