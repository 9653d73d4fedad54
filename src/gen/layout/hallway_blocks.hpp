#pragma once
/// \file hallway_blocks.hpp
/// Where rooms stand in a hallway's way: the door positions at which a straight corridor
/// between two facing rooms would run into a third room. Found from the rooms' rectangles
/// alone (a bucket grid, no cells painted), so a designed layout is checked before anything
/// is carved and the carve skips those positions without building their cells.

#include <span>
#include <utility>
#include <vector>

#include "core/geometry.hpp"
#include "gen/rooms/rect_grid.hpp"
#include "gen/rooms/rooms.hpp"

namespace dungen::gen {

/// The door positions of one hallway that rooms block. Positions are cells along the facing
/// walls, as RoomPair::at (rows for an east or west side, columns for north or south).
struct HallwayBlocks {
  /// Blocked positions as sorted, disjoint, non-adjacent inclusive ranges [first, second].
  std::vector<std::pair<int, int>> ranges;
  /// The rooms (indices into the outer rectangles) in the way at some position, ascending.
  std::vector<int> rooms;
};

/// True when every position from `lo` to `hi` (inclusive) lies in `ranges` (sorted,
/// disjoint, non-adjacent inclusive ranges, as HallwayBlocks::ranges). Logarithmic.
[[nodiscard]] bool covers(std::span<const std::pair<int, int>> ranges, int lo, int hi);

/// The rooms `outer` (outer rectangles: floor plus a one-cell wall ring, cells) bucketed for
/// hallway_blocks.
[[nodiscard]] RectGrid room_buckets(const std::vector<core::Rect>& outer);

/// The positions at which the corridor of `pair` (a hallway: gap >= 0), `width` cells wide,
/// with its side walls, would meet a room of `outer` other than its two ends: its floor would
/// cross a room's cells or a side wall a room's floor. Exactly the positions at which
/// carve_rooms finds the rooms themselves in the way. Costs about the buckets of `grid` that
/// the gap between the two rooms covers. Empty for a shared wall (gap -1).
[[nodiscard]] HallwayBlocks hallway_blocks(const std::vector<core::Rect>& outer,
                                           const RectGrid& grid, const RoomPair& pair, int width);

}  // namespace dungen::gen
