#pragma once
/// \file plural.hpp
/// Counts in messages and reports: "1 door", "2 doors", "0 doors".

#include <fmt/format.h>

#include <concepts>
#include <string>
#include <string_view>

namespace dungen::core {

/// `n` and `plural`, a noun phrase whose plural ends in "s" ("unused doors", "passable
/// cells"), or a mass noun ("loot"): the final "s" is dropped when n is 1.
template <std::integral N>
[[nodiscard]] std::string count_of(N n, std::string_view plural) {
  if (n == 1 && !plural.empty() && plural.back() == 's') plural.remove_suffix(1);
  return fmt::format("{} {}", n, plural);
}

}  // namespace dungen::core
