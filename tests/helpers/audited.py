"""Public outputs of chained matches (G-9) with what is random in them masked.

Every match `new` makes is chained: its public outputs end with its head (`log 27 ·
3f9a21c0`, JSON `"log": {"seq": 27, "head": …}`), and once a sealed entry is revealed they
carry its random nonce and its commitment. Two matches that differ only in sealed data then
differ in those, and only in those, by design: the nonces are random, and a head after a
sealed entry covers its (random) commitment. `masked` blanks exactly these, keeping the
entry count of each head, so a test comparing two such matches' public outputs keeps
comparing everything else byte for byte. That heads, receipts and public outputs reveal
nothing of a sealed move before its phase resolves is tested on its own, unmasked but with
the nonce and the commitment made constant, in tests/test_chain_hiding.py.
"""

from __future__ import annotations

import re



_PATTERNS = [
    (re.compile(r"(log \d+ · )[0-9a-f]{8}"), r"\1########"),                    # a head as shown
    (re.compile(r"(--head \d+:)[0-9a-f]{8}"), r"\1########"),                   # a receipt's command
    (re.compile(r"(revealed with nonce )[0-9a-f]{32}"), r"\1" + "#" * 32),      # a nonce revealed
    (re.compile(r'("(?:head|hash|prev|commit)":\s*")[0-9a-f]{64}"'), r'\1' + "#" * 64 + '"'),
    (re.compile(r'("nonce":\s*")[0-9a-f]{32}"'), r'\1' + "#" * 32 + '"'),
]


def masked(text: str) -> str:
    """`text` with heads, links, commitments and nonces blanked (see the module)."""
    for pattern, blank in _PATTERNS:
        text = pattern.sub(blank, text)
    return text
