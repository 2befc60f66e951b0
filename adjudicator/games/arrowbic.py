"""Arrowbic Exercise, by RedsToad and Zero (seed 003; rulings AX-1…AX-9).

Two pieces stand on a 9×9 board. Players take turns placing arrow stones (AX-2); a stone
may not close a loop of arrows (AX-3) and captures straight and diagonal runs of enemy
stones that it closes with one of its owner's stones (AX-4). After each placement one
piece, in the snake order B, R, R, B, B, R, R, B … (AX-5), follows the arrow under it; a
piece that leaves the board loses the match for its owner (AX-6). A player without a legal
placement passes automatically (AX-7). Retake undoes the last two placements (AX-8).

State is plain data mutated in place. Cells are (column, row) pairs counted from 0, so
A1 is (0, 0) and up is +1 row (AX-1). Each placement (or pass) leaves a small undo record
in `history`, which is all Retake needs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Iterator

from adjudicator.engine import Event, Game, Illegal, Outcome, Pending, Turn, ItemsView, said, illegal_said, Nature
from adjudicator.errors import NotationError
from adjudicator.render import Para, Pre, Span, Table

Cell = tuple[int, int]

ARROWS = ("up", "right", "down", "left")
STEP = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}
GLYPH = {"up": "↑", "right": "→", "down": "↓", "left": "←"}
# AX-4: the eight directions a capture can run in.
EIGHT = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
COMPASS = {(0, 1): "up", (1, 1): "up-right", (1, 0): "right", (1, -1): "down-right", (0, -1): "down",
           (-1, -1): "down-left", (-1, 0): "left", (-1, 1): "up-left"}

# Typed arrow words and symbols (parse_move); the canonical word is the JSON value.
ARROW_WORDS = {"up": "up", "u": "up", "^": "up", "↑": "up",
               "down": "down", "d": "down", "v": "down", "↓": "down",
               "left": "left", "l": "left", "<": "left", "←": "left",
               "right": "right", "r": "right", ">": "right", "→": "right"}
NOTATION_HELP = ("Write a placement as CELL ARROW, e.g. 'E5 up', 'E5 ^', 'e5 u' or 'place E5 up' "
                 "(arrows: up/down/left/right, u/d/l/r, ^ v < >, ↑ ↓ ← →), or 'retake' to use Retake.")


@dataclass
class ArrowState:
    """Plain data, mutated in place by replay."""

    pieces: dict[str, Cell | None]                # None once a piece has left the board (AX-6)
    stones: dict[Cell, tuple[str, str]]           # cell -> (owner, arrow)
    last_arrow: dict[str, str | None]             # AX-2: the arrow each player placed last
    to_move: str
    placements: int = 0                           # k of AX-5; passes count too (AX-7)
    last_place: tuple[str, Cell, str] | None = None   # (player, cell, arrow) of the latest stone
    history: list[dict[str, Any]] = field(default_factory=list)   # undo records (AX-8), one per placement or pass
    retakes: dict[str, int] = field(default_factory=dict)
    winner: str | None = None
    reason: str = ""
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


class Arrowbic(Game):
    name = "arrowbic"
    nature = Nature(turns=True)
    who_starts = "red always starts (AX-1); choose who plays red with --player"
    notation = "CELL ARROW (E5 up, E5 ^, e5 u, place E5 up; arrows ^ v < > or ↑ ↓ ← →) | retake"
    notation_examples = ("E5 up", "E5 ^", "place C3 left", "retake")

    # --- Parameters ---------------------------------------------------------------------
    @property
    def size(self) -> int:
        return self.params["size"]

    def cell_name(self, cell: Cell) -> str:
        return f"{chr(ord('A') + cell[0])}{cell[1] + 1}"

    @cached_property
    def cell_names(self) -> dict[Cell, str]:
        """Every board cell's name, made once: listing moves names each cell many times."""
        return {(col, row): self.cell_name((col, row)) for col in range(self.size) for row in range(self.size)}

    def parse_cell(self, name: str) -> Cell | None:
        """(column, row) of a name like 'E5', or None when it is not on the board (AX-1)."""
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

    def check_header(self) -> list[str]:
        # AX-1: "the header's first says which player is red". Players carry their side
        # already, so a `first` that names the other side's player contradicts the header.
        first = self.header.get("first")
        side = self.params["starting_side"]
        starter = self.by_side.get(side)
        if first is not None and starter is not None and first != starter:
            return [f"field first: '{first}' plays {self.by_id[first].side}, but {side} starts (AX-1): first must "
                    f"name {starter}, or swap the sides so that the player who goes first is {side}."]
        return []

    # --- Set-up -------------------------------------------------------------------------
    def initial_state(self) -> ArrowState:
        start = self.params["start"]
        pieces = {pid: self.parse_cell(start[self.by_id[pid].side]) for pid in self.player_ids}
        return ArrowState(pieces=pieces, stones={}, last_arrow={p: None for p in self.player_ids},
                          to_move=self.by_side[self.params["starting_side"]],
                          retakes={p: 0 for p in self.player_ids})

    def pending(self, s: ArrowState) -> Pending:
        if s.over:
            return None
        barred = s.last_arrow[s.to_move]
        return Turn((s.to_move,), f"place a stone (not {barred})" if barred else "place a stone")

    def mover_of(self, k: int) -> str:
        """The player whose piece moves after the k-th placement (AX-5: B, R, R, B, …)."""
        order = self.params["movement_order"]
        return self.by_side[order[(k - 1) % len(order)]]

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

    def captures(self, s: ArrowState, player: str, cell: Cell) -> list[tuple[tuple[int, int], list[Cell]]]:
        """Runs of enemy stones closed by one of `player`'s stones, per direction (AX-4).

        Pieces neither block nor get captured: only stones are looked at. The runs start
        beside `cell`, so this works before or after the new stone is put there.
        """
        found = []
        for d in EIGHT:
            run = []
            at = (cell[0] + d[0], cell[1] + d[1])
            while at in s.stones and s.stones[at][0] != player:
                run.append(at)
                at = (at[0] + d[0], at[1] + d[1])
            if run and at in s.stones and s.stones[at][0] == player:
                found.append((d, run))
        return found

    def placement_problem(self, s: ArrowState, player: str, cell: Cell, arrow: str) -> Illegal | None:
        """Why `player` may not place `arrow` on `cell`, or None (AX-2, AX-3)."""
        name = self.cell_name(cell)
        if cell in s.stones:
            owner, there = s.stones[cell]
            return illegal_said("occupied", f"{name} already holds {owner}'s {GLYPH[there]} {there} stone; a stone goes "
                           "on a cell without one", "AX-2")
        if arrow == s.last_arrow[player]:
            return illegal_said("same-arrow", f"{player} placed {GLYPH[arrow]} {arrow} last time and may not use the same "
                           "arrow twice in a row", "AX-2")
        loop = self.loop_through(s, cell, arrow)
        if loop:
            cells = " → ".join(self.cell_name(c) for c in loop)
            return illegal_said("closed-loop", f"{GLYPH[arrow]} {arrow} on {name} would close a loop of "
                           f"{len(loop) - 1} stones: {cells} (a loop is checked before captures)", "AX-3")
        return None

    def has_placement(self, s: ArrowState, player: str) -> bool:
        """Whether `player` has any legal placement (AX-7)."""
        return any(True for _ in self._placements(s, player))

    def _placements(self, s: ArrowState, player: str) -> Iterator[tuple[Cell, str]]:
        """Every legal (cell, arrow), top row first: what `placement_problem` allows, tested
        directly (AX-2, AX-3) rather than by building a refusal for each arrow it rules out."""
        barred = s.last_arrow[player]
        chains = Chains(s.stones)
        for row in range(self.size - 1, -1, -1):
            for col in range(self.size):
                cell = (col, row)
                if cell in s.stones:
                    continue
                for arrow in ARROWS:
                    if arrow != barred and not chains.closes_loop(cell, arrow):
                        yield cell, arrow

    # --- Moves --------------------------------------------------------------------------
    def check_move(self, s: ArrowState, player: str, move: dict[str, Any]) -> None:
        if "item" in move:
            self._check_retake(s, player)
            return
        cell = self.parse_cell(move["place"])
        if cell is None:
            raise illegal_said("off-board", f"{move['place']} is not on the board: columns run A–"
                          f"{chr(ord('A') + self.size - 1)}, rows 1–{self.size}", "AX-1")
        problem = self.placement_problem(s, player, cell, move["arrow"])
        if problem:
            raise problem

    def _check_retake(self, s: ArrowState, player: str) -> None:
        """AX-8: the holder's turn (the engine checks the turn and G-5), two placements to undo."""
        count = self.params["retake_undoes"]
        if len(s.history) < count:
            done = len(s.history)
            raise illegal_said("retake-too-early", f"Retake undoes the last {count} placements, and only {done} "
                          f"{'has' if done == 1 else 'have'} been made", "AX-8")
        own = s.history[-count]
        if own["player"] == player and own["pass"]:
            raise illegal_said("retake-after-pass", f"{player}'s last turn was a pass (no legal placement): "
                          "Retake would give back a turn with nothing to place", "AX-8", "AX-7")

    def apply_move(self, s: ArrowState, player: str, move: dict[str, Any]) -> list[Event]:
        if "item" in move:
            return self._retake(s, player)
        cell = self.parse_cell(move["place"])
        events = self._place(s, player, cell, move["arrow"])
        if not s.over:
            events += self._next_turn(s, self.opponent(player))
        return events

    def _place(self, s: ArrowState, player: str, cell: Cell, arrow: str) -> list[Event]:
        k = s.placements + 1
        name = self.cell_name(cell)
        record: dict[str, Any] = {"player": player, "pass": False, "cell": cell, "captured": [],
                                  "last_arrow": s.last_arrow[player], "last_place": s.last_place, "moved": None}
        s.stones[cell] = (player, arrow)
        s.last_arrow[player] = arrow
        s.last_place = (player, cell, arrow)
        s.placements = k
        events = [said(f"placement {k}: {self.label(player)} places {GLYPH[arrow]} {arrow} on {name}", ("AX-2",))]
        for direction, run in self.captures(s, player, cell):
            closer = (run[-1][0] + direction[0], run[-1][1] + direction[1])
            for at in run:
                record["captured"].append((at, s.stones.pop(at)))
            cells = ", ".join(self.cell_name(c) for c in run)
            events.append(said(f"captures {cells} ({COMPASS[direction]} of {name}, closed by {player}'s stone on "
                                f"{self.cell_name(closer)})", ("AX-4",)))
        s.history.append(record)
        events += self._movement(s, k, record)
        return events

    def _pass(self, s: ArrowState, player: str) -> list[Event]:
        """AX-7: no legal placement; the pass counts as placement k and the movement follows."""
        k = s.placements + 1
        record: dict[str, Any] = {"player": player, "pass": True, "cell": None, "captured": [],
                                  "last_arrow": s.last_arrow[player], "last_place": s.last_place, "moved": None}
        s.placements = k
        s.history.append(record)
        events = [said(f"placement {k}: {self.label(player)} has no legal placement and passes; the pass counts "
                        "as a placement for the movement order", ("AX-7",))]
        return events + self._movement(s, k, record)

    def _movement(self, s: ArrowState, k: int, record: dict[str, Any]) -> list[Event]:
        """After placement k one piece follows the stone under it (AX-5); off the board loses (AX-6)."""
        mover = self.mover_of(k)
        order = "".join(side[0].upper() for side in self.params["movement_order"])
        why = f"after placement {k} {mover}'s {self.by_id[mover].side} piece moves ({order}… order)"
        at = s.pieces[mover]
        stone = s.stones.get(at)
        if stone is None:
            return [said(f"{why}: it stands on {self.cell_name(at)} without a stone and stays", ("AX-5",))]
        owner, arrow = stone
        dx, dy = STEP[arrow]
        to = (at[0] + dx, at[1] + dy)
        record["moved"] = (mover, at)
        if not self.on_board(to):
            s.pieces[mover] = None
            winner = self.opponent(mover)
            s.over, s.winner = True, winner
            s.reason = f"{mover}'s piece left the board from {self.cell_name(at)} going {arrow}"
            return [said(f"{why}: it follows {owner}'s {GLYPH[arrow]} on {self.cell_name(at)} {arrow}, off the "
                          "board", ("AX-5",)),
                    said(f"{mover}'s piece has left the board: {mover} loses, {winner} wins", ("AX-6",))]
        s.pieces[mover] = to
        return [said(f"{why}: it follows {owner}'s {GLYPH[arrow]} on {self.cell_name(at)} to {self.cell_name(to)}",
                      ("AX-5",))]

    def _next_turn(self, s: ArrowState, player: str) -> list[Event]:
        """Hand the turn over; a player with no legal placement passes at once (AX-7)."""
        events: list[Event] = []
        s.to_move = player
        while not s.over and not self.has_placement(s, s.to_move):
            other = self.opponent(s.to_move)
            if not self.has_placement(s, other) and all(
                    s.pieces[p] not in s.stones for p in self.player_ids):
                # Neither player can place and neither piece stands on a stone: nothing can
                # ever change again. The rules do not say; the adjudicator ends it drawn.
                s.over, s.winner = True, None
                s.reason = "no player can place a stone and no piece can move (a draw: the rules are silent)"
                events.append(said("neither player has a legal placement and neither piece stands on a stone: "
                                    "nothing can change, so the match ends drawn (adjudicator's reading)", ("AX-7",)))
                break
            events += self._pass(s, s.to_move)
            s.to_move = other
        return events

    def _retake(self, s: ArrowState, player: str) -> list[Event]:
        """AX-8: undo the last placements and their movements; the holder places again."""
        undone = []
        for _ in range(self.params["retake_undoes"]):
            record = s.history.pop()
            k = s.placements
            if record["moved"] is not None:
                mover, origin = record["moved"]
                s.pieces[mover] = origin
            if record["pass"]:
                undone.append(f"placement {k} ({record['player']} passed)")
            else:
                cell = record["cell"]
                owner, arrow = s.stones.pop(cell)
                for at, stone in record["captured"]:
                    s.stones[at] = stone
                back = f", {len(record['captured'])} captured stone{'s' if len(record['captured']) != 1 else ''} " \
                       f"back" if record["captured"] else ""
                undone.append(f"placement {k} ({owner} {GLYPH[arrow]} on {self.cell_name(cell)}{back})")
            s.last_arrow[record["player"]] = record["last_arrow"]
            s.last_place = record["last_place"]
            s.placements -= 1
            s.to_move = record["player"]
        s.retakes[player] += 1
        barred = s.last_arrow[player]
        rule = f"may not use {GLYPH[barred]} {barred}, as the first time" if barred else "may use any arrow"
        return [said(f"{self.label(player)} uses Retake: undoes {' and '.join(undone)} with their movements; "
                      f"{player} places again and {rule}", ("AX-8",))]

    # --- Self-play ----------------------------------------------------------------------
    def bot_score(self, s: ArrowState, player: str) -> float:
        """Room to the edge: own piece's distance to it less the opponent's (AX-6 pushes off)."""
        return self._room(s.pieces[player]) - self._room(s.pieces[self.opponent(player)])

    def _room(self, cell: Cell | None) -> int:
        if cell is None:
            return -1
        return min(cell[0], cell[1], self.size - 1 - cell[0], self.size - 1 - cell[1])

    def ending(self, s: ArrowState, outcome: Outcome) -> str:
        if any(cell is None for cell in s.pieces.values()):
            return "a piece left the board (AX-6)"
        return super().ending(s, outcome)

    def rounds_played(self, s: ArrowState) -> int:
        return (s.placements + 1) // 2

    # --- Result -------------------------------------------------------------------------
    def outcome(self, s: ArrowState) -> Outcome | None:
        return Outcome(s.winner, s.reason) if s.over else None

    def match_over(self, s: ArrowState, outcome: Outcome) -> None:
        """A host or the clock ended the match: nobody is to place any more."""
        s.ended = True

    def stopped_result(self, s: ArrowState) -> Outcome:
        """A host's `end` without a winner: the seed only ends by leaving the board (AX-6), so no winner."""
        return Outcome(None, "both pieces are still on the board (AX-6): no winner")

    # --- Views --------------------------------------------------------------------------
    def public_view(self, s: ArrowState, items: ItemsView | None = None) -> dict[str, Any]:
        """Everything is public. `pieces` and `stones` are the SPEC keys; the rest serves the board."""
        stones = {self.cell_name(c): {"owner": o, "arrow": a}
                  for c, (o, a) in sorted(s.stones.items(), key=lambda kv: (-kv[0][1], kv[0][0]))}
        last = None
        if s.last_place:
            player, cell, arrow = s.last_place
            last = {"player": player, "cell": self.cell_name(cell), "arrow": arrow}
        over = s.over or s.ended
        return {
            "pieces": {p: (self.cell_name(c) if c is not None else None) for p, c in s.pieces.items()},
            "stones": stones,
            "size": self.size,
            "sides": {p: self.by_id[p].side for p in self.player_ids},
            "to_move": None if over else s.to_move,
            "barred_arrow": None if over else s.last_arrow[s.to_move],
            "last_arrow": dict(s.last_arrow),
            "last_placement": last,
            "placements": s.placements,
            "next_mover": None if over else self.mover_of(s.placements + 1),
            "retakes_used": dict(s.retakes),
        }

    def board_blocks(self, view: dict[str, Any]) -> list[Any]:
        size = view["size"]
        sides = view["sides"]
        at_cell: dict[str, list[str]] = {}
        for player, cell in view["pieces"].items():
            if cell is not None:
                at_cell.setdefault(cell, []).append(player)
        last = (view["last_placement"] or {}).get("cell")
        letters = [chr(ord("A") + c) for c in range(size)]
        header = "    " + "".join(f" {L}  " for L in letters)
        lines: list[Any] = [header]
        for row in range(size, 0, -1):
            line: list[Any] = [f"{row:>2}  "]
            for L in letters:
                name = f"{L}{row}"
                here = at_cell.get(name, [])
                if len(here) == 2:
                    line.append(Span("X", bold=True))
                elif here:
                    line.append(Span(sides[here[0]][0].upper(), colour=sides[here[0]], bold=True))
                else:
                    line.append(" ")
                stone = view["stones"].get(name)
                if stone:
                    owner_side = sides[stone["owner"]]
                    line.append(Span(GLYPH[stone["arrow"]] + owner_side[0].lower(), colour=owner_side))
                else:
                    line.append(". ")
                line.append("*" if name == last else " ")
            line.append(f" {row}")
            lines.append(line)
        lines.append(header)
        blocks: list[Any] = [Pre(lines)]
        players = list(sides)
        initials = {p: sides[p][0] for p in players}
        legend = "; ".join(f"{initials[p].upper()} = {p}'s piece, {''.join(GLYPH[a] for a in ARROWS)} + "
                           f"{initials[p].lower()} = {p}'s stones ({sides[p]})" for p in players)
        blocks.append(Para(f"{legend}; X = both pieces; * = last placement. Up is toward row {size}."))
        rows = []
        for p in players:
            cell = view["pieces"][p]
            count = sum(1 for st in view["stones"].values() if st["owner"] == p)
            arrow = view["last_arrow"][p]
            rows.append([sides[p], p, cell or "off the board", count,
                         f"{GLYPH[arrow]} {arrow}" if arrow else "-"])
        blocks.append(Table(["side", "player", "piece", "stones", "last arrow"], rows))
        if view["last_placement"]:
            lp = view["last_placement"]
            blocks.append(Para(f"Last placement ({view['placements']}): {lp['player']} "
                               f"{GLYPH[lp['arrow']]} {lp['arrow']} on {lp['cell']}."))
        if view["to_move"]:
            who = view["to_move"]
            barred = view["barred_arrow"]
            rule = (f"may not use {GLYPH[barred]} {barred} (their last arrow)" if barred
                    else "may use any arrow")
            nxt = view["next_mover"]
            blocks.append(Para(f"To place: {who} ({sides[who]}), who {rule}. After this placement "
                               f"(no. {view['placements'] + 1}) {nxt}'s {sides[nxt]} piece moves (AX-5)."))
        return blocks

    # --- Notation -----------------------------------------------------------------------
    _PLACE = re.compile(r"^(?:place\s+|p\s+)?([a-z])\s*(\d{1,2})\s*[,:]?\s*(\S+)$")

    def parse_move(self, text: str) -> dict[str, Any]:
        joined = " ".join(text.strip().lower().split())
        if joined in ("retake", "use retake", "item retake", "call retake"):
            return {"item": {"use": "retake"}}
        match = self._PLACE.match(joined)
        if match and match.group(3) in ARROW_WORDS:
            return {"place": f"{match.group(1).upper()}{int(match.group(2))}", "arrow": ARROW_WORDS[match.group(3)]}
        raise NotationError(f"'{text}' is not an Arrowbic Exercise move. {NOTATION_HELP}")

    def format_move(self, move: dict[str, Any]) -> str:
        if "item" in move:
            return move["item"]["use"]
        return f"{move['place']} {move['arrow']}"

    def legal_moves(self, s: ArrowState, player: str) -> Iterator[tuple[dict[str, Any], str]]:
        if s.over or player != s.to_move:
            return
        k = s.placements + 1
        mover = self.mover_of(k)
        piece = s.pieces[mover]
        standing = s.stones[piece][1] if piece in s.stones else None
        fates = {under: self._piece_fate(mover, piece, under) for under in (None, *ARROWS)}
        names = self.cell_names
        cell = captured = captures_text = None
        for place, arrow in self._placements(s, player):
            if place != cell:   # what a cell captures does not depend on the arrow (AX-4)
                cell = place
                captured, captures_text = self._captured(s, player, cell)
            # After the placement the moving piece follows the stone under it (AX-5): the new
            # one, none if that stone was just captured, else the one it stood on.
            under = arrow if piece == cell else (None if piece in captured else standing)
            yield {"place": names[cell], "arrow": arrow}, captures_text + fates[under]
        held = self.by_id[player].items.count("retake")
        uses = self.ruleset.items.get("retake", {}).get("uses", 1)
        left = held * uses - s.retakes[player] if uses else 1
        if held and left > 0:
            try:
                self._check_retake(s, player)
            except Illegal:
                return
            count = self.params["retake_undoes"]
            yield {"item": {"use": "retake"}}, f"undo the last {count} placements and place again"

    def _captured(self, s: ArrowState, player: str, cell: Cell) -> tuple[set[Cell], str]:
        """The stones a placement on `cell` would capture, and the preview's words for them."""
        captured = {c for _, run in self.captures(s, player, cell) for c in run}
        if not captured:
            return captured, ""
        ordered = sorted(captured, key=lambda c: (-c[1], c[0]))
        return captured, "captures " + ", ".join(self.cell_names[c] for c in ordered) + "; "

    def _piece_fate(self, mover: str, at: Cell, under: str | None) -> str:
        """The preview's words for the moving piece on `at` following `under` (None: no stone)."""
        if under is None:
            return f"{mover}'s piece stays on {self.cell_name(at)}"
        to = (at[0] + STEP[under][0], at[1] + STEP[under][1])
        return (f"{mover}'s piece → {self.cell_name(to)}" if self.on_board(to)
                else f"{mover}'s piece leaves the board: {mover} loses")


GAME = Arrowbic
