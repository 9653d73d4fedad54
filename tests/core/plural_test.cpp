// Tests of core/plural: counts read right in messages and reports.

#include "core/plural.hpp"

#include <gtest/gtest.h>

#include <cstddef>

namespace dungen::core {
namespace {

TEST(CountOf, SingularForOneOnly) {
  EXPECT_EQ(count_of(0, "unused doors"), "0 unused doors");
  EXPECT_EQ(count_of(1, "unused doors"), "1 unused door");
  EXPECT_EQ(count_of(2, "unused doors"), "2 unused doors");
  EXPECT_EQ(count_of(std::size_t{1}, "passable cells"), "1 passable cell");
  EXPECT_EQ(count_of(-1, "steps"), "-1 steps");
}

TEST(CountOf, MassNounsStayAsTheyAre) {
  EXPECT_EQ(count_of(1, "loot"), "1 loot");
  EXPECT_EQ(count_of(3, "decor"), "3 decor");
  EXPECT_EQ(count_of(1, ""), "1 ");
}

}  // namespace
}  // namespace dungen::core
