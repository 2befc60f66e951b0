"""How fast is the installed adjudicator on this machine? One run, one Markdown table.

    python benchmarks/run.py                     # the full run (several minutes)
    python benchmarks/run.py --quick             # small counts: a smoke test
    python benchmarks/run.py --json raw.json     # also save the raw numbers

It measures whatever `adjudicator` is importable (and the console script beside this
Python), so it can be run from a fresh clone after `pip install .` and compared between
machines and commits. Six measurements, printed as one table with the targets of issues 16
and 28 side by side (where issue 28 sets a stricter target it replaces issue 16's):

1. start-up: median CPU time of `adjudicator board` and `adjudicator move --dry-run` on a
   simulated 200-entry match and of `adjudicator board` on the demo match, beside `python -c
   pass` and `python -c "import json"`, and of `adjudicator board --format png` beside the text
   board (issue 18: at most 3×), every command in turn, run by run;
2. replay throughput per ruleset (single process, best of 3): `json.load` alone, replay of
   already loaded matches, and reading entry by entry with schema checks plus replay, as
   `check` does (session.replay_streamed); each against python-chess (part 5);
3. `adjudicator check` on 1,500 simulated matches with `--jobs 1` and `--jobs 2` (wall time);
4. peak memory (max RSS) of `adjudicator check` on one match of 100, 1,000, 10,000 and
   100,000 entries, stretched by resubmissions in one open phase, written in the tool's
   layout, on one line and pretty-printed: it reads any layout entry by entry, so 100,000
   should cost what 100 do;
5. python-chess (installed into benchmarks/.deps if missing; never a dependency of the
   package): reading PGN and playing it in this process, in turn with each ruleset's replay
   of part 2, on as many plies as that ruleset has entries; and as a whole process reading
   1,500 PGN files and playing every move, beside the whole process of `adjudicator check
   --jobs 1` on the 1,500 matches of part 3 (CPU time, in turn, medians);
6. `paste` and `page` at n and 2n (benchmarks/scaling.py's `measure()`, every scenario it has).
Golden outputs (issue 28: unchanged) are not run here: scripts/golden.py checks them.

Every simulated match has its entries stamped with times moving forward a few seconds at a
time (`stamp_times`), within every ruleset's limits, so the clock's real path runs as in a
hosted match. Progress goes to stderr, the table to stdout. Generated check matches are
cached in benchmarks/.cache/ (keyed by count and seed); everything else lives in temporary
folders.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Iterable

HERE = Path(__file__).resolve().parent
CACHE = HERE / ".cache"
DEPS = HERE / ".deps"

STARTUP_ENTRIES = 200
STARTUP_RULESETS = ("arrowbic", "winning-streak", "dice-tug-of-war")
CHECK_MAX_ENTRIES = 200
MEMORY_RULESET = "winning-streak"
MEMORY_SIZES = (100, 1_000, 10_000, 100_000)
CHESS_MAX_PLIES = 150
STAMP_START = datetime(2026, 11, 1, 12, 0, tzinfo=timezone.utc)
STAMP_STEPS = (1, 2, 3, 5, 8, 13)  # seconds between entries: far within every ruleset's limits

DEMO_MATCH = HERE.parent / "matches" / "dice-demo.json"   # the README's demo, in a clone
MEMORY_LAYOUTS = ("the tool's layout", "one line", "pretty-printed")

# The targets of issue 16 that issue 28 keeps.
TARGET_BOARD_RATIO = 4.0          # adjudicator board and move --dry-run ≤ 4 × python -c "import json"
TARGET_PICTURE_RATIO = 3.0        # board --format png ≤ 3 × the text board command
TARGET_REPLAY = 100_000           # entries/s, replay with legality checks, over all rulesets
TARGET_REPLAY_EACH = 60_000       # entries/s, the same for every ruleset
TARGET_LOAD_REPLAY = 60_000       # entries/s, read entry by entry with schema checks, then replay
TARGET_CHECK = 50_000             # entries/s of wall time, `adjudicator check --jobs 1`
# The targets of issue 28.
TARGET_CHESS_RATIO = 2.0          # our replay ≥ 2 × python-chess moves/s, over all rulesets
TARGET_CHESS_RATIO_EACH = 1.3     # ... and ≥ 1.3 × for every ruleset
TARGET_CHESS_PROCESS = 1.3        # python-chess's whole process ÷ `check --jobs 1`'s, CPU time, ≥ 1.3
TARGET_MEMORY_MIB = 10.0          # peak RSS of check on the largest match ≤ that on 100 entries + 10 MiB,
                                  # in every layout, resubmissions in one open phase
TARGET_SCALING_N = 1_000          # paste and page: time at 2n ÷ time at n ≤ scaling.TARGET_RATIO at this n

_STARTED = time.perf_counter()


@dataclass
class Settings:
    """What one run measures, and how much of it."""

    repeat: int = 15                 # start-up runs per command (median of CPU time)
    per_ruleset: int = 40            # simulated matches per ruleset for throughput
    best_of: int = 3                 # repetitions of each throughput measurement (best)
    check_matches: int = 1_500       # matches for `adjudicator check`
    memory_sizes: tuple[int, ...] = MEMORY_SIZES
    memory_runs: int = 3             # peak-RSS runs per match size and layout (median)
    process_runs: int = 3            # whole-process runs of check and of python-chess, in turn (median)
    scaling_sizes: tuple[int, int] = (TARGET_SCALING_N, 2 * TARGET_SCALING_N)
    scaling_runs: int = 3            # runs of each scaling scenario per size (median)
    seed: int = 1
    chess: bool = True
    jobs: int = max(1, os.cpu_count() or 1)   # processes that generate matches
    cache: Path = CACHE


# --- Small helpers ---------------------------------------------------------------------------

def progress(message: str) -> None:
    """One line on stderr with the time since start, so a long run shows where it is."""
    sys.stderr.write(f"[{time.perf_counter() - _STARTED:6.1f} s] {message}\n")
    sys.stderr.flush()


def require_adjudicator() -> Any:
    """The importable adjudicator package, or one sentence and exit status 2 (nothing to measure)."""
    try:
        import adjudicator
        import adjudicator.session  # noqa: F401  (a half-installed package fails here, not later)
    except ImportError as exc:
        sys.stderr.write(f"benchmarks/run.py: adjudicator is not importable ({exc}); "
                         "install it first with `python -m pip install .`.\n")
        sys.exit(2)
    return adjudicator


def package_version() -> str:
    from importlib import metadata

    try:
        return metadata.version("adjudicator")
    except metadata.PackageNotFoundError:
        return "unknown version"


def adjudicator_command() -> tuple[list[str], str]:
    """The command line to run: the console script of this Python's environment, else the one on
    PATH, else `python -m adjudicator`. The script beside sys.executable comes first because a
    PATH entry can be a wrapper (a pyenv shim adds its own ~0.2 s of start-up) or another install."""
    name = "adjudicator.exe" if os.name == "nt" else "adjudicator"
    beside = Path(sys.executable).parent / name
    if beside.is_file():
        return [str(beside)], f"console script `{beside}`"
    found = shutil.which("adjudicator")
    if found:
        return [found], f"console script `{found}` (from PATH)"
    return [sys.executable, "-m", "adjudicator"], "`python -m adjudicator` (no console script found)"


def child_env(cache: Path) -> dict[str, str]:
    """The environment of every timed subprocess: bytecode written and read in a cache of our
    own, so start-up is measured warm as a host sees it from the second command on, even where
    PYTHONDONTWRITEBYTECODE is set, and nothing is written beside the sources."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(cache / "pycache")
    return env


def best_of(fn: Callable[[], Any], repeat: int) -> float:
    """The fastest of `repeat` runs, in CPU seconds of this process: throughput per core is
    what is asked, and CPU time does not count the time other work on the machine takes
    the core away (wall time on a busy machine measured the machine, not the code)."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return min(times)


def entries_in(paths: Iterable[Path]) -> int:
    return sum(len(json.loads(p.read_bytes())["entries"]) for p in paths)


def stamp_times(data: dict[str, Any], seed: Any) -> dict[str, Any]:
    """A copy of `data` whose entries carry times moving forward by a seeded few seconds each
    (an entry that repeats the one before it, a resubmission, keeps its time), never past a
    turn's or phase's limit: the clocks charge every entry and nothing runs out."""
    rnd = random.Random(f"adjudicator-bench-times:{seed}")
    at, previous, stamped = STAMP_START, None, []
    for entry in data["entries"]:
        same = previous is not None and {k: v for k, v in entry.items() if k != "seq"} == previous
        if not same:
            at += timedelta(seconds=rnd.choice(STAMP_STEPS))
        previous = {k: v for k, v in entry.items() if k != "seq"}
        stamped.append({**entry, "at": at.strftime("%Y-%m-%dT%H:%M:%SZ")})
    return {**data, "started": STAMP_START.strftime("%Y-%m-%dT%H:%M:%SZ"), "entries": stamped}


def stamp_folder(paths: Iterable[Path], seed: int) -> None:
    """Stamp the times of the match files a simulation wrote (stamp_times), in place."""
    for path in paths:
        write_match(path, stamp_times(json.loads(path.read_bytes()), f"{seed}:{path.name}"))


def write_match(path: Path, data: dict[str, Any]) -> Path:
    from adjudicator import matchfile

    path.write_text(matchfile.dumps(data), encoding="utf-8")
    return path


# --- 1. Start-up: board and move on a 200-entry match ---------------------------------------

def startup_match(seed: int) -> tuple[dict[str, Any], str, list[str]]:
    """A simulated match cut at exactly 200 entries with a move still due, and a legal move
    for it (player, typed words) taken from the engine's own list of legal moves."""
    from adjudicator import matchfile, session, simulate

    for ruleset_id in STARTUP_RULESETS:
        for index in range(1, 201):
            played = simulate.play(ruleset_id, index, seed=seed, max_entries=STARTUP_ENTRIES)
            if played.entries < STARTUP_ENTRIES:
                continue
            data = stamp_times(played.data, f"{seed}:startup")
            match = matchfile.prepare(json.loads(json.dumps(data)), None)
            replay = session.replay_match(match)
            for player in replay.to_act():
                for move, _effect in replay.legal_moves(player):
                    return data, player, match.game.format_move(move).split()
    raise RuntimeError(f"no simulated match of {', '.join(STARTUP_RULESETS)} reached {STARTUP_ENTRIES} "
                       "entries with a move due")


def cpu_of(cmd: list[str], env: dict[str, str], cwd: Path) -> tuple[int, float]:
    """(exit status, CPU seconds, user + system) of one command run to its end: what it cost,
    whatever else the machine ran meanwhile (its wall time on a shared machine measures that)."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return done.returncode, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def cpu_times(commands: dict[str, list[str]], runs: int, env: dict[str, str], cwd: Path) -> dict[str, float]:
    """Median CPU time of each command. The commands take turns run by run, so a burst of other
    work on the machine falls on all of them alike; one untimed run first warms caches and
    makes sure each command succeeds."""
    for name, cmd in commands.items():
        done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"{name} failed (exit status {done.returncode}): {done.stderr.strip()[:300]}")
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, cmd in commands.items():
            times[name].append(cpu_of(cmd, env, cwd)[1])
    return {name: statistics.median(values) for name, values in times.items()}


def measure_startup(settings: Settings, command: list[str], env: dict[str, str]) -> dict[str, Any]:
    """Part 1: the floor (`python -c pass`, `python -c "import json"`) beside board and move,
    and board on the demo match (matches/dice-demo.json, where a clone has it)."""
    data, player, words = startup_match(settings.seed)
    progress(f"start-up: {data['rules']['ruleset']} match of {len(data['entries'])} entries, "
             f"move `{player} {' '.join(words)}`; {settings.repeat} runs each")
    with tempfile.TemporaryDirectory(prefix="adjudicator-bench-") as tmp:
        folder = Path(tmp)
        write_match(folder / "match.json", data)
        commands = {
            "pass": [sys.executable, "-c", "pass"],
            "import json": [sys.executable, "-c", "import json"],
            "board": [*command, "board", "match.json"],
            "move": [*command, "move", "match.json", player, *words, "--dry-run", "--at", move_time(data)],
            "board png": [*command, "board", "match.json", "--format", "png", "-o", "board.png", "--force"],
        }
        if DEMO_MATCH.is_file():
            commands["board demo"] = [*command, "board", str(DEMO_MATCH)]
        medians = cpu_times(commands, settings.repeat, env, folder)
    return {"ruleset": data["rules"]["ruleset"], "entries": len(data["entries"]), "player": player,
            "move": " ".join(words), "runs": settings.repeat, "seconds": medians, "clock": "cpu",
            "board_ratio": medians["board"] / medians["import json"],
            "move_ratio": medians["move"] / medians["import json"],
            "png_ratio": medians["board png"] / medians["board"]}


def move_time(data: dict[str, Any]) -> str:
    """A time for the timed move: a few seconds after the last entry."""
    last = datetime.strptime(data["entries"][-1]["at"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
    return (last + timedelta(seconds=STAMP_STEPS[0])).strftime("%Y-%m-%dT%H:%M:%SZ")


# --- 2. Replay throughput per ruleset -------------------------------------------------------

def ruleset_ids() -> list[str]:
    from adjudicator import rulesets

    return [row["id"] for row in rulesets.list_rulesets()]


def simulate_corpus(folder: Path, per_ruleset: int, seed: int, jobs: int) -> dict[str, list[Path]]:
    """`per_ruleset` random matches of every ruleset, written once, as the files all three
    throughput measurements read."""
    from adjudicator import simulate

    corpus: dict[str, list[Path]] = {}
    for ruleset_id in ruleset_ids():
        out = folder / ruleset_id
        for _ in simulate.rows(ruleset_id, per_ruleset, seed=seed, out=out, jobs=jobs):
            pass   # each row is a match played and written
        corpus[ruleset_id] = sorted(out.glob("*.json"))
        stamp_folder(corpus[ruleset_id], seed)
    return corpus


def replay_signature(replay: Any) -> tuple[Any, ...]:
    """What a replay concluded, to compare one replay of a match with the next."""
    from adjudicator.wording import result_reason

    outcome = replay.outcome
    return (outcome.winner if outcome else None, outcome.termination if outcome else None, result_reason(replay),
            len(replay.flags), replay.last_seq, len(replay.log))


def each(step: Callable[[Any], Any], items: Iterable[Any]) -> None:
    """Run `step` on every item and drop each result before the next, as `check` does with one
    file's replay: a list of every replay kept alive would time the garbage collector walking
    all of them, which no command does."""
    for item in items:
        step(item)


def measure_ruleset(paths: list[Path], best: int, chess: Any = None, seed: str = "") -> dict[str, Any]:
    """Entries per second three ways on the same files: (a) json.load alone, the floor;
    (b) replay of LoadedMatch objects loaded beforehand (legality checks, no I/O, no schema);
    (c) reading entry by entry with JSON, schema and entry checks and replaying each entry as
    it is read (session.replay_streamed), as `check` does. With python-chess, (b) takes turns
    with python-chess playing random games of as many plies (measure_chess), so the two
    figures compared come from the same minutes of a shared machine.

    Replay must leave a LoadedMatch as it found it, or (b) would time something else on its
    second repetition: the file text and the replay's conclusion are compared before and after."""
    from adjudicator import matchfile, session

    def floor() -> None:
        for path in paths:
            with open(path, "rb") as fh:
                json.load(fh)

    matches = [matchfile.load(path) for path in paths]
    entries = sum(len(m.entries) for m in matches)
    before = [matchfile.dumps(m.data) for m in matches]
    first = [replay_signature(session.replay_match(m)) for m in matches]
    timed = {"replay": lambda: each(session.replay_match, matches),
             "check_replay": lambda: each(check_only_replay, matches)}
    reference = measure_chess(chess, entries, seed) if chess is not None else None
    if reference:
        timed["chess"] = reference.pop("play")
    fastest = in_turn(timed, best)
    replay_only, check_replay = fastest["replay"], fastest["check_replay"]
    if reference:
        reference.update(seconds=fastest["chess"], per_second=reference["plies"] / fastest["chess"])
    after = [matchfile.dumps(m.data) for m in matches]
    again = [replay_signature(session.replay_match(m)) for m in matches]
    if before != after or first != again:
        raise RuntimeError("replaying a LoadedMatch changed it or gave a different result the second time; "
                           "the replay-only figure would be wrong")
    full = best_of(lambda: each(session.replay_streamed, paths), best)
    json_only = best_of(floor, best)
    return {"matches": len(paths), "entries": entries, "longest": max((len(m.entries) for m in matches), default=0),
            "seconds": {"json": json_only, "replay": replay_only, "check_replay": check_replay, "load_replay": full},
            "per_second": {"json": entries / json_only, "replay": entries / replay_only,
                           "check_replay": entries / check_replay, "load_replay": entries / full},
            "chess": reference}


def check_only_replay(match: Any) -> Any:
    """The replay `check` runs: every legality check, flag, clock charge and
    outcome, but no narration and no log (engine.Replay(narrate=False, keep_log=False))."""
    from adjudicator.engine import Replay

    return Replay(match.game, keep_log=False, narrate=False).run(match.entries)


def in_turn(timed: dict[str, Callable[[], Any]], repeat: int) -> dict[str, float]:
    """The fastest of `repeat` runs of each function, in CPU seconds of this process (best_of),
    the functions taking turns run by run."""
    fastest = {name: float("inf") for name in timed}
    for _ in range(repeat):
        for name, fn in timed.items():
            fastest[name] = min(fastest[name], best_of(fn, 1))
    return fastest


def measure_throughput(settings: Settings) -> dict[str, Any]:
    """Part 2: every ruleset, single process, best of `settings.best_of`; python-chess (part 5)
    in turn with each ruleset's replay, on as many plies as it has entries."""
    chess, where = import_chess() if settings.chess else (None, "skipped")
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="adjudicator-bench-") as tmp:
        progress(f"throughput: simulating {settings.per_ruleset} random matches per ruleset")
        corpus = simulate_corpus(Path(tmp), settings.per_ruleset, settings.seed, settings.jobs)
        for ruleset_id, paths in corpus.items():
            results[ruleset_id] = measure_ruleset(paths, settings.best_of, chess, f"{settings.seed}:{ruleset_id}")
            rates = results[ruleset_id]["per_second"]
            progress(f"throughput: {ruleset_id}: {results[ruleset_id]['entries']} entries, "
                     f"replay {rates['replay']:,.0f}/s, check-only replay {rates['check_replay']:,.0f}/s, "
                     f"load+replay {rates['load_replay']:,.0f}/s")
    entries = sum(r["entries"] for r in results.values())
    total = {key: sum(r["seconds"][key] for r in results.values())
             for key in ("json", "replay", "check_replay", "load_replay")}
    return {"per_ruleset": results, "matches_per_ruleset": settings.per_ruleset, "best_of": settings.best_of,
            "all": {"entries": entries, "seconds": total,
                    "per_second": {key: entries / seconds for key, seconds in total.items()}},
            "chess": chess_total(chess, where, results)}


def chess_total(chess: Any, where: str, results: dict[str, Any]) -> dict[str, Any]:
    """python-chess over every ruleset's games together, or why it did not run."""
    if chess is None:
        return {"available": False, "reason": where}
    parts = [r["chess"] for r in results.values()]
    plies, seconds = sum(p["plies"] for p in parts), sum(p["seconds"] for p in parts)
    return {"available": True, "version": chess.__version__, "from": where, "games": sum(p["games"] for p in parts),
            "plies": plies, "seconds": seconds, "per_second": plies / seconds}


# --- 3. adjudicator check on many matches -----------------------------------------------------

def check_names(count: int, seed: int) -> dict[str, list[str]]:
    """File names of the check corpus by ruleset: all rulesets in turn, the simulator's own
    names (sim-RULESET-SEED-INDEX.json), so a folder can be checked for completeness."""
    ids = ruleset_ids()
    names: dict[str, list[str]] = {ruleset_id: [] for ruleset_id in ids}
    for n in range(count):
        ruleset_id = ids[n % len(ids)]
        names[ruleset_id].append(f"sim-{ruleset_id}-{seed}-{n // len(ids) + 1:05d}.json")
    return names


def check_corpus(settings: Settings) -> tuple[Path, list[str]]:
    """The cached folder of `check_matches` simulated matches, every ruleset round-robin, each
    cut at 200 entries (random Tug of War v2 matches are slow to simulate and a long Arrowbic
    one adds nothing that 200 entries do not show). A ruleset with a missing file is simulated
    again; the files are the same every time for a given count and seed."""
    from adjudicator import simulate

    folder = settings.cache / f"check-{settings.check_matches}-seed{settings.seed}-timed"
    names = check_names(settings.check_matches, settings.seed)
    for ruleset_id, files in names.items():
        if not files or all((folder / name).is_file() for name in files):
            continue
        progress(f"check: simulating {len(files)} {ruleset_id} matches into {folder} ({settings.jobs} processes)")
        for _ in simulate.rows(ruleset_id, len(files), seed=settings.seed, out=folder, jobs=settings.jobs,
                               max_entries=CHECK_MAX_ENTRIES):
            pass   # each row is a match played and written
        stamp_folder((folder / name for name in files), settings.seed)
    return folder, [name for files in names.values() for name in files]


def run_check(command: list[str], folder: Path, names: list[str], jobs: int, env: dict[str, str]) -> dict[str, Any]:
    """One timed `adjudicator check FILES... --jobs N` in the folder (short relative names keep
    10,000 arguments far below the system's limit), with its summary line as proof of work."""
    args = [*command, "check", *names, "--jobs", str(jobs)]
    limit = os.sysconf("SC_ARG_MAX") if hasattr(os, "sysconf") else 32_000
    if sum(len(a) + 1 for a in args) > limit // 2:
        raise RuntimeError(f"{len(names)} file names are too long a command line for this system")
    start = time.perf_counter()
    done = subprocess.run(args, cwd=folder, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    lines = done.stdout.strip().splitlines()
    return {"jobs": jobs, "seconds": seconds, "exit_status": done.returncode,
            "summary": lines[-1] if lines else done.stderr.strip()[:300]}


def measure_check(settings: Settings, command: list[str], env: dict[str, str]) -> dict[str, Any]:
    """Part 3: the same folder checked with --jobs 1 and --jobs 2."""
    folder, names = check_corpus(settings)
    entries = entries_in(folder / name for name in names)
    runs = []
    for jobs in (1, 2):
        progress(f"check: {len(names)} files, {entries} entries, --jobs {jobs}")
        run = run_check(command, folder, names, jobs, env)
        run["files_per_second"] = len(names) / run["seconds"]
        run["entries_per_second"] = entries / run["seconds"]
        progress(f"check: --jobs {jobs}: {run['seconds']:.1f} s ({run['summary']})")
        runs.append(run)
    return {"files": len(names), "entries": entries, "folder": str(folder), "runs": runs,
            "speedup": runs[0]["seconds"] / runs[1]["seconds"]}


# --- 4. Peak memory of checking one long match -----------------------------------------------

def resubmission_points(data: dict[str, Any]) -> list[int]:
    """Positions after which the same entry may legally be posted again: a sealed submission
    that leaves its phase open (G-3: a later submission replaces the earlier one)."""
    from adjudicator import matchfile, session
    from adjudicator.game import Phase

    match = matchfile.prepare(json.loads(json.dumps(data)), None)
    replay = session.new_replay(match)
    points = []
    for position, entry in enumerate(match.entries):
        due = replay.pending()
        log = replay.step(entry)
        if (isinstance(due, Phase) and entry["type"] == "move" and log.flag is None
                and replay.pending() == due and entry["player"] in replay.sealed):
            points.append(position)
    return points


def long_match(size: int, seed: int, one_phase: bool = False) -> dict[str, Any]:
    """A Winning Streak match of exactly `size` entries. No ruleset's random matches come near
    10,000 entries, so a simulated match is stretched the way a real one grows when players
    keep changing their minds: some sealed submissions are posted again, unchanged, spread
    evenly over the match, or (`one_phase`) all in the first phase that allows it, which then
    stays open for all of them. Every extra entry is legal (G-3) and the result is unchanged."""
    from adjudicator import simulate

    base = stamp_times(simulate.play(MEMORY_RULESET, 1, seed=seed).data, f"{seed}:long")
    entries = base["entries"]
    if size <= len(entries):
        return {**base, "entries": entries[:size]}
    points = resubmission_points(base)[:1 if one_phase else None]
    if not points:
        raise RuntimeError(f"the {MEMORY_RULESET} match has no sealed submission to post again")
    extra = size - len(entries)
    copies = [extra // len(points) + (n < extra % len(points)) for n in range(len(points))]
    repeat_after = dict(zip(points, copies))
    stretched = []
    for position, entry in enumerate(entries):
        stretched.append(entry)
        stretched.extend(entry for _ in range(repeat_after.get(position, 0)))
    renumbered = [{**entry, "seq": seq} for seq, entry in enumerate(stretched, start=1)]
    return {**base, "entries": renumbered}


RSS_HELPER = """\
import resource, subprocess, sys
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(done.returncode, rss * (1 if sys.platform == "darwin" else 1024))
"""


def peak_rss(cmd: list[str], env: dict[str, str], cwd: Path) -> tuple[int, int]:
    """(exit status, peak resident bytes) of `cmd`, read by a fresh helper process from
    getrusage(RUSAGE_CHILDREN): the helper's only child is the command, so the figure is its own."""
    done = subprocess.run([sys.executable, "-c", RSS_HELPER, *cmd], cwd=cwd, env=env,
                          capture_output=True, text=True, check=True)
    status, rss = done.stdout.split()
    return int(status), int(rss)


def layout_text(data: dict[str, Any], layout: str) -> str:
    """The match as text in one of MEMORY_LAYOUTS: the tool's own (matchfile.dumps), or as
    another tool may write valid JSON: all on one line, or pretty-printed with an indent of 2."""
    from adjudicator import matchfile

    if layout == MEMORY_LAYOUTS[0]:
        return matchfile.dumps(data)
    return json.dumps(data) if layout == MEMORY_LAYOUTS[1] else json.dumps(data, indent=2)


def measure_memory(settings: Settings, command: list[str], env: dict[str, str]) -> dict[str, Any]:
    """Part 4: max RSS of `adjudicator check FILE` on matches of each size in each layout (median
    of a few runs), beside `python -c "import json"`. The match is stretched by resubmissions in
    one open phase (long_match, one_phase): the phase stays open for all of them. The files are
    checked in-process first, so a figure is never that of a refused file."""
    from adjudicator import check

    try:
        import resource  # noqa: F401
    except ImportError:
        return {"available": False, "reason": "the resource module is not available on this system"}
    rows = []
    with tempfile.TemporaryDirectory(prefix="adjudicator-bench-") as tmp:
        folder = Path(tmp)
        floor = statistics.median(peak_rss([sys.executable, "-c", "import json"], env, folder)[1]
                                  for _ in range(settings.memory_runs))
        for size in settings.memory_sizes:
            data = long_match(size, settings.seed, one_phase=True)
            for number, layout in enumerate(MEMORY_LAYOUTS):
                path = folder / f"{MEMORY_RULESET}-{size}-{number}.json"
                path.write_text(layout_text(data, layout), encoding="utf-8")
                verdict = check.check_file(str(path))
                if verdict["verdict"] != "ok" or verdict["entries"] != size:
                    raise RuntimeError(f"the {size}-entry match ({layout}) does not check ok: "
                                       f"{verdict['problems'][:1]}")
                progress(f"memory: adjudicator check on {size} entries, {layout}")
                runs = [peak_rss([*command, "check", path.name], env, folder) for _ in range(settings.memory_runs)]
                if any(status != 0 for status, _ in runs):
                    raise RuntimeError(f"adjudicator check failed on the {size}-entry match ({layout})")
                rows.append({"layout": layout, "entries": size, "bytes": statistics.median(rss for _, rss in runs),
                             "status": verdict["status"], "size_bytes": path.stat().st_size})
                path.unlink()
    return {"available": True, "ruleset": MEMORY_RULESET, "floor_bytes": floor, "one_phase": True, "sizes": rows}


# --- 5. python-chess, for reference --------------------------------------------------------

def import_chess() -> tuple[Any, str]:
    """python-chess, installed into benchmarks/.deps when missing: a benchmark-only reference,
    never a dependency of the package. (None, why) when it cannot be had."""
    try:
        import chess.pgn
        return chess, "installed"
    except ImportError:
        pass
    if str(DEPS) not in sys.path:
        sys.path.insert(0, str(DEPS))
    try:
        import chess.pgn
        return chess, "benchmarks/.deps"
    except ImportError:
        pass
    progress("python-chess: installing into benchmarks/.deps")
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                           "--target", str(DEPS), "chess"], capture_output=True, text=True)
    if done.returncode != 0:
        return None, "not available (install failed)"
    import importlib

    importlib.invalidate_caches()
    try:
        import chess.pgn
        return chess, "benchmarks/.deps"
    except ImportError:
        return None, "not available (install failed)"


def random_games(chess: Any, plies: int, seed: Any) -> tuple[str, int, int]:
    """PGN text of random legal games (up to 150 plies each, the last one cut short) of `plies`
    plies in all: as many moves as the replay corpus they are compared with has entries."""
    import chess.pgn

    rnd = random.Random(f"adjudicator-bench-chess:{seed}")
    texts, total = [], 0
    while total < plies:
        text, played = random_game(chess, min(CHESS_MAX_PLIES, plies - total), rnd)
        texts.append(text)
        total += played
    return "\n\n".join(texts) + "\n", len(texts), total


def random_game(chess: Any, plies: int, rnd: random.Random) -> tuple[str, int]:
    """The PGN text of one random legal game of `plies` plies, or fewer where it ends first,
    and how many it has."""
    import chess.pgn

    board = chess.Board()
    while not board.is_game_over() and board.ply() < plies:
        board.push(rnd.choice(list(board.legal_moves)))
    return str(chess.pgn.Game.from_board(board)), board.ply()


def measure_chess(chess: Any, plies: int, seed: str) -> dict[str, Any]:
    """Part 5, in this process: random legal games of `plies` plies in all as one PGN text, and
    `play`, what is timed: `chess.pgn.read_game` on every game (which parses each SAN move
    against the position, i.e. checks its legality, and plays it on the reader's board), then
    pushing the mainline moves on a fresh board (`board.push`, no further check). Game
    generation and PGN export are not timed."""
    text, games, total = random_games(chess, plies, seed)

    def play() -> int:
        return read_and_play(chess, text)

    if play() != total:
        raise RuntimeError("python-chess read back a different number of moves than it wrote")
    return {"games": games, "plies": total, "play": play}


def read_and_play(chess: Any, text: str) -> int:
    """Read every game of a PGN text with python-chess and push its moves; the moves played."""
    import chess.pgn

    stream, moves = io.StringIO(text), 0
    while (game := chess.pgn.read_game(stream)) is not None:
        if game.errors:
            raise RuntimeError(f"python-chess found an illegal move in its own game: {game.errors[0]}")
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
            moves += 1
    return moves


CHESS_PROCESS = """\
import os, sys
import chess.pgn
folder, moves = sys.argv[1], 0
for name in sorted(os.listdir(folder)):
    with open(os.path.join(folder, name), encoding="utf-8") as fh:
        game = chess.pgn.read_game(fh)
    if game is None or game.errors:
        sys.exit(f"{name}: not a legal game")
    board = game.board()
    for move in game.mainline_moves():
        board.push(move)
        moves += 1
print(moves)
"""


def chess_files(chess: Any, settings: Settings, lengths: list[int]) -> Path:
    """A folder of PGN files, one per match of the check corpus, each a random legal game of as
    many plies as that match has entries (fewer where the game ends first). Cached beside the
    check corpus; the same files every time for a count and seed."""
    folder = settings.cache / f"chess-{len(lengths)}-seed{settings.seed}"
    names = [f"game-{number:05d}.pgn" for number in range(1, len(lengths) + 1)]
    if not all((folder / name).is_file() for name in names):
        progress(f"python-chess: writing {len(names)} PGN files into {folder}")
        folder.mkdir(parents=True, exist_ok=True)
        rnd = random.Random(f"adjudicator-bench-chess-files:{settings.seed}")
        for name, plies in zip(names, lengths):
            (folder / name).write_text(random_game(chess, plies, rnd)[0] + "\n", encoding="utf-8")
    return folder


def measure_processes(settings: Settings, command: list[str], env: dict[str, str]) -> dict[str, Any]:
    """Part 5, whole processes: `adjudicator check --jobs 1` on the check corpus beside a Python
    process reading as many PGN files (one game each, as long as each match) and pushing every
    move, CPU time, the two in turn run by run, medians. Both pay their start-up once."""
    if not settings.chess:
        return {"available": False, "reason": "skipped"}
    chess, where = import_chess()
    if chess is None:
        return {"available": False, "reason": where}
    folder, names = check_corpus(settings)
    lengths = [len(json.loads((folder / name).read_bytes())["entries"]) for name in names]
    pgn_folder = chess_files(chess, settings, lengths)
    found_in = str(Path(chess.__file__).resolve().parent.parent)   # site-packages or benchmarks/.deps
    chess_env = {**env, "PYTHONPATH": os.pathsep.join(p for p in (found_in, env.get("PYTHONPATH")) if p)}
    ours = [*command, "check", *names, "--jobs", "1"]
    theirs = [sys.executable, "-c", CHESS_PROCESS, str(pgn_folder)]
    done = subprocess.run(theirs, cwd=folder, env=chess_env, capture_output=True, text=True)
    if done.returncode != 0 or not done.stdout.strip().isdigit():
        raise RuntimeError(f"the python-chess process failed: {(done.stderr or done.stdout).strip()[:300]}")
    plies = int(done.stdout)   # every move it read and pushed
    progress(f"processes: check {len(names)} files ({sum(lengths):,} entries) beside python-chess on "
             f"{len(names)} PGN files ({plies:,} plies), {settings.process_runs} runs each")
    times: dict[str, list[float]] = {"check": [], "chess": []}
    for _ in range(settings.process_runs):
        for name, cmd, cmd_env in (("check", ours, env), ("chess", theirs, chess_env)):
            status, seconds = cpu_of(cmd, cmd_env, folder)
            if status != 0:
                raise RuntimeError(f"the {name} process failed (exit status {status})")
            times[name].append(seconds)
    seconds = {name: statistics.median(values) for name, values in times.items()}
    return {"available": True, "version": chess.__version__, "files": len(names), "entries": sum(lengths),
            "plies": plies, "runs": settings.process_runs, "seconds": seconds,
            "ratio": seconds["chess"] / seconds["check"]}


# --- 6. paste and page at n and 2n -----------------------------------------------------------

def scaling_module() -> ModuleType:
    """benchmarks/scaling.py, beside this script (a script too, not part of the package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("benchmarks_scaling", HERE / "scaling.py")
    if spec is None or spec.loader is None:
        raise RuntimeError(f"cannot load {HERE / 'scaling.py'}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def measure_scaling(settings: Settings) -> dict[str, Any]:
    """Part 6: every scenario of benchmarks/scaling.py at n and 2n (its `measure()`: CPU time of
    each command in a process of its own, interleaved, medians)."""
    scaling = scaling_module()
    small, large = settings.scaling_sizes
    progress(f"scaling: every scenario of benchmarks/scaling.py at n = {small:,} and {large:,}, "
             f"{settings.scaling_runs} runs each")
    measured = scaling.measure(settings.scaling_sizes, settings.scaling_runs)
    return {"sizes": list(settings.scaling_sizes), "runs": settings.scaling_runs, "target": scaling.TARGET_RATIO,
            "scenarios": {name: {"seconds": list(pair), "ratio": pair[1] / pair[0]}
                          for name, pair in measured.items()}}


# --- The table -------------------------------------------------------------------------------

def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms"


def rate(value: float) -> str:
    return f"{value:,.0f}"


def mib(value: float) -> str:
    return f"{value / 2**20:,.1f} MiB"


def times(factor: float) -> str:
    """2.3×, or 1.05× where one decimal would round a near miss to 1.0×."""
    return f"{factor:.2f}×" if factor < 2 else f"{factor:.1f}×"


def verdict(met: bool, miss: str) -> str:
    return "met" if met else f"missed, {miss}"


def at_least(value: float, target: float, issue: int = 16) -> str:
    """A higher-is-better target: met, or missed by how many times."""
    return f"≥ {target:,.0f} ({issue}): " + verdict(value >= target, f"{times(target / value)} short")


def at_least_chess(ratio: float, target: float) -> str:
    """Issue 28's replay target: at least `target` × python-chess."""
    return f"≥ {target:g}× python-chess (28): " + verdict(ratio >= target, f"{times(target / ratio)} short")


def at_most_floor(ratio: float) -> str:
    """The start-up target: at most TARGET_BOARD_RATIO × `python -c "import json"`."""
    return f"≤ {TARGET_BOARD_RATIO:.0f}× floor (16): " + verdict(ratio <= TARGET_BOARD_RATIO,
                                                                 f"{times(ratio / TARGET_BOARD_RATIO)} too slow")


def header_line(info: dict[str, Any]) -> str:
    return (f"Measured {info['date']} · Python {info['python']} · {info['cpus']} CPUs "
            f"(load average {info['load']} at start) · {info['platform']} · adjudicator {info['version']} "
            f"from `{info['package']}` · commands run as {info['command']}, bytecode cache warm")


def longest_note(results: dict[str, Any]) -> str:
    """How long the random matches of the replay measurement got: none comes near the largest
    memory size, hence the stretched matches."""
    through = results.get("throughput")
    if not through:
        return ""
    longest_id, longest = max(((rid, r["longest"]) for rid, r in through["per_ruleset"].items()),
                              key=lambda pair: pair[1])
    return f"longest random match above: {longest:,}, {longest_id}"


def startup_rows(start: dict[str, Any]) -> list[list[str]]:
    s = start["seconds"]
    what = f"{start['ruleset']}, {start['entries']} entries"
    floor = f"`python -c \"import json\"` {ms(s['import json'])}"
    rows = [
        ["`python -c pass` (start-up floor, CPU time)", ms(s["pass"]), "", ""],
        ["`python -c \"import json\"` (start-up floor, CPU time)", ms(s["import json"]), "", ""],
        [f"`adjudicator board` ({what})", f"{ms(s['board'])} = {start['board_ratio']:.1f}× floor", floor,
         at_most_floor(start["board_ratio"])],
        [f"`adjudicator move {start['player']} {start['move']} --dry-run` (same match)",
         f"{ms(s['move'])} = {start['move_ratio']:.1f}× floor", floor, at_most_floor(start["move_ratio"])],
    ]
    if "board demo" in s:
        ratio = s["board demo"] / s["import json"]
        rows.append(["`adjudicator board matches/dice-demo.json` (the demo match)", f"{ms(s['board demo'])} = "
                     f"{ratio:.1f}× floor", floor, at_most_floor(ratio)])
    ratio = start["png_ratio"]
    rows.append(["`adjudicator board --format png -o board.png` (the 200-entry match)",
                 f"{ms(s['board png'])} = {ratio:.1f}× the text board", f"`adjudicator board` {ms(s['board'])}",
                 f"≤ {TARGET_PICTURE_RATIO:g}× the text board (18): "
                 + verdict(ratio <= TARGET_PICTURE_RATIO, f"{times(ratio / TARGET_PICTURE_RATIO)} too slow")])
    return rows


def replay_kind_rows(per: dict[str, Any], whole: dict[str, Any], chess: dict[str, Any] | None, key: str,
                     label: str, replay_result: Callable[[float, float | None], str],
                     targets: Callable[[float, float | None, bool], str],
                     ratio: Callable[[float, dict[str, Any] | None], float | None]) -> list[list[str]]:
    """A row per ruleset, the slowest and all together, for one kind of replay (`key`)."""
    def of(ruleset_id: str) -> tuple[float, float | None]:
        value = per[ruleset_id]["per_second"][key]
        return value, ratio(value, per[ruleset_id].get("chess"))

    rows = []
    for ruleset_id, r in per.items():
        value, by = of(ruleset_id)
        compare = f"`json.load` alone: {rate(r['per_second']['json'])} entries/s"
        if by is not None:
            compare += f"; python-chess on {r['chess']['plies']:,} plies: {rate(r['chess']['per_second'])} moves/s"
        rows.append([f"{label}: {ruleset_id} ({r['matches']} matches, {r['entries']:,} entries)",
                     replay_result(value, by), compare, targets(value, by, True)])
    with_chess = any(r.get("chess") for r in per.values()) and bool(chess and chess.get("available"))
    slowest = min(per, key=lambda rid: of(rid)[1] if with_chess else of(rid)[0])
    value, by = of(slowest)
    rows.append([f"{label}: the slowest ruleset ({slowest})", replay_result(value, by), "",
                 targets(value, by, True)])
    value = whole["per_second"][key]
    by = ratio(value, chess)
    compare = f"`json.load` alone: {rate(whole['per_second']['json'])} entries/s"
    if by is not None and chess:
        compare += f"; python-chess on {chess['plies']:,} plies: {rate(chess['per_second'])} moves/s"
    rows.append([f"{label}: all rulesets ({whole['entries']:,} entries)", replay_result(value, by), compare,
                 targets(value, by, False)])
    return rows


def throughput_rows(through: dict[str, Any], chess: dict[str, Any] | None) -> list[list[str]]:
    """Replay per ruleset and over all, against issue 16's rates and issue 28's python-chess
    ratios (when python-chess ran: each ruleset against its own games, timed in turn with it);
    then load + schema + replay."""
    per, whole = through["per_ruleset"], through["all"]
    with_chess = bool(chess and chess.get("available"))

    def ratio(value: float, reference: dict[str, Any] | None) -> float | None:
        return value / reference["per_second"] if with_chess and reference else None

    def replay_result(value: float, by: float | None) -> str:
        return f"{rate(value)} entries/s" + (f" = {by:.2f}× python-chess" if by is not None else "")

    def targets(value: float, by: float | None, each: bool) -> str:
        shown = [at_least(value, TARGET_REPLAY_EACH if each else TARGET_REPLAY)]
        if by is not None:
            shown.insert(0, at_least_chess(by, TARGET_CHESS_RATIO_EACH if each else TARGET_CHESS_RATIO))
        return "; ".join(shown)

    rows = []
    for key, label in (("replay", "replay (narrated, log kept: board, replay, page)"),
                       ("check_replay", "check-only replay (no narration, no log: check)")):
        rows += replay_kind_rows(per, whole, chess, key, label, replay_result, targets, ratio)
    for ruleset_id, r in per.items():
        rows.append([f"load + schema checks + replay: {ruleset_id} ({r['matches']} matches, {r['entries']:,} entries)",
                     f"{rate(r['per_second']['load_replay'])} entries/s",
                     f"`json.load` alone: {rate(r['per_second']['json'])} entries/s", ""])
    value = whole["per_second"]["load_replay"]
    by = ratio(value, chess)
    rows.append([f"load + schema checks + replay: all rulesets ({whole['entries']:,} entries)",
                 replay_result(value, by), f"`json.load` alone: {rate(whole['per_second']['json'])} entries/s",
                 at_least(value, TARGET_LOAD_REPLAY)])
    return rows


def check_rows(checked: dict[str, Any]) -> list[list[str]]:
    rows = []
    for run in checked["runs"]:
        compare = run["summary"]
        if run["jobs"] == 2:
            compare = f"speed-up over `--jobs 1`: {checked['speedup']:.2f}×"
            if run["summary"] != checked["runs"][0]["summary"]:
                compare += f" ({run['summary']})"
        rows.append([f"`adjudicator check` {checked['files']:,} matches ({checked['entries']:,} entries), "
                     f"`--jobs {run['jobs']}`, wall time",
                     f"{run['seconds']:,.1f} s: {rate(run['files_per_second'])} files/s, "
                     f"{rate(run['entries_per_second'])} entries/s", compare,
                     at_least(run["entries_per_second"], TARGET_CHECK) if run["jobs"] == 1 else ""])
    return rows


def process_rows(processes: dict[str, Any]) -> list[list[str]]:
    """Whole processes, CPU time: `check --jobs 1` against python-chess on as many files."""
    if not processes["available"]:
        return [["whole process: `adjudicator check --jobs 1` beside python-chess", "not measured",
                 processes["reason"], ""]]
    s, ratio = processes["seconds"], processes["ratio"]
    return [[f"whole process, CPU time: `adjudicator check --jobs 1` on {processes['files']:,} matches "
             f"({processes['entries']:,} entries)",
             f"{s['check']:,.2f} s; python-chess ÷ check: {ratio:.2f}×",
             f"python-chess {processes['version']}, one process reading {processes['files']:,} PGN files "
             f"({processes['plies']:,} plies) and pushing every move: {s['chess']:,.2f} s; in turn, "
             f"median of {processes['runs']}",
             f"≥ {TARGET_CHESS_PROCESS:g}× python-chess (28): "
             + verdict(ratio >= TARGET_CHESS_PROCESS, f"{times(TARGET_CHESS_PROCESS / ratio)} short")]]


def memory_rows(memory: dict[str, Any], results: dict[str, Any]) -> list[list[str]]:
    """One row per layout: the largest match's peak beside the smallest's."""
    if not memory["available"]:
        return [["peak memory, `adjudicator check`", "not measured", memory["reason"], ""]]
    rows = []
    for layout in MEMORY_LAYOUTS:
        sizes = [row for row in memory["sizes"] if row["layout"] == layout]
        first, last = sizes[0], sizes[-1]
        growth = last["bytes"] - first["bytes"]
        notes = [f"{row['entries']:,} entries: {mib(row['bytes'])}" for row in sizes]
        notes.append(f"`python -c \"import json\"` {mib(memory['floor_bytes'])}")
        if layout == MEMORY_LAYOUTS[0]:
            notes.append(f"stretched by G-3 resubmissions ({longest_note(results)})" if longest_note(results)
                         else "stretched by G-3 resubmissions")
        rows.append([f"peak memory, `adjudicator check` one {memory['ruleset']} match of {last['entries']:,} "
                     f"entries, resubmissions in one open phase, {layout} ({last['size_bytes'] / 1024:,.0f} KiB "
                     "file)", f"{mib(last['bytes'])}: {'+' if growth >= 0 else '−'}{mib(abs(growth))} over "
                     f"{first['entries']:,} entries", "; ".join(notes),
                     f"≤ {first['entries']:,} entries + {TARGET_MEMORY_MIB:.0f} MiB (28): "
                     + verdict(growth <= TARGET_MEMORY_MIB * 2**20,
                               f"by {mib(growth - TARGET_MEMORY_MIB * 2**20)}")])
    return rows


def chess_rows(chess: dict[str, Any], through: dict[str, Any] | None) -> list[list[str]]:
    if not (chess["available"] and through):
        return [["python-chess", "not available" if chess.get("reason") != "skipped" else "skipped",
                 chess.get("reason", ""), ""]]
    ours = through["all"]["per_second"]["replay"]
    checking = through["all"]["per_second"]["check_replay"]
    return [[f"python-chess {chess['version']}: `read_game` + `push`, {chess['games']} random games, "
             f"{chess['plies']:,} plies (each ruleset's number of entries)", f"{rate(chess['per_second'])} moves/s",
             f"our replay ÷ python-chess: {ours / chess['per_second']:.2f}× narrated, "
             f"{checking / chess['per_second']:.2f}× check-only (the replay rows above, each timed in turn with "
             "its own games)", ""]]


def scaling_rows(scaled: dict[str, Any]) -> list[list[str]]:
    """A row per scenario of benchmarks/scaling.py; the target holds at n = 1,000 only."""
    small, large = scaled["sizes"]
    rows = []
    for name, figures in scaled["scenarios"].items():
        at_n, at_2n = figures["seconds"]
        ratio = figures["ratio"]
        target = f"≤ {scaled['target']:g} at n = {TARGET_SCALING_N:,} (28): "
        target += (verdict(ratio <= scaled["target"], f"{ratio / scaled['target']:.2f}× over")
                   if small == TARGET_SCALING_N else f"not this n ({small:,})")
        rows.append([f"`{name}` scaling, n = {small:,} and {large:,} (benchmarks/scaling.py)",
                     f"{at_n:,.2f} s and {at_2n:,.2f} s: ratio {ratio:.2f}",
                     f"CPU time of each run in a process of its own, sizes in turn, median of {scaled['runs']}",
                     target])
    return rows


def golden_row() -> list[str]:
    return ["golden outputs (every command on the example and simulated matches)", "not run here",
            "`python scripts/golden.py record DIR --per-ruleset 2 --jobs 1` before and after a change, "
            "then `diff -r`", "unchanged (28)"]


def table_rows(results: dict[str, Any]) -> list[list[str]]:
    """Rows of the one table: measure, result, what to compare it with, target (and its issue)."""
    rows: list[list[str]] = []
    through, chess = results.get("throughput"), results.get("chess")
    if results.get("startup"):
        rows += startup_rows(results["startup"])
    if through:
        rows += throughput_rows(through, chess)
    if chess is not None:
        rows += chess_rows(chess, through)
    if results.get("check"):
        rows += check_rows(results["check"])
    if results.get("processes"):
        rows += process_rows(results["processes"])
    if results.get("memory"):
        rows += memory_rows(results["memory"], results)
    if results.get("scaling"):
        rows += scaling_rows(results["scaling"])
    rows.append(golden_row())
    return rows


def render(results: dict[str, Any]) -> str:
    """The header line and the GitHub-style Markdown table, ready to paste into docs/speed.md."""
    from tabulate import tabulate

    table = tabulate(table_rows(results), headers=["measure", "result", "for comparison", "target"],
                     tablefmt="github", disable_numparse=True)
    return header_line(results["machine"]) + "\n\n" + table + "\n"


# --- Running it ------------------------------------------------------------------------------

def machine_info(package: Any, command_text: str) -> dict[str, Any]:
    load = f"{os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else "unknown"
    return {"date": date.today().isoformat(), "python": platform.python_version(), "cpus": os.cpu_count(),
            "load": load, "platform": f"{platform.system()} {platform.machine()}", "version": package_version(),
            "package": str(Path(package.__file__).resolve().parent), "command": command_text}


def parse_args(argv: list[str] | None) -> tuple[Settings, argparse.Namespace]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true",
                        help="small counts for a smoke test: 5 runs, 10 matches per ruleset, 200 check matches, "
                             "memory up to 10,000 entries, one run of each whole process and memory figure, paste and "
                             "page at n = 100 and 200 once")
    parser.add_argument("--repeat", type=int, help="start-up runs per command, median (default 15)")
    parser.add_argument("--per-ruleset", type=int, help="simulated matches per ruleset for throughput (default 40)")
    parser.add_argument("--check-matches", type=int, help="matches for `adjudicator check` (default 1500)")
    parser.add_argument("--seed", type=int, default=1, help="seed of every simulated match (default 1)")
    parser.add_argument("--no-chess", action="store_true", help="skip the python-chess references")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also save the raw numbers as JSON")
    args = parser.parse_args(argv)
    settings = Settings(seed=args.seed, chess=not args.no_chess)
    if args.quick:
        settings.repeat, settings.per_ruleset, settings.check_matches = 5, 10, 200
        settings.memory_sizes = (100, 1_000, 10_000)
        settings.memory_runs, settings.process_runs = 1, 1
        settings.scaling_sizes, settings.scaling_runs = (100, 200), 1
    for name in ("repeat", "per_ruleset", "check_matches"):
        value = getattr(args, name)
        if value is not None:
            if value < 1:
                parser.error(f"--{name.replace('_', '-')} must be at least 1")
            setattr(settings, name, value)
    return settings, args


def run_all(settings: Settings, command: list[str], env: dict[str, str]) -> dict[str, Any]:
    """All six measurements, in the order of the table."""
    results: dict[str, Any] = {}
    results["startup"] = measure_startup(settings, command, env)
    results["throughput"] = measure_throughput(settings)
    results["chess"] = results["throughput"].pop("chess")
    results["check"] = measure_check(settings, command, env)
    results["processes"] = measure_processes(settings, command, env)
    results["memory"] = measure_memory(settings, command, env)
    results["scaling"] = measure_scaling(settings)
    return results


def main(argv: list[str] | None = None) -> int:
    settings, args = parse_args(argv)
    package = require_adjudicator()
    command, command_text = adjudicator_command()
    settings.cache.mkdir(parents=True, exist_ok=True)
    env = child_env(settings.cache)
    info = machine_info(package, command_text)
    progress(header_line(info))
    results = run_all(settings, command, env)
    results["machine"] = info
    results["settings"] = {"repeat": settings.repeat, "per_ruleset": settings.per_ruleset,
                           "best_of": settings.best_of, "check_matches": settings.check_matches,
                           "memory_sizes": list(settings.memory_sizes), "process_runs": settings.process_runs,
                           "scaling_sizes": list(settings.scaling_sizes), "scaling_runs": settings.scaling_runs,
                           "seed": settings.seed}
    results["run_seconds"] = time.perf_counter() - _STARTED
    sys.stdout.write(render(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, default=str) + "\n", encoding="utf-8")
    progress(f"done in {results['run_seconds'] / 60:.1f} min")
    return 0


if __name__ == "__main__":
    sys.exit(main())
