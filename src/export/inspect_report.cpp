#include "export/inspect_report.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/plural.hpp"
#include "export/text_out.hpp"
#include "io/formats/json_reader.hpp"

namespace dungen::exporters {
namespace {

std::string join(const std::vector<std::string>& items) {
  if (items.empty()) return "none";
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ", ") + printable_uncut(s);
  return out;
}

// " kind=NAME" for a door of a named kind; "" for a plain door.
std::string kind_suffix(const analysis::SetCheck& check, std::uint8_t kind) {
  if (kind == 0) return "";
  return fmt::format(" kind={}", core::door_kind_name(check.door_kinds, kind));
}

void tile_text(std::string& out, const analysis::SetCheck& check, const analysis::TileCheck& t) {
  out +=
      fmt::format("{}  {}x{} cells, {} door{}, {} distinct orientation{}\n",
                  printable_uncut(t.name), t.size.width, t.size.height, t.doors.size(),
                  t.doors.size() == 1 ? "" : "s", t.orientations, t.orientations == 1 ? "" : "s");
  for (const core::Door& d : t.doors) {
    out += fmt::format("  door x={} y={} width={} facing={}{}\n", d.start.x, d.start.y, d.width,
                       core::facing_name(d.facing), kind_suffix(check, d.kind));
  }
  for (const std::string& p : t.problems) out += fmt::format("  problem: {}\n", printable_uncut(p));
  for (const std::string& n : t.notes) out += fmt::format("  note: {}\n", printable_uncut(n));
}

}  // namespace

std::string inspect_text(const analysis::SetCheck& check, const std::vector<std::string>& notes) {
  std::string out;
  for (const std::string& n : notes) out += fmt::format("note: {}\n", printable_uncut(n));
  int problems = 0;
  for (const auto& t : check.tiles) {
    tile_text(out, check, t);
    problems += static_cast<int>(t.problems.size());
  }
  out += fmt::format("\nset: {}, {}\n", core::count_of(check.tiles.size(), "tiles"),
                     core::count_of(problems, "problems"));
  for (const auto& w : check.widths) {
    out += fmt::format("  width {}{}: {} on {} ({}); caps: {}\n", w.width,
                       kind_suffix(check, w.kind), core::count_of(w.doors, "doors"),
                       core::count_of(w.tiles.size(), "tiles"), join(w.tiles), join(w.caps));
  }
  std::vector<std::string> unmatched;
  for (const auto& u : check.unmatched_doors) {
    unmatched.push_back(fmt::format(
        "{} door x={} y={} width={} facing={}{}", u.tile, u.door.start.x, u.door.start.y,
        u.door.width, core::facing_name(u.door.facing), kind_suffix(check, u.door.kind)));
  }
  out += fmt::format("  doors no door of any tile can mate: {}\n", join(unmatched));
  out += fmt::format("  tiles no other tile can join (they join only copies of themselves): {}\n",
                     join(check.never_placed));
  std::vector<std::string> widths;
  for (int w : check.widths_without_cap) widths.push_back(std::to_string(w));
  for (const auto& w : check.kinds_without_cap) {
    widths.push_back(std::to_string(w.width) + kind_suffix(check, w.kind));
  }
  out +=
      fmt::format("  widths without a cap (their branches can never close, only be sealed): {}\n",
                  join(widths));
  return out;
}

namespace {

using Json = nlohmann::ordered_json;

// A fresh object in `slot`, its room for keys made first: ordered_json keeps keys in a vector
// whose growth copies the values already there, and a copy that runs out of memory half-way
// is destroyed by nlohmann's allocating destructor, which ends the program.
Json& object_in(Json& slot) {
  slot = Json::object();
  slot.get_ref<Json::object_t&>().reserve(8);  // the most keys any object here has
  return slot;
}

// A named kind as "kind": NAME after the other keys; plain doors have no "kind".
void add_kind(Json& object, const analysis::SetCheck& check, std::uint8_t kind) {
  if (kind != 0) object["kind"] = core::door_kind_name(check.door_kinds, kind);
}

// A door's keys, after any the caller put first.
void add_door(Json& door, const analysis::SetCheck& check, const core::Door& d) {
  door["x"] = d.start.x;
  door["y"] = d.start.y;
  door["width"] = d.width;
  door["facing"] = core::facing_name(d.facing);
  add_kind(door, check, d.kind);
}

// "tiles": each tile's name, size, doors, orientations, problems and notes.
void add_tiles(Json& j, const analysis::SetCheck& check) {
  Json& tiles = j["tiles"] = Json::array();
  for (const auto& t : check.tiles) {
    Json& tile = object_in(tiles.emplace_back());
    tile["name"] = t.name;
    tile["width"] = t.size.width;
    tile["height"] = t.size.height;
    Json& doors = tile["doors"] = Json::array();
    for (const core::Door& d : t.doors) {
      add_door(object_in(doors.emplace_back()), check, d);
    }
    tile["orientations"] = t.orientations;
    tile["problems"] = t.problems;
    tile["notes"] = t.notes;
  }
}

// "widths": each door width (and kind), its doors, the tiles that have it and its caps.
void add_widths(Json& j, const analysis::SetCheck& check) {
  Json& widths = j["widths"] = Json::array();
  for (const auto& w : check.widths) {
    Json& width = object_in(widths.emplace_back());
    width["width"] = w.width;
    add_kind(width, check, w.kind);
    width["doors"] = w.doors;
    width["tiles"] = w.tiles;
    width["caps"] = w.caps;
  }
}

// "unmatched_doors": the doors no door of any tile can mate, each with its tile.
void add_unmatched_doors(Json& j, const analysis::SetCheck& check) {
  Json& unmatched = j["unmatched_doors"] = Json::array();
  for (const auto& u : check.unmatched_doors) {
    Json& door = object_in(unmatched.emplace_back());
    door["tile"] = u.tile;
    add_door(door, check, u.door);
  }
}

// "kinds_without_cap" and "door_kinds": only for a set with named door kinds.
void add_door_kinds(Json& j, const analysis::SetCheck& check) {
  if (check.door_kinds.empty()) return;
  Json& kinds = j["kinds_without_cap"] = Json::array();
  for (const auto& w : check.kinds_without_cap) {
    Json& kind = object_in(kinds.emplace_back());
    kind["width"] = w.width;
    kind["kind"] = core::door_kind_name(check.door_kinds, w.kind);
  }
  j["door_kinds"] = check.door_kinds;
}

// `j` as nlohmann's dump(2) lays it out, its strings and keys through json_string, the one
// encoder of text in dungen's JSON: bytes that are not UTF-8 (file names are bytes) become
// U+FFFD and C1 and bidi controls are escaped, as in generate's reports.
void dump(const Json& j, int depth, std::string& out) {
  const std::string indent(static_cast<std::size_t>(2 * (depth + 1)), ' ');
  if (j.is_string()) {
    out += json_string(j.get_ref<const std::string&>());
  } else if (j.is_object() || j.is_array()) {
    const bool object = j.is_object();
    if (j.empty()) {
      out += object ? "{}" : "[]";
      return;
    }
    out += object ? "{\n" : "[\n";
    bool first = true;
    for (const auto& [key, value] : j.items()) {
      out += first ? "" : ",\n";
      first = false;
      out += indent;
      if (object) {
        out += json_string(key);
        out += ": ";
      }
      dump(value, depth + 1, out);
    }
    out += '\n';
    out.append(indent, 2);  // one level less
    out += object ? '}' : ']';
  } else {
    out += j.dump();  // numbers, true, false, null
  }
}

}  // namespace

std::string inspect_json(const analysis::SetCheck& check, const std::vector<std::string>& notes) {
  // Built in place under one guard: out of memory (std::bad_alloc) frees the tree leaf by leaf,
  // where nlohmann's destructors would allocate and end the program.
  Json j;
  const io::formats::detail::ReleaseOnUnwind<Json> guard(j);
  object_in(j);
  add_tiles(j, check);            // each tile: size, doors, problems, notes
  add_widths(j, check);           // each door width: its doors, tiles and caps
  add_unmatched_doors(j, check);  // doors nothing can mate
  j["never_placed"] = check.never_placed;
  j["widths_without_cap"] = check.widths_without_cap;
  add_door_kinds(j, check);  // named door kinds, when the set has any
  j["notes"] = notes;
  std::string out;
  dump(j, 0, out);
  return out + "\n";
}

}  // namespace dungen::exporters
