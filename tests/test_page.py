"""The match page (`adjudicator page`), looked at as a person would: opened in headless
Chromium (selenium, the distribution's chromedriver, never Selenium Manager: no network),
stepped through with the keys, the buttons and the slider, screenshots checked pixel by
pixel. Without Chromium these are skipped, except in CI (the variable CI set), where they
fail: CI installs Chromium (.ci/run).

The page's content (public view only, the same as `board --at N` and `replay`) is tested
without a browser, below the browser tests.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator import match_picture, matchfile, page, views
from adjudicator.session import replay_match
from helpers import REPO
from helpers.browser import CHROMEDRIVER, CHROMIUM, need_browser
from helpers.pngread import decode, size
from helpers.strategies import scaled
from helpers.track_trouble_hidden import both_hide, tt

EXAMPLE = REPO / "matches" / "winning-streak-demo.json"
WINDOW = (1000, 1000)


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    need_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", f"--user-data-dir={tmp_path_factory.mktemp('chromium')}",
                f"--window-size={WINDOW[0]},{WINDOW[1]}", "--force-device-scale-factor=1"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    browser = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    try:
        yield browser
    finally:
        browser.quit()


@pytest.fixture(scope="module")
def example_page(tmp_path_factory) -> Path:
    """The page of an example match with sealed phases (Winning Streak), made by the CLI."""
    from adjudicator.cli import run

    out = tmp_path_factory.mktemp("page") / "ws.html"
    assert run(["page", str(EXAMPLE), "-o", str(out)]) == 0
    return out


def open_page(driver: Any, path: Path, step: int | None = None) -> None:
    driver.get(path.as_uri() + ("" if step is None else f"#{step}"))
    driver.find_element("css selector", "#picture svg")   # the script ran


def shown(driver: Any) -> dict[str, Any]:
    """What the page shows now: the step counter, this step's words, the picture, the hash."""
    find = driver.find_element
    return {"where": find("id", "where").text, "entry": find("id", "entry").text,
            "svg": driver.execute_script("return document.getElementById('picture').innerHTML"),
            "hash": driver.execute_script("return location.hash"), "result": find("id", "result").text,
            "slider": find("id", "slider").get_attribute("value")}


def press(driver: Any, key: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).send_keys(key).perform()


def severe(driver: Any) -> list[dict[str, Any]]:
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def steps_of(path: Path) -> int:
    return len(json.loads(re.search(r'id="match-data">(.*?)</script>', path.read_text(encoding="utf-8"),
                                    re.S).group(1))["steps"]) - 1


# --- In the browser ---------------------------------------------------------------------

def test_the_keys_step_through_the_match(driver, example_page):
    from selenium.webdriver.common.keys import Keys

    last = steps_of(example_page)
    open_page(driver, example_page)
    start = shown(driver)
    assert start["where"] == f"step 0 of {last}" and start["hash"] == "#0"
    assert "no entries yet" in start["entry"]
    press(driver, Keys.ARROW_RIGHT)
    one = shown(driver)
    assert one["where"] == f"step 1 of {last}" and one["hash"] == "#1" and one["slider"] == "1"
    assert one["entry"].startswith("#1") and "sealed submission" in one["entry"]
    assert one["svg"] != start["svg"]
    press(driver, Keys.ARROW_RIGHT)
    two = shown(driver)
    assert two["entry"].startswith("#2") and "places 4/5 at M" in two["entry"]
    log = driver.find_element("id", "log").text
    assert "t1 place 4/5 M" in log   # step 2 resolved the phase: entry 1 now reads as played
    press(driver, Keys.ARROW_LEFT)
    assert shown(driver)["where"] == f"step 1 of {last}"
    assert "4/5" not in driver.find_element("id", "log").text   # back at step 1 it is sealed again
    press(driver, Keys.END)
    end = shown(driver)
    assert end["where"] == f"step {last} of {last}" and end["hash"] == f"#{last}"
    assert end["result"].startswith("Result: finished")
    press(driver, Keys.ARROW_RIGHT)
    assert shown(driver)["where"] == f"step {last} of {last}"   # no step past the end
    press(driver, Keys.HOME)
    assert shown(driver)["where"] == f"step 0 of {last}" and shown(driver)["result"] == ""
    assert severe(driver) == []


def test_the_buttons_and_the_slider(driver, example_page):
    from selenium.webdriver.common.action_chains import ActionChains

    last = steps_of(example_page)
    open_page(driver, example_page)
    find = driver.find_element
    assert find("id", "prev").get_attribute("disabled") is not None
    find("id", "next").click()
    find("id", "next").click()
    assert shown(driver)["where"] == f"step 2 of {last}"
    find("id", "prev").click()
    assert shown(driver)["where"] == f"step 1 of {last}"
    find("id", "end").click()
    assert shown(driver)["where"] == f"step {last} of {last}"
    assert find("id", "next").get_attribute("disabled") is not None
    find("id", "first").click()
    assert shown(driver)["where"] == f"step 0 of {last}"
    slider = find("id", "slider")
    ActionChains(driver).move_to_element(slider).click().perform()   # the middle of the slider
    middle = int(shown(driver)["slider"])
    assert abs(middle - last / 2) <= 3, middle
    assert shown(driver)["where"] == f"step {middle} of {last}" and shown(driver)["hash"] == f"#{middle}"
    assert shown(driver)["entry"].startswith(f"#{middle}")
    assert severe(driver) == []


def test_a_link_opens_its_step(driver, example_page):
    last = steps_of(example_page)
    open_page(driver, example_page, 12)
    now = shown(driver)
    assert now["where"] == f"step 12 of {last}" and now["entry"].startswith("#12") and now["slider"] == "12"
    driver.execute_script("location.hash = '#30'")
    assert shown(driver)["where"] == f"step 30 of {last}"
    open_page(driver, example_page, 9999)   # past the end: the last step
    assert shown(driver)["where"] == f"step {last} of {last}"
    assert severe(driver) == []


def test_screenshots_show_the_board(driver, example_page, tmp_path):
    """The board is drawn (coloured pixels in the picture's box, the embedded font in use),
    and it changes from the start to the end."""
    open_page(driver, example_page, 0)
    box = driver.execute_script("var r = document.getElementById('picture').getBoundingClientRect();"
                                "return [r.left, r.top, r.width, r.height];")
    first = driver.get_screenshot_as_png()
    open_page(driver, example_page, steps_of(example_page))
    driver.execute_script("window.scrollTo(0, 0)")
    last = driver.get_screenshot_as_png()
    (tmp_path / "first.png").write_bytes(first)
    (tmp_path / "last.png").write_bytes(last)
    width, height = size(first)
    assert (width, height) == size(last) and width >= 800 and height >= 600
    start, end = decode(first), decode(last)
    left, top = int(box[0]), int(box[1])
    right, bottom = int(box[0] + min(box[2], 800)), min(int(box[1] + box[3]), height)
    region = [(x, y) for y in range(top + 2, bottom - 2, 3) for x in range(left + 2, right - 2, 3)]
    colours = {start.pixel(x, y) for x, y in region}
    assert len(colours) > 20, "the board area is blank"
    ink = [p for p in (start.pixel(x, y) for x, y in region) if max(p) < 100]
    assert len(ink) > 50, "no text drawn"
    red = [p for p in (start.pixel(x, y) for x, y in region) if p[0] > 180 and p[1] < 90 and p[2] < 90]
    assert red, "the players' colours are missing"
    changed = sum(start.pixel(x, y) != end.pixel(x, y) for x, y in region)
    assert changed > 100, "the picture did not change from the start to the end"
    assert driver.execute_script("return document.fonts.check('15px \"DejaVu Sans\"')")
    assert driver.execute_script("return Array.from(document.fonts).filter(f => f.status === 'loaded')"
                                 ".map(f => f.family).join()").count("DejaVu") >= 2
    assert severe(driver) == []


# --- What the page holds (no browser) ---------------------------------------------------

def data_of(text: str) -> dict[str, Any]:
    return json.loads(re.search(r'id="match-data">(.*?)</script>', text, re.S).group(1))


def words_at(entry: list[list[Any]], step: int) -> str:
    return [text for start, text in entry if start <= step][-1]


@pytest.mark.parametrize("name", sorted(p.name for p in (REPO / "matches").glob("*.json")))
def test_each_step_is_board_at_and_the_end_is_replay(name):
    """Step N's picture is `board --format svg --at N`; at the last step the log reads as
    `replay` prints it; each step's words are those of `replay` of the match cut there."""
    match = matchfile.load(REPO / "matches" / name)
    data = data_of(page.page_html(match))
    count = len(match.entries)
    assert len(data["steps"]) == count + 1 and len(data["entries"]) == count
    for step in range(count + 1):
        replay = replay_match(match, step)
        assert data["svgs"][data["steps"][step]] == match_picture.board_svg(match, replay), step
        narrated = [views.entry_text(log, None, views.marks(match).get(log.seq)) for log in replay.log]
        assert [words_at(e, step) for e in data["entries"][:step]] == narrated, step
    final = views.replay_text(match, replay_match(match))
    assert "\n".join(words_at(e, count) for e in data["entries"]) in final
    assert data["result"].startswith("Result: ")


def test_the_page_is_self_contained_and_deterministic(example_page):
    text = example_page.read_text(encoding="utf-8")
    again = page.page_html(matchfile.load(EXAMPLE))
    differ = next((i for i, (a, b) in enumerate(zip(text, again)) if a != b), None)
    assert differ is None and len(text) == len(again), text[differ - 200:differ + 100] if differ else len(again)
    for outside in ("http://", "https://", "src=\"", "href=", "url(http", "@import"):
        found = outside in text.replace('xmlns=\\"http://www.w3.org/2000/svg\\"', "")
        assert not found, outside
    assert text.count("@font-face") == 3 and "data:font/ttf;base64," in text
    assert "</script>" not in data_of_raw(text)


def data_of_raw(text: str) -> str:
    return re.search(r'id="match-data">(.*?)</script>', text, re.S).group(1)


def test_a_hostile_title_stays_text(write, cli, tmp_path):
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["title"] = "</script><script>alert(1)</script><b>x"
    path = write(data)
    out = tmp_path / "p.html"
    assert cli("page", path, "-o", out).code == 0
    text = out.read_text(encoding="utf-8")
    assert "<script>alert(1)" not in text and text.count("<script") == 2


def test_page_command_conventions(cli, tmp_path):
    out = tmp_path / "m.html"
    res = cli("page", EXAMPLE, "-o", out)
    assert res.code == 0 and f"wrote {out}" in res.out
    assert out.stat().st_mode & 0o777 == 0o644
    again = cli("page", EXAMPLE, "-o", out)
    assert again.code == 2 and "already exists" in again.err and "--force" in again.err
    out.write_text("old", encoding="utf-8")
    assert cli("page", EXAMPLE, "-o", out, "--force").code == 0
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    copy = tmp_path / "match.json"
    shutil.copyfile(EXAMPLE, copy)
    itself = cli("page", copy, "-o", copy, "--force")
    assert itself.code == 2 and "is the match itself" in itself.err and "Traceback" not in itself.err
    assert copy.read_bytes() == EXAMPLE.read_bytes()
    missing = cli("page", tmp_path / "nope.json", "-o", tmp_path / "n.html")
    assert missing.code == 2 and "nope.json" in missing.err and not (tmp_path / "n.html").exists()
    assert "Examples:" in cli("page", "--help").out


def test_to_standard_output_when_redirected(cli):
    res = cli("page", EXAMPLE)   # captured: not a terminal
    assert res.code == 0 and res.out.startswith("<!DOCTYPE html>")


def test_a_match_in_progress_shows_its_sealed_entry_as_submitted(write, cli, tmp_path):
    """Decision: a match in progress is shown whole (not cut as `publish` cuts); an entry
    still private shows as `replay` without --as shows it."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["entries"] = data["entries"][:1]   # sally's sealed placement, maddie's still due
    out = tmp_path / "p.html"
    assert cli("page", write(data), "-o", out).code == 0
    entries = data_of(out.read_text(encoding="utf-8"))["entries"]
    assert len(entries) == 1 and "sealed submission" in entries[0][-1][1] and "4/5" not in entries[0][-1][1]


def test_two_hundred_entries_replay_once(tmp_path, monkeypatch):
    """A long match is replayed once, not once per step: the engine steps each entry once
    (counted, not timed)."""
    from adjudicator.engine import Replay

    data = json.loads((REPO / "matches" / "tug-of-war-v2-demo.json").read_text(encoding="utf-8"))
    match = matchfile.load(REPO / "matches" / "tug-of-war-v2-demo.json")
    counted = {"steps": 0}
    original = Replay.step

    def step(self, entry):
        counted["steps"] += 1
        return original(self, entry)

    monkeypatch.setattr(Replay, "step", step)
    page.page_html(match)
    assert counted["steps"] == len(data["entries"])


def test_a_void_changes_the_past_from_its_step_on(write):
    """At a host void the page rebuilds the replay: before the void, the voided entry stood
    (as `board --at` shows it); from the void on, it is left out."""
    data = json.loads((REPO / "matches" / "dice-demo.json").read_text(encoding="utf-8"))
    entries = data["entries"][:6]
    entries.append({"seq": 7, "type": "host", "host": {"action": "void", "seq": 6, "reason": "typo"}})
    data["entries"] = entries
    match = matchfile.load(write(data))
    pages = data_of(page.page_html(match))
    for step in range(8):
        assert pages["svgs"][pages["steps"][step]] == match_picture.board_svg(match, replay_match(match, step))
    assert words_at(pages["entries"][5], 6) != words_at(pages["entries"][5], 7)



# --- Hidden information stays hidden: pairs that differ only in it give the same bytes ------

def winning_streak_open(troop: str, location: str) -> dict[str, Any]:
    """The Winning Streak example cut after sally's sealed placement of turn 2 (phase open),
    her troop and location varied (the move and the text she typed)."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["entries"] = data["entries"][:3]
    entry = data["entries"][2]
    entry["move"] = {**entry["move"], "troop": troop, "location": location}
    entry["text"] = f"t2 place {troop} {location}"
    return data


def track_trouble_pairs() -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    return [("track trouble sealed submission", tt(("sally", "r1 c1: 1 T1")), tt(("sally", "r1 c1: 2 T3"))),
            ("track trouble hidden value", both_hide(1), both_hide(5)),
            ("winning streak sealed submission", winning_streak_open("1/1", "L"), winning_streak_open("5/5", "C"))]


@pytest.mark.parametrize("case", [0, 1, 2], ids=["tt-sealed", "tt-hidden-value", "ws-sealed"])
def test_hidden_data_changes_no_public_picture_or_page(cli, tmp_path, case):
    """Two matches that differ only in a sealed submission of an open phase, or only in a
    Hidden Value before its round ends, give byte-identical SVG, PNG and page (G-2, TT-7)."""
    _, one, other = track_trouble_pairs()[case]
    outputs = []
    for name, data in (("a", one), ("b", other)):
        folder = tmp_path / name
        folder.mkdir()
        path = folder / "m.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        svg = cli("board", path, "--format", "svg")
        assert svg.code == 0, svg.err
        assert cli("board", path, "--format", "png", "-o", folder / "b.png").code == 0
        assert cli("page", path, "-o", folder / "p.html").code == 0
        private = cli("replay", path, "--as", "sally").out
        outputs.append((svg.out, (folder / "b.png").read_bytes(), (folder / "p.html").read_bytes(), private))
    (svg_a, png_a, page_a, private_a), (svg_b, png_b, page_b, private_b) = outputs
    assert private_a != private_b, "the pair must differ in what sally may see"
    assert svg_a == svg_b
    assert png_a == png_b
    assert page_a == page_b


def test_without_chromium_skip_but_fail_in_ci(monkeypatch, tmp_path):
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="Chromium is not installed"):
        need_browser(tmp_path / "no-chromium")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI must run the browser tests"):
        need_browser(tmp_path / "no-chromium")


def test_not_for_a_terminal():
    """Without -o on a terminal the page is refused (a pseudo-terminal, for real)."""
    import pty
    import subprocess

    leader, follower = pty.openpty()
    try:
        res = subprocess.run([sys.executable, "-m", "adjudicator", "page", str(EXAMPLE)], stdout=follower,
                             stderr=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=60)
    finally:
        os.close(follower)
        os.close(leader)
    assert res.returncode == 2 and b"not for a terminal" in res.stderr and b"Traceback" not in res.stderr


@pytest.mark.parametrize("count", [40, 200])
def test_resubmissions_are_reworded_once_each(cli, tmp_path, monkeypatch, count):
    """A sealed phase resubmitted n times costs the page a linear number of rewordings: each
    step rewords its own entry and those a resolved phase made public, not every private entry
    again (1,000 resubmissions took 21 s, 2,000 over a minute)."""
    path = tmp_path / "ws.json"
    assert cli("new", "winning-streak", "-p", "sally=Sally:red", "-p", "maddie=Maddie:blue", "--untimed",
               "-o", path).code == 0
    posts = [f"sally: t1 place 1/{1 + i % 5} A" for i in range(count)] + ["maddie: t1 place 1/1 B"]
    (tmp_path / "posts.txt").write_text("\n".join(posts), encoding="utf-8")
    assert cli("paste", path, tmp_path / "posts.txt").code == 0
    match = matchfile.load(path)
    worded = []
    real = views.entry_text
    monkeypatch.setattr(views, "entry_text", lambda *args: worded.append(1) or real(*args))
    pages = page.collect(match)
    assert len(pages.versions) == len(match.entries) >= count
    assert len(worded) <= 3 * len(match.entries)


# --- Flags, voids and chains of voids: the page as it stood, in linear work --------

WRONG = ("maddie", "tower 1 C")   # sally is to act: refused, not-your-turn (G-1)
RIGHT = ("sally", "tower 1 C")


def void_of(seq: int) -> tuple[str, dict[str, Any]]:
    return ("host", {"action": "void", "seq": seq, "reason": "typo"})


def scenario(kind: str, n: int) -> dict[str, Any]:
    """A Tug of War match of n flagged entries, n voids of one entry, a chain of n voids each
    voiding the one before (G-4), or n flagged entries each voided right after it; "sealed":
    a Winning Streak match of n refused sealed submissions each voided right after it (G-2)."""
    from helpers.matches import add
    from helpers.tug_of_war import tw_match
    from helpers.winning_streak import place, ws_match

    if kind == "sealed":
        return ws_match([e for i in range(n) for e in (("maddie", place(2, "1/1", "A")), void_of(2 * i + 1))])
    entries = {"flagged": [WRONG] * n, "voids": [WRONG] + [void_of(1)] * n,
               "chain": [RIGHT] + [void_of(seq) for seq in range(1, n + 1)],
               "different": [e for i in range(n) for e in (WRONG, void_of(2 * i + 1))]}[kind]
    data = tw_match()
    for player, move in entries:
        add(data, (player, move) if player == "host" else (player, parse_tw(move)))
    return data


def parse_tw(text: str) -> dict[str, Any]:
    from adjudicator.games.tug_of_war.notation import parse

    return parse(text)


def page_the_slow_way(match: Any) -> dict[str, Any]:
    """The page's data built with no shortcut: each step replayed from the start as `board
    --at` does, every entry worded again at every step (the reference the page must equal)."""
    svgs: list[str] = []
    steps: list[int] = []
    entries: list[list[list[Any]]] = [[] for _ in match.entries]
    marked = views.marks(match)
    for step in range(len(match.entries) + 1):
        replay = replay_match(match, step)
        svg = match_picture.board_svg(match, replay)
        if svg not in svgs:
            svgs.append(svg)
        steps.append(svgs.index(svg))
        for position, log in enumerate(replay.log):
            words = views.entry_text(log, None, marked.get(log.seq))
            if not entries[position] or entries[position][-1][1] != words:
                entries[position].append([step, words])
    missing = views.salts_awaited(match, replay)   # whose salt the draws wait for at the end (G-8)
    return {"svgs": svgs, "steps": steps, "entries": entries, "result": page.result_line(match, replay),
            "salts": views.salts_line(match, replay, missing) if missing else ""}


def sealed_with_voids() -> list[tuple[str, dict[str, Any]]]:
    """Winning Streak matches (sealed phases, G-2, G-3) whose voids leave out what resolved a
    phase, a sealed submission, a void, and the entry that ended the match."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    cases = []
    for name, voids in (("resolving entry", {3: 2}), ("sealed submission", {4: 3}), ("void of void", {3: 2, 5: 4}),
                        ("chain", {3: 2, 4: 3, 5: 4, 6: 5}), ("the last entry", {len(data["entries"]) + 1: -1}),
                        ("later voids of earlier entries", {9: 7, 10: 3, 12: 11, 13: 1})):
        entries = [dict(entry) for entry in data["entries"][:14]] if name != "the last entry" else \
            [dict(entry) for entry in data["entries"]]
        for at, target in sorted(voids.items()):
            target = len(entries) if target == -1 else target
            entries.insert(at - 1, {"type": "host", "host": {"action": "void", "seq": target, "reason": "typo"}})
        for seq, entry in enumerate(entries, 1):
            entry["seq"] = seq
        cases.append((name, {**data, "entries": entries}))
    return cases


@pytest.mark.parametrize("kind", ["flagged", "voids", "chain", "different", "sealed"])
def test_flags_and_voids_page_as_the_slow_way(write, kind):
    match = matchfile.load(write(scenario(kind, 6)))
    assert data_of(page.page_html(match)) == page_the_slow_way(match)


@pytest.mark.parametrize("case", range(6), ids=[name for name, _ in sealed_with_voids()])
def test_voids_in_sealed_phases_page_as_the_slow_way(write, case):
    """A void may leave out what resolved a phase (its entries private again), a sealed
    submission, a void, or the end: each step still shows the match as it stood (G-4)."""
    _, data = sealed_with_voids()[case]
    match = matchfile.load(write(data))
    assert data_of(page.page_html(match)) == page_the_slow_way(match)


def counted(monkeypatch: Any) -> dict[str, int]:
    """How often, while a page is made, the engine steps an entry or reads one for its voids
    (engine.is_void: `voided_entries` and each host entry stepped), and the page words one."""
    from adjudicator import engine, wording
    from adjudicator.engine import Replay

    counts = {"steps": 0, "void reads": 0, "words": 0, "flag messages": 0}
    step, entry_text, flag_message = Replay.step, views.entry_text, wording.flag_message

    def counting(name: str, real: Any) -> Any:
        def call(*args: Any) -> Any:
            counts[name] += 1
            return real(*args)
        return call

    monkeypatch.setattr(Replay, "step", counting("steps", step))
    monkeypatch.setattr(views, "entry_text", counting("words", entry_text))
    monkeypatch.setattr(wording, "flag_message", counting("flag messages", flag_message))
    monkeypatch.setattr(engine, "is_void", counting("void reads", engine.is_void))
    return counts


@pytest.mark.parametrize("kind", ["flagged", "voids", "different", "sealed"])
@pytest.mark.parametrize("n", [30, 120])
def test_flags_and_voids_cost_the_page_linear_work(write, monkeypatch, kind, n):
    """n flagged entries, n voids of one entry, n entries each voided: the page steps each
    entry, words it and its flag a bounded number of times, however many came before (counted,
    not timed; 3,000 voids took 10.5 s, 10,000 flagged entries over 150 s)."""
    match = matchfile.load(write(scenario(kind, n)))
    counts = counted(monkeypatch)
    page.collect(match)
    entries = len(match.entries)
    assert counts["steps"] <= 2 * entries, counts
    assert counts["void reads"] <= 3 * entries, counts
    assert counts["words"] <= 2 * entries, counts
    assert counts["flag messages"] <= 2 * entries, counts


def test_a_chain_of_voids_replays_only_the_chain_again(write, monkeypatch):
    """Each void of a chain of voids of voids changes every entry of the chain (G-4: they are
    left out and brought back in turn), so the chain is replayed again at each, but from the
    checkpoint before it, never the entries before it."""
    from helpers.matches import add
    from helpers.tug_of_war import tw_match

    head, chain = 60, 20
    data = tw_match([WRONG] * head + [RIGHT])
    for seq in range(head + 1, head + 1 + chain):
        add(data, void_of(seq))
    match = matchfile.load(write(data))
    counts = counted(monkeypatch)
    page.collect(match)
    assert counts["steps"] <= head + (chain + 1) * (chain + 2) // 2 + chain, counts
    assert counts["steps"] > head + chain * chain // 2, "a chain replays what it changes again"


@st.composite
def simulated_with_voids(draw: st.DrawFn) -> dict[str, Any]:
    """A simulated match of any ruleset cut to a few entries, with host voids put in among
    them, each naming any earlier entry, a void included (G-4)."""
    from helpers.strategies import INDICES, RULESETS, simulated

    data = simulated(draw(st.sampled_from(RULESETS)), draw(st.integers(0, INDICES - 1)))
    entries = data["entries"][:draw(st.integers(4, 24))]
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(1, len(entries)))
        entries.insert(at, {"type": "host", "host": {"action": "void", "seq": draw(st.integers(1, at)),
                                                    "reason": "typo"}})
    data["entries"] = entries
    for seq, entry in enumerate(entries, 1):
        if entry["type"] == "host" and entry["host"]["action"] == "void":
            entry["host"]["seq"] = min(entry["host"]["seq"], seq - 1)
        entry["seq"] = seq
    return data


@scaled(12)
@given(data=simulated_with_voids())
def test_any_match_with_voids_pages_as_the_slow_way(data):
    """Voids put anywhere in matches of every ruleset: each step's picture and words are those
    of the match replayed from the start up to it (checkpoints and partial rewording change
    nothing)."""
    match = matchfile.prepare(data, None)
    assert data_of(page.page_html(match)) == page_the_slow_way(match)


def test_g8_the_page_shows_the_seed_hash_and_whose_salt_is_awaited(cli, tmp_path):
    """G-8: from the start the page shows the hash the host published (the full value a tap
    away, never the seed), and, while a draw waits for salts, whose: public facts only."""
    path = tmp_path / "d.json"
    assert cli("new", "dice-tug-of-war", "-p", "bernd=Bernd:yellow", "-p", "anna=Anna:red", "-o", path).code == 0
    digest = json.loads(path.read_text())["seed_sha256"]
    seed = (tmp_path / "d.seed").read_text().strip()
    text = page.page_html(matchfile.load(path))
    assert f'<code class="hash">{digest}</code>' in text and f"<code>{digest[:12]}…</code>" in text
    assert seed not in text
    assert data_of(text)["salts"] == ("Waiting for salts from Bernd and Anna before the dice are drawn (G-8): "
                                      "each player posts a word of their own, so nobody, the host included, can "
                                      "foresee a draw.")
    for player, word in (("bernd", "pepper"), ("anna", "nutmeg")):
        assert cli("host", path, "salt", player, word).code == 0
    text = page.page_html(matchfile.load(path))
    assert data_of(text)["salts"] == "" and digest in text
    old = page.page_html(matchfile.load(REPO / "matches" / "tug-of-war-v2-demo.json"))
    assert 'class="seed"' not in old and data_of(old)["salts"] == ""
