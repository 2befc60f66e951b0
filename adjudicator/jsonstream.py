"""A JSON object read from a file piece by piece, in any layout: its top-level members one by
one, and the items of one list member one at a time, so memory does not grow with that list.

The tool writes match files one entry a line (matchfile.dumps) and reads those line by line
(matchfile.MatchStream). A file written by another tool may be pretty-printed, or all on one
line; this reads it in flat memory all the same. Each value is parsed by the
standard library's own decoder (`JSONDecoder.raw_decode`, at C speed) from a window of the
file that slides forward, so only the value being read and a few kilobytes around it are held.

It reads only what it is sure `json.loads` would read the same way, and raises `Unsure` on
anything else (a key written twice at the top level, a long run of digits, text after the
object, bytes that are not UTF-8, a value it could not read): the caller then reads the file
whole, which says precisely what is wrong, if anything.
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Iterator
from typing import IO, Any

from adjudicator.bounded import has_long_digit_run

CHUNK = 1 << 16              # characters decoded at a time
_WHITESPACE = " \t\n\r"
_DECODER = json.JSONDecoder()


class Unsure(Exception):
    """The file is not one this reader can read exactly as json.loads would: read it whole."""


class ObjectStream:
    """The top-level object of a JSON file: `members(key)` yields each member in file order,
    the value of `key` being an iterator over its list's items."""

    def __init__(self, file: IO[bytes]) -> None:
        self._file = file
        self._decoder = codecs.getincrementaldecoder("utf-8-sig")("strict")
        self._buf = ""
        self._pos = 0
        self._eof = False

    # --- the window over the file -------------------------------------------------------------

    def _more(self, at_least: int = CHUNK) -> bool:
        """Decode the next piece of the file into the window; False at the end of the file."""
        if self._eof:
            return False
        raw = self._file.read(max(CHUNK, at_least))
        try:
            text = self._decoder.decode(raw, final=not raw)
        except UnicodeDecodeError:
            raise Unsure("not UTF-8") from None
        if not raw:
            self._eof = True
        if self._pos > CHUNK:   # drop what was read: the window stays a few chunks long
            self._buf, self._pos = self._buf[self._pos:], 0
        self._buf += text
        return bool(raw) or bool(text)

    def _peek(self) -> str:
        """The next character that is not whitespace ("" at the end of the file)."""
        while True:
            buf, pos = self._buf, self._pos
            while pos < len(buf) and buf[pos] in _WHITESPACE:
                pos += 1
            self._pos = pos
            if pos < len(buf):
                return buf[pos]
            if not self._more():
                return ""

    def _expect(self, char: str) -> None:
        if self._peek() != char:
            raise Unsure(f"expected {char!r}")
        self._pos += 1

    def _value(self) -> Any:
        """The JSON value that starts here, parsed once the window holds all of it (and the
        character after it, so a number is never cut short at the window's end)."""
        self._peek()
        while True:
            try:
                value, end = _DECODER.raw_decode(self._buf, self._pos)
            except ValueError:   # JSONDecodeError, or int()'s digit limit
                if self._more(len(self._buf) - self._pos):   # twice the window: a long value is read
                    continue                                  # in a few tries, never one per chunk
                raise Unsure("a value json.loads would refuse") from None
            except RecursionError:
                raise Unsure("nested too deeply") from None
            if end == len(self._buf) and self._more(len(self._buf) - self._pos):
                continue
            if has_long_digit_run(self._buf[self._pos:end]):   # json.loads's digit limit is the reader's to word
                raise Unsure("a long run of digits")
            self._pos = end
            return value

    # --- the object -----------------------------------------------------------------------

    def members(self, streamed: str) -> Iterator[tuple[str, Any]]:
        """(key, value) for each top-level member. The value of `streamed` is an iterator over
        its list's items, to be read to its end before the next member is asked for."""
        self._expect("{")
        seen: set[str] = set()
        if self._peek() == "}":
            self._pos += 1
        else:
            while True:
                key = self._value()
                if not isinstance(key, str) or key in seen:
                    raise Unsure("a key that is no string, or one written twice")
                seen.add(key)
                self._expect(":")
                if key == streamed:
                    if self._peek() != "[":
                        raise Unsure(f"{streamed} is not a list")
                    self._pos += 1
                    items = self._items()
                    yield key, items
                    for _ in items:   # what the caller left unread
                        pass
                else:
                    yield key, self._value()
                after = self._peek()
                self._pos += 1
                if after == "}":
                    break
                if after != ",":
                    raise Unsure("expected ',' or '}'")
        if self._peek() != "":
            raise Unsure("text after the object")

    def _items(self) -> Iterator[Any]:
        """The items of the list whose '[' was just read."""
        if self._peek() == "]":
            self._pos += 1
            return
        while True:
            yield self._value()
            after = self._peek()
            self._pos += 1
            if after == "]":
                return
            if after != ",":
                raise Unsure("expected ',' or ']'")
