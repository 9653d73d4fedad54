// Closing a cycle link of the level graph by a run of corridor tiles (stitcher.hpp).
#include <algorithm>

#include "gen/graph/search.hpp"

namespace dungen::gen::graph {
namespace {

constexpr std::size_t kDoorPairs = 12;  ///< pairs of open doors tried per link
constexpr std::size_t kBranches = 8;    ///< corridor tiles tried per step of a run
constexpr int kOtherWidth = 1 << 24;    ///< sorts pairs of doors of two widths last

}  // namespace

bool Search::close_links(int room) {
  for (int c : closes_[static_cast<std::size_t>(room)]) {
    if (state_.link_made(c)) continue;  // a door met the other room's directly
    if (!close_link(c)) {
      note_failure(
          static_cast<std::size_t>(std::find(order_.begin(), order_.end(), room) - order_.begin()),
          Failure::Loop, c);
      return false;
    }
  }
  return true;
}

bool Search::close_link(int link) {
  if (corridor_ == 0) return false;
  const core::GraphLink& l = graph_.links[static_cast<std::size_t>(link)];
  struct Pair {
    std::uint32_t from, to;
    int distance;
  };
  std::vector<Pair> pairs;
  for (std::uint32_t x : open_doors(l.a, link)) {
    for (std::uint32_t y : open_doors(l.b, link)) {
      const core::Door& dx = state_.doors()[x].span;
      const core::Door& dy = state_.doors()[y].span;
      // Doors of one width first: most corridor tiles keep the width.
      pairs.push_back(
          {x, y, core::manhattan(dx.start, dy.start) + (dx.width == dy.width ? 0 : kOtherWidth)});
    }
  }
  std::stable_sort(pairs.begin(), pairs.end(),
                   [](const Pair& a, const Pair& b) { return a.distance < b.distance; });
  for (std::size_t i = 0; i < pairs.size() && i < kDoorPairs && !spent(); ++i) {
    if (pairs[i].distance % kOtherWidth > corridor_ * plan_.reach) continue;
    if (run_to(pairs[i].from, pairs[i].to, link, corridor_)) return true;
  }
  return false;
}

bool Search::run_to(std::uint32_t from, std::uint32_t to, int link, int depth) {
  const core::Door span = state_.doors()[from].span;
  const core::Door target = state_.doors()[to].span;
  const auto it = plan_.by_entry.find({span.width, static_cast<int>(core::opposite(span.facing))});
  if (it == plan_.by_entry.end()) return false;
  struct Step {
    std::uint32_t transition;
    int distance;
  };
  std::vector<Step> steps;
  for (std::uint32_t t : it->second) {
    const Transition& tr = plan_.transitions[t];
    const OrientedTile& v = candidates_.variants()[tr.variant];
    const core::Door& entry = v.doors[static_cast<std::size_t>(tr.entry)];
    if (!core::mates(entry, span)) continue;
    const core::Door exit =
        v.doors[static_cast<std::size_t>(tr.exit)].shifted(span.start - entry.start);
    const int d = core::manhattan(exit.start, target.start);
    const bool lands = d == 0 && core::mates(exit, target);
    if (!lands && (depth == 1 || d > (depth - 1) * plan_.reach)) continue;
    steps.push_back({t, lands ? -1 : d});
  }
  rng_.shuffle(steps);
  std::stable_sort(steps.begin(), steps.end(),
                   [](const Step& a, const Step& b) { return a.distance < b.distance; });
  const std::vector<Target> targets{{from, link, false}, {to, link, true}};
  for (std::size_t i = 0; i < steps.size() && i < kBranches && !spent(); ++i) {
    const Transition& tr = plan_.transitions[steps[i].transition];
    const OrientedTile& v = candidates_.variants()[tr.variant];
    const Piece piece{tr.variant, span.start - v.doors[static_cast<std::size_t>(tr.entry)].start,
                      -1, link};
    if (!state_.fits(piece, targets)) continue;
    const Mark m = state_.mark();
    state_.apply();
    if (state_.link_made(link)) return true;
    const std::uint32_t next = state_.doors_of(static_cast<int>(state_.pieces().size() - 1)).first +
                               static_cast<std::uint32_t>(tr.exit);
    if (depth > 1 && state_.doors()[next].state == DoorState::Open &&
        run_to(next, to, link, depth - 1))
      return true;
    state_.undo(m);
  }
  return false;
}

}  // namespace dungen::gen::graph
