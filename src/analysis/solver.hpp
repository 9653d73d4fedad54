#pragma once
/// \file solver.hpp
/// The lock-and-key solver that proves a level: walk from the entrance over passable cells
/// (4-connected), pick up every key reached, open a lock once its key is held, and repeat
/// until nothing new is reached.

#include <vector>

#include "core/level.hpp"

namespace dungen::analysis {

/// What a walk through the level found.
struct SolveResult {
  bool exit_reached = false;
  std::vector<int> keys_in_order;  ///< key ids in the order they were picked up
  std::vector<int> locks_opened;   ///< lock ids in the order they were opened
  std::vector<bool> reached;       ///< per cell (row-major): walked on (or stopped at a lock)
};

/// Walks `level` from its entrance. A lock's door cells can be crossed only with its key;
/// the lock `walled` (an id, or -1 for none) can never be crossed, as if walled up for good;
/// cells marked in `blocked` (row-major, map-sized; may be null) can never be entered.
/// One pass over the map: cells waiting behind a lock resume when its key is found.
[[nodiscard]] SolveResult solve(const core::Level& level, int walled = -1,
                                const std::vector<bool>* blocked = nullptr);

/// solve() over the floors of a dungeon (pipeline/floors.hpp; maps of one size, floor 1
/// first): from floor 1's entrance, each stair (floor k's exit, floor k + 1's entrance: one
/// cell) walked both ways, keys held across floors; exit_reached when the last floor's exit
/// is reached; `reached` per cell of each floor, floor by floor (floor k's cell i at
/// k * cells + i). The independent check of analysis::place_floor_locks: one walk of cells,
/// not the proof's groups. A floor without an entrance or exit: nothing reached.
[[nodiscard]] SolveResult solve_floors(const std::vector<const core::Level*>& floors,
                                       int walled = -1);

/// The locks of every floor (in floor order, then the floor's order) whose walling up still
/// leaves the last floor's exit reachable by solve_floors: empty for a good dungeon puzzle.
/// A walk of every floor's cells per lock.
[[nodiscard]] std::vector<int> unneeded_floor_locks(
    const std::vector<const core::Level*>& floors);

/// Locks that are not needed: walling one of them up for good still leaves the exit
/// reachable (solve(level, id).exit_reached), in the order of level.locks. Empty for a good
/// puzzle. One pass over the cells groups them around the locks (walk_graph.hpp); each lock
/// then costs a walk of the groups, not of the cells.
[[nodiscard]] std::vector<int> unneeded_locks(const core::Level& level);

}  // namespace dungen::analysis
