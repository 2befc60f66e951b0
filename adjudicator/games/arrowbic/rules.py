"""The rules core of Arrowbic Exercise (AX-1…AX-9, G-6): set-up, what is due, placements,
captures, the movement order, Retake and the result, on plain data.

State is plain data mutated in place. Cells are (column, row) pairs counted from 0, so
A1 is (0, 0) and up is +1 row (AX-1). Each placement (or pass) leaves a small undo record
in `history`, which is all Retake needs. The engine counts the Retakes used (G-5).

The rules core writes no text: it reports `Event`s (cells by name, players by id), refuses
with `Illegal` codes and ends with an `Outcome`; words.py words them. The board's geometry
(cell names, neighbours, capture rays) is worked out once per game.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, TypedDict

from adjudicator.game import Event, Game, Illegal, Outcome, Pending, Turn, new_event

Cell = tuple[int, int]

ARROWS = ("up", "right", "down", "left")
STEP = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}
# AX-4: the eight directions a capture can run in.
EIGHT = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
COMPASS = {(0, 1): "up", (1, 1): "up-right", (1, 0): "right", (1, -1): "down-right", (0, -1): "down",
           (-1, -1): "down-left", (-1, 0): "left", (-1, 1): "up-left"}

# The rulings events cite, made once.
AX2, AX3, AX4, AX5, AX6, AX7, AX8 = (("AX-2",), ("AX-3",), ("AX-4",), ("AX-5",), ("AX-6",), ("AX-7",),
                                     ("AX-8",))
NO_CAPTURES: tuple[()] = ()   # an undo record's captures until there are some

# An undo record (AX-8), one per placement or pass: all Retake needs to put the board back.
# `captured` lists the stones the placement took (cell, (owner, arrow)); `moved` the piece
# that moved after it and the cell it came from.
Undo = TypedDict("Undo", {"player": str, "pass": bool, "cell": Cell | None,
                          "captured": list[tuple[Cell, tuple[str, str]]] | tuple[()],
                          "last_arrow": str | None, "last_place": tuple[str, Cell, str] | None,
                          "moved": tuple[str, Cell] | None})


@dataclass
class ArrowState:
    """Plain data, mutated in place by replay."""

    pieces: dict[str, Cell | None]                # None once a piece has left the board (AX-6)
    stones: dict[Cell, tuple[str, str]]           # cell -> (owner, arrow)
    last_arrow: dict[str, str | None]             # AX-2: the arrow each player placed last
    to_move: str
    sides: dict[str, str]                         # player -> side in effect (G-6: the starter plays red)
    movers: tuple[str, ...]                       # AX-5: whose piece moves after placement k, at (k - 1) mod length
    swapped_by: str | None = None                 # "first" or "pick" when that swapped the header's sides (G-6)
    placements: int = 0                           # k of AX-5; passes count too (AX-7)
    last_place: tuple[str, Cell, str] | None = None   # (player, cell, arrow) of the latest stone
    history: list[Undo] = field(default_factory=list)   # undo records (AX-8), one per placement or pass
    winner: str | None = None
    termination: str = ""                         # how the rules ended it: "off-board" (AX-6), "stuck-draw" (AX-7)
    figures: dict[str, Any] = field(default_factory=dict)   # what decided it (the piece, its cell and arrow)
    over: bool = False
    ended: bool = False                           # ended by a host entry or the clock, not by the rules


class Chains:
    """Where the arrows lead from each cell of one board (AX-3), remembered as they are found:
    listing moves asks about the same chains of stones for every empty cell and arrow."""

    def __init__(self, stones: dict[Cell, tuple[str, str]]) -> None:
        self.stones = stones
        self.ends: dict[Cell, Cell | None] = {}

    def end(self, start: Cell) -> Cell | None:
        """The first cell without a stone reached by following the arrows from `start` (itself
        when it has none); None when the arrows circle without reaching one."""
        if start in self.ends:
            return self.ends[start]
        if start not in self.stones:
            return start
        trail: list[Cell] = []
        on_trail: set[Cell] = set()
        at = start
        while at in self.stones and at not in self.ends:
            if at in on_trail:
                end = None
                break
            trail.append(at)
            on_trail.add(at)
            dx, dy = STEP[self.stones[at][1]]
            at = (at[0] + dx, at[1] + dy)
        else:   # a cell without a stone, or a stone whose end is known already
            end = self.ends.get(at, at)
        for cell in trail:
            self.ends[cell] = end
        return end

    def closes_loop(self, cell: Cell, arrow: str) -> bool:
        """Whether `arrow` on the empty `cell` would close a loop, as `loop_through` finds one:
        the arrows from the cell it points at lead back to it."""
        dx, dy = STEP[arrow]
        return self.end((cell[0] + dx, cell[1] + dy)) == cell


class Board:
    """The geometry of one board size, worked out once: cell names both ways, each cell's
    neighbour per arrow (AX-3, AX-5) and its capture rays (AX-4)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.cells: tuple[Cell, ...] = tuple((col, row) for row in range(size - 1, -1, -1) for col in range(size))
        self.names: dict[Cell, str] = {cell: f"{chr(ord('A') + cell[0])}{cell[1] + 1}" for cell in self.cells}
        self.by_name: dict[str, Cell] = {name: cell for cell, name in self.names.items()}
        # Neighbours may lie off the board: such a cell never holds a stone.
        self.next: dict[Cell, dict[str, Cell]] = {
            cell: {arrow: (cell[0] + dx, cell[1] + dy) for arrow, (dx, dy) in STEP.items()} for cell in self.cells}
        self.steps: dict[Cell, tuple[tuple[str, Cell], ...]] = {
            cell: tuple((arrow, self.next[cell][arrow]) for arrow in ARROWS) for cell in self.cells}
        # Per cell, per direction with room for a capture: (direction, neighbour, the cells beyond).
        self.rays: dict[Cell, tuple[tuple[tuple[int, int], Cell, tuple[Cell, ...]], ...]] = {}
        for cell in self.cells:
            rays = []
            for d in EIGHT:
                ray = []
                at = (cell[0] + d[0], cell[1] + d[1])
                while 0 <= at[0] < size and 0 <= at[1] < size:
                    ray.append(at)
                    at = (at[0] + d[0], at[1] + d[1])
                if len(ray) >= 2:   # a run of one or more, then the closing stone
                    rays.append((d, ray[0], tuple(ray[1:])))
            self.rays[cell] = tuple(rays)
        self.rotations: dict[Cell, tuple[Cell, ...]] = {}

    def rotation(self, start: Cell) -> tuple[Cell, ...]:
        """Every cell once, from `start` on in reading order, then round from the top."""
        at = self.cells.index(start)
        self.rotations[start] = turn = self.cells[at:] + self.cells[:at]
        return turn


_BOARDS: dict[int, Board] = {}


def board_of(size: int) -> Board:
    """The geometry of a size×size board, made once per size."""
    board = _BOARDS.get(size)
    if board is None:
        board = _BOARDS[size] = Board(size)
    return board


class ArrowbicRules(Game[ArrowState]):
    """The rules core (AX-1…AX-8, G-6): what the engine asks of every game, and the
    self-play hooks that read the same state."""

    _found: Cell = (0, 0)   # where has_placement last found a placement: only where it looks first

    # --- Parameters ---------------------------------------------------------------------
    @property
    def size(self) -> int:
        size: int = self.params["size"]   # a whole number, validate_params says (AX-1)
        return size

    @cached_property
    def board(self) -> Board:
        return board_of(self.params["size"])

    def cell_name(self, cell: Cell) -> str:
        name = self.board.names.get(cell)
        return name if name is not None else f"{chr(ord('A') + cell[0])}{cell[1] + 1}"

    @property
    def cell_names(self) -> dict[Cell, str]:
        """Every board cell's name, made once: listing moves names each cell many times."""
        return self.board.names

    def parse_cell(self, name: str) -> Cell | None:
        """(column, row) of a name like 'E5', or None when it is not on the board (AX-1)."""
        cell = self.board.by_name.get(name)
        if cell is not None:
            return cell
        match = re.fullmatch(r"([A-Za-z])(\d{1,2})", name.strip())
        if not match:
            return None
        cell = (ord(match.group(1).upper()) - ord("A"), int(match.group(2)) - 1)
        return cell if self.on_board(cell) else None

    def on_board(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.size and 0 <= cell[1] < self.size

    def validate_params(self) -> list[str]:
        p = self.params
        sides = self.ruleset.sides
        problems = []
        if not isinstance(p.get("size"), int) or not 2 <= p["size"] <= 26:
            return ["size must be a whole number from 2 to 26 (columns are letters A–Z) (AX-1)."]
        start = p.get("start") or {}
        for side in sides:
            if side not in start:
                problems.append(f"start must give a cell for each side ({', '.join(sides)}) (AX-1).")
            elif self.parse_cell(str(start[side])) is None:
                problems.append(f"start.{side} ('{start[side]}') is not a cell of the {self.size}×{self.size} "
                                f"board (AX-1).")
        if p.get("starting_side") not in sides:
            problems.append(f"starting_side must be one of the sides {', '.join(sides)} (AX-1).")
        order = p.get("movement_order") or []
        if not order or any(side not in sides for side in order):
            problems.append(f"movement_order must be a non-empty list of sides ({', '.join(sides)}) (AX-5).")
        undoes = p.get("retake_undoes")
        if not isinstance(undoes, int) or undoes < 2 or undoes % 2:
            # Even, so that the turn comes back to the holder, who "then places again" (AX-8).
            problems.append("retake_undoes must be an even whole number of at least 2 (AX-8).")
        return problems

    # No check_header: since G-6 was amended a `first` naming either player is good. Naming
    # the player the header lists as blue swaps the sides (sides_with), it contradicts nothing.

    # --- Set-up -------------------------------------------------------------------------
    def sides_with(self, first: str) -> dict[str, str]:
        """Each player's side when `first` starts (G-6 as amended, AX-1): the starter plays the
        starting side (red), so naming the player the header lists on the other side swaps the
        two players' sides for the match; naming the red-listed player changes nothing."""
        listed = {p: self.by_id[p].side for p in self.player_ids}
        if first not in listed or listed[first] == self.params["starting_side"]:
            return listed
        a, b = self.player_ids
        return {a: listed[b], b: listed[a]}

    def initial_state(self) -> ArrowState:
        """The opening state: the header's `first` plays red (G-6, AX-1); without it the
        player the header lists as red starts, unless an opening pick says otherwise."""
        first = self.header.get("first")
        return self._start(first or self.by_side[self.params["starting_side"]], "first")

    def start_with(self, first: str) -> ArrowState:
        """The opening state when an opening pick names who starts: that player is red (G-6)."""
        return self._start(first, "pick")

    def _start(self, first: str, how: str) -> ArrowState:
        """`first` plays the starting side; pieces on their sides' start cells (AX-1) and the
        movement order by side (AX-5), all with the sides in effect."""
        sides = self.sides_with(first)
        player_of = {side: p for p, side in sides.items()}
        start = self.params["start"]
        pieces = {pid: self.parse_cell(start[sides[pid]]) for pid in self.player_ids}
        movers = tuple(player_of[side] for side in self.params["movement_order"])
        swapped = any(sides[p] != self.by_id[p].side for p in self.player_ids)
        return ArrowState(pieces=pieces, stones={}, last_arrow={p: None for p in self.player_ids},
                          to_move=player_of[self.params["starting_side"]], sides=sides, movers=movers,
                          swapped_by=how if swapped else None)

    @cached_property
    def _turns(self) -> dict[tuple[str, str | None], Turn]:
        """The Turn of each player and barred arrow, made once each (pending is asked every entry)."""
        return {}

    def pending(self, s: ArrowState) -> Pending:
        if s.over:
            return None
        player = s.to_move
        key = (player, s.last_arrow[player])
        turn = self._turns.get(key)
        if turn is None:
            turn = self._turns[key] = Turn((player,), "place", fields={"barred": key[1]})
        return turn

    def mover_of(self, s: ArrowState, k: int) -> str:
        """The player whose piece moves after the k-th placement (AX-5: B, R, R, B, …), by
        the sides in effect (G-6: after a swap the red player's piece moves second)."""
        movers = s.movers
        return movers[(k - 1) % len(movers)]

    # --- Rules as pure functions of the state -------------------------------------------
    def loop_through(self, s: ArrowState, cell: Cell, arrow: str) -> list[Cell] | None:
        """The closed loop a new stone would make, starting and ending at `cell`, or None (AX-3).

        The board before the placement has no loop, so any new loop passes through `cell`;
        stones of both colours count.
        """
        path = [cell]
        dx, dy = STEP[arrow]
        at = (cell[0] + dx, cell[1] + dy)
        while at != cell:
            stone = s.stones.get(at)
            if stone is None:
                return None
            path.append(at)
            if len(path) > len(s.stones) + 1:  # cannot happen on a loop-free board; a guard only
                return None
            dx, dy = STEP[stone[1]]
            at = (at[0] + dx, at[1] + dy)
        return path + [cell]

    def closes_loop(self, stones: dict[Cell, tuple[str, str]], cell: Cell, arrow: str) -> bool:
        """Whether `arrow` on the empty on-board `cell` closes a loop: `loop_through` without
        the path, on the board's neighbour table (AX-3)."""
        step = self.board.next
        at = step[cell][arrow]
        left = len(stones)   # the guard of loop_through: never more stones than the board holds
        while at != cell:
            stone = stones.get(at)
            if stone is None or not left:
                return False
            left -= 1
            at = step[at][stone[1]]
        return True

    def captures(self, s: ArrowState, player: str, cell: Cell) -> list[tuple[tuple[int, int], list[Cell]]]:
        """Runs of enemy stones closed by one of `player`'s stones, per direction (AX-4).

        Pieces neither block nor get captured: only stones are looked at. The runs start
        beside `cell`, so this works before or after the new stone is put there.
        """
        found = []
        stones = s.stones
        for d, first, beyond in self.board.rays[cell]:
            ray = (first, *beyond)
            run = 0
            for at in ray:
                stone = stones.get(at)
                if stone is None:
                    break
                if stone[0] == player:
                    if run:
                        found.append((d, list(ray[:run])))
                    break
                run += 1
        return found

    def placement_problem(self, s: ArrowState, player: str, cell: Cell, arrow: str) -> Illegal | None:
        """Why `player` may not place `arrow` on the on-board `cell`, or None (AX-2, AX-3)."""
        stone = s.stones.get(cell)
        if stone is not None:
            return Illegal("occupied", "AX-2", cell=self.board.names[cell], owner=stone[0], arrow=stone[1])
        if arrow == s.last_arrow[player]:
            return Illegal("same-arrow", "AX-2", player=player, arrow=arrow)
        if self.closes_loop(s.stones, cell, arrow):
            loop = self.loop_through(s, cell, arrow)
            assert loop is not None   # closes_loop found it, so loop_through does
            names = self.board.names
            return Illegal("closed-loop", "AX-3", cell=names[cell], arrow=arrow, loop=[names[c] for c in loop])
        return None

    def has_placement(self, s: ArrowState, player: str) -> bool:
        """Whether `player` has any legal placement (AX-7). An arrow toward a cell without a
        stone (or off the board) can close no loop, so that is looked for first; only a
        crowded board needs the chains followed."""
        barred = s.last_arrow[player]
        stones = s.stones
        board = self.board
        steps = board.steps
        # Start where the last answer was found: one stone later that cell is mostly still free.
        for cell in board.rotations.get(self._found) or board.rotation(self._found):
            if cell in stones:
                continue
            for arrow, to in steps[cell]:
                if to not in stones and arrow != barred:
                    self._found = cell
                    return True
        return any(True for _ in self._placements(s, player))

    def _placements(self, s: ArrowState, player: str) -> Iterator[tuple[Cell, str]]:
        """Every legal (cell, arrow), top row first: what `placement_problem` allows, tested
        directly (AX-2, AX-3) rather than by building a refusal for each arrow it rules out."""
        barred = s.last_arrow[player]
        stones = s.stones
        chains = Chains(stones)
        for cell in self.board.cells:
            if cell in stones:
                continue
            for arrow in ARROWS:
                if arrow != barred and not chains.closes_loop(cell, arrow):
                    yield cell, arrow

    # --- Moves --------------------------------------------------------------------------
    # The per-entry path (check_move, apply_move) works on the board's tables, builds events
    # as plain data and asks has_placement the cheap question first: it runs for every entry.
    def check_move(self, s: ArrowState, player: str, move: dict[str, Any]) -> None:
        if "item" in move:
            self._check_retake(s, player)
            return
        place = move["place"]
        cell = self.board.by_name.get(place)
        if cell is None:
            cell = self.parse_cell(place)
            if cell is None:
                raise Illegal("off-board", "AX-1", place=place)
        arrow = move["arrow"]
        stones = s.stones
        if cell in stones or arrow == s.last_arrow[player] or self.closes_loop(stones, cell, arrow):
            problem = self.placement_problem(s, player, cell, arrow)   # AX-2, AX-3: which rule, worded later
            assert problem is not None   # one of the three tests above failed: it says which
            raise problem

    def _check_retake(self, s: ArrowState, player: str) -> None:
        """AX-8: the holder's turn (the engine checks the turn and G-5), two placements to undo."""
        count = self.params["retake_undoes"]
        if len(s.history) < count:
            raise Illegal("retake-too-early", "AX-8", count=count, done=len(s.history))
        own = s.history[-count]
        if own["player"] == player and own["pass"]:
            raise Illegal("retake-after-pass", "AX-8", "AX-7", player=player)

    def apply_move(self, s: ArrowState, player: str, move: dict[str, Any]) -> list[Event]:
        if "item" in move:
            return self._retake(s, player)
        events: list[Event] = []
        place = move["place"]
        cell = self.board.by_name.get(place) or self.parse_cell(place)
        assert cell is not None   # check_move found it on the board
        self._place(s, player, cell, move["arrow"], events)
        if not s.over:
            s.to_move = other = self.opponent(player)
            if not self.has_placement(s, other):   # mostly they have one: no passes to make
                self._next_turn(s, other, events)
        return events

    def _place(self, s: ArrowState, player: str, cell: Cell, arrow: str, events: list[Event]) -> None:
        board = self.board
        names = board.names
        name = names[cell]
        k = s.placements + 1
        stones = s.stones
        last_arrow = s.last_arrow
        record: Undo = {"player": player, "pass": False, "cell": cell, "captured": NO_CAPTURES,
                        "last_arrow": last_arrow[player], "last_place": s.last_place, "moved": None}
        stones[cell] = (player, arrow)
        last_arrow[player] = arrow
        s.last_place = (player, cell, arrow)
        s.placements = k
        events.append(new_event(("placed", {"k": k, "player": player, "side": s.sides[player], "cell": name,
                                            "arrow": arrow}, AX2)))
        get = stones.get
        for d, first, ray in board.rays[cell]:   # AX-4; the rays of one cell share no cell
            stone = get(first)
            if stone is None or stone[0] == player:   # most rays end here: no enemy stone beside
                continue
            run = 1
            for at in ray:
                stone = get(at)
                if stone is None:
                    break
                if stone[0] == player:
                    cells = (first, *ray[:run - 1])
                    captured = record["captured"]
                    if not isinstance(captured, list):   # NO_CAPTURES: the placement's first run
                        captured = record["captured"] = []
                    for c in cells:
                        captured.append((c, stones.pop(c)))
                    events.append(new_event(("captured", {"cells": [names[c] for c in cells], "direction": COMPASS[d],
                                                       "cell": name, "player": player, "closer": names[at]}, AX4)))
                    break
                run += 1
        s.history.append(record)
        self._movement(s, k, record, events)

    def _pass(self, s: ArrowState, player: str, events: list[Event]) -> None:
        """AX-7: no legal placement; the pass counts as placement k and the movement follows."""
        k = s.placements + 1
        record: Undo = {"player": player, "pass": True, "cell": None, "captured": NO_CAPTURES,
                        "last_arrow": s.last_arrow[player], "last_place": s.last_place, "moved": None}
        s.placements = k
        s.history.append(record)
        events.append(new_event(("passed", {"k": k, "player": player, "side": s.sides[player]}, AX7)))
        self._movement(s, k, record, events)

    def _movement(self, s: ArrowState, k: int, record: Undo, events: list[Event]) -> None:
        """After placement k one piece follows the stone under it (AX-5); off the board loses (AX-6)."""
        movers = s.movers
        mover = movers[(k - 1) % len(movers)]
        side = s.sides[mover]
        board = self.board
        names = board.names
        at = s.pieces[mover]
        assert at is not None   # a piece off the board ended the match (AX-6): no placement follows
        stone = s.stones.get(at)
        if stone is None:
            events.append(new_event(("stayed", {"k": k, "player": mover, "side": side, "cell": names[at]}, AX5)))
            return
        owner, arrow = stone
        to = board.next[at][arrow]
        record["moved"] = (mover, at)
        to_name = names.get(to)
        events.append(new_event(("moved", {"k": k, "player": mover, "side": side, "owner": owner, "arrow": arrow,
                                        "cell": names[at], "to": to_name}, AX5)))
        if to_name is None:   # off the board (AX-6)
            s.pieces[mover] = None
            winner = self.opponent(mover)
            s.over, s.winner = True, winner
            s.termination, s.figures = "off-board", {"player": mover, "cell": names[at], "arrow": arrow}
            events.append(new_event(("left-board", {"player": mover, "winner": winner}, AX6)))
            return
        s.pieces[mover] = to

    def _next_turn(self, s: ArrowState, player: str, events: list[Event]) -> None:
        """Hand the turn over; a player with no legal placement passes at once (AX-7)."""
        s.to_move = player
        while not s.over and not self.has_placement(s, s.to_move):
            other = self.opponent(s.to_move)
            if not self.has_placement(s, other) and all(
                    s.pieces[p] not in s.stones for p in self.player_ids):
                # Neither player can place and neither piece stands on a stone: nothing can
                # ever change again. The rules do not say; the adjudicator ends it drawn.
                s.over, s.winner = True, None
                s.termination, s.figures = "stuck-draw", {}
                events.append(new_event(("stuck", {}, AX7)))
                break
            self._pass(s, s.to_move, events)
            s.to_move = other

    def _retake(self, s: ArrowState, player: str) -> list[Event]:
        """AX-8: undo the last placements and their movements; the holder places again."""
        names = self.board.names
        undone: list[dict[str, Any]] = []
        for _ in range(self.params["retake_undoes"]):
            record = s.history.pop()
            k = s.placements
            if record["moved"] is not None:
                mover, origin = record["moved"]
                s.pieces[mover] = origin
            if record["pass"]:
                undone.append({"k": k, "player": record["player"], "pass": True})
            else:
                cell = record["cell"]
                assert cell is not None   # a placement's record names its cell; a pass's has none
                owner, arrow = s.stones.pop(cell)
                for at, stone in record["captured"]:
                    s.stones[at] = stone
                undone.append({"k": k, "player": owner, "pass": False, "cell": names[cell], "arrow": arrow,
                               "back": len(record["captured"])})
            s.last_arrow[record["player"]] = record["last_arrow"]
            s.last_place = record["last_place"]
            s.placements -= 1
            s.to_move = record["player"]
        return [Event("retake", {"player": player, "side": s.sides[player], "undone": undone,
                                 "barred": s.last_arrow[player]}, AX8)]

    # --- Self-play ----------------------------------------------------------------------
    def bot_score(self, s: ArrowState, player: str) -> float:
        """Room to the edge: own piece's distance to it less the opponent's (AX-6 pushes off)."""
        return self._room(s.pieces[player]) - self._room(s.pieces[self.opponent(player)])

    def _room(self, cell: Cell | None) -> int:
        if cell is None:
            return -1
        return min(cell[0], cell[1], self.size - 1 - cell[0], self.size - 1 - cell[1])

    def rounds_played(self, s: ArrowState) -> int:
        return (s.placements + 1) // 2

    # --- Result -------------------------------------------------------------------------
    def outcome(self, s: ArrowState) -> Outcome | None:
        return Outcome(s.winner, s.termination, s.figures) if s.over else None

    def match_over(self, s: ArrowState, outcome: Outcome) -> None:
        """A host or the clock ended the match: nobody is to place any more."""
        s.ended = True

    def stopped_result(self, s: ArrowState) -> Outcome:
        """A host's `end` without a winner: the seed only ends by leaving the board (AX-6), so no winner."""
        return Outcome(None, "pieces-on-board")
