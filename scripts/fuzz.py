"""Long fuzz campaign: mutated match files through every reading command.

    python scripts/fuzz.py --files 5000 --jobs 2 --seed 1 --out fuzz-out

Sources are the examples in matches/ and simulated matches of every ruleset. Each mutated
file is derived from `--seed` and its own number only, so file N is the same file on every
run (and with any `--jobs`). The mutations are those of tests/hostile/test_fuzz.py, drawn from a
seeded random.Random instead of hypothesis: entries and fields deleted, duplicated,
reordered, retyped; garbage; huge, negative, fractional numbers, NaN and Infinity as raw
text; whole numbers of 5,000 digits; long strings; times at the ends of the calendar;
deep nesting; bytes that are not UTF-8, BOMs, truncation; and log changes that keep the
schema (an entry dropped, repeated, moved, given to the other player).

Every file goes through every reading command in-process (`adjudicator.cli.run`), each
call bounded by an alarm, so a hang is counted, not waited for; and through the writing
commands on a fresh copy of it in the file's own temporary folder, never on the
file itself: `paste` of posts built from moves of the undamaged match (with --dry-run and
without), `post --dry-run` and `post`, `publish -o`, `host COPY void SEQ --reason x`. Every
5th file also goes through the pictures and the page (`board --format svg`, `board --format
png -o`, `page -o`), which are slower. After every call the file (and a --dry-run copy) must
be byte for byte as it was ("destroyed" otherwise).

Then a sweep of hostile inputs: every numeric ruleset parameter out of range through `new
--param`; alias-heavy YAML through `ruleset validate`; files that are not regular; and `-o` onto every kind of existing file, with and without --force, the match and
its seed compared byte for byte after each call; plug-in folders with a ruleset shadowing a
built-in id, a game shadowing a built-in game, `*-picture` games and planted bytecode, whose
evil code leaves a marker when it runs; `move --json` nested 10^3 to 10^5 deep;
ADJUDICATOR_NOW and `--at` at years 1 and 9999 in the farthest zones through move, host, post
and paste; file names holding every control character through every command that prints a
path; and `new` killed (os._exit) at each of its file system calls in turn, then run again.

Printed: a Markdown table per command (exit statuses, crashes, hangs, tracebacks, output
over the bound, errors that are not one short sentence, files destroyed, the slowest case),
one per hostile kind, and one per kill of `new`. Exit status 1 if any crash (exit 3), hang,
traceback, destroyed file, planted code run, raw control character in output, check row
split by a name, broken match/seed pair or failed re-run was found; each reproducing file
is saved in `--out` with the command that failed (hostile ones in `--out`/hostile.txt).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import hashlib
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import unicodedata
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))   # the mutations the fuzz tests use (tests/helpers/mutations.py)

from adjudicator import matchfile, rulesets, session, simulate  # noqa: E402
from adjudicator.cli import run  # noqa: E402
from helpers.mutations import at, float_twins, odd_texts, renumber  # noqa: E402

NOW = "2026-11-23T12:00:00Z"      # the tool's "now" for every call: runs repeat exactly
HANG_SECONDS = 20                 # a call slower than this counts as a hang
OUTPUT_BOUND = 1_000_000          # characters on stdout that count as "output over the bound"
ERROR_BOUND = 2_000               # characters on stderr that count as a long message
SIMULATED_PER_RULESET = 4
MAX_ENTRIES = 300
PICTURES_EVERY = 5                # every 5th file also goes through svg, png and page (slower)

# --- Mutations (the ideas of tests/hostile/test_fuzz.py, drawn from a seeded random.Random) --------

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

COPY, POSTS, OUT = "{copy}", "{posts}", "{out}"   # filled in per call by fuzz_one


def players_of(original: dict[str, Any]) -> list[str]:
    return [p["id"] for p in original["players"]]


def some_move(original: dict[str, Any], rnd: random.Random) -> tuple[str, str]:
    """A player and a move (JSON) from the undamaged match, to try on the damaged one."""
    moves = [e for e in original["entries"] if e["type"] == "move"]
    entry = rnd.choice(moves) if moves else {"player": players_of(original)[0], "move": {}}
    return entry["player"], json.dumps(entry["move"])


def commands(f: str, original: dict[str, Any], rnd: random.Random, sampled: bool = True) -> dict[str, list[str]]:
    """Every command run on file `f`, named for the table. COPY is a fresh copy of the file
    (for the commands that write to the match), POSTS the posts of `posts_text`, OUT a fresh
    name in the file's temporary folder. `sampled`: also the pictures and the page."""
    p1, p2 = players_of(original)[:2]
    player, move = some_move(original, rnd)
    seq = str(rnd.randint(0, len(original["entries"])))
    void = str(rnd.randint(1, max(1, len(original["entries"]))))
    found = {
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
        # the newer commands; those that write get a copy (COPY) or a new name (OUT)
        "paste --dry-run": ["paste", COPY, POSTS, "--dry-run"],
        "paste": ["paste", COPY, POSTS],
        "post --dry-run": ["post", f, "--dry-run"],
        "post": ["post", COPY],
        "publish -o": ["publish", f, "-o", OUT + ".json"],
        "host void SEQ": ["host", COPY, "void", void, "--reason", "x"],
    }
    if sampled:
        found.update({
            "board svg": ["board", f, "--format", "svg"],
            "board png -o": ["board", f, "--format", "png", "-o", OUT + ".png"],
            "page -o": ["page", f, "-o", OUT + ".html"],
        })
    return found


def notation(original: dict[str, Any]) -> Callable[[dict[str, Any]], str]:
    """The game's own notation of a move, to write posts the way a player would."""
    try:
        game = session.new_replay(matchfile.prepare(json.loads(json.dumps(original)), None)).game
        return game.format_move
    except Exception:  # noqa: BLE001 - a source that cannot be read: posts in JSON then
        return json.dumps


def posts_text(original: dict[str, Any], rnd: random.Random) -> str:
    """One to three consecutive moves of the undamaged match as copied posts, each by the
    player's display name or id, with the post's time or without, in the forms paste reads."""
    moves = [e for e in original["entries"] if e["type"] == "move"]
    if not moves:
        return f"{players_of(original)[0]}: gl hf\n"
    start = rnd.randrange(len(moves))
    words = notation(original)
    names = {p["id"]: p.get("name", p["id"]) for p in original["players"]}
    lines = []
    for entry in moves[start:start + rnd.randint(1, 3)]:
        who = names.get(entry["player"], entry["player"]) if rnd.randrange(2) else entry["player"]
        try:
            text = entry.get("text") or words(entry["move"])
        except Exception:  # noqa: BLE001 - a move the game cannot word (should not happen)
            text = json.dumps(entry["move"])
        when = entry.get("at", "")
        stamp = rnd.choice(("", f"[{when[11:16]}] ", f"{when[:10]} {when[11:16]} ")) if len(when) >= 16 else ""
        lines.append(f"{stamp}{who}: {text}")
    return "\n".join(lines) + "\n"


class Hang(BaseException):
    """Raised by the alarm; a BaseException so the CLI's catch-all for bugs does not take it."""


def _alarm(signum: int, frame: Any) -> None:
    raise Hang()


def call(argv: list[str], env: dict[str, str | None] | None = None, hang: float = HANG_SECONDS) -> dict[str, Any]:
    """Run one command in this process with its output captured, bounded by the alarm;
    `env`: variables set (None: unset) for this call only."""
    out, err = io.StringIO(), io.StringIO()
    saved = {key: os.environ.get(key) for key in env or {}}
    for key, value in (env or {}).items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value
    started = time.perf_counter()
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, hang)
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
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    return {"code": code, "seconds": time.perf_counter() - started, "out": out.getvalue(), "err": err.getvalue()}


NARRATES = ("check", "paste")   # check reports a bad file as a table row; paste tells each post on stderr


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
    if res["code"] == 2 and argv[0] not in NARRATES and not one_sentence(res["err"], named):
        found.append("not one sentence")
    return found


def one_sentence(err: str, named: str) -> bool:
    """An input error: one or two short lines naming the file or key (or an option click refused)."""
    lines = err.strip().splitlines()
    if lines and lines[0].startswith("Usage: "):   # click's form: usage, a hint, then one "Error: " line
        lines = [line for line in lines if line.startswith("Error: ")]
    return 0 < len(lines) <= 2 and len(err) <= ERROR_BOUND and named in err


def quote(arg: str) -> str:
    """One argument for bash: control characters as $'\\xNN'."""
    if all(ch.isprintable() and ch not in BIDI for ch in arg):
        return shlex.quote(arg)
    return "$'" + "".join(ch if ch.isprintable() and ch not in "'\\" and ch not in BIDI
                          else f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}"
                          for ch in arg) + "'"


def shell(argv: list[str], env: dict[str, str | None] | None = None) -> str:
    """A command line to paste into bash."""
    prefix = " ".join(f"{k}={quote(v)}" if v is not None else f"-u {k}" for k, v in (env or {}).items())
    args = " ".join(quote(a) if len(a) < 300 else quote(a[:40]) + "...(" + str(len(a)) + " chars)" for a in argv)
    return (f"env {prefix} " if prefix else "") + "adjudicator " + args


def fuzz_one(task: tuple[int, int, dict[str, Any], str, str]) -> dict[str, Any]:
    """Make mutated file `number` and run every command on it; returns counts and findings."""
    seed, number, original, folder, out = task
    rnd = random.Random(f"{seed}/{number}")
    raw, hows = mutate(original, rnd)
    path = Path(folder) / f"fuzz-{number}.json"
    path.write_bytes(raw)
    work = Path(folder) / f"work-{number}"
    work.mkdir()
    (work / "posts.txt").write_text(posts_text(original, rnd), encoding="utf-8")
    rows = []
    for index, (name, template) in enumerate(commands(str(path), original, rnd,
                                                      sampled=number % PICTURES_EVERY == 0).items()):
        copy = work / f"copy-{index}.json"
        argv = [a.replace(OUT, str(work / f"out-{index}")) for a in template]
        argv = [str(copy) if a == COPY else str(work / "posts.txt") if a == POSTS else a for a in argv]
        if COPY in template:
            copy.write_bytes(raw)
        res = call(argv)
        bad = findings(argv, str(copy) if COPY in template else str(path), res)
        if path.read_bytes() != raw or ("--dry-run" in argv and COPY in template and copy.read_bytes() != raw):
            bad.append("destroyed")
            path.write_bytes(raw)
        if bad:
            saved = Path(out) / f"fuzz-{seed}-{number}.json"
            saved.parent.mkdir(parents=True, exist_ok=True)
            saved.write_bytes(raw)
            posts = ""
            if POSTS in template:
                posts = f"posts ({saved.with_suffix('.posts')}): {(work / 'posts.txt').read_text(encoding='utf-8')!r}\n"
                saved.with_suffix(".posts").write_bytes((work / "posts.txt").read_bytes())
            with open(saved.with_suffix(".txt"), "a", encoding="utf-8") as log:
                log.write(f"{' '.join(bad)}: {shell(argv)}\n(the file: {saved}; {copy.name}: a copy of it)\n"
                          f"{posts}mutations: {hows}\nexit: {res['code']}\nstderr: {res['err'][:2000]}\n\n")
        rows.append({"command": name, "code": res["code"], "seconds": res["seconds"], "findings": bad,
                     "case": f"file {number} ({', '.join(hows)})"})
    shutil.rmtree(work, ignore_errors=True)
    path.unlink()
    return {"number": number, "rows": rows}


# --- Hostile inputs -----------------------------------------------------------------------

# Any of these in a hostile row fails the run (exit 1).
FATAL = ("crash", "hang", "traceback", "destroyed", "replaced without --force", "ran", "raw control", "row split",
         "broken pair", "rerun failed")
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029")


@dataclass
class Case:
    """One hostile call: `argv` in-process with `env`, or `runner` (a subprocess) instead;
    `after` adds findings from what the call left behind; `note` says what was set up."""

    kind: str
    argv: list[str]
    env: dict[str, str | None] = field(default_factory=dict)
    after: Callable[[dict[str, Any]], list[str]] | None = None
    runner: Callable[[], dict[str, Any]] | None = None
    named: str | None = None
    note: str = ""
    repro: str = ""     # a command line that sets up and reproduces it, where `shell(argv)` is not enough


def numeric_params(node: Any, prefix: str = "") -> Iterator[str]:
    """Dotted keys of every number in a ruleset's parameters."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from numeric_params(value, f"{prefix}{key}.")
    elif isinstance(node, (int, float)) and not isinstance(node, bool):
        yield prefix.rstrip(".")


PARAM_VALUES = ("0", "-1", "-1000000000", "1000000000", "2147483648", str(10**30), "1" * 5000, "1.5", "abc",
                ".nan", ".inf", "[1]", "null")


def old_cases(folder: Path, quick: bool) -> Iterator[Case]:
    """Out-of-range parameters, alias-heavy YAML, files that are not regular."""
    for info in rulesets.list_rulesets():
        ruleset = rulesets.resolve(info["id"])
        players = [f"p{i}=P{i}:{side}" for i, side in enumerate(list(ruleset.sides)[:2], 1)]
        for key in list(numeric_params(ruleset.params))[:1 if quick else None]:
            for value in PARAM_VALUES[:3 if quick else None]:
                yield Case("new --param", ["new", info["id"], "-p", players[0], "-p", players[1], "--no-seed",
                                           "--param", f"{key}={value}"])
    for levels, width in ((3, 9),) if quick else ((3, 9), (5, 9), (7, 9), (9, 9)):
        lines = ["id: aliased", "extends: dice-tug-of-war", "summary: aliases", "a0: &a0 [" + ", ".join(["1"] * width) + "]"]
        lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]" for i in range(1, levels + 1)]
        path = folder / f"alias-{levels}.yaml"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        yield Case("alias YAML", ["ruleset", "validate", str(path)])
    fifo = folder / "fifo.json"
    os.mkfifo(fifo)
    for target in (str(fifo), "/dev/zero", str(folder), "/dev/null"):
        for argv in (["check", target], ["board", target], ["replay", target], ["legal", target]):
            yield Case("not a regular file", argv)


# (a) -o onto every kind of existing file ---------------------------------------------------

def state(path: Path) -> Any:
    """What is at `path`, not following a link: kind, and content or link text."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(mode):
        return ("link", os.readlink(path))
    if stat.S_ISREG(mode):
        return ("file", hashlib.sha256(path.read_bytes()).hexdigest(), stat.S_IMODE(mode))
    if stat.S_ISDIR(mode):
        return ("dir", sorted(os.listdir(path)))
    return ("other", stat.S_IFMT(mode))


def output_targets(room: Path) -> Iterator[tuple[str, str]]:
    """A match with its seed, and beside it every kind of existing file, made afresh in `room`."""
    shutil.copyfile(REPO / "matches" / "dice-demo.json", room / "m.json")
    shutil.copyfile(REPO / "matches" / "dice-demo.seed", room / "m.seed")
    shutil.copyfile(REPO / "matches" / "arrowbic-retake.json", room / "other.json")
    os.symlink("m.json", room / "link-to-match")
    os.symlink("m.seed", room / "link-to-seed.json")
    os.symlink("nowhere.json", room / "dangling.json")
    os.link(room / "m.json", room / "hardlink-to-match.json")
    (room / "folder.json").mkdir()
    os.mkfifo(room / "fifo.json")
    (room / "read-only.json").write_text("{}\n", encoding="utf-8")
    (room / "read-only.json").chmod(0o444)
    for what, name in (("the match itself", "m.json"), ("its seed", "m.seed"), ("a symlink to the seed", "link-to-seed.json"),
                       ("the match, spelt ./m.json", "./m.json"), ("another match", "other.json"),
                       ("a symlink to the match", "link-to-match"), ("a hard link to the match", "hardlink-to-match.json"),
                       ("a dangling symlink", "dangling.json"), ("a directory", "folder.json"), ("a FIFO", "fifo.json"),
                       ("a read-only file", "read-only.json")):
        yield what, f"{room}/{name}"


def has_force(command: str) -> bool:
    """Whether COMMAND takes --force (a fix may add it to `board`): its --help says."""
    return "--force" in call([command, "--help"])["out"]


OUTPUT_SETUP = (f"cp {REPO}/matches/dice-demo.json m.json && cp {REPO}/matches/dice-demo.seed m.seed && "
                f"cp {REPO}/matches/arrowbic-retake.json other.json && ln -s m.json link-to-match && "
                f"ln -s m.seed link-to-seed.json && ln -s nowhere.json dangling.json && "
                f"ln m.json hardlink-to-match.json && mkdir folder.json && mkfifo fifo.json && "
                f"echo {{}} > read-only.json && chmod 444 read-only.json")


def output_cases(folder: Path, quick: bool) -> Iterator[Case]:
    outputs = [("board text", ["board", "{m}", "-o"]), ("board json", ["board", "{m}", "--format", "json", "-o"]),
               ("board svg", ["board", "{m}", "--format", "svg", "-o"]),
               ("board png", ["board", "{m}", "--format", "png", "-o"]),
               ("page", ["page", "{m}", "-o"]), ("publish", ["publish", "{m}", "-o"])]
    rooms = 0
    for label, template in outputs:
        for force in (False, True):
            if force and not has_force(template[0]):
                continue
            kind = f"-o existing: {label}{' --force' if force else ''}"
            for index in range(3 if quick else 11):
                rooms += 1
                room = folder / f"out-{rooms}"
                room.mkdir()
                targets = list(output_targets(room))
                what, target = targets[index]
                watched = [room / n for n in ("m.json", "m.seed", "other.json", "nowhere.json", "read-only.json",
                                              "link-to-match", "link-to-seed.json", "dangling.json",
                                              "hardlink-to-match.json", "folder.json", "fifo.json")]
                before = {p: state(p) for p in watched}
                precious = (room / "m.json", room / "m.seed")
                argv = [str(room / "m.json") if a == "{m}" else a for a in template] + [target]
                argv += ["--force"] if force else []

                def after(res: dict[str, Any], before: dict[Path, Any] = before, precious: Any = precious,
                          force: bool = force) -> list[str]:
                    found = []
                    if any(state(p) != before[p] for p in precious):
                        found.append("destroyed")
                    changed = [p for p in before if p not in precious and state(p) != before[p]]
                    if changed and not force:
                        found.append("replaced without --force")
                    if res["code"] != 2 and not force:
                        found.append("not refused")
                    return found

                relative = ["m.json" if a == "{m}" else a for a in template] + [target[len(str(room)) + 1:]]
                yield Case(kind, argv, after=after, named=target,
                           repro=f"cd $(mktemp -d) && {OUTPUT_SETUP} && {shell(relative + (['--force'] if force else []))}",
                           note=f"-o onto {what}; set up: {room}/m.json and m.seed (matches/dice-demo.json and "
                                f".seed), other.json, link-to-match -> m.json, link-to-seed.json -> m.seed, "
                                f"dangling.json -> nowhere.json, hardlink-to-match.json, folder.json/, fifo.json "
                                f"(FIFO), read-only.json (0444)")


# (b) plug-in folders -------------------------------------------------------------------------

def evil(marker: Path, label: str) -> str:
    """Python that leaves a marker when it runs (and then fails to be a game, or is one)."""
    return f"open({str(marker)!r}, 'a').write({label!r} + '\\n')\n"


def plugin_folder(folder: Path, name: str, marker: Path, attack: str) -> Path:
    """A fresh absolute ADJUDICATOR_RULESETS folder holding the take-away plug-in and the
    files of one attack, which run evil code if the tool runs them."""
    base = (folder / name).resolve()
    shutil.copytree(REPO / "tests" / "plugins", base, ignore=shutil.ignore_patterns("__pycache__"))
    games = base / "games"
    mark = evil(marker, name)
    if attack == "shadow id":
        plant_shadow_id(base, games, mark)
    elif attack == "shadow game":
        plant_shadow_game(base, games, mark)
    elif attack == "picture":
        plant_pictures(base, games, mark)
    else:
        plant_bytecode(folder / name, games, mark)
    return base


def plant_shadow_id(base: Path, games: Path, mark: str) -> None:
    # a ruleset shadowing a built-in id, naming a plug-in game whose module is evil
    (base / "dice-tug-of-war.yaml").write_text(
        (REPO / "rulesets" / "dice-tug-of-war.yaml").read_text(encoding="utf-8").replace(
            "game: dice-tug-of-war", "game: evil-dice"), encoding="utf-8")
    (games / "evil_dice.py").write_text(mark + "from adjudicator.games.dice_tug_of_war import GAME as _G\n"
                                        "class GAME(_G):\n    name = 'evil-dice'\n", encoding="utf-8")
    shutil.copyfile(REPO / "schemas" / "move" / "dice-tug-of-war.schema.json", games / "evil-dice.schema.json")


def plant_shadow_game(base: Path, games: Path, mark: str) -> None:
    """Games shadowing built-in games (a module and a package), and a ruleset naming one."""
    (games / "dice_tug_of_war.py").write_text(mark, encoding="utf-8")
    (games / "arrowbic").mkdir()
    (games / "arrowbic" / "__init__.py").write_text(mark, encoding="utf-8")
    (base / "shadow-game.yaml").write_text(
        (REPO / "rulesets" / "dice-tug-of-war.yaml").read_text(encoding="utf-8").replace(
            "id: dice-tug-of-war", "id: shadow-game"), encoding="utf-8")


def plant_pictures(base: Path, games: Path, mark: str) -> None:
    """Rulesets naming a built-in picture module as their game, and evil picture modules
    beside the plug-in (never named by a ruleset: drawing must not run them)."""
    for stem, game in (("pic-arrowbic", "arrowbic-picture"), ("pic-dice", "dice-tug-of-war-picture")):
        (base / f"{stem}.yaml").write_text(
            (base / "take-away.yaml").read_text(encoding="utf-8").replace("id: take-away", f"id: {stem}").replace(
                "game: take-away", f"game: {game}"), encoding="utf-8")
    for stem in ("arrowbic_picture", "dice_tug_of_war_picture", "take_away_picture"):
        (games / f"{stem}.py").write_text(mark + "def draw(*a, **k):\n    return None\n", encoding="utf-8")


def plant_bytecode(staging: Path, games: Path, mark: str) -> None:
    """Unchecked hash-based .pyc in games/__pycache__: for the plug-in's own module (the
    evil line, then the real game), its would-be picture module and a name with no source."""
    import py_compile

    cache = games / "__pycache__"
    cache.mkdir(exist_ok=True)
    real = (games / "take_away.py").read_text(encoding="utf-8")
    for stem, source in (("take_away", real + "\n" + mark), ("take_away_picture", mark), ("planted", mark)):
        staged = Path(f"{staging}-{stem}.py")
        staged.write_text(source, encoding="utf-8")
        py_compile.compile(str(staged), cfile=str(cache / f"{stem}.{sys.implementation.cache_tag}.pyc"),
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH, doraise=True)
        staged.unlink()


def plugin_cases(folder: Path, quick: bool) -> Iterator[Case]:
    marker = (folder / "ran.marker").resolve()
    take = folder / "take-away.json"
    made = call(["new", "take-away", "-p", "a=A:red", "-p", "b=B:blue", "--untimed", "-o", str(take)],
                {"ADJUDICATOR_RULESETS": str((REPO / "tests" / "plugins").resolve())})
    assert made["code"] == 0, made["err"]
    demo = str(REPO / "matches" / "dice-demo.json")
    arrow = str(REPO / "matches" / "arrowbic-retake.json")
    rows = {   # kind: (attack, commands)
        "plug-in: ruleset shadows a built-in id": ("shadow id", [
            ["rulesets"], ["ruleset", "show", "dice-tug-of-war"], ["check", demo], ["board", demo],
            ["new", "dice-tug-of-war", "-p", "a=A:red", "-p", "b=B:yellow", "--no-seed"],
            ["simulate", "dice-tug-of-war", "-n", "1", "--max-entries", "20"]]),
        "plug-in: game shadows a built-in game": ("shadow game", [
            ["ruleset", "show", "shadow-game"], ["check", demo, arrow], ["board", arrow, "--format", "svg"],
            ["new", "shadow-game", "-p", "a=A:red", "-p", "b=B:yellow", "--no-seed"], ["legal", arrow]]),
        "plug-in: *-picture game": ("picture", [
            ["ruleset", "show", "pic-arrowbic"], ["ruleset", "show", "pic-dice"],
            ["ruleset", "validate", "{base}/pic-arrowbic.yaml"],
            ["new", "pic-arrowbic", "-p", "a=A:red", "-p", "b=B:blue", "--no-seed"],
            ["board", str(take), "--format", "svg"], ["board", arrow, "--format", "svg"],
            ["page", str(take), "-o", "{base}/take.html"]]),
        "plug-in: planted bytecode": ("bytecode", [
            ["check", str(take)], ["board", str(take)], ["legal", str(take)],
            ["new", "take-away", "-p", "a=A:red", "-p", "b=B:blue", "--no-seed"],
            ["simulate", "take-away", "-n", "1"], ["board", str(take), "--format", "svg"]]),
    }
    count = 0
    for kind, (attack, argvs) in rows.items():
        for template in argvs[:2 if quick else None]:
            count += 1
            base = plugin_folder(folder, f"plugins-{count}", marker, attack)
            argv = [a.replace("{base}", str(base)) for a in template]

            def after(res: dict[str, Any]) -> list[str]:
                if marker.exists():
                    marker.unlink()
                    return ["ran"]
                return []

            yield Case(kind, argv, env={"ADJUDICATOR_RULESETS": str(base)}, after=after, named=argv[-1],
                       note=f"plug-in folder {base} (a copy of tests/plugins; attack: {attack}, see "
                            f"plant_* in scripts/fuzz.py); each evil file appends to {marker}")


# (c) move --json nested 10^3 to 10^5 deep --------------------------------------------------------

def fresh_match(path: Path, ruleset: str = "tug-of-war-v2", zone: str | None = None) -> None:
    argv = ["new", ruleset, "-p", "a=Anna:red", "-p", "b=Bob:blue", "--no-seed", "-o", str(path)]
    made = call(argv + (["--time-zone", zone] if zone else []))
    assert made["code"] == 0, made["err"]


def nesting_cases(folder: Path, quick: bool) -> Iterator[Case]:
    match = folder / "nest.json"
    fresh_match(match)
    raw = match.read_bytes()
    for depth in (10**3,) if quick else (10**3, 10**4, 10**5):
        for shape, text in (("array", "[" * depth + "]" * depth),
                            ("object", '{"a":' * depth + "1" + "}" * depth),
                            ("in a move", '{"module": "rope", "cards": ' + "[" * depth + "1" + "]" * depth + "}")):
            for dry in (True, False):
                def after(res: dict[str, Any]) -> list[str]:
                    if match.read_bytes() != raw:
                        match.write_bytes(raw)
                        return ["destroyed"] if res["code"] != 0 else []
                    return []
                yield Case("move --json nesting", ["move", str(match), "a", "--json"] + (["--dry-run"] if dry else [])
                           + ["--", text], after=after, named=str(match),
                           note=f"{shape} nested {depth} deep; match: new tug-of-war-v2 -p a=Anna:red -p b=Bob:blue")


# (d) times at the calendar's edges in the farthest zones --------------------------------------

ZONES = ("Pacific/Kiritimati", "Etc/GMT+12", "Etc/GMT-14")
EDGE_NOWS = ("0001-01-01T00:00:00Z", "0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59Z",
             "9999-12-31T23:59:59-12:00", NOW)
EDGE_ATS = (None, "0001-01-01 00:00", "9999-12-31 23:59", "00:00", "23:59", "0001-01-01T00:00:00-12:00",
            "9999-12-31T23:59:59+14:00", "Today at 11:59 PM")


def post_at(when: str | None) -> str:
    """A post by Anna of `rope 1` stamped `when`, in the form paste reads for it."""
    if when is None:
        return "Anna: rope 1\n"
    if when.startswith("Today"):
        return f"Anna — {when}\nrope 1\n"
    if len(when) == 5:
        return f"[{when}] Anna: rope 1\n"
    return f"{when[:10]} {when[11:16]} Anna: rope 1\n"


def time_cases(folder: Path, quick: bool) -> Iterator[Case]:
    count = 0
    for zone in ZONES[:1] if quick else ZONES:
        for now in EDGE_NOWS[:2] if quick else EDGE_NOWS:
            for when in EDGE_ATS[:2] if quick else EDGE_ATS:
                at = ["--at", when] if when else []
                posts = post_at(when)
                for name, template in (("move", ["move", "{m}", "a", "rope", "1"] + at),
                                       ("host", ["host", "{m}", "clock", "off", "--reason", "x"] + at),
                                       ("post", ["post", "{m}"] + at),
                                       ("paste", ["paste", "{m}", "{posts}"])):
                    count += 1
                    match = folder / f"time-{count}.json"
                    fresh_match(match, zone=zone)
                    (folder / f"time-{count}.txt").write_text(posts, encoding="utf-8")
                    argv = [str(match) if a == "{m}" else str(folder / f"time-{count}.txt") if a == "{posts}" else a
                            for a in template]
                    relative = [a.replace(f"{folder}/", "") for a in argv]
                    setup = (f"adjudicator new tug-of-war-v2 -p a=Anna:red -p b=Bob:blue --no-seed --time-zone {zone} "
                             f"-o time-{count}.json && printf %s {quote(posts)} > time-{count}.txt")
                    yield Case(f"edge times: {name}", argv, repro=f"cd $(mktemp -d) && {setup} && "
                               f"{shell(relative, {'ADJUDICATOR_NOW': now})}", env={"ADJUDICATOR_NOW": now}, named="",   # names the file, the option or the variable
                               note=f"match: new tug-of-war-v2 -p a=Anna:red -p b=Bob:blue --no-seed --time-zone {zone}"
                                    + (f"; posts: {posts!r}" if name == "paste" else ""))


# (e) file names with control characters ---------------------------------------------------------

CONTROLS = tuple(chr(c) for c in range(1, 32)) + ("\x7f", "\x85", "\x9b", "\u202e", "\u2028", "\x1b[2J",
                                                  "\x1b]0;pwned\x07")


def raw_controls(text: str, allowed: str) -> bool:
    return any((unicodedata.category(ch) == "Cc" and ch not in allowed) or ch in BIDI for ch in text)


def control_cases(folder: Path, quick: bool) -> Iterator[Case]:
    room = folder / "controls"
    room.mkdir()
    baselines: dict[str, dict[str, Any]] = {}
    for index, ch in enumerate(("_",) + (("\n", "\x1b[2J") if quick else CONTROLS)):
        tag = f"{index}{ch}x"
        good, broken = room / f"m{tag}.json", room / f"broken{tag}.json"
        shutil.copyfile(REPO / "matches" / "arrowbic-retake.json", good)
        broken.write_text("{", encoding="utf-8")
        rows = {
            "new": ["new", "tug-of-war-v2", "-p", "a=Anna:red", "-p", "b=Bob:blue", "-o", str(room / f"new{tag}.json")],
            "check text": ["check", str(good), str(broken)],
            "check json": ["check", str(good), str(broken), "--format", "json"],
            "check junit": ["check", str(good), str(broken), "--format", "junit"],
            "publish -o": ["publish", str(good), "-o", str(room / f"pub{tag}.json")],
            "page -o": ["page", str(good), "-o", str(room / f"page{tag}.html")],
            "board -o": ["board", str(good), "-o", str(room / f"board{tag}.txt")],
            "simulate --out": ["simulate", "tug-of-war-v2", "-n", "1", "--max-entries", "30", "--out",
                               str(room / f"sim{tag}")],
            "board (unreadable)": ["board", str(broken)],
            "move --dry-run": ["move", str(good), "nobody", "E5", "up", "--dry-run"],
            "post --dry-run": ["post", str(good), "--dry-run"],
        }
        for name, argv in rows.items():
            if ch == "_":
                baselines[name] = call(argv)
                continue
            base = baselines[name]

            def after(res: dict[str, Any], base: dict[str, Any] = base, name: str = name) -> list[str]:
                allowed = "\n" + ("\t" if "\t" in base["out"] + base["err"] else "")
                found = ["raw control"] if raw_controls(res["out"] + res["err"], allowed) else []
                if name == "check text" and len(res["out"].splitlines()) != len(base["out"].splitlines()):
                    found.append("row split")
                return found

            relative = [a.replace(f"{room}/", "") for a in argv]
            setup = f"cp {REPO}/matches/arrowbic-retake.json {quote(good.name)} && printf '{{' > {quote(broken.name)}"
            yield Case(f"control chars: {name}", argv, after=after, named=None,
                       repro=f"cd $(mktemp -d) && {setup} && {shell(relative)}",
                       note=f"name holds {ch!r}; m*.json: a copy of matches/arrowbic-retake.json, broken*.json: '{{'")


# (f) new killed at each file system call ------------------------------------------------------

KILLER = '''
import os, sys, json
k, trace = int(sys.argv[1]), sys.argv[2]
from adjudicator.cli import run
import adjudicator.matchfile, adjudicator.session, adjudicator.dice, tempfile, fcntl  # noqa: F401
calls = []
real_exit = os._exit
def patch(name):
    real = getattr(os, name)
    def wrapper(*args, **kwargs):
        calls.append(name)
        if len(calls) == k:
            with open(trace, "w") as log:
                log.write(json.dumps({"hit": name, "calls": calls}))
            real_exit(9)
        return real(*args, **kwargs)
    setattr(os, name, wrapper)
for name in ("open", "write", "fsync", "fchmod", "link", "replace", "rename", "close", "unlink"):
    patch(name)
try:
    code = run(sys.argv[3:])
finally:
    with open(trace, "w") as log:
        log.write(json.dumps({"hit": None, "calls": calls}))
sys.exit(code)
'''


def pair(room: Path) -> tuple[str, bytes | None]:
    """'whole', 'absent' or what is broken about the match m.json and its seed m.seed."""
    match, seed = room / "m.json", room / "m.seed"
    if not match.exists():
        return ("absent" + (" (a seed left)" if seed.exists() else ""), None)
    try:
        header = json.loads(match.read_bytes())
    except ValueError:
        return ("match not JSON", None)
    if not seed.exists():
        return ("seed missing", None)
    seed_text = seed.read_text(encoding="ascii", errors="replace").strip()
    if hashlib.sha256(seed_text.encode()).hexdigest() != header.get("seed_sha256"):
        return ("seed does not match the header", None)
    return ("whole", match.read_bytes() + seed.read_bytes())


def fault_cases(folder: Path, quick: bool, table: list[dict[str, Any]]) -> Iterator[Case]:
    killer = folder / "killer.py"
    killer.write_text(KILLER, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    for force in (False, True):
        label = "new --force over a pair" if force else "new"
        k = 0
        while True:
            k += 1
            room = folder / f"fault-{int(force)}-{k}"
            room.mkdir()
            argv = ["new", "dice-tug-of-war", "-p", "a=Anna:red", "-p", "b=Bob:yellow", "-o", str(room / "m.json")]
            argv += ["--force"] if force else []
            old = None
            if force:
                made = call(argv[:-1])
                assert made["code"] == 0, made["err"]
                old = pair(room)[1]
            trace = room.parent / f"trace-{int(force)}-{k}.json"
            row: dict[str, Any] = {"command": label, "k": k}

            def runner(argv: list[str] = argv, trace: Path = trace, room: Path = room, row: dict[str, Any] = row,
                       old: bytes | None = old, k: int = k) -> dict[str, Any]:
                started = time.perf_counter()
                try:
                    done = subprocess.run([sys.executable, str(killer), str(k), str(trace)] + argv, env=env,
                                          capture_output=True, text=True, timeout=HANG_SECONDS)
                    code: Any = done.returncode
                    out, err = done.stdout, done.stderr
                except subprocess.TimeoutExpired:
                    code, out, err = "hang", "", ""
                hit = json.loads(trace.read_text()) if trace.exists() else {"hit": "?", "calls": []}
                after, content = pair(room)
                extra = []
                if force and after == "whole" and content != old:
                    after = "whole (new)"
                elif force and after == "whole":
                    after = "whole (old)"
                # whole (old or new) or no match; with --force a kill may leave no match: the old one
                # was asked to go and waits under a hidden temporary name (docs/hosting.md, "new makes a
                # whole pair or no match")
                if not after.startswith(("whole", "absent")):
                    extra.append("broken pair")
                leftovers = sorted(set(os.listdir(room)) - {"m.json", "m.seed"})
                rerun = call(argv)
                again, content_again = pair(room)
                # absent: the same `new` must now make the pair; whole: without --force it must be
                # refused and leave that pair as it was; with --force it replaces it (exit 0)
                expected = 0 if force or after.startswith("absent") else 2
                if rerun["code"] != expected or again != "whole" or (expected == 2 and content_again != content):
                    extra.append("rerun failed")
                row.update({"hit": hit["hit"], "calls": len(hit["calls"]), "code": code,
                            "after": after, "leftovers": len(leftovers), "rerun": rerun["code"], "again": again,
                            "rerun err": rerun["err"].strip()[:300], "findings": extra})
                table.append(row)
                return {"code": "killed" if code == 9 else code, "seconds": time.perf_counter() - started, "out": out,
                        "err": err, "extra": extra, "hit": hit["hit"]}

            yield Case(f"fault in {label}", argv, runner=runner, named=str(room / "m.json"),
                       note=f"killed (os._exit) at its {k}th call of os.open/write/fsync/fchmod/link/replace/rename/"
                            f"close/unlink: python {killer} {k} TRACE " + " ".join(shlex.quote(a) for a in argv))
            if row.get("hit") is None or (quick and k >= 2) or k >= 200:
                break


def hostile_cases(folder: Path, quick: bool = False, faults: list[dict[str, Any]] | None = None) -> Iterator[Case]:
    """Every hostile case, set up just before it is yielded (each on fresh files)."""
    yield from old_cases(folder, quick)
    yield from output_cases(folder, quick)
    yield from plugin_cases(folder, quick)
    yield from nesting_cases(folder, quick)
    yield from time_cases(folder, quick)
    yield from control_cases(folder, quick)
    yield from fault_cases(folder, quick, faults if faults is not None else [])


def hostile_sweep(folder: Path, out: Path, quick: bool = False,
                  faults: list[dict[str, Any]] | None = None) -> dict[str, Counter]:
    """Run the hostile cases; count exit statuses and findings per kind."""
    counts: dict[str, Counter] = {}
    for case in hostile_cases(folder, quick, faults):
        if case.runner is not None:
            res = case.runner()
            bad = findings(case.argv, case.named or "", res) + res["extra"]
        else:
            res = call(case.argv, case.env)
            named = case.named if case.named is not None else case.argv[-1].split("=")[0]
            bad = findings(case.argv, named, res) if case.named is not None or not case.kind.startswith("control") \
                else [b for b in findings(case.argv, "", res) if b != "not one sentence"]
            bad += case.after(res) if case.after else []
        counts.setdefault(case.kind, Counter())[res["code"]] += 1
        for finding in bad:
            counts[case.kind][finding] += 1
        if set(FATAL) & set(bad):
            out.mkdir(parents=True, exist_ok=True)
            with open(out / "hostile.txt", "a", encoding="utf-8") as log:
                log.write(f"{case.kind}: {sorted(set(bad))}: {case.repro or shell(case.argv, case.env)}\n  {case.note}\n"
                          f"  exit {res['code']}; stdout: {res['out'][:500]!r}\n  stderr: {res['err'][:1500]!r}\n\n")
    return counts


# --- Report -------------------------------------------------------------------------------

KINDS = ("crash", "hang", "traceback", "output over bound", "not one sentence", "destroyed") + FATAL + ("not refused",)


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


HOSTILE_COLUMNS = ("hangs", "tracebacks", "not one sentence", "destroyed", "replaced without --force", "not refused",
                   "ran", "raw control", "row split", "broken pair", "rerun failed")


def markdown(table: dict[str, dict[str, Any]], hostile: dict[str, Counter],
             faults: list[dict[str, Any]] | None = None) -> str:
    lines = ["| command | runs | exit 0 | exit 1 | exit 2 | exit 3 | hangs | tracebacks | output over bound "
             "| not one sentence | destroyed | slowest (s) |", "|---" * 12 + "|"]
    for name, e in table.items():
        c, f = e["codes"], e["findings"]
        lines.append(f"| {name} | {e['runs']} | {c[0]} | {c[1]} | {c[2]} | {c[3] + c['escaped']} | {c['hang']} "
                     f"| {f['traceback']} | {f['output over bound']} | {f['not one sentence']} | {f['destroyed']} "
                     f"| {e['slowest'][0]:.2f} |")
    if hostile:
        lines += ["", "| hostile input | runs | exit 0 | exit 1 | exit 2 | exit 3 | " + " | ".join(HOSTILE_COLUMNS)
                  + " |", "|---" * (6 + len(HOSTILE_COLUMNS)) + "|"]
        for kind, c in hostile.items():
            runs = sum(v for k, v in c.items() if k not in KINDS)
            other = runs - c[0] - c[1] - c[2] - c[3] - c["escaped"] - c["hang"]
            cells = [str(c["hang"]), str(c["traceback"])] + [str(c[k]) for k in HOSTILE_COLUMNS[2:]]
            lines.append(f"| {kind} | {runs} | {c[0]} | {c[1]} | {c[2]} | {c[3] + c['escaped']}"
                         f"{f' (+{other} other)' if other else ''} | " + " | ".join(cells) + " |")
    if faults:
        lines += ["", "| killed | k | call hit | calls | after the kill | temp files left | re-run exit "
                  "| after the re-run |", "|---" * 8 + "|"]
        for row in faults:
            lines.append(f"| {row['command']} | {row['k']} | {row['hit'] or '(completed)'} | {row['calls']} "
                         f"| {row['after']} | {row['leftovers']} | {row['rerun']} | {row['again']} |")
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
    parser.add_argument("--quick-hostile", action="store_true",
                        help="a few cases of every hostile kind only (for tests)")
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON (for tests)")
    args = parser.parse_args(argv)
    os.environ["ADJUDICATOR_NOW"] = NOW
    started = time.perf_counter()
    found = sources(args.seed, args.simulated)
    with tempfile.TemporaryDirectory(prefix="fuzz-") as folder:
        # parsed rulesets are cached in the run's own folder, not the user's ~/.cache
        os.environ["ADJUDICATOR_CACHE"] = str(Path(folder) / "cache")
        tasks = [(args.seed, n, found[n % len(found)], folder, str(args.out)) for n in range(1, args.files + 1)]
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(fuzz_one, tasks, chunksize=8))
        faults: list[dict[str, Any]] = []
        hostile = {} if args.no_hostile else hostile_sweep(Path(folder), args.out, args.quick_hostile, faults)
        for path in Path(folder).rglob("*"):   # read-only files and folders must not stop the clean-up
            if path.is_dir() and not path.is_symlink():
                path.chmod(0o700)
    table = summarise(results)
    print(f"{args.files} mutated files from {len(found)} sources (seed {args.seed}), "
          f"{sum(e['runs'] for e in table.values())} command runs, "
          f"{sum(sum(v for k, v in c.items() if k not in KINDS) for c in hostile.values())} hostile runs, "
          f"{time.perf_counter() - started:.0f} s\n")
    print(markdown(table, hostile, faults))
    if table:
        slowest = max(table.items(), key=lambda item: item[1]["slowest"][0])
        print(f"\nslowest: {slowest[0]}, {slowest[1]['slowest'][0]:.2f} s, {slowest[1]['slowest'][1]}")
    bad = sum(e["codes"][3] + e["codes"]["escaped"] + e["codes"]["hang"] + e["findings"]["traceback"]
              + e["findings"]["destroyed"] for e in table.values())
    bad += sum(c[3] + c["escaped"] + c["hang"] + sum(c[k] for k in FATAL if k not in ("crash", "hang"))
               for c in hostile.values())
    if args.json:
        print(json.dumps({"files": len(results), "bad": bad,
                          "commands": {k: {"runs": e["runs"], "codes": {str(c): n for c, n in e["codes"].items()},
                                           "findings": dict(e["findings"])} for k, e in table.items()},
                          "hostile": {k: {str(c): n for c, n in v.items()} for k, v in hostile.items()},
                          "faults": faults}))
    if bad:
        print(f"\n{bad} findings (crashes, hangs, tracebacks, destroyed files, planted code run, raw control "
              f"characters, split rows, broken pairs, failed re-runs); reproducers in {args.out}/")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
