#pragma once
/// \file metrics.hpp
/// Measures of a finished level for reports and batch manifests: how much of it the player
/// reaches, and the shape of its room graph (dead ends, loops, branching, how far the exit
/// is). Works on any generator's level.

#include "core/level.hpp"

namespace dungen::analysis {

/// The metrics of `level` as it will be written: after reachability, locks (which may seal
/// loops) and content. Movement is 4-connected over floor and door cells from the entrance;
/// a placement's own walkable cells are its floor and interior door cells
/// (core::placement_owners). exit_rooms is a breadth-first search of the room graph from
/// the placement owning the entrance to the one owning the exit (0 when either is missing).
[[nodiscard]] core::LevelMetrics measure_level(const core::Level& level);

}  // namespace dungen::analysis
