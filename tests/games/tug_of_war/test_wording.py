"""Zero's Tug of War: the rules core reports data and wording.py words all of it.

Every event kind, refusal code, termination and due label the game produces, in simulated
matches and in hand-made positions, has words; event fields hold plain data, never sentences.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from helpers.tug_of_war import fresh, refused, setup, win

from adjudicator import matchfile, session, simulate, wording
from adjudicator.game import Event, Illegal
from adjudicator.games.tug_of_war import words as tw_words
from adjudicator.games.tug_of_war.game import TugOfWar

PACKAGE = Path(tw_words.__file__).parent
PLAIN = (str, int, float, bool, type(None))


def plain(value: Any) -> bool:
    """Plain data: atoms, lists, tuples and dicts of them; no string reads as a sentence
    (player ids, module keys, cells and codes have no spaces)."""
    if isinstance(value, str):
        return " " not in value
    if isinstance(value, PLAIN):
        return True
    if isinstance(value, (list, tuple)):
        return all(plain(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and plain(v) for k, v in value.items())
    return False


def simulated(ruleset: str, index: int, items: tuple[str, ...] = ()) -> tuple[TugOfWar, Any]:
    played = simulate.play(ruleset, index, seed=3, items=items)
    match = matchfile.prepare(played.data, None)
    return match.game, session.replay_match(match)


CASES = [("tug-of-war-v1", 1, ()), ("tug-of-war-v1", 2, ("block-move", "conker-start")),
         ("tug-of-war-v2", 1, ()), ("tug-of-war-v2", 2, ("starter", "conker-start", "block-move")),
         ("tug-of-war-v2", 3, ("block-move",))]


def test_simulated_matches_word_every_event_with_plain_fields():
    kinds: set[str] = set()
    endings: set[str] = set()
    for ruleset, index, items in CASES:
        game, rep = simulated(ruleset, index, items)
        for log in rep.log:
            for event in log.events:
                assert isinstance(event, Event) and (plain(event.fields) or event.kind not in TugOfWar.words), event
                assert wording.text(rep.game, event)
                kinds.add(event.kind)
        for flag in rep.flags:
            assert wording.flag_message(flag)
        if rep.outcome is not None:
            assert wording.result_reason(rep) and rep.outcome.termination in TugOfWar.endings or rep.outcome.termination in (
                "forfeit", "reserve-out")
            assert plain(rep.outcome.figures)
            endings.add(rep.outcome.termination)
        # What is due now, and the previews of the legal moves, are worded too.
        due = rep.pending()
        if due is not None:
            assert wording.due_label(game, due) and due.label in TugOfWar.dues
        for player in rep.to_act():
            for _, effects in rep.legal_moves(player):
                assert all(plain(e.fields) for e in effects if e.kind != "in-any-order")
                assert wording.preview(game, effects)
    # The matches met the turn's own events and several modules' (it checked something).
    assert {"played", "gained", "point", "module-won"} <= kinds and len(kinds) >= 15
    assert endings


def test_every_kind_code_and_termination_the_core_can_make_has_words():
    """Read from the source: every event kind told, refusal raised and termination set."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.glob("*.py") if p.name != "wording.py")
    told = set(re.findall(r'(?:tell\(|Event\(|new_event\(\()\s*"([a-z-]+)"', source))
    raised = set(re.findall(r'Illegal\(\s*f?"([a-z{}-]+)"', source))
    raised = {code for code in raised if "{" not in code} | {f"{field}-mismatch" for field in tw_words.MISMATCH}
    raised |= set(re.findall(r'code = "([a-z-]+)" if .* else "([a-z-]+)"', source)[0])
    ended = set(re.findall(r'(?:termination, s\.figures = |Outcome\([^,]+, )"([a-z-]+)"', source))
    assert len(told) >= 30 and len(raised) >= 20 and len(ended) >= 4
    assert told <= set(TugOfWar.words), told - set(TugOfWar.words)
    assert raised <= set(TugOfWar.refusals), raised - set(TugOfWar.refusals)
    assert ended <= set(TugOfWar.endings), ended - set(TugOfWar.endings)


@pytest.mark.parametrize("ruleset,hands,text,code", [
    ("tug-of-war-v2", {}, "rope 1 1 1 1", "too-many-cards"),
    ("tug-of-war-v2", {}, "rope 5", "card-not-in-hand"),
    ("tug-of-war-v2", {}, {"module": "tower", "cards": [1]}, "option-required"),
    ("tug-of-war-v2", {}, {"module": "path", "cards": [1]}, "anchors-mismatch"),
    ("tug-of-war-v1", {}, {"module": "maze", "cards": [1, 1], "directions": ["up"]}, "directions-mismatch"),
    ("tug-of-war-v2", {}, {"module": "rope", "cards": [1], "option": "A"}, "extra-not-allowed"),
    ("tug-of-war-v2", {}, "maze 1 up", "unknown-module"),
    ("tug-of-war-v2", {}, "discard 1", "no-discard-due"),
    ("tug-of-war-v2", {}, "path 5@H8", "card-not-in-hand"),
    ("tug-of-war-v2", {"sally": [5]}, "path 5@H8", "shape-off-board"),
    ("tug-of-war-v2", {}, "path 1@A1 1@B1 1@C1", "too-many-cards"),
    ("tug-of-war-v2", {"sally": [1, 2, 3, 4, 5]}, "tower 1 C discard 1", "bad-discard"),
    ("tug-of-war-v2", {"sally": [1, 2, 3, 4, 5]}, "rope 1 discard 2", "bad-discard"),
    ("tug-of-war-v2", {}, {"module": "rope", "cards": [1], "item": {"use": "x", "module": "race"}}, "unknown-item"),
    ("tug-of-war-v2", {}, {"module": "rope", "cards": [1], "item": {"use": "block-move", "module": "moon"}},
     "block-move-module"),
])
def test_refusals_are_worded_from_their_fields(ruleset, hands, text, code):
    game, s = fresh(ruleset, items={"sally": ["block-move"]})
    setup(game, s, **({"sally": [1, 1, 1]} | hands))
    err = refused(game, s, "sally", text)
    assert err.code == code and plain(err.fields)
    said = wording.refusal(game, err)
    assert said and "{" not in said and "None" not in said


def test_more_refusals_and_endings_are_worded():
    game, s = fresh(items={"sally": ["block-move"]})
    win(s, ("path", "sally"), ("clock", "maddie"))
    checked = [refused(game, s, "sally", "rope 1 block race"), refused(game, s, "sally", "path 1@A1")]
    s.mods["race"]["steps"]["sally"] = 12
    checked.append(refused(game, s, "sally", "race 1 1"))
    s.mods["race"]["steps"]["sally"] = 0
    s.last["sally"] = "rope"
    checked.append(refused(game, s, "sally", "rope 1"))
    s.owe = ["maddie"]
    checked.append(refused(game, s, "sally", "rope 1"))
    codes = [err.code for err in checked]
    assert codes == ["block-move-late", "module-inactive", "card-after-point", "module-barred", "discard-required"]
    for err in checked:
        assert plain(err.fields) and wording.refusal(game, err)
    stopped = game.stopped_result(s)
    assert stopped.termination == "level" and wording.reason(game, stopped)


def test_an_item_outside_the_ruleset_keeps_the_engines_words():
    """The engine refuses an unknown item under the code the game uses for a move's item."""
    game, _ = fresh()
    engine_said = wording.refusal(game, Illegal("unknown-item", "G-5", item="moon"))
    assert engine_said == "'moon' is not an item of tug-of-war-v2"


def test_replay_of_an_example_words_every_entry():
    for path in sorted((Path(__file__).resolve().parents[3] / "matches").glob("tug-of-war-v*.json")):
        match = matchfile.load(path)
        rep = session.replay_match(match)
        events = [e for log in rep.log for e in log.events]
        assert all(wording.text(rep.game, e) for e in events)
        own = [e for e in events if e.kind in TugOfWar.words]   # the engine's clock events carry its own data
        assert own and all(plain(e.fields) for e in own)
