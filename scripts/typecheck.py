"""The type gate of CI: mypy over the package, against a baseline that
only shrinks.

    python scripts/typecheck.py            # exit 1 on an error not in the baseline, or a
                                           # baseline entry that no longer occurs
    python scripts/typecheck.py --update   # write the baseline anew (after fixing errors)

An error is compared without its line number (`file: [code] message`), so code moving
within a file does not upset the gate, and counted: two equal errors in one file are two
entries. A new error fails CI; so does a fixed one left in the baseline, so the baseline
file shrinks with every fix and can never hide a new error behind an old count.

The modules pyproject.toml checks with the flags of `--strict` (the core and the games) may
have no error at all: the baseline may not list one, and --update refuses to write one.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tomllib
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


def strict_files() -> list[str]:
    """Path prefixes of the modules pyproject.toml checks strictly (its overrides that set
    `disallow_untyped_defs`): `adjudicator.games.*` is `adjudicator/games/`, `adjudicator.engine`
    is `adjudicator/engine.py`."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    prefixes = []
    for override in config["tool"]["mypy"]["overrides"]:
        if not override.get("disallow_untyped_defs"):
            continue
        for module in override["module"]:
            path = module.replace(".", "/")
            prefixes.append(path[:-1] if path.endswith("*") else f"{path}.py")
    return prefixes


def in_strict(line: str, prefixes: list[str]) -> bool:
    """Is this error (`file: [code] message`) in a strictly checked module?"""
    file = line.split(":", 1)[0]
    return any(file == prefix or (prefix.endswith("/") and file.startswith(prefix)) for prefix in prefixes)


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
    strict = [line for line in sorted(found.elements()) if in_strict(line, strict_files())]
    if strict:
        for line in strict:
            print(f"type error in a strictly checked module: {line}")
        print(f"typecheck: {len(strict)} errors where none may be (the core and the games, pyproject.toml); "
              "fix them, they cannot go in the baseline.")
        return 1
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
