# A game's level loop on dungen's Python module: one level per floor, seeds 1, 2, 3; each
# level's JSON and map PNG saved beside it. Install: docs/python.md. Run: python3
# python_example.py TILES_DIR
import sys

import dungen

try:
    tiles = dungen.TileSet(sys.argv[1] if len(sys.argv) > 1 else "tiles")  # loaded once
    for floor in (1, 2, 3):
        level = tiles.generate(seed=floor, max_tiles=40, locks=1, monsters=4)
        walkable = int((level.cells == dungen.CellKind.FLOOR).sum())  # cells: NumPy, no copy
        print(f"floor {floor}: {level.width}x{level.height} cells, {len(level.placements)} tiles, "
              f"{walkable} floor cells, hash {level.hash}")
        with open(f"{floor}.json", "w", encoding="utf-8") as json_file:
            json_file.write(level.to_json())
        with open(f"{floor}.png", "wb") as png_file:
            png_file.write(level.to_png())
except dungen.Error as e:  # the message and exit code `dungen generate` would give
    print(f"python_example: {e}", file=sys.stderr)
    sys.exit(e.exit_code)
