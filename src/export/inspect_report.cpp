#include "export/inspect_report.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/plural.hpp"

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

std::string inspect_json(const analysis::SetCheck& check, const std::vector<std::string>& notes) {
  using Json = nlohmann::ordered_json;
  // A named kind as "kind": NAME after the other keys; plain doors have no "kind".
  const auto add_kind = [&](Json& j, std::uint8_t kind) {
    if (kind != 0) j["kind"] = core::door_kind_name(check.door_kinds, kind);
  };
  Json tiles = Json::array();
  for (const auto& t : check.tiles) {
    Json doors = Json::array();
    for (const core::Door& d : t.doors) {
      Json door{{"x", d.start.x},
                {"y", d.start.y},
                {"width", d.width},
                {"facing", core::facing_name(d.facing)}};
      add_kind(door, d.kind);
      doors.push_back(std::move(door));
    }
    tiles.push_back(Json{{"name", t.name},
                         {"width", t.size.width},
                         {"height", t.size.height},
                         {"doors", doors},
                         {"orientations", t.orientations},
                         {"problems", t.problems},
                         {"notes", t.notes}});
  }
  Json unmatched = Json::array();
  for (const auto& u : check.unmatched_doors) {
    Json door{{"tile", u.tile},
              {"x", u.door.start.x},
              {"y", u.door.start.y},
              {"width", u.door.width},
              {"facing", core::facing_name(u.door.facing)}};
    add_kind(door, u.door.kind);
    unmatched.push_back(std::move(door));
  }
  Json widths = Json::array();
  for (const auto& w : check.widths) {
    Json width{{"width", w.width}};
    add_kind(width, w.kind);
    width.update(Json{{"doors", w.doors}, {"tiles", w.tiles}, {"caps", w.caps}});
    widths.push_back(std::move(width));
  }
  Json j{{"tiles", tiles},
         {"widths", widths},
         {"unmatched_doors", unmatched},
         {"never_placed", check.never_placed},
         {"widths_without_cap", check.widths_without_cap}};
  if (!check.door_kinds.empty()) {
    Json kinds = Json::array();
    for (const auto& w : check.kinds_without_cap) {
      kinds.push_back(
          Json{{"width", w.width}, {"kind", core::door_kind_name(check.door_kinds, w.kind)}});
    }
    j["kinds_without_cap"] = kinds;
    j["door_kinds"] = check.door_kinds;
  }
  j["notes"] = notes;
  // A tile name that is not UTF-8 (file names are bytes) gets U+FFFD for each bad byte, as in
  // generate's reports.
  return j.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace dungen::exporters
