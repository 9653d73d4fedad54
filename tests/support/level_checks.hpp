#pragma once
/// \file level_checks.hpp
/// Properties every generated level must have, checked independently of the stitcher:
/// recomposes the map from the placements and compares.

#include <string>
#include <vector>

#include "core/level.hpp"
#include "core/tile.hpp"

namespace dungen::test {

/// Every violation found, one sentence each; empty when the level is sound:
///  - no two placements share a floor cell; overlaps are only wall/wall, joined door cells,
///    or a sealed door under a wall;
///  - every door of every placement is connected exactly once or listed unused exactly once;
///  - each connection's two doors lie on the same cells with equal width, opposite facing;
///  - the map equals the recomposition of the placements (unused doors sealed), but for empty
///    cells walled next to walkable ones; no walkable cell touches the outside;
///  - entrance and exit are floor; every passable cell is reachable or in a listed region.
[[nodiscard]] std::vector<std::string> level_violations(const core::Level& level,
                                                        const core::TileSet& set);

}  // namespace dungen::test
