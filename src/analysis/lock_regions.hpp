#pragma once
/// \file lock_regions.hpp
/// A level's open cells as the solver sees them across locks: regions joined without passing
/// a locked door, and which region holds each cell beside a locked door, each key and the
/// entrance. The solver's walk over regions and locks gives what it reaches in time linear in
/// the locks and keys, not in map cells. Used by Obstacles (obstacles.hpp).

#include <cstdint>
#include <functional>
#include <vector>

#include "core/level.hpp"

namespace dungen::analysis {

/// The regions of the cells that matter to locks ("marked" cells: beside a locked door, a
/// key's cell, the entrance). Regions are numbered by `relabel`; a region split in pieces is
/// told by moving the marked cells of each piece but one to a new region, then kept or undone.
class LockRegions {
 public:
  /// `lock_cell`: the cells of locked doors (row-major, map-sized). Linear in map cells.
  LockRegions(const core::Level& level, const std::vector<bool>& lock_cell);

  /// Whether cell `cell` (row-major index) is marked.
  [[nodiscard]] bool marked(std::size_t cell) const { return is_marked_[cell]; }
  /// Numbers the regions anew: marked cells joined through cells `open` accepts (lock cells
  /// excluded by the caller) share one. One flood over the regions' cells.
  void relabel(const std::function<bool(core::Point)>& open);
  /// A region number never used yet, for a piece of a region split by an obstacle.
  int new_region() { return regions_++; }
  /// Moves marked cell `cell` (row-major index) to region `region`, to be kept or undone.
  void move(std::size_t cell, int region);
  /// Keeps the moves since the last keep or undo.
  void keep();
  /// Undoes the moves (and the regions made) since the last keep or undo.
  void undo();
  /// How many regions the solver reaches from the entrance's: it picks up keys in the
  /// regions it reaches, opens a lock beside them (or beside an opened lock) once it holds
  /// the key, and reaches the regions beside an opened lock.
  [[nodiscard]] std::size_t reached() const;

 private:
  [[nodiscard]] int mark_of(std::size_t cell) const;

  int width_;
  std::vector<bool> is_marked_;           ///< row-major
  std::vector<std::size_t> cells_;        ///< the marked cells, ascending
  std::vector<int> region_;               ///< per marked cell
  std::vector<int> key_at_;               ///< per marked cell: the key lying there, or -1
  std::vector<std::vector<int>> beside_;  ///< per marked cell: the locks beside it
  std::vector<std::vector<int>> sides_;   ///< per lock: the marked cells beside it
  std::vector<std::vector<int>> next_;    ///< per lock: the other locks beside it
  std::vector<int> key_of_lock_;                ///< per lock id
  std::vector<std::vector<int>> locks_of_key_;  ///< per key id
  std::vector<int> carried_;  ///< keys of locks whose key lies on another floor: held at once
  int entrance_ = -1;  ///< marked cell of the entrance
  int regions_ = 0;
  std::vector<std::pair<int, int>> moves_;  ///< (marked cell, region before)
  int regions_kept_ = 0;                    ///< regions numbered at the last keep or relabel
};

}  // namespace dungen::analysis
