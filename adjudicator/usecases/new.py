"""`adjudicator new`: a match header from the command's options, written with its seed.

The options arrive as typed (`sally=Sally:red`, `rope.start_spot=9`); this module reads them
into the header, refuses what cannot be (errors.OptionError names the option) and creates the
match by session.create_match. What is printed about it is adjudicator.present's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adjudicator.errors import OptionError

if TYPE_CHECKING:
    from adjudicator.clock import ClockSettings
    from adjudicator.rulesets import Ruleset

MAX_PARAM = 10_000   # characters of one --param VALUE


@dataclass(frozen=True)
class NewMatch:
    """The options of `new`, as typed (lists of `--player`, `--item` and `--param` strings)."""

    ruleset_id: str
    players: list[str]
    items: list[str] = field(default_factory=list)
    first: str | None = None
    advantage: str | None = None
    params: list[str] = field(default_factory=list)
    output: Path | None = None
    match_id: str | None = None
    title: str | None = None
    started: str | None = None
    time_zone: str | None = None
    untimed: bool = False
    no_seed: bool = False
    force: bool = False


@dataclass(frozen=True)
class Created:
    """A match made: its header (`data`), where it went (None: nowhere, to be printed), its
    seed file if any, how it is timed (read back from the file written), and the notes of
    session.create_match (a killed `new`'s leftovers cleared)."""

    ruleset: Ruleset
    data: dict[str, Any]
    output: Path | None
    seed_file: Path | None
    clock: ClockSettings | None
    first_random: bool
    untimed: bool
    notes: list[str]


def create(options: NewMatch) -> Created:
    """Read the options into a match header and create the match (and its private seed, for a
    game with chance or a random first player, G-8)."""
    from adjudicator.registry import game_class
    from adjudicator.rulesets import resolve
    from adjudicator.session import create_match

    ruleset = resolve(options.ruleset_id)
    players = [parse_player(spec, ruleset.sides) for spec in options.players]
    if len(players) != 2:
        raise OptionError(f"a match has two players, one per side ({' and '.join(ruleset.sides)}); "
                          f"got {len(players)}.", "--player")
    give_items(players, options.items, ruleset.loadouts)
    data = header_start(ruleset, options)
    data["players"] = players
    game_type = game_class(ruleset.game)
    first, first_random = starting_player(options, players, game_type, ruleset.id)
    advantage = header_player(options.advantage, players, "--advantage") if options.advantage else None
    for key, value in (("first", first), ("advantage", advantage), ("started", options.started)):
        if value:
            data[key] = value
    if options.time_zone is not None:
        data["time_zone"] = checked_zone(options.time_zone)
    data["entries"] = []
    with_seed = (game_type.nature.chance or first_random) and not options.no_seed
    notes: list[str] = []
    seed_file = create_match(data, options.output, force=options.force, with_seed=with_seed,
                             first_random=first_random, notes=notes)
    clock = clock_of(options.output) if options.output is not None else None
    return Created(ruleset, data, options.output, seed_file, clock, first_random, options.untimed, notes)


def header_start(ruleset: Ruleset, options: NewMatch) -> dict[str, Any]:
    """The header up to its players: format, id (default: the file's name), title, rules and
    the parameters overridden (`--param`, `--untimed`)."""
    from adjudicator.matchfile import FORMAT as MATCH_FORMAT

    output = options.output
    data: dict[str, Any] = {"format": MATCH_FORMAT,
                            "id": options.match_id or (output.stem if output else f"{ruleset.id}-match")}
    if options.title:
        data["title"] = options.title
    data["rules"] = {"ruleset": ruleset.id, "sha256": ruleset.sha256}
    params = parse_params(options.params)
    if params:
        data["rules"]["params"] = params
    if options.untimed:
        data["rules"].setdefault("params", {}).setdefault("time_control", {})["enabled"] = False
    return data


def give_items(players: list[dict[str, Any]], specs: list[str], loadouts: dict[str, list[str]]) -> None:
    """`--item ID=ITEM`: the item, or each item of the loadout so named, to that player."""
    ids = [p["id"] for p in players]
    for spec in specs:
        pid, _, name = spec.partition("=")
        pid = header_player(pid, players, "--item")
        if not name:
            raise OptionError(f"'{spec}': expected ID=ITEM with ID one of {', '.join(ids)}.", "--item")
        target = players[ids.index(pid)]
        target.setdefault("items", []).extend(loadouts.get(name, [name]))


def starting_player(options: NewMatch, players: list[dict[str, Any]], game_type: Any,
                    ruleset_id: str) -> tuple[str | None, bool]:
    """`--first`: the player id who starts (or None), and whether who starts is to be drawn
    from the match seed (`--first random`, G-6), which needs a seed and a game that draws it."""
    first = options.first
    first_random = first is not None and first.casefold() == "random"
    if first_random and not game_type.nature.first_by_pick:
        raise OptionError(f"{ruleset_id} does not start by a draw: {game_type.who_starts} (G-6).", "--first")
    if first_random and (options.no_seed or options.output is None):
        raise OptionError("a random first player is drawn from the match seed: give -o FILE and no --no-seed.",
                          "--first")
    if first and not first_random:
        return header_player(first, players, "--first"), False
    return None, first_random


def checked_zone(name: str) -> str:
    """`--time-zone`: an IANA name the tool knows, as given."""
    from adjudicator.when import zone_named

    if zone_named(name) is None:
        raise OptionError(f"'{name}' is not a known time zone; give an IANA name such as "
                          "Europe/Berlin, America/New_York or UTC.", "--time-zone")
    return name


def clock_of(path: Path) -> ClockSettings:
    """How the match written at `path` is timed, from its parameters as resolved (G-7)."""
    from adjudicator import matchfile
    from adjudicator.clock import ClockSettings

    match = matchfile.load(path)
    return ClockSettings.from_params(match.game.params.get("time_control"))


def parse_player(spec: str, sides: Sequence[str] = ()) -> dict[str, Any]:
    """`sally=Sally:red`; a side typed in another case (`Red`) is the ruleset's side."""
    pid, sep, rest = spec.partition("=")
    if not sep:
        pid, rest = spec.partition(":")[0], spec
        name, side = pid, spec.partition(":")[2]
    else:
        name, _, side = rest.rpartition(":")
    if not pid or not side:
        raise OptionError(f"'{spec}': expected ID=NAME:SIDE, e.g. sally=Sally:red.", "--player")
    same = [known for known in sides if known.casefold() == side.casefold()]
    return {"id": pid, "name": name or pid, "side": side if side in sides or len(same) != 1 else same[0]}


def header_player(typed: str, players: list[dict[str, Any]], option: str) -> str:
    """A player named in `new`'s options: the id or side, in any case, by the rule every
    command names players by (session.players_named); two players fitting is refused."""
    from adjudicator.matchfile import players_of
    from adjudicator.session import named_by, players_named

    hits = players_named(players_of({"players": players}), typed, ("id", "side"))
    if len(hits) == 1:
        return next(iter(hits))
    if hits:
        raise OptionError(f"'{typed}' names two players, {named_by(hits)}.", option)
    ids = [p["id"] for p in players]
    raise OptionError(f"'{typed}' is not one of the players ({', '.join(ids)}).", option)


def parse_params(specs: list[str]) -> dict[str, Any]:
    """`--param KEY=VALUE`s as nested overrides; VALUE is YAML (bounded: adjudicator.bounded),
    or text when it is not YAML at all."""
    import yaml

    from adjudicator.bounded import excerpt, load_yaml_text, long_number

    out: dict[str, Any] = {}
    for spec in specs:
        key, sep, raw = spec.partition("=")
        if not sep or not key:
            raise OptionError(f"'{excerpt(spec)}': expected KEY=VALUE, e.g. rope.start_spot=9.", "--param")
        if len(raw) > MAX_PARAM:   # parsing takes seconds for a megabyte; no parameter is that long
            raise OptionError(f"{excerpt(key)}: the value is {len(raw):,} characters; a parameter's value "
                              f"has at most {MAX_PARAM:,}.", "--param")
        digits = long_number(raw)
        if digits is not None:
            raise OptionError(f"{excerpt(key)}: the value holds a whole number of {digits} digits, "
                              "far beyond any parameter's range.", "--param")
        try:
            value = load_yaml_text(raw)
        except yaml.YAMLError:
            value = raw
        except ValueError as exc:
            raise OptionError(f"{excerpt(key)}: the value {exc}.", "--param") from None
        set_param(out, key, value)
    return out


def set_param(out: dict[str, Any], key: str, value: Any) -> None:
    """Put one `--param` value at its dotted KEY in `out`; a key with an empty part, nested past
    bounded.MAX_DEPTH, or under a value given as no mapping is refused (it was exit 3)."""
    from adjudicator.bounded import MAX_DEPTH, excerpt, too_deep

    parts = key.split(".")
    if not all(parts):
        raise OptionError(f"'{excerpt(key)}': a part of the dotted KEY is empty; give names joined "
                          "by single dots, e.g. time_control.turn_seconds.", "--param")
    if len(parts) > MAX_DEPTH or too_deep(value, MAX_DEPTH - len(parts)):
        raise OptionError(f"{excerpt(key)}: the key and value are nested more than {MAX_DEPTH} deep.", "--param")
    node = out
    for depth, part in enumerate(parts[:-1], start=1):
        node = node.setdefault(part, {})
        if not isinstance(node, dict):
            raise OptionError(f"{excerpt(key)}: {'.'.join(parts[:depth])} was given a value that is not "
                              "a mapping, so it holds no keys.", "--param")
    node[parts[-1]] = value
