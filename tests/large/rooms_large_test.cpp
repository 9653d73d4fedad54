// Rooms levels whose steering stops at --max-steps with a large heap left: snapping then
// pushes rooms apart for up to 500 passes, which once took about 37 s for 1,000 rooms of
// 200 cells (BM_RoomsBigRooms in docs/performance.md). The values are checked here; the
// test's time limit (tests/CMakeLists.txt) only guards against a hang.
#include <gtest/gtest.h>

#include "core/rng.hpp"
#include "gen/rooms.hpp"

namespace dungen {
namespace {

gen::RoomsResult big_rooms(int rooms, int size, int max_steps) {
  gen::RoomsOptions o;
  o.rooms = rooms;
  o.min_size = o.max_size = size;
  o.max_steps = max_steps;
  core::Rng rng(1);
  return gen::generate_rooms(o, rng);
}

// No two kept rooms (floor and wall ring) share a cell.
void expect_apart(const std::vector<core::Rect>& floors) {
  int overlapping = 0;
  for (std::size_t i = 0; i < floors.size(); ++i) {
    const core::Rect a{floors[i].x - 1, floors[i].y - 1, floors[i].width + 2, floors[i].height + 2};
    for (std::size_t j = 0; j < i; ++j) {
      const core::Rect b{floors[j].x - 1, floors[j].y - 1, floors[j].width + 2,
                         floors[j].height + 2};
      overlapping += a.intersects(b);
    }
  }
  EXPECT_EQ(overlapping, 0);
}

// The values dungen rooms --seed 1 printed for these levels before snapping was made fast.
TEST(LargeRooms, AThousandRoomsOf200CellsAfterTheStepCap) {
  const gen::RoomsResult r = big_rooms(1000, 200, 5000);
  EXPECT_EQ(r.separation_steps, 5000);
  EXPECT_TRUE(r.hit_step_cap);
  EXPECT_EQ(r.given_up, 253);
  EXPECT_EQ(r.rooms.size(), 745u);
  EXPECT_EQ(r.dropped.size(), 2u);
  EXPECT_EQ(r.tree_doors, 744);
  EXPECT_EQ(r.loop_doors, 62);
  EXPECT_EQ(r.map.cells.width(), 6953);
  EXPECT_EQ(r.map.cells.height(), 6265);
  expect_apart(r.rooms);
}

TEST(LargeRooms, TwoThousandRoomsOf100CellsAfterOneStep) {
  const gen::RoomsResult r = big_rooms(2000, 100, 1);
  EXPECT_TRUE(r.hit_step_cap);
  EXPECT_EQ(r.given_up, 803);
  EXPECT_EQ(r.rooms.size(), 304u);
  EXPECT_EQ(r.dropped.size(), 893u);
  EXPECT_EQ(r.tree_doors, 303);
  EXPECT_EQ(r.loop_doors, 18);
  EXPECT_EQ(r.map.cells.width(), 5355);
  EXPECT_EQ(r.map.cells.height(), 2341);
  expect_apart(r.rooms);
}

}  // namespace
}  // namespace dungen
