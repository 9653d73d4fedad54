#include "pipeline/floors.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "analysis/locks.hpp"
#include "core/rng.hpp"

namespace dungen::pipeline {

core::Seed floor_seed(core::Seed seed, int floor) {
  if (floor == 0) return seed;
  core::Rng rng = core::Rng(seed).fork("floors");
  core::Seed s = 0;
  for (int i = 0; i < floor; ++i) s = rng.next();
  return s;
}

void move_level(core::Level& level, core::Point shift, core::Size size) {
  core::move_map(level.map, size, shift);
  const auto move = [&](core::Point& p) { p = p + shift; };
  if (level.analysis.entrance) move(*level.analysis.entrance);
  if (level.analysis.exit) move(*level.analysis.exit);
  for (core::Region& r : level.analysis.unreachable) move(r.first);
  for (core::RowRun& r : level.analysis.unreachable_runs) move(r.first);
  for (core::Point& p : level.analysis.route) move(p);
  for (core::Lock& l : level.puzzle.locks) l.door = l.door.shifted(shift);
  for (core::Key& k : level.puzzle.keys) move(k.cell);
  for (core::Feature& f : level.content.features) move(f.cell);
  for (core::TrimmedPlacement& t : level.outcome.trimmed) move(t.origin);
  for (core::Rect& r : level.outcome.dropped_rooms) r = core::Rect{r.x + shift.x, r.y + shift.y,
                                                                   r.width, r.height};
}

void lock_floors(Dungeon& d, const Analyses& analyses) {
  std::vector<core::Level*> floors;
  for (core::Level& level : d.floors) {
    level.content = core::Content{};  // placed again for the dungeon's locks
    level.analysis.route.clear();
    floors.push_back(&level);
  }
  core::Rng rng = core::Rng(d.seed).fork("locks");
  analysis::place_floor_locks(floors, analyses.locks * static_cast<int>(floors.size()), rng);
  Analyses after = analyses;
  after.observe = {};
  for (core::Level& level : d.floors) finish_after_locks(level, after);
}

core::LevelMetrics dungeon_metrics(const Dungeon& d) {
  core::LevelMetrics sum;
  for (const core::Level& level : d.floors) {
    const core::LevelMetrics& m = level.analysis.metrics;
    sum.passable_cells += m.passable_cells;
    sum.reachable_cells += m.reachable_cells;
    sum.unreachable_placements += m.unreachable_placements;
    sum.dead_ends += m.dead_ends;
    sum.loops += m.loops;
    sum.exit_steps += m.exit_steps;
    sum.exit_rooms += m.exit_rooms;
    sum.connections += m.connections;
    sum.placements += m.placements;
  }
  return sum;
}

Dungeon make_floors(const std::function<core::Level(core::Seed)>& make, core::Seed seed,
                    int floors, const Analyses* across) {
  Dungeon d;
  d.seed = seed;
  std::vector<core::Point> at;  // each floor's map origin in the dungeon's frame
  for (int k = 0; k < floors; ++k) {
    core::Level level = make(floor_seed(seed, k));
    core::Point origin{0, 0};
    if (k > 0) {
      const core::Level& above = d.floors.back();
      origin = at.back();
      if (above.analysis.exit && level.analysis.entrance) {
        origin = origin + *above.analysis.exit - *level.analysis.entrance;
      } else {
        level.outcome.notes.push_back(fmt::format(
            "floor {}: no stair to floor {}: {} has no {} (no floor cell)", k + 1, k,
            above.analysis.exit ? "this floor" : "the floor above",
            above.analysis.exit ? "entrance" : "exit"));
      }
    }
    at.push_back(origin);
    d.floors.push_back(std::move(level));
  }
  // The frame: every floor's map, each at its origin.
  core::Point low = at.front(), high = at.front();
  for (std::size_t k = 0; k < at.size(); ++k) {
    const core::Size s = d.floors[k].map.cells.size();
    low = core::Point{std::min(low.x, at[k].x), std::min(low.y, at[k].y)};
    high = core::Point{std::max(high.x, at[k].x + s.width), std::max(high.y, at[k].y + s.height)};
  }
  const core::Size frame{high.x - low.x, high.y - low.y};
  for (std::size_t k = 0; k < at.size(); ++k) move_level(d.floors[k], at[k] - low, frame);
  for (std::size_t k = 1; k < at.size(); ++k) {
    core::Level& level = d.floors[k];
    if (!d.floors[k - 1].analysis.exit || !level.analysis.entrance) continue;
    const core::Point stair = *d.floors[k - 1].analysis.exit;
    d.stairs.push_back(stair);
    level.outcome.notes.push_back(fmt::format("floor {} of {}: its way up is floor {}'s way down, "
                                              "at {},{}",
                                              k + 1, floors, k, stair.x, stair.y));
  }
  if (across != nullptr && across->locks > 0) lock_floors(d, *across);
  return d;
}

}  // namespace dungen::pipeline
