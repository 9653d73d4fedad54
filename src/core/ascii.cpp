#include "core/ascii.hpp"

#include <algorithm>
#include <vector>

#include "core/door_detect.hpp"

namespace dungen::core {

Grid<CellKind> cells_from_ascii(std::string_view art) {
  if (!art.empty() && art.front() == '\n') art.remove_prefix(1);
  std::vector<std::string_view> lines;
  std::size_t width = 0;
  while (!art.empty()) {
    const std::size_t nl = art.find('\n');
    lines.push_back(art.substr(0, nl));
    width = std::max(width, lines.back().size());
    art = nl == std::string_view::npos ? std::string_view{} : art.substr(nl + 1);
  }
  Grid<CellKind> g(Size{static_cast<int>(width), static_cast<int>(lines.size())}, CellKind::Void);
  for (std::size_t y = 0; y < lines.size(); ++y) {
    for (std::size_t x = 0; x < lines[y].size(); ++x) {
      const char c = lines[y][x];
      const CellKind k = c == '#'   ? CellKind::Wall
                         : c == '.' ? CellKind::Floor
                         : c == '+' ? CellKind::Door
                                    : CellKind::Void;
      g[Point{static_cast<int>(x), static_cast<int>(y)}] = k;
    }
  }
  return g;
}

std::string ascii_from_cells(const Grid<CellKind>& cells) {
  std::string out;
  for (int y = 0; y < cells.height(); ++y) {
    if (y > 0) out += '\n';
    for (int x = 0; x < cells.width(); ++x) {
      constexpr char kChars[] = {' ', '.', '#', '+'};
      out += kChars[static_cast<int>(cells[Point{x, y}])];
    }
  }
  return out;
}

Tile tile_from_ascii(std::string_view art, std::string name) {
  Tile t;
  t.name = std::move(name);
  t.cells = cells_from_ascii(art);
  t.doors = detect_doors(t.cells);
  return t;
}

}  // namespace dungen::core
