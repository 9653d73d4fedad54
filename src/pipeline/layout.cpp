#include "pipeline/layout.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "core/plural.hpp"
#include "gen/layout/layout.hpp"
#include "pipeline/generators.hpp"

namespace dungen::pipeline {

bool is_builtin_layout(const std::string& name) { return gen::is_builtin_layout(name); }

void check_layout(const LayoutSettings& settings) {
  if (settings.spec) {
    gen::validate_layout(*settings.spec);
  } else {
    core::Rng probe(0);
    (void)gen::builtin_layout(settings.builtin, settings.space, probe);
  }
}

core::Level layout_level(const LayoutSettings& settings, core::Seed seed) {
  core::Rng rng(seed);
  const core::LayoutSpec spec =
      settings.spec ? *settings.spec : gen::builtin_layout(settings.builtin, settings.space, rng);
  core::Level level = new_level("layout", seed, settings.options);
  level.origin.input_hash = settings.input_hash;
  level.map = gen::layout_map(spec, rng);
  if (settings.analyses.observe) settings.analyses.observe("carved", level.map.cells);
  level.outcome.stop_reason = "layout_carved";
  // The file's name only: reports must not depend on where the layout file lies.
  level.outcome.stop_text = fmt::format(
      "layout {}: {}, {}", std::filesystem::path(spec.name).filename().string(),
      core::count_of(spec.rooms.size(), "rooms"), core::count_of(spec.links.size(), "connections"));
  finish_level(level, settings.analyses);
  return level;
}

}  // namespace dungen::pipeline
