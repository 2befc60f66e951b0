"""Forms of dice Tug of War posts the reader reads (DT-2, DT-3, DT-5), each with near misses
that must stay refused (exit 2: the reading is not certain), never read as another move or
refused as an illegal move (exit 1). Faces and positions are never guessed between."""

from __future__ import annotations

import pytest

from adjudicator import session
from helpers.matches import dice_match, replayed, setup_entries
from helpers.post_positions import entered_in, read, refused


def read_roll(roll: tuple[int, ...], post: str, column: tuple[int, ...] = (6, 6, 2)) -> str:
    """The post as `move` reads it for bernd (column `column`) deciding after his turn roll `roll`."""
    match, replay = replayed(dice_match([*setup_entries(list(column), [4, 5, 6]), ("roll", *roll)]))
    return match.game.format_move(session.read_move(match, replay, "bernd", post, False, "m.json"))


def refusal(call, *args: object) -> str:
    """The message of a refusal that asks for the post again (exit 2), never a move entered."""
    error = refused(call, *args)
    assert error.exit_status == 2
    return error.message


# Positions named in the table (tests/helpers/post_positions.py): dice-setup-116 rolled 1 1 6
# (setup); dice-turn column 2 6 6, roll 5 3 5; dice-turn-6 column 2 3 6, roll 6 4 1;
# dice-turn-135 roll 1 3 5; dice-turn-152 roll 1 5 2.
READ = [
    # a number word after a value marker is a face where no count of the roll's dice can be meant
    ("dice-turn-6", "re-roll the six", "reroll 1"),
    ("dice-turn-6", "ok reroll my four", "reroll 2"),
    ("dice-setup-116", "reroll everything but the six", "reroll 1 2"),
    # faces in words, in the plural
    ("dice-turn", "re-roll both fives", "reroll 1 3"),
    ("dice-turn", "reroll the fives please", "reroll 1 3"),
    ("dice-setup-116", "reroll the two ones 🎲", "reroll 1 2"),
    # "showing": every number of its list is a face
    ("dice-turn-135", "reroll the dice showing 3 and 5", "reroll 2 3"),
    ("dice-turn-6", "reroll the die showing 4", "reroll 2"),
    # dice named by face are listed in order
    ("dice-turn-135", "reroll the 5 and the 1", "reroll 1 3"),
    # a keep clause read with the re-roll: "the others" are the dice it does not name
    ("dice-setup-116", "keeping the 6, reroll the rest", "reroll 1 2"),
    ("dice-setup-116", "hold the six and reroll the other two", "reroll 1 2"),
    ("dice-setup-116", "keep the 6, re-roll the other ones", "reroll 1 2"),
    ("dice-turn", "reroll the others, keep the 3", "reroll 1 3"),
    ("dice-turn-6", "keep the first, reroll the others", "reroll 2 3"),
    ("dice-turn-6", "keep the 4 and reroll the 6 and the 1", "reroll 1 3"),
    ("dice-turn", "keep the 3, re-roll the two fives", "reroll 1 3"),
    # the setup roll said again beside keep is the roll kept (DT-2)
    ("dice-setup-116", "happy with 1 1 6 - keep", "keep"),
    ("dice-setup-116", "keep 1 1 6 then", "keep"),
    # trades said in words: which die goes in (rolled) and which goes out (the column's), DT-5
    ("dice-turn", "swap a 5 in for my 6", "trade 5 for 6"),
    ("dice-turn", "my 2 goes out, a 3 comes in", "trade 3 for 2"),
    ("dice-turn", "give up my 2 and take a 5", "trade 5 for 2"),
    ("dice-turn", "replace my 2 with a 3", "trade 3 for 2"),
    ("dice-turn", "I'll swap out my 2 for the 5", "trade 5 for 2"),
    ("dice-turn", "trade a five for one of my sixes", "trade 5 for 6"),
    ("dice-turn-6", "bring the 4 in for my 3 pls", "trade 4 for 3"),
]


@pytest.mark.parametrize("name, post, want", READ, ids=[post for _, post, _ in READ])
def test_a_form_reads_as_its_move(name, post, want):
    assert read(name, "bernd", post) == want


REFUSED = [
    # "the one", "the three": one die, or that many dice?
    ("dice-turn-152", "reroll the one", "does not say which dice"),
    ("dice-setup-116", "reroll the three", "does not say which dice"),
    # "those ones" points back at dice; no face is named
    ("dice-setup-116", "reroll those ones", "is not a move"),
    # no die shows the face, or the count does not fit
    ("dice-turn", "reroll the ones", "names no die"),
    ("dice-turn", "reroll the three fives", "does not fit the roll"),
    # "the others" with no keep clause, or one that names no one die, or a count that does not fit
    ("dice-turn-6", "reroll the rest", "does not say which dice"),
    ("dice-setup-116", "keep the 1, reroll the others", "could be any of dice 1, 2"),
    ("dice-setup-116", "keep the 6, reroll the other one", "does not fit the roll"),
    ("dice-setup-116", "keep the 6, reroll the other 2", "could be the other dice or the other dice showing 2"),
    # a die kept and re-rolled at once
    ("dice-setup-116", "keep the 6, reroll 3", "keeps die 3, which the post also re-rolls"),
    # a keep clause taken back, asked about, or hedged
    ("dice-setup-116", "not keeping the 6, reroll the others", "the post says 'not'"),
    ("dice-setup-116", "keep the 6, reroll the others?", "asks about"),
    ("dice-setup-116", "keep the 6, maybe reroll the rest", "'maybe'"),
    # not the roll said again: the numbers may be part of the move
    ("dice-setup-116", "1 6 1, keep", "also '1 6 1'"),
    ("dice-setup-116", "1 1 6, reroll the 6", "also '1 1 6'"),
    # trades whose words do not say which die is the rolled one
    ("dice-turn", "swap 5 for 2", "does not say which die is the rolled one"),
    ("dice-turn-152", "swap my 2 for the 5", "names your column's die (2) first"),   # the roll shows a 2 too
    ("dice-turn", "my 2 goes in for the 5", "both goes into the column and leaves it"),
    ("dice-turn", "put the 5 in and the 3 in", "names two rolled dice"),
    ("dice-turn", "replace the 5 with my 2", "names two column dice"),
    ("dice-turn", "swap the 3 in for my 2, no wait, the 5 in", "reads two ways"),
    ("dice-turn", "not swapping the 3 in for my 2", "the post says 'not'"),
    ("dice-turn", "swap the 3 in for my 2 and my 6", "is not a move"),
]


@pytest.mark.parametrize("name, post, why", REFUSED, ids=[post for _, post, _ in REFUSED])
def test_a_near_miss_is_refused(name, post, why):
    assert why in refusal(read, name, "bernd", post)


def test_a_number_in_a_face_list_that_would_name_a_die_twice_is_the_face():
    """On 3 5 1, "the 1 and 3" as position 3 would name die 3 twice: the list is of faces."""
    assert read_roll((3, 5, 1), "reroll the 1 and 3") == "reroll 1 3"
    assert read_roll((3, 5, 1), "reroll my 3 and 1") == "reroll 1 3"
    assert read_roll((4, 2, 6), "reroll the dice showing 2 and 6") == "reroll 2 3"


@pytest.mark.parametrize("roll, post, why", [
    ((3, 5, 1), "reroll 3 and the 1", "names die 3 again"),                    # position 3 is the 1
    ((3, 5, 1), "reroll 1, the 3", "names die 1 again"),
    ((3, 5, 1), "reroll 1 and the 5", "could be the die showing 1 (die 3) or die 1"),
    ((3, 5, 1), "reroll 5 and the 5", "names die 2 again"),
    ((1, 3, 5), "reroll the 3 and 1 and 1", "names die 1 again"),
])
def test_a_die_named_twice_or_a_number_that_may_be_either_is_refused_as_unreadable(roll, post, why):
    """Never an illegal re-roll (DT-3: each position once) from a post read one way of two."""
    assert why in refusal(read_roll, roll, post)


def test_a_number_no_die_has_beside_faces_is_its_face():
    """On 3 5 1 "reroll 5 and the 3": die 5 does not exist, so the 5 is the die showing 5."""
    assert read_roll((3, 5, 1), "reroll 5 and the 3") == "reroll 1 2"
    assert read_roll((3, 5, 1), "reroll die 3 (the 1)") == "reroll 3"   # said again in brackets: one die


def test_a_declined_reroll_hints_no_reroll():
    said = refusal(read, "dice-setup-116", "bernd", "not gonna reroll, keeping it")
    assert "reroll 2 3" not in said and "closest: 'reroll" not in said.casefold()
    assert read("dice-setup-116", "bernd", "no reroll, keeping it") == "keep"   # "no reroll": keep (DT-2)


# --- The second die showing a face; one re-roll used; the roll kept said again (DT-2, DT-3) ---

@pytest.mark.parametrize("roll, post, want", [
    ((2, 5, 2), "re-roll the second 2 pls", "reroll 3"),  # no "second two dice" in a roll of three
    ((1, 1, 4), "reroll the first 1", "reroll 1"),        # die 1 either way
    ((5, 3, 5), "one of my two rerolls on the 3", "reroll 2"),
    ((5, 3, 5), "spending one of the rerolls on die 1", "reroll 1"),
])
def test_a_die_named_by_its_place_among_those_showing_a_face_or_one_reroll_used_reads(roll, post, want):
    assert read_roll(roll, post) == want


def test_the_second_of_two_dice_showing_1_reads_where_it_is_the_second_die():
    """On 1 1 6 the second die showing 1 is die 2, as "the second one" is (on 4 1 1 they differ)."""
    assert read("dice-setup-116", "bernd", "ok reroll the second 1") == "reroll 2"


@pytest.mark.parametrize("roll, post, why", [
    ((1, 1, 1), "reroll the second 1", "or the second die showing 1"),        # three show it: not a pair
    ((4, 1, 1), "reroll the second 1", "could be die 2"),            # "the second one", or the second 1 (die 3)?
    ((2, 5, 2), "reroll the first 2", "could be the first 2 dice"),   # the first two dice, or the first 2?
    ((1, 1, 6), "reroll the last 1", "could be die 3"),
    ((5, 3, 5), "one of my rerolls on dice 1 and 3", "is not a move"),   # one re-roll, two dice
    ((5, 3, 5), "using my two rerolls on die 2", "is not a move"),      # die 2 twice, or dice 2 and another?
    ((5, 3, 5), "one of my rerolls on the 5", "could be any of dice 1, 3"),
])
def test_a_place_among_faces_or_a_reroll_count_that_is_unclear_is_refused(roll, post, why):
    assert why in refusal(read_roll, roll, post)


@pytest.mark.parametrize("post", ["keeping 1 1 6", "holding 1 1 6 gl", "i'm keeping 1 1 6"])
def test_a_keep_word_before_the_setup_roll_said_again_is_keep(post):
    assert read("dice-setup-116", "bernd", post) == "keep"


@pytest.mark.parametrize("post, why", [
    ("keeping 1 6 1", "names dice to keep"),               # not the roll as rolled: dice kept, none re-rolled
    ("not keeping 1 1 6", "is not a move"),
    ("keeping 1 1 6 next time", "next time"),
])
def test_a_keep_word_before_another_roll_or_negated_is_refused(post, why):
    assert why in refusal(read, "dice-setup-116", "bernd", post)


# --- A die's place said in a trade; what an attack attacks with (DT-4, DT-5) ---------------

@pytest.mark.parametrize("name, post, want", [
    ("dice-turn", "I'll trade the 3 for the 2 in my column", "trade 3 for 2"),
    ("dice-turn", "trade the 2 from my column for a 5", "trade 5 for 2"),
    ("dice-turn", "swap the 2 in my column for the 3", "trade 3 for 2"),
    ("dice-turn", "swap the 2 for the 5 from the roll", "trade 5 for 2"),
    ("dice-turn", "trade 3 for 2 in my column", "trade 3 for 2"),
    ("dice-turn", "put the 5 in my column for the 2", "trade 5 for 2"),   # "in my column": where it goes
    ("dice-turn-6", "attacking with the 4 and the 6", "attack"),
    ("dice-turn-6", "attack with 6, 4 and 1 gl", "attack"),
    ("dice-turn-135", "trade 3 for 2 and attack with the other two", "trade 3 for 2"),
    ("dice-turn-135", "swap in the 5 for my 2 then attack", "trade 5 for 2"),
    ("dice-turn-135", "ok attacking", "attack"),
])
def test_a_trade_with_a_die_placed_or_an_attack_with_its_dice_reads(name, post, want):
    assert read(name, "bernd", post) == want


@pytest.mark.parametrize("name, post, why", [
    ("dice-turn", "swap the 2 for the 5 in my column", "does not say which die"),   # the 5 going in?
    ("dice-turn", "5 goes in my column for the 2", "does not say which die"),
    ("dice-turn-6", "attack with the 5", "also '5'"),            # no 5 was rolled
    ("dice-turn-6", "attack with the 6 and 6", "also '6 6'"),    # one 6 rolled
    ("dice-turn-6", "attack with my 6", "also '6'"),             # the column's 6
    ("dice-turn-135", "trade 3 for 2 or attack with the rest", "two different moves"),
    ("dice-turn-135", "trade 3 for 2. then attack", "two different moves"),
    ("dice-turn-135", "trade 3 for 2 then attack with the 1 and 3", "two different moves"),
    ("dice-turn-135", "reroll 1 then attack", "two different moves"),
])
def test_a_trade_or_attack_said_unclearly_is_refused(name, post, why):
    assert why in refusal(read, name, "bernd", post)


@pytest.mark.parametrize("name, post, want", [
    # a die leaving the column said after "in place of", "instead of", "replaces" (DT-5)
    ("dice-turn", "putting a 3 in place of my 2", "trade 3 for 2"),
    ("dice-turn", "the 3 goes in instead of one of my 6s", "trade 3 for 6"),
    ("dice-turn-6", "the 1 replaces my 2", "trade 1 for 2"),
    # "my" yields where the other die is said to be the column's: the rolled one is mine too
    ("dice-turn-135", "swap my 5 with the 2 from the column", "trade 5 for 2"),
    # rolled dice listed with spaces after "attack with" (DT-4)
    ("dice-turn-135", "attack with 1 3 5", "attack"),
    # "positions" names positions, as "dice" does
    ("dice-turn", "reroll positions 1 and 2", "reroll 1 2"),
    # the roll said again as a sentence of its own before the move
    ("dice-setup-116", "1 1 6. reroll die 3", "reroll 3"),
    ("dice-turn", "5 3 5!! rerolling the 3", "reroll 2"),
])
def test_a_die_replaced_listed_or_the_roll_said_again_reads(name, post, want):
    assert read(name, "bernd", post) == want


@pytest.mark.parametrize("name, post, why", [
    ("dice-turn", "put my 6 in place of the 5", "both goes into the column and leaves it"),
    ("dice-turn-6", "my 3 replaces the 4", "names two column dice"),     # 'my' and 'replaces' say the same
    ("dice-turn-135", "swap my 3 with my 6", "names two column dice"),   # no word says which is the column's
    ("dice-turn-135", "swap my 3 with a 6", "names your column's die (3) first"),
    ("dice-turn-135", "swap my 3 with a 6 in the column", "names your column's die (3) first"),   # going in?
    ("dice-turn-135", "attack with 1 3 5 5", "also '1 3 5 5'"),   # one 5 was rolled
    ("dice-turn-135", "attack with 1 3 2", "also '1 3 2'"),
    ("dice-setup-116", "1 1 6 reroll the 6", "also '1 1 6'"),   # no sentence end: the roll, or dice named?
    ("dice-setup-116", "1 1 6. reroll 1 1 6", "names die 1 again"),
    ("dice-turn", "5 3 5? reroll the 3", "also '5 3 5'"),
])
def test_a_die_replaced_or_listed_unclearly_is_refused(name, post, why):
    assert why in refusal(read, name, "bernd", post)


# --- The setup roll kept as "it" or by its sum; every die said again beside its positions ---

@pytest.mark.parametrize("post", [
    "keeping it",                      # the roll kept, said as "it" (DT-2)
    "holding this roll, gl",
    "sticking with that",
    "ok going with it",
    "keeping it all",
    "keep my 8",                       # 1 1 6: the team of 8, said again (no face is 8)
    "8 total, keeping this",
    "hmm 8 is ok I guess, keeping it",
    "ok 8. keeping",                   # the keep word alone, ending a sentence
    "Keeping!",
])
def test_the_setup_roll_kept_as_it_or_by_its_sum_is_keep(post):
    assert read("dice-setup-116", "bernd", post) == "keep"


@pytest.mark.parametrize("post, why", [
    ("keeping 9", "9"),                               # not the roll's sum
    ("keeping the first", "names dice to keep"),      # a die kept: which are re-rolled?
    ("keep my first die", "names dice to keep"),
    ("keeping that 6", "names dice to keep"),
    ("keeping 6.", "names dice to keep"),
    ("keeping these two", "names dice to keep"),
    ("keeping it... or reroll?", "not a move"),
    ("not keeping it", "not a move"),
    ("keeping it, maybe reroll the 6", "maybe"),
])
def test_the_setup_roll_kept_with_dice_named_doubted_or_another_sum_is_refused(post, why):
    assert why in refusal(read, "dice-setup-116", "bernd", post)


@pytest.mark.parametrize("name, post, want", [
    ("dice-setup-116", "reroll each of them", "reroll 1 2 3"),
    ("dice-setup-116", "re-roll every one of them pls", "reroll 1 2 3"),
    ("dice-setup-116", "reroll all 3 of the dice", "reroll 1 2 3"),
    ("dice-turn", "reroll all of them but the 3", "reroll 1 3"),
    # the positions, and every die said again (1 1 6: 2 and 3 are no faces; 5 3 5 alike)
    ("dice-setup-116", "reroll 1, 2, 3 - all of em", "reroll 1 2 3"),
    ("dice-turn", "reroll 1 2 3, all three", "reroll 1 2 3"),
    ("dice-turn", "reroll all three - 1 2 3", "reroll 1 2 3"),
    ("dice-setup-116", "reroll all three: 1 2 3", "reroll 1 2 3"),
    ("dice-setup-116", "reroll everything: 1, 2, 3", "reroll 1 2 3"),
    ("dice-setup-116", "reroll 1,2,3 (all)", "reroll 1 2 3"),   # the list typed as one word
    ("dice-turn", "reroll the lot", "reroll 1 2 3"),
])
def test_every_die_in_words_or_said_again_beside_its_positions_reads(name, post, want):
    assert read(name, "bernd", post) == want


@pytest.mark.parametrize("name, post, why", [
    ("dice-setup-116", "reroll 1 2, all of them", "again"),        # two positions, or every die?
    ("dice-turn-135", "reroll 1 3 5, all of them", "again"),        # faces of every die, or dice 1, 3 and a 5th?
    ("dice-setup-116", "reroll all: 1 2", "again"),
    ("dice-setup-116", "reroll 1,2 (all)", "again"),
    ("dice-setup-116", "reroll 1 2 3 and all of them", "again"),    # added to the list, not said again
])
def test_every_die_beside_other_dice_is_refused(name, post, why):
    assert why in refusal(read, name, "bernd", post)


# --- "no reroll" in the setup, "reroll only ...", "the die that shows N", "the rolled 6" ---

@pytest.mark.parametrize("name, post, move", [
    # the setup's only other move is keep (DT-2)
    ("dice-setup-116", "no rerolls, happy with it", "keep"),
    ("dice-setup-116", "not rerolling", "keep"),
    ("dice-setup-116", "won't reroll. gl", "keep"),
    # in a turn there is no re-roll (DT-3): it says nothing beside the move
    ("dice-turn-6", "no reroll, attack", "attack"),
    # "only"/"just" beside the verb add nothing
    ("dice-setup-116", "reroll only the 6", "reroll 3"),
    ("dice-setup-116", "just reroll the first die", "reroll 1"),
    # "the die that shows N": a face (the one die showing it)
    ("dice-setup-116", "reroll the die which shows 6", "reroll 3"),
    ("dice-turn-6", "reroll the die that shows 4", "reroll 2"),
    # "the rolled 6": the roll's die, named first as a trade names it (DT-5)
    ("dice-turn-6", "trade the rolled 4 for my 2", "trade 4 for 2"),
    ("dice-turn-6", "trade a rolled 6 for my 3", "trade 6 for 3"),
])
def test_no_reroll_only_that_shows_and_the_rolled_die_read(name, post, move):
    assert read(name, "bernd", post) == move


@pytest.mark.parametrize("name, post, why", [
    ("dice-setup-116", "no reroll?", "asks"),                                   # a question
    ("dice-setup-116", "reroll 1, no reroll for the 6", "two different moves"),  # keep beside a re-roll
    ("dice-turn-6", "no reroll", "not a move"),                                 # no keep in a turn
    ("dice-setup-116", "reroll only the die that shows 1", "could be any of"),  # two dice show 1
    ("dice-turn-6", "trade my 3 for the rolled 6", "named first"),              # the column's die first
    ("dice-setup-116", "keep only the 6", "also '6'"),
])
def test_no_reroll_only_or_shows_said_unclearly_is_refused(name, post, why):
    assert why in refusal(read, name, "bernd", post)


@pytest.mark.parametrize("post", ["ok I keep this one 👍", "keeping that one, gl", "keep this one"])
def test_this_one_after_keep_is_the_roll_not_a_die(post):
    """"this one" after keep points at the roll, as "keep it" does (DT-2); the README's walkthrough
    posts it."""
    assert read("dice-setup-116", "bernd", post) == "keep"


# --- Seventh round: a face's dice listed with another die, the roll said again after a word,
# "nothing else", a die put "into my column" (DT-2, DT-3, DT-5)

@pytest.mark.parametrize("roll, post, move", [
    ((4, 2, 4), "reroll the 4s and the 2", "reroll 1 2 3"),
    ((3, 5, 3), "re-roll both 3s and the 5 as well", "reroll 1 2 3"),
    ((5, 6, 5), "reroll the 6 and the 5s", "reroll 1 2 3"),
    # the roll said again in a sentence of its own, after a word naming nothing
    ((1, 3, 5), "ugh 1 3 5. reroll the 1 and the 3, keep the 5", "reroll 1 2"),
    ((4, 2, 6), "rolled 4 2 6. reroll 1 2", "reroll 1 2"),
    # "nothing else": the move names all it does
    ((1, 3, 5), "just reroll the 3, nothing else", "reroll 2"),
    ((4, 2, 6), "reroll the 4 and the 2, nothing more", "reroll 1 2"),
    # "into my column": the die going in is the rolled one
    ((5, 3, 5), "swap the 3 into my column for the 2", "trade 3 for 2"),
    ((5, 3, 1), "put the 1 into the column for a 6", "trade 1 for 6"),
])
def test_seventh_round_dice_forms_read(roll, post, move):
    assert read_roll(roll, post) == move


@pytest.mark.parametrize("post", ["re-roll the 1s and the 6 too", "reroll both 1s and the 6"])
def test_a_faces_dice_listed_with_another_read_in_the_setup(post):
    assert read("dice-setup-116", "bernd", post) == "reroll 1 2 3"


@pytest.mark.parametrize("roll, post", [
    ((1, 3, 5), "ugh 1 3 5 reroll 1 2"),              # the roll not in a sentence of its own: more dice?
    ((1, 3, 5), "keep 1 3 5. reroll 1 2"),            # a keep word before it: two moves
    ((4, 3, 4), "reroll the 4s and 2"),               # a bare 2 beside faces: die 2 or the face 2?
    ((1, 3, 5), "reroll the 3, nothing else... no wait, the 1"),
])
def test_seventh_round_dice_near_misses_are_refused(roll, post):
    refusal(read_roll, roll, post)


@pytest.mark.parametrize("roll, column, post, move", [
    # "the 4 I rolled": the roll's die, as "the 4 from the roll" (DT-5)
    ((6, 4, 1), (6, 3, 2), "I'll trade: the 4 I rolled goes in, my 6 comes out.", "trade 4 for 6"),
    ((6, 4, 1), (6, 3, 2), "trade the 1 i just rolled for my 3", "trade 1 for 3"),
    ((5, 3, 5), (6, 6, 2), "the 3 I got goes in for my 2", "trade 3 for 2"),
    # where the die is, said between it and "goes in"
    ((6, 4, 1), (6, 3, 2), "the 4 from the roll goes in, my 6 comes out", "trade 4 for 6"),
])
def test_the_die_i_rolled_reads_as_the_rolled_one(roll, column, post, move):
    assert read_roll(roll, post, column) == move


@pytest.mark.parametrize("roll, column, post", [
    ((6, 4, 1), (6, 3, 2), "the 4 I rolled goes in, my 4 comes out"),    # no 4 in the column
    ((6, 4, 1), (6, 3, 2), "the 3 I rolled goes in for my 6"),           # no 3 in the roll
    ((6, 4, 1), (6, 3, 2), "the 4 I rolled goes in... no wait, the 1"),
])
def test_the_die_i_rolled_near_misses_are_not_entered(roll, column, post):
    match, replay = replayed(dice_match([*setup_entries(list(column), [4, 5, 6]), ("roll", *roll)]))
    assert entered_in(match, replay, "bernd", post) is None


@pytest.mark.parametrize("roll, post, move", [
    # one die given up, the other taken "instead" (of it): the trade (DT-5)
    ((1, 3, 5), "give up my 2, take the 1 instead", "trade 1 for 2"),
    ((1, 3, 5), "drop my 2 and take the 5 instead", "trade 5 for 2"),
    ((5, 3, 5), "ditch the 2, bring the 3 in instead", "trade 3 for 2"),
])
def test_a_die_taken_instead_of_one_given_up_reads(roll, post, move):
    assert read_roll(roll, post) == move


@pytest.mark.parametrize("roll, post", [
    ((1, 3, 5), "trade 1 for 2 instead"),                           # instead of what? a correction
    ((1, 3, 5), "reroll 1 2. no, give up my 2, take the 1 instead"),  # a correction of the re-roll
    ((1, 3, 5), "take the 1 instead"),                               # no die given up
    ((1, 3, 5), "give up my 2, take the 1... no, the 5 instead"),
])
def test_a_die_taken_instead_near_misses_are_refused(roll, post):
    refusal(read_roll, roll, post)


@pytest.mark.parametrize("roll, post, move", [
    # the middle die of the three (DT-2, DT-3): die 2, whatever it shows
    ((1, 3, 5), "reroll the middle die pls", "reroll 2"),
    ((6, 4, 1), "I'll reroll the die in the centre", "reroll 2"),
    ((5, 3, 5), "reroll the first die and the die in the middle", "reroll 1 2"),
    # a rolled die that "takes the place of" a column die goes in for it (DT-5)
    ((6, 4, 1), "the 4 takes the place of my 2", "trade 4 for 2"),
    ((1, 5, 2), "the rolled 1 will take the spot of a 6 in my column", "trade 1 for 6"),
])
def test_the_middle_die_and_a_die_taking_the_place_of_another_read(roll, post, move):
    assert read_roll(roll, post) == move


@pytest.mark.parametrize("roll, post", [
    ((1, 3, 5), "reroll the middle die or the last"),          # two choices
    ((1, 3, 5), "reroll the middle die... no wait, the first"),  # a correction
    ((6, 4, 1), "my 2 takes the place of the 4"),              # the column's die would go in
    ((6, 4, 1), "the 4 takes the place of"),                   # no die given up
])
def test_middle_die_and_taking_the_place_near_misses_are_refused(roll, post):
    refusal(read_roll, roll, post)


@pytest.mark.parametrize("roll, post, move", [
    # a die labelled with where it is: "rolled 4", "column 2" (DT-5), the arrow of the notation between
    ((5, 3, 4), "trade rolled 4 -> column 2", "trade 4 for 2"),
    ((5, 3, 4), "swap column 2 for rolled 5", "trade 5 for 2"),
    ((5, 3, 4), "col 6 out, rolled 5 in", "trade 5 for 6"),
    ((5, 3, 4), "I'll put my rolled 4 in place of a column 6", "trade 4 for 6"),
    ((5, 3, 4), "trade 5 (rolled) for 2 (column)", "trade 5 for 2"),
    ((5, 3, 4), "swap 6 (column) for 3 (rolled)", "trade 3 for 6"),
    # "where my 2 is": the column's die, whose place the other takes
    ((5, 3, 4), "put the 4 where my 2 is", "trade 4 for 2"),
    ((5, 3, 4), "the 5 goes where a 6 was", "trade 5 for 6"),
    # "change X for Y" with where each die is said; "one 6" is a 6
    ((5, 3, 4), "change the 5 for a 6 from my column", "trade 5 for 6"),
    ((5, 3, 4), "changing the 4 for one 2 of the column", "trade 4 for 2"),
    ((5, 3, 4), "trade one 5 for a 2", "trade 5 for 2"),
    # dice in the plural showing one face: every die showing it (DT-3)
    ((5, 5, 3), "reroll the dice showing 5", "reroll 1 2"),
    ((5, 5, 3), "reroll the two dice which show 5", "reroll 1 2"),
    ((5, 5, 3), "reroll both dice that show 5 pls", "reroll 1 2"),
    ((5, 5, 3), "keep the 3, reroll the dice showing 5", "reroll 1 2"),
    ((5, 5, 3), "reroll the dice with a 5", "reroll 1 2"),
    ((3, 1, 1), "reroll both dice with 1", "reroll 2 3"),
    ((3, 1, 1), "reroll both of the 1s", "reroll 2 3"),
    ((6, 2, 6), "re-roll both of my sixes", "reroll 1 3"),
])
def test_labelled_dice_a_die_where_another_is_and_dice_showing_a_face_read(roll, post, move):
    assert read_roll(roll, post) == move


@pytest.mark.parametrize("roll, post, why", [
    ((5, 3, 4), "change the 5 for a 6", "does not say which die is the rolled one"),
    ((5, 3, 4), "change 5 for 2", "does not say which die is the rolled one"),
    ((5, 3, 4), "change the 5", "is not a move"),
    ((5, 3, 4), "reroll 1. change: reroll 2", "two different moves"),     # "change" the correction
    ((5, 3, 4), "trade rolled 5 3 4 for column 2", "is not a move"),     # the roll reported, not a label
    ((5, 3, 4), "trade rolled 4 for column 2 6", "is not a move"),
    ((5, 3, 4), "swap 5 (rolled) for 4 (rolled)", "names two rolled dice"),
    ((5, 3, 4), "put the 4 where my 2 and 6 are", "is not a move"),
    ((5, 3, 4), "put the 4 where my 2 is... no wait, where a 6 is", "no wait"),
    ((5, 3, 4), "not putting the 4 where my 2 is", "the post says 'not'"),
    ((5, 5, 3), "reroll the die showing 5", "could be any of dice 1, 2"),   # one die: which?
    ((5, 5, 3), "reroll the three dice showing 5", "does not fit the roll"),
    ((5, 5, 3), "reroll the dice showing 5 or 3", "could be any of dice 1, 2"),
    ((5, 5, 3), "reroll the dice showing 6", "names no die"),
    ((5, 5, 3), "reroll the die with a 5", "could be any of dice 1, 2"),
    ((5, 5, 3), "reroll the dice with a 5 and a 3", "could be any of dice 1, 2"),
    ((3, 1, 2), "reroll both of the 1s", "does not fit the roll"),
])
def test_labelled_dice_where_and_dice_showing_near_misses_are_refused(roll, post, why):
    assert why in refusal(read_roll, roll, post)


@pytest.mark.parametrize("post", ["I'll remove pawns.", "removing her pawns, attack!", "ok, killing some of her pawns"])
def test_removing_pawns_is_the_attack(post):
    """DT-4: an attack removes the opponent's pawns with the rolled dice; said so, it is `attack`."""
    assert read("dice-turn", "bernd", post) == "attack"


@pytest.mark.parametrize("post, why", [
    ("reroll 1 and remove pawns", "two different moves"),   # a re-roll, then the attack of the turn after?
    ("keep, remove pawns later", "two different moves"),
])
def test_removing_pawns_beside_another_move_is_refused(post, why):
    assert why in refusal(read, "dice-turn", "bernd", post)


@pytest.mark.parametrize("name, post, move", [
    # "rr", "rethrow": re-roll
    ("dice-setup-116", "rr first die", "reroll 1"),
    ("dice-setup-116", "rr the 6", "reroll 3"),
    ("dice-setup-116", "rethrow the 6", "reroll 3"),
    # a roll of named dice "again"
    ("dice-setup-116", "throw the ones again", "reroll 1 2"),
    ("dice-setup-116", "roll the first die again", "reroll 1"),
    ("dice-setup-116", "throw the ones again, keep the 6", "reroll 1 2"),
    # one of the re-rolls on a die named by its place
    ("dice-turn", "use one of my rerolls on the middle die", "reroll 2"),
    ("dice-turn", "one of my rerolls on the first die", "reroll 1"),
    # a swap naming the column's die by where it is, or by a face the roll does not show
    ("dice-turn-152", "swap the rolled 1 with the 2 in my column", "trade 1 for 2"),
    ("dice-turn-152", "swap the 1 with the 2 in my column", "trade 1 for 2"),
    ("dice-turn", "swap my 2 for the 3", "trade 3 for 2"),      # the roll 5 3 5 shows no 2
    ("dice-turn", "switch my 6 with the 3", "trade 3 for 6"),
])
def test_rr_rolled_again_a_reroll_on_a_placed_die_and_swaps_read(name, post, move):
    assert read(name, "bernd", post) == move


@pytest.mark.parametrize("name, post, why", [
    ("dice-setup-116", "roll again", "not a move"),                 # which dice?
    ("dice-setup-116", "throw the ones again?", "asks about"),
    ("dice-setup-116", "don't roll the ones again", "don't"),
    ("dice-setup-116", "roll the ones again or the 6", "not a move"),
    ("dice-turn", "use one of my rerolls on the middle die and the 3", "again"),
    ("dice-turn", "swap my 5 for the 3", "asked, not guessed"),        # the roll shows a 5 too
    ("dice-turn-152", "swap my 2 for the 1", "asked, not guessed"),    # the roll 1 5 2 shows a 2
    ("dice-turn-152", "swap my 2 with the 5 in my column", "asked, not guessed"),
    ("dice-turn-152", "swap the 1 with the 2 in my column or the 6", "two ways"),
    ("dice-turn-152", "swap the 1 for the 2 in my column", "does not say which die"),   # "for": which goes in?
])
def test_rr_rolled_again_and_swaps_near_misses_are_refused(name, post, why):
    assert why in refusal(read, name, "bernd", post)
