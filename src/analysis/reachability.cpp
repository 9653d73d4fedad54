#include "analysis/reachability.hpp"

#include <cstdint>
#include <cstdlib>
#include <vector>

namespace dungen::analysis {
using core::CellKind;
using core::Point;

core::Grid<int> distances_from(const core::Grid<CellKind>& cells, Point from) {
  core::Grid<int> dist(cells.size(), -1);
  if (!cells.contains(from) || !core::passable(cells[from])) return dist;
  std::vector<Point> queue{from};
  dist[from] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const Point p = queue[head];
    for (core::Facing f : core::kFacings) {
      const Point q = p + core::step(f);
      if (!cells.contains(q) || dist[q] >= 0 || !core::passable(cells[q])) continue;
      dist[q] = dist[p] + 1;
      queue.push_back(q);
    }
  }
  return dist;
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

// Groups the passable cells with dist < 0 into 4-connected regions.
std::vector<core::Region> unreachable_regions(const core::Grid<CellKind>& cells,
                                              core::Grid<int>& dist) {
  std::vector<core::Region> regions;
  std::vector<Point> stack;
  for (int y = 0; y < cells.height(); ++y) {
    for (int x = 0; x < cells.width(); ++x) {
      const Point start{x, y};
      if (dist[start] >= 0 || !core::passable(cells[start])) continue;
      core::Region r{start, 0};
      dist[start] = 0;
      stack.push_back(start);
      while (!stack.empty()) {
        const Point p = stack.back();
        stack.pop_back();
        ++r.cells;
        for (core::Facing f : core::kFacings) {
          const Point q = p + core::step(f);
          if (!cells.contains(q) || dist[q] >= 0 || !core::passable(cells[q])) continue;
          dist[q] = 0;
          stack.push_back(q);
        }
      }
      regions.push_back(r);
    }
  }
  return regions;
}

}  // namespace

void analyse_reachability(core::Level& level) {
  const auto& cells = level.map.cells;
  const core::Rect area = level.map.placements.empty()
                              ? core::Rect{0, 0, cells.width(), cells.height()}
                              : level.map.placements.front().bounds();
  level.entrance = central_floor(cells, area);
  if (!level.entrance) level.entrance = central_floor(cells, {0, 0, cells.width(), cells.height()});
  level.exit.reset();
  level.unreachable.clear();
  if (!level.entrance) return;
  core::Grid<int> dist = distances_from(cells, *level.entrance);
  int best = -1;
  for (int y = 0; y < cells.height(); ++y) {
    for (int x = 0; x < cells.width(); ++x) {
      const Point p{x, y};
      if (cells[p] == CellKind::Floor && dist[p] > best) {
        best = dist[p];
        level.exit = p;
      }
    }
  }
  level.exit_distance = best;
  level.unreachable = unreachable_regions(cells, dist);
}

}  // namespace dungen::analysis
