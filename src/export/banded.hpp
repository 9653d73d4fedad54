#pragma once
/// \file banded.hpp
/// Pictures drawn a band of rows at a time and streamed out as each band is done, so a large
/// preview never sits whole in memory.

#include <cstddef>
#include <functional>
#include <utility>
#include <vector>

#include "core/image.hpp"
#include "export/raster.hpp"

namespace dungen::exporters {

/// One kind of thing a picture draws (the cells, the placements' outlines, ...): `count` items,
/// item i drawn by draw(canvas, i) inside the picture rows [rows(i).first, rows(i).second)
/// (pixels, first < second; a bound may lie outside the picture). The bounds may be loose;
/// they must never be tight enough to leave out a pixel the item draws.
struct Layer {
  std::size_t count = 0;
  std::function<std::pair<int, int>(std::size_t)> rows;
  std::function<void(Canvas&, std::size_t)> draw;
};

/// Bytes of the band a preview is drawn in when none is given: small next to the memory goal
/// (docs/performance.md) yet many rows wide for a map of ordinary size.
inline constexpr std::size_t kBandBytes = std::size_t{1} << 20;

/// Draws `layers` over a `size` picture filled with `background`, in bands of whole rows of at
/// most `band_bytes` (at least one row), top first, handing each finished band to `emit`.
/// Layers are drawn in order and a layer's items in index order, as when the picture is drawn
/// whole; each band draws only the items whose rows meet it. Memory: one band plus one index
/// per item per band it meets.
void draw_in_bands(core::Size size, core::Rgba background, const std::vector<Layer>& layers,
                   std::size_t band_bytes, const std::function<void(Canvas&)>& emit);

/// The picture drawn whole (draw_in_bands with a single band).
[[nodiscard]] core::Image draw_whole(core::Size size, core::Rgba background,
                                     const std::vector<Layer>& layers);

}  // namespace dungen::exporters
