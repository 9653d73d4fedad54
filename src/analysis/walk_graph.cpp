#include "analysis/walk_graph.hpp"

#include <algorithm>

namespace dungen::analysis {
namespace {

// Calls visit(q) for each 4-neighbour q (row-major index) of cell i on a map w cells wide
// and n cells in all.
template <typename Visit>
void for_each_neighbour(std::size_t i, std::size_t w, std::size_t n, Visit visit) {
  if (i >= w) visit(i - w);
  if (i % w + 1 < w) visit(i + 1);
  if (i + w < n) visit(i + w);
  if (i % w > 0) visit(i - 1);
}

// Compressed rows of `edges` (from, to) over `nodes` nodes, by counting sort: each node's
// neighbours in the order the edges are listed.
NodeGraph compress(std::size_t nodes,
                   const std::vector<std::pair<std::int32_t, std::int32_t>>& edges) {
  NodeGraph g;
  g.first.assign(nodes + 1, 0);
  for (const auto& [from, to] : edges) ++g.first[static_cast<std::size_t>(from) + 1];
  for (std::size_t n = 0; n < nodes; ++n) g.first[n + 1] += g.first[n];
  g.next.resize(edges.size());
  std::vector<std::uint32_t> fill(g.first.begin(), g.first.end() - 1);
  for (const auto& [from, to] : edges) g.next[fill[static_cast<std::size_t>(from)]++] = to;
  return g;
}

// Numbers the 4-connected regions of passable cells whose node is still -1, in row-major
// order of their first cell; returns how many there are.
std::int32_t number_regions(const core::Grid<core::CellKind>& cells,
                            std::vector<std::int32_t>& node) {
  const auto& data = cells.data();
  const std::size_t n = data.size(), w = static_cast<std::size_t>(cells.width());
  std::int32_t regions = 0;
  std::vector<std::size_t> stack;
  for (std::size_t start = 0; start < n; ++start) {
    if (node[start] != -1 || !core::passable(data[start])) continue;
    node[start] = regions;
    stack.push_back(start);
    while (!stack.empty()) {
      const std::size_t i = stack.back();
      stack.pop_back();
      for_each_neighbour(i, w, n, [&](std::size_t q) {
        if (node[q] != -1 || !core::passable(data[q])) return;
        node[q] = regions;
        stack.push_back(q);
      });
    }
    ++regions;
  }
  return regions;
}

}  // namespace

CellGroups group_cells(const core::Grid<core::CellKind>& cells, std::vector<std::size_t> special) {
  std::sort(special.begin(), special.end());
  special.erase(std::unique(special.begin(), special.end()), special.end());
  const auto& data = cells.data();
  const std::size_t n = data.size(), w = static_cast<std::size_t>(cells.width());
  CellGroups g;
  g.node.assign(n, -1);
  for (std::size_t s : special) g.node[s] = -2;  // kept out of the regions
  const std::int32_t regions = number_regions(cells, g.node);
  const std::size_t nodes = static_cast<std::size_t>(regions) + special.size();
  g.gates.open.assign(nodes, 1);
  g.gates.lock.assign(nodes, -1);
  for (std::size_t j = 0; j < special.size(); ++j) {
    g.node[special[j]] = regions + static_cast<std::int32_t>(j);
    g.gates.open[static_cast<std::size_t>(regions) + j] = core::passable(data[special[j]]) ? 1 : 0;
  }
  // Regions touch only special cells (two regions that touched would be one), so every
  // edge has a special end.
  std::vector<std::pair<std::int32_t, std::int32_t>> edges;
  for (std::size_t j = 0; j < special.size(); ++j) {
    const std::int32_t self = regions + static_cast<std::int32_t>(j);
    for_each_neighbour(special[j], w, n, [&](std::size_t q) {
      const std::int32_t other = g.node[q];
      if (other < 0) return;
      edges.emplace_back(self, other);
      if (other < regions) edges.emplace_back(other, self);
    });
  }
  std::sort(edges.begin(), edges.end());
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  g.graph = compress(nodes, edges);
  return g;
}

std::pair<NodeGraph, Gates> contract(const NodeGraph& graph, const Gates& gates) {
  const std::size_t n = graph.size();
  const auto plain = [&](std::size_t v) { return gates.open[v] != 0 && gates.lock[v] < 0; };
  std::vector<std::int32_t> id(n, -1);
  std::int32_t count = 0;
  std::vector<std::size_t> stack;
  for (std::size_t v = 0; v < n; ++v) {
    if (id[v] >= 0) continue;
    id[v] = count;
    if (plain(v)) stack.push_back(v);
    while (!stack.empty()) {
      const std::size_t u = stack.back();
      stack.pop_back();
      for (std::int32_t t : graph.neighbours(u)) {
        const auto ti = static_cast<std::size_t>(t);
        if (id[ti] >= 0 || !plain(ti)) continue;
        id[ti] = count;
        stack.push_back(ti);
      }
    }
    ++count;
  }
  Gates out;
  out.open.assign(static_cast<std::size_t>(count), 0);
  out.lock.assign(static_cast<std::size_t>(count), -1);
  std::vector<std::pair<std::int32_t, std::int32_t>> edges;
  for (std::size_t v = 0; v < n; ++v) {
    out.open[static_cast<std::size_t>(id[v])] = gates.open[v];
    out.lock[static_cast<std::size_t>(id[v])] = gates.lock[v];
    for (std::int32_t t : graph.neighbours(v)) {
      const auto ti = static_cast<std::size_t>(t);
      if (id[ti] != id[v] && gates.open[ti] != 0) edges.emplace_back(id[v], id[ti]);
    }
  }
  for (const auto& [node, key] : gates.keys)
    out.keys.emplace_back(id[static_cast<std::size_t>(node)], key);
  out.start = gates.start < 0 ? -1 : id[static_cast<std::size_t>(gates.start)];
  out.goal = gates.goal < 0 ? -1 : id[static_cast<std::size_t>(gates.goal)];
  return {compress(static_cast<std::size_t>(count), edges), std::move(out)};
}

GatedWalk::GatedWalk(const NodeGraph& graph, const Gates& gates, std::vector<int> key_of_lock,
                     int key_count)
    : graph_(graph),
      gates_(gates),
      key_of_lock_(std::move(key_of_lock)),
      locks_of_key_(static_cast<std::size_t>(key_count)),
      seen_(graph.size(), 0),
      held_(static_cast<std::size_t>(key_count), 0),
      waiting_(key_of_lock_.size()) {
  const NodeGraph rows = compress(graph.size(), gates.keys);
  key_first_ = rows.first;
  keys_ = rows.next;
  for (std::size_t l = 0; l < key_of_lock_.size(); ++l)
    locks_of_key_[static_cast<std::size_t>(key_of_lock_[l])].push_back(static_cast<int>(l));
}

bool GatedWalk::reaches_goal(int walled) {
  if (gates_.start < 0) return false;
  if (++walk_ == 0) {  // the stamps wrapped: start them again
    std::fill(seen_.begin(), seen_.end(), 0);
    std::fill(held_.begin(), held_.end(), 0);
    walk_ = 1;
  }
  queue_.assign(1, gates_.start);
  seen_[static_cast<std::size_t>(gates_.start)] = walk_;
  std::vector<int> stopped;  // locks with nodes waiting
  for (std::size_t head = 0; head < queue_.size(); ++head) {
    const auto u = static_cast<std::size_t>(queue_[head]);
    for (std::uint32_t k = key_first_[u]; k < key_first_[u + 1]; ++k) {
      const auto key = static_cast<std::size_t>(keys_[k]);
      if (held_[key] == walk_) continue;
      held_[key] = walk_;
      for (int lock : locks_of_key_[key]) {
        auto& waiting = waiting_[static_cast<std::size_t>(lock)];
        queue_.insert(queue_.end(), waiting.begin(), waiting.end());
        waiting.clear();
      }
    }
    for (std::int32_t t : graph_.neighbours(u)) {
      const auto v = static_cast<std::size_t>(t);
      if (gates_.open[v] == 0 || seen_[v] == walk_) continue;
      seen_[v] = walk_;
      const int lock = gates_.lock[v];
      if (lock < 0) {
        queue_.push_back(t);
      } else if (lock != walled) {
        if (held_[static_cast<std::size_t>(key_of_lock_[static_cast<std::size_t>(lock)])] ==
            walk_) {
          queue_.push_back(t);
        } else {
          waiting_[static_cast<std::size_t>(lock)].push_back(t);
          stopped.push_back(lock);
        }
      }
    }
  }
  for (int lock : stopped) waiting_[static_cast<std::size_t>(lock)].clear();
  return gates_.goal >= 0 && seen_[static_cast<std::size_t>(gates_.goal)] == walk_;
}

std::vector<std::pair<std::int32_t, std::int32_t>> key_nodes(const core::Level& level,
                                                             const CellGroups& groups) {
  const auto& cells = level.map.cells;
  std::vector<std::pair<std::size_t, std::size_t>> at;  // (cell, position in level.keys)
  for (std::size_t i = 0; i < level.puzzle.keys.size(); ++i) {
    const core::Point p = level.puzzle.keys[i].cell;
    if (!cells.contains(p)) continue;
    at.emplace_back(static_cast<std::size_t>(p.y) * static_cast<std::size_t>(cells.width()) +
                        static_cast<std::size_t>(p.x),
                    i);
  }
  std::sort(at.begin(), at.end());
  std::vector<std::pair<std::int32_t, std::int32_t>> out;
  for (std::size_t i = 0; i < at.size(); ++i) {
    if (i + 1 < at.size() && at[i + 1].first == at[i].first) continue;  // a later key lies here
    const std::int32_t node = groups.node[at[i].first];
    if (node >= 0) out.emplace_back(node, level.puzzle.keys[at[i].second].id);
  }
  return out;
}

}  // namespace dungen::analysis
