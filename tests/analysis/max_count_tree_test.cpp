#include "analysis/max_count_tree.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/rng.hpp"

namespace dungen::analysis {
namespace {

TEST(MaxCountTree, AnswersAsAPlainRowDoesThroughAddsAndResets) {
  core::Rng rng(7);
  for (std::size_t size : {1u, 2u, 5u, 64u, 100u}) {
    std::vector<std::int64_t> built(size);
    for (auto& v : built) v = static_cast<std::int64_t>(rng.uniform(5));
    std::vector<std::int64_t> row = built;
    MaxCountTree tree(built);
    for (int op = 0; op < 600; ++op) {
      std::size_t lo = rng.uniform(size + 1), hi = rng.uniform(size + 1);
      if (lo > hi) std::swap(lo, hi);
      SCOPED_TRACE(::testing::Message() << "size " << size << " op " << op);
      switch (rng.uniform(4)) {
        case 0: {
          const auto delta = static_cast<std::int64_t>(rng.uniform(5)) - 2;
          tree.add(lo, hi, delta);
          for (std::size_t i = lo; i < hi; ++i) row[i] += delta;
          break;
        }
        case 1: {
          const MaxCountTree::Best b = tree.best(lo, hi);
          if (lo == hi) {
            EXPECT_EQ(b.count, 0u);
            break;
          }
          const std::int64_t m = *std::max_element(row.begin() + static_cast<long>(lo),
                                                   row.begin() + static_cast<long>(hi));
          EXPECT_EQ(b.value, m);
          EXPECT_EQ(b.count,
                    static_cast<std::size_t>(std::count(row.begin() + static_cast<long>(lo),
                                                        row.begin() + static_cast<long>(hi), m)));
          break;
        }
        case 2: {
          const auto value = static_cast<std::int64_t>(rng.uniform(7)) - 1;
          std::vector<std::size_t> got, want;
          tree.collect(lo, hi, value, got);
          for (std::size_t i = lo; i < hi; ++i)
            if (row[i] == value) want.push_back(i);
          EXPECT_EQ(got, want);
          break;
        }
        default:
          if (rng.chance(1, 10)) {
            tree.reset();
            row = built;
          }
      }
    }
  }
}

}  // namespace
}  // namespace dungen::analysis
