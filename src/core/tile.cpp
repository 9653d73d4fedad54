#include "core/tile.hpp"

#include <algorithm>
#include <tuple>
#include <utility>

namespace dungen::core {

Door apply(Orientation o, const Door& d, Size size) {
  const Point a = apply(o, d.start, size);
  const Point b = apply(o, d.cell(d.width - 1), size);
  return Door{std::min(a, b), d.width, apply(o, d.facing), d.kind};
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

namespace {

// The doors of `tile` after orientation `o`, sorted by start then facing.
std::vector<Door> oriented_doors(const Tile& tile, Orientation o) {
  std::vector<Door> doors;
  for (const Door& d : tile.doors) doors.push_back(apply(o, d, tile.cells.size()));
  std::sort(doors.begin(), doors.end(), [](const Door& a, const Door& b) {
    return std::tie(a.start, a.facing) < std::tie(b.start, b.facing);
  });
  return doors;
}

}  // namespace

std::vector<Orientation> distinct_orientations(const Tile& tile, std::uint8_t allowed) {
  const bool kinds =
      std::any_of(tile.doors.begin(), tile.doors.end(), [](const Door& d) { return d.kind != 0; });
  if (!kinds) return distinct_orientations(tile.cells, allowed);
  std::vector<Orientation> result;
  std::vector<std::pair<Grid<CellKind>, std::vector<Door>>> seen;
  for (Orientation o : kOrientations) {
    if ((allowed & (1u << static_cast<unsigned>(o))) == 0) continue;
    auto shape = std::pair(apply(o, tile.cells), oriented_doors(tile, o));
    if (std::find(seen.begin(), seen.end(), shape) != seen.end()) continue;
    seen.push_back(std::move(shape));
    result.push_back(o);
  }
  return result;
}

std::string_view door_kind_name(const std::vector<std::string>& names, std::uint8_t kind) {
  if (kind == 0 || kind >= names.size()) return "plain";
  return names[kind];
}

}  // namespace dungen::core
