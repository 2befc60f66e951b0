"""Track Trouble submissions as players write them around the notation (adjudicator.reading with
the game's lexicon and reword): each form reads as its move, and its near misses (ambiguous,
negated, corrected, contradicting) stay refused. Positions: tests/helpers/post_positions.py
(tt-r1c1: round 1, crossing 1; tracks T1–T3, south switch purple, destinations N1–N3)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from adjudicator import matchfile, session
from adjudicator.errors import InputError
from adjudicator.games.track_trouble.notation import parse
from helpers.post_positions import entered_in, track_trouble
from helpers.track_trouble import R1, tt_match


def entered(data: dict[str, Any], player: str, post: str) -> str | None:
    """What `move` enters for the post in the match `data` (entered_in)."""
    match = matchfile.prepare(copy.deepcopy(data), None)
    return entered_in(match, session.replay_match(match), player, post)


def at_start(post: str, player: str = "sally") -> str | None:
    """The post in round 1, crossing 1, nothing submitted (tt-r1c1)."""
    return entered(track_trouble(), player, post)


# Crossing 2 of round 1: sally's miner 1 crossed on T1 and she declared Extra Miner (TT-7).
CROSSING_2 = [("sally", {"round": 1, "crossing": 1, "actions": [{"miner": 1, "board": "T1"}],
                         "items": [{"use": "extra-miner"}]}),
              ("maddie", {"round": 1, "crossing": 1, "actions": []})]


def in_crossing_2(post: str) -> str | None:
    return entered(track_trouble(CROSSING_2), "sally", post)


# --- Switches and tracks named with verbs (TT-3) ------------------------------------------------

@pytest.mark.parametrize("post, move", [
    ("4 pulls the purple switch", "r1 c1: 4 switch purple"),
    ("miner 6 toggles the purple switch", "r1 c1: 6 switch purple"),
    ("5: purple switch\n2: T1", "r1 c1: 2 T1, 5 switch purple"),
    ("miner 2 T3\nminer 3 purple switch", "r1 c1: 2 T3, 3 switch purple"),
    ("3 presses purple, 4 T2", "r1 c1: 3 switch purple, 4 T2"),
    ("miner 4 on track 1", "r1 c1: 4 T1"),
    ("sending miners 5 and 6 to track 2", "r1 c1: 5 T2, 6 T2"),
    ("taking T3 with miners 4 and 5", "r1 c1: 4 T3, 5 T3"),
    ("I'll flip purple with miner 2", "r1 c1: 2 switch purple"),
    ("take T1 with miner 1, flip purple with miner 2", "r1 c1: 1 T1, 2 switch purple"),
    ("take T2 with miners 1, 2 and 3.", "r1 c1: 1 T2, 2 T2, 3 T2"),
    ("miner 1 rides T1, 2 and 3 go to T3", "r1 c1: 1 T1, 2 T3, 3 T3"),
    ("1, 2 and 3 on T1", "r1 c1: 1 T1, 2 T1, 3 T1"),
    ("remote on the purple switch", "r1 c1: remote purple"),
])
def test_verbs_and_names_read_as_the_action(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "the purple switch scares me, 1 T2",      # a switch talked about, not activated by anyone
    "hits purple",                            # which miner? or the Remote Switch?
    "3 hits the purple switch?",              # asked, not played
    "2 doesn't flip the purple switch, 3 T1",  # negated
    "1 T2 with miner 3",                      # two miners for one boarding
    "take T2 with miner 1... no wait T3",     # corrected
    "take T2 with miner 1?",                  # asked: the "?" stays at the end when miner 1 moves first
    "not taking T2 with miner 1",             # negated
    "miner 4 on track 4",                     # round 1 has no T4 (TT-1)
    "1, 2 T1",                                # "1," may have lost its action
])
def test_near_misses_of_verbs_and_names_are_refused(post):
    assert at_start(post) is None


# --- Miners said to stay (TT-3: doing nothing is no action) -------------------------------------

@pytest.mark.parametrize("post, move", [
    ("1 T1, 2 T1 (3 and 4 stay put)", "r1 c1: 1 T1, 2 T1"),
    ("5 T2 ... 1, 2 and 3 rest", "r1 c1: 5 T2"),
    ("all my miners stay home", "r1 c1: nothing"),
    ("nothing this crossing", "r1 c1: nothing"),
    ("remote purple this crossing, nothing else", "r1 c1: remote purple"),
    ("extra miner this round. nothing else", "r1 c1: extra-miner"),
    # "The rest" stay: every miner not named does nothing (TT-3).
    ("1 T1, the rest stay home", "r1 c1: 1 T1"),
    ("4 and 5 to T2; everyone else stays put", "r1 c1: 4 T2, 5 T2"),
    ("remote purple, the others sit tight", "r1 c1: remote purple"),
])
def test_staying_miners_are_given_no_action(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "1 T1 (1 and 2 rest)",          # miner 1 both boards and rests
    "1 T2, all miners stay put",    # every miner stays, yet miner 1 boards
    "3 T1 (1, 2 rest)",             # a list without its "and": may have lost an action
    "the rest stay home",           # the rest of which miners? Said alone, it may follow an earlier post
    "hidden N2 4, the others stay put",   # a Hidden Value is a move of its own (TT-7), not a crossing's
    "the rest T1",                  # "the rest" boarding, with no miner named: the rest of whom?
    "extra miner this round? 1 T2",  # asks about the item before the move
    "nothing this crossing?",
])
def test_staying_that_contradicts_or_is_unclear_is_refused(post):
    assert at_start(post) is None


def test_a_miner_said_to_rest_and_given_an_action_is_refused_as_typed():
    with pytest.raises(InputError, match="miner 1 is said to rest"):
        parse("1 T2, 1 and 3 rest")
    with pytest.raises(InputError, match="every miner"):
        parse("1 T2 rest")
    assert parse("1, 2 and 5 rest") == {"actions": []}


# --- The extra miner named in words (TT-2, TT-7) ------------------------------------------------

@pytest.mark.parametrize("post, move", [
    ("extra miner and she boards T1", "r1 c1: 8 T1, extra-miner"),
    ("using my extra miner; new guy rides T2", "r1 c1: 8 T2, extra-miner"),
    ("extra miner, he (#8) flips purple", "r1 c1: 8 switch purple, extra-miner"),
    ("extra miner, and him (number 8) on T3, 1 T1", "r1 c1: 1 T1, 8 T3, extra-miner"),
])
def test_the_extra_miner_is_named_by_its_number(post, move):
    assert at_start(post) == move


def test_the_extra_miner_number_comes_from_the_ruleset():
    """Six miners: the extra one is miner 7 (TT-2), so "the new guy" is 7 and "(no. 8)" is wrong."""
    data = tt_match(sally=("extra-miner",), miners=6)
    assert entered(data, "sally", "extra miner, the new guy to T2") == "r1 c1: 7 T2, extra-miner"
    assert entered(data, "sally", "extra miner, and he (no. 8) hops on T2") is None


@pytest.mark.parametrize("post", [
    "extra miner, and he (no. 7) hops on T3",   # he is miner 8, not 7
    "the new guy flips purple",                 # no extra miner this round
    "no extra miner, the new guy T3",           # declined
    "extra miner, they go T1",                  # "they" may be every miner
    "1 T2 and he hops on T3",                   # he: no miner named before
])
def test_near_misses_of_the_extra_miner_are_refused(post):
    assert at_start(post) is None


def test_the_new_guy_in_a_later_crossing_of_the_round():
    assert in_crossing_2("the new guy boards T3") == "r1 c2: 8 T3"


# --- Miners by place: only where the n-th miner is miner n (TT-2) ------------------------------

@pytest.mark.parametrize("post, move", [
    ("third miner on T1", "r1 c1: 3 T1"),
    ("miner two to T2", "r1 c1: 2 T2"),
    ("first, miner 2 to T1", "r1 c1: 2 T1"),   # "first," opens the post: no first miner
])
def test_a_miner_by_place_reads_as_its_number(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", ["first miner to T3", "second miner on T2"])
def test_a_miner_by_place_is_refused_once_a_miner_before_it_crossed(post):
    """Miner 1 crossed in crossing 1: "the first miner" may be miner 1 or the first still south."""
    assert in_crossing_2(post) is None
    assert in_crossing_2(post.replace("first miner", "miner 2").replace("second miner", "miner 2")) is not None


# --- Hidden Value in words (TT-7), the train (TT-4) ---------------------------------------------

def test_a_hidden_value_said_worth():
    assert at_start("hidden value: N3 worth 5") == "r1: hidden N3 5"
    assert at_start("hidden value: N3 worth 5 or 4") is None


def test_boarding_the_train():
    data = tt_match(layouts=[dict(copy.deepcopy(R1), train=True)] + [copy.deepcopy(R1) for _ in range(8)])
    assert entered(data, "sally", "miner 3 boards the train") == "r1 c1: 3 train"
    assert parse("3 board train") == {"actions": [{"miner": 3, "train": True}]}


# --- Lists, counts and exceptions of miners (TT-2, TT-3) ---------------------------------------

@pytest.mark.parametrize("post, move", [
    ("Miners 4, 5, 6 ride T2. Miner 7 toggles purple.", "r1 c1: 4 T2, 5 T2, 6 T2, 7 switch purple"),
    ("miners 2, 3 flip purple, 1 T3", "r1 c1: 1 T3, 2 switch purple, 3 switch purple"),
    ("my miners 1, 2 go to the T3 🙏", "r1 c1: 1 T3, 2 T3"),
    ("all 7 of them to T2", "r1 c1: 1 T2, 2 T2, 3 T2, 4 T2, 5 T2, 6 T2, 7 T2"),
    ("extra miner, all eight hop on T3",
     "r1 c1: 1 T3, 2 T3, 3 T3, 4 T3, 5 T3, 6 T3, 7 T3, 8 T3, extra-miner"),
    ("everybody stays put but 5 and 6, who board T1", "r1 c1: 5 T1, 6 T1"),
    ("all rest apart from miner 2 which flips purple", "r1 c1: 2 switch purple"),
    ("4 T3, everyone else rests except 1 who takes T2", "r1 c1: 1 T2, 4 T3"),
    ("5 and 6 stay, 7 T1", "r1 c1: 7 T1"),
])
def test_lists_counts_and_exceptions_read_as_each_miners_action(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "1, 2, 3 board T1",                  # no plural: "1," and "2," may have lost their actions
    "miners 1, 2, 3, board T1",          # the list is not closed before the verb
    "miners 1, 2, 3 T1 or T2",           # an alternative
    "all 3 on T1",                       # seven miners can act: which three?
    "extra miner, all seven on T2",      # eight can act: the seven of TT-2, or seven of the eight?
    "all seven on T1, 3 T2",             # miner 3 given two actions
    "everyone rests except 3",           # what does miner 3 do?
    "everyone rests except miner 3... no wait, 4 takes T1",   # corrected
])
def test_near_misses_of_lists_counts_and_exceptions_are_refused(post):
    assert at_start(post) is None


def test_all_of_a_count_once_a_miner_crossed():
    """Crossing 2, miner 1 across and miner 8 acting (TT-7): seven are still south, but "all
    seven" may also be the seven of TT-2: refused."""
    assert in_crossing_2("all seven on T3") is None
    assert in_crossing_2("miners 2, 3 on T3") == "r1 c2: 2 T3, 3 T3"


# --- The turn, items and asides around a submission (TT-3, TT-7) -------------------------------

@pytest.mark.parametrize("post, move", [
    ("nothing this crossing. brb", "r1 c1: nothing"),
    ("pass this crossing 😴", "r1 c1: nothing"),
    ("> Round 1, crossing 1 — go\n2 T3", "r1 c1: 2 T3"),
    ("> r1 c1 submissions open\nminer 6 on T1", "r1 c1: 6 T1"),
    ("4 T1 🚂, 5 flips purple", "r1 c1: 4 T1, 5 switch purple"),
    ("1 T3 🔥\n2 T3 🔥", "r1 c1: 1 T3, 2 T3"),
    ("extra miner activated; 8 T1", "r1 c1: 8 T1, extra-miner"),
    ("2 T1, remote switch on purple as well", "r1 c1: 2 T1, remote purple"),
    ("6 heads to track 3", "r1 c1: 6 T3"),
    ("hidden value: N2 becomes 4", "r1: hidden N2 4"),
    ("Hidden Value on N1, set to 3", "r1: hidden N1 3"),
])
def test_the_turn_items_and_asides_around_a_submission(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "nothing this crossing, 1 T1",        # nothing, yet miner 1 boards
    "nothing this crossing?",             # asks
    "> Round 2 crossing 1\n4 T2",         # another round: not a restatement of this one
    "> r1 c1: 3 T1\n4 T2",                # a quoted move beside the reply's
    "1 T2 😅 2 T3",                        # no comma or line between: the picture parts them
    "extra miner too? 8 T1",              # asks
    "hidden value N2 set to 3 or 4",      # an alternative
])
def test_near_misses_of_the_turn_items_and_asides_are_refused(post):
    assert at_start(post) is None


def test_staying_typed_after_a_number_is_no_action():
    assert parse("1 and 2 stay, 3 T1") == {"actions": [{"miner": 3, "board": "T1"}]}
    with pytest.raises(InputError, match="the rest"):
        parse("others-rest")


# --- Lists, ranges, arrows, ordinals and names said loosely -------------------------------------
# (tt-r1c1's layout: one switch, purple; T1 and T2 have three minecarts, T3 two.)

@pytest.mark.parametrize("post, move", [
    ("miners 2-4 to track 3, 6 on T1", "r1 c1: 2 T3, 3 T3, 4 T3, 6 T1"),      # a range
    ("Miners 5-7 ride T2", "r1 c1: 5 T2, 6 T2, 7 T2"),
    ("miners 1 through 3 go T1", "r1 c1: 1 T1, 2 T1, 3 T1"),
    ("2 thru 4 to T3, 1 T1", "r1 c1: 1 T1, 2 T3, 3 T3, 4 T3"),             # typed as the notation is
    ("miners four and five on T2, one thru three on T3",
     "r1 c1: 1 T3, 2 T3, 3 T3, 4 T2, 5 T2"),                                   # counts and ranges in words
    ("4,5,6 -> T1", "r1 c1: 4 T1, 5 T1, 6 T1"),                                # a list typed as one word
    ("4 5 and 6 hop on T1", "r1 c1: 4 T1, 5 T1, 6 T1"),                        # a spaced list closed by "and"
    ("6→T2\n7→T2\n2 flips the switch", "r1 c1: 2 switch purple, 6 T2, 7 T2"),  # arrows, one line each
    ("3 -> purple", "r1 c1: 3 switch purple"),                                  # a switch is never boarded
    ("5 on the switch, 1 T1", "r1 c1: 1 T1, 5 switch purple"),                 # the layout's only switch
    ("first miner on T3, second hits the switch", "r1 c1: 1 T3, 2 switch purple"),
    ("6 and 7 on the two-cart track", "r1 c1: 6 T3, 7 T3"),                    # only T3 has two carts
    ("Miner 3: T2\nMiners 1, 2: nothing", "r1 c1: 3 T2"),
    ("Miner 4: nothing\nMiner 5: T1", "r1 c1: 5 T1"),
    ("2 -> T1 / remote purple", "r1 c1: 2 T1, remote purple"),                 # "/" parts the submission
    ("extra miner in 👷 8 -> T2", "r1 c1: 8 T2, extra-miner"),
    ("extra miner! miner 8 takes T1, 3 and 4 go T2", "r1 c1: 3 T2, 4 T2, 8 T1, extra-miner"),
    ("all my miners sit this one out", "r1 c1: nothing"),
    ("nobody moves this crossing", "r1 c1: nothing"),
])
def test_lists_ranges_arrows_and_loose_names_read(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "miners 4-2 on T1",                       # a range running backwards
    "3 through 1 T1",
    "1 to 3 T1",                              # miner 1 to track 3, or miners 1 to 3?
    "4,5,6 -> T1?",                           # asked
    "miners 1-3 on T1... no wait T2",         # corrected
    "1 on the three-cart track",              # T1 and T2 both have three
    "1 on the five-cart track",               # none has five
    "second to T1",                           # second of what? no miner named by place before it
    "first miner T2, 2nd miner T1, third",    # the third has no action
    "the switch scares me, 1 T2",             # nobody activates it
    "hits the switch",                        # which miner?
    "1 T1 / T2",                              # T1 or T2?
    "two and three on T1",                    # counts that may be how many, not which
    "nobody moves?",                          # asked
    "nobody moves, 1 T2",                     # contradicts itself
    "extra miner in 👷 8",                     # miner 8 has no action
])
def test_near_misses_of_lists_ranges_arrows_and_loose_names_are_refused(post):
    assert at_start(post) is None


# --- Hidden Value in words (TT-7) ---------------------------------------------------------------

@pytest.mark.parametrize("post, move", [
    ("hv: N3 → 2", "r1: hidden N3 2"),
    ("hiding N2, make it 4", "r1: hidden N2 4"),
    ("using Hidden Value on N1 and set it to 2", "r1: hidden N1 2"),
    ("hidden value for N3 -> 5", "r1: hidden N3 5"),
])
def test_hidden_value_in_words_reads(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "hv: N3 → 2 or 3",                         # an alternative
    "hiding N2, make it",                      # no value
    "not using hidden value on N1 and set it to 2",   # negated
    "hv N2 → 1, 1 T2",                         # Hidden Value is a move of its own (TT-7)
    "hiding N2?",                              # asks
])
def test_near_misses_of_hidden_value_in_words_are_refused(post):
    assert at_start(post) is None


@pytest.mark.parametrize("post", ["3 hits the switch", "first miner on the switch", "2 on the switch, 1 T1"])
def test_the_switch_is_refused_while_the_layout_has_two(post):
    """R1 of the test set has purple and green (TT-1): "the switch" does not say which."""
    data = tt_match()
    assert entered(data, "sally", "3 hits the purple switch") == "r1 c1: 3 switch purple"   # the same post, named
    assert entered(data, "sally", post) is None


# --- Miners written short, tracks by their number said, a switch named bare (TT-2, TT-3) -------

@pytest.mark.parametrize("post, move", [
    ("m4 T2, M5 T3", "r1 c1: 4 T2, 5 T3"),
    ("miner#2 takes T1", "r1 c1: 2 T1"),
    ("min 6 T3 and min 7 T3", "r1 c1: 6 T3, 7 T3"),
    ("miner3 -> T1", "r1 c1: 3 T1"),
    ("M2: purple", "r1 c1: 2 switch purple"),
    ("5 purple, 6 T1", "r1 c1: 5 switch purple, 6 T1"),
    ("2 → purple", "r1 c1: 2 switch purple"),
    ("miner 4 hops on track three", "r1 c1: 4 T3"),
    ("send 6 to the second track", "r1 c1: 6 T2"),
    ("1 t 3, 2 t 1", "r1 c1: 1 T3, 2 T1"),
    ("miner 5 rides track no. 1", "r1 c1: 5 T1"),
    ("take the 3rd track with miner 2", "r1 c1: 2 T3"),
    ("miner 1: trk 2", "r1 c1: 1 T2"),
    ("miner 6 on track3", "r1 c1: 6 T3"),
    ("m1 and m2 to the first track", "r1 c1: 1 T1, 2 T1"),
    ("5 goes down the second track", "r1 c1: 5 T2"),
    ("m-1 T2, m.2 T3", "r1 c1: 1 T2, 2 T3"),
    ("1 t-2", "r1 c1: 1 T2"),
    ("4 track2", "r1 c1: 4 T2"),
])
def test_short_miners_said_tracks_and_bare_switches_read(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "m9 T1",                              # no miner 9 (TT-2)
    "m1",                                 # a miner with no action
    "m2 on track four",                   # round 1 has no T4 (TT-1)
    "miner 2 to track two or three",      # two alternatives
    "m3 purple?",                         # asks
    "min 4 on the second track... no wait, the first",   # corrected
])
def test_near_misses_of_short_miners_and_said_tracks_are_refused(post):
    assert at_start(post) is None


# --- Hidden Value said with a verb, a value first, or a destination's worth (TT-7) ---------------

@pytest.mark.parametrize("post, move", [
    ("gonna hide N3 as 1", "r1: hidden N3 1"),
    ("hiding N1 at 5", "r1: hidden N1 5"),
    ("set N3 to 2", "r1: hidden N3 2"),
    ("putting N1 = 4", "r1: hidden N1 4"),
    ("N3 is worth 1 this round", "r1: hidden N3 1"),
    ("N1 = 5", "r1: hidden N1 5"),
    ("value 2 on N3", "r1: hidden N3 2"),
    ("hidden value of 1 for N2", "r1: hidden N2 1"),
    ("hide N2 as 4", "r1: hidden N2 4"),       # the printed value, hidden: the verb says it is set
    ("hv N2 to 4", "r1: hidden N2 4"),
    ("N1=3", "r1: hidden N1 3"),
    ("N3 → 4", "r1: hidden N3 4"),
    ("make N1 worth 1", "r1: hidden N1 1"),
    ("set the value of N3 to 5", "r1: hidden N3 5"),
    ("value of N1: 4", "r1: hidden N1 4"),
    ("i'm hiding a 2 on N3", "r1: hidden N3 2"),
    ("hidden value: 5 on N1", "r1: hidden N1 5"),
    ("N3 gets a 1", "r1: hidden N3 1"),
    ("setting N1 to a 3", "r1: hidden N1 3"),
    ("N2 hidden at 3", "r1: hidden N2 3"),
])
def test_hidden_value_said_with_verbs_reads(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "N2 is worth 4",                 # N2's printed value: said of the board, or set?
    "N3 = 6",                        # the same
    "put 3 on N2",                   # miner 3, or the value 3?
    "set N2 to 3, 1 T2",             # Hidden Value is a move of its own (TT-7)
    "N2 = 3?",                       # asks
    "hide N2 as 3 or 4",             # two values
    "i won't hide N2 as 3",          # negated
    "N2 is 3 points away",           # the clause goes on: no value set
    "set N2",                        # no value
    "hiding N1 at 7",                # a Hidden Value is 1 to 5 (TT-7)
    "value of N2: 4",                # the printed value again
    "N2=4",                          # the same
    "value 3",                       # on which destination?
    "3 to N2",                       # miner 3 (to no track), or the value 3?
    "set N2 to 3 and N3 to 2",       # one Hidden Value a round (TT-7)
    "put a 3 on N2",                 # a value, or a miner put on the track to N2?
    "N2: 3",                         # says the board, or sets it?
])
def test_near_misses_of_hidden_value_with_verbs_are_refused(post):
    assert at_start(post) is None


# --- An item said with a yes or a verb (TT-7) ---------------------------------------------------

@pytest.mark.parametrize("post, move", [
    ("Extra Miner: on\n8 -> T1", "r1 c1: 8 T1, extra-miner"),
    ("extra miner yep, 8 flips purple", "r1 c1: 8 switch purple, extra-miner"),
    ("extra miner - yes. 1 T3, 8 T3", "r1 c1: 1 T3, 8 T3, extra-miner"),
    ("activate extra miner; 8 T2", "r1 c1: 8 T2, extra-miner"),
    ("activating my remote switch on purple", "r1 c1: remote purple"),
    ("deploying the extra miner, 2 T1, 8 T1", "r1 c1: 2 T1, 8 T1, extra-miner"),
    ("extra miner: yes please. 8 T1", "r1 c1: 8 T1, extra-miner"),
    ("Extra Miner ✅, 8 T2", "r1 c1: 8 T2, extra-miner"),
])
def test_items_said_with_a_yes_or_a_verb_read(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "extra miner yes?",                  # asks
    "extra miner: no. 1 T2",             # declined (or not?): refused
    "extra miner yes or no, 8 T2",       # undecided
    "not activating extra miner, 8 T2",  # declined, yet miner 8 acts (TT-7)
    "extra miner yes. 8 T2... no wait, 8 T3",   # corrected
    "extra miner: yes please?",          # asks
    "extra miner: no thanks. 1 T2",      # declined
    "is extra miner ok",                 # asks, without its question mark
])
def test_near_misses_of_items_said_with_a_yes_are_refused(post):
    assert at_start(post) is None


# --- Passing in words: the crossing's empty submission, only when nothing else is named (TT-3, G-2)

@pytest.mark.parametrize("post, move", [
    ("nothing from me this time, I pass", "r1 c1: nothing"),
    ("skipping this one", "r1 c1: nothing"),
    ("I'm sitting this one out 😴", "r1 c1: nothing"),
    ("no moves this crossing", "r1 c1: nothing"),
    ("no move for me. pass", "r1 c1: nothing"),
    ("nothing, thanks", "r1 c1: nothing"),
    ("passing", "r1 c1: nothing"),
    ("pass on the extra miner, 1 T2", "r1 c1: 1 T2"),   # "pass on" declines the item (TT-7)
    ("nothing this time", "r1 c1: nothing"),
    ("no action this crossing", "r1 c1: nothing"),
    ("not moving anyone", "r1 c1: nothing"),
    ("staying put", "r1 c1: nothing"),
    ("> what are you doing this crossing\npass", "r1 c1: nothing"),   # the quote is someone's earlier post
])
def test_passing_in_words_reads(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "pass, 1 T2",                        # passes, yet miner 1 boards
    "1 T2, nothing",                     # nothing, or nothing else?
    "extra miner yes, pass",             # an item, and a pass
    "no moves for miner 3, 1 T2",        # miner 3, or every miner?
    "no moves yet",                      # not decided
    "pass for now",                      # not decided
    "should I pass",                     # asks
    "you pass?",                         # asks of the other player
    "not passing",                       # negated
    "maybe pass",                        # doubt
    "pass the salt",                     # passes something else
    "nothing to add",                    # chatter
    "I'll pass on the extra miner",      # declines an item, names no submission
    "if maddie moves, I pass",           # conditional
    "not moving, 1 T2",                  # passes, yet miner 1 boards
    "1 and 2 staying put, 3 T2",         # staying said of no one clear beside an action
    "no action yet",                     # not decided
    "pass on T2",                        # declines a track: names no submission
    "no moves, just chatting",           # no submission at all
    "pass when ready",                   # timed
    "nothing\n1 T2",                     # nothing, yet miner 1 boards
    "> no moves for me this time, pass\nsame",   # the pass is the quoted post's
])
def test_near_misses_of_passing_in_words_are_refused(post):
    assert at_start(post) is None


def test_the_typed_empty_submission_beside_an_action_is_refused():
    """`nothing` is the empty submission (G-2): beside an action it contradicts it (TT-3)."""
    assert parse("r1 c1: nothing") == {"round": 1, "crossing": 1, "actions": []}
    with pytest.raises(InputError):
        parse("pass, 1 T2")


def test_a_track_by_place_reads_only_where_every_layout_lists_its_tracks_in_number_order():
    """"the second track" is T2 only while the second track listed is T2 in every layout (TT-1);
    "track two" names T2 by its number in any layout."""
    swapped = copy.deepcopy(R1)
    swapped["tracks"] = {name: swapped["tracks"][name] for name in ("T2", "T1", "T3")}
    data = tt_match(layouts=[swapped] * 9)
    assert entered(data, "sally", "miner 4 on track two") == "r1 c1: 4 T2"
    assert entered(data, "sally", "miner 4 on the second track") is None
    assert entered(tt_match(), "sally", "miner 4 on the second track") == "r1 c1: 4 T2"


def test_a_pass_in_words_after_a_negation_is_declined_not_passed():
    """"no nothing this time, 1 T2": the negation declines the pass (a kind of move), so the
    submission is the action (TT-3); found by the reader's property tests."""
    assert at_start("no nothing this time, 1 T2") == "r1 c1: 1 T2"


# --- Every miner named with no count, before the track they board (TT-3) -------------------------

@pytest.mark.parametrize("post, move", [
    ("everyone T1", "r1 c1: 1 T1, 2 T1, 3 T1, 4 T1, 5 T1, 6 T1, 7 T1"),
    ("everybody goes to T2", "r1 c1: 1 T2, 2 T2, 3 T2, 4 T2, 5 T2, 6 T2, 7 T2"),
    ("all my miners on track 3", "r1 c1: 1 T3, 2 T3, 3 T3, 4 T3, 5 T3, 6 T3, 7 T3"),
    ("all on T2 except 3 and 4 who take T1", "r1 c1: 1 T2, 2 T2, 3 T1, 4 T1, 5 T2, 6 T2, 7 T2"),
    ("everyone on T3 but miner 2, who flips purple", "r1 c1: 1 T3, 2 switch purple, 3 T3, 4 T3, 5 T3, 6 T3, 7 T3"),
    ("all miners on T1 except 6 who stays home", "r1 c1: 1 T1, 2 T1, 3 T1, 4 T1, 5 T1, 7 T1"),
    ("all on T3 except 6 and 7, thanks", "r1 c1: 1 T3, 2 T3, 3 T3, 4 T3, 5 T3"),
])
def test_every_miner_named_boards_the_track(post, move):
    assert at_start(post) == move


def test_every_miner_is_every_one_that_can_act():
    """Miner 1 crossed in crossing 1 and the extra miner plays (TT-2, TT-7): everyone is 2 to 8."""
    assert in_crossing_2("everyone T3") == "r1 c2: 2 T3, 3 T3, 4 T3, 5 T3, 6 T3, 7 T3, 8 T3"


@pytest.mark.parametrize("post", [
    "1 T3, all on T2",                          # all the others, or all seven and 1 twice?
    "miners 1 2 3 all on T2",                   # those three, all of them
    "everyone T2 except everyone",              # excepted: who?
    "all on T2 except 9 who takes T1",          # no miner 9 acts
    "all on T2 except 7 who takes T1 and 3 too",
    "extra miner, everyone on T2",              # is the extra miner one of "everyone"?
    "everyone T2, no wait, T1",                 # a correction (posts.yaml convention)
])
def test_every_miner_named_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- The miners not named said to stay, in other words (TT-3) -----------------------------------

@pytest.mark.parametrize("post, move", [
    ("remote on purple, no one else moves", "r1 c1: remote purple"),
    ("Miner 3 takes T2. Nobody else does anything, ty", "r1 c1: 3 T2"),
    ("5 flips purple, everybody else chills", "r1 c1: 5 switch purple"),
    ("miner 1 -> T3\nminer 4 -> T1\n(others nothing)", "r1 c1: 1 T3, 4 T1"),
    ("miners 1-2 → T1\n3 flips purple\n4 chills", "r1 c1: 1 T1, 2 T1, 3 switch purple"),
])
def test_others_said_to_stay_in_other_words(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "nobody else moves",             # else than whom? no miner named
    "1 T2, nobody else moves?",      # asks
    "3 T1, 3 chills",                # miner 3 both boards and rests
])
def test_others_said_to_stay_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- Hidden Value (TT-7) said with "change", and around "the N3 destination" ------------------------

@pytest.mark.parametrize("post, move", [
    ("Hidden Value Crossing - please change N3 to 1.", "r1: hidden N3 1"),
    ("hidden value: I'm changing N1 to 4", "r1: hidden N1 4"),
    ("change N2 to 2 pls", "r1: hidden N2 2"),
    ("hidden value for the N2 destination, make it 1", "r1: hidden N2 1"),
    ("hidden value on the N1 destination: 4", "r1: hidden N1 4"),
    ("Hidden Value: N3, value 5", "r1: hidden N3 5"),
])
def test_hidden_value_changed_reads(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "should I change N2 to 5?",                                      # asks
    "hidden value on the N3 destination, make it worth 2 or 3",      # which value?
    "hidden value on the N3 destination, 2 T1",                      # Hidden Value is a move of its own
    "change N1 to 5, no wait, 3",                                    # a correction
])
def test_hidden_value_changed_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- Clauses parted by "please", the plural before joined numbers, "make the switch" (TT-3) -------

@pytest.mark.parametrize("post, move", [
    ("miner 4 and 5 go to T2 please, miner 6 make the switch. ty", "r1 c1: 4 T2, 5 T2, 6 switch purple"),
    ("1 T2 pls, 3 T1 thanks", "r1 c1: 1 T2, 3 T1"),
    ("miner 5 flips purple, miners 1-3 ride T3.", "r1 c1: 1 T3, 2 T3, 3 T3, 5 switch purple"),
    ("miners 2 and 3 and 4 take T3, 1 flips purple", "r1 c1: 1 switch purple, 2 T3, 3 T3, 4 T3"),
    ("2 makes the purple switch, 1 T3", "r1 c1: 1 T3, 2 switch purple"),
])
def test_clauses_parted_by_courtesy_and_plurals_read(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "1 T2 please?",                          # asks
    "make purple great again, 1 T2",         # "make purple": no miner
    "miners 2 and 3 T3 and 5 T1",            # 5 T1 is a clause of its own, unparted
    "miner 1 T2 please, no wait, T3",        # a correction
])
def test_clauses_parted_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- Miners' numbers spaced, opening a clause, sharing the action after them (TT-3) ---------------

@pytest.mark.parametrize("post, move", [
    ("#2 #5 ride T3", "r1 c1: 2 T3, 5 T3"),
    ("4 flips purple, #1 #2 #3 take T1", "r1 c1: 1 T1, 2 T1, 3 T1, 4 switch purple"),
    ("1 T3 / 2 3 T1 / 4 5 6 T2", "r1 c1: 1 T3, 2 T1, 3 T1, 4 T2, 5 T2, 6 T2"),
    ("2 5 7 flip purple", "r1 c1: 2 switch purple, 5 switch purple, 7 switch purple"),
])
def test_spaced_numbers_opening_a_clause_share_its_action(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "1 T2 3 4 T1",          # "3" lost its action, or 3 and 4 on T1?
    "#2 #5 ride T3 or T1",  # which track?
    "#2 #5 not on T3",      # negated
])
def test_spaced_numbers_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- Miners sent, the extra miner as "him"/"who", lists typed "1&2", parts joined by "+" (TT-3, TT-7)

@pytest.mark.parametrize("post, move", [
    ("extra miner please, and send him to T3", "r1 c1: 8 T3, extra-miner"),
    ("1 and 2 on T1 + extra miner, who also goes T3", "r1 c1: 1 T1, 2 T1, 8 T3, extra-miner"),
    ("sending 4&5 to T1, 6 flips purple", "r1 c1: 4 T1, 5 T1, 6 switch purple"),
    ("move miner 3 to T2", "r1 c1: 3 T2"),
    ("3+4 T3, 1 T1", "r1 c1: 1 T1, 3 T3, 4 T3"),
])
def test_sent_miners_and_the_extra_miner_as_who_read(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "put 3 on N2",                        # a miner never boards a destination; a value without Hidden Value?
    "put it on T2",                       # which miner?
    "send 3 to T2 or T1",                 # which track?
    "1 T2 + 8 T3",                        # no Extra Miner declared: miner 8 cannot act (TT-7)
    "3 also T1, no wait, T2",             # a correction
])
def test_sent_miners_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- The crossing named in a header, a host's call with its time quoted, "this time" (TT-3, TT-9) -

@pytest.mark.parametrize("post, move", [
    ("Submission for crossing 1:\nm2 T3\nm5 T1\n(3 and 4 do nothing this time)", "r1 c1: 2 T3, 5 T1"),
    ("for crossing 1: 2 T3, 4 T1", "r1 c1: 2 T3, 4 T1"),
    ("> Sally, Maddie: submit for r1 c1 (2 mins)\nmine: 4 T2 7 T1", "r1 c1: 4 T2, 7 T1"),
    ("1 T2 this time", "r1 c1: 1 T2"),
])
def test_crossing_headers_and_quoted_calls_read(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "Submission for crossing 2:\n1 T1",         # not the current crossing
    "> r1 c1: 3 T2 (2 min)\n1 T1",              # a quoted move stays a move: which one?
    "> submit for r1 c1 (3 min)\n3 miners T1",  # which three?
])
def test_crossing_headers_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- The minecarts said between boarding and the track (TT-3) ---------------------------------------

@pytest.mark.parametrize("post, move", [
    ("Miners 2, 3 and 5 board the minecarts on Track 1. Miner 6 activates the purple switch.",
     "r1 c1: 2 T1, 3 T1, 5 T1, 6 switch purple"),
    ("5 boards a cart on T1", "r1 c1: 5 T1"),
    ("1 board the mine carts on T2, 3 board the cart on T1", "r1 c1: 1 T2, 3 T1"),
])
def test_minecarts_boarded_read_as_the_track(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "2 boards the carts on purple",     # a switch is never boarded (TT-3)
    "6 boards the minecarts",           # which track's?
    "6 boards the minecarts on T1 or T2",
])
def test_minecarts_boarded_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- Miners named by parity (TT-2, TT-3) -----------------------------------------------------------

@pytest.mark.parametrize("post, move", [
    ("even miners T2, odd miners T3", "r1 c1: 1 T3, 2 T2, 3 T3, 4 T2, 5 T3, 6 T2, 7 T3"),
    ("odds on T2, evens flip purple", "r1 c1: 1 T2, 2 switch purple, 3 T2, 4 switch purple, 5 T2, 6 switch purple, 7 T2"),
    ("the odd ones take T3", "r1 c1: 1 T3, 3 T3, 5 T3, 7 T3"),
    ("evens on T1, 3 flips purple", "r1 c1: 2 T1, 3 switch purple, 4 T1, 6 T1"),
])
def test_miners_named_by_parity_read(post, move):
    assert at_start(post) == move


def test_parity_is_of_the_miners_that_can_act():
    """Miner 1 crossed in crossing 1; the extra miner (8) plays (TT-2, TT-7)."""
    assert in_crossing_2("odd miners T1, even miners T2") == "r1 c2: 2 T2, 3 T1, 4 T2, 5 T1, 6 T2, 7 T1, 8 T2"


@pytest.mark.parametrize("post", [
    "odd miners T1, 3 T2",          # miner 3 twice
    "odd miners T1 or T2",          # which track?
    "odd miners T1, no wait, T2",   # a correction
])
def test_miners_named_by_parity_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- Eighth round: "this time", "take no action", "val", "miners 2, 3 and 4" (TT-3, TT-7) -------

@pytest.mark.parametrize("post, move", [
    ("only 2 on T1 this time, the others stay put", "r1 c1: 2 T1"),
    ("5 rides T2 this time", "r1 c1: 5 T2"),
    ("3 flips purple. Everyone else takes no action.", "r1 c1: 3 switch purple"),
    ("1 T3, 2 T1; 7 takes no action", "r1 c1: 1 T3, 2 T1"),
    ("hidden val N1=4", "r1: hidden N1 4"),
    ("hidden N3 val 1", "r1: hidden N3 1"),
    ("set the val of N2 to 2", "r1: hidden N2 2"),
    ("6 T3; miners 1, 2 and 5 board T1", "r1 c1: 1 T1, 2 T1, 5 T1, 6 T3"),
    ("miners 3, 4 & 7 go to T2, 1 flips purple", "r1 c1: 1 switch purple, 3 T2, 4 T2, 7 T2"),
    ("Miner 2 hits the purple switch. Miners 4, 5 and 6 take T3. The remaining miners take no action.",
     "r1 c1: 2 switch purple, 4 T3, 5 T3, 6 T3"),
])
def test_eighth_round_forms_read(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "1 T1, miners 2, 3 and 4",            # what do 2, 3 and 4 do?
    "miners 2, 3 and 4, 5 T2",            # 2, 3 and 4 left without an action
    "miners 2, 3 and 4 T2 or T3",         # which track?
    "hidden val N2",                      # which value?
    "2 T1 this time, no wait, 2 T3",      # a correction
    "1 T2, 1 takes no action",            # miner 1 twice
])
def test_eighth_round_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- A list's miners said to share its action, and parity without "miners" (TT-2, TT-3) --------

@pytest.mark.parametrize("post, move", [
    ("3 4 5 all T2", "r1 c1: 3 T2, 4 T2, 5 T2"),
    ("1, 6 and 7 all go to T1. 2 T3", "r1 c1: 1 T1, 2 T3, 6 T1, 7 T1"),
    ("5 and 6 both flip purple", "r1 c1: 5 switch purple, 6 switch purple"),
    ("1 and 4 each take T2", "r1 c1: 1 T2, 4 T2"),
    ("2-4 all T1", "r1 c1: 2 T1, 3 T1, 4 T1"),
    ("even-numbered miners T3, odd-numbered T1", "r1 c1: 1 T1, 2 T3, 3 T1, 4 T3, 5 T1, 6 T3, 7 T1"),
    ("odd numbered flip purple, even numbered on T2",
     "r1 c1: 1 switch purple, 2 T2, 3 switch purple, 4 T2, 5 switch purple, 6 T2, 7 switch purple"),
])
def test_shared_actions_read(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "1 2 3 both T1",              # "both" of three miners
    "4 and 5 all T3 or T1",       # which track?
    "1 T2, all T3",               # all the others, or all seven?
    "odd-numbered on T2, 3 T1",   # miner 3 twice
    "even-numbered T1 or T2",     # which track?
    "2 and 3 both T3, no wait, T1",   # a correction
])
def test_shared_actions_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- The miners not named said to act: "1 T2, the rest T1" (TT-3) ----------------------------------

@pytest.mark.parametrize("post, move", [
    ("5 T3, the rest T2", "r1 c1: 1 T2, 2 T2, 3 T2, 4 T2, 5 T3, 6 T2, 7 T2"),
    ("1 T1, the rest T2", "r1 c1: 1 T1, 2 T2, 3 T2, 4 T2, 5 T2, 6 T2, 7 T2"),   # once refused: now the miners not named
    ("6 flips purple; everybody else on T1", "r1 c1: 1 T1, 2 T1, 3 T1, 4 T1, 5 T1, 6 switch purple, 7 T1"),
    ("1 T1, 2 T1, 3 T1, 4 T3. All the others take T2.", "r1 c1: 1 T1, 2 T1, 3 T1, 4 T3, 5 T2, 6 T2, 7 T2"),
    ("7 T2, the remaining miners go to T3", "r1 c1: 1 T3, 2 T3, 3 T3, 4 T3, 5 T3, 6 T3, 7 T2"),
])
def test_others_acting_read(post, move):
    assert at_start(post) == move


def test_others_acting_are_the_miners_that_can_act():
    """Miner 1 crossed in crossing 1; the extra miner (8) plays (TT-2, TT-7)."""
    assert in_crossing_2("2 T1, the rest T2") == "r1 c2: 2 T1, 3 T2, 4 T2, 5 T2, 6 T2, 7 T2, 8 T2"


@pytest.mark.parametrize("post", [
    "the rest T1",                        # the rest of whom?
    "3 T2, the rest T1, 4 T3",            # 4 named after "the rest": a correction?
    "3 T2, the rest T1, others T3",       # said twice
    "3 T2, hidden N2 5, the rest T1",     # is 5 a miner?
    "3 T2, the rest T1 or T3",            # which track?
    "3 T2, the rest T1, no wait, T3",     # a correction
    "3 T2, everyone else flips purple or T1",
])
def test_others_acting_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- Miners joined by "and" share their action, and the clauses after it join the move (TT-3) ----

@pytest.mark.parametrize("post, move", [
    ("4 and 5 T1, + remote purple", "r1 c1: 4 T1, 5 T1, remote purple"),
    ("1 and 7 flip purple; miners 2, 3 T2", "r1 c1: 1 switch purple, 2 T2, 3 T2, 7 switch purple"),
    ("3 & 4 go to T3, also 6 T1", "r1 c1: 3 T3, 4 T3, 6 T1"),
    ("5 and 6 both T2, + remote switch purple", "r1 c1: 5 T2, 6 T2, remote purple"),
])
def test_joined_miners_before_more_clauses_read(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "4 and 5 T1, 5 T3",               # miner 5 twice
    "4 and 5 T1 or T2, + remote purple",   # which track?
    "4 and 5 T1, no wait, T2",        # a correction
    "hidden N2 5 and 3 T1",           # a Hidden Value is a move of its own (TT-7)
])
def test_joined_miners_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- A range of miners, then one action for each in order (TT-3) ---------------------------------

@pytest.mark.parametrize("post, move", [
    ("Miners 1 to 4: T3, T1, flip purple, T2", "r1 c1: 1 T3, 2 T1, 3 switch purple, 4 T2"),
    ("miners 5 to 7: T1, T1, T2", "r1 c1: 5 T1, 6 T1, 7 T2"),
])
def test_range_in_order_reads(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "Miners 1 to 4: T3, T1, T2",              # three actions for four miners
    "Miners 1 to 3: T3, T1, T2, T1",          # four actions for three miners
    "Miners 1 to 3: T3, T1, T2 or T1",        # which track?
    "Miners 1 to 3: T3, T1, T2, no wait, T1",  # a correction
])
def test_range_in_order_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- A target said first, then the miners it is for, one clause each (TT-3) ------------------------

@pytest.mark.parametrize("post, move", [
    ("T2: 1,3\nT3: 2\nswitch: 5", "r1 c1: 1 T2, 2 T3, 3 T2, 5 switch purple"),
    ("T1: 4, 5, 6\nsw: 7", "r1 c1: 4 T1, 5 T1, 6 T1, 7 switch purple"),
    ("Track 1: miners 2, 6.\nTrack 2: miner 5.", "r1 c1: 2 T1, 5 T2, 6 T1"),
    ("purple: 3 and 4. T3: 1", "r1 c1: 1 T3, 3 switch purple, 4 switch purple"),
    ("T2 for 3 and 6, T1 for 4", "r1 c1: 3 T2, 4 T1, 6 T2"),
    ("switch for 2, T3 for 1 and 7", "r1 c1: 1 T3, 2 switch purple, 7 T3"),
    ("6 T1, T2: 3", "r1 c1: 3 T2, 6 T1"),
    ("T3: 1 2 5\nT1: 4", "r1 c1: 1 T3, 2 T3, 4 T1, 5 T3"),
    ("T1 - 2, 3\nswitch - 6", "r1 c1: 2 T1, 3 T1, 6 switch purple"),
    ("T2 = 1, 7", "r1 c1: 1 T2, 7 T2"),
    ("purple switch: 5, 6", "r1 c1: 5 switch purple, 6 switch purple"),
    ("1 T2, 3 T2, rest none", "r1 c1: 1 T2, 3 T2"),
    ("T3 → 2, 4", "r1 c1: 2 T3, 4 T3"),
    ("T1→5,6\nT2→7", "r1 c1: 5 T1, 6 T1, 7 T2"),
])
def test_target_first_reads(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "T1: 1, 2 T2",                 # miner 2's own action after the list: is 1 on T1 alone?
    "T1: 1,2,3\nT2: 3,4",          # miner 3 twice
    "T3 for 2 crossings",          # no list of miners
    "T1: 1, 2\nT2: 3 or 4",        # which miner?
    "T1: 1, 2, no wait, T2: 1, 2",  # a correction
    "5 T1 for 2",                  # "for 2" follows an action: no target starts the clause
    "T1: 1 2 T2",                  # miner 2's own action after the list
    "T1 - 1, 2 - T2",              # which is miner 2's?
    "T1 → 1, 2 → T2",              # which is miner 2's?
])
def test_target_first_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- Sentences naming "the miner(s) N", going "in" a track, the others staying (TT-3) -------------

@pytest.mark.parametrize("post, move", [
    ("The miners 2 and 5 go in the track 2. The miner 6 goes to the track 1. The others stay.",
     "r1 c1: 2 T2, 5 T2, 6 T1"),
    ("the miner 7 goes in T3, the miner 1 flips the switch", "r1 c1: 1 switch purple, 7 T3"),
    ("Miners 3, 4 and 6 go in T1. The rest stay home.", "r1 c1: 3 T1, 4 T1, 6 T1"),
    ("4 T2. The others stay.", "r1 c1: 4 T2"),
])
def test_miners_in_sentences_read(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "The miners 2 and 5 go in the track 2. The miner 5 goes to the track 1.",   # miner 5 twice
    "The miner 6 goes in the track 1 or the track 2.",                         # which track?
    "The others stay.",                                                        # the rest of whom?
])
def test_miners_in_sentences_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- "sw" for the switch; a boarding verb before "the switch" activates it (TT-1, TT-3) -----------

@pytest.mark.parametrize("post, move", [
    ("1 T2 4 sw", "r1 c1: 1 T2, 4 switch purple"),
    ("3 sw, 5 sw, 6 T3", "r1 c1: 3 switch purple, 5 switch purple, 6 T3"),
    ("2 takes the switch, 3 rides T1", "r1 c1: 2 switch purple, 3 T1"),
    ("Extra Miner; the new guy takes the switch", "r1 c1: 8 switch purple, extra-miner"),
])
def test_switch_short_and_taken_read(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "4 sw or T2",        # which?
    "sw",                # which miner?
    "4 sw? 5 T1",        # asks
])
def test_switch_short_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- Going "in" a track; the extra miner placed as declared; "miners 1 to 3" (TT-2, TT-3, TT-7) ---

@pytest.mark.parametrize("post, move", [
    ("Hello! 2 goes in T1. 6 goes in the track 3", "r1 c1: 2 T1, 6 T3"),
    ("gm. 5 T2, 4 goes in T1", "r1 c1: 4 T1, 5 T2"),
    ("extra miner on T2", "r1 c1: 8 T2, extra-miner"),
    ("3 T1, 4 T1 + extra miner on T3", "r1 c1: 3 T1, 4 T1, 8 T3, extra-miner"),
    ("using extra miner on T2 and 1 on T1", "r1 c1: 1 T1, 8 T2, extra-miner"),
    ("extra miner goes to T1", "r1 c1: 8 T1, extra-miner"),
    ("extra miner takes T3, 1 T1", "r1 c1: 1 T1, 8 T3, extra-miner"),
    ("miners 1 to 3 on T1", "r1 c1: 1 T1, 2 T1, 3 T1"),
    ("miners 5 to 7 ride T2, the rest stay home", "r1 c1: 5 T2, 6 T2, 7 T2"),
])
def test_going_in_and_extra_placed_read(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "Hello! 2 goes in T1 or T2",        # which track?
    "extra miner on T2, 8 T3",          # miner 8 twice
    "no extra miner on T2",             # declined, yet miner 8 placed
    "extra miner on T2... or T3",       # which track?
    "extra miner on T2?",               # asks
    "extra miner goes to T1, 8 T2",     # miner 8 twice
    "extra miner takes T3 or T2",       # which track?
    "miners 3 to 1 on T1",              # no range backwards
    "1 to 3 on T1",                     # miner 1 to T3? no plural says it is a range
    "miners 1 to 3 on T1, 2 T2",        # miner 2 twice
])
def test_going_in_and_extra_placed_near_misses_stay_refused(post):
    assert at_start(post) is None


def test_extra_placed_once_declared_is_no_new_declaration():
    """In crossing 2 the extra miner is declared already (TT-7): "extra miner on T2" would declare it again."""
    assert in_crossing_2("extra miner on T2") is None


# --- Ranges "m3-7"; a comma list sent by an arrow; "only him" beside the rest resting (TT-3) -------

@pytest.mark.parametrize("post, move", [
    ("m1 T1 m2-4 T3", "r1 c1: 1 T1, 2 T3, 3 T3, 4 T3"),
    ("m5-7 sw, m1 T2", "r1 c1: 1 T2, 5 switch purple, 6 switch purple, 7 switch purple"),
    ("m2-m4 T1", "r1 c1: 2 T1, 3 T1, 4 T1"),
    ("3, 5 → T2; 1, 2 → switch", "r1 c1: 1 switch purple, 2 switch purple, 3 T2, 5 T2"),
    ("4, 6 and 7 -> T1", "r1 c1: 4 T1, 6 T1, 7 T1"),
    ("1, 2→T3", "r1 c1: 1 T3, 2 T3"),
    ("3 T2 (just him, the others stay)", "r1 c1: 3 T2"),
    ("extra miner, no one does anything else", "r1 c1: extra-miner"),
])
def test_ranges_arrow_lists_and_only_him_read(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "m4-2 T1",                   # a range backwards
    "m3-5 T1, 4 T2",             # miner 4 twice
    "3, 5 → T2 or T1",           # which track?
    "3, 5 → T2, 5 T1",           # miner 5 twice
    "1, 3 to T1",                # "1," may have lost its action: no arrow sends the list
    "3 T2 (just him?)",          # asks
])
def test_ranges_arrow_lists_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- "will" before an action; ", and" before the next miner; "For round 1 crossing 1" (TT-3) ------

@pytest.mark.parametrize("post, move", [
    ("2 will ride T3, 5 will flip purple", "r1 c1: 2 T3, 5 switch purple"),
    ("1 and 4 will take T2", "r1 c1: 1 T2, 4 T2"),
    ("6 T1, and 7 T3", "r1 c1: 6 T1, 7 T3"),
    ("miner 2 rides T2, and miner 3 hits the switch", "r1 c1: 2 T2, 3 switch purple"),
    ("For round 1 crossing 1 I'd like 3 on T2", "r1 c1: 3 T2"),
    ("for r1 c1 please: 4 T1", "r1 c1: 4 T1"),
])
def test_future_and_and_turn_header_read(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "2 will ride T3 or T1",               # which track?
    "2 would ride T3",                    # a wish, not the move
    "6 T1, and 6 T3",                     # miner 6 twice
    "For round 2 crossing 1 I'd like 3 on T2",   # another round
    "For round 1 crossing 3 I'd like 3 on T2",   # another crossing
])
def test_future_and_and_turn_header_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- Hidden Value said "in" a destination, "the new value is" (TT-7) -------------------------------

@pytest.mark.parametrize("post, move", [
    ("I use the hidden value in N2, the new value is 3", "r1: hidden N2 3"),
    ("hidden value in N3, new value 1", "r1: hidden N3 1"),
])
def test_hidden_in_a_destination_reads(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "hidden value in N2, the new value is 3 or 4",   # which value?
    "hidden value in N2, the new value is?",         # no value
])
def test_hidden_in_a_destination_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- The rest said to stay as a clause of its own, past chatter (TT-3) -----------------------------

@pytest.mark.parametrize("post, move", [
    ("5 T3 I think. rest nothing", "r1 c1: 5 T3"),
    ("using the extra miner for now, nobody else moves", "r1 c1: extra-miner"),
    ("2 T1 lol. The others chill.", "r1 c1: 2 T1"),
])
def test_rest_apart_reads(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "The others stay.",                  # the rest of whom? no move named
    "Nobody else moves.",                # no move named
    "5 T3. The others stay?",            # asks
    "5 T3 or T2. The others stay.",      # which track?
    "hidden N1 5. Nobody else moves.",   # a Hidden Value is a move of its own (TT-7)
])
def test_rest_apart_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- A track or switch said first, "gets" its miners (TT-3) -----------------------------------------

@pytest.mark.parametrize("post, move", [
    ("T3 gets miners 6 and 7, switch gets miner 1", "r1 c1: 1 switch purple, 6 T3, 7 T3"),
    ("T2 gets 4 and 5", "r1 c1: 4 T2, 5 T2"),
    ("T1 gets miner 2. purple switch gets miner 3", "r1 c1: 2 T1, 3 switch purple"),
])
def test_target_gets_its_miners_reads(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "T1 gets 3 crossings",             # no miner
    "T3 gets miners 6 and 7?",         # asks
    "T3 gets miners 6 or 7",           # which miner?
])
def test_target_gets_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- Every miner counted: "all seven of my miners", a count restating "everyone" (TT-2, TT-3) --------

@pytest.mark.parametrize("post, move", [
    ("all seven of my miners activate purple 😈", "r1 c1: " + ", ".join(f"{m} switch purple" for m in range(1, 8))),
    ("all 7 miners T3", "r1 c1: " + ", ".join(f"{m} T3" for m in range(1, 8))),
    ("everyone T2 lol yolo (all 7)", "r1 c1: " + ", ".join(f"{m} T2" for m in range(1, 8))),
    ("everyone on T1. all seven. yolo", "r1 c1: " + ", ".join(f"{m} T1" for m in range(1, 8))),
])
def test_every_miner_counted_reads(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "all six of my miners activate purple",   # seven can act: which six?
    "everyone T2 (all 6)",                    # the count is not every miner
    "everyone T3. all seven?",                # asks
])
def test_every_miner_counted_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- Hidden Value wished: "I'd like N3 to be 4" (TT-7) ---------------------------------------------

@pytest.mark.parametrize("post, move", [
    ("Hidden Value Crossing: I'd like N3 to be 4, thanks.", "r1: hidden N3 4"),
    ("hidden N2 to be 5", "r1: hidden N2 5"),
    ("hidden value: i would like N1 to be 2", "r1: hidden N1 2"),
])
def test_hidden_wished_reads(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "hidden value: I'd like N3 to be 4 or 5",   # which value?
    "I'd like N3 to be 4?",                     # asks
    "I'd like T2",                              # no miner
])
def test_hidden_wished_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- The extra miner's number in brackets; "the rest:" before their list (TT-3, TT-7) ---------------

@pytest.mark.parametrize("post, move", [
    ("I'm using Extra Miner and my extra guy (miner 8) boards T1. No one else moves.", "r1 c1: 8 T1, extra-miner"),
    ("extra miner, new guy (miner 8) on T2", "r1 c1: 8 T2, extra-miner"),
    ("Extra Miner please! 8 goes T2, the rest: 1 T2, 2 T2, 3 T3, 4 T3, 5 T1, 6 T1, 7 T1",
     "r1 c1: 1 T2, 2 T2, 3 T3, 4 T3, 5 T1, 6 T1, 7 T1, 8 T2, extra-miner"),
    ("4 T1, the others: 1 T2, 2 T3", "r1 c1: 1 T2, 2 T3, 4 T1"),
])
def test_extra_named_and_rest_listed_read(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "Extra Miner and the new guy (miner 7) boards T1",   # the extra miner is miner 8
    "the rest: 1 T2, 2 T3",                              # the rest of what?
    "4 T1, the rest: 1 T2 or T3",                        # which track?
    "4 T1, the rest: T3",                                # a colon, then no miner: not read as the rest boarding
])
def test_extra_named_and_rest_listed_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- A track or switch said with how many take it, the miners in brackets (TT-3) --------------------

@pytest.mark.parametrize("post, move", [
    ("switch x3 (miners 1,2,3), 4-7 on T2",
     "r1 c1: 1 switch purple, 2 switch purple, 3 switch purple, 4 T2, 5 T2, 6 T2, 7 T2"),
    ("T2 x2 (1 and 2), 3 T1", "r1 c1: 1 T2, 2 T2, 3 T1"),
    ("T3 x2 (miners 4, 5) and 1 T1", "r1 c1: 1 T1, 4 T3, 5 T3"),
])
def test_target_counted_reads(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "switch x3 (1, 2)",                  # three, but two named: which third?
    "switch x2 (1 or 2)",                # which miner?
    "switch x3 (miners 1,2,3)?",         # asks
    "switch x3 (miners 1,2,3) or T1",    # which action?
])
def test_target_counted_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- The first N miners and the other M (TT-2, TT-3) ------------------------------------------------

@pytest.mark.parametrize("post, move", [
    ("first three miners to T1, the other four to T2", "r1 c1: 1 T1, 2 T1, 3 T1, 4 T2, 5 T2, 6 T2, 7 T2"),
    ("first two to T3, rest stay", "r1 c1: 1 T3, 2 T3"),
    ("first three to T1, the last four flip purple",
     "r1 c1: 1 T1, 2 T1, 3 T1, 4 switch purple, 5 switch purple, 6 switch purple, 7 switch purple"),
])
def test_first_counted_reads(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "first three miners to T1, the other three to T2",   # four others can act: which three?
    "first three miners to T1, 7 T3",                    # and 4 to 6?
    "first three miners to T1 or T2",                    # which track?
])
def test_first_counted_near_misses_stay_refused(post):
    assert at_start(post) is None


def test_first_counted_is_refused_once_miner_1_crossed():
    assert in_crossing_2("first two to T3") is None   # miner 1 is across: which two?


# --- No action said for one named miner (TT-3, TT-7) ------------------------------------------------

@pytest.mark.parametrize("post, move", [
    ("Using Extra Miner. (no action for the new guy)", "r1 c1: extra-miner"),
    ("extra miner, nothing for the new guy", "r1 c1: extra-miner"),
    ("1 T2, no action for miner 5", "r1 c1: 1 T2"),
])
def test_no_action_for_a_miner_reads(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "no action for the new guy",        # no Extra Miner declared: which new guy?
    "1 T2, no action for 5 or 6",       # which miner?
    "1 T2, no action for 1",            # contradicts its action
])
def test_no_action_for_a_miner_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- An item named again: "the hidden value thing" (TT-7) -------------------------------------------

@pytest.mark.parametrize("post, move", [
    ("I wanna use the hidden value thing. N2, value 2", "r1: hidden N2 2"),
    ("using the extra miner thing, 8 T2", "r1 c1: 8 T2, extra-miner"),
])
def test_item_thing_reads(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "the hidden value thing? N2, value 2",         # asks
    "not using the extra miner thing, 8 T2",       # declined, yet miner 8 acts
])
def test_item_thing_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- "I am" before using an item (TT-7) ------------------------------------------------------------

@pytest.mark.parametrize("post, move", [
    ("Miners 1, 2 and 3 board the minecarts on Track 3. Miner 4 activates the purple switch. "
     "I am also using my Remote Switch on purple.", "r1 c1: 1 T3, 2 T3, 3 T3, 4 switch purple, remote purple"),
    ("1 T3. I am using the extra miner, 8 T2", "r1 c1: 1 T3, 8 T2, extra-miner"),
])
def test_i_am_using_reads(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "1 T3. I am not using my Remote Switch on purple.",   # declined, yet named
    "1 T3. I am using my Remote Switch on purple?",       # asks
])
def test_i_am_using_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- Several joined groups, each sharing its action (TT-3) ----------------------------------------

@pytest.mark.parametrize("post, move", [
    ("5 and 6 toggle purple, 1 2 3 4 T2, 7 T3, and remote purple too",
     "r1 c1: 1 T2, 2 T2, 3 T2, 4 T2, 5 switch purple, 6 switch purple, 7 T3, remote purple"),
    ("2 and 3 flip purple, 4 and 5 T1, and remote purple too",
     "r1 c1: 2 switch purple, 3 switch purple, 4 T1, 5 T1, remote purple"),
    ("2 and 3 T3, 4 and 5 T1, and remote purple", "r1 c1: 2 T3, 3 T3, 4 T1, 5 T1, remote purple"),
    ("5 and 6 hit the switch, 1 2 3 4 T2, 7 T3",
     "r1 c1: 1 T2, 2 T2, 3 T2, 4 T2, 5 switch purple, 6 switch purple, 7 T3"),
])
def test_joined_groups_read(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "1 and 2 T3, 3 and 4 T1 and 5 T2",    # the last clause not parted from the group before it
    "2 and 3 T3, 4 and 5 T1 or T2",       # alternative left open
])
def test_joined_groups_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- "everyone else" beside the extra miner's own action (TT-7) -----------------------------------

@pytest.mark.parametrize("post, move", [
    ("extra miner + remote switch (purple). miner 8 to T3, everyone else T2",
     "r1 c1: 1 T2, 2 T2, 3 T2, 4 T2, 5 T2, 6 T2, 7 T2, 8 T3, extra-miner, remote purple"),
    ("extra miner, 8 T3, the rest T2", "r1 c1: 1 T2, 2 T2, 3 T2, 4 T2, 5 T2, 6 T2, 7 T2, 8 T3, extra-miner"),
    ("extra miner, the new guy flips the switch, everybody else T1",
     "r1 c1: 1 T1, 2 T1, 3 T1, 4 T1, 5 T1, 6 T1, 7 T1, 8 switch purple, extra-miner"),
    ("extra miner. the new guy T3, the remaining miners T2",
     "r1 c1: 1 T2, 2 T2, 3 T2, 4 T2, 5 T2, 6 T2, 7 T2, 8 T3, extra-miner"),
])
def test_others_beside_the_extra_miner_read(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "extra miner, 1 T3, everyone else T2",        # is the new miner one of "everyone else"?
    "extra miner, 8 T3, everyone else T2, 1 T1",  # a miner named after the others: a correction?
    "extra miner, 8 T3, everyone else T2?",       # asks
])
def test_others_beside_the_extra_miner_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- Bare numbers after "with": "switch purple with 1 and 2" (TT-3) --------------------------------

@pytest.mark.parametrize("post, move", [
    ("switch purple with 1 and 2, 3 4 5 on T1", "r1 c1: 1 switch purple, 2 switch purple, 3 T1, 4 T1, 5 T1"),
    ("take T1 with 1 and 2", "r1 c1: 1 T1, 2 T1"),
    ("3 T1, flip purple with 4", "r1 c1: 3 T1, 4 switch purple"),
    ("press purple with 1 and 2", "r1 c1: 1 switch purple, 2 switch purple"),
])
def test_bare_miners_after_with_read(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "1 T2 with 3",                    # 3 with miner 1, or miner 1 with 3 more?
    "flip purple with 1 and 2 T3",    # the numbers run into another action
])
def test_bare_miners_after_with_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- Passing in other words: "nada, skip me this time" (G-2, TT-3) --------------------------------

@pytest.mark.parametrize("post", [
    "nada, skip me this time",
    "skip me",
    "count me out this round",
    "zilch",
    "nothing from me this time (no items either)",
    "pass, not using remote either",
])
def test_passing_said_other_ways_reads(post):
    assert at_start(post) == "r1 c1: nothing"


@pytest.mark.parametrize("post", [
    "skip me?",                # asks
    "skip me, 1 T2",           # a pass beside a move
    "nada for now",            # not decided yet
    "should you skip me",
    "1 T2 either",             # "either" with no negation: an alternative left open
    "1 T2, no remote either?",
])
def test_passing_said_other_ways_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- The extra miner's number with a bracket saying who it is (TT-7) ------------------------------

@pytest.mark.parametrize("post, move", [
    ("miner 8 (the extra one, using Extra Miner) on T1, and 1 on T1 too", "r1 c1: 1 T1, 8 T1, extra-miner"),
    ("8 (extra miner) on T1", "r1 c1: 8 T1, extra-miner"),
    ("miner 8 (Extra Miner) takes T3", "r1 c1: 8 T3, extra-miner"),
    ("8 (the new guy) on T1, extra miner", "r1 c1: 8 T1, extra-miner"),
])
def test_extra_miner_aside_reads(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "miner 8 (extra miner?) on T1",      # asks
    "miner 7 (extra miner) on T1",       # the extra miner is miner 8
    "miner 8 (not extra miner) on T1",   # declined, yet miner 8 acts
    "8 (extra miner) 1 T1",              # miner 8 with no action
])
def test_extra_miner_aside_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- Every miner at the switch: "all of them flip the switch" (TT-3) ------------------------------

ALL_SWITCH = "r1 c1: " + ", ".join(f"{miner} switch purple" for miner in range(1, 8))


@pytest.mark.parametrize("post, move", [
    ("all of them flip the switch lol. chaos", ALL_SWITCH),
    ("everyone pulls the purple switch", ALL_SWITCH),
    ("each of them flips purple", ALL_SWITCH),
    ("everybody hits the switch except 3 who takes T1",
     "r1 c1: 1 switch purple, 2 switch purple, 3 T1, 4 switch purple, 5 switch purple, 6 switch purple, 7 switch purple"),
    ("1 T3, the remaining ones flip purple",
     "r1 c1: 1 T3, 2 switch purple, 3 switch purple, 4 switch purple, 5 switch purple, 6 switch purple, 7 switch purple"),
    ("1 T1, all the other miners T2", "r1 c1: 1 T1, 2 T2, 3 T2, 4 T2, 5 T2, 6 T2, 7 T2"),
])
def test_every_miner_at_the_switch_reads(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "all of them flip the switch?",   # asks
    "1 T3, all flip purple",          # all the others, or miner 1 too?
    "all flip purple, 1 T3",          # a correction?
])
def test_every_miner_at_the_switch_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- "have him pull the switch": the extra miner made to act (TT-7) -------------------------------

@pytest.mark.parametrize("post, move", [
    ("I'd like to use Extra Miner this round, and have him pull the purple switch.", "r1 c1: 8 switch purple, extra-miner"),
    ("extra miner, and let him take T2", "r1 c1: 8 T2, extra-miner"),
    ("extra miner, get her on T3", "r1 c1: 8 T3, extra-miner"),
    ("extra miner, and make him ride T1, 2 T3", "r1 c1: 2 T3, 8 T1, extra-miner"),
])
def test_extra_miner_made_to_act_reads(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "1 T2, have him flip purple",                           # him: no extra miner declared
    "extra miner, 1 T2, have him flip purple",              # him: miner 1 or the extra one?
    "should I use extra miner and have him flip purple?",   # asks
    "extra miner, and have them flip purple",               # them: who?
])
def test_extra_miner_made_to_act_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- Other verbs for the switch, and the lever (TT-1: one switch this crossing; TT-3) ---------------

@pytest.mark.parametrize("post, move", [
    ("5 flicks purple", "r1 c1: 5 switch purple"),
    ("5 switches purple", "r1 c1: 5 switch purple"),
    ("5 works the switch", "r1 c1: 5 switch purple"),
    ("5 yanks the lever", "r1 c1: 5 switch purple"),
    ("miner 3 triggers the switch, 1 T2", "r1 c1: 1 T2, 3 switch purple"),
])
def test_other_switch_verbs_read(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "5 works",                        # no switch named
    "5 pushes the switch?",           # asks
    "the lever is broken lol 1 T2",   # no miner at the lever
])
def test_other_switch_verbs_near_misses_stay_refused(post):
    assert at_start(post) is None


# --- The others said other ways, after "and"; a spaced list after "and" (TT-3) -----------------

@pytest.mark.parametrize("post, move", [
    ("1 T1 and everyone else T2", "r1 c1: 1 T1, 2 T2, 3 T2, 4 T2, 5 T2, 6 T2, 7 T2"),
    ("1 T1, rest of my guys T2", "r1 c1: 1 T1, 2 T2, 3 T2, 4 T2, 5 T2, 6 T2, 7 T2"),
    ("1 2 3 T2 and 4 5 T1", "r1 c1: 1 T2, 2 T2, 3 T2, 4 T1, 5 T1"),
    ("1 T1 and 2 3 T2", "r1 c1: 1 T1, 2 T2, 3 T2"),
])
def test_others_and_spaced_lists_after_and_read(post, move):
    assert at_start(post) == move


@pytest.mark.parametrize("post", [
    "1 T1 and the rest T2?",     # asks
    "1 T1 and 2",                # miner 2 with no action
    "1 T1 and 2 and 3 T2",       # 2 on T1 too, or on T2?
    "1 T2 and 2 3 T1 or T3",     # alternative left open
])
def test_others_and_spaced_lists_after_and_near_misses_stay_refused(post):
    assert at_start(post) is None
