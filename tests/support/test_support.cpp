#include "support/test_support.hpp"

#include <algorithm>
#include <utility>

#include "core/ascii.hpp"

namespace dungen::test {

core::Grid<core::CellKind> cells_from_ascii(std::string_view art) {
  return core::cells_from_ascii(art);
}

std::string ascii_from_cells(const core::Grid<core::CellKind>& cells) {
  return core::ascii_from_cells(cells);
}

core::TileSet tile_set(std::vector<core::Tile> tiles) {
  std::sort(tiles.begin(), tiles.end(),
            [](const auto& a, const auto& b) { return a.name < b.name; });
  return core::TileSet{std::move(tiles)};
}

core::Tile tile_from_ascii(std::string_view art, std::string name) {
  return core::tile_from_ascii(art, std::move(name));
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
