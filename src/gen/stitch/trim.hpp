#pragma once
/// \file trim.hpp
/// Dead ends under control (generate --max-dead-ends): dead-end branches of a finished map,
/// closets and corridor stubs, are taken away until the map holds no more dead ends than
/// allowed, and the door that led into each is sealed.

#include <vector>

#include "core/level.hpp"
#include "core/map.hpp"

namespace dungen::gen {

/// The most dead ends (placements joined to exactly one other) a level may keep: `count`, or
/// with `percent` set, that share in percent of its placements (rounded down).
struct DeadEndLimit {
  int count = 0;
  bool percent = false;
  /// The dead ends allowed in a level of `placements` placements.
  [[nodiscard]] int of(int placements) const {
    return percent ? static_cast<int>(static_cast<long long>(placements) * count / 100) : count;
  }
};

/// Takes dead-end branches away from `map` (map cells), shortest first, until at most
/// `limit.of(placements)` dead ends remain or no branch can go: a branch is a dead end and
/// the placements of one door in and one out before it, back to a placement of three
/// connections or more, which keeps two and so is no dead end after. Placement 0 (the start
/// tile) stays. The door of that placement which led into the branch is sealed (an unused
/// door, reason Trimmed), the branch's cells are emptied where no other placement covers them
/// and the map walled off again (it may grow by a cell on a side). Placement ids above a
/// trimmed one move down; `loops` (placement ids) are renumbered alike. A branch holding a
/// placement whose `keep` entry is true (by placement id; missing entries are false: a
/// required or far tile, a pin) stays. Returns what was taken away, in the order taken.
std::vector<core::TrimmedPlacement> trim_dead_ends(core::Map& map, DeadEndLimit limit,
                                                   std::vector<core::MadeLoop>& loops,
                                                   const std::vector<bool>& keep = {});

/// The number of placements of `map` joined to exactly one other.
[[nodiscard]] int count_dead_ends(const core::Map& map);

}  // namespace dungen::gen
