"""Long fuzz campaign: mutated match files through every reading command (issue 15).

    python scripts/fuzz.py --files 5000 --jobs 2 --seed 1 --out fuzz-out

Sources are the examples in matches/ and simulated matches of every ruleset. Each mutated
file is derived from `--seed` and its own number only, so file N is the same file on every
run (and with any `--jobs`). The mutations are those of tests/test_fuzz.py, drawn from a
seeded random.Random instead of hypothesis: entries and fields deleted, duplicated,
reordered, retyped; garbage; huge, negative, fractional numbers, NaN and Infinity as raw
text; whole numbers of 5,000 digits; long strings; times at the ends of the calendar;
deep nesting; bytes that are not UTF-8, BOMs, truncation; and log changes that keep the
schema (an entry dropped, repeated, moved, given to the other player).

Every file goes through every reading command in-process (`adjudicator.cli.run`), each
call bounded by an alarm, so a hang is counted, not waited for. Then a short sweep of
hostile inputs: every numeric ruleset parameter given out of range through `new --param`,
alias-heavy YAML through `ruleset validate`, and files that are not regular.

Printed: a Markdown table per command (exit statuses, crashes, hangs, tracebacks, output
over the bound, errors that are not one short sentence, the slowest case). Exit status 1
if any crash (exit 3), hang or traceback was found; each reproducing file is saved in
`--out` with the command that failed.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import signal
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Iterator

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))   # the mutations the fuzz tests use (tests/mutations.py)

from adjudicator import matchfile, rulesets, simulate  # noqa: E402
from adjudicator.cli import run  # noqa: E402
from mutations import float_twins, odd_texts, renumber  # noqa: E402

NOW = "2026-11-23T12:00:00Z"      # the tool's "now" for every call: runs repeat exactly
HANG_SECONDS = 20                 # a call slower than this counts as a hang
OUTPUT_BOUND = 1_000_000          # characters on stdout that count as "output over the bound"
ERROR_BOUND = 2_000               # characters on stderr that count as a long message
SIMULATED_PER_RULESET = 4
MAX_ENTRIES = 300

# --- Mutations (the ideas of tests/test_fuzz.py, drawn from a seeded random.Random) --------

HUGE_TEXT = "x" * 100_000
RAW_TEXTS = ("NaN", "Infinity", "-Infinity", "1e999", "-1e999", "-0", "1.0", "2.5e3", "1" * 400, "1" * 5000,
             "-" + "9" * 4301, "1" * 101, "1" * 5000 + ".5", "[" * 10_000 + "]" * 10_000, "[" * 10_000,
             '"\\ud800"', '"a\\udfffb"', '"\\u0000"', '"\\u001b[2J"', "true", "null", '""')
NUMBERS = (10**30, -10**30, 2**63, 2**31, -1, 0, 1.5, 2.0, -0.5, 1e308, float("nan"), float("inf"), float("-inf"))
BAD_BYTES = (b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00", b"\x80\x80", b"\xef\xbb\xbf", b"\xc0\xaf")
EDGE_TIMES = ("9999-12-31T23:59:30Z", "9999-12-31T23:59:59+00:00", "0001-01-01T00:00:00+14:00",
              "9999-12-31T23:00:00-02:00", "0001-01-01T00:00:00Z")
ODD = ("\ud800", "\udcff", "\x1b[2J", "\x9b", "\x00", "\r", "\n")
SIMPLE = (None, True, False, 0, 1, -1, 7, 10**6, 0.5, "", "x", "p1", [], {}, [1, 2], {"a": 1})
TREE_OPS = ("delete", "duplicate", "reorder", "retype", "garbage field", "garbage entry", "number", "raw", "raw",
            "tweak", "tweak", "tweak", "float twin", "odd text", "huge text", "edge time")
LOG_OPS = ("drop", "repeat", "move", "swap player", "tweak")
BYTE_OPS = ("as is",) * 12 + ("truncate", "bad bytes", "utf-8 bom", "utf-16", "utf-16 bom", "empty",
                              "trailing garbage")


def placeholder(index: int) -> str:
    return f"\u0001RAW{index}\u0001"


def a_path(rnd: random.Random, doc: Any) -> list[Any]:
    """A way into the document, usually into the entries, where most of a file is."""
    path: list[Any] = []
    node = doc
    if isinstance(doc, dict) and isinstance(doc.get("entries"), list) and doc["entries"] and rnd.randrange(3):
        path, node = ["entries"], doc["entries"]
    while isinstance(node, (dict, list)) and node and (not path or rnd.randrange(3)) and (path or rnd.randrange(10)):
        key = rnd.choice(sorted(node, key=str) if isinstance(node, dict) else range(len(node)))
        path.append(key)
        node = node[key]
    return path


def at(doc: Any, path: list[Any]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def tweak(rnd: random.Random, node: Any) -> Any:
    """A value of the same kind, or nearby: what a hand edit or a typo makes."""
    if isinstance(node, bool):
        return not node
    if isinstance(node, int):
        return node + rnd.choice((-1, 1, -node - 1, 10, 1000))
    if isinstance(node, float):
        return node * rnd.choice((-1, 0.5, 2))
    if isinstance(node, str):
        return rnd.choice((node[:-1], node + node[-1:], node.upper(), "p2" if node == "p1" else "p1"))
    if isinstance(node, list) and node:
        i = rnd.randrange(len(node))
        return node[:i] + [tweak(rnd, node[i])] + node[i + 1:]
    if isinstance(node, dict) and node:
        key = rnd.choice(sorted(node, key=str))
        return {**node, key: tweak(rnd, node[key])}
    return rnd.choice(SIMPLE)


def damage_tree(rnd: random.Random, doc: Any, raws: list[str]) -> tuple[Any, str]:
    """One change somewhere in the document (in place); raw texts are collected in `raws`."""
    path = a_path(rnd, doc)
    node = at(doc, path)
    parent = at(doc, path[:-1]) if path else None
    how = rnd.choice(TREE_OPS)
    replacement: Any = node
    entries = doc.get("entries") if isinstance(doc, dict) and isinstance(doc.get("entries"), list) else None
    if how == "delete" and path:
        del parent[path[-1]]
        return doc, how
    if how == "duplicate" and isinstance(parent, list):
        parent.insert(path[-1], json.loads(json.dumps(node)))
        return doc, how
    if how == "garbage entry" and entries is not None:
        entries.insert(rnd.randint(0, len(entries)), rnd.choice(SIMPLE + ({"seq": 1, "type": "move"},)))
        return doc, how
    if how == "edge time":
        when = rnd.choice(EDGE_TIMES)
        for entry in entries or []:
            if isinstance(entry, dict) and "at" in entry:
                entry["at"] = when
        if isinstance(doc, dict) and "started" in doc:
            doc["started"] = when
        return doc, how
    if how == "reorder" and isinstance(node, list):
        replacement = rnd.sample(node, len(node))
    elif how == "reorder" and isinstance(node, dict):
        replacement = dict(reversed(list(node.items())))
    elif how == "garbage field" and isinstance(node, dict):
        replacement = {**node, rnd.choice(("seq", "type", "move", "x", "")): rnd.choice(SIMPLE)}
    elif how == "number":
        replacement = rnd.choice(NUMBERS)
    elif how == "raw":
        raws.append(rnd.choice(RAW_TEXTS))
        replacement = placeholder(len(raws) - 1)
    elif how == "tweak":
        replacement = tweak(rnd, node)
    elif how == "float twin":
        replacement = float_twins(node)
    elif how == "huge text":
        replacement = HUGE_TEXT if rnd.randrange(2) or not isinstance(node, dict) else {**node, HUGE_TEXT: 1}
    elif how == "odd text":
        replacement = odd_texts(node, rnd.choice(ODD))
    else:
        replacement = rnd.choice(SIMPLE)
    if not path:
        return replacement, how
    parent[path[-1]] = replacement
    return doc, how


def damage_log(rnd: random.Random, doc: Any) -> tuple[Any, str]:
    """One change to the log that keeps the schema, so the rules, not the schema, see it."""
    entries = doc.get("entries") if isinstance(doc, dict) else None
    if not isinstance(entries, list) or not entries:
        return doc, "log: none"
    how = rnd.choice(LOG_OPS)
    i = rnd.randrange(len(entries))
    entry = entries[i]
    if how == "drop":
        del entries[i]
    elif how == "repeat":
        entries.insert(i, json.loads(json.dumps(entry)))
    elif how == "move":
        entries.insert(rnd.randrange(len(entries)), entries.pop(i))
    elif how == "swap player" and isinstance(entry, dict) and isinstance(entry.get("player"), str):
        players = [p.get("id") for p in doc.get("players", []) if isinstance(p, dict)]
        others = [p for p in players if p != entry["player"]]
        if others:
            entry["player"] = rnd.choice(others)
    elif isinstance(entry, dict) and isinstance(entry.get("move"), dict):
        entry["move"] = tweak(rnd, entry["move"])
    return doc, f"log: {how}"


def damage_bytes(rnd: random.Random, text: str) -> tuple[bytes, str]:
    """The file's bytes, sometimes broken below the JSON: encoding, BOMs, truncation."""
    raw = text.encode("utf-8", "surrogatepass")
    how = rnd.choice(BYTE_OPS)
    where = rnd.randint(0, len(raw))
    if how == "truncate":
        return raw[:where], how
    if how == "bad bytes":
        return raw[:where] + rnd.choice(BAD_BYTES) + raw[where:], how
    if how == "utf-8 bom":
        return b"\xef\xbb\xbf" + raw, how
    if how == "utf-16":
        return text.encode("utf-16", "surrogatepass"), how
    if how == "utf-16 bom":
        return b"\xff\xfe" + raw, how
    if how == "empty":
        return b"", how
    if how == "trailing garbage":
        return raw + b'\n{"entries": []}', how
    return raw, how


def mutate(original: dict[str, Any], rnd: random.Random) -> tuple[bytes, list[str]]:
    """One damaged file: one or two changes to the tree or the log, then maybe to the bytes."""
    doc = json.loads(json.dumps(original))
    raws: list[str] = []
    hows = []
    for _ in range(rnd.randint(1, 2)):
        doc, how = damage_log(rnd, doc) if rnd.randrange(2) else damage_tree(rnd, doc, raws)
        hows.append(how)
    if rnd.randrange(7):
        renumber(doc)
    text = json.dumps(doc, ensure_ascii=bool(rnd.randrange(2)), indent=rnd.choice((None, 2)))
    for index, raw_text in enumerate(raws):
        text = text.replace(json.dumps(placeholder(index)), raw_text)
    raw, how = damage_bytes(rnd, text)
    return raw, hows + [f"bytes: {how}"]


# --- Sources ------------------------------------------------------------------------------

def sources(seed: int, per_ruleset: int = SIMULATED_PER_RULESET) -> list[dict[str, Any]]:
    """The examples, and a few simulated matches of every ruleset (some with every item)."""
    found = [json.loads(p.read_text(encoding="utf-8")) for p in sorted((REPO / "matches").glob("*.json"))]
    for info in rulesets.list_rulesets():
        items = tuple(rulesets.resolve(info["id"]).items)
        for index in range(1, per_ruleset + 1):
            played = simulate.play(info["id"], index, seed=seed, items=items if index % 2 else (),
                                   max_entries=MAX_ENTRIES)
            found.append(json.loads(matchfile.dumps(played.data)))
    return found


# --- Commands -----------------------------------------------------------------------------

def players_of(original: dict[str, Any]) -> list[str]:
    return [p["id"] for p in original["players"]]


def some_move(original: dict[str, Any], rnd: random.Random) -> tuple[str, str]:
    """A player and a move (JSON) from the undamaged match, to try on the damaged one."""
    moves = [e for e in original["entries"] if e["type"] == "move"]
    entry = rnd.choice(moves) if moves else {"player": players_of(original)[0], "move": {}}
    return entry["player"], json.dumps(entry["move"])


def commands(f: str, original: dict[str, Any], rnd: random.Random) -> dict[str, list[str]]:
    """Every reading command on file `f`, named for the table."""
    p1, p2 = players_of(original)[:2]
    player, move = some_move(original, rnd)
    seq = str(rnd.randint(0, len(original["entries"])))
    return {
        "check": ["check", f], "check json": ["check", f, "--format", "json"],
        "check junit": ["check", f, "--format", "junit"],
        "board": ["board", f], "board markdown": ["board", f, "--format", "markdown"],
        "board bbcode": ["board", f, "--format", "bbcode"], "board json": ["board", f, "--format", "json"],
        "board --as P1": ["board", f, "--as", p1], "board --as P2 json": ["board", f, "--as", p2, "--format", "json"],
        "board --at SEQ": ["board", f, "--at", seq],
        "replay": ["replay", f], "replay json": ["replay", f, "--format", "json"],
        "replay --as P2 json": ["replay", f, "--as", p2, "--format", "json"],
        "legal": ["legal", f], "legal json": ["legal", f, "--format", "json"],
        "legal PLAYER": ["legal", f, p2], "publish": ["publish", f], "publish --at SEQ": ["publish", f, "--at", seq],
        "move --dry-run": ["move", f, player, "--json", "--dry-run", "--", move],
        "move huge number": ["move", f, player, "reroll", "1" * 5000, "--dry-run"],
    }


class Hang(BaseException):
    """Raised by the alarm; a BaseException so the CLI's catch-all for bugs does not take it."""


def _alarm(signum: int, frame: Any) -> None:
    raise Hang()


def call(argv: list[str]) -> dict[str, Any]:
    """Run one command in this process with its output captured, bounded by the alarm."""
    out, err = io.StringIO(), io.StringIO()
    started = time.perf_counter()
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code: Any = run(argv)
    except Hang:
        code = "hang"
    except BaseException as exc:  # noqa: BLE001 - anything escaping run() is itself a finding
        code = "escaped"
        err.write(f"{type(exc).__name__}: {exc}")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return {"code": code, "seconds": time.perf_counter() - started, "out": out.getvalue(), "err": err.getvalue()}


def findings(argv: list[str], named: str, res: dict[str, Any]) -> list[str]:
    """What is wrong with one call's result (empty if nothing): the kinds counted in the table."""
    found = []
    if res["code"] in (3, "escaped"):
        found.append("crash")
    if res["code"] == "hang":
        found.append("hang")
    if "Traceback (most recent call last)" in res["out"] + res["err"]:
        found.append("traceback")
    if len(res["out"]) > OUTPUT_BOUND:
        found.append("output over bound")
    if res["code"] == 2 and argv[0] != "check" and not one_sentence(res["err"], named):   # check: a table row
        found.append("not one sentence")
    return found


def one_sentence(err: str, named: str) -> bool:
    """An input error: one or two short lines naming the file or key (or an option click refused)."""
    lines = err.strip().splitlines()
    if lines and lines[0].startswith("Usage: "):   # click's form: usage, a hint, then one "Error: " line
        lines = [line for line in lines if line.startswith("Error: ")]
    return 0 < len(lines) <= 2 and len(err) <= ERROR_BOUND and named in err


def fuzz_one(task: tuple[int, int, dict[str, Any], str, str]) -> dict[str, Any]:
    """Make mutated file `number` and run every command on it; returns counts and findings."""
    seed, number, original, folder, out = task
    rnd = random.Random(f"{seed}/{number}")
    raw, hows = mutate(original, rnd)
    path = Path(folder) / f"fuzz-{number}.json"
    path.write_bytes(raw)
    rows = []
    for name, argv in commands(str(path), original, rnd).items():
        res = call(argv)
        bad = findings(argv, str(path), res)
        if bad:
            saved = Path(out) / f"fuzz-{seed}-{number}.json"
            saved.parent.mkdir(parents=True, exist_ok=True)
            saved.write_bytes(raw)
            (saved.with_suffix(".txt")).write_text(
                f"{' '.join(bad)}: adjudicator {' '.join(a if len(a) < 200 else a[:20] + '...' for a in argv)}\n"
                f"mutations: {hows}\nexit: {res['code']}\nstderr: {res['err'][:2000]}\n", encoding="utf-8")
        rows.append({"command": name, "code": res["code"], "seconds": res["seconds"], "findings": bad,
                     "case": f"file {number} ({', '.join(hows)})"})
    path.unlink()
    return {"number": number, "rows": rows}


# --- Hostile inputs -----------------------------------------------------------------------

def numeric_params(node: Any, prefix: str = "") -> Iterator[str]:
    """Dotted keys of every number in a ruleset's parameters."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from numeric_params(value, f"{prefix}{key}.")
    elif isinstance(node, (int, float)) and not isinstance(node, bool):
        yield prefix.rstrip(".")


PARAM_VALUES = ("0", "-1", "-1000000000", "1000000000", "2147483648", str(10**30), "1" * 5000, "1.5", "abc",
                ".nan", ".inf", "[1]", "null")


def hostile_cases(folder: Path) -> Iterator[tuple[str, list[str]]]:
    """(kind, argv): out-of-range parameters, alias-heavy YAML, files that are not regular."""
    for info in rulesets.list_rulesets():
        ruleset = rulesets.resolve(info["id"])
        players = [f"p{i}=P{i}:{side}" for i, side in enumerate(list(ruleset.sides)[:2], 1)]
        for key in numeric_params(ruleset.params):
            for value in PARAM_VALUES:
                yield "new --param", ["new", info["id"], "-p", players[0], "-p", players[1], "--no-seed",
                                      "--param", f"{key}={value}"]
    for levels, width in ((3, 9), (5, 9), (7, 9), (9, 9)):
        lines = ["id: aliased", "extends: dice-tug-of-war", "summary: aliases", "a0: &a0 [" + ", ".join(["1"] * width) + "]"]
        lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]" for i in range(1, levels + 1)]
        path = folder / f"alias-{levels}.yaml"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        yield "alias YAML", ["ruleset", "validate", str(path)]
    fifo = folder / "fifo.json"
    os.mkfifo(fifo)
    for target in (str(fifo), "/dev/zero", str(folder), "/dev/null"):
        for argv in (["check", target], ["board", target], ["replay", target], ["legal", target]):
            yield "not a regular file", argv


def hostile_sweep(folder: Path, out: Path) -> dict[str, Counter]:
    """Run the hostile cases; count exit statuses and findings per kind."""
    counts: dict[str, Counter] = {}
    for kind, argv in hostile_cases(folder):
        res = call(argv)
        bad = findings(argv, argv[-1].split("=")[0], res)
        counts.setdefault(kind, Counter())[res["code"]] += 1
        for finding in bad:
            counts[kind][finding] += 1
        if {"crash", "hang", "traceback"} & set(bad):
            out.mkdir(parents=True, exist_ok=True)
            with open(out / "hostile.txt", "a", encoding="utf-8") as log:
                log.write(f"{bad}: adjudicator {' '.join(a[:200] for a in argv)}\n{res['err'][:2000]}\n")
    return counts


# --- Report -------------------------------------------------------------------------------

KINDS = ("crash", "hang", "traceback", "output over bound", "not one sentence")


def summarise(results: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    table: dict[str, dict[str, Any]] = {}
    for result in results:
        for row in result["rows"]:
            entry = table.setdefault(row["command"], {"runs": 0, "codes": Counter(), "findings": Counter(),
                                                      "slowest": (0.0, "")})
            entry["runs"] += 1
            entry["codes"][row["code"]] += 1
            entry["findings"].update(row["findings"])
            if row["seconds"] > entry["slowest"][0]:
                entry["slowest"] = (row["seconds"], row["case"])
    return table


def markdown(table: dict[str, dict[str, Any]], hostile: dict[str, Counter]) -> str:
    lines = ["| command | runs | exit 0 | exit 1 | exit 2 | exit 3 | hangs | tracebacks | output over bound "
             "| not one sentence | slowest (s) |", "|---" * 11 + "|"]
    for name, e in table.items():
        c, f = e["codes"], e["findings"]
        lines.append(f"| {name} | {e['runs']} | {c[0]} | {c[1]} | {c[2]} | {c[3] + c['escaped']} | {c['hang']} "
                     f"| {f['traceback']} | {f['output over bound']} | {f['not one sentence']} "
                     f"| {e['slowest'][0]:.2f} |")
    if hostile:
        lines += ["", "| hostile input | runs | exit 0 | exit 1 | exit 2 | exit 3 | hangs | tracebacks "
                  "| not one sentence |", "|---" * 9 + "|"]
        for kind, c in hostile.items():
            runs = sum(v for k, v in c.items() if k not in KINDS)
            lines.append(f"| {kind} | {runs} | {c[0]} | {c[1]} | {c[2]} | {c[3] + c['escaped']} | {c['hang']} "
                         f"| {c['traceback']} | {c['not one sentence']} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=5000, help="mutated files to make and run (default 5000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the simulated matches and the mutations")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--simulated", type=int, default=SIMULATED_PER_RULESET,
                        help=f"simulated source matches per ruleset (default {SIMULATED_PER_RULESET})")
    parser.add_argument("--out", type=Path, default=Path("fuzz-out"), help="where reproducers are saved")
    parser.add_argument("--no-hostile", action="store_true", help="skip the sweep of hostile inputs")
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON (for tests)")
    args = parser.parse_args(argv)
    os.environ["ADJUDICATOR_NOW"] = NOW
    started = time.perf_counter()
    found = sources(args.seed, args.simulated)
    with tempfile.TemporaryDirectory(prefix="fuzz-") as folder:
        tasks = [(args.seed, n, found[n % len(found)], folder, str(args.out)) for n in range(1, args.files + 1)]
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(fuzz_one, tasks, chunksize=8))
        hostile = {} if args.no_hostile else hostile_sweep(Path(folder), args.out)
    table = summarise(results)
    print(f"{args.files} mutated files from {len(found)} sources (seed {args.seed}), "
          f"{sum(e['runs'] for e in table.values())} command runs, {time.perf_counter() - started:.0f} s\n")
    print(markdown(table, hostile))
    if table:
        slowest = max(table.items(), key=lambda item: item[1]["slowest"][0])
        print(f"\nslowest: {slowest[0]}, {slowest[1]['slowest'][0]:.2f} s, {slowest[1]['slowest'][1]}")
    bad = sum(e["codes"][3] + e["codes"]["escaped"] + e["codes"]["hang"] + e["findings"]["traceback"]
              for e in table.values())
    bad += sum(c[3] + c["escaped"] + c["hang"] + c["traceback"] for c in hostile.values())
    if args.json:
        print(json.dumps({"files": len(results), "bad": bad,
                          "commands": {k: {"runs": e["runs"], "codes": {str(c): n for c, n in e["codes"].items()}}
                                       for k, e in table.items()},
                          "hostile": {k: {str(c): n for c, n in v.items()} for k, v in hostile.items()}}))
    if bad:
        print(f"\n{bad} crashes, hangs or tracebacks; reproducers in {args.out}/")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
