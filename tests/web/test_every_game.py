"""A whole match of every ruleset played through the players' links ("Done when"):
each player gives a salt and sends moves from the moves their page offers, the server draws
the rolls once both salts are in (G-8),
and the log `check`s clean at the end. The host never acts."""

from __future__ import annotations

import json
import random

import pytest
from starlette.testclient import TestClient

from adjudicator.usecases.serving import seat
from adjudicator.web.app import Settings, create_app
from adjudicator.web.limits import Rate
from helpers.serving import entries_of, linked

RULESETS = {"arrowbic": ("red", "blue"), "dice-tug-of-war": ("yellow", "red"), "track-trouble": ("red", "blue"),
            "tug-of-war-v1": ("red", "blue"), "tug-of-war-v2": ("red", "blue"), "winning-streak": ("red", "blue")}
MOST_MOVES = 3000


def to_act(client, name):
    board = client.get(f"/m/{name}/board.json").json()
    return board["status"], board["to_act"]


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_a_whole_match_through_the_links(tmp_path, cli, ruleset):
    red, blue = RULESETS[ruleset]
    path = tmp_path / "match.json"
    made = cli("new", ruleset, "-p", f"anna=Anna:{red}", "-p", f"bernd=Bernd:{blue}", "--untimed", "--first", "random",
               "-o", path)
    if made.code != 0:   # a game whose first player is not drawn
        made = cli("new", ruleset, "-p", f"anna=Anna:{red}", "-p", f"bernd=Bernd:{blue}", "--untimed", "-o", path,
                   "--force")
    assert made.code == 0, made.err
    links = linked(path, ("anna", "bernd"))
    chooser = random.Random(ruleset)
    unlimited = Rate(1_000_000, 1.0)
    app = create_app(Settings(folder=tmp_path, write_rate=unlimited, read_rate=unlimited), keep=False)
    with TestClient(app) as client:
        from adjudicator.usecases.serving import roll_due

        assert roll_due(path) == ()   # nothing drawn before both salts (G-8)
        salted = bool(json.loads(path.read_text(encoding="utf-8")).get("draws"))   # a game that draws (G-8)
        for player, word in (("anna", "pepper"), ("bernd", "nutmeg")) if salted else ():
            assert client.post(links.of(player), json={"salt": word}).status_code == 201   # through their link
        roll_due(path)   # the keeper's look: set-up rolls or the draw of who starts, drawn with the last salt
        sent = 0
        status, players = to_act(client, "match")
        while status == "in_progress" and sent < MOST_MOVES:
            assert players, f"{ruleset}: nobody to act and no roll drawn after entry {len(entries_of(path))}"
            player = chooser.choice(players)
            moves = seat(path, player).moves
            assert moves, f"{ruleset}: {player} is to act but is offered no move"
            answer = client.post(links.of(player), json={"move": chooser.choice(moves)[1]})
            assert answer.status_code == 201, answer.text
            sent += 1
            status, players = to_act(client, "match")
    assert status == "finished", f"{ruleset}: not finished after {sent} moves"
    checked = cli("check", path, "--format", "json")
    assert checked.code == 0 and checked.json["files"][0].get("unsalted_draws", []) == []
    assert {e.get("player") for e in entries_of(path) if e["type"] == "move"} == {"anna", "bernd"}
