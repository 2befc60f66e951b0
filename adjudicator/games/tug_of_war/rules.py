"""The rules core of Zero's Tug of War: the turn (choice, cards, points, wins, Conker, rewards,
discards, TW-2…TW-9, TW-18), set-up, the outcome and the self-play hooks.

One function, `_resolve`, plays a turn in the order TW-9 fixes: the cards (`_play_cards`),
then the rest (`_after_cards`). `apply_move` plays it on the match state. `check_move` never
touches the match: past the checks that need no card played (`_precheck`), only the cards can
refuse a move without a discard, so it plays just the cards, on a copy of the chosen module
(none at all for one card that cannot be refused), and apply_move adopts them; a move with a
discard is played whole on a scratch state that copies only what a turn can change.
The rules core writes no text: events, refusals and endings are data, worded in words.py.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, NamedTuple, cast

from adjudicator.game import Event, Game, Illegal, Outcome, Pending, Turn, new_event
from adjudicator.games.tug_of_war.grids import Maze, Path
from adjudicator.games.tug_of_war.modules import (
    Clock,
    Collation,
    Conker,
    Gain,
    Module,
    Play,
    Race,
    Rope,
    Tower,
)

WINNER = itemgetter("winner")
MODULES = {cls.name: cls for cls in (Rope, Race, Collation, Clock, Maze, Path, Conker, Tower)}
ATOMS = frozenset((str, int, type(None), bool, float))
EXTRAS = (("option", "tower"), ("directions", "maze"), ("anchors", "path"))   # a move's module fields (TW-3)
# The move fields that belong to another module than each module (TW-3): as (field, owner)
# pairs, and the fields alone. The same for every match, so worked out once, not per game.
FOREIGN = {key: tuple((extra, owner) for extra, owner in EXTRAS if owner != key) for key in MODULES}
FOREIGN_FIELDS = {key: frozenset(extra for extra, _ in pairs) for key, pairs in FOREIGN.items()}
R3_5, R6, R7, R8, R9, R16_9, R18 = ("TW-3", "TW-5"), ("TW-6",), ("TW-7",), ("TW-8",), ("TW-9",), ("TW-16", "TW-9"), \
    ("TW-18",)


class Bar(NamedTuple):
    """Why a module is barred to a player this turn (`blocked`, `opponent-previous`,
    `own-previous`), the ruling that bars it and the number of active modules."""

    why: str
    ruling: str
    active: int = 0


@dataclass
class TWState:
    """Plain data, mutated in place by replay."""

    hands: dict[str, list[int]]
    mods: dict[str, dict[str, Any]]          # module → {"winner", "points", …module's own fields}
    to_play: str                             # whose module turn is next (after any discards)
    last: dict[str, str | None]           # the module each player used on their previous turn (TW-4)
    blocked: dict[str, str | None]        # Block Move: barred for that player's next turn (TW-18)
    owe: list[str] = field(default_factory=list)   # players who must discard, in order (TW-7)
    turns: int = 0
    winner: str | None = None
    termination: str = ""                    # why the rules ended the match: "modules-won", "hand-empty"
    figures: dict[str, Any] = field(default_factory=dict)   # what decided it
    ended: bool = False                      # ended by a host entry or the clock, not by the rules
    drawn: bool = True                       # who starts is known (False while the opening pick is due, G-6)


def plain_copy(value: Any) -> Any:
    """A deep copy of plain data (dicts, lists, numbers, strings, None), as module states are;
    several times quicker than copy.deepcopy, which `legal_moves` would call for every move it
    previews. Anything else still goes through deepcopy."""
    kind = type(value)
    if kind is dict:
        copied = value.copy()
        for key, item in value.items():
            if type(item) not in ATOMS:
                copied[key] = plain_copy(item)
        return copied
    if kind is list:
        return [item if type(item) in ATOMS else plain_copy(item) for item in value]
    if kind in ATOMS:
        return value
    return copy.deepcopy(value)



def cascade(n: int, top: int) -> list[int]:
    """A reward of strength n as cards (TW-6): 0 → none; 12 → 5, 5, 2."""
    if n <= 0:
        return []
    return [top] * (n // top) + ([n % top] if n % top else [])

# What a turn asks of a module (TW-3): the module, the most cards it takes, the move fields
# that belong to other modules, its own move checks and its after-cards step (or None).
PerKey = tuple[Module, int, frozenset[str], Callable[[dict[str, Any], list[int]], None] | None,
               Callable[[Play], None] | None]


class TugOfWarRules(Game[TWState]):
    """The rules core: set-up, what is due, the turn, rewards, the outcome and self-play (TW-1…TW-19)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._checked: tuple[Any, ...] | None = None  # the last move check_move played on a copy
        self.modules: dict[str, Module] = {}
        for key in self.params.get("modules", []):
            if key in MODULES and isinstance(self.params.get(key), dict):
                self.modules[key] = MODULES[key](self, self.params[key])
        self._dues = {p: (Turn((p,), "discard"), Turn((p,), "play-module")) for p in self.player_ids}
        self._rivals = {a: b for a, b in (self.player_ids, self.player_ids[::-1])} if len(self.player_ids) == 2 else {}
        self._foreign = FOREIGN   # the move fields that belong to another module than each module (TW-3)
        # What a turn asks of each module, looked up once per entry (TW-3): the module, the
        # most cards it takes, the move fields that belong to other modules, and its own move
        # checks and after-cards step (None where it has none).
        # Read with `get` (validate_params judges them later); a ruleset that passes has each.
        self._top = cast(int, self.params.get("max_strength"))       # the strongest card (TW-6)
        self._limit = cast(int, self.params.get("hand_limit"))       # the hand limit (TW-7)
        per_turn = cast(int, self.params.get("cards_per_turn"))
        self._per_key: dict[str, PerKey] = {key: (module, module.p.get("max_cards", per_turn),
                               FOREIGN_FIELDS[key],
                               module.check_extras if type(module).check_extras is not Module.check_extras else None,
                               module.after_cards if type(module).after_cards is not Module.after_cards else None)
                         for key, module in self.modules.items()}

    def side(self, player: str) -> str:
        return self.by_id[player].side

    # --- Parameters ---------------------------------------------------------------------
    def validate_params(self) -> list[str]:
        p = self.params
        problems = []
        for key in p.get("modules", []):
            if key not in MODULES:
                problems.append(f"modules: '{key}' is not a module ({', '.join(MODULES)}).")
            elif not isinstance(p.get(key), dict):
                problems.append(f"modules: '{key}' has no parameters ({key}: …).")
        if len(set(p.get("modules", []))) != len(p.get("modules", [])):
            problems.append("modules must list each module once.")
        if len(p.get("modules", [])) < 2 * p["modules_to_win"]:
            # Before anyone wins, up to 2 × (modules_to_win − 1) modules are won; the player must
            # still have an active module besides their own previous one (TW-4, TW-9).
            problems.append(f"modules must list at least 2 × modules_to_win ({2 * p['modules_to_win']}) "
                            f"modules, so that a player always has one to choose (TW-4, TW-9).")
        if p["hand_limit"] < 1 or p["max_strength"] < 1 or p["cards_per_turn"] < 1:
            problems.append("hand_limit, max_strength and cards_per_turn must be at least 1.")
        for which in ("first", "second"):
            hand = p["starting_hands"][which]
            if not hand or any(not 1 <= c <= p["max_strength"] for c in hand):
                problems.append(f"starting_hands.{which} must hold cards of strength 1–{p['max_strength']}.")
        for letter in ("B", "C", "G"):
            if letter not in p["fixed_rewards"]:
                problems.append(f"fixed_rewards must give letter {letter}.")
        early = p.get("collation", {}).get("early_end")
        if early is not None and not (isinstance(early, dict) and {"taken", "holding"} <= set(early)):
            problems.append("collation.early_end must be null or {taken: N, holding: N}.")
        if set(self.ruleset.sides) != {"red", "blue"}:
            problems.append("sides must be red and blue (TW-1).")
        for module in self.modules.values():
            problems += module.validate()
        return problems

    # --- Set-up -------------------------------------------------------------------------
    def first_player(self) -> str:
        """The header's `first` (G-6, TW-18 Starter); without it the first listed player."""
        return self.header.get("first") or self.player_ids[0]

    def initial_state(self) -> TWState:
        """The opening state; while the draw of who starts is due (`first_by: pick`, G-6) nobody
        is to play and no hand is dealt yet, since the starter's hand differs (TW-2)."""
        state = self.start_with(self.first_player())
        if self.header.get("first_by") == "pick" and not self.header.get("first"):
            state.drawn = False
        return state

    def start_with(self, first: str) -> TWState:
        """The opening state with `first` to play: the header's choice or an opening pick (G-6)."""
        second = self.opponent(first)
        hands = {first: sorted(self.params["starting_hands"]["first"]),
                 second: sorted(self.params["starting_hands"]["second"])}
        mods = {}
        nil = dict.fromkeys(self.player_ids, 0)
        for key, module in self.modules.items():
            mods[key] = {"winner": None, "points": nil.copy(), **module.initial()}
        if "conker" in mods:  # TW-18 Conker Start
            for pl in self.players:
                if "conker-start" in pl.items:
                    mods["conker"]["points"][pl.id] += self.modules["conker"].p["start_item_points"]
        return TWState(hands=hands, mods=mods, to_play=first, last=dict.fromkeys(self.player_ids),
                       blocked=dict.fromkeys(self.player_ids))

    def pending(self, s: TWState) -> Pending:
        if s.winner:
            return None
        if s.owe:
            return self._dues[s.owe[0]][0]
        return self._dues[s.to_play][1]

    # --- Small queries ------------------------------------------------------------------
    def active(self, s: TWState) -> list[str]:
        return [k for k, m in s.mods.items() if m["winner"] is None]

    def won_count(self, s: TWState, player: str) -> int:
        return list(map(WINNER, s.mods.values())).count(player)

    def barred(self, s: TWState, player: str) -> dict[str, Bar]:
        """Modules `player` may not choose now, each with why and the ruling (TW-4, TW-18)."""
        out: dict[str, Bar] = {}
        n = len(self.active(s))
        blocked = s.blocked.get(player)
        if blocked:
            out[blocked] = Bar("blocked", "TW-18", n)
        opp = self.opponent(player)
        theirs, mine = s.last[opp], s.last[player]
        if n >= self.params["bar_opponent_from_active"] and theirs:
            out[theirs] = Bar("opponent-previous", "TW-4", n)
        if mine:
            out[mine] = Bar("own-previous", "TW-4", n)
        return out

    # --- Moves --------------------------------------------------------------------------
    def check_move(self, s: TWState, player: str, move: dict[str, Any]) -> None:
        self._checked = None
        if "module" not in move:
            self._check_discard_only(s, player, move)
            return
        module = self._precheck(s, player, move)
        if "discard" in move:
            # An in-move discard is judged on the hand after the whole turn (TW-7, TW-9): the
            # turn is played on a scratch copy of all it can change, never the match state.
            scratch = self._scratch(s, module.name)
            events = self._resolve(scratch, player, move)
            self._checked = (s, player, move, s.turns, scratch, events)
            return
        cards = move["cards"]
        if len(cards) == 1:   # past _precheck, only a card after a point or win, or a Race overshoot, is refused
            if module.card_may_refuse:
                module.check_lone_card(s.mods[module.name], player, cards[0])
            return
        # The cards alone can still be refused (TW-5, TW-9, TW-11): they are played on a copy of
        # the chosen module, which is all they change; apply_move adopts it.
        play = self._play_cards(s, player, move, module.copy(s.mods[module.name]))
        self._checked = (s, player, move, s.turns, None, play)

    def apply_move(self, s: TWState, player: str, move: dict[str, Any]) -> list[Event]:
        checked = self._checked
        if checked is None:
            if "module" in move:
                return self._resolve(s, player, move)
            return self._discard_only(s, player, move["discard"])
        self._checked = None
        if checked[0] is s and checked[2] is move and checked[1] == player and checked[3] == s.turns \
                and "module" in move:
            # The engine applies right after checking: adopt what check_move played instead of
            # playing it a second time.
            scratch, done = checked[4], checked[5]
            if scratch is not None:   # the whole turn, on a scratch copy of all it changes
                vars(s).update(vars(scratch))
                events: list[Event] = done
                return events
            # the cards, on a copy of the chosen module
            s.mods[done.module] = done.mod
            hand = s.hands[player]
            for c in done.cards:
                hand.remove(c)
            done.state = s
            return self._after_cards(s, done)
        if "module" in move:
            return self._resolve(s, player, move)
        return self._discard_only(s, player, move["discard"])

    def _scratch(self, s: TWState, module: str) -> TWState:
        """A copy of just what one turn can change: hands, the chosen module, Conker, the
        bookkeeping dicts (the rest is atoms, or replaced whole as `figures` is)."""
        mods = s.mods.copy()
        modules = self.modules
        for key in (module, "conker"):
            mod = mods.get(key)
            if mod is not None:
                mods[key] = modules[key].copy(mod) if key in modules else plain_copy(mod)
        scratch = object.__new__(TWState)   # no __init__: replay makes one per entry
        fields = s.__dict__.copy()
        hands = s.hands.copy()
        for p, hand in hands.items():
            hands[p] = hand[:]
        fields["hands"] = hands
        fields["mods"] = mods
        fields["last"] = s.last.copy()
        fields["blocked"] = s.blocked.copy()
        fields["owe"] = s.owe[:]
        scratch.__dict__ = fields
        return scratch

    def _check_discard_only(self, s: TWState, player: str, move: dict[str, Any]) -> None:
        if not s.owe:
            raise Illegal("no-discard-due", "TW-3", "TW-7", player=player)
        if "item" in move:
            raise Illegal("item-without-module", "TW-18")
        self._check_discard(s.hands[player], move["discard"], player)

    def _check_discard(self, hand: list[int], discard: list[int], player: str, after_turn: bool = False) -> None:
        """A discard must leave exactly the hand limit (TW-7). `hand` is the hand the discard
        comes from: inside a module move, the hand after the cards and rewards (TW-9)."""
        whose = "after-turn" if after_turn else "hand"
        self._need_cards(hand, discard, "discard", "TW-7", whose, player)
        if len(hand) - self.params["hand_limit"] == len(discard):
            return
        raise Illegal("bad-discard", "TW-7", player=player, whose=whose, hand=sorted(hand), count=len(discard))

    def _need_cards(self, hand: list[int], cards: list[int], what: str, ruling: str,
                    whose: str = "the-hand", player: str | None = None) -> None:
        """Every card named is in `hand`, each card counted once (TW-3, TW-7). `what` is
        `play` or `discard`; `whose` says which hand (`the-hand`, `hand`, `after-turn`)."""
        if len(cards) == 1 and cards[0] in hand:
            return
        pool = list(hand)
        for c in cards:
            if c not in pool:
                raise Illegal("card-not-in-hand", ruling, what=what, card=c, whose=whose, player=player,
                              hand=sorted(hand), twice=c in hand)
            pool.remove(c)

    def _discard_only(self, s: TWState, player: str, discard: list[int]) -> list[Event]:
        hand = s.hands[player]
        for c in discard:
            hand.remove(c)
        s.owe.pop(0)
        return [Event("discarded", {"player": player, "cards": discard, "hand": list(hand)}, R7)]

    def _precheck(self, s: TWState, player: str, move: dict[str, Any]) -> Module:
        """Everything about a module move that does not need the cards resolved; returns the
        chosen module."""
        key = move["module"]
        if s.owe:
            raise Illegal("discard-required", "TW-7", player=s.owe[0])
        mod = s.mods.get(key)
        if mod is None:
            raise Illegal("unknown-module", "TW-3", module=key, modules=list(s.mods))
        if mod["winner"] is not None:
            raise Illegal("module-inactive", "TW-3", module=key, winner=mod["winner"])
        if key in s.last.values() or key == s.blocked.get(player):
            bar = self.barred(s, player).get(key)   # only those three can bar a module
            if bar is not None:  # the ruling goes in the rulings only: the engine prints them (TW-4, TW-18)
                code = "module-blocked" if bar.ruling == "TW-18" else "module-barred"
                raise Illegal(code, bar.ruling, player=player, module=key, why=bar.why, active=bar.active)
        module, most, foreign, check_extras, _ = self._per_key[key]
        cards = move["cards"]
        count = len(cards)
        if not 1 <= count <= most:
            raise Illegal("too-many-cards", "TW-15" if key == "path" else "TW-3", module=key, most=most,
                          count=count)
        if count != 1 or cards[0] not in s.hands[player]:
            self._need_cards(s.hands[player], cards, "play", "TW-3")
        if not foreign.isdisjoint(move):
            for extra, owner in self._foreign[key]:
                if extra in move:
                    raise Illegal("extra-not-allowed", "TW-3", extra=extra, owner=owner, module=key,
                                  has_owner=owner in self.modules)
        if check_extras is not None:
            check_extras(move, cards)
        if "item" in move and move["item"]:
            self._check_block(s, player, move["item"])
        return module

    def _check_block(self, s: TWState, player: str, item: dict[str, Any]) -> None:
        n = len(self.active(s))
        if item.get("use") != "block-move":
            raise Illegal("unknown-item", "TW-18", item=item.get("use"), in_move=True)
        if n not in self.params["block_move_active"]:
            raise Illegal("block-move-late", "TW-18", active=n)
        target = item.get("module")
        if target not in s.mods or s.mods[target]["winner"] is not None:
            raise Illegal("block-move-module", "TW-18", module=target, active=self.active(s))

    def max_cards(self, key: str) -> int:
        most: int = self.modules[key].p.get("max_cards", self.params["cards_per_turn"])
        return most

    # --- The turn (TW-9) ----------------------------------------------------------------
    def _resolve(self, s: TWState, player: str, move: dict[str, Any]) -> list[Event]:
        play = self._play_cards(s, player, move, s.mods[move["module"]])
        hand = s.hands[player]
        for c in play.cards:  # the played cards leave the hand (TW-10 letter A counts after this)
            hand.remove(c)
        return self._after_cards(s, play)

    def _play_cards(self, s: TWState, player: str, move: dict[str, Any], mod: dict[str, Any]) -> Play:
        """Step 1 of the turn: the cards, one by one (TW-5), on `mod`, the chosen module's
        state (the match's, or a copy); none may follow a point or a Tower/Maze win (TW-9).
        The cards change nothing else, so check_move can play them on a copy of `mod` alone."""
        key = move["module"]
        cards = list(move["cards"])
        play = Play(player, self._rivals.get(player) or self.opponent(player), key, cards, move, mod, s,
                    new_event(("played", {"player": player, "cards": cards, "module": key}, R3_5)))
        card_of = self._per_key[key][0].card
        if len(cards) == 1:
            card_of(play, cards[0])
            return play
        for index, card in enumerate(cards):
            if play.scorer or play.won_outright:
                raise Illegal("card-after-point", "TW-5", "TW-9", card=card, index=index, module=key,
                              after="point" if play.scorer else "win")
            play.index = index
            card_of(play, card)
        return play

    def _after_cards(self, s: TWState, play: Play) -> list[Event]:
        """Steps 2–6 of the turn (TW-9), once the cards are played on `s`'s chosen module and
        have left the mover's hand."""
        key = play.module
        module, _, _, _, after = self._per_key[key]
        if after is not None:
            after(play)
        # 2. Module point → module win → match end.
        scorer = play.scorer
        won = play.won_outright
        if scorer or won:
            if scorer:
                self._point(s, play, key, scorer)
            if won:
                self._win(s, play, key, won, "TW-14" if key == "maze" else "TW-17")
            if s.winner:
                return self._finish_early(s, play)
            # 3. Conker release → Conker point → Conker win → match end (TW-16).
            if key != "conker" or won:
                gains = self._release(s, play)
                if s.winner:
                    return self._finish_early(s, play)
            else:
                gains = []
            # 4. Rewards, from the state as it stands now (TW-6).
            reward = module.scoring_reward(play) if scorer else None
            gains = (reward if reward is not None else module.usual_reward(play)) + gains
        elif s.winner:   # a match the rules already ended (a test may play on from one)
            return self._finish_early(s, play)
        else:
            gains = module.usual_reward(play)
        # Each gain cascades (TW-6); gains with the same reason are told in one event.
        events = play.events
        hands = s.hands
        if len(gains) == 1:   # the usual case: one gain, one event
            who, n, why = gains[0]
            got = [n] if 0 < n <= self._top else cascade(n, self._top)
            hands[who] += got
            events.append(new_event(("gained", {"player": who, "cards": got, "strengths": [n], "why": why},
                                            R6)))
        else:
            self._pay(hands, events, gains)
        player, opp = play.mover, play.opponent
        hand, their_hand = hands[player], hands[opp]
        hand.sort()
        their_hand.sort()
        # A Block Move on the mover lasted this one turn; one the mover uses now bars a module (TW-18).
        s.blocked[player] = None
        move = play.move
        if "item" in move and move["item"]:
            self._block(s, play)
        # 5. Discards: the mover first, then the opponent (TW-7).
        limit = self._limit
        if "discard" in move:
            self._check_discard(hand, move["discard"], player, after_turn=True)
            for c in move["discard"]:
                hand.remove(c)
            play.tell("discarded", R7, player=player, cards=move["discard"], hand=list(hand))
        elif len(hand) > limit:
            s.owe.append(player)
            play.tell("must-discard", R7, player=player, held=len(hand))
        if len(their_hand) > limit:
            s.owe.append(opp)
            play.tell("must-discard", R7, player=opp, held=len(their_hand))
        s.last[player] = key
        s.to_play = opp
        s.turns += 1
        # 6. Running out (TW-8).
        if not hand:
            s.winner = opp
            s.termination, s.figures = "hand-empty", {"player": player}
            play.tell("hand-empty", R8, player=player)
        return events

    def _finish_early(self, s: TWState, play: Play) -> list[Event]:
        """The end of a turn that won the match (TW-9): the Block Move bookkeeping alone (TW-18)."""
        s.blocked[play.mover] = None
        move = play.move
        if "item" in move and move["item"]:
            self._block(s, play)
        return play.events

    def _block(self, s: TWState, play: Play) -> None:
        """The mover's Block Move bars its module for the opponent's next turn (TW-18)."""
        module = play.move["item"]["module"]
        s.blocked[play.opponent] = module
        play.tell("block-used", R18, player=play.mover, opponent=play.opponent, module=module)

    def _point(self, s: TWState, play: Play, key: str, who: str) -> None:
        mod = s.mods[key]
        points = mod["points"]
        points[who] += 1
        a, b = self.player_ids
        module = self.modules[key]
        play.events.append(new_event(("point", {"module": key, "player": who, "score": [points[a], points[b]]},
                                             (module.ruling, "TW-9"))))
        if points[who] >= module.points_to_win:
            self._win(s, play, key, who, module.ruling)

    def _win(self, s: TWState, play: Play, key: str, who: str, ruling: str) -> None:
        s.mods[key]["winner"] = who
        n = self.won_count(s, who)
        play.tell("module-won", (ruling, "TW-9"), player=who, module=key, won=n)
        if n >= self.params["modules_to_win"]:
            s.winner = who
            s.termination, s.figures = "modules-won", {"player": who, "won": n}
            play.tell("match-won", R9, player=who, won=n)

    def _release(self, s: TWState, play: Play) -> list[Gain]:
        conker = s.mods.get("conker")
        if conker is None or conker["winner"] is not None:
            return []
        h = conker["height"]
        a, b = self.player_ids
        gains = []
        # `winner`: who won the module outright (Tower, Maze); None when a point released them
        high = None if h[a] == h[b] else a if h[a] > h[b] else b
        play.tell("conker-release", R16_9, module=play.module, winner=None if play.scorer else play.won_outright,
                  heights=[h[a], h[b]], high=high)
        if high is not None:
            gains.append((high, self.modules["conker"].p["point_reward"], ("conker-point",)))
            self._point(s, play, "conker", high)
        h[a] = h[b] = 0
        return gains

    # --- Rewards (TW-6) -----------------------------------------------------------------
    # A gain is (player, strength, why); `why` is a reason as data, a tuple (code, values…)
    # that wording.REASONS words: ("race-distance", 3), ("to-opponent", ("tower-option", "C")).
    def letter_reward(self, play: Play, letter: str, why: tuple[Any, ...]) -> list[Gain]:
        """Rope's letters A–G (TW-10), read from the state as it stands (TW-9)."""
        s = play.state
        m, o = play.mover, play.opponent
        if letter == "A":
            n = abs(len(s.hands[m]) - len(s.hands[o])) + 1
            return [(m, n, ("letter-A", why, len(s.hands[m]), len(s.hands[o])))]
        if letter == "D":
            won = self.won_count(s, m)
            return [(m, won + 1, ("letter-D", why, won))]
        if letter == "E":
            return [(m, len(play.cards), ("letter-E", why, len(play.cards)))]
        if letter == "F":
            pts = sum(mod["points"][m] for mod in s.mods.values() if mod["winner"] is None)
            return [(m, pts + 1, ("letter-F", why, pts))]
        return self.fixed_reward(play, letter, why)

    def fixed_reward(self, play: Play, letter: str, why: tuple[Any, ...]) -> list[Gain]:
        spec = self.params["fixed_rewards"][letter]
        mover, opponent = spec.get("mover"), spec.get("opponent")
        out = [(play.mover, n, why) for n in mover] if mover else []
        if opponent:
            to_opponent = ("to-opponent", why)
            out += [(play.opponent, n, to_opponent) for n in opponent]
        return out

    def _pay(self, hands: dict[str, list[int]], events: list[Event], gains: list[Gain]) -> None:
        """Several gains (TW-6): each cascades; gains with the same reason are told in one event."""
        top = self._top
        told: dict[tuple[str, tuple[Any, ...]], list[int]] = {}
        for gain in gains:
            strengths = told.get(gain[::2])
            if strengths is None:
                told[gain[::2]] = [gain[1]]
            else:
                strengths.append(gain[1])
        for (who, why), strengths in told.items():
            if 0 < min(strengths) and max(strengths) <= top:
                got = strengths[:]
            else:
                got = [card for n in strengths for card in cascade(n, top)]
            hands[who] += got
            events.append(new_event(("gained", {"player": who, "cards": got, "strengths": strengths,
                                                       "why": why}, R6)))

    # --- Self-play ----------------------------------------------------------------------
    def bot_score(self, s: TWState, player: str) -> float:
        """Modules won first, then points on the modules still open (as score_end counts)."""
        other = self.opponent(player)
        won = self.won_count(s, player) - self.won_count(s, other)
        points: int = sum(m["points"][player] - m["points"][other] for m in s.mods.values() if m["winner"] is None)
        return 100 * won + points

    def rounds_played(self, s: TWState) -> int:
        return (s.turns + 1) // 2

    def deciders(self, s: TWState, outcome: Outcome) -> list[str]:
        """The modules the winner took; "empty hand" when the loser ran out of cards (TW-8)."""
        if outcome.winner is None:
            return []
        if outcome.termination == "hand-empty":
            return ["empty hand"]
        return sorted(key for key, m in s.mods.items() if m["winner"] == outcome.winner)

    # --- Result -------------------------------------------------------------------------
    def outcome(self, s: TWState) -> Outcome | None:
        return Outcome(s.winner, s.termination, s.figures) if s.winner else None

    def match_over(self, s: TWState, outcome: Outcome) -> None:
        """A host or the clock ended the match: nobody is to play or discard any more."""
        s.ended = True

    def stopped_result(self, s: TWState) -> Outcome:
        """A host's `end` without a winner: more modules won, then more points on active modules.

        The seed has no score for a stopped match; this is the adjudicator's reading.
        """
        a, b = self.player_ids
        wa, wb = self.won_count(s, a), self.won_count(s, b)
        if wa != wb:
            w = a if wa > wb else b
            return Outcome(w, "more-modules-won", {"won": [max(wa, wb), min(wa, wb)]})
        pa = sum(m["points"][a] for m in s.mods.values() if m["winner"] is None)
        pb = sum(m["points"][b] for m in s.mods.values() if m["winner"] is None)
        if pa != pb:
            w = a if pa > pb else b
            return Outcome(w, "more-points", {"points": [max(pa, pb), min(pa, pb)]})
        return Outcome(None, "level")
