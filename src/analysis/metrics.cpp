#include "analysis/metrics.hpp"

#include <numeric>
#include <vector>


namespace dungen::analysis {
namespace {

// Components of the room graph, by union-find over the connections.
int components(int nodes, const std::vector<core::Connection>& edges) {
  std::vector<int> parent(static_cast<std::size_t>(nodes));
  std::iota(parent.begin(), parent.end(), 0);
  const auto find = [&](int x) {
    while (parent[static_cast<std::size_t>(x)] != x) {
      x = parent[static_cast<std::size_t>(x)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(x)])];
    }
    return x;
  };
  int count = nodes;
  for (const core::Connection& c : edges) {
    const int a = find(c.a), b = find(c.b);
    if (a == b) continue;
    parent[static_cast<std::size_t>(a)] = b;
    --count;
  }
  return count;
}

// Fewest connections from placement `from` to placement `to`; 0 when either is -1 or `to`
// cannot be reached.
int room_distance(const core::Map& map, int from, int to) {
  if (from < 0 || to < 0) return 0;
  std::vector<std::vector<int>> next(map.placements.size());
  for (const core::Connection& c : map.connections) {
    next[static_cast<std::size_t>(c.a)].push_back(c.b);
    next[static_cast<std::size_t>(c.b)].push_back(c.a);
  }
  std::vector<int> dist(map.placements.size(), -1);
  std::vector<int> queue{from};
  dist[static_cast<std::size_t>(from)] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const int p = queue[head];
    for (int q : next[static_cast<std::size_t>(p)]) {
      if (dist[static_cast<std::size_t>(q)] >= 0) continue;
      dist[static_cast<std::size_t>(q)] = dist[static_cast<std::size_t>(p)] + 1;
      queue.push_back(q);
    }
  }
  return std::max(dist[static_cast<std::size_t>(to)], 0);
}

// Placements none of whose own walkable cells the entrance reaches. The unreachable cells are
// found again from the regions' first cells, so a level without regions costs nothing here.
int count_unreachable_placements(const core::Level& level) {
  if (level.unreachable.empty()) return 0;
  const core::Map& map = level.map;
  core::Grid<char> lost(map.cells.size(), 0);
  std::vector<core::Point> stack;
  for (const core::Region& r : level.unreachable) {
    lost[r.first] = 1;
    stack.push_back(r.first);
    while (!stack.empty()) {
      const core::Point p = stack.back();
      stack.pop_back();
      for (core::Facing f : core::kFacings) {
        const core::Point q = p + core::step(f);
        if (!map.cells.contains(q) || lost[q] != 0 || !core::passable(map.cells[q])) continue;
        lost[q] = 1;
        stack.push_back(q);
      }
    }
  }
  // Whether placement i owns a cell for which `pred` holds; most stop at their first floor.
  const auto any_owned = [&](std::size_t i, auto pred) {
    const core::Rect b = map.placements[i].bounds();
    for (int y = b.y; y < b.y + b.height; ++y) {
      for (int x = b.x; x < b.x + b.width; ++x) {
        const core::Point p{x, y};
        if (map.cells.contains(p) && core::placement_owns(map, i, p) && pred(p)) return true;
      }
    }
    return false;
  };
  int count = 0;
  for (std::size_t i = 0; i < map.placements.size(); ++i) {
    const bool owns_cells = any_owned(i, [](core::Point) { return true; });
    count += owns_cells && !any_owned(i, [&](core::Point p) { return lost[p] == 0; });
  }
  return count;
}

}  // namespace

core::LevelMetrics measure_level(const core::Level& level) {
  const core::Map& map = level.map;
  core::LevelMetrics m;
  m.placements = static_cast<int>(map.placements.size());
  m.connections = static_cast<int>(map.connections.size());
  for (core::CellKind k : map.cells.data()) m.passable_cells += core::passable(k);
  m.reachable_cells = m.passable_cells;
  for (const core::Region& r : level.unreachable) m.reachable_cells -= r.cells;
  if (!level.entrance) m.reachable_cells = 0;
  m.unreachable_placements = count_unreachable_placements(level);
  std::vector<int> degree(map.placements.size(), 0);
  for (const core::Connection& c : map.connections) {
    ++degree[static_cast<std::size_t>(c.a)];
    ++degree[static_cast<std::size_t>(c.b)];
  }
  for (int d : degree) m.dead_ends += d == 1;
  m.loops = m.connections - m.placements + components(m.placements, map.connections);
  m.exit_steps = level.exit ? level.exit_distance : 0;
  const auto owner_of = [&](const std::optional<core::Point>& p) { return p ? map.placement_at(*p) : -1; };
  m.exit_rooms = room_distance(map, owner_of(level.entrance), owner_of(level.exit));
  return m;
}

}  // namespace dungen::analysis
