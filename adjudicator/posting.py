"""`adjudicator post`: one post per update, and the match file's memory of the last one.

A post is what a host pastes in the thread after each step: what happened since the last
post (every entry in the game's public words; a sealed submission of an open phase only as
"submitted", G-2; a Hidden Value only once its round ends, TT-7; submissions revealed since,
in full), the public board, who must act now and
the deadline, and, once the match is over, a final summary. The match file remembers the
last post in its header field `posted` (`{"seq": 15, "from": 13, "at": "…"}`: the last
entry and the first entry it covered, and when), written atomically under the lock that
appending an entry takes, so the next post needs no arguments.

What a post covers is decided from data only (`posted`, the entries' seqs, the voids' targets,
the log entries' `sealed`); the few sentences of this module are made from that data here, at
the edge, and the entries and the board are worded by adjudicator.views.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adjudicator import chain, matchfile, wording
from adjudicator.engine import LogEntry, Replay, is_void, voided_entries
from adjudicator.errors import InputError
from adjudicator.matchfile import LoadedMatch

FIELD = "posted"
POSTED = "posted"   # the host action `post` writes in the log (G-7)

# Why a post covers what it covers (`Post.why`, the JSON's "why"): decided from data.
FIRST = "first"              # no post yet: everything from the start
SINCE_LAST = "since-last"    # the entries after the last post
NOTHING_NEW = "nothing-new"  # no entry since the last post: the board again, nothing recorded
VOIDED = "voided"            # a void since the last post changed what it covered: from that point (G-4)
BEYOND_LOG = "beyond-log"    # `posted.seq` is past the log (edited by hand): everything again
SINCE = "since"              # --since SEQ
AGAIN = "again"              # --again: the last post's range, the board as it stood then


def formats() -> tuple[str, ...]:
    """The formats `post` prints: every text format render knows (so a new one works here
    without a change), and json."""
    from adjudicator.formats import JSON, text_formats

    return (*text_formats(), JSON)


@dataclass(frozen=True)
class Posted:
    """The header's record of the last post: its last entry `seq` (0: the opening board), its
    first entry `start` (the file's `from`) and when it was printed (`at`, RFC 3339)."""

    seq: int
    start: int
    at: str
    after: int | None = None   # the last entry earlier posts covered, when not start - 1 (a void moved start back)

    @property
    def shown_before(self) -> int:
        """The last entry posted before this post: what decides which voids it retold (is_told)."""
        return self.start - 1 if self.after is None else self.after

    def as_dict(self) -> dict[str, Any]:
        record: dict[str, Any] = {"seq": self.seq, "from": self.start, "at": self.at}
        if self.after is not None:
            record["after"] = self.after
        return record


def read_posted(match: LoadedMatch) -> Posted | None:
    """The match's `posted` record (checked by the schema when the file was loaded), or None."""
    raw = match.data.get(FIELD)
    if raw is None:
        return None
    return Posted(raw["seq"], raw.get("from", 1), raw["at"], raw.get("after"))


@dataclass
class Post:
    """One post: the entries `start`…`end` as they stand now (`logs`), the earlier entries that
    were private before `start` and are public now (`revealed`), the replay after `end`, why
    it covers that (`why`, one of the codes above) and the record that describes it."""

    match: LoadedMatch
    replay: Replay
    start: int
    end: int
    why: str
    logs: list[LogEntry]
    revealed: list[LogEntry]
    record: Posted
    previous: Posted | None
    voided_from: tuple[int, int, bool] | None = None   # changed_by_voids: what moved `start` back
    recorded: bool = False
    notes: list[str] = field(default_factory=list)
    rulings: bool = False   # cite ruling ids in the entry lines (`post --rulings`)
    head: tuple[int, str] | None = None   # a chained match's head after what the post shows (G-9)


# --- What a post covers ------------------------------------------------------------------------

def plan(match: LoadedMatch, now: str, *, since: int | None = None, again: bool = False) -> Post:
    """Decide what the post covers and replay the match to its end.

    The first post covers everything from the start; later ones the entries after `posted.seq`,
    from further back when a void since then changed an entry already posted (G-4: replay
    adjudicates everything after the voided entry again); `since` overrides the start and
    `again` takes the last post's range, with the board as it stood then."""
    count = len(match.entries)
    previous = read_posted(match)
    voided_from = None
    if again:
        if previous is None:
            raise InputError(f"{match.name}: nothing has been posted from this match yet (no field {FIELD}); "
                             f"run 'adjudicator post {_file(match)}' for the first post.")
        if previous.seq > count:
            raise InputError(f"{match.name}: field {FIELD}.seq is {previous.seq}, beyond the log's {count} "
                             f"entr{'y' if count == 1 else 'ies'} (the file was edited by hand); the last post "
                             "cannot be printed again. Run 'post' without --again.")
        start, end, why = previous.start, previous.seq, AGAIN
    elif since is not None:
        from adjudicator.views import check_at

        check_at(match, since, "--since")
        start, end, why = since + 1, count, SINCE
    elif previous is None:
        start, end, why = 1, count, FIRST
    elif previous.seq > count:
        start, end, why = 1, count, BEYOND_LOG
    else:
        start, end, why = previous.seq + 1, count, SINCE_LAST
        voided_from = changed_by_voids(match.entries, previous.seq)
        if voided_from is not None:
            start, why = voided_from[0], VOIDED
        elif start > end:
            why = NOTHING_NEW
    from adjudicator.views import replay_match

    replay = replay_match(match, end)
    if why == AGAIN and previous is not None:
        shown_before = previous.shown_before
    elif why in (SINCE_LAST, VOIDED, NOTHING_NEW) and previous is not None:
        shown_before = previous.seq
    else:   # FIRST, BEYOND_LOG: nothing before; SINCE: the host says what was posted
        shown_before = start - 1
    logs = [log for log in replay.log[start - 1:end] if is_told(log, shown_before)] if start <= end else []
    revealed = revealed_since(match, replay, min(start, end + 1) - 1)
    record = previous if previous is not None and why in (AGAIN, NOTHING_NEW) else \
        Posted(end, start, now, shown_before if shown_before != start - 1 else None)
    return Post(match, replay, start, end, why, logs, revealed, record, previous, voided_from)


def is_told(log: LogEntry, shown_before: int) -> bool:
    """Does the post retell this entry? Not the `posted` record (the clock's, G-7), and a void
    only when the entry it voids was in an earlier post (`shown_before`: the last entry posted
    before this post's range): a typo the host voided before anyone saw it is bookkeeping, so
    neither it nor its void is retold. A void of a posted entry is one line."""
    entry = log.entry
    if is_posted(entry):
        return False
    if log.voided_by is not None:   # left out by a void
        return log.seq <= shown_before
    if is_void(entry):
        target = entry["host"].get("seq")
        return isinstance(target, int) and target <= shown_before
    return True


def is_posted(entry: dict[str, Any]) -> bool:
    """The host entry `post` writes (G-7): the clock's record, not a step of the match to retell."""
    host = entry.get("host")
    return entry.get("type") == "host" and isinstance(host, dict) and host.get("action") == POSTED


def posted_entry(match: LoadedMatch, post: Post, at: str) -> dict[str, Any] | None:
    """The log entry that records this post, when its time matters: the match is in progress
    and timed, so the turn or phase open now runs from this post (G-7, amended 2026-11-26).
    No host entry is in the log's time order (G-7 c): a player may answer a
    move seen in the thread before the host posts the board."""
    if post.replay.outcome is not None or not post.replay.clock.running or post.end != len(match.entries):
        return None
    return {"seq": len(match.entries) + 1, "at": at, "type": "host", "host": {"action": POSTED}}


def changed_by_voids(entries: list[dict[str, Any]], posted: int) -> tuple[int, int, bool] | None:
    """(the earliest entry up to `posted` that a void after `posted` left out or brought back,
    that void, whether it is left out now), or None when the voids since the last post changed
    nothing the last post covered (G-4)."""
    before = voided_entries(entries[:posted])
    after = voided_entries(entries)
    changed = sorted(seq for seq in set(before) | set(after) if seq <= posted and before.get(seq) != after.get(seq))
    if not changed:
        return None
    first = changed[0]
    by = after.get(first)
    if by is not None and by > posted:
        return first, by, True
    # brought back: by the void since the last post that left out the void that had left it out
    return first, min(seq for seq in after.values() if seq > posted), False


def revealed_since(match: LoadedMatch, replay: Replay, before: int) -> list[LogEntry]:
    """The entries up to `before` that were private after entry `before` (a sealed submission,
    a Hidden Value, a voided sealed submission) and are public in `replay`: a post shows them
    in full once, after it showed them as "submitted"."""
    if before <= 0:
        return []
    from adjudicator.views import replay_match

    private = {log.seq for log in replay_match(match, before).log if log.sealed}
    if not private:
        return []
    return [log for log in replay.log[:before] if log.seq in private and not log.sealed]


# --- The post as blocks, text and JSON -----------------------------------------------------------

def blocks(post: Post) -> list[Any]:
    """The post as render blocks: what happened, the board, who acts and by when, the end."""
    from adjudicator import views
    from adjudicator.render import Heading, Para, Pre

    match, replay = post.match, post.replay
    marked = views.marks(match)
    title = match.data.get("title") or match.data["id"]
    out: list[Any] = [Heading(f"{title} — {covered(post)}")]
    if post.revealed:
        out.append(Para("Revealed now (sealed when posted):"))
        out.append(Pre([line for log in post.revealed
                        for line in views.entry_lines(log, None, pad=False, marked=marked.get(log.seq),
                                                       rulings=post.rulings)]))
    if post.logs:
        out.append(Pre([line for log in post.logs
                        for line in views.entry_lines(log, None, pad=False, marked=marked.get(log.seq),
                                                       rulings=post.rulings)]))
    elif post.why == NOTHING_NEW:
        out.append(Para("Nothing new since the last post."))
    out += views.board_blocks(match, replay, in_post=replay.outcome is None)
    res = views.result(match, replay)
    if replay.outcome is None:
        names = match.game.display_names
        out.append(Para(now_line(res, wording.awaiting(replay, names.__getitem__), names, views.zone_of(match))))
    else:
        out += final_blocks(post, res)
    if post.head is not None:   # its last line: the head of the log it shows (G-9)
        out.append(Para(chain.shown(*post.head)))
    return out


def covered(post: Post) -> str:
    """`entries 13–15`, `entry 4`, `no entries yet`: the range a post covers, as its heading says."""
    if post.start > post.end:
        return "no entries yet" if post.end == 0 else f"after entry {post.end}"
    if post.start == post.end:
        return f"entry {post.end}"
    return f"entries {post.start}–{post.end}"


def now_line(res: dict[str, Any], awaiting: str | None, names: dict[str, str], zone: str | None = None) -> list[Any]:
    """`Now: Anna to move. Deadline 2026-11-22T12:02:30Z (then the reserve: Anna until …).`:
    players by display name, times as Stamps (Discord shows each reader their own time)."""
    from adjudicator.render import Stamp

    line: list[Any] = [f"Now: {awaiting or 'nothing is due'}."]
    since = (res.get("clock") or {}).get("untimed_since")
    if since is not None:
        line.append(f" Untimed since entry {since}.")
    deadline = deadline_of(res)
    if deadline is not None:
        line += [" Deadline ", Stamp(deadline, zone)]
        if res["clock"].get("past_deadline"):
            line.append(" (passed)")
        runs_out = res["clock"].get("reserve_runs_out") or {}
        if res["clock"].get("on_expiry") == "lose" and runs_out:
            line.append(" (then the reserve: ")
            for index, (player, until) in enumerate(runs_out.items()):
                line += [", " if index else "", f"{names.get(player, player)} until ", Stamp(until, zone)]
            line.append(")")
        elif res["clock"].get("on_expiry") == "skip":
            line.append(" (a late submission counts as empty)")
        line.append(".")
    return line


def deadline_of(res: dict[str, Any]) -> str | None:
    """The deadline of the turn or phase now open, when the match is timed."""
    clock = res.get("clock") or {}
    return clock.get("deadline")


def final_blocks(post: Post, res: dict[str, Any]) -> list[Any]:
    """The final summary: the size of the log and the flagged entries. Who won and why is the
    final board's banner above, so the post tells the result once."""
    from adjudicator.render import Heading, Para

    names = post.match.game.display_names
    out: list[Any] = [Heading("Final summary")]
    summary = final_summary(post, res)
    entries = summary["entries"]
    size = f"The board above is the final board; {entries} entr{'y' if entries == 1 else 'ies'} in the log"
    if summary["voided"]:
        size += f" ({len(summary['voided'])} voided: {', '.join('#' + str(s) for s in summary['voided'])})"
    flagged = res["flagged"]
    if flagged:
        size += f"; {len(flagged)} flagged: " + ", ".join(
            f"#{f['seq']}{' ' + names.get(f['player'], f['player']) if f['player'] else ''} ({f['code']})"
            for f in flagged)
    else:
        size += "; none flagged"
    out.append(Para(size + "."))
    return out


def final_summary(post: Post, res: dict[str, Any]) -> dict[str, Any]:
    """The final summary as data (the JSON's "final")."""
    return {"winner": res["winner"], "reason": res["reason"], "entries": post.end,
            "voided": sorted(post.replay.voided), "flagged": [f["seq"] for f in res["flagged"]]}


def as_json(post: Post) -> dict[str, Any]:
    """The post for scripts: the entries covered (public entry views), those revealed since,
    the board's result, who acts and by when, the final summary and the `posted` record."""
    from adjudicator import views

    marked = views.marks(post.match)
    res = views.result(post.match, post.replay)
    return {
        "match": post.match.data["id"],
        "why": post.why,
        "from": post.start,
        "to": post.end,
        "entries": [views.entry_view(log, None, marked.get(log.seq)) for log in post.logs],
        "revealed": [views.entry_view(log, None, marked.get(log.seq)) for log in post.revealed],
        "result": res,
        "awaiting": res["awaiting"],
        "to_act": res["to_act"],
        "deadline": deadline_of(res),
        "final": final_summary(post, res) if post.replay.outcome is not None else None,
        "posted": post.record.as_dict(),
        "recorded": post.recorded,
        **({"log": views.head_json(post.head)} if post.head is not None else {}),
    }


def text(post: Post, fmt: str) -> str:
    """The post in `fmt`: a text format of adjudicator.render, or json."""
    if fmt == "json":
        import json

        from adjudicator.render import inert_json

        return inert_json(json.dumps(as_json(post), indent=2, ensure_ascii=False)) + "\n"
    from adjudicator.render import render

    return render(blocks(post), fmt)


# --- The command: print, and remember ------------------------------------------------------------

def make_post(path: Path, fmt: str, *, since: int | None = None, again: bool = False,
              record: bool = True, at: str | None = None, rulings: bool = False) -> tuple[Post, str]:
    """`adjudicator post`: under the match file's lock, plan the post, make its text and, unless
    `record` is off or the post is a reprint or has nothing new, write the `posted` record
    (atomically: the file is the old one or the new one, never half of either). In a timed
    match in progress the record is also a log entry, `posted` at `at` (default now): the
    turn or phase open runs from it (G-7), so the deadline the post prints is the one the
    clock applies. Returns the post (its `notes` are for the host, on standard error) and its
    text."""
    from adjudicator import views
    from adjudicator.session import now_utc

    stamp = at or now_utc()
    with matchfile.locked(path):
        match = matchfile.load(path)
        post = plan(match, stamp, since=since, again=again)
        post.rulings = rulings
        writes = record and post.why not in (AGAIN, NOTHING_NEW)
        post.recorded = writes
        entry = posted_entry(match, post, stamp) if writes else None
        if entry is not None:   # the board the post shows, with its deadline from now (G-7)
            post.replay.step(entry)
            if chain.is_chained(match.data):   # linked now: the post shows the head after it (G-9)
                link_posted(match, post.replay, entry)
            post.record = Posted(entry["seq"], post.start, stamp, post.record.after)
        post.head = (entry["seq"], entry["hash"]) if entry is not None and "hash" in entry \
            else views.log_head(match, post.replay)
        out = text(post, fmt)
        if writes:
            write_record(path, match, post.record, entry)
    post.notes = [*post.notes, *notes(post, path, record)]
    return post, out


def link_posted(match: LoadedMatch, replay: Replay, entry: dict[str, Any]) -> None:
    """Link the `posted` entry into a chained match's log (G-9; it is never sealed), after the
    entries typed in by hand at its end, linked first (session.adopt_unchained)."""
    from adjudicator.session import adopt_unchained

    adopt_unchained(match, replay)
    chain.link(match.data, entry, sealed=False)


def write_record(path: Path, match: LoadedMatch, record: Posted, entry: dict[str, Any] | None = None) -> None:
    """Set the header's `posted` (just before the entries, where a streamed read finds it in
    the header), append the `posted` log entry if any, and replace the file atomically."""
    data: dict[str, Any] = {}
    for key, value in match.data.items():
        if key == FIELD:
            continue
        if key == "entries":
            data[FIELD] = record.as_dict()
        data[key] = value
    if entry is not None and chain.is_chained(data) and "hash" not in entry:   # the audited log (G-9)
        chain.link(data, entry, sealed=False)
    matchfile.check_schema({**data, "entries": [entry] if entry else []}, str(path))
    if entry is not None:
        data["entries"] = [*data["entries"], entry]
    matchfile.write_atomic(path, matchfile.dumps(data))


def notes(post: Post, path: Path, record: bool) -> list[str]:
    """What the host should know about this post, for standard error."""
    said: list[str] = []
    previous = post.previous
    if post.why == BEYOND_LOG and previous is not None:
        count = len(post.match.entries)
        said.append(f"{path}: field {FIELD}.seq is {previous.seq}, beyond the log's {count} "
                    f"entr{'y' if count == 1 else 'ies'} (the file was edited by hand); this post covers the "
                    "whole log from the start.")
    if post.why == VOIDED and previous is not None and post.voided_from is not None:
        target, by, left_out = post.voided_from
        did = "voided" if left_out else "brought back"
        said.append(f"entry {by} {did} entry {target}, which the last post (up to entry {previous.seq}) "
                    f"covered: this post covers the entries from {target} on again, as replay adjudicates "
                    "them now (G-4).")
    if post.why == NOTHING_NEW and previous is not None:
        said.append(f"nothing has happened since the last post (up to entry {previous.seq}, at {previous.at}); "
                    "this is the board and who is to act, to post as a reminder if you like. Nothing recorded.")
        return said
    if post.why == AGAIN and previous is not None:
        said.append(f"the last post again ({covered(post)}, posted at {previous.at}), with the board as it "
                    "stood then. Nothing recorded.")
        return said
    if post.recorded:
        said.append(f"recorded in {path}: posted up to entry {post.end}; the next post starts after it.")
        if post.record.seq > post.end:
            said.append(f"entry {post.record.seq} records when the board was posted ({post.record.at}): "
                        "the time to act runs from it (G-7).")
    elif not record:
        last = f"the last post is still up to entry {previous.seq}" if previous is not None \
            else "nothing has been posted yet"
        said.append(f"dry run: nothing recorded ({last}).")
    return said


def _file(match: LoadedMatch) -> str:
    return match.path.name if match.path else "MATCH"
