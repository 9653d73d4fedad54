#include "core/map.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.hpp"

namespace dungen::core {

Connection Connection::join(int a, int b, int door_a, int door_b, const Door& door,
                            Point door_b_start) {
  const auto fail = [&](const std::string& what) {
    return Error(fmt::format("the connection of placements {} and {} {}", a, b, what));
  };
  for (const int index : {door_a, door_b}) {
    if (index < 0 || index > kMaxConnectedDoorIndex) {
      throw fail(fmt::format("uses door {}; a tile or room may have doors 0 to {}", index,
                             kMaxConnectedDoorIndex));
    }
  }
  if (door.width < 1 || door.width > kMaxConnectedDoorWidth) {
    throw fail(fmt::format("has a door {} cells wide; doors may be 1 to {} cells wide", door.width,
                           kMaxConnectedDoorWidth));
  }
  const Point d = door_b_start - door.start, ahead = step(door.facing);
  const int corridor = ahead.x != 0 ? d.x * ahead.x : d.y * ahead.y;
  if ((ahead.x != 0 ? d.y : d.x) != 0 || corridor < 0 || corridor > kMaxCorridorCells) {
    throw fail(fmt::format(
        "has a corridor from ({}, {}) to ({}, {}); corridors run straight ahead, at most {} cells",
        door.start.x, door.start.y, door_b_start.x, door_b_start.y, kMaxCorridorCells));
  }
  Connection c;
  c.a = a;
  c.b = b;
  c.start_ = door.start;
  c.door_a_ = static_cast<std::uint16_t>(door_a);
  c.door_b_ = static_cast<std::uint16_t>(door_b);
  c.width_facing_ = static_cast<std::uint16_t>(door.width << 2 | static_cast<int>(door.facing));
  c.corridor_ = static_cast<std::uint16_t>(corridor);
  return c;
}

void record_door_kinds(const TileSet& set, Map& map) {
  if (set.door_kinds.empty()) return;
  map.door_kinds = set.door_kinds;
  for (const Tile& t : set.tiles) {
    auto& kinds = map.tile_door_kinds.emplace_back();
    for (const Door& d : t.doors) kinds.push_back(d.kind);
  }
}

std::uint8_t door_kind(const Map& map, int placement, int door) {
  if (map.tile_door_kinds.empty() || placement < 0 ||
      static_cast<std::size_t>(placement) >= map.placements.size()) {
    return 0;
  }
  const TileId tile = map.placements[static_cast<std::size_t>(placement)].tile;
  if (tile >= map.tile_door_kinds.size()) return 0;
  const auto& kinds = map.tile_door_kinds[tile];
  return door >= 0 && static_cast<std::size_t>(door) < kinds.size()
             ? kinds[static_cast<std::size_t>(door)]
             : 0;
}

std::string_view unused_reason_key(UnusedReason r) {
  switch (r) {
    case UnusedReason::NoTileWithWidth:
      return "no_tile_with_width";
    case UnusedReason::AllCollide:
      return "all_candidates_collide";
    case UnusedReason::OutsideMaxSize:
      return "outside_max_size";
    case UnusedReason::UsesExhausted:
      return "tile_uses_exhausted";
    case UnusedReason::TileBudget:
      return "tile_budget_reached";
    case UnusedReason::LandedOnWall:
      return "landed_on_wall";
    case UnusedReason::CoveredByWall:
      return "covered_by_wall";
    case UnusedReason::NotJoined:
      return "not_joined";
    case UnusedReason::BypassesLock:
      return "bypasses_lock";
    case UnusedReason::UnreachablePart:
      return "unreachable_part";
    case UnusedReason::LeavesUnreachable:
      return "would_leave_unreachable";
    case UnusedReason::DeadEnds:
      return "dead_ends";
    case UnusedReason::Trimmed:
      return "trimmed_dead_end";
    case UnusedReason::OutsideMask:
      return "outside_mask";
  }
  return "unknown";
}

std::string_view unused_reason_text(UnusedReason r) {
  switch (r) {
    case UnusedReason::NoTileWithWidth:
      return "no tile has a door of this width";
    case UnusedReason::AllCollide:
      return "every candidate tile collides";
    case UnusedReason::OutsideMaxSize:
      return "the map would grow past its size limit (max size)";
    case UnusedReason::UsesExhausted:
      return "every fitting tile reached its use limit";
    case UnusedReason::TileBudget:
      return "tile budget reached and no cap fits";
    case UnusedReason::LandedOnWall:
      return "placed onto a wall";
    case UnusedReason::CoveredByWall:
      return "covered by a later tile's wall";
    case UnusedReason::NotJoined:
      return "not joined by the generator";
    case UnusedReason::BypassesLock:
      return "sealed: this loop would lead around a lock";
    case UnusedReason::UnreachablePart:
      return "in a part of its tile the entrance cannot reach";
    case UnusedReason::LeavesUnreachable:
      return "every fitting tile would leave too much of the level out of reach";
    case UnusedReason::DeadEnds:
      return "every fitting tile led to a dead end (the search tried them all)";
    case UnusedReason::Trimmed:
      return "sealed: the dead-end branch beyond it was trimmed (max dead ends)";
    case UnusedReason::OutsideMask:
      return "every fitting tile would reach outside the mask (or, with --place, above or left of "
             "the map's cell 0,0)";
  }
  return "unknown";
}

namespace {

// True when cell `local` of a placement's shape is its own walkable content: floor, or a door
// cell with no empty side (interior door). Door cells on the outline are shared when joined.
bool owns(const Grid<CellKind>& shape, Point local) {
  const CellKind k = shape.get_or(local, CellKind::Void);
  if (k == CellKind::Floor) return true;
  if (k != CellKind::Door) return false;
  for (Facing f : kFacings) {
    if (shape.get_or(local + step(f), CellKind::Void) == CellKind::Void) return false;
  }
  return true;
}

}  // namespace

int Map::placement_at(Point p) const {
  for (std::size_t i = 0; i < placements.size(); ++i) {
    const Placement& pl = placements[i];
    if (bounds(pl).contains(p) && owns(shapes[pl.shape], p - pl.origin)) return static_cast<int>(i);
  }
  return -1;
}

bool placement_owns(const Map& map, std::size_t index, Point p) {
  const Placement& pl = map.placements[index];
  return map.bounds(pl).contains(p) && owns(map.shapes[pl.shape], p - pl.origin);
}

Grid<int> placement_owners(const Map& map) {
  Grid<int> owners(map.cells.size(), -1);
  for (std::size_t i = 0; i < map.placements.size(); ++i) {
    const Placement& pl = map.placements[i];
    const Grid<CellKind>& shape = map.shapes[pl.shape];
    for (int y = 0; y < shape.height(); ++y) {
      for (int x = 0; x < shape.width(); ++x) {
        const Point q = pl.origin + Point{x, y};
        if (owners.contains(q) && owns(shape, Point{x, y})) owners[q] = static_cast<int>(i);
      }
    }
  }
  return owners;
}

bool touches_outside(const Grid<CellKind>& cells, Point p) {
  for (Facing f : kFacings) {
    if (cells.get_or(p + step(f), CellKind::Void) == CellKind::Void) return true;
  }
  return false;
}

void move_map(Map& map, Size size, Point shift) {
  // Each cell written once, row by row: the rows around the old grid empty, the old grid's
  // rows copied between empty cells (a dungeon's floors move into frames of millions of cells).
  Grid<CellKind> cells(size, kUninitialized);
  CellKind* out = cells.data().data();
  const auto width = static_cast<std::size_t>(size.width);
  const auto old_width = static_cast<std::size_t>(map.cells.width());
  for (int y = 0; y < size.height; ++y) {
    CellKind* row = out + static_cast<std::size_t>(y) * width;
    const int from_y = y - shift.y;
    if (from_y < 0 || from_y >= map.cells.height() || old_width == 0) {
      std::fill(row, row + width, CellKind::Void);
      continue;
    }
    const auto left = static_cast<std::size_t>(shift.x);
    std::fill(row, row + left, CellKind::Void);
    const CellKind* from = &map.cells[Point{0, from_y}];
    std::copy(from, from + old_width, row + left);
    std::fill(row + left + old_width, row + width, CellKind::Void);
  }
  map.cells = std::move(cells);
  for (Placement& p : map.placements) p.origin = p.origin + shift;
  for (Connection& c : map.connections) c.shift(shift);
  for (UnusedDoor& u : map.unused_doors) u.span = u.span.shifted(shift);
  for (Rect& r : map.rooms) r = Rect{r.x + shift.x, r.y + shift.y, r.width, r.height};
}

int wall_off_outside(Map& map) {
  // Which edges have a walkable cell on them: the map grows by one cell there.
  int left = 0, top = 0, right = 0, bottom = 0;
  const Size size = map.cells.size();
  const auto walkable = [&](int x, int y) {
    return static_cast<int>(passable(map.cells[Point{x, y}]));
  };
  for (int x = 0; x < size.width && size.height > 0; ++x) {
    top |= walkable(x, 0);
    bottom |= walkable(x, size.height - 1);
  }
  for (int y = 0; y < size.height && size.width > 0; ++y) {
    left |= walkable(0, y);
    right |= walkable(size.width - 1, y);
  }
  if (left + top + right + bottom > 0) {
    move_map(map, Size{size.width + left + right, size.height + top + bottom}, Point{left, top});
  }
  int walled = 0;
  for (int y = 0; y < map.cells.height(); ++y) {
    for (int x = 0; x < map.cells.width(); ++x) {
      if (!passable(map.cells[Point{x, y}])) continue;
      for (Facing f : kFacings) {
        const Point q = Point{x, y} + step(f);
        if (map.cells[q] != CellKind::Void)
          continue;  // inside: walkable cells are off the edge now
        map.cells[q] = CellKind::Wall;
        ++walled;
      }
    }
  }
  return walled;
}

}  // namespace dungen::core
