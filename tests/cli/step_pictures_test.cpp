// Tests of cli/step_pictures: the scale of --dump-steps pictures stays within 64 megapixels.
#include "cli/step_pictures.hpp"

#include <gtest/gtest.h>

namespace dungen::cli {
namespace {

TEST(StepPictures, ScaleKeptWhenThePictureFits) {
  EXPECT_EQ(step_picture_scale({200, 200}, 8), 8);
  EXPECT_EQ(step_picture_scale({1024, 1024}, 8), 8);  // 8192 x 8192 = 64 megapixels exactly
  EXPECT_EQ(step_picture_scale({0, 0}, 64), 64);
}

TEST(StepPictures, ScaleLoweredToTheLargestThatFits) {
  EXPECT_EQ(step_picture_scale({1025, 1024}, 8), 7);
  EXPECT_EQ(step_picture_scale({200, 200}, 64), 40);  // 8000 x 8000; 41 would be 8200 x 8200
  EXPECT_EQ(step_picture_scale({5148, 5091}, 8), 1);  // 26 megapixels at scale 1
  EXPECT_EQ(step_picture_scale({20000, 20000}, 8), 1);  // never below 1
}

}  // namespace
}  // namespace dungen::cli
