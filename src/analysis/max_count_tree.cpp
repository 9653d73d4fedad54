#include "analysis/max_count_tree.hpp"

#include <algorithm>

namespace dungen::analysis {

MaxCountTree::MaxCountTree(const std::vector<std::int64_t>& values) {
  while (leaves_ < values.size()) leaves_ *= 2;
  max_.assign(2 * leaves_, kNone);
  count_.assign(2 * leaves_, 0);
  add_.assign(2 * leaves_, 0);
  changed_.assign(2 * leaves_, 0);
  for (std::size_t i = 0; i < values.size(); ++i) {
    max_[leaves_ + i] = values[i];
    count_[leaves_ + i] = 1;
  }
  for (std::size_t k = leaves_ - 1; k >= 1; --k) pull(k);
  built_max_ = max_;
  built_count_ = count_;
}

void MaxCountTree::pull(std::size_t k) {
  const std::int64_t a = max_[2 * k], b = max_[2 * k + 1], m = std::max(a, b);
  max_[k] = m + add_[k];
  count_[k] = (a == m ? count_[2 * k] : 0) + (b == m ? count_[2 * k + 1] : 0);
}

void MaxCountTree::touch(std::size_t k) {
  if (changed_[k] != 0) return;
  changed_[k] = 1;
  changes_.push_back(k);
}

void MaxCountTree::add(std::size_t lo, std::size_t hi, std::int64_t delta) {
  if (lo < hi) add(1, 0, leaves_, lo, hi, delta);
}

void MaxCountTree::add(std::size_t k, std::size_t l, std::size_t r, std::size_t lo, std::size_t hi,
                       std::int64_t delta) {
  if (hi <= l || r <= lo) return;
  touch(k);
  if (lo <= l && r <= hi) {
    max_[k] += delta;
    add_[k] += delta;
    return;
  }
  const std::size_t m = (l + r) / 2;
  add(2 * k, l, m, lo, hi, delta);
  add(2 * k + 1, m, r, lo, hi, delta);
  pull(k);
}

MaxCountTree::Best MaxCountTree::best(std::size_t lo, std::size_t hi) const {
  return lo < hi ? best(1, 0, leaves_, lo, hi, 0) : Best{};
}

MaxCountTree::Best MaxCountTree::best(std::size_t k, std::size_t l, std::size_t r, std::size_t lo,
                                      std::size_t hi, std::int64_t above) const {
  if (hi <= l || r <= lo) return {};
  if (lo <= l && r <= hi) return {max_[k] + above, count_[k]};
  const std::size_t m = (l + r) / 2;
  const Best a = best(2 * k, l, m, lo, hi, above + add_[k]);
  const Best b = best(2 * k + 1, m, r, lo, hi, above + add_[k]);
  if (a.value != b.value) return a.value > b.value ? a : b;
  return {a.value, a.count + b.count};
}

void MaxCountTree::collect(std::size_t lo, std::size_t hi, std::int64_t value,
                           std::vector<std::size_t>& out) const {
  if (lo < hi) collect(1, 0, leaves_, lo, hi, value, 0, out);
}

void MaxCountTree::collect(std::size_t k, std::size_t l, std::size_t r, std::size_t lo,
                           std::size_t hi, std::int64_t value, std::int64_t above,
                           std::vector<std::size_t>& out) const {
  if (hi <= l || r <= lo || max_[k] + above < value) return;
  if (r - l == 1) {
    if (max_[k] + above == value) out.push_back(l);
    return;
  }
  const std::size_t m = (l + r) / 2;
  collect(2 * k, l, m, lo, hi, value, above + add_[k], out);
  collect(2 * k + 1, m, r, lo, hi, value, above + add_[k], out);
}

void MaxCountTree::reset() {
  for (std::size_t k : changes_) {
    max_[k] = built_max_[k];
    count_[k] = built_count_[k];
    add_[k] = 0;
    changed_[k] = 0;
  }
  changes_.clear();
}

}  // namespace dungen::analysis
