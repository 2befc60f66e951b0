"""Boards as they really render: every example match, at a few points and in a
player's view, in every board format, through real renderers from the package index.

- markdown: markdown-it-py, CommonMark with GFM tables (GitHub, Reddit);
- bbcode: dcwatson's `bbcode`, set up as phpBB 3.3 renders out of the box: only [b], [i],
  [u], [color], [code], [quote], [list]/[*] and [url]; [code] shows its content as written;
  any other tag shows as text;
- discord: markdown-it-py's CommonMark without tables (Discord draws none) or HTML entities
  (Discord shows `&lt;` as written), each message on its own: as near as a library gets to
  Discord's own Markdown.

Each grid and table must stay aligned in one preformatted block (its lines those of the
text format), no markup may show as text, and every player's name must show.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from adjudicator import matchfile, session, views
from adjudicator.formats.discord import phone_lines
from adjudicator.render import (DISCORD_CUT, DISCORD_LIMIT, PHONE_WIDTH, Heading, Para, Pre, Stamp, Table,
                                discord_length, discord_messages, display_width, render)
from helpers import REPO

EXAMPLES = sorted((REPO / "matches").glob("*.json"))
FORMATS = ("text", "markdown", "bbcode", "discord")
RAW_MARKUP = re.compile(r"\*\*|\[/?(?:b|i|u|color|code|quote|list|url|font|size)\b|\|-{3}|```|\\[\\`*_{}\[\]<>()#+\-.!|~&@]")


# --- Renderers --------------------------------------------------------------------------------

def markdown_html(text: str) -> str:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").enable("table").render(text)


def discord_html(text: str) -> str:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").enable("strikethrough").disable("entity").render(text)   # Discord has no entities


def bbcode_html(text: str) -> str:
    """BBCode as phpBB 3.3 renders it out of the box (the tags it and XenForo 2 share)."""
    import bbcode

    parser = bbcode.Parser(install_defaults=False, replace_links=False, replace_cosmetic=False, newline="<br>\n")
    for tag, html in (("b", "<strong>%(value)s</strong>"), ("i", "<em>%(value)s</em>"), ("u", "<u>%(value)s</u>")):
        parser.add_simple_formatter(tag, html)
    parser.add_simple_formatter("quote", "<blockquote>%(value)s</blockquote>")
    parser.add_simple_formatter("url", "<a href='%(value)s'>%(value)s</a>")
    parser.add_simple_formatter("list", "<ul>%(value)s</ul>", transform_newlines=False, strip=True)
    parser.add_simple_formatter("*", "<li>%(value)s</li>", newline_closes=True, same_tag_closes=True, strip=True)
    parser.add_simple_formatter("code", "<pre><code>%(value)s</code></pre>", render_embedded=False,
                                transform_newlines=False, replace_cosmetic=False, replace_links=False)

    def colour(name: str, value: str, options: dict[str, str], parent: Any, context: Any) -> str:
        return f"<span style=\"color:{options.get('color', '')}\">{value}</span>"

    parser.add_formatter("color", colour)
    return parser.format(text)


class Page(HTMLParser):
    """An HTML page's preformatted blocks (each its text) and its other visible text."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.pres: list[str] = []
        self.visible: list[str] = []
        self.cells: list[str] = []
        self.depth = 0
        self.in_cell = 0
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag == "pre":
            self.depth += 1
            self.pres.append("")
        elif tag in ("td", "th"):
            self.in_cell += 1
            self.cells.append("")
        elif tag in ("br", "p", "h1", "h2", "h3", "li", "tr"):
            self.visible.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag == "pre":
            self.depth -= 1
        elif tag in ("td", "th"):
            self.in_cell -= 1
            self.visible.append(" ")

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.pres[-1] += data
            return
        if self.in_cell:
            self.cells[-1] += data
        self.visible.append(data)

    @property
    def text(self) -> str:
        return "".join(self.visible)


def rendered(text: str, fmt: str) -> list[Page]:
    """The pages readers see: one, or for Discord one per message."""
    if fmt == "discord":
        return [Page(discord_html(message)) for message in discord_messages(text)]
    if fmt == "markdown":
        return [Page(markdown_html(text))]
    if fmt == "bbcode":
        return [Page(bbcode_html(text))]
    return [_text_page(text)]


def _text_page(text: str) -> Page:
    page = Page("")
    page.visible = [text]
    return page


# --- Boards of the examples ----------------------------------------------------------------------

def points(path: Path) -> list[tuple[int | None, str | None]]:
    """(--at, --as) of the boards looked at: the end, half-way, just after the start, and the
    first player's view half-way."""
    data = json.loads(path.read_text(encoding="utf-8"))
    count = len(data["entries"])
    return [(None, None), (count // 2, None), (min(count, 2), None), (count // 2, data["players"][0]["id"])]


CASES = [(path, at, viewer) for path in EXAMPLES for at, viewer in points(path)]


def board(path: Path, at: int | None, viewer: str | None) -> tuple[Any, list[Any]]:
    match = matchfile.load(path)
    replay = session.replay_match(match, at)
    return match, views.board_blocks(match, replay, viewer)


def aligned_blocks(blocks: list[Any]) -> list[list[str]]:
    """The text format's lines of each grid (Pre) and, for the formats that show tables as
    preformatted text, of each table."""
    return [render([block], "text").rstrip("\n").split("\n") for block in blocks if isinstance(block, (Pre, Table))]


@pytest.mark.parametrize("path, at, viewer", CASES,
                         ids=[f"{p.stem}-{at}-{viewer}" for p, at, viewer in CASES])
def test_every_example_board_renders_in_every_format(cli, path, at, viewer):
    match, blocks = board(path, at, viewer)
    names = list(match.game.display_names.values())
    for fmt in ("markdown", "bbcode", "discord"):
        args = ["board", path, "--format", fmt] + (["--at", at] if at is not None else []) + \
               (["--as", viewer] if viewer else [])
        res = cli(*args)
        assert res.code == 0, res.err
        post = render(blocks, fmt)
        if fmt == "discord":
            assert res.out == "\n".join([f"\n{DISCORD_CUT}\n".join(discord_messages(post))]) + "\n"
            check_discord(post, match)
        else:
            assert res.out == post
        pages = rendered(post, fmt)
        pres = [line for page in pages for line in [page.pres]]
        for lines in aligned_blocks(blocks):
            table = len(lines) > 1 and set(lines[1].replace(" ", "")) == {"-"}
            if fmt == "markdown" and table:
                continue   # a table: a pipe table in Markdown, checked below
            if fmt == "discord" and table and max(map(display_width, lines)) > PHONE_WIDTH:
                shown_text = "\n".join(page.text for page in pages)   # a list, one row a line
                assert all(row.split("  ")[0].strip() in shown_text for row in lines[2:]), lines
                continue
            if fmt == "discord":   # wrapped to a phone's width
                lines = [part for line in lines for part in phone_lines(line)]
            assert any(pre.rstrip("\n").split("\n") == lines for group in pres for pre in group), (fmt, lines)
        shown = "\n".join(page.text for page in pages)
        assert not RAW_MARKUP.search(shown), (fmt, RAW_MARKUP.search(shown), shown)
        everything = shown + "".join(pre for page in pages for pre in page.pres)
        for name in names:
            assert name in everything, (fmt, name)
        if fmt == "markdown":
            tables = [block for block in blocks if isinstance(block, Table)]
            cells = [cell for page in pages for cell in page.cells]
            assert len(cells) == sum(len(t.headers) * (1 + len(t.rows)) for t in tables)


def check_discord(post: str, match: Any) -> None:
    """At most 2,000 characters a message, fences balanced in each, nothing lost in the cut,
    deadlines as Discord stamps."""
    messages = discord_messages(post)
    assert all(discord_length(message) <= DISCORD_LIMIT for message in messages)
    code_lines = [line for block in re.findall(r"```\n(.*?)\n```", post, flags=re.DOTALL) for line in block.split("\n")]
    assert all(display_width(line) <= PHONE_WIDTH for line in code_lines), max(code_lines, key=display_width)
    assert all(sum(1 for line in m.split("\n") if line == "```") % 2 == 0 for m in messages)
    assert content_lines("\n".join(messages), len(messages)) == content_lines(post, 1)
    outside_code = re.sub(r"```\n.*?\n```", "", post, flags=re.DOTALL)
    assert not re.search(r"\d{4}-\d\d-\d\dT\d\d:\d\d", outside_code)
    if "deadline" in post:
        assert re.search(r"deadline <t:\d+:f> \(<t:\d+:R>\)", post)


def content_lines(text: str, count: int) -> list[str]:
    """The lines that carry something: no fences, blank lines or `(i/n)` marks."""
    marks = {f"({i}/{count})" for i in range(1, count + 1)} if count > 1 else set()
    return [line for line in text.split("\n") if line.strip() and line != "```" and line not in marks]


# --- Discord's messages --------------------------------------------------------------------------

def long_post() -> str:
    """A post of about 9,000 characters: paragraphs, a table, and a grid too long for one message."""
    blocks: list[Any] = [Heading("A very long board"), Para(["deadline ", Stamp("2026-11-21T10:28:42Z")])]
    blocks += [Para(f"paragraph {i} " + "word " * 40) for i in range(12)]
    blocks.append(Table(["n", "square"], [[str(i), str(i * i)] for i in range(60)]))
    blocks.append(Pre([f"{i:>3} " + ". " * 30 for i in range(80)]))
    blocks += [Para(f"after {i}") for i in range(3)]
    return render(blocks, "discord")


@pytest.mark.parametrize("limit", [2000, 500, 120])
def test_discord_messages_fit_keep_fences_balanced_and_lose_nothing(limit):
    post = long_post()
    messages = discord_messages(post, limit)
    assert len(messages) > 1
    assert all(len(message) <= limit for message in messages)
    assert [m.split("\n")[0] for m in messages] == [f"({i}/{len(messages)})" for i in range(1, len(messages) + 1)]
    for message in messages:
        fences = [line for line in message.split("\n") if line == "```"]
        assert len(fences) % 2 == 0, message
        page = Page(discord_html(message))
        assert "```" not in page.text
    joined, whole = content_lines("\n".join(messages), len(messages)), content_lines(post, 1)
    assert re.sub(r"\s", "", "".join(joined)) == re.sub(r"\s", "", "".join(whole))
    if limit >= 500:   # no line is longer than a message: each is kept whole
        assert joined == whole
    grid = [line for line in content_lines(post, 1) if line.endswith(". ")]
    pres = [line for m in messages for pre in Page(discord_html(m)).pres for line in pre.split("\n")]
    assert all(line in pres for line in grid)   # every grid line stays in a code block


def test_a_short_discord_post_is_one_message_without_a_mark():
    post = render([Heading("Board"), Para("x")], "discord")
    assert discord_messages(post) == [post.rstrip("\n")]


def test_discord_output_separates_messages_with_a_cut_line(cli, tmp_path):
    """A long board on standard output: each message, then the cut line, then the next."""
    data = json.loads((REPO / "matches" / "winning-streak-demo.json").read_text(encoding="utf-8"))
    data["title"] = "T" * 400
    for player in data["players"]:
        player["name"] = player["name"] + " " + "N" * 150
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = cli("board", path, "--format", "discord").out
    messages = out.rstrip("\n").split(f"\n{DISCORD_CUT}\n")
    assert len(messages) > 1 and all(len(m) <= DISCORD_LIMIT for m in messages)
    assert messages[0].startswith(f"(1/{len(messages)})\n**")


# --- Hostile names --------------------------------------------------------------------------------

HOSTILE = ["*x*", "[b]x[/b]", "@everyone", "</pre>", "|", "a_b_ ~~c~~ `d` > e", "[/code] <@123> @here",
           "- list", "1. one", "# head", "&lt;", "[url=http://x]y[/url]",
           # Discord pings on these too: no word boundary is needed on either side
           "@heretics", "@everyone1", "x@here", "@EVERYONE", "<@&42> <#7> <@!9>"]
# A mention Discord could act on: @everyone/@here anywhere, in any case; <@…>, <@&…>, <#…>
# without the zero-width space render.py puts after the `<@` or `<#`.
RAW_PING = re.compile("@(?:everyone|here)|<[@#](?!\u200b)", re.IGNORECASE)


def hostile_match(tmp_path: Path, name: str) -> Path:
    data = json.loads((REPO / "matches" / "dice-own-goal.json").read_text(encoding="utf-8"))
    data["players"][0]["name"] = name
    data["title"] = name
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", HOSTILE)
@pytest.mark.parametrize("fmt", ["markdown", "bbcode", "discord"])
def test_hostile_names_render_literally(cli, tmp_path, name, fmt):
    """A name full of markup shows as written, in headings, paragraphs and tables, and leaves
    no markup working around it; on Discord it pings nobody."""
    path = hostile_match(tmp_path, name)
    res = cli("board", path, "--format", fmt, "--at", 6)
    assert res.code == 0, res.err
    post = res.out if fmt != "discord" else "\n".join(res.out.split(f"\n{DISCORD_CUT}\n"))
    pages = rendered(post, fmt)
    shown = "\n".join(page.text for page in pages).replace("\u200b", "")
    pres = "".join(pre for page in pages for pre in page.pres).replace("\u200b", "")
    assert shown.count(name) >= 2, (shown, name)   # the heading's title, the status line, the rope
    inside = {"discord": name.replace("`", "\u02cb"), "bbcode": name.replace("[/code]", "[\u2215code]")}.get(fmt, name)
    assert inside in pres, (pres, inside)   # the dice table's player column
    assert not RAW_MARKUP.search(shown.replace(name, "")), shown
    html = "".join(markup_html(post, fmt)).replace("<strong></strong>", "")
    assert html.count("<strong>") == (0 if fmt == "markdown" else 1), html   # the heading's only
    assert "<em>" not in html and "<del>" not in html and "<a " not in html and "<h1>" not in html, html
    assert "<li>" not in html and "<blockquote>" not in html, html
    assert html.count("<code>") == html.count("<pre>"), html   # code only in code blocks
    if fmt == "discord":
        assert not RAW_PING.search(res.out), res.out


def markup_html(post: str, fmt: str) -> list[str]:
    """The HTML of the post: the heading's bold must be the only bold there is."""
    if fmt == "bbcode":
        return [bbcode_html(post)]
    if fmt == "markdown":
        return [markdown_html(post)]
    return [discord_html(message) for message in discord_messages(post)]


# --- Names as the thread knows them ---------------------------------------------------------------

def test_ids_show_only_where_names_would_not_tell_the_players_apart(write):
    data = json.loads((REPO / "matches" / "dice-own-goal.json").read_text(encoding="utf-8"))
    match = matchfile.prepare(data, None)
    assert match.game.display_names == {"kim": "Kim", "lee": "Lee"}
    data["players"][1]["name"] = "KIM"
    match = matchfile.prepare(data, None)
    assert match.game.display_names == {"kim": "Kim [kim]", "lee": "KIM [lee]"}
    replay = session.replay_match(match)
    assert "Kim [kim] (yellow) vs KIM [lee] (red)" in views.board_text(match, replay, "text")
    assert views.result(match, replay)["winner"] in ("kim", "lee", None)   # JSON keeps ids


@pytest.mark.parametrize("other", ["Kim\u200b", "Kim\u2060", "Kim\U000e0041", "Kim\u00ad", "Kim\u3164",
                                   "Kim\uffa0", "\uff2b\uff49\uff4d", "K\u200bIM "])
def test_names_that_differ_only_in_what_cannot_be_seen_show_ids(write, other):
    """A file edited by hand may hold `Kim` and `Kim` + U+200B (`new` refuses them): the board
    would read "Kim (yellow) vs Kim (red)", so both get their ids."""
    data = json.loads((REPO / "matches" / "dice-own-goal.json").read_text(encoding="utf-8"))
    data["players"][1]["name"] = other
    match = matchfile.prepare(data, None)
    assert match.game.display_names == {"kim": "Kim [kim]", "lee": f"{other.strip()} [lee]"}
    assert "[kim] (yellow) vs " in views.board_text(match, session.replay_match(match), "text")


def test_names_that_differ_where_it_shows_keep_no_ids(write):
    data = json.loads((REPO / "matches" / "dice-own-goal.json").read_text(encoding="utf-8"))
    data["players"][1]["name"] = "Kim \u2764\ufe0f"
    assert matchfile.prepare(data, None).game.display_names == {"kim": "Kim", "lee": "Kim \u2764\ufe0f"}


def test_json_boards_keep_ids(cli):
    """Data keeps ids (keys, `actor`, `to_act`); only sentences (`awaiting`) say display names."""
    res = cli("board", REPO / "matches" / "dice-own-goal.json", "--format", "json", "--at", 6)
    assert res.code == 0
    data = res.json
    assert data["awaiting"] == "turn roll: 3 dice for Kim"
    words = {key: value for key, value in data.items() if key not in ("awaiting", "reason")}
    assert "Kim" not in json.dumps(words, ensure_ascii=False) and "kim" in json.dumps(words)


def test_board_help_names_discord_and_says_which_format_when(cli):
    res = cli("board", "--help")
    assert "discord" in res.out and "Discord" in res.out and "phpBB" in res.out
