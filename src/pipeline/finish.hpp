#pragma once
/// \file finish.hpp
/// The analysis steps every generator's level goes through before it is written.

#include "analysis/content.hpp"
#include "core/level.hpp"
#include "core/steps.hpp"

namespace dungen::pipeline {

/// What every generator's level gets besides its own settings: the analyses added after it
/// is made, whatever made it, and who watches the steps.
struct Analyses {
  int locks = 0;                     ///< lock-and-key puzzles (analysis/locks.hpp)
  analysis::ContentOptions content;  ///< spikes, monsters, chests, loot, decor, tiers
  /// >= 0: find the play route (analysis::find_play_route) with quarter turns costing this
  /// many steps, for writers that play the level (a Doom demo); -1: no route.
  int route_turn_cost = -1;
  /// Sees the map after each named step of the generator and of finish_level ("locks"
  /// when locks are placed); unset: no pictures (core/steps.hpp).
  core::StepObserver observe{};
  /// >= 0: the exit lies in this placement (its floor cell farthest from the entrance), as a
  /// level graph's exit room asks; -1: the floor cell farthest from the entrance.
  int exit_placement = -1;
};

/// Entrance, exit and reachability (analysis/reachability.hpp), then the lock-and-key
/// puzzles, then the features and content (analysis/content.hpp) and their tiers
/// (analysis/tiers.hpp), each drawn from its own
/// stream of the level's seed ("locks", "content"), so neither moves rooms nor the other;
/// then the play route when asked for; last the metrics (analysis/metrics.hpp). Writers only
/// read what this fills.
/// `level.seed` must be set.
void finish_level(core::Level& level, const Analyses& analyses);

/// The steps of finish_level after the locks are placed: the zone tree and the solver's order
/// of locks (with analyses.locks > 0), content, tiers, play route and metrics. For a level
/// whose locks were placed elsewhere (a dungeon's, pipeline/floors.hpp), with its content
/// and route still empty.
void finish_after_locks(core::Level& level, const Analyses& analyses);

}  // namespace dungen::pipeline
