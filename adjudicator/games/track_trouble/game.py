"""Track Trouble! mechanics: crossings as sealed phases, resolved by TT-4.

Each round has a layout (TT-1) and two crossings; each crossing is a sealed phase in which
both players give their miners' actions (TT-3). Resolution (TT-4): switches advance, then
tracks send their boarders, then the train. Points are credited at departure (TT-5). After
round 9 the higher total wins, ties add rounds (TT-6). Items: Hidden Value Crossing is a side
move before a round's submissions; Extra Miner and Remote Switch ride in a submission (TT-7).

Hidden Value: the changed destination shows as "?" publicly until the round ends. Points
earned there are credited at departure (TT-5) but withheld from the public totals until the
round ends, since the totals would otherwise give the value away (our reading of TT-5/TT-7).
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from adjudicator.engine import Event, Game, Illegal, Outcome, Pending, Phase, Player, SideMove, ItemsView, said, illegal_said, Nature
from adjudicator.games.track_trouble import layouts as lay
from adjudicator.games.track_trouble import notation as tt_notation
from adjudicator.games.track_trouble.board import TrackTroubleViews
from adjudicator.games.track_trouble.state import HIDDEN, TTState, miners_text

# (action, target) → player → miners: who boards each track, activates each switch, boards
# the train in one crossing; see `TrackTrouble._targets`.
Targets = dict[tuple[str, Any], dict[str, list[int]]]


class TrackTrouble(TrackTroubleViews, Game):
    name = "track-trouble"
    nature = Nature(turns=False, sealed_phases=True, hidden=True)
    notation = tt_notation.NOTATION
    notation_examples = tt_notation.EXAMPLES

    def __init__(self, ruleset: Any, players: list[Player], header: dict[str, Any] | None = None) -> None:
        super().__init__(ruleset, players, header)
        self._phases: dict[tuple[int, int], Phase] = {}   # (round, crossing) → its phase, see `pending`

    # --- Parameters ---------------------------------------------------------------------
    # Read once per match (cached): replay asks for them on every entry. Cached lazily, not
    # in __init__, so that validate_params still sees bad params first.
    @cached_property
    def miners(self) -> int:
        return self.params["miners"]

    @cached_property
    def rounds(self) -> int:
        return self.params["rounds"]

    @cached_property
    def crossings(self) -> int:
        return self.params["crossings"]

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
            return self.params["layouts"][number - 1]
        tiebreaks = self.params["tiebreak_layouts"]
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
                    benched={p: [] for p in self.player_ids}, used_items={p: [] for p in self.player_ids})
        self._start_round(s, 1)
        return s

    def _start_round(self, s: TTState, number: int) -> None:
        """A new layout: switches at their start, every minecart back, all miners south (TT-2, TT-4)."""
        layout = self._layout(number)
        s.round, s.crossing, s.layout = number, 1, layout
        s.values = dict(layout["destinations"])
        s.hidden = {}
        s.switch_state = {name: sw.get("start", 0) for name, sw in layout["switches"].items()}
        s.carts = {name: track["carts"] for name, track in layout["tracks"].items()}
        s.train, s.train_gone = self.train_runs(number, layout), False
        s.crossed = {p: {} for p in self.player_ids}
        s.extra = {p: False for p in self.player_ids}
        s.withheld = {p: 0 for p in self.player_ids}
        s.withheld_miners = {p: 0 for p in self.player_ids}

    def pending(self, s: TTState) -> Pending:
        """The crossing's sealed phase (TT-3). The engine asks several times per entry; a Phase
        is frozen, so one per crossing is made and handed out again."""
        if s.finished:
            return None
        key = (s.round, s.crossing)
        phase = self._phases.get(key)
        if phase is None:
            phase = self._phases[key] = Phase(f"r{s.round}-c{s.crossing}", self.player_ids,
                                              f"round {s.round}, crossing {s.crossing}")
        return phase

    # --- Helpers ------------------------------------------------------------------------
    def _items_left(self, s: TTState, player: str) -> list[str]:
        """Items `player` may still use (G-5: once each unless the catalogue says `uses`; 0 = unlimited)."""
        left: dict[str, int] = {}
        for item in self.by_id[player].items:
            uses = self.ruleset.items.get(item, {}).get("uses", 1)
            left[item] = left.get(item, 0) + (uses if uses > 0 else 10**9)
        for used in s.used_items.get(player, []):
            left[used] = left.get(used, 0) - 1
        return [item for item, count in left.items() if count > 0]

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

    @staticmethod
    def _hidden_form(move: dict[str, Any]) -> bool:
        return "crossing" not in move and "actions" not in move

    # --- Moves --------------------------------------------------------------------------
    def side_move(self, s: TTState, player: str, move: dict[str, Any]) -> SideMove | None:
        """Hidden Value Crossing acts at once and stays private until the round ends (TT-7)."""
        if self._hidden_form(move):
            return SideMove(reveal_after_phases=self.crossings, before_submissions=True, rulings=("TT-7",))
        return None

    def check_move(self, s: TTState, player: str, move: dict[str, Any]) -> None:
        if move.get("round") != s.round:
            raise illegal_said("wrong-round", f"this move is for round {move.get('round')}, but the match is in "
                          f"round {s.round}, crossing {s.crossing}", "G-2")
        if self._hidden_form(move):
            self._check_hidden(s, player, move)
            return
        if move.get("crossing") != s.crossing:
            raise illegal_said("wrong-crossing", f"this submission is for crossing {move.get('crossing')}, but round "
                          f"{s.round} is at crossing {s.crossing}", "G-2")
        items = move.get("items") or []
        uses = [item.get("use") for item in items]
        declaring_extra = "extra-miner" in uses
        for item in items:
            use = item.get("use")
            if use == "hidden-value":
                raise illegal_said("hidden-value-alone", "Hidden Value Crossing is a move of its own, before the "
                              "round's first crossing-1 submission, not part of a crossing submission", "TT-7")
            if use == "extra-miner":
                if s.crossing != 1:
                    raise illegal_said("extra-miner-crossing", f"Extra Miner is declared in a crossing-1 submission; "
                                  f"this is crossing {s.crossing}", "TT-7")
                if s.extra[player]:
                    raise illegal_said("extra-miner-crossing", "Extra Miner is already in play this round", "TT-7")
            if use == "remote-switch" and item.get("switch") not in s.layout["switches"]:
                raise illegal_said("unknown-switch", f"Remote Switch names '{item.get('switch')}', which is not a "
                              f"switch of round {s.round} ({', '.join(s.layout['switches']) or 'none'})",
                              "TT-7", "TT-1")
        if uses.count("extra-miner") > 1 or uses.count("remote-switch") > 1:
            raise illegal_said("item-repeated", "each item is named at most once in a submission", "G-5")
        active = self._active_miners(s, player, declaring_extra)
        seen: set[int] = set()
        for action in move.get("actions") or []:
            self._check_action(s, player, action, active, seen)

    def _check_action(self, s: TTState, player: str, action: dict[str, Any], active: list[int],
                      seen: set[int]) -> None:
        miner = action.get("miner")
        if miner not in active:
            if miner == self.miners + 1:
                raise illegal_said("no-extra-miner", f"miner {miner} acts only when Extra Miner is declared in this "
                              f"round's crossing-1 submission", "TT-7", "TT-2")
            raise illegal_said("no-such-miner", f"{player} has miners 1–{active[-1]}, not {miner}", "TT-2")
        if miner in seen:
            raise illegal_said("duplicate-miner", f"miner {miner} is given two actions; each miner takes one "
                          f"action per crossing", "TT-3")
        seen.add(miner)
        if s.crossing == 1 and miner in s.benched[player]:
            raise illegal_said("miner-benched", f"miner {miner} is benched in crossing 1 of round {s.round}: "
                          f"{player}'s benched miners are {miners_text(s.benched[player])} (highest numbers "
                          f"first, one per miner who failed to cross last round)", "TT-2")
        switches = s.layout["switches"]
        if "switch" in action:
            name = action["switch"]
            if name not in switches:
                raise illegal_said("unknown-switch", f"there is no switch '{name}' in round {s.round} "
                              f"({', '.join(switches) or 'none'})", "TT-1")
            side = "north" if miner in s.crossed[player] else "south"
            if switches[name]["side"] != side:
                why = "has crossed this round, so it may only activate a north-side switch" if side == "north" \
                    else "is on the south side and can only reach south-side switches"
                raise illegal_said("switch-out-of-reach", f"miner {miner} {why}; '{name}' is on the "
                              f"{switches[name]['side']} side", "TT-3")
            return
        if miner in s.crossed[player]:
            how = s.crossed[player][miner]
            raise illegal_said("already-crossed", f"miner {miner} crossed in crossing {how['crossing']} (to "
                          f"{how['to']}); in a later crossing it may only activate a north-side switch", "TT-3")
        if "board" in action:
            track = action["board"]
            if track not in s.carts:
                raise illegal_said("unknown-track", f"there is no track '{track}' in round {s.round} "
                              f"({', '.join(s.carts)})", "TT-1")
            if s.carts[track] == 0:
                raise illegal_said("no-minecarts", f"track {track} has no minecarts left this round (they departed "
                              f"earlier)", "TT-4")
        elif action.get("train"):
            if not s.train:
                raise illegal_said("no-train", f"there is no train in round {s.round} (train rounds: "
                              f"{', '.join(map(str, self.params['train_rounds']))}, unless a layout says "
                              f"otherwise)", "TT-4")
            if s.train_gone:
                raise illegal_said("train-gone", "the train has already left this round", "TT-4")

    def _check_hidden(self, s: TTState, player: str, move: dict[str, Any]) -> None:
        item = (move.get("items") or [{}])[0]
        if s.crossing != 1:
            raise illegal_said("hidden-value-late", f"Hidden Value Crossing is used before crossing 1 of a round; "
                          f"round {s.round} is at crossing {s.crossing}", "TT-7")
        destination, value = item.get("destination"), item.get("value")
        if destination not in s.values:
            raise illegal_said("unknown-destination", f"there is no destination '{destination}' in round {s.round} "
                          f"({', '.join(s.values)})", "TT-7", "TT-1")
        low, high = self.params["hidden_values"]
        if not isinstance(value, int) or not low <= value <= high:
            raise illegal_said("hidden-value-range", f"a Hidden Value is a whole number from {low} to {high}, "
                          f"not {value}", "TT-7")
        if destination in s.hidden:
            raise illegal_said("destination-hidden", f"{destination} already shows '?' this round; choose another "
                          f"destination", "TT-7")

    def apply_move(self, s: TTState, player: str, move: dict[str, Any]) -> list[Event]:
        """Only Hidden Value Crossing applies at once (a side move); crossings resolve in phases."""
        item = move["items"][0]
        destination, value = item["destination"], item["value"]
        before = s.values[destination]
        s.values[destination] = value
        s.hidden[destination] = {"player": player, "value": value, "was": before}
        s.used_items[player].append("hidden-value")
        return [said(f"{player} uses Hidden Value Crossing: {destination} is worth {value} this round "
                      f"instead of {before}; the public board shows '?' until the round ends", ("TT-7",))]

    def complete_move(self, s: TTState, player: str, move: dict[str, Any]) -> dict[str, Any]:
        """Typed moves may leave out the current round and crossing; names match the layout's
        spelling regardless of case (`t2` → `T2`)."""
        if not isinstance(move, dict) or s.finished:
            return move
        out: dict[str, Any] = {"round": move.get("round", s.round)}
        items = move.get("items") if isinstance(move.get("items"), list) else ()   # the schema judges the rest
        if not self._hidden_form(move) or not any(isinstance(i, dict) and i.get("use") == "hidden-value"
                                                  for i in items):
            out["crossing"] = move.get("crossing", s.crossing)
            out["actions"] = move.get("actions", [])
        out.update({k: v for k, v in move.items() if k not in out})
        fix = self._spelling(s)
        if isinstance(out.get("actions"), list):
            out["actions"] = [fix(a, "board", "switch") for a in out["actions"]]
        if isinstance(out.get("items"), list):
            out["items"] = [fix(i, "switch", "destination") for i in out["items"]]
        return out

    def _spelling(self, s: TTState) -> Any:
        names = {n.lower(): n for n in [*s.layout["tracks"], *s.layout["switches"], *s.layout["destinations"]]}

        def fix(entry: Any, *keys: str) -> Any:
            if not isinstance(entry, dict):
                return entry
            entry = dict(entry)
            for key in keys:
                value = entry.get(key)
                if isinstance(value, str) and value.lower() in names:
                    entry[key] = names[value.lower()]
            return entry
        return fix

    # --- Resolution (TT-4) --------------------------------------------------------------
    def resolve_phase(self, s: TTState, phase: Phase, submissions: dict[str, dict[str, Any] | None]) -> list[Event]:
        events: list[Event] = []
        report: dict[str, Any] = {"round": s.round, "crossing": s.crossing, "actions": {}, "results": []}
        actions: dict[str, list[dict[str, Any]]] = {}
        remote: dict[str, str] = {}
        for player in self.player_ids:
            move = submissions.get(player)
            actions[player] = list(move.get("actions") or []) if move else []
            items = list(move.get("items") or []) if move else []
            for item in items:
                s.used_items[player].append(item["use"])
                if item["use"] == "extra-miner":
                    s.extra[player] = True
                    events.append(said(f"{player} uses Extra Miner: miner {self.miners + 1} joins for round "
                                        f"{s.round}", ("TT-7",)))
                elif item["use"] == "remote-switch":
                    remote[player] = item["switch"]
            shown = tt_notation.format_move({"actions": actions[player], "items": items}) if move else \
                "no submission"
            report["actions"][player] = shown
            events.append(said(f"{player}'s actions: {shown}", ("TT-3", "TT-5")))
        targets = self._targets(actions)
        results = self._advance_switches(s, targets, remote)
        results += self._depart_tracks(s, targets)
        results += self._depart_train(s, targets)
        results.append(said(f"totals after round {s.round}, crossing {s.crossing}: {self._totals_text(s)}",
                             ("TT-5",)))
        events += results
        report["results"] = [e.text for e in events if "'s actions: " not in e.text]
        s.history.append(report)
        if s.crossing < self.crossings:
            s.crossing += 1
        else:
            end = self._end_round(s)
            report["results"] += [e.text for e in end]
            events += end
        return events

    def _targets(self, actions: dict[str, list[dict[str, Any]]]) -> Targets:
        """(action, target) → player → miners, in the order given: `("switch", "purple")`,
        `("board", "T2")`, `("train", True)`. One pass over the actions, so that each switch
        and track of the layout need not look through them all again (TT-4)."""
        targets: Targets = {}
        for player in self.player_ids:
            for action in actions[player]:
                for key in ("switch", "board", "train"):
                    if key in action:
                        targets.setdefault((key, action[key]), {}).setdefault(player, []).append(action["miner"])
        return targets

    def _advance_switches(self, s: TTState, targets: Targets, remote: dict[str, str]) -> list[Event]:
        """TT-4 (1): one state per activation, both players' miners and Remote Switch, cyclically."""
        events = []
        for player, name in remote.items():
            events.append(said(f"{player}'s Remote Switch activates {name}", ("TT-7",)))
        for name, switch in s.layout["switches"].items():
            activations = targets.get(("switch", name), {})
            if not activations and name not in remote.values():
                continue
            who = []
            for player in self.player_ids:
                mine = activations.get(player)
                if mine:
                    who.append(f"{player} miner{'s' if len(mine) > 1 else ''} {miners_text(mine)}")
                if remote.get(player) == name:
                    who.append(f"{player}'s Remote Switch")
            count = sum(len(mine) for mine in activations.values())
            count += sum(1 for n in remote.values() if n == name)
            before = s.switch_state[name]
            s.switch_state[name] = (before + count) % switch["states"]
            events.append(said(f"switch {name}: {count} activation{'s' if count > 1 else ''} "
                                f"({'; '.join(who)}): state {before} → {s.switch_state[name]} "
                                f"(of 0–{switch['states'] - 1})", ("TT-4",)))
        return events

    def _credit(self, s: TTState, player: str, miners: list[int], destination: str, how: str) -> None:
        """TT-5: points at departure; a Hidden Value's share stays off the public totals until the round ends."""
        value = self.params["train_points"] if destination == "train" else s.values[destination]
        for miner in miners:
            s.crossed[player][miner] = {"to": destination, "crossing": s.crossing, "via": how}
            s.points[player] += value
            if destination in s.hidden:
                s.withheld[player] += value
                s.withheld_miners[player] += 1

    def _boarders(self, targets: Targets, key: str, value: Any) -> dict[str, list[int]]:
        """Player → the miners (sorted) whose action is `key` `value`, every player listed."""
        found = targets.get((key, value), {})
        return {p: sorted(found.get(p, ())) for p in self.player_ids}

    @staticmethod
    def _who(boarders: dict[str, list[int]]) -> str:
        return "; ".join(f"{p} {miners_text(m)}" for p, m in boarders.items() if m)

    def _depart_tracks(self, s: TTState, targets: Targets) -> list[Event]:
        """TT-4 (2): a track sends all its boarders unless they outnumber its minecarts."""
        events = []
        for track in s.layout["tracks"]:
            if ("board", track) not in targets:
                continue
            boarders = self._boarders(targets, "board", track)
            total = sum(len(m) for m in boarders.values())
            if not total:
                continue
            left = s.carts[track]
            if total > left:
                events.append(said(f"{track} is overfilled: {total} miners ({self._who(boarders)}) for {left} "
                                    f"minecart{'s' if left != 1 else ''}; nobody departs, they stay south",
                                    ("TT-4",)))
                continue
            destination = self._leads_to(s, track)
            s.carts[track] = left - total
            shown = self._public_value(s, destination)
            for player, miners in boarders.items():
                if miners:
                    self._credit(s, player, miners, destination, track)
            note = " (Hidden Value: shown at the end of the round)" if shown == HIDDEN else ""
            events.append(said(f"{track} departs with {self._who(boarders)} ({total} of {left} minecarts) to "
                                f"{destination}: {shown} point{'s' if shown != 1 else ''} each{note}; "
                                f"{s.carts[track]} left", ("TT-4", "TT-5")))
        return events

    def _depart_train(self, s: TTState, targets: Targets) -> list[Event]:
        """TT-4 (3): crossing 1 only with one player's miners aboard; always in the last crossing."""
        if not s.train or s.train_gone:
            return []
        boarders = self._boarders(targets, "train", True)
        owners = [p for p, m in boarders.items() if m]
        last = s.crossing == self.crossings
        if not last and len(owners) != 1:
            if owners:
                return [said(f"the train stays: both players boarded it ({self._who(boarders)}) in crossing "
                              f"{s.crossing}; they stay south and must board again to ride", ("TT-4",))]
            return []
        s.train_gone = True
        if not owners:
            return [said(f"the train leaves empty in crossing {s.crossing}", ("TT-4",))]
        for player in owners:
            self._credit(s, player, boarders[player], "train", "train")
        why = "it always leaves in the last crossing" if last else f"all its boarders are {owners[0]}'s"
        points = self.params["train_points"]
        return [said(f"the train leaves ({why}) with {self._who(boarders)}: {points} point"
                      f"{'s' if points != 1 else ''} each", ("TT-4", "TT-5"))]

    def _totals_text(self, s: TTState) -> str:
        parts = []
        for player in self.player_ids:
            text = f"{player} {s.points[player] - s.withheld[player]}"
            if s.withheld_miners[player]:
                text += f" + ? ({s.withheld_miners[player]} miner{'s' if s.withheld_miners[player] > 1 else ''} " \
                        f"at a hidden value)"
            parts.append(text)
        return ", ".join(parts)

    def _end_round(self, s: TTState) -> list[Event]:
        """Failures score 0 and bench next round (TT-2, TT-5, TT-7); hidden values revealed; TT-6."""
        last = self._match_ends_now(s)
        events = []
        benched: dict[str, list[int]] = {}
        for player in self.player_ids:
            benched[player], failed = self._failures(s, player, last)
            events.append(failed)
        events += self._reveal_hidden(s)
        a, b = self.player_ids
        totals = f"{a} {s.points[a]}, {b} {s.points[b]}"
        events.append(said(f"totals after round {s.round}: {totals}", ("TT-5",)))
        if last:
            winner = a if s.points[a] > s.points[b] else b
            s.finished, s.winner = True, winner
            s.reason = f"more points after round {s.round}: {totals}"
            events.append(said(f"{winner} wins with more points after round {s.round}", ("TT-6",)))
            return events
        if s.round >= self.rounds:
            events.append(said(f"totals are tied after round {s.round}: tie-break round {s.round + 1} follows",
                                ("TT-6",)))
        s.benched = benched
        self._start_round(s, s.round + 1)
        return events

    def _reveal_hidden(self, s: TTState) -> list[Event]:
        """At the round's end each Hidden Value and the points withheld for it become public (TT-7)."""
        events = []
        for destination, info in s.hidden.items():
            events.append(said(f"Hidden Value revealed: {destination} was worth {info['value']} in round "
                                f"{s.round} (set by {info['player']}; printed value {info['was']})", ("TT-7",)))
        for player in self.player_ids:
            if s.withheld_miners[player]:
                events.append(said(f"{player}'s {s.withheld_miners[player]} miner"
                                    f"{'s' if s.withheld_miners[player] > 1 else ''} at a hidden value score "
                                    f"{s.withheld[player]}", ("TT-5", "TT-7")))
        s.withheld = {p: 0 for p in self.player_ids}
        s.withheld_miners = {p: 0 for p in self.player_ids}
        return events

    def _match_ends_now(self, s: TTState) -> bool:
        """TT-6: the round just played ends the match: round 9 or a tie-break round, totals differing.
        Every point of the round is in `s.points` by now (Hidden Value points included, TT-5)."""
        a, b = self.player_ids
        return s.round >= self.rounds and s.points[a] != s.points[b]

    def _failures(self, s: TTState, player: str, last: bool) -> tuple[list[int], Event]:
        """`player`'s miners who did not cross this round, and the miners they bench in crossing 1 of
        the next (TT-2, TT-5; Extra Miner absorbs one failure, TT-7). After the last round there is
        no next round, so nothing is said about a bench."""
        failed = [m for m in self._active_miners(s, player) if m not in s.crossed[player]]
        count = len(failed)
        absorbed = s.extra[player] and count > 0
        bench = min(self.miners, count - 1 if absorbed else count)
        benched = list(range(self.miners - bench + 1, self.miners + 1))
        if not failed:
            return benched, said(f"all of {player}'s miners crossed in round {s.round}", ("TT-5",))
        lost = f"{player}'s miner{'s' if count > 1 else ''} {miners_text(failed)} did not cross and score 0 this round"
        if last:
            return benched, said(lost, ("TT-5", "TT-7") if s.extra[player] else ("TT-5",))
        extra = "; Extra Miner counts as one of the failures, so one fewer is benched" if absorbed else ""
        nxt = f"miner{'s' if bench != 1 else ''} {miners_text(benched)} sit{'s' if bench == 1 else ''} " \
              f"out crossing 1 of the next round" if bench else "nobody is benched next round"
        return benched, said(f"{lost}; {nxt}{extra}",
                              ("TT-2", "TT-5", "TT-7") if s.extra[player] else ("TT-2", "TT-5"))

    # --- Self-play ----------------------------------------------------------------------
    def bot_score(self, s: TTState, player: str) -> float:
        """Points ahead, withheld Hidden Value points included (TT-5)."""
        return s.points[player] - s.points[self.opponent(player)]

    def rounds_played(self, s: TTState) -> int:
        return s.round

    def ending(self, s: TTState, outcome: Outcome) -> str:
        if s.finished:
            return "more points after the last round" if s.round <= self.rounds else \
                "more points after tie-break rounds (TT-6)"
        return super().ending(s, outcome)

    # --- Result -------------------------------------------------------------------------
    def outcome(self, s: TTState) -> Outcome | None:
        return Outcome(s.winner, s.reason) if s.finished else None

    def match_over(self, s: TTState, outcome: Outcome) -> None:
        """A host ended the match mid-round: Hidden Values are public from now on (TT-7)."""
        s.finished = True

    def stopped_result(self, s: TTState) -> Outcome:
        """A host's `end` without a winner: the higher total so far wins; equal totals draw."""
        a, b = self.player_ids
        if s.points[a] == s.points[b]:
            return Outcome(None, f"equal totals ({s.points[a]} each) in round {s.round}")
        winner = a if s.points[a] > s.points[b] else b
        return Outcome(winner, f"more points in round {s.round}: {a} {s.points[a]}, {b} {s.points[b]}")
