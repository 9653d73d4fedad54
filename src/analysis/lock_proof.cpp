#include "analysis/lock_proof.hpp"

namespace dungen::analysis {
std::vector<core::Point> passage_cells(const core::Map& map, const core::Connection& con) {
  std::vector<core::Point> cells;
  const core::Door door = con.door(), far = con.door_b_span();
  const core::Point dir = core::step(door.facing);
  for (int i = 0; i < door.width; ++i) {
    for (core::Point p = door.cell(i);; p = p + dir) {
      cells.push_back(p);
      if (p == far.cell(i) || !map.cells.contains(p + dir)) break;
    }
  }
  return cells;
}

std::vector<bool> sealed_connections(const core::Map& map, const RoomGraph& graph,
                                     const LockPlan& plan) {
  // Per room: its nearest locked ancestor or itself; -1 for none, -2 outside the tree.
  std::vector<int> top(graph.parent.size(), -2);
  std::vector<char> locked(graph.parent.size(), 0);
  for (int node : plan.lock_node) locked[static_cast<std::size_t>(node)] = 1;
  for (int node : graph.order) {
    const auto i = static_cast<std::size_t>(node);
    const int p = graph.parent[i];
    top[i] = locked[i] != 0 ? node : p < 0 ? -1 : top[static_cast<std::size_t>(p)];
  }
  std::vector<bool> sealed(map.connections.size(), false);
  for (std::size_t c = 0; c < map.connections.size(); ++c) {
    const auto a = static_cast<std::size_t>(map.connections[c].a),
               b = static_cast<std::size_t>(map.connections[c].b);
    const bool tree =
        graph.parent_edge[a] == static_cast<int>(c) || graph.parent_edge[b] == static_cast<int>(c);
    sealed[c] = !tree && top[a] != top[b];
  }
  return sealed;
}

LockProof::LockProof(const core::Level& level, const RoomGraph& graph)
    : level_(level), graph_(graph) {}

bool LockProof::proven(const LockPlan& plan, const std::vector<bool>& sealed) {
  const auto& map = level_.map;
  if (!groups_) {  // every cell a plan may seal or lock stands alone
    std::vector<std::size_t> special{map.cells.index(*level_.analysis.entrance),
                                     map.cells.index(*level_.analysis.exit)};
    for (const core::Connection& con : map.connections) {
      for (core::Point p : passage_cells(map, con)) special.push_back(map.cells.index(p));
    }
    const std::size_t passage_count = special.size() - 2;
    groups_ = group_cells(map.cells, std::move(special));
    // The passages again, cheaper than keeping a list of cells for each connection.
    passage_.reserve(passage_count);
    passage_first_.reserve(map.connections.size() + 1);
    passage_first_.assign(1, 0);
    for (const core::Connection& con : map.connections) {
      for (core::Point p : passage_cells(map, con)) passage_.push_back(groups_->node_at(p));
      passage_first_.push_back(static_cast<std::uint32_t>(passage_.size()));
    }
  }
  Gates gates = groups_->gates;
  for (std::size_t c = 0; c < sealed.size(); ++c) {
    if (!sealed[c]) continue;
    for (std::uint32_t j = passage_first_[c]; j < passage_first_[c + 1]; ++j)
      gates.open[static_cast<std::size_t>(passage_[j])] = 0;
  }
  std::vector<int> key_of_lock(plan.lock_node.size());
  for (std::size_t i = 0; i < plan.lock_node.size(); ++i) {
    const int edge = graph_.parent_edge[static_cast<std::size_t>(plan.lock_node[i])];
    const core::Door door = map.connections[static_cast<std::size_t>(edge)].door();
    for (int j = 0; j < door.width; ++j)
      gates.lock[static_cast<std::size_t>(groups_->node_at(door.cell(j)))] =
          static_cast<std::int32_t>(i);
    key_of_lock[i] = static_cast<int>(i);
    // Keys lie on distinct cells, one per lock.
    if (const std::int32_t node = groups_->node_at(plan.key_cell[i]); node >= 0)
      gates.keys.emplace_back(node, static_cast<std::int32_t>(i));
  }
  gates.start = groups_->node_at(*level_.analysis.entrance);
  gates.goal = groups_->node_at(*level_.analysis.exit);
  const auto [graph, contracted] = contract(groups_->graph, gates);
  GatedWalk walk(graph, contracted, std::move(key_of_lock),
                 static_cast<int>(plan.lock_node.size()));
  if (!walk.reaches_goal(-1)) return false;
  for (std::size_t i = 0; i < plan.lock_node.size(); ++i) {
    if (walk.reaches_goal(static_cast<int>(i))) return false;
  }
  return true;
}

}  // namespace dungen::analysis
