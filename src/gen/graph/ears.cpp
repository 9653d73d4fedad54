// The second placing order: shortest ears first (stitcher.hpp).
#include <deque>

#include "gen/graph/stitcher.hpp"

namespace dungen::gen::graph {
namespace {

using Neighbours = std::vector<std::vector<std::pair<int, int>>>;

/// Rooms not placed, reached from placed ones: per room its distance in rooms (1 next to a
/// placed room), the room and link it was reached from, and its label (the first room of its
/// path, which has exactly one placed neighbour).
struct EarSearch {
  std::vector<int> depth, from, via, label;
};

/// Breadth-first over rooms not placed, from all placed rooms at once.
EarSearch spread(const Neighbours& adj, const std::vector<int>& position) {
  const std::size_t n = adj.size();
  EarSearch s{std::vector<int>(n, -1), std::vector<int>(n, -1), std::vector<int>(n, -1),
              std::vector<int>(n, -1)};
  std::deque<int> queue;
  for (std::size_t r = 0; r < n; ++r) {
    if (position[r] >= 0) continue;
    for (const auto& [nb, link] : adj[r]) {
      if (position[static_cast<std::size_t>(nb)] < 0) continue;
      s.depth[r] = 1;
      s.from[r] = nb;
      s.via[r] = link;
      s.label[r] = static_cast<int>(r);
      queue.push_back(static_cast<int>(r));
      break;
    }
  }
  while (!queue.empty()) {
    const auto r = static_cast<std::size_t>(queue.front());
    queue.pop_front();
    for (const auto& [nb, link] : adj[r]) {
      const auto b = static_cast<std::size_t>(nb);
      if (position[b] >= 0 || s.depth[b] >= 0) continue;
      s.depth[b] = s.depth[r] + 1;
      s.from[b] = static_cast<int>(r);
      s.via[b] = link;
      s.label[b] = s.label[r];
      queue.push_back(nb);
    }
  }
  return s;
}

/// The rooms from the placed room up to `r` (first room first), with their links.
std::vector<std::pair<int, int>> path_to(const EarSearch& s, int r) {
  std::vector<std::pair<int, int>> path;
  for (int at = r; s.depth[static_cast<std::size_t>(at)] >= 1;
       at = s.from[static_cast<std::size_t>(at)])
    path.insert(path.begin(), {at, s.via[static_cast<std::size_t>(at)]});
  return path;
}

/// Adds the shortest ear (a path of rooms not placed between placed rooms, or back to one):
/// false when there is none.
bool add_ear(const Neighbours& adj, Order& o, std::vector<int>& position) {
  const EarSearch s = spread(adj, position);
  int best = 1 << 30, best_u = -1, best_v = -1, best_link = -1;
  for (std::size_t u = 0; u < adj.size(); ++u) {
    if (s.depth[u] < 0) continue;
    for (const auto& [v, link] : adj[u]) {
      const auto vb = static_cast<std::size_t>(v);
      int length = 0;
      if (position[vb] >= 0) {  // a second placed neighbour: an ear of the path to u
        if (v == s.from[u] && s.depth[u] == 1) continue;
        if (link == s.via[u]) continue;
        length = s.depth[u];
      } else {
        if (s.depth[vb] < 0 || s.label[vb] == s.label[u]) continue;
        length = s.depth[u] + s.depth[vb];
      }
      if (length < best) {
        best = length;
        best_u = static_cast<int>(u);
        best_v = v;
        best_link = link;
      }
    }
  }
  if (best_u < 0) return false;
  std::vector<std::pair<int, int>> ear = path_to(s, best_u);  // (room, link to the one before)
  // The placed room the ear closes onto.
  int end = best_v;
  if (position[static_cast<std::size_t>(best_v)] < 0) {
    std::vector<std::pair<int, int>> back = path_to(s, best_v);
    int link = best_link;  // walk back from v towards its placed room, each room's link behind
    for (std::size_t i = back.size(); i-- > 0;) {
      ear.emplace_back(back[i].first, link);
      link = back[i].second;
    }
    end = s.from[static_cast<std::size_t>(back.front().first)];
  }
  const int start = s.from[static_cast<std::size_t>(ear.front().first)];
  for (std::size_t i = 0; i < ear.size(); ++i) {
    const auto room = static_cast<std::size_t>(ear[i].first);
    position[room] = static_cast<int>(o.rooms.size());
    o.rooms.push_back(ear[i].first);
    o.parent[room] = i == 0 ? start : ear[i - 1].first;
    o.tree_link[room] = ear[i].second;
    o.aim[room] = end;
    o.aim_steps[room] = static_cast<int>(ear.size() - i);
  }
  return true;
}

}  // namespace

Order ear_order(const core::LevelGraph& graph, const Neighbours& adj) {
  const std::size_t n = graph.rooms.size();
  Order o{{},
          std::vector<int>(n, -1),
          std::vector<int>(n, -1),
          std::vector<std::vector<int>>(n),
          std::vector<int>(n, -1),
          std::vector<int>(n, 0)};
  std::vector<int> position(n, -1);
  const int entrance = core::entrance_room(graph);
  position[static_cast<std::size_t>(entrance)] = 0;
  o.rooms.push_back(entrance);
  while (o.rooms.size() < n) {
    if (add_ear(adj, o, position)) continue;
    // No loop left next to the placed rooms: the next room beside the earliest placed one.
    bool added = false;
    for (std::size_t i = 0; i < o.rooms.size() && !added; ++i) {
      for (const auto& [nb, link] : adj[static_cast<std::size_t>(o.rooms[i])]) {
        if (position[static_cast<std::size_t>(nb)] >= 0) continue;
        position[static_cast<std::size_t>(nb)] = static_cast<int>(o.rooms.size());
        o.rooms.push_back(nb);
        o.parent[static_cast<std::size_t>(nb)] = o.rooms[i];
        o.tree_link[static_cast<std::size_t>(nb)] = link;
        added = true;
        break;
      }
    }
  }
  add_links_closed(graph, o, position);
  return o;
}

}  // namespace dungen::gen::graph
