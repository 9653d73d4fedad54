#include "core/weighted_draw.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "core/rng.hpp"

namespace dungen::core {
namespace {

// Draws without replacement from `weights` both ways, from generators in the same state:
// every index and every generator state must agree.
void expect_same_draws(std::vector<std::uint32_t> weights, Seed seed, WeightedDraw draw) {
  Rng a(seed), b(seed);
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

void expect_same_draws(const std::vector<std::uint32_t>& weights, Seed seed) {
  WeightedDraw draw;
  draw.assign(weights);
  expect_same_draws(weights, seed, draw);
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

TEST(WeightedDraw, WeightsSetOneAtATimeDrawAsPickWeightedOnThemDraws) {
  Rng make(5);
  for (const std::size_t n : {1u, 2u, 5u, 16u, 100u, 1000u}) {
    std::vector<std::uint32_t> weights(n, 0);
    WeightedDraw kept;
    kept.assign(weights);
    for (Seed step = 0; step < 120; ++step) {
      SCOPED_TRACE(testing::Message() << "n " << n << " step " << step);
      // Up, down, to 0 and back, now and then past 32 bits in sum.
      const std::size_t i = make.uniform(n);
      const std::uint64_t kind = make.uniform(4);
      weights[i] = kind == 0   ? 0
                   : kind == 1 ? 4000000000u
                               : static_cast<std::uint32_t>(1 + make.uniform(1000));
      kept.set(i, weights[i]);
      ASSERT_EQ(kept.weight(i), weights[i]);
      const auto first =
          std::find_if(weights.begin(), weights.end(), [](std::uint32_t w) { return w > 0; });
      ASSERT_EQ(kept.first(), static_cast<std::size_t>(first - weights.begin()));
      Rng a(step), b(step);
      ASSERT_EQ(kept.draw(b), a.pick_weighted(weights));
      ASSERT_EQ(a.next(), b.next());
      if (step % 40 == 39) expect_same_draws(weights, step, kept);  // a whole door's draws
    }
  }
}

TEST(WeightedDraw, FirstIsTheLowestIndexOfWeightAndDrawsNothing) {
  WeightedDraw draw;
  draw.assign(std::vector<std::uint32_t>{0, 0, 5, 0, 2});
  EXPECT_EQ(draw.first(), 2u);
  draw.zero(2);
  EXPECT_EQ(draw.first(), 4u);
  draw.set(0, 1);
  EXPECT_EQ(draw.first(), 0u);
  draw.zero(0);
  draw.zero(4);
  EXPECT_EQ(draw.first(), 5u);  // size(): nothing left
}

}  // namespace
}  // namespace dungen::core
