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

/// |dx| + |dy| between `a` and `b`, in cells.
[[nodiscard]] inline int grid_distance(core::Point a, core::Point b) {
  return (a.x > b.x ? a.x - b.x : b.x - a.x) + (a.y > b.y ? a.y - b.y : b.y - a.y);
}

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

/// The growth tree of a level: for each placement, the placement it was first joined to (its
/// parent) and the first cell of the door it was entered by. The path through the tree between
/// two doors is one way to walk between them, so its steps bound the walk from above without a
/// search: pairs of open doors whose tree path is short are never far apart on foot.
class GrowthTree {
 public:
  /// Placement `p` (every placement below it added), a root until joined.
  void add(int p) {
    nodes_.resize(static_cast<std::size_t>(p));
    nodes_.push_back(Node{});
  }
  /// Placement `p`, entered at `entry` (board cells) from `parent`: its first join only.
  void join(int p, int parent, core::Point entry) {
    Node& n = nodes_[static_cast<std::size_t>(p)];
    if (n.parent >= 0 || parent == p) return;
    const Node& up = nodes_[static_cast<std::size_t>(parent)];
    n = Node{parent, up.hops + 1, up.steps + grid_distance(up.entry, entry), entry};
  }
  /// The steps along the tree from cell `a` of placement `pa` to cell `b` of `pb` (|dx| + |dy|
  /// within each placement, door to door); a large number when they are in different trees.
  [[nodiscard]] int distance(int pa, core::Point a, int pb, core::Point b) const {
    int x = pa, y = pb, below_x = -1, below_y = -1;  // below_*: the child the path comes up by
    const auto up = [this](int& at, int& below) {
      below = at;
      at = nodes_[static_cast<std::size_t>(at)].parent;
    };
    while (x >= 0 && y >= 0 && x != y) {
      if (hops(x) >= hops(y))
        up(x, below_x);
      else
        up(y, below_y);
    }
    if (x != y) return kFar;
    const auto leg = [this](int p, core::Point at, int below) {  // from `at` up to x's cell
      if (below < 0) return std::pair{0, at};
      const Node& n = nodes_[static_cast<std::size_t>(p)];
      const Node& child = nodes_[static_cast<std::size_t>(below)];
      return std::pair{grid_distance(at, n.entry) + n.steps - child.steps, child.entry};
    };
    const auto [steps_a, cell_a] = leg(pa, a, below_x);
    const auto [steps_b, cell_b] = leg(pb, b, below_y);
    return steps_a + grid_distance(cell_a, cell_b) + steps_b;
  }
  static constexpr int kFar = 1 << 30;

 private:
  struct Node {
    int parent = -1;
    int hops = 0;   ///< placements up to the root
    int steps = 0;  ///< from the root's first entry to this one's entry, along the tree
    core::Point entry;
  };
  [[nodiscard]] int hops(int p) const { return nodes_[static_cast<std::size_t>(p)].hops; }
  std::vector<Node> nodes_;
};

}  // namespace dungen::gen
