#pragma once
/// \file gallery_range.hpp
/// The batch gallery's "Expressive range" section (docs/cli.md "Gallery"): what `dungen range`
/// draws (export/range.hpp), as HTML at the end of the page: a histogram of every metric the
/// gallery shows, and the heatmap of kRangeX against kRangeY, from the batch's own levels.

#include <span>

#include "export/metric_table.hpp"
#include "export/range.hpp"
#include "export/text_out.hpp"

namespace dungen::exporters {

/// Writes the section for `levels` (the levels that did not fail, in batch order): a heading,
/// one bar chart per metric of `table` the gallery shows (metrics_of(MetricOutput::Gallery)),
/// bars as tall as their share of the highest bin with the bin and its count as their title,
/// then the heatmap of kRangeX (columns) against kRangeY (rows, the largest first) as a table
/// coloured by range_ink (an empty bin keeps the page's colour), when `table` has both. Writes
/// only "no level to show" without levels. Every text is HTML-escaped; no map colour (#000,
/// #fff, #f00) is used. Throws what `out` throws.
void write_gallery_range(TextOut& out, std::span<const Metric> table,
                         std::span<const RangeLevel> levels);

/// The section's style rules, for the page's style sheet.
[[nodiscard]] std::string_view gallery_range_style();

}  // namespace dungen::exporters
