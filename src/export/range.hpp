#pragma once
/// \file range.hpp
/// The expressive range of a generator (Smith and Whitehead 2010, "Analyzing the expressive
/// range of a level generator"): the metrics of many levels made from one tile set and options
/// over consecutive seeds, summed up per metric (minimum, mean, median, maximum), binned into
/// histograms and into a 2-D heatmap of two metrics. The metrics are the rows of the one metric
/// table (export/metric_table.hpp), read by key; nothing here names a metric. The pictures are
/// in range_picture.hpp; the format of every output in docs/quality.md "Expressive range".

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/level.hpp"
#include "export/metric_table.hpp"

namespace dungen::exporters {

/// What the range keeps of one level: the seed it was asked for and its metrics.
struct RangeLevel {
  core::Seed seed = 0;  ///< the seed asked for (first seed + index)
  core::LevelMetrics metrics;
};

/// The heatmap's metrics (keys) unless asked for others (`dungen range -x/-y`; the gallery's
/// section always): dead ends across, loops up, which shows how branchy and how circular the
/// levels are, the two shapes a tile set's doors decide most.
inline constexpr std::string_view kRangeX = "dead_ends";
inline constexpr std::string_view kRangeY = "loops";

/// Most bins of an axis (a histogram's, each side of the heatmap's).
inline constexpr int kMaxRangeBins = 16;

/// How one metric's values fall into bins: bin i holds the values in
/// [low + i * width, low + (i + 1) * width), the last bin its upper edge too. A Count metric
/// has whole-number edges and widths (a bin per value when the values span at most
/// kMaxRangeBins numbers); a Share or Mean metric kMaxRangeBins equal bins over [min, max] of
/// its values (one bin when all are equal).
struct RangeBins {
  const Metric* metric = nullptr;
  double low = 0;    ///< the first bin's lower edge, in the metric's units
  double width = 1;  ///< every bin's width, in the metric's units (> 0)
  int count = 1;     ///< bins, 1 to kMaxRangeBins

  /// The bin of value `v` (clamped into 0 .. count - 1).
  [[nodiscard]] int bin_of(double v) const;
  /// The label of bin `i` for axes and tables: a Count bin "3" or "3-5" (both ends in the
  /// bin), a Share or Mean bin its lower edge (edge()).
  [[nodiscard]] std::string label(int i) const;
  /// The lower edge of bin `i`: a Count's as a whole number ("1358", a short label for a bin
  /// that label() writes as a span), a Share's or Mean's with the metric's decimals (4 or 2)
  /// and more, up to 6, while a bin is narrower than the last one ("1.970", "1.977").
  [[nodiscard]] std::string edge(int i) const;
};

/// A value of `metric` as the range's text and pictures print it: a Count whole ("12") unless a
/// mean or median made it fractional ("12.50"), a Share with four decimals ("0.9820"), a Mean
/// with two ("1.83").
[[nodiscard]] std::string range_number(const Metric& metric, double v);

/// The bins of `metric` over the values of `levels`, as RangeBins says (no levels: one bin
/// from 0).
[[nodiscard]] RangeBins bin_metric(const Metric& metric, std::span<const RangeLevel> levels);

/// A metric's values over the levels: smallest, mean, median (the mean of the middle two for
/// an even count) and largest.
struct MetricSummary {
  double min = 0, mean = 0, median = 0, max = 0;
};

/// The summary of `metric` over `levels` (no levels: all 0).
[[nodiscard]] MetricSummary summarize(const Metric& metric, std::span<const RangeLevel> levels);

/// Levels per bin of one metric.
struct RangeHistogram {
  RangeBins bins;
  std::vector<int> counts;  ///< one per bin
};

/// The histogram of `metric` over `levels` (no levels: one empty bin).
[[nodiscard]] RangeHistogram histogram(const Metric& metric, std::span<const RangeLevel> levels);

/// Levels per pair of bins of two metrics: x across, y up.
struct RangeHeatmap {
  RangeBins x, y;
  std::vector<int> counts;  ///< x.count * y.count, row-major by y bin: at(ix, iy)
  /// Levels in x bin `ix` and y bin `iy`.
  [[nodiscard]] int at(int ix, int iy) const {
    return counts[static_cast<std::size_t>(iy) * static_cast<std::size_t>(x.count) +
                  static_cast<std::size_t>(ix)];
  }
  /// The largest count of a bin (0 without levels).
  [[nodiscard]] int peak() const;
};

/// The heatmap of `x` against `y` over `levels` (no levels: one empty bin).
[[nodiscard]] RangeHeatmap heatmap(const Metric& x, const Metric& y,
                                   std::span<const RangeLevel> levels);

/// The row of `table` whose key is `key`, or nullptr.
[[nodiscard]] const Metric* metric_by_key(std::string_view key,
                                          std::span<const Metric> table = metric_table());

/// What the range's text and pictures say about the run.
struct RangeRun {
  std::string tiles;                 ///< the tile folder as given
  core::Seed first_seed = 0;         ///< level i was made with seed first_seed + i
  std::vector<std::string> options;  ///< "--max-tiles 60"-style lines that shaped the levels
  std::span<const Metric> metrics = metric_table();  ///< every metric, in this order
  const Metric* x = nullptr;                         ///< the heatmap's metrics
  const Metric* y = nullptr;
};

/// BASE.txt: a heading, the options, a table of every metric (key, min, mean, median, max),
/// then the heatmap's counts as text (y rows from the largest bin down, x columns; left out
/// without levels or without x and y). Lines end in '\n'; the same levels give the same bytes.
[[nodiscard]] std::string range_table(const RangeRun& run, std::span<const RangeLevel> levels);

/// BASE.csv: the header "index,seed" and every metric's key, then one row per level with the
/// values as scripts read them (machine_value).
[[nodiscard]] std::string range_csv(std::span<const Metric> metrics,
                                    std::span<const RangeLevel> levels);

}  // namespace dungen::exporters
