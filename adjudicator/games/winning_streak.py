"""Winning Streak by elara (seed 004; rulings WS-1…WS-8).

Each side has 25 troops named by their starting attack and health (`3/5`) and 13
locations in a line, A–M. Thirteen sealed placement turns put one troop each on the
field; then fights and sealed relocations alternate: every fight resolves the moment the
phase before it resolves (placement turn 13, or relocation round k before fight k+1), so
relocation round k always follows fight k. Ten points at a location win it; the match
ends when a side has no living troops or every location is won, and the longest run of
adjacent won locations wins (WS-6, WS-7).

Both players submit in every phase, even with nothing to do; the host closes a phase
with `deadline`, and a missing submission does nothing (G-2). The game only sees the
submissions when the engine resolves the phase, so nothing sealed reaches a board.

The rules core writes no text: it reports events, refuses with codes and ends with an
Outcome (a termination code and the WS-7 figures); every sentence of the game is in the
final section, "Wording".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Iterator

from adjudicator.game import Event, Form, Game, Illegal, ItemsView, Nature, Outcome, Pending, Phase, Player, new_event
from adjudicator.errors import NotationError
from adjudicator.lexicon import Lexicon
from adjudicator.render import Para, Pre, Span, Table

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


def _snap(troop: Troop) -> tuple[str, int, int]:
    """A troop as plain data for an event: (name, attack, health) as they are now."""
    return (troop.name, troop.attack, troop.health)


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


class WinningStreak(Game):
    name = "winning-streak"
    nature = Nature(turns=False, sealed_phases=True)
    notation = (
        Form("[tTURN] place TROOP LOCATION", ("place 3/5 C", "t4 place 3/5 C"),
             "a placement; the current turn is filled in (WS-2)"),
        Form("[rROUND] set LOCATION=TROOP|- ... [buff TROOP attack|health]",
             ("set A=3/5 B=-", "r2 set A=3/5 buff 3/5 health", "set"),
             "a relocation, at most 3 changes; 'set' alone changes nothing (WS-4, WS-5)"),
    )

    def __init__(self, ruleset: Any, players: list[Player], header: dict[str, Any] | None = None) -> None:
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
        return self.params["placement_turns"]

    @cached_property
    def change_limit(self) -> int:
        return self.params["relocation_changes"]

    @cached_property
    def target(self) -> int:
        return self.params["points_to_win"]

    @cached_property
    def points_empty(self) -> int:
        return self.params["points_empty_square"]

    @cached_property
    def points_kill(self) -> int:
        return self.params["points_kill_and_survive"]

    @cached_property
    def squad(self) -> tuple[tuple[str, int, int], ...]:
        """Each troop's name and starting attack and health (WS-1), read from its name once."""
        return tuple((name, *(int(x) for x in name.split("/"))) for name in self.params["troops"])

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
            self._troop(s, player, move["troop"], "WS-2")   # refused
        if troop.at is not None or troop.name in s.placed_order[player]:
            raise Illegal("troop-placed", "WS-2", player=player, troop=troop.name, at=troop.at)
        location = self._location(move["location"], "WS-2")
        if s.winner[location]:
            raise Illegal("location-won", "WS-3", "WS-2", location=location, winner=s.winner[location],
                          stage="placement")
        there = self.occupant(s, player, location)
        if there is not None:
            raise Illegal("location-taken", "WS-2", player=player, location=location, troop=_snap(there))

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
        if len(changes) == 1:   # the usual relocation: one location named, checked as below
            for location, name in changes.items():
                if location not in position:
                    self._location(location, "WS-4")   # refused
                if name is None:   # a withdrawal: the location's troop, if any, to reserve
                    plan = {location: None} if location in s.standing[player] else {}
                else:
                    troop = troops.get(name)
                    if troop is None or not troop.alive:
                        self._troop(s, player, name, "WS-4")   # refused
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
                self._troop(s, player, name, "WS-4")   # refused
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
        plan: dict[str, str | None] = {}
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
        plans = [self._plan_of(s, player, submissions[player]) if submissions.get(player) else None
                 for player in ids]
        for player, plan in zip(ids, plans):
            if plan is None:
                events.append(make(("relocated-nothing", {"player": player}, WS48)))
                continue
            changes = []
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
            buff = submissions[player].get("buff")
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

    # --- Views --------------------------------------------------------------------------
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
        """A location as one line on a phone (issue 25): `Sally: 4/4 now 4/1 · pts 2–0 ·
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

    def draw_board(self, view: dict[str, Any], canvas: Any, private: dict[str, Any] | None = None) -> bool:
        """The picture (issue 18), drawn in its own module so text boards never load it."""
        from adjudicator.games.winning_streak_picture import draw

        return draw(self, view, canvas, private)

    # --- Notation -----------------------------------------------------------------------
    _NUMBER = re.compile(r"^(t|turn|r|round)(\d+)$")
    _ASSIGN = re.compile(r"^([a-z]{1,3})=(\d+/\d+|-|none|empty|reserve)$")
    _TROOP = re.compile(r"^\d+/\d+$")
    _STAT = {"attack": "attack", "atk": "attack", "a": "attack", "health": "health", "hp": "health", "h": "health"}

    def parse_move(self, text: str) -> dict[str, Any]:
        raw = re.sub(r"\s*=\s*", "=", text.strip().lower().replace(",", " "))
        words = raw.split()
        number: tuple[str, int] | None = None
        rest = []
        index = 0
        while index < len(words):
            word = words[index]
            if word in ("turn", "round") and index + 1 < len(words) and words[index + 1].isdecimal():
                word, index = word + words[index + 1], index + 1
            found = self._NUMBER.match(word)
            if found and number is None:
                number = ("turn" if found.group(1).startswith("t") else "round", int(found.group(2)))
            else:
                rest.append(word)
            index += 1
        move = self._parse_placement(rest) if (number or ("", 0))[0] != "round" else None
        if move is None and (number is None or number[0] == "round"):
            move = self._parse_relocation(rest)
        if move is None:
            raise NotationError(f"'{text}' is not a Winning Streak move. Write a placement as 't4 place 3/5 C' "
                                f"(turn, troop, location) or a relocation as 'r2 set A=3/5 B=- buff 3/5 health' "
                                f"('r2 set' alone changes nothing).")
        if number is not None:
            move[number[0]] = number[1]
        return move

    _FILLERS = ("place", "p", "at", "in", "on", "to", "into", "put")   # read past between a troop and its location

    def _parse_placement(self, words: list[str]) -> dict[str, Any] | None:
        """`place 3/5 C`, `3/5 to C`, `C: 3/5`: one troop and one location, in either order."""
        words = [w for w in words if w not in self._FILLERS]
        if len(words) == 2 and self._TROOP.match(words[0]) and words[1].isalpha():
            # any word as the location: the schema and the rules say precisely what is wrong
            return {"phase": "placement", "troop": words[0], "location": words[1].upper()}
        if len(words) == 2 and self._TROOP.match(words[1]) and self._is_location_word(words[0]):
            return {"phase": "placement", "troop": words[1], "location": words[0].upper()}
        return None

    def _is_location_word(self, word: str) -> bool:
        """A word that can name a location (the rules and is_plausible say whether it is one)."""
        return word.isalpha() and len(word) <= 3 and word not in ("set", "buff", "reserve", "none")

    def _parse_relocation(self, words: list[str]) -> dict[str, Any] | None:
        """`set A=3/5 B=- buff 3/5 health`; changes also as players write them (issue 23):
        `4/5 C 5/4 D` or `C 4/5` (a troop and its new location, either order), `A reserve`
        (withdraw A's troop)."""
        if words and words[0] in ("set", "relocate", "s"):
            words = words[1:]
        elif words in (["pass"], ["none"], ["no", "change"]):
            words = []
        elif not words:
            return None
        move: dict[str, Any] = {"phase": "relocation", "set": {}}
        index = 0
        while index < len(words):
            word = words[index]
            found = self._ASSIGN.match(word)
            if found:
                value = found.group(2)
                if found.group(1).upper() in move["set"]:   # `set A=3/5 A=4/5`: which one? (issue 23)
                    return None
                move["set"][found.group(1).upper()] = value if self._TROOP.match(value) else None
                index += 1
                continue
            if word == "buff" and index + 2 < len(words) and "buff" not in move:
                one, two = words[index + 1], words[index + 2]
                troop, stat = (one, two) if self._TROOP.match(one) else (two, one)
                if self._TROOP.match(troop) and stat.lstrip("+") in self._STAT:
                    move["buff"] = {"troop": troop, "stat": self._STAT[stat.lstrip("+")]}
                    index += 3
                    continue
            pair = self._change_at(words, index)
            if pair is None or pair[0] in move["set"]:
                return None
            location, troop, index = pair
            move["set"][location] = troop
        return move

    def _change_at(self, words: list[str], index: int) -> tuple[str, str | None, int] | None:
        """(location, new occupant or None, next index) of a change written as a troop and a
        location in either order, or a location and `reserve`, with fillers between."""
        following = index + 1
        while following < len(words) and words[following] in self._FILLERS:
            following += 1
        if following >= len(words):
            return None
        one, two = words[index], words[following]
        if self._TROOP.match(one) and self._is_location_word(two):
            return two.upper(), one, following + 1
        if self._is_location_word(one) and (self._TROOP.match(two) or two == "reserve"):
            return one.upper(), (two if two != "reserve" else None), following + 1
        return None

    def lexicon(self) -> Lexicon:
        """The words of Winning Streak moves (issue 23): the locations, troops `3/5`, changes
        `C=3/5`, the turn or round, `place`, `set`, `reserve`, and the Advantage (WS-5) as
        players write it: "advantage" is `buff`, and its fixed "+1" says nothing more."""
        amount = self.params.get("advantage_amount")
        phrases: dict[tuple[str, ...], tuple[str, ...]] = {("advantage",): ("buff",)}
        if isinstance(amount, int):
            phrases[(f"+{amount}",)] = ()
        words = {x.casefold() for x in self.locations} | {"place", "set", "buff", "relocate", "reserve", "turn",
                                                          "round", *self._STAT}
        return Lexicon(frozenset(words), (r"\d+/\d+", r"[a-z]{1,3}=\S*", r"t\d+", r"r\d+"), phrases,
                       frozenset({"buff"}))

    def is_plausible(self, move: dict[str, Any]) -> bool:
        """Among other words of a post, `pass`, `none` and `no change` are chatter: a relocation
        that changes nothing is read only as the whole post or with its round (`r2 set`); and a
        run naming no location of the match (`3/5 x`) is no move (issue 17)."""
        named = [move.get("location")] if move.get("phase") == "placement" else list(move.get("set") or ())
        if not all(isinstance(x, str) and x.upper() in self.line_position for x in named):
            return False
        return move.get("phase") != "relocation" or bool(move.get("set") or move.get("buff")) or "round" in move

    def complete_move(self, s: StreakState, player: str, move: dict[str, Any]) -> dict[str, Any]:
        """Fill in the turn or round a typed move left out: the current one (so `place 3/5 C` works).

        A number for the other kind of phase is still filled in, so check_move can say
        plainly that this is the wrong phase rather than the schema saying a field is missing.
        """
        move = dict(move)
        if move.get("phase") == "placement" and "turn" not in move and s.stage == "relocation" \
                and isinstance(move.get("location"), str):
            # `place 3/5 C` or `3/5 to C` while relocating: the troop moves to C (WS-4)
            move = {"phase": "relocation", "set": {move["location"]: move.get("troop")}}
        if move.get("phase") == "placement" and "turn" not in move:
            move["turn"] = s.turn
        elif move.get("phase") == "relocation" and "round" not in move:
            move["round"] = max(s.round, 1)
        return move

    def format_move(self, move: dict[str, Any]) -> str:
        if move["phase"] == "placement":
            prefix = f"t{move['turn']} " if "turn" in move else ""
            return f"{prefix}place {move['troop']} {move['location']}"
        prefix = f"r{move['round']} " if "round" in move else ""
        order = self.line_position
        changes = sorted(move["set"].items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0]))
        words = [f"{prefix}set"] + [f"{x}={name or '-'}" for x, name in changes]
        if move.get("buff"):
            words.append(f"buff {move['buff']['troop']} {move['buff']['stat']}")
        return " ".join(words)

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
                against = _snap(facing) if facing else None
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
                        (Event("would-field", {"troop": _snap(troop), "location": x, "replaces": here, "changes": 1}),)
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


GAME = WinningStreak


# --- Wording --------------------------------------------------------------------------------
# Every sentence of Winning Streak: what happened (events), why an entry is refused, how a
# match ended, what is due, and what a legal move would do. Made only when shown.

def _now(troop: tuple[str, int, int]) -> str:
    """`5/5` while unchanged, `5/5 now 5/4` once damaged or buffed (WS-4 keeps damage)."""
    name, attack, health = troop
    current = f"{attack}/{health}"
    return name if current == name else f"{name} now {current}"


def _standing(g: WinningStreak, points: tuple[int, int]) -> str:
    """`(sally 1, maddie 0)`: the points at a location after its fight."""
    a, b = map(g.who, g.player_ids)
    return f"({a} {points[0]}, {b} {points[1]})"


def _clash(g: WinningStreak, f: dict[str, Any]) -> str:
    a, b = map(g.who, g.player_ids)
    (name_a, attack_a, _), (name_b, attack_b, _) = troops = f["troops"]
    health_a, health_b = f["health"]
    shown = f"{a}'s {_now(troops[0])} vs {b}'s {_now(troops[1])}"
    if health_a <= 0 and health_b <= 0:
        told = f"{shown}: both die, no point"
    elif health_a > 0 and health_b > 0:
        told = (f"{shown}: both survive ({a}'s at {attack_a}/{health_a}, {b}'s at {attack_b}/{health_b}), "
                "no point")
    else:
        if health_b <= 0:
            killer, name, attack, health, loser, lost = a, name_a, attack_a, health_a, b, name_b
        else:
            killer, name, attack, health, loser, lost = b, name_b, attack_b, health_b, a, name_a
        told = f"{shown}: {loser}'s {lost} dies; {killer}'s {name} survives at {attack}/{health} and scores"
    return f"fight {f['fight']} at {f['location']}: {told} {_standing(g, f['points'])}"


def _returned(g: WinningStreak, returned: list[tuple[str, str, int, int]]) -> str:
    troops = ", ".join(f"{g.who(owner)}'s {_now((name, attack, health))}" for owner, name, attack, health in returned)
    return (troops or "no troop") + " return" + ("s" if len(returned) <= 1 else "") + " to reserve"


def _relocated(g: WinningStreak, f: dict[str, Any]) -> str:
    changes = f["changes"]
    if not changes:
        return f"{g.who(f['player'])} changes no location"
    what = ", ".join(f"{x} {was or '-'}→{will or '-'}" for x, was, will in changes)
    return (f"{g.who(f['player'])} changes {len(changes)} location{'s' if len(changes) != 1 else ''} "
            f"of {g.change_limit}: {what}")


def _left(g: WinningStreak, used: int) -> str:
    """`2 changes, 1 of 3 left`: what a relocation would leave of the WS-4 limit."""
    limit = g.change_limit
    return f"{used} change{'s' if used != 1 else ''}, {limit - used} of {limit} left"


def _field(g: WinningStreak, f: dict[str, Any]) -> str:
    verb = f"{_now(f['troop'])} replaces {f['replaces']} (to reserve)" if f["replaces"] else f"field {_now(f['troop'])}"
    return f"{verb} at {f['location']}: {_left(g, f['changes'])}"


WORDS: dict[str, Any] = {
    "placed": lambda g, f: f"{g.who(f['player'])} places {f['troop']} at {f['location']}",
    "missed-placement": lambda g, f: (f"a missed placement turn places nothing: {' and '.join(map(g.who, f['players']))} "
                                      f"place{'s' if len(f['players']) == 1 else ''} no troop in turn {f['turn']}"),
    "placement-over": lambda g, f: f"placement is over after {f['turns']} turns: the first fight follows",
    "relocated-nothing": lambda g, f: f"{g.who(f['player'])} is taken to have relocated nothing",
    "relocated": _relocated,
    "advantage-used": lambda g, f: (f"{g.who(f['player'])} uses the Advantage: {f['troop']} gains +{f['amount']} "
                                    f"{f['stat']} (now {f['now'][0]}/{f['now'][1]}); not a change of location"),
    "scored-empty": lambda g, f: (f"fight {f['fight']} at {f['location']}: {g.who(f['player'])}'s {_now(f['troop'])} "
                                  f"faces an empty square and scores {_standing(g, f['points'])}"),
    "clash": _clash,
    "location-won": lambda g, f: (f"{g.who(f['player'])} reaches {f['points']} points at {f['location']} and wins it; "
                                  f"{_returned(g, f['returned'])}"),
    "no-troops": lambda g, f: f"fight {f['fight']}: no troops at {', '.join(f['locations'])}",
    "both-out-of-troops": lambda g, f: "neither side has a living troop: the match ends and no unwon location is won",
    "out-of-troops": lambda g, f: (f"{g.who(f['player'])} has no living troops: the match ends; {g.who(f['taker'])} wins every "
                                   f"unwon location where they have a troop ({', '.join(f['taken']) or 'none'})"),
    "every-location-won": lambda g, f: "every location has been won: the match ends",
    "result": lambda g, f: (f"result: {g.who(f['winner']) if f['winner'] else 'no winner'} — "
                            f"{ENDINGS[f['termination']](g, f['figures'])}"),
    # What a legal move would do (previews)
    "would-place": lambda g, f: (f"{f['troop']} to {f['location']}, " +
                                 (f"facing {g.who(f['opponent'])}'s {_now(f['facing'])}" if f["facing"]
                                  else "nothing of the opponent's there yet")),
    "would-keep": lambda g, f: f"no change ({g.change_limit} of {g.change_limit} changes left)",
    "would-field": _field,
    "would-withdraw": lambda g, f: f"withdraw {f['troop']} from {f['location']}: {_left(g, f['changes'])}",
    "would-swap": lambda g, f: f"swap {f['locations'][0]} and {f['locations'][1]}: {_left(g, f['changes'])}",
    "would-move": lambda g, f: f"move {f['troop']} from {f['from']} to {f['to']}: {_left(g, f['changes'])}",
    "would-buff": lambda g, f: f"Advantage: {f['troop']} +{f['amount']} {f['stat']}, no change of location",
}


REFUSALS: dict[str, Any] = {
    "unknown-troop": lambda g, f: (f"there is no troop '{f['troop']}' in {g.who(f['player'])}'s squad: troops are named "
                                   f"by their starting attack/health, {g.params['troops'][0]} … "
                                   f"{g.params['troops'][-1]}"),
    "troop-dead": lambda g, f: (f"the troop {f['troop']} of {g.who(f['player'])}'s died in an earlier fight and is out "
                                "of the game"),
    "unknown-location": lambda g, f: (f"there is no location '{f['location']}' "
                                      f"(locations {g.locations[0]}–{g.locations[-1]})"),
    "wrong-phase": lambda g, f: (f"this is placement turn {f['turn']} of {g.placement_turns}: place a troop; "
                                 "relocation starts after the first fight" if f["stage"] == "placement" else
                                 f"placement is over; this is relocation round {f['round']} (after fight "
                                 f"{f['fights']}): relocate, or submit an empty set"),
    "wrong-turn": lambda g, f: f"this is placement turn {f['turn']}, not turn {f['given']}",
    "wrong-round": lambda g, f: (f"this is relocation round {f['round']} (after fight {f['fights']}), "
                                 f"not round {f['given']}"),
    "troop-placed": lambda g, f: (f"the troop {f['troop']} of {g.who(f['player'])}'s has already been placed"
                                  f"{' (at ' + f['at'] + ')' if f['at'] else ''}; place a troop that has yet "
                                  "to be placed"),
    "location-won": lambda g, f: (f"{f['location']} has been won by {g.who(f['winner'])}; no more troops may be placed "
                                  "there" if f["stage"] == "placement" else
                                  f"{f['location']} has been won by {g.who(f['winner'])}: won locations take no troops"),
    "location-taken": lambda g, f: (f"{f['location']} already holds a troop of {g.who(f['player'])}'s "
                                    f"({_now(f['troop'])}); one troop per location per side"),
    "troop-twice": lambda g, f: (f"{f['troop']} is named at both {f['first']} and {f['second']}; a troop stands "
                                 "in one place"),
    "too-many-changes": lambda g, f: (f"this relocation of {g.who(f['player'])}'s changes {len(f['changed'])} locations "
                                      f"({', '.join(f['changed'])}); at most {g.change_limit} may change (a move "
                                      "or a swap changes both ends)"),
    "no-advantage": lambda g, f: ("only the Advantage holder may buff a troop "
                                  f"({f['holder'] + ' holds it' if f['holder'] else 'nobody holds it in this match'})"),
    "advantage-used": lambda g, f: f"the Advantage has already been used by {g.who(f['player'])} (once per match)",
}


def _score(g: WinningStreak, f: dict[str, Any]) -> str:
    """WS-7 in words: what decided the result, from its figures."""
    a, _ = g.player_ids
    streak, won, decided_by = f["streak"], f["won"], f["decided_by"]
    if decided_by == "streak":
        return f"longest winning streak {max(streak.values())} to {min(streak.values())}"
    if decided_by == "locations":
        return f"streaks {streak[a]} each; more locations won ({max(won.values())} to {min(won.values())})"
    if decided_by == "advantage":
        return f"streaks {streak[a]} each and {won[a]} locations each; {g.who(f['advantage'])} holds the Advantage"
    return f"streaks {streak[a]} each and {won[a]} locations each, and nobody holds the Advantage"


ENDINGS: dict[str, Any] = {
    "out-of-troops": lambda g, f: f"{g.who(f['out'])} ran out of troops; {_score(g, f)}",
    "both-out-of-troops": lambda g, f: f"both sides ran out of troops; {_score(g, f)}",
    "every-location-won": lambda g, f: f"every location won; {_score(g, f)}",
    "scored-so-far": lambda g, f: f"locations won so far: {_score(g, f)}",
}


DUES: dict[str, Any] = {
    "placement": lambda g, f: f"placement turn {f['number']}",
    "relocation": lambda g, f: f"relocation round {f['number']}",
}


WinningStreak.words = WORDS
WinningStreak.refusals = REFUSALS
WinningStreak.endings = ENDINGS
WinningStreak.dues = DUES
