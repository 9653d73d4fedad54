#pragma once
/// \file metric_table.hpp
/// Every level metric as one table: its key, label, value and format, and its place in each
/// output. The text report, the JSON report, a batch's manifest.csv and its gallery page read
/// this table, so a new metric is a core::LevelMetrics field measured in analysis/metrics.cpp
/// and one row here (docs/reports.md "Level metrics").

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/level.hpp"

namespace dungen::exporters {

/// How a metric's value is written.
enum class MetricFormat {
  Count,  ///< a whole number: "12" everywhere
  Share,  ///< a share from 0 to 1: "0.9820" for scripts, "98.2 %" for people
  Mean,   ///< a mean: "1.83" (two decimals) everywhere
};

/// The outputs that show metrics.
enum class MetricOutput {
  Text,      ///< the text report's `metrics:` lines
  Json,      ///< the JSON report's `metrics` object
  Manifest,  ///< a batch's manifest.csv columns, after the level's own
  Gallery,   ///< a batch gallery's sort buttons and card rows, after the placements
};

/// A metric's place among the metrics of each output, ascending (0: the output leaves it out).
struct MetricPlaces {
  int text = 0, json = 0, manifest = 0, gallery = 0;
};

/// One measure of a level, as every output shows it.
struct Metric {
  std::string_view key{};    ///< JSON key and manifest column, e.g. "dead_ends"
  std::string_view label{};  ///< for people (text report, gallery), e.g. "dead ends"; the
                             ///< gallery's sort key is it with '-' for ' ' ("dead-ends")
  double (*value)(const core::LevelMetrics&) = nullptr;  ///< whole for a Count
  MetricFormat format = MetricFormat::Count;
  MetricPlaces place{};  ///< where each output shows it
  /// The text report's line (after the indent, without the newline); nullptr: "LABEL: VALUE"
  /// with the value for people.
  std::string (*text_line)(const core::LevelMetrics&) = nullptr;
};

/// Every metric, in the JSON report's order.
[[nodiscard]] std::span<const Metric> metric_table();

/// The rows of `table` that `output` shows, in its order (by their place for it).
[[nodiscard]] std::vector<const Metric*> metrics_of(MetricOutput output,
                                                    std::span<const Metric> table = metric_table());

/// The value of `metric` in `m` for scripts (JSON, manifest, the gallery's data attributes):
/// "12", "0.9820", "1.83".
[[nodiscard]] std::string machine_value(const Metric& metric, const core::LevelMetrics& m);
/// A value `v` of `metric` as scripts read it: a share with 4 decimals, a mean with 2, a count
/// whole (with 2 decimals when it is not, e.g. a mean of counts).
[[nodiscard]] std::string metric_number(const Metric& metric, double v);

/// The value of `metric` in `m` for people (gallery cells, text lines): "12", "98.2 %", "1.83".
[[nodiscard]] std::string shown_value(const Metric& metric, const core::LevelMetrics& m);

/// The text report's line of `metric` (see Metric::text_line).
[[nodiscard]] std::string metric_text_line(const Metric& metric, const core::LevelMetrics& m);

/// The gallery's sort key of `metric`: its label with '-' for each space.
[[nodiscard]] std::string gallery_key(const Metric& metric);

}  // namespace dungen::exporters
