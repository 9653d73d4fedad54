#include "gen/rooms/rooms.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "analysis/solver.hpp"
#include "pipeline/rooms.hpp"

namespace dungen::gen {
namespace {

RoomsOptions options(int rooms, int loops_permille = 100) {
  RoomsOptions o;
  o.rooms = rooms;
  o.loops_permille = loops_permille;
  return o;
}

TEST(Rooms, SnappedRoomsNeverOverlapAndNoClusterStaysStuck) {
  for (int rooms : {5, 40, 200}) {
    for (core::Seed seed = 0; seed < 25; ++seed) {
      SCOPED_TRACE(::testing::Message() << rooms << " rooms, seed " << seed);
      core::Rng rng(seed);
      std::vector<DroppedRoom> dropped = drop_rooms(options(rooms), rng);
      const int steps = separate(dropped, 5000);
      EXPECT_LT(steps, 5000);
      const std::vector<core::Rect> outer = snap_to_cells(dropped);
      ASSERT_EQ(outer.size(), static_cast<std::size_t>(rooms));
      for (std::size_t i = 0; i < outer.size(); ++i) {
        // Snapping moves a room by at most a few cells from where steering left it.
        EXPECT_LE(std::abs(outer[i].x - static_cast<int>(dropped[i].x / 256)), 40);
        for (std::size_t j = i + 1; j < outer.size(); ++j)
          EXPECT_FALSE(outer[i].intersects(outer[j])) << i << " " << j;
      }
    }
  }
}

TEST(Rooms, SnappingResolvesRoundingOverlapsExactly) {
  // Two rooms steering left a quarter cell apart overlap once rounded (the article's bug).
  std::vector<DroppedRoom> rooms = {{{4, 4}, 0, 0}, {{4, 4}, 6 * 256 - 64, 128}};
  const auto outer = snap_to_cells(rooms);
  EXPECT_FALSE(outer[0].intersects(outer[1]));
  EXPECT_EQ(outer[1].x, 6);  // pushed out by exactly the one-cell overlap
}

TEST(Rooms, NeighboursNeedCloseWallsAndEnoughOverlap) {
  const std::vector<core::Rect> outer = {
      {0, 0, 6, 6}, {8, 1, 6, 6}, {0, 6, 6, 6}, {20, 0, 6, 6}, {0, 12, 3, 6}};
  const auto pairs = find_neighbours(outer, 2, 1);
  // 0-1: 2 cells apart, floors overlap rows 2..4; 0-2: touching (gap 0); 0-3 too far;
  // 2-4: touching but room 4's floor is 1 cell wide: overlap 1 is not more than the door.
  ASSERT_EQ(pairs.size(), 2u);
  EXPECT_EQ(std::pair(pairs[0].a, pairs[0].b), std::pair(0, 1));
  EXPECT_EQ(pairs[0].side, core::Facing::East);
  EXPECT_EQ(pairs[0].gap, 2);
  EXPECT_EQ(std::pair(pairs[0].overlap_lo, pairs[0].overlap_hi), std::pair(2, 5));
  EXPECT_EQ(std::pair(pairs[1].a, pairs[1].b), std::pair(0, 2));
  EXPECT_EQ(pairs[1].side, core::Facing::South);
  EXPECT_EQ(pairs[1].gap, 0);
}

TEST(Rooms, LevelsAreConnectedAndDoorsLieInTheSharedRange) {
  for (core::Seed seed = 0; seed < 30; ++seed) {
    SCOPED_TRACE(seed);
    pipeline::RoomsSettings s;
    s.rooms = options(30, 300);
    const core::Level level = pipeline::rooms_level(s, seed);
    EXPECT_TRUE(level.analysis.unreachable.empty());
    const auto& rooms = level.map.rooms;
    ASSERT_EQ(rooms.size(), level.map.placements.size());
    for (const core::Connection& c : level.map.connections) {
      const core::Rect a = rooms[static_cast<std::size_t>(c.a)],
                       b = rooms[static_cast<std::size_t>(c.b)];
      for (int i = 0; i < c.door().width; ++i) {
        const core::Point d = c.door().cell(i);
        EXPECT_EQ(level.map.cells[d], core::CellKind::Door);
        const bool across_x =
            c.door().facing == core::Facing::East || c.door().facing == core::Facing::West;
        const int along = across_x ? d.y : d.x;
        EXPECT_GE(along, std::max(across_x ? a.y : a.x, across_x ? b.y : b.x));
        EXPECT_LT(along,
                  std::min(across_x ? a.bottom() : a.right(), across_x ? b.bottom() : b.right()));
      }
    }
    // The floor of every kept room is reachable from the entrance.
    for (const core::Rect& r : rooms)
      EXPECT_EQ(level.map.cells[(core::Point{r.x, r.y})], core::CellKind::Floor);
  }
}

TEST(Rooms, LoopCountFollowsTheLoopsFraction) {
  for (int permille : {0, 250, 1000}) {
    int joined = 0, asked = 0;
    for (core::Seed seed = 0; seed < 20; ++seed) {
      core::Rng rng(seed);
      const RoomsResult r = generate_rooms(options(40, permille), rng);
      EXPECT_EQ(r.tree_doors, static_cast<int>(r.map.placements.size()) - 1);
      EXPECT_EQ(static_cast<int>(r.map.connections.size()), r.tree_doors + r.loop_doors);
      const int want = (r.loop_candidates * permille + 500) / 1000;
      EXPECT_LE(r.loop_doors, want);
      joined += r.loop_doors;
      asked += want;
    }
    SCOPED_TRACE(permille);
    if (permille == 0) {
      EXPECT_EQ(joined, 0);
    }
    EXPECT_GE(joined * 10, asked * 9);  // nearly every asked loop fits a door
  }
}

TEST(Rooms, LocksWorkOnRoomsLevels) {
  for (core::Seed seed = 0; seed < 15; ++seed) {
    pipeline::RoomsSettings s;
    s.rooms = options(40, 200);
    s.analyses.locks = 3;
    const core::Level level = pipeline::rooms_level(s, seed);
    SCOPED_TRACE(seed);
    EXPECT_TRUE(analysis::solve(level).exit_reached);
    EXPECT_EQ(analysis::unneeded_locks(level), std::vector<int>{});
    EXPECT_GE(level.puzzle.locks.size(), 2u);
  }
}

TEST(Rooms, DroppedRoomsAreReportedAndSameSeedSameLevel) {
  int dropped = 0;
  for (core::Seed seed = 0; seed < 20; ++seed) {
    pipeline::RoomsSettings s;
    s.rooms = options(40);
    s.rooms.gap = 0;  // only touching rooms are neighbours: some get left out
    const core::Level a = pipeline::rooms_level(s, seed), b = pipeline::rooms_level(s, seed);
    EXPECT_EQ(a.map.cells, b.map.cells);
    EXPECT_EQ(a.map.rooms.size() + a.outcome.dropped_rooms.size(), 40u);
    if (!a.outcome.dropped_rooms.empty()) {
      ++dropped;
      EXPECT_FALSE(a.outcome.notes.empty());
    }
  }
  EXPECT_GT(dropped, 0);
}

TEST(Rooms, RoomsLeftOutAfterTheStepCapNameTheOption) {
  pipeline::RoomsSettings s;
  s.rooms = options(200);
  s.rooms.max_steps = 1;  // a heap still two deep: snapping's 500 passes cannot part it all
  const core::Level level = pipeline::rooms_level(s, 1);
  ASSERT_EQ(level.outcome.notes.size(), 3u);
  EXPECT_EQ(level.outcome.notes[0],
            "separation stopped at its cap of 1 step; rooms were then pushed apart cell by cell");
  EXPECT_EQ(level.outcome.notes[1],
            "99 rooms could not be pushed apart after steering stopped and were left out; allow "
            "more separation steps (--max-steps, now 1)");
}

}  // namespace
}  // namespace dungen::gen
