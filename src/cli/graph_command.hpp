#pragma once
/// \file graph_command.hpp
/// `dungen graph TILES_DIR GRAPH`: realise a level graph (rooms, tags, loops; a JSON file or a
/// built-in) from a folder of tiles (gen/graph/graph.hpp, docs/graph.md) and write the map,
/// reports and preview; with --count, a batch of levels.

#include "cli/cli_fwd.hpp"

namespace dungen::cli {

struct GenerateOptions;

/// Adds the graph command's own options to `cmd`: the positional GRAPH, then in group "Level
/// graph" --corridor-max and --retries (the command's and the library's, library_makers.hpp).
void add_graph_command_options(CLI::App& cmd, GenerateOptions& o);

/// Adds the `graph` subcommand to `app`; when parsed, it runs and stores its exit status in
/// `status`.
void add_graph_command(CLI::App& app, int& status);

}  // namespace dungen::cli
