"""Limits on what hostile input may make the tool build or print.

Python refuses to turn a string of more than 4,300 digits into an int (a ValueError from
json.loads, PyYAML and int() alike), a YAML alias can stand for a structure a million times
its size, and a message that quotes what a user gave can be megabytes long. Every reader
of user data goes through these helpers, so each limit is one sentence of exit status 2:

- MAX_DIGITS: a whole number has at most this many digits. No count, index, value, time
  or sequence number any game uses comes near it, and a message can quote one whole.
- MAX_NODES: a parsed YAML document holds at most this many values, aliases expanded (the
  largest built-in ruleset holds about 360); an alias bomb is refused after that many
  steps, never expanded.
- excerpt(): what a message quotes of a user's value, at most EXCERPT characters.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DIGITS = 100
MAX_NODES = 10_000
EXCERPT = 60

_LONG_DIGITS = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")


class TooManyDigits(ValueError):
    """A whole number longer than MAX_DIGITS digits; `parts` is the JSON path to it."""

    def __init__(self, digits: int, parts: list[Any] | None = None) -> None:
        super().__init__(f"a whole number of {digits} digits")
        self.digits = digits
        self.parts = parts or []

    def sentence(self) -> str:
        """What is wrong, for after the file, entry and field."""
        return f"a whole number of {self.digits} digits; numbers here have at most {MAX_DIGITS} digits"


class _Huge:
    """Stands in, while parsing, for a number too long to convert, so that the parse can
    finish and the error can name the field that holds it."""

    __slots__ = ("digits",)

    def __init__(self, digits: int) -> None:
        self.digits = digits


def loads_json(text: str) -> Any:
    """json.loads, except that a whole number longer than MAX_DIGITS digits raises
    TooManyDigits naming its path (json.decoder errors pass through unchanged)."""
    if not has_long_digit_run(text):   # the usual case: no run of digits that long anywhere
        return json.loads(text)
    found: list[_Huge] = []

    def whole(token: str) -> Any:
        digits = len(token) - token.startswith("-")
        if digits > MAX_DIGITS:
            found.append(_Huge(digits))
            return found[-1]
        return int(token)

    data = json.loads(text, parse_int=whole)
    if found:
        raise TooManyDigits(found[0].digits, _path_to(data, found[0]) or [])
    return data


_AS_ZERO = str.maketrans("123456789", "000000000")


def has_long_digit_run(text: str) -> bool:
    """Does `text` hold more than MAX_DIGITS ASCII digits in a row? (A translate and a
    substring search: ten times faster than a regular expression on a 10 MB file.)"""
    return "0" * (MAX_DIGITS + 1) in text.translate(_AS_ZERO)


def _path_to(data: Any, target: object) -> list[Any] | None:
    """The JSON path of `target` inside `data` (depth first, iterative: no recursion limit)."""
    stack: list[tuple[Any, list[Any]]] = [(data, [])]
    while stack:
        value, parts = stack.pop()
        if value is target:
            return parts
        if isinstance(value, dict):
            stack.extend((item, [*parts, key]) for key, item in reversed(list(value.items())))
        elif isinstance(value, list):
            stack.extend((item, [*parts, index]) for index, item in reversed(list(enumerate(value))))
    return None


def long_number(text: str) -> int | None:
    """The digit count of the first run of more than MAX_DIGITS digits in typed text, or None."""
    found = _LONG_DIGITS.search(text)
    return len(found.group()) if found else None


def excerpt(value: Any, limit: int = EXCERPT) -> str:
    """A value as a message may quote it: JSON, cut to `limit` characters with its length said."""
    if isinstance(value, _Huge):
        return f"a number of {value.digits} digits"
    try:
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = type(value).__name__
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text)} characters)"


MAX_MESSAGE = 1000
_QUOTED = re.compile("'([^'\\n]{{{n},}})'|\"((?:[^\"\\\\\\n]|\\\\.){{{n},}})\"".format(n=EXCERPT + 1))


def short_message(message: str) -> str:
    """A message as it may be shown. One over MAX_MESSAGE characters has every quoted value
    over EXCERPT characters cut to an excerpt, and what is still too long cut in the middle.
    The safety net under every error a command prints (messages should quote excerpts
    themselves); ordinary messages pass unchanged, apostrophes and all."""
    if len(message) <= MAX_MESSAGE:
        return message
    message = _QUOTED.sub(lambda m: m.group(0)[0] + excerpt(m.group(0)[1:-1]) + m.group(0)[-1], message)
    if len(message) <= MAX_MESSAGE:
        return message
    head, tail = message[:MAX_MESSAGE * 2 // 3], message[-(MAX_MESSAGE // 4):]
    return f"{head} … ({len(message) - len(head) - len(tail)} characters left out) … {tail}"


def count_nodes(value: Any, limit: int = MAX_NODES) -> int | None:
    """How many values `value` holds with aliases expanded, or None as soon as it is more
    than `limit` (so an alias bomb, or a structure that holds itself, costs `limit` steps)."""
    seen = 0
    stack = [value]
    while stack:
        item = stack.pop()
        seen += 1
        if seen > limit:
            return None
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return seen


def yaml_loader() -> Any:
    """A safe YAML loader class whose whole numbers are bounded like JSON's (MAX_DIGITS)."""
    global _LOADER
    if _LOADER is None:
        import yaml

        base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

        class BoundedLoader(base):  # type: ignore[misc, valid-type]
            """Safe loading; a too long whole number is a YAML error with its place."""

        def whole(loader: Any, node: Any) -> Any:
            digits = sum(ch.isdigit() for ch in node.value)
            if digits > MAX_DIGITS:
                raise yaml.constructor.ConstructorError(
                    None, None, f"a whole number of {digits} digits; numbers here have at most {MAX_DIGITS} digits",
                    node.start_mark)
            return base.construct_yaml_int(loader, node)

        BoundedLoader.add_constructor("tag:yaml.org,2002:int", whole)
        BoundedLoader.construct_mapping = _no_key_twice(base.construct_mapping)
        _LOADER = BoundedLoader
    return _LOADER


_LOADER: Any = None
_MERGE = "tag:yaml.org,2002:merge"


def _no_key_twice(construct: Any) -> Any:
    """construct_mapping that refuses a key written twice in one mapping, as a YAML error at
    the second with the line of the first: PyYAML would keep the last one silently, so a
    ruleset could say one `id` to a reader and mean another. Merge keys (`<<`) may repeat."""
    import yaml

    def construct_mapping(loader: Any, node: Any, deep: bool = False) -> Any:
        first: dict[Any, int] = {}
        for key_node, _ in node.value if isinstance(node, yaml.MappingNode) else ():
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == _MERGE:
                continue
            key = loader.construct_object(key_node)
            line = key_node.start_mark.line + 1
            if key in first:
                raise yaml.constructor.ConstructorError(
                    None, None, f"the key '{excerpt(str(key))}' is written twice in one mapping, at line "
                                f"{first[key]} and at line {line}; keep one", key_node.start_mark)
            first[key] = line
        return construct(loader, node, deep)
    return construct_mapping


def load_yaml_text(text: str) -> Any:
    """Safe YAML with bounded numbers; raises yaml.YAMLError (with a mark) for a too long
    number, and ValueError when the document is nested more than MAX_DEPTH deep (told from the
    parser's events before anything is built: libyaml builds nodes recursively, and a few
    thousand brackets overflow its C stack, a crash no `except` catches) or holds more than
    MAX_NODES values, aliases expanded."""
    import yaml

    deep = ValueError(f"is nested more than {MAX_DEPTH} lists and mappings deep")
    if _yaml_too_deep(text):
        raise deep
    data = yaml.load(text, Loader=yaml_loader())  # noqa: S506 - a safe loader
    if count_nodes(data) is None:
        raise ValueError(f"holds more than {MAX_NODES} values (an alias counts as all it stands for); "
                         "write less, or use fewer aliases")
    if too_deep(data):   # aliases nest what they stand for
        raise deep
    return data


def _yaml_too_deep(text: str) -> bool:
    """Does the YAML in `text` open more than MAX_DEPTH collections inside each other? Told
    from the parser's events, which libyaml makes without recursion."""
    import yaml

    depth = 0
    for event in yaml.parse(text, Loader=yaml_loader()):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
    return False


MAX_DEPTH = 32   # a move nests objects and lists four deep; a param value a few more


def too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Is `value` (parsed JSON or YAML) nested more than `limit` lists and objects deep? Walked
    without recursion, so a value built to exhaust the stack is told, not followed."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > MAX_DEPTH:
                return True
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return False
