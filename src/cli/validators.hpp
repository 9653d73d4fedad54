#pragma once
/// \file validators.hpp
/// CLI11 validators with messages in dungen's words.

#include <CLI/CLI.hpp>

#include <cstdint>

namespace dungen::cli {

/// Accepts a whole number from `lo` to `hi`; otherwise "must be a whole number from lo to
/// hi, got 'text'".
[[nodiscard]] CLI::Validator whole_number(std::int64_t lo, std::int64_t hi);

}  // namespace dungen::cli
