// Tests of cli/progress: the batch's bar counts levels finished, never backwards, however the
// workers interleave.

#include "cli/progress.hpp"

#include <gtest/gtest.h>

#include <regex>
#include <sstream>
#include <thread>
#include <vector>

namespace dungen::cli {
namespace {

// The counts of the bar lines in `out`, in the order printed.
std::vector<int> counts(const std::string& out) {
  std::vector<int> found;
  const std::regex bar(R"(\r\[#* *\] (\d+)/\d+)");
  for (auto it = std::sregex_iterator(out.begin(), out.end(), bar); it != std::sregex_iterator();
       ++it)
    found.push_back(std::stoi((*it)[1]));
  return found;
}

TEST(ProgressLine, FillsThirtyColumnsAndEndsTheLineWhenDone) {
  EXPECT_EQ(progress_line(0, 4), "\r[                              ] 0/4");
  EXPECT_EQ(progress_line(2, 4), "\r[###############               ] 2/4");
  EXPECT_EQ(progress_line(4, 4), "\r[##############################] 4/4\n");
}

// Workers finishing levels out of order (level 1 before level 0, as with -j 2) still see
// the count go 1, 2, ...: it is the number finished, not the index.
TEST(BatchProgress, CountsFinishedLevelsWhicheverFinishesFirst) {
  std::ostringstream out;
  BatchProgress progress(3, true, out);
  progress.finished(1, "");
  progress.finished(0, "");
  progress.finished(2, "");
  EXPECT_EQ(counts(out.str()), (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(progress.done(), 3);
  EXPECT_EQ(out.str().back(), '\n');
}

TEST(BatchProgress, CountsGoUpOneByOneFromTwoWorkers) {
  std::ostringstream out;
  const int per_worker = 300;
  BatchProgress progress(2 * per_worker, true, out);
  auto worker = [&](int first) {
    for (int i = first; i < 2 * per_worker; i += 2) progress.finished(i, "");
  };
  { std::jthread a(worker, 0), b(worker, 1); }
  const std::vector<int> seen = counts(out.str());
  ASSERT_EQ(seen.size(), static_cast<std::size_t>(2 * per_worker));
  for (std::size_t i = 0; i < seen.size(); ++i) ASSERT_EQ(seen[i], static_cast<int>(i) + 1);
}

TEST(BatchProgress, ErrorsOnTheirOwnLineAndNoBarOffATerminal) {
  std::ostringstream bar_out, plain_out;
  BatchProgress bar(2, true, bar_out), plain(2, false, plain_out);
  for (BatchProgress* p : {&bar, &plain}) {
    p->finished(1, "cannot write x.png");
    p->finished(0, "");
  }
  EXPECT_EQ(plain_out.str(), "dungen: error: level 1: cannot write x.png\n");
  EXPECT_EQ(bar_out.str(), "\ndungen: error: level 1: cannot write x.png\n" + progress_line(1, 2) +
                               progress_line(2, 2));
  EXPECT_EQ(plain.done(), 2);
}

}  // namespace
}  // namespace dungen::cli
