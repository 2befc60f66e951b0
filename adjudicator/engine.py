"""The game-agnostic engine: a match is its log replayed.

A game supplies the rules (a `Game` subclass, adjudicator.game); the engine supplies everything every
game shares: whose entry is due (a turn, a sealed simultaneous phase or a chance outcome),
flagging illegal entries without changing anything (G-1), sealed submissions that a later
one replaces until the phase resolves (G-2, G-3), host entries (G-4) including voids that
leave an earlier entry out, the opening pick of who starts (G-6), items held per player
(G-5) and announced on submission (TT-7), clocks (G-7), and the line between public and
private views. Games never see sealed submissions
before their phase resolves, so they cannot leak them.
"""

from __future__ import annotations

import copy
import gc
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NamedTuple

from adjudicator.clock import SKEW_SECONDS, Clock, ClockSettings, format_time, later, now, parse_time
from adjudicator.game import (
    ChanceDue,
    Event,
    Game,
    Illegal,
    ItemsView,
    Outcome,
    Pending,
    Phase,
    SideMove,
    Turn,
    new_event,
)

G2, G3, G7 = ("G-2",), ("G-3",), ("G-7",)   # the rulings most often cited, made once


# --- What replay found ------------------------------------------------------------------

@dataclass(slots=True)
class Flag:
    """An entry replay refused (G-1). Its message is worded from the refusal's data when read
    (wording.flag_message); `game` is kept for that."""

    seq: int
    player: str | None
    code: str
    refused: Illegal
    game: Game[Any] = field(repr=False, compare=False)
    rulings: tuple[str, ...] = ()
    acknowledged: bool = False
    voided_before: tuple[tuple[int, int], ...] = ()   # (voided entry, its void) around it (G-4)


class Seal:
    """What keeps log entries private together: every entry of one open sealed phase shares
    one, and resolving the phase opens it, for all of them at once (G-2, G-3; a side move has
    its own, TT-9; a voided sealed entry the match's end). So replay need not keep
    the phase's entries to reveal them later (a phase with 100,000 resubmissions costs one
    Seal), and whoever holds a log entry sees it revealed when it is."""

    __slots__ = ("closed",)

    def __init__(self, closed: bool = True) -> None:
        self.closed = closed


PUBLIC = Seal(closed=False)   # the seal of every entry public from the start; never closed
# The sealed events of an entry public from the start: never shown (views show a public
# entry's `events`) and never changed in place (replay only assigns a new list), so shared.
NO_EVENTS: list[Event] = []


@dataclass(slots=True)
class LogEntry:
    """What one entry did. A sealed entry shows only `sealed_events` publicly until revealed.
    `entry` is the log entry as given; its `summary` (notation) is written only when read."""

    seq: int
    type: str
    player: str | None
    entry: dict[str, Any]
    events: list[Event] = field(default_factory=list)
    flag: Flag | None = None
    seal: Seal = field(default=PUBLIC, compare=False)   # private while closed (`sealed`): see Seal
    sealed_events: list[Event] = field(default_factory=list)
    voided_by: int | None = None    # seq of the host `void` that left this entry out
    expired: bool = False           # its time ran out: it lost the match or counted as empty (G-7)
    game: Game[Any] | None = field(default=None, repr=False, compare=False)

    @property
    def sealed(self) -> bool:
        """Is the entry still private to its player (G-2, G-3; side moves, TT-9)?"""
        return self.seal.closed

    @property
    def summary(self) -> str:
        """The entry in the game's notation: `E5 up`, `dice 3 5`, `void 7 (typo)`."""
        return summarise(self.game, self.type, self.entry)


# --- Replay -----------------------------------------------------------------------------

UNLIMITED = 10**9
DUE_PICK = "opening-pick"
# Host entries about the clock (G-7): the board was posted, the clock switched off or on.
CLOCK_ACTIONS = frozenset({"posted", "clock-off", "clock-on"})
# Host entries that keep the record and change nothing in the game: they may come before the
# opening pick and do not count as the match having opened (G-6, G-7, G-8).
BOOKKEEPING = frozenset({"salt"}) | CLOCK_ACTIONS


# Replay allocates a few containers per entry (its events, its log entry, the state's), and
# a replay that keeps its log keeps them: with Python's default a young-generation collection
# every 700 of them walks them for cycles there are none of, and promotes them to be walked
# again. While Replay.run replays with a log, the collector waits for this many allocations
# instead; the threshold it found is put back after. Without a log (`check`) it measured no
# gain. The one place the collector is tuned (docs/speed.md, "Check and replay").
REPLAY_GC_THRESHOLD = 50_000


class RulesFacts(NamedTuple):
    """What a replay reads of its ruleset before the first entry, the same for every match
    of the ruleset: the clock settings (params.time_control, G-7), the items announced on
    submission (TT-7) and what each item of the catalogue gives its holder: uses (G-5) and
    reserve seconds (Arrowbic's Reserve, AX-8). Worked out once per ruleset (rules_facts),
    not once per match: a batch check opens thousands of matches."""

    clock: ClockSettings
    announcing: frozenset[str]
    gives: dict[str, tuple[int, int]]   # item -> (uses, UNLIMITED for no limit; reserve bonus seconds)

    @classmethod
    def of(cls, params: dict[str, Any], catalogue: dict[str, dict[str, Any]]) -> RulesFacts:
        gives = {}
        for item, spec in catalogue.items():
            uses = spec.get("uses", 1)
            gives[item] = (uses if uses > 0 else UNLIMITED, spec.get("reserve_bonus_seconds", 0))
        announcing = frozenset(item for item, spec in catalogue.items() if spec.get("announced_on_submission"))
        return cls(ClockSettings.from_params(params.get("time_control")), announcing, gives)

    def bonus(self, items: tuple[str, ...]) -> int:
        """Reserve seconds that held items add (e.g. Arrowbic's Reserve, AX-8)."""
        gives = self.gives
        return sum(gives.get(item, NOT_IN_CATALOGUE)[1] for item in items)

    def holdings(self, items: tuple[str, ...]) -> Counter[str]:
        """Uses left of each held item at the start (G-5); an item held twice adds its uses."""
        left: Counter[str] = Counter.__new__(Counter)   # Counter() without its update(): two a match
        for item in items:
            left[item] += self.gives.get(item, NOT_IN_CATALOGUE)[0]
        return left


NOT_IN_CATALOGUE = (1, 0)   # an item the ruleset does not describe: one use, no reserve bonus
_FACTS: dict[int, tuple[Any, Any, RulesFacts]] = {}
FACTS_KEPT = 64   # rulesets remembered (a batch of matches with their own parameters has one each)


def rules_facts(game: Game[Any]) -> RulesFacts:
    """The RulesFacts of the game's ruleset, worked out on its first replay and remembered by
    the ruleset object and its parameters (rulesets are read-only once resolved; a match
    with its own parameters has a ruleset object of its own)."""
    ruleset, params = game.ruleset, game.params
    found = _FACTS.get(id(ruleset))
    if found is not None and found[0] is ruleset and found[1] is params:
        return found[2]
    facts = RulesFacts.of(params, ruleset.items)
    if len(_FACTS) >= FACTS_KEPT:
        _FACTS.clear()
    _FACTS[id(ruleset)] = (ruleset, params, facts)
    return facts


class Replay:
    """Applies entries in log order (G-2) and keeps what happened.

    With `keep_log=False` (check, board) nothing is kept per entry but flagged entries, the
    entries of the open phase and the voided ones, so memory stays flat however long the log.
    With `narrate=False` (check) the engine adds none of its own narration to the log entries
    it returns: no clock or submission events for entries in time and no summary of a voided
    entry in its void's event; flags, the outcome and every legality check stay as they are.
    """

    def __init__(self, game: Game[Any], keep_log: bool = True, narrate: bool = True,
                 at: datetime | None = None) -> None:
        self.game = game
        # No post is made in the future: a recorded time later than this is flagged and times
        # nothing (G-7 b). `at` is the replay's own now (default: the tool's one clock).
        self.future_after = later(at if at is not None else now(), SKEW_SECONDS)
        self.narrate = narrate
        self.state = game.initial_state()
        facts = rules_facts(game)
        settings = facts.clock
        self.on_expiry = settings.on_expiry
        self.clock = Clock(settings, {p.id: settings.reserve_seconds + facts.bonus(p.items) for p in game.players},
                           game.header.get("started"))
        self.keep_log = keep_log
        self.warnings: list[str] = []
        self._at: datetime | None = None
        self._changed = False
        self.outcome: Outcome | None = None
        self.log: list[LogEntry] = []
        self.flags: list[Flag] = []
        self.flagged: list[LogEntry] = []          # the entries behind `flags`, for views
        self.sealed: dict[str, dict[str, Any] | None] = {}
        self._phase_seal = Seal()   # shared by the open phase's sealed entries until it resolves
        self._side_logs: list[list[Any]] = []   # [LogEntry, phases left before it is public]
        self.items_left = {p.id: facts.holdings(p.items) for p in game.players}
        self.items_used: dict[str, list[str]] = {p.id: [] for p in game.players}   # in order of use (G-5)
        self.last_seq = 0
        self.voided: dict[int, int] = {}          # seq of a voided entry -> seq of the void (G-4)
        self._left_out_logs: dict[int, LogEntry] = {}   # voided entries, for their void's narration
        self._end_seal = Seal()     # voided sealed entries: they never resolve, so private until the end
        self._opened = False                      # an entry took effect: no opening pick now (G-6)
        # The header says who starts is to be drawn (`new --first random`): the pick is due first (G-6, G-8).
        self._pick_pending = (game.nature.first_by_pick and game.header.get("first_by") == "pick"
                              and not game.header.get("first"))
        # What fixes each draw besides the seed (G-8): the tool's draws written before it, voided
        # and flagged ones included, and the first salt each player gave, in the order written.
        self.draws: list[int] = []              # seqs of the tool's draws (chance entries not transcribed)
        self.unsalted_draws: list[int] = []     # of those, the ones made before both players' salts
        self.salts: dict[str, str] = {}        # player -> their salt
        self.salted_at: dict[str, int] = {}    # player -> seq of the entry that gave it
        self._salted_draws = bool(game.header.get("draws"))   # the header's scheme takes salts (dice.DRAWS_SCHEME)
        self._last_timed: dict[str, Any] | None = None   # the latest timed entry
        self._ordered: datetime | None = None   # the time of the entry being stepped, in the time order (G-7 c)
        self.announced: dict[str, list[str]] = {}  # items announced in the open phase (TT-7)
        self._announcing = facts.announcing
        self._uses_items = any(p.items for p in game.players)
        self._side_moves = type(game).side_move is not Game.side_move   # a game without side moves is not asked
        # The open phase's start before an item restarted its time (TT-7), in a 1-tuple; None
        # while nothing restarted it. A side move's own limit runs from the real start (TT-9).
        self._restarted_from: tuple[datetime | None] | None = None

    def fork(self) -> Replay:
        """An independent copy of where the match stands, to try entries on (a bot's
        lookahead); its history is not copied, so stepping it never touches this replay."""
        twin = copy.copy(self)
        twin.state = copy.deepcopy(self.state)
        twin.clock = copy.deepcopy(self.clock)
        twin.sealed = dict(self.sealed)
        twin.items_left = {player: Counter(left) for player, left in self.items_left.items()}
        twin.items_used = {player: list(used) for player, used in self.items_used.items()}
        twin.log, twin.flags, twin.flagged, twin.warnings = [], [], [], []
        twin._side_logs = []
        twin._phase_seal, twin._end_seal = Seal(), Seal()   # the twin's reveals never reach this replay's entries
        twin._left_out_logs = {}
        twin.announced = {player: list(items) for player, items in self.announced.items()}
        twin.draws, twin.unsalted_draws = list(self.draws), list(self.unsalted_draws)
        twin.salts, twin.salted_at = dict(self.salts), dict(self.salted_at)
        return twin

    def checkpoint(self) -> Checkpoint:
        """Where the match stands now, to step on from again later with other voids known (G-4)."""
        return Checkpoint(self)

    def use_voids(self, entries: Iterable[dict[str, Any]]) -> None:
        """Know before stepping which of `entries` host `void` entries leave out (G-4)."""
        self.voided = voided_entries(entries)

    def run(self, entries: Iterable[dict[str, Any]], voids: Iterable[dict[str, Any]] | None = None,
            each: Callable[[dict[str, Any], LogEntry], Any] | None = None) -> Replay:
        """The one replay loop: know the host's voids first (among `voids`, else the entries
        themselves, G-4), then step each entry in order, telling `each(entry, log)`. `entries`
        may be read once only (a file streamed entry by entry) when `voids` are given."""
        if voids is None:
            entries = list(entries)
            voids = entries
        self.use_voids(voids)
        step = self.step
        young, *older = gc.get_threshold()
        if self.keep_log and 0 < young < REPLAY_GC_THRESHOLD:   # without a log, nothing stays to walk
            gc.set_threshold(REPLAY_GC_THRESHOLD, *older)
        try:
            if each is None:
                for entry in entries:
                    step(entry)
            else:
                for entry in entries:
                    each(entry, step(entry))
        finally:
            gc.set_threshold(young, *older)
        return self

    def items(self) -> ItemsView:
        return ItemsView(self.items_left, self.items_used)

    def public_view(self) -> dict[str, Any]:
        return self.game.public_view(self.state, self.items())

    def private_view(self, player: str) -> dict[str, Any]:
        return self.game.private_view(self.state, player, self.items())

    # What is due ---------------------------------------------------------------
    def pending(self) -> Pending:
        if self._pick_pending and self.outcome is None:
            return ChanceDue(DUE_PICK, pick=self.game.player_ids)
        return None if self.outcome else self.game.pending(self.state)

    def to_act(self) -> list[str]:
        due = self.pending()
        if isinstance(due, Turn):
            return list(due.players)
        if isinstance(due, Phase):
            return [p for p in due.players if p not in self.sealed]
        return []

    def chance_due(self) -> ChanceDue | None:
        """The random outcome the log may record now: the one that is due, or, before anything
        has happened in a match without `first`, the pick of who starts (G-6)."""
        due = self.pending()
        if isinstance(due, ChanceDue):
            return due
        return self.opening_pick()

    def opening_pick(self) -> ChanceDue | None:
        if self._opened or self.outcome is not None or not self.game.nature.first_by_pick \
                or self.game.header.get("first"):
            return None
        return ChanceDue(DUE_PICK, pick=self.game.player_ids)

    def legal_moves(self, player: str) -> Iterator[tuple[dict[str, Any], Any]]:
        """The game's legal moves for `player` now, each with its preview (events, worded by
        wording.preview), less those only the engine can rule out: nothing when it is not
        their turn, no move using an item the player no longer has (G-5), and no side move
        that would come too late."""
        if player not in self.to_act():
            return
        late = bool(self.sealed)
        for move, preview in self.game.legal_moves(self.state, player, self.items()):
            if self._uses_items and not self._items_allow(player, move):
                continue
            if late:
                side = self.game.side_move(self.state, player, move)
                if side is not None and side.before_submissions:
                    continue
            yield move, preview

    def _items_allow(self, player: str, move: dict[str, Any]) -> bool:
        try:
            self._check_items(player, self.game.items_used(move))
        except Illegal:
            return False
        return True

    def submitted(self) -> dict[str, bool] | None:
        due = self.pending()
        if isinstance(due, Phase):
            return {p: p in self.sealed for p in due.players}
        return None

    # Stepping ------------------------------------------------------------------
    def step(self, entry: dict[str, Any]) -> LogEntry:
        """Apply one entry, or flag it and change nothing (G-1). A time in the future is
        flagged too, but only its time is left out: the entry takes effect untimed (G-7 b)."""
        kind = entry["type"]
        seq = entry["seq"]
        if kind == "host":   # a salt counts as written, whatever becomes of the entry (G-8)
            self._note_salt(entry, seq)
        if seq in self.voided:
            if kind == "chance":   # a voided draw stays drawn (G-8)
                self._note_draw(entry, seq)
            return self._left_out(entry)
        self._changed = False
        self._at = self._ordered = None
        void = kind == "host" and is_void(entry)
        future: Illegal | None = None
        try:
            if "at" in entry:
                at = parse_time(entry["at"])
                if at is not None and self.future_after is not None and at > self.future_after:
                    future = Illegal("future-time", "G-7", seq=seq, at=entry["at"], skew=SKEW_SECONDS)
                elif kind != "host":
                    self._at = self._timestamp(entry, at)
                elif entry["host"]["action"] not in UNTIMED_HOST:   # host entries are never out of order (G-7 c)
                    self._at = at
            if self.outcome is not None and not void:
                raise Illegal("match-over", "G-1", "G-4", outcome=self.outcome)
            if kind == "move":
                log = self._move(entry)
            elif kind == "chance":
                log = self._chance(entry)
            else:
                log = self._host(entry)
        except Illegal as exc:
            log = self._refused(entry, exc)
        refused = log.flag is not None
        if self._ordered is not None and not refused:   # a flagged entry's time orders nothing (G-1)
            self.clock.last_at, self._last_timed = self._ordered, entry
        if future is not None and not refused:   # took effect, untimed (G-7 b)
            log.flag = Flag(seq, entry.get("player"), future.code, future, self.game, future.rulings)
        if log.flag:
            log.flag.acknowledged = entry.get("flagged") == log.flag.code
            self.flags.append(log.flag)
            self.flagged.append(log)
        if not refused and (kind != "host" or entry["host"]["action"] not in BOOKKEEPING):
            self._opened = True
        # A refused chance entry is no draw: the tool never writes one, so it is padding (G-8,
        # amended 2026-12-07); unless a void written after it left out an entry before it,
        # when it may have been due as written, and drawn.
        if kind == "chance" and (not refused or (log.flag is not None and log.flag.voided_before)):
            self._note_draw(entry, seq)
        if self._changed:
            self.clock.restart(self._at)
            self._restarted_from = None
        if self.keep_log:
            self.log.append(log)
        self.last_seq = seq
        if self.outcome is None:
            self.outcome = self.game.outcome(self.state)
            if self.outcome is not None:
                self._reveal_all()
        return log

    def _note_draw(self, entry: dict[str, Any], seq: int) -> None:
        """Count a tool draw (G-8): a chance entry not transcribed from a dice bot, voided ones
        included, so a voided roll is never drawn again."""
        if entry["chance"].get("source") != "external":
            if not self._salted_draws or len(self.salts) < len(self.game.player_ids):
                self.unsalted_draws.append(seq)
            self.draws.append(seq)

    def _note_salt(self, entry: dict[str, Any], seq: int) -> None:
        """Note a player's first salt (G-8): a fact of the file as written, not of the game, so
        it does not move when a later void or flag changes what is in effect."""
        host = entry["host"]
        if host["action"] == "salt" and host.get("player") not in self.salted_at:
            self.salted_at[host["player"]] = seq
            self.salts[host["player"]] = host["salt"]

    def _refused(self, entry: dict[str, Any], exc: Illegal) -> LogEntry:
        """The log entry of a refused entry: flagged, and nothing changed (G-1)."""
        kind = entry["type"]
        player = entry.get("player")
        flag = Flag(entry["seq"], player, exc.code, exc, self.game, exc.rulings,
                    voided_before=self._voided_before(entry["seq"]))
        sealed = kind == "move" and isinstance(self.pending(), Phase)
        log = LogEntry(entry["seq"], kind, player, entry, [], flag, self._phase_seal if sealed else PUBLIC,
                       game=self.game)
        return log

    def _timestamp(self, entry: dict[str, Any], at: datetime | None) -> datetime | None:
        """A move's or chance entry's time `at`; while a clock runs, one timed before an
        earlier timed entry is flagged, as `move` refuses such a time. Time order matters only
        to timing: while no clock runs (an untimed match, or the clock off) no entry is out of
        order, and its time moves the order on for nobody (G-7 c)."""
        if at is None or not self.clock.running:
            return at
        last = self.clock.last_at
        if last is not None and at < last and self._last_timed is not None:
            before = self._last_timed
            raise Illegal("time-order", "G-7", seq=entry["seq"], at=entry["at"], last_seq=before["seq"],
                          last_at=before["at"])
        self._ordered = at   # moves the order on once the entry proves legal (step)
        return at

    @property
    def latest_timed(self) -> tuple[datetime, dict[str, Any]] | None:
        """The time a new move or chance entry may not come before, with its entry: the latest
        legal one entered while a clock ran; None when no clock runs now, or there is none
        (G-7 c: time order matters only to timing)."""
        last, entry = self.clock.last_at, self._last_timed
        return None if last is None or entry is None or not self.clock.running else (last, entry)

    # Voids (G-4) ----------------------------------------------------------------
    def _left_out(self, entry: dict[str, Any]) -> LogEntry:
        """A voided entry: logged with its void, never applied. A voided sealed submission
        stays private until the match ends, since it never resolves."""
        by = self.voided[entry["seq"]]
        kind = entry["type"]
        events = [Event("voided", {"by": by}, ("G-4",))]
        log = LogEntry(entry["seq"], kind, entry.get("player"), entry, events, voided_by=by, game=self.game)
        if kind == "move" and isinstance(self.pending(), Phase):
            log.seal = self._end_seal
            log.sealed_events = list(events)
        self._left_out_logs[entry["seq"]] = log
        if self.keep_log:
            self.log.append(log)
        self.last_seq = entry["seq"]
        return log

    def _voided_before(self, seq: int) -> tuple[tuple[int, int], ...]:
        """Why an entry may have become illegal: (target, void) of each earlier entry voided
        after this one was written (G-4)."""
        if not self.voided:
            return ()
        return tuple(sorted((target, by) for target, by in self.voided.items() if target < seq < by))

    def _void(self, entry: dict[str, Any]) -> LogEntry:
        seq = entry["seq"]
        host = entry["host"]
        target = host.get("seq")
        if not isinstance(target, int) or not 1 <= target < seq:
            raise Illegal("void-target", "G-4", seq=seq, target=target)
        by = self.voided.get(target)
        if by is not None and by != seq:
            return LogEntry(seq, "host", None, entry, [Event("void-repeated", {"target": target, "by": by}, ("G-4",))],
                            game=self.game)
        if by is None:   # stepped without Replay.use_voids: nothing was left out
            raise Illegal("void-unprepared", "G-4", target=target)
        voided = self._left_out_logs.get(target)
        if voided is not None and voided.type == "host" and voided.entry["host"]["action"] == "salt":
            raise Illegal("void-salt", "G-8", target=target, player=voided.entry["host"]["player"])
        return LogEntry(seq, "host", None, entry, [Event("void", {"target": target, "reason": host.get("reason"),
                                                                  "described": self._described(target)}, ("G-4",))],
                        game=self.game)

    def _described(self, seq: int) -> tuple[str | None, str, bool] | None:
        """(player, summary, sealed) of a voided entry, for its void's narration (none when
        not narrating: the summary is the game's notation, written for readers only)."""
        log = self._left_out_logs.get(seq)
        if log is None or not self.narrate:
            return None
        return (log.player, "" if log.sealed else log.summary, log.sealed)

    def _move(self, entry: dict[str, Any]) -> LogEntry:
        seq = entry["seq"]
        player = entry["player"]
        move = entry["move"]
        due = self.game.pending(self.state)   # `step` refused a move after the end already
        if due is None:
            raise Illegal("match-over", "G-1")
        if self._pick_pending:
            raise Illegal("pick-due", "G-6", "G-8")
        if type(due) is ChanceDue:
            raise Illegal("chance-due", "G-2", *self.game.chance_rulings, due=due)
        if player not in due.players:
            if isinstance(due, Phase):
                raise Illegal("not-in-phase", "G-1", "G-2", player=player, due=due)
            raise Illegal("not-your-turn", "G-1", player=player, due=due)
        if self._side_moves and type(due) is Phase:
            side = self.game.side_move(self.state, player, move)
            if side is not None:
                return self._side_move(entry, player, move, due, side)
        used = self.game.items_used(move)
        if used:
            self._check_items(player, used)
        self.game.check_move(self.state, player, move)
        told = self._time(entry, player, due) if self._at is not None else None
        if told is not None and isinstance(told, LogEntry):  # out of time: a loss, or a late empty submission
            return told
        if type(due) is Turn:
            events = self.game.apply_move(self.state, player, move)
            if used:
                self._use_items(player, used)
            self._changed = True
            # positional: a dataclass takes keywords at twice the cost, once per entry replayed;
            # a public entry shows its events, never its sealed ones: it shares the one empty list
            return LogEntry(seq, "move", player, entry, [told, *events] if told else events, None, PUBLIC,
                            NO_EVENTS, None, False, self.game)
        if self._announcing and (used or player in self.announced):
            self._check_announced(player, used, due)
            announced = self._announce(player, used, due)
        else:
            announced = None
        return self._submit(entry, player, move, due, announced, told=told)

    # Items announced on submission (TT-7) --------------------------------------
    def _check_announced(self, player: str, used: Sequence[str], phase: Phase) -> None:
        """An item announced in this phase is public: a resubmission must keep it (TT-7, G-3)."""
        missing = [item for item in self.announced.get(player, ()) if item not in used]
        if missing:
            raise Illegal("announced-item", "G-3", "TT-7", player=player, item=missing[0], due=phase)

    def _announce(self, player: str, used: Sequence[str], phase: Phase) -> list[Event]:
        """Make public at once the items the ruleset announces on submission, and restart the
        phase's time for both players where the item says so (TT-7)."""
        events: list[Event] = []
        if not used:
            return events
        catalogue = self.game.ruleset.items
        for item in [item for item in used if item in self._announcing]:
            if item in self.announced.get(player, []):
                continue
            self.announced.setdefault(player, []).append(item)
            # Only a running clock restarts: in an untimed match (or with the clock switched
            # off, G-7) there is no time to restart and the announcement must not speak of it
            #.
            restarts = bool(catalogue[item].get("restarts_phase_clock") and self._at is not None
                            and self.clock.running)
            if restarts:
                if self._restarted_from is None:
                    self._restarted_from = (self.clock.turn_started,)
                self.clock.restart_phase_time(self._at)
            events.append(Event("announced", {"player": player, "item": item, "due": phase, "restarts": restarts},
                                ("TT-7",)))
        return events

    def _time(self, entry: dict[str, Any], player: str, due: Turn | Phase) -> Event | LogEntry | None:
        """Charge the clock for a legal entry (G-7).

        Returns the clock's event to narrate (None when not narrating), or, when time ran out, the whole log
        entry: a loss (`on_expiry: lose`, the move does not count) or a late submission that
        counts as empty (`on_expiry: skip`).
        """
        seq = entry["seq"]
        charge = self.clock.charge(player, self._at, due.kind)
        if charge is None:
            return None
        self.clock.pay(player, charge)
        if not charge.expired and not self.narrate:
            return None
        told = new_event(("clock", {"player": player, "charge": charge, "on_expiry": self.on_expiry}, G7))
        if not charge.expired:
            return told
        if self.on_expiry == "lose":
            self._end(Outcome(self.game.opponent(player), "reserve-out", {"player": player, "seq": seq}))
            return LogEntry(seq, "move", player, entry, [told, Event("out-of-time", {"player": player}, ("G-7",))],
                            expired=True, game=self.game)
        kept = isinstance(due, Phase) and player in self.sealed
        refused = Illegal("late", "G-7", player=player, used=charge.used, due=due, limit=charge.limit, kept=kept)
        flag = Flag(seq, player, "late", refused, self.game, refused.rulings)
        if kept:   # a flagged submission replaces nothing: the earlier one stands (G-7 d, G-3)
            events = [new_event(("late-submission", {"player": player, "due": due, "kept": True}, G7))]
            log = LogEntry(seq, "move", player, entry, events, None, self._phase_seal, events, None, False, self.game)
        elif isinstance(due, Phase):
            log = self._submit(entry, player, None, due, late=True)
        else:
            log = LogEntry(seq, "move", player, entry, [], game=self.game)
        log.flag = flag
        log.expired = True
        log.events = [told, *log.events]
        return log

    def _submit(self, entry: dict[str, Any], player: str, move: dict[str, Any] | None, phase: Phase,
                announced: list[Event] | None = None, late: bool = False, told: Event | None = None) -> LogEntry:
        """Seal a submission; a later one replaces it until the phase resolves (G-3). `told`,
        the clock's event (G-7), comes first, publicly too."""
        replaced = player in self.sealed
        self.sealed[player] = move
        if late:
            events = [new_event(("late-submission", {"player": player, "due": phase}, G7))]
        elif not self.narrate:
            events = []
        elif replaced:
            events = [new_event(("resubmitted", {"player": player, "due": phase}, G3))]
        else:
            events = [new_event(("submitted", {"player": player, "due": phase}, G2))]
        if told is not None:
            events.insert(0, told)
        if announced:
            events += announced
        # positional: a dataclass takes keywords at twice the cost, once per entry replayed
        log = LogEntry(entry["seq"], "move", player, entry, events, None, self._phase_seal, events, None, False,
                       self.game)
        if len(self.sealed) == len(phase.players):   # only the phase's players can have submitted (G-2)
            log.events = events + self._resolve(phase)
        return log

    def _side_move(self, entry: dict[str, Any], player: str, move: dict[str, Any], phase: Phase,
                   side: SideMove) -> LogEntry:
        """Apply a declaration at once; keep its entry private for a number of phases."""
        if side.before_submissions and self.sealed:
            raise Illegal("too-late", *side.rulings, due=phase)
        used = self.game.items_used(move)
        self._check_items(player, used)
        self.game.check_move(self.state, player, move)
        late = self._side_late(player, used, phase, side) if side.kind and self._at is not None else None
        if late is not None:   # too late: flagged, nothing applied, no item spent; private as long (TT-9)
            flag = Flag(entry["seq"], player, "late", late, self.game, late.rulings,
                        voided_before=self._voided_before(entry["seq"]))
            log = LogEntry(entry["seq"], "move", player, entry, [], flag, Seal(), expired=True, game=self.game)
            self._side_logs.append([log, side.reveal_after_phases])
            return log
        events = self.game.apply_move(self.state, player, move)
        self._use_items(player, used)
        log = LogEntry(entry["seq"], "move", player, entry, events, seal=Seal(),
                       sealed_events=[Event("private-declaration", {"player": player, "due": phase}, side.rulings)],
                       game=self.game)
        self._side_logs.append([log, side.reveal_after_phases])
        return log

    def phase_started(self) -> datetime | None:
        """When the open turn or phase started, as G-7 counts it (the clock's `turn_started`),
        but before any restart by an item such as Extra Miner (TT-7): what a side move's own
        time runs from (TT-9). None when untimed."""
        restarted = self._restarted_from
        return self.clock.turn_started if restarted is None else restarted[0]

    def _side_late(self, player: str, used: Iterable[str], phase: Phase, side: SideMove) -> Illegal | None:
        """The refusal of a side move that came after its own time ran out, or None (TT-9, G-7).

        Timed only where the phase is: `Clock.charge` says whether the clock times this entry
        at all (on, with a start, a time and a limit for the kind), and the phase's own limit
        must be set (a null `turn_seconds` leaves the match untimed). Its limit is its own: no
        reserve, no granularity; one second over is late."""
        settings = self.clock.settings
        if settings.limit(phase.kind) is None or self.clock.charge(player, self._at, side.kind) is None:
            return None
        started, limit, at = self.phase_started(), settings.limit(side.kind), self._at
        if started is None or limit is None or at is None:
            return None
        taken = (at - started).total_seconds()
        if taken <= limit:
            return None
        deadline = later(started, limit)
        return Illegal("late", "G-7", *side.time_rulings, player=player, used=taken, limit=limit, due=phase,
                       side=True, items=list(used), at=format_time(at), started=format_time(started),
                       deadline=format_time(deadline) if deadline is not None else None)

    def _resolve(self, phase: Phase) -> list[Event]:
        sealed = self.sealed
        if len(sealed) == len(phase.players):   # everyone submitted: the usual case
            submissions = {p: sealed[p] for p in phase.players}   # in the phase's order, not the posts'
            events = self.game.resolve_phase(self.state, phase, submissions)
        else:
            submissions = {p: sealed.get(p) for p in phase.players}
            events = [Event("did-not-submit", {"player": p, "due": phase}, ("G-2",))
                      for p in phase.players if p not in sealed]
            events += self.game.resolve_phase(self.state, phase, submissions)
        if self._uses_items:
            for player, move in submissions.items():
                if move is not None:
                    self._use_items(player, self.game.items_used(move))
        self.sealed = {}
        self.announced = {}
        self._reveal()
        self._changed = True
        if self._side_logs:
            for pair in self._side_logs:
                pair[1] -= 1
                pair[0].seal.closed = pair[1] > 0
            self._side_logs = [pair for pair in self._side_logs if pair[1] > 0]
        return events

    def _reveal(self) -> None:
        """The phase resolved: its entries are public, and the next phase gets a new seal."""
        self._phase_seal.closed = False
        self._phase_seal = Seal()

    def _reveal_all(self) -> None:
        self._reveal()
        for log, _ in self._side_logs:
            log.seal.closed = False
        self._side_logs = []
        self._end_seal.closed = False

    def _check_items(self, player: str, used: Sequence[str]) -> None:
        """Every item a move uses is in the catalogue, held, and has a use left (G-5)."""
        if not used:
            return
        wanted = Counter(used)
        catalogue = self.game.ruleset.items
        for item, count in wanted.items():
            if item not in catalogue:
                raise Illegal("unknown-item", "G-5", item=item)
            if item not in self.game.by_id[player].items:
                raise Illegal("item-not-held", "G-5", player=player, item=item)
            if self.items_left[player][item] < count:
                raise Illegal("item-used", "G-5", player=player, item=item)

    def _use_items(self, player: str, used: Sequence[str]) -> None:
        for item in used:
            self.items_left[player][item] -= 1
            self.items_used[player].append(item)

    def _chance(self, entry: dict[str, Any]) -> LogEntry:
        chance = entry["chance"]
        due = self.pending()
        if not isinstance(due, ChanceDue):
            pick = self.opening_pick()
            if pick is not None and "pick" in chance:
                return self._pick_first(entry, pick, chance)
            raise Illegal("chance-not-due", "G-2", *self.game.chance_rulings, due=due,
                          waiting=tuple(self.to_act()))
        if due.label == DUE_PICK:   # the header made the pick of who starts due (G-6)
            return self._pick_first(entry, due, chance)
        check_chance(due, chance, self.game.chance_rulings)
        events = self.game.apply_chance(self.state, due, chance)
        self._changed = True
        return LogEntry(entry["seq"], "chance", None, entry, events, game=self.game)

    def _pick_first(self, entry: dict[str, Any], due: ChanceDue, chance: dict[str, Any]) -> LogEntry:
        """The opening draw of who starts, from the match seed or a dice bot (G-6)."""
        check_chance(due, chance)
        first = chance["pick"]
        self.state = self.game.start_with(first)
        self._pick_pending = False
        self._changed = True
        return LogEntry(entry["seq"], "chance", None, entry,
                        [Event("first-by-pick", {"first": first, "external": chance.get("source") == "external"},
                               ("G-6",))], game=self.game)

    def _host(self, entry: dict[str, Any]) -> LogEntry:
        seq = entry["seq"]
        host = entry["host"]
        action = host["action"]
        if action == "void":
            return self._void(entry)
        if action == "salt":
            return self._salt(entry)
        events = self._host_events(seq, host, action)
        return LogEntry(seq, "host", None, entry, events, game=self.game)

    def _salt(self, entry: dict[str, Any]) -> LogEntry:
        """A player's public salt (G-8): the draws after it are fixed by it too. One per player,
        and only in a match whose draws take salts (the header's `draws`), where it can matter."""
        seq = entry["seq"]
        player = entry["host"]["player"]
        if not self._salted_draws:
            raise Illegal("salt-unused", "G-8", player=player)
        first = self.salted_at.get(player, seq)
        if first != seq:
            raise Illegal("salt-repeated", "G-8", player=player, first=first, salt=self.salts[player])
        return LogEntry(seq, "host", None, entry, [Event("salt", {"player": player, "salt": entry["host"]["salt"]},
                                                         ("G-8",))], game=self.game)

    def _host_events(self, seq: int, host: dict[str, Any], action: str) -> list[Event]:
        if action in CLOCK_ACTIONS:
            return self._clock_entry(seq, action)
        if action == "deadline":
            due = self.pending()
            if isinstance(due, Phase):
                return [Event("host-closed", {"due": due}, ("G-2",))] + self._resolve(due)
            return [Event("deadline-nothing-open", {}, ("G-4",))]
        if action == "timeout":
            return self._timeout(host["player"])
        if action == "forfeit":
            player = host["player"]
            self._end(Outcome(self.game.opponent(player), "forfeit", {"player": player, "seq": seq}))
            return [Event("forfeit", {"player": player}, ("G-4",))]
        if action == "draw":
            self._end(Outcome(None, "host-draw", {"seq": seq}))
            return [Event("host-draw", {}, ("G-4",))]
        winner = host.get("winner")
        if winner:
            self._end(Outcome(winner, "host-end", {"seq": seq, "note": host.get("reason")}))
        else:
            scored = self.game.stopped_result(self.state)
            self._end(Outcome(scored.winner, "host-end-scored", {"seq": seq, "note": host.get("reason"),
                                                                  "scored": scored}))
        assert self.outcome is not None   # _end set it just now
        return [Event("host-end", {"winner": self.outcome.winner}, ("G-4",))]

    def _clock_entry(self, seq: int, action: str) -> list[Event]:
        """The host's clock entries (G-7, amended 2026-11-26): the board was posted (time runs
        from the later of the post and the entry that opened the turn or phase), or the clock
        is switched off (nothing is timed) or on (time runs from here)."""
        clock = self.clock
        if action == "posted":   # only the first post of what is open starts its time (G-7 a)
            opened = clock.posted(self._at)
            return [Event("board-posted", {"timed": clock.running and opened,
                                           "again": self._at is not None and not opened}, G7)]
        if action == "clock-off":
            if clock.off_since is not None or not clock.running:
                return [Event("clock-unchanged", {"on": False}, G7)]
            clock.switch_off(seq)
            return [Event("clock-off", {}, G7)]
        if clock.running or not clock.can_run:
            return [Event("clock-unchanged", {"on": True, "can_run": clock.can_run}, G7)]
        clock.switch_on(self._at)
        return [Event("clock-on", {"timed": self._at is not None}, G7)]

    def _timeout(self, player: str) -> list[Event]:
        """A host's call that `player` ran out of time: a loss, or an empty submission (G-7)."""
        if self.on_expiry == "lose":
            self._end(Outcome(self.game.opponent(player), "host-timeout", {"player": player}))
            return [Event("timeout-loss", {"player": player}, ("G-4", "G-7"))]
        due = self.pending()
        if isinstance(due, Phase) and player in due.players:
            self.sealed[player] = None
            events = [Event("timeout-empty", {"player": player, "due": due}, ("G-7",))]
            if all(p in self.sealed for p in due.players):
                events += self._resolve(due)
            return events
        return [Event("timeout-nothing-due", {"player": player}, ("G-4", "G-7"))]

    def _end(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self._changed = True
        self.game.match_over(self.state, outcome)
        self._reveal_all()


class Checkpoint:
    """A replay as it stood after some entry, to step on from again with other voids known.
    A void that leaves out entry k, or brings it back, changes nothing before k (G-4), so a
    replay rebuilt at the void (views.replay_steps) resumes at the checkpoint before k instead
    of replaying the match from the start: voids of n different entries replayed n² entries. The history before the checkpoint (log, flags, the entries' seals) is not
    copied: the replay resumed takes it from the replay it replaces, cut back to here."""

    def __init__(self, replay: Replay) -> None:
        self._at = replay.fork()
        self._lengths = (len(replay.log), len(replay.flags), len(replay.flagged), len(replay.warnings))
        self._phase_seal, self._end_seal = replay._phase_seal, replay._end_seal
        self._side_logs = [list(pair) for pair in replay._side_logs]
        self._left_out_logs = dict(replay._left_out_logs)
        seals = [replay._phase_seal, replay._end_seal, *(pair[0].seal for pair in replay._side_logs)]
        self._closed = [(seal, seal.closed) for seal in seals]   # a later phase may have opened them since

    def resume(self, current: Replay, voided: dict[int, int]) -> Replay:
        """The replay as it stood here, knowing the voids `voided`, with `current`'s history
        before here: `current` must have stepped on from this checkpoint (or from the replay
        it was taken of), and is given up (its history is cut back and taken)."""
        replay = self._at.fork()
        log, flags, flagged, warnings = self._lengths
        del current.log[log:], current.flags[flags:], current.flagged[flagged:], current.warnings[warnings:]
        replay.log, replay.flags, replay.flagged = current.log, current.flags, current.flagged
        replay.warnings = current.warnings
        for seal, closed in self._closed:
            seal.closed = closed
        replay._phase_seal, replay._end_seal = self._phase_seal, self._end_seal
        replay._side_logs = [list(pair) for pair in self._side_logs]
        replay._left_out_logs = dict(self._left_out_logs)
        replay.voided = voided
        return replay


def summarise(game: Game[Any] | None, kind: str, entry: dict[str, Any]) -> str:
    """An entry in notation: the game's for a move (as given when it cannot be formatted)."""
    if kind == "move":
        try:
            if game is not None:
                return game.format_move(entry["move"])
        except Exception:  # an unformattable move is still shown as given
            pass
        return entry.get("text") or str(entry["move"])
    who = game.who if game is not None else str   # players by display name
    if kind == "chance":
        return format_chance(entry["chance"], who)
    return format_host(entry["host"], who)



# Host entries whose time times nothing: a void is bookkeeping (G-4), and switching the clock
# off takes effect at its place in the log, whenever the host typed it (G-7). No host entry is
# in the log's time order (G-7 c), so the host can void a typo or switch the clock off now and
# then enter older posts with their times.
UNTIMED_HOST = frozenset({"void", "clock-off"})


def is_void(entry: dict[str, Any]) -> bool:
    host = entry.get("host")
    return entry.get("type") == "host" and isinstance(host, dict) and host.get("action") == "void"


def voided_entries(entries: Iterable[dict[str, Any]]) -> dict[int, int]:
    """Which entries host `void`s leave out: seq of each voided entry -> seq of the first void
    that voids it (G-4). A void may name any earlier entry, a void included, so the log is read
    backwards: a void counts only when no later void left it out."""
    voided: dict[int, int] = {}
    voids = [entry for entry in entries if entry.get("type") == "host" and is_void(entry)]
    for entry in reversed(voids):   # only a void can void, so only voids need reading backwards
        seq = entry.get("seq")
        if seq in voided:
            continue
        target = entry["host"].get("seq")
        if isinstance(target, int) and isinstance(seq, int) and 1 <= target < seq:
            voided[target] = min(voided.get(target, seq), seq)
    return voided


class VoidsSoFar:
    """Which entries the host's voids read so far leave out, as `voided_entries` gives them
    for those entries (G-4: a void counts unless a later void left it out; an entry is left
    out by the first void that counts), kept up to date one void at a time for a caller that
    steps through the log (views.replay_steps). A new void always counts; only what it voids
    changes, and when that is itself a void, what that one voided, and so on down a chain of
    voids of voids, which is the only case that changes more than one entry. The two readings
    of G-4 are held equal after every void by tests/test_engine_void.py."""

    def __init__(self) -> None:
        self.voided: dict[int, int] = {}            # seq of a voided entry -> seq of its void
        self._target: dict[int, int] = {}           # seq of each void read -> the seq it names
        self._voiders: dict[int, list[int]] = {}    # seq -> the voids naming it, in log order

    def add(self, entry: dict[str, Any]) -> int | None:
        """Read the next void of the log: the lowest seq whose voiding it changed, or None."""
        seq, target = entry.get("seq"), entry["host"].get("seq")
        if not (isinstance(target, int) and isinstance(seq, int) and 1 <= target < seq):
            return None   # names no earlier entry: leaves nothing out (the replay flags it)
        self._target[seq] = target
        self._voiders.setdefault(target, []).append(seq)
        lowest = None
        while target is not None:
            before = self.voided.get(target)
            by = next((void for void in self._voiders[target] if void not in self.voided), None)
            if by == before:
                break
            lowest = target
            if by is None:
                del self.voided[target]
            else:
                self.voided[target] = by
            # left out now and not before, or the reverse: a void it is counts or stops counting
            target = self._target.get(target) if (before is None) != (by is None) else None
        return lowest


def check_chance(due: ChanceDue, chance: dict[str, Any], rulings: tuple[str, ...] = ()) -> None:
    """The recorded outcome must be the kind and size that is due; `rulings` are the game's
    own on recording chance (the dice game's DT-7), a pick's is G-6."""
    if due.dice:
        dice = chance.get("dice")
        if dice is None:
            raise Illegal("chance-kind", *rulings, due=due, dice=True)
        if len(dice) != due.dice:
            raise Illegal("dice-count", *rulings, due=due, count=len(dice))
        bad = [d for d in dice if not 1 <= d <= due.faces]
        if bad:
            raise Illegal("die-value", *rulings, due=due, value=bad[0])
    else:
        pick = chance.get("pick")
        if pick is None:
            raise Illegal("chance-kind", "G-6", due=due, dice=False)
        if pick not in due.pick:
            raise Illegal("pick-value", "G-6", due=due, pick=pick)


def format_chance(chance: dict[str, Any], who: Callable[[str], str] = str) -> str:
    if "dice" in chance:
        return "dice " + " ".join(str(d) for d in chance["dice"])
    return f"pick {who(str(chance.get('pick')))}"


# How a host entry's action reads in a summary, where the code is not the words.
HOST_SAID = {"clock-off": "clock off", "clock-on": "clock on", "posted": "board posted"}


def format_host(host: dict[str, Any], who: Callable[[str], str] = str) -> str:
    """`forfeit Sally`, `void 7 (typo)`: a host entry in short words, players as `who` names them."""
    words = [HOST_SAID.get(host["action"], host["action"])]
    if host["action"] == "void":
        words.append(str(host.get("seq")))
    for key in ("player", "winner"):
        if host.get(key):
            words.append(who(host[key]))
    if host.get("salt"):
        words.append(host["salt"])
    if host.get("reason"):
        words.append(f"({host['reason']})")
    return " ".join(words)
