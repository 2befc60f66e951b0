"""The named positions of the posts table (tests/data/posts.yaml's `position`), each a match
as a file holds it, and a post read in one as `move` reads it. The table's test
(test_reading_posts) and the tests that read a post in a named position share them."""

from __future__ import annotations

import copy
from typing import Any, Callable

from adjudicator import matchfile, session
from helpers.matches import add, dice_match, setup_entries

def header(ruleset: str, items: tuple[str, ...] = (), **extra: Any) -> dict[str, Any]:
    """A new match of `ruleset` between sally (red) and maddie (blue), both holding `items`."""
    data = {"format": "adjudicator-match/1", "id": "posts", "rules": {"ruleset": ruleset},
            "players": [{"id": "sally", "name": "Sally", "side": "red", "items": list(items)},
                        {"id": "maddie", "name": "Maddie", "side": "blue", "items": list(items)}],
            "entries": []}
    data.update(extra)
    return data


def with_entries(data: dict[str, Any], entries: list[Any]) -> dict[str, Any]:
    data["entries"] = []
    for entry in entries:
        add(data, entry)
    return data


def tow(ruleset: str, entries: list[Any] = ()) -> dict[str, Any]:
    """Tug of War: sally (red) plays first (hand 1 1 1), maddie second (1 1 2); both hold Block Move."""
    return with_entries(header(ruleset, ("block-move",), first="sally"), list(entries))


def track_trouble(entries: list[Any] = ()) -> dict[str, Any]:
    """Track Trouble with the ruleset's own layouts. Round 1: tracks T1 (3 carts, to N1 = 2),
    T2 (3 carts; south switch purple: N2 = 4 or N3 = 6), T3 (2 carts, to N2); no train."""
    return with_entries(header("track-trouble", ("extra-miner", "remote-switch", "hidden-value")), list(entries))


def arrowbic(entries: list[Any] = ()) -> dict[str, Any]:
    """Arrowbic: sally is red and starts (pieces: red C5, blue G5); both hold Retake."""
    return with_entries(header("arrowbic", ("retake",), first="sally"), list(entries))


def streak(entries: list[Any] = ()) -> dict[str, Any]:
    """Winning Streak: sally holds the Advantage (WS-5)."""
    return with_entries(header("winning-streak", (), advantage="sally"), list(entries))


def placed(turn: int, troop: str, location: str) -> dict[str, Any]:
    return {"phase": "placement", "turn": turn, "troop": troop, "location": location}


# Winning Streak placements, turn by turn (troop, location), for the relocation position.
WS_SALLY = [("5/5", "A"), ("4/5", "B"), ("3/5", "C"), ("2/2", "D"), ("1/1", "E"), ("5/4", "F"), ("4/4", "G"),
            ("3/3", "H"), ("2/5", "I"), ("1/5", "J"), ("5/1", "K"), ("4/1", "L"), ("3/1", "M")]
WS_MADDIE = [("1/1", "A"), ("5/5", "B"), ("2/3", "C"), ("4/4", "D"), ("3/2", "E"), ("1/2", "F"), ("5/2", "G"),
             ("2/1", "H"), ("3/4", "I"), ("5/3", "J"), ("1/3", "K"), ("4/2", "L"), ("2/4", "M")]


def ws_relocation() -> dict[str, Any]:
    entries: list[Any] = []
    for turn, (mine, hers) in enumerate(zip(WS_SALLY, WS_MADDIE), start=1):
        entries += [("sally", placed(turn, *mine)), ("maddie", placed(turn, *hers))]
    return streak(entries)


ARROWBIC_MID = [("sally", {"place": "E5", "arrow": "up"}), ("maddie", {"place": "F3", "arrow": "left"}),
                ("sally", {"place": "D6", "arrow": "right"}), ("maddie", {"place": "G7", "arrow": "down"})]

# The named positions of the table: (ruleset, the match as a file holds it).
#   tow1-start / tow2-start    sally to play, hand 1 1 1, seven modules active (Block Move usable, TW-18)
#   tow1-second / tow2-second  after sally's first move; maddie to play, hand 1 1 2
#   tt-r1c1                    round 1 crossing 1, nothing submitted (a Hidden Value may still come first)
#   dice-setup-116             bernd's (yellow) setup roll 1 1 6, bernd to keep or re-roll (DT-2)
#   dice-turn                  bernd's column 2 6 6 (two re-rolls, DT-3), his turn roll 5 3 5
#   dice-turn-6                bernd's column 2 3 6 (one re-roll), his turn roll 6 4 1
#   dice-turn-135, -152        bernd's column 2 6 6 (two re-rolls), his turn roll 1 3 5 / 1 5 2
#   arrowbic-start / -second   sally (red) to place first / maddie after sally's E5 up
#   arrowbic-mid               four placements in; sally to place, not right; Retake possible (AX-8)
#   ws-placement-t1            placement turn 1
#   ws-relocation-r1           after the 13 placements and fight 1: relocation round 1 (WS-4)
POSITIONS: dict[str, tuple[str, Callable[[], dict[str, Any]]]] = {
    "tow1-start": ("tug-of-war-v1", lambda: tow("tug-of-war-v1")),
    "tow1-second": ("tug-of-war-v1", lambda: tow("tug-of-war-v1", [("sally", {"module": "rope", "cards": [1, 1]})])),
    "tow2-start": ("tug-of-war-v2", lambda: tow("tug-of-war-v2")),
    "tow2-second": ("tug-of-war-v2", lambda: tow("tug-of-war-v2", [("sally", {"module": "race", "cards": [1, 1]})])),
    "tt-r1c1": ("track-trouble", lambda: track_trouble()),
    "dice-setup-116": ("dice-tug-of-war", lambda: dice_match([("roll", 1, 1, 6)])),
    "dice-turn": ("dice-tug-of-war", lambda: dice_match([*setup_entries([6, 6, 2], [4, 5, 6]), ("roll", 5, 3, 5)])),
    "dice-turn-6": ("dice-tug-of-war", lambda: dice_match([*setup_entries([6, 3, 2], [4, 5, 6]), ("roll", 6, 4, 1)])),
    "dice-turn-135": ("dice-tug-of-war", lambda: dice_match([*setup_entries([6, 6, 2], [4, 5, 6]), ("roll", 1, 3, 5)])),
    "dice-turn-152": ("dice-tug-of-war", lambda: dice_match([*setup_entries([6, 6, 2], [4, 5, 6]), ("roll", 1, 5, 2)])),
    "arrowbic-start": ("arrowbic", lambda: arrowbic()),
    "arrowbic-second": ("arrowbic", lambda: arrowbic(ARROWBIC_MID[:1])),
    "arrowbic-mid": ("arrowbic", lambda: arrowbic(ARROWBIC_MID)),
    "ws-placement-t1": ("winning-streak", lambda: streak()),
    "ws-relocation-r1": ("winning-streak", ws_relocation),
}


def position(name: str) -> tuple[Any, Any]:
    """The named position as `move` sees it: the match file checked, then replayed."""
    _, build = POSITIONS[name]
    match = matchfile.prepare(copy.deepcopy(build()), None)
    return match, session.replay_match(match)


def first_to_act(name: str) -> str:
    """The player who acts in the named position (the first listed where both do: a sealed phase)."""
    _, replay = position(name)
    return replay.to_act()[0]


def read(name: str, player: str, post: str) -> str:
    """The post as `move` reads it in the position, in canonical form (as tests/test_reading.py's read)."""
    match, replay = position(name)
    move = session.read_move(match, replay, player, post, False, "m.json")
    return match.game.format_move(move)


def entered_in(match: Any, replay: Any, player: str, post: str) -> str | None:
    """What `move` enters for the post in a replayed match: the move read, when the rules take
    it too, in canonical form; None when it is refused (unread, or illegal as read)."""
    from adjudicator.errors import InputError

    try:
        move = session.read_move(match, replay, player, post, False, "m.json")
    except InputError:
        return None
    log = replay.step({"seq": replay.last_seq + 1, "type": "move", "player": player, "move": move})
    return None if log.flag is not None else match.game.format_move(move)


def read_as(name: str, player: str, post: str) -> str | None:
    """The move the post is read as in the named position, before the rules judge it, in
    canonical form; None when it is refused as unread. A clear post read as another move that the
    rules then refuse is a misreading reported as the player's illegal move (exit 1)."""
    from adjudicator.errors import InputError

    try:
        return read(name, player, post)
    except InputError:
        return None


def entered(name: str, player: str, post: str) -> str | None:
    """What `move` enters for the post in the named position (entered_in)."""
    return entered_in(*position(name), player, post)


def refused(call: Callable[..., Any], *args: Any) -> Any:
    """The InputError with which `call(*args)` refuses a post; the test fails if it reads one."""
    import pytest

    from adjudicator.errors import InputError

    with pytest.raises(InputError) as refusal:
        said = call(*args)
        pytest.fail(f"read as {said!r}")
    return refusal.value
