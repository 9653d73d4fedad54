#pragma once
/// \file fraction.hpp
/// A fraction from 0 to 1 as the command line gives it (--loops 0.15, maze:0.1).

#include <charconv>
#include <cmath>
#include <optional>
#include <string_view>
#include <system_error>

namespace dungen::core {

/// `text` as thousandths of 1, rounded ("0.15" -> 150, "1" -> 1000, "0.0004" -> 0); read as a
/// long double, so a fraction too close to 0 for a double ("1e-400") is one too, 0. nullopt
/// when `text` is not wholly a number from 0 to 1 ("", "1.5", "0.1x", "nan", "1e-99999").
[[nodiscard]] inline std::optional<int> fraction_permille(std::string_view text) {
  long double p = -1;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, p);
  if (text.empty() || ec != std::errc{} || ptr != end || !(p >= 0 && p <= 1)) return std::nullopt;
  return static_cast<int>(std::lround(p * 1000));
}

}  // namespace dungen::core
