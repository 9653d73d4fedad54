#pragma once
/// \file areas.hpp
/// The areas generator: organic spaces grown from seeds ("seed-and-spread", after the
/// lock-and-key devlog, ../shared/seeds/lock-and-key-devlog.txt), walled apart, joined by
/// doors along the space tree (a spanning tree of the space adjacency graph) plus loops.
///
/// Pipeline: scatter_seeds -> spread (each space in turn claims one random cell of its
/// frontier until no space can grow) -> merge_small (spaces under the minimum join the
/// neighbour they share most boundary with) -> carve_walls (one-cell walls between spaces
/// and around the usable area) -> find door sites -> space tree + loops -> doors.

#include <cstdint>
#include <optional>
#include <vector>

#include "core/grid.hpp"
#include "core/map.hpp"
#include "core/rng.hpp"
#include "core/steps.hpp"

namespace dungen::gen {

/// Options of the areas generator. Sizes in cells.
struct AreasOptions {
  core::Size size{80, 60};   ///< the grid (a mask gives its own size)
  int spaces = 20;           ///< seeds scattered
  int min_space = 0;         ///< smaller spaces are merged; 0 = usable cells / (5 x spaces)
  int loops_permille = 100;  ///< share of the other adjacent pairs joined, in 1/1000
  std::optional<core::Grid<std::uint8_t>> mask;  ///< usable cells (1); nullopt = all but the border
  /// Sees the map after each step: "spread" (seeds grown into spaces), "merged" (small
  /// spaces merged, walls drawn), "joined" (doors). Unset: no pictures.
  core::StepObserver observe{};
};

/// What the areas generator made.
struct AreasResult {
  core::Map map;             ///< placements = spaces, connections = doors
  core::Grid<int> space_of;  ///< per cell: its space id (placement id), -1 for none
  int merged = 0;            ///< spaces merged into a neighbour for being too small
  int unclaimed = 0;         ///< usable cells no seed could reach (left empty)
  int tree_doors = 0, loop_doors = 0, loop_candidates = 0;
};

/// Throws Error (usage, field "spaces") when the grid or mask has fewer than 9 usable cells
/// per space asked: what generate_areas checks first, for every seed alike (a batch checks it
/// once, before any level).
void check_areas_options(const AreasOptions& options);

/// Runs the whole pipeline. Throws Error (usage) when the grid or mask leaves no room for
/// the spaces asked.
[[nodiscard]] AreasResult generate_areas(const AreasOptions& options, core::Rng& rng);

/// Seed-and-spread over `usable` cells: `count` seeds on distinct usable cells, then each
/// space in turn claims one random unclaimed usable 4-neighbour of its cells. Returns the
/// space id per cell (-1 where unusable or unreachable). Steps, public for tests.
[[nodiscard]] core::Grid<int> seed_and_spread(const core::Grid<std::uint8_t>& usable, int count,
                                              core::Rng& rng);

/// Merges every space smaller than `min_cells` into the neighbouring space it shares the
/// longest boundary with (ties: lower id), repeatedly, then renumbers spaces 0.. in order of
/// their first cell (row-major). Returns how many were merged.
int merge_small(core::Grid<int>& space_of, int min_cells);

}  // namespace dungen::gen
