// The collision test and the placement of one candidate (DESIGN.md "Joining rule").
#include <algorithm>

#include "gen/stitch/stitcher.hpp"

namespace dungen::gen {
using core::CellKind;
using core::Point;

bool Stitcher::test_door(const core::Door& door, int index) {
  // A door of the new tile lands wholly on empty cells (opens), wholly on wall (sealed) or
  // exactly on an open door of equal width and opposite facing (joins); else it collides.
  switch (landing(door)) {
    case Landing::Opens:
      plan_.opens.push_back(index);
      return true;
    case Landing::Sealed:
      plan_.sealed.push_back(index);
      return true;
    case Landing::OnOpenDoor: {
      const auto it = open_cells_.find(key(door.start));
      if (it == open_cells_.end()) return false;
      const DoorRecord& open = records_[it->second];
      if (open.span.start != door.start || !core::mates(open.span, door)) return false;
      plan_.joins.emplace_back(index, it->second);
      return true;
    }
    case Landing::Collides:
      break;
  }
  return false;
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
  plan_.joins.clear();
  plan_.opens.clear();
  plan_.sealed.clear();
  plan_.covered.clear();
  const core::Rect placed{origin.x + v.content.x, origin.y + v.content.y, v.content.width,
                          v.content.height};
  if (options_.max_size) {
    const core::Rect grown = bounds_.united(placed);
    if (grown.width > options_.max_size->width || grown.height > options_.max_size->height) {
      return Fit::TooBig;
    }
  }
  // Where the doors land first (a few cells on the outline, spread over it, where a collision
  // shows soonest), then the floors, then each door's match against the open doors.
  for (const std::uint32_t d : v.spread_doors) {
    if (landing(v.doors[d].shifted(origin)) == Landing::Collides) return Fit::Collides;
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

bool Stitcher::may_accept(const OrientedTile& v, std::size_t entry, core::Point origin,
                          Phase phase) const {
  // Where the doors land, as test_door judges it: a door on floor or across mixed cells
  // collides; one landing wholly on empty cells opens. Closing takes only candidates that open
  // no door; the last door, only candidates that open one in the part they are entered by.
  // In spread order: where whole sides of the candidate lie on walls of placed tiles (tiles of
  // one size side by side), a door elsewhere shows soonest that it does not close.
  bool leads_on = false;
  for (const std::uint32_t d : v.spread_doors) {
    const Landing l = landing(v.doors[d].shifted(origin));
    if (l == Landing::Collides || (l == Landing::Opens && phase == Phase::Closing)) return false;
    leads_on = leads_on || (l == Landing::Opens && v.door_part[d] == v.door_part[entry]);
  }
  return phase == Phase::Closing || leads_on;
}

void Stitcher::log_record(std::uint32_t slot) {
  if (journaling_) record_log_.emplace_back(slot, records_[slot]);
}

void Stitcher::open_door(const core::Door& span, int placement, int door, std::uint32_t node) {
  std::uint32_t id = 0;
  if (free_slots_.empty()) {
    id = static_cast<std::uint32_t>(records_.size());
    records_.emplace_back();
  } else {
    id = free_slots_.back();
    free_slots_.pop_back();
  }
  log_record(id);
  DoorRecord& r = records_[id];
  r = DoorRecord{span, placement, door, node, r.generation + 1, true};
  for (int i = 0; i < span.width; ++i) {
    set_cell(span.cell(i), CellState::Open);
    open_cells_[key(span.cell(i))] = id;
  }
  if (reached_[node] != 0) {  // else dormant: joined only by a door landing on it
    ++live_open_;
    frontier_.push_back(OpenRef{id, r.generation});
  }
}

void Stitcher::close_door(std::uint32_t record, core::UnusedReason reason) {
  log_record(record);
  DoorRecord& r = records_[record];
  r.open = false;
  live_open_ -= reached_[r.node];
  drop_reached_cells(r.node, r.span.width);  // walled up
  free_slots_.push_back(record);
  for (int i = 0; i < r.span.width; ++i) {
    set_cell(r.span.cell(i), CellState::Wall);
    open_cells_.erase(key(r.span.cell(i)));
  }
  map_.unused_doors.push_back(core::UnusedDoor{r.placement, r.door, r.span, reason});
  // Closes made by a placement (a wall covering the door) are replayed with it.
  if (journaling_ && !applying_) {
    actions_.push_back(
        Action{Action::Kind::Close, reason, static_cast<std::uint32_t>(r.placement), r.door, {}});
  }
}

void Stitcher::join(std::uint32_t record, int placement, int door, std::uint32_t node) {
  log_record(record);
  DoorRecord& r = records_[record];
  r.open = false;
  live_open_ -= reached_[r.node];
  free_slots_.push_back(record);
  for (int i = 0; i < r.span.width; ++i) {
    set_cell(r.span.cell(i), CellState::Door);
    open_cells_.erase(key(r.span.cell(i)));
  }
  map_.connections.push_back(
      core::Connection::join(r.placement, placement, r.door, door, r.span, r.span.start));
  link(r.node, node);
  drop_reached_cells(node, r.span.width);  // the two doors' cells are one
}

void Stitcher::drop_reached_cells(std::uint32_t node, int cells) {
  // Only for reached parts: an unreached part counts its cells whole until it is reached.
  if (reached_[node] == 0) return;
  placed_cells_ -= cells;
  reached_cells_ -= cells;
}

const std::vector<Point>& Stitcher::cells_of(std::uint32_t variant, CellList list) const {
  const OrientedTile& v = candidates_.variants()[variant];
  return list == CellList::Floors ? v.floors : list == CellList::Walls ? v.walls : v.interior_doors;
}

void Stitcher::set_cells(CellList list, CellState s, bool only_empty) {
  const Point origin = plan_.origin;
  for (const Point& p : cells_of(plan_.variant, list)) {
    const CellState before = occupancy_.get(origin + p);
    if (before == CellState::Empty) {
      occupancy_.set(origin + p, s);
      continue;
    }
    if (journaling_) cell_log_.emplace_back(origin + p, before);
    if (!only_empty) occupancy_.set(origin + p, s);
  }
  if (!journaling_) return;
  cell_log_.emplace_back(Point{static_cast<int>(plan_.variant), static_cast<int>(list)}, kListHead);
  cell_log_.emplace_back(origin, kListTail);
}

void Stitcher::apply() {
  checkpoint();
  if (journaling_)
    actions_.push_back(Action{Action::Kind::Place, {}, plan_.variant, 0, plan_.origin});
  const OrientedTile& v = candidates_.variants()[plan_.variant];
  const int id = static_cast<int>(map_.placements.size());
  std::int32_t& shape = shape_of_variant_[plan_.variant];
  if (shape < 0) {
    shape = static_cast<std::int32_t>(map_.shapes.size());
    map_.shapes.push_back(v.cells);
    variant_of_shape_.push_back(plan_.variant);
  }
  map_.placements.push_back(
      core::Placement{v.tile, v.orientation, plan_.origin, static_cast<std::uint32_t>(shape)});
  const auto base = static_cast<std::uint32_t>(reached_.size());
  node_base_.push_back(base);
  reached_.resize(reached_.size() + v.part_cells.size(), 0);
  count_use(v.tile, +1);
  placed_cells_ += v.passable_cells;
  bounds_ = bounds_.united(core::Rect{plan_.origin.x + v.content.x, plan_.origin.y + v.content.y,
                                      v.content.width, v.content.height});
  set_cells(CellList::Floors, CellState::Floor, false);
  set_cells(CellList::InteriorDoors, CellState::Door, false);
  applying_ = true;
  for (std::uint32_t rec : plan_.covered) close_door(rec, core::UnusedReason::CoveredByWall);
  applying_ = false;
  set_cells(CellList::Walls, CellState::Wall, true);
  const auto node_of = [&](int door) {
    return base + static_cast<std::uint32_t>(v.door_part[static_cast<std::size_t>(door)]);
  };
  for (const auto& [door, rec] : plan_.joins) join(rec, id, door, node_of(door));
  for (int door : plan_.sealed) {
    const core::Door span = v.doors[static_cast<std::size_t>(door)].shifted(plan_.origin);
    map_.unused_doors.push_back(core::UnusedDoor{id, door, span, core::UnusedReason::LandedOnWall});
    drop_reached_cells(node_of(door), span.width);
  }
  for (int door : plan_.opens) {
    open_door(v.doors[static_cast<std::size_t>(door)].shifted(plan_.origin), id, door,
              node_of(door));
  }
  result_.journal_peak = std::max(result_.journal_peak, cell_log_.size());
  update_journaling();
}

}  // namespace dungen::gen
