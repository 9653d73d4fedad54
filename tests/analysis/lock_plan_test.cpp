// The lock planner and proof against the straightforward versions they replaced (a pass over
// every room per candidate, the solver over every cell per lock), which are kept here as
// references: same plans from the same draws, same verdicts.
#include "analysis/lock_plan.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "analysis/lock_proof.hpp"
#include "analysis/reachability.hpp"
#include "analysis/solver.hpp"
#include "pipeline/areas.hpp"
#include "pipeline/rooms.hpp"

namespace dungen::analysis {
namespace {

using core::Point;

// Reference: per room, its reachable floor cells, nearest the centre first (one owner grid).
std::vector<std::vector<Point>> reference_spots(const core::Level& level) {
  const auto& map = level.map;
  std::vector<std::vector<std::pair<std::int64_t, Point>>> ranked(map.placements.size());
  const std::vector<bool> reached = reachable_cells(map.cells, *level.analysis.entrance);
  const core::Grid<int> owner = core::placement_owners(map);
  for (int y = 0; y < map.cells.height(); ++y) {
    for (int x = 0; x < map.cells.width(); ++x) {
      const Point q{x, y};
      const int i = owner[q];
      if (i < 0 || map.cells[q] != core::CellKind::Floor ||
          !reached[static_cast<std::size_t>(y * map.cells.width() + x)] ||
          q == *level.analysis.entrance || q == level.analysis.exit)
        continue;
      const core::Rect b = map.bounds(map.placements[static_cast<std::size_t>(i)]);
      const std::int64_t dx = 2 * x - (2 * b.x + b.width - 1),
                         dy = 2 * y - (2 * b.y + b.height - 1);
      ranked[static_cast<std::size_t>(i)].push_back({dx * dx + dy * dy, q});
    }
  }
  std::vector<std::vector<Point>> spots(map.placements.size());
  for (std::size_t i = 0; i < ranked.size(); ++i) {
    std::stable_sort(ranked[i].begin(), ranked[i].end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [d, q] : ranked[i]) spots[i].push_back(q);
  }
  return spots;
}

// Reference key room: a pass over every room, distances by breadth-first search from the
// needed rooms over tree edges.
int reference_key_room(const RoomGraph& g, const std::vector<std::vector<Point>>& spots,
                       int lock_node, const std::vector<bool>& needed,
                       const std::vector<bool>& locked, core::Rng& rng) {
  std::vector<int> dist(needed.size(), -1), queue;
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
  std::vector<int> best;
  int best_dist = -1;
  for (int n : g.order) {
    const auto i = static_cast<std::size_t>(n);
    bool usable = !spots[i].empty();
    for (int cur = n; cur >= 0; cur = g.parent[static_cast<std::size_t>(cur)])
      usable = usable && cur != lock_node && !locked[static_cast<std::size_t>(cur)];
    if (!usable) continue;
    if (dist[i] > best_dist) best.clear();
    if (dist[i] >= best_dist) {
      best_dist = dist[i];
      best.push_back(n);
    }
  }
  return best.empty() ? -1 : best[rng.uniform(best.size())];
}

LockPlan reference_draw(const RoomGraph& g, int exit_node,
                        const std::vector<std::vector<Point>>& spots, int count, core::Rng& rng) {
  std::vector<bool> needed(g.parent.size(), false), locked(g.parent.size(), false);
  const auto mark = [&](int n) {
    for (int cur = n; cur >= 0; cur = g.parent[static_cast<std::size_t>(cur)])
      needed[static_cast<std::size_t>(cur)] = true;
  };
  mark(exit_node);
  LockPlan plan;
  for (int i = 0; i < count; ++i) {
    std::vector<int> candidates;
    for (int n : g.order)
      if (n != g.root && needed[static_cast<std::size_t>(n)] &&
          !locked[static_cast<std::size_t>(n)])
        candidates.push_back(n);
    rng.shuffle(candidates);
    bool placed = false;
    for (int node : candidates) {
      const int key = reference_key_room(g, spots, node, needed, locked, rng);
      if (key < 0) continue;
      const auto& s = spots[static_cast<std::size_t>(key)];
      const auto spot = std::find_if(s.begin(), s.end(), [&](Point q) {
        return std::find(plan.key_cell.begin(), plan.key_cell.end(), q) == plan.key_cell.end();
      });
      if (spot == s.end()) continue;
      locked[static_cast<std::size_t>(node)] = true;
      plan.lock_node.push_back(node);
      plan.key_node.push_back(key);
      plan.key_cell.push_back(*spot);
      mark(key);
      placed = true;
      break;
    }
    if (!placed) break;
  }
  return plan;
}

// Reference proof: the plan applied to the cells, the solver run once and once per lock.
bool reference_proven(const core::Level& level, const RoomGraph& g, const LockPlan& plan,
                      const std::vector<bool>& sealed) {
  core::Level c = level;
  for (std::size_t k = 0; k < sealed.size(); ++k) {
    if (!sealed[k]) continue;
    for (Point p : passage_cells(c.map, c.map.connections[k]))
      c.map.cells[p] = core::CellKind::Wall;
  }
  for (std::size_t i = 0; i < plan.lock_node.size(); ++i) {
    const int id = static_cast<int>(i);
    const core::Connection& con = c.map.connections[static_cast<std::size_t>(
        g.parent_edge[static_cast<std::size_t>(plan.lock_node[i])])];
    c.puzzle.locks.push_back(core::Lock{id, 0, plan.lock_node[i], con.door(), id});
    c.puzzle.keys.push_back(core::Key{id, plan.key_cell[i], plan.key_node[i]});
  }
  if (!solve(c).exit_reached) return false;
  for (const core::Lock& l : c.puzzle.locks)
    if (solve(c, l.id).exit_reached) return false;
  return true;
}

struct Tally {
  int plans = 0, proven = 0, refuted = 0;
};

void check_level(const core::Level& level, Tally& tally) {
  const RoomGraph g = build_room_graph(level.map, level.map.placement_at(*level.analysis.entrance));
  const int exit_node = level.map.placement_at(*level.analysis.exit);
  ASSERT_TRUE(g.in_tree(exit_node));
  const auto spots = reference_spots(level);
  KeySpots key_spots(level);
  for (std::size_t r = 0; r < spots.size(); ++r) {
    ASSERT_EQ(key_spots.count(static_cast<int>(r)), spots[r].size());
    for (std::size_t i = 0; i < spots[r].size(); ++i)
      ASSERT_EQ(key_spots.spot(static_cast<int>(r), i), spots[r][i]);
  }
  LockPlanner planner(g, exit_node, key_spots);
  LockProof proof(level, g);
  core::Rng fast(level.origin.seed), slow(level.origin.seed);
  for (int count : {1, 3, 2, 12, 40, 5, 200, 1}) {
    const LockPlan plan = planner.draw(count, fast),
                   want = reference_draw(g, exit_node, spots, count, slow);
    ASSERT_EQ(plan.lock_node, want.lock_node);
    ASSERT_EQ(plan.key_node, want.key_node);
    ASSERT_EQ(plan.key_cell, want.key_cell);
    ASSERT_EQ(fast.next(), slow.next());  // the same draws were made
    // The proof, on the plan and on the plan with its keys moved about.
    LockPlan moved = plan;
    std::rotate(moved.key_cell.begin(), moved.key_cell.begin() + (moved.key_cell.empty() ? 0 : 1),
                moved.key_cell.end());
    for (const LockPlan& p : {plan, moved}) {
      const std::vector<bool> sealed = sealed_connections(level.map, g, p);
      const bool proven = proof.proven(p, sealed);
      EXPECT_EQ(proven, reference_proven(level, g, p, sealed));
      ++tally.plans;
      (proven ? tally.proven : tally.refuted) += 1;
    }
  }
}

TEST(LockPlan, RoomsLevelsGetTheReferencePlansAndProofs) {
  Tally tally;
  for (core::Seed seed = 1; seed <= 12; ++seed) {
    pipeline::RoomsSettings s;
    s.rooms.rooms = 40 + static_cast<int>(seed) * 10;
    s.rooms.loops_permille = static_cast<int>(seed % 4) * 300;
    SCOPED_TRACE(::testing::Message() << "rooms seed " << seed);
    check_level(pipeline::rooms_level(s, seed), tally);
  }
  EXPECT_GT(tally.proven, 20);
  EXPECT_GT(tally.refuted, 20);
}

TEST(LockPlan, AreasLevelsGetTheReferencePlansAndProofs) {
  Tally tally;
  for (core::Seed seed = 1; seed <= 8; ++seed) {
    pipeline::AreasSettings s;
    s.areas.size = {60 + static_cast<int>(seed) * 10, 50};
    s.areas.spaces = 10 + static_cast<int>(seed) * 8;
    SCOPED_TRACE(::testing::Message() << "areas seed " << seed);
    check_level(pipeline::areas_level(s, seed), tally);
  }
  EXPECT_GT(tally.proven, 5);
  EXPECT_GT(tally.refuted, 5);
}

}  // namespace
}  // namespace dungen::analysis
