// Renders one `adjudicator post --format discord` output (standard input) to an HTML page
// (standard output) that looks like the messages in Discord's dark theme on a phone:
// discord-markdown (the same rules as Discord's own parser, simple-markdown) turns each
// message into HTML; code blocks wrap with `white-space: pre-wrap` as Discord's mobile app
// does; `<t:…>` stamps show as Discord shows them, in the reader's zone (here UTC, so the
// picture is the same on every machine) against "now" given as the first argument.
// Used by scripts/discord_shots.py; `npm ci` in this folder installs discord-markdown.
"use strict";

const fs = require("fs");
const path = require("path");
const { pathToFileURL } = require("url");
const { toHTML } = require("discord-markdown");
const { parse: findEmoji } = require("@twemoji/parser");

const SVG = path.join(__dirname, "node_modules", "@twemoji", "svg");

const CUT = "✂-------- next message --------✂";
const STAMP = /<t:(-?\d{1,12})(?::([tTdDfFR]))?>/g;
const now = Date.parse(process.argv[2] || "2026-11-22T12:00:00Z");

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
  "September", "October", "November", "December"];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function clock(d) {
  const h = d.getUTCHours() % 12 || 12;
  return `${h}:${String(d.getUTCMinutes()).padStart(2, "0")} ${d.getUTCHours() < 12 ? "AM" : "PM"}`;
}

function relative(ms) {
  const s = Math.round(Math.abs(ms) / 1000);
  const units = [["year", 31536000], ["month", 2592000], ["day", 86400], ["hour", 3600],
    ["minute", 60], ["second", 1]];
  for (const [name, size] of units) {
    if (s >= size || size === 1) {
      const n = Math.round(s / size);
      const word = n === 1 ? `${name === "hour" ? "an" : "a"} ${name}` : `${n} ${name}s`;
      return ms >= 0 ? `in ${word}` : `${word} ago`;
    }
  }
  return "now";
}

// How Discord (en-US) writes a stamp of each style.
function stamp(seconds, style) {
  const d = new Date(Number(seconds) * 1000);
  const date = `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
  switch (style) {
    case "t": return clock(d);
    case "T": return clock(d).replace(" ", `:${String(d.getUTCSeconds()).padStart(2, "0")} `);
    case "d": return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
    case "D": return date;
    case "F": return `${DAYS[d.getUTCDay()]}, ${date} ${clock(d)}`;
    case "R": return relative(d.getTime() - now);
    default: return `${date} ${clock(d)}`;  // f, the default
  }
}

// Discord draws emoji as Twemoji pictures (the SVGs of @twemoji/svg, read from disk). Only
// characters drawn as emoji by default: arrows such as → and ↔ without U+FE0F stay text.
function emoji(html) {
  return html.split(/(<[^>]*>)/).map((part) => {
    if (part.startsWith("<")) return part;
    let out = "";
    let at = 0;
    for (const found of findEmoji(part, { assetType: "svg" })) {
      if (!/\p{Emoji_Presentation}|\uFE0F/u.test(found.text)) continue;
      const name = path.basename(new URL(found.url).pathname);
      const file = path.join(SVG, name);
      if (!fs.existsSync(file)) continue;
      out += part.slice(at, found.indices[0])
        + `<img class="emoji" alt="${found.text}" src="${pathToFileURL(file).href}">`;
      at = found.indices[1];
    }
    return out + part.slice(at);
  }).join("");
}

function escape(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

// Stamps are markup outside code only: in code Discord shows them as typed.
function render(message) {
  const found = [];
  const marked = message.replace(STAMP, (all, n, style) => {
    found.push({ all, html: `<span class="stamp">${escape(stamp(n, style || "f"))}</span>` });
    return `DISCORDSTAMP${found.length - 1}X`;
  });
  let html = toHTML(marked, { escapeHTML: true });
  html = html.replace(/<pre>[\s\S]*?<\/pre>|<code[\s\S]*?<\/code>/g, (code) =>
    code.replace(/DISCORDSTAMP(\d+)X/g, (_, i) => escape(found[i].all)));
  // A code block is a block of its own in Discord: the line break right after it starts no
  // empty line (discord-markdown keeps it as a <br>).
  html = html.replace(/<\/pre><br>/g, "</pre>");
  return emoji(html).replace(/DISCORDSTAMP(\d+)X/g, (_, i) => found[i].html);
}

const text = fs.readFileSync(0, "utf8").replace(/\n$/, "");
const messages = text.split("\n" + CUT + "\n");
const body = messages.map((m, i) => `
<div class="message${i ? " grouped" : ""}">
  ${i ? "" : `<div class="head"><span class="avatar"></span><span class="author">Host</span><span class="time">Today at ${clock(new Date(now))}</span></div>`}
  <div class="content">${render(m)}</div>
</div>`).join("\n");

process.stdout.write(`<!DOCTYPE html>
<html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  html, body { margin: 0; background: #313338; }
  body { color: #dbdee1; font: 16px/1.375 "DejaVu Sans", "Noto Sans", "Helvetica Neue", Arial, sans-serif;
         padding: 8px 0 16px; overflow-wrap: break-word; }
  .message { padding: 2px 12px 2px 60px; position: relative; }
  .message:not(.grouped) { margin-top: 8px; }
  .message.grouped { margin-top: 6px; }
  .head { margin-left: -48px; display: flex; align-items: baseline; gap: 8px; min-height: 22px; }
  .avatar { width: 40px; height: 40px; border-radius: 50%; background: #5865f2; position: absolute; left: 12px; top: 4px; }
  .author { color: #f2f3f5; font-weight: 600; margin-left: 48px; }
  .time { color: #949ba4; font-size: 12px; }
  .content { white-space: normal; }
  strong { color: #f2f3f5; font-weight: 700; }
  code { font-family: "DejaVu Sans Mono", "Noto Sans Mono", Consolas, monospace; font-size: 14px;
         background: #2b2d31; border-radius: 4px; padding: 0 2px; }
  pre { margin: 4px 0; }
  pre code { display: block; background: #2b2d31; border: 1px solid #1e1f22; border-radius: 4px;
             padding: 7px; font-size: 12.5px; line-height: 1.3; white-space: pre-wrap; color: #b5bac1; }
  blockquote { margin: 0; padding: 0 8px 0 12px; border-left: 4px solid #4e5058; }
  img.emoji { width: 1.375em; height: 1.375em; vertical-align: -0.3em; }
  code img.emoji { width: 1.2em; height: 1.2em; vertical-align: -0.25em; }
  .stamp { background: #3f4147; border-radius: 3px; padding: 0 2px; }
  .d-spoiler { background: #1e1f22; color: transparent; border-radius: 3px; }
</style></head>
<body>${body}
</body></html>
`);
