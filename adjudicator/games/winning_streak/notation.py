"""Winning Streak's typed notation: placements (`t4 place 3/5 C`) and relocations
(`r2 set A=3/5 B=- buff 3/5 health`), read as players write them too (issue 23), and written
back; the words of its moves for the post reader."""

from __future__ import annotations

import re
from typing import Any, ClassVar

from adjudicator.errors import NotationError
from adjudicator.game import Form
from adjudicator.games.winning_streak.rules import StreakState, WinningStreakRules
from adjudicator.lexicon import Lexicon


class WinningStreakNotation(WinningStreakRules):
    """Typed moves: parsing, formatting, completing and judging them, and their lexicon."""

    notation = (
        Form("[tTURN] place TROOP LOCATION", ("place 3/5 C", "t4 place 3/5 C"),
             "a placement; the current turn is filled in (WS-2)"),
        Form("[rROUND] set LOCATION=TROOP|- ... [buff TROOP attack|health]",
             ("set A=3/5 B=-", "r2 set A=3/5 buff 3/5 health", "set"),
             "a relocation, at most 3 changes; 'set' alone changes nothing (WS-4, WS-5)"),
    )

    _NUMBER = re.compile(r"^(t|turn|r|round)(\d+)$")
    _ASSIGN = re.compile(r"^([a-z]{1,3})=(\d+/\d+|-|none|empty|reserve)$")
    _TROOP = re.compile(r"^\d+/\d+$")
    _STAT: ClassVar[dict[str, str]] = {"attack": "attack", "atk": "attack", "a": "attack",
                                       "health": "health", "hp": "health", "h": "health"}

    def parse_move(self, text: str) -> dict[str, Any]:
        raw = re.sub(r"\s*=\s*", "=", text.strip().lower().replace(",", " "))
        words = raw.split()
        number: tuple[str, int] | None = None
        rest = []
        index = 0
        while index < len(words):
            word = words[index]
            if word in ("turn", "round") and index + 1 < len(words) and words[index + 1].isdecimal():
                word, index = word + words[index + 1], index + 1
            found = self._NUMBER.match(word)
            if found and number is None:
                number = ("turn" if found.group(1).startswith("t") else "round", int(found.group(2)))
            else:
                rest.append(word)
            index += 1
        move = self._parse_placement(rest) if (number or ("", 0))[0] != "round" else None
        if move is None and (number is None or number[0] == "round"):
            move = self._parse_relocation(rest)
        if move is None:
            raise NotationError(f"'{text}' is not a Winning Streak move. Write a placement as 't4 place 3/5 C' "
                                f"(turn, troop, location) or a relocation as 'r2 set A=3/5 B=- buff 3/5 health' "
                                f"('r2 set' alone changes nothing).")
        if number is not None:
            move[number[0]] = number[1]
        return move

    _FILLERS = ("place", "p", "at", "in", "on", "to", "into", "put")   # read past between a troop and its location

    def _parse_placement(self, words: list[str]) -> dict[str, Any] | None:
        """`place 3/5 C`, `3/5 to C`, `C: 3/5`: one troop and one location, in either order."""
        words = [w for w in words if w not in self._FILLERS]
        if len(words) == 2 and self._TROOP.match(words[0]) and words[1].isalpha():
            # any word as the location: the schema and the rules say precisely what is wrong
            return {"phase": "placement", "troop": words[0], "location": words[1].upper()}
        if len(words) == 2 and self._TROOP.match(words[1]) and self._is_location_word(words[0]):
            return {"phase": "placement", "troop": words[1], "location": words[0].upper()}
        return None

    def _is_location_word(self, word: str) -> bool:
        """A word that can name a location (the rules and is_plausible say whether it is one)."""
        return word.isalpha() and len(word) <= 3 and word not in ("set", "buff", "reserve", "none")

    def _parse_relocation(self, words: list[str]) -> dict[str, Any] | None:
        """`set A=3/5 B=- buff 3/5 health`; changes also as players write them (issue 23):
        `4/5 C 5/4 D` or `C 4/5` (a troop and its new location, either order), `A reserve`
        (withdraw A's troop)."""
        if words and words[0] in ("set", "relocate", "s"):
            words = words[1:]
        elif words in (["pass"], ["none"], ["no", "change"]):
            words = []
        elif not words:
            return None
        move: dict[str, Any] = {"phase": "relocation", "set": {}}
        index = 0
        while index < len(words):
            word = words[index]
            found = self._ASSIGN.match(word)
            if found:
                value = found.group(2)
                if found.group(1).upper() in move["set"]:   # `set A=3/5 A=4/5`: which one? (issue 23)
                    return None
                move["set"][found.group(1).upper()] = value if self._TROOP.match(value) else None
                index += 1
                continue
            if word == "buff" and index + 2 < len(words) and "buff" not in move:
                one, two = words[index + 1], words[index + 2]
                troop, stat = (one, two) if self._TROOP.match(one) else (two, one)
                if self._TROOP.match(troop) and stat.lstrip("+") in self._STAT:
                    move["buff"] = {"troop": troop, "stat": self._STAT[stat.lstrip("+")]}
                    index += 3
                    continue
            pair = self._withdrawal_at(words, index) if word in self._WITHDRAW else self._change_at(words, index)
            if pair is None or pair[0] in move["set"]:
                return None
            location, occupant, index = pair
            move["set"][location] = occupant
        return move

    _WITHDRAW = frozenset({"withdraw", "withdraws", "withdrawing"})

    def _withdrawal_at(self, words: list[str], index: int) -> tuple[str, str | None, int] | None:
        """`withdraw B`, `withdraw from B`: B's troop back to reserve (WS-4), as (location, None,
        next index). A troop named too (`withdraw 5/5 from B`) is no reading here: the move
        cannot carry it, so a troop that is not B's would be read past; the post is refused."""
        following = index + 1
        while following < len(words) and words[following] in ("from", "at", "in", "on"):
            following += 1
        if following >= len(words) or not self._is_location_word(words[following]):
            return None
        return words[following].upper(), None, following + 1

    def _change_at(self, words: list[str], index: int) -> tuple[str, str | None, int] | None:
        """(location, new occupant or None, next index) of a change written as a troop and a
        location in either order, or a location and `reserve`, with fillers between."""
        following = index + 1
        while following < len(words) and words[following] in self._FILLERS:
            following += 1
        if following >= len(words):
            return None
        one, two = words[index], words[following]
        if self._TROOP.match(one) and self._is_location_word(two):
            return two.upper(), one, following + 1
        if self._is_location_word(one) and (self._TROOP.match(two) or two == "reserve"):
            return one.upper(), (two if two != "reserve" else None), following + 1
        return None

    def lexicon(self) -> Lexicon:
        """The words of Winning Streak moves (issue 23): the locations, troops `3/5`, changes
        `C=3/5`, the turn or round, `place`, `set`, `reserve`, and the Advantage (WS-5) as
        players write it: "advantage" is `buff`, and its fixed "+1" says nothing more."""
        amount = self.params.get("advantage_amount")
        phrases: dict[tuple[str, ...], tuple[str, ...]] = {("advantage",): ("buff",)}
        if isinstance(amount, int):
            phrases[(f"+{amount}",)] = ()
        words = {x.casefold() for x in self.locations} | {"place", "set", "buff", "relocate", "reserve", "turn",
                                                          "round", *self._STAT, *self._WITHDRAW}
        return Lexicon(frozenset(words), (r"\d+/\d+", r"[a-z]{1,3}=\S*", r"t\d+", r"r\d+"), phrases,
                       frozenset({"buff"}))

    def is_plausible(self, move: dict[str, Any]) -> bool:
        """Among other words of a post, `pass`, `none` and `no change` are chatter: a relocation
        that changes nothing is read only as the whole post or with its round (`r2 set`); and a
        run naming no location of the match (`3/5 x`) is no move (issue 17)."""
        named = [move.get("location")] if move.get("phase") == "placement" else list(move.get("set") or ())
        if not all(isinstance(x, str) and x.upper() in self.line_position for x in named):
            return False
        return move.get("phase") != "relocation" or bool(move.get("set") or move.get("buff")) or "round" in move

    def complete_move(self, s: StreakState, player: str, move: dict[str, Any]) -> dict[str, Any]:
        """Fill in the turn or round a typed move left out: the current one (so `place 3/5 C` works).

        A number for the other kind of phase is still filled in, so check_move can say
        plainly that this is the wrong phase rather than the schema saying a field is missing.
        """
        move = dict(move)
        if move.get("phase") == "placement" and "turn" not in move and s.stage == "relocation" \
                and isinstance(move.get("location"), str):
            # `place 3/5 C` or `3/5 to C` while relocating: the troop moves to C (WS-4)
            move = {"phase": "relocation", "set": {move["location"]: move.get("troop")}}
        if move.get("phase") == "placement" and "turn" not in move:
            move["turn"] = s.turn
        elif move.get("phase") == "relocation" and "round" not in move:
            move["round"] = max(s.round, 1)
        return move

    def format_move(self, move: dict[str, Any]) -> str:
        if move["phase"] == "placement":
            prefix = f"t{move['turn']} " if "turn" in move else ""
            return f"{prefix}place {move['troop']} {move['location']}"
        prefix = f"r{move['round']} " if "round" in move else ""
        order = self.line_position
        changes = sorted(move["set"].items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0]))
        words = [f"{prefix}set"] + [f"{x}={name or '-'}" for x, name in changes]
        if move.get("buff"):
            words.append(f"buff {move['buff']['troop']} {move['buff']['stat']}")
        return " ".join(words)

