#include "export/dungeon_json.hpp"

#include "core/rng.hpp"
#include "export/report.hpp"

namespace dungen::exporters {

void write_dungeon_json(core::Seed seed, const std::vector<core::Level>& floors,
                        const std::vector<core::Point>& stairs, const TextSink& sink,
                        std::span<const Metric> metrics) {
  {
    TextOut out(sink);
    out.format("{{\n  \"dungen_version\": \"{}\",\n  \"generation\": {},\n", version(),
               core::kGenerationVersion);
    out.format("  \"seed\": {0},\n  \"seed_string\": \"{0}\",\n  \"floor_count\": {1},\n", seed,
               floors.size());
    const core::Size size = floors.empty() ? core::Size{} : floors.front().map.cells.size();
    out.format("  \"map\": {{\"width\": {}, \"height\": {}}},\n  \"stairs\": [", size.width,
               size.height);
    for (std::size_t k = 0; k < stairs.size(); ++k) {
      out.format("{}\n    {{\"from\": {}, \"to\": {}, \"x\": {}, \"y\": {}}}", k == 0 ? "" : ",",
                 k + 1, k + 2, stairs[k].x, stairs[k].y);
    }
    out.raw(stairs.empty() ? "],\n  \"floors\": [\n" : "\n  ],\n  \"floors\": [\n");
    out.flush();
  }
  for (std::size_t k = 0; k < floors.size(); ++k) {
    if (k > 0) sink(",\n");
    write_json_report(floors[k], sink, metrics);  // ends with a newline
  }
  sink("]\n}\n");
}

}  // namespace dungen::exporters
