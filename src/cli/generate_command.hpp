#pragma once
/// \file generate_command.hpp
/// `dungen generate TILES_DIR -o MAP.png`: stitch tiles into a dungeon and write the map,
/// reports and preview; with --count, a batch of levels.

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>

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
  std::string max_size;
  std::string graph;     ///< --graph SPEC: a graph file or built-in ("" = unguided)
  int corridor_max = 4;  ///< --corridor-max
};

/// Adds the `generate` subcommand to `app`; when parsed, it runs and stores its exit
/// status in `status`.
void add_generate_command(CLI::App& app, int& status);

}  // namespace dungen::cli
