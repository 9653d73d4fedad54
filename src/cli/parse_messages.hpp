#pragma once
/// \file parse_messages.hpp
/// CLI11's messages for a command line it refused ("TILES_DIR is required", "The following
/// argument was not expected: 2", "Could not convert: ...") in dungen's words: one line
/// saying what is wrong and what to do (docs/errors.md, exit 2).

#include <string>
#include <vector>

#include "cli/cli_fwd.hpp"

namespace dungen::cli {

/// The message for `e`, which CLI11 threw parsing `args` (the command line without the
/// program name, the command first, as parsed) with `app`; without "dungen: error: ".
/// A message it does not know is returned as CLI11 gave it.
[[nodiscard]] std::string parse_error_message(const CLI::App& app, const CLI::ParseError& e,
                                              const std::vector<std::string>& args);

/// CLI11's message for an option given last without its value ("--seed: 1 required TEXT
/// missing") as "--seed needs a value after it, e.g. --seed VALUE; ..."; any other message
/// unchanged.
[[nodiscard]] std::string missing_value_message(const std::string& message);

/// CLI11's message for two options that exclude each other ("--width excludes --mask") as
/// "--width and --mask do not go together ...; leave one out"; any other message as
/// missing_value_message gives it.
[[nodiscard]] std::string excludes_message(const std::string& message);

}  // namespace dungen::cli
