#pragma once
/// \file floor_stack.hpp
/// Levels stacked as the floors of a dungeon (pipeline/floors.hpp), seen as one puzzle: floor
/// k's exit and floor k + 1's entrance are one stair, walked both ways. The rooms (placements)
/// and connections of all floors are numbered as one, floor by floor, and each stair is one
/// more connection of the room graph, after every floor's own. A single level is a stack of
/// one floor: its rooms and connections keep their own ids.

#include <vector>

#include "analysis/room_graph.hpp"
#include "core/level.hpp"

namespace dungen::analysis {

/// The floors of one dungeon, floor 1 first, in one coordinate frame (map cells). Every
/// floor but the last needs an exit and every floor but the first an entrance, on the same
/// cell as the exit above (make() checks).
class FloorStack {
 public:
  /// The stack of `floors` (not empty; they must outlive it).
  explicit FloorStack(std::vector<const core::Level*> floors);

  [[nodiscard]] std::size_t size() const { return floors_.size(); }
  [[nodiscard]] const core::Level& floor(std::size_t k) const { return *floors_[k]; }
  /// The stack's room id of floor k's placement `p`.
  [[nodiscard]] int room(std::size_t k, int p) const { return room_first_[k] + p; }
  /// The floor (0 = the first) holding room `room`.
  [[nodiscard]] std::size_t floor_of_room(int room) const;
  /// Room `room`'s placement id on its floor.
  [[nodiscard]] int placement(int room) const {
    return room - room_first_[floor_of_room(room)];
  }
  /// Number of rooms (placements of every floor).
  [[nodiscard]] int rooms() const { return room_first_.back(); }
  /// Number of connections of every floor; stair k (between floors k and k + 1) has id
  /// connections() + k.
  [[nodiscard]] int connections() const { return connection_first_.back(); }
  /// The floor (0 = the first) of connection `c` (below connections()).
  [[nodiscard]] std::size_t floor_of_connection(int c) const;
  /// Connection `c` (below connections()) as its floor holds it (placement ids its floor's).
  [[nodiscard]] const core::Connection& connection(int c) const;
  /// The stack's connection id of floor k's connection `c`.
  [[nodiscard]] int connection_id(std::size_t k, int c) const { return connection_first_[k] + c; }

  /// The room graph of every floor, each stair an edge (id connections() + k) from floor k's
  /// exit room to floor k + 1's entrance room, and its breadth-first spanning tree from floor
  /// 1's entrance room. Rooms of a floor the stairs do not reach stay out of the tree.
  [[nodiscard]] RoomGraph room_graph() const;

 private:
  std::vector<const core::Level*> floors_;
  std::vector<int> room_first_;        ///< per floor, and the total last
  std::vector<int> connection_first_;  ///< per floor, and the total last
};

}  // namespace dungen::analysis
