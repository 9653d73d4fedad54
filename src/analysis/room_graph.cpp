#include "analysis/room_graph.hpp"

#include <algorithm>

namespace dungen::analysis {

bool RoomGraph::in_subtree(int n, int top) const {
  for (int cur = n; cur >= 0; cur = parent[static_cast<std::size_t>(cur)]) {
    if (cur == top) return true;
  }
  return false;
}

std::vector<int> RoomGraph::path_edges(int n) const {
  std::vector<int> edges;
  for (int cur = n; cur >= 0 && parent_edge[static_cast<std::size_t>(cur)] >= 0;
       cur = parent[static_cast<std::size_t>(cur)]) {
    edges.push_back(parent_edge[static_cast<std::size_t>(cur)]);
  }
  std::reverse(edges.begin(), edges.end());
  return edges;
}

RoomGraph build_room_graph(const core::Map& map, int root) {
  std::vector<std::vector<RoomGraph::Edge>> adjacent(map.placements.size());
  for (std::size_t c = 0; c < map.connections.size(); ++c) {
    const core::Connection& con = map.connections[c];
    adjacent[static_cast<std::size_t>(con.a)].push_back({con.b, static_cast<int>(c)});
    adjacent[static_cast<std::size_t>(con.b)].push_back({con.a, static_cast<int>(c)});
  }
  return grow_room_tree(std::move(adjacent), root);
}

RoomGraph grow_room_tree(std::vector<std::vector<RoomGraph::Edge>> adjacent, int root) {
  RoomGraph g;
  const std::size_t n = adjacent.size();
  g.adjacent = std::move(adjacent);
  g.root = root;
  g.parent.assign(n, -1);
  g.parent_edge.assign(n, -1);
  g.depth.assign(n, -1);
  if (root < 0 || static_cast<std::size_t>(root) >= n) return g;
  g.depth[static_cast<std::size_t>(root)] = 0;
  g.order.push_back(root);
  for (std::size_t head = 0; head < g.order.size(); ++head) {
    const int u = g.order[head];
    for (const RoomGraph::Edge& e : g.adjacent[static_cast<std::size_t>(u)]) {
      if (g.depth[static_cast<std::size_t>(e.to)] >= 0) continue;
      g.depth[static_cast<std::size_t>(e.to)] = g.depth[static_cast<std::size_t>(u)] + 1;
      g.parent[static_cast<std::size_t>(e.to)] = u;
      g.parent_edge[static_cast<std::size_t>(e.to)] = e.connection;
      g.order.push_back(e.to);
    }
  }
  return g;
}

}  // namespace dungen::analysis
