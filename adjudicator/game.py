"""The game protocol and its data types: what a game is to the engine, in plain data.

A game is a `Game[S]` over its own state type `S`: a required rules core (`Rules`: set-up,
what is due, checking and applying moves, resolving sealed phases and chance, the outcome)
and optional parts, each with a default that keeps the tool working without it: its
`Words` (the tables wording.py turns codes into sentences with), its `Notation` (typed
moves), its `Views` (what each player may see, the board, the legal moves), its `Picture`
and its `SelfPlay` hooks for `simulate`. Every built-in game is a package with one module
per part (docs/design.md, "A game").

Nothing here does I/O or writes a sentence: the core speaks in codes (`Event`, `Illegal`,
`Outcome`) that the edge words.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar, final

from adjudicator.errors import NotationError

if TYPE_CHECKING:   # the post reader's data types: only games that read posts import them
    from adjudicator.lexicon import Lexicon, Word

class RulesData(Protocol):
    """What the engine and a game read of a ruleset (adjudicator.rulesets.Ruleset is one): the
    engine knows nothing of how rulesets are found or loaded."""

    id: str
    game: str
    params: dict[str, Any]
    items: dict[str, Any]
    sides: list[str]


# --- What a match waits for -------------------------------------------------------------

@final   # never subclassed: replay tells them apart by `type(due) is ...`, fast and typed
@dataclass(slots=True)
class Turn:
    """The listed player moves next; the move takes effect at once. `label` is a code the
    game's `dues` table words (with `fields`), or words of its own."""

    players: tuple[str, ...]
    label: str = "move"
    kind: str = ""          # names the clock's limit for this turn (params.time_control.kind_seconds)
    fields: Any = None      # what the label's wording needs (a dict), compared but never hashed


@final   # never subclassed: replay tells them apart by `type(due) is ...`, fast and typed
@dataclass(slots=True)
class Phase:
    """Sealed simultaneous submissions from every listed player, resolved together (G-2)."""

    key: str
    players: tuple[str, ...]
    label: str
    kind: str = ""          # names the clock's limit for this phase (params.time_control.kind_seconds)
    fields: Any = None


@final   # never subclassed: replay tells them apart by `type(due) is ...`, fast and typed
@dataclass(slots=True)
class ChanceDue:
    """A random outcome that the log must record next as a `chance` entry (G-6, DT-7)."""

    label: str
    dice: int = 0
    faces: int = 6
    pick: tuple[str, ...] = ()
    fields: Any = None


Pending = Turn | Phase | ChanceDue | None


@dataclass(frozen=True)
class SideMove:
    """How a move made during a sealed phase acts at once instead of being sealed.

    For declarations that precede a phase's submissions, such as Track Trouble's Hidden
    Value: the move is checked and applied immediately, and its log entry stays private to
    its player until `reveal_after_phases` more phases have resolved (or the match ends).

    A side move with a time `kind` has its own limit, `params.time_control.kind_seconds[kind]`,
    counted from the start of the phase it is made in (the phase's start as G-7 counts it, not
    a restart by an item such as Extra Miner, TT-7). Made later, it is flagged `late` and
    changes nothing: nothing applied, no item spent (Track Trouble's Hidden Value, TT-9). It is
    timed only when the phase itself is (a disabled clock, a null `turn_seconds` for the
    phase, or an entry without `at`: untimed), and has no reserve to draw on.
    """

    reveal_after_phases: int = 1
    before_submissions: bool = True   # refused once anybody has submitted in this phase
    rulings: tuple[str, ...] = ()
    kind: str = ""                    # its own time limit: params.time_control.kind_seconds[kind]
    time_rulings: tuple[str, ...] = ()   # the rulings of that limit, cited when it came late


# --- What happened ----------------------------------------------------------------------

class Event(NamedTuple):
    """One thing that happened: a kind ("placed", "point-scored"), its fields as plain data
    (player ids, cells, numbers) and the rulings it applied. Worded only when shown
    (adjudicator.wording). A named tuple: replay makes several per entry."""

    kind: str
    fields: dict[str, Any]
    rulings: tuple[str, ...] = ()


# An Event from one tuple, skipping the named tuple's own constructor (a Python function):
# replay makes one or more per entry.
new_event = partial(tuple.__new__, Event)


class Illegal(Exception):
    """An entry the rules forbid: a stable code, the rulings that forbid it, and the fields a
    message needs (worded by adjudicator.wording.refusal, only when shown)."""

    def __init__(self, code: str, *rulings: str, **fields: Any) -> None:
        super().__init__(code)
        self.code = code
        self.rulings = rulings
        self.fields = fields


@dataclass(frozen=True)
class Outcome:
    """How a match ended: the winner (None for a draw), a termination code ("off-board",
    "modules-won", "forfeit") and the figures that decided it. `wording.reason` words it."""

    winner: str | None
    termination: str
    figures: dict[str, Any] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    side: str
    items: tuple[str, ...] = ()


# --- The game interface -----------------------------------------------------------------

class Form(NamedTuple):
    """One form of a game's typed notation, as data: its shape (`MODULE CARD...`), moves
    written in it (each must parse and format back, tests/test_reading.py) and a few words on
    what it is for. `ruleset show` lists them and a refused move names the closest."""

    shape: str
    examples: tuple[str, ...]
    about: str = ""



@dataclass(frozen=True)
class Nature:
    """What a game is, as data the engine, `simulate` and the game-agnostic tests read."""

    turns: bool = True              # players take turns (Turn)
    sealed_phases: bool = False     # players submit sealed moves resolved together (Phase, G-2)
    chance: bool = False            # the log records random outcomes (ChanceDue, DT-7)
    hidden: bool = False            # something stays private for a while (side moves, hands)
    first_by_pick: bool = False     # a match without `first` may open with a pick of who starts (G-6)


class ItemsView(NamedTuple):
    """What the engine knows of items (G-5), for a game's views: uses left and items used, in
    the order they were used, per player."""

    left: dict[str, Counter[str]]
    used: dict[str, list[str]]


S = TypeVar("S")   # a game's state: whatever plain data the game likes; the engine only passes it back


class Rules(Generic[S]):
    """The rules core, the one part every game must supply: set-up, what is due, checking and
    applying moves, sealed phases, chance and the outcome, on plain data.

    `check_move` must not change the state; `apply_move` may assume the move passed it. The
    core writes no text: it reports `Event`s, refuses with `Illegal` codes and ends with an
    `Outcome`, which the game's `Words` tables word at the edge.
    """

    name: ClassVar[str] = ""
    nature: ClassVar[Nature] = Nature()
    chance_rulings: ClassVar[tuple[str, ...]] = ()   # the game's ruling on recording chance (dice: DT-7)

    def __init__(self, ruleset: RulesData, players: list[Player], header: dict[str, Any] | None = None) -> None:
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
        """`Bernd (yellow)`: how narration names a player (by display name)."""
        return f"{self.who(player)} ({self.by_id[player].side})"

    def who(self, player: Any) -> str:
        """How public words name a player: the display name (`Sally`, or `Sam [sam2]` where
        two names look alike, display_names); anything not a player's id as it is.
        Data fields keep ids; only sentences call this."""
        if isinstance(player, str):
            return self.display_names.get(player, player)
        return str(player)

    @property
    def display_names(self) -> dict[str, str]:
        """How boards name each player: as the thread knows them, by the match's display
        name, with the id in brackets only where names alone would not tell the players
        apart: `Sally`, `Sam [sam2]`. Names are told apart as a reader sees them
        (names.look_alike): ones that differ only in case, in compatibility forms or in
        invisible characters (`Sally` and `Sally` + U+200B, in a file edited by hand, since
        `new` refuses them) get the id too."""
        from adjudicator.names import look_alike

        names: dict[str, str] | None = self.__dict__.get("_names")
        if names is None:
            folded = [look_alike(p.name or "") or look_alike(p.id) for p in self.players]
            names = {p.id: (p.name or "").strip() or p.id for p in self.players}
            for p, key in zip(self.players, folded, strict=False):
                if folded.count(key) > 1:
                    names[p.id] = f"{names[p.id]} [{p.id}]"
            self.__dict__["_names"] = names
        return names

    # Parameters and set-up
    def validate_params(self) -> list[str]:
        """Sentences describing parameters that cannot work; empty when all is well."""
        return []

    def check_header(self) -> list[str]:
        """Problems with the match header for this game, each naming its field
        ("field first: …"); empty when all is well."""
        return []

    def initial_state(self) -> S:
        raise NotImplementedError

    def start_with(self, first: str) -> S:
        """The initial state when an opening pick names who starts (G-6); games that
        declare `first_by_pick` supply it."""
        raise NotImplementedError(f"{self.name} does not start by a pick")

    # What is due
    def pending(self, state: S) -> Pending:
        raise NotImplementedError

    # Moves
    def check_move(self, state: S, player: str, move: dict[str, Any]) -> None:
        raise NotImplementedError

    def apply_move(self, state: S, player: str, move: dict[str, Any]) -> list[Event]:
        raise NotImplementedError

    def side_move(self, state: S, player: str, move: dict[str, Any]) -> SideMove | None:
        """A SideMove when `move`, made during a sealed phase, acts at once (default: none)."""
        return None

    def resolve_phase(self, state: S, phase: Phase, submissions: dict[str, dict[str, Any] | None]) -> list[Event]:
        """Apply one sealed phase; a player's submission is None when they did nothing (G-2)."""
        raise NotImplementedError(f"{self.name} has no simultaneous phases")

    def items_used(self, move: dict[str, Any]) -> list[str] | tuple[()]:
        """Item ids a move uses (G-5): `item: {use}` and `items: [{use}]`. Asked once per move
        replayed, so a move without either costs two lookups."""
        single = move.get("item")
        many = move.get("items")
        if single is None and not many:
            return ()
        used = []
        if isinstance(single, dict) and "use" in single:
            used.append(single["use"])
        for each in many or ():
            if isinstance(each, dict) and "use" in each:
                used.append(each["use"])
        return used

    # Chance
    def apply_chance(self, state: S, due: ChanceDue, chance: dict[str, Any]) -> list[Event]:
        raise NotImplementedError(f"{self.name} has no chance outcomes")

    # Result
    def outcome(self, state: S) -> Outcome | None:
        raise NotImplementedError

    def match_over(self, state: S, outcome: Outcome) -> None:
        """Told when the match ends by a host entry or the clock rather than by the rules,
        so the game can make public what it kept hidden until a reveal that will not come."""

    def stopped_result(self, state: S) -> Outcome:
        """The result by the rules when the host ends the match without naming a winner."""
        return Outcome(None, "host-no-result")


class Words:
    """The game's wording as class data (adjudicator.wording): code -> (game, fields) -> sentence.
    Optional: a code without words is shown as the code and its fields."""

    who_starts: ClassVar[str] = "its players act together, so nobody starts"   # when not by pick
    words: ClassVar[dict[str, Any]] = {}      # Event kinds
    refusals: ClassVar[dict[str, Any]] = {}   # Illegal codes
    endings: ClassVar[dict[str, Any]] = {}    # Outcome terminations
    dues: ClassVar[dict[str, Any]] = {}       # Turn, Phase and ChanceDue labels


class Notation(Generic[S]):
    """Typed moves: how `move`, `paste` and `legal` read and write them. Optional: a game
    without it takes moves as JSON (`move --json`) and shows them as JSON."""

    # The typed notation as data (Form): what `ruleset show` teaches and refusals point to.
    notation: ClassVar[tuple[Form, ...]] = ()
    name: ClassVar[str]

    def forms(self) -> tuple[Form, ...]:
        """The notation's forms for this match's ruleset (default: the class's `notation`); a
        game whose rulesets differ (Tug of War's modules) leaves out what its ruleset lacks."""
        return self.notation

    def parse_move(self, text: str) -> dict[str, Any]:
        raise NotationError(f"{self.name} has no typed notation: give the move as JSON (move --json).")

    def lexicon(self) -> Lexicon:
        """The words of this game's moves (adjudicator.lexicon): what in a post is move
        material, and the phrases players write for notation words. The default is every word
        of the notation's examples; games add their data (modules, layouts, items)."""
        from adjudicator.lexicon import words_of_forms

        return words_of_forms(self.forms())

    def reword(self, state: S, player: str, words: list[Word]) -> list[Word]:
        """A post's words with what only the position can say put in notation words, before
        the post is read: the dice game turns "both 1s" into the positions of the dice showing
        1. A reference that names nothing now becomes a Word with a `problem`. The
        default changes nothing."""
        return words

    def complete_move(self, state: S, player: str, move: dict[str, Any]) -> dict[str, Any]:
        """Fill in what a typed move may leave out because the match says it (the current
        turn or round number), so a host can type `place 3/5 C`. Called before the move
        schema is checked; the default changes nothing."""
        return move

    def format_move(self, move: dict[str, Any]) -> str:
        """The move as a host would type it (default: compact JSON)."""
        import json

        return json.dumps(move, separators=(",", ":"), sort_keys=True)

    def is_plausible(self, move: dict[str, Any]) -> bool:
        """Could `move`, read from a run of words inside a longer post (adjudicator.reading), be
        what the player meant? A game whose notation takes any word as a name (a Track Trouble
        track) says no to names the match does not know, so `2 please` stays chatter. A post
        the notation reads as a whole but that names what the match lacks ("6 to track 2 pls")
        is read as a post first; only when that finds no move is it taken as typed, its names
        for the rules to judge. It is given the move as parsed, before `complete_move` (what
        the words themselves said)."""
        return True


class Views(Generic[S]):
    """What each player may see, the board drawn from it, and the legal moves with their
    effects. `public_view` and `board_blocks` are needed by every command that shows a match;
    the rest have defaults (nothing private; no listing of legal moves)."""

    def public_view(self, state: S, items: ItemsView | None = None) -> dict[str, Any]:
        """What everyone may see; `items` is the engine's count of items left and used (G-5)."""
        raise NotImplementedError

    def private_view(self, state: S, player: str, items: ItemsView | None = None) -> dict[str, Any]:
        """What only `player` may see, beyond the public view (hidden values, hands)."""
        return {}

    def board_blocks(self, view: dict[str, Any]) -> list[Any]:
        """The public board as render blocks (adjudicator.render)."""
        raise NotImplementedError

    def legal_moves(self, state: S, player: str,
                    items: ItemsView | None = None) -> Iterator[tuple[dict[str, Any], tuple[Event, ...]]]:
        """The legal moves for `player` now, each with the events that preview its effect
        (worded by wording.preview). The engine drops moves using an item the player no longer
        has; `items` (uses left and used, G-5) is there for a game whose listing depends on it."""
        raise NotImplementedError

    @classmethod
    def listed_in_full(cls, move: dict[str, Any]) -> bool:
        """Does `legal_moves` list every legal move of this move's shape? A game that samples
        or groups some moves (too many to list) says which; `legal` and the tests read it."""
        return True


class Picture:
    """The board as a picture. Optional: without it, a picture shows the text board in a
    monospace font."""

    def draw_board(self, view: dict[str, Any], canvas: Any, private: dict[str, Any] | None = None) -> bool:
        """Draw the board on `canvas` (adjudicator.picture.Canvas) from the public `view`, and
        `private` (one player's view, for `board --as`) when given; True when drawn."""
        return False


class SelfPlay(Generic[S]):
    """What `simulate` asks beyond the rules. Optional: the defaults play without preference
    and count rounds as phases and turn pairs."""

    def bot_score(self, state: S, player: str) -> float:
        """How well `player` stands by the game's own count (points, pieces, modules), higher
        is better; what the greedy bot maximises one move ahead. Default: no preference."""
        return 0.0

    def rounds_played(self, state: S) -> int | None:
        """How many rounds the match has lasted, as its players count them; None lets the
        simulator count phases and turn pairs itself."""
        return None

    def deciders(self, state: S, outcome: Outcome) -> list[str]:
        """What decided a finished match, for a designer's summary (Tug of War: the modules
        the winner took). Default: nothing beyond the outcome's reason."""
        return []


class Game(Rules[S], Words, Notation[S], Views[S], Picture, SelfPlay[S]):
    """A whole game as the engine and the tool use it: the rules core and every optional
    part, each with its default. A game subclasses `Game[ItsState]` and overrides what it
    supplies; a game's part modules each subclass `Game[ItsState]` too (so each sees every
    attribute typed) and its `game.py` puts them together."""
