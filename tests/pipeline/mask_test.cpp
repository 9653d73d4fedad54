// generate --mask: every cell of the map, walls included, lies on the mask's usable cells, the
// map has the mask's size, and the levels keep the properties of every level (no floor
// overlap, every door connected or reported, everything reachable or reported), on the samples
// and the shared corpus (skipped, visibly, where it is absent).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "core/error.hpp"
#include "io/formats/png.hpp"
#include "io/formats/tile_loader.hpp"
#include "io/fs/read.hpp"
#include "pipeline/generate.hpp"
#include "support/level_checks.hpp"
#include "support/test_support.hpp"

namespace dungen::pipeline {
namespace {
namespace fs = std::filesystem;
using Mask = core::Grid<std::uint8_t>;

GenerateSettings masked(std::shared_ptr<const Mask> mask, int max_tiles = 60) {
  GenerateSettings s;
  s.stitch.max_tiles = max_tiles;
  s.stitch.min_tiles = max_tiles / 2;
  s.stitch.loops = 3;
  s.stitch.mask = std::move(mask);
  return s;
}

// samples/masks/caverns.png: two round caverns side by side.
std::shared_ptr<const Mask> caverns() {
  const fs::path path = fs::path(test::sample_path("classic")).parent_path() / "masks/caverns.png";
  const core::Image img = io::formats::decode_png(io::fs::read_file(path), path.string(), 4096);
  auto mask = std::make_shared<Mask>(img.size, 0);
  for (int y = 0; y < img.size.height; ++y) {
    for (int x = 0; x < img.size.width; ++x) {
      const core::Rgba c = img.at(x, y);
      (*mask)[core::Point{x, y}] = c.a >= 128 && c.r >= 128 && c.g >= 128 && c.b >= 128;
    }
  }
  return mask;
}

// A ring: 120 x 90 cells, usable but for a 4-cell border and a 50 x 30 block in the middle.
std::shared_ptr<const Mask> ring() {
  auto mask = std::make_shared<Mask>(core::Size{120, 90}, 0);
  for (int y = 4; y < 86; ++y) {
    for (int x = 4; x < 116; ++x) {
      const bool middle = x >= 35 && x < 85 && y >= 30 && y < 60;
      (*mask)[core::Point{x, y}] = middle ? 0 : 1;
    }
  }
  return mask;
}

// What of `level` breaks the mask: a size other than the mask's, a cell on a refused cell.
std::vector<std::string> outside(const core::Level& level, const Mask& mask) {
  std::vector<std::string> found;
  const core::Grid<core::CellKind>& cells = level.map.cells;
  if (cells.size() != mask.size()) return {"the map is not the mask's size"};
  for (int y = 0; y < cells.height() && found.size() < 3; ++y) {
    for (int x = 0; x < cells.width() && found.size() < 3; ++x) {
      if (cells[core::Point{x, y}] != core::CellKind::Void && mask[core::Point{x, y}] == 0)
        found.push_back("cell " + std::to_string(x) + "," + std::to_string(y));
    }
  }
  return found;
}

void check_set(const fs::path& folder, core::Seed seeds) {
  SCOPED_TRACE(folder.string());
  const test::IndexedSet set(folder);
  for (const auto& mask : {caverns(), ring()}) {
    int tiles = 0;
    for (core::Seed seed = 1; seed <= seeds; ++seed) {
      SCOPED_TRACE(::testing::Message() << "seed " << seed);
      const core::Level level = generate_level(set.tiles.set, set.candidates, masked(mask), seed);
      EXPECT_EQ(outside(level, *mask), std::vector<std::string>{});
      EXPECT_EQ(test::level_violations(level, set.tiles.set), std::vector<std::string>{});
      EXPECT_TRUE(level.analysis.entrance.has_value());
      tiles += static_cast<int>(level.map.placements.size());
    }
    EXPECT_GE(tiles, 5 * static_cast<int>(seeds));  // the levels grow, not a tile or two
  }
}

TEST(Mask, EveryCellLiesInsideTheMaskOnTheSamples) {
  check_set(test::sample_path("classic"), 40);
  check_set(test::sample_path("caves"), 40);
}

TEST(Mask, EveryCellLiesInsideTheMaskOnTheCorpus) {
  const auto sets = test::corpus_sets();
  if (sets.empty()) GTEST_SKIP() << "shared corpus not found at " << DUNGEN_CORPUS_DIR;
  for (const fs::path& set : sets) check_set(set, 15);
}

TEST(Mask, TheSameSeedMakesTheSameLevel) {
  const test::IndexedSet set(test::sample_path("classic"));
  const auto mask = ring();
  const core::Level a = generate_level(set.tiles.set, set.candidates, masked(mask), 7);
  const core::Level b = generate_level(set.tiles.set, set.candidates, masked(mask), 7);
  EXPECT_EQ(a.map.cells, b.map.cells);
  EXPECT_EQ(a.map.placements.size(), b.map.placements.size());
}

TEST(Mask, ALevelCutShortByTheMaskSaysSo) {
  const test::IndexedSet set(test::sample_path("classic"));
  auto mask = std::make_shared<Mask>(core::Size{24, 24}, 1);
  const core::Level level = generate_level(set.tiles.set, set.candidates, masked(mask), 3);
  EXPECT_EQ(outside(level, *mask), std::vector<std::string>{});
  ASSERT_TRUE(level.outcome.terminated_early);
  ASSERT_FALSE(level.outcome.early_notes.empty());
  EXPECT_NE(level.outcome.early_notes.front().find("sealed at the mask's edge"), std::string::npos)
      << level.outcome.early_notes.front();
}

TEST(Mask, NoTileFittingTheMaskIsAnError) {
  const test::IndexedSet set(test::sample_path("classic"));
  auto mask = std::make_shared<Mask>(core::Size{3, 3}, 1);
  try {
    (void)generate_level(set.tiles.set, set.candidates, masked(mask), 1);
    FAIL() << "a 3x3 mask took a tile";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("fits nowhere inside the mask's area, nor does any"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace dungen::pipeline
