"""Every number and list a ruleset's params hold has a declared range.

Out of range, of the wrong kind, huge: exit 2 with one sentence naming the field and the
nearest valid value, from `new --param`, a match's `rules.params` and `ruleset validate`.
At the bounds: the match is created and a short bot-played run neither crashes nor blows
up (bounded by entries, never by time). The sweep derives its parameters from the ruleset
data and asserts it covered every one.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from adjudicator import matchfile, ranges, rulesets, session
from adjudicator.game import ChanceDue
from adjudicator.simulate import bot_entry, chance_entry
from helpers import REPO
from helpers.matches import dice_match

RULESET_IDS = sorted(path.stem for path in (REPO / "rulesets").glob("*.yaml"))
RANGE_WORDS = ("is below the minimum", "is above the maximum", "is not a number", "is not a whole number",
               "is shorter than the minimum", "is longer than the maximum", "is not a list",
               "no range is declared", "is not text")
RUN_ENTRIES = 25   # a short run: enough for setup, a few turns and a sealed phase or two


def players(ruleset: rulesets.Ruleset) -> list[str]:
    a, b = ruleset.sides
    return ["-p", f"anna=Anna:{a}", "-p", f"bernd=Bernd:{b}"]


def one_sentence(err: str) -> bool:
    """One line, no traceback, short: what a host reads."""
    lines = [line for line in err.splitlines() if line.strip()]
    return len(lines) == 1 and "Traceback" not in err and len(err) < 400


# --- Reproductions of hidden-data leaks found in review -----------------------------------

REPRODUCTIONS = [
    ("tug-of-war-v1", "tower.light_every", 0, "use 1 or more"),
    ("tug-of-war-v1", "clock.segments_per_quarter", 0, "use 1 or more"),
    ("dice-tug-of-war", "pawns", 10**30, "use 200 or less"),
    ("tug-of-war-v1", "rope.length", 10**9, "use 60 or less"),
    ("tug-of-war-v2", "max_strength", 10**9, "use 9 or less"),
    ("tug-of-war-v1", "race.score_reward", 2**31, "use 20 or less"),
    ("track-trouble", "miners", 10**9, "use 20 or less"),
    ("tug-of-war-v1", "clock.segments", -10**9, "use 1 or more"),
    ("tug-of-war-v1", "fixed_rewards.C.opponent", [1] * 100, "give at most 5"),
]


@pytest.mark.parametrize("rid,key,value,hint", REPRODUCTIONS, ids=[r[1] for r in REPRODUCTIONS])
def test_new_refuses_out_of_range_param(cli, tmp_path, rid, key, value, hint):
    out = tmp_path / "m.json"
    r = cli("new", rid, *players(rulesets.resolve(rid)), "-o", out, "--param", f"{key}={json.dumps(value)}")
    assert r.code == 2, r.err
    assert f"rules.params.{key}: " in r.err and hint in r.err and one_sentence(r.err)
    assert not out.exists()


@pytest.mark.parametrize("rid,key,value,hint", REPRODUCTIONS, ids=[r[1] for r in REPRODUCTIONS])
def test_match_file_with_out_of_range_param_is_refused(cli, write, rid, key, value, hint):
    ruleset = rulesets.resolve(rid)
    data = header(ruleset, override(ruleset.params, tuple(key.split(".")), value))
    path = write(data)
    r = cli("check", path)   # a batch command: the reason is the file's row
    assert r.code == 2 and f"rules.params.{key}: " in r.out and hint in r.out
    for command in (("board", path), ("legal", path)):
        r = cli(*command)
        assert r.code == 2, (command, r.err)
        assert f"rules.params.{key}: " in r.err and hint in r.err and one_sentence(r.err)


# params.time_control: dice-tug-of-war's turn_seconds is null, so no kind check stood in the way.
TIME_CONTROL_CASES = [
    ("turn_seconds", "abc"), ("turn_seconds", [1]), ("turn_seconds", float("nan")),
    ("turn_seconds", float("inf")), ("turn_seconds", 10**30), ("turn_seconds", -5), ("turn_seconds", 2.5),
    ("reserve_seconds", 10**30), ("reserve_seconds", float("inf")), ("granularity_seconds", 0),
    ("granularity_seconds", 10**30), ("on_expiry", "maybe"), ("enabled", "abc"), ("kind_seconds", [1]),
]


@pytest.mark.parametrize("key,value", TIME_CONTROL_CASES, ids=[f"{k}={v!r}"[:30] for k, v in TIME_CONTROL_CASES])
def test_time_control_of_wrong_kind_or_size_is_exit_2(cli, write, key, value):
    data = dice_match(rules={"ruleset": "dice-tug-of-war", "params": {"time_control": {key: value}}})
    path = write(data)   # json.dumps writes NaN and Infinity, as a hand-edited file may hold them
    r = cli("check", path)
    assert r.code == 2 and f"rules.params.time_control.{key}" in r.out
    for command in (("board", path), ("legal", path)):
        r = cli(*command)
        assert r.code == 2, (command, r.err)
        assert f"rules.params.time_control.{key}" in r.err and one_sentence(r.err)


def test_message_quotes_only_an_excerpt(cli, write):
    data = dice_match(rules={"ruleset": "dice-tug-of-war", "params": {"time_control": {"turn_seconds": "x" * 10**6}}})
    r = cli("board", write(data))
    assert r.code == 2 and one_sentence(r.err) and "…" in r.err


def test_ruleset_file_out_of_range_names_field_and_nearest(cli, tmp_path):
    variant = tmp_path / "dim-tower.yaml"
    variant.write_text("id: dim-tower\nextends: tug-of-war-v1\nparams:\n  tower: {light_every: 0}\n", encoding="utf-8")
    r = cli("ruleset", "validate", variant)
    assert r.code == 2
    assert "field params.tower.light_every: 0 is below the minimum of 1; use 1 or more." in r.err
    assert one_sentence(r.err)


def test_a_variant_may_widen_a_range(cli, tmp_path):
    variant = tmp_path / "tall-tower.yaml"
    variant.write_text("id: tall-tower\nextends: tug-of-war-v1\nparams:\n  tower: {height: 300}\n"
                       "ranges:\n  tower.height: {min: 1, max: 400}\n", encoding="utf-8")
    assert cli("ruleset", "validate", variant).code == 0


def test_a_ruleset_must_give_every_number_a_range(cli, tmp_path):
    variant = tmp_path / "extra.yaml"
    text = (REPO / "rulesets" / "dice-tug-of-war.yaml").read_text(encoding="utf-8")
    text = text.replace("id: dice-tug-of-war", "id: extra").replace("  trade_bonus: {min: 0, max: 20}", "")
    assert "trade_bonus: {min" not in text
    variant.write_text(text, encoding="utf-8")
    r = cli("ruleset", "validate", variant)
    assert r.code == 2 and "field params.trade_bonus: no range is declared" in r.err and one_sentence(r.err)


def test_a_range_must_be_usable(cli, tmp_path):
    variant = tmp_path / "odd.yaml"
    variant.write_text("id: odd\nextends: tug-of-war-v1\nranges:\n  tower.height: {min: 9, max: 3}\n",
                       encoding="utf-8")
    r = cli("ruleset", "validate", variant)
    assert r.code == 2 and "ranges.tower.height: min 9 is above max 3" in r.err


def test_a_number_no_range_covers_cannot_be_set_by_a_match(cli, write):
    # collation.early_end is null in v1, so a match may give a mapping; its keys need ranges.
    ruleset = rulesets.resolve("tug-of-war-v1")
    data = header(ruleset, {"collation": {"early_end": {"taken": 20, "holding": 13, "extra": 5}}})
    r = cli("board", write(data))
    assert r.code == 2 and "rules.params.collation.early_end.extra: no range is declared" in r.err


def test_ranges_do_not_change_the_pinned_hash():
    """`ranges` says which values a match may choose, not how it plays: the examples' hashes hold."""
    for rid in RULESET_IDS:
        ruleset = rulesets.resolve(rid)
        without = {k: v for k, v in ruleset.data.items() if k != "ranges"}
        assert ruleset.ranges and rulesets.digest(ruleset.data) == rulesets.digest(without)


def test_excerpt_of_a_huge_int_never_converts_it_whole():
    assert ranges.excerpt(10**5000) == "a number of about 5001 digits"
    assert ranges.excerpt(-10**5000) == "-a number of about 5001 digits"


# --- The sweep ------------------------------------------------------------------------

def header(ruleset: rulesets.Ruleset, params: dict[str, Any] | None) -> dict[str, Any]:
    a, b = ruleset.sides
    data: dict[str, Any] = {"format": "adjudicator-match/1", "id": "sweep", "rules": {"ruleset": ruleset.id},
                            "players": [{"id": "anna", "name": "Anna", "side": a, "items": []},
                                        {"id": "bernd", "name": "Bernd", "side": b, "items": []}],
                            "entries": []}
    if params:
        data["rules"]["params"] = params
    return data


def override(params: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    """rules.params setting one place to `value`: the whole top-level parameter, since lists
    replace (SPEC), with everything else as the ruleset has it."""
    whole = copy.deepcopy(params[path[0]]) if len(path) > 1 else None
    if whole is None:
        return {path[0]: value}
    node = whole
    for part in path[1:-1]:
        node = node[int(part) if isinstance(node, list) else part]
    node[int(path[-1]) if isinstance(node, list) else path[-1]] = value
    return {path[0]: whole}


def concrete(params: dict[str, Any], pattern: tuple[str, ...]) -> tuple[Any, ...] | None:
    """The first place in params a range's pattern names; None when none does (declared ahead)."""
    for path, _ in ranges._nodes(params):
        if ranges._matches(pattern, path):
            return path
    return None


def item_example(ruleset: rulesets.Ruleset, path: tuple[Any, ...], current: list[Any]) -> Any:
    """Something to fill a list with: its own first entry, or the least value its items allow."""
    if current:
        return current[0]
    compiled = ranges.compile_ranges(ruleset.ranges)
    for pattern, spec in compiled:
        if ranges._matches(pattern, (*path, 0)) and "min" in spec:
            return spec["min"]
    return 1


def sweep_cases(ruleset: rulesets.Ruleset) -> list[tuple[str, tuple[Any, ...], Any, bool]]:
    """(pattern, place, value, inside the range?) for every declared range with a place in params."""
    cases = []
    for text, spec in ruleset.ranges.items():
        path = concrete(ruleset.params, tuple(text.split(".")))
        if path is None:
            continue
        if "min" in spec or "max" in spec:
            low, high = spec.get("min"), spec.get("max")
            inside = [v for v in (low, high) if v is not None]
            outside = [low - 1] if low is not None else []
            outside += [high + 1] if high is not None else []
            outside += [10**30, -10**9, 2.5 if low is None or low > 2.5 or (high is not None and high < 2.5)
                        else float(low) + 0.5, "abc", [1], True]
            cases += [(text, path, v, True) for v in inside] + [(text, path, v, False) for v in outside]
        elif "min_items" in spec or "max_items" in spec:
            current = value_at(ruleset.params, path)
            if isinstance(current, dict):
                continue   # a mapping's size is bounded, but its keys are names the game checks
            fill = item_example(ruleset, path, current)
            low, high = spec.get("min_items", 0), spec.get("max_items")
            sized = lambda n: [current[i % len(current)] if current else fill for i in range(n)]  # noqa: E731
            inside = [low] + ([high] if high is not None else [])
            outside = ([low - 1] if low > 0 else []) + ([high + 1, 10**4] if high is not None else [])
            cases += [(text, path, sized(n), True) for n in inside]
            cases += [(text, path, sized(n), False) for n in outside] + [(text, path, "abc", False),
                                                                            (text, path, 7, False)]
        elif "max_length" in spec:
            cases += [(text, path, "A" * (spec["max_length"] + 1), False), (text, path, 7, False)]
    return cases


def value_at(params: dict[str, Any], path: tuple[Any, ...]) -> Any:
    node: Any = params
    for part in path:
        node = node[part]
    return node


def short_run(path: Path, rnd: random.Random) -> int:
    """Bots play up to RUN_ENTRIES entries of a freshly created match; the entries played."""
    match = matchfile.load(path)
    replay = session.new_replay(match)
    played = 0
    while replay.pending() is not None and played < RUN_ENTRIES:
        due = replay.pending()
        seq = played + 1
        entry = chance_entry(due, seq, rnd) if isinstance(due, ChanceDue) else \
            bot_entry(replay, due, seq, "random", rnd, match.ruleset.id, 0)
        log = replay.step(entry)
        assert log.flag is None, (entry, log.flag)
        played += 1
    return played


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_sweep_every_parameter_at_and_beyond_its_bounds(cli, tmp_path, rid):
    ruleset = rulesets.resolve(rid)
    compiled = ranges.compile_ranges(ruleset.ranges)
    cases = sweep_cases(ruleset)
    swept = {text for text, *_ in cases}
    # Every number and list of params lies in a range that was swept: derived from the data.
    places = list(ranges.covered_paths(ruleset.params, compiled))
    assert places, rid
    for place, specs in places:
        assert specs, f"{rid}: params.{ranges.field_name(place)} has no range"
        patterns = {".".join(p) for p, spec in compiled if ranges._matches(p, place)}
        assert patterns & swept, f"{rid}: params.{ranges.field_name(place)} was not swept"
    created = refused_inside = 0
    rnd = random.Random(f"sweep:{rid}")
    for index, (text, place, value, inside) in enumerate(cases):
        # A match file holding the override (what `new --param` writes, without parsing YAML
        # hundreds of times), then `board`: the whole load, checks and first render.
        out = tmp_path / f"m{index}.json"
        out.write_text(json.dumps(header(ruleset, override(ruleset.params, place, value))), encoding="utf-8")
        r = cli("board", out)
        label = f"{rid} {ranges.field_name(place)}={ranges.excerpt(value)}"
        assert r.code in (0, 2), (label, r.err)
        if not inside:
            assert r.code == 2, label
            named = next(str(part) for part in reversed(place) if not isinstance(part, int))
            assert one_sentence(r.err) and "rules.params" in r.err and named in r.err, (label, r.err)
            continue
        if r.code == 2:   # in range, but the game's own cross-checks refuse it (e.g. start_spot > length)
            assert one_sentence(r.err) and not any(w in r.err for w in RANGE_WORDS), (label, r.err)
            refused_inside += 1
            continue
        created += 1
        try:
            played = short_run(out, rnd)
        except Exception as exc:   # name the case: the sweep runs hundreds
            raise AssertionError(f"{label}: {exc}") from exc
        assert played >= 1, label
    assert created >= refused_inside, (rid, created, refused_inside)


@pytest.mark.parametrize("field,value", [("reserve_bonus_seconds", 10**30), ("uses", 10**9), ("stars", 10**9)])
def test_item_numbers_are_bounded_too(cli, tmp_path, field, value):
    variant = tmp_path / "rich.yaml"
    variant.write_text(f"id: rich\nextends: arrowbic\nitems:\n  reserve: {{name: Reserve, {field}: {value}}}\n", encoding="utf-8")
    r = cli("ruleset", "validate", variant)
    assert r.code == 2 and f"field items.reserve.{field}" in r.err and one_sentence(r.err)


# --- Fuzz: any value anywhere in params is a match or one sentence, never a crash -------

from hypothesis import given, strategies as st  # noqa: E402

from adjudicator.errors import AdjudicatorError  # noqa: E402

HOSTILE_VALUES = st.one_of(
    st.integers(), st.integers(min_value=-10**40, max_value=10**40), st.just(10**5000),
    st.floats(allow_nan=True, allow_infinity=True), st.booleans(), st.none(), st.text(max_size=30),
    st.lists(st.integers(min_value=-3, max_value=30), max_size=40), st.dictionaries(st.text(max_size=5), st.integers()),
)


@st.composite
def hostile_params(draw: Any) -> tuple[str, dict[str, Any]]:
    """A ruleset, and its params with one place (number, list, text or mapping) replaced."""
    rid = draw(st.sampled_from(RULESET_IDS))
    ruleset = rulesets.resolve(rid)
    places = [path for path, _ in ranges._nodes(ruleset.params)]
    place = draw(st.sampled_from(places))
    return rid, override(ruleset.params, place, draw(HOSTILE_VALUES))


@given(hostile_params())
def test_any_value_in_params_loads_or_is_refused_in_one_sentence(case):
    rid, params = case
    data = header(rulesets.resolve(rid), params)
    try:
        match = matchfile.prepare(data, None)
    except AdjudicatorError as exc:
        assert exc.exit_status == 2 and len(exc.message) < 400 and "\n" not in exc.message
        return
    session.replay_match(match)


# What the fuzz found once: null inside a list, a key holding a newline.
FOUND = [
    ("dice-tug-of-war", {"setup_order": [None, "red"]}, "rules.params.setup_order[0]: null is not text"),
    ("tug-of-war-v1", {"rope": {"letters": {"A": [1, None]}}}, "rules.params.rope.letters.A[1]: null is not a number"),
    ("track-trouble", {"layouts": [{"\n": 0}]}, "rules.params.layouts[0].'\\n': no range is declared"),
]


@pytest.mark.parametrize("rid,params,message", FOUND, ids=[r[2][:40] for r in FOUND])
def test_null_in_a_list_and_odd_keys_are_one_sentence(cli, write, rid, params, message):
    r = cli("board", write(header(rulesets.resolve(rid), params)))
    assert r.code == 2 and message in r.err and one_sentence(r.err)


@pytest.mark.parametrize("params", [{"x" * 10**6: 1}, {"pawns": "y" * 10**7}, {"a\nfinished: anna wins": 1}],
                         ids=["long-key", "long-value", "newline-key"])
def test_override_messages_quote_a_short_excerpt(cli, write, params):
    r = cli("board", write(dice_match(rules={"ruleset": "dice-tug-of-war", "params": params})))
    assert r.code == 2 and one_sentence(r.err), r.err[:500]
