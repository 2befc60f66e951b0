"""Where does replay spend its time, ruleset by ruleset? (the rules hot paths)

    python benchmarks/profile_replay.py                    # 20 matches a ruleset, top 15 functions
    python benchmarks/profile_replay.py -r tug-of-war-v1   # one ruleset (repeatable)
    python benchmarks/profile_replay.py --top 25 --per-ruleset 40
    python benchmarks/profile_replay.py --sort cumtime      # with what each function calls
    python benchmarks/profile_replay.py --corpus DIR       # simulate into DIR once, reuse it later
    python benchmarks/profile_replay.py --corpus DIR --time-only   # no profile: CPU times only
    python benchmarks/profile_replay.py --chess --repeat 9  # beside python-chess, interleaved

What is measured is what `benchmarks/run.py` calls replay (measure_ruleset): the replay of
matches already loaded (session.replay_match: every legality check, no I/O, no schema), on
random simulated matches whose entries are stamped with times (run.stamp_times), so the clock
runs as in a hosted match. For each ruleset it prints entries/s (the median CPU time of
`--repeat` replays of every match) and, unless `--time-only`, the top functions of a
cProfile run by their own time (tottime), after the share of each source file (the game's
modules against the engine's). With `--chess` it profiles nothing and times every ruleset
and python-chess in turn, round by round (the issue's target: every ruleset at least 1.3×
python-chess, 2× over all), python-chess as benchmarks/run.py gets it.

The corpus is the same for a given `--per-ruleset` and `--seed`: to compare two versions of
the code, simulate it once into `--corpus DIR`, then run this script with each version on
PYTHONPATH in turn (interleaved, several times) and compare the medians.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import io
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def bench_run() -> Any:
    """benchmarks/run.py as a module, for its corpus and time stamps (one corpus for both)."""
    spec = importlib.util.spec_from_file_location("bench_run", HERE / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_run"] = module   # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def corpus_in(folder: Path, per_ruleset: int, seed: int) -> dict[str, list[Path]]:
    """The simulated matches by ruleset: those already in `folder` (one subfolder a ruleset,
    as run.simulate_corpus writes them), else simulated there now."""
    run = bench_run()
    ids = run.ruleset_ids()
    if all(sorted((folder / ruleset_id).glob("*.json")) for ruleset_id in ids):
        return {ruleset_id: sorted((folder / ruleset_id).glob("*.json")) for ruleset_id in ids}
    run.progress(f"simulating {per_ruleset} matches per ruleset into {folder}")
    return run.simulate_corpus(folder, per_ruleset, seed, jobs=1)


def replay_all(matches: list[Any]) -> None:
    from adjudicator import session

    for match in matches:
        session.replay_match(match)


def cpu_median(matches: list[Any], repeat: int) -> float:
    """Median CPU seconds of replaying every match, over `repeat` runs."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        replay_all(matches)
        times.append(time.process_time() - start)
    return statistics.median(times)


def profiled(matches: list[Any]) -> pstats.Stats:
    """cProfile's figures for one replay of every match."""
    profile = cProfile.Profile()
    profile.enable()
    replay_all(matches)
    profile.disable()
    return pstats.Stats(profile, stream=io.StringIO())


def top_functions(stats: pstats.Stats, top: int, order: str = "tottime") -> str:
    """The `top` functions by own time (or `order`: cumtime), cProfile's table."""
    out = io.StringIO()
    stats.stream = out   # type: ignore[attr-defined]
    stats.sort_stats(order).print_stats(top)
    lines = out.getvalue().splitlines()
    start = next((i for i, line in enumerate(lines) if "ncalls" in line), 0)
    return "\n".join(lines[start:])


def by_module(stats: pstats.Stats) -> str:
    """Own time summed by source file (adjudicator's modules by their path in the package,
    the rest as "other"): says whether a ruleset's time goes to its game or to the engine."""
    totals: dict[str, float] = {}
    for (filename, _line, _name), row in stats.stats.items():   # type: ignore[attr-defined]
        own = row[2]
        marker = filename.rfind("adjudicator/")
        key = filename[marker + len("adjudicator/"):] if marker >= 0 else "other"
        totals[key] = totals.get(key, 0.0) + own
    whole = sum(totals.values()) or 1.0
    ranked = sorted(totals.items(), key=lambda kv: -kv[1])
    return "  ".join(f"{name} {100 * own / whole:.0f}%" for name, own in ranked if own / whole >= 0.01)


def report(ruleset_id: str, paths: list[Path], args: argparse.Namespace) -> None:
    from adjudicator import matchfile

    matches = [matchfile.load(path) for path in paths]
    entries = sum(len(m.entries) for m in matches)
    replay_all(matches)   # warm: imports and caches out of the timing
    seconds = cpu_median(matches, args.repeat)
    print(f"{ruleset_id}: {len(matches)} matches, {entries:,} entries, "
          f"{seconds:.3f} s CPU, {entries / seconds:,.0f} entries/s", flush=True)
    if not args.time_only:
        stats = profiled(matches)
        print("own time by file:", by_module(stats))
        print(top_functions(stats, args.top, args.sort), "\n", flush=True)


def beside_chess(corpus: dict[str, list[Path]], rounds: int) -> None:
    """Every ruleset's replay and python-chess (run.py's reference: `read_game` + `push` on
    as many plies as the corpus has entries) timed in turn, round by round, so a busy machine
    slows all of them alike; CPU medians and each ruleset's ratio (issue 28: at least 1.3×
    for every ruleset, 2× over all)."""
    from adjudicator import matchfile

    run = bench_run()
    chess, where = run.import_chess()
    if chess is None:
        print(f"python-chess: {where}")
        return
    import chess.pgn

    sets = {ruleset_id: [matchfile.load(path) for path in paths] for ruleset_id, paths in corpus.items()}
    sizes = {ruleset_id: sum(len(m.entries) for m in matches) for ruleset_id, matches in sets.items()}
    text, _games, plies = run.random_games(chess, sum(sizes.values()), 1)

    def play_chess() -> None:
        stream = io.StringIO(text)
        while (game := chess.pgn.read_game(stream)) is not None:
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)

    jobs: dict[str, Any] = {"python-chess": play_chess}
    jobs.update({ruleset_id: (lambda matches=matches: replay_all(matches)) for ruleset_id, matches in sets.items()})
    times: dict[str, list[float]] = {name: [] for name in jobs}
    for name, job in jobs.items():
        job()   # warm
    for _ in range(rounds):
        for name, job in jobs.items():
            start = time.process_time()
            job()
            times[name].append(time.process_time() - start)
    chess_rate = plies / statistics.median(times["python-chess"])
    print(f"python-chess {chess.__version__} ({where}): {plies:,} plies, {chess_rate:,.0f} moves/s "
          f"(CPU median of {rounds} rounds)")
    for ruleset_id, entries in sizes.items():
        rate = entries / statistics.median(times[ruleset_id])
        print(f"{ruleset_id}: {entries:,} entries, {rate:,.0f} entries/s, {rate / chess_rate:.2f}x python-chess")
    whole = sum(statistics.median(times[ruleset_id]) for ruleset_id in sizes)
    rate = sum(sizes.values()) / whole
    print(f"all: {sum(sizes.values()):,} entries, {rate:,.0f} entries/s, {rate / chess_rate:.2f}x python-chess")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-r", "--ruleset", action="append", help="only this ruleset (repeatable)")
    parser.add_argument("--per-ruleset", type=int, default=20, help="simulated matches per ruleset (20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5, help="timed replays of every match (median; 5)")
    parser.add_argument("--top", type=int, default=15, help="functions shown per ruleset (15)")
    parser.add_argument("--sort", default="tottime", choices=("tottime", "cumtime"),
                        help="order of the table: own time (default) or with what a function calls")
    parser.add_argument("--time-only", action="store_true", help="entries/s only, no profile")
    parser.add_argument("--chess", action="store_true",
                        help="no profile: every ruleset beside python-chess, interleaved (--repeat rounds)")
    parser.add_argument("--corpus", type=Path, help="folder of the simulated matches, kept for the next run")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="adjudicator-profile-") as tmp:
        folder = args.corpus or Path(tmp)
        corpus = corpus_in(folder, args.per_ruleset, args.seed)
        if args.chess:
            beside_chess({r: paths for r, paths in corpus.items() if args.ruleset is None or r in args.ruleset},
                         args.repeat)
            return 0
        for ruleset_id, paths in corpus.items():
            if args.ruleset is None or ruleset_id in args.ruleset:
                report(ruleset_id, paths, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
