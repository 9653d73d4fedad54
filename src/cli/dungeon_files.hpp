#pragma once
/// \file dungeon_files.hpp
/// The files of one dungeon of floors (--floors N, docs/floors.md), for a single run and for
/// each dungeon of a batch, and the one function that writes them: each floor's files, the
/// dungeon JSON, every floor's ASCII map in one text and the Tiled world of the floors' maps.

#include <cstdint>
#include <string>
#include <vector>

#include "cli/level_command.hpp"
#include "export/output_plan.hpp"
#include "export/writers.hpp"
#include "io/fs/output_set.hpp"
#include "pipeline/floors.hpp"

namespace dungen::cli {

/// Where one dungeon's files go.
struct DungeonPlan {
  std::vector<exporters::OutputPlan> floors;  ///< floor k + 1's files, floor 1 first
  std::string json;  ///< the dungeon JSON (exporters::write_dungeon_json); "" = none
  /// Every floor's ASCII map in one text, each after a heading line; path "" = none.
  exporters::OutputPlan::File ascii;
  std::string world;  ///< the Tiled world placing the floors' maps; "" = none
  /// The floors' Tiled maps as the world names them (file names beside it), floor 1 first.
  std::vector<std::string> world_maps;
  /// Files of formats that hold a whole dungeon (Writer::write_floors: the Doom WAD and demo),
  /// each written once for every floor.
  std::vector<exporters::OutputPlan::File> whole;
};

/// A single run's dungeon of o.floors floors: floor k's files are o.single_plan(k)
/// (NAME-floorK.EXT), the dungeon JSON is --json's file, the ASCII text --ascii's, the world
/// world_path(o), and --wad's and --demo's files hold every floor (`whole`).
[[nodiscard]] DungeonPlan single_dungeon_plan(const LevelOptions& o);

/// A batch dungeon's: `base` is the out folder and "level-NNNN" ("" gives the suffixes after
/// a dungeon's name). Floor k's files are o.batch_plan(base + "-floorK") (level-NNNN-floorK.png,
/// as floor_path names level-NNNN.png's), the dungeon JSON base.json (every batch level has a
/// JSON report), with --with-ascii the ASCII text base.ascii.txt and with --with-tmx or
/// --with-tmj the world base.world.
[[nodiscard]] DungeonPlan batch_dungeon_plan(const LevelOptions& o, const std::string& base);

/// Every file of `plan`, in the order write_dungeon writes them (for the checks and listings).
[[nodiscard]] std::vector<std::string> dungeon_paths(const DungeonPlan& plan);

/// Writes `d` as `plan` says (one floor plan per floor) into `files`; the caller commits.
/// Returns the FNV-1a hash of every floor's map, text and JSON report bytes, floor 1 first
/// (exporters::write_level's, hashed on from floor to floor): a batch manifest's hash. Throws
/// what the writers and io::fs::OutputSet throw.
std::uint64_t write_dungeon(const pipeline::Dungeon& d, const DungeonPlan& plan,
                            const exporters::WriterSettings& settings, io::fs::OutputSet& files);

}  // namespace dungen::cli
