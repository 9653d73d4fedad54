// A dungeon's files (cli/dungeon_files.hpp): a batch dungeon's files are its batch level's, each
// with "-floorK" as floor_path names a single run's.
#include "cli/dungeon_files.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>


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

}  // namespace
}  // namespace dungen::cli
