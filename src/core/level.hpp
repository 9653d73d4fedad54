#pragma once
/// \file level.hpp
/// A Level: a Map plus everything analysis and generators found out about it. This is what
/// every writer (PNG, reports, preview) takes.

#include <optional>
#include <string>
#include <vector>

#include "core/map.hpp"
#include "core/rng.hpp"

namespace dungen::core {

/// A connected group of passable cells that the entrance cannot reach: `first` is its first
/// cell in row-major order, `cells` its size in cells.
struct Region {
  Point first;
  int cells = 0;
};

/// A generated dungeon level, ready to be written.
struct Level {
  Map map;
  std::string generator;                ///< "generate", later "rooms", "layout", ...
  Seed seed = 0;                        ///< the seed that made it
  std::vector<std::string> options;     ///< "--max-tiles 60"-style lines, for reports
  std::string input_hash;               ///< hash of the tile set (16 hex digits), or empty
  std::string stop_reason;              ///< why generation stopped: a key, e.g. "tile_budget"
  std::string stop_text;                ///< the same for people, one sentence
  int closing_placements = 0;           ///< placements made while closing open doors (caps)
  bool terminated_early = false;        ///< stopped before the requested size
  std::vector<std::string> early_notes; ///< why it counts as early, one line each
  std::optional<Point> entrance;        ///< a floor cell, map coordinates
  std::optional<Point> exit;            ///< a floor cell far from the entrance
  int exit_distance = 0;                ///< steps from entrance to exit (4-connected)
  std::vector<Region> unreachable;      ///< passable regions the entrance cannot reach
};

}  // namespace dungen::core
