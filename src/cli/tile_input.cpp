#include "cli/tile_input.hpp"

#include <fmt/format.h>

#include <cctype>
#include <iostream>
#include <string>

#include "cli/messages.hpp"
#include "cli/validators.hpp"
#include "core/error.hpp"
#include "core/hash.hpp"
#include "core/tile_settings.hpp"
#include "io/files.hpp"

namespace dungen::cli {

void add_tile_input(CLI::App& cmd, TileInput& in) {
  cmd.option_defaults()->group("Tiles");
  cmd.add_option("TILES_DIR", in.folder, "Folder of tile PNGs (every *.png in it, by name)")
      ->required()
      ->check(non_empty_name("the folder that holds your tile PNGs"));
  cmd.add_option("--palette", in.palette,
                 "Palette file mapping your colours to wall/floor/door/empty "
                 "(docs/tile-format.md)")
      ->check(non_empty_name())
      ->each(protects_input());
  cmd.add_option("--tileset", in.tileset,
                 "Read tile settings (weights, tags, ...) from FILE instead of "
                 "TILES_DIR/tileset.txt (docs/tile-format.md)")
      ->check(non_empty_name())
      ->each(protects_input());
  cmd.add_option("--max-tile-size", in.max_side,
                 "Largest tile width or height in pixels that is accepted")
      ->transform(whole_number(1, 1 << 20))
      ->capture_default_str();
  cmd.add_flag("--skip-invalid", in.skip_invalid,
               "Warn about a bad tile and go on without it (default: stop with an error)");
  cmd.add_flag("--no-flip", in.no_flip, "Never mirror tiles");
  cmd.add_flag("--no-rotate", in.no_rotate, "Never rotate tiles");
}

void protect_tile_inputs(const TileInput& in) {
  // The palette, tileset.txt and every PNG of the tile folder (tiles, and files skipped as
  // invalid, which are the user's work too).
  if (!in.palette.empty()) io::protect_input(in.palette);
  if (!in.tileset.empty()) io::protect_input(in.tileset);
  io::protect_tile_folder(in.folder);
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(in.folder, ec)) {
    std::string ext = entry.path().extension().string();
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (ext == ".png" || entry.path().filename() == core::kSidecarName)
      io::protect_input(entry.path());
  }
}

io::LoadedTileSet load_tiles(const TileInput& in, bool quiet) {
  protect_tile_inputs(in);
  io::LoadOptions options;
  std::string palette_text;
  if (!in.palette.empty()) {
    palette_text = io::read_text(in.palette, io::kPaletteFileLimit);
    options.palette = core::Palette::parse(palette_text, in.palette);
  }
  options.max_side = in.max_side;
  options.skip_invalid = in.skip_invalid;
  options.sidecar = in.tileset;
  io::LoadedTileSet loaded = io::load_tile_set(in.folder, options);
  // The palette decides what the tiles are: another palette file is another tile set.
  if (!in.palette.empty()) loaded.hash = core::fold_input("palette", "", palette_text, loaded.hash);
  if (!quiet) {
    for (const std::string& note : loaded.notes) print_message("note", note);
  }
  return loaded;
}

namespace fs = std::filesystem;

void check_output_path(const std::string& out, const TileInput& in) {
  if (out.empty() || out == "-") return;
  io::refuse_input(out);
  const fs::path folder(in.folder);
  // The folder the file lands in (through links), compared by identity: another spelling or
  // a second mount of the tile folder is the tile folder.
  const fs::path target = io::output_target(out);
  const fs::path parent = target.has_parent_path() ? target.parent_path() : fs::path(".");
  const char* as = io::read_in_tile_folder_as(target);
  std::error_code ec;
  if (as == nullptr || !fs::equivalent(parent, folder, ec) || ec) return;
  if (target != fs::path(out)) {  // a symbolic link: say where it leads
    throw output_error(out, fmt::format("leads into the tile folder of this run ('{}'), where the "
                                        "next run would read it as {}; write it somewhere else",
                                        target.string(), as));
  }
  throw output_error(out, fmt::format("is inside the tile folder '{}', where the next run would "
                                      "read it as {}; write it somewhere else",
                                      in.folder, as));
}

}  // namespace dungen::cli
