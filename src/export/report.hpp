#pragma once
/// \file report.hpp
/// The text and JSON reports of a level (formats documented in docs/reports.md). Each comes
/// in two forms: written block by block to a sink (for large maps: memory stays small), or
/// returned whole as a string.

#include <string>

#include "core/level.hpp"
#include "export/metric_table.hpp"
#include "export/text_out.hpp"

namespace dungen::exporters {

/// The program version written into reports.
[[nodiscard]] const char* version();

/// The text report: header (version, generator, seed, options, input hash), then one
/// "key: value" line per fact, premature termination on a line of its own, every unused
/// door, unreachable regions, entrance and exit, the metrics of `metrics` that the text shows,
/// and the placements. Ends with a newline.
void write_text_report(const core::Level& level, const TextSink& sink,
                       std::span<const Metric> metrics = metric_table());
/// write_text_report into one string.
[[nodiscard]] std::string text_report(const core::Level& level);

/// The JSON report with at least DESIGN.md's keys: seed, map, placements, connections,
/// unused_doors, entrance, exit, unreachable, stop_reason, terminated_early. Top-level keys
/// one per line (2-space indentation), one array element per line; ends with a newline.
/// `metrics` holds the rows of its `metrics` object.
void write_json_report(const core::Level& level, const TextSink& sink,
                       std::span<const Metric> metrics = metric_table());
/// write_json_report into one string.
[[nodiscard]] std::string json_report(const core::Level& level);

}  // namespace dungen::exporters
