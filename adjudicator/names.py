"""Display names that look alike: invisible characters, and the key two names share when a
reader could not tell them apart on a board.

`Sally` and `Sally` + U+200B print the same, so a board reading "Sally (red) vs Sally (blue)"
names nobody. `new` refuses a name holding an invisible character, and two names with one
`look_alike` key; boards show the id beside names that share a key (engine.display_names),
for files edited by hand. Only invisible differences, case and compatibility forms (NFKC:
full-width letters, ligatures) are caught here; letters of other scripts that look alike
(Cyrillic `Ѕ` for Latin `S`) are not.
"""

from __future__ import annotations

import unicodedata

# Default_Ignorable_Code_Point (Unicode 15, DerivedCoreProperties.txt): characters a renderer
# shows as nothing when it cannot show them. unicodedata does not expose the property, so
# its ranges are written out; the format characters (Cf) are added by category.
_IGNORABLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
              (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
              (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
              (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))
# Inside an emoji these are how it is written (❤️ is U+2764 U+FE0F; 👩‍💻 joins two with U+200D),
# so a name may hold them right after a symbol; after a letter or a space they only hide.
_EMOJI_GLUE = frozenset("\u200d\ufe0e\ufe0f")


def invisible(ch: str) -> bool:
    """Does `ch` show as nothing: default-ignorable (zero-width spaces and joiners, U+2060,
    soft hyphen, variation selectors, tag characters, the Hangul fillers U+115F, U+1160,
    U+3164, U+FFA0) or a format character (Cf)?"""
    code = ord(ch)
    return unicodedata.category(ch) == "Cf" or any(low <= code <= high for low, high in _IGNORABLE)


def first_invisible(text: str) -> str | None:
    """The first character of `text` that shows as nothing, or None. A joiner or variation
    selector straight after a symbol (an emoji, a modifier or another such glue) is part of
    how the emoji is written and passes."""
    before = ""
    for ch in text:
        if invisible(ch):
            glued = ch in _EMOJI_GLUE and before and (unicodedata.category(before)[0] == "S" or before in _EMOJI_GLUE)
            if not glued:
                return ch
        before = ch
    return None


def look_alike(text: str) -> str:
    """What a reader sees of a name: compatibility forms folded (NFKC), case folded, every
    invisible character dropped and runs of spaces made one. Two names with the same key
    cannot be told apart on a board."""
    shown = "".join(ch for ch in text if not invisible(ch))
    shown = unicodedata.normalize("NFKC", shown).casefold()
    shown = "".join(ch for ch in shown if not invisible(ch))
    return " ".join(shown.split())
