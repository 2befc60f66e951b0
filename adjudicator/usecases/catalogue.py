"""The commands that read the tool's own catalogue, not a match: `rulesets` (every ruleset
known), `ruleset show` (one resolved, with its game's notation), `ruleset validate` (a
ruleset file checked as a game would take it) and `schema` (one JSON Schema file)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from adjudicator.game import Game
    from adjudicator.rulesets import Ruleset


def rulesets() -> list[dict[str, Any]]:
    """`rulesets`: one row per ruleset found (id, game, version, summary, path), as
    rulesets.list_rulesets finds them; an id offered twice is refused there."""
    from adjudicator.rulesets import list_rulesets

    return list_rulesets()


class Resolved(NamedTuple):
    """`ruleset show`: the ruleset with every `extends` applied, and the game whose move
    notation is shown beside it (None: no game known for it)."""

    ruleset: Ruleset
    game: Game[Any] | None


def ruleset(ruleset_id: str) -> Resolved:
    """`ruleset show`: the ruleset resolved and the game that reads its moves."""
    from adjudicator import reading
    from adjudicator.rulesets import resolve

    found = resolve(ruleset_id)
    return Resolved(found, reading.notation_game(found))


def validate(path: Path) -> Ruleset:
    """`ruleset validate`: the file checked (schema, `extends`, items: rulesets.validate_file),
    then its parameters checked by the game itself; the first problem is a RulesetError."""
    from adjudicator.matchfile import param_problems, stand_in_game
    from adjudicator.rulesets import validate_file

    found = validate_file(path)
    problems = param_problems(stand_in_game(found))
    if problems:
        from adjudicator.errors import RulesetError

        raise RulesetError(f"{path}: field params: {problems[0]}")
    return found


def schema(name: str) -> str:
    """`schema`: the text of one JSON Schema file (match, ruleset, result or move/<game>)."""
    from adjudicator.schemas import schema_path

    return schema_path(name).read_text(encoding="utf-8")
