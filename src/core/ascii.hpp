#pragma once
/// \file ascii.hpp
/// Cells as ASCII art, one character per cell: '#' wall, '.' floor, '+' door, ' ' empty (the
/// legend of tools/ascii2tile.py). Used for tiles written in code (tests, benchmarks).

#include <string>
#include <string_view>

#include "core/cell.hpp"
#include "core/grid.hpp"
#include "core/tile.hpp"

namespace dungen::core {

/// Cells from ASCII art, one line per row; lines are padded with empty cells to the
/// longest; a leading newline is ignored; any other character is empty.
[[nodiscard]] Grid<CellKind> cells_from_ascii(std::string_view art);

/// The grid as ASCII art (same legend), rows joined with '\n', no trailing newline.
[[nodiscard]] std::string ascii_from_cells(const Grid<CellKind>& cells);

/// A tile called `name` from ASCII art, with its doors detected.
[[nodiscard]] Tile tile_from_ascii(std::string_view art, std::string name);

}  // namespace dungen::core
