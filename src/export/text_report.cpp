#include <fmt/format.h>
#include <fmt/ranges.h>

#include <iterator>

#include "core/error.hpp"
#include "core/plural.hpp"
#include "export/report.hpp"

namespace dungen::exporters {
namespace {

std::string point_text(const std::optional<core::Point>& p) {
  return p ? fmt::format("{},{}", p->x, p->y) : std::string("none (the map has no floor)");
}

// " kind=NAME" for a door of a named kind; "" for a plain door.
std::string kind_text(const core::Map& map, std::uint8_t kind) {
  return kind == 0 ? std::string()
                   : fmt::format(" kind={}", printable(core::door_kind_name(map.door_kinds, kind)));
}

std::string reason_text(const core::UnusedDoor& u) {
  if (u.reason == core::UnusedReason::NoTileWithWidth && u.span.kind != 0) {
    return "no tile has a door of this width and kind";
  }
  return std::string(core::unused_reason_text(u.reason));
}

void write_unused(TextOut& out, const core::Level& level) {
  const auto& map = level.map;
  out.format("unused doors: {}\n", map.unused_doors.size());
  for (const core::UnusedDoor& u : map.unused_doors) {
    const core::Placement& p = map.placements[static_cast<std::size_t>(u.placement)];
    out.format("  x={} y={} width={} facing={}{} placement={} ({}) reason: {}\n", u.span.start.x,
               u.span.start.y, u.span.width, core::facing_name(u.span.facing),
               kind_text(map, u.span.kind), u.placement,
               p.tile < map.tile_names.size() ? printable(map.tile_names[p.tile]) : "room",
               reason_text(u));
  }
}

// "door kinds: plain 10 connected 2 unused, secret 1 connected 0 unused" when the tile set
// names kinds.
void write_door_kinds(TextOut& out, const core::Map& map) {
  if (map.door_kinds.empty()) return;
  std::vector<int> connected(map.door_kinds.size(), 0), unused(map.door_kinds.size(), 0);
  for (const core::Connection& c : map.connections) ++connected[core::door_kind(map, c)];
  for (const core::UnusedDoor& u : map.unused_doors) ++unused[u.span.kind];
  std::string text;
  for (std::size_t k = 0; k < map.door_kinds.size(); ++k) {
    text += fmt::format("{}{} {} connected {} unused", k == 0 ? "" : ", ",
                        printable(map.door_kinds[k]), connected[k], unused[k]);
  }
  out.format("door kinds: {}\n", text);
}

void write_text_locks(TextOut& out, const core::Level& level) {
  if (level.puzzle.locks_requested == 0) return;
  out.format("locks: {} of {} requested\n", level.puzzle.locks.size(),
             level.puzzle.locks_requested);
  for (const std::string& note : level.puzzle.lock_notes)
    out.format("  note: {}\n", printable_uncut(note));
  for (const core::Lock& l : level.puzzle.locks) {
    out.format(
        "  lock {}: x={} y={} width={} facing={} between placements {} and {}, opened by key {}{}\n",
        l.id, l.door.start.x, l.door.start.y, l.door.width, core::facing_name(l.door.facing), l.a,
        l.b, l.key, l.key_floor == 0 ? "" : fmt::format(" (on floor {})", l.key_floor));
  }
  out.format("keys: {}\n", level.puzzle.keys.size());
  for (const core::Key& k : level.puzzle.keys) {
    out.format("  key {}: x={} y={} in placement {}\n", k.id, k.cell.x, k.cell.y, k.placement);
  }
  const std::vector<core::Zone>& zones = level.puzzle.zone_tree;
  out.format("zone tree: {}\n", core::count_of(zones.size(), "zones"));
  for (const core::Zone& z : zones) {
    out.format("  zone {}: keys {}; {} ({}){}\n", z.id,
               z.keys.empty() ? "none" : fmt::format("{}", fmt::join(z.keys, ",")),
               core::count_of(z.placements.size(), "placements"), fmt::join(z.placements, ","),
               z.parent < 0
                   ? std::string(", the start")
                   : fmt::format(", entered from zone {} through lock {}", z.parent, z.lock));
  }
}

void write_text_metrics(TextOut& out, const core::LevelMetrics& m, std::span<const Metric> table) {
  out.raw("metrics:\n");
  for (const Metric* metric : metrics_of(MetricOutput::Text, table))
    out.format("  {}\n", metric_text_line(*metric, m));
}

std::string zone_text(const core::ZoneKeys& zones, std::size_t i) {
  if (i >= zones.size()) return "";
  if (zones[i].size() == 1 && zones[i][0] < 0) return " zone: unreachable";
  std::string keys;
  for (int k : zones[i]) keys += fmt::format("{}{}", keys.empty() ? "" : ",", k);
  return fmt::format(" zone: {}", keys.empty() ? "-" : keys);
}

}  // namespace

// generate: the loops made on purpose and the dead-end placements trimmed.
void write_shape(TextOut& out, const core::Outcome& o) {
  out.format("loops made: {}\n", o.loops_made.size());
  for (const core::MadeLoop& l : o.loops_made) {
    out.format("  placements {} and {} through {} (saves {})\n", l.a, l.b,
               fmt::join(l.through, ", "), core::count_of(l.steps_saved, "steps"));
  }
  if (o.trimmed.empty()) return;
  out.format("trimmed dead ends: {}\n",
             core::count_of(static_cast<int>(o.trimmed.size()), "placements"));
  for (const core::TrimmedPlacement& t : o.trimmed) {
    out.format("  {} {} at {},{}\n", printable(t.name), core::orientation_name(t.orientation),
               t.origin.x, t.origin.y);
  }
}

// dungen graph: which placement each graph room became and how each connection was made.
void write_graph(TextOut& out, const core::GraphRecord& g) {
  const auto name = [&](int room) {
    return printable_uncut(g.rooms[static_cast<std::size_t>(room)].name);
  };
  out.format("graph {}: entrance \"{}\", exit \"{}\"\n", printable_uncut(g.name), name(g.entrance),
             name(g.exit));
  for (const core::GraphRecord::Room& r : g.rooms) {
    std::string tags;
    for (const std::string& t : r.tags) tags += (tags.empty() ? " [" : ",") + t;
    out.format(
        "  room \"{}\"{}: {}\n", printable_uncut(r.name), tags.empty() ? "" : tags + "]",
        r.placement < 0 ? std::string("not placed") : fmt::format("placement {}", r.placement));
  }
  for (const core::GraphRecord::Link& l : g.links) {
    std::string how = "not made";
    if (l.made && l.corridor.empty()) how = "doors meet";
    if (l.made && !l.corridor.empty())
      how = fmt::format("corridor placements {}", fmt::join(l.corridor, ", "));
    if (l.sealed) how += ", sealed by --locks (a way around a lock)";
    out.format("  connection \"{}\"-\"{}\": {}\n", name(l.a), name(l.b), how);
  }
}

void write_text_report(const core::Level& level, const TextSink& sink,
                       std::span<const Metric> metrics) {
  const auto& map = level.map;
  TextOut out(sink);
  out.format("dungen {} {}\n", version(), level.origin.generator);
  out.format("seed: {} (generation {})\n", level.origin.seed, core::kGenerationVersion);
  std::string options;
  for (const std::string& o : level.origin.options) options += (options.empty() ? "" : " ") + o;
  out.format("options: {}\n", options.empty() ? "(defaults)" : printable(options));
  if (!level.origin.input_hash.empty()) out.format("input hash: {}\n", level.origin.input_hash);
  out.format("map: {}x{} cells\n", map.cells.width(), map.cells.height());
  if (map.rooms.empty()) {
    out.format("tiles placed: {} ({} while closing open doors)\n", map.placements.size(),
               level.outcome.closing_placements);
  } else {
    out.format("rooms: {} ({} dropped)\n", map.placements.size(),
               level.outcome.dropped_rooms.size());
  }
  out.format("connections: {}\n", map.connections.size());
  if (level.origin.generator == "generate" && level.graph.rooms.empty())
    write_shape(out, level.outcome);
  write_door_kinds(out, map);
  out.format("stopped: {}\n", printable_uncut(level.outcome.stop_text));
  if (level.outcome.terminated_early) {
    for (const std::string& why : level.outcome.early_notes)
      out.format("TERMINATED EARLY: {}\n", printable_uncut(why));
  }
  out.format("entrance: {}\n", point_text(level.analysis.entrance));
  out.format("exit: {}", point_text(level.analysis.exit));
  out.raw(level.analysis.exit ? fmt::format(" ({} from the entrance)\n",
                                            core::count_of(level.analysis.exit_distance, "steps"))
                              : "\n");
  write_unused(out, level);
  out.format("unreachable regions: {}\n", level.analysis.unreachable.size());
  for (const core::Region& r : level.analysis.unreachable) {
    out.format("  x={} y={} cells={}\n", r.first.x, r.first.y, r.cells);
  }
  write_text_metrics(out, level.analysis.metrics, metrics);
  write_text_locks(out, level);
  for (const std::string& note : level.outcome.notes)
    out.format("note: {}\n", printable_uncut(note));
  out.format("features: {}\n", level.content.features.size());
  for (const std::string& note : level.content.notes)
    out.format("  note: {}\n", printable_uncut(note));
  for (const core::Feature& f : level.content.features) {
    out.format("  {} at {},{}", core::feature_name(f.kind), f.cell.x, f.cell.y);
    out.raw(f.tier > 0 ? fmt::format(" tier {}\n", f.tier) : "\n");  // --tiers only
  }
  for (const core::Rect& r : level.outcome.dropped_rooms) {
    out.format("dropped room: floor x={} y={} width={} height={}\n", r.x, r.y, r.width, r.height);
  }
  if (!level.graph.rooms.empty()) write_graph(out, level.graph);
  out.raw("placements:\n");
  for (std::size_t i = 0; i < map.placements.size(); ++i) {
    const core::Placement& p = map.placements[i];
    out.format("  {} {} {} at {},{}{}\n", i,
               p.tile < map.tile_names.size() ? printable(map.tile_names[p.tile]) : "room",
               core::orientation_name(p.orientation), p.origin.x, p.origin.y,
               zone_text(level.puzzle.zones, i));
  }
}

std::string text_report(const core::Level& level) {
  std::string text;
  write_text_report(level, [&](std::string_view block) { text += block; });
  return text;
}

}  // namespace dungen::exporters
