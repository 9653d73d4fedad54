// The door positions at which rooms stand in a hallway's way (hallway_blocks.hpp).
#include "gen/layout/hallway_blocks.hpp"

#include <algorithm>
#include <limits>

namespace dungen::gen {
namespace {

constexpr int kBucket = 32;  // cells per side of a bucket

bool runs_along_rows(core::Facing side) {
  return side == core::Facing::East || side == core::Facing::West;
}

// The cells strictly between the facing walls of a and b, across the overlap range [lo, hi):
// where the corridor's floor goes (its side walls go one position further either way).
core::Rect gap_rect(const core::Rect& a, const core::Rect& b, const RoomPair& p) {
  switch (p.side) {
    case core::Facing::East:
      return {a.right(), p.overlap_lo, b.x - a.right(), p.overlap_hi - p.overlap_lo};
    case core::Facing::West:
      return {b.right(), p.overlap_lo, a.x - b.right(), p.overlap_hi - p.overlap_lo};
    case core::Facing::South:
      return {p.overlap_lo, a.bottom(), p.overlap_hi - p.overlap_lo, b.y - a.bottom()};
    case core::Facing::North:
      return {p.overlap_lo, b.bottom(), p.overlap_hi - p.overlap_lo, a.y - b.bottom()};
  }
  return {};
}

}  // namespace

bool covers(std::span<const std::pair<int, int>> ranges, int lo, int hi) {
  const auto it = std::upper_bound(ranges.begin(), ranges.end(),
                                   std::pair{lo, std::numeric_limits<int>::max()});
  return it != ranges.begin() && std::prev(it)->second >= hi;
}

RectGrid room_buckets(const std::vector<core::Rect>& outer) {
  RectGrid grid(kBucket);
  for (std::size_t i = 0; i < outer.size(); ++i) grid.insert(static_cast<int>(i), outer[i]);
  return grid;
}

HallwayBlocks hallway_blocks(const std::vector<core::Rect>& outer, const RectGrid& grid,
                             const RoomPair& pair, int width) {
  HallwayBlocks blocks;
  const core::Rect gap = gap_rect(outer[static_cast<std::size_t>(pair.a)],
                                  outer[static_cast<std::size_t>(pair.b)], pair);
  if (gap.empty()) return blocks;
  const bool rows = runs_along_rows(pair.side);
  for (int id : grid.near(gap, 0)) {
    const core::Rect& r = outer[static_cast<std::size_t>(id)];
    if (!r.intersects(gap)) continue;
    // A corridor at pos covers [pos, pos + width) along: it meets r's cells for every pos from
    // r0 - width + 1 to r1 - 1; its side walls (pos - 1, pos + width) meet r's floor only
    // within that span.
    const int r0 = rows ? r.y : r.x, r1 = rows ? r.bottom() : r.right();
    blocks.ranges.emplace_back(r0 - width + 1, r1 - 1);
    blocks.rooms.push_back(id);
  }
  std::sort(blocks.ranges.begin(), blocks.ranges.end());
  std::vector<std::pair<int, int>> merged;
  for (const auto& range : blocks.ranges) {
    if (!merged.empty() && range.first <= merged.back().second + 1) {
      merged.back().second = std::max(merged.back().second, range.second);
    } else {
      merged.push_back(range);
    }
  }
  blocks.ranges = std::move(merged);
  return blocks;
}

}  // namespace dungen::gen
