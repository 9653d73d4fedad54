#include "analysis/lock_proof.hpp"

namespace dungen::analysis {
namespace {

// Per room: its nearest locked ancestor or itself; -1 for none, -2 outside the tree.
std::vector<int> nearest_locks(const RoomGraph& graph, const LockPlan& plan) {
  std::vector<int> top(graph.parent.size(), -2);
  std::vector<char> locked(graph.parent.size(), 0);
  for (int node : plan.lock_node) locked[static_cast<std::size_t>(node)] = 1;
  for (int node : graph.order) {
    const auto i = static_cast<std::size_t>(node);
    const int p = graph.parent[i];
    top[i] = locked[i] != 0 ? node : p < 0 ? -1 : top[static_cast<std::size_t>(p)];
  }
  return top;
}

// Whether connection `c` (graph ids) between rooms a and b is sealed, given `top`.
bool seals(const RoomGraph& graph, const std::vector<int>& top, int c, std::size_t a,
           std::size_t b) {
  const bool tree = graph.parent_edge[a] == c || graph.parent_edge[b] == c;
  return !tree && top[a] != top[b];
}

}  // namespace

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
  const std::vector<int> top = nearest_locks(graph, plan);
  std::vector<bool> sealed(map.connections.size(), false);
  for (std::size_t c = 0; c < map.connections.size(); ++c) {
    sealed[c] = seals(graph, top, static_cast<int>(c),
                      static_cast<std::size_t>(map.connections[c].a),
                      static_cast<std::size_t>(map.connections[c].b));
  }
  return sealed;
}

std::vector<bool> sealed_connections(const FloorStack& stack, const RoomGraph& graph,
                                     const LockPlan& plan) {
  const std::vector<int> top = nearest_locks(graph, plan);
  std::vector<bool> sealed(static_cast<std::size_t>(stack.connections()), false);
  for (std::size_t k = 0; k < stack.size(); ++k) {
    const core::Map& map = stack.floor(k).map;
    for (std::size_t c = 0; c < map.connections.size(); ++c) {
      const int id = stack.connection_id(k, static_cast<int>(c));
      sealed[static_cast<std::size_t>(id)] =
          seals(graph, top, id, static_cast<std::size_t>(stack.room(k, map.connections[c].a)),
                static_cast<std::size_t>(stack.room(k, map.connections[c].b)));
    }
  }
  return sealed;
}

LockProof::LockProof(const core::Level& level, const RoomGraph& graph)
    : own_(FloorStack({&level})), stack_(*own_), graph_(graph) {}

LockProof::LockProof(const FloorStack& stack, const RoomGraph& graph)
    : stack_(stack), graph_(graph) {}

std::int32_t LockProof::node_at(std::size_t floor, core::Point p) const {
  const std::int32_t node = groups_[floor].node_at(p);
  return node < 0 ? -1 : node_first_[floor] + node;
}

void LockProof::group() {
  grouped_ = true;
  std::vector<std::pair<std::int32_t, std::int32_t>> edges;
  node_first_.assign(1, 0);
  for (std::size_t k = 0; k < stack_.size(); ++k) {  // every cell a plan may seal or lock alone
    const core::Level& level = stack_.floor(k);
    const core::Map& map = level.map;
    std::vector<std::size_t> special{map.cells.index(*level.analysis.entrance)};
    if (level.analysis.exit) special.push_back(map.cells.index(*level.analysis.exit));
    for (const core::Connection& con : map.connections) {
      for (core::Point p : passage_cells(map, con)) special.push_back(map.cells.index(p));
    }
    groups_.push_back(group_cells(map.cells, std::move(special)));
    const CellGroups& g = groups_.back();
    const std::int32_t first = node_first_.back();
    for (std::size_t n = 0; n < g.graph.size(); ++n) {
      for (std::int32_t t : g.graph.neighbours(n))
        edges.emplace_back(first + static_cast<std::int32_t>(n), first + t);
    }
    gates_.open.insert(gates_.open.end(), g.gates.open.begin(), g.gates.open.end());
    node_first_.push_back(first + static_cast<std::int32_t>(g.graph.size()));
  }
  for (std::size_t k = 0; k + 1 < stack_.size(); ++k) {  // the stairs, both ways
    const std::int32_t up = node_at(k, *stack_.floor(k).analysis.exit),
                       down = node_at(k + 1, *stack_.floor(k + 1).analysis.entrance);
    edges.emplace_back(up, down);
    edges.emplace_back(down, up);
  }
  joined_ = compress(static_cast<std::size_t>(node_first_.back()), edges);
  gates_.lock.assign(gates_.open.size(), -1);
  gates_.start = node_at(0, *stack_.floor(0).analysis.entrance);
  const std::size_t last = stack_.size() - 1;
  gates_.goal = node_at(last, *stack_.floor(last).analysis.exit);
  // The passages again, cheaper than keeping a list of cells for each connection.
  passage_first_.assign(1, 0);
  for (std::size_t k = 0; k < stack_.size(); ++k) {
    const core::Map& map = stack_.floor(k).map;
    for (const core::Connection& con : map.connections) {
      for (core::Point p : passage_cells(map, con)) passage_.push_back(node_at(k, p));
      passage_first_.push_back(static_cast<std::uint32_t>(passage_.size()));
    }
  }
}

bool LockProof::proven(const LockPlan& plan, const std::vector<bool>& sealed) {
  if (!grouped_) group();
  Gates gates = gates_;
  for (std::size_t c = 0; c < sealed.size(); ++c) {
    if (!sealed[c]) continue;
    for (std::uint32_t j = passage_first_[c]; j < passage_first_[c + 1]; ++j)
      gates.open[static_cast<std::size_t>(passage_[j])] = 0;
  }
  std::vector<int> key_of_lock(plan.lock_node.size());
  for (std::size_t i = 0; i < plan.lock_node.size(); ++i) {
    const int edge = graph_.parent_edge[static_cast<std::size_t>(plan.lock_node[i])];
    const std::size_t floor = stack_.floor_of_connection(edge);
    const core::Door door = stack_.connection(edge).door();
    for (int j = 0; j < door.width; ++j)
      gates.lock[static_cast<std::size_t>(node_at(floor, door.cell(j)))] =
          static_cast<std::int32_t>(i);
    key_of_lock[i] = static_cast<int>(i);
    // Keys lie on distinct cells, one per lock.
    const std::size_t key_floor = stack_.floor_of_room(plan.key_node[i]);
    if (const std::int32_t node = node_at(key_floor, plan.key_cell[i]); node >= 0)
      gates.keys.emplace_back(node, static_cast<std::int32_t>(i));
  }
  const auto [graph, contracted] = contract(joined_, gates);
  GatedWalk walk(graph, contracted, std::move(key_of_lock),
                 static_cast<int>(plan.lock_node.size()));
  if (!walk.reaches_goal(-1)) return false;
  for (std::size_t i = 0; i < plan.lock_node.size(); ++i) {
    if (walk.reaches_goal(static_cast<int>(i))) return false;
  }
  return true;
}

}  // namespace dungen::analysis
