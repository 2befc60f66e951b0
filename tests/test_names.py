"""Names that look alike: which characters show as nothing, and the key two
names share when a reader could not tell them apart on a board."""

from __future__ import annotations

import pytest

from adjudicator.names import first_invisible, invisible, look_alike


@pytest.mark.parametrize("ch", ["\u200b", "\u200c", "\u200d", "\u2060", "\u00ad", "\u3164", "\uffa0", "\u115f",
                                "\u1160", "\ufeff", "\u034f", "\ufe0f", "\U000e0000", "\U000e0041", "\U000e007f",
                                "\U000e01ef", "\u180e", "\u2064", "\u0600", "\U0001d173"])
def test_characters_that_show_as_nothing(ch):
    assert invisible(ch)


@pytest.mark.parametrize("ch", ["a", " ", "\u00e4", "\u2764", "\U0001f469", "\u3131", "\u00a0", "-"])
def test_characters_that_show(ch):
    assert not invisible(ch)


@pytest.mark.parametrize("a, b", [("Sally", "Sally\u200b"), ("Sally", "SALLY"), ("Sally", "\uff33ally"),
                                  ("Sally", " Sally  "), ("Sal ly", "Sal\u00a0 ly"), ("Sally", "Sa\u00adlly\u3164"),
                                  ("\ufb01n", "fin")])
def test_look_alikes_share_a_key(a, b):
    assert look_alike(a) == look_alike(b)


@pytest.mark.parametrize("a, b", [("Sally", "Sal"), ("Sally", "S\u00e4lly"), ("Sally", "Sally \u2764")])
def test_names_that_differ_where_it_shows_do_not(a, b):
    assert look_alike(a) != look_alike(b)


@pytest.mark.parametrize("name, found", [("Sally", None), ("Sally \u2764\ufe0f", None), ("\U0001f469\u200d\U0001f4bb", None),
                                         ("Sally\u200d", "\u200d"), ("Sally \ufe0f", "\ufe0f"), ("a\u200bb", "\u200b"),
                                         ("\ufe0fSally", "\ufe0f")])
def test_an_emoji_keeps_its_joiner_and_variation_selector(name, found):
    assert first_invisible(name) == found
