// Lock-and-key puzzles on levels large enough that a per-room or per-cell pass for every
// lock (as lock placement once made) would take minutes: the values are checked here; the
// test's time limit (tests/CMakeLists.txt) guards against such passes coming back, and
// bench/ measures the time (docs/performance.md).
#include <gtest/gtest.h>

#include "analysis/solver.hpp"
#include "pipeline/areas.hpp"
#include "pipeline/layout.hpp"
#include "pipeline/rooms.hpp"

namespace dungen {
namespace {

// Every lock needed, every lock opened on the way, one zone more than locks.
void expect_sound(const core::Level& level) {
  const analysis::SolveResult walk = analysis::solve(level);
  EXPECT_TRUE(walk.exit_reached);
  EXPECT_EQ(walk.locks_opened.size(), level.puzzle.locks.size());
  EXPECT_EQ(walk.keys_in_order.size(), level.puzzle.keys.size());
  EXPECT_EQ(analysis::unneeded_locks(level), std::vector<int>{});
  EXPECT_EQ(level.puzzle.zone_tree.size(), level.puzzle.locks.size() + 1);
  EXPECT_EQ(level.puzzle.locks_opened, walk.locks_opened);
}

TEST(LargeLocks, AThousandLocksAskedOfAGridOf1600Rooms) {
  pipeline::LayoutSettings s;
  s.builtin = "grid:40x40";
  s.space = {400, 400};
  s.analyses.locks = 1000;
  const core::Level level = pipeline::layout_level(s, 1);
  ASSERT_EQ(level.map.placements.size(), 1600u);
  EXPECT_EQ(level.puzzle.locks.size(), 694u);
  ASSERT_EQ(level.puzzle.lock_notes.size(), 1u);
  EXPECT_EQ(level.puzzle.lock_notes[0],
            "placed 694 of 1000 locks: the rooms on the way to the exit (and to the keys) "
            "cannot hold more needed locks (at most 694 in any placement drawn)");
  expect_sound(level);
}

TEST(LargeLocks, AThousandLocksAskedOf2000RandomRooms) {
  pipeline::RoomsSettings s;
  s.rooms.rooms = 2000;
  s.analyses.locks = 1000;
  const core::Level level = pipeline::rooms_level(s, 1);
  EXPECT_EQ(level.puzzle.locks.size(), 708u);
  expect_sound(level);
}

// 77,189 spaces: a thousand locks asked. Once nearly every placement drawn had a way around
// its first lock (doors touching a third space's floor), and trying each count from 1000 down
// with a dozen proofs each took two minutes; now a door joins only its two spaces and the
// rooms on the way to the exit hold 999 needed locks.
TEST(LargeLocks, AThousandLocksAskedOfAreasOfManySpaces) {
  pipeline::AreasSettings s;
  s.areas.size = {1024, 1024};
  s.areas.spaces = 100000;
  s.analyses.locks = 1000;
  const core::Level level = pipeline::areas_level(s, 1);
  ASSERT_EQ(level.map.placements.size(), 77189u);
  EXPECT_EQ(level.puzzle.locks.size(), 999u);
  EXPECT_EQ(level.puzzle.locks_requested, 1000);
  ASSERT_EQ(level.puzzle.lock_notes.size(), 1u);
  EXPECT_EQ(level.puzzle.lock_notes[0],
            "placed 999 of 1000 locks: the rooms on the way to the exit (and to the keys) cannot "
            "hold more needed locks (at most 999 in any placement drawn)");
  expect_sound(level);
}

}  // namespace
}  // namespace dungen
