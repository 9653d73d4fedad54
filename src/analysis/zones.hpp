#pragma once
/// \file zones.hpp
/// The zone tree of a level with locks: a zone is the set of placements (rooms, tiles or
/// spaces) reachable with the same set of keys; the tree says which lock leads from one zone
/// to the next (lock-and-key devlog: "space grid, space graph, zone tree").

#include <vector>

#include "core/level.hpp"

namespace dungen::analysis {

using core::Zone;

/// The zones of `level` (empty without locks), ordered by number of keys, then keys: zone 0
/// needs none. Each lock joins the zone of its placement `a` to that of its placement `b`.
/// finish_level stores them in Level::zone_tree; writers read that.
[[nodiscard]] std::vector<Zone> zone_tree(const core::Level& level);

}  // namespace dungen::analysis
