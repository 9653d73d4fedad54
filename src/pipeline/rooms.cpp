#include "pipeline/rooms.hpp"

#include <fmt/format.h>

#include "core/plural.hpp"
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
      "{} placed at random, separated in {}; {} kept, {}, {} of {} joined",
      core::count_of(settings.rooms.rooms, "rooms"), core::count_of(r.separation_steps, "steps"),
      r.rooms.size(), core::count_of(r.tree_doors, "tree doors"), r.loop_doors,
      core::count_of(r.loop_candidates, "possible loops"));
  if (r.hit_step_cap) {
    level.outcome.notes.push_back(
        fmt::format("separation stopped at its cap of {}; rooms were then pushed "
                    "apart cell by cell",
                    core::count_of(settings.rooms.max_steps, "steps")));
  }
  if (r.given_up > 0) {
    level.outcome.notes.push_back(
        fmt::format("{} could not be pushed apart after steering stopped and {} left out; "
                    "allow more separation steps (--max-steps, now {})",
                    core::count_of(r.given_up, "rooms"), r.given_up == 1 ? "was" : "were",
                    settings.rooms.max_steps));
  }
  if (!r.dropped.empty()) {
    level.outcome.notes.push_back(fmt::format(
        "{} dropped: no door could join {} to the largest group of "
        "neighbouring rooms (see dropped_rooms)",
        core::count_of(r.dropped.size(), "rooms"), r.dropped.size() == 1 ? "it" : "them"));
  }
  level.outcome.dropped_rooms = std::move(r.dropped);
  level.map = std::move(r.map);
  finish_level(level, settings.analyses);
  return level;
}

}  // namespace dungen::pipeline
