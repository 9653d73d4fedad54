#include "pipeline/rooms.hpp"

#include <fmt/format.h>

#include "pipeline/finish.hpp"
#include "pipeline/generators.hpp"

namespace dungen::pipeline {

core::Level rooms_level(const RoomsSettings& settings, core::Seed seed) {
  core::Rng rng(seed);
  gen::RoomsOptions options = settings.rooms;
  options.observe = settings.analyses.observe;
  gen::RoomsResult r = gen::generate_rooms(options, rng);
  core::Level level = new_level("rooms", seed, settings.options);
  level.outcome.stop_reason = "rooms_placed";
  level.outcome.stop_text = fmt::format(
      "{} rooms placed at random, separated in {} steps; {} kept, {} tree doors, {} of {} "
      "possible loops joined",
      settings.rooms.rooms, r.separation_steps, r.rooms.size(), r.tree_doors, r.loop_doors,
      r.loop_candidates);
  if (r.hit_step_cap) {
    level.outcome.notes.push_back(
        fmt::format("separation stopped at its cap of {} steps; rooms were then pushed "
                    "apart cell by cell",
                    settings.rooms.max_steps));
  }
  if (r.given_up > 0) {
    level.outcome.notes.push_back(
        fmt::format("{} rooms could not be pushed apart after steering stopped and were left out; "
                    "allow more separation steps (max steps)",
                    r.given_up));
  }
  if (!r.dropped.empty()) {
    level.outcome.notes.push_back(
        fmt::format("{} rooms dropped: no door could join them to the largest group of "
                    "neighbouring rooms (see dropped_rooms)",
                    r.dropped.size()));
  }
  level.outcome.dropped_rooms = std::move(r.dropped);
  level.map = std::move(r.map);
  finish_level(level, settings.analyses);
  return level;
}

}  // namespace dungen::pipeline
