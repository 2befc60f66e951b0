"""The errors the tool reports to a host, each mapped to an exit status (SPEC, "Exit status").

Every message is one or two plain sentences that name the file, the entry and the field.
Narrow classes, in the manner of python-chess: callers catch what they mean.
"""

from __future__ import annotations


class AdjudicatorError(Exception):
    """Base class: an error with a host-readable message and an exit status."""

    exit_status = 2

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InputError(AdjudicatorError):
    """The input could not be used: unreadable file, schema violation, unknown name (exit 2)."""

    exit_status = 2


class NotationError(InputError):
    """A move typed in a notation the game does not understand (exit 2)."""


class RulesetError(InputError):
    """A ruleset is missing, malformed, or its parameters do not fit (exit 2)."""


class MatchFileError(InputError):
    """A match file is unreadable or violates its schema (exit 2)."""


class RefusedError(AdjudicatorError):
    """An entry the match cannot take now: an illegal move, a roll nobody needs (exit 1)."""

    exit_status = 1

    def __init__(self, message: str, code: str = "refused", **fields: object) -> None:
        super().__init__(message)
        self.code = code
        self.fields = fields   # the refusal's data beside its code, for a caller that words it its own way


class OptionError(InputError):
    """A command-line value a use case cannot take, naming the option it came from (`--player`),
    so the command line can report it as a usage error of that option (exit 2). The use cases
    raise it without knowing how the command line is built."""

    def __init__(self, message: str, option: str) -> None:
        super().__init__(message)
        self.option = option
