"""Self-play: two bots play whole matches, chance included, for designers and for testing.

A simulated match is an ordinary match file: the engine checks every bot move exactly as it
checks a host's, so a bot can only play what `legal` lists, and a listed move the engine
then refuses is a bug that stops the run. Everything is drawn from one random generator per
match, seeded from (seed, ruleset, match number), so a run is reproducible and its matches
can be played in any order or in parallel.

Policies:
- `random`: a uniformly random listed move;
- `greedy`: one move ahead on the game's own score (`Game.score`); in a sealed phase the
  bot imagines a random reply from a player who has not yet submitted. It sees the whole
  state, hidden values included: it is a yardstick for rule changes, not a fair opponent.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adjudicator.engine import Replay
from adjudicator.errors import AdjudicatorError, InputError
from adjudicator.game import ChanceDue, Outcome, Phase
from adjudicator.wording import awaiting, flag_message

POLICIES = ("random", "greedy")
DEFAULT_MAX_ENTRIES = 3000
LISTED_LIMIT = 5000     # a bot considers at most this many listed moves (reservoir-sampled)
GREEDY_CANDIDATES = 24  # the greedy bot looks one move ahead on at most this many of them
WIN_VALUE = 1e9


class SimulationError(AdjudicatorError):
    """A bot was refused a move the game listed as legal, or was given none: a rules bug."""

    exit_status = 3


@dataclass
class Played:
    """One simulated match: the match file and what a designer counts."""

    index: int
    data: dict[str, Any]
    winner: str | None
    winner_side: str | None
    finished: bool
    first_mover: str | None
    entries: int
    rounds: int
    ending: str
    deciders: list[str] = field(default_factory=list)

    def summary_row(self) -> dict[str, Any]:
        """The picklable part a summary needs (the match file itself stays behind)."""
        return {"index": self.index, "winner": self.winner, "winner_side": self.winner_side,
                "finished": self.finished, "first_mover": self.first_mover,
                "first_mover_won": bool(self.finished and self.winner and self.winner == self.first_mover),
                "entries": self.entries, "rounds": self.rounds, "ending": self.ending,
                "deciders": self.deciders}


# --- One match ------------------------------------------------------------------------------

def match_rng(seed: int, ruleset_id: str, index: int) -> random.Random:
    return random.Random(f"adjudicator-simulate:{seed}:{ruleset_id}:{index}")


def match_id(ruleset_id: str, seed: int, index: int) -> str:
    """The id (and, with .json, the file name under --out) of simulated match `index`."""
    return f"sim-{ruleset_id}-{seed}-{index:05d}"


def header(ruleset: Any, index: int, policy: str, seed: int, items: list[str]) -> dict[str, Any]:
    """A match header for match `index`: sides swap every other match, so each bot plays
    each side and (where the side decides who starts) each turn order equally often."""
    sides = list(ruleset.sides)
    if index % 2:
        sides.reverse()
    players = [{"id": f"p{n}", "name": f"{policy} bot {n}", "side": side, "items": list(items)}
               for n, side in zip((1, 2), sides, strict=False)]
    from adjudicator.matchfile import FORMAT

    return {"format": FORMAT, "id": match_id(ruleset.id, seed, index),
            "title": f"{ruleset.id}: simulated match {index} ({policy} bots, seed {seed})",
            "rules": {"ruleset": ruleset.id, "sha256": ruleset.sha256},
            "players": players, "entries": []}


def listed_moves(replay: Replay, player: str, rnd: random.Random, limit: int = LISTED_LIMIT) -> list[dict[str, Any]]:
    """Up to `limit` of the moves `legal` lists for `player`, a uniform sample when there are more."""
    sample: list[dict[str, Any]] = []
    for seen, (move, _preview) in enumerate(replay.legal_moves(player)):
        if seen < limit:
            sample.append(move)
        else:
            slot = rnd.randrange(seen + 1)
            if slot < limit:
                sample[slot] = move
        if seen >= 20 * limit:
            break
    return sample


def value_for(replay: Replay, player: str) -> float:
    """How good a position is for `player`: a win or loss outweighs any score."""
    if replay.outcome is not None:
        if replay.outcome.winner is None:
            return 0.0
        return WIN_VALUE if replay.outcome.winner == player else -WIN_VALUE
    return float(replay.game.bot_score(replay.state, player))


def greedy_move(replay: Replay, player: str, moves: list[dict[str, Any]], rnd: random.Random) -> dict[str, Any]:
    """The candidate whose position one move ahead scores best for `player` (ties at random)."""
    candidates = moves if len(moves) <= GREEDY_CANDIDATES else rnd.sample(moves, GREEDY_CANDIDATES)
    best: list[dict[str, Any]] = []
    best_value = -float("inf")
    for move in candidates:
        trial = replay.fork()
        seq = replay.last_seq + 1
        trial.step({"seq": seq, "type": "move", "player": player, "move": move})
        imagine_replies(trial, seq + 1, rnd)
        value = value_for(trial, player)
        if value > best_value:
            best, best_value = [move], value
        elif value == best_value:
            best.append(move)
    return rnd.choice(best)


def imagine_replies(trial: Replay, seq: int, rnd: random.Random) -> None:
    """Close a sealed phase the bot just submitted to with random replies from the others."""
    due = trial.pending()
    if not isinstance(due, Phase) or not trial.sealed:
        return
    for other in trial.to_act():
        replies = listed_moves(trial, other, rnd, limit=200)
        if not replies or trial.pending() != due:
            return
        trial.step({"seq": seq, "type": "move", "player": other, "move": rnd.choice(replies)})
        seq += 1


def chance_entry(due: ChanceDue, seq: int, rnd: random.Random) -> dict[str, Any]:
    if due.dice:
        outcome: dict[str, Any] = {"dice": [rnd.randint(1, due.faces) for _ in range(due.dice)]}
    else:
        outcome = {"pick": rnd.choice(due.pick)}
    outcome["source"] = "external"   # drawn by the simulator, not from a match seed (DT-7)
    return {"seq": seq, "type": "chance", "chance": outcome}


def play(ruleset_id: str, index: int, *, seed: int = 1, policy: str = "random", items: Iterable[str] = (),
         max_entries: int = DEFAULT_MAX_ENTRIES) -> Played:
    """Play match `index` of a run to its end (or `max_entries`) and return it."""
    from adjudicator import matchfile, rulesets, views

    ruleset = rulesets.resolve(ruleset_id)
    rnd = match_rng(seed, ruleset.id, index)
    data = header(ruleset, index, policy, seed, expand_items(ruleset, items))
    match = matchfile.prepare(data, None)
    replay = views.new_replay(match)
    first_mover: str | None = None   # who made the match's first move; None if it opened with a phase
    opened = False
    phases = turn_moves = 0
    while replay.pending() is not None and len(data["entries"]) < max_entries:
        due = replay.pending()
        seq = len(data["entries"]) + 1
        if isinstance(due, ChanceDue):
            entry = chance_entry(due, seq, rnd)
        else:
            entry = bot_entry(replay, due, seq, policy, rnd, ruleset.id, index)
            if not opened:
                opened = True
                first_mover = None if isinstance(due, Phase) else entry["player"]
            turn_moves += not isinstance(due, Phase)
        log = replay.step(entry)
        if log.flag is not None:
            raise SimulationError(f"{ruleset.id} match {index}, seq {seq}: the engine refused a move "
                                  f"{replay.game.name} listed as legal ({log.flag.code}: {flag_message(log.flag)}).")
        if isinstance(due, Phase) and replay.pending() != due:
            phases += 1
        data["entries"].append(entry)
    return summarise(index, data, match.game, replay, first_mover, phases, turn_moves)


def bot_entry(replay: Replay, due: Any, seq: int, policy: str, rnd: random.Random,
              ruleset_id: str, index: int) -> dict[str, Any]:
    player = rnd.choice(replay.to_act())
    moves = listed_moves(replay, player, rnd)
    if not moves:
        raise SimulationError(f"{ruleset_id} match {index}, seq {seq}: {player} is to act "
                              f"({awaiting(replay)}) but the game lists no legal move.")
    move = greedy_move(replay, player, moves, rnd) if policy == "greedy" else rnd.choice(moves)
    return {"seq": seq, "type": "move", "player": player, "move": move}


def summarise(index: int, data: dict[str, Any], game: Any, replay: Replay, first_mover: str | None,
              phases: int, turn_moves: int) -> Played:
    outcome: Outcome | None = replay.outcome
    rounds = game.rounds_played(replay.state)
    if rounds is None:
        rounds = phases + (turn_moves + 1) // 2
    if outcome is None:
        return Played(index, data, None, None, False, first_mover, len(data["entries"]), rounds,
                      f"unfinished after {len(data['entries'])} entries")
    from adjudicator.views import sides_shown

    # The side in effect: Arrowbic's opening pick may swap the header's sides (G-6).
    side = sides_shown(game, replay.public_view())[outcome.winner] if outcome.winner else None
    return Played(index, data, outcome.winner, side, True, first_mover, len(data["entries"]), rounds,
                  outcome.termination, game.deciders(replay.state, outcome))


def expand_items(ruleset: Any, items: Iterable[str]) -> list[str]:
    """Item ids, with loadout names expanded; unknown names refused in one sentence."""
    held: list[str] = []
    for name in items:
        members = ruleset.loadouts.get(name, [name])
        for item in members:
            if item not in ruleset.items:
                known = ", ".join(sorted(ruleset.items) + sorted(ruleset.loadouts)) or "none"
                raise InputError(f"--item {name}: '{item}' is not an item or loadout of {ruleset.id} (known: {known}).")
        held.extend(members)
    return held


# --- A run ----------------------------------------------------------------------------------

def _play_and_write(args: tuple[str, int, int, str, tuple[str, ...], int, str | None, bool]) -> dict[str, Any]:
    """Worker: play one match, write it if asked, return its summary row (picklable)."""
    ruleset_id, index, seed, policy, items, max_entries, out, force = args
    played = play(ruleset_id, index, seed=seed, policy=policy, items=items, max_entries=max_entries)
    if out is not None:
        write_match(played, Path(out), force=force)
    return played.summary_row()


def write_match(played: Played, folder: Path, *, force: bool = False) -> Path:
    """Write a simulated match as `<folder>/<match id>.json`, complete or not at all; an
    existing file only with `force` (no write destroys a file unasked)."""
    from adjudicator.matchfile import dumps
    from adjudicator.outputs import write_output

    path = folder / f"{played.data['id']}.json"
    write_output(path, dumps(played.data), force=force, public=False, option="--out")
    return path


def refuse_taken(folder: Path, ruleset_id: str, seed: int, games: int) -> None:
    """Before any match is played: the files this run would write must not exist (one
    listing of the folder, not a stat per match)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    taken = sorted(name for name in names if _run_index(name, ruleset_id, seed) in range(1, games + 1))
    if taken:
        more = f" and {len(taken) - 1} more" if len(taken) > 1 else ""
        raise InputError(f"--out {folder}: {taken[0]}{more} already there; nothing was played or written. "
                         f"Choose another folder or seed, or pass --force to replace them.")


def _run_index(name: str, ruleset_id: str, seed: int) -> int | None:
    """N when `name` is the file of match N of this run (`match_id` + .json), else None."""
    prefix = match_id(ruleset_id, seed, 0)[:-5]
    digits = name[len(prefix):-len(".json")] if name.startswith(prefix) and name.endswith(".json") else ""
    index = int(digits) if digits.isascii() and digits.isdigit() else None
    return index if index is not None and name == f"{match_id(ruleset_id, seed, index)}.json" else None


def run(ruleset_id: str, games: int, *, seed: int = 1, policy: str = "random", items: Iterable[str] = (),
        max_entries: int = DEFAULT_MAX_ENTRIES, out: Path | None = None, jobs: int = 1,
        progress: bool | None = None, force: bool = False) -> dict[str, Any]:
    """`simulate`: play the run and summarise it (summary), its seconds counted from before
    the first match. The rows are consumed as they come, never kept, so memory does not grow
    with `games`. `progress` None: a bar on stderr when stderr is a terminal."""
    from adjudicator.errors import OptionError

    if policy not in POLICIES:
        raise OptionError(f"'{policy}' is not one of: {', '.join(POLICIES)}.", "--policy")
    show = sys.stderr.isatty() if progress is None else progress
    bar = ProgressBar(games, ruleset_id, enabled=show and games > 1)
    started = time.perf_counter()
    played = rows(ruleset_id, games, seed=seed, policy=policy, items=items, max_entries=max_entries,
                  out=out, jobs=jobs, progress=bar, force=force)
    return summary(ruleset_id, played, seed=seed, policy=policy, started=started)


def rows(ruleset_id: str, games: int, *, seed: int = 1, policy: str = "random", items: Iterable[str] = (),
        max_entries: int = DEFAULT_MAX_ENTRIES, out: Path | None = None, jobs: int = 1,
        progress: Callable[[int], None] | None = None, force: bool = False) -> Iterator[dict[str, Any]]:
    """Play `games` matches, as their summary rows are asked for: in match order, whatever the
    number of jobs; nothing is played until the rows are read. What is wrong with the request (an unknown ruleset or item, a taken file name) is
    refused here, before any match is played; the matches are played as the rows are asked
    for, a few at a time, so memory does not grow with `games`."""
    from adjudicator import rulesets

    ruleset = rulesets.resolve(ruleset_id)   # unknown ids fail here, once, before any work
    expand_items(ruleset, items)
    if policy not in POLICIES:
        raise InputError(f"--policy {policy}: expected one of {', '.join(POLICIES)}.")
    if out is not None:
        make_folder(out)
        if not force:
            refuse_taken(out, ruleset.id, seed, games)
    tasks = ((ruleset.id, index, seed, policy, tuple(items), max_entries, str(out) if out else None, force)
             for index in range(1, games + 1))
    return _counted(_map(tasks, jobs), progress)


def _counted(rows: Iterator[dict[str, Any]], progress: Callable[[int], None] | None) -> Iterator[dict[str, Any]]:
    """The rows, telling `progress` how many have come."""
    for done, row in enumerate(rows, 1):
        if progress:
            progress(done)
        yield row


WINDOW_PER_JOB = 64   # matches handed to each worker ahead of the one being waited for


def _map(tasks: Iterator[Any], jobs: int) -> Iterator[dict[str, Any]]:
    """Each task played, in order; with jobs, in chunks handed to worker processes no more
    than a bounded window ahead of the results taken (Executor.map would submit them all)."""
    if jobs <= 1:
        yield from map(_play_and_write, tasks)
        return
    from collections import deque
    from concurrent.futures import ProcessPoolExecutor
    from itertools import islice

    chunk = 8
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: deque[Any] = deque()
        while True:
            while len(pending) * chunk < jobs * WINDOW_PER_JOB:
                batch = list(islice(tasks, chunk))
                if not batch:
                    break
                pending.append(pool.submit(_play_chunk, batch))
            if not pending:
                return
            yield from pending.popleft().result()


def _play_chunk(tasks: list[Any]) -> list[dict[str, Any]]:
    """Worker: a few matches in one call, so a run of short matches is not all pickling."""
    return [_play_and_write(task) for task in tasks]


def make_folder(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise InputError(f"--out {out}: exists and is not a folder.")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"--out {out}: cannot create the folder ({exc.strerror}).") from None


# --- The summary ----------------------------------------------------------------------------

@dataclass
class Tally:
    """What a summary counts, added up row by row: its size depends on how many different
    lengths, endings and deciders there were, never on how many matches."""

    matches: int = 0
    finished: int = 0
    draws: int = 0
    by_side: Counter[str] = field(default_factory=Counter)
    first_decided: int = 0
    first_won: int = 0
    first_lost: int = 0
    entries: Counter[int] = field(default_factory=Counter)
    rounds: Counter[int] = field(default_factory=Counter)
    endings: Counter[str] = field(default_factory=Counter)
    deciders: Counter[str] = field(default_factory=Counter)

    def add(self, row: dict[str, Any]) -> None:
        self.matches += 1
        self.entries[row["entries"]] += 1
        self.rounds[row["rounds"]] += 1
        self.endings[row["ending"]] += 1
        if not row["finished"]:
            return
        self.finished += 1
        if row["winner_side"]:
            self.by_side[row["winner_side"]] += 1
        if row["winner"] is None:
            self.draws += 1
        if row["first_mover"]:
            self.first_decided += 1
            self.first_won += bool(row["first_mover_won"])
            self.first_lost += bool(row["winner"] and not row["first_mover_won"])
        self.deciders.update(row["deciders"])


def summary(ruleset_id: str, rows: Iterable[dict[str, Any]], *, seed: int, policy: str,
            started: float | None = None) -> dict[str, Any]:
    """What a designer reads off a run, as plain data (the JSON output). The rows are counted
    as they come (Tally), so a run of any length is summarised in the same memory; with
    `started` (a time.perf_counter reading), the seconds from then to the last row."""
    from adjudicator import rulesets

    ruleset = rulesets.resolve(ruleset_id)
    tally = Tally()
    for row in rows:
        tally.add(row)
    result: dict[str, Any] = {
        "ruleset": ruleset.id, "policy": policy, "seed": seed, "matches": tally.matches,
        "finished": tally.finished,
        "wins_by_side": {side: tally.by_side.get(side, 0) for side in ruleset.sides},
        "draws": tally.draws,
        "unfinished": tally.matches - tally.finished,
        "first_mover": {"decided": tally.first_decided, "won": tally.first_won, "lost": tally.first_lost},
        "length": {"entries": spread(tally.entries), "rounds": spread(tally.rounds)},
        "endings": dict(tally.endings.most_common()),
        "deciders": dict(tally.deciders.most_common()),
    }
    if started is not None:
        result["seconds"] = round(time.perf_counter() - started, 3)
    return result


def spread(counts: Counter[int]) -> dict[str, float]:
    """Least, median, mean and most of values given as value -> how many times."""
    total = sum(counts.values())
    if not total:
        return {"min": 0, "median": 0, "mean": 0, "max": 0}
    values = sorted(counts)
    return {"min": values[0], "median": counted_median(values, counts, total),
            "mean": round(sum(value * counts[value] for value in values) / total, 1), "max": values[-1]}


def counted_median(values: list[int], counts: Counter[int], total: int) -> float:
    """statistics.median of the multiset `counts` (values sorted): the middle value, or the
    mean of the two middle ones, found by walking the counts."""
    wanted = [(total - 1) // 2, total // 2]   # positions of the middle value(s), from 0
    found: list[int] = []
    seen = 0
    for value in values:
        seen += counts[value]
        while wanted and wanted[0] < seen:
            found.append(value)
            wanted.pop(0)
        if not wanted:
            break
    return found[0] if total % 2 else (found[0] + found[1]) / 2


class ProgressBar:
    """A one-line bar on stderr, redrawn at most ten times a second; silent when not wanted."""

    def __init__(self, total: int, label: str, enabled: bool, stream: Any = None) -> None:
        self.total, self.label, self.enabled = total, label, enabled
        self.stream = stream or sys.stderr
        self.started = time.perf_counter()
        self.drawn = 0.0

    def __call__(self, done: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if done < self.total and now - self.drawn < 0.1:
            return
        self.drawn = now
        width = 30
        filled = width * done // max(1, self.total)
        elapsed = now - self.started
        eta = elapsed / done * (self.total - done) if done else 0.0
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} "
                          f"{elapsed:.0f} s, {eta:.0f} s left ")
        if done >= self.total:
            self.stream.write("\n")
        self.stream.flush()
