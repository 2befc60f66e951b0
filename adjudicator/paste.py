"""`adjudicator paste`: many posts at once, copied from a thread or DMs.

A host copies a block of posts and the tool enters each player's post as `move` would, with
the post's own time, so every check applies (time order, G-7, legality). Two layouts are
read:

- lines, one post each: `[20:14] anna: trade 3 for 2`, `2026-11-21 20:14 anna: …`,
  `[8:14 PM] <anna> …`, `anna: trade 3 for 2` (no time: stamped now, as `move` does);
  a line that starts no post continues the post before it;
- Discord's copied blocks: a header `Anna — Today at 8:14 PM` (or `— 11/21/2026 8:14 PM`,
  `— 21/11/2026 20:14`, `— Yesterday at …`), the message on the lines below, and further
  messages of the same author as `[8:21 PM]never mind: keep` (the time, then the text).
  Once a header is seen, only headers change the author.

Times are read by adjudicator.when in the match's time zone; a clock time alone falls on the
date of the post before it (today for the first), rolling to the next day when the clock
goes back (a block past midnight). Authors are players by id or display name in any case
(not by side: people post under their own names; a name that fits two players refuses the
paste); a dice bot's posts (`--dice-bot NAME`) are transcribed rolls, in Discord blocks only
those whose author carries the `APP`/`BOT` tag; anyone else (the host, spectators, other bots,
a person named like the dice bot) is skipped and listed with the reason. A player's post that
is `salt: WORD` (the marker in posts.yaml) gives that player's salt for the draws (G-8): it
becomes the host's salt entry for its author, with the post's time.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from adjudicator.errors import AdjudicatorError, InputError, NotationError, RefusedError
from adjudicator.when import Reading, TimeError, read_time

MAX_POSTS_BYTES = 4 * 1024 * 1024   # a thread's worth of posts; more is not a copied block
MAX_POSTS = 10_000                  # posts in one block: a whole forum match is a few hundred
IN_PARTS = "a whole match is far less, so paste the thread in parts"
MAX_HEADER = 200                    # characters of a Discord header line: a name (80), a dash, a time (40)


@dataclass
class Post:
    """One post as copied: who, when (as written, then read) and its lines of text."""

    number: int
    line: int
    author: str
    when: str | None
    lines: list[str] = field(default_factory=list)
    reading: Reading | None = None
    discord: bool = False   # from a Discord block, where a bot's name always carries its APP/BOT tag

    @property
    def text(self) -> str:
        return "\n".join(line for line in (raw.strip() for raw in self.lines) if line)

    @property
    def at(self) -> str | None:
        return self.reading.text() if self.reading else None

    def where(self) -> str:
        """`post 3 (line 7, Anna)`: how messages name a post."""
        return f"post {self.number} (line {self.line}, {self.author})"


# --- Reading the block ------------------------------------------------------------------

_HEADER = re.compile(r"(?P<author>\S.{0,79}?)\s+[—–]\s+(?P<when>\S.{2,40}?)\s*$")
_CONTINUED = re.compile(r"\[(?P<when>[^\]\[]{3,40})\]\s*(?P<text>.*)$")
_STAMP = (r"(?:\[(?P<bracket>[^\]\[]{3,40})\]"
          r"|(?P<bare>\d{4}-\d{1,2}-\d{1,2}[ T]\d{1,2}:\d{2}(?::\d{2})?|\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?))")
_SPEAKER = r"(?:<(?P<nick>[^<>\s][^<>]{0,39})>\s*|(?P<name>[^\s:\[<][^:\[\]<>]{0,39}?):(?:\s+|$))"
_TIMED_LINE = re.compile(_STAMP + r"\s*" + _SPEAKER + r"(?P<text>.*)$", re.I)
_PLAIN_LINE = re.compile(_SPEAKER + r"(?P<text>.*)$")
_EDITED = "(edited)"


def split_posts(text: str, name: str) -> list[Post]:
    """The posts of a copied block, in order (times as written, not yet read); more than
    MAX_POSTS is refused as they are found, before any is read further."""
    posts: list[Post] = []
    discord = False
    for number, raw in enumerate(text.splitlines(), start=1):
        _check_count(posts, name)
        line = _unedited(raw)
        if not line.strip():
            continue
        header = _discord_header(line)
        if header is not None:
            discord = True
            posts.append(Post(len(posts) + 1, number, header[0], header[1], discord=True))
            continue
        if discord:
            _discord_line(posts, line, number)
            continue
        found = _TIMED_LINE.match(line.strip()) or _PLAIN_LINE.match(line.strip())
        if found:
            author = (found["nick"] or found["name"]).strip()
            when = found.groupdict().get("bracket") or found.groupdict().get("bare")
            posts.append(Post(len(posts) + 1, number, author, when, [found["text"]]))
        elif posts:
            posts[-1].lines.append(line)
        else:
            raise InputError(f"{name}: line {number}: '{line.strip()[:40]}' has no author; a post starts with "
                             f"'NAME: text', '[20:14] NAME: text' or Discord's 'NAME — Today at 8:14 PM'.")
    if not posts:
        raise InputError(f"{name}: no posts found; copy lines such as '[20:14] anna: trade 3 for 2'.")
    _check_count(posts, name)
    return posts


def _check_count(posts: list[Post], name: str) -> None:
    """Refuse a block of more than MAX_POSTS posts: far more than a match, and each is read."""
    if len(posts) > MAX_POSTS:
        raise InputError(f"{name}: more than {MAX_POSTS} posts in one block; {IN_PARTS}.")


def _unedited(raw: str) -> str:
    """A line without Discord's trailing `(edited)` mark. (Not a regular expression: searching
    for spaces before the mark costs the square of a line's run of spaces, hours for a megabyte.)"""
    line = raw.rstrip()
    if line[-len(_EDITED):].casefold() == _EDITED:
        line = line[:-len(_EDITED)].rstrip()
    return line


def _discord_header(line: str) -> tuple[str, str] | None:
    """(author, time) of a Discord header line `Anna — Today at 8:14 PM`, else None. A line
    longer than MAX_HEADER is none (and costs nothing to tell)."""
    line = line.strip()
    if len(line) > MAX_HEADER:
        return None
    found = _HEADER.match(line)
    if not found or not _looks_like_time(found["when"]):
        return None
    return found["author"].strip(), found["when"]


def _looks_like_time(text: str) -> bool:
    """Could this be a post's time? (Read for real later, with the match's zone.)"""
    return bool(re.search(r"\d{1,2}[:.h]\d{2}", text)) or text.strip().startswith("<t:")


def _discord_line(posts: list[Post], line: str, number: int) -> None:
    """A line under a Discord header: `[8:21 PM]text` is the same author's next message,
    anything else continues the message above."""
    found = _CONTINUED.match(line.strip())
    if found and _looks_like_time(found["when"]):
        last = posts[-1]
        posts.append(Post(len(posts) + 1, number, last.author, found["when"], [found["text"]], discord=True))
    else:
        posts[-1].lines.append(line)


def read_times(posts: list[Post], zone: Any, now: datetime, name: str) -> None:
    """Read every post's time (adjudicator.when) before anything is entered: a clock time alone
    is on the date of the post before it, rolling over midnight."""
    after, previous = None, None
    for post in posts:
        if post.when is None:
            continue
        try:
            post.reading = read_time(post.when, zone, now, after=after, previous=previous)
        except TimeError as exc:
            raise InputError(f"{name}: {post.where()}, its time: {exc.message}.") from None
        after = post.reading.local or _local_date(post, zone, name)
        previous = post.reading.moment


def _local_date(post: Post, zone: Any, name: str) -> Any:
    """The date of a post's instant in the match's zone, the context of a clock time after it;
    an instant so near year 1 or 9999 that its date there is outside the calendar is refused."""
    assert post.reading is not None
    try:
        return post.reading.moment.astimezone(zone).date()
    except OverflowError:
        raise InputError(f"{name}: {post.where()}, its time: '{post.when}' falls outside years 1 to 9999 in "
                         f"{zone.key}, the match's time zone; give a time within them.") from None


# --- Who wrote it -----------------------------------------------------------------------

_TAGS = re.compile(r"\s+(?:APP|BOT)$")


def author_key(author: str) -> str:
    """An author's name as compared: any case, without Discord's `APP`/`BOT` tag."""
    return _TAGS.sub("", author.strip()).casefold()


def is_tagged(author: str) -> bool:
    """Does the author carry Discord's `APP` or `BOT` tag (`Dice Maiden APP`)?"""
    return bool(_TAGS.search(author.strip()))


def who_wrote(match: Any, post: Post, bots: set[str], name: str) -> tuple[str, str]:
    """Who wrote a post: ("player", id), ("bot", "") for a dice bot, or ("skip", why).

    A player is an author equal to one player's id or display name, in any case; a side is
    not an author. An author with the APP/BOT tag is a bot, never a player. A dice bot is
    named by --dice-bot; in a Discord block it carries the tag, so a person of that name
    without it is skipped. An author that fits two players (or, where no tags are shown, a
    player and the dice bot) is refused: InputError naming the post, never a guess."""
    from adjudicator.session import named_by, players_named

    key = author_key(post.author)
    if is_tagged(post.author):
        return ("bot", "") if key in bots else ("skip", "a bot, not a player")
    hits = players_named(match.game.players, author_key(post.author), ("id", "name"))
    if len(hits) > 1:
        raise InputError(f"{name}: {post.where()} could be by either player, {named_by(hits)}; nothing "
                         f"written. Make the author one player's id, or enter that post with 'adjudicator move'.")
    if key in bots and not post.discord:
        if hits:
            raise InputError(f"{name}: {post.where()} could be by the dice bot or by the player "
                             f"{named_by(hits)}; nothing written. Enter that post with 'adjudicator move' or "
                             f"'adjudicator roll --values' instead.")
        return "bot", ""
    if hits:
        return "player", next(iter(hits))
    if key in bots:
        return "skip", "named like the dice bot but without its APP/BOT tag"
    return "skip", "not a player of this match"


# One way only to match each separator (a comma, or spaces alone): no backtracking blow-up.
_DICE_LIST = re.compile(r"[\[(]\s*(\d{1,3}(?:(?:\s*[,;]\s*|\s+)\d{1,3})*)\s*[\])]")


def dice_in(text: str) -> list[int] | None:
    """The dice a dice bot's post shows: the first bracketed list of whole numbers (`[3, 1, 6]`,
    `(3, 1, 6)`), else the post's numbers when it holds nothing else (`3 1 6`)."""
    found = _DICE_LIST.search(text)
    if found:
        return [int(n) for n in re.findall(r"\d+", found.group(1))]
    if re.fullmatch(r"[\d\s,;]+", text.strip()) and re.search(r"\d", text):
        numbers = re.findall(r"\d+", text)
        return [int(n) for n in numbers] if all(len(n) <= 3 for n in numbers) else None
    return None


# --- Entering the posts -----------------------------------------------------------------

@dataclass
class Added:
    """A post entered, with the log entry `move` (or `roll`) returned: sealed still, so the
    host's echo can show what was read."""

    post: Post
    seq: int
    log: Any


@dataclass
class Outcome:
    """What a paste did: entries added, posts skipped, and the refusal that stopped it."""

    added: list[Added] = field(default_factory=list)
    skipped: list[tuple[Post, str]] = field(default_factory=list)   # not a player's post, and why
    other_authors: list[str] = field(default_factory=list)   # warnings: a post naming another author
    unreadable: list[tuple[Post, str]] = field(default_factory=list)
    refused: Post | None = None
    error: AdjudicatorError | None = None
    written: bool = False
    match: Any = None
    replay: Any = None

    @property
    def seqs(self) -> list[int]:
        return [added.seq for added in self.added]


def paste(path: Path, posts: list[Post], *, dry_run: bool = False, all_or_nothing: bool = False,
          skip_unreadable: bool = False, dice_bots: tuple[str, ...] = (), strict: bool = False) -> Outcome:
    """Enter the posts in order into the match at `path`, stopping at the first refusal.

    Under the match's lock the file is loaded and replayed once, and each post is checked
    against the match as it stands as `move` checks it (session.Appender; a dice bot's post
    as its transcribed roll, a `salt:` post as the host's salt entry), so a paste is linear
    in its posts. The file is written once at the end: with the entries accepted
    before a refusal, or (`all_or_nothing`) only if every post was accepted; with `dry_run`,
    never."""
    from adjudicator import matchfile, session, views

    outcome = Outcome()
    bots = {author_key(bot) for bot in dice_bots}
    with matchfile.locked(path):
        match = matchfile.load(path)
        authors = [who_wrote(match, post, bots, str(path)) for post in posts]   # all, before anything is entered
        appender = session.Appender(path, match)
        _enter(appender, outcome, posts, authors, skip_unreadable, strict)
        writes = not dry_run and bool(outcome.added) and not (all_or_nothing and outcome.error is not None)
        if writes:
            appender.write()
        outcome.written = writes
    outcome.match = match
    outcome.replay = views.replay_match(match)   # afresh: a refused post's step is no part of it
    return outcome


def _enter(appender: Any, outcome: Outcome, posts: list[Post], authors: list[tuple[str, Any]],
           skip_unreadable: bool, strict: bool = False) -> None:
    """Enter the posts one by one, noting each added, skipped or unreadable one and the first
    refusal, which ends the paste. A post whose text opens with another player's name as its
    author is entered with a warning, or (`strict`) refused."""
    from adjudicator.session import author_warning, refuse_other_author

    path = str(appender.path)
    for post, (kind, pid) in zip(posts, authors, strict=False):
        if kind == "skip":
            outcome.skipped.append((post, pid))
            continue
        is_bot = kind == "bot"
        try:
            salt = None if is_bot else salt_in(post.text)
            if is_bot:
                log = appender.append(_roll_builder(post, path))
            elif salt is not None:
                log = appender.append(_salt_builder(post, pid, salt, path))
            else:
                if strict:
                    refuse_other_author(appender.match, pid, post.text, path, post.where())
                log = appender.play(pid, post.text, at=post.at, by_id=True)
                warned = author_warning(appender.match, pid, post.text, post.where())
                if warned:
                    outcome.other_authors.append(warned)
        except NotationError as exc:
            if skip_unreadable and not is_bot:
                outcome.unreadable.append((post, exc.message))
                continue
            outcome.refused, outcome.error = post, exc
            break
        except AdjudicatorError as exc:
            outcome.refused, outcome.error = post, exc
            break
        outcome.added.append(Added(post, log.seq, as_entered(log)))


def as_entered(log: Any) -> Any:
    """The entry's log as it stood when it was entered: a sealed submission (G-2) stays sealed
    in the host's echo, though a later post in the paste resolved its phase (the echo says how
    each post was read, and marks what was private then)."""
    from dataclasses import replace

    from adjudicator.engine import Seal

    return replace(log, seal=Seal()) if log.sealed else log


def salt_in(text: str) -> str | None:
    """The word of a post that gives its author's salt (`salt: WORD`, the marker from posts.yaml,
    in any case), else None. Only the whole post counts: a salt mentioned in chatter is not one."""
    from adjudicator.lexicon import post_words

    marker, colon, word = text.strip().partition(":")
    if not colon or marker.strip().casefold() not in post_words().salt_markers:
        return None
    return word.strip()


def _salt_builder(post: Post, player: str, word: str, name: str) -> Callable[[Any, Any], dict[str, Any]]:
    """The host's salt entry of a player's `salt: WORD` post (G-8), refused with the reason when
    the word cannot be a salt."""
    from adjudicator.dice import salt_problem
    from adjudicator.session import now_utc

    def build(match: Any, replay: Any) -> dict[str, Any]:
        problem = salt_problem(word)
        if problem:
            raise InputError(f"{name}: {problem}; a post 'salt: WORD' gives its author's salt (G-8).")
        return {"at": post.at or now_utc(), "type": "host", "host": {"action": "salt", "player": player, "salt": word}}

    return build


def _roll_builder(post: Post, name: str) -> Callable[[Any, Any], dict[str, Any]]:
    """The entry of a dice bot's post: the roll the match needs now, transcribed (DT-7)."""
    from adjudicator.game import ChanceDue
    from adjudicator.session import now_utc
    from adjudicator.wording import awaiting

    def build(match: Any, replay: Any) -> dict[str, Any]:
        due = replay.chance_due()
        if not isinstance(due, ChanceDue) or not due.dice:
            raise RefusedError(f"{name}: no roll is due now (awaiting {awaiting(replay) or 'nothing: the match is over'}); "
                               "nothing written.", "chance-not-due")
        dice = dice_in(post.text)
        if dice is None:
            raise NotationError(f"{name}: no dice found in the dice bot's post; expected a list such as "
                                f"[3, 1, 6].")
        return {"at": post.at or now_utc(), "type": "chance", "chance": {"dice": dice, "source": "external"}}

    return build
