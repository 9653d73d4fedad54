#include "gen/board/candidates.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "gen/stitch/stitch.hpp"
#include "pipeline/generate.hpp"
#include "support/level_checks.hpp"
#include "support/test_support.hpp"

namespace dungen::gen {
namespace {

using test::tile_from_ascii;

const char* kCorridor = "#+#\n#.#\n#.#\n#+#";
const char* kCap = "#+#\n#.#\n###";
const char* kCross = "##+##\n#...#\n+...+\n#...#\n##+##";

// The shapes of tile `name`'s groups, over every candidate list.
std::vector<std::uint32_t> shapes_of(const Candidates& c, const core::TileSet& set,
                                     const std::string& name) {
  std::vector<std::uint32_t> shapes;
  for (std::uint32_t list = 0; list < c.list_count(); ++list) {
    for (const CandidateGroup& g : c.list(list)) {
      if (g.tile == *set.find(name)) shapes.push_back(g.shape);
    }
  }
  return shapes;
}

TEST(Candidates, CopiesOfATileShareShapesOtherTilesDoNot) {
  auto copy = tile_from_ascii(kCorridor, "c_corridor.png");
  copy.settings.weight = 7;  // settings are no part of a shape
  const auto set = test::tile_set(
      {tile_from_ascii(kCorridor, "a_corridor.png"), tile_from_ascii(kCap, "b_cap.png"), copy});
  const Candidates c(set, {});
  const auto corridor = shapes_of(c, set, "a_corridor.png");
  ASSERT_EQ(corridor.size(), 4u);  // r0 and r90, a door each way: one group per facing
  EXPECT_EQ(shapes_of(c, set, "c_corridor.png"), corridor);
  const auto cap = shapes_of(c, set, "b_cap.png");
  ASSERT_EQ(cap.size(), 4u);
  for (const std::uint32_t s : cap)
    EXPECT_EQ(std::count(corridor.begin(), corridor.end(), s), 0) << s;
  EXPECT_EQ(c.shape_count(), 8u);  // each group of the corridor and the cap its own
}

TEST(Candidates, ListNumbersAnswerAsFindDoes) {
  const auto set =
      test::tile_set({tile_from_ascii(kCross, "cross.png"), tile_from_ascii(kCap, "cap.png")});
  const Candidates c(set, {});
  const core::Door open{{0, 0}, 1, core::Facing::North, 0};
  const std::uint32_t list = c.mates_list(open);
  ASSERT_LT(list, c.list_count());
  EXPECT_EQ(&c.list(list), &c.mates_of(open));
  EXPECT_EQ(c.mates_list(core::Door{{0, 0}, 2, core::Facing::North, 0}), c.list_count());
}

TEST(Stitch, ThousandsOfCopiesWithMaxOnePlaceEachCopyOnce) {
  // 2,000 tiles, each allowed once: every placement changes the weights of one tile, and
  // every door draws from lists of 1,000 copies.
  std::vector<core::Tile> tiles;
  for (int i = 0; i < 1000; ++i) {
    for (const auto& [art, name] : {std::pair{kCross, "cross"}, std::pair{kCorridor, "corridor"}}) {
      tiles.push_back(tile_from_ascii(art, std::string(name) + std::to_string(i) + ".png"));
      tiles.back().settings.max_uses = 1;
    }
  }
  const auto set = test::tile_set(std::move(tiles));
  StitchOptions o;
  o.max_tiles = 1500;
  const Candidates candidates(set, o.orientations);
  pipeline::GenerateSettings s;
  s.stitch = o;
  for (core::Seed seed = 1; seed <= 2; ++seed) {
    const core::Level level = pipeline::generate_level(set, candidates, s, seed);
    EXPECT_EQ(test::level_violations(level, set), std::vector<std::string>{});
    EXPECT_EQ(level.outcome.stop_reason, "tile_budget");
    EXPECT_GE(level.map.placements.size(), 1500u);  // and a few closing the doors left open
    std::vector<int> uses(set.tiles.size(), 0);
    for (const core::Placement& p : level.map.placements) ++uses[p.tile];
    EXPECT_EQ(*std::max_element(uses.begin(), uses.end()), 1);
  }
}

}  // namespace
}  // namespace dungen::gen
