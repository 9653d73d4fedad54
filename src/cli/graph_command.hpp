#pragma once
/// \file graph_command.hpp
/// `dungen graph TILES_DIR GRAPH`: realise a level graph (rooms, tags, loops; a JSON file or a
/// built-in) from a folder of tiles (gen/graph/graph.hpp, docs/graph.md) and write the map,
/// reports and preview; with --count, a batch of levels.

#include "cli/cli_fwd.hpp"

namespace dungen::cli {

/// Adds the `graph` subcommand to `app`; when parsed, it runs and stores its exit status in
/// `status`.
void add_graph_command(CLI::App& app, int& status);

}  // namespace dungen::cli
