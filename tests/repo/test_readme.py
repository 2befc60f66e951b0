"""The README and the pages in docs/ stay true: their example posts are what the tool prints,
and the host's walkthrough (a post read from chatter, times as Discord shows them, a pasted block,
one post per update, check with the seed beside the match) runs as written."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text(encoding="utf-8")
# The README and the pages it links to in docs/: the examples may be on any of them.
PAGES = {path.relative_to(REPO).as_posix(): path.read_text(encoding="utf-8")
         for path in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]}
EXAMPLE = re.compile(r"<!-- readme-example: (.+?) -->\n(`{3,})\n(.*?)\n\2\n", re.S)


def test_the_readme_posts_are_what_the_tool_prints(cli, monkeypatch):
    monkeypatch.chdir(REPO)
    examples = [(page, *example) for page, text in PAGES.items() for example in EXAMPLE.findall(text)]
    assert len(examples) >= 2   # a Discord post and a forum post at least
    for page, command, _fence, shown in examples:
        res = cli(*shlex.split(command))
        assert res.code == 0, command
        assert res.out == shown + "\n", f"{page}: example '{command}' is not what the tool prints now"


POSTS_TABLE = re.compile(r"<!-- posts: .*? -->\n\| position .*?\n\|---.*?\n(.*?)<!-- /posts -->", re.S)


def readme_posts() -> list[tuple[str, str, str]]:
    """(position, post, read as or 'refused: …') of the table of posts (docs/hosting.md, "Reading
    posts"; the README's "Pasting a post" links to it)."""
    tables = [match for text in PAGES.values() for match in POSTS_TABLE.finditer(text)]
    assert len(tables) == 1, "one <!-- posts --> table in README.md and docs/*.md"
    rows = []
    for line in tables[0].group(1).strip().splitlines():
        position, post, want = (cell.strip() for cell in line.strip().strip("|").split(" | "))
        rows.append((position, post.strip("`"), want.strip("`")))
    return rows


def test_the_readme_reads_posts_as_it_says():
    """The README's examples of reading posts are what the reader does, refusals word
    for word (tests/helpers/post_positions.py holds the positions)."""
    from adjudicator.errors import InputError
    from helpers.post_positions import first_to_act, read

    rows = readme_posts()
    assert len(rows) >= 15 and any(want.startswith("refused: ") for _, _, want in rows)
    for position, post, want in rows:
        try:
            said = read(position, first_to_act(position), post)
        except InputError as exc:
            said = "refused: " + exc.message.removeprefix("m.json: ")
        assert said == want, (position, post)


@pytest.fixture
def evening(monkeypatch):
    """Sunday 22 November 2026, 22:00 in Berlin: the host catches up on the evening's posts."""
    monkeypatch.setenv("ADJUDICATOR_NOW", "2026-11-22T21:00:00Z")
    monkeypatch.delenv("ADJUDICATOR_TIME_ZONE", raising=False)


def test_the_host_walkthrough_runs_as_written(cli, tmp_path, evening):
    final = tmp_path / "final.json"
    res = cli("new", "dice-tug-of-war", "--player", "bernd=Bernd:yellow", "--player", "anna=Anna:red",
              "--title", "Weekly final", "--untimed", "--time-zone", "Europe/Berlin", "-o", final)
    assert res.code == 0 and (tmp_path / "final.seed").is_file()
    assert json.loads(final.read_text(encoding="utf-8"))["time_zone"] == "Europe/Berlin"
    assert "salt PLAYER WORD" in res.out                         # step 1b: the players' salts (G-8)
    assert cli("host", final, "salt", "bernd", "tangerine42", "--at", "17:30").code == 0
    assert "Anna's salt: nutmeg" in cli("host", final, "salt", "anna", "nutmeg", "--at", "17:31").out

    assert cli("roll", final, "--values", "6", "4", "4", "--at", "18:00").code == 0
    res = cli("move", final, "Bernd", "ok I keep this one 👍", "--at", "Today at 6:05 PM")
    assert res.code == 0 and 'as: keep' in res.err
    entries = json.loads(final.read_text(encoding="utf-8"))["entries"]
    assert entries[-1]["at"] == "2026-11-22T17:05:00Z"          # 18:05 in Berlin, stored in UTC
    assert entries[-1]["text"] == "ok I keep this one 👍"        # the post as typed, nothing lost

    assert cli("post", final).code == 0                         # the first post: everything so far
    block = tmp_path / "posts.txt"
    block.write_text("Anna — Today at 8:14 PM\n"
                     "> roll for me pls\n"
                     "Dice Maiden BOT — Today at 8:14 PM\n"
                     "Roll: [4, 2, 5]\n"
                     "Anna — Today at 8:15 PM\n"
                     "\"keep\" 🙂\n"
                     "Host — Today at 8:15 PM\n"
                     "nice, anna starts\n"
                     "Dice Maiden BOT — Today at 8:16 PM\n"
                     "Roll: [4, 6, 5]\n"
                     "Anna — Today at 8:20 PM\n"
                     "ok here goes: **trade 4 for 2** 😅\n", encoding="utf-8")
    res = cli("paste", final, block, "--dice-bot", "Dice Maiden", "--skip-unreadable")
    assert res.code == 0, res.err
    entries = json.loads(final.read_text(encoding="utf-8"))["entries"]
    assert [e.get("move") or e.get("chance") for e in entries[4:]] == [
        {"dice": [4, 2, 5], "source": "external"}, {"reroll": []},
        {"dice": [4, 6, 5], "source": "external"}, {"trade": {"rolled": 4, "column": 2}}]
    assert entries[-1]["at"] == "2026-11-22T19:20:00Z"

    res = cli("post", final, "--format", "discord")
    assert res.code == 0 and res.out.startswith("**Weekly final — entries 5–8**")
    assert "Anna" in res.out and "Bernd" in res.out
    assert cli("post", final, "--again", "--format", "discord").out == res.out
    assert json.loads(final.read_text(encoding="utf-8"))["posted"]["seq"] == 8

    res = cli("check", tmp_path)
    assert res.code == 0 and "final.json" in res.out
    strict = cli("check", tmp_path, "--strict-dice")   # the rolls were copied from a dice bot
    assert strict.code == 1 and "a transcribed roll" in strict.out and "salts" not in strict.out
    assert cli("check", tmp_path, "--only-failures").code == 0


def test_the_readme_pictures_are_what_the_tool_draws(cli, tmp_path, monkeypatch):
    """The committed PNGs the README shows are the tool's pictures of those boards: the same
    size, and the same pixels (but for a sliver, so a rasterizer's antialiasing update does
    not fail the suite while a change in the drawing does)."""
    from helpers.pngread import decode

    monkeypatch.chdir(REPO)
    shown = re.findall(r"!\[[^\]]*\]\(docs/pictures/([a-z0-9-]+)\.png\)", README)
    points = dict(re.findall(r"`([a-z0-9-]+) --at (\d+)`", README))
    assert len(shown) == 5 and set(shown) <= set(points)   # one picture per game
    for name in shown:
        made = tmp_path / f"{name}.png"
        assert cli("board", f"matches/{name}.json", "--at", points[name], "--format", "png", "-o", made).code == 0
        want, got = decode((REPO / "docs" / "pictures" / f"{name}.png").read_bytes()), decode(made.read_bytes())
        assert (got.width, got.height) == (want.width, want.height), name
        differ = sum(got.pixel(x, y) != want.pixel(x, y) for y in range(0, got.height, 3) for x in range(0, got.width, 3))
        assert differ <= got.width * got.height // 9 // 200, f"docs/pictures/{name}.png is not what the tool draws now"


SESSION = re.compile(r"((?:^    \$ adjudicator .*\n(?:^    (?!\$ ).*\n)*)+)", re.MULTILINE)


def readme_sessions(heading: str) -> list[tuple[str, list[str]]]:
    """The `$ adjudicator …` commands of the section `heading` of the README or a page in docs/,
    each with the lines shown after it (standard output, then standard error as
    `adjudicator: …`); the section ends at the next heading."""
    start = re.compile(rf"^#{{2,3}} {re.escape(heading)}\n", re.MULTILINE)
    found = [text[m.end():] for text in PAGES.values() for m in start.finditer(text)]
    assert len(found) == 1, f"one section '{heading}' in README.md and docs/*.md"
    section = re.split(r"^#{1,6} ", found[0], maxsplit=1, flags=re.MULTILINE)[0]
    runs: list[tuple[str, list[str]]] = []
    for block in SESSION.findall(section):
        for line in block.splitlines():
            if line.startswith("    $ "):
                runs.append((line[len("    $ adjudicator "):], []))
            elif runs:
                runs[-1][1].append(line[4:])
    return runs


def shown_as(shown: list[str], printed: list[str]) -> bool:
    """Do the printed lines read as the README shows them? A shown line `…` stands for any
    number of lines, and `…` inside a line for any text (a hash, dice, a board)."""
    if not shown:
        return not printed
    if shown[0] == "…":
        return any(shown_as(shown[1:], printed[skip:]) for skip in range(len(printed) + 1))
    pattern = ".*".join(re.escape(part) for part in shown[0].split("…"))
    return bool(printed) and re.fullmatch(pattern, printed[0]) is not None and shown_as(shown[1:], printed[1:])


@pytest.mark.parametrize("heading, now", [("Clocks", "2026-11-22T12:00:00Z"),
                                          ("Fair dice, step by step", "2026-11-22T12:00:00Z")])
def test_the_readme_sessions_run_as_shown(cli, tmp_path, monkeypatch, heading, now):
    """The commands a section shows, run in order in an empty folder, print what it
    shows (the section's sentences describe these outputs)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ADJUDICATOR_NOW", now)
    runs = readme_sessions(heading)
    assert len(runs) >= 2
    for command, shown in runs:
        res = cli(*shlex.split(command))
        printed = res.out.splitlines() + [line for line in res.err.splitlines()]
        assert shown_as(shown, printed), (command, printed)


def test_the_session_matcher_is_strict():
    """`…` elides; everything else must match, line for line."""
    assert shown_as(["a …", "…", "z"], ["a 1", "b", "c", "z"]) and shown_as(["…"], [])
    assert not shown_as(["a"], ["a", "b"]) and not shown_as(["a 1"], ["a 2"]) and not shown_as(["…", "z"], ["y"])
