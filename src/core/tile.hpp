#pragma once
/// \file tile.hpp
/// Tiles (one hand-drawn piece of dungeon) and their doors.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/cell.hpp"
#include "core/geometry.hpp"
#include "core/grid.hpp"
#include "core/transform.hpp"

namespace dungen::core {

/// A door: a maximal straight run of door cells along an empty side (see door_detect.hpp).
/// Cells are start, start + along(facing), ... (width cells): doors facing north or south
/// run left to right, doors facing east or west run top to bottom. Coordinates are cells
/// of whatever grid holds the door (tile or map).
struct Door {
  Point start;                    ///< first cell (leftmost or topmost)
  int width = 0;                  ///< number of cells, >= 1
  Facing facing = Facing::North;  ///< outward side: where the empty cells beyond it are
  /// Door kind: 0 = the plain door; others index the names of TileSet::door_kinds (from the
  /// palette's `door:NAME` lines, docs/tile-format.md). Doors join only doors of their kind.
  std::uint8_t kind = 0;
  friend constexpr bool operator==(const Door&, const Door&) = default;

  /// The i-th cell of the door, 0 <= i < width.
  [[nodiscard]] constexpr Point cell(int i) const {
    const Point d = along(facing);
    return {start.x + d.x * i, start.y + d.y * i};
  }
  /// The door moved by `offset` cells.
  [[nodiscard]] constexpr Door shifted(Point offset) const {
    return {start + offset, width, facing, kind};
  }
};

/// True when doors `a` and `b` can join: equal width, equal kind and opposite facing
/// (DESIGN.md "Joining rule"). Positions are not compared.
[[nodiscard]] constexpr bool mates(const Door& a, const Door& b) {
  return a.width == b.width && a.kind == b.kind && a.facing == opposite(b.facing);
}

/// The door `d` of a tile of `size` after orientation `o`: the same cells, re-measured
/// from the transformed tile's top-left corner.
[[nodiscard]] Door apply(Orientation o, const Door& d, Size size);

/// The cells of a tile after orientation `o` (a w x h grid becomes h x w on odd turns).
[[nodiscard]] Grid<CellKind> apply(Orientation o, const Grid<CellKind>& cells);

/// Per-tile settings from the tile folder's sidecar file (docs/tile-format.md).
struct TileSettings {
  std::uint32_t weight = 1;          ///< relative chance of being picked; 0 = never grows
  std::optional<int> max_uses;       ///< at most this many placements; nullopt = unlimited
  bool required = false;             ///< must appear exactly once (e.g. a boss room)
  /// Placed only once growth ends, at most once, at the open door farthest from the entrance on
  /// foot that it fits (e.g. a boss or treasure room); never the start, never in a loop.
  bool far = false;
  std::uint8_t orientations = 0xFF;  ///< bit i set = Orientation value i allowed
  std::vector<std::string> tags;     ///< sorted, without repeats: what a level graph asks for
  /// True when growth can ever place the tile: drawn (weight above 0) or required, and not
  /// limited to 0 uses.
  [[nodiscard]] bool grows() const { return (weight > 0 || required) && max_uses.value_or(1) > 0; }
};

/// One input piece: the cells of one PNG and the doors found in it.
struct Tile {
  std::string name;         ///< file name within the tile folder, e.g. "hall_t.png"
  Grid<CellKind> cells;     ///< one cell per pixel, as drawn (orientation r0)
  std::vector<Door> doors;  ///< attachment doors, in tile coordinates, sorted
  TileSettings settings;
};

/// Index of a tile in its TileSet.
using TileId = std::uint32_t;

/// All tiles of a folder, sorted by file name (byte order), so ids never depend on the
/// order in which the file system lists the folder.
struct TileSet {
  std::vector<Tile> tiles;
  /// Door kind names by kind (Door::kind): [0] is "plain", the others the palette's
  /// `door:NAME` kinds in palette order. Empty when the palette names no kind.
  std::vector<std::string> door_kinds = {};
  /// The id of the tile called `name`, or nullopt.
  [[nodiscard]] std::optional<TileId> find(std::string_view name) const;
};

/// The distinct orientations of `cells`: every orientation whose transformed grid differs
/// from the grids of all earlier orientations (in value order, r0 first), restricted to
/// `allowed` (bit i = orientation value i). A tile with no symmetry has 8; a square tile
/// with full symmetry has 1.
[[nodiscard]] std::vector<Orientation> distinct_orientations(const Grid<CellKind>& cells,
                                                             std::uint8_t allowed = 0xFF);

/// The distinct orientations of `tile` (as above), where two orientations with equal cells
/// still differ when their doors' kinds lie differently (a corridor with a plain door at one
/// end and a secret door at the other has 4 orientations, not 2).
[[nodiscard]] std::vector<Orientation> distinct_orientations(const Tile& tile,
                                                             std::uint8_t allowed = 0xFF);

/// The name of door kind `kind` in `names` (TileSet::door_kinds): "plain" for 0 or when
/// `names` does not hold it.
[[nodiscard]] std::string_view door_kind_name(const std::vector<std::string>& names,
                                              std::uint8_t kind);

}  // namespace dungen::core
