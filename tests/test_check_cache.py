"""`check` of a batch sets up each ruleset once, not once per file, and never
serves a stale one: a ruleset changed between two files of the batch is seen at the next."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from adjudicator import check, matchfile, rulesets
from helpers import REPO

VARIANT = "id: dice-var\nextends: dice-tug-of-war\ntitle: {title}\n"


def match_of(ruleset_sha: str, path: Path) -> str:
    """matches/dice-own-goal.json played under the plug-in ruleset `dice-var`, created when it
    hashed to `ruleset_sha`; written in the tool's own layout (read entry by entry)."""
    data = json.loads((REPO / "matches" / "dice-own-goal.json").read_text(encoding="utf-8"))
    data["rules"] = {"ruleset": "dice-var", "sha256": ruleset_sha}
    path.write_text(matchfile.dumps(data), encoding="utf-8")
    return str(path)


def changed_warnings(row: dict) -> list[str]:
    return [w for w in row["warnings"] if "has changed since this match was created" in w]


@pytest.mark.parametrize("settled", [False, True], ids=["just-written", "settled"])
def test_a_ruleset_changed_between_two_files_of_a_batch_is_seen(tmp_path, monkeypatch, settled):
    """Just written, a ruleset file is told by its bytes (a same-size rewrite within one tick
    of the file system's clock keeps its times); settled, by its size, inode and times alone,
    so it is not read again for every file, and an edit, which gives it new times, is seen."""
    folder = tmp_path / "rulesets"
    folder.mkdir()
    monkeypatch.setenv("ADJUDICATOR_RULESETS", str(folder))
    # Settled or not is fixed here, not left to the machine's clock against the file's times
    # (under faketime, or a clock set wrong, a file just written can look old).
    monkeypatch.setattr(rulesets, "SETTLED_SECONDS", -float("inf") if settled else float("inf"))
    ruleset = folder / "dice-var.yaml"
    ruleset.write_text(VARIANT.format(title="Variant A"), encoding="utf-8")
    first = rulesets.resolve("dice-var")
    files = [match_of(first.sha256, tmp_path / f"{name}.json") for name in ("a", "b", "c")]

    parsed, read = [], []
    real_resolve, real_read = rulesets._resolve_files, rulesets._read_bytes
    monkeypatch.setattr(rulesets, "_resolve_files", lambda rid: parsed.append(rid) or real_resolve(rid))
    monkeypatch.setattr(rulesets, "_read_bytes", lambda path: read.append(path) or real_read(path))

    before = [check.check_file(path) for path in files[:2]]
    assert [row["verdict"] for row in before] == ["ok", "ok"]
    assert not any(changed_warnings(row) for row in before)
    assert parsed == []                      # resolved once for the whole batch
    assert (read == []) is settled           # a settled file is not even read

    stat = ruleset.stat()
    ruleset.write_text(VARIANT.format(title="Variant B"), encoding="utf-8")   # the same size
    assert ruleset.stat().st_size == stat.st_size
    if settled:   # as an edit made later than the last: its times move on
        os.utime(ruleset, ns=(stat.st_atime_ns, stat.st_mtime_ns + 5 * 10**9))

    after = check.check_file(files[2])
    assert after["verdict"] == "ok" and changed_warnings(after)
    assert parsed == ["dice-var"]
    assert rulesets.resolve("dice-var").sha256 != first.sha256
