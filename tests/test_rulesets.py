"""Rulesets: lookup by id, `extends`, parameter overrides, hashing, safe YAML."""

from __future__ import annotations

import json
import os

import pytest

from adjudicator import rulesets
from adjudicator.errors import RulesetError


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_RULESETS", str(tmp_path))
    return tmp_path


def test_builtin_dice_ruleset_resolves():
    ruleset = rulesets.resolve("dice-tug-of-war")
    assert ruleset.game == "dice-tug-of-war" and ruleset.sides == ["yellow", "red"]
    assert ruleset.params["pawns"] == 18 and len(ruleset.sha256) == 64


def test_extends_merges_mappings_and_replaces_lists(folder):
    (folder / "dice-big.yaml").write_text(
        "id: dice-big\nextends: dice-tug-of-war\nsummary: more pawns\n"
        "params:\n  pawns: 24\n  setup_order: [red, yellow]\n")
    ruleset = rulesets.resolve("dice-big")
    assert ruleset.params["pawns"] == 24 and ruleset.params["faces"] == 6
    assert ruleset.params["setup_order"] == ["red", "yellow"]
    assert ruleset.chain == ["dice-big", "dice-tug-of-war"] and ruleset.game == "dice-tug-of-war"
    assert ruleset.sha256 != rulesets.resolve("dice-tug-of-war").sha256


def test_extends_loop_is_refused(folder):
    (folder / "a.yaml").write_text("id: a\nextends: b\n")
    (folder / "b.yaml").write_text("id: b\nextends: a\n")
    with pytest.raises(RulesetError, match="extends itself in a loop: a → b → a"):
        rulesets.resolve("a")


def test_ids_are_names_never_paths():
    with pytest.raises(RulesetError, match="never paths"):
        rulesets.find_file("../rulesets/dice-tug-of-war")


def test_file_id_must_match_its_name(folder):
    (folder / "x.yaml").write_text("id: y\ngame: dice-tug-of-war\nsummary: s\nsides: [yellow, red]\nparams: {}\n")
    with pytest.raises(RulesetError, match="the file says 'y' but is named 'x'"):
        rulesets.resolve("x")


def test_yaml_object_tags_are_refused(folder):
    (folder / "evil.yaml").write_text("id: evil\nsummary: !!python/object/apply:os.system ['echo hi']\n")
    with pytest.raises(RulesetError, match="not valid YAML"):
        rulesets.resolve("evil")


def test_bad_yaml_names_the_line(folder):
    (folder / "bad.yaml").write_text("id: bad\nparams: [1, 2\n")
    with pytest.raises(RulesetError, match=r"bad.yaml: not valid YAML at line \d"):
        rulesets.resolve("bad")


def test_schema_violation_names_the_field(folder):
    (folder / "odd.yaml").write_text("id: odd\ngame: dice-tug-of-war\nsummary: s\nsides: [yellow]\nparams: {}\n")
    with pytest.raises(RulesetError, match=r"odd.yaml: field sides: has 1 item; needs at least 2"):
        rulesets.resolve("odd")


def test_loadout_must_name_catalogue_items(folder):
    (folder / "lo.yaml").write_text("id: lo\nextends: dice-tug-of-war\nloadouts:\n  starter-pack: [starter]\n")
    with pytest.raises(RulesetError, match=r"loadouts.starter-pack\[0\]: 'starter' is not in the item catalogue"):
        rulesets.resolve("lo")


def test_unknown_game_is_refused_on_validate(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text("id: g\ngame: chess\nsummary: s\nsides: [white, black]\nparams: {}\n")
    with pytest.raises(RulesetError, match="no game called 'chess'"):
        rulesets.validate_file(path)


def test_overrides_merge_and_check_kinds():
    base = rulesets.resolve("dice-tug-of-war")
    assert base.with_params({"pawns": 20}).params["pawns"] == 20
    with pytest.raises(RulesetError, match="expected true or false|expected a whole number"):
        base.with_params({"pawns": True})
    with pytest.raises(RulesetError, match="expected a list"):
        base.with_params({"setup_order": "red"})


def test_digest_ignores_key_order():
    assert rulesets.digest({"a": 1, "b": [1, 2]}) == rulesets.digest({"b": [1, 2], "a": 1})


def test_listing_includes_the_dice_game():
    ids = [info["id"] for info in rulesets.list_rulesets()]
    assert "dice-tug-of-war" in ids


def test_resolved_once_and_again_when_a_file_changes(folder):
    """A batch check resolves the same ruleset thousands of times: parse once, but never stale."""
    path = folder / "dice-cached.yaml"
    path.write_text("id: dice-cached\nextends: dice-tug-of-war\nparams:\n  pawns: 20\n")
    first = rulesets.resolve("dice-cached")
    assert rulesets.resolve("dice-cached") is first
    path.write_text("id: dice-cached\nextends: dice-tug-of-war\nparams:\n  pawns: 21\n")  # same size
    assert rulesets.resolve("dice-cached").params["pawns"] == 21
    path.unlink()
    with pytest.raises(RulesetError, match="Unknown ruleset 'dice-cached'"):
        rulesets.resolve("dice-cached")


def test_playing_never_changes_a_cached_ruleset():
    """Games share the cached ruleset's data: after whole matches of every ruleset it must
    still hash to what it hashed to when it was read."""
    from adjudicator import simulate

    for info in rulesets.list_rulesets():
        everything = list(rulesets.resolve(info["id"]).items)
        for index in (1, 2):
            simulate.play(info["id"], index, items=everything, max_entries=300)
        ruleset = rulesets.resolve(info["id"])
        assert rulesets.digest(ruleset.data) == ruleset.sha256, info["id"]


def test_parsed_rulesets_are_cached_by_content(folder, tmp_path, monkeypatch):
    """An unchanged ruleset is read from the JSON cache: no YAML parse on later commands."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(cache))
    path = folder / "dice-c.yaml"
    path.write_text("id: dice-c\nextends: dice-tug-of-war\nparams:\n  pawns: 20\n")
    data = rulesets.load_yaml(path)
    cached = list((cache / "rulesets").glob("*.json"))
    assert len(cached) == 1 and json.loads(cached[0].read_text()) == data
    monkeypatch.setattr(rulesets, "_parse_yaml", lambda raw, where: pytest.fail("parsed again"))
    assert rulesets.load_yaml(path) == data


def test_cache_skips_what_json_cannot_hold_and_survives_a_broken_entry(folder, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(cache))
    path = folder / "odd.yaml"
    path.write_text("id: odd\nversion: 2026-11-21\n")   # a YAML date: refused, never cached
    with pytest.raises(RulesetError, match="quote it"):
        rulesets.load_yaml(path)
    assert not list((cache / "rulesets").glob("*.json"))
    good = folder / "fine.yaml"
    good.write_text("id: fine\n")
    rulesets.load_yaml(good)
    entry, = (cache / "rulesets").glob("*.json")
    entry.write_text("{not json")
    assert rulesets.load_yaml(good) == {"id": "fine"}
    monkeypatch.setenv("ADJUDICATOR_CACHE", "")   # empty: no cache at all
    assert rulesets.load_yaml(good) == {"id": "fine"}


def test_an_unwritable_cache_is_not_an_error(folder, tmp_path, monkeypatch):
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("x")
    monkeypatch.setenv("ADJUDICATOR_CACHE", str(blocked))
    (folder / "fine.yaml").write_text("id: fine\n")
    assert rulesets.load_yaml(folder / "fine.yaml") == {"id": "fine"}


def test_a_ruleset_in_an_earlier_folder_or_a_changed_base_is_seen_at_once(folder, tmp_path, monkeypatch):
    """The resolved ruleset is remembered per process, but found again as find_file finds it
    on every use: a change to what it extends, or a file of the same id that appears in another
    folder (refused at once: no folder's place decides which file wins)."""
    later = tmp_path / "later"
    later.mkdir()
    monkeypatch.setenv("ADJUDICATOR_RULESETS", f"{folder}{os.pathsep}{later}")
    (later / "dice-base.yaml").write_text("id: dice-base\nextends: dice-tug-of-war\nparams:\n  pawns: 20\n")
    (later / "dice-top.yaml").write_text("id: dice-top\nextends: dice-base\n")
    assert rulesets.resolve("dice-top").params["pawns"] == 20
    (later / "dice-base.yaml").write_text("id: dice-base\nextends: dice-tug-of-war\nparams:\n  pawns: 22\n")
    assert rulesets.resolve("dice-top").params["pawns"] == 22
    (folder / "dice-top.yml").write_text("id: dice-top\nextends: dice-base\nparams:\n  pawns: 30\n")
    with pytest.raises(RulesetError, match="both .*dice-top.yml and .*dice-top.yaml offer it"):
        rulesets.resolve("dice-top")


def test_parameter_problems_are_remembered_per_ruleset_and_overrides(folder):
    """validate_params is asked once per game, resolved ruleset and match overrides, and
    again when the ruleset file changes."""
    from adjudicator import matchfile
    from adjudicator.errors import MatchFileError
    from helpers import REPO

    demo = json.loads((REPO / "matches" / "dice-demo.json").read_text(encoding="utf-8"))
    path = folder / "dice-p.yaml"
    path.write_text("id: dice-p\nextends: dice-tug-of-war\nparams:\n  pawns: 10\n")

    def prepared(params=None):
        rules = {"ruleset": "dice-p", **({"params": params} if params is not None else {})}
        return matchfile.prepare_header({**demo, "rules": rules}, None)

    for _ in range(2):
        with pytest.raises(MatchFileError, match=r"field rules.params: pawns \(10\) must be at least"):
            prepared()
    assert prepared({"pawns": 18}).ruleset.params["pawns"] == 18
    for _ in range(2):
        with pytest.raises(MatchFileError, match=r"pawns \(12\) must be at least"):
            prepared({"pawns": 12})
    assert prepared({"pawns": 40}).ruleset.params["pawns"] == 40
    path.write_text("id: dice-p\nextends: dice-tug-of-war\nparams:\n  pawns: 19\n")
    assert prepared().ruleset.params["pawns"] == 19
    with pytest.raises(MatchFileError, match=r"pawns \(12\) must be at least"):
        prepared({"pawns": 12})


def _without_each_param():
    """(ruleset id, a top-level parameter) for every parameter of every built-in ruleset."""
    for info in rulesets.list_rulesets():
        for key in rulesets.resolve(info["id"]).params:
            yield info["id"], key


@pytest.mark.parametrize("ruleset_id, key", list(_without_each_param()))
def test_a_variant_missing_a_parameter_is_refused_never_a_crash(cli, tmp_path, ruleset_id, key):
    """A variant file that lacks a parameter its game reads (a dice ruleset without
    `column_dice` was exit 3, KeyError) is ok or refused naming the field: exit 0 or 2, and a
    match is never made from a ruleset its game cannot use."""
    import yaml

    data = dict(rulesets.resolve(ruleset_id).data)
    data["params"] = {k: v for k, v in data["params"].items() if k != key}
    data["id"] = "variant"
    path = tmp_path / "variant.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    done = cli("ruleset", "validate", path)
    assert done.code in (0, 2), done.err
    if done.code == 2:
        assert key in done.err and "internal error" not in done.err


def test_the_dice_variant_without_column_dice_names_the_missing_field(cli, tmp_path):
    import yaml

    data = dict(rulesets.resolve("dice-tug-of-war").data)
    data["params"] = {k: v for k, v in data["params"].items() if k != "column_dice"}
    data["id"] = "variant"
    path = tmp_path / "variant.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    done = cli("ruleset", "validate", path)
    assert done.code == 2 and "field params: column_dice: missing" in done.err
