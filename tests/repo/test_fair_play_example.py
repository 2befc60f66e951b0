"""The README's worked example of the audited log ("Fair play", RULINGS G-9) runs as shown.

The commands of the section's shell sessions (`    $ …`) run in order in an empty folder at
a fixed time (ADJUDICATOR_NOW, the tool's one clock): `adjudicator` commands in this process,
the host's tampering (`sed`) as a process. Each command's exit status is checked (the check
after the tampering must fail, every other command pass), and every line the README shows is
printed, in order (`…` stands for any lines, or inside a line for any text). A sealed move's
nonce is random, so the heads after it differ on every run: the README shows one run's, and
here the receipt this run printed takes the place of the README's in later commands, and a
head's 8 hex digits match any.
"""

from __future__ import annotations

import re
import shlex
import subprocess

from helpers import REPO

SECTION = "### Fair play"
HEAD = re.compile(r"(log \d+ · |head \d+:)[0-9a-f]{8}")


def sessions() -> list[tuple[str, list[str]]]:
    """(command, lines shown after it) for each `    $ ` line of the section."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    assert text.count(SECTION + "\n") == 1
    section = text.split(SECTION + "\n", 1)[1].split("\n### ", 1)[0]
    runs: list[tuple[str, list[str]]] = []
    current: list[str] | None = None
    for line in section.splitlines():
        if line.startswith("    $ "):
            current = []
            runs.append((line[len("    $ "):], current))
        elif line.startswith("    ") and current is not None:
            current.append(line[4:])
        elif line.strip():
            current = None   # prose ends a session's output
    return runs


def pattern(line: str) -> str:
    """A shown line as a regular expression: `…` any text, a head's hex digits any."""
    parts = []
    for piece in line.split("…"):
        bits = HEAD.split(piece)   # text, a head's prefix, text, …
        parts.append("".join(re.escape(bit) + ("[0-9a-f]{8}" if index % 2 else "") for index, bit in enumerate(bits)))
    return ".*".join(parts)


def printed_in_order(shown: list[str], printed: list[str]) -> bool:
    """Every shown line but `…` is printed, in this order."""
    position = 0
    for line in shown:
        if line == "…":
            continue
        wanted = re.compile(pattern(line))
        while position < len(printed) and wanted.fullmatch(printed[position]) is None:
            position += 1
        if position == len(printed):
            return False
        position += 1
    return True


def test_the_fair_play_example_runs_as_shown_g9(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-22T12:00:00Z")
    runs = sessions()
    assert [command.split()[1] for command, _ in runs if command.startswith("adjudicator ")][:3] == ["new", "move", "move"]
    receipt = None
    statuses = []
    tampered = False
    for command, shown in runs:
        if receipt is not None:
            command = re.sub(r"--head \d+:[0-9a-f]{8}", f"--head {receipt}", command)
        if command.startswith("adjudicator "):
            res = cli(*shlex.split(command, comments=True)[1:])
            code, printed = res.code, res.out.splitlines() + res.err.splitlines()
        else:   # the host's hand edit
            done = subprocess.run(shlex.split(command, comments=True), cwd=tmp_path, capture_output=True, text=True, check=False)
            code, printed = done.returncode, done.stdout.splitlines()
            tampered = True
        assert printed_in_order(shown, printed), (command, shown, printed)
        found = re.search(r"--head (\d+:[0-9a-f]{8})' later proves", "\n".join(printed))
        if found and receipt is None:
            receipt = found.group(1)
        statuses.append((command.split()[1] if command.startswith("adjudicator") else command.split()[0],
                         tampered, code))
    assert receipt is not None
    checks = [(after, code) for name, after, code in statuses if name == "check"]
    assert checks == [(False, 0), (True, 1)], statuses   # the tampering fails the receipt's check
    assert all(code == 0 for name, _after, code in statuses if name != "check"), statuses
