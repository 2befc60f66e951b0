"""Moves read as players post them, and the notation taught.

adjudicator.reading finds the one move in a post copied from a forum, Discord or a phone:
any case, quotes, markup, arrow emoji and shortcodes, trailing punctuation, words around
the move. None or two different moves are refused (exit 2) quoting them; the same move said
twice is one move. Every game declares its notation as data (game.Form); every example
parses and formats back, `ruleset show` lists them, and a refusal names the closest move.
"""

from __future__ import annotations

import re

import json
from itertools import islice
from pathlib import Path
from typing import Any, Iterator

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from adjudicator import matchfile, reading, session
from adjudicator.game import Game
from adjudicator.errors import InputError, NotationError
from adjudicator.lexicon import Lexicon
from adjudicator.registry import game_class
from adjudicator.rulesets import list_rulesets, resolve
from helpers import REPO
from helpers.matches import dice_match, setup_entries
from helpers.post_positions import first_to_act, read as read_in
from helpers.strategies import RULESETS


def header(ruleset: str, items: tuple[str, ...] = (), **extra: Any) -> dict[str, Any]:
    """A new match of `ruleset` between sally and maddie on the ruleset's sides, in its order;
    sally starts where the header may name who starts (the game's nature: first_by_pick, G-6)."""
    rules = resolve(ruleset)
    sides = rules.sides
    data = {"format": "adjudicator-match/1", "id": "posts", "rules": {"ruleset": ruleset},
            "players": [{"id": "sally", "name": "Sally", "side": sides[0], "items": list(items)},
                        {"id": "maddie", "name": "Maddie", "side": sides[1], "items": list(items)}],
            "entries": []}
    if game_class(rules.game).nature.first_by_pick:
        data["first"] = "sally"
    data.update(extra)
    return data


def dice_deciding() -> dict[str, Any]:
    """A dice match where bernd (yellow, the smaller team) decides after his turn roll."""
    return dice_match([*setup_entries([1, 2, 3], [4, 5, 6]), ("roll", 6, 3, 2)])


# Where the posts of a ruleset are read, and by whom, when a new match is not the place: a dice
# player's posts answer his roll. Any other ruleset: a new match (header), sally posting.
READ_IN = {"dice-tug-of-war": (dice_deciding, "bernd")}


def reading_position(ruleset: str) -> tuple[dict[str, Any], str]:
    """The match in which a post of `ruleset` is read, and the player who posts."""
    build, player = READ_IN.get(ruleset, (lambda: header(ruleset), "sally"))
    return build(), player


def read(data: dict[str, Any], player: str, post: str) -> str:
    """The post as `move` reads it, in canonical form; a refusal's message prefixed ERR."""
    match = matchfile.prepare(data, None)
    replay = session.replay_match(match)
    try:
        move = session.read_move(match, replay, player, post, False, "m.json")
    except InputError as exc:   # NotationError, or the schema's refusal of what was read
        return "ERR " + exc.message
    return match.game.format_move(move)


# --- Posts of every ruleset, as players write them ---------------------------------------------

POSTS = [
    ("tug-of-war-v1", "I'll play rope 1 1 please", "rope 1 1"),
    ("tug-of-war-v1", "**maze 1 ⬆️ 1 ⬅️**", "maze 1 up 1 left"),
    ("tug-of-war-v1", "maze 1 :arrow_up: 1 :Arrow_Left:", "maze 1 up 1 left"),
    ("tug-of-war-v1", "maze 1 ⬆\ufe0e 1 ➡", "maze 1 up 1 right"),
    ("tug-of-war-v1", "> Tower 1, B!", "tower 1 B"),
    ("tug-of-war-v1", "rope 1️⃣ 1️⃣", "rope 1 1"),
    ("tug-of-war-v2", "ok so… “path 1@c4” 😅", "path 1@C4"),
    ("tug-of-war-v2", "||race 1 1||", "race 1 1"),
    ("tug-of-war-v2", "`collation 1`.", "collation 1"),
    ("tug-of-war-v2", "__CONKER 1 1__ — thanks!", "conker 1 1"),
    ("track-trouble", "r1 c1 1 T2", "r1 c1: 1 T2"),
    ("track-trouble", "r1 c1: 1 T2", "r1 c1: 1 T2"),
    ("track-trouble", "My move: 1 T2, 2 T1, 3 switch purple. Thanks!", "r1 c1: 1 T2, 2 T1, 3 switch purple"),
    ("track-trouble", "> `1 t2, 2 t3`", "r1 c1: 1 T2, 2 T3"),
    ("track-trouble", "**Round 1 crossing 1: 1 T1**", "r1 c1: 1 T1"),
    ("track-trouble", "1 T2.", "r1 c1: 1 T2"),          # as typed it boards a track 'T2.': the schema refuses that
    ("track-trouble", "1 “t2”, 2 ‘T3’!", "r1 c1: 1 T2, 2 T3"),
    ("dice-tug-of-war", "ok here goes: trade 3 for 2 😅", "trade 3 for 2"),
    ("dice-tug-of-war", "I'll ATTACK!!", "attack"),
    ("dice-tug-of-war", "'reroll 1 3' please", "reroll 1 3"),
    ("dice-tug-of-war", "ok: trade 3 → 2!", "trade 3 for 2"),
    ("arrowbic", "G4 left.", "G4 left"),
    ("arrowbic", "E5 ⬆️", "E5 up"),
    ("arrowbic", "E5⬆", "E5 up"),
    ("arrowbic", "e5 :arrow_right:", "E5 right"),
    ("arrowbic", "**E5 up**", "E5 up"),
    ("arrowbic", "> I go ‘E5 ↓’ 🙂", "E5 down"),
    ("arrowbic", "~~E5 up~~ G4 left", "G4 left"),
    ("arrowbic", "C3→", "C3 right"),
    ("arrowbic", "I'll place at e5, arrow up", "E5 up"),       # glue words read past
    ("winning-streak", "Turn 1: place 3/5 at C please", "t1 place 3/5 C"),
    ("winning-streak", "place 3/5 c 😅", "t1 place 3/5 C"),
    ("winning-streak", "“t1 place 3/5 C.”", "t1 place 3/5 C"),
]


@pytest.mark.parametrize("ruleset, post, move", POSTS, ids=[f"{r}: {p}" for r, p, _ in POSTS])
def test_a_post_as_players_write_it_reads_to_its_move(ruleset, post, move):
    data, player = reading_position(ruleset)
    assert read(data, player, post) == move


TWO = [
    ("arrowbic", "E5 up and G4 left", ("'E5 up'", "'G4 left'")),
    ("tug-of-war-v2", "rope 1 1 or maybe race 1 1?", ("'rope 1 1'", "'race 1 1'")),
    ("winning-streak", "place 3/5 C, no wait: place 2/2 D", ("'place 3/5 C'", "'place 2/2 D'")),
    ("track-trouble", "1 T2 and also hidden N3 2", ("'1 T2'", "'hidden N3 2'")),
    ("dice-tug-of-war", "attack? no: trade 3 for 2", ("'attack'", "'trade 3 for 2'")),
]


@pytest.mark.parametrize("ruleset, post, quoted", TWO, ids=[r for r, _, _ in TWO])
def test_two_different_moves_are_refused_quoting_both(ruleset, post, quoted):
    data, player = reading_position(ruleset)
    said = read(data, player, post)
    assert said.startswith("ERR m.json: the post holds two different moves") and all(q in said for q in quoted), said


@pytest.mark.parametrize("ruleset, post, move", [
    ("arrowbic", "E5 up (E5 ⬆️)", "E5 up"),
    ("tug-of-war-v2", "rope 1 1 … yes, ROPE 1 1!", "rope 1 1"),
    ("winning-streak", "place 3/5 C — t1 place 3/5 c", "t1 place 3/5 C"),
    ("track-trouble", "1 T2. To be clear: r1 c1: 1 t2", "r1 c1: 1 T2"),
])
def test_the_same_move_said_twice_is_one_move(ruleset, post, move):
    assert read(header(ruleset), "sally", post) == move


@pytest.mark.parametrize("ruleset, post, closest", [
    ("tug-of-war-v2", "rop 1 1", "closest: 'rope 1"),
    ("arrowbic", "I'll place at e5, arrow rigjt", "closest: 'E5 right' (CELL ARROW)"),
    # no game word: no move is the one the post wrote, so the forms, never a move
    ("winning-streak", "hmm, no idea", "write [tTURN] place TROOP LOCATION"),
    ("track-trouble", "what a game", "write [rROUND cCROSSING[:]] MINER"),
])
def test_a_post_without_a_move_is_refused_with_the_closest_move(ruleset, post, closest):
    said = read(header(ruleset), "sally", post)
    assert said.startswith(f"ERR m.json: '{post}' is not a move of {ruleset}; ") and closest in said, said
    assert len(re.findall(r"(?<!\.)\. ", said)) <= 1   # one or two sentences (a form's "..." is none)


def test_the_closest_move_and_its_form_come_from_the_examples_when_nothing_is_legal():
    data = header("tug-of-war-v2")
    said = read(data, "maddie", "rop 2 1")   # sally's turn: maddie has no legal move now
    assert said == ("ERR m.json: 'rop 2 1' is not a move of tug-of-war-v2; closest: 'rope 2 1' "
                    "(MODULE CARD... [discard CARD...] [block MODULE]).")


def test_a_number_left_outside_the_move_is_refused_not_dropped():
    said = read(header("tug-of-war-v2"), "sally", "rope 1 1, I have 1 more")
    assert said.startswith("ERR m.json: the post holds the move 'rope 1 1' and also '1' outside it"), said
    # counting something, after a comma, and no card of the hand: no move could use it
    assert read(header("tug-of-war-v2"), "sally", "rope 1 1, I have 3 cards") == "rope 1 1"
    assert read(dice_deciding(), "bernd", "reroll 1 and 3") == "reroll 1 3"   # glue between positions


def test_single_letters_and_bare_numbers_are_not_moves_among_other_words():
    """'a' is dice Tug of War's attack, and a bare number a Track Trouble miner: alone they
    are read as typed, among other words they are chatter."""
    assert read(dice_deciding(), "bernd", "a") == "attack"
    assert read(dice_deciding(), "bernd", "I'll take a reroll 1 3") == "reroll 1 3"


@pytest.mark.parametrize("ruleset, post, alone", [
    ("track-trouble", "I have nothing to add", "nothing"),
    ("track-trouble", "pass the salt", "pass"),
    ("winning-streak", "none of that, thanks", "none"),
])
def test_words_for_doing_nothing_are_chatter_unless_they_are_the_post(ruleset, post, alone):
    """Game.is_plausible: an empty submission (TT) or a relocation changing nothing (WS) is read
    only when it is the whole post."""
    assert " is not a move of " in read(header(ruleset), "sally", post)
    assert not read(header(ruleset), "sally", alone).startswith("ERR")


def test_a_run_naming_what_the_match_lacks_is_no_move_but_its_parts_are_tried():
    """Game.is_plausible: among other words, '2 please' boards no Track Trouble track and 'X' is
    no Winning Streak location; the run inside ('1 T2') is still found."""
    match = matchfile.prepare(header("track-trouble"), None)
    replay = session.replay_match(match)

    def complete(move: dict[str, Any]) -> dict[str, Any]:
        return match.game.complete_move(replay.state, "sally", move)

    ctx = reading.Context(complete, lambda m: True, None, lambda w: w, "track-trouble", "m.json")
    words = reading.post_as_words(match.game, "ok 1 T2 2 please", ctx.reword)
    found = reading.find_moves(match.game, words, reading.classify(match.game, words), ctx)
    assert [each.said for each in found] == ["1 T2"]
    assert read(header("winning-streak"), "sally", "ok 3/5 X, then").startswith("ERR m.json: 'ok 3/5 X, then' is not")


def test_moves_typed_as_before_read_exactly_as_before():
    """The game's own parse_move reads the text as typed first: nothing that read before changes."""
    data = header("arrowbic")
    match = matchfile.prepare(data, None)
    for text in ("E5 up", "e5 u", "E5 ^", "C3→", "place e5 up", "e5: up", "retake"):
        assert reading.read_post(match.game, text).move == match.game.parse_move(text)
        assert reading.read_post(match.game, text).exact


def test_track_trouble_reads_round_and_crossing_with_or_without_colon():
    game = matchfile.prepare(header("track-trouble"), None).game
    want = {"round": 3, "crossing": 1, "actions": [{"miner": 1, "board": "T2"}]}
    for text in ("r3 c1 1 T2", "r3 c1: 1 T2", "R3C1 1 T2", "round 3 crossing 1 1 T2"):
        assert game.parse_move(text) == want, text
    assert game.parse_move("remote green") == {"actions": [], "items": [{"use": "remote-switch", "switch": "green"}]}


def test_a_move_the_schema_refuses_and_no_post_reading_fixes_keeps_its_precise_refusal():
    said = read(header("winning-streak"), "sally", "3/5 please")   # as typed: a placement at 'PLEASE'
    assert said == "ERR m.json: the move, field move.location: 'PLEASE' does not match '^[A-Z]{1,3}$'."


CHATTER = st.lists(st.sampled_from(["ok", "here", "goes:", "please", "thanks!", "lol", "hmm,", "my", "move", "—",
                                    "😅", "🙂", "**", "||", "\n> ", "“", "”", "...", "gg", "well"]), max_size=5)
MOVES = [("arrowbic", "E5 up"), ("tug-of-war-v2", "rope 1 1"), ("tug-of-war-v1", "maze 1 up 1 left"),
         ("winning-streak", "place 3/5 C"), ("track-trouble", "1 T2, 2 switch purple, 3 T1")]


@pytest.mark.parametrize("ruleset, move", MOVES, ids=[r for r, _ in MOVES])
@given(before=CHATTER, after=CHATTER)
def test_chatter_around_a_move_never_changes_it(ruleset, move, before, after):
    data = header(ruleset)
    want = read(data, "sally", move)
    assert read(data, "sally", " ".join([*before, move, *after])) == want


# --- Bounded work ----------------------------------------------------------------------------

def test_a_hostile_long_post_is_refused_without_reading_it():
    data = header("track-trouble")
    said = read(data, "sally", "1 T2, " * 200_000)   # 1.2 MB: no game parser ever sees it
    assert said == (f"ERR m.json: the post is {6 * 200_000:,} characters; a move is read from posts of at most "
                    f"{reading.MAX_POST:,} characters: give the part with the move.")


def test_a_long_chatty_post_is_searched_within_its_bounds():
    words = reading.MAX_WORDS - 2
    assert read(header("arrowbic"), "sally", "hmm " * words + "E5 up") == "E5 up"
    said = read(header("arrowbic"), "sally", "hmm " * reading.MAX_WORDS + "E5 up")
    assert said.startswith("ERR m.json: the post has ") and f"at most {reading.MAX_WORDS:,} words" in said


def test_the_search_tries_a_bounded_number_of_runs():
    """Every run tried is at most MAX_RUN words long and starts at one of MAX_WORDS words."""
    tried: list[str] = []

    class Counting(Game):
        def parse_move(self, text: str) -> dict[str, Any]:
            tried.append(text)
            raise NotationError("no")

        def format_move(self, move: dict[str, Any]) -> str:
            return "x"

        def lexicon(self) -> Lexicon:
            return Lexicon(shapes=(r"w\d+",))   # every word of the post is move material

    game = Counting.__new__(Counting)
    with pytest.raises(NotationError):
        reading.read_post(game, " ".join(f"w{i}" for i in range(reading.MAX_WORDS)))
    assert len(tried) <= 2 + reading.MAX_WORDS * reading.MAX_RUN
    assert len(tried) > reading.MAX_WORDS and max(len(t.split()) for t in tried[2:]) <= reading.MAX_RUN


# --- No regression: every legal move of the example matches reads to itself -------------------

def legal_points(path: Path, per_player: int = 25) -> Iterator[tuple[Any, Any, list[tuple[str, dict[str, Any]]]]]:
    """(match, replay, [(player, move)...]) at every point of a match: the first legal moves of
    each player to act (the replay is stepped on after each point is read)."""
    match = matchfile.load(path)
    replay = session.new_replay(match)
    replay.use_voids(match.entries)
    points = []
    for entry in [None, *match.entries]:
        if entry is not None:
            replay.step(entry)
        for player in replay.to_act():
            for move, _ in islice(replay.legal_moves(player), per_player):
                points.append((player, move))
        yield match, replay, points
        points = []


@pytest.mark.parametrize("path", sorted((REPO / "matches").glob("*.json")), ids=lambda p: p.name)
def test_every_listed_legal_move_reads_to_itself_plain_and_in_chatter(path):
    """At every point of every example match, the moves `legal` shows (its first 40 per player)
    read to themselves as typed, and the first few also wrapped in chatter, markup and quotes."""
    checked = 0
    for match, replay, points in legal_points(path, per_player=40):
        game = match.game
        for index, (player, move) in enumerate(points):
            text = game.format_move(move)
            want = game.complete_move(replay.state, player, move)
            posts = (text, f"ok here goes: **{text}** 😅", f"> “{text}”.") if index % 8 == 0 else (text,)
            for post in posts:
                got = session.read_move(match, replay, player, post, False, str(path))
                assert got == want, (post, got, want)
            checked += 1
    assert checked > 0


# --- The notation as data --------------------------------------------------------------------

def games_of_rulesets() -> list[tuple[str, Game]]:
    out = []
    for info in list_rulesets():
        ruleset = resolve(info["id"])
        players = [matchfile_player(i, side) for i, side in enumerate(ruleset.sides)]
        out.append((info["id"], game_class(ruleset.game)(ruleset, players)))
    return out


def matchfile_player(index: int, side: str) -> Any:
    from adjudicator.game import Player

    return Player(f"p{index + 1}", f"P{index + 1}", side)


@pytest.mark.parametrize("ruleset_id, game", games_of_rulesets(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_example_of_the_notation_parses_and_formats_back(ruleset_id, game):
    if ruleset_id in RULESETS:
        assert game.forms(), f"{ruleset_id} declares no notation"
    for form in game.forms():
        assert form.shape and form.examples, form
        for example in form.examples:
            move = game.parse_move(example)
            assert game.parse_move(game.format_move(move)) == move, example
            if game.is_plausible(move):   # else read only as the whole post ('nothing', 'set')
                assert reading.read_post(game, f"I'll play {example} please").move == move, example


def test_tug_of_war_shows_only_its_rulesets_modules():
    shapes = {rid: " ".join(f.shape for f in game.forms()) for rid, game in games_of_rulesets()}
    assert "maze" in shapes["tug-of-war-v1"] and "path" not in shapes["tug-of-war-v1"]
    assert "path" in shapes["tug-of-war-v2"] and "maze" not in shapes["tug-of-war-v2"]


def test_a_new_game_declares_no_notation_by_default():
    assert Game.notation == () and Game.forms(Game.__new__(Game)) == ()


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_ruleset_show_teaches_the_notation(cli, ruleset_id):
    shown = cli("ruleset", "show", ruleset_id)
    assert shown.code == 0 and "# notation" in shown.out
    assert yaml.safe_load(shown.out)["id"] == ruleset_id   # comments: the YAML is as valid as before
    as_json = cli("ruleset", "show", ruleset_id, "--format", "json")
    notation = as_json.json["notation"]
    assert notation and all(form["form"] and form["examples"] for form in notation)
    for form in notation:
        assert form["form"] in shown.out and "; ".join(form["examples"]) in shown.out


# --- The command line: the host's echo --------------------------------------------------------

def new_match(tmp_path: Path, ruleset: str) -> Path:
    path = tmp_path / f"{ruleset}.json"
    path.write_text(json.dumps(header(ruleset), indent=1), encoding="utf-8")
    return path


def test_move_echoes_how_it_read_a_post(cli, tmp_path):
    path = new_match(tmp_path, "tug-of-war-v2")
    res = cli("move", path, "sally", "I'll", "play", "rope", "1", "1", "please")
    assert res.code == 0, res.err
    assert 'read "I\'ll play rope 1 1 please" as: rope 1 1' in res.err
    entry = json.loads(path.read_text())["entries"][-1]
    assert entry["text"] == "I'll play rope 1 1 please" and entry["move"] == {"module": "rope", "cards": [1, 1]}
    plain = cli("move", path, "maddie", "race 1 1")
    assert plain.code == 0 and "read " not in plain.err   # the post was the move: nothing to say


def test_a_sealed_post_is_echoed_privately_and_never_on_stdout(cli, tmp_path):
    path = new_match(tmp_path, "track-trouble")
    post = "My move: 1 T2, 2 T1, 3 switch purple. Thanks!"
    res = cli("move", path, "sally", post)
    assert res.code == 0, res.err
    assert 'read "My move: 1 T2, 2 T1, 3 switch purple. Thanks!" as: r1 c1: 1 T2, 2 T1, 3 switch purple' in res.err
    assert "[private to the host: sealed, not in the post below]" in res.err.splitlines()[0]
    assert "My move" not in res.out and "1 T2, 2 T1" not in res.out and "switch purple" not in res.out
    assert json.loads(path.read_text())["entries"][-1]["text"] == post


@pytest.mark.parametrize("post, message", [
    ("rop 1 1", "m.json: 'rop 1 1' is not a move of tug-of-war-v2; closest: 'rope 1"),
    ("rope 1 1 or race 1 1", "m.json: the post holds two different moves, 'rope 1 1' and 'race 1 1'"),
])
def test_move_refuses_an_unreadable_post_with_exit_2(cli, tmp_path, post, message):
    path = tmp_path / "m.json"
    path.write_text(json.dumps(header("tug-of-war-v2")), encoding="utf-8")
    before = path.read_bytes()
    res = cli("move", path, "sally", post)
    assert res.code == 2 and message in res.err and "Traceback" not in res.err, res.err
    assert path.read_bytes() == before


def test_a_huge_paste_is_refused_through_the_command_line(cli, tmp_path):
    path = new_match(tmp_path, "arrowbic")
    res = cli("move", path, "sally", "E5 up " * 200_000)
    assert res.code == 2 and "a move is read from posts of at most 3,000 characters" in res.err
    assert len(res.err) < 400


def test_a_post_for_a_dice_match_keeps_its_text(cli, tmp_path):
    data = dice_deciding()
    path = tmp_path / "d.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    res = cli("move", path, "bernd", "ok here goes: trade 3 for 2 😅", "--dry-run")
    assert res.code in (0, 1), res.err   # read; whether the trade is legal is the rules' business
    assert "not a move" not in res.err and "two different" not in res.err


# --- Nothing that could be part of a move is dropped ---------------------------------

def named_read(position: str, player: str, post: str) -> str:
    """A post read in a named position of the posts table (helpers.post_positions); ERR and the
    message if refused."""
    try:
        return read_in(position, player, post)
    except InputError as exc:
        return "ERR " + exc.message


# The issue's own table: each post was read as a different move, exit 0. Now each reads as meant
# or is refused (exit 2), quoting what was not understood or both readings.
ISSUE_TABLE = [
    ("dice-setup-116", "bernd", "reroll #1 and #2 please", "reroll 1 2"),
    ("dice-setup-116", "bernd", "reroll both 1s", "reroll 1 2"),
    ("dice-setup-116", "bernd", "reroll all three", "reroll 1 2 3"),
    ("tow2-start", "sally", "rope 1 1 + block move on race", "rope 1 1 block race"),
    ("tow1-start", "sally", "Block Move on clock; tower 1 B", "tower 1 B block clock"),
    ("ws-relocation-r1", "sally", "set C=4/5 + Advantage: 5/5 attack", "r1 set C=4/5 buff 5/5 attack"),
    ("ws-relocation-r1", "sally", "set C=4/5 buff 5/5 +1 health", "r1 set C=4/5 buff 5/5 health"),
    ("tt-r1c1", "sally", "1 T2, 2 T2, and I use my Remote Switch on purple", "r1 c1: 1 T2, 2 T2, remote purple"),
    ("arrowbic-start", "sally", "E5 up... no wait, left", "ERR m.json: the post reads two ways, 'E5 up' and 'E5 left'"),
    ("ws-placement-t1", "sally", "place 3/5 C... no wait D",
     "ERR m.json: the post reads two ways, 'place 3/5 C' and 'place 3/5 D'"),
    ("arrowbic-start", "sally", "E5 up (or left?)", "ERR m.json: the post reads two ways, 'E5 up' and 'E5 left'"),
    ("ws-placement-t1", "sally", "place 3/5 C or D", "ERR m.json: the post reads two ways, 'place 3/5 C' and 'place 3/5 D'"),
    ("tow1-start", "sally", "maze 1 up then left",
     "ERR m.json: the post holds the move 'maze 1 up' and also 'left' outside it"),
    ("tow1-start", "sally", "maze 1 up then 1 left", "maze 1 up 1 left"),
]


@pytest.mark.parametrize("position, player, post, want", ISSUE_TABLE, ids=[p for _, _, p, _ in ISSUE_TABLE])
def test_the_issues_misread_posts_read_as_meant_or_are_refused(position, player, post, want):
    said = named_read(position, player, post)
    assert said.startswith(want) if want.startswith("ERR") else said == want, said
    if want.startswith("ERR"):
        assert "give the one" in said or "on its own" in said, said   # what to do next


@pytest.mark.parametrize("position, post, want", [
    ("tow1-start", "mze 1 up 1 left", "closest: 'maze 1 up 1 left' (maze CARD DIR ...)"),
    ("arrowbic-start", "I9 rigjt", "closest: 'I9 right' (CELL ARROW)"),
])
def test_refusals_offer_the_closest_legal_move_in_its_own_form(position, post, want):
    """Point 6: the hint is a legal move written with the post's game words, labelled with its
    own form (never 'I9 right' (retake)), and compass words are the game's ('east' is right)."""
    said = named_read(position, "sally", post)
    assert said.startswith("ERR") and want in said and "(retake)" not in said, said


@pytest.mark.parametrize("post, want", [("I9 north", "I9 up"), ("E5 west", "E5 left"), ("arrow east at F4", "F4 right"),
                                        ("C3 south!", "C3 down")])
def test_compass_words_are_the_games_directions(post, want):
    """'north' was hinted as 'I9 right' (retake): compass words are data (posts.yaml), up is north."""
    assert named_read("arrowbic-start", "sally", post) == want


def test_the_form_of_a_move_is_the_form_of_moves_shaped_like_it():
    game = matchfile.prepare(header("arrowbic", ("retake",)), None).game
    forms = game.forms()
    assert reading.form_of(game, "I9 right", forms).shape == "CELL ARROW"
    assert reading.form_of(game, "retake", forms).shape == "retake"


def test_a_reference_to_no_die_is_refused_never_read_as_a_position():
    """`reroll the 3` names the die showing 3: with none showing 3 it is refused, never `reroll 3`."""
    said = named_read("dice-setup-116", "bernd", "reroll the 3")
    assert said.startswith("ERR m.json: 'the 3' names no die: no die shows 3 in the roll (1 1 6)"), said
    assert named_read("dice-setup-116", "bernd", "reroll the 6") == "reroll 3"
    assert named_read("dice-setup-116", "bernd", "reroll 3") == "reroll 3"


@pytest.mark.parametrize("post", ["reroll", "re-roll please", "I'll reroll", "reroll!!"])
def test_reroll_with_nothing_readable_after_it_is_refused_never_keep(post):
    said = named_read("dice-setup-116", "bernd", post)
    assert said.startswith("ERR m.json:") and "keep" not in said.split(";")[0], said


@pytest.mark.parametrize("post, want", [
    ("rope 1 1, 3", "ERR m.json: the post holds the move 'rope 1 1' and also '3' outside it"),
    ("clock 1 1, 1", "ERR m.json: the post holds the move 'clock 1 1' and also '1' outside it"),
    ("rope 1, 1, 1", "rope 1 1 1"),
    ("rope 1 and 1", "rope 1 1"),
])
def test_numbers_listed_two_ways_are_not_one_list(post, want):
    """'rope 1 1, 3': the number after the comma may start something else (or be a typo): refused."""
    said = named_read("tow2-start", "sally", post)
    assert said.startswith(want) if want.startswith("ERR") else said == want, said


@pytest.mark.parametrize("position, post, word", [
    ("arrowbic-start", "E5 up 👍 G4", "G4"), ("dice-setup-116", "reroll 1 😅 2", "2"),
    ("tow2-start", "rope 1 1 lol block race", "block race"), ("ws-placement-t1", "place 3/5 C, D", "D"),
    ("tow2-start", "rope 1 lol A", "A"),
])
def test_game_words_left_outside_the_move_are_refused(position, post, word):
    said = named_read(position, first_to_act(position), post)
    assert said.startswith("ERR m.json:") and f"'{word}'" in said, said


@pytest.mark.parametrize("position, post, want", [
    ("ws-placement-t1", "I place 3/5 in C", "t1 place 3/5 C"),       # the pronoun I, not location I
    ("ws-placement-t1", "a good one: place 3/5 C", "t1 place 3/5 C"),
    ("ws-placement-t1", "place 3/5 H, no wait, I", "ERR m.json: the post reads two ways, 'place 3/5 H' and "
                                                    "'place 3/5 I'"),
    ("dice-setup-116", "I'll take a reroll 1 3", "reroll 1 3"),
])
def test_one_letter_words_are_english_unless_the_move_needs_them(position, post, want):
    said = named_read(position, first_to_act(position), post)
    assert said.startswith(want) if want.startswith("ERR") else said == want, said


def test_posts_yaml_holds_words_only():
    """YAML reads on/no/yes/off as booleans: every entry of posts.yaml must be a word."""
    from adjudicator.lexicon import post_words

    around = post_words()
    assert "on" in around.glue and ("no",) in around.hedges and around.hedges[("or",)] == "alternatives"
    assert around.compass["north"] == "up" and around.ordinals["first"] == 1


@pytest.mark.parametrize("post", ["E5 up maybe?", "not sure... E5 up", "E5 up, or should I?", "perhaps E5 up"])
def test_a_move_offered_with_a_doubt_is_refused(post):
    """An alternative without a second move ("maybe", "or", "not sure"; posts.yaml) leaves the
    move open: refused, naming the doubt, rather than written as if submitted."""
    said = named_read("arrowbic-start", "sally", post)
    assert said.startswith("ERR m.json: the post says '") and "beside 'E5 up'" in said, said
    assert named_read("arrowbic-start", "sally", "no rush, E5 up") == "E5 up"   # a negation alone is no doubt


# Posts an adversarial review found misread (each read as another move, most of them legal);
# each must now read as meant or be refused. ERR: refused, with the message's start.
MISREADS_FOUND = [
    # a negation before an item or a kind of move declines it: never read with it; one before an
    # operand (a switch's colour, a troop) leaves the post unclear: refused
    ("tow1-start", "sally", "won't block race. rope 1 1", "rope 1 1"),
    ("tow1-start", "sally", "not blocking race, rope 1 1", "rope 1 1"),
    ("tow1-start", "sally", "rope 1 1, not blocking race", "rope 1 1"),
    ("tow1-start", "sally", "no block move, block race with rope 1 1", "ERR m.json: the post says 'no' before 'block move'"),
    ("arrowbic-start", "sally", "E5 up no left", "ERR m.json: the post says 'no' before 'left'"),
    ("arrowbic-mid", "sally", "C6 up (can't do right anyway)", "C6 up"),    # in an aside: it tells why not
    ("arrowbic-start", "sally", "E5 up. not left", "E5 up"),
    ("tt-r1c1", "sally", "not using remote switch on purple: 1 T2, 2 T2", "ERR m.json: the post says 'not using'"),
    ("tt-r1c1", "sally", "without extra miner: 1 T2, 2 T2", "r1 c1: 1 T2, 2 T2"),
    ("ws-relocation-r1", "sally", "no advantage on 5/5 attack; set B=4/3", "ERR m.json: the post says 'no'"),
    # a quoted line is never read together with the player's own words
    ("tow1-second", "maddie", "> ok I'm blocking clock\nrace 2 1", "ERR m.json: the post holds the move 'race 2 1' and also"),
    ("ws-relocation-r1", "maddie", "> advantage on 5/5 attack\nset A=3/5", "ERR m.json: the post holds two different moves"),
    ("tow2-start", "sally", "> Tower 1, B!", "tower 1 B"),
    # "blocked" describes a bar (TW-4), not Block Move
    ("tow1-second", "maddie", "clock 2 (blocked from rope anyway)", "ERR m.json: the post holds the move 'clock 2' and also 'rope'"),
    # a number that counts something else is never read into the move
    ("tow1-start", "sally", "collation 1 with 1 minute to spare 😅", "ERR m.json: the post holds the move 'collation 1' and also '1'"),
    ("tow2-start", "sally", "path 1@C4 in 5 min", "ERR m.json: the post holds the move 'path 1@C4' and also '5'"),
    ("tow2-second", "maddie", "conker 2 with 1 to spare", "ERR m.json: the post holds the move 'conker 2' and also '1'"),
    ("dice-turn", "bernd", "reroll both 5s (2 rerolls left)", "reroll 1 3"),    # time or what one has, in an aside
    ("dice-turn", "bernd", "reroll both 5s, 2 rerolls left", "ERR m.json:"),
    ("tt-r1c1", "sally", "1 T1, 2 T1 (3 min timer is brutal)", "r1 c1: 1 T1, 2 T1"),
    ("dice-setup-116", "bernd", "i'll keep these, 8 is fine", "keep"),                # no legal move has an 8
    ("tow1-second", "maddie", "maze 2 up then idk", "ERR m.json: 'then' is followed by no card"),
    ("arrowbic-start", "sally", "E5 up idk", "ERR m.json: the post says 'idk' beside 'E5 up'"),
    ("dice-turn", "bernd", "reroll 3, 6 is trash", "ERR m.json: the post holds the move 'reroll 3' and also '6'"),
    # a quote whose game words the reply's move says again is set aside, with its negations
    ("tow1-start", "sally", "> you won't dare go rope\nwatch me. rope 1 1 1", "rope 1 1 1"),
    ("tow1-second", "maddie", "> ok I'm blocking clock\nrace 2 1", "ERR m.json: the post holds the move 'race 2 1' and also"),
    # a quote holding a move and a game word besides: set aside only when no run of its words
    # joins the reply into another move
    ("tow1-second", "maddie", "> race 1 1 lol clock\nrope 2", "rope 2"),
    ("tow1-second", "maddie", "> race 1 1 lol block conker\nrope 2", "ERR m.json: the post holds two different moves"),
    ("tow1-second", "maddie", "> race 1 1 lol 1\nrope 2", "ERR m.json: the post holds two different moves"),
    # a quote of the host's prompt, holding no move, before the reply's move: set aside when no
    # run of its game words joins the move into another one
    ("tow1-start", "sally", "> Sally, you're up. 2:30 on the clock.\nrace 1 1 1", "race 1 1 1"),
    ("dice-setup-116", "bernd", "> Bernd, keep or re-roll?\nkeep", "keep"),
    ("dice-setup-116", "bernd", "> keep or re-roll?\nreroll 1", "reroll 1"),
    ("tow1-start", "sally", "> don't forget your block on conker\nrope 1 1", "ERR m.json:"),
    ("tow1-start", "sally", "> 1 more?\nrope 1 1", "rope 1 1"),   # asked, and answered by the move
    ("tt-r1c1", "sally", "> 1 T2 or T3?\npass", "r1 c1: nothing"),   # asked, and answered: no run joins them
    # a capital I after "of"/"from" is the location (English says "me"); a hint never leaves out
    # a location the post names (`I=-` compared as I and -)
    ("ws-relocation-r1", "sally", "take the 2/5 out of I and put it in J", "ERR m.json: the post holds the move 'withdraw J' and also 'I' outside it, which may be part of the move; give the move on its own."),
    ("ws-relocation-r1", "sally", "take the 2/5 out of I", "r1 set I=-"),
    # a reminder is no negation: the item after "don't forget" is not declined
    ("tow1-start", "sally", "rope 1 1, don't forget my block on conker", "ERR m.json: the post holds the move 'rope 1 1'"),
    ("tow1-start", "sally", "rope 1 1 and dont forget the block on conker", "ERR m.json:"),
    ("tow1-start", "sally", "rope 1 1, forget the block", "rope 1 1"),
    # a one-letter word after a comma and a joining word goes on with the move: never dropped
    ("tow1-start", "sally", "tower 1 1, option c pls", "tower 1 1 C"),   # "pls" is glue: c is the option
    ("tow1-start", "sally", "tower 1 1, option c lol", "ERR m.json: the post holds the move 'tower 1 1' and also 'c'"),
    ("tow1-start", "sally", "rope 1 1, im at a loss", "rope 1 1"),
    # play buttons and pointing hands are arrows
    ("arrowbic-start", "sally", "E5 ▶️", "E5 right"),
    ("arrowbic-start", "sally", "E5 👆", "E5 up"),
    # a count word or a plural number beside a move may add to it: never dropped as chatter
    ("tow1-second", "maddie", "conker with the 2 and then both 1s", "ERR m.json: the post holds the move 'conker 2' and also"),
    ("tow1-start", "sally", "rope 1 and two more", "ERR m.json: the post holds the move 'rope 1' and also 'two'"),
    ("tow1-start", "sally", "rope 1 lol the other one", "rope 1"),
    # a question mark inside the move's words asks about it; "=>" is an arrow, not a face
    ("tt-r1c1", "sally", "extra miner? 1 T2", "ERR m.json: the post asks about 'extra-miner 1 T2'"),
    ("ws-placement-t1", "sally", "1/4 => K", "t1 place 1/4 K"),
    # a card after a comma and "my", before chatter, starts a clause about the card: not joined
    ("tow1-second", "maddie", "rope 1, my 2 stays", "ERR m.json: the post holds the move 'rope 1' and also '2'"),
    ("tow1-second", "maddie", "rope 1, my 2", "rope 1 2"),
    # a game word mistyped as fingers slip is never dropped as chatter: read as the word meant
    ("tow1-second", "maddie", "maze 2 rigth", "maze 2 right"),
    ("tow1-start", "sally", "colation 1 1 1", "collation 1 1 1"),
    ("arrowbic-start", "sally", "A9 dwon pls", "A9 down"),
    ("tow1-second", "maddie", "maze 2 rihgt, no wait, up", "ERR m.json: the post reads two ways, 'maze 2 right' and 'maze 2 up'"),
    # a withdrawal naming a troop the move cannot carry is refused, never read as that troop to B
    ("ws-relocation-r1", "sally", "withdraw 5/5 from B", "ERR m.json:"),
    ("ws-relocation-r1", "sally", "withdraw from D pls", "r1 set D=-"),
    ("ws-relocation-r1", "sally", "withdraw B", "r1 set B=-"),
    # a number in a list of dice named by their faces: a face, or refused where it may be a position
    ("dice-turn-135", "bernd", "I'll reroll my 1 and 3 pls", "ERR m.json: '3' after dice named by their faces could "
                                                            "be the die showing 3 (die 2) or die 3 (showing 5)"),
    ("dice-turn-152", "bernd", "reroll the 1 and 2", "ERR m.json: '2' after dice named by their faces could be the "
                                                    "die showing 2 (die 3) or die 2 (showing 5)"),
    ("dice-turn-135", "bernd", "reroll my 3", "reroll 2"),
    ("dice-turn-135", "bernd", "reroll the 1 and the 3", "reroll 1 2"),
    ("dice-turn-135", "bernd", "reroll the 1 and 5", "reroll 1 3"),        # no die 5: the face
    ("dice-turn-135", "bernd", "reroll the 3 and 2", "ERR m.json: '2' names no die"),
    ("dice-turn-135", "bernd", "reroll 1 and 3", "reroll 1 3"),            # positions, as always
    # questions ask, they do not play
    ("tow1-start", "sally", "what happens if I play rope 1 1?", "ERR m.json: the post asks about 'rope 1 1'"),
    ("ws-placement-t1", "sally", "Is 3/5 to C legal?", "ERR m.json: the post asks about '3/5 to C'"),
    ("arrowbic-mid", "sally", "can I still retake", "ERR m.json: the post asks about 'retake'"),
    # taken back with nothing in its place
    ("arrowbic-start", "sally", "E5 up jk", "ERR m.json: the post takes back or corrects 'E5 up' ('jk')"),
    ("arrowbic-start", "sally", "E5 up, no, the other way", "ERR m.json: the post takes back or corrects 'E5 up'"),
    ("tow1-start", "sally", "race 1 1 then block move on maze next turn", "ERR m.json: the post says 'next turn'"),
    # emoticons and chat letters are no arrows or options
    ("arrowbic-start", "sally", "F6 :D", "ERR m.json:"),
    ("arrowbic-second", "maddie", "D4 :>", "ERR m.json:"),
    ("arrowbic-start", "sally", "E5 (v risky lol)", "ERR m.json:"),
    ("arrowbic-second", "maddie", "a present for u: D4", "ERR m.json:"),
    ("tow2-second", "maddie", "tower 2 for the A", "tower 2 A"),   # a capital inside a sentence is the game's
    ("tow1-start", "sally", "tower 1 a lil risky", "ERR m.json:"),
    ("ws-placement-t1", "sally", "place 3/5 in a sec, gotta check", "ERR m.json:"),
    ("ws-placement-t1", "sally", "3/5 I guess", "ERR m.json:"),
    ("arrowbic-start", "sally", "lmk if E5 r ok", "ERR m.json:"),
    ("dice-turn", "bernd", "reroll both 5s?", "ERR m.json: the post asks about"),
    ("tow1-start", "sally", "don’t block race, rope 1 1", "rope 1 1"),   # a phone's ’
    ("tow1-start", "sally", "don\u00adt block race, rope 1 1", "rope 1 1"),
    ("tow1-start", "sally", "don\u00adt 1 1, rope 1", "ERR m.json: the post says 'dont' before '1'"),
    ("tow1-start", "sally", "keeping block for tower, rope 1 1", "ERR m.json:"),
    ("arrowbic-start", "sally", "E5 ;D", "ERR m.json:"),
    ("arrowbic-start", "sally", "E5 D:", "ERR m.json:"),
    ("tt-r1c1", "sally", "1 T2, 2 T2, nothing extra", "r1 c1: 1 T2, 2 T2"),
    ("tow2-start", "sally", "path 1 b4 the deadline", "ERR m.json:"),
    ("tow2-second", "maddie", "tower 2 A pls", "tower 2 A"),
    # repeats no notation writes
    ("tow1-start", "sally", "rope 1 twice", "ERR m.json: the post holds the move 'rope 1' and also 'twice'"),
    ("tt-r1c1", "sally", "1 T2 x2", "ERR m.json: the post holds the move '1 T2' and also 'x2'"),
    # an item of another game is refused, never dropped
    ("tow1-start", "sally", "rope 1 1 + extra miner", "ERR m.json: 'extra miner' is an item no move of this match can use"),
    ("arrowbic-start", "sally", "E5 up and use my block move on race", "ERR m.json: 'block move' is an item no move"),
    # dice named in words
    ("dice-setup-116", "bernd", "reroll all but the 6", "reroll 1 2"),
    ("dice-setup-116", "bernd", "reroll everything minus the 6", "reroll 1 2"),
    ("dice-setup-116", "bernd", "reroll 1 (the 6)", "ERR m.json: 'the 6' is die 3, not die 1"),
    ("dice-setup-116", "bernd", "reroll die 3 (the 6)", "reroll 3"),
    ("dice-turn", "bernd", "reroll the second 5", "reroll 3"),
    ("dice-setup-116", "bernd", "reroll the first 2", "ERR m.json: 'first 2' is the first 2 dice, or the first die"),
    ("dice-setup-116", "bernd", "reroll 2. scratch that, 1", "ERR m.json:"),
    ("dice-turn", "bernd", "trade my 2 for the 5", "ERR m.json: 'my 2' is your column's die, named first"),
    # the same field twice
    ("ws-relocation-r1", "sally", "set A=3/5 A=4/5", "ERR m.json:"),
    ("tt-r1c1", "sally", "hidden N2 4, hidden N3 1", "ERR m.json:"),
    # miners joined by "and" share an action; a bare number is not joined
    ("tt-r1c1", "sally", "miners 1 and 2 on T1", "r1 c1: 1 T1, 2 T1"),
    ("tt-r1c1", "sally", "Back at 3, 1 T1 2 T1", "ERR m.json: the post holds the move '1 T1 2 T1' and also '3'"),
]


@pytest.mark.parametrize("position, player, post, want", MISREADS_FOUND, ids=[p for _, _, p, _ in MISREADS_FOUND])
def test_posts_once_misread_read_as_meant_or_are_refused(position, player, post, want):
    said = named_read(position, player, post)
    assert said.startswith(want) if want.startswith("ERR") else said == want, said


@pytest.mark.parametrize("position, player, post", [
    ("dice-turn-6", "bernd", "drop one of the ones"),
    ("dice-turn-6", "bernd", "no reroll, keeping it"),
    ("ws-relocation-r1", "sally", "all set, gl"),
    ("tow1-start", "sally", "tower 1 C and I'll bin the 2"),
    ("tow1-second", "maddie", "5 on clock, finish it off"),
])
def test_a_hint_names_only_the_move_the_post_wrote(position, player, post):
    """A refusal's hint is the move the post wrote (every game word, in its
    order, nothing added) or absent: a host who copies it never enters a move nobody posted."""
    said = named_read(position, player, post)
    assert said.startswith("ERR"), said
    hinted = re.findall(r"[Cc]losest(?: legal move)?: '([^']*)'", said)
    posted = post.casefold().replace(",", " ").split()
    for hint in hinted:
        # what every move of the position writes alike (the round filled in, `set`) is no addition
        added = [word for word in hint.casefold().split()
                 if word not in posted and not re.fullmatch(r"[rt]\d+", word) and word not in ("set", "place")]
        assert not added, f"the hint {hint!r} adds {added} to {post!r}"


@pytest.mark.parametrize("typed, meant, slip", [
    ("rigth", "right", True), ("atack", "attack", True), ("upp", "up", True), ("reorll", "reroll", True),
    ("might", "right", False), ("right", "right", False), ("power", "tower", False), ("tow", "tower", False),
    ("clok", "clock", True), ("swich", "switch", True), ("rigt", "right", True),
    ("lock", "clock", False), ("cloc", "clock", False), ("rop", "rope", False), ("clocck", "clock", True),
    ("clobck", "clock", False),
])
def test_a_slip_of_the_fingers_is_told_from_another_word(typed, meant, slip):
    from adjudicator.reading import slipped

    assert slipped(typed, meant) is slip


def test_a_slip_is_read_as_the_one_game_word_it_can_be():
    """A slip read as a game word only when it is one game word's slip and no word players write
    around moves (posts.yaml): `tael` may be teal or tale, so it is no word of either."""
    from adjudicator.lexicon import Lexicon
    from adjudicator.reading import meant_word, slipped

    assert meant_word(Lexicon(frozenset({"teal", "right"})), "tael") == "teal"
    assert meant_word(Lexicon(frozenset({"teal", "tale"})), "tael") is None
    assert meant_word(Lexicon(frozenset({"right"})), "Rigth") == "right"
    assert meant_word(Lexicon(frozenset({"right"})), "right") is None          # no slip: the word itself
    assert slipped("ill", "il") and meant_word(Lexicon(frozenset({"il"})), "ill") is None   # "ill" (I'll): posts.yaml
    assert meant_word(Lexicon(frozenset({"up"})), "u2") is None                # letters only


def test_keeping_everything_is_the_empty_relocation_never_a_withdrawal():
    """`I'll keep everything as is` once drew the hint `r1 set I=-` (a withdrawal nobody
    posted): it is the relocation that changes nothing (WS-4), as `No changes` is."""
    assert named_read("ws-relocation-r1", "sally", "I'll keep everything as is") == "r1 set"


@pytest.mark.parametrize("position, player, post, want", [
    ("tow1-start", "sally", "sorry for the wait! rope 1 1", "rope 1 1"),
    ("tow1-start", "sally", "tower 1 1 c, sorry for the wait", "tower 1 1 C"),
    ("tow1-start", "sally", "tower 1 1 a, thanks for waiting", "tower 1 1 A"),
    ("tow1-start", "sally", "collation 1 1 1 pls and block conker", "collation 1 1 1 block conker"),
    ("tow2-second", "maddie", "conker 2 1 1 🌰 go big or go home", "conker 2 1 1"),
    ("tow2-start", "sally", "race 1 (puddle at 4 can wait)", "race 1"),
    ("arrowbic-start", "sally", "E5 v, risky", "E5 down"),
])
def test_a_wait_that_hedges_nothing_and_a_letter_closing_the_move_read(position, player, post, want):
    """posts.yaml `not_hedges` ("sorry for the wait") take nothing back; a one-letter word with a
    comma or full stop right after the move's words closes the move: the game's letter."""
    assert named_read(position, player, post) == want


@pytest.mark.parametrize("position, player, post", [
    ("tow1-start", "sally", "rope 1 1 wait rope 1 1 1"),            # a correction still
    ("tow1-start", "sally", "rope 1 1... wait for it... 1"),        # a 1 left over, the hand holds it
    ("tow1-start", "sally", "tower 1 1 a lil risky"),               # "a" before chatter: either
    ("tow2-start", "sally", "race 1 or rope, go big or go home"),   # an "or" outside the saying
    ("tow2-start", "sally", "race 1, rope can wait"),               # a module left over
])
def test_a_wait_or_a_letter_that_may_still_change_the_move_is_refused(position, player, post):
    said = named_read(position, player, post)
    assert said.startswith("ERR"), said


@pytest.mark.parametrize("position, player, post", [
    ("tow2-second", "maddie", "I play clock with the three cards. Order: 2, 1, 1."),   # once read as clock 1 1 2
])
def test_the_moves_numbers_said_again_in_another_order_are_never_dropped(position, player, post):
    """Said again in another order, the move's numbers may be its order (TW-5): refused, never
    dropped as a repeat."""
    said = named_read(position, player, post)
    assert said.startswith("ERR"), said


def test_the_moves_numbers_said_again_in_the_same_order_are_a_repeat():
    assert named_read("tow2-second", "maddie", "clock with all three. order 1 1 2") == "clock 1 1 2"
    assert named_read("tow2-second", "maddie", "clock with all three (2 1 1)") == "clock 2 1 1"   # the game reads it


@pytest.mark.parametrize("position, player, post, want", [
    ("tow1-start", "sally", "rope 1 1. afk 10 min after this, dinner", "rope 1 1"),
    ("tow1-start", "sally", "rope 1 1. gn, see you tomorrow", "rope 1 1"),
    ("arrowbic-start", "sally", "E5 up. brb later", "E5 up"),
    ("tow1-start", "sally", "rope 1 1 next turn", "ERR m.json: the post says 'next turn' beside 'rope 1 1'"),
    ("tow1-start", "sally", "rope 1 1\nnext turn", "ERR m.json: the post says 'next turn'"),
    ("tow1-start", "sally", "later: rope 1 1", "ERR m.json: the post says 'later'"),
    ("tow1-start", "sally", "rope 1 1. tower later", "ERR m.json:"),
    ("tow1-start", "sally", "rope 1 1 — ttyl, more tomorrow", "ERR m.json: the post says 'tomorrow'"),
])
def test_a_word_putting_off_to_later_doubts_only_a_sentence_with_the_move_or_game_words(position, player, post, want):
    """posts.yaml `later`: "next turn", "tomorrow" may put the move off, but in a sentence of
    chatter ("afk 10 min after this") they put nothing off; alone, they still doubt it."""
    said = named_read(position, player, post)
    assert said.startswith(want) if want.startswith("ERR") else said == want, said


@pytest.mark.parametrize("position, player, post, want", [
    ("tow1-second", "maddie", "tower with my 2, taking B (enjoy your 1 sally)", "tower 2 B"),
    ("tow1-second", "maddie", "tower 2 B. enjoy your 1 lol", "tower 2 B"),
    ("tow1-second", "maddie", "tower 2 B, enjoy your 1", "ERR m.json:"),           # the move's own sentence
    ("tow1-second", "maddie", "tower 2 B. your 1, my 1", "ERR m.json:"),           # "my 1" may be a card
])
def test_another_players_number_in_an_aside_is_chatter(position, player, post, want):
    """posts.yaml `others`: a number right after "your"/"her" names another player's card or
    die, never the move's; only in another sentence or aside, and never one after "my"."""
    said = named_read(position, player, post)
    assert said.startswith(want) if want.startswith("ERR") else said == want, said


@pytest.mark.parametrize("position, player, post, want", [
    ("tow2-start", "sally", "Tower, all three, option C. (Yes I know she gets a 2, I'm fine with that.)", "tower 1 1 1 C"),
    ("tow1-start", "sally", "rope with a 1", "rope 1"),
    ("tow1-start", "sally", "tower 1 1 a", "tower 1 1 A"),                 # no number after it: the option
    ("tow1-start", "sally", "tower 1 1 A 2", "ERR m.json:"),               # a capital: the option, and a 2 left
])
def test_a_lower_case_article_before_a_number_is_english(position, player, post, want):
    """posts.yaml `articles`: "a" right before a number is the article ("she gets a 2"), never
    Tug of War's option A."""
    said = named_read(position, player, post)
    assert said.startswith(want) if want.startswith("ERR") else said == want, said


@pytest.mark.parametrize("position, player, post, want", [
    ("tow1-second", "maddie", "clok 1 2", "clock 1 2"),
    ("tt-r1c1", "sally", "1 T2, 3 swich purple", "r1 c1: 1 T2, 3 switch purple"),
    ("ws-placement-t1", "sally", "at this pace, place 2/1 F", "t1 place 2/1 F"),   # posts.yaml not_slips
    ("tow1-second", "maddie", "lock 1 2", "ERR m.json:"),                             # a first letter left out: no slip
])
def test_an_inner_letter_left_out_of_a_long_game_word_is_a_slip(position, player, post, want):
    said = named_read(position, player, post)
    assert said.startswith(want) if want.startswith("ERR") else said == want, said


@pytest.mark.parametrize("position, player, post, want", [
    ("tow1-second", "maddie", "clock 1 1 2. (1 1 2)", "clock 1 1 2"),     # six cards the hand lacks: said again
    ("tow1-second", "maddie", "clock 1 1 2\n1 1 2", "clock 1 1 2"),
    ("tow1-start", "sally", "Tower 1 1.\nOption C.", "tower 1 1 C"),      # across the line, and taken: one move
    ("tow1-second", "maddie", "clock 1 1 2 1 1 2", "clock 1 1 2 1 1 2"),  # one sentence: for the rules to refuse
    ("tt-r1c1", "sally", "1 T2\n1 T3", "r1 c1: 1 T2, 1 T3"),              # no part taken alone either: the rules say why
    ("tt-r1c1", "sally", "6 to track 2 pls", "r1 c1: 6 T2"),                # typed, it boards tracks 'track' and 'pls'
    ("tt-r1c1", "sally", "1 T9", "r1 c1: 1 T9"),                            # no post reading: typed, for the rules
    ("tt-r1c1", "sally", "2 pls", "ERR m.json: '2 pls' is not a move of track-trouble"),   # no track 'pls': unread
    ("tt-r1c1", "sally", "remote switch pls", "ERR m.json:"),                # never a switch 'pls'
])
def test_a_move_read_across_sentences_the_rules_refuse_gives_way_to_one_they_take(position, player, post, want):
    """A post's sentences read together into a move the rules refuse ("clock 1 1 2. (1 1 2)", six
    cards) are read apart when the first makes a move they take: the rest says it again. A post
    read as typed naming what the match lacks is read as a post first; as typed only when it
    holds no word players write around moves ("1 T9", for the rules; "2 pls" unread)."""
    said = named_read(position, player, post)
    assert said.startswith(want) if want.startswith("ERR") else said == want, said


def test_a_hint_never_leaves_out_a_location_the_post_names():
    """`r1 set` (no change) was offered for a post naming I and J: Winning Streak writes a change
    as `I=-`, so the post's I was no word of any legal move. Hints compare I=- as I and -."""
    said = named_read("ws-relocation-r1", "sally", "take the 2/5 out of I and put it in J")
    assert said.startswith("ERR") and "Closest" not in said and "closest" not in said, said


@pytest.mark.parametrize("position, player, post, want", [
    ("arrowbic-mid", "sally", "B5 up, can't go right anyway", "B5 up"),
    ("arrowbic-mid", "sally", "can't go right. B5 up", "B5 up"),
    ("tow1-start", "sally", "rope 1 1, cannot play more", "rope 1 1"),
    ("arrowbic-mid", "sally", "B5 up, can't go up", "ERR m.json: the post says 'can't' before 'up'"),
    ("arrowbic-mid", "sally", "B5 up, no right", "ERR m.json:"),                  # "no" may correct
    ("arrowbic-mid", "sally", "B5 can't go up, right", "ERR m.json: 'B5 can't go up, right' is not a move of arrowbic; write"),
])
def test_what_cannot_be_done_is_declined_and_never_hinted(position, player, post, want):
    """posts.yaml `impossible`: "can't go right" says what the move is not, never a correction:
    declined where the move does not use it; no hint names a move using a word taken back."""
    said = named_read(position, player, post)
    assert said.startswith(want) if want.startswith("ERR") else said == want, said


@pytest.mark.parametrize("position, player, post, want", [
    ("tow1-start", "sally", "conkerrr just the one card", "conker 1"),
    ("arrowbic-start", "sally", "E5 upppp", "E5 up"),
    ("tt-r1c1", "sally", "1 T2, 3 switchhh purple", "r1 c1: 1 T2, 3 switch purple"),
    ("tow1-start", "sally", "rope 1 1 sooo good", "rope 1 1"),                 # no game word held down
])
def test_a_key_held_down_is_the_game_word(position, player, post, want):
    said = named_read(position, player, post)
    assert said == want, said


def test_a_key_held_down_reads_only_one_game_word():
    from adjudicator.lexicon import Lexicon
    from adjudicator.reading import held_down

    assert held_down("upppp", Lexicon(frozenset({"up"}))) == "up"
    assert held_down("booook", Lexicon(frozenset({"bok", "book"}))) is None    # once or twice: two words
    assert held_down("aaabbbcccdddeeefff", Lexicon(frozenset({"abcdef"}))) is None   # too many runs tried
    assert held_down("up", Lexicon(frozenset({"up"}))) is None
    assert held_down("uuu", Lexicon(frozenset({"u", "up"}))) is None                # one letter: never


@pytest.mark.parametrize("position, player, post, want", [
    ("tt-r1c1", "sally", "nothing from me this time (no items either)", "r1 c1: nothing"),
    ("tow1-start", "sally", "rope 1 1. no tower either", "rope 1 1"),
    ("tow1-start", "sally", "rope 1 1 either", "ERR m.json: the post says 'either'"),      # no negation: doubt
    ("tow1-start", "sally", "rope 1 1, not sure either", "ERR m.json: the post says 'not sure'"),
])
def test_either_closing_a_negated_clause_is_no_alternative(position, player, post, want):
    """posts.yaml `negation_echoes`: "no items either" echoes its negation; elsewhere "either" doubts."""
    said = named_read(position, player, post)
    assert said.startswith(want) if want.startswith("ERR") else said == want, said
