"""The words of Zero's Tug of War: every sentence the game shows, made from data when shown.

The rules core (rules.py, modules.py, grids.py) reports what happened as `Event`s of plain
data, refuses with `Illegal` codes and ends with termination codes; a reward's reason is a
tuple (code, values…). The tables here word them (adjudicator.wording reads `WORDS`,
`REFUSALS`, `ENDINGS` and `DUES` from the game class); `REASONS` words a reward's reason and
`STATES` a module's state on the board. No rule reads these sentences.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, cast

from adjudicator.wording import ENGINE_REFUSALS, preview

if TYPE_CHECKING:
    from adjudicator.games.tug_of_war.grids import Path
    from adjudicator.games.tug_of_war.modules import Tower
    from adjudicator.games.tug_of_war.rules import TugOfWarRules

Say = Callable[["TugOfWarRules", Mapping[str, Any]], str]


def cards_text(cards: list[int]) -> str:
    return ", ".join(map(str, cards)) if cards else "none"


def count_text(n: int, noun: str) -> str:
    """`1 card`, `3 cards`: a count with its noun in the right number."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def plural(n: int) -> str:
    return "" if n == 1 else "s"


def title(game: TugOfWarRules, key: str) -> str:
    return game.modules[key].title


def lights(game: TugOfWarRules, height: int) -> int:
    return cast("Tower", game.modules["tower"]).lights(height)


# --- Reasons for a reward (TW-6) -------------------------------------------------------------

def reason(game: TugOfWarRules, why: tuple[Any, ...]) -> str:
    """A reward's reason, `("race-distance", 3)` → `Race distance 3`."""
    return REASONS[why[0]](game, *why[1:])


REASONS: dict[str, Callable[..., str]] = {
    "rope-letter": lambda g, letter, spot: f"Rope letter {letter} (spot {spot})",
    "letter-A": lambda g, why, mine, theirs: f"{reason(g, why)}: hands {mine} and {theirs}, difference + 1",
    "letter-D": lambda g, why, won: f"{reason(g, why)}: {won} module{plural(won)} won + 1",
    "letter-E": lambda g, why, n: f"{reason(g, why)}: {n} card{plural(n)} played",
    "letter-F": lambda g, why, pts: f"{reason(g, why)}: {pts} point{plural(pts)} on active modules + 1",
    "to-opponent": lambda g, why: f"{reason(g, why)}, to the opponent",
    "tower-A": lambda g, diff: f"Tower option A: light difference {diff} + 1",
    "tower-option": lambda g, option: f"Tower option {option}",
    "race-distance": lambda g, gap: f"Race distance {gap}",
    "race-point": lambda g: "Race point",
    "collation-taken": lambda g, taken: f"Collation: {taken} taken this turn",
    "collation-point": lambda g, held, per: f"Collation point: {held} counters held, a 1 per {per}",
    "clock-filled": lambda g, filled, quarters: (f"Clock: {filled} segments filled, {quarters} "
                                                 f"quarter{plural(quarters)} + 1"),
    "clock-point": lambda g, base, excess: f"Clock point: {base} + excess {excess}",
    "conker-played": lambda g: "Conker: played here",
    "conker-cards": lambda g: "Conker: more than one card",
    "conker-point": lambda g: "Conker point",
    "maze-rows": lambda g, rows: f"Maze: a 1 per row change ({rows})",
    "path-run": lambda g, player, run: f"Path: longest straight line of {g.side(player)} is {run}",
    "path-point": lambda g, grey: f"Path point: {'grey tiles remained' if grey else 'no grey tiles remained'}",
}


def _gained(g: TugOfWarRules, f: Mapping[str, Any]) -> str:
    who, got, strengths = g.who(f["player"]), f["cards"], f["strengths"]
    why = reason(g, f["why"])
    if not got:
        return f"{who} gains nothing ({why}: strength {strengths[0]})"
    if any(n > g.params["max_strength"] for n in strengths):
        return f"{who} gains {cards_text(got)} ({why}: strength {'+'.join(map(str, strengths))} cascades)"
    if len(got) == 1:
        return f"{who} gains a {got[0]} ({why})"
    return f"{who} gains {cards_text(got)} ({why})"


# --- What a card did on its module -----------------------------------------------------------

def _clock(g: TugOfWarRules, f: Mapping[str, Any]) -> str:
    m, s, filled = g.who(f["player"]), f["strength"], f["filled"]
    side = g.side(f["player"])
    way = "clockwise" if side == "red" else "anticlockwise"
    how = f["how"]
    if how == "coloured":
        return f"Clock: {m} colours {s} {way} ({filled} {side})"
    if how == "pushed":
        return f"Clock: {m} pushes back {s} ({filled} {g.side(f['opponent'])} left)"
    if how == "emptied":
        return f"Clock: {m} pushes back all {s}: the clock is empty"
    theirs = f["theirs"]
    return f"Clock: {m} pushes back all {theirs} and fills the excess {s - theirs} {way} ({filled} {side})"


def _tower(g: TugOfWarRules, f: Mapping[str, Any]) -> str:
    lm, lo = lights(g, f["height"]), lights(g, f["their_height"])
    return (f"Tower: {g.who(f['player'])} builds {f['strength']} to {f['height']} ({lm} light{plural(lm)}; "
            f"{g.who(f['opponent'])} {f['their_height']}, {lo})")


def _maze(g: TugOfWarRules, f: Mapping[str, Any]) -> str:
    start, end = f["start"], f["end"]
    moved = f"slides {start} → {end}" if start != end else f"does not move from {start}"
    return f"Maze: {g.who(f['player'])} plays {f['strength']} {f['direction']}: the square {moved}"


def _path(g: TugOfWarRules, f: Mapping[str, Any]) -> str:
    mine, theirs = g.side(f["player"]), g.side(f["opponent"])
    labels = (f"grey → {mine}", f"{theirs} → {mine}", f"{mine} → {theirs}")
    what = ", ".join(f"{n} {label}" for label, n in zip(labels, f["turned"], strict=False) if n)
    return f"Path: {g.who(f['player'])} plays {f['strength']} at {f['anchor']}: {what}"


def _release(g: TugOfWarRules, f: Mapping[str, Any]) -> str:
    module = title(g, f["module"])
    trigger = f"a point on {module}" if f["winner"] is None else f"{g.who(f['winner'])} winning {module}"
    ha, hb = f["heights"]
    if f["high"] is None:
        return f"Conker release after {trigger}: equal heights ({ha}), no point; both reset to 0"
    return f"Conker release after {trigger}: {g.who(f['high'])}'s conker is higher ({ha}–{hb}); both reset to 0"


def _point(g: TugOfWarRules, f: Mapping[str, Any]) -> str:
    a, b = map(g.who, g.player_ids)
    sa, sb = f["score"]
    return (f"{title(g, f['module'])} point to {g.who(f['player'])}: {sa}–{sb} "
            f"({a}–{b}; {g.modules[f['module']].points_to_win} to win)")


WORDS: dict[str, Say] = {
    # The turn (TW-3…TW-9, TW-18)
    "played": lambda g, f: f"{g.who(f['player'])} plays {cards_text(f['cards'])} on {title(g, f['module'])}",
    "point": _point,
    "module-won": lambda g, f: (f"{g.who(f['player'])} wins {title(g, f['module'])} ({f['won']} module{plural(f['won'])} "
                                "won); it is now inactive"),
    "match-won": lambda g, f: f"{g.who(f['player'])} has won {f['won']} modules and wins the match",
    "conker-release": _release,
    "gained": _gained,
    "block-used": lambda g, f: (f"{g.who(f['player'])} uses Block Move: {g.who(f['opponent'])} may not choose {f['module']} "
                                "on their next turn"),
    "discarded": lambda g, f: f"{g.who(f['player'])} discards {cards_text(f['cards'])}: hand {cards_text(f['hand'])}",
    "must-discard": lambda g, f: (f"{g.who(f['player'])} holds {f['held']} cards and must discard "
                                  f"{f['held'] - g.params['hand_limit']}"),
    "hand-empty": lambda g, f: f"{g.who(f['player'])} has no cards left and loses",
    # The modules (TW-10…TW-17)
    "rope-pulled": lambda g, f: (f"Rope: {g.who(f['player'])} pulls {f['strength']}: {g.who(f['player'])} at spot {f['spot']}, "
                                 f"{g.who(f['opponent'])} at spot {f['their_spot']}"),
    "rope-scored": lambda g, f: (f"Rope: {g.who(f['player'])} pulls {f['strength']}: {g.who(f['player'])} to spot {f['spot']}, "
                                 f"{g.who(f['opponent'])} into the pit — {g.who(f['player'])} scores; both back to spot "
                                 f"{g.modules['rope'].p['start_spot']}"),
    "race-ran": lambda g, f: (f"Race: {g.who(f['player'])} runs {f['strength']} to step {f['step']}"
                              + (f", stopped by the puddle on step {f['puddle']}" if f["puddle"] is not None else "")
                              + f" ({g.who(f['opponent'])} at {f['their_step']})"),
    "race-scored": lambda g, f: (f"Race: {g.who(f['player'])} runs {f['strength']} to the end (step {f['end']}) — "
                                 f"{g.who(f['player'])} scores; both back to 0"),
    "collation-took": lambda g, f: (f"Collation: {g.who(f['player'])} takes {f['take']} (holds {f['held']}; "
                                    f"{f['pile']} left in the pile)"),
    "collation-early": lambda g, f: (f"Collation: {f['taken']} counters taken and {g.who(f['player'])} holds {f['held']} "
                                     f"(≥ {g.modules['collation'].p['early_end']['holding']}) — {g.who(f['player'])} "
                                     "scores at once"),
    "collation-emptied": lambda g, f: (f"Collation: the pile is empty, {g.who(f['player'])} holds more "
                                       f"({f['held'][0]}–{f['held'][1]}) — {g.who(f['player'])} scores"),
    "collation-tied": lambda g, f: (f"Collation: the pile is empty with equal counters ({f['held']} each): "
                                    "no point; the pile resets"),
    "clock-turned": _clock,
    "clock-full": lambda g, f: (f"{_clock(g, f)} — the clock is full: {g.who(f['player'])} scores "
                                f"(excess {f['excess']}); the clock resets"),
    "conker-raised": lambda g, f: (f"Conker: {g.who(f['player'])} raises their conker {f['strength']} to {f['height']} "
                                   f"({g.who(f['opponent'])} at {f['their_height']})"),
    "tower-built": _tower,
    "tower-completed": lambda g, f: f"{_tower(g, f)} — the tower is complete: {g.who(f['player'])} wins Tower",
    "tower-lead": lambda g, f: (f"{_tower(g, f)} — {lights(g, f['height']) - lights(g, f['their_height'])} "
                                f"lights ahead: {g.who(f['player'])} wins Tower"),
    "maze-tilted": lambda g, f: (_maze(g, f) + (f", into {g.who(f['opponent'])}'s end zone, which does nothing"
                                                if f["their_zone"] else "")),
    "maze-won": lambda g, f: f"{_maze(g, f)}, into {g.who(f['player'])}'s end zone — {g.who(f['player'])} wins Maze",
    "path-played": _path,
    "path-scored": lambda g, f: (f"Path: {g.who(f['player'])} has a path across"
                                 + ("" if f["player"] == f["mover"]
                                    else f" (the opponent's colour, {g.side(f['player'])})")
                                 + f" — {g.who(f['player'])} scores; the board resets to grey"),
    # Parts of a legal move's preview only
    "nothing-gained": lambda g, f: "no cards gained",
    "keeps": lambda g, f: f"keeps {cards_text(f['cards'])}",
    "in-any-order": lambda g, f: f"{preview(g, f['effects'])} (the cards in any order)",
    "same-at-anchors": lambda g, f: f"the same at {f['others']} other anchor{plural(f['others'])}",
    "anchor-pairs": lambda g, f: (f"one of {f['total']} anchor pairs where both shapes fit; their effects are not "
                                  "previewed one by one (try `move --dry-run`)"),
    "block-hint": lambda g, f: (f"Block Move: `block {f['module']}` may end any move above ({f['module']} barred "
                                "for the opponent's next turn)"),
}


# --- Refusals --------------------------------------------------------------------------------

def _whose(g: TugOfWarRules, f: Mapping[str, Any]) -> str:
    whose = f["whose"]
    if whose == "after-turn":
        return f"{g.who(f['player'])}'s hand after this turn (cards played, rewards paid)"
    return f"{g.who(f['player'])}'s hand" if whose == "hand" else "the hand"


def _bad_discard(g: TugOfWarRules, f: Mapping[str, Any]) -> str:
    limit = g.params["hand_limit"]
    hand = f["hand"]
    over = len(hand) - limit
    held = f"{_whose(g, f)} is {count_text(len(hand), 'card')} ({cards_text(hand)})"
    if over <= 0:
        return (f"{held}, within the limit of {limit}, so there is nothing to discard: a discard must leave "
                f"exactly {count_text(limit, 'card')}")
    return f"{held}, over the limit of {limit}: discard exactly {count_text(over, 'card')} to keep {limit}, not {f['count']}"


BARS: dict[str, Say] = {
    "blocked": lambda g, f: "blocked by Block Move",
    "opponent-previous": lambda g, f: f"{g.who(g.opponent(f['player']))}'s previous module, barred with {f['active']} active",
    "own-previous": lambda g, f: f"{g.who(f['player'])}'s own previous module",
}


def _barred(g: TugOfWarRules, f: Mapping[str, Any]) -> str:
    return f"{g.who(f['player'])} may not choose {f['module']}: {BARS[f['why']](g, f)}"


# A move field given once per card (grids.one_per_card): its module, what one is called, and
# what the rule calls it.
MISMATCH = {"directions": ("Maze", "direction", "direction"), "anchors": ("Path", "anchor", "anchor cell")}


def _mismatch(field: str) -> Say:
    module, noun, in_rule = MISMATCH[field]

    def say(g: TugOfWarRules, f: Mapping[str, Any]) -> str:
        cards, count = f["cards"], f["count"]
        return f"{module} needs one {in_rule} per card: {cards} card{plural(cards)}, {count} {noun}{plural(count)}"
    return say


REFUSALS: dict[str, Say] = {
    "no-discard-due": lambda g, f: f"{g.who(f['player'])} has no discard to make: a move names a module and 1–3 cards",
    "item-without-module": lambda g, f: "an item is used in a module move, not in a discard",
    "bad-discard": _bad_discard,
    "card-not-in-hand": lambda g, f: (f"cannot {f['what']} a {f['card']}: {_whose(g, f)} holds {cards_text(f['hand'])}"
                                      + (" (counting each card once)" if f["twice"] else "")),
    "discard-required": lambda g, f: (f"{g.who(f['player'])} must first discard down to {g.params['hand_limit']} with a "
                                      "discard-only move"),
    "unknown-module": lambda g, f: f"{f['module']} is not a module of {g.ruleset.id} ({', '.join(f['modules'])})",
    "module-inactive": lambda g, f: f"{f['module']} was won by {g.who(f['winner'])} and is inactive",
    "module-barred": _barred,
    "module-blocked": _barred,
    "too-many-cards": lambda g, f: f"a turn on {f['module']} plays 1–{f['most']} cards, not {f['count']}",
    "extra-not-allowed": lambda g, f: (f"'{f['extra']}' belongs to {f['owner']} moves, "
                                       + (f"not {f['module']}" if f["has_owner"]
                                          else f"and {g.ruleset.id} has no {f['owner']}")),
    # The engine refuses an item outside the ruleset under the same code (G-5).
    "unknown-item": lambda g, f: (f"'{f['item']}' is not an item used in a move" if f.get("in_move")
                                  else ENGINE_REFUSALS["unknown-item"](g, f)),
    "block-move-late": lambda g, f: (f"Block Move is used while {' or '.join(map(str, g.params['block_move_active']))}"
                                     f" modules are active, not {f['active']}"),
    "block-move-module": lambda g, f: (f"Block Move must name an active module ({', '.join(f['active'])}), "
                                       f"not {f['module']}"),
    "card-after-point": lambda g, f: (f"the {f['card']} (card {f['index'] + 1}) follows "
                                      + ("the point" if f["after"] == "point" else f"winning {title(g, f['module'])}")
                                      + f" on {title(g, f['module'])}; no card may be played after it"),
    "race-overshoot": lambda g, f: (f"a {f['strength']} cannot be played on Race from step {f['step']}: only "
                                    f"{f['left']} step{plural(f['left'])} left to the end"),
    "option-required": lambda g, f: "Tower needs the reward option A, B or C",
    "directions-mismatch": _mismatch("directions"),
    "anchors-mismatch": _mismatch("anchors"),
    "shape-off-board": lambda g, f: (f"the {f['card']}'s shape anchored at {f['anchor']} does not lie wholly on "
                                     f"the board (A1–{f['last']}, shapes never rotate)"),
}


# --- Endings and what is due -----------------------------------------------------------------

ENDINGS: dict[str, Say] = {
    "modules-won": lambda g, f: f"won {f['won']} modules",
    "hand-empty": lambda g, f: f"{g.who(f['player'])}'s hand is empty",
    # A host's `end` without a winner, scored by the adjudicator's reading (game.stopped_result)
    "more-modules-won": lambda g, f: f"more modules won ({f['won'][0]} to {f['won'][1]})",
    "more-points": lambda g, f: (f"equal modules won; more points on active modules "
                                 f"({f['points'][0]} to {f['points'][1]})"),
    "level": lambda g, f: "equal modules won and equal points on active modules",
}

DUES: dict[str, Say] = {
    "discard": lambda g, f: f"discard down to {g.params['hand_limit']}",
    "play-module": lambda g, f: "play a module",
}


# --- A module's state on the board -----------------------------------------------------------

def _tower_state(g: TugOfWarRules, mod: Mapping[str, Any]) -> str:
    a, b = g.player_ids
    h = mod["height"]
    la, lb = lights(g, h[a]), lights(g, h[b])
    return (f"heights {g.who(a)} {h[a]} ({la} light{plural(la)}), {g.who(b)} {h[b]} ({lb} light{plural(lb)}) "
            f"of {g.modules['tower'].p['height']}")


def _race_state(g: TugOfWarRules, mod: Mapping[str, Any]) -> str:
    a, b = g.player_ids
    p = g.modules["race"].p
    puddles = f"; puddles {', '.join(map(str, p['puddles']))}" if p["puddles"] else ""
    return f"steps {g.who(a)} {mod['steps'][a]}, {g.who(b)} {mod['steps'][b]} of {p['length']}{puddles}"


def _clock_state(g: TugOfWarRules, mod: Mapping[str, Any]) -> str:
    segments = g.modules["clock"].p["segments"]
    if not mod["colour"]:
        return f"empty (0/{segments})"
    return f"{mod['filled']}/{segments} {g.side(mod['colour'])} ({g.who(mod['colour'])})"


def _path_state(g: TugOfWarRules, mod: Mapping[str, Any]) -> str:
    a, b = g.player_ids
    count = {p: sum(t == p for row in mod["tiles"] for t in row) for p in (a, b)}
    return f"tiles {g.who(a)} {count[a]}, {g.who(b)} {count[b]}, grey {cast('Path', g.modules['path']).size ** 2 - count[a] - count[b]}"


def _pair(label: str, field: str, tail: Callable[[TugOfWarRules], str] = lambda g: "") -> Say:
    def say(g: TugOfWarRules, mod: Mapping[str, Any]) -> str:
        a, b = g.player_ids
        return f"{label} {g.who(a)} {mod[field][a]}, {g.who(b)} {mod[field][b]}{tail(g)}"
    return say


STATES: dict[str, Say] = {
    "rope": _pair("spots", "spots", lambda g: f" (pit at 0, top {g.modules['rope'].p['length']})"),
    "race": _race_state,
    "collation": lambda g, mod: (f"pile {mod['pile']}; held {g.who(g.player_ids[0])} {mod['held'][g.player_ids[0]]}, "
                                 f"{g.who(g.player_ids[1])} {mod['held'][g.player_ids[1]]}"),
    "clock": _clock_state,
    "maze": lambda g, mod: f"square at {mod['square']}",
    "path": _path_state,
    "conker": _pair("heights", "height"),
    "tower": _tower_state,
}


def module_state(game: TugOfWarRules, key: str, mod: Mapping[str, Any]) -> str:
    """A module's state in a few words, for the board (`spots sally 9, maddie 9 (pit at 0, top 18)`)."""
    return STATES[key](game, mod)
