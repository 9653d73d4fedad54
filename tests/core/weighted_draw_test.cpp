#include "core/weighted_draw.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "core/rng.hpp"

namespace dungen::core {
namespace {

// Draws without replacement from `weights` both ways, from generators in the same state:
// every index and every generator state must agree.
void expect_same_draws(std::vector<std::uint32_t> weights, Seed seed) {
  Rng a(seed), b(seed);
  WeightedDraw draw;
  draw.assign(weights);
  for (std::size_t k = 0; k <= weights.size(); ++k) {
    const std::size_t linear = a.pick_weighted(weights);
    const std::size_t tree = draw.draw(b);
    ASSERT_EQ(tree, linear) << "draw " << k;
    if (linear == weights.size()) break;
    EXPECT_GT(weights[linear], 0u);
    weights[linear] = 0;
    draw.zero(linear);
  }
  EXPECT_EQ(a.next(), b.next());  // the same number of draws from each
}

TEST(WeightedDraw, DrawsWhatPickWeightedDrawsInEveryState) {
  Rng make(7);
  for (const std::size_t n : {1u, 2u, 3u, 7u, 8u, 9u, 64u, 100u, 1000u}) {
    for (Seed seed = 1; seed <= 5; ++seed) {
      std::vector<std::uint32_t> weights(n);
      for (auto& w : weights)
        w = make.uniform(3) == 0 ? 0 : static_cast<std::uint32_t>(make.uniform(1000));
      expect_same_draws(weights, seed);
    }
  }
  expect_same_draws({0, 0, 0}, 1);                      // nothing to draw: size(), no draw made
  expect_same_draws({0, 0, 5, 0, 0, 0}, 2);             // the one index of weight
  expect_same_draws({4000000000u, 4000000000u, 1}, 3);  // sums past 32 bits
}

TEST(WeightedDraw, NeverDrawsAnIndexOfWeightZero) {
  WeightedDraw draw;
  draw.assign(std::vector<std::uint32_t>{0, 3, 0, 1, 0});
  Rng rng(11);
  for (int i = 0; i < 200; ++i) {
    const std::size_t k = draw.draw(rng);
    EXPECT_TRUE(k == 1 || k == 3) << k;
  }
  draw.zero(1);
  draw.zero(3);
  EXPECT_EQ(draw.draw(rng), 5u);
}

}  // namespace
}  // namespace dungen::core
