"""Fair dice: rolls drawn from a private seed whose hash the match file publishes (DT-7).

`new` writes a random seed to a private file beside the match and only its SHA-256 into the
match, so the log can be public while the match runs. Each die is an HMAC of the entry's
sequence number under the seed, so anyone given the seed afterwards can recompute every
roll (`check --seed`), and nobody without it can predict one.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
import stat
import sys
from pathlib import Path
from typing import Any

from adjudicator.errors import InputError

SEED_PATTERN = re.compile(r"^[0-9a-f]{64}$")
DOMAIN = "adjudicator-dice/1"


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
        from adjudicator.matchfile import read_regular

        raw = read_regular(path, "seed file", limit=SEED_FILE_LIMIT, error=InputError)
        try:
            value = raw.decode("ascii").strip()
        except UnicodeDecodeError:
            value = ""
        if not SEED_PATTERN.match(value.lower()):
            raise InputError(f"{path}: a seed file holds 64 hex digits and nothing else.")
        warn_if_readable(path)
    return value.lower()


SEED_FILE_LIMIT = 4096   # 64 hex digits and a line break; anything much longer is not a seed


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


def _uniform(seed: str, label: str, n: int) -> int:
    """A uniform integer in [0, n) from HMAC-SHA256, by rejection sampling (no modulo bias)."""
    key = bytes.fromhex(seed)
    limit = (1 << 64) - ((1 << 64) % n)
    counter = 0
    while True:
        digest = hmac.new(key, f"{DOMAIN}:{label}:{counter}".encode(), hashlib.sha256).digest()
        value = int.from_bytes(digest[:8], "big")
        if value < limit:
            return value % n
        counter += 1


def draw_dice(seed: str, seq: int, count: int, faces: int) -> list[int]:
    """The dice of the chance entry numbered `seq`, reproducible from the seed."""
    return [_uniform(seed, f"{seq}:{i}", faces) + 1 for i in range(count)]


def draw_pick(seed: str, seq: int, options: tuple[str, ...]) -> str:
    return options[_uniform(seed, f"{seq}:pick", len(options))]


def secure_mode_ok(path: Path) -> bool:
    """True when a seed file is readable by its owner only."""
    return (os.stat(path).st_mode & 0o077) == 0
