#include "cli/progress.hpp"

#include <fmt/format.h>

#include "core/error.hpp"

namespace dungen::cli {

std::string progress_line(int done, int total) {
  const int width = 30, filled = total > 0 ? done * width / total : width;
  return fmt::format("\r[{:<{}}] {}/{}{}", std::string(static_cast<std::size_t>(filled), '#'),
                     width, done, total, done == total ? "\n" : "");
}

void BatchProgress::finished(int index, std::string_view error) {
  std::lock_guard lock(mutex_);
  const int done = ++done_;
  try {
    if (!error.empty())
      out_ << (bar_ ? "\n" : "")
           << printable_uncut(fmt::format("dungen: error: level {}: {}", index, error)) << "\n";
    if (bar_) out_ << progress_line(done, total_) << std::flush;
  } catch (...) {  // a line that cannot be formatted or written: the count still holds
  }
}

int BatchProgress::done() const {
  std::lock_guard lock(mutex_);
  return done_;
}

}  // namespace dungen::cli
