#include "pipeline/far_check.hpp"

#include <algorithm>

#include "analysis/reachability.hpp"

namespace dungen::pipeline {
namespace {

// Whether the placements of tile `tile` lie beyond kFarPermille of the reached cells of
// tiles not set far: their nearest floor cell at or beyond that share of those cells' steps.
bool lies_far(const core::Map& map, const core::TileSet& set, const core::Grid<int>& steps,
              core::TileId tile) {
  core::Grid<std::uint8_t> own(steps.size(), 0);  // cells of far tiles
  int nearest = -1;
  for (const core::Placement& p : map.placements) {
    if (!set.tiles[p.tile].settings.far) continue;
    const core::Grid<core::CellKind>& shape = map.shapes[p.shape];
    for (int y = 0; y < shape.height(); ++y) {
      for (int x = 0; x < shape.width(); ++x) {
        const core::Point q = p.origin + core::Point{x, y};
        const core::CellKind k = shape[core::Point{x, y}];
        if (!core::passable(k) || !steps.contains(q)) continue;
        own[q] = 1;
        if (p.tile == tile && k == core::CellKind::Floor && steps[q] >= 0 && (nearest < 0 || steps[q] < nearest))
          nearest = steps[q];
      }
    }
  }
  std::vector<int> others;
  for (std::size_t i = 0; i < steps.data().size(); ++i) {
    if (steps.data()[i] >= 0 && own.data()[i] == 0) others.push_back(steps.data()[i]);
  }
  if (nearest < 0 || others.empty()) return others.empty() && nearest >= 0;
  const auto at = (others.size() - 1) * kFarPermille / 1000;
  std::nth_element(others.begin(), others.begin() + static_cast<std::ptrdiff_t>(at), others.end());
  return nearest >= others[at];
}

}  // namespace

bool has_far_tiles(const core::TileSet& set) {
  return std::any_of(set.tiles.begin(), set.tiles.end(), [](const core::Tile& t) {
    return t.settings.far && t.settings.grows() && !t.doors.empty();
  });
}

FarCheck check_far_tiles(const core::Map& map, const core::TileSet& set,
                         const std::vector<core::TileId>& placed_by_hand) {
  FarCheck check;
  if (!has_far_tiles(set)) return check;
  const std::optional<core::Point> entrance = analysis::entrance_of(map);
  if (!entrance || !map.cells.contains(*entrance)) return check;
  const core::Grid<int> steps = analysis::distances_from(map.cells, *entrance);
  for (core::TileId id = 0; id < set.tiles.size(); ++id) {
    const core::Tile& t = set.tiles[id];
    if (!t.settings.far || !t.settings.grows() || t.doors.empty() ||
        std::find(placed_by_hand.begin(), placed_by_hand.end(), id) != placed_by_hand.end())
      continue;
    const bool placed = std::any_of(map.placements.begin(), map.placements.end(),
                                    [&](const core::Placement& p) { return p.tile == id; });
    if (!placed) {
      check.missing.push_back(t.name);
    } else if (!lies_far(map, set, steps, id)) {
      check.near.push_back(t.name);
    }
  }
  return check;
}

}  // namespace dungen::pipeline
