"""The tests' PNG reader (tests/helpers/pngread.py): it reads what resvg writes, and its whole-pixel
unfiltering agrees with the PNG spec's byte-by-byte definition."""

from __future__ import annotations

import random

import pytest

from adjudicator import picture
from helpers.pngread import decode, paeth, size, unfilter


def test_the_png_reader_reads_what_resvg_writes():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#fff"/>'
           '<rect x="10" y="5" width="20" height="10" fill="#d1362f"/>'
           '<circle cx="20" cy="22" r="6" fill="#2f6fd1"/></svg>')
    data = picture.png(svg)
    image = decode(data)
    assert size(data) == (image.width, image.height) == (40, 30) and len(image.rows) == 30
    assert image.channels == 4                       # resvg writes RGBA
    assert image.hex(2, 2) == "#ffffff" and image.alpha(2, 2) == 255
    assert image.hex(15, 10) == "#d1362f" and image.pixel(15.7, 10.2) == (0xd1, 0x36, 0x2f)
    assert image.hex(20, 22) == "#2f6fd1"
    assert image.count((0xd1, 0x36, 0x2f), (0, 0, 40, 30)) == 20 * 10


@pytest.mark.parametrize("bpp", [1, 2, 3, 4])
def test_unfilter_agrees_with_the_spec_byte_by_byte(bpp):
    """Each filter type (0–4) against the PNG spec's byte-by-byte definition, on rows with
    flat and busy stretches (the reader takes whole pixels where it can), for greyscale,
    greyscale + alpha, RGB and RGBA."""
    rng = random.Random(18)
    width = 24
    for kind in range(5):
        for _ in range(20):
            prior = bytes(rng.choice((0, 7, 255, rng.randrange(256))) for _ in range(width * bpp))
            line = bytes(rng.choice((0, 0, 1, rng.randrange(256))) for _ in range(width * bpp))
            assert unfilter(kind, line, prior, bpp) == unfilter_spec(kind, line, prior, bpp), kind


def unfilter_spec(kind: int, line: bytes, prior: bytes, bpp: int) -> bytes:
    out = bytearray(line)
    for i in range(len(out)):
        a, b, c = (out[i - bpp] if i >= bpp else 0), prior[i], (prior[i - bpp] if i >= bpp else 0)
        out[i] = (out[i] + (0, a, b, (a + b) // 2, paeth(a, b, c))[kind]) & 0xFF
    return bytes(out)
