"""Events, refusals, outcomes and due labels are data; sentences come from one wording place
per game and the engine's (adjudicator.wording), only when shown.

Every ruleset is played at random (with its items, and with times stamped so the clocks
charge and expire); every event kind, refusal code, termination and due label met must have
words in a table, and no field of an event may be a sentence."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

import adjudicator.games
from adjudicator import matchfile, session, simulate, wording
from adjudicator.game import Event, Outcome
from adjudicator.engine import Replay
from helpers.stamped import matches_of
from helpers.strategies import RULESETS

PLAIN = (str, int, float, bool, type(None))


def has_words(game: Any, table: str, engine: dict[str, Any], code: str) -> bool:
    return code in getattr(game, table) or code in engine


def plain(value: Any, depth: int = 0) -> bool:
    """Plain data: numbers, short codes and ids, and containers of them. The engine's own
    records in fields (a due, a clock charge, a refusal's outcome) count as data too."""
    if isinstance(value, str):
        return len(value.split()) <= 3   # an id, a cell, a code, a name; not a sentence
    if isinstance(value, PLAIN):
        return True
    if isinstance(value, dict):
        return all(plain(k) and plain(v, depth + 1) for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return all(plain(v, depth + 1) for v in value)
    return hasattr(value, "__dataclass_fields__") or isinstance(value, Outcome)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_everything_met_in_play_has_words_and_no_event_carries_a_sentence(ruleset_id: str) -> None:
    kinds: set[str] = set()
    codes: set[str] = set()
    endings: set[str] = set()
    dues: set[str] = set()
    for data in matches_of(ruleset_id):
        match = matchfile.prepare(data, None)
        game = match.game
        replay = Replay(game)
        replay.use_voids(match.entries)
        for entry in match.entries:
            due = replay.pending()
            if due is not None:
                dues.add(due.label)
                wording.due_label(game, due)
            log = replay.step(entry)
            for event in [*log.events, *log.sealed_events]:
                assert isinstance(event, Event) and event.kind != "said", (ruleset_id, event)
                assert plain(event.fields), (ruleset_id, event)
                kinds.add(event.kind)
                assert wording.text(game, event)
            if log.flag:
                codes.add(log.flag.code)
                assert wording.flag_message(log.flag)
        if replay.outcome is not None:
            endings.add(replay.outcome.termination)
            assert wording.result_reason(replay)
        for player in replay.to_act():
            for _move, effects in replay.legal_moves(player):
                for effect in effects:
                    kinds.add(effect.kind)
                    assert plain(effect.fields), (ruleset_id, effect)
                wording.preview(game, effects)
    assert kinds and dues, ruleset_id   # something was checked
    for kind in kinds:
        assert has_words(game, "words", wording.ENGINE_WORDS, kind), f"{ruleset_id}: no words for event '{kind}'"
    for code in codes:
        assert has_words(game, "refusals", wording.ENGINE_REFUSALS, code), f"{ruleset_id}: no words for '{code}'"
    for code in endings:
        assert has_words(game, "endings", wording.ENGINE_ENDINGS, code), f"{ruleset_id}: no words for end '{code}'"
    for label in dues:
        assert has_words(game, "dues", wording.ENGINE_DUES, label), f"{ruleset_id}: no words for due '{label}'"


def test_replay_words_the_engines_own_events() -> None:
    """A host's void and deadline, a late submission: engine events worded by the engine's table."""
    match = matchfile.prepare(simulate.play(RULESETS[0], 1, seed=3, max_entries=4).data, None)
    replay = session.replay_match(match)
    event = Event("deadline-nothing-open", {}, ("G-4",))
    assert wording.text(replay.game, event) == "no simultaneous phase was open, so the deadline changes nothing"


# The rules core: what replay and `legal` run. Sentences are made only at the edge.
CORE = ("initial_state", "start_with", "pending", "check_move", "apply_move", "side_move", "resolve_phase",
        "apply_chance", "outcome", "stopped_result", "match_over", "items_used", "legal_moves", "public_view")


def sentences_in(function: ast.FunctionDef) -> list[tuple[int, str]]:
    """f-strings of two words or more (a sentence in the making) inside `function`."""
    found = []
    for node in ast.walk(function):
        if isinstance(node, ast.JoinedStr):
            literal = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
            if len(literal.split()) >= 2:
                found.append((node.lineno, literal))
    return found


def self_calls(function: ast.FunctionDef) -> set[str]:
    """Names of the methods `function` calls on `self` (or reads as `self.name`)."""
    return {node.attr for node in ast.walk(function)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"}


def game_packages() -> dict[str, list[Path]]:
    """Each built-in game's source files (a module, or a package's modules)."""
    root = Path(adjudicator.games.__file__).parent
    games = {p.stem: [p] for p in root.glob("*.py") if p.name != "__init__.py" and not p.stem.endswith("_picture")}
    for drawing in root.glob("*_picture.py"):   # a game's drawing is one of its files
        games[drawing.stem.removesuffix("_picture")].append(drawing)
    games.update({d.name: sorted(d.glob("*.py")) for d in root.iterdir() if (d / "__init__.py").is_file()})
    assert len(games) >= 5
    return games


def core_methods(files: list[Path]) -> dict[str, ast.FunctionDef]:
    """The methods of a game's classes that its rules core reaches from CORE through calls on
    `self`: what runs on every entry replayed and every move listed."""
    methods: dict[str, ast.FunctionDef] = {}
    for path in files:
        for cls in (n for n in ast.parse(path.read_text(encoding="utf-8")).body if isinstance(n, ast.ClassDef)):
            for fn in (n for n in cls.body if isinstance(n, ast.FunctionDef)):
                methods.setdefault(fn.name, fn)
    reached: dict[str, ast.FunctionDef] = {}
    todo = [name for name in CORE if name in methods]
    while todo:
        name = todo.pop()
        if name in reached:
            continue
        reached[name] = methods[name]
        todo += [called for called in self_calls(methods[name]) if called in methods and called not in reached]
    return reached


def test_the_rules_core_of_every_game_builds_no_sentence() -> None:
    """Check, apply, resolve, outcome, what is due, legal moves and the public view write no
    text: every sentence comes from the wording tables, at the edge. Found by
    following the calls on `self` from those methods through every class of each game."""
    offenders = []
    reached = 0
    for name, files in game_packages().items():
        core = core_methods(files)
        assert {"pending", "check_move", "outcome"} <= set(core), name
        reached += len(core)
        offenders += [f"{name}: {fn.name} line {line}: {text!r}" for fn in core.values()
                      for line, text in sentences_in(fn)]
    assert reached > 60, reached
    assert not offenders, "\n".join(offenders)
