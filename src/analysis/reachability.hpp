#pragma once
/// \file reachability.hpp
/// Analyses that work on any generator's map: where the player enters, where the exit is,
/// and which parts cannot be reached. Movement is 4-connected over passable cells (floor
/// and doors).

#include <optional>
#include <vector>

#include "core/grid.hpp"
#include "core/level.hpp"

namespace dungen::analysis {

/// Steps from `from` to every cell over passable cells (4-connected, breadth-first);
/// -1 where unreachable or not passable. `from` must be passable.
[[nodiscard]] core::Grid<int> distances_from(const core::Grid<core::CellKind>& cells,
                                             core::Point from);

/// Per cell (row-major): true when walking from `from` over passable cells (4-connected)
/// reaches it; all false when `from` is off the map or not passable. A bit per cell.
[[nodiscard]] std::vector<bool> reachable_cells(const core::Grid<core::CellKind>& cells,
                                                core::Point from);

/// The floor cell of `area` (map cells) nearest its centre (ties: row-major order), or
/// nullopt when `area` holds no floor.
[[nodiscard]] std::optional<core::Point> central_floor(const core::Grid<core::CellKind>& cells,
                                                       core::Rect area);

/// The entrance of `map`: core::entrance_cell of the first placement's shape (the floor cell
/// of its main part nearest its centre), where the stitcher grows from; else the floor cell
/// nearest the centre of the first placement's bounds, or of the map; nullopt without floor.
[[nodiscard]] std::optional<core::Point> entrance_of(const core::Map& map);

/// Fills the level's entrance (entrance_of), exit (the floor cell farthest from the
/// entrance by walking distance: the end of a longest shortest path; ties row-major) and
/// unreachable regions (passable cells the entrance cannot reach, grouped into 4-connected
/// regions in row-major order of their first cell, and as row runs for pictures).
void analyse_reachability(core::Level& level);

/// Moves the level's exit into placement `placement`: the floor cell it owns
/// (core::placement_owns) farthest from the entrance by walking distance (ties row-major),
/// with exit_distance. Leaves the exit where it was when the entrance reaches no such cell or
/// `placement` is out of range.
void put_exit_in(core::Level& level, int placement);

/// Recomputes the unreachable regions (and their row runs) and the exit's walking distance
/// (exit_distance; -1 when the exit cannot be reached) from the level's entrance, after doors
/// were sealed, say; keeps the entrance and exit.
void update_unreachable(core::Level& level);

}  // namespace dungen::analysis
