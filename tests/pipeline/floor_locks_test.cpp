// --locks with --floors: the locks of a dungeon are one puzzle over its floors joined by their
// stairs. Checked by the independent walk of cells (analysis::solve_floors): the last floor's
// exit is reached from floor 1's entrance, and walling up any lock of any floor cuts it off;
// every lock's key lies where its key_floor says; keys do lie on other floors, above and below.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>

#include "analysis/solver.hpp"
#include "pipeline/floors.hpp"
#include "support/floor_set.hpp"
#include "support/level_checks.hpp"
#include "support/test_support.hpp"

namespace dungen::pipeline {
namespace {
namespace fs = std::filesystem;

// A set whose dungeons get `locks` locks per floor over every floor, and 4 monsters a floor.
struct LockedFloors : test_floors::FloorSet {
  using FloorSet::FloorSet;
  [[nodiscard]] Dungeon make(core::Seed seed, int floors, int locks) const {
    Analyses across;
    across.locks = locks;
    across.content.monsters = 4;
    return dungeon(seed, floors, &across);
  }
};

std::vector<const core::Level*> floors_of(const Dungeon& d) {
  std::vector<const core::Level*> floors;
  for (const core::Level& level : d.floors) floors.push_back(&level);
  return floors;
}

// Keys deeper than their locks and above them, counted over the seeds checked.
struct Spread {
  int locks = 0, above = 0, below = 0;
};

void check_puzzles(const fs::path& folder, core::Seed seeds, Spread& spread) {
  SCOPED_TRACE(folder.string());
  const LockedFloors set(folder);
  for (core::Seed seed = 1; seed <= seeds; ++seed) {
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    const Dungeon d = set.make(seed, 3, 4);
    std::map<int, int> key_floor;  // key id: its floor (1 = the first)
    for (std::size_t k = 0; k < d.floors.size(); ++k) {
      EXPECT_EQ(test::level_violations(d.floors[k], set.tiles.set), std::vector<std::string>{});
      for (const core::Key& key : d.floors[k].puzzle.keys)
        EXPECT_TRUE(key_floor.emplace(key.id, static_cast<int>(k) + 1).second) << key.id;
    }
    for (std::size_t k = 0; k < d.floors.size(); ++k) {
      const auto here = static_cast<int>(k) + 1;
      for (const core::Lock& l : d.floors[k].puzzle.locks) {
        ASSERT_EQ(key_floor.count(l.key), 1u) << "lock " << l.id;
        EXPECT_EQ(l.key_floor, key_floor[l.key] == here ? 0 : key_floor[l.key]);
        ++spread.locks;
        spread.above += key_floor[l.key] < here ? 1 : 0;
        spread.below += key_floor[l.key] > here ? 1 : 0;
      }
    }
    const std::vector<const core::Level*> floors = floors_of(d);
    EXPECT_TRUE(analysis::solve_floors(floors).exit_reached);
    EXPECT_EQ(analysis::unneeded_floor_locks(floors), std::vector<int>{});
  }
}

TEST(FloorLocks, EveryStackIsSolvableWithEveryLockNeeded) {
  Spread spread;
  check_puzzles(test::sample_path("classic"), 12, spread);
  check_puzzles(test::sample_path("caves"), 12, spread);
  EXPECT_GT(spread.locks, 24 * 8);  // most of the 12 locks asked for each dungeon
  EXPECT_GT(spread.above, 0);       // keys on a floor above their lock
  EXPECT_GT(spread.below, 0);       // keys deeper than their lock: back up the stairs
}

TEST(FloorLocks, EveryStackOfTheCorpusIsSolvable) {
  const auto sets = test::corpus_sets();
  if (sets.empty()) GTEST_SKIP() << "shared corpus not found at " << DUNGEN_CORPUS_DIR;
  Spread spread;
  for (const fs::path& set : sets) check_puzzles(set, 4, spread);
}

// A floor's own walk carries the keys that lie on other floors: each floor alone reaches its
// way down, and its locks are numbered as the dungeon's (ascending, no id twice).
TEST(FloorLocks, EachFloorAloneReachesItsWayDown) {
  const LockedFloors set(test::sample_path("classic"));
  const Dungeon d = set.make(3, 3, 4);
  std::vector<int> ids;
  for (const core::Level& level : d.floors) {
    EXPECT_TRUE(analysis::solve(level).exit_reached);
    for (const core::Lock& l : level.puzzle.locks) ids.push_back(l.id);
    EXPECT_EQ(level.puzzle.locks_requested, 12);
  }
  std::sort(ids.begin(), ids.end());
  EXPECT_EQ(std::adjacent_find(ids.begin(), ids.end()), ids.end());
  EXPECT_FALSE(ids.empty());
}

// The walk of cells sees the stairs: walling the only stair's floor cell cuts the exit off.
TEST(FloorLocks, TheWalkTakesTheStairs) {
  const LockedFloors set(test::sample_path("caves"));
  Dungeon d = set.make(5, 2, 0);
  std::vector<const core::Level*> floors = floors_of(d);
  EXPECT_TRUE(analysis::solve_floors(floors).exit_reached);
  d.floors[1].map.cells[d.stairs[0]] = core::CellKind::Wall;
  EXPECT_FALSE(analysis::solve_floors(floors).exit_reached);
}

}  // namespace
}  // namespace dungen::pipeline
