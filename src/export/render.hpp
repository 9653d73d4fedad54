#pragma once
/// \file render.hpp
/// Pictures of a level: the plain map (one pixel per cell, default palette: itself a valid
/// tile) and the annotated preview (scaled, with placement outlines and markers).

#include <cstdint>
#include <vector>

#include "core/image.hpp"
#include "core/level.hpp"
#include "core/tile.hpp"

namespace dungen::exporters {

/// One pixel per cell in the default palette: wall #000000, floor #FFFFFF, door #FF0000,
/// empty transparent. Features are not drawn.
[[nodiscard]] core::Image render_map(const core::Grid<core::CellKind>& cells);

/// Options of the preview picture.
struct PreviewOptions {
  int scale = 8;  ///< pixels per cell, 1..64
};

/// The map scaled by `scale`, each placement outlined in its own colour (following the
/// tile's shape when `tiles` is given, else its bounding rectangle), the entrance as a green
/// square, the exit as a blue square, unused doors crossed in orange, unreachable cells
/// tinted purple, and a legend line at the bottom. Throws Error (usage) when the picture
/// would exceed 2^28 pixels.
[[nodiscard]] core::Image render_preview(const core::Level& level, const PreviewOptions& options,
                                         const core::TileSet* tiles = nullptr);

}  // namespace dungen::exporters
