"""Ranges of ruleset parameters: every number and list in `params` has one, declared as data.

A ruleset's `ranges` maps a dotted path into `params` to what that value may be: a number
from `min` to `max` (whole numbers when both bounds are whole), a list or mapping of
`min_items` to `max_items` entries, text of at most `max_length` characters; `nullable: true`
also allows null (which switches a setting off, like an untimed `turn_seconds`). In a path, `*`
stands for any one key or list position and `**` for any number of them (routes nest). A
value must satisfy every range whose path matches it. A variant inherits its base's ranges
(mappings merge key by key), so a host widens or narrows one with a line of YAML.

Ranges keep numbers a host or a match may type small enough that nothing explodes in memory
or time (a `rope.length` of 10**9 once built a 2.3 GB board) and say the nearest valid value
when one is out. A ruleset must give a range to every number and list of its own `params`,
and a match may not set a number or list that no range covers.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from typing import Any

NUMBER_KEYS = ("min", "max")
ITEMS_KEYS = ("min_items", "max_items")
TEXT_KEYS = ("max_length",)

PLAIN_KEY = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
Path = tuple[Any, ...]          # keys (str) and list positions (int)
Compiled = list[tuple[tuple[str, ...], dict[str, Any]]]


def compile_ranges(ranges: dict[str, dict[str, Any]]) -> Compiled:
    """(pattern segments, spec) for each declared range, in declaration order."""
    return [(tuple(pattern.split(".")), spec) for pattern, spec in ranges.items()]


def spec_problem(pattern: str, spec: dict[str, Any]) -> str | None:
    """Why one declared range cannot work (a minimum above its maximum); None if it can."""
    for low_key, high_key in (NUMBER_KEYS, ITEMS_KEYS):
        low, high = spec.get(low_key), spec.get(high_key)
        if low is not None and high is not None and low > high:
            return f"ranges.{pattern}: {low_key} {low} is above {high_key} {high}"
    kinds = sum(any(k in spec for k in keys) for keys in (NUMBER_KEYS, ITEMS_KEYS, TEXT_KEYS))
    if kinds > 1:
        return f"ranges.{pattern}: a range is for a number (min, max), a list (min_items, max_items) " \
               f"or text (max_length), not several"
    return None


def first_problem(params: dict[str, Any], compiled: Compiled) -> tuple[str, str] | None:
    """(field path, sentence) of the first value out of its range or with no range; None if all fit.

    Walks in document order without recursion (a hostile override may nest deeply) and
    stops at the first problem, so a huge override costs no more than its first bad value.
    """
    by_head: dict[str, Compiled] = {}
    for pattern, spec in compiled:   # most patterns start with a parameter's name: look only there
        by_head.setdefault(pattern[0] if pattern[0] not in ("*", "**") else "", []).append((pattern, spec))
    wild = by_head.get("", [])
    for path, value in _nodes(params):
        candidates = by_head.get(str(path[0]), []) + wild
        specs = [spec for pattern, spec in candidates if _matches(pattern, path)]
        problem = _value_problem(value, specs)
        if problem:
            return field_name(path), problem
    return None


def covered_paths(params: dict[str, Any], compiled: Compiled) -> Iterator[tuple[Path, list[dict[str, Any]]]]:
    """Every number and list of `params` with the ranges that apply to it (for tests and `show`)."""
    for path, value in _nodes(params):
        if _needs_range(value):
            yield path, [spec for pattern, spec in compiled if _matches(pattern, path)]


def field_name(path: Path) -> str:
    """`rope.letters.A[0]`: how messages name a place in params."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
            continue
        name = str(part) if PLAIN_KEY.match(str(part)) else excerpt(str(part))   # a key may hold "\n"
        out += f".{name}" if out else name
    return out


def _nodes(root: Any) -> Iterator[tuple[Path, Any]]:
    stack: list[tuple[Path, Any]] = [((key,), value) for key, value in reversed(list(root.items()))]
    while stack:
        path, value = stack.pop()
        yield path, value
        if isinstance(value, dict):
            stack.extend(((*path, key), item) for key, item in reversed(list(value.items())))
        elif isinstance(value, list):
            stack.extend(((*path, index), item) for index, item in reversed(list(enumerate(value))))


def _matches(pattern: tuple[str, ...], path: Path) -> bool:
    """Does a dotted pattern (`*` one segment, `**` any number) name this path?"""
    if "**" not in pattern:
        return len(pattern) == len(path) and all(p == "*" or p == str(s) for p, s in zip(pattern, path, strict=False))
    # Segments before the first `**` must match one by one; then try every length for it.
    cut = pattern.index("**")
    head, tail = pattern[:cut], pattern[cut + 1:]
    if len(path) < len(head) or not _matches(head, path[:len(head)]):
        return False
    return any(_matches(tail, path[start:]) for start in range(len(head), len(path) + 1))


def _needs_range(value: Any) -> bool:
    return isinstance(value, list) or (isinstance(value, (int, float)) and not isinstance(value, bool))


def _value_problem(value: Any, specs: list[dict[str, Any]]) -> str | None:
    if value is None and (not specs or any(spec.get("nullable") for spec in specs)):
        return None   # null where no range speaks, or where one allows it (untimed: turn_seconds)
    if not specs:
        if _needs_range(value):
            what = "list" if isinstance(value, list) else "number"
            return f"no range is declared for this {what}, so it cannot be used; the ruleset's `ranges` " \
                   f"must give one"
        return None
    for spec in specs:
        if any(k in spec for k in NUMBER_KEYS):
            problem = number_problem(value, spec.get("min"), spec.get("max"))
        elif any(k in spec for k in ITEMS_KEYS):
            problem = items_problem(value, spec.get("min_items"), spec.get("max_items"))
        elif "max_length" in spec:
            problem = text_problem(value, spec["max_length"])
        else:
            problem = None
        if problem:
            return problem
    return None


def span(low: Any, high: Any) -> str:
    """`a whole number from 1 to 49`: what a range allows, in words."""
    whole = all(isinstance(b, int) for b in (low, high) if b is not None)
    kind = "a whole number" if whole else "a number"
    if low is not None and high is not None:
        return f"{kind} from {low} to {high}"
    if low is not None:
        return f"{kind} of at least {low}"
    return f"{kind} of at most {high}" if high is not None else kind


def number_problem(value: Any, low: Any, high: Any) -> str | None:
    """Why `value` is not a number within [low, high], naming the nearest valid value."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            (isinstance(value, float) and not math.isfinite(value)):
        return f"{excerpt(value)} is not a number; use {span(low, high)}"
    if low is not None and value < low:
        return f"{excerpt(value)} is below the minimum of {low}; use {low} or more"
    if high is not None and value > high:
        return f"{excerpt(value)} is above the maximum of {high}; use {high} or less"
    whole = all(isinstance(b, int) for b in (low, high) if b is not None)
    if whole and isinstance(value, float):
        near = sorted({n for n in (math.floor(value), math.ceil(value))
                       if (low is None or n >= low) and (high is None or n <= high)})
        return f"{excerpt(value)} is not a whole number; use {' or '.join(map(str, near))}"
    return None


def items_problem(value: Any, low: int | None, high: int | None) -> str | None:
    """Why `value` is not a list (or mapping) of low…high entries."""
    if not isinstance(value, (list, dict)):
        return f"{excerpt(value)} is not a list; give a list of {_entries(low, high)}"
    what = "a list" if isinstance(value, list) else "a mapping"
    count = len(value)
    if low is not None and count < low:
        return f"{what} of {count} entr{'y' if count == 1 else 'ies'} is shorter than the minimum of {low}; " \
               f"give at least {low}"
    if high is not None and count > high:
        return f"{what} of {count} entries is longer than the maximum of {high}; give at most {high}"
    return None


def text_problem(value: Any, high: int) -> str | None:
    if not isinstance(value, str):
        return f"{excerpt(value)} is not text; give text of at most {high} characters"
    if len(value) > high:
        return f"text of {len(value)} characters is longer than the maximum of {high}; use at most {high}"
    return None


def _entries(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"{low} to {high} entries" if low != high else f"exactly {low} entries"
    return f"at least {low} entries" if low is not None else f"at most {high} entries"


def excerpt(value: Any) -> str:
    """A short quotation of what the user gave, whatever its size (never a 10 MB line, never a
    4,301-digit int converted to text, which Python refuses)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if value.bit_length() <= 64:
            return str(value)
        digits = int(value.bit_length() * math.log10(2)) + 1
        return f"{'-' if value < 0 else ''}a number of about {digits} digits"
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
        return repr(value)
    if isinstance(value, str):
        shown = value[:40].encode("unicode_escape").decode("ascii")
        return f"'{shown}{'…' if len(value) > 40 else ''}'"
    if isinstance(value, list):
        return f"a list of {len(value)} entr{'y' if len(value) == 1 else 'ies'}"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__
