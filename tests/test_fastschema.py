"""The compiled schema predicates agree with jsonschema (which stays the authority).

A predicate that accepted what jsonschema refuses would let a bad file through unchecked,
so every test here compares the two verdicts on the same instance. The predicates are
generated Python source (fastschema.CodeGen), and random schemas of the keywords compiled
are compared with jsonschema directly.
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator import clock, schemas, simulate
from adjudicator.fastschema import Unsupported, compile_part, compile_schema, json_equal
from helpers.strategies import RULESETS, game_of

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "matches").glob("*.json"))
FAST = [name for name in schemas.available_schemas() if schemas.fast_check(name) is not None]


def agree(name: str, instance: Any) -> bool:
    fast = schemas.fast_check(name)(instance)
    slow = schemas.validator(name).is_valid(instance)
    assert fast == slow, f"{name}: compiled says {fast}, jsonschema says {slow} for {json.dumps(instance)[:300]}"
    if name == "match" and isinstance(instance, dict) and isinstance(instance.get("entries"), list):
        item_schema, test = schemas._list_checks("match")["entries"]
        for entry in instance["entries"]:   # the entry predicate a streamed read uses
            refused = bool(schemas.jsonschema_errors("match", entry, item_schema))
            assert test(entry) == (not refused), f"entry: compiled says {test(entry)} for {json.dumps(entry)[:300]}"
    return fast


def test_the_hot_path_schemas_are_compiled():
    assert {"match", "move/arrowbic", "move/dice-tug-of-war", "move/track-trouble", "move/tug-of-war",
            "move/winning-streak"} <= set(FAST)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_examples_valid_both_ways(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    assert agree("match", data)
    moves = [entry["move"] for entry in data["entries"] if entry["type"] == "move"]
    assert moves
    for move in moves:
        assert agree(f"move/{game_of(data['rules']['ruleset'])}", move)


@lru_cache(maxsize=None)
def simulated(ruleset_id: str) -> str:
    return json.dumps(simulate.play(ruleset_id, 2, max_entries=60).data)


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 10**20) | st.floats(allow_nan=False)
                    | st.text(max_size=6) | st.sampled_from(["move", "chance", "host", "p1", "up", "E5",
                                                             "2026-11-21T20:00:00Z", "2026-02-30T20:00:00Z"]),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                    max_leaves=6)


def paths_of(value: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(value, dict):
        for key, sub in value.items():
            out += paths_of(sub, prefix + (key,))
    elif isinstance(value, list):
        for index, sub in enumerate(value):
            out += paths_of(sub, prefix + (index,))
    return out


def mutate(doc: Any, path: tuple, how: str, new: Any) -> Any:
    doc = copy.deepcopy(doc)
    if not path:
        return new
    parent = doc
    for part in path[:-1]:
        parent = parent[part]
    last = path[-1]
    if how == "replace":
        parent[last] = new
    elif how == "delete":
        del parent[last]
    elif how == "add" and isinstance(parent[last], dict):
        parent[last]["x" if not isinstance(new, str) or not new else new] = new
    elif how == "add" and isinstance(parent[last], list):
        parent[last].append(new)
    return doc


@settings(max_examples=300, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(ruleset=st.sampled_from(RULESETS), pick=st.integers(0, 10**6),
       how=st.sampled_from(["replace", "delete", "add"]), new=JSON)
def test_mutated_match_files_get_the_same_verdict(ruleset, pick, how, new):
    doc = json.loads(simulated(ruleset))
    paths = paths_of(doc)
    doc = mutate(doc, paths[pick % len(paths)], how, new)
    agree("match", doc)
    for entry in (doc.get("entries") if isinstance(doc, dict) and isinstance(doc.get("entries"), list) else []):
        if isinstance(entry, dict) and "move" in entry:
            agree(f"move/{game_of(ruleset)}", entry["move"])


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(ruleset=st.sampled_from(RULESETS), pick=st.integers(0, 10**6), index=st.integers(0, 59),
       how=st.sampled_from(["replace", "delete", "add"]), new=JSON)
def test_mutated_moves_get_the_same_verdict(ruleset, pick, index, how, new):
    entries = [e for e in json.loads(simulated(ruleset))["entries"] if e["type"] == "move"]
    move = entries[index % len(entries)]["move"]
    paths = paths_of(move)
    agree(f"move/{game_of(ruleset)}", mutate(move, paths[pick % len(paths)], how, new))


@pytest.mark.parametrize("schema, good, bad", [
    ({"type": "integer"}, [1, -5, 10**30], [True, 1.5, "1", None, 1.0]),   # 1.0: see schemas.validator
    ({"const": 1}, [1, 1.0], [True, "1"]),
    ({"const": False}, [False], [0, None]),
    ({"enum": ["a", 2]}, ["a", 2, 2.0], ["b", True]),
    ({"type": "object", "required": ["a"], "additionalProperties": False, "properties": {"a": {"type": "string"}}},
     [{"a": "x"}], [{}, {"a": 1}, {"a": "x", "b": 1}, [], "a"]),
    ({"allOf": [{"if": {"properties": {"k": {"const": "x"}}}, "then": {"required": ["x"]}},
                {"if": {"properties": {"k": {"const": "y"}}}, "then": {"required": ["y"]}}]},
     [{"k": "x", "x": 1}, {"k": "z"}, {"k": 3}, {"x": 1, "y": 2}], [{"k": "x"}, {"k": "y", "x": 1}, {}]),
    ({"oneOf": [{"required": ["a"]}, {"required": ["b"]}]}, [{"a": 1}, {"b": 1}], [{"a": 1, "b": 1}, {}]),
    ({"type": "string", "pattern": "^[a-z]+$", "maxLength": 3}, ["abc"], ["abcd", "ABC", 5]),
    ({"dependentRequired": {"a": ["b"]}}, [{"b": 1}, {"a": 1, "b": 2}], [{"a": 1}]),
    ({"propertyNames": {"pattern": "^[A-E]$"}}, [{"A": 1}], [{"F": 1}]),
    ({"uniqueItems": True}, [[1, True], [[1], [2]], "x"], [[1, 1.0], [{"a": 1}, {"a": 1}]]),
])
def test_keywords_as_jsonschema_reads_them(schema, good, bad):
    from jsonschema import Draft202012Validator, validators

    strict = Draft202012Validator.TYPE_CHECKER.redefine(   # as adjudicator.schemas.validator
        "integer", lambda _, value: isinstance(value, int) and not isinstance(value, bool))
    test, reference = compile_schema(schema), validators.extend(Draft202012Validator, type_checker=strict)(schema)
    for value in good:
        assert test(value) and reference.is_valid(value), value
    for value in bad:
        assert not test(value) and not reference.is_valid(value), value


def test_unknown_keywords_are_not_guessed():
    with pytest.raises(Unsupported):
        compile_schema({"type": "array", "contains": {"const": 1}})
    with pytest.raises(Unsupported):
        compile_schema({"$ref": "https://example.com/schema"})


def test_rulesets_valid_both_ways():
    from adjudicator import rulesets

    listed = rulesets.list_rulesets()
    assert listed
    for info in listed:
        assert agree("ruleset", rulesets.load_yaml(info["path"]))


def test_json_equality_is_strict_about_booleans():
    assert json_equal(1, 1.0) and not json_equal(1, True) and not json_equal([0], [False])
    assert json_equal({"a": [1]}, {"a": [1.0]})


# --- Random schemas of the keywords compiled, against jsonschema ------------------------------

NAMES = st.sampled_from(["a", "b", "k"])
SCALARS = st.none() | st.booleans() | st.sampled_from([0, 1, 2, -1, 1.0, 2.5, "a", "b", "", "x1"])
TYPE_NAMES = st.sampled_from(["object", "array", "string", "integer", "number", "boolean", "null"])
PATTERNS = st.sampled_from(["^[a-z]+$", "^[A-Z](0|[1-9][0-9]?)$", "1", "^$", "^[^\\u0000-\\u001f]*$(?!\\n)"])
SMALL = st.integers(0, 3)
REF = {"$ref": "#/$defs/d"}

LEAF_SCHEMAS = st.booleans() | st.fixed_dictionaries({}, optional={
    "type": TYPE_NAMES | st.lists(TYPE_NAMES, min_size=1, max_size=3, unique=True),
    "const": SCALARS | st.sampled_from([[1], {"a": 1}, [1.0, True]]),
    "enum": st.lists(SCALARS, min_size=1, max_size=3),
    "minimum": st.sampled_from([-1, 0, 1, 1.5]), "maximum": st.sampled_from([0, 1, 2, 2.5]),
    "minLength": SMALL, "maxLength": SMALL, "pattern": PATTERNS,
    "required": st.lists(NAMES, max_size=2, unique=True),
    "minProperties": SMALL, "maxProperties": SMALL,
    "dependentRequired": st.dictionaries(NAMES, st.lists(NAMES, max_size=2, unique=True), max_size=2),
    "minItems": SMALL, "maxItems": SMALL, "uniqueItems": st.booleans(),
    "format": st.just("date-time"),
})


def nested(inner: st.SearchStrategy) -> st.SearchStrategy:
    """Schemas whose keywords hold schemas; $ref to #/$defs/d only below `items` or
    `properties`, so a recursive definition always ends with the value."""
    below = inner | st.just(REF)
    return st.one_of(
        st.fixed_dictionaries({}, optional={
            "type": TYPE_NAMES,
            "required": st.lists(NAMES, max_size=2, unique=True),
            "properties": st.dictionaries(NAMES, below, max_size=3),
            "additionalProperties": inner,
            "propertyNames": inner,
            "items": below,
            "allOf": st.lists(inner, min_size=1, max_size=2),
            "anyOf": st.lists(inner, min_size=1, max_size=2),
            "oneOf": st.lists(inner, min_size=1, max_size=3),
            "not": inner,
            "if": inner, "then": inner, "else": inner,
        }),
        st.builds(lambda keys: {"oneOf": [{"required": [k]} for k in keys]},   # "exactly one of"
                  st.lists(NAMES, min_size=1, max_size=3, unique=True)),
        st.builds(lambda key, branches, required, extra: {   # the allOf of if/then the match schema has
            **extra, "allOf": [{"if": {**({"required": [key]} if required else {}),
                                       "properties": {key: {"const": values[0]} if len(values) == 1 else {"enum": values}}},
                                "then": then} for values, then in branches]},
            NAMES, st.lists(st.tuples(st.lists(st.sampled_from(["a", "b", "c"]), min_size=1, max_size=2, unique=True), inner),
                            min_size=1, max_size=3),
            st.booleans(), st.sampled_from([{}, {"type": "object"}, {"required": ["k"]}])),
    )


SCHEMAS = st.recursive(LEAF_SCHEMAS, nested, max_leaves=6)
VALUES = st.recursive(SCALARS | st.sampled_from(["2026-11-21T20:00:00Z", "2026-02-30T20:00:00Z", "c", 10**20]),
                      lambda inner: st.lists(inner, max_size=3) | st.dictionaries(NAMES | st.just("z"), inner, max_size=3),
                      max_leaves=8)


def reference(schema: Any) -> Any:
    from jsonschema import Draft202012Validator, FormatChecker, validators

    strict = Draft202012Validator.TYPE_CHECKER.redefine(   # as adjudicator.schemas.validator
        "integer", lambda _, value: isinstance(value, int) and not isinstance(value, bool))
    checker = FormatChecker(formats=())
    checker.checks("date-time")(clock.is_rfc3339)
    return validators.extend(Draft202012Validator, type_checker=strict)(schema, format_checker=checker)


@settings(max_examples=400, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
@given(schema=SCHEMAS, definition=SCHEMAS, values=st.lists(VALUES, min_size=1, max_size=8))
def test_random_schemas_get_jsonschemas_verdict(schema, definition, values):
    root = {"$defs": {"d": definition}, **schema} if isinstance(schema, dict) else schema
    test = compile_schema(root, formats={"date-time": clock.is_rfc3339}) if isinstance(root, dict) else \
        compile_part({"$defs": {"d": definition}}, root)
    check = reference(root if isinstance(root, dict) else {"$defs": {"d": definition}, "allOf": [root]})
    for value in values:
        assert test(value) == check.is_valid(value), (json.dumps(root), json.dumps(value), getattr(test, "source", ""))


def test_generated_code_is_one_function_for_a_move():
    """Nested subschemas are written inline (one call checks a move), and the source is kept
    for reading."""
    for name in ("move/track-trouble", "move/winning-streak", "match"):
        assert schemas.fast_check(name).source.count("def ") == 1, name
    assert schemas._list_checks("match")["entries"][1].source.count("def ") == 1


def test_a_schema_that_contains_itself_is_called_not_copied():
    root = {"$defs": {"tree": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/tree"}}},
                               "additionalProperties": False}},
            "$ref": "#/$defs/tree"}
    test = compile_schema(root)
    assert test({"kids": [{"kids": []}, {}]})
    assert not test({"kids": [{"kids": [{"x": 1}]}]})
    assert not test({"kids": [{"kids": [3]}]})


def test_deep_schemas_fall_back_to_calls():
    schema: Any = {"type": "integer"}
    for _ in range(60):
        schema = {"type": "array", "items": schema}
    test = compile_schema(schema)
    value: Any = 1
    for _ in range(60):
        value = [value]
    assert test(value) and not test([value])


def test_schemas_too_deep_to_compile_are_left_to_jsonschema():
    """Nested beyond what Python can compile: Unsupported, so the caller asks jsonschema."""
    schema: Any = {"type": "integer"}
    for _ in range(5000):
        schema = {"type": "array", "items": schema}
    with pytest.raises(Unsupported):
        compile_schema(schema)


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(year=st.integers(0, 9999), month=st.integers(0, 13), day=st.integers(0, 32), hour=st.integers(0, 25),
       minute=st.integers(0, 61), second=st.integers(0, 61))
def test_stamped_times_are_judged_as_any_rfc3339_time(year, month, day, hour, minute, second):
    """The short way for `YYYY-MM-DDTHH:MM:SSZ` (what the tool stamps) agrees with the general one."""
    text = f"{year:04d}-{month:02d}-{day:02d}T{hour:02d}:{minute:02d}:{second:02d}Z"
    assert clock.is_rfc3339(text) == clock._is_rfc3339_in_general(text), text
    assert clock.is_rfc3339(text.lower()) == clock._is_rfc3339_in_general(text.lower())


def test_a_pattern_remembers_only_the_short_texts_it_matched():
    """A pattern's short matches are kept, so the same value entry after entry skips the
    search; a text it refused, or a long one, is never kept, and the kept ones are bounded."""
    from adjudicator import fastschema

    found: set[str] = set()
    fits = fastschema._remembering(__import__("re").compile("^[a-z]+$").search, found)
    assert fits("abc") and not fits("ABC") and fits("x" * (fastschema.REMEMBERED_LONGEST + 1))
    assert found == {"abc"}
    for n in range(fastschema.REMEMBERED_MOST + 10):   # as many different short words, and more
        fits(chr(97 + n % 26) + chr(97 + n // 26 % 26) + chr(97 + n // 676))
    assert len(found) == fastschema.REMEMBERED_MOST
    check = compile_schema({"type": "string", "pattern": "^[a-z]+$"})
    assert [check(t) for t in ("abc", "abc", "ABC", "ABC", "abc\n")] == [True, True, False, False, True]
