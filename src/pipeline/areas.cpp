#include "pipeline/areas.hpp"

#include <fmt/format.h>

#include "pipeline/generators.hpp"

namespace dungen::pipeline {

core::Level areas_level(const AreasSettings& settings, core::Seed seed) {
  core::Rng rng(seed);
  gen::AreasOptions options = settings.areas;
  options.observe = settings.analyses.observe;
  gen::AreasResult r = gen::generate_areas(options, rng);
  core::Level level = new_level("areas", seed, settings.options);
  level.outcome.stop_reason = "area_filled";
  level.outcome.stop_text = fmt::format(
      "{} seeds spread over the usable area; {} spaces ({} merged for being small), "
      "{} tree doors, {} of {} possible loops joined",
      settings.areas.spaces, r.map.placements.size(), r.merged, r.tree_doors, r.loop_doors,
      r.loop_candidates);
  if (r.unclaimed > 0) {
    level.outcome.notes.push_back(fmt::format(
        "{} usable cells no seed could reach (cut off in the mask) were left empty", r.unclaimed));
  }
  level.map = std::move(r.map);
  finish_level(level, settings.analyses);
  return level;
}

}  // namespace dungen::pipeline
