#include "analysis/locks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "analysis/reachability.hpp"
#include "analysis/room_graph.hpp"
#include "analysis/solver.hpp"
#include "core/plural.hpp"

namespace dungen::analysis {
namespace {

// One attempt's choices, in room-graph terms.
struct Plan {
  std::vector<int> lock_node;  ///< lock i sits on the tree edge into this room
  std::vector<int> key_node;   ///< key i lies in this room
  std::vector<core::Point> key_cell;
};

// Facts about the level that every attempt shares.
struct Context {
  const core::Level& level;
  RoomGraph graph;
  int exit_node = -1;
  std::vector<std::vector<core::Point>> key_spot;  ///< per room: floor cells for keys, best first
};

// Per room, its floor cells the entrance reaches, nearest the room's centre first (ties:
// row-major); the entrance and exit cells are left out, so keys never lie on them.
std::vector<std::vector<core::Point>> key_spots(const core::Level& level) {
  const auto& map = level.map;
  std::vector<std::vector<std::pair<std::int64_t, core::Point>>> ranked(map.placements.size());
  if (!level.analysis.entrance) return {};
  const core::Grid<int> dist = distances_from(map.cells, *level.analysis.entrance);
  const core::Grid<int> owner = core::placement_owners(map);
  for (int y = 0; y < map.cells.height(); ++y) {
    for (int x = 0; x < map.cells.width(); ++x) {
      const core::Point q{x, y};
      const int i = owner[q];
      if (i < 0 || map.cells[q] != core::CellKind::Floor || dist[q] < 0 ||
          q == *level.analysis.entrance || q == level.analysis.exit)
        continue;
      const core::Rect b = map.bounds(map.placements[static_cast<std::size_t>(i)]);
      const std::int64_t dx = 2 * x - (2 * b.x + b.width - 1),
                         dy = 2 * y - (2 * b.y + b.height - 1);
      ranked[static_cast<std::size_t>(i)].push_back({dx * dx + dy * dy, q});
    }
  }
  std::vector<std::vector<core::Point>> spots(map.placements.size());
  for (std::size_t i = 0; i < ranked.size(); ++i) {
    std::stable_sort(ranked[i].begin(), ranked[i].end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [d, q] : ranked[i]) spots[i].push_back(q);
  }
  return spots;
}

// Rooms' distances (in room steps over the tree) from the `needed` rooms.
std::vector<int> distance_from_needed(const RoomGraph& g, const std::vector<bool>& needed) {
  std::vector<int> dist(needed.size(), -1);
  std::vector<int> queue;
  for (int n : g.order) {
    if (needed[static_cast<std::size_t>(n)]) {
      dist[static_cast<std::size_t>(n)] = 0;
      queue.push_back(n);
    }
  }
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const int u = queue[head];
    for (const RoomGraph::Edge& e : g.adjacent[static_cast<std::size_t>(u)]) {
      const bool tree = g.parent_edge[static_cast<std::size_t>(e.to)] == e.connection ||
                        g.parent_edge[static_cast<std::size_t>(u)] == e.connection;
      if (!tree || dist[static_cast<std::size_t>(e.to)] >= 0) continue;
      dist[static_cast<std::size_t>(e.to)] = dist[static_cast<std::size_t>(u)] + 1;
      queue.push_back(e.to);
    }
  }
  return dist;
}

void mark_needed(const RoomGraph& g, int n, std::vector<bool>& needed) {
  for (int cur = n; cur >= 0; cur = g.parent[static_cast<std::size_t>(cur)])
    needed[static_cast<std::size_t>(cur)] = true;
}

// The key room for a lock on the edge into `lock_node`: outside its subtree, reachable with no
// lock on the way, farthest from the needed rooms (ties drawn); -1 when there is none.
int choose_key_room(const Context& ctx, int lock_node, const std::vector<bool>& needed,
                    const std::vector<bool>& locked, core::Rng& rng) {
  const std::vector<int> dist = distance_from_needed(ctx.graph, needed);
  // Per node, in breadth-first order (parents first): behind the new lock, and free of locks
  // on the way from the root. One pass, not a walk to the root per node.
  const std::size_t size = ctx.graph.parent.size();
  std::vector<char> behind(size, 0), free(size, 0);
  for (int n : ctx.graph.order) {
    const auto i = static_cast<std::size_t>(n);
    const int p = ctx.graph.parent[i];
    behind[i] = n == lock_node || (p >= 0 && behind[static_cast<std::size_t>(p)] != 0);
    free[i] = !locked[i] && (p < 0 || free[static_cast<std::size_t>(p)] != 0);
  }
  std::vector<int> best;
  int best_dist = -1;
  for (int n : ctx.graph.order) {
    const auto i = static_cast<std::size_t>(n);
    if (ctx.key_spot[i].empty() || behind[i] != 0 || free[i] == 0) continue;
    const int d = dist[static_cast<std::size_t>(n)];
    if (d > best_dist) best.clear();
    if (d >= best_dist) {
      best_dist = d;
      best.push_back(n);
    }
  }
  return best.empty() ? -1 : best[rng.uniform(best.size())];
}

// Draws a plan of up to `count` locks; fewer when no needed room is left to lock.
Plan draw_plan(const Context& ctx, int count, core::Rng& rng) {
  const std::size_t n = ctx.level.map.placements.size();
  std::vector<bool> needed(n, false), locked(n, false);
  mark_needed(ctx.graph, ctx.exit_node, needed);
  Plan plan;
  for (int i = 0; i < count; ++i) {
    std::vector<int> candidates;
    for (int node : ctx.graph.order) {
      if (node != ctx.graph.root && needed[static_cast<std::size_t>(node)] &&
          !locked[static_cast<std::size_t>(node)])
        candidates.push_back(node);
    }
    rng.shuffle(candidates);
    bool placed = false;
    for (int node : candidates) {
      locked[static_cast<std::size_t>(node)] = true;
      const int key = choose_key_room(ctx, node, needed, locked, rng);
      if (key < 0) {
        locked[static_cast<std::size_t>(node)] = false;
        continue;
      }
      // The best spot of the room that no earlier key took.
      const auto& spots = ctx.key_spot[static_cast<std::size_t>(key)];
      const auto spot = std::find_if(spots.begin(), spots.end(), [&](core::Point q) {
        return std::find(plan.key_cell.begin(), plan.key_cell.end(), q) == plan.key_cell.end();
      });
      if (spot == spots.end()) {
        locked[static_cast<std::size_t>(node)] = false;
        continue;
      }
      plan.lock_node.push_back(node);
      plan.key_node.push_back(key);
      plan.key_cell.push_back(*spot);
      mark_needed(ctx.graph, key, needed);
      placed = true;
      break;
    }
    if (!placed) break;
  }
  return plan;
}

// The keys needed to reach each room: the locks on its tree path ({-1} when not reached).
std::vector<std::vector<int>> zones_of(const Context& ctx, const Plan& plan) {
  std::vector<std::vector<int>> zones(ctx.level.map.placements.size(), std::vector<int>{-1});
  std::vector<std::vector<int>> locks_at(ctx.level.map.placements.size());
  for (std::size_t i = 0; i < plan.lock_node.size(); ++i) {
    locks_at[static_cast<std::size_t>(plan.lock_node[i])].push_back(static_cast<int>(i));
  }
  for (int node :
       ctx.graph.order) {  // parents first: a room needs its parent's keys and its own lock's
    const int parent = ctx.graph.parent[static_cast<std::size_t>(node)];
    std::vector<int> keys =
        parent >= 0 ? zones[static_cast<std::size_t>(parent)] : std::vector<int>{};
    const std::vector<int>& own = locks_at[static_cast<std::size_t>(node)];
    keys.insert(keys.end(), own.begin(), own.end());
    std::sort(keys.begin(), keys.end());
    zones[static_cast<std::size_t>(node)] = keys;
  }
  return zones;
}

// Walls up a connection's passage: a's door, b's door and any corridor straight between them.
void seal_passage(core::Map& map, const core::Connection& con) {
  const core::Door door = con.door();
  const core::Point dir = core::step(door.facing);
  for (int i = 0; i < door.width; ++i) {
    for (core::Point p = door.cell(i);; p = p + dir) {
      map.cells[p] = core::CellKind::Wall;
      if (p == con.door_b_span().cell(i) || !map.cells.contains(p + dir)) break;
    }
  }
}

// The level with `plan` applied: locks, keys, zones, and loops between zones sealed.
core::Level apply_plan(const Context& ctx, const Plan& plan) {
  core::Level out = ctx.level;
  out.puzzle.zones = zones_of(ctx, plan);
  std::vector<core::Connection> kept;
  std::vector<int> new_index(out.map.connections.size(), -1);
  for (std::size_t c = 0; c < out.map.connections.size(); ++c) {
    const core::Connection& con = out.map.connections[c];
    const bool tree =
        ctx.graph.parent_edge[static_cast<std::size_t>(con.a)] == static_cast<int>(c) ||
        ctx.graph.parent_edge[static_cast<std::size_t>(con.b)] == static_cast<int>(c);
    if (tree || out.puzzle.zones[static_cast<std::size_t>(con.a)] ==
                    out.puzzle.zones[static_cast<std::size_t>(con.b)]) {
      new_index[c] = static_cast<int>(kept.size());
      kept.push_back(con);
      continue;
    }
    seal_passage(out.map, con);
    out.map.unused_doors.push_back(
        {con.a, con.door_a(), con.door(), core::UnusedReason::BypassesLock});
    out.map.unused_doors.push_back(
        {con.b, con.door_b(), con.door_b_span(), core::UnusedReason::BypassesLock});
  }
  std::sort(out.map.unused_doors.begin(), out.map.unused_doors.end(),
            [](const auto& x, const auto& y) {
              return std::pair(x.placement, x.door) < std::pair(y.placement, y.door);
            });
  out.map.connections = std::move(kept);
  update_unreachable(out);  // sealed doors may have split off cells counted before
  if (out.analysis.exit)
    out.analysis.exit_distance = distances_from(
        out.map.cells, *out.analysis.entrance)[*out.analysis.exit];  // walks got longer
  for (std::size_t i = 0; i < plan.lock_node.size(); ++i) {
    const int node = plan.lock_node[i];
    const core::Connection& con =
        out.map.connections[static_cast<std::size_t>(new_index[static_cast<std::size_t>(
            ctx.graph.parent_edge[static_cast<std::size_t>(node)])])];
    const int id = static_cast<int>(i);
    const int parent = ctx.graph.parent[static_cast<std::size_t>(node)];
    // The door as seen from the entrance's side: it faces the locked room.
    const core::Door d = con.door();
    const core::Door door =
        con.a == parent ? d : core::Door{d.start, d.width, core::opposite(d.facing)};
    out.puzzle.locks.push_back(core::Lock{id, parent, node, door, id});
    out.puzzle.keys.push_back(core::Key{id, plan.key_cell[i], plan.key_node[i]});
  }
  return out;
}

bool proven(const core::Level& level) {
  return solve(level).exit_reached && unneeded_locks(level).empty();
}

}  // namespace

void place_locks(core::Level& level, int count, core::Rng& rng) {
  level.puzzle.locks_requested = count;
  if (count <= 0 || !level.analysis.entrance || !level.analysis.exit) return;
  Context ctx{level, build_room_graph(level.map, level.map.placement_at(*level.analysis.entrance)),
              -1, key_spots(level)};
  ctx.exit_node = level.map.placement_at(*level.analysis.exit);
  if (ctx.graph.root < 0 || ctx.exit_node < 0 || !ctx.graph.in_tree(ctx.exit_node)) {
    level.puzzle.lock_notes.push_back(
        "no locks: the exit's room is not joined to the entrance's room by doors");
    return;
  }
  constexpr int kAttempts = 12;
  std::size_t most = 0;
  for (int target = count; target > 0; --target) {
    for (int attempt = 0; attempt < kAttempts; ++attempt) {
      const Plan plan = draw_plan(ctx, target, rng);
      most = std::max(most, plan.lock_node.size());
      if (static_cast<int>(plan.lock_node.size()) < target)
        break;  // fewer rooms than locks: try fewer
      core::Level candidate = apply_plan(ctx, plan);
      if (!proven(candidate)) continue;
      candidate.puzzle.lock_notes.clear();
      if (target < count) {
        candidate.puzzle.lock_notes.push_back(fmt::format(
            "placed {} of {}: {}", target, core::count_of(count, "locks"),
            most < static_cast<std::size_t>(count)
                ? "the rooms on the way to the exit (and to the keys) cannot hold more needed locks"
                : "placements with more locks could not be proven solvable with every lock "
                  "needed"));
      }
      level = std::move(candidate);
      return;
    }
  }
  level.puzzle.lock_notes.push_back(
      fmt::format("placed 0 of {}: the exit is in the entrance's room, or "
                  "no placement could be proven solvable",
                  core::count_of(count, "locks")));
}

}  // namespace dungen::analysis
