"""The audited log (G-9): a hash chain over a match file's entries.

In a match whose header names `"chain": CHAIN_SCHEME` (every match `new` makes), each entry
the tool writes records `prev`, the head of the log before it, and `hash`, its own head:
SHA-256 of the entry's chain form in canonical JSON (sorted keys, no spaces, UTF-8). Head 0
is the hash of the header without its entries and without what the tool rewrites later
(`posted`). A sealed entry (a sealed submission, a sealed refusal recorded on purpose, a
side move kept private) also carries a random `nonce` and `commit`, the hash of its private
fields with the nonce; its chain form leaves the private fields out and keeps `commit`, so
a head tells nothing of the move. Once the phase resolves the entry is public with its
nonce, and anyone can check the move against its commitment.

Pure functions on plain data: nothing here prints, reads a file or words a sentence (the
presenter words a `Difference`).
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

CHAIN_SCHEME = "adjudicator-chain/1"
COMMIT_SCHEME = "adjudicator-commit/1"
CHAIN_FIELDS = ("prev", "hash")
# Header fields the tool rewrites after `new` (posting.write_record): not part of head 0.
REWRITTEN = ("entries", "posted")
# What a sealed entry keeps private until its phase resolves (views hide a sealed entry's
# move, post text, note and the code it was recorded with as illegal): the commitment
# covers them; the chain form leaves them out.
PRIVATE = ("move", "text", "note", "flagged")
SHORT = 8   # hex digits of a head as shown ("log 27 · 3f9a21c0")


def canonical(obj: Any) -> bytes:
    """Canonical JSON (G-9): sorted keys, no spaces, UTF-8. A lone surrogate (a `\\ud800`
    escape, which match files may hold) is encoded as it stands rather than refused."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8", "surrogatepass")


def sha256(obj: Any) -> str:
    return hashlib.sha256(canonical(obj)).hexdigest()


def is_chained(data: dict[str, Any]) -> bool:
    """Was the match made with the audited log (G-9)? Matches made before carry no chain."""
    return data.get("chain") == CHAIN_SCHEME


def head_zero(data: dict[str, Any]) -> str:
    """The head before any entry: the hash of the header as `new` wrote it."""
    return sha256({key: value for key, value in data.items() if key not in REWRITTEN})


def new_nonce() -> str:
    """A sealed entry's random nonce (tests patch this one function)."""
    return secrets.token_hex(16)


def commitment(entry: dict[str, Any], nonce: str) -> str:
    """SHA-256 of `["adjudicator-commit/1", move, nonce]` in canonical form; a sealed entry's
    other private fields (its post text, note, recorded code), when it has any, follow as a
    fourth item, so none of them can be changed after the reveal either."""
    rest = {key: entry[key] for key in PRIVATE if key in entry and key != "move"}
    parts: list[Any] = [COMMIT_SCHEME, entry.get("move"), nonce]
    if rest:
        parts.append(rest)
    return sha256(parts)


def chain_form(entry: dict[str, Any]) -> dict[str, Any]:
    """What an entry's hash covers: the entry less its own `hash`; a committed (sealed)
    entry also less its private fields and nonce, its `commit` standing for them."""
    if "commit" in entry:
        return {key: value for key, value in entry.items() if key not in (*PRIVATE, "nonce", "hash")}
    return {key: value for key, value in entry.items() if key != "hash"}


def entry_hash(entry: dict[str, Any]) -> str:
    return sha256(chain_form(entry))


def last_head(data: dict[str, Any]) -> str:
    """The head of the log as it stands: the last entry's `hash`, or head 0."""
    entries = data.get("entries") or []
    return entries[-1]["hash"] if entries else head_zero(data)


def unchained_entry(data: dict[str, Any]) -> int | None:
    """The seq of the first entry of a chained match that carries no chain fields (written by
    hand), or None."""
    for entry in data.get("entries") or []:
        if not all(isinstance(entry.get(key), str) for key in CHAIN_FIELDS):
            return int(entry.get("seq", 0))
    return None


def adopt(data: dict[str, Any], sealed: Callable[[int], bool]) -> list[int]:
    """Link the entries at the end of a chained match's log that carry no chain fields (typed
    in by hand since the tool last wrote), in order, as the tool links its own: `sealed(seq)`
    says whether each is private now (then it enters as a commitment). Safe for the audit:
    no head was ever shown after them, so no receipt or post named a log without them. The
    seqs linked (none: nothing to do)."""
    entries = data.get("entries") or []
    first = len(entries)
    while first > 0 and not all(isinstance(entries[first - 1].get(key), str) for key in CHAIN_FIELDS):
        first -= 1
    adopted = []
    for index in range(first, len(entries)):
        link({**data, "entries": entries[:index]}, entries[index], sealed(int(entries[index].get("seq", 0))))
        adopted.append(int(entries[index].get("seq", 0)))
    return adopted


def link(data: dict[str, Any], entry: dict[str, Any], sealed: bool) -> dict[str, Any]:
    """`entry` (not yet appended) with its chain fields, after the log of `data` (G-9)."""
    for key in (*CHAIN_FIELDS, "nonce", "commit"):
        entry.pop(key, None)
    entry["prev"] = last_head(data)
    if sealed:
        nonce = new_nonce()
        entry["nonce"] = nonce
        entry["commit"] = commitment(entry, nonce)
    entry["hash"] = entry_hash(entry)
    return entry


# --- Verifying ----------------------------------------------------------------------------

ALTERED = "altered"           # its contents no longer hash to what it recorded (altered or re-dated)
MOVED = "moved"               # it does not follow the entry before it (one dropped or moved)
INSERTED = "inserted"         # it names the same log before it as the entry after it
COMMITMENT = "commitment"     # its revealed move and nonce do not match its commitment
UNREVEALED = "unrevealed"     # committed, but its nonce is missing, so it cannot be checked
UNCHAINED = "unchained"       # an entry without chain fields in a chained match
MISSING = "missing"           # the head names more entries than the file holds
REWRITTEN_LOG = "rewritten"   # consistent links, but the head after entry N differs


@dataclass(frozen=True)
class Head:
    """A head as given to `check --head N:HEX`: the entry count and a hex prefix."""
    seq: int
    hex: str

    def short(self) -> str:
        return f"{self.seq}:{self.hex}"


@dataclass(frozen=True)
class Difference:
    """The first entry of a file that differs (`seq`, its position in the log) and how (`kind`)."""
    seq: int
    kind: str


@dataclass(frozen=True)
class Verified:
    """What verifying a file's chain found: `chained` (False: made before G-9, nothing to
    verify), the entries, the head after the last one, the first difference (None: none)
    and, when a head was given, whether the file matches it."""
    chained: bool
    entries: int
    head: str | None
    difference: Difference | None
    given: Head | None = None

    @property
    def ok(self) -> bool:
        return self.chained and self.difference is None


def parse_head(text: str) -> Head | None:
    """`27:3f9a21c0` (also `log 27 · 3f9a21c0`) as a Head, or None if it is not one: N ≥ 0 and
    at least 8 hex digits."""
    text = text.strip()
    if text.startswith("log "):
        text = text[4:].replace("·", ":").replace(" ", "")
    number, sep, digits = text.partition(":")
    digits = digits.strip().lower()
    if not sep or not number.strip().isdigit() or not number.strip().isascii() or len(digits) < SHORT \
            or len(digits) > 64 or any(ch not in "0123456789abcdef" for ch in digits):
        return None
    return Head(int(number.strip()), digits)


class Verifier:
    """Walks a chained match's entries in order (fed one at a time, so `check` can verify a
    file it streams) and keeps the first difference and the head after each entry it needs."""

    def __init__(self, header: dict[str, Any], head: Head | None = None) -> None:
        self.chained = is_chained(header)
        self.head = head_zero(header) if self.chained else None
        self.given = head
        self.count = 0
        self.difference: Difference | None = None
        self.head_at_given: str | None = self.head if head is not None and head.seq == 0 else None
        self.last: str | None = self.head   # the head the last entry records (head 0 before any)
        self._prevs: dict[str, int] = {}   # prev -> the position of the first entry naming it

    def feed(self, entry: dict[str, Any]) -> None:
        self.count += 1
        if self.chained:
            recorded_now = entry.get("hash")
            self.last = recorded_now if isinstance(recorded_now, str) else None
        if not self.chained or self.difference is not None:
            if self.chained and self.given is not None and self.count == self.given.seq:
                self.head_at_given = entry.get("hash") if isinstance(entry.get("hash"), str) else None
            return
        position = self.count
        prev, recorded = entry.get("prev"), entry.get("hash")
        if not isinstance(prev, str) or not isinstance(recorded, str):
            self.difference = Difference(position, UNCHAINED)
        elif prev != self.head:
            earlier = self._prevs.get(prev)
            self.difference = (Difference(earlier, INSERTED) if earlier is not None
                               else Difference(position, MOVED))
        elif entry_hash(entry) != recorded:
            self.difference = Difference(position, ALTERED)
        elif "commit" in entry:
            if not isinstance(entry.get("nonce"), str) or "move" not in entry:
                self.difference = Difference(position, UNREVEALED)
            elif commitment(entry, entry["nonce"]) != entry["commit"]:
                self.difference = Difference(position, COMMITMENT)
        if isinstance(prev, str):
            self._prevs.setdefault(prev, position)
        self.head = recorded if isinstance(recorded, str) else None
        if self.given is not None and position == self.given.seq:
            self.head_at_given = self.head

    def result(self) -> Verified:
        difference = self.difference
        given = self.given
        if self.chained and given is not None:
            if given.seq > self.count:
                difference = difference if difference is not None and difference.seq <= self.count \
                    else Difference(self.count + 1, MISSING)
            elif difference is None or difference.seq > given.seq:
                if self.head_at_given is None or not self.head_at_given.startswith(given.hex):
                    difference = Difference(given.seq, REWRITTEN_LOG)
        return Verified(self.chained, self.count, self.last if self.chained else None, difference, given)


def verify(data: dict[str, Any], head: Head | None = None, entries: Iterable[dict[str, Any]] | None = None) -> Verified:
    """Verify a match's chain (G-9), and with `head` whether the file still holds the log that
    head named. Returns data; the presenter words it."""
    verifier = Verifier(data, head)
    for entry in data.get("entries") or [] if entries is None else entries:
        verifier.feed(entry)
    return verifier.result()


def shown(seq: int, head: str) -> str:
    """A head as every public output shows it: `log 27 · 3f9a21c0`."""
    return f"log {seq} · {head[:SHORT]}"


def receipt(seq: int, head: str) -> str:
    """A head as `check --head` takes it: `27:3f9a21c0`."""
    return f"{seq}:{head[:SHORT]}"


def head_of(data: dict[str, Any], entries: list[dict[str, Any]] | None = None,
            until: int | None = None) -> tuple[int, str] | None:
    """(seq, head) of a chained match after entry `until` (default: its last entry), from the
    recorded hashes (O(1)); None for an unchained match or an entry without its hash."""
    if not is_chained(data):
        return None
    entries = data.get("entries") or [] if entries is None else entries
    count = len(entries) if until is None else min(until, len(entries))
    if count == 0:
        return 0, head_zero(data)
    recorded = entries[count - 1].get("hash")
    return (count, recorded) if isinstance(recorded, str) else None
