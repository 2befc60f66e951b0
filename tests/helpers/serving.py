"""A folder served by `serve`'s app in Starlette's test client, for tests/web/:
matches written by hand, a link for each player and the host, and the client."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, NamedTuple

from adjudicator.usecases.serving import link

NONCE = re.compile(r"""nonce(-|=")[A-Za-z0-9_\-]+""")


class Links(NamedTuple):
    """The path part of each link of one match: /m/ID/p/TOKEN."""

    path: Path
    players: dict[str, str]
    host: str

    def of(self, role: str) -> str:
        return self.host if role == "host" else self.players[role]


def path_of(url: str) -> str:
    """/m/ID/p/TOKEN of a link's URL."""
    return url[url.index("/m/"):]


def linked(path: Path, players: tuple[str, ...]) -> Links:
    """A new link for each player and for the host."""
    urls = {p: path_of(link(path, p).url or "") for p in players}
    return Links(path, urls, path_of(link(path, "host").url or ""))


def write_match(folder: Path, name: str, data: dict[str, Any]) -> Path:
    path = folder / f"{name}.json"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


def without_nonce(text: str) -> str:
    """A page with its per-response CSP nonce taken out, so two pages compare by content."""
    return NONCE.sub("nonce", text)


def entries_of(path: Path) -> list[dict[str, Any]]:
    return json.loads(path.read_text(encoding="utf-8"))["entries"]
