#include "cli/tile_input.hpp"

#include <string>

#include "cli/messages.hpp"
#include "cli/validators.hpp"
#include "core/hash.hpp"
#include "io/fs/read.hpp"

namespace dungen::cli {

void add_tile_input(CLI::App& cmd, TileInput& in) {
  cmd.option_defaults()->group("Tiles");
  cmd.add_option("TILES_DIR", in.folder, "Folder of tile PNGs (every *.png in it, by name)")
      ->required()
      ->check(non_empty_name("the folder that holds your tile PNGs"));
  cmd.add_option("--palette", in.palette,
                 "Palette file mapping your colours to wall/floor/door/empty "
                 "(docs/tile-format.md)")
      ->check(non_empty_name());
  cmd.add_option("--tileset", in.tileset,
                 "Read tile settings (weights, tags, ...) from FILE instead of "
                 "TILES_DIR/tileset.txt (docs/tile-format.md)")
      ->check(non_empty_name());
  cmd.add_option("--max-tile-size", in.max_side,
                 "Largest tile width or height in pixels that is accepted")
      ->transform(whole_number(1, 1 << 20))
      ->capture_default_str();
  cmd.add_flag("--skip-invalid", in.skip_invalid,
               "Warn about a bad tile and go on without it (default: stop with an error)");
  cmd.add_flag("--no-flip", in.no_flip, "Never mirror tiles");
  cmd.add_flag("--no-rotate", in.no_rotate, "Never rotate tiles");
}

void add_tile_inputs(const TileInput& in, io::fs::RunFiles& files) {
  if (!in.palette.empty()) files.add_input(in.palette);
  if (!in.tileset.empty()) files.add_input(in.tileset);
  files.add_tile_folder(in.folder);
}

io::formats::LoadedTileSet load_tiles(const TileInput& in, bool quiet) {
  io::formats::LoadOptions options;
  std::string palette_text;
  if (!in.palette.empty()) {
    palette_text = io::fs::read_text(in.palette, io::fs::kPaletteFileLimit);
    options.palette = core::Palette::parse(palette_text, in.palette);
  }
  options.max_side = in.max_side;
  options.skip_invalid = in.skip_invalid;
  options.sidecar = in.tileset;
  io::formats::LoadedTileSet loaded = io::formats::load_tile_set(in.folder, options);
  // The palette decides what the tiles are: another palette file is another tile set.
  if (!in.palette.empty()) loaded.hash = core::fold_input("palette", "", palette_text, loaded.hash);
  if (!quiet) {
    for (const std::string& note : loaded.notes) print_message("note", note);
  }
  return loaded;
}

}  // namespace dungen::cli
