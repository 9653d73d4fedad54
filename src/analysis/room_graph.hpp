#pragma once
/// \file room_graph.hpp
/// The room graph of any map (a node per placement or room, an edge per connection) and its
/// breadth-first spanning tree from a root room.

#include <limits>
#include <vector>

#include "core/map.hpp"

namespace dungen::analysis {

/// The room graph and a spanning tree of it. Node ids are placement ids; edge ids are
/// connection ids. Neighbours are visited in connection order, so the tree is deterministic.
struct RoomGraph {
  struct Edge {
    int to = 0;
    int connection = 0;
  };
  std::vector<std::vector<Edge>> adjacent;  ///< per node: its edges
  int root = 0;
  std::vector<int> parent;       ///< tree parent, -1 for the root and for nodes not reached
  std::vector<int> parent_edge;  ///< connection from the parent, -1 likewise
  std::vector<int> depth;        ///< tree depth, -1 for nodes not reached
  std::vector<int> order;        ///< reached nodes in breadth-first order (root first)
  /// Edge ids from here on are stairs between floors (floor_stack.hpp), which no lock or
  /// seal takes; a single level's graph has none.
  int stairs_from = std::numeric_limits<int>::max();

  /// True when the tree edge into `n` is a stair.
  [[nodiscard]] bool entered_by_stair(int n) const {
    return parent_edge[static_cast<std::size_t>(n)] >= stairs_from;
  }

  /// True when `n` is in the tree (reachable from the root through connections).
  [[nodiscard]] bool in_tree(int n) const { return depth[static_cast<std::size_t>(n)] >= 0; }
  /// True when `n` lies in the subtree of `top` (a node is in its own subtree).
  [[nodiscard]] bool in_subtree(int n, int top) const;
  /// The tree edges (connection ids) from the root down to `n`, root side first.
  [[nodiscard]] std::vector<int> path_edges(int n) const;
};

/// The graph of the edges `adjacent` (per node, in the order the tree visits them) and its
/// breadth-first spanning tree from `root` (-1 or out of range: no tree).
[[nodiscard]] RoomGraph grow_room_tree(std::vector<std::vector<RoomGraph::Edge>> adjacent,
                                       int root);

/// Builds the room graph of `map` and its breadth-first spanning tree from `root`.
[[nodiscard]] RoomGraph build_room_graph(const core::Map& map, int root);

}  // namespace dungen::analysis
