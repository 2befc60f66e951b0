"""Load test of `adjudicator serve` ("Proof"): many players sending moves at once
through their private links, and afterwards proof that the match files hold exactly the
entries the server said it wrote.

    python benchmarks/load_serve.py                          # 50 matches, 200 clients, 60 s
    python benchmarks/load_serve.py --seconds 10 --clients 40 --matches 10
    python benchmarks/load_serve.py --json load.json         # also save the numbers

1. `adjudicator new … --untimed` makes the matches in a temporary folder, alternately Winning
   Streak and Track Trouble! (both open with a sealed phase), and `link` makes a private link
   for each player of each.
2. The server runs as a process of its own on a free localhost port: the app `serve` runs
   (adjudicator.web.app.create_app, on uvicorn, its keeper included) but with rate limits far
   above the defaults (30 writes a minute per link, 600 requests a minute per address), which
   would throttle a test that comes from one address.
3. Each client is one player of one match (with 200 clients and 50 matches, two per player).
   It loads its link's page, takes the legal moves the page offers, and POSTs one of them as
   JSON ({"move": {...}}) again and again, without pausing: in an open sealed phase every
   resubmission is legal and is an entry (G-3). When a move is refused (422: the phase
   resolved, the turn passed), it loads its page again for the moves legal now; a client whose
   match is finished stops. A client whose page offered moves sends at least one, even in a
   run shorter than its first page load; every client stops when the time is up.
4. Afterwards, for every match: every 201's `seq` appears in exactly one answer and is the
   entry that client sent (its player, its move); the file holds no other entry except rolls
   the server drew (listed in a 201's `rolled`, or drawn by the keeper); `adjudicator check`
   passes on every file (exit 0).

Latency is timed per move sent, from the request to the whole answer, as the clients see it
(one client process and the server share the machine). The table goes to stdout, progress to
stderr; the exit status is 1 when a check fails.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import html
import io
import json
import os
import platform
import random
import re
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, NamedTuple, Optional, Sequence

HERE = Path(__file__).resolve()
RULESETS = ("winning-streak", "track-trouble")      # games that open with a sealed phase
PLAYERS = (("anna", "Anna", "red"), ("bernd", "Bernd", "blue"))
HIGH_RATE = 1_000_000                               # requests a second: no limit a load test reaches
IDLE_SECONDS = 0.2                                  # a client with no move to make looks again after this
START_TIMEOUT = 60.0                                # seconds the server may take to answer its first request
REQUEST_TIMEOUT = 300.0                             # a request's answer: generous, a slow answer is measured
ROLL = "chance"                                     # the entry type of a roll the server draws


@dataclass(frozen=True)
class Seat:
    """One client: a player of a match, and that player's private link."""

    match_id: str
    player: str
    url: str


@dataclass
class Answer:
    """One move sent and what came back: status 0 when no answer came (a timeout, a
    dropped connection)."""

    match_id: str
    player: str
    move: dict[str, Any]
    status: int
    seconds: float
    seq: Optional[int] = None
    rolled: list[int] = field(default_factory=list)


@dataclass
class Record:
    """Everything the clients saw: the moves' answers and the page loads (status, seconds)."""

    answers: list[Answer] = field(default_factory=list)
    pages: list[tuple[int, float]] = field(default_factory=list)
    finished: set[str] = field(default_factory=set)


@dataclass
class Measured:
    """A run: what the clients saw, the wall time from the first request to the last answer,
    the CPU seconds of the clients' process and of the server's, and the load average (1, 5
    and 15 minutes) before and after."""

    record: Record
    elapsed: float
    cpu: tuple[float, float]
    load: tuple[tuple[float, ...], tuple[float, ...]] = ((), ())


# --- the matches and their links -----------------------------------------------------------

def make_matches(folder: Path, count: int) -> list[Path]:
    """`adjudicator new RULESET -p … --untimed -o FOLDER/mNN.json`, in this process (the same
    command, without a Python start-up per match)."""
    from adjudicator.cli import run

    paths = []
    for number in range(count):
        path = folder / f"m{number:03d}.json"
        players = [arg for pid, name, side in PLAYERS for arg in ("-p", f"{pid}={name}:{side}")]
        args = ["new", RULESETS[number % len(RULESETS)], *players, "--untimed", "-o", str(path)]
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as said:
            code = run(args)
        if code != 0:
            raise SystemExit(f"adjudicator {' '.join(args)} failed: {said.getvalue().strip()}")
        paths.append(path)
    return paths


def seats(paths: Sequence[Path], clients: int, base_url: str) -> list[Seat]:
    """A link for each player of each match, and `clients` seats dealt round them: client i
    plays match i mod matches, as the first player on the first round of matches, the second
    on the next, and so on (so 200 clients on 50 matches are two per player)."""
    from adjudicator.usecases.serving import link

    urls = {(path.stem, pid): link(path, pid, base_url).url for path in paths for pid, _name, _side in PLAYERS}
    out = []
    for number in range(clients):
        path = paths[number % len(paths)]
        pid = PLAYERS[(number // len(paths)) % len(PLAYERS)][0]
        url = urls[(path.stem, pid)]
        assert url is not None
        out.append(Seat(path.stem, pid, url))
    return out


# --- the server -----------------------------------------------------------------------------

def listening_socket() -> socket.socket:
    """A socket on a free localhost port, bound here and handed to the server process, so no
    other process can take the port in between."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(1024)
    sock.set_inheritable(True)
    return sock


def start_server(folder: Path, sock: socket.socket, log: Path) -> subprocess.Popen[bytes]:
    """This script's `serve_for_load` in a process of its own, on the socket bound here."""
    code = (f"import sys; sys.path.insert(0, {str(HERE.parent)!r}); import load_serve; "
            f"load_serve.serve_for_load({str(folder)!r}, {sock.fileno()})")
    with log.open("wb") as out:
        return subprocess.Popen([sys.executable, "-c", code], pass_fds=[sock.fileno()], stdout=out,
                                stderr=subprocess.STDOUT)


def serve_for_load(folder: str, fd: int) -> None:
    """What `adjudicator serve FOLDER` runs (adjudicator/web/run.py), with the rate limits
    raised out of reach: the one change a load test from one address needs."""
    import uvicorn

    from adjudicator.web.app import Settings, create_app
    from adjudicator.web.limits import Rate

    unlimited = Rate(HIGH_RATE, 1.0)
    settings = Settings(folder=Path(folder), write_rate=unlimited, read_rate=unlimited)
    sock = socket.socket(fileno=fd)
    config = uvicorn.Config(create_app(settings), log_level="warning", timeout_graceful_shutdown=2,
                            proxy_headers=True, server_header=False)   # as run.serve configures it
    uvicorn.Server(config).run(sockets=[sock])


async def wait_until_up(http: Any, base_url: str, server: subprocess.Popen[bytes]) -> None:
    """Poll the server's home page until it answers (or the process ends, or a minute passes)."""
    import httpx2

    give_up = time.monotonic() + START_TIMEOUT
    while time.monotonic() < give_up and server.poll() is None:
        with contextlib.suppress(httpx2.HTTPError):
            if (await http.get(f"{base_url}/")).status_code == 200:
                return
        await asyncio.sleep(0.1)
    raise SystemExit("the server did not start (its output is in the log printed below)")


# --- the clients ----------------------------------------------------------------------------

MOVE_FIELD = re.compile(r'<input type="hidden" name="move" value="([^"]*)"|<option value="([^"]*)"')
ACT_HIDDEN = re.compile(r'<div id="act"[^>]*\shidden[\s>]')


class MovesOnPage(NamedTuple):
    """The legal moves a player's page offers (the JSON of each `move` button or option of
    adjudicator/web/templates/player.html) and whether its move form is hidden (the match is
    finished). Read with two patterns rather than an HTML parser: a page is mostly its board's
    SVG, which a parser in Python takes milliseconds to walk, and the clients share the
    machine with the server."""

    moves: list[str]     # as the page holds them, still escaped: a client decodes the one it sends
    finished: bool


def moves_on_page(text: str) -> MovesOnPage:
    found = [button or option for button, option in MOVE_FIELD.findall(text)]
    return MovesOnPage(found, ACT_HIDDEN.search(text) is not None)


def decoded(field_value: str) -> dict[str, Any]:
    """A move's JSON as the page's field holds it (HTML-escaped), as data."""
    move = json.loads(html.unescape(field_value))
    assert isinstance(move, dict), move
    return move


async def load_page(http: Any, seat: Seat, record: Record) -> MovesOnPage:
    """The link's page, read for its moves (a page that did not load offers none)."""
    import httpx2

    started = time.monotonic()
    try:
        response = await http.get(seat.url)
        status, text = response.status_code, response.text
    except httpx2.HTTPError:
        status, text = 0, ""
    record.pages.append((status, time.monotonic() - started))
    return moves_on_page(text) if status == 200 else MovesOnPage([], False)


async def send_move(http: Any, seat: Seat, move: dict[str, Any], record: Record) -> Answer:
    """POST {"move": …} through the link; the answer's status, time and seq, whatever came."""
    import httpx2

    started = time.monotonic()
    try:
        response = await http.post(seat.url, json={"move": move})
        status = response.status_code
        body = response.json() if status == 201 else {}
    except (httpx2.HTTPError, ValueError):
        status, body = 0, {}
    answer = Answer(seat.match_id, seat.player, move, status, time.monotonic() - started,
                    body.get("seq"), list(body.get("rolled", [])))
    record.answers.append(answer)
    return answer


async def play(http: Any, seat: Seat, stop_at: float, record: Record, rng: random.Random) -> None:
    """One client: send a legal move, again and again, until the time is up; after a refusal,
    load the page again for the moves legal now. A client whose page offered moves sends one
    even when the page came after the time was up (so even a short run sends a move each)."""
    moves: list[str] = []
    sent = False
    while time.monotonic() < stop_at or (moves and not sent):
        if not moves:
            page = await load_page(http, seat, record)
            if page.finished:
                record.finished.add(seat.match_id)
                return
            moves = page.moves
            if not moves:
                await asyncio.sleep(IDLE_SECONDS)
                continue
        answer = await send_move(http, seat, decoded(rng.choice(moves)), record)
        sent = True
        if answer.status != 201:
            moves = []


async def run_clients(all_seats: Sequence[Seat], seconds: float, base_url: str,
                      server: subprocess.Popen[bytes]) -> tuple[Record, float]:
    """Every client at once on one connection pool as large as the clients; the record and the
    wall time from the first request to the last answer."""
    import httpx2

    record = Record()
    limits = httpx2.Limits(max_connections=len(all_seats) + 8, max_keepalive_connections=len(all_seats) + 8)
    async with httpx2.AsyncClient(limits=limits, timeout=REQUEST_TIMEOUT) as http:
        await wait_until_up(http, base_url, server)
        started = time.monotonic()
        stop_at = started + seconds
        await asyncio.gather(*(play(http, seat, stop_at, record, random.Random(number))
                               for number, seat in enumerate(all_seats)))
        return record, time.monotonic() - started


# --- the checks -----------------------------------------------------------------------------

def entries_problems(path: Path, answers: Sequence[Answer]) -> tuple[list[str], int]:
    """What is wrong between one match file and the answers its clients got (nothing when
    every entry is accounted for), and how many entries were checked. An entry is accounted
    for by exactly one 201 (its seq, the same player and move), or is a roll the server drew;
    a request that got no answer (status 0 or 5xx) may have written the move it sent."""
    entries = {entry["seq"]: entry for entry in json.loads(path.read_text(encoding="utf-8"))["entries"]}
    problems: list[str] = []
    claimed: dict[int, Answer] = {}
    for answer in (a for a in answers if a.status == 201):
        if answer.seq in claimed:
            problems.append(f"seq {answer.seq} answered twice")
            continue
        if answer.seq is None:
            problems.append("a 201 without a seq")
            continue
        claimed[answer.seq] = answer
        entry = entries.get(answer.seq)
        if entry is None:
            problems.append(f"seq {answer.seq} answered 201 but not in the file (lost)")
        elif (entry.get("type"), entry.get("player"), entry.get("move")) != ("move", answer.player, answer.move):
            problems.append(f"seq {answer.seq} in the file is not the move its 201 answered")
    rolled = [seq for a in answers if a.status == 201 for seq in a.rolled]
    for seq in rolled:
        if entries.get(seq, {}).get("type") != ROLL or seq in claimed or rolled.count(seq) > 1:
            problems.append(f"seq {seq} listed as rolled is not one roll of its own")
    unsure = [(a.player, a.move) for a in answers if a.status == 0 or a.status >= 500]
    for seq, entry in sorted(entries.items()):
        if seq in claimed or seq in rolled or entry.get("type") == ROLL:
            continue
        if (entry.get("player"), entry.get("move")) in unsure:
            unsure.remove((entry.get("player"), entry.get("move")))
            continue
        problems.append(f"seq {seq} ({entry.get('type')}) in the file but in no 201 (duplicated or stray)")
    if sorted(entries) != list(range(1, len(entries) + 1)):
        problems.append("the file's seqs are not 1..n")
    return [f"{path.name}: {p}" for p in problems], len(entries)


def check_files(folder: Path) -> tuple[int, str]:
    """`adjudicator check FOLDER`, as a command: its exit status and its summary line."""
    done = subprocess.run([sys.executable, "-m", "adjudicator", "check", str(folder)], capture_output=True,
                          text=True)
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    return done.returncode, (lines[-1] if lines else done.stderr.strip()[:200])


# --- the numbers ----------------------------------------------------------------------------

def percentile(values: Sequence[float], share: float) -> float:
    """The value below which `share` of `values` lie (nearest rank); 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]


def summary(options: argparse.Namespace, measured: Measured, problems: list[str], entries: int,
            check: tuple[int, str]) -> dict[str, Any]:
    """The numbers the table shows (and --json writes)."""
    record, elapsed, load = measured.record, measured.elapsed, measured.load
    statuses = [a.status for a in record.answers]
    seconds = [a.seconds for a in record.answers]
    page_seconds = [s for _status, s in record.pages]
    return {
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}",
        "load_average_before": [round(x, 2) for x in load[0]],
        "load_average_after": [round(x, 2) for x in load[1]],
        "matches": options.matches, "clients": options.clients, "seconds": options.seconds,
        "elapsed": round(elapsed, 2),
        "cpu_clients": round(measured.cpu[0], 2), "cpu_server": round(measured.cpu[1], 2),
        "requests": len(statuses), "created": statuses.count(201), "refused": statuses.count(422),
        "throttled": statuses.count(429), "other": sum(s not in (201, 422, 429) for s in statuses),
        "median_ms": round(1000 * statistics.median(seconds), 1) if seconds else 0.0,
        "p99_ms": round(1000 * percentile(seconds, 0.99), 1),
        "per_second": round(len(statuses) / elapsed, 1) if elapsed else 0.0,
        "page_loads": len(page_seconds), "pages_not_ok": sum(status != 200 for status, _s in record.pages),
        "page_median_ms": round(1000 * statistics.median(page_seconds), 1) if page_seconds else 0.0,
        "finished_matches": len(record.finished),
        "entries_checked": entries, "entry_problems": problems,
        "check_exit": check[0], "check_summary": check[1],
        "checks_pass": not problems and check[0] == 0 and entries > 0,
    }


def render(numbers: dict[str, Any]) -> str:
    """The table: one row of the moves sent, then what the checks found."""
    n = numbers
    outcome = ("pass" if n["checks_pass"] else "FAIL") + (
        f": {n['entries_checked']:,} entries, each one 201's or a roll; `check` exit {n['check_exit']} "
        f"({n['check_summary']})")
    lines = [
        f"Measured {n['date']} on {n['machine']}; load average {fmt_load(n['load_average_before'])} before, "
        f"{fmt_load(n['load_average_after'])} after.",
        f"{n['matches']} matches ({', '.join(RULESETS)}), {n['clients']} clients for {n['seconds']:g} s "
        f"({n['elapsed']:.1f} s to the last answer); server: the `serve` app on uvicorn, rate limits raised "
        f"to {HIGH_RATE:,}/s (Settings.write_rate, read_rate) so that one address is not throttled.",
        "",
        "| requests | 201 | 422 | 429 | other | median (ms) | 99th pct (ms) | requests/s | checks |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---|",
        f"| {n['requests']:,} | {n['created']:,} | {n['refused']:,} | {n['throttled']:,} | {n['other']:,} | "
        f"{n['median_ms']:,.1f} | {n['p99_ms']:,.1f} | {n['per_second']:,.1f} | {outcome} |",
        "",
        f"Besides the moves: {n['page_loads']:,} page loads (median {n['page_median_ms']:,.1f} ms, "
        f"{n['pages_not_ok']} not 200) for the moves legal now; {n['finished_matches']} matches finished. "
        f"CPU time: server {n['cpu_server']:.1f} s, clients {n['cpu_clients']:.1f} s.",
    ]
    lines += [f"problem: {problem}" for problem in n["entry_problems"][:20]]
    return "\n".join(lines)


def fmt_load(load: Sequence[float]) -> str:
    return " ".join(f"{x:.2f}" for x in load)


# --- the run --------------------------------------------------------------------------------

def parse(argv: Optional[Sequence[str]]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the clients send moves (default 60)")
    parser.add_argument("--clients", type=int, default=200, help="clients at once (default 200)")
    parser.add_argument("--matches", type=int, default=50, help="matches they play (default 50)")
    parser.add_argument("--json", type=Path, help="also write the numbers to this file")
    options = parser.parse_args(argv)
    if options.matches < 1 or options.clients < 2 * options.matches or options.seconds <= 0:
        parser.error("give at least one match, two clients per match (one per player) and some seconds")
    return options


def run(options: argparse.Namespace) -> dict[str, Any]:
    """Make the matches, serve them, let the clients play, check the files; the numbers."""
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="load-serve-") as tmp:
        folder = Path(tmp) / "matches"
        folder.mkdir()
        paths = make_matches(folder, options.matches)
        measured = serve_and_play(paths, options, Path(tmp) / "server.log")
        measured.load = (load_before, os.getloadavg())
        print(f"{len(measured.record.answers)} moves sent; checking the files", file=sys.stderr)
        problems, entries = [], 0
        for path in paths:
            found, count = entries_problems(path, [a for a in measured.record.answers if a.match_id == path.stem])
            problems += found
            entries += count
        return summary(options, measured, problems, entries, check_files(folder))


def serve_and_play(paths: Sequence[Path], options: argparse.Namespace, log: Path) -> Measured:
    """Start the server on the matches' folder, run the clients, stop the server; what the
    clients saw, and the CPU time each side took meanwhile."""
    sock = listening_socket()
    base_url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    all_seats = seats(paths, options.clients, base_url)
    cpu_before = cpu_seconds(resource.RUSAGE_SELF), cpu_seconds(resource.RUSAGE_CHILDREN)
    server = start_server(paths[0].parent, sock, log)
    sock.close()
    print(f"{len(paths)} matches, {len(all_seats)} clients, server at {base_url}", file=sys.stderr)
    try:
        record, elapsed = asyncio.run(run_clients(all_seats, options.seconds, base_url, server))
    except SystemExit:
        print(log.read_text(encoding="utf-8", errors="replace")[-4000:], file=sys.stderr)
        raise
    finally:
        server.terminate()
        server.wait(timeout=30)
    cpu = (cpu_seconds(resource.RUSAGE_SELF) - cpu_before[0], cpu_seconds(resource.RUSAGE_CHILDREN) - cpu_before[1])
    return Measured(record, elapsed, cpu)


def cpu_seconds(who: int) -> float:
    """User + system CPU seconds of this process (RUSAGE_SELF) or its ended children."""
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def main(argv: Optional[Sequence[str]] = None) -> int:
    options = parse(argv)
    numbers = run(options)
    print(render(numbers))
    if options.json:
        options.json.write_text(json.dumps(numbers, indent=1) + "\n", encoding="utf-8")
    return 0 if numbers["checks_pass"] else 1


if __name__ == "__main__":
    sys.exit(main())
