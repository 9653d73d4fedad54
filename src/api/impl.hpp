#pragma once
/// \file impl.hpp
/// What the public classes of <dungen/dungen.hpp> hold (their Impl), and the one place the
/// library turns dungen's errors into the CLI's messages. Internal headers first, the public
/// header last: its names (dungen::Level, dungen::Door...) live beside dungen::core's.

#include <array>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "cli/generate_command.hpp"
#include "cli/generate_setup.hpp"
#include "cli/tile_input.hpp"
#include "core/error.hpp"
#include "core/level.hpp"
#include "io/formats/tile_loader.hpp"
// The public header last (see above).
#include <dungen/dungen.hpp>

namespace dungen {

namespace api {

/// What generate prepares for one set of options before it makes a level: the CLI's options
/// parsed and the tiles indexed (cli::prepare_generate). The same for every seed, so a tile set
/// keeps it for the next level with the same options. Read-only: levels of several threads
/// share it.
struct Prepared {
  std::string key;  ///< options_key() of the options it was made for
  cli::GenerateOptions options;
  cli::GenerateSetup setup;
};

}  // namespace api

/// A loaded tile set and the tile options it was read with (the folder or label, palette and
/// tile settings file names for messages and reports); what generate prepared for the options
/// of its last levels; and the index of its tiles for each orientation rule, built at its first
/// use and shared by every level made after (any thread), whatever their options.
struct TileSet::Impl {
  io::formats::LoadedTileSet tiles;
  cli::TileInput input;
  /// The preparations of the options of the last levels made (api::prepared), most recent
  /// first, at most kPreparedKept: a level then costs its generation alone, where parsing the
  /// options and indexing the tiles cost several times that (docs/performance.md "Library and
  /// Python"). Guarded by `mutex`; the Prepared themselves are read-only.
  mutable std::mutex mutex;
  mutable std::vector<std::shared_ptr<const api::Prepared>> prepared;
  static constexpr std::size_t kPreparedKept = 4;

  /// The index of `tiles` for `rules` (pipeline::index_tiles), built once.
  [[nodiscard]] std::shared_ptr<const gen::Candidates> index(gen::OrientationRules rules) const;
  /// Where prepare_generate takes these tiles from: a copy of them, and this index.
  [[nodiscard]] cli::TileSource source() const;

 private:
  mutable std::array<std::once_flag, 4> built_;  // by rule: flip + 2 * rotate
  mutable std::array<std::shared_ptr<const gen::Candidates>, 4> index_;
};

/// A level and its data as the public API gives it, made once by make_level.
struct Level::Impl {
  core::Level level;
  std::vector<std::uint8_t> cells;
  std::vector<Placement> placements;
  std::vector<Door> doors;
  std::vector<Metric> metrics;
  std::vector<std::string> notes;
};

namespace api {

/// The public Level of `level`: its cells, placements, doors, metrics and notes read out.
[[nodiscard]] Level make_level(core::Level level);

/// The preparation for `options` on `tiles`: kept from an earlier level with the same options,
/// else made (and kept). Throws Error with the CLI's message, as cli_options and
/// cli::prepare_generate do (exit code 2 for an option, 1 for tiles without doors); a refused
/// preparation is not kept.
[[nodiscard]] std::shared_ptr<const Prepared> prepared(const TileSet& tiles,
                                                       const GenerateOptions& options);

/// A text that tells `options` apart: equal for options that parse to the same CLI options.
[[nodiscard]] std::string options_key(const GenerateOptions& options);

/// The CLI's generate options for `options` on tiles read with `input`: parsed by the CLI's
/// own option definitions, so values are checked with its validators and messages. Throws
/// Error (exit code 2) with the message the CLI prints.
[[nodiscard]] cli::GenerateOptions cli_options(const GenerateOptions& options,
                                               const cli::TileInput& input);

/// The CLI's tile options for `options` and the folder (or label) `folder`, checked as
/// cli_options checks. Throws Error (exit code 2) with the message the CLI prints.
[[nodiscard]] cli::TileInput tile_input(const TileOptions& options, const std::string& folder);

/// Appends "--flag=value" to `args` (a value starting with '-' stays a value).
void add(std::vector<std::string>& args, const char* flag, const std::string& value);

/// Appends the options of `o` (--locks, the content, --tiers and --require when given).
void add_content(std::vector<std::string>& args, const ContentOptions& o);

/// Calls `f`; an Error it throws is thrown again with its message as the CLI prints it (field
/// markers named by the CLI's flags, cli/flag_names.hpp) and the same kind.
template <class F>
auto as_cli_error(F&& f) -> decltype(f());

/// Throws `e` again as the CLI prints it (as_cli_error).
[[noreturn]] void rethrow_as_cli(const Error& e);

template <class F>
auto as_cli_error(F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const Error& e) {
    rethrow_as_cli(e);
  }
}

}  // namespace api
}  // namespace dungen
