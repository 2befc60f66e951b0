"""Track Trouble! mechanics: crossings as sealed phases, resolved by TT-4.

Each round has a layout (TT-1) and two crossings; each crossing is a sealed phase in which
both players give their miners' actions (TT-3). Resolution (TT-4): switches advance, then
tracks send their boarders, then the train. Points are credited at departure (TT-5). After
round 9 the higher total wins, ties add rounds (TT-6). Items: Hidden Value Crossing is a side
move before a round's submissions; Extra Miner and Remote Switch ride in a submission (TT-7).

Hidden Value: the changed destination shows as "?" publicly until the round ends. Points
earned there are credited at departure (TT-5) but withheld from the public totals until the
round ends, since the totals would otherwise give the value away (our reading of TT-5/TT-7).

The core writes no text: it reports `Event`s, refuses with `Illegal` codes and ends with an
`Outcome` code, each with plain data; `words.py` words them when they are shown. Items held
and used are the engine's (G-5).
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from adjudicator.game import Event, Game, Illegal, Outcome, Pending, Phase, Player, SideMove, new_event
from adjudicator.games.track_trouble import layouts as lay
from adjudicator.games.track_trouble.state import HIDDEN, TTState

# (action, target) → player → miners: who boards each track, activates each switch, boards
# the train in one crossing; see `TrackTrouble._targets`.
Targets = dict[tuple[str, Any], dict[str, list[int]]]


# Round starts per parameter set, shared by every match of a ruleset: (params, round → start).
# Keyed by id(params) and holding params, so an id is never reused while its entry lives; a
# handful of parameter sets is the usual, so the cache is simply emptied when it grows.
# The rulings of the rules core's events, made once.
_TT_2_5, _TT_2_5_7, _TT_3_5 = ("TT-2", "TT-5"), ("TT-2", "TT-5", "TT-7"), ("TT-3", "TT-5")
_TT_4, _TT_4_5, _TT_5, _TT_5_7 = ("TT-4",), ("TT-4", "TT-5"), ("TT-5",), ("TT-5", "TT-7")
_TT_6, _TT_7 = ("TT-6",), ("TT-7",)

# TT-9: the Hidden Value's own time is `params.time_control.kind_seconds` under this name.
HIDDEN_VALUE_TIME = "hidden-value"

_STARTS: dict[int, tuple[dict[str, Any], dict[int, tuple[Any, ...]]]] = {}


def _round_starts(params: dict[str, Any]) -> dict[int, tuple[Any, ...]]:
    held = _STARTS.get(id(params))
    if held is None or held[0] is not params:
        if len(_STARTS) >= 32:
            _STARTS.clear()
        held = _STARTS[id(params)] = (params, {})
    return held[1]


class TrackTroubleRules(Game[TTState]):
    """The rules core: layouts, set-up, crossings and their resolution, items, the outcome (TT-1…TT-9)."""

    def __init__(self, ruleset: Any, players: list[Player], header: dict[str, Any] | None = None) -> None:
        super().__init__(ruleset, players, header)
        self._phases: dict[tuple[int, int], Phase] = {}   # (round, crossing) → its phase, see `pending`
        self._side: SideMove | None = None                  # Hidden Value's, made once (see `side_move`)
        self._starts = _round_starts(self.params)           # round → how it starts, see `_start_round`

    # --- Parameters ---------------------------------------------------------------------
    # Read once per match (cached): replay asks for them on every entry. Cached lazily, not
    # in __init__, so that validate_params still sees bad params first.
    @cached_property
    def miners(self) -> int:
        miners: int = self.params["miners"]
        return miners

    @cached_property
    def rounds(self) -> int:
        rounds: int = self.params["rounds"]
        return rounds

    @cached_property
    def crossings(self) -> int:
        crossings: int = self.params["crossings"]
        return crossings

    def validate_params(self) -> list[str]:
        p = self.params
        problems: list[str] = []
        for key in ("miners", "rounds", "crossings", "train_points"):
            value = p.get(key)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                problems.append(f"{key} must be a whole number of at least 1, not {value!r}.")
        for key, floor in (("destination_points", 1), ("hidden_values", 1)):
            pair = p.get(key)
            if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(v, int) for v in pair)
                    and floor <= pair[0] <= pair[1]):
                problems.append(f"{key} must be [lowest, highest], whole numbers from {floor} up, not {pair!r}.")
        train_rounds = p.get("train_rounds")
        if not isinstance(train_rounds, list) or not all(isinstance(r, int) and r >= 1 for r in train_rounds):
            problems.append(f"train_rounds must be a list of round numbers, not {train_rounds!r}.")
        if problems:
            return problems
        rounds = p["rounds"]
        points = tuple(p["destination_points"])
        layouts, tiebreaks = p.get("layouts"), p.get("tiebreak_layouts")
        if not isinstance(layouts, list) or len(layouts) != rounds:
            count = len(layouts) if isinstance(layouts, list) else "no list of"
            problems.append(f"layouts must give one layout per round: {rounds} (TT-1), not {count}.")
            layouts = layouts if isinstance(layouts, list) else []
        if not isinstance(tiebreaks, list) or not tiebreaks:
            problems.append("tiebreak_layouts must give at least one layout for tie-break rounds (TT-1, TT-6).")
            tiebreaks = tiebreaks if isinstance(tiebreaks, list) else []
        for kind, group in (("layouts", layouts), ("tiebreak_layouts", tiebreaks)):
            for index, layout in enumerate(group):
                problems += lay.check_layout(layout, lay.round_label(kind, index, rounds), points)
        return problems

    def layout_for(self, number: int) -> dict[str, Any]:
        """Round `number`'s layout: one of the nine, then the tie-break layouts cycled (TT-1, TT-6)."""
        if number <= self.rounds:
            layouts: list[dict[str, Any]] = self.params["layouts"]
            return layouts[number - 1]
        tiebreaks: list[dict[str, Any]] = self.params["tiebreak_layouts"]
        return tiebreaks[(number - self.rounds - 1) % len(tiebreaks)]

    def train_runs(self, number: int, layout: dict[str, Any]) -> bool:
        """TT-4 (parameter): the ruleset's train rounds, unless the layout says otherwise."""
        if "train" in layout:
            return bool(layout["train"])
        return number in self.params["train_rounds"]

    def _layout(self, number: int) -> dict[str, Any]:
        """Round `number`'s layout as the state holds it, with `switches` always present (TT-1).

        The ruleset's own layout, not a copy: nothing ever changes a layout (switch states and
        minecarts left live in the state), and copying one at every round start was most of
        the cost of starting a round. Treat `TTState.layout` as read-only.
        """
        layout = self.layout_for(number)
        return layout if "switches" in layout else {**layout, "switches": {}}

    # --- Set-up -------------------------------------------------------------------------
    def initial_state(self) -> TTState:
        s = TTState(round=1, crossing=1, points={p: 0 for p in self.player_ids},
                    benched={p: [] for p in self.player_ids})
        self._start_round(s, 1)
        return s

    def _start_round(self, s: TTState, number: int) -> None:
        """A new layout: switches at their start, every minecart back, all miners south (TT-2, TT-4)."""
        start = self._starts.get(number)
        if start is None:
            start = self._starts[number] = self._round_start(number)
        layout, values, switch_state, carts, train = start
        s.round, s.crossing, s.layout = number, 1, layout
        s.values = values.copy()
        s.hidden = {}
        s.switch_state = switch_state.copy()
        s.carts = carts.copy()
        s.train, s.train_gone = train, False
        a, b = self.player_ids
        s.crossed = {a: {}, b: {}}
        s.extra = {a: False, b: False}
        s.withheld = {a: 0, b: 0}
        s.withheld_miners = {a: 0, b: 0}

    def _round_start(self, number: int) -> tuple[dict[str, Any], dict[str, int], dict[str, int], dict[str, int], bool]:
        """Round `number` as it starts (layout, destination values, switch states, minecarts, train),
        made once per parameter set and copied at each round start: the layouts never change."""
        layout = self._layout(number)
        return (layout, dict(layout["destinations"]),
                {name: sw.get("start", 0) for name, sw in layout["switches"].items()},
                {name: track["carts"] for name, track in layout["tracks"].items()},
                self.train_runs(number, layout))

    def pending(self, s: TTState) -> Pending:
        """The crossing's sealed phase (TT-3). The engine asks several times per entry; a Phase
        is frozen, so one per crossing is made and handed out again."""
        if s.finished:
            return None
        key = (s.round, s.crossing)
        phase = self._phases.get(key)
        if phase is None:
            phase = self._phases[key] = Phase(f"r{s.round}-c{s.crossing}", self.player_ids, "crossing",
                                              fields={"round": s.round, "crossing": s.crossing})
        return phase

    # --- Helpers ------------------------------------------------------------------------
    def _public_value(self, s: TTState, destination: str) -> Any:
        return HIDDEN if destination in s.hidden else s.values[destination]

    def _leads_to(self, s: TTState, track: str) -> str:
        return lay.follow(s.layout["tracks"][track]["route"], s.switch_state)

    def _active_miners(self, s: TTState, player: str, declaring_extra: bool = False) -> list[int]:
        count = self.miners + (1 if s.extra.get(player) or declaring_extra else 0)
        return list(range(1, count + 1))

    def _options(self, s: TTState, player: str, miner: int) -> list[dict[str, Any]]:
        """Every action miner `miner` may take now (TT-3), nothing aside."""
        if s.crossing == 1 and miner in s.benched.get(player, []):
            return []
        switches = s.layout["switches"]
        if miner in s.crossed[player]:
            return [{"miner": miner, "switch": n} for n, sw in switches.items() if sw["side"] == "north"]
        out: list[dict[str, Any]] = [{"miner": miner, "board": t} for t, left in s.carts.items() if left > 0]
        out += [{"miner": miner, "switch": n} for n, sw in switches.items() if sw["side"] == "south"]
        if s.train and not s.train_gone:
            out.append({"miner": miner, "train": True})
        return out


    # --- Moves --------------------------------------------------------------------------
    def side_move(self, s: TTState, player: str, move: dict[str, Any]) -> SideMove | None:
        """Hidden Value Crossing acts at once and stays private until the round ends (TT-7).
        It has its own time, `time_control.kind_seconds.hidden-value` (180 s), from the start
        of crossing 1 (TT-9): the engine flags a later one `late`, changing nothing."""
        if "crossing" in move or "actions" in move:
            return None
        if self._side is None:
            self._side = SideMove(reveal_after_phases=self.crossings, before_submissions=True, rulings=("TT-7",),
                                  kind=HIDDEN_VALUE_TIME, time_rulings=("TT-9",))
        return self._side

    def check_move(self, s: TTState, player: str, move: dict[str, Any]) -> None:
        if move.get("round") != s.round:
            raise Illegal("wrong-round", "G-2", given=move.get("round"), round=s.round, crossing=s.crossing)
        if "crossing" not in move and "actions" not in move:
            self._check_hidden(s, player, move)
            return
        if move.get("crossing") != s.crossing:
            raise Illegal("wrong-crossing", "G-2", given=move.get("crossing"), round=s.round, crossing=s.crossing)
        items = move.get("items")
        declaring_extra = False
        if items:
            uses = [item.get("use") for item in items]
            declaring_extra = "extra-miner" in uses
            for item in items:
                use = item.get("use")
                if use == "hidden-value":
                    raise Illegal("hidden-value-alone", "TT-7")
                if use == "extra-miner":
                    if s.crossing != 1:
                        raise Illegal("extra-miner-crossing", "TT-7", crossing=s.crossing)
                    if s.extra[player]:
                        raise Illegal("extra-miner-crossing", "TT-7", again=True)
                if use == "remote-switch" and item.get("switch") not in s.layout["switches"]:
                    raise Illegal("unknown-switch", "TT-7", "TT-1", remote=True, switch=item.get("switch"),
                                  round=s.round, switches=list(s.layout["switches"]))
            if uses.count("extra-miner") > 1 or uses.count("remote-switch") > 1:
                raise Illegal("item-repeated", "G-5")
        actions = move.get("actions")
        if not actions:
            return
        count = self.miners + (1 if declaring_extra or s.extra[player] else 0)
        active = range(1, count + 1)   # `in` compares as a list would: 1.0 is miner 1, as it always was
        seen: set[int] = set()
        benched = s.benched[player] if s.crossing == 1 else ()
        crossed = s.crossed[player]
        switches = s.layout["switches"]
        carts = s.carts
        for action in actions:      # one pass, no call per action: replay checks every submission
            miner = action.get("miner")
            if miner not in active:
                if miner == self.miners + 1:
                    raise Illegal("no-extra-miner", "TT-7", "TT-2", miner=miner)
                raise Illegal("no-such-miner", "TT-2", player=player, miner=miner, last=count)
            if miner in seen:
                raise Illegal("duplicate-miner", "TT-3", miner=miner)
            seen.add(miner)
            if miner in benched:
                raise Illegal("miner-benched", "TT-2", miner=miner, round=s.round, player=player,
                              benched=list(benched))
            if "switch" in action:
                name = action["switch"]
                switch = switches.get(name)
                if switch is None:
                    raise Illegal("unknown-switch", "TT-1", switch=name, round=s.round, switches=list(switches))
                side = "north" if miner in crossed else "south"
                if switch["side"] != side:
                    raise Illegal("switch-out-of-reach", "TT-3", miner=miner, switch=name, side=side,
                                  switch_side=switch["side"])
                continue
            if miner in crossed:
                to, crossing = crossed[miner]
                raise Illegal("already-crossed", "TT-3", miner=miner, crossing=crossing, to=to)
            if "board" in action:
                track = action["board"]
                left = carts.get(track)
                if left is None:
                    raise Illegal("unknown-track", "TT-1", track=track, round=s.round, tracks=list(carts))
                if left == 0:
                    raise Illegal("no-minecarts", "TT-4", track=track)
            elif action.get("train"):
                if not s.train:
                    raise Illegal("no-train", "TT-4", round=s.round, train_rounds=list(self.params["train_rounds"]))
                if s.train_gone:
                    raise Illegal("train-gone", "TT-4")

    def _check_hidden(self, s: TTState, player: str, move: dict[str, Any]) -> None:
        item = (move.get("items") or [{}])[0]
        if s.crossing != 1:
            raise Illegal("hidden-value-late", "TT-7", round=s.round, crossing=s.crossing)
        destination, value = item.get("destination"), item.get("value")
        if destination not in s.values:
            raise Illegal("unknown-destination", "TT-7", "TT-1", destination=destination, round=s.round,
                          destinations=list(s.values))
        low, high = self.params["hidden_values"]
        if not isinstance(value, int) or not low <= value <= high:
            raise Illegal("hidden-value-range", "TT-7", low=low, high=high, value=value)
        if destination in s.hidden:
            raise Illegal("destination-hidden", "TT-7", destination=destination)

    def apply_move(self, s: TTState, player: str, move: dict[str, Any]) -> list[Event]:
        """Only Hidden Value Crossing applies at once (a side move); crossings resolve in phases."""
        item = move["items"][0]
        destination, value = item["destination"], item["value"]
        before = s.values[destination]
        s.values[destination] = value
        s.hidden[destination] = {"player": player, "value": value, "was": before}
        return [Event("hidden-value", {"player": player, "destination": destination, "value": value, "was": before},
                      ("TT-7",))]

    # --- Resolution (TT-4) --------------------------------------------------------------
    # Replay resolves a crossing at every second entry, so this is one lean pass: no call per
    # action, switch or track (the usual steps are written out here), events made as plain
    # tuples (`_event`) with shared rulings.
    def resolve_phase(self, s: TTState, phase: Phase, submissions: dict[str, dict[str, Any] | None]) -> list[Event]:
        """TT-4: switches advance, then tracks send their boarders, then the train; TT-5 credits."""
        events: list[Event] = []
        append = events.append
        # Who boards each track, activates each switch, boards the train: target → player →
        # miners, players in order and miners in the order given (one pass over the actions).
        boards: Targets = {}
        switched: Targets = {}
        riders: dict[str, list[int]] = {}
        remote: dict[str, str] = {}
        for player in self.player_ids:
            move = submissions.get(player)
            if move is None:
                append(new_event(("actions", {"player": player, "submitted": False, "actions": [], "items": []},
                                      _TT_3_5)))
                continue
            mine = move.get("actions") or []
            items = move.get("items") or []
            if items:
                for item in items:
                    use = item["use"]
                    if use == "extra-miner":
                        s.extra[player] = True
                        append(new_event(("extra-miner", {"player": player, "miner": self.miners + 1,
                                                              "round": s.round}, _TT_7)))
                    elif use == "remote-switch":
                        remote[player] = item["switch"]
            append(new_event(("actions", {"player": player, "submitted": True, "actions": mine, "items": items},
                                  _TT_3_5)))
            for action in mine:
                if "board" in action:
                    target = action["board"]
                    by = boards.get(target)
                    if by is None:
                        boards[target] = {player: [action["miner"]]}
                        continue
                elif "switch" in action:
                    target = action["switch"]
                    by = switched.get(target)
                    if by is None:
                        switched[target] = {player: [action["miner"]]}
                        continue
                elif "train" in action and action["train"] == True:   # noqa: E712 (1 rides as True did)
                    by = riders
                else:
                    continue
                miners = by.get(player)
                if miners is None:
                    by[player] = [action["miner"]]
                else:
                    miners.append(action["miner"])
        layout = s.layout
        state = s.switch_state
        crossing = s.crossing
        # TT-4 (1): one state per activation, both players' miners and Remote Switch, cyclically.
        if remote:
            self._advance_switches(s, switched, remote, events)
        elif switched:
            for name, switch in layout["switches"].items():
                activations = switched.get(name)
                if activations is None:
                    continue
                count = 0
                for mine in activations.values():
                    count += len(mine)
                before = state[name]
                states = switch["states"]
                after = state[name] = (before + count) % states
                append(new_event(("switch", {"switch": name, "miners": activations, "remote": [], "count": count,
                                                 "before": before, "after": after, "states": states}, _TT_4)))
        # TT-4 (2): a track sends all its boarders unless they outnumber its minecarts; tracks
        # in the layout's order. TT-5: points at departure, see `_credit`.
        if boards:
            carts, values, hidden, crossed = s.carts, s.values, s.hidden, s.crossed
            for track, info in layout["tracks"].items():
                boarders = boards.get(track)     # player → miners, players in order, only those aboard
                if boarders is None:
                    continue
                total = 0
                for miners in boarders.values():
                    total += len(miners)
                left = carts[track]
                if total > left:
                    append(new_event(("overfilled", {"track": track, "boarders": boarders, "total": total,
                                                         "carts": left}, _TT_4)))
                    continue
                destination = info["route"]
                while isinstance(destination, dict):     # lay.follow, written out
                    destination = destination["to"][state[destination["switch"]]]
                carts[track] = left - total
                if destination in hidden or destination == "train":
                    shown = HIDDEN if destination in hidden else values[destination]
                    for player, miners in boarders.items():
                        self._credit(s, player, miners, destination)
                else:                                    # `_credit`, written out: the usual case
                    shown = value = values[destination]
                    how = (destination, crossing)
                    points = s.points
                    for player, miners in boarders.items():
                        gone = crossed[player]
                        for miner in miners:
                            gone[miner] = how
                        points[player] += value * len(miners)
                append(new_event(("departed", {"track": track, "boarders": boarders, "total": total,
                                                   "carts": left, "destination": destination, "value": shown,
                                                   "left": left - total}, _TT_4_5)))
        if s.train and not s.train_gone:
            self._depart_train(s, riders, events)
        a, b = self.player_ids
        points, withheld = s.points, s.withheld
        append(new_event(("crossing-totals", {
            "round": s.round, "crossing": crossing,
            "points": {a: points[a] - withheld[a], b: points[b] - withheld[b]},
            "unknown": s.withheld_miners.copy()}, _TT_5)))
        s.last = {"round": s.round, "crossing": crossing, "events": events}
        if crossing < self.crossings:
            s.crossing = crossing + 1
        else:
            self._end_round(s, events)
        return events

    def _advance_switches(self, s: TTState, switched: Targets, remote: dict[str, str], events: list[Event]) -> None:
        """TT-4 (1) with Remote Switch in play: one state per activation, both players' miners and
        Remote Switch, cyclically (`resolve_phase` writes out the usual case, without it)."""
        for player, name in remote.items():
            events.append(new_event(("remote-switch", {"player": player, "switch": name}, _TT_7)))
        remotes = remote.values()
        state = s.switch_state
        for name, switch in s.layout["switches"].items():
            activations = switched.get(name)
            if activations is None:
                if name not in remotes:
                    continue
                activations = {}
            by_remote = [p for p, n in remote.items() if n == name]
            count = len(by_remote)
            for mine in activations.values():
                count += len(mine)
            before = state[name]
            states = switch["states"]
            after = state[name] = (before + count) % states
            events.append(new_event(("switch", {"switch": name, "miners": activations, "remote": by_remote,
                                                    "count": count, "before": before, "after": after,
                                                    "states": states}, _TT_4)))

    def _credit(self, s: TTState, player: str, miners: list[int], destination: str) -> None:
        """TT-5: points at departure; a Hidden Value's share stays off the public totals until the round ends."""
        value = self.params["train_points"] if destination == "train" else s.values[destination]
        crossed = s.crossed[player]
        how = (destination, s.crossing)
        for miner in miners:
            crossed[miner] = how
        s.points[player] += value * len(miners)
        if destination in s.hidden:
            s.withheld[player] += value * len(miners)
            s.withheld_miners[player] += len(miners)

    def _depart_train(self, s: TTState, boarders: dict[str, list[int]], events: list[Event]) -> None:
        """TT-4 (3): crossing 1 only with one player's miners aboard; always in the last crossing."""
        owners = list(boarders)
        last = s.crossing == self.crossings
        if not last and len(owners) != 1:
            if owners:
                events.append(new_event(("train-stays", {"boarders": boarders, "crossing": s.crossing}, _TT_4)))
            return
        s.train_gone = True
        if not owners:
            events.append(new_event(("train-empty", {"crossing": s.crossing}, _TT_4)))
            return
        for player in owners:
            self._credit(s, player, boarders[player], "train")
        events.append(new_event(("train-leaves", {"boarders": boarders, "last": last, "owner": owners[0],
                                                      "points": self.params["train_points"]}, _TT_4_5)))

    def _end_round(self, s: TTState, events: list[Event]) -> None:
        """Failures score 0 and bench next round (TT-2, TT-5, TT-7); hidden values revealed; TT-6.

        A player's miners who did not cross this round bench as many miners in crossing 1 of the
        next, the highest numbers (Extra Miner absorbs one failure, TT-7); after the last round
        there is no next round, so nothing is said about a bench. The match ends after round 9 or
        a tie-break round with the totals differing: every point of the round is in `s.points`
        by now, Hidden Value points included (TT-5, TT-6)."""
        a, b = self.player_ids
        points = s.points
        number = s.round
        last = number >= self.rounds and points[a] != points[b]
        miners = self.miners
        benched: dict[str, list[int]] = {}
        for player in self.player_ids:
            crossed = s.crossed[player]
            extra = s.extra[player]
            failed = []
            for miner in range(1, miners + 2 if extra else miners + 1):
                if miner not in crossed:
                    failed.append(miner)
            if not failed:
                events.append(new_event(("all-crossed", {"player": player, "round": number}, _TT_5)))
                benched[player] = []
                continue
            bench = min(miners, len(failed) - 1 if extra else len(failed))
            benched[player] = bench_list = list(range(miners - bench + 1, miners + 1))
            if last:
                events.append(new_event(("failed", {"player": player, "failed": failed, "benched": None,
                                                        "absorbed": extra}, _TT_5_7 if extra else _TT_5)))
            else:
                events.append(new_event(("failed", {"player": player, "failed": failed, "benched": bench_list,
                                                        "absorbed": extra}, _TT_2_5_7 if extra else _TT_2_5)))
        if s.hidden:
            self._reveal_hidden(s, events)
        events.append(new_event(("round-totals", {"round": number, "points": {a: points[a], b: points[b]}},
                                     _TT_5)))
        if last:
            winner = a if points[a] > points[b] else b
            s.finished, s.winner = True, winner
            events.append(new_event(("won", {"winner": winner, "round": number}, _TT_6)))
            return
        if number >= self.rounds:
            events.append(new_event(("tie-break", {"round": number}, _TT_6)))
        s.benched = benched
        self._start_round(s, number + 1)

    def _reveal_hidden(self, s: TTState, events: list[Event]) -> None:
        """At the round's end each Hidden Value and the points withheld for it become public (TT-7)."""
        if not s.hidden:
            return
        for destination, info in s.hidden.items():
            events.append(Event("hidden-revealed", {"destination": destination, "value": info["value"],
                                                    "round": s.round, "player": info["player"], "was": info["was"]},
                                ("TT-7",)))
        for player in self.player_ids:
            if s.withheld_miners[player]:
                events.append(Event("hidden-scored", {"player": player, "miners": s.withheld_miners[player],
                                                      "points": s.withheld[player]}, ("TT-5", "TT-7")))
        s.withheld = {p: 0 for p in self.player_ids}
        s.withheld_miners = {p: 0 for p in self.player_ids}

    # --- Self-play ----------------------------------------------------------------------
    def bot_score(self, s: TTState, player: str) -> float:
        """Points ahead, withheld Hidden Value points included (TT-5)."""
        return s.points[player] - s.points[self.opponent(player)]

    def rounds_played(self, s: TTState) -> int:
        return s.round

    # --- Result -------------------------------------------------------------------------
    def outcome(self, s: TTState) -> Outcome | None:
        """TT-6: more points after the last round, or after the tie-break rounds a tie added."""
        if not s.finished:
            return None
        termination = "more-points" if s.round <= self.rounds else "more-points-tiebreak"
        return Outcome(s.winner, termination, {"round": s.round, "points": dict(s.points)})

    def match_over(self, s: TTState, outcome: Outcome) -> None:
        """A host ended the match mid-round: Hidden Values are public from now on (TT-7)."""
        s.finished = True

    def stopped_result(self, s: TTState) -> Outcome:
        """A host's `end` without a winner: the higher total so far wins; equal totals draw."""
        a, b = self.player_ids
        figures = {"round": s.round, "points": dict(s.points)}
        if s.points[a] == s.points[b]:
            return Outcome(None, "equal-totals", figures)
        return Outcome(a if s.points[a] > s.points[b] else b, "more-points-so-far", figures)
