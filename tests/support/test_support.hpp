#pragma once
/// \file test_support.hpp
/// Helpers shared by the unit tests: tiles from ASCII art, paths to test data, samples and
/// the shared corpus.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/grid.hpp"
#include "core/tile.hpp"
#include "gen/board/candidates.hpp"
#include "io/formats/tile_loader.hpp"

namespace dungen::test {

/// Cells from ASCII art, one line per row: '#' wall, '.' floor, '+' door, ' ' empty. Lines are
/// padded with empty cells to the longest. A leading newline is ignored.
[[nodiscard]] core::Grid<core::CellKind> cells_from_ascii(std::string_view art);

/// The grid back as ASCII art (same legend), lines joined with '\n'.
[[nodiscard]] std::string ascii_from_cells(const core::Grid<core::CellKind>& cells);

/// A tile named `name` from ASCII art, doors detected.
[[nodiscard]] core::Tile tile_from_ascii(std::string_view art, std::string name = "t.png");

/// A tile from ASCII art where a digit 1 to 9 is a door cell of that door kind ('+' is a plain
/// door, kind 0), doors detected with their kinds.
[[nodiscard]] core::Tile kinded_tile_from_ascii(std::string_view art, std::string name = "t.png");

/// The door kind grid of such art: each digit's value, 0 elsewhere (same size as the cells).
[[nodiscard]] core::Grid<std::uint8_t> door_kinds_from_ascii(std::string_view art);

/// A tile set of `tiles`, sorted by name as the loader sorts a folder.
[[nodiscard]] core::TileSet tile_set(std::vector<core::Tile> tiles);

/// tests/data/<relative>.
[[nodiscard]] std::filesystem::path data_path(const std::string& relative);
/// samples/<set>.
[[nodiscard]] std::filesystem::path sample_path(const std::string& set);
/// A tile folder loaded with the default options (its own tileset.txt) and its candidate
/// index in every orientation the settings allow, as generate builds them.
struct IndexedSet {
  io::formats::LoadedTileSet tiles;
  gen::Candidates candidates;
  explicit IndexedSet(const std::filesystem::path& folder)
      : tiles(io::formats::load_tile_set(folder, {})), candidates(tiles.set, {}) {}
};

/// The sets of ../shared/corpus/tiles/, sorted; empty when the corpus is absent.
[[nodiscard]] std::vector<std::filesystem::path> corpus_sets();

}  // namespace dungen::test
