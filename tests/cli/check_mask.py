#!/usr/bin/env python3
"""Checks that a level keeps to its --mask, reading the mask PNG and the level's ASCII map alone.

Usage: check_mask.py MASK.png MAP.txt [MAP.txt ...]

A mask cell is usable when its pixel is light and opaque (red, green, blue and alpha at least
128). Each ASCII map (dungen --ascii, one character per cell, a space for an empty cell) must
have the mask's size, hold a cell other than a space only on usable mask cells, and hold some
floor. Exit 0 when all holds, else 1 with the first failure.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_uvtt import decode_png  # noqa: E402


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    with open(sys.argv[1], "rb") as f:
        width, height, rows = decode_png(f.read())
    usable = [[min(px) >= 128 for px in row] for row in rows]
    for path in sys.argv[2:]:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")[:height]
        if len(lines) < height or any(len(line) != width for line in lines):
            sys.exit(f"check_mask: {path}: the map is not the mask's {width}x{height} cells")
        for y, line in enumerate(lines):
            for x, ch in enumerate(line):
                if ch != " " and not usable[y][x]:
                    sys.exit(f"check_mask: {path}: cell ({x}, {y}) '{ch}' lies outside the mask")
        if not any("." in line for line in lines):
            sys.exit(f"check_mask: {path}: the map has no floor")


if __name__ == "__main__":
    main()
