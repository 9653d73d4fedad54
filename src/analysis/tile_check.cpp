#include "analysis/tile_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "core/door_detect.hpp"
#include "core/plural.hpp"
#include "core/tile_parts.hpp"

namespace dungen::analysis {
using core::CellKind;
using core::Point;

namespace {

std::string door_text(const core::Door& d) {
  return fmt::format("door x={} y={} width={} facing={}", d.start.x, d.start.y, d.width,
                     core::facing_name(d.facing));
}

void reach_problems(const core::Tile& tile, std::vector<std::string>& out) {
  const core::TileParts parts = core::find_parts(tile.cells);
  std::set<int> door_regions;
  for (const core::Door& d : tile.doors) door_regions.insert(parts.part_of(d));
  int lost = 0;
  Point first;
  for (int y = 0; y < tile.cells.height(); ++y) {
    for (int x = 0; x < tile.cells.width(); ++x) {
      const Point p{x, y};
      if (tile.cells[p] != CellKind::Floor || door_regions.count(parts.label[p]) > 0) continue;
      if (lost++ == 0) first = p;
    }
  }
  if (lost > 0 && !tile.doors.empty()) {
    out.push_back(fmt::format("{} no door reaches (first at x={} y={})",
                              core::count_of(lost, "floor cells"), first.x, first.y));
  }
  if (door_regions.size() > 1) {
    out.push_back(
        fmt::format("doors fall into {} groups that cannot reach each other inside the "
                    "tile",
                    door_regions.size()));
  }
}

void door_problems(const core::Tile& tile, std::vector<std::string>& out) {
  for (const core::Door& d : tile.doors) {
    bool behind = false;
    for (int i = 0; i < d.width; ++i) {
      const Point in = d.cell(i) + core::step(core::opposite(d.facing));
      behind = behind || core::passable(tile.cells.get_or(in, CellKind::Void));
    }
    if (!behind) out.push_back(door_text(d) + " has no floor or door behind it: it leads nowhere");
  }
  for (const Point& p : core::interior_door_cells(tile.cells, tile.doors)) {
    out.push_back(
        fmt::format("door cell x={} y={} faces no empty side: an interior door, part of "
                    "the room, never joined",
                    p.x, p.y));
  }
}

void wall_problems(const core::Tile& tile, std::vector<std::string>& out) {
  for (int y = 0; y < tile.cells.height(); ++y) {
    for (int x = 0; x < tile.cells.width(); ++x) {
      const Point p{x, y};
      if (tile.cells[p] != CellKind::Floor) continue;
      for (core::Facing f : core::kFacings) {
        if (tile.cells.get_or(p + core::step(f), CellKind::Void) != CellKind::Void) continue;
        out.push_back(
            fmt::format("floor cell x={} y={} touches the outside on its {} side: a "
                        "gap in the wall; draw wall or a door there",
                        x, y, core::facing_name(f)));
        return;  // one is enough to point at the fault
      }
    }
  }
}

}  // namespace

std::vector<std::string> corner_notes(const core::Tile& tile) {
  std::vector<std::string> out;
  for (const core::Door& d : tile.doors) {
    for (int i = 0; i < d.width; ++i) {
      int open = 0;
      for (core::Facing f : core::kFacings) {
        open += tile.cells.get_or(d.cell(i) + core::step(f), CellKind::Void) == CellKind::Void;
      }
      if (open < 2) continue;
      out.push_back(
          fmt::format("door cell x={} y={} is open on {} sides (a corner); it belongs "
                      "to the {} door only",
                      d.cell(i).x, d.cell(i).y, open, core::facing_name(d.facing)));
    }
  }
  return out;
}

std::vector<std::string> tile_problems(const core::Tile& tile) {
  std::vector<std::string> out;
  if (tile.doors.empty()) out.push_back("no doors: the tile can never join another");
  reach_problems(tile, out);
  door_problems(tile, out);
  wall_problems(tile, out);
  return out;
}

std::string tile_warning(const core::Tile& tile) {
  const std::vector<std::string> problems = tile_problems(tile);
  const std::vector<std::string> notes = corner_notes(tile);
  if (problems.empty() && notes.empty()) return {};
  // The rest counted as inspect lists them: "problem:" and "note:" lines.
  const std::size_t more_problems = problems.empty() ? 0 : problems.size() - 1;
  const std::size_t more_notes = problems.empty() ? notes.size() - 1 : notes.size();
  std::string line = problems.empty()
                         ? fmt::format("tile '{}': {}, and maps wall its other side", tile.name,
                                       notes.front())
                         : fmt::format("tile '{}': {}", tile.name, problems.front());
  std::string rest;
  if (more_problems > 0)
    rest = fmt::format("{} more problem{}", more_problems, more_problems == 1 ? "" : "s");
  if (more_notes > 0) {
    rest += fmt::format("{}{} {}corner note{}", rest.empty() ? "" : ", ", more_notes,
                        problems.empty() ? "more " : "", more_notes == 1 ? "" : "s");
  }
  if (!rest.empty()) line += fmt::format(" ({}: dungen inspect lists them)", rest);
  return line;
}

namespace {

std::vector<core::Orientation> allowed_orientations(const core::Tile& t, std::uint8_t allowed) {
  return core::distinct_orientations(t,
                                     static_cast<std::uint8_t>(allowed & t.settings.orientations));
}

// Names of the growable tiles with a door of each (width, facing, kind) in an allowed
// orientation.
using FacingIndex = std::map<std::tuple<int, int, int>, std::set<std::string>>;

FacingIndex index_doors(const core::TileSet& set, std::uint8_t allowed) {
  FacingIndex index;
  for (const core::Tile& t : set.tiles) {
    if (!t.settings.grows()) continue;
    for (core::Orientation o : allowed_orientations(t, allowed)) {
      for (const core::Door& d : t.doors)
        index[{d.width, static_cast<int>(core::apply(o, d.facing)), d.kind}].insert(t.name);
    }
  }
  return index;
}

void check_mates(const core::TileSet& set, std::uint8_t allowed, SetCheck& check) {
  const FacingIndex index = index_doors(set, allowed);
  for (const core::Tile& t : set.tiles) {
    const auto orientations = allowed_orientations(t, allowed);
    bool joinable_by_other = false;
    for (const core::Door& d : t.doors) {
      bool mated = false;
      for (core::Orientation o : orientations) {
        const auto it = index.find(
            {d.width, static_cast<int>(core::opposite(core::apply(o, d.facing))), d.kind});
        if (it == index.end()) continue;
        mated = true;
        joinable_by_other =
            joinable_by_other || it->second.size() > 1 || *it->second.begin() != t.name;
      }
      if (!mated) check.unmatched_doors.push_back(UnmatchedDoor{t.name, d});
    }
    if (!joinable_by_other) check.never_placed.push_back(t.name);
  }
}

void check_widths(const core::TileSet& set, SetCheck& check) {
  std::map<std::pair<int, int>, WidthCheck> widths;
  for (const core::Tile& t : set.tiles) {
    for (const core::Door& d : t.doors) {
      WidthCheck& w = widths[{d.width, d.kind}];
      w.width = d.width;
      w.kind = d.kind;
      ++w.doors;
      if (t.settings.grows() && (w.tiles.empty() || w.tiles.back() != t.name)) w.tiles.push_back(t.name);
    }
    if (t.doors.size() == 1 && t.settings.grows()) {
      widths[{t.doors[0].width, t.doors[0].kind}].caps.push_back(t.name);
    }
  }
  for (auto& [key, w] : widths) {
    if (w.caps.empty() && w.kind == 0) check.widths_without_cap.push_back(w.width);
    if (w.caps.empty() && w.kind != 0) check.kinds_without_cap.push_back(w);
    check.widths.push_back(std::move(w));
  }
}

}  // namespace

SetCheck check_tile_set(const core::TileSet& set, std::uint8_t allowed) {
  SetCheck check;
  check.door_kinds = set.door_kinds;
  for (const core::Tile& t : set.tiles) {
    check.tiles.push_back(TileCheck{t.name, t.cells.size(), t.doors,
                                    static_cast<int>(allowed_orientations(t, allowed).size()),
                                    tile_problems(t), corner_notes(t)});
  }
  check_mates(set, allowed, check);
  check_widths(set, check);
  return check;
}

}  // namespace dungen::analysis
