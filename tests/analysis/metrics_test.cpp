#include "analysis/metrics.hpp"

#include <gtest/gtest.h>

#include "analysis/reachability.hpp"
#include "gen/stitch/stitch.hpp"
#include "pipeline/generate.hpp"
#include "support/test_support.hpp"

namespace dungen::analysis {
namespace {

TEST(Metrics, ChainOfACorridorAndTwoCaps) {
  // corridor (start) with a cap on each door: 3 placements, 2 connections, no loop, 2 dead
  // ends, and the exit lies in a cap, one room from the entrance.
  core::TileSet set{{test::tile_from_ascii("#+#\n#.#\n###", "a_cap.png"),
                     test::tile_from_ascii("#+#\n#.#\n#.#\n#.#\n#+#", "b_corridor.png")}};
  gen::StitchOptions o;
  o.start = 1;
  o.max_tiles = 1;  // the closing phase caps both doors
  const gen::Candidates candidates(set, o.orientations);
  pipeline::GenerateSettings s;
  s.stitch = o;
  const core::Level level = pipeline::generate_level(set, candidates, s, 1);
  const core::LevelMetrics& m = level.analysis.metrics;
  ASSERT_EQ(m.placements, 3);
  EXPECT_EQ(m.connections, 2);
  EXPECT_EQ(m.loops, 0);
  EXPECT_EQ(m.dead_ends, 2);
  EXPECT_EQ(m.unreachable_placements, 0);
  EXPECT_EQ(m.passable_cells, 3 + 2 + 1 + 1);  // corridor floor, its 2 doors, a floor per cap
  EXPECT_EQ(m.reachable_cells, m.passable_cells);
  EXPECT_DOUBLE_EQ(m.reachable_share(), 1.0);
  EXPECT_EQ(m.exit_rooms, 1);
  EXPECT_EQ(m.exit_steps, level.analysis.exit_distance);
  EXPECT_EQ(m.exit_steps, 3);  // from the corridor's middle to a cap's floor
  EXPECT_NEAR(m.branching(), 4.0 / 3.0, 1e-12);
}

TEST(Metrics, LoopsUnreachablePlacementsAndShares) {
  // Four rooms in a ring (one loop) and a fifth room nothing joins (unreachable).
  core::Level level;
  level.map.cells = test::cells_from_ascii(
      "#########  ###\n"
      "#...+...#  #.#\n"
      "#...#...#  ###\n"
      "##+###+##\n"
      "#...#...#\n"
      "#...+...#\n"
      "#########");
  const auto room = test::cells_from_ascii("#####\n#...#\n#...#\n#####");
  level.map.shapes = {room, test::cells_from_ascii("###\n#.#\n###")};
  for (const core::Point o :
       {core::Point{0, 0}, core::Point{4, 0}, core::Point{0, 3}, core::Point{4, 3}}) {
    level.map.placements.push_back(core::Placement{0, core::Orientation::R0, o, 0});
  }
  level.map.placements.push_back(core::Placement{0, core::Orientation::R0, {11, 0}, 1});
  const auto join = [&](int a, int b, core::Point at, core::Facing f) {
    level.map.connections.push_back(core::Connection::join(a, b, 0, 0, core::Door{at, 1, f}, at));
  };
  join(0, 1, {4, 1}, core::Facing::East);
  join(0, 2, {2, 3}, core::Facing::South);
  join(1, 3, {6, 3}, core::Facing::South);
  join(2, 3, {4, 5}, core::Facing::East);
  analyse_reachability(level);
  const core::LevelMetrics m = measure_level(level);
  EXPECT_EQ(m.loops, 1);  // 4 connections - 5 placements + 2 components
  EXPECT_EQ(m.dead_ends, 0);
  EXPECT_EQ(m.unreachable_placements, 1);
  EXPECT_EQ(m.passable_cells, 4 * 6 + 4 + 1);
  EXPECT_EQ(m.reachable_cells, 4 * 6 + 4);
  EXPECT_NEAR(m.reachable_share(), 28.0 / 29.0, 1e-12);
  EXPECT_DOUBLE_EQ(m.branching(), 8.0 / 5.0);
  EXPECT_EQ(m.exit_rooms, 2);  // the exit is in the room across the ring
}

}  // namespace
}  // namespace dungen::analysis
