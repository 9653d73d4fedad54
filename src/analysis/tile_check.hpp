#pragma once
/// \file tile_check.hpp
/// What `dungen inspect` reports: per tile its doors, distinct orientations and problems,
/// and a check of the tile set as a whole before anyone waits on a generation that cannot
/// work.

#include <string>
#include <vector>

#include "core/tile.hpp"

namespace dungen::analysis {

/// Facts and problems of one tile (tile coordinates: cells from its top-left pixel).
struct TileCheck {
  std::string name;
  core::Size size;
  std::vector<core::Door> doors;
  int orientations = 0;               ///< distinct allowed orientations, 0..8
  std::vector<std::string> problems;  ///< one sentence each, empty when none
  std::vector<std::string> notes;     ///< how the door rule resolved corner cells
};

/// Which tiles have doors of one width and kind.
struct WidthCheck {
  int width = 0;
  std::uint8_t kind = 0;           ///< door kind (core::Door::kind), 0 = plain
  std::vector<std::string> tiles;  ///< tiles with a door of this width: they can answer it
  std::vector<std::string> caps;   ///< tiles whose only door has this width and kind
  int doors = 0;                   ///< doors of this width in the whole set
};

/// A door (tile coordinates, as drawn) that no door of any usable tile can mate (same width
/// and kind) in any allowed orientation.
struct UnmatchedDoor {
  std::string tile;
  core::Door door;
};

/// The whole-set check. Tiles that can never be drawn during growth (weight=0 and not
/// required, or max=0) count as neither answers nor caps.
struct SetCheck {
  std::vector<TileCheck> tiles;
  std::vector<WidthCheck> widths;              ///< ascending width, then kind
  std::vector<UnmatchedDoor> unmatched_doors;  ///< doors nothing can ever join
  std::vector<std::string>
      never_placed;  ///< tiles no other tile can join (only copies of themselves)
  std::vector<int> widths_without_cap;  ///< branches of plain doors of these widths never close
  /// Door kinds (not plain) by width whose branches can never close: widths[i] of kind
  /// widths[i].kind has no cap.
  std::vector<WidthCheck> kinds_without_cap;
  std::vector<std::string> door_kinds;  ///< the set's door kind names (core::TileSet)
};

/// The problems of one tile: no doors; floor no door reaches; doors that cannot reach each
/// other; doors with nothing passable behind them; interior door cells (no empty side);
/// floor touching the outside.
[[nodiscard]] std::vector<std::string> tile_problems(const core::Tile& tile);

/// Notes on door cells open on two or more sides (corners): which door each went to.
[[nodiscard]] std::vector<std::string> corner_notes(const core::Tile& tile);

/// The line `generate` warns with for a tile inspect flags: its first problem (or its first
/// corner door cell) and how many more there are; empty when there is nothing to say.
[[nodiscard]] std::string tile_warning(const core::Tile& tile);

/// Checks every tile and the set. `allowed` restricts orientations the way --no-flip /
/// --no-rotate do (bit i = orientation value i), on top of each tile's own settings.
[[nodiscard]] SetCheck check_tile_set(const core::TileSet& set, std::uint8_t allowed = 0xFF);

}  // namespace dungen::analysis
