// Rooms levels whose steering stops at --max-steps with a large heap left: snapping then
// pushes rooms apart for up to 500 passes, which once took about 37 s for 1,000 rooms of
// 200 cells (BM_RoomsBigRooms in docs/performance.md). The values are checked here; the
// test's time limit (tests/CMakeLists.txt) only guards against a hang.
#include <gtest/gtest.h>

#include "core/rng.hpp"
#include "gen/rooms/rooms.hpp"

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

// What dungen rooms --seed 1 printed for a level before snapping was made fast.
struct Expected {
  int given_up = 0;
  std::size_t kept = 0, dropped = 0;
  int tree_doors = 0, loop_doors = 0;
  core::Size map;
};

void expect_level(const gen::RoomsResult& r, const Expected& e) {
  EXPECT_TRUE(r.hit_step_cap);
  EXPECT_EQ(r.given_up, e.given_up);
  EXPECT_EQ(r.rooms.size(), e.kept);
  EXPECT_EQ(r.dropped.size(), e.dropped);
  EXPECT_EQ(r.tree_doors, e.tree_doors);
  EXPECT_EQ(r.loop_doors, e.loop_doors);
  EXPECT_EQ(r.map.cells.size(), e.map);
  expect_apart(r.rooms);
}

TEST(LargeRooms, AThousandRoomsOf200CellsAfterTheStepCap) {
  const gen::RoomsResult r = big_rooms(1000, 200, 5000);
  EXPECT_EQ(r.separation_steps, 5000);
  expect_level(r, {253, 745, 2, 744, 62, {6953, 6265}});
}

TEST(LargeRooms, TwoThousandRoomsOf100CellsAfterOneStep) {
  expect_level(big_rooms(2000, 100, 1), {803, 304, 893, 303, 18, {5355, 2341}});
}

}  // namespace
}  // namespace dungen
