# Type hints of the dungen package (python/dungen/__init__.py and its C++ part, _dungen).
# tests/python/test_stub.py checks that every public name of the module is here and back.
import enum
import os
from collections.abc import Iterable, Iterator, Mapping
from typing import Literal

import numpy as np
import numpy.typing as npt

__version__: str

_Path = str | os.PathLike[str]
_Policy = Literal["random", "breadth", "depth"]

class Error(Exception):
    """Bad input, a bad option value or an output dungen cannot make."""

    exit_code: int
    """The program's exit status for the same mistake: 1 bad input, 2 bad option value, 4 output."""

class CellKind(enum.IntEnum):
    """What a map cell is: the values of Level.cells."""

    VOID = 0
    FLOOR = 1
    WALL = 2
    DOOR = 3

class Placement:
    """One tile put on the map: mirrored when flip, then turned clockwise by rotate degrees."""

    @property
    def tile(self) -> str: ...
    @property
    def rotate(self) -> int: ...
    @property
    def flip(self) -> bool: ...
    @property
    def orientation(self) -> str: ...
    @property
    def x(self) -> int: ...
    @property
    def y(self) -> int: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...

class Door:
    """A door of the level: width cells from cell (x, y), facing outward from placement."""

    @property
    def x(self) -> int: ...
    @property
    def y(self) -> int: ...
    @property
    def width(self) -> int: ...
    @property
    def facing(self) -> Literal["north", "east", "south", "west"]: ...
    @property
    def fate(self) -> Literal["connected", "locked", "sealed"]: ...
    @property
    def placement(self) -> int: ...
    @property
    def other(self) -> int | None: ...
    @property
    def lock(self) -> int | None: ...
    @property
    def reason(self) -> str | None: ...

class Level:
    """A generated level: read-only data, and the files `dungen generate` writes for it."""

    @property
    def seed(self) -> int: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def cells(self) -> npt.NDArray[np.uint8]: ...
    @property
    def placements(self) -> list[Placement]: ...
    @property
    def doors(self) -> list[Door]: ...
    @property
    def metrics(self) -> dict[str, float]: ...
    @property
    def notes(self) -> list[str]: ...
    @property
    def terminated_early(self) -> bool: ...
    @property
    def complete(self) -> bool: ...
    @property
    def entrance(self) -> tuple[int, int] | None: ...
    @property
    def exit(self) -> tuple[int, int] | None: ...
    @property
    def hash(self) -> str: ...
    @property
    def report(self) -> str: ...
    def to_png(self) -> bytes: ...
    def to_json(self) -> str: ...
    def to_tmj(self) -> str: ...
    def to_ascii(self) -> str: ...

class TileSet:
    """A loaded tile set: load it once, generate many levels; share it between threads."""

    def __init__(
        self,
        folder: _Path,
        *,
        palette: _Path | None = None,
        palette_txt: str | None = None,
        tileset: _Path | None = None,
        max_tile_size: int = 1024,
        skip_invalid: bool = False,
    ) -> None: ...
    @staticmethod
    def from_memory(
        pngs: Mapping[str, bytes | bytearray | memoryview] | Iterable[tuple[str, bytes]],
        tileset_txt: str | None = None,
        *,
        palette: _Path | None = None,
        palette_txt: str | None = None,
        max_tile_size: int = 1024,
        skip_invalid: bool = False,
        label: str = "tiles",
    ) -> TileSet: ...
    @staticmethod
    def from_pixels(
        tiles: Mapping[str, npt.NDArray[np.uint8]] | Iterable[tuple[str, npt.NDArray[np.uint8]]],
        tileset_txt: str | None = None,
        *,
        palette: _Path | None = None,
        palette_txt: str | None = None,
        max_tile_size: int = 1024,
        skip_invalid: bool = False,
        label: str = "tiles",
    ) -> TileSet: ...
    @property
    def tile_names(self) -> list[str]: ...
    @property
    def input_hash(self) -> str: ...
    @property
    def notes(self) -> list[str]: ...
    def generate(
        self,
        seed: int = 1,
        *,
        max_tiles: int = 60,
        min_tiles: int | None = None,
        start: str | None = None,
        policy: _Policy = "random",
        max_size: str | None = None,
        loops: int | None = None,
        loop_detour: int = 20,
        max_dead_ends: int | str | None = None,
        loop_retries: int = 2,
        retries: int = 0,
        flip: bool = True,
        rotate: bool = True,
        locks: int = 0,
        spikes: int = 0,
        monsters: int = 0,
        chests: int = 0,
        loot: int = 0,
        decor: int = 0,
        tiers: int = 0,
        require: str | None = None,
    ) -> Level: ...

class Batch(Iterator[Level]):
    """An iterator over the levels of a batch, in the order of its seeds."""

    def __iter__(self) -> Batch: ...
    def __next__(self) -> Level: ...

def batch(
    tiles: TileSet,
    seeds: Iterable[int],
    threads: int | None = None,
    *,
    max_tiles: int = 60,
    min_tiles: int | None = None,
    start: str | None = None,
    policy: _Policy = "random",
    max_size: str | None = None,
    loops: int | None = None,
    loop_detour: int = 20,
    max_dead_ends: int | str | None = None,
    loop_retries: int = 2,
    retries: int = 0,
    flip: bool = True,
    rotate: bool = True,
    locks: int = 0,
    spikes: int = 0,
    monsters: int = 0,
    chests: int = 0,
    loot: int = 0,
    decor: int = 0,
    tiers: int = 0,
    require: str | None = None,
) -> Batch: ...
