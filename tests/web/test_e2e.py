"""`serve` end to end in a real browser ('s proof, second bullet): the server runs as a
process of its own (`python -m adjudicator serve`) on a free port; two headless Chromium
sessions play through their players' links as a person would (pick a move from the list or
type it in the box, press the button) while a third watches the public page `/m/ID`.

What only a browser shows: the pages' own script sends the forms and follows the match by
server-sent events without a reload (a marker set in each page survives the whole match);
a sealed move shows nowhere but on its player's page before its phase resolves (page source
and screenshots of the public page and the opponent's page are the same whichever move was
sealed); and a player's page on a phone-wide window.

Matches are untimed (`new --untimed`): no clock decides anything, and every wait is a poll
with a generous bound, never a fixed sleep. Set up as tests/test_page.py is: the
distribution's Chromium and chromedriver, skipped without them, except in CI, where they fail.
"""

from __future__ import annotations

import json
import os
import random
import re
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Optional

import pytest

from helpers import REPO
from helpers.browser import CHROMEDRIVER, CHROMIUM, need_browser
from helpers.pngread import decode
from helpers.audited import masked

DESKTOP = (1000, 1000)
PHONE = (390, 844)
WAIT = 60.0          # seconds one step may take before the test fails: generous, the machine may be busy
POLL = 0.05
MOST_MOVES = 400     # a whole match of either game takes far fewer (about 80 to 150 moves)
PLAYERS = ("anna", "bernd")
TYPED_EVERY = 5      # every fifth move is typed in the box; the others are picked from the list
PICTURES = REPO / "docs" / "pictures"


# --- the browser (as tests/test_page.py sets it up) ------------------------------------------

def chromium(profile: Path) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", f"--user-data-dir={profile}", f"--window-size={DESKTOP[0]},{DESKTOP[1]}",
                "--force-device-scale-factor=1", "--hide-scrollbars"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)


@pytest.fixture(scope="module")
def browsers(tmp_path_factory) -> Iterator[dict[str, Any]]:
    """Three sessions of their own (no shared cookies or storage): each player's and the
    watcher's."""
    need_browser()
    opened: dict[str, Any] = {}
    try:
        for who in (*PLAYERS, "watcher"):
            opened[who] = chromium(tmp_path_factory.mktemp(f"chromium-{who}"))
        yield opened
    finally:
        for driver in opened.values():
            driver.quit()


@pytest.fixture
def sessions(browsers) -> Iterator[dict[str, Any]]:
    """The three sessions at the desktop size, the browser's log read empty at the start, and
    no page left with a script running into the next test."""
    for driver in browsers.values():
        driver.set_window_size(*DESKTOP)
        driver.get("about:blank")
        driver.get_log("browser")
    yield browsers
    for who, driver in browsers.items():
        assert severe(driver) == [], f"{who}'s page logged errors"
        driver.get("about:blank")


def severe(driver: Any) -> list[dict[str, Any]]:
    """The errors a page logged; a browser's own ask for /favicon.ico (the pages name none,
    so the server's 404 answers it) is not the page's."""
    return [entry for entry in driver.get_log("browser")
            if entry["level"] == "SEVERE" and "/favicon.ico " not in entry["message"]]


# --- the server and the command line, each a process of its own ------------------------------

def adjudicator(*args: Any) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "adjudicator", *map(str, args)], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(REPO)), timeout=120)


def free_port() -> int:
    """A port nobody listens on now: the one the system gives to a socket bound to port 0."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until(what: str, test: Callable[[], Any], timeout: float = WAIT) -> Any:
    """Poll `test` until it gives something true, and give that; fail naming `what` after
    `timeout` seconds."""
    end = time.monotonic() + timeout
    while True:
        got = test()
        if got:
            return got
        if time.monotonic() > end:
            raise AssertionError(f"not within {timeout:.0f} s: {what}")
        time.sleep(POLL)


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return bool(response.status == 200)
    except OSError:
        return False


@dataclass
class Served:
    """A folder `serve` serves, at `base`."""

    folder: Path
    base: str

    def new(self, name: str, ruleset: str, *more: str) -> Path:
        """A match made by `new`, untimed: anna plays red, bernd blue."""
        path = self.folder / f"{name}.json"
        made = adjudicator("new", ruleset, "-p", "anna=Anna:red", "-p", "bernd=Bernd:blue", "--untimed",
                           "-o", path, *more)
        assert made.returncode == 0, made.stderr
        return path

    def link(self, path: Path, who: str) -> str:
        """The private link `link` prints for a player (on its standard output, alone)."""
        made = adjudicator("link", path, who, "--base-url", self.base)
        assert made.returncode == 0, made.stderr
        url = made.stdout.strip()
        assert url.startswith(f"{self.base}/m/{path.stem}/p/"), url
        return url

    def public(self, path: Path) -> str:
        return f"{self.base}/m/{path.stem}"


@pytest.fixture
def served(tmp_path) -> Iterator[Served]:
    """`adjudicator serve` on a folder of its own, waited for until it answers, always stopped."""
    folder = tmp_path / "served"
    folder.mkdir()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = (tmp_path / "serve.log").open("w")
    process = subprocess.Popen([sys.executable, "-m", "adjudicator", "serve", str(folder), "--port", str(port)],
                               stdout=log, stderr=subprocess.STDOUT, env=dict(os.environ, PYTHONPATH=str(REPO)))
    try:
        wait_until(f"the server answers at {base} (its log: {tmp_path / 'serve.log'})",
                   lambda: process.poll() is not None or answers(base + "/"))
        assert process.poll() is None, (tmp_path / "serve.log").read_text()
        yield Served(folder, base)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def entries_of(path: Path) -> int:
    return len(json.loads(path.read_text(encoding="utf-8"))["entries"])


# --- what a page shows, read as a person reads it -------------------------------------------

OFFERED = """
var act = document.getElementById("act");
if (!act || act.hidden) { return []; }
var select = act.querySelector("#moves select[name=move]");
if (select) {
  return Array.from(select.options).map(function (o) { return [o.value, o.text.split(" \\u2014 ")[0]]; });
}
return Array.from(act.querySelectorAll("#moves ul.moves button")).map(function (b) {
  return [b.form.querySelector("input[name=move]").value, b.firstChild.textContent.trim()];
});
"""


def offered(driver: Any) -> list[tuple[dict[str, Any], str]]:
    """The moves a player's page offers now: (the move, its notation as shown)."""
    return [(json.loads(value), text) for value, text in driver.execute_script(OFFERED)]


def live_text(driver: Any) -> str:
    """What the changing part of a player's page says (the board's words included)."""
    return str(driver.execute_script(
        "var live = document.getElementById('live'); return live ? live.textContent : '';"))


def has_pending(driver: Any) -> bool:
    return bool(driver.find_elements("css selector", "#live .pending"))


def said(driver: Any) -> tuple[str, bool]:
    """The page's last word about a move sent: its text and whether it is a refusal."""
    return driver.execute_script(
        "var s = document.getElementById('said'); return [s.hidden ? '' : s.textContent, "
        "s.classList.contains('refused')];")


def where(driver: Any) -> str:
    """The public page's step counter ("step 3 of 3"), without the head a chained match's
    page shows after it ("step 3 of 3 · log 3 · 3f9a21c0", G-9)."""
    return str(driver.find_element("id", "where").text).split(" · ", 1)[0]


def fonts_ready(driver: Any) -> bool:
    return bool(driver.execute_script("return document.fonts.status === 'loaded'"))


def open_page(driver: Any, url: str) -> None:
    driver.get(url)
    wait_until(f"{url} is drawn with its fonts",
               lambda: fonts_ready(driver) and driver.find_elements("css selector", "svg"))


def mark(drivers: dict[str, Any]) -> None:
    """A marker only this page load has: a reload or a form sent without the page's script
    (a navigation) loses it."""
    for driver in drivers.values():
        driver.execute_script("window.__marker = 1")


def marked(driver: Any) -> bool:
    return driver.execute_script("return window.__marker") == 1


# --- playing --------------------------------------------------------------------------------

def server_moves(path: Path, player: str) -> list[dict[str, Any]]:
    """The moves the server offers `player` now (what a fresh page would list)."""
    from adjudicator.usecases.serving import seat
    from adjudicator.web.pages import MOVES_SHOWN

    return [move for _text, move, _effect in seat(path, player).moves[:MOVES_SHOWN]]


def caught_up(driver: Any, entries: int, moves: list[dict[str, Any]]) -> bool:
    """The player's page shows the match after `entries` entries and offers exactly `moves`
    (its live part and its moves list are fetched apart)."""
    return f"after entry {entries} " in live_text(driver) and [move for move, _text in offered(driver)] == moves


def type_move(driver: Any, text: str) -> None:
    """Type a move in the box as it would be posted, and press Send."""
    box = driver.find_element("css selector", "#act form[data-kind=text] input[name=text]")
    box.clear()
    box.send_keys(text)
    driver.find_element("css selector", "#act form[data-kind=text] button[type=submit]").click()


def pick_move(driver: Any, index: int) -> None:
    """Pick the `index`-th move the page offers: its button, or from the one list and its button."""
    select = driver.find_elements("css selector", "#moves select[name=move]")
    if select:   # chosen as a person chooses (selenium's Select asks for every option, one call each)
        driver.execute_script("arguments[0].selectedIndex = arguments[1];"
                              "arguments[0].dispatchEvent(new Event('change', {bubbles: true}));", select[0], index)
        driver.find_element("css selector", "#moves form[data-kind=move] button[type=submit]").click()
    else:
        driver.find_elements("css selector", "#moves ul.moves button")[index].click()


def send(driver: Any, index: int, typed: bool) -> str:
    """Send the `index`-th move the page offers, typed in the box (its notation as shown) or
    picked from the list. Returns its notation. A live update may replace the page's part
    between finding a button and clicking it (a stale element: the click never reached the
    page), so the move is found again and sent, as a person taps again."""
    from selenium.common.exceptions import StaleElementReferenceException

    for attempt in range(STALE_TRIES):
        try:
            text = offered(driver)[index][1]
            if typed:
                type_move(driver, text)
            else:
                pick_move(driver, index)
            return text
        except StaleElementReferenceException:
            if attempt == STALE_TRIES - 1:
                raise
    raise AssertionError("unreachable")


STALE_TRIES = 5


def sent_and_written(driver: Any, path: Path, before: int, what: str) -> None:
    """The move sent was written (one entry more), and the page did not refuse it."""
    def settled() -> bool:
        words, refused = said(driver)
        assert not refused, f"{what} was refused: {words}"
        return entries_of(path) == before + 1

    wait_until(f"{what} is written", settled)


@dataclass
class Table:
    """One match being played: its file, the two players' pages and the watcher's."""

    path: Path
    players: dict[str, Any]
    watcher: Any

    def all(self) -> dict[str, Any]:
        return {**self.players, "watcher": self.watcher}

    def settle(self) -> int:
        """Wait until every page shows the match as its file is now; the number of entries."""
        entries = entries_of(self.path)
        wait_until(f"the public page shows step {entries}",
                   lambda: where(self.watcher) == f"step {entries} of {entries}")
        for player, driver in self.players.items():
            due = server_moves(self.path, player)
            wait_until(f"{player}'s page shows entry {entries} and the moves due",
                       lambda: caught_up(driver, entries, due))
        return entries

    def ready(self) -> list[str]:
        """The players whose page asks them for a move: moves offered, none sealed and waiting."""
        return [p for p, driver in self.players.items() if offered(driver) and not has_pending(driver)]

    def finished(self) -> bool:
        result = self.watcher.find_element("id", "result").text
        return result.startswith("Result: finished")


def sit_down(served: Served, sessions: dict[str, Any], path: Path) -> Table:
    """Each player opens their private link; the watcher opens the public page at its newest
    step (without `#N` it opens at the start, and follows the match only from its end)."""
    for player in PLAYERS:
        open_page(sessions[player], served.link(path, player))
    open_page(sessions["watcher"], f"{served.public(path)}#{entries_of(path)}")
    return Table(path, {p: sessions[p] for p in PLAYERS}, sessions["watcher"])


def play_one(table: Table, player: str, chooser: random.Random, count: int) -> None:
    """`player` sends one move their page offers, chosen by `chooser`; written, every page follows."""
    driver = table.players[player]
    before = entries_of(table.path)
    index = chooser.randrange(len(offered(driver)))
    text = send(driver, index, typed=count % TYPED_EVERY == TYPED_EVERY - 1)
    sent_and_written(driver, table.path, before, f"{player}'s move {text!r} (move {count + 1})")
    table.settle()


def play_to_the_end(table: Table, seed: str, most: int = MOST_MOVES,
                    midway: Optional[Callable[[Table, int], None]] = None) -> int:
    """Both players play until the public page says the match is finished (a seeded choice
    among the moves each page offers); the number of moves sent. `midway` is called before
    each move."""
    chooser = random.Random(seed)
    table.settle()
    for count in range(most):
        if table.finished():
            return count
        ready = table.ready()
        assert ready, f"nobody is asked for a move after entry {entries_of(table.path)}, and the match is not over"
        if midway is not None:
            midway(table, count)
        play_one(table, ready[0], chooser, count)
    raise AssertionError(f"{table.path.name}: not finished after {most} moves")


def assert_a_finished_match(table: Table, moves: int) -> None:
    """The pages say it is over, nobody's page reloaded meanwhile, and `check` finds it clean."""
    assert table.finished() and entries_of(table.path) == moves
    for player, driver in table.players.items():
        assert offered(driver) == [] and driver.find_elements("css selector", "#live .banner"), player
    for who, driver in table.all().items():
        assert marked(driver), f"{who}'s page was reloaded during the match"
    checked = adjudicator("check", table.path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    players = {e.get("player") for e in json.loads(table.path.read_text(encoding="utf-8"))["entries"]}
    assert players == set(PLAYERS)


# --- whole matches ----------------------------------------------------------------------------

# The seed of each game's choices: random play ends a match in anything from 25 to over 400
# moves; these end in about 100 (Winning Streak) and 70 (Arrowbic), a minute or two each.
# They run in CI: they are the proof that two players finish a match through their pages.
SEEDS = {"winning-streak": "winning-streak", "arrowbic": "a2"}


@pytest.mark.parametrize("ruleset", sorted(SEEDS))
def test_a_whole_match_through_the_players_pages(served, sessions, ruleset):
    table = sit_down(served, sessions, served.new(ruleset.replace("-", ""), ruleset))
    mark(table.all())
    moves = play_to_the_end(table, SEEDS[ruleset])
    assert_a_finished_match(table, moves)



def test_a_short_whole_match_typed_and_picked(served, sessions):
    """The quick variant of the whole matches above: the nine posts of
    matches/arrowbic-push-off.json, every other one typed as it was posted (arrows as `^`, `→`,
    `v`), the others picked from the list; red pushes blue off the board with the ninth."""
    example = json.loads((REPO / "matches" / "arrowbic-push-off.json").read_text(encoding="utf-8"))["entries"]
    seats = {"sally": "anna", "maddie": "bernd"}
    table = sit_down(served, sessions, served.new("pushoff", "arrowbic"))
    mark(table.all())
    table.settle()
    for count, entry in enumerate(example):
        player = seats[entry["player"]]
        driver = table.players[player]
        assert table.ready() == [player], f"move {count + 1}"
        if count % 2:
            type_move(driver, entry["text"])
        else:
            pick_move(driver, [move for move, _text in offered(driver)].index(entry["move"]))
        sent_and_written(driver, table.path, count, f"{player}'s {entry['text']!r}")
        table.settle()
    assert_a_finished_match(table, len(example))
    assert "Anna (red) wins" in live_text(table.players["bernd"])
    assert table.watcher.find_element("id", "result").text.startswith("Result: finished")


def test_the_pages_follow_each_move_without_a_reload(served, sessions):
    """A move made on one player's page reaches the public page and the other player's page
    by the server's events: the step shows, the log grows, and a marker set in each page
    before the move is still there (no reload)."""
    table = sit_down(served, sessions, served.new("live", "arrowbic"))
    watcher = table.watcher
    table.settle()
    for mover, other in (("anna", "bernd"), ("bernd", "anna")):
        waiting = table.players[other]
        mark({"watcher": watcher, other: waiting})
        logged = len(watcher.find_elements("css selector", "#log pre"))
        before = entries_of(table.path)
        assert table.ready() == [mover] and offered(waiting) == []
        pick_move(table.players[mover], 0)
        sent_and_written(table.players[mover], table.path, before, f"{mover}'s move")
        now = before + 1
        wait_until(f"the public page shows step {now}", lambda: where(watcher) == f"step {now} of {now}")
        assert len(watcher.find_elements("css selector", "#log pre")) == logged + 1
        assert marked(watcher), f"the public page was reloaded to show {mover}'s move"
        wait_until(f"{other}'s page shows entry {now} and offers moves",
                   lambda: f"after entry {now} " in live_text(waiting) and offered(waiting))
        assert marked(waiting), f"{other}'s page was reloaded to show {mover}'s move"


# --- sealed moves -----------------------------------------------------------------------------

@dataclass
class Seen:
    """What one page shows: its screenshot's pixels, its visible text, its source (the DOM as
    it stands, the link's token and the match file's name written alike)."""

    pixels: list[bytes]
    text: str
    source: str


# A chained match's pages show its head (G-9), which after a sealed move covers its random
# nonce: the same in every text node alike (helpers.audited.masked), so screenshots compare.
MASK_HEADS = """
var walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (var node = walk.nextNode(); node; node = walk.nextNode()) {
  node.nodeValue = node.nodeValue.replace(/(log \\d+ \u00b7 |head \\d+:)[0-9a-f]{8}/g, "$1########");
}
"""


def seen(driver: Any, path: Path, url: str) -> Seen:
    """What `driver` shows of a match, its heads masked (MASK_HEADS)."""
    token = url.rsplit("/p/", 1)[1] if "/p/" in url else None
    driver.execute_script(MASK_HEADS)
    source = masked(driver.page_source)
    if token:
        source = source.replace(token, "TOKEN")
    source = re.sub(r'name="form" value="[0-9a-f]+"', 'name="form" value="FORM"', source)
    source = re.sub(r'nonce="[^"]*"', 'nonce=""', source)
    source = re.sub(rf"/m/{re.escape(path.stem)}(?![\w.-])", "/m/MATCH", source)
    return Seen(masked_screenshot(driver), masked(driver.find_element("tag name", "body").text), source)


# What a picture of a page should not catch half way: its scroll, a blinking caret or focus
# ring, an animation or transition in progress (none of them says anything of a match).
STILL = """
window.scrollTo(0, 0);
if (document.activeElement && document.activeElement.blur) { document.activeElement.blur(); }
if (!document.getElementById("test-still")) {
  var still = document.createElement("style");
  still.id = "test-still";
  still.textContent = "*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }";
  document.head.appendChild(still);
}
"""

HEAD_SHOWN = re.compile(r"(log \d+ \u00b7 |head \d+:)[0-9a-f]{8}")


def masked_screenshot(driver: Any) -> list[bytes]:
    """The page's pixels with its heads masked, once the page holds still: taken until two in a
    row are the same with no head showing (a live update may draw the page anew, heads and
    all, between the mask and the picture, and a busy machine may catch a redraw half done)."""
    before: list[bytes] | None = None
    for _ in range(MASK_TRIES):
        driver.execute_script(STILL + MASK_HEADS)
        rows = decode(driver.get_screenshot_as_png()).rows
        if HEAD_SHOWN.search(driver.find_element("tag name", "body").text):
            before = None
            continue
        if rows == before:
            return rows
        before = rows
    raise AssertionError(f"the page did not hold still over {MASK_TRIES} screenshots")


MASK_TRIES = 10
WOBBLE = 8   # how far one channel of one pixel may differ between two drawings of the same page


def alike(one: list[bytes], other: list[bytes]) -> bool:
    """Are two screenshots the same picture: the same size, and no channel of any pixel more than
    WOBBLE apart? Chromium may smooth a glyph's edge one step differently between two loads of
    the same page (seen at one row of text, 0xd1 against 0xd2); anything a page shows or hides
    changes pixels by far more, and the text and source are compared exactly besides."""
    return len(one) == len(other) and all(
        len(a) == len(b) and (a == b or max(abs(x - y) for x, y in zip(a, b)) <= WOBBLE) for a, b in zip(one, other))


def without_moves_list(driver: Any) -> str:
    """A player's page source less its list of moves (which offers the opponent's move too, as
    one of the player's own)."""
    return str(driver.execute_script(
        "var page = document.documentElement.cloneNode(true); var moves = page.querySelector('#moves');"
        "if (moves) { moves.remove(); } return page.outerHTML;"))


def sealed_by_anna(served: Served, sessions: dict[str, Any], name: str, last: bool) -> tuple[Table, str, dict[str, Seen]]:
    """A fresh Winning Streak match (the same id and title whatever its file's name) in which
    anna seals the first or the last placement her page offers; what the public page and
    bernd's page show then, before bernd has moved. Also anna's notation of her move."""
    path = served.new(name, "winning-streak", "--id", "sealed", "--title", "A sealed placement")
    table = sit_down(served, sessions, path)
    anna, bernd, watcher = table.players["anna"], table.players["bernd"], table.watcher
    table.settle()
    text = send(anna, len(offered(anna)) - 1 if last else 0, typed=False)
    sent_and_written(anna, path, 0, f"anna's sealed {text!r}")
    table.settle()
    assert has_pending(anna) and text in live_text(anna)   # her page shows it: what the checks below look for
    assert text in anna.page_source
    for driver in (watcher, bernd):
        wait_until("the page is drawn with its fonts", lambda: fonts_ready(driver))
    shown = {"watcher": seen(watcher, path, served.public(path)), "bernd": seen(bernd, path, bernd.current_url)}
    assert text not in watcher.page_source and text not in without_moves_list(bernd)
    assert "sealed" in shown["watcher"].source and not has_pending(bernd)
    return table, text, shown


def test_two_screenshots_are_alike_only_within_a_wobble():
    row = bytes([0xd1, 0xcd, 0xc2]) * 4
    assert alike([row, row], [row, bytes([0xd2, 0xcd, 0xc2]) * 4])          # a glyph's edge smoothed a step apart
    assert not alike([row, row], [row, bytes([0x20, 0xcd, 0xc2]) * 4])      # a pixel drawn: not alike
    assert not alike([row, row], [row]) and not alike([row], [row + row])   # another size: not alike


def test_a_sealed_move_shows_only_on_its_players_page(served, sessions):
    """Before the phase resolves, the public page and the opponent's page hold nothing of a
    sealed move (G-2): not in their source, and two matches that differ only in which move
    anna sealed look the same there, pixel for pixel, word for word, byte for byte of source
    (the token, the match file's name and the scripts' nonce aside). Once bernd moves, the
    placement is public: the public page then shows it."""
    table, first, one = sealed_by_anna(served, sessions, "sealed-first", last=False)
    _table, last, other = sealed_by_anna(served, sessions, "sealed-last", last=True)
    assert first != last
    for who in ("watcher", "bernd"):
        assert one[who].text == other[who].text, who
        assert one[who].source == other[who].source, who
        assert alike(one[who].pixels, other[who].pixels), f"{who}'s screenshots differ"
        assert len(set(one[who].pixels)) > 100, f"{who}'s screenshot shows next to nothing"
    sit_down(served, sessions, table.path)
    table.settle()
    play_one(table, "bernd", random.Random(0), 0)
    assert first in table.watcher.find_element("id", "log").text


# --- a phone ------------------------------------------------------------------------------------

LAYOUT = """
var width = screen.width, wide = [], small = [];
function inScroller(e) {       // the board's picture keeps a readable size and scrolls sideways in its box
  for (var p = e.parentElement; p; p = p.parentElement) {
    var o = getComputedStyle(p).overflowX;
    if (o === "auto" || o === "scroll") { return true; }
  }
  return false;
}
document.querySelectorAll("body *").forEach(function (e) {
  var box = e.getBoundingClientRect();
  if (!box.width || getComputedStyle(e).visibility === "hidden" || inScroller(e)) { return; }
  if (box.right > width + 0.5 || box.left < -0.5) { wide.push(e.tagName + (e.id ? "#" + e.id : "")); }
});
document.querySelectorAll("#act button, #act select, #act input[type=text]").forEach(function (e) {
  var box = e.getBoundingClientRect();
  if (box.height < 40) { small.push(e.tagName + " " + Math.round(box.width) + "x" + Math.round(box.height)); }
});
return {width: width, inner: window.innerWidth, scroll: document.documentElement.scrollWidth, wide: wide, small: small};
"""


def on_a_phone(served: Served, sessions: dict[str, Any], shots: Path) -> dict[str, Any]:
    """Mid-match (Winning Streak, three placements each), anna's page on a phone's screen
    (390 × 844, emulated as a phone); screenshots of its top and of its moves in `shots`. What LAYOUT finds."""
    table = sit_down(served, sessions, served.new("phone", "winning-streak", "--title", "Winning Streak by links"))
    chooser = random.Random("phone")
    table.settle()
    for count in range(6):
        play_one(table, table.ready()[0], chooser, count)
    anna = table.players["anna"]
    anna.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                         {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 1, "mobile": True})
    try:
        wait_until("the screen is a phone's", lambda: anna.execute_script(
            "return [screen.width, screen.height]") == list(PHONE))
        anna.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
        (shots / "phone-top.png").write_bytes(anna.get_screenshot_as_png())
        anna.execute_script("document.getElementById('act').scrollIntoView({block: 'end'})")
        (shots / "phone-moves.png").write_bytes(anna.get_screenshot_as_png())
        assert len(offered(anna)) > 24   # the one list, not a button each
        return dict(anna.execute_script(LAYOUT))
    finally:
        anna.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_players_page_on_a_phone(served, sessions, tmp_path):
    """The box, its Send button and the list's button are on a phone's screen and big enough
    to tap (40 px high at least). The screenshots stay in the test's folder
    (docs/pictures/serve-player-phone.png is one)."""
    layout = on_a_phone(served, sessions, tmp_path)
    assert layout["width"] == PHONE[0]
    assert [small for small in layout["small"] if not small.startswith("SELECT")] == [], layout
    assert [wide for wide in layout["wide"] if wide != "SELECT"] == [], layout


def test_nothing_on_a_players_page_is_wider_than_a_phone_or_too_small_to_tap(served, sessions, tmp_path):
    layout = on_a_phone(served, sessions, tmp_path)
    assert layout["scroll"] <= layout["width"] and layout["wide"] == [] and layout["small"] == [], layout
