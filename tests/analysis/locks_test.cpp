#include "analysis/locks.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "analysis/room_graph.hpp"
#include "analysis/solver.hpp"
#include "core/ascii.hpp"
#include "io/formats/tile_loader.hpp"
#include "pipeline/generate.hpp"
#include "pipeline/rooms.hpp"
#include "support/level_checks.hpp"
#include "support/test_support.hpp"

namespace dungen::analysis {
namespace {

// Every property a lock-and-key level must have, by the solver and by the cells.
void expect_sound_puzzle(const core::Level& level, const core::TileSet& set) {
  EXPECT_EQ(test::level_violations(level, set), std::vector<std::string>{});
  const SolveResult walk = solve(level);
  EXPECT_TRUE(walk.exit_reached);
  EXPECT_EQ(unneeded_locks(level), std::vector<int>{});
  EXPECT_EQ(walk.locks_opened.size(), level.puzzle.locks.size());  // a solution opens every lock
  ASSERT_EQ(level.puzzle.keys.size(), level.puzzle.locks.size());
  for (const core::Key& k : level.puzzle.keys) {
    EXPECT_EQ(level.map.cells[k.cell], core::CellKind::Floor);
    // A key never lies behind its own lock: its room's zone lacks it.
    const auto& zone = level.puzzle.zones[static_cast<std::size_t>(k.placement)];
    EXPECT_EQ(std::count(zone.begin(), zone.end(), k.id), 0);
  }
  for (const core::Lock& l : level.puzzle.locks) {
    for (int i = 0; i < l.door.width; ++i)
      EXPECT_EQ(level.map.cells[l.door.cell(i)], core::CellKind::Door);
    // The locked room's zone holds the lock's key, the room before it does not.
    const auto& behind = level.puzzle.zones[static_cast<std::size_t>(l.b)];
    const auto& before = level.puzzle.zones[static_cast<std::size_t>(l.a)];
    EXPECT_EQ(std::count(behind.begin(), behind.end(), l.key), 1);
    EXPECT_EQ(std::count(before.begin(), before.end(), l.key), 0);
  }
}

void check_set(const std::filesystem::path& folder, int seeds, int* placed_total) {
  SCOPED_TRACE(folder.string());
  const io::formats::LoadedTileSet loaded = io::formats::load_tile_set(folder, {});
  const gen::Candidates candidates(loaded.set, {});
  for (core::Seed seed = 0; seed < static_cast<core::Seed>(seeds); ++seed) {
    pipeline::GenerateSettings s;
    s.stitch.max_tiles = 50;
    s.analyses.locks = 1 + static_cast<int>(seed % 4);
    const core::Level level = pipeline::generate_level(loaded.set, candidates, s, seed);
    SCOPED_TRACE(::testing::Message() << "seed " << seed << " locks " << s.analyses.locks);
    expect_sound_puzzle(level, loaded.set);
    *placed_total += static_cast<int>(level.puzzle.locks.size());
    if (static_cast<int>(level.puzzle.locks.size()) < s.analyses.locks) {
      EXPECT_FALSE(level.puzzle.lock_notes.empty());
    }
  }
}

TEST(Locks, SoundOnTheSamplesOverManySeeds) {
  int placed = 0;
  check_set(test::sample_path("classic"), 40, &placed);
  check_set(test::sample_path("caves"), 40, &placed);
  EXPECT_GT(placed, 150);  // 200 asked; nearly all fit in 50-tile levels
}

TEST(Locks, SoundOnEveryCorpusSet) {
  const auto sets = test::corpus_sets();
  if (sets.empty()) GTEST_SKIP() << "shared corpus not found at " << DUNGEN_CORPUS_DIR;
  int placed = 0;
  for (const auto& set : sets) check_set(set, 15, &placed);
  EXPECT_GT(placed, 60);
}

// A straight chain: start room, then rooms joined one after another. Any lock must sit on
// the way to the exit and its key before it.
core::TileSet chain_set() {
  core::TileSet set;
  set.tiles = {core::tile_from_ascii("#+#\n#.#\n#.#\n#.#\n#+#", "a_corridor.png"),
               core::tile_from_ascii("#+#\n#.#\n###", "b_cap.png")};
  set.tiles[0].settings.orientations = 0x01;  // r0 only: a vertical chain
  set.tiles[1].settings.orientations = 0x05;  // r0 and r180: caps at both ends
  return set;
}

TEST(Locks, ChainHasNoRoomForAKeyBeforeALockSoFewerArePlacedAndReported) {
  const core::TileSet set = chain_set();
  const gen::Candidates candidates(set, {});
  pipeline::GenerateSettings s;
  s.stitch.max_tiles = 8;
  s.stitch.start = 0;
  s.analyses.locks = 6;
  const core::Level level = pipeline::generate_level(set, candidates, s, 3);
  expect_sound_puzzle(level, set);
  EXPECT_LT(level.puzzle.locks.size(), 6u);
  ASSERT_EQ(level.puzzle.lock_notes.size(), 1u);
  EXPECT_NE(level.puzzle.lock_notes[0].find("of 6 locks"), std::string::npos);
}

// One room holds both the entrance and the exit: no door lies on the way, and the note says
// so and what would help.
TEST(Locks, ExitInTheEntrancesRoomPlacesNoneAndSaysWhy) {
  pipeline::RoomsSettings s;
  s.rooms.rooms = 1;
  s.analyses.locks = 2;
  const core::Level level = pipeline::rooms_level(s, 1);
  ASSERT_EQ(level.map.placements.size(), 1u);
  EXPECT_EQ(level.puzzle.locks.size(), 0u);
  EXPECT_EQ(level.puzzle.locks_requested, 2);
  ASSERT_EQ(level.puzzle.lock_notes.size(), 1u);
  EXPECT_EQ(level.puzzle.lock_notes[0],
            "placed 0 of 2 locks: the exit is in the entrance's room, so no door on the way to "
            "it can take a lock; a larger level (more tiles, rooms or spaces) may put rooms "
            "between them");
}

// The first floor cell (row-major) that placement `p` owns.
core::Point floor_of(const core::Map& map, int p) {
  const core::Rect r = map.bounds(map.placements[static_cast<std::size_t>(p)]);
  for (int y = r.y; y < r.bottom(); ++y) {
    for (int x = r.x; x < r.right(); ++x) {
      if (map.cells[core::Point{x, y}] == core::CellKind::Floor && map.placement_at({x, y}) == p)
        return {x, y};
    }
  }
  return {-1, -1};
}

TEST(Locks, SolverNeedsTheKeyAndEveryLock) {
  const io::formats::LoadedTileSet loaded =
      io::formats::load_tile_set(test::sample_path("classic"), {});
  const gen::Candidates candidates(loaded.set, {});
  pipeline::GenerateSettings s;
  s.stitch.max_tiles = 40;
  s.analyses.locks = 2;
  core::Level level = pipeline::generate_level(loaded.set, candidates, s, 11);
  ASSERT_EQ(level.puzzle.locks.size(), 2u);
  EXPECT_TRUE(solve(level).exit_reached);
  EXPECT_FALSE(solve(level, 0).exit_reached);  // walling up either lock cuts the exit off
  EXPECT_FALSE(solve(level, 1).exit_reached);
  // Negative control: move key 0 into the room behind its own lock.
  level.puzzle.keys[0].cell = floor_of(level.map, level.puzzle.locks[0].b);
  EXPECT_FALSE(solve(level).exit_reached);
}

TEST(Locks, LoopsAroundALockAreSealed) {
  // Crosses tile the plane, so almost every new cross closes loops with its neighbours.
  core::TileSet set;
  set.tiles = {core::tile_from_ascii("#+#\n#.#\n###", "cap.png"),
               core::tile_from_ascii("##+##\n#...#\n+...+\n#...#\n##+##", "cross.png")};
  const gen::Candidates candidates(set, {});
  int sealed = 0;
  for (core::Seed seed = 0; seed < 20; ++seed) {
    pipeline::GenerateSettings s;
    s.stitch.max_tiles = 60;
    s.analyses.locks = 3;
    const core::Level level = pipeline::generate_level(set, candidates, s, seed);
    SCOPED_TRACE(seed);
    expect_sound_puzzle(level, set);
    for (const auto& u : level.map.unused_doors)
      sealed += u.reason == core::UnusedReason::BypassesLock;
    // Every remaining connection joins rooms of one zone, or is a locked tree edge.
    for (const auto& c : level.map.connections) {
      const bool locked =
          std::any_of(level.puzzle.locks.begin(), level.puzzle.locks.end(),
                      [&](const core::Lock& l) { return l.door.start == c.door().start; });
      if (!locked) {
        EXPECT_EQ(level.puzzle.zones[static_cast<std::size_t>(c.a)],
                  level.puzzle.zones[static_cast<std::size_t>(c.b)]);
      }
    }
  }
  EXPECT_GT(sealed, 20);
}

TEST(Locks, SameSeedSamePuzzleAndLocksDoNotMoveRooms) {
  const io::formats::LoadedTileSet loaded =
      io::formats::load_tile_set(test::sample_path("caves"), {});
  const gen::Candidates candidates(loaded.set, {});
  pipeline::GenerateSettings plain, locked;
  plain.stitch.max_tiles = locked.stitch.max_tiles = 40;
  locked.analyses.locks = 3;
  const core::Level a = pipeline::generate_level(loaded.set, candidates, locked, 5);
  const core::Level b = pipeline::generate_level(loaded.set, candidates, locked, 5);
  const core::Level c = pipeline::generate_level(loaded.set, candidates, plain, 5);
  EXPECT_EQ(a.map.cells, b.map.cells);
  ASSERT_EQ(a.puzzle.keys.size(), b.puzzle.keys.size());
  for (std::size_t i = 0; i < a.puzzle.keys.size(); ++i)
    EXPECT_EQ(a.puzzle.keys[i].cell, b.puzzle.keys[i].cell);
  ASSERT_EQ(a.map.placements.size(), c.map.placements.size());
  for (std::size_t i = 0; i < a.map.placements.size(); ++i)
    EXPECT_EQ(a.map.placements[i].origin, c.map.placements[i].origin);
}

TEST(RoomGraph, SpanningTreeFromTheRoot) {
  core::Map map;
  map.placements.resize(4);
  const core::Door door{{0, 0}, 1, core::Facing::North};
  for (const auto& [a, b] : {std::pair{0, 1}, {1, 2}, {2, 0}, {2, 3}}) {
    map.connections.push_back(core::Connection::join(a, b, 0, 0, door, door.start));
  }
  const RoomGraph g = build_room_graph(map, 1);
  EXPECT_EQ(g.order, (std::vector<int>{1, 0, 2, 3}));
  EXPECT_EQ(g.parent, (std::vector<int>{1, -1, 1, 2}));
  EXPECT_TRUE(g.in_subtree(3, 2));
  EXPECT_FALSE(g.in_subtree(0, 2));
  EXPECT_EQ(g.path_edges(3), (std::vector<int>{1, 3}));
}

}  // namespace
}  // namespace dungen::analysis
