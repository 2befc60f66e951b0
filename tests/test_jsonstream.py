"""adjudicator.jsonstream: a JSON object read piece by piece reads as json.loads reads it,
in any layout and at any window size, and what it cannot be sure of is Unsure."""

from __future__ import annotations

import io
import json
import tracemalloc
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import jsonstream
from adjudicator.jsonstream import ObjectStream, Unsure

SCALARS = st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=False) | st.text(max_size=12)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                          max_size=4), max_leaves=12)
LAYOUTS = [dict(separators=(",", ":")), dict(indent=2), dict(indent="\t", ensure_ascii=False),
           dict(indent=0, separators=(" ,\n", " :\n "))]


def read(raw: bytes) -> dict[str, Any]:
    """Everything the reader yields, the streamed list made a list."""
    out = {}
    for key, value in ObjectStream(io.BytesIO(raw)).members("entries"):
        out[key] = list(value) if key == "entries" else value
    return out


@settings(max_examples=200)
@given(header=st.dictionaries(st.text(max_size=8).filter(lambda k: k != "entries"), VALUES, max_size=4),
       entries=st.lists(VALUES, max_size=12), entries_at=st.integers(0, 4), layout=st.sampled_from(LAYOUTS),
       chunk=st.sampled_from([1, 2, 3, 5, 17, 1 << 16]), bom=st.booleans())
def test_it_reads_what_json_loads_reads(monkeypatch, header, entries, entries_at, layout, chunk, bom):
    keys = list(header.items())
    keys.insert(min(entries_at, len(keys)), ("entries", entries))
    text = json.dumps(dict(keys), **layout)
    raw = (b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8")
    monkeypatch.setattr(jsonstream, "CHUNK", chunk)
    assert read(raw) == json.loads(text)


def test_a_number_at_the_window_edge_is_read_whole(monkeypatch):
    """`12345` cut by the window after `12` must not read as 12."""
    monkeypatch.setattr(jsonstream, "CHUNK", 1)
    assert read(b'{"entries": [12345, 678]}') == {"entries": [12345, 678]}


@pytest.mark.parametrize("raw, problem", [
    (b'{"a": 1, "a": 2}', "written twice"),
    (b'{"entries": [1]} x', "text after the object"),
    (b'{"entries": [1,]}', "json.loads would refuse"),
    (b'{"entries": [1] "a": 2}', "expected ','"),
    (b'[1, 2]', "expected '{'"),
    (b'{"entries": 3}', "not a list"),
    (b'{"a": "\xff"}', "not UTF-8"),
    (b'{"a": ' + b"1" * 200 + b"}", "long run of digits"),
    (b'{"a": ' + b"1" * 5000 + b"}", "json.loads would refuse"),
    (b'{"a": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "nested too deeply"),
])
def test_what_it_cannot_read_as_json_loads_would_is_unsure(raw, problem):
    with pytest.raises(Unsure, match=problem):
        read(raw)


def test_memory_does_not_grow_with_the_list():
    """200,000 items on one line take no more memory than 20,000: only a window of the file
    (a few times CHUNK) is held, however long the list."""
    def peak(count: int) -> int:
        raw = json.dumps({"id": "m", "entries": [{"seq": i, "move": {"cell": "E5"}} for i in range(count)]},
                         separators=(",", ":")).encode()
        tracemalloc.start()
        seen = 0
        for key, value in ObjectStream(io.BytesIO(raw)).members("entries"):
            if key == "entries":
                seen = sum(1 for _ in value)
        size = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert seen == count
        return size

    small, large = peak(20_000), peak(200_000)
    assert small < 8 * jsonstream.CHUNK and large < small + 64 * 1024
