"""The private links of a match: who may act through `serve`, kept beside the match.

A link is a random token in a URL. The file beside the match (`final.json` → `final.links`,
owner-only like the seed) keeps only each token's SHA-256 hash and whose it is (a player's id
or "host"), never the token: the match file may be published, and a copy of this file lets
nobody act. One live link per player and one for the host: a new link replaces the old one
(a host who sent a link to the wrong person makes a new one), `revoke` removes it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path
from typing import Any

from adjudicator.errors import InputError

FORMAT = "adjudicator-links/1"
HOST = "host"
TOKEN_BYTES = 32              # 256 random bits, 43 URL-safe characters
LINKS_FILE_LIMIT = 64 * 1024  # a handful of hashes; anything bigger is not ours
TOKEN_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def links_path(match_path: Path) -> Path:
    """`final.json` → `final.links`, beside the match (as dice.seed_path names the seed)."""
    return match_path.with_suffix(".links") if match_path.suffix == ".json" else Path(str(match_path) + ".links")


def token_hash(token: str) -> str:
    """What the file keeps of a token."""
    return hashlib.sha256(token.encode("ascii", "replace")).hexdigest()


def looks_like_token(text: str) -> bool:
    """A string a link of ours could hold: anything else is not looked up at all."""
    return 20 <= len(text) <= 100 and set(text) <= TOKEN_ALPHABET


def read(match_path: Path) -> dict[str, str]:
    """Role → token hash, from the file beside the match ({} when there is none)."""
    from adjudicator.files import read_regular

    path = links_path(match_path)
    if not os.path.lexists(path):
        return {}
    raw = read_regular(path, "links file", limit=LINKS_FILE_LIMIT, error=InputError)
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, ValueError):
        data = None
    if not _well_formed(data):
        raise InputError(f"{path}: not a links file written by `adjudicator link`; move it away and make the "
                         "links again.")
    return dict(data["links"])


def _well_formed(data: Any) -> bool:
    return (isinstance(data, dict) and data.get("format") == FORMAT and isinstance(data.get("links"), dict)
            and all(isinstance(k, str) and isinstance(v, str) and len(v) == 64 for k, v in data["links"].items()))


def write(match_path: Path, links: dict[str, str]) -> None:
    """Replace the file beside the match atomically, owner-only (matchfile.write_atomic)."""
    from adjudicator.matchfile import OWNER_ONLY, write_atomic

    text = json.dumps({"format": FORMAT, "links": dict(sorted(links.items()))}, indent=2) + "\n"
    write_atomic(links_path(match_path), text, mode=OWNER_ONLY)


def issue(match_path: Path, role: str) -> str:
    """A new token for `role`, replacing its old one; the caller holds the match's lock."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    links = read(match_path)
    links[role] = token_hash(token)
    write(match_path, links)
    return token


def revoke(match_path: Path, role: str) -> bool:
    """Remove `role`'s link; False when it had none. The caller holds the match's lock."""
    links = read(match_path)
    if role not in links:
        return False
    del links[role]
    write(match_path, links)
    return True


def role_of(links: dict[str, str], token: str) -> str | None:
    """Whose link `token` is (a player id or "host"), or None. Every stored hash is compared,
    in constant time, so how long the answer takes says nothing about the hashes."""
    if not looks_like_token(token):
        return None
    wanted = token_hash(token)
    found = None
    for role, stored in links.items():
        if hmac.compare_digest(stored, wanted):
            found = role
    return found
