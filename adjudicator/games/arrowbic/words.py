"""The words of Arrowbic Exercise: every sentence the game shows, made from data when shown.

The rules core (rules.py) reports what happened as `Event`s of plain data (cells by name,
players by id), refuses with `Illegal` codes and ends with termination codes; the tables
here word them (adjudicator.wording reads `WORDS`, `REFUSALS`, `ENDINGS` and `DUES` from
the game class). No rule reads these sentences.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from adjudicator.games.arrowbic.rules import ArrowbicRules

Say = Callable[[ArrowbicRules, Mapping[str, Any]], str]

# Sentences are made here only, from the data of events, refusals, outcomes and dues.

# The arrows as sentences and the text board show them.
GLYPH = {"up": "↑", "right": "→", "down": "↓", "left": "←"}


def _arrow(arrow: str) -> str:
    return f"{GLYPH[arrow]} {arrow}"


def _who(game: ArrowbicRules, f: Mapping[str, Any]) -> str:
    """`maddie (red)`: a player with the side in effect, which the event carries (G-6: a
    `first` or pick may have swapped the header's sides, so Game.label would not do)."""
    return f"{game.who(f['player'])} ({f['side']})"


def _why(game: ArrowbicRules, f: Mapping[str, Any]) -> str:
    order = "".join(side[0].upper() for side in game.params["movement_order"])
    return f"after placement {f['k']} {game.who(f['player'])}'s {f['side']} piece moves ({order}… order)"


def _moved(game: ArrowbicRules, f: Mapping[str, Any]) -> str:
    follows = f"{_why(game, f)}: it follows {game.who(f['owner'])}'s {GLYPH[f['arrow']]} on {f['cell']}"
    return f"{follows} to {f['to']}" if f["to"] is not None else f"{follows} {f['arrow']}, off the board"


def _undone(game: ArrowbicRules, step: Mapping[str, Any]) -> str:
    if step["pass"]:
        return f"placement {step['k']} ({game.who(step['player'])} passed)"
    back = step["back"]
    back = f", {back} captured stone{'s' if back != 1 else ''} back" if back else ""
    return f"placement {step['k']} ({game.who(step['player'])} {GLYPH[step['arrow']]} on {step['cell']}{back})"


def _first_by_pick(game: ArrowbicRules, f: Mapping[str, Any]) -> str:
    """The opening pick (G-6 as amended): the player drawn plays the starting side (red); one
    the header lists as blue swaps sides with the other player for the match."""
    first = f["first"]
    starting = game.params["starting_side"]
    source = "copied from a dice bot" if f.get("external") else "drawn from the match seed"
    listed = game.by_id[first].side if first in game.by_id else starting
    swap = (f"; the header lists {game.who(first)} as {listed}, so the players swap sides for the match"
            if listed != starting else "")
    return f"{game.who(first)} ({starting}) starts: {source}{swap}"


def _retake(game: ArrowbicRules, f: Mapping[str, Any]) -> str:
    barred = f["barred"]
    rule = f"may not use {_arrow(barred)}, as the first time" if barred else "may use any arrow"
    return (f"{_who(game, f)} uses Retake: undoes {' and '.join(_undone(game, u) for u in f['undone'])} "
            f"with their movements; {game.who(f['player'])} places again and {rule}")


WORDS: dict[str, Say] = {
    "placed": lambda g, f: f"placement {f['k']}: {_who(g, f)} places {_arrow(f['arrow'])} on {f['cell']}",
    "captured": lambda g, f: (f"captures {', '.join(f['cells'])} ({f['direction']} of {f['cell']}, closed by "
                              f"{g.who(f['player'])}'s stone on {f['closer']})"),
    "stayed": lambda g, f: f"{_why(g, f)}: it stands on {f['cell']} without a stone and stays",
    "moved": _moved,
    "left-board": lambda g, f: f"{g.who(f['player'])}'s piece has left the board: {g.who(f['player'])} loses, {g.who(f['winner'])} wins",
    "passed": lambda g, f: (f"placement {f['k']}: {_who(g, f)} has no legal placement and passes; the "
                            "pass counts as a placement for the movement order"),
    "stuck": lambda g, f: ("neither player has a legal placement and neither piece stands on a stone: nothing can "
                           "change, so the match ends drawn (adjudicator's reading)"),
    "retake": _retake,
    "first-by-pick": _first_by_pick,   # the engine's event, worded with the side the pick gives (G-6)
    # Previews of legal moves, joined with "; " (wording.preview).
    "would-capture": lambda g, f: f"captures {', '.join(f['cells'])}",
    "would-stay": lambda g, f: f"{g.who(f['player'])}'s piece stays on {f['cell']}",
    "would-move": lambda g, f: f"{g.who(f['player'])}'s piece → {f['to']}",
    "would-leave": lambda g, f: f"{g.who(f['player'])}'s piece leaves the board: {g.who(f['player'])} loses",
    "would-retake": lambda g, f: f"undo the last {f['count']} placements and place again",
}

REFUSALS: dict[str, Say] = {
    "off-board": lambda g, f: (f"{f['place']} is not on the board: columns run A–{chr(ord('A') + g.size - 1)}, "
                               f"rows 1–{g.size}"),
    "occupied": lambda g, f: (f"{f['cell']} already holds {g.who(f['owner'])}'s {_arrow(f['arrow'])} stone; a stone goes "
                              "on a cell without one"),
    "same-arrow": lambda g, f: (f"{g.who(f['player'])} placed {_arrow(f['arrow'])} last time and may not use the same "
                                "arrow twice in a row"),
    "closed-loop": lambda g, f: (f"{_arrow(f['arrow'])} on {f['cell']} would close a loop of {len(f['loop']) - 1} "
                                 f"stones: {' → '.join(f['loop'])} (a loop is checked before captures)"),
    "retake-too-early": lambda g, f: (f"Retake undoes the last {f['count']} placements, and only {f['done']} "
                                      f"{'has' if f['done'] == 1 else 'have'} been made"),
    "retake-after-pass": lambda g, f: (f"{g.who(f['player'])}'s last turn was a pass (no legal placement): Retake would "
                                       "give back a turn with nothing to place"),
}

ENDINGS: dict[str, Say] = {
    "off-board": lambda g, f: f"{g.who(f['player'])}'s piece left the board from {f['cell']} going {f['arrow']}",
    "stuck-draw": lambda g, f: "no player can place a stone and no piece can move (a draw: the rules are silent)",
    "pieces-on-board": lambda g, f: "both pieces are still on the board (AX-6): no winner",
}

DUES: dict[str, Say] = {
    "place": lambda g, f: f"place a stone (not {f['barred']})" if f.get("barred") else "place a stone",
}
