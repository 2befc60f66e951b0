"""A small JSON Schema compiler for the hot path: yes or no, fast; jsonschema says why.

Every match load checks the header and every entry against the match schema and every
move against its game's schema. jsonschema takes ~90 µs per small object and ~70 ms to
import; these predicates take a few µs and import nothing. They answer only "valid?":
when one says no, `adjudicator.schemas` asks jsonschema for the error and its message,
and jsonschema stays the authority (a file the predicate refuses but jsonschema accepts
is accepted). A predicate must therefore never accept what jsonschema refuses; the tests
compare the two on real and mutated files.

Only the keywords our schemas use are compiled; any other keyword makes `compile_schema`
raise `Unsupported`, and the caller falls back to jsonschema for that schema.
"""

from __future__ import annotations

import re
from typing import Any, Callable

Predicate = Callable[[Any], bool]

ANNOTATIONS = frozenset({"$schema", "$id", "$comment", "title", "description", "default", "examples",
                         "$defs", "definitions", "deprecated", "readOnly", "writeOnly"})


class Unsupported(Exception):
    """The schema uses a keyword this compiler does not know."""


def _is_integer(value: Any) -> bool:
    """A whole number written as one. Stricter than JSON Schema, which also counts 2.0: the
    games use these as counts and list indexes (adjudicator.schemas reads it the same way)."""
    return value.__class__ is int


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


TYPES: dict[str, Predicate] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": _is_integer,
    "number": _is_number,
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def json_equal(a: Any, b: Any) -> bool:
    """Equality as JSON Schema means it: true is not 1, 1.0 is 1, containers compare deeply."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b))
    if _is_number(a) and _is_number(b):
        return a == b
    return type(a) is type(b) and a == b


class Compiler:
    """Compiles one schema document; `$ref`s are JSON pointers into that document."""

    def __init__(self, root: dict[str, Any], formats: dict[str, Predicate] | None = None) -> None:
        self.root = root
        self.formats = formats or {}
        self.refs: dict[str, Predicate] = {}
        self.compiling: set[str] = set()

    def compile(self, schema: Any) -> Predicate:
        if schema is True:
            return lambda value: True
        if schema is False:
            return lambda value: False
        if not isinstance(schema, dict):
            raise Unsupported(f"schema {schema!r}")
        if schema.get("type") == "object":
            return self.compile_object(schema)
        return self.combine([self.keyword(k, a, schema) for k, a in schema.items()])

    def keyword(self, keyword: str, argument: Any, schema: dict) -> Predicate | None:
        if keyword in ANNOTATIONS:
            return None
        build = getattr(self, "k_" + keyword.replace("$", "dollar_"), None)
        if build is None:
            raise Unsupported(keyword)
        return build(argument, schema)

    @staticmethod
    def combine(found: list[Predicate | None]) -> Predicate:
        checks = tuple(c for c in found if c is not None)
        if not checks:
            return lambda value: True
        if len(checks) == 1:
            return checks[0]

        def every(value: Any) -> bool:
            for check in checks:
                if not check(value):
                    return False
            return True
        return every

    def compile_object(self, schema: dict) -> Predicate:
        """`type: object` with its object keywords folded into one pass over the object:
        the shape of every header, entry and move, so the case worth making fast."""
        folded = {"type", "required", "properties", "additionalProperties"}
        if schema.get("patternProperties"):
            raise Unsupported("patternProperties")
        required = tuple(schema.get("required", ()))
        properties = {name: self.compile(sub) for name, sub in schema.get("properties", {}).items()}
        extra = schema.get("additionalProperties", True)
        closed = extra is False
        extra_test = None if extra in (True, False) else self.compile(extra)
        known = frozenset(properties)
        rest = self.combine([self.keyword(k, a, schema) for k, a in schema.items() if k not in folded])

        def check(value: Any) -> bool:
            if value.__class__ is not dict:
                return False
            for name in required:
                if name not in value:
                    return False
            if closed and not known.issuperset(value):
                return False
            for name, item in value.items():
                test = properties.get(name)
                if test is not None:
                    if not test(item):
                        return False
                elif extra_test is not None and not extra_test(item):
                    return False
            return rest(value)
        return check

    # --- Types and values ---------------------------------------------------------------
    def k_type(self, names: Any, _schema: dict) -> Predicate:
        if isinstance(names, str):
            return TYPES[names]
        tests = [TYPES[name] for name in names]
        return lambda value: any(test(value) for test in tests)

    def k_const(self, expected: Any, _schema: dict) -> Predicate:
        if isinstance(expected, str):
            return lambda value: value.__class__ is str and value == expected
        return lambda value: json_equal(value, expected)

    def k_enum(self, options: list[Any], _schema: dict) -> Predicate:
        if all(isinstance(o, str) for o in options):
            allowed = frozenset(options)
            return lambda value: isinstance(value, str) and value in allowed
        return lambda value: any(json_equal(value, o) for o in options)

    def k_minimum(self, bound: Any, _schema: dict) -> Predicate:
        return lambda value: not _is_number(value) or value >= bound

    def k_maximum(self, bound: Any, _schema: dict) -> Predicate:
        return lambda value: not _is_number(value) or value <= bound

    def k_minLength(self, bound: int, _schema: dict) -> Predicate:
        return lambda value: not isinstance(value, str) or len(value) >= bound

    def k_maxLength(self, bound: int, _schema: dict) -> Predicate:
        return lambda value: not isinstance(value, str) or len(value) <= bound

    def k_pattern(self, pattern: str, _schema: dict) -> Predicate:
        search = re.compile(pattern).search
        return lambda value: not isinstance(value, str) or search(value) is not None

    def k_format(self, name: str, _schema: dict) -> Predicate | None:
        test = self.formats.get(name)
        if test is None:
            return None   # formats are annotations unless a checker is given (as jsonschema)
        return lambda value: test(value)

    # --- Objects ------------------------------------------------------------------------
    def k_required(self, names: list[str], _schema: dict) -> Predicate:
        wanted = tuple(names)
        if len(wanted) == 1:
            only = wanted[0]
            return lambda value: value.__class__ is not dict or only in value

        def present(value: Any) -> bool:
            if value.__class__ is dict:
                for name in wanted:
                    if name not in value:
                        return False
            return True
        return present

    def k_properties(self, properties: dict[str, Any], _schema: dict) -> Predicate:
        compiled = {name: self.compile(sub) for name, sub in properties.items()}

        def check(value: Any) -> bool:
            if not isinstance(value, dict):
                return True
            for name, test in compiled.items():
                if name in value and not test(value[name]):
                    return False
            return True
        return check

    def k_additionalProperties(self, extra: Any, schema: dict) -> Predicate:
        if schema.get("patternProperties"):
            raise Unsupported("additionalProperties with patternProperties")
        known = frozenset(schema.get("properties", {}))
        if extra is False:
            return lambda value: not isinstance(value, dict) or known.issuperset(value)
        test = self.compile(extra)
        return lambda value: not isinstance(value, dict) or all(
            test(v) for k, v in value.items() if k not in known)

    def k_minProperties(self, bound: int, _schema: dict) -> Predicate:
        return lambda value: not isinstance(value, dict) or len(value) >= bound

    def k_maxProperties(self, bound: int, _schema: dict) -> Predicate:
        return lambda value: not isinstance(value, dict) or len(value) <= bound

    def k_propertyNames(self, sub: Any, _schema: dict) -> Predicate:
        test = self.compile(sub)
        return lambda value: not isinstance(value, dict) or all(test(k) for k in value)

    def k_dependentRequired(self, rules: dict[str, list[str]], _schema: dict) -> Predicate:
        pairs = [(name, tuple(needs)) for name, needs in rules.items()]
        return lambda value: not isinstance(value, dict) or all(
            all(n in value for n in needs) for name, needs in pairs if name in value)

    # --- Arrays -------------------------------------------------------------------------
    def k_items(self, sub: Any, _schema: dict) -> Predicate:
        if isinstance(sub, list):
            raise Unsupported("items as a list")
        test = self.compile(sub)

        def each(value: Any) -> bool:
            if value.__class__ is list:
                for item in value:
                    if not test(item):
                        return False
            return True
        return each

    def k_minItems(self, bound: int, _schema: dict) -> Predicate:
        return lambda value: not isinstance(value, list) or len(value) >= bound

    def k_uniqueItems(self, unique: bool, _schema: dict) -> Predicate | None:
        if not unique:
            return None

        def distinct(value: Any) -> bool:
            if not isinstance(value, list):
                return True
            return not any(json_equal(a, b) for i, a in enumerate(value) for b in value[i + 1:])
        return distinct

    def k_maxItems(self, bound: int, _schema: dict) -> Predicate:
        return lambda value: not isinstance(value, list) or len(value) <= bound

    # --- Combinations -------------------------------------------------------------------
    def k_allOf(self, subs: list[Any], _schema: dict) -> Predicate:
        switch = self.discriminated(subs)
        if switch is not None:
            return switch
        return self.combine([self.compile(s) for s in subs])

    def discriminated(self, subs: list[Any]) -> Predicate | None:
        """`allOf: [{if: {properties: {K: {const: V}}}, then: S}, …]` over one key K with
        string values: look S up by the object's K instead of trying every branch. As in
        JSON Schema, a value that is not an object, or lacks K, meets every `if`."""
        key = None
        branches: dict[str, list[Predicate]] = {}
        for sub in subs:
            if not (isinstance(sub, dict) and set(sub) <= {"if", "then"} and "if" in sub):
                return None
            condition = sub["if"]
            if not (isinstance(condition, dict) and list(condition) == ["properties"]
                    and len(condition["properties"]) == 1):
                return None
            (name, test), = condition["properties"].items()
            values = [test["const"]] if list(test) == ["const"] else test.get("enum") if list(test) == ["enum"] else None
            if values is None or not all(isinstance(v, str) for v in values) or key not in (None, name):
                return None
            key = name
            then = self.compile(sub.get("then", True))
            for v in values:
                branches.setdefault(v, []).append(then)
        every = [t for ts in branches.values() for t in ts]
        by_value = {v: self.combine(list(ts)) for v, ts in branches.items()}
        all_of = self.combine(every)
        nothing = lambda value: True  # noqa: E731

        def check(value: Any) -> bool:
            if value.__class__ is not dict or key not in value:
                return all_of(value)
            chosen = value[key]
            if chosen.__class__ is not str:
                return True   # no `if` matches a non-string, so no `then` applies
            return by_value.get(chosen, nothing)(value)
        return check

    def k_anyOf(self, subs: list[Any], _schema: dict) -> Predicate:
        tests = [self.compile(s) for s in subs]
        return lambda value: any(test(value) for test in tests)

    def k_oneOf(self, subs: list[Any], _schema: dict) -> Predicate:
        if all(isinstance(s, dict) and list(s) == ["required"] and len(s["required"]) == 1 for s in subs):
            keys = tuple(s["required"][0] for s in subs)   # "exactly one of these fields"
            return lambda value: value.__class__ is not dict or sum(k in value for k in keys) == 1
        tests = [self.compile(s) for s in subs]

        def exactly_one(value: Any) -> bool:
            found = 0
            for test in tests:
                if test(value):
                    found += 1
                    if found > 1:
                        return False
            return found == 1
        return exactly_one

    def k_not(self, sub: Any, _schema: dict) -> Predicate:
        test = self.compile(sub)
        return lambda value: not test(value)

    def k_if(self, condition: Any, schema: dict) -> Predicate:
        test = self.compile(condition)
        then = self.compile(schema.get("then", True))
        otherwise = self.compile(schema.get("else", True))
        return lambda value: then(value) if test(value) else otherwise(value)

    def k_then(self, _sub: Any, _schema: dict) -> None:
        return None   # compiled with `if`

    def k_else(self, _sub: Any, _schema: dict) -> None:
        return None   # compiled with `if`

    def k_dollar_ref(self, ref: str, _schema: dict) -> Predicate:
        if not ref.startswith("#/"):
            raise Unsupported(f"$ref {ref}")
        if ref in self.refs:
            if ref not in self.compiling:
                return self.refs[ref]
            refs = self.refs   # a reference to a schema still being compiled: look it up late
            return lambda value: refs[ref](value)
        self.compiling.add(ref)
        target: Any = self.root
        for part in ref[2:].split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        self.refs[ref] = lambda value: True   # replaced below; only a cycle would call it
        self.refs[ref] = self.compile(target)
        self.compiling.discard(ref)
        return self.refs[ref]


def compile_schema(schema: dict[str, Any], formats: dict[str, Predicate] | None = None) -> Predicate:
    """A predicate: True exactly when jsonschema would find `schema` satisfied (for the
    keywords compiled here); raises Unsupported for any other keyword."""
    return Compiler(schema, formats).compile(schema)


def compile_part(root: dict[str, Any], part: Any, formats: dict[str, Predicate] | None = None) -> Predicate:
    """A predicate for `part`, a subschema of `root` (its `$ref`s point into `root`): how a
    caller tests one entry of a match without the rest."""
    return Compiler(root, formats).compile(part)
