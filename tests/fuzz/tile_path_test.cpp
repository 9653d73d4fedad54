// Replays inputs through the fuzz harness (fuzz/tile_path.hpp) in every build, sanitized or
// not: the seed corpus (samples/, tests/data/png/) and every input the fuzzer once crashed on
// (tests/data/fuzz/, each named in tests/data/fuzz/README.md). The harness aborts on a bug,
// which fails this test binary.

#include "tile_path.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "io/fs/read.hpp"
#include "support/test_support.hpp"

namespace dungen::fuzz {
namespace {
namespace fs = std::filesystem;

std::vector<fs::path> files_in(const fs::path& folder, const std::string& skip = "") {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(folder)) {
    if (entry.is_regular_file() && entry.path().filename() != skip) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

TilePathOutcome replay(const fs::path& file) {
  SCOPED_TRACE(file.string());
  return run_tile_path(io::fs::read_file(file));
}

TEST(TilePath, SampleTilesAreStitched) {
  for (const char* set : {"classic", "caves"}) {
    const std::vector<fs::path> files = files_in(test::sample_path(set));
    ASSERT_FALSE(files.empty());
    for (const fs::path& f : files) {
      if (f.extension() == ".png") {
        EXPECT_EQ(replay(f), TilePathOutcome::Stitched) << f;
      }
    }
  }
}

TEST(TilePath, PngFixturesEndInAnErrorOrAMap) {
  int not_decoded = 0;
  for (const fs::path& f : files_in(test::data_path("png"))) {
    not_decoded += replay(f) == TilePathOutcome::NotDecoded ? 1 : 0;
  }
  EXPECT_GE(not_decoded, 5);  // empty, not a PNG, truncated, zero width, over the limit, ...
}

TEST(TilePath, MapWithoutFloorHasNoEntranceAndPassesTheChecks) {
  // Regression: test::level_violations demanded an entrance on floor, but a map drawn only in
  // wall and door cells has no floor, so no entrance; the harness aborted on it (found by
  // replaying tests/data/png through the harness). The product was right, the check was not.
  EXPECT_EQ(replay(test::data_path("fuzz/no_floor_wall_door.png")), TilePathOutcome::Stitched);
}

TEST(TilePath, FuzzRegressionInputsPass) {
  const std::vector<fs::path> files = files_in(test::data_path("fuzz"), "README.md");
  for (const fs::path& f : files) (void)replay(f);
}

}  // namespace
}  // namespace dungen::fuzz
