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

A schema is compiled to Python source once (CodeGen: one function per schema, its nested
subschemas written inline), so a check runs no code that asks which keyword comes next.
A schema too deeply nested for Python's compiler is Unsupported too: jsonschema checks it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Predicate = Callable[[Any], bool]

ANNOTATIONS = frozenset({"$schema", "$id", "$comment", "title", "description", "default", "examples",
                         "$defs", "definitions", "deprecated", "readOnly", "writeOnly"})


class Unsupported(Exception):
    """The schema uses a keyword this compiler does not know, or is nested too deeply."""


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def json_equal(a: Any, b: Any) -> bool:
    """Equality as JSON Schema means it: true is not 1, 1.0 is 1, containers compare deeply."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b, strict=False))
    if _is_number(a) and _is_number(b):
        return bool(a == b)
    return type(a) is type(b) and a == b


def compile_schema(schema: dict[str, Any], formats: dict[str, Predicate] | None = None) -> Predicate:
    """A predicate: True exactly when jsonschema would find `schema` satisfied (for the
    keywords compiled here); raises Unsupported for any other keyword."""
    return compile_part(schema, schema, formats)


def compile_part(root: dict[str, Any], part: Any, formats: dict[str, Predicate] | None = None) -> Predicate:
    """A predicate for `part`, a subschema of `root` (its `$ref`s point into `root`): how a
    caller tests one entry of a match without the rest. Python source generated for `part`
    (CodeGen); a schema too deeply nested for Python's compiler is Unsupported, so that
    jsonschema, which has the last word anyway, checks it alone."""
    try:
        return CodeGen(root, formats).build(part)
    except (SyntaxError, RecursionError, MemoryError) as error:
        raise Unsupported(f"a schema nested too deeply to compile ({type(error).__name__})") from None


# --- Generated code -----------------------------------------------------------------------

KEYWORDS = frozenset({
    "type", "const", "enum", "minimum", "maximum", "minLength", "maxLength", "pattern", "format",
    "required", "properties", "additionalProperties", "minProperties", "maxProperties", "propertyNames",
    "dependentRequired", "items", "minItems", "maxItems", "uniqueItems",
    "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "$ref"})
STRING_KEYWORDS = ("minLength", "maxLength", "pattern")
NUMBER_KEYWORDS = ("minimum", "maximum")
OBJECT_KEYWORDS = ("required", "properties", "additionalProperties", "minProperties", "maxProperties",
                   "propertyNames", "dependentRequired")
ARRAY_KEYWORDS = ("minItems", "maxItems", "uniqueItems", "items")

# type name: (the test of a value `{v}`, what the value then is for the keywords that follow)
TYPE_TESTS = {
    "object": ("{v}.__class__ is dict", "object"),
    "array": ("{v}.__class__ is list", "array"),
    "string": ("{v}.__class__ is str", "string"),
    "integer": ("{v}.__class__ is int", "number"),
    "number": ("({v}.__class__ is int or {v}.__class__ is float)", "number"),
    "boolean": ("{v}.__class__ is bool", None),
    "null": ("{v} is None", None),
}
# when the keywords of a kind apply (JSON Schema ignores them for values of other types)
GUARDS = {
    "object": "isinstance({v}, dict)",
    "array": "isinstance({v}, list)",
    "string": "isinstance({v}, str)",
    "number": "(isinstance({v}, (int, float)) and {v}.__class__ is not bool)",
}
MAX_INLINE_DEPTH = 12   # nested subschemas inlined into one function before calling another


def _indent(lines: list[str], by: int = 1) -> list[str]:
    return ["    " * by + line for line in lines] or ["    " * by + "pass"]


def _distinct(value: list[Any]) -> bool:
    return not any(json_equal(a, b) for i, a in enumerate(value) for b in value[i + 1:])


def _in_enum(value: Any, options: tuple[Any, ...]) -> bool:
    return any(json_equal(value, o) for o in options)


REMEMBERED_MOST = 1024   # texts a pattern remembers having matched: a bound on its memory
REMEMBERED_LONGEST = 40  # characters of the longest text it remembers


def _remembering(search: Callable[[str], Any], found: set[str]) -> Callable[[str], bool]:
    """Whether a pattern matches a text, short texts it matches kept in `found`: the same
    few values (a square, a troop) come back entry after entry, and the generated code
    looks them up before searching again (a set lookup costs a tenth of a search)."""
    def fits(text: str) -> bool:
        if search(text) is None:
            return False
        if len(text) <= REMEMBERED_LONGEST and len(found) < REMEMBERED_MOST:
            found.add(text)
        return True
    return fits


class CodeGen:
    """Compiles one schema document to Python source, then to functions with `exec`.

    The predicate of a schema is a function of one value that returns False as soon as a
    keyword fails and True at its end. A subschema that must hold for the value to be valid
    (a property's, an item's, `allOf`'s, `then`'s, a `$ref`'s) is written inline, with its
    own local variable, so checking an entry is one call, not one call per keyword and
    node. Only a subschema whose verdict is a value, not a verdict of the whole (`anyOf`,
    `oneOf`, `not`, `if`), or one nested too deep or referring to itself, becomes a function
    of its own. What a `type` keyword established is remembered so later keywords skip the
    type test JSON Schema puts before them (`minimum` applies to numbers only)."""

    def __init__(self, root: dict[str, Any], formats: dict[str, Predicate] | None = None) -> None:
        self.root = root
        self.formats = formats or {}
        self.names: dict[str, Any] = {"_json_equal": json_equal, "_distinct": _distinct, "_in_enum": _in_enum}
        self.source: list[str] = []
        self.functions: dict[int, str] = {}
        self.kept: list[Any] = []   # the subschemas keyed by id() above stay alive
        self.expanding: list[str] = []   # the $refs being written inline, innermost last
        self.count = 0
        self.depth = 0

    def build(self, schema: Any) -> Predicate:
        name = self.function(schema)
        text = "\n".join(self.source) + "\n"
        exec(compile(text, "<fastschema>", "exec"), self.names)   # noqa: S102 - our own generated source
        predicate: Predicate = self.names[name]
        vars(predicate)["source"] = text   # the generated source, for a reader of a failing predicate
        return predicate

    def fresh(self, stem: str) -> str:
        self.count += 1
        return f"{stem}{self.count}"

    def constant(self, value: Any, stem: str = "_c") -> str:
        name = self.fresh(stem)
        self.names[name] = value
        return name

    def literal(self, value: Any) -> str:
        """Source for a string or a whole number; a constant for anything else."""
        if value.__class__ in (str, int):
            return repr(value)
        return self.constant(value)

    def function(self, schema: Any) -> str:
        """The name of a function `f(x) -> bool` for `schema` (written once per subschema)."""
        if schema is True or schema is False:
            return self.constant(lambda value: schema, "_const")
        if not isinstance(schema, dict):
            raise Unsupported(f"schema {schema!r}")
        name = self.functions.get(id(schema))
        if name is not None:
            return name
        name = self.functions[id(schema)] = self.fresh("_f")
        self.kept.append(schema)
        depth, self.depth = self.depth, 0
        body = self.block(schema, "x", None)
        self.depth = depth
        self.source += [f"def {name}(x):", *_indent(body), "    return True", ""]
        return name

    def expression(self, schema: Any, v: str, known: str | None) -> str:
        """A Python expression: whether `v` satisfies `schema`."""
        if schema is True:
            return "True"
        if schema is False:
            return "False"
        if isinstance(schema, dict):
            keys = set(schema) - ANNOTATIONS
            if not keys <= KEYWORDS:
                raise Unsupported(", ".join(sorted(keys - KEYWORDS)))
            if not keys - {"then", "else"}:
                return "True"
            if keys == {"required"} and isinstance(schema["required"], list):
                names = schema["required"]
                if not names:
                    return "True"
                present = " and ".join(f"{self.literal(n)} in {v}" for n in names)
                return f"({present})" if known == "object" else f"(not isinstance({v}, dict) or ({present}))"
            if keys == {"anyOf"} and isinstance(schema["anyOf"], list) and schema["anyOf"]:
                return "(" + " or ".join(self.expression(s, v, known) for s in schema["anyOf"]) + ")"
            if keys == {"not"}:
                return f"(not {self.expression(schema['not'], v, known)})"
        return f"{self.function(schema)}({v})"

    def block(self, schema: Any, v: str, known: str | None) -> list[str]:
        """Statements that `return False` unless `v` satisfies `schema`. `known`: what `v` is
        already known to be ('object', 'array', 'string', 'number' or None)."""
        if schema is True:
            return []
        if schema is False:
            return ["return False"]
        if not isinstance(schema, dict):
            raise Unsupported(f"schema {schema!r}")
        unknown = set(schema) - ANNOTATIONS - KEYWORDS
        if unknown:
            raise Unsupported(", ".join(sorted(unknown)))
        if self.depth >= MAX_INLINE_DEPTH:
            return [f"if not {self.function(schema)}({v}): return False"]
        self.depth += 1
        try:
            return self._block(schema, v, known)
        finally:
            self.depth -= 1

    def _block(self, schema: dict[str, Any], v: str, known: str | None) -> list[str]:
        out: list[str] = []
        if "type" in schema:
            test, known = self.type_test(schema["type"], v, known)
            if test:
                out.append(f"if not {test}: return False")
        if "const" in schema:
            out += self.k_const(schema["const"], v, known)
        if "enum" in schema:
            out += self.k_enum(schema["enum"], v, known)
        for kind, keywords, write in (("string", STRING_KEYWORDS, self.string_keywords),
                                      ("number", NUMBER_KEYWORDS, self.number_keywords),
                                      ("object", OBJECT_KEYWORDS, self.object_keywords),
                                      ("array", ARRAY_KEYWORDS, self.array_keywords)):
            if any(k in schema for k in keywords) or (kind == "object" and self.one_of_required(schema)):
                lines = write(schema, v)
                if lines and known != kind:
                    lines = [f"if {GUARDS[kind].format(v=v)}:", *_indent(lines)]
                out += lines
        keys = self.one_of_required(schema)
        if keys is not None and len(keys) > 1 and known != "object":
            out.append(f"if not isinstance({v}, dict): return False")   # a non-object meets every `required`
        if "format" in schema and schema["format"] in self.formats:
            out.append(f"if not {self.constant(self.formats[schema['format']], '_format')}({v}): return False")
        if "allOf" in schema:
            required = schema.get("required")   # checked above: an object has these keys by now
            out += self.k_allOf(schema["allOf"], v, known, set(required) if isinstance(required, list) else set())
        if "anyOf" in schema:
            subs = schema["anyOf"]
            if not isinstance(subs, list) or not subs:
                raise Unsupported("anyOf")
            out.append(f"if not ({' or '.join(self.expression(s, v, known) for s in subs)}): return False")
        if "oneOf" in schema and not self.one_of_required(schema):
            subs = schema["oneOf"]
            if not isinstance(subs, list) or not subs:
                raise Unsupported("oneOf")
            tests = " + ".join(f"({self.expression(s, v, known)})" for s in subs)
            out.append(f"if {tests} != 1: return False")
        if "not" in schema:
            out.append(f"if {self.expression(schema['not'], v, known)}: return False")
        if "if" in schema:
            out += self.k_if(schema, v, known)
        if "$ref" in schema:
            out += self.k_ref(schema["$ref"], v, known)
        return out

    # --- Types and values ---------------------------------------------------------------
    def type_test(self, names: Any, v: str, known: str | None) -> tuple[str | None, str | None]:
        if isinstance(names, str):
            names = [names]
        if not isinstance(names, list) or not names or not all(n in TYPE_TESTS for n in names):
            raise Unsupported(f"type {names!r}")
        tests = [TYPE_TESTS[n][0].format(v=v) for n in names]
        if len(names) == 1:
            test, now = TYPE_TESTS[names[0]][0].format(v=v), TYPE_TESTS[names[0]][1]
            return (None if known == "object" and now == "object" else test), now
        return "(" + " or ".join(tests) + ")", None

    def k_const(self, expected: Any, v: str, known: str | None) -> list[str]:
        if expected.__class__ is str:
            if known == "string":
                return [f"if {v} != {self.literal(expected)}: return False"]
            return [f"if {v}.__class__ is not str or {v} != {self.literal(expected)}: return False"]
        if expected is True or expected is False or expected is None:
            return [f"if {v} is not {expected!r}: return False"]
        return [f"if not _json_equal({v}, {self.constant(expected)}): return False"]

    def k_enum(self, options: Any, v: str, known: str | None) -> list[str]:
        if not isinstance(options, list):
            raise Unsupported("enum")
        if all(o.__class__ is str for o in options):
            allowed = self.constant(frozenset(options), "_enum")
            if known == "string":
                return [f"if {v} not in {allowed}: return False"]
            return [f"if {v}.__class__ is not str or {v} not in {allowed}: return False"]
        return [f"if not _in_enum({v}, {self.constant(tuple(options))}): return False"]

    def string_keywords(self, schema: dict[str, Any], v: str) -> list[str]:
        out = []
        if "minLength" in schema:
            out.append(f"if len({v}) < {self.literal(schema['minLength'])}: return False")
        if "maxLength" in schema:
            out.append(f"if len({v}) > {self.literal(schema['maxLength'])}: return False")
        if "pattern" in schema:
            found: set[str] = set()
            known_fits = self.constant(found, "_fits")
            search = self.constant(_remembering(re.compile(schema["pattern"]).search, found), "_pattern")
            out.append(f"if {v} not in {known_fits} and not {search}({v}): return False")
        return out

    def number_keywords(self, schema: dict[str, Any], v: str) -> list[str]:
        out = []   # written `not >=` so that NaN fails
        if "minimum" in schema:
            out.append(f"if not {v} >= {self.literal(schema['minimum'])}: return False")
        if "maximum" in schema:
            out.append(f"if not {v} <= {self.literal(schema['maximum'])}: return False")
        return out

    # --- Objects ------------------------------------------------------------------------
    @staticmethod
    def one_of_required(schema: dict[str, Any]) -> tuple[str, ...] | None:
        """The keys of `oneOf: [{required: [K1]}, {required: [K2]}, …]` ("exactly one of")."""
        subs = schema.get("oneOf")
        if isinstance(subs, list) and subs and all(
                isinstance(s, dict) and list(s) == ["required"] and isinstance(s["required"], list)
                and len(s["required"]) == 1 for s in subs):
            return tuple(s["required"][0] for s in subs)
        return None

    def object_keywords(self, schema: dict[str, Any], v: str) -> list[str]:
        out = []
        required = schema.get("required", [])
        if not isinstance(required, list):
            raise Unsupported("required")
        if required:
            out.append(f"if {' or '.join(f'{self.literal(n)} not in {v}' for n in required)}: return False")
        properties = schema.get("properties", {})
        if not isinstance(properties, dict):
            raise Unsupported("properties")
        extra = schema.get("additionalProperties", True)
        known_names = self.constant(frozenset(properties), "_names")
        if extra is False:
            out.append(f"if not {known_names}.issuperset({v}): return False" if properties else f"if {v}: return False")
        for name, sub in properties.items():
            item = self.fresh("v")
            lines = self.block(sub, item, None)
            if not lines:
                continue
            key = self.literal(name)
            if lines == ["return False"]:
                out.append(f"if {key} in {v}: return False")
            elif name in required:
                out += [f"{item} = {v}[{key}]", *lines]
            else:
                out += [f"if {key} in {v}:", f"    {item} = {v}[{key}]", *_indent(lines)]
        if extra is not True and extra is not False:
            item = self.fresh("v")
            lines = self.block(extra, item, None)
            if lines == ["return False"]:
                out.append(f"if not {known_names}.issuperset({v}): return False" if properties else f"if {v}: return False")
            elif lines and properties:
                name = self.fresh("k")
                out += [f"for {name}, {item} in {v}.items():", f"    if {name} not in {known_names}:", *_indent(lines, 2)]
            elif lines:
                out += [f"for {item} in {v}.values():", *_indent(lines)]
        if "minProperties" in schema:
            out.append(f"if len({v}) < {self.literal(schema['minProperties'])}: return False")
        if "maxProperties" in schema:
            out.append(f"if len({v}) > {self.literal(schema['maxProperties'])}: return False")
        if "propertyNames" in schema:
            name = self.fresh("k")
            lines = self.block(schema["propertyNames"], name, None)
            if lines:
                out += [f"for {name} in {v}:", *_indent(lines)]
        rules = schema.get("dependentRequired", {})
        if not isinstance(rules, dict):
            raise Unsupported("dependentRequired")
        for name, needs in rules.items():
            if needs:
                missing = " or ".join(f"{self.literal(n)} not in {v}" for n in needs)
                out.append(f"if {self.literal(name)} in {v} and ({missing}): return False")
        keys = self.one_of_required(schema)
        if keys is not None:
            count = " + ".join(f"({self.literal(k)} in {v})" for k in keys)
            out.append(f"if {count} != 1: return False")
        return out

    # --- Arrays -------------------------------------------------------------------------
    def array_keywords(self, schema: dict[str, Any], v: str) -> list[str]:
        out = []
        if "minItems" in schema:
            out.append(f"if len({v}) < {self.literal(schema['minItems'])}: return False")
        if "maxItems" in schema:
            out.append(f"if len({v}) > {self.literal(schema['maxItems'])}: return False")
        if schema.get("uniqueItems"):
            out.append(f"if not _distinct({v}): return False")
        if "items" in schema:
            if isinstance(schema["items"], list):
                raise Unsupported("items as a list")
            item = self.fresh("v")
            lines = self.block(schema["items"], item, None)
            if lines == ["return False"]:
                out.append(f"if {v}: return False")
            elif lines:
                out += [f"for {item} in {v}:", *_indent(lines)]
        return out

    # --- Combinations -------------------------------------------------------------------
    def k_allOf(self, subs: Any, v: str, known: str | None, present: set[str]) -> list[str]:
        if not isinstance(subs, list) or not subs:
            raise Unsupported("allOf")
        switch = self.discriminated(subs, v, known, present)
        if switch is not None:
            return switch
        out: list[str] = []
        for sub in subs:
            out += self.block(sub, v, known)
        return out

    def discriminated(self, subs: list[Any], v: str, known: str | None, present: set[str]) -> list[str] | None:
        """`allOf: [{if: {properties: {K: {const: V}}}, then: S}, …]` over one key K with
        string values (each `if` may also require K): the object's K picks the `then`s
        instead of trying every `if`. As in JSON Schema, a value that is not an object meets
        every `if`, and an object without K every `if` that does not require K."""
        key = None
        branches: list[tuple[list[str], bool, Any]] = []   # (values, requires K, then)
        for sub in subs:
            if not (isinstance(sub, dict) and set(sub) <= {"if", "then"} and "if" in sub):
                return None
            condition = sub["if"]
            if not (isinstance(condition, dict) and set(condition) in ({"properties"}, {"properties", "required"})
                    and isinstance(condition["properties"], dict) and len(condition["properties"]) == 1):
                return None
            (name, test), = condition["properties"].items()
            if "required" in condition and condition["required"] != [name]:
                return None
            if not isinstance(test, dict):
                return None
            values = [test["const"]] if list(test) == ["const"] else test.get("enum") if list(test) == ["enum"] else None
            if not isinstance(values, list) or not all(x.__class__ is str for x in values) or key not in (None, name):
                return None
            key = name
            branches.append((values, "required" in condition, sub.get("then", True)))
        chosen = self.fresh("c")
        by_value: dict[str, list[str]] = {}
        for values, _requires, _then in branches:
            for value in values:
                by_value.setdefault(value, [])
        for value in by_value:
            for values, _requires, then in branches:
                if value in values:
                    by_value[value] += self.block(then, v, "object")
        cases: list[str] = []
        for value, lines in by_value.items():
            if lines:
                cases += [f"{'elif' if cases else 'if'} {chosen} == {self.literal(value)}:", *_indent(lines)]
        picked = [f"{chosen} = {v}[{self.literal(key)}]", f"if isinstance({chosen}, str):", *_indent(cases)] \
            if cases else []
        absent: list[str] = []
        for _values, requires, then in branches:
            if not requires:
                absent += self.block(then, v, "object")
        as_object = []
        if key in present:   # the schema requires K: an object without it failed already
            as_object = picked
        elif picked or absent:
            as_object = [f"if {self.literal(key)} in {v}:", *_indent(picked)]
            if absent:
                as_object += ["else:", *_indent(absent)]
        if known == "object":
            return as_object
        other: list[str] = []   # not an object: every `if` holds
        for _values, _requires, then in branches:
            other += self.block(then, v, known)
        if not as_object and not other:
            return []
        out = [f"if isinstance({v}, dict):", *_indent(as_object)]
        if other:
            out += ["else:", *_indent(other)]
        return out

    def k_if(self, schema: dict[str, Any], v: str, known: str | None) -> list[str]:
        then = self.block(schema.get("then", True), v, known)
        otherwise = self.block(schema.get("else", True), v, known)
        condition = self.expression(schema["if"], v, known)
        if not then and not otherwise:
            return []
        if not otherwise:
            return [f"if {condition}:", *_indent(then)]
        if not then:
            return [f"if not {condition}:", *_indent(otherwise)]
        return [f"if {condition}:", *_indent(then), "else:", *_indent(otherwise)]

    def k_ref(self, ref: Any, v: str, known: str | None) -> list[str]:
        if not isinstance(ref, str) or not ref.startswith("#/"):
            raise Unsupported(f"$ref {ref}")
        target: Any = self.root
        try:
            for part in ref[2:].split("/"):
                target = target[part.replace("~1", "/").replace("~0", "~")]
        except (KeyError, TypeError, IndexError):
            raise Unsupported(f"$ref {ref} points at nothing") from None
        if ref in self.expanding:   # a schema that contains itself: a call, not an inline copy
            return [f"if not {self.function(target)}({v}): return False"]
        self.expanding.append(ref)
        try:
            return self.block(target, v, known)
        finally:
            self.expanding.pop()
