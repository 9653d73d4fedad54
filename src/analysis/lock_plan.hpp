#pragma once
/// \file lock_plan.hpp
/// Drawing where locks and keys go (steps 2 and 3 of locks.hpp), on the room graph only.
/// Each draw keeps, over the rooms in depth-first order of the spanning tree, every room's
/// distance from the needed rooms (or "not a key room") in a segment tree, so that finding
/// the key room for a lock costs a logarithm of the rooms, not a walk of them: a draw costs
/// about (locks + rooms on the way to keys) x log(rooms), plus the shuffles of candidate
/// rooms that decide it.

#include <map>
#include <vector>

#include "analysis/floor_stack.hpp"
#include "analysis/max_count_tree.hpp"
#include "analysis/room_graph.hpp"
#include "core/geometry.hpp"
#include "core/level.hpp"
#include "core/rng.hpp"

namespace dungen::analysis {

/// One attempt's choices, in room-graph terms.
struct LockPlan {
  std::vector<int> lock_node;  ///< lock i sits on the tree edge into this room
  std::vector<int> key_node;   ///< key i lies in this room
  std::vector<core::Point> key_cell;
};

/// Where keys may lie: per room, its floor cells the entrance reaches, nearest the room's
/// centre first (ties: row-major); the entrance and exit cells are left out, so keys never
/// lie on them. One walk of the map counts them; a room's ranked list is made the first time
/// a key goes there (a level of thousands of rooms ranks only its key rooms' cells).
class KeySpots {
 public:
  /// For `level` (entrance set), which must outlive it.
  explicit KeySpots(const core::Level& level);
  /// For every floor of `stack` (each with its entrance set), rooms numbered as the stack
  /// numbers them; each floor's cells are those its own entrance reaches, its entrance and
  /// exit (the stairs) left out. The floors must outlive it.
  explicit KeySpots(const FloorStack& stack);
  /// How many spots room `room` has (0: no key may lie there).
  [[nodiscard]] std::size_t count(int room) const { return count_[static_cast<std::size_t>(room)]; }
  /// The `i`-th best spot of room `room`; i < count(room).
  [[nodiscard]] core::Point spot(int room, std::size_t i);

 private:
  // Calls visit(cell) for each spot of room `room`, row-major.
  template <typename Visit>
  void for_each_spot(std::size_t room, Visit visit) const;
  // The floor (index of levels_) of room `room`.
  [[nodiscard]] std::size_t floor_of(std::size_t room) const;

  std::vector<const core::Level*> levels_;
  std::vector<std::size_t> room_first_;    ///< per floor: its first room; the total last
  std::vector<std::vector<bool>> reached_;  ///< per floor, per cell: its entrance reaches it
  std::vector<std::size_t> count_;          ///< per room: its spots
  /// Per room that got a key: its best spots, best first, at least as many as asked for so
  /// far (16 or twice the most asked); rooms without keys hold nothing.
  std::map<int, std::vector<core::Point>> ranked_;
};

/// Draws lock plans for one room graph; the graph and spots must outlive it.
class LockPlanner {
 public:
  /// `exit_node`: the exit's room, in the tree; `key_spots`: where keys may lie.
  LockPlanner(const RoomGraph& graph, int exit_node, KeySpots& key_spots);

  /// Draws up to `count` locks: lock i on the tree edge into a needed room without a lock,
  /// never a stair (candidates in breadth-first order, shuffled by `rng`; the first that has
  /// a key room wins), key i in the room outside that lock's subtree, with no lock on its way from the
  /// entrance, farthest in tree steps from the needed rooms (ties in breadth-first order,
  /// drawn by `rng`), on its best spot no earlier key took; the key's room and its
  /// ancestors become needed. Fewer locks when no candidate has a key room.
  [[nodiscard]] LockPlan draw(int count, core::Rng& rng);

  /// Spreads a stack's locks over its floors: `floor_of_room` per room its floor (0 = the
  /// first); each lock then goes to a candidate on a floor with the fewest locks so far
  /// (candidates shuffled as before, then stably ordered by that count). Unset: no spreading.
  void spread_over_floors(std::vector<int> floor_of_room) { floor_ = std::move(floor_of_room); }

 private:
  void start_draw();
  [[nodiscard]] int key_room(int lock_node, core::Rng& rng);
  void lock(int node);
  void need(int node);

  const RoomGraph& graph_;
  KeySpots& spots_;
  std::vector<std::size_t> tin_, tout_;  ///< per room: its subtree's depth-first range
  std::vector<int> at_tin_;              ///< per depth-first position: the room
  std::vector<std::size_t> pos_;         ///< per room: its breadth-first position
  std::vector<char> first_needed_;       ///< per room: needed before any lock (the exit's way)
  std::vector<std::size_t> first_candidates_;  ///< breadth-first positions of those, root aside
  /// Per depth-first position: the room's distance from the needed rooms, or below 0 when
  /// no key may go there (no spot, or behind a lock).
  MaxCountTree distance_;
  // The draw under way:
  std::vector<char> needed_;
  std::vector<std::size_t> used_spots_;  ///< per room: its spots taken by keys
  std::vector<int> touched_;             ///< rooms whose needed_ or used_spots_ changed
  std::vector<std::size_t> candidates_;  ///< breadth-first positions of needed, unlocked rooms
  std::vector<std::size_t> ties_;
  std::vector<int> floor_;  ///< per room: its floor, when spreading over floors
};

}  // namespace dungen::analysis
