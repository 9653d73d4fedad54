#include "io/formats/graph_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>

#include "core/error.hpp"
#include "core/map.hpp"
#include "core/tile_settings.hpp"
#include "io/formats/json_reader.hpp"

namespace dungen::io::formats {
namespace {

using detail::excerpt;
using detail::Json;
using detail::Range;
using detail::Reader;
using detail::RoomIndex;

std::vector<std::string> parse_tags(const Reader& r, const Json& room, const std::string& where) {
  std::vector<std::string> tags;
  if (!room.contains("tags")) return tags;
  const Json& list = room.at("tags");
  if (!list.is_array()) r.fail(where, "\"tags\" must be a list of words [\"boss\", ...]");
  if (list.size() > core::kMaxTags)
    r.fail(where,
           fmt::format("{} tags, more than the {} a room may carry", list.size(), core::kMaxTags));
  for (const Json& tag : list) {
    if (!tag.is_string() || !core::valid_tag(tag.get<std::string>())) {
      r.fail(where, fmt::format("tag {} is not a word; use letters, digits, '_' and '-' (at most "
                                "64), e.g. \"boss\"",
                                detail::shown_value(tag)));
    }
    tags.push_back(tag.get<std::string>());
  }
  std::sort(tags.begin(), tags.end());
  tags.erase(std::unique(tags.begin(), tags.end()), tags.end());
  return tags;
}

void parse_graph_rooms(const Reader& r, const Json& rooms, core::LevelGraph& g, RoomIndex& index) {
  if (rooms.size() > core::kMaxGraphRooms) {
    r.fail("", fmt::format("\"rooms\" lists {} rooms, more than the {} a graph may have; use "
                           "fewer rooms",
                           rooms.size(), core::kMaxGraphRooms));
  }
  for (std::size_t i = 0; i < rooms.size(); ++i) {
    const Json& room = rooms[i];
    const std::string where = fmt::format("rooms[{}]", i);
    r.only_keys(room, where, {"name", "tags", "x", "y", "width", "height"});
    std::string name = r.room_name(room, where, i, index);
    g.rooms.push_back({std::move(name), parse_tags(r, room, where)});
  }
}

void parse_graph_links(const Reader& r, const Json& links, core::LevelGraph& g,
                       const RoomIndex& index) {
  if (!links.is_array()) r.fail("", "\"connections\" must be a list [...]");
  if (links.size() > core::kMaxGraphConnections) {
    r.fail("", fmt::format("\"connections\" lists {}, more than the {} a graph may have; use fewer",
                           links.size(), core::kMaxGraphConnections));
  }
  for (std::size_t k = 0; k < links.size(); ++k) {
    const Json& c = links[k];
    const std::string where = fmt::format("connections[{}]", k);
    r.only_keys(c, where, {"from", "to", "width", "kind", "at"});
    const int a =
        r.room_index(g.rooms, index, where, r.text(c, where, "from", "the name of a room"));
    const int b = r.room_index(g.rooms, index, where, r.text(c, where, "to", "the name of a room"));
    g.links.push_back(
        {a, b, r.integer(c, where, "width", Range{1, core::kMaxConnectedDoorWidth}, 0)});
  }
}

}  // namespace

core::LevelGraph parse_graph(std::string_view text, const std::string& source) {
  const Reader r{source};
  detail::Document document;  // freed without allocating, also when memory ran out
  detail::parse_json(text, r, document);
  Json& doc = document.root();
  r.only_keys(doc, "", {"rooms", "connections", "space"});
  core::LevelGraph g;
  g.name = source;
  if (!doc.contains("rooms") || !doc["rooms"].is_array())
    r.fail("", "\"rooms\" must be a list of rooms [...]");
  RoomIndex index;
  parse_graph_rooms(r, doc["rooms"], g, index);
  if (doc.contains("connections")) parse_graph_links(r, doc["connections"], g, index);
  core::validate_graph(g);
  return g;
}

}  // namespace dungen::io::formats
