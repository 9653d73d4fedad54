#pragma once
/// \file far_check.hpp
/// Whether the tiles set `far` (tileset.txt; a boss or treasure room) of a stitched level lie
/// far from its entrance: generate grows a level again when one does not (generate.hpp).

#include <string>
#include <vector>

#include "core/map.hpp"
#include "core/tile.hpp"

namespace dungen::pipeline {

/// The share of a level's cells a far tile must lie beyond on foot: nine tenths.
inline constexpr int kFarPermille = 900;

/// How the far tiles of a map lie.
struct FarCheck {
  std::vector<std::string> missing;  ///< far tiles that growth could place but found no place
  /// Far tiles placed whose nearest floor cell is nearer the entrance on foot than
  /// kFarPermille of the map's reached passable cells outside far tiles (walking 4-connected
  /// from the entrance, analysis::entrance_of).
  std::vector<std::string> near;
  [[nodiscard]] bool ok() const { return missing.empty() && near.empty(); }
};

/// Checks the tiles of `set` with the setting `far` on `map` (made from `set`), but those in
/// `placed_by_hand` (by TileId: a --start or --place tile, which the designer put where it
/// is). A set without far tiles, or a map without an entrance, is ok.
[[nodiscard]] FarCheck check_far_tiles(const core::Map& map, const core::TileSet& set,
                                       const std::vector<core::TileId>& placed_by_hand = {});

/// Whether `set` has a tile with the setting `far` that growth could place.
[[nodiscard]] bool has_far_tiles(const core::TileSet& set);

}  // namespace dungen::pipeline
