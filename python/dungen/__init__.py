"""dungen grows dungeons from tiles you draw: this is its Python module.

Load a folder of PNG tiles once, make a level for a seed, and read it as NumPy cells or as
the very files the dungen program writes. The level for a seed is the one
`dungen generate TILES --seed SEED` makes with the same options, byte for byte::

    import dungen
    tiles = dungen.TileSet("samples/classic")      # load once (dungen.Error if bad)
    level = tiles.generate(seed=1, max_tiles=200)   # = dungen generate ... --seed 1 --max-tiles 200
    print(level.width, level.height, level.hash)    # level.cells: NumPy uint8 (height, width)
    open("level.png", "wb").write(level.to_png())   # the map PNG of dungen generate -o

Many levels on every core, in seed order, without the GIL::

    for level in dungen.batch(tiles, range(1, 1001), max_tiles=80):
        print(level.seed, level.metrics["loops"])

The names: TileSet (TileSet(folder), TileSet.from_memory, TileSet.from_pixels;
TileSet.generate), Level (cells, placements, doors, metrics, notes, hash, report, to_png,
to_json, to_tmj, to_ascii), Placement, Door, CellKind, batch and Batch, Error (with
exit_code, as the program's exit status), __version__. Options are the program's, by name:
max_tiles is --max-tiles (help(dungen.TileSet.generate)). docs/python.md has the whole guide.
"""

import enum as _enum

from dungen._dungen import (
    CELL_KINDS as _CELL_KINDS,
    Batch,
    Door,
    Error,
    Level,
    Placement,
    TileSet,
    __version__,
    batch,
)


class CellKind(_enum.IntEnum):
    """What a map cell is: the values of Level.cells (stable across versions).

    An IntEnum, so it compares with the cells directly:
    ``(level.cells == dungen.CellKind.FLOOR).sum()`` counts the floor cells.
    """

    VOID = 0  #: outside the dungeon (transparent in the map PNG)
    FLOOR = 1  #: walkable
    WALL = 2  #: solid
    DOOR = 3  #: a door between two placements (walkable)


if {kind.name: kind.value for kind in CellKind} != _CELL_KINDS:  # pragma: no cover
    raise ImportError(f"dungen: CellKind differs from the library's cell kinds {_CELL_KINDS}")

__all__ = [
    "Batch",
    "CellKind",
    "Door",
    "Error",
    "Level",
    "Placement",
    "TileSet",
    "__version__",
    "batch",
]
