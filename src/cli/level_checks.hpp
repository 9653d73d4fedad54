#pragma once
/// \file level_checks.hpp
/// The checks every level command runs on its options before any work: outputs, seed,
/// batch flags, --dump-steps. check_level_options and parse_seed are declared in
/// level_command.hpp.

#include <string>
#include <vector>

#include "cli/level_command.hpp"

namespace dungen::cli {

/// Every file a single run writes: the outputs in writer-table order, then the tileset
/// images beside Tiled maps.
[[nodiscard]] std::vector<std::string> single_run_files(const LevelOptions& o);

/// The suffixes of a batch level's files: ".png", ".txt", ".preview.png", ... as the options
/// ask for them.
[[nodiscard]] std::vector<std::string> level_suffixes(const LevelOptions& o);

/// Refuses (Error of kind Output) a folder where the Tiled maps' tileset image `path`
/// (dungen-tiles.png, beside the --tmx/--tmj map or in a batch's --out-dir) would go: its name
/// was never given, so the message says where it comes from.
void refuse_folder_as_tileset_image(const std::string& path);

/// Refuses (Error of kind Usage, exit 2) an output `path` that is the file standard error
/// goes to (`--report log.txt 2>> log.txt`): written, it would replace the file the messages
/// go into, and they would be lost. Standard error is first pointed back at that file
/// (io::restore_stderr), so the refusal is seen there. Returns otherwise.
void refuse_stderr_output(const std::string& path);

/// Refuses (Error of kind Output) before any work an output that is one of the inputs the
/// command read; in a batch, an input in --out-dir named like a file the batch writes.
void refuse_inputs_as_outputs(const LevelOptions& o);

}  // namespace dungen::cli
