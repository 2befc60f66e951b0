"""Record what users see of many matches, to compare before and after a change that should
not change behaviour.

    python scripts/golden.py record OUT [--per-ruleset N] [--jobs J] [--corpus DIR] [--only RULESET]
    diff -r BEFORE AFTER

The corpus: every example in matches/, and per ruleset N simulated matches three ways: plain,
with every item of the ruleset held by both bots, and with entry times stamped from a seeded
random source (some late, so the clocks' real paths run). For each match it writes `replay`
text and JSON, `board` in every format (now, half-way, and as each player), and `legal` text
and JSON. Commands run in this process through click's test runner, so a few thousand
matches take minutes, not hours. The output depends only on the code, N and the seed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORMATS = ("text", "markdown", "bbcode", "json")
START = datetime(2026, 11, 1, 12, 0, tzinfo=timezone.utc)


def stamp_times(data: dict, seed: int) -> dict:
    """A copy of `data` whose entries carry times that move forward by a seeded random amount,
    sometimes past a turn's limit, so clocks charge, warn and expire."""
    rnd = random.Random(seed)
    at = START
    stamped = []
    for entry in data["entries"]:
        at += timedelta(seconds=rnd.choice((3, 10, 15, 20, 25, 30, 40, 45, 55, 58, 61, 125, 400)))
        stamped.append({**entry, "at": at.strftime("%Y-%m-%dT%H:%M:%SZ")})
    return {**data, "started": START.strftime("%Y-%m-%dT%H:%M:%SZ"), "entries": stamped}


def corpus(folder: Path, per_ruleset: int) -> list[Path]:
    """Write the simulated matches into `folder` and return every match file to record."""
    from adjudicator import matchfile, rulesets, simulate

    paths = sorted((ROOT / "matches").glob("*.json"))
    for row in rulesets.list_rulesets():
        ruleset = rulesets.resolve(row["id"])
        items = sorted(ruleset.items)
        for index in range(1, per_ruleset + 1):
            ways = {"plain": (), "items": items}
            for way, held in ways.items():
                if way == "items" and not held:
                    continue
                played = simulate.play(ruleset.id, index, seed=7, items=held, max_entries=400)
                path = folder / f"sim-{ruleset.id}-{way}-{index:03d}.json"
                path.write_text(matchfile.dumps(played.data), encoding="utf-8")
                paths.append(path)
                if way == "plain":
                    timed = folder / f"sim-{ruleset.id}-timed-{index:03d}.json"
                    timed.write_text(matchfile.dumps(stamp_times(played.data, index)), encoding="utf-8")
                    paths.append(timed)
    return paths


def commands(path: Path) -> dict[str, list[str]]:
    """The commands whose output is recorded for one match file."""
    data = json.loads(path.read_text(encoding="utf-8"))
    half = str(len(data.get("entries", [])) // 2)
    out = {"replay.txt": ["replay", str(path)], "replay.json": ["replay", str(path), "--format", "json"],
           "legal.txt": ["legal", str(path), "--limit", "0"],
           "legal.json": ["legal", str(path), "--limit", "0", "--format", "json"]}
    for fmt in FORMATS:
        out[f"board.{fmt}"] = ["board", str(path), "--format", fmt]
        out[f"board-half.{fmt}"] = ["board", str(path), "--format", fmt, "--at", half]
    for player in data.get("players", []):
        out[f"board-as-{player['id']}.json"] = ["board", str(path), "--format", "json", "--as", player["id"]]
        out[f"board-half-as-{player['id']}.text"] = ["board", str(path), "--as", player["id"], "--at", half]
    return out


def record_one(args: tuple[str, str]) -> str:
    import contextlib
    import io

    from adjudicator.cli import run

    path, out = Path(args[0]), Path(args[1])
    target = out / path.stem
    target.mkdir(parents=True, exist_ok=True)
    for name, argv in commands(path).items():
        stdout, stderr = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            status = run(argv)
        text = f"{stdout.getvalue()}\n[stderr]\n{stderr.getvalue()}\n[exit {status}]\n"
        (target / name).write_text(text.replace(str(path), path.name), encoding="utf-8")
    return path.name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("action", choices=["record"])
    parser.add_argument("out", type=Path)
    parser.add_argument("--per-ruleset", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--corpus", type=Path, help="folder for the simulated matches (kept; made once)")
    parser.add_argument("--only", action="append", default=[], metavar="RULESET",
                        help="record only the matches of this ruleset (repeatable)")
    args = parser.parse_args()
    os.environ.setdefault("ADJUDICATOR_NOW", "2026-11-22T12:00:00Z")
    folder = args.corpus or args.out / "_corpus"
    folder.mkdir(parents=True, exist_ok=True)
    existing = sorted(folder.glob("*.json"))
    paths = sorted((ROOT / "matches").glob("*.json")) + existing if existing else corpus(folder, args.per_ruleset)
    if args.only:
        paths = [p for p in paths if json.loads(p.read_text(encoding="utf-8"))["rules"]["ruleset"] in args.only]
    with ProcessPoolExecutor(args.jobs) as pool:
        done = list(pool.map(record_one, [(str(p), str(args.out)) for p in paths], chunksize=8))
    print(f"recorded {len(done)} matches into {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
