"""Fair draws: dice and picks drawn from a private seed whose hash the match publishes (DT-7, G-8).

`new` writes a random seed to a private file beside the match and only its SHA-256 into the
match, so the log can be public while the match runs. Anyone given the seed afterwards can
recompute every draw (`check --seed`), and nobody without it can predict one.

Two schemes, named by the match header's `draws` field:

- `adjudicator-draws/2` (G-8, what `new` writes): a draw is an HMAC under the seed of the
  match id, the players' public salts and the number of tool draws written before it (voided
  and flagged ones included), JSON-encoded so no two inputs read alike. The entry's sequence
  number is no part of it: padding the log moves nothing, a voided roll is never drawn again,
  two matches never share dice, and the host who holds the seed cannot foresee a draw made
  after both players posted their salts.
- no `draws` field (matches made before G-8): each die is an HMAC of the entry's sequence
  number, as those matches were drawn, so they still verify.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import secrets
import stat
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from adjudicator.errors import InputError

SEED_PATTERN = re.compile(r"^[0-9a-f]{64}$")
DOMAIN = "adjudicator-dice/1"          # the old scheme: matches whose header has no `draws`
DRAWS_SCHEME = "adjudicator-draws/2"   # the header's `draws` in matches `new` makes (G-8)
SALT_PATTERN = re.compile(r"[!-~]{1,64}")   # whole word; the match schema's host.salt says the same
SALT_MAX = 64


def salt_problem(word: str) -> str | None:
    """Why `word` cannot be a player's salt, or None. A salt is compared byte for byte by
    everyone who verifies the draws, so it is plain ASCII (no look-alike letters, no Unicode
    forms that differ in bytes), without spaces, and short."""
    if SALT_PATTERN.fullmatch(word):
        return None
    shown = word[:40].encode("unicode_escape").decode("ascii")
    if not word:
        return "a salt is one word, not nothing"
    if len(word) > SALT_MAX:
        return f"a salt has at most {SALT_MAX} characters, not {len(word)}"
    return (f"'{shown}' is not a salt: a salt is one word of letters, digits and ASCII punctuation "
            f"(no spaces, no accents or emoji)")


@dataclass(frozen=True)
class DrawAt:
    """Everything but the seed that fixes one draw (G-8): the match's scheme (None: the old
    one, by `seq`), its id, the players' salts so far (in header order, None where not yet
    given), the number of tool draws written before it, and the entry's seq (old scheme only)."""

    seq: int
    number: int = 0
    match_id: str = ""
    salts: tuple[tuple[str, str | None], ...] = ()
    scheme: str | None = None

    def message(self, part: int | str) -> Callable[[int], bytes]:
        """The HMAC input of one part of the draw (a die index, or "pick") at each try of
        the rejection sampling."""
        if self.scheme is None:
            return lambda counter: f"{DOMAIN}:{self.seq}:{part}:{counter}".encode()
        salts = [list(pair) for pair in self.salts]
        return lambda counter: json.dumps([self.scheme, self.match_id, salts, self.number, part, counter],
                                          ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def new_seed() -> str:
    return secrets.token_hex(32)


def seed_hash(seed: str) -> str:
    return hashlib.sha256(seed.encode("ascii")).hexdigest()


def seed_path(match_path: Path) -> Path:
    """`final.json` → `final.seed`, beside the match."""
    return match_path.with_suffix(".seed") if match_path.suffix == ".json" else Path(str(match_path) + ".seed")


def write_seed(match_path: Path, seed: str) -> Path:
    """Create the private seed file (owner-only permissions); never overwrite one."""
    from adjudicator.matchfile import OWNER_ONLY, create_exclusive

    path = seed_path(match_path)
    create_exclusive(path, seed + "\n", mode=OWNER_ONLY)
    return path


def read_seed(text_or_path: str | Path, *, name: str = "seed") -> str:
    """A seed given as 64 hex digits or as the path of a seed file."""
    value = str(text_or_path).strip()
    if not SEED_PATTERN.match(value.lower()):
        path = Path(value)
        if not os.path.lexists(path):
            raise InputError(f"{name}: '{value[:80]}' is neither 64 hex digits nor a seed file.")
        from adjudicator.files import read_regular

        raw = read_regular(path, "seed file", limit=SEED_FILE_LIMIT, error=InputError, advice=NOT_A_SEED)
        try:
            value = raw.decode("ascii").strip()
        except UnicodeDecodeError:
            value = ""
        if not SEED_PATTERN.match(value.lower()):
            raise InputError(f"{path}: a seed file holds 64 hex digits and nothing else.")
        warn_if_readable(path)
    return value.lower()


SEED_FILE_LIMIT = 4096   # 64 hex digits and a line break; anything much longer is not a seed
NOT_A_SEED = "a seed file holds 64 hex digits and a line break, so this file is not a seed"


def warn_if_readable(path: Path) -> None:
    """One sentence on stderr when others may read a seed file: whoever reads it knows every
    die of the match before it is rolled."""
    try:
        if secure_mode_ok(path):
            return
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        return
    from adjudicator.render import clean

    sys.stderr.write(clean(f"adjudicator: warning: {path} is readable by other users (mode {mode:04o}), who could "
                           f"foresee every roll; make it private with: chmod 600 {path}") + "\n")


def seed_for_match(match_path: Path, data: dict[str, Any]) -> str:
    """The private seed beside a match, checked against the hash the match publishes."""
    from adjudicator.matchfile import real_path

    path = seed_path(real_path(match_path))   # beside the real match, not beside a link to it
    if not os.path.lexists(path):
        raise InputError(f"{match_path}: no seed file {path.name} beside it, so the tool cannot draw dice; "
                         f"transcribe a dice bot's roll with --values instead.")
    seed = read_seed(path)
    expected = data.get("seed_sha256")
    if expected and seed_hash(seed) != expected:
        raise InputError(f"{path}: this seed does not match the match's seed_sha256; it belongs to another match.")
    return seed


def _uniform(seed: str, message: Callable[[int], bytes], n: int) -> int:
    """A uniform integer in [0, n) from HMAC-SHA256, by rejection sampling (no modulo bias)."""
    key = bytes.fromhex(seed)
    limit = (1 << 64) - ((1 << 64) % n)
    counter = 0
    while True:
        digest = hmac.new(key, message(counter), hashlib.sha256).digest()
        value = int.from_bytes(digest[:8], "big")
        if value < limit:
            return value % n
        counter += 1


def _at(where: int | DrawAt) -> DrawAt:
    """A bare number is an entry's seq in the old scheme (matches made before G-8)."""
    return where if isinstance(where, DrawAt) else DrawAt(seq=where)


def draw_dice(seed: str, where: int | DrawAt, count: int, faces: int) -> list[int]:
    """The dice of one draw, reproducible from the seed and where the draw falls."""
    at = _at(where)
    return [_uniform(seed, at.message(i), faces) + 1 for i in range(count)]


def draw_pick(seed: str, where: int | DrawAt, options: tuple[str, ...]) -> str:
    """One of `options` (the players, in header order), drawn as draw_dice draws a die."""
    return options[_uniform(seed, _at(where).message("pick"), len(options))]


def secure_mode_ok(path: Path) -> bool:
    """True when a seed file is readable by its owner only."""
    return (os.stat(path).st_mode & 0o077) == 0
