#pragma once
/// \file rooms.hpp
/// The `rooms` pipeline as a library call: the rooms generator, then the analyses.

#include <string>
#include <vector>

#include "core/level.hpp"
#include "gen/rooms/rooms.hpp"
#include "pipeline/finish.hpp"

namespace dungen::pipeline {

/// Everything `rooms` needs besides the seed.
struct RoomsSettings {
  gen::RoomsOptions rooms;
  Analyses analyses;                 ///< locks and content (finish.hpp)
  std::vector<std::string> options;  ///< option lines to record in the reports
};

/// One rooms level from `seed`: generated, analysed, locks placed; dropped rooms and a
/// separation step cap are reported in the level's notes. Throws Error like
/// gen::generate_rooms.
[[nodiscard]] core::Level rooms_level(const RoomsSettings& settings, core::Seed seed);

}  // namespace dungen::pipeline
