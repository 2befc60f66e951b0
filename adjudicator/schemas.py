"""JSON Schemas: loaded once, compiled once, and their errors turned into plain sentences."""

from __future__ import annotations

import json
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from adjudicator.errors import InputError
from adjudicator.paths import data_dir

SCHEMA_NAMES = ("match", "ruleset", "result")


def schema_path(name: str) -> Path:
    """The file of schema `name`: 'match', 'ruleset', 'result' or 'move/<game>'."""
    base = data_dir("schemas")
    if name.startswith("move/"):
        game = name[len("move/"):]
        path = base / "move" / f"{game}.schema.json"
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
    return names


@lru_cache(maxsize=None)
def load_schema(name: str) -> dict[str, Any]:
    with open(schema_path(name), encoding="utf-8") as fh:
        return json.load(fh)


@lru_cache(maxsize=None)
def validator(name: str) -> Any:
    """A compiled Draft 2020-12 validator for `name`, built once per process.

    "integer" means a JSON whole number written as one: JSON Schema also counts 2.0, which
    the games would then use as a list index or a count."""
    from jsonschema import Draft202012Validator, FormatChecker, validators

    checker = FormatChecker(formats=())
    checker.checks("date-time")(_is_rfc3339)
    types = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _, value: isinstance(value, int) and not isinstance(value, bool))
    strict = validators.extend(Draft202012Validator, type_checker=types)
    return strict(load_schema(name), format_checker=checker)


def _is_rfc3339(value: object) -> bool:
    if not isinstance(value, str):
        return True
    if len(value) < 20 or "T" not in value.upper() or not (value.endswith(("Z", "z")) or value[-6] in "+-"):
        return False
    try:
        datetime.fromisoformat(value.replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        return False
    return True


@lru_cache(maxsize=None)
def fast_check(name: str) -> Any:
    """A compiled yes/no predicate for `name` (adjudicator.fastschema), or None when the
    schema uses a keyword it does not compile; then jsonschema does all the work."""
    from adjudicator.fastschema import Unsupported, compile_schema

    try:
        return compile_schema(load_schema(name), formats={"date-time": _is_rfc3339})
    except Unsupported:
        return None


def errors(name: str, instance: Any) -> list[Any]:
    """All schema errors of `instance`, shallowest and earliest first.

    The compiled predicate answers first; jsonschema (imported only then) is asked only when
    it says no, for the errors and their messages, and has the last word.
    """
    fast = fast_check(name)
    if fast is not None and fast(instance):
        return []
    found = list(validator(name).iter_errors(instance))
    found.sort(key=lambda e: (len(e.absolute_path), [str(p) for p in e.absolute_path]))
    return found


def field_path(parts: Iterable[Any]) -> str:
    """`entries[3].move.reroll[0]` from a JSON path."""
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


def describe_error(error: Any) -> str:
    """One sentence for a jsonschema error, more specific than its default message."""
    from jsonschema.exceptions import best_match

    if error.context:
        error = best_match(error.context)
    validator_name = error.validator
    if validator_name == "required":
        return error.message.replace("is a required property", "is missing")
    if validator_name == "additionalProperties":
        return error.message.replace("Additional properties are not allowed", "unknown field")
    if validator_name == "not":
        return "has fields that do not belong with this entry type"
    if validator_name == "format":
        return f"{json.dumps(error.instance)} is not an RFC 3339 date-time such as 2026-11-21T20:14:05Z"
    if validator_name == "enum":
        given = f"'{error.instance[:60]}'" if isinstance(error.instance, str) else json.dumps(error.instance)[:60]
        return f"{given} is not one of: {', '.join(str(v) for v in error.validator_value)}"
    if validator_name == "const":
        return f"must be {json.dumps(error.validator_value)}, not {json.dumps(error.instance)[:60]}"
    if validator_name in ("minItems", "maxItems") and isinstance(error.instance, list):
        bound = "at least" if validator_name == "minItems" else "at most"
        return f"has {len(error.instance)} item{'s' if len(error.instance) != 1 else ''}; needs {bound} {error.validator_value}"
    if validator_name == "oneOf" and isinstance(error.instance, dict):
        return "must have exactly one of: " + ", ".join(
            next(iter(s.get("required", [])), "?") for s in error.validator_value)
    message = error.message
    return message if len(message) < 200 else message[:197] + "..."
