#pragma once
/// \file stitch.hpp
/// The tile stitcher: grows a map from a tile set by joining doors of equal width and
/// opposite facing until no open door remains (DESIGN.md "Joining rule"; after "The Random
/// Dungeon That Isn't So Random": a door no tile can fill is marked dead and never tried
/// again, and the dungeon is finished rather than forced).
///
/// Pipeline: seed_first_room -> grow_from_open_doors -> make_loops -> close_open_doors ->
/// (backtrack -> grow again, while the level is short) -> seal_unreachable_doors -> finish_map.
///  - Parts: a tile's passable cells fall into parts (core/tile_parts.hpp); a player who
///    enters a tile by one door can leave only by the doors of the same part. The start
///    tile's entrance part is reached; a placed tile's part is reached when it joins a
///    reached part. Only doors of reached parts are grown from; the others stay open
///    (a later tile's door landing exactly on one joins it, reaching its part) and are sealed
///    at the end as `unreachable_part`. So every placement is reachable, and --min-tiles and
///    --max-tiles count tiles the player can reach.
///  - Growth: take an open door (by GrowthPolicy), draw a tile that has a mating door by
///    weight (scaled by the square of the share of the tile a player entering there reaches),
///    try its mating doors in random order, those whose part holds most of the tile first;
///    the first placement that collides with nothing is made. A placement that would leave
///    more than StitchOptions::max_unreachable_permille of the level's passable cells
///    unreachable is not made. Other doors of the new tile that land exactly on a mating
///    open door connect too (loops); a door landing wholly on wall is sealed; a wall covering
///    a whole open door seals that door. Anything else overlapping is a collision.
///  - Loops on purpose (--loops): once the level has its size, pairs of open doors near in
///    space but far apart on foot are joined door to door through one to three tiles found by
///    meeting in the middle (loops.cpp).
///  - Closing: once --max-tiles placements are made, each open door is offered only tiles
///    that would open no new door (caps); a door that gets none is sealed.
///  - Required tiles (sidecar `required`) are tried first on every open door once half the
///    tile budget is used, and in the closing phase.
///  - Completion by search: while the level is below --min-tiles or misses a required tile,
///    every change is journaled with a checkpoint before each placement. When growth stalls
///    short (at half the size asked or more), the latest placement is undone and ruled out at
///    that depth, and growth goes on (chronological backtracking, at most 256 placements back
///    and max(16, --min-tiles) undos per run, and kSearchCandidateTests candidate tests from
///    the first undo on). A search that ends shorter than a level it
///    saw replays that level. A level still short begins again from another start tile (up
///    to 4 runs; the longest is kept). All of it is deterministic per seed.
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "core/level.hpp"
#include "core/map.hpp"
#include "core/rng.hpp"
#include "core/steps.hpp"
#include "core/tile.hpp"
#include "gen/board/candidates.hpp"
#include "gen/stitch/trim.hpp"

namespace dungen::gen {

/// The candidate tests (ways of tiles onto open doors) one run's completion search may make
/// from its first undo on: about 2 s at the 0.5-1 µs a test costs, the level graph search's
/// bound (docs/performance.md). Growth after an undo tests candidates as growth does, so a
/// set of many tiles made the undos alone (one per --min-tiles) cost minutes.
inline constexpr std::int64_t kSearchCandidateTests = 2'000'000;

/// Which open door grows next.
enum class GrowthPolicy {
  Random,        ///< any open door, uniformly: bushy, compact maps
  BreadthFirst,  ///< the oldest open door: rings of tiles around the start
  DepthFirst,    ///< the newest open door: long winding branches
};

/// A tile pinned at a cell (--place): placed before growth in `orientation`, the top-left
/// corner of its oriented cells at map cell `origin` (x right, y down, from the map's
/// top-left).
struct Pin {
  core::TileId tile = 0;
  core::Orientation orientation = core::Orientation::R0;
  core::Point origin;
};

/// Options of one stitching run. Counts are placements (tiles put on the map).
struct StitchOptions {
  int max_tiles = 60;                 ///< growth budget, start tile included
  int min_tiles = 0;                  ///< fewer placements than this = terminated early
  std::optional<core::TileId> start;  ///< the first tile; nullopt = drawn by weight
  OrientationRules orientations;
  GrowthPolicy policy = GrowthPolicy::Random;
  std::optional<core::Size> max_size;  ///< the map's bounding box may not exceed this
  /// --mask: map cells only where the mask is not 0. The map is then the mask's size, map cell
  /// (x, y) on mask pixel (x, y): every tile lies inside the mask's allowed cells and so does
  /// every wall the map's walling adds; the start tile goes where it fits, drawn by the rng.
  /// Shared, not copied, between the levels of a batch. Null: no mask.
  std::shared_ptr<const core::Grid<std::uint8_t>> mask;
  /// --place: tiles at fixed cells, placed before growth. The first is the start tile (the
  /// entrance lies in it); the others join the level as growth reaches them: growth is drawn
  /// toward them, and once an open door comes near one, one to three tiles are laid door to
  /// door between them (as loops are). The map's top-left is then map cell (0, 0), the pins'
  /// frame, and nothing lies left of or above it (with a mask, the mask's frame). Each pin
  /// must fit there, or stitch throws Error (field "place"). Empty: none.
  std::vector<Pin> pins;
  bool close_with_caps = true;         ///< false: skip the closing phase, seal at once
  /// A tile is not entered where that would leave more than this share of the level's
  /// passable cells (in 1/1000) in parts of tiles the entrance cannot reach. Required tiles
  /// are exempt.
  int max_unreachable_permille = 50;
  /// Loops on purpose (loops.cpp): once growth has made the level, at most this many pairs of
  /// open doors near each other but far apart on foot are joined through one to three tiles,
  /// those that save the longest walks first. 0: none (the trees growth alone makes).
  int loops = 0;
  /// A pair of open doors is joined only when the walk between them, through the level, is at
  /// least this many steps longer than the walk through the tiles that join them (after
  /// Brogue's addLoops, which cuts a door where it saves more than 20 steps).
  int loop_detour = 20;
  /// Dead ends under control (trim.hpp): once the map is finished, dead-end branches are
  /// taken away until at most this many dead ends remain. Unset: every dead end stays.
  std::optional<DeadEndLimit> max_dead_ends;
  /// Completion by search: undo and retry when the level stalls short; restart from other
  /// start tiles. Off: one greedy run, as the stitcher grew before (for comparison).
  bool search = true;
  /// Sees the map after each step: "start" (the start tile), "grown" (growth stopped),
  /// "closed" (open doors capped or sealed), "undone" (the search took placements back),
  /// "finished" (doors in unreachable parts sealed, the outside walled). Unset: no pictures.
  core::StepObserver observe{};
};

/// Why stitching stopped.
enum class StopReason {
  NoOpenDoors,  ///< every door was connected or sealed before the budget ran out
  TileBudget,   ///< --max-tiles placements were made
};

/// Why pairs of open doors were not joined into loops (loops.cpp): each pair looked at is
/// counted once, under the first reason it failed. Reported when fewer loops were made than
/// asked, so a designer sees whether the tiles or the room on the map was missing.
struct LoopTally {
  int pairs = 0;       ///< pairs of open doors near each other looked at
  int no_tiles = 0;    ///< no run of one to three tiles of the set joins them
  int short_walk = 0;  ///< the walk between them is short already (under --loop-detour saved)
  int collide = 0;     ///< every run of tiles that joins them collides with the map
  /// Pairs near each other passed over before a closer look: the growth tree's path between
  /// them saves less than --loop-detour (a pair may count once per look; not in `pairs`).
  int near_on_tree = 0;
};

/// What a stitching run made and why it stopped. Not an exception: a short map is a result.
struct StitchResult {
  core::Map map;
  StopReason stop = StopReason::NoOpenDoors;
  int growth_placements = 0;         ///< placements before the closing phase
  int cap_placements = 0;            ///< placements made by the closing phase
  int undone_placements = 0;         ///< placements the search undid to complete the level
  int restarts = 0;                  ///< runs begun again from another start tile
  int walled_cells = 0;              ///< empty cells walled next to walkable ones
                                     ///< (core::wall_off_outside)
  std::int64_t candidate_tests = 0;  ///< ways of tiles onto open doors tested (work done)
  std::size_t journal_peak = 0;      ///< most undo-journal cell entries held at once
  std::vector<core::TileId> missing_required;   ///< required tiles that found no place
  std::vector<int> unjoined_pins;  ///< indices into StitchOptions::pins the entrance cannot reach
  std::vector<core::MadeLoop> loops;            ///< loops made on purpose, in order made
  std::vector<core::TrimmedPlacement> trimmed;  ///< dead-end placements taken away
  LoopTally loop_tally;                         ///< why pairs of doors stayed apart
  bool terminated_early = false;  ///< fewer than min_tiles, a required tile missing or a pin
                                  ///< not joined
};

/// Stitches `set` into a map. `candidates` must have been built from `set`. Throws Error
/// when no tile of the set can be the start (no tile has a door) or the start tile is
/// unknown to the set. Deterministic for a given `rng` state.
[[nodiscard]] StitchResult stitch(const core::TileSet& set, const Candidates& candidates,
                                  const StitchOptions& options, core::Rng& rng);

/// Throws the Error stitch would throw for `options.pins` (field "place": a pin that does not
/// fit or whose orientation is left out) before any level is grown: whether the pins fit
/// depends on the options alone, not on the seed. Does nothing without pins.
void check_pins(const core::TileSet& set, const Candidates& candidates,
                const StitchOptions& options);

/// Human sentence for a stop reason, e.g. "no open door left".
[[nodiscard]] const char* stop_reason_text(StopReason r);
/// Machine key for a stop reason, e.g. "no_open_doors".
[[nodiscard]] const char* stop_reason_key(StopReason r);

}  // namespace dungen::gen
