#include "support/test_support.hpp"

#include <algorithm>
#include <utility>

#include "core/ascii.hpp"
#include "core/door_detect.hpp"

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

core::Grid<std::uint8_t> door_kinds_from_ascii(std::string_view art) {
  std::string plain(art);
  for (char& c : plain) c = c >= '1' && c <= '9' ? '+' : c;
  const core::Size size = core::cells_from_ascii(plain).size();
  core::Grid<std::uint8_t> kinds(size, 0);
  if (!art.empty() && art.front() == '\n') art.remove_prefix(1);
  int x = 0, y = 0;
  for (const char c : art) {
    if (c == '\n') {
      ++y;
      x = 0;
      continue;
    }
    if (c >= '1' && c <= '9') kinds[core::Point{x, y}] = static_cast<std::uint8_t>(c - '0');
    ++x;
  }
  return kinds;
}

core::Tile kinded_tile_from_ascii(std::string_view art, std::string name) {
  std::string plain(art);
  for (char& c : plain) c = c >= '1' && c <= '9' ? '+' : c;
  core::Tile t = core::tile_from_ascii(plain, std::move(name));
  t.doors = core::detect_doors(t.cells, door_kinds_from_ascii(art));
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
