#pragma once
/// \file wad_output.hpp
/// --wad, --demo and --zdbsp (docs/doom.md): the Doom map of a level with its nodes built by
/// zdbsp, and a demo that plays it to the exit. The node builder runs on copies in a temporary
/// folder; what is written goes through io::write_file like every output.

#include <CLI/CLI.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "cli/level_command.hpp"
#include "io/files.hpp"
#include "core/level.hpp"

namespace dungen::cli {

/// Adds --wad, --demo and --zdbsp to the command's current option group.
void add_wad_options(CLI::App& cmd, LevelOptions& o);

/// Adds the batch flags --with-wad and --with-demo to the command's current option group.
void add_wad_batch_flags(CLI::App& cmd, LevelOptions& o);

/// Checks the Doom options before any work: --demo needs --wad (--with-demo needs --with-wad),
/// --locks at most 3 (Doom's key colours), --zdbsp an executable file. Throws Error (usage).
void check_wad_options(const LevelOptions& o);

/// The node builder to run: `option` (--zdbsp PATH) when given, which must be an executable
/// file (throws Error, usage, otherwise); else zdbsp found on $PATH; else nullopt (the map is
/// written without nodes).
[[nodiscard]] std::optional<std::filesystem::path> find_node_builder(const std::string& option);

/// The PWAD of `level` (exporters::doom_wad; throws its errors), with nodes, REJECT and
/// BLOCKMAP added by `zdbsp -R` when `zdbsp` is set. `path` names the output in messages; with
/// `warn`, a map vanilla engines cannot read (exporters::vanilla_limit_notes) gets a warning on
/// standard error. Throws Error (output) when zdbsp fails or writes no nodes.
[[nodiscard]] std::vector<std::uint8_t> wad_with_nodes(const core::Level& level,
                                                       const std::optional<std::filesystem::path>& zdbsp,
                                                       const std::string& path, bool warn);

/// The note for maps written without nodes: `what` names them (a file or "the levels' maps").
[[nodiscard]] std::string no_node_builder_note(const std::string& what);

/// The Doom outputs of one run, made before anything is written so that a level too large for
/// Doom is refused with no file written.
struct WadOutputs {
  std::vector<std::uint8_t> wad;   ///< empty when not asked for
  std::vector<std::uint8_t> demo;  ///< empty when not asked for
};

/// The bytes of o.wad and o.demo for `level` (a single run); prints the note of a map without
/// nodes unless quiet. Throws the exporters' errors (usage, e.g. a level too large).
[[nodiscard]] WadOutputs make_wad_outputs(const LevelOptions& o, const core::Level& level);

/// Writes what make_wad_outputs made to o.wad and o.demo.
void write_wad_outputs(const LevelOptions& o, const WadOutputs& out, io::OutputSet& files);

/// A batch level's Doom files: BASE.wad (--with-wad) and BASE.lmp (--with-demo).
void write_batch_wad(const LevelOptions& o, const core::Level& level, const std::string& base, io::OutputSet& files);

}  // namespace dungen::cli
