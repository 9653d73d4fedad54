// Tiles pinned at cells (--place, stitch.hpp): placed before growth, the first as the start
// tile; the others joined to the level as growth reaches them, through one to three tiles
// laid door to door as loops are (loops.cpp).
#include <fmt/format.h>

#include <algorithm>

#include "core/error.hpp"
#include "core/transform.hpp"
#include "gen/stitch/stitcher.hpp"

namespace dungen::gen {
namespace {

// Pairs of an open door and a pin's door tried per pin and call.
constexpr std::size_t kPinPairs = 8;
// Placements between two tries at joining the pins while growth goes on.
constexpr int kPinTryEvery = 4;
// The walk to a pin not joined yet: longer than any (every run joining it saves it).
constexpr int kUnjoinedWalk = 1 << 20;

}  // namespace

std::uint32_t Stitcher::pin_variant(const Pin& pin) const {
  // The orientation asked, or the one whose cells are the same (a symmetric tile's).
  const core::Grid<core::CellKind> want = core::apply(pin.orientation, set_.tiles[pin.tile].cells);
  const std::vector<std::uint32_t>& variants = candidates_.variants_of(pin.tile);
  for (const std::uint32_t v : variants) {
    if (candidates_.variants()[v].orientation == pin.orientation) return v;
  }
  for (const std::uint32_t v : variants) {
    if (candidates_.variants()[v].cells == want) return v;
  }
  throw field_error("place", fmt::format("'{}' may not be used in orientation {}: its "
                                         "orientations= setting or {{no_flip}}/{{no_rotate}} "
                                         "leave it out",
                                         set_.tiles[pin.tile].name,
                                         core::orientation_name(pin.orientation)));
}

void Stitcher::place_pins() {
  placing_pins_ = true;  // never undone: journaling stays off
  for (std::size_t i = 0; i < options_.pins.size(); ++i) {
    const Pin& pin = options_.pins[i];
    const std::uint32_t v = pin_variant(pin);
    const Fit fit = test(v, pin.origin);
    if (fit != Fit::Ok) {
      const std::string why =
          fit == Fit::TooBig        ? "the map would be bigger than {max_size}"
          : fit == Fit::OutsideMask ? "it reaches outside the map's frame (a mask's dark cells, or "
                                      "left of or above cell 0,0; a floor on the tile's edge needs "
                                      "a usable cell beyond it)"
                                    : "it overlaps an earlier {place} tile";
      throw field_error("place", fmt::format("'{}' at {},{} ({}) does not fit: {}",
                                             set_.tiles[pin.tile].name, pin.origin.x, pin.origin.y,
                                             core::orientation_name(pin.orientation), why));
    }
    if (i == 0) {
      start_variant_ = v;
      start_origin_ = pin.origin;
    }
    apply();
    if (i == 0) reach_start_part();
    pin_placements_.push_back(static_cast<int>(map_.placements.size()) - 1);
    if (i > 0) {  // its doors wait to be joined: no wall covers them
      for (const std::uint32_t slot : pin_doors(i)) board_.keep_open(slot);
    }
  }
  placing_pins_ = false;
  update_journaling();
}

bool Stitcher::pin_joined(std::size_t pin) const {
  const auto p = static_cast<std::size_t>(pin_placements_[pin]);
  const std::uint32_t end = p + 1 < node_base_.size() ? node_base_[p + 1]
                                                      : static_cast<std::uint32_t>(reached_.size());
  for (std::uint32_t n = node_base_[p]; n < end; ++n) {
    if (reached_[n] != 0) return true;
  }
  return false;
}

std::vector<std::uint32_t> Stitcher::pin_doors(std::size_t pin) const {
  std::vector<std::uint32_t> slots;
  const int p = pin_placements_[pin];
  const OrientedTile& v = candidates_.variants()[variant_of(static_cast<std::size_t>(p))];
  const core::Point origin = map_.placements[static_cast<std::size_t>(p)].origin;
  for (std::size_t d = 0; d < v.doors.size(); ++d) {
    const std::optional<std::uint32_t> slot = board_.slot_at(v.doors[d].start + origin);
    if (!slot) continue;
    const OpenDoor& r = board_.record(*slot);
    if (r.open && r.placement == p && r.door == static_cast<int>(d)) slots.push_back(*slot);
  }
  return slots;
}

bool Stitcher::pins_waiting() const {
  for (std::size_t i = 1; i < pin_placements_.size(); ++i) {
    if (!pin_joined(i)) return true;
  }
  return false;
}

std::optional<core::Point> Stitcher::pin_target() const {
  for (std::size_t i = 1; i < pin_placements_.size(); ++i) {
    if (pin_joined(i)) continue;
    const std::vector<std::uint32_t> doors = pin_doors(i);
    if (!doors.empty()) return board_.record(doors.front()).span.start;
  }
  return std::nullopt;
}

void Stitcher::join_pins(bool deep) {
  set_loop_reach();
  // What joining a pin does to the loops' counts is not a loop: kept and given back.
  const LoopTally tally = result_.loop_tally;
  const std::size_t tried = loop_pairs_tried_;
  const int deep_searches = loop_deep_searches_;
  for (std::size_t i = 1; i < pin_placements_.size(); ++i) {
    if (pin_joined(i)) continue;
    std::vector<LoopPair> pairs;
    const std::vector<std::uint32_t> live = live_doors();
    for (const std::uint32_t b : pin_doors(i)) {
      const OpenDoor& pin_door = board_.record(b);
      for (const std::uint32_t a : live) {
        const OpenDoor& door = board_.record(a);
        const int space = grid_distance(door.span.start, pin_door.span.start);
        if (space <= loop_reach_)
          pairs.push_back({a, b, kUnjoinedWalk, space, kUnjoinedWalk, door.generation,
                           pin_door.generation});
      }
    }
    std::stable_sort(pairs.begin(), pairs.end(),
                     [](const LoopPair& x, const LoopPair& y) { return x.space < y.space; });
    if (pairs.size() > kPinPairs) pairs.resize(kPinPairs);
    for (LoopPair& pair : pairs) {
      if (!still_open(pair)) continue;
      PairOutcome outcome = join_pair(pair, false);
      if (outcome == PairOutcome::Deeper && deep) outcome = join_pair(pair, true);
      if (outcome != PairOutcome::Joined) continue;
      result_.loops.pop_back();  // a way to the pin, not a loop
      index_connections();
      break;
    }
  }
  result_.loop_tally = tally;
  loop_pairs_tried_ = tried;
  loop_deep_searches_ = deep_searches;
}

bool Stitcher::pin_due() {
  if (pin_placements_.size() < 2 || ++placements_since_pin_try_ < kPinTryEvery) return false;
  placements_since_pin_try_ = 0;
  return pins_waiting();
}

std::optional<OpenRef> Stitcher::door_toward_pin() {
  // Three times in four while a pin waits: the open door nearest it, so growth heads its way.
  if (pin_placements_.size() < 2 || rng_.uniform(4) == 0) return std::nullopt;
  const std::optional<core::Point> target = pin_target();
  if (!target) return std::nullopt;
  std::size_t best = frontier_.size();
  int nearest = 0;
  for (std::size_t i = frontier_head_; i < frontier_.size(); ++i) {
    if (!is_open(frontier_[i])) continue;
    const int d = grid_distance(board_.record(frontier_[i].slot).span.start, *target);
    if (best == frontier_.size() || d < nearest) {
      best = i;
      nearest = d;
    }
  }
  if (best == frontier_.size()) return std::nullopt;
  const OpenRef ref = frontier_[best];
  frontier_.erase(frontier_.begin() + static_cast<std::ptrdiff_t>(best));
  return ref;
}

void check_pins(const core::TileSet& set, const Candidates& candidates,
                const StitchOptions& options) {
  if (options.pins.empty()) return;
  core::Rng rng(0);  // placing the pins draws nothing
  Stitcher stitcher(set, candidates, options, rng);
  stitcher.start();
}

}  // namespace dungen::gen
