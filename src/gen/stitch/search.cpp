// The stitcher's reachability of tile parts and its completion by search (stitch.hpp).
#include <algorithm>

#include "gen/stitch/stitcher.hpp"

namespace dungen::gen {
namespace {

// How many placements the search can undo in a row.
constexpr std::size_t kMaxCheckpoints = 256;

}  // namespace

int Stitcher::placement_of_node(std::uint32_t node) const {
  const auto it = std::upper_bound(node_base_.begin(), node_base_.end(), node);
  return static_cast<int>(it - node_base_.begin()) - 1;
}

void Stitcher::reach(std::uint32_t node) {
  reach_stack_.assign(1, node);
  while (!reach_stack_.empty()) {
    const std::uint32_t n = reach_stack_.back();
    reach_stack_.pop_back();
    if (reached_[n] != 0) continue;
    reached_[n] = 1;
    if (journaling()) reach_log_.push_back(n);
    // The part's doors still open (dormant until now) join the frontier.
    const int p = placement_of_node(n);
    const OrientedTile& v = candidates_.variants()[variant_of(static_cast<std::size_t>(p))];
    const core::Point origin = map_.placements[static_cast<std::size_t>(p)].origin;
    reached_cells_ += v.part_cells[n - node_base_[static_cast<std::size_t>(p)]];
    for (std::size_t d = 0; d < v.doors.size(); ++d) {
      if (node_base_[static_cast<std::size_t>(p)] + static_cast<std::uint32_t>(v.door_part[d]) != n)
        continue;
      const std::optional<std::uint32_t> slot = board_.slot_at(v.doors[d].start + origin);
      if (!slot) continue;
      const OpenDoor& r = board_.record(*slot);
      if (!r.open || r.placement != p || r.door != static_cast<int>(d)) continue;
      ++live_open_;
      frontier_.push_back(OpenRef{*slot, r.generation});
    }
    for (const auto& [a, b] : links_) {
      if (a == n && reached_[b] == 0) reach_stack_.push_back(b);
      if (b == n && reached_[a] == 0) reach_stack_.push_back(a);
    }
  }
}

void Stitcher::link(std::uint32_t a, std::uint32_t b) {
  if (reached_[a] != 0 && reached_[b] == 0) {
    reach(b);
  } else if (reached_[b] != 0 && reached_[a] == 0) {
    reach(a);
  } else if (reached_[a] == 0) {
    links_.emplace_back(a, b);  // both unreached: remembered for when either is reached
  }
}

bool Stitcher::complete() const {
  return static_cast<int>(map_.placements.size()) >= options_.min_tiles && required_missing_ == 0;
}

bool Stitcher::forbidden(std::uint32_t variant, core::Point origin) const {
  // A binary search: a search that came back to one depth many times rules out many choices
  // there, and every candidate at that depth is looked up (a scan made it quadratic).
  const Forbidden f{static_cast<std::uint32_t>(map_.placements.size()), variant, origin};
  return std::binary_search(forbidden_.begin(), forbidden_.end(), f);
}

void Stitcher::checkpoint() {
  if (!journaling() || map_.placements.empty()) return;  // the start tile is never undone
  if (checkpoints_.size() == kMaxCheckpoints) {
    // Forget the oldest; drop the journal before the new oldest once it is half the journal.
    checkpoints_.pop_front();
    const Checkpoint cut = checkpoints_.front();
    if (board_.forget_before(cut.board)) {
      reach_log_.erase(reach_log_.begin(),
                       reach_log_.begin() + static_cast<std::ptrdiff_t>(cut.reached));
      for (Checkpoint& c : checkpoints_) c.reached -= cut.reached;
      if (trial_) trial_mark_.reached -= cut.reached;
    }
  }
  checkpoints_.push_back(state_mark());
}

Checkpoint Stitcher::state_mark() const {
  const PlacementPlan& plan = board_.plan();
  return Checkpoint{board_.mark(),
                    reach_log_.size(),
                    actions_.size(),
                    static_cast<std::uint32_t>(map_.placements.size()),
                    static_cast<std::uint32_t>(map_.connections.size()),
                    static_cast<std::uint32_t>(map_.unused_doors.size()),
                    static_cast<std::uint32_t>(map_.shapes.size()),
                    static_cast<std::uint32_t>(reached_.size()),
                    static_cast<std::uint32_t>(links_.size()),
                    placed_cells_,
                    reached_cells_,
                    plan.variant,
                    plan.origin};
}

void Stitcher::begin_trial() {
  trial_ = true;
  board_.set_journaling(true);
  trial_mark_ = state_mark();
}

void Stitcher::end_trial(bool keep) {
  if (!keep) {
    undo_to(trial_mark_);
    while (!checkpoints_.empty() && checkpoints_.back().placements >= trial_mark_.placements)
      checkpoints_.pop_back();
  }
  trial_ = false;
  update_journaling();
}

void Stitcher::update_journaling() {
  const bool needed = !placing_pins_ && (trial_ || (search_budget_ > 0 && !complete()));
  if (needed == journaling()) return;
  board_.set_journaling(needed);
  if (!needed) {  // complete: nothing will be undone any more
    core::release(reach_log_);
    core::release(actions_);
    core::release(checkpoints_);
    core::release(forbidden_);
  }
}

void Stitcher::undo_to(const Checkpoint& c) {
  board_.undo(c.board);
  for (std::size_t i = reach_log_.size(); i > c.reached; --i) reached_[reach_log_[i - 1]] = 0;
  reach_log_.resize(c.reached);
  actions_.resize(c.actions);
  for (std::size_t i = c.placements; i < map_.placements.size(); ++i)
    count_use(map_.placements[i].tile, -1);
  map_.placements.resize(c.placements);
  map_.connections.resize(c.connections);
  map_.unused_doors.resize(c.unused);
  map_.shapes.resize(c.shapes);
  variant_of_shape_.resize(c.shapes);
  for (std::int32_t& shape : shape_of_variant_) {
    if (shape >= static_cast<std::int32_t>(c.shapes)) shape = -1;
  }
  node_base_.resize(c.placements);
  reached_.resize(c.nodes);
  links_.resize(c.links);
  placed_cells_ = c.placed_cells;
  reached_cells_ = c.reached_cells;
  rebuild_frontier();
}

void Stitcher::rebuild_frontier() {
  frontier_.clear();
  frontier_head_ = 0;
  std::vector<std::uint32_t> live;
  for (auto slot = board_.slot_count(); slot-- > 0;) {
    const OpenDoor& r = board_.record(slot);
    if (r.open && reached_[r.tag] != 0) live.push_back(slot);
  }
  // Oldest first, as growth made them: breadth-first reads from the front, depth-first the back.
  std::sort(live.begin(), live.end(), [&](std::uint32_t a, std::uint32_t b) {
    return std::pair(board_.record(a).placement, board_.record(a).door) <
           std::pair(board_.record(b).placement, board_.record(b).door);
  });
  for (std::uint32_t slot : live)
    frontier_.push_back(OpenRef{slot, board_.record(slot).generation});
  live_open_ = static_cast<int>(live.size());
}

bool Stitcher::backtrack() {
  if (!journaling() || checkpoints_.empty() || search_budget_ <= 0) return false;
  // A level that stalls below half its size is better begun again from another start tile.
  if (restart_possible_ && 2 * best_.placements < options_.min_tiles) return false;
  // The work is bounded too: with many tiles, each undo may test thousands of candidates.
  if (search_tests_end_ < 0) search_tests_end_ = result_.candidate_tests + kSearchCandidateTests;
  if (result_.candidate_tests > search_tests_end_) return false;
  --search_budget_;
  const Checkpoint c = checkpoints_.back();
  checkpoints_.pop_back();
  undo_to(c);
  ++result_.undone_placements;
  // The choices ruled out below this depth belonged to the undone branch.
  while (!forbidden_.empty() && forbidden_.back().depth > c.placements) forbidden_.pop_back();
  const Forbidden f{c.placements, c.variant, c.origin};
  forbidden_.insert(std::upper_bound(forbidden_.begin(), forbidden_.end(), f), f);
  return true;
}

void Stitcher::remember_if_best() {
  if (!journaling() || complete() || static_cast<int>(map_.placements.size()) <= best_.placements)
    return;
  best_ = BestState{start_variant_, start_origin_, actions_, static_cast<int>(map_.placements.size()),
                    result_.stop, result_.growth_placements};
}

bool Stitcher::ended_below_best() const {
  return !complete() && static_cast<int>(map_.placements.size()) < best_.placements;
}

void Stitcher::replay(const BestState& state) {
  if (!options_.pins.empty()) {
    place_pins();  // the start tile and the pins, as the run being replayed placed them
  } else {
    start_variant_ = state.start_variant;
    start_origin_ = state.start_origin;
    (void)test(start_variant_, start_origin_);
    apply();
    reach_start_part();
  }
  for (const Action& a : state.actions) {
    if (a.kind == Action::Kind::Place) {
      (void)test(a.index, a.origin);  // fits: it did in the same state before
      apply();
      continue;
    }
    const OrientedTile& v = candidates_.variants()[variant_of(a.index)];
    const core::Point start =
        v.doors[static_cast<std::size_t>(a.door)].start + map_.placements[a.index].origin;
    close_door(*board_.slot_at(start), a.reason);
  }
  result_.stop = state.stop;
  result_.growth_placements = state.growth_placements;
  result_.cap_placements = state.placements - state.growth_placements;
}

void Stitcher::seal_unreachable_doors() {
  for (std::uint32_t slot = 0; slot < board_.slot_count(); ++slot) {
    if (board_.record(slot).open) close_door(slot, core::UnusedReason::UnreachablePart);
  }
}

}  // namespace dungen::gen
