#pragma once
/// \file render.hpp
/// The annotated preview of a level (scaled, with placement outlines and markers). The plain
/// map is written by io::formats::encode_cells_png.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/image.hpp"
#include "core/level.hpp"
#include "core/tile.hpp"
#include "export/banded.hpp"
#include "io/fs/block_sink.hpp"

namespace dungen::exporters {

/// The most pixels a picture of a map may have (the preview, the Universal VTT picture): 64
/// megapixels.
inline constexpr std::int64_t kMostPicturePixels = std::int64_t{1} << 26;

/// The largest scale, 1 to 64 pixels per cell, at which `cells` map cells take at most
/// `most_pixels` pixels; 0 when even scale 1 takes more.
[[nodiscard]] constexpr int largest_scale(std::int64_t cells, std::int64_t most_pixels) {
  int s = 0;
  while (s < 64 && std::int64_t{s + 1} * (s + 1) * cells <= most_pixels) ++s;
  return s;
}

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
/// The whole picture is held in memory: write_preview_png is what outputs use.
[[nodiscard]] core::Image render_preview(const core::Level& level, const PreviewOptions& options);

/// render_preview's picture encoded as by io::formats::encode_png, byte for byte, but drawn in
/// bands of at most `band_bytes` (at least one row of pixels) and streamed to `sink` a band at a
/// time: memory is one band, the encoder's buffers and an index per drawn item, never the picture.
/// Throws as render_preview before anything reaches the sink, and Error (output) when encoding
/// fails.
void write_preview_png(const core::Level& level, const PreviewOptions& options,
                       const io::fs::BlockSink& sink, std::size_t band_bytes = kBandBytes);

}  // namespace dungen::exporters
