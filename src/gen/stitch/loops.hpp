#pragma once
/// \file loops.hpp
/// What the tile stitcher's loops on purpose (loops.cpp) work with: runs of tiles from an open
/// door, judged by geometry alone, and the pairs of open doors worth joining. Not part of the
/// public API.

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/geometry.hpp"
#include "core/tile.hpp"
#include "gen/stitch/growth_tree.hpp"

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
  int tree = 0;  ///< steps along the growth tree between them (GrowthTree): walk <= tree
  std::uint32_t generation_a = 0;  ///< the slots' generations (OpenDoor::generation) when found
  std::uint32_t generation_b = 0;
};

/// The connections of a level by (placement, door), for walking it: one slot per door of every
/// placement linked so far, in a flat table (a level of 1,000,000 tiles has about 2,000,000
/// joined doors; a hash map of them was a fifth of the growth's time). Placements are indices
/// into Map::placements; a placement index linked again with more doors gets a new block.
class DoorLinks {
 public:
  static constexpr std::uint32_t kNone = 0xFFFFFFFF;

  /// A door of a placement: indices into Map::placements and into its tile's doors.
  struct End {
    int placement = -1;  ///< -1: none
    int door = 0;
  };

  /// Records that door `door_a` of placement `a` (of `doors_a` doors) is joined to door
  /// `door_b` of `b` (of `doors_b` doors), both ways; a later link of a door replaces it.
  void link(int a, int door_a, std::size_t doors_a, int b, int door_b, std::size_t doors_b) {
    ends_[ensure(a, doors_a) + static_cast<std::uint32_t>(door_a)] = {b, door_b};
    ends_[ensure(b, doors_b) + static_cast<std::uint32_t>(door_b)] = {a, door_a};
  }
  /// The slot of door `door` of placement `placement` (below size()), or kNone when it has none.
  [[nodiscard]] std::uint32_t slot(int placement, int door) const {
    const auto p = static_cast<std::size_t>(placement);
    if (p >= blocks_.size() || static_cast<std::uint32_t>(door) >= blocks_[p].count) return kNone;
    return blocks_[p].base + static_cast<std::uint32_t>(door);
  }
  /// The door joined to slot `s` (placement -1 when none).
  [[nodiscard]] End partner(std::uint32_t s) const { return ends_[s]; }
  /// Slots in the table.
  [[nodiscard]] std::size_t size() const { return ends_.size(); }

 private:
  struct Block {
    std::uint32_t base = kNone;  ///< the placement's first slot
    std::uint32_t count = 0;     ///< its slots
  };

  std::uint32_t ensure(int placement, std::size_t doors) {
    const auto p = static_cast<std::size_t>(placement);
    if (p >= blocks_.size()) blocks_.resize(p + 1);
    Block& block = blocks_[p];
    if (block.count >= doors) return block.base;
    const auto fresh = static_cast<std::uint32_t>(ends_.size());
    ends_.resize(ends_.size() + doors);
    for (std::uint32_t d = 0; d < block.count; ++d) ends_[fresh + d] = ends_[block.base + d];
    block = {fresh, static_cast<std::uint32_t>(doors)};
    return fresh;
  }

  std::vector<Block> blocks_;  ///< per placement
  std::vector<End> ends_;      ///< per slot: the door it is joined to
};

}  // namespace dungen::gen
