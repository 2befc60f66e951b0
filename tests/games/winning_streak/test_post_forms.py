"""Winning Streak moves as players write them in posts (adjudicator.reading with the game's
lexicon and reword): each form read as its move, and the near-misses a careful host asks
about refused. Positions from tests/helpers/post_positions.py:

- ws-placement-t1: placement turn 1, nothing placed (WS-2).
- ws-relocation-r1: relocation round 1 (WS-4). Sally: A 5/5, C 3/5, F 5/4, H 3/3, I 2/5; in
  reserve 1/2 1/3 1/4 2/1 2/3 2/4 3/2 3/4 4/2 4/3 5/2 5/3; she holds the Advantage (WS-5).
  Maddie: B 5/5, D 4/4, E 3/2, I 3/4, J 5/3, M 2/4; in reserve 1/4 1/5 2/2 2/5 3/1 3/3 ….
"""

from __future__ import annotations

import pytest

from adjudicator.errors import NotationError
from helpers.post_positions import entered, position, read, refused


def refusal(name: str, player: str, post: str) -> str:
    """The reader's refusal of the post (it must be refused before the rules see it)."""
    return refused(read, name, player, post).message


# --- Placement (WS-2) ---------------------------------------------------------------------

@pytest.mark.parametrize("post, move", [
    # a location or a troop after its noun
    ("troop 2/2 at location B", "t1 place 2/2 B"),
    ("putting 4/5 on spot D", "t1 place 4/5 D"),
    ("loc G: troop 1/1", "t1 place 1/1 G"),
    # a verb saying the troop goes there adds nothing
    ("my 4/4 heads to M", "t1 place 4/4 M"),
    ("my 2/1 goes in C tonight", "t1 place 2/1 C"),
    ("spot K gets my 1/1", "t1 place 1/1 K"),
    # the current turn named by its ordinal or count
    ("1st turn - 5/5 on C", "t1 place 5/5 C"),
    ("turn one: 2/3 at D", "t1 place 2/3 D"),
    ("my first placement: 3/1 to H", "t1 place 3/1 H"),
    # the current turn named again apart from the placement repeats it: nothing a move could add
    ("this is my first turn lol, 2/2 on B", "t1 place 2/2 B"),
    # an arrow before the location I, which after glue would be the pronoun
    ("3/2 -> I", "t1 place 3/2 I"),
    ("4/1 → I", "t1 place 4/1 I"),
    ("1/2 @ I", "t1 place 1/2 I"),
])
def test_placements_in_words_read_as_the_placement(post, move):
    assert entered("ws-placement-t1", "sally", post) == move


@pytest.mark.parametrize("post", [
    "second turn: 2/2 on B",      # t2 in turn 1: the rules refuse the other turn (WS-2)
    "my 3rd placement: 2/2 on B",
    "no changes",                 # a relocation in placement (WS-2, WS-4)
    "2/2 goes to B or C",         # two locations
    "troop 2/2 at location B... wait, location C",
    "troop 2/2 location",         # no location
    "this is my second turn lol, 2/2 on B",  # another turn apart from the placement: refused, not read past
])
def test_placement_near_misses_are_not_entered(post):
    assert entered("ws-placement-t1", "sally", post) is None


# --- The empty relocation (WS-4) ----------------------------------------------------------

@pytest.mark.parametrize("post", [
    "No change from me",
    "Nothing to change, thanks",
    "passing on relocation",
    "round 1: nothing changed",
    "r1 — no changes 🙏",
    "I'm changing nothing",
    "unchanged",
    "i'll pass, gl",
    "same as before",
])
def test_a_relocation_changing_nothing_in_words_reads_as_set(post):
    assert entered("ws-relocation-r1", "sally", post) == "r1 set"


def test_no_change_of_location_still_takes_the_advantage():
    """WS-5: the Advantage is no change of location."""
    assert entered("ws-relocation-r1", "sally", "no changes, buff 3/5 +1 attack") == "r1 set buff 3/5 attack"


@pytest.mark.parametrize("post", [
    "no changes, 4/3 to B",               # no change, and a change: which?
    "nothing changes except C=4/3",
    "no changes... actually set B=4/3",
    "no changes?",
    "round 2: no changes",                # not this round (WS-4)
])
def test_no_change_beside_a_change_or_doubted_is_not_entered(post):
    assert entered("ws-relocation-r1", "sally", post) is None


def test_doing_nothing_written_as_chatter_stays_unread():
    """"all set" is not the empty relocation (it may say the post is ready): only the phrases
    for it are, among them everything kept as is (test_everything_kept_as_it_stands_...)."""
    assert entered("ws-relocation-r1", "sally", "all set, gl") is None
    assert entered("ws-relocation-r1", "sally", "all good") is None


# --- Withdrawals: the troop taken out is checked (WS-4) -----------------------------------

@pytest.mark.parametrize("post, move", [
    ("remove my 3/3 from H", "r1 set H=-"),
    ("bench the 2/5 on I", "r1 set I=-"),
    ("pull 3/5 off of C pls", "r1 set C=-"),
    ("withdraw 5/4", "r1 set F=-"),                     # the troop alone: where it stands
    ("withdraw A to reserve", "r1 set A=-"),
    ("withdraw the 2/5 at I", "r1 set I=-"),
    # "back" before where it leaves says only that it goes back (WS-4)
    ("remove my 5/4 back from F", "r1 set F=-"),
    ("bench the 3/5 back off C", "r1 set C=-"),
    ("pull my 5/5 back out of A tonight", "r1 set A=-"),
])
def test_a_withdrawal_naming_its_troop_reads_when_the_troop_is_there(post, move):
    assert entered("ws-relocation-r1", "sally", post) == move


@pytest.mark.parametrize("post, said", [
    ("withdraw 3/3 from A", "your troop at A is 5/5"),
    ("pull the 5/5 out of B", "you have no troop at B"),
    ("withdraw 1/2", "not on the field"),
    ("pull the 3/3 back out of A", "your troop at A is 5/5"),
])
def test_a_withdrawal_naming_another_troop_is_refused(post, said):
    assert said in refusal("ws-relocation-r1", "sally", post)


@pytest.mark.parametrize("post", [
    "pull the 3/3 back out of H or I",            # two locations
    "pull the 3/3 back out of H... no wait, C",   # a correction
])
def test_a_withdrawal_back_out_of_near_misses_are_not_entered(post):
    assert entered("ws-relocation-r1", "sally", post) is None


# --- A troop moved from where it stands (WS-4) --------------------------------------------

def test_a_troop_moved_from_where_it_stands_reads_as_the_move():
    assert entered("ws-relocation-r1", "sally", "move 3/5 from C to B") == "r1 set B=3/5"
    assert entered("ws-relocation-r1", "sally", "my 2/5 from I into G pls") == "r1 set G=2/5"


def test_a_troop_moved_from_where_it_does_not_stand_is_refused():
    assert "your troop at A is 5/5" in refusal("ws-relocation-r1", "sally", "move my 3/5 from A to B")
    refusal("ws-relocation-r1", "sally", "3/5 from C")   # to where?


# --- Replacements and swaps (WS-4) --------------------------------------------------------

@pytest.mark.parametrize("post, move", [
    ("replace the 3/5 at C with 4/3", "r1 set C=4/3"),
    ("swap 5/4 for my 2/1", "r1 set F=2/1"),
    ("exchange my 2/5 on I for the 5/2", "r1 set I=5/2"),
    ("replace H with 1/3 🙂", "r1 set H=1/3"),
    ("swap A and C", "r1 set A=3/5 C=5/5"),
    ("switch F with G", "r1 set F=- G=5/4"),         # G empty: 5/4 moves there
    ("H to reserve, then 4/2 into H", "r1 set H=4/2"),   # the one there goes to reserve either way
])
def test_a_replacement_reads_as_the_change_it_makes(post, move):
    assert entered("ws-relocation-r1", "sally", post) == move


@pytest.mark.parametrize("post, said", [
    ("replace the 3/5 at A with 1/2", "your troop at A is 5/5"),
    ("replace A with 3/3", "stands at H: moved there (leaving H empty) or swapped?"),
    ("swap 5/5 for 3/5", "stands at C"),
])
def test_a_replacement_with_a_troop_not_there_or_one_standing_elsewhere_is_refused(post, said):
    assert said in refusal("ws-relocation-r1", "sally", post)


@pytest.mark.parametrize("post", [
    "replace A",                          # with what?
    "4/2 into H, then H to reserve",      # put in and sent out
    "swap A and C or A and F",
    "replace H with 1/3 or 1/4",
])
def test_replacement_near_misses_are_refused(post):
    refusal("ws-relocation-r1", "sally", post)


# --- The notation itself ------------------------------------------------------------------

def test_the_notation_reads_unchanged_alone_and_no_replace():
    """`unchanged` is the empty relocation and joins no change; `replace` is the reword's, never
    the notation's, so a replacement is never read unchecked (WS-4)."""
    match, _ = position("ws-relocation-r1")
    game = match.game
    assert game.parse_move("unchanged") == {"phase": "relocation", "set": {}}
    assert game.parse_move("r1 set unchanged buff 3/5 health")["buff"] == {"troop": "3/5", "stat": "health"}
    assert game.parse_move("round 1 r1 set A=-")["round"] == 1
    for typed in ("unchanged A=3/5", "replace A with 1/2", "set A=1/2 A=-", "r1 set r2"):
        with pytest.raises(NotationError):
            game.parse_move(typed)
    assert game.parse_move("set A=- A=1/2")["set"] == {"A": "1/2"}


# --- The current turn or round named; a troop sent to reserve by name (WS-2, WS-4) -------

@pytest.mark.parametrize("name, player, post, move", [
    ("ws-relocation-r1", "sally", "I change nothing this round 👍", "r1 set"),
    ("ws-relocation-r1", "sally", "set C=4/3 for the current round", "r1 set C=4/3"),
    ("ws-placement-t1", "sally", "this turn: 1/5 into K", "t1 place 1/5 K"),
    ("ws-relocation-r1", "maddie", "2/4 back to reserve", "r1 set M=-"),
    ("ws-relocation-r1", "maddie", "3/2 to the reserve, 4/5 into E", "r1 set E=4/5"),
])
def test_the_current_turn_and_a_troop_to_reserve_read(name, player, post, move):
    assert entered(name, player, post) == move


@pytest.mark.parametrize("name, player, post", [
    ("ws-relocation-r1", "sally", "not this round, set B=4/3"),    # a negation before the round
    ("ws-placement-t1", "sally", "1/5 into K, but not this turn"),
    ("ws-relocation-r1", "maddie", "3/3 to reserve"),             # 3/3 stands nowhere: it is in reserve
])
def test_the_current_turn_negated_or_a_troop_in_reserve_sent_there_is_not_entered(name, player, post):
    assert entered(name, player, post) is None


# --- A troop by its stats; fielding, placing and the Advantage in words; a swap of two troops --
# (ws-relocation-r1 after fight 1: sally 5/5 A, 3/5 C, 5/4 F, 3/3 H, 2/5 I, and she holds the
# Advantage; maddie 5/5 B, 4/4 D, 3/2 E, 3/4 I, 5/3 J, 2/4 M.)

@pytest.mark.parametrize("name, player, post, move", [
    ("ws-placement-t1", "sally", "my 2 attack 5 health troop to J", "t1 place 2/5 J"),      # WS-1
    ("ws-placement-t1", "maddie", "5 hp 1 atk on K pls", "t1 place 1/5 K"),
    ("ws-placement-t1", "sally", "placing 3/3 on E", "t1 place 3/3 E"),
    ("ws-relocation-r1", "maddie", "bringing 4/3 out to K", "r1 set K=4/3"),              # WS-4
    ("ws-relocation-r1", "sally", "send the 1/3 out into E", "r1 set E=1/3"),
    ("ws-relocation-r1", "sally", "+1 attack for the 5/5", "r1 set buff 5/5 attack"),     # WS-5
    ("ws-relocation-r1", "sally", "advantage: 2/5 +1 hp", "r1 set buff 2/5 health"),
    ("ws-relocation-r1", "sally", "4/3 to G, nothing else", "r1 set G=4/3"),
    ("ws-relocation-r1", "sally", "switch 5/4 and 3/3", "r1 set F=3/3 H=5/4"),             # WS-4
    ("ws-relocation-r1", "maddie", "swap the 4/4 and the 5/3 (D <-> J)", "r1 set D=5/3 J=4/4"),
    ("ws-relocation-r1", "sally", "swap F and I (F/I)", "r1 set F=2/5 I=5/4"),
])
def test_a_troop_by_stats_a_fielding_an_advantage_or_a_swap_in_words_reads(name, player, post, move):
    assert entered(name, player, post) == move


@pytest.mark.parametrize("name, player, post", [
    ("ws-placement-t1", "sally", "3 attack 3 attack on C"),               # one stat twice: which troop?
    ("ws-placement-t1", "sally", "3, attack 4 health on C"),
    ("ws-relocation-r1", "sally", "+1 health on 3/3, +1 attack on 5/5"),  # two buffs: one Advantage
    ("ws-relocation-r1", "sally", "replace 5/4 with 3/3"),                 # moved there, or swapped?
    ("ws-relocation-r1", "sally", "swap the 5/4 with the 3/3"),
    ("ws-relocation-r1", "sally", "replace 5/4 and 3/3"),
    ("ws-relocation-r1", "sally", "swap 5/4 and 3/3 (F <-> I)"),          # the brackets name another swap
    ("ws-relocation-r1", "sally", "no changes, but bring 4/3 out to G"),
    ("ws-relocation-r1", "sally", "4/3 to G, nothing else... wait, 4/3 to H"),
])
def test_a_troop_by_stats_a_buff_or_a_swap_said_unclearly_is_not_entered(name, player, post):
    assert entered(name, player, post) is None


@pytest.mark.parametrize("name, player, post, move", [
    # a location described by its place on the line (A–M), then named
    ("ws-placement-t1", "sally", "4/4 on the first location (A)", "t1 place 4/4 A"),
    ("ws-placement-t1", "maddie", "sending 2/2 to the middle, G", "t1 place 2/2 G"),
    ("ws-placement-t1", "sally", "1/5 at the last spot: M", "t1 place 1/5 M"),
    # a troop by its stats with a joiner between them
    ("ws-placement-t1", "sally", "the 4 atk / 2 hp troop on K", "t1 place 4/2 K"),
    ("ws-placement-t1", "maddie", "2 health and 3 attack guy to C", "t1 place 3/2 C"),
    # a troop written with a dash, the post's only troop
    ("ws-placement-t1", "sally", "3-4 at E", "t1 place 3/4 E"),
    # "over to"
    ("ws-relocation-r1", "sally", "my 5/4 goes from F over to G", "r1 set G=5/4"),
    # a troop said to stay where it stands (WS-4): no change
    ("ws-relocation-r1", "sally", "5/5 stays at A, 4/2 to D", "r1 set D=4/2"),
    ("ws-relocation-r1", "maddie", "B: 5/5 stays. 1/5 into F", "r1 set F=1/5"),
    # the Advantage as the whole relocation, "no moves" beside it (WS-4, WS-5)
    ("ws-relocation-r1", "sally", "no other moves. advantage: +1 attack on 3/5", "r1 set buff 3/5 attack"),
    ("ws-relocation-r1", "sally", "+1 health on 3/3, no changes", "r1 set buff 3/3 health"),
])
def test_a_place_described_a_troop_dashed_staying_or_a_lone_buff_reads(name, player, post, move):
    assert read(name, player, post) == move


@pytest.mark.parametrize("name, player, post, why", [
    ("ws-placement-t1", "sally", "4/4 on the first location (B)", "which is A"),
    ("ws-placement-t1", "sally", "2/2 to the middle, H", "which is G"),
    ("ws-placement-t1", "sally", "3-4 at E, 2/2 at F", "outside it"),           # two troops
    ("ws-placement-t1", "sally", "turns 3-4 at E", "not a move"),                # a range of turns
    ("ws-relocation-r1", "sally", "5/5 stays at C, 4/2 to D", "your 5/5 is at A"),
    ("ws-relocation-r1", "sally", "4/2 stays. 5/3 to D", "at no location"),     # 4/2 is in reserve
    ("ws-relocation-r1", "sally", "A: 5/5 stays, A=4/2", "changes it too"),
    ("ws-relocation-r1", "sally", "5/5 stays. swap A and C", "changes it too"),
    ("ws-relocation-r1", "sally", "+1 health on 3/3, no changes, 4/2 to D", "two different moves"),
    ("ws-relocation-r1", "sally", "no moves. +1 health on 3/3 and +1 attack on 5/5", "two different moves"),
])
def test_a_place_described_wrongly_a_stay_contradicted_or_no_moves_with_one_is_refused(name, player, post, why):
    assert why in refusal(name, player, post)


# --- Troops in number words; a troop named as in reserve; everything kept as it stands -----

@pytest.mark.parametrize("name, player, post, move", [
    # a troop's stats as number words, with a slash or a dash (WS-1)
    ("ws-placement-t1", "sally", "four-three on location D", "t1 place 4/3 D"),
    ("ws-placement-t1", "sally", "Two/Five at K pls", "t1 place 2/5 K"),
    ("ws-placement-t1", "maddie", "my one-4 goes to B", "t1 place 1/4 B"),
    ("ws-relocation-r1", "maddie", "three/three into C", "r1 set C=3/3"),
    # a troop fielded, said to be in reserve (WS-4)
    ("ws-relocation-r1", "maddie", "reserve 2/2 heads to C", "r1 set C=2/2"),
    ("ws-relocation-r1", "maddie", "2/5 from the reserve into K", "r1 set K=2/5"),
    ("ws-relocation-r1", "maddie", "bringing my 3/3 out of reserve to H", "r1 set H=3/3"),
    ("ws-relocation-r1", "sally", "from reserve: 4/3 to B", "r1 set B=4/3"),
    ("ws-relocation-r1", "sally", "1/2 comes in at B", "r1 set B=1/2"),
    ("ws-relocation-r1", "sally", "F to reserve, 1/3 to F", "r1 set F=1/3"),   # "reserve" of the withdrawal
    ("ws-relocation-r1", "maddie", "field 3/3 at H from reserve", "r1 set H=3/3"),
    ("ws-relocation-r1", "maddie", "2/2 (reserve) into K", "r1 set K=2/2"),
    ("ws-relocation-r1", "maddie", "from the reserve, 2/5 to C", "r1 set C=2/5"),
    ("ws-relocation-r1", "maddie", "my reserve 3/1 to K", "r1 set K=3/1"),
    # a troop with an en dash or an x between its stats, as the dash is
    ("ws-placement-t1", "maddie", "4–2 on G", "t1 place 4/2 G"),
    ("ws-placement-t1", "maddie", "dropping the 3x3 at E", "t1 place 3/3 E"),
    ("ws-placement-t1", "sally", "my 2-4 guy heads to A", "t1 place 2/4 A"),
    # nothing changed, said as everything kept (WS-4)
    ("ws-relocation-r1", "sally", "keeping everything as is this round", "r1 set"),
    ("ws-relocation-r1", "maddie", "leave it all as is 🙂", "r1 set"),
    ("ws-relocation-r1", "maddie", "everybody stays put", "r1 set"),
    ("ws-relocation-r1", "maddie", "keep my troops where they are", "r1 set"),
    ("ws-relocation-r1", "sally", "keep it the same pls", "r1 set"),
    ("ws-relocation-r1", "sally", "I'll keep everything as is", "r1 set"),
    # the rest kept as it stands beside a change: the change alone
    ("ws-relocation-r1", "sally", "1/2 to B, rest as is", "r1 set B=1/2"),
    ("ws-relocation-r1", "maddie", "withdraw D, everything else stays the same", "r1 set D=-"),
])
def test_everything_kept_as_it_stands_a_reserve_troop_or_a_troop_in_words_reads(name, player, post, move):
    assert entered(name, player, post) == move


@pytest.mark.parametrize("name, player, post, why", [
    ("ws-placement-t1", "sally", "five five at L", "not a move"),             # two words: a count?
    ("ws-placement-t1", "sally", "six-six at L", "not a move"),               # no such troop (WS-1)
    ("ws-placement-t1", "sally", "turns three-five", "not a move"),           # a range
    ("ws-placement-t1", "sally", "five-five and 4/4 at L", "five-five"),      # which troop?
    ("ws-relocation-r1", "maddie", "reserve 5/5 to A", "stands at B"),        # on the field: moved, not fielded
    ("ws-relocation-r1", "maddie", "5/5 from reserve to A", "stands at B"),
    ("ws-relocation-r1", "maddie", "move 4/4 to C from reserve", "stands at D"),
    ("ws-relocation-r1", "maddie", "4/4 (reserve) to C", "stands at D"),
    ("ws-placement-t1", "sally", "turns 3x5", "not a move"),                 # a range
    ("ws-placement-t1", "sally", "5x5 and 4/4 at L", "5x5"),                 # which troop?
    ("ws-relocation-r1", "sally", "keep everything as is, 1/2 to B", "two different moves"),
    ("ws-relocation-r1", "sally", "keep all except A", "except"),
    ("ws-relocation-r1", "sally", "keep everything as is?", "asks"),
])
def test_a_kept_relocation_beside_a_change_a_reserve_troop_on_the_field_or_words_unclear_is_refused(
        name, player, post, why):
    assert why in refusal(name, player, post)


# --- A location named with the troop already there (WS-4) ----------------------------------

@pytest.mark.parametrize("post", [
    "get my troop out of A (the 5/5) and leave the rest",    # "get ... out": no withdrawal word
    "A: 5/5",
    "C with my 3/5, rest stays",
])
def test_a_location_with_its_own_occupant_is_refused_never_a_change_of_nothing(post):
    """Read together, a location and the troop already there set it to what it holds: the
    words around them may say another change (a withdrawal), so the post is refused."""
    assert "changes nothing" in refusal("ws-relocation-r1", "sally", post)


@pytest.mark.parametrize("post, move", [
    ("withdraw A (the 5/5)", "r1 set A=-"),
    ("pull A (the 5/5) back", "r1 set A=-"),
    ("take my troop out of A (the 5/5) and leave the rest", "r1 set A=-"),   # "take ... out of": withdraw
    ("A: 4/3", "r1 set A=4/3"),                 # another troop: a change
])
def test_after_withdraw_the_occupant_only_says_what_leaves(post, move):
    assert read("ws-relocation-r1", "sally", post) == move


# --- A withdrawal said with "take ... out", "LOC out"; what a replacement takes out named (WS-4) ---

@pytest.mark.parametrize("player, post, move", [
    # "take ... out (of)": a withdrawal, the troop's words only between
    ("sally", "take the 3/5 out of C", "r1 set C=-"),
    ("sally", "take out F", "r1 set F=-"),
    ("maddie", "taking my troop out of J (the 5/3), nothing else", "r1 set J=-"),
    # a location "out": its withdrawal
    ("maddie", "M out", "r1 set M=-"),
    ("sally", "H out (3/3 back to reserve)", "r1 set H=-"),
    # "put" adds nothing to a troop and its location, after a withdrawal too
    ("sally", "withdraw F and put 4/2 in C", "r1 set C=4/2 F=-"),
    ("maddie", "A to reserve, put 2/2 in A", "r1 set A=2/2"),
    # the troop a replacement takes out, named after its location
    ("maddie", "replace J's 5/3 with 1/5", "r1 set J=1/5"),
    ("sally", "replace C (the 3/5) with 2/1", "r1 set C=2/1"),
    # "X replaces ...": X put in where the troop or location after the verb is
    ("sally", "2/3 replaces the 3/3 at H", "r1 set H=2/3"),
    ("maddie", "1/4 replaces D's 4/4", "r1 set D=1/4"),
    ("maddie", "my 2/5 replaces the 2/4", "r1 set M=2/5"),
])
def test_a_withdrawal_or_replacement_said_another_way_reads(player, post, move):
    assert read("ws-relocation-r1", player, post) == move


@pytest.mark.parametrize("player, post, why", [
    ("sally", "take the 3/3 out of C", "is named as the troop at C"),      # 3/3 stands at H
    ("maddie", "take 5/3 and 2/4 out of J", "named as the troop at J"),      # two troops, one location
    ("sally", "replace C's 5/5 with 2/1", "stands at A"),                    # C holds 3/5
    ("sally", "2/3 replaces the 5/5 at H", "is named as the troop at H"),   # H holds 3/3
    ("sally", "2/3 replaces H or C", "after 'or'"),
    ("maddie", "3/1 replaces D, 2/2 replaces E", "also"),                   # one replacement read at a time
])
def test_a_withdrawal_or_replacement_naming_the_wrong_troop_is_refused(player, post, why):
    assert why in refusal("ws-relocation-r1", player, post)


@pytest.mark.parametrize("post, move", [
    ("2/2 to B I guess", "t1 place 2/2 B"),
    ("ok 4/1 on K, i suppose", "t1 place 4/1 K"),
])
def test_i_guess_after_a_placement_is_no_location(post, move):
    assert read("ws-placement-t1", "maddie", post) == move


@pytest.mark.parametrize("post", ["3/5 I guess", "2/2 to B or I I guess"])
def test_i_guess_without_a_location_or_beside_an_alternative_is_refused(post):
    refusal("ws-placement-t1", "maddie", post)


# --- Seventh round: stats named before their numbers, listed withdrawals, swaps said after the
# locations, arrows into a location, "instead of", a location's troop by its location (WS-1, WS-4)

@pytest.mark.parametrize("post, move", [
    ("attack 3 health 4, spot B", "t1 place 3/4 B"),
    ("atk 2 hp 5 on C", "t1 place 2/5 C"),
    ("health 1 attack 5 to D", "t1 place 5/1 D"),
    ("3 attack, 4 health on B", "t1 place 3/4 B"),
    ("troop 2/4 (2 attack, 4 health) at location K", "t1 place 2/4 K"),
])
def test_stats_named_either_way_read_as_the_troop(post, move):
    assert entered("ws-placement-t1", "sally", post) == move


@pytest.mark.parametrize("post", [
    "troop 2/4 (3 attack, 4 health) at location K",   # the stats name another troop
    "attack 3 health, spot B",                         # a stat without its number
    "attack 3 attack 4 on B",                          # one stat twice
])
def test_stats_near_misses_are_not_entered(post):
    assert entered("ws-placement-t1", "sally", post) is None


@pytest.mark.parametrize("player, post, move", [
    # "off" is "from" for a withdrawal
    ("sally", "pull my 5/5 off A", "r1 set A=-"),
    ("sally", "remove the 3/3 off H", "r1 set H=-"),
    # one withdrawal listing locations
    ("sally", "withdraw F and C", "r1 set C=- F=-"),
    ("sally", "remove A & H", "r1 set A=- H=-"),
    ("maddie", "pull D and E and J.", "r1 set D=- E=- J=-"),
    # the two locations, then the swap
    ("sally", "F and A switch places", "r1 set A=5/4 F=5/5"),
    ("maddie", "D & E swap", "r1 set D=3/2 E=4/4"),
    # a location, an arrow into it, a troop
    ("sally", "A ← 1/2\nH <- 4/3", "r1 set A=1/2 H=4/3"),
    ("maddie", "changes:\nD ← 2/2", "r1 set D=2/2"),
    # the troop taken out, named after "instead of" / "in place of"
    ("maddie", "E gets my 1/5 instead of the 3/2", "r1 set E=1/5"),
    ("maddie", "J: 2/2 in place of the 5/3", "r1 set J=2/2"),
    # a location's troop named by its location
    ("maddie", "M's troop moves over to A", "r1 set A=2/4"),
    ("sally", "the F guy goes to G", "r1 set G=5/4"),
    # "swap X out for Y", under the location as a heading
    ("sally", "H: swap the 3/3 out for the 4/3", "r1 set H=4/3"),
    ("sally", "switch out my 5/5 for the 1/2", "r1 set A=1/2"),
])
def test_seventh_round_relocation_forms_read(player, post, move):
    assert entered("ws-relocation-r1", player, post) == move


@pytest.mark.parametrize("player, post", [
    ("sally", "withdraw H and I think"),                # the list does not end its sentence
    ("sally", "pull my 5/5 off C"),                     # the 5/5 is at A
    ("sally", "1/2 ← A"),                               # the arrow the other way: from A?
    ("maddie", "E gets my 1/5 instead of the 4/4"),     # the 4/4 is at D
    ("maddie", "E gets my 1/5 instead of 4/4 on D"),    # two locations
    ("sally", "G's troop to B"),                        # sally has no troop at G
    ("sally", "C: swap the 3/3 out for the 4/3"),       # the heading names another location
    ("sally", "H and no swap"),
])
def test_seventh_round_relocation_near_misses_are_refused(player, post):
    assert entered("ws-relocation-r1", player, post) is None


@pytest.mark.parametrize("post, move", [
    # "there": the location withdrawn in the sentence before; "instead" says no more (WS-4)
    ("M out, put the 3/5 there instead", "r1 set M=3/5"),
    ("withdraw D. put my 1/5 there", "r1 set D=1/5"),
    ("pull E, 2/2 there instead", "r1 set E=2/2"),
])
def test_a_troop_put_there_after_a_withdrawal_reads(post, move):
    assert entered("ws-relocation-r1", "maddie", post) == move


@pytest.mark.parametrize("post", [
    "put the 3/5 there instead",                     # no location said
    "M out, put the 3/5 there... no wait, on A",     # a correction
    "M out and D out, put the 3/5 there",            # which one?
    "M out, put the 3/5 there instead of the 4/4",   # the 4/4 is at D
])
def test_a_troop_put_there_near_misses_are_refused(post):
    assert entered("ws-relocation-r1", "maddie", post) is None


# --- Eighth round: turns counted, headings, troops pointed at, health as it stands ---------

@pytest.mark.parametrize("name, player, post, move", [
    # the turn or round with its nouns together, or with how many there are (WS-2, WS-4)
    ("ws-placement-t1", "sally", "for the first placement turn: 2/3 to K", "t1 place 2/3 K"),
    ("ws-placement-t1", "maddie", "turn 1 of 13 - 1/5 on C", "t1 place 1/5 C"),
    ("ws-relocation-r1", "sally", "round 1 of 3: nothing changes", "r1 set"),
    ("ws-relocation-r1", "sally", "first relocation round: C=1/2", "r1 set C=1/2"),
    # a location heading its own troop sent to reserve (WS-4)
    ("ws-relocation-r1", "sally", "A: 5/5 back to reserve\nD: 4/3", "r1 set A=- D=4/3"),
    ("ws-relocation-r1", "maddie", "- J: 5/3 to reserve\n- K: 2/2 comes in", "r1 set J=- K=2/2"),
    # "that 3/4": the troop named again (WS-1, WS-5)
    ("ws-relocation-r1", "sally", "D=3/2, and the advantage goes on that 3/2: +1 health", "r1 set D=3/2 buff 3/2 health"),
    # a troop's health as it stands, beside a move using no Advantage
    ("ws-relocation-r1", "maddie", "bench the 4/4 at D, it's at 2 hp", "r1 set D=-"),
    ("ws-relocation-r1", "sally", "pull the 5/5 off A (on 1 health)", "r1 set A=-"),
    ("ws-placement-t1", "sally", "5/2 to A, it'll have 2 hp left anyway", "t1 place 5/2 A"),
])
def test_eighth_round_streak_forms_read(name, player, post, move):
    assert read(name, player, post) == move


@pytest.mark.parametrize("name, player, post, why", [
    # a heading over another location's troop: which location?
    ("ws-relocation-r1", "sally", "F: 2/5 to reserve", "heads a change of I"),
    ("ws-relocation-r1", "sally", "A: 3/3 back to reserve", "heads a change of H"),
    # a count of turns smaller than the turn is no count
    ("ws-placement-t1", "sally", "turn 5 of 3: 2/1 F", "outside it"),
    # health beside an Advantage may be its stat; "1 hp" alone says of no troop as it stands
    ("ws-relocation-r1", "sally", "pull the 5/5 off A, advantage on 3/5 at 1 hp", "outside it"),
    ("ws-relocation-r1", "sally", "pull the 5/5 off A, 1 hp", "outside it"),
    ("ws-relocation-r1", "sally", "D=3/2, advantage on that one, +1 health", "outside it"),
])
def test_eighth_round_streak_near_misses_are_refused(name, player, post, why):
    assert why in refusal(name, player, post)


@pytest.mark.parametrize("player, post, move", [
    # a troop "out" is its withdrawal, never the troop put in (WS-4); a troop "in" beside it takes its place
    ("maddie", "J: 5/3 out", "r1 set J=-"),
    ("sally", "5/5 out", "r1 set A=-"),
    ("maddie", "- E: 3/2 out, 1/5 in\n- that's all", "r1 set E=1/5"),
    ("sally", "1/2 in, 3/3 out", "r1 set H=1/2"),
    ("maddie", "D out, 2/2 in; 5/3 out, 3/1 in", "r1 set D=2/2 J=3/1"),
    ("sally", "4/3 in, 5/5 out. 1/3 in, 2/5 out", "r1 set A=4/3 I=1/3"),   # a stop ends the pair
])
def test_a_troop_out_and_one_in_read(player, post, move):
    assert read("ws-relocation-r1", player, post) == move


@pytest.mark.parametrize("player, post, why", [
    ("sally", "K: 4/2 out", "not on the field"),        # never `K=4/2`: the troop is said to leave
    ("sally", "J: 5/3 out", "not on the field"),
    ("maddie", "3/3 in, 5/3 out, 4/5 in", "outside it"),   # which troop goes in at J?
    ("maddie", "5/3 out. 4/5 in", "outside it"),           # another sentence: in where?
    ("maddie", "5/3 out, 4/5 in?", "asks about"),
    ("maddie", "not 5/3 out, 4/5 in", "the post says 'not'"),
    ("maddie", "5/3 out, 2/4 in", "moved there (leaving M empty) or swapped?"),
])
def test_a_troop_out_and_in_near_misses_are_refused(player, post, why):
    assert why in refusal("ws-relocation-r1", player, post)


@pytest.mark.parametrize("post, move", [
    # fielding a troop is putting it in (WS-4); the Advantage "on it": the one troop named (WS-5)
    ("I field the 1/2 at K", "r1 set K=1/2"),
    ("advantage: +1 health on the 4/2, and I field the 4/2 at L.", "r1 set L=4/2 buff 4/2 health"),
    ("1/3 to D, +1 attack on it", "r1 set D=1/3 buff 1/3 attack"),
    ("4/3 comes in at K, advantage +1 health for it", "r1 set K=4/3 buff 4/3 health"),
])
def test_a_troop_fielded_or_the_advantage_on_it_reads(post, move):
    assert read("ws-relocation-r1", "sally", post) == move


@pytest.mark.parametrize("post, why", [
    ("1/3 to D, 1/2 to K, +1 attack on it", "outside it"),   # which troop is it?
    ("+1 attack on it", "not a move"),                       # no troop named
    ("1/3 to D, +1 attack on it?", "asks about"),
])
def test_the_advantage_on_it_near_misses_are_refused(post, why):
    assert why in refusal("ws-relocation-r1", "sally", post)


@pytest.mark.parametrize("post, move", [
    # a stat typed with its number as one word (WS-1: a troop named by its stats)
    ("my 4 attack/5 health troop to F", "t1 place 4/5 F"),
    ("2atk 3hp on B", "t1 place 2/3 B"),
    ("the 1-attack 4-health guy in M", "t1 place 1/4 M"),
])
def test_a_stat_glued_to_its_number_reads(post, move):
    assert read("ws-placement-t1", "sally", post) == move


@pytest.mark.parametrize("post, why", [
    ("2atk on B", "not a move"),               # one stat: which troop?
    ("2atk 3atk on B", "not a move"),          # a stat twice
])
def test_a_stat_glued_near_misses_are_refused(post, why):
    assert why in refusal("ws-placement-t1", "sally", post)


@pytest.mark.parametrize("post, move", [
    # an aside saying only where the troop stands and how it stands now (WS-1)
    ("use advantage: +1 health on my 5/5 (the one at A)", "r1 set buff 5/5 health"),
    ("move the 5/4 (at F, now 5/3) over to E", "r1 set E=5/4"),
    ("move my 5/4 (it's 5/3 now) from F over to G", "r1 set G=5/4"),
])
def test_an_aside_saying_where_the_troop_stands_reads(post, move):
    assert read("ws-relocation-r1", "sally", post) == move


@pytest.mark.parametrize("post", [
    "use advantage: +1 health on my 5/5 (the one at B)",    # the 5/5 stands at A: which troop?
    "move the 5/4 (at F, now 5/4) over to E",                # not its stats now
    "move the 5/4 (at F, 3/3 too) over to E",                # another troop in the aside
])
def test_an_aside_not_saying_where_the_troop_stands_is_never_entered(post):
    assert entered("ws-relocation-r1", "sally", post) is None


@pytest.mark.parametrize("name, player, post, move", [
    # the bare word of no change, as typed "none" is
    ("ws-relocation-r1", "maddie", "nothing", "r1 set"),
    ("ws-relocation-r1", "maddie", "nothing for me", "r1 set"),
    ("ws-relocation-r1", "maddie", "nada", "r1 set"),
    # an arrow emoji (read as its direction) between a troop and a location
    ("ws-placement-t1", "sally", "4/4 ➡️ K", "t1 place 4/4 K"),
    ("ws-placement-t1", "sally", "4/4 ➡ K", "t1 place 4/4 K"),
    ("ws-relocation-r1", "maddie", "D ⬅️ 5/2", "r1 set D=5/2"),
    # a location after "slot"/"position", also described on the line
    ("ws-placement-t1", "sally", "5/5 in the middle slot (G)", "t1 place 5/5 G"),
    ("ws-placement-t1", "sally", "5/5 in slot G", "t1 place 5/5 G"),
    ("ws-placement-t1", "sally", "5/5 -> position G", "t1 place 5/5 G"),
    # the Advantage on "its" stat: the one troop the post names
    ("ws-relocation-r1", "sally", "put 5/2 into M and buff its attack", "r1 set M=5/2 buff 5/2 attack"),
    ("ws-relocation-r1", "sally", "put 5/2 into M and buff it's health", "r1 set M=5/2 buff 5/2 health"),
    # a troop, where it stands, an arrow, where it goes (J holds Maddie's 5/3)
    ("ws-relocation-r1", "maddie", "relocate: 5/3 J -> H", "r1 set H=5/3"),
    ("ws-relocation-r1", "maddie", "5/3 j -> h", "r1 set H=5/3"),
    ("ws-relocation-r1", "maddie", "5/3 J to H", "r1 set H=5/3"),
    ("ws-relocation-r1", "maddie", "5/3 J ➡️ H", "r1 set H=5/3"),
    ("ws-relocation-r1", "maddie", "relocate 5/3: J -> H", "r1 set H=5/3"),
])
def test_nothing_arrow_emoji_slots_its_stat_and_troop_from_to_read(name, player, post, move):
    assert read(name, player, post) == move


@pytest.mark.parametrize("name, player, post, why", [
    ("ws-relocation-r1", "maddie", "nothing, 5/3 to H", "two different moves"),
    ("ws-relocation-r1", "maddie", "5/3 K -> H", "outside it"),          # K does not hold her 5/3
    ("ws-relocation-r1", "maddie", "5/3 J -> H or I", "two ways"),
    ("ws-relocation-r1", "sally", "5/2 to M, 4/4 to G, buff its attack", "outside it"),   # whose?
    ("ws-placement-t1", "sally", "4/4 right of K", "not a move"),             # a place, not an arrow
    ("ws-placement-t1", "sally", "4/4 ➡️ K or L", "two ways"),
    ("ws-placement-t1", "sally", "5/5 in the middle slot (F)", "which is G"),
])
def test_nothing_arrow_emoji_slots_its_stat_and_troop_from_to_near_misses_are_refused(name, player, post, why):
    assert why in refusal(name, player, post)


@pytest.mark.parametrize("post, move", [
    ("D: 5/2, G: 4/2, and my advantage goes on the 5/2 (+1 attack)", "r1 set D=5/2 G=4/2 buff 5/2 attack"),
    ("D: 5/2, advantage on the 5/2 (+1 health)", "r1 set D=5/2 buff 5/2 health"),
])
def test_a_buff_with_its_stat_in_brackets_after_the_troop_reads(post, move):
    assert read("ws-relocation-r1", "sally", post) == move


@pytest.mark.parametrize("post, why", [
    ("D: 5/2, advantage on the 5/2 (+1 attack or health?)", "outside it"),
    ("D: 5/2, advantage on the 5/2 (+1 attack, +1 health)", "outside it"),
])
def test_a_buff_with_its_stat_in_brackets_near_misses_are_refused(post, why):
    assert why in refusal("ws-relocation-r1", "sally", post)


@pytest.mark.parametrize("post", [
    "move 3/3 from H to A",          # A holds the 5/5: to reserve, or to H?
    "move 3/3 from H -> A",
])
def test_a_troop_sent_onto_another_of_ones_own_is_refused(post):
    """WS-4: moved there (the troop at A to reserve) or swapped? The post does not say."""
    assert "moved there" in refusal("ws-relocation-r1", "sally", post)


def test_a_troop_sent_onto_another_with_both_said_reads():
    assert read("ws-relocation-r1", "sally", "3/3 to A, 5/5 to H") == "r1 set A=3/3 H=5/5"


@pytest.mark.parametrize("player, post, move", [
    ("sally", "F's 5/4 moves to B", "r1 set B=5/4"),      # whose troop: the location, possessive (WS-1)
    ("maddie", "move J's 5/3 to K", "r1 set K=5/3"),
])
def test_a_location_owning_its_troop_names_the_troop(player, post, move):
    assert read("ws-relocation-r1", player, post) == move


@pytest.mark.parametrize("player, post", [
    ("sally", "F's 3/3 moves to B"),     # F holds the 5/4
    ("sally", "move J's 5/3 to K"),      # sally has no troop at J
    ("sally", "F 5/4 to B"),             # no possessive: F set to what it holds, and B?
])
def test_a_location_owning_another_troop_is_never_entered(player, post):
    assert entered("ws-relocation-r1", player, post) is None
