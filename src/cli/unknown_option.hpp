#pragma once
/// \file unknown_option.hpp
/// The message for an option a command does not have, with the nearest one it has.

#include <string>
#include <vector>

#include "cli/cli_fwd.hpp"

namespace dungen::cli {

/// After CLI11 refused `args` (the command line without the program name) for arguments it
/// did not expect: one line about the first of them that is an option (before any "--"), as
/// "unknown option --monster; did you mean --monsters?", or, when no option of the command
/// is close, saying which other commands have it or where the options are listed. Empty when
/// every unexpected argument is a plain word (an extra positional argument).
[[nodiscard]] std::string unknown_option_message(const CLI::App& app,
                                                 const std::vector<std::string>& args);

}  // namespace dungen::cli
