#include "analysis/walk_graph.hpp"

#include <algorithm>
#include <cstdint>

namespace dungen::analysis {

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

}  // namespace dungen::analysis
