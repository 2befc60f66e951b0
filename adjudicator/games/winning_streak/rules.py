"""The rules of Winning Streak (WS-1…WS-8): the troops and the match state, set-up, the
sealed placement and relocation phases, the fights and the result.

Every fight resolves the moment the phase before it resolves (placement turn 13, or
relocation round k before fight k+1), so relocation round k always follows fight k (WS-4).
Both players submit in every phase, even with nothing to do; the host closes a phase with
`deadline`, and a missing submission does nothing (G-2). The game only sees the submissions
when the engine resolves the phase, so nothing sealed reaches a board.

The rules core writes no text: it reports events, refuses with codes and ends with an
Outcome (a termination code and the WS-7 figures); every sentence of the game is in words.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from adjudicator.game import Event, Game, Illegal, Outcome, Pending, Phase, Player, RulesData, new_event

TROOP_NAME = re.compile(r"^([1-9][0-9]?)/([1-9][0-9]?)$")
LOCATION_NAME = re.compile(r"^[A-Z]{1,3}$")
STATS = ("attack", "health")
WS3 = ("WS-3",)
WS4 = ("WS-4",)
WS2 = ("WS-2",)
WS48 = ("WS-4", "WS-8")


@dataclass(slots=True)
class Troop:
    """One troop: named by its starting stats (WS-1); attack and health as they are now."""

    name: str
    attack: int
    health: int
    at: str | None = None      # the location it stands in, None in reserve
    alive: bool = True


def snap(troop: Troop) -> tuple[str, int, int]:
    """A troop as plain data for an event: (name, attack, health) as they are now."""
    return (troop.name, troop.attack, troop.health)


@lru_cache(maxsize=64)   # a batch check opens thousands of matches of a few rulesets
def squad_of(troops: tuple[str, ...]) -> tuple[tuple[str, int, int], ...]:
    """Each troop's name and starting attack and health, read from its name (`3/5`, WS-1)."""
    squad = []
    for name in troops:
        attack, health = name.split("/")
        squad.append((name, int(attack), int(health)))
    return tuple(squad)


@dataclass
class StreakState:
    """Plain data, mutated in place by replay."""

    troops: dict[str, dict[str, Troop]]               # player → troop name → troop
    points: dict[str, dict[str, int]]                 # location → player → points
    winner: dict[str, str | None]                     # location → who won it
    advantage_left: int                               # WS-5 buffs still available to the holder
    stage: str = "placement"                          # placement → relocation … → over
    turn: int = 1                                     # placement turn (WS-2)
    round: int = 0                                    # relocation round k follows fight k (WS-4)
    fights: int = 0
    result: Outcome | None = None
    placed_order: dict[str, list[str]] = field(default_factory=dict)
    # player → location → the living troop standing there: an index of `Troop.at`, so that
    # finding a location's occupant is a lookup rather than a scan of the squad. Wherever `at`
    # changes (placement, relocation, a death or a win in the fight) `standing` changes with
    # it, in the same lines, so the two stay in step.
    standing: dict[str, dict[str, Troop]] = field(default_factory=dict)
    # player → how many of their troops are alive, counted down as troops die (WS-3), so the
    # WS-6 check after every fight need not count the squads.
    living: dict[str, int] = field(default_factory=dict)
    ended: bool = False                               # ended by a host entry, not by the rules (WS-6)


class WinningStreakRules(Game[StreakState]):
    """The rules core: parameters, set-up, what is due, checking moves, resolving phases and
    fights, the result and the self-play hooks."""

    def __init__(self, ruleset: RulesData, players: list[Player], header: dict[str, Any] | None = None) -> None:
        super().__init__(ruleset, players, header)
        self._phases: dict[str, dict[int, Phase]] = {"placement": {}, "relocation": {}}   # see `_phase`
        self._placements, self._relocations = self._phases["placement"], self._phases["relocation"]
        # player → (state, move, fights, plan) of the relocation check_move last passed, so the
        # phase's resolution need not plan the same move on the same state again (`_plan_of`)
        self._planned: dict[str, tuple[StreakState, dict[str, Any], int, dict[str, str | None]]] = {}

    # --- Parameters ---------------------------------------------------------------------
    # Read once per match (cached): replay asks for them on every entry and every location.
    # Cached lazily, not in __init__, so that validate_params still sees bad params first.
    @cached_property
    def locations(self) -> tuple[str, ...]:
        """The locations in line order (WS-1, WS-7)."""
        return tuple(self.params["locations"])

    @cached_property
    def line_position(self) -> dict[str, int]:
        """Location → its place in the line: membership tests and line-order sorting (WS-1)."""
        return {x: i for i, x in enumerate(self.locations)}

    @cached_property
    def placement_turns(self) -> int:
        return self._whole("placement_turns")

    @cached_property
    def change_limit(self) -> int:
        return self._whole("relocation_changes")

    @cached_property
    def target(self) -> int:
        return self._whole("points_to_win")

    @cached_property
    def points_empty(self) -> int:
        return self._whole("points_empty_square")

    @cached_property
    def points_kill(self) -> int:
        return self._whole("points_kill_and_survive")

    def _whole(self, key: str) -> int:
        """A whole-number parameter, as validate_params has checked it."""
        number: int = self.params[key]
        return number

    @cached_property
    def squad(self) -> tuple[tuple[str, int, int], ...]:
        """Each troop's name and starting attack and health (WS-1), read from its name once
        per list of troops (squad_of), not once per match."""
        return squad_of(tuple(self.params["troops"]))

    @property
    def holder(self) -> str | None:
        """The player holding the Advantage (match header `advantage`, WS-5, WS-7)."""
        return self.header.get("advantage")

    def validate_params(self) -> list[str]:
        p = self.params
        problems = []
        troops = p.get("troops")
        if not isinstance(troops, list) or not troops:
            return ["troops must be a list of troop names such as '3/5' (WS-1)."]
        bad = [t for t in troops if not isinstance(t, str) or not TROOP_NAME.match(t)]
        if bad:
            problems.append(f"troop '{bad[0]}' is not named ATTACK/HEALTH with both at least 1, like '3/5' (WS-1).")
        if len(set(troops)) != len(troops):
            problems.append("each troop is listed once: troops are named by their starting stats (WS-1).")
        locations = p.get("locations")
        if not isinstance(locations, list) or not locations:
            return problems + ["locations must be a list of location letters, A–M in the seed (WS-1)."]
        if any(not isinstance(x, str) or not LOCATION_NAME.match(x) for x in locations) \
                or len(set(locations)) != len(locations):
            problems.append("locations must be distinct upper-case letters such as A–M (WS-1).")
        for key in ("placement_turns", "points_to_win", "points_empty_square", "points_kill_and_survive",
                    "relocation_changes", "advantage_amount", "advantage_uses"):
            if not isinstance(p.get(key), int) or isinstance(p.get(key), bool) or p[key] < 0:
                problems.append(f"{key} must be a whole number, 0 or more.")
        if problems:
            return problems
        if p["points_to_win"] < 1:
            problems.append("points_to_win must be at least 1 (WS-3).")
        if p["placement_turns"] > min(len(locations), len(troops)):
            problems.append(f"placement_turns ({p['placement_turns']}) cannot exceed the locations "
                            f"({len(locations)}) or the troops ({len(troops)}): each turn needs a new "
                            "troop and a new location (WS-2).")
        return problems

    # --- Set-up -------------------------------------------------------------------------
    def initial_state(self) -> StreakState:
        troops = {player: {name: Troop(name, attack, health) for name, attack, health in self.squad}
                  for player in self.player_ids}
        return StreakState(troops=troops,
                           points={x: {p: 0 for p in self.player_ids} for x in self.locations},
                           winner={x: None for x in self.locations},
                           advantage_left=self.params["advantage_uses"] if self.holder else 0,
                           placed_order={p: [] for p in self.player_ids},
                           standing={p: {} for p in self.player_ids},
                           living={p: len(troops[p]) for p in self.player_ids})

    def pending(self, s: StreakState) -> Pending:
        if s.result is not None:
            return None
        if s.stage == "placement":
            phase = self._placements.get(s.turn)
            return phase if phase is not None else self._phase("placement", s.turn)
        phase = self._relocations.get(s.round)
        return phase if phase is not None else self._phase("relocation", s.round)

    def _phase(self, kind: str, number: int) -> Phase:
        """The sealed phase for placement turn or relocation round `number` (WS-2, WS-4).

        The engine asks several times per entry; nobody changes a Phase, so one per phase is
        made and handed out again.
        """
        phase = self._phases[kind][number] = Phase(f"{kind}-{number}", self.player_ids, kind, kind=kind,
                                                   fields={"number": number})
        return phase

    # --- Helpers ------------------------------------------------------------------------
    def occupant(self, s: StreakState, player: str, location: str) -> Troop | None:
        """`player`'s living troop at `location` (WS-2: one troop per location per side), or None."""
        return s.standing[player].get(location)

    def field_of(self, s: StreakState, player: str) -> dict[str, str]:
        """Location → troop name for `player`'s troops on the battlefield, in squad order
        (the order legal_moves lists moves in, so it must not follow the index's order)."""
        return {t.at: t.name for t in s.troops[player].values() if t.alive and t.at is not None}

    def living(self, s: StreakState, player: str) -> int:
        return s.living[player]

    def _troop(self, s: StreakState, player: str, name: str, rule: str) -> Troop:
        troop = s.troops[player].get(name)
        if troop is None:
            raise Illegal("unknown-troop", "WS-1", rule, player=player, troop=name)
        if not troop.alive:
            raise Illegal("troop-dead", "WS-3", rule, player=player, troop=name)
        return troop

    def _location(self, location: str, rule: str) -> str:
        if location not in self.line_position:
            raise Illegal("unknown-location", "WS-1", rule, location=location)
        return location

    def streaks(self, s: StreakState) -> dict[str, int]:
        """Longest run of adjacent locations won by each player; no wrap (WS-7)."""
        best = {p: 0 for p in self.player_ids}
        run_owner, run = None, 0
        for location in self.locations:
            owner = s.winner[location]
            run = run + 1 if owner is not None and owner == run_owner else (1 if owner else 0)
            run_owner = owner
            if owner:
                best[owner] = max(best[owner], run)
        return best

    def won(self, s: StreakState) -> dict[str, int]:
        return {p: sum(1 for w in s.winner.values() if w == p) for p in self.player_ids}

    # --- Moves --------------------------------------------------------------------------
    def check_move(self, s: StreakState, player: str, move: dict[str, Any]) -> None:
        if s.stage == "placement":
            if move["phase"] != "placement":
                raise Illegal("wrong-phase", "WS-2", "WS-4", stage="placement", turn=s.turn)
            if move["turn"] != s.turn:
                raise Illegal("wrong-turn", "WS-2", turn=s.turn, given=move["turn"])
            self._check_placement(s, player, move)
            return
        if move["phase"] != "relocation":
            raise Illegal("wrong-phase", "WS-2", "WS-4", stage="relocation", round=s.round, fights=s.fights)
        if move["round"] != s.round:
            raise Illegal("wrong-round", "WS-4", round=s.round, fights=s.fights, given=move["round"])
        plan = self._plan(s, player, move["set"])
        if move.get("buff"):
            self._check_buff(s, player, move["buff"])
        self._planned[player] = (s, move, s.fights, plan)

    def _check_placement(self, s: StreakState, player: str, move: dict[str, Any]) -> None:
        """WS-2: a troop not yet placed, in a location without a troop of the player's."""
        troop = s.troops[player].get(move["troop"])
        if troop is None or not troop.alive:
            troop = self._troop(s, player, move["troop"], "WS-2")   # refused
        if troop.at is not None or troop.name in s.placed_order[player]:
            raise Illegal("troop-placed", "WS-2", player=player, troop=troop.name, at=troop.at)
        location = self._location(move["location"], "WS-2")
        if s.winner[location]:
            raise Illegal("location-won", "WS-3", "WS-2", location=location, winner=s.winner[location],
                          stage="placement")
        there = self.occupant(s, player, location)
        if there is not None:
            raise Illegal("location-taken", "WS-2", player=player, location=location, troop=snap(there))

    def _plan(self, s: StreakState, player: str, changes: dict[str, str | None]) -> dict[str, str | None]:
        """The locations a relocation changes, in line order, each with the troop that will
        stand there (None: left empty) (WS-4).

        `changes` gives the new occupant (or None) of each location named; a troop named
        leaves the place it was in, and a troop displaced without being named goes to reserve.
        Only the locations named and the places their troops leave can change, so only those
        are looked at.
        """
        if not changes:
            return {}
        winner, position, troops = s.winner, self.line_position, s.troops[player]
        plan: dict[str, str | None]
        if len(changes) == 1:   # the usual relocation: one location named, checked as below
            for location, name in changes.items():
                if location not in position:
                    self._location(location, "WS-4")   # refused
                if name is None:   # a withdrawal: the location's troop, if any, to reserve
                    plan = {location: None} if location in s.standing[player] else {}
                else:
                    troop = troops.get(name)
                    if troop is None or not troop.alive:
                        troop = self._troop(s, player, name, "WS-4")   # refused
                    if winner[location]:
                        raise Illegal("location-won", "WS-4", location=location, winner=winner[location],
                                      stage="relocation")
                    left = troop.at
                    if left == location:
                        plan = {}
                    elif left is None:
                        plan = {location: name}
                    elif position[location] < position[left]:
                        plan = {location: name, left: None}
                    else:
                        plan = {left: None, location: name}
                if len(plan) > self.change_limit:
                    raise Illegal("too-many-changes", "WS-4", player=player, changed=list(plan))
                return plan
        named: dict[str, str] = {}
        for location, name in changes.items():
            if location not in position:
                self._location(location, "WS-4")   # refused
            if name is None:
                continue
            troop = troops.get(name)
            if troop is None or not troop.alive:
                troop = self._troop(s, player, name, "WS-4")   # refused
            if name in named:
                raise Illegal("troop-twice", "WS-4", troop=name, first=named[name], second=location)
            if winner[location]:
                raise Illegal("location-won", "WS-4", location=location, winner=winner[location], stage="relocation")
            named[name] = location
        standing = s.standing[player]
        touched = set(changes)
        for name in named:
            left = troops[name].at
            if left is not None:
                touched.add(left)
        plan = {}
        for location in sorted(touched, key=position.__getitem__) if len(touched) > 1 else touched:
            there = standing.get(location)
            was = there.name if there is not None else None
            will = changes[location] if location in changes else (None if was in named else was)
            if will != was:
                plan[location] = will
        if len(plan) > self.change_limit:
            raise Illegal("too-many-changes", "WS-4", player=player, changed=list(plan))
        return plan

    def _plan_of(self, s: StreakState, player: str, move: dict[str, Any]) -> dict[str, str | None]:
        """The plan of a relocation being resolved: the one check_move made of this very move
        on this very state, or made afresh. Nothing changes the state between the check of a
        sealed submission and its phase's resolution, and every resolution fights (so
        `fights` grows); the state and the move are held, so their ids cannot be reused."""
        planned = self._planned.get(player)
        if planned is not None and planned[0] is s and planned[1] is move and planned[2] == s.fights:
            return planned[3]
        return self._plan(s, player, move["set"])

    def _check_buff(self, s: StreakState, player: str, buff: dict[str, str]) -> None:
        if self.holder != player:
            raise Illegal("no-advantage", "WS-5", holder=self.holder)
        if s.advantage_left <= 0:
            raise Illegal("advantage-used", "WS-5", player=player)
        self._troop(s, player, buff["troop"], "WS-5")

    def apply_move(self, s: StreakState, player: str, move: dict[str, Any]) -> list[Event]:
        raise NotImplementedError("every Winning Streak move is a sealed submission (resolve_phase)")

    # --- Resolution ---------------------------------------------------------------------
    def resolve_phase(self, s: StreakState, phase: Phase, submissions: dict[str, dict[str, Any] | None]) -> list[Event]:
        if s.stage == "placement":
            events = self._resolve_placement(s, submissions)
            if s.turn < self.placement_turns:
                s.turn += 1
                return events
            return self._fight(s, events)
        return self._fight(s, self._resolve_relocation(s, submissions))

    def _resolve_placement(self, s: StreakState, submissions: dict[str, dict[str, Any] | None]) -> list[Event]:
        events = []
        missed = [p for p in self.player_ids if submissions.get(p) is None]
        for player in self.player_ids:
            move = submissions.get(player)
            if move is None:
                continue
            name, location = move["troop"], move["location"]
            troop = s.standing[player][location] = s.troops[player][name]
            troop.at = location
            s.placed_order[player].append(name)
            events.append(new_event(("placed", {"player": player, "troop": name, "location": location},
                                                 WS2)))
        if missed:
            events.append(Event("missed-placement", {"players": missed, "turn": s.turn}, ("WS-2",)))
        if s.turn == self.placement_turns:
            events.append(Event("placement-over", {"turns": self.placement_turns}, ("WS-2", "WS-3")))
        return events

    def _resolve_relocation(self, s: StreakState, submissions: dict[str, dict[str, Any] | None]) -> list[Event]:
        """Both plans are made from the state at phase start (simultaneous), then carried out
        (WS-4): each changed location is emptied first and then filled, so moves and swaps
        need no order; a troop lifted and not placed again is in reserve. A buff follows its
        player's relocation (WS-5)."""
        make = new_event
        events: list[Event] = []
        ids = self.player_ids
        moves = [submissions.get(player) for player in ids]
        plans = [self._plan_of(s, player, move) if move else None for player, move in zip(ids, moves, strict=False)]
        for player, move, plan in zip(ids, moves, plans, strict=False):
            if plan is None or move is None:   # no submission (a move is planned whenever there is one)
                events.append(make(("relocated-nothing", {"player": player}, WS48)))
                continue
            changes: list[tuple[str, str | None, str | None]] = []
            if plan:
                standing, troops = s.standing[player], s.troops[player]
                for x, name in plan.items():
                    there = standing.pop(x, None)
                    if there is None:
                        changes.append((x, None, name))
                    else:
                        there.at = None
                        changes.append((x, there.name, name))
                for x, name in plan.items():
                    if name is not None:
                        troop = standing[x] = troops[name]
                        troop.at = x
            events.append(make(("relocated", {"player": player, "changes": changes}, WS4)))
            buff = move.get("buff")
            if buff:
                troop = s.troops[player][buff["troop"]]
                amount = self.params["advantage_amount"]
                setattr(troop, buff["stat"], getattr(troop, buff["stat"]) + amount)
                s.advantage_left -= 1
                events.append(Event("advantage-used", {"player": player, "troop": troop.name, "stat": buff["stat"],
                                                       "amount": amount, "now": (troop.attack, troop.health)},
                                    ("WS-5",)))
        return events

    def _fight(self, s: StreakState, events: list[Event]) -> list[Event]:
        """WS-3 at every unwon location, location by location; then the end check (WS-6).

        At each location a troop facing an empty square scores; facing troops deal their
        attack to each other at once, and one that kills and survives scores; a side
        reaching the points to win takes the location and the survivors there go to
        reserve. The hot loop of a replay, so written out in one piece: events are built as
        plain tuples (`new_event`, skipping the NamedTuple constructor), a dead or
        returning troop leaves `standing` here, and the living counts are kept in locals
        until the end."""
        s.fights += 1
        k = s.fights
        a, b = self.player_ids
        standing_a, standing_b, winner, all_points = s.standing[a], s.standing[b], s.winner, s.points
        target, empty_square, kill = self.target, self.points_empty, self.points_kill
        living = s.living
        living_a, living_b = living[a], living[b]
        make = new_event
        add = events.append
        empty = []
        for location in self.locations:
            if winner[location]:
                continue
            ta, tb = standing_a.get(location), standing_b.get(location)
            if ta is None:
                if tb is None:
                    empty.append(location)
                    continue
                points = all_points[location]
                pb = points[b] = points[b] + empty_square
                pa = points[a]
                add(make(("scored-empty", {"fight": k, "location": location, "player": b,
                                                 "troop": (tb.name, tb.attack, tb.health), "points": (pa, pb)}, WS3)))
            elif tb is None:
                points = all_points[location]
                pa = points[a] = points[a] + empty_square
                pb = points[b]
                add(make(("scored-empty", {"fight": k, "location": location, "player": a,
                                                 "troop": (ta.name, ta.attack, ta.health), "points": (pa, pb)}, WS3)))
            else:
                points = all_points[location]
                attack_a, attack_b, health_a, health_b = ta.attack, tb.attack, ta.health, tb.health
                before = ((ta.name, attack_a, health_a), (tb.name, attack_b, health_b))
                health_a = ta.health = health_a - attack_b
                health_b = tb.health = health_b - attack_a
                pa, pb = points[a], points[b]
                if health_a <= 0:
                    ta.alive = False
                    ta.at = None
                    del standing_a[location]
                    living_a -= 1
                    if health_b > 0:
                        pb = points[b] = pb + kill
                    else:
                        tb.alive = False
                        tb.at = None
                        del standing_b[location]
                        living_b -= 1
                elif health_b <= 0:
                    tb.alive = False
                    tb.at = None
                    del standing_b[location]
                    living_b -= 1
                    pa = points[a] = pa + kill
                add(make(("clash", {"fight": k, "location": location, "troops": before,
                                          "health": (health_a, health_b), "points": (pa, pb)}, WS3)))
            if pa >= target or pb >= target:
                # WS-3: the location is won; surviving troops there go to reserve
                player, score = (a, pa) if pa >= target else (b, pb)
                winner[location] = player
                returned = []
                if ta is not None and ta.alive:
                    returned.append((a, ta.name, ta.attack, ta.health))
                    ta.at = None
                    del standing_a[location]
                if tb is not None and tb.alive:
                    returned.append((b, tb.name, tb.attack, tb.health))
                    tb.at = None
                    del standing_b[location]
                add(make(("location-won", {"player": player, "location": location, "points": score,
                                                 "returned": returned}, WS3)))
        living[a], living[b] = living_a, living_b
        if empty:
            add(make(("no-troops", {"fight": k, "locations": empty}, WS3)))
        if living_a and living_b and not all(winner.values()):
            s.stage, s.round = "relocation", k   # WS-6: the match goes on (`_after_fight`, written out)
            return events
        events += self._after_fight(s)
        return events

    def _after_fight(self, s: StreakState) -> list[Event]:
        """WS-6: a side without living troops ends the match, and so does every location won."""
        a, b = self.player_ids
        left_a, left_b = s.living[a], s.living[b]
        if left_a == 0 and left_b == 0:
            events = [Event("both-out-of-troops", {}, ("WS-6",))]
            ending: dict[str, Any] = {"termination": "both-out-of-troops"}
        elif left_a == 0 or left_b == 0:
            out = a if left_a == 0 else b
            other = self.opponent(out)
            taken = [x for x in self.locations if not s.winner[x] and self.occupant(s, other, x)]
            for location in taken:
                s.winner[location] = other
            events = [Event("out-of-troops", {"player": out, "taker": other, "taken": taken}, ("WS-6",))]
            ending = {"termination": "out-of-troops", "out": out}
        elif all(s.winner.values()):
            events = [Event("every-location-won", {}, ("WS-6",))]
            ending = {"termination": "every-location-won"}
        else:
            s.stage, s.round = "relocation", s.fights
            return []
        s.stage = "over"
        s.result = self._score(s, **ending)
        events.append(Event("result", {"winner": s.result.winner, "termination": s.result.termination,
                                       "figures": s.result.figures}, ("WS-7",)))
        return events

    # --- Result -------------------------------------------------------------------------
    def _score(self, s: StreakState, termination: str, **figures: Any) -> Outcome:
        """WS-7: the longest streak, then more locations won, then the Advantage holder.

        The figures: each side's longest streak and locations won, what decided it
        (`streak`, `locations`, `advantage` or `tie`) and the Advantage holder, besides
        what the `termination` itself needs (`out`: who ran out of troops)."""
        a, b = self.player_ids
        streak, won = self.streaks(s), self.won(s)
        if streak[a] != streak[b]:
            winner, decided_by = (a if streak[a] > streak[b] else b), "streak"
        elif won[a] != won[b]:
            winner, decided_by = (a if won[a] > won[b] else b), "locations"
        elif self.holder:
            winner, decided_by = self.holder, "advantage"
        else:
            winner, decided_by = None, "tie"
        figures.update(streak=streak, won=won, decided_by=decided_by, advantage=self.holder)
        return Outcome(winner, termination, figures)

    # --- Self-play ----------------------------------------------------------------------
    def bot_score(self, s: StreakState, player: str) -> float:
        """Streak first, then locations won, then points at open locations (WS-7's order)."""
        other = self.opponent(player)
        streak, won = self.streaks(s), self.won(s)
        lead = sum(p[player] - p[other] for loc, p in s.points.items() if s.winner.get(loc) is None)
        return 1000 * (streak[player] - streak[other]) + 100 * (won[player] - won[other]) + lead

    def rounds_played(self, s: StreakState) -> int:
        return s.fights

    def outcome(self, s: StreakState) -> Outcome | None:
        return s.result

    def match_over(self, s: StreakState, outcome: Outcome) -> None:
        """A host ended the match: no placement or relocation is due any more."""
        s.ended = True

    def stopped_result(self, s: StreakState) -> Outcome:
        """A host's `end` without a winner: WS-7 over the locations won so far.

        Unwon locations break streaks; the WS-6 walkover (winning every location where
        one still has a troop) belongs only to a side running out of troops, not here.
        """
        return self._score(s, "scored-so-far")

