#pragma once
/// \file zones.hpp
/// The zone tree of a level with locks: a zone is the set of placements (rooms, tiles or
/// spaces) reachable with the same set of keys; the tree says which lock leads from one zone
/// to the next (lock-and-key devlog: "space grid, space graph, zone tree").

#include <vector>

#include "core/level.hpp"

namespace dungen::analysis {

/// One zone: the keys needed to enter it, its placements, and where it hangs in the tree.
struct Zone {
  int id = 0;
  std::vector<int> keys;        ///< sorted key ids
  std::vector<int> placements;  ///< ascending placement ids
  int parent = -1;              ///< the zone the entering lock opens from, -1 for the first zone
  int lock = -1;                ///< the lock leading in from the parent, -1 for the first zone
};

/// The zones of `level` (empty without locks), ordered by number of keys, then keys: zone 0
/// needs none. Each lock joins the zone of its placement `a` to that of its placement `b`.
[[nodiscard]] std::vector<Zone> zone_tree(const core::Level& level);

}  // namespace dungen::analysis
