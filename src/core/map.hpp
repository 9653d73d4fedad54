#pragma once
/// \file map.hpp
/// What every generator makes: the cell grid plus the room graph (placements joined by
/// connections) and the doors left unused. Map coordinates: cells, origin at the top-left
/// cell of the map (the top-left pixel of the map PNG), x right, y down.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/cell.hpp"
#include "core/grid.hpp"
#include "core/tile.hpp"
#include "core/transform.hpp"

namespace dungen::core {

/// One tile (or room) put on the map: the tile turned by `orientation` with its top-left
/// corner at `origin` (map cells); `shape` indexes Map::shapes, the oriented cells as placed
/// (their size is the placement's: Map::bounds). 20 bytes: a level of a million tiles holds a
/// million of them.
struct Placement {
  TileId tile = 0;
  Orientation orientation = Orientation::R0;
  Point origin;
  std::uint32_t shape = 0;
};

/// Largest door index a connection holds (a tile or room with more doors is refused).
inline constexpr int kMaxConnectedDoorIndex = 65535;
/// Widest door a connection holds, in cells (wider tile doors are refused when tiles load).
inline constexpr int kMaxConnectedDoorWidth = 16383;
/// Longest corridor between two joined doors, in cells.
inline constexpr int kMaxCorridorCells = 65535;

/// Two placements joined through a door: door `door_a()` of placement `a` and door
/// `door_b()` of placement `b`, with equal width and opposite facing. `door()` is a's door in
/// map cells (its facing is a's); b's door (`door_b_span()`) lies on the same cells for
/// stitched tiles, or `corridor()` cells further along a's facing, across a corridor, for
/// generators of rooms. An edge of the room graph. 24 bytes, the door packed: a level of a
/// million tiles holds a million of them.
class Connection {
 public:
  int a = 0;  ///< placement on door()'s side
  int b = 0;  ///< placement on door_b_span()'s side

  Connection() = default;
  /// Joins door `door_a` of placement `a`, at `door` in map cells, to door `door_b` of
  /// placement `b`, which starts at `door_b_start`: door.start or straight ahead along
  /// door.facing. Throws Error naming the value when a door index is over
  /// kMaxConnectedDoorIndex, the width is outside 1..kMaxConnectedDoorWidth, or b's door is not
  /// straight ahead within kMaxCorridorCells.
  static Connection join(int a, int b, int door_a, int door_b, const Door& door,
                         Point door_b_start);

  /// a's door in map cells. Its `kind` is always 0: the kind of the two doors is
  /// door_kind(map, connection) (a connection stores no kind, to stay 24 bytes).
  [[nodiscard]] Door door() const {
    return Door{start_, width_facing_ >> 2, static_cast<Facing>(width_facing_ & 3)};
  }
  /// b's door in map cells: corridor() cells ahead of a's, as wide, facing the other way (kind 0,
  /// as door()).
  [[nodiscard]] Door door_b_span() const {
    const Door d = door();
    const Point ahead = step(d.facing);
    return Door{{start_.x + ahead.x * corridor_, start_.y + ahead.y * corridor_},
                d.width,
                opposite(d.facing)};
  }
  [[nodiscard]] int door_a() const { return door_a_; }  ///< index of a's door in its tile or room
  [[nodiscard]] int door_b() const { return door_b_; }  ///< index of b's door in its tile or room
  [[nodiscard]] int corridor() const { return corridor_; }  ///< cells between the two doors
  /// Moves both doors by `offset` cells (the map grew or was cropped).
  void shift(Point offset) { start_ = start_ + offset; }

 private:
  Point start_;  ///< a's door's first cell
  std::uint16_t door_a_ = 0;
  std::uint16_t door_b_ = 0;
  std::uint16_t width_facing_ = 0;  ///< width << 2 | facing
  std::uint16_t corridor_ = 0;
};

/// Why a door of the map was left unused (and sealed: drawn as wall).
enum class UnusedReason : std::uint8_t {
  NoTileWithWidth,  ///< no tile has a door of this width that could face it
  AllCollide,       ///< every candidate tile in every orientation collides
  OutsideMaxSize,   ///< candidates would make the map bigger than --max-size
  UsesExhausted,    ///< every fitting tile has reached its use limit (sidecar max=N)
  TileBudget,       ///< growth stopped at --max-tiles and no cap fits here
  LandedOnWall,     ///< the door was placed onto a wall of an earlier tile
  CoveredByWall,    ///< a later tile's wall was placed over the door
  NotJoined,        ///< the generator did not join it (e.g. a door of a designed layout)
  BypassesLock,     ///< a loop's door, sealed because it would let players walk around a lock
  UnreachablePart,  ///< in a part of its tile that the entrance cannot reach (nothing grows there)
  LeavesUnreachable,  ///< every fitting tile would leave too much of the level out of reach
  DeadEnds,           ///< every fitting tile led to a level too short (the search tried them)
  Trimmed,            ///< the dead-end branch beyond it was taken away (--max-dead-ends)
  OutsideMask,        ///< every candidate that fits the map would reach outside --mask
};

/// Short machine name for JSON, e.g. "no_tile_with_width".
[[nodiscard]] std::string_view unused_reason_key(UnusedReason r);
/// A sentence for people, e.g. "no tile has a door of this width".
[[nodiscard]] std::string_view unused_reason_text(UnusedReason r);

/// A door that nothing joined: door `door` of placement `placement`, `span` in map cells.
struct UnusedDoor {
  int placement = 0;
  int door = 0;
  Door span;
  UnusedReason reason = UnusedReason::AllCollide;
};

/// The cells and the room graph of a generated dungeon.
struct Map {
  Grid<CellKind> cells;                  ///< the whole map; unused doors already sealed
  std::vector<std::string> tile_names;   ///< by TileId: file names within the tile folder
  std::vector<Grid<CellKind>> shapes;    ///< the distinct oriented cell grids placements use
  std::vector<Placement> placements;     ///< room graph nodes, id = index
  std::vector<Connection> connections;   ///< room graph edges
  std::vector<UnusedDoor> unused_doors;  ///< every door neither connected nor interior
  std::vector<Rect> rooms;               ///< generators of rooms: floor rectangle per placement
  /// Door kind names by kind (TileSet::door_kinds); empty when every door is plain.
  std::vector<std::string> door_kinds;
  /// By TileId, the kind of each door of the tile (Tile::doors order, which is also a
  /// placement's and a connection's door index); empty when every door is plain.
  std::vector<std::vector<std::uint8_t>> tile_door_kinds;

  /// The map rectangle placement `p` covers: its origin and its shape's size (cells).
  [[nodiscard]] Rect bounds(const Placement& p) const {
    const Size s = shapes[p.shape].size();
    return {p.origin.x, p.origin.y, s.width, s.height};
  }

  /// The placement whose own floor (or interior door) covers map cell `p`, or -1. Placements
  /// never share such cells. O(placements); build an owner grid for many queries.
  [[nodiscard]] int placement_at(Point p) const;
};

/// Copies `set`'s door kind names and each tile's door kinds into `map` (Map::door_kinds,
/// Map::tile_door_kinds); leaves them empty when the set names no kind.
void record_door_kinds(const TileSet& set, Map& map);

/// The kind (Door::kind) of door `door` of placement `placement`: 0 (plain) when the map
/// records no kinds for its tile.
[[nodiscard]] std::uint8_t door_kind(const Map& map, int placement, int door);

/// The kind of the doors connection `c` joins (they are of one kind: DESIGN.md "Joining
/// rule").
[[nodiscard]] inline std::uint8_t door_kind(const Map& map, const Connection& c) {
  return door_kind(map, c.a, c.door_a());
}

/// Moves `map` by `shift` cells into a grid of `size` (cells): every cell, placement, connection,
/// unused door and room rectangle moves by `shift`; cells outside the old grid are empty. The
/// old grid moved must fit inside `size`.
void move_map(Map& map, Size size, Point shift);

/// Walls the outside next to every walkable cell, so that no floor or door cell of the map
/// touches an empty cell or the map's edge: a door cell on a tile's corner stays open on its
/// other side after its door joins (the door rule gives a corner cell to one door only), and a
/// tile with a gap in its wall leaves floor open. Every empty cell 4-adjacent to a floor or
/// door cell becomes wall; where such a cell lies beyond the map's edge the map grows by one
/// cell on that side, and placements, connections, unused doors and room rectangles move
/// with it. Returns the number of cells walled (0: the map was closed and is unchanged).
int wall_off_outside(Map& map);

/// True when floor or door cell `p` of `cells` has an empty neighbour or lies on the edge.
[[nodiscard]] bool touches_outside(const Grid<CellKind>& cells, Point p);

/// For every map cell, the placement whose floor or interior door covers it, or -1: the
/// room of each walkable cell (door cells joining two rooms are -1).
[[nodiscard]] Grid<int> placement_owners(const Map& map);

/// True when map cell `p` is floor or an interior door of placement `index` (its own walkable
/// content, as placement_owners counts it). `index` must be a valid placement index.
[[nodiscard]] bool placement_owns(const Map& map, std::size_t index, Point p);

}  // namespace dungen::core
