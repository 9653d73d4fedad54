#pragma once
/// \file synthetic.hpp
/// The benchmark tile set: corridors, bends, junctions, a room and caps, all with 1-wide
/// doors, so random growth never stalls however many tiles are asked for.

#include <optional>

#include "core/tile.hpp"

namespace dungen::bench {

/// The synthetic tile set (7 tiles, sorted by name).
[[nodiscard]] core::TileSet synthetic_tile_set();

/// The smallest set that can grow for ever, as a new user draws it: a 5x5 cross with a door
/// in the middle of each side, a 3x4 straight, a 4x3 bend and a 3x3 cap, all doors 1 wide
/// (tests/data/grow/ holds the same tiles as PNGs).
[[nodiscard]] core::TileSet cross_tile_set();

/// `copies` copies of each synthetic tile (7 x copies tiles, sorted by name), each allowed
/// `max_uses` placements when set: a folder of many tiles of few shapes.
[[nodiscard]] core::TileSet copied_tile_set(int copies, std::optional<int> max_uses);

/// A large tile image for decode benchmarks: `side` x `side` cells of rooms and walls with
/// doors on the border, as a PNG.
[[nodiscard]] std::vector<std::uint8_t> large_tile_png(int side);

/// Two tiles with many doors: a `side` x `side` room with a door of width 1 on every other
/// cell of its outline (2 * side - 4 doors for an even side), and a 3 x 3 cross of the same kind (4
/// doors).
[[nodiscard]] core::TileSet many_doors_tile_set(int side);

}  // namespace dungen::bench
