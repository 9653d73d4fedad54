#pragma once
/// \file wad_output.hpp
/// --wad, --demo and --zdbsp (docs/doom.md): the Doom map of a level with its nodes built by
/// zdbsp, and a demo that plays it to the exit. The node builder runs on copies in a temporary
/// folder; what is written goes through the run's io::fs::RunFiles like every output.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "cli/cli_fwd.hpp"
#include "cli/level_command.hpp"
#include "export/writers.hpp"
#include "io/fs/run_files.hpp"

namespace dungen::cli {

/// Adds --zdbsp to the command's current option group (--wad and --demo come from the
/// writer table, export/writers.hpp).
void add_wad_options(CLI::App& cmd, LevelOptions& o);

/// Checks the Doom options before any work: --demo needs --wad (--with-demo needs --with-wad),
/// --locks at most 3 (Doom's key colours), --zdbsp an executable file. The node builder becomes
/// an input of `files` (never an output). Throws Error (usage; output when standard error is
/// the node builder).
void check_wad_options(const LevelOptions& o, io::fs::RunFiles& files);

/// The node builder to run: `option` (--zdbsp PATH) when given, which must be an executable
/// file (throws Error, usage, otherwise); else zdbsp found on $PATH; else nullopt (the map is
/// written without nodes).
[[nodiscard]] std::optional<std::filesystem::path> find_node_builder(const std::string& option);

/// `wad` (a PWAD of exporters::doom_wad) with nodes, REJECT and BLOCKMAP added by `zdbsp -R`.
/// `path` names the output in messages; with `warn`, a map vanilla engines cannot read
/// (exporters::vanilla_limit_notes) gets a warning on standard error. Throws Error (output)
/// when zdbsp fails or writes no nodes.
[[nodiscard]] std::vector<std::uint8_t> add_nodes(std::vector<std::uint8_t> wad,
                                                  const std::filesystem::path& zdbsp,
                                                  const std::string& path, bool warn);

/// The writers' settings for this run: the preview scale, and Doom maps' nodes built by the
/// node builder. When Doom maps are written without one (none found), a note says so unless
/// quiet; `what` names them in it (e.g. "m.wad has" or "the levels' maps have").
[[nodiscard]] exporters::WriterSettings writer_settings(const LevelOptions& o,
                                                        const std::string& what);

}  // namespace dungen::cli
