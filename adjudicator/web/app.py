"""`adjudicator serve`: players send their own moves through private links, the
thread gets a live board, the host keeps the last word.

Routes (ID is a match file's name in FOLDER without `.json`; TOKEN a link `link` printed):

    GET  /m/ID                  the match page as `page` draws it (public view), live
    GET  /m/ID/board.json       `board --format json`
    GET  /m/ID/page.json        the page's steps (what the live page takes when the match grows)
    GET  /m/ID/events           server-sent events: `changed` when the match file changes
    GET  /m/ID/p/TOKEN          a player's page (their view, the moves they may make) or the host's
    GET  /m/ID/p/TOKEN/part     the part of that page that changes, for its live update
    GET  /m/ID/p/TOKEN/events   the same events, for that page
    POST /m/ID/p/TOKEN          a move ({"text": ...} or {"move": {...}}), a salt, or a host entry

The match file stays the one record: every entry goes through the command line's use cases
(usecases.serving), under the file's lock, checked by the same code. Whatever a request
names that is not a match in FOLDER with that link is the same 404, so a stranger learns
nothing by guessing. The events carry no data but that the file changed; each page then
asks for its own view, with its own link.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import os
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Route

from adjudicator.errors import AdjudicatorError, RefusedError
from adjudicator.usecases import serving
from adjudicator.web import pages
from adjudicator.web.limits import Limiter, Rate, TooLarge

MAX_BODY = 16 * 1024        # a move, a salt or a host entry: far below this
JSON_TYPE = "application/json"
FORM_TYPE = "application/x-www-form-urlencoded"
NOT_FOUND = "Not found.\n"
SIGNATURE_NONE = (0, 0, 0)
DRAWN_KEPT = 64              # public pages and steps kept drawn (two a match watched)
FONTS_URL = "/fonts/"        # the three DejaVu fonts the pictures use, served from the package


@dataclass
class Settings:
    """What `serve` was asked for, and the server's own bounds (tests set their own)."""

    folder: Path
    base_url: str | None = None
    auto_deadline: bool = False
    roll: bool = True                                    # draw due rolls from the seed (G-8)
    poll_seconds: float = 0.5                            # how often a live page's stream looks at its file
    tick_seconds: float = 1.0                            # how often the keeper looks at every match
    heartbeat_seconds: float = 15.0
    write_rate: Rate = Rate(30, 60.0)                    # per link: moves, salts and host entries
    read_rate: Rate = Rate(600, 60.0)                    # per client address: pages, JSON, streams
    max_streams: int = 1000                              # live pages open at once
    secret: bytes = field(default_factory=lambda: secrets.token_bytes(32))   # signs the forms' tokens
    clock: Callable[[], float] = time.monotonic          # for the rate limits
    now: Callable[[], str] = field(default_factory=lambda: _now_utc)   # a request's arrival time (G-7)


def _now_utc() -> str:
    """The tool's one clock (clock.now: ADJUDICATOR_NOW or the wall clock), as an entry's time."""
    from adjudicator.session import now_utc

    return now_utc()


class Server:
    """The state one server keeps: its settings, its rate limits, its open streams, and what
    the keeper last saw of each match (so an unchanged file is not replayed every tick)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.writes = Limiter(settings.write_rate, clock=settings.clock)
        self.reads = Limiter(settings.read_rate, clock=settings.clock)
        self.streams = 0
        # (kind, file) -> (its signature, deadline passed?, the deadline, what was drawn)
        self.drawn: OrderedDict[tuple[str, Path], tuple[tuple[int, int, int], bool, str | None, Any]] = \
            OrderedDict()
        self.dues: dict[Path, tuple[tuple[int, int, int], serving.Due]] = {}   # file -> (signature, what is due)
        self.rolled: dict[Path, tuple[int, int, int]] = {}   # file -> its signature when the keeper last rolled
        self._write_locks: dict[Path, asyncio.Lock] = {}

    def write_lock(self, path: Path) -> asyncio.Lock:
        """One match's writes through links, one at a time in the order they queued (an asyncio
        lock wakes its waiters first come, first served), so requests are written in the order
        they arrived and keep their arrival times in order (G-7); the file lock still guards
        against the command line."""
        lock = self._write_locks.get(path)
        if lock is None:
            lock = self._write_locks[path] = asyncio.Lock()
        return lock

    # --- what every watcher of a match is sent, drawn once per change of its file ---------

    async def drawn_once(self, kind: str, path: Path, draw: Callable[[], Any]) -> Any:
        """`draw()` (run in a worker thread) for this file as it is now, kept until the file
        changes or its deadline passes (the picture then says "passed", G-7): the public page
        and its steps are the same for every watcher, and a match page's steps hold every
        step's picture (megabytes for a long match)."""
        key = (kind, path)
        before = signature(path)
        found = self.drawn.get(key)
        if found is not None and found[0] == before and found[1] == passed(found[2]):
            self.drawn.move_to_end(key)
            return found[3]
        deadline = (await run_in_threadpool(self.due, path)).deadline
        value = await run_in_threadpool(draw)
        if signature(path) == before:   # not written meanwhile: what was drawn is the file as it is
            self.drawn[key] = (before, passed(deadline), deadline, value)
            while len(self.drawn) > DRAWN_KEPT:
                self.drawn.popitem(last=False)
        return value

    def due(self, path: Path) -> serving.Due:
        """What is due in the match now, read once per change of its file (the keeper and the
        drawn pages both ask)."""
        sig = signature(path)
        found = self.dues.get(path)
        if found is None or found[0] != sig:
            found = (sig, serving.due_now(path))
            self.dues[path] = found
        return found[1]

    # --- finding what a request names ---------------------------------------------------

    def match_path(self, request: Request) -> Path | None:
        return serving.match_in(self.settings.folder, request.path_params["mid"])

    def link(self, request: Request) -> tuple[Path, str, str] | None:
        """(match file, role, token) for /m/ID/p/TOKEN, or None for anything unknown."""
        path = self.match_path(request)
        token = request.path_params["token"]
        role = serving.role_of(path, token) if path is not None else None
        return None if path is None or role is None else (path, role, token)

    def form_token(self, token: str) -> str:
        """The hidden field a page's forms carry: only a page served with this link has it."""
        return hmac.new(self.settings.secret, token.encode(), hashlib.sha256).hexdigest()[:32]

    def same_origin(self, request: Request) -> bool:
        """A browser's Origin (or Referer), when it sends one, must be this server's own."""
        sent = request.headers.get("origin") or request.headers.get("referer")
        if not sent or sent == "null":
            return sent != "null"
        ours = {_origin(str(request.base_url))}
        if self.settings.base_url:
            ours.add(_origin(self.settings.base_url))
        return _origin(sent) in ours


def passed(deadline: str | None) -> bool:
    return deadline is not None and serving.is_past(deadline)


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def signature(path: Path) -> tuple[int, int, int]:
    """What changes when the match file is replaced or written (write_atomic renames)."""
    try:
        info = os.stat(path)
    except OSError:
        return SIGNATURE_NONE
    return (info.st_ino, info.st_size, info.st_mtime_ns)


# --- responses ---------------------------------------------------------------------------

def headers(nonce: str | None = None, private: bool = False) -> dict[str, str]:
    """Every page: scripts only with this response's nonce, nothing framed or fetched from
    elsewhere, no Referer carrying a link's token to another site."""
    script = f"'nonce-{nonce}'" if nonce else "'none'"
    out = {
        "Content-Security-Policy": (f"default-src 'none'; script-src {script}; style-src 'unsafe-inline'; "
                                    "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; "
                                    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "X-Frame-Options": "DENY",
    }
    if private:
        out["Cache-Control"] = "no-store"
    return out


def not_found() -> Response:
    return PlainTextResponse(NOT_FOUND, status_code=404, headers=headers())


def error_json(status: int, code: str, message: str, extra: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status,
                        headers={**headers(private=True), **(extra or {})})


def plain_message(error: AdjudicatorError, path: Path) -> str:
    """The refusal as the command line says it, without the server's path to the file."""
    from adjudicator.check import without_name

    return without_name(str(error), str(path)).replace(str(path), path.name)


# The clock's refusals (session.time_refusal) tell the host which command to run; a player
# through their link is told what happened to their move instead (G-7).
TIME_REFUSALS = {
    "late": "your move came after this phase's deadline, so it was not recorded (G-7); the host closes the phase.",
    "out-of-time": "your time ran out before this move, so it was not recorded (G-7); the host records the timeout.",
    "needs-post-time": "your move came too late to count, so it was not recorded (G-7).",
}
# A late resubmission replaces nothing (G-7 d): the player's earlier submission stands.
LATE_KEPT = ("your move came after this phase's deadline, so it was not recorded and your earlier submission "
             "stands (G-7).")


def said_to(error: AdjudicatorError, path: Path, role: str) -> str:
    """The refusal for whoever sent it: the command line's sentence, or for a player's move
    the clock refused, what happened to it."""
    from adjudicator import links

    code = error_code(error)
    if role != links.HOST and code in TIME_REFUSALS:
        kept = isinstance(error, RefusedError) and error.fields.get("kept")
        told = LATE_KEPT if code == "late" and kept else TIME_REFUSALS[code]
        return f"refused ({code}), nothing written: {told}"
    return plain_message(error, path)


def error_code(error: AdjudicatorError) -> str:
    """The refusal's stable code (G-1's flag codes), `notation` for a move that could not be
    read, `unusable` for anything else sent that could not be used."""
    from adjudicator.errors import NotationError

    if isinstance(error, RefusedError):
        return error.code
    return "notation" if isinstance(error, NotationError) else "unusable"


# --- public routes -----------------------------------------------------------------------

async def public_page(request: Request) -> Response:
    server: Server = request.app.state.server
    path = server.match_path(request)
    if path is None:
        return not_found()
    nonce = secrets.token_urlsafe(16)
    base = request.url.path.rstrip("/")
    live = pages.public_live_script(f"{base}/events", f"{base}/page.json")
    try:
        text = await server.drawn_once("page", path, lambda: serving.public_page(path, live, FONTS_URL))
    except AdjudicatorError:
        return unusable_page(path)
    return HTMLResponse(pages.with_nonce(text, nonce), headers=headers(nonce))


async def public_steps(request: Request) -> Response:
    server: Server = request.app.state.server
    return await public_json(request, lambda path: server.drawn_once("steps", path, lambda: steps_json(path)))


def steps_json(path: Path) -> bytes:
    return json.dumps(serving.public_steps(path), ensure_ascii=False, separators=(",", ":")).encode()


async def board_json(request: Request) -> Response:
    """`board --format json`, drawn for each request: its clock says whether the deadline has passed now."""
    return await public_json(request, lambda path: run_in_threadpool(serving.board_json, path))


async def public_json(request: Request, made: Callable[[Path], Any]) -> Response:
    """The public JSON `made` for the match the request names; 404 for none, 422 when its
    file cannot be used now."""
    server: Server = request.app.state.server
    path = server.match_path(request)
    if path is None:
        return not_found()
    try:
        data = await made(path)
    except AdjudicatorError as error:
        return error_json(422, "unusable", plain_message(error, path))
    return Response(data, media_type=JSON_TYPE, headers=headers())


async def public_events(request: Request) -> Response:
    server: Server = request.app.state.server
    path = server.match_path(request)
    return not_found() if path is None else open_stream(server, path)


def unusable_page(path: Path) -> Response:
    return HTMLResponse(pages.unusable(path.stem), status_code=503, headers=headers())


# --- live updates --------------------------------------------------------------------------

def open_stream(server: Server, path: Path) -> Response:
    """A stream of `changed` events for one match file (none for what changed: each page asks
    for its own view), or 503 when as many streams are open as the server allows."""
    if server.streams >= server.settings.max_streams:
        return PlainTextResponse("Too many live pages are open; reload in a minute.\n", status_code=503,
                                 headers={**headers(), "Retry-After": "60"})
    settings = server.settings

    async def counted() -> AsyncIterator[str]:
        server.streams += 1
        try:
            async for event in changes(path, settings.poll_seconds, settings.heartbeat_seconds):
                yield event
        finally:
            server.streams -= 1

    return StreamingResponse(counted(), media_type="text/event-stream",
                             headers={**headers(private=True), "X-Accel-Buffering": "no"})


async def changes(path: Path, poll: float, heartbeat: float,
                  sleep: Callable[[float], Any] = asyncio.sleep) -> AsyncIterator[str]:
    """Server-sent events: `changed` each time the file's signature changes, a comment now
    and then so proxies keep the connection, until the client goes (the response cancels it)."""
    last = signature(path)
    yield "retry: 3000\n\n"
    quiet = 0.0
    while True:
        await sleep(poll)
        now = signature(path)
        if now != last:
            last, quiet = now, 0.0
            yield f"event: changed\ndata: {now[2]}\n\n"
        else:
            quiet += poll
            if quiet >= heartbeat:
                quiet = 0.0
                yield ": still here\n\n"


# --- a link's page ---------------------------------------------------------------------------

async def for_link(request: Request, answer: Callable[..., Awaitable[Response]]) -> Response:
    """`answer(server, request, path, role, token)` for the link the request names; the one
    404 for anything unknown."""
    server: Server = request.app.state.server
    found = server.link(request)
    return not_found() if found is None else await answer(server, request, *found)


async def link_page(request: Request) -> Response:
    return await for_link(request, render_link_page)


async def link_part(request: Request) -> Response:
    return await for_link(request, render_part)


async def link_events(request: Request) -> Response:
    async def stream(server: Server, _request: Request, path: Path, _role: str, _token: str) -> Response:
        return open_stream(server, path)

    return await for_link(request, stream)


async def render_part(server: Server, _request: Request, path: Path, role: str, _token: str) -> Response:
    try:
        view = await run_in_threadpool(pages.view_of, path, role)
    except AdjudicatorError:
        return unusable_page(path)
    return HTMLResponse(pages.live_part(view), headers=headers(private=True))


async def render_link_page(server: Server, request: Request, path: Path, role: str, token: str,
                           said: pages.Said | None = None, status: int = 200) -> Response:
    nonce = secrets.token_urlsafe(16)
    try:
        view = await run_in_threadpool(pages.view_of, path, role)
    except AdjudicatorError:
        return unusable_page(path)
    text = pages.link_page(view, request.url.path.rstrip("/"), server.form_token(token), nonce, said)
    return HTMLResponse(text, status_code=status, headers=headers(nonce, private=True))


# --- sending through a link ------------------------------------------------------------------

async def link_post(request: Request) -> Response:
    """A move, a salt or a host entry: JSON in, 201 or 422 JSON out (the API); or a page's
    form, answered with the page again (303 to it when written). The request's time is taken
    here, when it arrives, before any wait (its body, a worker thread, the file's lock): the
    entry is stamped with it (G-7), so a slow server cannot make an in-time move late. It is
    the server's now, so never a time in the future (G-7 (b))."""
    server: Server = request.app.state.server
    request.state.arrived = server.settings.now()
    return await for_link(request, send_through_link)


async def send_through_link(server: Server, request: Request, path: Path, role: str, token: str) -> Response:
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind not in (JSON_TYPE, FORM_TYPE):
        return error_json(415, "unsupported", f'send {JSON_TYPE} (e.g. {{"text": "E5 up"}}) or a form of the page.')
    if not server.same_origin(request):
        return error_json(403, "cross-site", "a request from another site was refused.")
    wait = server.writes.allow(hashlib.sha256(token.encode()).hexdigest())
    if wait:
        return error_json(429, "too-many", f"too many requests through this link; try again in {wait:.0f} s.",
                          {"Retry-After": str(max(1, round(wait)))})
    try:
        raw = await read_body(request, MAX_BODY)
    except TooLarge:
        return error_json(413, "too-large", f"a request is at most {MAX_BODY // 1024} KiB.")
    arrived: str = request.state.arrived
    if kind == JSON_TYPE:
        return await api_post(server, path, role, raw, arrived)
    return await form_post(server, request, path, role, token, raw, arrived)


async def read_body(request: Request, limit: int) -> bytes:
    """The body, refused as soon as it passes `limit` bytes (whatever Content-Length said)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise TooLarge
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TooLarge
        chunks.append(chunk)
    return b"".join(chunks)


async def api_post(server: Server, path: Path, role: str, raw: bytes, arrived: str) -> Response:
    try:
        body = json.loads(raw)
    except (UnicodeDecodeError, ValueError):
        return error_json(422, "not-json", "the request body is not JSON.")
    if not isinstance(body, dict):
        return error_json(422, "not-an-object", 'send a JSON object, e.g. {"text": "E5 up"}.')
    try:
        async with server.write_lock(path):
            sent = await run_in_threadpool(send, path, role, body, False, server.settings.roll, arrived)
    except AdjudicatorError as error:
        return error_json(422, error_code(error), said_to(error, path, role))
    return JSONResponse(pages.sent_json(sent), status_code=201, headers=headers(private=True))


async def form_post(server: Server, request: Request, path: Path, role: str, token: str, raw: bytes,
                    arrived: str) -> Response:
    fields = {key: values[-1] for key, values in parse_qs(raw.decode("utf-8", "replace"), max_num_fields=20).items()}
    if not hmac.compare_digest(fields.pop("form", ""), server.form_token(token)):
        said = pages.Said("This page was out of date (or the server restarted); nothing was sent. Try again.", True)
        return await render_link_page(server, request, path, role, token, said, 403)
    try:
        async with server.write_lock(path):
            await run_in_threadpool(send, path, role, pages.body_of_form(fields, role), True, server.settings.roll,
                                    arrived)
    except AdjudicatorError as error:
        said = pages.Said(said_to(error, path, role), True, fields.get("text", ""))
        return await render_link_page(server, request, path, role, token, said, 422)
    return RedirectResponse(request.url.path, status_code=303, headers=headers(private=True))


def send(path: Path, role: str, body: dict[str, Any], from_form: bool, roll: bool = True,
         arrived: str | None = None) -> serving.Sent:
    """What the body asks, with the link's powers only: a player moves or gives their own
    salt; the host writes host entries, or draws the roll due without waiting for the salts
    (G-8: the host's explicit draw), and, like the command line, moves for nobody. With
    `roll` (serve's default), rolls due after it are drawn from the seed once both salts are
    in. `arrived`: the time the request arrived, the entry's time (G-7)."""
    from adjudicator import links

    if role == links.HOST:
        if pages.asks_roll(body, confirm_needed=from_form):
            return serving.send_roll(path, arrived)
        act = pages.host_action(body, confirm_needed=from_form)
        return serving.send_host(path, act, roll, arrived)
    if set(body) == {"salt"}:
        return serving.send_salt(path, role, body["salt"], roll, arrived)
    if "host" in body:
        raise RefusedError("a player's link cannot write host entries.", "not-allowed")
    return serving.send_move(path, role, body, roll, arrived)


# --- the keeper: rolls due and deadlines past, without a request ------------------------------

async def keeper(server: Server) -> None:
    """Every tick, each match whose file changed since the last look is looked at again: with
    rolls on, a roll due is drawn (a match the host made with a random first player needs
    one before anyone moves); with --auto-deadline, an open sealed phase whose deadline has
    passed is closed (G-2). A match that cannot be read is left to the host."""
    settings = server.settings
    while True:
        for match_id in await run_in_threadpool(serving.match_ids, settings.folder):
            with contextlib.suppress(AdjudicatorError, OSError):
                await run_in_threadpool(keep_one, server, match_id)
        await asyncio.sleep(settings.tick_seconds)


def keep_one(server: Server, match_id: str) -> None:
    """One match's look: rolls due drawn once per change of its file, only for a match whose
    players have links (a match the host plays by hand, e.g. with an outside dice bot, gets
    no roll nobody asked for, G-8) and only once both salts are in (roll_due waits, G-8
    amended); then, with --auto-deadline, its sealed phase closed once
    the deadline has passed (G-2)."""
    path = serving.match_in(server.settings.folder, match_id)
    if path is None:
        return
    if server.settings.roll and server.rolled.get(path) != signature(path):
        if serving.played_through_links(path):
            serving.roll_due(path)
        server.rolled[path] = signature(path)
    due = server.due(path)
    if server.settings.auto_deadline and due.sealed and due.deadline is not None and serving.is_past(due.deadline):
        serving.close_if_past_deadline(path)


# --- the app -------------------------------------------------------------------------------------

def create_app(settings: Settings, keep: bool = True) -> Starlette:
    """The ASGI app `serve` runs (and tests drive with Starlette's test client). `keep`: run
    the keeper beside it (rolls due, --auto-deadline)."""
    server = Server(settings)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(keeper(server)) if keep else None
        try:
            yield
        finally:
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    routes = [
        Route("/", home),
        Route("/fonts/{name}", font),
        Route("/favicon.ico", no_icon),
        Route("/m/{mid}", public_page),
        Route("/m/{mid}/board.json", board_json),
        Route("/m/{mid}/page.json", public_steps),
        Route("/m/{mid}/events", public_events),
        Route("/m/{mid}/p/{token}", link_page),
        Route("/m/{mid}/p/{token}", link_post, methods=["POST"]),
        Route("/m/{mid}/p/{token}/part", link_part),
        Route("/m/{mid}/p/{token}/events", link_events),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={404: _not_found, 405: _not_allowed})
    app.state.server = server
    app.add_middleware(ReadLimit, server=server)
    return app


async def font(request: Request) -> Response:
    """A font the pages name (usecases.serving.font_file), cached for a day; nothing else."""
    path = serving.font_file(request.path_params["name"])
    if path is None:
        return not_found()
    return Response(await run_in_threadpool(path.read_bytes), media_type="font/ttf",
                    headers={**headers(), "Cache-Control": "public, max-age=86400"})


async def no_icon(_request: Request) -> Response:
    """Browsers ask every site for an icon; this one has none (and says so without a 404)."""
    return Response(status_code=204, headers=headers())


async def home(_request: Request) -> Response:
    return PlainTextResponse("adjudicator serve: each match is at /m/ID; players use the links `adjudicator link` "
                             "printed.\n", headers=headers())


async def _not_found(_request: Request, _exc: Exception) -> Response:
    return not_found()


async def _not_allowed(_request: Request, _exc: Exception) -> Response:
    return PlainTextResponse("Method not allowed.\n", status_code=405, headers=headers())


class ReadLimit:
    """Every request counts against its client address's rate (Settings.read_rate)."""

    def __init__(self, app: Any, server: Server) -> None:
        self.app, self.server = app, server

    async def __call__(self, scope: Any, receive: Any, send_: Any) -> None:
        if scope["type"] == "http":
            client = scope.get("client") or ("?", 0)
            wait = self.server.reads.allow(str(client[0]))
            if wait:
                response = PlainTextResponse(f"Too many requests; try again in {wait:.0f} s.\n", status_code=429,
                                             headers={**headers(), "Retry-After": str(max(1, round(wait)))})
                await response(scope, receive, send_)
                return
        await self.app(scope, receive, send_)
