#include "core/door_detect.hpp"

#include <gtest/gtest.h>

#include "support/test_support.hpp"

namespace dungen::core {
namespace {

struct Case {
  const char* name;
  const char* art;
  std::vector<Door> doors;  // sorted as detect_doors sorts: by start (row-major), then facing
};

const Case kCases[] = {
    {"door on the north edge", "#+#\n#.#\n###", {{{1, 0}, 1, Facing::North}}},
    {"wide door on the east edge", "####\n#..+\n#..+\n#..+\n####", {{{3, 1}, 3, Facing::East}}},
    {"door on the south and west edges",
     "###\n+.#\n#+#",
     {{{0, 1}, 1, Facing::West}, {{1, 2}, 1, Facing::South}}},
    // An L-shaped room whose door sits at the bottom of the notch, not on the bounding box.
    {"door at the bottom of a notch",
     "####   \n#..#   \n#..####\n#.....+\n#######",
     {{{6, 3}, 1, Facing::East}}},
    {"door in a U-shaped notch facing north",
     "###   ###\n#.#   #.#\n#.##+##.#\n#.......#\n#########",
     {{{4, 2}, 1, Facing::North}}},
    // A single door cell on a convex corner is open north and west: tie at width 1, north wins.
    {"corner cell open on two sides", "+##\n#.#\n###", {{{0, 0}, 1, Facing::North}}},
    // An L of door cells around a corner: the north run (3) and the west run (3) tie; north
    // takes the shared corner, the west run keeps the two cells below it.
    {"L-shaped door group at a corner",
     "+++#\n+..#\n+..#\n####",
     {{{0, 0}, 3, Facing::North}, {{0, 1}, 2, Facing::West}}},
    // The longer run takes the corner cell: a 4-wide north door beats a 2-wide west run.
    {"longest run takes the corner",
     "++++\n+..#\n####",
     {{{0, 0}, 4, Facing::North}, {{0, 1}, 1, Facing::West}}},
    // A 2x2 blob in the middle of an edge: the outer row is the door, the inner row is door
    // depth (interior door cells).
    {"2x2 blob on an edge", "#++#\n#++#\n#..#\n####", {{{1, 0}, 2, Facing::North}}},
    // A 2x2 blob at the corner: north takes the top row, west the cell below.
    {"2x2 blob at a corner",
     "++##\n++.#\n#..#\n####",
     {{{0, 0}, 2, Facing::North}, {{0, 1}, 1, Facing::West}}},
    {"interior door faces no empty side", "#####\n#.+.#\n#####", {}},
    {"two doors on one edge",
     "#+#+#\n#...#\n#####",
     {{{1, 0}, 1, Facing::North}, {{3, 0}, 1, Facing::North}}},
    {"door sticking out (open north and south at its end)",
     " + \n#+#\n#.#\n###",
     {{{1, 0}, 1, Facing::North}}},
    {"no doors at all", "###\n#.#\n###", {}},
};

TEST(DoorDetect, TableOfCases) {
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(detect_doors(test::cells_from_ascii(c.art)), c.doors);
  }
}

TEST(DoorDetect, EveryDoorCellBelongsToAtMostOneDoor) {
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.name);
    const auto cells = test::cells_from_ascii(c.art);
    Grid<int> owners(cells.size(), 0);
    for (const Door& d : detect_doors(cells)) {
      for (int i = 0; i < d.width; ++i) EXPECT_EQ(++owners[d.cell(i)], 1);
    }
  }
}

TEST(DoorDetect, InteriorDoorCellsAreThoseInNoDoor) {
  const auto cells = test::cells_from_ascii("#++#\n#++#\n#.+#\n####");
  const auto doors = detect_doors(cells);
  ASSERT_EQ(doors.size(), 1u);
  EXPECT_EQ(interior_door_cells(cells, doors), (std::vector<Point>{{1, 1}, {2, 1}, {2, 2}}));
}

TEST(DoorDetect, DoorsInsideTheImageFaceTheEmptyHole) {
  // A ring-shaped room around an empty hole; the door faces into the hole (south side of
  // the top wall... here the hole is at the centre and the door is on its north rim).
  const auto doors = detect_doors(test::cells_from_ascii(
      "#######\n#.....#\n#.###.#\n#.#+#.#\n#.# #.#\n#.###.#\n#.....#\n#######"));
  ASSERT_EQ(doors.size(), 1u);
  EXPECT_EQ(doors[0], (Door{{3, 3}, 1, Facing::South}));
}

}  // namespace
}  // namespace dungen::core

namespace dungen::core {
namespace {

// ---- door kinds ----------------------------------------------------------------------------

TEST(DoorKinds, RunsOfDifferentKindsSideBySideAreSeparateDoors) {
  // '+' plain, '1' and '2' two kinds: one row of four door cells open to the north.
  const Tile t = test::kinded_tile_from_ascii("#+112#\n#....#\n######");
  EXPECT_EQ(t.doors, (std::vector<Door>{{{1, 0}, 1, Facing::North, 0},
                                        {{2, 0}, 2, Facing::North, 1},
                                        {{4, 0}, 1, Facing::North, 2}}));
}

TEST(DoorKinds, WithoutKindsTheSameRowIsOneDoor) {
  EXPECT_EQ(detect_doors(test::cells_from_ascii("#++++#\n#....#\n######")),
            (std::vector<Door>{{{1, 0}, 4, Facing::North, 0}}));
}

TEST(DoorKinds, CornerCellsGoToTheLongestRunOfTheirKind) {
  // The corner cell (0,0) is kind 1 and open north and west; its kind's north run is 2 long,
  // the west run 1 (the cell below is plain): north wins, the plain cell is a west door.
  const Tile t = test::kinded_tile_from_ascii("11###\n+...#\n#####");
  EXPECT_EQ(t.doors,
            (std::vector<Door>{{{0, 0}, 2, Facing::North, 1}, {{0, 1}, 1, Facing::West, 0}}));
}

TEST(DoorKinds, KindsSurviveOrientationAndShifting) {
  const Door d{{1, 0}, 2, Facing::North, 3};
  EXPECT_EQ(apply(Orientation::R90, d, Size{4, 3}).kind, 3);
  EXPECT_EQ(d.shifted({5, 5}).kind, 3);
}

TEST(DoorKinds, MatesRequiresEqualKinds) {
  const Door north{{0, 0}, 1, Facing::North, 1};
  EXPECT_TRUE(mates(north, Door{{0, 0}, 1, Facing::South, 1}));
  EXPECT_FALSE(mates(north, Door{{0, 0}, 1, Facing::South, 0}));
  EXPECT_FALSE(mates(north, Door{{0, 0}, 1, Facing::South, 2}));
  EXPECT_FALSE(mates(north, Door{{0, 0}, 2, Facing::South, 1}));
}

TEST(DoorKinds, OrientationsThatOnlyMoveKindsAreDistinct) {
  // A straight corridor: 2 distinct orientations by its cells, 4 once its ends differ in kind
  // (the secret end north, east, south or west).
  const Tile plain = test::kinded_tile_from_ascii("#+#\n#.#\n#+#");
  const Tile mixed = test::kinded_tile_from_ascii("#1#\n#.#\n#+#");
  EXPECT_EQ(distinct_orientations(plain).size(), 2u);
  EXPECT_EQ(distinct_orientations(mixed).size(), 4u);
  const Tile both = test::kinded_tile_from_ascii("#1#\n#.#\n#1#");
  EXPECT_EQ(distinct_orientations(both).size(), 2u);
}

}  // namespace
}  // namespace dungen::core
