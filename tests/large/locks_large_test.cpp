// Lock-and-key puzzles on levels large enough that a per-room or per-cell pass for every
// lock (as lock placement once made) would take minutes: the values are checked here; the
// test's time limit (tests/CMakeLists.txt) guards against such passes coming back, and
// bench/ measures the time (docs/performance.md).
#include <gtest/gtest.h>

#include "analysis/solver.hpp"
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
  EXPECT_EQ(level.puzzle.locks.size(), 612u);
  ASSERT_EQ(level.puzzle.lock_notes.size(), 1u);
  EXPECT_EQ(level.puzzle.lock_notes[0],
            "placed 612 of 1000 locks: the rooms on the way to the exit (and to the keys) "
            "cannot hold more needed locks");
  expect_sound(level);
}

TEST(LargeLocks, AThousandLocksAskedOf2000RandomRooms) {
  pipeline::RoomsSettings s;
  s.rooms.rooms = 2000;
  s.analyses.locks = 1000;
  const core::Level level = pipeline::rooms_level(s, 1);
  EXPECT_EQ(level.puzzle.locks.size(), 734u);
  expect_sound(level);
}

}  // namespace
}  // namespace dungen
