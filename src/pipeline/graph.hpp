#pragma once
/// \file graph.hpp
/// `dungen graph` as a library call: realise a level graph from a tile set
/// (gen/graph/graph.hpp), retrying the next seeds when it cannot, then analyse the result
/// into a Level ready for the writers.

#include <string>
#include <vector>

#include "core/level.hpp"
#include "core/level_graph.hpp"
#include "gen/board/candidates.hpp"
#include "gen/graph/graph.hpp"
#include "pipeline/finish.hpp"

namespace dungen::pipeline {

/// Everything a graph level needs besides the tile set and the seed.
struct GraphSettings {
  core::LevelGraph graph;
  gen::GraphStitchOptions stitch;
  int retries = 0;                   ///< when the graph is not realised, try this many more seeds
  Analyses analyses;                 ///< locks and content (finish.hpp)
  std::vector<std::string> options;  ///< option lines to record in the reports
  std::string input_hash;            ///< hash of the tile folder, 16 hex digits
  /// The generator the level records (Level::origin): "graph", or "generate" for the levels
  /// of `generate --graph`, which are kept as they were while that spelling is deprecated.
  std::string generator = "graph";
};

/// Makes one level from `seed`: seeds seed, core::retry_seed(seed, 1), ... are tried until
/// one realises the whole graph; when none does, the one with the most rooms placed (the
/// earliest on ties) is kept, terminated early, with the diagnosis as its early note.
/// `level.graph` records which placement each graph room became; the exit is put in the exit
/// room (core::exit_room).
[[nodiscard]] core::Level graph_level(const core::TileSet& set, const gen::Candidates& candidates,
                                      const GraphSettings& settings, core::Seed seed);

}  // namespace dungen::pipeline
