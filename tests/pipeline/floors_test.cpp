// --floors: a dungeon's floors share one frame; each floor's way down (exit) is the next floor's
// way up (entrance), on the same cell; every floor's exit is reached from its entrance; floor 1
// is the level a single run of the seed makes. On the samples and the shared corpus (skipped,
// visibly, where it is absent).
#include <gtest/gtest.h>

#include <array>
#include <string>

#include "io/formats/tile_loader.hpp"
#include "pipeline/floors.hpp"
#include "pipeline/generate.hpp"
#include "support/floor_set.hpp"
#include "support/level_checks.hpp"
#include "support/test_support.hpp"

namespace dungen::pipeline {
namespace {
namespace fs = std::filesystem;

using test_floors::FloorSet;

void check_dungeons(const fs::path& folder, core::Seed seeds, int floors) {
  SCOPED_TRACE(folder.string());
  const FloorSet set(folder);
  for (core::Seed seed = 1; seed <= seeds; ++seed) {
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    const Dungeon d = set.dungeon(seed, floors);
    ASSERT_EQ(d.floors.size(), static_cast<std::size_t>(floors));
    ASSERT_EQ(d.stairs.size(), static_cast<std::size_t>(floors - 1));
    for (std::size_t k = 0; k < d.floors.size(); ++k) {
      const core::Level& level = d.floors[k];
      EXPECT_EQ(level.map.cells.size(), d.floors[0].map.cells.size());
      EXPECT_EQ(test::level_violations(level, set.tiles.set), std::vector<std::string>{});
      ASSERT_TRUE(level.analysis.entrance && level.analysis.exit);
      EXPECT_GT(level.analysis.exit_distance, 0);  // the way down is reached from the way in
      EXPECT_EQ(level.origin.seed, floor_seed(seed, static_cast<int>(k)));
      if (k + 1 < d.floors.size()) {
        EXPECT_EQ(*level.analysis.exit, d.stairs[k]);
        EXPECT_EQ(*d.floors[k + 1].analysis.entrance, d.stairs[k]);
        EXPECT_EQ(d.floors[k + 1].map.cells[d.stairs[k]], core::CellKind::Floor);
      }
    }
  }
}

TEST(Floors, StairsLineUpOnTheSamples) {
  check_dungeons(test::sample_path("classic"), 20, 3);
  check_dungeons(test::sample_path("caves"), 20, 3);
}

TEST(Floors, StairsLineUpOnTheCorpus) {
  const auto sets = test::corpus_sets();
  if (sets.empty()) GTEST_SKIP() << "shared corpus not found at " << DUNGEN_CORPUS_DIR;
  for (const fs::path& set : sets) check_dungeons(set, 8, 3);
}

// Floor 1 is the single run's level of the seed, moved into the dungeon's frame.
TEST(Floors, TheFirstFloorIsTheLevelOfTheSeed) {
  const FloorSet set(test::sample_path("caves"));
  const core::Level alone = set.make(9);
  const Dungeon d = set.dungeon(9, 4);
  const core::Level& first = d.floors[0];
  ASSERT_EQ(first.map.placements.size(), alone.map.placements.size());
  const core::Point shift = first.map.placements[0].origin - alone.map.placements[0].origin;
  for (int y = 0; y < alone.map.cells.height(); ++y) {
    for (int x = 0; x < alone.map.cells.width(); ++x) {
      const core::Point p{x, y};
      ASSERT_EQ(first.map.cells[p + shift], alone.map.cells[p]);
    }
  }
  EXPECT_EQ(*first.analysis.exit, *alone.analysis.exit + shift);
  EXPECT_EQ(first.content.features.size(), alone.content.features.size());
}

TEST(Floors, OneFloorIsTheLevelItself) {
  const FloorSet set(test::sample_path("classic"));
  const Dungeon d = set.dungeon(5, 1);
  ASSERT_EQ(d.floors.size(), 1u);
  EXPECT_TRUE(d.stairs.empty());
  EXPECT_EQ(d.floors[0].map.cells, set.make(5).map.cells);
}

// Every count of a level's metrics, in the struct's order.
std::array<int, 9> counts(const core::LevelMetrics& m) {
  return {m.passable_cells, m.reachable_cells, m.unreachable_placements, m.dead_ends, m.loops,
          m.exit_steps,     m.exit_rooms,      m.connections,            m.placements};
}

// The dungeon's metrics are its floors' counts summed: its reachable share and branching over
// all its cells and rooms, its exit steps the walk from floor 1's way up to the last way down.
TEST(Floors, DungeonMetricsSumTheFloors) {
  const FloorSet set(test::sample_path("classic"));
  const Dungeon d = set.dungeon(3, 3);
  std::array<int, 9> sum{};
  for (const core::Level& level : d.floors) {
    const std::array<int, 9> floor = counts(level.analysis.metrics);
    for (std::size_t i = 0; i < sum.size(); ++i) sum[i] += floor[i];
    EXPECT_GT(level.analysis.metrics.exit_steps, 0);
  }
  const core::LevelMetrics m = dungeon_metrics(d);
  EXPECT_EQ(counts(m), sum);
  EXPECT_DOUBLE_EQ(m.reachable_share(), static_cast<double>(sum[1]) / sum[0]);
  EXPECT_DOUBLE_EQ(m.branching(), 2.0 * sum[7] / sum[8]);
  // One floor: the level's own metrics; no floor: none.
  const Dungeon one = set.dungeon(3, 1);
  EXPECT_EQ(counts(dungeon_metrics(one)), counts(one.floors[0].analysis.metrics));
  EXPECT_EQ(counts(dungeon_metrics(Dungeon{})), (std::array<int, 9>{}));
}

}  // namespace
}  // namespace dungen::pipeline
