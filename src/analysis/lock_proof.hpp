#pragma once
/// \file lock_proof.hpp
/// The solver's proof of a lock plan (locks.hpp: the exit is reached, and walling up any one
/// lock cuts it off) without making the level: the cells are grouped once around every
/// connection's passage (walk_graph.hpp), and each plan then closes the passages it seals,
/// locks its doors and drops its keys on the groups. A proof costs about the room graph and
/// the passages' cells, plus one short walk per lock, never the map's cells. A dungeon's
/// floors (floor_stack.hpp) are proven as one: each floor's groups, and each stair an edge
/// from floor k's exit to floor k + 1's entrance, walked both ways; the goal is the last
/// floor's exit.

#include <cstdint>
#include <optional>
#include <vector>

#include "analysis/floor_stack.hpp"
#include "analysis/lock_plan.hpp"
#include "analysis/room_graph.hpp"
#include "analysis/walk_graph.hpp"
#include "core/level.hpp"

namespace dungen::analysis {

/// The cells of connection `con`'s passage, as sealing it walls them: for each cell of a's
/// door, that cell and the cells straight ahead up to b's door (or the map's edge).
[[nodiscard]] std::vector<core::Point> passage_cells(const core::Map& map,
                                                     const core::Connection& con);

/// Per connection of `map`: true when `plan` seals it, for it joins rooms that need
/// different keys (a loop around a lock). Tree edges of `graph` are never sealed. Two rooms
/// need the same keys exactly when the same locked room is their nearest locked ancestor
/// (or itself), as every locked room has one lock of its own.
[[nodiscard]] std::vector<bool> sealed_connections(const core::Map& map, const RoomGraph& graph,
                                                   const LockPlan& plan);

/// The same per connection of `stack` (its ids: floor by floor), with `graph` the stack's.
/// Stairs are tree edges, never sealed.
[[nodiscard]] std::vector<bool> sealed_connections(const FloorStack& stack,
                                                   const RoomGraph& graph, const LockPlan& plan);

/// Proves plans for one level or one stack of floors (entrances and exits set); the level
/// or stack and the graph must outlive it.
class LockProof {
 public:
  /// For one level; `graph` is build_room_graph's.
  LockProof(const core::Level& level, const RoomGraph& graph);
  /// For a stack of floors; `graph` is stack.room_graph().
  LockProof(const FloorStack& stack, const RoomGraph& graph);

  /// True when the level (or stack) with `plan` applied (lock i on the door into
  /// plan.lock_node[i], key i on plan.key_cell[i] in plan.key_node[i]'s floor, the `sealed`
  /// connections walled) lets solve() reach the (last floor's) exit, and no walled-up lock
  /// leaves it reachable: what solve() and unneeded_locks() would say of that level.
  [[nodiscard]] bool proven(const LockPlan& plan, const std::vector<bool>& sealed);

 private:
  void group();  // the cells of every floor, grouped on the first proof
  [[nodiscard]] std::int32_t node_at(std::size_t floor, core::Point p) const;

  std::optional<FloorStack> own_;  ///< a single level's stack of one
  const FloorStack& stack_;
  const RoomGraph& graph_;
  bool grouped_ = false;
  std::vector<CellGroups> groups_;            ///< per floor
  std::vector<std::int32_t> node_first_;      ///< per floor: its first node in joined_
  NodeGraph joined_;                          ///< every floor's groups and the stairs
  Gates gates_;                               ///< of joined_: open as the floors' groups
  std::vector<std::uint32_t> passage_first_;  ///< connection c's nodes: passage_[first[c]..]
  std::vector<std::int32_t> passage_;
};

}  // namespace dungen::analysis
