// The order in which a graph's rooms are placed: loops room after room (stitcher.hpp).
#include <deque>

#include "gen/graph/stitcher.hpp"

namespace dungen::gen::graph {
namespace {

using Adjacency = std::vector<std::vector<std::pair<int, int>>>;

/// One step around a loop: a room and the link to the next room of the loop.
struct Around {
  int room = 0;
  int link = 0;
};

struct Tree {
  std::vector<int> parent, link, depth;
};

Tree bfs_tree(const Adjacency& adj, int root) {
  Tree t{std::vector<int>(adj.size(), -1), std::vector<int>(adj.size(), -1),
         std::vector<int>(adj.size(), -1)};
  std::deque<int> queue{root};
  t.depth[static_cast<std::size_t>(root)] = 0;
  while (!queue.empty()) {
    const int r = queue.front();
    queue.pop_front();
    for (const auto& [n, link] : adj[static_cast<std::size_t>(r)]) {
      if (t.depth[static_cast<std::size_t>(n)] >= 0) continue;
      t.depth[static_cast<std::size_t>(n)] = t.depth[static_cast<std::size_t>(r)] + 1;
      t.parent[static_cast<std::size_t>(n)] = r;
      t.link[static_cast<std::size_t>(n)] = link;
      queue.push_back(n);
    }
  }
  return t;
}

/// The fundamental loop of non-tree link `k` (a, b): a up to the common ancestor, down to b,
/// and back to a through k.
std::vector<Around> loop_of(const core::GraphLink& l, int k, const Tree& t) {
  std::vector<Around> up_a, up_b;  // rooms with the link to their parent
  int a = l.a, b = l.b;
  const auto at = [](const std::vector<int>& v, int i) { return v[static_cast<std::size_t>(i)]; };
  while (at(t.depth, a) > at(t.depth, b)) {
    up_a.push_back({a, at(t.link, a)});
    a = at(t.parent, a);
  }
  while (at(t.depth, b) > at(t.depth, a)) {
    up_b.push_back({b, at(t.link, b)});
    b = at(t.parent, b);
  }
  while (a != b) {
    up_a.push_back({a, at(t.link, a)});
    up_b.push_back({b, at(t.link, b)});
    a = at(t.parent, a);
    b = at(t.parent, b);
  }
  std::vector<Around> loop = up_a;  // l.a ... (each with the link up)
  int from_link = up_b.empty() ? k : up_b.back().link;
  loop.push_back({a, from_link});  // the common ancestor, down towards l.b
  for (std::size_t i = up_b.size(); i-- > 0;)
    loop.push_back({up_b[i].room, i > 0 ? up_b[i - 1].link : k});
  return loop;
}

/// The fundamental loop of each link off the tree, in link order.
std::vector<std::vector<Around>> loops_off(const core::LevelGraph& graph, const Tree& tree) {
  std::vector<std::vector<Around>> loops;
  for (std::size_t k = 0; k < graph.links.size(); ++k) {
    const core::GraphLink& l = graph.links[k];
    if (tree.link[static_cast<std::size_t>(l.a)] == static_cast<int>(k) ||
        tree.link[static_cast<std::size_t>(l.b)] == static_cast<int>(k))
      continue;
    loops.push_back(loop_of(l, static_cast<int>(k), tree));
  }
  return loops;
}

/// The order as it is built, and where each room stands in it (-1: not placed yet).
struct Placing {
  Order o;
  std::vector<int> position;

  void add(int room, int parent, int link) {
    position[static_cast<std::size_t>(room)] = static_cast<int>(o.rooms.size());
    o.rooms.push_back(room);
    o.parent[static_cast<std::size_t>(room)] = parent;
    o.tree_link[static_cast<std::size_t>(room)] = link;
  }
};

/// Places the rest of the first loop begun and not finished, round from its first placed
/// room: each room from the one before it, aimed at the next placed room of the loop. False
/// when no loop is begun and unfinished.
bool grow_loop(const std::vector<std::vector<Around>>& loops, Placing& placing) {
  const std::vector<int>& position = placing.position;
  for (const std::vector<Around>& loop : loops) {
    std::size_t start = loop.size(), open = 0;
    for (std::size_t i = 0; i < loop.size(); ++i) {
      if (position[static_cast<std::size_t>(loop[i].room)] >= 0) {
        if (start == loop.size()) start = i;
      } else {
        ++open;
      }
    }
    if (start == loop.size() || open == 0) continue;
    for (std::size_t j = 1; j < loop.size(); ++j) {
      const Around& prev = loop[(start + j - 1) % loop.size()];
      const int room = loop[(start + j) % loop.size()].room;
      if (position[static_cast<std::size_t>(room)] >= 0) continue;
      placing.add(room, prev.room, prev.link);
      for (std::size_t e = j + 1; e <= loop.size(); ++e) {  // where this stretch ends
        const int end = loop[(start + e) % loop.size()].room;
        if (position[static_cast<std::size_t>(end)] < 0) continue;
        placing.o.aim[static_cast<std::size_t>(room)] = end;
        placing.o.aim_steps[static_cast<std::size_t>(room)] = static_cast<int>(e - j);
        break;
      }
    }
    return true;
  }
  return false;
}

/// Places the next tree room: the first room not placed beside the earliest placed room.
void grow_tree(const Adjacency& adj, Placing& placing) {
  const Order& o = placing.o;
  for (std::size_t i = 0; i < o.rooms.size(); ++i) {
    for (const auto& [nb, link] : adj[static_cast<std::size_t>(o.rooms[i])]) {
      if (placing.position[static_cast<std::size_t>(nb)] >= 0) continue;
      placing.add(nb, o.rooms[i], link);
      return;
    }
  }
}

}  // namespace

void add_links_closed(const core::LevelGraph& graph, Order& o, const std::vector<int>& position) {
  for (std::size_t k = 0; k < graph.links.size(); ++k) {
    const core::GraphLink& l = graph.links[k];
    if (o.tree_link[static_cast<std::size_t>(l.a)] == static_cast<int>(k) ||
        o.tree_link[static_cast<std::size_t>(l.b)] == static_cast<int>(k))
      continue;
    const bool a_later =
        position[static_cast<std::size_t>(l.a)] > position[static_cast<std::size_t>(l.b)];
    o.closes[static_cast<std::size_t>(a_later ? l.a : l.b)].push_back(static_cast<int>(k));
  }
}

Order placing_order(const core::LevelGraph& graph, const Adjacency& adj) {
  const int entrance = core::entrance_room(graph);
  // The loops of the breadth-first tree from the entrance: one per link off it.
  const std::vector<std::vector<Around>> loops = loops_off(graph, bfs_tree(adj, entrance));
  const std::size_t n = graph.rooms.size();
  Placing placing{Order{{},
                        std::vector<int>(n, -1),
                        std::vector<int>(n, -1),
                        std::vector<std::vector<int>>(n),
                        std::vector<int>(n, -1),
                        std::vector<int>(n, 0)},
                  std::vector<int>(n, -1)};
  placing.add(entrance, -1, -1);
  // Loop after loop, room after room: the first loop begun and not finished, else the next
  // room of the tree.
  while (placing.o.rooms.size() < n) {
    if (!grow_loop(loops, placing)) grow_tree(adj, placing);
  }
  add_links_closed(graph, placing.o, placing.position);  // at the later room of each
  return std::move(placing.o);
}

}  // namespace dungen::gen::graph
