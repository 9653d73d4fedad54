// Tiles with many doors and large areas: the stitcher's work per open door and its undo journal
// stay bounded by the tile's ways and outline, not its door count and area.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "core/rng.hpp"
#include "gen/stitch/stitch.hpp"
#include "support/test_support.hpp"

namespace dungen::gen {
namespace {

// A hall `width` cells long and one cell wide whose long walls alternate wall and door: about
// width / 2 doors on each side, each of width 1.
core::Tile many_door_hall(int width) {
  std::string art;
  for (int row = 0; row < 3; ++row) {
    for (int x = 0; x < width; ++x) {
      const bool end = x == 0 || x == width - 1;
      art += row == 1 ? (end ? '#' : '.') : (end || x % 2 == 0 ? '#' : '+');
    }
    art += '\n';
  }
  return test::tile_from_ascii(art, "hall.png");
}

// A `side` x `side` room with one door in the middle of each wall.
core::Tile square_room(int side) {
  std::string art;
  for (int y = 0; y < side; ++y) {
    for (int x = 0; x < side; ++x) {
      const bool edge = x == 0 || y == 0 || x == side - 1 || y == side - 1;
      const bool door = (x == side / 2 && (y == 0 || y == side - 1)) ||
                        (y == side / 2 && (x == 0 || x == side - 1));
      art += door ? '+' : edge ? '#' : '.';
    }
    art += '\n';
  }
  return test::tile_from_ascii(art, "room.png");
}

// A level of `tile` alone, `max_tiles` placements at most, complete at `min_tiles`.
StitchResult stitch_tile(core::Tile tile, int max_tiles, int min_tiles, core::Seed seed) {
  const core::TileSet set = test::tile_set({std::move(tile)});
  const Candidates candidates(set, OrientationRules{});
  StitchOptions o;
  o.max_tiles = max_tiles;
  o.min_tiles = min_tiles;
  core::Rng rng(seed);
  return stitch(set, candidates, o, rng);
}

TEST(BigTiles, ATileWithThousandsOfWaysIsTriedAtABoundedSampleOfThem) {
  // 1,500 doors of width 1 on each long side: every open door has about 3,000 ways to take the
  // hall. Each is tried at no more than 256 of them, in growth and in the closing phase alike.
  const StitchResult r = stitch_tile(many_door_hall(3001), 12, 1, 5);
  const auto doors =
      static_cast<std::int64_t>(r.map.connections.size() + r.map.unused_doors.size());
  EXPECT_GT(doors, 12 * 2000);  // every door of every placement is joined or reported
  EXPECT_GE(r.map.placements.size(), 2U);
  // Each open door is filled at most twice (growth and closing), one tile each time.
  EXPECT_LE(r.candidate_tests, 2 * 256 * doors);
  EXPECT_GT(r.candidate_tests, 0);
}

TEST(BigTiles, TheUndoJournalGrowsWithOutlinesNotAreas) {
  // Journaling lasts until the level is complete (--min-tiles placements). Each placement of
  // a 60 x 60 room journals its shared walls and doors, not its 3,364 floor cells.
  const StitchResult r = stitch_tile(square_room(60), 10, 10, 3);
  ASSERT_EQ(r.map.placements.size(), 10U);
  EXPECT_GT(r.journal_peak, 0U);
  EXPECT_LT(r.journal_peak, 10U * 4 * 60);  // at most the outlines, far below 10 x 3,364
}

}  // namespace
}  // namespace dungen::gen
