#include "io/layout_file.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <algorithm>

#include "core/error.hpp"
#include "core/tile_settings.hpp"

namespace dungen::io {
namespace {

using Json = nlohmann::json;

struct Reader {
  const std::string& source;

  [[noreturn]] void fail(const std::string& where, const std::string& what) const {
    throw file_error(source, where.empty() ? what : where + ": " + what);
  }

  void only_keys(const Json& obj, const std::string& where, const std::vector<std::string>& allowed) const {
    if (!obj.is_object()) fail(where, "must be an object {...}");
    for (const auto& [key, value] : obj.items()) {
      if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
      const std::string hint = core::closest_match(key, allowed);
      fail(where, fmt::format("unknown key \"{}\"{}", key, hint.empty() ? "" : fmt::format("; did you mean \"{}\"?", hint)));
    }
  }

  int integer(const Json& obj, const std::string& where, const char* key, std::optional<int> fallback = std::nullopt) const {
    if (!obj.contains(key)) {
      if (fallback) return *fallback;
      fail(where, fmt::format("\"{}\" is missing", key));
    }
    const Json& v = obj.at(key);
    if (!v.is_number_integer() || v.get<std::int64_t>() < -(1 << 20) || v.get<std::int64_t>() > (1 << 20)) {
      fail(where, fmt::format("\"{}\" must be a whole number, got {}", key, v.dump()));
    }
    return v.get<int>();
  }

  std::string text(const Json& obj, const std::string& where, const char* key) const {
    if (!obj.contains(key) || !obj.at(key).is_string()) fail(where, fmt::format("\"{}\" must be a string", key));
    return obj.at(key).get<std::string>();
  }
};

core::LinkKind parse_kind(const Reader& r, const Json& c, const std::string& where) {
  if (!c.contains("kind")) return core::LinkKind::Auto;
  const std::string kind = r.text(c, where, "kind");
  if (kind == "door") return core::LinkKind::Door;
  if (kind == "hallway") return core::LinkKind::Hallway;
  if (kind == "auto") return core::LinkKind::Auto;
  r.fail(where, fmt::format("kind \"{}\" is not \"door\", \"hallway\" or \"auto\"", kind));
}

int room_index(const Reader& r, const core::LayoutSpec& spec, const std::string& where, const std::string& name) {
  for (std::size_t i = 0; i < spec.rooms.size(); ++i) {
    if (spec.rooms[i].name == name) return static_cast<int>(i);
  }
  std::vector<std::string> names;
  for (const auto& room : spec.rooms) names.push_back(room.name);
  const std::string hint = core::closest_match(name, names);
  r.fail(where, fmt::format("no room named \"{}\"{}", name, hint.empty() ? "" : fmt::format("; did you mean \"{}\"?", hint)));
}

}  // namespace

core::LayoutSpec parse_layout(std::string_view text, const std::string& source) {
  const Reader r{source};
  Json doc;
  try {
    doc = Json::parse(text);
  } catch (const Json::parse_error& e) {
    const std::size_t at = std::min<std::size_t>(e.byte, text.size());
    const std::string_view before = text.substr(0, at > 0 ? at - 1 : 0);
    const auto line = std::count(before.begin(), before.end(), '\n') + 1;
    const auto column = before.size() - (before.rfind('\n') == std::string_view::npos ? static_cast<std::size_t>(-1) : before.rfind('\n'));
    r.fail(fmt::format("line {} column {}", line, column), "not valid JSON; check the commas, quotes and brackets there");
  }
  r.only_keys(doc, "", {"space", "rooms", "connections"});
  core::LayoutSpec spec;
  spec.name = source;
  if (doc.contains("space")) {
    r.only_keys(doc["space"], "space", {"width", "height"});
    spec.space = {r.integer(doc["space"], "space", "width"), r.integer(doc["space"], "space", "height")};
  }
  if (!doc.contains("rooms") || !doc["rooms"].is_array()) r.fail("", "\"rooms\" must be a list of rooms [...]");
  for (std::size_t i = 0; i < doc["rooms"].size(); ++i) {
    const Json& room = doc["rooms"][i];
    const std::string where = fmt::format("rooms[{}]", i);
    r.only_keys(room, where, {"name", "x", "y", "width", "height"});
    const std::string name = room.contains("name") ? r.text(room, where, "name") : fmt::format("room {}", i + 1);
    for (const auto& other : spec.rooms) {
      if (other.name == name) r.fail(where, fmt::format("the name \"{}\" is used twice", name));
    }
    spec.rooms.push_back({name, {r.integer(room, where, "x"), r.integer(room, where, "y"), r.integer(room, where, "width"),
                                 r.integer(room, where, "height")}, {}});
  }
  if (doc.contains("connections")) {
    if (!doc["connections"].is_array()) r.fail("", "\"connections\" must be a list [...]");
    for (std::size_t k = 0; k < doc["connections"].size(); ++k) {
      const Json& c = doc["connections"][k];
      const std::string where = fmt::format("connections[{}]", k);
      r.only_keys(c, where, {"from", "to", "kind", "width", "at"});
      const int a = room_index(r, spec, where, r.text(c, where, "from")), b = room_index(r, spec, where, r.text(c, where, "to"));
      for (const core::LayoutLink& l : spec.links) {
        if ((l.a == a && l.b == b) || (l.a == b && l.b == a)) r.fail(where, "joins the same two rooms as an earlier connection");
      }
      const int at = r.integer(c, where, "at", -1);
      if (c.contains("at") && at < 0) r.fail(where, "\"at\" must be 0 or more (leave it out to centre the door)");
      spec.links.push_back({a, b, parse_kind(r, c, where), r.integer(c, where, "width", 1), at});
    }
  }
  return spec;
}

}  // namespace dungen::io
