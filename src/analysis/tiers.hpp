#pragma once
/// \file tiers.hpp
/// Danger that rises (--tiers T): monsters, chests and loot get a tier 1..T from how far
/// along the level they lie on foot and how many locks stand before them (docs/content.md
/// "Tiers").

#include "core/level.hpp"

namespace dungen::analysis {

/// The highest --tiers value.
inline constexpr int kMostTiers = 9;

/// Where a thing lies, for its tier: steps along the route (route_steps) and locks.
struct TierPlace {
  int steps = 0;      ///< route_steps at its cell; -1: none
  int farthest = 0;   ///< the greatest route_steps of the level
  int locks = 0;      ///< locks that must be opened to reach it (its lock depth)
  bool last = false;  ///< true when it lies behind the last lock the solver opens
};

/// The tier, 1..`tiers`, of a thing at `at`: with progress p = steps / farthest, tier 1 in the
/// first fifth (p < 0.2, whatever the locks), else 2..tiers spread evenly over the rest of p;
/// beyond the first fifth, `tiers` behind the last lock and at least 1 + locks x (tiers - 1) /
/// `level_locks` (rounded down) behind others. Integer arithmetic only.
[[nodiscard]] int tier_of(const TierPlace& at, int tiers, int level_locks);

/// Walking distance along the play route (analysis/route.hpp, shortest legs) to every cell:
/// the fewest of i + steps from the route's i-th cell, never through a lock's door cells but on
/// the route, which crosses each lock once its key is held. So a cell behind a lock counts the
/// walk to its key first; without locks it is the walking distance from the entrance. -1 where
/// not reached. When no route reaches the exit, the walking distance from the entrance, locks
/// walked through. Needs an entrance.
[[nodiscard]] core::Grid<int> route_steps(const core::Level& level);

/// Gives every monster, chest and loot of level.content.features its tier (tier_of, with
/// route_steps and the puzzle's zones) and sets level.content.tiers;
/// other features keep tier 0. Does nothing when `tiers` < 1 or the level has no entrance.
void assign_tiers(core::Level& level, int tiers);

}  // namespace dungen::analysis
