"""The modules of Zero's Tug of War, each a small class of pure mechanics (Maze, Path: grids.py).

A module keeps its state in a plain dict (inside the match state) and works on a `Play`,
the turn being resolved: one call per card (`card`), one after the cards (`after_cards`),
and the rewards (`usual_reward`, `scoring_reward`). Every number comes from the module's
ruleset parameters; the turn order, points, wins and payment live in game.py (TW-9).
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from typing import Any

from adjudicator.engine import Event, Illegal, ItemsView, said, illegal_said

DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


@dataclass
class Play:
    """One turn on one module, as it resolves (TW-9). Shared by check and apply."""

    mover: str
    opponent: str
    module: str
    cards: list[int]
    move: dict[str, Any]
    mod: dict[str, Any]                 # the chosen module's state dict
    events: list[Event] = field(default_factory=list)
    scorer: str | None = None        # a point scored on the chosen module this turn
    won_outright: str | None = None  # Tower or Maze won this turn (no points)
    info: dict[str, Any] = field(default_factory=dict)
    index: int = 0                      # the card being resolved (0-based)
    state: Any = None                   # the match state (or check_move's scratch copy)

    def say(self, text: str, *rulings: str) -> None:
        self.events.append(said(text, tuple(rulings)))


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

    def __init__(self, game: Any, params: dict[str, Any]) -> None:
        self.game = game
        self.p = params

    def initial(self) -> dict[str, Any]:
        raise NotImplementedError

    def check_extras(self, play: Play) -> None:
        """Per-module fields of the move (option, directions, anchors), before any card."""

    def card(self, play: Play, strength: int) -> None:
        raise NotImplementedError

    def after_cards(self, play: Play) -> None:
        """Anything checked once the cards have resolved (Path's paths)."""

    def usual_reward(self, play: Play) -> list[tuple[str, int, str]]:
        raise NotImplementedError

    def scoring_reward(self, play: Play) -> list[tuple[str, int, str]] | None:
        return None

    def describe(self, mod: dict[str, Any]) -> str:
        raise NotImplementedError

    def view(self, mod: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in mod.items() if k not in ("winner", "points")}

    def validate(self) -> list[str]:
        return []

    @property
    def points_to_win(self) -> int:
        return self.p["points_to_win"]

    def ids(self) -> tuple[str, str]:
        return self.game.player_ids


# --- Rope (TW-10) ------------------------------------------------------------------------

class Rope(Module):
    name, title, ruling = "rope", "Rope", "TW-10"
    scoring_reward_kind = False

    def initial(self) -> dict[str, Any]:
        return {"spots": {p: self.p["start_spot"] for p in self.ids()}}

    def card(self, play: Play, s: int) -> None:
        spots = play.mod["spots"]
        m, o = play.mover, play.opponent
        spots[m] = min(self.p["length"], spots[m] + s)
        spots[o] -= s
        play.info["spot"] = spots[m]
        if spots[o] <= 0:
            play.scorer = m
            play.say(f"Rope: {m} pulls {s}: {m} to spot {spots[m]}, {o} into the pit — {m} scores; "
                     f"both back to spot {self.p['start_spot']}", "TW-10")
            spots[m] = spots[o] = self.p["start_spot"]
        else:
            play.say(f"Rope: {m} pulls {s}: {m} at spot {spots[m]}, {o} at spot {spots[o]}", "TW-10")

    def letter(self, spot: int) -> str | None:
        for letter, (low, high) in self.p["letters"].items():
            if low <= spot <= high:
                return letter
        return None

    def usual_reward(self, play: Play) -> list[tuple[str, int, str]]:
        spot = play.info["spot"]  # a scoring turn reads the spot held before the reset (TW-10)
        letter = self.letter(spot)
        if letter is None:
            return []
        return self.game.letter_reward(play, letter, f"Rope letter {letter} (spot {spot})")

    def describe(self, mod: dict[str, Any]) -> str:
        a, b = self.ids()
        return f"spots {a} {mod['spots'][a]}, {b} {mod['spots'][b]} (pit at 0, top {self.p['length']})"

    def validate(self) -> list[str]:
        out = []
        n = self.p["length"]
        if not 1 <= self.p["start_spot"] <= n:
            out.append(f"rope.start_spot must lie in 1–{n}.")
        covered = set()
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

    def initial(self) -> dict[str, Any]:
        return {"steps": {p: 0 for p in self.ids()}}

    def card(self, play: Play, s: int) -> None:
        steps = play.mod["steps"]
        m, o = play.mover, play.opponent
        here, end = steps[m], self.p["length"]
        if s > end - here:
            raise illegal_said("race-overshoot", f"a {s} cannot be played on Race from step {here}: only "
                          f"{end - here} step{'s' if end - here != 1 else ''} left to the end", "TW-11")
        target = here + s
        puddle = next((p for p in sorted(self.p["puddles"]) if here < p <= target), None)
        if puddle is not None and puddle < target:
            target = puddle
        steps[m] = target
        how = f", stopped by the puddle on step {puddle}" if puddle is not None and puddle < here + s else ""
        if target == end:
            play.scorer = m
            play.say(f"Race: {m} runs {s} to the end (step {end}) — {m} scores; both back to 0", "TW-11")
            steps[m] = steps[o] = 0
        else:
            play.say(f"Race: {m} runs {s} to step {target}{how} ({o} at {steps[o]})", "TW-11")

    def usual_reward(self, play: Play) -> list[tuple[str, int, str]]:
        steps = play.mod["steps"]
        gap = abs(steps[play.mover] - steps[play.opponent])
        return [(play.mover, gap, f"Race distance {gap}")]

    def scoring_reward(self, play: Play) -> list[tuple[str, int, str]]:
        return [(play.mover, self.p["score_reward"], "Race point")]

    def describe(self, mod: dict[str, Any]) -> str:
        a, b = self.ids()
        puddles = f"; puddles {', '.join(map(str, self.p['puddles']))}" if self.p["puddles"] else ""
        return f"steps {a} {mod['steps'][a]}, {b} {mod['steps'][b]} of {self.p['length']}{puddles}"


# --- Collation (TW-12) -------------------------------------------------------------------

class Collation(Module):
    name, title, ruling = "collation", "Collation", "TW-12"

    def initial(self) -> dict[str, Any]:
        return {"pile": self.p["pile"], "held": {p: 0 for p in self.ids()}}

    def card(self, play: Play, s: int) -> None:
        mod = play.mod
        held = mod["held"]
        m = play.mover
        take = min(s, mod["pile"])
        held[m] += take
        mod["pile"] -= take
        play.info["taken"] = play.info.get("taken", 0) + take
        play.say(f"Collation: {m} takes {take} (holds {held[m]}; {mod['pile']} left in the pile)", "TW-12")
        early = self.p.get("early_end")
        taken = self.p["pile"] - mod["pile"]
        scorer = None
        if early and taken >= early["taken"]:
            over = [p for p in (m, play.opponent) if held[p] >= early["holding"]]
            if over:
                scorer = max(over, key=lambda p: held[p])
                play.say(f"Collation: {taken} counters taken and {scorer} holds {held[scorer]} "
                         f"(≥ {early['holding']}) — {scorer} scores at once", "TW-12")
        if scorer is None and mod["pile"] == 0:
            a, b = self.ids()
            if held[a] != held[b]:
                scorer = a if held[a] > held[b] else b
                play.say(f"Collation: the pile is empty, {scorer} holds more ({held[a]}–{held[b]}) — "
                         f"{scorer} scores", "TW-12")
            else:
                play.say(f"Collation: the pile is empty with equal counters ({held[a]} each): "
                         "no point; the pile resets", "TW-12")
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

    def usual_reward(self, play: Play) -> list[tuple[str, int, str]]:
        taken = play.info.get("taken", 0)
        return [(play.mover, taken, f"Collation: {taken} taken this turn")]

    def scoring_reward(self, play: Play) -> list[tuple[str, int, str]]:
        per = self.p["counters_per_card"]
        out = []
        for p in self.ids():
            held = play.info["held_at_point"][p]
            out += [(p, 1, f"Collation point: {held} counters held, a 1 per {per}")] * (held // per)
        return out

    def describe(self, mod: dict[str, Any]) -> str:
        a, b = self.ids()
        return f"pile {mod['pile']}; held {a} {mod['held'][a]}, {b} {mod['held'][b]}"


# --- Clock (TW-13) -----------------------------------------------------------------------

class Clock(Module):
    name, title, ruling = "clock", "Clock", "TW-13"

    def initial(self) -> dict[str, Any]:
        return {"colour": None, "filled": 0}

    def card(self, play: Play, s: int) -> None:
        mod = play.mod
        m = play.mover
        side = self.game.side(m)
        way = "clockwise" if side == "red" else "anticlockwise"
        if mod["colour"] in (None, m):
            mod["colour"], mod["filled"] = m, mod["filled"] + s
            text = f"Clock: {m} colours {s} {way} ({mod['filled']} {side})"
        else:
            theirs = mod["filled"]
            if s < theirs:
                mod["filled"] = theirs - s
                text = f"Clock: {m} pushes back {s} ({mod['filled']} {self.game.side(mod['colour'])} left)"
            elif s == theirs:
                mod["colour"], mod["filled"] = None, 0
                text = f"Clock: {m} pushes back all {s}: the clock is empty"
            else:
                mod["colour"], mod["filled"] = m, s - theirs
                text = (f"Clock: {m} pushes back all {theirs} and fills the excess {s - theirs} "
                        f"{way} ({mod['filled']} {side})")
        segments = self.p["segments"]
        if mod["colour"] == m and mod["filled"] >= segments:
            excess = mod["filled"] - segments
            play.scorer = m
            play.info["excess"] = excess
            play.say(f"{text} — the clock is full: {m} scores (excess {excess}); the clock resets", "TW-13")
            mod["colour"], mod["filled"] = None, 0
        else:
            play.say(text, "TW-13")

    def usual_reward(self, play: Play) -> list[tuple[str, int, str]]:
        filled = play.mod["filled"]
        n = filled // self.p["segments_per_quarter"] + 1
        return [(play.mover, n, f"Clock: {filled} segments filled, {n - 1} quarter{'s' if n != 2 else ''} + 1")]

    def scoring_reward(self, play: Play) -> list[tuple[str, int, str]]:
        excess = play.info["excess"]
        n = self.p["score_reward"] + excess
        return [(play.mover, n, f"Clock point: {self.p['score_reward']} + excess {excess}")]

    def describe(self, mod: dict[str, Any]) -> str:
        if not mod["colour"]:
            return f"empty (0/{self.p['segments']})"
        return f"{mod['filled']}/{self.p['segments']} {self.game.side(mod['colour'])} ({mod['colour']})"


# --- Conker (TW-16) ----------------------------------------------------------------------

class Conker(Module):
    name, title, ruling = "conker", "Conker", "TW-16"

    def initial(self) -> dict[str, Any]:
        return {"height": {p: 0 for p in self.ids()}}

    def card(self, play: Play, s: int) -> None:
        h = play.mod["height"]
        h[play.mover] += s
        play.say(f"Conker: {play.mover} raises their conker {s} to {h[play.mover]} "
                 f"({play.opponent} at {h[play.opponent]})", "TW-16")

    def usual_reward(self, play: Play) -> list[tuple[str, int, str]]:
        out = [(play.mover, self.p["play_reward"], "Conker: played here")]
        if len(play.cards) > 1:
            out.append((play.mover, self.p["extra_card_reward"], "Conker: more than one card"))
        return out

    def describe(self, mod: dict[str, Any]) -> str:
        a, b = self.ids()
        return f"heights {a} {mod['height'][a]}, {b} {mod['height'][b]}"


# --- Tower (TW-17) -----------------------------------------------------------------------

class Tower(Module):
    name, title, ruling = "tower", "Tower", "TW-17"
    has_points = False
    scoring_reward_kind = False

    def initial(self) -> dict[str, Any]:
        return {"height": {p: 0 for p in self.ids()}}

    def lights(self, height: int) -> int:
        return height // self.p["light_every"]

    def check_extras(self, play: Play) -> None:
        if play.move.get("option") not in ("A", "B", "C"):
            raise illegal_said("option-required", "Tower needs the reward option A, B or C", "TW-3", "TW-17")

    def card(self, play: Play, s: int) -> None:
        h = play.mod["height"]
        m, o = play.mover, play.opponent
        h[m] = min(self.p["height"], h[m] + s)
        lm, lo = self.lights(h[m]), self.lights(h[o])
        text = f"Tower: {m} builds {s} to {h[m]} ({lm} light{'s' if lm != 1 else ''}; {o} {h[o]}, {lo})"
        if h[m] >= self.p["height"]:
            play.won_outright = m
            play.say(f"{text} — the tower is complete: {m} wins Tower", "TW-17")
        elif lm - lo >= self.p["lead_to_win"]:
            play.won_outright = m
            play.say(f"{text} — {lm - lo} lights ahead: {m} wins Tower", "TW-17")
        else:
            play.say(text, "TW-17")

    def usual_reward(self, play: Play) -> list[tuple[str, int, str]]:
        option = play.move["option"]
        if option == "A":
            h = play.mod["height"]
            diff = abs(self.lights(h[play.mover]) - self.lights(h[play.opponent]))
            return [(play.mover, diff + 1, f"Tower option A: light difference {diff} + 1")]
        return self.game.fixed_reward(play, option, f"Tower option {option}")

    def describe(self, mod: dict[str, Any]) -> str:
        a, b = self.ids()
        h = mod["height"]
        la, lb = self.lights(h[a]), self.lights(h[b])
        return (f"heights {a} {h[a]} ({la} light{'s' if la != 1 else ''}), {b} {h[b]} "
                f"({lb} light{'s' if lb != 1 else ''}) of {self.p['height']}")

    def view(self, mod: dict[str, Any]) -> dict[str, Any]:
        return {"height": dict(mod["height"]), "lights": {p: self.lights(h) for p, h in mod["height"].items()}}
