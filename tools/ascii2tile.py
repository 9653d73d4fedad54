#!/usr/bin/env python3
"""Convert ASCII-art tiles to dungen tile PNGs (and back), using only the standard library.

Legend (dungen's default palette, one character per map cell): '#' wall #000000,
'.' floor #FFFFFF, '+' door #FF0000, ' ' empty (fully transparent); and two door kinds that
samples/kinds/palette.txt names: 's' secret door #00FF00, 'g' gate door #0000FF. Lines are padded with
spaces to the longest line, so every tile is a rectangle. The PNGs are 8-bit RGBA, filter 0,
with no ancillary chunks, so the same text always gives the same bytes.

Usage:
    python3 tools/ascii2tile.py IN.txt OUT.png   convert one file
    python3 tools/ascii2tile.py --all samples    rebuild samples/<set>/ascii/*.txt
                                                 into samples/<set>/<name>.png
    python3 tools/ascii2tile.py --show PNG       print a tile PNG back as ASCII
"""
import pathlib
import struct
import sys
import zlib

COLOURS = {"#": (0, 0, 0, 255), ".": (255, 255, 255, 255), "+": (255, 0, 0, 255),
           " ": (0, 0, 0, 0), "s": (0, 255, 0, 255), "g": (0, 0, 255, 255)}
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def parse_ascii(text, source="<text>"):
    """Returns the tile as a list of equal-length strings (rows), padded with spaces."""
    rows = [line.rstrip("\r") for line in text.split("\n")]
    while rows and not rows[-1].strip():
        rows.pop()
    if not rows:
        raise ValueError(f"{source}: the tile is empty")
    for y, row in enumerate(rows, 1):
        for x, ch in enumerate(row, 1):
            if ch not in COLOURS:
                raise ValueError(f"{source}: line {y}, column {x}: unknown character {ch!r}")
    width = max(len(r) for r in rows)
    return [r.ljust(width) for r in rows]


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def encode_png(rows):
    """Encodes padded rows as RGBA8 PNG bytes (every scanline uses filter 0)."""
    width, height = len(rows[0]), len(rows)
    raw = b"".join(b"\x00" + b"".join(bytes(COLOURS[ch]) for ch in row) for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (PNG_SIGNATURE + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def decode_png(data):
    """Decodes an 8-bit RGBA PNG (any filter, not interlaced) into rows of RGBA tuples."""
    if data[:8] != PNG_SIGNATURE:
        raise ValueError("not a PNG file")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
    if header is None or not idat:
        raise ValueError("PNG has no IHDR or IDAT chunk")
    width, height, depth, colour_type, _, _, interlace = header
    if depth != 8 or colour_type != 6 or interlace:
        raise ValueError("only 8-bit, non-interlaced RGBA PNGs are supported")
    bpp, stride = 4, width * 4
    raw, prev, rows = zlib.decompress(idat), bytearray(stride), []
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]) & 0xFF
        rows.append([tuple(line[x:x + bpp]) for x in range(0, stride, bpp)])
        prev = line
    return rows


def to_ascii(rows):
    """Maps RGBA rows back to ASCII ('?' for a colour outside the palette), right-trimmed."""
    lookup = {rgba: ch for ch, rgba in COLOURS.items()}
    return "\n".join("".join(" " if px[3] == 0 else lookup.get(px, "?") for px in row).rstrip()
                      for row in rows)


def convert(src, dst):
    rows = parse_ascii(pathlib.Path(src).read_text(encoding="utf-8"), str(src))
    pathlib.Path(dst).write_bytes(encode_png(rows))
    return rows


def build_all(root):
    sources = sorted(pathlib.Path(root).glob("*/ascii/*.txt"))
    if not sources:
        raise ValueError(f"no {root}/<set>/ascii/*.txt files found")
    for txt in sources:
        dst = txt.parent.parent / (txt.stem + ".png")
        rows = convert(txt, dst)
        print(f"{dst}  {len(rows[0])}x{len(rows)}")


def main(argv):
    if len(argv) == 2 and argv[0] == "--all":
        build_all(argv[1])
    elif len(argv) == 2 and argv[0] == "--show":
        print(to_ascii(decode_png(pathlib.Path(argv[1]).read_bytes())))
    elif len(argv) == 2 and not argv[0].startswith("-"):
        convert(argv[0], argv[1])
    else:
        sys.exit("usage:" + __doc__.split("Usage:")[1].rstrip())


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except (OSError, ValueError, struct.error, zlib.error) as e:
        sys.exit(f"ascii2tile: {e}")
