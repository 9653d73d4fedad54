#include "analysis/content.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <functional>

#include "analysis/obstacles.hpp"
#include "analysis/reachability.hpp"
#include "core/plural.hpp"

namespace dungen::analysis {
namespace {

using core::CellKind;
using core::Point;

struct Place {
  const core::Level& level;
  std::vector<bool> taken;  ///< cells holding a feature, row-major
  Obstacles obstacles;      ///< placed content the solver walks around
  core::Grid<int> dist;     ///< steps from the start

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

int place_kind(Place& place, core::Level& level, const Kind& kind, core::Rng& rng) {
  std::vector<std::uint32_t> candidates;  // row-major cell numbers: a huge map has millions
  const auto& cells = level.map.cells;
  for (int y = 0; y < cells.height(); ++y) {
    for (int x = 0; x < cells.width(); ++x) {
      if (place.free({x, y}) && kind.allowed(place, {x, y}))
        candidates.push_back(static_cast<std::uint32_t>(place.index({x, y})));
    }
  }
  rng.shuffle(candidates);
  int placed = 0, tests = 0;
  constexpr int kMaxTests = 200;  // beyond, only cells that surely cut nothing off
  const auto width = static_cast<std::uint32_t>(cells.width());
  for (const std::uint32_t c : candidates) {
    if (placed == kind.wanted) break;
    const Point p{static_cast<int>(c % width), static_cast<int>(c / width)};
    if (!place.free(p)) continue;
    if (kind.solid() && !place.obstacles.ring_joins_around(p)) {
      // A solid thing may cut nothing off: the solver must still reach every cell it
      // reached before but this one (the exit, keys, other content included).
      if (++tests > kMaxTests || !place.obstacles.try_block(p)) continue;
    } else if (kind.solid()) {
      place.obstacles.block(p);
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
  Place place{level, std::vector<bool>(n, false), Obstacles(level),
              distances_from(level.map.cells, *level.analysis.entrance)};
  for (const core::Feature& f : level.content.features) place.taken[place.index(f.cell)] = true;
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
