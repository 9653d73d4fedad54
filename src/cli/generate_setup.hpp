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
  std::shared_ptr<const gen::Candidates> candidates;  ///< pipeline::index_tiles
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

/// Where a library call's tiles come from: `load` gives the loaded tiles; `index`, when set,
/// the index of those same tiles for the orientation rules asked (a library tile set keeps one
/// per rule), instead of building it for each call.
struct TileSource {
  std::function<io::formats::LoadedTileSet()> load;
  std::function<std::shared_ptr<const gen::Candidates>(gen::OrientationRules)> index;
};

/// prepare_generate with the tiles `source` gives instead of those of o.input's folder (the
/// library's tile sets, loaded once, from a folder or from memory); o.input.folder names them
/// in messages. Throws as prepare_generate, and what `source` throws.
[[nodiscard]] GenerateSetup prepare_generate(const GenerateOptions& o,
                                             const io::fs::RunFiles& files,
                                             const TileSource& source);

}  // namespace dungen::cli
