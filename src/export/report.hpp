#pragma once
/// \file report.hpp
/// The text and JSON reports of a level (formats documented in docs/reports.md).

#include <string>

#include "core/level.hpp"

namespace dungen::exporters {

/// The program version written into reports.
[[nodiscard]] const char* version();

/// The text report: header (version, generator, seed, options, input hash), then one
/// "key: value" line per fact, premature termination on a line of its own, every unused
/// door, unreachable regions, entrance and exit, and the placements. Ends with a newline.
[[nodiscard]] std::string text_report(const core::Level& level);

/// The JSON report (2-space indented, keys in a fixed order, ends with a newline) with at
/// least DESIGN.md's keys: seed, map, placements, connections, unused_doors, entrance, exit,
/// unreachable, stop_reason, terminated_early.
[[nodiscard]] std::string json_report(const core::Level& level);

}  // namespace dungen::exporters
