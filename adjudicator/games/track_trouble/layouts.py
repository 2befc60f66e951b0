"""Track Trouble round layouts: checking them and following their routes (TT-1).

A layout is plain data (SPEC, "A round's layout"): destinations with points, switches with
a side, a number of states and a start state, and tracks with minecarts and a route. A route
is a destination name or `{"switch": name, "to": [route, ...]}`, one route per switch state.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,31}$")
# Words the typed notation gives a meaning of its own; layout names may not use them.
RESERVED = {"train", "switch", "board", "nothing", "none", "pass", "extra", "extra-miner", "remote",
            "remote-switch", "hidden", "hidden-value", "sw", "r", "c"}
SIDES = ("south", "north")
LAYOUT_KEYS = {"destinations", "switches", "tracks", "train"}


def round_label(kind: str, index: int, rounds: int) -> str:
    """How messages name a layout: `round 3 (layouts[2])` or `tie-break layout 1 (tiebreak_layouts[0])`."""
    if kind == "layouts":
        return f"round {index + 1} (layouts[{index}])"
    return f"tie-break layout {index + 1} (tiebreak_layouts[{index}], round {rounds + index + 1} and every " \
           f"later tie-break round it is cycled into)"


def check_layout(layout: Any, where: str, points: tuple[int, int]) -> list[str]:
    """Sentences naming each problem of one layout (its round and the field); empty when fine."""
    if not isinstance(layout, dict):
        return [f"{where}: a layout must be a mapping with destinations, switches and tracks (TT-1)."]
    problems: list[str] = []
    unknown = sorted(set(layout) - LAYOUT_KEYS)
    if unknown:
        problems.append(f"{where}: unknown field{'s' if len(unknown) > 1 else ''} {', '.join(unknown)} "
                        f"(a layout has destinations, switches, tracks and optionally train).")
    if "train" in layout and not isinstance(layout["train"], bool):
        problems.append(f"{where}, field train: must be true or false, not {layout['train']!r}.")
    destinations = layout.get("destinations")
    switches = layout.get("switches", {})
    tracks = layout.get("tracks")
    low, high = points
    if not isinstance(destinations, dict) or not destinations:
        problems.append(f"{where}, field destinations: needs at least one destination with its points (TT-1).")
        destinations = {}
    for name, value in destinations.items():
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            problems.append(f"{where}, field destinations.{name}: points must be a whole number from {low} to "
                            f"{high}, not {value!r} (TT-1).")
    if switches is None:
        switches = {}
    if not isinstance(switches, dict):
        problems.append(f"{where}, field switches: must be a mapping of switch names (or {{}} for none).")
        switches = {}
    for name, switch in switches.items():
        field = f"{where}, field switches.{name}"
        if not isinstance(switch, dict):
            problems.append(f"{field}: a switch is a mapping with side, states and optionally start.")
            continue
        extra = sorted(set(switch) - {"side", "states", "start"})
        if extra:
            problems.append(f"{field}: unknown field {', '.join(extra)} (a switch has side, states, start).")
        if switch.get("side") not in SIDES:
            problems.append(f"{field}.side: must be south or north, not {switch.get('side')!r} (TT-3).")
        states = switch.get("states")
        if isinstance(states, bool) or not isinstance(states, int) or states < 2:
            problems.append(f"{field}.states: must be a whole number of at least 2, not {states!r}.")
            continue
        start = switch.get("start", 0)
        if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < states:
            problems.append(f"{field}.start: must be a state from 0 to {states - 1} (0-based), not {start!r}.")
    if not isinstance(tracks, dict) or not tracks:
        problems.append(f"{where}, field tracks: needs at least one track with carts and a route (TT-1).")
        tracks = {}
    for name, track in tracks.items():
        field = f"{where}, field tracks.{name}"
        if not isinstance(track, dict):
            problems.append(f"{field}: a track is a mapping with carts and route.")
            continue
        extra = sorted(set(track) - {"carts", "route"})
        if extra:
            problems.append(f"{field}: unknown field {', '.join(extra)} (a track has carts and route).")
        carts = track.get("carts")
        if isinstance(carts, bool) or not isinstance(carts, int) or carts < 1:
            problems.append(f"{field}.carts: must be a whole number of at least 1, not {carts!r}.")
        if "route" not in track:
            problems.append(f"{field}.route: is missing.")
        else:
            problems += _check_route(track["route"], f"{field}.route", destinations, switches)
    seen: dict[str, str] = {}
    for kind, group in (("destination", destinations), ("switch", switches), ("track", tracks)):
        for name in group:
            if not isinstance(name, str) or not NAME.match(name) or name.lower() in RESERVED:
                problems.append(f"{where}: {kind} name {name!r} must be a letter followed by letters, digits, "
                                f"'-' or '_', and not a word of the move notation ({', '.join(sorted(RESERVED))}).")
            elif name.lower() in seen:
                problems.append(f"{where}: the name {name!r} is used for a {seen[name.lower()]} and a {kind}; "
                                f"names must differ (ignoring case) so a typed move is never ambiguous.")
            else:
                seen[name.lower()] = kind
    return problems


def _check_route(route: Any, field: str, destinations: dict[str, Any], switches: dict[str, Any],
                 depth: int = 0) -> list[str]:
    if depth > 20:
        return [f"{field}: routes nest more than 20 switches deep."]
    if isinstance(route, str):
        if route not in destinations:
            return [f"{field}: names the destination '{route}', which is not in destinations "
                    f"({', '.join(destinations) or 'none'}) (TT-1)."]
        return []
    if not isinstance(route, dict) or set(route) != {"switch", "to"}:
        return [f"{field}: a route is a destination name or {{switch: NAME, to: [route, ...]}} (TT-1)."]
    name, to = route["switch"], route["to"]
    if name not in switches:
        return [f"{field}.switch: names the switch '{name}', which is not in switches "
                f"({', '.join(switches) or 'none'}) (TT-1)."]
    if not isinstance(to, list):
        return [f"{field}.to: must be a list of routes, one per state of switch '{name}'."]
    states = switches[name].get("states") if isinstance(switches[name], dict) else None
    problems = []
    if isinstance(states, int) and len(to) != states:
        problems.append(f"{field}.to: switch '{name}' has {states} states but the list gives {len(to)} "
                        f"route{'s' if len(to) != 1 else ''}; give one route per state (TT-1).")
    for index, sub in enumerate(to):
        problems += _check_route(sub, f"{field}.to[{index}]", destinations, switches, depth + 1)
    return problems


def follow(route: Any, states: dict[str, int]) -> str:
    """The destination a route leads to with the switches in `states`."""
    while isinstance(route, dict):
        route = route["to"][states[route["switch"]]]
    destination: str = route
    return destination


def route_switches(route: Any) -> Iterator[str]:
    """Every switch named anywhere in a route."""
    if isinstance(route, dict):
        yield route["switch"]
        for sub in route["to"]:
            yield from route_switches(sub)


def route_text(route: Any) -> str:
    """`purple[N2 | green[N1 | N2 | N3]]`: a route as one line."""
    if isinstance(route, dict):
        return f"{route['switch']}[{' | '.join(route_text(sub) for sub in route['to'])}]"
    destination: str = route
    return destination
