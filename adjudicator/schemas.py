"""JSON Schemas: loaded once, compiled once, and their errors turned into plain sentences."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

from adjudicator.clock import is_rfc3339
from adjudicator.errors import InputError, RulesetError
from adjudicator.paths import GameSource, cache_dir, data_dir, find_game, game_names

SCHEMA_NAMES = ("match", "ruleset", "result")


def schema_path(name: str) -> Path:
    """The file of schema `name`: 'match', 'ruleset', 'result' or 'move/<game>' (a game's
    move schema is where the game search path finds the game: paths.find_game)."""
    base = data_dir("schemas")
    if name.startswith("move/"):
        source = find_game(name[len("move/"):])
        path = source.schema if source else base / "move" / "-"
    else:
        path = base / f"{name}.schema.json"
    if not _is_plain_name(name) or not path.is_file():
        raise InputError(f"There is no schema named '{name}'. Known: {', '.join(available_schemas())}.")
    return path


def _is_plain_name(name: str) -> bool:
    parts = name.split("/")
    return all(part and part not in (".", "..") for part in parts) and len(parts) <= 2


def available_schemas() -> list[str]:
    """Every schema name `adjudicator schema` accepts."""
    base = data_dir("schemas")
    names = [n for n in SCHEMA_NAMES if (base / f"{n}.schema.json").is_file()]
    names += sorted(f"move/{p.name[:-len('.schema.json')]}" for p in (base / "move").glob("*.schema.json"))
    plugged = (_found(game) for game in game_names() if f"move/{game}" not in names)
    names += [f"move/{source.name}" for source in plugged if source and source.schema.is_file()]
    return names


def _found(game: str) -> GameSource | None:
    """Where a listed game is; None for one offered twice (find_game refuses it when asked for)."""
    try:
        return find_game(game)
    except RulesetError:
        return None


def check_move_schema(game: str, path: Path) -> None:
    """A plug-in game's move schema must be there, be JSON and be a valid JSON Schema
    (Draft 2020-12); else one sentence. The check is remembered under the file's SHA-256
    (paths.cache_dir), so an unchanged schema costs a read, not jsonschema's import."""
    import hashlib

    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{path}: the move schema of game '{game}' is missing: a game's move schema "
                         f"<name>.schema.json lies beside its module.") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read the move schema of game '{game}' ({exc.strerror}).") from None
    try:
        data = json.loads(raw)
    except UnicodeDecodeError:
        raise InputError(f"{path}: the move schema of game '{game}' is not UTF-8 text.") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}: the move schema of game '{game}' is not JSON ({exc.msg} at line "
                         f"{exc.lineno}, column {exc.colno}).") from None
    if not isinstance(data, dict):
        raise InputError(f"{path}: the move schema of game '{game}' must be a JSON object.")
    folder = cache_dir()
    marker = folder / "schemas" / f"{hashlib.sha256(raw).hexdigest()}.ok" if folder else None
    if marker is not None and marker.is_file():
        return
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError

    try:
        Draft202012Validator.check_schema(data)
    except SchemaError as exc:
        at = field_path(exc.absolute_path)
        raise InputError(f"{path}: the move schema of game '{game}' is not a valid JSON Schema: "
                         f"{'' if at == '(top level)' else 'at ' + at + ', '}{describe_error(exc)}.") from None
    if marker is not None:
        try:
            marker.parent.mkdir(parents=True, exist_ok=True)
            marker.touch()
        except OSError:
            pass


@cache
def load_schema(name: str) -> dict[str, Any]:
    with open(schema_path(name), encoding="utf-8") as fh:
        schema: dict[str, Any] = json.load(fh)
    return schema


@cache
def validator(name: str) -> Any:
    """A compiled Draft 2020-12 validator for `name`, built once per process.

    "integer" means a JSON whole number written as one: JSON Schema also counts 2.0, which
    the games would then use as a list index or a count."""
    from jsonschema import Draft202012Validator, FormatChecker, validators

    checker = FormatChecker(formats=())
    checker.checks("date-time")(is_rfc3339)
    types = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _, value: isinstance(value, int) and not isinstance(value, bool))
    strict = validators.extend(Draft202012Validator, type_checker=types)   # type: ignore[no-untyped-call]  # jsonschema's stubs leave it untyped
    return strict(load_schema(name), format_checker=checker)


@cache
def fast_check(name: str) -> Any:
    """A compiled yes/no predicate for `name` (adjudicator.fastschema), or None when the
    schema uses a keyword it does not compile; then jsonschema does all the work."""
    from adjudicator.fastschema import Unsupported, compile_schema

    try:
        return compile_schema(load_schema(name), formats={"date-time": is_rfc3339})
    except Unsupported:
        return None


def errors(name: str, instance: Any) -> list[Any]:
    """The schema errors of `instance`'s first failing part, shallowest and earliest first.

    The compiled predicate answers first; jsonschema (imported only then) is asked only when
    it says no, for the errors and their messages, and has the last word. It is asked about
    the first part the compiled predicates refuse (the header with its long lists left empty,
    then item by item), never about the whole: one bad entry among 10^6 costs what checking
    a valid file costs, not minutes. So the errors are those of that part only.
    """
    fast = fast_check(name)
    if fast is None:
        return _sorted(jsonschema_errors(name, instance))
    if fast(instance):
        return []
    for part, prefix, schema in _failing_parts(name, instance, fast):
        found = jsonschema_errors(name, part, schema, prefix)
        if found:   # else the predicate refused what jsonschema accepts: jsonschema decides
            return _sorted(found)
    return []


def _sorted(found: list[Any]) -> list[Any]:
    found.sort(key=lambda e: (len(e.absolute_path), [str(p) for p in e.absolute_path]))
    return found


def jsonschema_errors(name: str, part: Any, schema: Any = None, prefix: tuple[Any, ...] = ()) -> list[Any]:
    """jsonschema's errors for `part` (the whole instance, or the subschema `schema` of
    schema `name` found at JSON path `prefix`), with paths from the top of the instance.
    Every question to jsonschema goes through here (tests count them)."""
    check = validator(name)
    found = list(check.iter_errors(part) if schema is None else check.descend(part, schema))
    for error in found:
        error.path.extendleft(reversed(prefix))
    return found


def _failing_parts(name: str, instance: Any, fast: Any) -> Iterator[tuple[Any, tuple[Any, ...], Any]]:
    """(part, its path, its subschema or None for the root) of each part of `instance` the
    compiled predicates refuse, in order: the header (long lists emptied), then each bad
    item. Parts the predicates accept are valid (a predicate never accepts what jsonschema
    refuses), so these are the only parts jsonschema need see."""
    lists = _list_checks(name)
    if not lists or instance.__class__ is not dict:
        yield instance, (), None
        return
    header = {key: [] if key in lists and value.__class__ is list else value for key, value in instance.items()}
    if not fast(header):
        yield header, (), None
    for key, (schema, test) in lists.items():
        value = instance.get(key)
        if value.__class__ is list:
            for index, item in enumerate(value):
                if not test(item):
                    yield item, (key, index), schema


LIST_KEYWORDS = frozenset({"type", "items"})
ROOT_KEYWORDS = frozenset({"type", "required", "additionalProperties", "properties"})


@cache
def _list_checks(name: str) -> dict[str, tuple[Any, Any]]:
    """{property: (item subschema, compiled item predicate)} for the top-level lists of schema
    `name` that say only `type: array` and `items` (so an empty list always fits them and an
    item can be tested alone), when the root says nothing that ties properties together."""
    from adjudicator.fastschema import ANNOTATIONS, Unsupported, compile_part

    root = load_schema(name)
    if not set(root) - ANNOTATIONS <= ROOT_KEYWORDS or root.get("type") != "object":
        return {}
    out = {}
    for key, sub in root.get("properties", {}).items():
        if isinstance(sub, dict) and sub.get("type") == "array" and set(sub) - ANNOTATIONS == LIST_KEYWORDS:
            try:
                out[key] = (sub["items"], compile_part(root, sub["items"], formats={"date-time": is_rfc3339}))
            except Unsupported:
                return {}
    return out


def field_path(parts: Iterable[Any]) -> str:
    """`entries[3].move.reroll[0]` from a JSON path."""
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


def quote(value: Any) -> str:
    """A value of the user's as a message quotes it: JSON, at most an excerpt (bounded.EXCERPT)."""
    from adjudicator.bounded import excerpt

    if isinstance(value, str):
        return json.dumps(excerpt(value), ensure_ascii=False)
    return excerpt(value)


def describe_error(error: Any) -> str:
    """One sentence for a jsonschema error, more specific than its default message, quoting
    at most a short excerpt of what the file holds (a 10 MB string stays out of it)."""
    from jsonschema.exceptions import best_match

    from adjudicator.bounded import excerpt

    if error.context:
        error = best_match(error.context)
    validator_name = error.validator
    if validator_name == "required":
        return str(error.message).replace("is a required property", "is missing")
    if validator_name == "additionalProperties" and isinstance(error.instance, dict):
        known = set(error.schema.get("properties", {}))
        unknown = [key for key in error.instance if key not in known]
        shown = ", ".join(f"'{excerpt(k)}'" for k in unknown[:3]) + (f" and {len(unknown) - 3} more" if len(unknown) > 3 else "")
        return f"unknown field ({shown} {'was' if len(unknown) == 1 else 'were'} unexpected)"
    if validator_name == "not":
        return "has fields that do not belong with this entry type"
    if validator_name == "format":
        return f"{quote(error.instance)} is not an RFC 3339 date-time such as 2026-11-21T20:14:05Z " \
               "(within years 1 to 9999 in UTC)"
    if validator_name == "enum":
        given = f"'{excerpt(error.instance)}'" if isinstance(error.instance, str) else quote(error.instance)
        return f"{given} is not one of: {', '.join(str(v) for v in error.validator_value)}"
    if validator_name == "const":
        return f"must be {json.dumps(error.validator_value)}, not {quote(error.instance)}"
    if validator_name == "type":
        shown = f"'{excerpt(error.instance)}'" if isinstance(error.instance, str) else excerpt(repr(error.instance))
        return f"{shown} is not of type {_type_words(error.validator_value)}"   # as jsonschema, but short
    if validator_name in ("minItems", "maxItems") and isinstance(error.instance, list):
        bound = "at least" if validator_name == "minItems" else "at most"
        return f"has {len(error.instance)} item{'s' if len(error.instance) != 1 else ''}; needs {bound} {error.validator_value}"
    if validator_name == "oneOf" and isinstance(error.instance, dict):
        return "must have exactly one of: " + ", ".join(
            next(iter(s.get("required", [])), "?") for s in error.validator_value)
    message = str(error.message)   # jsonschema quotes the whole value: keep an excerpt
    return message if len(message) < 200 else message[:197] + "..."


def _type_words(names: Any) -> str:
    """`'integer'` or `'integer', 'null'`, as jsonschema's own message names types."""
    return ", ".join(repr(n) for n in ([names] if isinstance(names, str) else names))
