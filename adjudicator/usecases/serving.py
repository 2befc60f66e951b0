"""What `serve` and `link` do with a match: private links, a player's seat, a move
or a host entry sent through a link, and the entries the server writes itself.

Every entry goes through the same use cases as the command line (session.play_move,
entries.host, entries.roll), so it is checked by the same code, under the same lock, and
appended atomically. Nothing here knows HTTP: adjudicator.web turns requests into these calls.
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from adjudicator.errors import InputError, OptionError

if TYPE_CHECKING:
    from adjudicator.engine import Replay
    from adjudicator.matchfile import LoadedMatch
    from adjudicator.usecases.entries import Entered, HostAction

MATCH_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}")   # a match file's name in a URL: /m/ID
DEFAULT_BASE_URL = "http://127.0.0.1:8000"
MAX_TEXT = 2000    # a move typed on a page: longer than any post a Discord message can hold


# --- link -----------------------------------------------------------------------------

class Linked(NamedTuple):
    """A link made (url) or revoked (url None), for whom: a player's id or "host"."""

    match_path: Path
    role: str
    shown_as: str
    url: str | None
    revoked: bool


def link(match_path: Path, who: str, base_url: str | None = None, *, revoke: bool = False) -> Linked:
    """`link`: a new private URL for a player or the host (replacing the old one), or, with
    `revoke`, none: the old one stops working."""
    from adjudicator import links, matchfile

    base = checked_base_url(base_url or DEFAULT_BASE_URL)
    match_id = served_id(match_path)
    match = matchfile.load(match_path)
    role = role_named(match, who, match_path)
    shown = "the host" if role == links.HOST else match.game.display_names[role]
    with matchfile.locked(match_path):
        if revoke:
            if not links.revoke(match_path, role):
                raise OptionError(f"{match_path}: {shown} has no link to revoke.", "--revoke")
            return Linked(match_path, role, shown, None, True)
        token = links.issue(match_path, role)
    return Linked(match_path, role, shown, f"{base}/m/{match_id}/p/{token}", False)


def served_id(match_path: Path) -> str:
    """The match's name in the server's URLs: its file name without `.json`."""
    if match_path.suffix != ".json" or not MATCH_ID.fullmatch(match_path.stem):
        raise OptionError(f"{match_path}: `serve` serves match files named NAME.json, NAME made of letters, "
                          "digits, '.', '_' and '-'; rename the file to link it.", "MATCH")
    return match_path.stem


def role_named(match: LoadedMatch, who: str, path: Path) -> str:
    """A player's id, or "host"; a player who is also called "host" is refused, never guessed."""
    from adjudicator import links, session

    if who.casefold() != links.HOST:
        return session.resolve_player(match, who, path, "PLAYER")
    named = session.players_named(match.game.players, who)
    if named:
        raise OptionError(f"{path}: 'host' could mean the host or the player {', '.join(sorted(named))}; "
                          "name the player by id to link the player.", "PLAYER")
    return links.HOST


def checked_base_url(url: str) -> str:
    """http(s)://host[:port], without a trailing slash. `serve` answers at the root of its
    address (its pages name their routes from /), so a path is refused, not half served."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url)
        ok = parts.scheme in ("http", "https") and bool(parts.hostname) and not parts.query and not parts.fragment
        _ = parts.port   # a bad port raises
    except ValueError:
        ok = False
    if not ok or any(c.isspace() for c in url):
        raise OptionError(f"'{url[:80]}' is not a base URL such as https://games.example.org or "
                          f"http://127.0.0.1:8000.", "--base-url")
    if parts.path.strip("/"):
        raise OptionError(f"'{url[:80]}': serve answers at the root of an address, not under a path; give "
                          f"{parts.scheme}://{parts.netloc} (a proxy may serve it on a host name of its own).",
                          "--base-url")
    return url.rstrip("/")


class ServeOptions(NamedTuple):
    """`serve`'s options, checked: the folder (absolute), the base URL players reach (None:
    the address it listens on), where it listens, and what it does by itself."""

    folder: Path
    base_url: str | None
    bind: str
    port: int
    auto_deadline: bool
    roll: bool

    @property
    def loopback(self) -> bool:
        """Listening on this machine only (players elsewhere need a proxy in front)."""
        import ipaddress

        try:
            return ipaddress.ip_address(self.bind).is_loopback
        except ValueError:
            return self.bind == "localhost"


def serve_options(folder: Path, base_url: str | None, bind: str, port: int, *, auto_deadline: bool,
                  roll: bool) -> ServeOptions:
    """`serve`: the folder must be one; a base URL must be http(s)://host[:port] (checked_base_url)."""
    if not folder.is_dir():
        raise OptionError(f"{folder}: not a folder of match files.", "FOLDER")
    base = checked_base_url(base_url) if base_url else None
    return ServeOptions(Path(os.path.realpath(folder)), base, bind, port, auto_deadline, roll)


# --- finding a match and whose a link is ------------------------------------------------

def match_in(folder: Path, match_id: str) -> Path | None:
    """The match file /m/ID names in `folder`, or None: a regular file FOLDER/ID.json, or a
    symbolic link to one inside FOLDER; never a file outside it."""
    if not MATCH_ID.fullmatch(match_id):
        return None
    path = folder / f"{match_id}.json"
    try:
        real = Path(os.path.realpath(path))
        info = os.stat(real)
    except (OSError, ValueError):
        return None
    root = Path(os.path.realpath(folder))
    if real.parent != root and root not in real.parents:
        return None
    return path if stat.S_ISREG(info.st_mode) else None


def role_of(match_path: Path, token: str) -> str | None:
    """Whose link `token` is for this match (a player id or "host"), or None."""
    from adjudicator import links

    try:
        return links.role_of(links.read(match_path), token)
    except InputError:
        return None


def played_through_links(match_path: Path) -> bool:
    """Has a player of this match a link (`link`)? Only such a match is played through the
    server, so only for it does the server draw a roll without being asked (G-8)."""
    from adjudicator import links

    try:
        return any(role != links.HOST for role in links.read(match_path))
    except InputError:
        return False


def match_ids(folder: Path) -> list[str]:
    """The matches `serve` serves now, by name, in order (files created later appear here)."""
    names = sorted(entry.name[:-5] for entry in os.scandir(folder) if entry.name.endswith(".json"))
    return [name for name in names if match_in(folder, name) is not None]


# --- what a page shows ------------------------------------------------------------------

class Seat(NamedTuple):
    """A match as one player (or the host, `viewer` None) sees it now: the result object for
    that view, the board as SVG, the moves the player may make with their effects, and the
    player's sealed submission of the open phase, if any (G-3: it may still be changed)."""

    path: Path
    match: LoadedMatch
    replay: Replay
    viewer: str | None
    result: dict[str, Any]
    svg: str
    moves: list[tuple[str, dict[str, Any], str]]   # (notation, the move as JSON, its effect)
    pending: str | None


def seat(match_path: Path, viewer: str | None) -> Seat:
    """Replay the match and take what `viewer`'s page shows (views.result with the viewer:
    exactly what `board --as` shows; None: the public view)."""
    from adjudicator import match_picture, matchfile, views
    from adjudicator.views import replay_match
    from adjudicator.wording import preview

    match = matchfile.load(match_path)
    replay = replay_match(match)
    res = views.result(match, replay, viewer)
    game = match.game
    offered = replay
    if viewer is not None and viewer in replay.sealed and replay.outcome is None:
        offered = before_submission(match, viewer)
    moves: list[tuple[str, dict[str, Any], str]] = []
    if viewer is not None:
        moves = [(game.format_move(m), m, preview(game, p)) for m, p in offered.legal_moves(viewer)]
    pending = res.get("private", {}).get("pending_submission") if viewer else None
    return Seat(match_path, match, replay, viewer, res, match_picture.board_svg(match, replay, viewer), moves, pending)


def before_submission(match: LoadedMatch, viewer: str) -> Replay:
    """The match just before `viewer`'s first submission of the sealed phase open now: the
    moves legal there are the ones a resubmission may be (G-3: it replaces that one, so the
    items it would use are still held). The other player's sealed moves come after or do not
    count: a sealed phase's moves never depend on them (G-2)."""
    from adjudicator.engine import Replay
    from adjudicator.views import replay_match

    first: int | None = None
    sealed_before = False
    seen = 0

    def each(_entry: dict[str, Any], _log: Any) -> None:
        nonlocal first, sealed_before, seen
        now = viewer in replay.sealed
        if now and not sealed_before:
            first = seen
        sealed_before = now
        seen += 1

    replay = Replay(match.game, keep_log=False, narrate=False)
    replay.run(match.entries, each=each)
    return replay_match(match, first) if first is not None else replay


def board_json(match_path: Path) -> str:
    """`board --format json`: the public result object."""
    from adjudicator import matchfile, views
    from adjudicator.present import json_text
    from adjudicator.views import replay_match

    match = matchfile.load(match_path)
    return json_text(views.result(match, replay_match(match)))


def public_page(match_path: Path, live: str = "", fonts: str | None = None) -> str:
    """The match page as `page` draws it (public view only), with `live` script added and the
    fonts fetched from `fonts`."""
    from adjudicator import matchfile
    from adjudicator.page import page_html

    return page_html(matchfile.load(match_path), live=live, fonts=fonts)


def public_steps(match_path: Path) -> dict[str, Any]:
    """The data the match page steps through, for a live page to take the newest step."""
    from adjudicator import matchfile
    from adjudicator.page import page_data

    return page_data(matchfile.load(match_path))


def font_file(name: str) -> Path | None:
    """One of the fonts the pictures name (page.FONT_FACES), by file name; None for any other
    name: the server serves these three files and nothing else of its own."""
    from adjudicator import picture
    from adjudicator.page import FONT_FACES

    return picture.FONT_DIR / name if name in {face[2] for face in FONT_FACES} else None


def next_posts(match_path: Path, formats: tuple[str, ...]) -> dict[str, str]:
    """The next post for the thread in each format, as `post --dry-run` prints it (nothing
    recorded: the host records it by posting, or with the host page's button)."""
    from adjudicator.present import post_text
    from adjudicator.usecases.posts import post

    out = {}
    for fmt in formats:
        _post, text = post(match_path, fmt, record=False)
        out[fmt] = post_text(text, fmt)
    return out


# --- entries sent through a link ----------------------------------------------------------

class Sent(NamedTuple):
    """An entry written through a link, the rolls this request drew after it (the server's
    keeper may draw a roll due first: it is in the log, not here), and the players whose
    salt the roll due now waits for (G-8), by id."""

    entered: Entered
    rolled: tuple[Entered, ...]
    salts_awaited: tuple[str, ...] = ()


def sent(entered: Entered, rolled: tuple[Entered, ...]) -> Sent:
    """The Sent of a request: with the salts a roll due now waits for (G-8), if any."""
    from adjudicator.views import salts_awaited

    last = rolled[-1] if rolled else entered
    due = last.replay.chance_due() is not None
    return Sent(entered, rolled, tuple(salts_awaited(last.match, last.replay)) if due else ())


def arrival(arrived: str | None) -> str:
    """The time a request arrived (G-7), as the web layer took it; now when not given."""
    from adjudicator.session import now_utc

    return arrived or now_utc()


def move_text(body: dict[str, Any]) -> tuple[str, bool]:
    """A move sent as {"text": "E5 up"} (read as `move` reads a post) or {"move": {...}} (the
    SPEC's JSON form): the text to read and whether it is JSON. Anything else is refused."""
    keys = set(body) - {"note"}
    if keys == {"text"} and isinstance(body["text"], str):
        text = body["text"].strip()
        if not text:
            raise InputError("the move is empty: type it as you would post it, e.g. E5 up.")
        if len(text) > MAX_TEXT:
            raise InputError(f"the move is {len(text):,} characters long; a move is at most {MAX_TEXT:,}.")
        return text, False
    if keys == {"move"} and isinstance(body["move"], dict):
        text = json.dumps(body["move"], ensure_ascii=False)
        if len(text) > MAX_TEXT:
            raise InputError(f"the move is {len(text):,} characters of JSON; a move is at most {MAX_TEXT:,}.")
        return text, True
    raise InputError('send {"text": "the move as posted"} or {"move": {...}} (the JSON form of a move), '
                     "one of the two.")


def send_move(match_path: Path, player: str, body: dict[str, Any], roll: bool = True,
              arrived: str | None = None) -> Sent:
    """A player's move through their link: read and checked as `move` does it (by the
    player's id, never by a name typed), stamped with the time the request arrived
    (`arrived`, taken by the web layer before any wait; now when not given), appended; then,
    with `roll`, any roll now due drawn. The time is given (not left for `move` to stamp): a
    move sent through a link is posted the moment it arrives, so the clock applies to it in
    full (G-7), unlike a time the command line stamps for a host typing a post later; and a
    slow worker or a held lock cannot make an in-time move late."""
    from adjudicator.session import append_entry, move_builder
    from adjudicator.usecases.entries import Entered, in_order

    text, as_json = move_text(body)
    at = arrival(arrived)
    made = move_builder(match_path, player, text, as_json=as_json, at=at, by_id=True)

    def build(match: LoadedMatch, replay: Replay) -> dict[str, Any]:
        return {**made(match, replay), "at": in_order(at, match, replay)}

    match, replay, log = append_entry(match_path, build)
    return sent(Entered(match, replay, log), roll_due(match_path, arrived=at) if roll else ())


def send_host(match_path: Path, act: HostAction, roll: bool = True, arrived: str | None = None) -> Sent:
    """A host entry from the host's page, as `host` writes it, stamped with the time the
    request arrived (G-7); then, with `roll`, rolls due."""
    from adjudicator.usecases.entries import host

    at = arrival(arrived)
    entered = host(match_path, act, arrived=at)
    return sent(entered, roll_due(match_path, arrived=at) if roll else ())


def send_roll(match_path: Path, arrived: str | None = None) -> Sent:
    """The host's button: the roll due now drawn from the seed even before both salts are in
    (G-8: the host's explicit draw, which `check` reports as unsalted)."""
    from adjudicator.usecases.entries import roll

    entered = roll(match_path, without_salts=True, arrived=arrival(arrived))
    return sent(entered, ())


def roll_due(match_path: Path, limit: int = 16, arrived: str | None = None) -> tuple[Entered, ...]:
    """Draw every roll the match now waits for from the seed beside it (G-8), as `roll`
    does, so players never wait on the host for dice. Nothing is drawn while a player's salt
    is awaited (G-8 amended: the draw waits for both salts; the host may draw without them
    from the host's page). A match without a seed waits for the host to transcribe its
    rolls (`roll --values`); at most `limit` rolls in a row. `arrived`: the time of the
    request that made them due (G-7); none: now."""
    from adjudicator import dice, matchfile
    from adjudicator.errors import RefusedError
    from adjudicator.game import ChanceDue
    from adjudicator.usecases.entries import roll
    from adjudicator.views import replay_match, salts_awaited

    rolled: list[Entered] = []
    while len(rolled) < limit:
        if not dice.seed_path(matchfile.real_path(match_path)).exists():
            break
        match = matchfile.load(match_path)
        replay = replay_match(match)
        if not isinstance(replay.chance_due(), ChanceDue) or salts_awaited(match, replay):
            break
        try:
            rolled.append(roll(match_path, at=None, arrived=arrived))
        except RefusedError as refused:   # another writer rolled first (or a salt was voided meanwhile)
            if refused.code == "salts-awaited":
                break
            continue
    return tuple(rolled)


def close_if_past_deadline(match_path: Path) -> Entered | None:
    """--auto-deadline: when the open sealed phase's deadline has passed, close it with the
    host entry `host deadline` writes (G-2, G-4); None when there is nothing to close."""
    from adjudicator import matchfile, views
    from adjudicator.errors import RefusedError
    from adjudicator.usecases.entries import HostAction, host
    from adjudicator.views import replay_match

    match = matchfile.load(match_path)
    replay = replay_match(match)
    res = views.result(match, replay)
    clock = res.get("clock") or {}
    if res["status"] != "in_progress" or res.get("submitted") is None or not clock.get("past_deadline"):
        return None
    try:
        return host(match_path, HostAction("deadline"), note="closed by the server at the deadline (serve --auto-deadline)")
    except RefusedError:   # closed meanwhile, by the host or another request
        return None


def send_salt(match_path: Path, player: str, word: Any, roll: bool = True, arrived: str | None = None) -> Sent:
    """A player's own salt (G-8), posted through their link: the host entry `host salt`
    writes, for that player only, stamped with the time the request arrived (G-7); with
    `roll`, the roll due drawn once it was the last salt awaited."""
    from adjudicator.usecases.entries import HostAction, host

    if not isinstance(word, str) or not word.strip():
        raise InputError("a salt is a word of your own choosing, e.g. tangerine42.")
    at = arrival(arrived)
    entered = host(match_path, HostAction("salt", player, word.strip()), arrived=at)
    return sent(entered, roll_due(match_path, arrived=at) if roll else ())


class Due(NamedTuple):
    """The deadline of what is due now (RFC 3339, None when untimed or nothing runs) and
    whether that is an open sealed phase (what --auto-deadline closes, G-2)."""

    deadline: str | None
    sealed: bool


def due_now(match_path: Path) -> Due:
    """One replay: the deadline the pictures mark as passed (G-7) and --auto-deadline waits for."""
    from adjudicator import matchfile, views
    from adjudicator.views import replay_match

    match = matchfile.load(match_path)
    res = views.result(match, replay_match(match))
    deadline = (res.get("clock") or {}).get("deadline")
    sealed = res["status"] == "in_progress" and res.get("submitted") is not None
    return Due(deadline if isinstance(deadline, str) else None, sealed)


def deadline_of(match_path: Path) -> str | None:
    """The deadline of the open sealed phase, or None: what --auto-deadline waits for."""
    due = due_now(match_path)
    return due.deadline if due.sealed else None


def is_past(deadline: str) -> bool:
    """Has the deadline passed at the tool's now (clock.now, the one source of time)?"""
    from adjudicator.views import past

    return past(deadline)
