"""What the commands print: a use case's result turned into text.

Each presenter takes the data a use case returned (adjudicator.usecases, session, paste) and
returns a Shown: the text for standard output and the notes for standard error, in the order
they are said. Nothing here decides a rule or reads a file; the command line only prints a
Shown (or writes it to -o). Presenters sit beside views and render, whose words they use.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from adjudicator.formats import PICTURES
from adjudicator.formats._base import one_line, table_line, table_rule
from adjudicator.render import clean, display_width, printed, shown_path

if TYPE_CHECKING:
    from adjudicator.chain import Verified
    from adjudicator.check import Checked
    from adjudicator.clock import ClockSettings
    from adjudicator.engine import LogEntry, Replay
    from adjudicator.matchfile import LoadedMatch
    from adjudicator.paste import Added, Outcome, Post
    from adjudicator.posting import Post as Posting
    from adjudicator.rulesets import Ruleset
    from adjudicator.usecases.catalogue import Resolved
    from adjudicator.usecases.entries import Entered
    from adjudicator.usecases.look import Legal, Looked, Replayed
    from adjudicator.usecases.new import Created
    from adjudicator.usecases.pasting import Pasted
    from adjudicator.usecases.public import Published
    from adjudicator.usecases.serving import Linked, ServeOptions


class Shown(NamedTuple):
    """What a command says, in this order: `notes` on standard error (each a line the command
    line marks `adjudicator: `), `text` on standard output (None: nothing), then `later`
    notes on standard error. A `raw` text (a picture) is written as it is; any other ends
    with a newline."""

    text: str | bytes | Iterable[str] | None   # an iterable: pieces of a long text, raw
    notes: tuple[str, ...] = ()
    raw: bool = False
    later: tuple[str, ...] = ()
    written: str | None = None   # said on standard output once `text` is written to -o instead


def json_text(obj: Any) -> str:
    """JSON for scripts, indented, with no character a terminal or a post would act on."""
    from adjudicator.render import inert_json

    return inert_json(json.dumps(obj, indent=2, ensure_ascii=False)) + "\n"


def post_text(text: str, fmt: str) -> str:
    """A post as printed: a Discord post as its messages of at most 2,000 characters, with a
    cut line between two (render.DISCORD_CUT); any other format as it is."""
    return printed(text, fmt)


# --- rulesets, ruleset show, ruleset validate, schema ---------------------------------

def rulesets_listed(rows: list[dict[str, Any]], fmt: str) -> Shown:
    """`rulesets`: a table of id, game, version and summary, or every row as data (its path as text)."""
    if fmt == "json":
        return Shown(json_text([{k: str(v) if k == "path" else v for k, v in row.items()} for row in rows]))
    from adjudicator.render import clean, text_table

    # cleaned first, so a control character at a cell's end shows (`?`) rather than being trimmed as a space
    return Shown(text_table(["id", "game", "version", "summary"],
                            [[clean(r["id"]), clean(r["game"]), clean(r["version"]), clean(r["summary"])] for r in rows]))


def ruleset_shown(result: Resolved, fmt: str) -> Shown:
    """`ruleset show`: the resolved ruleset as YAML to read, with its chain, SHA-256 and the
    game's move forms as comments at the top; or as JSON with the forms under "notation"."""
    from adjudicator import reading

    ruleset, game = result
    if fmt == "json":
        return Shown(json_text({"sha256": ruleset.sha256, "extends_chain": ruleset.chain,
                                "notation": reading.notation_data(game) if game else [], "ruleset": ruleset.data}))
    import yaml

    from adjudicator.render import clean

    header = f"# {ruleset.id}: resolved from {' → '.join(reversed(ruleset.chain))}\n# sha256: {ruleset.sha256}\n"
    header += reading.notation_comment(game) if game else ""
    # PyYAML writes some controls (NEL, C1) raw even when quoting: this is for reading, so clean it.
    return Shown(clean(header + yaml.safe_dump(ruleset.data, sort_keys=False, allow_unicode=True)))


def ruleset_valid(path: Path, ruleset: Ruleset) -> Shown:
    """`ruleset validate`: the file is fine, for which ruleset and game, and its SHA-256."""
    return Shown(f"{shown_path(path)}: ok — ruleset {ruleset.id} for {ruleset.game}, sha256 {ruleset.sha256}")


def schema_text(text: str) -> Shown:
    """`schema`: the schema file's text as it is (a newline added when it has none)."""
    return Shown(text)


# --- check ----------------------------------------------------------------------------

VERDICTS = ("ok", "flagged", "unusable", "error")   # of a checked file, from best to worst


class Tally:
    """Files per verdict, counted as the rows go by: all a streamed report keeps of its rows
    (the summary, JUnit's counts and the exit status are the tally's)."""

    def __init__(self) -> None:
        self.counts = dict.fromkeys(VERDICTS, 0)

    def counted(self, rows: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        """The rows, each counted as it passes."""
        for row in rows:
            self.add(row)
            yield row

    def add(self, row: dict[str, Any]) -> None:
        self.counts[row["verdict"]] += 1

    def worst(self) -> int:
        """The index in VERDICTS of the worst verdict counted (0, "ok", when none)."""
        return max((index for index, verdict in enumerate(VERDICTS) if self.counts[verdict]), default=0)

    def summary(self) -> dict[str, int]:
        """Files per verdict; "error" is there only when some file hit a bug."""
        counts = {"files": sum(self.counts.values()), **self.counts}
        if not counts["error"]:
            del counts["error"]
        return counts


def checked(result: Checked, fmt: str, only_failures: bool) -> Shown:
    """`check`: the report asked for: text tables, data (json) or JUnit XML, listing every
    file or (--only-failures) those not fine, each written as its row arrives; the summary,
    at the end, counts all. Pieces of text, never joined (Shown.raw)."""
    if fmt == "text":
        return Shown(check_text(result, only_failures), raw=True)
    if fmt == "json":
        return Shown(check_json_pieces(result.rows, only_failures, result.folders, result.tally), raw=True)
    return Shown(check_junit(result.rows, only_failures, result.folders, result.tally, len(result.names)), raw=True)


def seq_list(seqs: list[int], shown: int = 10) -> str:
    """`seq 1, 3, 5 and 4 more`: a list of entries that stays one short line."""
    listed = ", ".join(str(seq) for seq in seqs[:shown])
    more = f" and {len(seqs) - shown} more" if len(seqs) > shown else ""
    return f"seq {listed}{more}"

def draws_line(row: dict[str, Any]) -> str:
    """What `check` says of one file's draws in every format (G-8)."""
    unsalted, voided = row["unsalted_draws"], row["voided_draws"]
    return (f"draws by the tool: {row['draws']}; made without both players' salts (G-8): {len(unsalted)}"
            f"{' (' + seq_list(unsalted) + ')' if unsalted else ''}; voided or flagged: {len(voided)}"
            f"{' (' + seq_list(voided) + ')' if voided else ''}")

def rolls_line(row: dict[str, Any]) -> str:
    """What `check --seed` (or a seed beside the file) says of one file's rolls, in every format."""
    rolls = row["rolls"]
    from adjudicator.render import shown_path

    seed = f"the seed beside it ({shown_path(row['seed_file'])})" if row.get("seed_file") else "the seed"
    return (f"rolls verified against {seed}: {rolls['verified']}, could not be verified: {row['unverified_rolls']} "
            f"(transcribed from a dice bot, \"source\": \"external\"), wrong: {rolls['wrong']}")

def chain_sentence(verified: Verified) -> str:
    """What `check` says of a file whose audited log (G-9) does not hold, or does not hold the
    log a head named: the first entry that differs and how, in one sentence."""
    from adjudicator import chain

    given = verified.given
    if not verified.chained:
        return (f"the match carries no audited log (made before G-9), so it cannot be checked against head "
                f"{given.short() if given else ''}".rstrip() + ".")
    difference = verified.difference
    assert difference is not None, "a sentence for a file that differs"
    seq, kind = difference.seq, difference.kind
    subject = (f"entry {seq} differs from the log that head {given.short()} named" if given is not None
               else f"entry {seq} breaks the audited log (G-9)")
    how = {
        chain.ALTERED: "its contents no longer hash to the head it recorded (altered or re-dated)",
        chain.MOVED: "it does not follow the entry before it (an entry dropped or moved)",
        chain.INSERTED: "it names the same log before it as the entry after it (an entry inserted)",
        chain.COMMITMENT: "its revealed sealed move does not match the commitment it entered the log with "
                          "(the move, its post or its nonce was changed)",
        chain.UNREVEALED: "it is a sealed entry without its nonce, so its move cannot be checked against its "
                          "commitment",
        chain.UNCHAINED: "it carries no link to the log before it ('prev' and 'hash'): it was written by hand",
    }
    if kind == chain.MISSING:
        return (f"the file holds {verified.entries} entr{'y' if verified.entries == 1 else 'ies'}, but head "
                f"{given.short() if given else ''} names {given.seq if given else seq}: entry {seq} and what "
                f"follows were dropped.")
    if kind == chain.REWRITTEN_LOG:
        return (f"{subject}: entries 1–{seq} hash to another head, though each records the one before it, so "
                f"the log up to entry {seq} was rewritten with its links made again.")
    return f"{subject}: {how[kind]}."


def chain_line(row: dict[str, Any]) -> str | None:
    """What `check` says of a file's audited log in every format (G-9): `unchained` for a
    match made before it; the head after its last entry, and the heads given, for one made
    with it."""
    from adjudicator import chain

    if row.get("chain") == "unchained":
        return "unchained: made before the audited log (G-9), it carries no head to check"
    if "log" not in row:
        return None
    head = chain.shown(row["log"]["seq"], row["log"]["head"])
    said = f"audited log (G-9) {'verified' if row['chain'] == 'verified' else 'differs'}, {head}"
    for given, ok in row.get("heads", {}).items():
        said += f"; head {given} {'matches' if ok else 'does not match'}"
    return said


def listed_rows(rows: Iterable[dict[str, Any]], only_failures: bool) -> Iterator[dict[str, Any]]:
    """The rows a report lists: all, or (--only-failures) those not "ok"; the summary always
    counts all."""
    return (row for row in rows if not only_failures or row["verdict"] != "ok")

def folders_line(folders: list[dict[str, Any]]) -> str:
    """`plug-in folders: /home/h/games (games: nim)`: what `check` tells on stderr."""
    from adjudicator.render import shown_path

    said = [f"{shown_path(f['path'])} ({'games: ' + ', '.join(f['games']) if f['games'] else 'no games'})" for f in folders]
    return f"plug-in folders: {'; '.join(said) or 'none'}"

CHECK_COLUMNS = ("file", "ruleset", "entries", "status", "winner", "flagged", "verdict")
DETAILS_IN_MEMORY = 1 << 16   # characters of the text report's problem lines held before they go to a scratch file


def check_text(result: Checked, only_failures: bool) -> Iterator[str]:
    """The report as tables, a line at a time: a row per file listed, written as it is
    checked, in columns as wide as check_widths makes them; then each file's problems,
    warnings, rolls and draws (kept until the table ends, in a scratch file past
    DETAILS_IN_MEMORY); then the summary of all."""
    from tempfile import SpooledTemporaryFile

    widths = check_widths(result.names, result.rulesets)
    with SpooledTemporaryFile(max_size=DETAILS_IN_MEMORY, mode="w+", encoding="utf-8", newline="") as details:
        headed = False
        for row in listed_rows(result.rows, only_failures):
            if not headed:
                yield from table_head(widths)
                headed = True
            yield check_line(check_cells(row), widths)
            details.writelines(line + "\n" for line in detail_lines(row))
        if not headed and not only_failures:
            yield from table_head(widths)
        details.seek(0)
        while piece := details.read(1 << 16):
            yield piece
    yield summary_line(result.tally.summary()) + "\n"


def check_widths(names: list[str], rulesets: list[str]) -> list[int]:
    """The table's column widths, fixed before the first row is checked: each at least its
    header plus two (as render.text_table); the file column as wide as the widest name to
    check; the ruleset column as the longest ruleset id known; status as "in progress". A
    wider cell (a long winner's name, a billion entries) pushes the rest of its row right."""
    widths = [display_width(header) + 2 for header in CHECK_COLUMNS]
    widths[0] = max(widths[0], max((display_width(table_cell(shown_name(name))) for name in names), default=0))
    widths[1] = max(widths[1], max((display_width(table_cell(ruleset)) for ruleset in rulesets), default=0))
    widths[3] = max(widths[3], len("in progress"))
    return widths


def table_cell(value: Any) -> str:
    """A cell as render.text_table writes it: on one line, trimmed, cleaned."""
    text = one_line(value)
    return text if plain(text) else clean(text, one_line=True)


def shown_name(path: str) -> str:
    """The file name of a row as shown_path shows it."""
    return path if plain(path) else shown_path(path)


def plain(text: str) -> bool:
    """Printable ASCII only, which clean and shown_path leave as it is: most names and cells
    of a `check` table, which then skip their pass over each character."""
    return text.isascii() and text.isprintable()


def table_head(widths: list[int]) -> list[str]:
    """The header and its rule, as render.text_table draws them."""
    return [check_line(list(CHECK_COLUMNS), widths), table_rule(widths) + "\n"]


def check_line(cells: list[Any], widths: list[int]) -> str:
    """One line of the table, drawn by the one table drawer (formats._base.table_line)."""
    return table_line([table_cell(cell) for cell in cells], widths) + "\n"


def check_cells(row: dict[str, Any]) -> list[Any]:
    return [shown_name(row["file"]), row["ruleset"] or "-", row["entries"], (row["status"] or "-").replace("_", " "),
            row["winner"] or "-", row["flagged"], row["verdict"]]


def detail_lines(row: dict[str, Any]) -> list[str]:
    """What the text report says of one file below the table: its problems, warnings, rolls and draws."""
    lines = [f"{shown_path(row['file'])}: {clean(problem, one_line=True)}" for problem in row["problems"]]
    lines += [f"warning: {clean(warning, one_line=True)}" for warning in row["warnings"]]
    if "rolls" in row:
        lines.append(f"{shown_path(row['file'])}: {rolls_line(row)}")
    if "draws" in row:
        lines.append(f"{shown_path(row['file'])}: {draws_line(row)}")
    said = chain_line(row)
    if said:
        lines.append(f"{shown_path(row['file'])}: {said}")
    return lines


def summary_line(s: dict[str, int]) -> str:
    """`1,500 files: 1,497 ok, 2 flagged, 1 unusable`."""
    errors = f", {s['error']:,} internal error{'s' if s['error'] != 1 else ''}" if s.get("error") else ""
    return (f"{s['files']:,} file{'s' if s['files'] != 1 else ''}: {s['ok']:,} ok, {s['flagged']:,} flagged, "
            f"{s['unusable']:,} unusable{errors}")


ROW_JSON = json.JSONEncoder(indent=2, ensure_ascii=False)   # as json.dumps(indent=2, ensure_ascii=False)
JSON_OPENING = '{\n  "files": ['   # how json.dumps(indent=2) opens a report, up to its first row


def check_json(rows: list[dict[str, Any]], only_failures: bool, folders: list[dict[str, Any]]) -> str:
    """The report of a few rows already at hand as data, in one string (check_json_pieces)."""
    tally = Tally()
    return "".join(check_json_pieces(tally.counted(rows), only_failures, folders, tally))


def check_json_pieces(rows: Iterable[dict[str, Any]], only_failures: bool, folders: list[dict[str, Any]],
                      tally: Tally) -> Iterator[str]:
    """The report as data: the rows listed, the summary and the plug-in folders in effect;
    byte for byte json.dumps(indent=2) of it all, written a row at a time (each piece ends
    a line, so a row is out once the next is checked) and the summary once `tally` has
    counted every row."""
    from adjudicator.render import inert_json

    previous = None
    for row in listed_rows(rows, only_failures):
        text = "    " + ROW_JSON.encode(row).replace("\n", "\n    ")   # JSON has no raw line break in a string
        yield inert_json(JSON_OPENING + "\n" if previous is None else previous + ",\n")
        previous = text
    report: dict[str, Any] = {"files": [], "summary": tally.summary(), "plugin_folders": folders}
    if only_failures:
        report["only_failures"] = True
    rest = json.dumps(report, indent=2, ensure_ascii=False)   # opens with JSON_OPENING + "]"
    if previous is not None:
        rest = previous + "\n  ]" + rest[len(JSON_OPENING) + 1:]
    yield inert_json(rest) + "\n"


def check_junit(rows: Iterable[dict[str, Any]], only_failures: bool, folders: list[dict[str, Any]], tally: Tally,
                total: int) -> Iterator[str]:
    """JUnit XML, written a test case at a time: one test case per file; a flagged file
    fails, an unusable one errors. `tests` (on <testsuites> and its one <testsuite>) counts
    the `total` files, known before the first is checked; the failures and errors are known
    only at the end, so the start tags leave them out and the suite ends with its summary
    line as <system-out> (docs/hosting.md, "Checking in detail"). Control characters and
    U+FFFE/U+FFFF cannot be written in XML at all, so names and messages are cleaned. With
    `only_failures` the files that are fine have no test case, but `tests` still counts
    every file (and a property says so). Each plug-in folder in effect is a property
    `plug-in-folders`."""
    import xml.etree.ElementTree as ET

    yield '<?xml version="1.0" encoding="UTF-8"?>\n'
    yield f'<testsuites name="adjudicator check" tests="{total}">\n'
    yield f'  <testsuite name="adjudicator check" tests="{total}" skipped="0">\n'
    if only_failures or folders:
        properties = ET.Element("properties")
        if only_failures:
            ET.SubElement(properties, "property", name="only-failures", value="true")
        for folder in folders:
            ET.SubElement(properties, "property", name="plug-in-folders",
                          value=xml_text(folders_line([folder])[len("plug-in folders: "):]))
        yield xml_line(properties)
    for row in listed_rows(rows, only_failures):
        yield xml_line(junit_case(row))
    summary = ET.Element("system-out")
    summary.text = summary_line(tally.summary())
    yield xml_line(summary) + "  </testsuite>\n</testsuites>\n"


def junit_case(row: dict[str, Any]) -> Any:
    """A file's JUnit <testcase>: a failure if flagged, an error if unusable (or a bug), what
    it says of its rolls and draws as its <system-out>."""
    import xml.etree.ElementTree as ET

    case = ET.Element("testcase", classname=f"adjudicator.{row['ruleset'] or 'unknown'}",
                      name=xml_text(shown_path(row["file"])))
    if row["verdict"] != "ok":
        tag = "failure" if row["verdict"] == "flagged" else "error"
        node = ET.SubElement(case, tag, message=xml_text(row["problems"][0][:500]), type=row["verdict"])
        node.text = xml_text("\n".join(row["problems"]))
    said = ([rolls_line(row)] if "rolls" in row else []) + ([draws_line(row)] if "draws" in row else [])
    said += [line for line in [chain_line(row)] if line]
    if said:
        ET.SubElement(case, "system-out").text = "\n".join(said)
    return case


def xml_text(text: str) -> str:
    """Text XML can hold: control characters and U+FFFE/U+FFFF cleaned."""
    return clean(text).translate({0xFFFE: "?", 0xFFFF: "?"})


def xml_line(element: Any) -> str:
    """An element of the suite, indented as ET.indent indents it there, on lines of its own."""
    import xml.etree.ElementTree as ET

    ET.indent(element, level=2)
    return "    " + ET.tostring(element, encoding="unicode") + "\n"


# --- simulate -------------------------------------------------------------------------

def simulated(report: dict[str, Any], fmt: str, out: Path | None) -> Shown:
    """`simulate`: the summary as data or as tables, and (as text, with --out) where the
    match files went."""
    if fmt == "json":
        return Shown(json_text(report))
    written = "" if out is None else f"{report['matches']} match files written to {shown_path(out)}/"
    return Shown(simulation_text(report) + written)


def share(count: int, total: int) -> str:
    """`3 (25.0%)`: a count and its share of `total` (the count alone when there is none)."""
    return f"{count} ({100 * count / total:.1f}%)" if total else str(count)


def simulation_text(report: dict[str, Any]) -> str:
    """A simulation's summary (simulate.summary) as small plain tables."""
    from adjudicator.render import text_table

    total = report["matches"]
    head = (f"{report['ruleset']}: {total} simulated matches, {report['policy']} bots, seed {report['seed']}"
            + (f", {report['seconds']:.1f} s" if "seconds" in report else ""))
    results = [[f"{side} won", share(n, total)] for side, n in report["wins_by_side"].items()]
    results += [["drawn", share(report["draws"], total)], ["unfinished", share(report["unfinished"], total)]]
    parts = [head, "", text_table(["result", "matches"], results)]
    first = report["first_mover"]
    if first["decided"]:
        parts += ["", f"first mover won {share(first['won'], first['decided'])} of the {first['decided']} "
                      f"finished matches with a first move; lost {first['lost']}"]
    else:
        parts += ["", "first mover: no first move to speak of (every match opens with sealed submissions)"]
    lengths = [[name, s["min"], s["median"], s["mean"], s["max"]] for name, s in report["length"].items()]
    parts += ["", text_table(["length", "min", "median", "mean", "max"], lengths, numbers=True)]
    endings = [[ending, share(n, total)] for ending, n in report["endings"].items()]
    parts += ["", text_table(["how matches ended", "matches"], endings)]
    if report["deciders"]:
        decided = [[name, share(n, report["finished"])] for name, n in report["deciders"].items()]
        parts += ["", text_table(["what decided it (the winner's)", "matches"], decided)]
    return "\n".join(parts) + "\n"


# --- new ------------------------------------------------------------------------------

def created(result: Created) -> Shown:
    """`new`: the match itself when no file was asked for; else what was created, how it is
    timed and, with a seed, its hash to publish and what the host does next (G-8)."""
    notes = tuple(f"note: {note}" for note in result.notes)
    output = result.output
    if output is None:
        from adjudicator.matchfile import dumps

        return Shown(dumps(result.data), notes)
    players = " vs ".join(f"{p['id']} ({p['side']})" for p in result.data["players"])
    lines = [f"created {shown_path(output)}: {result.ruleset.id}, {players}" + ("; untimed" if result.untimed else "")]
    if result.clock is not None:
        lines.append(timing_line(result.clock, output))
    if result.seed_file:
        lines.append(f"dice seed written to {shown_path(result.seed_file)} (keep it private until the match ends); "
                     f"publish its hash now: {result.data['seed_sha256']}")
        lines.append(salt_advice(output, result.first_random))
    return Shown("\n".join(lines), notes)


def salt_advice(output: Path, first_random: bool) -> str:
    """What the host does next so that no draw can be steered (G-8): collect the players' salts,
    posted after the hash, before the first draw; with --first random that draw is who starts."""
    then = (f"then draw who starts with: adjudicator roll {shown_path(output)} (G-6, G-8)" if first_random
            else "before the first roll (G-8)")
    return (f"players may now post a salt ('salt: WORD'); enter each with: adjudicator host {shown_path(output)} salt "
            f"PLAYER WORD, {then}")


def timing_line(settings: ClockSettings, path: Path) -> str:
    """How the new match is timed, said once so a host at forum pace cannot miss it (G-7):
    `timed: 2:30 a turn, 10:00 reserve …; at forum pace use --untimed …`."""
    from adjudicator.clock import minutes

    name = shown_path(path.name)
    if not settings.enabled or (settings.turn_seconds is None and not settings.kind_seconds):
        switch = f"; 'adjudicator host {name} clock on' times it" if settings.turn_seconds or settings.kind_seconds \
            else ""
        return f"untimed: nobody loses or is late on time{switch}."
    limits = [f"{minutes(settings.turn_seconds)} a turn"] if settings.turn_seconds is not None else []
    limits += [f"{minutes(seconds)} a {kind}" for kind, seconds in settings.kind_seconds.items()
               if seconds != settings.turn_seconds]
    if settings.on_expiry == "skip":
        cost = "a late submission counts as empty"
    else:
        limits.append(f"{minutes(settings.reserve_seconds)} reserve")
        cost = "running out loses"
    return (f"timed: {', '.join(limits)}; {cost} (G-7). At forum pace, make it with --untimed, or run "
            f"'adjudicator host {name} clock off' before entering posts.")


# --- move, roll, host -----------------------------------------------------------------

def entered(result: Entered, fmt: str, dry_run: bool = False, rulings: bool = False) -> Shown:
    """After `move`, `roll` or `host`: standard output is what a host pastes in public (the
    entry as everyone may see it, then the board); the warnings, the host's private echo of
    the entry (a sealed submission marked so, never pasted by accident) and the next step go
    to standard error."""
    from adjudicator import views

    match, replay, log = result.match, result.replay, result.log
    notes = (*result.warnings, *echo(log, dry_run), *receipt(match, log), *next_step(match, replay))
    if fmt == "json":
        return Shown(json_text({**views.result(match, replay), "entry": views.entry_view(log)}), notes)
    return Shown(post_text(views.entry_post(match, replay, log, fmt, rulings), fmt), notes)


def echo(log: LogEntry, dry_run: bool) -> tuple[str, ...]:
    """The host's private echo: how the tool read the entry (and the post, when it was more
    than the move: `read "…" as: rope 2 1`), a sealed one marked private."""
    from adjudicator import reading
    from adjudicator.views import entry_lines

    prefix = "dry run, nothing written: " if dry_run else ""
    private = log.sealed and log.player is not None
    lines = entry_lines(log, viewer=log.player, pad=False)
    mark = " [private to the host: sealed, not in the post below]" if private else ""
    read = reading.read_as(log)
    said = [f"{prefix}{read}{mark}"] if read else []
    said.append(f"{prefix}{lines[0]}{mark}")
    if private:
        said += [f"  {line.strip()}" for line in lines[1:]]
    return tuple(said)


def receipt(match: LoadedMatch, log: LogEntry) -> tuple[str, ...]:
    """After a sealed entry written to a chained match (G-9), the head right after it, for
    the host to forward to its player alone: the player's proof, later, that their sealed
    move was not changed (`check --head`). It tells nothing of the move."""
    from adjudicator import chain

    recorded = log.entry.get("hash")
    if not log.sealed or log.player is None or not isinstance(recorded, str):
        return ()
    name = match.game.display_names.get(log.player, log.player)
    file = shown_path(match.path.name) if match.path is not None else "MATCH"
    return (f"Receipt for {name} (forward by DM): {chain.shown(log.seq, recorded)} — keep it; "
            f"'adjudicator check {file} --head {chain.receipt(log.seq, recorded)}' later proves your sealed move "
            f"was not changed.",)


def next_step(match: LoadedMatch, replay: Replay) -> tuple[str, ...]:
    """The host's next command when the match waits for a roll, for standard error: public
    output names what is due, never a command."""
    from adjudicator.game import ChanceDue
    from adjudicator.wording import awaiting

    if isinstance(replay.pending(), ChanceDue) and match.path is not None:
        from adjudicator.views import salts_awaited

        name = shown_path(match.path.name)
        missing = salts_awaited(match, replay)   # the draw waits for them (G-8)
        salts = (f"; a draw waits for the salt of {' and '.join(match.game.display_names[p] for p in missing)}: "
                 f"adjudicator host {name} salt PLAYER WORD (G-8)" if missing else "")
        return (f"next: {awaiting(replay)}: adjudicator roll {name} (or --values to copy a dice bot's){salts}",)
    return ()


# --- post -----------------------------------------------------------------------------

def posted(post: Posting, text: str, fmt: str, again: bool) -> Shown:
    """`post`: the match's warnings, the post itself, then what was recorded and (unless the
    last post was printed again) the host's next command."""
    later = (*post.notes, *(() if again else next_step(post.match, post.replay)))
    return Shown(post_text(text, fmt), warnings(post.match), later=later)


def warnings(match: LoadedMatch) -> tuple[str, ...]:
    """What loading the match warned of (matchfile), one note each."""
    return tuple(f"warning: {warning}" for warning in match.warnings)


# --- paste ----------------------------------------------------------------------------

def pasted(result: Pasted, fmt: str, dry_run: bool, all_or_nothing: bool, rulings: bool = False) -> Shown:
    """Standard error: how each post was read, what was skipped, what was added or why not.
    Standard output: the public post of the entries added (or, dry, that would be) and the board."""
    from adjudicator import views

    path, posts, outcome = result
    notes = [line for added in outcome.added for line in paste_echo(added)]
    notes += [f"skipped {post.where()}: {why}" for post, why in outcome.skipped]
    notes += outcome.other_authors
    notes += [f"skipped {post.where()}: no move in it ({inner(why, path).rstrip('.')})" for post, why in outcome.unreadable]
    notes.append(paste_summary(path, posts, outcome, dry_run, all_or_nothing))
    shown = outcome.added if outcome.error is None or not all_or_nothing or dry_run else []
    if not shown:
        return Shown(None, tuple(notes))
    seqs = {added.seq for added in shown}
    logs = [log for log in outcome.replay.log if log.seq in seqs and log.type != "void"]
    if fmt == "json":
        return Shown(json_text({**views.result(outcome.match, outcome.replay),
                                "entries": [views.entry_view(log) for log in logs]}), tuple(notes))
    from adjudicator.render import Inline, Pre, render

    lines: list[Inline] = [line for log in logs for line in views.entry_lines(log, None, pad=False, rulings=rulings)]
    return Shown(post_text(render([Pre(lines), *views.board_blocks(outcome.match, outcome.replay),
                                   *views.head_blocks(outcome.match, outcome.replay)], fmt), fmt),
                 tuple(notes))


def paste_echo(added: Added) -> list[str]:
    """How one post was read, for the host alone (a sealed one marked private, with its content
    and, in a chained match, its player's receipt: the head right after it, G-9)."""
    from adjudicator import chain
    from adjudicator.views import entry_lines

    log = added.log
    private = log.sealed and log.player is not None
    lines = entry_lines(log, viewer=log.player, pad=False)
    when = f" at {added.post.at}" if added.post.at else " (no time: stamped now)"
    mark = " [private to the host: sealed, not in the post below]" if private else ""
    recorded = log.entry.get("hash") if private else None
    kept = [f"  receipt for {log.game.who(log.player) if log.game is not None else log.player} (forward by DM): "
            f"{chain.shown(log.seq, recorded)}"] if isinstance(recorded, str) else []
    return [f"{added.post.where()}{when}: {lines[0]}{mark}", *(f"  {line.strip()}" for line in lines[1:] if private),
            *kept]



def inner(message: str, path: Path) -> str:
    """A refusal as part of the paste's summary: without the file's name (said once already)
    and its own "nothing written", which the summary says for the whole paste."""
    prefix = f"{shown_path(path)}: "
    message = message[len(prefix):] if message.startswith(prefix) else message
    return message.replace(", nothing written.", ".").replace("; nothing written.", ".").replace(
        " Nothing written.", "")


def paste_summary(path: Path, posts: list[Post], outcome: Outcome, dry_run: bool, all_or_nothing: bool) -> str:
    """One or two sentences: which entries were added (or would be), and where and why it stopped."""
    seqs = outcome.seqs
    span = (f"entr{'y' if len(seqs) == 1 else 'ies'} {seqs[0]}" + (f"–{seqs[-1]}" if len(seqs) > 1 else "")) \
        if seqs else "no entries"
    skipped = len(outcome.skipped) + len(outcome.unreadable)
    tail = f" ({skipped} post{'s' if skipped != 1 else ''} skipped)" if skipped else ""
    post = outcome.refused   # the post the error stopped at: set with the error
    if outcome.error is None or post is None:
        verb = "dry run, nothing written: would add" if dry_run else "added"
        return f"{shown_path(path)}: {verb} {span} from {len(posts)} post{'s' if len(posts) != 1 else ''}{tail}."
    when = f" at {post.at}" if post.at else ""
    stopped = f"stopped at {post.where()}{when}: {inner(outcome.error.message, path)}"
    if getattr(outcome.error, "code", None) == "chance-due":
        stopped += (" A roll is due before it: copy the dice bot's posts too and name the bot with --dice-bot "
                    "NAME, or enter the roll with 'adjudicator roll'.")
    if dry_run:
        return f"dry run, nothing written: {span} would be added before it; {stopped}"
    if all_or_nothing:
        return f"{shown_path(path)}: nothing written (--all-or-nothing); {stopped}"
    rest = len(posts) - post.number
    after = (" The post after it was not read." if rest == 1 else f" The {rest} posts after it were not read.") \
        if rest else ""
    return f"{shown_path(path)}: added {span}{tail}; {stopped}{after}"


# --- board, replay, legal -------------------------------------------------------------



def board(looked: Looked, fmt: str) -> Shown:
    """`board`: the match's warnings, then the board as `fmt`, public or `looked.viewer`'s
    view: text, JSON, or a picture (SVG text or PNG bytes, written as they are)."""
    notes = warnings(looked.match)
    if fmt in PICTURES:   # `board` only: adjudicator.picture
        from adjudicator import match_picture, picture, views

        head = views.head_line(views.log_head(looked.match, looked.replay))   # a picture posted alone shows it (G-9)
        svg = match_picture.board_svg(looked.match, looked.replay, looked.viewer, head)
        return Shown(svg if fmt == "svg" else picture.png(svg), notes, raw=True)
    return Shown(board_text(looked.match, looked.replay, fmt, looked.viewer), notes)


def board_text(match: LoadedMatch, replay: Replay, fmt: str, viewer: str | None = None) -> str:
    """The board as a text format or JSON, ending with a newline."""
    from adjudicator import views

    if fmt == "json":
        return json_text(views.result(match, replay, viewer))
    text = post_text(views.board_text(match, replay, fmt, viewer), fmt)
    return text if text.endswith("\n") else text + "\n"


def replayed(result: Replayed, fmt: str) -> Shown:
    """`replay`: the match's warnings, then the entries as narrated and the result; JSON in
    pieces, written one after another, never joined into one string."""
    from adjudicator import views

    notes = warnings(result.match)
    if fmt == "json":
        return Shown(views.replay_json(result.match, result.replay, result.viewer, result.narrated), notes, raw=True)
    return Shown(views.replay_text(result.match, result.replay, result.viewer, result.narrated), notes)


def legal(result: Legal, fmt: str, limit: int) -> Shown:
    """`legal`: what is awaited and each player's legal moves in the notation `move` reads,
    with what each would do; at most `limit` a player in text (0: all)."""
    from adjudicator.render import text_columns
    from adjudicator.wording import awaiting
    from adjudicator.wording import preview as preview_text

    game = result.match.game
    listing = {p: [(game.format_move(m), preview_text(game, preview)) for m, preview in moves]
               for p, moves in result.moves.items()}
    if fmt == "json":
        return Shown(json_text({"awaiting": awaiting(result.replay),
                                "legal": {p: [{"move": m, "effect": e} for m, e in moves]
                                          for p, moves in listing.items()}}))
    lines = [f"awaiting: {awaiting(result.replay) or 'nothing — the match is over'}"]
    for p, moves in listing.items():
        shown = moves if limit <= 0 else moves[:limit]
        lines.append(f"{p}: {len(moves)} legal move{'s' if len(moves) != 1 else ''}"
                     + (f" (showing {len(shown)}; --limit 0 for all)" if len(shown) < len(moves) else ""))
        lines += [f"  {line}" for line in text_columns([[m, effect] for m, effect in shown])]
    return Shown("\n".join(lines))


# --- publish, page --------------------------------------------------------------------

def published(result: Published, match_path: Path, output: Path | None) -> Shown:
    """`publish`: the public copy, and what was left out (on standard error, or, with -o, on
    standard output after the copy is written)."""
    from adjudicator.matchfile import dumps

    text = dumps(result.data)
    if output is None:
        return Shown(text, later=(f"public copy of {shown_path(match_path)}: {result.said}.",))
    return Shown(text, written=f"wrote {shown_path(output)}, a public copy of {shown_path(match_path)}: {result.said}.")


def linked(result: Linked) -> Shown:
    """`link`: the URL alone on standard output (for a script to take), and on standard error
    how to send it; for --revoke, only what was done."""
    if result.url is None:
        return Shown(None, (f"revoked {result.shown_as}'s link to {shown_path(result.match_path)}; it no longer works.",))
    return Shown(result.url, later=(f"the link for {result.shown_as}: send it privately (a DM); whoever holds it acts "
                                    f"as {result.shown_as}. A new link replaces this one; --revoke ends it.",))


def serving(options: ServeOptions) -> Shown:
    """`serve`, once it listens: where, what it does by itself; a warning when it listens
    beyond this machine without a proxy's TLS in front."""
    notes = [] if options.loopback else [
        f"warning: listening on {options.bind}: the links travel in clear unless a reverse proxy with TLS is in front "
        "(README, 'Playing through links')."]
    doing = [what for what, on in (("drawing rolls due from the seeds once both salts are in", options.roll),
                                   ("closing sealed phases at their deadlines", options.auto_deadline)) if on]
    notes.append(f"serving {options.folder} at http://{options.bind}:{options.port}/m/NAME"
                 + (f" ({'; '.join(doing)})" if doing else "") + "; Ctrl-C stops.")
    return Shown(None, tuple(notes))


def paged(match: LoadedMatch, match_path: Path, output: Path | None) -> Shown:
    """`page`: the match's warnings, then its HTML page (adjudicator.page), and with -o how many steps it has."""
    from adjudicator.page import page_html

    written = (f"wrote {shown_path(output)}: {shown_path(match_path)} in {len(match.entries) + 1} steps, public view."
               if output is not None else None)
    return Shown(page_html(match), warnings(match), written=written)
