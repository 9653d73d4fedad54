#include "support/test_support.hpp"

#include <algorithm>

#include "core/door_detect.hpp"

namespace dungen::test {

core::Grid<core::CellKind> cells_from_ascii(std::string_view art) {
  if (!art.empty() && art.front() == '\n') art.remove_prefix(1);
  std::vector<std::string_view> lines;
  std::size_t width = 0;
  while (!art.empty()) {
    const std::size_t nl = art.find('\n');
    lines.push_back(art.substr(0, nl));
    width = std::max(width, lines.back().size());
    art = nl == std::string_view::npos ? std::string_view{} : art.substr(nl + 1);
  }
  core::Grid<core::CellKind> g(core::Size{static_cast<int>(width), static_cast<int>(lines.size())},
                               core::CellKind::Void);
  for (std::size_t y = 0; y < lines.size(); ++y) {
    for (std::size_t x = 0; x < lines[y].size(); ++x) {
      const char c = lines[y][x];
      const core::CellKind k = c == '#'   ? core::CellKind::Wall
                               : c == '.' ? core::CellKind::Floor
                               : c == '+' ? core::CellKind::Door
                                          : core::CellKind::Void;
      g[core::Point{static_cast<int>(x), static_cast<int>(y)}] = k;
    }
  }
  return g;
}

std::string ascii_from_cells(const core::Grid<core::CellKind>& cells) {
  std::string out;
  for (int y = 0; y < cells.height(); ++y) {
    if (y > 0) out += '\n';
    for (int x = 0; x < cells.width(); ++x) {
      constexpr char kChars[] = {' ', '.', '#', '+'};
      out += kChars[static_cast<int>(cells[core::Point{x, y}])];
    }
  }
  return out;
}

core::Tile tile_from_ascii(std::string_view art, std::string name) {
  core::Tile t;
  t.name = std::move(name);
  t.cells = cells_from_ascii(art);
  t.doors = core::detect_doors(t.cells);
  return t;
}

std::filesystem::path data_path(const std::string& relative) {
  return std::filesystem::path(DUNGEN_TEST_DATA_DIR) / relative;
}

std::filesystem::path sample_path(const std::string& set) {
  return std::filesystem::path(DUNGEN_SAMPLES_DIR) / set;
}

std::vector<std::filesystem::path> corpus_sets() {
  std::vector<std::filesystem::path> sets;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(DUNGEN_CORPUS_DIR, ec)) {
    if (e.is_directory()) sets.push_back(e.path());
  }
  std::sort(sets.begin(), sets.end());
  return sets;
}

}  // namespace dungen::test
