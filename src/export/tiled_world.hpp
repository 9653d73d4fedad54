#pragma once
/// \file tiled_world.hpp
/// A Tiled world file (.world, JSON; Tiled 1.8's "world" format) that places the TMX or TMJ
/// maps of a dungeon's floors (--floors) side by side, floor 1 leftmost, so Tiled opens the
/// whole dungeon at once and tmxrasterizer draws it as one picture.

#include <string>
#include <vector>

#include "core/geometry.hpp"

namespace dungen::exporters {

/// Cells between two floors in a world.
inline constexpr int kWorldGapCells = 4;

/// The world file's text: one "maps" entry per name of `maps` (file names relative to the
/// world file, floor 1 first), each `floor_cells` (every floor's map size, cells) at
/// kTiledTilePixels per cell, floor k's left edge at (k - 1) x (width + kWorldGapCells) cells
/// and every top edge at 0; "onlyShowAdjacentMaps" false; "type" "world". Names are escaped as
/// JSON strings. Ends with a newline.
[[nodiscard]] std::string tiled_world(const std::vector<std::string>& maps, core::Size floor_cells);

}  // namespace dungen::exporters
