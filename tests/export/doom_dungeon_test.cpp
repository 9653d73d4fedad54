#include "export/doom_dungeon.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "analysis/route.hpp"
#include "core/ascii.hpp"
#include "core/error.hpp"
#include "export/doom_map.hpp"
#include "export/wad.hpp"

namespace dungen::exporters {
namespace {

using core::Point;

// A corridor with a door, entrance west and exit east: `exit_x` moves the exit, so floors
// differ. Its play route is filled, as for a demo.
core::Level floor_level(int exit_x) {
  core::Level level;
  level.map.cells = core::cells_from_ascii(
      "##########\n"
      "#...+....#\n"
      "##########");
  level.analysis.entrance = Point{1, 1};
  level.analysis.exit = Point{exit_x, 1};
  analysis::find_play_route(level, kDemoTurnCost);
  return level;
}

std::vector<core::Level> three_floors() { return {floor_level(8), floor_level(6), floor_level(7)}; }

std::vector<std::string> names(const std::vector<WadLump>& lumps) {
  std::vector<std::string> out;
  for (const WadLump& l : lumps) out.push_back(l.name);
  return out;
}

int presses(const std::vector<DemoTic>& tics) {
  return static_cast<int>(
      std::count_if(tics.begin(), tics.end(), [](const DemoTic& t) { return t.buttons == 2; }));
}

TEST(DoomDungeon, MapNamesAreDoomTwos) {
  EXPECT_EQ(doom_map_name(1), "MAP01");
  EXPECT_EQ(doom_map_name(9), "MAP09");
  EXPECT_EQ(doom_map_name(kDoomMostMaps), "MAP30");
}

TEST(DoomDungeon, OneMapPerFloorInOrder) {
  const std::vector<core::Level> floors = three_floors();
  const std::vector<WadLump> lumps = read_wad(doom_dungeon_wad(floors), "d.wad");
  const std::vector<std::string> map = {"THINGS", "LINEDEFS", "SIDEDEFS", "VERTEXES", "SECTORS"};
  std::vector<std::string> want;
  for (const char* marker : {"MAP01", "MAP02", "MAP03"}) {
    want.emplace_back(marker);
    want.insert(want.end(), map.begin(), map.end());
  }
  ASSERT_EQ(names(lumps), want);
  const std::vector<WadMap> maps = wad_maps(lumps);
  ASSERT_EQ(maps.size(), 3u);
  for (std::size_t k = 0; k < 3; ++k) {  // each floor's map as a single level's
    SCOPED_TRACE(k);
    EXPECT_EQ(maps[k].name, doom_map_name(static_cast<int>(k) + 1));
    const std::vector<WadLump> own = map_lumps(build_doom_map(floors[k]));
    ASSERT_EQ(maps[k].lumps.size(), own.size());
    for (std::size_t i = 0; i < own.size(); ++i) EXPECT_EQ(maps[k].lumps[i].data, own[i].data);
  }
  EXPECT_EQ(doom_dungeon_wad(floors), doom_dungeon_wad(three_floors()));
}

TEST(DoomDungeon, OneFloorIsASingleLevelsWad) {
  const core::Level level = floor_level(8);
  EXPECT_EQ(doom_dungeon_wad(std::span(&level, 1)), doom_wad(level));
}

TEST(DoomDungeon, RefusesMoreFloorsThanDoomTwosMapOrder) {
  EXPECT_NO_THROW(check_doom_floor_count(30));
  for (std::size_t n : {std::size_t{0}, std::size_t{31}, std::size_t{64}}) {
    try {
      check_doom_floor_count(n);
      FAIL() << n << " floors accepted";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::Usage);
      EXPECT_EQ(std::string(e.what()).rfind("floors: a Doom II WAD holds at most 30 maps", 0), 0u)
          << e.what();
    }
  }
  const std::vector<core::Level> many(31, floor_level(8));
  EXPECT_THROW((void)doom_dungeon_wad(many), Error);
  EXPECT_THROW((void)dungeon_demo_tics(many), Error);
}

TEST(DoomDungeon, AFloorsErrorNamesTheFloor) {
  std::vector<core::Level> floors = three_floors();
  floors[1].map.cells = core::cells_from_ascii(
      "##########\n"
      "##########\n"
      "##########");  // no floor cell
  try {
    (void)doom_dungeon_wad(floors);
    FAIL() << "a floor without floor cells";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::BadInput);
    EXPECT_EQ(std::string(e.what()).rfind("wad: floor 2 of 3: the level has no floor", 0), 0u)
        << e.what();
  }
  floors = three_floors();
  floors[2].analysis.route.clear();
  try {
    (void)dungeon_demo_tics(floors);
    FAIL() << "a floor without a way to its exit";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("demo: floor 3 of 3: the level has no way", 0), 0u)
        << e.what();
  }
}

TEST(DoomDungeon, AFrameTooLargeForDoomIsRefused) {
  std::vector<core::Level> floors = three_floors();
  for (core::Level& level : floors)
    level.map.cells = core::Grid<core::CellKind>(core::Size{512, 3});
  try {
    (void)doom_dungeon_wad(floors);
    FAIL() << "a frame wider than Doom's";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Usage);
    EXPECT_EQ(std::string(e.what()).rfind("wad: the floors are 512x3 cells", 0), 0u) << e.what();
  }
}

TEST(DoomDungeon, IntermissionPressesUseTwiceAndOnceMoreAfterTextScreens) {
  for (int map = 1; map < kDoomMostMaps; ++map) {
    SCOPED_TRACE(map);
    const std::vector<DemoTic> tics = intermission_tics(map);
    const bool text = map == 6 || map == 11 || map == 20;
    EXPECT_EQ(presses(tics), text ? 3 : 2);
    EXPECT_EQ(tics.front(), DemoTic{});  // "use" is released first: it was held on the switch
    for (const DemoTic& t : tics) EXPECT_TRUE(t.forward == 0 && t.side == 0 && t.turn == 0);
    // Two presses an edge apart; the screen ends 10 tics after the second, the text screen
    // takes its button only after 50 more.
    const auto second =
        std::find_if(tics.begin() + 3, tics.end(), [](const DemoTic& t) { return t.buttons == 2; });
    EXPECT_EQ(second - tics.begin(), 5);
    if (text) {
      EXPECT_EQ(tics.back().buttons, 2);
      EXPECT_GT(tics.end() - second, 10 + 51);
    } else {
      EXPECT_GT(tics.end() - second, 10);
    }
  }
}

TEST(DoomDungeon, TheDemoPlaysEachFloorInTurn) {
  const std::vector<core::Level> floors = three_floors();
  const std::vector<DemoTic> tics = dungeon_demo_tics(floors);
  std::vector<DemoTic> want;
  for (std::size_t k = 0; k < floors.size(); ++k) {
    std::vector<DemoTic> floor = demo_tics(floors[k]);
    if (k + 1 < floors.size()) {  // up to its exit switch, then the intermission
      while (floor.back() == DemoTic{}) floor.pop_back();
      const std::vector<DemoTic> between = intermission_tics(static_cast<int>(k) + 1);
      floor.insert(floor.end(), between.begin(), between.end());
    }
    want.insert(want.end(), floor.begin(), floor.end());
  }
  EXPECT_EQ(tics, want);
  // 2 presses per floor (its door and its exit switch), 2 per intermission.
  EXPECT_EQ(presses(tics), 3 * 2 + 2 * 2);
  EXPECT_EQ(doom_dungeon_demo(floors), encode_demo(tics));
  const core::Level& one = floors.front();
  EXPECT_EQ(dungeon_demo_tics(std::span(&one, 1)), demo_tics(one));
}

}  // namespace
}  // namespace dungen::exporters
