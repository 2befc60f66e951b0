"""Track Trouble's words: every sentence its events, refusals, endings and due labels become.

The rules core (rules.py) reports data only; these tables (code -> (game, fields) -> sentence)
word it when something is shown (adjudicator.wording). Fields hold public data only: a
destination whose value is hidden carries "?" in a departure, never its value (TT-7).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from adjudicator.games.track_trouble import notation as tt_notation
from adjudicator.games.track_trouble.state import HIDDEN

if TYPE_CHECKING:
    from adjudicator.games.track_trouble.rules import TrackTroubleRules

Say = Callable[["TrackTroubleRules", Mapping[str, Any]], str]


def miners_text(miners: list[int]) -> str:
    """`1, 3, 4`: miner numbers in order, as narration and messages list them."""
    return ", ".join(map(str, sorted(miners)))


def _s(count: int) -> str:
    return "s" if count != 1 else ""


def _who(game: TrackTroubleRules, boarders: Mapping[str, list[int]]) -> str:
    """`Sally 1, 2; Maddie 3`: the players and miners aboard, every player listed in order."""
    return "; ".join(f"{game.who(p)} {miners_text(m)}" for p, m in boarders.items() if m)


def _pair(game: TrackTroubleRules, points: Mapping[str, int]) -> str:
    a, b = game.player_ids
    return f"{game.who(a)} {points[a]}, {game.who(b)} {points[b]}"


# --- Events ---------------------------------------------------------------------------------

def _actions(game: TrackTroubleRules, f: Mapping[str, Any]) -> str:
    return f"{game.who(f['player'])}'s actions: {shown_actions(f)}"


def shown_actions(f: Mapping[str, Any]) -> str:
    """A player's submission as the crossing's report shows it (TT-5): notation, or none."""
    if not f["submitted"]:
        return "no submission"
    return tt_notation.format_move({"actions": f["actions"], "items": f["items"]})


def _switch(game: TrackTroubleRules, f: Mapping[str, Any]) -> str:
    who = []
    miners, remote = f["miners"], f["remote"]
    for player in game.player_ids:
        mine = miners.get(player)
        if mine:
            who.append(f"{game.who(player)} miner{'s' if len(mine) > 1 else ''} {miners_text(mine)}")
        if player in remote:
            who.append(f"{game.who(player)}'s Remote Switch")
    count = f["count"]
    return (f"switch {f['switch']}: {count} activation{'s' if count > 1 else ''} ({'; '.join(who)}): "
            f"state {f['before']} → {f['after']} (of 0–{f['states'] - 1})")


def _departed(game: TrackTroubleRules, f: Mapping[str, Any]) -> str:
    shown = f["value"]
    note = " (Hidden Value: shown at the end of the round)" if shown == HIDDEN else ""
    return (f"{f['track']} departs with {_who(game, f['boarders'])} ({f['total']} of {f['carts']} minecarts) to "
            f"{f['destination']}: {shown} point{'s' if shown != 1 else ''} each{note}; {f['left']} left")


def _train_leaves(game: TrackTroubleRules, f: Mapping[str, Any]) -> str:
    why = "it always leaves in the last crossing" if f["last"] else f"all its boarders are {game.who(f['owner'])}'s"
    points = f["points"]
    return f"the train leaves ({why}) with {_who(game, f['boarders'])}: {points} point{_s(points)} each"


def _crossing_totals(game: TrackTroubleRules, f: Mapping[str, Any]) -> str:
    parts = []
    for player in game.player_ids:
        text = f"{game.who(player)} {f['points'][player]}"
        unknown = f["unknown"][player]
        if unknown:
            text += f" + ? ({unknown} miner{'s' if unknown > 1 else ''} at a hidden value)"
        parts.append(text)
    return f"totals after round {f['round']}, crossing {f['crossing']}: {', '.join(parts)}"


def _failed(game: TrackTroubleRules, f: Mapping[str, Any]) -> str:
    failed = f["failed"]
    lost = (f"{game.who(f['player'])}'s miner{'s' if len(failed) > 1 else ''} {miners_text(failed)} did not cross and "
            f"score 0 this round")
    benched = f["benched"]
    if benched is None:      # the match ends with this round: there is no next round to bench for
        return lost
    bench = len(benched)
    extra = "; Extra Miner counts as one of the failures, so one fewer is benched" if f["absorbed"] else ""
    nxt = f"miner{_s(bench)} {miners_text(benched)} sit{'s' if bench == 1 else ''} " \
          f"out crossing 1 of the next round" if bench else "nobody is benched next round"
    return f"{lost}; {nxt}{extra}"


def _hidden_scored(game: TrackTroubleRules, f: Mapping[str, Any]) -> str:
    miners = f["miners"]
    return f"{game.who(f['player'])}'s {miners} miner{'s' if miners > 1 else ''} at a hidden value score {f['points']}"


def _preview(text: Callable[[Mapping[str, Any]], str]) -> Say:
    """A legal move's preview of one miner's action, `Extra Miner, and …` when it is miner 8's."""
    return lambda game, f: ("Extra Miner, and " if f.get("extra") else "") + text(f)


def _whole(game: TrackTroubleRules, f: Mapping[str, Any]) -> str:
    note = f"; overfills {', '.join(f['over'])} on its own" if f["over"] else ""
    return f"a whole submission: {f['miners']} miners act{note}"


WORDS: dict[str, Say] = {
    "hidden-value": lambda g, f: (f"{g.who(f['player'])} uses Hidden Value Crossing: {f['destination']} is worth "
                                  f"{f['value']} this round instead of {f['was']}; the public board shows '?' "
                                  f"until the round ends"),
    "extra-miner": lambda g, f: f"{g.who(f['player'])} uses Extra Miner: miner {f['miner']} joins for round {f['round']}",
    "actions": _actions,
    "remote-switch": lambda g, f: f"{g.who(f['player'])}'s Remote Switch activates {f['switch']}",
    "switch": _switch,
    "overfilled": lambda g, f: (f"{f['track']} is overfilled: {f['total']} miners ({_who(g, f['boarders'])}) for "
                                f"{f['carts']} minecart{_s(f['carts'])}; nobody departs, they stay south"),
    "departed": _departed,
    "train-stays": lambda g, f: (f"the train stays: both players boarded it ({_who(g, f['boarders'])}) in crossing "
                                 f"{f['crossing']}; they stay south and must board again to ride"),
    "train-empty": lambda g, f: f"the train leaves empty in crossing {f['crossing']}",
    "train-leaves": _train_leaves,
    "crossing-totals": _crossing_totals,
    "all-crossed": lambda g, f: f"all of {g.who(f['player'])}'s miners crossed in round {f['round']}",
    "failed": _failed,
    "hidden-revealed": lambda g, f: (f"Hidden Value revealed: {f['destination']} was worth {f['value']} in round "
                                     f"{f['round']} (set by {g.who(f['player'])}; printed value {f['was']})"),
    "hidden-scored": _hidden_scored,
    "round-totals": lambda g, f: f"totals after round {f['round']}: {_pair(g, f['points'])}",
    "won": lambda g, f: f"{g.who(f['winner'])} wins with more points after round {f['round']}",
    "tie-break": lambda g, f: f"totals are tied after round {f['round']}: tie-break round {f['round'] + 1} follows",
    # Previews of legal moves (never in a log)
    "preview-nothing": lambda g, f: "no action for any miner",
    "preview-board": _preview(lambda f: (f"miner {f['miner']} boards {f['track']} ({f['left']} minecart"
                                         f"{_s(f['left'])} left; now leads to {f['destination']}, {f['value']} "
                                         f"points)")),
    "preview-switch": _preview(lambda f: f"miner {f['miner']} activates {f['switch']} ({f['side']}, state "
                                         f"{f['state']})"),
    "preview-train": _preview(lambda f: f"miner {f['miner']} boards the train ({f['points']} point)"),
    "preview-extra": lambda g, f: f"Extra Miner: miner {f['miner']} joins this round",
    "preview-remote": lambda g, f: f"Remote Switch: one activation of {f['switch']}",
    "preview-hidden": lambda g, f: (f"Hidden Value: {f['destination']} worth {f['value']} this round (only before "
                                    f"anyone's crossing-1 submission)"),
    "preview-whole": _whole,
}


# --- Refusals -------------------------------------------------------------------------------

def _names(names: list[str]) -> str:
    return ", ".join(names) or "none"


def _unknown_switch(game: TrackTroubleRules, f: Mapping[str, Any]) -> str:
    if f.get("remote"):
        return (f"Remote Switch names '{f['switch']}', which is not a switch of round {f['round']} "
                f"({_names(f['switches'])})")
    return f"there is no switch '{f['switch']}' in round {f['round']} ({_names(f['switches'])})"


def _out_of_reach(game: TrackTroubleRules, f: Mapping[str, Any]) -> str:
    why = "has crossed this round, so it may only activate a north-side switch" if f["side"] == "north" \
        else "is on the south side and can only reach south-side switches"
    return f"miner {f['miner']} {why}; '{f['switch']}' is on the {f['switch_side']} side"


REFUSALS: dict[str, Say] = {
    "wrong-round": lambda g, f: (f"this move is for round {f['given']}, but the match is in round {f['round']}, "
                                 f"crossing {f['crossing']}"),
    "wrong-crossing": lambda g, f: (f"this submission is for crossing {f['given']}, but round {f['round']} is at "
                                    f"crossing {f['crossing']}"),
    "hidden-value-alone": lambda g, f: ("Hidden Value Crossing is a move of its own, before the round's first "
                                        "crossing-1 submission, not part of a crossing submission"),
    "extra-miner-crossing": lambda g, f: ("Extra Miner is already in play this round" if f.get("again") else
                                          f"Extra Miner is declared in a crossing-1 submission; this is crossing "
                                          f"{f['crossing']}"),
    "unknown-switch": _unknown_switch,
    "item-repeated": lambda g, f: "each item is named at most once in a submission",
    "no-extra-miner": lambda g, f: (f"miner {f['miner']} acts only when Extra Miner is declared in this round's "
                                    f"crossing-1 submission"),
    "no-such-miner": lambda g, f: f"{g.who(f['player'])} has miners 1–{f['last']}, not {f['miner']}",
    "duplicate-miner": lambda g, f: f"miner {f['miner']} is given two actions; each miner takes one action per crossing",
    "miner-benched": lambda g, f: (f"miner {f['miner']} is benched in crossing 1 of round {f['round']}: "
                                   f"{g.who(f['player'])}'s benched miners are {miners_text(f['benched'])} (highest "
                                   f"numbers first, one per miner who failed to cross last round)"),
    "switch-out-of-reach": _out_of_reach,
    "already-crossed": lambda g, f: (f"miner {f['miner']} crossed in crossing {f['crossing']} (to {f['to']}); in a "
                                     f"later crossing it may only activate a north-side switch"),
    "unknown-track": lambda g, f: f"there is no track '{f['track']}' in round {f['round']} ({', '.join(f['tracks'])})",
    "no-minecarts": lambda g, f: f"track {f['track']} has no minecarts left this round (they departed earlier)",
    "no-train": lambda g, f: (f"there is no train in round {f['round']} (train rounds: "
                              f"{', '.join(map(str, f['train_rounds']))}, unless a layout says otherwise)"),
    "train-gone": lambda g, f: "the train has already left this round",
    "hidden-value-late": lambda g, f: (f"Hidden Value Crossing is used before crossing 1 of a round; round "
                                       f"{f['round']} is at crossing {f['crossing']}"),
    "unknown-destination": lambda g, f: (f"there is no destination '{f['destination']}' in round {f['round']} "
                                         f"({', '.join(f['destinations'])})"),
    "hidden-value-range": lambda g, f: f"a Hidden Value is a whole number from {f['low']} to {f['high']}, not {f['value']}",
    "destination-hidden": lambda g, f: f"{f['destination']} already shows '?' this round; choose another destination",
}


# --- Endings and dues -----------------------------------------------------------------------

ENDINGS: dict[str, Say] = {
    "more-points": lambda g, f: f"more points after round {f['round']}: {_pair(g, f['points'])}",
    "more-points-tiebreak": lambda g, f: f"more points after round {f['round']}: {_pair(g, f['points'])}",
    "more-points-so-far": lambda g, f: f"more points in round {f['round']}: {_pair(g, f['points'])}",
    "equal-totals": lambda g, f: f"equal totals ({f['points'][g.player_ids[0]]} each) in round {f['round']}",
}

DUES: dict[str, Say] = {
    "crossing": lambda g, f: f"round {f['round']}, crossing {f['crossing']}",
}
