#include "gen/areas/areas.hpp"

#include <gtest/gtest.h>

#include <set>

#include "analysis/solver.hpp"
#include "analysis/zones.hpp"
#include "pipeline/areas.hpp"

namespace dungen::gen {
namespace {

using core::CellKind;
using core::Point;

TEST(Areas, SeedAndSpreadFillsTheUsableAreaWithContiguousSpaces) {
  core::Grid<std::uint8_t> usable(core::Size{40, 30}, 1);
  for (core::Seed seed = 0; seed < 10; ++seed) {
    core::Rng rng(seed);
    const core::Grid<int> space = seed_and_spread(usable, 12, rng);
    std::set<int> ids;
    for (int v : space.data()) {
      EXPECT_GE(v, 0);  // every usable cell claimed
      ids.insert(v);
    }
    EXPECT_EQ(ids.size(), 12u);
    // Each space is one 4-connected piece.
    for (int s : ids) {
      core::Grid<int> seen(space.size(), 0);
      Point first{-1, -1};
      int total = 0;
      for (int y = 0; y < 30; ++y) {
        for (int x = 0; x < 40; ++x) {
          if (space[Point{x, y}] != s) continue;
          ++total;
          if (first.x < 0) first = {x, y};
        }
      }
      std::vector<Point> stack{first};
      seen[first] = 1;
      int n = 0;
      while (!stack.empty()) {
        const Point p = stack.back();
        stack.pop_back();
        ++n;
        for (core::Facing f : core::kFacings) {
          const Point q = p + core::step(f);
          if (space.contains(q) && !seen[q] && space[q] == s) {
            seen[q] = 1;
            stack.push_back(q);
          }
        }
      }
      EXPECT_EQ(n, total) << "space " << s << " is in pieces";
    }
  }
}

TEST(Areas, MergeFoldsSmallSpacesIntoTheirLongestNeighbour) {
  core::Grid<int> space(core::Size{6, 1}, 0);
  space.data() = {0, 0, 0, 1, 2, 2};
  EXPECT_EQ(merge_small(space, 2), 1);
  EXPECT_EQ(space.data(), (core::Grid<int>::Storage{0, 0, 0, 0, 1, 1}));  // ties: lower id
}

core::Level level_of(core::Seed seed, int locks = 0,
                     std::optional<core::Grid<std::uint8_t>> mask = std::nullopt) {
  pipeline::AreasSettings s;
  s.areas.spaces = 18;
  s.areas.mask = std::move(mask);
  s.analyses.locks = locks;
  return pipeline::areas_level(s, seed);
}

TEST(Areas, WallsOnBoundariesDoorsBetweenNeighboursEverythingReachable) {
  for (core::Seed seed = 0; seed < 15; ++seed) {
    SCOPED_TRACE(seed);
    const core::Level level = level_of(seed);
    const auto& cells = level.map.cells;
    EXPECT_TRUE(level.analysis.unreachable.empty());
    const core::Grid<int> owner = core::placement_owners(level.map);
    // Walls lie on the boundaries: each is a cell of some space next to a cell of another
    // space or of the outside. The exceptions: spaces so thin that walls eat them whole, and
    // rare scraps of floor that walls cut off from their space, walled up so every space
    // is one piece.
    core::Rng rng(seed);
    AreasOptions o;
    o.spaces = 18;
    const AreasResult r = generate_areas(o, rng);
    ASSERT_EQ(r.map.cells, cells);
    int off_boundary = 0, walls = 0;
    for (int y = 1; y + 1 < cells.height(); ++y) {
      for (int x = 1; x + 1 < cells.width(); ++x) {
        const Point p{x, y};
        EXPECT_NE(cells[p], CellKind::Void);  // the usable area is covered
        if (cells[p] != CellKind::Wall) continue;
        ++walls;
        bool boundary = false;
        for (core::Facing f : core::kFacings) {
          const int t = r.space_of.get_or(p + core::step(f), -1);
          boundary = boundary || t != r.space_of[p];
        }
        off_boundary += !boundary;
      }
    }
    EXPECT_LE(off_boundary * 12, walls);  // at most 8 % of the walls
    for (const core::Connection& c : level.map.connections) {
      const Point d = c.door().start;
      EXPECT_EQ(cells[d], CellKind::Door);
      EXPECT_EQ(owner[d + core::step(c.door().facing)], c.b);  // b's floor on its side
      EXPECT_EQ(owner[d + core::step(core::opposite(c.door().facing))], c.a);  // a's on the other
      for (const Point side :
           {d + core::along(c.door().facing), d - core::along(c.door().facing)}) {
        const int beside = owner.get_or(side, -1);  // no third space: a lock there holds
        EXPECT_TRUE(beside < 0 || beside == c.a || beside == c.b)
            << "door at " << d.x << "," << d.y;
      }
    }
  }
}

TEST(Areas, ZonesAgreeWithTheSolver) {
  for (core::Seed seed = 0; seed < 12; ++seed) {
    SCOPED_TRACE(seed);
    const core::Level level = level_of(seed, 3);
    ASSERT_FALSE(level.puzzle.locks.empty());
    const auto zones = analysis::zone_tree(level);
    EXPECT_EQ(zones.size(), level.puzzle.locks.size() + 1);  // one zone per lock, plus the start's
    const core::Grid<int> owner = core::placement_owners(level.map);
    for (int walled = -1; walled < static_cast<int>(level.puzzle.locks.size()); ++walled) {
      // What the zones predict: a room is reached when its zone's keys are all in hand and
      // it does not lie behind the walled-up lock; a key is in hand once its room is reached.
      const int walled_key =
          walled < 0 ? -1 : level.puzzle.locks[static_cast<std::size_t>(walled)].key;
      std::vector<int> predicted(level.map.placements.size(), 0);
      std::set<int> held;
      for (bool more = true; more;) {
        more = false;
        for (std::size_t p = 0; p < predicted.size(); ++p) {
          const auto& zone = level.puzzle.zones[p];
          bool ok = std::count(zone.begin(), zone.end(), walled_key) == 0;
          for (int k : zone) ok = ok && held.count(k) > 0;
          if (!ok || predicted[p]) continue;
          predicted[p] = 1;
          more = true;
          for (const core::Key& k : level.puzzle.keys) {
            if (k.placement == static_cast<int>(p)) held.insert(k.id);
          }
        }
      }
      // What the solver walks.
      const analysis::SolveResult walk = analysis::solve(level, walled);
      std::vector<int> reached(level.map.placements.size(), 0);
      for (std::size_t i = 0; i < walk.reached.size(); ++i) {
        if (walk.reached[i] && owner.data()[i] >= 0)
          reached[static_cast<std::size_t>(owner.data()[i])] = 1;
      }
      EXPECT_EQ(reached, predicted) << "with lock " << walled << " walled up";
    }
    EXPECT_TRUE(analysis::solve(level).exit_reached);
    EXPECT_TRUE(analysis::unneeded_locks(level).empty());
  }
}

TEST(Areas, MaskLimitsTheUsableCells) {
  core::Grid<std::uint8_t> mask(core::Size{50, 40}, 0);
  for (int y = 5; y < 35; ++y) {
    for (int x = 5; x < 45; ++x)
      mask[Point{x, y}] = (x - 25) * (x - 25) + (y - 20) * (y - 20) < 15 * 15;
  }
  const core::Level level = level_of(2, 0, mask);
  EXPECT_EQ(level.map.cells.size(), (core::Size{50, 40}));
  for (int y = 0; y < 40; ++y) {
    for (int x = 0; x < 50; ++x) {
      if (!mask[Point{x, y}]) {
        EXPECT_EQ(level.map.cells[(Point{x, y})], CellKind::Void);
      }
    }
  }
  EXPECT_TRUE(level.analysis.unreachable.empty());
}

}  // namespace
}  // namespace dungen::gen
