#pragma once
/// \file level.hpp
/// A Level: a Map plus everything analysis and generators found out about it. This is what
/// every writer (PNG, reports, preview) takes.

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/feature.hpp"
#include "core/map.hpp"
#include "core/rng.hpp"

namespace dungen::core {

/// A connected group of passable cells that the entrance cannot reach: `first` is its first
/// cell in row-major order, `cells` its size in cells.
struct Region {
  Point first;
  int cells = 0;
};

/// A locked door: the cells of a connection that open only with key `key`; `door` is the
/// door of placement `a` (the entrance's side), so it faces the locked placement `b`. An edge
/// of the room graph's spanning tree.
struct Lock {
  int id = 0;
  int a = 0;  ///< placement on the entrance's side
  int b = 0;  ///< placement behind the lock
  Door door;
  int key = 0;
  /// On a floor of a dungeon (pipeline/floors.hpp): the floor (1 = the first) its key lies
  /// on when that is another floor; 0 when the key lies on this level. A floor's own walks
  /// (solver, route, tiers) treat such a lock as open: its key is carried from elsewhere.
  int key_floor = 0;
};

/// A key lying on floor cell `cell` of placement `placement`; it opens the lock with the
/// same id.
struct Key {
  int id = 0;
  Point cell;
  int placement = 0;
};

/// Per placement, the keys needed to reach it (sorted key ids; {-1} when the entrance cannot
/// reach it). Each distinct set is held once and placements refer to it: a level of a million
/// rooms behind hundreds of nested locks keeps a few hundred sets, not a million copies.
class ZoneKeys {
 public:
  ZoneKeys() = default;
  /// `sets`: the key sets; `set_of`: per placement, an index of `sets`.
  ZoneKeys(std::vector<std::vector<int>> sets, std::vector<std::uint32_t> set_of)
      : sets_(std::move(sets)), set_of_(std::move(set_of)) {}
  /// Number of placements (0 without locks).
  [[nodiscard]] std::size_t size() const { return set_of_.size(); }
  [[nodiscard]] bool empty() const { return set_of_.empty(); }
  /// The keys of placement `placement` (< size()).
  [[nodiscard]] const std::vector<int>& operator[](std::size_t placement) const {
    return sets_[set_of_[placement]];
  }
  /// The distinct sets, and placement `placement`'s index among them.
  [[nodiscard]] const std::vector<std::vector<int>>& sets() const { return sets_; }
  [[nodiscard]] std::uint32_t set_of(std::size_t placement) const { return set_of_[placement]; }

 private:
  std::vector<std::vector<int>> sets_;
  std::vector<std::uint32_t> set_of_;
};

/// Something placed on floor cell `cell` (map cells): see core::FeatureKind.
struct Feature {
  FeatureKind kind = FeatureKind::Loot;
  Point cell;
  int tier = 0;  ///< 1..Content::tiers for monsters, chests and loot under --tiers; else 0
};

/// One zone of the zone tree (analysis/zones.hpp): the placements reachable with the same
/// keys, and where it hangs in the tree.
struct Zone {
  int id = 0;
  std::vector<int> keys;        ///< sorted key ids
  std::vector<int> placements;  ///< ascending placement ids
  int parent = -1;              ///< the zone the entering lock opens from, -1 for the first zone
  int lock = -1;                ///< the lock leading in from the parent, -1 for the first zone
};

/// Measures of a finished level (analysis/metrics.hpp; docs/reports.md "Metrics"). Cells are
/// map cells; the room graph has a node per placement and an edge per connection.
struct LevelMetrics {
  int passable_cells = 0;          ///< floor and door cells
  int reachable_cells = 0;         ///< of these, cells the entrance reaches
  int unreachable_placements = 0;  ///< placements none of whose own walkable cells is reached
  int dead_ends = 0;               ///< placements joined to exactly one other
  int loops = 0;                   ///< independent cycles of the room graph: E - V + components
  int exit_steps = 0;              ///< steps from the entrance to the exit (4-connected cells)
  int exit_rooms = 0;   ///< fewest connections crossed from the entrance's placement to the exit's
  int connections = 0;  ///< edges of the room graph
  int placements = 0;   ///< nodes of the room graph
  /// Share of the passable cells the entrance reaches, 0..1 (1 without passable cells).
  [[nodiscard]] double reachable_share() const {
    return passable_cells == 0 ? 1.0 : static_cast<double>(reachable_cells) / passable_cells;
  }
  /// Mean connected doors per placement (2 x connections / placements), 0 without placements.
  [[nodiscard]] double branching() const {
    return placements == 0 ? 0.0 : 2.0 * connections / placements;
  }
};

/// Where a level came from: what reports print to reproduce it.
struct Provenance {
  std::string generator;             ///< "generate", "rooms", "areas", "layout"
  Seed seed = 0;                     ///< the seed that made it
  std::vector<std::string> options;  ///< "--max-tiles 60"-style lines, for reports
  std::string input_hash;            ///< hash of the tile set (16 hex digits), or empty
};

/// A loop made on purpose (generate --loops; docs/reports.md "Loops"): an open door of
/// placement `a` joined to an open door of placement `b` through the placements `through` (one
/// to three tiles, in order from a's side), where the walk between the two doors was long.
struct MadeLoop {
  int a = 0;
  int b = 0;
  std::vector<int> through;
  /// Steps (4-connected cells) the loop saves between its two doors: the walk before it less
  /// the walk through it (|dx| + |dy| from door to door within each tile). A walk longer than
  /// the doors' distance plus 4 x --loop-detour counts as that long.
  int steps_saved = 0;
};

/// A placement trimmed as part of a dead-end branch (generate --max-dead-ends): what stood
/// where (map cells), as Placement, before it was taken away.
struct TrimmedPlacement {
  std::string name;  ///< the tile's file name
  TileId tile = 0;
  Orientation orientation = Orientation::R0;
  Point origin;
};

/// How the generator's run went: why it stopped and what it left out. Filled by the
/// generator (pipeline/*.cpp).
struct Outcome {
  std::string stop_reason;               ///< why generation stopped: a key, e.g. "tile_budget"
  std::string stop_text;                 ///< the same for people, one sentence
  int closing_placements = 0;            ///< placements made while closing open doors (caps)
  bool terminated_early = false;         ///< stopped before the requested size
  /// --require's first target the level misses, e.g. "loops>=3 (the level has 1)"; "" when
  /// they hold or none were given (pipeline/require.hpp).
  std::string requirement_missed;
  std::vector<std::string> early_notes;  ///< why it counts as early, one line each
  std::vector<std::string> notes;        ///< generator notes (e.g. a step cap hit), one line each
  std::vector<Rect> dropped_rooms;  ///< rooms generator: floor rectangles left out (unreachable)
  std::vector<MadeLoop> loops_made;        ///< generate: loops made on purpose, in order made
  std::vector<TrimmedPlacement> trimmed;   ///< generate: dead-end placements taken away
};

/// A run of cells on one row: `length` cells from `first` eastward (map cells).
struct RowRun {
  Point first;
  int length = 0;
};

/// What the analyses found out about the map (analysis/reachability.hpp, route.hpp,
/// metrics.hpp). Filled by pipeline::finish_level; writers only read it.
struct Analysis {
  std::optional<Point> entrance;    ///< a floor cell, map coordinates
  std::optional<Point> exit;        ///< a floor cell far from the entrance
  int exit_distance = 0;            ///< steps from entrance to exit (4-connected)
  std::vector<Region> unreachable;  ///< passable regions the entrance cannot reach
  /// The cells of those regions as row runs, row by row, west to east (what a preview tints).
  std::vector<RowRun> unreachable_runs;
  /// The walk from the entrance through every key to the exit (analysis/route.hpp), when a
  /// writer asked for it (pipeline::Analyses::route); else empty.
  std::vector<Point> route;
  LevelMetrics metrics;  ///< filled last, by analysis::measure_level
};

/// The lock-and-key puzzle (analysis/locks.hpp, zones.hpp, solver.hpp); empty without --locks.
struct Puzzle {
  int locks_requested = 0;              ///< --locks N
  /// Placed locks by ascending id; on a single level id = index. On a floor of a dungeon the
  /// ids are the dungeon's (every floor's locks numbered as one), so a floor's ids may skip.
  std::vector<Lock> locks;
  std::vector<Key> keys;  ///< key i opens lock i; ascending ids, as the locks'
  ZoneKeys zones;                       ///< per placement: keys needed to reach it (empty when
                                        ///< no locks; a placement the entrance cannot reach has
                                        ///< zone {-1})
  std::vector<Zone> zone_tree;          ///< the zones (empty without locks)
  std::vector<int> locks_opened;        ///< lock ids in the order the solver opens them (or empty)
  std::vector<std::string> lock_notes;  ///< why fewer locks than requested, one line each

  /// One more than the largest lock or key id (0 without locks): the size of a table by id.
  [[nodiscard]] std::size_t id_bound() const {
    int most = -1;
    for (const Lock& l : locks) most = std::max({most, l.id, l.key});
    for (const Key& k : keys) most = std::max(most, k.id);
    return static_cast<std::size_t>(most + 1);
  }
  /// The lock with id `id`; nullptr when this level has none such.
  [[nodiscard]] const Lock* lock_by_id(int id) const {
    const auto it = std::lower_bound(locks.begin(), locks.end(), id,
                                     [](const Lock& l, int v) { return l.id < v; });
    return it != locks.end() && it->id == id ? &*it : nullptr;
  }
};

/// What stands on the map (analysis/content.hpp): start, way down, keys and placed content.
struct Content {
  std::vector<Feature> features;
  int tiers = 0;  ///< --tiers T: the highest tier (analysis/tiers.hpp); 0 = no tiers
  std::vector<std::string> notes;  ///< why fewer features than asked, one line each
};

/// How a level graph was realised (`dungen graph`, docs/graph.md); empty rooms for every
/// other level.
struct GraphRecord {
  /// A graph room and the placement that is it (-1: not placed, the graph was not realised).
  struct Room {
    std::string name;
    std::vector<std::string> tags;
    int placement = -1;
  };
  /// A graph connection between rooms `a` and `b` (indices into rooms) and how it was made.
  struct Link {
    int a = 0;
    int b = 0;
    int width = 0;              ///< door width asked for, 0 = any
    bool made = false;          ///< joined, directly or through corridor tiles
    bool sealed = false;        ///< made, then sealed by --locks: a way around a lock
    std::vector<int> corridor;  ///< placement ids of its corridor tiles, from `a` to `b`
  };
  std::string name;  ///< the graph file's name or the built-in's
  std::vector<Room> rooms;
  std::vector<Link> links;
  int entrance = 0;  ///< the entrance room (index into rooms)
  int exit = 0;      ///< the exit room
};

/// A generated dungeon level, ready to be written: the geometry and room graph (`map`: the
/// cells, the placements and the connections), then named parts filled in order by the
/// generator (`origin`, `outcome`) and by pipeline::finish_level (`analysis`, `puzzle`,
/// `content`). Writers take it read-only and never re-run an analysis.
struct Level {
  Map map;
  Provenance origin;
  Outcome outcome;
  Analysis analysis;
  Puzzle puzzle;
  Content content;
  GraphRecord graph;  ///< graph levels only: which placement each graph room became

  /// What --strict requires: the level reached its size, the entrance reaches every passable
  /// cell and --require's targets hold.
  [[nodiscard]] bool complete() const {
    return !outcome.terminated_early && analysis.unreachable.empty() &&
           outcome.requirement_missed.empty();
  }
};

}  // namespace dungen::core
