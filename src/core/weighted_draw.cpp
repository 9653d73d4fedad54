#include "core/weighted_draw.hpp"

namespace dungen::core {

void WeightedDraw::assign(std::span<const std::uint32_t> weights) {
  weights_.assign(weights.begin(), weights.end());
  const std::size_t n = weights_.size();
  tree_.assign(n + 1, 0);
  total_ = 0;
  for (std::size_t k = 1; k <= n; ++k) {  // linear construction: push each sum to its parent
    tree_[k] += weights_[k - 1];
    total_ += weights_[k - 1];
    const std::size_t parent = k + (k & (~k + 1));
    if (parent <= n) tree_[parent] += tree_[k];
  }
}

void WeightedDraw::set(std::size_t i, std::uint32_t w) {
  const std::uint64_t before = weights_[i];
  if (w == before) return;
  weights_[i] = w;
  total_ = total_ - before + w;
  // Sums change by w - before, in the modular arithmetic of std::uint64_t: every sum stays
  // the true (non-negative) one.
  const std::uint64_t change = std::uint64_t{w} - before;
  for (std::size_t k = i + 1; k < tree_.size(); k += k & (~k + 1)) tree_[k] += change;
}

std::size_t WeightedDraw::draw(Rng& rng) const {
  if (total_ == 0) return weights_.size();
  return find(rng.uniform(total_));
}

std::size_t WeightedDraw::find(std::uint64_t r) const {
  // The longest prefix whose sum is at most r; the next index is the first whose running
  // sum passes r, as pick_weighted's scan finds it (never one of weight 0).
  std::size_t pos = 0;
  std::size_t step = 1;
  while (step * 2 <= weights_.size()) step *= 2;
  for (; step > 0; step /= 2) {
    if (pos + step < tree_.size() && tree_[pos + step] <= r) {
      pos += step;
      r -= tree_[pos];
    }
  }
  return pos;
}

}  // namespace dungen::core
