// Tests of cli/step_pictures: the scale of --dump-steps pictures stays within 4 megapixels.
#include "cli/step_pictures.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace dungen::cli {
namespace {

TEST(StepPictures, ScaleKeptWhenThePictureFits) {
  EXPECT_EQ(step_picture_scale({200, 200}, 8), 8);
  EXPECT_EQ(step_picture_scale({256, 256}, 8), 8);  // 2048 x 2048 = 4 megapixels exactly
  EXPECT_EQ(step_picture_scale({0, 0}, 64), 64);
}

TEST(StepPictures, ScaleLoweredToTheLargestThatFits) {
  EXPECT_EQ(step_picture_scale({257, 256}, 8), 7);
  EXPECT_EQ(step_picture_scale({200, 200}, 64), 10);    // 2000 x 2000; 11 would be 2200 x 2200
  EXPECT_EQ(step_picture_scale({2048, 2048}, 8), 1);    // 4 megapixels at scale 1
  EXPECT_EQ(step_picture_scale({20000, 20000}, 8), 1);  // never below 1
}

// A second run into the same folder replaces the first run's pictures, and only those.
TEST(StepPictures, PicturesOfAnEarlierRunAreRemovedOthersKept) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("dungen-step-rerun-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  for (const char* name : {"034-finished.png", "012-placed.png"})  // PNGs: an earlier run's
    std::ofstream(dir / name, std::ios::binary) << "\x89PNG\r\n\x1a\n";
  for (const char* name : {"notes.txt", "1-grown.png", "007-mine.png", "010-grown.png.bak",
                           "099-grown.png"})  // the last named like a picture, but no PNG
    std::ofstream(dir / name) << "x";
  const io::fs::RunFiles files;
  StepPictures pictures(dir, 1, true, files);
  pictures("placed", core::Grid<core::CellKind>(core::Size{1, 1}, core::CellKind::Floor));
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"000-placed.png", "007-mine.png", "010-grown.png.bak",
                                             "099-grown.png", "1-grown.png", "notes.txt"}));
  std::filesystem::remove_all(dir);
}

// --retries can make thousands of steps: names stop at 999, so they sort in order.
TEST(StepPictures, AtMostAThousandPictures) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("dungen-step-pictures-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const io::fs::RunFiles run;
  StepPictures pictures(dir, 1, true, run);
  const core::Grid<core::CellKind> cells(core::Size{1, 1}, core::CellKind::Floor);
  for (int i = 0; i < kMaxStepPictures + 5; ++i) pictures("grown", cells);
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir)) ++files;
  EXPECT_EQ(files, static_cast<std::size_t>(kMaxStepPictures));
  EXPECT_TRUE(std::filesystem::exists(dir / "999-grown.png"));
  EXPECT_FALSE(std::filesystem::exists(dir / "1000-grown.png"));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace dungen::cli
