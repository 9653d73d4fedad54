#pragma once
/// \file lock_proof.hpp
/// The solver's proof of a lock plan (locks.hpp: the exit is reached, and walling up any one
/// lock cuts it off) without making the level: the cells are grouped once around every
/// connection's passage (walk_graph.hpp), and each plan then closes the passages it seals,
/// locks its doors and drops its keys on the groups. A proof costs about the room graph and
/// the passages' cells, plus one short walk per lock, never the map's cells.

#include <cstdint>
#include <optional>
#include <vector>

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

/// Proves plans for one level (entrance and exit set); the level and graph must outlive it.
class LockProof {
 public:
  LockProof(const core::Level& level, const RoomGraph& graph);

  /// True when the level with `plan` applied (lock i on the door into plan.lock_node[i],
  /// key i on plan.key_cell[i], the `sealed` connections walled) lets solve() reach the exit,
  /// and no walled-up lock leaves it reachable: what solve() and unneeded_locks() would say
  /// of that level.
  [[nodiscard]] bool proven(const LockPlan& plan, const std::vector<bool>& sealed);

 private:
  const core::Level& level_;
  const RoomGraph& graph_;
  std::optional<CellGroups> groups_;          ///< grouped on the first proof
  std::vector<std::uint32_t> passage_first_;  ///< connection c's nodes: passage_[first[c]..]
  std::vector<std::int32_t> passage_;
};

}  // namespace dungen::analysis
