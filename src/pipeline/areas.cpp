#include "pipeline/areas.hpp"

#include <fmt/format.h>

#include "core/plural.hpp"
#include "pipeline/generators.hpp"

namespace dungen::pipeline {

core::Level areas_level(const AreasSettings& settings, core::Seed seed) {
  core::Rng rng(seed);
  gen::AreasOptions options = settings.areas;
  options.observe = settings.analyses.observe;
  gen::AreasResult r = gen::generate_areas(options, rng);
  core::Level level = new_level("areas", seed, settings.options);
  level.origin.input_hash = settings.input_hash;
  level.outcome.stop_reason = "area_filled";
  level.outcome.stop_text = fmt::format(
      "{} spread over the usable area; {} ({} merged for being small), {}, {} of {} joined",
      core::count_of(settings.areas.spaces, "seeds"),
      core::count_of(r.map.placements.size(), "spaces"), r.merged,
      core::count_of(r.tree_doors, "tree doors"), r.loop_doors,
      core::count_of(r.loop_candidates, "possible loops"));
  if (r.unclaimed > 0) {
    level.outcome.notes.push_back(fmt::format(
        "{} no seed could reach (cut off in the mask) {} left empty",
        core::count_of(r.unclaimed, "usable cells"), r.unclaimed == 1 ? "was" : "were"));
  }
  level.map = std::move(r.map);
  finish_level(level, settings.analyses);
  return level;
}

}  // namespace dungen::pipeline
