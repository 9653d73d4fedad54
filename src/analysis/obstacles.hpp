#pragma once
/// \file obstacles.hpp
/// Obstacles placed one at a time on a level's floor, each only where it cuts nothing off:
/// the solver (keys and locks included) must still reach every cell it reached before, but
/// the obstacle's own. Asked by content placement (content.hpp) for monsters, chests and decor.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "analysis/lock_regions.hpp"
#include "analysis/solid_union.hpp"
#include "core/level.hpp"

namespace dungen::analysis {

/// The door cells of every lock of `level`, a bit per map cell (row-major).
[[nodiscard]] std::vector<bool> lock_door_cells(const core::Level& level);

/// The cells blocked so far and what the solver reaches around them. `try_block` gives the
/// answer a whole solver run would (one run before and after each obstacle, cells counted)
/// without one: the cell's open neighbours stay joined, lock doors closed, when the solid
/// arcs of its ring lie in different pieces of SolidUnion (amortised O(log cells)). When they
/// do not, a side is closed off; without locks that cuts it off. With locks, searches from
/// the neighbours (one cell each in turn) find the sides, which become regions of
/// LockRegions, whose solver walk decides; that costs about the cells of the smaller sides.
/// The solver itself runs only after an obstacle placed without a test needed a lock door
/// to be walked around (odd door shapes), until it next accepts one.
class Obstacles {
 public:
  /// Nothing blocked yet; runs the solver once. Time and memory linear in map cells (about
  /// 5 bytes per cell); maps of fewer than 2^32 cells.
  explicit Obstacles(const core::Level& level);

  /// Whether `p` (map cells) holds an obstacle.
  [[nodiscard]] bool blocked(core::Point p) const { return blocked_[index(p)]; }
  /// Walkable and not blocked; false off the map.
  [[nodiscard]] bool open(core::Point p) const;
  /// True when blocking `p` surely cuts nothing off: its open 4-neighbours are all joined
  /// through its ring of 8 open neighbours (then a way around it exists). A quick test that
  /// spares the search for most cells of open rooms.
  [[nodiscard]] bool ring_joins_around(core::Point p) const;
  /// Blocks `p` without a test: for cells `ring_joins_around` accepts.
  void block(core::Point p);
  /// Blocks `p` (a floor cell, not next to a door) when the solver, with it blocked, still
  /// reaches every cell it reached before but `p`; returns whether it did. Unchanged
  /// otherwise (also when the solver never reached `p`).
  bool try_block(core::Point p);

 private:
  /// What blocking a cell does to the open cells around it, lock doors closed.
  enum class Split : std::uint8_t {
    kJoined,       ///< its neighbours stay joined: nothing is cut off
    kApart,        ///< a side without a lock door beside it is closed off: cut off
    kApartByLock,  ///< sides beside lock doors: moved to new regions in `regions_`
    kUnsure,       ///< the solver decides
  };
  [[nodiscard]] std::size_t index(core::Point p) const {
    return static_cast<std::size_t>(p.y) * static_cast<std::size_t>(width_) +
           static_cast<std::size_t>(p.x);
  }
  [[nodiscard]] bool lock_free_open(core::Point p) const {
    return open(p) && !lock_cell_[index(p)];
  }
  [[nodiscard]] bool ring_joins(core::Point p, bool locks_closed) const;
  [[nodiscard]] bool beside_lock(core::Point p) const;
  void close(core::Point p);
  /// The searches of `split_by`, one from each open neighbour of the cell (obstacles.cpp).
  struct Searches;
  [[nodiscard]] Split split_by(core::Point p);
  void start_searches(core::Point p, Searches& searches);
  void grow_searches(core::Point p, Searches& searches);
  void split_regions(const std::array<std::vector<core::Point>, 4>& found,
                     const std::array<int, 4>& group, const std::array<bool, 4>& closed);
  void ensure_regions();
  void accept(core::Point p);
  bool try_block_by_solver(core::Point p);

  const core::Level& level_;
  int width_;
  std::vector<bool> blocked_;    ///< obstacles, row-major
  std::vector<bool> lock_cell_;  ///< cells of locked doors, row-major
  std::vector<bool> reached_;    ///< cells the solver reaches around the obstacles
  std::size_t reachable_ = 0;    ///< the count the solver's runs are compared with
  /// Walls, the outside, obstacles and lock doors; made by the first test that needs it.
  std::optional<SolidUnion> solids_;
  /// False once `reached_` may differ from what the solver reaches (a cell blocked without a
  /// test was unreached, or joined only through a lock door): from then on the solver decides.
  bool exact_ = true;
  std::optional<LockRegions> regions_;  ///< made when a lock door borders a closed side
  bool regions_valid_ = false;          ///< `regions_` numbered for the obstacles so far
  std::size_t reached_regions_ = 0;     ///< regions its solver walk reaches
  int pieces_ = 0;                      ///< sides of the last kApartByLock split
  std::vector<std::uint8_t> mark_;      ///< the search that found a cell (1-4), 0 when none
};

}  // namespace dungen::analysis
