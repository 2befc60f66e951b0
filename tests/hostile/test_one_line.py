"""Names and titles are one line: a newline, another line or paragraph separator,
a control or a bidi control in a player's name or the title could forge whole lines (a fake
"finished: anna wins") on every board. `new` and the schema refuse them, and boards print
every name, title, note and reason on one line even from a file edited by hand."""

from __future__ import annotations

import pytest

from adjudicator.render import Heading, Para, Pre, Span, Table, render
from helpers.matches import dice_match, setup_entries


def listing(folder):
    return sorted(p.name for p in folder.iterdir())


FORGED = "Bernd\nfinished: anna wins"


@pytest.mark.parametrize("option, value, field", [
    ("-p", f"bernd={FORGED}:yellow", "players[1].name"),
    ("-p", "bernd=Bernd\u2028finished:yellow", "players[1].name"),
    ("-p", "bernd=\u202eniw anna:yellow", "players[1].name"),
    ("--title", "Final\r\nfinished: anna wins", "title"),
    ("--title", "Final\u2029", "title"),
])
def test_new_refuses_a_name_or_title_that_is_not_one_line(cli, tmp_path, option, value, field):
    args = ["new", "dice-tug-of-war", "-p", "anna=Anna:red", "-o", tmp_path / "m.json", option, value]
    if option == "--title":
        args += ["-p", "bernd=Bernd:yellow"]
    res = cli(*args)
    assert res.code == 2
    assert f"field {field}:" in res.err and "names and titles are one line" in res.err
    assert "\n" not in res.err.rstrip("\n")
    assert listing(tmp_path) == []


@pytest.mark.parametrize("mutate, field", [
    (lambda d: d["players"][0].update(name=FORGED), "players[0].name"),
    (lambda d: d.update(title="T\u202e"), "title"),
    (lambda d: d["players"][1].update(id="anna\n"), "players[1].id"),
])
def test_an_old_file_with_a_multi_line_name_is_exit_2(cli, write, mutate, field):
    data = dice_match(setup_entries([1, 2, 3], [4, 5, 6]))
    mutate(data)
    res = cli("board", write(data))
    assert res.code == 2 and f"field {field}:" in res.err
    assert len(res.err) < 300 and "\\u2028" not in res.err   # a short sentence, not the schema's pattern


@pytest.mark.parametrize("fmt", ["text", "markdown", "bbcode"])
@pytest.mark.parametrize("breaker", ["\n", "\r", "\u2028", "\u2029", "\u0085", "\x0b", "\x0c"])
def test_rendered_text_cannot_start_a_line(fmt, breaker):
    forged = f"Bernd{breaker}finished: anna wins"
    blocks = [Heading(forged), Para([forged, Span(forged, colour="red", bold=True)]), Pre([forged]),
              Table(["who"], [[forged]])]
    lines = render(blocks, fmt).splitlines()
    assert lines, "nothing was rendered"
    assert not [line for line in lines if line.lstrip("[]/a-z=`| ").startswith("finished")]


@pytest.mark.parametrize("fmt", ["text", "markdown", "bbcode"])
@pytest.mark.parametrize("control", ["\u202e", "\u202d", "\u2066", "\u200f", "\u061c"])
def test_rendered_text_holds_no_bidi_control(fmt, control):
    """U+202E would show "niw anna" as "anna win" on a board."""
    shown = render([Heading(f"{control}niw anna"), Table(["who"], [[f"x{control}y"]]), Pre([control])], fmt)
    assert "niw anna" in shown and control not in shown


def test_a_reason_or_note_with_a_line_break_stays_on_its_line_in_replay_text(cli, write):
    """A hand-written host reason cannot forge a line of `replay` output ("Result: …")."""
    from helpers.matches import dice_match

    data = dice_match([("host", {"action": "end", "winner": "bernd", "reason": "left\nResult: finished: anna wins"})])
    res = cli("replay", write(data))
    assert not any(line.startswith("Result: finished: anna") for line in res.out.splitlines()), res.out
    assert "left Result: finished: anna wins" in res.out


# --- Look-alike names, and ids in JSON ----------------------------------------

import json  # noqa: E402
import re  # noqa: E402

from helpers import REPO  # noqa: E402

INVISIBLE = ["\u200b", "\u2060", "\U000e0041", "\U000e007f", "\u00ad", "\u3164", "\uffa0", "\u180e", "\ufeff",
             "\u034f"]


@pytest.mark.parametrize("hidden", INVISIBLE)
@pytest.mark.parametrize("where", ["end", "middle"])
def test_new_refuses_a_name_holding_an_invisible_character(cli, tmp_path, hidden, where):
    """`Sally` and `Sally` + U+200B print the same: "Sally (red) vs Sally (blue)" names nobody."""
    name = "Sally" + hidden if where == "end" else "Sa" + hidden + "lly"
    res = cli("new", "dice-tug-of-war", "-p", "sally=Sally:yellow", "-p", f"sal2={name}:red", "-o", tmp_path / "m.json")
    assert res.code == 2, res.err
    assert res.err.startswith("adjudicator: field players[1].name:") and f"U+{ord(hidden):04X}" in res.err
    assert "\n" not in res.err.rstrip("\n") and hidden not in res.err and "Traceback" not in res.err
    assert listing(tmp_path) == []


@pytest.mark.parametrize("other", ["SALLY", "sally", "\uff33\uff41\uff4c\uff4c\uff59", "Sally "])
def test_new_refuses_two_names_that_look_the_same(cli, tmp_path, other):
    res = cli("new", "dice-tug-of-war", "-p", "sally=Sally:yellow", "-p", f"sal2={other}:red", "-o", tmp_path / "m.json")
    assert res.code == 2
    assert "field players[1].name:" in res.err and "players[0].name 'Sally'" in res.err
    assert listing(tmp_path) == []


def test_a_player_without_a_name_is_compared_by_id():
    """A player without a name is shown by id, so the id is what the other name must differ from."""
    from adjudicator.errors import InputError
    from adjudicator.session import check_names_apart

    with pytest.raises(InputError, match=r"players\[1\]\.name: 'SALLY' .* players\[0\]\.id 'sally'"):
        check_names_apart({"players": [{"id": "sally", "side": "yellow"}, {"id": "s2", "name": "SALLY", "side": "red"}]})
    check_names_apart({"players": [{"id": "sally", "side": "yellow"}, {"id": "s2", "name": "Sal", "side": "red"}]})


@pytest.mark.parametrize("name", ["Sally \u2764\ufe0f", "Sally \U0001f469\u200d\U0001f4bb", "Sal", "Sälly"])
def test_new_takes_names_that_differ_where_it_shows(cli, tmp_path, name):
    """An emoji's own joiner and variation selector are how it is written, not hidden."""
    res = cli("new", "dice-tug-of-war", "-p", "sally=Sally:yellow", "-p", f"sal2={name}:red", "-o", tmp_path / "m.json")
    assert res.code == 0, res.err


def test_new_refuses_a_joiner_after_a_letter(cli, tmp_path):
    res = cli("new", "dice-tug-of-war", "-p", "sally=Sally:yellow", "-p", "sal2=Sally\u200d:red", "-o", tmp_path / "m.json")
    assert res.code == 2 and "U+200D" in res.err


@pytest.mark.parametrize("match_id", ["m\u202eniw anna", "m\u2028x", "m\nx"])
def test_new_refuses_a_match_id_that_is_not_one_line(cli, tmp_path, match_id):
    res = cli("new", "dice-tug-of-war", "-p", "a=A:yellow", "-p", "b=B:red", "--id", match_id, "-o", tmp_path / "m.json")
    assert res.code == 2 and "field id:" in res.err
    assert listing(tmp_path) == []


def test_a_hand_edited_match_id_reaches_json_escaped(cli, write):
    """The match id has no schema pattern (a file may hold anything there), so every JSON output
    writes bidi controls and line separators as escapes: the same value, nothing raw."""
    data = json.loads((REPO / "matches" / "dice-own-goal.json").read_text(encoding="utf-8"))
    data["id"] = "m\u202eniw anna\u2028x\u2029\u2066"
    path = write(data)
    for args in (("board", path, "--format", "json"), ("replay", path, "--format", "json"),
                 ("post", path, "--format", "json", "--dry-run"), ("check", path, "--format", "json")):
        res = cli(*args)
        assert res.code in (0, 1), (args, res.err)
        assert not re.search("[\u202e\u2028\u2029\u2066]", res.out), args
    assert cli("board", path, "--format", "json").json["match"] == data["id"]


# Mentions in everything pasted into Discord (render.py: Discord matches them with no word boundary).
RAW_PING = re.compile("@(?:everyone|here)|<[@#](?!\u200b)", re.IGNORECASE)


def test_board_post_and_host_for_discord_ping_nobody(cli, write):
    data = json.loads((REPO / "matches" / "dice-own-goal.json").read_text(encoding="utf-8"))
    data["entries"] = data["entries"][:6]
    data["title"] = "@EVERYONE x@here"
    data["players"][0]["name"], data["players"][1]["name"] = "@heretics", "@everyone1 <@&42>"
    data["entries"][-1]["note"] = "@Here <#7>"
    path = write(data)
    outs = [cli("board", path, "--format", "discord"), cli("post", path, "--format", "discord", "--dry-run"),
            cli("host", path, "end", "kim", "--reason", "@everyone1 left x@HERE", "--format", "discord")]
    for res in outs:
        assert res.code == 0, res.err
        assert not RAW_PING.search(res.out), res.out
    assert "@\u200bheretics" in outs[0].out and "@\u200beveryone1 left x@\u200bHERE" in outs[2].out
