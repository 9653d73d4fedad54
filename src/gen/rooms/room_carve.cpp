// Carving the rooms generator's map: rooms with wall rings, a door of the door width in each
// joined pair's shared range, and a corridor across the gap (rooms.hpp).
#include <algorithm>

#include "gen/rooms/rooms.hpp"

namespace dungen::gen {
namespace {

using core::CellKind;
using core::Point;

// The cells of one join, in map coordinates: door cells in a's and b's walls, corridor floor
// between, and the corridor's two side walls.
struct JoinCells {
  core::Door door_a, door_b;
  std::vector<Point> floor, walls;
};

JoinCells join_cells(const core::Rect& a, const core::Rect& b, const RoomPair& p, int pos,
                     int width) {
  JoinCells j;
  const bool vertical_wall = p.side == core::Facing::East || p.side == core::Facing::West;
  // Walls of a and b on the facing sides, as coordinates across the wall.
  const int wall_a = p.side == core::Facing::East    ? a.right() - 1
                     : p.side == core::Facing::West  ? a.x
                     : p.side == core::Facing::South ? a.bottom() - 1
                                                     : a.y;
  const int wall_b = p.side == core::Facing::East    ? b.x
                     : p.side == core::Facing::West  ? b.right() - 1
                     : p.side == core::Facing::South ? b.y
                                                     : b.bottom() - 1;
  auto at = [&](int across, int along) {
    return vertical_wall ? Point{across, along} : Point{along, across};
  };
  j.door_a = {at(wall_a, pos), width, p.side};
  j.door_b = {at(wall_b, pos), width, core::opposite(p.side)};
  if (wall_a == wall_b) return j;  // a shared wall: the door is the passage
  const int step = wall_b > wall_a ? 1 : -1;
  for (int c = wall_a + step; c != wall_b; c += step) {
    for (int i = 0; i < width; ++i) j.floor.push_back(at(c, pos + i));
    j.walls.push_back(at(c, pos - 1));
    j.walls.push_back(at(c, pos + width));
  }
  return j;
}

bool fits(const core::Grid<CellKind>& cells, const JoinCells& j) {
  for (const core::Door& d : {j.door_a, j.door_b}) {
    for (int i = 0; i < d.width; ++i) {
      if (cells[d.cell(i)] != CellKind::Wall) return false;
    }
  }
  for (const Point& q : j.floor) {
    if (cells[q] != CellKind::Void) return false;
  }
  for (const Point& q : j.walls) {
    if (cells[q] != CellKind::Void && cells[q] != CellKind::Wall) return false;
  }
  return true;
}

core::Grid<CellKind> room_shape(core::Size outer) {
  core::Grid<CellKind> g(outer, CellKind::Wall);
  for (int y = 1; y + 1 < outer.height; ++y) {
    for (int x = 1; x + 1 < outer.width; ++x) g[Point{x, y}] = CellKind::Floor;
  }
  return g;
}

// The rooms `kept` painted on `map` with their wall rings, one placement each in `kept`'s
// order; `rect` gets each placement's outer rectangle in map cells. Returns each room's
// placement id (-1: not kept).
std::vector<int> place_rooms(core::Map& map, const std::vector<core::Rect>& outer,
                             const std::vector<int>& kept, Point shift,
                             std::vector<core::Rect>& rect) {
  std::vector<int> id_of(outer.size(), -1);
  for (int k : kept) {
    const core::Rect r = outer[static_cast<std::size_t>(k)];
    id_of[static_cast<std::size_t>(k)] = static_cast<int>(map.placements.size());
    rect.push_back({r.x + shift.x, r.y + shift.y, r.width, r.height});
    map.shapes.push_back(room_shape({r.width, r.height}));
    map.placements.push_back({0,
                              core::Orientation::R0,
                              {rect.back().x, rect.back().y},
                              static_cast<std::uint32_t>(map.placements.size())});
    const core::Grid<CellKind>& shape = map.shapes.back();
    for (int y = 0; y < r.height; ++y) {
      for (int x = 0; x < r.width; ++x)
        map.cells[Point{rect.back().x + x, rect.back().y + y}] = shape[Point{x, y}];
    }
  }
  return id_of;
}

// The door positions to try for pair `p` (map cells along the wall): its `at` first when
// given, then every position of its shared range in an order drawn from `rng`.
std::vector<int> door_positions(const RoomPair& p, int width, int along, core::Rng& rng) {
  std::vector<int> offsets;
  for (int pos = p.overlap_lo; pos + width <= p.overlap_hi; ++pos) offsets.push_back(pos + along);
  rng.shuffle(offsets);
  if (p.at >= 0) offsets.insert(offsets.begin(), p.at + along);
  return offsets;
}

// Carves join `j` of placements `a` and `b` (it fits): door cells in the map and both rooms'
// shapes, the corridor's floor and side walls, and the connection, numbered by `doors`.
void carve_join(core::Map& map, const JoinCells& j, int a, int b, int width,
                std::vector<int>& doors) {
  for (int d = 0; d < width; ++d) {
    map.cells[j.door_a.cell(d)] = map.cells[j.door_b.cell(d)] = CellKind::Door;
    map.shapes[static_cast<std::size_t>(a)]
              [j.door_a.cell(d) - map.placements[static_cast<std::size_t>(a)].origin] =
        CellKind::Door;
    map.shapes[static_cast<std::size_t>(b)]
              [j.door_b.cell(d) - map.placements[static_cast<std::size_t>(b)].origin] =
        CellKind::Door;
  }
  for (const Point& q : j.floor) map.cells[q] = CellKind::Floor;
  for (const Point& q : j.walls)
    map.cells[q] = map.cells[q] == CellKind::Void ? CellKind::Wall : map.cells[q];
  map.connections.push_back(core::Connection::join(a, b, doors[static_cast<std::size_t>(a)]++,
                                                   doors[static_cast<std::size_t>(b)]++, j.door_a,
                                                   j.door_b.start));
}

}  // namespace

core::Map carve_rooms(const std::vector<core::Rect>& outer, const std::vector<int>& kept,
                      const std::vector<RoomPair>& joins, int door_width, core::Rng& rng,
                      std::vector<bool>& joined, std::optional<core::Rect> area,
                      const std::function<bool(std::size_t, int)>& known_blocked) {
  core::Rect bounds;
  for (int k : kept) bounds = bounds.united(outer[static_cast<std::size_t>(k)]);
  if (area) bounds = *area;
  const Point shift{-bounds.x, -bounds.y};
  core::Map map;
  map.cells = core::Grid<CellKind>(core::Size{bounds.width, bounds.height}, CellKind::Void);
  std::vector<core::Rect> rect;  // shifted outer rectangles by placement id
  const std::vector<int> id_of = place_rooms(map, outer, kept, shift, rect);  // walled rooms
  // Each join at the first position whose door and corridor fit.
  std::vector<int> doors(map.placements.size(), 0);
  joined.assign(joins.size(), false);
  for (std::size_t i = 0; i < joins.size(); ++i) {
    const RoomPair& p = joins[i];
    const int a = id_of[static_cast<std::size_t>(p.a)], b = id_of[static_cast<std::size_t>(p.b)];
    const int width = p.width > 0 ? p.width : door_width;
    const int along =
        p.side == core::Facing::East || p.side == core::Facing::West ? shift.y : shift.x;
    for (int pos : door_positions(p, width, along, rng)) {
      if (known_blocked && known_blocked(i, pos - along)) continue;
      const JoinCells j = join_cells(rect[static_cast<std::size_t>(a)],
                                     rect[static_cast<std::size_t>(b)], p, pos, width);
      if (!fits(map.cells, j)) continue;
      carve_join(map, j, a, b, width, doors);
      joined[i] = true;
      break;
    }
  }
  return map;
}

}  // namespace dungen::gen
