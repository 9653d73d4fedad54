#pragma once
/// \file tile_parts.hpp
/// The parts of a tile: its passable cells (floor and door) grouped into 4-connected
/// regions. Doors in one part reach each other inside the tile; doors in different parts
/// do not, so a player entering by one door can leave only by the doors of its part. The
/// stitcher grows only from parts the entrance reaches; inspect reports tiles of several
/// parts; the entrance lies in a tile's main part.

#include <optional>
#include <vector>

#include "core/cell.hpp"
#include "core/grid.hpp"
#include "core/tile.hpp"

namespace dungen::core {

/// The parts of one cell grid (tile or placed shape). Coordinates are the grid's cells.
struct TileParts {
  Grid<int> label;              ///< part of each cell, 0..count-1; -1 for wall and empty
  std::vector<int> cells;       ///< passable cells per part
  std::vector<int> door_cells;  ///< door cells per part (attachment and interior doors)
  std::vector<Point> first;     ///< first cell of each part in row-major order
  [[nodiscard]] int count() const { return static_cast<int>(cells.size()); }
  /// Floor cells of part `i`.
  [[nodiscard]] int floor_cells(std::size_t i) const { return cells[i] - door_cells[i]; }
  /// The part holding door `d` (all of a door's cells are in one part).
  [[nodiscard]] int part_of(const Door& d) const { return label[d.start]; }
};

/// Labels the passable cells of `cells` by 4-connected part, numbered in row-major order of
/// their first cell.
[[nodiscard]] TileParts find_parts(const Grid<CellKind>& cells);

/// The part a player starting in this grid stands in: one with floor before one without,
/// then the one with the most door cells, then the most passable cells, then the lowest
/// number; -1 when nothing is passable.
[[nodiscard]] int main_part(const TileParts& parts);

/// Where a level starting in `cells` is entered: the floor cell of the main part nearest
/// the grid's centre (ties: row-major order), in the grid's cells; nullopt when the main
/// part has no floor. The stitcher grows from this cell's part; the reachability analysis
/// puts the entrance here, on the first placement's shape.
[[nodiscard]] std::optional<Point> entrance_cell(const Grid<CellKind>& cells);

}  // namespace dungen::core
