#pragma once
/// \file dungeon_json.hpp
/// The JSON report of a dungeon of floors (--floors, pipeline/floors.hpp; docs/floors.md): the
/// stairs and every floor's own JSON report (docs/reports.md), in one file.

#include <vector>

#include "core/level.hpp"
#include "export/metric_table.hpp"
#include "export/text_out.hpp"

namespace dungen::exporters {

/// Writes {"dungen_version", "generation", "seed" and "seed_string" (`seed`, the dungeon's:
/// --seed with it makes the dungeon again), "floor_count", "map" {width, height} (every floor's), "stairs": [{"from": k, "to":
/// k + 1, "x", "y"}] (map cells; the cell of floor k's way down and floor k + 1's way up),
/// "floors": [each floor's JSON report, floor 1 first]} to `sink`. Ends with a newline.
void write_dungeon_json(core::Seed seed, const std::vector<core::Level>& floors,
                        const std::vector<core::Point>& stairs, const TextSink& sink,
                        std::span<const Metric> metrics = metric_table());

}  // namespace dungen::exporters
