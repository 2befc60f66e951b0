"""adjudicator.schemas: the JSON Schemas loaded and compiled once, a move checked against its
game's move schema with a message naming the field, a plug-in's move schema checked before
use, and every schema error worded as one plain sentence that quotes at most an excerpt."""

from __future__ import annotations

import hashlib
import json

import pytest
from jsonschema import Draft202012Validator

from adjudicator import matchfile, schemas
from adjudicator.errors import InputError, MatchFileError
from adjudicator.games import BUILTIN
from helpers import REPO
from helpers.tug_of_war import tw_match

PLUGINS = REPO / "tests" / "plugins"


# --- Loading -----------------------------------------------------------------------------------

def test_every_schema_and_every_games_move_schema_is_available():
    names = schemas.available_schemas()
    assert names[:3] == ["match", "ruleset", "result"]
    assert {f"move/{game}" for game in BUILTIN} <= set(names)
    for name in names:
        schema = schemas.load_schema(name)
        assert isinstance(schema, dict) and schema, name
        Draft202012Validator.check_schema(schema)


def test_a_plugin_games_move_schema_is_the_file_beside_its_module(monkeypatch):
    monkeypatch.delenv("ADJUDICATOR_RULESETS", raising=False)
    assert "move/take-away" not in schemas.available_schemas()
    monkeypatch.setenv("ADJUDICATOR_RULESETS", str(PLUGINS))
    assert "move/take-away" in schemas.available_schemas()
    assert schemas.schema_path("move/take-away") == PLUGINS / "games" / "take-away.schema.json"


@pytest.mark.parametrize("name", ["nope", "move/nope", "move/", "/match", "move/../match", "../match",
                                  "move/a/b", "move/tug-of-war/../../match", "move/Tug_Of_War"])
def test_an_unknown_schema_name_is_one_sentence_naming_the_known_ones(name):
    with pytest.raises(InputError) as refused:
        schemas.schema_path(name)
    known = ", ".join(schemas.available_schemas())
    assert refused.value.message == f"There is no schema named '{name}'. Known: {known}."


def test_a_schema_is_loaded_and_compiled_once_per_process():
    assert schemas.load_schema("match") is schemas.load_schema("match")
    assert schemas.validator("match") is schemas.validator("match")
    assert schemas.fast_check("match") is schemas.fast_check("match")


# --- Validating --------------------------------------------------------------------------------

@pytest.mark.parametrize("cards, ok", [([1, 2], True), ([1, 10**30], True), ([1, 2.0], False), ([1, True], False),
                                       ([1, "2"], False)])
def test_an_integer_is_a_whole_number_written_as_one(cards, ok):
    """JSON Schema counts 2.0 as an integer; the games would use it as an index or a count."""
    move = {"module": "rope", "cards": cards}
    assert (schemas.errors("move/tug-of-war", move) == []) is ok
    assert schemas.validator("move/tug-of-war").is_valid(move) is ok


@pytest.mark.parametrize("started, ok", [("2026-11-21T20:14:05Z", True), ("2026-11-21T20:14:05+01:00", True),
                                         ("yesterday", False), ("2026-11-21 20:14:05", False),
                                         ("2026-02-30T00:00:00Z", False)])
def test_a_date_time_is_rfc_3339(started, ok):
    data = {**tw_match(), "started": started}
    assert (schemas.errors("match", data) == []) is ok


def test_errors_come_shallowest_and_earliest_first():
    found = schemas.errors("match", {"format": "adjudicator-match/2"})
    depths = [len(error.absolute_path) for error in found]
    assert depths == sorted(depths) and depths[0] < depths[-1]
    assert schemas.field_path(found[-1].absolute_path) == "format"
    assert [schemas.describe_error(e) for e in found[:4]] == ["'id' is missing", "'rules' is missing",
                                                              "'players' is missing", "'entries' is missing"]


def test_the_errors_are_those_of_the_first_failing_part_with_paths_from_the_top():
    """One bad entry among many is found without jsonschema reading the rest; its
    errors name it from the top of the file, and a later bad entry waits its turn."""
    data = tw_match([("sally" if n % 2 == 0 else "maddie", {"module": "rope", "cards": [1]}) for n in range(3000)])
    assert schemas.errors("match", data) == []
    data["entries"][2500]["move"] = "rope 1"
    data["entries"][2900]["seq"] = "x"
    found = schemas.errors("match", data)
    assert {tuple(error.absolute_path)[:2] for error in found} == {("entries", 2500)}
    data["players"][0]["side"] = 7
    assert [tuple(error.absolute_path) for error in schemas.errors("match", data)] == [("players", 0, "side")]


# --- A move against its game's move schema -----------------------------------------------------

@pytest.mark.parametrize("move, message", [
    ({"module": "rope", "cards": [1, "x"]}, "field move.cards[1]: 'x' is not of type 'integer'."),
    ({"module": "nope", "cards": [1]}, "field move.module: 'nope' is not one of: rope, race, collation, "),
    ({"module": "rope", "cards": []}, "field move.cards: has 0 items; needs at least 1."),
    ({"module": "rope", "cards": [1], "bogus": 1}, "field move: unknown field ('bogus' was unexpected)."),
])
def test_a_move_that_breaks_its_games_schema_is_refused_naming_the_field(move, message):
    data = tw_match([("sally", move)])
    with pytest.raises(MatchFileError) as refused:
        matchfile.prepare(data, "m.json")
    assert refused.value.message.startswith("m.json: entries[0] (seq 1), ") and message in refused.value.message


# --- A plug-in's move schema -------------------------------------------------------------------

@pytest.mark.parametrize("raw, says", [
    (None, "is missing: a game's move schema <name>.schema.json lies beside its module."),
    (b'{"type": "\xff"}', "is not UTF-8 text."),
    (b"{", "is not JSON (Expecting property name enclosed in double quotes at line 1, column 2)."),
    (b"[]", "must be a JSON object."),
    (b'{"type": "nonsense"}', "is not a valid JSON Schema: at type, 'nonsense' is not one of: array, boolean, "
                              "integer, null, number, object, string."),
    (b'{"properties": {"n": {"minimum": "x"}}}', "is not a valid JSON Schema: at properties.n.minimum, 'x' is "
                                                  "not of type 'number'."),
])
def test_a_broken_plugin_move_schema_is_one_sentence(tmp_path, raw, says):
    path = tmp_path / "game.schema.json"
    if raw is not None:
        path.write_bytes(raw)
    with pytest.raises(InputError) as refused:
        schemas.check_move_schema("game", path)
    assert refused.value.message == f"{path}: the move schema of game 'game' {says}"


def test_an_unreadable_move_schema_says_why(tmp_path):
    path = tmp_path / "game.schema.json"
    path.mkdir()
    with pytest.raises(InputError, match=r"cannot read the move schema of game 'game' \(Is a directory\)\.$"):
        schemas.check_move_schema("game", path)


def test_a_valid_move_schema_is_remembered_by_its_sha256(tmp_path, monkeypatch):
    """Checked once: a marker named for the file's SHA-256 says so next time; a schema that
    fails leaves none, and an edited schema is checked again."""
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "game.schema.json"
    path.write_bytes(b'{"type": "object"}')
    assert schemas.check_move_schema("game", path) is None
    marker = tmp_path / "cache" / "schemas" / f"{hashlib.sha256(path.read_bytes()).hexdigest()}.ok"
    assert marker.is_file()
    path.write_bytes(b'{"type": "nonsense"}')
    with pytest.raises(InputError):
        schemas.check_move_schema("game", path)
    assert sorted(p.name for p in marker.parent.iterdir()) == [marker.name]
    remembered = marker.parent / f"{hashlib.sha256(path.read_bytes()).hexdigest()}.ok"
    remembered.touch()
    assert schemas.check_move_schema("game", path) is None   # a remembered file is read, not checked again


def test_without_a_cache_a_move_schema_is_still_checked(tmp_path, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_CACHE", "")
    path = tmp_path / "game.schema.json"
    path.write_bytes(b'{"type": "object"}')
    assert schemas.check_move_schema("game", path) is None
    path.write_bytes(b'{"type": "nonsense"}')
    with pytest.raises(InputError, match="is not a valid JSON Schema"):
        schemas.check_move_schema("game", path)


# --- Wording -----------------------------------------------------------------------------------

def worded(schema: dict, instance: object) -> str:
    """describe_error's sentence for the one error `instance` has against `schema`."""
    found = list(Draft202012Validator(schema).iter_errors(instance))
    assert len(found) == 1, found
    return schemas.describe_error(found[0])


@pytest.mark.parametrize("schema, instance, sentence", [
    ({"required": ["name"]}, {}, "'name' is missing"),
    ({"properties": {}, "additionalProperties": False}, {"a": 1}, "unknown field ('a' was unexpected)"),
    ({"properties": {}, "additionalProperties": False}, {"a": 1, "b": 2}, "unknown field ('a', 'b' were unexpected)"),
    ({"properties": {}, "additionalProperties": False}, dict.fromkeys("abcde", 1),
     "unknown field ('a', 'b', 'c' and 2 more were unexpected)"),
    ({"not": {"required": ["dice"]}}, {"dice": [1]}, "has fields that do not belong with this entry type"),
    ({"enum": ["rope", "race"]}, "nope", "'nope' is not one of: rope, race"),
    ({"enum": ["rope", "race"]}, 3, "3 is not one of: rope, race"),
    ({"const": True}, False, "must be true, not false"),
    ({"const": "adjudicator-match/1"}, "x", 'must be "adjudicator-match/1", not "x"'),
    ({"type": "integer"}, "x", "'x' is not of type 'integer'"),
    ({"type": ["integer", "null"]}, 1.5, "1.5 is not of type 'integer', 'null'"),
    ({"minItems": 1}, [], "has 0 items; needs at least 1"),
    ({"minItems": 2}, [1], "has 1 item; needs at least 2"),
    ({"maxItems": 2}, [1, 2, 3], "has 3 items; needs at most 2"),
    ({"oneOf": [{"required": ["take"]}, {"required": ["pass"]}]}, {"take": 1, "pass": True},
     "must have exactly one of: take, pass"),
    ({"oneOf": [{"required": ["take"]}, {"required": ["pass"]}]}, {}, "'take' is missing"),   # the best of its context
])
def test_each_kind_of_error_is_one_plain_sentence(schema, instance, sentence):
    assert worded(schema, instance) == sentence


def test_a_date_time_error_shows_the_form_wanted():
    found = schemas.errors("match", {**tw_match(), "started": "yesterday"})
    assert [schemas.describe_error(e) for e in found] == [
        '"yesterday" is not an RFC 3339 date-time such as 2026-11-21T20:14:05Z (within years 1 to 9999 in UTC)']


def test_a_huge_value_is_quoted_as_an_excerpt():
    """A 1 MB string in a file stays out of the message: an excerpt, its length said."""
    huge = "y" * 10**6
    for schema in ({"type": "integer"}, {"enum": ["a"]}, {"const": "a"}, {"pattern": "^a$"}):
        sentence = worded(schema, huge)
        assert len(sentence) <= 200 and huge[:1000] not in sentence, schema
    assert worded({"pattern": "^a$"}, "z" * 1000).endswith("...")
    assert len(schemas.quote(huge)) < 100 and schemas.quote(huge).endswith('characters)"')


@pytest.mark.parametrize("parts, shown", [(["entries", 3, "move", "reroll", 0], "entries[3].move.reroll[0]"),
                                          (["players", 0, "side"], "players[0].side"), ([], "(top level)"),
                                          ([2, "a"], "[2].a")])
def test_a_field_is_named_as_a_path(parts, shown):
    assert schemas.field_path(parts) == shown


def test_a_quoted_value_is_json():
    assert (schemas.quote('say "hi"'), schemas.quote(3), schemas.quote([1, 2])) == ('"say \\"hi\\""', "3", "[1, 2]")
    assert json.loads(schemas.quote("é ✓")) == "é ✓"
