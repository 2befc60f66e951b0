"""The `adjudicator` command line (SPEC, "Command line").

Thin by design: each command parses its options, calls one use case
(adjudicator.usecases, session and friends) that returns data, hands it to one presenter
(adjudicator.present) and prints what that made (_say), or writes it to -o. A value a use case
refuses comes back as errors.OptionError and is shown as click's usage error of its option
(_as_usage_errors). Modules are imported inside the commands so that a command loads only
what it uses.
Errors become one or two sentences on stderr and an exit status: 1 refused or flagged,
2 unusable input; never a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer

from adjudicator import formats  # the --format choices, made from the formats' own modules

app = typer.Typer(
    name="adjudicator",
    help="Adjudicate two-player Death Match games from their match files.\n\n"
         "A match file is a JSON log; the board is always the log replayed. Exit status: 0 fine, "
         "1 an illegal move was flagged or refused, 2 the input could not be used.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    """`adjudicator --version`: the package's own constant, so start-up reads no package metadata."""
    if value:
        from adjudicator import __version__

        _out(f"adjudicator {__version__}")
        raise typer.Exit(0)


@app.callback()
def _main(
    version: Annotated[bool, typer.Option("--version", "-V", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    pass


ruleset_app = typer.Typer(help="Show or check one ruleset.", no_args_is_help=True, rich_markup_mode=None)
app.add_typer(ruleset_app, name="ruleset")

BOARD_FORMAT_HELP = "The board as text for a terminal, a forum or Discord, or as data (json); see board --help."
RULINGS_HELP = "Cite the ruling ids ([G-7], [DT-4]) in the entry lines; posts leave them out by default."


def _out(text: str) -> None:
    """Print to standard output. A reader that stops early (`| head -1`) is not an error: the
    rest goes nowhere and the command ends with its own exit status, never click's 1."""
    try:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        _discard_stdout()


def _discard_stdout() -> None:
    """Point standard output at the null device, so that no later write or flush fails."""
    import os

    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):
        pass


def _err(text: str) -> None:
    from adjudicator.render import clean

    sys.stderr.write("adjudicator: " + clean(text.rstrip("\n"), one_line=True) + "\n")


def _choice(value: str, allowed: tuple[str, ...], option: str) -> str:
    if value not in allowed:
        raise typer.BadParameter(f"'{value}' is not one of: {', '.join(allowed)}.", param_hint=option)
    return value


@contextmanager
def _as_usage_errors() -> Iterator[None]:
    """A value a use case refused (errors.OptionError) as click's usage error of that option:
    `Invalid value for '--player': …`, under the command's usage line, exit 2."""
    from adjudicator.errors import OptionError

    try:
        yield
    except OptionError as exc:
        raise typer.BadParameter(exc.message, param_hint=exc.option) from None


def _say(shown: Any, output: Path | None = None, match: Any = None, force: bool = False) -> None:
    """Print what a presenter made (present.Shown): its notes on standard error, its text on
    standard output (or, given `output`, into that file, for `match`: _write_output), then
    its later notes."""
    for note in shown.notes:
        _err(note)
    if shown.text is not None and output is not None:
        _write_output(output, shown.text, match, force=force)
        if shown.written is not None:
            _out(shown.written)
    elif shown.text is not None and shown.raw:
        _out_raw(shown.text)
    elif shown.text is not None:
        _out(shown.text)
    for note in shown.later:
        _err(note)


def _out_raw(data: Any) -> None:
    """Write text, bytes (a picture) or the pieces of a long text to standard output as they
    are, no newline added, the pieces never joined."""
    try:
        if isinstance(data, str):
            sys.stdout.write(data)
        elif isinstance(data, bytes):
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
        else:
            for piece in data:
                sys.stdout.write(piece)
        sys.stdout.flush()
    except BrokenPipeError:
        _discard_stdout()


# --- rulesets -------------------------------------------------------------------------

@app.command("rulesets")
def rulesets_cmd(
    fmt: Annotated[formats.TextOrJson, typer.Option("--format", help="Text or data.")] = "text",
) -> None:
    """List the rulesets this adjudicator knows: id, game, version, summary.

    \b
    Example:
      adjudicator rulesets
    Rulesets are looked up in ADJUDICATOR_RULESETS (folders, separated by ':') and in
    the built-in rulesets/ folder. A relative folder there is found in
    $XDG_CONFIG_HOME/adjudicator/ (default ~/.config/adjudicator/), never in the current
    folder. An id offered by two files is refused, naming both.
    """
    from adjudicator import present
    from adjudicator.usecases import catalogue

    _say(present.rulesets_listed(catalogue.rulesets(), fmt))


@ruleset_app.command("show")
def ruleset_show(
    ruleset_id: Annotated[str, typer.Argument(metavar="ID", help="A ruleset id, e.g. dice-tug-of-war.")],
    fmt: Annotated[formats.RulesetFormat, typer.Option("--format", help="YAML to read, or JSON.")] = "yaml",
) -> None:
    """Print one ruleset as resolved (every `extends` applied), with its SHA-256 and the game's
    move notation: each form with examples (YAML: comments at the top; JSON: "notation").

    \b
    Example:
      adjudicator ruleset show dice-tug-of-war
    """
    from adjudicator import present
    from adjudicator.usecases import catalogue

    _say(present.ruleset_shown(catalogue.ruleset(ruleset_id), fmt))


@ruleset_app.command("validate")
def ruleset_validate(
    path: Annotated[Path, typer.Argument(metavar="FILE", help="A ruleset YAML file.")],
) -> None:
    """Check a ruleset YAML file: schema, `extends`, item catalogue, game parameters.

    \b
    Example:
      adjudicator ruleset validate my-variant.yaml
    """
    from adjudicator import present
    from adjudicator.usecases import catalogue

    _say(present.ruleset_valid(path, catalogue.validate(path)))


# --- new ------------------------------------------------------------------------------

@app.command("new")
def new_cmd(
    ruleset_id: Annotated[str, typer.Argument(metavar="RULESET", help="Ruleset id (see `adjudicator rulesets`).")],
    player: Annotated[list[str], typer.Option("--player", "-p", metavar="ID=NAME:SIDE",
                                              help="A player: id, display name and side. Give it twice.")],
    item: Annotated[list[str], typer.Option("--item", metavar="ID=ITEM",
                                            help="An item (or a named loadout) held by player ID. Repeatable.")] = [],
    first: Annotated[str | None, typer.Option("--first", metavar="ID|random",
                                                 help="Who starts, where an item or the host decided it; 'random' makes the "
                                                      "draw of who starts due first: `roll` draws it from the match seed, "
                                                      "after the players' salts (G-6, G-8).")] = None,
    advantage: Annotated[str | None, typer.Option("--advantage", metavar="ID", help="Who holds the advantage.")] = None,
    param: Annotated[list[str], typer.Option("--param", metavar="KEY=VALUE",
                                             help="Override a ruleset parameter for this match (dotted KEY; VALUE in YAML).")] = [],
    output: Annotated[Path | None, typer.Option("-o", "--output", metavar="FILE", help="Match file to create (default: print it).")] = None,
    match_id: Annotated[str | None, typer.Option("--id", help="Match id (default: the file name without .json).")] = None,
    title: Annotated[str | None, typer.Option("--title", help="A title for boards.")] = None,
    started: Annotated[str | None, typer.Option("--started", metavar="TIME", help="When the first board was posted (RFC 3339).")] = None,
    time_zone: Annotated[str | None, typer.Option("--time-zone", metavar="ZONE",
                                                     help="The IANA time zone (e.g. Europe/Berlin) local times of this match are "
                                                          "read in: --at 20:14, pasted posts. Default: ADJUDICATOR_TIME_ZONE, else UTC.")] = None,
    untimed: Annotated[bool, typer.Option("--untimed",
                                          help="Forum pace: no clock, nobody loses or is late on time (time_control.enabled=false).")] = False,
    no_seed: Annotated[bool, typer.Option("--no-seed", help="Write no dice seed (all rolls will be transcribed).")] = False,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
) -> None:
    """Create a match file (and, for games with dice, its private seed).

    \b
    Example:
      adjudicator new dice-tug-of-war --player bernd=Bernd:yellow \\
          --player anna=Anna:red -o matches/bernd-anna.json
    The seed goes to matches/bernd-anna.seed: keep it private until the match ends; the
    match file carries only its SHA-256, which you may publish at once.

    \b
      adjudicator new tug-of-war-v2 -p sally=Sally:red -p maddie=Maddie:blue --untimed -o zg.json
    --untimed is forum-paced play: no clock at all. Without it, the ruleset's clock runs
    (see `adjudicator ruleset show ID`, params.time_control).

    \b
      adjudicator new tug-of-war-v1 -p sally=Sally:red -p maddie=Maddie:blue --first random -o zg.json
    --first random draws nothing yet: the draw of who starts is due first (no move before
    it). Publish the seed's hash, enter the players' salts (`host zg.json salt PLAYER WORD`),
    then `adjudicator roll zg.json` draws it, verifiable later with `check --seed` (G-6, G-8).

    \b
      adjudicator new winning-streak -p anna=Anna:red -p bernd=Bernd:blue --time-zone Europe/Berlin -o ws.json
    --time-zone: `--at 20:14` and pasted posts' times are Berlin times for both players,
    whatever the host's own ADJUDICATOR_TIME_ZONE; the file still keeps UTC.
    """
    from adjudicator import present
    from adjudicator.usecases.new import NewMatch, create

    with _as_usage_errors():
        result = create(NewMatch(ruleset_id, player, item, first, advantage, param, output, match_id, title, started,
                                 time_zone, untimed, no_seed, force))
    _say(present.created(result))


# --- move -----------------------------------------------------------------------------

@app.command("move")
def move_cmd(
    match_path: Annotated[Path, typer.Argument(metavar="MATCH", help="The match file.")],
    player: Annotated[str, typer.Argument(metavar="PLAYER", help="Player id, display name or side, in any case.")],
    words: Annotated[list[str], typer.Argument(metavar="MOVE...", help="The move in the game's notation, or the post as written (or JSON with --json).")],
    as_json: Annotated[bool, typer.Option("--json", help="MOVE is a JSON move object.")] = False,
    at: Annotated[str | None, typer.Option("--at", metavar="TIME",
                                              help="When it was posted: 2026-11-21T20:14:05Z, 2026-11-21 20:14, 20:14, "
                                                   "'Today at 8:14 PM' (in the match's time zone) or <t:…>. Default: now, "
                                                   "which is never allowed to make a player lose or be late on time (G-7).")] = None,
    note: Annotated[str | None, typer.Option("--note", help="A free note, e.g. 'post #41'.")] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Check only; write nothing.")] = False,
    record_illegal: Annotated[bool, typer.Option("--record-illegal",
                                                 help="Log an illegal move on purpose, marked as flagged (G-1).")] = False,
    fmt: Annotated[formats.BoardFormat, typer.Option("--format", help=BOARD_FORMAT_HELP)] = "text",
    rulings: Annotated[bool, typer.Option("--rulings", help=RULINGS_HELP)] = False,
    strict: Annotated[bool, typer.Option("--strict", help="Refuse a post that opens with another player's name "
                                         "as its author ('Sally: D4 left' entered for Maddie); without it, a warning.")] = False,
) -> None:
    """Check a player's move against the replayed match and append it if legal.

    Standard output is the post for the thread: the entry as everyone may see it (a sealed
    submission only as "submitted") and the new public board. How the tool read the move
    goes to standard error, marked private when it is sealed. An illegal move is refused
    with the reason and the ruling, nothing is written, exit status 1.

    \b
    Examples:
      adjudicator move m.json bernd trade 3 for 2         # dice Tug of War
      adjudicator move m.json bernd reroll 1 3            #   also: keep, attack
      adjudicator move m.json sally E5 up                 # Arrowbic (also E5 ^, retake)
      adjudicator move m.json sally place 3/5 C           # Winning Streak
      adjudicator move m.json sally set A=3/5 B=- buff 3/5 health
      adjudicator move m.json sally rope 2 1              # Zero's Tug of War
      adjudicator move m.json sally path 2@C4 1@E5        #   also: tower 3 B, discard 1 1
      adjudicator move m.json sally 1 T2, 2 switch purple, 3 train   # Track Trouble
      adjudicator move m.json bernd --json '{"attack": true}'
    `adjudicator legal MATCH` lists what is legal now, in these forms; `adjudicator ruleset
    show ID` lists the game's forms with examples.

    MOVE may be the post as the player wrote it: the one move in it is found past any case,
    quotes, Markdown or Discord markup, trailing punctuation, arrow emoji (⬆️ or :arrow_up:) and
    words around it. None, or two different moves, is refused (exit 2), quoting them; the
    entry keeps the post as typed in `text`, and standard error says how it was read:

    \b
      adjudicator move m.json sally "I'll play rope 2 1 please"   # read ... as: rope 2 1
      adjudicator move m.json sally "**E5 ⬆️**"
    """
    from adjudicator import present
    from adjudicator.usecases import entries

    with _as_usage_errors():
        result = entries.move(match_path, player, words, as_json=as_json, at=at, note=note, dry_run=dry_run,
                              record_illegal=record_illegal, strict=strict)
    _say(present.entered(result, fmt, dry_run, rulings))


# --- roll -----------------------------------------------------------------------------

@app.command("roll")
def roll_cmd(
    match_path: Annotated[Path, typer.Argument(metavar="MATCH", help="The match file.")],
    values: Annotated[list[str] | None, typer.Argument(metavar="[N...]", help="With --values: the outcome to transcribe.")] = None,
    transcribe: Annotated[bool, typer.Option("--values", help="Transcribe an outside dice bot's result instead of drawing.")] = False,
    at: Annotated[str | None, typer.Option("--at", metavar="TIME", help="When it was rolled, as for move --at (default: now).")] = None,
    note: Annotated[str | None, typer.Option("--note", help="A free note, e.g. the dice bot's post.")] = None,
    without_salts: Annotated[bool, typer.Option("--without-salts", help="Draw now although a player's salt is not in "
                                                                          "yet; check will report the draw as "
                                                                          "unsalted (G-8).")] = False,
    fmt: Annotated[formats.BoardFormat, typer.Option("--format", help=BOARD_FORMAT_HELP)] = "text",
    rulings: Annotated[bool, typer.Option("--rulings", help=RULINGS_HELP)] = False,
) -> None:
    """Append the chance entry the match needs now: drawn from the match seed, or transcribed.

    A match made by `new` publishes only its seed's hash; each player then posts a salt, a
    word of their own, entered with `host MATCH salt PLAYER WORD`. Every draw is fixed by
    the seed and both salts together, so the host, who holds the seed, cannot foresee a roll
    either. A draw therefore waits until both salts are in (G-8): before that `roll` is
    refused, unless you ask for the draw with --without-salts (`check` then reports it as
    an unsalted draw). A roll copied from a dice bot (--values) takes no salts.

    \b
    Examples:
      adjudicator host m.json salt anna tangerine42   # each player's salt, as posted
      adjudicator host m.json salt bernd 7ravens
      adjudicator roll m.json                  # draw from m.seed beside m.json
      adjudicator roll m.json --values 3 1 6   # copy a dice bot's roll
      adjudicator roll m.json --without-salts  # draw now anyway (reported as unsalted)
    Refused (exit 1) when no roll is due, e.g. a second roll for the same throw, or while a
    salt is awaited.
    """
    from adjudicator import present
    from adjudicator.usecases import entries

    with _as_usage_errors():
        result = entries.roll(match_path, values, transcribe=transcribe, at=at, note=note,
                              without_salts=without_salts)
    _say(present.entered(result, fmt, rulings=rulings))


# --- host -----------------------------------------------------------------------------

@app.command("host")
def host_cmd(
    match_path: Annotated[Path, typer.Argument(metavar="MATCH", help="The match file.")],
    action: Annotated[str, typer.Argument(metavar="ACTION",
                                          help="deadline | timeout PLAYER | forfeit PLAYER | draw | end [WINNER] | void N|last "
                                               "| clock off|on | salt PLAYER WORD")],
    player: Annotated[str | None, typer.Argument(metavar="[PLAYER|N|off|on]",
                                                    help="For timeout, forfeit and salt; the winner for end; the entry for void; "
                                                         "off or on for clock.")] = None,
    word: Annotated[str | None, typer.Argument(metavar="[WORD]", help="For salt: the word the player posted.")] = None,
    reason: Annotated[str | None, typer.Option("--reason", help="Why the host ended the match (end), voids an entry "
                                                                          "(void, required) or switches the clock (clock).")] = None,
    at: Annotated[str | None, typer.Option("--at", metavar="TIME", help="When, as for move --at (default: now).")] = None,
    note: Annotated[str | None, typer.Option("--note", help="A free note.")] = None,
    fmt: Annotated[formats.BoardFormat, typer.Option("--format", help=BOARD_FORMAT_HELP)] = "text",
    rulings: Annotated[bool, typer.Option("--rulings", help=RULINGS_HELP)] = False,
) -> None:
    """Append a host entry: close a phase, record a timeout, forfeit or draw, end the match (G-4),
    switch the clock off or on (G-7), or enter a player's salt for the draws (G-8).

    \b
    Examples:
      adjudicator host m.json deadline          # close the open sealed phase
      adjudicator host m.json timeout anna      # anna ran out of time
      adjudicator host m.json forfeit anna
      adjudicator host m.json draw
      adjudicator host m.json end bernd --reason "anna left the server"
      adjudicator host m.json end               # end now and score by the game's rule
      adjudicator host m.json void last --reason "typed rope 2 1 for rope 1 2"
      adjudicator host m.json void 7 --reason "deadline posted twice"
      adjudicator host m.json clock off --reason "forum pace"   # nothing is timed from here
      adjudicator host m.json clock on          # timed again, from now; reserves as they were
      adjudicator host m.json salt anna tangerine42   # anna posted "salt: tangerine42" (G-8)
    A salt is a word a player posts after the seed's hash is published; the draws after it
    are fixed by it too, so the host cannot foresee them. One per player, never voided.
    The clock: at forum pace, `clock off` stops all timing from its place in the log, even
    when typed after the posts it covers, so enter it and then the posts with their times;
    boards say "untimed since entry N". `clock on` times the match again from that entry.
    A void keeps the record: the voided entry stays in the file and replay leaves it out,
    adjudicating what follows again (entries that become illegal are flagged). `void last`
    names the latest entry still in effect that is not itself a void; voiding a void (by its
    number) brings back what it voided.
    """
    from adjudicator import present
    from adjudicator.usecases import entries

    _choice(action, entries.HOST_ACTIONS, "ACTION")
    with _as_usage_errors():
        result = entries.host(match_path, entries.HostAction(action, player, word, reason), at=at, note=note)
    _say(present.entered(result, fmt, rulings=rulings))


# --- paste ----------------------------------------------------------------------------

@app.command("paste")
def paste_cmd(
    match_path: Annotated[Path, typer.Argument(metavar="MATCH", help="The match file.")],
    source: Annotated[str | None, typer.Argument(metavar="[FILE]",
                                                    help="The copied posts; '-' or nothing: standard input.")] = None,
    dice_bot: Annotated[list[str], typer.Option("--dice-bot", metavar="NAME",
                                                help="An author whose posts are dice rolls to transcribe, e.g. 'Dice Maiden'. "
                                                     "Repeatable.")] = [],
    all_or_nothing: Annotated[bool, typer.Option("--all-or-nothing",
                                                 help="Add nothing unless every post is accepted.")] = False,
    skip_unreadable: Annotated[bool, typer.Option("--skip-unreadable",
                                                  help="Skip (and list) a player's post with no move in it, e.g. 'gl hf', "
                                                       "instead of stopping there.")] = False,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Check every post; write nothing.")] = False,
    fmt: Annotated[formats.BoardFormat, typer.Option("--format", help=BOARD_FORMAT_HELP)] = "text",
    rulings: Annotated[bool, typer.Option("--rulings", help=RULINGS_HELP)] = False,
    strict: Annotated[bool, typer.Option("--strict", help="Refuse a post that opens with another player's name "
                                         "as its author ('Sally: D4 left' posted by Maddie); without it, a warning.")] = False,
) -> None:
    """Enter many posts at once, copied from a thread or DMs, each with its post's time.

    Every player's post becomes an entry, in order, checked as `move` checks it (time order,
    clocks, legality). Authors are players by id or display name, in any case (not by side);
    other authors (the host, spectators, bots) are skipped and listed with the reason, and an
    author that fits two players refuses the paste (exit 2). Times are read in the match's time
    zone (`new --time-zone`, else ADJUDICATOR_TIME_ZONE, else UTC); a post without a time is
    stamped now, which never makes anyone lose or be late (G-7).

    The paste stops at the first post refused (exit 1 illegal, 2 unreadable), keeping the
    entries before it; standard error says which entries were added and why the post was
    refused. A post with no move in it ("gl hf") is refused too, unless --skip-unreadable.
    Standard output is what to post in public: the new entries as everyone may see them
    (sealed submissions only as "submitted") and the board. How each post was read goes to
    standard error.

    Dice Tug of War needs a roll between moves: copy the dice bot's posts too and name the
    bot with --dice-bot; each of its posts is the roll due then, transcribed from the first
    list of numbers in it ([3, 1, 6]). In Discord blocks only an author with the APP or BOT
    tag is the bot (a person of that name is skipped); lines show no tags, so there the name
    is enough. With --all-or-nothing every post is checked first and
    the file changes only if all are accepted.

    \b
    Examples:
      adjudicator paste m.json posts.txt
      adjudicator paste m.json --dry-run < posts.txt     # check first, write nothing
      adjudicator paste m.json posts.txt --all-or-nothing --format bbcode
      xclip -o | adjudicator paste m.json - --dice-bot "Dice Maiden"
    \b
    Lines it reads (one post a line; a line without an author continues the post above):
      [20:14] anna: trade 3 for 2
      2026-11-21 20:14 anna: trade 3 for 2
      anna: trade 3 for 2                 (no time: stamped now)
    \b
    and Discord's copied messages (12- or 24-hour clocks; [time] lines are the same author's):
      Anna — Today at 8:14 PM
      trade 3 for 2
      [8:21 PM]never mind: keep
      Bernd — 21/11/2026 20:30
    """
    from adjudicator import present
    from adjudicator.usecases.pasting import PasteOptions, paste_posts

    _prompt_for_posts(source)
    result = paste_posts(match_path, source, sys.stdin,
                         PasteOptions(dry_run, all_or_nothing, skip_unreadable, tuple(dice_bot), strict))
    _say(present.pasted(result, fmt, dry_run, all_or_nothing, rulings))
    if result.outcome.error is not None:
        raise typer.Exit(result.outcome.error.exit_status)


def _prompt_for_posts(source: str | None) -> None:
    """On a terminal, say how to end the posts typed or pasted there, so `paste` never seems to hang."""
    if (not source or source == "-") and sys.stdin is not None and not sys.stdin.closed and sys.stdin.isatty():
        sys.stderr.write("adjudicator: paste the posts, then press Ctrl-D on a line of its own "
                         "(Ctrl-Z, Enter on Windows); or give FILE.\n")
        sys.stderr.flush()


# --- board, replay, legal -------------------------------------------------------------

@app.command("board")
def board_cmd(
    match_path: Annotated[Path, typer.Argument(metavar="MATCH", help="The match file.")],
    viewer: Annotated[str | None, typer.Option("--as", metavar="PLAYER", help="That player's private view.")] = None,
    at: Annotated[int | None, typer.Option("--at", metavar="SEQ", help="The board after entry SEQ (0: the start).")] = None,
    fmt: Annotated[formats.BoardOrPicture, typer.Option("--format", help="The board as text, as data (json) or as a picture (svg, png).")] = "text",
    output: Annotated[Path | None, typer.Option("-o", "--output", metavar="FILE",
                                                   help="Write the board to FILE instead of standard output (a PNG needs it "
                                                        "unless standard output is redirected). An existing FILE is refused.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing FILE (never the match, its seed or ruleset).")] = False,
) -> None:
    """Print the public board (or one player's view) now or after entry SEQ.

    Formats: text for a terminal; discord for a Discord channel (code blocks, deadlines in
    each reader's time zone, cut into messages of at most 2,000 characters with a
    "next message" line between them: paste each on its own); bbcode for a phpBB or
    XenForo thread; markdown for GitHub, Reddit and other CommonMark sites; json for
    scripts (players by id); svg and png for a picture of the board, about 800 px wide
    (drawn from the same data, text in the DejaVu fonts shipped with the tool).

    \b
    Examples:
      adjudicator board m.json --format bbcode      # paste into the forum thread
      adjudicator board m.json --format discord     # paste into the Discord channel
      adjudicator board m.json --format png -o board.png   # a picture to upload
      adjudicator board m.json --at 12
      adjudicator board m.json --as anna            # what only anna may see
    """
    from adjudicator import present
    from adjudicator.usecases import look

    if fmt == "png" and output is None and sys.stdout.isatty():
        raise typer.BadParameter("a PNG is not for a terminal: give -o FILE, or redirect standard output.",
                                 param_hint="--format png")
    looked = look.board(match_path, viewer, at, output=output, force=force)
    _say(present.board(looked, fmt), output, looked.match, force)


def _write_output(output: Path, data: Any, match: Any, *, force: bool, public: bool = True) -> None:
    """Write what -o asked for by the one rule of adjudicator.outputs: never over a file the
    command read (the match, its seed, its ruleset), an existing file only with --force."""
    from adjudicator import outputs

    outputs.write_output(output, data, force=force, public=public,
                         reads=outputs.files_of_match(match.path, _ruleset_file(match)))


def _ruleset_file(match: Any) -> Path | None:
    """The YAML file the match's ruleset comes from, if the search path finds it."""
    from adjudicator import rulesets
    from adjudicator.errors import AdjudicatorError

    try:
        return rulesets.find_file(match.ruleset.id)
    except (AdjudicatorError, AttributeError, TypeError):
        return None


@app.command("replay")
def replay_cmd(
    match_path: Annotated[Path, typer.Argument(metavar="MATCH", help="The match file.")],
    fmt: Annotated[formats.TextOrJson, typer.Option("--format", help="Text or data.")] = "text",
    viewer: Annotated[str | None, typer.Option("--as", metavar="PLAYER", help="Include that player's sealed submissions.")] = None,
) -> None:
    """Adjudicate the match entry by entry: what happened, which ruling applied, what was flagged.

    Exit status 1 when any entry was flagged.

    \b
    Examples:
      adjudicator replay m.json
      adjudicator replay m.json --format json
    """
    from adjudicator import present
    from adjudicator.usecases import look

    result = look.replay(match_path, viewer, fmt)
    _say(present.replayed(result, fmt))
    if result.replay.flags:
        raise typer.Exit(1)


@app.command("legal")
def legal_cmd(
    match_path: Annotated[Path, typer.Argument(metavar="MATCH", help="The match file.")],
    player: Annotated[str | None, typer.Argument(metavar="[PLAYER]", help="Only this player's moves.")] = None,
    limit: Annotated[int, typer.Option("--limit", help="Show at most this many moves (0: all).")] = 40,
    fmt: Annotated[formats.TextOrJson, typer.Option("--format", help="Text or data.")] = "text",
) -> None:
    """List the legal moves now, in the notation `move` accepts, with what each would do.

    \b
    Example:
      adjudicator legal m.json bernd
    """
    from adjudicator import present
    from adjudicator.usecases import look

    _say(present.legal(look.legal(match_path, player), fmt, limit))


@app.command("publish")
def publish_cmd(
    match_path: Annotated[Path, typer.Argument(metavar="MATCH", help="The match file.")],
    output: Annotated[Path | None, typer.Option("-o", "--output", metavar="FILE",
                                                   help="Public copy to write (default: print it).")] = None,
    at: Annotated[int | None, typer.Option("--at", metavar="SEQ", help="The copy as it stood after entry SEQ.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing FILE.")] = False,
) -> None:
    """Write a public copy of the log: what every player may see now (or after entry SEQ).

    The copy is the log up to the last entry before the first one that is still private:
    a sealed submission of a phase that has not resolved, a Hidden Value before its round
    ends, a voided sealed submission (private until the match ends). It is an ordinary match
    file: `check` passes it as it passed the original at that point, and its public board is
    the original's `board --at N` for the N it ends at. The seed hash stays (it commits to
    the dice); the seed itself is never in a match file. What was left out is said on
    stderr (on stdout with -o).

    \b
    Examples:
      adjudicator publish m.json -o public/m.json
      adjudicator publish m.json --at 12 > m-12.json
    """
    from adjudicator import present
    from adjudicator.usecases import public

    result = public.publish(match_path, at, output=output, force=force)
    _say(present.published(result, match_path, output), output, result.match, force)


@app.command("page")
def page_cmd(
    match_path: Annotated[Path, typer.Argument(metavar="MATCH", help="The match file.")],
    output: Annotated[Path | None, typer.Option("-o", "--output", metavar="FILE",
                                                   help="The HTML page to write (default: standard output, "
                                                        "when it is redirected).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing FILE.")] = False,
) -> None:
    """Write the match as one HTML page to look through step by step, in public view.

    Step 0 is the start, step N the match after entry N: its board picture (as `board
    --format svg --at N`) and the log as everyone could read it then. Step through with the
    buttons, the slider or the arrow keys (Home, End); the address ends in #N, so a link
    opens that step. Nothing private is on the page: a sealed submission or a Hidden Value
    shows as "submitted" until the step that revealed it, also for a match in progress.
    The file is self-contained (pictures, fonts, script inline): open it offline, attach it
    or put it on any web space.

    \b
    Examples:
      adjudicator page m.json -o m.html
      adjudicator page m.json -o m.html --force    # replace the page of an earlier day
      adjudicator page m.json > m.html             # standard output, redirected
    Open it in a browser; m.html#12 opens it at step 12.
    """
    from adjudicator import present
    from adjudicator.usecases import public

    if output is None and sys.stdout.isatty():
        raise typer.BadParameter("an HTML page is not for a terminal: give -o FILE, or redirect standard output.",
                                 param_hint="-o")
    match = public.page(match_path, output=output, force=force)
    _say(present.paged(match, match_path, output), output, match, force)


@app.command("post")
def post_cmd(
    match_path: Annotated[Path, typer.Argument(metavar="MATCH", help="The match file.")],
    fmt: Annotated[formats.BoardFormat, typer.Option("--format", help="Any text format of `board`, or json.")] = "text",
    dry_run: Annotated[bool, typer.Option("--dry-run", "--no-record", help="Print the post; remember nothing.")] = False,
    since: Annotated[int | None, typer.Option("--since", metavar="SEQ",
                                                 help="Cover the entries after SEQ (0: from the start) instead of those "
                                                      "since the last post.")] = None,
    again: Annotated[bool, typer.Option("--again",
                                        help="Print the last post again: the same entries, the board as it stood then.")] = False,
    at: Annotated[str | None, typer.Option("--at", metavar="TIME",
                                              help="When the board goes up in the thread, as for move --at (default: now); "
                                                   "in a timed match the time to act runs from it (G-7).")] = None,
    rulings: Annotated[bool, typer.Option("--rulings", help=RULINGS_HELP)] = False,
) -> None:
    """Print the post for the thread: what happened since the last post, the board, who acts.

    The post holds every entry since the last post in public words (a sealed submission of
    an open phase only as "submitted"; submissions revealed since then in full), the public
    board, who must act now and the deadline when the match is timed, and once the match is
    over the final result. The match file remembers what was posted (header field
    `posted`: the last entry covered and when), so the next `post` needs no arguments. A
    void since the last post that changed an entry it covered makes the post start again
    from that entry (G-4). With nothing new, the board is printed again as a reminder and
    nothing is recorded. What was recorded goes to standard error.

    In a timed match in progress the post is also recorded in the log, as a host entry
    `posted` with its time: players cannot act on a board they have not seen, so the turn
    or phase open now runs from the later of this post and the entry that opened it (G-7),
    and the deadline the post prints is the one the clock applies. Run `post` when you
    paste the board, or give the time it went up with --at.

    \b
    Examples (the host's loop: enter each post of the players, then post once):
      adjudicator roll m.json                     # bernd's dice
      adjudicator move m.json bernd attack --at 2026-11-21T20:14:05Z
      adjudicator post m.json --format bbcode     # paste it in the thread
      adjudicator roll m.json                     # anna's dice
      adjudicator move m.json anna trade 3 for 2 --at 2026-11-21T20:31:40Z
      adjudicator post m.json --format bbcode     # only what happened since
    \b
      adjudicator post m.json --dry-run           # look first; remember nothing
      adjudicator post m.json --again             # the last post once more
      adjudicator post m.json --since 0           # everything from the start
    """
    from adjudicator import present
    from adjudicator.usecases import posts

    with _as_usage_errors():
        post, text = posts.post(match_path, fmt, since=since, again=again, record=not dry_run, at=at,
                                rulings=rulings)
    _say(present.posted(post, text, fmt, again))


# --- link, serve ----------------------------------------------------------------------

@app.command("link")
def link_cmd(
    match_path: Annotated[Path, typer.Argument(metavar="MATCH", help="The match file (NAME.json, in the folder `serve` serves).")],
    who: Annotated[str, typer.Argument(metavar="PLAYER|host", help="The player (id, name or side, as for --as) or `host`.")],
    base_url: Annotated[str | None, typer.Option("--base-url", metavar="URL",
                                                    help="The server's address as players reach it (default: "
                                                         "http://127.0.0.1:8000, this machine only).")] = None,
    revoke: Annotated[bool, typer.Option("--revoke", help="Make the player's (or the host's) link stop working; "
                                                            "print nothing new.")] = False,
) -> None:
    """Print a private link for a player (or the host) to play the match through `serve`.

    The link holds a random token. Only its hash is kept, in NAME.links beside the match
    (owner-only, like the seed), never in the match file, which may be published. A new link
    replaces the player's old one, so a link sent to the wrong person is made useless by
    making another; --revoke makes it useless without a new one. Send each player their own
    link privately (a DM): whoever holds it acts as that player.

    \b
    Examples:
      adjudicator link matches/final.json anna --base-url https://games.example.org
      adjudicator link matches/final.json host --base-url https://games.example.org
      adjudicator link matches/final.json anna --revoke
    """
    from adjudicator import present
    from adjudicator.usecases import serving

    with _as_usage_errors():
        linked = serving.link(match_path, who, base_url, revoke=revoke)
    _say(present.linked(linked))


@app.command("serve")
def serve_cmd(
    folder: Annotated[Path, typer.Argument(metavar="FOLDER", help="The folder of match files to serve.")],
    bind: Annotated[str, typer.Option("--bind", metavar="ADDRESS", help="The address to listen on (default: this "
                                                                          "machine only; put a reverse proxy with TLS "
                                                                          "in front for players elsewhere).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="The port to listen on.")] = 8000,
    base_url: Annotated[str | None, typer.Option("--base-url", metavar="URL",
                                                    help="The address players reach the server at, behind a proxy "
                                                         "(forms from it are accepted).")] = None,
    auto_deadline: Annotated[bool, typer.Option("--auto-deadline", help="Close a sealed phase at its deadline "
                                                                          "(the entry `host deadline` writes).")] = False,
    roll: Annotated[bool, typer.Option("--roll/--no-roll", help="In a match whose players have links, draw each roll "
                                                                  "due from the seed beside it, as `roll` does, once "
                                                                  "both players' salts are in (G-8) (--no-roll: the "
                                                                  "host rolls).")] = True,
) -> None:
    """Serve the matches in FOLDER: players send their own moves through private links.

    Each match file FOLDER/NAME.json (and each made later) is at /m/NAME: its page as `page`
    draws it, public view only, updated live as the match goes on, and /m/NAME/board.json
    as `board --format json`. A player's link (`adjudicator link`) opens their page: their
    own view, what is due and the deadline counting down, the legal moves to pick from or a
    box to type a move as they would post it, and the refusal when a move is illegal. The
    host's link adds who has submitted, the next post for the thread and the host entries.
    Every move is checked by the same code as `move` and written to the match file under
    its lock: the command line keeps working on the same files meanwhile. A move, salt or
    host entry sent through a link is stamped with the server's time when the request
    arrives, so the clock applies in full and a busy server never makes it late (G-7).

    Dice and the draw of who starts wait for both players' salts (G-8): a salt is a word
    each player gives on their page, so that the host, who holds the seed, cannot foresee a
    draw. Until both are in, the pages say whose salt is awaited and nothing is drawn; the
    host's page can draw the roll due without them (check reports it as unsalted).

    \b
    Examples:
      adjudicator serve matches/                               # http://127.0.0.1:8000
      adjudicator serve matches/ --auto-deadline
      adjudicator serve matches/ --port 8080 --base-url https://games.example.org
    Stop it with Ctrl-C. The README shows a reverse proxy with TLS in front of it.
    """
    from adjudicator import present
    from adjudicator.usecases import serving
    from adjudicator.web.run import serve

    with _as_usage_errors():
        options = serving.serve_options(folder, base_url, bind, port, auto_deadline=auto_deadline, roll=roll)
    serve(options, listening=lambda: _say(present.serving(options)))


# --- check, schema --------------------------------------------------------------------

@app.command("check")
def check_cmd(
    files: Annotated[list[Path], typer.Argument(metavar="FILES...",
                                                help="Match files, or folders searched for *.json match files.")],
    fmt: Annotated[formats.CheckFormat, typer.Option("--format", help="Text, data (json) or a JUnit report for CI.")] = "text",
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes.")] = 1,
    seed: Annotated[str | None, typer.Option("--seed", metavar="SEED",
                                                help="Verify every file's tool-drawn rolls against this one seed (64 hex "
                                                     "digits or a seed file); without it, each match's own MATCH.seed "
                                                     "beside it is used where there is one.")] = None,
    strict_dice: Annotated[bool, typer.Option("--strict-dice",
                                              help="Fail a file with any roll that cannot be verified: transcribed "
                                                   "(\"source\": \"external\"), or any roll at all when the file has no "
                                                   "seed (no --seed and no MATCH.seed beside it).")] = False,
    only_failures: Annotated[bool, typer.Option("--only-failures",
                                                help="List only the files that are not fine; the summary still counts all, and the "
                                                     "exit status is the same.")] = False,
    progress: Annotated[bool | None, typer.Option("--progress/--no-progress",
                                                     help="Show a progress bar on stderr (default: when stderr is a terminal); "
                                                          "standard output is the report either way.")] = None,
    head: Annotated[list[str] | None, typer.Option("--head", metavar="N:HASH",
                                                      help="A head as a post or a receipt showed it ('log 27 · 3f9a21c0' "
                                                           "is 27:3f9a21c0): the file must still hold exactly that log, "
                                                           "and every revealed sealed move must match its commitment "
                                                           "(G-9). Repeatable; one match file.")] = None,
) -> None:
    """Validate and replay many match files; print a summary table.

    A folder is searched, subfolders included, for *.json files, in sorted order (hidden
    folders and files such as .git are skipped, and links to folders are not followed); a
    file named is always checked. A folder with no match file in it is a row of its own
    (unusable). Files are named as given: `check archive` lists archive/2026/final.json.
    Each file's row is written as soon as it is checked (JUnit's failure and error counts
    are the summary line at the end of its suite).

    Fair dice: with --seed SEED every file's tool-drawn rolls are verified against that
    one seed (seeds beside the files are not read). Without it, a match's own seed file beside it (final.seed beside final.json)
    verifies that match's rolls, and its line says so; a seed beside a file that cannot be
    read or belongs to another match makes that file unusable. With --seed, or a seed
    beside, each file's line says how many rolls were verified, how many could not be
    (transcribed from a dice bot) and how many were wrong.

    Plug-in games run from the folders in ADJUDICATOR_RULESETS only (never from the folders
    checked); when there are any, a line on stderr names them and their games, and the
    JSON and JUnit reports list them.

    The audited log (G-9): a match made with it is checked link by link, and each sealed
    move revealed against its commitment; its line names the head after its last entry. A
    match made before it is `unchained` (not a problem). With --head N:HASH (one file) the
    file must still hold the log that head named.

    Exit status: 0 all fine; 1 some file has an illegal entry it does not mark as recorded
    on purpose ("flagged": CODE), a wrong roll, an audited log broken or not the log a
    --head named, or (--strict-dice) a roll that cannot be verified; 2 some file (or folder, or seed beside a file) could not be used; 3 checking
    some file hit a bug in adjudicator (its row says "error"; every other file is still
    checked and reported).

    \b
    Examples:
      adjudicator check matches/*.json
      adjudicator check archive/ --only-failures          # a whole archive, only what is wrong
      adjudicator check archive/ --jobs 2 --format junit > report.xml
      adjudicator check archive/ --strict-dice            # every roll verified by the seed beside its match
      adjudicator check matches/final.json --seed matches/final.seed --strict-dice
      adjudicator check final.json --head 27:3f9a21c0       # still the log that head named (G-9)
    """
    from adjudicator import check, present

    show = sys.stderr.isatty() if progress is None else progress
    bars: list[Any] = []
    with _as_usage_errors():
        result = check.run(files, seed, jobs, strict_dice, progress=_check_bar(bars) if show else None, said=_said_raw,
                           heads=head or ())
    shown = present.checked(result, fmt, only_failures)
    if isinstance(shown.text, Iterator):
        shown = shown._replace(text=_streamed(shown.text, bool(bars) and sys.stdout.isatty() and sys.stderr.isatty()))
    _say(shown)
    for _ in result.rows:   # a reader gone (a broken pipe) stops the report, not the check: the status is of every file
        pass
    raise typer.Exit(result.status)


def _said_raw(line: str) -> None:
    """A line on standard error as it is, without the `adjudicator: ` mark (check's plug-in folders)."""
    sys.stderr.write(line + "\n")


def _check_bar(bars: list[Any]) -> Callable[[int], Any]:
    """What makes the progress bar of `check` on stderr, once the folders are searched (none
    for one file), and keeps it in `bars`."""
    def bar(total: int) -> Any:
        if total < 2:
            return None
        from adjudicator.simulate import ProgressBar

        bars.append(ProgressBar(total, "check", enabled=True, stream=sys.stderr))
        return bars[-1]
    return bar


def _streamed(pieces: Iterable[str], below_bar: bool) -> Iterator[str]:
    """The report's pieces, each flushed once written, so a pipe reads each row as its file
    is checked. `below_bar` (report and bar on one terminal): the bar's line is cleared
    before each piece (the next file checked draws it again below), so they never share a line."""
    for piece in pieces:
        if below_bar:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()
        yield piece
        sys.stdout.flush()


@app.command("simulate")
def simulate_cmd(
    ruleset_id: Annotated[str, typer.Argument(metavar="RULESET", help="Ruleset id (see `adjudicator rulesets`).")],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="How many matches to play.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the run: the same seed plays the same matches.")] = 1,
    policy: Annotated[str, typer.Option("--policy", help="random, or greedy (one move ahead on the game's score).")] = "random",
    out: Annotated[Path | None, typer.Option("--out", metavar="DIR",
                                                help="Write every match file into DIR (sim-RULESET-SEED-N.json); files "
                                                     "already there are refused.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace match files of the same run already in DIR.")] = False,
    item: Annotated[list[str], typer.Option("--item", metavar="ITEM", help="An item (or loadout) both bots hold. Repeatable.")] = [],
    max_entries: Annotated[int, typer.Option("--max-entries", min=1, help="Stop a match that has not ended after this many entries.")] = 3000,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes (the result does not depend on it).")] = 1,
    fmt: Annotated[formats.TextOrJson, typer.Option("--format", help="Text or data.")] = "text",
    progress: Annotated[bool | None, typer.Option("--progress/--no-progress",
                                                     help="Show a progress bar on stderr (default: when stderr is a terminal).")] = None,
) -> None:
    """Play whole matches between two bots and summarise them for a game designer.

    Chance is drawn by the simulator and recorded as transcribed rolls. Every bot move goes
    through the same checks as a host's; a move the game lists as legal but then refuses
    stops the run with exit status 3 (a bug). The summary counts wins by side and by first
    mover, match length, how matches ended and (Tug of War) which modules decided them.
    Players swap sides every other match.

    \b
    Examples:
      adjudicator simulate tug-of-war-v1 --games 1000 --policy greedy
      adjudicator simulate tug-of-war-v2 --games 1000 --policy greedy --jobs 2
      adjudicator simulate arrowbic --games 20 --item retake --out sims/
    """
    from adjudicator import present, simulate

    with _as_usage_errors():
        report = simulate.run(ruleset_id, games, seed=seed, policy=policy, items=item, max_entries=max_entries,
                              out=out, jobs=jobs, progress=progress, force=force)
    _say(present.simulated(report, fmt, out))


@app.command("schema")
def schema_cmd(
    name: Annotated[str, typer.Argument(metavar="NAME", help="match, ruleset, result or move/<game>.")],
) -> None:
    """Print a JSON Schema: match, ruleset, result, or move/<game>.

    \b
    Examples:
      adjudicator schema match
      adjudicator schema move/dice-tug-of-war
    """
    from adjudicator import present
    from adjudicator.usecases import catalogue

    _say(present.schema_text(catalogue.schema(name)))


# --- entry point ----------------------------------------------------------------------

def main(argv: list[str] | None = None) -> None:
    """Run the CLI; turn every error into a sentence and an exit status, never a traceback."""
    sys.exit(run(argv))


def _shorten_quoted(message: str) -> str:
    """Click quotes a bad argument whole ('111…' of 5,000 digits): quote an excerpt instead."""
    import re

    from adjudicator.bounded import EXCERPT, excerpt

    return re.sub(f"'([^'\n]{{{EXCERPT + 1},}})'", lambda m: f"'{excerpt(m.group(1))}'", message)


MAX_ARGUMENTS = 50_000   # words of a post, dice, files to check: all far fewer


def _with_only_the_command(args: list[str]) -> typer.Typer:
    """The app holding only the command (or group) that `args` names first, else the whole app.
    Typer reads every command's signature and annotations to build the command line: about
    50 ms, a fifth of `board`'s start-up, for the 16 a run does not use.
    What the user sees is the same: a named command parses, helps and fails as in the whole
    app; `--help`, `--version` or a mistyped name get the whole app, which lists and suggests
    the commands."""
    import copy

    first = args[0] if args else None
    commands = [info for info in app.registered_commands if info.name == first]
    groups = [info for info in app.registered_groups if info.name == first]
    if not commands and not groups:
        return app
    narrowed = copy.copy(app)
    narrowed.registered_commands = commands
    narrowed.registered_groups = groups
    return narrowed


def run(argv: list[str] | None = None) -> int:
    from adjudicator.errors import AdjudicatorError

    # typer ≥ 0.28 vendors its own click; take the exception classes from typer itself.
    click_exception: Any = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")
    args = sys.argv[1:] if argv is None else argv
    count = len(args)
    if count > MAX_ARGUMENTS:   # click's parser takes the square of their number: minutes for 10⁶
        _err(f"{count} arguments; a command takes at most {MAX_ARGUMENTS} (give check a folder, not each file).")
        return 2
    try:
        command = typer.main.get_command(_with_only_the_command(args))
        result = command.main(args=argv, prog_name="adjudicator", standalone_mode=False)
        return result if isinstance(result, int) else 0
    except click_exception as exc:
        import io

        from adjudicator.render import clean

        shown = io.StringIO()   # click echoes the offending argument as typed: clean and shorten it
        exc.show(file=shown)
        sys.stderr.write(clean(_shorten_quoted(shown.getvalue())))   # exit 2 of click
        return int(exc.exit_code)
    except typer.Abort:
        _err("aborted.")
        return 1
    except AdjudicatorError as exc:
        from adjudicator.bounded import short_message

        _err(short_message(exc.message))
        return exc.exit_status
    except KeyboardInterrupt:
        _err("interrupted.")
        return 130
    except BrokenPipeError:
        _discard_stdout()
        return 0
    except Exception as exc:  # a bug: still one sentence, never a traceback
        from adjudicator.bounded import excerpt

        _err(f"internal error ({type(exc).__name__}: {excerpt(str(exc), 200)}); this is a bug in adjudicator, "
             "please report it with the command and file that caused it.")
        return 3
