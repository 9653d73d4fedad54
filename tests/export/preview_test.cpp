#include <gtest/gtest.h>

#include "analysis/reachability.hpp"
#include "core/image.hpp"
#include "export/render.hpp"

namespace dungen::exporters {
namespace {

bool same(core::Rgba a, core::Rgba b) { return a.r == b.r && a.g == b.g && a.b == b.b; }

// A 10x3 map: floor at x = 0..3 of row 1 (the entrance's side) and a lone floor cell at x = 8.
core::Level two_parts() {
  core::Level level;
  level.map.cells = core::Grid<core::CellKind>(core::Size{10, 3}, core::CellKind::Wall);
  for (int x = 0; x < 4; ++x) level.map.cells[core::Point{x, 1}] = core::CellKind::Floor;
  level.map.cells[core::Point{8, 1}] = core::CellKind::Floor;
  analysis::analyse_reachability(level);
  return level;
}

TEST(Preview, TintsTheCellsTheAnalysisFoundUnreachable) {
  core::Level level = two_parts();
  ASSERT_EQ(level.analysis.entrance, (core::Point{3, 1}));
  ASSERT_EQ(level.analysis.unreachable_runs.size(), 1u);
  EXPECT_EQ(level.analysis.unreachable_runs[0].first, (core::Point{8, 1}));
  EXPECT_EQ(level.analysis.unreachable_runs[0].length, 1);
  const int s = 8;
  const core::Image tinted = render_preview(level, {s});
  const core::Rgba reached = tinted.at(1 * s + s / 2, 1 * s + s / 2);
  EXPECT_FALSE(same(tinted.at(8 * s + s / 2, 1 * s + s / 2), reached));
  // The preview reads the runs and floods nothing itself: without them the cell is plain floor.
  level.analysis.unreachable_runs.clear();
  const core::Image plain = render_preview(level, {s});
  EXPECT_TRUE(same(plain.at(8 * s + s / 2, 1 * s + s / 2), reached));
}

TEST(Preview, RowRunsJoinNeighboursOnARowOnly) {
  core::Level level;
  level.map.cells = core::Grid<core::CellKind>(core::Size{6, 4}, core::CellKind::Wall);
  level.map.cells[core::Point{0, 0}] = core::CellKind::Floor;  // the entrance's part
  for (int x = 2; x < 6; ++x) level.map.cells[core::Point{x, 2}] = core::CellKind::Floor;
  level.map.cells[core::Point{0, 3}] = core::CellKind::Floor;
  level.map.cells[core::Point{5, 3}] = core::CellKind::Door;
  analysis::analyse_reachability(level);
  ASSERT_EQ(level.analysis.entrance, (core::Point{2, 2}));
  ASSERT_EQ(level.analysis.unreachable_runs.size(), 2u);
  EXPECT_EQ(level.analysis.unreachable_runs[0].first, (core::Point{0, 0}));
  EXPECT_EQ(level.analysis.unreachable_runs[1].first, (core::Point{0, 3}));
  EXPECT_EQ(level.analysis.unreachable_runs[1].length, 1);
  ASSERT_EQ(level.analysis.unreachable.size(), 2u);
}

}  // namespace
}  // namespace dungen::exporters
