#include "cli/validators.hpp"

#include <fmt/format.h>

#include <charconv>

namespace dungen::cli {

CLI::Validator whole_number(std::int64_t lo, std::int64_t hi) {
  return CLI::Validator(
      [lo, hi](std::string& text) -> std::string {
        std::int64_t value = 0;
        const char* end = text.data() + text.size();
        const auto [ptr, ec] = std::from_chars(text.data(), end, value);
        if (text.empty() || ec != std::errc{} || ptr != end || value < lo || value > hi) {
          return fmt::format("must be a whole number from {} to {}, got '{}'", lo, hi, text);
        }
        return {};
      },
      fmt::format("{}..{}", lo, hi));
}

}  // namespace dungen::cli
