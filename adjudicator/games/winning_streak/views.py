"""What Winning Streak shows: the public view (everything is public once a phase resolves),
the board as render blocks, and the legal moves with what each would do (WS-2, WS-4, WS-5)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from adjudicator.game import Event, ItemsView
from adjudicator.games.winning_streak.rules import STATS, StreakState, Troop, WinningStreakRules, snap
from adjudicator.render import Para, Pre, Span, Table


class WinningStreakViews(WinningStreakRules):
    """The views, the board and the legal moves; built on the rules core, whose helpers
    (occupants, streaks, locations won) they read."""

    @staticmethod
    def _troop_view(troop: Troop) -> dict[str, Any]:
        return {"name": troop.name, "attack": troop.attack, "health": troop.health}

    def public_view(self, s: StreakState, items: ItemsView | None = None) -> dict[str, Any]:
        """Everything here is public once a phase resolves; sealed submissions never reach the state."""
        locations = {}
        for x in self.locations:
            troops = {}
            for p in self.player_ids:
                troop = self.occupant(s, p, x)
                troops[p] = self._troop_view(troop) if troop else None
            locations[x] = {"points": dict(s.points[x]), "winner": s.winner[x], "troops": troops}
        phase = "over" if s.ended else s.stage
        return {
            "phase": phase,
            "turn": s.turn if phase == "placement" else None,
            "placement_turns": self.placement_turns,
            "round": s.round if phase == "relocation" else None,
            "fights": s.fights,
            "locations": locations,
            "streak": self.streaks(s),
            "won": self.won(s),
            "alive": {p: self.living(s, p) for p in self.player_ids},
            "reserve": {p: [self._troop_view(t) for t in s.troops[p].values() if t.alive and t.at is None]
                        for p in self.player_ids},
            "dead": {p: [t.name for t in s.troops[p].values() if not t.alive] for p in self.player_ids},
            "sides": {p: self.by_id[p].side for p in self.player_ids},
            "advantage": {"holder": self.holder, "left": s.advantage_left},
            "changes_allowed": self.change_limit,
            "points_to_win": self.target,
        }

    @staticmethod
    def _stats(view: dict[str, Any] | None) -> str:
        if not view:
            return "-"
        current = f"{view['attack']}/{view['health']}"
        return view["name"] if current == view["name"] else f"{view['name']} now {current}"

    @staticmethod
    def _phone_row(row: list[Any], first: str, second: str) -> tuple[str, str]:
        """A location as one line on a phone: `Sally: 4/4 now 4/1 · pts 2–0 ·
        Maddie: 5/3`, each side's troop only where there is one, the winner where there is one."""
        where, mine, my_points, their_points, theirs, winner = row
        parts = [f"{first}: {mine}"] if mine != "-" else []
        parts.append(f"pts {my_points}–{their_points}")
        parts += [f"{second}: {theirs}"] if theirs != "-" else []
        parts += [f"won by {winner}"] if winner != "-" else []
        return where, " · ".join(parts)

    def board_blocks(self, view: dict[str, Any]) -> list[Any]:
        a, b = self.player_ids
        sides = view["sides"]
        names = self.display_names   # players as the thread knows them
        if view["phase"] == "placement":
            phase = f"Placement turn {view['turn']} of {view['placement_turns']}: each side places one troop"
        elif view["phase"] == "relocation":
            phase = (f"Relocation round {view['round']} (after fight {view['fights']}): change at most "
                     f"{view['changes_allowed']} locations")
        else:
            phase = f"Over after {view['fights']} fight{'s' if view['fights'] != 1 else ''}"
        blocks: list[Any] = [Para(phase)]
        rows = []
        for x, spot in view["locations"].items():
            rows.append([x, self._stats(spot["troops"][a]), spot["points"][a], spot["points"][b],
                         self._stats(spot["troops"][b]), names.get(spot["winner"]) or "-"])
        blocks.append(Table(["loc", f"{names[a]} ({sides[a]})", "pts", "pts", f"{names[b]} ({sides[b]})", "won by"], rows,
                            phone=[self._phone_row(row, names[a], names[b]) for row in rows]))
        letters: list[Any] = []
        marks: list[Any] = []
        for x, spot in view["locations"].items():
            letters.append(f"{x:<3}")
            owner = spot["winner"]
            marks.append(Span(f"{sides[owner][0].upper():<3}", colour=sides[owner]) if owner else "·  ")
        blocks.append(Pre([["line "] + letters, ["won  "] + marks]))
        blocks.append(Para("Streaks: " + ", ".join(f"{names[p]} {view['streak'][p]}" for p in (a, b)) +
                           " · locations won: " + ", ".join(f"{names[p]} {view['won'][p]}" for p in (a, b)) +
                           " · living troops: " + ", ".join(f"{names[p]} {view['alive'][p]}" for p in (a, b))))
        for p in (a, b):
            reserve = ", ".join(self._stats(t) for t in view["reserve"][p]) or "none"
            dead = ", ".join(view["dead"][p]) or "none"
            blocks.append(Para(f"{names[p]} ({sides[p]}) reserve ({len(view['reserve'][p])}): {reserve}; "
                               f"dead ({len(view['dead'][p])}): {dead}"))
        holder = view["advantage"]["holder"]
        if holder:
            state = "unused" if view["advantage"]["left"] > 0 else "used"
            blocks.append(Para(f"Advantage: {names[holder]} (+{self.params['advantage_amount']} attack or health once, "
                               f"{state}; wins a full tie)"))
        return blocks

    @classmethod
    def listed_in_full(cls, move: dict[str, Any]) -> bool:
        """Every placement is listed; relocations only as a sample (there are too many)."""
        return move.get("phase") == "placement"

    def legal_moves(self, s: StreakState, player: str, items: ItemsView | None = None) -> Iterator[tuple[dict[str, Any], tuple[Event, ...]]]:
        """Placements: every unplaced troop at every open location. Relocations are too many to
        list: no change, every single-location change (field, withdraw, replace), every move and
        swap of two troops, and the Advantage buffs, each saying how many changes remain."""
        if s.result is not None:
            return
        opponent = self.opponent(player)
        if s.stage == "placement":
            free = [x for x in self.locations if not s.winner[x] and self.occupant(s, player, x) is None]
            unplaced = [t for t in s.troops[player].values()
                        if t.alive and t.at is None and t.name not in s.placed_order[player]]
            for x in free:
                facing = self.occupant(s, opponent, x)
                against = snap(facing) if facing else None
                for troop in unplaced:
                    yield ({"phase": "placement", "turn": s.turn, "troop": troop.name, "location": x},
                           (Event("would-place", {"troop": troop.name, "location": x, "opponent": opponent,
                                                  "facing": against}),))
            return
        limit = self.change_limit
        base = {"phase": "relocation", "round": s.round}
        yield {**base, "set": {}}, (Event("would-keep", {}),)
        open_ = [x for x in self.locations if not s.winner[x]]
        mine = self.field_of(s, player)
        reserve = [t for t in s.troops[player].values() if t.alive and t.at is None]
        if limit >= 1:
            for x in open_:
                here = mine.get(x)
                for troop in reserve:
                    yield {**base, "set": {x: troop.name}}, \
                        (Event("would-field", {"troop": snap(troop), "location": x, "replaces": here, "changes": 1}),)
                if here:
                    yield {**base, "set": {x: None}}, \
                        (Event("would-withdraw", {"troop": here, "location": x, "changes": 1}),)
        if limit >= 2:
            order = self.line_position
            for x, name in mine.items():
                for y in open_:
                    if y == x:
                        continue
                    if y in mine:
                        if order[y] > order[x]:
                            yield {**base, "set": {x: mine[y], y: name}}, \
                                (Event("would-swap", {"locations": (x, y), "changes": 2}),)
                    else:
                        yield {**base, "set": {y: name}}, \
                            (Event("would-move", {"troop": name, "from": x, "to": y, "changes": 2}),)
        if self.holder == player and s.advantage_left > 0:
            amount = self.params["advantage_amount"]
            for troop in s.troops[player].values():
                if troop.alive:
                    for stat in STATS:
                        yield ({**base, "set": {}, "buff": {"troop": troop.name, "stat": stat}},
                               (Event("would-buff", {"troop": troop.name, "stat": stat, "amount": amount}),))

