#pragma once
/// \file max_count_tree.hpp
/// A segment tree over a row of integer values with lazy range addition: the largest value
/// of any range, how many positions hold it, and which, each in time logarithmic in the row
/// (plus the positions listed). It remembers every node it changes, so going back to the
/// values it was built with costs only what changed since.

#include <cstdint>
#include <limits>
#include <vector>

namespace dungen::analysis {

/// Range addition and range maximum (with its count and positions) over a row of values.
class MaxCountTree {
 public:
  /// Value of positions outside the row, below any value the row holds.
  static constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::min() / 2;

  /// The largest value of a range and how many positions hold it; {kNone, 0} when empty.
  struct Best {
    std::int64_t value = kNone;
    std::size_t count = 0;
  };

  /// A tree over `values` (positions 0 .. size - 1). Values and the sums added to them must
  /// stay above kNone / 2.
  explicit MaxCountTree(const std::vector<std::int64_t>& values);

  /// Adds `delta` to the values at positions lo .. hi - 1.
  void add(std::size_t lo, std::size_t hi, std::int64_t delta);
  /// The largest value at positions lo .. hi - 1 and how many hold it.
  [[nodiscard]] Best best(std::size_t lo, std::size_t hi) const;
  /// Appends to `out` the positions lo .. hi - 1 whose value is `value`, ascending.
  void collect(std::size_t lo, std::size_t hi, std::int64_t value,
               std::vector<std::size_t>& out) const;
  /// Back to the values the tree was built with, in time proportional to the nodes changed
  /// since the last reset.
  void reset();

 private:
  void add(std::size_t k, std::size_t l, std::size_t r, std::size_t lo, std::size_t hi,
           std::int64_t delta);
  [[nodiscard]] Best best(std::size_t k, std::size_t l, std::size_t r, std::size_t lo,
                          std::size_t hi, std::int64_t above) const;
  void collect(std::size_t k, std::size_t l, std::size_t r, std::size_t lo, std::size_t hi,
               std::int64_t value, std::int64_t above, std::vector<std::size_t>& out) const;
  void pull(std::size_t k);
  void touch(std::size_t k);

  std::size_t leaves_ = 1;            ///< leaves: a power of two >= the row's size
  std::vector<std::int64_t> max_;     ///< per node: its range's largest value, own add included
  std::vector<std::uint32_t> count_;  ///< per node: how many positions hold max_
  std::vector<std::int64_t> add_;     ///< per node: added to its whole range, not yet below
  std::vector<std::int64_t> built_max_;
  std::vector<std::uint32_t> built_count_;
  std::vector<std::uint8_t> changed_;  ///< per node: changed since the last reset
  std::vector<std::size_t> changes_;   ///< the nodes changed since the last reset
};

}  // namespace dungen::analysis
