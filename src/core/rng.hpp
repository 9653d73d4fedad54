#pragma once
/// \file rng.hpp
/// The only source of randomness in dungen: xoshiro256** (Blackman and Vigna, 2018)
/// seeded through SplitMix64, with our own integer distributions so that the same seed
/// gives the same numbers with every compiler and standard library.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

namespace dungen::core {

/// A seed: any 64-bit value.
using Seed = std::uint64_t;

/// The generation version, written in every report: the same inputs, options, seed and
/// generation version give byte-identical outputs, whatever the build or machine. It goes up
/// whenever a release changes what some seed makes; docs/reports.md lists what each changed.
/// 1: every level before the version was recorded. 2: a retried level's attempts use seeds
/// derived from its own seed (retry_seed), not seed + attempt x batch size. 3: the searches
/// are bounded by their work (generate's completion search, --graph's looks for where a
/// loop's rooms meet) and draw from long lists of ways (corridor tiles of many doors). 4:
/// generate keeps its frontier alive (tiles that branch are drawn first while few doors are
/// open) and makes loops on purpose (--loops, default auto).
inline constexpr int kGenerationVersion = 4;

/// The seed of attempt `attempt` (1, 2, ...) at a level whose seed is `seed`: SplitMix64 of
/// both, so a level's retries depend on its seed only (not on the batch around it) and no
/// two levels' attempts share seeds in practice. Attempt 0 is `seed` itself.
[[nodiscard]] Seed retry_seed(Seed seed, int attempt);

/// A seeded pseudo-random number generator. Not thread-safe; give each thread or
/// purpose its own (see fork).
class Rng {
 public:
  /// A generator whose whole output is determined by `seed`.
  explicit Rng(Seed seed);

  /// The next raw 64-bit value.
  std::uint64_t next();

  /// Undoes the last next() (xoshiro256**'s state update is invertible): the generator is as
  /// it was before that call, which returned the value returned here.
  std::uint64_t previous();

  /// A uniform integer in [0, n); n must be > 0. Lemire's nearly-divisionless method
  /// ("Fast Random Integer Generation in an Interval", 2019): no modulo bias.
  std::uint64_t uniform(std::uint64_t n);

  /// A uniform int in [lo, hi] (inclusive); lo must be <= hi.
  int range(int lo, int hi);

  /// True with probability numerator / denominator (denominator > 0).
  bool chance(std::uint64_t numerator, std::uint64_t denominator);

  /// An index into `weights` drawn with probability weight / sum; weights of 0 are
  /// never drawn. Returns weights.size() when every weight is 0.
  std::size_t pick_weighted(std::span<const std::uint32_t> weights);

  /// Fisher-Yates shuffle of `items`.
  template <typename T>
  void shuffle(std::vector<T>& items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      const auto j = static_cast<std::size_t>(uniform(i));
      std::swap(items[i - 1], items[j]);
    }
  }

  /// A walk over [0, n) visiting each index once in a spread-out order, index i of it being
  /// (start + i * stride) % n: for lists too long to shuffle whole, of which only a few are
  /// wanted. Drawn by spread().
  struct Spread {
    std::size_t start = 0, stride = 1, n = 1;
    [[nodiscard]] std::size_t at(std::size_t i) const { return (start + i * stride) % n; }
  };

  /// A Spread over [0, n) (n >= 2): a random start and a random stride coprime with n (two
  /// draws; gcd(n - 1, n) = 1 ends the search for one).
  Spread spread(std::size_t n);

  /// The draws shuffle() makes on `n` items, without the items: the generator ends in the
  /// state a shuffle of `n` items leaves it in.
  void skip_shuffle(std::size_t n) {
    for (std::size_t i = n; i > 1; --i) (void)uniform(i);
  }

  /// An independent generator for one purpose (e.g. "layout", "locks"), derived from
  /// this generator's seed and `label` only: drawing from this generator does not change
  /// what the fork gives, so decoration cannot move rooms.
  [[nodiscard]] Rng fork(std::string_view label) const;

  /// The seed this generator was made from.
  [[nodiscard]] Seed seed() const { return seed_; }

 private:
  Seed seed_;
  std::uint64_t s_[4];
};

/// The order Rng::shuffle gives a list of `size` items, told a stretch at a time without the
/// list: the shuffle's draws are made once, then each stretch is found by undoing them
/// (Rng::previous) and following the stretch's positions back through the swaps. A stretch
/// of k positions costs O(size) time and O(k) memory, where the shuffled list costs 4 bytes
/// per item: what a caller needs when it takes only the first few items of a huge list.
/// When a draw was redrawn (Lemire's rejection, chance below size^2 / 2^65 in all), or a
/// stretch covers more than a sixteenth of the list, the order is made whole once instead
/// (4 bytes per item, where following a position takes about 64 bytes).
class ShuffleOrder {
 public:
  /// Makes the draws rng.shuffle makes for `size` items (size < 2^32), so `rng` ends as the
  /// shuffle leaves it.
  ShuffleOrder(Rng& rng, std::size_t size);
  /// The number of items.
  [[nodiscard]] std::size_t size() const { return size_; }
  /// For positions from .. to - 1 of the shuffled list (from <= to <= size()), the items'
  /// positions in the list before the shuffle, in that order.
  [[nodiscard]] std::vector<std::size_t> positions(std::size_t from, std::size_t to);

 private:
  std::size_t size_;
  Rng start_;                         ///< before the draws
  Rng end_;                           ///< after them
  bool redrawn_ = false;              ///< some draw was rejected and drawn again
  std::vector<std::uint32_t> whole_;  ///< the whole order, once made
};

/// SplitMix64's output function: a well-mixed 64-bit value from `x` (used for seeding).
[[nodiscard]] std::uint64_t splitmix64(std::uint64_t& state);

}  // namespace dungen::core
