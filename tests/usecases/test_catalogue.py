"""usecases.catalogue, called directly: the rulesets known, one resolved with the game that
reads its moves, a ruleset file checked down to the game's own parameters, a schema's text."""

from __future__ import annotations

import json

import pytest
import yaml

from adjudicator.errors import InputError, RulesetError
from adjudicator.usecases import catalogue
from helpers import REPO


def test_rulesets_lists_every_builtin_ruleset_with_its_game():
    rows = {row["id"]: row for row in catalogue.rulesets()}
    assert rows["arrowbic"]["game"] == "arrowbic"
    assert rows["dice-tug-of-war"]["path"].name == "dice-tug-of-war.yaml"


def test_ruleset_is_resolved_with_the_game_that_reads_its_moves():
    result = catalogue.ruleset("arrowbic")
    assert result.ruleset.id == "arrowbic" and result.ruleset.chain[0] == "arrowbic"
    assert result.game is not None and result.game.forms()


def test_validate_returns_the_ruleset_or_the_games_first_problem(tmp_path):
    good = catalogue.validate(REPO / "rulesets" / "arrowbic.yaml")
    assert good.id == "arrowbic" and len(good.sha256) == 64
    data = yaml.safe_load((REPO / "rulesets" / "arrowbic.yaml").read_text(encoding="utf-8"))
    data["params"]["start"]["red"] = "Z9"          # past the schema; only the game knows its board
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(RulesetError, match=r"field params: start\.red \('Z9'\) is not a cell"):
        catalogue.validate(bad)


def test_schema_is_the_files_text_and_an_unknown_name_is_refused():
    assert json.loads(catalogue.schema("move/arrowbic"))["$schema"]
    with pytest.raises(InputError):
        catalogue.schema("no-such-schema")
