#include "gen/stitch/stitch.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "pipeline/generate.hpp"
#include "support/level_checks.hpp"
#include "support/test_support.hpp"

namespace dungen::gen {
namespace {

using test::tile_from_ascii;

core::Level run(const core::TileSet& set, StitchOptions o, core::Seed seed) {
  const Candidates candidates(set, o.orientations);
  pipeline::GenerateSettings s;
  s.stitch = o;
  return pipeline::generate_level(set, candidates, s, seed);
}

const char* kCorridor = "#+#\n#.#\n#.#\n#+#";
const char* kCap = "#+#\n#.#\n###";
const char* kCross = "##+##\n#...#\n+...+\n#...#\n##+##";

TEST(Stitch, JoinsDoorsOnTheSameCellsWithOppositeFacing) {
  // A corridor and a cap: the cap must land on the corridor's open door, sharing its cell.
  const auto set = test::tile_set(
      {tile_from_ascii(kCorridor, "a_corridor.png"), tile_from_ascii(kCap, "b_cap.png")});
  StitchOptions o;
  o.start = 0;
  o.max_tiles = 3;
  o.min_tiles = 3;
  const core::Level level = run(set, o, 1);
  EXPECT_EQ(test::level_violations(level, set), std::vector<std::string>{});
  EXPECT_TRUE(level.map.unused_doors.empty());
  ASSERT_EQ(level.map.connections.size(), level.map.placements.size() - 1);
  // The tiles form one straight chain (every tile is 3 across) that overlaps by exactly the
  // door line at each connection, and the shared cells are doors.
  int length = 0;
  for (const auto& p : level.map.placements)
    length += std::max(level.map.bounds(p).width, level.map.bounds(p).height);
  const core::Size size = level.map.cells.size();
  EXPECT_EQ(std::min(size.width, size.height), 3);
  EXPECT_EQ(std::max(size.width, size.height),
            length - static_cast<int>(level.map.connections.size()));
  for (const auto& c : level.map.connections)
    EXPECT_EQ(level.map.cells[c.door().start], core::CellKind::Door);
}

TEST(Stitch, DoorWithNoTileOfItsWidthIsReportedAndSealed) {
  const auto set = test::tile_set({tile_from_ascii("#+#\n#.#\n#.#\n#++#\n####", "odd.png")});
  // The start's 2-wide south door... is only matchable by itself; its 1-wide north door too.
  StitchOptions o;
  o.max_tiles = 1;
  const core::Level level = run(set, o, 3);
  EXPECT_EQ(test::level_violations(level, set), std::vector<std::string>{});
  for (const auto& u : level.map.unused_doors) {
    for (int i = 0; i < u.span.width; ++i)
      EXPECT_EQ(level.map.cells[u.span.cell(i)], core::CellKind::Wall);
  }
}

TEST(Stitch, NoTileWithWidthReason) {
  const auto set = test::tile_set({tile_from_ascii("#+#\n#.#\n#.+\n###", "a.png"),
                                   tile_from_ascii("##++##\n#....#\n######", "b.png")});
  StitchOptions o;
  o.start = 1;  // its 2-wide door has no mate but itself... b has one door: it mates b
  o.orientations.allow_rotate = false;
  o.orientations.allow_flip = false;
  const core::Level level = run(set, o, 1);
  ASSERT_EQ(level.map.unused_doors.size(), 1u);
  EXPECT_EQ(level.map.unused_doors[0].reason, core::UnusedReason::NoTileWithWidth);
  EXPECT_EQ(level.map.placements.size(), 1u);
}

TEST(Stitch, ClosingPhaseOnlyAddsTilesThatOpenNoDoor) {
  const auto set =
      test::tile_set({tile_from_ascii(kCross, "cross.png"), tile_from_ascii(kCap, "cap.png")});
  StitchOptions o;
  o.start = 1;
  o.max_tiles = 5;
  int caps = 0;
  for (core::Seed seed = 0; seed < 20; ++seed) {
    const core::Level level = run(set, o, seed);
    SCOPED_TRACE(seed);
    EXPECT_EQ(test::level_violations(level, set), std::vector<std::string>{});
    const int placed = static_cast<int>(level.map.placements.size());
    EXPECT_EQ(level.outcome.closing_placements, placed - 5);
    caps += level.outcome.closing_placements;
    // A tile placed while closing opens no door: none of its doors is left unused for budget.
    for (const auto& u : level.map.unused_doors) {
      if (u.reason == core::UnusedReason::TileBudget) {
        EXPECT_LT(u.placement, 5);
      }
    }
    for (int p = 5; p < placed; ++p)
      EXPECT_EQ(level.map.placements[static_cast<std::size_t>(p)].tile, 0u);
  }
  EXPECT_GT(caps, 40);  // crosses leave about 6 open doors at the budget; most get a cap
}

TEST(Stitch, MaxSizeBoundsTheMapAndNamesTheReason) {
  const auto set = test::tile_set(
      {tile_from_ascii(kCross, "cross.png"), tile_from_ascii(kCorridor, "corridor.png")});
  StitchOptions o;
  o.max_tiles = 400;
  o.max_size = core::Size{30, 20};
  const core::Level level = run(set, o, 4);
  EXPECT_EQ(test::level_violations(level, set), std::vector<std::string>{});
  EXPECT_LE(level.map.cells.width(), 30);
  EXPECT_LE(level.map.cells.height(), 20);
  const auto& u = level.map.unused_doors;
  EXPECT_TRUE(std::any_of(u.begin(), u.end(), [](const auto& d) {
    return d.reason == core::UnusedReason::OutsideMaxSize;
  }));
}

TEST(Stitch, LoopsFormWhenANewDoorLandsOnAMatchingOpenDoor) {
  // Crosses tile the plane, so doors of new crosses keep landing on open doors of old ones.
  const auto set = test::tile_set({tile_from_ascii(kCross, "cross.png")});
  StitchOptions o;
  o.max_tiles = 30;
  const core::Level level = run(set, o, 2);
  EXPECT_EQ(test::level_violations(level, set), std::vector<std::string>{});
  EXPECT_GT(level.map.connections.size(), level.map.placements.size() - 1);
}

TEST(Stitch, RequiredTileAppearsOnceOrIsReportedAndUseLimitsHold) {
  auto boss = tile_from_ascii("###+###\n#.....#\n#.....#\n#######", "boss.png");
  boss.settings.required = true;
  auto cap = tile_from_ascii(kCap, "cap.png");
  cap.settings.max_uses = 2;
  const auto set = test::tile_set({tile_from_ascii(kCross, "cross.png"), boss, cap,
                                   tile_from_ascii(kCorridor, "corridor.png")});
  StitchOptions o;
  o.max_tiles = 25;
  int placed = 0;
  for (core::Seed seed = 0; seed < 20; ++seed) {
    const core::Level level = run(set, o, seed);
    SCOPED_TRACE(seed);
    EXPECT_EQ(test::level_violations(level, set), std::vector<std::string>{});
    const auto count = [&](core::TileId id) {
      return std::count_if(level.map.placements.begin(), level.map.placements.end(),
                           [&](const auto& p) { return p.tile == id; });
    };
    EXPECT_LE(count(*set.find("cap.png")), 2);
    const auto bosses = count(*set.find("boss.png"));
    EXPECT_LE(bosses, 1);
    placed += static_cast<int>(bosses);
    if (bosses == 0) {  // a missing required tile ends the level early, with the reason
      EXPECT_TRUE(level.outcome.terminated_early);
      EXPECT_EQ(level.outcome.early_notes,
                std::vector<std::string>{"required tile 'boss.png' found no place"});
    }
  }
  EXPECT_GE(placed, 17);
}

TEST(Stitch, MinTilesMarksTheLevelAsEndedEarly) {
  auto corridor = tile_from_ascii(kCorridor, "corridor.png");
  corridor.settings.max_uses = 2;  // so the level must end after a handful of tiles
  const auto set = test::tile_set({tile_from_ascii(kCap, "cap.png"), corridor});
  StitchOptions o;
  o.start = 1;
  o.max_tiles = 50;
  o.min_tiles = 10;
  const core::Level level = run(set, o, 1);
  EXPECT_TRUE(level.outcome.terminated_early);
  EXPECT_EQ(level.outcome.early_notes.size(), 1u);
  EXPECT_EQ(level.outcome.stop_reason, "no_open_doors");
}

TEST(Stitch, RetriesMoveToTheNextSeedAndRecordIt) {
  const auto set =
      test::tile_set({tile_from_ascii(kCross, "cross.png"), tile_from_ascii(kCap, "cap.png")});
  const Candidates candidates(set, {});
  pipeline::GenerateSettings s;
  s.stitch.max_tiles = 10;
  s.stitch.min_tiles = 10;
  s.retries = 30;
  const core::Level level = pipeline::generate_level(set, candidates, s, 100);
  EXPECT_FALSE(level.outcome.terminated_early);
  core::Rng rng(level.origin.seed);
  EXPECT_FALSE(stitch(set, candidates, s.stitch, rng).terminated_early);  // --seed alone remakes it
}

TEST(Stitch, SameSeedSameLevel) {
  const auto set =
      test::tile_set({tile_from_ascii(kCross, "cross.png"), tile_from_ascii(kCap, "cap.png"),
                      tile_from_ascii(kCorridor, "corridor.png")});
  StitchOptions o;
  o.max_tiles = 40;
  const core::Level a = run(set, o, 77), b = run(set, o, 77), c = run(set, o, 78);
  EXPECT_EQ(a.map.cells, b.map.cells);
  EXPECT_EQ(a.map.placements.size(), b.map.placements.size());
  EXPECT_NE(a.map.cells, c.map.cells);
}

TEST(Stitch, GrowthPolicyShapesTheMap) {
  // Depth-first grows long branches: the exit ends up farther from the entrance than with
  // breadth-first, which grows rings around the start.
  const auto set = test::tile_set({tile_from_ascii(kCross, "cross.png"),
                                   tile_from_ascii(kCorridor, "corridor.png"),
                                   tile_from_ascii(kCap, "cap.png")});
  long depth = 0, breadth = 0;
  for (core::Seed seed = 0; seed < 12; ++seed) {
    StitchOptions o;
    o.max_tiles = 80;
    o.policy = GrowthPolicy::DepthFirst;
    depth += run(set, o, seed).analysis.exit_distance;
    o.policy = GrowthPolicy::BreadthFirst;
    breadth += run(set, o, seed).analysis.exit_distance;
  }
  EXPECT_GT(depth, breadth * 3 / 2);
}

TEST(Stitch, DoorsJoinOnlyDoorsOfTheirKind) {
  // Tiles never turn. The hub's east door is of kind 1; the vault's west door is the only
  // kind-1 door that can face it. The decoy's west door is as wide but of kind 2, which no
  // other tile has: it is never placed.
  auto set = test::tile_set({test::kinded_tile_from_ascii("#+#\n#.#\n#.1\n#.#\n#+#", "a_hub.png"),
                             tile_from_ascii("#+#\n#.#\n#+#", "b_corridor.png"),
                             test::kinded_tile_from_ascii("###\n1.#\n###", "c_vault.png"),
                             tile_from_ascii("#+#\n#.#\n###", "d_cap.png"),
                             test::kinded_tile_from_ascii("###\n2.#\n###", "e_decoy.png"),
                             tile_from_ascii("###\n#.#\n#+#", "f_cap.png")});
  set.door_kinds = {"plain", "secret", "trap"};
  int vault_joins = 0;
  for (core::Seed seed = 1; seed <= 12; ++seed) {
    StitchOptions o;
    o.start = 0;
    o.max_tiles = 12;
    o.orientations.allow_rotate = false;
    o.orientations.allow_flip = false;
    const core::Level level = run(set, o, seed);
    EXPECT_EQ(test::level_violations(level, set), std::vector<std::string>{});
    const core::Map& map = level.map;
    EXPECT_EQ(map.door_kinds, set.door_kinds);
    for (const core::Connection& c : map.connections) {
      const std::uint8_t kind = core::door_kind(map, c);
      EXPECT_EQ(kind, core::door_kind(map, c.b, c.door_b())) << "seed " << seed;
      const auto tile = [&](int p) { return map.placements[static_cast<std::size_t>(p)].tile; };
      const bool vault = tile(c.a) == 2 || tile(c.b) == 2;
      EXPECT_EQ(kind == 1, vault) << "seed " << seed;
      vault_joins += vault;
    }
    for (const core::Placement& p : map.placements) EXPECT_NE(p.tile, 4u) << "the decoy";
    for (const core::UnusedDoor& u : map.unused_doors) {
      EXPECT_EQ(u.span.kind, core::door_kind(map, u.placement, u.door));
    }
  }
  EXPECT_GT(vault_joins, 0) << "the hub's kind-1 door never found the vault";
}

TEST(Stitch, AKindWithNoPartnerIsSealedAsNoTileWithWidth) {
  // Tiles never turn, so the hub's east kind-1 door has no partner at all (only a west kind-1
  // door could join it): sealed with no_tile_with_width.
  const auto set =
      test::tile_set({test::kinded_tile_from_ascii("#+#\n#.#\n#.1\n#.#\n#+#", "a_hub.png"),
                      tile_from_ascii("#+#\n#.#\n###", "b_cap.png"),
                      tile_from_ascii("###\n#.#\n#+#", "c_cap.png")});
  StitchOptions o;
  o.start = 0;
  o.orientations.allow_rotate = false;
  o.orientations.allow_flip = false;
  o.max_tiles = 6;
  const core::Level level = run(set, o, 5);
  ASSERT_FALSE(level.map.unused_doors.empty());
  for (const core::UnusedDoor& u : level.map.unused_doors) {
    EXPECT_EQ(u.span.kind, 1);  // every hub's east door, and only those
    EXPECT_EQ(u.reason, core::UnusedReason::NoTileWithWidth);
  }
}

}  // namespace
}  // namespace dungen::gen
