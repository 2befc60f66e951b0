"""The tests' one PNG reader (zlib only, no PIL): 8-bit greyscale, greyscale + alpha, RGB and
RGBA, not interlaced (resvg writes 8-bit RGBA; Chromium's screenshots are RGB or RGBA).
Its own tests: tests/repo/test_pngread.py."""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}      # colour type → bytes a pixel (at 8 bits a channel)


@dataclass
class Image:
    width: int
    height: int
    channels: int
    rows: list[bytes]

    def pixel(self, x: float, y: float) -> tuple[int, int, int]:
        """The RGB of a pixel (greyscale repeated; alpha dropped); x and y are rounded down."""
        start = int(x) * self.channels
        value = self.rows[int(y)][start:start + self.channels]
        return (value[0],) * 3 if self.channels <= 2 else (value[0], value[1], value[2])

    def alpha(self, x: float, y: float) -> int:
        """A pixel's opacity, 0–255 (255 where the image has no alpha channel)."""
        if self.channels in (2, 4):
            return self.rows[int(y)][(int(x) + 1) * self.channels - 1]
        return 255

    def hex(self, x: float, y: float) -> str:
        """The RGB of a pixel as #rrggbb."""
        r, g, b = self.pixel(x, y)
        return f"#{r:02x}{g:02x}{b:02x}"

    def count(self, colour: tuple[int, int, int], box: tuple[float, float, float, float]) -> int:
        """How many pixels of the box (x, y, width, height) have the RGB `colour`."""
        x, y, w, h = box
        return sum(1 for yy in range(int(y), int(y + h)) for xx in range(int(x), int(x + w))
                   if self.pixel(xx, yy) == colour)


def chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    """The (type, body) chunks of a PNG, CRCs checked."""
    assert data[:8] == SIGNATURE, "not a PNG"
    out, at = [], 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        crc, = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
        assert zlib.crc32(kind + body) == crc, f"bad CRC in {kind!r}"
        out.append((kind, body))
        at += 12 + length
    return out


def size(data: bytes) -> tuple[int, int]:
    """Width and height from the IHDR chunk."""
    kind, body = chunks(data)[0]
    assert kind == b"IHDR"
    return struct.unpack(">II", body[:8])


def decode(data: bytes) -> Image:
    """Decode the whole image (filters 0–4), checking the data holds exactly its rows."""
    parts = chunks(data)
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", parts[0][1])
    assert depth == 8 and interlace == 0 and colour in CHANNELS, (depth, colour, interlace)
    bpp = CHANNELS[colour]
    raw = zlib.decompress(b"".join(body for kind, body in parts if kind == b"IDAT"))
    stride = width * bpp
    assert len(raw) == height * (stride + 1), (len(raw), width, height, bpp)
    rows: list[bytes] = []
    previous = bytes(stride)
    for start in range(0, len(raw), stride + 1):
        previous = unfilter(raw[start], raw[start + 1:start + 1 + stride], previous, bpp)
        rows.append(previous)
    return Image(width, height, bpp, rows)


# --- Unfiltering (PNG spec, section 9) a whole pixel at a time --------------------------------
# A pixel's bytes are read as one int (little-endian: byte i of the pixel is bits 8i–8i+7);
# adding two pixels byte by byte, each byte mod 256, is then a few integer operations.

FORMATS = {1: "B", 2: "H", 4: "I"}       # struct's unsigned ints by size; 3 bytes a pixel has none


def masks(size: int) -> tuple[int, int, int]:
    """The low seven bits, the high bit, and all but the lowest bit of each of `size` bytes."""
    return (int.from_bytes(b"\x7f" * size, "little"), int.from_bytes(b"\x80" * size, "little"),
            int.from_bytes(b"\xfe" * size, "little"))


MASKS = {bpp: masks(bpp) for bpp in CHANNELS.values()}


def add_bytes(x: int, y: int, low: int, high: int) -> int:
    """x + y byte by byte, each byte mod 256 (no carry into the next byte)."""
    return ((x & low) + (y & low)) ^ ((x ^ y) & high)


def pixels(row: bytes, bpp: int) -> list[int]:
    if bpp in FORMATS:
        return list(struct.unpack(f"<{len(row) // bpp}{FORMATS[bpp]}", row))
    return [int.from_bytes(row[i:i + bpp], "little") for i in range(0, len(row), bpp)]


def row_bytes(values: list[int], bpp: int) -> bytes:
    if bpp in FORMATS:
        return struct.pack(f"<{len(values)}{FORMATS[bpp]}", *values)
    return b"".join(value.to_bytes(bpp, "little") for value in values)


def unfilter(kind: int, line: bytes, prior: bytes, bpp: int = 4) -> bytes:
    """One row's bytes from its filtered bytes and the (unfiltered) row above, `bpp` bytes a
    pixel. None and Up take the whole row at once; Sub, Average and Paeth a pixel at a time
    (Paeth byte by byte only where a pixel's neighbours differ)."""
    if kind == 0:
        return bytes(line)
    n = len(line)
    if kind == 2:   # Up: the whole row as one int
        low, high, _ = masks(n)
        total = add_bytes(int.from_bytes(line, "little"), int.from_bytes(prior, "little"), low, high)
        return total.to_bytes(n, "little")
    low, high, even = MASKS[bpp]
    raw, up = pixels(line, bpp), pixels(prior, bpp)
    out = [0] * len(raw)
    if kind in (1, 3):
        left = 0
        for i, value in enumerate(raw):
            if kind == 1:
                left = add_bytes(value, left, low, high)
            else:   # Average: ⌊(left + up) / 2⌋ byte by byte, then added
                b = up[i]
                left = add_bytes(value, (left & b) + (((left ^ b) & even) >> 1), low, high)
            out[i] = left
        return row_bytes(out, bpp)
    assert kind == 4, f"filter {kind}"
    left = up_left = 0
    for i, value in enumerate(raw):
        above = up[i]
        # Paeth predicts `above` where left == up-left, `left` where above == up-left: a
        # picture's flat regions, whole pixels at a time; elsewhere byte by byte.
        if left == up_left:
            guess = above
        elif above == up_left:
            guess = left
        else:
            guess = int.from_bytes(bytes(paeth(a, b, c) for a, b, c in zip(left.to_bytes(bpp, "little"),
                                                                           above.to_bytes(bpp, "little"),
                                                                           up_left.to_bytes(bpp, "little"))),
                                   "little")
        left = out[i] = add_bytes(value, guess, low, high)
        up_left = above
    return row_bytes(out, bpp)


def paeth(a: int, b: int, c: int) -> int:
    """The Paeth predictor of one byte from its left (a), above (b) and upper-left (c) bytes."""
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c
