#pragma once
/// \file tile_input.hpp
/// Options every command that reads a tile folder shares: --palette, --tileset, --max-tile-size,
/// --skip-invalid, --no-flip, --no-rotate.

#include <string>

#include "cli/cli_fwd.hpp"
#include "io/formats/tile_loader.hpp"
#include "io/fs/run_files.hpp"

namespace dungen::cli {

/// The tile-reading options as parsed.
struct TileInput {
  std::string folder;
  std::string palette;  ///< palette file, empty = default palette
  std::string tileset;  ///< tile settings file, empty = TILES_DIR/tileset.txt
  int max_side = io::formats::kDefaultMaxSide;
  bool skip_invalid = false;
  bool no_flip = false;
  bool no_rotate = false;
};

/// Adds TILES_DIR and the shared options to `cmd`, writing into `in`.
void add_tile_input(CLI::App& cmd, TileInput& in);

/// Tells `files` the inputs: the palette, the --tileset file and the tile folder with its
/// PNGs and tileset.txt (io::fs::RunFiles::add_tile_folder). Reads no file, so outputs can be
/// checked against the inputs before any tile is read; missing paths pass.
void add_tile_inputs(const TileInput& in, io::fs::RunFiles& files);

/// Loads the folder with these options (reads the palette file first). Notes from the
/// loader go to stderr unless `quiet`. Throws Error.
[[nodiscard]] io::formats::LoadedTileSet load_tiles(const TileInput& in, bool quiet);

}  // namespace dungen::cli
