"""Arrowbic Exercise matches built by hand, for the tests of games/arrowbic/: sally is red,
maddie blue; moves typed as ('sally', 'E5 up'), replayed, and the public board."""

from __future__ import annotations

from adjudicator import matchfile, session
from helpers.matches import add

SALLY, MADDIE = "sally", "maddie"  # sally is red, maddie is blue


def arrow_match(entries=(), items=None, params=None, **header):
    data = {
        "format": "adjudicator-match/1",
        "id": "case",
        "rules": {"ruleset": "arrowbic"},
        "players": [{"id": SALLY, "name": "Sally", "side": "red", "items": list((items or {}).get(SALLY, []))},
                    {"id": MADDIE, "name": "Maddie", "side": "blue", "items": list((items or {}).get(MADDIE, []))}],
        "entries": [],
    }
    if params:
        data["rules"]["params"] = params
    data.update(header)
    for entry in entries:
        add(data, entry)
    return data


def m(player, text):
    """('sally', 'E5 up') → a move entry; 'retake' uses the item."""
    if text == "retake":
        return (player, {"item": {"use": "retake"}})
    cell, arrow = text.split()
    return (player, {"place": cell, "arrow": arrow})


def play(*moves, items=None, params=None, **header):
    match = matchfile.prepare(arrow_match([m(*mv) if isinstance(mv, tuple) and isinstance(mv[1], str) else mv
                                           for mv in moves],
                                          items, params, **header), None)
    return match, session.replay_match(match)


def view(*moves, **kw):
    match, replay = play(*moves, **kw)
    return match.game.public_view(replay.state), replay
