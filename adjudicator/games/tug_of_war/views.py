"""What the players of Zero's Tug of War see and may do: the public view (everything is
public), the board as render blocks (one table of the modules, the hands, whose turn it is,
any pending discard, and the Maze and Path grids) and the legal moves with their previews."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import product
from typing import Any, cast

from adjudicator.game import Event, Illegal, ItemsView
from adjudicator.games.tug_of_war import words
from adjudicator.games.tug_of_war.grids import Maze, Path
from adjudicator.games.tug_of_war.modules import DIRECTIONS
from adjudicator.games.tug_of_war.rules import TugOfWarRules, TWState
from adjudicator.render import Para, Pre, Span, Table

# What a legal move's preview keeps of the turn it would play: what the move gains, scores,
# wins or loses.
PREVIEW_KINDS = frozenset(("gained", "module-won", "match-won", "hand-empty", "rope-scored", "race-scored",
                           "collation-early", "collation-emptied", "clock-full", "tower-completed", "tower-lead",
                           "maze-won", "path-scored"))
NOTHING_GAINED = (Event("nothing-gained", {}),)


def frozen(value: Any) -> Any:
    """Plain data made hashable (lists and dicts to tuples), to group previews by their events."""
    if isinstance(value, (list, tuple)):
        return tuple(frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple((k, frozen(v)) for k, v in value.items())
    return value


def multiset_combinations(cards: list[int], k: int) -> Iterator[tuple[int, ...]]:
    """The distinct k-card choices from `cards`, each sorted, in sorted order: what
    `sorted(set(combinations(sorted(cards), k)))` gives, without visiting every choice of
    positions (a hand of 100 equal cards has one way to keep five, not 75 million)."""
    counts = sorted(Counter(cards).items())

    def pick(start: int, left: int) -> Iterator[tuple[int, ...]]:
        if left == 0:
            yield ()
            return
        for index in range(start, len(counts)):
            value, have = counts[index]
            for take in range(min(have, left), 0, -1):
                for rest in pick(index + 1, left - take):
                    yield (value,) * take + rest
    # Lexicographic order: more of a smaller value comes first.
    yield from pick(0, k)


def multiset_permutations(cards: list[int], k: int) -> Iterator[tuple[int, ...]]:
    """The distinct ordered k-card plays from `cards`, in sorted order: what
    `sorted(set(permutations(cards, k)))` gives, visiting each distinct play once."""
    counts = Counter(cards)
    values = sorted(counts)

    def place(left: int) -> Iterator[tuple[int, ...]]:
        if left == 0:
            yield ()
            return
        for value in values:
            if counts[value]:
                counts[value] -= 1
                for rest in place(left - 1):
                    yield (value,) + rest
                counts[value] += 1
    yield from place(k)


def blocks(game: TugOfWarRules, view: dict[str, Any]) -> list[Any]:
    """The public board as render blocks (adjudicator.render), from the public view."""
    a, b = game.player_ids
    names = game.display_names   # players as the thread knows them
    to_play = view["to_play"]
    barred = view.get("barred") or {}
    rows = []
    for key, mod in view["modules"].items():
        module = game.modules[key]
        if mod["winner"]:
            status = f"won by {names[mod['winner']]}"
        else:
            status = "active"
        pts = f"{mod['points'][a]}–{mod['points'][b]}"
        if mod.get("points_to_win"):
            pts += f" (to {mod['points_to_win']})"
        elif not module.has_points:
            pts = "outright"
        who = [names[p] for p in (a, b) if key in barred.get(p, []) and not mod["winner"]]
        rows.append([module.title, mod["state"] if not mod["winner"] else "-", pts, status,
                     ", ".join(who) or "-"])
    out: list[Any] = [Table(["module", "state", f"points {names[a]}–{names[b]}", "status", "may not choose"], rows)]
    hands = "; ".join(f"{names[p]} ({view['sides'][p]}): {' '.join(map(str, h)) or 'empty'}"
                      for p, h in view["hands"].items())
    if view.get("starter_drawn") is False:   # the pick of who starts is due (G-6): no hand is dealt yet
        first, second = (" ".join(map(str, view["starting_hands"][role])) for role in ("first", "second"))
        hands = f"dealt once who starts is drawn: the starter {first}, the other {second}"
    out.append(Para(f"Hands — {hands}"))
    won = ", ".join(f"{names[p]} {n}" for p, n in view["modules_won"].items())
    out.append(Para(f"Modules won — {won} (first to {game.params['modules_to_win']})"))
    owe = view.get("pending_discard")
    if owe:
        out.append(Para([Span(f"{names[owe['player']]} must discard {owe['count']} card{'s' if owe['count'] != 1 else ''} "
                              f"(down to {game.params['hand_limit']}) before play goes on", bold=True)]))
    elif to_play:
        out.append(Para(f"To play: {names[to_play]} ({view['sides'][to_play]})"))
    for key in ("maze", "path"):
        mod = view["modules"].get(key)
        if mod and not mod["winner"]:
            out.append(Para(f"{game.modules[key].title}:"))
            grid = cast("Maze | Path", game.modules[key])   # the modules under these keys (MODULES)
            out.append(Pre(grid.picture(mod)))
    return out


class TugOfWarViews(TugOfWarRules):
    """Views, the board and the legal moves; a Game[TWState] through the rules core, whose
    queries (`barred`, `active`) and scratch turns (`_scratch`, `_resolve`) they read."""

    def public_view(self, s: TWState, items: ItemsView | None = None) -> dict[str, Any]:
        """Everything in this game is public: hands, modules, points."""
        over = bool(s.winner) or s.ended
        owe = None
        if s.owe and not over:
            who = s.owe[0]
            owe = {"player": who, "count": len(s.hands[who]) - self.params["hand_limit"]}
        to_play = None if over or not s.drawn else s.to_play
        undealt = {} if s.drawn else {"starter_drawn": False, "starting_hands": {
            role: sorted(self.params["starting_hands"][role]) for role in ("first", "second")}}
        return {
            **undealt,
            "hands": {p: sorted(s.hands[p]) if s.drawn else [] for p in self.player_ids},
            "modules_won": {p: self.won_count(s, p) for p in self.player_ids},
            "modules": {k: {"active": m["winner"] is None, "winner": m["winner"], "points": dict(m["points"]),
                            "points_to_win": self.modules[k].points_to_win if self.modules[k].has_points else None,
                            "state": words.module_state(self, k, m), **self.modules[k].view(m)}
                        for k, m in s.mods.items()},
            "sides": {p: self.side(p) for p in self.player_ids},
            "to_play": to_play,
            "pending_discard": owe,
            # who may not choose what on this turn (TW-4, TW-18); empty while a discard is owed
            "barred": {to_play: sorted(self.barred(s, to_play))} if to_play and not owe else {},
            "last_module": dict(s.last),
            "turns": s.turns,
        }

    def board_blocks(self, view: dict[str, Any]) -> list[Any]:
        return blocks(self, view)

    # --- Legal moves --------------------------------------------------------------------
    @classmethod
    def listed_in_full(cls, move: dict[str, Any]) -> bool:
        """`legal_moves` groups Path anchors, Maze card orders and Block Move targets and
        leaves out in-move discards; everything else it lists in full."""
        return move.get("module") not in ("path", "maze") and "item" not in move \
            and not ("module" in move and "discard" in move)

    def legal_moves(self, s: TWState, player: str, items: ItemsView | None = None) -> Iterator[tuple[dict[str, Any], tuple[Event, ...]]]:
        """Every legal choice, grouped where there are very many (each listed move is legal as
        shown), each with its preview: the events of what it gains, scores, wins or loses.

        Grouped: Path anchors (a scoring single-card move is listed alone; otherwise one
        move per card or card pair stands for every anchor where the shapes fit), Maze card
        orders (strengths do not change a tilt), and Block Move targets (one move per target
        stands for adding `block MODULE` to any listed move; the engine drops them once the
        item is used).
        """
        if s.winner:
            return
        if s.owe:
            if s.owe[0] != player:
                return
            hand = s.hands[player]
            extra = len(hand) - self.params["hand_limit"]
            for combo in multiset_combinations(hand, extra):
                kept = list(hand)
                for c in combo:
                    kept.remove(c)
                yield {"discard": list(combo)}, (Event("keeps", {"cards": kept}),)
            return
        if s.to_play != player:
            return
        bars = self.barred(s, player)
        first: dict[str, Any] | None = None
        for key in [k for k in self.active(s) if k not in bars]:
            for move, preview in self._legal_on(s, player, key):
                first = first or move
                yield move, preview
        n = len(self.active(s))
        if first and "block-move" in self.by_id[player].items and n in self.params["block_move_active"]:
            for target in self.active(s):
                yield {**first, "item": {"use": "block-move", "module": target}}, \
                    (Event("block-hint", {"module": target}),)

    def _legal_on(self, s: TWState, player: str, key: str) -> Iterator[tuple[dict[str, Any], tuple[Event, ...]]]:
        hand = s.hands[player]
        for k in range(1, self.max_cards(key) + 1):
            if key == "path":
                yield from self._legal_path(s, player, hand, k)
                continue
            if key == "maze":  # a tilt ignores strength: one listing per set of cards
                seqs = list(multiset_combinations(hand, k))
                extras: list[dict[str, Any]] = [{"directions": list(d)} for d in product(DIRECTIONS, repeat=k)]
            else:
                seqs = list(multiset_permutations(hand, k))
                extras = [{"option": o} for o in "ABC"] if key == "tower" else [{}]
            for seq in seqs:
                for extra in extras:
                    move = {"module": key, "cards": list(seq), **extra}
                    preview = self._preview_built(s, player, move)
                    if preview is not None:
                        if key == "maze" and len(set(seq)) > 1:
                            preview = (Event("in-any-order", {"effects": preview}),)
                        yield move, preview

    def _legal_path(self, s: TWState, player: str, hand: list[int],
                    k: int) -> Iterator[tuple[dict[str, Any], tuple[Event, ...]]]:
        path = cast(Path, self.modules["path"])   # the module under this key (MODULES)
        previews: dict[Any, tuple[Event, ...] | None] = {}   # one card's previews by outcome, whatever the card
        for seq in multiset_permutations(hand, k):
            fits = [path.anchors(card) for card in seq]
            if not all(fits):
                continue
            if k == 1:
                yield from self._legal_path_card(s, player, seq[0], previews)
            else:
                move = {"module": "path", "cards": list(seq), "anchors": [f[0] for f in fits]}
                total = 1
                for f in fits:
                    total *= len(f)
                yield move, (Event("anchor-pairs", {"total": total}),)

    def _legal_path_card(self, s: TWState, player: str, card: int,
                         previews: dict[Any, tuple[Event, ...] | None]
                         ) -> Iterator[tuple[dict[str, Any], tuple[Event, ...]]]:
        """One card on Path: a move per distinct preview, saying at how many other anchors
        it is the same.

        The turn is played out once per outcome (Path.single_card_outcomes), not once per
        anchor and card: past the card's own event, which a preview leaves out, a one-card
        turn depends on where and what the card is only through who then has a path across
        and whether grey is left, or else the mover's longest run (TW-15, TW-6, TW-9); the
        hand is one card shorter whichever it was. `previews` holds the outcomes played so
        far in this listing.
        """
        path = cast(Path, self.modules["path"])   # the module under this key (MODULES)
        outcomes = path.single_card_outcomes(s.mods["path"]["tiles"], player, self.opponent(player), card)
        same: dict[Any, list[Any]] = {}   # anchors grouped by identical preview
        for anchor in path.anchors(card):
            move = {"module": "path", "cards": [card], "anchors": [anchor]}
            outcome = (card, anchor) if outcomes is None else outcomes[anchor]
            if outcome not in previews:
                previews[outcome] = self._preview_built(s, player, move)
            preview = previews[outcome]
            if preview is not None:
                same.setdefault(frozen(preview), [preview]).append(move)
        for preview, *moves in same.values():
            others = len(moves) - 1
            yield moves[0], (preview + (Event("same-at-anchors", {"others": others}),) if others else preview)

    def preview(self, s: TWState, player: str, move: dict[str, Any]) -> tuple[Event, ...] | None:
        """What a move would do, as the events a preview keeps; None when it is illegal."""
        try:
            self._precheck(s, player, move)
        except Illegal:
            return None
        return self._preview_built(s, player, move)

    def _preview_built(self, s: TWState, player: str, move: dict[str, Any]) -> tuple[Event, ...] | None:
        """`preview` of a move as `legal_moves` builds them: 1 to max_cards cards from the
        hand, for an active module the player is not barred from, with that module's own
        extras and no discard owed. `_precheck` accepts every such move (TW-3, TW-4, TW-7,
        TW-15), so only the turn is played, on a scratch copy; tests check each listed move
        against check_move."""
        scratch = self._scratch(s, move["module"])
        try:
            events = self._resolve(scratch, player, move)
        except Illegal:
            return None
        return tuple(e for e in events if e.kind in PREVIEW_KINDS) or NOTHING_GAINED
