#pragma once
/// \file areas_command.hpp
/// `dungen areas`: organic spaces grown from seeds, walled apart, joined along the space tree.

#include "cli/cli_fwd.hpp"

namespace dungen::cli {

/// Adds the `areas` subcommand to `app`; when parsed, it runs and stores its exit status in
/// `status`.
void add_areas_command(CLI::App& app, int& status);

}  // namespace dungen::cli
