#include "analysis/content.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "analysis/reachability.hpp"
#include "analysis/solver.hpp"
#include "core/plural.hpp"

namespace dungen::analysis {
namespace {

using core::CellKind;
using core::Point;

struct Place {
  const core::Level& level;
  std::vector<bool> taken;     ///< cells holding a feature, row-major
  std::vector<bool> obstacle;  ///< cells holding placed content: the solver walks around them
  std::size_t reachable = 0;   ///< cells the solver reaches with the obstacles so far
  core::Grid<int> dist;        ///< steps from the start

  [[nodiscard]] std::size_t index(Point p) const {
    return static_cast<std::size_t>(p.y) * static_cast<std::size_t>(level.map.cells.width()) +
           static_cast<std::size_t>(p.x);
  }
  [[nodiscard]] CellKind at(Point p) const { return level.map.cells.get_or(p, CellKind::Void); }
  [[nodiscard]] int walls_around(Point p) const {
    int n = 0;
    for (core::Facing f : core::kFacings) n += at(p + core::step(f)) == CellKind::Wall;
    return n;
  }
  [[nodiscard]] bool hallway(Point p) const {
    const bool ns_walls =
        at(p + Point{0, -1}) == CellKind::Wall && at(p + Point{0, 1}) == CellKind::Wall;
    const bool ew_walls =
        at(p + Point{-1, 0}) == CellKind::Wall && at(p + Point{1, 0}) == CellKind::Wall;
    const bool ns_open =
        core::passable(at(p + Point{0, -1})) && core::passable(at(p + Point{0, 1}));
    const bool ew_open =
        core::passable(at(p + Point{-1, 0})) && core::passable(at(p + Point{1, 0}));
    return (ns_walls && ew_open) || (ew_walls && ns_open);
  }
  [[nodiscard]] bool open(Point p) const {  // walkable and not blocked by placed content
    return core::passable(at(p)) && !obstacle[index(p)];
  }
  // True when blocking `p` surely cuts nothing off: its open 4-neighbours are all joined
  // through its ring of 8 open neighbours (then a way around it exists). A quick test that
  // spares the solver for most cells of open rooms.
  [[nodiscard]] bool ring_joins_around(Point p) const {
    constexpr Point kRing[8] = {{0, -1}, {1, -1}, {1, 0},  {1, 1},
                                {0, 1},  {-1, 1}, {-1, 0}, {-1, -1}};
    int runs = 0, orthogonal_open = 0;
    for (int i = 0; i < 8; ++i) {
      const bool here = open(p + kRing[i]), before = open(p + kRing[(i + 7) % 8]);
      runs += here && !before;
      orthogonal_open += i % 2 == 0 && here;
    }
    if (orthogonal_open == 0) return true;
    // One run of open ring cells holds every open orthogonal neighbour; a run that is only a
    // diagonal cell does not join anything (4-connected walking).
    return runs == 1 || (runs == 0 && orthogonal_open == 4);
  }
  [[nodiscard]] bool free(Point p) const {
    if (at(p) != CellKind::Floor || taken[index(p)] || dist[p] < 0) return false;
    for (core::Facing f : core::kFacings) {
      if (at(p + core::step(f)) == CellKind::Door) return false;  // keep doorways clear
    }
    return true;
  }
};

struct Kind {
  core::FeatureKind kind;
  const char* plural;
  int wanted;
  const char* rule;
  std::function<bool(const Place&, Point)> allowed;
  [[nodiscard]] bool solid() const { return core::is_obstacle(kind); }  ///< blocks walking
};

std::size_t reached_cells(const SolveResult& walk) {
  return static_cast<std::size_t>(std::count(walk.reached.begin(), walk.reached.end(), true));
}

int place_kind(Place& place, core::Level& level, const Kind& kind, core::Rng& rng) {
  std::vector<Point> candidates;
  const auto& cells = level.map.cells;
  for (int y = 0; y < cells.height(); ++y) {
    for (int x = 0; x < cells.width(); ++x) {
      if (place.free({x, y}) && kind.allowed(place, {x, y})) candidates.push_back({x, y});
    }
  }
  rng.shuffle(candidates);
  int placed = 0, solves = 0;
  constexpr int kMaxSolves =
      200;  // beyond, only cells that surely cut nothing off: time stays linear
  for (const Point& p : candidates) {
    if (placed == kind.wanted) break;
    if (!place.free(p)) continue;
    if (kind.solid() && !place.ring_joins_around(p)) {
      if (++solves > kMaxSolves) continue;
      // A solid thing may cut nothing off: the solver must still reach every cell it
      // reached before but this one (the exit, keys, other content included).
      place.obstacle[place.index(p)] = true;
      const std::size_t reached = reached_cells(solve(level, -1, &place.obstacle));
      if (reached + 1 != place.reachable) {
        place.obstacle[place.index(p)] = false;
        continue;
      }
      place.reachable = reached;
    } else if (kind.solid()) {
      place.obstacle[place.index(p)] = true;
      --place.reachable;
    }
    place.taken[place.index(p)] = true;
    level.content.features.push_back({kind.kind, p});
    ++placed;
  }
  if (placed < kind.wanted) {
    level.content.notes.push_back(fmt::format(
        "placed {} of {}: {} must go on {}{}", placed, core::count_of(kind.wanted, kind.plural),
        kind.plural, kind.rule, kind.solid() ? " where they cut nothing off" : ", off doorways"));
  }
  return placed;
}

}  // namespace

void place_content(core::Level& level, const ContentOptions& options, core::Rng& rng) {
  if (!level.analysis.entrance || !level.analysis.exit) return;
  level.content.features.push_back({core::FeatureKind::Start, *level.analysis.entrance});
  level.content.features.push_back({core::FeatureKind::WayDown, *level.analysis.exit});
  for (const core::Key& k : level.puzzle.keys)
    level.content.features.push_back({core::FeatureKind::Key, k.cell});
  if (!options.any()) return;
  const std::size_t n = level.map.cells.data().size();
  Place place{level, std::vector<bool>(n, false), std::vector<bool>(n, false), 0,
              distances_from(level.map.cells, *level.analysis.entrance)};
  for (const core::Feature& f : level.content.features) place.taken[place.index(f.cell)] = true;
  place.reachable = reached_cells(solve(level));
  const Kind kinds[] = {
      {core::FeatureKind::Spikes, "spikes", options.spikes,
       "hallway cells walled on two opposite sides",
       [](const Place& pl, Point p) { return pl.hallway(p); }},
      {core::FeatureKind::Monster, "monsters", options.monsters,
       "floor cells at least 6 steps from the start",
       [](const Place& pl, Point p) { return pl.dist[p] >= 6; }},
      {core::FeatureKind::Chest, "chests", options.chests, "room floor cells against a wall",
       [](const Place& pl, Point p) { return pl.walls_around(p) >= 1 && !pl.hallway(p); }},
      {core::FeatureKind::Loot, "loot", options.loot, "floor cells",
       [](const Place&, Point) { return true; }},
      {core::FeatureKind::Decor, "decor", options.decor, "floor cells against a wall",
       [](const Place& pl, Point p) { return pl.walls_around(p) >= 1; }},
  };
  for (const Kind& kind : kinds) {
    if (kind.wanted > 0) place_kind(place, level, kind, rng);
  }
}

}  // namespace dungen::analysis
