"""Track Trouble views and legal moves.

Public output is built here and only here: a Hidden Value shows as "?" and its points stay
off the public totals until the round ends (TT-7); the holder sees them in the private view.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from adjudicator.game import Event, ItemsView
from adjudicator.games.track_trouble import layouts as lay
from adjudicator.games.track_trouble import notation as tt_notation
from adjudicator.games.track_trouble.rules import TrackTroubleRules
from adjudicator.games.track_trouble.state import HIDDEN, TTState
from adjudicator.games.track_trouble.words import shown_actions
from adjudicator.render import Para, Pre, Table


class TrackTroubleViews(TrackTroubleRules):
    """Views and move listing; a Game[TTState] through the rules core, whose helpers
    (`_active_miners`, `_options`, `_leads_to`) they read."""

    # --- Views --------------------------------------------------------------------------
    def public_view(self, s: TTState, items: ItemsView | None = None) -> dict[str, Any]:
        """Everything public: no Hidden Value before its round ends, no withheld points (TT-7)."""
        hidden = s.hidden if not s.finished else {}
        withheld = s.withheld if not s.finished else {p: 0 for p in self.player_ids}

        def value(dest: str) -> Any:
            return HIDDEN if dest in hidden else s.values[dest]

        tracks = {}
        for name, track in s.layout["tracks"].items():
            dest = self._leads_to(s, name)
            tracks[name] = {"carts": s.carts[name], "carts_at_start": track["carts"],
                            "route": lay.route_text(track["route"]), "leads_to": dest, "value": value(dest)}
        miners = {}
        for player in self.player_ids:
            places = {}
            for miner in self._active_miners(s, player):
                if miner in s.crossed[player]:
                    places[str(miner)] = s.crossed[player][miner][0]
                elif s.crossing == 1 and miner in s.benched[player] and not s.finished:
                    places[str(miner)] = "benched"
                else:
                    places[str(miner)] = "south"
            miners[player] = places
        view: dict[str, Any] = {
            "round": s.round,
            "crossing": s.crossing,
            "rounds": self.rounds,
            "tiebreak": s.round > self.rounds,
            "points": {p: s.points[p] - withheld[p] for p in self.player_ids},
            "points_withheld_miners": {p: (s.withheld_miners[p] if not s.finished else 0) for p in self.player_ids},
            "sides": {p: self.by_id[p].side for p in self.player_ids},
            "destinations": {d: value(d) for d in s.values},
            "switches": {n: {"side": sw["side"], "state": s.switch_state[n], "states": sw["states"]}
                         for n, sw in s.layout["switches"].items()},
            "tracks": tracks,
            "train": {"runs": s.train, "gone": s.train_gone, "points": self.params["train_points"]},
            "miners": miners,
            "benched": {p: list(s.benched[p]) if s.crossing == 1 else [] for p in self.player_ids},
            "extra_miner": dict(s.extra),
            "items_used": {p: self._public_items_used(s, p, items) for p in self.player_ids},
            "last_crossing": self._last_crossing(s),
            "over": s.finished,
        }
        return view

    def _public_items_used(self, s: TTState, player: str, items: ItemsView | None) -> list[str]:
        """Items used so far (the engine's count, G-5), leaving out a Hidden Value still in play
        (its entry is private, TT-7); none when the view is made without the engine's count."""
        used = list(items.used[player]) if items is not None else []
        if not s.finished and "hidden-value" in used and any(info["player"] == player for info in s.hidden.values()):
            used.remove("hidden-value")
        return used

    def _last_crossing(self, s: TTState) -> dict[str, Any] | None:
        """The last crossing's report: each player's actions and what happened, in words (TT-5)."""
        if s.last is None:
            return None
        from adjudicator.wording import text

        actions, results = {}, []
        for event in s.last["events"]:
            if event.kind == "actions":
                actions[event.fields["player"]] = shown_actions(event.fields)
            else:
                results.append(text(self, event))
        return {"round": s.last["round"], "crossing": s.last["crossing"], "actions": actions, "results": results}

    def private_view(self, s: TTState, player: str, items: ItemsView | None = None) -> dict[str, Any]:
        """The holder of a Hidden Value sees it, and the totals with the points scored at it
        (TT-7). Only at their own: points at the opponent's Hidden Value stay `?`, as on the
        public board, since they would give the opponent's value away."""
        mine = {d: info["value"] for d, info in s.hidden.items() if info["player"] == player}
        if not mine or s.finished:
            return {}
        return {"hidden_value": ", ".join(f"{d} = {v} this round" for d, v in mine.items()),
                "points_with_hidden": ", ".join(self._total_known_to(s, p, set(mine)) for p in self.player_ids)}

    def _total_known_to(self, s: TTState, player: str, known: set[str]) -> str:
        """`sally 5 + ? (1 miner at a hidden value)`: `player`'s total as someone who knows the
        values of the hidden destinations `known` can count it."""
        total, unknown = s.points[player] - s.withheld[player], 0
        for to, _ in s.crossed[player].values():
            if to in known:
                total += s.values[to]
            elif to in s.hidden:
                unknown += 1
        if not unknown:
            return f"{player} {total}"
        return f"{player} {total} + ? ({unknown} miner{'s' if unknown > 1 else ''} at a hidden value)"

    def board_blocks(self, view: dict[str, Any]) -> list[Any]:
        a, b = self.player_ids
        names = self.display_names   # players as the thread knows them
        where = f"round {view['round']} of {view['rounds']}" if not view["tiebreak"] else \
            f"tie-break round {view['round']}"
        state = "match over" if view["over"] else f"crossing {view['crossing']}"
        points = []
        for p in (a, b):
            text = f"{names[p]} ({view['sides'][p]}) {view['points'][p]}"
            if view["points_withheld_miners"][p]:
                text += f" + ? ({view['points_withheld_miners'][p]} at a hidden value)"
            points.append(text)
        blocks: list[Any] = [Para(f"Track Trouble! {where}, {state}. Points: {'; '.join(points)}")]
        blocks.append(Table(["track", "minecarts left", "route", "leads to now", "points"],
                            [[n, f"{t['carts']} of {t['carts_at_start']}", t["route"], t["leads_to"], t["value"]]
                             for n, t in view["tracks"].items()]))
        if view["switches"]:
            blocks.append(Table(["switch", "side", "state"],
                                [[n, sw["side"], f"{sw['state']} (of 0–{sw['states'] - 1})"]
                                 for n, sw in view["switches"].items()]))
        blocks.append(Para("Destinations: " + ", ".join(f"{d} {v}" for d, v in view["destinations"].items())))
        train = view["train"]
        if not train["runs"]:
            blocks.append(Para("Train: none this round"))
        elif train["gone"]:
            blocks.append(Para("Train: gone for this round"))
        else:
            blocks.append(Para(f"Train: waiting ({train['points']} point a rider; leaves in crossing 1 only if "
                               f"all riders are one player's, always in the last crossing)"))
        numbers = sorted({int(m) for p in (a, b) for m in view["miners"][p]})
        blocks.append(Table(["miner"] + [str(n) for n in numbers],
                            [[names[p]] + [view["miners"][p].get(str(n), "-") for n in numbers] for p in (a, b)]))
        last = view["last_crossing"]
        if last:
            blocks.append(Para(f"Round {last['round']}, crossing {last['crossing']}, actions: "
                               + "; ".join(f"{names[p]}: {text}" for p, text in last["actions"].items())))
            blocks.append(Pre([f"- {line}" for line in last["results"]]))
        return blocks

    def legal_moves(self, s: TTState, player: str, items: ItemsView | None = None) -> Iterator[tuple[dict[str, Any], tuple[Event, ...]]]:
        """Each miner's options one by one, item uses, the empty submission, then a bounded
        sample of whole submissions (the full product is far too large to list). Item uses are
        listed for every item held; the engine leaves out those already used (G-5)."""
        if s.finished or player not in self.player_ids:
            return
        head = {"round": s.round, "crossing": s.crossing}
        yield {**head, "actions": []}, (Event("preview-nothing", {}),)
        held = self.by_id[player].items
        for miner in self._active_miners(s, player):
            for action in self._options(s, player, miner):
                yield {**head, "actions": [action]}, (self._preview(s, action),)
        if s.crossing == 1 and "extra-miner" in held and not s.extra[player]:
            extra = self.miners + 1
            yield {**head, "actions": [], "items": [{"use": "extra-miner"}]}, \
                (Event("preview-extra", {"miner": extra}),)
            for action in self._options(s, player, extra):
                yield ({**head, "actions": [action], "items": [{"use": "extra-miner"}]},
                       (self._preview(s, action, extra=True),))
        remote_ok = self._remote_left(player, items)
        if remote_ok:
            for name in s.layout["switches"]:
                yield {**head, "actions": [], "items": [{"use": "remote-switch", "switch": name}]}, \
                    (Event("preview-remote", {"switch": name}),)
        if s.crossing == 1 and "hidden-value" in held:
            low, high = self.params["hidden_values"]
            for dest in s.values:
                if dest in s.hidden:
                    continue
                for value in range(low, high + 1):
                    yield ({"round": s.round, "items": [{"use": "hidden-value", "destination": dest, "value": value}]},
                           (Event("preview-hidden", {"destination": dest, "value": value}),))
        # Seeded from public facts only: a seed that saw Hidden Value points would list other
        # moves for another hidden value, and so give it away (TT-7).
        public_points = sum(s.points[p] - s.withheld[p] for p in self.player_ids)
        rnd = random.Random(f"{s.round}-{s.crossing}-{player}-{public_points}")
        miners = self._active_miners(s, player)
        options = {m: self._options(s, player, m) for m in miners}
        seen = set()
        for _ in range(24):
            chosen = []
            for miner in miners:
                if options[miner] and rnd.random() < 0.8:
                    chosen.append(rnd.choice(options[miner]))
            move: dict[str, Any] = {**head, "actions": chosen}
            if remote_ok and s.layout["switches"] and rnd.random() < 0.2:
                move["items"] = [{"use": "remote-switch", "switch": rnd.choice(list(s.layout["switches"]))}]
            key = tt_notation.format_move(move)
            if key in seen or len(chosen) < 2:
                continue
            seen.add(key)
            counts: dict[str, int] = {}
            for action in chosen:
                if "board" in action:
                    counts[action["board"]] = counts.get(action["board"], 0) + 1
            over = [t for t, n in counts.items() if n > s.carts[t]]
            yield move, (Event("preview-whole", {"miners": len(chosen), "over": over}),)

    @classmethod
    def listed_in_full(cls, move: dict[str, Any]) -> bool:
        """`legal_moves` lists each miner's single actions, the items alone, Extra Miner with its
        own miner's action (miner 8 with the ruleset's 7 miners) and every Hidden Value; whole
        submissions only as a sample."""
        actions, items = move.get("actions") or [], move.get("items") or []
        uses = [i.get("use") for i in items if isinstance(i, dict)]
        if "crossing" not in move:
            return True                       # Hidden Value: every destination and value listed
        if not items:
            return len(actions) <= 1
        if uses == ["extra-miner"]:
            return not actions or (len(actions) == 1 and isinstance(actions[0], dict)
                                   and actions[0].get("miner") == 8)
        return uses == ["remote-switch"] and not actions

    def _remote_left(self, player: str, items: ItemsView | None) -> bool:
        """Whether `player` still has a Remote Switch, by the engine's count (G-5): the sample
        of whole submissions draws one only then. Without the count, one is held if listed."""
        if items is None:
            return "remote-switch" in self.by_id[player].items
        return items.left[player]["remote-switch"] > 0

    def _preview(self, s: TTState, action: dict[str, Any], extra: bool = False) -> Event:
        miner = action["miner"]
        fields: dict[str, Any] = {"miner": miner, "extra": extra}
        if "board" in action:
            dest = self._leads_to(s, action["board"])
            fields.update(track=action["board"], left=s.carts[action["board"]], destination=dest,
                          value=self._public_value(s, dest))
            return Event("preview-board", fields)
        if "switch" in action:
            sw = s.layout["switches"][action["switch"]]
            fields.update(switch=action["switch"], side=sw["side"], state=s.switch_state[action["switch"]])
            return Event("preview-switch", fields)
        fields["points"] = self.params["train_points"]
        return Event("preview-train", fields)
