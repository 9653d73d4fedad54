#pragma once
/// \file output_plan.hpp
/// Which files a level goes to, for a single run and for each level of a batch, and the one
/// function that writes them (through io::fs::OutputSet: all or none).

#include <cstdint>
#include <string>
#include <vector>

#include "core/hash.hpp"
#include "core/level.hpp"
#include "export/writers.hpp"
#include "io/fs/output_set.hpp"

namespace dungen::exporters {

/// The files of one level: a writer and a path each, in the writer table's order, and the
/// Tiled tileset images to write beside Tiled maps.
struct OutputPlan {
  struct File {
    const Writer* writer = nullptr;  ///< an entry of the writer table the plan was made from
    std::string path;                ///< "-" = standard output
  };
  std::vector<File> files;
  std::vector<std::string> tileset_images;
};

/// A single run's plan: `paths[i]` is the file of table[i], "" for none (`paths` has one
/// entry per writer; a required writer's "" stays in the plan, for the checks to refuse).
/// `table` is exporters::writers() but in tests. A tileset image goes beside every Tiled map, once
/// per folder, except for maps written to '-' or to a device or FIFO.
[[nodiscard]] OutputPlan single_plan(const std::vector<std::string>& paths,
                                     std::span<const Writer> table = writers());

/// A batch level's plan: `base` (the out folder and "level-NNNN") plus each writer's
/// batch_suffix, for the writers every batch level has and those with `with[i]` set (one
/// entry per writer). The tileset image is the batch's, written once: none here.
[[nodiscard]] OutputPlan batch_plan(const std::string& base, const std::vector<bool>& with,
                                    std::span<const Writer> table = writers());

/// Writes `level` as `plan` says into `files` (the caller commits). Returns the FNV-1a hash
/// of the bytes of the writers every batch level has (map PNG, text report, JSON report, in
/// that order), of those the plan holds, continued from `hash` (a dungeon's floors hash on
/// from one floor to the next): the batch manifest's level hash. Throws what the writers and
/// io::fs::OutputSet throw.
std::uint64_t write_level(const core::Level& level, const OutputPlan& plan,
                          const WriterSettings& settings, io::fs::OutputSet& files,
                          std::uint64_t hash = core::kFnvOffset);

}  // namespace dungen::exporters
