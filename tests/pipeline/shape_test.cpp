// Levels with shape (generation 4): loops on purpose, dead ends under control and a frontier
// that lives, as properties over seeds 1-50 on the samples and the shared corpus (skipped,
// visibly, where the corpus is absent).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "io/formats/tile_loader.hpp"
#include "pipeline/generate.hpp"
#include "support/level_checks.hpp"
#include "support/test_support.hpp"

namespace dungen::pipeline {
namespace {
namespace fs = std::filesystem;

// generate's defaults at 60 tiles: --min-tiles 30, --loops auto (3), --loop-detour 20.
GenerateSettings defaults() {
  GenerateSettings s;
  s.stitch.max_tiles = 60;
  s.stitch.min_tiles = 30;
  s.stitch.loops = 3;
  return s;
}

bool has_note(const core::Level& level, std::string_view start) {
  for (const std::string& note : level.outcome.notes)
    if (note.starts_with(start)) return true;
  return false;
}

struct Loaded {
  io::formats::LoadedTileSet tiles;
  gen::Candidates candidates;
  explicit Loaded(const fs::path& folder)
      : tiles(io::formats::load_tile_set(folder, {})), candidates(tiles.set, {}) {}
};

// The sets of the issue's table: the two samples, then every corpus set there is.
std::vector<fs::path> every_set() {
  std::vector<fs::path> sets{test::sample_path("classic"), test::sample_path("caves")};
  for (const fs::path& p : test::corpus_sets()) sets.push_back(p);
  return sets;
}

// Levels without a loop at default options, out of 50; every level that made fewer loops
// than asked says why in a note; each loop made saves at least --loop-detour steps.
int levels_without_loops(const fs::path& folder) {
  SCOPED_TRACE(folder.string());
  const Loaded set(folder);
  int none = 0;
  for (core::Seed seed = 1; seed <= 50; ++seed) {
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    const core::Level level = generate_level(set.tiles.set, set.candidates, defaults(), seed);
    EXPECT_EQ(test::level_violations(level, set.tiles.set), std::vector<std::string>{});
    none += level.analysis.metrics.loops == 0;
    if (level.outcome.loops_made.size() < 3) {
      EXPECT_TRUE(has_note(level, "loops: "));
    }
    for (const core::MadeLoop& loop : level.outcome.loops_made) {
      EXPECT_GE(loop.steps_saved, 20);
      EXPECT_FALSE(loop.through.empty());
    }
  }
  return none;
}

TEST(Loops, AtMostFiveLevelsInFiftyWithoutALoopOnTheSamples) {
  EXPECT_LE(levels_without_loops(test::sample_path("classic")), 5);
  EXPECT_LE(levels_without_loops(test::sample_path("caves")), 5);
}

TEST(Loops, AtMostFiveLevelsInFiftyWithoutALoopOnTheCorpus) {
  const auto sets = test::corpus_sets();
  if (sets.empty()) GTEST_SKIP() << "shared corpus not found at " << DUNGEN_CORPUS_DIR;
  for (const fs::path& set : sets) EXPECT_LE(levels_without_loops(set), 5) << set;
}

// --loop-retries: a seed whose first level has no loop gets a later seed's level with one,
// under the seed asked and with a note; a seed whose first level loops is untouched.
TEST(Loops, ALevelWithoutALoopIsGrownAgain) {
  const Loaded set(test::sample_path("classic"));
  GenerateSettings twice = defaults();  // small levels: a fifth of the first have no loop
  twice.stitch.max_tiles = 20;
  twice.stitch.min_tiles = 10;
  twice.stitch.loops = 1;
  GenerateSettings once = twice;
  once.loop_retries = 0;
  int retried = 0;
  for (core::Seed seed = 1; seed <= 50; ++seed) {
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    const core::Level first = generate_level(set.tiles.set, set.candidates, once, seed);
    const core::Level level = generate_level(set.tiles.set, set.candidates, twice, seed);
    EXPECT_EQ(level.origin.seed, seed);
    if (first.analysis.metrics.loops > 0) {
      EXPECT_EQ(level.map.placements.size(), first.map.placements.size());
      EXPECT_EQ(level.outcome.notes, first.outcome.notes);
      continue;
    }
    ++retried;
    EXPECT_FALSE(has_note(first, "loops: made from retry seed"));
    if (level.analysis.metrics.loops > 0) {
      EXPECT_TRUE(has_note(level, "loops: made from retry seed "));
    } else {
      // "loops: none of 3 levels grown had a loop (--loop-retries); this is the one with most
      // tiles", or of 2 where the retry was too small for a loop (the retries stop there).
      const auto& notes = level.outcome.notes;
      EXPECT_TRUE(std::any_of(notes.begin(), notes.end(), [](const std::string& n) {
        return n.starts_with("loops: none of ") && n.find(" levels grown had a loop (--loop-retries")
               != std::string::npos && n.ends_with("; this is the one with most tiles");
      }));
      EXPECT_FALSE(has_note(level, "loops: made from retry seed"));
    }
    // The retry seed it names makes it alone.
    const core::Level again = generate_level(set.tiles.set, set.candidates, once,
                                             core::retry_seed(seed, 1));
    const core::Level again2 = generate_level(set.tiles.set, set.candidates, once,
                                              core::retry_seed(seed, 2));
    EXPECT_TRUE(again.map.cells == level.map.cells || again2.map.cells == level.map.cells);
  }
  EXPECT_GE(retried, 5);  // first levels of the 50 without a loop
}

TEST(Loops, NoneAskedGivesTreesWithoutANote) {
  const Loaded set(test::sample_path("classic"));
  GenerateSettings s = defaults();
  s.stitch.loops = 0;
  for (core::Seed seed = 1; seed <= 10; ++seed) {
    const core::Level level = generate_level(set.tiles.set, set.candidates, s, seed);
    EXPECT_TRUE(level.outcome.loops_made.empty());
    EXPECT_FALSE(has_note(level, "loops: "));
  }
}

// A set whose tiles have two doors each makes chains: the note says why no loop was made.
TEST(Loops, AChainOfTwoDoorTilesSaysWhyItCannotLoop) {
  const core::TileSet set = test::tile_set(
      {test::tile_from_ascii("#+#\n#.#\n#.#\n#+#", "straight.png"),
       test::tile_from_ascii("#+##\n#..+\n####", "bend.png")});
  const gen::Candidates candidates(set, {});
  for (core::Seed seed = 1; seed <= 5; ++seed) {
    const core::Level level = generate_level(set, candidates, defaults(), seed);
    EXPECT_EQ(level.analysis.metrics.loops, 0);
    EXPECT_TRUE(has_note(level, "loops: 0 of 3 asked made; no tile placed has more than two "
                                "doors, so the level is one chain from its start tile ("))
        << (level.outcome.notes.empty() ? "" : level.outcome.notes.front());
    // No other seed was tried: none would loop.
    EXPECT_FALSE(has_note(level, "loops: none of"));
    EXPECT_FALSE(has_note(level, "loops: made from"));
  }
}

// --max-dead-ends 25%: no level over it, on any set, and what was trimmed is reported.
TEST(DeadEnds, NoLevelOverAQuarterOfItsTiles) {
  for (const fs::path& folder : every_set()) {
    SCOPED_TRACE(folder.string());
    const Loaded set(folder);
    GenerateSettings s = defaults();
    s.stitch.max_dead_ends = gen::DeadEndLimit{25, true};
    int trimmed = 0;
    for (core::Seed seed = 1; seed <= 50; ++seed) {
      SCOPED_TRACE(::testing::Message() << "seed " << seed);
      const core::Level level = generate_level(set.tiles.set, set.candidates, s, seed);
      EXPECT_EQ(test::level_violations(level, set.tiles.set), std::vector<std::string>{});
      const core::LevelMetrics& m = level.analysis.metrics;
      EXPECT_LE(m.dead_ends, m.placements * 25 / 100);
      trimmed += static_cast<int>(level.outcome.trimmed.size());
    }
    EXPECT_GT(trimmed, 0);  // every set has more dead ends than that without trimming
  }
}

TEST(DeadEnds, AFixedCountHolds) {
  const Loaded set(test::sample_path("caves"));
  GenerateSettings s = defaults();
  s.stitch.max_dead_ends = gen::DeadEndLimit{4, false};
  for (core::Seed seed = 1; seed <= 20; ++seed) {
    const core::Level level = generate_level(set.tiles.set, set.candidates, s, seed);
    EXPECT_LE(level.analysis.metrics.dead_ends, 4) << "seed " << seed;
    EXPECT_EQ(test::level_violations(level, set.tiles.set), std::vector<std::string>{});
  }
}

// A frontier that lives: on sets that can grow on, no level of 60 tiles ends before
// --max-tiles (with --min-tiles equal to it, the strictest reading). 10,000 and 100,000 tiles:
// tests/large/frontier_large_test.cpp.
void grows_to_60(const fs::path& folder) {
  SCOPED_TRACE(folder.string());
  const Loaded set(folder);
  GenerateSettings s = defaults();
  s.stitch.min_tiles = 60;
  for (core::Seed seed = 1; seed <= 50; ++seed) {
    const core::Level level = generate_level(set.tiles.set, set.candidates, s, seed);
    EXPECT_FALSE(level.outcome.terminated_early) << "seed " << seed;
    EXPECT_GE(level.map.placements.size(), 60u) << "seed " << seed;
  }
}

TEST(Frontier, SixtyTilesOnEverySetThatGrowsOn) {
  grows_to_60(test::data_path("grow"));
  for (const fs::path& set : every_set()) grows_to_60(set);
}

}  // namespace
}  // namespace dungen::pipeline
