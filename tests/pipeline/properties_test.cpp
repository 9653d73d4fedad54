// Properties that must hold for every seed, on the bundled samples and on the shared corpus
// of real, human-made tile sets (skipped, visibly, where the corpus is absent).
#include <gtest/gtest.h>

#include "io/formats/tile_loader.hpp"
#include "pipeline/generate.hpp"
#include "support/level_checks.hpp"
#include "support/test_support.hpp"

namespace dungen::pipeline {
namespace {

void check_set(const std::filesystem::path& folder, int seeds) {
  SCOPED_TRACE(folder.string());
  const io::formats::LoadedTileSet loaded = io::formats::load_tile_set(folder, {});
  const gen::Candidates candidates(loaded.set, {});
  for (const gen::GrowthPolicy policy : {gen::GrowthPolicy::Random, gen::GrowthPolicy::BreadthFirst,
                                         gen::GrowthPolicy::DepthFirst}) {
    for (core::Seed seed = 0; seed < static_cast<core::Seed>(seeds); ++seed) {
      GenerateSettings s;
      s.stitch.max_tiles = 40;
      s.stitch.policy = policy;
      const core::Level level = generate_level(loaded.set, candidates, s, seed);
      SCOPED_TRACE(::testing::Message()
                   << "seed " << seed << " policy " << static_cast<int>(policy));
      EXPECT_EQ(test::level_violations(level, loaded.set), std::vector<std::string>{});
      EXPECT_GE(level.map.placements.size(), 1u);
    }
  }
}

TEST(Properties, HoldOnTheClassicSample) { check_set(test::sample_path("classic"), 25); }
TEST(Properties, HoldOnTheCavesSample) { check_set(test::sample_path("caves"), 25); }

TEST(Properties, HoldOnEveryCorpusSet) {
  const auto sets = test::corpus_sets();
  if (sets.empty()) GTEST_SKIP() << "shared corpus not found at " << DUNGEN_CORPUS_DIR;
  for (const auto& set : sets) check_set(set, 12);
}

TEST(Properties, SamplesGrowToTheirBudgetWithoutEndingEarly) {
  for (const char* name : {"classic", "caves"}) {
    const io::formats::LoadedTileSet loaded =
        io::formats::load_tile_set(test::sample_path(name), {});
    const gen::Candidates candidates(loaded.set, {});
    int early = 0;
    for (core::Seed seed = 0; seed < 30; ++seed) {
      GenerateSettings s;
      s.stitch.max_tiles = 60;
      s.stitch.min_tiles = 30;
      early += generate_level(loaded.set, candidates, s, seed).outcome.terminated_early;
    }
    EXPECT_LE(early, 1) << name;
  }
}

// The connected-levels targets, level by level, at default options over seeds 1-50: no
// placement the entrance cannot reach, at most 5 % of the passable cells unreachable (10 % on
// dcss_halls, whose window rooms are pockets by design), at most 1 level in 50 ended early.
void check_connected(const std::filesystem::path& folder, double max_unreachable) {
  SCOPED_TRACE(folder.string());
  const io::formats::LoadedTileSet loaded = io::formats::load_tile_set(folder, {});
  const gen::Candidates candidates(loaded.set, {});
  int early = 0;
  for (core::Seed seed = 1; seed <= 50; ++seed) {
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    GenerateSettings s;
    s.stitch.max_tiles = 60;
    s.stitch.min_tiles = 30;
    const core::Level level = generate_level(loaded.set, candidates, s, seed);
    EXPECT_EQ(test::level_violations(level, loaded.set), std::vector<std::string>{});
    EXPECT_EQ(level.analysis.metrics.unreachable_placements, 0);
    EXPECT_LE(1.0 - level.analysis.metrics.reachable_share(), max_unreachable);
    early += level.outcome.terminated_early;
  }
  EXPECT_LE(early, 1);
}

TEST(Connected, LevelsOfTheSamplesAreWholeAndComplete) {
  check_connected(test::sample_path("classic"), 0.0);
  check_connected(test::sample_path("caves"), 0.0);
}

TEST(Connected, LevelsOfEveryCorpusSetAreConnectedAndComplete) {
  const auto sets = test::corpus_sets();
  if (sets.empty()) GTEST_SKIP() << "shared corpus not found at " << DUNGEN_CORPUS_DIR;
  for (const auto& set : sets) check_connected(set, set.filename() == "dcss_halls" ? 0.10 : 0.05);
}

}  // namespace
}  // namespace dungen::pipeline
