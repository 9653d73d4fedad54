// Validating designed layouts and carving them (layout.hpp).
#include "gen/layout/layout.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <span>

#include "core/error.hpp"
#include "core/grid.hpp"
#include "core/plural.hpp"
#include "gen/layout/hallway_blocks.hpp"
#include "gen/rooms/rooms.hpp"

namespace dungen::gen {
namespace {

core::Rect outer_of(const core::LayoutRoom& r) {
  return {r.floor.x - 1, r.floor.y - 1, r.floor.width + 2, r.floor.height + 2};
}

std::string room_label(const core::LayoutSpec& spec, int i) {
  return fmt::format("rooms[{}] '{}'", i, spec.rooms[static_cast<std::size_t>(i)].name);
}

[[noreturn]] void fail(const core::LayoutSpec& spec, const std::string& what) {
  throw file_error(spec.name, what);
}

// The lowest index of an earlier room whose floor lies within `outer` (a floor and its wall
// ring), or -1. `owner` holds each checked room's index on its floor cells, -1 elsewhere.
int first_overlap(const core::Grid<int>& owner, const core::Rect& outer) {
  int found = -1;
  for (int y = outer.y; y < outer.bottom(); ++y) {
    for (int x = outer.x; x < outer.right(); ++x) {
      const int o = owner[core::Point{x, y}];
      if (o >= 0 && (found < 0 || o < found)) found = o;
    }
  }
  return found;
}

// Each room's size, place and inner walls, then overlaps: painting floors into a space-sized
// grid makes this linear in the rooms plus the space's cells (a pairwise test is quadratic).
void validate_rooms(const core::LayoutSpec& spec) {
  const core::Size s = spec.space;
  core::Grid<int> owner(s, -1);
  for (std::size_t i = 0; i < spec.rooms.size(); ++i) {
    const core::Rect f = spec.rooms[i].floor;
    const int id = static_cast<int>(i);
    if (f.width < 1 || f.height < 1)
      fail(spec, room_label(spec, id) + ": width and height must be at least 1; give the floor's "
                                        "size in cells");
    if (f.x < 1 || f.y < 1 || f.right() > s.width - 1 || f.bottom() > s.height - 1) {
      fail(spec,
           fmt::format("{}: its walls leave the {}x{} space (floor x={} y={} width={} height={}); "
                       "the floor must lie within x 1..{} and y 1..{}",
                       room_label(spec, id), s.width, s.height, f.x, f.y, f.width, f.height,
                       s.width - 2, s.height - 2));
    }
    if (const int j = first_overlap(owner, outer_of(spec.rooms[i])); j >= 0) {
      fail(spec, fmt::format("{} overlaps {}: floors must be at least one wall apart",
                             room_label(spec, id), room_label(spec, j)));
    }
    for (int y = f.y; y < f.bottom(); ++y) {
      for (int x = f.x; x < f.right(); ++x) owner[core::Point{x, y}] = id;
    }
    for (const core::Point& w : spec.rooms[i].inner_walls) {
      if (!f.contains(w))
        fail(spec, room_label(spec, id) + ": an inner wall lies outside its floor");
    }
  }
}

// The door pair of link `k`, checked against its kind.
RoomPair link_pair(const core::LayoutSpec& spec, std::size_t k) {
  const core::LayoutLink& l = spec.links[k];
  const int n = static_cast<int>(spec.rooms.size());
  const std::string where = fmt::format("connections[{}]", k);
  if (l.a < 0 || l.b < 0 || l.a >= n || l.b >= n || l.a == l.b)
    fail(spec, where + ": must join two different rooms; name another room in \"to\"");
  if (l.width < 1) fail(spec, where + ": width must be at least 1; give the door's width in cells");
  const auto& ra = spec.rooms[static_cast<std::size_t>(l.a)];
  const auto& rb = spec.rooms[static_cast<std::size_t>(l.b)];
  auto pair = room_pair(outer_of(ra), outer_of(rb), l.a, l.b, 1 << 20, l.width - 1);
  if (!pair) {
    fail(spec, fmt::format("{}: '{}' and '{}' neither touch nor face each other along at least {}; "
                           "move them so their floors line up",
                           where, ra.name, rb.name, core::count_of(l.width, "cells")));
  }
  if (l.kind == core::LinkKind::Door && pair->gap >= 0) {
    fail(spec,
         fmt::format("{}: '{}' and '{}' do not share a wall ({} cells apart); use kind \"hallway\"",
                     where, ra.name, rb.name, pair->gap + 2));
  }
  if (l.kind == core::LinkKind::Hallway && pair->gap < 0) {
    fail(spec,
         fmt::format("{}: '{}' and '{}' share a wall; use kind \"door\"", where, ra.name, rb.name));
  }
  const int range = pair->overlap_hi - pair->overlap_lo;
  if (l.at >= 0 && l.at + l.width > range) {
    fail(spec, fmt::format("{}: at={} puts a door of width {} past the {} the rooms share", where,
                           l.at, l.width, core::count_of(range, "cells")));
  }
  pair->width = l.width;
  pair->at = pair->overlap_lo + (l.at >= 0 ? l.at : (range - l.width) / 2);
  return *pair;
}

// Each link's join, checked against its kind and against the rooms in its hallway's way,
// with the door positions those rooms block (for the carve to pass over). Rooms are checked
// by their rectangles, so a hallway blocked everywhere fails before anything is carved.
struct CheckedLinks {
  std::vector<core::Rect> outer;            ///< each room's outer rectangle
  std::vector<RoomPair> joins;              ///< one per link
  std::vector<std::size_t> first_range;     ///< link k's blocked ranges: [first_range[k], [k+1])
  std::vector<std::pair<int, int>> ranges;  ///< blocked door positions, inclusive ranges
};

[[noreturn]] void fail_blocked(const core::LayoutSpec& spec, std::size_t k,
                               const HallwayBlocks& blocks) {
  const auto& l = spec.links[k];
  const auto name = [&](int i) { return spec.rooms[static_cast<std::size_t>(i)].name; };
  const std::string more =
      blocks.rooms.size() > 1 ? fmt::format(" and {} more", blocks.rooms.size() - 1) : "";
  fail(spec, fmt::format("connections[{}]: the hallway between '{}' and '{}' runs into another "
                         "room wherever it goes ('{}'{} in the way); move the rooms so that "
                         "nothing lies between them, or join rooms that face each other",
                         k, name(l.a), name(l.b), name(blocks.rooms.front()), more));
}

CheckedLinks checked_links(const core::LayoutSpec& spec) {
  CheckedLinks c;
  for (const auto& room : spec.rooms) c.outer.push_back(outer_of(room));
  c.first_range.push_back(0);
  std::optional<RectGrid> grid;  // made at the first hallway: most layouts of doors need none
  for (std::size_t k = 0; k < spec.links.size(); ++k) {
    c.joins.push_back(link_pair(spec, k));
    const RoomPair& p = c.joins.back();
    if (p.gap >= 0) {
      if (!grid) grid = room_buckets(c.outer);
      const HallwayBlocks blocks = hallway_blocks(c.outer, *grid, p, p.width);
      if (covers(blocks.ranges, p.overlap_lo, p.overlap_hi - p.width))
        fail_blocked(spec, k, blocks);
      c.ranges.insert(c.ranges.end(), blocks.ranges.begin(), blocks.ranges.end());
    }
    c.first_range.push_back(c.ranges.size());
  }
  return c;
}

// True when rooms block door position `pos` of link `k`.
bool room_blocked(const CheckedLinks& c, std::size_t k, int pos) {
  const std::span<const std::pair<int, int>> all(c.ranges);
  return covers(all.subspan(c.first_range[k], c.first_range[k + 1] - c.first_range[k]), pos, pos);
}

void validate_space(const core::LayoutSpec& spec) {
  const auto side_ok = [](int side) {
    return side >= core::kMinSpaceSide && side <= core::kMaxSpaceSide;
  };
  if (!side_ok(spec.space.width) || !side_ok(spec.space.height)) {
    fail(spec, fmt::format("space {}x{}: width and height must be {} to {}", spec.space.width,
                           spec.space.height, core::kMinSpaceSide, core::kMaxSpaceSide));
  }
  if (spec.rooms.empty()) fail(spec, "no rooms; a layout needs at least one");
  validate_rooms(spec);
}

}  // namespace

void validate_layout(const core::LayoutSpec& spec) {
  validate_space(spec);
  (void)checked_links(spec);
}

core::Map layout_map(const core::LayoutSpec& spec, core::Rng& rng) {
  validate_space(spec);
  const CheckedLinks links = checked_links(spec);
  std::vector<int> kept(spec.rooms.size());
  for (std::size_t i = 0; i < kept.size(); ++i) kept[i] = static_cast<int>(i);
  std::vector<bool> joined;
  core::Map map = carve_rooms(links.outer, kept, links.joins, 1, rng, joined,
                              core::Rect{0, 0, spec.space.width, spec.space.height},
                              [&](std::size_t k, int pos) { return room_blocked(links, k, pos); });
  for (std::size_t k = 0; k < links.joins.size(); ++k) {
    if (!joined[k]) {  // rooms leave it room, so another hallway takes every place it could go
      fail(spec, fmt::format("connections[{}]: the hallway between '{}' and '{}' crosses another "
                             "hallway wherever it goes; move the rooms so that their hallways "
                             "do not cross",
                             k, spec.rooms[static_cast<std::size_t>(links.joins[k].a)].name,
                             spec.rooms[static_cast<std::size_t>(links.joins[k].b)].name));
    }
  }
  for (std::size_t i = 0; i < spec.rooms.size(); ++i) {
    map.tile_names.push_back(spec.rooms[i].name);
    map.placements[i].tile = static_cast<core::TileId>(i);
    map.rooms.push_back(spec.rooms[i].floor);
    for (const core::Point& w : spec.rooms[i].inner_walls) {
      map.cells[w] = core::CellKind::Wall;
      map.shapes[i][w - map.placements[i].origin] = core::CellKind::Wall;
    }
  }
  return map;
}

}  // namespace dungen::gen
