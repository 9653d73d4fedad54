#include "cli/tile_input.hpp"

#include <fmt/format.h>

#include <iostream>

#include "io/files.hpp"

namespace dungen::cli {

void add_tile_input(CLI::App& cmd, TileInput& in) {
  cmd.option_defaults()->group("Tiles");
  cmd.add_option("TILES_DIR", in.folder, "Folder of tile PNGs (every *.png in it, by name)")
      ->required();
  cmd.add_option("--palette", in.palette,
                 "Palette file mapping your colours to wall/floor/door/empty "
                 "(docs/tile-format.md)");
  cmd.add_option("--max-tile-size", in.max_side,
                 "Largest tile width or height in pixels that is accepted")
      ->check(CLI::Range(1, 1 << 20))
      ->capture_default_str();
  cmd.add_flag("--skip-invalid", in.skip_invalid,
               "Warn about a bad tile and go on without it (default: stop with an error)");
  cmd.add_flag("--no-flip", in.no_flip, "Never mirror tiles");
  cmd.add_flag("--no-rotate", in.no_rotate, "Never rotate tiles");
}

io::LoadedTileSet load_tiles(const TileInput& in, bool quiet) {
  io::LoadOptions options;
  if (!in.palette.empty()) {
    options.palette = core::Palette::parse(io::read_text(in.palette), in.palette);
  }
  options.max_side = in.max_side;
  options.skip_invalid = in.skip_invalid;
  io::LoadedTileSet loaded = io::load_tile_set(in.folder, options);
  if (!quiet) {
    for (const std::string& note : loaded.notes) std::cerr << "dungen: note: " << note << "\n";
  }
  return loaded;
}

gen::OrientationRules orientation_rules(const TileInput& in) {
  return gen::OrientationRules{!in.no_flip, !in.no_rotate};
}

}  // namespace dungen::cli
