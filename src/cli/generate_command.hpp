#pragma once
/// \file generate_command.hpp
/// `dungen generate TILES_DIR -o MAP.png`: stitch tiles into a dungeon and write the map,
/// reports and preview; with --count, a batch of levels.

#include <CLI/CLI.hpp>

#include <cstdint>
#include <optional>
#include <string>

#include "cli/tile_input.hpp"

namespace dungen::cli {

/// The generate options as parsed.
struct GenerateOptions {
  TileInput input;
  std::string output = "dungeon.png";
  std::string seed;  ///< as typed; parsed by prepare_generate
  bool seed_given = false;
  int max_tiles = 60;
  std::optional<int> min_tiles;
  std::string start;
  std::string policy = "random";
  std::string report, json, preview;
  int scale = 8;
  bool strict = false;
  int retries = 0;
  int locks = 0;
  std::string max_size;
  int count = 0;
  std::string out_dir;
  int jobs = 1;
  bool quiet = false;
};

/// Adds the `generate` subcommand to `app`; when parsed, it runs and stores its exit
/// status in `status`.
void add_generate_command(CLI::App& app, int& status);

/// Writes `count` levels into `out_dir` (see docs/cli.md "Batch"). Returns the exit status.
int run_batch(const GenerateOptions& options);

}  // namespace dungen::cli
