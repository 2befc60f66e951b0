"""The match page (`adjudicator page`): one self-contained HTML file with the match step by step.

Step 0 is the start; step k is the match after entry k: its public board as a picture
(match_picture.board_svg) and the log so far as everyone could read it then. Public view only:
an entry that was still private at step k (a sealed submission of an open phase, G-2; a
Hidden Value before its round ends, TT-7; a voided sealed submission, G-4) shows as `replay` without --as
shows it ("sealed submission", "… submitted"), and its words change to what it was only
from the step that revealed it on. So a later reveal never reaches an earlier step, and a
match in progress is shown whole, its private entries as submitted (the page is not a
match file, so unlike `publish` it need not be cut before them).

The match is replayed once: each step's board is drawn from the replay as it stands after
that entry, and each entry is re-worded only while it is sealed. A host `void` changes the
past (G-4), so at a void the replay is rebuilt with the voids known up to it, as `board --at`
does. The file needs nothing else: the pictures are inline SVG, the DejaVu fonts the PNGs
use are embedded (base64 @font-face), the script and styles are inline.
"""

from __future__ import annotations

import base64
import bisect
import html
import json
from dataclasses import dataclass, field
from typing import Any

from adjudicator import match_picture, picture, views
from adjudicator.engine import PUBLIC, LogEntry, Replay, Seal
from adjudicator.matchfile import LoadedMatch
from adjudicator.render import clean
from adjudicator.wording import awaiting

# (family, weight, file) of the fonts the pictures name (picture.FONT, picture.MONO)
FONT_FACES = ((picture.FONT, "normal", "DejaVuSans.ttf"), (picture.FONT, "bold", "DejaVuSans-Bold.ttf"),
              (picture.MONO, "normal", "DejaVuSansMono.ttf"))


@dataclass
class Pages:
    """What the page shows, step by step: each distinct picture once, the picture of each
    step, and each entry's public words with the step they first read so (`versions`)."""

    svgs: list[str] = field(default_factory=list)
    step_svg: list[int] = field(default_factory=list)        # step -> index in svgs
    versions: list[list[tuple[int, str]]] = field(default_factory=list)   # entry -> [(from step, text)]
    result: str = ""
    salts: str = ""      # whose salt the draws wait for now (G-8), or ""


def collect(match: LoadedMatch) -> Pages:
    """Replay once and take each step's public picture and words as they stood then."""
    marked = views.marks(match)
    pages = Pages()
    seen: dict[str, int] = {}
    private = Private()
    replay: Replay | None = None
    for step, replay, changed in views.replay_steps(match):
        svg = match_picture.board_svg(match, replay)
        pages.step_svg.append(seen.setdefault(svg, len(seen)))
        if len(seen) > len(pages.svgs):
            pages.svgs.append(svg)
        if step:
            pages.versions.append([])
            if changed is None:
                reword = set(private.opened()) | {step - 1}
            else:
                reword = private.rebuilt(changed, step)
            for position in sorted(reword):
                log = replay.log[position]
                _reword(pages.versions[position], step, log, marked)
                private.note(position, log)
    if replay is not None:
        pages.result = result_line(match, replay)
        missing = views.salts_awaited(match, replay)
        pages.salts = views.salts_line(match, replay, missing) if missing else ""
    return pages


class Private:
    """The entries still private at the last step, by the seal that keeps them so (engine.Seal:
    one per open phase, side move or the match's end). An entry's public words change only
    when its seal opens, so each step rewords the new entry and those whose seal opened since,
    never every private entry again: a phase resubmitted n times (G-3) costs n rewordings, not
    n²."""

    def __init__(self) -> None:
        self.waiting: dict[int, tuple[Seal, list[int]]] = {}   # id(seal) -> (seal, positions)
        self.noted: dict[int, tuple[Seal, list[int]]] = {}     # the same, of every seal, open or not

    def note(self, position: int, log: LogEntry) -> None:
        """Remember the entry at `position` by its seal, and as waiting if it is private now.
        Every seal is remembered, open or not: a rebuild may close it again (G-4)."""
        if log.seal is PUBLIC:
            return
        noted = self.noted.setdefault(id(log.seal), (log.seal, []))[1]
        if not noted or noted[-1] < position:
            noted.append(position)
        if log.sealed:
            self.waiting.setdefault(id(log.seal), (log.seal, []))[1].append(position)

    def opened(self) -> list[int]:
        """The positions whose seal has opened since they were noted (and forget them)."""
        keys = [key for key, (seal, _) in self.waiting.items() if not seal.closed]
        return [position for key in keys for position in self.waiting.pop(key)[1]]

    def rebuilt(self, changed: int, step: int) -> set[int]:
        """The entries to reword after a void rebuilt the replay (G-4): from `changed` on
        (the first position whose voiding changed; the entries before it are as they were,
        engine.Checkpoint), and before it those whose seal opened since, or closed again (the
        rebuild closes again a seal that an entry now left out had opened). Not every entry
        so far, nor every private one: voiding one entry in n reworded n entries, n² in all. Positions are kept in order, so forgetting the new part is a cut."""
        for seals in (self.waiting, self.noted):
            for key, (_, positions) in list(seals.items()):
                del positions[bisect.bisect_left(positions, changed):]
                if not positions:
                    del seals[key]
        reword = set(self.opened()) | set(range(changed, step))
        for key, (seal, positions) in self.noted.items():
            if seal.closed and key not in self.waiting:
                reword.update(positions)
        return reword


def _reword(versions: list[tuple[int, str]], step: int, log: LogEntry, marked: dict[int, Any]) -> None:
    """Add the entry's public words at `step` when they differ from what they were."""
    words = views.entry_text(log, None, marked.get(log.seq))
    if not versions or versions[-1][1] != words:
        versions.append((step, words))


def result_line(match: LoadedMatch, replay: Replay) -> str:
    """`Result: …` as `replay` ends, with the flagged entries."""
    res = views.result(match, replay)
    line = "Result: " + views.describe_status(res, match.game.display_names,
                                              awaiting(replay, match.game.display_names.__getitem__))
    if res["flagged"]:
        line += f" · flagged: {', '.join('#' + str(f['seq']) for f in res['flagged'])}"
    return clean(line, one_line=True)


def script_json(data: Any) -> str:
    """JSON safe inside <script>: no `<`, `>` or `&` that could end the element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def font_css(url: str | None = None) -> str:
    """@font-face rules for the shipped DejaVu fonts, so text looks as in the PNGs: inline
    (the page is one file), or, for `serve`, fetched once from `url` + the font's file name."""
    rules = []
    for family, weight, name in FONT_FACES:
        if url is None:
            data = base64.b64encode((picture.FONT_DIR / name).read_bytes()).decode("ascii")
            src = f"data:font/ttf;base64,{data}"
        else:
            src = url + name
        rules.append(f"@font-face{{font-family:'{family}';font-weight:{weight};font-style:normal;"
                     f"src:url({src}) format('truetype');}}")
    return "\n".join(rules)


def page_data(match: LoadedMatch) -> dict[str, Any]:
    """What the page steps through: each distinct picture, each step's picture, each entry's
    public words by step, the result (also what `serve` sends a live page for its newest step)."""
    pages = collect(match)
    data: dict[str, Any] = {"svgs": pages.svgs, "steps": pages.step_svg, "entries": pages.versions,
                            "result": pages.result, "salts": pages.salts}
    heads = step_heads(match)
    if heads is not None:
        data["heads"] = heads
    return data


def step_heads(match: LoadedMatch) -> list[str] | None:
    """A chained match's head after each step, as shown (`log 3 · 3f9a21c0`, G-9); None for a
    match made before G-9, whose page stays as it was."""
    from adjudicator import chain

    if not chain.is_chained(match.data):
        return None
    heads = []
    for step in range(len(match.entries) + 1):
        head = chain.head_of(match.data, until=step)
        heads.append(chain.shown(*head) if head is not None else "")
    return heads


# A chained match's page shows each step's head beside the step (G-9); others stay as they were.
WHERE = '$("where").textContent = "step " + n + " of " + last;'
WHERE_HEAD = '$("where").textContent = "step " + n + " of " + last + (data.heads[n] ? " \u00b7 " + data.heads[n] : "");'



def seed_block(match: LoadedMatch) -> str:
    """The seed's hash, shown from the start (G-8): short, with the full value a tap away to
    copy and compare with the hash the host published."""
    digest = match.data.get("seed_sha256")
    if not isinstance(digest, str) or not digest:
        return ""
    full = html.escape(digest)
    return (f'<details class="seed"><summary>Dice seed hash <code>{full[:12]}…</code></summary>'
            f'<p>SHA-256 of the private seed, published before any draw: <code class="hash">{full}</code><br>'
            "Every draw is fixed by the seed and both players' salts (G-8); after the match anyone given "
            "the seed can check each roll (adjudicator check --seed).</p></details>\n")


def page_html(match: LoadedMatch, live: str = "", fonts: str | None = None) -> str:
    """The whole page as one HTML document (deterministic: same public match, same bytes).
    `live`: a script `serve` adds, which hands the page newer data (the `page-data` event);
    `fonts`: where `serve` serves the fonts (font_css), instead of 2 MB inline on every load."""
    data = page_data(match)
    title = clean(match.data.get("title") or match.data["id"], one_line=True)
    last = len(data["steps"]) - 1
    return TEMPLATE.format(
        title=html.escape(title), ruleset=html.escape(match.ruleset.id), last=last, fonts=font_css(fonts),
        css=CSS, data=script_json(data), script=SCRIPT.replace(WHERE, WHERE_HEAD) if "heads" in data else SCRIPT,
        seed=seed_block(match),
        live=f"\n<script>{live}</script>" if live else "")


CSS = """
body{margin:0;background:#faf9f6;color:#222;font-family:'DejaVu Sans',sans-serif;font-size:15px}
main{max-width:840px;margin:0 auto;padding:12px 20px 40px}
h1{font-size:20px;margin:8px 0 2px}
.sub{color:#777;font-size:13px;margin:0 0 10px}
.controls{display:flex;align-items:center;gap:8px;flex-wrap:wrap;margin:8px 0;position:sticky;top:0;
 background:#faf9f6;padding:6px 0;z-index:1}
.controls button{font:inherit;padding:4px 10px;border:1px solid #c9c4b8;border-radius:4px;background:#fff;cursor:pointer}
.controls button:disabled{opacity:.4;cursor:default}
#slider{flex:1;min-width:120px}
#where{min-width:9em;text-align:right;color:#444;font-variant-numeric:tabular-nums}
#picture svg{display:block;width:100%;height:auto;max-width:800px;border:1px solid #e3dfd5;background:#fff}
h2{font-size:15px;margin:14px 0 4px;color:#555}
pre{font-family:'DejaVu Sans Mono',monospace;font-size:13px;white-space:pre-wrap;margin:0}
#entry{background:#fff;border:1px solid #e3dfd5;padding:8px;min-height:1.2em}
#log{background:#fff;border:1px solid #e3dfd5;padding:8px;max-height:320px;overflow:auto}
#log pre{padding:1px 2px}
#log pre.now{background:#fff3c4}
#result{font-weight:bold;margin:10px 0}
.keys{color:#777;font-size:12px}
#salts{background:#fff3c4;border:1px solid #e0c870;padding:8px 10px;border-radius:4px;margin:8px 0}
.seed{color:#555;font-size:13px;margin:0 0 8px}
.seed summary{cursor:pointer}
.seed code{font-family:'DejaVu Sans Mono',monospace}
.seed .hash{word-break:break-all;user-select:all}
"""

SCRIPT = r"""
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("match-data").textContent);
  var last = data.steps.length - 1;
  var step = -1;
  var $ = function (id) { return document.getElementById(id); };

  function words(entry, at) {          // an entry's public words as they read at step `at`
    var text = null;
    for (var i = 0; i < entry.length && entry[i][0] <= at; i++) { text = entry[i][1]; }
    return text;
  }

  function fromHash() {
    var n = parseInt((location.hash || "").replace(/^#/, ""), 10);
    return isNaN(n) ? 0 : Math.max(0, Math.min(last, n));
  }

  function show(n) {
    n = Math.max(0, Math.min(last, n));
    if (n === step) { return; }
    step = n;
    $("picture").innerHTML = data.svgs[data.steps[n]];
    $("slider").value = String(n);
    $("where").textContent = "step " + n + " of " + last;
    $("entry").textContent = n ? words(data.entries[n - 1], n) : "The start: no entries yet.";
    var log = $("log");
    log.textContent = "";
    for (var i = 0; i < n; i++) {
      var pre = document.createElement("pre");
      pre.textContent = words(data.entries[i], n);
      if (i === n - 1) { pre.className = "now"; }
      log.appendChild(pre);
    }
    log.scrollTop = log.scrollHeight;   // the latest entry in view, without moving the page
    $("result").textContent = n === last ? data.result : "";
    $("first").disabled = $("prev").disabled = n === 0;
    $("next").disabled = $("end").disabled = n === last;
    if (fromHash() !== n || location.hash !== "#" + n) {
      try { history.replaceState(null, "", "#" + n); } catch (e) { location.hash = "#" + n; }
    }
  }

  $("first").addEventListener("click", function () { show(0); });
  $("prev").addEventListener("click", function () { show(step - 1); });
  $("next").addEventListener("click", function () { show(step + 1); });
  $("end").addEventListener("click", function () { show(last); });
  $("slider").addEventListener("input", function () { show(parseInt(this.value, 10)); });
  window.addEventListener("hashchange", function () { show(fromHash()); });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var to = {ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: last}[e.key];
    if (to === undefined) { return; }
    e.preventDefault();
    show(to);
  });
  function salts() {                  // whose salt a draw waits for now (G-8), or nothing
    $("salts").textContent = data.salts || "";
    $("salts").hidden = !data.salts;
  }

  show(fromHash());
  salts();
  document.addEventListener("page-data", function (e) {   // serve: the match grew; follow it if at its end
    var atEnd = step === last;
    data = e.detail;
    last = data.steps.length - 1;
    $("slider").max = String(last);
    var to = atEnd ? last : Math.min(step, last);
    step = -1;
    show(to);
    salts();
  });
})();
"""

TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="adjudicator page">
<title>{title}</title>
<style>
{fonts}
{css}</style>
</head>
<body>
<main>
<h1>{title}</h1>
<p class="sub">{ruleset} · the public view, step by step · <span class="keys">← → Home End</span></p>
{seed}<p id="salts" role="status" hidden></p>
<div class="controls">
<button id="first" type="button" title="The start (Home)">« Start</button>
<button id="prev" type="button" title="Previous step (←)">◀ Previous</button>
<input id="slider" type="range" min="0" max="{last}" step="1" value="0" aria-label="Step">
<button id="next" type="button" title="Next step (→)">Next ▶</button>
<button id="end" type="button" title="The last step (End)">End »</button>
<span id="where" aria-live="polite"></span>
</div>
<div id="picture"></div>
<p id="result"></p>
<h2>This step</h2>
<pre id="entry"></pre>
<h2>The log so far</h2>
<div id="log"></div>
<noscript><p>This page needs JavaScript to show the steps.</p></noscript>
</main>
<script type="application/json" id="match-data">{data}</script>
<script>{script}</script>{live}
</body>
</html>
"""
