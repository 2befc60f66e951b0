"""The two grid modules of Zero's Tug of War: Maze (v1, TW-14) and Path (v2, TW-15).

Both draw their grid for the board (`picture`); the grid, zones, size and shapes are
ruleset parameters. Split from modules.py only to keep files small.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Sequence
from itertools import groupby
from typing import TYPE_CHECKING, Any

from adjudicator.game import Illegal, new_event
from adjudicator.games.tug_of_war.modules import (
    DIRECTIONS,
    Gain,
    Module,
    Play,
    cell_name,
    parse_cell,
)
from adjudicator.render import Inline, Span

if TYPE_CHECKING:   # the game a module belongs to; the rules core imports the modules
    from adjudicator.games.tug_of_war.rules import TugOfWarRules

R14, R15 = ("TW-14",), ("TW-15",)

# --- Maze (TW-14) ------------------------------------------------------------------------


def one_per_card(move: dict[str, Any], cards: list[int], field: str, ruling: str) -> list[Any]:
    """The move's `field` (`directions`, `anchors`), which must give one per card played
    (TW-3 and the module's ruling); refused as `<field>-mismatch` otherwise."""
    given = move.get(field) or []
    if not given or len(given) != len(cards):
        raise Illegal(f"{field}-mismatch", "TW-3", ruling, cards=len(cards), count=len(given))
    return given

# How many grids, shape sets or player pairs a cache of worked-out answers keeps before it
# starts again: `check` of thousands of matches in one process stays at flat memory.
CACHED_KINDS = 64


class Maze(Module):
    name, title, ruling = "maze", "Maze", "TW-14"
    has_points = False
    scoring_reward_kind = False

    # Each tilt met, by grid: (square, direction) → (start, end, whether the row changed, the end
    # zone's side or None). The grid is a ruleset parameter and replay makes a game per match.
    _TILTS: dict[tuple[str, ...], dict[tuple[str, str], tuple[str, str, bool, str | None]]] = {}

    def __init__(self, game: TugOfWarRules, params: dict[str, Any]) -> None:
        super().__init__(game, params)
        self.grid: list[str] = [row.replace(" ", "") for row in params["grid"]]
        self.rows, self.cols = len(self.grid), max((len(r) for r in self.grid), default=0)
        self.zone = {"R": "red", "B": "blue"}
        if len(Maze._TILTS) >= CACHED_KINDS:   # many grids in one batch (matches may set their own)
            Maze._TILTS.clear()
        self._tilts = Maze._TILTS.setdefault(tuple(self.grid), {})

    def at(self, r: int, c: int) -> str:
        if not (0 <= r < self.rows and 0 <= c < len(self.grid[r])):
            return "#"
        return self.grid[r][c]

    def start(self) -> tuple[int, int]:
        for r, row in enumerate(self.grid):
            if "S" in row:
                return r, row.index("S")
        return 0, 0

    def initial(self) -> dict[str, Any]:
        r, c = self.start()
        return {"square": cell_name(r, c)}

    def check_extras(self, move: dict[str, Any], cards: list[int]) -> None:
        one_per_card(move, cards, "directions", "TW-14")

    def slide(self, r: int, c: int, direction: str) -> tuple[int, int]:
        """The square slides to a wall or the edge, stopping on entering an end zone (TW-14)."""
        dr, dc = DIRECTIONS[direction]
        while self.at(r + dr, c + dc) != "#":
            r, c = r + dr, c + dc
            if self.at(r, c) in self.zone:
                break
        return r, c

    def tilt(self, square: str, direction: str) -> tuple[str, str, bool, str | None]:
        """Where a tilt takes the square (TW-14): (the square's cell, where it stops, whether
        its row changed, the side whose end zone it stops in or None), worked out once."""
        try:
            return self._tilts[square, direction]
        except KeyError:
            pass
        cell = parse_cell(square)
        assert cell is not None, square   # the square is always on a cell of the grid
        r, c = cell
        nr, nc = self.slide(r, c, direction)
        out = self._tilts[square, direction] = (cell_name(r, c), cell_name(nr, nc), nr != r,
                                                self.zone.get(self.at(nr, nc)))
        return out

    def card(self, play: Play, s: int) -> None:
        direction = play.move["directions"][play.index]
        start, end, row_changed, zone = self.tilt(play.mod["square"], direction)
        play.mod["square"] = end
        if row_changed:
            play.info["rows"] = play.info.get("rows", 0) + 1
        if zone == self.game.side(play.mover):
            play.won_outright = play.mover
            play.tell("maze-won", R14, player=play.mover, strength=s, direction=direction, start=start, end=end)
        else:   # `their_zone`: the square stopped in the opponent's end zone, which does nothing
            play.tell("maze-tilted", R14, player=play.mover, opponent=play.opponent, strength=s, direction=direction,
                      start=start, end=end, their_zone=zone is not None)

    def usual_reward(self, play: Play) -> list[Gain]:
        rows = play.info.get("rows", 0)
        return [(play.mover, 1, ("maze-rows", rows))] * rows

    def picture(self, mod: dict[str, Any]) -> list[Inline]:
        square = parse_cell(mod["square"])
        assert square is not None, mod["square"]   # the square is always on a cell of the grid
        r0, c0 = square
        head = "   " + " ".join(string.ascii_uppercase[c] for c in range(self.cols))
        lines: list[Inline] = [head]
        for r in range(self.rows):
            cells = []
            for c in range(self.cols):
                ch = self.at(r, c)
                cells.append("@" if (r, c) == (r0, c0) else {"S": ".", "R": "r", "B": "b"}.get(ch, ch))
            lines.append(f"{r + 1:>2} " + " ".join(cells))
        lines.append("@ square, # wall, r red's end zone, b blue's end zone")
        return lines

    def validate(self) -> list[str]:
        out = []
        text = "".join(self.grid)
        if text.count("S") != 1:
            out.append("maze.grid must hold exactly one start cell 'S'.")
        if "R" not in text or "B" not in text:
            out.append("maze.grid must hold both end zones ('R' red, 'B' blue).")
        if set(text) - set("#.SRB"):
            out.append("maze.grid may use only '#', '.', 'S', 'R' and 'B'.")
        if self.cols > 26:
            out.append("maze.grid is at most 26 columns wide.")
        return out


# --- Path (TW-15) ------------------------------------------------------------------------

# What Path works out once per size and shapes: anchors by strength, covered cells and cell
# masks by (strength, anchor), anchor masks by strength, the bitboard.
Worked = tuple[dict[int, list[str]], dict[tuple[int, str], "list[tuple[int, int]] | None"],
               dict[int, "list[tuple[str, int]] | None"], dict[int, "Bitboard"], dict[tuple[int, str], "int | None"]]


class Path(Module):
    name, title, ruling = "path", "Path", "TW-15"

    # What the size and shapes give (anchors, cells, masks, the bitboard), worked out once for
    # every game with the same size and shapes: replay makes a game per match.
    _WORKED: dict[tuple[Any, str], Worked] = {}

    def __init__(self, game: TugOfWarRules, params: dict[str, Any]) -> None:
        super().__init__(game, params)
        key = (params.get("size"), repr(sorted((params.get("shapes") or {}).items())))
        if key not in Path._WORKED:
            if len(Path._WORKED) >= CACHED_KINDS:   # many shapes in one batch (matches may set their own)
                Path._WORKED.clear()
            Path._WORKED[key] = ({}, {}, {}, {}, {})
        self._anchors, self._cells, self._shape_masks, self._bitboards, self._anchor_masks = Path._WORKED[key]
        # The board the last Path turn left, as (tiles, mover, opponent, their bits): the
        # next Path turn of the match starts from it, so need not read the board again.
        self._left: tuple[list[list[Any]], str, str, int, int] | None = None

    @property
    def size(self) -> int:
        size: int = self.p["size"]
        return size

    def initial(self) -> dict[str, Any]:
        return {"tiles": [[None] * self.size for _ in range(self.size)]}

    def shape(self, strength: int) -> list[list[int]]:
        offsets: list[list[int]] = self.p["shapes"][str(strength)]
        return offsets

    def anchors(self, strength: int) -> list[str]:
        """Every anchor where the shape of `strength` lies wholly on the board (TW-15), in
        board order. Shapes and size are ruleset parameters, so each list is worked out once."""
        if strength not in self._anchors:
            every = [cell_name(r, c) for r in range(self.size) for c in range(self.size)]
            self._anchors[strength] = [a for a in every if self.cells(strength, a)]
        return self._anchors[strength]

    def cells(self, strength: int, anchor: str) -> list[tuple[int, int]] | None:
        """The tiles a card covers, or None when the shape would leave the board (TW-15).
        Shapes and size are ruleset parameters, so each answer is worked out once."""
        try:
            return self._cells[strength, anchor]
        except KeyError:
            pass
        out = self._cells[strength, anchor] = self._cells_of(strength, anchor)
        return out

    def _cells_of(self, strength: int, anchor: str) -> list[tuple[int, int]] | None:
        where = parse_cell(anchor)
        if where is None:
            return None
        r, c = where
        out = [(r + dr, c + dc) for dr, dc in self.shape(strength)]
        if all(0 <= y < self.size and 0 <= x < self.size for y, x in out):
            return out
        return None

    def copy(self, mod: dict[str, Any]) -> dict[str, Any]:
        return {**mod, "points": mod["points"].copy(), "tiles": [row[:] for row in mod["tiles"]]}

    def check_extras(self, move: dict[str, Any], cards: list[int]) -> None:
        anchors = one_per_card(move, cards, "anchors", "TW-15")
        for card, anchor in zip(cards, anchors, strict=False):
            if self.cells(card, anchor) is None:
                raise Illegal("shape-off-board", "TW-15", card=card, anchor=anchor.upper(),
                              last=cell_name(self.size - 1, self.size - 1))

    def card(self, play: Play, s: int) -> None:
        anchor = play.move["anchors"][play.index].upper()
        tiles = play.mod["tiles"]
        m, o = play.mover, play.opponent
        info = play.info
        if not play.index:   # the bits of the board the turn starts from, when it is the one last left
            left = self._left
            bits = None
            if left is not None and left[0] == tiles:
                if left[1] == m and left[2] == o:
                    bits = left[3], left[4]
                elif left[1] == o and left[2] == m:
                    bits = left[4], left[3]
            info["bits"] = bits
        bits = info["bits"]
        if bits is not None:
            shape = self.anchor_mask(s, anchor)
            if shape is None:
                info["bits"] = None
            else:   # grey and theirs → mine, mine → theirs
                mine, theirs = bits
                info["bits"] = mine ^ shape, (theirs & ~shape) | (mine & shape)
        grey = won = lost = 0
        covered = self.cells(s, anchor)
        assert covered is not None, anchor   # check_extras refused a shape off the board (TW-15)
        for r, c in covered:
            if tiles[r][c] is None:
                tiles[r][c] = m
                grey += 1
            elif tiles[r][c] == o:
                tiles[r][c] = m
                won += 1
            else:
                tiles[r][c] = o
                lost += 1
        # the tiles turned grey → mover's colour, opponent's → mover's, mover's → opponent's
        play.events.append(new_event(("path-played", {"player": m, "opponent": o, "strength": s, "anchor": anchor,
                                                             "turned": [grey, won, lost]}, R15)))

    def connected(self, tiles: list[list[Any]], player: str) -> bool:
        """An orthogonal path of `player`'s tiles top-to-bottom or left-to-right (TW-15)."""
        n = self.size
        sides: tuple[tuple[list[tuple[int, int]], Callable[[int, int], bool], Iterable[Sequence[Any]]], ...] = (
            ([(0, c) for c in range(n)], lambda r, c: r == n - 1, tiles),
            ([(r, 0) for r in range(n)], lambda r, c: c == n - 1, zip(*tiles, strict=False)))
        for starts, done, lines in sides:
            if not all(player in line for line in lines):   # a path across meets every row (column)
                continue
            seen: set[tuple[int, int]] = set()
            todo = [cell for cell in starts if tiles[cell[0]][cell[1]] == player]
            seen.update(todo)
            while todo:
                r, c = todo.pop()
                if done(r, c):
                    return True
                for dr, dc in DIRECTIONS.values():
                    y, x = r + dr, c + dc
                    if 0 <= y < n and 0 <= x < n and (y, x) not in seen and tiles[y][x] == player:
                        seen.add((y, x))
                        todo.append((y, x))
        return False

    def after_cards(self, play: Play) -> None:
        tiles = play.mod["tiles"]
        bits = self.bitboard()
        # The quick way, on an ordinary board: its bits as the cards left them, or read afresh.
        masks = play.info.get("bits") or bits.masks(tiles, play.mover, play.opponent)
        if masks is not None:
            mine, theirs = masks
            who = play.mover if bits.across(mine) else play.opponent if bits.across(theirs) else None
            if who is None:
                play.info["run_now"] = bits.longest_run(mine)
                self._left = list(map(list.copy, tiles)), play.mover, play.opponent, mine, theirs
                return
            candidates: tuple[str, ...] = (who,)
        else:
            candidates = (play.mover, play.opponent)
        for who in candidates:  # the mover's path first (TW-15)
            if self.connected(tiles, who):
                grey = any(t is None for row in tiles for t in row)
                play.scorer = who
                play.info["grey_left"] = grey
                play.tell("path-scored", R15, player=who, mover=play.mover)
                play.info["run"] = self.longest_run(tiles, play.mover)
                for row in tiles:
                    row[:] = [None] * self.size
                self._left = list(map(list.copy, tiles)), play.mover, play.opponent, 0, 0
                return

    def longest_run(self, tiles: list[list[Any]], player: str) -> int:
        """The longest straight horizontal or vertical line of `player`'s tiles (TW-15)."""
        lines = [*tiles, *zip(*tiles, strict=False)]   # the rows, then the columns
        runs = (len(list(group)) for line in lines for tile, group in groupby(line) if tile == player)
        return max(runs, default=0)

    # --- One card at every anchor, for legal_moves -------------------------------------
    def single_card_outcomes(self, tiles: list[list[Any]], mover: str, opponent: str,
                             strength: int) -> dict[str, tuple[Any, ...]] | None:
        """What one card of `strength` leads to at each of its anchors, as far as the rest of
        the turn can tell (TW-15): ("path", scorer, grey tiles left) when a path across then
        exists (the mover's looked for first), else ("run", the mover's longest run).

        Worked on bitmasks rather than by playing the card at every anchor, which is what
        made listing Path slow; tests compare it with `card`, `after_cards` and
        `longest_run`. None when the board or a shape is out of the ordinary (a tile of
        neither player, a shape covering a cell twice): then the caller plays each anchor.
        """
        bits = self.bitboard()
        masks = bits.masks(tiles, mover, opponent)
        if masks is None:
            return None
        placed = self.shape_masks(strength)
        if placed is None:
            return None
        mine, theirs = masks
        theirs_across = bits.across(theirs)   # what stays so wherever a card misses the mover's tiles
        outcomes: dict[str, tuple[Any, ...]] = {}
        for anchor, shape in placed:
            now_mine = mine ^ shape                          # grey and theirs → mine, mine → theirs
            now_theirs = (theirs & ~shape) | (mine & shape)
            grey_left = (now_mine | now_theirs) != bits.full
            if bits.across(now_mine):
                outcomes[anchor] = ("path", mover, grey_left)
            elif (theirs_across if now_theirs == theirs else bits.across(now_theirs)):
                outcomes[anchor] = ("path", opponent, grey_left)
            else:
                outcomes[anchor] = ("run", bits.longest_run(now_mine))
        return outcomes

    def bitboard(self) -> Bitboard:
        try:
            return self._bitboards[0]
        except KeyError:
            bits = self._bitboards[0] = Bitboard(self.size)
            return bits

    def anchor_mask(self, strength: int, anchor: str) -> int | None:
        """The cells a card of `strength` at `anchor` covers, as a bitmask; None for a shape
        that covers a cell twice (toggled twice, which the masks do not model)."""
        try:
            return self._anchor_masks[strength, anchor]
        except KeyError:
            pass
        placed = self.shape_masks(strength)
        mask = None if placed is None else dict(placed).get(anchor)
        self._anchor_masks[strength, anchor] = mask
        return mask

    def shape_masks(self, strength: int) -> list[tuple[str, int]] | None:
        """Each anchor of `strength` with the cells the card covers there as a bitmask; None
        for a shape that covers a cell twice (toggled twice, which the masks do not model)."""
        if strength not in self._shape_masks:
            shape = [tuple(offset) for offset in self.shape(strength)]
            placed = None
            if len(set(shape)) == len(shape):
                placed = [(anchor, sum(1 << (r * self.size + c) for r, c in self.cells(strength, anchor) or ()))
                          for anchor in self.anchors(strength)]   # every anchor listed fits: never `or ()`
            self._shape_masks[strength] = placed
        return self._shape_masks[strength]

    def usual_reward(self, play: Play) -> list[Gain]:
        run = play.info.get("run_now")   # after_cards found it when no path was made
        if run is None:
            run = self.longest_run(play.mod["tiles"], play.mover)
        return [(play.mover, run, ("path-run", play.mover, run))]

    def scoring_reward(self, play: Play) -> list[Gain]:
        grey = play.info["grey_left"]
        n = self.p["reward_grey_left"] if grey else self.p["reward_no_grey"]
        assert play.scorer is not None   # asked only on a turn that scored (TW-9)
        return [(play.scorer, n, ("path-point", grey))]

    def view(self, mod: dict[str, Any]) -> dict[str, Any]:
        marks = {p: self.game.side(p)[0].upper() for p in self.ids()}
        return {"tiles": ["".join(marks[t] if t else "." for t in row) for row in mod["tiles"]]}

    def picture(self, view: dict[str, Any]) -> list[Inline]:
        """The board from the public view's tiles (R red, B blue, . grey)."""
        lines: list[Inline] = ["   " + " ".join(string.ascii_uppercase[c] for c in range(self.size))]
        colours = {"R": "red", "B": "blue"}
        for r, row in enumerate(view["tiles"]):
            line: list[Any] = [f"{r + 1:>2}"]
            for ch in row:  # coloured where the format can (BBCode), plain letters elsewhere
                line += [" ", Span(ch.lower(), colours[ch]) if ch in colours else ch]
            lines.append(line)
        names = ", ".join(f"{self.game.side(p)[0]} {self.game.side(p)} ({self.game.display_names[p]})" for p in self.ids())
        lines.append(f". grey, {names}")
        return lines

    def validate(self) -> list[str]:
        out = []
        if not 1 <= self.size <= 26:
            out.append("path.size must be 1–26.")
        for s in range(1, self.game.params["max_strength"] + 1):
            shape = self.p["shapes"].get(str(s))
            if not shape:
                out.append(f"path.shapes must give a shape for strength {s}.")
            elif [0, 0] not in [list(x) for x in shape]:
                out.append(f"path.shapes.{s} must include the anchor [0, 0].")
        return out


class Bitboard:
    """A size × size Path board as bitmasks, bit r·size + c per cell: the quick form of
    `Path.connected` and `Path.longest_run` that `single_card_outcomes` works with."""

    def __init__(self, size: int) -> None:
        n = self.size = size
        row = (1 << n) - 1
        column = sum(1 << (r * n) for r in range(n))
        self.full = (1 << (n * n)) - 1
        self.top, self.bottom = row, row << (n * (n - 1))
        self.left, self.right = column, column << (n - 1)
        self.not_left = self.full & ~self.left      # where a step right may land
        self.not_right = self.full & ~self.right    # where a step left may land
        # Each row met, as (the mover's bits, the opponent's bits), by (mover, opponent) and
        # the row's tiles (None for a row that is not ordinary): a board is a few rows met before.
        self._rows: dict[tuple[str, str], dict[tuple[Any, ...], tuple[int, int] | None]] = {}

    def masks(self, tiles: list[list[Any]], mover: str, opponent: str) -> tuple[int, int] | None:
        """The mover's and the opponent's tiles; None for a board of another size or a tile
        that is neither theirs nor grey."""
        n = self.size
        if len(tiles) != n:
            return None
        rows = self._rows.get((mover, opponent))
        if rows is None or len(rows) > 100_000:   # at most 3^size ordinary rows; anything else is rare
            if len(self._rows) >= CACHED_KINDS:   # a batch of many matches: keep memory flat
                self._rows.clear()
            rows = self._rows[mover, opponent] = {}
        mine = theirs = 0
        shift = 0
        for row in tiles:
            key = tuple(row)
            try:
                got = rows[key]
            except KeyError:
                got = rows[key] = self._row_masks(key, mover, opponent)
            if got is None:
                return None
            mine |= got[0] << shift
            theirs |= got[1] << shift
            shift += n
        return mine, theirs

    def _row_masks(self, row: tuple[Any, ...], mover: str, opponent: str) -> tuple[int, int] | None:
        if len(row) != self.size:
            return None
        mine = theirs = 0
        bit = 1
        for tile in row:
            if tile == mover:
                mine |= bit
            elif tile == opponent:
                theirs |= bit
            elif tile is not None:
                return None
            bit <<= 1
        return mine, theirs

    def across(self, mask: int) -> bool:
        """An orthogonal path top-to-bottom or left-to-right (TW-15), as `Path.connected`."""
        if mask.bit_count() < self.size:   # too few tiles to cross the board
            return False
        return self._reaches(mask, self.top, self.bottom) or self._reaches(mask, self.left, self.right)

    def _reaches(self, mask: int, start: int, goal: int) -> bool:
        reach = mask & start
        if not reach or not mask & goal:
            return False
        n = self.size
        while not reach & goal:
            grown = mask & (reach | ((reach << 1) & self.not_left) | ((reach >> 1) & self.not_right)
                            | (reach << n) | (reach >> n))
            if grown == reach:
                return False
            reach = grown
        return True

    def longest_run(self, mask: int) -> int:
        """The longest straight horizontal or vertical line of set cells, as `Path.longest_run`."""
        across = 0
        ends = mask
        while ends:          # each pass keeps the cells that start one longer line
            across += 1
            ends &= (ends >> 1) & self.not_right
        down = 0
        ends = mask
        while ends:
            down += 1
            ends &= ends >> self.size
        return max(across, down)
