"""paste and page at n and 2n posts or entries: CPU time of each command in a
process of its own, interleaved, median of three; the ratio (2n over n) is the issue's scaling
target (at most 2.5 at n = 1,000). Every match is a fresh Winning Streak match:

- "paste", "page": one player resubmits a sealed placement n times (G-3);
- "page flagged": n refused entries (a placement for the wrong turn, G-1);
- "page voids": one refused entry, then n host voids of it (G-4);
- "page voids of entries": n refused entries, each voided by the host right after it;
- "page void chain": one placement, then voids each voiding the void before it. Each void
  of a chain changes every entry of the chain (left out and brought back in turn, G-4), so
  the page, which holds each entry's words as they change, grows with the square of the
  chain by nature: it is measured at a tenth of n (CHAIN_FRACTION), where the pictures of
  the steps still outweigh the words; its ratio tends to 4 as the chain grows.

    python benchmarks/scaling.py            # prints one line per command

`benchmarks/run.py` calls `measure()` for its table.
"""

from __future__ import annotations

import json
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

SIZES = (1000, 2000)
RUNS = 3
TARGET_RATIO = 2.5
CHAIN_FRACTION = 10   # "page void chain" runs at n / CHAIN_FRACTION entries (see above)

REFUSED = {"type": "move", "player": "bernd",   # turn 2's placement while turn 1 is open: refused
           "move": {"phase": "placement", "turn": 2, "troop": "1/1", "location": "A"}}
PLACED = {"type": "move", "player": "anna", "move": {"phase": "placement", "turn": 1, "troop": "1/1", "location": "A"}}


def void(seq: int) -> dict[str, Any]:
    return {"type": "host", "host": {"action": "void", "seq": seq, "reason": "typo"}}


# name -> (the entries of a match of size n, the fraction of n it is measured at)
PAGE_SCENARIOS: dict[str, tuple[Callable[[int], list[dict[str, Any]]], int]] = {
    "page flagged": (lambda n: [REFUSED] * n, 1),
    "page voids": (lambda n: [REFUSED] + [void(1)] * n, 1),
    "page voids of entries": (lambda n: [e for i in range(n) for e in (REFUSED, void(2 * i + 1))], 1),
    "page void chain": (lambda n: [PLACED] + [void(seq) for seq in range(1, n + 1)], CHAIN_FRACTION),
}


def write_match(path: Path, blank: bytes, entries: list[dict[str, Any]]) -> None:
    """The blank match with `entries`, numbered from 1."""
    data = json.loads(blank)
    data["entries"] = [{"seq": seq, **entry} for seq, entry in enumerate(entries, 1)]
    path.write_text(json.dumps(data), encoding="utf-8")


def cpu(cmd: list[str], cwd: Path) -> float:
    """CPU seconds (user + system) of one command run to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(sizes: tuple[int, int] = SIZES, runs: int = RUNS) -> dict[str, tuple[float, float]]:
    """Scenario name → (median CPU seconds at n, at 2n), every run taking each size in turn."""
    tool = [sys.executable, "-m", "adjudicator"]
    with tempfile.TemporaryDirectory(prefix="adjudicator-scaling-") as folder:
        here = Path(folder)
        subprocess.run([*tool, "new", "winning-streak", "-p", "anna=Anna:red", "-p", "bernd=Bernd:blue",
                        "--untimed", "-o", "ws.json"], cwd=here, check=True, capture_output=True)
        blank = (here / "ws.json").read_bytes()
        for n in sizes:
            (here / f"posts{n}.txt").write_text("\n".join(f"anna: t1 place 1/{1 + i % 5} A" for i in range(n)),
                                                encoding="utf-8")
        times: dict[tuple[str, int], list[float]] = {}
        for _ in range(runs):
            for n in sizes:   # interleaved: each run takes every size in turn
                (here / f"m{n}.json").write_bytes(blank)
                times.setdefault(("paste", n), []).append(cpu([*tool, "paste", f"m{n}.json", f"posts{n}.txt"], here))
                times.setdefault(("page", n), []).append(
                    cpu([*tool, "page", f"m{n}.json", "-o", f"m{n}.html", "--force"], here))
                for name, (entries, fraction) in PAGE_SCENARIOS.items():
                    write_match(here / f"s{n}.json", blank, entries(n // fraction))
                    times.setdefault((name, n), []).append(
                        cpu([*tool, "page", f"s{n}.json", "-o", f"s{n}.html", "--force"], here))
    small, large = sizes
    names = dict.fromkeys(name for name, _ in times)
    return {name: (statistics.median(times[(name, small)]), statistics.median(times[(name, large)]))
            for name in names}


def main() -> int:
    small, large = SIZES
    for what, (a, b) in measure().items():
        fraction = PAGE_SCENARIOS[what][1] if what in PAGE_SCENARIOS else 1
        print(f"{what}: n={small // fraction:,} {a:.2f} s, n={large // fraction:,} {b:.2f} s, ratio {b / a:.2f} "
              f"(target at most {TARGET_RATIO})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
