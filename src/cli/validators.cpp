#include "cli/validators.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>
#include <utility>

#include "core/error.hpp"
#include "core/fraction.hpp"

namespace dungen::cli {

CLI::Validator whole_number(std::int64_t lo, std::int64_t hi) {
  return CLI::Validator(
      [lo, hi](std::string& text) -> std::string {
        std::int64_t value = 0;
        const char* end = text.data() + text.size();
        const auto [ptr, ec] = std::from_chars(text.data(), end, value);
        if (text.empty() || ec != std::errc{} || ptr != end || value < lo || value > hi) {
          return fmt::format("must be a whole number from {} to {}, got '{}'", lo, hi,
                             printable(text, 100));
        }
        text = std::to_string(value);  // decimal: CLI11 would read "010" as octal 8
        return {};
      },
      fmt::format("{}..{}", lo, hi));
}

CLI::Validator whole_number_or(std::string word, std::int64_t lo, std::int64_t hi) {
  const CLI::Validator number = whole_number(lo, hi);
  return CLI::Validator(
      [word, lo, hi, number](std::string& text) -> std::string {
        if (text == word) return {};
        std::string copy = text;
        if (number(copy).empty()) {
          text = copy;
          return {};
        }
        return fmt::format("must be {} or a whole number from {} to {}, got '{}'", word, lo, hi,
                           printable(text, 100));
      },
      fmt::format("{}|{}..{}", word, lo, hi));
}

CLI::Validator count_or_percent() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const bool percent = !text.empty() && text.back() == '%';
        const std::string digits = percent ? text.substr(0, text.size() - 1) : text;
        int value = -1;
        const char* end = digits.data() + digits.size();
        const auto [ptr, ec] = std::from_chars(digits.data(), end, value);
        if (digits.empty() || ec != std::errc{} || ptr != end || value < 0 ||
            value > (percent ? 100 : 10000000)) {
          return fmt::format("must be a count (e.g. 8) or a percentage (e.g. 25%), got '{}'",
                             printable(text, 100));
        }
        text = std::to_string(value) + (percent ? "%" : "");
        return {};
      },
      "N|N%");
}

CLI::Validator non_empty_name(std::string give) {
  return CLI::Validator(
      [give = std::move(give)](std::string& text) -> std::string {
        return text.empty() ? "the name is empty; give " + give : "";
      },
      "NAME");
}

CLI::Validator one_of(std::string what, std::vector<std::string> choices) {
  std::string listed = choices.front();
  for (std::size_t i = 1; i < choices.size(); ++i)
    listed += (i + 1 == choices.size() ? " or " : ", ") + choices[i];
  std::string description = "{" + choices.front();
  for (std::size_t i = 1; i < choices.size(); ++i) description += "," + choices[i];
  return CLI::Validator(
      [what = std::move(what), choices = std::move(choices), listed](std::string& text) {
        if (std::find(choices.begin(), choices.end(), text) != choices.end()) return std::string();
        if (text.empty()) return "the value is empty; use " + listed;
        return fmt::format("'{}' is not a {}; use {}", printable(text, 100), what, listed);
      },
      description + "}");
}

int fraction_permille(const std::string& option, const std::string& text) {
  const std::optional<int> permille = core::fraction_permille(text);
  if (!permille) {
    throw usage_error(option, fmt::format("'{}' is not a fraction from 0 to 1, e.g. 0.15", text));
  }
  return *permille;
}

}  // namespace dungen::cli
