"""The command line in tests: Result, what the `cli` fixture (tests/conftest.py) returns, and a
dice match made by the commands themselves."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass
class Result:
    code: int
    out: str
    err: str

    @property
    def json(self) -> Any:
        return json.loads(self.out)


def salted_dice(cli: Any, path: Path, salts: tuple[str, ...] = ("pepper", "nutmeg")) -> Path:
    """A dice Tug of War match as `new` makes it (seed beside it, salted draws), both players'
    salts entered before the first draw (G-8), and both set-up rolls drawn and kept (DT-2)."""
    assert cli("new", "dice-tug-of-war", "-p", "bernd=Bernd:yellow", "-p", "anna=Anna:red", "--untimed",
               "-o", path).code == 0
    for player, word in zip(("bernd", "anna"), salts):
        assert cli("host", path, "salt", player, word).code == 0
    for player in ("bernd", "anna"):
        assert cli("roll", path).code == 0
        assert cli("move", path, player, "keep").code == 0
    return path
