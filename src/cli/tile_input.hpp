#pragma once
/// \file tile_input.hpp
/// Options every command that reads a tile folder shares: --palette, --tileset, --max-tile-size,
/// --skip-invalid, --no-flip, --no-rotate.

#include <CLI/CLI.hpp>
#include <string>

#include "io/tile_loader.hpp"

namespace dungen::cli {

/// The tile-reading options as parsed.
struct TileInput {
  std::string folder;
  std::string palette;  ///< palette file, empty = default palette
  std::string tileset;  ///< tile settings file, empty = TILES_DIR/tileset.txt
  int max_side = io::kDefaultMaxSide;
  bool skip_invalid = false;
  bool no_flip = false;
  bool no_rotate = false;
};

/// Adds TILES_DIR and the shared options to `cmd`, writing into `in`.
void add_tile_input(CLI::App& cmd, TileInput& in);

/// Makes the palette, tileset.txt (or the --tileset file) and every PNG of the tile folder
/// protected inputs (io::protect_input): never overwritten by an output. Reads no file, so
/// outputs can be checked against the inputs before any tile is read; missing paths pass.
void protect_tile_inputs(const TileInput& in);

/// Loads the folder with these options (reads the palette file first). Notes from the
/// loader go to stderr unless `quiet`. The inputs become protected (protect_tile_inputs)
/// first. Throws Error.
[[nodiscard]] io::LoadedTileSet load_tiles(const TileInput& in, bool quiet);

/// Refuses (Error of kind Output) an output that is one of the inputs (io::refuse_input), or
/// a PNG or tileset.txt inside the tile folder, which the next run would read as a tile or
/// the settings. "" and "-" pass.
void check_output_path(const std::string& out, const TileInput& in);

}  // namespace dungen::cli
