#include "analysis/tiers.hpp"

#include <algorithm>
#include <cstdint>
#include <deque>

#include "analysis/obstacles.hpp"
#include "analysis/reachability.hpp"
#include "analysis/route.hpp"

namespace dungen::analysis {
namespace {

// The locks before each cell: the puzzle's key sets by placement (core::ZoneKeys), read
// through the owner of the cell. Without locks every cell has none.
class LockDepths {
 public:
  explicit LockDepths(const core::Level& level) : zones_(level.puzzle.zones) {
    if (zones_.empty()) return;
    owners_ = core::placement_owners(level.map);
    const std::vector<int>& opened = level.puzzle.locks_opened;
    if (!opened.empty())
      last_key_ = level.puzzle.lock_by_id(opened.back())->key;
  }

  // The lock depth of `cell` and whether the last lock opened stands before it.
  void fill(core::Point cell, TierPlace& at) const {
    if (zones_.empty()) return;
    const int owner = owners_[cell];
    if (owner < 0 || static_cast<std::size_t>(owner) >= zones_.size()) return;
    const std::vector<int>& keys = zones_[static_cast<std::size_t>(owner)];
    if (!keys.empty() && keys.front() < 0) return;  // {-1}: the entrance does not reach it
    at.locks = static_cast<int>(keys.size());
    at.last = std::binary_search(keys.begin(), keys.end(), last_key_);
  }

 private:
  const core::ZoneKeys& zones_;
  core::Grid<int> owners_;
  int last_key_ = -1;
};

// Breadth-first from many sources at once: `sources[i]` starts at i steps (Dijkstra with unit
// steps: the queue's values never fall, the sources join in order). `locked` cells are entered
// only as sources.
core::Grid<int> steps_from(const core::Grid<core::CellKind>& cells,
                           const std::vector<core::Point>& sources,
                           const std::vector<bool>& locked) {
  core::Grid<int> steps(cells.size(), -1);
  std::deque<core::Point> queue;
  std::size_t next = 0;
  while (next < sources.size() || !queue.empty()) {
    core::Point p;
    if (next < sources.size() &&
        (queue.empty() || static_cast<int>(next) <= steps[queue.front()])) {
      p = sources[next];
      const int at = static_cast<int>(next++);
      if (steps[p] >= 0 && steps[p] <= at) continue;  // reached in as few steps already
      steps[p] = at;
    } else {
      p = queue.front();
      queue.pop_front();
    }
    for (const core::Facing f : core::kFacings) {
      const core::Point q = p + core::step(f);
      if (!core::passable(cells.get_or(q, core::CellKind::Void)) || steps[q] >= 0 ||
          locked[cells.index(q)])
        continue;
      steps[q] = steps[p] + 1;
      queue.push_back(q);
    }
  }
  return steps;
}

}  // namespace

core::Grid<int> route_steps(const core::Level& level) {
  const auto& cells = level.map.cells;
  // Without locks the route's i-th cell is i steps from the entrance, so the walk from the
  // entrance is the answer, without the route's search (16 bytes a cell per heading).
  if (level.puzzle.locks.empty()) return distances_from(cells, *level.analysis.entrance);
  if (auto route = find_route(level)) return steps_from(cells, *route, lock_door_cells(level));
  return distances_from(cells, *level.analysis.entrance);
}

int tier_of(const TierPlace& at, int tiers, int level_locks) {
  const std::int64_t steps = at.steps, farthest = at.farthest;
  if (tiers <= 1 || steps < 0 || farthest <= 0 || 5 * steps < farthest) return 1;
  // p in [0.2, 1] spread over tiers 2..T: 2 + floor((p - 0.2) / 0.8 x (T - 1)), T at p = 1.
  const std::int64_t spread = 2 + (5 * steps - farthest) * (tiers - 1) / (4 * farthest);
  int tier = static_cast<int>(std::min<std::int64_t>(tiers, spread));
  if (at.last) return tiers;
  if (at.locks > 0 && level_locks > 0)
    tier = std::max(tier, 1 + std::min(at.locks, level_locks) * (tiers - 1) / level_locks);
  return tier;
}

void assign_tiers(core::Level& level, int tiers) {
  if (tiers < 1 || !level.analysis.entrance) return;
  level.content.tiers = tiers;
  const core::Grid<int> steps = route_steps(level);
  const int farthest = *std::max_element(steps.data().begin(), steps.data().end());
  const LockDepths depths(level);
  const int locks = static_cast<int>(level.puzzle.locks.size());
  for (core::Feature& f : level.content.features) {
    if (!core::is_tiered(f.kind)) continue;
    TierPlace at{steps[f.cell], farthest, 0, false};
    depths.fill(f.cell, at);
    f.tier = tier_of(at, tiers, locks);
  }
}

}  // namespace dungen::analysis
