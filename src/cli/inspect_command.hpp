#pragma once
/// \file inspect_command.hpp
/// `dungen inspect TILES_DIR`: doors, orientations and problems of every tile, and a check
/// of the set as a whole.

#include "cli/cli_fwd.hpp"

namespace dungen::cli {

/// Adds the `inspect` subcommand to `app`; when parsed, it runs and stores its exit status
/// in `status`.
void add_inspect_command(CLI::App& app, int& status);

}  // namespace dungen::cli
