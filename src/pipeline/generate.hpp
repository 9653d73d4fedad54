#pragma once
/// \file generate.hpp
/// The `generate` pipeline as a library call: stitch a tile set (retrying the next seeds
/// when a level ends early), then analyse the result into a Level ready for the writers.

#include <memory>
#include <string>
#include <vector>

#include "core/level.hpp"
#include "gen/board/candidates.hpp"
#include "gen/stitch/stitch.hpp"
#include "pipeline/finish.hpp"

namespace dungen::pipeline {

/// Everything `generate` needs besides the tile set and the seed.
struct GenerateSettings {
  gen::StitchOptions stitch;
  int retries = 0;                   ///< on early termination, try up to this many more seeds
  /// A level without a loop, of a set that can branch and with loops asked: up to this many
  /// more seeds (generate --loop-retries).
  int loop_retries = 2;
  Analyses analyses;                 ///< locks and content (finish.hpp)
  std::vector<std::string> options;  ///< option lines to record in the reports
  std::string input_hash;            ///< hash of the tile folder, 16 hex digits
};

/// The candidate index of `set` (gen/board/candidates.hpp): the oriented variants of its tiles that
/// settings.stitch.orientations and each tile's settings allow, by door width, facing and kind.
/// Built once and shared by every level made from the set (a batch's workers read it).
[[nodiscard]] std::unique_ptr<const gen::Candidates> index_tiles(const core::TileSet& set,
                                                                 const GenerateSettings& settings);

/// Whether any tile can attach to tile `start` (a --start tile): some door of one of its
/// indexed variants mates a door of some candidate (same width and kind, opposite facing).
[[nodiscard]] bool start_can_grow(const gen::Candidates& candidates, core::TileId start);

/// Makes one level from `seed`: seeds seed, core::retry_seed(seed, 1), ... are tried in turn
/// until one neither ends early (at most `retries` more seeds for that) nor lacks a loop while
/// loops are asked, some tile that grows has three or more doors and the open doors near each
/// other were not all near on foot too (at most `loop_retries` more seeds for that). When
/// none does, the best is kept: one that did not end early before one that did, then the most
/// loops, then the most placements, the earliest on ties. A level made from a later seed for
/// want of a loop says so in a note and keeps `seed` (the same settings make it again); after
/// a level that ended early, the level's seed is the one that made it, so `--seed` with that
/// value alone makes it again. Throws Error like gen::stitch.
[[nodiscard]] core::Level generate_level(const core::TileSet& set,
                                         const gen::Candidates& candidates,
                                         const GenerateSettings& settings, core::Seed seed);

}  // namespace dungen::pipeline
