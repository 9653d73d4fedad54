#include "cli/validators.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <string>
#include <utility>

#include "core/error.hpp"

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
        text = std::to_string(value);  // decimal: CLI11 would read "010" as octal 8
        return {};
      },
      fmt::format("{}..{}", lo, hi));
}

CLI::Validator non_empty_name(std::string give) {
  return CLI::Validator(
      [give = std::move(give)](std::string& text) -> std::string {
        return text.empty() ? "the name is empty; give " + give : "";
      },
      "NAME");
}

int fraction_permille(const std::string& option, const std::string& text) {
  double p = -1;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, p);
  if (text.empty() || ec != std::errc{} || ptr != end || !(p >= 0 && p <= 1)) {
    throw usage_error(option, fmt::format("'{}' is not a fraction from 0 to 1, e.g. 0.15", text));
  }
  return static_cast<int>(std::lround(p * 1000));
}

}  // namespace dungen::cli
