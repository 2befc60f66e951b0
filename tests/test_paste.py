"""`adjudicator paste`: many posts at once, copied from a thread, DMs or
Discord, each entered with its post's time as `move` enters it. "Now" is ADJUDICATOR_NOW
(conftest: 2026-11-22T12:00:00Z), never the wall clock."""

from __future__ import annotations

import io
import json
import sys

import pytest

from adjudicator.errors import InputError
from adjudicator.paste import dice_in, split_posts
from helpers.audited import masked

DICE_BLOCK = """\
Dice Maiden APP — Yesterday at 8:02 PM
Bernd Roll: [3, 1, 6] Result: 10
Bernd — Yesterday at 8:05 PM
keep
Carl — Yesterday at 8:05 PM
gl hf both!
Dice Maiden APP — Yesterday at 8:06 PM
Anna Roll: [2, 2, 5] Result: 9
Anna — Yesterday at 8:14 PM
reroll 1 2
Dice Maiden APP — Yesterday at 8:15 PM
Anna Roll: [4, 6] Result: 10
[8:17 PM]Bernd Roll: [6, 2, 2] Result: 10
Bernd — Yesterday at 8:20 PM
attack
"""


@pytest.fixture
def dice(cli, tmp_path):
    """A fresh dice Tug of War match in Berlin time: bernd yellow, anna red."""
    path = tmp_path / "dice.json"
    assert cli("new", "dice-tug-of-war", "-p", "bernd=Bernd:yellow", "-p", "anna=Anna:red",
               "--time-zone", "Europe/Berlin", "--untimed", "-o", path).code == 0
    return path


@pytest.fixture
def streak(cli, tmp_path):
    """A fresh Winning Streak match (sealed placements) in New York time."""
    path = tmp_path / "ws.json"
    assert cli("new", "winning-streak", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue",
               "--advantage", "maddie", "--time-zone", "America/New_York", "-o", path).code == 0
    return path


def entries(path):
    return json.loads(path.read_text(encoding="utf-8"))["entries"]


def posts_file(tmp_path, text, name="posts.txt"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- reading the block ------------------------------------------------------------------

def test_discord_blocks_with_continuation_lines():
    posts = split_posts("Anna — Today at 8:14 PM\ntrade 3 for 2\nthanks\nBernd — Today at 8:20 PM\n"
                        "reroll 1 3\n[8:21 PM]never mind: keep (edited)\n[8:22 PM] ok\n", "x")
    assert [(p.author, p.when, p.text) for p in posts] == [
        ("Anna", "Today at 8:14 PM", "trade 3 for 2\nthanks"),
        ("Bernd", "Today at 8:20 PM", "reroll 1 3"),
        ("Bernd", "8:21 PM", "never mind: keep"),
        ("Bernd", "8:22 PM", "ok")]
    assert [p.line for p in posts] == [1, 4, 6, 7]


def test_line_layouts():
    posts = split_posts("[20:14] anna: trade 3 for 2\n2026-11-21 20:15 bernd: reroll 1 3\n"
                        "[8:16 PM] <Anna> keep\nbernd: attack\n  and good luck\n", "x")
    assert [(p.author, p.when, p.text) for p in posts] == [
        ("anna", "20:14", "trade 3 for 2"), ("bernd", "2026-11-21 20:15", "reroll 1 3"),
        ("Anna", "8:16 PM", "keep"), ("bernd", None, "attack\nand good luck")]


def test_a_24_hour_discord_header():
    posts = split_posts("Anna — 21/11/2026 20:14\nkeep\n[20:15]attack\n", "x")
    assert [(p.author, p.when) for p in posts] == [("Anna", "21/11/2026 20:14"), ("Anna", "20:15")]


def test_a_block_without_an_author_is_refused():
    with pytest.raises(InputError, match="line 1.*no author"):
        split_posts("trade 3 for 2\n", "posts.txt")
    with pytest.raises(InputError, match="no posts"):
        split_posts("\n\n", "posts.txt")


@pytest.mark.parametrize("text, expected", [
    ("Bernd Roll: [3, 1, 6] Result: 10", [3, 1, 6]),
    ("Request: `[3d6]` Roll: `[4, 6]` Result: 10", [4, 6]),
    ("3d6 (2, 2, 5) = 9", [2, 2, 5]),
    ("6 2 2", [6, 2, 2]),
    ("nice roll", None),
])
def test_dice_in_a_dice_bots_post(text, expected):
    assert dice_in(text) == expected


# --- entering the posts -----------------------------------------------------------------

def test_a_realistic_dice_block(cli, dice, tmp_path):
    result = cli("paste", dice, posts_file(tmp_path, DICE_BLOCK), "--dice-bot", "Dice Maiden")
    assert result.code == 0, result.err
    got = entries(dice)
    assert [(e["seq"], e["type"], e.get("player"), e["at"]) for e in got] == [
        (1, "chance", None, "2026-11-21T19:02:00Z"), (2, "move", "bernd", "2026-11-21T19:05:00Z"),
        (3, "chance", None, "2026-11-21T19:06:00Z"), (4, "move", "anna", "2026-11-21T19:14:00Z"),
        (5, "chance", None, "2026-11-21T19:15:00Z"), (6, "chance", None, "2026-11-21T19:17:00Z"),
        (7, "move", "bernd", "2026-11-21T19:20:00Z")]
    assert got[0]["chance"] == {"dice": [3, 1, 6], "source": "external"}
    assert got[6]["move"] == {"attack": True}
    assert "#7 Bernd: attack" in result.out and "dice-tug-of-war · after entry 7" in result.out
    assert "skipped post 3 (line 5, Carl): not a player" in result.err
    assert "added entries 1–7 from 8 posts (1 post skipped)" in result.err


def test_stop_at_an_illegal_post_keeps_what_came_before(cli, dice, tmp_path):
    block = DICE_BLOCK.replace("reroll 1 2", "attack")   # anna's setup: only keep or re-roll
    result = cli("paste", dice, posts_file(tmp_path, block), "--dice-bot", "Dice Maiden")
    assert result.code == 1
    assert [e["seq"] for e in entries(dice)] == [1, 2, 3]
    assert "added entries 1–3 (1 post skipped); stopped at post 5 (line 9, Anna) at 2026-11-21T19:14:00Z: refused" \
        in result.err
    assert "The 3 posts after it were not read." in result.err
    assert "#3 chance: dice 2 2 5" in result.out and "after entry 3" in result.out


def test_all_or_nothing_leaves_the_file_byte_identical(cli, dice, tmp_path):
    before = dice.read_bytes()
    block = DICE_BLOCK.replace("attack", "trade 6 for 6")
    result = cli("paste", dice, posts_file(tmp_path, block), "--dice-bot", "Dice Maiden", "--all-or-nothing")
    assert result.code == 1
    assert dice.read_bytes() == before
    assert "nothing written (--all-or-nothing); stopped at post 8" in result.err
    assert result.out == ""
    assert list(tmp_path.glob(".dice.json.*")) == []
    result = cli("paste", dice, posts_file(tmp_path, DICE_BLOCK), "--dice-bot", "Dice Maiden", "--all-or-nothing")
    assert result.code == 0 and len(entries(dice)) == 7


def test_dry_run_checks_and_writes_nothing(cli, dice, tmp_path):
    before = dice.read_bytes()
    result = cli("paste", dice, posts_file(tmp_path, DICE_BLOCK), "--dice-bot", "Dice Maiden", "--dry-run")
    assert result.code == 0
    assert dice.read_bytes() == before
    assert "dry run, nothing written: would add entries 1–7" in result.err
    assert "after entry 7" in result.out
    assert str(tmp_path) not in result.err.replace(str(dice), "") or "adjudicator-paste-" not in result.err


def test_a_post_with_no_move_stops_unless_skipped(cli, dice, tmp_path):
    block = DICE_BLOCK.replace("Carl — Yesterday at 8:05 PM", "Anna — Yesterday at 8:05 PM")
    result = cli("paste", dice, posts_file(tmp_path, block), "--dice-bot", "Dice Maiden")
    assert result.code == 2
    assert "stopped at post 3 (line 5, Anna)" in result.err and "gl hf" in result.err
    assert len(entries(dice)) == 2
    rest = block[block.index("Dice Maiden APP — Yesterday at 8:06 PM"):]
    result = cli("paste", dice, posts_file(tmp_path, rest), "--dice-bot", "Dice Maiden", "--skip-unreadable")
    assert result.code == 0, result.err
    assert len(entries(dice)) == 7


def test_skip_unreadable_lists_the_post(cli, dice, tmp_path):
    block = DICE_BLOCK.replace("Carl — Yesterday at 8:05 PM", "anna — Yesterday at 8:05 PM")
    result = cli("paste", dice, posts_file(tmp_path, block), "--dice-bot", "Dice Maiden", "--skip-unreadable")
    assert result.code == 0
    assert "skipped post 3 (line 5, anna): no move in it" in result.err


def test_a_bad_time_in_a_post_names_the_post_and_writes_nothing(cli, dice, tmp_path):
    before = dice.read_bytes()
    block = DICE_BLOCK.replace("Anna — Yesterday at 8:14 PM", "Anna — Today at 11:14 PM")
    result = cli("paste", dice, posts_file(tmp_path, block, "p.txt"), "--dice-bot", "Dice Maiden")
    assert result.code == 2
    assert "p.txt: post 5 (line 9, Anna), its time:" in result.err and "later than now" in result.err
    assert dice.read_bytes() == before


def test_posts_past_midnight_roll_to_the_next_day(cli, dice, tmp_path):
    block = ("[2026-11-21 23:58] Dice Maiden: [3, 1, 6]\n[23:59] bernd: keep\n"
             "[00:01] Dice Maiden: [2, 2, 5]\n[00:03] ANNA: keep\n")
    result = cli("paste", dice, posts_file(tmp_path, block), "--dice-bot", "dice maiden")
    assert result.code == 0, result.err
    assert [e["at"] for e in entries(dice)] == ["2026-11-21T22:58:00Z", "2026-11-21T22:59:00Z",
                                                "2026-11-21T23:01:00Z", "2026-11-21T23:03:00Z"]


def test_posts_without_times_are_stamped_now(cli, dice, tmp_path):
    block = "Dice Maiden: 3 1 6\nBERND: keep\n"
    result = cli("paste", dice, posts_file(tmp_path, block), "--dice-bot", "Dice Maiden")
    assert result.code == 0
    assert [e["at"] for e in entries(dice)] == ["2026-11-22T12:00:00Z"] * 2
    assert "(no time: stamped now)" in result.err


def test_standard_input(cli, dice, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(DICE_BLOCK.encode("utf-8"))))
    result = cli("paste", dice, "--dice-bot", "Dice Maiden")
    assert result.code == 0 and len(entries(dice)) == 7
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"anna: keep\n")))
    result = cli("paste", dice, "-", "--dice-bot", "Dice Maiden", "--dry-run")
    assert result.code == 1 and "refused (chance-due)" in result.err and "--dice-bot NAME" in result.err


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_is_told_how_to_end_the_input(cli, dice, monkeypatch):
    monkeypatch.setattr(sys, "stdin", Terminal("Dice Maiden: 3 1 6\n"))
    result = cli("paste", dice, "--dice-bot", "Dice Maiden")
    assert result.code == 0
    assert "Ctrl-D" in result.err


def test_no_standard_input_is_a_clear_error(cli, dice, monkeypatch):
    closed = io.StringIO()
    closed.close()
    monkeypatch.setattr(sys, "stdin", closed)
    result = cli("paste", dice)
    assert result.code == 2 and "give FILE" in result.err and "Traceback" not in result.err


def test_a_missing_file_of_posts(cli, dice, tmp_path):
    result = cli("paste", dice, tmp_path / "nope.txt")
    assert result.code == 2 and "nope.txt" in result.err


def test_formats(cli, dice, tmp_path):
    posts = posts_file(tmp_path, DICE_BLOCK)
    result = cli("paste", dice, posts, "--dice-bot", "Dice Maiden", "--format", "json", "--dry-run")
    assert result.code == 0
    data = result.json
    assert [e["seq"] for e in data["entries"]] == [1, 2, 3, 4, 5, 6, 7] and data["at_seq"] == 7
    assert cli("paste", dice, posts, "--format", "svg").code == 2
    result = cli("paste", dice, posts, "--dice-bot", "Dice Maiden", "--format", "bbcode", "--dry-run")
    assert result.code == 0 and result.out.startswith("[code]#1 chance: dice 3 1 6") and "[b]" in result.out


# --- sealed games -----------------------------------------------------------------------

SEALED_BLOCK = """\
Sally — 11/21/2026 8:14 PM
t1 place 4/5 M
Maddie — 11/21/2026 8:14 PM
place 4/4 C
Host — 11/21/2026 8:15 PM
turn 2 is open, 60 s
Sally — 11/21/2026 8:15 PM
{sealed}
"""


def test_a_sealed_game(cli, streak, tmp_path):
    result = cli("paste", streak, posts_file(tmp_path, SEALED_BLOCK.format(sealed="place 1/1 L")))
    assert result.code == 0, result.err
    got = entries(streak)
    assert [(e["player"], e["at"]) for e in got] == [("sally", "2026-11-22T01:14:00Z"),
                                                     ("maddie", "2026-11-22T01:14:00Z"),
                                                     ("sally", "2026-11-22T01:15:00Z")]
    assert got[2]["move"]["troop"] == "1/1"
    assert "#3 Sally: sealed submission" in result.out and "t2 place" not in result.out
    assert "private to the host" in result.err and "t2 place 1/1 L" in result.err
    assert "skipped post 3 (line 5, Host): not a player" in result.err


def test_public_output_is_the_same_whatever_the_sealed_content(cli, tmp_path):
    outs = []
    for index, sealed in enumerate(["place 1/1 L", "place 5/3 A"]):
        path = tmp_path / "ws.json"
        if path.exists():
            path.unlink()
        assert cli("new", "winning-streak", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue",
                   "--advantage", "maddie", "--time-zone", "America/New_York", "-o", path).code == 0
        result = cli("paste", path, posts_file(tmp_path, SEALED_BLOCK.format(sealed=sealed), f"p{index}.txt"))
        assert result.code == 0, result.err
        outs.append(result.out)
        again = cli("paste", path, posts_file(tmp_path, SEALED_BLOCK.format(sealed=sealed).split("Sally — 11/21/2026 8:15 PM")[1]
                                               .replace("place", "Sally — 11/21/2026 8:15 PM\nplace"), f"q{index}.txt"),
                       "--format", "json", "--dry-run")
        assert again.code == 0, again.err
        outs.append(again.out)
    assert "#3 Sally: sealed submission" in outs[0] and '"summary": "sealed submission"' in outs[1]
    # the heads and the revealed nonces differ by design (random nonces, G-9): masked alike
    outs = [masked(out) for out in outs]
    assert outs[0] == outs[2]
    assert outs[1] == outs[3]


def test_a_late_sealed_post_is_refused_by_its_own_time(cli, streak, tmp_path):
    """Each post keeps its own time, so the clock (G-7) decides as it would for `move --at`."""
    block = SEALED_BLOCK.format(sealed="place 1/1 L").replace("Sally — 11/21/2026 8:15 PM",
                                                              "Sally — 11/21/2026 8:19 PM")
    result = cli("paste", streak, posts_file(tmp_path, block))
    assert result.code == 1 and "refused (late)" in result.err
    assert len(entries(streak)) == 2


def test_track_trouble_sealed_block(cli, tmp_path):
    path = tmp_path / "tt.json"
    assert cli("new", "track-trouble", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue", "--untimed",
               "-o", path).code == 0
    block = "[11:00] sally: 1 T2, 2 T1\n[11:01] spectator: go sally\n[11:02] Maddie: 1 T3\n[11:03] SALLY: 3 T1\n"
    result = cli("paste", path, posts_file(tmp_path, block))
    assert result.code == 0, result.err
    assert [e["player"] for e in entries(path)] == ["sally", "maddie", "sally"]
    assert "sealed submission" in result.out


def test_a_long_unclosed_list_in_a_bots_post_is_read_at_once():
    """One way to match each separator: no regular-expression backtracking blow-up."""
    assert dice_in("[" + "1, " * 5000 + "x") is None


def test_posts_that_are_not_text(cli, dice, tmp_path):
    path = tmp_path / "posts.bin"
    path.write_bytes(b"anna: \xff\xfe keep\n")
    result = cli("paste", dice, path)
    assert result.code == 2 and "not UTF-8 text" in result.err and str(path) in result.err


def test_help_teaches_with_examples(cli):
    result = cli("paste", "--help")
    assert result.code == 0
    assert "adjudicator paste m.json posts.txt" in result.out and "Today at 8:14 PM" in result.out


# --- who wrote it --------------------------------------------

@pytest.mark.parametrize("layout", ["discord", "lines"])
def test_a_spectator_named_like_a_side_is_not_that_player(cli, streak, tmp_path, layout):
    """Maddie plays blue; a spectator called Blue is skipped and listed, never entered as her."""
    spectator = {"discord": "Blue — 11/21/2026 8:14 PM\nplace 1/1 L\n",
                 "lines": "[2026-11-21 20:14] blue: place 1/1 L\n"}[layout]
    before = streak.read_bytes()
    result = cli("paste", streak, posts_file(tmp_path, spectator))
    assert result.code == 0, result.err
    assert streak.read_bytes() == before
    author = "Blue" if layout == "discord" else "blue"
    assert f"skipped post 1 (line 1, {author}): not a player of this match" in result.err
    assert "added no entries from 1 post (1 post skipped)" in result.err
    own = {"discord": "Sally — 11/21/2026 8:14 PM\nt1 place 4/5 M\n" + spectator
                      + "Maddie — 11/21/2026 8:14 PM\nplace 4/4 C\n",
           "lines": "[2026-11-21 20:14] Sally: t1 place 4/5 M\n" + spectator
                    + "[2026-11-21 20:14] maddie: place 4/4 C\n"}[layout]
    result = cli("paste", streak, posts_file(tmp_path, own))
    assert result.code == 0, result.err
    got = entries(streak)
    assert [(e["player"], e["move"]["troop"]) for e in got] == [("sally", "4/5"), ("maddie", "4/4")]
    assert f"skipped post 2 (line {2 if layout == 'lines' else 3}, {author}): not a player of this match" \
        in result.err


def test_a_person_named_like_the_dice_bot_without_its_tag_rolls_nothing(cli, dice, tmp_path):
    fake = "Dice Maiden — Yesterday at 8:01 PM\nBernd Roll: [6, 6, 6] Result: 18\n"
    before = dice.read_bytes()
    result = cli("paste", dice, posts_file(tmp_path, fake), "--dice-bot", "Dice Maiden")
    assert result.code == 0, result.err
    assert dice.read_bytes() == before
    assert ("skipped post 1 (line 1, Dice Maiden): named like the dice bot but without its APP/BOT tag"
            in result.err)
    result = cli("paste", dice, posts_file(tmp_path, fake + DICE_BLOCK), "--dice-bot", "Dice Maiden")
    assert result.code == 0, result.err
    got = entries(dice)
    assert len(got) == 7 and [e["chance"]["dice"] for e in got if e["type"] == "chance"] == [
        [3, 1, 6], [2, 2, 5], [4, 6], [6, 2, 2]]
    assert "added entries 1–7 from 9 posts (2 posts skipped)" in result.err


def test_the_dice_bot_with_its_bot_tag(cli, dice, tmp_path):
    block = DICE_BLOCK.replace("Dice Maiden APP", "Dice Maiden BOT")
    result = cli("paste", dice, posts_file(tmp_path, block), "--dice-bot", "dice maiden")
    assert result.code == 0, result.err
    assert [e["chance"] for e in entries(dice) if e["type"] == "chance"][0] == {"dice": [3, 1, 6],
                                                                                  "source": "external"}


def test_a_bot_named_like_a_player_is_skipped(cli, dice, tmp_path):
    block = DICE_BLOCK.replace("Bernd — Yesterday at 8:05 PM",
                               "Bernd BOT — Yesterday at 8:04 PM\nreroll 1 2\nBernd — Yesterday at 8:05 PM")
    result = cli("paste", dice, posts_file(tmp_path, block), "--dice-bot", "Dice Maiden")
    assert result.code == 0, result.err
    got = entries(dice)
    assert len(got) == 7 and (got[1]["player"], got[1]["move"]) == ("bernd", {"reroll": []})
    assert "skipped post 2 (line 3, Bernd BOT): a bot, not a player" in result.err


def test_an_author_two_players_fit_refuses_the_paste(cli, tmp_path):
    """sally's id is maddie's display name: a post by 'Sally' is refused, nothing written."""
    path = tmp_path / "ws.json"
    assert cli("new", "winning-streak", "-p", "sally=Sal:red", "-p", "maddie=Sally:blue", "--advantage", "maddie",
               "--time-zone", "America/New_York", "-o", path).code == 0
    before = path.read_bytes()
    block = "Sal — 11/21/2026 8:14 PM\nt1 place 4/5 M\nSally — 11/21/2026 8:14 PM\nplace 4/4 C\n"
    result = cli("paste", path, posts_file(tmp_path, block))
    assert result.code == 2 and result.out == ""
    assert result.err == (f"adjudicator: {path}: post 2 (line 3, Sally) could be by either player, sally (by id) "
                          f"and maddie (by display name); nothing written. Make the author one player's id, or "
                          f"enter that post with 'adjudicator move'.\n")
    assert path.read_bytes() == before


def test_a_line_author_that_is_a_player_and_the_dice_bot_is_refused(cli, dice, tmp_path):
    """One-post-a-line layouts show no tags: a name both a player's and --dice-bot's is not guessed."""
    before = dice.read_bytes()
    result = cli("paste", dice, posts_file(tmp_path, "[2026-11-21 20:00] bernd: 3 1 6\n"), "--dice-bot", "Bernd")
    assert result.code == 2
    assert "post 1 (line 1, bernd) could be by the dice bot or by the player bernd (by id and display name)" \
        in result.err
    assert dice.read_bytes() == before


# --- salts (G-8) ---------------------------------------------------------------------------

def test_a_salt_post_becomes_the_authors_salt_g8(cli, dice, tmp_path):
    """`salt: WORD` from a player is that player's salt, with the post's time; the roll after
    both salts is salted (check finds no unsalted draw)."""
    block = posts_file(tmp_path, "Bernd — Today at 10:00 AM\nsalt: tangerine42\n"
                                 "Anna — Today at 10:01 AM\nSALT:  x-y_z!\n"
                                 "Carl — Today at 10:02 AM\nsalt: spectator\n")
    res = cli("paste", dice, block)
    assert res.code == 0, res.err
    assert "Bernd's salt: tangerine42" in res.out and "Anna's salt: x-y_z!" in res.out
    assert [(e["host"], e["at"]) for e in entries(dice)] == [
        ({"action": "salt", "player": "bernd", "salt": "tangerine42"}, "2026-11-22T09:00:00Z"),
        ({"action": "salt", "player": "anna", "salt": "x-y_z!"}, "2026-11-22T09:01:00Z")]
    assert "not a player of this match" in res.err   # Carl's post skipped
    assert cli("roll", dice).code == 0
    row = cli("check", dice, "--strict-dice", "--format", "json").json["files"][0]
    assert row["verdict"] == "ok" and row["unsalted_draws"] == []


@pytest.mark.parametrize("text, code, message", [
    ("salt: two words", 2, "'two words' is not a salt"),
    ("salt:", 2, "a salt is one word, not nothing"),
])
def test_a_salt_post_that_cannot_be_a_salt_is_refused_g8(cli, dice, tmp_path, text, code, message):
    res = cli("paste", dice, posts_file(tmp_path, f"[10:00] anna: {text}\n"))
    assert res.code == code and message in res.err and entries(dice) == []


def test_a_second_salt_post_is_refused_g8(cli, dice, tmp_path):
    res = cli("paste", dice, posts_file(tmp_path, "[10:00] anna: salt: nutmeg\n[10:05] anna: salt: saffron\n"))
    assert res.code == 1 and "refused (salt-repeated)" in res.err and len(entries(dice)) == 1


# --- Linear in the posts -----------------------------------------------------------

@pytest.mark.parametrize("count", [50, 400])
def test_a_paste_loads_replays_and_writes_once_whatever_its_length(cli, streak, tmp_path, monkeypatch, count):
    """Entering n posts is one load, one write and a number of replay steps linear in n (each
    post was a load, a replay of the whole log and a write: 2,000 posts took 47 s and 1.7 GB).
    Resubmissions keep the placement phase open, so every post is an entry."""
    from adjudicator import matchfile
    from adjudicator.engine import Replay

    calls = {"load": 0, "write": 0, "step": 0}

    def counted(name, real):
        def call(*args, **kwargs):
            calls[name] += 1
            return real(*args, **kwargs)
        return call

    monkeypatch.setattr(matchfile, "load", counted("load", matchfile.load))
    monkeypatch.setattr(matchfile, "write_atomic", counted("write", matchfile.write_atomic))
    monkeypatch.setattr(Replay, "step", counted("step", Replay.step))
    text = "\n".join(f"sally: t1 place 1/{1 + i % 5} A" for i in range(count))
    assert cli("paste", streak, posts_file(tmp_path, text)).code == 0
    assert len(entries(streak)) == count
    assert calls["load"] <= 2 and calls["write"] == 1   # the time zone read first, then the match under its lock
    assert calls["step"] <= 3 * count   # the posts, then one replay of the result
