"""The game-agnostic engine: a match is its log replayed.

A game module supplies the rules (a `Game` subclass); the engine supplies everything every
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
import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar, Iterator, NamedTuple, Union

from adjudicator.clock import Clock, ClockSettings, describe, parse_time

if TYPE_CHECKING:
    from adjudicator.rulesets import Ruleset


# --- What a match waits for -------------------------------------------------------------

@dataclass(frozen=True)
class Turn:
    """The listed player moves next; the move takes effect at once."""

    players: tuple[str, ...]
    label: str = "move"
    kind: str = ""          # names the clock's limit for this turn (params.time_control.kind_seconds)


@dataclass(frozen=True)
class Phase:
    """Sealed simultaneous submissions from every listed player, resolved together (G-2)."""

    key: str
    players: tuple[str, ...]
    label: str
    kind: str = ""          # names the clock's limit for this phase (params.time_control.kind_seconds)


@dataclass(frozen=True)
class ChanceDue:
    """A random outcome that the log must record next as a `chance` entry (G-6, DT-7)."""

    label: str
    dice: int = 0
    faces: int = 6
    pick: tuple[str, ...] = ()


Pending = Union[Turn, Phase, ChanceDue, None]


@dataclass(frozen=True)
class SideMove:
    """How a move made during a sealed phase acts at once instead of being sealed.

    For declarations that precede a phase's submissions, such as Track Trouble's Hidden
    Value: the move is checked and applied immediately, and its log entry stays private to
    its player until `reveal_after_phases` more phases have resolved (or the match ends).
    """

    reveal_after_phases: int = 1
    before_submissions: bool = True   # refused once anybody has submitted in this phase
    rulings: tuple[str, ...] = ()


# --- What happened ----------------------------------------------------------------------

class Event(NamedTuple):
    """One sentence of narration, with the rulings it applied. A named tuple, not a frozen
    dataclass: replay makes several per entry, and this is three times cheaper to build."""

    text: str
    rulings: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.text, "rulings": list(self.rulings)}


class Illegal(Exception):
    """An entry the rules forbid: a stable code, a sentence, the rulings that forbid it."""

    def __init__(self, code: str, message: str, *rulings: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rulings = tuple(rulings)


@dataclass(frozen=True)
class Outcome:
    """How a match ended: the winner (None for a draw) and why."""

    winner: str | None
    reason: str


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    side: str
    items: tuple[str, ...] = ()


@dataclass
class Flag:
    """An entry replay refused (G-1)."""

    seq: int
    player: str | None
    code: str
    message: str
    rulings: tuple[str, ...] = ()
    acknowledged: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "player": self.player, "code": self.code, "message": self.message,
                "rulings": list(self.rulings), "acknowledged": self.acknowledged}


@dataclass
class LogEntry:
    """What one entry did. A sealed entry shows only `sealed_events` publicly until revealed."""

    seq: int
    type: str
    player: str | None
    summary: str
    events: list[Event] = field(default_factory=list)
    flag: Flag | None = None
    sealed: bool = False
    sealed_events: list[Event] = field(default_factory=list)
    voided_by: int | None = None    # seq of the host `void` that left this entry out
    expired: bool = False           # its time ran out: it lost the match or counted as empty (G-7)


# --- The game interface -----------------------------------------------------------------

class Game:
    """Rules of one game. Subclasses fill in the hooks; the engine does the rest.

    State is whatever plain Python data the game likes; the engine only passes it back.
    `check_move` must not change the state; `apply_move` may assume the move passed it.
    """

    name: ClassVar[str] = ""
    uses_chance: ClassVar[bool] = False
    first_by_pick: ClassVar[bool] = False   # a match without `first` may open with a pick (G-6)
    who_starts: ClassVar[str] = "its players act together, so nobody starts"   # wording, when not by pick
    notation: str = ""                    # one line: the typed move forms, for --help and errors (a game may set it per match)
    notation_examples: tuple[str, ...] = ()

    def __init__(self, ruleset: "Ruleset", players: list[Player], header: dict[str, Any] | None = None) -> None:
        self.ruleset = ruleset
        self.params: dict[str, Any] = ruleset.params
        self.players = players
        self.player_ids = tuple(p.id for p in players)
        self.by_id = {p.id: p for p in players}
        self.by_side = {p.side: p.id for p in players}
        self.header = header or {}

    def opponent(self, player: str) -> str:
        a, b = self.player_ids
        return b if player == a else a

    def label(self, player: str) -> str:
        """`bernd (yellow)`: how narration names a player."""
        return f"{player} ({self.by_id[player].side})"

    # Parameters and set-up
    def validate_params(self) -> list[str]:
        """Sentences describing parameters that cannot work; empty when all is well."""
        return []

    def check_header(self) -> list[str]:
        """Problems with the match header for this game, each naming its field
        ("field first: …"); empty when all is well."""
        return []

    def initial_state(self) -> Any:
        raise NotImplementedError

    def start_with(self, first: str) -> Any:
        """The initial state when an opening pick names who starts (G-6); games that
        declare `first_by_pick` supply it."""
        raise NotImplementedError(f"{self.name} does not start by a pick")

    # What is due
    def pending(self, state: Any) -> Pending:
        raise NotImplementedError

    # Moves
    def check_move(self, state: Any, player: str, move: dict[str, Any]) -> None:
        raise NotImplementedError

    def apply_move(self, state: Any, player: str, move: dict[str, Any]) -> list[Event]:
        raise NotImplementedError

    def side_move(self, state: Any, player: str, move: dict[str, Any]) -> SideMove | None:
        """A SideMove when `move`, made during a sealed phase, acts at once (default: none)."""
        return None

    def resolve_phase(self, state: Any, phase: Phase, submissions: dict[str, dict[str, Any] | None]) -> list[Event]:
        """Apply one sealed phase; a player's submission is None when they did nothing (G-2)."""
        raise NotImplementedError(f"{self.name} has no simultaneous phases")

    def items_used(self, move: dict[str, Any]) -> list[str]:
        """Item ids a move uses (G-5). Default: `item: {use}` and `items: [{use}]`."""
        used = []
        single = move.get("item")
        if isinstance(single, dict) and "use" in single:
            used.append(single["use"])
        for each in move.get("items") or ():
            if isinstance(each, dict) and "use" in each:
                used.append(each["use"])
        return used

    # Chance
    def apply_chance(self, state: Any, due: ChanceDue, chance: dict[str, Any]) -> list[Event]:
        raise NotImplementedError(f"{self.name} has no chance outcomes")

    # Result
    def outcome(self, state: Any) -> Outcome | None:
        raise NotImplementedError

    def match_over(self, state: Any, outcome: Outcome) -> None:
        """Told when the match ends by a host entry or the clock rather than by the rules,
        so the game can make public what it kept hidden until a reveal that will not come."""

    def score_end(self, state: Any) -> Outcome:
        """The result when the host ends the match without naming a winner."""
        return Outcome(None, "ended by the host with no result by the rules")

    # Self-play (adjudicator simulate)
    def score(self, state: Any, player: str) -> float:
        """How well `player` stands by the game's own count (points, pieces, modules), higher
        is better; what the greedy bot maximises one move ahead. Default: no preference."""
        return 0.0

    def rounds_played(self, state: Any) -> int | None:
        """How many rounds the match has lasted, as its players count them; None lets the
        simulator count phases and turn pairs itself."""
        return None

    def ending(self, state: Any, outcome: Outcome) -> str:
        """How a match ended, as a category to count across many matches: by default the
        reason with player ids and numbers blanked ("X's hand is empty", "won N modules")."""
        text = outcome.reason
        for player in self.player_ids:
            text = re.sub(rf"\b{re.escape(player)}\b", "X", text)
        return re.sub(r"\d+", "N", text)

    def deciders(self, state: Any, outcome: Outcome) -> list[str]:
        """What decided a finished match, for a designer's summary (Tug of War: the modules
        the winner took). Default: nothing beyond the outcome's reason."""
        return []

    # Views
    def public_view(self, state: Any) -> dict[str, Any]:
        raise NotImplementedError

    def private_view(self, state: Any, player: str) -> dict[str, Any]:
        """What only `player` may see, beyond the public view (hidden values, hands)."""
        return {}

    def board_blocks(self, view: dict[str, Any]) -> list[Any]:
        """The public board as render blocks (adjudicator.render)."""
        raise NotImplementedError

    # Notation
    def parse_move(self, text: str) -> dict[str, Any]:
        raise NotImplementedError

    def complete_move(self, state: Any, player: str, move: dict[str, Any]) -> dict[str, Any]:
        """Fill in what a typed move may leave out because the match says it (the current
        turn or round number), so a host can type `place 3/5 C`. Called before the move
        schema is checked; the default changes nothing."""
        return move

    def format_move(self, move: dict[str, Any]) -> str:
        raise NotImplementedError

    def legal_moves(self, state: Any, player: str) -> Iterator[tuple[dict[str, Any], str]]:
        """Every legal move for `player` now, each with a short preview of its effect."""
        raise NotImplementedError


# --- Replay -----------------------------------------------------------------------------

UNLIMITED = 10**9


class Replay:
    """Applies entries in log order (G-2) and keeps what happened."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.state = game.initial_state()
        settings = ClockSettings.from_params(game.params.get("time_control"))
        self.on_expiry = settings.on_expiry
        self.clock = Clock(settings, {p.id: settings.reserve_seconds + self._bonus(p) for p in game.players},
                           game.header.get("started"))
        self.warnings: list[str] = []
        self._at: datetime | None = None
        self._changed = False
        self.outcome: Outcome | None = None
        self.log: list[LogEntry] = []
        self.flags: list[Flag] = []
        self.sealed: dict[str, dict[str, Any] | None] = {}
        self._phase_logs: list[LogEntry] = []
        self._side_logs: list[list[Any]] = []   # [LogEntry, phases left before it is public]
        self.items_left = {p.id: self._holdings(p) for p in game.players}
        self.last_seq = 0
        self.voided: dict[int, int] = {}          # seq of a voided entry -> seq of the void (G-4)
        self._voided_sealed: list[LogEntry] = []  # voided sealed entries, private until the end
        self._opened = False                      # an entry took effect: no opening pick now (G-6)
        self._last_timed: tuple[int, str] | None = None   # (seq, at) of the latest timed entry
        self.announced: dict[str, list[str]] = {}  # items announced in the open phase (TT-7)
        self._announcing = frozenset(item for item, spec in game.ruleset.items.items()
                                     if spec.get("announced_on_submission"))

    def _bonus(self, player: Player) -> int:
        """Reserve seconds that held items add (e.g. Arrowbic's Reserve, AX-8)."""
        catalogue = self.game.ruleset.items
        return sum(catalogue.get(item, {}).get("reserve_bonus_seconds", 0) for item in player.items)

    def _holdings(self, player: Player) -> Counter:
        catalogue = self.game.ruleset.items
        left: Counter = Counter()
        for item in player.items:
            uses = catalogue.get(item, {}).get("uses", 1)
            left[item] += uses if uses > 0 else UNLIMITED
        return left

    def fork(self) -> "Replay":
        """An independent copy of where the match stands, to try entries on (a bot's
        lookahead); its history is not copied, so stepping it never touches this replay."""
        twin = copy.copy(self)
        twin.state = copy.deepcopy(self.state)
        twin.clock = copy.deepcopy(self.clock)
        twin.sealed = dict(self.sealed)
        twin.items_left = {player: Counter(left) for player, left in self.items_left.items()}
        twin.log, twin.flags, twin.warnings = [], [], []
        twin._phase_logs, twin._side_logs, twin._voided_sealed = [], [], []
        twin.announced = {player: list(items) for player, items in self.announced.items()}
        return twin

    def use_voids(self, entries: list[dict[str, Any]]) -> None:
        """Know before stepping which of `entries` host `void` entries leave out (G-4)."""
        self.voided = voided_entries(entries)

    # What is due ---------------------------------------------------------------
    def pending(self) -> Pending:
        return None if self.outcome else self.game.pending(self.state)

    def to_act(self) -> list[str]:
        due = self.pending()
        if isinstance(due, Turn):
            return list(due.players)
        if isinstance(due, Phase):
            return [p for p in due.players if p not in self.sealed]
        return []

    def awaiting(self) -> str | None:
        """What the match waits for, in words a host can act on."""
        due = self.pending()
        if isinstance(due, Turn):
            return f"{' or '.join(due.players)} to {due.label}"
        if isinstance(due, Phase):
            waiting = [p for p in due.players if p not in self.sealed]
            return f"sealed submissions for {due.label}: waiting for {', '.join(waiting)}"
        if isinstance(due, ChanceDue):
            return f"{due.label} (adjudicator roll)"
        return None

    def chance_due(self) -> ChanceDue | None:
        """The random outcome the log may record now: the one that is due, or, before anything
        has happened in a match without `first`, the pick of who starts (G-6)."""
        due = self.pending()
        if isinstance(due, ChanceDue):
            return due
        return self.opening_pick()

    def opening_pick(self) -> ChanceDue | None:
        if self._opened or self.outcome is not None or not self.game.first_by_pick or self.game.header.get("first"):
            return None
        return ChanceDue("the draw for who starts", pick=self.game.player_ids)

    def legal_moves(self, player: str) -> Iterator[tuple[dict[str, Any], str]]:
        """The game's legal moves for `player` now, less those only the engine can rule out:
        nothing when it is not their turn, and no side move that would come too late."""
        if player not in self.to_act():
            return
        late = bool(self.sealed)
        for move, preview in self.game.legal_moves(self.state, player):
            if late:
                side = self.game.side_move(self.state, player, move)
                if side is not None and side.before_submissions:
                    continue
            yield move, preview

    def submitted(self) -> dict[str, bool] | None:
        due = self.pending()
        if isinstance(due, Phase):
            return {p: p in self.sealed for p in due.players}
        return None

    # Stepping ------------------------------------------------------------------
    def step(self, entry: dict[str, Any]) -> LogEntry:
        """Apply one entry, or flag it and change nothing (G-1)."""
        kind = entry["type"]
        player = entry.get("player")
        if entry["seq"] in self.voided:
            return self._left_out(entry)
        self._changed = False
        self._at = None
        void = kind == "host" and is_void(entry)
        try:
            if not void:   # a void is bookkeeping: it neither runs nor stops a clock (G-4, G-7)
                self._at = self._timestamp(entry)
            if self.outcome is not None and not void:
                raise Illegal("match-over", f"the match is already over ({self.outcome.reason}); "
                              "no entry can follow", "G-1", "G-4")
            if kind == "move":
                log = self._move(entry["seq"], player, entry["move"])
            elif kind == "chance":
                log = self._chance(entry["seq"], entry["chance"])
            else:
                log = self._host(entry["seq"], entry["host"])
        except Illegal as exc:
            flag = Flag(entry["seq"], player, exc.code, exc.message + self._after_void(entry["seq"]), exc.rulings)
            summary = self._summary(entry)
            sealed = isinstance(self.pending(), Phase) and kind == "move"
            log = LogEntry(entry["seq"], kind, player, summary, [], flag, sealed=sealed)
            if sealed:
                self._phase_logs.append(log)
        if log.flag:
            log.flag.acknowledged = entry.get("flagged") == log.flag.code
            self.flags.append(log.flag)
        else:
            self._opened = True
        if self._changed:
            self.clock.restart(self._at)
        self.log.append(log)
        self.last_seq = entry["seq"]
        if self.outcome is None:
            self.outcome = self.game.outcome(self.state)
            if self.outcome is not None:
                self._reveal_all()
        return log

    def _timestamp(self, entry: dict[str, Any]) -> datetime | None:
        """The entry's time, or None when untimed; an entry timed before an earlier entry is
        flagged, as `move` refuses such a time (G-7: time only runs forward)."""
        at = parse_time(entry.get("at"))
        if at is None:
            return None
        last = self.clock.last_at
        if last is not None and at < last and self._last_timed is not None:
            seq, when = self._last_timed
            raise Illegal("time-order", f"entry {entry['seq']} is timed {entry['at']}, earlier than entry {seq} "
                          f"({when}); time only runs forward", "G-7")
        self.clock.last_at = at
        self._last_timed = (entry["seq"], entry["at"])
        return at

    # Voids (G-4) ----------------------------------------------------------------
    def _left_out(self, entry: dict[str, Any]) -> LogEntry:
        """A voided entry: logged with its void, never applied. A voided sealed submission
        stays private until the match ends, since it never resolves."""
        by = self.voided[entry["seq"]]
        kind = entry["type"]
        events = [Event(f"voided by entry {by}: left out, and what follows is adjudicated without it", ("G-4",))]
        log = LogEntry(entry["seq"], kind, entry.get("player"), self._summary(entry), events, voided_by=by)
        if kind == "move" and isinstance(self.pending(), Phase):
            log.sealed = True
            log.sealed_events = list(events)
            self._voided_sealed.append(log)
        self.log.append(log)
        self.last_seq = entry["seq"]
        return log

    def _after_void(self, seq: int) -> str:
        """Why an entry may have become illegal: an earlier entry was voided after it was written."""
        causes = sorted((target, by) for target, by in self.voided.items() if target < seq < by)
        if not causes:
            return ""
        said = ", ".join(f"entry {by} voided entry {target}" for target, by in causes)
        return f" (after {said})"

    def _void(self, seq: int, host: dict[str, Any]) -> LogEntry:
        target = host.get("seq")
        summary = format_host(host)
        if not isinstance(target, int) or not 1 <= target < seq:
            raise Illegal("void-target", f"a void names an earlier entry of the log (1–{seq - 1}), "
                          f"not {target}", "G-4")
        reason = f", because: {host['reason']}" if host.get("reason") else ""
        by = self.voided.get(target)
        if by is not None and by != seq:
            return LogEntry(seq, "host", None, summary, [Event(f"entry {target} was already voided by entry {by}; "
                                                               "this changes nothing", ("G-4",))])
        if by is None:   # stepped without Replay.use_voids: nothing was left out
            raise Illegal("void-unprepared", f"entry {target} cannot be voided here: replay the whole log", "G-4")
        what = self._described(target)
        return LogEntry(seq, "host", None, summary, [Event(f"the host voids entry {target}{what}{reason}; it is "
                                                           "left out and the entries after it are adjudicated "
                                                           "again", ("G-4",))])

    def _described(self, seq: int) -> str:
        """` (anna's move)`: how a void's narration names its target without showing sealed content."""
        for log in self.log:
            if log.seq == seq:
                if log.sealed:
                    return f" ({log.player}'s sealed submission)"
                return f" ({log.player + ': ' if log.player else ''}{log.summary})"
        return ""

    def _summary(self, entry: dict[str, Any]) -> str:
        if entry["type"] == "move":
            try:
                return self.game.format_move(entry["move"])
            except Exception:  # an unformattable move is still shown as given
                return entry.get("text") or str(entry["move"])
        if entry["type"] == "chance":
            return format_chance(entry["chance"])
        return format_host(entry["host"])

    def _move(self, seq: int, player: str, move: dict[str, Any]) -> LogEntry:
        due = self.pending()
        if isinstance(due, ChanceDue):
            raise Illegal("chance-due", f"{due.label} must be recorded before any move", "G-2", "DT-7")
        if due is None:
            raise Illegal("match-over", "the match is over; no move can follow", "G-1")
        if player not in due.players:
            if isinstance(due, Phase):
                raise Illegal("not-in-phase", f"{player} has nothing to submit in {due.label}", "G-1", "G-2")
            raise Illegal("not-your-turn", f"it is {' or '.join(due.players)}'s turn to {due.label}, "
                          f"not {player}'s", "G-1")
        side = self.game.side_move(self.state, player, move) if isinstance(due, Phase) else None
        if side is not None:
            return self._side_move(seq, player, move, due, side)
        self._check_items(player, move)
        self.game.check_move(self.state, player, move)
        summary = self.game.format_move(move)
        timing = self._time(seq, player, due)
        if isinstance(timing, LogEntry):  # out of time: a loss, or a late empty submission
            timing.summary = summary
            return timing
        if isinstance(due, Turn):
            events = self.game.apply_move(self.state, player, move)
            self._use_items(player, move)
            self._changed = True
            return LogEntry(seq, "move", player, summary, (timing or []) + events)
        self._check_announced(player, move, due)
        announced = self._announce(player, move, due)
        log = self._submit(seq, player, move, summary, due, announced)
        if timing:
            log.sealed_events = timing + log.sealed_events
            log.events = timing + log.events
        return log

    # Items announced on submission (TT-7) --------------------------------------
    def _announced_items(self, move: dict[str, Any]) -> list[str]:
        """Items of `move` the ruleset announces on submission (TT-7); none in most games."""
        if not self._announcing:
            return []
        return [item for item in self.game.items_used(move) if item in self._announcing]

    def _check_announced(self, player: str, move: dict[str, Any], phase: Phase) -> None:
        """An item announced in this phase is public: a resubmission must keep it (TT-7, G-3)."""
        missing = [item for item in self.announced.get(player, []) if item not in self.game.items_used(move)]
        if missing:
            name = self.game.ruleset.items[missing[0]]["name"]
            raise Illegal("announced-item", f"{player} announced {name} in {phase.label}; a resubmission "
                          "must keep it", "G-3", "TT-7")

    def _announce(self, player: str, move: dict[str, Any], phase: Phase) -> list[Event]:
        """Make public at once the items the ruleset announces on submission, and restart the
        phase's time for both players where the item says so (TT-7)."""
        events = []
        catalogue = self.game.ruleset.items
        for item in self._announced_items(move):
            if item in self.announced.get(player, []):
                continue
            self.announced.setdefault(player, []).append(item)
            text = f"{player} uses {catalogue[item]['name']} (announced at once)"
            if catalogue[item].get("restarts_phase_clock") and self._at is not None:
                self.clock.restart(self._at)
                text += f"; the time for {phase.label} restarts for both players"
            events.append(Event(text, ("TT-7",)))
        return events

    def _time(self, seq: int, player: str, due: Turn | Phase) -> list[Event] | LogEntry | None:
        """Charge the clock for a legal entry (G-7).

        Returns events to narrate, or, when time ran out, the whole log entry: a loss
        (`on_expiry: lose`, the move does not count) or a late submission that counts as
        empty (`on_expiry: skip`).
        """
        charge = self.clock.charge(player, self._at, due.kind)
        if charge is None:
            return None
        self.clock.pay(player, charge)
        said = Event(describe(player, charge, self.on_expiry), ("G-7",))
        if not charge.expired:
            return [said]
        if self.on_expiry == "lose":
            self._end(Outcome(self.game.opponent(player), f"{player} ran out of reserve at entry {seq}"))
            return LogEntry(seq, "move", player, "", [said, Event(f"{player} ran out of time and loses; "
                                                                  "the move does not count", ("G-7",))], expired=True)
        flag = Flag(seq, player, "late", f"{player}'s entry came {charge.used:.0f} s after "
                    f"{due.label} began (limit {charge.limit} s): it counts as an empty submission", ("G-7",))
        if isinstance(due, Phase):
            log = self._submit(seq, player, None, "", due, late=True)
        else:
            log = LogEntry(seq, "move", player, "", [])
        log.flag = flag
        log.expired = True
        log.events.insert(0, said)
        return log

    def _submit(self, seq: int, player: str, move: dict[str, Any] | None, summary: str, phase: Phase,
                announced: list[Event] | None = None, late: bool = False) -> LogEntry:
        """Seal a submission; a later one replaces it until the phase resolves (G-3)."""
        replaced = player in self.sealed
        self.sealed[player] = move
        if late:
            events = [Event(f"{player}'s submission for {phase.label} came late and counts as empty", ("G-7",))]
        else:
            note = "resubmitted, replacing the earlier submission" if replaced else "submitted"
            events = [Event(f"{player} {note} for {phase.label} (sealed)", ("G-3",) if replaced else ("G-2",))]
        events += announced or []
        log = LogEntry(seq, "move", player, summary, events, sealed=True, sealed_events=list(events))
        self._phase_logs.append(log)
        if all(p in self.sealed for p in phase.players):
            log.events += self._resolve(phase)
        return log

    def _side_move(self, seq: int, player: str, move: dict[str, Any], phase: Phase, side: SideMove) -> LogEntry:
        """Apply a declaration at once; keep its entry private for a number of phases."""
        if side.before_submissions and self.sealed:
            raise Illegal("too-late", f"this must come before the first submission of {phase.label}", *side.rulings)
        self._check_items(player, move)
        self.game.check_move(self.state, player, move)
        events = self.game.apply_move(self.state, player, move)
        self._use_items(player, move)
        log = LogEntry(seq, "move", player, self.game.format_move(move), events, sealed=True,
                       sealed_events=[Event(f"{player} made a private declaration during {phase.label}",
                                            side.rulings)])
        self._side_logs.append([log, side.reveal_after_phases])
        return log

    def _resolve(self, phase: Phase) -> list[Event]:
        submissions = {p: self.sealed.get(p) for p in phase.players}
        events = [Event(f"{p} did not submit and does nothing in {phase.label}", ("G-2",))
                  for p in phase.players if p not in self.sealed]
        events += self.game.resolve_phase(self.state, phase, submissions)
        for player, move in submissions.items():
            if move is not None:
                self._use_items(player, move)
        self.sealed = {}
        self.announced = {}
        self._reveal()
        self._changed = True
        for pair in self._side_logs:
            pair[1] -= 1
            pair[0].sealed = pair[1] > 0
        self._side_logs = [pair for pair in self._side_logs if pair[1] > 0]
        return events

    def _reveal(self) -> None:
        for log in self._phase_logs:
            log.sealed = False
        self._phase_logs = []

    def _reveal_all(self) -> None:
        self._reveal()
        for log, _ in self._side_logs:
            log.sealed = False
        self._side_logs = []
        for log in self._voided_sealed:
            log.sealed = False
        self._voided_sealed = []

    def _check_items(self, player: str, move: dict[str, Any]) -> None:
        used = self.game.items_used(move)
        if not used:
            return
        wanted = Counter(used)
        catalogue = self.game.ruleset.items
        for item, count in wanted.items():
            if item not in catalogue:
                raise Illegal("unknown-item", f"'{item}' is not an item of {self.game.ruleset.id}", "G-5")
            if item not in self.game.by_id[player].items:
                raise Illegal("item-not-held", f"{player} does not hold {catalogue[item]['name']}", "G-5")
            if self.items_left[player][item] < count:
                raise Illegal("item-used", f"{player} has already used {catalogue[item]['name']}", "G-5")

    def _use_items(self, player: str, move: dict[str, Any]) -> None:
        for item in self.game.items_used(move):
            self.items_left[player][item] -= 1

    def _chance(self, seq: int, chance: dict[str, Any]) -> LogEntry:
        due = self.pending()
        if not isinstance(due, ChanceDue):
            pick = self.opening_pick()
            if pick is not None and "pick" in chance:
                return self._pick_first(seq, pick, chance)
            what = self.awaiting() or "nothing"
            raise Illegal("chance-not-due", f"no random outcome is due now (waiting for {what})", "G-2", "DT-7")
        check_chance(due, chance)
        events = self.game.apply_chance(self.state, due, chance)
        self._changed = True
        return LogEntry(seq, "chance", None, format_chance(chance), events)

    def _pick_first(self, seq: int, due: ChanceDue, chance: dict[str, Any]) -> LogEntry:
        """The opening draw of who starts, from the match seed or a dice bot (G-6)."""
        check_chance(due, chance)
        first = chance["pick"]
        self.state = self.game.start_with(first)
        self._changed = True
        how = "copied from a dice bot" if chance.get("source") == "external" else "drawn from the match seed"
        return LogEntry(seq, "chance", None, format_chance(chance),
                        [Event(f"{self.game.label(first)} starts: {how}", ("G-6",))])

    def _host(self, seq: int, host: dict[str, Any]) -> LogEntry:
        action = host["action"]
        if action == "void":
            return self._void(seq, host)
        summary = format_host(host)
        if action == "deadline":
            due = self.pending()
            if isinstance(due, Phase):
                return LogEntry(seq, "host", None, summary,
                                [Event(f"the host closed {due.label}", ("G-2",))] + self._resolve(due))
            return LogEntry(seq, "host", None, summary,
                            [Event("no simultaneous phase was open, so the deadline changes nothing", ("G-4",))])
        if action == "timeout":
            return LogEntry(seq, "host", None, summary, self._timeout(host["player"]))
        if action == "forfeit":
            player = host["player"]
            self._end(Outcome(self.game.opponent(player), f"{player} forfeited (entry {seq})"))
            return LogEntry(seq, "host", None, summary, [Event(f"{player} forfeits; "
                                                               f"{self.game.opponent(player)} wins", ("G-4",))])
        if action == "draw":
            self._end(Outcome(None, f"drawn by the host (entry {seq})"))
            return LogEntry(seq, "host", None, summary, [Event("the host declares a draw", ("G-4",))])
        winner = host.get("winner")
        if winner:
            reason = host.get("reason") or f"ended by the host (entry {seq})"
            self._end(Outcome(winner, reason))
        else:
            scored = self.game.score_end(self.state)
            reason = f"ended by the host (entry {seq}); by the rules: {scored.reason}"
            self._end(Outcome(scored.winner, host.get("reason") or reason))
        result = f"{self.outcome.winner} wins" if self.outcome.winner else "no winner"
        return LogEntry(seq, "host", None, summary, [Event(f"the host ends the match: {result}", ("G-4",))])

    def _timeout(self, player: str) -> list[Event]:
        """A host's call that `player` ran out of time: a loss, or an empty submission (G-7)."""
        if self.on_expiry == "lose":
            self._end(Outcome(self.game.opponent(player), f"{player} ran out of time (host's call)"))
            return [Event(f"{player} ran out of time and loses", ("G-4", "G-7"))]
        due = self.pending()
        if isinstance(due, Phase) and player in due.players:
            self.sealed[player] = None
            events = [Event(f"{player} ran out of time: counts as an empty submission for {due.label}", ("G-7",))]
            if all(p in self.sealed for p in due.players):
                events += self._resolve(due)
            return events
        return [Event(f"{player}'s timeout is recorded; nothing was due from them", ("G-4", "G-7"))]

    def _end(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self._changed = True
        self.game.match_over(self.state, outcome)
        self._reveal_all()


def is_void(entry: dict[str, Any]) -> bool:
    host = entry.get("host")
    return entry.get("type") == "host" and isinstance(host, dict) and host.get("action") == "void"


def voided_entries(entries: list[dict[str, Any]]) -> dict[int, int]:
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


def check_chance(due: ChanceDue, chance: dict[str, Any]) -> None:
    """The recorded outcome must be the kind and size that is due."""
    if due.dice:
        dice = chance.get("dice")
        if dice is None:
            raise Illegal("chance-kind", f"{due.label}: a dice roll is due, not a pick", "DT-7")
        if len(dice) != due.dice:
            raise Illegal("dice-count", f"{due.label}: {due.dice} {'die' if due.dice == 1 else 'dice'} are due, "
                          f"not {len(dice)}", "DT-7")
        bad = [d for d in dice if not 1 <= d <= due.faces]
        if bad:
            raise Illegal("die-value", f"{due.label}: {bad[0]} is not a face of a {due.faces}-sided die", "DT-7")
    else:
        pick = chance.get("pick")
        if pick is None:
            raise Illegal("chance-kind", f"{due.label}: a pick is due, not dice", "G-6")
        if pick not in due.pick:
            raise Illegal("pick-value", f"{due.label}: '{pick}' is not one of {', '.join(due.pick)}", "G-6")


def format_chance(chance: dict[str, Any]) -> str:
    if "dice" in chance:
        return "dice " + " ".join(str(d) for d in chance["dice"])
    return f"pick {chance.get('pick')}"


def format_host(host: dict[str, Any]) -> str:
    words = [host["action"]]
    if host["action"] == "void":
        words.append(str(host.get("seq")))
    for key in ("player", "winner"):
        if host.get(key):
            words.append(host[key])
    if host.get("reason"):
        words.append(f"({host['reason']})")
    return " ".join(words)
