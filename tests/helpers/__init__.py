"""What tests share, imported as `from helpers... import ...` (tests/ is on sys.path: pytest puts
the folder of the rootmost conftest.py there). Fixtures stay in tests/conftest.py; no test imports
from conftest.

- helpers (here): REPO, the checkout's root, and NOW, the one "now" of every test;
- helpers.matches: match dicts built by hand (dice_match, add, setup_entries), replayed and flags;
- helpers.cli: Result, what the `cli` fixture returns, and salted_dice;
- helpers.strategies: simulated matches and hypothesis strategies of the property tests;
- helpers.mutations: the fuzz tests' plain mutations (scripts/fuzz.py uses them too);
- helpers.pngread: the tests' PNG reader;
- helpers.toygame: the engine tests' toy sealed-bid game;
- helpers.tug_of_war, helpers.track_trouble, helpers.winning_streak, helpers.arrowbic: each
  game's matches built by hand, shared by its tests and by the tests of other modules;
- helpers.track_trouble_hidden: the hidden-information tests' Track Trouble matches;
- helpers.sealed: the private entries of any match, for the tests that swap one;
- helpers.stamped: random matches of a ruleset, with and without clock stamps;
- helpers.post_positions: the posts table's named positions, and a post read in one.

No test module imports another (tests/repo/test_tests_layout.py checks): what two share is here.
"""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# The one "now" of every test (adjudicator.clock.now): `move`, `roll` and `host` without
# --at stamp it, in this process and in every process a test starts, whatever the date
# and however slow the machine. It is later than every time in matches/ and in the tests'
# own match data, so a stamp never runs backwards (test_clock checks that), and earlier
# than the 2100 that some tests give with --at. (conftest's autouse fixture sets it.)
NOW = "2026-11-22T12:00:00Z"
