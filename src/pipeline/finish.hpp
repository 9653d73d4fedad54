#pragma once
/// \file finish.hpp
/// The analysis steps every generator's level goes through before it is written.

#include "core/level.hpp"

namespace dungen::pipeline {

/// Entrance, exit and reachability (analysis/reachability.hpp), then `locks` lock-and-key
/// puzzles (analysis/locks.hpp) drawn from the seed's "locks" stream, so locks never move
/// rooms. `level.seed` must be set.
void finish_level(core::Level& level, int locks);

}  // namespace dungen::pipeline
