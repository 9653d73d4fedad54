#include "analysis/floor_stack.hpp"

#include <algorithm>

namespace dungen::analysis {

FloorStack::FloorStack(std::vector<const core::Level*> floors) : floors_(std::move(floors)) {
  room_first_.assign(1, 0);
  connection_first_.assign(1, 0);
  for (const core::Level* f : floors_) {
    room_first_.push_back(room_first_.back() + static_cast<int>(f->map.placements.size()));
    connection_first_.push_back(connection_first_.back() +
                                static_cast<int>(f->map.connections.size()));
  }
}

std::size_t FloorStack::floor_of_room(int room) const {
  return static_cast<std::size_t>(
      std::upper_bound(room_first_.begin(), room_first_.end(), room) - room_first_.begin() - 1);
}

std::size_t FloorStack::floor_of_connection(int c) const {
  return static_cast<std::size_t>(
      std::upper_bound(connection_first_.begin(), connection_first_.end(), c) -
      connection_first_.begin() - 1);
}

const core::Connection& FloorStack::connection(int c) const {
  const std::size_t k = floor_of_connection(c);
  return floors_[k]->map.connections[static_cast<std::size_t>(c - connection_first_[k])];
}

RoomGraph FloorStack::room_graph() const {
  std::vector<std::vector<RoomGraph::Edge>> adjacent(static_cast<std::size_t>(rooms()));
  const auto add = [&](int a, int b, int id) {
    adjacent[static_cast<std::size_t>(a)].push_back({b, id});
    adjacent[static_cast<std::size_t>(b)].push_back({a, id});
  };
  for (std::size_t k = 0; k < floors_.size(); ++k) {
    const core::Map& map = floors_[k]->map;
    for (std::size_t c = 0; c < map.connections.size(); ++c) {
      add(room(k, map.connections[c].a), room(k, map.connections[c].b),
          connection_id(k, static_cast<int>(c)));
    }
  }
  for (std::size_t k = 0; k + 1 < floors_.size(); ++k) {
    const core::Level &above = *floors_[k], &below = *floors_[k + 1];
    if (!above.analysis.exit || !below.analysis.entrance) continue;
    const int from = above.map.placement_at(*above.analysis.exit),
              to = below.map.placement_at(*below.analysis.entrance);
    if (from >= 0 && to >= 0) add(room(k, from), room(k + 1, to), connections() + static_cast<int>(k));
  }
  const core::Level& first = *floors_.front();
  const int root = first.analysis.entrance ? first.map.placement_at(*first.analysis.entrance) : -1;
  RoomGraph g = grow_room_tree(std::move(adjacent), root);
  g.stairs_from = connections();
  return g;
}

}  // namespace dungen::analysis
