#include "analysis/walk_graph.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "analysis/solver.hpp"
#include "core/ascii.hpp"

namespace dungen::analysis {
namespace {

using core::CellKind;
using core::Point;

std::vector<int> neighbours_of(const NodeGraph& g, std::size_t n) {
  const auto span = g.neighbours(n);
  return {span.begin(), span.end()};
}

TEST(WalkGraph, GroupsRegionsAroundTheSpecialCells) {
  // Two rooms joined by the door at (4, 1); the floor cell (4, 3) touches nothing.
  const auto cells = core::cells_from_ascii(
      "#########\n"
      "#...+...#\n"
      "#########\n"
      "####.####");
  const CellGroups g = group_cells(cells, {1 * 9 + 4, 3 * 9 + 4, 1 * 9 + 4});
  // Regions in row-major order of their first cell: the west room 0, the east room 1; then
  // the special cells in row-major order: the door 2 and the lone floor cell of row 3, 3.
  ASSERT_EQ(g.graph.size(), 4u);
  EXPECT_EQ(g.node_at({1, 1}), 0);
  EXPECT_EQ(g.node_at({7, 1}), 1);
  EXPECT_EQ(g.node_at({4, 1}), 2);
  EXPECT_EQ(g.node_at({4, 3}), 3);
  EXPECT_EQ(g.node_at({0, 0}), -1);
  EXPECT_EQ(neighbours_of(g.graph, 2), (std::vector<int>{0, 1}));
  EXPECT_EQ(neighbours_of(g.graph, 0), (std::vector<int>{2}));
  EXPECT_EQ(neighbours_of(g.graph, 3), (std::vector<int>{}));
  EXPECT_EQ(g.gates.open, (std::vector<std::uint8_t>{1, 1, 1, 1}));
  EXPECT_EQ(g.gates.lock, (std::vector<std::int32_t>{-1, -1, -1, -1}));
}

TEST(WalkGraph, ContractMergesOpenUnlockedNodesAndKeepsTheirKeys) {
  // A chain 0 - 1 - 2 - 3 - 4: node 2 is locked, node 4 closed.
  NodeGraph g;
  g.first = {0, 1, 3, 5, 7, 8};
  g.next = {1, 0, 2, 1, 3, 2, 4, 3};
  Gates gates;
  gates.open = {1, 1, 1, 1, 0};
  gates.lock = {-1, -1, 0, -1, -1};
  gates.keys = {{1, 0}, {3, 1}};
  gates.start = 0;
  gates.goal = 3;
  const auto [small, out] = contract(g, gates);
  ASSERT_EQ(small.size(), 4u);  // {0, 1}, {2}, {3}, {4}
  EXPECT_EQ(out.lock, (std::vector<std::int32_t>{-1, 0, -1, -1}));
  EXPECT_EQ(out.open, (std::vector<std::uint8_t>{1, 1, 1, 0}));
  EXPECT_EQ(out.keys, (std::vector<std::pair<std::int32_t, std::int32_t>>{{0, 0}, {2, 1}}));
  EXPECT_EQ(out.start, 0);
  EXPECT_EQ(out.goal, 2);
  EXPECT_EQ(neighbours_of(small, 0), (std::vector<int>{1}));
  EXPECT_EQ(neighbours_of(small, 2), (std::vector<int>{1}));  // the closed node is dropped
}

TEST(WalkGraph, AWalkNeedsTheKeyOfEachLockOnTheWay) {
  NodeGraph g;  // start 0 - lock node 1 - goal 2; the key of lock 0 lies on node 0
  g.first = {0, 1, 3, 4};
  g.next = {1, 0, 2, 1};
  Gates gates;
  gates.open = {1, 1, 1};
  gates.lock = {-1, 0, -1};
  gates.start = 0;
  gates.goal = 2;
  {
    GatedWalk walk(g, gates, {0}, 1);
    EXPECT_FALSE(walk.reaches_goal(-1));  // no key anywhere
  }
  gates.keys = {{0, 0}};
  GatedWalk walk(g, gates, {0}, 1);
  EXPECT_TRUE(walk.reaches_goal(-1));
  EXPECT_FALSE(walk.reaches_goal(0));
  EXPECT_TRUE(walk.reaches_goal(-1));  // walks do not leak into each other
}

// A random level of `size` cells: floor, wall and door cells, locks on random passable cells
// (some shared, some out of any way), keys anywhere passable (some on locks, some sharing a
// cell), entrance and exit anywhere.
core::Level random_level(core::Rng& rng, core::Size size) {
  core::Level level;
  level.map.cells = core::Grid<CellKind>(size, CellKind::Wall);
  for (auto& c : level.map.cells.data()) {
    const auto r = rng.uniform(10);
    c = r < 6 ? CellKind::Floor : r < 7 ? CellKind::Door : r < 9 ? CellKind::Wall : CellKind::Void;
  }
  const auto any_cell = [&] {
    return Point{static_cast<int>(rng.uniform(static_cast<std::uint64_t>(size.width))),
                 static_cast<int>(rng.uniform(static_cast<std::uint64_t>(size.height)))};
  };
  level.analysis.entrance = any_cell();
  level.analysis.exit = any_cell();
  const int locks = static_cast<int>(rng.uniform(6));
  for (int i = 0; i < locks; ++i) {
    const Point p = any_cell();
    const bool across = rng.chance(1, 2) && p.x + 1 < size.width;
    level.puzzle.locks.push_back(
        core::Lock{i, 0, 0, core::Door{p, across ? 2 : 1, core::Facing::North},
                   static_cast<int>(rng.uniform(static_cast<std::uint64_t>(locks)))});
  }
  for (int i = 0; i < locks; ++i) level.puzzle.keys.push_back(core::Key{i, any_cell(), 0});
  return level;
}

TEST(WalkGraph, UnneededLocksAgreesWithWallingEachLockInTheSolver) {
  core::Rng rng(2024);
  int unneeded = 0, needed = 0;
  for (int round = 0; round < 400; ++round) {
    const core::Level level = random_level(
        rng, {3 + static_cast<int>(rng.uniform(12)), 3 + static_cast<int>(rng.uniform(12))});
    std::vector<int> expected;
    for (const core::Lock& l : level.puzzle.locks) {
      if (solve(level, l.id).exit_reached) expected.push_back(l.id);
    }
    SCOPED_TRACE(round);
    EXPECT_EQ(unneeded_locks(level), expected);
    unneeded += static_cast<int>(expected.size());
    needed += static_cast<int>(level.puzzle.locks.size() - expected.size());
  }
  EXPECT_GT(unneeded, 50);  // both answers were put to the test
  EXPECT_GT(needed, 50);
}

}  // namespace
}  // namespace dungen::analysis
