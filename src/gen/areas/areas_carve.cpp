// Walls, door sites, the space tree and the map of the areas generator (areas.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <map>

#include "core/error.hpp"
#include "gen/areas/areas.hpp"

namespace dungen::gen {
namespace {

using core::CellKind;
using core::Point;

core::Grid<std::uint8_t> usable_cells(const AreasOptions& o) {
  core::Grid<std::uint8_t> usable = o.mask ? *o.mask : core::Grid<std::uint8_t>(o.size, 1);
  for (int y = 0; y < usable.height(); ++y) {  // the border is always wall or outside
    for (int x = 0; x < usable.width(); ++x) {
      if (x == 0 || y == 0 || x == usable.width() - 1 || y == usable.height() - 1)
        usable[Point{x, y}] = 0;
    }
  }
  return usable;
}

// One-cell walls: a space's cell becomes wall when it touches the outside or a space with a
// lower id (so exactly one side of each boundary is wall).
core::Grid<CellKind> wall_cells(const core::Grid<int>& space) {
  core::Grid<CellKind> cells(space.size(), CellKind::Void);
  for (int y = 0; y < space.height(); ++y) {
    for (int x = 0; x < space.width(); ++x) {
      const int s = space[Point{x, y}];
      if (s < 0) continue;
      bool wall = false;
      for (core::Facing f : core::kFacings) {
        const int t = space.get_or(Point{x, y} + core::step(f), -1);
        wall = wall || t < 0 || t < s;
      }
      cells[Point{x, y}] = wall ? CellKind::Wall : CellKind::Floor;
    }
  }
  return cells;
}

// Floods 4-connected cells from `start`: `open(q)` says whether q is still to take, `take(q)`
// takes it (after which open(q) is false). Holds only the flood's front. Returns the count.
template <typename Open, typename Take>
std::uint32_t flood(const core::Grid<int>& grid, Point start, Open open, Take take) {
  std::deque<Point> front{start};
  take(start);
  std::uint32_t count = 1;
  while (!front.empty()) {
    const Point p = front.front();
    front.pop_front();
    for (core::Facing f : core::kFacings) {
      const Point q = p + core::step(f);
      if (!grid.contains(q) || !open(q)) continue;
      take(q);
      front.push_back(q);
      ++count;
    }
  }
  return count;
}

// Walls can cut a thin space in pieces. Every piece of floor but a space's largest joins the
// neighbouring space it touches (it stays contiguous with it), or with `wall_up` becomes
// wall; returns whether any piece did. Memory: a piece label per cell and the floods' fronts.
bool give_away_scraps(core::Grid<int>& space, core::Grid<CellKind>& cells, bool wall_up) {
  core::Grid<int> piece(space.size(), -1);  // >= 0: a piece's index; < -1: being moved
  std::vector<Point> first;                 // each piece's first cell, row-major
  std::vector<std::uint32_t> size;
  std::map<int, std::size_t> largest;  // space -> index of its largest piece
  for (int y = 0; y < space.height(); ++y) {
    for (int x = 0; x < space.width(); ++x) {
      const Point at{x, y};
      if (cells[at] != CellKind::Floor || piece[at] >= 0) continue;
      const int s = space[at], i = static_cast<int>(first.size());
      const std::uint32_t n = flood(
          space, at,
          [&](Point q) { return piece[q] < 0 && cells[q] == CellKind::Floor && space[q] == s; },
          [&](Point q) { piece[q] = i; });
      const auto it = largest.find(s);
      if (it == largest.end() || size[it->second] < n) largest[s] = first.size();
      first.push_back(at);
      size.push_back(n);
    }
  }
  bool moved = false;
  for (std::size_t i = 0; i < first.size(); ++i) {
    const int s = space[first[i]];
    if (largest[s] == i) continue;
    const int label = static_cast<int>(i), counted = -2 - label;
    std::map<int, int> touching;  // other spaces next to the scrap, by cell sides shared
    flood(space, first[i], [&](Point q) { return piece[q] == label; },
          [&](Point q) {
            piece[q] = counted;
            for (core::Facing f : core::kFacings) {
              const int t = space.get_or(q + core::step(f), -1);
              if (t >= 0 && t != s) ++touching[t];
            }
          });
    int into = -1, most = 0;
    for (const auto& [t, n] : touching) {
      if (n > most) {
        into = t;
        most = n;
      }
    }
    if (into < 0 && !wall_up) continue;
    flood(space, first[i], [&](Point q) { return piece[q] == counted; },
          [&](Point q) {
            piece[q] = -1;
            if (wall_up) {
              cells[q] = CellKind::Wall;
            } else {
              space[q] = into;
            }
          });
    moved = true;
  }
  return moved;
}

// Walls between spaces, redrawn until no space is in pieces; after 20 rounds (rare) the
// scraps left are walled up, so every space is one piece of floor.
core::Grid<CellKind> carve_walls(core::Grid<int>& space) {
  core::Grid<CellKind> cells = wall_cells(space);
  for (int round = 0; round < 20 && give_away_scraps(space, cells, false); ++round)
    cells = wall_cells(space);
  give_away_scraps(space, cells, true);
  return cells;
}

struct Site {
  Point cell;
  core::Facing towards_b;  ///< from the door cell to space b's floor
};

// Wall cells with floor of two different spaces on opposite sides: where a door can join them.
std::map<std::pair<int, int>, std::vector<Site>> door_sites(const core::Grid<CellKind>& cells,
                                                            const core::Grid<int>& space) {
  std::map<std::pair<int, int>, std::vector<Site>> sites;
  auto floor_of = [&](Point p) {
    return cells.get_or(p, CellKind::Void) == CellKind::Floor ? space[p] : -1;
  };
  for (int y = 0; y < cells.height(); ++y) {
    for (int x = 0; x < cells.width(); ++x) {
      const Point p{x, y};
      if (cells[p] != CellKind::Wall) continue;
      for (core::Facing f : {core::Facing::North, core::Facing::West}) {
        const int s = floor_of(p + core::step(f)), t = floor_of(p + core::step(core::opposite(f)));
        if (s < 0 || t < 0 || s == t) continue;
        // A door joins only its two spaces: no third space's floor beside it.
        const core::Point side = core::along(f);
        const int u = floor_of(p + side), v = floor_of(p - side);
        if ((u >= 0 && u != s && u != t) || (v >= 0 && v != s && v != t)) continue;
        const int a = std::min(s, t), b = std::max(s, t);
        sites[{a, b}].push_back({p, b == t ? core::opposite(f) : f});
      }
    }
  }
  return sites;
}

using Sites = std::map<std::pair<int, int>, std::vector<Site>>;

// Renumbers the spaces that kept some floor 0.. in order of their first floor cell; the
// cells of spaces walls ate whole belong to none (-1).
void drop_floorless(core::Grid<int>& space, const core::Grid<CellKind>& cells) {
  std::map<int, int> renumber;
  for (std::size_t i = 0; i < space.data().size(); ++i) {
    if (cells.data()[i] == CellKind::Floor)
      renumber.emplace(space.data()[i], static_cast<int>(renumber.size()));
  }
  for (int& v : space.data()) {
    const auto it = renumber.find(v);
    v = it == renumber.end() ? -1 : it->second;
  }
}

// The joined pairs: a breadth-first space tree from space 0 over the adjacent pairs, then
// `loops_permille` of the other pairs drawn by `rng`.
std::vector<std::pair<int, int>> space_tree(int spaces, const Sites& sites, int loops_permille,
                                            core::Rng& rng, AreasResult& r) {
  std::vector<std::vector<int>> next(static_cast<std::size_t>(spaces));
  for (const auto& [pair, list] : sites) {
    next[static_cast<std::size_t>(pair.first)].push_back(pair.second);
    next[static_cast<std::size_t>(pair.second)].push_back(pair.first);
  }
  std::vector<bool> reached(static_cast<std::size_t>(spaces), false);
  std::vector<int> queue{0};
  std::vector<std::pair<int, int>> joins, others;
  reached[0] = true;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    for (int t : next[static_cast<std::size_t>(queue[head])]) {
      if (reached[static_cast<std::size_t>(t)]) continue;
      reached[static_cast<std::size_t>(t)] = true;
      joins.push_back({std::min(queue[head], t), std::max(queue[head], t)});
      queue.push_back(t);
    }
  }
  std::vector<std::pair<int, int>> sorted = joins;  // looked up, not scanned: 10^5 spaces
  std::sort(sorted.begin(), sorted.end());
  for (const auto& [pair, list] : sites) {
    if (!std::binary_search(sorted.begin(), sorted.end(), pair)) others.push_back(pair);
  }
  rng.shuffle(others);
  r.tree_doors = static_cast<int>(joins.size());
  r.loop_candidates = static_cast<int>(others.size());
  others.resize(static_cast<std::size_t>(
      (static_cast<std::int64_t>(others.size()) * loops_permille + 500) / 1000));
  std::sort(others.begin(), others.end());
  r.loop_doors = static_cast<int>(others.size());
  joins.insert(joins.end(), others.begin(), others.end());
  return joins;
}

// Each space as a placement: its bounding box, its floor, its walls and its doors.
void add_placements(core::Map& map, const core::Grid<int>& space, int spaces) {
  std::vector<core::Rect> box(static_cast<std::size_t>(spaces));
  for (int y = 0; y < space.height(); ++y) {
    for (int x = 0; x < space.width(); ++x) {
      if (space[Point{x, y}] >= 0)
        box[static_cast<std::size_t>(space[Point{x, y}])] =
            box[static_cast<std::size_t>(space[Point{x, y}])].united({x, y, 1, 1});
    }
  }
  for (int s = 0; s < spaces; ++s) {
    const core::Rect b = box[static_cast<std::size_t>(s)];
    core::Grid<CellKind> shape(core::Size{b.width, b.height}, CellKind::Void);
    for (int y = 0; y < b.height; ++y) {
      for (int x = 0; x < b.width; ++x) {
        if (space[Point{b.x + x, b.y + y}] == s)
          shape[Point{x, y}] = map.cells[Point{b.x + x, b.y + y}];
      }
    }
    map.shapes.push_back(std::move(shape));
    map.placements.push_back({0, core::Orientation::R0, {b.x, b.y}, static_cast<std::uint32_t>(s)});
  }
  map.tile_names = {"space"};
}

core::Map areas_map(core::Grid<CellKind> cells, const core::Grid<int>& space, const Sites& sites,
                    int loops_permille, core::Rng& rng, AreasResult& r) {
  int spaces = 0;
  for (int v : space.data()) spaces = std::max(spaces, v + 1);
  core::Map map;
  map.cells = std::move(cells);
  std::vector<int> doors(static_cast<std::size_t>(spaces), 0);
  for (const auto& [a, b] : space_tree(spaces, sites, loops_permille, rng, r)) {
    std::vector<Site> list;  // a wall cell can face two pairs of spaces: one door each
    for (const Site& site : sites.at({a, b})) {
      if (map.cells[site.cell] == CellKind::Wall) list.push_back(site);
    }
    if (list.empty()) continue;
    const Site site = list[rng.uniform(list.size())];
    map.cells[site.cell] = CellKind::Door;
    map.connections.push_back(core::Connection::join(
        a, b, doors[static_cast<std::size_t>(a)]++, doors[static_cast<std::size_t>(b)]++,
        core::Door{site.cell, 1, site.towards_b}, site.cell));
  }
  add_placements(map, space, spaces);
  return map;
}

}  // namespace

namespace {

// Throws when `usable` holds fewer than 9 cells per space asked; returns its usable cells.
int check_room_for_spaces(const AreasOptions& o, const core::Grid<std::uint8_t>& usable) {
  const int area =
      static_cast<int>(std::count(usable.data().begin(), usable.data().end(), std::uint8_t{1}));
  if (o.spaces < 1 || area < 9 * o.spaces) {
    throw field_error(
        "spaces",
        fmt::format("{} space{} need{} at least {} usable cells; the grid or mask has {}: {}",
                    o.spaces, o.spaces == 1 ? "" : "s", o.spaces == 1 ? "s" : "", 9 * o.spaces,
                    area,
                    area >= 9 ? fmt::format("ask for at most {} spaces, or a larger grid or mask",
                                            area / 9)
                              : std::string("give a larger grid or mask")));
  }
  return area;
}

}  // namespace

void check_areas_options(const AreasOptions& o) { (void)check_room_for_spaces(o, usable_cells(o)); }

AreasResult generate_areas(const AreasOptions& o, core::Rng& rng) {
  const core::Grid<std::uint8_t> usable = usable_cells(o);
  const int area = check_room_for_spaces(o, usable);
  AreasResult r;
  core::Grid<int> space = seed_and_spread(usable, o.spaces, rng);  // seed-and-spread
  for (std::size_t i = 0; i < space.data().size(); ++i)
    r.unclaimed += usable.data()[i] && space.data()[i] < 0;
  if (o.observe) {
    core::Grid<int> spread = space;
    o.observe("spread", carve_walls(spread));
  }
  r.merged = merge_small(space, o.min_space > 0 ? o.min_space : std::max(9, area / (5 * o.spaces)));
  core::Grid<CellKind> cells = carve_walls(space);  // walls between spaces
  if (o.observe) o.observe("merged", cells);
  drop_floorless(space, cells);  // spaces walls ate whole
  if (std::none_of(space.data().begin(), space.data().end(), [](int v) { return v >= 0; })) {
    throw field_error("mask",
                      "the usable area is too thin: once walls are drawn no floor is left; paint "
                      "wider white areas (at least 3 cells across)",
                      ErrorKind::BadInput);  // the mask file is at fault, not the command line
  }
  const auto sites = door_sites(cells, space);  // where doors can go
  r.map =
      areas_map(std::move(cells), space, sites, o.loops_permille, rng, r);  // tree, loops, doors
  r.space_of = std::move(space);
  if (o.observe) o.observe("joined", r.map.cells);
  return r;
}

}  // namespace dungen::gen
