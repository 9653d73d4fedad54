#pragma once
/// \file library_makers.hpp
/// The level commands as the library (src/api, <dungen/dungen.hpp>) calls them: each command's
/// own option definitions parse the options the library was given, written out as a command
/// line, so a value is checked with the command's validators and refused with its message; the
/// result is the maker the command's run would use. No file is written, nothing printed.

#include <functional>
#include <string>
#include <vector>

#include "cli/cli_fwd.hpp"
#include "cli/tile_input.hpp"
#include "core/level.hpp"

namespace dungen::cli {

struct LevelOptions;
struct TileSource;

/// One level for a seed (any thread, no shared state), as a command makes it: --require's
/// remakes included (meeting_requirements).
using LevelMaker = std::function<core::Level(core::Seed)>;

/// Adds the shared options a library call may give: --locks and the content options, --tiers
/// and --require (and --seed, never given).
void add_library_level_options(CLI::App& cmd, LevelOptions& o);

/// Parses `args` (in order; positionals after "--") with `cmd`. Throws Error (exit code 2) with
/// the message the CLI prints for a refused value.
void parse_library_args(CLI::App& cmd, const std::vector<std::string>& args);

/// `dungen rooms` with the options `args` (docs/rooms.md). Throws Error as the command does.
[[nodiscard]] LevelMaker rooms_maker(const std::vector<std::string>& args);

/// `dungen layout` with the options and then "--", SPEC in `args` (docs/layouts.md): reads a
/// layout file now. Throws Error as the command does.
[[nodiscard]] LevelMaker layout_maker(const std::vector<std::string>& args);

/// `dungen areas` with the options `args` (docs/areas.md): reads a --mask now. Throws Error as
/// the command does.
[[nodiscard]] LevelMaker areas_maker(const std::vector<std::string>& args);

/// `dungen graph` on the tiles `source` gives (read with `input`, which names them in messages),
/// with the options and then "--", GRAPH in `args` (docs/graph.md): reads a graph file now.
/// Throws Error as the command does.
[[nodiscard]] LevelMaker graph_maker(const std::vector<std::string>& args, const TileInput& input,
                                     const TileSource& source);

}  // namespace dungen::cli
