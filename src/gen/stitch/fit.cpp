// A placement's bookkeeping on the board and the door-landing pre-test of the closing phases
// (stitcher.hpp; the joining rule itself is the board's, gen/board/board.hpp).
#include <algorithm>

#include "gen/stitch/stitcher.hpp"

namespace dungen::gen {
using core::Point;

bool Stitcher::may_accept(const OrientedTile& v, std::size_t entry, core::Point origin,
                          Phase phase) const {
  // Where the doors land, as the board judges it: a door on floor or across mixed cells
  // collides; one landing wholly on empty cells opens. Closing takes only candidates that open
  // no door; the last door, only candidates that open one in the part they are entered by.
  // In spread order: where whole sides of the candidate lie on walls of placed tiles (tiles of
  // one size side by side), a door elsewhere shows soonest that it does not close.
  bool leads_on = false;
  for (const std::uint32_t d : v.spread_doors) {
    const Landing l = board_.landing(v.doors[d].shifted(origin));
    if (l == Landing::Collides || (l == Landing::Opens && phase == Phase::Closing)) return false;
    leads_on = leads_on || (l == Landing::Opens && v.door_part[d] == v.door_part[entry]);
  }
  return phase == Phase::Closing || leads_on;
}

void Stitcher::close_door(std::uint32_t slot, core::UnusedReason reason) {
  board_.close(slot);
  closed(slot, reason);
  // Closes made by a placement (a wall covering the door) are replayed with it.
  if (journaling()) {
    const OpenDoor& r = board_.record(slot);
    actions_.push_back(
        Action{Action::Kind::Close, reason, static_cast<std::uint32_t>(r.placement), r.door, {}});
  }
}

void Stitcher::closed(std::uint32_t slot, core::UnusedReason reason) {
  const OpenDoor& r = board_.record(slot);
  live_open_ -= reached_[r.tag];
  drop_reached_cells(r.tag, r.span.width);  // walled up
  map_.unused_doors.push_back(core::UnusedDoor{r.placement, r.door, r.span, reason});
}

std::uint32_t Stitcher::tag(int door) const {
  const OrientedTile& v = candidates_.variants()[board_.plan().variant];
  return apply_base_ + static_cast<std::uint32_t>(v.door_part[static_cast<std::size_t>(door)]);
}

void Stitcher::covered(std::uint32_t slot) { closed(slot, core::UnusedReason::CoveredByWall); }

void Stitcher::joined(std::uint32_t slot, int door) {
  const OpenDoor& r = board_.record(slot);
  live_open_ -= reached_[r.tag];
  const int placement = static_cast<int>(map_.placements.size()) - 1;
  map_.connections.push_back(
      core::Connection::join(r.placement, placement, r.door, door, r.span, r.span.start));
  link(r.tag, tag(door));
  growth_tree_.join(placement, r.placement, r.span.start);
  drop_reached_cells(tag(door), r.span.width);  // the two doors' cells are one
}

void Stitcher::sealed(int door) {
  const PlacementPlan& plan = board_.plan();
  const OrientedTile& v = candidates_.variants()[plan.variant];
  const core::Door span = v.doors[static_cast<std::size_t>(door)].shifted(plan.origin);
  const int placement = static_cast<int>(map_.placements.size()) - 1;
  map_.unused_doors.push_back(
      core::UnusedDoor{placement, door, span, core::UnusedReason::LandedOnWall});
  drop_reached_cells(tag(door), span.width);
}

void Stitcher::opened(std::uint32_t slot, int /*door*/) {
  const OpenDoor& r = board_.record(slot);
  if (reached_[r.tag] != 0) {  // else dormant: joined only by a door landing on it
    ++live_open_;
    frontier_.push_back(OpenRef{slot, r.generation});
  }
}

void Stitcher::drop_reached_cells(std::uint32_t node, int cells) {
  // Only for reached parts: an unreached part counts its cells whole until it is reached.
  if (reached_[node] == 0) return;
  placed_cells_ -= cells;
  reached_cells_ -= cells;
}

void Stitcher::apply() {
  checkpoint();
  const PlacementPlan& plan = board_.plan();
  if (journaling())
    actions_.push_back(Action{Action::Kind::Place, {}, plan.variant, 0, plan.origin});
  const OrientedTile& v = candidates_.variants()[plan.variant];
  const int id = static_cast<int>(map_.placements.size());
  std::int32_t& shape = shape_of_variant_[plan.variant];
  if (shape < 0) {
    shape = static_cast<std::int32_t>(map_.shapes.size());
    map_.shapes.push_back(v.cells);
    variant_of_shape_.push_back(plan.variant);
  }
  map_.placements.push_back(
      core::Placement{v.tile, v.orientation, plan.origin, static_cast<std::uint32_t>(shape)});
  apply_base_ = static_cast<std::uint32_t>(reached_.size());
  node_base_.push_back(apply_base_);
  reached_.resize(reached_.size() + v.part_cells.size(), 0);
  count_use(v.tile, +1);
  placed_cells_ += v.passable_cells;
  growth_tree_.add(id);
  board_.apply(id, *this);
  result_.journal_peak = std::max(result_.journal_peak, board_.journal_cells());
  update_journaling();
}

}  // namespace dungen::gen
