"""The pages `serve` draws: a player's page, the host's page, their live part, and the JSON a
move through the API answers with. Jinja2 templates (adjudicator/web/templates/), every
value escaped by the template engine; the board pictures are the tool's own SVG (user text in
them escaped by the picture code, as on `page`)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from adjudicator.errors import InputError, OptionError

if TYPE_CHECKING:
    from jinja2 import Environment

    from adjudicator.usecases.entries import HostAction
    from adjudicator.usecases.serving import Seat, Sent

TEMPLATES = Path(__file__).resolve().parent / "templates"
POST_FORMATS = ("discord", "bbcode", "markdown", "text")
MOVES_SHOWN = 2000  # legal moves offered on the page; beyond that, the box takes any move
MOVE_BUTTONS = 24   # up to this many, each a button; more, one list to pick from (a phone scrolls less)
HOST_FORM_ACTIONS = ("deadline", "timeout", "clock", "void", "end", "forfeit", "draw")
ROLL_ACTION = "roll"   # the host's page: draw the roll due now, without waiting for the salts (G-8)

_env: Environment | None = None


def env() -> Environment:
    """The template engine, made once, escaping every value (autoescape on for all)."""
    global _env
    if _env is None:
        from jinja2 import Environment, FileSystemLoader, StrictUndefined

        _env = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=True, undefined=StrictUndefined,
                           trim_blocks=True, lstrip_blocks=True)
    return _env


class Said(NamedTuple):
    """What the page tells after a form was sent: a sentence, whether it is a refusal, and the
    text typed (kept in the box, so a refused move is corrected, not typed again)."""

    message: str
    refused: bool
    typed: str = ""


@dataclass
class View:
    """What one link's page shows: the seat (usecases.serving.Seat: the player's view, or
    the public one for the host), whose link it is, and for the host the next posts."""

    seat: Seat
    role: str
    name: str
    posts: dict[str, str]

    @property
    def is_host(self) -> bool:
        from adjudicator import links

        return self.role == links.HOST


def view_of(path: Path, role: str) -> View:
    """Replay the match for `role`'s page: a player's own view (`board --as`), or for the
    host the public view with who has submitted and the next post in each format."""
    from adjudicator import links
    from adjudicator.usecases import serving

    if role == links.HOST:
        seat = serving.seat(path, None)
        return View(seat, role, "the host", serving.next_posts(path, POST_FORMATS))
    seat = serving.seat(path, role)
    return View(seat, role, seat.match.game.display_names[role], {})


def context(view: View) -> dict[str, Any]:
    """The values the templates show, worded from the seat's data."""
    from markupsafe import Markup

    from adjudicator import views
    from adjudicator.render import Para, clean, local_time, render

    seat = view.seat
    match, replay, res = seat.match, seat.replay, seat.result
    names = match.game.display_names
    clock = res.get("clock") or {}
    zone = views.zone_of(match) or "UTC"
    return {
        "title": clean(match.data.get("title") or match.data["id"], one_line=True),
        "match_id": seat.path.stem,
        "ruleset": match.ruleset.id,
        "view": view,
        "you": view.name,
        "side": views.sides_shown(match.game, res["board"]).get(view.role, ""),
        "status": views.status_line(match, replay, res),
        "banner": views.banner_text(match, res, trophy=""),
        "finished": res["status"] == "finished",
        "your_turn": bool(seat.moves) or (view.role in res["to_act"]),
        "svg": Markup(seat.svg),
        "clock": render([Para(views.clock_line(clock, names, views.zone_of(match)))], "text").strip() if clock else "",
        "deadline": clock.get("deadline"),
        "deadline_local": local_time(clock["deadline"], views.zone_of(match)) if clock.get("deadline") else "",
        "zone": zone,
        "submitted": {names[p]: done for p, done in (res.get("submitted") or {}).items()},
        "pending": seat.pending,
        "moves": [{"text": text, "json": json.dumps(move, ensure_ascii=False), "effect": effect}
                  for text, move, effect in seat.moves[:MOVES_SHOWN]],
        "more_moves": max(0, len(seat.moves) - MOVES_SHOWN),
        "private": {k: v for k, v in (res.get("private") or {}).items() if k != "pending_submission"},
        "flagged": [f"#{f['seq']}" for f in res.get("flagged", [])],
        "players": [(p.id, names[p.id]) for p in match.game.players],
        "needs_salt": needs_salt(view),
        **salts_context(seat),
        "posts": view.posts,
        "host_actions": HOST_FORM_ACTIONS,
        "buttons": MOVE_BUTTONS,
        "head": views.head_line(views.log_head(match, replay)),
        "receipt": own_receipt(seat) if not view.is_host else None,
    }


def salts_context(seat: Seat) -> dict[str, Any]:
    """While a draw waits for salts (G-8): the public sentence saying whose, and whether a
    roll is due now (the host's page then offers to draw it without them)."""
    from adjudicator import views

    missing = views.salts_awaited(seat.match, seat.replay)
    due = seat.replay.chance_due() is not None
    return {"salts_line": views.salts_line(seat.match, seat.replay, missing) if missing else "",
            "salt_awaited_now": bool(missing) and due}


def own_receipt(seat: Seat) -> tuple[str, str] | None:
    """The player's receipt (G-9): the head right after their own sealed entry still private,
    as shown and as `check --head` takes it; None when they have none."""
    from adjudicator import chain

    if seat.viewer is None:
        return None
    own = [log for log in seat.replay.log if log.sealed and log.player == seat.viewer
           and isinstance(log.entry.get("hash"), str)]
    if not own:
        return None
    last = own[-1]
    return chain.shown(last.seq, last.entry["hash"]), chain.receipt(last.seq, last.entry["hash"])


def needs_salt(view: View) -> bool:
    """A player of a match whose draws take salts (its header names the scheme) who has not
    given one yet (G-8)."""
    seat = view.seat
    return (not view.is_host and bool(seat.match.data.get("draws")) and view.role not in seat.replay.salts
            and seat.result["status"] == "in_progress")


def link_page(view: View, base: str, form_token: str, nonce: str, said: Said | None = None) -> str:
    """A link's whole page: the player's or the host's."""
    template = env().get_template("host.html" if view.is_host else "player.html")
    return template.render(**context(view), base=base, form=form_token, nonce=nonce, said=said)


def live_part(view: View) -> str:
    """The part of a link's page that changes with the match (the board, what is due)."""
    return env().get_template("live.html").render(**context(view))


def unusable(match_id: str) -> str:
    return env().get_template("unusable.html").render(match_id=match_id)


def public_live_script(events_url: str, data_url: str) -> str:
    """The script the public page gets from `serve`: it opens at the newest step (a link
    with #N still opens step N), and on each `changed` event fetches the steps and hands them
    to the page (page.SCRIPT's `page-data` event), no reload."""
    from adjudicator.page import script_json

    return ("(function(){if(!location.hash){var n=document.getElementById('slider').max;"
            "try{history.replaceState(null,'','#'+n)}catch(e){}window.dispatchEvent(new HashChangeEvent('hashchange'))}"
            "var s=new EventSource(" + script_json(events_url) + ");"
            "s.addEventListener('changed',function(){fetch(" + script_json(data_url) + ",{cache:'no-store'})"
            ".then(function(r){return r.ok?r.json():null}).then(function(d){if(d){document.dispatchEvent("
            "new CustomEvent('page-data',{detail:d}))}})});})();")


def with_nonce(page: str, nonce: str) -> str:
    """`page`'s own <script> elements allowed by this response's CSP nonce. User text never
    holds a literal `<script` there: the page escapes it (html.escape, page.script_json)."""
    return page.replace("<script>", f'<script nonce="{nonce}">').replace(
        '<script type="application/json"', f'<script nonce="{nonce}" type="application/json"')


def sent_json(sent: Sent) -> dict[str, Any]:
    """201's body: the entry's seq, the rolls drawn after it, and the public result now (a
    sealed submission shows there only as submitted, G-2)."""
    from adjudicator import chain, views

    entered = sent.rolled[-1] if sent.rolled else sent.entered
    out: dict[str, Any] = {"seq": sent.entered.log.seq, "rolled": [r.log.seq for r in sent.rolled],
                           "result": views.result(entered.match, entered.replay)}
    if sent.salts_awaited:   # the roll due waits for these players' salts (G-8)
        out["salts_awaited"] = list(sent.salts_awaited)
    log = sent.entered.log
    recorded = log.entry.get("hash")
    if log.sealed and isinstance(recorded, str):   # the player's receipt: the head right after it (G-9)
        out["receipt"] = chain.receipt(log.seq, recorded)
    return out


def body_of_form(fields: dict[str, str], role: str) -> dict[str, Any]:
    """A page's form as the API's body: the typed move, a move picked from the list (its
    JSON), a salt, or (the host's) an action with its words."""
    from adjudicator import links

    if role == links.HOST:
        return {"host": {k: fields[k] for k in ("action", "target", "reason", "confirm") if k in fields}}
    if "move" in fields:
        try:
            move = json.loads(fields["move"])
        except ValueError:
            raise InputError("the move picked is not one this page offered; reload the page.") from None
        return {"move": move}
    if "salt" in fields:
        return {"salt": fields["salt"]}
    return {"text": fields.get("text", "")}


def asks_roll(body: dict[str, Any], confirm_needed: bool) -> bool:
    """Does the host ask to draw the roll due now, salts or not ({"host": {"action": "roll"}},
    the host page's button, G-8)? A page's form must carry its confirmation, as every host form."""
    asked = body.get("host")
    if set(body) != {"host"} or not isinstance(asked, dict) or asked.get("action") != ROLL_ACTION:
        return False
    if confirm_needed and asked.get("confirm") != "yes":
        raise InputError("tick “I am sure” to draw the roll now; nothing was drawn.")
    return True


def host_action(body: dict[str, Any], confirm_needed: bool) -> HostAction:
    """The host entry a body asks for: {"host": {"action": "void", "target": "7", "reason": "…"}}.
    A page's form must carry its confirmation (the host ticked "sure"), so a stray tap on a
    phone never ends a match."""
    from adjudicator.usecases.entries import HOST_ACTIONS, HostAction

    asked = body.get("host")
    if set(body) != {"host"} or not isinstance(asked, dict) or not all(isinstance(v, str) for v in asked.values()):
        raise InputError('send {"host": {"action": ACTION, "target": ..., "reason": ...}}; the host link writes '
                         "host entries only.")
    action = asked.get("action", "")
    if action not in HOST_ACTIONS:
        raise OptionError(f"'{action[:40]}' is not a host action; one of {', '.join(HOST_ACTIONS)}, or "
                          f"{ROLL_ACTION} (the roll due, drawn now).", "action")
    if confirm_needed and asked.get("confirm") != "yes":
        raise InputError("tick “I am sure” to write this host entry; nothing was written.")
    target = asked.get("target") or None
    words = target.split(None, 1) if (action == "salt" and target) else [target]
    return HostAction(action, words[0] if words else None, words[1] if len(words) > 1 else None,
                      asked.get("reason") or None)
