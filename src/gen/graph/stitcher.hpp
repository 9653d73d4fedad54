#pragma once
/// \file stitcher.hpp
/// Internal state of one graph stitching run (graph.hpp has the algorithm): the map
/// under construction with an undo journal (state.cpp), what the graph asks of each room
/// (plan.cpp) and the placing order (order.cpp); the search over them is in
/// search.hpp. Not part of the public API.

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "gen/board/board.hpp"
#include "gen/graph/graph.hpp"

namespace dungen::gen::graph {

/// What became of one door of a placement.
enum class DoorState : std::uint8_t { Open, Joined, OnWall, Covered };

/// One door of a placement and its fate, in map cells (stitch coordinates: the first room at
/// the origin). The board (gen/board/board.hpp) holds the open ones; these records keep every
/// door, for the search to look at and the map to report.
struct DoorRec {
  core::Door span;
  int placement = 0;
  int door = 0;
  DoorState state = DoorState::Open;
};

/// One tile put on the map: a graph room (`room` >= 0) or a corridor tile of connection
/// `link`.
struct Piece {
  std::uint32_t variant = 0;
  core::Point origin;
  int room = -1;
  int link = -1;
};

/// Two doors joined: `earlier` (an open door of the map) and `later` (the new tile's), for
/// graph connection `link`; `completes` when this join finished the connection.
struct Join {
  std::uint32_t earlier = 0;
  std::uint32_t later = 0;
  int link = -1;
  bool completes = false;
};

/// An open door a new tile may join (any other open door it lands on is a collision), for
/// connection `link`; `completes` when joining it finishes the connection.
struct Target {
  std::uint32_t rec = 0;
  int link = -1;
  bool completes = false;
};

/// A state to build the map from: what State holds, copied.
struct Snapshot {
  std::vector<Piece> pieces;
  std::vector<DoorRec> doors;
  std::vector<Join> joins;
  std::vector<std::uint32_t> door_base;
};

/// A state to undo to: the board's mark and the lengths of the search's records.
struct Mark {
  BoardMark board;
  std::size_t doors = 0, door_log = 0, pieces = 0, joins = 0;
};

/// The map under construction on the board (gen/board/board.hpp), with the graph's rule of
/// which open doors a piece may join (its targets), the pieces, door records and joins, and
/// undo.
class State : private JoinRule, private BoardEvents {
 public:
  State(const core::TileSet& set, const Candidates& candidates, std::size_t rooms,
        std::size_t links);

  /// Whether `piece` fits by the joining rule (Board::test), its doors joining only open
  /// doors among `targets` (each connection made once), and its tile usable. Fills the plan
  /// apply() carries out. Counts one try, and one more per 64 cells read beyond 512.
  bool fits(const Piece& piece, std::span<const Target> targets);
  /// Places the piece of the last successful fits().
  void apply();
  /// The piece of the last fits().
  [[nodiscard]] const Piece& tested() const { return piece_; }
  /// What placing the piece of the last successful fits() would do (Board::plan).
  [[nodiscard]] const PlacementPlan& plan() const { return board_.plan(); }
  /// True when placing the piece of the last successful fits() would close open door record
  /// `rec` (join it or cover it with wall).
  [[nodiscard]] bool would_close(std::uint32_t rec) const;
  /// True when placing it would make connection `link`.
  [[nodiscard]] bool would_make(int link) const;
  [[nodiscard]] Mark mark() const;
  void undo(const Mark& m);

  [[nodiscard]] const std::vector<Piece>& pieces() const { return pieces_; }
  [[nodiscard]] const std::vector<DoorRec>& doors() const { return doors_; }
  [[nodiscard]] const std::vector<Join>& joins() const { return joins_; }
  /// Door records of placement `p`: [first, last).
  [[nodiscard]] std::pair<std::uint32_t, std::uint32_t> doors_of(int p) const;
  [[nodiscard]] int room_placement(int room) const { return room_placement_[room]; }
  [[nodiscard]] bool link_made(int link) const { return link_made_[link] != 0; }
  [[nodiscard]] bool usable(core::TileId tile) const;
  /// The search budget spent: fit tests (one more per 64 cells a test reads beyond 512)
  /// and one per kLookupsPerTry door lookups.
  [[nodiscard]] int tried() const { return tried_ + static_cast<int>(lookups_ / kLookupsPerTry); }
  /// Counts `n` door lookups (where a loop's rooms may meet) against the search budget.
  void count_lookups(std::size_t n) { lookups_ += n; }
  [[nodiscard]] std::size_t lookups() const { return lookups_; }
  /// Door lookups that cost about as much as one fit test of a real tile.
  static constexpr std::size_t kLookupsPerTry = 128;
  /// What lies at map cell `p` (stitch coordinates).
  [[nodiscard]] CellState cell(core::Point p) const { return board_.cell(p); }
  /// True when every cell of `area` (stitch coordinates) is empty; read row by row.
  [[nodiscard]] bool all_empty(core::Rect area) const;
  /// The cells of everything ever placed, undone or not (open doors drawn as doors), for step
  /// pictures.
  [[nodiscard]] core::Grid<core::CellKind> picture() const { return board_.picture(pictured_); }
  /// A copy of what was placed.
  [[nodiscard]] Snapshot snapshot() const;

 private:
  // JoinRule: a target of the piece under test, each connection made once.
  bool may_join(std::uint32_t slot, int door) override;
  // BoardEvents: the fates of the doors and the joins.
  [[nodiscard]] std::uint32_t tag(int /*door*/) const override { return 0; }
  void covered(std::uint32_t slot) override;
  void joined(std::uint32_t slot, int door) override;
  void sealed(int door) override;
  void opened(std::uint32_t /*slot*/, int /*door*/) override {}
  /// The door record of the board's open door in `slot`.
  [[nodiscard]] std::uint32_t rec_of(std::uint32_t slot) const;
  void set_state(std::uint32_t rec, DoorState s);

  const core::TileSet& set_;
  const Candidates& candidates_;
  Board board_;
  std::vector<DoorRec> doors_;
  std::vector<std::uint32_t> door_base_;  ///< per piece: its first door record
  std::vector<std::pair<std::uint32_t, DoorState>> door_log_;
  std::vector<Piece> pieces_;
  std::vector<Join> joins_;
  std::vector<int> room_placement_;
  std::vector<int> link_made_;
  std::vector<int> uses_;  ///< per tile
  core::Rect pictured_;    ///< everything ever placed: step pictures keep their size on undo
  Piece piece_;            ///< the piece of the last fits()
  std::span<const Target> targets_;  ///< its targets, during fits()
  std::vector<Target> chosen_;       ///< the target of each join it plans, in door order
  std::size_t next_chosen_ = 0;      ///< during apply(): the next join's target
  int tried_ = 0;
  std::size_t lookups_ = 0;
};

/// A corridor tile entered by door `entry` and left by door `exit` (indices into the
/// variant's doors).
struct Transition {
  std::uint32_t variant = 0;
  int entry = 0;
  int exit = 0;
};

/// A door of a room's eligible tile by which the room may be entered.
struct RoomDoor {
  std::uint32_t variant = 0;
  int door = 0;
  std::uint32_t weight = 1;
};

/// A way through a room's tile: entered by door `entry`, left by door `exit`, both of its
/// main part (indices into the variant's doors).
struct RoomPass {
  std::uint32_t variant = 0;
  int entry = 0;
  int exit = 0;
};

/// Where a room's tile may lie between two doors of the map: the signatures (door_signature)
/// of the doors that mate them and how far the second lies from the first, in cells.
struct PassKey {
  std::uint32_t entry = 0, exit = 0;
  int dx = 0, dy = 0;
  friend bool operator==(const PassKey&, const PassKey&) = default;
};

/// Hash of a PassKey (the table is looked up, never walked: no order depends on it).
struct PassKeyHash {
  std::size_t operator()(const PassKey& k) const noexcept;
};

/// A door's width, kind and facing as one number: doors of one signature mate the same doors.
[[nodiscard]] std::uint32_t door_signature(const core::Door& d);

/// The signature of the doors that mate `d` (core::mates).
[[nodiscard]] std::uint32_t mate_signature(const core::Door& d);

/// What the graph asks of each room and which tiles can give it (plan.cpp).
struct Plan {
  std::vector<std::vector<core::TileId>> room_tiles;  ///< per room: eligible tiles
  std::vector<std::vector<RoomDoor>> room_doors;      ///< per room: doors of eligible variants
  /// Per room: room_doors by door_signature, each list in room_doors' order (a room placed
  /// at an open door looks up the doors that mate it).
  std::vector<std::map<std::uint32_t, std::vector<RoomDoor>>> room_doors_by_signature;
  std::vector<Transition> transitions;  ///< every corridor tile's door pairs
  std::map<std::pair<int, int>, std::vector<std::uint32_t>> by_entry;  ///< (width, facing)
  int extent = 1;  ///< largest width or height of any tile, in cells
  int reach = 1;   ///< largest door-to-door move of a corridor tile, in cells (Manhattan)
  /// Per variant: its main part (core::main_part); a room joins only doors of that part, so
  /// a player entering it reaches all its connections.
  std::vector<int> main_part;
  /// Per tile: the widths of the doors of its main part, sorted; their count is the most
  /// connections a room of it can make.
  std::vector<std::vector<int>> joined_widths;
  /// Per room: the weight each of room_tiles is drawn with (tiles tagged `start` or `exit`
  /// first for the entrance and exit rooms).
  std::vector<std::vector<std::uint32_t>> room_weights;
  /// Per room, per tile: whether the room takes it (one of room_tiles).
  std::vector<std::vector<char>> room_takes;
  /// The ways through every variant of a tile some room takes, by where their two doors lie
  /// (passes.cpp); a variant of more than kPassDoors doors in its main part is left out.
  std::unordered_map<PassKey, std::vector<RoomPass>, PassKeyHash> passes;
  /// Per room: room_doors_by of the variants left out of `passes` (usually none).
  std::vector<std::map<std::tuple<int, int, int>, std::vector<RoomDoor>>> unpassed_by;
  /// Doors in a variant's main part above which its ways through are not listed in passes
  /// (a tile of n such doors has n * (n - 1) per variant).
  static constexpr std::size_t kPassDoors = 16;
};

/// Fills plan.room_takes, plan.passes and plan.unpassed_by from plan.room_tiles and
/// plan.room_doors (passes.cpp).
void add_passes(Plan& plan, const core::TileSet& set, const Candidates& candidates);

/// The tiles each room of `graph` may take and the corridor transitions (rules in
/// graph.hpp).
[[nodiscard]] Plan make_plan(const core::LevelGraph& graph, const core::TileSet& set,
                             const Candidates& candidates);

/// What makes `graph` impossible before any search: a room no tile can be (wrong tags, too
/// few doors), a connection no door width serves. Empty when nothing is missing.
[[nodiscard]] std::string missing_ingredient(const core::LevelGraph& graph,
                                             const core::TileSet& set, const Plan& plan,
                                             int corridor_max);

/// The loop a cycle link closes, "a-b-c-d (length 4)" (the rooms of the search tree's path and
/// the link), for diagnoses; a loop of more than 8 rooms shows its first and last 3 around
/// "...".
[[nodiscard]] std::string loop_text(const core::LevelGraph& graph, const std::vector<int>& parent,
                                    const core::GraphLink& link);

/// The order rooms are placed in: `rooms` from the entrance; per room the link it is placed
/// through (`tree_link`) from `parent` (-1 for the entrance) and the links it closes once
/// placed (`closes`: links to rooms placed before it). After the entrance, a loop of the
/// graph that has begun (a room placed) comes first, room after room around it, so that the
/// room closing it is placed right after the others (Nepožitek's chains, simplified); else
/// the first placed room's first neighbour not placed (breadth-first).
struct Order {
  std::vector<int> rooms;
  std::vector<int> tree_link;
  std::vector<int> parent;
  std::vector<std::vector<int>> closes;
  std::vector<int> aim;  ///< per room on a loop: the placed room its loop closes onto, else -1
  std::vector<int> aim_steps;  ///< per such room: connections left to that room
};

/// The placing order of `graph` with adjacency `adj` (core::graph_adjacency).
[[nodiscard]] Order placing_order(const core::LevelGraph& graph,
                                  const std::vector<std::vector<std::pair<int, int>>>& adj);

/// The second placing order (ears.cpp): the entrance room first, then again and again the
/// shortest ear, a path of rooms not placed from a placed room to a placed room (or back to
/// it), room after room, each aimed at the ear's end; when no ear touches the placed rooms,
/// the first room not placed beside the earliest placed one. Small loops come before the
/// large ones around them, which are then closed by rooms that go round what is placed.
[[nodiscard]] Order ear_order(const core::LevelGraph& graph,
                              const std::vector<std::vector<std::pair<int, int>>>& adj);

/// Fills `o.closes`: each link off the placing tree closes at the later placed of its two
/// rooms (`position`: per room its place in `o.rooms`).
void add_links_closed(const core::LevelGraph& graph, Order& o, const std::vector<int>& position);

/// "tagged boss" or "not tagged corridor": which tiles a room takes, for diagnoses.
[[nodiscard]] std::string room_tiles_text(const core::GraphRoom& room);

}  // namespace dungen::gen::graph
