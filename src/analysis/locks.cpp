#include "analysis/locks.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "analysis/lock_plan.hpp"
#include "analysis/lock_proof.hpp"
#include "analysis/reachability.hpp"
#include "analysis/room_graph.hpp"
#include "core/plural.hpp"

namespace dungen::analysis {
namespace {

// Facts about the level that every attempt shares.
struct Context {
  const core::Level& level;
  RoomGraph graph;
  int exit_node = -1;
};

// The keys needed to reach each room: the locks on its tree path, ascending ({-1} when not
// reached). Parents first: a room needs its parent's keys and its own lock's.
std::vector<std::vector<int>> zones_of(const Context& ctx, const LockPlan& plan) {
  std::vector<std::vector<int>> zones(ctx.level.map.placements.size(), std::vector<int>{-1});
  std::vector<int> lock_at(ctx.level.map.placements.size(), -1);  // a room holds one lock at most
  for (std::size_t i = 0; i < plan.lock_node.size(); ++i)
    lock_at[static_cast<std::size_t>(plan.lock_node[i])] = static_cast<int>(i);
  for (int node : ctx.graph.order) {
    const int parent = ctx.graph.parent[static_cast<std::size_t>(node)];
    std::vector<int> keys =
        parent >= 0 ? zones[static_cast<std::size_t>(parent)] : std::vector<int>{};
    if (const int own = lock_at[static_cast<std::size_t>(node)]; own >= 0)
      keys.insert(std::upper_bound(keys.begin(), keys.end(), own), own);
    zones[static_cast<std::size_t>(node)] = std::move(keys);
  }
  return zones;
}

// The level with `plan` applied: locks, keys, zones, and the `sealed` loops walled up.
core::Level apply_plan(const Context& ctx, const LockPlan& plan, const std::vector<bool>& sealed) {
  core::Level out = ctx.level;
  out.puzzle.zones = zones_of(ctx, plan);
  std::vector<core::Connection> kept;
  std::vector<int> new_index(out.map.connections.size(), -1);
  for (std::size_t c = 0; c < out.map.connections.size(); ++c) {
    const core::Connection& con = out.map.connections[c];
    if (!sealed[c]) {
      new_index[c] = static_cast<int>(kept.size());
      kept.push_back(con);
      continue;
    }
    for (core::Point p : passage_cells(out.map, con)) out.map.cells[p] = core::CellKind::Wall;
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
  // Sealed doors may have split off cells counted before, and walks got longer.
  update_unreachable(out);
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

}  // namespace

void place_locks(core::Level& level, int count, core::Rng& rng) {
  level.puzzle.locks_requested = count;
  if (count <= 0 || !level.analysis.entrance || !level.analysis.exit) return;
  Context ctx{level, build_room_graph(level.map, level.map.placement_at(*level.analysis.entrance)),
              -1};
  ctx.exit_node = level.map.placement_at(*level.analysis.exit);
  if (ctx.graph.root < 0 || ctx.exit_node < 0 || !ctx.graph.in_tree(ctx.exit_node)) {
    level.puzzle.lock_notes.push_back(
        "no locks: the exit's room is not joined to the entrance's room by doors");
    return;
  }
  KeySpots spots(level);
  LockPlanner planner(ctx.graph, ctx.exit_node, spots);
  LockProof proof(level, ctx.graph);
  constexpr int kAttempts = 12;
  std::size_t most = 0;
  for (int target = count; target > 0; --target) {
    for (int attempt = 0; attempt < kAttempts; ++attempt) {
      const LockPlan plan = planner.draw(target, rng);
      most = std::max(most, plan.lock_node.size());
      if (static_cast<int>(plan.lock_node.size()) < target)
        break;  // fewer rooms than locks: try fewer
      const std::vector<bool> sealed = sealed_connections(level.map, ctx.graph, plan);
      if (!proof.proven(plan, sealed)) continue;
      core::Level candidate = apply_plan(ctx, plan, sealed);
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
