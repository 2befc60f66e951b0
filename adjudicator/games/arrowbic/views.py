"""What Arrowbic Exercise shows: the public view (everything is public), the text board and
the legal moves with a preview of what each would do (AX-2…AX-8, G-6)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from adjudicator.game import Event, Illegal, ItemsView
from adjudicator.games.arrowbic.rules import ARROWS, AX4, AX5, AX6, AX8, ArrowbicRules, ArrowState, Cell
from adjudicator.games.arrowbic.words import GLYPH
from adjudicator.render import Para, Pre, Span, Table


class ArrowbicViews(ArrowbicRules):
    """The views and the listing of legal moves, on the rules core's state and geometry."""

    def public_view(self, s: ArrowState, items: ItemsView | None = None) -> dict[str, Any]:
        """Everything is public. `pieces` and `stones` are the SPEC keys; the rest serves the board.
        `retakes_used` counts the engine's record of items used (G-5); none without it."""
        stones = {self.cell_name(c): {"owner": o, "arrow": a}
                  for c, (o, a) in sorted(s.stones.items(), key=lambda kv: (-kv[0][1], kv[0][0]))}
        last = None
        if s.last_place:
            player, cell, arrow = s.last_place
            last = {"player": player, "cell": self.cell_name(cell), "arrow": arrow}
        over = s.over or s.ended
        used = items.used if items is not None else {}
        return {
            "pieces": {p: (self.cell_name(c) if c is not None else None) for p, c in s.pieces.items()},
            "stones": stones,
            "size": self.size,
            "sides": dict(s.sides),            # in effect: a `first` or pick may have swapped them (G-6)
            "sides_swapped": s.swapped_by,     # "first", "pick" or None: what swapped the header's sides
            "to_move": None if over else s.to_move,
            "barred_arrow": None if over else s.last_arrow[s.to_move],
            "last_arrow": dict(s.last_arrow),
            "last_placement": last,
            "placements": s.placements,
            "next_mover": None if over else self.mover_of(s, s.placements + 1),
            "retakes_used": {p: used.get(p, ()).count("retake") for p in self.player_ids},
        }

    def board_blocks(self, view: dict[str, Any]) -> list[Any]:
        size = view["size"]
        sides = view["sides"]
        names = self.display_names   # players as the thread knows them
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
        legend = "; ".join(f"{initials[p].upper()} = {names[p]}'s piece, {''.join(GLYPH[a] for a in ARROWS)} + "
                           f"{initials[p].lower()} = {names[p]}'s stones ({sides[p]})" for p in players)
        blocks.append(Para(f"{legend}; X = both pieces; * = last placement. Up is toward row {size}."))
        swapped = view.get("sides_swapped")
        if swapped:
            blocks.append(Para(self.swap_line(sides, swapped, names)))
        rows = []
        for p in players:
            cell = view["pieces"][p]
            count = sum(1 for st in view["stones"].values() if st["owner"] == p)
            arrow = view["last_arrow"][p]
            rows.append([sides[p], names[p], cell or "off the board", count,
                         f"{GLYPH[arrow]} {arrow}" if arrow else "-"])
        blocks.append(Table(["side", "player", "piece", "stones", "last arrow"], rows))
        if view["last_placement"]:
            lp = view["last_placement"]
            blocks.append(Para(f"Last placement ({view['placements']}): {names[lp['player']]} "
                               f"{GLYPH[lp['arrow']]} {lp['arrow']} on {lp['cell']}."))
        if view["to_move"]:
            who = view["to_move"]
            barred = view["barred_arrow"]
            rule = (f"may not use {GLYPH[barred]} {barred} (their last arrow)" if barred
                    else "may use any arrow")
            nxt = view["next_mover"]
            blocks.append(Para(f"To place: {names[who]} ({sides[who]}), who {rule}. After this placement "
                               f"(no. {view['placements'] + 1}) {names[nxt]}'s {sides[nxt]} piece moves (AX-5)."))
        return blocks

    def swap_line(self, sides: dict[str, str], swapped: str, names: dict[str, str]) -> str:
        """One sentence for boards after a `first` or pick swapped the header's sides (G-6)."""
        by = "the draw of who starts" if swapped == "pick" else "the header's `first`"
        red = self.params["starting_side"]
        first = next((p for p, side in sides.items() if side == red), self.player_ids[0])
        other = self.opponent(first)
        return (f"Sides swapped by {by} (G-6): {names[first]} starts and plays {sides[first]}, {names[other]} "
                f"plays {sides[other]}; the header lists them the other way round.")

    def legal_moves(self, s: ArrowState, player: str, items: ItemsView | None = None) -> Iterator[tuple[dict[str, Any], tuple[Event, ...]]]:
        """Every legal placement, top row first, then Retake when the rules allow it (the
        engine leaves it out once used, G-5); each with what it would do, as events."""
        if s.over or player != s.to_move:
            return
        k = s.placements + 1
        mover = self.mover_of(s, k)
        piece = s.pieces[mover]
        assert piece is not None   # a piece off the board ended the match (AX-6)
        standing = s.stones[piece][1] if piece in s.stones else None
        fates = {under: self._piece_fate(mover, piece, under) for under in (None, *ARROWS)}
        names = self.board.names
        cell: Cell | None = None
        captured: set[Cell] = set()
        capturing: Event | None = None
        for place, arrow in self._placements(s, player):
            if place != cell:   # what a cell captures does not depend on the arrow (AX-4)
                cell = place
                captured, capturing = self._captured(s, player, cell)
            # After the placement the moving piece follows the stone under it (AX-5): the new
            # one, none if that stone was just captured, else the one it stood on.
            under = arrow if piece == cell else (None if piece in captured else standing)
            yield {"place": names[place], "arrow": arrow}, (capturing, fates[under]) if capturing else (fates[under],)
        if "retake" in self.by_id[player].items:
            try:
                self._check_retake(s, player)
            except Illegal:
                return
            yield {"item": {"use": "retake"}}, (Event("would-retake", {"count": self.params["retake_undoes"]}, AX8),)

    def _captured(self, s: ArrowState, player: str, cell: Cell) -> tuple[set[Cell], Event | None]:
        """The stones a placement on `cell` would capture, and the preview's event for them."""
        captured = {c for _, run in self.captures(s, player, cell) for c in run}
        if not captured:
            return captured, None
        ordered = sorted(captured, key=lambda c: (-c[1], c[0]))
        return captured, Event("would-capture", {"cells": [self.board.names[c] for c in ordered]}, AX4)

    def _piece_fate(self, mover: str, at: Cell, under: str | None) -> Event:
        """What the moving piece on `at` would do following `under` (None: no stone) (AX-5, AX-6)."""
        names = self.board.names
        if under is None:
            return Event("would-stay", {"player": mover, "cell": names[at]}, AX5)
        to = names.get(self.board.next[at][under])
        if to is None:
            return Event("would-leave", {"player": mover}, AX6)
        return Event("would-move", {"player": mover, "to": to}, AX5)
