#pragma once
/// \file loops.hpp
/// What the tile stitcher's loops on purpose (loops.cpp) work with: runs of tiles from an open
/// door, judged by geometry alone, and the pairs of open doors worth joining. Not part of the
/// public API.

#include <array>
#include <cstdint>

#include "core/geometry.hpp"
#include "core/tile.hpp"

namespace dungen::gen {

/// One tile of a loop's run: tile variant `variant` (an index into Candidates::variants())
/// with its top-left corner at `origin` (board cells), entered by its door `entry` and left by
/// its door `exit` (indices into the variant's doors, both of one part).
struct LoopPiece {
  std::uint32_t variant = 0;
  core::Point origin;
  std::uint32_t entry = 0;
  std::uint32_t exit = 0;
};

/// A run of one to three tiles from an open door and the door it ends at (the last piece's
/// exit, board cells, facing outward of that piece).
struct LoopRun {
  core::Door end;
  std::array<LoopPiece, 3> pieces{};
  std::uint8_t count = 0;  ///< pieces used
  int steps = 0;           ///< through the pieces, door to door (|dx| + |dy| in each)
};

/// Two open doors (board slots) that a loop could join: `space` steps apart as the crow walks
/// on the grid (|dx| + |dy| between their first cells), `walk` steps apart through the level
/// (counted up to a bound, loops.cpp).
struct LoopPair {
  std::uint32_t a = 0;
  std::uint32_t b = 0;
  int walk = 0;
  int space = 0;
};

/// |dx| + |dy| between `a` and `b`, in cells.
[[nodiscard]] inline int grid_distance(core::Point a, core::Point b) {
  return (a.x > b.x ? a.x - b.x : b.x - a.x) + (a.y > b.y ? a.y - b.y : b.y - a.y);
}

}  // namespace dungen::gen
