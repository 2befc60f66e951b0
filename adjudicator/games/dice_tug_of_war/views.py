"""What the players see of dice Tug of War: the public view (everything is public), the
text board with its rope, and the legal moves with what each would do (DT-2…DT-6)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Any

from adjudicator.game import Event, Game, ItemsView
from adjudicator.games.dice_tug_of_war.rules import DT2, DT3, DT4, DT5, DT12, DT56, DiceState, count_matches
from adjudicator.games.dice_tug_of_war.words import dice_text
from adjudicator.render import Para, Pre, Table


class DiceTugOfWarViews(Game[DiceState]):
    """The views, the board and the legal moves."""

    def public_view(self, s: DiceState, items: ItemsView | None = None) -> dict[str, Any]:
        """Everything in this game is public: dice, columns, teams. Once the match is over
        nobody is to act (`actor` null); `rolled_by` names who rolled the dice still shown."""
        over = bool(s.winner) or s.ended
        return {
            "team": dict(s.team),
            "reserve": {p: self.params["pawns"] - n for p, n in s.team.items()},
            "column": {p: sorted(c) for p, c in s.column.items()},
            "sides": {p: self.by_id[p].side for p in self.player_ids},
            "stage": "over" if over else ("setup" if s.in_setup else "play"),
            "actor": None if over else s.actor,
            "rolled": list(s.rolled),
            "rolled_by": s.actor if s.rolled else None,
            "rerolls_left": s.rerolls_left,
            "turns": s.turns,
        }

    def board_blocks(self, view: dict[str, Any]) -> list[Any]:
        names = self.display_names   # players as the thread knows them
        rows = [[view["sides"][p], names[p], view["team"][p], view["reserve"][p],
                 dice_text(view["column"][p]) if view["column"][p] else "-"] for p in self.player_ids]
        blocks: list[Any] = [Table(["side", "player", "team", "reserve", "column"], rows)]
        a, b = self.player_ids
        blocks.append(Pre([self._rope(view["team"][a], view["team"][b], names[a], names[b])]))
        if view["rolled"]:
            blocks.append(Para(self._roll_line(view)))
        return blocks

    def _roll_line(self, view: dict[str, Any]) -> str:
        """The dice on the table: whose roll, and while the match goes on, what is left to do."""
        dice = dice_text(view["rolled"])
        names = self.display_names
        if view["stage"] == "over":
            return f"Last roll, by {names[view['rolled_by']]}: {dice} (the match is over)"
        if view["stage"] == "setup":
            return f"Setup roll of {names[view['actor']]}: {dice}"
        left = view["rerolls_left"]
        return (f"Rolled by {names[view['actor']]}: {dice} (positions 1–{len(view['rolled'])}; "
                f"{left} re-roll{'s' if left != 1 else ''} left)")

    def _rope(self, left: int, right: int, a: str, b: str) -> str:
        """A tug-of-war line: each team's pawns pulling from the middle."""
        pawns = self.params["pawns"]
        return f"{a} {left:>2} {'#' * left:>{pawns}}|{'#' * right:<{pawns}} {right:<2} {b}"

    def legal_moves(self, s: DiceState, player: str, items: ItemsView | None = None) -> Iterator[tuple[dict[str, Any], tuple[Event, ...]]]:
        """Each legal move with what it would do: one `would-…` event (worded by the tables in words.py)."""
        if s.winner or s.stage != "decide" or player != s.actor:
            return
        positions = range(1, len(s.rolled) + 1)
        if s.in_setup:
            yield {"reroll": []}, (Event("would-keep", {"column": sorted(s.rolled),
                                                        "team": min(self.params["pawns"], sum(s.rolled))}, DT12),)
        most = len(s.rolled) if s.in_setup else min(s.rerolls_left, len(s.rolled))
        rule = DT2 if s.in_setup else DT3
        for k in range(1, most + 1):
            for chosen in combinations(positions, k):
                showing = [s.rolled[p - 1] for p in chosen]
                yield {"reroll": list(chosen)}, (Event("would-reroll", {"showing": showing}, rule),)
        if s.in_setup:
            return
        opponent = self.opponent(player)
        hits = min(len(count_matches(s.rolled, s.column[player])), s.team[opponent])
        yield {"attack": True}, (Event("would-attack", {"removes": hits}, DT4),)
        for new in sorted(set(s.rolled)):
            for old in sorted(set(s.column[player])):
                if new == old:
                    continue
                team = max(0, min(self.params["pawns"], s.team[player] + self.params["trade_bonus"] + new - old))
                if team == 0:
                    yield {"trade": {"rolled": new, "column": old}}, (Event("would-empty-own-team", {}, DT56),)
                    continue
                rest, others = list(s.rolled), list(s.column[player])
                rest.remove(new)
                others.remove(old)
                hits = min(len(count_matches(rest, others)), s.team[opponent])
                yield {"trade": {"rolled": new, "column": old}}, (
                    Event("would-trade", {"before": s.team[player], "after": team, "removes": hits}, DT5),)
