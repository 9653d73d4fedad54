#pragma once
/// \file generators.hpp
/// The other level commands of dungen as functions: `rooms`, `layout`, `areas` and `graph`,
/// each with one options struct holding the command's defaults, each returning the Level the
/// command makes for that seed, byte for byte. Included by <dungen/dungen.hpp>.
///
/// Units and coordinates as in dungen.hpp (map cells, x right, y down from the top-left).
/// Errors: each function throws dungen::Error with the message and exit code the CLI gives for
/// the same options (2 for a value out of range or options that do not go together; 1 for an
/// input file that cannot be read or is wrong); std::bad_alloc when memory runs out.

#include <cstdint>
#include <string>

#include "dungen/dungen.hpp"

namespace dungen {

/// The options of `dungen rooms` (docs/rooms.md), with its defaults.
struct RoomsOptions : ContentOptions {
  int rooms = 40;          ///< --rooms: rooms placed at random, 1..2000
  int min_room_size = 4;   ///< --room-size MIN: floor cells across, 3..max_room_size
  int max_room_size = 10;  ///< --room-size MAX: floor cells across, min_room_size..200
  int door_width = 1;      ///< --door-width: cells, 1..50 (and below min_room_size - 1)
  int gap = 2;             ///< --gap: facing walls at most this many cells apart are neighbours
  double loops = 0.1;      ///< --loops: share of the other neighbour pairs joined, 0..1
  int max_steps = 5000;    ///< --max-steps: separation steps before giving up, 1..10^6
};

/// The rooms level `dungen rooms --seed SEED` makes with `options`: random rooms pushed apart
/// by separation steering, joined by an adjacency spanning tree with extra loops. Throws Error
/// (exit code 2) for a value out of range.
[[nodiscard]] Level rooms(const RoomsOptions& options, std::uint64_t seed);

/// The options of `dungen layout` (docs/layouts.md), with its defaults.
struct LayoutOptions : ContentOptions {
  /// --space "WxH": the tile space of a built-in layout, in cells; "" = the CLI's 85x64. A
  /// layout file gives its own space: with one, a non-empty value is an error.
  std::string space;
};

/// The level `dungen layout SPEC --seed SEED` makes: `spec` is a layout file (.json, read from
/// disk) or a built-in ("grid:4x3", "clock", "maze", "maze:0.1"). Throws Error: exit code 2
/// for an unknown built-in or a value out of range, 1 for a layout file that cannot be read or
/// is wrong (the message names its entry).
[[nodiscard]] Level layout(const std::string& spec, const LayoutOptions& options,
                           std::uint64_t seed);

/// The options of `dungen areas` (docs/areas.md), with its defaults.
struct AreasOptions : ContentOptions {
  int width = 80;      ///< --width: grid width, cells, 8..4096 (not with mask)
  int height = 60;     ///< --height: grid height, cells, 8..4096 (not with mask)
  int spaces = 20;     ///< --spaces: seeds spread into spaces, 1..100000
  int min_space = 0;   ///< --min-space: smaller spaces merge (cells); 0 = usable cells / 5 spaces
  double loops = 0.1;  ///< --loops: share of the other adjacent space pairs joined, 0..1
  std::string mask;    ///< --mask: PNG whose white cells are the usable ones; "" = none
};

/// The level `dungen areas --seed SEED` makes with `options`: seeds spread into spaces over a
/// grid, adjacent spaces joined by doors. Throws Error: exit code 2 for a value out of range
/// or too many spaces for the grid, 1 for a mask that cannot be read.
[[nodiscard]] Level areas(const AreasOptions& options, std::uint64_t seed);

/// The options of `dungen graph` (docs/graph.md), with its defaults.
struct GraphOptions : ContentOptions {
  int corridor_max = 4;  ///< --corridor-max: most corridor tiles between two rooms, 0..64
  int retries = 0;       ///< --retries: more seeds when the graph is not realised, 0..1000
};

/// The level `dungen graph FOLDER GRAPH --seed SEED` makes from `tiles`: `graph` is a JSON
/// graph or layout file (read from disk) or a built-in ("grid:3x2", "clock", "chain:5"), each
/// room placed as a tile and the graph's edges joined by doors, through corridor tiles. Throws
/// Error as layout() does, and (exit code 1) for a set without the tags the graph needs.
[[nodiscard]] Level graph(const TileSet& tiles, const std::string& graph,
                          const GraphOptions& options, std::uint64_t seed);

}  // namespace dungen
