// A level as Doom map records (doom_map.hpp): names, limits, things and the assembly of lines.
#include "export/doom_map.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "analysis/route.hpp"
#include "core/error.hpp"
#include "export/doom_map_internal.hpp"
#include "export/feature_style.hpp"

namespace dungen::exporters {

const char* doom_names::door_face(int lock) {
  constexpr const char* kKeyed[kDoomMaxLocks] = {"DOORRED", "DOORBLU", "DOORYEL"};
  return lock >= 0 && lock < kDoomMaxLocks ? kKeyed[lock] : kDoorFace;
}

std::int16_t doom_ids::keyed_door(int lock) {
  constexpr std::int16_t kSpecials[kDoomMaxLocks] = {33, 32, 34};  // red, blue, yellow; open, stay
  return lock >= 0 && lock < kDoomMaxLocks ? kSpecials[lock] : kDoorOpenStay;
}

std::int16_t doom_ids::keycard(int key) {
  constexpr std::int16_t kCards[kDoomMaxLocks] = {13, 5, 6};  // red, blue, yellow keycard
  return kCards[key];
}

void check_doom_limits(const core::Level& level) {
  const auto& cells = level.map.cells;
  const core::Size size = cells.size();
  if (size.width > kDoomMaxCells || size.height > kDoomMaxCells) {
    throw field_error(
        "wad",
        fmt::format("the level is {}x{} cells, larger than a Doom map can be ({}x{} cells of {} "
                    "units: vanilla engines handle at most 32767 units across); make a smaller "
                    "level, e.g. with fewer tiles or rooms, or generate {{max_size}} {}x{}",
                    size.width, size.height, kDoomMaxCells, kDoomMaxCells, kDoomUnitsPerCell,
                    kDoomMaxCells, kDoomMaxCells));
  }
  if (level.puzzle.locks.size() > static_cast<std::size_t>(kDoomMaxLocks)) {
    throw field_error(
        "wad", fmt::format("the level has {} locks, but Doom has only {} key colours (red, blue, "
                           "yellow); use {{locks}} {} or fewer",
                           level.puzzle.locks.size(), kDoomMaxLocks, kDoomMaxLocks));
  }
  if (std::none_of(cells.data().begin(), cells.data().end(),
                   [](core::CellKind k) { return k == core::CellKind::Floor; })) {
    throw field_error("wad",
                      "the level has no floor, so there is no Doom map to make; give tiles with "
                      "floor cells (white), or leave out the Doom map",
                      ErrorKind::BadInput);
  }
}

DoomVertex doom_cell_centre(core::Size cells, core::Point cell) {
  const int half = kDoomUnitsPerCell / 2;
  return {static_cast<std::int16_t>((cell.x - cells.width / 2) * kDoomUnitsPerCell + half),
          static_cast<std::int16_t>((cells.height / 2 - cell.y) * kDoomUnitsPerCell - half)};
}

namespace {

using detail::EdgeKind;

// Player 1's angle in degrees: toward the longest straight run of passable cells.
int start_angle(const core::Grid<core::CellKind>& cells, core::Point from) {
  switch (analysis::open_facing(cells, from)) {
    case core::Facing::North:
      return 90;
    case core::Facing::West:
      return 180;
    case core::Facing::South:
      return 270;
    default:
      return 0;
  }
}

void add_things(DoomMap& map, const core::Level& level) {
  auto thing = [&](core::Point cell, std::int16_t type, int angle) {
    const DoomVertex at = doom_cell_centre(map.cells, cell);
    map.things.push_back({at.x, at.y, static_cast<std::int16_t>(angle), type, 7});
  };
  if (level.analysis.entrance) {
    map.start_angle = start_angle(level.map.cells, *level.analysis.entrance);
    thing(*level.analysis.entrance, doom_ids::kPlayer1Start, map.start_angle);
  }
  for (const core::Key& k : level.puzzle.keys) thing(k.cell, doom_ids::keycard(k.id), 0);
  for (const core::Feature& f : level.content.features) {
    if (const std::int16_t type = feature_style(f.kind).doom_thing; type != 0)
      thing(f.cell, type, 0);
  }
}

void add_sectors(DoomMap& map) {
  for (const DoomSectorInfo& s : map.flood.sectors) {
    if (s.door) {
      map.sectors.push_back({0, 0, doom_names::kDoorFlat, doom_names::kDoorFlat, 192, 0, 0});
    } else {
      map.sectors.push_back({0, 128, doom_names::kFloor, doom_names::kCeiling, 192, 0, 0});
    }
  }
}

// The texture offset that continues the texture across lines along one wall: the distance of
// v1 from the grid origin in the line's direction, modulo 128 (every texture's width divides it).
std::int16_t texture_offset(core::Point v1, core::Point v2) {
  const int along = v2.x != v1.x ? (v2.x > v1.x ? v1.x : -v1.x) : (v2.y > v1.y ? v1.y : -v1.y);
  return static_cast<std::int16_t>(((along * kDoomUnitsPerCell) % 128 + 128) % 128);
}

// True when `run` is a face of a secret door sector (DoomSectorInfo::secret).
bool secret_door(const DoomMap& map, const detail::LineRun& run) {
  return run.edge.kind == EdgeKind::DoorFace &&
         map.flood.sectors[static_cast<std::size_t>(run.edge.back)].secret;
}

// The sides of a run: the front, and for door faces the back inside the door.
void add_sides(DoomMap& map, DoomLine& line, const detail::LineRun& run, std::int16_t offset) {
  DoomSide front{offset, 0, "-", "-", "-", static_cast<std::uint16_t>(run.edge.front)};
  switch (run.edge.kind) {
    case EdgeKind::Wall:
      front.middle = doom_names::kWall;
      break;
    case EdgeKind::Track:
      front.middle = doom_names::kDoorTrack;
      break;
    case EdgeKind::Switch:
      front.middle = doom_names::kExitSwitch;
      break;
    case EdgeKind::DoorFace:
      // A secret door that needs no key looks like the wall around it.
      front.upper = secret_door(map, run) && run.edge.lock < 0
                        ? doom_names::kWall
                        : doom_names::door_face(run.edge.lock);
      break;
  }
  line.right = static_cast<std::uint16_t>(map.sides.size());
  map.sides.push_back(front);
  if (run.edge.kind == EdgeKind::DoorFace) {
    line.left = static_cast<std::uint16_t>(map.sides.size());
    map.sides.push_back({offset, 0, "-", "-", "-", static_cast<std::uint16_t>(run.edge.back)});
  }
}

void add_lines(DoomMap& map, const std::vector<detail::LineRun>& runs) {
  core::Grid<int> vertex_at({map.cells.width + 1, map.cells.height + 1}, -1);
  auto vertex = [&](core::Point g) {
    if (vertex_at[g] < 0) {
      vertex_at[g] = static_cast<int>(map.vertices.size());
      map.vertices.push_back(
          {static_cast<std::int16_t>((g.x - map.cells.width / 2) * kDoomUnitsPerCell),
           static_cast<std::int16_t>((map.cells.height / 2 - g.y) * kDoomUnitsPerCell)});
    }
    return static_cast<std::uint16_t>(vertex_at[g]);
  };
  for (const detail::LineRun& run : runs) {
    const auto [a, b] = detail::run_ends(run);
    DoomLine line{vertex(a), vertex(b), 1, 0, 0, 0, kDoomNoSide};
    if (run.edge.kind == EdgeKind::Track || run.edge.kind == EdgeKind::Switch) line.flags = 1 | 16;
    if (run.edge.kind == EdgeKind::DoorFace) {
      line.flags = 4;
      line.special = doom_ids::keyed_door(run.edge.lock);
      if (secret_door(map, run)) line.flags |= kDoomSecretLine;
    }
    if (run.edge.kind == EdgeKind::Switch) line.special = doom_ids::kExitSwitch;
    add_sides(map, line, run, texture_offset(a, b));
    map.lines.push_back(line);
  }
}

// The exit cell's switches: its sides toward solid cells, or all four as a pillar when it has
// none (then the sides toward open cells are switches, facing out).
std::optional<core::Point> place_exit(DoomMap& map, const core::Level& level) {
  if (!level.analysis.exit) return std::nullopt;
  for (core::Facing f : core::kFacings) {
    map.exit_switch[static_cast<std::size_t>(f)] = !core::passable(
        level.map.cells.get_or(*level.analysis.exit + core::step(f), core::CellKind::Void));
  }
  if (map.exit_switch != std::array<bool, 4>{}) return std::nullopt;
  map.exit_pillar = true;
  map.exit_switch.fill(true);
  return level.analysis.exit;
}

void check_counts(const DoomMap& map) {
  const std::pair<const char*, std::size_t> counts[] = {{"vertices", map.vertices.size()},
                                                        {"linedefs", map.lines.size()},
                                                        {"sidedefs", map.sides.size()},
                                                        {"sectors", map.sectors.size()},
                                                        {"things", map.things.size()}};
  for (const auto& [what, n] : counts) {
    if (n > static_cast<std::size_t>(kDoomMaxRecords)) {
      throw field_error(
          "wad",
          fmt::format("the level needs {} {}, more than a Doom map holds ({}); make a smaller "
                      "or simpler level",
                      n, what, kDoomMaxRecords));
    }
  }
}

}  // namespace

DoomMap build_doom_map(const core::Level& level) {
  check_doom_limits(level);
  DoomMap map;
  map.cells = level.map.cells.size();
  map.flood = flood_sectors(level);
  const std::optional<core::Point> pillar = place_exit(map, level);
  add_sectors(map);
  add_lines(
      map, detail::line_runs(map.flood, level.analysis.exit.value_or(core::Point{-1, -1}), pillar));
  add_things(map, level);
  check_counts(map);
  return map;
}

}  // namespace dungen::exporters
