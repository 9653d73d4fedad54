// Library messages name settings by field; the CLI prints them with its flags
// (cli/flag_names.hpp), so its messages read as they did when the library named flags.

#include "cli/flag_names.hpp"

#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <filesystem>
#include <string>

#include "cli/areas_command.hpp"
#include "cli/generate_command.hpp"
#include "cli/inspect_command.hpp"
#include "cli/layout_command.hpp"
#include "cli/rooms_command.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "gen/rooms/rooms.hpp"
#include "io/formats/tile_loader.hpp"
#include "io/fs/detail.hpp"
#include "pipeline/generate.hpp"

namespace dungen::cli {
namespace {

Error rooms_error(const gen::RoomsOptions& options) {
  core::Rng rng(1);
  try {
    (void)gen::generate_rooms(options, rng);
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "no error";
  return Error("");
}

TEST(FlagNames, TheLibraryNamesTheFieldAndTheCliItsFlag) {
  const Error e = rooms_error({.min_size = 4, .max_size = 10, .door_width = 3});
  EXPECT_EQ(e.kind(), ErrorKind::Usage);
  EXPECT_EQ(std::string(e.what()),
            "door_width: a door of width 3 needs rooms at least 5 cells wide; raise the smallest "
            "room size or narrow the door");
  EXPECT_EQ(flag_text(e),
            "--door-width: a door of width 3 needs rooms at least 5 cells wide; raise the smallest "
            "room size or narrow the door");
}

TEST(FlagNames, EveryMarkInAMessageIsRendered) {
  const Error e = field_error("start", "no orientation within {max_size} 9x9; raise {max_size}");
  EXPECT_EQ(flag_text(e), "--start: no orientation within --max-size 9x9; raise --max-size");
  EXPECT_EQ(std::string(e.what()), "start: no orientation within max_size 9x9; raise max_size");
}

TEST(FlagNames, AFieldWithoutAFlagStaysReadable) {
  EXPECT_EQ(flag_text(field_error("no_such_field", "check {max_tiles} and {other}")),
            "no_such_field: check --max-tiles and other");
}

// Regression: these messages spelled "--tileset" and "--jobs" in library code.
TEST(FlagNames, TileSettingsAndJobsAreNamedByField) {
  const std::filesystem::path classic = std::filesystem::path(DUNGEN_SAMPLES_DIR) / "classic";
  io::formats::LoadOptions options;
  options.sidecar = classic / "room_large.png";
  try {
    (void)io::formats::load_tile_set(classic, options);
    ADD_FAILURE() << "a PNG read as tile settings";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("tile settings (tileset, a folder's tileset.txt)"),
              std::string::npos)
        << e.what();
    EXPECT_NE(flag_text(e).find("tile settings (--tileset, a folder's tileset.txt)"),
              std::string::npos)
        << flag_text(e);
  }
  const Error e = output_error("m.png", io::fs::detail::write_advice(EMFILE));
  EXPECT_EQ(std::string(e.what()),
            "m.png: raise the open-file limit (ulimit -n) or use fewer jobs");
  EXPECT_EQ(flag_text(e), "m.png: raise the open-file limit (ulimit -n) or use fewer --jobs");
}

TEST(FlagNames, NoStartTileNamesItsSettingsByField) {
  io::formats::LoadedTileSet tiles = io::formats::load_tile_set(
      std::filesystem::path(DUNGEN_SAMPLES_DIR) / "classic", io::formats::LoadOptions{});
  for (core::Tile& t : tiles.set.tiles) t.settings.weight = 0;
  const pipeline::GenerateSettings settings;
  const auto candidates = pipeline::index_tiles(tiles.set, settings);
  try {
    (void)pipeline::generate_level(tiles.set, *candidates, settings, 1);
    ADD_FAILURE() << "a level started from tiles of weight 0";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("(tileset.txt or tileset FILE) and fitting max_size; "
                                         "name the first tile with start,"),
              std::string::npos)
        << e.what();
    EXPECT_NE(flag_text(e).find("(tileset.txt or --tileset FILE) and fitting --max-size; name "
                                "the first tile with --start,"),
              std::string::npos)
        << flag_text(e);
  }
}

// A table entry naming a flag no command has would print a message that misleads.
TEST(FlagNames, EveryFlagIsAnOptionOfSomeCommand) {
  CLI::App app("dungen");
  int status = 0;
  add_generate_command(app, status);
  add_inspect_command(app, status);
  add_rooms_command(app, status);
  add_layout_command(app, status);
  add_areas_command(app, status);
  for (const FieldName& name : flag_names()) {
    bool found = false;
    for (const CLI::App* command : app.get_subcommands({}))
      found = found || command->get_option_no_throw(std::string(name.shown));
    EXPECT_TRUE(found) << name.field << " -> " << name.shown;
  }
}

}  // namespace
}  // namespace dungen::cli
