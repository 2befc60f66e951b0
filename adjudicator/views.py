"""Result objects and boards, public or for one player, from a replay.

The public view is built only from the game's public view and the engine's counters, so
sealed submissions and hidden values cannot reach it. `--as PLAYER` adds that player's own
private view and pending submission, nothing of the opponent's.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from adjudicator import wording
from adjudicator.engine import Checkpoint, LogEntry, Replay, VoidsSoFar, is_void
from adjudicator.errors import InputError
from adjudicator.game import Game
from adjudicator.matchfile import LoadedMatch
from adjudicator.render import Banner, Heading, Para, Pre, Span, Stamp, render
from adjudicator.wording import text

SEALED_MESSAGE = "a sealed submission was refused; the reason is shown when the entry is revealed"


def new_replay(match: LoadedMatch) -> Replay:
    """A replay at the start of `match`: every view starts from one."""
    return Replay(match.game)


def check_at(match: LoadedMatch, until: int | None, option: str = "--at") -> None:
    """`--at SEQ` (or `--since SEQ`) must name a point of the log: the one place that says so,
    for every command that takes an entry number (one of each)."""
    count = len(match.entries) if match.count is None else match.count
    if until is not None and not 0 <= until <= count:
        span = f"entries 1–{count}" if count else "no entries yet"
        raise InputError(f"{match.name}: {option} {until} is outside the log ({span}; 0 is the start).")


def replay_match(match: LoadedMatch, until: int | None = None) -> Replay:
    """Replay the log, entry by entry, up to and including seq `until`."""
    check_at(match, until)
    entries = match.entries if until is None else match.entries[:until]
    return replay_entries(match, entries)


def replay_entries(match: LoadedMatch, entries: list[dict[str, Any]]) -> Replay:
    """Replay `entries` in order, leaving out those their host `void`s name (G-4)."""
    return new_replay(match).run(entries)


def replay_steps(match: LoadedMatch) -> Iterator[tuple[int, Replay, int | None]]:
    """The one loop that replays a match step by step for a caller that looks at every step
    (a match page's steps, `check`'s dice as each roll was written): (step, the replay after
    it, where a rebuild changed the log) for step 0 and each entry, replaying once.

    At a host void that changes what is left out, the replay is rebuilt knowing the voids so
    far (G-4), so each step shows the match as it stood when that entry was written; the
    third item is then the first position of the log whose voiding changed (the entries
    before it are as they were), else None. The rebuild resumes at a checkpoint taken before
    that entry, not at the start, and the voids so far are kept up to date void by void
    (VoidsSoFar): 3,000 voids read 4.5 million entries, voids of n entries replayed n². Only a chain of voids of voids, which changes every entry of the chain at
    each void, still replays the chain again. The replay yielded is the one the next step
    advances: use it before asking for the next."""
    entries = match.entries
    last_use = checkpoints_needed(entries)
    saved: dict[int, Checkpoint] = {}
    replay = new_replay(match)
    known = VoidsSoFar()
    yield 0, replay, None
    for index, entry in enumerate(entries):
        changed = known.add(entry) if is_void(entry) else None
        if changed is not None:
            start = changed - 1
            replay = saved[start].resume(replay, dict(known.voided))
            if last_use[start] == index:
                del saved[start]
            for position in range(start, index):   # again, with the voids known now
                if position > start and last_use.get(position, -1) > index:
                    saved[position] = replay.checkpoint()
                replay.step(entries[position])
        if index in last_use:
            saved[index] = replay.checkpoint()
        replay.step(entry)
        yield index + 1, replay, None if changed is None else changed - 1


def checkpoints_needed(entries: list[dict[str, Any]]) -> dict[int, int]:
    """Where replay_steps needs a checkpoint: position in the log (before that entry) -> the
    index of the last void whose rebuild resumes there."""
    known = VoidsSoFar()
    last_use: dict[int, int] = {}
    for index, entry in enumerate(entries):
        changed = known.add(entry) if is_void(entry) else None
        if changed is not None:
            last_use[changed - 1] = index
    return last_use


def flag_dict(log: LogEntry) -> dict[str, Any]:
    """A refused entry as its player (and everyone, once public) sees it: the code, its
    rulings and the message worded from them (G-1)."""
    flag = log.flag
    assert flag is not None, f"entry {log.seq} was not refused"
    return {"seq": flag.seq, "player": flag.player, "code": flag.code, "message": wording.flag_message(flag),
            "rulings": list(flag.rulings), "acknowledged": flag.acknowledged}


# Flags about an entry's time alone, which is public: a sealed entry shows them as they are,
# since they name nothing of the move, and it was not refused (G-7 b: it stands, untimed).
TIME_FLAGS = frozenset({"future-time"})


def public_flag(log: LogEntry, marked: Any = None) -> dict[str, Any]:
    """A refused entry as everyone may see it. While sealed: no reason, and `acknowledged`
    says only whether the host recorded it as illegal (`marked`, the entry's `"flagged"`),
    not whether the recorded code is right, which would tell the code (G-1)."""
    data = flag_dict(log)
    if log.sealed and log.flag is not None and log.flag.code not in TIME_FLAGS:
        data["message"], data["code"], data["rulings"] = SEALED_MESSAGE, "sealed", []
        data["acknowledged"] = bool(marked) or log.flag.acknowledged
    return data


def marks(match: LoadedMatch) -> dict[int, Any]:
    """seq → the code the host recorded the entry with as illegal (`"flagged"`), where any."""
    if match.marked is not None:   # read entry by entry: kept as they passed
        return match.marked
    return {entry["seq"]: entry["flagged"] for entry in match.entries if entry.get("flagged")}


def result(match: LoadedMatch, replay: Replay, viewer: str | None = None,
           with_entries: bool = False, flags: bool = True) -> dict[str, Any]:
    """The object of SPEC "JSON output" (schemas/result.schema.json). Without `flags`, for a
    picture, which shows no flagged entries, `flagged` is left empty: worded at each step of
    a match page, n flagged entries cost n² flag messages."""
    outcome = replay.outcome
    marked = marks(match) if flags or with_entries else {}
    out: dict[str, Any] = {
        "match": match.data["id"],
        "ruleset": match.ruleset.id,
        "status": "finished" if outcome else "in_progress",
        "winner": outcome.winner if outcome else None,
        "reason": wording.result_reason(replay),
        "to_act": replay.to_act(),
        "awaiting": wording.awaiting(replay),
        "at_seq": replay.last_seq,
        "flagged": [flag_view(log, viewer, marked.get(log.seq)) for log in replay.flagged] if flags else [],
        "warnings": list(match.warnings) + replay.warnings,
        "board": replay.public_view(),
    }
    due = replay.pending()
    clock = replay.clock.status(replay.to_act(), getattr(due, "kind", None))
    if clock is not None:
        if "deadline" in clock and is_now(match, replay):   # a board as it stood earlier tells no "now"
            clock["past_deadline"] = past(clock["deadline"])
        out["clock"] = clock
    submitted = replay.submitted()
    if submitted is not None:
        out["submitted"] = submitted
    if replay.announced:
        out["announced"] = {player: list(items) for player, items in replay.announced.items()}
    if viewer:
        private = dict(replay.private_view(viewer))
        if viewer in replay.sealed:
            move = replay.sealed[viewer]
            private["pending_submission"] = None if move is None else match.game.format_move(move)
        out["private"] = private
    if with_entries:
        out["entries"] = [entry_view(log, viewer, marked.get(log.seq)) for log in replay.log]
    head = head_json(log_head(match, replay))
    if head is not None:   # a chained match's head after the entries replayed (G-9)
        out["log"] = head
    return out


def log_head(match: LoadedMatch, replay: Replay) -> tuple[int, str] | None:
    """(seq, head) of a chained match (G-9) as far as `replay` went: the hash the last entry
    replayed records (head 0 before any); None for a match made before G-9 (or an entry
    written by hand, which records none)."""
    from adjudicator import chain

    seq = replay.last_seq
    if not match.streamed or seq == 0 or not chain.is_chained(match.data):
        return chain.head_of(match.data, match.entries if not match.streamed else [], until=seq)
    recorded = match.head[1] if match.head is not None and match.head[0] == seq else None
    return (seq, recorded) if isinstance(recorded, str) else None


def head_line(head: tuple[int, str] | None) -> str | None:
    """`log 27 · 3f9a21c0`: the head as every public output of a chained match ends (G-9)."""
    from adjudicator import chain

    return None if head is None else chain.shown(*head)


def head_json(head: tuple[int, str] | None) -> dict[str, Any] | None:
    """The head as JSON outputs carry it: `{"seq": 27, "head": "<64 hex>"}`."""
    return None if head is None else {"seq": head[0], "head": head[1]}


def _visible(log: LogEntry, viewer: str | None) -> bool:
    return not log.sealed or (viewer is not None and viewer == log.player)


def flag_view(log: LogEntry, viewer: str | None, marked: Any = None) -> dict[str, Any]:
    return flag_dict(log) if _visible(log, viewer) else public_flag(log, marked)


def hidden_summary(log: LogEntry) -> str:
    """What a private entry is called while its content is hidden: "private declaration" when
    its public events say one was made (a Track Trouble Hidden Value, TT-7), else "sealed
    submission". A Hidden Value called a sealed submission sat above
    "Submitted: Sally: no". Decided from the events the public already sees, so the name
    tells nothing more than they do; a late declaration, refused with no public event
    (TT-9), stays "sealed submission", as its refusal says."""
    if any(event.kind == "private-declaration" for event in log.sealed_events):
        return "private declaration"
    return "sealed submission"


def game_of(log: LogEntry) -> Game[Any]:
    """The game an entry's events are worded in: replay gives every entry with events its game."""
    if log.game is None:
        raise RuntimeError(f"entry {log.seq} has events but no game to word them")
    return log.game


def entry_view(log: LogEntry, viewer: str | None = None, marked: Any = None) -> dict[str, Any]:
    visible = _visible(log, viewer)
    data: dict[str, Any] = {
        "seq": log.seq, "type": log.type, "player": log.player,
        "summary": log.summary if visible else hidden_summary(log),
        "events": [{"text": text(game_of(log), e), "rulings": list(e.rulings)}
                   for e in (log.events if visible else log.sealed_events)],
        "flag": None if not log.flag else flag_view(log, viewer, marked),
        "sealed": log.sealed,
    }
    if log.voided_by is not None:
        data["voided_by"] = log.voided_by
    if not log.sealed and "commit" in log.entry:   # revealed: what checks the move against its commitment (G-9)
        data["commit"], data["nonce"] = log.entry["commit"], log.entry.get("nonce")
    return data


def describe_status(res: dict[str, Any], names: dict[str, str] | None = None,
                    awaiting: str | None = None) -> str:
    """`finished: Sally wins (…)` or `in progress; awaiting …`: players by `names` (display
    names, Game.display_names), by id without them, and the `awaiting` words."""
    if res["status"] == "finished":
        winner = res["winner"]
        who = f"{(names or {}).get(winner, winner)} wins" if winner else "no winner"
        return f"finished: {who} ({res['reason']})"
    return f"in progress; awaiting {awaiting or res['awaiting']}"


def sides_shown(game: Any, board: dict[str, Any]) -> dict[str, str]:
    """Each player's side as boards name it: the side the game's public view gives (`sides`),
    which in Arrowbic a `first` or an opening pick may have swapped from the header's listing
    (G-6), else the side the header lists."""
    shown = board.get("sides") if isinstance(board, dict) else None
    shown = shown if isinstance(shown, dict) else {}
    return {p.id: shown.get(p.id, p.side) for p in game.players}


def banner(match: LoadedMatch, res: dict[str, Any], trophy: str = "🏆 ") -> list[Any] | None:
    """The one line a finished board opens with: `🏆 Sally (red) wins —
    maddie's piece left the board …` or `Draw — …`, so whoever opens the thread's last post
    sees the result first. Made from the result's data only: the winner (None is a draw),
    the display names, the sides in effect (an Arrowbic `first` or pick may have swapped
    them, G-6) and the `reason` already worded. None while the match is in progress, which
    is also every `--at` before the end. `trophy` is "" for the picture, whose shipped
    fonts have no emoji."""
    if res["status"] != "finished":
        return None
    winner = res["winner"]
    if winner is None:
        return [f"Draw — {res['reason']}"]
    names = match.game.display_names
    side = sides_shown(match.game, res["board"]).get(winner, "")
    return [trophy, Span(names.get(winner, winner), colour=side or None), f" ({side}) wins — {res['reason']}"]


def banner_text(match: LoadedMatch, res: dict[str, Any], trophy: str = "🏆 ") -> str | None:
    """The banner as plain text (the picture sets it itself)."""
    line = banner(match, res, trophy)
    return None if line is None else "".join(part.text if isinstance(part, Span) else part for part in line)


def board_blocks(match: LoadedMatch, replay: Replay, viewer: str | None = None, in_post: bool = False) -> list[Any]:
    """The board as blocks: players named as the thread knows them (Game.display_names); a
    finished match's board opens with its result as a banner, and the
    status line then says only "finished", so the board tells the result once. `in_post`:
    the post's `Now:` line below says who acts and by when, so the board does not say it too
    (a post then fits one Discord message more often)."""
    res = result(match, replay, viewer)
    game = match.game
    names = game.display_names
    title = match.data.get("title") or match.data["id"]
    heading: list[Any] = [] if in_post else [f"{title} — "]   # a post's own heading names the match
    sides = sides_shown(game, res["board"])
    for index, player in enumerate(game.players):
        heading += [" vs "] if index else []
        heading += [Span(names[player.id], colour=sides[player.id]), f" ({sides[player.id]})"]
    top = banner(match, res)
    blocks: list[Any] = [Banner(top)] if top is not None else []
    blocks += [Heading(heading), Para(status_line(match, replay, res, awaiting=not in_post))]
    if res.get("clock"):
        clock = res["clock"]
        if in_post:
            clock = {key: value for key, value in clock.items() if key not in ("deadline", "turn_started")}
        blocks.append(Para(clock_line(clock, names, zone_of(match))))
    blocks += [Para(line) for line in phase_lines(match, res, ": ")]
    blocks += game.board_blocks(res["board"])
    if viewer and res.get("private"):
        private = res["private"]
        blocks.append(Para(f"Private to {names[viewer]}: " + "; ".join(f"{k}: {v}" for k, v in private.items())))
    if res["flagged"]:
        blocks.append(Para(f"Flagged entries: {', '.join('#' + str(f['seq']) for f in res['flagged'])}"))
    return blocks


def status_line(match: LoadedMatch, replay: Replay, res: dict[str, Any], awaiting: bool = True) -> str:
    """`arrowbic · after entry 8 · in progress; awaiting Maddie to place a stone`: the line
    under a board's heading, text and picture alike, players by display name. A finished
    board says only `finished` here: its banner above tells who won and why;
    without `awaiting`, an open one only `in progress` (a post's `Now:` line tells the rest)."""
    names = match.game.display_names
    if res["status"] == "finished":
        return f"{match.ruleset.id} · after entry {replay.last_seq} · finished"
    if not awaiting:
        return f"{match.ruleset.id} · after entry {replay.last_seq} · in progress"
    status = describe_status(res, names, wording.awaiting(replay, names.__getitem__))
    return f"{match.ruleset.id} · after entry {replay.last_seq} · {status}"


def phase_lines(match: LoadedMatch, res: dict[str, Any], mark: str) -> list[str]:
    """In an open sealed phase, who has submitted (G-2: only that, never what) and the items
    announced on submission (TT-7); `mark` stands between a player and yes or no."""
    names = match.game.display_names
    lines = []
    if res.get("submitted"):
        lines.append("Submitted: " + ", ".join(f"{names[p]}{mark}{'yes' if done else 'no'}"
                                                for p, done in res["submitted"].items()))
    if res.get("announced"):
        items = match.ruleset.items
        lines.append("Announced: " + "; ".join(f"{names[p]} uses {', '.join(items[i]['name'] for i in used)}"
                                               for p, used in res["announced"].items()))
    return lines


def is_now(match: LoadedMatch, replay: Replay) -> bool:
    """Is this replay the match as it stands now (every entry replayed), not an earlier board?"""
    count = len(match.entries) if match.count is None else match.count
    return replay.last_seq >= count


def past(deadline: str) -> bool:
    """Has this deadline passed at the tool's now (clock.now: ADJUDICATOR_NOW or the wall clock)?
    A board then says so, so nobody waits on a phase whose time is up (G-7)."""
    from adjudicator.clock import now, parse_time

    moment = parse_time(deadline)
    return moment is not None and moment < now()


def zone_of(match: LoadedMatch) -> str | None:
    """The IANA name of the zone a match's times are told in (when.match_zone: the match's
    `time_zone`, else the host's ADJUDICATOR_TIME_ZONE); None for UTC."""
    from adjudicator.when import match_zone

    key = match_zone(match.data).key
    return None if key == "UTC" else key


def clock_line(clock: dict[str, Any], names: dict[str, str] | None = None, zone: str | None = None) -> list[Any]:
    """`Clock: 150 s to act; turn started …, deadline …; reserve Sally 580 s, Maddie 600 s`,
    with the times as Stamps (Discord shows each reader their own time zone)."""
    names = names or {}
    parts: list[list[Any]] = []
    if "untimed_since" in clock:   # the host switched the clock off (G-7)
        parts.append([f"untimed since entry {clock['untimed_since']} (the host switched the clock off)"])
    if "turn_seconds" in clock:
        parts.append([f"{clock['turn_seconds']} s to act"])
    if "deadline" in clock:
        parts.append(["turn started ", Stamp(clock["turn_started"], zone), ", deadline ",
                      Stamp(clock["deadline"], zone)])
        if clock.get("past_deadline"):
            parts[-1].append(" (passed)")
    if any(clock["reserve"].values()):
        parts.append(["reserve " + ", ".join(f"{names.get(p, p)} {s} s" for p, s in clock["reserve"].items())])
    if clock["on_expiry"] == "skip":
        parts.append(["late submissions count as empty"])
    line: list[Any] = ["Clock: "]
    for index, part in enumerate(parts):
        line += (["; "] if index else []) + part
    return line


def board_text(match: LoadedMatch, replay: Replay, fmt: str, viewer: str | None = None) -> str:
    return render([*board_blocks(match, replay, viewer), *head_blocks(match, replay)], fmt)


def head_blocks(match: LoadedMatch, replay: Replay) -> list[Any]:
    """The last line of a chained match's public output, its head (`log 27 · 3f9a21c0`,
    G-9); nothing for a match made before G-9."""
    line = head_line(log_head(match, replay))
    return [] if line is None else [Para(line)]


def entry_post(match: LoadedMatch, replay: Replay, log: LogEntry, fmt: str, rulings: bool = False) -> str:
    """What `move`, `roll` and `host` print to paste in public: the entry as everyone may see
    it (a sealed submission only as "submitted"), then the public board, then the head of a
    chained match (G-9); ruling ids only when asked (`--rulings`)."""
    return render([Pre([*entry_lines(log, None, pad=False, rulings=rulings)]),
                   *revealed_blocks(replay, log, rulings), *board_blocks(match, replay),
                   *head_blocks(match, replay)], fmt)


def revealed_blocks(replay: Replay, log: LogEntry, rulings: bool = False) -> list[Any]:
    """In a chained match (G-9), the sealed entries of the phase `log` has just resolved, now
    public with their nonces, so whoever reads the post can check each against the commitment
    it entered the log with. Nothing for a match made before G-9 (its entries have no
    `commit`), nor for an entry that resolved nothing."""
    from adjudicator.engine import PUBLIC

    if log.seal is PUBLIC or log.sealed or not replay.keep_log:
        return []
    opened = [other for other in replay.log
              if other is not log and other.seal is log.seal and not other.sealed and "commit" in other.entry]
    if not opened:
        return []
    return [Para("Revealed now (sealed when entered):"),
            Pre([line for other in opened for line in entry_lines(other, None, pad=False, rulings=rulings)])]


class Narration:
    """What `replay` prints of each entry, made as soon as the entry can no longer change, so
    a replay with `keep_log=False` need keep no log entry: a sealed entry waits until it is
    revealed (its phase resolves, the match ends) or the replay is over, then is rendered
    with `render` like the others. (A log entry only ever goes from sealed to public.)"""

    def __init__(self, render: Callable[[LogEntry], Any]) -> None:
        self.render = render
        self.items: list[Any] = []
        self.waiting: list[int] = []   # positions in `items` of log entries still sealed

    def add(self, log: LogEntry) -> None:
        if log.sealed:
            self.waiting.append(len(self.items))
            self.items.append(log)
            return
        self.items.append(self.render(log))
        if self.waiting:   # a public entry may have resolved a phase: see what it revealed
            self._settle()

    def _settle(self) -> None:
        still = []
        for position in self.waiting:
            log = self.items[position]
            if log.sealed:
                still.append(position)
            else:
                self.items[position] = self.render(log)
        self.waiting = still

    def done(self) -> list[Any]:
        """Every entry's rendering, in log order."""
        for position in self.waiting:
            self.items[position] = self.render(self.items[position])
        self.waiting = []
        return self.items


def narration(match: LoadedMatch, viewer: str | None, fmt: str) -> Narration:
    """The Narration of `replay` text (entry_text) or JSON (each entry's JSON text as it is
    printed inside the result, indented and inert)."""
    from adjudicator.render import inert_json

    marked = marks(match)
    if fmt == "json":
        return Narration(lambda log: inert_json(json.dumps(entry_view(log, viewer, marked.get(log.seq)), indent=2,
                                                           ensure_ascii=False).replace("\n", "\n    ")))
    return Narration(lambda log: entry_text(log, viewer, marked.get(log.seq)))


def replay_json(match: LoadedMatch, replay: Replay, viewer: str | None, entries: list[str]) -> Iterator[str]:
    """The text of `result(..., with_entries=True)` as the command line prints it (indented
    JSON, inert_json), in pieces, with the entries' JSON texts from a Narration."""
    from adjudicator.render import inert_json

    out = result(match, replay, viewer)
    out["entries"] = []
    text = inert_json(json.dumps(out, indent=2, ensure_ascii=False))
    if not entries:
        yield text + "\n"
        return
    empty = '"entries": []\n}'
    yield text[:-len(empty)] + '"entries": [\n    '
    for start in range(0, len(entries), 1000):
        yield (",\n    " if start else "") + ",\n    ".join(entries[start:start + 1000])
    yield "\n  ]\n}\n"


def replay_text(match: LoadedMatch, replay: Replay, viewer: str | None = None,
                narrated: list[str] | None = None) -> str:
    """Entry by entry, as a host would post it: what happened, which ruling applied. The
    text of each entry (entry_text) is `narrated` (a Narration's) when the replay kept no log."""
    lines = []
    game = match.game
    head = match.data.get("title") or match.data["id"]
    lines.append(f"{head} — {match.ruleset.id}")
    res = result(match, replay, viewer)
    sides = sides_shown(game, res["board"])
    lines.append("Players: " + ", ".join(f"{game.who(p.id)} ({sides[p.id]})" for p in game.players))
    for warning in match.warnings + replay.warnings:
        lines.append(f"warning: {warning}")
    if narrated is None:
        marked = marks(match)
        narrated = [entry_text(log, viewer, marked.get(log.seq)) for log in replay.log]
    tail = ["Result: " + describe_status(res, game.display_names)]
    if res["flagged"]:
        tail.append(f"Flagged: {len(res['flagged'])} entr{'y' if len(res['flagged']) == 1 else 'ies'} "
                    f"({', '.join('#' + str(f['seq']) for f in res['flagged'])})")
    from adjudicator.render import clean
    return "\n".join([*(clean(line, one_line=True) for line in lines), *narrated,
                      *(clean(line, one_line=True) for line in tail)]) + "\n"


def entry_text(log: LogEntry, viewer: str | None = None, marked: Any = None) -> str:
    """An entry's lines in `replay` text (entry_lines, padded), each one clean line."""
    from adjudicator.render import clean

    return "\n".join(clean(line, one_line=True) for line in entry_lines(log, viewer, marked=marked))


def entry_lines(log: LogEntry, viewer: str | None = None, pad: bool = True, marked: Any = None,
                rulings: bool = True) -> list[str]:
    """An entry's narration; `pad` aligns the sequence numbers of a whole replay; `marked`
    is the code the entry was recorded with as illegal, if any. `rulings` cites the ruling
    ids (`[G-7]`): `replay` and the host's own echo keep them, posts for players leave them
    out unless asked (`--rulings`)."""
    view = entry_view(log, viewer, marked)
    actor = (log.game.who(log.player) if log.game is not None else log.player) if log.player else log.type
    number = f"#{log.seq:<3}" if pad else f"#{log.seq}"
    head = f"{number} {actor}: {view['summary']}"
    if view["flag"]:
        flag = view["flag"]
        cited = f" [{', '.join(flag['rulings'])}]" if rulings and flag["rulings"] else ""
        ack = " (recorded as illegal by the host)" if flag.get("acknowledged") else ""
        lines = [head, f"      FLAGGED {flag['code']}: {flag['message']}{cited}{ack}"]
    else:
        lines = [head]
    for event in view["events"]:
        cited = f" [{', '.join(event['rulings'])}]" if rulings and event["rulings"] else ""
        lines.append(f"      {event['text']}{cited}")
    if view.get("nonce"):   # a sealed entry revealed: its nonce, to check it against its commitment (G-9)
        lines.append(f"      revealed with nonce {view['nonce']}{' [G-9]' if rulings else ''}")
    return lines


# --- The public copy of the log (`adjudicator publish`) -----------------------------------

def public_cut(match: LoadedMatch, until: int | None = None) -> tuple[int, str | None]:
    """How many entries of the log (up to seq `until`) a public copy may hold, and why not more.

    The copy is a prefix of the log, so it loads, replays and `check`s like the original did
    at that point. It ends before the first entry that is still private after `until` (a
    sealed submission of an open phase, a Hidden Value before its round ends, a voided sealed
    submission, which stays private until the match ends). The prefix is then replayed on
    its own and cut again if one of its entries is private there: an entry that a later,
    left-out entry revealed would otherwise show in plain text in the copy.
    """
    count = len(match.entries) if until is None else until
    why = None
    while True:
        private = next((log for log in replay_match(match, count).log if log.sealed), None)
        if private is None:
            return count, why
        count = private.seq - 1
        why = private_reason(private)


def private_reason(log: LogEntry) -> str:
    """`entry 13 (sally's sealed entry) is not public yet`: why a public copy stops there."""
    if log.voided_by is not None:
        return (f"entry {log.seq} ({log.player}'s voided sealed submission) stays private until the match ends")
    return f"entry {log.seq} ({log.player}'s sealed entry) is not public yet"


def public_copy(match: LoadedMatch, until: int | None = None) -> tuple[dict[str, Any], str]:
    """The match file every player may see after entry `until` (default: now), and one
    sentence saying what it holds."""
    count, why = public_cut(match, until)
    total = len(match.entries) if until is None else until
    data = {**match.data, "entries": list(match.entries[:count])}
    held = f"entries 1–{count}" if count else "no entries"
    said = f"{held} of {total}" + (f"; {why}, so the copy ends at entry {count}" if why else "")
    return data, said


def salts_awaited(match: LoadedMatch, replay: Replay) -> list[str]:
    """The players (ids, header order) whose salt a draw waits for (G-8 amended): in a match
    whose draws take salts (the header's `draws`), in progress, whose game draws (dice) or
    whose pick of who starts is due, the players who have not salted yet. Empty otherwise,
    and for matches made before G-8. Who has salted is public (a salt entry is)."""
    if not match.data.get("draws") or replay.outcome is not None:
        return []
    if not (match.game.nature.chance or replay.chance_due() is not None):
        return []
    return [p for p in match.game.player_ids if p not in replay.salts]


def salts_line(match: LoadedMatch, replay: Replay, missing: list[str]) -> str:
    """The public sentence while salts are awaited (G-8): whose, and what waits for them."""
    names = [match.game.display_names[p] for p in missing]
    who = " and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1]
    due = replay.chance_due()
    what = "the draw of who starts" if due is not None and not due.dice else "the dice are drawn"
    return (f"Waiting for {'a salt' if len(names) == 1 else 'salts'} from {who} before {what} (G-8): "
            f"each player posts a word of their own, so nobody, the host included, can foresee a draw.")
