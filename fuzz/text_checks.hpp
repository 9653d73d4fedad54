#pragma once
/// \file text_checks.hpp
/// Checks shared by the text-input harnesses (text_paths.hpp); internal to fuzz/.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "core/level.hpp"

namespace dungen::fuzz::detail {

/// Prints "text path invariant broken: <what>" on standard error and aborts.
[[noreturn]] void fail(const std::string& what);

/// A rejection must be a one-line, printable, bounded message about `file`: it starts with
/// "<file>: " (unless `file` is empty: an error about no one file), holds no byte below 0x20 and no
/// 0x7f, and is at most kMaxMessageBytes long. Aborts (via fail) otherwise, quoting the message
/// with its bad bytes escaped.
void check_error(const Error& e, const std::string& file);

/// The input bytes as text, as the CLI reads a file (no decoding, NUL bytes kept).
[[nodiscard]] std::string_view as_text(std::span<const std::uint8_t> bytes);

/// The level's text and JSON reports are written without an exception, and the JSON parses.
void check_reports(const core::Level& level);

}  // namespace dungen::fuzz::detail
