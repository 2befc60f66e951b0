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
from adjudicator.lexicon import (  # the reader's marks, seen by reword
    PICTURE,
    QUOTED,
    Lexicon,
    Word,
    item_phrases,
    post_words,
)

# The notation word for "the rest stay home": every miner the submission names no action for does
# nothing (TT-3). It adds no action, but says the submission is all there is; alone it says nothing
# (the rest of which miners?), so it is read only beside an action or an item.
OTHERS_REST = "others-rest"

# What in a post is Track Trouble move material (adjudicator.reading): the notation's
# words and the item keyword each item is written with ("Remote Switch on purple" → remote
# purple). The layouts' names come from the match (Game.lexicon). `nothing`, `pass`, `none`
# are not material: among other words they are chatter ("nothing to add"). `rest` is: a miner
# said to rest takes no action (TT-3), and a post that says so must not give it one.
KEYWORDS = ("switch", "sw", "activate", "board", "train", "remote", "remote-switch", "extra-miner",
            "hidden", "hidden-value", "round", "crossing", "rest", OTHERS_REST)
ITEM_KEYWORDS = {"extra-miner": ("extra-miner",), "remote-switch": ("remote",), "hidden-value": ("hidden",)}
SHAPES = (r"r\d+", r"c\d+", r"r\d+c\d+")   # the round and crossing: r3 c1, r3c1

# Verbs that say a miner activates a switch (TT-3): alone they are always `switch` ("3 flips
# purple"); these further ones only right before a switch's name ("miner 7 hits the purple
# switch"), since alone they are ordinary English ("hits different").
SWITCH_VERBS = ("flip", "flips", "toggle", "toggles", "activates")
SWITCH_VERBS_BEFORE_A_NAME = (*SWITCH_VERBS, "flipping", "activate", "hit", "hits", "pull", "pulls",
                              "press", "presses", "throw", "throws", "make", "makes",   # "3 make the switch"
                              "flick", "flicks", "switches", "operates", "trigger", "triggers")   # "5 flicks purple"
# ... and these only right before the word "switch" (switch_said: no phrases), since before a
# name they are chatter as often ("5 works", "6 mans up"): "5 works the switch", "6 mans the lever".
SWITCH_VERBS_BEFORE_THE_WORD = ("operate", "work", "works", "man", "mans", "yank", "yanks", "push", "pushes",
                                "use", "uses", "get", "gets", "grab", "grabs")
# The switch said as a lever: "7 pulls the lever" (switch_said, when the crossing has one switch).
LEVER_WORDS = ("lever",)
# Verbs that say a miner boards a track (TT-3), alone ("miner #6 boards T3", "he hops on T3") and,
# for ones common in chatter ("take care"), only right before a track's name ("I'll take T2").
BOARD_VERBS = ("boards", "boarding", "rides", "takes", "hop", "hops", "jump", "jumps")
BOARD_VERBS_BEFORE_A_NAME = (*BOARD_VERBS, "take", "taking", "ride", "riding", "go", "goes", "heads", "head", "heading")
# Words between such a verb and the track's name: "7 goes to T1", "he hops onto track 3".
BOARD_PREPOSITIONS = ("to", "on", "onto", "into", "down")   # "5 goes down the second track"
# "In" between such a verb and the track's name: "4 goes in the track 3" boards T3. A reword step
# (boarded_in), not more phrases: each preposition multiplies the verbs' phrases for every track.
BOARD_IN = ("in",)
# The word before a track's number that names it: "track 3", "track T3" are T3.
TRACK_WORDS = ("track", "trk")
# Marks before a track's number that say nothing more: "track no. 2", "track number 2" ("#2" the
# reader folds to 2 already). "no" here is no negation: it stands between "track" and a number.
TRACK_NUMBER_MARKS = ("no", "nr", "number", "num")
# A miner said to stay where it is does nothing this crossing (TT-3): "1 and 4 stay home",
# "(1, 2 and 5 rest)". Said of every miner ("all miners stay put") it is the empty submission.
# Not "stay" alone ("stay safe", "stay tuned"), only after "all"; "sitting it out" said of no miner
# is a pass (PASSING), read only when the post names nothing else.
STAYING = ("rest", "rests", "resting", "stays", "stay put", "stays put", "stay home", "stays home",
           "stay back", "stays back", "stay south", "stays south", "sit out", "sits out", "do nothing",
           "does nothing", "idle")
EVERY_MINER = ("all", "all miners", "all my miners", "all of them", "every miner", "everyone", "everybody")
EVERY_MINER_STAYING = (*STAYING, "stay", "sit this one out", "sits this one out", "sit this out", "sits this out",
                       "chills", "chilling", "take no action", "takes no action")   # "7 chills", said of miners only: "chill" alone is chatter
# Every miner said to do nothing by naming none that moves (TT-3): "nobody moves this crossing".
NOBODY_MOVES = tuple(f"{nobody} {moves}" for nobody in ("nobody", "no one", "noone")
                     for moves in ("moves", "goes", "acts", "does anything"))
# "The rest" said to stay: every miner not named does nothing (TT-3), `others-rest`: "1 T3, 3 flips
# purple, rest stay home", "remote purple, the others chill". ("The" and "my" are glue.)
OTHER_MINERS = ("rest", "rest of them", "rest of my miners", "rest of the miners", "rest of my guys",
                "others", "other miners", "other guys", "everyone else", "everybody else", "all others",
                "all the others", "all the rest", "remaining miners", "remaining ones")
OTHERS_STAYING = (*EVERY_MINER_STAYING, "chill", "wait", "sit tight", "hang back", "stay where they are",
                  "nothing", "none", "do nothing", "does anything", "do anything")   # "(rest nothing)", "rest none"
# No other miner said to move: the miners not named do nothing (TT-3), `others-rest`: "remote
# switch on purple, nobody else moves", "1 and 2 take T1. Nobody else does anything."
NOBODY_ELSE_MOVES = tuple(f"{nobody} else {moves}" for nobody in ("nobody", "no one", "noone")
                          for moves in ("moves", "goes", "acts", "does anything", "is moving", "does a thing"))
NOBODY_ELSE_MOVES += tuple(f"{nobody} does anything else" for nobody in ("nobody", "no one", "noone"))   # "else" last
# Words that add nothing to a submission: every submission is for the current round and crossing
# (TT-3), and "nothing else" says the move is all there is ("extra miner this round, nothing else").
# They become `-`, glue the notation reads as nothing, not dropped: the punctuation after them
# stays ("extra miner this round? 1 T2" still asks).
SAID_OF_EVERY_SUBMISSION = ("this round", "this crossing", "this time", "nothing else")   # "1 T3 this time"
# What sets a Hidden Value (TT-7): "N1 worth 1", "N1 becomes 5", "N3, set to 2" are `hidden N1 = 1`.
VALUE_WORDS = ("worth", "becomes", "set to", "set at", "equals", "make it", "makes it", "set it to",
               "sets it to", "set it at")
# Hidden Value (TT-7) named in short or as a verb: "hv: N2 → 1", "hiding N1, make it 5".
HIDDEN_NAMES = ("hv", "hiding", "hide", "hides", "i hide", "hidden val")   # "hidden val N2=5"
# "Value" in short, wherever "value" is read (TT-7): "hidden N2 val 5", "set the val of N2 to 3".
VALUE_SHORT = ("val",)
# Verbs that set a destination's value when a destination follows them (TT-7): "set N2 to 3", "put
# N2 at 3". Only before a destination's name: "put 3 on T2" is a miner boarding.
SETTING_VERBS = ("set", "sets", "setting", "put", "puts", "putting", "make", "makes", "making",
                 "change", "changes", "changing")   # "please change N1 to 5"
SETTING_BETWEEN = ("the", "value", "of")   # "set the value of N2 to 3"
# Words before a value said first, and between it and its destination: "value 3 on N2", "hide 3
# on N2" (TT-7). Not a bare number ("put 3 on N2": miner 3 or the value 3?): the word before
# the number settles that it is a value.
VALUE_FIRST = ("value", "hidden")
VALUE_OF = ("of", "a")                 # "value of 2 on N1", "hiding a 3 on N2"
VALUE_ON = ("on", "for", "at", "to")
# Words after a destination's name that give it a value with no verb (TT-7): "N2 = 3", "N2 is
# worth 3" ("worth" is `=`, VALUE_WORDS). Refused when the value is the printed one: "N2 is worth
# 4" may be said of the board as it is, not set.
DESTINATION_IS = (("=",), ("is", "="), ("is",), ("to",), ("gets",), ("gets", "a"), ("to", "be"))   # "I'd like N3 to be 4"   # "N2 → 3": the arrow is "to" (ARROWS)
# A wish said right before a destination given a value (TT-7): "I'd like N3 to be 4" sets it as
# "N3 to be 4" does. Only right before a destination's name: "I'd like T2" is no boarding.
WISHING = (("i'd", "like"), ("id", "like"), ("i", "would", "like"), ("i", "want"), ("i'd", "want"))
# Words between Hidden Value and its destination ("Hidden Value on N2"), and between the
# destination and its value ("N2 and set it to 3"): they say nothing more.
HIDDEN_BEFORE_DESTINATION = ("on", "for", "at", "the", "in")   # "hidden value on the N3 destination, make it worth 2"
# "hidden: N2, value 2", "hidden value in N1, the new value is 5"
HIDDEN_BEFORE_VALUE = ("and", "=", "to", "as", "at", "is", "value", "the", "new")
# Words after the destination's name that name what it is: "the N3 destination" is N3.
DESTINATION_WORDS = ("destination", "dest", "node")
# Arrows drawn between a miner and where it goes ("1→T3", "4 -> purple") or a destination and its
# Hidden Value ("hv: N2 → 1"): read as "to", which both forms take (GOING, HIDDEN_BEFORE_VALUE).
ARROWS = ("→", "->", "=>", "⇒", "➡️", "➡")
# Words between two miner numbers that name every miner from the first to the last: "miners
# 1-3", "three through five" (not "to": "1 to 3" may be miner 1 to track 3).
RANGE_WORDS = ("through", "thru", "-", "–")
# "the switch" names a switch only when the crossing's layout has exactly one (TT-1); "sw" is its
# short form ("7 sw", as "7 switch"): the notation's own head word for it (KEYWORDS).
SWITCH_WORDS = ("switch", "sw")
# A track named by its minecarts: "the two-cart track" is the one track with two carts left.
CART_WORDS = ("cart", "carts")
# A track or switch said first, then the miners it is for, as a clause of its own: "T1: 1,2,3",
# "Track 2: miners 3, 4.", "switch: 7", "T3 for 1 and 5, T1 for 2" (TT-3: each miner boards a
# track or activates a switch). The words between them, besides a colon after the target ("T1 - 1, 2",
# "T2 = 3, 4": marks typed apart):
TARGET_FOR = ("for", "-", "–", "=", "gets", "get")   # "T3 gets miners 6 and 7, switch gets miner 1"
# The minecarts said between boarding and the track: "1, 2 and 3 board the minecarts on Track 3" is
# boarding T3 (TT-3: a miner boards a track's minecarts). Only so placed.
BOARDED_CARTS = (("minecarts",), ("minecart",), ("carts",), ("cart",), ("mine", "carts"), ("mine", "cart"),
                 ("a", "minecart"), ("a", "cart"), ("the", "minecarts"), ("the", "minecart"), ("the", "carts"),
                 ("the", "cart"), ("the", "mine", "carts"))
# Words after a miner's action saying it is the only one, beside "the rest" resting: "6 T1 (only him,
# rest idle)". They say nothing the rest staying does not (TT-3): read as `-`, like ADDING.
ONLY_NAMED = ("only him", "only her", "just him", "just her", "only them", "just them", "only those")
# Words that add a part to the submission without changing it: "using my Extra Miner too, 8 T3"
# uses it as "using my Extra Miner, 8 T3" does. Read as `-`, like SAID_OF_EVERY_SUBMISSION (so
# "extra miner too?" still asks).
ADDING = ("too", "as well")
# Words after an item's name that say it is used (TT-7): "extra miner activated" declares it.
ITEM_USED = ("activated", "used", "active", "deployed", "in play", "in")
# ... and words after it that say yes to it, when they end its clause (TT-7): "Extra miner yes.",
# "extra miner: on", "extra miner - yep, 8 T2". Not "on" going on ("extra miner on T2": which miner?).
ITEM_YES = ("yes", "yep", "yeah", "yup", "on", "y", "please", "pls", "✅", "✔️", "✔")   # not "ok": "is extra miner ok"
ITEM_YES_MARKS = ("-", "=")            # between the item and its yes: "extra miner - yes"
# Verbs before an item that say it is used (TT-7): "activate extra miner", "activating remote switch
# on purple". ("activate" is otherwise a miner's switch activation, `1 activate purple`.) Not "use",
# "using": glue to the reader already, and "not using" is a negation it must still see.
ITEM_VERBS = ("activate", "activating", "deploy", "deploying")
ITEM_WORDS = ("extra-miner", "remote", "hidden")     # the item words an ITEM_VERB may stand before
# The extra miner (TT-2, TT-7) named in words, in a post that declares it or in a round it plays:
# "the new guy flips purple" is miner 8 (one more than the ruleset's miners).
EXTRA_MINER_NAMES = ("the new guy", "new guy", "the new miner", "new miner", "the new one", "the extra one",
                     "the extra guy", "extra guy")
# ... and placed as it is declared, a track's name right after: "1 T3, extra miner on T1" declares it
# and boards it (miner 8) on T1 (TT-2, TT-7); so does a boarding verb ("extra miner takes T3", read
# as `board T3` already).
EXTRA_PLACED = ("on", "to", "onto")
# ... and a pronoun right after its declaration: "extra miner, and he hops on T3".
PRONOUNS = ("he", "she", "it", "him", "her")   # not "they": it may be every miner
LINKS = ("and", "&", "+", "then")          # between the declaration and its pronoun
CAUSING = ("have", "let", "make", "get", "-")   # "extra miner this round (-), and have him pull the switch"
# ... and a relative right after it, as a pronoun: "+ extra miner, who also goes T2" (TT-7).
EXTRA_RELATIVES = ("who",)
# Verbs that send a miner somewhere, before its number and where it goes: "put him on T2", "sending
# 1 and 2 to T3", "move 4 to T1" say what "1 and 2 to T3" says (TT-3). Only so placed: "put 3 on N2"
# sets a value (SETTING_VERBS), "put it off" is no move.
SENDING_VERBS = ("put", "send", "sending", "sends", "move", "moving", "moves")
# Words between a miner and its action that say nothing more: "8 also goes T2".
ALSO = ("also",)
# Marks a number is written with when it restates the miner just named: "he (no. 8)", "number 8".
NUMBER_MARKS = ("no", "nr", "number", "num", "miner")   # "my extra guy (miner 8) boards T1"
# The words naming a miner by its number: "first miner", "miner one", "T2 with miner 1".
MINER_WORDS = ("miner", "miners")
WITH_WORDS = ("with",)
JOINERS = ("and", "&", "+")                 # "1 and 2 T1", "1, 2 and 5 rest"
# The plural before a list of miners says they share the action after it: "Miners 1, 2, 3 board T1"
# is 1, 2 and 3 boarding T1 (without it, "1, 2 T1": "1," may have lost its action).
PLURAL_MINER_WORDS = ("miners",)
# Miners named by their numbers' parity, before the action they share (TT-2: miners are numbered):
# "odd miners T1, even miners T3" is every acting miner with an odd number on T1, an even one on T3.
PARITY_NAMES = {("odd", "miners"): 1, ("odd", "ones"): 1, ("odds",): 1, ("odd-numbered", "miners"): 1,
                ("odd", "numbered", "miners"): 1, ("even", "miners"): 0, ("even", "ones"): 0, ("evens",): 0,
                ("even-numbered", "miners"): 0, ("even", "numbered", "miners"): 0,
                ("odd-numbered",): 1, ("odd", "numbered"): 1, ("even-numbered",): 0, ("even", "numbered"): 0,
                ("odd-numbered", "ones"): 1, ("even-numbered", "ones"): 0}   # "odd-numbered miners on T2, even-numbered on T1"
# A word after a list of miners saying they all share the action after it (TT-3): "4 5 6 7 all T3",
# "2 and 3 both T3", "1, 2 each take T1" are the list's action alone. "Both" only after two miners.
LIST_SHARING = {"all": 0, "each": 0, "both": 2}   # the word: how many miners it must follow (0: two or more)
# Words of courtesy after a miner's action, before a comma: "1 and 2 go to T1 please, 3 flips
# purple" is read as without them (they say nothing of the move, yet part its clauses).
COURTESY = ("please", "pls", "plz", "thanks", "thx", "ty")
# A count of every miner that can act (TT-2, TT-3): "all seven on T1", "all 7 of them T2". The
# count must be the number of miners that can act now; any other count is refused.
EVERY_COUNTED = ("all",)
COUNT_TAILS = ("of them", "of em", "of my miners", "of the miners", "of my guys", "miners", "my miners")
# "all seven of them": "them" is those seven; "all seven of my miners activate purple" names them so
# Every miner that can act named with no count, right before the track they all board (TT-3):
# "everyone T1", "all miners on T2", "all on T2 except 7 who hits the switch". Read only when the
# post names no other miner's number (but the exceptions): "1 T3, all on T2" (all the others?) is refused.
EVERY_ACTING = (("everyone",), ("everybody",), ("all",), ("all", "miners"), ("all", "my", "miners"),
                ("every", "miner"), ("all", "of", "them"), ("all", "of", "my", "miners"), ("all", "of", "em"),
                ("every", "one", "of", "them"), ("each", "miner"), ("each", "of", "them"))
# The miners not named, said to act, right before the action they share (TT-3: miners are
# numbered; the others are every miner that can act but those the post names): "1 T2, 2 T1, the
# rest T3", "3 T1, everyone else flips purple". Read only when every other number of the post is a
# miner's named before it, and no Hidden Value is set (its number is no miner).
OTHERS_ACTING = (("rest",), ("the", "rest"), ("all", "the", "rest"), ("rest", "of", "them"), ("the", "rest", "of", "them"),
                 ("others",), ("the", "others"), ("all", "others"), ("all", "the", "others"),
                 ("everyone", "else"), ("everybody", "else"), ("remaining", "miners"), ("the", "remaining", "miners"),
                 ("the", "remaining", "ones"), ("remaining", "ones"), ("the", "other", "miners"), ("other", "miners"),
                 ("all", "other", "miners"), ("the", "other", "ones"), ("all", "the", "other", "miners"),
                 ("rest", "of", "my", "miners"), ("the", "rest", "of", "my", "miners"), ("rest", "of", "my", "guys"),
                 ("the", "rest", "of", "my", "guys"), ("the", "rest", "of", "the", "miners"))
# Who an exception is said of: "everyone rests except miner 3 who takes T1" is 3 boarding T1.
RELATIVES = ("who", "which", "that")
# Said of the current crossing: "nothing this crossing, waiting" is the crossing's empty submission
# (TT-3), the round and crossing written as SAID_OF_EVERY_SUBMISSION's `-` reads them.
NOTHING_WORDS = ("nothing", "pass")
# The typed empty submission (G-2): alone, or with only the round and crossing; beside an action or
# an item ("pass, 1 T2") it contradicts it. (`-` is the notation's word for "this round", not one.)
EMPTY_SAID = ("nothing", "none", "pass", "empty")
# A player passing in words (TT-3, G-2: the crossing's empty submission), read only when the post
# names nothing else of a move: "no moves for me this time, pass", "skipping this one", "I'm
# sitting this one out". "nothing" only as a clause of its own or said of the player ("nothing to
# add" is chatter); "pass" not before "on" ("pass on the extra miner" declines an item).
PASSING = ("pass", "passing", "i pass", "skip", "skipping", "skip this one", "skipping this one", "no moves",
           "no move", "no moves for me", "no move for me", "nothing for me", "nothing from me", "sit out",
           "sitting out", "sit this one out", "sitting this one out", "sit it out", "sitting it out",
           "sitting this out", "sit this out", "nothing this time", "nothing this turn", "no action", "no actions",
           "not moving", "not moving anyone", "not moving anybody", "staying put", "staying home",
           "skip me", "skipping me", "count me out", "leave me out")   # "skip me this time": the player is skipped
PASSING_DECLINES = ("skip",)          # "skipping the extra miner, 1 T2": a skip beside a move declines
PASSING_CLAUSE = ("nothing", "nada", "zilch", "nothin")   # passing only as a clause of its own: "nothing, thanks", "nada"
PASSING_NOT_BEFORE = ("on",)           # "pass on ..." declines something: read as the negation
NEGATION_SAID = "not"                  # posts.yaml's negation the reader declines an item after
# ... nor before an object: "pass the salt", "skip it", "pass me the dice" pass something else.
PASSING_OBJECTS = ("the", "a", "an", "it", "that", "them", "me", "my", "your", "him", "her", "those", "these")
# Words that keep a pass in words refused: not decided yet ("no moves yet", "pass for now?"), said
# of or asked of someone ("you pass?", "should I pass"), conditional or timed ("if ..., pass", "pass
# when ready"), or no submission at all ("no moves, just chatting").
PASSING_UNSURE = ("yet", "still", "for now", "later", "undecided", "decide", "deciding", "thinking", "think",
                  "if", "unless", "whether", "when", "until", "till", "til", "once", "you", "u", "he", "she",
                  "they", "should", "shall", "could", "can", "would", "did", "does", "chat", "chatting",
                  "talking", "just saying", "joking")
THIS_CROSSING = ("this crossing",)
# A header naming the current crossing before the submission: "Submission for crossing 1:" says what
# every submission says (TT-3), read as `-`; another crossing's number is left to refuse.
CROSSING_WORDS = ("crossing",)
# The word before the current round and crossing said as a header with no colon: "For round 1
# crossing 1 I'd like ..." is about this crossing's submission, as every one is (TT-3): read as `-`.
TURN_FOR = ("for",)
# The future before a miner's action: "1 and 2 will board T1, 3 will flip purple" says what
# "1 and 2 board T1, 3 flips purple" does (TT-3). Not "would": a wish or a question.
FUTURE = ("will",)
# Words after a number that make it a time, not a miner: a host's "submit for r1 c1 (3 min)" (TT-9).
TIME_UNITS = ("min", "mins", "minute", "minutes", "sec", "secs", "seconds", "s", "m")
# "stay" after a miner's number is that miner resting: "1 and 2 stay". (Not "stay" alone: "stay
# safe".) The numbers are those a miner may have (TT-2: at most 8).
MINER_NUMBERS = tuple(str(n) for n in range(1, 9))
# What a miner's number may be followed by, typed, to give it no action (TT-3): "3 nothing",
# "1 and 2 stay". Not a track's name: boarding "stay" is no move.
NO_ACTION = ("nothing", "none", "-", "pass", "rest", "stay", "stays")
NOTHING_SAID = ("nothing", "none")   # "Miner 6: nothing" ends a clause: miner 6 rests
# Words between miners and where they go that say nothing more: "3 on T3", "4 and 5 go to T3".
GOING = ("on", "to", "onto", "into", "go", "goes", "going")
ARTICLES = ("the",)
# A miner's number written short (TT-2: miners are numbered): "m1", "M1", "miner#1", "min1", and as
# two words "min 1", "m 1". Never a layout's name that happens to look so (a destination "M1").
MINER_SHORT = ("m", "min", "mnr", "miner")
# The words an item's part of a submission starts with (after a "/", slashed).
# Marks that part a submission as a comma does between a finished action and the next part:
# "1,2,3 -> T2 / 4 -> purple", "miners 1-7 on T2 + extra miner, who also goes T2".
PARTING_MARKS = ("/", "+")
ITEM_STARTS = ("remote", "extra-miner", "hidden")                         # "miners 1, 2, 3 on the T2"
# The notation's actions (TT-3): a word and a name after it, or a word alone.
ACTION_HEADS = ("board", "switch", "sw", "activate")
ACTIONS_ALONE = ("train", "rest", "nothing", "none")   # "Miners 6, 7: nothing" (TT-3)


def phrase(said: str) -> tuple[str, ...]:
    """A phrase as the lexicon keys it: its case-folded words."""
    return tuple(said.casefold().split())


def lexicon_for(names: frozenset[str], items: dict[str, Any], switches: frozenset[str] = frozenset(),
                tracks: frozenset[str] = frozenset(), in_order: bool = False) -> Lexicon:
    """The words of Track Trouble moves for a match whose layouts name `names` (case-folded), of
    which `switches` are switches and `tracks` tracks (`in_order`: every layout lists its tracks
    numbered 1, 2, ... in order, so "the second track" is T2)."""
    phrases = item_phrases(items, ITEM_KEYWORDS)
    phrases[("extra", "miner")] = ("extra-miner",)
    phrases[("remote", "switch")] = ("remote",)
    phrases.update({(verb,): ("switch",) for verb in SWITCH_VERBS})
    phrases.update({(verb,): ("board",) for verb in BOARD_VERBS})
    phrases.update({phrase(said): ("-",) for said in (*SAID_OF_EVERY_SUBMISSION, *ADDING, *ONLY_NAMED)})
    phrases.update({phrase(said): ("=",) for said in VALUE_WORDS})
    phrases.update({phrase(said): ("hidden",) for said in HIDDEN_NAMES})
    phrases.update({phrase(said): ("value",) for said in VALUE_SHORT})
    phrases.update({phrase(said): ("rest",) for said in NOBODY_MOVES})
    phrases.update({phrase(said): ("rest",) for said in STAYING})
    phrases.update({(*phrase(every), *phrase(said)): ("rest",) for every in EVERY_MINER
                    for said in EVERY_MINER_STAYING})
    phrases.update({(*phrase(others), *phrase(said)): (OTHERS_REST,) for others in OTHER_MINERS
                    for said in OTHERS_STAYING})
    phrases.update({phrase(said): (OTHERS_REST,) for said in NOBODY_ELSE_MOVES})
    phrases.update({(number, *phrase(said)): (number, "rest") for number in MINER_NUMBERS
                    for said in EVERY_MINER_STAYING})   # "1 and 2 stay", and "7 stay home" as "7 rest"
    phrases.update(switch_phrases(switches))
    phrases.update(track_phrases(tracks, in_order))
    phrases.update(item_used_phrases(phrases))
    return Lexicon(frozenset(KEYWORDS) | names, SHAPES, phrases, frozenset({"remote", "extra-miner"}))


def item_used_phrases(phrases: dict[tuple[str, ...], tuple[str, ...]]) -> dict[tuple[str, ...], tuple[str, ...]]:
    """"extra miner activated", "extra-miner used" → `extra-miner` (ITEM_USED): each way of naming an
    item that stands alone (not Remote Switch, which names its switch after it) with the word after."""
    named = [said for said, words in phrases.items() if words == ("extra-miner",)] + [("extra-miner",)]
    return {(*said, *phrase(used)): ("extra-miner",) for said in named for used in ITEM_USED}


def switch_phrases(switches: frozenset[str]) -> dict[tuple[str, ...], tuple[str, ...]]:
    """"purple switch", "flips the purple switch", "hits purple" → `switch purple` (TT-3)."""
    out: dict[tuple[str, ...], tuple[str, ...]] = {}
    for name in switches:
        out[(name, "switch")] = ("switch", name)
        for verb in SWITCH_VERBS_BEFORE_A_NAME:
            for said in ((name,), ("the", name), (name, "switch"), ("the", name, "switch")):
                out[(verb, *said)] = ("switch", name)
    return out


def track_phrases(tracks: frozenset[str], in_order: bool = False) -> dict[tuple[str, ...], tuple[str, ...]]:
    """"track 3" and "track T3" → T3, where only T3's name ends in 3; "take T2" → `board T2`; "the
    second track" only `in_order` (numbered_track)."""
    numbers: dict[str, list[str]] = {}
    for name in tracks:
        number = re.search(r"\d+$", name)
        if number:
            numbers.setdefault(str(int(number.group())), []).append(name)
    out: dict[tuple[str, ...], tuple[str, ...]] = {}
    for name in tracks:
        plain = [(name,), *((word, name) for word in TRACK_WORDS),
                 *((word, number) for number, named in numbers.items() if named == [name] for word in TRACK_WORDS)]
        forms = [*plain, *spaced_name(name)]
        forms += [(f"{word}{number}",) for number, named in numbers.items() if named == [name] for word in TRACK_WORDS]
        forms += [said for number, named in numbers.items() if named == [name]
                  for said in numbered_track(number, in_order)]
        forms += [(*ARTICLES, *said) for said in forms if len(said) > 1 and said[0] not in ARTICLES]
        for said in forms:
            if said != (name,):
                out[said] = (name,)
        ordinal: list[tuple[str, ...]] = [said for said in forms if len(said) == 2 and said[0] in post_words().ordinals]
        ordinal += [(article, *said) for said in ordinal for article in ARTICLES]
        for said in plain + ordinal:   # verb phrases for these forms only: each form more multiplies them all
            out.update({(verb, *way, *said): ("board", name) for verb in BOARD_VERBS_BEFORE_A_NAME
                        for way in ((), *((word,) for word in BOARD_PREPOSITIONS))})
    return out

def numbered_track(number: str, in_order: bool) -> list[tuple[str, ...]]:
    """The ways "track 2" is said (TRACK_WORDS, TRACK_NUMBER_MARKS): "track two", "track no. 2",
    and, `in_order` (the n-th track listed is the one numbered n in every layout, else "the second
    track" may be another), "the second track", "2nd track"; for the one track whose name ends in that number."""
    around = post_words()
    words = [number, *(word for word, count in around.counts.items() if str(count) == number and word != "both")]
    places = [word for word, place in around.ordinals.items() if str(place) == number]
    return [*((track, *mark, said) for track in TRACK_WORDS for mark in ((), *((m,) for m in TRACK_NUMBER_MARKS))
              for said in words),
            *((place, track) for place in places if in_order for track in TRACK_WORDS)]


def spaced_name(name: str) -> list[tuple[str, ...]]:
    """"t 2", "t-2" for T2: a track's name of letters and a number, typed with a space or a dash between."""
    parts = re.fullmatch(r"([a-z]+)(\d+)", name)
    return [(parts.group(1), parts.group(2)), (f"{parts.group(1)}-{parts.group(2)}",)] if parts else []


# `r3 c1:` with or without the colon, as Winning Streak reads `t4 place`: nothing
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
    resting: set[int] = set()     # miners said to rest, or to do nothing (TT-3)
    everyone_rests = False
    others_rest = False   # "the rest stay home": the miners not named do nothing (TT-3)
    empty = False         # `nothing`: the empty submission, which names no action or item
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
            group, i = miner_group(tokens, i)   # `1 and 2 on T1`, `1, 2 and 5 rest`: one action for all
            while i + 2 < len(tokens) and tokens[i + 1].lower() in GOING and tokens[i + 2] != ",":
                i += 1   # `3 on T3`, `1 to T2`, `4 and 5 go to T3`
            action, taken = _action(tokens, i, group[-1], text, need)
            actions.extend({"miner": miner, **action} for miner in group if action is not None)
            resting.update(group if action is None else ())
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
        elif low in EMPTY_SAID:
            empty = True
            i += 1
        elif low == "-":
            i += 1
        elif low == "rest":   # said of no miner: every miner rests ("all miners stay put"), TT-3
            everyone_rests = True
            i += 1
        elif low == OTHERS_REST:
            others_rest = True
            i += 1
        else:
            raise NotationError(f"'{text}': cannot read '{word}'. {_HELP}")
    if empty and (actions or items or hidden is not None):
        raise NotationError(f"'{text}': 'nothing' submits no action, yet actions or items are named; give the "
                            f"one submission (TT-3). {_HELP}")
    clash = sorted({action["miner"] for action in actions} & resting)
    if clash or (actions and everyone_rests):
        said = f"miner {clash[0]}" if clash else "every miner"
        raise NotationError(f"'{text}': {said} is said to rest and also given an action; each miner takes "
                            f"one action per crossing (TT-3). {_HELP}")
    if others_rest and (not (actions or items or resting) or hidden is not None):
        raise NotationError(f"'{text}': 'the rest' stay, but no miner or item of the crossing is named: give "
                            f"the submission itself (TT-3). {_HELP}")
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
        track = need(i + 2, "a track name")
        return ({"train": True} if track.lower() == "train" else {"board": track}), 3   # "board the train"
    if action_low == "train":
        return {"train": True}, 2
    if action_low in NO_ACTION:
        return None, 2   # TT-3: doing nothing is the same as no action
    if action_low.isdecimal() or action_low in RANGE_WORDS:   # `3 through 1`: a range run backwards
        raise NotationError(f"'{text}': miner {miner} has no action before '{action_word}'. {_HELP}")
    return {"board": action_word}, 2


def miner_group(tokens: list[str], i: int) -> tuple[list[int], int]:
    """The miners listed from tokens[i] that share one action, and the index of the last: joined
    by "and" (`1 and 2 T1`), or an English list whose last link is "and" (`1, 2 and 5 rest`). A
    list without that "and" (`1, 2 T1`) is only its first miner: "1," may have lost its action.
    A range (`1 through 3 T1`, RANGE_WORDS) is every miner from the first to the last."""
    numbers, links = [int(tokens[i])], []
    at = [i]
    j = i
    while j + 1 < len(tokens):
        link = tokens[j + 1].lower()
        if link in RANGE_WORDS and j + 2 < len(tokens) and tokens[j + 2].isdecimal() \
                and int(tokens[j]) < int(tokens[j + 2]):   # `1 through 3 T1`: miners 1, 2 and 3
            numbers += list(range(int(tokens[j]) + 1, int(tokens[j + 2])))
            links += [JOINERS[0]] * (int(tokens[j + 2]) - int(tokens[j]) - 1)
            at += [j + 2] * (int(tokens[j + 2]) - int(tokens[j]) - 1)
            link, j = JOINERS[0], j + 2
        elif link in (*JOINERS, ",") and j + 2 < len(tokens) and tokens[j + 2].isdecimal():
            j += 2
        elif link.isdecimal():
            link, j = " ", j + 1
        else:
            break
        numbers.append(int(tokens[j]))
        links.append(link)
        at.append(j)
    if links and links[-1] not in JOINERS:
        joined = next((k for k, link in enumerate(links) if link not in JOINERS), len(links))
        numbers, at = numbers[:joined + 1], at[:joined + 1]
    return numbers, at[-1]


def switch_named(action: Any, switches: set[str]) -> Any:
    """`3 purple`: a miner's bare name after it that is a switch of the crossing's layout
    (`switches`, case-folded) is its activation, as `3 switch purple`: a switch is never boarded
    (TT-3), and the typed notation cannot know the layout's names."""
    if isinstance(action, dict) and set(action) == {"miner", "board"} and isinstance(action["board"], str) \
            and action["board"].lower() in switches:
        return {"miner": action["miner"], "switch": action["board"]}
    return action


def by_miner(actions: list[Any]) -> list[Any]:
    """A crossing's actions in the order of their miners: they resolve together (TT-4), so
    `7 T1, 6 T1` and `6 T1, 7 T1` are one submission, written one way. Left as given when an
    action names no miner number (the schema says what is wrong)."""
    if all(isinstance(a, dict) and type(a.get("miner")) is int for a in actions):
        return sorted(actions, key=lambda a: a["miner"])
    return actions


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


# --- Miners named in words (TrackTroubleNotation.reword) ---------------------------------------

def said_as(words: list[Word], index: int, taken: int, text: str, problem: str | None = None) -> Word:
    """The Word standing for words[index:index + taken] of the post, with their punctuation."""
    span = words[index:index + taken]
    return Word(text, " ".join(w.said for w in span), span[0].start, span[-1].end, problem, span[-1].trail)


def asked(word: Word) -> Word:
    """A phrase said of every submission (SAID_OF_EVERY_SUBMISSION) that ends a question ("extra
    miner this round? 1 T2") asks about the move: refused, though the move goes on after it."""
    if word.text == "-" and word.said.casefold() != "-" and word.stop == "?":
        return word._replace(problem="asks about the move rather than plays it; give the move to play.")
    return word


_MINER_SHORT = re.compile(rf"^(?:{'|'.join(MINER_SHORT)})[#.-]?(\d)$", re.IGNORECASE)   # m1, m#1, m.1, m-1
_MINERS_SHORT = re.compile(rf"^(?:{'|'.join(MINER_SHORT)})[#.]?(\d)[-–](?:{'|'.join(MINER_SHORT)})?[#.]?(\d)$",
                           re.IGNORECASE)   # m3-7, m3-m7: miners 3 to 7


def miners_short(words: list[Word], names: frozenset[str]) -> list[Word]:
    """"m1 t1, M2 purple", "miner#3 T2", "min 4 T3": a miner's number written short (MINER_SHORT)
    as the number alone, as the notation writes it; a layout's own name ("M1") stays itself; "m3-7"
    is the range "3-7" (split_word: the miners 3 to 7)."""
    out: list[Word] = []
    index = 0
    while index < len(words):
        word = words[index]
        short = _MINER_SHORT.match(word.text)
        after = words[index + 1].text if index + 1 < len(words) else ""
        ranged = _MINERS_SHORT.match(word.text)
        if short and word.text.casefold() not in names:
            out.append(word._replace(text=short.group(1)))
        elif ranged:
            out.extend(split_word(word._replace(text=f"{ranged.group(1)}-{ranged.group(2)}")))
        elif word.text.casefold() in MINER_SHORT[:-1] and not word.trail and after.isdecimal() and len(after) == 1:
            out.append(said_as(words, index, 2, after))
            index += 1
        else:
            out.append(word)
        index += 1
    return out


def items_said_used(words: list[Word]) -> list[Word]:
    """"Extra miner yes.", "extra miner: on" (ITEM_YES ending the item's clause) and "activate extra
    miner", "activating my remote switch on purple" (ITEM_VERBS) as the item alone: its use (TT-7)."""
    out: list[Word] = []
    index = 0
    while index < len(words):
        word = words[index]
        yes = yes_after(words, index) if word.text == "extra-miner" else 0
        if yes:
            out.append(said_as(words, index, yes + 1, "extra-miner"))
            index += yes + 1
            continue
        ahead = index + 1
        while ahead < len(words) and words[ahead].text.casefold() in ("my", *ARTICLES) and not words[ahead].trail:
            ahead += 1
        if word.text.casefold() in ITEM_VERBS and not word.trail and ahead < len(words) \
                and words[ahead].text in ITEM_WORDS and ahead > index:
            out.append(said_as(words, index, ahead + 1 - index, words[ahead].text))
            index = ahead + 1
            continue
        out.append(word)
        index += 1
    return out


def yes_after(words: list[Word], index: int) -> int:
    """How many words after the item at `index` say yes to it (ITEM_YES, past ITEM_YES_MARKS; "yes
    please" twice) and end its clause: 0 when none do, or the clause goes on ("on T2")."""
    if words[index].trail.strip() not in ("", ":"):
        return 0
    start = index + 1
    while start < len(words) and words[start].text in ITEM_YES_MARKS and not words[start].trail.strip():
        start += 1
    end = start
    while end < len(words) and words[end].text.casefold() in ITEM_YES:
        end += 1
        if words[end - 1].trail.strip(" "):
            break
    closed = end == len(words) or any(mark in words[end - 1].trail for mark in ",;.!?\n")
    return end - index - 1 if end > start and closed else 0


def miners_by_place(words: list[Word], free: set[int]) -> list[Word]:
    """"first miner", "miner one" as miner numbers. An ordinal names miner n only while miners
    1 to n all act this crossing: then the n-th miner and miner n are one; otherwise (one of
    them benched or across, TT-2, TT-3) it is refused as not saying which."""
    around = post_words()
    out: list[Word] = []
    index = 0
    while index < len(words):
        pair = tuple(w.text.casefold() for w in words[index:index + 2])
        joined = not words[index].trail   # "first, miner 2 T1" is no first miner
        place = around.ordinals.get(pair[0], 0) if joined and pair[1:] and pair[1] in MINER_WORDS else 0
        named = joined and len(pair) > 1 and pair[0] in MINER_WORDS and pair[1] != "both"
        count = around.counts.get(pair[1], 0) if named else 0
        if place > 0:
            sure = set(range(1, place + 1)) <= free
            out.append(said_as(words, index, 2, str(place), None if sure else
                               "does not say which miner while some are benched or across; give its number."))
        elif count > 0:
            out.append(said_as(words, index, 2, str(count)))
        else:
            out.append(words[index])
            index += 1
            continue
        index += 2
    return out


def declares_extra_miner(words: list[Word]) -> bool:
    """Does the post use Extra Miner (TT-7): name it, not right after a negation ("no extra
    miner", "not using the extra miner"), past glue? A declined one names no miner 8."""
    around = post_words()
    for index, word in enumerate(words):
        if word.text != "extra-miner":
            continue
        before = index - 1
        while before >= 0 and words[before].text.casefold() in around.glue and not words[before].trail:
            before -= 1
        said = tuple(w.text.casefold() for w in words[max(before - 1, 0):before + 1])
        if before < 0 or words[before].trail or not any(around.hedges.get(said[at:]) == "negations"
                                                          for at in range(len(said))):
            return True
    return False


def extra_miner_named(words: list[Word], extra: int) -> list[Word]:
    """The extra miner (TT-7) named in words as its number `extra`: "the new guy", and a
    pronoun right after the declaration ("extra miner, and he hops on T3"); a number restating
    it ("he (no. 8)") is read with it, and one that does not is refused."""
    out: list[Word] = []
    index = 0
    while index < len(words):
        taken = extra_name_at(words, index)
        if not taken:
            out.append(words[index])
            index += 1
            continue
        if out and out[-1].text.casefold() in CAUSING[:-1] and not out[-1].trail and words[index].text.casefold() in PRONOUNS:
            out.pop()   # "have him pull the switch": he pulls it
        restated = restated_number(words, index + taken)
        taken += restated[0]
        wrong = restated[1] is not None and restated[1] != extra
        out.append(said_as(words, index, taken, str(extra), f"names miner {restated[1]}, but the extra miner is "
                                                            f"miner {extra} (TT-7)." if wrong else None))
        index += taken
    return out


# Words a bracket right after the extra miner's number may hold besides its names and the item:
# "miner 8 (the extra one, using Extra Miner) on T1".
EXTRA_ASIDE = ("using", "use", "with", "via", "from", "the", "my", "extra", "one", "i'm", "im", "i", "am", "is")


def extra_aside(words: list[Word], extra: int) -> list[Word]:
    """"miner 8 (the extra one, using Extra Miner) on T1" as "extra-miner, 8 on T1": a bracket right
    after the extra miner's number saying only who it is (EXTRA_ASIDE, its names read as `extra`
    already) and, maybe, that Extra Miner is used, declares the item (TT-7) and no more."""
    for index, word in enumerate(words):
        if word.text != str(extra) or "(" not in word.trail or ")" in word.trail:
            continue
        end = index + 1
        while end < len(words) and ")" not in words[end - 1].trail:
            end += 1
        inside = words[index + 1:end]
        if ")" not in words[end - 1].trail or end >= len(words) or not inside or any("?" in w.trail for w in inside) \
                or any(w.text.casefold() not in (*EXTRA_ASIDE, str(extra), "extra-miner") for w in inside):
            continue   # "miner 8 (extra miner?) on T1" asks
        item = [w._replace(trail=",") for w in inside if w.text == "extra-miner"][:1]
        start = index - 1 if index and words[index - 1].text.casefold() == MINER_WORDS[0] and not words[index - 1].trail \
            else index   # "miner 8 (...)": the item before the miner's number, as said
        return [*words[:start], *item, *words[start:index], word._replace(trail=" "), *words[end:]]
    return words


def extra_miner_placed(words: list[Word], extra: int, tracks: frozenset[str]) -> list[Word]:
    """"extra miner on T1" (EXTRA_PLACED), "extra miner goes to T1" as "extra-miner, 8 on T1": the
    item declared, and its miner, `extra`, boarding the track named right after it (TT-2, TT-7)."""
    out: list[Word] = []
    for index, word in enumerate(words):
        span = words[index:index + 3]
        if word.text == "extra-miner" and len(span) == 3 and not word.trail \
                and (not span[1].trail or span[1].start == span[2].start) \
                and span[1].text.casefold() in (*EXTRA_PLACED, "board") and span[2].text.casefold() in tracks:
            out += [word._replace(trail=","), word._replace(text=str(extra))]   # "8 on T1"; "goes to T1," is one phrase
            continue
        out.append(word)
    return out


def extra_name_at(words: list[Word], index: int) -> int:
    """How many words from `index` name the extra miner (0: none): one of EXTRA_MINER_NAMES, or
    a pronoun following the declaration past LINKS only."""
    said = [w.text.casefold() for w in words[index:index + 3]]
    for size in (3, 2, 1):
        if " ".join(said[:size]) in EXTRA_MINER_NAMES and len(said) >= size:
            return size
    if said[0] in EXTRA_RELATIVES and index and words[index - 1].text == "extra-miner":
        return 1
    if said[0] not in PRONOUNS:
        return 0
    before = index - 1
    while before >= 0 and words[before].text.casefold() in (*LINKS, *SENDING_VERBS, *CAUSING):
        before -= 1   # "extra miner, and put him on T2"
    return 1 if before >= 0 and words[before].text == "extra-miner" else 0


def restated_number(words: list[Word], index: int) -> tuple[int, int | None]:
    """(words taken, the number) of a number restating the miner just named: "(no. 8)", "#8"."""
    said = [w.text.casefold() for w in words[index:index + 2]]
    marked = 1 if said and said[0] in NUMBER_MARKS else 0
    if len(said) > marked and said[marked].isdecimal():
        return marked + 1, int(said[marked])
    return 0, None


def miner_after_target(words: list[Word], names: frozenset[str]) -> list[Word]:
    """"(board) T2 with miner 1", "flip purple with miners 3 and 4": the miners put before their
    action, as the notation writes it (`1 board T2`)."""
    for index in range(1, len(words) - 1):
        if words[index].text.casefold() not in WITH_WORDS or words[index - 1].text.casefold() not in names:
            continue
        start = index - 2 if index >= 2 and words[index - 2].text in ("board", "switch") else index - 1
        said = words[index + 1].text.casefold() in MINER_WORDS
        if not said and not (start == 0 or words[start - 1].trail.strip()):
            continue   # "1 T2 with 3": with whom? Bare numbers only after an action opening its clause
        end = index + 1 + said
        while end < len(words) and (words[end].text.isdecimal() or
                                    words[end].text.casefold() in JOINERS and end + 1 < len(words)
                                    and words[end + 1].text.isdecimal()) and (said or not words[end - 1].trail.strip()
                                                                               or end == index + 1):
            end += 1
        if end == index + 1 + said or not said and end < len(words) and not words[end - 1].trail.strip():
            continue   # "switch purple with 1 and 2, 3 T1": bare numbers end their clause
        # The punctuation stays where the post has it: "take T2 with miner 1?" still ends in "?".
        group = [*words[index + 1 + said:end - 1], words[end - 1]._replace(trail="")]
        dropped = "".join(w.trail for w in (words[index], words[index + said], words[end - 1]))
        target = words[index - 1]._replace(trail=words[index - 1].trail + dropped)
        moved = [*words[:start], *group, *words[start:index - 1], target, *words[end:]]
        return miner_after_target(moved, names)   # the next "with miner" of the post, if any
    return words


# --- Lists, counts, exceptions and asides around the actions (TrackTroubleNotation.reword) ------

def plural_range(words: list[Word], names: frozenset[str]) -> list[Word]:
    """"miners 1 to 3 on T1": after the plural, "to" between two numbers, the first below the
    last, and an action right after, is a range of miners (TT-3), read as "miners 1 and 2 and 3
    on T1" (plural_joined). Without the plural "1 to 3" may be miner 1 to track 3: not read."""
    for index in range(len(words) - 4):
        plural, first, to, last = words[index:index + 4]
        if plural.text.casefold() in PLURAL_MINER_WORDS and first.text in MINER_NUMBERS and to.text.casefold() == "to" \
                and last.text in MINER_NUMBERS and int(first.text) < int(last.text) \
                and not any(w.trail for w in (plural, first, to, last)) and action_after(words, index + 4, names):
            numbers = list(range(int(first.text), int(last.text) + 1))
            return [*words[:index + 1], *joined(said_as(words, index + 1, 3, ""), numbers), *words[index + 4:]]
    return words


def plural_list(words: list[Word], names: frozenset[str]) -> list[Word]:
    """"Miners 1, 2, 3 board T1": the plural before a comma list says the miners share the action
    after it (PLURAL_MINER_WORDS), read as each miner's action: "1 board T1, 2 board T1, 3 board T1"
    ("miners 1, 2 and 3 go in T1" too: the joiner parts the last as the commas do)."""
    for index in range(len(words)):
        numbers = list_after_plural(words, index)
        action = action_after(words, numbers[-1] + 1, names) if len(numbers) >= 2 else None
        if action is None:
            continue
        done = [*words[:index]]   # the plural is read: its miners are written out
        for number in numbers[:-1]:
            *said, last = words[action[0]:action[1]]
            done += [words[number]._replace(trail=""), *said, last._replace(trail=words[number].trail or ",")]
        return [*done, *words[numbers[-1]:]]
    return words


def ranged_in_order(words: list[Word], names: frozenset[str]) -> list[Word]:
    """"Miners 1 to 7: T2, T2, T1, ...": a range of miners before a colon, then exactly one action
    for each of them, comma-parted and closing the post, is each miner's action in order (TT-3)."""
    for index in range(len(words) - 4):
        first, between, last = words[index + 1:index + 4]
        if words[index].text.casefold() not in PLURAL_MINER_WORDS or words[index].trail.strip() \
                or not first.text.isdecimal() or not last.text.isdecimal() or first.trail.strip() \
                or between.text.casefold() not in ("to", *RANGE_WORDS) or between.trail.strip() \
                or last.trail.strip() != ":" or int(last.text) <= int(first.text):
            continue
        actions: list[tuple[int, int]] = []
        at = index + 4
        while at < len(words):
            action = action_after(words, at, names)
            if action is None or action[0] != at or words[action[1] - 1].trail.strip() not in ("", ",", "."):
                return words
            actions.append(action)
            at = action[1]
            if action[1] < len(words) and words[action[1] - 1].trail.strip() != ",":
                return words   # something more after the list: read as it is
        if len(actions) != int(last.text) - int(first.text) + 1:
            return words
        done = [*words[:index]]
        for miner, (start, end) in zip(range(int(first.text), int(last.text) + 1), actions, strict=True):
            done += [words[start]._replace(text=str(miner), trail=""), *words[start:end]]
        return done
    return words


def joined_shared(words: list[Word], names: frozenset[str]) -> list[Word]:
    """"2 and 3 T3, + remote purple": numbers joined by "and" at a clause's start share the action
    after them, which ends the clause (TT-3), written out as each miner's action ("2 T3, 3 T3") so that the clauses after
    it join the move as they do after single miners."""
    for index in range(len(words)):
        if not words[index].text.isdecimal() or index and (not words[index - 1].trail.strip()
                                                           or words[index - 1].text.isdecimal()):
            continue   # "1, 2 and 3 rest": a comma list, read as it is
        at = index
        while last_joined(words, at):
            at += 2
        action = action_after(words, at + 1, names) if at > index and not words[at].trail.strip() else None
        if action is None or action[1] < len(words) and not words[action[1] - 1].trail.strip():
            continue   # "2 and 3 T3 and 5 T1": the clause after is not parted from it
        done = [*words[:index]]
        for number in range(index, at, 2):
            *said, last = words[action[0]:action[1]]
            done += [words[number]._replace(trail=""), *said, last._replace(trail=",")]
        return [*done, *words[at:]]
    return words


def plural_joined(words: list[Word], names: frozenset[str]) -> list[Word]:
    """"miners 1 and 2 and 3 ride T2" (a range "miners 1-3" is written so): the plural before numbers
    joined by "and" says nothing more than the numbers, which share the action after them (TT-3)."""
    for index in range(len(words) - 3):
        at = index + 1
        while at + 2 < len(words) and words[at].text.isdecimal() and words[at + 1].text.casefold() in JOINERS \
                and words[at + 2].text.isdecimal() and not words[at].trail and not words[at + 1].trail:
            at += 2
        if words[index].text.casefold() in PLURAL_MINER_WORDS and not words[index].trail and at > index + 1 \
                and not words[at].trail.strip(" :") and action_after(words, at + 1, names) is not None:
            return [*words[:index], *words[index + 1:]]
    return words


def carts_boarded(words: list[Word], tracks: frozenset[str]) -> list[Word]:
    """"board the minecarts on T3" as `board T3`: the minecarts (BOARDED_CARTS) and the word of going
    after them say nothing more between "board" and a track's name (TT-3)."""
    for index, word in enumerate(words):
        if word.text != "board" or word.trail:
            continue
        size = next((len(said) for said in sorted(BOARDED_CARTS, key=len, reverse=True)
                     if tuple(w.text.casefold() for w in words[index + 1:index + 1 + len(said)]) == said), 0)
        at = index + 1 + size
        if size and at + 1 < len(words) and words[at].text.casefold() in GOING and words[at + 1].text.casefold() in tracks \
                and not any(w.trail.strip() for w in words[index + 1:at + 1]):
            return carts_boarded([*words[:index + 1], *words[at + 1:]], tracks)
    return words


def courtesy_dropped(words: list[Word], ends: frozenset[str]) -> list[Word]:
    """"1 and 2 board T1 please, 3 flips purple": a word of courtesy (COURTESY) right after a finished
    action (its track, switch, `train`) that ends a clause is read as not there, its punctuation kept."""
    out: list[Word] = []
    for word in words:
        if word.text.casefold() in COURTESY and out and out[-1].text.casefold() in ends and not out[-1].trail \
                and word.trail.strip():
            out[-1] = out[-1]._replace(trail=word.trail)
            continue
        out.append(word)
    return out


def action_after(words: list[Word], index: int, names: frozenset[str]) -> tuple[int, int] | None:
    """Where the action a miner's number is followed by stands (past GOING): `board T1`, `switch
    purple`, `T1`, `train`, `rest`; None when no action follows."""
    while index < len(words) and words[index].text.casefold() in (*GOING, *ARTICLES) and not words[index].trail:
        index += 1
    said = [w.text.casefold() for w in words[index:index + 2]]
    one_phrase = len(said) == 2 and words[index].start == words[index + 1].start   # "flips purple"
    if len(said) == 2 and said[0] in ACTION_HEADS and (one_phrase or not words[index].trail):
        return index, index + 2
    if said and (said[0] in names or said[0] in ACTIONS_ALONE):
        return index, index + 1
    return None


def list_after_plural(words: list[Word], index: int) -> list[int]:
    """The positions of the numbers of a comma list right after a plural at `index` ("miners 1,
    2, 3 board", "Miners 6, 7: nothing", "miners 2, 3 and 4 board": the last may follow a joiner),
    the last closed by no punctuation or a colon; [] when there is none such."""
    if words[index].text.casefold() not in PLURAL_MINER_WORDS or words[index].trail:
        return []
    at: list[int] = []
    position = index + 1
    while position < len(words) and words[position].text.isdecimal():
        at.append(position)
        if words[position].trail.strip() == ",":
            position += 1
        elif len(at) >= 2 and last_joined(words, position):
            at.append(position + 2)   # "2, 3 and 4": the joiner says nothing more than the comma
            break
        else:
            break
    closed = bool(at) and words[at[-1]].trail.strip() in ("", ":") and at[-1] + 1 < len(words) \
        and not words[at[-1] + 1].text.isdecimal() and words[at[-1] + 1].text.casefold() not in JOINERS
    joined = len(at) >= 3 and at[-1] == at[-2] + 2
    commas = at[:-2] if joined else at[:-1]
    return at if closed and all(words[i].trail.strip() == "," for i in commas) else []


def last_joined(words: list[Word], index: int) -> bool:
    """Is the number at `index`, with nothing after it, followed by a joiner and one last number
    ("3 and 4"), the joiner also with nothing after it?"""
    return index + 2 < len(words) and not words[index].trail.strip() and not words[index + 1].trail.strip() \
        and words[index + 1].text.casefold() in JOINERS and words[index + 2].text.isdecimal()


def every_counted(words: list[Word], acting: list[int], others: list[list[int]]) -> list[Word]:
    """"all seven on T1": every miner that can act (`acting`), when the count is their number,
    read as the plural list "miners 1, 2, ..., 7 on T1"; another count, or one that is also the number of `others`,
    another set of miners a player may mean (the seven of TT-2 when miner 1 crossed and miner 8
    acts), is refused: which miners?"""
    counts = post_words().counts
    out: list[Word] = []
    index = 0
    while index < len(words):
        said = [w.text.casefold() for w in words[index:index + 2]]
        if len(said) < 2 or said[0] not in EVERY_COUNTED or words[index].trail or \
                not (said[1].isdecimal() or said[1] in counts):
            out.append(words[index])
            index += 1
            continue
        count = int(said[1]) if said[1].isdecimal() else counts[said[1]]
        taken = 2 + count_tail(words, index + 2) if not words[index + 1].trail else 2
        span = said_as(words, index, taken, "", None)
        if count != len(acting) or not acting or any(len(other) == count and other != acting for other in others):
            out.append(span._replace(text=str(count), problem=f"names {count} miners, but {len(acting)} can act "
                                                              f"now (TT-2, TT-3); give their numbers."))
        else:   # as the plural list "miners 1, 2, 3" writes them (plural_list)
            out.append(span._replace(text=PLURAL_MINER_WORDS[0], trail=""))
            out.extend(span._replace(text=str(miner), trail="," if at < len(acting) - 1 else span.trail)
                       for at, miner in enumerate(acting))
        index += taken
    return out


def count_restated(words: list[Word], acting: list[int]) -> list[Word]:
    """"everyone T2 (all 7)", "everyone on T1. all seven.": a count of every miner that can act
    (EVERY_COUNTED, as every_counted reads it) said as a clause of its own after every miner is
    named (EVERY_ACTING) says them again: read as `-`, glue. Another count is left for
    every_counted to refuse (which miners?)."""
    counts = post_words().counts
    every = next((index for index in range(len(words)) for said in EVERY_ACTING
                  if tuple(w.text.casefold() for w in words[index:index + len(said)]) == said), None)
    if every is None or not acting:
        return words
    out = list(words)
    for index in range(len(words) - 1, every + 1, -1):
        said = [w.text.casefold() for w in words[index:index + 2]]
        if len(said) < 2 or said[0] not in EVERY_COUNTED or words[index].trail or not words[index - 1].trail.strip(" ") \
                or not (said[1].isdecimal() or said[1] in counts) or not words[index + 1].trail.strip(" ") \
                and index + 2 < len(words) or words[index + 1].stop == "?":
            continue   # "everyone T3. all seven?" asks
        if (int(said[1]) if said[1].isdecimal() else counts[said[1]]) == len(acting):
            out[index:index + 2] = [said_as(words, index, 2, "-")]
    return out


# Miners named by their place in the line-up with a count (TT-2: miners are numbered): "first three
# miners to T1, the other four to T2". The first words name miners 1 to N, the second ones every
# acting miner the first did not name.
FIRST_COUNTED = ("first",)
OTHERS_COUNTED = (("the", "other"), ("other",), ("the", "remaining"), ("remaining",), ("the", "last"), ("last",))


def counted_span(words: list[Word], index: int, heads: tuple[tuple[str, ...], ...]) -> tuple[int, int]:
    """(words taken, the count) of a head of `heads`, a count ("three", "3") and an optional
    "miners" at `index`, with no punctuation inside; (0, 0) when there is none."""
    counts = post_words().counts
    for head in sorted(heads, key=len, reverse=True):
        end = index + len(head)
        if tuple(w.text.casefold() for w in words[index:end]) != head or end >= len(words) \
                or any(w.trail.strip() for w in words[index:end]):
            continue
        said = words[end].text.casefold()
        count = int(said) if said.isdecimal() else counts.get(said, 0)
        if count < 2:
            return 0, 0
        taken = len(head) + 1 + (end + 1 < len(words) and not words[end].trail.strip()
                                 and words[end + 1].text.casefold() in MINER_WORDS)
        return taken, count
    return 0, 0


def first_counted(words: list[Word], acting: list[int]) -> list[Word]:
    """"first three miners to T1, the other four to T2" as the plural lists "miners 1, 2, 3 to T1,
    miners 4, 5, 6, 7 to T2" (plural_list reads them): the first N are miners 1 to N while they all
    act (TT-2), the others every acting miner but those, when their count says so; otherwise, or
    when the post names a miner's number too, unchanged (which miners?)."""
    spans: list[tuple[int, int, list[int]]] = []
    named: list[int] = []
    for index in range(len(words)):
        if index and not words[index - 1].trail.strip(" "):
            continue
        taken, count = counted_span(words, index, (FIRST_COUNTED,))
        if taken and not named and acting[:count] == list(range(1, count + 1)):
            named = acting[:count]
            spans.append((index, taken, named))
            continue
        taken, count = counted_span(words, index, OTHERS_COUNTED)
        if taken and named and len(acting) - len(named) == count and len(spans) == 1:
            spans.append((index, taken, acting[len(named):]))
    if not spans or any(w.text.isdecimal() for at, w in enumerate(words)
                        if not any(index <= at < index + taken for index, taken, _ in spans)):
        return words
    for index, taken, miners in reversed(spans):
        span = said_as(words, index, taken, "", None)
        words = [*words[:index], span._replace(text=PLURAL_MINER_WORDS[0], trail=""),
                 *(span._replace(text=str(miner), trail="," if at < len(miners) - 1 else span.trail)
                   for at, miner in enumerate(miners)), *words[index + taken:]]
    return words


def rest_listed(words: list[Word]) -> list[Word]:
    """"8 goes T2, the rest: 1 T2, 2 T3": the rest (OTHERS_ACTING) said with a colon, right before a
    miner's number, introduces the list of their actions and says nothing more (TT-3: each listed
    miner acts as said after it): the words are dropped, the punctuation before them kept. Only
    after a part of the move: alone ("the rest: 1 T2") it is the rest of what?"""
    out: list[Word] = []
    index = 0
    while index < len(words):
        size = next((len(said) for said in sorted(OTHERS_ACTING, key=len, reverse=True)
                     if tuple(w.text.casefold() for w in words[index:index + len(said)]) == said), 0)
        end = index + size
        if size and index and words[index - 1].trail.strip(" ") and words[end - 1].trail.strip() == ":" \
                and not any(w.trail.strip() for w in words[index:end - 1]) and end < len(words) and words[end].text.isdecimal():
            index = end
            continue
        out.append(words[index])
        index += 1
    return out


def every_named(words: list[Word], acting: list[int], tracks: frozenset[str],
                switches: frozenset[str] = frozenset()) -> list[Word]:
    """"everyone T1", "all on T2 except 7 who hits the switch", "all flip purple" (EVERY_ACTING) as the plural list
    "miners 1, ..., 7 T1" every_counted writes, less the miners excepted, who act as said after
    them (TT-3); unchanged when the post names another miner's number."""
    for index in range(len(words)):
        size = next((len(said) for said in sorted(EVERY_ACTING, key=len, reverse=True)
                     if tuple(w.text.casefold() for w in words[index:index + len(said)]) == said), 0)
        if not size or any(w.trail.strip() for w in words[index:index + size - 1]) or \
                index and not words[index - 1].trail.strip() or words[index + size - 1].trail.strip():
            continue
        track = index + size
        while track < len(words) and words[track].text.casefold() in (*GOING, "board") and not words[track].trail.strip():
            track += 1   # "everybody goes to T2": "goes to T2" is `board T2` already
        if track + 1 < len(words) and words[track].text == SWITCH_WORDS[0] and not words[track].trail.strip() \
                and words[track + 1].text.casefold() in switches:
            track += 1   # "all of them flip the switch": `switch purple` is the action they share
        elif track >= len(words) or words[track].text.casefold() not in tracks:
            continue
        kept, after = exception_after(words, track)
        excepted = [int(words[at].text) for at in kept if words[at].text.isdecimal()]
        numbers = [w for at, w in enumerate(words) if w.text.isdecimal() and at not in kept]
        if not acting or numbers or not set(excepted) <= set(acting) or len(excepted) == len(acting) \
                or not kept and after < len(words) and (words[after].text.casefold(),) in post_words().exceptions:
            return words   # "everyone T2 except ..." with no miner after: who?
        named = [miner for miner in acting if miner not in excepted]
        span = said_as(words, index, size, "", None)
        listed = [span._replace(text=PLURAL_MINER_WORDS[0], trail=""),
                  *(span._replace(text=str(miner), trail="," if at < len(named) - 1 else "") for at, miner in enumerate(named))]
        if not kept:
            return [*words[:index], *listed, *words[index + size:]]
        alone = after >= len(words) or words[kept[-1]].trail.strip() and words[after - 1] is words[kept[-1]]
        resting = [words[kept[-1]]._replace(text="rest")] if alone else []   # "all on T2 except 7": 7 does nothing
        return [*words[:index], *listed, *words[index + size:track], words[track]._replace(trail=words[track].trail or ","),
                *(words[at] for at in kept), *resting, *words[after:]]
    return words


def others_named(words: list[Word], acting: list[int], names: frozenset[str]) -> list[Word]:
    """"1 T2, the rest T1" (OTHERS_ACTING at a clause's start, before an action other than resting)
    as the plural list "miners 2, ..., 7 T1" of the miners that can act and the post names not;
    unchanged when said twice, when a miner is named after it ("the rest T1, 4 T3": a correction?),
    or when a number of the post is no miner that can act."""
    found = []
    for index in range(len(words)):
        size = next((len(said) for said in sorted(OTHERS_ACTING, key=len, reverse=True)
                     if tuple(w.text.casefold() for w in words[index:index + len(said)]) == said), 0)
        action = action_after(words, index + size, names) if size else None
        if action and words[action[0]].text.casefold() not in ACTIONS_ALONE[1:] and \
                (not index or words[index - 1].trail.strip() or words[index - 1].text.casefold() == JOINERS[0]) \
                and not any(w.trail.strip() for w in words[index:index + size]):   # "1 T1 and everyone else T2"
            found.append((index, size))
    numbers = [int(w.text) for w in words if w.text.isdecimal()]
    after = [w for w in words[found[0][0]:] if w.text.isdecimal()] if found else []
    if len(found) != 1 or not numbers or after or not set(numbers) <= set(acting) or \
            any(w.text.casefold() in ITEM_KEYWORDS["hidden-value"] for w in words):
        return words
    (index, size), = found
    named = [miner for miner in acting if miner not in numbers]
    if not named:
        return words
    span = said_as(words, index, size, "", None)
    listed = [span._replace(text=PLURAL_MINER_WORDS[0], trail=""),
              *(span._replace(text=str(miner), trail="," if at < len(named) - 1 else "") for at, miner in enumerate(named))]
    return [*words[:index], *listed, *words[index + size:]]


def parity_named(words: list[Word], acting: list[int], names: frozenset[str]) -> list[Word]:
    """"odd miners T1, even miners T3" (PARITY_NAMES, "the" before it said nothing more) as the plural
    lists "miners 1, 3, 5, 7 T1, miners 2, 4, 6 T3" of the miners that can act; only before an action."""
    out: list[Word] = []
    index = 0
    while index < len(words):
        start = index + (1 if words[index].text.casefold() in ARTICLES and not words[index].trail else 0)
        size = next((len(said) for said in sorted(PARITY_NAMES, key=len, reverse=True)
                     if tuple(w.text.casefold() for w in words[start:start + len(said)]) == said), 0)
        said = tuple(w.text.casefold() for w in words[start:start + size])
        named = [miner for miner in acting if size and miner % 2 == PARITY_NAMES[said]]
        if not size or len(named) < 2 or any(w.trail.strip() for w in words[index:start + size - 1]) \
                or action_after(words, start + size, names) is None:
            out.append(words[index])
            index += 1
            continue
        span = said_as(words, index, start + size - index, "", None)
        out += [span._replace(text=PLURAL_MINER_WORDS[0], trail=""),
                *(span._replace(text=str(miner), trail="," if at < len(named) - 1 else span.trail)
                  for at, miner in enumerate(named))]
        index = start + size
    return out


def exception_after(words: list[Word], track: int) -> tuple[list[int], int]:
    """The indices of the miners (numbers, miner words, joiners) excepted right after the track at
    `track` ("except 7 who ..."), and where the clause they act in goes on (past the relative)."""
    exceptions = post_words().exceptions
    start = track + 1
    size = next((len(e) for e in sorted(exceptions, key=len, reverse=True)
                 if tuple(w.text.casefold() for w in words[start:start + len(e)]) == e), 0)
    if not size or words[track].trail.strip(" ,"):
        return [], start
    at = start + size
    kept: list[int] = []
    while at < len(words) and (words[at].text.isdecimal() or words[at].text.casefold() in (*MINER_WORDS, *JOINERS)):
        kept.append(at)
        at += 1
        if words[at - 1].trail.strip():
            break   # "except 7, who ...", "except 7. 3 flips purple"
    if not any(words[i].text.isdecimal() for i in kept):
        return [], start
    return kept, at + (1 if at < len(words) and words[at].text.casefold() in RELATIVES else 0)


def count_tail(words: list[Word], index: int) -> int:
    """How many words from `index` say the counted miners again ("of them"): 0 if none."""
    for tail in COUNT_TAILS:
        size = len(tail.split())
        if " ".join(w.text.casefold() for w in words[index:index + size]) == tail:
            return size
    return 0


# The items the rest may be said to stay beside, with no miner named: "extra miner for now, nobody
# else moves" (rest_apart).
REST_BESIDE = ("extra-miner", "remote")


def rest_apart(words: list[Word]) -> list[Word]:
    """"3 T1 i guess. rest nothing", "extra miner for now, nobody else moves": the rest said to
    stay (`others-rest`) as a clause of its own adds no action, and is read as `-` wherever the
    move stands, past chatter (TT-3: a miner not named takes no action). Only beside a miner's
    number or an item (REST_BESIDE): alone it names no move; asked ("the rest stay?") it asks
    about the move; beside a Hidden Value (a move of its own, TT-7) it stays and is refused."""
    if any(word.text == "hidden" for word in words) or \
            not any(word.text.isdecimal() or word.text in REST_BESIDE for word in words):
        return words
    return [word._replace(text="-") if word.text == OTHERS_REST and (not index or words[index - 1].trail.strip(" "))
            and (word.trail.strip(" ") or index == len(words) - 1) and word.stop != "?" else word
            for index, word in enumerate(words)]


def except_named(words: list[Word]) -> list[Word]:
    """"everyone rests except miner 3 who takes T1": every miner resting but those named, who act
    as said, is those miners' actions alone (TT-3: the others take none)."""
    exceptions = post_words().exceptions
    for index, word in enumerate(words):
        if word.text not in ("rest", OTHERS_REST) or word.said.casefold() in STAYING or word.trail:
            continue
        size = next((len(e) for e in sorted(exceptions, key=len, reverse=True)
                     if tuple(w.text.casefold() for w in words[index + 1:index + 1 + len(e)]) == e), 0)
        start = index + 1 + size
        end = start
        while end < len(words) and (words[end].text.isdecimal() or words[end].text.casefold() in
                                    (*MINER_WORDS, *JOINERS)) and not words[end - 1].trail.strip(" "):
            end += 1
        if not size or not any(w.text.isdecimal() for w in words[start:end]):
            continue
        relative = 1 if end < len(words) and words[end].text.casefold() in RELATIVES else 0
        return [*words[:index], *words[start:end], *words[end + relative:]]
    return words


def nothing_now(words: list[Word], s: TTState) -> list[Word]:
    """"nothing this crossing" (either order) as the current round and crossing written before
    `rest` (every miner rests): the crossing's empty submission, even with chatter beside it
    ("..., waiting"); beside a miner's action ("nothing this crossing, 1 T1") it contradicts."""
    for index in range(len(words) - 1):
        pair = words[index:index + 2]
        said = [w.said.casefold() if w.text == "-" else w.text.casefold() for w in pair]
        if pair[0].trail.strip(" ") and pair[0].trail.strip(" ") != ":":
            continue
        if said[0] in NOTHING_WORDS and said[1] in THIS_CROSSING or said[0] in THIS_CROSSING and said[1] in NOTHING_WORDS:
            if any(w.problem for w in pair):
                return words
            span = said_as(words, index, 2, "rest")   # every miner: a miner given an action beside it is refused
            turn = [span._replace(text=f"r{s.round}", trail=""), span._replace(text=f"c{s.crossing}", trail="")]
            return [*words[:index], *turn, span, *words[index + 2:]]
    return words


# No action said for one miner, named after it (TT-3: a miner given no action does nothing): "(no
# action for the new guy)", "nothing for miner 5" as that miner resting, not as a pass.
NO_ACTION_FOR = (("no", "action", "for"), ("no", "actions", "for"), ("no", "move", "for"), ("nothing", "for"))


def no_action_for(words: list[Word]) -> list[Word]:
    """"no action for the new guy", "nothing for miner 5" (NO_ACTION_FOR, then a miner's number or
    the extra miner's name, EXTRA_MINER_NAMES, closing the clause) as "the new guy rest": that
    miner rests (TT-3). Elsewhere unchanged ("nothing for me", a pass, is passing_said's)."""
    for index in range(len(words)):
        size = next((len(said) for said in NO_ACTION_FOR
                     if tuple(w.text.casefold() for w in words[index:index + len(said)]) == said), 0)
        if not size or any(w.trail.strip() for w in words[index:index + size]):
            continue
        at = index + size + (index + size < len(words) and words[index + size].text.casefold() in MINER_WORDS)
        named = 1 if at < len(words) and words[at].text.isdecimal() else extra_name_at(words, at) if at < len(words) else 0
        end = at + named
        if not named or any(w.trail.strip() for w in words[at:end - 1]) or end < len(words) and not words[end - 1].trail.strip():
            continue
        rest = words[end - 1]._replace(text="rest")
        return [*words[:index], *(w._replace(trail="") for w in words[at:end]), rest, *words[end:]]
    return words


def passing_said(words: list[Word], s: TTState, material: frozenset[str]) -> list[Word]:
    """"no moves for me this time, pass" (PASSING) as the crossing's empty submission, `r1 c1
    rest` as nothing_now writes it, when no other word of the post is move material (`material`:
    the layouts' names and KEYWORDS; or a number) and none says the player is unsure (PASSING_UNSURE).
    A second pass phrase says it again (`-`)."""
    quoted = {at for first, last in quoted_spans(words, QUOTED) for at in range(first, last)}   # someone's earlier post
    said = ["" if at in quoted else w.said.casefold() for at, w in enumerate(words)]
    if any(w.text.isdecimal() or w.text.casefold() in material and not passing_at(words, at)
           for at, w in enumerate(words) if at not in quoted):
        return passing_beside_a_move(words, s)
    if any(phrase(unsure) == tuple(said[at:at + len(phrase(unsure))]) for unsure in PASSING_UNSURE
           for at in range(len(said))):
        return words
    out: list[Word] = []
    index = 0
    while index < len(words):
        size = 0 if index in quoted else passing_at(words, index)
        if not size:
            out.append(words[index])
            index += 1
            continue
        span = said_as(words, index, size, "rest")
        first = not any(w.text == "rest" for w in out)
        out += passed(span, s) if first else [span._replace(text="-")]
        index += size
    return out


def passing_beside_a_move(words: list[Word], s: TTState) -> list[Word]:
    """A pass (PASSING; not a skip, which declines what follows it: "skipping the extra miner")
    beside move material: "pass, 1 T2" contradicts the move, so it is `rest` (every miner rests,
    refused beside an action, TT-3); "pass on the extra miner, 1 T2" declines what follows, as the
    negation NEGATION_SAID (the reader declines an item after it)."""
    out: list[Word] = []
    index = 0
    while index < len(words):
        size = passing_at(words, index, on=True)
        if not size or words[index].said.casefold().startswith(PASSING_DECLINES) or words[index].text == "rest":
            out.append(words[index])
            index += max(size, 1)
            continue
        on = index + size < len(words) and words[index + size].text.casefold() in PASSING_NOT_BEFORE \
            and not words[index + size - 1].trail.strip()
        if on:
            out.append(said_as(words, index, size + on, NEGATION_SAID))
        else:   # the crossing's empty submission, as passing_said reads it: a second move beside the one named
            out += passed(said_as(words, index, size, "rest"), s)
        index += size + on
    return out


def passed(span: Word, s: TTState) -> list[Word]:
    """A pass (`span`, read as `rest`) as the crossing's empty submission, `r1 c1 rest` (nothing_now)."""
    return [span._replace(text=f"r{s.round}", trail=""), span._replace(text=f"c{s.crossing}", trail=""), span]


def passing_at(words: list[Word], index: int, on: bool = False) -> int:
    """How many words from `index` pass in words (PASSING, PASSING_CLAUSE): 0 when none do. A
    pass before "on" counts only when `on` ("pass on the extra miner" declines it); none right after
    a negation ("no nothing this time, 1 T2": the reader declines it)."""
    if index > 0 and not words[index - 1].trail.strip() \
            and post_words().hedges.get((words[index - 1].text.casefold(),)) == "negations":
        return 0
    opens = index == 0 or bool(words[index - 1].trail.strip(" :"))   # not "Miner 6: nothing" (nothing_for_miner)
    for size in (4, 3, 2, 1):
        span = words[index:index + size]
        if len(span) < size or any(w.trail.strip(" ") for w in span[:-1]):
            continue
        said = " ".join(w.said.casefold() for w in span)
        last = index + size == len(words) or bool(span[-1].trail.strip(" "))
        after = words[index + size].text.casefold() if index + size < len(words) else ""
        joined = not span[-1].trail.strip(" ")
        if said in PASSING and not (after in PASSING_OBJECTS and joined) \
                and (on or not (after in PASSING_NOT_BEFORE and joined)):
            return size
        if said in PASSING_CLAUSE and opens and last:
            return size
    return 0


def quoted_turn(words: list[Word], s: TTState, quoted: str, names: frozenset[str]) -> list[Word]:
    """A quoted line (`> Round 1 crossing 1, submit now`) naming the current round (and crossing)
    and nothing else of a move restates the turn the reply is for: its round words are read as
    `-`, not as a second move. A quoted move (`> r1 c1: nothing`) stays a move."""
    out = list(words)
    for first, last in quoted_spans(out, quoted):
        at = next((i for i in range(first, last) if turn_words(out, i, s)), None)
        if at is None:
            continue
        size = turn_words(out, at, s)
        rest = [w.text.casefold() for w in (*out[first:at], *out[at + size:last])]
        timed = {at for at, word in enumerate(rest[:-1]) if word.isdecimal() and rest[at + 1] in TIME_UNITS}
        if not any(word.isdecimal() and at not in timed or word in names or word in KEYWORDS or word in NO_ACTION
                   for at, word in enumerate(rest)):
            out[at:at + size] = [said_as(out, at, size, "-")]
            return out
    return out


def crossing_header(words: list[Word], s: TTState) -> list[Word]:
    """"Submission for crossing 1:" (CROSSING_WORDS, the current crossing's number, a colon) as `-`:
    the submission after it is for the current crossing, as every one is (TT-3)."""
    for index in range(len(words) - 1):
        word, number = words[index], words[index + 1]
        if word.text.casefold() in CROSSING_WORDS and not word.trail and number.text == str(s.crossing) \
                and number.trail.strip().startswith(":"):
            return [*words[:index], said_as(words, index, 2, "-"), *words[index + 2:]]
    return words


def turn_for(words: list[Word], s: TTState) -> list[Word]:
    """"For round 1 crossing 1 I'd like 1 and 2 to board T1" as "- I'd like ...": "for" (TURN_FOR)
    and the current round and crossing (turn_words) say nothing more (TT-3); another round's
    stays and is refused."""
    for index, word in enumerate(words):
        size = turn_words(words, index + 1, s) if word.text.casefold() in TURN_FOR and not word.trail.strip() else 0
        if size:
            return [*words[:index], said_as(words, index, size + 1, "-"), *words[index + size + 1:]]
    return words


def future_dropped(words: list[Word], names: frozenset[str]) -> list[Word]:
    """"3 will take T2", "4 through 7 will do nothing": "will" (FUTURE) right after a miner's
    number and right before its action says nothing more (TT-3)."""
    return [word for index, word in enumerate(words)
            if not (word.text.casefold() in FUTURE and index and words[index - 1].text.isdecimal()
                    and not words[index - 1].trail and not word.trail and action_after(words, index + 1, names))]


def and_after_clause(words: list[Word], ends: frozenset[str]) -> list[Word]:
    """"1 and 2 board T1, and 3 flips purple": "and" after a comma that closes an action (its
    track, switch or `train`) and before the next miner's number says nothing more than the comma (TT-3)."""
    return [word for index, word in enumerate(words)
            if not (word.text.casefold() in JOINERS and not word.trail and 0 < index < len(words) - 1
                    and words[index - 1].comma and words[index - 1].text.casefold() in ends
                    and words[index + 1].text.isdecimal())]


def quoted_spans(words: list[Word], quoted: str) -> list[tuple[int, int]]:
    """(first, past the last) word of each quoted line (`> …`, opened by `quoted`)."""
    spans = []
    start = None
    for index, word in enumerate(words):
        if start is None and word.text == quoted:
            start = index
        if start is not None and ("\n" in word.trail or index == len(words) - 1):
            spans.append((start, index + 1))
            start = None
    return spans


def turn_words(words: list[Word], index: int, s: TTState) -> int:
    """How many words from `index` name the current round, with the current crossing or none
    ("round 1 crossing 1", "r1 c1", "round 1"): 0 when they name none or another."""
    for size in (4, 3, 2, 1):
        span = words[index:index + size]
        if len(span) < size or any(w.trail.strip(" ,") for w in span[:-1]):
            continue
        said = " ".join(w.text for w in span)
        turn = _PREFIX.fullmatch(said + " ")
        if turn and turn.group(1) and int(turn.group(1)) == s.round and \
                (turn.group(2) is None or int(turn.group(2)) == s.crossing):
            return size
    return 0


def picture_between(words: list[Word], ends: frozenset[str], picture: str, quoted: str) -> list[Word]:
    """A picture ending an action's clause before the next miner ("2 → purple switch ⚙️, miner 3
    T2"; a line "1 T2 🚃" before "2 T3") is that clause's: each miner's action is a part of
    its own (TT-3), so the picture does not part the submission. Not the picture closing a
    quoted line: a quote is someone's earlier post, never part of the reply."""
    inside = {i for first, last in quoted_spans(words, quoted) for i in range(first, last)}
    out: list[Word] = []
    for index, word in enumerate(words):
        after = words[index + 1].text.casefold() if index + 1 < len(words) else ""
        if word.text == picture and index not in inside and out and out[-1].text.casefold() in ends \
                and not out[-1].trail and any(mark in word.trail for mark in ",;\n") \
                and (after.isdecimal() or after in MINER_WORDS):
            out[-1] = out[-1]._replace(trail=word.trail)
            continue
        out.append(word)
    return out

# --- Lists, ranges, arrows and names said loosely (TrackTroubleNotation.reword) ----------------

_RANGE = re.compile(r"^(\d)[-–](\d)$")
_TIGHT_LIST = re.compile(r"^\d(?:[,&+]\d)+$")   # "1,2,3", "1&2", "3+4": a list typed as one word
_ARROW = re.compile("|".join(re.escape(arrow) for arrow in ARROWS))
_EQUALS = re.compile(r"^([A-Za-z]+\d+)=(\d+)$")   # "N2=3", a destination's value typed as one word (TT-7)


def split_typed(words: list[Word]) -> list[Word]:
    """Words typed as one that are several: "1→T3" is "1 to T3" (ARROWS), "N2=3" is "N2 = 3", "1-3" the miners 1, 2
    and 3 (a range, first below last), "1,2,3" typed without a space the miners 1, 2 and 3 (a
    list written as one word has lost no action between its numbers)."""
    out: list[Word] = []
    for word in words:
        out.extend(split_word(word))
    return out


def split_word(word: Word) -> list[Word]:
    """One word as the words split_typed reads it (itself when it is one)."""
    text = word.text
    if _ARROW.search(text):
        parts = [part for piece in _ARROW.split(text) for part in (piece, "to")][:-1]
        parts = [part for part in parts if part]
        pieces = [piece for at, part in enumerate(parts)
                  for piece in split_word(word._replace(text=part, trail=word.trail if at == len(parts) - 1 else ""))]
        return pieces
    equals = _EQUALS.match(text)
    if equals:
        return [word._replace(text=equals.group(1), trail=""), word._replace(text="=", trail=""),
                word._replace(text=equals.group(2))]
    numbers: list[int] = []
    ranged = _RANGE.match(text)
    if ranged and int(ranged.group(1)) < int(ranged.group(2)):
        numbers = list(range(int(ranged.group(1)), int(ranged.group(2)) + 1))
    elif _TIGHT_LIST.match(text):
        numbers = [int(n) for n in re.split(r"[,&+]", text)]
    return joined(word, numbers) if numbers else [word]


def joined(word: Word, numbers: list[int]) -> list[Word]:
    """The miners `numbers` written as the notation joins one group: "1 and 2 and 3"."""
    out: list[Word] = []
    for at, number in enumerate(numbers):
        if at:
            out.append(word._replace(text=JOINERS[0], trail=""))
        out.append(word._replace(text=str(number), trail=word.trail if at == len(numbers) - 1 else ""))
    return out


def miner_number(word: Word) -> int | None:
    """The miner number a word writes, in digits or as a count ("three"); None when none."""
    text = word.text.casefold()
    if text.isdecimal():
        return int(text)
    count = post_words().counts.get(text) if text != "both" else None
    return count


def ranges_and_counts(words: list[Word]) -> list[Word]:
    """"three through five" (RANGE_WORDS) as the miners 3, 4 and 5; "1 and two" as "1 and 2": a
    count word joined to a miner's number is another miner's number."""
    out: list[Word] = []
    index = 0
    while index < len(words):
        span = words[index:index + 3]
        first, last = (miner_number(span[0]), miner_number(span[2])) if len(span) == 3 else (None, None)
        if first is not None and last is not None and span[1].text.casefold() in RANGE_WORDS and first < last \
                and not span[0].trail and not span[1].trail:
            out.extend(joined(said_as(words, index, 3, ""), list(range(first, last + 1))))
            index += 3
            continue
        word = words[index]
        number = miner_number(word)
        if number is not None and not word.text.isdecimal() and len(out) >= 2 and out[-1].text in JOINERS \
                and out[-2].text.isdecimal() and not out[-1].trail and out[-2].trail.strip() in ("", ","):
            word = word._replace(text=str(number))
        out.append(word)
        index += 1
    return out


def sharing_dropped(words: list[Word], names: frozenset[str]) -> list[Word]:
    """"4 5 6 7 all T3", "2 and 3 both T3" (LIST_SHARING) as "4 5 6 7 T3": the word says nothing
    more than the list before it, whose miners share the action after it (TT-3)."""
    for index, word in enumerate(words):
        count = LIST_SHARING.get(word.text.casefold())
        if count is None or word.trail.strip() or action_after(words, index + 1, names) is None:
            continue
        listed = miners_listed_before(words, index)
        if len(listed) >= 2 and count in (0, len(listed)):
            return sharing_dropped([*words[:index], *words[index + 1:]], names)
    return words


def miners_listed_before(words: list[Word], index: int) -> list[int]:
    """The miners' numbers of the list ending right before `index` ("4 5 6 7", "2 and 3", "1, 2,
    3"): numbers apart by spaces, commas or joiners, the last with nothing after it; [] if none."""
    if not index or not words[index - 1].text.isdecimal() or words[index - 1].trail.strip():
        return []
    numbers: list[int] = []
    at = index - 1
    while at >= 0 and (words[at].text.isdecimal() or words[at].text.casefold() in JOINERS) \
            and words[at].trail.strip() in ("", ","):
        if words[at].text.isdecimal():
            numbers.append(int(words[at].text))
        at -= 1
    return numbers[::-1]


def spaced_list(words: list[Word], names: frozenset[str] = frozenset()) -> list[Word]:
    """"1 2 and 3 board T2": numbers written one after another and closed by "and N" are an
    English list, as "1, 2 and 3" (miner_group); so are ones that open a clause and are closed by
    the action they share ("#1 #2 #4 ride T2", "/ 6 7 T2", TT-3). Else they stay apart ("1 T2 3 4 T1": which?)."""
    out = list(words)
    index = 0
    while index < len(out):
        end = index
        while end + 1 < len(out) and out[end].text.isdecimal() and out[end + 1].text.isdecimal() and not out[end].trail:
            end += 1
        closed = end > index and end + 2 < len(out) and out[end + 1].text in JOINERS and out[end + 2].text.isdecimal() \
            and not out[end].trail and not out[end + 1].trail
        opens = index == 0 or bool(out[index - 1].trail.strip()) or out[index - 1].text == "/"
        shared = end > index and opens and not out[end].trail.strip(" :") and action_after(out, end + 1, names) is not None
        if shared:   # as the notation reads one group: "1 and 2 T3"
            out[index:end + 1] = [w for at in range(index, end + 1) for w in
                                  ([out[at]] if at == end else [out[at], out[at]._replace(text=JOINERS[0])])]
            index += 2 * (end - index)
        elif closed:
            for at in range(index, end):
                out[at] = out[at]._replace(trail=",")
        index = end + 1
    return out


def and_after_action(words: list[Word], names: frozenset[str]) -> list[Word]:
    """"1 T1 and 2 3 T2": "and" between an action's name (`names`) and a spaced list of miners
    parts the clauses as a comma does (TT-3)."""
    out: list[Word] = []
    for index, word in enumerate(words):
        if word.text.casefold() == JOINERS[0] and not word.trail and out and out[-1].text.casefold() in names \
                and not out[-1].trail and index + 2 < len(words) and words[index + 1].text.isdecimal() \
                and words[index + 2].text.isdecimal():   # not "1 T1 and 2 and 3 T2": 2 on T1 too?
            out[-1] = out[-1]._replace(trail=",")
            continue
        out.append(word)
    return out


def ordinals_on(words: list[Word], free: set[int]) -> list[Word]:
    """"first miner to T2, second to T1": once a post names a miner by place ("first miner"), an
    ordinal opening a later clause is the next miner by place, as sure as miners_by_place is."""
    around = post_words()
    out: list[Word] = []
    placed = False
    for index, word in enumerate(words):
        said = word.said.casefold().split()
        if len(said) == 2 and said[1] in MINER_WORDS and around.ordinals.get(said[0]):
            placed = True
        place = around.ordinals.get(word.text.casefold(), 0)
        opens = index > 0 and any(mark in words[index - 1].trail for mark in ",;\n")
        if placed and place and opens and not (index + 1 < len(words) and words[index + 1].text.casefold() in MINER_WORDS):
            sure = set(range(1, place + 1)) <= free
            word = word._replace(text=str(place), problem=None if sure else
                                 "does not say which miner while some are benched or across; give its number.")
        out.append(word)
    return out

def switch_said(words: list[Word], switches: list[str]) -> list[Word]:
    """"3 hits the switch" is `3 switch purple` when the crossing's layout has one switch only
    (TT-1), and so is "8 takes the switch" (a boarding verb before it); "4 -> purple", a switch's
    name right after a miner (past GOING), is its activation: a switch is never boarded (TT-3)."""
    only = switches[0] if len(switches) == 1 else None
    names = {name.casefold() for name in switches}
    out: list[Word] = []
    index = 0
    while index < len(words):
        word = words[index]
        after = words[index + 1].text.casefold() if index + 1 < len(words) else ""
        before_word = words[index - 1].text.casefold() if index else ""
        if only and word.said.casefold() in (*SWITCH_WORDS, *LEVER_WORDS) and after not in names and before_word not in names:
            start = index   # the verb before it may be read already: "flips" is `switch`
            while out and (out[-1].text.casefold() in (*ARTICLES, *SWITCH_VERBS_BEFORE_A_NAME, *SWITCH_VERBS_BEFORE_THE_WORD) or
                           out[-1].text == "switch" and out[-1].said.casefold() in SWITCH_VERBS or
                           out[-1].text == "board" and out[-1].said.casefold() in BOARD_VERBS) and not out[-1].trail:
                out.pop()
                start -= 1
            out += [said_as(words, start, index + 1 - start, "switch")._replace(trail=""), word._replace(text=only)]
            index += 1
            continue
        before = len(out) - 1
        while before >= 0 and out[before].text.casefold() in GOING and not out[before].trail:
            before -= 1
        if word.text.casefold() in names and before >= 0 and out[before].text.isdecimal() and not out[before].trail:
            out.append(word._replace(text="switch", trail=""))
        out.append(word)
        index += 1
    return out


def hidden_spoken(words: list[Word], destinations: frozenset[str], printed: dict[str, int]) -> list[Word]:
    """Hidden Value Crossing (TT-7) said without its name, as `hidden DESTINATION [=] VALUE`:
    "set N2 to 3" (SETTING_VERBS), "N2 is worth 3" (DESTINATION_IS, a clause of its own), "value
    3 on N2" (VALUE_FIRST). `destinations` are every layout's (case-folded), `printed` the
    crossing's printed values by case-folded name."""
    for index, word in enumerate(words):
        said = word.text.casefold()
        after = words[index + 1].text.casefold() if index + 1 < len(words) else ""
        at = index + 1
        while at < len(words) and words[at].text.casefold() in SETTING_BETWEEN and not words[at - 1].trail:
            at += 1
        if said in SETTING_VERBS and not any(w.trail for w in words[index:at]) and at < len(words) \
                and words[at].text.casefold() in destinations:
            return [*words[:index], said_as(words, index, at - index, "hidden"), *words[at:]]
        if said in VALUE_FIRST and word.trail.strip(" ") in ("", ":"):   # "hidden value: 3 on N2"
            named = said == "hidden"   # Hidden Value named: its value is set, even the printed one
            found = value_first(words, index, destinations, {} if named else printed)
            if found:
                return found
        if said in destinations and after == "hidden" and not word.trail:   # "N2 hidden at 3": the notation's order
            return [*words[:index], words[index + 1], word, *words[index + 2:]]
        named = any(w.text == "hidden" for w in words[:index])   # "hidden value: N2 becomes 4" says it already
        if said in destinations and (index == 0 or words[index - 1].trail.strip()) and not named:
            found = destination_is(words, index, printed)
            if found:
                return found
    return words


def value_first(words: list[Word], index: int, destinations: frozenset[str], printed: dict[str, int]) -> list[Word] | None:
    """"value 3 on N2", "hidden value of 2 for N1" (from `index`, the word VALUE_FIRST) as
    `hidden N2 3`, and "value of N2: 3" as destination_is reads it; None when the words are not so."""
    at = index + 1
    if at < len(words) and words[at].text.casefold() in VALUE_OF and not words[at].trail:
        at += 1
    if at < len(words) and words[at].text.casefold() in destinations and not words[at - 1].trail.strip(" "):
        return destination_is(words, at, printed, index)   # "value of N2: 3", "value for N1 = 5"
    span = words[at:at + 3]
    if len(span) < 3 or not span[0].text.isdecimal() or span[1].text.casefold() not in VALUE_ON \
            or span[2].text.casefold() not in destinations or span[0].trail or span[1].trail:
        return None
    head = said_as(words, index, at - index, "hidden")._replace(trail="")
    return [*words[:index], head, span[2]._replace(trail=""), span[0]._replace(trail=span[2].trail), *words[at + 3:]]


def destination_is(words: list[Word], index: int, printed: dict[str, int], said_from: int = -1) -> list[Word] | None:
    """"N2 = 3", "N2 is worth 3", "N2: 3" after VALUE_FIRST (from `index`, the destination; the
    words said from `said_from` when it is earlier) ending its clause, as `hidden N2 3`; refused
    when 3 is N2's printed value (said of the board?); None when the words are not so."""
    start = index if said_from < 0 else said_from
    links = [*DESTINATION_IS, *(((),) if said_from >= 0 and words[index].trail.strip() == ":" else ())]
    for link in links:
        value = index + 1 + len(link)
        said = tuple(w.text.casefold() for w in words[index + 1:value])
        if said != link or value >= len(words) or not words[value].text.isdecimal() \
                or any(w.trail.strip() for w in words[index:value]) and link:
            continue
        if value + 1 < len(words) and not words[value].trail.strip() and words[value + 1].text != "-":
            return None   # "N2 is 3 points away": the clause goes on ("... this round" does not)
        number = int(words[value].text)
        same = printed.get(words[index].text.casefold()) == number
        head = said_as(words, start, index + 1 - start, "hidden", f"says {words[index].text}'s printed value, {number}: "
                                                  f"give `hidden {words[index].text} {number}` to set it (TT-7)."
                       if same else None)._replace(trail="")
        return [*words[:start], head, words[index]._replace(trail=""), *words[value:]]
    return None


# Words after an item's name that name it again (TT-7): "the hidden value thing", "the extra miner
# item" are the item. Only right after it, with nothing between.
ITEM_THING = ("thing", "item", "power", "powerup", "power-up", "ability")


# "I am" before using an item says what "I'm" does, glue to the reader (TT-7): "I am also using my
# Remote Switch on purple". Only right before these words.
I_AM = ("i", "am")
I_AM_BEFORE = ("using", "also", "activating", "deploying")


def i_am_dropped(words: list[Word]) -> list[Word]:
    """"I am also using my Remote Switch on purple" as "also using my Remote Switch on purple"
    (I_AM right before I_AM_BEFORE, nothing between); its first word's punctuation before it stays."""
    return [word for index, word in enumerate(words)
            if not (index + 2 < len(words) and tuple(w.text.casefold() for w in words[index:index + 2]) == I_AM
                    and not words[index].trail and not words[index + 1].trail
                    and words[index + 2].text.casefold() in I_AM_BEFORE)
            and not (index >= 1 and index + 1 < len(words)
                     and tuple(w.text.casefold() for w in words[index - 1:index + 1]) == I_AM
                     and not words[index - 1].trail and not word.trail and words[index + 1].text.casefold() in I_AM_BEFORE)]


def item_thing(words: list[Word]) -> list[Word]:
    """"I wanna use the hidden value thing. N2, value 2": a word after an item's name (ITEM_WORDS)
    that names it again (ITEM_THING) says nothing more; the item keeps its punctuation."""
    out: list[Word] = []
    for word in words:
        if out and word.text.casefold() in ITEM_THING and out[-1].text in ITEM_WORDS and not out[-1].trail:
            out[-1] = out[-1]._replace(said=f"{out[-1].said} {word.said}", trail=word.trail, end=word.end)
            continue
        out.append(word)
    return out


def wish_dropped(words: list[Word], destinations: frozenset[str]) -> list[Word]:
    """"I'd like N3 to be 4" as "N3 to be 4": a wish (WISHING) with nothing between it and a
    destination's name says nothing more (TT-7); its start keeps the punctuation before it."""
    out: list[Word] = []
    index = 0
    while index < len(words):
        size = next((len(wish) for wish in WISHING if tuple(w.text.casefold() for w in words[index:index + len(wish)]) == wish
                     and index + len(wish) < len(words) and words[index + len(wish)].text.casefold() in destinations
                     and not any(w.trail.strip() for w in words[index:index + len(wish)])), 0)
        if size:
            index += size
            continue
        out.append(words[index])
        index += 1
    return out


def hidden_said(words: list[Word]) -> list[Word]:
    """"hidden on N2 and set it to 3", "hidden N1, = 5" as `hidden N2 3` (TT-7): the words
    around the destination (HIDDEN_BEFORE_DESTINATION, HIDDEN_BEFORE_VALUE, a comma) say nothing more."""
    for index, word in enumerate(words):
        if word.text != "hidden":
            continue
        at = index + 1
        while at < len(words) and words[at].text.casefold() in HIDDEN_BEFORE_DESTINATION and not words[at - 1].trail:
            at += 1
        if at >= len(words) or words[at - 1].trail.strip(" :"):
            return words
        value = at + 1
        if value < len(words) and words[value].text.casefold() in DESTINATION_WORDS and not words[at].trail:
            value += 1
        while value < len(words) and words[value].text.casefold() in HIDDEN_BEFORE_VALUE \
                and not words[value - 1].trail.strip(" ,"):
            value += 1
        if value >= len(words) or not words[value].text.isdecimal() or words[value - 1].trail.strip(" ,:"):
            return words
        head = said_as(words, index, at - index, "hidden", word.problem)._replace(trail="")
        return [*words[:index], head, words[at]._replace(trail=""), words[value], *words[value + 1:]]
    return words


def carts_said(words: list[Word], carts: dict[str, int]) -> list[Word]:
    """"the two-cart track" is the one track with that many minecarts left; refused when none or
    several have that many (which track?)."""
    out: list[Word] = []
    index = 0
    while index < len(words):
        word = words[index]
        parts = word.text.casefold().split("-")
        count = miner_number(word._replace(text=parts[0])) if len(parts) == 2 and parts[1] in CART_WORDS else None
        track = index + 1 < len(words) and words[index + 1].text.casefold() in TRACK_WORDS
        if count is None or not track or word.trail:
            out.append(word)
            index += 1
            continue
        named = [name for name, left in carts.items() if left == count]
        start = index
        if out and out[-1].text.casefold() in ARTICLES and not out[-1].trail:
            out.pop()
            start -= 1
        span = said_as(words, start, index + 2 - start, named[0] if len(named) == 1 else str(count))
        out.append(span if len(named) == 1 else
                   span._replace(problem=f"no one track has {count} minecarts left; name the track."))
        index += 2
    return out


def slashed(words: list[Word], ends: frozenset[str]) -> list[Word]:
    """"1,2,3 -> T2 / 4 -> purple / remote purple": a "/" standing between a finished action
    (its track, switch, `train`, `nothing`) and the next miner or item parts the submission as a
    comma does (each miner's action is its own part, TT-3); "T1 / T2" stays two names (or?)."""
    out: list[Word] = []
    for index, word in enumerate(words):
        after = words[index + 1].text.casefold() if index + 1 < len(words) else ""
        starts = after.isdecimal() or after in MINER_WORDS or after in ITEM_STARTS
        if word.text in PARTING_MARKS and out and out[-1].text.casefold() in (*ends, *NO_ACTION) and not out[-1].trail \
                and starts:
            out[-1] = out[-1]._replace(trail="," + word.trail)
            continue
        out.append(word)
    return out


def item_then_picture(words: list[Word], picture: str) -> list[Word]:
    """"extra miner in 👷 8 on the purple switch": a picture between a declared Extra Miner and the
    next miner's number parts them as a comma does (the item is a part of its own, TT-7)."""
    out: list[Word] = []
    for index, word in enumerate(words):
        after = words[index + 1].text if index + 1 < len(words) else ""
        if word.text == picture and out and out[-1].text == "extra-miner" and not out[-1].trail and after.isdecimal():
            out[-1] = out[-1]._replace(trail="," + word.trail)
            continue
        out.append(word)
    return out


def nothing_for_miner(words: list[Word]) -> list[Word]:
    """"Miner 6: nothing", "6 none," as miner 6 resting (TT-3): a no-action word right after a
    miner's number (past a colon) that ends its clause; elsewhere "nothing" stays chatter
    ("1 T2, nothing to add")."""
    out = list(words)
    for index in range(len(out) - 1):
        number, said = out[index], out[index + 1]
        ends = index + 2 == len(out) or any(mark in said.trail for mark in ",;\n")
        if number.text.isdecimal() and number.trail.strip() in ("", ":") and said.text.casefold() in NOTHING_SAID \
                and ends and (index == 0 or out[index - 1].trail.strip(" :") or
                             out[index - 1].text.casefold() in MINER_WORDS):
            out[index + 1] = said._replace(text="rest")
    return out


def sent_miners(words: list[Word], names: frozenset[str]) -> list[Word]:
    """"put 8 on T2", "sending 1 and 2 to T3": a sending verb (SENDING_VERBS) before miners' numbers
    and the action they take says nothing more; "8 also board T2": nor does "also" (ALSO)."""
    out: list[Word] = []
    for index, word in enumerate(words):
        said = word.text.casefold()
        at = index + 1
        while at < len(words) and (words[at].text.isdecimal() or words[at].text.casefold() in JOINERS) \
                and not words[at].trail.strip(" :"):
            at += 1
        numbered = at > index + 1 and words[index + 1].text.isdecimal() and not word.trail
        if said in SENDING_VERBS and numbered and action_after(words, at, names) is not None:
            continue
        if said in ALSO and out and out[-1].text.isdecimal() and not out[-1].trail and action_after(words, index + 1, names):
            continue
        out.append(word)
    return out


def arrow_listed(words: list[Word]) -> list[Word]:
    """"2, 4, 6 → T1; 1, 3, 5, 7 → switch": a comma list of miners starting a clause, its last
    number right before an arrow (ARROWS), is read as "miners 2, 4, 6 → T1" (PLURAL_MINER_WORDS,
    plural_list): the arrow sends the whole list (TT-3). A list before "to" typed as a word may
    have lost an action ("1, 3 to T1"), and stays as it is."""
    out: list[Word] = []
    for index, word in enumerate(words):
        if word.text.isdecimal() and word.trail.strip() == "," and (not index or words[index - 1].trail.strip(" ")) \
                and arrow_after_list(words, index):
            out.append(word._replace(text=PLURAL_MINER_WORDS[0], said="", trail="", end=word.start))
        out.append(word)
    return out


def arrow_after_list(words: list[Word], index: int) -> bool:
    """Is the number at `index` the first of a comma list ("2, 4, 6", "1, 3 and 5") whose last
    number is followed by an arrow typed apart ("6 → T1")?"""
    at = index
    while at + 1 < len(words) and words[at].trail.strip() == "," and words[at + 1].text.isdecimal():
        at += 1
    if last_joined(words, at):
        at += 2
    arrow = words[at + 1] if at + 1 < len(words) and not words[at].trail else None
    return at > index and arrow is not None and is_arrow(arrow)


def is_arrow(word: Word) -> bool:
    """Is the word an arrow (ARROWS) typed apart or in a word ("6 → T1", "6→T1"), read as "to" (split_word)?"""
    return word.text == "to" and bool(_ARROW.search(word.said))


def targets_first(words: list[Word], targets: frozenset[str]) -> list[Word]:
    """"T1: 1,2,3\nT2: 4,5,6\nswitch: 7", "T3 for 1 and 5, T1 for 2": a track or switch said
    first (target_group) as each listed miner's action, "1 T1, 2 T1, 3 T1, ...", so that no
    later pass reads "3\nT2" as miner 3 boarding T2 (TT-3)."""
    out: list[Word] = []
    index = 0
    while index < len(words):
        grouped = target_group(words, index, targets)
        if grouped is None:
            out.append(words[index])
            index += 1
            continue
        head, numbers, end = grouped
        for at, number in enumerate(numbers):
            trail = words[end - 1].trail if at == len(numbers) - 1 else ","
            out += [words[number]._replace(trail=""), *(w._replace(trail="") for w in head[:-1]),
                    head[-1]._replace(trail=trail)]
        index = end
    return out


def target_group(words: list[Word], index: int, targets: frozenset[str]) -> tuple[list[Word], list[int], int] | None:
    """The target at `index` (a track, a switch's name, "switch" [NAME]) starting a clause and
    followed by a colon, "for" (TARGET_FOR) or an arrow ("T1 → 1, 2"), then by the miners it is for ("miners 3, 4", "1 and
    5") closing the clause: (the target's words, the numbers' positions, where the clause ends);
    None when the words are not so ("T3 for 2 crossings", "T1: 1, 2 T2": 2 has an action of its own)."""
    if index and not words[index - 1].trail.strip(" ") or words[index].text.casefold() not in targets:
        return None
    size = 2 if words[index].text.casefold() in SWITCH_WORDS and index + 1 < len(words) \
        and (not words[index].trail or words[index + 1].start == words[index].start) \
        and words[index + 1].text.casefold() in targets - frozenset(SWITCH_WORDS) else 1   # "purple switch:": one phrase
    head = words[index:index + size]
    at = index + size
    if head[-1].trail.strip() != ":":
        if head[-1].trail or at >= len(words) or words[at].trail or not (words[at].text.casefold() in TARGET_FOR
                                                                         or is_arrow(words[at])):
            return None
        at += 1
    if at < len(words) and words[at].text.casefold() in MINER_WORDS and not words[at].trail:
        at += 1
    numbers: list[int] = []
    while at < len(words) and words[at].text in MINER_NUMBERS:
        numbers.append(at)
        if words[at].trail.strip() in (",", "") and at + 1 < len(words) and words[at + 1].text in MINER_NUMBERS:
            at += 1   # "T1: 1, 2, 3", "T1: 1 2 3"
        elif last_joined(words, at):
            at += 2
        else:
            break
    if not numbers or numbers[-1] + 1 < len(words) and not words[numbers[-1]].trail.strip(" "):
        return None
    return head, numbers, numbers[-1] + 1


_TIMES = re.compile(r"^[x×](\d)$", re.IGNORECASE)   # "x3", "×3": as many times


def target_counted(words: list[Word], targets: frozenset[str]) -> list[Word]:
    """"switch x3 (miners 1,2,3)", "T2 x2 (1 and 2)": a track or switch said first with how many
    take it, then those miners in brackets, as "switch: 1, 2, 3" (target_group reads it, TT-3).
    Only when the brackets name exactly that many miners: "switch x3 (1, 2)" (which third?) is left."""
    for index in range(1, len(words)):
        times = _TIMES.match(words[index].text)
        if not times or words[index].trail.strip() != "(" or words[index - 1].trail \
                or words[index - 1].text.casefold() not in targets:
            continue
        at = index + 1 + (index + 1 < len(words) and words[index + 1].text.casefold() in MINER_WORDS
                          and not words[index + 1].trail)
        numbers: list[int] = []
        while at < len(words) and words[at].text.isdecimal() and ")" not in words[at].trail:
            numbers.append(at)
            at += 1 + (words[at].trail.strip() in ("", ",") and at + 1 < len(words)
                       and words[at + 1].text.casefold() in JOINERS and not words[at + 1].trail)
        if at >= len(words) or not words[at].text.isdecimal() or not words[at].trail.strip().startswith(")"):
            continue
        numbers.append(at)
        if len(numbers) != int(times.group(1)) or any(words[n].trail.strip() not in ("", ",") for n in numbers[:-1]):
            continue
        listed = [words[n]._replace(trail=",") for n in numbers[:-1]]
        return [*words[:index - 1], words[index - 1]._replace(trail=":"), *listed, words[at], *words[at + 1:]]
    return words


def boarded_in(words: list[Word], tracks: frozenset[str]) -> list[Word]:
    """"4 goes in T3", "1 and 2 go in the track 1" as `4 board T3`: a boarding verb, "in" (BOARD_IN)
    and a track's name, with nothing between them, board it (TT-3)."""
    out: list[Word] = []
    index = 0
    while index < len(words):
        span = words[index:index + 3]
        if len(span) == 3 and span[0].text.casefold() in BOARD_VERBS_BEFORE_A_NAME and span[1].text.casefold() in BOARD_IN \
                and span[2].text.casefold() in tracks and not span[0].trail and not span[1].trail:
            out += [said_as(words, index, 2, "board")._replace(trail=""), span[2]]
            index += 3
            continue
        out.append(words[index])
        index += 1
    return out


def article_dropped(words: list[Word]) -> list[Word]:
    """"the miners 1 and 2 go to T3. The miner 4 goes in T3. The others stay.": the article before
    "miner(s)" and a number says nothing more than "miner 4" does (TT-2: miners are named by their
    numbers), nor before the rest said to stay (`others-rest`, TT-3)."""
    return [word for index, word in enumerate(words)
            if not (word.text.casefold() in ARTICLES and not word.trail and index + 1 < len(words)
                    and (words[index + 1].text == OTHERS_REST or index + 2 < len(words)
                         and words[index + 1].text.casefold() in MINER_WORDS and not words[index + 1].trail
                         and words[index + 2].text.isdecimal()))]


def miner_numbered(words: list[Word]) -> list[Word]:
    """"miner 8 rides T3" as "8 rides T3": the singular before a miner's number says nothing
    more (the notation writes the number alone), once the passes that read it have run."""
    out: list[Word] = []
    index = 0
    while index < len(words):
        word = words[index]
        if word.text.casefold() == MINER_WORDS[0] and not word.trail and index + 1 < len(words) \
                and words[index + 1].text.isdecimal():
            out.append(said_as(words, index, 2, words[index + 1].text))
            index += 2
            continue
        out.append(word)
        index += 1
    return out


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
            switches = {name.lower() for name in s.layout["switches"]}
            out["actions"] = by_miner([switch_named(fix(a, "board", "switch"), switches) for a in out["actions"]])
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
        return lexicon_for(self._known_names, self.ruleset.items, self._names_of("switches"),
                           self._names_of("tracks"), self._tracks_in_order())

    def _tracks_in_order(self) -> bool:
        """Does every layout of the match list its tracks numbered 1, 2, ... in that order (T1, T2,
        T3), so that the n-th track and track n are one?"""
        layouts = [*(self.params.get("layouts") or ()), *(self.params.get("tiebreak_layouts") or ())]
        for layout in layouts:
            tracks = list(layout.get("tracks") or ()) if isinstance(layout, dict) else []
            numbers = [re.search(r"\d+$", str(name)) for name in tracks]
            if not tracks or [int(n.group()) if n else 0 for n in numbers] != list(range(1, len(tracks) + 1)):
                return False
        return bool(layouts)

    def reword(self, s: TTState, player: str, words: list[Word]) -> list[Word]:
        """Miners named as only the position says who they are: "first miner" is miner 1 while
        miners 1 and up all act this crossing (TT-2: none benched, none crossed); "the new guy",
        or "he" right after "extra miner", is the extra miner (TT-7); "T2 with miner 1" is
        miner 1's boarding of T2."""
        printed = {} if s.finished else {name.casefold(): value for name, value in s.layout["destinations"].items()}
        words = items_said_used(miners_short(split_typed([asked(word) for word in words]), self._known_names))
        words = arrow_listed(words)
        targets = self._names_of("tracks", "switches") | frozenset(SWITCH_WORDS)
        words = article_dropped(targets_first(target_counted(words, targets), targets))
        words = boarded_in(words, self._names_of("tracks"))
        words = hidden_said(hidden_spoken(wish_dropped(item_thing(i_am_dropped(words)), self._names_of("destinations")),
                                         self._names_of("destinations"), printed))
        miners = self.params.get("miners")
        if s.finished or not isinstance(miners, int):
            return words
        words = nothing_now(turn_for(crossing_header(quoted_turn(words, s, QUOTED, self._known_names), s), s), s)
        words = passing_said(no_action_for(words), s, self._known_names | frozenset(KEYWORDS) | frozenset(ITEM_WORDS))
        free = {miner for miner in range(1, miners + 2) if miner not in s.crossed.get(player, {})
                and not (s.crossing == 1 and miner in s.benched.get(player, ()))}
        words = sharing_dropped(ranges_and_counts(ordinals_on(miners_by_place(words, free), free)), self._known_names)
        words = spaced_list(and_after_action(words, self._known_names), self._known_names)
        words = switch_said(carts_said(words, dict(s.carts)), list(s.layout.get("switches") or ()))
        words = carts_boarded(words, self._names_of("tracks"))
        extra = bool(s.extra.get(player)) or declares_extra_miner(words)
        if extra:
            words = extra_aside(extra_miner_named(words, miners + 1), miners + 1)
        if extra and not s.extra.get(player):
            words = extra_miner_placed(words, miners + 1, self._names_of("tracks"))
        everyone = list(range(1, miners + (2 if extra else 1)))
        words = first_counted(words, [miner for miner in everyone if miner in free])
        words = count_restated(rest_listed(words), [miner for miner in everyone if miner in free])
        words = every_counted(words, [miner for miner in everyone if miner in free],
                              [everyone, list(range(1, miners + 1))])
        if not declares_extra_miner(words) or s.extra.get(player):   # declared now: is the extra miner "all"?
            words = every_named(words, [miner for miner in everyone if miner in free], self._names_of("tracks"),
                                self._names_of("switches"))
            words = parity_named(words, [miner for miner in everyone if miner in free], self._known_names)
            words = others_named(words, [miner for miner in everyone if miner in free], self._known_names)
        elif any(word.text == str(miners + 1) for word in words):   # "miner 8 to T3, everyone else T2": 8 is not "else"
            words = others_named(words, [miner for miner in everyone if miner in free], self._known_names)
        listed = plural_list(words := plural_range(words, self._known_names), self._known_names)
        while listed != words:   # each plural list in turn: "odd miners T1, even miners T3"
            words, listed = listed, plural_list(listed, self._known_names)
        shared = joined_shared(words := plural_joined(words, self._known_names), self._known_names)
        while shared != words:   # each joined group in turn: "5 and 6 flip purple, 1 2 3 4 T2, and ..."
            words, shared = shared, joined_shared(shared, self._known_names)
        words = ranged_in_order(words, self._known_names)
        ends = self._names_of("tracks", "switches") | {"train"}
        words = picture_between(except_named(miner_after_target(courtesy_dropped(words, ends), ends)), ends, PICTURE, QUOTED)
        words = sent_miners(miner_numbered(item_then_picture(slashed(words, ends), PICTURE)), ends)
        words = and_after_clause(future_dropped(words, self._known_names), ends)
        return rest_apart(nothing_for_miner(words))

    @cached_property
    def _known_names(self) -> frozenset[str]:
        """Every name of every layout of the match, tie-break layouts included, case-folded."""
        return self._names_of("tracks", "switches", "destinations")

    def _names_of(self, *keys: str) -> frozenset[str]:
        """The names of every layout of the match under `keys` (tracks, switches, destinations), case-folded."""
        layouts = [*(self.params.get("layouts") or ()), *(self.params.get("tiebreak_layouts") or ())]
        return frozenset(str(name).lower() for layout in layouts if isinstance(layout, dict)
                         for key in keys for name in (layout[key] if isinstance(layout.get(key), dict) else ()))

    @cached_property
    def _one_word_names(self) -> dict[str, str]:
        """A track's name as one word another way ("track2", "t-2" for T2, track_phrases), case-folded."""
        return {said[0]: words[0].lower() for said, words in self.lexicon().phrases.items()
                if len(said) == 1 and len(words) == 1 and words[0].lower() in self._names_of("tracks")}

    def _spelling(self, s: TTState) -> Any:
        """Names as the layout spells them: `t2`, and "track2" or "t-2" typed (_one_word_names), are T2."""
        names = {n.lower(): n for n in [*s.layout["tracks"], *s.layout["switches"], *s.layout["destinations"]]}
        names.update({typed: names[name] for typed, name in self._one_word_names.items() if name in names})

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
