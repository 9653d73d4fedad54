// Replays the png fuzz target's seeds through its harness (fuzz/png_path.hpp) in every build,
// sanitized or not: PngSuite (tests/data/pngsuite/) and tests/data/png/. The harness aborts on a
// bug (a refusal that is not one clean line, pixels that differ from stb_image's), which fails
// this test binary.

#include "png_path.hpp"

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

std::vector<fs::path> pngs_in(const fs::path& folder) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(folder)) {
    if (entry.path().extension() == ".png") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

PngPathOutcome replay(const fs::path& file) {
  SCOPED_TRACE(file.string());
  return run_png_path(io::fs::read_file(file));
}

TEST(PngPath, PngSuiteDecodesItsValidImagesAndRefusesItsCorruptOnes) {
  int decoded = 0, refused = 0;
  for (const fs::path& f : pngs_in(test::data_path("pngsuite"))) {
    const PngPathOutcome outcome = replay(f);
    const std::string name = f.filename().string();
    // Mended CRCs make the two CRC cases (IHDR, IDAT) whole images again.
    const bool whole = name[0] != 'x' || name == "xcsn0g01.png" || name == "xhdn0g08.png";
    EXPECT_EQ(outcome, whole ? PngPathOutcome::Decoded : PngPathOutcome::Refused) << name;
    (outcome == PngPathOutcome::Decoded ? decoded : refused) += 1;
  }
  EXPECT_EQ(decoded, 163);
  EXPECT_EQ(refused, 12);
}

TEST(PngPath, PngFixturesEndInAnErrorOrAnImage) {
  int refused = 0;
  for (const fs::path& f : pngs_in(test::data_path("png"))) {
    refused += replay(f) == PngPathOutcome::Refused ? 1 : 0;
  }
  EXPECT_GE(refused, 5);  // empty, not a PNG, truncated, zero width, over the limit, ...
}

TEST(PngPath, MendingCrcsChangesOnlyTheCrcsOfWholeChunks) {
  std::vector<std::uint8_t> bytes = io::fs::read_file(test::data_path("pngsuite/xcsn0g01.png"));
  const std::vector<std::uint8_t> mended = with_good_crcs(bytes);
  ASSERT_EQ(mended.size(), bytes.size());
  std::size_t differ = 0;
  for (std::size_t i = 0; i < bytes.size(); ++i) differ += bytes[i] != mended[i] ? 1 : 0;
  EXPECT_GE(differ, 1u);
  EXPECT_LE(differ, 4u);  // one chunk's CRC
  EXPECT_EQ(with_good_crcs(mended), mended);
}

}  // namespace
}  // namespace dungen::fuzz
