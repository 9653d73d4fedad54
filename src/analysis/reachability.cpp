#include "analysis/reachability.hpp"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <utility>
#include <vector>

#include "core/tile_parts.hpp"

namespace dungen::analysis {
using core::CellKind;
using core::Point;

core::Grid<int> distances_from(const core::Grid<CellKind>& cells, Point from) {
  core::Grid<int> dist(cells.size(), -1);
  if (!cells.contains(from) || !core::passable(cells[from])) return dist;
  std::deque<Point> queue{from};  // cells walked are let go: it holds about the front
  dist[from] = 0;
  while (!queue.empty()) {
    const Point p = queue.front();
    queue.pop_front();
    for (core::Facing f : core::kFacings) {
      const Point q = p + core::step(f);
      if (!cells.contains(q) || dist[q] >= 0 || !core::passable(cells[q])) continue;
      dist[q] = dist[p] + 1;
      queue.push_back(q);
    }
  }
  return dist;
}

std::vector<bool> reachable_cells(const core::Grid<CellKind>& cells, Point from) {
  std::vector<bool> reached(cells.data().size(), false);
  if (!cells.contains(from) || !core::passable(cells[from])) return reached;
  const auto w = static_cast<std::size_t>(cells.width());
  const auto& data = cells.data();
  // Breadth-first: the queue holds about the walk's front, where a depth-first stack may
  // hold a good share of a huge open room.
  std::deque<std::size_t> queue{static_cast<std::size_t>(from.y) * w +
                                static_cast<std::size_t>(from.x)};
  reached[queue.front()] = true;
  while (!queue.empty()) {
    const std::size_t i = queue.front();
    queue.pop_front();
    const std::size_t x = i % w;
    const std::size_t next[4] = {i >= w ? i - w : SIZE_MAX, x + 1 < w ? i + 1 : SIZE_MAX,
                                 i + w < data.size() ? i + w : SIZE_MAX, x > 0 ? i - 1 : SIZE_MAX};
    for (std::size_t q : next) {
      if (q == SIZE_MAX || reached[q] || !core::passable(data[q])) continue;
      reached[q] = true;
      queue.push_back(q);
    }
  }
  return reached;
}

std::optional<Point> central_floor(const core::Grid<CellKind>& cells, core::Rect area) {
  std::optional<Point> best;
  std::int64_t best_d = 0;
  // Twice the centre, so odd sizes stay integral.
  const int cx2 = 2 * area.x + area.width - 1, cy2 = 2 * area.y + area.height - 1;
  for (int y = area.y; y < area.bottom(); ++y) {
    for (int x = area.x; x < area.right(); ++x) {
      if (!cells.contains(Point{x, y}) || cells[Point{x, y}] != CellKind::Floor) continue;
      const std::int64_t dx = 2 * x - cx2, dy = 2 * y - cy2;
      const std::int64_t d = dx * dx + dy * dy;
      if (!best || d < best_d) {
        best = Point{x, y};
        best_d = d;
      }
    }
  }
  return best;
}

namespace {

// One bit per cell: "visited". An eighth of a byte per cell, where a distance grid would
// take four bytes: analysis of huge maps stays within a fraction of the map's own size.
class CellBits {
 public:
  explicit CellBits(std::size_t cells) : words_((cells + 63) / 64, 0) {}
  [[nodiscard]] bool test(std::size_t i) const { return (words_[i / 64] >> (i % 64)) & 1u; }
  void set(std::size_t i) { words_[i / 64] |= std::uint64_t{1} << (i % 64); }

 private:
  std::vector<std::uint64_t> words_;
};

// Calls visit(q) for each 4-neighbour q of cell index i that is passable and not yet
// visited, marking it visited.
template <typename Visit>
void for_new_neighbours(const core::Grid<CellKind>& cells, CellBits& seen, std::size_t i,
                        Visit visit) {
  const auto w = static_cast<std::size_t>(cells.width());
  const std::size_t x = i % w;
  const auto& data = cells.data();
  const std::size_t candidates[4] = {i >= w ? i - w : SIZE_MAX, x + 1 < w ? i + 1 : SIZE_MAX,
                                     i + w < data.size() ? i + w : SIZE_MAX,
                                     x > 0 ? i - 1 : SIZE_MAX};
  for (std::size_t q : candidates) {
    if (q == SIZE_MAX || seen.test(q) || !core::passable(data[q])) continue;
    seen.set(q);
    visit(q);
  }
}

// Breadth-first from `from`, layer by layer; returns the first (row-major) cell that
// `wanted` accepts (by default: floor) of the last layer that holds one, and its distance
// ({from, -1} when no layer does). Sets *target_distance to the layer of cell `target` (left
// as it is when the walk never gets there). Memory: the seen bits and two layers.
template <typename Wanted>
std::pair<std::size_t, int> farthest_wanted(const core::Grid<CellKind>& cells, CellBits& seen,
                                            std::size_t from, Wanted wanted,
                                            std::size_t target = SIZE_MAX,
                                            int* target_distance = nullptr) {
  std::vector<std::size_t> layer{from}, next;
  seen.set(from);
  std::pair<std::size_t, int> best{from, -1};
  for (int distance = 0; !layer.empty(); ++distance) {
    std::size_t first = SIZE_MAX;
    for (std::size_t i : layer) {
      if (i == target && target_distance != nullptr) *target_distance = distance;
      if (i < first && wanted(i)) first = i;
      for_new_neighbours(cells, seen, i, [&](std::size_t q) { next.push_back(q); });
    }
    if (first != SIZE_MAX) best = {first, distance};
    layer.swap(next);
    next.clear();
  }
  return best;
}

// farthest_wanted of floor cells; {from, 0} when no floor is reached.
std::pair<std::size_t, int> farthest_floor(const core::Grid<CellKind>& cells, CellBits& seen,
                                           std::size_t from, std::size_t target = SIZE_MAX,
                                           int* target_distance = nullptr) {
  const auto floor = [&](std::size_t i) { return cells.data()[i] == CellKind::Floor; };
  const auto best = farthest_wanted(cells, seen, from, floor, target, target_distance);
  return best.second < 0 ? std::pair<std::size_t, int>{from, 0} : best;
}

// Groups the passable cells not yet seen into 4-connected regions, in row-major order.
std::vector<core::Region> unreachable_regions(const core::Grid<CellKind>& cells, CellBits& seen) {
  std::vector<core::Region> regions;
  std::vector<std::size_t> stack;
  const auto w = static_cast<std::size_t>(cells.width());
  for (std::size_t start = 0; start < cells.data().size(); ++start) {
    if (seen.test(start) || !core::passable(cells.data()[start])) continue;
    core::Region r{Point{static_cast<int>(start % w), static_cast<int>(start / w)}, 0};
    seen.set(start);
    stack.push_back(start);
    while (!stack.empty()) {
      const std::size_t i = stack.back();
      stack.pop_back();
      ++r.cells;
      for_new_neighbours(cells, seen, i, [&](std::size_t q) { stack.push_back(q); });
    }
    regions.push_back(r);
  }
  return regions;
}

// The passable cells not yet seen, as row runs in row-major order.
std::vector<core::RowRun> unseen_runs(const core::Grid<CellKind>& cells, const CellBits& seen) {
  std::vector<core::RowRun> runs;
  const auto w = static_cast<std::size_t>(cells.width());
  for (std::size_t i = 0; i < cells.data().size(); ++i) {
    if (seen.test(i) || !core::passable(cells.data()[i])) continue;
    const bool extends =
        !runs.empty() && i % w != 0 && !seen.test(i - 1) && core::passable(cells.data()[i - 1]);
    if (extends) {
      ++runs.back().length;
    } else {
      runs.push_back({Point{static_cast<int>(i % w), static_cast<int>(i / w)}, 1});
    }
  }
  return runs;
}

// Fills the unreachable regions and their row runs from the cells the entrance's flood did
// not see (the region flood is skipped when every passable cell was seen).
void record_unreachable(core::Analysis& analysis, const core::Grid<CellKind>& cells,
                        CellBits& seen) {
  analysis.unreachable_runs = unseen_runs(cells, seen);
  analysis.unreachable.clear();
  if (!analysis.unreachable_runs.empty()) analysis.unreachable = unreachable_regions(cells, seen);
}

}  // namespace

std::optional<Point> entrance_of(const core::Map& map) {
  const auto& cells = map.cells;
  if (!map.placements.empty()) {
    const core::Placement& first = map.placements.front();
    if (first.shape < map.shapes.size()) {
      const std::optional<Point> local = core::entrance_cell(map.shapes[first.shape]);
      if (local && cells.get_or(first.origin + *local, CellKind::Void) == CellKind::Floor) {
        return first.origin + *local;
      }
    }
    if (auto e = central_floor(cells, map.bounds(first))) return e;
  }
  return central_floor(cells, {0, 0, cells.width(), cells.height()});
}

void analyse_reachability(core::Level& level) {
  const auto& cells = level.map.cells;
  level.analysis.entrance = entrance_of(level.map);
  level.analysis.exit.reset();
  level.analysis.unreachable.clear();
  level.analysis.unreachable_runs.clear();
  if (!level.analysis.entrance) return;
  const auto w = static_cast<std::size_t>(cells.width());
  CellBits seen(cells.data().size());
  const auto [exit, distance] =
      farthest_floor(cells, seen,
                     static_cast<std::size_t>(level.analysis.entrance->y) * w +
                         static_cast<std::size_t>(level.analysis.entrance->x));
  level.analysis.exit = Point{static_cast<int>(exit % w), static_cast<int>(exit / w)};
  level.analysis.exit_distance = distance;
  record_unreachable(level.analysis, cells, seen);
}

void put_exit_in(core::Level& level, int placement) {
  if (!level.analysis.entrance || placement < 0 ||
      static_cast<std::size_t>(placement) >= level.map.placements.size())
    return;
  // The floor cell of the placement farthest from the entrance (ties: row-major order), by a
  // walk of a bit per cell, not a distance per cell.
  const auto& map = level.map;
  const auto w = static_cast<std::size_t>(map.cells.width());
  const auto index = static_cast<std::size_t>(placement);
  const core::Rect b = map.bounds(map.placements[index]);
  const auto in_room = [&](std::size_t i) {
    const Point p{static_cast<int>(i % w), static_cast<int>(i / w)};
    return b.contains(p) && map.cells[p] == core::CellKind::Floor &&
           core::placement_owns(map, index, p);
  };
  const Point e = *level.analysis.entrance;
  if (!map.cells.contains(e) || !core::passable(map.cells[e])) return;
  CellBits seen(map.cells.data().size());
  const auto [cell, distance] = farthest_wanted(
      map.cells, seen, static_cast<std::size_t>(e.y) * w + static_cast<std::size_t>(e.x), in_room);
  if (distance < 0) return;
  level.analysis.exit = Point{static_cast<int>(cell % w), static_cast<int>(cell / w)};
  level.analysis.exit_distance = distance;
}

void update_unreachable(core::Level& level) {
  level.analysis.unreachable.clear();
  level.analysis.unreachable_runs.clear();
  if (!level.analysis.entrance) return;
  const auto& cells = level.map.cells;
  const auto w = static_cast<std::size_t>(cells.width());
  CellBits seen(cells.data().size());
  const std::size_t exit = level.analysis.exit
                               ? static_cast<std::size_t>(level.analysis.exit->y) * w +
                                     static_cast<std::size_t>(level.analysis.exit->x)
                               : SIZE_MAX;
  int exit_distance = -1;
  (void)farthest_floor(cells, seen,
                       static_cast<std::size_t>(level.analysis.entrance->y) * w +
                           static_cast<std::size_t>(level.analysis.entrance->x),
                       exit, &exit_distance);
  // A walled-up entrance walks nowhere (as distances_from has it).
  if (level.analysis.exit)
    level.analysis.exit_distance =
        core::passable(cells[*level.analysis.entrance]) ? exit_distance : -1;
  record_unreachable(level.analysis, cells, seen);
}

}  // namespace dungen::analysis
