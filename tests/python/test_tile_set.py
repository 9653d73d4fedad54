"""Tile sets from a folder, from PNG bytes and from NumPy pixels: the same tiles make the same
levels, and the tile options are the program's."""

import struct
import zlib

import numpy as np
import pytest

import dungen
from conftest import CLASSIC, SAMPLES, cli_hashes

# Two tiles drawn as text: '#' wall, '.' floor, 'D' door, ' ' empty.
ROOM = ["#DD#",
        "#..#",
        "#..#",
        "#DD#"]
HALL = ["#DD#",
        "#..#",
        "#..#",
        "#..#",
        "#..#",
        "####"]
COLOURS = {"#": (0, 0, 0, 255), ".": (255, 255, 255, 255), "D": (255, 0, 0, 255),
           " ": (0, 0, 0, 0)}


def pixels(rows):
    """A tile drawn as text, as RGBA pixels (height, width, 4)."""
    return np.array([[COLOURS[c] for c in row] for row in rows], dtype=np.uint8)


def png(rgba):
    """RGBA pixels as PNG bytes (8-bit RGBA, no filter): what from_pixels encodes."""
    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))
    height, width, _ = rgba.shape
    rows = b"".join(b"\x00" + rgba[y].tobytes() for y in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def test_from_memory_is_the_folder(classic):
    files = {path.name: path.read_bytes() for path in CLASSIC.glob("*.png")}
    settings = CLASSIC / "tileset.txt"
    text = settings.read_text(encoding="utf-8") if settings.exists() else None
    memory = dungen.TileSet.from_memory(files, text)
    assert memory.input_hash == classic.input_hash
    assert memory.tile_names == classic.tile_names
    assert memory.generate(3).hash == classic.generate(3).hash
    pairs = dungen.TileSet.from_memory(list(files.items()), text)  # (name, bytes) pairs
    assert pairs.input_hash == classic.input_hash


def test_from_pixels_is_the_same_tiles_as_pngs():
    tiles = {"hall.png": pixels(HALL), "room.png": pixels(ROOM)}
    from_pixels = dungen.TileSet.from_pixels(tiles)
    from_pngs = dungen.TileSet.from_memory({name: png(p) for name, p in tiles.items()})
    assert from_pixels.tile_names == ["hall.png", "room.png"]
    for seed in (1, 2, 3):
        a = from_pixels.generate(seed, max_tiles=12)
        b = from_pngs.generate(seed, max_tiles=12)
        assert np.array_equal(a.cells, b.cells)
        assert [p.tile for p in a.placements] == [p.tile for p in b.placements]
        assert len(a.placements) > 1


def test_from_pixels_takes_any_layout_of_the_array():
    rgba = pixels(ROOM)
    fortran = np.asfortranarray(rgba)
    a = dungen.TileSet.from_pixels({"room.png": rgba, "hall.png": pixels(HALL)})
    b = dungen.TileSet.from_pixels({"room.png": fortran, "hall.png": pixels(HALL)})
    assert a.input_hash == b.input_hash


def test_tileset_settings_and_label():
    tiles = {"hall.png": pixels(HALL), "room.png": pixels(ROOM)}
    weighted = dungen.TileSet.from_pixels(tiles, "room.png weight=3\n")
    assert weighted.input_hash != dungen.TileSet.from_pixels(tiles).input_hash
    with pytest.raises(dungen.Error, match="^levels/room.png"):
        dungen.TileSet.from_pixels({"room.png": np.zeros((0, 4, 4), dtype=np.uint8)},
                                   label="levels")


def test_tile_options_are_the_programs(tmp_path):
    kinds = SAMPLES / "kinds"
    palette = kinds / "palette.txt"
    if not palette.exists():
        pytest.skip("samples/kinds has no palette.txt")
    tiles = dungen.TileSet(kinds, palette=palette)
    want = cli_hashes(tmp_path, kinds, 1, 1, palette=palette)
    assert tiles.generate(1).hash == want[1]
    text = dungen.TileSet(kinds, palette=palette, palette_txt=palette.read_text(encoding="utf-8"))
    assert text.input_hash == tiles.input_hash


def test_skip_invalid_notes(tmp_path):
    for name in ("room_small.png", "corridor1_straight.png"):
        (tmp_path / name).write_bytes((CLASSIC / name).read_bytes())
    (tmp_path / "broken.png").write_bytes(b"not a png")
    tiles = dungen.TileSet(tmp_path, skip_invalid=True)
    assert "broken.png" not in tiles.tile_names
    assert any("broken.png" in note for note in tiles.notes)
    with pytest.raises(dungen.Error, match="broken.png"):
        dungen.TileSet(tmp_path)
    assert dungen.TileSet(str(tmp_path), skip_invalid=True).input_hash == tiles.input_hash
