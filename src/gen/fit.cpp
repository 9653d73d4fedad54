// The collision test and the placement of one candidate (DESIGN.md "Joining rule").
#include <algorithm>

#include "gen/stitcher.hpp"

namespace dungen::gen {
using core::CellKind;
using core::Point;

bool Stitcher::test_door(const core::Door& door, int index) {
  // A door of the new tile lands wholly on empty cells (opens), wholly on wall (sealed) or
  // exactly on an open door of equal width and opposite facing (joins); else it collides.
  const CellState first = occupancy_.get(door.start);
  for (int i = 1; i < door.width; ++i) {
    if (occupancy_.get(door.cell(i)) != first) return false;
  }
  switch (first) {
    case CellState::Empty: plan_.opens.push_back(index); return true;
    case CellState::Wall: plan_.sealed.push_back(index); return true;
    case CellState::Open: {
      const auto it = open_cells_.find(key(door.start));
      if (it == open_cells_.end()) return false;
      const DoorRecord& open = records_[it->second];
      if (open.span.start != door.start || !core::mates(open.span, door)) return false;
      plan_.joins.emplace_back(index, it->second);
      return true;
    }
    default: return false;
  }
}

bool Stitcher::walls_cover(const DoorRecord& open, const OrientedTile& v, Point origin) const {
  for (int i = 0; i < open.span.width; ++i) {
    const Point local = open.span.cell(i) - origin;
    if (v.cells.get_or(local, CellKind::Void) != CellKind::Wall) return false;
  }
  return true;
}

Fit Stitcher::test(std::uint32_t variant, Point origin) {
  const OrientedTile& v = candidates_.variants()[variant];
  plan_.variant = variant;
  plan_.origin = origin;
  plan_.joins.clear(); plan_.opens.clear(); plan_.sealed.clear(); plan_.covered.clear();
  const core::Rect placed{origin.x + v.content.x, origin.y + v.content.y, v.content.width,
                          v.content.height};
  if (options_.max_size) {
    const core::Rect grown = bounds_.united(placed);
    if (grown.width > options_.max_size->width || grown.height > options_.max_size->height) {
      return Fit::TooBig;
    }
  }
  for (const Point& p : v.floors) {
    if (occupancy_.get(origin + p) != CellState::Empty) return Fit::Collides;
  }
  for (const Point& p : v.interior_doors) {
    if (occupancy_.get(origin + p) != CellState::Empty) return Fit::Collides;
  }
  for (int i = 0; i < static_cast<int>(v.doors.size()); ++i) {
    if (!test_door(v.doors[static_cast<std::size_t>(i)].shifted(origin), i)) return Fit::Collides;
  }
  for (const Point& p : v.walls) {
    const CellState s = occupancy_.get(origin + p);
    if (s == CellState::Empty || s == CellState::Wall) continue;
    if (s != CellState::Open) return Fit::Collides;
    const std::uint32_t rec = open_cells_.find(key(origin + p))->second;
    if (std::find(plan_.covered.begin(), plan_.covered.end(), rec) != plan_.covered.end()) continue;
    if (!walls_cover(records_[rec], v, origin)) return Fit::Collides;
    plan_.covered.push_back(rec);
  }
  return Fit::Ok;
}

void Stitcher::open_door(const core::Door& span, int placement, int door) {
  std::uint32_t id = 0;
  if (free_slots_.empty()) {
    id = static_cast<std::uint32_t>(records_.size());
    records_.emplace_back();
  } else {
    id = free_slots_.back();
    free_slots_.pop_back();
  }
  DoorRecord& r = records_[id];
  r = DoorRecord{span, placement, door, r.generation + 1, true};
  ++open_count_;
  for (int i = 0; i < span.width; ++i) {
    occupancy_.set(span.cell(i), CellState::Open);
    open_cells_[key(span.cell(i))] = id;
  }
  frontier_.push_back(OpenRef{id, r.generation});
}

void Stitcher::close_door(std::uint32_t record, core::UnusedReason reason) {
  DoorRecord& r = records_[record];
  r.open = false;
  --open_count_;
  free_slots_.push_back(record);
  for (int i = 0; i < r.span.width; ++i) {
    occupancy_.set(r.span.cell(i), CellState::Wall);
    open_cells_.erase(key(r.span.cell(i)));
  }
  map_.unused_doors.push_back(core::UnusedDoor{r.placement, r.door, r.span, reason});
}

void Stitcher::join(std::uint32_t record, int placement, int door) {
  DoorRecord& r = records_[record];
  r.open = false;
  --open_count_;
  free_slots_.push_back(record);
  for (int i = 0; i < r.span.width; ++i) {
    occupancy_.set(r.span.cell(i), CellState::Door);
    open_cells_.erase(key(r.span.cell(i)));
  }
  const core::Door other{r.span.start, r.span.width, core::opposite(r.span.facing)};
  map_.connections.push_back(core::Connection{r.placement, placement, r.door, door, r.span, other});
}

void Stitcher::apply() {
  const OrientedTile& v = candidates_.variants()[plan_.variant];
  const int id = static_cast<int>(map_.placements.size());
  std::int32_t& shape = shape_of_variant_[plan_.variant];
  if (shape < 0) {
    shape = static_cast<std::int32_t>(map_.shapes.size());
    map_.shapes.push_back(v.cells);
  }
  map_.placements.push_back(core::Placement{v.tile, v.orientation, plan_.origin, v.cells.size(),
                                            static_cast<std::uint32_t>(shape)});
  ++uses_[v.tile];
  bounds_ = bounds_.united(core::Rect{plan_.origin.x + v.content.x, plan_.origin.y + v.content.y,
                                      v.content.width, v.content.height});
  for (const Point& p : v.floors) occupancy_.set(plan_.origin + p, CellState::Floor);
  for (const Point& p : v.interior_doors) occupancy_.set(plan_.origin + p, CellState::Door);
  for (std::uint32_t rec : plan_.covered) close_door(rec, core::UnusedReason::CoveredByWall);
  for (const Point& p : v.walls) {
    if (occupancy_.get(plan_.origin + p) == CellState::Empty) {
      occupancy_.set(plan_.origin + p, CellState::Wall);
    }
  }
  for (const auto& [door, rec] : plan_.joins) join(rec, id, door);
  for (int door : plan_.sealed) {
    const core::Door span = v.doors[static_cast<std::size_t>(door)].shifted(plan_.origin);
    map_.unused_doors.push_back(core::UnusedDoor{id, door, span, core::UnusedReason::LandedOnWall});
  }
  for (int door : plan_.opens) {
    open_door(v.doors[static_cast<std::size_t>(door)].shifted(plan_.origin), id, door);
  }
}

}  // namespace dungen::gen
