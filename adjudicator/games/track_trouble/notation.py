"""Track Trouble typed moves: `1 T2, 2 switch purple, 3 train, extra-miner, remote green`.

Without the layout at hand, a bare name after a miner number is a track to board; switches
take the word `switch`. The round and crossing may be given (`r3 c1: ...`, colon optional) or left to
`complete_move`, which fills in the current ones. `hidden N4 2` is Hidden Value Crossing.
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import Any

from adjudicator.errors import NotationError
from adjudicator.game import Form, Game
from adjudicator.games.track_trouble.state import TTState
from adjudicator.lexicon import Lexicon, item_phrases

# What in a post is Track Trouble move material (issue 23; adjudicator.reading): the notation's
# words and the item keyword each item is written with ("Remote Switch on purple" → remote
# purple). The layouts' names come from the match (Game.lexicon). `nothing`, `pass`, `none`
# are not material: among other words they are chatter ("nothing to add").
KEYWORDS = ("switch", "sw", "activate", "board", "train", "remote", "remote-switch", "extra-miner",
            "hidden", "hidden-value", "round", "crossing")
ITEM_KEYWORDS = {"extra-miner": ("extra-miner",), "remote-switch": ("remote",), "hidden-value": ("hidden",)}
SHAPES = (r"r\d+", r"c\d+", r"r\d+c\d+")   # the round and crossing: r3 c1, r3c1


def lexicon_for(names: frozenset[str], items: dict[str, Any]) -> Lexicon:
    """The words of Track Trouble moves for a match whose layouts name `names` (case-folded)."""
    phrases = item_phrases(items, ITEM_KEYWORDS)
    phrases[("extra", "miner")] = ("extra-miner",)
    phrases[("remote", "switch")] = ("remote",)
    phrases.update({(verb,): ("switch",) for verb in ("flip", "flips", "toggle", "toggles", "activates")})
    phrases.update({(verb,): ("board",) for verb in ("boards", "boarding", "rides", "takes")})
    return Lexicon(frozenset(KEYWORDS) | names, SHAPES, phrases, frozenset({"remote", "extra-miner"}))

# `r3 c1:` with or without the colon, as Winning Streak reads `t4 place` (issue 17): nothing
# else a submission starts with is `r` or `c` and a number (it starts with a miner or an item).
_PREFIX = re.compile(r"^\s*(?:r(?:ound)?\s*(\d+))?\s*(?:c(?:rossing)?\s*(\d+))?\s*:?\s*", re.IGNORECASE)
_HELP = ("Write each miner's action as NUMBER TRACK, NUMBER switch NAME, NUMBER train or NUMBER nothing, "
         "separated by commas, e.g. '1 T2, 2 switch purple, 3 train'; add 'extra-miner' or 'remote NAME' "
         "for items; 'nothing' submits no action; 'hidden N4 2' is Hidden Value Crossing.")


def parse(text: str) -> dict[str, Any]:
    """A move object from typed text; round and crossing only when written."""
    move: dict[str, Any] = {}
    body = text
    prefix = _PREFIX.match(text)
    if prefix and (prefix.group(1) or prefix.group(2)):
        if prefix.group(1):
            move["round"] = int(prefix.group(1))
        if prefix.group(2):
            move["crossing"] = int(prefix.group(2))
        body = text[prefix.end():]
    tokens = body.replace(",", " , ").replace(";", " , ").split()
    actions: list[dict[str, Any]] = []
    items: list[dict[str, Any]] = []
    hidden = None
    i = 0

    def need(index: int, what: str) -> str:
        if index >= len(tokens) or tokens[index] == ",":
            raise NotationError(f"'{text}': {what} is missing after '{' '.join(tokens[:index])}'. {_HELP}")
        return tokens[index]

    while i < len(tokens):
        word = tokens[i]
        low = word.lower()
        if word == ",":
            i += 1
            continue
        if low.isdecimal():
            group = [int(low)]   # `1 and 2 on T1`: miners joined by "and" share the action (issue 23)
            while i + 2 < len(tokens) and tokens[i + 1].lower() in ("and", "&", "+") and tokens[i + 2].isdecimal():
                group.append(int(tokens[i + 2]))
                i += 2
            if i + 2 < len(tokens) and tokens[i + 1].lower() in ("on", "to") and tokens[i + 2] != ",":
                i += 1   # `3 on T3`, `1 to T2`
            action, taken = _action(tokens, i, group[-1], text, need)
            actions.extend({"miner": miner, **action} for miner in group if action is not None)
            i += taken
        elif low == "extra-miner" or (low == "extra" and i + 1 < len(tokens) and tokens[i + 1].lower() == "miner"):
            items.append({"use": "extra-miner"})   # not `extra` alone: "nothing extra" is no Extra Miner
            i += 1 if low == "extra-miner" else 2
        elif low in ("remote", "remote-switch"):
            j = i + 1
            if low == "remote" and j < len(tokens) and tokens[j].lower() == "switch" and \
                    j + 1 < len(tokens) and tokens[j + 1] != ",":
                j += 1
            items.append({"use": "remote-switch", "switch": need(j, "the switch for Remote Switch")})
            i = j + 1
        elif low in ("hidden", "hidden-value") and hidden is not None:
            raise NotationError(f"'{text}': one Hidden Value a submission (TT-7). {_HELP}")
        elif low in ("hidden", "hidden-value"):
            destination = need(i + 1, "the destination for Hidden Value")
            j = i + 2
            if j < len(tokens) and tokens[j] in ("=", "to"):
                j += 1
            value = need(j, "the value for Hidden Value")
            if not value.isdecimal():
                raise NotationError(f"'{text}': the Hidden Value must be a number, not '{value}'. {_HELP}")
            hidden = {"use": "hidden-value", "destination": destination, "value": int(value)}
            i = j + 1
        elif low in ("nothing", "none", "pass", "-", "empty"):
            i += 1
        else:
            raise NotationError(f"'{text}': cannot read '{word}'. {_HELP}")
    if hidden is not None:
        if actions or items or "crossing" in move:
            raise NotationError(f"'{text}': Hidden Value Crossing is a move of its own, before the round's "
                                f"first crossing-1 submission (TT-7); submit the crossing separately.")
        move["items"] = [hidden]
        return move
    move["actions"] = actions
    if items:
        move["items"] = items
    return move


def _action(tokens: list[str], i: int, miner: int, text: str, need: Any) -> tuple[dict[str, Any] | None, int]:
    """The action written after the miner number at tokens[i] (None: nothing, TT-3), and how
    many tokens the number and the action take."""
    action_word = need(i + 1, f"an action for miner {miner}")
    action_low = action_word.lower()
    if action_low in ("switch", "sw", "activate"):
        return {"switch": need(i + 2, "a switch name")}, 3
    if action_low == "board":
        return {"board": need(i + 2, "a track name")}, 3
    if action_low == "train":
        return {"train": True}, 2
    if action_low in ("nothing", "none", "-", "pass", "rest"):
        return None, 2   # TT-3: doing nothing is the same as no action
    if action_low.isdecimal():
        raise NotationError(f"'{text}': miner {miner} has no action before '{action_word}'. {_HELP}")
    return {"board": action_word}, 2


def format_move(move: dict[str, Any]) -> str:
    """The canonical typed form; `parse` reads it back to the same move."""
    head = ""
    if "round" in move:
        head = f"r{move['round']}"
        if "crossing" in move:
            head += f" c{move['crossing']}"
        head += ": "
    if "crossing" not in move and "actions" not in move:
        parts = []
        for item in move.get("items") or ():
            if item.get("use") == "hidden-value":
                parts.append(f"hidden {item.get('destination')} {item.get('value')}")
        return head + (", ".join(parts) or "nothing")
    parts = []
    for action in move.get("actions") or ():
        miner = action.get("miner")
        if "board" in action:
            parts.append(f"{miner} {action['board']}")
        elif "switch" in action:
            parts.append(f"{miner} switch {action['switch']}")
        elif action.get("train"):
            parts.append(f"{miner} train")
    for item in move.get("items") or ():
        if item.get("use") == "extra-miner":
            parts.append("extra-miner")
        elif item.get("use") == "remote-switch":
            parts.append(f"remote {item.get('switch')}")
        elif item.get("use") == "hidden-value":
            parts.append(f"hidden {item.get('destination')} {item.get('value')}")
    return head + (", ".join(parts) or "nothing")


class TrackTroubleNotation(Game[TTState]):
    """Typed moves as a match reads them: the current round and crossing filled in, names
    spelled as the layout spells them, and the names of the match's layouts as its words."""

    notation = (
        Form("[rROUND cCROSSING[:]] MINER TRACK|switch NAME|train|nothing, ...",
             ("1 T2, 2 switch purple, 3 train", "r3 c1: 1 T2", "r3 c1 1 T2"),
             "one action per miner, the current round and crossing filled in (TT-3)"),
        Form("... extra-miner | remote SWITCH", ("1 T2, extra-miner", "remote green"),
             "Extra Miner, Remote Switch (TT-7)"),
        Form("nothing", ("nothing",), "an empty submission (G-2)"),
        Form("hidden DESTINATION VALUE", ("hidden N4 2",),
             "Hidden Value Crossing, before the round's first submission and within its 3 minutes (TT-7, TT-9)"),
    )

    def parse_move(self, text: str) -> dict[str, Any]:
        return parse(text)

    def format_move(self, move: dict[str, Any]) -> str:
        return format_move(move)

    @staticmethod
    def _hidden_form(move: dict[str, Any]) -> bool:
        return "crossing" not in move and "actions" not in move

    def complete_move(self, s: TTState, player: str, move: dict[str, Any]) -> dict[str, Any]:
        """Typed moves may leave out the current round and crossing; names match the layout's
        spelling regardless of case (`t2` → `T2`)."""
        if not isinstance(move, dict) or s.finished:
            return move
        out: dict[str, Any] = {"round": move.get("round", s.round)}
        items = move["items"] if isinstance(move.get("items"), list) else ()   # the schema judges the rest
        if not self._hidden_form(move) or not any(isinstance(i, dict) and i.get("use") == "hidden-value"
                                                  for i in items):
            out["crossing"] = move.get("crossing", s.crossing)
            out["actions"] = move.get("actions", [])
        out.update({k: v for k, v in move.items() if k not in out})
        fix = self._spelling(s)
        if isinstance(out.get("actions"), list):
            out["actions"] = [fix(a, "board", "switch") for a in out["actions"]]
        if isinstance(out.get("items"), list):
            out["items"] = [fix(i, "switch", "destination") for i in out["items"]]
        return out

    def is_plausible(self, move: dict[str, Any]) -> bool:
        """Among other words of a post, `2 please` is no boarding: every track, switch and
        destination a run names must be one of the match's layouts; and `nothing`, `pass`, `none`
        are chatter there ("nothing to add"): an empty submission is read only as the whole post
        or with its round and crossing (`r3 c1: nothing`)."""
        if not move.get("actions") and not move.get("items") and ("round" not in move or "crossing" not in move):
            return False   # "r1 c1: nothing" is an empty submission; "this round 1" is chatter
        said = [entry.get(key) for group in ("actions", "items") for entry in move.get(group) or ()
                if isinstance(entry, dict) for key in ("board", "switch", "destination") if key in entry]
        return all(isinstance(name, str) and name.lower() in self._known_names for name in said)

    def lexicon(self) -> Lexicon:
        """Miners, actions and items as players write them, and every name of the match's layouts."""
        return lexicon_for(self._known_names, self.ruleset.items)

    @cached_property
    def _known_names(self) -> frozenset[str]:
        """Every name of every layout of the match, tie-break layouts included, case-folded."""
        layouts = [*(self.params.get("layouts") or ()), *(self.params.get("tiebreak_layouts") or ())]
        return frozenset(str(name).lower() for layout in layouts if isinstance(layout, dict)
                         for key in ("tracks", "switches", "destinations")
                         for name in (layout[key] if isinstance(layout.get(key), dict) else ()))

    def _spelling(self, s: TTState) -> Any:
        names = {n.lower(): n for n in [*s.layout["tracks"], *s.layout["switches"], *s.layout["destinations"]]}

        def fix(entry: Any, *keys: str) -> Any:
            if not isinstance(entry, dict):
                return entry
            entry = dict(entry)
            for key in keys:
                value = entry.get(key)
                if isinstance(value, str) and value.lower() in names:
                    entry[key] = names[value.lower()]
            return entry
        return fix
