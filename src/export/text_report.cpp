#include <fmt/format.h>

#include "export/report.hpp"

namespace dungen::exporters {
namespace {

std::string point_text(const std::optional<core::Point>& p) {
  return p ? fmt::format("{},{}", p->x, p->y) : std::string("none (the map has no floor)");
}

void write_unused(std::string& out, const core::Level& level) {
  const auto& map = level.map;
  out += fmt::format("unused doors: {}\n", map.unused_doors.size());
  for (const core::UnusedDoor& u : map.unused_doors) {
    const core::Placement& p = map.placements[static_cast<std::size_t>(u.placement)];
    out += fmt::format("  x={} y={} width={} facing={} placement={} ({}) reason: {}\n", u.span.start.x,
                       u.span.start.y, u.span.width, core::facing_name(u.span.facing), u.placement,
                       p.tile < map.tile_names.size() ? map.tile_names[p.tile] : "room",
                       core::unused_reason_text(u.reason));
  }
}

}  // namespace

std::string text_report(const core::Level& level) {
  const auto& map = level.map;
  std::string out = fmt::format("dungen {} {}\n", version(), level.generator);
  out += fmt::format("seed: {}\n", level.seed);
  std::string options;
  for (const std::string& o : level.options) options += (options.empty() ? "" : " ") + o;
  out += fmt::format("options: {}\n", options.empty() ? "(defaults)" : options);
  if (!level.input_hash.empty()) out += fmt::format("input hash: {}\n", level.input_hash);
  out += fmt::format("map: {}x{} cells\n", map.cells.width(), map.cells.height());
  out += fmt::format("tiles placed: {} ({} while closing open doors)\n", map.placements.size(),
                     level.closing_placements);
  out += fmt::format("connections: {}\n", map.connections.size());
  out += fmt::format("stopped: {}\n", level.stop_text);
  if (level.terminated_early) {
    for (const std::string& why : level.early_notes) out += fmt::format("TERMINATED EARLY: {}\n", why);
  }
  out += fmt::format("entrance: {}\n", point_text(level.entrance));
  out += fmt::format("exit: {}", point_text(level.exit));
  out += level.exit ? fmt::format(" ({} steps from the entrance)\n", level.exit_distance) : "\n";
  write_unused(out, level);
  out += fmt::format("unreachable regions: {}\n", level.unreachable.size());
  for (const core::Region& r : level.unreachable) {
    out += fmt::format("  x={} y={} cells={}\n", r.first.x, r.first.y, r.cells);
  }
  out += "placements:\n";
  for (std::size_t i = 0; i < map.placements.size(); ++i) {
    const core::Placement& p = map.placements[i];
    out += fmt::format("  {} {} {} at {},{}\n", i,
                       p.tile < map.tile_names.size() ? map.tile_names[p.tile] : "room",
                       core::orientation_name(p.orientation), p.origin.x, p.origin.y);
  }
  return out;
}

}  // namespace dungen::exporters
