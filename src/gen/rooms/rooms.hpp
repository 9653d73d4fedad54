#pragma once
/// \file rooms.hpp
/// The rooms generator: random rectangular rooms pushed apart by separation steering, joined
/// by an adjacency spanning tree plus extra loops (after Ron Jeffries' "Dung[eon]" articles,
/// ../shared/seeds/dungeon-separation-and-adjacency.txt, and TinyKeep's generator). No tiles
/// needed; the result is the same Map as the stitcher's, so every analysis and writer works.
///
/// Pipeline: drop_rooms -> separate (steering in fixed point) -> snap_to_cells (whole cells,
/// then exact pairwise pushes, so rounding can neither bring back an overlap nor leave a
/// stuck cluster) -> find_neighbours (spatial grid) -> spanning_tree (flood from the first
/// room of the largest group of neighbours; rooms it cannot reach are dropped) -> add_loops
/// -> carve (walls, doors, corridors).

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/map.hpp"
#include "core/rng.hpp"
#include "core/steps.hpp"

namespace dungen::gen {

/// Options of the rooms generator. Sizes and distances are in cells.
struct RoomsOptions {
  int rooms = 40;            ///< rooms dropped
  int min_size = 4;          ///< smallest floor width/height
  int max_size = 10;         ///< largest floor width/height
  int door_width = 1;        ///< width of every door
  int gap = 2;               ///< facing walls at most this far apart are neighbours (0 = touching)
  int loops_permille = 100;  ///< share of the non-tree neighbour pairs joined as loops, in 1/1000
  int max_steps = 5000;      ///< separation steps before giving up (reported)
  /// Sees the map after each step: "dropped" (rooms heaped, overlapping), "separated"
  /// (pushed apart, on whole cells), "carved" (doors and corridors). Unset: no pictures.
  core::StepObserver observe{};
};

/// Two neighbouring rooms (ids) and the door and corridor that may join them.
struct RoomPair {
  int a = 0, b = 0;
  core::Facing side = core::Facing::East;  ///< the side of a that faces b
  int gap = 0;                         ///< empty cells between their walls; -1 = one shared wall
  int overlap_lo = 0, overlap_hi = 0;  ///< shared floor range along the wall, [lo, hi)
  int at = -1;                         ///< door position to try first (along the wall), or -1
  int width = 0;                       ///< door width for this pair, 0 = the carve's default
};

/// What the rooms generator made.
struct RoomsResult {
  core::Map map;                    ///< placements = kept rooms, connections = doors
  std::vector<core::Rect> rooms;    ///< floor rectangle of each kept room (map cells)
  std::vector<core::Rect> dropped;  ///< floor rectangles of rooms the tree could not reach
  int separation_steps = 0;         ///< steering steps taken
  bool hit_step_cap = false;        ///< separation stopped at max_steps
  int given_up = 0;                 ///< rooms snapping could not separate (after the cap)
  int tree_doors = 0;               ///< doors of the spanning tree
  int loop_doors = 0;               ///< extra doors added as loops
  int loop_candidates = 0;          ///< neighbour pairs outside the tree
};

/// Runs the whole pipeline. Throws Error (usage) for inconsistent options (e.g. a door wider
/// than the smallest room can hold).
[[nodiscard]] RoomsResult generate_rooms(const RoomsOptions& options, core::Rng& rng);

// Steps, public for tests and benchmarks.

/// Outer rectangles (floor plus a one-cell wall ring) of `count` random rooms dropped around
/// the origin so that they overlap; positions in 1/256 cell.
struct DroppedRoom {
  /// One cell in the fixed point of the positions.
  static constexpr std::int64_t kUnit = 256;
  core::Size floor;           ///< floor size, cells
  std::int64_t x = 0, y = 0;  ///< top-left of the outer rectangle, 1/256 cell
};
[[nodiscard]] std::vector<DroppedRoom> drop_rooms(const RoomsOptions& options, core::Rng& rng);

/// Separation steering: each step, every room moves away from the rooms it overlaps by the
/// sum of the centre-to-centre vectors (as in flocking), at most one cell. Stops when no two
/// outer rectangles overlap or after `max_steps`; returns the steps taken.
int separate(std::vector<DroppedRoom>& rooms, int max_steps);

/// Rounds positions to whole cells, then pushes each still-overlapping pair apart by exactly
/// the overlap along its smaller axis until no two outer rectangles overlap. Returns the
/// outer rectangles in cells; after 500 passes (only when steering stopped at its cap) a
/// room still overlapping an earlier one is returned empty (width 0): given up.
[[nodiscard]] std::vector<core::Rect> snap_to_cells(const std::vector<DroppedRoom>& rooms);

/// How outer rectangles `a` and `b` (ids `ia`, `ib`) face each other: walls at most
/// `max_gap` empty cells apart (-1: a shared wall line) and floors overlapping along them by
/// more than `door_width`; nullopt when they overlap, are too far apart or too offset.
[[nodiscard]] std::optional<RoomPair> room_pair(const core::Rect& a, const core::Rect& b, int ia,
                                                int ib, int max_gap, int door_width);

/// Paints the rooms `kept` (indices into `outer`, outer rectangles with a one-cell wall ring)
/// into a map and joins each pair of `joins` with a door of its width (or `door_width`) in
/// both walls and a corridor across the gap (none for a shared wall), at `at` when given
/// and free, else at a position drawn from `rng` whose corridor runs into nothing. joined[i]
/// says whether pair i got its door. The map covers `area` when given (coordinates kept),
/// else the rooms' bounding box (shifted to the origin). Placements follow `kept`'s order.
/// `known_blocked(i, pos)`, when given, names positions of pair i (in `outer`'s coordinates)
/// known to fail, which are passed over without a test (the same map, sooner).
[[nodiscard]] core::Map carve_rooms(
    const std::vector<core::Rect>& outer, const std::vector<int>& kept,
    const std::vector<RoomPair>& joins, int door_width, core::Rng& rng, std::vector<bool>& joined,
    std::optional<core::Rect> area,
    const std::function<bool(std::size_t, int)>& known_blocked = {});

/// Neighbouring pairs of outer rectangles: facing walls at most `gap` cells apart and floor
/// ranges overlapping by more than `door_width`, found through a spatial grid. Sorted.
[[nodiscard]] std::vector<RoomPair> find_neighbours(const std::vector<core::Rect>& outer, int gap,
                                                    int door_width);

}  // namespace dungen::gen
