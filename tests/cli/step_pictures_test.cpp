// Tests of cli/step_pictures: the scale of --dump-steps pictures stays within 64 megapixels.
#include "cli/step_pictures.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

namespace dungen::cli {
namespace {

TEST(StepPictures, ScaleKeptWhenThePictureFits) {
  EXPECT_EQ(step_picture_scale({200, 200}, 8), 8);
  EXPECT_EQ(step_picture_scale({1024, 1024}, 8), 8);  // 8192 x 8192 = 64 megapixels exactly
  EXPECT_EQ(step_picture_scale({0, 0}, 64), 64);
}

TEST(StepPictures, ScaleLoweredToTheLargestThatFits) {
  EXPECT_EQ(step_picture_scale({1025, 1024}, 8), 7);
  EXPECT_EQ(step_picture_scale({200, 200}, 64), 40);    // 8000 x 8000; 41 would be 8200 x 8200
  EXPECT_EQ(step_picture_scale({5148, 5091}, 8), 1);    // 26 megapixels at scale 1
  EXPECT_EQ(step_picture_scale({20000, 20000}, 8), 1);  // never below 1
}

// --retries can make thousands of steps: names stop at 999, so they sort in order.
TEST(StepPictures, AtMostAThousandPictures) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("dungen-step-pictures-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  StepPictures pictures(dir, 1, true);
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
