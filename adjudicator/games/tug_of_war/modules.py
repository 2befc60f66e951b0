"""The modules of Zero's Tug of War, each a small class of pure mechanics (Maze, Path: grids.py).

A module keeps its state in a plain dict (inside the match state) and works on a `Play`,
the turn being resolved: one call per card (`card`), one after the cards (`after_cards`),
and the rewards (`usual_reward`, `scoring_reward`). Every number comes from the module's
ruleset parameters; the turn order, points, wins and payment live in rules.py (TW-9).
A module reports what a card did as an `Event` of plain data and a reward's reason as a
tuple (code, numbers…); words.py words both, only when shown.
"""

from __future__ import annotations

import string
from typing import TYPE_CHECKING, Any

from adjudicator.game import Event, Illegal, new_event

if TYPE_CHECKING:   # the game a module belongs to; the rules core imports the modules
    from adjudicator.games.tug_of_war.rules import TugOfWarRules

# A reward to pay (TW-6): (player, strength, why), `why` a reason as data, (code, values…).
Gain = tuple[str, int, tuple[Any, ...]]

DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


class Play:
    """One turn on one module, as it resolves (TW-9). Shared by check and apply. A plain
    class with slots: replay makes one per entry."""

    __slots__ = ("cards", "events", "index", "info", "mod", "module", "move", "mover", "opponent", "scorer", "state",
                 "won_outright")

    def __init__(self, mover: str, opponent: str, module: str, cards: list[int], move: dict[str, Any],
                 mod: dict[str, Any], state: Any = None, *events: Event) -> None:
        self.mover = mover
        self.opponent = opponent
        self.module = module
        self.cards = cards
        self.move = move
        self.mod = mod                          # the chosen module's state dict
        self.events: list[Event] = [*events]    # what the turn did so far
        self.scorer: str | None = None          # a point scored on the chosen module this turn
        self.won_outright: str | None = None    # Tower or Maze won this turn (no points)
        self.info: dict[str, Any] = {}
        self.index = 0                          # the card being resolved (0-based)
        self.state = state                      # the match state (or check_move's scratch copy)

    def tell(self, kind: str, rulings: tuple[str, ...], **fields: Any) -> None:
        self.events.append(new_event((kind, fields, rulings)))


R10, R11, R12, R13, R16, R17 = ("TW-10",), ("TW-11",), ("TW-12",), ("TW-13",), ("TW-16",), ("TW-17",)


def cell_name(row: int, col: int) -> str:
    """(0, 2) → 'C1': column letter, row number from the top (SPEC)."""
    return f"{string.ascii_uppercase[col]}{row + 1}"


def parse_cell(text: str) -> tuple[int, int] | None:
    text = text.strip().upper()
    if len(text) < 2 or text[0] not in string.ascii_uppercase or not text[1:].isdecimal():
        return None
    return int(text[1:]) - 1, string.ascii_uppercase.index(text[0])


class Module:
    name = ""
    title = ""
    ruling = ""
    has_points = True                   # Tower and Maze are won outright
    scoring_reward_kind = True          # Rope, Tower, Maze have no scoring reward (TW-6)
    pairs: tuple[str, ...] = ()         # the state's per-player dicts, copied with the state
    card_may_refuse = False             # whether a card, past the move's checks, may be refused (Race)

    def __init__(self, game: TugOfWarRules, params: dict[str, Any]) -> None:
        self.game = game
        self.p = params

    def initial(self) -> dict[str, Any]:
        raise NotImplementedError

    def copy(self, mod: dict[str, Any]) -> dict[str, Any]:
        """A copy of the module's state sharing nothing a turn changes (check_move plays
        the turn on it): the points and the per-player dicts are copied, the rest is atoms."""
        new = mod.copy()
        new["points"] = mod["points"].copy()
        for key in self.pairs:
            new[key] = mod[key].copy()
        return new

    def check_extras(self, move: dict[str, Any], cards: list[int]) -> None:
        """Per-module fields of the move (option, directions, anchors), before any card."""

    def check_lone_card(self, mod: dict[str, Any], player: str, strength: int) -> None:
        """For a module whose card may be refused: refuse a move of this one card as `card`
        would, without playing it (check_move then need not play it on a copy)."""

    def card(self, play: Play, strength: int) -> None:
        raise NotImplementedError

    def after_cards(self, play: Play) -> None:
        """Anything checked once the cards have resolved (Path's paths)."""

    def usual_reward(self, play: Play) -> list[Gain]:
        raise NotImplementedError

    def scoring_reward(self, play: Play) -> list[Gain] | None:
        return None

    def view(self, mod: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in mod.items() if k not in ("winner", "points")}

    def validate(self) -> list[str]:
        return []

    @property
    def points_to_win(self) -> int:
        points: int = self.p["points_to_win"]
        return points

    def ids(self) -> tuple[str, ...]:
        return self.game.player_ids


# --- Rope (TW-10) ------------------------------------------------------------------------

class Rope(Module):
    name, title, ruling = "rope", "Rope", "TW-10"
    scoring_reward_kind = False
    pairs = ("spots",)

    def __init__(self, game: Any, params: dict[str, Any]) -> None:
        super().__init__(game, params)
        self._letters: dict[int, str | None] = {}   # the letter of each spot met, worked out once

    def initial(self) -> dict[str, Any]:
        return {"spots": dict.fromkeys(self.ids(), self.p["start_spot"])}

    def card(self, play: Play, s: int) -> None:
        spots = play.mod["spots"]
        m, o = play.mover, play.opponent
        spot = spots[m] = min(self.p["length"], spots[m] + s)
        theirs = spots[o] = spots[o] - s
        play.info["spot"] = spot
        if theirs <= 0:
            play.scorer = m
            play.events.append(new_event(("rope-scored", {"player": m, "opponent": o, "strength": s,
                                                                 "spot": spot}, R10)))
            spots[m] = spots[o] = self.p["start_spot"]
        else:
            play.events.append(new_event(("rope-pulled", {"player": m, "opponent": o, "strength": s,
                                                                 "spot": spot, "their_spot": theirs}, R10)))

    def letter(self, spot: int) -> str | None:
        try:
            return self._letters[spot]
        except KeyError:
            pass
        found = None
        for letter, (low, high) in self.p["letters"].items():
            if low <= spot <= high:
                found = letter
                break
        self._letters[spot] = found
        return found

    def usual_reward(self, play: Play) -> list[Gain]:
        spot = play.info["spot"]  # a scoring turn reads the spot held before the reset (TW-10)
        letter = self.letter(spot)
        if letter is None:
            return []
        return self.game.letter_reward(play, letter, ("rope-letter", letter, spot))

    def validate(self) -> list[str]:
        out = []
        n = self.p["length"]
        if not 1 <= self.p["start_spot"] <= n:
            out.append(f"rope.start_spot must lie in 1–{n}.")
        covered: set[int] = set()
        for letter, span in self.p["letters"].items():
            if letter not in "ABCDEFG" or len(span) != 2:
                out.append(f"rope.letters.{letter} must be one of A–G with [low, high].")
                continue
            spots = set(range(span[0], span[1] + 1))
            if spots & covered:
                out.append(f"rope.letters.{letter} overlaps another letter's spots.")
            covered |= spots
        if not set(range(1, n + 1)) <= covered:
            out.append(f"rope.letters must give a letter to every spot 1–{n}.")
        return out


# --- Race (TW-11) ------------------------------------------------------------------------

class Race(Module):
    name, title, ruling = "race", "Race", "TW-11"
    pairs = ("steps",)
    card_may_refuse = True              # overshooting the end (TW-11)

    def initial(self) -> dict[str, Any]:
        return {"steps": dict.fromkeys(self.ids(), 0)}

    def check_lone_card(self, mod: dict[str, Any], player: str, s: int) -> None:
        here, end = mod["steps"][player], self.p["length"]
        if s > end - here:
            raise Illegal("race-overshoot", "TW-11", strength=s, step=here, left=end - here)

    def card(self, play: Play, s: int) -> None:
        steps = play.mod["steps"]
        m, o = play.mover, play.opponent
        here, end = steps[m], self.p["length"]
        if s > end - here:
            raise Illegal("race-overshoot", "TW-11", strength=s, step=here, left=end - here)
        target = here + s
        puddle = None
        for spot in self.p["puddles"] and sorted(self.p["puddles"]):
            if here < spot <= target:
                puddle = spot
                break
        if puddle is not None and puddle < target:
            target = puddle
        steps[m] = target
        if target == end:
            play.scorer = m
            play.events.append(new_event(("race-scored", {"player": m, "strength": s, "end": end}, R11)))
            steps[m] = steps[o] = 0
        else:
            play.events.append(new_event(("race-ran", {
                "player": m, "opponent": o, "strength": s, "step": target, "their_step": steps[o],
                "puddle": puddle if puddle is not None and puddle < here + s else None}, R11)))

    def usual_reward(self, play: Play) -> list[Gain]:
        steps = play.mod["steps"]
        gap = abs(steps[play.mover] - steps[play.opponent])
        return [(play.mover, gap, ("race-distance", gap))]

    def scoring_reward(self, play: Play) -> list[Gain]:
        return [(play.mover, self.p["score_reward"], ("race-point",))]


# --- Collation (TW-12) -------------------------------------------------------------------

class Collation(Module):
    name, title, ruling = "collation", "Collation", "TW-12"
    pairs = ("held",)

    def initial(self) -> dict[str, Any]:
        return {"pile": self.p["pile"], "held": dict.fromkeys(self.ids(), 0)}

    def card(self, play: Play, s: int) -> None:
        mod = play.mod
        held = mod["held"]
        m = play.mover
        take = min(s, mod["pile"])
        held[m] += take
        mod["pile"] -= take
        play.info["taken"] = play.info.get("taken", 0) + take
        play.events.append(new_event(("collation-took", {"player": m, "take": take, "held": held[m],
                                                                "pile": mod["pile"]}, R12)))
        early = self.p.get("early_end")
        taken = self.p["pile"] - mod["pile"]
        scorer = None
        if early and taken >= early["taken"]:
            over = [p for p in (m, play.opponent) if held[p] >= early["holding"]]
            if over:
                scorer = max(over, key=lambda p: held[p])
                play.tell("collation-early", R12, player=scorer, taken=taken, held=held[scorer])
        if scorer is None and mod["pile"] == 0:
            a, b = self.ids()
            if held[a] != held[b]:
                scorer = a if held[a] > held[b] else b
                play.tell("collation-emptied", R12, player=scorer, held=[held[a], held[b]])
            else:
                play.tell("collation-tied", R12, held=held[a])
                self._reset(mod)
                return
        if scorer:
            play.scorer = scorer
            play.info["held_at_point"] = dict(held)
            self._reset(mod)

    def _reset(self, mod: dict[str, Any]) -> None:
        mod["pile"] = self.p["pile"]
        for p in mod["held"]:
            mod["held"][p] = 0

    def usual_reward(self, play: Play) -> list[Gain]:
        taken = play.info.get("taken", 0)
        return [(play.mover, taken, ("collation-taken", taken))]

    def scoring_reward(self, play: Play) -> list[Gain]:
        per = self.p["counters_per_card"]
        out = []
        for p in self.ids():
            held = play.info["held_at_point"][p]
            out += [(p, 1, ("collation-point", held, per))] * (held // per)
        return out


# --- Clock (TW-13) -----------------------------------------------------------------------

class Clock(Module):
    name, title, ruling = "clock", "Clock", "TW-13"

    def initial(self) -> dict[str, Any]:
        return {"colour": None, "filled": 0}

    def card(self, play: Play, s: int) -> None:
        mod = play.mod
        m = play.mover
        theirs = 0
        if mod["colour"] in (None, m):
            mod["colour"], mod["filled"] = m, mod["filled"] + s
            how = "coloured"
        else:
            theirs = mod["filled"]
            if s < theirs:
                mod["filled"] = theirs - s
                how = "pushed"
            elif s == theirs:
                mod["colour"], mod["filled"] = None, 0
                how = "emptied"
            else:
                mod["colour"], mod["filled"] = m, s - theirs
                how = "overfilled"
        segments = self.p["segments"]
        if mod["colour"] == m and mod["filled"] >= segments:
            excess = mod["filled"] - segments
            play.scorer = m
            play.info["excess"] = excess
            play.events.append(new_event(("clock-full", {
                "player": m, "opponent": play.opponent, "strength": s, "how": how, "filled": mod["filled"],
                "theirs": theirs, "excess": excess}, R13)))
            mod["colour"], mod["filled"] = None, 0
        else:
            play.events.append(new_event(("clock-turned", {
                "player": m, "opponent": play.opponent, "strength": s, "how": how, "filled": mod["filled"],
                "theirs": theirs}, R13)))

    def usual_reward(self, play: Play) -> list[Gain]:
        filled = play.mod["filled"]
        n = filled // self.p["segments_per_quarter"] + 1
        return [(play.mover, n, ("clock-filled", filled, n - 1))]

    def scoring_reward(self, play: Play) -> list[Gain]:
        excess = play.info["excess"]
        n = self.p["score_reward"] + excess
        return [(play.mover, n, ("clock-point", self.p["score_reward"], excess))]


# --- Conker (TW-16) ----------------------------------------------------------------------

class Conker(Module):
    name, title, ruling = "conker", "Conker", "TW-16"
    pairs = ("height",)

    def initial(self) -> dict[str, Any]:
        return {"height": dict.fromkeys(self.ids(), 0)}

    def card(self, play: Play, s: int) -> None:
        h = play.mod["height"]
        m, o = play.mover, play.opponent
        h[m] += s
        play.events.append(new_event(("conker-raised", {"player": m, "opponent": o, "strength": s,
                                                               "height": h[m], "their_height": h[o]}, R16)))

    def usual_reward(self, play: Play) -> list[Gain]:
        out = [(play.mover, self.p["play_reward"], ("conker-played",))]
        if len(play.cards) > 1:
            out.append((play.mover, self.p["extra_card_reward"], ("conker-cards",)))
        return out


# --- Tower (TW-17) -----------------------------------------------------------------------

class Tower(Module):
    name, title, ruling = "tower", "Tower", "TW-17"
    has_points = False
    scoring_reward_kind = False
    pairs = ("height",)

    def initial(self) -> dict[str, Any]:
        return {"height": dict.fromkeys(self.ids(), 0)}

    def lights(self, height: int) -> int:
        every: int = self.p["light_every"]
        return height // every

    def check_extras(self, move: dict[str, Any], cards: list[int]) -> None:
        if move.get("option") not in ("A", "B", "C"):
            raise Illegal("option-required", "TW-3", "TW-17")

    def card(self, play: Play, s: int) -> None:
        h = play.mod["height"]
        m, o = play.mover, play.opponent
        h[m] = min(self.p["height"], h[m] + s)
        every = self.p["light_every"]
        if h[m] >= self.p["height"]:
            play.won_outright = m
            kind = "tower-completed"
        elif h[m] // every - h[o] // every >= self.p["lead_to_win"]:
            play.won_outright = m
            kind = "tower-lead"
        else:
            kind = "tower-built"
        play.events.append(new_event((kind, {"player": m, "opponent": o, "strength": s, "height": h[m],
                                                    "their_height": h[o]}, R17)))

    def usual_reward(self, play: Play) -> list[Gain]:
        option = play.move["option"]
        if option == "A":
            h = play.mod["height"]
            diff = abs(self.lights(h[play.mover]) - self.lights(h[play.opponent]))
            return [(play.mover, diff + 1, ("tower-A", diff))]
        return self.game.fixed_reward(play, option, ("tower-option", option))

    def view(self, mod: dict[str, Any]) -> dict[str, Any]:
        return {"height": dict(mod["height"]), "lights": {p: self.lights(h) for p, h in mod["height"].items()}}
