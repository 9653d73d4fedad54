#!/usr/bin/env python3
"""An independent reader of dungen's Universal VTT output (.dd2vtt), standard library only.

Usage: check_uvtt.py MAP.dd2vtt REPORT.json SCALE

Decodes the picture (base64, then PNG: zlib and the five row filters), reads each cell's
colour from it, draws the line-of-sight segments onto the cell grid's edges and checks that
every edge between a passable cell (floor white, door red) and a solid one (wall, empty, the
map's border) is under exactly one segment and no other edge is; that every door of the JSON
report's connections lies under exactly one portal, across its doorway, closed exactly when the
report locks it; and that every portal is such a door. Exit 0 when all holds, else 1 with the
first failure.
"""
import base64
import json
import struct
import sys
import zlib


def fail(msg):
    print("check_uvtt: " + msg, file=sys.stderr)
    sys.exit(1)


def decode_png(data):
    """(width, height, rows of RGBA tuples) of an 8-bit RGBA, non-interlaced PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail("the image is not a PNG")
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if (depth, colour, interlace) != (8, 6, 0):
                fail(f"expected 8-bit RGBA without interlace, got depth {depth} colour {colour}")
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows, prev = zlib.decompress(idat), width * 4, [], bytearray(width * 4)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - 4] if i >= 4 else 0
            b, c = prev[i], prev[i - 4] if i >= 4 else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[i:i + 4]) for i in range(0, stride, 4)])
        prev = line
    return width, height, rows


def main():
    vtt, report, scale = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), int(sys.argv[3])
    if vtt.get("format") != 0.3:
        fail(f"format {vtt.get('format')}, expected 0.3")
    res = vtt["resolution"]
    w, h = res["map_size"]["x"], res["map_size"]["y"]
    if res["pixels_per_grid"] != scale:
        fail(f"pixels_per_grid {res['pixels_per_grid']}, expected {scale}")
    pw, ph, rows = decode_png(base64.b64decode(vtt["image"], validate=True))
    if (pw, ph) != (w * scale, h * scale):
        fail(f"picture {pw}x{ph}, expected {w * scale}x{h * scale}")
    colour = {(x, y): rows[y * scale][x * scale] for y in range(h) for x in range(w)}
    passable = {c for c, rgba in colour.items() if rgba[3] == 255 and rgba[:3] in
                ((255, 255, 255), (255, 0, 0))}

    def open_(x, y):
        return (x, y) in passable

    # Unit edges: ("h", x, y) is the edge from (x, y) to (x + 1, y); ("v", x, y) to (x, y + 1).
    want = {("h", x, y) for y in range(h + 1) for x in range(w) if open_(x, y - 1) != open_(x, y)}
    want |= {("v", x, y) for x in range(w + 1) for y in range(h) if open_(x - 1, y) != open_(x, y)}
    drawn = {}
    for seg in vtt["line_of_sight"]:
        (a, b) = seg
        if a["x"] == b["x"]:
            edges = [("v", a["x"], y) for y in range(min(a["y"], b["y"]), max(a["y"], b["y"]))]
        elif a["y"] == b["y"]:
            edges = [("h", x, a["y"]) for x in range(min(a["x"], b["x"]), max(a["x"], b["x"]))]
        else:
            fail(f"segment {seg} is not straight along the grid")
        for e in edges:
            drawn[e] = drawn.get(e, 0) + 1
    for e in sorted(want):
        if drawn.get(e, 0) != 1:
            fail(f"edge {e} between a passable and a solid cell is under {drawn.get(e, 0)} segments")
    extra = sorted(set(drawn) - want)
    if extra:
        fail(f"segment over edge {extra[0]}, which no wall bounds")

    step = {"north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0)}

    def across(x, y, width, facing):  # the portal line a door of these cells needs
        if facing in ("east", "west"):
            return (x + 0.5, y, x + 0.5, y + width)
        return (x, y + 0.5, x + width, y + 0.5)

    locked = {across(k["x"], k["y"], k["width"], k["facing"]) for k in report.get("locks", [])}
    doors = set()
    for c in report["connections"]:
        doors.add(across(c["x"], c["y"], c["width"], c["facing"]))
        if c.get("corridor", 0):  # b's door, across a corridor
            dx, dy = step[c["facing"]]
            n = c["corridor"]
            doors.add(across(c["x"] + dx * n, c["y"] + dy * n, c["width"], c["facing"]))
    seen = {}
    for p in vtt["portals"]:
        a, b = p["bounds"]
        line = (a["x"], a["y"], b["x"], b["y"])
        if line not in doors:
            fail(f"portal {line} is not across a connected door")
        if p["closed"] != (line in locked):
            fail(f"portal {line} closed={p['closed']}, but the door is {'' if line in locked else 'not '}locked")
        mid = p["position"]
        if (mid["x"], mid["y"]) != ((a["x"] + b["x"]) / 2, (a["y"] + b["y"]) / 2):
            fail(f"portal {line} has its position off its middle")
        seen[line] = seen.get(line, 0) + 1
    for d in sorted(doors):
        if seen.get(d, 0) != 1:
            fail(f"door {d} is under {seen.get(d, 0)} portals")
    for x0, y0, x1, y1 in doors:  # the portal crosses door cells
        cx, cy = int(x0), int(y0)
        if colour[(cx, cy)][:3] != (255, 0, 0):
            fail(f"portal {(x0, y0, x1, y1)} is not over a door cell of the picture")
    print(f"check_uvtt: {len(want)} wall edges, {len(doors)} doors, {len(locked)} locked: ok")


if __name__ == "__main__":
    main()
