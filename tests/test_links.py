"""adjudicator.links: the private links file beside a match keeps token hashes only,
one live link a role, and tells whose a token is."""

from __future__ import annotations

import json
import os
import stat

import pytest

from adjudicator import links
from adjudicator.errors import InputError


def test_the_file_is_named_beside_the_match(tmp_path):
    assert links.links_path(tmp_path / "final.json") == tmp_path / "final.links"
    assert links.links_path(tmp_path / "final") == tmp_path / "final.links"


def test_issue_replace_revoke(tmp_path):
    match = tmp_path / "m.json"
    first = links.issue(match, "anna")
    second = links.issue(match, "anna")
    host = links.issue(match, links.HOST)
    kept = links.read(match)
    assert set(kept) == {"anna", "host"} and first != second
    assert links.role_of(kept, second) == "anna" and links.role_of(kept, first) is None
    assert links.role_of(kept, host) == "host"
    assert stat.S_IMODE(os.stat(links.links_path(match)).st_mode) == 0o600
    assert links.revoke(match, "anna") and not links.revoke(match, "anna")
    assert links.role_of(links.read(match), second) is None


@pytest.mark.parametrize("token", ["", "short", "A" * 101, "A" * 42 + "/", "A" * 42 + "=", "é" * 43])
def test_what_no_link_can_hold_is_never_looked_up(token):
    kept = {"anna": links.token_hash(token)}
    assert links.role_of(kept, token) is None


@pytest.mark.parametrize("text", ["", "{", "[]", '{"format": "other", "links": {}}',
                                  '{"format": "adjudicator-links/1", "links": {"anna": "short"}}',
                                  '{"format": "adjudicator-links/1", "links": []}'])
def test_a_file_not_ours_is_refused(tmp_path, text):
    match = tmp_path / "m.json"
    links.links_path(match).write_text(text)
    with pytest.raises(InputError, match="not a links file"):
        links.read(match)


def test_no_file_no_links(tmp_path):
    assert links.read(tmp_path / "m.json") == {}


def test_the_file_holds_hashes_and_roles_only(tmp_path):
    match = tmp_path / "m.json"
    token = links.issue(match, "anna")
    data = json.loads(links.links_path(match).read_text())
    assert data == {"format": links.FORMAT, "links": {"anna": links.token_hash(token)}}
