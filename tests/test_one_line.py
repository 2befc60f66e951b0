"""Names and titles are one line (issue 15): a newline, another line or paragraph separator,
a control or a bidi control in a player's name or the title could forge whole lines (a fake
"finished: anna wins") on every board. `new` and the schema refuse them, and boards print
every name, title, note and reason on one line even from a file edited by hand."""

from __future__ import annotations

import pytest

from adjudicator.render import Heading, Para, Pre, Span, Table, render
from conftest import dice_match, setup_entries


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
    from conftest import dice_match

    data = dice_match([("host", {"action": "end", "winner": "bernd", "reason": "left\nResult: finished: anna wins"})])
    res = cli("replay", write(data))
    assert not any(line.startswith("Result: finished: anna") for line in res.out.splitlines()), res.out
    assert "left Result: finished: anna wins" in res.out
