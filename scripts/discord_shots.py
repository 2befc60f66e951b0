"""Pictures of Discord posts as players see them on a phone.

For one example match of each game (matches/), at a point chosen so that the post is a
typical one (the last few entries of a match in progress, or the end of a finished one),
this runs

    ADJUDICATOR_NOW=2026-11-22T12:00:00Z adjudicator post MATCH --format discord --dry-run --since SEQ

and writes what it prints to docs/pictures/discord-<game>.txt. A match in progress is a
copy of the example cut after entry UPTO, written to a temporary folder. Then it renders
each message of the post as Discord would (scripts/discord/render.js: discord-markdown,
Discord's dark theme, code blocks wrapping with `white-space: pre-wrap` as in the mobile
app, `<t:…>` stamps shown in UTC, emoji as Twemoji SVGs), opens the page in headless
Chromium 390 px wide (an iPhone's width in CSS pixels) and saves
docs/pictures/discord-<game>.png.

    (cd scripts/discord && npm ci)                  # once: discord-markdown, Twemoji; pinned
    python scripts/discord_shots.py                   # every game
    python scripts/discord_shots.py --text            # only the .txt files (no node, no browser)
    python scripts/discord_shots.py dice-tug-of-war   # one game

Needs node with npm, Debian's chromium and chromium-driver (/usr/bin/chromium,
/usr/bin/chromedriver) and selenium. tests/repo/test_discord_shots.py checks, without any of
them, that each .txt is what the tool prints now (so a change in the output fails that
test until this script is run again) and that each .png is a PNG 390 px wide.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PICTURES = REPO / "docs" / "pictures"
HELPER = REPO / "scripts" / "discord"
NOW = "2026-11-22T12:00:00Z"
WIDTH = 390
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


@dataclass(frozen=True)
class Shot:
    game: str           # the picture's name: docs/pictures/discord-<game>.png
    match: str          # the example in matches/
    since: int          # post --since: the entries after this one
    upto: int | None    # cut the match after this entry (a match in progress); None: all of it

    @property
    def text_path(self) -> Path:
        return PICTURES / f"discord-{self.game}.txt"

    @property
    def png_path(self) -> Path:
        return PICTURES / f"discord-{self.game}.png"

    def describe(self) -> str:
        cut = f", cut after entry {self.upto}" if self.upto else ""
        return f"matches/{self.match}{cut}: post --format discord --dry-run --since {self.since}"


SHOTS = [
    Shot("arrowbic", "arrowbic-push-off.json", since=4, upto=7),
    Shot("dice-tug-of-war", "dice-demo.json", since=40, upto=None),
    Shot("track-trouble", "track-trouble-final.json", since=29, upto=33),
    Shot("tug-of-war-v2", "tug-of-war-v2-demo.json", since=95, upto=99),
    Shot("winning-streak", "winning-streak-demo.json", since=54, upto=58),
]


def post_text(shot: Shot) -> str:
    """What `adjudicator post … --format discord --dry-run` prints for the shot, at NOW."""
    source = REPO / "matches" / shot.match
    env = {**os.environ, "ADJUDICATOR_NOW": NOW, "PYTHONPATH": str(REPO)}
    with tempfile.TemporaryDirectory(prefix="discord-shots-") as folder:
        path = source
        if shot.upto is not None:
            data = json.loads(source.read_text(encoding="utf-8"))
            data["entries"] = [e for e in data["entries"] if e["seq"] <= shot.upto]
            path = Path(folder) / shot.match
            path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "-m", "adjudicator", "post", str(path), "--format", "discord",
             "--dry-run", "--since", str(shot.since)],
            capture_output=True, text=True, encoding="utf-8", env=env, cwd=folder)
    if done.returncode != 0:
        raise SystemExit(f"{shot.describe()} failed (exit {done.returncode}): {done.stderr.strip()}")
    return done.stdout


def render_html(text: str) -> str:
    """The post as a Discord page (scripts/discord/render.js)."""
    if not (HELPER / "node_modules" / "discord-markdown").exists():
        raise SystemExit(f"discord-markdown is not installed: run `npm ci` in {HELPER}.")
    done = subprocess.run(["node", str(HELPER / "render.js"), NOW], input=text, capture_output=True,
                          text=True, encoding="utf-8")
    if done.returncode != 0:
        raise SystemExit(f"render.js failed: {done.stderr.strip()}")
    return done.stdout


def browser(profile: str):
    """Headless Chromium through the distribution's chromedriver (never Selenium Manager)."""
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        raise SystemExit(f"Chromium is not installed ({CHROMIUM}, {CHROMEDRIVER}): apt-get install chromium chromium-driver.")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        raise SystemExit("selenium is not installed (pip install '.[test]').") from None
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", f"--user-data-dir={profile}", "--hide-scrollbars",
                f"--window-size={WIDTH},800", "--force-device-scale-factor=1"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)


def screenshot(driver, html_path: Path) -> bytes:
    """The whole page, WIDTH px wide, as PNG bytes."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": WIDTH, "height": 800, "deviceScaleFactor": 1, "mobile": True})
    driver.get(html_path.as_uri())
    height = driver.execute_script("return Math.ceil(document.documentElement.scrollHeight)")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": WIDTH, "height": int(height), "deviceScaleFactor": 1, "mobile": True})
    return driver.get_screenshot_as_png()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="only these games (default: all): "
                        + ", ".join(s.game for s in SHOTS))
    parser.add_argument("--text", action="store_true", help="write only the .txt files")
    args = parser.parse_args(argv)
    unknown = set(args.games) - {s.game for s in SHOTS}
    if unknown:
        parser.error(f"no such game: {', '.join(sorted(unknown))}")
    shots = [s for s in SHOTS if not args.games or s.game in args.games]
    PICTURES.mkdir(parents=True, exist_ok=True)
    texts = {}
    for shot in shots:
        texts[shot] = post_text(shot)
        shot.text_path.write_text(texts[shot], encoding="utf-8")
        print(f"{shot.text_path.relative_to(REPO)}  ({shot.describe()})")
    if args.text:
        return 0
    with tempfile.TemporaryDirectory(prefix="discord-shots-") as folder:
        driver = browser(str(Path(folder) / "profile"))
        try:
            for shot in shots:
                page = Path(folder) / f"{shot.game}.html"
                page.write_text(render_html(texts[shot]), encoding="utf-8")
                shot.png_path.write_bytes(screenshot(driver, page))
                print(shot.png_path.relative_to(REPO))
        finally:
            driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
