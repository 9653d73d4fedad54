#pragma once
/// \file areas.hpp
/// The `areas` pipeline as a library call: seed-and-spread spaces, then the analyses.

#include <string>
#include <vector>

#include "core/level.hpp"
#include "gen/areas/areas.hpp"
#include "pipeline/finish.hpp"

namespace dungen::pipeline {

/// Everything `areas` needs besides the seed.
struct AreasSettings {
  gen::AreasOptions areas;
  Analyses analyses;
  std::vector<std::string> options;  ///< option lines to record in the reports
  std::string input_hash;  ///< FNV-1a of the --mask file, 16 hex digits; empty without one
};

/// One areas level from `seed`. Throws Error like gen::generate_areas.
[[nodiscard]] core::Level areas_level(const AreasSettings& settings, core::Seed seed);

}  // namespace dungen::pipeline
