"""The words of dice Tug of War: the tables adjudicator.wording turns the rules' codes into
sentences with, and the wording helpers. Words only: the rules decide nothing here.

Sentences are made from the data the rules core reports only when something is shown: the
tables `WORDS` (event kinds), `REFUSALS` (codes), `ENDINGS` (terminations) and `DUES`
(labels), each code -> (game, fields) -> sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from adjudicator.games.dice_tug_of_war.rules import DiceTugOfWarRules

Say = Callable[[DiceTugOfWarRules, Mapping[str, Any]], str]   # one table entry: (game, fields) -> sentence


def dice_text(values: list[int]) -> str:
    return " ".join(str(v) for v in values) if values else "none"


def _s(count: int, word: str) -> str:
    """`word` with an `s` unless `count` is one."""
    return word if count == 1 else word + "s"


def _rerolled(game: DiceTugOfWarRules, f: Mapping[str, Any]) -> str:
    positions = f["positions"]
    left = "" if f["left"] is None else f"; {f['left']} {_s(f['left'], 're-roll')} left"
    return (f"{game.who(f['player'])} re-rolls {_s(len(positions), 'position')} {', '.join(map(str, positions))} "
            f"(showing {dice_text(f['showing'])}){left}")


def _rolled(game: DiceTugOfWarRules, f: Mapping[str, Any]) -> str:
    left = f["rerolls"]
    grant = (f"; {left} {_s(left, 're-roll')} for the {game.params['reroll_face']}s in the column"
             if left else "")
    return f"{game.who(f['player'])} rolls {dice_text(f['dice'])}{grant}"


def _attacked(game: DiceTugOfWarRules, f: Mapping[str, Any]) -> str:
    lead = f"{game.who(f['player'])} attacks with" if f["by"] == "attack" else "the other dice"
    matched = ", ".join(f"{r}≥{c}" for r, c in f["pairs"]) or "no die reaches a column die"
    return (f"{lead} {dice_text(f['rolled'])} against column {dice_text(f['column'])}: {matched}; "
            f"{game.who(game.opponent(f['player']))} loses {f['removed']} ({f['before']} → {f['after']})")


def _traded(game: DiceTugOfWarRules, f: Mapping[str, Any]) -> str:
    capped = " (limited by the reserve)" if f["capped"] else ""
    return (f"{game.who(f['player'])} trades the rolled {f['new']} for the column {f['old']}: column "
            f"{dice_text(f['column'])}; team {f['before']} → {f['after']} "
            f"({f['bonus']:+d} for the trade, {f['new'] - f['old']:+d} difference){capped}")


def _starts(game: DiceTugOfWarRules, f: Mapping[str, Any]) -> str:
    why = f"equal teams: {game.params['tie_starts']} starts" if f["tie"] else "the smaller team starts"
    return f"{why}: {game.label(f['player'])} begins"


WORDS: dict[str, Say] = {
    "setup-rolled": lambda g, f: f"{g.who(f['player'])}'s setup roll: {dice_text(f['dice'])}",
    "rolled": _rolled,
    "reroll": _rerolled,
    "rerolled": lambda g, f: f"{g.who(f['player'])}'s re-roll: {dice_text(f['dice'])}; dice now {dice_text(f['now'])}",
    "column-set": lambda g, f: (f"{g.who(f['player'])} {'keeps' if f['kept'] else 'takes'} {dice_text(f['dice'])} as the "
                                f"column: team {f['team']}, reserve {g.pawns - f['team']}"),
    "starts": _starts,
    "attacked": _attacked,
    "traded": _traded,
    "team-empty": lambda g, f: f"{g.who(f['player'])}'s team is empty: {g.who(g.opponent(f['player']))} wins",
    # The previews of legal moves.
    "would-keep": lambda g, f: f"column {dice_text(f['column'])}, team {f['team']}",
    "would-reroll": lambda g, f: f"re-roll {dice_text(f['showing'])}",
    "would-attack": lambda g, f: f"removes {f['removes']}",
    "would-trade": lambda g, f: f"team {f['before']} → {f['after']}, removes {f['removes']}",
    "would-empty-own-team": lambda g, f: "empties your own team: you lose",
}


def _bad_position(game: DiceTugOfWarRules, f: Mapping[str, Any]) -> str:
    if f["position"] is None:
        return "a re-roll names each position once"
    return (f"position {f['position']} does not exist: positions run 1–{f['size']} "
            f"in the last roll ({dice_text(f['rolled'])})")


REFUSALS: dict[str, Say] = {
    "in-setup": lambda g, f: (f"{g.who(f['player'])} is still setting up: keep the setup roll or re-roll "
                              "1–3 of its dice"),
    "reroll-position": _bad_position,
    "empty-reroll": lambda g, f: ("an empty re-roll only keeps a setup roll; in a turn, re-roll "
                                  "some dice, attack or trade"),
    "reroll-allowance": lambda g, f: (f"{g.who(f['player'])} may re-roll {f['left']} more {'die' if f['left'] == 1 else 'dice'}"
                                      f" this turn (one per {f['face']} in the column, which has {f['allowance']})"),
    "trade-not-rolled": lambda g, f: f"no {f['value']} was rolled (rolled: {dice_text(f['rolled'])})",
    "trade-not-in-column": lambda g, f: f"the column has no {f['value']} (column: {dice_text(f['column'])})",
    "trade-same-value": lambda g, f: f"a trade needs dice of different values, not {f['rolled']} for {f['old']}",
}

ENDINGS: dict[str, Say] = {
    "team-empty": lambda g, f: f"{g.who(f['player'])}'s team has no pawns left",
    "own-goal": lambda g, f: f"{g.who(f['player'])}'s trade emptied their own team",
    "equal-teams": lambda g, f: f"equal teams ({f['team']} each)",
    "larger-team": lambda g, f: f"larger team ({f['team']} to {f['other']})",
}


def _reroll_label(game: DiceTugOfWarRules, f: Mapping[str, Any]) -> str:
    positions = f["positions"]
    return f"re-roll of {_s(len(positions), 'position')} {', '.join(map(str, positions))} for {game.who(f['player'])}"


DUES: dict[str, Say] = {
    "setup-roll": lambda g, f: f"setup roll: {f['dice']} dice for {g.who(f['player'])}",
    "turn-roll": lambda g, f: f"turn roll: {f['dice']} dice for {g.who(f['player'])}",
    "reroll": _reroll_label,
    "setup-decision": lambda g, f: "keep or re-roll the setup roll",
    "turn-decision": lambda g, f: "re-roll, attack or trade",
}
