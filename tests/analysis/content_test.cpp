#include "analysis/content.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <set>

#include "analysis/solver.hpp"
#include "io/formats/tile_loader.hpp"
#include "pipeline/generate.hpp"
#include "pipeline/layout.hpp"
#include "pipeline/rooms.hpp"
#include "support/test_support.hpp"

namespace dungen::analysis {
namespace {

bool near_door(const core::Map& map, core::Point p) {
  for (core::Facing f : core::kFacings) {
    if (map.cells.get_or(p + core::step(f), core::CellKind::Void) == core::CellKind::Door)
      return true;
  }
  return false;
}

// Properties every populated level has, whatever made it.
void expect_sound_content(const core::Level& level, const ContentOptions& asked) {
  std::map<std::string, int> count;
  std::vector<bool> solid(level.map.cells.data().size(), false);
  std::set<std::pair<int, int>> cells;
  for (const core::Feature& f : level.content.features) {
    ++count[std::string(core::feature_name(f.kind))];
    EXPECT_TRUE(cells.insert({f.cell.x, f.cell.y}).second) << "two features on one cell";
    EXPECT_EQ(level.map.cells[f.cell], core::CellKind::Floor) << core::feature_name(f.kind);
    if (f.kind == core::FeatureKind::Start || f.kind == core::FeatureKind::WayDown ||
        f.kind == core::FeatureKind::Key)
      continue;
    EXPECT_FALSE(near_door(level.map, f.cell)) << core::feature_name(f.kind) << " blocks a doorway";
    if (f.kind == core::FeatureKind::Monster || f.kind == core::FeatureKind::Chest ||
        f.kind == core::FeatureKind::Decor) {
      solid[static_cast<std::size_t>(f.cell.y * level.map.cells.width() + f.cell.x)] = true;
    }
  }
  EXPECT_EQ(count["start"], 1);
  EXPECT_EQ(count["way_down"], 1);
  EXPECT_EQ(count["key"], static_cast<int>(level.puzzle.keys.size()));
  const std::pair<const char*, int> wanted[] = {{"spikes", asked.spikes},
                                                {"monster", asked.monsters},
                                                {"chest", asked.chests},
                                                {"loot", asked.loot},
                                                {"decor", asked.decor}};
  int short_kinds = 0;
  for (const auto& [kind, n] : wanted) {
    EXPECT_LE(count[kind], n) << kind;
    short_kinds += count[kind] < n;
  }
  EXPECT_EQ(level.content.notes.size(), static_cast<std::size_t>(short_kinds));
  // Nothing placed cuts the way: with every solid thing as an obstacle, the exit is reached.
  EXPECT_TRUE(solve(level, -1, &solid).exit_reached);
}

TEST(Content, OnTilesRoomsAndLayoutsOverManySeeds) {
  const ContentOptions asked{4, 6, 3, 8, 10};
  const io::formats::LoadedTileSet loaded =
      io::formats::load_tile_set(test::sample_path("classic"), {});
  const gen::Candidates candidates(loaded.set, {});
  int spikes = 0;
  for (core::Seed seed = 0; seed < 12; ++seed) {
    SCOPED_TRACE(seed);
    pipeline::GenerateSettings g;
    g.stitch.max_tiles = 40;
    g.analyses = {2, asked, {}};
    expect_sound_content(pipeline::generate_level(loaded.set, candidates, g, seed), asked);
    pipeline::RoomsSettings r;
    r.rooms.rooms = 25;
    r.analyses = {1, asked, {}};
    expect_sound_content(pipeline::rooms_level(r, seed), asked);
    for (const char* name : {"clock", "grid:4x3", "maze:0.05"}) {
      pipeline::LayoutSettings l;
      l.builtin = name;
      l.analyses = {1, asked, {}};
      const core::Level level = pipeline::layout_level(l, seed);
      expect_sound_content(level, asked);
      for (const auto& f : level.content.features) spikes += f.kind == core::FeatureKind::Spikes;
    }
  }
  EXPECT_GT(spikes, 50);  // clock hallways and maze passages take spikes
}

TEST(Content, SpikesOnlyOnHallwayCellsAndMonstersAwayFromTheStart) {
  pipeline::LayoutSettings l;
  l.builtin = "clock";
  l.analyses.content = {10, 10, 0, 0, 0};
  const core::Level level = pipeline::layout_level(l, 4);
  const auto& c = level.map.cells;
  auto wall = [&](core::Point p) {
    return c.get_or(p, core::CellKind::Void) == core::CellKind::Wall;
  };
  int spikes = 0, monsters = 0;
  for (const core::Feature& f : level.content.features) {
    const core::Point p = f.cell;
    if (f.kind == core::FeatureKind::Spikes) {
      ++spikes;
      EXPECT_TRUE((wall(p + core::Point{0, -1}) && wall(p + core::Point{0, 1})) ||
                  (wall(p + core::Point{-1, 0}) && wall(p + core::Point{1, 0})));
    }
    if (f.kind == core::FeatureKind::Monster) {
      ++monsters;
      EXPECT_GE(
          std::abs(p.x - level.analysis.entrance->x) + std::abs(p.y - level.analysis.entrance->y),
          6);
    }
  }
  EXPECT_EQ(spikes, 10);  // the checks above ran on every one asked for
  EXPECT_EQ(monsters, 10);
}

TEST(Content, SameSeedSameContentAndContentDoesNotMoveLocks) {
  const io::formats::LoadedTileSet loaded =
      io::formats::load_tile_set(test::sample_path("caves"), {});
  const gen::Candidates candidates(loaded.set, {});
  pipeline::GenerateSettings plain, full;
  plain.analyses.locks = full.analyses.locks = 2;
  full.analyses.content = {3, 3, 3, 3, 3};
  const core::Level a = pipeline::generate_level(loaded.set, candidates, full, 8);
  const core::Level b = pipeline::generate_level(loaded.set, candidates, full, 8);
  const core::Level c = pipeline::generate_level(loaded.set, candidates, plain, 8);
  ASSERT_EQ(a.content.features.size(), b.content.features.size());
  for (std::size_t i = 0; i < a.content.features.size(); ++i)
    EXPECT_EQ(a.content.features[i].cell, b.content.features[i].cell);
  ASSERT_EQ(a.puzzle.keys.size(), c.puzzle.keys.size());
  for (std::size_t i = 0; i < a.puzzle.keys.size(); ++i)
    EXPECT_EQ(a.puzzle.keys[i].cell, c.puzzle.keys[i].cell);
}

// FNV-1a over the features' cells, in placement order.
std::uint64_t cells_hash(const core::Level& level) {
  std::uint64_t h = 0xcbf29ce484222325u;
  for (const core::Feature& f : level.content.features) {
    for (int v : {f.cell.x, f.cell.y}) h = (h ^ static_cast<std::uint32_t>(v)) * 0x100000001b3u;
  }
  return h;
}

// A large map (814 x 752 cells) and far more of everything than fits: thousands of obstacle
// tests, which took a whole solver run each (seconds here) before the search near the cell.
TEST(Content, HugeRequestsOnALargeMapPlaceWhatFitsWithoutCuttingAnythingOff) {
  pipeline::RoomsSettings r;
  r.rooms.rooms = 300;
  r.rooms.min_size = 3;
  r.rooms.max_size = 60;
  r.rooms.loops_permille = 1000;
  r.analyses.locks = 4;
  const ContentOptions asked{100000, 100000, 100000, 100000, 100000};
  r.analyses.content = asked;
  const core::Level level = pipeline::rooms_level(r, 1);
  ASSERT_EQ(level.map.cells.size(), (core::Size{814, 752}));
  ASSERT_EQ(level.puzzle.locks.size(), 4u);
  expect_sound_content(level, asked);
  std::map<core::FeatureKind, int> count;
  std::vector<bool> solid(level.map.cells.data().size(), false);
  for (const core::Feature& f : level.content.features) {
    ++count[f.kind];
    if (core::is_obstacle(f.kind))
      solid[static_cast<std::size_t>(f.cell.y * level.map.cells.width() + f.cell.x)] = true;
  }
  EXPECT_EQ(count[core::FeatureKind::Spikes], 0);  // doors end every passage of rooms
  EXPECT_EQ(count[core::FeatureKind::Monster], 100000);
  EXPECT_EQ(count[core::FeatureKind::Chest], 1293);
  EXPECT_EQ(count[core::FeatureKind::Loot], 100000);
  EXPECT_EQ(count[core::FeatureKind::Decor], 261);
  EXPECT_EQ(cells_hash(level), 0xd618aba3c04965bcu);  // the cells placed before, unchanged
  ASSERT_EQ(level.content.notes.size(), 3u);
  EXPECT_EQ(level.content.notes[1],
            "placed 1293 of 100000 chests: chests must go on room floor cells against a wall "
            "where they cut nothing off");
  // Nothing is cut off: the solver reaches every cell it reached before but the obstacles.
  const SolveResult before = solve(level), after = solve(level, -1, &solid);
  for (std::size_t i = 0; i < solid.size(); ++i)
    ASSERT_EQ(after.reached[i], before.reached[i] && !solid[i]) << "cell " << i;
}

}  // namespace
}  // namespace dungen::analysis
