#include "core/tile_parts.hpp"

#include <cstdint>
#include <deque>
#include <tuple>

namespace dungen::core {

TileParts find_parts(const Grid<CellKind>& cells) {
  TileParts parts{Grid<int>(cells.size(), -1), {}, {}, {}};
  std::deque<Point> queue;  // breadth-first, cells walked let go: it holds about the front
  for (int y = 0; y < cells.height(); ++y) {
    for (int x = 0; x < cells.width(); ++x) {
      if (parts.label[Point{x, y}] >= 0 || !passable(cells[Point{x, y}])) continue;
      const int id = parts.count();
      parts.cells.push_back(0);
      parts.door_cells.push_back(0);
      parts.first.push_back(Point{x, y});
      parts.label[Point{x, y}] = id;
      queue.push_back(Point{x, y});
      while (!queue.empty()) {
        const Point p = queue.front();
        queue.pop_front();
        ++parts.cells.back();
        parts.door_cells.back() += cells[p] == CellKind::Door;
        for (Facing f : kFacings) {
          const Point q = p + step(f);
          if (!cells.contains(q) || parts.label[q] >= 0 || !passable(cells[q])) continue;
          parts.label[q] = id;
          queue.push_back(q);
        }
      }
    }
  }
  return parts;
}

int main_part(const TileParts& parts) {
  int best = -1;
  for (int i = 0; i < parts.count(); ++i) {
    const auto k = static_cast<std::size_t>(i);
    const auto b = static_cast<std::size_t>(best);
    // Ranked by (has floor, door cells, passable cells); the first best wins ties.
    const auto rank = [&](std::size_t j) {
      return std::tuple(parts.floor_cells(j) > 0, parts.door_cells[j], parts.cells[j]);
    };
    if (best < 0 || rank(k) > rank(b)) best = i;
  }
  return best;
}

std::optional<Point> entrance_cell(const Grid<CellKind>& cells) {
  const TileParts parts = find_parts(cells);
  const int main = main_part(parts);
  std::optional<Point> best;
  std::int64_t best_d = 0;
  // Twice the centre, so odd sizes stay integral.
  const int cx2 = cells.width() - 1, cy2 = cells.height() - 1;
  for (int y = 0; y < cells.height(); ++y) {
    for (int x = 0; x < cells.width(); ++x) {
      const Point p{x, y};
      if (cells[p] != CellKind::Floor || parts.label[p] != main) continue;
      const std::int64_t dx = 2 * x - cx2, dy = 2 * y - cy2;
      const std::int64_t d = dx * dx + dy * dy;
      if (!best || d < best_d) {
        best = p;
        best_d = d;
      }
    }
  }
  return best;
}

}  // namespace dungen::core
