"""The output formats, and every `--format` name the commands take.

The registry finds the text formats by itself: every module of this package whose name does
not start with `_` is one format, and defines exactly one subclass of `Format`
(adjudicator.formats._base). It is found by iterating the package's own modules
(`pkgutil.iter_modules` over `__path__`), so adding a format is adding one module; nothing
else names it (docs/design.md, "Adding an output format").

The `--format` choices (`BoardFormat`, `TextOrJson`...) are `str`-valued Enums made from the
registry when asked for (the commands' annotations are read each time the command line is
parsed), so typer lists them in `--help` and refuses anything else, and a member still equals
(and hashes as) its name: `fmt == "json"` and JSON outputs keep working. Their members are
known only at run time, so type checkers see them as `str`, which every member is.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from enum import Enum
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, TypeAlias

from adjudicator.formats._base import Format

JSON = "json"                 # the data a command prints (views, posting, check...) instead of text
PICTURES = ("svg", "png")     # `board` only: adjudicator.picture
JUNIT = "junit"               # `check` only: a JUnit report for CI
YAML = "yaml"                 # `ruleset show` only: the resolved ruleset


@cache
def registry() -> dict[str, Format]:
    """Every text format by name, in their `order`."""
    found = [_format_of(importlib.import_module(f"{__name__}.{info.name}"))
             for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_")]
    return {each.name: each for each in sorted(found, key=lambda each: (each.order, each.name))}


def _format_of(module: ModuleType) -> Format:
    """The one Format class a format module defines, made."""
    defined = [value for value in vars(module).values()
               if isinstance(value, type) and issubclass(value, Format) and value.__module__ == module.__name__]
    if len(defined) != 1:
        raise TypeError(f"{module.__name__} must define exactly one Format, not {len(defined)}")
    return defined[0]()


def renderer(name: str) -> Format:
    """The format named `name` (a text format's name); ValueError for any other."""
    try:
        return registry()[name]
    except KeyError:
        raise ValueError(f"{name!r} is not a text format ({', '.join(registry())})") from None


def text_formats() -> tuple[str, ...]:
    """The text formats' names, in order: `text`, `markdown`..."""
    return tuple(registry())


class FormatName(str, Enum):   # noqa: UP042 - typer takes a str-mixin Enum's choices; StrEnum's str() differs
    """A `--format` value: equal to its name, and hashed as it, so a dict keyed by names finds it."""

    __hash__ = str.__hash__

    def __str__(self) -> str:
        return str(self.value)


def plain() -> str:
    """The first text format (`text`): what `text or json` commands call their text."""
    return text_formats()[0]


# Each command's choices (an Enum made when first asked for, from the registry as it is then).
_CHOICES: dict[str, Callable[[], tuple[str, ...]]] = {
    "BoardFormat": lambda: (*text_formats(), JSON),                       # a board as text or data: move, post...
    "BoardOrPicture": lambda: (*text_formats(), JSON, *PICTURES),         # ... or a picture: board
    "TextOrJson": lambda: (plain(), JSON),                                # a listing or data: replay, legal...
    "CheckFormat": lambda: (plain(), JSON, JUNIT),                        # `check`
    "RulesetFormat": lambda: (YAML, JSON),                                # `ruleset show`
}

if TYPE_CHECKING:
    BoardFormat: TypeAlias = str
    BoardOrPicture: TypeAlias = str
    TextOrJson: TypeAlias = str
    CheckFormat: TypeAlias = str
    RulesetFormat: TypeAlias = str


def __getattr__(name: str) -> type[FormatName]:
    """`formats.BoardFormat` and the other choices, as the registry has them now."""
    if name not in _CHOICES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return _choices(name, _CHOICES[name]())


@cache
def _choices(enum: str, names: tuple[str, ...]) -> type[FormatName]:
    members = [(name.upper().replace("-", "_"), name) for name in names]
    return FormatName(enum, members)   # type: ignore[call-overload, no-any-return]
