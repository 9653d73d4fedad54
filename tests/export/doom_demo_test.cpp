#include "export/doom_demo.hpp"

#include <gtest/gtest.h>

#include "analysis/route.hpp"
#include "core/ascii.hpp"
#include "core/error.hpp"
#include "export/doom_map.hpp"
#include "export/doom_player.hpp"

namespace dungen::exporters {
namespace {

using core::Point;
using detail::DoomPlayer;
using detail::kFracUnit;

TEST(DoomPlayer, RunsLikeVanilla) {
  DoomPlayer p;
  p.tic({50, 0, 0, 0});
  // Thrust 50 * 2048 times finecosine[0] (65535), then one move and friction 0xE800.
  EXPECT_EQ(p.x, 102398);
  EXPECT_EQ(p.y, 39);  // finesine[0] is 25, not 0: running east drifts north a little
  EXPECT_EQ(p.momx, static_cast<std::int32_t>((static_cast<std::int64_t>(102398) * 0xE800) >> 16));
  for (int i = 0; i < 60; ++i) p.tic({50, 0, 0, 0});
  EXPECT_GT(p.momx, 15 * kFracUnit);  // top running speed, about 15.1 units per tic after friction
  EXPECT_LT(p.momx, 16 * kFracUnit);
  int coast = 0;
  while (!p.stopped()) {
    p.tic({});
    ++coast;
  }
  EXPECT_GT(coast, 40);  // slides about 160 units over some 50 tics
  EXPECT_LT(coast, 70);
}

TEST(DoomPlayer, TurnsAQuarterPerSixtyFour) {
  DoomPlayer p;
  p.tic({0, 0, 64, 0});
  EXPECT_EQ(p.heading, 1);  // north
  p.tic({0, 0, -64, 0});
  p.tic({0, 0, -64, 0});
  EXPECT_EQ(p.heading, 3);  // south
  p.tic({50, 0, 0, 0});
  EXPECT_LT(p.y, 0);
  EXPECT_TRUE(p.stopped() == false);
}

TEST(DoomDemo, HeaderTicsAndEnd) {
  const std::vector<std::uint8_t> demo = encode_demo({{50, -1, 64, 2}});
  EXPECT_EQ(demo, (std::vector<std::uint8_t>{109, 2, 1, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 50, 0xFF, 64,
                                             2, 0x80}));
}

// Replays `tics` from player 1's start and returns where the player ends (map units) and how
// many times use was pressed.
std::pair<DoomVertex, int> replay(const core::Level& level, const std::vector<DemoTic>& tics) {
  const DoomMap map = build_doom_map(level);
  const DoomVertex start = doom_cell_centre(map.cells, *level.analysis.entrance);
  DoomPlayer p{start.x * kFracUnit, start.y * kFracUnit, 0, 0, map.start_angle / 90};
  int uses = 0;
  for (const DemoTic& t : tics) {
    p.tic(t);
    uses += t.buttons == 2;
  }
  return {{static_cast<std::int16_t>(p.x / kFracUnit), static_cast<std::int16_t>(p.y / kFracUnit)},
          uses};
}

TEST(DoomDemo, WalksToTheExitOpeningEachDoorOnce) {
  core::Level level;
  level.map.cells = core::cells_from_ascii(
      "##########\n"
      "#...+....#\n"
      "####+#####\n"
      "   #.#\n"
      "   #.#\n"
      "   ###");
  level.analysis.entrance = Point{1, 1};
  level.analysis.exit = Point{4, 4};
  analysis::find_play_route(level, kDemoTurnCost);
  ASSERT_EQ(level.analysis.route.front(), (Point{1, 1}));
  ASSERT_EQ(level.analysis.route.back(), (Point{4, 4}));
  const std::vector<DemoTic> tics = demo_tics(level);
  EXPECT_EQ(tics.front().buttons, 0);  // a new player holds use down until it is released
  const auto [end, uses] = replay(level, tics);
  const DoomVertex exit = doom_cell_centre(level.map.cells.size(), *level.analysis.exit);
  EXPECT_NEAR(end.x, exit.x, 1);
  EXPECT_NEAR(end.y, exit.y, 1);
  EXPECT_EQ(uses, 2);  // the door at (4, 2) and the exit switch; the door at (4, 1) is not crossed
  EXPECT_EQ(tics, demo_tics(level));
}

TEST(DoomDemo, RefusesALevelWithoutAWay) {
  core::Level level;
  level.map.cells = core::cells_from_ascii("#####\n#.#.#\n#####");
  level.analysis.entrance = Point{1, 1};
  level.analysis.exit = Point{3, 1};
  analysis::find_play_route(level, kDemoTurnCost);
  EXPECT_TRUE(level.analysis.route.empty());
  try {
    (void)demo_tics(level);
    FAIL() << "a demo for a level without a way";
  } catch (const Error& e) {
    EXPECT_EQ(
        std::string(e.what()),
        "demo: the level has no way from the entrance to the exit, so there is no way to play it");
  }
}

}  // namespace
}  // namespace dungen::exporters
