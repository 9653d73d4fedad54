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

/// The map scaled by `scale`, in the inks of export/ink.hpp: cells in the map PNG's colours,
/// each placement outlined (following its shape) with its id, unused doors crossed,
/// unreachable cells tinted, locks and keys with the key's id, the entrance, exit and each
/// feature as a mark with its letter (scale 10 and up), and under the map a legend of what this
/// level shows, in rows as wide as the map (wider only when one entry is). Throws Error
/// (usage, field "scale") when `scale` is outside 1..64 or the picture would exceed 2^26 pixels.
[[nodiscard]] core::Image render_preview(const core::Level& level, const PreviewOptions& options);

}  // namespace dungen::exporters
