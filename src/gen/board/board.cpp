// The joining rule: the test of one candidate and its placement (board.hpp).
#include "gen/board/board.hpp"

#include <algorithm>

namespace dungen::gen {
using core::CellKind;
using core::Point;

Board::Board(const Candidates& candidates, std::optional<core::Size> max_size, ReadOrder order,
             std::optional<BoardFrame> frame)
    : candidates_(candidates), max_size_(max_size), order_(order), frame_(frame) {
  if (frame_) block_outside_mask();
}

Fit Board::test(std::uint32_t variant, Point origin, JoinRule* rule) {
  const OrientedTile& v = candidates_.variants()[variant];
  plan_.variant = variant;
  plan_.origin = origin;
  plan_.joins.clear();
  plan_.opens.clear();
  plan_.sealed.clear();
  plan_.covered.clear();
  plan_.cells_read = 0;
  if (max_size_) {
    const core::Rect grown = bounds_.united(core::Rect{origin.x + v.content.x, origin.y + v.content.y,
                                                       v.content.width, v.content.height});
    if (grown.width > max_size_->width || grown.height > max_size_->height) return Fit::TooBig;
  }
  if (frame_) {
    if (!inside_frame(variant, origin)) return Fit::OutsideMask;
    const Fit fit = test_cells(v, origin, rule);
    return fit == Fit::Collides && on_blocked(v, origin) ? Fit::OutsideMask : fit;
  }
  return test_cells(v, origin, rule);
}

Fit Board::test_cells(const OrientedTile& v, Point origin, JoinRule* rule) {
  // Where the doors land first, spread over the outline: a door on floor or across mixed
  // cells rules the candidate out after a few reads, before its floors are read.
  for (const std::uint32_t d : v.spread_doors) {
    plan_.cells_read += static_cast<std::size_t>(v.doors[d].width);
    if (landing(v.doors[d].shifted(origin)) == Landing::Collides) return Fit::Collides;
  }
  if (order_ == ReadOrder::FloorsFirst) {
    if (!floors_fit(v, origin) || !doors_land(v, origin, rule)) return Fit::Collides;
  } else {
    if (!doors_land(v, origin, rule)) return Fit::Collides;
    plan_.cells_read += v.floors.size() + v.interior_doors.size() + v.walls.size();
    if (!floors_fit(v, origin)) return Fit::Collides;
  }
  return walls_fit(v, origin) ? Fit::Ok : Fit::Collides;
}

bool Board::doors_land(const OrientedTile& v, Point origin, JoinRule* rule) {
  for (std::size_t i = 0; i < v.doors.size(); ++i) {
    plan_.cells_read += static_cast<std::size_t>(v.doors[i].width);
    if (!door_lands(v.doors[i].shifted(origin), static_cast<int>(i), rule)) return false;
  }
  return true;
}

bool Board::door_lands(const core::Door& door, int index, JoinRule* rule) {
  // Wholly on empty cells (opens), wholly on wall (sealed), or exactly on an open door of
  // equal width and kind and opposite facing (joins, where the rule allows); else it collides.
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
      const OpenDoor& open = records_[it->second];
      if (open.span.start != door.start || !core::mates(open.span, door)) return false;
      if (rule != nullptr && !rule->may_join(it->second, index)) return false;
      plan_.joins.emplace_back(index, it->second);
      return true;
    }
    case Landing::Collides:
      break;
  }
  return false;
}

bool Board::floors_fit(const OrientedTile& v, Point origin) const {
  for (const Point& p : v.floors) {
    if (occupancy_.get(origin + p) != CellState::Empty) return false;
  }
  for (const Point& p : v.interior_doors) {
    if (occupancy_.get(origin + p) != CellState::Empty) return false;
  }
  return true;
}

bool Board::walls_fit(const OrientedTile& v, Point origin) {
  for (const Point& p : v.walls) {
    const CellState s = occupancy_.get(origin + p);
    if (s == CellState::Empty || s == CellState::Wall) continue;
    if (s != CellState::Open) return false;
    const auto it = open_cells_.find(key(origin + p));
    if (it == open_cells_.end()) return false;
    const std::uint32_t slot = it->second;
    if (records_[slot].keep) return false;
    if (std::find(plan_.covered.begin(), plan_.covered.end(), slot) != plan_.covered.end()) continue;
    if (!walls_cover(records_[slot], v, origin)) return false;
    plan_.covered.push_back(slot);
  }
  return true;
}

bool Board::walls_cover(const OpenDoor& open, const OrientedTile& v, Point origin) const {
  for (int i = 0; i < open.span.width; ++i) {
    if (v.cells.get_or(open.span.cell(i) - origin, CellKind::Void) != CellKind::Wall) return false;
  }
  return true;
}

void Board::apply(int placement, BoardEvents& events) {
  const OrientedTile& v = candidates_.variants()[plan_.variant];
  bounds_ = bounds_.united(core::Rect{plan_.origin.x + v.content.x, plan_.origin.y + v.content.y,
                                      v.content.width, v.content.height});
  set_cells(CellList::Floors, CellState::Floor, false);
  set_cells(CellList::InteriorDoors, CellState::Door, false);
  for (const std::uint32_t slot : plan_.covered) {
    close_as(slot, CellState::Wall);
    events.covered(slot);
  }
  set_cells(CellList::Walls, CellState::Wall, true);
  for (const auto& [door, slot] : plan_.joins) {
    close_as(slot, CellState::Door);
    events.joined(slot, door);
  }
  for (const int door : plan_.sealed) events.sealed(door);
  for (const int door : plan_.opens) {
    const core::Door span = v.doors[static_cast<std::size_t>(door)].shifted(plan_.origin);
    events.opened(open_door(span, placement, door, events.tag(door)), door);
  }
}

void Board::close(std::uint32_t slot) { close_as(slot, CellState::Wall); }

std::uint32_t Board::open_door(const core::Door& span, int placement, int door, std::uint32_t tag) {
  std::uint32_t slot = 0;
  if (free_slots_.empty()) {
    slot = static_cast<std::uint32_t>(records_.size());
    records_.emplace_back();
  } else {
    slot = free_slots_.back();
    free_slots_.pop_back();
  }
  log_record(slot);
  OpenDoor& r = records_[slot];
  r = OpenDoor{span, placement, door, tag, r.generation + 1, true};
  for (int i = 0; i < span.width; ++i) set_cell(span.cell(i), CellState::Open);
  index(r, slot);
  return slot;
}

void Board::close_as(std::uint32_t slot, CellState s) {
  log_record(slot);
  OpenDoor& r = records_[slot];
  r.open = false;
  free_slots_.push_back(slot);
  for (int i = 0; i < r.span.width; ++i) set_cell(r.span.cell(i), s);
  unindex(r);
}

void Board::index(const OpenDoor& r, std::uint32_t slot) {
  for (int i = 0; i < r.span.width; ++i) open_cells_[key(r.span.cell(i))] = slot;
}

void Board::unindex(const OpenDoor& r) {
  for (int i = 0; i < r.span.width; ++i) open_cells_.erase(key(r.span.cell(i)));
}

const std::vector<Point>& Board::cells_of(std::uint32_t variant, CellList list) const {
  const OrientedTile& v = candidates_.variants()[variant];
  return list == CellList::Floors ? v.floors : list == CellList::Walls ? v.walls : v.interior_doors;
}

void Board::set_cells(CellList list, CellState s, bool only_empty) {
  const Point origin = plan_.origin;
  for (const Point& p : cells_of(plan_.variant, list)) {
    CellState& cell = occupancy_.at(origin + p);
    const CellState before = cell;
    if (before == CellState::Empty) {
      cell = s;
      continue;
    }
    if (journaling_) cell_log_.emplace_back(origin + p, before);
    if (!only_empty) cell = s;
  }
  if (!journaling_) return;
  cell_log_.emplace_back(Point{static_cast<int>(plan_.variant), static_cast<int>(list)}, kListHead);
  cell_log_.emplace_back(origin, kListTail);
}

}  // namespace dungen::gen
