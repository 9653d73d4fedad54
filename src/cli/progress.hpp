#pragma once
/// \file progress.hpp
/// A batch's progress on standard error: the bar of levels finished and each level's error,
/// printed from several worker threads.

#include <mutex>
#include <ostream>
#include <string>
#include <string_view>

namespace dungen::cli {

/// The bar for `done` of `total` levels: "\r[###...   ] done/total" (30 columns), ending in a
/// newline when done == total.
[[nodiscard]] std::string progress_line(int done, int total);

/// Counts the levels of a batch as workers finish them, in any order, and prints to `out`.
/// Thread-safe.
class BatchProgress {
 public:
  /// `total` levels; `bar`: print the bar after each level (dungen does on a terminal only).
  BatchProgress(int total, bool bar, std::ostream& out) : total_(total), bar_(bar), out_(out) {}

  /// Counts level `index` finished and prints its `error` (when not empty) and the bar, all
  /// under one lock: the count printed is the number of levels finished so far, so it only
  /// goes up, whichever worker finishes first. Output errors are swallowed (a progress line
  /// is not worth ending a worker for).
  void finished(int index, std::string_view error);

  /// Levels finished so far.
  [[nodiscard]] int done() const;

 private:
  mutable std::mutex mutex_;
  int done_ = 0;
  const int total_;
  const bool bar_;
  std::ostream& out_;
};

}  // namespace dungen::cli
