// The geometry of a Doom map (doom_map.hpp): the sector flood and the lines between sectors.
#include <algorithm>

#include "export/doom_map.hpp"
#include "export/doom_map_internal.hpp"

namespace dungen::exporters {
namespace {

using core::CellKind;
using core::Point;

// Floods the 4-connected cells of kind `kind` from `first` with sector `id`; returns them.
std::vector<Point> flood(const core::Grid<CellKind>& cells, core::Grid<int>& of_cell, Point first,
                         CellKind kind, int id) {
  std::vector<Point> found{first};
  of_cell[first] = id;
  for (std::size_t head = 0; head < found.size(); ++head) {
    for (core::Facing f : core::kFacings) {
      const Point q = found[head] + core::step(f);
      if (!cells.contains(q) || cells[q] != kind || of_cell[q] != -1) continue;
      of_cell[q] = id;
      found.push_back(q);
    }
  }
  return found;
}

// The lock a door sector's cells belong to: of several, the one the solver opens last (the
// player holds every other key by then); -1 for none.
int lock_of(const std::vector<Point>& door, const core::Level& level,
            const std::vector<int>& opened) {
  int best = -1;
  std::ptrdiff_t best_rank = -1;
  for (const core::Lock& l : level.puzzle.locks) {
    for (int i = 0; i < l.door.width; ++i) {
      if (std::find(door.begin(), door.end(), l.door.cell(i)) == door.end()) continue;
      const std::ptrdiff_t rank = std::find(opened.begin(), opened.end(), l.id) - opened.begin();
      if (rank > best_rank) {
        best = l.id;
        best_rank = rank;
      }
    }
  }
  return best;
}

// The cells of connected doors of the kind named "secret" (nothing when the level has none).
core::Grid<char> secret_door_cells(const core::Level& level) {
  const core::Map& map = level.map;
  const auto it = std::find(map.door_kinds.begin(), map.door_kinds.end(), "secret");
  if (it == map.door_kinds.end()) return {};
  const auto secret = static_cast<std::uint8_t>(it - map.door_kinds.begin());
  core::Grid<char> cells(map.cells.size(), 0);
  for (const core::Connection& c : map.connections) {
    if (core::door_kind(map, c) != secret) continue;
    for (int i = 0; i < c.door().width; ++i) cells[c.door().cell(i)] = 1;
  }
  return cells;
}

}  // namespace

DoomSectors flood_sectors(const core::Level& level) {
  const auto& cells = level.map.cells;
  DoomSectors out{core::Grid<int>(cells.size(), -1), {}};
  const std::vector<int>& opened = level.puzzle.locks_opened;
  const core::Grid<char> secret = secret_door_cells(level);
  for (int y = 0; y < cells.height(); ++y) {
    for (int x = 0; x < cells.width(); ++x) {
      const Point p{x, y};
      if (!core::passable(cells[p]) || out.of_cell[p] != -1) continue;
      const int id = static_cast<int>(out.sectors.size());
      const std::vector<Point> region = flood(cells, out.of_cell, p, cells[p], id);
      const bool door = cells[p] == CellKind::Door;
      const bool hidden = door && std::any_of(region.begin(), region.end(),
                                              [&](Point c) { return secret.get_or(c, 0) != 0; });
      out.sectors.push_back({door, door ? lock_of(region, level, opened) : -1, hidden});
    }
  }
  return out;
}

namespace detail {
namespace {

// The sector of cell `p` for line making: -1 off the map, for solid cells and for the exit
// pillar.
int sector_at(const DoomSectors& flood, Point p, std::optional<Point> pillar) {
  if (pillar && p == *pillar) return -1;
  return flood.of_cell.get_or(p, -1);
}

// The edge between cells `a` and `b` (b east or south of a), or nothing when both are the
// same sector or both solid. Open regions never touch each other, nor doors other doors (each
// is a whole 4-connected component), so two sectors meeting are a room and a door.
std::optional<Edge> edge_between(const DoomSectors& flood, Point a, Point b, Point exit,
                                 std::optional<Point> pillar) {
  const int sa = sector_at(flood, a, pillar), sb = sector_at(flood, b, pillar);
  if (sa == sb) return std::nullopt;
  auto is_door = [&](int s) { return s >= 0 && flood.sectors[static_cast<std::size_t>(s)].door; };
  // The front is the open side of a wall and the room side of a door.
  const bool forward = sa < 0 || (sb >= 0 && is_door(sa));
  Edge e{forward, forward ? sb : sa, forward ? sa : sb, EdgeKind::Wall, -1};
  const Point front_cell = forward ? b : a, back_cell = forward ? a : b;
  if (e.back >= 0) {
    e.kind = EdgeKind::DoorFace;
    e.lock = flood.sectors[static_cast<std::size_t>(e.back)].lock;
  } else if (is_door(e.front)) {
    e.kind = EdgeKind::Track;
  } else if (pillar ? back_cell == *pillar : front_cell == exit) {
    e.kind = EdgeKind::Switch;
  }
  return e;
}

// Appends edge `e` on the side starting at grid point `start` to the last run when it
// continues it, else starts a new run. Switches stay one cell long.
void add_to_runs(std::vector<LineRun>& runs, const Edge& e, Point start, Axis axis) {
  if (!runs.empty()) {
    LineRun& last = runs.back();
    const Point next = axis == Axis::Horizontal ? Point{last.start.x + last.length, last.start.y}
                                                : Point{last.start.x, last.start.y + last.length};
    const Edge& l = last.edge;
    const bool same = last.axis == axis && next == start && l.forward == e.forward &&
                      l.front == e.front && l.back == e.back && l.kind == e.kind &&
                      l.lock == e.lock;
    if (same && e.kind != EdgeKind::Switch && last.length < kMaxRunCells) {
      ++last.length;
      return;
    }
  }
  runs.push_back({e, start, 1, axis});
}

}  // namespace

std::vector<LineRun> line_runs(const DoomSectors& flood, Point exit, std::optional<Point> pillar) {
  const core::Size size = flood.of_cell.size();
  std::vector<LineRun> runs;
  // Horizontal sides: the top of cell (x, gy), between (x, gy - 1) and (x, gy).
  for (int gy = 0; gy <= size.height; ++gy) {
    for (int x = 0; x < size.width; ++x) {
      if (const auto e = edge_between(flood, {x, gy - 1}, {x, gy}, exit, pillar)) {
        add_to_runs(runs, *e, {x, gy}, Axis::Horizontal);
      }
    }
  }
  // Vertical sides: the left of cell (gx, y), between (gx - 1, y) and (gx, y).
  for (int gx = 0; gx <= size.width; ++gx) {
    for (int y = 0; y < size.height; ++y) {
      if (const auto e = edge_between(flood, {gx - 1, y}, {gx, y}, exit, pillar)) {
        add_to_runs(runs, *e, {gx, y}, Axis::Vertical);
      }
    }
  }
  return runs;
}

std::pair<Point, Point> run_ends(const LineRun& run) {
  const bool horizontal = run.axis == Axis::Horizontal;
  const Point end = horizontal ? Point{run.start.x + run.length, run.start.y}
                               : Point{run.start.x, run.start.y + run.length};
  // Doom's y points up (north), cells' y down. Walking east, the right side is south; walking
  // north, it is east. So a front to the south (forward) runs east, a front to the east
  // (forward) runs north: from the larger cell y to the smaller.
  if (horizontal) return run.edge.forward ? std::pair{run.start, end} : std::pair{end, run.start};
  return run.edge.forward ? std::pair{end, run.start} : std::pair{run.start, end};
}

}  // namespace detail
}  // namespace dungen::exporters
