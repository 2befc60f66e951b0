"""Sentences, made from data only when something is shown.

The engine and the games' rules cores report what happened as `Event`s (a kind and plain
fields), refuse with `Illegal` (a code and the fields a message needs), end with an `Outcome`
(a termination code and the figures that decided it) and say what is due with a `Turn`,
`Phase` or `ChanceDue` whose `label` is a code. This module turns each into English, using
the game's own tables first (`Game.words`, `Game.refusals`, `Game.endings`, `Game.dues`) and
the engine's below. No code decides anything from these sentences.

A table maps a code to a function `(game, fields) -> str`. A code found in no table is a bug
(KeyError): tests/test_wording.py and each game's wording test play every ruleset to prove
that everything met has words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from adjudicator.game import ChanceDue, Phase, Turn

if TYPE_CHECKING:
    from adjudicator.engine import Flag, Replay
    from adjudicator.game import Event, Game, Illegal, Outcome, Pending

Say = Callable[["Game[Any]", Mapping[str, Any]], str]


# --- The engine's own words ------------------------------------------------------------------

def _players(names: Iterable[str]) -> str:
    return " or ".join(names)


ENGINE_WORDS: dict[str, Say] = {
    "submitted": lambda g, f: f"{g.who(f['player'])} submitted for {due_label(g, f['due'])} (sealed)",
    "resubmitted": lambda g, f: f"{g.who(f['player'])} resubmitted, replacing the earlier submission for "
                                f"{due_label(g, f['due'])} (sealed)",
    "late-submission": lambda g, f: (f"{g.who(f['player'])}'s resubmission for {due_label(g, f['due'])} came late and "
                                     "replaces nothing: the earlier submission stands" if f.get("kept") else
                                     f"{g.who(f['player'])}'s submission for {due_label(g, f['due'])} came late and "
                                     "counts as empty"),
    "did-not-submit": lambda g, f: f"{g.who(f['player'])} did not submit and does nothing in {due_label(g, f['due'])}",
    "private-declaration": lambda g, f: f"{g.who(f['player'])} made a private declaration during {due_label(g, f['due'])}",
    "announced": lambda g, f: (f"{g.who(f['player'])} uses {g.ruleset.items[f['item']]['name']} (announced at once)"
                               + (f"; the time for {due_label(g, f['due'])} restarts for both players"
                                  if f["restarts"] else "")),
    "clock": lambda g, f: _clock(g, f),
    "out-of-time": lambda g, f: f"{g.who(f['player'])} ran out of time and loses; the move does not count",
    "voided": lambda g, f: f"voided by entry {f['by']}: left out, and what follows is adjudicated without it",
    "void-repeated": lambda g, f: f"entry {f['target']} was already voided by entry {f['by']}; this changes nothing",
    "void": lambda g, f: (f"the host voids entry {f['target']}{_target(g, f)}"
                          f"{', because: ' + f['reason'] if f.get('reason') else ''}; it is left out and the "
                          "entries after it are adjudicated again"),
    "first-by-pick": lambda g, f: (f"{g.label(f['first'])} starts: "
                                   f"{'copied from a dice bot' if f['external'] else 'drawn from the match seed'}"),
    "salt": lambda g, f: f"{g.who(f['player'])}'s salt: {f['salt']}",
    "host-closed": lambda g, f: f"the host closed {due_label(g, f['due'])}",
    "deadline-nothing-open": lambda g, f: "no simultaneous phase was open, so the deadline changes nothing",
    "forfeit": lambda g, f: f"{g.who(f['player'])} forfeits; {g.who(g.opponent(f['player']))} wins",
    "host-draw": lambda g, f: "the host declares a draw",
    "host-end": lambda g, f: f"the host ends the match: {g.who(f['winner']) + ' wins' if f['winner'] else 'no winner'}",
    "timeout-loss": lambda g, f: f"{g.who(f['player'])} ran out of time and loses",
    "timeout-empty": lambda g, f: (f"{g.who(f['player'])} ran out of time: counts as an empty submission for "
                                   f"{due_label(g, f['due'])}"),
    "timeout-nothing-due": lambda g, f: f"{g.who(f['player'])}'s timeout is recorded; nothing was due from them",
    "board-posted": lambda g, f: ("the host posted the board; the time to act runs from this post"
                                  if f["timed"] else
                                  "the host posted the board again; the time to act still runs from its first post"
                                  if f.get("again") else "the host posted the board"),
    "clock-off": lambda g, f: "the host switched the clock off: nothing is timed until it is switched on again",
    "clock-on": lambda g, f: ("the host switched the clock on: the time to act runs from here, reserves as they were"
                              if f["timed"] else "the host switched the clock on"),
    "clock-unchanged": lambda g, f: ("the clock was already off; this changes nothing" if not f["on"]
                                     else "the clock was already on; this changes nothing" if f["can_run"]
                                     else "this ruleset has no time limit to switch on; this changes nothing"),
}


def _clock(game: Game[Any], fields: Mapping[str, Any]) -> str:
    from adjudicator.clock import describe

    return describe(game.who(fields["player"]), fields["charge"], fields["on_expiry"])


def _target(game: Game[Any], fields: Mapping[str, Any]) -> str:
    """` (anna's move)`: how a void names its target without showing sealed content."""
    target = fields.get("described")
    if target is None:
        return ""
    player, summary, sealed = target
    if sealed:
        return f" ({game.who(player)}'s sealed submission)"
    return f" ({game.who(player) + ': ' if player else ''}{summary})"


ENGINE_REFUSALS: dict[str, Say] = {
    "match-over": lambda g, f: (f"the match is already over ({reason(g, f['outcome'])}); no entry can follow"
                                if f.get("outcome") is not None else "the match is over; no move can follow"),
    "time-order": lambda g, f: (f"entry {f['seq']} is timed {f['at']}, earlier than entry {f['last_seq']} "
                                f"({f['last_at']}); time only runs forward"),
    "chance-due": lambda g, f: f"{due_label(g, f['due'])} must be recorded before any move",
    "pick-due": lambda g, f: "a draw of who starts is due: record it with 'adjudicator roll' before any move",
    "salt-unused": lambda g, f: (f"{g.who(f['player'])}'s salt would change nothing: this match's header names no salted "
                                 "draws (`draws`), as a match made without a seed or before salts existed"),
    "salt-repeated": lambda g, f: (f"{g.who(f['player'])} already gave a salt, '{f['salt']}' at entry {f['first']}; "
                                   "a player gives one salt per match"),
    "void-salt": lambda g, f: (f"entry {f['target']} is {g.who(f['player'])}'s salt, which cannot be voided: the draws "
                               "after it are fixed by it"),
    "not-in-phase": lambda g, f: f"{g.who(f['player'])} has nothing to submit in {due_label(g, f['due'])}",
    "not-your-turn": lambda g, f: (f"it is {_players(map(g.who, f['due'].players))}'s turn to {due_label(g, f['due'])}, "
                                   f"not {g.who(f['player'])}'s"),
    "announced-item": lambda g, f: (f"{g.who(f['player'])} announced {g.ruleset.items[f['item']]['name']} in "
                                    f"{due_label(g, f['due'])}; a resubmission must keep it"),
    "too-late": lambda g, f: f"this must come before the first submission of {due_label(g, f['due'])}",
    "unknown-item": lambda g, f: f"'{f['item']}' is not an item of {g.ruleset.id}",
    "item-not-held": lambda g, f: f"{g.who(f['player'])} does not hold {g.ruleset.items[f['item']]['name']}",
    "item-used": lambda g, f: f"{g.who(f['player'])} has already used {g.ruleset.items[f['item']]['name']}",
    "chance-not-due": lambda g, f: (f"no random outcome is due now (waiting for "
                                    f"{waiting_for(g, f['due'], f['waiting']) or 'nothing'})"),
    "chance-kind": lambda g, f: (f"{due_label(g, f['due'])}: a dice roll is due, not a pick" if f["dice"]
                                 else f"{due_label(g, f['due'])}: a pick is due, not dice"),
    "dice-count": lambda g, f: (f"{due_label(g, f['due'])}: {f['due'].dice} "
                                f"{'die' if f['due'].dice == 1 else 'dice'} are due, not {f['count']}"),
    "die-value": lambda g, f: f"{due_label(g, f['due'])}: {f['value']} is not a face of a {f['due'].faces}-sided die",
    "pick-value": lambda g, f: f"{due_label(g, f['due'])}: '{f['pick']}' is not one of {', '.join(f['due'].pick)}",
    "void-target": lambda g, f: f"a void names an earlier entry of the log (1–{f['seq'] - 1}), not {f['target']}",
    "void-unprepared": lambda g, f: f"entry {f['target']} cannot be voided here: replay the whole log",
    "late": lambda g, f: (_late_side(g, f) if f.get("side") else
                          f"{g.who(f['player'])}'s entry came {f['used']:.0f} s after {due_label(g, f['due'])} began "
                          f"(limit {f['limit']} s): "
                          + ("it replaces nothing, and the earlier submission stands" if f.get("kept")
                             else "it counts as an empty submission")),
    "future-time": lambda g, f: (f"entry {f['seq']} is timed {f['at']}, later than now by more than the "
                                 f"{f['skew']} s a clock may be ahead: no post is made in the future, so its time "
                                 "counts for nothing (the entry itself stands, untimed)"),
}


def _late_side(game: Game[Any], fields: Mapping[str, Any]) -> str:
    """A side move past its own limit (TT-9): when its time started and ran out, and that it
    changed nothing. Names no more of the move than its items (never a hidden destination)."""
    names = [game.ruleset.items.get(item, {}).get("name", item) for item in fields.get("items") or ()]
    what = " and ".join(names) or "declaration"
    limit = fields["limit"]
    span = f"{limit // 60} minute{'' if limit == 60 else 's'} ({limit} s)" if limit and limit % 60 == 0 \
        else f"{limit} s"
    ran_out = f" ran out at {fields['deadline']}" if fields.get("deadline") else " ran out"
    spent = f"; {what} is not spent" if names else ""
    return (f"{game.who(fields['player'])}'s {what} came at {fields['at']}, {fields['used']:.0f} s after "
            f"{due_label(game, fields['due'])} began ({fields['started']}): its {span} from then{ran_out}, so it "
            f"is late and changes nothing{spent}")

ENGINE_ENDINGS: dict[str, Say] = {
    "reserve-out": lambda g, f: f"{g.who(f['player'])} ran out of reserve at entry {f['seq']}",
    "forfeit": lambda g, f: f"{g.who(f['player'])} forfeited (entry {f['seq']})",
    "host-draw": lambda g, f: f"drawn by the host (entry {f['seq']})",
    "host-end": lambda g, f: f.get("note") or f"ended by the host (entry {f['seq']})",
    "host-end-scored": lambda g, f: f.get("note") or (f"ended by the host (entry {f['seq']}); by the rules: "
                                                      f"{reason(g, f['scored'])}"),
    "host-timeout": lambda g, f: f"{g.who(f['player'])} ran out of time (host's call)",
    "host-no-result": lambda g, f: "ended by the host with no result by the rules",
}

ENGINE_DUES: dict[str, Say] = {
    "move": lambda g, f: "move",
    "opening-pick": lambda g, f: "the draw for who starts",
}


# --- Wording at the edge ---------------------------------------------------------------------

def _lookup(game: Game[Any], table: str, engine: Mapping[str, Say], code: str, what: str) -> Say:
    say = getattr(game, table, {}).get(code) or engine.get(code)
    if say is None:
        raise KeyError(f"{game.name}: no words for {what} '{code}'")
    return say


def text(game: Game[Any], event: Event) -> str:
    """The sentence of one event."""
    return _lookup(game, "words", ENGINE_WORDS, event.kind, "event kind")(game, event.fields)


def refusal(game: Game[Any], illegal: Illegal) -> str:
    """The sentence of a refusal (without the rulings, which are shown beside it)."""
    return _lookup(game, "refusals", ENGINE_REFUSALS, illegal.code, "refusal")(game, illegal.fields)


def reason(game: Game[Any], outcome: Outcome) -> str:
    """Why a match ended, as the result's `reason`."""
    return _lookup(game, "endings", ENGINE_ENDINGS, outcome.termination, "termination")(game, outcome.figures)


def due_label(game: Game[Any], due: Pending) -> str:
    """What is due, in words: `place a stone (not up)`, `crossing 2`, `the roll for who begins`."""
    if due is None:
        return "nothing"
    return _lookup(game, "dues", ENGINE_DUES, due.label, "due label")(game, due.fields or {})


def preview(game: Game[Any], effects: Iterable[Event]) -> str:
    """A legal move's preview: the sentences of what it would do, joined."""
    return "; ".join(text(game, effect) for effect in effects)


def voided_before(causes: Iterable[tuple[int, int]]) -> str:
    """` (after entry 9 voided entry 7)`: why a later entry became illegal (G-4)."""
    said = ", ".join(f"entry {by} voided entry {target}" for target, by in causes)
    return f" (after {said})" if said else ""


def flag_message(flag: Flag) -> str:
    """A refused entry's message: its refusal, and which voids made it illegal (G-1, G-4)."""
    return refusal(flag.game, flag.refused) + voided_before(flag.voided_before)


def result_reason(replay: Replay) -> str | None:
    """Why the match ended, in words; None while it goes on."""
    return None if replay.outcome is None else reason(replay.game, replay.outcome)


def awaiting(replay: Replay, name: Callable[[str], str] | None = None) -> str | None:
    """What the match waits for, in words: players by display name (Game.who), or as `name`
    calls them; None once it is over."""
    return waiting_for(replay.game, replay.pending(), replay.to_act(), name)


def waiting_for(game: Game[Any], due: Pending, waiting: Iterable[str],
                name: Callable[[str], str] | None = None) -> str | None:
    """What is due and from whom (`waiting`: the players yet to act, Replay.to_act), in words.
    A refusal keeps these as data, so it is worded the same whenever it is shown."""
    call = name or game.who
    if isinstance(due, Turn):
        return f"{' or '.join(map(call, waiting))} to {due_label(game, due)}"
    if isinstance(due, Phase):
        return f"sealed submissions for {due_label(game, due)}: waiting for {', '.join(map(call, waiting))}"
    if isinstance(due, ChanceDue):   # public words: the host's command is said on stderr
        return due_label(game, due)
    return None
