// Connected, complete levels: growth only from parts of tiles the entrance reaches, the
// unreachable-share cap, completion by search, closed maps and the reasons of sealed doors.
#include <gtest/gtest.h>

#include <algorithm>

#include "analysis/reachability.hpp"
#include "gen/stitch/stitch.hpp"
#include "io/formats/tile_loader.hpp"
#include "pipeline/generate.hpp"
#include "support/level_checks.hpp"
#include "support/test_support.hpp"

namespace dungen::gen {
namespace {

using test::tile_from_ascii;

core::Level run(const core::TileSet& set, const StitchOptions& o, core::Seed seed) {
  const Candidates candidates(set, o.orientations);
  pipeline::GenerateSettings s;
  s.stitch = o;
  return pipeline::generate_level(set, candidates, s, seed);
}

int unused_with(const core::Level& level, core::UnusedReason reason) {
  return static_cast<int>(
      std::count_if(level.map.unused_doors.begin(), level.map.unused_doors.end(),
                    [&](const core::UnusedDoor& u) { return u.reason == reason; }));
}

// A corridor whose right half is a pocket: its east door is reached only through a loop.
const char* kSplit = "#+###\n#.#.#\n#.#.+\n#+###";
const char* kCorridor = "#+#\n#.#\n#.#\n#+#";
const char* kCap = "#+#\n#.#\n###";

TEST(Connected, GrowsOnlyFromPartsTheEntranceReaches) {
  const auto set = test::tile_set({tile_from_ascii(kSplit, "a_split.png"),
                                   tile_from_ascii(kCorridor, "b_corridor.png"),
                                   tile_from_ascii(kCap, "c_cap.png")});
  for (core::Seed seed = 1; seed <= 30; ++seed) {
    SCOPED_TRACE(seed);
    StitchOptions o;
    o.start = 0;
    o.max_tiles = 12;
    o.min_tiles = 1;
    o.max_unreachable_permille = 1000;  // the cap is tested on its own
    const core::Level level = run(set, o, seed);
    EXPECT_EQ(test::level_violations(level, set), std::vector<std::string>{});
    // The start's pocket door was never grown from: sealed for its part, or joined by a loop.
    const bool pocket_sealed = std::any_of(
        level.map.unused_doors.begin(), level.map.unused_doors.end(), [](const auto& u) {
          return u.placement == 0 && u.reason == core::UnusedReason::UnreachablePart;
        });
    const bool pocket_joined =
        std::any_of(level.map.connections.begin(), level.map.connections.end(), [&](const auto& c) {
          return (c.a == 0 || c.b == 0) && c.door().facing != core::Facing::North &&
                 c.door().facing != core::Facing::South;
        });
    EXPECT_TRUE(pocket_sealed || pocket_joined);
    // Every placement but those entered by the pocket is reachable: the pocket's door has no
    // tile hanging off it.
    const auto dist = analysis::distances_from(level.map.cells, *level.analysis.entrance);
    const auto owners = core::placement_owners(level.map);
    std::vector<bool> reached(level.map.placements.size(), false);
    for (int y = 0; y < owners.height(); ++y) {
      for (int x = 0; x < owners.width(); ++x) {
        const int p = owners[core::Point{x, y}];
        if (p >= 0 && dist[core::Point{x, y}] >= 0) reached[static_cast<std::size_t>(p)] = true;
      }
    }
    EXPECT_EQ(std::count(reached.begin(), reached.end(), false), 0);
  }
}

TEST(Connected, TilesAreEnteredByTheirLargestPart) {
  // The split tile entered from its east door would leave its larger left part unreachable; a
  // corridor start offers its doors north and south, so the split tile comes in by them.
  const auto set = test::tile_set(
      {tile_from_ascii(kSplit, "a_split.png"), tile_from_ascii(kCorridor, "b_corridor.png")});
  StitchOptions o;
  o.start = 1;
  o.max_tiles = 2;
  o.min_tiles = 2;
  o.max_unreachable_permille = 1000;
  o.orientations.allow_rotate = false;
  for (core::Seed seed = 1; seed <= 20; ++seed) {
    const core::Level level = run(set, o, seed);
    ASSERT_EQ(level.map.placements.size(), 2u);
    if (level.map.placements[1].tile != 0) continue;
    EXPECT_EQ(level.map.connections[0].door().width, 1);
    EXPECT_TRUE(level.map.connections[0].door().facing == core::Facing::North ||
                level.map.connections[0].door().facing == core::Facing::South)
        << seed;
  }
}

TEST(Connected, NoPlacementLeavesMoreThanTheCapUnreachable) {
  // A hall with two big side rooms reached only by their own doors: entering it by its
  // corridor leaves most of it unreachable, so with the default cap of 5 % it is never placed
  // after the start; without a cap it is.
  const char* hall = "###+###\n#.#.#.#\n+.#.#.+\n#.#.#.#\n###+###";
  const auto set = test::tile_set({tile_from_ascii(hall, "a_hall.png"),
                                   tile_from_ascii(kCorridor, "b_corridor.png"),
                                   tile_from_ascii(kCap, "c_cap.png")});
  int halls_capped = 0, halls_free = 0;
  for (core::Seed seed = 1; seed <= 20; ++seed) {
    StitchOptions o;
    o.start = 1;
    o.max_tiles = 20;
    o.min_tiles = 1;
    const core::Level capped = run(set, o, seed);
    EXPECT_EQ(test::level_violations(capped, set), std::vector<std::string>{});
    for (const auto& p : capped.map.placements) halls_capped += p.tile == 0;
    o.max_unreachable_permille = 1000;
    for (const auto& p : run(set, o, seed).map.placements) halls_free += p.tile == 0;
  }
  EXPECT_EQ(halls_capped, 0);
  EXPECT_GT(halls_free, 0);
}

TEST(Connected, SearchCompletesWhatGreedyGrowthCannot) {
  // Only bends, in an 11x11 box: sixteen of them fit only as a careful zigzag, which random
  // turns never find; the search undoes the turns that run into the box or the chain.
  const auto set = test::tile_set({tile_from_ascii("#+#\n#.+\n###", "bend.png")});
  int greedy_complete = 0, search_complete = 0, undone = 0;
  for (core::Seed seed = 1; seed <= 20; ++seed) {
    SCOPED_TRACE(seed);
    StitchOptions o;
    o.max_tiles = 16;
    o.min_tiles = 16;
    o.max_size = core::Size{11, 11};
    o.search = false;
    greedy_complete += !run(set, o, seed).outcome.terminated_early;
    o.search = true;
    const Candidates candidates(set, o.orientations);
    core::Rng rng(seed);
    const StitchResult r = stitch(set, candidates, o, rng);
    search_complete += !r.terminated_early;
    undone += r.undone_placements;
    const core::Level level = run(set, o, seed);
    EXPECT_EQ(test::level_violations(level, set), std::vector<std::string>{});
    EXPECT_EQ(level.map.placements.size(), r.map.placements.size());  // the same level
  }
  EXPECT_EQ(greedy_complete, 0);
  EXPECT_EQ(search_complete, 20);
  EXPECT_GT(undone, 0);
}

TEST(Connected, SearchNeverEndsShorterThanGreedyGrowth) {
  // Twenty bends never fit in a 7x7 box: the search gives up, and the level it keeps is at
  // least as long as the one greedy growth makes (it replays the longest it saw).
  const auto set = test::tile_set({tile_from_ascii("#+#\n#.+\n###", "bend.png")});
  for (core::Seed seed = 1; seed <= 20; ++seed) {
    StitchOptions o;
    o.max_tiles = 20;
    o.min_tiles = 20;
    o.max_size = core::Size{7, 7};
    o.search = false;
    const auto greedy = run(set, o, seed).map.placements.size();
    o.search = true;
    const core::Level searched = run(set, o, seed);
    EXPECT_TRUE(searched.outcome.terminated_early);
    EXPECT_GE(searched.map.placements.size(), greedy) << seed;
    EXPECT_EQ(test::level_violations(searched, set), std::vector<std::string>{});
  }
}

TEST(Connected, SearchWorkIsBoundedWhateverItsUndoBudget) {
  // Forty bends of their own names in a 9x9 box, a level of 100,000 asked for: the undo budget
  // (one per --min-tiles) is never spent, as every undo tests hundreds of candidates; the
  // search stops at its bound of candidate tests instead (it ran for minutes with many tiles).
  std::vector<core::Tile> tiles;
  for (int i = 0; i < 40; ++i)
    tiles.push_back(tile_from_ascii("#+#\n#.+\n###", "bend" + std::to_string(i) + ".png"));
  const auto set = test::tile_set(std::move(tiles));
  StitchOptions o;
  o.max_tiles = 100000;
  o.min_tiles = 100000;
  o.max_size = core::Size{9, 9};
  o.start = 0;  // no other start tile: one run
  const Candidates candidates(set, o.orientations);
  core::Rng rng(1);
  const StitchResult r = stitch(set, candidates, o, rng);
  EXPECT_TRUE(r.terminated_early);
  EXPECT_GT(r.candidate_tests, kSearchCandidateTests);       // the bound was reached ...
  EXPECT_LT(r.candidate_tests, kSearchCandidateTests + 50'000);  // ... and kept
  EXPECT_LT(r.undone_placements, 100000);
}

// Regression, case 01-corner-door-leaks-to-void: a 2-wide west door whose top cell is the
// tile's corner kept that cell open to the north after joining, so the map had a door onto
// the void (12 of seeds 1-30).
TEST(Connected, CornerDoorCellsNeverLeak) {
  const auto loaded =
      io::formats::load_tile_set(test::data_path("cases/01-corner-door-leaks-to-void"), {});
  for (core::Seed seed = 1; seed <= 30; ++seed) {
    StitchOptions o;
    o.max_tiles = 2;
    o.min_tiles = 1;
    const core::Level level = run(loaded.set, o, seed);
    EXPECT_EQ(test::level_violations(level, loaded.set), std::vector<std::string>{}) << seed;
  }
  // The same on a tile drawn here: a door cell on each corner of a room, doors of both widths.
  const auto set = test::tile_set({tile_from_ascii("+####+\n+....+\n#....#\n##++##", "corners.png"),
                                   tile_from_ascii(kCap, "cap.png"),
                                   tile_from_ascii("#++#\n#..#\n####", "cap2.png")});
  for (core::Seed seed = 1; seed <= 30; ++seed) {
    StitchOptions o;
    o.max_tiles = 10;
    const core::Level level = run(set, o, seed);
    EXPECT_EQ(test::level_violations(level, set), std::vector<std::string>{}) << seed;
  }
}

TEST(Connected, WallOffOutsideGrowsTheMapWhereWalkableCellsTouchTheEdge) {
  core::Map map;
  map.cells = test::cells_from_ascii("+..#\n#..#\n####");
  map.placements.push_back(core::Placement{0, core::Orientation::R0, {0, 0}, 0});
  EXPECT_EQ(core::wall_off_outside(map), 4);  // west and north of the door, north of two floors
  EXPECT_EQ(test::ascii_from_cells(map.cells), " ### \n#+..#\n #..#\n ####");
  EXPECT_EQ(map.placements[0].origin, (core::Point{1, 1}));
  EXPECT_EQ(core::wall_off_outside(map), 0);
}

// Regression, case 02-weight0-partner-misreported-as-use-limit: a door whose only partner has
// weight=0 in tileset.txt was sealed as tile_uses_exhausted, sending users after a max= that
// does not exist.
TEST(Connected, DoorWhosePartnersNeverGrowHasNoTileWithWidth) {
  const auto loaded = io::formats::load_tile_set(
      test::data_path("cases/02-weight0-partner-misreported-as-use-limit/tiles"), {});
  for (core::Seed seed = 1; seed <= 40; ++seed) {
    StitchOptions o;
    o.start = loaded.set.find("start.png");
    o.max_tiles = 8;
    const core::Level level = run(loaded.set, o, seed);
    const auto three = std::find_if(level.map.unused_doors.begin(), level.map.unused_doors.end(),
                                    [](const core::UnusedDoor& u) { return u.span.width == 3; });
    ASSERT_NE(three, level.map.unused_doors.end());
    EXPECT_EQ(three->reason, core::UnusedReason::NoTileWithWidth) << seed;
    EXPECT_EQ(unused_with(level, core::UnusedReason::UsesExhausted), 0);
  }
}

}  // namespace
}  // namespace dungen::gen
