#pragma once
/// \file validators.hpp
/// CLI11 validators with messages in dungen's words.

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace dungen::cli {

/// Accepts a whole number from `lo` to `hi`; otherwise "must be a whole number from lo to
/// hi, got 'text'".
[[nodiscard]] CLI::Validator whole_number(std::int64_t lo, std::int64_t hi);

/// Accepts `word` (e.g. "auto") or a whole number from `lo` to `hi`; otherwise "must be WORD
/// or a whole number from lo to hi, got 'text'".
[[nodiscard]] CLI::Validator whole_number_or(std::string word, std::int64_t lo, std::int64_t hi);

/// Accepts a whole number from 0 to 10,000,000 or a percentage "N%" (N from 0 to 100);
/// otherwise "must be a count (e.g. 8) or a percentage (e.g. 25%), got 'text'".
[[nodiscard]] CLI::Validator count_or_percent();

/// Accepts any text but the empty one ("--mask ''" is a mistake, not "no mask"; a folder or
/// layout named by an unset shell variable too): "the name is empty; give GIVE".
[[nodiscard]] CLI::Validator non_empty_name(
    std::string give = "a file name, or leave the option out");

/// Accepts one of `choices` (at least two); otherwise "'TEXT' is not a WHAT; use A, B or C"
/// ("the value is empty; use ..." for an empty one).
[[nodiscard]] CLI::Validator one_of(std::string what, std::vector<std::string> choices);

/// A fraction from 0 to 1 written as a decimal ("0.15") in thousandths (150). Throws Error
/// (usage) naming `option` when `text` is not one.
[[nodiscard]] int fraction_permille(const std::string& option, const std::string& text);

}  // namespace dungen::cli
