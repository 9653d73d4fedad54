// Dead ends under control (trim.hpp).
#include "gen/stitch/trim.hpp"

#include <algorithm>
#include <queue>
#include <tuple>

namespace dungen::gen {
namespace {

// The room graph as lists of (neighbour, connection), with degrees that shrink as branches go.
struct RoomGraph {
  std::vector<std::vector<std::pair<int, int>>> next;
  std::vector<int> degree;
  std::vector<bool> gone;
  std::vector<bool> keep;  ///< by placement: never trimmed (may be shorter than the placements)

  explicit RoomGraph(const core::Map& map)
      : next(map.placements.size()), degree(map.placements.size(), 0), gone(map.placements.size()) {
    for (std::size_t i = 0; i < map.connections.size(); ++i) {
      const core::Connection& c = map.connections[i];
      next[static_cast<std::size_t>(c.a)].emplace_back(c.b, static_cast<int>(i));
      next[static_cast<std::size_t>(c.b)].emplace_back(c.a, static_cast<int>(i));
      ++degree[static_cast<std::size_t>(c.a)];
      ++degree[static_cast<std::size_t>(c.b)];
    }
  }
  // The first neighbour still there other than `from`, and the connection to it; (-1, -1).
  [[nodiscard]] std::pair<int, int> other(int node, int from) const {
    for (const auto& [n, c] : next[static_cast<std::size_t>(node)]) {
      if (n != from && !gone[static_cast<std::size_t>(n)]) return {n, c};
    }
    return {-1, -1};
  }
};

// A dead-end branch: its placements from the dead end inward, the junction it hangs from and
// the connection that joins them; empty when the dead end hangs from nothing that stays.
struct Branch {
  std::vector<int> nodes;
  int junction = -1;
  int connection = -1;
};

Branch branch_of(const RoomGraph& g, int leaf) {
  Branch b;
  int prev = -1, node = leaf;
  for (;;) {
    if (static_cast<std::size_t>(node) < g.keep.size() && g.keep[static_cast<std::size_t>(node)])
      return {};  // a required or far tile stays, and so does the way to it
    b.nodes.push_back(node);
    const auto [next, connection] = g.other(node, prev);
    if (next < 0) return {};
    const int degree = g.degree[static_cast<std::size_t>(next)];
    if (degree >= 3) return Branch{std::move(b.nodes), next, connection};
    if (degree < 2 || next == 0) return {};  // the whole level, or the start would be a dead end
    prev = node;
    node = next;
  }
}

// The branches to take away, shortest first (then by dead end), until the limit holds.
std::vector<Branch> choose_branches(RoomGraph& g, const core::Map& map, DeadEndLimit limit) {
  int placements = static_cast<int>(map.placements.size());
  int dead_ends = 0;
  using Entry = std::tuple<std::size_t, int>;  // branch length, dead end
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  for (int i = 1; i < placements; ++i) {
    if (g.degree[static_cast<std::size_t>(i)] != 1) continue;
    ++dead_ends;
    const Branch b = branch_of(g, i);
    if (!b.nodes.empty()) queue.emplace(b.nodes.size(), i);
  }
  dead_ends += g.degree[0] == 1;
  std::vector<Branch> chosen;
  while (dead_ends > limit.of(placements) && !queue.empty()) {
    const auto [length, leaf] = queue.top();
    queue.pop();
    if (g.gone[static_cast<std::size_t>(leaf)]) continue;
    Branch b = branch_of(g, leaf);  // the graph changed since: measured again
    if (b.nodes.empty()) continue;
    if (b.nodes.size() != length) {
      queue.emplace(b.nodes.size(), leaf);
      continue;
    }
    for (int n : b.nodes) g.gone[static_cast<std::size_t>(n)] = true;
    --g.degree[static_cast<std::size_t>(b.junction)];
    placements -= static_cast<int>(b.nodes.size());
    --dead_ends;
    chosen.push_back(std::move(b));
  }
  return chosen;
}

// Empties the cells of the placements gone that no other placement covers, seals the doors
// that led to them, and takes away walls that now border nothing walkable.
void clear_cells(core::Map& map, const RoomGraph& g, const std::vector<Branch>& branches) {
  core::Grid<std::uint16_t> cover(map.cells.size(), 0);
  const auto each_cell = [&](std::size_t i, auto f) {
    const core::Placement& p = map.placements[i];
    const core::Grid<core::CellKind>& shape = map.shapes[p.shape];
    for (int y = 0; y < shape.height(); ++y) {
      for (int x = 0; x < shape.width(); ++x) {
        const core::Point q = p.origin + core::Point{x, y};
        if (shape[core::Point{x, y}] != core::CellKind::Void && cover.contains(q)) f(q);
      }
    }
  };
  for (std::size_t i = 0; i < map.placements.size(); ++i) {
    if (!g.gone[i]) each_cell(i, [&](core::Point q) { ++cover[q]; });
  }
  std::vector<core::Point> emptied;
  for (const Branch& b : branches) {
    for (int n : b.nodes) {
      each_cell(static_cast<std::size_t>(n), [&](core::Point q) {
        if (cover[q] == 0 && map.cells[q] != core::CellKind::Void) {
          map.cells[q] = core::CellKind::Void;
          emptied.push_back(q);
        }
      });
    }
    const core::Door door = map.connections[static_cast<std::size_t>(b.connection)].door();
    for (int i = 0; i < door.width; ++i) map.cells[door.cell(i)] = core::CellKind::Wall;
  }
  // Walls the map had around the branch's cells (walled off, covered by no placement).
  for (const core::Point q : emptied) {
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        const core::Point w = q + core::Point{dx, dy};
        if (!map.cells.contains(w) || cover[w] != 0 || map.cells[w] != core::CellKind::Wall)
          continue;
        bool borders = false;
        for (core::Facing f : core::kFacings)
          borders =
              borders || core::passable(map.cells.get_or(w + core::step(f), core::CellKind::Void));
        if (!borders) map.cells[w] = core::CellKind::Void;
      }
    }
  }
}

}  // namespace

int count_dead_ends(const core::Map& map) {
  const RoomGraph g(map);
  return static_cast<int>(std::count(g.degree.begin(), g.degree.end(), 1));
}

std::vector<core::TrimmedPlacement> trim_dead_ends(core::Map& map, DeadEndLimit limit,
                                                   std::vector<core::MadeLoop>& loops,
                                                   const std::vector<bool>& keep) {
  RoomGraph g(map);
  g.keep = keep;
  const std::vector<Branch> branches = choose_branches(g, map, limit);
  if (branches.empty()) return {};
  clear_cells(map, g, branches);
  std::vector<core::TrimmedPlacement> trimmed;
  for (const Branch& b : branches) {
    const core::Connection& c = map.connections[static_cast<std::size_t>(b.connection)];
    const bool junction_is_a = c.a == b.junction;
    core::Door span = junction_is_a ? c.door() : c.door_b_span();
    span.kind = core::door_kind(map, c);
    map.unused_doors.push_back(core::UnusedDoor{b.junction, junction_is_a ? c.door_a() : c.door_b(),
                                                span, core::UnusedReason::Trimmed});
    for (int n : b.nodes) {
      const core::Placement& p = map.placements[static_cast<std::size_t>(n)];
      trimmed.push_back({map.tile_names[p.tile], p.tile, p.orientation, p.origin});
    }
  }
  // Ids of the placements that stay, in order.
  std::vector<int> id(map.placements.size(), -1);
  int kept = 0;
  for (std::size_t i = 0; i < id.size(); ++i) {
    if (!g.gone[i]) id[i] = kept++;
  }
  std::erase_if(map.connections, [&](const core::Connection& c) {
    return id[static_cast<std::size_t>(c.a)] < 0 || id[static_cast<std::size_t>(c.b)] < 0;
  });
  for (core::Connection& c : map.connections) {
    c.a = id[static_cast<std::size_t>(c.a)];
    c.b = id[static_cast<std::size_t>(c.b)];
  }
  std::erase_if(map.unused_doors, [&](const core::UnusedDoor& u) {
    return id[static_cast<std::size_t>(u.placement)] < 0;
  });
  for (core::UnusedDoor& u : map.unused_doors)
    u.placement = id[static_cast<std::size_t>(u.placement)];
  std::sort(map.unused_doors.begin(), map.unused_doors.end(),
            [](const core::UnusedDoor& a, const core::UnusedDoor& b) {
              return std::pair(a.placement, a.door) < std::pair(b.placement, b.door);
            });
  for (core::MadeLoop& l : loops) {
    l.a = id[static_cast<std::size_t>(l.a)];
    l.b = id[static_cast<std::size_t>(l.b)];
    for (int& t : l.through) t = id[static_cast<std::size_t>(t)];
  }
  std::size_t out = 0;
  for (std::size_t i = 0; i < map.placements.size(); ++i) {
    if (!g.gone[i]) map.placements[out++] = map.placements[i];
  }
  map.placements.resize(out);
  core::wall_off_outside(map);
  return trimmed;
}

}  // namespace dungen::gen
