#include "export/uvtt.hpp"

#include <gtest/gtest.h>

#include <string>

#include "core/ascii.hpp"
#include "core/error.hpp"
#include "export/render.hpp"

namespace dungen::exporters {
namespace {

TEST(Uvtt, WallsRunAlongEveryEdgeBetweenPassableAndSolidCellsMerged) {
  // Two floor cells and a door in a row inside walls: one wall above and one below the three
  // cells (a run), one at each end.
  const auto cells = core::cells_from_ascii(
      "#####\n"
      "#..+#\n"
      "#####");
  const std::vector<SightWall> want{{1, 1, 4, 1}, {1, 2, 4, 2}, {1, 1, 1, 2}, {4, 1, 4, 2}};
  EXPECT_EQ(sight_walls(cells), want);
}

TEST(Uvtt, TheMapsBorderIsAWallToo) {
  const auto cells = core::cells_from_ascii(
      "..\n"
      "#.");
  // Row boundaries: y 0 over both floor cells; y 1 under (0,0) (wall below); y 2 under (1,1).
  // Column boundaries: x 0 beside (0,0); x 2 beside both right cells; x 1 between (0,1) and (1,1).
  const std::vector<SightWall> want{{0, 0, 2, 0}, {0, 1, 1, 1}, {1, 2, 2, 2},
                                    {0, 0, 0, 1}, {1, 1, 1, 2}, {2, 0, 2, 2}};
  EXPECT_EQ(sight_walls(cells), want);
}

TEST(Uvtt, APortalCrossesEachDoorAndIsClosedWhereLocked) {
  core::Level level;
  level.map.cells = core::cells_from_ascii(
      "#####\n"
      "#..+.\n"
      "###+#\n"
      "###.#");
  const core::Door east{{3, 1}, 1, core::Facing::East};
  const core::Door south{{3, 2}, 1, core::Facing::South};
  level.map.connections.push_back(core::Connection::join(0, 1, 0, 0, east, east.start));
  level.map.connections.push_back(core::Connection::join(0, 2, 1, 0, south, south.start));
  level.puzzle.locks.push_back(core::Lock{0, 0, 2, south, 0});
  const std::vector<Portal> got = portals(level);
  ASSERT_EQ(got.size(), 2U);
  EXPECT_EQ(got[0].x0, 3.5);  // down the middle of the east-facing door's cell
  EXPECT_EQ(got[0].y0, 1.0);
  EXPECT_EQ(got[0].x1, 3.5);
  EXPECT_EQ(got[0].y1, 2.0);
  EXPECT_FALSE(got[0].closed);
  EXPECT_EQ(got[1].x0, 3.0);  // across the south-facing one
  EXPECT_EQ(got[1].y0, 2.5);
  EXPECT_EQ(got[1].x1, 4.0);
  EXPECT_TRUE(got[1].closed);
}

TEST(Uvtt, AConnectionThroughACorridorHasAPortalAtEachDoor) {
  core::Level level;
  level.map.cells = core::cells_from_ascii(
      "#####\n"
      ".+.+.\n"
      "#####");
  const core::Door east{{1, 1}, 1, core::Facing::East};
  level.map.connections.push_back(core::Connection::join(0, 1, 0, 0, east, {3, 1}));
  const std::vector<Portal> got = portals(level);
  ASSERT_EQ(got.size(), 2U);
  EXPECT_EQ(got[0].x0, 1.5);
  EXPECT_EQ(got[1].x0, 3.5);
}

TEST(Uvtt, WritesTheKeysTabletopsReadAndRefusesAHugePicture) {
  core::Level level;
  level.map.cells = core::cells_from_ascii("#.#");
  std::string text;
  write_uvtt(level, 2, [&](std::string_view s) { text += s; });
  EXPECT_NE(text.find("\"format\": 0.3"), std::string::npos);
  EXPECT_NE(text.find("\"map_size\": {\"x\": 3, \"y\": 1}, \"pixels_per_grid\": 2"),
            std::string::npos);
  EXPECT_NE(text.find("\"image\": \"iVBORw0KGgo"), std::string::npos);  // a PNG, in base64
  EXPECT_EQ(text.find('\n', text.find("\"image\"")), text.size() - 3);   // no line breaks in it
  std::string none;
  EXPECT_THROW(write_uvtt(level, 65, [&](std::string_view s) { none += s; }), Error);
  EXPECT_TRUE(none.empty());
}

TEST(Uvtt, TheLargestScaleThatFitsThePictureLimit) {
  EXPECT_EQ(largest_scale(1, kMostPicturePixels), 64);
  EXPECT_EQ(largest_scale(511 * 444, kMostPicturePixels), 17);  // 17 x 17 x 226,884 < 2^26
  EXPECT_EQ(largest_scale(kMostPicturePixels, kMostPicturePixels), 1);
  EXPECT_EQ(largest_scale(kMostPicturePixels + 1, kMostPicturePixels), 0);
}

}  // namespace
}  // namespace dungen::exporters
