#!/usr/bin/env python3
"""Write the PNG fixtures of tests/io/png_test.cpp into tests/data/png/ (standard library only).

Every good fixture draws one of three small tiles, in one PNG colour type and bit depth, and
must decode to the same cells as that tile's 8-bit RGBA reference:

    colour tile (wall, floor, door, empty)      grey tile (wall, floor, empty)
     #+#                                         ###
    ##.##                                       ##.##
    #...#                                       #...#
    #####                                       #####

    outline tile (wall, empty), for the 1-bit formats, which hold two values only
     ###
    ## ##
    #   #
    #####

Legend: '#' wall #000000, '.' floor #FFFFFF, '+' door #FF0000, ' ' empty (transparent, or
#FF00FF in formats without alpha). Grey formats cannot express red, hence the grey tile.

The bad fixtures are damaged or out-of-contract files the decoder must reject with a clear
message. The output is byte-identical on every run and with every zlib: the image data is
wrapped in stored (uncompressed) deflate blocks, so no compressor choice is involved.

Usage: python3 tools/make_png_fixtures.py [OUT_DIR]   (default: tests/data/png)
"""
import pathlib
import struct
import sys
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"

COLOUR_TILE = [" #+# ", "##.##", "#...#", "#####"]
GREY_TILE = [" ### ", "##.##", "#...#", "#####"]
OUTLINE_TILE = [" ### ", "## ##", "#   #", "#####"]

RGBA = {"#": (0, 0, 0, 255), ".": (255, 255, 255, 255), "+": (255, 0, 0, 255),
        " ": (0, 0, 0, 0)}
MAGENTA = (255, 0, 255)

# Colour types (PNG spec, IHDR).
GREY, RGB, INDEXED, GREY_ALPHA, RGB_ALPHA = 0, 2, 3, 4, 6
CHANNELS = {GREY: 1, RGB: 3, INDEXED: 1, GREY_ALPHA: 2, RGB_ALPHA: 4}

# Adam7 passes: (x0, y0, dx, dy).
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
         (0, 1, 1, 2)]


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def zlib_stored(raw):
    """A zlib stream of `raw` in stored deflate blocks: the same bytes with any zlib."""
    out = bytearray(b"\x78\x01")
    blocks = [raw[i:i + 65535] for i in range(0, len(raw), 65535)] or [b""]
    for i, block in enumerate(blocks):
        final = 1 if i == len(blocks) - 1 else 0
        out += bytes([final]) + struct.pack("<HH", len(block), len(block) ^ 0xFFFF) + block
    return bytes(out + struct.pack(">I", zlib.adler32(raw) & 0xFFFFFFFF))


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filter_row(kind, row, prev, bpp):
    """Row filtered with PNG filter `kind` (0 none, 1 sub, 2 up, 3 average, 4 paeth)."""
    out = bytearray([kind])
    for i, x in enumerate(row):
        a = row[i - bpp] if i >= bpp else 0
        b = prev[i]
        c = prev[i - bpp] if i >= bpp else 0
        pred = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
        out.append((x - pred) & 0xFF)
    return bytes(out)


def pack_row(samples, depth):
    """Packs one row of sample values (already flattened over channels) at `depth` bits."""
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return bytes(samples)
    out, acc, bits = bytearray(), 0, 0
    for s in samples:
        acc, bits = (acc << depth) | s, bits + depth
        if bits == 8:
            out.append(acc)
            acc, bits = 0, 0
    if bits:
        out.append(acc << (8 - bits))
    return bytes(out)


def scanlines(pixels, depth, colour_type, cycle_filters):
    """Filtered scanlines of a 2D list of per-pixel sample tuples."""
    bpp = max(1, CHANNELS[colour_type] * depth // 8)
    rows = [pack_row([s for px in line for s in px], depth) for line in pixels]
    out, prev = bytearray(), bytes(len(rows[0]) if rows else 0)
    for y, row in enumerate(rows):
        out += filter_row(y % 5 if cycle_filters else 0, row, prev, bpp)
        prev = row
    return bytes(out)


def encode(pixels, depth, colour_type, extra_chunks=(), interlace=False, cycle_filters=False):
    """A PNG of `pixels` (rows of sample tuples, already at `depth` bits)."""
    height, width = len(pixels), len(pixels[0])
    if interlace:
        raw = b""
        for x0, y0, dx, dy in ADAM7:
            sub = [row[x0::dx] for row in pixels[y0::dy]]
            if sub and sub[0]:
                raw += scanlines(sub, depth, colour_type, cycle_filters)
    else:
        raw = scanlines(pixels, depth, colour_type, cycle_filters)
    header = struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, 1 if interlace else 0)
    return (SIGNATURE + chunk(b"IHDR", header) + b"".join(extra_chunks) +
            chunk(b"IDAT", zlib_stored(raw)) + chunk(b"IEND", b""))


def split_idat(png, parts):
    """`png` with its one IDAT chunk split into `parts` IDAT chunks, the first of length 0
    (legal PNG: decoders must concatenate the data of all IDAT chunks)."""
    start = png.index(b"IDAT") - 4
    length = struct.unpack(">I", png[start:start + 4])[0]
    data = png[start + 8:start + 8 + length]
    cuts = [0, 0] + [length * i // (parts - 1) for i in range(1, parts)]
    chunks = b"".join(chunk(b"IDAT", data[a:b]) for a, b in zip(cuts, cuts[1:]))
    return png[:start] + chunks + png[start + 12 + length:]


def draw(tile, colour_of):
    return [[colour_of(ch) for ch in row] for row in tile]


def rgb(depth, empty=MAGENTA):
    scale = 257 if depth == 16 else 1
    return lambda ch: tuple(v * scale for v in (empty if ch == " " else RGBA[ch][:3]))


def rgba(depth):
    scale = 257 if depth == 16 else 1
    return lambda ch: tuple(v * scale for v in RGBA[ch])


def indexed(tile, depth, order, transparent, interlace=False, cycle_filters=False):
    """An indexed PNG: palette entries in `order` (characters); ' ' is the transparent entry
    (tRNS) when `transparent`, else opaque magenta."""
    plte = b"".join(bytes(MAGENTA if ch == " " and not transparent else RGBA[ch][:3])
                    for ch in order)
    extra = [chunk(b"PLTE", plte)]
    if transparent:
        extra.append(chunk(b"tRNS", bytes(RGBA[ch][3] for ch in order)))
    return encode(draw(tile, lambda ch: (order.index(ch),)), depth, INDEXED, extra, interlace,
                  cycle_filters)


def grey_trns(tile, depth, cycle_filters=False):
    """A grey PNG: wall 0, floor the maximum, empty a middle grey made transparent by tRNS."""
    top = (1 << depth) - 1
    clear = 1 if depth == 1 else top // 2
    values = {"#": 0, ".": top, " ": clear}
    trns = chunk(b"tRNS", struct.pack(">H", clear))
    return encode(draw(tile, lambda ch: (values[ch],)), depth, GREY, [trns],
                  cycle_filters=cycle_filters)


def grey_alpha(tile, depth):
    top = (1 << depth) - 1
    values = {"#": (0, top), ".": (top, top), " ": (top // 2, 0)}
    return encode(draw(tile, lambda ch: values[ch]), depth, GREY_ALPHA, cycle_filters=True)


def good_fixtures():
    c, g, o = COLOUR_TILE, GREY_TILE, OUTLINE_TILE
    return {
        # References: the three tiles as plain 8-bit RGBA.
        "colour_ref.png": encode(draw(c, rgba(8)), 8, RGB_ALPHA),
        "grey_ref.png": encode(draw(g, rgba(8)), 8, RGB_ALPHA),
        "outline_ref.png": encode(draw(o, rgba(8)), 8, RGB_ALPHA),
        # The colour tile.
        "colour_rgb8.png": encode(draw(c, rgb(8)), 8, RGB, cycle_filters=True),
        "colour_rgb16.png": encode(draw(c, rgb(16)), 16, RGB, cycle_filters=True),
        "colour_rgba8.png": encode(draw(c, rgba(8)), 8, RGB_ALPHA, cycle_filters=True),
        "colour_rgba16.png": encode(draw(c, rgba(16)), 16, RGB_ALPHA, cycle_filters=True),
        "colour_rgba8_adam7.png": encode(draw(c, rgba(8)), 8, RGB_ALPHA, interlace=True,
                                         cycle_filters=True),
        "colour_rgba8_split_idat.png": split_idat(encode(draw(c, rgba(8)), 8, RGB_ALPHA), 3),
        "colour_indexed2_trns.png": indexed(c, 2, " #.+", True),
        "colour_indexed4_trns.png": indexed(c, 4, "#.+ ", True),
        "colour_indexed8_trns.png": indexed(c, 8, ".+ #", True, cycle_filters=True),
        "colour_indexed2_trns_adam7.png": indexed(c, 2, " #.+", True, interlace=True),
        "colour_indexed2_magenta.png": indexed(c, 2, "#.+ ", False),
        "colour_indexed8_magenta.png": indexed(c, 8, "+ #.", False),
        # 16-bit samples whose low byte is not a copy of the high byte: the decoder keeps the
        # high byte (png.hpp), so 0x00FF is 0 and 0xFF00 is 255.
        "colour_rgb16_low_bytes.png": encode(
            draw(c, lambda ch: tuple(0xFF00 if v else 0x00FF for v in (
                MAGENTA if ch == " " else RGBA[ch][:3]))), 16, RGB),
        # The grey tile.
        "grey_grey2_trns.png": grey_trns(g, 2),
        "grey_grey4_trns.png": grey_trns(g, 4),
        "grey_grey8_trns.png": grey_trns(g, 8, cycle_filters=True),
        "grey_grey16_trns.png": grey_trns(g, 16, cycle_filters=True),
        "grey_grey_alpha8.png": grey_alpha(g, 8),
        "grey_grey_alpha16.png": grey_alpha(g, 16),
        # The outline tile, for the 1-bit formats.
        "outline_grey1_trns.png": grey_trns(o, 1),
        "outline_indexed1_trns.png": indexed(o, 1, "# ", True),
    }


def bad_fixtures(good):
    c = COLOUR_TILE
    reference = good["colour_rgba8.png"]
    idat = reference.index(b"IDAT") - 4  # start of the IDAT chunk (its length field)
    idat_len = struct.unpack(">I", reference[idat:idat + 4])[0]

    index_tile = [[("#.+ ".index(ch),) for ch in row] for row in c]
    index_tile[2][2] = (200,)  # past the 4-entry palette
    plte = chunk(b"PLTE", bytes([0, 0, 0, 255, 255, 255, 255, 0, 0, *MAGENTA]))

    unknown = draw(c, rgba(8))
    unknown[2][3] = (0x12, 0xAB, 0x34, 255)

    zero_ihdr = struct.pack(">IIBBBBB", 0, 4, 8, RGB_ALPHA, 0, 0, 0)
    huge_ihdr = struct.pack(">IIBBBBB", 5000, 5000, 1, GREY, 0, 0, 0)
    vast_ihdr = struct.pack(">IIBBBBB", 20000, 20000, 8, RGB_ALPHA, 0, 0, 0)
    return {
        "truncated.png": reference[:idat + 8 + idat_len // 2],
        "not_png.png": b"This is not a PNG image, just some text saved with a .png name.\n",
        "empty.png": b"",
        "zero_width.png": (SIGNATURE + chunk(b"IHDR", zero_ihdr) +
                           chunk(b"IDAT", zlib_stored(b"\x00" * 4)) + chunk(b"IEND", b"")),
        # Only the header and the first scanline: the decoder must refuse from the header.
        "huge.png": (SIGNATURE + chunk(b"IHDR", huge_ihdr) +
                     chunk(b"IDAT", zlib_stored(bytes(1 + 5000 // 8))) + chunk(b"IEND", b"")),
        # Also over stb_image's own 2^30-byte limit: must still read as "over the limit", not
        # as a damaged header. Only the header and a token IDAT.
        "huge_20000.png": (SIGNATURE + chunk(b"IHDR", vast_ihdr) +
                           chunk(b"IDAT", zlib_stored(b"\x00")) + chunk(b"IEND", b"")),
        "index_past_palette.png": encode(index_tile, 8, INDEXED, [plte]),
        "unknown_colour.png": encode(unknown, 8, RGB_ALPHA),
    }


def main(argv):
    root = pathlib.Path(__file__).resolve().parent.parent
    out_dir = pathlib.Path(argv[1]) if len(argv) > 1 else root / "tests" / "data" / "png"
    out_dir.mkdir(parents=True, exist_ok=True)
    good = good_fixtures()
    files = {**good, **bad_fixtures(good)}
    for name in sorted(files):
        (out_dir / name).write_bytes(files[name])
    print(f"wrote {len(files)} fixtures to {out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
