#include "analysis/metrics.hpp"

#include <cstdint>
#include <numeric>
#include <vector>

namespace dungen::analysis {
namespace {

// The room graph as compressed rows: row i of `next` (start[i] .. start[i + 1]) lists the
// neighbours of placement i. A level of a million tiles needs no million small vectors.
struct RoomRows {
  std::vector<std::uint32_t> start;
  std::vector<std::int32_t> next;

  explicit RoomRows(const core::Map& map) : start(map.placements.size() + 1, 0) {
    for (const core::Connection& c : map.connections) {
      ++start[static_cast<std::size_t>(c.a)];
      ++start[static_cast<std::size_t>(c.b)];
    }
    std::partial_sum(start.begin(), start.end(), start.begin());  // start[i]: end of row i
    next.resize(start.back());
    for (const core::Connection& c : map.connections) {  // filled from each row's end down
      next[--start[static_cast<std::size_t>(c.a)]] = c.b;
      next[--start[static_cast<std::size_t>(c.b)]] = c.a;
    }  // start[i]: beginning of row i; start.back(): the end of the last
  }
  [[nodiscard]] std::size_t nodes() const { return start.size() - 1; }
  [[nodiscard]] std::uint32_t degree(std::size_t i) const { return start[i + 1] - start[i]; }
};

// Searches of the room graph; memory: a bit per node and the nodes waiting to be expanded.
class RoomSearch {
 public:
  explicit RoomSearch(const RoomRows& rows) : rows_(rows), seen_(rows.nodes(), false) {}

  // Fewest connections from placement `from` to placement `to`; 0 when `to` is not reached.
  // For a fresh search only. Holds one layer of the search at a time, not every node seen.
  int distance(std::size_t from, std::size_t to) {
    visit(from);
    std::vector<std::int32_t> layer;
    for (int depth = 0; !queue_.empty(); ++depth) {
      layer.swap(queue_);  // the nodes `depth` steps away; their neighbours queue anew
      queue_.clear();
      for (const std::int32_t p : layer) {
        if (static_cast<std::size_t>(p) == to) return depth;
        expand(static_cast<std::size_t>(p));
      }
    }
    return 0;
  }
  // Whether `from` was unseen; then it and every node it reaches are seen. The queue is
  // emptied after, so that floods of many components reuse it.
  bool flood(std::size_t from) {
    if (!visit(from)) return false;
    while (!queue_.empty()) {
      const auto p = static_cast<std::size_t>(queue_.back());
      queue_.pop_back();  // depth-first: the order does not matter to what is seen
      expand(p);
    }
    return true;
  }

 private:
  bool visit(std::size_t p) {
    if (seen_[p]) return false;
    seen_[p] = true;
    queue_.push_back(static_cast<std::int32_t>(p));
    return true;
  }
  void expand(std::size_t p) {
    for (std::uint32_t k = rows_.start[p]; k < rows_.start[p + 1]; ++k)
      visit(static_cast<std::size_t>(rows_.next[k]));
  }

  const RoomRows& rows_;
  std::vector<bool> seen_;
  std::vector<std::int32_t> queue_;
};

// Connected components of the room graph.
int components(const RoomRows& rows) {
  RoomSearch search(rows);
  int count = 0;
  for (std::size_t i = 0; i < rows.nodes(); ++i) count += search.flood(i);
  return count;
}

// Placements none of whose own walkable cells the entrance reaches. The unreachable cells are
// found again from the regions' first cells, so a level without regions costs nothing here.
int count_unreachable_placements(const core::Level& level) {
  if (level.analysis.unreachable.empty()) return 0;
  const core::Map& map = level.map;
  core::Grid<char> lost(map.cells.size(), 0);
  std::vector<core::Point> stack;
  for (const core::Region& r : level.analysis.unreachable) {
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
    const core::Rect b = map.bounds(map.placements[i]);
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
  for (const core::Region& r : level.analysis.unreachable) m.reachable_cells -= r.cells;
  if (!level.analysis.entrance) m.reachable_cells = 0;
  m.unreachable_placements = count_unreachable_placements(level);
  const RoomRows rows(map);
  for (std::size_t i = 0; i < rows.nodes(); ++i) m.dead_ends += rows.degree(i) == 1;
  m.loops = m.connections - m.placements + components(rows);
  m.exit_steps = level.analysis.exit ? level.analysis.exit_distance : 0;
  const auto owner_of = [&](const std::optional<core::Point>& p) {
    return p ? map.placement_at(*p) : -1;
  };
  const int from = owner_of(level.analysis.entrance), to = owner_of(level.analysis.exit);
  if (from >= 0 && to >= 0) {
    m.exit_rooms =
        RoomSearch(rows).distance(static_cast<std::size_t>(from), static_cast<std::size_t>(to));
  }
  return m;
}

}  // namespace dungen::analysis
