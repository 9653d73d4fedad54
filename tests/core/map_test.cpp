// Tests of core/map: a connection's packed door (Connection::join) and its limits.

#include "core/map.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"

namespace dungen::core {
namespace {

std::string join_error(int door_a, const Door& door, Point door_b_start) {
  try {
    (void)Connection::join(3, 7, door_a, 0, door, door_b_start);
  } catch (const Error& e) {
    return e.what();
  }
  ADD_FAILURE() << "joined without an Error";
  return "";
}

TEST(Connection, KeepsEveryFieldAtItsLargest) {
  const Door door{{-5, 1 << 30}, kMaxConnectedDoorWidth, Facing::West};
  const Point b_start{-5 - kMaxCorridorCells, 1 << 30};
  const Connection c =
      Connection::join(2'000'000'000, 1, kMaxConnectedDoorIndex, 17, door, b_start);
  EXPECT_EQ(sizeof(Connection), 24u);
  EXPECT_EQ(c.a, 2'000'000'000);
  EXPECT_EQ(c.b, 1);
  EXPECT_EQ(c.door_a(), kMaxConnectedDoorIndex);
  EXPECT_EQ(c.door_b(), 17);
  EXPECT_EQ(c.door(), door);
  EXPECT_EQ(c.corridor(), kMaxCorridorCells);
  EXPECT_EQ(c.door_b_span(), (Door{b_start, kMaxConnectedDoorWidth, Facing::East}));
}

TEST(Connection, StitchedDoorsShareTheirCellsAndMoveTogether) {
  for (const Facing f : kFacings) {
    Connection c = Connection::join(0, 1, 2, 3, Door{{4, 5}, 2, f}, Point{4, 5});
    EXPECT_EQ(c.corridor(), 0);
    EXPECT_EQ(c.door_b_span(), (Door{{4, 5}, 2, opposite(f)}));
    c.shift(Point{-4, 10});
    EXPECT_EQ(c.door(), (Door{{0, 15}, 2, f}));
    EXPECT_EQ(c.door_b_span().start, (Point{0, 15}));
  }
}

TEST(Connection, ValuesBeyondItsLimitsAreErrorsNamingThem) {
  const Door north{{4, 4}, 1, Facing::North};
  EXPECT_EQ(join_error(kMaxConnectedDoorIndex + 1, north, north.start),
            "the connection of placements 3 and 7 uses door 65536; a tile or room may have doors 0 "
            "to 65535");
  EXPECT_EQ(join_error(0, Door{{4, 4}, kMaxConnectedDoorWidth + 1, Facing::North}, north.start),
            "the connection of placements 3 and 7 has a door 16384 cells wide; doors may be 1 to "
            "16383 cells wide");
  const std::string corridor = "corridors run straight ahead, at most 65535 cells";
  EXPECT_PRED_FORMAT2(testing::IsSubstring, corridor,
                      join_error(0, north, Point{4, 5}));  // behind the door
  EXPECT_PRED_FORMAT2(testing::IsSubstring, corridor,
                      join_error(0, north, Point{5, 0}));  // not straight
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "from (4, 4) to (4, -65532)",
                      join_error(0, north, Point{4, 4 - kMaxCorridorCells - 1}));
}

}  // namespace
}  // namespace dungen::core
