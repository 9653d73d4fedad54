// Replays inputs through the text-input fuzz harnesses (fuzz/text_paths.hpp) in every build,
// sanitized or not: the seed corpora (samples/layouts/, tests/data/wad/*.json, the hand-written
// seeds of tests/data/fuzz_seeds/<target>/) and every input a fuzzer once found a bug with
// (tests/data/fuzz/<target>/, each named in tests/data/fuzz/README.md). A harness aborts on a
// broken invariant, and lets any exception but dungen::Error escape: either fails this binary.

#include "text_paths.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <exception>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "io/fs/read.hpp"
#include "support/test_support.hpp"

namespace dungen::fuzz {
namespace {
namespace fs = std::filesystem;

using Path = std::function<TextPathOutcome(std::span<const std::uint8_t>)>;

// The regular files of `folder` but README.md, sorted; none when the folder does not exist.
std::vector<fs::path> files_in(const fs::path& folder, const std::string& extension = "") {
  std::vector<fs::path> files;
  if (!fs::is_directory(folder)) return files;
  for (const auto& entry : fs::directory_iterator(folder)) {
    const fs::path& p = entry.path();
    if (!entry.is_regular_file() || p.filename() == "README.md") continue;
    if (extension.empty() || p.extension() == extension) files.push_back(p);
  }
  std::sort(files.begin(), files.end());
  return files;
}

// An exception other than dungen::Error escaping the harness is the bug it looks for: report it
// with the file's name (gtest alone would not say which input threw) and go on.
TextPathOutcome replay(const Path& path, const fs::path& file) {
  SCOPED_TRACE(file.string());
  const std::vector<std::uint8_t> bytes = io::fs::read_file(file);
  try {
    return path(bytes);
  } catch (const std::exception& e) {
    ADD_FAILURE() << file.string()
                  << ": an exception other than dungen::Error escaped: " << e.what();
  }
  return TextPathOutcome::Rejected;
}

// Every seed and regression input of `target` runs through `path` without a crash; returns
// how many ended in each outcome, so a test can check the seeds still reach the deep end.
std::vector<int> replay_target(const std::string& target, const Path& path) {
  std::vector<int> outcomes(3, 0);
  for (const char* folder : {"fuzz_seeds/", "fuzz/"}) {
    for (const fs::path& f : files_in(test::data_path(folder + target))) {
      ++outcomes[static_cast<std::size_t>(replay(path, f))];
    }
  }
  return outcomes;
}

TEST(TextPaths, SampleLayoutsMakeLevels) {
  const std::vector<fs::path> files = files_in(test::sample_path("layouts"), ".json");
  ASSERT_GE(files.size(), 2u);
  for (const fs::path& f : files)
    EXPECT_EQ(replay(run_layout_path, f), TextPathOutcome::Generated) << f;
  for (const fs::path& f : files_in(test::data_path("wad"), ".json")) {
    EXPECT_EQ(replay(run_layout_path, f), TextPathOutcome::Generated) << f;
  }
}

TEST(TextPaths, LayoutSeedsAndRegressionInputsPass) {
  const std::vector<int> n = replay_target("layout", run_layout_path);
  EXPECT_GE(n[0], 3);  // rejected by the parser: bad JSON, an unknown key, a missing one ...
  EXPECT_GE(n[1], 1);  // parsed, then refused by validate_layout
  EXPECT_GE(n[2], 3);  // made into levels
}

TEST(TextPaths, TilesetSeedsAndRegressionInputsPass) {
  EXPECT_EQ(replay(run_tileset_path,
                   test::data_path(
                       "cases/02-weight0-partner-misreported-as-use-limit/tiles/tileset.txt")),
            TextPathOutcome::Generated);
  const std::vector<int> n = replay_target("tileset", run_tileset_path);
  EXPECT_GE(n[0], 3);  // unknown setting, out of range, no such tile ...
  EXPECT_GE(n[2], 3);  // stitched with the settings
}

TEST(TextPaths, PaletteSeedsAndRegressionInputsPass) {
  const std::vector<int> n = replay_target("palette", run_palette_path);
  EXPECT_GE(n[0], 3);  // a malformed colour, an unknown kind, a control byte ...
  EXPECT_GE(n[1] + n[2], 3);
}

// The seeds that start the palette fuzzer at the one-meaning check (turn3-03): one colour spelt
// #RRGGBB and #RRGGBBAA on two lines matches the same pixels, whatever the order and case, so a
// second meaning is refused; an alpha below 128 is pixels the #RRGGBB line does not match.
TEST(TextPaths, PaletteSeedsReachTheOneMeaningCheck) {
  const fs::path seeds = test::data_path("fuzz_seeds/palette");
  for (const char* refused : {"rgb_then_rgba.palette", "rgba_then_rgb.palette",
                              "rgb_rgba_same_meaning.palette"}) {
    EXPECT_EQ(replay(run_palette_path, seeds / refused), TextPathOutcome::Rejected) << refused;
  }
  EXPECT_NE(replay(run_palette_path, seeds / "alpha_below_half_ok.palette"),
            TextPathOutcome::Rejected);
}

TEST(TextPaths, GraphSeedsAndSampleGraphsPass) {
  const std::vector<int> n = replay_target("graph", run_graph_path);
  EXPECT_GE(n[0], 5);  // bad JSON, an unknown key, a bad tag, a self loop, a pair joined twice ...
  EXPECT_GE(n[2], 3);  // made into levels, realised or with their diagnosis
  for (const fs::path& f : files_in(test::sample_path("graphs"), ".json"))
    EXPECT_NE(replay(run_graph_path, f), TextPathOutcome::Rejected) << f;
}

TEST(TextPaths, EmptyInputs) {
  const std::vector<std::uint8_t> none;
  EXPECT_EQ(run_layout_path(none), TextPathOutcome::Rejected);   // not JSON
  EXPECT_NE(run_tileset_path(none), TextPathOutcome::Rejected);  // no settings: all defaults
  EXPECT_NE(run_palette_path(none), TextPathOutcome::Rejected);  // the default palette
  EXPECT_EQ(run_graph_path(none), TextPathOutcome::Rejected);    // not JSON
}

}  // namespace
}  // namespace dungen::fuzz
