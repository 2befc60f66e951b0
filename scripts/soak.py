"""Soak test: thousands of simulated matches per ruleset, each written, re-checked and compared.

    python scripts/soak.py                      # 10,000 random matches per ruleset, 2 jobs
    python scripts/soak.py --games 500 --greedy 50 --rulesets arrowbic dice-tug-of-war

For every ruleset: play `--games` random matches (a quarter of them with every item of the
ruleset held by both bots), write each as a match file, run `adjudicator check` on all of
them, and compare each file's replayed result with what the simulator saw; then play
`--greedy` matches with the greedy bot. Any move the game listed as legal but the engine
refused, any file `check` does not pass, and any result that differs is counted and the
first few are printed. Exit status 1 if anything was found.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from tabulate import tabulate

from adjudicator import check, rulesets, simulate


def play_one(task: tuple[str, int, int, str, tuple[str, ...], str]) -> dict[str, Any]:
    """Play and write one match; a refused listed move becomes a row, not a crash."""
    ruleset_id, index, seed, policy, items, out = task
    try:
        played = simulate.play(ruleset_id, index, seed=seed, policy=policy, items=items)
    except simulate.SimulationError as exc:
        return {"error": exc.message, "index": index, "seed": seed}
    path = simulate.write_match(played, Path(out))
    return {**played.summary_row(), "file": str(path), "seed": seed}


def soak(ruleset_id: str, games: int, greedy: int, jobs: int, seed: int) -> dict[str, Any]:
    ruleset = rulesets.resolve(ruleset_id)
    every_item = tuple(ruleset.items)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix=f"soak-{ruleset_id}-") as out:
        with_items = games // 4 if every_item else 0
        tasks = [(ruleset_id, i, seed, "random", (), out) for i in range(1, games - with_items + 1)]
        tasks += [(ruleset_id, i, seed + 1, "random", every_item, out) for i in range(1, with_items + 1)]
        tasks += [(ruleset_id, i, seed + 2, "greedy", (), out) for i in range(1, greedy + 1)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            rows = list(pool.map(play_one, tasks, chunksize=32))
        played = [r for r in rows if "error" not in r]
        checked = list(check.check_files([r["file"] for r in played], jobs=jobs))
        mismatched = [(r, c) for r, c in zip(played, checked)
                      if c["verdict"] == "ok" and (c["winner"], c["status"] == "finished") != (r["winner"], r["finished"])]
        problems = [f"{r['seed']}/{r['index']}: {r['error']}" for r in rows if "error" in r]
        problems += [f"{c['file']}: {c['verdict']}: {'; '.join(c['problems'])}" for c in checked if c["verdict"] != "ok"]
        problems += [f"{c['file']}: simulator saw {r['winner']}, check found {c['winner']}" for r, c in mismatched]
    return {"ruleset": ruleset_id, "matches": len(rows), "with items": with_items, "greedy": greedy,
            "entries": sum(r["entries"] for r in played),
            "unfinished": sum(1 for r in played if not r["finished"]),
            "refused legal moves": sum(1 for r in rows if "error" in r),
            "check not ok": sum(1 for c in checked if c["verdict"] != "ok"),
            "results differ": len(mismatched), "seconds": round(time.perf_counter() - started, 1),
            "problems": problems}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="random matches per ruleset (default 10,000)")
    parser.add_argument("--greedy", type=int, default=200, help="greedy matches per ruleset (default 200)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rulesets", nargs="*", default=[info["id"] for info in rulesets.list_rulesets()])
    args = parser.parse_args(argv)
    reports = []
    for ruleset_id in args.rulesets:
        report = soak(ruleset_id, args.games, args.greedy, args.jobs, args.seed)
        reports.append(report)
        print(f"{ruleset_id}: {report['matches']} matches, {report['entries']} entries, "
              f"{report['seconds']} s, {len(report['problems'])} problems", file=sys.stderr, flush=True)
        for problem in report["problems"][:5]:
            print(f"  {problem}", file=sys.stderr)
    columns = ["ruleset", "matches", "with items", "greedy", "entries", "unfinished", "refused legal moves",
               "check not ok", "results differ", "seconds"]
    print(tabulate([[r[c] for c in columns] for r in reports], headers=columns, tablefmt="github"))
    return 1 if any(r["problems"] for r in reports) else 0


if __name__ == "__main__":
    sys.exit(main())
