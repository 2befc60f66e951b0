"""What a command writes: `-o` onto every kind of existing file, in every command
that has it, by the one rule of adjudicator.outputs; the modes of what is written; `new`
killed at every step of its writing leaves a whole pair or no match."""

from __future__ import annotations

import hashlib
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

NEW = ("new", "dice-tug-of-war", "-p", "bernd=Bernd:yellow", "-p", "anna=Anna:red")

# Every command with -o, and the format that makes it write (a PNG is bytes, the rest text).
WRITERS = {
    "board text": ("board", "{m}"),
    "board json": ("board", "{m}", "--format", "json"),
    "board png": ("board", "{m}", "--format", "png"),
    "board svg": ("board", "{m}", "--format", "svg"),
    "publish": ("publish", "{m}"),
    "page": ("page", "{m}"),
}


@pytest.fixture
def pair(cli, tmp_path):
    """A match made by `new`, its seed beside it; returns (match, seed, bytes of both)."""
    match = tmp_path / "m.json"
    assert cli(*NEW, "-o", match).code == 0
    seed = tmp_path / "m.seed"
    return match, seed, (match.read_bytes(), seed.read_bytes())


def argv(writer: str, match: Path, output: Path, *more: str) -> list[str]:
    return [str(match) if part == "{m}" else part for part in WRITERS[writer]] + ["-o", str(output), *more]


def unchanged(match: Path, seed: Path, before: tuple[bytes, bytes]) -> bool:
    return (match.read_bytes(), seed.read_bytes()) == before and not match.is_symlink()


@pytest.mark.parametrize("force", [False, True], ids=["plain", "force"])
@pytest.mark.parametrize("writer", list(WRITERS))
@pytest.mark.parametrize("target", ["the match", "the seed", "a link to the match", "a link to the seed",
                                    "a hard link to the seed"])
def test_no_command_writes_over_the_match_or_its_seed(cli, pair, tmp_path, writer, target, force):
    """`board m.json --format png -o m.seed` replaced the seed with a picture (exit 0)."""
    match, seed, before = pair
    output = {"the match": match, "the seed": seed}.get(target, tmp_path / "other")
    if target == "a link to the match":
        output.symlink_to(match.name)
    elif target == "a link to the seed":
        output.symlink_to(seed.name)
    elif target == "a hard link to the seed":
        os.link(seed, output)
    res = cli(*argv(writer, match, output, *(["--force"] if force else [])))
    assert res.code == 2, res
    assert unchanged(match, seed, before)
    assert "nothing was written" in res.err and res.err.count("\n") == 1


@pytest.mark.parametrize("writer", list(WRITERS))
def test_an_existing_file_is_refused_without_force_and_replaced_with_it(cli, pair, tmp_path, writer):
    match, seed, before = pair
    other = tmp_path / "other.json"
    other.write_text("another match\n")
    refused = cli(*argv(writer, match, other))
    assert refused.code == 2 and "already exists; nothing was written" in refused.err
    assert other.read_text() == "another match\n"
    replaced = cli(*argv(writer, match, other, "--force"))
    assert replaced.code == 0, replaced
    assert other.read_bytes() != b"another match\n" and unchanged(match, seed, before)


@pytest.mark.parametrize("writer", list(WRITERS))
def test_a_symbolic_link_counts_as_existing_and_force_writes_through_it(cli, pair, tmp_path, writer):
    """As for a match (docs/hosting.md, files and disks): the link stays a link, its target gets the new contents."""
    match, _seed, _before = pair
    target, link, dangling = tmp_path / "target.out", tmp_path / "link.out", tmp_path / "dangling.out"
    target.write_text("old\n")
    link.symlink_to(target.name)
    dangling.symlink_to("nowhere.out")
    for name in (link, dangling):
        res = cli(*argv(writer, match, name))
        assert res.code == 2 and "already exists" in res.err
    assert not (tmp_path / "nowhere.out").exists()
    assert cli(*argv(writer, match, link, "--force")).code == 0
    assert link.is_symlink() and target.read_bytes() != b"old\n"


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_a_folder_or_fifo_is_never_written_even_with_force(cli, pair, tmp_path, kind):
    match, _seed, _before = pair
    odd = tmp_path / "odd"
    odd.mkdir() if kind == "folder" else os.mkfifo(odd)
    for more in ((), ("--force",)):
        res = cli(*argv("board text", match, odd, *more))
        assert res.code == 2 and "nothing was written" in res.err, res
    words = "a folder" if kind == "folder" else "a named pipe (FIFO)"
    assert f"is {words}, not a regular file" in res.err, res.err   # it said "is not a regular file, not a …"
    assert odd.is_dir() if kind == "folder" else stat.S_ISFIFO(odd.lstat().st_mode)


@pytest.mark.parametrize("writer", list(WRITERS))
def test_public_outputs_are_readable_by_all_and_the_match_and_seed_by_the_owner(cli, pair, tmp_path, writer):
    """`publish -o` wrote the public copy with mode 0600."""
    match, seed, _before = pair
    output = tmp_path / "public.out"
    assert cli(*argv(writer, match, output)).code == 0
    assert stat.S_IMODE(output.stat().st_mode) == 0o644
    assert stat.S_IMODE(match.stat().st_mode) == stat.S_IMODE(seed.stat().st_mode) == 0o600


def test_simulate_refuses_files_of_the_same_run_already_in_the_folder(cli, tmp_path):
    out = tmp_path / "sims"
    assert cli("simulate", "tug-of-war-v1", "-n", "2", "--out", out).code == 0
    written = sorted(out.iterdir())
    assert [p.name for p in written] == ["sim-tug-of-war-v1-1-00001.json", "sim-tug-of-war-v1-1-00002.json"]
    first = written[0]
    first.write_text("kept\n")
    again = cli("simulate", "tug-of-war-v1", "-n", "2", "--out", out)
    assert again.code == 2 and "sim-tug-of-war-v1-1-00001.json and 1 more already there" in again.err
    assert first.read_text() == "kept\n"
    assert cli("simulate", "tug-of-war-v1", "-n", "2", "--seed", "2", "--out", out).code == 0   # other names
    assert cli("simulate", "tug-of-war-v1", "-n", "2", "--out", out, "--force").code == 0
    assert first.read_text().startswith("{") and stat.S_IMODE(first.stat().st_mode) == 0o600


# --- `new` killed at every step ---------------------------------------------------------

KILLER = r"""
import os, sys
from adjudicator import matchfile
from adjudicator.cli import run

kill_at, calls, armed = int(sys.argv[1]), [0], [False]

def step(name, real):
    def wrapper(*args, **kwargs):
        if armed[0]:
            calls[0] += 1
            if calls[0] == kill_at:
                os._exit(9)   # as a SIGKILL: no cleanup, no finally
        return real(*args, **kwargs)
    return wrapper

for name in ("open", "write", "fsync", "fchmod", "link", "rename", "replace", "unlink", "close"):
    setattr(os, name, step(name, getattr(os, name)))
create = matchfile.create_together
def armed_create(*args, **kwargs):
    armed[0] = True
    return create(*args, **kwargs)
matchfile.create_together = armed_create
sys.exit(run(sys.argv[2:]))
"""


def run_new(folder: Path, kill_at: int, *more: str) -> int:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(__file__).resolve().parent.parent),
                                                        os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", KILLER, str(kill_at), *NEW, "-o", "m.json", *more],
                          cwd=folder, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    return done.returncode


def whole_or_absent(folder: Path) -> str:
    """'whole' (the match with the seed its header names), 'absent' (no match), else a failure."""
    match, seed = folder / "m.json", folder / "m.seed"
    if not match.exists():
        return "absent"
    expected = json.loads(match.read_text())["seed_sha256"]
    if not seed.exists():
        return "a match without its seed"
    found = hashlib.sha256(seed.read_text().strip().encode("ascii")).hexdigest()
    return "whole" if found == expected else "a match with another match's seed"


@pytest.mark.parametrize("force", [False, True], ids=["new", "new --force over an old pair"])
def test_new_killed_at_any_step_leaves_a_whole_pair_or_no_match(tmp_path, force):
    """Killed between its two files, `new` left m.json naming a seed that was not there; the
    next `roll` refused and `new` said "already exists"."""
    states = []
    for kill_at in range(1, 200):
        folder = tmp_path / f"k{kill_at}"
        folder.mkdir()
        if force:
            assert run_new(folder, 0) == 0
        code = run_new(folder, kill_at, *(["--force"] if force else []))
        state = whole_or_absent(folder)
        assert state in ("whole", "absent"), f"killed at step {kill_at}: {state}"
        again = run_new(folder, 0, *(["--force"] if force else []))
        if state == "whole" and not force:   # it was made: a second `new` refuses to replace it
            assert again == 2, f"new again after a kill at step {kill_at}"
        else:
            assert again == 0, f"new again after a kill at step {kill_at}"
        assert whole_or_absent(folder) == "whole", f"new again after a kill at step {kill_at}"
        if again == 0:   # a `new` that writes first sweeps what a killed one left
            assert not [n for n in os.listdir(folder) if n.endswith(".tmp")], os.listdir(folder)
        states.append(state)
        if code == 0:
            break
    assert code == 0, "new never finished: the steps were not all tried"
    assert len(states) >= 8 and "absent" in states and "whole" in states, states
