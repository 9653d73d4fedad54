#pragma once
/// \file rect_grid.hpp
/// A uniform bucket grid over rectangles, for "which rectangles are near this one?" in
/// about constant time instead of comparing all pairs.

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/geometry.hpp"

namespace dungen::gen {

/// Rectangles (cells) bucketed by a square grid of `bucket` cells. Lookups only: results are
/// returned sorted, so nothing depends on hash-map order.
class RectGrid {
 public:
  explicit RectGrid(int bucket) : bucket_(bucket > 0 ? bucket : 1) {}

  /// Adds rectangle `r` under `id`.
  void insert(int id, core::Rect r);

  /// Ids of rectangles whose buckets meet `r` grown by `margin` cells on every side (a
  /// superset of those within `margin` of it), sorted, without duplicates.
  [[nodiscard]] std::vector<int> near(core::Rect r, int margin) const;

 private:
  [[nodiscard]] static std::uint64_t key(int bx, int by) {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(bx)) << 32) |
           static_cast<std::uint32_t>(by);
  }
  [[nodiscard]] int bucket_of(int v) const {
    return v >= 0 ? v / bucket_ : -((-v + bucket_ - 1) / bucket_);
  }

  int bucket_;
  std::unordered_map<std::uint64_t, std::vector<int>> buckets_;
};

}  // namespace dungen::gen
