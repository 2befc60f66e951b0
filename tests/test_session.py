"""adjudicator.session: the use cases every command shares. Here: one check for an entry
number outside the log, said the same way by every command that takes one."""

from __future__ import annotations

import pytest

NEW = ("new", "dice-tug-of-war", "-p", "bernd=Bernd:yellow", "-p", "anna=Anna:red", "--no-seed")


@pytest.mark.parametrize("command", [("board", "--at"), ("board", "--at", "--format", "svg"),
                                     ("publish", "--at"), ("post", "--since", "--dry-run")])
def test_every_command_says_an_entry_number_outside_the_log_alike(cli, tmp_path, command):
    match = tmp_path / "m.json"
    assert cli(*NEW, "-o", match).code == 0
    name, option, *more = command
    res = cli(name, match, option, "7", *more)
    assert res.code == 2
    assert res.err == f"adjudicator: {match}: {option} 7 is outside the log (no entries yet; 0 is the start).\n"
