#pragma once
/// \file rooms_command.hpp
/// `dungen rooms`: random rooms pushed apart by separation steering, joined by an adjacency
/// tree with loops (gen/rooms/rooms.hpp).

#include "cli/cli_fwd.hpp"

namespace dungen::cli {

/// Adds the `rooms` subcommand to `app`; when parsed, it runs and stores its exit status in
/// `status`.
void add_rooms_command(CLI::App& app, int& status);

}  // namespace dungen::cli
