#include <nlohmann/json.hpp>

#include "export/report.hpp"

namespace dungen::exporters {
namespace {

using Json = nlohmann::ordered_json;

Json point_json(const std::optional<core::Point>& p) {
  return p ? Json{{"x", p->x}, {"y", p->y}} : Json(nullptr);
}

Json door_fields(const core::Door& d) {
  return Json{{"x", d.start.x}, {"y", d.start.y}, {"width", d.width},
              {"facing", core::facing_name(d.facing)}};
}

Json placements_json(const core::Map& map) {
  Json arr = Json::array();
  for (std::size_t i = 0; i < map.placements.size(); ++i) {
    const core::Placement& p = map.placements[i];
    arr.push_back(Json{{"id", i},
                       {"tile", p.tile < map.tile_names.size() ? map.tile_names[p.tile] : ""},
                       {"rotate", core::degrees(p.orientation)},
                       {"flip", core::is_flipped(p.orientation)},
                       {"x", p.origin.x},
                       {"y", p.origin.y},
                       {"width", p.size.width},
                       {"height", p.size.height}});
  }
  return arr;
}

Json connections_json(const core::Map& map) {
  Json arr = Json::array();
  for (const core::Connection& c : map.connections) {
    Json j{{"a", c.a}, {"b", c.b}};
    j.update(door_fields(c.door));
    arr.push_back(std::move(j));
  }
  return arr;
}

Json unused_json(const core::Map& map) {
  Json arr = Json::array();
  for (const core::UnusedDoor& u : map.unused_doors) {
    Json j{{"placement", u.placement}};
    j.update(door_fields(u.span));
    j["reason"] = core::unused_reason_key(u.reason);
    arr.push_back(std::move(j));
  }
  return arr;
}

}  // namespace

std::string json_report(const core::Level& level) {
  const auto& map = level.map;
  Json j;
  j["dungen_version"] = version();
  j["generator"] = level.generator;
  j["seed"] = level.seed;
  j["options"] = level.options;
  if (!level.input_hash.empty()) j["input_hash"] = level.input_hash;
  j["map"] = {{"width", map.cells.width()}, {"height", map.cells.height()}};
  j["stop_reason"] = level.stop_reason;
  j["stop_text"] = level.stop_text;
  j["terminated_early"] = level.terminated_early;
  j["early_notes"] = level.early_notes;
  j["tiles_placed"] = map.placements.size();
  j["closing_placements"] = level.closing_placements;
  j["entrance"] = point_json(level.entrance);
  j["exit"] = point_json(level.exit);
  j["exit_distance"] = level.exit ? Json(level.exit_distance) : Json(nullptr);
  j["placements"] = placements_json(map);
  j["connections"] = connections_json(map);
  j["unused_doors"] = unused_json(map);
  Json regions = Json::array();
  for (const core::Region& r : level.unreachable) {
    regions.push_back(Json{{"x", r.first.x}, {"y", r.first.y}, {"cells", r.cells}});
  }
  j["unreachable"] = std::move(regions);
  return j.dump(2) + "\n";
}

}  // namespace dungen::exporters
