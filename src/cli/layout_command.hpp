#pragma once
/// \file layout_command.hpp
/// `dungen layout SPEC`: a designed layout (a JSON file or a built-in) made into a level.

#include "cli/cli_fwd.hpp"

namespace dungen::cli {

/// Adds the `layout` subcommand to `app`; when parsed, it runs and stores its exit status in
/// `status`.
void add_layout_command(CLI::App& app, int& status);

}  // namespace dungen::cli
