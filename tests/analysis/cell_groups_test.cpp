// group_cells keeps its regions as row runs: checked against a plain per-cell flood.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "analysis/walk_graph.hpp"
#include "core/ascii.hpp"
#include "core/rng.hpp"

namespace dungen::analysis {
namespace {

using core::CellKind;
using core::Grid;
using core::Point;

// The grouping as a number per cell, made the simple way: each 4-connected region of
// passable, non-special cells numbered in row-major order of its first cell by a flood, then
// the special cells in row-major order; edges from each special cell to its neighbours'
// nodes (and back to regions), sorted.
struct Reference {
  std::vector<std::int32_t> node;
  std::vector<std::pair<std::int32_t, std::int32_t>> edges;
  std::int32_t regions = 0;
};

Reference reference_groups(const Grid<CellKind>& cells, std::vector<std::size_t> special) {
  std::sort(special.begin(), special.end());
  special.erase(std::unique(special.begin(), special.end()), special.end());
  const int w = cells.width(), h = cells.height();
  Reference r;
  r.node.assign(cells.data().size(), -1);
  const auto at = [&](int x, int y) { return static_cast<std::size_t>(y * w + x); };
  for (std::size_t s : special) r.node[s] = -2;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      if (r.node[at(x, y)] != -1 || !core::passable(cells[Point{x, y}])) continue;
      std::vector<Point> stack{{x, y}};
      r.node[at(x, y)] = r.regions;
      while (!stack.empty()) {
        const Point p = stack.back();
        stack.pop_back();
        for (Point q :
             {Point{p.x, p.y - 1}, Point{p.x + 1, p.y}, Point{p.x, p.y + 1}, Point{p.x - 1, p.y}}) {
          if (!cells.contains(q) || r.node[at(q.x, q.y)] != -1 || !core::passable(cells[q]))
            continue;
          r.node[at(q.x, q.y)] = r.regions;
          stack.push_back(q);
        }
      }
      ++r.regions;
    }
  }
  for (std::size_t j = 0; j < special.size(); ++j)
    r.node[special[j]] = r.regions + static_cast<std::int32_t>(j);
  for (std::size_t j = 0; j < special.size(); ++j) {
    const Point p{static_cast<int>(special[j]) % w, static_cast<int>(special[j]) / w};
    for (Point q :
         {Point{p.x, p.y - 1}, Point{p.x + 1, p.y}, Point{p.x, p.y + 1}, Point{p.x - 1, p.y}}) {
      if (!cells.contains(q) || r.node[at(q.x, q.y)] < 0) continue;
      const std::int32_t self = r.node[special[j]], other = r.node[at(q.x, q.y)];
      r.edges.emplace_back(self, other);
      if (other < r.regions) r.edges.emplace_back(other, self);
    }
  }
  std::sort(r.edges.begin(), r.edges.end());
  r.edges.erase(std::unique(r.edges.begin(), r.edges.end()), r.edges.end());
  return r;
}

std::vector<std::pair<std::int32_t, std::int32_t>> edges_of(const NodeGraph& g) {
  std::vector<std::pair<std::int32_t, std::int32_t>> edges;
  for (std::size_t n = 0; n < g.size(); ++n)
    for (std::int32_t t : g.neighbours(n)) edges.emplace_back(static_cast<std::int32_t>(n), t);
  return edges;
}

TEST(CellGroups, RowRunsAgreeWithAPerCellFloodOnRandomMaps) {
  core::Rng rng(20240611);
  constexpr CellKind kKinds[] = {CellKind::Floor, CellKind::Floor, CellKind::Floor,
                                 CellKind::Wall,  CellKind::Door,  CellKind::Void};
  for (int round = 0; round < 400; ++round) {
    const int w = rng.range(1, 14), h = rng.range(1, 14);
    Grid<CellKind> cells(core::Size{w, h}, CellKind::Wall);
    for (CellKind& c : cells.data()) c = kKinds[rng.uniform(std::size(kKinds))];
    std::vector<std::size_t> special;
    const int count = rng.range(0, w * h / 3);
    for (int i = 0; i < count; ++i)
      special.push_back(rng.uniform(static_cast<std::uint64_t>(w) * static_cast<std::uint64_t>(h)));
    const Reference ref = reference_groups(cells, special);
    const CellGroups g = group_cells(cells, special);
    ASSERT_EQ(g.regions, ref.regions) << "round " << round;
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x)
        ASSERT_EQ(g.node_at({x, y}), ref.node[static_cast<std::size_t>(y * w + x)])
            << "round " << round << " at " << x << "," << y;
    }
    EXPECT_EQ(edges_of(g.graph), ref.edges) << "round " << round;
    ASSERT_EQ(g.gates.open.size(), g.graph.size());
    for (std::size_t n = 0; n < g.graph.size(); ++n) {
      const bool region = n < static_cast<std::size_t>(ref.regions);
      const std::size_t cell = region ? 0 : g.special[n - static_cast<std::size_t>(ref.regions)];
      EXPECT_EQ(g.gates.open[n], region || core::passable(cells.data()[cell]) ? 1 : 0);
    }
  }
}

TEST(CellGroups, KeepsOneRunPerRowOfARoomAndNoneForWalls) {
  // A room 6 x 3 of floor with a door on its east wall: three runs, the door a special node.
  const auto cells = core::cells_from_ascii(
      "########\n"
      "#......#\n"
      "#......+\n"
      "#......#\n"
      "########");
  const CellGroups g = group_cells(cells, {2 * 8 + 7});
  ASSERT_EQ(g.runs.size(), 3u);
  EXPECT_EQ(g.runs[1].x0, 1);
  EXPECT_EQ(g.runs[1].x1, 7);
  EXPECT_EQ(g.row_first, (std::vector<std::size_t>{0, 0, 1, 2, 3, 3}));
  EXPECT_EQ(g.node_at({3, 2}), 0);
  EXPECT_EQ(g.node_at({7, 2}), 1);
  EXPECT_EQ(g.node_at({0, 2}), -1);
  EXPECT_EQ(g.node_at({8, 2}), -1);  // off the map
  EXPECT_EQ(g.node_at({3, -1}), -1);
}

TEST(CellGroups, ASpecialCellSplitsARowRun) {
  // Special (4, 0) in the middle of a corridor: the row's runs [0, 4) and [5, 9) are two
  // regions, as no other row joins them.
  const auto cells = core::cells_from_ascii(".........");
  const CellGroups g = group_cells(cells, {4});
  ASSERT_EQ(g.runs.size(), 2u);
  EXPECT_EQ(g.regions, 2);
  EXPECT_EQ(g.node_at({3, 0}), 0);
  EXPECT_EQ(g.node_at({4, 0}), 2);
  EXPECT_EQ(g.node_at({5, 0}), 1);
}

TEST(CellGroups, JoinsRunsOfAUShapeInTheOrderOfTheirFirstCell) {
  // Two arms of a U meet only at the bottom row: one region; the lone cell (6, 0) is
  // another, numbered after the U whose first cell comes first.
  const auto cells = core::cells_from_ascii(
      ".#.###.\n"
      ".#.####\n"
      "...####");
  const CellGroups g = group_cells(cells, {});
  EXPECT_EQ(g.regions, 2);
  EXPECT_EQ(g.node_at({0, 0}), 0);
  EXPECT_EQ(g.node_at({2, 0}), 0);
  EXPECT_EQ(g.node_at({6, 0}), 1);
  EXPECT_EQ(g.node_at({1, 2}), 0);
}

}  // namespace
}  // namespace dungen::analysis
