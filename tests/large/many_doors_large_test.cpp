// Levels of a tile with hundreds of doors: the closing phase once tested every door of such a
// tile in every orientation against every cell for every open door, about 16 s for these
// levels (BM_CloseManyDoors in docs/performance.md). The values are checked here; the test's
// time limit (tests/CMakeLists.txt) only guards against a hang.
#include <gtest/gtest.h>

#include "pipeline/generate.hpp"
#include "support/level_checks.hpp"
#include "support/test_support.hpp"
#include "synthetic.hpp"

namespace dungen {
namespace {

core::Level level_of(const core::TileSet& set) {
  pipeline::GenerateSettings settings;
  settings.stitch.min_tiles = 30;  // as dungen generate: half of --max-tiles
  const auto candidates = pipeline::index_tiles(set, settings);
  return pipeline::generate_level(set, *candidates, settings, 1);
}

// The values dungen generate --seed 1 printed for these levels before the closing phase was
// made fast.
TEST(LargeStitch, ARoomWith252DoorsBesideASmallCross) {
  const core::TileSet set = bench::many_doors_tile_set(128);
  ASSERT_EQ(set.tiles[0].doors.size(), 252u);
  const core::Level level = level_of(set);
  EXPECT_EQ(level.map.cells.width(), 922);
  EXPECT_EQ(level.map.cells.height(), 753);
  EXPECT_EQ(level.map.placements.size(), 60u);
  EXPECT_EQ(level.outcome.closing_placements, 0);  // no cap: the cross opens doors
  EXPECT_EQ(level.map.connections.size(), 866u);
  EXPECT_EQ(level.map.unused_doors.size(), 3468u);
  EXPECT_EQ(level.outcome.stop_reason, "tile_budget");
}

TEST(LargeStitch, ARoomWith252DoorsClosedByCaps) {
  core::TileSet set = bench::many_doors_tile_set(128);
  set.tiles[1] = test::tile_from_ascii("#+#\n#.#\n###", "cap.png");  // after big.png by name
  const core::Level level = level_of(set);
  EXPECT_EQ(level.map.cells.width(), 804);
  EXPECT_EQ(level.map.cells.height(), 788);
  EXPECT_EQ(level.map.placements.size(), 3053u);
  EXPECT_EQ(level.outcome.closing_placements, 2993);
  EXPECT_EQ(level.map.connections.size(), 3762u);
  EXPECT_EQ(level.map.unused_doors.size(), 47u);
}

TEST(LargeStitch, ARoomOfTheLargestDefaultSizeWith2044Doors) {
  // 1024 x 1024 cells (the default --max-tile-size), 511 doors on each side: each open door
  // has more ways to take the room than the stitcher tries (a sample of 256), and each
  // placement's journal holds its outline, so the level takes seconds, not tens of seconds,
  // and under 2 bytes per map cell (docs/performance.md "Tiles with many doors").
  const core::TileSet set = bench::many_doors_tile_set(1024);
  ASSERT_EQ(set.tiles[0].doors.size(), 2044u);
  const core::Level level = level_of(set);
  EXPECT_EQ(test::level_violations(level, set), std::vector<std::string>{});
  EXPECT_EQ(level.map.cells.width(), 6635);
  EXPECT_EQ(level.map.cells.height(), 8998);
  EXPECT_EQ(level.map.placements.size(), 60u);
  EXPECT_EQ(level.map.connections.size(), 6965u);
  EXPECT_EQ(level.map.unused_doors.size(), 31190u);
}

}  // namespace
}  // namespace dungen
