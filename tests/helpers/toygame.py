"""A toy game used only by the engine tests: sealed bids with a hidden secret.

Each player first gets a secret number (a chance entry, hidden: only its owner sees it).
Then each round both players bid 0–5 in a sealed phase; the higher bid scores a point,
plus one if the bid equals the bidder's secret. The `double` item doubles a bid. The
`boost` item is a side move declared before a round's bids: it adds to the player's bids
and stays private for two phases. First to 3.
It exists to prove the engine's simultaneous phases, items and views with no real rules.
The unit tests build it directly (no search path, nothing registered); how a contributor's
game plugs in is proven by tests/plugins/ and tests/test_registry.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adjudicator.game import ChanceDue, Event, Game, Illegal, ItemsView, Nature, Outcome, Phase, SideMove
from adjudicator.errors import NotationError
from adjudicator.render import Para
from adjudicator.rulesets import Ruleset

HERE = Path(__file__).resolve().parent


@dataclass
class BidState:
    secret: dict[str, int] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=dict)
    round: int = 1
    boost: dict[str, int] = field(default_factory=dict)
    history: list[dict[str, Any]] = field(default_factory=list)


class SealedBid(Game):
    name = "sealed-bid"
    nature = Nature(turns=False, sealed_phases=True, chance=True, hidden=True)
    chance_rulings = ("TOY-3",)
    words = {
        "boosted": lambda g, f: f"{f['player']} boosts by {f['by']}",
        "secrets-dealt": lambda g, f: "secret numbers dealt",
        "bids": lambda g, f: "bids: " + ", ".join(f"{p} {n}" for p, n in f["bids"].items()),
    }
    refusals = {"bid-range": lambda g, f: f"a bid is 0–{f['max']}"}
    endings = {
        "target": lambda g, f: f"{f['player']} reached {f['points']} points",
        "equal-points": lambda g, f: "equal points",
        "more-points": lambda g, f: "more points",
    }
    dues = {
        "secrets": lambda g, f: "secret numbers",
        "round": lambda g, f: f"round {f['round']}",
    }

    def initial_state(self) -> BidState:
        return BidState(points={p: 0 for p in self.player_ids})

    def pending(self, s: BidState):
        if not s.secret:
            return ChanceDue("secrets", dice=2, faces=self.params["max_bid"])
        if max(s.points.values()) >= self.params["target"]:
            return None
        return Phase(f"round-{s.round}", self.player_ids, "round", fields={"round": s.round})

    def side_move(self, s: BidState, player: str, move: dict[str, Any]):
        return SideMove(reveal_after_phases=2, rulings=("TOY-2",)) if "boost" in move else None

    def apply_move(self, s: BidState, player: str, move: dict[str, Any]) -> list[Event]:
        s.boost[player] = move["boost"]  # only side moves are applied at once in this game
        return [Event("boosted", {"player": player, "by": move["boost"]}, ("TOY-2",))]

    def check_move(self, s: BidState, player: str, move: dict[str, Any]) -> None:
        if "boost" in move:
            return
        if not 0 <= move["bid"] <= self.params["max_bid"]:
            raise Illegal("bid-range", "TOY-1", max=self.params["max_bid"])

    def apply_chance(self, s: BidState, due: ChanceDue, chance: dict[str, Any]) -> list[Event]:
        s.secret = dict(zip(self.player_ids, chance["dice"]))
        return [Event("secrets-dealt", {})]

    def resolve_phase(self, s: BidState, phase: Phase, subs: dict[str, Any]) -> list[Event]:
        bids = {}
        for p, move in subs.items():
            bid = (0 if move is None else move["bid"]) + s.boost.get(p, 0)
            if move and move.get("item", {}).get("use") == "double":
                bid *= 2
            bids[p] = bid
        a, b = self.player_ids
        events = [Event("bids", {"bids": dict(bids)})]
        if bids[a] != bids[b]:
            winner = a if bids[a] > bids[b] else b
            s.points[winner] += 1 + (subs[winner] is not None and subs[winner]["bid"] == s.secret[winner])
        s.history.append(bids)
        s.round += 1
        return events

    def outcome(self, s: BidState):
        for p, n in s.points.items():
            if n >= self.params["target"]:
                return Outcome(p, "target", {"player": p, "points": n})
        return None

    def stopped_result(self, s: BidState) -> Outcome:
        a, b = self.player_ids
        if s.points[a] == s.points[b]:
            return Outcome(None, "equal-points")
        return Outcome(max(s.points, key=s.points.get), "more-points")

    def public_view(self, s: BidState, items: ItemsView | None = None) -> dict[str, Any]:
        return {"points": dict(s.points), "round": s.round, "history": list(s.history)}

    def private_view(self, s: BidState, player: str, items: ItemsView | None = None) -> dict[str, Any]:
        return {"secret": s.secret.get(player), "boost": s.boost.get(player, 0)}

    def board_blocks(self, view: dict[str, Any]) -> list[Any]:
        return [Para(f"round {view['round']}: " + ", ".join(f"{p} {n}" for p, n in view["points"].items()))]

    def parse_move(self, text: str) -> dict[str, Any]:
        words = text.split()
        if len(words) >= 2 and words[0] == "bid" and words[1].isdigit():
            move: dict[str, Any] = {"bid": int(words[1])}
            if words[2:] == ["double"]:
                move["item"] = {"use": "double"}
            return move
        raise NotationError(f"'{text}' is not a bid")

    def format_move(self, move: dict[str, Any]) -> str:
        if "boost" in move:
            return f"boost {move['boost']}"
        return f"bid {move['bid']}" + (" double" if "item" in move else "")

    def legal_moves(self, s: BidState, player: str, items: ItemsView | None = None):
        if "boost" in self.by_id[player].items:
            yield {"boost": 1, "item": {"use": "boost"}}, (Event("boosted", {"player": player, "by": 1}),)
        for bid in range(self.params["max_bid"] + 1):
            yield {"bid": bid}, ()


def toy_ruleset() -> Ruleset:
    data = {"id": "sealed-bid", "game": "sealed-bid", "summary": "toy", "sides": ["north", "south"],
            "params": {"max_bid": 5, "target": 3, "time_control": {"on_expiry": "skip"}},
            "items": {"double": {"name": "Double", "uses": 1}, "boost": {"name": "Boost", "uses": 1}}}
    return Ruleset("sealed-bid", data, "0" * 64, HERE / "toygame.py", ["sealed-bid"])
