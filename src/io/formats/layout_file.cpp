#include "io/formats/layout_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "core/error.hpp"
#include "core/map.hpp"
#include "core/tile_settings.hpp"
#include "io/formats/json_reader.hpp"

namespace dungen::io::formats {
namespace {

using detail::excerpt;
using detail::Json;
using detail::kMaxNumber;
using detail::parse_json;
using detail::Range;
using detail::Reader;
using detail::RoomIndex;

core::LinkKind parse_kind(const Reader& r, const Json& c, const std::string& where) {
  if (!c.contains("kind")) return core::LinkKind::Auto;
  const std::string kind = r.text(c, where, "kind");
  if (kind == "door") return core::LinkKind::Door;
  if (kind == "hallway") return core::LinkKind::Hallway;
  if (kind == "auto") return core::LinkKind::Auto;
  r.fail(where, fmt::format("kind \"{}\" is not \"door\", \"hallway\" or \"auto\"; use one of "
                            "them, or leave \"kind\" out for auto",
                            excerpt(kind)));
}

void parse_layout_rooms(const Reader& r, const Json& rooms, core::LayoutSpec& spec,
                        RoomIndex& index) {
  if (rooms.size() > kMaxLayoutRooms) {
    r.fail("", fmt::format(
                   "\"rooms\" lists {} rooms, more than the {} a layout may have; use fewer rooms",
                   rooms.size(), kMaxLayoutRooms));
  }
  spec.rooms.reserve(rooms.size());
  for (std::size_t i = 0; i < rooms.size(); ++i) {
    const Json& room = rooms[i];
    const std::string where = fmt::format("rooms[{}]", i);
    r.only_keys(room, where, {"name", "x", "y", "width", "height"});
    std::string name = r.room_name(room, where, i, index);
    const core::Rect floor{r.integer(room, where, "x"), r.integer(room, where, "y"),
                           r.integer(room, where, "width"), r.integer(room, where, "height")};
    spec.rooms.push_back({std::move(name), floor, {}});
  }
}

void parse_layout_links(const Reader& r, const Json& links, core::LayoutSpec& spec,
                        const RoomIndex& index) {
  if (!links.is_array()) r.fail("", "\"connections\" must be a list [...]");
  std::unordered_set<std::uint64_t> pairs;  // lookups only, as RoomIndex
  spec.links.reserve(links.size());
  for (std::size_t k = 0; k < links.size(); ++k) {
    const Json& c = links[k];
    const std::string where = fmt::format("connections[{}]", k);
    r.only_keys(c, where, {"from", "to", "kind", "width", "at"});
    const int a =
        r.room_index(spec.rooms, index, where, r.text(c, where, "from", "the name of a room"));
    const int b =
        r.room_index(spec.rooms, index, where, r.text(c, where, "to", "the name of a room"));
    const auto key = (static_cast<std::uint64_t>(std::min(a, b)) << 32U) |
                     static_cast<std::uint32_t>(std::max(a, b));
    if (!pairs.insert(key).second)
      r.fail(where, "joins the same two rooms as an earlier connection");
    const int at = r.integer(c, where, "at", Range{0, kMaxNumber}, -1);
    spec.links.push_back({a, b, parse_kind(r, c, where),
                          r.integer(c, where, "width", Range{1, core::kMaxConnectedDoorWidth}, 1),
                          at});
  }
}

// A level graph (docs/graph.md) given where a layout belongs: rooms that are objects, none
// placed or sized, and no "space".
bool looks_like_graph(const Json& doc) {
  if (!doc.is_object() || doc.contains("space") || !doc.contains("rooms")) return false;
  const Json& rooms = doc["rooms"];
  if (!rooms.is_array() || rooms.empty()) return false;
  for (const Json& room : rooms) {
    if (!room.is_object()) return false;
    for (const char* key : {"x", "y", "width", "height"}) {
      if (room.contains(key)) return false;
    }
  }
  return true;
}

}  // namespace

core::LayoutSpec parse_layout(std::string_view text, const std::string& source) {
  const Reader r{source};
  detail::Document document;  // freed without allocating, also when memory ran out
  parse_json(text, r, document);
  Json& doc = document.root();
  if (looks_like_graph(doc)) {
    r.fail("",
           "looks like a level graph (rooms with names and tags but no place or size); "
           "generate a level from it with 'dungen graph TILES FILE', or give "
           "each room x, y, width and height (docs/layouts.md)");
  }
  r.only_keys(doc, "", {"space", "rooms", "connections"});
  core::LayoutSpec spec;
  spec.name = source;
  if (doc.contains("space")) {
    r.only_keys(doc["space"], "space", {"width", "height"});
    const Range side{core::kMinSpaceSide, core::kMaxSpaceSide};
    spec.space = {r.integer(doc["space"], "space", "width", side),
                  r.integer(doc["space"], "space", "height", side)};
  }
  if (!doc.contains("rooms") || !doc["rooms"].is_array())
    r.fail("", "\"rooms\" must be a list of rooms [...]");
  RoomIndex index;
  parse_layout_rooms(r, doc["rooms"], spec, index);
  if (doc.contains("connections")) parse_layout_links(r, doc["connections"], spec, index);
  return spec;
}

}  // namespace dungen::io::formats
