#pragma once
/// \file generate_command.hpp
/// `dungen generate TILES_DIR -o MAP.png`: stitch tiles into a dungeon and write the map,
/// reports and preview; with --count, a batch of levels. `dungen graph TILES_DIR GRAPH`
/// (graph_command.hpp) realises a level graph from the same tiles and options.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/cli_fwd.hpp"
#include "cli/level_command.hpp"
#include "cli/tile_input.hpp"

namespace dungen::cli {

/// The generate options as parsed.
struct GenerateOptions {
  TileInput input;
  LevelOptions level;
  int max_tiles = 60;
  std::optional<int> min_tiles;
  std::string start;
  std::string policy = "random";
  int retries = 0;
  int loop_retries = 2;        ///< --loop-retries
  std::string loops = "auto";  ///< --loops: a count, or auto (generate_setup.cpp)
  int loop_detour = 20;        ///< --loop-detour
  std::string max_dead_ends;   ///< --max-dead-ends N or N% ("" = no limit)
  std::string max_size;
  std::string mask;      ///< --mask FILE ("" = none)
  std::vector<std::string> place;  ///< --place TILE@X,Y[:ORIENTATION], in the order given
  std::string graph;     ///< the graph command's GRAPH, or --graph SPEC ("" = unguided)
  int corridor_max = 4;  ///< --corridor-max
  /// The command that makes the levels and names them in the reports: "generate", or "graph"
  /// (`generate --graph` stays "generate": the deprecated spelling keeps its levels as they were).
  std::string command = "generate";
};

/// Runs a generate or graph command whose options `cmd` parsed into `o`: checks, loads, makes
/// and writes the levels; returns the exit status (exit_codes.hpp). Throws Error on bad input.
int run_tile_command(const CLI::App& cmd, const GenerateOptions& o);

/// Adds to `cmd`, in group "Generation", the options that shape an unguided level: --max-tiles,
/// --min-tiles, --start, --policy, --max-size, --mask, --place, --loops, --loop-detour, --max-dead-ends and
/// --retries (generate's, and range's, so that range makes generate's levels).
void add_generation_options(CLI::App& cmd, GenerateOptions& o);

/// Adds the `generate` subcommand to `app`; when parsed, it runs and stores its exit
/// status in `status`.
void add_generate_command(CLI::App& app, int& status);

}  // namespace dungen::cli
