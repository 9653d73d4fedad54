#pragma once
/// \file range_picture.hpp
/// The pictures of an expressive range (export/range.hpp): the heatmap of two metrics and a
/// histogram per metric, drawn with the raster helpers (export/raster.hpp, stb_easy_font text)
/// on an opaque white background, then doubled (each drawn pixel a 2 x 2 block) so the bitmap
/// font reads at a glance. Pixels, origin top-left, y down; higher bins of the heatmap's y metric
/// are drawn higher up. Metrics are named by their keys, as -x, -y and the table name them. The
/// same levels give the same pixels (integer colour ramp).

#include <span>

#include "core/image.hpp"
#include "export/range.hpp"

namespace dungen::exporters {

/// The colour of a heatmap bin or legend swatch holding `count` of at most `peak` levels:
/// white for 0, else a ramp from light yellow (1) through green and teal to dark purple
/// (`peak`), in integer steps.
[[nodiscard]] core::Rgba range_ink(int count, int peak);

/// Whether range_ink(count, peak) lies in the ramp's dark half (text on it is then drawn light).
[[nodiscard]] constexpr bool range_ink_dark(int count, int peak) {
  return count > 0 && 2 * (count - 1) > peak - 1;
}

/// The heatmap picture (BASE.png): a title naming the levels and seeds, a grid of
/// `h.x.count` x `h.y.count` bins coloured by range_ink with each non-zero count written in
/// it, the bins' labels up the y axis and their lower edges along the x axis, the metrics' keys
/// as axis titles (the x title giving the bins' width when wider than 1), and a legend of
/// levels per bin to the right.
[[nodiscard]] core::Image range_heatmap_picture(const RangeRun& run, const RangeHeatmap& h,
                                                std::span<const RangeLevel> levels);

/// The histograms picture (BASE-histograms.png): one panel per metric of `run.metrics`, three
/// to a row in table order, each with its key, the metric's minimum, maximum, mean and median,
/// bars of levels per bin (export/range.hpp bin_metric), the highest count and the first and
/// last bin's labels.
[[nodiscard]] core::Image range_histograms_picture(const RangeRun& run,
                                                   std::span<const RangeLevel> levels);

}  // namespace dungen::exporters
