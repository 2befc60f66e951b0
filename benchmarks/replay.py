"""Replay speed and command start-up, measured on this machine (issue 9 extends this).

Usage: python benchmarks/replay.py [--repeat N]

Reports, for the example matches in matches/: entries replayed per second with the full
load (JSON parse, schema checks, replay) and with replay alone, and the wall time of
`adjudicator board` beside `python -c pass` as the floor.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from adjudicator import matchfile, session  # noqa: E402


def best_of(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def wall(cmd: list[str], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(cmd, capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    paths = sorted((REPO / "matches").glob("*.json"))
    entries = sum(len(json.loads(p.read_text(encoding="utf-8"))["entries"]) for p in paths)
    matches = [matchfile.load(p) for p in paths]

    full = best_of(lambda: [session.replay_match(matchfile.load(p)) for p in paths], args.repeat)
    replay_only = best_of(lambda: [session.replay_match(m) for m in matches], args.repeat)
    demo = str(REPO / "matches" / "dice-demo.json")
    rows = [
        ("entries in matches/*.json", f"{entries}"),
        ("load + check + replay", f"{entries / full:,.0f} entries/s ({full * 1000:.1f} ms for all)"),
        ("replay only", f"{entries / replay_only:,.0f} entries/s ({replay_only * 1000:.2f} ms for all)"),
        ("python -c pass", f"{wall([sys.executable, '-c', 'pass'], 10) * 1000:.0f} ms"),
        ("adjudicator board (dice-demo, 45 entries)",
         f"{wall([sys.executable, '-m', 'adjudicator', 'board', demo], 10) * 1000:.0f} ms"),
    ]
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")


if __name__ == "__main__":
    main()
