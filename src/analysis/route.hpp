#pragma once
/// \file route.hpp
/// The solver's way through a level as a walk of cells (solver.hpp proves that there is one;
/// this finds it): from the entrance to each key in the order the solver picks them up, then
/// to the exit. What a player (or a Doom demo, export/doom_demo.hpp) follows.

#include <optional>
#include <vector>

#include "core/level.hpp"

namespace dungen::analysis {

/// How to weigh a walk.
struct RouteOptions {
  /// Cost of a 90-degree turn, in steps (a U-turn is two turns); 0 = shortest walks only.
  int turn_cost = 0;
  /// The heading the walk starts with (for the first turn's cost).
  core::Facing start_facing = core::Facing::East;
  /// Cells never entered (row-major, map-sized; may be null), e.g. obstacles.
  const std::vector<bool>* blocked = nullptr;
};

/// The walk from the entrance through every key (in solve()'s pick-up order) to the exit: map
/// cells, each a 4-neighbour of the one before, entrance first and exit last. Each leg is the
/// cheapest over passable cells (steps plus turns times turn_cost; ties broken the same way
/// every time) that crosses a lock's door cells only with its key held. nullopt when the level
/// has no entrance or exit or the exit cannot be reached.
[[nodiscard]] std::optional<std::vector<core::Point>> find_route(const core::Level& level,
                                                                 const RouteOptions& options = {});

/// The facing from `from` toward the longest straight run of passable cells (ties go to east,
/// north, west, south in that order): where a player standing on `from` looks first.
[[nodiscard]] core::Facing open_facing(const core::Grid<core::CellKind>& cells, core::Point from);

/// Fills level.analysis.route with the way a player walks through the level: find_route from
/// the entrance, heading open_facing(entrance), each quarter turn costing `turn_cost` steps,
/// never entering a cell holding an obstacle (core::is_obstacle). Left empty when the level
/// has no entrance or exit or no such way. Run after locks and content are placed.
void find_play_route(core::Level& level, int turn_cost);

}  // namespace dungen::analysis
