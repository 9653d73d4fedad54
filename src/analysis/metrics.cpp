#include "analysis/metrics.hpp"

#include <numeric>
#include <vector>

#include "analysis/reachability.hpp"

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

}  // namespace

core::LevelMetrics measure_level(const core::Level& level) {
  const core::Map& map = level.map;
  core::LevelMetrics m;
  m.placements = static_cast<int>(map.placements.size());
  m.connections = static_cast<int>(map.connections.size());
  const core::Grid<int> owners = core::placement_owners(map);
  const core::Grid<int> dist = level.entrance ? distances_from(map.cells, *level.entrance)
                                              : core::Grid<int>(map.cells.size(), -1);
  std::vector<char> owns(map.placements.size(), 0), reached(map.placements.size(), 0);
  for (int y = 0; y < map.cells.height(); ++y) {
    for (int x = 0; x < map.cells.width(); ++x) {
      const core::Point p{x, y};
      if (!core::passable(map.cells[p])) continue;
      ++m.passable_cells;
      m.reachable_cells += dist[p] >= 0;
      const int owner = owners[p];
      if (owner < 0) continue;
      owns[static_cast<std::size_t>(owner)] = 1;
      if (dist[p] >= 0) reached[static_cast<std::size_t>(owner)] = 1;
    }
  }
  std::vector<int> degree(map.placements.size(), 0);
  for (const core::Connection& c : map.connections) {
    ++degree[static_cast<std::size_t>(c.a)];
    ++degree[static_cast<std::size_t>(c.b)];
  }
  for (std::size_t i = 0; i < map.placements.size(); ++i) {
    m.unreachable_placements += owns[i] && !reached[i];
    m.dead_ends += degree[i] == 1;
  }
  m.loops = m.connections - m.placements + components(m.placements, map.connections);
  m.exit_steps = level.exit ? level.exit_distance : 0;
  const auto owner_of = [&](const std::optional<core::Point>& p) { return p ? owners[*p] : -1; };
  m.exit_rooms = room_distance(map, owner_of(level.entrance), owner_of(level.exit));
  return m;
}

}  // namespace dungen::analysis
