"""The README and the pages in docs/ hold together: every relative Markdown link and
every `#anchor` leads somewhere, and the README stays a short guide for hosts."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest
from markdown_it import MarkdownIt

from helpers import REPO

PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
README_MAX_LINES = 500
MD = MarkdownIt("commonmark").enable("table")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading's text: lower case, punctuation dropped but '-' and '_',
    each space a '-'."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def inline_text(token) -> str:
    return "".join(child.content for child in token.children or [] if child.type in ("text", "code_inline"))


def anchors(page: Path) -> set[str]:
    """The anchors of a page's headings; a repeated heading gets -1, -2, … as on GitHub."""
    tokens = MD.parse(page.read_text(encoding="utf-8"))
    seen: dict[str, int] = {}
    found = set()
    for i, token in enumerate(tokens):
        if token.type == "heading_open":
            base = slug(inline_text(tokens[i + 1]))
            n = seen.get(base, 0)
            seen[base] = n + 1
            found.add(base if n == 0 else f"{base}-{n}")
    return found


def links(page: Path) -> list[str]:
    """Every link and image target of a page (code spans and code blocks hold none)."""
    targets = []
    for token in MD.parse(page.read_text(encoding="utf-8")):
        for child in token.children or []:
            if child.type == "link_open":
                targets.append(child.attrs["href"])
            elif child.type == "image":
                targets.append(child.attrs["src"])
    return targets


def test_the_pages_are_there():
    names = {p.relative_to(REPO).as_posix() for p in PAGES}
    assert {"README.md", "docs/design.md", "docs/testing.md", "docs/reliability.md", "docs/speed.md",
            "docs/changes.md"} <= names


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(REPO).as_posix())
def test_every_relative_link_and_anchor_resolves(page):
    broken = []
    for target in links(page):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):       # https:, mailto: …: not ours to check
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / unquote(path)).resolve() if path else page
        if not dest.exists():
            broken.append(f"{target}: no {dest.relative_to(REPO) if dest.is_relative_to(REPO) else dest}")
        elif anchor:
            if dest.suffix != ".md":
                broken.append(f"{target}: an anchor into a file that is not Markdown")
            elif unquote(anchor) not in anchors(dest):
                broken.append(f"{target}: no heading with that anchor in {dest.relative_to(REPO)}")
    assert not broken, f"{page.relative_to(REPO)}: " + "; ".join(broken)


def test_every_page_is_linked_from_the_readme():
    linked = {(REPO / t.partition("#")[0]).resolve() for t in links(REPO / "README.md") if t.startswith("docs/")}
    assert set(PAGES[1:]) <= linked


def test_the_readme_is_short():
    lines = (REPO / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines; move details to docs/ (at most {README_MAX_LINES})"


def test_slugs_are_githubs():
    assert slug("Pasting a post: move reads it as meant, or refuses") == \
        "pasting-a-post-move-reads-it-as-meant-or-refuses"
    assert slug("Who starts: new --first random") == "who-starts-new---first-random"
    assert slug("Why resvg (the resvg-py package)") == "why-resvg-the-resvg-py-package"
    assert slug("The long run: 10,000 simulated matches per game") == "the-long-run-10000-simulated-matches-per-game"
