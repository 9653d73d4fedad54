#pragma once
/// \file level_command.hpp
/// What every level-making command (generate, and later generators) shares: --seed,
/// --locks, --strict, the outputs (map, reports, preview, Tiled maps, ASCII) and batch mode.
/// A command parses its own options, tells its io::fs::RunFiles what it reads, has the options
/// checked, prepares what it reads, and hands run_levels a LevelSource and the RunFiles.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/cli_fwd.hpp"
#include "core/level.hpp"
#include "export/output_plan.hpp"
#include "io/fs/run_files.hpp"
#include "pipeline/finish.hpp"
#include "pipeline/generators.hpp"
#include "pipeline/require.hpp"

namespace dungen::cli {

/// The shared options as parsed. The output options come from a writer table
/// (exporters::writers(); another only in tests).
struct LevelOptions {
  explicit LevelOptions(std::span<const exporters::Writer> table = exporters::writers())
      : writers(table), outputs(default_outputs(table)) {}

  std::span<const exporters::Writer> writers;
  /// The metrics the reports, the manifest and the gallery write (exporters::metric_table();
  /// another only in tests).
  std::span<const exporters::Metric> metrics = exporters::metric_table();
  std::string seed;  ///< as typed; see parse_seed
  bool seed_given = false;
  int locks = 0;
  analysis::ContentOptions content;  ///< --spikes, --monsters, --chests, --loot, --decor, --tiers
  bool strict = false;
  std::string require;  ///< --require EXPR ("" = none; pipeline/require.hpp)
  /// Per writer (exporters::writers(), same order): the single-run file ("" = not written)
  /// and, for a batch, whether its --with-NAME flag was given.
  struct Output {
    std::string path;
    bool with = false;
  };
  std::vector<Output> outputs;
  std::string zdbsp;  ///< the node builder for Doom maps (docs/doom.md)
  int scale = 8;
  int floors = 1;  ///< --floors N: a dungeon of N floors (pipeline/floors.hpp)
  int count = 0;
  std::string out_dir;
  int jobs = 1;
  bool gallery = false;  ///< batch: also write index.html (exporters::write_gallery)
  bool wait = false;     ///< batch: wait for another batch's lock on --out-dir, not refuse
  bool quiet = false;

  std::string dump_steps;         ///< folder for a picture of the map after each step ("" = none)
  bool dump_steps_given = false;  ///< --dump-steps given (an empty folder name too)

  /// The analyses these options ask for (locks, content), and with --dump-steps an observer
  /// writing DIR/NNN-STEP.png through `files` after each step (numbered from 000 in order).
  /// No locks when keys_across_floors(): the dungeon places them (dungeon_analyses()).
  [[nodiscard]] pipeline::Analyses analyses(const io::fs::RunFiles& files) const;
  /// The analyses of a dungeon's floors once they are stacked (pipeline::make_floors'
  /// `across`): --locks per floor, content and route, no observer.
  [[nodiscard]] pipeline::Analyses dungeon_analyses() const;
  /// True when --locks places its locks over the whole dungeon, keys on any floor: --floors
  /// above 1 with --locks, and no Doom map (a Doom player loses keys at each map's exit).
  [[nodiscard]] bool keys_across_floors() const;
  /// True for a batch (--count or --out-dir given).
  [[nodiscard]] bool batch() const { return count > 0 || !out_dir.empty(); }
  /// Whether this run writes the writer named `name`: a single run when its file is given,
  /// a batch when every level has it or its --with-NAME flag was given.
  [[nodiscard]] bool writes(std::string_view name) const;
  /// Whether this run writes a Tiled map (and so the tileset image).
  [[nodiscard]] bool writes_tiled_map() const;
  /// The single-run file of the writer named `name` ("" = none).
  [[nodiscard]] const std::string& path(std::string_view name) const;
  /// A single run's files (exporters::single_plan); with `floor` (1, 2, ...) those of that
  /// floor of a dungeon: each file's name gets "-floorK" before its extension (floor_path),
  /// and the formats that hold a whole dungeon in one file (Writer::write_floors) are left out.
  [[nodiscard]] exporters::OutputPlan single_plan(int floor = 0) const;
  /// A batch level's files: `base` is the out folder and "level-NNNN".
  [[nodiscard]] exporters::OutputPlan batch_plan(const std::string& base) const;
  /// One entry per writer of `table`, the map's file dungeon.png.
  [[nodiscard]] static std::vector<Output> default_outputs(
      std::span<const exporters::Writer> table);
};

/// Adds to group "Generation" --seed and --locks, and to "Content" the content options (the
/// shared options that change a level's metrics); the group is "Generation" again after.
void add_level_shape_options(CLI::App& cmd, LevelOptions& o);

/// Adds --tiers (to the current group).
void add_tiers_option(CLI::App& cmd, LevelOptions& o);

/// Adds --require (to the current group).
void add_require_option(CLI::App& cmd, LevelOptions& o);

/// Adds add_level_shape_options' options and --tiers (group "Content"), then --strict and
/// --require to group "Generation", the outputs to "Output" and the batch options to "Batch".
void add_level_options(CLI::App& cmd, LevelOptions& o);

/// Checks the options before any work: a batch needs --count and --out-dir and no single-run
/// output (--with-tmx/--with-tmj/--with-ascii instead of --tmx/--tmj/--ascii), a single run no
/// --with-* flag and no --gallery; then `files` (whose inputs are all added) checks every
/// planned output (io::fs::RunFiles::check). The node builder --wad runs becomes an input.
/// Throws Error (usage or output).
void check_level_options(const CLI::App& cmd, const LevelOptions& o, io::fs::RunFiles& files);

/// --seed parsed (nullopt when not given). Throws Error (usage) when it is not a whole number
/// from 0 to 2^64-1.
[[nodiscard]] std::optional<core::Seed> parse_seed(const LevelOptions& o);

/// How a command makes levels.
struct LevelSource {
  /// One level from a seed; called from several threads in a batch (must not share state).
  std::function<core::Level(core::Seed)> make;
  /// Words for the summary line, e.g. "tiles" or "rooms".
  std::string units = "tiles";
};

/// `make`, or with --require (o.require) a maker that makes levels again with other seeds until
/// the targets hold (pipeline::make_meeting), as every level command makes them. Throws Error
/// (usage) when the expression is wrong.
[[nodiscard]] std::function<core::Level(core::Seed)> meeting_requirements(
    const LevelOptions& o, std::function<core::Level(core::Seed)> make);

/// The seed to use: --seed, or one from std::random_device (below 2^32: easy to type, exact in
/// JSON), announced unless quiet with `how_to_remake` ("{}" for the seed).
[[nodiscard]] core::Seed resolve_seed(const LevelOptions& o, const std::string& how_to_remake);

/// `path` as a floor's file (--floors): "-floorK" before the first dot of its file name
/// ("maps/d.png" -> "maps/d-floor2.png", "d.ascii.txt" -> "d-floor2.ascii.txt"); `path` itself
/// for floor 0 or an empty path.
[[nodiscard]] std::string floor_path(const std::string& path, int floor);

/// The Tiled world file of a dungeon's floors (--floors with --tmx or --tmj): the TMX map's
/// path (else the TMJ map's) with the extension .world; "" when none is written.
[[nodiscard]] std::string world_path(const LevelOptions& o);

/// Makes a dungeon of o.floors floors (pipeline::make_floors) and writes each floor's files
/// (single_plan(k)), with --json one JSON of every floor and the stairs at its path, with
/// --ascii one text of every floor at its path, with a Tiled map the world file (world_path)
/// placing the floors' maps, and the formats of a whole dungeon (--wad, --demo) once at their
/// paths, all or none. Returns the exit status (3 with --strict when a floor is incomplete).
int run_floors(const LevelOptions& o, const LevelSource& source, const io::fs::RunFiles& files);

/// Refuses what --floors N (N > 1) does not go with: a Doom map or demo in a batch, standard
/// output as a file, a folder, device or FIFO as a file's name, more floors than a Doom WAD's
/// maps with --wad (exporters::check_doom_floor_count). Throws Error (usage; output for a
/// folder).
void check_floor_options(const LevelOptions& o, io::fs::RunFiles& files);

/// Makes and writes one level, or a batch, as the options say, every file through `files`
/// (checked already by check_level_options). Returns the exit status.
int run_levels(const LevelOptions& o, const LevelSource& source, const io::fs::RunFiles& files);

/// --require's targets of `o`, reading the metrics of `o.metrics` (export/metric_table.hpp).
/// Throws Error (usage) when the expression is wrong.
[[nodiscard]] pipeline::Requirements requirements(const LevelOptions& o);

/// Appends to `lines` the option lines every report records for the shared options, those
/// given (e.g. "--locks 3"; cli/option_lines.hpp).
void add_level_option_lines(const LevelOptions& o, std::vector<std::string>& lines);

}  // namespace dungen::cli
