// Walking a level for the loops on purpose (loops.cpp): the connections by door, the growth
// tree's bound and the shortest walk between two open doors (Dijkstra, 1959).
#include <algorithm>
#include <limits>

#include "gen/stitch/stitcher.hpp"

namespace dungen::gen {

int Stitcher::tree_walk(std::uint32_t a, std::uint32_t b) const {
  const OpenDoor& x = board_.record(a);
  const OpenDoor& y = board_.record(b);
  return growth_tree_.distance(x.placement, x.span.start, y.placement, y.span.start);
}

void Stitcher::index_connections() {
  const auto doors = [this](int placement) {
    return candidates_.variants()[variant_of(static_cast<std::size_t>(placement))].doors.size();
  };
  for (; indexed_connections_ < map_.connections.size(); ++indexed_connections_) {
    const core::Connection& c = map_.connections[indexed_connections_];
    door_links_.link(c.a, c.door_a(), doors(c.a), c.b, c.door_b(), doors(c.b));
    degree_.resize(map_.placements.size(), 0);
    ++degree_[static_cast<std::size_t>(c.a)];
    ++degree_[static_cast<std::size_t>(c.b)];
  }
}

core::Point Stitcher::door_start(int placement, int door) const {
  const auto p = static_cast<std::size_t>(placement);
  return candidates_.variants()[variant_of(p)].doors[static_cast<std::size_t>(door)].start +
         map_.placements[p].origin;
}

int Stitcher::door_part_of(int placement, int door) const {
  return candidates_.variants()[variant_of(static_cast<std::size_t>(placement))]
      .door_part[static_cast<std::size_t>(door)];
}

int Stitcher::walk_between(std::uint32_t a, std::uint32_t b, int limit) {
  const OpenDoor& from = board_.record(a);
  const OpenDoor& to = board_.record(b);
  const int to_part = door_part_of(to.placement, to.door);
  int best = limit;
  // Standing at a door of a tile: every door of the same part is |dx| + |dy| away; a joined
  // door leads onto its partner's cells at no cost (Dijkstra, 1959, bounded by `best`).
  for (const std::uint32_t s : walk_touched_) walk_steps_[s] = std::numeric_limits<int>::max();
  walk_touched_.clear();
  walk_steps_.resize(door_links_.size(), std::numeric_limits<int>::max());
  walk_heap_.clear();
  const auto greater = [](const WalkStep& x, const WalkStep& y) { return x.steps > y.steps; };
  const auto visit = [&](int placement, int door, core::Point at, int steps) {
    const OrientedTile& v = candidates_.variants()[variant_of(static_cast<std::size_t>(placement))];
    const int part = v.door_part[static_cast<std::size_t>(door)];
    if (placement == to.placement && part == to_part)
      best = std::min(best, steps + grid_distance(at, to.span.start));
    for (std::size_t d = 0; d < v.doors.size(); ++d) {
      if (static_cast<int>(d) == door || v.door_part[d] != part) continue;
      const std::uint32_t slot = door_links_.slot(placement, static_cast<int>(d));
      if (slot == DoorLinks::kNone) continue;
      const DoorLinks::End across = door_links_.partner(slot);
      if (across.placement < 0) continue;
      const std::uint32_t there = door_links_.slot(across.placement, across.door);
      const int next = steps + grid_distance(at, door_start(placement, static_cast<int>(d)));
      if (next >= best || walk_steps_[there] <= next) continue;
      if (walk_steps_[there] == std::numeric_limits<int>::max()) walk_touched_.push_back(there);
      walk_steps_[there] = next;
      walk_heap_.push_back({next, there, across});
      std::push_heap(walk_heap_.begin(), walk_heap_.end(), greater);
    }
  };
  visit(from.placement, from.door, from.span.start, 0);
  while (!walk_heap_.empty()) {
    std::pop_heap(walk_heap_.begin(), walk_heap_.end(), greater);
    const WalkStep step = walk_heap_.back();
    walk_heap_.pop_back();
    if (step.steps >= best) break;
    if (walk_steps_[step.slot] < step.steps) continue;
    const DoorLinks::End at = step.at;
    visit(at.placement, at.door, door_start(at.placement, at.door), step.steps);
  }
  return best;
}

}  // namespace dungen::gen
