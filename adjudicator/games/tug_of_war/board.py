"""The public board of Zero's Tug of War as render blocks: one table of the modules, the
hands, whose turn it is, any pending discard, and the Maze and Path grids."""

from __future__ import annotations

from typing import Any

from adjudicator.render import Para, Pre, Span, Table


def blocks(game: Any, view: dict[str, Any]) -> list[Any]:
    a, b = game.player_ids
    names = game.display_names   # players as the thread knows them
    to_play = view["to_play"]
    barred = view.get("barred") or {}
    rows = []
    for key, mod in view["modules"].items():
        module = game.modules[key]
        if mod["winner"]:
            status = f"won by {names[mod['winner']]}"
        else:
            status = "active"
        pts = f"{mod['points'][a]}–{mod['points'][b]}"
        if mod.get("points_to_win"):
            pts += f" (to {mod['points_to_win']})"
        elif not module.has_points:
            pts = "outright"
        who = [names[p] for p in (a, b) if key in barred.get(p, []) and not mod["winner"]]
        rows.append([module.title, mod["state"] if not mod["winner"] else "-", pts, status,
                     ", ".join(who) or "-"])
    out: list[Any] = [Table(["module", "state", f"points {names[a]}–{names[b]}", "status", "may not choose"], rows)]
    hands = "; ".join(f"{names[p]} ({view['sides'][p]}): {' '.join(map(str, h)) or 'empty'}"
                      for p, h in view["hands"].items())
    if view.get("starter_drawn") is False:   # the pick of who starts is due (G-6): no hand is dealt yet
        first, second = (" ".join(map(str, view["starting_hands"][role])) for role in ("first", "second"))
        hands = f"dealt once who starts is drawn: the starter {first}, the other {second}"
    out.append(Para(f"Hands — {hands}"))
    won = ", ".join(f"{names[p]} {n}" for p, n in view["modules_won"].items())
    out.append(Para(f"Modules won — {won} (first to {game.params['modules_to_win']})"))
    owe = view.get("pending_discard")
    if owe:
        out.append(Para([Span(f"{names[owe['player']]} must discard {owe['count']} card{'s' if owe['count'] != 1 else ''} "
                              f"(down to {game.params['hand_limit']}) before play goes on", bold=True)]))
    elif to_play:
        out.append(Para(f"To play: {names[to_play]} ({view['sides'][to_play]})"))
    for key in ("maze", "path"):
        mod = view["modules"].get(key)
        if mod and not mod["winner"]:
            out.append(Para(f"{game.modules[key].title}:"))
            out.append(Pre(game.modules[key].picture(mod)))
    return out
