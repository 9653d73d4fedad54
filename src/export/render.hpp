#pragma once
/// \file render.hpp
/// The annotated preview of a level (scaled, with placement outlines and markers). The plain
/// map is written by io::encode_cells_png.

#include <cstdint>
#include <vector>

#include "core/image.hpp"
#include "core/level.hpp"
#include "core/tile.hpp"

namespace dungen::exporters {

/// Options of the preview picture.
struct PreviewOptions {
  int scale = 8;  ///< pixels per cell, 1..64
};

/// The map scaled by `scale`, each placement outlined in its own colour (following its
/// shape), the entrance as a green
/// square, the exit as a blue square, unused doors crossed in orange, unreachable cells
/// tinted purple, and a legend line at the bottom. Throws Error (usage) when the picture
/// would exceed 2^28 pixels.
[[nodiscard]] core::Image render_preview(const core::Level& level, const PreviewOptions& options);

}  // namespace dungen::exporters
