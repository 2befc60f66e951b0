"""paste and page at n and 2n posts (issue 28): CPU time of each command in a process of its
own, interleaved, median of three; the ratio (2n over n) is the issue's scaling target (at most
2.5 at n = 1,000). The match is a fresh Winning Streak match in which one player resubmits a
sealed placement n times (G-3), the case that was quadratic.

    python benchmarks/scaling.py            # prints one line per command

`benchmarks/run.py` calls `measure()` for its table.
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

SIZES = (1000, 2000)
RUNS = 3
TARGET_RATIO = 2.5


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
    small, large = sizes
    names = dict.fromkeys(name for name, _ in times)
    return {name: (statistics.median(times[(name, small)]), statistics.median(times[(name, large)]))
            for name in names}


def main() -> int:
    small, large = SIZES
    for what, (a, b) in measure().items():
        print(f"{what}: n={small:,} {a:.2f} s, n={large:,} {b:.2f} s, ratio {b / a:.2f} "
              f"(target at most {TARGET_RATIO})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
