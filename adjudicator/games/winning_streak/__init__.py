"""Winning Streak by elara (seed 004; rulings WS-1…WS-8), ruleset winning-streak.

Each side has 25 troops named by their starting attack and health (`3/5`) and 13
locations in a line, A–M. Thirteen sealed placement turns put one troop each on the
field; then fights and sealed relocations alternate: every fight resolves the moment the
phase before it resolves (placement turn 13, or relocation round k before fight k+1), so
relocation round k always follows fight k. Ten points at a location win it; the match
ends when a side has no living troops or every location is won, and the longest run of
adjacent won locations wins (WS-6, WS-7).

Both players submit in every phase, even with nothing to do; the host closes a phase
with `deadline`, and a missing submission does nothing (G-2). The game only sees the
submissions when the engine resolves the phase, so nothing sealed reaches a board.

The parts: `rules` (the troops and the state, set-up, checking moves, resolving the sealed
phases and the fights, the result; events, refusal codes and an Outcome, no text),
`notation` (typed moves), `views` (the public view, the board, the legal moves), `words`
(every sentence), `picture` and `drawing` (the board as a picture), and `game`,
which puts them together.
"""

from adjudicator.games.winning_streak.game import WinningStreak

GAME = WinningStreak

__all__ = ["GAME", "WinningStreak"]
