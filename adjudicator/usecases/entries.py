"""The commands that append one entry to a match: `move`, `roll` and `host`.

Each checks its options, builds the entry from the replayed match under the file's lock
(session.append_entry) and returns an Entered: the match, its replay and the new entry's log,
with the warnings the host should read (a draw before the salts, entries a void flagged).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from adjudicator.errors import OptionError

if TYPE_CHECKING:
    from adjudicator.engine import LogEntry, Replay
    from adjudicator.game import ChanceDue
    from adjudicator.matchfile import LoadedMatch

HOST_ACTIONS = ("deadline", "timeout", "forfeit", "draw", "end", "void", "clock", "salt")
CLOCK_SWITCH = ("off", "on")


class Entered(NamedTuple):
    """An entry appended (or, dry, checked): the match, its replay with the entry, the entry's
    log, and warnings for the host (each a sentence)."""

    match: LoadedMatch
    replay: Replay
    log: LogEntry
    warnings: tuple[str, ...] = ()


def stamp(at: str | None, match_path: Path) -> str:
    """The entry's time: `--at` read in the match's zone, else now."""
    from adjudicator.session import now_utc
    from adjudicator.usecases.times import entry_time

    return entry_time(at, match_path) if at else now_utc()


# --- move -----------------------------------------------------------------------------

def move(match_path: Path, player: str, words: list[str], *, as_json: bool = False, at: str | None = None,
         note: str | None = None, dry_run: bool = False, record_illegal: bool = False,
         strict: bool = False) -> Entered:
    """`move`: the player's move (the words of the post, or JSON) checked and appended
    (session.play_move); without `at` stamped now, which never costs time (G-7). A post that
    opens with another player's name as its author is entered with a warning, or, `strict`,
    refused."""
    from adjudicator.session import author_warning, play_move
    from adjudicator.usecases.times import entry_time

    text = " ".join(words)
    match, replay, log = play_move(match_path, player, text, as_json=as_json,
                                   at=entry_time(at, match_path) if at else None, note=note, dry_run=dry_run,
                                   record_illegal=record_illegal, strict=strict)
    warned = None if as_json or log.player is None else author_warning(match, log.player, text)
    return Entered(match, replay, log, (warned,) if warned else ())


# --- roll -----------------------------------------------------------------------------

def roll(match_path: Path, values: list[str] | None = None, *, transcribe: bool = False,
         at: str | None = None, note: str | None = None, without_salts: bool = False,
         arrived: str | None = None) -> Entered:
    """`roll`: the chance entry due now, drawn from the match seed (G-8) or, with
    `transcribe`, the outside dice bot's `values`. Refused when no roll is due, and a draw
    from the seed is refused while a player's salt is awaited (G-8 amended: nothing draws
    before both salts) unless the host asks for it with `without_salts` (check then reports
    it as unsalted). `arrived`: the time a request reached the server (G-7, in_order)."""
    from adjudicator.session import append_entry

    if values and not transcribe:
        raise OptionError("give --values to transcribe an outside roll, or no values to draw one.", "N...")
    if transcribe and not values:
        raise OptionError("--values needs the rolled values, e.g. --values 3 1 6.", "--values")
    if transcribe and without_salts:
        raise OptionError("--without-salts goes with a draw from the seed; a roll copied with --values takes no "
                          "salts.", "--without-salts")
    when = stamp(at, match_path)

    def build(match: LoadedMatch, replay: Replay) -> dict[str, Any]:
        due = chance_due(match_path, replay)
        if transcribe:
            chance: dict[str, Any] = transcribed(due, values or [], str(match_path))
            chance["source"] = "external"
        else:
            if not without_salts:
                refuse_before_salts(match_path, match, replay)
            chance = drawn(match_path, match, replay, due)
            chance["source"] = "seed"
        entry: dict[str, Any] = {"at": in_order(arrived, match, replay) if arrived else when,
                                 "type": "chance", "chance": chance}
        if note:
            entry["note"] = note
        return entry

    match, replay, log = append_entry(match_path, build)
    warnings: tuple[str, ...] = ()
    if match.data.get("draws") and log.seq in replay.unsalted_draws:
        warnings = (f"warning: entry {log.seq} was drawn before both players' salts were entered; check will "
                    f"report it as an unsalted draw (G-8).",)
    return Entered(match, replay, log, warnings)


def refuse_before_salts(match_path: Path, match: LoadedMatch, replay: Replay) -> None:
    """G-8 (amended): no draw from the seed while a player's salt is awaited, unless the
    host asks for it (`roll --without-salts`). Refused (exit 1), saying whose salt and how
    to enter it."""
    from adjudicator.errors import RefusedError
    from adjudicator.views import salts_awaited

    missing = salts_awaited(match, replay)
    if not missing:
        return
    names = match.game.display_names
    who = " and ".join(names[p] for p in missing)
    name = match_path.name
    raise RefusedError(
        f"{match_path}: refused (salts-awaited), nothing written: the draw waits for "
        f"{'the salt' if len(missing) == 1 else 'the salts'} of {who} (G-8). Enter "
        f"{'the' if len(missing) == 1 else 'each'} player's word with "
        f"'adjudicator host {name} salt {missing[0] if len(missing) == 1 else 'PLAYER'} WORD'; or, to draw now without "
        f"{'it' if len(missing) == 1 else 'them'}, 'adjudicator roll {name} --without-salts' "
        f"(check will report the draw as unsalted).", "salts-awaited")


def in_order(arrived: str, match: LoadedMatch, replay: Replay) -> str:
    """The time a request arrived at the server (G-7: a request's time is taken when it
    arrives), unless, while a clock runs, a move or roll of a request that arrived later was
    written first: then that entry's time, since a timed log's times only run forward (G-7 c;
    the server writes a match's requests in the order their bodies arrived, so this is a
    matter of milliseconds). Never later than now either way."""
    from adjudicator.clock import parse_time

    latest = replay.latest_timed
    when = parse_time(arrived)
    if latest is not None and when is not None and when < latest[0]:
        return str(latest[1]["at"])
    return arrived


def chance_due(match_path: Path, replay: Replay) -> ChanceDue:
    """The roll the match waits for; refused (exit 1) when none is due."""
    from adjudicator.errors import RefusedError
    from adjudicator.game import ChanceDue
    from adjudicator.wording import awaiting

    due = replay.chance_due()
    if not isinstance(due, ChanceDue):
        raise RefusedError(f"{match_path}: no roll is due now (awaiting {awaiting(replay) or 'nothing: the match is over'}); "
                           "nothing written.", "chance-not-due")
    return due


def drawn(match_path: Path, match: LoadedMatch, replay: Replay, due: ChanceDue) -> dict[str, Any]:
    """The roll drawn from the seed beside the match, at the next entry's place (G-8)."""
    from adjudicator.dice import seed_for_match
    from adjudicator.session import draw, draw_at

    outcome = draw(seed_for_match(match_path, match.data), draw_at(match, replay, len(match.entries) + 1), due)
    return {"dice": outcome} if due.dice else {"pick": outcome}


def transcribed(due: ChanceDue, values: list[str], name: str) -> dict[str, Any]:
    """An outside roll as typed: dice as whole numbers, or one pick named in any case."""
    from adjudicator.bounded import MAX_DIGITS
    from adjudicator.errors import InputError

    if due.dice:
        if not all(v.isascii() and v.isdigit() and len(v) <= MAX_DIGITS for v in values):
            raise InputError(f"{name}: dice values are whole numbers of at most {MAX_DIGITS} digits, "
                             "e.g. --values 3 1 6.")
        return {"dice": [int(v) for v in values]}
    if len(values) != 1:
        raise InputError(f"{name}: a pick is one of {', '.join(due.pick)}.")
    folded = [p for p in due.pick if p.casefold() == values[0].casefold()]
    return {"pick": values[0] if values[0] in due.pick or len(folded) != 1 else folded[0]}


# --- host -----------------------------------------------------------------------------

class HostAction(NamedTuple):
    """The words of `host` after the match: the action and what it takes."""

    action: str
    player: str | None = None
    word: str | None = None
    reason: str | None = None


def host(match_path: Path, act: HostAction, *, at: str | None = None, note: str | None = None,
         arrived: str | None = None) -> Entered:
    """`host`: the host entry for `act` (G-4, G-7, G-8), checked and appended. A void warns
    of the later entries it made illegal. `arrived`: the time a request reached the server (G-7)."""
    from adjudicator.session import append_entry

    check_host_args(act)
    when = stamp(at, match_path)
    before: list[int] = []

    def build(match: LoadedMatch, replay: Replay) -> dict[str, Any]:
        if act.action == "void":
            before.extend(flag.seq for flag in replay.flags)
        entry: dict[str, Any] = {"at": arrived or when, "type": "host",   # never in the time order (G-7 c)
                                 "host": host_entry(match, replay, act, match_path)}
        if note:
            entry["note"] = note
        return entry

    match, replay, log = append_entry(match_path, build)
    warnings = newly_flagged(replay, before) if act.action == "void" else ()
    return Entered(match, replay, log, warnings)


def check_host_args(act: HostAction) -> None:
    """What each action takes, refused before the match is read (the action itself is one of
    HOST_ACTIONS: the command line checks it as it parses)."""
    action, player, reason = act.action, act.player, act.reason
    if action in ("timeout", "forfeit") and not player:
        raise OptionError(f"'{action}' needs the player, e.g. host m.json {action} anna.", "PLAYER")
    if action in ("deadline", "draw") and player:
        raise OptionError(f"'{action}' takes no player.", "PLAYER")
    if action == "void" and not (player and (player == "last" or player.isascii() and player.isdigit())):
        raise OptionError("'void' needs the entry: its number or 'last', e.g. host m.json void last "
                          "--reason \"typo\".", "N")
    if action == "void" and not (reason or "").strip():
        raise OptionError("'void' needs --reason, kept in the record, e.g. --reason \"deadline posted twice\".",
                          "--reason")
    if action == "clock" and (player or "").casefold() not in CLOCK_SWITCH:
        raise OptionError("'clock' needs off or on, e.g. host m.json clock off.", "off|on")
    if reason and action not in ("end", "void", "clock"):
        raise OptionError("--reason goes with 'end', 'void' or 'clock'.", "--reason")
    check_salt_args(act)


def check_salt_args(act: HostAction) -> None:
    """`salt` takes a player and one word (G-8); no other action takes a word. A word that
    cannot be a salt is refused here, with the reason, before the match is read."""
    from adjudicator.dice import salt_problem

    if act.action != "salt":
        if act.word is not None:
            raise OptionError(f"'{act.action}' takes no WORD; only 'salt PLAYER WORD' does.", "WORD")
        return
    if not act.player or act.word is None:
        raise OptionError("'salt' needs the player and the word they posted, e.g. host m.json salt anna "
                          "tangerine42.", "PLAYER WORD")
    problem = salt_problem(act.word)
    if problem:
        raise OptionError(f"{problem}.", "WORD")


def host_entry(match: LoadedMatch, replay: Replay, act: HostAction, match_path: Path) -> dict[str, Any]:
    """The `host` object of the entry, from the replayed match: the clock switched, the entry
    voided, the player named; refused when it would change nothing."""
    from adjudicator import session
    from adjudicator.errors import RefusedError
    from adjudicator.game import Phase
    from adjudicator.wording import awaiting

    action, player = act.action, act.player
    entry: dict[str, Any] = {"action": action}
    if action == "clock":
        entry["action"] = clock_switch(replay, (player or "").casefold(), match_path)
    elif action == "void":
        entry["seq"] = void_target(match, replay, player or "", match_path)
    elif player:
        entry["winner" if action == "end" else "player"] = session.resolve_player(match, player, match_path)
    if action == "salt":
        entry["salt"] = act.word
    if action == "deadline" and not isinstance(replay.pending(), Phase):
        raise RefusedError(f"{match_path}: there is no open simultaneous phase to close "
                           f"(awaiting {awaiting(replay) or 'nothing'}); nothing written.", "no-open-phase")
    if act.reason:
        entry["reason"] = act.reason
    return entry


def clock_switch(replay: Replay, state: str, path: Path) -> str:
    """The host entry that switches the clock `state` (G-7), refused when it would change nothing."""
    from adjudicator.errors import RefusedError

    clock = replay.clock
    if replay.outcome is not None:
        raise RefusedError(f"{path}: the match is over; there is no clock to switch. Nothing written.", "match-over")
    if state == "off" and not clock.running:
        since = f"since entry {clock.off_since}" if clock.off_since is not None else "by its rules"
        raise RefusedError(f"{path}: the clock is already off ({since}); nothing written.", "clock-unchanged")
    if state == "on" and not clock.can_run:
        raise RefusedError(f"{path}: this match's rules give no time limit, so there is no clock to switch on; "
                           "nothing written.", "clock-unchanged")
    if state == "on" and clock.running:
        raise RefusedError(f"{path}: the clock is already on; nothing written.", "clock-unchanged")
    return f"clock-{state}"


def void_target(match: LoadedMatch, replay: Replay, typed: str, path: Path) -> int:
    """The entry a `void` names: a number, or `last`, the latest entry in effect that is not a void (G-4)."""
    from adjudicator.bounded import excerpt
    from adjudicator.engine import is_void
    from adjudicator.errors import InputError, RefusedError

    entries = match.entries
    if typed == "last":
        live: list[int] = [e["seq"] for e in entries if e["seq"] not in replay.voided and not is_void(e)]
        if not live:
            raise RefusedError(f"{path}: there is no entry in effect to void; nothing written.", "void-target")
        return live[-1]
    target = int(typed) if len(typed) <= 30 else 0   # int() refuses more than 4,300 digits
    if not 1 <= target <= len(entries):
        raise InputError(f"{path}: there is no entry {excerpt(typed)} to void (the log has entries 1–{len(entries)}).")
    if target in replay.voided:
        raise RefusedError(f"{path}: entry {target} is already voided by entry {replay.voided[target]}; "
                           f"to bring it back, void entry {replay.voided[target]}. Nothing written.", "void-target")
    return target


def newly_flagged(replay: Replay, before: list[int]) -> tuple[str, ...]:
    """Which later entries the void made illegal (they are flagged, G-1, G-4), one warning each."""
    from adjudicator.views import flag_view

    warnings = []
    for log in replay.log:
        if log.flag and log.flag.seq not in before:
            flag = flag_view(log, None)
            warnings.append(f"warning: entry {flag['seq']} is now flagged ({flag['code']}): {flag['message']}.")
    return tuple(warnings)
