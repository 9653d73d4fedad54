#include "io/layout_file.hpp"

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

namespace dungen::io {
namespace {

using Json = nlohmann::json;

constexpr std::int64_t kMaxNumber = std::int64_t{1} << 20;  // any cell count or coordinate

/// An inclusive range of whole numbers a key may hold.
struct Range {
  std::int64_t lo = -kMaxNumber;
  std::int64_t hi = kMaxNumber;
};

/// At most 40 bytes of `text` (not cutting a UTF-8 character), "..." when cut: file content
/// echoed in a message never floods the one-line error.
std::string excerpt(std::string_view text) {
  constexpr std::size_t kMax = 40;
  if (text.size() <= kMax) return std::string(text);
  std::size_t n = kMax;
  while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0U) == 0x80U) --n;
  return std::string(text.substr(0, n)) + "...";
}

/// "line L column C" of the byte at `offset` (0-based) in `text`, both counted from 1.
std::string line_column(std::string_view text, std::size_t offset) {
  const std::string_view before = text.substr(0, std::min(offset, text.size()));
  const auto line = std::count(before.begin(), before.end(), '\n') + 1;
  const std::size_t newline = before.rfind('\n');
  const std::size_t column =
      newline == std::string_view::npos ? before.size() + 1 : before.size() - newline;
  return fmt::format("line {} column {}", line, column);
}

/// nlohmann's DOM builder that remembers where the parser failed: a number too large for a
/// double is reported through parse_error() as an out_of_range exception that carries no
/// position, so the position is kept here (nlohmann has no public hook for it).
class PositionedDomParser : public nlohmann::detail::json_sax_dom_parser<Json> {
 public:
  using nlohmann::detail::json_sax_dom_parser<Json>::json_sax_dom_parser;

  template <class Exception>
  bool parse_error(std::size_t position, const std::string& token, const Exception& ex) {
    end = position;
    last_token = token;
    throw ex;
  }

  std::size_t end = 0;     ///< bytes read when the parser failed (past the bad token)
  std::string last_token;  ///< the token it failed on
};

struct Reader {
  const std::string& source;

  [[noreturn]] void fail(const std::string& where, const std::string& what) const {
    throw file_error(source, where.empty() ? what : where + ": " + what);
  }

  void only_keys(const Json& obj, const std::string& where,
                 const std::vector<std::string>& allowed) const {
    if (!obj.is_object()) fail(where, "must be an object {...}");
    for (const auto& [key, value] : obj.items()) {
      if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
      const std::string hint = core::closest_match(key, allowed);
      fail(where, fmt::format("unknown key \"{}\"{}", excerpt(key),
                              hint.empty() ? "" : fmt::format("; did you mean \"{}\"?", hint)));
    }
  }

  int integer(const Json& obj, const std::string& where, const char* key, Range range = {},
              std::optional<int> fallback = std::nullopt) const {
    if (!obj.contains(key)) {
      if (fallback) return *fallback;
      fail(where, fmt::format("\"{}\" is missing", key));
    }
    const Json& v = obj.at(key);
    std::optional<std::int64_t> n;
    if (v.is_number_unsigned()) {
      if (v.get<std::uint64_t>() <= static_cast<std::uint64_t>(range.hi)) n = v.get<std::int64_t>();
    } else if (v.is_number_integer()) {
      n = v.get<std::int64_t>();
    } else if (v.is_number_float()) {  // 1e2 and 100.0 are whole numbers too
      const double d = v.get<double>();
      if (d == std::floor(d) && std::fabs(d) <= 1e15) n = static_cast<std::int64_t>(d);
    }
    if (!n || *n < range.lo || *n > range.hi) {
      fail(where, fmt::format("\"{}\" must be a whole number from {} to {}, got {}", key, range.lo,
                              range.hi, excerpt(v.dump())));
    }
    return static_cast<int>(*n);
  }

  std::string text(const Json& obj, const std::string& where, const char* key) const {
    if (!obj.contains(key) || !obj.at(key).is_string())
      fail(where, fmt::format("\"{}\" must be a string", key));
    return obj.at(key).get<std::string>();
  }
};

/// The JSON document of `text`; any nlohmann error becomes "<source>: line L column C: ...".
Json parse_json(std::string_view text, const Reader& r) {
  Json doc;
  PositionedDomParser dom(doc);
  try {
    Json::sax_parse(text, &dom);
  } catch (const Json::exception& e) {
    if (e.id == 406) {  // a number too large for a double: point at its start
      const std::size_t start = dom.end - std::min(dom.end, dom.last_token.size());
      r.fail(line_column(text, start),
             fmt::format("the number {} is out of range; give a whole number from {} to {}",
                         excerpt(dom.last_token), -kMaxNumber, kMaxNumber));
    }
    r.fail(line_column(text, dom.end > 0 ? dom.end - 1 : 0),
           "not valid JSON; check the commas, quotes and brackets there");
  }
  return doc;
}

core::LinkKind parse_kind(const Reader& r, const Json& c, const std::string& where) {
  if (!c.contains("kind")) return core::LinkKind::Auto;
  const std::string kind = r.text(c, where, "kind");
  if (kind == "door") return core::LinkKind::Door;
  if (kind == "hallway") return core::LinkKind::Hallway;
  if (kind == "auto") return core::LinkKind::Auto;
  r.fail(where, fmt::format("kind \"{}\" is not \"door\", \"hallway\" or \"auto\"", excerpt(kind)));
}

/// Room indices by name: lookups only, never iterated, so the output cannot depend on the
/// hash order.
using RoomIndex = std::unordered_map<std::string, int>;

int room_index(const Reader& r, const core::LayoutSpec& spec, const RoomIndex& index,
               const std::string& where, const std::string& name) {
  if (const auto it = index.find(name); it != index.end()) return it->second;
  std::vector<std::string> names;
  for (const auto& room : spec.rooms) names.push_back(room.name);
  const std::string hint = core::closest_match(name, names);
  r.fail(where, fmt::format("no room named \"{}\"{}", excerpt(name),
                            hint.empty() ? "" : fmt::format("; did you mean \"{}\"?", hint)));
}

void parse_rooms(const Reader& r, const Json& rooms, core::LayoutSpec& spec, RoomIndex& index) {
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
    std::string name =
        room.contains("name") ? r.text(room, where, "name") : fmt::format("room {}", i + 1);
    if (!index.emplace(name, static_cast<int>(i)).second)
      r.fail(where, fmt::format("the name \"{}\" is used twice", excerpt(name)));
    const core::Rect floor{r.integer(room, where, "x"), r.integer(room, where, "y"),
                           r.integer(room, where, "width"), r.integer(room, where, "height")};
    spec.rooms.push_back({std::move(name), floor, {}});
  }
}

void parse_links(const Reader& r, const Json& links, core::LayoutSpec& spec,
                 const RoomIndex& index) {
  if (!links.is_array()) r.fail("", "\"connections\" must be a list [...]");
  std::unordered_set<std::uint64_t> pairs;  // lookups only, as RoomIndex
  spec.links.reserve(links.size());
  for (std::size_t k = 0; k < links.size(); ++k) {
    const Json& c = links[k];
    const std::string where = fmt::format("connections[{}]", k);
    r.only_keys(c, where, {"from", "to", "kind", "width", "at"});
    const int a = room_index(r, spec, index, where, r.text(c, where, "from"));
    const int b = room_index(r, spec, index, where, r.text(c, where, "to"));
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

}  // namespace

core::LayoutSpec parse_layout(std::string_view text, const std::string& source) {
  const Reader r{source};
  Json doc = parse_json(text, r);
  r.only_keys(doc, "", {"space", "rooms", "connections"});
  core::LayoutSpec spec;
  spec.name = source;
  if (doc.contains("space")) {
    r.only_keys(doc["space"], "space", {"width", "height"});
    spec.space = {r.integer(doc["space"], "space", "width"),
                  r.integer(doc["space"], "space", "height")};
  }
  if (!doc.contains("rooms") || !doc["rooms"].is_array())
    r.fail("", "\"rooms\" must be a list of rooms [...]");
  RoomIndex index;
  parse_rooms(r, doc["rooms"], spec, index);
  if (doc.contains("connections")) parse_links(r, doc["connections"], spec, index);
  return spec;
}

}  // namespace dungen::io
