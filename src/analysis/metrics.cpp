#include "analysis/metrics.hpp"

#include <cstdint>
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
  // The room graph as compressed rows (offsets, then neighbours): a level of a million tiles
  // needs no million small vectors.
  const std::size_t n = map.placements.size();
  std::vector<std::uint32_t> start(n + 1, 0);
  for (const core::Connection& c : map.connections) {
    ++start[static_cast<std::size_t>(c.a)];
    ++start[static_cast<std::size_t>(c.b)];
  }
  std::partial_sum(start.begin(), start.end(), start.begin());  // start[i]: end of row i
  std::vector<std::int32_t> next(start[n]);
  for (const core::Connection& c : map.connections) {  // filled from each row's end down
    next[--start[static_cast<std::size_t>(c.a)]] = c.b;
    next[--start[static_cast<std::size_t>(c.b)]] = c.a;
  }  // start[i]: beginning of row i; start[n]: the end of the last
  std::vector<std::int32_t> dist(n, -1);
  std::vector<std::int32_t> queue{from};
  dist[static_cast<std::size_t>(from)] = 0;
  for (std::size_t head = 0; head < queue.size() && dist[static_cast<std::size_t>(to)] < 0; ++head) {
    const auto p = static_cast<std::size_t>(queue[head]);
    for (std::uint32_t k = start[p]; k < start[p + 1]; ++k) {
      const auto q = static_cast<std::size_t>(next[k]);
      if (dist[q] >= 0) continue;
      dist[q] = dist[p] + 1;
      queue.push_back(next[k]);
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
