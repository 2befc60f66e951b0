"""What the property, fuzz and hostile-file tests share: simulated matches (cached), the
moves `legal` promises to list in full, move mutations, and checks on what the CLI prints.

Simulated matches come from `adjudicator.simulate` (the engine checks every bot move), so
they are ordinary, legal match files of every ruleset. They are slow to make for some
rulesets (Tug of War v2 about half a second), hence one cache for the whole session and a
small number of match indices in the CI profile.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import re
from pathlib import Path
from typing import Any, Iterable

from hypothesis import settings
from hypothesis import strategies as st

from adjudicator import matchfile, registry, rulesets, simulate, views
from adjudicator.game import ChanceDue
from adjudicator.engine import Replay
from adjudicator.matchfile import LoadedMatch

RULESETS = tuple(info["id"] for info in rulesets.list_rulesets())
BOARD_FORMATS = ("text", "markdown", "bbcode", "discord", "json")



def items_of(ruleset_id: str) -> tuple[str, ...]:
    """Every item of the ruleset's catalogue: the bots hold them all (every match index not
    divisible by 3), so each item turns up in the logs, whatever the game."""
    return tuple(sorted(rulesets.resolve(ruleset_id).items))


LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"
INDICES = 12 if LONG else 3          # simulated matches per ruleset a test may draw from
MAX_ENTRIES = 300                    # keeps the odd endless Arrowbic match short


def game_of(ruleset_id: str) -> str:
    """The game a ruleset is played by (tug-of-war-v2 → tug-of-war)."""
    return rulesets.resolve(ruleset_id).game


def has_sealed_phases(ruleset_id: str) -> bool:
    """Does the ruleset's game declare sealed simultaneous phases (G-2) in its `nature`?"""
    return registry.game_class(game_of(ruleset_id)).nature.sealed_phases


def scaled(examples: int) -> settings:
    """Per-test example count: `examples` in CI, twenty times as many in the long profile."""
    return settings(max_examples=examples * 20 if LONG else examples)


# --- Simulated matches ----------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _played(ruleset_id: str, index: int) -> tuple[str, str | None, bool]:
    items = items_of(ruleset_id) if index % 3 else ()
    played = simulate.play(ruleset_id, index, seed=1, items=items, max_entries=MAX_ENTRIES)
    return matchfile.dumps(played.data), played.winner, played.finished


def simulated_text(ruleset_id: str, index: int) -> str:
    """The match file text of simulated match `index`, exactly as `matchfile.dumps` writes it."""
    return _played(ruleset_id, index)[0]


def simulated(ruleset_id: str, index: int) -> dict[str, Any]:
    """A fresh copy of simulated match `index` as data (callers may mutate it)."""
    return json.loads(simulated_text(ruleset_id, index))


def simulated_outcome(ruleset_id: str, index: int) -> tuple[str | None, bool]:
    """(winner, finished) as the simulator saw the match end."""
    _, winner, finished = _played(ruleset_id, index)
    return winner, finished


def loaded(data: dict[str, Any]) -> LoadedMatch:
    """A match checked as a file would be (a deep copy, so the caller's data stays put)."""
    return matchfile.prepare(copy.deepcopy(data), None)


def replay_prefix(match: LoadedMatch, count: int) -> Replay:
    """The replay after the first `count` entries."""
    replay = views.new_replay(match)
    for entry in match.entries[:count]:
        replay.step(entry)
    return replay


def write(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(matchfile.dumps(data), encoding="utf-8")
    return path


def move_positions(match: LoadedMatch) -> list[int]:
    """Entry counts after which some player is to move (not a chance outcome, not the end)."""
    positions = []
    replay = views.new_replay(match)
    for count in range(len(match.entries) + 1):
        due = replay.pending()
        if due is not None and not isinstance(due, ChanceDue) and replay.to_act():
            positions.append(count)
        if count < len(match.entries):
            replay.step(match.entries[count])
    return positions


# --- What `legal` promises ------------------------------------------------------------

def listing_is_complete_for(ruleset_id: str, move: Any) -> bool:
    """Does the ruleset's game promise to list every legal move of this shape? Each game
    says so itself (`Game.listed_in_full`): some sample or group what they list."""
    if not isinstance(move, dict):
        return True
    return registry.game_class(game_of(ruleset_id)).listed_in_full(move)


def canonical(move: Any) -> Any:
    """A move with the orders the rules ignore sorted away (re-roll positions, Track Trouble's
    actions by miner) and an empty item list dropped, for comparing an accepted move with the
    listed ones."""
    if not isinstance(move, dict):
        return move
    move = copy.deepcopy(move)
    if move.get("items") == []:
        del move["items"]                     # Track Trouble: no items is no items
    if isinstance(move.get("reroll"), list) and all(isinstance(p, int) for p in move["reroll"]):
        move["reroll"] = sorted(move["reroll"])
    if isinstance(move.get("actions"), list) and all(isinstance(a, dict) for a in move["actions"]):
        move["actions"] = sorted(move["actions"], key=lambda a: json.dumps(a, sort_keys=True))
    return json.loads(json.dumps(move, sort_keys=True))


# --- Mutating a move ------------------------------------------------------------------

# Words and values of every game's move vocabulary, so that mutations often stay inside
# the schema and reach the rules (a wrong cell, card, module, miner, troop, switch).
WORDS = ("up", "down", "left", "right", "A", "B", "C", "D", "M", "Z", "T1", "T2", "T3", "T9", "N1", "N2", "N9",
         "purple", "green", "nope", "3/5", "1/1", "5/5", "9/9", "rope", "race", "collation", "clock", "maze",
         "path", "conker", "tower", "retake", "block-move", "hidden-value", "extra-miner", "remote-switch",
         "placement", "relocation", "attack", "health", "A1", "C5", "E5", "I9", "J1", "A0", "H8", "", "e5")
NUMBERS = (-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 99, 100, 10**30)
ODD_VALUES = (None, True, False, 1.5, 2.0, -0.0, "", [], {}, [[]], {"x": 1}, "x" * 300)


def leaf_values() -> st.SearchStrategy[Any]:
    return st.one_of(st.sampled_from(WORDS), st.sampled_from(NUMBERS), st.sampled_from(ODD_VALUES),
                     st.integers(-3, 20))


@st.composite
def mutated(draw: st.DrawFn, value: Any, depth: int = 0) -> Any:
    """`value` changed in one place: a number, word or field changed, dropped, added,
    duplicated or reordered, or a value of another type put in."""
    if isinstance(value, dict) and value and depth < 6 and draw(st.integers(0, 3)):
        key = draw(st.sampled_from(sorted(value)))
        out = dict(value)
        how = draw(st.sampled_from(("inner", "inner", "inner", "drop", "add", "retype")))
        if how == "inner":
            out[key] = draw(mutated(value[key], depth + 1))
        elif how == "drop":
            del out[key]
        elif how == "add":
            out[draw(st.sampled_from(("item", "items", "discard", "option", "buff", "crossing", "round", "turn",
                                      "cards", "set", "x", "module", "place", "arrow", "reroll", "attack")))] = \
                draw(leaf_values())
        else:
            out[key] = draw(leaf_values())
        return out
    if isinstance(value, list) and value and depth < 6 and draw(st.integers(0, 3)):
        out = list(value)
        how = draw(st.sampled_from(("inner", "inner", "drop", "duplicate", "reverse", "append")))
        at = draw(st.integers(0, len(out) - 1))
        if how == "inner":
            out[at] = draw(mutated(out[at], depth + 1))
        elif how == "drop":
            del out[at]
        elif how == "duplicate":
            out.insert(at, copy.deepcopy(out[at]))
        elif how == "reverse":
            out.reverse()
        else:
            out.append(draw(leaf_values()))
        return out
    if isinstance(value, bool) or value is None:
        return draw(leaf_values())
    if isinstance(value, int):
        return draw(st.one_of(st.sampled_from((value - 1, value + 1, value + 2, -value)), leaf_values()))
    return draw(leaf_values())


@st.composite
def tweaked(draw: st.DrawFn, value: Any) -> Any:
    """`value` with one leaf changed to another of the same type (a word for a word, a
    number for a number): a move that usually still fits its schema but breaks a rule."""
    if isinstance(value, dict) and value:
        key = draw(st.sampled_from(sorted(value)))
        return {**value, key: draw(tweaked(value[key]))}
    if isinstance(value, list) and value:
        at = draw(st.integers(0, len(value) - 1))
        return value[:at] + [draw(tweaked(value[at]))] + value[at + 1:]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return draw(st.sampled_from([n for n in NUMBERS if n >= 1 and n != value]))
    if isinstance(value, str):
        alike = [w for w in WORDS if w != value and shape(w) == shape(value)]
        others = [w for w in WORDS if w and w != value]
        return draw(st.sampled_from(alike) | st.sampled_from(others) if alike else st.sampled_from(others))
    return value


def shape(word: str) -> str:
    """`H` → `A`, `3/5` → `9/9`, `T2` → `A9`: words of one shape fit the same schema pattern."""
    return re.sub("[a-z]+", "a", re.sub("[A-Z]", "A", re.sub("[0-9]", "9", word)))


# --- What the CLI prints --------------------------------------------------------------

# C0 controls but tab and newline, DEL and the C1 controls (U+0080-U+009F): none of these
# may reach a terminal from a match file, a ruleset or a command-line argument.
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
KEBAB = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
REFUSED = re.compile(r"refused \(([^)]*)\), nothing written\. ")


def assert_no_crash(res: Any, what: Iterable[Any] = ()) -> None:
    """Exit 0, 1 or 2; never 3 (a bug), never a traceback."""
    where = " ".join(str(w) for w in what)
    assert res.code in (0, 1, 2), f"{where}: exit {res.code}: {res.err}"
    assert "Traceback" not in res.out + res.err, f"{where}: {res.err}"
    assert "internal error" not in res.err, f"{where}: {res.err}"


def assert_inert(res: Any, what: Iterable[Any] = ()) -> None:
    """No raw control character (terminal escapes, C1, backspace, CR) on stdout or stderr."""
    for stream, text in (("stdout", res.out), ("stderr", res.err)):
        found = CONTROL.search(text)
        assert found is None, f"{' '.join(map(str, what))}: raw {found.group()!r} on {stream}: {text[:400]!r}"


def strict_json(text: str) -> Any:
    """Parse JSON as RFC 8259 has it: NaN and Infinity are not JSON."""
    def refuse(name: str) -> Any:
        raise ValueError(f"{name} is not JSON")
    return json.loads(text, parse_constant=refuse)


def assert_one_sentence_error(res: Any, path: Any, lines: int = 1) -> None:
    """Exit 2 comes with one line on stderr that names the file (SPEC "Exit status"); more
    only when quoted input itself holds line breaks (`lines`)."""
    assert len(res.err.strip().split("\n")) == lines, res.err
    assert res.err.startswith(f"adjudicator: {path}"), res.err
    assert res.err.rstrip().endswith((".", ")")), res.err
