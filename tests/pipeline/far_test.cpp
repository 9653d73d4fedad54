// Tiles set `far` (a boss or treasure room): held back while the level grows, then placed at the
// open door farthest from the entrance on foot. Property over seeds on the samples and the shared
// corpus (skipped, visibly, where it is absent): the far tile's nearest cell is at or beyond the
// 90th percentile of the level's walking distances from the entrance on at least 95 % of seeds.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>

#include "analysis/reachability.hpp"
#include "io/formats/tile_loader.hpp"
#include "pipeline/generate.hpp"
#include "support/level_checks.hpp"
#include "support/test_support.hpp"

namespace dungen::pipeline {
namespace {
namespace fs = std::filesystem;

// The set at `folder`, its tile with the most floor among those tagged boss by
// samples/tags/<set>.tileset.txt (else among all with a door) set `far` and `required`.
struct FarSet {
  io::formats::LoadedTileSet tiles;
  core::TileId far = 0;
  std::unique_ptr<gen::Candidates> candidates;
  explicit FarSet(const fs::path& folder) {
    io::formats::LoadOptions load;
    const fs::path tags = test::sample_path("tags") / (folder.filename().string() + ".tileset.txt");
    if (fs::exists(tags)) load.sidecar = tags;
    tiles = io::formats::load_tile_set(folder, load);
    const auto floor = [](const core::Tile& t) {
      return std::count(t.cells.data().begin(), t.cells.data().end(), core::CellKind::Floor);
    };
    const bool any_boss = std::any_of(tiles.set.tiles.begin(), tiles.set.tiles.end(),
                                      [](const core::Tile& t) { return has_tag(t, "boss"); });
    // Tiles per door width: a tile with a door of a width five other tiles have finds a place.
    std::map<int, int> widths;
    for (const core::Tile& t : tiles.set.tiles) {
      std::vector<int> own;
      for (const core::Door& d : t.doors) own.push_back(d.width);
      std::sort(own.begin(), own.end());
      own.erase(std::unique(own.begin(), own.end()), own.end());
      for (const int w : own) ++widths[w];
    }
    const auto joins = [&](const core::Tile& t) {
      return std::any_of(t.doors.begin(), t.doors.end(),
                         [&](const core::Door& d) { return widths[d.width] >= 6; });
    };
    bool found = false;
    for (core::TileId id = 0; id < tiles.set.tiles.size(); ++id) {
      const core::Tile& t = tiles.set.tiles[id];
      if (!joins(t) || (any_boss && !has_tag(t, "boss"))) continue;
      if (!found || floor(t) > floor(tiles.set.tiles[far])) far = id;
      found = true;
    }
    tiles.set.tiles[far].settings.far = true;
    tiles.set.tiles[far].settings.required = true;
    candidates = std::make_unique<gen::Candidates>(tiles.set, gen::OrientationRules{});
  }
  static bool has_tag(const core::Tile& t, std::string_view tag) {
    return std::find(t.settings.tags.begin(), t.settings.tags.end(), tag) != t.settings.tags.end();
  }
};

// Whether the far tile's nearest floor cell lies at or beyond the 90th percentile of the
// walking distances from the entrance of the level's other reached cells; false when it was
// not placed.
bool far_enough(const core::Level& level, core::TileId far) {
  const core::Grid<int> steps =
      analysis::distances_from(level.map.cells, *level.analysis.entrance);
  core::Grid<std::uint8_t> own(steps.size(), 0);
  int nearest = -1;
  for (const core::Placement& p : level.map.placements) {
    if (p.tile != far) continue;
    const core::Grid<core::CellKind>& shape = level.map.shapes[p.shape];
    for (int y = 0; y < shape.height(); ++y) {
      for (int x = 0; x < shape.width(); ++x) {
        const core::Point q = p.origin + core::Point{x, y};
        if (!core::passable(shape[core::Point{x, y}])) continue;
        own[q] = 1;
        if (shape[core::Point{x, y}] == core::CellKind::Floor && steps[q] >= 0 &&
            (nearest < 0 || steps[q] < nearest))
          nearest = steps[q];
      }
    }
  }
  std::vector<int> others;
  for (std::size_t i = 0; i < steps.data().size(); ++i) {
    if (steps.data()[i] >= 0 && own.data()[i] == 0) others.push_back(steps.data()[i]);
  }
  if (nearest < 0 || others.empty()) return false;
  std::sort(others.begin(), others.end());
  const int p90 = others[(others.size() - 1) * 9 / 10];
  return nearest >= p90;
}

// Seeds 1..seeds of the set at `folder` at generate's defaults: how many put the far tile far.
int far_levels(const fs::path& folder, core::Seed seeds) {
  SCOPED_TRACE(folder.string());
  const FarSet set(folder);
  GenerateSettings s;
  s.stitch.max_tiles = 60;
  s.stitch.min_tiles = 30;
  s.stitch.loops = 3;
  int far = 0;
  for (core::Seed seed = 1; seed <= seeds; ++seed) {
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    const core::Level level = generate_level(set.tiles.set, *set.candidates, s, seed);
    EXPECT_EQ(test::level_violations(level, set.tiles.set), std::vector<std::string>{});
    far += far_enough(level, set.far);
  }
  return far;
}

TEST(Far, AFarTileLiesBeyondNineTenthsOfTheWalksOnTheSamples) {
  EXPECT_GE(far_levels(test::sample_path("classic"), 60), 57);
  EXPECT_GE(far_levels(test::sample_path("caves"), 60), 57);
}

TEST(Far, AFarTileLiesBeyondNineTenthsOfTheWalksOnTheCorpus) {
  const auto sets = test::corpus_sets();
  if (sets.empty()) GTEST_SKIP() << "shared corpus not found at " << DUNGEN_CORPUS_DIR;
  for (const fs::path& set : sets) EXPECT_GE(far_levels(set, 40), 38) << set;
}

// A far tile never starts the level, is never trimmed as a dead end (--max-dead-ends 0), and a
// level grown again for it keeps the seed asked, saying so.
TEST(Far, AFarTileNeverStartsAndStaysWhenDeadEndsAreTrimmed) {
  const FarSet set(test::sample_path("caves"));
  GenerateSettings s;
  s.stitch.max_tiles = 40;
  s.stitch.min_tiles = 20;
  s.stitch.max_dead_ends = gen::DeadEndLimit{0, false};
  for (core::Seed seed = 1; seed <= 30; ++seed) {
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    const core::Level level = generate_level(set.tiles.set, *set.candidates, s, seed);
    EXPECT_EQ(level.origin.seed, seed);
    ASSERT_FALSE(level.map.placements.empty());
    EXPECT_NE(level.map.placements.front().tile, set.far);
    const auto placed = std::count_if(level.map.placements.begin(), level.map.placements.end(),
                                      [&](const core::Placement& p) { return p.tile == set.far; });
    EXPECT_EQ(placed, 1);
    for (const core::TrimmedPlacement& t : level.outcome.trimmed)
      EXPECT_NE(t.tile, set.far);
  }
}

// A far tile the designer makes the start (--start) stays the start: not judged far, never
// grown again for it.
TEST(Far, AFarTileNamedAsTheStartIsLeftWhereItIs) {
  const FarSet set(test::sample_path("classic"));
  GenerateSettings s;
  s.stitch.max_tiles = 40;
  s.stitch.min_tiles = 20;
  s.stitch.start = set.far;
  for (core::Seed seed = 1; seed <= 5; ++seed) {
    const core::Level level = generate_level(set.tiles.set, *set.candidates, s, seed);
    EXPECT_EQ(level.map.placements.front().tile, set.far);
    for (const std::string& note : level.outcome.notes) EXPECT_FALSE(note.starts_with("far:"));
  }
}

}  // namespace
}  // namespace dungen::pipeline
