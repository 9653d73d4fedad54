// A frontier that lives (generation 4, docs/cli.md): on tile sets that can grow on, growth
// never ends before --max-tiles, at 10,000 and 100,000 tiles, with --min-tiles equal to it
// and generate's default --loops. Stitching alone (no analysis): the property is the
// stitcher's. Under the sanitizers (CI's second run) 100,000 tiles are left out for time.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "gen/stitch/stitch.hpp"
#include "io/formats/tile_loader.hpp"
#include "support/test_support.hpp"

namespace dungen {
namespace {
namespace fs = std::filesystem;

#if defined(__SANITIZE_ADDRESS__)
constexpr int kLargest = 10'000;
#else
constexpr int kLargest = 100'000;
#endif

void grows_to(const fs::path& folder, int tiles) {
  SCOPED_TRACE(folder.string());
  const io::formats::LoadedTileSet loaded = io::formats::load_tile_set(folder, {});
  const gen::Candidates candidates(loaded.set, {});
  gen::StitchOptions options;
  options.max_tiles = tiles;
  options.min_tiles = tiles;
  options.loops = std::clamp(tiles / 20, 1, 1000);
  core::Rng rng(1);
  const gen::StitchResult r = gen::stitch(loaded.set, candidates, options, rng);
  EXPECT_FALSE(r.terminated_early) << tiles << " tiles";
  EXPECT_GE(static_cast<int>(r.map.placements.size()), tiles);
  EXPECT_EQ(r.stop, gen::StopReason::TileBudget);
}

TEST(LargeFrontier, TheCrossSetNeverEndsEarly) {
  for (const int tiles : {10'000, kLargest}) grows_to(test::data_path("grow"), tiles);
}

TEST(LargeFrontier, TheSamplesNeverEndEarly) {
  for (const char* name : {"classic", "caves"})
    for (const int tiles : {10'000, kLargest}) grows_to(test::sample_path(name), tiles);
}

TEST(LargeFrontier, TheCorpusSetsNeverEndEarly) {
  const auto sets = test::corpus_sets();
  if (sets.empty()) GTEST_SKIP() << "shared corpus not found at " << DUNGEN_CORPUS_DIR;
  for (const fs::path& set : sets)
    for (const int tiles : {10'000, kLargest}) grows_to(set, tiles);
}

}  // namespace
}  // namespace dungen
