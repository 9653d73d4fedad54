// Adjacency, spanning tree, loops and carving of the rooms generator (rooms.hpp).
#include "gen/rooms/rooms.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "core/error.hpp"
#include "gen/rooms/rect_grid.hpp"

namespace dungen::gen {
namespace {

// Breadth-first over the neighbour pairs from `root`: the tree's pairs, and which rooms it
// reached.
std::vector<int> spanning_tree(int rooms, const std::vector<RoomPair>& pairs, int root,
                               std::vector<bool>& reached) {
  std::vector<std::vector<int>> by_room(static_cast<std::size_t>(rooms));
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    by_room[static_cast<std::size_t>(pairs[i].a)].push_back(static_cast<int>(i));
    by_room[static_cast<std::size_t>(pairs[i].b)].push_back(static_cast<int>(i));
  }
  reached.assign(static_cast<std::size_t>(rooms), false);
  std::vector<int> tree, queue{root};
  reached[static_cast<std::size_t>(root)] = true;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    for (int pi : by_room[static_cast<std::size_t>(queue[head])]) {
      const RoomPair& p = pairs[static_cast<std::size_t>(pi)];
      const int other = p.a == queue[head] ? p.b : p.a;
      if (reached[static_cast<std::size_t>(other)]) continue;
      reached[static_cast<std::size_t>(other)] = true;
      tree.push_back(pi);
      queue.push_back(other);
    }
  }
  return tree;
}

// The first room of the largest group of neighbouring rooms: the flood starts there, so one
// stray room cannot leave the level empty.
int flood_root(int rooms, const std::vector<RoomPair>& pairs) {
  std::vector<bool> seen(static_cast<std::size_t>(rooms), false), reached;
  int best = 0;
  std::size_t best_size = 0;
  for (int r = 0; r < rooms; ++r) {
    if (seen[static_cast<std::size_t>(r)]) continue;
    const std::size_t size = spanning_tree(rooms, pairs, r, reached).size() + 1;
    for (int k = 0; k < rooms; ++k)
      seen[static_cast<std::size_t>(k)] =
          seen[static_cast<std::size_t>(k)] || reached[static_cast<std::size_t>(k)];
    if (size > best_size) {
      best = r;
      best_size = size;
    }
  }
  return best;
}

}  // namespace

std::optional<RoomPair> room_pair(const core::Rect& a, const core::Rect& b, int ia, int ib,
                                  int max_gap, int door_width) {
  RoomPair p{ia, ib, core::Facing::East, 0, 0, 0};
  // A gap of -1 means the two outer rectangles share their wall line.
  if (b.x - a.right() >= -1 || a.x - b.right() >= -1) {  // side by side: a vertical wall between
    p.side = b.x - a.right() >= -1 ? core::Facing::East : core::Facing::West;
    p.gap = p.side == core::Facing::East ? b.x - a.right() : a.x - b.right();
    p.overlap_lo = std::max(a.y, b.y) + 1;  // floor rows of both rooms
    p.overlap_hi = std::min(a.bottom(), b.bottom()) - 1;
  } else if (b.y - a.bottom() >= -1 || a.y - b.bottom() >= -1) {
    p.side = b.y - a.bottom() >= -1 ? core::Facing::South : core::Facing::North;
    p.gap = p.side == core::Facing::South ? b.y - a.bottom() : a.y - b.bottom();
    p.overlap_lo = std::max(a.x, b.x) + 1;
    p.overlap_hi = std::min(a.right(), b.right()) - 1;
  } else {
    return std::nullopt;  // overlapping
  }
  if (p.gap > max_gap || p.overlap_hi - p.overlap_lo <= door_width) return std::nullopt;
  return p;
}

std::vector<RoomPair> find_neighbours(const std::vector<core::Rect>& outer, int gap,
                                      int door_width) {
  RectGrid grid(16);
  for (std::size_t i = 0; i < outer.size(); ++i) grid.insert(static_cast<int>(i), outer[i]);
  std::vector<RoomPair> pairs;
  for (std::size_t i = 0; i < outer.size(); ++i) {
    for (int j : grid.near(outer[i], gap)) {
      if (j <= static_cast<int>(i)) continue;
      if (auto p = room_pair(outer[i], outer[static_cast<std::size_t>(j)], static_cast<int>(i), j,
                             gap, door_width)) {
        pairs.push_back(*p);
      }
    }
  }
  return pairs;  // sorted by (a, b): i ascending, near() sorted
}

namespace {

// Carves the rooms `reached` with the tree pairs among them and a --loops share of the other
// neighbour pairs among them.
void carve_reached(RoomsResult& result, const std::vector<core::Rect>& outer,
                   const std::vector<RoomPair>& pairs, const std::vector<int>& tree,
                   const std::vector<bool>& reached, const RoomsOptions& o, core::Rng& rng) {
  auto inside = [&](const RoomPair& p) {
    return reached[static_cast<std::size_t>(p.a)] && reached[static_cast<std::size_t>(p.b)];
  };
  std::vector<RoomPair> joins;
  for (int t : tree) {
    if (inside(pairs[static_cast<std::size_t>(t)]))
      joins.push_back(pairs[static_cast<std::size_t>(t)]);
  }
  const std::size_t tree_joins = joins.size();
  std::vector<int> extra;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    if (std::find(tree.begin(), tree.end(), static_cast<int>(i)) == tree.end() && inside(pairs[i]))
      extra.push_back(static_cast<int>(i));
  }
  rng.shuffle(extra);
  result.loop_candidates = static_cast<int>(extra.size());
  extra.resize(static_cast<std::size_t>(
      (static_cast<std::int64_t>(extra.size()) * o.loops_permille + 500) / 1000));
  std::sort(extra.begin(), extra.end());
  for (int e : extra) joins.push_back(pairs[static_cast<std::size_t>(e)]);
  std::vector<int> kept;
  for (std::size_t i = 0; i < outer.size(); ++i) {
    if (reached[i]) kept.push_back(static_cast<int>(i));
  }
  std::vector<bool> joined;
  result.map = carve_rooms(outer, kept, joins, o.door_width, rng, joined, std::nullopt);
  result.tree_doors = static_cast<int>(
      std::count(joined.begin(), joined.begin() + static_cast<std::ptrdiff_t>(tree_joins), true));
  result.loop_doors = static_cast<int>(
      std::count(joined.begin() + static_cast<std::ptrdiff_t>(tree_joins), joined.end(), true));
}

// Which rooms (by index into the dropped rooms) the carved doors join to the map's first
// placement; placements follow the order of `reached`'s true entries.
std::vector<bool> joined_to_root(const core::Map& map, const std::vector<bool>& reached) {
  std::vector<int> room_of;
  for (std::size_t i = 0; i < reached.size(); ++i) {
    if (reached[i]) room_of.push_back(static_cast<int>(i));
  }
  std::vector<std::vector<int>> next(map.placements.size());
  for (const core::Connection& c : map.connections) {
    next[static_cast<std::size_t>(c.a)].push_back(c.b);
    next[static_cast<std::size_t>(c.b)].push_back(c.a);
  }
  // The root is the first room of the largest group: the placement with most rooms reached.
  std::vector<int> component(map.placements.size(), -1), size;
  for (std::size_t s = 0; s < map.placements.size(); ++s) {
    if (component[s] >= 0) continue;
    const int id = static_cast<int>(size.size());
    std::vector<int> queue{static_cast<int>(s)};
    component[s] = id;
    for (std::size_t h = 0; h < queue.size(); ++h) {
      for (int t : next[static_cast<std::size_t>(queue[h])]) {
        if (component[static_cast<std::size_t>(t)] < 0) {
          component[static_cast<std::size_t>(t)] = id;
          queue.push_back(t);
        }
      }
    }
    size.push_back(static_cast<int>(queue.size()));
  }
  const int best = static_cast<int>(std::max_element(size.begin(), size.end()) - size.begin());
  std::vector<bool> connected(reached.size(), false);
  for (std::size_t p = 0; p < component.size(); ++p) {
    if (component[p] == best) connected[static_cast<std::size_t>(room_of[p])] = true;
  }
  return connected;
}

// Outer rectangles drawn as walled rooms, for observers: floors first, then every wall ring
// over them, so overlapping rooms show each outline.
core::Grid<core::CellKind> draw_rooms(const std::vector<core::Rect>& outer) {
  core::Rect box;
  for (const core::Rect& r : outer) box = box.united(r);
  core::Grid<core::CellKind> cells(core::Size{box.width, box.height}, core::CellKind::Void);
  for (const bool walls : {false, true}) {
    for (const core::Rect& r : outer) {
      for (int y = r.y; y < r.bottom(); ++y) {
        for (int x = r.x; x < r.right(); ++x) {
          const bool edge = x == r.x || y == r.y || x == r.right() - 1 || y == r.bottom() - 1;
          if (walls == edge)
            cells[core::Point{x - box.x, y - box.y}] =
                walls ? core::CellKind::Wall : core::CellKind::Floor;
        }
      }
    }
  }
  return cells;
}

// Room sizes and door width that can make a level; errors name the option's field.
void check_sizes(const RoomsOptions& o) {
  if (o.min_size < 1 || o.max_size < o.min_size)
    throw field_error("room_size", "needs 1 <= MIN <= MAX");
  if (o.door_width + 1 >= o.min_size) {
    throw field_error("door_width",
                      fmt::format("a door of width {} needs rooms at least {} cells wide; "
                                  "raise the smallest room size or narrow the door",
                                  o.door_width, o.door_width + 2));
  }
}

// The dropped heap drawn for observers, each room's outer rectangle at its whole cell.
core::Grid<core::CellKind> draw_dropped(const std::vector<DroppedRoom>& dropped) {
  std::vector<core::Rect> heap;
  for (const DroppedRoom& d : dropped) {
    heap.push_back({static_cast<int>(d.x >> 8), static_cast<int>(d.y >> 8), d.floor.width + 2,
                    d.floor.height + 2});
  }
  return draw_rooms(heap);
}

// The pairs of two rooms that snapping kept: rooms given up by snapping have no neighbours.
std::vector<RoomPair> usable(const std::vector<RoomPair>& pairs,
                             const std::vector<core::Rect>& outer) {
  std::vector<RoomPair> usable_pairs;
  for (const RoomPair& p : pairs) {
    if (!outer[static_cast<std::size_t>(p.a)].empty() &&
        !outer[static_cast<std::size_t>(p.b)].empty())
      usable_pairs.push_back(p);
  }
  return usable_pairs;
}

// Carves the rooms `reached`; a tree door whose corridor runs into another room leaves rooms
// cut off: they are dropped from `reached` and the rest carved again (a few rounds at most),
// so every kept room is reached.
void carve_connected(RoomsResult& result, const std::vector<core::Rect>& outer,
                     const std::vector<RoomPair>& pairs, const std::vector<int>& tree,
                     std::vector<bool>& reached, const RoomsOptions& o, core::Rng& rng) {
  for (int round = 0;; ++round) {
    carve_reached(result, outer, pairs, tree, reached, o, rng);
    const std::vector<bool> connected = joined_to_root(result.map, reached);
    if (round == 4 || connected == reached) break;
    reached = connected;
  }
}

// The floors of the rooms not `reached` (given up ones aside), in map cells: outside the map.
void list_dropped(RoomsResult& result, const std::vector<core::Rect>& outer,
                  const std::vector<bool>& reached) {
  result.dropped.clear();
  for (std::size_t i = 0; i < outer.size(); ++i) {
    if (!reached[i] && !outer[i].empty()) {
      result.dropped.push_back(
          {outer[i].x + 1, outer[i].y + 1, outer[i].width - 2, outer[i].height - 2});
    }
  }
  const auto first = std::find(reached.begin(), reached.end(), true);
  if (first == reached.end()) return;
  // The first room reached is the map's first placement: the shift from outer to map cells.
  const core::Rect& kept = outer[static_cast<std::size_t>(first - reached.begin())];
  const core::Point shift = result.map.placements[0].origin - core::Point{kept.x, kept.y};
  for (core::Rect& r : result.dropped) r = {r.x + shift.x, r.y + shift.y, r.width, r.height};
}

// Each placement's floor rectangle, in map cells: the level's rooms.
void list_rooms(RoomsResult& result) {
  for (const core::Placement& p : result.map.placements) {
    const core::Rect b = result.map.bounds(p);
    result.rooms.push_back({b.x + 1, b.y + 1, b.width - 2, b.height - 2});
  }
  result.map.rooms = result.rooms;
}

}  // namespace

RoomsResult generate_rooms(const RoomsOptions& o, core::Rng& rng) {
  check_sizes(o);  // a door fits in the smallest room
  RoomsResult result;
  std::vector<DroppedRoom> dropped = drop_rooms(o, rng);  // overlapping heap
  if (o.observe) o.observe("dropped", draw_dropped(dropped));
  result.separation_steps = separate(dropped, o.max_steps);  // steering
  result.hit_step_cap = result.separation_steps >= o.max_steps;
  const std::vector<core::Rect> outer = snap_to_cells(dropped);  // whole cells
  if (o.observe) o.observe("separated", draw_rooms(outer));
  result.given_up = static_cast<int>(
      std::count_if(outer.begin(), outer.end(), [](const core::Rect& r) { return r.empty(); }));
  const std::vector<RoomPair> pairs =
      usable(find_neighbours(outer, o.gap, o.door_width), outer);  // adjacency
  const int n = static_cast<int>(outer.size());
  // A spanning tree over the largest group of neighbouring rooms.
  std::vector<bool> reached;
  const std::vector<int> tree = spanning_tree(n, pairs, flood_root(n, pairs), reached);
  carve_connected(result, outer, pairs, tree, reached, o, rng);  // until all reached are joined
  list_dropped(result, outer, reached);                          // the rooms left out, in map cells
  result.map.tile_names = {"room"};
  list_rooms(result);  // the floors of the rooms carved
  if (o.observe) o.observe("carved", result.map.cells);
  return result;
}

}  // namespace dungen::gen
