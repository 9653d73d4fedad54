#pragma once
/// \file option_values.hpp
/// Checks of option values on the command line before CLI11 parses it: an empty value after
/// '=', a short option written with '=', an option where a value should be. (An option given twice
/// takes the last value.)

#include <string>
#include <vector>

#include "cli/cli_fwd.hpp"

namespace dungen::cli {

/// Checks `args` (the command line without the program name, the command first) against the
/// options of that command of `app`, up to any "--". Throws Error of kind Usage (exit 2) for
/// "--NAME=" with nothing after '=' and for a short option with '=' ("-o=x": CLI11 would take
/// "=x" as the value), and for an option that takes one value followed by another option of
/// the command ("--seed --rooms 5": CLI11 would take "--rooms" as the seed). Returns when none is
/// found, or the command is unknown.
void check_option_values(const CLI::App& app, const std::vector<std::string>& args);

}  // namespace dungen::cli
