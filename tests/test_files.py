"""Files and disks: only regular files are read, within a size limit; links are
written through; a full disk, a read-only folder or file and a stale seed give exit 2 and
leave nothing half-made; dead writers' temporary files are swept; files are owner-only."""

from __future__ import annotations

import errno
import fcntl
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator import files, matchfile
from helpers import REPO
from helpers.matches import dice_match, setup_entries

# Only a hang fails these: a bounded wait, never a timing assertion.
HANG = 300.0
ROLL, VALUES = ("roll", "--values"), ("2", "5", "6")   # a legal append to started_match
NEW = ("new", "dice-tug-of-war", "-p", "bernd=Bernd:yellow", "-p", "anna=Anna:red")


def run_subprocess(*args: object, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """The CLI in its own process, so a read that blocks is stopped by the timeout."""
    return subprocess.run([sys.executable, "-m", "adjudicator", *map(str, args)], capture_output=True, text=True,
                          timeout=HANG, cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO), **(env or {})})


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def started_match(write) -> Path:
    return write(dice_match(setup_entries([1, 2, 3], [4, 5, 6])))


def listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def permission_bits_enforced(folder: Path) -> bool:
    """False when running as root, where a 0555 folder still takes new files."""
    probe = folder / "probe"
    try:
        probe.write_text("x")
    except PermissionError:
        return True
    probe.unlink()
    return False


# --- only regular files, within a limit ----------------------------------------------------

@pytest.mark.parametrize("command", [("check",), ("check", "--format", "junit"), ("board",), ("replay",),
                                     ("legal", "bernd"), ("move", "bernd", "reroll"), ("roll",),
                                     ("host", "deadline")])
def test_a_fifo_named_json_is_refused_not_waited_on(tmp_path, command):
    pipe = fifo(tmp_path / "m.json")
    args = [command[0], pipe, *command[1:]]
    res = run_subprocess(*args)
    assert res.returncode == 2, res.stderr
    assert "is a named pipe (FIFO), not a regular file" in res.stdout + res.stderr   # check: in its table
    assert "Traceback" not in res.stderr


@pytest.mark.parametrize("command", [("board",), ("replay", "--format", "json"), ("move", "bernd", "reroll"),
                                     ("ruleset", "validate")])
def test_a_device_is_refused_not_read_without_end(cli, command):
    res = cli(*command[:2 if command[0] == "ruleset" else 1], "/dev/zero",
              *command[2 if command[0] == "ruleset" else 1:])
    assert res.code == 2
    assert "/dev/zero: is a character device, not a regular file" in res.err
    assert cli("check", "/dev/zero").code == 2


def test_size_limit_is_named_and_can_be_raised(cli, write, monkeypatch):
    path = started_match(write)
    size = path.stat().st_size
    monkeypatch.setenv("ADJUDICATOR_MAX_BYTES", str(size - 1))
    res = cli("board", path)
    assert res.code == 2
    assert f"larger than {size - 1} bytes" in res.err and "ADJUDICATOR_MAX_BYTES" in res.err
    monkeypatch.setenv("ADJUDICATOR_MAX_BYTES", "1000000")   # rulesets are read within it too
    assert cli("board", path).code == 0
    monkeypatch.delenv("ADJUDICATOR_MAX_BYTES")
    assert files.max_bytes() == files.DEFAULT_MAX_BYTES


@pytest.mark.parametrize("value", ["lots", "-5", "0", "1e9", "9" * 40])
def test_a_bad_size_limit_is_exit_2(cli, write, monkeypatch, value):
    path = started_match(write)
    monkeypatch.setenv("ADJUDICATOR_MAX_BYTES", value)
    res = cli("board", path)
    assert res.code == 2
    assert "ADJUDICATOR_MAX_BYTES" in res.err and "is not a number of bytes" in res.err


def test_a_fifo_seed_and_a_fifo_ruleset_are_refused(tmp_path):
    match = REPO / "matches" / "dice-demo.json"
    res = run_subprocess("check", match, "--seed", fifo(tmp_path / "s.seed"))
    assert res.returncode == 2 and "s.seed: is a named pipe (FIFO)" in res.stderr, res.stderr
    res = run_subprocess("ruleset", "validate", fifo(tmp_path / "r.yaml"))
    assert res.returncode == 2 and "r.yaml: is a named pipe (FIFO)" in res.stderr


def test_a_fifo_among_extra_rulesets_does_not_hang_the_list(tmp_path):
    fifo(tmp_path / "trap.yaml")
    res = run_subprocess("rulesets", env={"ADJUDICATOR_RULESETS": str(tmp_path), "ADJUDICATOR_CACHE": ""})
    assert res.returncode == 0, res.stderr
    assert "trap" in res.stdout and "named pipe" in res.stdout


def test_an_oversized_seed_file_is_refused(tmp_path):
    from adjudicator import dice
    from adjudicator.errors import InputError

    big = tmp_path / "big.seed"
    big.write_text("ab" * 32 + "\n" + " " * 10_000)
    with pytest.raises(InputError, match="too large for a seed file"):
        dice.read_seed(big)


# --- symbolic links ---------------------------------------------------------------------

def test_writes_through_two_links_reach_the_one_match_and_its_seed(cli, tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    assert cli(*NEW, "-o", real / "m.json").code == 0
    links = []
    for name in ("host1.json", "host2.json"):
        links.append(tmp_path / name)
        links[-1].symlink_to(real / "m.json")
    assert not (tmp_path / "host1.seed").exists()   # the seed is beside the real file only
    assert cli("roll", links[0], "--without-salts").code == 0
    assert cli("move", links[0], "bernd", "keep").code == 0
    assert cli("roll", links[1], "--without-salts").code == 0
    for link in links:
        assert link.is_symlink() and link.resolve() == real / "m.json"
    data = json.loads((real / "m.json").read_text())
    assert [e["seq"] for e in data["entries"]] == [1, 2, 3]
    assert all(e["chance"].get("source") == "seed" for e in data["entries"] if e["type"] == "chance")
    assert cli("check", real / "m.json", "--seed", real / "m.seed").code == 0
    assert listing(real) == ["m.json", "m.seed"]


# --- failures leave nothing half-made ------------------------------------------------------

def test_a_read_only_match_is_not_replaced(cli, write):
    path = started_match(write)
    before = path.read_bytes()
    os.chmod(path, 0o444)
    res = cli(*ROLL, path, *VALUES)
    assert res.code == 2
    assert "is read-only (mode 0444); nothing was written" in res.err
    assert path.read_bytes() == before and stat.S_IMODE(path.stat().st_mode) == 0o444


def test_a_read_only_folder_is_exit_2_and_changes_nothing(cli, write, tmp_path, monkeypatch):
    path = started_match(write)
    before = path.read_bytes()
    os.chmod(tmp_path, 0o555)
    try:
        if not permission_bits_enforced(tmp_path):   # root: make the folder refuse as it would
            def refuse(*args, **kwargs):
                raise PermissionError(errno.EACCES, "Permission denied")
            monkeypatch.setattr(matchfile.tempfile, "mkstemp", refuse)
        res = cli(*ROLL, path, *VALUES)
        new = cli(*NEW, "-o", tmp_path / "n.json")
    finally:
        os.chmod(tmp_path, 0o755)
    assert res.code == 2 and "cannot write it (Permission denied: the folder is not writable)" in res.err
    assert new.code == 2 and "n.seed: cannot create it (Permission denied" in new.err   # the seed goes first
    assert path.read_bytes() == before
    assert listing(tmp_path) == ["match.json"]


def fail_on_call(monkeypatch, module, name: str, call: int) -> list[int]:
    """Make `module.name` raise ENOSPC from its `call`-th call on (a disk that fills up)."""
    real = getattr(module, name)
    calls = []

    def full(*args, **kwargs):
        calls.append(1)
        if len(calls) >= call:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(*args, **kwargs)
    monkeypatch.setattr(module, name, full)
    return calls


@pytest.mark.parametrize("name", ["write", "fsync"])
def test_a_full_disk_leaves_the_match_as_it_was(cli, write, tmp_path, monkeypatch, name):
    path = started_match(write)
    before = path.read_bytes()
    calls = fail_on_call(monkeypatch, os, name, 1)
    res = cli(*ROLL, path, *VALUES)
    assert calls, "the write was never attempted"
    assert res.code == 2
    assert "cannot write it (No space left on device); the file is unchanged" in res.err
    assert path.read_bytes() == before
    assert listing(tmp_path) == ["match.json"]


@pytest.mark.parametrize("name, call", [("write", 1), ("write", 2), ("fsync", 1), ("fsync", 2), ("link", 1),
                                        ("link", 2)])
def test_new_on_a_full_disk_writes_neither_match_nor_seed(cli, tmp_path, monkeypatch, name, call):
    calls = fail_on_call(monkeypatch, os, name, call)
    res = cli(*NEW, "-o", tmp_path / "m.json")
    assert len(calls) >= call, "the failing call was never reached"
    assert res.code == 2
    assert "cannot create it (No space left on device); nothing was written" in res.err
    assert listing(tmp_path) == []


def test_a_stale_seed_stops_new_before_the_match_is_written(cli, tmp_path):
    (tmp_path / "m.seed").write_text("ab" * 32 + "\n")
    res = cli(*NEW, "-o", tmp_path / "m.json")
    assert res.code == 2
    assert "m.seed: a seed file is already there" in res.err and "nothing was written" in res.err   # G-8
    assert listing(tmp_path) == ["m.seed"]


def test_new_force_replaces_both_and_keeps_them_owner_only(cli, tmp_path):
    out = tmp_path / "m.json"
    assert cli(*NEW, "-o", out).code == 0
    old_seed = (tmp_path / "m.seed").read_text()
    assert cli(*NEW, "-o", out, "--force").code == 0
    data = json.loads(out.read_text())
    seed = (tmp_path / "m.seed").read_text().strip()
    assert seed != old_seed.strip()
    from adjudicator import dice
    assert dice.seed_hash(seed) == data["seed_sha256"]
    assert listing(tmp_path) == ["m.json", "m.seed"]


# --- permissions ------------------------------------------------------------------------

def test_new_writes_match_and_seed_owner_only(cli, tmp_path):
    assert cli(*NEW, "-o", tmp_path / "m.json").code == 0
    assert stat.S_IMODE((tmp_path / "m.json").stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "m.seed").stat().st_mode) == 0o600


def test_a_seed_readable_by_others_is_warned_about(cli, tmp_path):
    out = tmp_path / "m.json"
    assert cli(*NEW, "-o", out).code == 0
    quiet = cli("roll", out, "--without-salts")
    assert quiet.code == 0 and "readable by other users" not in quiet.err
    os.chmod(tmp_path / "m.seed", 0o644)
    res = cli("check", out, "--seed", tmp_path / "m.seed")
    assert res.code == 0
    warnings = [line for line in res.err.splitlines() if "readable by other users" in line]
    assert len(warnings) == 1 and "m.seed" in warnings[0] and "chmod 600" in warnings[0]


# --- temporary files ----------------------------------------------------------------------

def _die_while_writing(target: str) -> None:
    """A writer killed after writing its temporary file, before renaming it."""
    matchfile._Staged(Path(target), "half a match", 0o600)
    os._exit(0)


def killed_writer(target: Path) -> None:
    import multiprocessing

    child = multiprocessing.get_context("fork").Process(target=_die_while_writing, args=(str(target),))
    child.start()
    child.join(HANG)
    assert child.exitcode == 0


def test_dead_writers_temporary_files_are_swept_and_never_look_like_matches(cli, write, tmp_path):
    path = started_match(write)
    for _ in range(3):
        killed_writer(path)
    left = [p.name for p in tmp_path.iterdir() if p.name != "match.json"]
    assert len(left) == 3
    assert all(matchfile.temp_name_pattern("match.json").fullmatch(name) for name in left)
    assert sorted(p.name for p in tmp_path.glob("*.json")) == ["match.json"]
    assert cli(*ROLL, path, *VALUES).code == 0
    assert listing(tmp_path) == ["match.json"]


def test_a_live_writers_temporary_file_is_left_alone(tmp_path):
    path = tmp_path / "m.json"
    path.write_text("{}")
    live = tmp_path / ".m.json.abcd1234.tmp"
    live.write_text("being written")
    other = tmp_path / ".n.json.abcd1234.tmp"   # another match's: not ours to judge
    other.write_text("x")
    with open(live) as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        matchfile.write_atomic(path, "{}\n")
        assert live.exists()
    matchfile.write_atomic(path, "{}\n")
    assert not live.exists() and other.exists()
