#include "core/tile.hpp"

#include <algorithm>

namespace dungen::core {

Door apply(Orientation o, const Door& d, Size size) {
  const Point a = apply(o, d.start, size);
  const Point b = apply(o, d.cell(d.width - 1), size);
  return Door{std::min(a, b), d.width, apply(o, d.facing)};
}

Grid<CellKind> apply(Orientation o, const Grid<CellKind>& cells) {
  Grid<CellKind> out(apply(o, cells.size()), CellKind::Void);
  for (int y = 0; y < cells.height(); ++y) {
    for (int x = 0; x < cells.width(); ++x) {
      out[apply(o, Point{x, y}, cells.size())] = cells[Point{x, y}];
    }
  }
  return out;
}

std::optional<TileId> TileSet::find(std::string_view name) const {
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    if (tiles[i].name == name) return static_cast<TileId>(i);
  }
  return std::nullopt;
}

std::vector<Orientation> distinct_orientations(const Grid<CellKind>& cells, std::uint8_t allowed) {
  std::vector<Orientation> result;
  std::vector<Grid<CellKind>> seen;
  for (Orientation o : kOrientations) {
    if ((allowed & (1u << static_cast<unsigned>(o))) == 0) continue;
    Grid<CellKind> g = apply(o, cells);
    if (std::find(seen.begin(), seen.end(), g) != seen.end()) continue;
    seen.push_back(std::move(g));
    result.push_back(o);
  }
  return result;
}

}  // namespace dungen::core
