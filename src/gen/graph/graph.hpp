#pragma once
/// \file graph.hpp
/// Graph-guided stitching: realises a level graph (core/level_graph.hpp) from a tile set,
/// each graph room one placement of a tile carrying the room's tags, each connection a
/// door-to-door join or a run of corridor tiles (tiles tagged `corridor`) between the two
/// rooms, each cycle of the graph a real loop (docs/graph.md).
///
/// Algorithm (after Nepožitek's level-graph generator, "Edgar", 2019, much simplified: no
/// simulated annealing, placements on the stitching grid only):
///  - Order: rooms by breadth-first search from the entrance room, each loop's rooms one
///    after another; or (every other search, when the graph has loops) shortest ears first:
///    paths of rooms not placed between placed rooms, small loops before the large ones
///    around them. Each room after the first is placed through the connection to its search
///    parent (a tree link); every other connection (a cycle link) is closed as soon as both
///    its rooms are placed.
///  - Tiles: a room takes only tiles with at least as many doors in their main walkable part
///    as it has connections.
///  - Placing a room: through an open door of its parent, directly (door on door, DESIGN.md
///    "Joining rule") or at the end of a run of at most corridor_max corridor tiles, the
///    tile drawn by weight among those carrying the room's tags. A door of the new room that
///    lands exactly on an open door of a placed cycle neighbour closes that cycle link at
///    once; options are ranked by how near the room's open doors come to those neighbours',
///    and refused when a placed room keeps fewer open doors with empty cells in front than
///    connections to make.
///  - A loop's last room: meet in the middle. Runs of up to two corridor tiles from both
///    placed neighbours are listed by where they end; a tile with a door on an end of each
///    side meets both (one look-up per pair of ends in a table of the ways through the
///    rooms' tiles). The room before it prefers options after which a meeting fits the map.
///  - Else closing a cycle link: a depth-first search over corridor runs of at most
///    corridor_max tiles from an open door of one room, ordered by the distance left to an
///    open door of the other and pruned when that distance cannot be covered, that must land
///    exactly on it.
///  - Backtracking: backjumping (Gaschnig, 1979): a room with no option returns to the
///    latest step that placed a piece near its parent's open doors; a few options per room,
///    bounded by a budget of placements tried; searches begin afresh in rounds (restarts),
///    with budgets in Luby's sequence and corridors of one tile per connection first, one
///    more every third round up to corridor_max; the deepest state reached (most rooms
///    placed) is kept.
///  - Finish: every door not used by a connection is sealed (an unused door, `not_joined`,
///    or `landed_on_wall`), the outside walled (core::wall_off_outside).
/// A door never lands on an open door it is not meant to join, so the map's room graph has
/// no connection the level graph does not ask for. Deterministic for a given `rng` state.

#include <string>
#include <vector>

#include "core/level_graph.hpp"
#include "core/map.hpp"
#include "core/rng.hpp"
#include "core/steps.hpp"
#include "core/tile.hpp"
#include "gen/board/candidates.hpp"

namespace dungen::gen {

/// Options of one graph stitching run.
struct GraphStitchOptions {
  int corridor_max = 4;  ///< corridor tiles per connection at most; 0 = doors meet directly
  /// Placements the search may try in all before it gives up (GraphStitchResult::tried).
  int budget = 1600000;
  /// A share of the budget is budget / restarts; searches get an eighth of a share times
  /// Luby's sequence (1, 1, 2, 1, 1, 2, 4, ...), at most 4 shares, at most 16 * restarts
  /// searches in all.
  int restarts = 8;
  core::StepObserver observe{};  ///< sees "placed" (each room) and "finished"; unset: none
};

/// How one graph connection was realised.
struct GraphJoin {
  bool made = false;
  std::vector<int> corridor;  ///< placement ids of its corridor tiles, from `a`'s side
};

/// What a graph stitching run made. Not an exception: a graph that could not be realised
/// gives the deepest partial map and a diagnosis.
struct GraphStitchResult {
  core::Map map;
  std::vector<int> room_placement;  ///< per graph room: its placement id, -1 = not placed
  std::vector<GraphJoin> joins;     ///< per graph connection
  bool complete = false;            ///< every room placed and every connection made
  std::string diagnosis;            ///< when not complete: what failed and what is missing
  /// The search budget spent: placements tried (one more per 512 cells a test reads) and
  /// one per 128 meeting lookups.
  int tried = 0;
  std::size_t meeting_lookups = 0;  ///< door lookups made while meeting loops' closing rooms
  std::size_t meetings_peak = 0;    ///< most meetings one such look kept at once (memory)
  int walled_cells = 0;             ///< empty cells walled (core::wall_off_outside)
};

/// Realises `graph` from `set` (`candidates` built from it). Rooms take tiles carrying all
/// their tags (untagged rooms: any tile not tagged `corridor`), with weight above 0 and
/// within their `max` uses; the entrance room (core::entrance_room) is placement 0 and
/// prefers tiles tagged `start`, the exit room (core::exit_room) those tagged `exit`. A
/// connection with a width joins doors of that width. Never throws for a graph that cannot
/// be realised: the result says why.
[[nodiscard]] GraphStitchResult graph_stitch(const core::LevelGraph& graph,
                                             const core::TileSet& set, const Candidates& candidates,
                                             const GraphStitchOptions& options, core::Rng& rng);

}  // namespace dungen::gen
