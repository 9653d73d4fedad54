// Adjacency, spanning tree, loops and carving of the rooms generator (rooms.hpp).
#include "gen/rooms.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "core/error.hpp"
#include "gen/rect_grid.hpp"

namespace dungen::gen {
namespace {

// Breadth-first over the neighbour pairs from `root`: the tree's pairs, and which rooms it
// reached.
std::vector<int> spanning_tree(int rooms, const std::vector<RoomPair>& pairs, int root, std::vector<bool>& reached) {
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
    for (int k = 0; k < rooms; ++k) seen[static_cast<std::size_t>(k)] = seen[static_cast<std::size_t>(k)] || reached[static_cast<std::size_t>(k)];
    if (size > best_size) {
      best = r;
      best_size = size;
    }
  }
  return best;
}

}  // namespace

std::optional<RoomPair> room_pair(const core::Rect& a, const core::Rect& b, int ia, int ib, int max_gap, int door_width) {
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

std::vector<RoomPair> find_neighbours(const std::vector<core::Rect>& outer, int gap, int door_width) {
  RectGrid grid(16);
  for (std::size_t i = 0; i < outer.size(); ++i) grid.insert(static_cast<int>(i), outer[i]);
  std::vector<RoomPair> pairs;
  for (std::size_t i = 0; i < outer.size(); ++i) {
    for (int j : grid.near(outer[i], gap)) {
      if (j <= static_cast<int>(i)) continue;
      if (auto p = room_pair(outer[i], outer[static_cast<std::size_t>(j)], static_cast<int>(i), j, gap, door_width)) {
        pairs.push_back(*p);
      }
    }
  }
  return pairs;  // sorted by (a, b): i ascending, near() sorted
}

RoomsResult generate_rooms(const RoomsOptions& o, core::Rng& rng) {
  if (o.min_size < 1 || o.max_size < o.min_size) throw usage_error("--room-size", "needs 1 <= MIN <= MAX");
  if (o.door_width + 1 >= o.min_size) {
    throw usage_error("--door-width", fmt::format("a door of width {} needs rooms at least {} cells wide; "
                                                  "raise the smallest room size or narrow the door",
                                                  o.door_width, o.door_width + 2));
  }
  RoomsResult result;
  std::vector<DroppedRoom> dropped = drop_rooms(o, rng);                        // overlapping heap
  result.separation_steps = separate(dropped, o.max_steps);                       // steering
  result.hit_step_cap = result.separation_steps >= o.max_steps;
  const std::vector<core::Rect> outer = snap_to_cells(dropped);                  // whole cells
  const std::vector<RoomPair> pairs = find_neighbours(outer, o.gap, o.door_width);  // adjacency
  std::vector<bool> reached;
  const int n = static_cast<int>(outer.size());
  std::vector<int> tree = spanning_tree(n, pairs, flood_root(n, pairs), reached);
  std::vector<int> extra;                                                        // loops
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    if (std::find(tree.begin(), tree.end(), static_cast<int>(i)) == tree.end() && reached[static_cast<std::size_t>(pairs[i].a)]) {
      extra.push_back(static_cast<int>(i));
    }
  }
  rng.shuffle(extra);
  result.loop_candidates = static_cast<int>(extra.size());
  extra.resize(static_cast<std::size_t>((static_cast<std::int64_t>(extra.size()) * o.loops_permille + 500) / 1000));
  std::sort(extra.begin(), extra.end());
  std::vector<int> kept;
  for (std::size_t i = 0; i < outer.size(); ++i) {
    if (reached[i]) {
      kept.push_back(static_cast<int>(i));
    } else {
      result.dropped.push_back({outer[i].x + 1, outer[i].y + 1, outer[i].width - 2, outer[i].height - 2});
    }
  }
  std::vector<RoomPair> joins;
  for (int t : tree) joins.push_back(pairs[static_cast<std::size_t>(t)]);
  for (int e : extra) joins.push_back(pairs[static_cast<std::size_t>(e)]);
  std::vector<bool> joined;
  result.map = carve_rooms(outer, kept, joins, o.door_width, rng, joined, std::nullopt);  // walls, doors
  result.tree_doors = static_cast<int>(std::count(joined.begin(), joined.begin() + static_cast<std::ptrdiff_t>(tree.size()), true));
  result.loop_doors = static_cast<int>(std::count(joined.begin() + static_cast<std::ptrdiff_t>(tree.size()), joined.end(), true));
  result.map.tile_names = {"room"};
  if (!kept.empty()) {  // dropped rooms in map coordinates too (outside the map)
    const core::Point shift = result.map.placements[0].origin - core::Point{outer[static_cast<std::size_t>(kept[0])].x, outer[static_cast<std::size_t>(kept[0])].y};
    for (core::Rect& r : result.dropped) r = {r.x + shift.x, r.y + shift.y, r.width, r.height};
  }
  for (const core::Placement& p : result.map.placements) {
    result.rooms.push_back({p.origin.x + 1, p.origin.y + 1, p.size.width - 2, p.size.height - 2});
  }
  result.map.rooms = result.rooms;
  return result;
}

}  // namespace dungen::gen
