// Tiles kept far from the entrance (tile setting `far`, stitch.hpp): held back while the level
// grows, then each placed once at the open door farthest from the entrance on foot that it fits.
#include <algorithm>
#include <deque>

#include "core/tile_parts.hpp"
#include "gen/stitch/stitcher.hpp"

namespace dungen::gen {

bool Stitcher::complete_but_far() const {
  int far_missing = 0;  // required far tiles not placed yet: the far phase places them
  for (const core::TileId id : far_tiles_)
    far_missing += set_.tiles[id].settings.required && uses_[id] == 0;
  return static_cast<int>(map_.placements.size()) >= options_.min_tiles &&
         required_missing_ == far_missing;
}

void Stitcher::place_far_tiles() {
  far_steps_ = -1;
  for (const core::TileId id : far_tiles_) {
    if (uses_[id] > 0 || !usable(id)) continue;  // at most once
    bool placed = false;
    for (const std::uint32_t slot : doors_farthest_first()) {
      const std::uint32_t list = candidates_.mates_list(board_.record(slot).span);
      if (list == candidates_.list_count()) continue;
      const std::int32_t steps = door_steps_[slot];
      for (const CandidateGroup& group : candidates_.list(list)) {
        Misses misses;
        if (group.tile == id && try_group(group, slot, Phase::Growth, misses)) {
          placed = true;
          far_steps_ = far_steps_ < 0 ? steps : std::min(far_steps_, steps);
          break;
        }
      }
      if (placed) break;
    }
  }
  if (far_steps_ >= 0) (void)doors_farthest_first();  // the doors' steps with the far tiles
}

bool Stitcher::beyond_far(std::uint32_t slot, std::uint32_t variant, std::size_t door) {
  // A cap entered by `door` from the open door in `slot` reaches its cells in at most the
  // steps to that door, its width and the longest walk inside the cap from the door's cells.
  if (far_steps_ < 0 || slot >= door_steps_.size() || door_steps_[slot] < 0) return false;
  const OrientedTile& v = candidates_.variants()[variant];
  const core::Door& d = v.doors[door];
  return door_steps_[slot] + d.width + longest_walk_in(variant, door) > far_steps_;
}

std::int32_t Stitcher::longest_walk_in(std::uint32_t variant, std::size_t door) {
  if (walks_in_.empty()) walks_in_.resize(candidates_.variants().size());
  std::vector<std::int32_t>& walks = walks_in_[variant];  // by door, -1 until measured
  const OrientedTile& v = candidates_.variants()[variant];
  if (walks.empty()) walks.assign(v.doors.size(), -1);
  if (walks[door] >= 0) return walks[door];
  const core::Door& d = v.doors[door];
  core::Grid<std::int32_t> steps(v.cells.size(), -1);
  std::deque<core::Point> queue;
  for (int i = 0; i < d.width; ++i) {
    steps[d.cell(i)] = 0;
    queue.push_back(d.cell(i));
  }
  std::int32_t longest = 0;
  while (!queue.empty()) {
    const core::Point p = queue.front();
    queue.pop_front();
    longest = std::max(longest, steps[p]);
    for (const core::Facing f : core::kFacings) {
      const core::Point q = p + core::step(f);
      if (!v.cells.contains(q) || steps[q] >= 0 || !core::passable(v.cells[q])) continue;
      steps[q] = steps[p] + 1;
      queue.push_back(q);
    }
  }
  return walks[door] = longest;
}

std::vector<std::uint32_t> Stitcher::doors_farthest_first() {
  // Steps from the entrance (the start tile's entrance cell) over the floor and door cells
  // placed so far, open doors included, by breadth-first search within the placed bounds.
  const core::Rect b = board_.bounds();
  const OrientedTile& start = candidates_.variants()[start_variant_];
  const std::optional<core::Point> entrance = core::entrance_cell(start.cells);
  if (!entrance || b.width <= 0) return {};
  core::Grid<std::int32_t> steps(core::Size{b.width, b.height}, -1);
  const core::Point corner{b.x, b.y};
  const auto passable = [&](core::Point p) {
    const CellState s = board_.cell(p);
    return s == CellState::Floor || s == CellState::Door || s == CellState::Open;
  };
  std::deque<core::Point> queue{*entrance + start_origin_};
  steps[queue.front() - corner] = 0;
  while (!queue.empty()) {
    const core::Point p = queue.front();
    queue.pop_front();
    for (const core::Facing f : core::kFacings) {
      const core::Point q = p + core::step(f);
      if (!steps.contains(q - corner) || steps[q - corner] >= 0 || !passable(q)) continue;
      steps[q - corner] = steps[p - corner] + 1;
      queue.push_back(q);
    }
  }
  // The open doors the entrance reaches, by their nearest cell's steps, farthest first (ties in
  // frontier order).
  std::vector<std::pair<std::int32_t, std::uint32_t>> doors;
  door_steps_.assign(board_.slot_count(), -1);
  for (const std::uint32_t slot : live_doors()) {
    const core::Door& span = board_.record(slot).span;
    std::int32_t nearest = -1;
    for (int i = 0; i < span.width; ++i) {
      const std::int32_t s = steps.get_or(span.cell(i) - corner, -1);
      if (s >= 0 && (nearest < 0 || s < nearest)) nearest = s;
    }
    door_steps_[slot] = nearest;
    if (nearest >= 0) doors.emplace_back(nearest, slot);
  }
  std::stable_sort(doors.begin(), doors.end(),
                   [](const auto& x, const auto& y) { return x.first > y.first; });
  std::vector<std::uint32_t> slots;
  for (const auto& d : doors) slots.push_back(d.second);
  return slots;
}

}  // namespace dungen::gen
