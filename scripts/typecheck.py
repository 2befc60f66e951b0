"""The type gate of CI (issue 27, point 5): mypy over the package, against a baseline that
only shrinks.

    python scripts/typecheck.py            # exit 1 on an error not in the baseline, or a
                                           # baseline entry that no longer occurs
    python scripts/typecheck.py --update   # write the baseline anew (after fixing errors)

An error is compared without its line number (`file: [code] message`), so code moving
within a file does not upset the gate, and counted: two equal errors in one file are two
entries. A new error fails CI; so does a fixed one left in the baseline, so the baseline
file shrinks with every fix and can never hide a new error behind an old count.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "typecheck-baseline.txt"
ERROR = re.compile(r"^(?P<file>[^:]+):\d+(?::\d+)?: error: (?P<message>.*?)(?:  \[(?P<code>[a-z-]+)\])?$")


def mypy_errors() -> Counter[str]:
    """Every error mypy reports for the package, without line numbers."""
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary", "--no-pretty",
                           "--show-error-codes", "--hide-error-context", "adjudicator"],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1) or "error: " not in done.stdout and done.returncode:
        sys.exit(f"typecheck: mypy did not run (exit {done.returncode}): {done.stderr.strip()[:500]}")
    found: Counter[str] = Counter()
    for line in done.stdout.splitlines():
        match = ERROR.match(line)
        if match:
            found[f"{match['file']}: [{match['code'] or 'misc'}] {match['message']}"] += 1
    return found


def read_baseline() -> Counter[str]:
    if not BASELINE.is_file():
        return Counter()
    lines = [line for line in BASELINE.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    return Counter(lines)


def write_baseline(found: Counter[str]) -> None:
    header = ("# mypy errors the code still has (scripts/typecheck.py); one line per error, without its\n"
              "# line number. CI fails on an error not listed here and on a line here that no longer\n"
              "# occurs: fix errors, then run `python scripts/typecheck.py --update`. Never add lines.\n")
    BASELINE.write_text(header + "".join(f"{line}\n" for line in sorted(found.elements())), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="write the baseline from the errors found now")
    args = parser.parse_args(argv)
    found = mypy_errors()
    if args.update:
        write_baseline(found)
        print(f"typecheck: baseline written, {sum(found.values())} errors.")
        return 0
    baseline = read_baseline()
    new, fixed = found - baseline, baseline - found
    for line in sorted(new.elements()):
        print(f"new type error: {line}")
    for line in sorted(fixed.elements()):
        print(f"fixed, still in the baseline: {line}")
    if new or fixed:
        print(f"typecheck: {sum(new.values())} new, {sum(fixed.values())} fixed but listed; "
              f"{'fix the new ones' if new else 'run python scripts/typecheck.py --update'}.")
        return 1
    print(f"typecheck: {sum(found.values())} errors, all in the baseline (it may only shrink).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
