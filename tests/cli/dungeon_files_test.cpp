// A dungeon's files (cli/dungeon_files.hpp) and a batch dungeon's manifest row
// (cli/batch_floors.hpp): a batch dungeon's files are its batch level's, each with "-floorK" as
// floor_path names a single run's; the row sums its floors.
#include "cli/dungeon_files.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli/batch_floors.hpp"

namespace dungen::cli {
namespace {

// The options of a batch of `floors`-floor dungeons with --with-NAME for each of `with`.
LevelOptions batch_options(int floors, const std::vector<std::string_view>& with) {
  LevelOptions o;
  o.floors = floors;
  o.count = 3;
  o.out_dir = "out";
  for (const std::string_view name : with) o.outputs[exporters::writer_index(name)].with = true;
  return o;
}

TEST(DungeonFiles, BatchDungeonHasItsLevelsFilesPerFloorAndItsOwn) {
  const LevelOptions o = batch_options(2, {"ascii", "tmj"});
  const DungeonPlan plan = batch_dungeon_plan(o, "out/level-0001");
  EXPECT_EQ(
      dungeon_paths(plan),
      (std::vector<std::string>{
          "out/level-0001-floor1.png", "out/level-0001-floor1.txt", "out/level-0001-floor1.json",
          "out/level-0001-floor1.tmj", "out/level-0001-floor1.ascii.txt",
          "out/level-0001-floor2.png", "out/level-0001-floor2.txt", "out/level-0001-floor2.json",
          "out/level-0001-floor2.tmj", "out/level-0001-floor2.ascii.txt", "out/level-0001.json",
          "out/level-0001.ascii.txt", "out/level-0001.world"}));
  EXPECT_EQ(plan.world_maps,
            (std::vector<std::string>{"level-0001-floor1.tmj", "level-0001-floor2.tmj"}));
  // Each floor's file is the batch level's, named as floor_path names a single run's.
  const exporters::OutputPlan level = o.batch_plan("out/level-0001");
  for (std::size_t k = 0; k < plan.floors.size(); ++k) {
    ASSERT_EQ(plan.floors[k].files.size(), level.files.size());
    for (std::size_t i = 0; i < level.files.size(); ++i) {
      EXPECT_EQ(plan.floors[k].files[i].path,
                floor_path(level.files[i].path, static_cast<int>(k) + 1));
    }
  }
  // The suffixes after a dungeon's name, as the batch folder's checks take them.
  EXPECT_EQ(dungeon_paths(batch_dungeon_plan(batch_options(2, {}), "")),
            (std::vector<std::string>{"-floor1.png", "-floor1.txt", "-floor1.json", "-floor2.png",
                                      "-floor2.txt", "-floor2.json", ".json"}));
}

TEST(DungeonFiles, TiledWorldNamesTheTmxMapsWhenBothAreWritten) {
  const DungeonPlan plan = batch_dungeon_plan(batch_options(2, {"tmx", "tmj"}), "out/level-0000");
  EXPECT_EQ(plan.world, "out/level-0000.world");
  EXPECT_EQ(plan.world_maps,
            (std::vector<std::string>{"level-0000-floor1.tmx", "level-0000-floor2.tmx"}));
  EXPECT_TRUE(plan.ascii.path.empty());
}

TEST(DungeonFiles, SingleRunDungeonIsNamedPerFloor) {
  LevelOptions o;
  o.floors = 3;
  o.outputs[exporters::writer_index("json")].path = "d.json";
  o.outputs[exporters::writer_index("ascii")].path = "d.ascii.txt";
  o.outputs[exporters::writer_index("tmx")].path = "maps/d.tmx";
  const DungeonPlan plan = single_dungeon_plan(o);
  ASSERT_EQ(plan.floors.size(), 3u);
  EXPECT_EQ(plan.floors[1].files.front().path, "dungeon-floor2.png");
  EXPECT_EQ(plan.json, "d.json");
  EXPECT_EQ(plan.ascii.path, "d.ascii.txt");
  EXPECT_EQ(plan.world, "maps/d.world");
  EXPECT_EQ(plan.world_maps,
            (std::vector<std::string>{"d-floor1.tmx", "d-floor2.tmx", "d-floor3.tmx"}));
}

// A floor of `tiles` placements, `unused` unused doors, `regions` unreachable regions.
core::Level floor_of(int tiles, int unused, int regions) {
  core::Level level;
  level.map.cells = core::Grid<core::CellKind>(core::Size{40, 30});
  level.map.placements.resize(static_cast<std::size_t>(tiles));
  level.map.unused_doors.resize(static_cast<std::size_t>(unused));
  level.analysis.unreachable.resize(static_cast<std::size_t>(regions));
  level.analysis.metrics.exit_steps = 10 * tiles;
  return level;
}

TEST(BatchFloors, RowSumsTheFloorsAndListsTheStairs) {
  pipeline::Dungeon d;
  d.seed = 42;
  d.floors = {floor_of(5, 1, 0), floor_of(7, 2, 1), floor_of(3, 0, 0)};
  d.floors[1].outcome.terminated_early = true;
  d.floors[1].outcome.requirement_missed = "loops>=3 (the level has 1)";
  d.floors[2].outcome.requirement_missed = "loops>=3 (the level has 0)";
  d.floors[1].origin.seed = 99;  // grown again from another seed: the row gives the dungeon's
  d.stairs = {{3, 4}, {10, 12}};
  BatchRow row;
  fill_dungeon_row(d, row);
  EXPECT_EQ(row.seed, 42u);
  EXPECT_EQ(row.tiles, 15);
  EXPECT_EQ(row.unused, 3);
  EXPECT_EQ(row.unreachable, 1);
  EXPECT_TRUE(row.early);
  EXPECT_EQ(row.missed, "loops>=3 (the level has 1) on floor 2");
  EXPECT_EQ(row.metrics.exit_steps, 150);
  EXPECT_EQ(row.size, (core::Size{40, 30}));
  EXPECT_EQ(row.floors, 3);
  EXPECT_EQ(row.stairs, "3,4;10,12");
  // The gallery's copy keeps all but the stairs.
  BatchRow kept;
  keep_for_gallery(kept, row);
  EXPECT_EQ(kept.tiles, 15);
  EXPECT_EQ(kept.floors, 3);
  EXPECT_TRUE(kept.stairs.empty());
}

TEST(BatchFloors, GalleryLinksTheDungeonsOwnFiles) {
  EXPECT_TRUE(dungeon_gallery_files(batch_options(1, {"ascii"})).empty());
  const std::vector<exporters::DungeonFile> files =
      dungeon_gallery_files(batch_options(2, {"ascii", "tmx"}));
  ASSERT_EQ(files.size(), 3u);
  EXPECT_EQ(files[0].label + files[0].suffix, "dungeon.json");
  EXPECT_EQ(files[1].label + files[1].suffix, "ascii.ascii.txt");
  EXPECT_EQ(files[2].label + files[2].suffix, "world.world");
}

TEST(BatchFloors, MessagesCountDungeons) {
  EXPECT_EQ(count_of_levels(batch_options(1, {}), 3), "3 levels");
  EXPECT_EQ(count_of_levels(batch_options(2, {}), 1), "1 dungeon of 2 floors");
  EXPECT_EQ(count_of_levels(batch_options(4, {}), 3), "3 dungeons of 4 floors");
}

}  // namespace
}  // namespace dungen::cli
