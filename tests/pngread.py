"""A tiny PNG reader for tests (zlib only, no PIL): 8-bit greyscale, RGB, RGBA, no interlace."""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}


@dataclass
class Image:
    width: int
    height: int
    channels: int
    rows: list[bytes]

    def pixel(self, x: int, y: int) -> tuple[int, int, int]:
        """The RGB of a pixel (greyscale repeated; alpha dropped)."""
        start = x * self.channels
        value = self.rows[y][start:start + self.channels]
        return (value[0],) * 3 if self.channels <= 2 else tuple(value[:3])


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
    """Decode the whole image (filters 0–4)."""
    parts = chunks(data)
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", parts[0][1])
    assert depth == 8 and interlace == 0 and colour in CHANNELS, (depth, colour, interlace)
    bpp = CHANNELS[colour]
    raw = zlib.decompress(b"".join(body for kind, body in parts if kind == b"IDAT"))
    stride = width * bpp
    rows: list[bytes] = []
    previous = bytes(stride)
    for y in range(height):
        line = raw[y * (stride + 1):(y + 1) * (stride + 1)]
        previous = unfilter(line[0], bytearray(line[1:]), previous, bpp)
        rows.append(previous)
    return Image(width, height, bpp, rows)


def unfilter(kind: int, row: bytearray, up: bytes, bpp: int) -> bytes:
    if kind == 0:
        return bytes(row)
    if kind == 2:
        return bytes((a + b) & 255 for a, b in zip(row, up))
    for i in range(len(row)):
        left = row[i - bpp] if i >= bpp else 0
        if kind == 1:
            row[i] = (row[i] + left) & 255
        elif kind == 3:
            row[i] = (row[i] + (left + up[i]) // 2) & 255
        else:
            corner = up[i - bpp] if i >= bpp else 0
            p = left + up[i] - corner
            pa, pb, pc = abs(p - left), abs(p - up[i]), abs(p - corner)
            row[i] = (row[i] + (left if pa <= pb and pa <= pc else up[i] if pb <= pc else corner)) & 255
    return bytes(row)
