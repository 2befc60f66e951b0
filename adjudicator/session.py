"""What the commands do with a match: replay it, append to it, create it, verify its dice.

The command line is a thin layer over these functions; tests call them directly.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adjudicator import chain, matchfile, views
from adjudicator.engine import LogEntry, Replay, is_void
from adjudicator.errors import InputError, RefusedError
from adjudicator.files import read_regular
from adjudicator.game import ChanceDue, Game, Player
from adjudicator.matchfile import LoadedMatch
from adjudicator.views import new_replay, replay_entries, replay_match  # noqa: F401 — callers use session.*
from adjudicator.wording import flag_message

if TYPE_CHECKING:
    from adjudicator.dice import DrawAt


Watch = Callable[[LoadedMatch], Callable[[dict[str, Any], LogEntry], Any]]


def replay_streamed(path: str | Path, until: int | None = None, watch: Watch | None = None,
                    narrate: bool = True) -> tuple[LoadedMatch, Replay]:
    """Load and replay a match file entry by entry up to seq `until`, keeping no entry: the
    file is read one entry at a time (matchfile.stream) and replayed with `keep_log=False`,
    so memory stays flat however long the log (`check`, `board`, `replay`). Every entry is
    read and checked, also those after `until`.

    `watch(match)`, given the match once its header is read, returns what to call with each
    replayed entry and its log entry. The tool's own layout is read by matchfile.MatchStream,
    any other (one line, pretty-printed) by matchfile.AnyLayoutStream; a file neither can
    read, or with any problem, is read whole by `load` after all (`watch` is asked again),
    so errors are those `load` gives, in the same order. After it, `match.count` is the number of entries and `match.marked`
    the codes the host recorded entries with as illegal. Does not check `until`: check_at.
    With `narrate=False` (check) the log entries carry none of the engine's narration (Replay)."""
    from adjudicator.errors import AdjudicatorError

    for any_layout in (False, True):   # the tool's own layout, then any
        try:
            with matchfile.stream(path, any_layout) as stream:
                match = stream.match
                wanted = stream.entries()   # every entry is read and checked, also those after `until`
                if until is not None:
                    wanted = (entry for entry in wanted if entry["seq"] <= until)
                if chain.is_chained(match.data):   # the head of the last entry replayed (G-9)
                    wanted = noting_head(match, wanted)
                replay = Replay(match.game, keep_log=False, narrate=narrate).run(
                    wanted, stream.void_entries(until), watch(match) if watch else None)
                return match, replay
        except matchfile.NotStreamable:
            continue   # the next reader, from the start
        except AdjudicatorError:
            break      # read whole: the error `load` gives, in its order
    match = matchfile.load(path)
    entries = match.entries
    match.count = len(entries)
    match.marked = {entry["seq"]: entry["flagged"] for entry in entries if entry.get("flagged")}
    each = watch(match) if watch else None
    entries = entries if until is None else entries[:max(until, 0)]
    return match, Replay(match.game, keep_log=False, narrate=narrate).run(entries, each=each)


def noting_head(match: LoadedMatch, entries: Iterator[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """`entries`, each noted as it passes as the match's `head` (seq, its recorded hash)."""
    for entry in entries:
        match.head = (entry["seq"], entry.get("hash"))
        yield entry


def now_utc() -> str:
    """The time `move`, `roll` and `host` stamp when no --at is given (clock.now: ADJUDICATOR_NOW or the wall clock)."""
    from adjudicator.clock import format_time, now

    return format_time(now())


def append_entry(path: Path, build: Callable[[LoadedMatch, Replay], dict[str, Any]],
                 *, dry_run: bool = False, record_illegal: bool = False,
                 stamped: bool = False) -> tuple[LoadedMatch, Replay, LogEntry]:
    """Under the file lock: load, replay, check the new entry, and write it only if legal
    (Appender.append says how it is checked; with `dry_run` nothing is written)."""
    with matchfile.locked(path):
        appender = Appender(path, matchfile.load(path))
        log = appender.append(build, record_illegal=record_illegal, stamped=stamped, keep=not dry_run)
        if not dry_run:
            appender.write()
    return appender.match, appender.replay, log


class Appender:
    """Entries appended one after another to a match loaded and replayed once: `append_entry`
    appends one, `paste` a thread's worth, each checked against the match as it stands with
    those before it, so entering n posts costs one load, one replay and one write, not n of
    each. The caller holds the file lock and writes (`write`) once."""

    def __init__(self, path: Path, match: LoadedMatch) -> None:
        self.path, self.match = path, match
        self.replay = replay_match(match)
        adopt_unchained(match, self.replay)

    def append(self, build: Callable[[LoadedMatch, Replay], dict[str, Any]], *, record_illegal: bool = False,
               stamped: bool = False, keep: bool = True) -> LogEntry:
        """Check the entry `build` makes from the match as it stands, and add it (unless not
        `keep`: a dry run's entry is checked and left out).

        `build` may raise to refuse. An illegal entry raises RefusedError and adds nothing (G-1)
        unless `record_illegal` asks to log it with its flag, as a host does to keep a player's
        illegal post on record. `stamped` says the tool stamped the entry's time itself (no
        --at): such a time never decides a loss or a late submission (G-7), since the host may
        be typing the post long after it was made. A loss on time is never written by a move:
        only the host's `timeout` entry writes one (time_refusal says both ways on); replay of
        a log that holds one still applies G-7. After a refusal the Appender is spent."""
        match, path = self.match, self.path
        entry = build(match, self.replay)
        entry = {"seq": len(match.entries) + 1, **entry}
        check_time_order(entry, path, self.replay)
        if is_void(entry):   # a void changes what came before it: adjudicate the whole log again (G-4)
            self.replay = replay_entries(match, [*match.entries, entry])
            log = self.replay.log[-1]
        else:
            log = self.replay.step(entry)
        if log.expired and (stamped or log.flag is None or not (record_illegal or side_late(log))):
            raise time_refusal(path, entry, log, stamped)
        if log.flag:
            if not record_illegal:
                flag = log.flag
                rulings = f" ({', '.join(flag.rulings)})" if flag.rulings else ""
                message = flag_message(flag)
                raise RefusedError(f"{path}: refused ({flag.code}), nothing written. {message[0].upper()}"
                                   f"{message[1:]}{rulings}.", flag.code)
            entry["flagged"] = log.flag.code
            log.flag.acknowledged = True
        if keep:
            if chain.is_chained(match.data):   # the audited log (G-9): linked after the log as it stands
                chain.link(match.data, entry, log.sealed)
            # `load` checked the file; the schema need only see the new entry (with the header).
            matchfile.check_schema({**match.data, "entries": [entry]}, str(path))
            match.data["entries"].append(entry)
        return log

    def play(self, player: str, text: str, *, as_json: bool = False, at: str | None = None,
             note: str | None = None, record_illegal: bool = False, by_id: bool = False,
             keep: bool = True) -> LogEntry:
        """A player's move as typed or posted (see play_move), appended."""
        return self.append(move_builder(self.path, player, text, as_json=as_json, at=at, note=note, by_id=by_id),
                           record_illegal=record_illegal, stamped=at is None, keep=keep)

    def write(self) -> None:
        """Write the match with every entry appended, atomically."""
        matchfile.write_atomic(self.path, matchfile.dumps(self.match.data))


def adopt_unchained(match: LoadedMatch, replay: Replay) -> list[int]:
    """In a chained match (G-9), link the entries typed in by hand at the end of the log
    before the tool appends after them (chain.adopt); a sealed one enters as a commitment,
    as `replay` says it is private now. Written with the next entry; the seqs linked."""
    if not chain.is_chained(match.data):
        return []
    private = {log.seq for log in replay.log if log.sealed}
    return chain.adopt(match.data, private.__contains__)


def play_move(path: Path, player: str, text: str, *, as_json: bool = False, at: str | None = None,
              note: str | None = None, dry_run: bool = False, record_illegal: bool = False,
              by_id: bool = False, strict: bool = False) -> tuple[LoadedMatch, Replay, LogEntry]:
    """`adjudicator move`: read the typed move for the player as typed (resolve_player; with
    `by_id`, `player` is the player's id itself), check it against the replayed match and
    append it (see append_entry). Without `at` the entry is stamped now."""
    build = move_builder(path, player, text, as_json=as_json, at=at, note=note, by_id=by_id, strict=strict)
    return append_entry(path, build, dry_run=dry_run, record_illegal=record_illegal, stamped=at is None)


def move_builder(path: Path, player: str, text: str, *, as_json: bool = False, at: str | None = None,
                 note: str | None = None, by_id: bool = False,
                 strict: bool = False) -> Callable[[LoadedMatch, Replay], dict[str, Any]]:
    """What makes a move's entry from the match as it stands: the player resolved, the move
    read (read_move), stamped `at` or now. With `strict`, a post whose text opens with another
    player's name as its author is refused (other_author)."""
    stamp = at or now_utc()

    def build(match: LoadedMatch, replay: Replay) -> dict[str, Any]:
        pid = player if by_id and player in match.game.player_ids else resolve_player(match, player, path)
        if strict and not as_json:
            refuse_other_author(match, pid, text, path)
        move = read_move(match, replay, pid, text, as_json, str(path))
        entry: dict[str, Any] = {"at": stamp, "type": "move", "player": pid, "move": move, "text": text}
        if note:
            entry["note"] = note
        return entry

    return build


def players_named(players: Sequence[Player], name: str,
                  fields: tuple[str, ...] = ("id", "name", "side")) -> dict[str, list[str]]:
    """The players a name as typed or posted means, in any case: each player's id with the
    fields of it that equal the name (`id`, `name`: the display name, `side`), in match order.
    A name that is one player's id exactly does not also mean a player whose id differs only
    in case (ids are told apart by case), but does mean one whose display name or side it is.
    The one rule for a player named in a match, a header being written (`new`) or a post."""
    name = name.strip()
    folded = name.casefold()
    hits: dict[str, list[str]] = {}
    for p in players:
        for field_name in fields:
            value = getattr(p, field_name) or ""
            if folded and value.strip().casefold() == folded:
                hits.setdefault(p.id, []).append(field_name)
    if "id" in fields and any(p.id == name for p in players):
        hits = {pid: found for pid, found in hits.items() if pid == name or found != ["id"]}
    return hits


FIELD_WORDS = {"id": "id", "name": "display name", "side": "side"}

# A post's opening "Name:" (after quote or markup marks): who the text says wrote it.
_SIGNED = re.compile(r"^[\s>*_~|`]*(?P<name>[^\s:][^:\n]{0,39}?)\s*:\s*\S")


def refuse_other_author(match: LoadedMatch, author: str, text: str, path: Path | str, where: str = "the post") -> None:
    """`--strict`: refuse a post that names another player as its author (exit 2)."""
    named = other_author(match.game.players, author, text)
    if named is not None:
        raise InputError(f"{path}: {where} opens with {match.game.who(named)}'s name, as {match.game.who(named)}'s "
                         f"post, but is entered for {match.game.who(author)}; nothing written (--strict). Enter it "
                         f"for the player who wrote it, or without the name.")


def author_warning(match: LoadedMatch, author: str, text: str, where: str = "the post") -> str | None:
    """One sentence when a post names another player as its author (other_author), else None."""
    named = other_author(match.game.players, author, text)
    if named is None:
        return None
    return (f"warning: {where} opens with {match.game.who(named)}'s name, as {match.game.who(named)}'s post, but was "
            f"entered for {match.game.who(author)}: check who wrote it (--strict refuses such a post).")


def other_author(players: Sequence[Player], author: str, text: str) -> str | None:
    """The other player a post's text opens with as its author ("Sally: D4 left" entered for
    Maddie), by id or display name; None when it names no player, or the author. A copied
    post with its name line left on is the other player's move, or a quote of it."""
    signed = _SIGNED.match(text)
    if signed is None:
        return None
    named = players_named(players, signed.group("name").strip("*_~|`"), ("id", "name"))
    others = [pid for pid in named if pid != author]
    return others[0] if others and author not in named else None


def named_by(hits: dict[str, list[str]]) -> str:
    """`sally (by id) and sal2 (by display name)`: how a message names the players a name fits."""
    return " and ".join(f"{pid} (by {' and '.join(FIELD_WORDS[f] for f in fields)})" for pid, fields in hits.items())


def resolve_player(match: LoadedMatch, typed: str, path: Path, option: str = "") -> str:
    """A player as typed: the id, display name or side, in any case. A name that fits two
    players (one's id or side is the other's display name) is refused, never guessed."""
    hits = players_named(match.game.players, typed)
    if len(hits) == 1:
        pid, fields = next(iter(hits.items()))
        return side_in_effect(match, typed) if fields == ["side"] else pid
    label = f"{option} " if option else ""
    if hits:
        sides = [p for p in match.game.players if p.id in hits]
        if all(len(players_named(match.game.players, p.side)) == 1 for p in sides):
            instead = "type the side instead: " + " or ".join(f"{p.side} for {p.id}" for p in sides)
        else:
            instead = "type a name only one of them has"
        raise InputError(f"{path}: {label}'{typed}' names two players, {named_by(hits)}; {instead}.")
    known = ", ".join(f"{p.id} ({p.side})" for p in match.game.players)
    raise InputError(f"{path}: {label}'{typed}' is not a player of this match ({known}).")


def side_in_effect(match: LoadedMatch, side: str) -> str:
    """The player who plays `side` now: in Arrowbic a header `first` or the opening pick may
    have swapped the sides the header lists (G-6), and the board names players by the sides in
    effect, so `red` means whoever plays red now, never the header's red player by mistake."""
    from adjudicator.views import sides_shown

    if "entries" in match.data or match.path is None:
        replay = replay_match(match)
    else:   # read entry by entry (board, legal): read it again, only for a side typed
        replay = replay_streamed(match.path)[1]
    shown = sides_shown(match.game, replay.public_view())
    playing = [pid for pid, now in shown.items() if now.strip().casefold() == side.strip().casefold()]
    if len(playing) != 1:   # the sides shown are not the sides listed: refuse rather than guess
        raise InputError(f"{match.name}: '{side}' is no one side of this match now "
                         f"({', '.join(f'{pid} plays {now}' for pid, now in shown.items())}); type the player's name.")
    return playing[0]


MAX_JSON_MOVE = 10_000   # characters of a --json move; the longest any game takes is a few hundred


def read_move(match: LoadedMatch, replay: Replay, player: str, text: str, as_json: bool, name: str) -> dict[str, Any]:
    """A move as the host typed or pasted it (the game's notation, found in the post by
    adjudicator.reading, or JSON with `as_json`), completed from the match (the current turn or
    round) and checked against the game's move schema."""
    import json

    from adjudicator import schemas
    from adjudicator.bounded import MAX_DEPTH, MAX_DIGITS, TooManyDigits, loads_json, long_number, too_deep
    from adjudicator.errors import InputError, NotationError

    if as_json:
        deep = f"{name}: the --json move is nested more than {MAX_DEPTH} lists and objects deep; a move is a few."
        try:
            move = loads_json(text)
        except TooManyDigits as exc:
            raise InputError(f"{name}: the --json move, field {schemas.field_path(['move', *exc.parts])}: "
                             f"{exc.sentence()}.") from None
        except json.JSONDecodeError as exc:
            raise InputError(f"{name}: the --json move is not valid JSON ({exc.msg} at column {exc.colno}).") from None
        except RecursionError:   # nested past the parser's stack
            raise InputError(deep) from None
        if too_deep(move):   # what follows (schema, the game) walks it recursively
            raise InputError(deep)
        if len(text) > MAX_JSON_MOVE:   # parsed in linear time; what follows is slower, and no move is this long
            raise InputError(f"{name}: the --json move is {len(text):,} characters; no move is longer than "
                             f"{MAX_JSON_MOVE:,}.")
    else:
        digits = long_number(text)
        if digits is not None:   # int() refuses more than 4,300 digits; no move needs 100
            raise NotationError(f"{name}: the move holds a whole number of {digits} digits; numbers in a move "
                                f"have at most {MAX_DIGITS} digits.")
        move = read_typed(match, replay, player, text, name)
    if not isinstance(move, dict):
        raise InputError(f"{name}: a move is a JSON object, e.g. {{\"attack\": true}}.")
    completed: dict[str, Any] = match.game.complete_move(replay.state, player, move)
    found = schemas.errors(f"move/{match.ruleset.game}", completed)
    if found:
        raise InputError(f"{name}: the move, field {schemas.field_path(['move', *found[0].absolute_path])}: "
                         f"{schemas.describe_error(found[0])}.")
    return completed


def read_typed(match: LoadedMatch, replay: Replay, player: str, text: str, name: str) -> dict[str, Any]:
    """The one move in a post as the host pasted it (adjudicator.reading): chatter, quotes,
    markup and arrow emoji around it are read past; none or two different moves are refused."""
    from adjudicator import reading, schemas

    game = match.game
    schema = f"move/{match.ruleset.game}"
    return reading.read_post(game, text, complete=lambda move: game.complete_move(replay.state, player, move),
                             valid=lambda move: not schemas.errors(schema, move),
                             legal=lambda: (move for move, _ in replay.legal_moves(player)),
                             reword=lambda words: game.reword(replay.state, player, words),
                             items=every_item_name, lawful=lambda move: takes(game, replay, player, move),
                             ruleset=match.ruleset.id, name=name).move


def takes(game: Game[Any], replay: Replay, player: str, move: dict[str, Any]) -> bool:
    """Do the game's rules take the move from the player now (Game.check_move; a move acting at
    once in a sealed phase, Game.side_move, is taken)? For the reader, which prefers a reading the
    rules take where a post's sentences could be read together or apart."""
    try:
        done = game.complete_move(replay.state, player, move)
        if game.side_move(replay.state, player, done) is None:
            game.check_move(replay.state, player, done)
    except Exception:  # noqa: BLE001 — any refusal, or a move the game cannot complete, is not taken
        return False
    return True


@lru_cache(maxsize=1)
def every_item_name() -> frozenset[tuple[str, ...]]:
    """The names and ids of every item of every ruleset, as case-folded words ("extra miner",
    "block-move"): an item a game's moves cannot take is refused in a post, never dropped."""
    from adjudicator.lexicon import item_said
    from adjudicator.rulesets import list_rulesets, resolve

    return frozenset(said for info in list_rulesets() for item_id, spec in resolve(info["id"]).items.items()
                     for said in item_said(item_id, spec))


def side_late(log: LogEntry) -> bool:
    """Is this a side move past its own time (TT-9)? It changes nothing and closes no phase, so
    its refusal is the flag's own sentence, not a late submission's."""
    return log.flag is not None and bool(log.flag.refused.fields.get("side"))


def time_refusal(path: Path, entry: dict[str, Any], log: LogEntry, stamped: bool) -> RefusedError:
    """Why an entry whose time would lose the match, or make a sealed submission late, is not
    written (G-7): when the time ran out and how long the post took, and the host's ways on. A
    time the tool stamped (no --at) decides nothing: the host may be typing an old post."""
    from adjudicator.clock import describe_overrun

    player = entry.get("player")
    name = path.name
    timed = next((event.fields["charge"] for event in log.events if event.kind == "clock"), None)
    told = describe_overrun(player, entry["at"], timed, log.flag is None) if timed is not None else ""
    forum = (f"if the match is played at forum pace, 'adjudicator host {name} clock off' and enter the post "
             "again")
    if stamped:
        if log.flag is None:
            result = "lose on time"
        elif side_late(log) or log.flag.refused.fields.get("kept"):
            result = "be late (it would change nothing)"
        else:
            result = "be late (an empty submission)"
        return RefusedError(
            f"{path}: refused (needs-post-time), nothing written. Stamped now ({entry['at']}), {player} would "
            f"{result} (G-7){': ' + told if told else ''}. Give the time the post was made with --at; or, if "
            f"{player} did run out of time, record the host's call with 'adjudicator host {name} timeout "
            f"{player}'; or, {forum}.", "needs-post-time")
    if log.flag is None:
        return RefusedError(
            f"{path}: refused (out-of-time), nothing written. {told} (G-7). If {player} did run out of time, "
            f"record it with 'adjudicator host {name} timeout {player}'; {forum}.", "out-of-time")
    kept = bool(log.flag.refused.fields.get("kept"))
    counts = "it would replace nothing: the earlier submission stands (G-7)" if kept \
        else "it counts as an empty submission (G-7)"
    return RefusedError(
        f"{path}: refused (late), nothing written. {told}: {counts}. The phase "
        f"is past its deadline: close it with 'adjudicator host {name} deadline' (whoever has not submitted "
        f"does nothing this phase); or, {forum}.", "late", kept=kept)


def check_time_order(entry: dict[str, Any], path: Path, replay: Replay) -> None:
    """Refuse an `at` earlier than the latest entry in the clock's time order (Replay.latest_timed),
    as replay would flag it (G-7: time only runs forward while a clock runs). Host entries,
    voided and flagged entries, and entries entered while no clock ran do not count (G-7 c):
    a void is the host's bookkeeping, so an entry typed wrong can be voided now and typed again
    with its post's time (G-4); a match found to be at forum pace can have its clock switched
    off now and the posts entered with their times in any order (G-7)."""
    from adjudicator.clock import parse_time

    latest = replay.latest_timed if entry["type"] != "host" else None
    at = parse_time(entry.get("at")) if latest is not None else None
    if at is None or latest is None:
        return
    time, previous = latest
    if at < time:
        raise InputError(f"{path}: the new entry's time {entry['at']} is earlier than entry {previous['seq']} "
                         f"({previous['at']}); give the post's time with --at, not earlier than that.")


def create_match(data: dict[str, Any], out: Path | None, *, force: bool = False, with_seed: bool = True,
                 first_random: bool = False, notes: list[str] | None = None, chained: bool = True) -> Path | None:
    """Check a new match header and write it (and its private dice seed) without overwriting.
    A match with a seed draws by the salted scheme (`draws`, G-8). With `first_random` nothing
    is drawn now: the header says who starts is to be drawn (`first_by`), so the pick is due
    first and `roll` draws it once the seed's hash is out and the players gave their salts."""
    from adjudicator import dice

    seed = None
    if with_seed and out is not None:
        seed = dice.new_seed()
        data["seed_sha256"] = dice.seed_hash(seed)
        data["draws"] = dice.DRAWS_SCHEME
    if first_random:
        data["first_by"] = "pick"
    if chained:
        data["chain"] = chain.CHAIN_SCHEME   # every entry will record the head before it (G-9)
    check_one_line(data)
    matchfile.prepare(data, out)
    text = matchfile.dumps(data)
    if out is None:
        return None
    seed_file = dice.seed_path(matchfile.real_path(out) if force else out)
    if not force and not os.path.lexists(out):   # else: the match itself is refused
        cleared = clear_interrupted_new(out, seed_file)
        if cleared and notes is not None:
            notes.append(cleared)
        if seed is not None:
            refuse_old_seed(seed_file)
    files: list[tuple[Path, str | bytes, int]] = []
    if seed is not None:
        files.append((seed_file, seed + "\n", matchfile.OWNER_ONLY))
    files.append((out, text, matchfile.OWNER_ONLY))
    # Both names are checked before either is written; the seed goes in place first, the
    # match last, so no match ever stands without its seed. With --force, an old
    # seed the new match has no use for goes too: it would draw the new match's dice.
    old_seed = (seed_file,) if force and seed is None and os.path.lexists(seed_file) else ()
    matchfile.create_together(files, force=force, remove=old_seed)
    return seed_file if seed is not None else None


def clear_interrupted_new(out: Path, seed_file: Path) -> str | None:
    """A seed with no match beside it, left by a `new` that was killed between placing the
    seed and the match, is removed, with that writer's staged match, so `new` can run again.
    Only a seed proven so is touched: one a dead writer's staged match names by its hash.
    Returns what was done, for the host, or None."""
    from adjudicator import dice

    try:
        raw = read_regular(seed_file, "seed file", limit=dice.SEED_FILE_LIMIT, error=InputError)
    except InputError:
        return None
    seed = raw.decode("ascii", "replace").strip().lower()
    if not dice.SEED_PATTERN.match(seed):
        return None
    wanted = dice.seed_hash(seed)
    for staged in matchfile.staged_by_dead_writer(out):
        if _seed_hash_of(staged) == wanted:
            seed_file.unlink()
            matchfile.sweep_stale(out)
            return (f"removed {seed_file}, the seed of an earlier `new` of {out} that was stopped before it "
                    f"wrote the match.")
    return None


def _seed_hash_of(staged: bytes) -> str | None:
    """The seed_sha256 a staged match file names, or None when it is not such a file."""
    import json

    try:
        data = json.loads(staged)
    except ValueError:
        return None
    found = data.get("seed_sha256") if isinstance(data, dict) else None
    return found if isinstance(found, str) else None


def refuse_old_seed(seed_file: Path) -> None:
    """A seed already beside the new match's name belongs to another match: `new` never draws
    from it (two matches on one seed could share dice, G-8). `--force` replaces it with a
    fresh one, as it replaces the match."""
    if os.path.lexists(seed_file):
        raise InputError(f"{seed_file}: a seed file is already there, left by another match; a new match never "
                         f"reuses a seed (G-8), so nothing was written. Move it away, choose another name, or pass "
                         f"--force to replace it with a fresh seed.")


# Line and paragraph separators, and the bidi controls that reorder a line as shown.
_NOT_IN_ONE_LINE = frozenset("\u0085\u061c\u200e\u200f\u2028\u2029\u202a\u202b\u202c\u202d\u202e"
                             "\u2066\u2067\u2068\u2069")


def line_breaker(text: str) -> str | None:
    """The first character that keeps `text` from being one plain line on a board, or None."""
    import unicodedata

    return next((ch for ch in text if ch in _NOT_IN_ONE_LINE or unicodedata.category(ch) == "Cc"), None)


def check_one_line(data: dict[str, Any]) -> None:
    """Player names and ids, the match id and the title are one line each: a newline in a name
    would forge whole lines (a fake result) on every board, and U+202E or U+2028 in the match
    id would reach every JSON output and the `created` line."""
    fields = [("id", data.get("id")), ("title", data.get("title"))]
    fields += [(f"players[{i}].{key}", p.get(key)) for i, p in enumerate(data.get("players") or [])
               for key in ("id", "name", "side")]
    for label, value in fields:
        if isinstance(value, str) and (ch := line_breaker(value)) is not None:
            shown = value[:40].encode("unicode_escape").decode("ascii")
            raise InputError(f"field {label}: '{shown}' holds U+{ord(ch):04X}, a line break, control or "
                             f"direction character; names and titles are one line.")
    check_names_apart(data)


def check_names_apart(data: dict[str, Any]) -> None:
    """Two players a reader can tell apart on a board: no display name holds an invisible
    character (a zero-width space, U+2060, a soft hyphen, a tag character, a Hangul filler),
    and no two display names are the same once case, compatibility forms and invisible
    characters are set aside; else "Sally (red) vs Sally (blue)" names nobody.
    A player without a name is shown by id, so the id stands in for it."""
    from adjudicator.names import first_invisible, look_alike

    players = [p for p in data.get("players") or [] if isinstance(p, dict)]
    for index, player in enumerate(players):
        name = player.get("name")
        if isinstance(name, str) and (ch := first_invisible(name)) is not None:
            raise InputError(f"field players[{index}].name: '{excerpt_plain(name)}' holds U+{ord(ch):04X}, a character that shows "
                             f"as nothing, so two names could look the same on a board; leave it out.")
    seen: dict[str, tuple[str, str]] = {}
    for index, player in enumerate(players):
        name, pid = player.get("name"), player.get("id")
        key, field, shown = ((look_alike(name), "name", name) if isinstance(name, str) and name.strip()
                             else (look_alike(pid), "id", pid) if isinstance(pid, str) else ("", "", ""))
        if not key:
            continue
        if key in seen:
            other_field, other = seen[key]
            raise InputError(f"field players[{index}].{field}: '{excerpt_plain(shown)}' looks the same on a board as "
                             f"{other_field} '{excerpt_plain(other)}'; give the players names that differ in more "
                             f"than case or spacing.")
        seen[key] = (f"players[{index}].{field}", shown)


def excerpt_plain(text: str) -> str:
    """At most 40 characters of `text`, each one a terminal would not print plainly or that
    shows as nothing as a \\u escape, so a refusal shows where two names differ."""
    from adjudicator.names import invisible

    return "".join(ch if ch.isprintable() and not invisible(ch) else f"\\u{ord(ch):04x}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08x}"
                   for ch in text[:40])


def verify_rolls(match: LoadedMatch, seed: str) -> tuple[list[str], int, int]:
    """Check every tool-drawn chance entry against the seed (DT-7), where it fell as written:
    the draws and salts before it (G-8), or its seq in a match made before G-8.

    Returns (problems, verified, transcribed). Entries marked `source: external` came from
    an outside dice bot: they are counted, not checked.
    """
    from adjudicator import dice

    expected = match.data.get("seed_sha256")
    if expected and dice.seed_hash(seed) != expected:
        raise InputError(f"{match.name}: the seed given does not match the match's seed_sha256.")
    problems: list[str] = []
    verified = transcribed = 0
    for entry, replay in as_written(match):
        if entry["type"] != "chance":
            continue
        due = replay.chance_due()
        chance = entry["chance"]
        if chance.get("source") == "external":
            transcribed += 1
        elif isinstance(due, ChanceDue) and not is_padding(due, chance):
            want = draw(seed, draw_at(match, replay, entry["seq"]), due)
            got = chance.get("dice") if due.dice else chance.get("pick")
            if got != want:
                problems.append(f"seq {entry['seq']}: recorded {got} but the seed gives {want}")
            else:
                verified += 1
    return problems, verified, transcribed


def is_padding(due: ChanceDue, chance: dict[str, Any]) -> bool:
    """Is this chance entry refused as written (not the kind, count or faces due)? The tool
    never writes one, so it is no draw and nothing to verify: replay flags it (G-8, amended
    2026-12-07)."""
    from adjudicator.engine import check_chance
    from adjudicator.game import Illegal

    try:
        check_chance(due, chance)
    except Illegal:
        return True
    return False


def transcribed_rolls(match: LoadedMatch) -> list[int]:
    """Seqs of the chance entries marked `source: external`: rolls a seed cannot verify, so
    an edited roll relabelled so passes `check --seed` unless `--strict-dice`."""
    return [entry["seq"] for entry in match.entries
            if entry["type"] == "chance" and entry["chance"].get("source") == "external"]


def as_written(match: LoadedMatch) -> Iterator[tuple[dict[str, Any], Replay]]:
    """Each entry with the match as it stood when the entry was written: the entries before
    it, less those voided before it. So a roll that a later void left out is still checked
    against what was due when it was drawn (G-4, DT-7)."""
    entries = match.entries
    for step, replay, _ in views.replay_steps(match):
        if step < len(entries):
            yield entries[step], replay


def draw_at(match: LoadedMatch, replay: Replay, seq: int) -> DrawAt:
    """Where the draw of entry `seq` falls (dice.DrawAt), `replay` having stepped the entries
    before it: the number of tool draws written before it and the salts given so far (G-8)."""
    from adjudicator import dice

    scheme = match.data.get("draws")
    if not scheme:   # made before G-8: drawn by seq, as it was then
        return dice.DrawAt(seq=seq)
    salts = tuple((pid, replay.salts.get(pid)) for pid in match.game.player_ids)
    return dice.DrawAt(seq=seq, number=len(replay.draws), match_id=match.data["id"], salts=salts, scheme=scheme)


def draw(seed: str, at: DrawAt, due: ChanceDue) -> Any:
    """The outcome `due` asks for, drawn from the seed where the draw falls (draw_at)."""
    from adjudicator import dice

    if due.dice:
        return dice.draw_dice(seed, at, due.dice, due.faces)
    return dice.draw_pick(seed, at, due.pick)
