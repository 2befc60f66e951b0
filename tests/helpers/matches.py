"""Match dicts built by hand, and their replay: a dice Tug of War match, entries added by short
tuples, the set-up rolls, and the flags a replay raised."""

from __future__ import annotations

from typing import Any

from adjudicator import matchfile, session


def dice_match(entries: list[dict[str, Any]] | None = None, **header: Any) -> dict[str, Any]:
    """A dice Tug of War match: bernd is yellow, anna is red."""
    data = {
        "format": "adjudicator-match/1",
        "id": "case",
        "rules": {"ruleset": "dice-tug-of-war"},
        "players": [{"id": "bernd", "name": "Bernd", "side": "yellow", "items": []},
                    {"id": "anna", "name": "Anna", "side": "red", "items": []}],
        "entries": [],
    }
    data.update(header)
    for entry in entries or []:
        add(data, entry)
    return data


def add(data: dict[str, Any], entry: Any) -> dict[str, Any]:
    """Append an entry given as a dict or a short tuple: ('roll', 1, 2, 3), ('bernd', {...})."""
    if isinstance(entry, tuple):
        if entry[0] == "roll":
            entry = {"type": "chance", "chance": {"dice": list(entry[1:])}}
        elif entry[0] == "host":
            entry = {"type": "host", "host": entry[1]}
        else:
            entry = {"type": "move", "player": entry[0], "move": entry[1]}
    data["entries"].append({"seq": len(data["entries"]) + 1, **entry})
    return data


def setup_entries(yellow: list[int], red: list[int]) -> list[tuple]:
    """Both setup rolls kept as rolled (DT-2)."""
    return [("roll", *yellow), ("bernd", {"reroll": []}), ("roll", *red), ("anna", {"reroll": []})]


def replayed(data: dict[str, Any]) -> tuple[Any, Any]:
    """Check a match dict as a file would be checked, and replay it."""
    match = matchfile.prepare(data, None)
    return match, session.replay_match(match)


def flags(replay: Any) -> list[tuple[int, str]]:
    """(seq, code) of every flagged entry."""
    return [(f.seq, f.code) for f in replay.flags]


def relink(data: dict[str, Any]) -> dict[str, Any]:
    """A chained match (G-9) after a hand edit, its links made again from the edit on, as a
    host who rewrites the whole log would: the file is consistent on its own (plain `check`
    finds nothing), and only a head given before the edit (`check --head`) tells. For tests
    whose hand edit is about something else (dice, clocks), so the chain is not what fails."""
    from adjudicator import chain

    if not chain.is_chained(data):
        return data
    entries, data["entries"] = data["entries"], []
    for entry in entries:
        data["entries"].append(chain.link(data, entry, "commit" in entry))
    return data
