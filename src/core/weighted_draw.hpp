#pragma once
/// \file weighted_draw.hpp
/// Drawing indices by weight without replacement from long lists: each draw is the one
/// Rng::pick_weighted makes on the weights as they are, in O(log n) instead of O(n).

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/rng.hpp"

namespace dungen::core {

/// Weights kept in a Fenwick tree (Fenwick 1994, "A new data structure for cumulative
/// frequency tables"): draw(), first(), set() and zero() cost O(log n), assign() O(n). The
/// draws depend only on the weights as they are, not on how they came to be.
class WeightedDraw {
 public:
  /// Replaces the weights.
  void assign(std::span<const std::uint32_t> weights);
  /// The weight of index `i` (< size()).
  [[nodiscard]] std::uint32_t weight(std::size_t i) const { return weights_[i]; }
  /// Sets the weight of index `i` (< size()) to 0: it is never drawn again.
  void zero(std::size_t i) { set(i, 0); }
  /// Sets the weight of index `i` (< size()) to `w`.
  void set(std::size_t i, std::uint32_t w);
  /// An index drawn with probability weight / total, exactly as rng.pick_weighted(weights)
  /// draws it (the same value from the same state, one draw from `rng`); size() when every
  /// weight is 0 (no draw is made then).
  [[nodiscard]] std::size_t draw(Rng& rng) const;
  /// The lowest index of weight above 0; size() when every weight is 0. Draws nothing.
  [[nodiscard]] std::size_t first() const { return total_ == 0 ? size() : find(0); }
  [[nodiscard]] std::size_t size() const { return weights_.size(); }

 private:
  /// The first index whose running sum of weights passes `r` (< total_).
  [[nodiscard]] std::size_t find(std::uint64_t r) const;
  std::vector<std::uint32_t> weights_;
  std::vector<std::uint64_t> tree_;  ///< tree_[k]: the sum of weights (k - lowbit(k), k]
  std::uint64_t total_ = 0;
};

}  // namespace dungen::core
