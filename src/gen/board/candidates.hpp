#pragma once
/// \file candidates.hpp
/// Every tile in every allowed orientation, precomputed once per run: its cells split into
/// lists by kind (so a collision test walks only the cells that matter) and its doors
/// re-measured; and the candidate index that answers "which tiles have a door of width W and
/// kind K facing F?" in O(1).

#include <cstdint>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

#include "core/tile.hpp"
#include "gen/board/reaches.hpp"

namespace dungen::gen {

/// One tile in one orientation, with offsets from its top-left corner in cells.
struct OrientedTile {
  core::TileId tile = 0;
  core::Orientation orientation = core::Orientation::R0;
  core::Grid<core::CellKind> cells;         ///< the oriented cells
  std::vector<core::Point> floors;          ///< must land on empty map cells
  std::vector<core::Point> interior_doors;  ///< door cells in no door: like floor, drawn as door
  std::vector<core::Point> walls;           ///< may land on empty or wall cells
  std::vector<core::Door> doors;            ///< same order as Tile::doors
  /// Indices into `doors` spread over the tile (bit-reversed order of the row-major list):
  /// the order in which a test that may stop at any door reaches a far side soonest.
  std::vector<std::uint32_t> spread_doors;
  core::Rect content;           ///< bounding box of the non-empty cells
  std::vector<int> door_part;   ///< per door: its part (core/tile_parts.hpp)
  std::vector<int> part_cells;  ///< per part: passable cells
  std::vector<int> part_floor;  ///< per part: floor cells
  int passable_cells = 0;       ///< floor and door cells in all parts
  /// Passable cells a player entering by door `d` cannot reach inside the tile.
  [[nodiscard]] int cells_lost_entering_by(std::size_t d) const {
    return passable_cells - part_cells[static_cast<std::size_t>(door_part[d])];
  }
};

/// A door of an oriented tile that could answer an open door.
struct CandidateDoor {
  std::uint32_t variant = 0;  ///< index into Candidates::variants()
  std::uint32_t door = 0;     ///< index into that variant's doors
  std::uint32_t lost = 0;     ///< passable cells of the tile a player entering here cannot reach
  bool floorless = false;     ///< the door's part has no floor: entering here reaches nothing
};

/// All candidate doors of one tile for one (width, facing, kind): the stitcher first draws a tile
/// by weight, then tries its doors in random order.
struct CandidateGroup {
  core::TileId tile = 0;
  std::vector<CandidateDoor> doors;
  /// The most of the tile a player entering by one of these doors can reach: passable cells
  /// of the door's part over all passable cells, in 1/kFullKeep (kFullKeep = all of it).
  std::uint32_t keep = 0;
  bool even_entries = true;  ///< every door keeps the same share: any may be entered by first
  /// Groups of one shape hold the same doors of the same cells (oriented alike, in the same
  /// order), as copies of one tile do: the same test gives them the same answer at any open
  /// door. Numbered from 0 in index order (Candidates::shape_count()).
  std::uint32_t shape = 0;
  static constexpr std::uint32_t kFullKeep = 1024;
};

/// Which orientations of each tile may be used.
struct OrientationRules {
  bool allow_flip = true;    ///< false: --no-flip
  bool allow_rotate = true;  ///< false: --no-rotate
};

/// The oriented tiles of a tile set and the index of their doors by width, facing and kind.
class Candidates {
 public:
  /// Builds variants for the distinct orientations of every tile that the tile's settings
  /// and `rules` allow.
  Candidates(const core::TileSet& set, OrientationRules rules);

  [[nodiscard]] const std::vector<OrientedTile>& variants() const { return variants_; }
  /// Candidate groups whose door has `width` and door kind `kind` and faces `facing`, sorted
  /// by tile id; empty when none.
  [[nodiscard]] const std::vector<CandidateGroup>& find(int width, core::Facing facing,
                                                        std::uint8_t kind) const;
  /// Candidate groups whose door mates `open` (core::mates: same width and kind, opposite
  /// facing); empty when none.
  [[nodiscard]] const std::vector<CandidateGroup>& mates_of(const core::Door& open) const {
    return find(open.width, core::opposite(open.facing), open.kind);
  }
  /// The number of candidate lists: one per (width, facing, kind) of some tile's door.
  [[nodiscard]] std::uint32_t list_count() const {
    return static_cast<std::uint32_t>(lists_.size());
  }
  /// The number of the list mates_of(open) returns (see list()); list_count() when none.
  [[nodiscard]] std::uint32_t mates_list(const core::Door& open) const;
  /// Candidate list number `number` (< list_count()): groups sorted by tile id.
  [[nodiscard]] const std::vector<CandidateGroup>& list(std::uint32_t number) const {
    return lists_[number];
  }
  /// The share of tile `tile` a player starting in it reaches: passable cells of its main
  /// part (core::main_part) over all its passable cells, in 1/CandidateGroup::kFullKeep;
  /// 0 when the main part has no door (a level starting there cannot grow).
  [[nodiscard]] std::uint32_t start_keep(core::TileId tile) const { return start_keep_[tile]; }
  /// The number of distinct CandidateGroup::shape values.
  [[nodiscard]] std::uint32_t shape_count() const { return shape_count_; }
  /// Where one or two tiles lead from each kind of open door (reaches.hpp).
  [[nodiscard]] const Reaches& reaches() const { return reaches_; }
  /// The variant indices of tile `tile`.
  [[nodiscard]] const std::vector<std::uint32_t>& variants_of(core::TileId tile) const {
    return by_tile_[tile];
  }

 private:
  std::vector<OrientedTile> variants_;
  std::vector<std::vector<std::uint32_t>> by_tile_;
  std::vector<std::uint32_t> start_keep_;
  std::vector<std::vector<CandidateGroup>> lists_;            ///< by list number
  std::map<std::tuple<int, int, int>, std::uint32_t> index_;  ///< list numbers
  std::uint32_t shape_count_ = 0;
  Reaches reaches_;
  void number_shapes();
};

/// The oriented form of `tile` in orientation `o`.
[[nodiscard]] OrientedTile orient(const core::Tile& tile, core::TileId id, core::Orientation o);

}  // namespace dungen::gen
