#pragma once
/// \file growth_tree.hpp
/// The growth tree of a tile-stitched level, for the loops on purpose (loops.cpp): an upper
/// bound on the walk between two open doors without a search. Not part of the public API.

#include <cstddef>
#include <utility>
#include <vector>

#include "core/geometry.hpp"

namespace dungen::gen {

/// |dx| + |dy| between `a` and `b`, in cells.
[[nodiscard]] inline int grid_distance(core::Point a, core::Point b) {
  return (a.x > b.x ? a.x - b.x : b.x - a.x) + (a.y > b.y ? a.y - b.y : b.y - a.y);
}

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
