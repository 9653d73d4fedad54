// The Tiled layer "doors": connected doors of a named door kind (docs/export.md).
#include <fmt/format.h>

#include "export/tiled.hpp"

namespace dungen::exporters {

std::vector<TiledObject> door_kind_objects(const core::Level& level) {
  std::vector<TiledObject> objects;
  const core::Map& map = level.map;
  if (map.door_kinds.empty()) return objects;
  for (const core::Connection& c : map.connections) {
    const std::uint8_t kind = core::door_kind(map, c);
    if (kind == 0) continue;
    const core::Door d = c.door();
    const core::Point a = core::along(d.facing);
    TiledObject o;
    o.name = std::string(core::door_kind_name(map.door_kinds, kind));
    o.type = "door";
    o.cells = {d.start.x, d.start.y, a.x == 1 ? d.width : 1, a.y == 1 ? d.width : 1};
    o.properties = {{"kind", "string", o.name},
                    {"a", "int", std::to_string(c.a)},
                    {"b", "int", std::to_string(c.b)},
                    {"facing", "string", std::string(core::facing_name(d.facing))},
                    {"width", "int", std::to_string(d.width)}};
    objects.push_back(std::move(o));
  }
  return objects;
}

}  // namespace dungen::exporters
