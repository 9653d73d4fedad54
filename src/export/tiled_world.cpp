#include "export/tiled_world.hpp"

#include <fmt/format.h>

#include "export/text_out.hpp"
#include "export/tiled.hpp"

namespace dungen::exporters {

std::string tiled_world(const std::vector<std::string>& maps, core::Size floor_cells) {
  std::string text;
  {
    const TextSink sink = [&text](std::string_view block) { text.append(block); };
    TextOut out(sink);  // holds the sink by reference
    out.raw("{\n  \"maps\": [");
    const int width = floor_cells.width * kTiledTilePixels;
    const int height = floor_cells.height * kTiledTilePixels;
    const int step = (floor_cells.width + kWorldGapCells) * kTiledTilePixels;
    for (std::size_t k = 0; k < maps.size(); ++k) {
      out.raw(k == 0 ? "\n    {\"fileName\": " : ",\n    {\"fileName\": ");
      out.string(maps[k]);
      out.format(", \"x\": {}, \"y\": 0, \"width\": {}, \"height\": {}}}",
                 static_cast<long long>(step) * static_cast<long long>(k), width, height);
    }
    out.raw("\n  ],\n  \"onlyShowAdjacentMaps\": false,\n  \"type\": \"world\"\n}\n");
    out.flush();
  }
  return text;
}

}  // namespace dungen::exporters
