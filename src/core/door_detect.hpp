#pragma once
/// \file door_detect.hpp
/// Finding a tile's doors in its cells (DESIGN.md "Tile format"; the run-measuring idea
/// comes from "The Random Dungeon That Isn't So Random", pt. 2).
///
/// The rule, in full (docs/tile-format.md shows pictures):
///  1. A door cell is OPEN towards a side when its neighbour on that side is empty or
///     off the grid.
///  2. For each side, the door cells open towards it form maximal straight runs (along x
///     for north/south, along y for east/west). Each run is a candidate door facing that
///     side; doors may be anywhere, e.g. at the bottom of a notch.
///  3. Every door cell belongs to at most one door. A cell open on two sides (a convex
///     corner, an L-shaped or 2x2 door group) goes to the LONGEST run through it; on a tie,
///     to the run facing north, then east, south, west; then to the run that starts first
///     (row-major). A run that loses cells this way is cut into the straight pieces left.
///  4. Door cells with no empty side belong to no door: they are interior doors, part of
///     the room's content (passable, drawn as doors), never attachment points.
///  5. With door kinds (palette `door:NAME` colours), a run holds cells of one kind only: cells
///     of different kinds side by side are separate runs, so separate doors.

#include <cstdint>
#include <vector>

#include "core/cell.hpp"
#include "core/grid.hpp"
#include "core/tile.hpp"

namespace dungen::core {

/// The doors of `cells` by the rule above, sorted by start (row-major), then facing.
[[nodiscard]] std::vector<Door> detect_doors(const Grid<CellKind>& cells);

/// The doors of `cells` as above, where `kinds` (same size as `cells`) holds each door
/// cell's kind (Door::kind; other cells are ignored): a run never mixes kinds, and each
/// door records the kind of its cells.
[[nodiscard]] std::vector<Door> detect_doors(const Grid<CellKind>& cells,
                                             const Grid<std::uint8_t>& kinds);

/// Door cells that belong to none of `doors` (interior doors), in row-major order.
[[nodiscard]] std::vector<Point> interior_door_cells(const Grid<CellKind>& cells,
                                                     const std::vector<Door>& doors);

}  // namespace dungen::core
