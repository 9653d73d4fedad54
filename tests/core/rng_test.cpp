#include "core/rng.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <vector>

namespace dungen::core {
namespace {

TEST(Rng, SameSeedSameSequenceAndKnownValues) {
  Rng a(42), b(42);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(a.next(), b.next());
  // Golden values: the generator must never change silently (every saved seed depends on it).
  Rng g(0);
  EXPECT_EQ(g.next(), 0x99ec5f36cb75f2b4ull);
  EXPECT_EQ(g.next(), 0xbf6e1f784956452aull);
}

TEST(Rng, UniformStaysInRangeAndCoversIt) {
  Rng r(7);
  std::array<int, 6> seen{};
  for (int i = 0; i < 6000; ++i) {
    const auto v = r.uniform(6);
    ASSERT_LT(v, 6u);
    ++seen[v];
  }
  for (int count : seen) EXPECT_GT(count, 800);  // 1000 expected each
}

TEST(Rng, RangeIsInclusive) {
  Rng r(1);
  bool lo = false, hi = false;
  for (int i = 0; i < 1000; ++i) {
    const int v = r.range(-2, 2);
    ASSERT_GE(v, -2);
    ASSERT_LE(v, 2);
    lo = lo || v == -2;
    hi = hi || v == 2;
  }
  EXPECT_TRUE(lo && hi);
}

TEST(Rng, PickWeightedNeverPicksZeroWeights) {
  Rng r(3);
  const std::vector<std::uint32_t> w = {0, 5, 0, 1};
  int ones = 0;
  for (int i = 0; i < 600; ++i) {
    const auto k = r.pick_weighted(w);
    ASSERT_TRUE(k == 1 || k == 3);
    ones += k == 3;
  }
  EXPECT_GT(ones, 50);
  EXPECT_LT(ones, 160);
  const std::vector<std::uint32_t> none = {0, 0};
  EXPECT_EQ(r.pick_weighted(none), 2u);
}

TEST(Rng, ShuffleIsAPermutationAndDeterministic) {
  std::vector<int> a = {1, 2, 3, 4, 5, 6, 7, 8}, b = a;
  Rng r1(9), r2(9);
  r1.shuffle(a);
  r2.shuffle(b);
  EXPECT_EQ(a, b);
  std::sort(a.begin(), a.end());
  EXPECT_EQ(a, (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8}));
}

TEST(Rng, SkipShuffleMakesTheDrawsOfAShuffle) {
  for (const std::size_t n : {0u, 1u, 2u, 7u, 300u}) {
    std::vector<std::size_t> items(n);
    Rng a(n + 3), b(n + 3);
    a.shuffle(items);
    b.skip_shuffle(n);
    EXPECT_EQ(a.next(), b.next()) << n;
  }
  Rng a(1), b(1);
  b.skip_shuffle(2);
  EXPECT_NE(a.next(), b.next());  // a shuffle of 2 items draws once
}

TEST(Rng, ForkDependsOnLabelAndSeedOnlyNotOnDraws) {
  Rng a(5), b(5);
  for (int i = 0; i < 10; ++i) (void)a.next();
  EXPECT_EQ(a.fork("locks").next(), b.fork("locks").next());
  EXPECT_NE(a.fork("locks").next(), a.fork("layout").next());
}

TEST(Rng, ChanceFollowsTheRatio) {
  Rng r(11);
  int hits = 0;
  for (int i = 0; i < 10000; ++i) hits += r.chance(1, 4);
  EXPECT_NEAR(hits, 2500, 200);
  EXPECT_FALSE(Rng(1).chance(0, 5));
}

}  // namespace
}  // namespace dungen::core

namespace dungen::core {
namespace {

// Retries depend on the level's seed only (since generation 2); these values may change only with
// a new kGenerationVersion.
TEST(RetrySeed, DerivedFromTheLevelSeedAlone) {
  EXPECT_EQ(retry_seed(7, 0), 7u);
  EXPECT_EQ(retry_seed(7, 1), 14532190430061863783ull);
  EXPECT_EQ(retry_seed(7, 2), 2372356135746103214ull);
  EXPECT_NE(retry_seed(8, 1), retry_seed(7, 1));
  EXPECT_NE(retry_seed(7, 1), 8u);  // not the next level's seed, as seed + attempt was
  EXPECT_EQ(kGenerationVersion, 4);
}

}  // namespace
}  // namespace dungen::core

namespace dungen::core {
namespace {

TEST(Rng, PreviousUndoesNext) {
  Rng r(5);
  const Rng before = r;
  const std::uint64_t a = r.next(), b = r.next();
  EXPECT_EQ(r.previous(), b);
  EXPECT_EQ(r.previous(), a);
  Rng again = before;
  EXPECT_EQ(r.next(), again.next());
}

// The order told a stretch at a time is the one shuffle makes, and the generator ends where
// the shuffle leaves it.
TEST(ShuffleOrder, TellsTheShufflesOrder) {
  for (std::size_t size : {0u, 1u, 2u, 3u, 10u, 1000u, 100000u}) {
    SCOPED_TRACE(size);
    std::vector<std::size_t> items(size);
    for (std::size_t i = 0; i < size; ++i) items[i] = i;
    Rng shuffled(size + 1), told(size + 1);
    shuffled.shuffle(items);
    ShuffleOrder order(told, size);
    EXPECT_EQ(told.next(), shuffled.next());
    ASSERT_EQ(order.size(), size);
    std::vector<std::size_t> all;
    for (std::size_t from = 0, k = 1; from < size; from += k, k *= 3) {
      const std::vector<std::size_t> part = order.positions(from, std::min(size, from + k));
      all.insert(all.end(), part.begin(), part.end());
    }
    EXPECT_EQ(all, items);
  }
}

TEST(ShuffleOrder, AStretchOfMostOfTheListIsTheSame) {
  std::vector<std::size_t> items(5000);
  for (std::size_t i = 0; i < items.size(); ++i) items[i] = i;
  Rng shuffled(9), told(9);
  shuffled.shuffle(items);
  ShuffleOrder order(told, items.size());
  EXPECT_EQ(order.positions(10, 20),
            std::vector<std::size_t>(items.begin() + 10, items.begin() + 20));
  EXPECT_EQ(order.positions(0, 5000), items);  // more than a sixteenth: the whole order is made
  EXPECT_EQ(order.positions(4990, 5000),
            std::vector<std::size_t>(items.begin() + 4990, items.end()));
}

}  // namespace
}  // namespace dungen::core
