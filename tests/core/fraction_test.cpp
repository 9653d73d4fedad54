// Tests of core/fraction: fractions from 0 to 1 as the command line gives them.

#include "core/fraction.hpp"

#include <gtest/gtest.h>

#include <optional>

namespace dungen::core {
namespace {

TEST(FractionPermille, ThousandthsRounded) {
  EXPECT_EQ(fraction_permille("0.15"), 150);
  EXPECT_EQ(fraction_permille("1"), 1000);
  EXPECT_EQ(fraction_permille("0"), 0);
  EXPECT_EQ(fraction_permille("1e-1"), 100);
  EXPECT_EQ(fraction_permille("0.1049"), 105);
  EXPECT_EQ(fraction_permille("0.0004"), 0);
}

TEST(FractionPermille, TooCloseToZeroForADoubleIsStillAFraction) {
  EXPECT_EQ(fraction_permille("1e-400"), 0);
  EXPECT_EQ(fraction_permille("5e-320"), 0);  // a denormal double
}

TEST(FractionPermille, AnythingElseIsNone) {
  for (const char* text : {"", "1.5", "-0.1", "0.1x", " 0.1", "nan", "inf", "1e-99999", "1e400"})
    EXPECT_EQ(fraction_permille(text), std::nullopt) << text;
}

}  // namespace
}  // namespace dungen::core
