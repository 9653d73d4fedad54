#pragma once
/// \file generate_setup.hpp
/// Turning parsed generate options into what the library needs, shared by single runs and
/// batches: the loaded tiles, the candidate index and the settings.

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/generate_command.hpp"
#include "core/level.hpp"
#include "io/formats/tile_loader.hpp"
#include "io/fs/run_files.hpp"
#include "pipeline/generate.hpp"
#include "pipeline/graph.hpp"

namespace dungen::cli {

/// Everything a generate run reads, prepared once.
struct GenerateSetup {
  io::formats::LoadedTileSet tiles;
  std::unique_ptr<const gen::Candidates> candidates;  ///< pipeline::index_tiles
  pipeline::GenerateSettings settings;
  std::optional<pipeline::GraphSettings> graph;  ///< with --graph: what graph_level needs
};

/// Tells `files` what a generate run reads: the tile inputs (add_tile_inputs) and a --graph
/// file. Reads nothing; throws only as io::fs::RunFiles::add_input does.
void add_generate_inputs(const GenerateOptions& o, io::fs::RunFiles& files);

/// Validates option values (throws Error of kind Usage), loads the tiles and builds the
/// settings; throws Error when no tile has a door or --start names no tile. With --graph, reads
/// the graph (a file or built-in) and fills `graph`; throws Error for a bad graph. Step
/// pictures are written through `files`.
[[nodiscard]] GenerateSetup prepare_generate(const GenerateOptions& o,
                                             const io::fs::RunFiles& files);

/// prepare_generate with the tiles `load` returns instead of those of o.input's folder (the
/// library's tile sets, loaded once, from a folder or from memory); o.input.folder names them
/// in messages. Throws as prepare_generate, and what `load` throws.
[[nodiscard]] GenerateSetup prepare_generate(
    const GenerateOptions& o, const io::fs::RunFiles& files,
    const std::function<io::formats::LoadedTileSet()>& load);

}  // namespace dungen::cli
