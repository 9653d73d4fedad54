#pragma once
/// \file writers.hpp
/// Every output format of a level as one table: its name, command-line option, batch file
/// name and write function. The command line makes its options from this table and both
/// single runs and batches write through export/output_plan.hpp, so a new format is one
/// entry here and its own writer file.

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/level.hpp"
#include "export/metric_table.hpp"
#include "io/fs/block_sink.hpp"

namespace dungen::exporters {

/// What writers need besides the level (from the command line).
struct WriterSettings {
  int preview_scale = 8;  ///< preview pixels per cell, 1..64
  /// The metrics the reports write (export/metric_table.hpp; another table only in tests).
  std::span<const Metric> metrics = metric_table();
  /// Adds nodes to the Doom map `wad` made by doom_wad (a node builder; see docs/doom.md);
  /// `path` names the output in messages. Unset: the map is written without nodes.
  std::function<std::vector<std::uint8_t>(std::vector<std::uint8_t> wad, const std::string& path)>
      doom_nodes;
};

/// One output format.
struct Writer {
  std::string_view
      name{};  ///< "map", "report", "json", "preview", "tmx", "tmj", "ascii", "wad", "demo"
  std::string_view
      option{};  ///< the single-run option in CLI11's spelling, e.g. "--json" or "-o,--output"
  std::string_view help{};          ///< what --help says of it
  std::string_view batch_suffix{};  ///< a batch level's file: level-NNNN followed by this
  std::string_view batch_help{};    ///< --help of the batch flag --with-NAME; empty: every batch
                                    ///< level has the file
  bool required =
      false;            ///< every run writes it: a single run's file is never "not given" (the map)
  bool binary = false;  ///< bytes a terminal must not get: '-' is refused when stdout is one
  bool tiled = false;   ///< a Tiled map: the tileset image (kTilesetImageName) goes beside it
  /// -1, or the writer plays the level: it reads Analysis::route, which finish_level fills
  /// with quarter turns costing this many steps (pipeline::Analyses::route_turn_cost).
  int route_turn_cost = -1;
  /// Writes `level` to `sink`; `path` names the output in messages. Throws the exporters'
  /// errors (e.g. a level too large for a Doom map).
  void (*write)(const core::Level& level, const WriterSettings& settings, const std::string& path,
                const io::fs::BlockSink& sink) = nullptr;
  /// Set for a format that holds a whole dungeon (--floors) in one file, the Doom WAD and demo:
  /// writes `floors` (floor 1 first) to `sink`, and a dungeon's run writes this one file at the
  /// option's path instead of a file per floor. Unset: a file per floor. Throws as `write`.
  void (*write_floors)(std::span<const core::Level> floors, const WriterSettings& settings,
                       const std::string& path, const io::fs::BlockSink& sink) = nullptr;
};

/// Every writer, in the order outputs are written and listed; the map comes first.
[[nodiscard]] std::span<const Writer> writers();

/// The index in `table` of the writer named `name`; table.size() when none is.
[[nodiscard]] std::size_t writer_index(std::string_view name,
                                       std::span<const Writer> table = writers());

/// The option as people type it in messages: its first spelling ("-o" for "-o,--output").
[[nodiscard]] std::string_view shown_option(const Writer& w);

}  // namespace dungen::exporters
