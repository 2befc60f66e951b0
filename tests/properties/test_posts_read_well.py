"""Every post of simulated matches reads well where it is pasted ("Proof").

Simulated matches of every ruleset, three ways: plain, with every item held, and timed in a
time zone. At sampled points of each, the post of that one update is made in every text
format and checked for what a host would otherwise edit by hand: no command names, no raw
UTC time in a zoned match, Discord messages of at most 2,000 characters with no code-block
line wider than a phone shows, no raw `@everyone`/`@here`, and no sealed submission said to
be in while the Submitted line says it is not.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest

from adjudicator import posting
from adjudicator.render import DISCORD_LIMIT, PHONE_WIDTH, discord_length, discord_messages, display_width
from helpers.strategies import RULESETS, loaded, simulated

FORMATS = ("text", "markdown", "bbcode", "discord")
START = datetime(2026, 11, 20, 18, 0, tzinfo=timezone.utc)
UTC_STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d")
PING = re.compile(r"@(everyone|here)", re.IGNORECASE)
SAMPLES = 12   # points of each match


def timed(data: dict[str, Any]) -> dict[str, Any]:
    """The match played at a steady pace, 20 s an entry, its times told in Berlin."""
    data["time_zone"] = "Europe/Berlin"
    data["started"] = START.isoformat().replace("+00:00", "Z")
    for index, entry in enumerate(data["entries"], 1):
        entry["at"] = (START + timedelta(seconds=20 * index)).isoformat().replace("+00:00", "Z")
    return data


def cases() -> list[tuple[str, int, bool]]:
    return [(ruleset, index, zoned) for ruleset in RULESETS for index, zoned in ((0, False), (1, False), (1, True))]


def points(count: int) -> list[int]:
    """Sampled update points 1…count, the last one always (a finished match's final post)."""
    step = max(1, count // SAMPLES)
    return sorted({*range(1, count + 1, step), count})


def updates(ruleset: str, index: int, zoned: bool):
    """(k, the post of update k alone) at sampled points of one simulated match."""
    data = simulated(ruleset, index)
    if zoned:
        data = timed(data)
    for k in points(len(data["entries"])):
        match = loaded({**data, "entries": data["entries"][:k]})
        yield k, posting.plan(match, "2026-11-22T12:00:00Z", since=k - 1)


@pytest.mark.parametrize("ruleset, index, zoned", cases())
def test_every_post_reads_well_where_it_is_pasted(ruleset, index, zoned, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-22T12:00:00Z")
    checked = updated = 0
    for k, post in updates(ruleset, index, zoned):
        updated += 1
        for fmt in FORMATS:
            said = posting.text(post, fmt)
            where = (ruleset, index, zoned, k, fmt)
            assert "adjudicator " not in said, where                  # no host commands in public
            if zoned:
                assert not UTC_STAMP.search(said), (where, UTC_STAMP.search(said))
            if fmt == "discord":
                check_discord(said, where)
            checked += 1
        check_submitted(post, (ruleset, index, zoned, k))
    assert updated >= 1 and checked == len(FORMATS) * updated   # every format of every sampled update


def check_discord(said: str, where: Any) -> None:
    """One message when the update fits; each at most 2,000 (as Discord counts); code lines
    within a phone's width; nobody pinged."""
    messages = discord_messages(said)
    assert all(discord_length(message) <= DISCORD_LIMIT for message in messages), where
    if discord_length(said.rstrip("\n")) <= DISCORD_LIMIT:
        assert len(messages) == 1, where
    bodies = [re.sub(r"^\(\d+/\d+\)\n", "", message).strip() for message in messages]
    assert not any("\n" not in body and body.startswith("**") and body.endswith("**") for body in bodies), where
    code = [line for block in re.findall(r"```\n(.*?)\n```", said, flags=re.DOTALL) for line in block.split("\n")]
    assert all(display_width(line) <= PHONE_WIDTH for line in code), (where, max(code, key=display_width))
    assert not PING.search(said), where


def check_submitted(post: Any, where: Any) -> None:
    """A sealed submission the post shows as made is one the Submitted line counts (G-2)."""
    from adjudicator import views

    res = views.result(post.match, post.replay)
    submitted = res.get("submitted") or {}
    for log in post.logs:
        if log.sealed and log.flag is None and views.entry_view(log)["summary"] == "sealed submission" \
                and log.player in submitted:
            assert submitted[log.player], (where, log.seq)
