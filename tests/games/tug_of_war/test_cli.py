"""Zero's Tug of War: typed notation, legal moves, the board, replay narration, the CLI,
the rulesets and the example matches."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from helpers.tug_of_war import AT, fresh, refused, replay, setup, tw_match

from adjudicator import matchfile, schemas, session, simulate, wording
from adjudicator.errors import NotationError
from adjudicator.games.tug_of_war.modules import Play
from adjudicator.games.tug_of_war.notation import MODULE_NAMES, examples_for, format_move, notation_for, parse
from adjudicator.render import render
from adjudicator.rulesets import resolve
from helpers.matches import replayed

REPO = Path(__file__).resolve().parents[3]


# --- Notation -------------------------------------------------------------------------------

@pytest.mark.parametrize("text,move", [
    ("rope 2 1", {"module": "rope", "cards": [2, 1]}),
    ("Tower 3 b", {"module": "tower", "cards": [3], "option": "B"}),
    ("maze 1 up 1 left", {"module": "maze", "cards": [1, 1], "directions": ["up", "left"]}),
    ("path 2@c4 1@E5", {"module": "path", "cards": [2, 1], "anchors": ["C4", "E5"]}),
    ("discard 1 1", {"discard": [1, 1]}),
    ("race 3 discard 1", {"module": "race", "cards": [3], "discard": [1]}),
    ("race 2 block collation", {"module": "race", "cards": [2], "item": {"use": "block-move", "module": "collation"}}),
    ("CLOCK 1, 2", {"module": "clock", "cards": [1, 2]}),
    # forms players write
    ("tower 1 option B", {"module": "tower", "cards": [1], "option": "B"}),
    ("tower B 1 1", {"module": "tower", "cards": [1, 1], "option": "B"}),
    ("path 1 at C4 1 on d4", {"module": "path", "cards": [1, 1], "anchors": ["C4", "D4"]}),
])
def test_notation_parses_the_typed_forms(text, move):
    assert parse(text) == move


@pytest.mark.parametrize("text", ["", "rope", "jump 1", "rope x", "tower 1 D", "maze 1 north-ish", "discard",
                                  "race 1 block", "race 1 block moon", "rope 1 discard", "path 2@",
                                  "maze 1 up left",   # TW-3: one direction per card (not a card dropped)
                                  "tower 1 B 1",      # is the last 1 a card? the option comes before or after them
                                  "path 1 b4"])       # a cell after a card without at/on: "b4" is also "before"
def test_bad_notation_names_the_forms(text):
    with pytest.raises(NotationError, match="Write one of: rope 2 1; tower 3 B"):
        parse(text)


@pytest.mark.parametrize("move", [
    {"module": "rope", "cards": [2, 1]},
    {"module": "tower", "cards": [3], "option": "C", "discard": [1, 1]},
    {"module": "maze", "cards": [1, 2], "directions": ["down", "right"]},
    {"module": "path", "cards": [5], "anchors": ["B1"]},
    {"discard": [4]},
    {"module": "conker", "cards": [1], "item": {"use": "block-move", "module": "tower"}},
])
def test_canonical_form_round_trips(move):
    assert parse(format_move(move)) == move


def hinted(message: str) -> tuple[list[str], list[str]]:
    """The modules and the examples a notation error offers."""
    examples = re.search(r"Write one of: (.*?)\. Modules: ", message).group(1).split("; ")
    modules = re.search(r"Modules: (.*)\.$", message.strip()).group(1).split(", ")
    return modules, examples


@pytest.mark.parametrize("ruleset", ["tug-of-war-v1", "tug-of-war-v2"])
@pytest.mark.parametrize("text", ["jump 1", "rope x", "race 1 block moon", "tower 1 D"])
def test_bad_notation_offers_only_the_rulesets_modules(ruleset, text):
    """TW-3, TW-14, TW-15: v2 has Path instead of Maze, and a hint never offers a module the match lacks."""
    game, _ = fresh(ruleset)
    with pytest.raises(NotationError) as caught:
        game.parse_move(text)
    modules, examples = hinted(caught.value.message)
    assert modules == game.params["modules"]
    assert all(word in modules for e in examples for word in e.split() if word in MODULE_NAMES), examples
    assert any(e.split()[0] in modules for e in examples)


@pytest.mark.parametrize("ruleset", ["tug-of-war-v1", "tug-of-war-v2"])
def test_notation_line_and_examples_follow_the_ruleset(ruleset):
    """TW-14, TW-15: the notation line has the Maze form only in v1 and the Path form only in v2."""
    game, _ = fresh(ruleset)
    has = set(game.params["modules"])
    line, examples = notation_for(tuple(game.modules)), examples_for(tuple(game.modules))
    assert ("maze CARD DIR" in line) == ("maze" in has)
    assert ("path CARD@CELL" in line) == ("path" in has)
    assert examples and all(word in has for e in examples for word in e.split() if word in MODULE_NAMES)
    for example in examples:
        game.parse_move(example)


def test_cli_bad_move_in_v2_does_not_suggest_maze(cli, tmp_path):
    """TW-15: the refusal `move` prints for a v2 match points to a v2 move and form (the regression:
    it offered maze). It names the move the post wrote, if one is, else the forms."""
    path = tmp_path / "v2.json"
    assert cli("new", "tug-of-war-v2", "--player", "sally=Sally:red", "--player", "maddie=Maddie:blue",
               "-o", path).code == 0
    for player in ("sally", "maddie"):   # sally's closest is a legal move; maddie (not to play) an example's
        res = cli("move", path, player, "jump", "1", "--at", AT)
        assert res.code == 2
        said = res.err.split(f"{path}: ", 1)[1]
        # no move is the one 'jump 1' wrote: the v2 forms, never a move it did not write
        assert said.startswith("'jump 1' is not a move of tug-of-war-v2; write MODULE CARD") and "maze" not in said, said


def test_extras_of_a_module_the_ruleset_lacks_say_so():
    """TW-3: v2 has no Maze, so a v2 move with directions is told that, not pointed to maze moves."""
    game, s = fresh("tug-of-war-v2")
    flag = refused(game, s, "sally", {"module": "rope", "cards": [1], "directions": ["up"]})
    assert flag.code == "extra-not-allowed" and "tug-of-war-v2 has no maze" in wording.refusal(game, flag)


def test_block_move_on_a_module_the_match_lacks_lists_the_active_ones():
    """TW-18: Block Move names an active module; the refusal lists this match's active modules."""
    game, s = fresh("tug-of-war-v2", items={"sally": ["block-move"]})
    flag = refused(game, s, "sally", "rope 1 block maze")
    assert flag.code == "block-move-module"
    listed = re.search(r"\(([^)]*)\)", wording.refusal(game, flag)).group(1).split(", ")
    assert listed == game.active(s) and "maze" not in listed


# --- Schema ---------------------------------------------------------------------------------

@pytest.mark.parametrize("move,ok", [
    ({"module": "rope", "cards": [1]}, True),
    ({"discard": [1]}, True),
    ({}, False),
    ({"module": "rope"}, False),
    ({"cards": [1]}, False),
    ({"module": "moon", "cards": [1]}, False),
    ({"module": "rope", "cards": [0]}, False),
    ({"module": "path", "cards": [1], "anchors": ["c4"]}, False),
    ({"module": "rope", "cards": [1], "item": {"use": "starter"}}, False),
    ({"option": "A", "discard": [1]}, False),
    ({"module": "rope", "cards": [1], "bogus": 1}, False),
])
def test_move_schema(move, ok):
    assert (not schemas.errors("move/tug-of-war", move)) == ok


def test_schema_errors_are_crisp():
    found = schemas.errors("move/tug-of-war", {"module": "rope", "cards": [1], "bogus": 1})
    assert schemas.describe_error(found[0]) == "unknown field ('bogus' was unexpected)"


# --- Legal moves ----------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", ["tug-of-war-v1", "tug-of-war-v2"])
def test_every_listed_legal_move_is_accepted(ruleset):
    game, s = fresh(ruleset, items={"sally": ["block-move"]})
    moves = list(game.legal_moves(s, "sally"))
    assert moves
    for move, _ in moves[:: max(1, len(moves) // 300)]:
        game.check_move(s, "sally", move)
    assert not list(game.legal_moves(s, "maddie"))
    assert any("item" in m for m, _ in moves)


def test_legal_moves_skip_illegal_sequences():
    game, s = fresh()
    setup(game, s, sally=[1, 1, 3])
    s.mods["race"]["steps"]["sally"] = 12
    race = [m["cards"] for m, _ in game.legal_moves(s, "sally") if m.get("module") == "race"]
    assert race == [[1]]   # 3 overshoots; a card after the point is illegal (TW-5, TW-11)


def test_legal_groups_where_there_are_many():
    """Path anchors, Maze card orders and Block Move targets are grouped; each listed move is legal."""
    for ruleset in ("tug-of-war-v1", "tug-of-war-v2"):
        game, s = fresh(ruleset, items={"sally": ["block-move"]})
        setup(game, s, sally=[1, 2, 3, 4, 5])
        moves = list(game.legal_moves(s, "sally"))
        assert len(moves) < 2000
        blocks = [m for m, _ in moves if "item" in m]
        assert len(blocks) == 7 and all("may end any move above" in wording.preview(game, e)
                                        for m, e in moves if "item" in m)


def test_legal_lists_a_scoring_path_anchor_alone():
    game, s = fresh()
    setup(game, s, sally=[1, 2])
    for r in range(7):
        s.mods["path"]["tiles"][r][0] = "sally"
    listed = {format_move(m): wording.preview(game, e) for m, e in game.legal_moves(s, "sally")
              if m.get("module") == "path"}
    assert "Sally scores" in listed["path 1@A8"]
    assert "the same at 55 other anchors" in listed["path 1@B1"]  # A1–A7 flip red tiles: other effects


def test_legal_discards_when_a_discard_is_owed():
    game, s = fresh()
    setup(game, s, sally=[1, 2, 3, 4, 5])
    game.apply_move(s, "sally", parse("tower 1 C"))
    moves = list(game.legal_moves(s, "sally"))
    assert {tuple(m["discard"]) for m, _ in moves} >= {(1, 1), (4, 5)} and all(len(m["discard"]) == 2 for m, _ in moves)


def test_legal_previews_say_what_a_move_gains():
    game, s = fresh()
    preview = {format_move(m): wording.preview(game, e) for m, e in game.legal_moves(s, "sally")}
    assert preview["collation 1 1"] == "Sally gains a 2 (Collation: 2 taken this turn)"


# --- Legal moves: the quick listing agrees with previewing every move ----------------------

def playout_positions(ruleset: str, index: int, items: tuple[str, ...] = ()) -> list[tuple[Any, Any, str]]:
    """(game, state, player to move) before each entry of a simulated random match."""
    played = simulate.play(ruleset, index, items=items)
    rep = session.new_replay(matchfile.prepare({**played.data, "entries": []}, None))
    positions = []
    for entry in played.data["entries"]:
        positions.append((rep.game, copy.deepcopy(rep.state), entry["player"]))
        rep.step(entry)
    return positions


def listed_the_plain_way(game, s, player: str) -> list[tuple[dict, str]]:
    """legal_moves with every Path anchor previewed on its own and every move prechecked."""
    def prechecked(s, player, move):
        game._precheck(s, player, move)   # raises for a built move the checks would refuse
        return type(game)._preview_built(game, s, player, move)

    path = game.modules.get("path")
    if path is not None:
        path.single_card_outcomes = lambda *args: None   # every anchor played on its own
    game._preview_built = prechecked
    try:
        return [(move, wording.preview(game, effects)) for move, effects in game.legal_moves(s, player)]
    finally:
        if path is not None:
            del path.single_card_outcomes
        del game._preview_built


@pytest.mark.parametrize("ruleset,index,items", [
    ("tug-of-war-v2", 3, ()),
    ("tug-of-war-v2", 4, ("starter", "conker-start", "block-move")),
    ("tug-of-war-v1", 5, ("block-move",)),
])
def test_quick_listing_agrees_with_previewing_every_move(ruleset, index, items):
    """Path anchors share a preview by outcome and listed moves skip _precheck (game.py,
    _legal_path_card and _preview_built): same moves, order and previews as the plain way,
    and check_move accepts each."""
    for game, s, player in playout_positions(ruleset, index, items)[::2]:
        quick = [(move, wording.preview(game, effects)) for move, effects in game.legal_moves(s, player)]
        assert quick == listed_the_plain_way(game, s, player)
        for move, _ in quick:
            game.check_move(s, player, move)


def test_a_player_id_holding_a_preview_word_changes_no_preview():
    """A preview keeps events by kind, not by their words: a mover whose id says "wins" gets
    the previews anyone else gets (they once kept the card's own narration, anchor and all,
    and so could not share a preview across anchors)."""
    def path_previews(name: str) -> list[tuple[dict, str]]:
        data = tw_match()
        data["players"][0]["id"] = data["first"] = name
        game = matchfile.prepare(data, None).game
        return [(m["anchors"], wording.preview(game, e)) for m, e in game.legal_moves(game.initial_state(), name)
                if m.get("module") == "path" and len(m["cards"]) == 1]
    winsome, sally = path_previews("winsome"), path_previews("sally")
    assert len(winsome) == 1 and "the same at 63 other anchors" in winsome[0][1]   # the hand holds 1s only
    assert winsome == [(anchors, text.replace("sally", "winsome")) for anchors, text in sally]


def test_path_single_card_outcomes_agree_with_playing_the_card():
    """Path.single_card_outcomes (bitmasks) against the module's own card, after_cards and
    longest_run, on random boards of every density and on boards from playouts (TW-15)."""
    game, _ = fresh()
    path = game.modules["path"]
    rnd = random.Random(15)
    boards = [[[rnd.choices([None, "sally", "maddie"], [1 - fill, fill / 2, fill / 2])[0] for _ in range(8)]
               for _ in range(8)] for fill in (0.1, 0.3, 0.5, 0.7, 0.8, 0.9, 1.0) for _ in range(3)]
    ids = {"p1": "sally", "p2": "maddie", None: None}   # the simulated players, renamed
    boards += [[[ids[t] for t in row] for row in s.mods["path"]["tiles"]]
               for _, s, _ in playout_positions("tug-of-war-v2", 3)[::4]]
    scored = set()
    for tiles in boards:
        for mover, opponent in (("sally", "maddie"), ("maddie", "sally")):
            for strength in range(1, 6):
                outcomes = path.single_card_outcomes(tiles, mover, opponent, strength)
                assert list(outcomes) == path.anchors(strength)
                for anchor, outcome in outcomes.items():
                    assert outcome == played_outcome(path, tiles, mover, opponent, strength, anchor), (tiles, anchor)
                    scored.add(outcome[:2])
    assert {("path", "sally"), ("path", "maddie")} <= scored  # paths across for either player were met


def played_outcome(path, tiles, mover: str, opponent: str, strength: int, anchor: str) -> tuple:
    mod = {"tiles": [list(row) for row in tiles]}
    play = Play(mover, opponent, "path", [strength], {"anchors": [anchor]}, mod)
    path.card(play, strength)
    path.after_cards(play)
    if play.scorer:
        return ("path", play.scorer, play.info["grey_left"])
    return ("run", path.longest_run(mod["tiles"], mover))


def test_path_outcomes_step_aside_for_an_unusual_board_or_shape():
    game, s = fresh(params={"path": {"shapes": {"2": [[0, 0], [0, 0]]}}})
    tiles = s.mods["path"]["tiles"]
    path = game.modules["path"]
    assert path.single_card_outcomes(tiles, "sally", "maddie", 2) is None   # covers its anchor twice
    assert path.single_card_outcomes(tiles, "sally", "maddie", 1) is not None
    tiles[0][0] = "someone else"
    assert path.single_card_outcomes(tiles, "sally", "maddie", 1) is None


def test_scratch_copies_every_field_and_shares_nothing_a_turn_changes():
    game, s = fresh()
    s.owe, s.turns, s.winner, s.termination, s.figures = ["maddie"], 7, "sally", "hand-empty", {"player": "maddie"}
    s.blocked["maddie"], s.last["sally"] = "rope", "race"
    scratch = game._scratch(s, "path")
    assert scratch == s
    scratch.mods["path"]["tiles"][0][0] = scratch.mods["conker"]["height"]["sally"] = "changed"
    scratch.hands["sally"].append(5)
    assert s.mods["path"]["tiles"][0][0] is None and s.mods["conker"]["height"]["sally"] == 0
    assert s.hands["sally"] == [1, 1, 1]


# --- Board and replay -----------------------------------------------------------------------

def test_board_json_has_the_spec_keys():
    match, rep = replay(("sally", "rope 1"))
    board = match.game.public_view(rep.state)
    assert board["hands"] == {"sally": [1, 1, 1], "maddie": [1, 1, 2]}
    assert board["modules_won"] == {"sally": 0, "maddie": 0}
    assert set(board["modules"]) == {"rope", "race", "collation", "clock", "path", "conker", "tower"}
    rope = board["modules"]["rope"]
    assert (rope["active"], rope["winner"], rope["points"]) == (True, None, {"sally": 0, "maddie": 0})


def test_board_text_shows_modules_hands_turn_and_grids(cli, write):
    path = write(tw_match([("sally", "path 1@B2"), ("maddie", "rope 1")], ruleset="tug-of-war-v2"))
    out = cli("board", path).out
    for expected in ("Rope", "Conker", "may not choose", "Hands — Sally (red)", "Modules won", "To play: Sally",
                     " 2 . r . . . . . ."):
        assert expected in out
    path = write(tw_match(ruleset="tug-of-war-v1"), "v1.json")
    out = cli("board", path).out
    assert "Maze:" in out and " 5 # . . @ . . #" in out


def test_board_shows_a_pending_discard():
    game, s = fresh()
    setup(game, s, sally=[1, 2, 3, 4, 5])
    game.apply_move(s, "sally", parse("tower 1 C"))
    text = render(game.board_blocks(game.public_view(s)), "text")
    assert "Sally must discard 2 cards (down to 5)" in text


@pytest.mark.parametrize("entries", [[], [("sally", "tower 1 C")]])
def test_board_of_a_match_the_host_ended_names_nobody_to_play(entries):
    """G-4: after a forfeit the board asks nobody to play or to discard (TW-7), as after a win by the rules."""
    data = tw_match(list(entries), params={"starting_hands": {"first": [1, 2, 3, 4, 5], "second": [1, 1, 2]}})
    data["entries"].append({"seq": len(data["entries"]) + 1, "type": "host",
                            "host": {"action": "forfeit", "player": "maddie"}})
    match, rep = replayed(data)
    view = match.game.public_view(rep.state)
    assert rep.outcome.winner == "sally" and view["to_play"] is None and view["pending_discard"] is None
    text = render(match.game.board_blocks(view), "text")
    assert "To play" not in text and "must discard" not in text


def test_board_renders_in_every_format():
    game, s = fresh()
    for fmt in ("text", "markdown", "bbcode", "discord"):
        assert "Collation" in render(game.board_blocks(game.public_view(s)), fmt)


def test_replay_explains_each_turn_with_rulings(cli, write):
    path = write(tw_match([("sally", "rope 1"), ("maddie", "tower 2 C"), ("sally", "collation 1 1")]))
    out = cli("replay", path).out
    assert "Rope: Sally pulls 1: Sally at spot 10, Maddie at spot 8 [TW-10]" in out
    assert "Sally gains a 1 (Rope letter D (spot 10): 0 modules won + 1) [TW-6]" in out
    assert "Sally gains a 2 (Tower option C, to the opponent) [TW-6]" in out
    data = cli("replay", path, "--format", "json").json
    assert data["status"] == "in_progress" and data["to_act"] == ["maddie"]


# --- CLI ------------------------------------------------------------------------------------

def test_cli_new_move_and_legal(cli, tmp_path):
    path = tmp_path / "m.json"
    assert cli("new", "tug-of-war-v2", "--player", "sally=Sally:red", "--player", "maddie=Maddie:blue",
               "--item", "sally=3-star", "-o", path).code == 0
    assert json.loads(path.read_text())["players"][0]["items"] == ["block-move"]
    assert cli("move", path, "sally", "rope", "1", "block", "race").code == 0
    res = cli("move", path, "maddie", "race", "1")
    assert res.code == 1 and "module-blocked" in res.err
    assert cli("move", path, "maddie", "tower", "2", "B").code == 0
    listing = cli("legal", path, "--format", "json").json
    assert listing["legal"]["sally"] and listing["awaiting"] == "Sally to play a module"
    assert cli("move", path, "sally", "nonsense").code == 2


def test_rulesets_resolve_and_v2_lists_only_its_changes():
    v1, v2 = resolve("tug-of-war-v1"), resolve("tug-of-war-v2")
    assert v2.chain == ["tug-of-war-v2", "tug-of-war-v1"]
    assert "maze" in v1.params["modules"] and "path" in v2.params["modules"] and "maze" not in v2.params["modules"]
    assert (v1.params["tower"]["lead_to_win"], v2.params["tower"]["lead_to_win"]) == (3, 2)
    assert (v1.params["race"]["puddles"], v2.params["race"]["puddles"]) == ([], [4, 9])
    assert v1.params["collation"]["early_end"] is None and v2.params["collation"]["early_end"] == {"taken": 20,
                                                                                                    "holding": 13}
    assert v2.params["fixed_rewards"]["C"] == {"mover": [1, 1, 1], "opponent": [2]}
    import yaml
    raw = yaml.safe_load((REPO / "rulesets" / "tug-of-war-v2.yaml").read_text())
    assert raw["extends"] == "tug-of-war-v1" and set(raw["params"]) == {"modules", "fixed_rewards", "race",
                                                                       "collation", "tower", "time_control"}
    assert raw["params"]["time_control"] == {"turn_seconds": 120}  # TW-19: the rest is v1's


def test_bad_parameters_are_refused():
    from adjudicator.errors import MatchFileError
    with pytest.raises(MatchFileError, match="rope.start_spot"):
        replay(params={"rope": {"start_spot": 40}})
    with pytest.raises(MatchFileError, match="path.shapes"):
        replay(params={"path": {"shapes": {"3": [[1, 1]]}}})


# --- Example matches ------------------------------------------------------------------------

@pytest.mark.parametrize("version", ["v1", "v2"])
def test_example_match_is_complete(version):
    files = sorted((REPO / "matches").glob(f"tug-of-war-{version}-*.json"))
    assert files
    for path in files:
        match = matchfile.load(path)
        rep = session.replay_match(match)
        assert rep.outcome is not None and not rep.flags


@pytest.mark.parametrize("version,at", [("v1", 20), ("v1", 45), ("v2", 30), ("v2", 80)])
def test_check_move_never_changes_the_state(version, at):
    """G-1 / the Game contract: checking every legal move (and some illegal ones) leaves the state as it was."""
    import copy

    from adjudicator.game import Illegal
    match = matchfile.load(next((REPO / "matches").glob(f"tug-of-war-{version}-*.json")))
    rep = session.replay_match(match, until=at)
    game, state = match.game, rep.state
    before = copy.deepcopy(state)
    player = rep.to_act()[0]
    listed = [move for move, _ in game.legal_moves(state, player)]
    assert listed
    for move in listed:
        game.check_move(state, player, move)
        # Illegal twins: a module move with three cards too many or a discard of cards not
        # held; a discard (v1 at 20 is one) of nothing, or of cards not held.
        twins = ({**move, "cards": move.get("cards", []) + [1, 1, 1]}, {**move, "discard": [5, 5, 5, 5]}) \
            if "module" in move else ({"discard": []}, {"discard": [5, 5, 5, 5]})
        for bad in twins:
            with pytest.raises(Illegal):
                game.check_move(state, player, bad)
    assert state == before


@pytest.mark.parametrize("version", ["v1", "v2"])
def test_board_and_replay_json_match_the_result_schema(cli, version):
    path = next((REPO / "matches").glob(f"tug-of-war-{version}-*.json"))
    for args in (("board", path, "--format", "json"), ("board", path, "--at", "9", "--format", "json"),
                 ("replay", path, "--format", "json")):
        res = cli(*args)
        assert res.code == 0 and schemas.errors("result", res.json) == []


@pytest.mark.parametrize("ruleset,index", [("tug-of-war-v1", 1), ("tug-of-war-v1", 2), ("tug-of-war-v2", 1),
                                           ("tug-of-war-v2", 2), ("tug-of-war-v2", 3)])
def test_the_quick_turn_agrees_with_the_turn_played_whole_on_a_copy(ruleset, index):
    """check_move plays only what can refuse (none of a lone card, the cards of several on a
    copy of the module) and apply_move plays the rest in place, with Path's bits carried from
    turn to turn; every simulated entry must come out as the whole turn on a scratch copy
    (_scratch + _resolve, the plain way), events and state alike."""
    played = simulate.play(ruleset, index)
    rep = session.new_replay(matchfile.prepare({**played.data, "entries": []}, None))
    game = rep.game
    for entry in played.data["entries"]:
        move = entry.get("move")
        if move and "module" in move and game.pending(rep.state) is not None:
            scratch = game._scratch(rep.state, move["module"])
            expected = game._resolve(scratch, entry["player"], move)
            log = rep.step(entry)
            assert list(log.events[-len(expected):]) == expected   # after any clock events (G-7)
            assert rep.state == scratch
        else:
            rep.step(entry)


def test_path_bits_carried_over_stand_aside_for_a_board_changed_behind_them():
    """Path's bits of the board its last turn left are used only while the board is that one."""
    game, s = fresh()
    setup(game, s, sally=[1, 1, 1], maddie=[1, 1, 2])
    for player, text in (("sally", "path 1@A1"), ("maddie", "path 1@B1")):
        move = parse(text)
        s.last = {p: None for p in s.last}
        game.check_move(s, player, move)
        game.apply_move(s, player, move)
    assert game.modules["path"]._left is not None
    s.mods["path"]["tiles"][7] = ["sally"] * 8       # changed behind the module's back
    s.last = {p: None for p in s.last}
    move = parse("path 1@A1")
    game.check_move(s, "sally", move)
    events = game.apply_move(s, "sally", move)
    assert any(e.kind == "path-scored" for e in events)   # row 8 is sally's path across
