// Validating designed layouts and carving them (layout.hpp).
#include "gen/layout.hpp"

#include <fmt/format.h>

#include "core/error.hpp"
#include "core/grid.hpp"
#include "core/plural.hpp"
#include "gen/rooms.hpp"

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
      fail(spec, room_label(spec, id) + ": width and height must be at least 1");
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
    fail(spec, where + ": must join two different rooms");
  if (l.width < 1) fail(spec, where + ": width must be at least 1");
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

}  // namespace

void validate_layout(const core::LayoutSpec& spec) {
  if (spec.space.width < 3 || spec.space.height < 3 || spec.space.width > 4096 ||
      spec.space.height > 4096) {
    fail(spec, fmt::format("space {}x{}: width and height must be 3 to 4096", spec.space.width,
                           spec.space.height));
  }
  if (spec.rooms.empty()) fail(spec, "no rooms; a layout needs at least one");
  validate_rooms(spec);
  for (std::size_t k = 0; k < spec.links.size(); ++k) (void)link_pair(spec, k);
}

core::Map layout_map(const core::LayoutSpec& spec, core::Rng& rng) {
  validate_layout(spec);
  std::vector<core::Rect> outer;
  std::vector<int> kept;
  for (std::size_t i = 0; i < spec.rooms.size(); ++i) {
    outer.push_back(outer_of(spec.rooms[i]));
    kept.push_back(static_cast<int>(i));
  }
  std::vector<RoomPair> joins;
  for (std::size_t k = 0; k < spec.links.size(); ++k) joins.push_back(link_pair(spec, k));
  std::vector<bool> joined;
  core::Map map = carve_rooms(outer, kept, joins, 1, rng, joined,
                              core::Rect{0, 0, spec.space.width, spec.space.height});
  for (std::size_t k = 0; k < joins.size(); ++k) {
    if (!joined[k]) {
      fail(spec, fmt::format("connections[{}]: the {} between '{}' and '{}' runs into another room",
                             k, joins[k].gap < 0 ? "door" : "hallway",
                             spec.rooms[static_cast<std::size_t>(joins[k].a)].name,
                             spec.rooms[static_cast<std::size_t>(joins[k].b)].name));
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
