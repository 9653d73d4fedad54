#pragma once
/// \file floors.hpp
/// Whole dungeons (--floors N): N levels made from one seed, stacked in one coordinate frame so
/// that each floor's way down (its exit) lies on the same cell as the next floor's way up (its
/// entrance), as LambdaHack keeps a staircase at the same place on every level it crosses.

#include <functional>
#include <string>
#include <vector>

#include "core/level.hpp"
#include "pipeline/finish.hpp"

namespace dungen::pipeline {

/// The most floors a dungeon may have.
inline constexpr int kMostFloors = 64;

/// A dungeon of floors, floor 1 first. Every floor's map has the same size and map cell (x, y)
/// is the same place on every floor.
struct Dungeon {
  core::Seed seed = 0;  ///< the dungeon's: floor k's is floor_seed(seed, k) (before its retries)
  std::vector<core::Level> floors;
  /// stairs[k]: the cell (map cells) of floor k + 1's way down (its exit) and floor k + 2's way
  /// up (its entrance); floors.size() - 1 of them.
  std::vector<core::Point> stairs;
};

/// The seed of floor `floor` (0 = the first) of the dungeon of `seed`: `seed` itself for the
/// first, so floor 1 is the level a single run of `seed` makes; later floors draw theirs from
/// the rng's "floors" stream of `seed`.
[[nodiscard]] core::Seed floor_seed(core::Seed seed, int floor);

/// Makes `floors` (1 to kMostFloors) levels with `make`, floor k from floor_seed(seed, k), then
/// moves each after the first so that its entrance lies on the exit of the floor above, and
/// grows every map to the frame that holds them all (empty cells around). Each floor after the
/// first gets a note naming the stair cell it shares with the floor above. A floor without an
/// entrance or exit (no floor cell) keeps the frame of the floor above and says so in a note.
/// With `across` (analyses with locks > 0; `make` then makes floors without locks), the
/// dungeon gets across->locks locks per floor placed as one puzzle (lock_floors). Throws what
/// `make` throws.
[[nodiscard]] Dungeon make_floors(const std::function<core::Level(core::Seed)>& make,
                                  core::Seed seed, int floors,
                                  const Analyses* across = nullptr);

/// Locks and keys across the floors of `d` (made without locks): analyses.locks x floors
/// locks in the whole dungeon, placed as one puzzle on the floors joined by their stairs
/// (analysis::place_floor_locks, drawn from the rng's "locks" stream of the dungeon's seed),
/// so a key may lie on another floor than its lock, above or below it; then each floor's
/// content, tiers, route and metrics made again for its locks (finish_after_locks).
void lock_floors(Dungeon& d, const Analyses& analyses);

/// The metrics of the whole dungeon: every count of its floors' metrics (core::LevelMetrics)
/// summed, floor 1 first. So its reachable share and branching are those of all its cells and
/// rooms, its exit steps and exit rooms the way from floor 1's way up down every stair to the
/// last floor's way down (a stair is one cell of both floors: no step), and its loops those of
/// the floors' room graphs joined by the stairs (a stair joins two graphs, closing no cycle).
[[nodiscard]] core::LevelMetrics dungeon_metrics(const Dungeon& d);

/// Moves every position of `level` (map, entrance, exit, regions, route, locks, keys,
/// features, trimmed placements, dropped rooms) by `shift` cells into a map of `size` cells.
/// The map moved must fit inside `size`.
void move_level(core::Level& level, core::Point shift, core::Size size);

}  // namespace dungen::pipeline
