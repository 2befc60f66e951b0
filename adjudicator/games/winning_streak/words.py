"""Every sentence of Winning Streak: what happened (events), why an entry is refused, how a
match ended, what is due, and what a legal move would do. Made only when shown
(adjudicator.wording); words only, no rules decisions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adjudicator.games.winning_streak.rules import WinningStreakRules

Wording = Callable[[WinningStreakRules, dict[str, Any]], str]   # (game, fields) -> sentence


def _now(troop: tuple[str, int, int]) -> str:
    """`5/5` while unchanged, `5/5 now 5/4` once damaged or buffed (WS-4 keeps damage)."""
    name, attack, health = troop
    current = f"{attack}/{health}"
    return name if current == name else f"{name} now {current}"


def _standing(g: WinningStreakRules, points: tuple[int, int]) -> str:
    """`(sally 1, maddie 0)`: the points at a location after its fight."""
    a, b = map(g.who, g.player_ids)
    return f"({a} {points[0]}, {b} {points[1]})"


def _clash(g: WinningStreakRules, f: dict[str, Any]) -> str:
    a, b = map(g.who, g.player_ids)
    (name_a, attack_a, _), (name_b, attack_b, _) = troops = f["troops"]
    health_a, health_b = f["health"]
    shown = f"{a}'s {_now(troops[0])} vs {b}'s {_now(troops[1])}"
    if health_a <= 0 and health_b <= 0:
        told = f"{shown}: both die, no point"
    elif health_a > 0 and health_b > 0:
        told = (f"{shown}: both survive ({a}'s at {attack_a}/{health_a}, {b}'s at {attack_b}/{health_b}), "
                "no point")
    else:
        if health_b <= 0:
            killer, name, attack, health, loser, lost = a, name_a, attack_a, health_a, b, name_b
        else:
            killer, name, attack, health, loser, lost = b, name_b, attack_b, health_b, a, name_a
        told = f"{shown}: {loser}'s {lost} dies; {killer}'s {name} survives at {attack}/{health} and scores"
    return f"fight {f['fight']} at {f['location']}: {told} {_standing(g, f['points'])}"


def _returned(g: WinningStreakRules, returned: list[tuple[str, str, int, int]]) -> str:
    troops = ", ".join(f"{g.who(owner)}'s {_now((name, attack, health))}" for owner, name, attack, health in returned)
    return (troops or "no troop") + " return" + ("s" if len(returned) <= 1 else "") + " to reserve"


def _relocated(g: WinningStreakRules, f: dict[str, Any]) -> str:
    changes = f["changes"]
    if not changes:
        return f"{g.who(f['player'])} changes no location"
    what = ", ".join(f"{x} {was or '-'}→{will or '-'}" for x, was, will in changes)
    return (f"{g.who(f['player'])} changes {len(changes)} location{'s' if len(changes) != 1 else ''} "
            f"of {g.change_limit}: {what}")


def _left(g: WinningStreakRules, used: int) -> str:
    """`2 changes, 1 of 3 left`: what a relocation would leave of the WS-4 limit."""
    limit = g.change_limit
    return f"{used} change{'s' if used != 1 else ''}, {limit - used} of {limit} left"


def _field(g: WinningStreakRules, f: dict[str, Any]) -> str:
    verb = f"{_now(f['troop'])} replaces {f['replaces']} (to reserve)" if f["replaces"] else f"field {_now(f['troop'])}"
    return f"{verb} at {f['location']}: {_left(g, f['changes'])}"


WORDS: dict[str, Wording] = {
    "placed": lambda g, f: f"{g.who(f['player'])} places {f['troop']} at {f['location']}",
    "missed-placement": lambda g, f: (f"a missed placement turn places nothing: {' and '.join(map(g.who, f['players']))} "
                                      f"place{'s' if len(f['players']) == 1 else ''} no troop in turn {f['turn']}"),
    "placement-over": lambda g, f: f"placement is over after {f['turns']} turns: the first fight follows",
    "relocated-nothing": lambda g, f: f"{g.who(f['player'])} is taken to have relocated nothing",
    "relocated": _relocated,
    "advantage-used": lambda g, f: (f"{g.who(f['player'])} uses the Advantage: {f['troop']} gains +{f['amount']} "
                                    f"{f['stat']} (now {f['now'][0]}/{f['now'][1]}); not a change of location"),
    "scored-empty": lambda g, f: (f"fight {f['fight']} at {f['location']}: {g.who(f['player'])}'s {_now(f['troop'])} "
                                  f"faces an empty square and scores {_standing(g, f['points'])}"),
    "clash": _clash,
    "location-won": lambda g, f: (f"{g.who(f['player'])} reaches {f['points']} points at {f['location']} and wins it; "
                                  f"{_returned(g, f['returned'])}"),
    "no-troops": lambda g, f: f"fight {f['fight']}: no troops at {', '.join(f['locations'])}",
    "both-out-of-troops": lambda g, f: "neither side has a living troop: the match ends and no unwon location is won",
    "out-of-troops": lambda g, f: (f"{g.who(f['player'])} has no living troops: the match ends; {g.who(f['taker'])} wins every "
                                   f"unwon location where they have a troop ({', '.join(f['taken']) or 'none'})"),
    "every-location-won": lambda g, f: "every location has been won: the match ends",
    "result": lambda g, f: (f"result: {g.who(f['winner']) if f['winner'] else 'no winner'} — "
                            f"{ENDINGS[f['termination']](g, f['figures'])}"),
    # What a legal move would do (previews)
    "would-place": lambda g, f: (f"{f['troop']} to {f['location']}, " +
                                 (f"facing {g.who(f['opponent'])}'s {_now(f['facing'])}" if f["facing"]
                                  else "nothing of the opponent's there yet")),
    "would-keep": lambda g, f: f"no change ({g.change_limit} of {g.change_limit} changes left)",
    "would-field": _field,
    "would-withdraw": lambda g, f: f"withdraw {f['troop']} from {f['location']}: {_left(g, f['changes'])}",
    "would-swap": lambda g, f: f"swap {f['locations'][0]} and {f['locations'][1]}: {_left(g, f['changes'])}",
    "would-move": lambda g, f: f"move {f['troop']} from {f['from']} to {f['to']}: {_left(g, f['changes'])}",
    "would-buff": lambda g, f: f"Advantage: {f['troop']} +{f['amount']} {f['stat']}, no change of location",
}


REFUSALS: dict[str, Wording] = {
    "unknown-troop": lambda g, f: (f"there is no troop '{f['troop']}' in {g.who(f['player'])}'s squad: troops are named "
                                   f"by their starting attack/health, {g.params['troops'][0]} … "
                                   f"{g.params['troops'][-1]}"),
    "troop-dead": lambda g, f: (f"the troop {f['troop']} of {g.who(f['player'])}'s died in an earlier fight and is out "
                                "of the game"),
    "unknown-location": lambda g, f: (f"there is no location '{f['location']}' "
                                      f"(locations {g.locations[0]}–{g.locations[-1]})"),
    "wrong-phase": lambda g, f: (f"this is placement turn {f['turn']} of {g.placement_turns}: place a troop; "
                                 "relocation starts after the first fight" if f["stage"] == "placement" else
                                 f"placement is over; this is relocation round {f['round']} (after fight "
                                 f"{f['fights']}): relocate, or submit an empty set"),
    "wrong-turn": lambda g, f: f"this is placement turn {f['turn']}, not turn {f['given']}",
    "wrong-round": lambda g, f: (f"this is relocation round {f['round']} (after fight {f['fights']}), "
                                 f"not round {f['given']}"),
    "troop-placed": lambda g, f: (f"the troop {f['troop']} of {g.who(f['player'])}'s has already been placed"
                                  f"{' (at ' + f['at'] + ')' if f['at'] else ''}; place a troop that has yet "
                                  "to be placed"),
    "location-won": lambda g, f: (f"{f['location']} has been won by {g.who(f['winner'])}; no more troops may be placed "
                                  "there" if f["stage"] == "placement" else
                                  f"{f['location']} has been won by {g.who(f['winner'])}: won locations take no troops"),
    "location-taken": lambda g, f: (f"{f['location']} already holds a troop of {g.who(f['player'])}'s "
                                    f"({_now(f['troop'])}); one troop per location per side"),
    "troop-twice": lambda g, f: (f"{f['troop']} is named at both {f['first']} and {f['second']}; a troop stands "
                                 "in one place"),
    "too-many-changes": lambda g, f: (f"this relocation of {g.who(f['player'])}'s changes {len(f['changed'])} locations "
                                      f"({', '.join(f['changed'])}); at most {g.change_limit} may change (a move "
                                      "or a swap changes both ends)"),
    "no-advantage": lambda g, f: ("only the Advantage holder may buff a troop "
                                  f"({f['holder'] + ' holds it' if f['holder'] else 'nobody holds it in this match'})"),
    "advantage-used": lambda g, f: f"the Advantage has already been used by {g.who(f['player'])} (once per match)",
}


def _score(g: WinningStreakRules, f: dict[str, Any]) -> str:
    """WS-7 in words: what decided the result, from its figures."""
    a, _ = g.player_ids
    streak, won, decided_by = f["streak"], f["won"], f["decided_by"]
    if decided_by == "streak":
        return f"longest winning streak {max(streak.values())} to {min(streak.values())}"
    if decided_by == "locations":
        return f"streaks {streak[a]} each; more locations won ({max(won.values())} to {min(won.values())})"
    if decided_by == "advantage":
        return f"streaks {streak[a]} each and {won[a]} locations each; {g.who(f['advantage'])} holds the Advantage"
    return f"streaks {streak[a]} each and {won[a]} locations each, and nobody holds the Advantage"


ENDINGS: dict[str, Wording] = {
    "out-of-troops": lambda g, f: f"{g.who(f['out'])} ran out of troops; {_score(g, f)}",
    "both-out-of-troops": lambda g, f: f"both sides ran out of troops; {_score(g, f)}",
    "every-location-won": lambda g, f: f"every location won; {_score(g, f)}",
    "scored-so-far": lambda g, f: f"locations won so far: {_score(g, f)}",
}


DUES: dict[str, Wording] = {
    "placement": lambda g, f: f"placement turn {f['number']}",
    "relocation": lambda g, f: f"relocation round {f['number']}",
}

