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
/// frequency tables"): draw() and zero() cost O(log n), assign() O(n).
class WeightedDraw {
 public:
  /// Replaces the weights.
  void assign(std::span<const std::uint32_t> weights);
  /// The weight of index `i` (< size()).
  [[nodiscard]] std::uint32_t weight(std::size_t i) const { return weights_[i]; }
  /// Sets the weight of index `i` (< size()) to 0: it is never drawn again.
  void zero(std::size_t i);
  /// An index drawn with probability weight / total, exactly as rng.pick_weighted(weights)
  /// draws it (the same value from the same state, one draw from `rng`); size() when every
  /// weight is 0 (no draw is made then).
  [[nodiscard]] std::size_t draw(Rng& rng) const;
  [[nodiscard]] std::size_t size() const { return weights_.size(); }

 private:
  std::vector<std::uint32_t> weights_;
  std::vector<std::uint64_t> tree_;  ///< tree_[k]: the sum of weights (k - lowbit(k), k]
  std::uint64_t total_ = 0;
};

}  // namespace dungen::core
