"""Plain mutations of a parsed match file, shared by the hypothesis fuzz tests
(tests/hostile/test_fuzz.py) and the long seeded campaign (scripts/fuzz.py)."""

from __future__ import annotations

from typing import Any


def float_twins(node: Any) -> Any:
    """Every whole number in `node` written as a float of the same value (3 → 3.0)."""
    if isinstance(node, bool):
        return node
    if isinstance(node, int):
        return float(node)
    if isinstance(node, list):
        return [float_twins(v) for v in node]
    if isinstance(node, dict):
        return {k: v if k == "seq" else float_twins(v) for k, v in node.items()}
    return node


def odd_texts(node: Any, odd: str) -> Any:
    """Every string in `node` with `odd` appended (keys of the match format left alone)."""
    if isinstance(node, str):
        return node + odd
    if isinstance(node, list):
        return [odd_texts(v, odd) for v in node]
    if isinstance(node, dict):
        return {k: odd_texts(v, odd) if k not in ("type", "format", "seq") else v for k, v in node.items()}
    return node


def renumber(doc: Any) -> None:
    """Make seq count from 1 again, so that reordered entries reach the rules, not the schema."""
    if isinstance(doc, dict) and isinstance(doc.get("entries"), list):
        for number, entry in enumerate(doc["entries"], 1):
            if isinstance(entry, dict):
                entry["seq"] = number


def at(doc: Any, path: list[Any]) -> Any:
    """The node a path of keys leads to in a JSON document (the fuzzers' `a_path`)."""
    for key in path:
        doc = doc[key]
    return doc
