#include "analysis/obstacles.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "analysis/solid_union.hpp"
#include "analysis/solver.hpp"
#include "io/formats/tile_loader.hpp"
#include "pipeline/areas.hpp"
#include "pipeline/generate.hpp"
#include "pipeline/layout.hpp"
#include "pipeline/rooms.hpp"
#include "support/test_support.hpp"

namespace dungen::analysis {
namespace {

using core::CellKind;
using core::Point;

// What content placement asked of each obstacle before Obstacles: one solver run per cell,
// its count of reached cells compared with the count so far.
struct SolverReference {
  const core::Level& level;
  std::vector<bool> blocked;
  std::size_t reachable;

  explicit SolverReference(const core::Level& l)
      : level(l), blocked(l.map.cells.data().size(), false), reachable(count(solve(l))) {}
  static std::size_t count(const SolveResult& walk) {
    return static_cast<std::size_t>(std::count(walk.reached.begin(), walk.reached.end(), true));
  }
  std::size_t index(Point p) const {
    return static_cast<std::size_t>(p.y * level.map.cells.width() + p.x);
  }
  void block(Point p) {
    blocked[index(p)] = true;
    --reachable;
  }
  bool try_block(Point p) {
    blocked[index(p)] = true;
    const std::size_t reached = count(solve(level, -1, &blocked));
    if (reached + 1 != reachable) {
      blocked[index(p)] = false;
      return false;
    }
    reachable = reached;
    return true;
  }
};

// Floor cells content may take: not next to a door, not the entrance, exit or a key.
std::vector<Point> content_cells(const core::Level& level) {
  const auto& c = level.map.cells;
  std::vector<Point> cells;
  for (int y = 0; y < c.height(); ++y) {
    for (int x = 0; x < c.width(); ++x) {
      const Point p{x, y};
      bool ok = c[p] == CellKind::Floor && p != level.analysis.entrance && p != level.analysis.exit;
      for (core::Facing f : core::kFacings)
        ok = ok && c.get_or(p + core::step(f), CellKind::Void) != CellKind::Door;
      for (const core::Key& k : level.puzzle.keys) ok = ok && k.cell != p;
      if (ok) cells.push_back(p);
    }
  }
  return cells;
}

struct Tally {
  int accepted = 0, refused = 0;
};

// Blocks every content cell of `level` in a seeded order, as content placement does, and
// checks each answer against the solver's.
void expect_same_answers(const core::Level& level, core::Seed seed, Tally& tally) {
  std::vector<Point> cells = content_cells(level);
  core::Rng rng(seed);
  rng.shuffle(cells);
  Obstacles obstacles(level);
  SolverReference reference(level);
  int tests = 0;
  for (const Point& p : cells) {
    if (tests == 300) break;  // each reference answer walks the whole level
    if (obstacles.ring_joins_around(p)) {
      obstacles.block(p);
      reference.block(p);
      continue;
    }
    ++tests;
    const bool expected = reference.try_block(p);
    ASSERT_EQ(obstacles.try_block(p), expected) << "at " << p.x << "," << p.y;
    (expected ? tally.accepted : tally.refused) += 1;
  }
  for (const Point& p : cells)
    ASSERT_EQ(obstacles.blocked(p), reference.blocked[reference.index(p)]);
}

TEST(Obstacles, AnswersAsTheSolverDoesOnEveryGenerator) {
  Tally tally;
  const io::formats::LoadedTileSet loaded =
      io::formats::load_tile_set(test::sample_path("classic"), {});
  const gen::Candidates candidates(loaded.set, {});
  for (core::Seed seed = 1; seed <= 2; ++seed) {
    for (int locks : {0, 3}) {
      SCOPED_TRACE(testing::Message() << "seed " << seed << ", locks " << locks);
      pipeline::RoomsSettings r;
      r.rooms.rooms = 25;
      r.rooms.min_size = 3;
      r.rooms.loops_permille = 300;
      r.analyses.locks = locks;
      expect_same_answers(pipeline::rooms_level(r, seed), seed, tally);
      pipeline::AreasSettings a;
      a.areas.size = {60, 44};
      a.areas.spaces = 15;
      a.analyses.locks = locks;
      expect_same_answers(pipeline::areas_level(a, seed), seed, tally);
      for (const char* name : {"clock", "maze:0.05"}) {
        pipeline::LayoutSettings l;
        l.builtin = name;
        l.analyses.locks = locks;
        expect_same_answers(pipeline::layout_level(l, seed), seed, tally);
      }
      pipeline::GenerateSettings g;
      g.stitch.max_tiles = 40;
      g.analyses.locks = locks;
      expect_same_answers(pipeline::generate_level(loaded.set, candidates, g, seed), seed, tally);
    }
  }
  EXPECT_GT(tally.accepted, 500);  // both answers were asked often
  EXPECT_GT(tally.refused, 500);
}

// A corridor whose two ends lie behind locks, their keys in the entrance's room.
core::Level corridor_behind_two_locks() {
  core::Level level;
  level.map.cells = test::cells_from_ascii(R"(
###############
#.....+.......#
#.....#######.#
#.....#     #.#
#.....#######.#
#.....+.......#
###############)");
  level.analysis.entrance = Point{2, 3};
  level.analysis.exit = Point{3, 3};
  for (int id : {0, 1}) {
    core::Lock lock;
    lock.id = lock.key = id;
    lock.door = core::Door{Point{6, id == 0 ? 1 : 5}, 1, core::Facing::East};
    level.puzzle.locks.push_back(lock);
    level.puzzle.keys.push_back(core::Key{id, Point{1 + 3 * id, 1}, 0});
  }
  return level;
}

TEST(Obstacles, SidesReachedThroughLocksAreNotCutOff) {
  core::Level level = corridor_behind_two_locks();
  Obstacles obstacles(level);
  ASSERT_FALSE(obstacles.ring_joins_around({13, 3}));
  // Each side of the corridor is still reached through its own lock.
  EXPECT_TRUE(obstacles.try_block({13, 3}));
  // Between two obstacles, cells no lock leads to would be cut off.
  EXPECT_FALSE(obstacles.try_block({9, 1}));
  EXPECT_TRUE(obstacles.blocked({13, 3}));
  EXPECT_FALSE(obstacles.blocked({9, 1}));
  // Negative control: with the lower lock's key behind that lock, its side is cut off.
  level.puzzle.keys[1].cell = Point{10, 5};
  Obstacles keyed(level);
  EXPECT_FALSE(keyed.try_block({13, 3}));
  // The cell by the lower lock is still reached through it: its key lies on the far side.
  EXPECT_TRUE(keyed.try_block({8, 5}));
}

TEST(SolidUnion, ClosingALoopCellKeepsItJoinedThenTheNextOneCuts) {
  const core::Grid<CellKind> cells = test::cells_from_ascii(R"(
#########
#.......#
#.#####.#
#.......#
#########)");
  SolidUnion solids(cells.size(),
                    [&](Point p) { return !core::passable(cells.get_or(p, CellKind::Void)); });
  EXPECT_TRUE(solids.solid({-1, 2}));  // beyond the map
  EXPECT_FALSE(solids.solid({3, 1}));
  EXPECT_NE(solids.piece({3, 2}), solids.piece({0, 0}));  // the wall inside the loop
  EXPECT_TRUE(solids.keeps_joined({3, 1}));               // the way round the loop stays
  solids.add({3, 1});
  EXPECT_EQ(solids.piece({3, 2}), solids.piece({0, 0}));
  EXPECT_FALSE(solids.keeps_joined({5, 3}));  // no loop left: the far side is cut off
  EXPECT_FALSE(solids.keeps_joined({1, 1}));  // the corner: (2, 1) would be left alone
  EXPECT_TRUE(solids.keeps_joined({2, 1}));   // that dead end itself cuts nothing
}

}  // namespace
}  // namespace dungen::analysis
